"""The reference server: the driver protocol spoken by the kernel itself.

Run ``python -m kernel.conformance.server`` and type requests, one JSON
object per line (``race-kernel games`` lists the game ids; ``legal`` lists the
actions to send)::

    {"id": 1, "op": "hello", "protocol": 1}
    {"id": 2, "op": "new", "game": "<game-id>", "config": {"players": 2}}
    {"id": 3, "op": "legal"}
    {"id": 4, "op": "apply", "action": <one of the actions listed>}
    {"id": 5, "op": "state"}
    {"id": 6, "op": "load", "state": <a state, as "state" gave it>}

``--plugin MODULE`` (repeatable) imports a game module that registers a game
of its own before serving, like the environment variable
``RACE_KERNEL_PLUGINS`` (see :mod:`kernel.games`): a game under development
or a test-only game is then served like the registered ones.

It shows the protocol in action (spec/PROTOCOL.md) and is the unchanged
implementation the driver's own tests run against. :class:`KernelServer`
is the same thing as a Python :class:`~kernel.conformance.protocol.Handler`.

Every line gets exactly one response, whatever it holds: a line that is not
a request the server reads (not UTF-8, not JSON, nested too deep, a float,
an integer beyond 2**53, longer than the maximum line size) is answered
``{"id": null, "ok": false, "error": ...}`` and the server goes on. It exits
with 0 at ``quit`` or the end of its input, 2 on a usage error (an unknown
argument, a plug-in that cannot be imported).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import IO, Any

import kernel
from kernel.conformance import PROTOCOL_VERSION
from kernel.conformance.canonical import digest as state_digest
from kernel.conformance.canonical import (
    dumps,
    event_to_data,
    fraction_text,
    observation_to_data,
    outcome_to_data,
    state_to_data,
)
from kernel.conformance.protocol import FEATURES, MAX_LINE, OPS, Handler, preview
from kernel.core import Applied, ConfigError, PlainData, Rejected
from kernel.decode import DecodeError, loads, show
from kernel.games import load_plugin

Response = dict[str, PlainData]


class KernelServer:
    """One game at a time, served by the kernel."""

    def __init__(self) -> None:
        self.state: Any = None

    def handle(self, request: Mapping[str, Any]) -> Response:
        rid = request.get("id")
        if isinstance(rid, bool) or not isinstance(rid, int):
            return {"id": None, "ok": False,
                    "error": f"a request needs an integer 'id', not {show(rid)}"}
        op = request.get("op")
        if op not in OPS:
            return {"id": rid, "ok": False,
                    "error": f"unknown op {show(op)}; known: {', '.join(OPS)}"}
        method = getattr(self, "op_" + str(op))
        try:
            body: Response = method(request)
        except _Refused as exc:
            return {"id": rid, "ok": False, "error": str(exc)}
        return {"id": rid, **body}

    # -- operations ---------------------------------------------------------

    def op_hello(self, request: Mapping[str, Any]) -> Response:
        return {"ok": True, "protocol": PROTOCOL_VERSION, "games": list(kernel.games()),
                "features": list(FEATURES)}

    def op_new(self, request: Mapping[str, Any]) -> Response:
        game, config = request.get("game"), request.get("config", {})
        if not isinstance(game, str):
            raise _Refused(f"new needs a string 'game', not {show(game)}")
        try:
            self.state = kernel.new_game(game, config)
        except ConfigError as exc:
            return {"ok": False, "rejected": "KERNEL-CONFIG", "reason": preview(str(exc), 300)}
        return {"ok": True}

    def op_load(self, request: Mapping[str, Any]) -> Response:
        data = request.get("state")
        if not isinstance(data, Mapping):
            raise _Refused(f"load needs a 'state' object, not {show(data)}")
        try:
            self.state = kernel.from_data(data)
        except ValueError as exc:  # DecodeError, InvalidState, an unknown game
            raise _Refused(f"not a state this server reads: {preview(str(exc), 300)}") from None
        return {"ok": True}

    def op_apply(self, request: Mapping[str, Any]) -> Response:
        if "action" not in request:
            raise _Refused("apply needs an 'action'")
        result = kernel.apply(self._state(), request["action"])
        if isinstance(result, Rejected):
            return {"ok": False, "rejected": result.rule, "reason": result.reason}
        assert isinstance(result, Applied)
        self.state = result.state
        return {"ok": True, "events": [event_to_data(e) for e in result.events]}

    def op_digest(self, request: Mapping[str, Any]) -> Response:
        return {"ok": True, "digest": state_digest(self._state())}

    def op_state(self, request: Mapping[str, Any]) -> Response:
        return {"ok": True, "state": state_to_data(self._state())}

    def op_legal(self, request: Mapping[str, Any]) -> Response:
        s = self._state()
        actor = kernel.current_actor(s)
        if actor == kernel.CHANCE:
            outcomes = kernel.chance_outcomes(s)
            return {"ok": True, "actor": actor, "actions": [a.to_data() for a, _ in outcomes],
                    "probabilities": [fraction_text(p) for _, p in outcomes]}
        return {"ok": True, "actor": actor,
                "actions": [a.to_data() for a in kernel.legal_actions(s)]}

    def op_observation(self, request: Mapping[str, Any]) -> Response:
        seat = request.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise _Refused(f"observation needs an integer 'seat', not {show(seat)}")
        try:
            return {"ok": True, "observation": observation_to_data(self._state(), seat)}
        except ValueError as exc:
            raise _Refused(preview(str(exc), 300)) from None

    def op_outcome(self, request: Mapping[str, Any]) -> Response:
        end = kernel.outcome(self._state())
        return {"ok": True, "outcome": None if end is None else outcome_to_data(end)}

    def op_status(self, request: Mapping[str, Any]) -> Response:
        candidate = request.get("candidate")
        if not isinstance(candidate, Mapping):
            raise _Refused("status needs a 'candidate' object")
        try:
            return {"ok": True, "status": list(kernel.status(candidate))}
        except ValueError as exc:  # not a candidate of a known game (ConfigError included)
            raise _Refused(preview(str(exc), 300)) from None

    def op_quit(self, request: Mapping[str, Any]) -> Response:
        return {"ok": True}

    def _state(self) -> Any:
        if self.state is None:
            raise _Refused("no game: send 'new' first")
        return self.state


class _Refused(Exception):
    """A request this server cannot serve (answered with an ``error``)."""


def serve(stdin: IO[str] | IO[bytes], stdout: IO[str], handler: Handler | None = None,
          *, max_line: int = MAX_LINE) -> int:
    """Answer requests line by line until ``quit`` or the end of input; 0.

    ``stdin`` is read as bytes when it offers them (``sys.stdin.buffer``), so
    that input which is not UTF-8 is answered like any other bad line. Lines
    longer than ``max_line`` bytes are skipped (and answered with an error),
    so memory stays bounded.
    """
    server = handler if handler is not None else KernelServer()
    source: IO[Any] = getattr(stdin, "buffer", stdin)
    sink: IO[Any] = getattr(stdout, "buffer", stdout)
    binary = sink is not stdout
    while True:
        raw, too_long = _read_line(source, max_line)
        if raw is None:
            break
        request: PlainData = None
        if too_long:
            response: Response = {"id": None, "ok": False,
                                  "error": f"a request line longer than {max_line} bytes"}
        elif not raw.strip():
            continue
        else:
            response, request = _answer(server, raw)
        text = dumps(response) + "\n"
        if binary:
            stdout.flush()  # whatever was written to the text layer goes first
            sink.write(text.encode("utf-8"))
        else:
            sink.write(text)
        sink.flush()
        if isinstance(request, dict) and request.get("op") == "quit" and response.get("ok"):
            break
    return 0


def _read_line(source: IO[Any], max_line: int) -> tuple[bytes | str | None, bool]:
    """The next line (None at the end of input), and whether it was too long (skipped)."""
    line = source.readline(max_line + 1)
    if not line:
        return None, False
    if len(line) <= max_line or line[-1:] in ("\n", b"\n"):
        return line, False
    while line and line[-1:] not in ("\n", b"\n"):  # skip the rest of the line
        line = source.readline(max_line + 1)
    return line[:0], True


def _answer(server: Handler, raw: bytes | str) -> tuple[Response, PlainData]:
    try:
        request = loads(raw)
    except DecodeError as exc:
        return {"id": None, "ok": False, "error": f"not a request: {exc}"}, None
    if not isinstance(request, dict):
        return {"id": None, "ok": False,
                "error": f"a request is a JSON object, not {show(request)}"}, request
    # The kernel's API never raises on any input (KERNEL-INPUT): an exception
    # here is a bug, and the server crashes with its traceback to show it.
    return dict(server.handle(request)), request


USAGE = "usage: python -m kernel.conformance.server [--plugin MODULE]..."


def main(argv: list[str] | None = None) -> int:
    """``python -m kernel.conformance.server [--plugin MODULE]...``: serve stdin/stdout."""
    args = list(argv or [])
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    while args:
        if args[0] != "--plugin" or len(args) < 2:
            print(f"{USAGE} (got {show(args[0])})", file=sys.stderr)
            return 2
        try:
            load_plugin(args[1])
        except ImportError as exc:
            print(f"python -m kernel.conformance.server: {preview(str(exc), 400)}",
                  file=sys.stderr)
            return 2
        args = args[2:]
    return serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The reference server: the driver protocol spoken by the kernel itself.

Run ``python -m kernel.conformance.server`` and type requests, one JSON
object per line::

    {"id": 1, "op": "new", "game": "camel-up-cards-2016", "config": {"players": 2}}
    {"id": 2, "op": "legal"}
    {"id": 3, "op": "apply", "action": {"kind": "draw", "card": "blue+1"}}

It shows the protocol in action (spec/PROTOCOL.md) and is the unchanged
implementation the driver's own tests run against. :class:`KernelServer`
is the same thing as a Python :class:`~kernel.conformance.protocol.Handler`.
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
    loads,
    observation_to_data,
    outcome_to_data,
    state_to_data,
)
from kernel.conformance.protocol import FEATURES, OPS
from kernel.core import Applied, ConfigError, PlainData, Rejected

Response = dict[str, PlainData]


class KernelServer:
    """One game at a time, served by the kernel."""

    def __init__(self) -> None:
        self.state: Any = None

    def handle(self, request: Mapping[str, Any]) -> Response:
        rid = request.get("id")
        op = request.get("op")
        if op not in OPS:
            return {"id": rid, "ok": False, "error": f"unknown op {op!r}; known: {', '.join(OPS)}"}
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
        try:
            self.state = kernel.new_game(str(game), config)
        except ConfigError as exc:
            return {"ok": False, "rejected": "KERNEL-CONFIG", "reason": str(exc)}
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
            raise _Refused(f"observation needs an integer 'seat', not {seat!r}")
        try:
            return {"ok": True, "observation": observation_to_data(self._state(), seat)}
        except ValueError as exc:
            raise _Refused(str(exc)) from None

    def op_outcome(self, request: Mapping[str, Any]) -> Response:
        end = kernel.outcome(self._state())
        return {"ok": True, "outcome": None if end is None else outcome_to_data(end)}

    def op_status(self, request: Mapping[str, Any]) -> Response:
        candidate = request.get("candidate")
        if not isinstance(candidate, Mapping):
            raise _Refused("status needs a 'candidate' object")
        try:
            return {"ok": True, "status": list(kernel.status(candidate))}
        except ConfigError as exc:
            raise _Refused(str(exc)) from None

    def op_quit(self, request: Mapping[str, Any]) -> Response:
        return {"ok": True}

    def _state(self) -> Any:
        if self.state is None:
            raise _Refused("no game: send 'new' first")
        return self.state


class _Refused(Exception):
    """A request this server cannot serve (answered with an ``error``)."""


def serve(stdin: IO[str], stdout: IO[str], handler: KernelServer | None = None) -> int:
    """Answer requests line by line until ``quit`` or the end of input."""
    server = handler if handler is not None else KernelServer()
    for raw in stdin:
        if not raw.strip():
            continue
        request: PlainData = None
        try:
            request = loads(raw)
        except ValueError as exc:
            response: Response = {"id": None, "ok": False, "error": f"not JSON: {exc}"}
        else:
            if isinstance(request, dict):
                response = server.handle(request)
            else:
                response = {"id": None, "ok": False, "error": "a request is a JSON object"}
        stdout.write(dumps(response) + "\n")
        stdout.flush()
        if isinstance(request, dict) and request.get("op") == "quit":
            break
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m kernel.conformance.server``: serve stdin/stdout."""
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    return serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

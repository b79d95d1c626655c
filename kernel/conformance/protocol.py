"""The driver protocol (spec/PROTOCOL.md, "Driver protocol") and its clients.

The driver sends one JSON object per line on the implementation's stdin and
reads one JSON object per line from its stdout, strictly request/response:

    {"id": 1, "op": "hello", "protocol": 1}
    {"id": 1, "ok": true, "protocol": 1, "games": [...], "features": [...]}

Operations: ``hello``, ``new`` (game and config), ``apply`` (an action as
plain data, or any JSON value to test rejections), ``digest``, ``state``,
``legal`` (actor, actions and, at chance nodes, probabilities),
``observation`` (a seat), ``outcome``, ``status`` (a candidate state),
``quit``. A refused ``new`` or ``apply`` answers ``{"ok": false,
"rejected": RULE-ID, "reason": ...}``; a request the program cannot serve
answers ``{"ok": false, "error": ...}``.

A :class:`Peer` is the driver's end: :class:`SubprocessPeer` runs a program
(with a per-request timeout, so a program that hangs is reported, never
waited for), :class:`InProcessPeer` calls a Python object's ``handle``.
Both check every response's shape: a program that crashes, hangs or prints
garbage raises :class:`PeerFailure` with a clear message.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import tempfile
import threading
import traceback
from collections.abc import Mapping, Sequence
from typing import IO, Any, Final, Protocol

from kernel.conformance import PROTOCOL_VERSION
from kernel.conformance.canonical import dumps, fraction_from_text, loads
from kernel.core import PlainData

OPS: Final = ("hello", "new", "apply", "digest", "state", "legal", "observation", "outcome",
              "status", "quit")
#: Optional operations a program announces in its ``hello`` features.
FEATURES: Final = ("state", "observation", "status")
#: The operations every program must serve.
REQUIRED_OPS: Final = ("hello", "new", "apply", "digest", "legal", "outcome", "quit")

Response = dict[str, PlainData]


class PeerFailure(Exception):
    """The implementation under test failed as a program, not as a game.

    ``kind`` is ``crash`` (exited or closed its output), ``hang`` (no response
    within the timeout), ``garbage`` (a response that is not JSON or not of
    the documented shape) or ``error`` (it answered a valid request with an
    ``error`` response).
    """

    def __init__(self, kind: str, message: str, detail: str = "") -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message
        self.detail = detail

    def text(self) -> str:
        head = {
            "crash": "the program crashed",
            "hang": "the program hung",
            "garbage": "the program printed garbage",
            "error": "the program refused a valid request",
        }.get(self.kind, self.kind)
        out = f"{head}: {self.message}"
        if self.detail:
            out += "\n" + "\n".join("  | " + ln for ln in self.detail.rstrip().splitlines())
        return out


class Handler(Protocol):
    """A Python implementation of the protocol: one request in, one response out."""

    def handle(self, request: Mapping[str, Any]) -> Mapping[str, Any]: ...


class Peer(Protocol):
    """The driver's end of the protocol."""

    @property
    def features(self) -> frozenset[str]:
        """The optional operations the implementation announced (after :meth:`start`)."""

    @property
    def alive(self) -> bool:
        """Can requests be sent without a (re)start?"""

    def start(self) -> None:
        """(Re)start the implementation and say hello (PeerFailure when it fails)."""

    def request(self, op: str, **fields: PlainData) -> Response:
        """Send one request; the well-formed response (PeerFailure otherwise)."""

    def close(self) -> None: ...


# --------------------------------------------------------------------------
# response shapes


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_str_list(x: object) -> bool:
    return isinstance(x, list) and all(isinstance(v, str) for v in x)


def response_problem(request: Mapping[str, PlainData], response: object) -> str | None:
    """What is wrong with ``response`` to ``request`` (None when well formed)."""
    if not isinstance(response, dict):
        return f"a response must be a JSON object, not {type(response).__name__}"
    if response.get("id") != request.get("id"):
        return f"response id {response.get('id')!r} does not answer request id {request['id']!r}"
    ok = response.get("ok")
    if not isinstance(ok, bool):
        return "a response needs a boolean 'ok'"
    op = request.get("op")
    if not ok:
        if isinstance(response.get("error"), str):
            return None
        if op in ("new", "apply") and isinstance(response.get("rejected"), str):
            return None
        return "a refusal needs 'rejected' (a rule ID; new and apply only) or 'error' (text)"
    if op == "hello":
        if not _is_int(response.get("protocol")):
            return "hello: 'protocol' must be an integer"
        if not _is_str_list(response.get("games")) or not _is_str_list(response.get("features")):
            return "hello: 'games' and 'features' must be lists of strings"
    elif op == "apply":
        events = response.get("events")
        if not isinstance(events, list) or not all(
            isinstance(e, dict) and isinstance(e.get("event"), str) and _is_str_list(e.get("rules"))
            for e in events
        ):
            return "apply: 'events' must be a list of objects with 'event' and 'rules'"
    elif op == "digest":
        d = response.get("digest")
        if not (isinstance(d, str) and len(d) == 64 and all(c in "0123456789abcdef" for c in d)):
            return "digest: 'digest' must be 64 lowercase hex digits"
    elif op in ("state", "observation"):
        if not isinstance(response.get(op), dict):
            return f"{op}: '{op}' must be an object"
    elif op == "legal":
        return _legal_problem(response)
    elif op == "outcome":
        if "outcome" not in response or not isinstance(response["outcome"], dict | None):
            return "outcome: 'outcome' must be an object or null"
    elif op == "status" and not _is_str_list(response.get("status")):
        return "status: 'status' must be a list of rule IDs"
    return None


def _legal_problem(response: Response) -> str | None:
    actor, actions = response.get("actor"), response.get("actions")
    if not _is_int(actor) or not isinstance(actions, list):
        return "legal: 'actor' must be an integer and 'actions' a list"
    if actor == -1:
        probs = response.get("probabilities")
        if not isinstance(probs, list) or not _is_str_list(probs) or len(probs) != len(actions):
            return "legal: at a chance node 'probabilities' must list one 'n/d' per action"
        try:
            for p in probs:
                fraction_from_text(p)
        except ValueError as exc:
            return f"legal: {exc}"
    return None


# --------------------------------------------------------------------------
# in-process


class InProcessPeer:
    """A Python :class:`Handler` as a peer; requests and responses pass through JSON."""

    def __init__(self, handler: Handler) -> None:
        self.handler = handler
        self._next = 0
        self._features: frozenset[str] = frozenset()

    @property
    def features(self) -> frozenset[str]:
        return self._features

    @property
    def alive(self) -> bool:
        return True

    def start(self) -> None:
        hello = self.request("hello", protocol=PROTOCOL_VERSION)
        if not hello.get("ok"):
            raise PeerFailure("error", f"hello refused: {hello.get('error')}")

    def request(self, op: str, **fields: PlainData) -> Response:
        self._next += 1
        req: Response = {"id": self._next, "op": op, **fields}
        try:
            raw = self.handler.handle(json.loads(dumps(req)))
        except Exception as exc:
            raise PeerFailure("crash", f"handle() raised {type(exc).__name__}: {exc}",
                              traceback.format_exc()) from None
        try:
            resp = loads(json.dumps(raw))
        except (TypeError, ValueError) as exc:
            raise PeerFailure("garbage", f"response to {op!r} is not JSON data: {exc}") from None
        problem = response_problem(req, resp)
        if problem:
            raise PeerFailure("garbage", problem, dumps(resp)[:500])
        assert isinstance(resp, dict)
        if op == "hello" and resp.get("ok"):
            self._features = frozenset(str(f) for f in resp.get("features", []))
        return resp

    def close(self) -> None:
        return None


# --------------------------------------------------------------------------
# subprocess


_EOF: Final = b""


class SubprocessPeer:
    """A program run as a subprocess, spoken to over stdin/stdout.

    Every response must arrive within ``timeout`` seconds (``startup_timeout``
    for the first, which includes the program's start-up). The program is
    killed (its whole process group) on a hang and when closed.
    """

    def __init__(self, command: Sequence[str], *, timeout: float = 5.0,
                 startup_timeout: float = 10.0) -> None:
        if not command:
            raise ValueError("no command to run")
        self.command = list(command)
        self.timeout = timeout
        self.startup_timeout = startup_timeout
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes] = queue.Queue()
        self._stderr: IO[bytes] | None = None
        self._next = 0
        self._answered = 0
        self._features: frozenset[str] = frozenset()
        self.starts = 0

    @property
    def features(self) -> frozenset[str]:
        return self._features

    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> None:
        """Start (or restart) the program and say hello."""
        self.close()
        self._stderr = tempfile.TemporaryFile()
        try:
            self._proc = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=self._stderr, start_new_session=True,
            )
        except OSError as exc:
            raise PeerFailure("crash", f"cannot start {' '.join(self.command)}: {exc}") from None
        self.starts += 1
        self._answered = 0
        lines: queue.Queue[bytes] = queue.Queue()
        self._lines = lines
        stdout = self._proc.stdout
        assert stdout is not None
        threading.Thread(target=_pump, args=(stdout, lines), daemon=True).start()
        hello = self.request("hello", protocol=PROTOCOL_VERSION)
        if not hello.get("ok"):
            raise PeerFailure("error", f"hello refused: {hello.get('error')}")
        if hello.get("protocol") != PROTOCOL_VERSION:
            raise PeerFailure("error", f"the program speaks protocol {hello.get('protocol')}, "
                                       f"the driver speaks {PROTOCOL_VERSION}")
        self._features = frozenset(str(f) for f in hello.get("features", []))

    def stderr_tail(self, limit: int = 2000) -> str:
        if self._stderr is None:
            return ""
        try:
            self._stderr.seek(0, os.SEEK_END)
            size = self._stderr.tell()
            self._stderr.seek(max(0, size - limit))
            return self._stderr.read().decode("utf-8", "replace")
        except (OSError, ValueError):
            return ""

    def request(self, op: str, **fields: PlainData) -> Response:
        if self._proc is None:
            self.start()
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        self._next += 1
        req: Response = {"id": self._next, "op": op, **fields}
        try:
            proc.stdin.write(dumps(req).encode("ascii") + b"\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self._crashed(op) from None
        wait = self.startup_timeout if self._answered == 0 else self.timeout
        try:
            raw = self._lines.get(timeout=wait)
        except queue.Empty:
            self._kill()
            raise PeerFailure("hang", f"no response to {op!r} within {wait:g} s "
                                      f"(the program was killed)", self.stderr_tail()) from None
        if raw == _EOF:
            raise self._crashed(op)
        self._answered += 1
        text = raw.decode("utf-8", "replace").strip()
        try:
            resp = loads(text)
        except ValueError as exc:
            self._kill()
            raise PeerFailure("garbage", f"response to {op!r} is not JSON ({exc})",
                              text[:500]) from None
        problem = response_problem(req, resp)
        if problem:
            self._kill()
            raise PeerFailure("garbage", f"response to {op!r}: {problem}", text[:500])
        assert isinstance(resp, dict)
        return resp

    def _crashed(self, op: str) -> PeerFailure:
        proc = self._proc
        code: int | None = None
        if proc is not None:
            try:
                code = proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self._kill()
        how = f"exited with code {code}" if code is not None else "closed its output"
        failure = PeerFailure("crash", f"{how} while answering {op!r}", self.stderr_tail())
        self._proc = None
        return failure

    def _kill(self) -> None:
        proc = self._proc
        self._proc = None
        if proc is None:
            return
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                proc.kill()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass

    def close(self) -> None:
        """Ask the program to quit, then make sure it is gone."""
        proc = self._proc
        if proc is not None and proc.poll() is None and proc.stdin is not None:
            try:
                self._next += 1
                proc.stdin.write(dumps({"id": self._next, "op": "quit"}).encode("ascii") + b"\n")
                proc.stdin.flush()
                proc.wait(timeout=min(self.timeout, 2.0))
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
        self._kill()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None


def _pump(stream: IO[bytes], lines: queue.Queue[bytes]) -> None:
    try:
        for raw in iter(stream.readline, b""):
            lines.put(raw)
    except (OSError, ValueError):
        pass
    lines.put(_EOF)

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

Responses are read strictly (:func:`decode_response`, with
:func:`kernel.decode.loads`): UTF-8 JSON objects, integers within
+-(2**53 - 1), no floats, NaN or infinities, at most 64 levels deep. A
response line may be at most :data:`MAX_LINE` bytes (16 MiB) long: the
driver's memory stays bounded whatever the program writes.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import time
import traceback
from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol

from kernel.conformance import PROTOCOL_VERSION
from kernel.conformance.canonical import dumps, fraction_from_text
from kernel.conformance.levels import KNOWN, provided
from kernel.core import PlainData
from kernel.decode import DecodeError, loads, show

#: The longest response line the driver reads (bytes, without the newline); a
#: longer one is reported as garbage and the program killed.
MAX_LINE: Final = 16 * 1024 * 1024
#: How much of a program's stderr is kept to show when it fails (bytes).
STDERR_TAIL: Final = 64 * 1024
#: How much of a bad response is shown in a report (bytes).
PREVIEW: Final = 500

OPS: Final = ("hello", "new", "load", "apply", "digest", "state", "legal", "observation",
              "outcome", "status", "quit")
#: Everything a program may announce in its ``hello`` features: the comparison levels
#: it provides and the optional requests it serves (:mod:`kernel.conformance.levels`).
FEATURES: Final = KNOWN
#: The operations every program must serve.
REQUIRED_OPS: Final = ("hello", "new", "apply", "quit")

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

    def batch(self, requests: Sequence[tuple[str, Mapping[str, PlainData]]]) -> list[Response]:
        """Send several requests at once (pipelined); their responses, in order."""

    def close(self) -> None: ...


# --------------------------------------------------------------------------
# response shapes


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_str_list(x: object) -> bool:
    return isinstance(x, list) and all(isinstance(v, str) for v in x)


_HEX: Final = frozenset("0123456789abcdef")


def response_problem(request: Mapping[str, PlainData], response: object) -> str | None:
    """What is wrong with ``response`` to ``request`` (None when well formed).

    The message is bounded: values are described with :func:`kernel.decode.show`.

    >>> response_problem({"id": 1, "op": "digest"}, {"id": True, "ok": True})
    'response id true does not answer request id 1'
    """
    if not isinstance(response, dict):
        return f"a response must be a JSON object, not {show(response)}"
    rid = response.get("id")
    if not _is_int(rid) or rid != request.get("id"):
        return (f"response id {show(rid)} does not answer request id "
                f"{show(request.get('id'))}")
    ok = response.get("ok")
    if not isinstance(ok, bool):
        return "a response needs a boolean 'ok'"
    op = request.get("op")
    if not ok:
        if isinstance(response.get("error"), str):
            return None
        if op in ("new", "load", "apply") and isinstance(response.get("rejected"), str):
            return None
        return ("a refusal needs 'rejected' (a rule ID; new, load and apply only) or 'error' "
                "(text)")
    if op == "hello":
        if not _is_int(response.get("protocol")):
            return "hello: 'protocol' must be an integer"
        if not _is_str_list(response.get("games")) or not _is_str_list(response.get("features")):
            return "hello: 'games' and 'features' must be lists of strings"
    elif op == "apply":
        if "events" not in response:  # a program that does not provide events
            return None
        events = response.get("events")
        if not isinstance(events, list) or not all(
            isinstance(e, dict) and isinstance(e.get("event"), str) and _is_str_list(e.get("rules"))
            for e in events
        ):
            return "apply: 'events' must be a list of objects with 'event' and 'rules'"
    elif op == "digest":
        d = response.get("digest")
        if not (isinstance(d, str) and len(d) == 64 and set(d) <= _HEX):
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
        for p in probs:
            assert isinstance(p, str)
            if len(p) > 40:
                return f"legal: not a fraction 'n/d': {show(p)}"
            try:
                fraction_from_text(p)
            except ValueError:
                return f"legal: not a fraction 'n/d': {show(p)}"
    return None


def preview(raw: bytes | str, limit: int = PREVIEW) -> str:
    """At most ``limit`` bytes of a response, as text, to show in a report."""
    data = raw.encode("utf-8", "replace") if isinstance(raw, str) else raw
    text = data[:limit].decode("utf-8", "replace")
    return text + (f"... ({len(data)} bytes)" if len(data) > limit else "")


def decode_response(request: Mapping[str, PlainData], raw: bytes | str) -> Response:
    """The response to ``request`` in the line ``raw``, read strictly.

    Raises :class:`PeerFailure` (``garbage``) when it is not JSON the driver
    reads (:func:`kernel.decode.loads`) or not of the documented shape.

    >>> decode_response({"id": 1, "op": "digest"}, b'{"id": 1, "ok": false, "error": "no"}')
    {'id': 1, 'ok': False, 'error': 'no'}
    >>> decode_response({"id": 1, "op": "quit"}, b'{"id": 1, "ok": NaN}')
    Traceback (most recent call last):
    ...
    kernel.conformance.protocol.PeerFailure: garbage: response to 'quit' is not JSON the driver reads ($: not a JSON value the kernel reads (NaN))
    """  # noqa: E501
    op = show(request.get("op"))
    try:
        resp = loads(raw)
    except DecodeError as exc:
        raise PeerFailure("garbage", f"response to {op} is not JSON the driver reads ({exc})",
                          preview(raw)) from None
    problem = response_problem(request, resp)
    if problem:
        raise PeerFailure("garbage", f"response to {op}: {problem}", preview(raw))
    assert isinstance(resp, dict)
    return resp


# --------------------------------------------------------------------------
# in-process


class InProcessPeer:
    """A Python :class:`Handler` as a peer; requests and responses pass through JSON."""

    def __init__(self, handler: Handler) -> None:
        self.handler = handler
        self._next = 0
        self._features: frozenset[str] = frozenset()
        self._started = False
        #: The games the implementation said it plays (after :meth:`start`).
        self.games: tuple[str, ...] = ()

    @property
    def features(self) -> frozenset[str]:
        return self._features

    @property
    def alive(self) -> bool:
        """Has hello been said (the handler object itself never stops)?"""
        return self._started

    def start(self) -> None:
        self._started = True
        hello = self.request("hello", protocol=PROTOCOL_VERSION)
        if not hello.get("ok"):
            raise PeerFailure("error", f"hello refused: {show(hello.get('error'))}")

    def request(self, op: str, **fields: PlainData) -> Response:
        self._next += 1
        req: Response = {"id": self._next, "op": op, **fields}
        try:
            raw = self.handler.handle(json.loads(dumps(req)))
        except Exception as exc:  # the implementation under test failed, not the kernel
            raise PeerFailure("crash", f"handle() raised {type(exc).__name__}: "
                                       f"{preview(str(exc), 300)}",
                              traceback.format_exc()[-2000:]) from None
        try:
            text = json.dumps(raw)
        except (TypeError, ValueError, RecursionError) as exc:
            raise PeerFailure("garbage", f"response to {op!r} is not JSON data "
                                         f"({type(exc).__name__})") from None
        resp = decode_response(req, text)
        if op == "hello" and resp.get("ok"):
            self._features = provided(str(f) for f in resp.get("features", []))
            self.games = tuple(str(g) for g in resp.get("games", []))
        return resp

    def batch(self, requests: Sequence[tuple[str, Mapping[str, PlainData]]]) -> list[Response]:
        return [self.request(op, **fields) for op, fields in requests]

    def close(self) -> None:
        return None


# --------------------------------------------------------------------------
# a bounded line reader


class LineTooLong(ValueError):
    """A line longer than the maximum line size."""


class LineBuffer:
    """Bytes in, complete lines out; never holds a line longer than ``max_line``.

    >>> buffer = LineBuffer(max_line=5)
    >>> buffer.feed(b'ab\\ncd')
    >>> buffer.pop(), buffer.pop()
    (b'ab', None)
    >>> buffer.feed(b'efgh')
    >>> buffer.pop()
    Traceback (most recent call last):
    ...
    kernel.conformance.protocol.LineTooLong: a line longer than 5 bytes
    """

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self.max_line = max_line
        self._data = bytearray()
        self._scanned = 0  # bytes at the start known to hold no newline
        #: The most bytes ever held at once.
        self.peak = 0

    def __len__(self) -> int:
        return len(self._data)

    @property
    def full(self) -> bool:
        """Holds more than a line's worth without a newline: :meth:`pop` will raise."""
        return len(self._data) > self.max_line

    def feed(self, chunk: bytes) -> None:
        self._data += chunk
        self.peak = max(self.peak, len(self._data))

    def pop(self) -> bytes | None:
        """The next complete line without its ``\\n``; None when none is complete yet.

        Raises :class:`LineTooLong` when the line being read is longer than
        ``max_line`` bytes.
        """
        end = self._data.find(b"\n", self._scanned, self.max_line + 1)
        if end < 0:
            if len(self._data) > self.max_line:
                raise LineTooLong(f"a line longer than {self.max_line} bytes")
            self._scanned = len(self._data)
            return None
        line = bytes(self._data[:end])
        del self._data[:end + 1]
        self._scanned = 0
        return line


# --------------------------------------------------------------------------
# subprocess


#: How often a waiting driver checks that the program is still running (seconds).
_POLL: Final = 0.05
#: The bytes read at once from a program's output.
_CHUNK: Final = 64 * 1024


def command_text(command: Sequence[str], limit: int = 200) -> str:
    """A command line to show in a message (bounded)."""
    text = " ".join(command)
    return text if len(text) <= limit else text[:limit] + "..."


def _exited(proc: subprocess.Popen[bytes]) -> bool:
    """Has ``proc`` exited? Does not reap it where the system allows.

    An unreaped child keeps its pid, and so its process group's id, from
    being reused: the group can still be killed safely after it exited.
    """
    if proc.returncode is not None:
        return True
    waitid = getattr(os, "waitid", None)
    if waitid is None:  # pragma: no cover - not on Linux or macOS
        return proc.poll() is not None
    try:
        return waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:  # reaped already
        return proc.poll() is not None


def _wait_exited(proc: subprocess.Popen[bytes], seconds: float) -> bool:
    """Wait at most ``seconds`` for ``proc`` to exit, without reaping it."""
    end = time.monotonic() + seconds
    while not _exited(proc):
        if time.monotonic() >= end:
            return False
        time.sleep(0.01)
    return True


def _held_open(fd: int, grace: float = 0.3) -> bool:
    """Is the write end of the pipe read by ``fd`` still open somewhere?

    Reads (and drops) what is left until the end of the pipe, for at most
    ``grace`` seconds: killed processes close their ends as they die.
    """
    end = time.monotonic() + grace
    while True:
        try:
            if not os.read(fd, _CHUNK):
                return False
        except BlockingIOError:
            if time.monotonic() >= end:
                return True
            time.sleep(0.01)
        except OSError:
            return False


def _holders(fd: int) -> list[int]:
    """The pids of other processes that hold the pipe ``fd`` reads (Linux's /proc; else [])."""
    try:
        pipe = os.readlink(f"/proc/self/fd/{fd}")
        pids = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
    except OSError:
        return []
    found = []
    for pid in pids:
        if pid == os.getpid():
            continue
        try:
            links = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for link in links:
            try:
                if os.readlink(f"/proc/{pid}/fd/{link}") == pipe:
                    found.append(pid)
                    break
            except OSError:
                continue
    return found


class SubprocessPeer:
    """A program run as a subprocess, spoken to over stdin/stdout.

    Every response must arrive within ``timeout`` seconds (``startup_timeout``
    for the first, which includes the program's start-up), in a line of at
    most ``max_line`` bytes. The program runs in its own process group
    (session); the whole group is killed with SIGKILL on a hang, on garbage,
    when the program exits (a child it left behind holding its output open
    included) and on :meth:`close`. No thread and no lock: the pipes are read
    without blocking, so nothing ever waits on a process that does not let
    go of them.
    """

    def __init__(self, command: Sequence[str], *, timeout: float = 5.0,
                 startup_timeout: float = 10.0, max_line: int = MAX_LINE) -> None:
        if not command:
            raise ValueError("no command to run")
        self.command = list(command)
        self.timeout = timeout
        self.startup_timeout = startup_timeout
        self.max_line = max_line
        self._proc: subprocess.Popen[bytes] | None = None
        self._selector: selectors.BaseSelector | None = None
        self._out = LineBuffer(max_line)
        self._out_eof = False
        self._stderr = bytearray()
        self._next = 0
        self._answered = 0
        self._features: frozenset[str] = frozenset()
        #: What the last kill did not reach, for reports (see :meth:`_kill`).
        self._escaped = ""
        #: The games the program said it plays (after :meth:`start`).
        self.games: tuple[str, ...] = ()
        self.starts = 0
        #: The most bytes of output the driver ever held at once (bounded by max_line).
        self.peak_buffer = 0

    @property
    def features(self) -> frozenset[str]:
        return self._features

    @property
    def alive(self) -> bool:
        return self._proc is not None and not _exited(self._proc)

    def start(self) -> None:
        """Start (or restart) the program and say hello."""
        self.close()
        self._stderr = bytearray()
        self._out = LineBuffer(self.max_line)
        self._out_eof = False
        try:
            proc = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, start_new_session=True,
            )
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the command
            raise PeerFailure("crash", f"cannot start {command_text(self.command)}: "
                                       f"{preview(str(exc), 300)}") from None
        self._proc = proc
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        selector = selectors.DefaultSelector()
        for stream, name in ((proc.stdout, "out"), (proc.stderr, "err")):
            os.set_blocking(stream.fileno(), False)
            selector.register(stream.fileno(), selectors.EVENT_READ, name)
        os.set_blocking(proc.stdin.fileno(), False)
        self._selector = selector
        self.starts += 1
        self._answered = 0
        self._hello()

    def _hello(self) -> None:
        """The first exchange with a started program (a protocol of its own overrides it)."""
        hello = self.request("hello", protocol=PROTOCOL_VERSION)
        if not hello.get("ok"):
            self._kill()
            raise PeerFailure("error", f"hello refused: {show(hello.get('error'))}")
        if hello.get("protocol") != PROTOCOL_VERSION:
            self._kill()
            raise PeerFailure("error", f"the program speaks protocol "
                                       f"{show(hello.get('protocol'))}, the driver speaks "
                                       f"{PROTOCOL_VERSION}")
        self._features = provided(str(f) for f in hello.get("features", []))
        self.games = tuple(str(g) for g in hello.get("games", []))

    def stderr_tail(self, limit: int = 2000) -> str:
        """The end of what the program wrote to stderr (at most ``limit`` bytes)."""
        return bytes(self._stderr[-limit:]).decode("utf-8", "replace")

    def batch(self, requests: Sequence[tuple[str, Mapping[str, PlainData]]]) -> list[Response]:
        """Write every request at once, then read the responses in order: the program
        works on the next request while the driver checks the last response."""
        if self._proc is None:
            self.start()
        if len(requests) <= 1 or self._answered == 0:
            return [self.request(op, **fields) for op, fields in requests]
        sent: list[Response] = []
        data = bytearray()
        for op, fields in requests:
            self._next += 1
            req: Response = {"id": self._next, "op": op, **fields}
            sent.append(req)
            data += (dumps(req) + "\n").encode("utf-8")
        deadline = time.monotonic() + self.timeout
        self._send(bytes(data), str(sent[0]["op"]), self.timeout, deadline)
        out: list[Response] = []
        for req in sent:
            deadline = time.monotonic() + self.timeout
            raw = self._receive(str(req["op"]), self.timeout, deadline)
            self._answered += 1
            try:
                out.append(self._decode(req, raw))
            except PeerFailure:
                self._kill()
                raise
        return out

    def request(self, op: str, **fields: PlainData) -> Response:
        if self._proc is None:
            self.start()
        self._next += 1
        req: Response = {"id": self._next, "op": op, **fields}
        wait = self.startup_timeout if self._answered == 0 else self.timeout
        deadline = time.monotonic() + wait
        self._send((dumps(req) + "\n").encode("utf-8"), op, wait, deadline)
        raw = self._receive(op, wait, deadline)
        self._answered += 1
        try:
            return self._decode(req, raw)
        except PeerFailure:
            self._kill()
            raise

    def _decode(self, request: Mapping[str, PlainData], raw: bytes) -> Response:
        """The response to ``request`` in ``raw`` (PeerFailure ``garbage`` otherwise); a
        protocol of its own (the bots' protocol, :mod:`kernel.bots.foreign`) overrides it."""
        return decode_response(request, raw)

    # -- the pipes -----------------------------------------------------------

    def _send(self, data: bytes, op: str, wait: float, deadline: float) -> None:
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        fd = proc.stdin.fileno()
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(fd, view):]
                continue
            except BlockingIOError:
                pass
            except OSError:  # BrokenPipeError: the program is gone or closed its input
                raise self._crashed(op) from None
            if _exited(proc):
                raise self._crashed(op)
            if time.monotonic() >= deadline:
                raise self._hung(f"the program did not read the request {op!r} within "
                                 f"{wait:g} s")
            self._pump(min(_POLL, max(0.0, deadline - time.monotonic())))

    def _receive(self, op: str, wait: float, deadline: float) -> bytes:
        proc = self._proc
        assert proc is not None
        while True:
            try:
                line = self._out.pop()
            except LineTooLong:
                tail = self.stderr_tail()
                self._kill()
                raise PeerFailure(
                    "garbage", f"the response to {op!r} is longer than {self.max_line} bytes, "
                               f"the maximum line size (the program was killed"
                               f"{self._escaped})", tail) from None
            if line is not None:
                return line
            if self._out_eof:
                raise self._crashed(op)
            if time.monotonic() >= deadline:
                raise self._hung(f"no response to {op!r} within {wait:g} s")
            if _exited(proc) and not self._pump(0.0):
                # It exited and all it wrote has been read. Whatever still holds its
                # output open (a process it started) is not the program.
                raise self._crashed(op, orphaned=True)
            self._pump(min(_POLL, max(0.0, deadline - time.monotonic())))

    def _pump(self, seconds: float) -> bool:
        """Read what the program wrote, waiting at most ``seconds``; did stdout move?"""
        selector = self._selector
        if selector is None or not selector.get_map():
            time.sleep(seconds)
            return False
        moved = False
        for key, _ in selector.select(seconds):
            if key.data == "out" and self._out.full:
                continue  # pop() reports it; read no more
            try:
                chunk = os.read(key.fd, _CHUNK)
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""
            if key.data == "out":
                moved = True
                if chunk:
                    self._out.feed(chunk)
                    self.peak_buffer = max(self.peak_buffer, self._out.peak)
                else:
                    self._out_eof = True
                    selector.unregister(key.fd)
            elif chunk:
                self._stderr += chunk
                del self._stderr[:-STDERR_TAIL]
            else:
                selector.unregister(key.fd)
        return moved

    # -- failures ------------------------------------------------------------

    def _hung(self, message: str) -> PeerFailure:
        self._pump(0.0)
        tail = self.stderr_tail()
        self._kill()
        return PeerFailure("hang", f"{message} (the program and its process group were "
                                   f"killed{self._escaped})", tail)

    def _crashed(self, op: str, *, orphaned: bool = False) -> PeerFailure:
        proc = self._proc
        exited = False
        if proc is not None:
            # closed its output: give it a moment to exit, reading its last words
            end = time.monotonic() + min(self.timeout, 1.0)
            while not (exited := _exited(proc)) and time.monotonic() < end:
                self._pump(_POLL)
        self._pump(0.0)
        tail = self.stderr_tail()
        self._kill()
        code = proc.returncode if proc is not None and exited else None
        if code is None:
            how = "closed its output"
        elif code < 0:
            how = f"was killed by signal {-code}"
        else:
            how = f"exited with code {code}"
        if orphaned:
            how += (f" (a process it started still held its output open; the process group "
                    f"was killed{self._escaped})")
        return PeerFailure("crash", f"{how} while answering {op!r}", tail)

    def _kill(self) -> None:
        """Kill the program's whole process group and release the pipes; never blocks long.

        What it did not reach is kept in ``_escaped`` for the report: a process
        outside the group (one that left it for a session of its own) that still
        held the program's output open, which was not killed.
        """
        proc, selector = self._proc, self._selector
        self._proc, self._selector = None, None
        if proc is None:
            return
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # the group outlives its leader
        except OSError:  # ProcessLookupError: nothing left in the group
            if proc.returncode is None:
                try:
                    proc.kill()
                except OSError:
                    pass
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL cannot be ignored
            pass
        self._escaped = ""
        if proc.stdout is not None and _held_open(proc.stdout.fileno()):
            pids = _holders(proc.stdout.fileno())
            who = (f"process{'es' if len(pids) > 1 else ''} "
                   f"{', '.join(map(str, pids[:5]))}" if pids else "a process")
            self._escaped = (f"; {who} outside the group (in a session of its own) still "
                             f"held its output open and {'were' if len(pids) > 1 else 'was'} "
                             f"not killed")
        if selector is not None:
            selector.close()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass

    def close(self) -> None:
        """Ask the program to quit, give it a moment, then kill what is left of its group."""
        proc = self._proc
        if proc is not None and not _exited(proc) and proc.stdin is not None:
            self._next += 1
            quit_line = (dumps({"id": self._next, "op": "quit"}) + "\n").encode("utf-8")
            try:
                os.write(proc.stdin.fileno(), quit_line)
            except OSError:
                pass
            else:
                _wait_exited(proc, min(self.timeout, 2.0))
        self._kill()

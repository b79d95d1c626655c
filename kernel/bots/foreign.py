"""Foreign bots: any program speaking the bot protocol (spec/BOTS.md) on stdin/stdout.

The program runs as the conformance kit runs an implementation under test
(:class:`kernel.conformance.protocol.SubprocessPeer`): in a process group of
its own, its output read without blocking in lines of at most
:data:`MAX_LINE` bytes, every answer within the per-move time limit, the whole
group killed with SIGKILL on a hang, on garbage, when it exits (a process it
started still holding its output included) and at the end of the match. Only
the messages differ: :class:`BotProcess` says the bot protocol's ``hello``
and reads its answers strictly.

Failures never reach the referee as exceptions other than
:class:`kernel.bots.BotFailure`: a late answer is ``late``, a line that is not
a well-formed answer (or too long) ``malformed``, an exit ``crash``, an
``error`` answer ``refused``, an action id that is not legal ``illegal`` (the
referee's check); after a ``late``, ``malformed`` or ``crash`` the program was
killed and is started again for the seat's next move (its next ``act`` carries
the whole history), at most :data:`RESTARTS` times a match; then the seat
forfeits every remaining move as ``gone``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from kernel.bots.base import BotFailure, Seat
from kernel.bots.view import View
from kernel.conformance.protocol import (
    PeerFailure,
    Response,
    SubprocessPeer,
    command_text,
    preview,
)
from kernel.core import PlainData
from kernel.decode import DecodeError, loads, show

#: The bot protocol's version (spec/BOTS.md, bot.schema.json).
BOT_PROTOCOL: Final = 1
#: The longest answer line read (bytes, without the newline).
MAX_LINE: Final = 64 * 1024
#: Starts after the first a program gets in one match.
RESTARTS: Final = 2
#: The time a program has to start and answer ``hello`` (seconds).
STARTUP_TIME: Final = 10.0

#: What a failure of the program as a program is called in a forfeit.
_KIND: Final = {"hang": "late", "garbage": "malformed", "crash": "crash", "error": "refused"}


def _is_int(x: object) -> bool:
    return type(x) is int


def answer_problem(request: Mapping[str, PlainData], answer: object) -> str | None:
    """What is wrong with ``answer`` to ``request`` (None when well formed; bounded text).

    >>> answer_problem({"id": 3, "op": "act"}, {"id": 3, "ok": True, "action": 7})
    >>> answer_problem({"id": 3, "op": "act"}, {"id": 3, "ok": True, "action": "7"})
    "act: 'action' must be an integer (an action id), not '7'"
    """
    if not isinstance(answer, dict):
        return f"an answer must be a JSON object, not {show(answer)}"
    if not _is_int(answer.get("id")) or answer.get("id") != request.get("id"):
        return (f"answer id {show(answer.get('id'))} does not answer request id "
                f"{show(request.get('id'))}")
    ok = answer.get("ok")
    if not isinstance(ok, bool):
        return "an answer needs a boolean 'ok'"
    if not ok:
        return None if isinstance(answer.get("error"), str) else "a refusal needs 'error' (text)"
    op = request.get("op")
    if op == "hello" and not _is_int(answer.get("bot_protocol")):
        return "hello: 'bot_protocol' must be an integer"
    if op == "act" and not _is_int(answer.get("action")):
        return f"act: 'action' must be an integer (an action id), not {show(answer.get('action'))}"
    return None


class BotProcess(SubprocessPeer):
    """A bot program: the conformance kit's subprocess handling, the bot protocol's messages."""

    name = ""

    def _hello(self) -> None:
        hello = self.request("hello", bot_protocol=BOT_PROTOCOL)
        if not hello.get("ok"):
            self._kill()
            raise PeerFailure("error", f"hello refused: {show(hello.get('error'))}")
        if hello.get("bot_protocol") != BOT_PROTOCOL:
            self._kill()
            raise PeerFailure("error", f"the program speaks bot protocol "
                                       f"{show(hello.get('bot_protocol'))}, the referee "
                                       f"{BOT_PROTOCOL}")
        name = hello.get("name")
        self.name = name[:100] if isinstance(name, str) else ""

    def _decode(self, request: Mapping[str, PlainData], raw: bytes) -> Response:
        op = show(request.get("op"))
        try:
            answer = loads(raw)
        except DecodeError as exc:
            raise PeerFailure("garbage", f"the answer to {op} is not JSON the referee reads "
                                         f"({exc})", preview(raw)) from None
        problem = answer_problem(request, answer)
        if problem:
            raise PeerFailure("garbage", f"the answer to {op}: {problem}", preview(raw))
        assert isinstance(answer, dict)
        return answer


class ForeignBot:
    """A :class:`kernel.bots.Bot` played by a program (``cmd:PROGRAM ARGS...``)."""

    def __init__(self, command: Sequence[str], *, startup_time: float = STARTUP_TIME,
                 restarts: int = RESTARTS, max_line: int = MAX_LINE) -> None:
        self.command = list(command)
        self.name = "cmd:" + command_text(self.command)
        self.startup_time = startup_time
        self.restarts = restarts
        self.max_line = max_line
        self._seat: Seat | None = None
        self._peer: BotProcess | None = None
        self._sent = 0  # history steps the running program was sent
        self._gone = ""

    def reset(self, seat: Seat) -> None:
        self.close()
        self._seat = seat
        self._peer = BotProcess(self.command, timeout=seat.time_limit,
                                startup_timeout=max(self.startup_time, seat.time_limit),
                                max_line=self.max_line)
        self._gone = ""

    def _running(self) -> BotProcess:
        peer, seat = self._peer, self._seat
        if peer is None or seat is None:
            raise BotFailure("crash", "the bot was not reset before its first move")
        if self._gone:
            raise BotFailure("gone", self._gone)
        if not peer.alive:
            if peer.starts > self.restarts:
                self._gone = (f"the program failed {peer.starts} times; it is not started "
                              f"again in this match")
                raise BotFailure("gone", self._gone)
            self._sent = 0
            peer.start()
            peer.request("start", game=seat.game, version=seat.version,
                         config=dict(seat.config), seat=seat.seat, seats=seat.seats,
                         seed=seat.seed, time_limit_ms=int(seat.time_limit * 1000))
        return peer

    def act(self, view: View) -> int:
        try:
            peer = self._running()
            answer = peer.request("act", view=view.to_data(since=self._sent))
        except PeerFailure as exc:
            raise BotFailure(_KIND.get(exc.kind, "crash"), _clip(exc.text())) from None
        self._sent = len(view.history)
        if not answer.get("ok"):
            raise BotFailure("refused", _clip(f"the program answered an error: "
                                              f"{show(answer.get('error'))}"))
        action = answer["action"]
        assert type(action) is int
        return action

    def observe(self, view: View, outcome: Mapping[str, PlainData] | None) -> None:
        peer = self._peer
        if peer is None or not peer.alive or self._gone:
            return
        try:
            peer.request("end", view=view.to_data(since=self._sent), outcome=outcome)
        except PeerFailure:
            pass

    def close(self) -> None:
        if self._peer is not None:
            self._peer.close()


def _clip(text: str, limit: int = 600) -> str:
    return text if len(text) <= limit else text[:limit] + "..."

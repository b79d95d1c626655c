"""Traces as JSON Lines: write a :class:`kernel.Trace`, read a file, replay it.

A trace file (spec/PROTOCOL.md, "Traces") is one canonical JSON object per
line:

- line 1, the header: ``{"type": "header", "format": 1, "protocol": 1,
  "game": ..., "version": ..., "config": {...}, "digest": <initial digest>,
  "state": {...} (optional), "seed": ... (optional), "kind": ... (optional)}``;
- then one line per action tried: ``{"type": "step", "n": 1, "actor": -1,
  "action": {...}, "events": [...], "digest": ..., "state": {...} (optional),
  "outcome": {...} (optional, when the step ends the game)}``, or for an
  action the game refuses ``{"type": "step", "n": 7, "actor": 0, "action":
  <any JSON>, "rejected": "RULE-ID", "digest": <unchanged digest>}``;
- status vector files have ``{"type": "status", "name": ..., "candidate":
  {...}, "status": [...]}`` lines instead of steps.

:func:`replay` plays the recorded actions again (on the kernel, or on any
:class:`Runner`) and reports every line whose recorded result differs.

Reading is strict and total (:func:`read_trace`, :func:`parse_lines`,
:func:`parse_line`, :func:`check_lines`): every line is read with
:func:`kernel.decode.loads` and must have exactly the documented form
(``spec/trace.schema.json``); the header must name a known format and
protocol, a registered game and a positive integer version. Anything else
raises :class:`TraceError`, naming the file, the line and the field: a
corrupted file is unreadable input, never a divergence of the kernel.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Final, NoReturn, Protocol

import attrs

import kernel
from kernel.conformance import PROTOCOL_VERSION
from kernel.conformance.canonical import (
    canonical,
    diff_paths,
    digest,
    dumps,
    event_to_data,
    outcome_to_data,
    state_to_data,
)
from kernel.conformance.levels import Tally
from kernel.conformance.protocol import MAX_LINE, PeerFailure
from kernel.core import Action, Applied, ConfigError, PlainData, Rejected
from kernel.decode import DecodeError, loads, read_int, read_keys, read_list, show

#: The version of the trace line format (equal to the protocol version).
TRACE_FORMAT: Final = PROTOCOL_VERSION

Line = dict[str, PlainData]


# --------------------------------------------------------------------------
# building lines


def header_line(
    game: str,
    version: int,
    config: Mapping[str, Any],
    initial: object,
    *,
    seed: int | None = None,
    full: bool = True,
    kind: str | None = None,
) -> Line:
    """The header of a trace starting from the kernel state ``initial``."""
    line: Line = {
        "type": "header",
        "format": TRACE_FORMAT,
        "protocol": PROTOCOL_VERSION,
        "game": game,
        "version": version,
        "config": canonical(dict(config)),
        "digest": digest(initial),
    }
    if seed is not None:
        line["seed"] = seed
    if kind is not None:
        line["kind"] = kind
    if full:
        line["state"] = state_to_data(initial)
    return line


def step_line(
    n: int,
    actor: int,
    action: object,
    result: Applied | Rejected,
    after: object,
    *,
    full: bool = False,
) -> Line:
    """The line of step ``n``: ``action`` tried by ``actor``, its result, the state after."""
    line: Line = {
        "type": "step",
        "n": n,
        "actor": actor,
        "action": canonical(action.to_data() if isinstance(action, Action) else action),
    }
    if isinstance(result, Rejected):
        line["rejected"] = result.rule
    else:
        line["events"] = [event_to_data(e) for e in result.events]
        end = kernel.outcome(after)
        if end is not None:
            line["outcome"] = outcome_to_data(end)
    line["digest"] = digest(after)
    if full:
        line["state"] = state_to_data(after)
    return line


def lines_of(trace: kernel.Trace, *, full_every: int = 0, kind: str | None = None) -> list[Line]:
    """A whole-game :class:`kernel.Trace` as lines.

    The header carries the initial state in full; step lines carry digests,
    and the full state every ``full_every`` steps (0: never) and on the last.
    """
    lines = [header_line(trace.game, trace.version, trace.config, trace.initial,
                         seed=trace.seed, kind=kind)]
    last = len(trace.steps)
    for n, st in enumerate(trace.steps, start=1):
        full = n == last or (full_every > 0 and n % full_every == 0)
        lines.append(step_line(n, st.actor, st.action, Applied(st.state, st.events), st.state,
                               full=full))
    return lines


def text_of(lines: Iterable[Line]) -> str:
    """The JSON Lines text: one canonical JSON object per line."""
    return "".join(dumps(line) + "\n" for line in lines)


def write_trace(path: str | Path, trace: kernel.Trace, *, full_every: int = 0) -> None:
    """Write a :class:`kernel.Trace` as a JSON Lines trace file."""
    Path(path).write_text(text_of(lines_of(trace, full_every=full_every)), encoding="utf-8")


def write_lines(path: str | Path, lines: Iterable[Line]) -> None:
    Path(path).write_text(text_of(lines), encoding="utf-8")


# --------------------------------------------------------------------------
# reading


#: The trace formats and protocol versions this kit reads.
FORMATS: Final = (TRACE_FORMAT,)
PROTOCOLS: Final = (PROTOCOL_VERSION,)
#: What a header's optional ``kind`` may say.
KINDS: Final = ("game", "rejections", "status", "diff")
#: A divergence note's ``failure`` (protocol.PeerFailure kinds).
FAILURES: Final = ("crash", "hang", "garbage", "error")
HEADER_KEYS: Final = ("type", "format", "protocol", "game", "version", "config", "digest")
HEADER_OPTIONAL: Final = ("state", "seed", "kind", "divergence", "start")
STEP_KEYS: Final = ("type", "n", "action", "digest")
STEP_OPTIONAL: Final = ("actor", "events", "rejected", "state", "outcome", "divergence")
STATUS_KEYS: Final = ("type", "name", "candidate", "status")
DIVERGENCE_KEYS: Final = ("step", "what", "message", "rules")
DIVERGENCE_OPTIONAL: Final = ("expected", "actual", "failure")

_RULE_ID: Final = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+")
_DIGEST: Final = re.compile(r"[0-9a-f]{64}")


class TraceError(ValueError):
    """A trace that cannot be read: names the file, the line (1-based) and the field.

    ``line`` 0 means the file as a whole (it cannot be opened).
    """

    def __init__(self, line: int, message: str, *, field: str | None = None,
                 path: str | None = None) -> None:
        self.line = line
        self.message = message
        self.field = field
        self.path = path
        shown = path if path is None or len(path) <= 200 else path[:200] + "..."
        where = [part for part in (shown, f"line {line}" if line > 0 else None, field) if part]
        super().__init__(": ".join([*where, message]))

    def at(self, path: str | Path) -> TraceError:
        """The same error, naming the file."""
        return TraceError(self.line, self.message, field=self.field, path=str(path))


def _bad(number: int, exc: DecodeError) -> NoReturn:
    field, _, message = str(exc).partition(": ")
    if field == "$":  # the line as a whole
        raise TraceError(number, message) from None
    raise TraceError(number, message, field=field) from None


def parse_line(raw: str | bytes, number: int = 1) -> Line:
    """One line of a trace as an object (its shape unchecked), or :class:`TraceError`.

    >>> parse_line(b'{"type": "step"}')
    {'type': 'step'}
    >>> parse_line("[" * 100 + "]" * 100, 7)
    Traceback (most recent call last):
    ...
    kernel.conformance.trace.TraceError: line 7: nested more than 64 levels deep
    """
    try:
        obj = loads(raw)
    except DecodeError as exc:
        _bad(number, exc)
    if not isinstance(obj, dict):
        raise TraceError(number, f"a trace line is a JSON object, not {show(obj)}")
    return obj


def _rule_ids(value: object, where: str) -> list[str]:
    items = read_list(value, where)
    for i, rule in enumerate(items):
        if type(rule) is not str or not _RULE_ID.fullmatch(rule):
            raise DecodeError(f"{where}[{i}]: expected a rule ID, got {show(rule)}")
    return items


def _rule_id(value: object, where: str) -> str:
    if type(value) is not str or not _RULE_ID.fullmatch(value):
        raise DecodeError(f"{where}: expected a rule ID, got {show(value)}")
    return value


def _digest(value: object, where: str, *, empty: bool = False) -> str:
    if type(value) is not str or not (_DIGEST.fullmatch(value) or (empty and value == "")):
        raise DecodeError(f"{where}: expected a digest (64 lowercase hex digits), "
                          f"got {show(value)}")
    return value


def _object(value: object, where: str) -> Mapping[str, Any]:
    if type(value) is not dict:
        raise DecodeError(f"{where}: expected an object, got {show(value)}")
    return value


def _string(value: object, where: str) -> str:
    if type(value) is not str:
        raise DecodeError(f"{where}: expected a string, got {show(value)}")
    return value


def _divergence(value: object) -> None:
    note = read_keys(value, "divergence", DIVERGENCE_KEYS, DIVERGENCE_OPTIONAL)
    read_int(note["step"], "divergence.step", 0)
    _string(note["what"], "divergence.what")
    _string(note["message"], "divergence.message")
    _rule_ids(note["rules"], "divergence.rules")
    if "failure" in note and note["failure"] not in FAILURES:
        raise DecodeError(f"divergence.failure: expected one of {', '.join(FAILURES)}, "
                          f"got {show(note['failure'])}")


def check_header(line: Mapping[str, Any], number: int = 1) -> None:
    """The header must be exactly the documented form (TraceError otherwise).

    Its format and protocol must be ones this kit reads, its game registered,
    its version a positive integer (not a boolean).
    """
    try:
        kind = line.get("type")
        if kind != "header":
            raise DecodeError(f"type: the first line must be the header (type 'header'), "
                              f"not {show(kind)}")
        read_keys(line, "header", HEADER_KEYS, HEADER_OPTIONAL)
        if type(line["format"]) is not int or line["format"] not in FORMATS:
            raise DecodeError(f"format: trace format {show(line['format'])}; this kit reads "
                              f"format {TRACE_FORMAT}")
        if type(line["protocol"]) is not int or line["protocol"] not in PROTOCOLS:
            raise DecodeError(f"protocol: protocol version {show(line['protocol'])}; this kit "
                              f"speaks protocol {PROTOCOL_VERSION}")
        game = _string(line["game"], "game")
        if game not in kernel.games():
            raise DecodeError(f"game: unknown game {show(game)}; known: "
                              f"{', '.join(kernel.games())}")
        read_int(line["version"], "version", 1)
        _object(line["config"], "config")
        _digest(line["digest"], "digest", empty=line.get("kind") == "status")
        if "state" in line:
            _object(line["state"], "state")
        if "seed" in line:
            read_int(line["seed"], "seed")
        if "kind" in line and line["kind"] not in KINDS:
            raise DecodeError(f"kind: expected one of {', '.join(KINDS)}, "
                              f"got {show(line['kind'])}")
        if "start" in line:
            if line["start"] != "load":
                raise DecodeError(f"start: expected \"load\", got {show(line['start'])}")
            if "state" not in line:
                raise DecodeError("start: a game that starts from a loaded state needs the "
                                  "header's 'state'")
        if "divergence" in line:
            _divergence(line["divergence"])
    except DecodeError as exc:
        _bad(number, exc)


def check_step(line: Mapping[str, Any], number: int) -> None:
    """A step line must be exactly the documented form (TraceError otherwise)."""
    try:
        if line.get("type") != "step":
            raise DecodeError(f"type: expected a step line, not type {show(line.get('type'))}")
        read_keys(line, "step", STEP_KEYS, STEP_OPTIONAL)
        read_int(line["n"], "n", 1)
        if "actor" in line:
            read_int(line["actor"], "actor", -2)
        if ("events" in line) == ("rejected" in line):
            raise DecodeError("events: a step line has either 'events' (applied) or "
                              "'rejected' (refused), not both nor neither")
        if "events" in line:
            for i, event in enumerate(read_list(line["events"], "events")):
                _object(event, f"events[{i}]")
                _string(event.get("event"), f"events[{i}].event")
                _rule_ids(event.get("rules"), f"events[{i}].rules")
        else:
            _rule_id(line["rejected"], "rejected")
        _digest(line["digest"], "digest")
        for key in ("state", "outcome"):
            if key in line:
                _object(line[key], key)
        if "divergence" in line:
            _divergence(line["divergence"])
    except DecodeError as exc:
        _bad(number, exc)


def check_status(line: Mapping[str, Any], number: int, game: str) -> None:
    """A status line: a candidate of the header's ``game`` and the IDs it breaks."""
    try:
        if line.get("type") != "status":
            raise DecodeError(f"type: expected a status line, not type "
                              f"{show(line.get('type'))}")
        read_keys(line, "status line", STATUS_KEYS)
        _string(line["name"], "name")
        candidate = _object(line["candidate"], "candidate")
        if candidate.get("game") != game:
            got = show(candidate["game"]) if "game" in candidate else "none"
            raise DecodeError(f"candidate.game: expected {show(game)} (the header's game), "
                              f"got {got}")
        _rule_ids(line["status"], "status")
    except DecodeError as exc:
        _bad(number, exc)


def check_lines(lines: Sequence[Line]) -> None:
    """Check parsed lines (each with ``"__line__"``): a header, then steps or statuses."""
    if not lines:
        raise TraceError(1, "empty trace: a header line is required")
    header = lines[0]
    check_header({k: v for k, v in header.items() if k != "__line__"},
                 int(header.get("__line__", 1)))
    game = str(header["game"])
    status = header.get("kind") == "status" or (
        header.get("kind") is None and len(lines) > 1 and lines[1].get("type") == "status")
    for line in lines[1:]:
        body = {k: v for k, v in line.items() if k != "__line__"}
        number = int(line.get("__line__", 0))
        if status:
            check_status(body, number, game)
        else:
            check_step(body, number)


def _numbered(raw_lines: Iterable[tuple[int, bytes | str]]) -> list[Line]:
    out: list[Line] = []
    for number, raw in raw_lines:
        if not raw.strip():
            continue
        obj = parse_line(raw, number)
        if "__line__" in obj:
            raise TraceError(number, "unexpected key '__line__'")
        obj["__line__"] = number
        out.append(obj)
    check_lines(out)
    return out


def parse_lines(text: str | bytes) -> list[Line]:
    """JSON Lines text as checked objects, each with ``"__line__"`` its line number.

    Lines end with ``\\n`` only; blank lines are skipped. Raises
    :class:`TraceError` at the first line that is not of the documented form.
    """
    newline = b"\n" if isinstance(text, bytes) else "\n"
    parts: list[Any] = text.split(newline)  # type: ignore[arg-type]
    return _numbered(enumerate(parts, start=1))


def _raw_lines(stream: IO[bytes], max_line: int) -> Iterator[tuple[int, bytes]]:
    number = 0
    while True:
        raw = stream.readline(max_line + 2)  # the line, \r\n at most
        if not raw:
            return
        number += 1
        if not raw.endswith(b"\n") and len(raw) > max_line:
            raise TraceError(number, f"a line longer than {max_line} bytes")
        yield number, raw


def read_trace(path: str | Path, *, max_line: int = MAX_LINE) -> list[Line]:
    """Read and check a trace file: its lines as objects, each with ``"__line__"``.

    Raises :class:`TraceError` naming the file (and the line and field) when
    it cannot be opened or a line is not of the documented form. Lines are at
    most ``max_line`` bytes long, so memory stays bounded by the file.
    """
    try:
        with open(path, "rb") as stream:
            return _numbered(_raw_lines(stream, max_line))
    except TraceError as exc:
        raise exc.at(path) from None
    except OSError as exc:
        raise TraceError(0, f"cannot read: {exc.strerror or type(exc).__name__}",
                         path=str(path)) from None


def strip_line_numbers(lines: Iterable[Line]) -> list[Line]:
    return [{k: v for k, v in line.items() if k != "__line__"} for line in lines]


# --------------------------------------------------------------------------
# replay


class Runner(Protocol):
    """What replay drives: the kernel, or a foreign implementation over the protocol."""

    def new(self, game: str, config: Mapping[str, Any]) -> str | None:
        """Start a game; None when accepted, else the rejecting rule ID."""

    def load(self, state: PlainData) -> str | None:
        """Start from a state's plain data; None when loaded, else why not."""

    def provides(self, level: str) -> bool:
        """Can the runner tell ``level`` (:mod:`kernel.conformance.levels`)?"""

    def actor(self) -> int: ...

    def apply(self, action: PlainData) -> tuple[list[PlainData] | None, str | None]:
        """(events, None) when applied, (None, rule ID) when rejected."""

    def digest(self) -> str: ...

    def state(self) -> PlainData | None:
        """The plain-data state, or None when the runner cannot tell."""

    def outcome(self) -> PlainData | None: ...

    def status(self, candidate: PlainData) -> list[str] | None:
        """The invariant IDs a candidate breaks, or None when the runner cannot tell.

        ValueError when the runner refuses the candidate.
        """


def _kernel_bug(call: str, exc: Exception) -> str:
    return (f"kernel bug: {call} raised {type(exc).__name__}: "
            f"{_short(str(exc), 300)}")


class KernelRunner:
    """The kernel as a :class:`Runner`."""

    def __init__(self) -> None:
        self._state: Any = None

    def new(self, game: str, config: Mapping[str, Any]) -> str | None:
        try:
            self._state = kernel.new_game(game, config)
        except ConfigError:
            return "KERNEL-CONFIG"
        except Exception as exc:  # any other exception is a kernel bug: say so
            return _kernel_bug("kernel.new_game", exc)
        return None

    def load(self, state: PlainData) -> str | None:
        if not isinstance(state, Mapping):
            return f"a state is an object, not {show(state)}"
        try:
            self._state = kernel.from_data(state)
        except ValueError as exc:
            return f"not a state: {_short(str(exc), 300)}"
        return None

    def provides(self, level: str) -> bool:
        return True

    def actor(self) -> int:
        return kernel.current_actor(self._state)

    def apply(self, action: PlainData) -> tuple[list[PlainData] | None, str | None]:
        try:
            result = kernel.apply(self._state, action)
        except Exception as exc:  # the API never raises (KERNEL-INPUT): a kernel bug
            return None, _kernel_bug("kernel.apply", exc)
        if isinstance(result, Rejected):
            return None, result.rule
        assert isinstance(result, Applied)
        self._state = result.state
        return [event_to_data(e) for e in result.events], None

    def digest(self) -> str:
        return digest(self._state)

    def state(self) -> PlainData | None:
        return state_to_data(self._state)

    def outcome(self) -> PlainData | None:
        end = kernel.outcome(self._state)
        return None if end is None else outcome_to_data(end)

    def status(self, candidate: PlainData) -> list[str] | None:
        if not isinstance(candidate, dict):
            raise ValueError(f"a candidate is an object, not {show(candidate)}")
        return list(kernel.status(candidate))


@attrs.frozen
class Mismatch:
    """One recorded result that differs on replay."""

    line: int
    n: int | None
    field: str
    expected: PlainData
    actual: PlainData
    rules: tuple[str, ...] = ()

    def text(self) -> str:
        where = f"line {self.line}" + (f" (step {self.n})" if self.n is not None else "")
        rules = f" [rules: {' '.join(self.rules)}]" if self.rules else ""
        head = f"{where}: {self.field} differs{rules}"
        if self.field in ("state", "events", "outcome") and isinstance(
                self.expected, dict | list) and isinstance(self.actual, dict | list):
            return head + "".join(f"\n  {d}" for d in diff_paths(self.expected, self.actual))
        return (f"{head}\n"
                f"  recorded: {_short(self.expected)}\n"
                f"  replayed: {_short(self.actual)}")


def _short(value: PlainData, limit: int = 600) -> str:
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


@attrs.frozen
class ReplayReport:
    """The result of a replay: the lines read and every mismatch."""

    path: str
    lines: int
    mismatches: tuple[Mismatch, ...]
    #: What could not be compared because the runner does not provide it.
    tally: Tally = attrs.field(factory=Tally)

    @property
    def skipped(self) -> bool:
        return self.tally.any_skipped

    def code(self, *, allow_skips: bool = False) -> int:
        """The exit code: 1 when a line differs, or when something recorded could not be
        compared (unless ``allow_skips``); else 0."""
        return 1 if self.mismatches or (self.skipped and not allow_skips) else 0

    def skip_lines(self) -> list[str]:
        return [f"skipped: {level}: {self.tally.reasons.get(level, '')} ({n} comparison(s) "
                f"not made)" for level, n in self.tally.skipped.items()]

    @property
    def failures(self) -> int:
        """The number of lines with at least one mismatch."""
        return len({m.line for m in self.mismatches})

    @property
    def exit_code(self) -> int:
        """The process exit code: 0 when the trace replays exactly, 1 on a divergence."""
        return 1 if self.mismatches else 0

    def text(self, *, all_lines: bool = False) -> str:
        if not self.mismatches:
            if self.skipped:
                return "\n".join([*self.skip_lines(), f"{self.path}: {self.lines} lines "
                                   f"replayed, no difference in what was compared; not "
                                   f"everything recorded was compared (see skipped)"])
            return f"{self.path}: {self.lines} lines replayed, no difference"
        first = self.mismatches[0]
        shown = self.mismatches if all_lines else tuple(
            m for m in self.mismatches if m.line == first.line)
        parts = [m.text() for m in shown]
        parts += self.skip_lines()
        parts.append(f"{self.path}: {self.failures} of {self.lines} lines differ "
                     f"(first at line {first.line})")
        return "\n".join(parts)


def _rules_of(events: object) -> list[str]:
    out: list[str] = []
    if isinstance(events, list):
        for e in events:
            if isinstance(e, dict) and isinstance(e.get("rules"), list):
                out += [str(r) for r in e["rules"] if str(r) not in out]
    return out


def check_version(lines: Sequence[Line], path: str | Path = "<trace>") -> None:
    """Can ``lines`` be replayed? Checked lines whose header names the game's version.

    Raises :class:`TraceError` (naming ``path``) otherwise: a trace recorded
    with another behaviour version of its game cannot be replayed, nor one
    whose header gives a configuration the game refuses (KERNEL-CONFIG: the
    kernel itself could not start it, so it is malformed input, exit 2, like
    a header naming no registered game; a program refusing a configuration
    the kernel accepts is a divergence instead).
    """
    try:
        check_lines(lines)
    except TraceError as exc:
        raise exc.at(path) from None
    header = lines[0]
    game, version = str(header["game"]), header["version"]
    known = kernel.game_info(game).version
    hline = int(header.get("__line__", 1))
    if version != known:
        raise TraceError(hline, f"recorded with version {version} of {game}; the kernel has "
                                f"version {known}", field="version", path=str(path))
    problem = kernel.check_config(game, header["config"])
    if problem is not None:
        raise TraceError(hline, f"a configuration {game} refuses: {problem}", field="config",
                         path=str(path))


def replay_lines(lines: Sequence[Line], runner: Runner | None = None,
                 path: str = "<trace>") -> ReplayReport:
    """Replay parsed trace lines on ``runner`` (the kernel by default).

    The lines are checked first (:func:`check_lines`); a trace that is not of
    the documented form, or was recorded with another behaviour version of
    its game, raises :class:`TraceError`. Every recorded result that differs
    is a :class:`Mismatch` of the report.
    """
    check_version(lines, path)
    run: Runner = runner if runner is not None else KernelRunner()
    bad: list[Mismatch] = []
    header = lines[0]
    hline = int(header.get("__line__", 1))
    game = str(header["game"])
    config = header["config"]
    assert isinstance(config, dict)
    if header.get("kind") == "status" or any(line.get("type") == "status" for line in lines[1:]):
        return _replay_status(lines, run, path)
    tally = Tally()
    at = [hline]  # the line being replayed
    try:
        if header.get("start") == "load":
            refused = run.load(header["state"])
            if refused is not None:
                return ReplayReport(path, len(lines), (
                    Mismatch(hline, None, "load", "loaded", f"refused: {refused}"),))
        else:
            refused = run.new(game, config)
        if refused is not None:
            return ReplayReport(path, len(lines), (
                Mismatch(hline, None, "config", "accepted", f"rejected {refused}", (refused,)),))
        _compare_state(header, run, hline, None, bad, (), tally)
        _replay_steps(lines, run, bad, at, tally)
    except PeerFailure as exc:  # a foreign program crashed, hung or printed garbage
        bad.append(Mismatch(at[0], None, "program", "a well-formed response", exc.text()))
    return ReplayReport(path, len(lines), tuple(bad), tally)


def _provides(run: Runner, level: str, tally: Tally) -> bool:
    """Does ``run`` provide ``level``? Counts the comparison, or its skip."""
    if run.provides(level):
        tally.count(level)
        return True
    tally.skip(level, f"the program does not offer {level}")
    return False


def _replay_steps(lines: Sequence[Line], run: Runner, bad: list[Mismatch],
                  at: list[int], tally: Tally) -> None:
    for line in lines[1:]:
        no = int(line.get("__line__", 0))
        at[0] = no
        n = line["n"]
        step = n if isinstance(n, int) else None
        if "actor" in line and _provides(run, "legal", tally):
            actor = run.actor()
            if actor != line["actor"]:
                bad.append(Mismatch(no, step, "actor", line["actor"], actor))
        events, rejected = run.apply(line["action"])
        recorded_rejection = line.get("rejected")
        rules: tuple[str, ...] = ()
        if recorded_rejection is not None or rejected is not None:
            involved = [r for r in (recorded_rejection, rejected) if isinstance(r, str)]
            rules = tuple(dict.fromkeys(involved))
            tally.count("acceptance")
            if (recorded_rejection is not None and rejected is not None
                    and not _provides(run, "rejections", tally)):
                pass  # both rejected; the rule named is not compared
            elif recorded_rejection != rejected:
                bad.append(Mismatch(
                    no, step, "rejected",
                    recorded_rejection if recorded_rejection is not None else "applied",
                    rejected if rejected is not None else "applied",
                    (*rules, *_rules_of(line.get("events")), *_rules_of(events))))
        else:
            rules = tuple(dict.fromkeys(_rules_of(line["events"]) + _rules_of(events)))
            tally.count("acceptance")
            if _provides(run, "events", tally) and dumps(line["events"]) != dumps(events):
                bad.append(Mismatch(no, step, "events", line["events"], events, rules))
            if "outcome" in line and _provides(run, "outcome", tally):
                got = run.outcome()
                if dumps(line["outcome"]) != dumps(got):
                    bad.append(Mismatch(no, step, "outcome", line["outcome"], got, rules))
        _compare_state(line, run, no, step, bad, rules, tally)


def _compare_state(line: Line, run: Runner, no: int, step: int | None,
                   bad: list[Mismatch], rules: tuple[str, ...], tally: Tally) -> None:
    # the digest is compared when the runner tells it or its state (a state-only program)
    if not (run.provides("digest") or run.provides("state")):
        tally.skip("digest", "the program offers neither digest nor state")
        return
    tally.count("digest")
    got = run.digest()
    if got != line["digest"]:
        bad.append(Mismatch(no, step, "digest", line["digest"], got, rules))
    if "state" in line and run.provides("state"):  # else the digest compared it
        tally.count("state")
        state = run.state()
        if state is not None and dumps(state) != dumps(line["state"]):
            bad.append(Mismatch(no, step, "state", line["state"], state, rules))


def _replay_status(lines: Sequence[Line], run: Runner, path: str) -> ReplayReport:
    bad: list[Mismatch] = []
    tally = Tally()
    if not run.provides("status"):
        tally.skip("status", "the program does not offer status", len(lines) - 1)
        return ReplayReport(path, len(lines), (), tally)
    for line in lines[1:]:
        no = int(line.get("__line__", 0))
        name = str(line["name"])
        recorded = line["status"]
        assert isinstance(recorded, list)
        try:
            got = run.status(line["candidate"])
        except PeerFailure as exc:
            bad.append(Mismatch(no, None, "program", "a well-formed response", exc.text()))
            break
        except ValueError as exc:  # the runner refused the candidate
            bad.append(Mismatch(no, None, f"status of {_short(name, 80)}", recorded,
                                f"refused: {_short(str(exc), 300)}"))
            continue
        tally.count("status")
        if got != recorded:
            rules = tuple(dict.fromkeys([*map(str, recorded), *(got or [])]))
            bad.append(Mismatch(no, None, f"status of {_short(name, 80)}", recorded, got, rules))
    return ReplayReport(path, len(lines), tuple(bad), tally)


def replay(path: str | Path, runner: Runner | None = None) -> ReplayReport:
    """Replay a trace file on ``runner`` (the kernel by default).

    Raises :class:`TraceError` (naming the file, line and field) when the file
    cannot be read or is not a trace of the documented form.
    """
    return replay_lines(read_trace(path), runner, str(path))

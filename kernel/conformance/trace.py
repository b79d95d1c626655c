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
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Protocol

import attrs

import kernel
from kernel.conformance import PROTOCOL_VERSION
from kernel.conformance.canonical import (
    canonical,
    diff_paths,
    digest,
    dumps,
    event_to_data,
    loads,
    outcome_to_data,
    state_to_data,
)
from kernel.conformance.protocol import PeerFailure
from kernel.core import Action, Applied, ConfigError, PlainData, Rejected

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
    Path(path).write_text(text_of(lines_of(trace, full_every=full_every)), encoding="ascii")


def write_lines(path: str | Path, lines: Iterable[Line]) -> None:
    Path(path).write_text(text_of(lines), encoding="ascii")


# --------------------------------------------------------------------------
# reading


class TraceError(ValueError):
    """A trace file that cannot be read: names the line (1-based)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


def parse_lines(text: str) -> list[Line]:
    """Parse JSON Lines text into objects, each with ``"__line__"`` its line number.

    A line that is not a JSON object becomes ``{"__line__": i, "__error__": why}``.
    """
    out: list[Line] = []
    for i, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            obj = loads(raw)
        except ValueError as exc:
            out.append({"__line__": i, "__error__": f"not JSON: {exc}"})
            continue
        if not isinstance(obj, dict):
            out.append({"__line__": i, "__error__": "not a JSON object"})
            continue
        obj["__line__"] = i
        out.append(obj)
    return out


def read_trace(path: str | Path) -> list[Line]:
    """Read a trace file: its lines as objects, each with ``"__line__"`` its line number."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TraceError(0, f"cannot read {path}: {exc}") from None
    lines = parse_lines(text)
    if not lines:
        raise TraceError(1, "empty trace: a header line is required")
    return lines


def strip_line_numbers(lines: Iterable[Line]) -> list[Line]:
    return [{k: v for k, v in line.items() if k != "__line__"} for line in lines]


def line_error(line: Line) -> str | None:
    """Why a parsed line could not be read, or None."""
    error = line.get("__error__")
    return str(error) if error is not None else None


# --------------------------------------------------------------------------
# replay


class Runner(Protocol):
    """What replay drives: the kernel, or a foreign implementation over the protocol."""

    def new(self, game: str, config: Mapping[str, Any]) -> str | None:
        """Start a game; None when accepted, else the rejecting rule ID."""

    def actor(self) -> int: ...

    def apply(self, action: PlainData) -> tuple[list[PlainData] | None, str | None]:
        """(events, None) when applied, (None, rule ID) when rejected."""

    def digest(self) -> str: ...

    def state(self) -> PlainData | None:
        """The plain-data state, or None when the runner cannot tell."""

    def outcome(self) -> PlainData | None: ...

    def status(self, candidate: PlainData) -> list[str] | None:
        """The invariant IDs a candidate breaks, or None when the runner cannot tell."""


class KernelRunner:
    """The kernel as a :class:`Runner`."""

    def __init__(self) -> None:
        self._state: Any = None

    def new(self, game: str, config: Mapping[str, Any]) -> str | None:
        try:
            self._state = kernel.new_game(game, config)
        except ConfigError:
            return "KERNEL-CONFIG"
        return None

    def actor(self) -> int:
        return kernel.current_actor(self._state)

    def apply(self, action: PlainData) -> tuple[list[PlainData] | None, str | None]:
        try:
            result = kernel.apply(self._state, action)
        except Exception as exc:  # the API never raises (KERNEL-INPUT): a kernel bug
            return None, f"kernel bug: kernel.apply raised {type(exc).__name__}: {exc}"
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
            return ["KERNEL-INPUT"]
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

    @property
    def failures(self) -> int:
        """The number of lines with at least one mismatch."""
        return len({m.line for m in self.mismatches})

    @property
    def exit_code(self) -> int:
        """The number of failing lines, capped at 125 for the process exit code."""
        return min(self.failures, 125)

    def text(self, *, all_lines: bool = False) -> str:
        if not self.mismatches:
            return f"{self.path}: {self.lines} lines replayed, no difference"
        first = self.mismatches[0]
        shown = self.mismatches if all_lines else tuple(
            m for m in self.mismatches if m.line == first.line)
        parts = [m.text() for m in shown]
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


def replay_lines(lines: Sequence[Line], runner: Runner | None = None,
                 path: str = "<trace>") -> ReplayReport:
    """Replay parsed trace lines on ``runner`` (the kernel by default)."""
    run: Runner = runner if runner is not None else KernelRunner()
    bad: list[Mismatch] = []
    header = lines[0] if lines else {}
    hline = int(header.get("__line__", 1))
    if line_error(header):
        return ReplayReport(path, len(lines), (
            Mismatch(hline, None, "format", "a header line", line_error(header)),))
    if header.get("type") != "header":
        return ReplayReport(path, len(lines), (
            Mismatch(hline, None, "format", "a header line", header.get("type")),))
    problem = _header_problem(header)
    if problem:
        return ReplayReport(path, len(lines), (Mismatch(hline, None, "header", problem, None),))
    game = str(header["game"])
    version = header["version"]
    known = kernel.game_info(game).version
    if version != known:
        return ReplayReport(path, len(lines), (Mismatch(
            hline, None, "version", version, known,
            ()),))
    config = header["config"]
    assert isinstance(config, dict)
    if any(line.get("type") == "status" for line in lines[1:]):
        return _replay_status(lines, run, path)
    at = [hline]  # the line being replayed
    try:
        refused = run.new(game, config)
        if refused is not None:
            return ReplayReport(path, len(lines), (
                Mismatch(hline, None, "config", "accepted", f"rejected {refused}", (refused,)),))
        _compare_state(header, run, hline, None, bad, ())
        _replay_steps(lines, run, bad, at)
    except PeerFailure as exc:  # a foreign program crashed, hung or printed garbage
        bad.append(Mismatch(at[0], None, "program", "a well-formed response", exc.text()))
    return ReplayReport(path, len(lines), tuple(bad))


def _replay_steps(lines: Sequence[Line], run: Runner, bad: list[Mismatch],
                  at: list[int]) -> None:
    for line in lines[1:]:
        no = int(line.get("__line__", 0))
        at[0] = no
        n = line.get("n")
        step = n if isinstance(n, int) and not isinstance(n, bool) else None
        problem = _step_problem(line)
        if problem:
            bad.append(Mismatch(no, step, "format", problem, None))
            continue
        if "actor" in line:
            actor = run.actor()
            if actor != line["actor"]:
                bad.append(Mismatch(no, step, "actor", line["actor"], actor))
        events, rejected = run.apply(line["action"])
        recorded_rejection = line.get("rejected")
        rules: tuple[str, ...] = ()
        if recorded_rejection is not None or rejected is not None:
            involved = [r for r in (recorded_rejection, rejected) if isinstance(r, str)]
            rules = tuple(dict.fromkeys(involved))
            if recorded_rejection != rejected:
                bad.append(Mismatch(
                    no, step, "rejected",
                    recorded_rejection if recorded_rejection is not None else "applied",
                    rejected if rejected is not None else "applied",
                    (*rules, *_rules_of(line.get("events")), *_rules_of(events))))
        else:
            rules = tuple(dict.fromkeys(_rules_of(line["events"]) + _rules_of(events)))
            if dumps(line["events"]) != dumps(events):
                bad.append(Mismatch(no, step, "events", line["events"], events, rules))
            if "outcome" in line:
                got = run.outcome()
                if dumps(line["outcome"]) != dumps(got):
                    bad.append(Mismatch(no, step, "outcome", line["outcome"], got, rules))
        _compare_state(line, run, no, step, bad, rules)


def _compare_state(line: Line, run: Runner, no: int, step: int | None,
                   bad: list[Mismatch], rules: tuple[str, ...]) -> None:
    got = run.digest()
    if got != line["digest"]:
        bad.append(Mismatch(no, step, "digest", line["digest"], got, rules))
    if "state" in line:
        state = run.state()
        if state is not None and dumps(state) != dumps(line["state"]):
            bad.append(Mismatch(no, step, "state", line["state"], state, rules))


def _replay_status(lines: Sequence[Line], run: Runner, path: str) -> ReplayReport:
    bad: list[Mismatch] = []
    for line in lines[1:]:
        no = int(line.get("__line__", 0))
        if line.get("type") != "status" or not isinstance(line.get("status"), list):
            why = line_error(line) or f"type {line.get('type')!r}"
            bad.append(Mismatch(no, None, "format", "a status line", why))
            continue
        try:
            got = run.status(line.get("candidate"))
        except PeerFailure as exc:
            bad.append(Mismatch(no, None, "program", "a well-formed response", exc.text()))
            break
        if got is not None and got != line["status"]:
            rules = tuple(dict.fromkeys([*map(str, line["status"]), *got]))
            bad.append(Mismatch(no, None, f"status of {line.get('name')}", line["status"], got,
                                rules))
    return ReplayReport(path, len(lines), tuple(bad))


def _header_problem(header: Line) -> str | None:
    if header.get("format") != TRACE_FORMAT:
        return f"trace format {header.get('format')!r}, this kit reads format {TRACE_FORMAT}"
    game = header.get("game")
    if not isinstance(game, str) or game not in kernel.games():
        return f"unknown game {game!r}; known: {', '.join(kernel.games())}"
    if not isinstance(header.get("config"), dict):
        return "the header needs a 'config' object"
    if not isinstance(header.get("version"), int):
        return "the header needs an integer 'version'"
    if not isinstance(header.get("digest"), str):
        return "the header needs the initial state 'digest'"
    return None


def _step_problem(line: Line) -> str | None:
    if line_error(line):
        return line_error(line)
    if line.get("type") != "step":
        return f"expected a step line, not type {line.get('type')!r}"
    if "action" not in line:
        return "a step line needs an 'action'"
    if not isinstance(line.get("digest"), str):
        return "a step line needs a 'digest'"
    has_events = isinstance(line.get("events"), list)
    has_rejection = isinstance(line.get("rejected"), str)
    if has_events == has_rejection:
        return "a step line has either 'events' (a list) or 'rejected' (a rule ID)"
    return None


def replay(path: str | Path, runner: Runner | None = None) -> ReplayReport:
    """Replay a trace file on ``runner`` (the kernel by default)."""
    try:
        lines = read_trace(path)
    except TraceError as exc:
        return ReplayReport(str(path), 0, (Mismatch(max(exc.line, 1), None, "format",
                                                    "a readable trace", str(exc)),))
    return replay_lines(lines, runner, str(path))

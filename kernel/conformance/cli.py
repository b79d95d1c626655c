"""``race-kernel replay | vectors | diff``: the conformance kit's commands.

- ``race-kernel replay TRACE [--all] [--timeout S] [--max-line BYTES]
  [--report FILE] [-- COMMAND ARGS...]``: replay a JSONL trace on the kernel
  (or, after ``--``, on a program speaking the driver protocol) and report the
  first line whose recorded result differs; with a program, ``--report``
  writes that divergence as a trace ``race-kernel view`` shows (both sides).
- ``race-kernel vectors [--check] [--game G] [--spec-dir DIR] [--force]``:
  write (or, with ``--check``, regenerate in memory and compare) the golden
  vectors in ``spec/<game-id>/vectors/``, with the rule coverage check.
- ``race-kernel diff --game G [--examples N] [--seed S] [--timeout SECONDS]
  [--max-steps N] [--max-line BYTES] [--players N | --config JSON]
  [--trace-out FILE] -- COMMAND ARGS...``: differential testing of a program
  against the kernel; a divergence is shrunk and printed, and saved as a
  replayable trace.

Exit codes (as every ``race-kernel`` command, see :mod:`kernel.cli`): 0
success; 1 a finding (a line that differs, a divergence, the program under
test crashed, hung or printed garbage, vectors that differ or miss a rule);
2 bad usage or unreadable input (a trace or vector file that is missing or
not of the documented form, named by file, line and field; a spec folder
that is not one; a missing optional dependency).

The diff driver (and with it Hypothesis) is imported only by ``diff``. A game
that is no package of ``kernel/games/`` (a test-only game, one under
development) is loaded by naming its module in ``RACE_KERNEL_PLUGINS`` (see
:mod:`kernel.games`); the reference server also takes ``--plugin MODULE``.

The formats and the protocol are in spec/PROTOCOL.md.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
import signal
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import kernel
from kernel.arguments import ArgumentParser, clip, exit_code, plain_text
from kernel.conformance import vectors
from kernel.conformance.canonical import diff_paths
from kernel.conformance.compare import Divergence, PeerRunner
from kernel.conformance.expect import ExpectationsError
from kernel.conformance.expect import read as read_expectations
from kernel.conformance.levels import LEVELS, parse_levels
from kernel.conformance.protocol import MAX_LINE, PeerFailure, SubprocessPeer, command_text
from kernel.conformance.trace import (
    KernelRunner,
    Line,
    Mismatch,
    ReplayReport,
    TraceError,
    check_version,
    read_trace,
    replay_lines,
    strip_line_numbers,
    write_lines,
)
from kernel.core import PlainData
from kernel.decode import DecodeError, loads, show
from kernel.resources import MissingExtra, require

#: The longest per-request timeout accepted (seconds).
MAX_TIMEOUT = 24 * 3600.0


def _split(argv: Sequence[str]) -> tuple[list[str], list[str]]:
    args = list(argv)
    if "--" in args:
        i = args.index("--")
        return args[:i], args[i + 1:]
    return args, []


def _check_limits(p: ArgumentParser, timeout: float, max_line: int) -> None:
    if not (math.isfinite(timeout) and 0 < timeout <= MAX_TIMEOUT):
        p.error(f"--timeout must be a number of seconds above 0 and at most {MAX_TIMEOUT:g}")
    if max_line < 1:
        p.error("--max-line must be a positive number of bytes")


class _Watched:
    """A program as a replay runner (:class:`PeerRunner`) that also keeps, for the
    divergence report, the program's state at the first line whose digest differs
    from the recorded one (asked only when ``states``: one request more) and the kind
    of a failure of the program."""

    def __init__(self, inner: PeerRunner, lines: Sequence[Line], states: bool) -> None:
        self.inner = inner
        self.lines = lines
        self.states = states
        self.at = 0  # the index of the line the program's state stands after
        self.first: tuple[int, PlainData | None] | None = None
        self.failure: str | None = None

    def _call(self, name: str, *args: Any) -> Any:
        try:
            return getattr(self.inner, name)(*args)
        except PeerFailure as exc:
            self.failure = exc.kind
            raise

    def new(self, game: str, config: Mapping[str, Any]) -> str | None:
        self.at = 0
        refused: str | None = self._call("new", game, config)
        return refused

    def load(self, state: PlainData) -> str | None:
        self.at = 0
        refused: str | None = self._call("load", state)
        return refused

    def provides(self, level: str) -> bool:
        return self.inner.provides(level)

    def actor(self) -> int:
        actor: int = self._call("actor")
        return actor

    def apply(self, action: PlainData) -> tuple[list[PlainData] | None, str | None]:
        self.at += 1
        result: tuple[list[PlainData] | None, str | None] = self._call("apply", action)
        return result

    def digest(self) -> str:
        got: str = self._call("digest")
        if (self.states and self.first is None and self.at < len(self.lines)
                and got != self.lines[self.at].get("digest")):
            self.first = (self.at, self._call("state"))
        return got

    def state(self) -> PlainData | None:
        state: PlainData | None = self._call("state")
        return state

    def outcome(self) -> PlainData | None:
        outcome: PlainData | None = self._call("outcome")
        return outcome

    def status(self, candidate: PlainData) -> list[str] | None:
        status: list[str] | None = self._call("status", candidate)
        return status


_RULE = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+")


def _kernel_side(lines: Sequence[Line], index: int) -> PlainData | None:
    """The kernel's state after ``lines[index]`` (replayed as ``replay`` does), or None
    when it is not the recorded one (the kernel itself differs from the trace)."""
    header = lines[0]
    config = header["config"]
    assert isinstance(config, dict)
    run = KernelRunner()
    started = (run.load(header["state"]) if header.get("start") == "load"
               else run.new(str(header["game"]), config))
    if started is not None:
        return None
    for line in lines[1:index + 1]:
        run.apply(line["action"])
    return run.state() if run.digest() == lines[index]["digest"] else None


def replay_report(lines: Sequence[Line], report: ReplayReport, program: str,
                  first: tuple[int, PlainData | None] | None = None,
                  failure: str | None = None) -> list[Line] | None:
    """The divergence report of a replay on a program, as trace lines (None: no divergence).

    The lines up to the first one that differs (numbers as ``read_trace`` gives them),
    that line carrying a ``divergence`` note as ``race-kernel diff`` writes it: the step,
    what differs, every difference of that line in the message, the rule IDs involved,
    and both sides: the kernel's state and the program's when the states differ and the
    program tells its state (``first``: the program's state at the first line whose digest
    differs), else the first difference's recorded and replayed values. The recorded
    trace's own divergence notes are dropped; the header's ``kind`` is ``diff``.
    ``race-kernel view`` shows it like a ``diff`` report.
    """
    if not report.mismatches:
        return None
    head = report.mismatches[0]
    numbers = [int(line.get("__line__", i + 1)) for i, line in enumerate(lines)]
    index = numbers.index(head.line) if head.line in numbers else len(lines) - 1
    here = [m for m in report.mismatches if m.line == head.line]
    kept = [{k: v for k, v in line.items() if k != "divergence"}
            for line in strip_line_numbers(lines[:index + 1])]
    kept[0]["kind"] = "diff"
    mine = _kernel_side(lines, index)
    what, expected, actual = head.field, head.expected, head.actual
    if first is not None and first[0] == index and first[1] is not None and mine is not None:
        what, expected, actual = "state", mine, first[1]
    else:
        recorded = next((m for m in here if m.field == "state"), None)
        if recorded is not None:
            what, expected, actual = "state", recorded.expected, recorded.actual
    rules = tuple(dict.fromkeys(r for m in here for r in m.rules if _RULE.fullmatch(r)))
    message = f"replayed on {program}: " + "; ".join(_flat(m) for m in here)
    if what == "state" and head.field != "state":
        message += "; the states differ: " + "; ".join(diff_paths(expected, actual, limit=20))
    step = index if index == 0 else lines[index]["n"]
    assert isinstance(step, int)
    note = Divergence(step, what, message, rules, expected, actual,
                      failure if head.field == "program" else None)
    if index > 0 and mine is not None:
        kept[-1]["state"] = mine
    kept[-1]["divergence"] = note.to_data()
    return kept


def _flat(m: Mismatch) -> str:
    return " ".join(part.strip() for part in m.text().splitlines())


def _start_failure(lines: Sequence[Line], exc: PeerFailure, program: str) -> list[Line]:
    """The report of a program that failed before the game: the header and the failure."""
    header = {k: v for k, v in strip_line_numbers(lines[:1])[0].items() if k != "divergence"}
    header["kind"] = "diff"
    header["divergence"] = Divergence(0, "program", f"replayed on {program}: {exc.text()}",
                                      failure=exc.kind).to_data()
    return [header]


def _save(path: str, lines: list[Line]) -> bool:
    try:
        write_lines(path, lines)
    except OSError as exc:
        print(f"race-kernel replay: cannot write the report to {clip(path, 200)}: "
              f"{exc.strerror or clip(str(exc))}", file=sys.stderr)
        return False
    print(f"divergence report saved to {path} (show it with: race-kernel view {path})")
    return True


def _replay(argv: Sequence[str]) -> int:
    own, command = _split(argv)
    p = ArgumentParser(
        prog="race-kernel replay",
        description="Replay a JSONL trace: exit 0 when it replays exactly, 1 when a recorded "
                    "result differs, 2 when the trace cannot be read.",
        epilog="After --, a program speaking the driver protocol replays it instead of "
               "the kernel.")
    p.add_argument("trace", help="a trace file (spec/PROTOCOL.md)")
    p.add_argument("--all", action="store_true", help="print every differing line")
    p.add_argument("--timeout", type=float, default=5.0,
                   help="seconds per request to the program (default 5)")
    p.add_argument("--max-line", type=int, default=MAX_LINE,
                   help=f"the longest line read, in bytes (default {MAX_LINE})")
    p.add_argument("--allow-skips", action="store_true",
                   help="exit 0 even when something recorded could not be compared because "
                        "the program does not offer it (by default that is exit 1)")
    p.add_argument("--report", metavar="FILE",
                   help="with a program (after --): on a divergence, write it to FILE as a "
                        "trace up to the first differing line, with both sides "
                        "(race-kernel view FILE shows it)")
    args = p.parse_args(own)
    _check_limits(p, args.timeout, args.max_line)
    if args.report is not None:
        if not command:
            p.error("--report writes what a program does differently: give the program "
                    "after --")
        out = Path(args.report)
        if out.is_dir() or not out.parent.is_dir():
            p.error(f"--report {clip(args.report, 200)}: not a file in an existing folder")
    try:
        lines = read_trace(args.trace, max_line=args.max_line)
        check_version(lines, args.trace)
    except TraceError as exc:
        print(f"race-kernel replay: {exc}", file=sys.stderr)
        return 2
    if args.report is not None and lines[0].get("kind") == "status":
        print(f"race-kernel replay: --report: {clip(args.trace, 200)} is a status vector "
              f"file, not a game to show", file=sys.stderr)
        return 2
    program = command_text(command)
    watched: _Watched | None = None
    if command:
        peer = SubprocessPeer(command, timeout=args.timeout,
                              startup_timeout=max(args.timeout, 10.0), max_line=args.max_line)
        watched = _Watched(PeerRunner(peer), lines, states=args.report is not None)
        try:
            peer.start()
            report = replay_lines(lines, watched, args.trace)
        except PeerFailure as exc:
            print(f"race-kernel replay: {exc.text()}", file=sys.stderr)
            if args.report is not None:
                _save(args.report, _start_failure(lines, exc, program))
            return 1
        finally:
            peer.close()
    else:
        report = replay_lines(lines, None, args.trace)
    print(report.text(all_lines=args.all))
    if args.report is not None and watched is not None:
        found = replay_report(lines, report, program, watched.first, watched.failure)
        if found is None:
            print("no divergence: no report written")
        elif not _save(args.report, found):
            return 2
    return report.code(allow_skips=args.allow_skips)


def _vectors(argv: Sequence[str]) -> int:
    p = ArgumentParser(
        prog="race-kernel vectors",
        description="Write the golden vectors of every game, or check them (--check).")
    p.add_argument("--check", action="store_true",
                   help="regenerate in memory and compare with the files")
    p.add_argument("--game", choices=kernel.games(), help="only this game")
    p.add_argument("--spec-dir", help="the spec/ folder (default: found from here)")
    p.add_argument("--force", action="store_true",
                   help="overwrite vectors of the same version (only when the generator "
                        "changed, never for a behaviour change)")
    args = p.parse_args(argv)
    games = [args.game] if args.game else list(kernel.games())
    try:
        spec_dir = vectors.find_spec_dir(args.spec_dir, writable=not args.check)
    except OSError as exc:
        print(f"race-kernel vectors: {clip(str(exc))}", file=sys.stderr)
        return 2
    for game in games:  # a folder that is no spec folder: refuse before writing into it
        if not (spec_dir / game / "rules.md").is_file():
            print(f"race-kernel vectors: {clip(str(spec_dir), 200)} is not a spec folder: "
                  f"it has no {game}/rules.md", file=sys.stderr)
            return 2
    ok, unreadable = True, False
    for game in games:
        try:
            report = (vectors.check(game, spec_dir) if args.check
                      else vectors.write(game, spec_dir, force=args.force))
        except vectors.KernelBugError as exc:
            print(f"race-kernel vectors: {game}: kernel bug (report it; no vectors made): "
                  f"{clip(str(exc), 1000)}", file=sys.stderr)
            ok = False
            continue
        except OSError as exc:
            print(f"race-kernel vectors: {game}: cannot {'read' if args.check else 'write'} "
                  f"{clip(str(exc.filename or spec_dir), 200)}: "
                  f"{exc.strerror or clip(str(exc))}", file=sys.stderr)
            return 2
        for line in report.lines:
            print(line)
        ok = ok and report.ok
        unreadable = unreadable or report.unreadable
    if unreadable:
        print("race-kernel vectors: a vector file cannot be read (see above)", file=sys.stderr)
        return 2
    if not ok:
        print("race-kernel vectors: FAILED" + (" (see above)" if args.check else ""),
              file=sys.stderr)
    return 0 if ok else 1


def _diff_parser() -> ArgumentParser:
    p = ArgumentParser(
        prog="race-kernel diff",
        description="Differential testing of a program speaking the driver protocol "
                    "(spec/PROTOCOL.md) against the kernel: exit 0 when no unexpected "
                    "divergence is found, 1 on one (or a failing program, a comparison "
                    "skipped without --allow-skips, an interrupted run), 2 on a usage error.",
        usage="race-kernel diff --game G [options] -- COMMAND ARGS...",
        epilog="Progress goes to stderr every few seconds; Ctrl-C (or SIGTERM) stops the run "
               "and prints what was found so far.")
    p.add_argument("--game", default=None, choices=kernel.games(),
                   help="the game (default: the only one, if there is only one)")
    p.add_argument("--examples", type=int, default=100, help="Hypothesis examples (default 100)")
    p.add_argument("--seed", type=int, default=0, help="Hypothesis seed (default 0)")
    p.add_argument("--timeout", type=float, default=5.0,
                   help="seconds per request before the program counts as hung (default 5)")
    p.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                   help="stop starting new examples after this many seconds (the summary "
                        "says so)")
    p.add_argument("--max-steps", type=int, default=600,
                   help="at most this many actions per example (default 600)")
    p.add_argument("--max-line", type=int, default=MAX_LINE,
                   help=f"the longest response line read, in bytes (default {MAX_LINE})")
    p.add_argument("--players", type=int, help="only this player count")
    p.add_argument("--config", help="only this configuration (JSON)")
    p.add_argument("--compare", metavar="LEVELS",
                   help="compare only these levels (comma-separated: "
                        f"{', '.join(LEVELS)}); a level the program does not provide is "
                        "counted as skipped")
    p.add_argument("--no-observations", action="store_true",
                   help="do not compare observations")
    p.add_argument("--expect", metavar="FILE",
                   help="known divergences: rule IDs with a reason, one a line "
                        "(spec/PROTOCOL.md, Expectations); they do not fail the run")
    p.add_argument("--keep-going", action="store_true",
                   help="collect every divergence, grouped by first rule ID, with a count and "
                        "one shrunk trace each")
    p.add_argument("--exclude-rules", nargs="+", default=(), metavar="PREFIX",
                   help="generated games avoid actions whose events or rejection name a rule "
                        "starting with one of these prefixes")
    p.add_argument("--allow-skips", action="store_true",
                   help="exit 0 even when a level named by --compare was skipped")
    p.add_argument("--trace-out", default="diff-trace.jsonl",
                   help="where to save the failing example's trace (default "
                        "diff-trace.jsonl; with --keep-going the other groups' next to it, "
                        "NAME-2.jsonl, ...)")
    p.add_argument("--summary", metavar="FILE.json",
                   help="write everything the text says as JSON to FILE.json")
    p.add_argument("--database", default=None, metavar="DIR",
                   help="Hypothesis's example database (failing examples are tried first "
                        "next time): default $RACE_KERNEL_CACHE/hypothesis, else "
                        "$XDG_CACHE_HOME/race-kernel/hypothesis or "
                        "~/.cache/race-kernel/hypothesis; 'none' keeps nothing")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return p


def _group_path(base: str, i: int) -> str:
    if i == 0:
        return base
    path = Path(base)
    return str(path.with_name(f"{path.stem}-{i + 1}{path.suffix}"))


def _diff(argv: Sequence[str]) -> int:
    own, command = _split(argv)
    p = _diff_parser()
    args = p.parse_args(own)
    if not command:
        p.error("no program to test: give it after --, e.g. -- python3 my_impl.py")
    game = args.game or (kernel.games()[0] if len(kernel.games()) == 1 else None)
    if game is None:
        p.error("--game is required")
    config = None
    if args.config is not None:
        try:
            config = loads(args.config)
        except DecodeError as exc:
            p.error(f"--config is not JSON the kernel reads: {exc}")
        if not isinstance(config, dict):
            p.error(f"--config must be a JSON object, not {show(config)}")
    elif args.players is not None:
        config = {kernel.game_info(game).config.players_key: args.players}
    if config is not None:
        problem = kernel.check_config(game, config)
        if problem:
            p.error(f"bad configuration: {problem} [KERNEL-CONFIG]")
    if args.examples < 1 or args.max_steps < 0:
        p.error("--examples must be positive and --max-steps at least 0")
    if args.time_limit is not None and not (math.isfinite(args.time_limit)
                                            and args.time_limit > 0):
        p.error("--time-limit must be a number of seconds above 0")
    compare: tuple[str, ...] | None = None
    if args.compare is not None:
        try:
            compare = parse_levels(args.compare)
        except ValueError as exc:
            p.error(f"--compare: {exc}")
    _check_limits(p, args.timeout, args.max_line)
    for option, path_text in (("--trace-out", args.trace_out), ("--summary", args.summary)):
        if path_text is None:
            continue
        out = Path(path_text)
        if out.is_dir() or not out.parent.is_dir():
            p.error(f"{option} {clip(path_text, 200)}: not a file in an existing folder")
    expectations = None
    if args.expect is not None:
        try:
            expectations = read_expectations(args.expect)
        except ExpectationsError as exc:
            p.error(f"--expect: {clip(str(exc), 400)}")
    require("hypothesis", "conformance", "race-kernel diff")
    from kernel.conformance.driver import (
        DiffOptions,
        default_database,
        diff,
        write_group,
        write_result,
    )

    database = (None if args.database == "none"
                else str(args.database or default_database()))
    scratch = tempfile.TemporaryDirectory(prefix="race-kernel-diff-") if database is None else None

    def progress(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    peer = SubprocessPeer(command, timeout=args.timeout, startup_timeout=max(args.timeout, 10.0),
                          max_line=args.max_line)
    options = DiffOptions(game, examples=args.examples, seed=args.seed, max_steps=args.max_steps,
                          config=config, observations=not args.no_observations,
                          compare=compare, keep_going=args.keep_going, expect=expectations,
                          exclude_rules=tuple(args.exclude_rules), time_limit=args.time_limit,
                          progress=None if args.quiet else progress, database=database,
                          home=None if scratch is None else scratch.name)
    try:
        with _interruptible():
            result = diff(peer, options)
    finally:
        if scratch is not None:
            scratch.cleanup()
    print(result.text())
    code = result.exit_code(allow_skips=args.allow_skips)
    summary = result.summary(allow_skips=args.allow_skips)
    saved: list[str] = []
    if result.divergence is not None and result.lines:
        groups = result.unexpected if args.keep_going and result.unexpected else ()
        try:
            if groups:
                for i, group in enumerate(groups):
                    write_group(_group_path(args.trace_out, i), group)
                    saved.append(_group_path(args.trace_out, i))
            else:
                write_result(args.trace_out, result)
                saved.append(args.trace_out)
        except OSError as exc:
            print(f"race-kernel diff: cannot save the trace to {clip(args.trace_out, 200)}: "
                  f"{exc.strerror or clip(str(exc))}", file=sys.stderr)
            code = 1
        for path in saved:
            print(f"trace saved to {path} (replay it on the program with: "
                  f"race-kernel replay {path} -- {command_text(command)})")
    summary["traces"] = saved
    if args.summary is not None:
        try:
            Path(args.summary).write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n",
                                          encoding="utf-8")
        except OSError as exc:
            print(f"race-kernel diff: cannot write the summary to {clip(args.summary, 200)}: "
                  f"{exc.strerror or clip(str(exc))}", file=sys.stderr)
            return 2
    return code


@contextlib.contextmanager
def _interruptible() -> Iterator[None]:
    """SIGTERM stops a run like Ctrl-C does (a partial summary is printed)."""
    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: leave SIGTERM alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def main(argv: list[str]) -> int:
    """Dispatch ``argv[0]`` in {replay, vectors, diff}; the exit code (0, 1 or 2)."""
    commands = {"replay": _replay, "vectors": _vectors, "diff": _diff}
    if not argv or argv[0] not in commands:
        print(plain_text(__doc__ or ""), file=sys.stderr)
        return 2
    try:
        return commands[argv[0]](argv[1:])
    except SystemExit as exc:  # argparse: --help or a usage error
        return exit_code(exc)
    except MissingExtra as exc:  # an optional dependency is not installed: one line
        print(exc, file=sys.stderr)
        return 2

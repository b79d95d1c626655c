"""``race-kernel spec ...``: run, export and trace the executable spec.

Commands (each takes ``--spec-dir DIR``; by default the checkout's ``spec/``
when running from a source tree, else the copy shipped in the installed
package, see :mod:`kernel.resources`):

- ``check [--game G] [--rule ID] [--failures-only]``: run the examples, one
  line per example (PASS/FAIL, id, rules); exit 1 when an example fails or
  an example file has a problem; a ``--game`` or ``--rule`` that no
  catalogue or example knows is a usage error (exit 2), never "0 examples,
  pass"; ``-- PROGRAM`` runs them on a program speaking the driver protocol
  instead (:mod:`kernel.conformance.speccheck`: a table per rule, ``--expect
  FILE``, ``--allow-skips``, ``--format text|json|junit|tap``, ``-o FILE``);
- ``export [-o FILE] [--game G]``: every example, with the fixtures, rules and
  behaviour versions, as one JSON document (schema version 1) for other
  implementations;
- ``trace``: the traceability gate (see :mod:`kernel.spec.trace`); one row
  per rule, then the gaps; exit 1 when there is a gap;
- ``interpretations [--write]``: print or write ``spec/INTERPRETATIONS.md``;
- ``link [--write]``: print or write the ``Examples:`` line of every rule;
- ``path [GAME]``: print the spec folder in use (the copy shipped in the
  package when installed), or one game's folder in it, so that a file the
  README names under ``spec/`` can be found outside a checkout.

Exit codes (as every ``race-kernel`` command, see :mod:`kernel.cli`): 0
success, 1 a finding (a failing example, a problem in an example file, a
traceability gap), 2 bad usage or unreadable input (an unknown option, game
or rule; a spec folder that is missing or unreadable; an output file that
cannot be written; jsonschema not installed, for the commands that validate
with it).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import kernel
from kernel import resources
from kernel.arguments import ArgumentParser, clip, exit_code, plain_text
from kernel.resources import MissingExtra, require
from kernel.spec import catalogue as cat
from kernel.spec import trace as gate
from kernel.spec.examples import (
    SCHEMA_FILE,
    SCHEMA_VERSION,
    Result,
    Suite,
    load_suite,
    run_suite,
    schema,
    schema_errors,
)
from kernel.spec.interpretations import FILE_NAME as INTERPRETATIONS
from kernel.spec.interpretations import render

EXPORT_KIND = "race-kernel-spec-examples"


def find_spec_dir(explicit: str | None = None, *, writable: bool = False) -> Path:
    """The spec folder: explicit, else the checkout's spec/, else the installed package's copy.

    See :func:`kernel.resources.spec_dir`; ``writable`` refuses the installed
    package's (read-only) copy. On an error, prints it in one line and exits 2.
    """
    try:
        path = resources.spec_dir(explicit, writable=writable)
    except OSError as exc:
        print(f"race-kernel spec: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    if not (path / SCHEMA_FILE).is_file():
        print(f"race-kernel spec: {path} has no {SCHEMA_FILE}", file=sys.stderr)
        raise SystemExit(2)
    return path


def prefixes() -> tuple[str, ...]:
    """Rule ID prefixes: every registered game's rule prefixes, plus KERNEL-."""
    return tuple(sorted({p for g in kernel.games() for p in kernel.game_info(g).rule_prefixes}
                        | {gate.KERNEL_PREFIX}))


def versions() -> dict[str, int]:
    return {g: kernel.game_info(g).version for g in kernel.games()}


def game_prefixes() -> dict[str, tuple[str, ...]]:
    """Each registered game's own rule-ID prefixes (a family's may be in several)."""
    return {g: tuple(kernel.game_info(g).rule_prefixes) for g in kernel.games()}


def game_dirs(root: Path) -> list[Path]:
    """The package folders of the registered games that are not under ``root/kernel``
    (plug-ins): their code counts as code, not as tests."""
    kernel_dir = (root / "kernel").resolve()
    out: list[Path] = []
    for g in kernel.games():
        module = sys.modules.get(kernel.game_info(g).state_type.__module__)
        if module is None:
            continue
        package = sys.modules.get(module.__package__ or "")
        source = getattr(package or module, "__file__", None)
        if not source:
            continue
        path = Path(source).resolve()
        folder = path.parent if package is not None else path
        if not folder.is_relative_to(kernel_dir) and folder not in out:
            out.append(folder)
    return out


class UsageError(Exception):
    """A usage error a command reports in one line (exit 2)."""


def _parser(prog: str, description: str) -> argparse.ArgumentParser:
    p = ArgumentParser(prog=f"race-kernel spec {prog}", description=description)
    p.add_argument("--spec-dir", help="the spec/ folder (default: found from cwd or package)")
    return p


# --------------------------------------------------------------------------
# check


def _report(result: Result) -> list[str]:
    ex = result.example
    rules = " ".join(ex.rules)
    where = f"{ex.game}/{ex.area}"
    if result.ok:
        return [f"PASS  {ex.id}  [{rules}]  ({where})"]
    lines = [f"FAIL  {ex.id}  [{rules}]  ({where}): {ex.description}"]
    for failure in result.failures:
        lines.append(f"      - {failure}")
    return lines


def check(argv: Sequence[str]) -> int:
    args_list = list(argv)
    command: list[str] = []
    if "--" in args_list:
        i = args_list.index("--")
        args_list, command = args_list[:i], args_list[i + 1:]
    p = _parser("check", "Run the executable examples against the kernel, or (after --) "
                         "against a program speaking the driver protocol (spec/PROTOCOL.md).")
    p.add_argument("--game", help="only the examples of this game id")
    p.add_argument("--rule", help="only the examples that exemplify this rule ID")
    p.add_argument("--failures-only", action="store_true", help="print only failing examples")
    p.add_argument("--format", choices=("text", "json", "junit", "tap"), default="text",
                   help="the report's form (default text)")
    p.add_argument("-o", "--output", help="write the report to this file (default: stdout)")
    p.add_argument("--expect", metavar="FILE",
                   help="with a program: examples or rule IDs known to fail, with a reason "
                        "(spec/PROTOCOL.md, Expectations)")
    p.add_argument("--allow-skips", action="store_true",
                   help="with a program: exit 0 even when expectations could not be compared")
    p.add_argument("--timeout", type=float, default=5.0,
                   help="with a program: seconds per request (default 5)")
    args = p.parse_args(args_list)
    require("jsonschema", "conformance", "race-kernel spec check")
    spec_dir = find_spec_dir(args.spec_dir)
    suite = load_suite(spec_dir)
    _check_selection(spec_dir, suite, args.game, args.rule)
    if command or args.format != "text" or args.expect is not None:
        return _check_report(args, suite, command)
    for problem in suite.problems:
        print(f"PROBLEM  {problem.where}: {problem.message}")
    results = run_suite(suite, game=args.game, rule=args.rule)
    failed = [r for r in results if not r.ok]
    for r in results:
        if r.ok and args.failures_only:
            continue
        for line in _report(r):
            print(line)
    if not results:  # a known game or rule without examples: a gap of the spec
        what = " and ".join(x for x in (args.game and f"game {args.game}",
                                        args.rule and f"rule {args.rule}") if x)
        print(f"no example exemplifies {what or 'anything'}")
    per_rule: dict[str, list[str]] = {}
    for r in failed:
        for rule in r.example.rules:
            per_rule.setdefault(rule, []).append(r.example.id)
    print(f"{len(results)} examples: {len(results) - len(failed)} passed, {len(failed)} failed"
          + (f"; {len(suite.problems)} problems in the example files" if suite.problems else ""))
    for rule, ids in sorted(per_rule.items()):
        print(f"  {rule}: failing {', '.join(ids)}")
    return 1 if failed or suite.problems or not results else 0


def _check_report(args: argparse.Namespace, suite: Suite, command: list[str]) -> int:
    """``spec check`` with a report: on a program (after --), or in another format."""
    import math

    from kernel.conformance import speccheck
    from kernel.conformance.expect import ExpectationsError
    from kernel.conformance.expect import read as read_expectations
    from kernel.conformance.levels import Tally
    from kernel.conformance.protocol import SubprocessPeer, command_text

    if not (math.isfinite(args.timeout) and args.timeout > 0):
        raise UsageError("--timeout must be a number of seconds above 0")
    if suite.problems:
        for problem in suite.problems:
            print(f"PROBLEM  {problem.where}: {problem.message}", file=sys.stderr)
        return 1
    expect = None
    if args.expect is not None:
        if not command:
            raise UsageError("--expect is for a program: give it after --")
        try:
            expect = read_expectations(args.expect)
        except ExpectationsError as exc:
            raise UsageError(str(exc)) from None
    examples = [ex for ex in suite.examples
                if (args.game is None or ex.game == args.game)
                and (args.rule is None or args.rule in ex.rules)]
    if command:
        peer = SubprocessPeer(command, timeout=args.timeout,
                              startup_timeout=max(args.timeout, 10.0))
        report = speccheck.run(peer, examples, suite.fixtures, expect, command_text(command),
                               progress=lambda t: print(t, file=sys.stderr, flush=True))
    else:
        results = run_suite(suite, game=args.game, rule=args.rule)
        report = speccheck.Report(tuple(
            speccheck.Checked(r.example, "pass" if r.ok else "fail", r.failures)
            for r in results), Tally(), None, "the kernel")
    if args.format == "json":
        text = json.dumps(report.to_data(allow_skips=args.allow_skips), indent=1) + "\n"
    elif args.format == "junit":
        text = report.junit()
    elif args.format == "tap":
        text = report.tap()
    else:
        text = report.text(failures_only=args.failures_only) + "\n"
    if args.output:
        _write(Path(args.output), text)
        print(report.totals(), file=sys.stderr)
    else:
        sys.stdout.write(text)
    return report.exit_code(allow_skips=args.allow_skips)


def _check_selection(spec_dir: Path, suite: Suite, game: str | None,
                     rule: str | None) -> None:
    """A --game or --rule that nothing knows is a usage error (UsageError)."""
    if game is not None:
        known = set(kernel.games()) | {f.game for f in suite.files}
        if game not in known:
            raise UsageError(f"unknown game {clip(game, 80)!r}; known: "
                             f"{', '.join(sorted(known))}")
    if rule is not None:
        rules = {r.id for c in cat.load(spec_dir) for r in c.rules}
        rules |= {r for ex in suite.examples for r in ex.rules}
        if rule not in rules:
            raise UsageError(f"unknown rule ID {clip(rule, 80)!r}: no catalogue defines it "
                             f"and no example names it")


# --------------------------------------------------------------------------
# export


def export_document(spec_dir: Path, suite: Suite, game: str | None = None) -> dict[str, Any]:
    """Every example as one document (see spec/README.md, "Running the examples elsewhere")."""
    games: list[dict[str, Any]] = []
    for gid in sorted({f.game for f in suite.files}):
        if game is not None and gid != game:
            continue
        try:
            info = kernel.game_info(gid)
            version, prefixes = info.version, list(info.rule_prefixes)
        except kernel.ConfigError:
            version, prefixes = 0, []
        games.append({
            "game": gid,
            "behaviour_version": version,
            "rule_prefixes": prefixes,
            "fixtures": suite.fixtures(gid),
        })
    rules = [
        {"id": r.id, "title": r.title, "catalogue": r.path.relative_to(spec_dir.parent).as_posix()}
        for c in cat.load(spec_dir) for r in c.rules
    ]
    examples = []
    for ex in suite.examples:
        if game is not None and ex.game != game:
            continue
        examples.append({**ex.raw, "game": ex.game, "area": ex.area})
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": EXPORT_KIND,
        "games": games,
        "rules": rules,
        "examples": examples,
    }


def export(argv: Sequence[str]) -> int:
    p = _parser("export", "Write every example as one JSON document for other implementations.")
    p.add_argument("-o", "--output", help="write to this file (default: stdout)")
    p.add_argument("--game", help="only the examples of this game id")
    args = p.parse_args(argv)
    require("jsonschema", "conformance", "race-kernel spec export")
    spec_dir = find_spec_dir(args.spec_dir)
    suite = load_suite(spec_dir)
    _check_selection(spec_dir, suite, args.game, None)
    if suite.problems:
        for problem in suite.problems:
            print(f"race-kernel spec export: {problem.where}: {problem.message}", file=sys.stderr)
        return 1
    document = export_document(spec_dir, suite, args.game)
    errors = schema_errors(document, schema(spec_dir))
    if errors:
        for e in errors:
            print(f"race-kernel spec export: export document: {e}", file=sys.stderr)
        return 1
    text = json.dumps(document, indent=1, sort_keys=False, ensure_ascii=False) + "\n"
    if args.output:
        _write(Path(args.output), text)
        print(f"wrote {len(document['examples'])} examples to {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


# --------------------------------------------------------------------------
# trace, interpretations, link


def trace(argv: Sequence[str]) -> int:
    p = _parser("trace", "The traceability gate: every rule in code, tests and examples.")
    p.add_argument("--root", help="the repository root (default: the spec folder's parent)")
    p.add_argument("--gaps-only", action="store_true", help="print only the gaps")
    args = p.parse_args(argv)
    require("jsonschema", "conformance", "race-kernel spec trace")
    spec_dir = find_spec_dir(args.spec_dir)
    check_tests = True
    if args.root:
        root = Path(args.root).resolve()
    elif resources.is_shipped(spec_dir):
        # an installed package has its code and examples but no tests
        root, check_tests = resources.package_root(), False
        print("tests not checked: the installed package has none (give --root DIR, "
              "a checkout, to check them)", file=sys.stderr)
    else:
        root = spec_dir.parent
    report = gate.run(root, spec_dir, prefixes(), versions(), check_tests=check_tests,
                      games=game_prefixes(), code_dirs=game_dirs(root))
    if not args.gaps_only:
        for line in gate.table(report):
            print(line)
        print()
    rows = report.rows
    tests = f"{sum(1 for r in rows if r.tests)}" if check_tests else "(not checked)"
    print(f"{len(rows)} rules: {sum(1 for r in rows if r.code)} named in code, "
          f"{tests} in tests, "
          f"{sum(1 for r in rows if r.examples)} in examples")
    if report.gaps:
        print(f"{len(report.gaps)} gaps:")
        for g in report.gaps:
            print(f"  - {g}")
    else:
        print("no gaps")
    return 1 if report.gaps else 0


def interpretations(argv: Sequence[str]) -> int:
    p = _parser("interpretations", f"Print (or --write) spec/{INTERPRETATIONS}.")
    p.add_argument("--write", action="store_true", help=f"write spec/{INTERPRETATIONS}")
    args = p.parse_args(argv)
    spec_dir = find_spec_dir(args.spec_dir, writable=args.write)
    text = render(cat.load(spec_dir), spec_dir)
    if args.write:
        _write(spec_dir / INTERPRETATIONS, text)
        print(f"wrote {spec_dir / INTERPRETATIONS}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def link(argv: Sequence[str]) -> int:
    p = _parser("link", "Print (or --write) each rule's 'Examples:' line from the example files.")
    p.add_argument("--write", action="store_true", help="rewrite the Examples: lines in place")
    args = p.parse_args(argv)
    require("jsonschema", "conformance", "race-kernel spec link")
    spec_dir = find_spec_dir(args.spec_dir, writable=args.write)
    suite = load_suite(spec_dir)
    by_rule: dict[str, list[str]] = {}
    for ex in suite.examples:
        for rule in ex.rules:
            by_rule.setdefault(rule, []).append(ex.id)
    changed = 0
    for c in cat.load(spec_dir):
        text = cat.with_examples_lines(c, by_rule)
        old = cat.read_text(c.path)
        if text != old:
            changed += 1
            if args.write:
                _write(c.path, text)
                print(f"updated {c.path}", file=sys.stderr)
        if not args.write:
            for r in c.rules:
                ids = by_rule.get(r.id, [])
                print(f"{r.id}: {', '.join(ids) if ids else '(no examples)'}")
    if not args.write and changed:
        print(f"{changed} catalogue(s) differ: run with --write", file=sys.stderr)
    return 0


def path(argv: Sequence[str]) -> int:
    """``spec path [GAME]``: the spec folder in use (or one game's folder in it)."""
    p = _parser("path", "Print the folder of the spec data the commands use (rule "
                "catalogues, examples, golden vectors): the checkout's spec/ in a source "
                "tree, the copy shipped inside the package when installed. With GAME, that "
                "game's folder. Example: race-kernel view \"$(race-kernel spec path GAME)"
                "/vectors/FILE.jsonl\" -o game.html (race-kernel games lists the games).")
    p.add_argument("game", nargs="?", metavar="GAME", help="a registered game")
    args = p.parse_args(argv)
    folder = find_spec_dir(args.spec_dir)
    if args.game is not None:
        if args.game not in kernel.games():
            raise UsageError(f"unknown game {clip(args.game, 80)!r}; known: "
                             f"{', '.join(kernel.games())}")
        folder = folder / args.game
    print(folder)
    return 0


COMMANDS = {
    "check": check,
    "export": export,
    "trace": trace,
    "interpretations": interpretations,
    "link": link,
    "path": path,
}


def _write(path: Path, text: str) -> None:
    """Write an output file; a path that cannot be written is a usage error."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {clip(str(path), 200)}: "
                         f"{exc.strerror or type(exc).__name__}") from None


def main(argv: list[str]) -> int:
    """Dispatch ``race-kernel spec <command> ...``; the exit code (0, 1 or 2)."""
    if not argv or argv[0] in ("-h", "--help"):
        print(plain_text(__doc__ or ""), file=sys.stdout if argv else sys.stderr)
        return 0 if argv else 2
    command = COMMANDS.get(argv[0])
    if command is None:
        print(f"race-kernel spec: unknown command {clip(argv[0], 80)!r}; "
              f"known: {', '.join(COMMANDS)}", file=sys.stderr)
        return 2
    try:
        return command(argv[1:])
    except SystemExit as exc:  # argparse (--help, a usage error), or find_spec_dir
        return exit_code(exc)
    except UsageError as exc:
        print(f"race-kernel spec {argv[0]}: {exc}", file=sys.stderr)
        return 2
    except MissingExtra as exc:  # jsonschema is not installed: one line
        print(exc, file=sys.stderr)
        return 2
    except (OSError, cat.SpecFileError) as exc:  # a spec file that cannot be read
        print(f"race-kernel spec {argv[0]}: {clip(str(exc), 400)}", file=sys.stderr)
        return 2

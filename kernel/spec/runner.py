"""``race-kernel spec ...``: run, export and trace the executable spec.

Commands (each takes ``--spec-dir DIR``; by default the ``spec/`` folder
holding ``example.schema.json`` is searched upwards from the current
directory, then from this package):

- ``check [--game G] [--rule ID] [--failures-only]``: run the examples, one
  line per example (PASS/FAIL, id, rules); exit code = number of failures
  and load problems, capped at 125 (126 and above mean other things to
  shells);
- ``export [-o FILE] [--game G]``: every example, with the fixtures, rules and
  behaviour versions, as one JSON document (schema version 1) for other
  implementations;
- ``trace``: the traceability gate (see :mod:`kernel.spec.trace`); one row
  per rule, then the gaps; exit code = number of gaps, capped at 125;
- ``interpretations [--write]``: print or write ``spec/INTERPRETATIONS.md``;
- ``link [--write]``: print or write the ``Examples:`` line of every rule.

Usage errors exit with 2, as argparse does.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import kernel
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

#: Exit codes count failures up to this cap (126+ are reserved by shells).
EXIT_CAP = 125
EXPORT_KIND = "race-kernel-spec-examples"


def find_spec_dir(explicit: str | None = None) -> Path:
    """The spec/ folder: explicit, else found upwards from cwd, else from this package."""
    if explicit:
        path = Path(explicit).resolve()
        if not (path / SCHEMA_FILE).is_file():
            raise SystemExit(f"race-kernel spec: {path} has no {SCHEMA_FILE}")
        return path
    for base in (Path.cwd().resolve(), Path(__file__).resolve().parent):
        for folder in (base, *base.parents):
            candidate = folder / "spec"
            if (candidate / SCHEMA_FILE).is_file():
                return candidate
    raise SystemExit("race-kernel spec: no spec/ folder with example.schema.json found "
                     "(use --spec-dir)")


def prefixes() -> tuple[str, ...]:
    """Rule ID prefixes: each registered game's rule_prefix, plus KERNEL-."""
    return tuple(sorted({kernel.game_info(g).rule_prefix for g in kernel.games()}
                        | {gate.KERNEL_PREFIX}))


def versions() -> dict[str, int]:
    return {g: kernel.game_info(g).version for g in kernel.games()}


def _capped(n: int) -> int:
    return min(n, EXIT_CAP)


def _parser(prog: str, description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=f"race-kernel spec {prog}", description=description)
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
    p = _parser("check", "Run the executable examples against the kernel.")
    p.add_argument("--game", help="only the examples of this game id")
    p.add_argument("--rule", help="only the examples that exemplify this rule ID")
    p.add_argument("--failures-only", action="store_true", help="print only failing examples")
    args = p.parse_args(argv)
    spec_dir = find_spec_dir(args.spec_dir)
    suite = load_suite(spec_dir)
    for problem in suite.problems:
        print(f"PROBLEM  {problem.where}: {problem.message}")
    results = run_suite(suite, game=args.game, rule=args.rule)
    failed = [r for r in results if not r.ok]
    for r in results:
        if r.ok and args.failures_only:
            continue
        for line in _report(r):
            print(line)
    if args.rule and not results:
        print(f"no example exemplifies {args.rule}")
    per_rule: dict[str, list[str]] = {}
    for r in failed:
        for rule in r.example.rules:
            per_rule.setdefault(rule, []).append(r.example.id)
    print(f"{len(results)} examples: {len(results) - len(failed)} passed, {len(failed)} failed"
          + (f"; {len(suite.problems)} problems in the example files" if suite.problems else ""))
    for rule, ids in sorted(per_rule.items()):
        print(f"  {rule}: failing {', '.join(ids)}")
    return _capped(len(failed) + len(suite.problems))


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
            version, prefix = info.version, info.rule_prefix
        except kernel.ConfigError:
            version, prefix = 0, ""
        games.append({
            "game": gid,
            "behaviour_version": version,
            "rule_prefix": prefix,
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
    spec_dir = find_spec_dir(args.spec_dir)
    suite = load_suite(spec_dir)
    if suite.problems:
        for problem in suite.problems:
            print(f"race-kernel spec export: {problem.where}: {problem.message}", file=sys.stderr)
        return _capped(len(suite.problems))
    document = export_document(spec_dir, suite, args.game)
    errors = schema_errors(document, schema(spec_dir))
    if errors:
        for e in errors:
            print(f"race-kernel spec export: export document: {e}", file=sys.stderr)
        return _capped(len(errors))
    text = json.dumps(document, indent=1, sort_keys=False, ensure_ascii=False) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
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
    spec_dir = find_spec_dir(args.spec_dir)
    root = Path(args.root).resolve() if args.root else spec_dir.parent
    report = gate.run(root, spec_dir, prefixes(), versions())
    if not args.gaps_only:
        for line in gate.table(report):
            print(line)
        print()
    rows = report.rows
    print(f"{len(rows)} rules: {sum(1 for r in rows if r.code)} named in code, "
          f"{sum(1 for r in rows if r.tests)} in tests, "
          f"{sum(1 for r in rows if r.examples)} in examples")
    if report.gaps:
        print(f"{len(report.gaps)} gaps:")
        for g in report.gaps:
            print(f"  - {g}")
    else:
        print("no gaps")
    return _capped(len(report.gaps))


def interpretations(argv: Sequence[str]) -> int:
    p = _parser("interpretations", f"Print (or --write) spec/{INTERPRETATIONS}.")
    p.add_argument("--write", action="store_true", help=f"write spec/{INTERPRETATIONS}")
    args = p.parse_args(argv)
    spec_dir = find_spec_dir(args.spec_dir)
    text = render(cat.load(spec_dir), spec_dir)
    if args.write:
        (spec_dir / INTERPRETATIONS).write_text(text, encoding="utf-8")
        print(f"wrote {spec_dir / INTERPRETATIONS}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def link(argv: Sequence[str]) -> int:
    p = _parser("link", "Print (or --write) each rule's 'Examples:' line from the example files.")
    p.add_argument("--write", action="store_true", help="rewrite the Examples: lines in place")
    args = p.parse_args(argv)
    spec_dir = find_spec_dir(args.spec_dir)
    suite = load_suite(spec_dir)
    by_rule: dict[str, list[str]] = {}
    for ex in suite.examples:
        for rule in ex.rules:
            by_rule.setdefault(rule, []).append(ex.id)
    changed = 0
    for c in cat.load(spec_dir):
        text = cat.with_examples_lines(c, by_rule)
        old = c.path.read_text(encoding="utf-8")
        if text != old:
            changed += 1
            if args.write:
                c.path.write_text(text, encoding="utf-8")
                print(f"updated {c.path}", file=sys.stderr)
        if not args.write:
            for r in c.rules:
                ids = by_rule.get(r.id, [])
                print(f"{r.id}: {', '.join(ids) if ids else '(no examples)'}")
    if not args.write and changed:
        print(f"{changed} catalogue(s) differ: run with --write", file=sys.stderr)
    return 0


COMMANDS = {
    "check": check,
    "export": export,
    "trace": trace,
    "interpretations": interpretations,
    "link": link,
}


def main(argv: list[str]) -> int:
    """Dispatch ``race-kernel spec <command> ...``; returns the exit code."""
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    command = COMMANDS.get(argv[0])
    if command is None:
        print(f"race-kernel spec: unknown command {argv[0]!r}; "
              f"known: {', '.join(COMMANDS)}", file=sys.stderr)
        return 2
    return command(argv[1:])

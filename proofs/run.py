"""Check the CrossHair contracts of the kernel's pure rule functions, and that they can fail.

    python3 proofs/run.py                 # the gate: changed contracts always, the rest in rotation
    python3 proofs/run.py --all           # re-check every contract and planted bug
    python3 proofs/run.py --record        # re-check everything, rewrite proofs/results.{json,md}
    python3 proofs/run.py --record --only move   # re-check move's contracts and plants only
    python3 proofs/run.py --only move     # the gate, restricted to move

A contract is one postcondition of one function listed in BUDGETS. CrossHair
(``crosshair check --report_all``, with a pinned per-condition budget in CPU
seconds) gives it one of:

- ``confirmed``: CrossHair exhausted every path ("Confirmed over all paths.");
- ``no counterexample within budget``: paths that met the preconditions were
  checked and none broke the condition ("Not confirmed."); ``paths`` says how
  many;
- ``counterexample``: CrossHair found an input that breaks it;
- ``precondition never met``: no path got past the preconditions, so the
  condition checked nothing ("Unable to meet precondition").

A counterexample, a precondition never met and a condition that no completed
path reached (0 paths) are defects: a contract that checks nothing is a
defect. PLANTS are copies of a module with one deliberate bug each; CrossHair
must find a counterexample in each, which shows the contracts and the budgets
can catch a broken rule.

**The record.** proofs/results.json keeps, per contract and per planted bug,
its last result, when it was checked and a hash (sha256) of everything the
result depends on:

- the CrossHair version and the options run.py passes it, and the budget;
- the function's source (its AST: comments and layout do not count) with
  its preconditions and this one postcondition (its other postconditions are
  checked separately and do not count);
- transitively, the source of every function, class and module-level
  constant of the kernel it reaches: names used in its body, signature and
  conditions, resolved in the defining module and, through ``import`` and
  ``from ... import``, in the kernel modules it imports from (a name
  imported from outside the kernel counts as its import line);
- for a planted bug, the plant itself (text, kept condition, focus, budget)
  and the whole function.

**The gate** (no flag) computes the hashes (no CrossHair needed), then

1. re-checks now every contract and plant whose hash differs from the
   record or that has no record, and FAILS (the record is stale, even when
   the re-check passes) until ``python3 proofs/run.py --record`` is run and
   committed; a recorded entry whose contract no longer exists is stale too;
2. re-checks the unchanged ones in rotation within a time box (``--time-box``,
   30 s of wall time on 2 workers by default): every contract and plant has a
   place on a fixed cycle (BUDGETS order, postconditions in source order,
   then PLANTS), as long as its recorded duration plus STARTUP; the cycle is
   cut into consecutive windows of ``workers x time box`` seconds and the
   run re-checks the window numbered by the slot (``--slot``, by default the
   UTC day), so successive days re-check successive windows and every
   contract is re-checked once every ceil(cycle / window) days. A job not
   started when the box closes is skipped (reported);
3. trusts the record for the rest, and fails when a trusted recorded result
   is itself a defect.

A counterexample or a precondition never met in any re-check fails the gate.
A single contract is re-checked in a temporary copy of the kernel package in
which the function's other postconditions are switched off (the line count
stays the same), so its run costs one condition's budget.

The modules beside this one, one concern each: ``proof_plan`` (the budgets
and the planted bugs), ``proof_source`` (reading the source: conditions,
definitions, what they reach), ``proof_items`` (the contracts and plants with
their hashes), ``proof_crosshair`` (running CrossHair), ``proof_record`` (the
record) and ``proof_rotation`` (what the gate re-checks today); this module
holds the modes and the command line.
"""

from __future__ import annotations

import argparse
import math
import platform
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the modules beside this one

from proof_crosshair import (  # noqa: F401 (the names tests and callers use as run.NAME)
    ANALYZING,
    DEFECTS,
    FINISHED,
    MESSAGE,
    STATS,
    STATUS,
    Condition,
    Counts,
    Job,
    PlantResult,
    Result,
    T,
    check_contracts,
    check_plant,
    crosshair,
    execute,
    in_copy,
    run_job,
)
from proof_items import (  # noqa: F401 (the names tests and callers use as run.NAME)
    Item,
    items,
    planted_source,
    subset_source,
    tool,
    unbudgeted,
)
from proof_plan import (  # noqa: F401 (the names tests and callers use as run.NAME)
    BUDGETS,
    GAME_PROOFS,
    OPTIONS,
    PACKAGE,
    PAYOUTS,
    PLANTS,
    RANKING,
    RECORD_COMMAND,
    ROOT,
    SHARED_BUDGETS,
    SHARED_PLANTS,
    STACKS,
    STARTUP,
    TIME_BOX,
    TRACK,
    WORKERS,
    ContractError,
    Plant,
    game_proofs,
)
from proof_record import (  # noqa: F401 (the names tests and callers use as run.NAME)
    HASH_NOTE,
    Record,
    load_record,
    versions,
    write_record,
)
from proof_rotation import (
    cost,
    rotation,
    today,
)
from proof_source import (  # noqa: F401 (the names tests and callers use as run.NAME)
    HEADER,
    Binding,
    Clause,
    FunctionNode,
    SourceIndex,
    clauses,
    contract_view,
    referenced,
)

# --------------------------------------------------------------------------
# Modes


def defects(results: Iterable[Result]) -> Iterator[str]:
    for r in results:
        if isinstance(r, PlantResult):
            if not r.found:
                yield f"planted bug in {r.function} ({r.rule}: {r.bug}) was not found"
        elif r.status in DEFECTS:
            yield f"{r.function} line {r.line}: {r.status}: {r.condition} {r.message}"
        elif r.status != "confirmed" and r.paths == 0:
            yield (f"{r.function} line {r.line}: no completed path met the preconditions: "
                   f"{r.condition}")


def describe(result: Result | None) -> str:
    if result is None:
        return "(no record)"
    if isinstance(result, PlantResult):
        return "found" if result.found else "NOT FOUND"
    return f"{result.status} paths={result.paths}"


def show(how: str, item: Item, result: Result | None) -> None:
    if item.plant is not None:
        print(f"{how:10} planted {item.function:14} {item.plant.rule:16} {describe(result)}")
    else:
        print(f"{how:10} {item.function:20} {item.line:4} {describe(result):40} "
              f"{item.condition[:60]}")


def stale(current: Sequence[Item], record: Record, only: Sequence[str]) -> list[str]:
    """What makes the record stale: changed, new and gone contracts and plants."""
    keys = {item.key for item in current}
    problems = []
    for item in current:
        entry = record.entries.get(item.key)
        if entry is None:
            problems.append(f"new (no record): {item.key}")
        elif entry.hash != item.hash:
            problems.append(f"changed (hash {entry.hash[:12]} -> {item.hash[:12]}): {item.key}")
    for key, entry in record.entries.items():
        if key not in keys and (not only or _selected(entry.module, entry.function, only)):
            problems.append(f"gone from the code, still recorded: {key}")
    return problems


def _selected(module: str, function: str, only: Sequence[str]) -> bool:
    return not only or function in only or f"{module}.{function}" in only


def stale_message(problems: Sequence[str]) -> str:
    return ("STALE RECORD: proofs/results.json does not match the code for "
            f"{len(problems)} contract(s) or planted bug(s):\n  " + "\n  ".join(problems)
            + "\nThe changed ones were re-checked above; the gate fails until the record is "
            f"rewritten: run `{RECORD_COMMAND}` (or `{RECORD_COMMAND} --only FUNCTION` for the "
            "changed functions) and commit proofs/results.json and proofs/results.md.")


def single_jobs(selected: Sequence[Item], record: Record) -> list[Job]:
    return [Job((item,), estimate=cost(item, record) / 10) for item in selected]


def whole_jobs(selected: Sequence[Item], record: Record) -> list[Job]:
    """One job per function (all its contracts, in place) and one per plant."""
    jobs: list[Job] = []
    by_function: dict[tuple[str, str], list[Item]] = {}
    for item in selected:
        if item.plant is not None:
            jobs.append(Job((item,), estimate=cost(item, record) / 10))
        else:
            by_function.setdefault((item.module, item.function), []).append(item)
    for group in by_function.values():
        estimate = sum(cost(item, record) for item in group) / 10
        jobs.append(Job(tuple(group), whole=True, estimate=estimate))
    return jobs


def gather(outcomes: Sequence[list[Result] | None]) -> dict[str, Result]:
    return {r.key: r for outcome in outcomes if outcome for r in outcome}


def check_all(index: SourceIndex, current: Sequence[Item], record: Record, workers: int,
              ) -> tuple[dict[str, Result], float]:
    started = time.monotonic()
    jobs = whole_jobs(current, record)
    results = gather(execute(jobs, lambda job: run_job(job, index), workers))
    return results, round(time.monotonic() - started, 1)


def gate(index: SourceIndex, current: Sequence[Item], record: Record,
         args: argparse.Namespace) -> int:
    """The default mode: changed ones now, the rest in rotation within the time box.

    The rotation cycle is ``current``: every item, or those of ``--only``.
    """
    started = time.monotonic()
    problems = stale(current, record, args.only)
    same = {item.key for item in current if (e := record.entries.get(item.key)) is not None
            and e.hash == item.hash}
    changed = [item for item in current if item.key not in same]
    print(f"CrossHair gate: {sum(i.kind == 'contract' for i in current)} contracts, "
          f"{sum(i.kind == 'plant' for i in current)} planted bugs; record proofs/results.json "
          f"(recorded {record.meta.get('recorded', 'never')})")
    run = lambda job: run_job(job, index)  # noqa: E731
    fresh = gather(execute(single_jobs(changed, record), run, args.jobs))

    costs = {item.key: cost(item, record) for item in current}
    capacity = max(0, round(args.jobs * args.time_box * 10))
    window = [item for item in rotation(current, costs, capacity, args.slot)
              if item.key in same] if capacity else []
    box_started = time.monotonic()
    jobs = single_jobs(window, record)
    rechecked = gather(execute(jobs, run, args.jobs, deadline=box_started + args.time_box))
    box_seconds = round(time.monotonic() - box_started, 1)

    counts = {"changed": 0, "rotation": 0, "skipped": 0, "trusted": 0}
    in_window = {item.key for item in window}
    trusted: list[Result] = []
    for item in current:
        if item.key not in same:
            how, result = "changed", fresh.get(item.key)
        elif item.key in rechecked:
            how, result = "rotation", rechecked[item.key]
            recorded = record.entries[item.key]
            if describe(recorded).split()[0] != describe(result).split()[0]:
                print(f"note: {item.key}: recorded {describe(recorded)}, now {describe(result)}")
        else:
            how = "skipped" if item.key in in_window else "trusted"
            result = record.entries[item.key]
            trusted.append(result)
        counts[how] += 1
        show(how, item, result)
    extra = [r for r in [*fresh.values(), *rechecked.values()]
             if r.key not in {item.key for item in current}]
    total = sum(costs.values())
    days = math.ceil(total / capacity) if capacity else 0
    print(f"changed or new since the record, re-checked now: {counts['changed']}")
    print(f"re-checked in rotation: {counts['rotation']} in {box_seconds} s of a "
          f"{args.time_box:g} s box on {args.jobs} workers (slot {args.slot}: window of "
          f"{capacity / 10:g} s on a cycle of {total / 10:g} s, so every contract and plant is "
          f"re-checked within {days} consecutive slots)" if capacity else
          "re-checked in rotation: none (--time-box 0)")
    if counts["skipped"]:
        print(f"in the window but not started within the time box (trusted): {counts['skipped']}")
    print(f"trusted from the record (hash unchanged): {counts['trusted'] + counts['skipped']}")
    print(f"{round(time.monotonic() - started, 1)} s")
    found = list(defects([*fresh.values(), *rechecked.values(), *extra]))
    found += [f"recorded result: {d}" for d in defects(trusted)]
    for problem in found:
        print("DEFECT:", problem)
    if problems:
        print(stale_message(problems))
    if record.meta.get("versions", {}).get("python") not in (None, platform.python_version()):
        print(f"note: the record was made with Python {record.meta['versions']['python']}, "
              f"this is {platform.python_version()} (not part of the hash)")
    return 1 if found or problems else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--all", action="store_true",
                      help="re-check every contract and planted bug")
    mode.add_argument("--record", action="store_true",
                      help="re-check everything (or --only) and rewrite proofs/results.*")
    parser.add_argument("--only", action="append", default=[],
                        help="a function (name or module.name) to consider; repeatable")
    parser.add_argument("--time-box", type=float, default=TIME_BOX,
                        help=f"seconds of wall time for the rotation (default {TIME_BOX:g})")
    parser.add_argument("--slot", type=int, default=None,
                        help="the rotation slot (default: the UTC day)")
    parser.add_argument("--jobs", type=int, default=WORKERS,
                        help=f"CrossHair processes at a time (default {WORKERS})")
    args = parser.parse_args(argv)
    if args.slot is None:
        args.slot = today()
    directory = ROOT / "proofs"
    index = SourceIndex(ROOT)
    try:
        missing = unbudgeted(index)
        if missing:
            raise ContractError("functions with post: conditions but no budget in "
                                f"proofs/run.py BUDGETS: {', '.join(missing)}")
        known = {n for m, fs in BUDGETS.items() for f in fs for n in (f, f"{m}.{f}")}
        unknown = [o for o in args.only if o not in known]
        if unknown:
            raise ContractError(f"--only: not in BUDGETS: {', '.join(unknown)}")
        cycle = items(index)
    except ContractError as exc:
        print(f"proofs/run.py: {exc}")
        return 1
    current = [item for item in cycle if _selected(item.module, item.function, args.only)]
    record = load_record(directory / "results.json")
    if not args.all and not args.record:
        return gate(index, current, record, args)

    results, seconds = check_all(index, current, record, args.jobs)
    for item in current:
        show("checked", item, results.get(item.key))
    extra = [r for r in results.values() if r.key not in {i.key for i in current}]
    print(f"{sum(i.kind == 'contract' for i in current)} contracts, "
          f"{sum(i.kind == 'plant' for i in current)} planted bugs, {seconds} s")
    problems = [] if args.record else stale(current, record, args.only)
    if args.record:
        write_record(directory, cycle, record, list(results.values()), seconds, args.only,
                     args.jobs)
        print("rewrote proofs/results.json and proofs/results.md")
    found = list(defects([*results.values(), *extra]))
    for problem in found:
        print("DEFECT:", problem)
    if problems:
        print(stale_message(problems))
    return 1 if found or problems else 0


if __name__ == "__main__":
    sys.exit(main())


"""Mutation testing of the rule modules with mutmut 3, and the score.

    python scripts/mutation.py                 # copy the tree, run mutmut, print the score
    python scripts/mutation.py --children 2    # two mutants at a time
    python scripts/mutation.py --report        # the score of the last run, no new run
    python scripts/mutation.py --recheck       # finish a run, re-run survivors (new tests)
    python scripts/mutation.py --recheck --only 'kernel.games.X.odds.*'   # re-run some survivors
    python scripts/mutation.py --only 'kernel.rules.camel.x_move__*'   # some mutants only
    python scripts/mutation.py --record        # also write proofs/mutation-score.json
    python scripts/mutation.py --set camel-up-2018 --record   # one game's own modules

Two kinds of run (``--set``):

- ``core`` (the default): the shared camel rules, the card-game engine and
  the 2016 game, listed under ``[tool.mutmut]`` in pyproject.toml; recorded
  in proofs/mutation-score.json, survivors in proofs/mutation-survivors.md;
- a game id: the modules and tests that game lists in its package's
  ``mutation.json`` (``modules``, ``tests``); the copy's ``[tool.mutmut]`` is
  rewritten with them; recorded in proofs/mutation/<game id>.json, survivors
  in proofs/mutation/<game id>-survivors.md.

mutmut 3 mutates the functions of the modules listed under ``[tool.mutmut]``
in pyproject.toml (kernel/rules/camel.py and the game's game.py and
state.py; class-level declarations and module constants are not mutated,
nor are decorated functions, which is why the memoized checks are wrapped
with ``lru_cache`` by a call) and runs the
oracle's fast, derandomized test selection (Hypothesis profile
``mutation``) against each mutant. It runs on a copy of the tree (default
/tmp/race-kernel-mutation) so that the working tree stays untouched; mutmut
is slow, so start it in the background:

    nohup python scripts/mutation.py --record > /tmp/mutation.log 2>&1 &

Score = (killed + timeouts) / (total - skipped - no tests - not checked); a
timeout (the tests hang on the mutant) counts as detected and is shown apart;
--record refuses a run with mutants not checked, and one with mutants whose
check was stopped or ended oddly (a child stopped by a signal, as when a run
is stopped by hand: mutmut calls it "suspicious" or "interrupted"; such a
mutant was not really checked, and ``--recheck`` runs it again). Every
survivor is either killed by a new test in the rule tests it belongs to (commented with its
rule ID) or explained as equivalent
in proofs/mutation-survivors.md.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Final

ROOT = Path(__file__).resolve().parents[1]
CORE = "core"
COPY = ("kernel", "tests", "spec", "pyproject.toml")
IGNORE = shutil.ignore_patterns("__pycache__", ".hypothesis", "*.egg-info", "mutants")


def prepare(work: Path, keep_results: bool = False) -> None:
    """A fresh copy of the tree in ``work`` (keeping mutmut's results if asked)."""
    if work.exists() and not keep_results:
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    for name in COPY:
        src, dst = ROOT / name, work / name
        if dst.is_dir():
            shutil.rmtree(dst)
        if src.is_dir():
            shutil.copytree(src, dst, ignore=IGNORE)
        else:
            shutil.copy2(src, dst)


def game_sets() -> dict[str, Path]:
    """Game id -> its ``mutation.json`` (every game package that has one)."""
    sets = {}
    for path in sorted((ROOT / "kernel" / "games").glob("*/mutation.json")):
        spec = json.loads(path.read_text())
        sets[spec["game"]] = path
    return sets


def toml_list(items: list[str]) -> str:
    return "[\n" + "".join(f"    {json.dumps(item)},\n" for item in items) + "]"


def select(work: Path, name: str) -> None:
    """Rewrite the copy's ``[tool.mutmut]`` with game ``name``'s modules and tests."""
    spec = json.loads(game_sets()[name].read_text())
    pyproject = work / "pyproject.toml"
    text = pyproject.read_text()
    head, rest = text.split("[tool.mutmut]", 1)
    block, _, tail = rest.partition("\n[")
    keep = block.split("pytest_add_cli_args = ", 1)[1]
    new = ("[tool.mutmut]\n"
           f"# mutation set {name!r} (scripts/mutation.py --set)\n"
           'source_paths = ["kernel/"]\n'
           f"only_mutate = {toml_list(spec['modules'])}\n"
           'also_copy = ["tests/", "spec/"]\n'
           f"pytest_add_cli_args_test_selection = {toml_list(spec['tests'])}\n"
           f"pytest_add_cli_args = {keep}")
    pyproject.write_text(head + new + ("\n[" + tail if tail else ""))


def records(name: str) -> tuple[Path, Path]:
    """Where set ``name``'s score and survivors are recorded."""
    if name == CORE:
        return ROOT / "proofs" / "mutation-score.json", ROOT / "proofs" / "mutation-survivors.md"
    base = ROOT / "proofs" / "mutation"
    return base / f"{name}.json", base / f"{name}-survivors.md"


def changed_kernel(work: Path) -> bool:
    """Does the kernel in ``work`` differ from the one in the tree?"""
    ours = {p.relative_to(ROOT): p.read_bytes() for p in (ROOT / "kernel").rglob("*.py")}
    theirs = {p.relative_to(work): p.read_bytes() for p in (work / "kernel").rglob("*.py")}
    return ours != theirs


def mutmut(work: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HYPOTHESIS_PROFILE": "mutation", "PYTHONPATH": ""}
    return subprocess.run([sys.executable, "-m", "mutmut", *args], cwd=work, env=env,
                          text=True, capture_output=True, check=False)


def score(work: Path) -> dict[str, Any]:
    """The counts of the last run in ``work``, the score and the survivors."""
    mutmut(work, "export-cicd-stats")
    stats: dict[str, Any] = json.loads((work / "mutants" / "mutmut-cicd-stats.json").read_text())
    survivors = listed(work, (": survived",))
    results = ("killed", "survived", "no_tests", "skipped", "suspicious", "timeout",
               "check_was_interrupted_by_user", "segfault")
    stats["not_checked"] = stats["total"] - sum(stats[k] for k in results)
    detected = stats["killed"] + stats["timeout"]
    stats["score"] = round(100 * detected / counted(stats), 2) if counted(stats) else 0.0
    stats["survivors"] = survivors
    return stats


def listed(work: Path, endings: tuple[str, ...]) -> list[str]:
    """The mutants of the last run in ``work`` whose result ends with one of
    ``endings`` (``mutmut results`` lines: ``name: status``), sorted."""
    listing = mutmut(work, "results").stdout
    return sorted(line.rsplit(":", 1)[0].strip() for line in listing.splitlines()
                  if line.strip().endswith(endings))


#: mutmut's words for a check that was stopped or ended oddly (a signal, an
#: interrupted run): not a result, so ``--recheck`` runs them again.
UNSURE: Final = (": suspicious", ": check was interrupted by user")


def unsure_count(stats: dict[str, Any]) -> int:
    """The mutants whose check was stopped or ended oddly: not checked really.

    >>> unsure_count({"suspicious": 1, "check_was_interrupted_by_user": 2})
    3
    """
    return int(stats["suspicious"] + stats["check_was_interrupted_by_user"])


def counted(stats: dict[str, Any]) -> int:
    """The mutants that count: checked, and neither skipped nor without tests."""
    return int(stats["total"] - stats["skipped"] - stats["no_tests"] - stats["not_checked"])


def pick(names: list[str], patterns: list[str]) -> list[str]:
    """The ``names`` that match any of the fnmatch ``patterns`` (case matters), in order.

    >>> pick(["m.x_f__mutmut_1", "m.x_g__mutmut_2", "m.x_f__mutmut_3"], ["m.x_f__*"])
    ['m.x_f__mutmut_1', 'm.x_f__mutmut_3']
    """
    return [n for n in names if any(fnmatch.fnmatchcase(n, p) for p in patterns)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", default=CORE, dest="name",
                        help="core (pyproject's [tool.mutmut]) or a game id with a mutation.json")
    parser.add_argument("--work", type=Path, default=None,
                        help="the copy to run in (default /tmp/race-kernel-mutation[-SET])")
    parser.add_argument("--children", type=int, default=1, help="mutants run at a time")
    parser.add_argument("--report", action="store_true", help="only report the last run")
    parser.add_argument("--recheck", action="store_true",
                        help="keep the results in --work, run the mutants not checked yet, then "
                             "re-run the last survivors, against the tests as they are now "
                             "(the kernel must be unchanged)")
    parser.add_argument("--only", nargs="+", default=[], metavar="PATTERN",
                        help="run only the mutants matching these fnmatch patterns; with "
                             "--recheck, re-run only the last survivors matching them (the "
                             "others keep their result)")
    parser.add_argument("--record", action="store_true", help="write proofs/mutation-score.json")
    args = parser.parse_args(argv)
    if args.name != CORE and args.name not in game_sets():
        parser.error(f"--set: {args.name!r} is neither {CORE!r} nor a game with a mutation.json "
                     f"({', '.join(game_sets())})")
    if args.work is None:
        suffix = "" if args.name == CORE else f"-{args.name}"
        args.work = Path(f"/tmp/race-kernel-mutation{suffix}")
    if not args.report:
        only, survivors = list(args.only), []
        if args.recheck:
            # Only new tests are safe to add to a finished run: mutmut collects
            # stats for new tests but not for new or changed kernel functions,
            # whose mutants would then run against too few tests.
            if changed_kernel(args.work):
                print("--recheck: the kernel differs from the copy in --work; run afresh",
                      file=sys.stderr)
                return 2
            survivors = score(args.work)["survivors"]
            if args.only:  # only the survivors the new tests are meant to kill
                survivors = pick(survivors, args.only)
            survivors = sorted({*survivors, *listed(args.work, UNSURE)})  # stopped: again
        prepare(args.work, keep_results=args.recheck)
        if args.name != CORE:
            select(args.work, args.name)
        # --recheck: first the mutants not checked yet (an interrupted run),
        # then the last survivors again, both against the tests as they are now.
        passes = [[], survivors] if args.recheck else [only]
        for k, names in enumerate(passes):
            if args.recheck and k == 1 and not names:
                break  # no survivor to re-run (an empty list would mean every mutant)
            run = mutmut(args.work, "run", "--max-children", str(args.children), *names)
            print((run.stdout + run.stderr)[-3000:])
            if run.returncode != 0:
                print(f"mutmut run exited {run.returncode}", file=sys.stderr)
                return run.returncode
    stats = score(args.work)
    if args.only and not args.recheck:
        print("a partial run (--only): mutants not run count as not checked, "
              "so the score below is not the module score")
    print(json.dumps({k: v for k, v in stats.items() if k != "survivors"}, indent=2))
    print(f"mutation score: {stats['killed']} killed + {stats['timeout']} timeouts of "
          f"{counted(stats)} checked = {stats['score']}%")
    for name in stats["survivors"]:
        print("survived:", name)
    # a fresh --only run leaves mutants unchecked; a --recheck --only keeps the others' results
    if args.record and ((args.only and not args.recheck) or stats["not_checked"]):
        print("--record needs a complete run: not recorded", file=sys.stderr)
        return 2
    if args.record and unsure_count(stats):
        print(f"--record: {unsure_count(stats)} mutants' checks were stopped or ended oddly "
              f"({', '.join(listed(args.work, UNSURE)[:3])}...); --recheck runs them again: "
              "not recorded", file=sys.stderr)
        return 2
    if args.record:
        score_file = records(args.name)[0]
        score_file.parent.mkdir(parents=True, exist_ok=True)
        score_file.write_text(json.dumps(stats, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Mutation testing of the rule modules with mutmut 3, and the score.

    python scripts/mutation.py                 # copy the tree, run mutmut, print the score
    python scripts/mutation.py --children 2    # two mutants at a time
    python scripts/mutation.py --report        # the score of the last run, no new run
    python scripts/mutation.py --recheck       # finish a run, re-run survivors (new tests)
    python scripts/mutation.py --only 'kernel.rules.camel.x_move__*'   # some mutants only
    python scripts/mutation.py --record        # also write proofs/mutation-score.json

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
--record refuses a run with mutants not checked. Every survivor is either
killed by a test in tests/test_mutation_kills.py or explained as equivalent
in proofs/mutation-survivors.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
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
    listing = mutmut(work, "results").stdout
    survivors = sorted(line.split(":")[0].strip() for line in listing.splitlines()
                       if line.strip().endswith(": survived"))
    results = ("killed", "survived", "no_tests", "skipped", "suspicious", "timeout",
               "check_was_interrupted_by_user", "segfault")
    stats["not_checked"] = stats["total"] - sum(stats[k] for k in results)
    detected = stats["killed"] + stats["timeout"]
    stats["score"] = round(100 * detected / counted(stats), 2) if counted(stats) else 0.0
    stats["survivors"] = survivors
    return stats


def counted(stats: dict[str, Any]) -> int:
    """The mutants that count: checked, and neither skipped nor without tests."""
    return int(stats["total"] - stats["skipped"] - stats["no_tests"] - stats["not_checked"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, default=Path("/tmp/race-kernel-mutation"))
    parser.add_argument("--children", type=int, default=1, help="mutants run at a time")
    parser.add_argument("--report", action="store_true", help="only report the last run")
    parser.add_argument("--recheck", action="store_true",
                        help="keep the results in --work, run the mutants not checked yet, then "
                             "re-run the last survivors, against the tests as they are now "
                             "(the kernel must be unchanged)")
    parser.add_argument("--only", nargs="+", default=[], metavar="PATTERN",
                        help="run only the mutants matching these fnmatch patterns")
    parser.add_argument("--record", action="store_true", help="write proofs/mutation-score.json")
    args = parser.parse_args(argv)
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
        prepare(args.work, keep_results=args.recheck)
        # --recheck: first the mutants not checked yet (an interrupted run),
        # then the last survivors again, both against the tests as they are now.
        passes = [[], survivors] if args.recheck else [only]
        for names in passes:
            run = mutmut(args.work, "run", "--max-children", str(args.children), *names)
            print((run.stdout + run.stderr)[-3000:])
            if run.returncode != 0:
                print(f"mutmut run exited {run.returncode}", file=sys.stderr)
                return run.returncode
    stats = score(args.work)
    if args.only:
        print("a partial run (--only): mutants not run count as not checked, "
              "so the score below is not the module score")
    print(json.dumps({k: v for k, v in stats.items() if k != "survivors"}, indent=2))
    print(f"mutation score: {stats['killed']} killed + {stats['timeout']} timeouts of "
          f"{counted(stats)} checked = {stats['score']}%")
    for name in stats["survivors"]:
        print("survived:", name)
    if args.record and (args.only or stats["not_checked"]):
        print("--record needs a complete run: not recorded", file=sys.stderr)
        return 2
    if args.record:
        (ROOT / "proofs" / "mutation-score.json").write_text(json.dumps(stats, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

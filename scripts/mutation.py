"""Mutation testing of the rule modules with mutmut 3, and the score.

    python scripts/mutation.py                 # copy the tree, run mutmut, print the score
    python scripts/mutation.py --children 2    # two mutants at a time
    python scripts/mutation.py --report        # the score of the last run, no new run
    python scripts/mutation.py --record        # also write proofs/mutation-score.json

mutmut 3 mutates the functions of the modules listed under ``[tool.mutmut]``
in pyproject.toml (kernel/rules/camel.py and the game's game.py and
state.py; class-level declarations, module constants and decorated
functions such as the ``lru_cache`` helpers are not mutated) and runs the
oracle's fast, derandomized test selection (Hypothesis profile
``mutation``) against each mutant. It runs on a copy of the tree (default
/tmp/race-kernel-mutation) so that the working tree stays untouched; mutmut
is slow, so start it in the background:

    nohup python scripts/mutation.py --record > /tmp/mutation.log 2>&1 &

Score = killed / (total - skipped - no tests); a timeout (the tests hang on
the mutant) counts as detected and is shown apart. Every survivor is either
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


def prepare(work: Path) -> None:
    """A fresh copy of the tree in ``work``."""
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    for name in COPY:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, work / name, ignore=IGNORE)
        else:
            shutil.copy2(src, work / name)


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
    counted = stats["total"] - stats["skipped"] - stats["no_tests"]
    detected = stats["killed"] + stats["timeout"]
    stats["score"] = round(100 * detected / counted, 2) if counted else 0.0
    stats["survivors"] = survivors
    return stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, default=Path("/tmp/race-kernel-mutation"))
    parser.add_argument("--children", type=int, default=1, help="mutants run at a time")
    parser.add_argument("--report", action="store_true", help="only report the last run")
    parser.add_argument("--record", action="store_true", help="write proofs/mutation-score.json")
    args = parser.parse_args(argv)
    if not args.report:
        prepare(args.work)
        run = mutmut(args.work, "run", "--max-children", str(args.children))
        tail = (run.stdout + run.stderr)[-3000:]
        print(tail)
        if run.returncode != 0:
            print(f"mutmut run exited {run.returncode}", file=sys.stderr)
            return run.returncode
    stats = score(args.work)
    print(json.dumps({k: v for k, v in stats.items() if k != "survivors"}, indent=2))
    print(f"mutation score: {stats['killed']} killed + {stats['timeout']} timeouts of "
          f"{stats['total'] - stats['skipped'] - stats['no_tests']} = {stats['score']}%")
    for name in stats["survivors"]:
        print("survived:", name)
    if args.record:
        (ROOT / "proofs" / "mutation-score.json").write_text(json.dumps(stats, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

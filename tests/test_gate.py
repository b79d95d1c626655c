"""The gate's tool checks, run by the README's test command (``python3 -m pytest``).

Types, lint, CrossHair contracts, the executable spec, the traceability gate
and the golden vectors must all agree before a rule change lands. Each check
runs the same command a developer would, so a failure prints that command's
own report. ``pytest -m "not gate"`` skips them for a quick local loop.
"""

from __future__ import annotations

import doctest
import importlib
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import kernel

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.gate


def _run(*cmd: str, timeout: int = 600) -> None:
    proc = subprocess.run(
        cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    report = (proc.stdout + proc.stderr)[-6000:]
    assert proc.returncode == 0, f"{' '.join(cmd)} exited {proc.returncode}:\n{report}"


def test_mypy_strict() -> None:
    _run(sys.executable, "-m", "mypy", "--strict", "kernel", "tests", "benchmarks")


def test_ruff() -> None:
    _run(sys.executable, "-m", "ruff", "check", "kernel", "tests", "benchmarks", "proofs",
         "scripts", "setup.py")


def test_doctests() -> None:
    # The docstring examples of every kernel module run as written.
    failures = 0
    for mod in pkgutil.walk_packages(kernel.__path__, "kernel."):
        if mod.name.endswith("__main__"):  # importing it would run the command
            continue
        module = importlib.import_module(mod.name)
        failures += doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed
    assert failures == 0


def test_crosshair_contracts() -> None:
    # proofs/run.py's default mode (proofs/README.md): every contract or planted bug
    # whose hash differs from proofs/results.json is re-checked and fails the gate as
    # stale; the unchanged ones are re-checked in daily rotation within a 15 s time box
    # and trusted from the record otherwise. A counterexample or a precondition never
    # met fails. (A stale record re-checks what changed: up to the whole --all run.)
    _run(sys.executable, "proofs/run.py", "--time-box", "15", timeout=900)


def test_spec_examples() -> None:
    _run(sys.executable, "-m", "kernel.cli", "spec", "check")


def test_traceability() -> None:
    _run(sys.executable, "-m", "kernel.cli", "spec", "trace")


def test_golden_vectors() -> None:
    _run(sys.executable, "-m", "kernel.cli", "vectors", "--check")


def test_main_job_runs() -> None:
    # The README's first command: a complete seeded 4-player game, told with rule IDs,
    # the track drawn, the running money and the final standings of the 4 seats.
    proc = subprocess.run(
        [sys.executable, "-m", "kernel.cli", "play", "camel-up-cards-2016", "--players", "4",
         "--seed", "7"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert "[CUC-MOVE-STACK" in proc.stdout and "money (Pounds): Ann = " in proc.stdout
    assert "leg 1  S:" in proc.stdout
    standings = proc.stdout.split("\nFinal standings (", 1)[1].splitlines()[1:]
    assert sorted(line.split(". ", 1)[1].split(":")[0] for line in standings) == [
        "Ann", "Bob", "Cy", "Di"]  # seats 0-3, named alike in every game
    assert "  seats: Ann (seat 0), Bob (seat 1), Cy (seat 2), Di (seat 3)" in proc.stdout


#: The mutation runs (scripts/mutation.py --set): the core set (shared rules,
#: card engine, 2016 game) and each game package with a mutation.json; each
#: with its record, its survivors' explanations and the score it must reach.
MUTATION_SETS = [
    ("core", ROOT / "proofs" / "mutation-score.json",
     ROOT / "proofs" / "mutation-survivors.md", 99.0),
    *((json.loads(p.read_text())["game"],
       ROOT / "proofs" / "mutation" / f"{json.loads(p.read_text())['game']}.json",
       ROOT / "proofs" / "mutation" / f"{json.loads(p.read_text())['game']}-survivors.md", 95.0)
      for p in sorted((ROOT / "kernel" / "games").glob("*/mutation.json"))),
]
#: Sets with no recorded run yet (each a known gap, named in its issue).
NOT_RECORDED: frozenset[str] = frozenset()


def test_every_mutation_set_is_recorded() -> None:
    # A set without a record is listed in NOT_RECORDED, and a listed set has none:
    # a new game's set cannot go unchecked by the test below without being named here.
    assert {name for name, record, _, _ in MUTATION_SETS if not record.exists()} == NOT_RECORDED


@pytest.mark.parametrize(("name", "record", "explained", "target"),
                         [m for m in MUTATION_SETS if m[0] not in NOT_RECORDED],
                         ids=[m[0] for m in MUTATION_SETS if m[0] not in NOT_RECORDED])
def test_mutation_survivors_explained(name: str, record: Path, explained: Path,
                                      target: float) -> None:
    # The recorded mutation run of each set (scripts/mutation.py --set NAME
    # --record) is complete and reaches its target (the core set: 99% on the
    # modules the plug-in split made, over all its modules here; a game: 95%),
    # and every mutant that survived it is listed in the survivors file with
    # the reason it is equivalent; no row there names a mutant the run did
    # not leave alive. No mutant's check was stopped or ended oddly (mutmut's
    # "suspicious" and "interrupted": a child stopped by a signal was not checked).
    import re

    stats = json.loads(record.read_text())
    assert stats["not_checked"] == 0 and stats["score"] >= target, (name, stats["score"])
    assert stats["suspicious"] == stats["check_was_interrupted_by_user"] == 0, name
    text = explained.read_text()
    section = text.split("## Equivalent mutants", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        found = re.match(r"\| `([^`]+)` \|(.*)\|(.*)\|\s*$", line)
        if found:
            rows[found.group(1)] = found.group(3).strip()
    assert sorted(rows) == sorted(stats["survivors"]), name
    assert all(len(reason) > 20 for reason in rows.values()), rows


def test_mutation_recheck_reruns_only_the_survivors_asked_for() -> None:
    # scripts/mutation.py --recheck --only PATTERN re-runs only the last survivors
    # matching a pattern (the tests added for them), the others keep their result.
    import importlib.util

    spec = importlib.util.spec_from_file_location("mutation_script",
                                                  ROOT / "scripts" / "mutation.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    survivors = ["k.odds.x_count_leg__mutmut_1", "k.state.x__plan__mutmut_2",
                 "k.odds.x_seat_odds__mutmut_3"]
    assert script.pick(survivors, ["k.odds.*"]) == [survivors[0], survivors[2]]
    assert script.pick(survivors, ["k.state.x__plan__*", "k.odds.x_seat*"]) == survivors[1:]
    assert script.pick(survivors, ["K.ODDS.*"]) == []


@pytest.mark.parametrize(("name", "record", "explained", "target"),
                         [m for m in MUTATION_SETS if m[0] not in NOT_RECORDED],
                         ids=[m[0] for m in MUTATION_SETS if m[0] not in NOT_RECORDED])
def test_quoted_mutation_scores_are_the_records(name: str, record: Path, explained: Path,
                                                target: float) -> None:
    # The score a set's survivors file and the README's table of games quote is
    # the recorded one (the core set's in the row of the game it holds, the
    # 2016 one), so a new run cannot leave an old figure behind.
    score = f"{json.loads(record.read_text())['score']:.2f}%"
    assert f"score {score}**" in explained.read_text(), (name, score)
    game = "camel-up-cards-2016" if name == "core" else name
    rows = [line for line in (ROOT / "README.md").read_text().splitlines()
            if line.startswith(f"| `{game}` |")]
    assert len(rows) == 1 and f"mutation score {score}" in rows[0], (name, score, rows)


#: What plays a game or builds a position: never called while a test module is imported.
_PLAYING = frozenset({"play", "new_game", "from_data", "apply", "table", "first_state", "do",
                      "start", "material", "lines_of", "to_data", "_play", "_trace", "_rich",
                      "_bases", "_documents"})


def test_no_test_module_plays_a_game_when_imported() -> None:
    # A rule bug must fail a test named for its rule, not a module's import (which
    # names none): module-level statements call nothing that plays a game or builds a
    # position (tests/helpers.py's cases_or_failure is the way to build parametrize
    # cases from played positions). The check reads the modules' syntax.
    import ast

    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                continue
            for call in ast.walk(node):
                if not isinstance(call, ast.Call):
                    continue
                fn = call.func
                name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
                if name in _PLAYING:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}()")
    assert not found, found


def test_module_memos_are_emptied_with_the_caches() -> None:
    # Under mutation testing every test starts with the kernel's caches empty
    # (conftest.py); module-level memo dicts and last results named in a module's
    # kernel.memo.Memos are emptied with the functools caches, so a mutant in the
    # code that fills them is not hidden behind what the original code computed.
    from conftest import _clear_kernel_caches

    from kernel.games.camel_up_2018 import legality, state, transitions

    kernel.play("camel-up-2018", {"players": 3}, 0)
    assert state._PLANS and transitions._EVENTS and legality._TILE_ACTIONS
    _clear_kernel_caches()
    assert not state._PLANS and not transitions._EVENTS and not legality._TILE_ACTIONS
    assert legality._bets_last[1] == () and state._held_last[1] == {}

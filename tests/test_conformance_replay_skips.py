"""Replay on a program never passes what it could not compare (issue 24's false pass).

Before, ``race-kernel replay spec/camel-up-2018/vectors/status.jsonl -- PROGRAM``
against a program without ``status`` printed "17 lines replayed, no difference"
and exited 0 after sending only hello and quit.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from kernel.conformance import cli

ROOT = Path(__file__).resolve().parents[1]
STATUS = ROOT / "spec" / "camel-up-2018" / "vectors" / "status.jsonl"
GAME_FILE = ROOT / "spec" / "camel-up-2018" / "vectors" / "game-p3-seed1.jsonl"
#: Programs that provide acceptance, state, legal (the Python one digest too) and load.
PYTHON_EXAMPLE = [sys.executable, str(ROOT / "examples" / "python" / "camel_up_2018_leg.py")]
NODE_EXAMPLE = ["node", str(ROOT / "examples" / "node" / "camel-up-2018-leg.js")]
SERVER = [sys.executable, "-m", "kernel.conformance.server"]


def test_status_vectors_on_a_program_without_status_are_skipped_not_passed(
        capsys: pytest.CaptureFixture[str]) -> None:
    # CU2-INV-CAMELS ...: the status lines cannot be asked: skipped, exit 1.
    lines = len([x for x in STATUS.read_text(encoding="utf-8").splitlines() if x.strip()])
    assert cli.main(["replay", str(STATUS), "--", *NODE_EXAMPLE]) == 1
    out = capsys.readouterr().out
    assert "skipped: status: the program does not offer status" in out
    assert f"({lines - 1} comparison(s) not made)" in out
    assert "no difference" not in out.splitlines()[-1] or "not everything" in out
    # --allow-skips accepts it, still saying what was skipped
    assert cli.main(["replay", str(STATUS), "--allow-skips", "--", *PYTHON_EXAMPLE]) == 0
    assert "skipped: status" in capsys.readouterr().out
    # the reference server offers status: every line compared, exit 0
    assert cli.main(["replay", str(STATUS), "--", *SERVER]) == 0
    assert "no difference" in capsys.readouterr().out


def test_a_game_replayed_on_a_partial_program_counts_what_it_skips(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # CU2-SETUP-RACING, CU2-SETUP-CRAZY: the first steps of a vector file replay on the
    # Python example (setup only); events and outcomes it does not provide are skipped.
    head = GAME_FILE.read_text(encoding="utf-8").splitlines()[:8]  # header, 7 setup dice
    short = tmp_path / "setup.jsonl"
    short.write_text("\n".join(head) + "\n", encoding="utf-8")
    assert cli.main(["replay", str(short), "--", *PYTHON_EXAMPLE]) == 1
    out = capsys.readouterr().out
    assert "skipped: events: the program does not offer events (7 comparison(s) not made)" in out
    assert "lines differ" not in out
    assert cli.main(["replay", str(short), "--allow-skips", "--", *PYTHON_EXAMPLE]) == 0

"""Leg-perft: pinned node counts below fixed Camel Up Cards positions.

The counts (spec/camel-up-cards-2016/perft/*.perft) pin the whole move
generator (CUC-TURN-SHAPE, CUC-ACT-*, CUC-BET-*), the chance nodes
(KERNEL-CHANCE, CUC-LEG-DEAL, CUC-ACT-REVEAL), the leg end (CUC-LEG-END) and the
finish (CUC-GAME-END), as perft pins a chess move generator.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from kernel.testing import perft
from kernel.testing.adapter import kernel_adapter

GAME = "camel-up-cards-2016"
FILES = sorted((Path(__file__).resolve().parents[3] / "spec" / GAME / "perft").glob("*.perft"))
POSITIONS = perft.load(FILES)


def test_files_found() -> None:
    # CUC-LEG-END, CUC-GAME-END: positions at a leg end, at the finish, with figures.
    assert {p.id for p in POSITIONS} >= {"last-card-2p", "finish-2p", "figure-chain-4p"}


@pytest.mark.parametrize("position", POSITIONS, ids=[p.id for p in POSITIONS])
def test_perft(position: perft.Position) -> None:
    # CUC-TURN-SHAPE, CUC-ACT-FIGURE, CUC-ACT-HAND, CUC-ACT-REVEAL, CUC-BET-LEG,
    # CUC-BET-FINAL, CUC-LEG-END, CUC-LEG-DEAL, CUC-GAME-END: exact node counts.
    assert perft.report(kernel_adapter(GAME), position) == []


def test_mismatch_prints_a_divide() -> None:
    # KERNEL-LEGAL: a wrong pinned count fails and prints the count below each
    # first action (the divide), which adds up to the true count.
    position = next(p for p in POSITIONS if p.id == "last-card-2p")
    wrong = attrs.evolve(position, expected=(perft.Expectation(2, total=9),))
    lines = perft.report(kernel_adapter(GAME), wrong)
    assert lines[0] == "last-card-2p: perft 2 9 but counted 8"
    assert lines[1] == "divide at depth 2:"
    divide = {line.split()[0]: int(line.split()[1]) for line in lines[2:]}
    assert divide["reveal"] == 1 and sum(divide.values()) == 8
    assert set(divide) == {"reveal", "win:green", "win:orange", "win:yellow", "lose:blue",
                           "lose:green", "lose:orange", "lose:white"}


def test_parse_rejects_malformed_files() -> None:
    # KERNEL-INPUT: a perft file that cannot be read is an error, not silence.
    with pytest.raises(ValueError, match="before any 'id'"):
        perft.parse("perft 1 3")
    with pytest.raises(ValueError, match="no state"):
        perft.parse("id x\nperft 1 3")
    with pytest.raises(ValueError, match="nodes needs"):
        perft.parse('id x\nstate {}\nnodes 1 chance=1')
    with pytest.raises(ValueError, match="unknown line"):
        perft.parse('id x\nstate {}\nfoo 1')


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    # The runner prints one line per position and exits 0 when all counts hold.
    assert perft.main([str(f) for f in FILES] + ["--max-depth", "2"]) == 0
    assert "ok   last-card-2p" in capsys.readouterr().out

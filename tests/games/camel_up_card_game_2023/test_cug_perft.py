"""Leg-perft of Camel Up: The Card Game (2023): pinned node counts below fixed positions.

The counts (spec/camel-up-card-game-2023/perft/*.perft) pin the move
generator (CUG-TURN-SHAPE, CUG-ACT-MARKER, CUG-ACT-PERSONAL, CUG-ACT-REVEAL,
CUG-BET-LEG, CUG-BET-FINAL), the chance nodes (CUG-ACT-REVEAL, CUG-LEG-DEAL)
and the leg end (CUG-LEG-END), as perft pins a chess move generator.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kernel.testing import perft
from kernel.testing.adapter import kernel_adapter

GAME = "camel-up-card-game-2023"
FILES = sorted((Path(__file__).resolve().parents[3] / "spec" / GAME / "perft").glob("*.perft"))
POSITIONS = perft.load(FILES)


def test_files_found() -> None:
    # CUG-LEG-END, CUG-MOVE-CRAZY: a leg's last card, a deck with crazy camel cards.
    assert {p.id for p in POSITIONS} >= {"last-card-4p", "crazy-4p"}


@pytest.mark.parametrize("position", POSITIONS, ids=[p.id for p in POSITIONS])
def test_perft(position: perft.Position) -> None:
    # CUG-TURN-SHAPE, CUG-ACT-MARKER, CUG-ACT-PERSONAL, CUG-ACT-REVEAL, CUG-BET-LEG,
    # CUG-BET-FINAL, CUG-LEG-END, CUG-LEG-DEAL: exact node counts.
    assert perft.report(kernel_adapter(GAME), position) == []

"""Camel Up, 2nd edition (2018): leg-perft, pinned node counts below fixed positions.

The counts (spec/camel-up-2018/perft/*.perft, depths 1-2 worked out by hand)
pin the move generator (CU2-TURN-ORDER, CU2-TILE-PLACE, CU2-PARTNER,
CU2-PYRAMID-TICKET), the chance nodes and the leg and race ends
(CU2-LEG-END, CU2-RACE-END).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kernel.testing import perft
from kernel.testing.adapter import kernel_adapter

GAME = "camel-up-2018"
FILES = sorted((Path(__file__).resolve().parents[3] / "spec" / GAME / "perft").glob("*.perft"))
POSITIONS = perft.load(FILES)


def test_files_found() -> None:
    # CU2-LEG-END, CU2-RACE-END, CU2-PARTNER: a leg end, a race end, partnerships.
    assert {p.id for p in POSITIONS} == {"last-die-3p", "race-end-3p", "partners-6p"}


@pytest.mark.parametrize("position", POSITIONS, ids=[p.id for p in POSITIONS])
def test_perft(position: perft.Position) -> None:
    # CU2-TURN-ORDER, CU2-TILE-PLACE, CU2-PARTNER, CU2-PYRAMID-TICKET, CU2-LEG-END,
    # CU2-RACE-END: exact node counts (depth 3 only in the slow run: depth 2 here).
    assert perft.report(kernel_adapter(GAME), position, max_depth=2) == []

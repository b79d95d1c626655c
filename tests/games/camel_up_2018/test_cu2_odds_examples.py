"""The exact odds examples kept as data in spec/camel-up-2018/odds/ (Camel Up 2018).

Each file holds a position document and the ``race-kernel odds --json``
answer expected for it (fractions as "n/d"). The full legs' EV tables (a
chance tree per tile placement, seconds) are checked by the benchmark, not
here; their places and race-end probability are.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kernel.games.camel_up_2018.odds import ev_table, leg_odds
from kernel.games.camel_up_2018.odds_brute import brute_odds
from kernel.games.camel_up_2018.odds_cli import position_from_document, report

FOLDER = Path(__file__).resolve().parents[3] / "spec" / "camel-up-2018" / "odds"
FILES = sorted(FOLDER.glob("*.json"))


def test_there_are_examples() -> None:
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_odds_example(path: Path) -> None:
    # CU2-RANK, CU2-LEG-END, CU2-RACE-END, CU2-PAY-LEG, CU2-TILE-PAY: the kept answers.
    example: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    pos = position_from_document(example["position"])
    odds = leg_odds(pos, pos.mover_tile)
    expected = example["expected"]
    small = len(pos.pyramid) <= 4
    got = report(odds, ev_table(pos, odds) if small else {})
    for key in ("place", "race_ends", "place_if_ends"):
        assert got[key] == expected[key], key
    if small:
        assert got["ev"] == expected["ev"]
        slow = brute_odds(pos.board, pos.pyramid, pos.tiles, 1)
        assert (slow.place, slow.race_ends, slow.watched) == (
            odds.place, odds.race_ends, odds.watched)

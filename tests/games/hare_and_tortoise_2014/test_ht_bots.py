"""The Hare & Tortoise greedy bot (kernel/games/hare_and_tortoise_2014/bots.py).

HT-SCORE-POINTS: its estimate scores the bets on the ranking now; HT-RACE-NAP,
HT-RACE-HOWL: its race step follows the movement rules.
"""

from __future__ import annotations

import importlib
from collections import Counter


def bots() -> object:
    return importlib.import_module("kernel.games.hare_and_tortoise_2014.bots")


def test_points_on_the_ranking_now() -> None:
    # HT-SCORE-POINTS: 5, 3, 2 for the podium places; level animals share
    b: object = bots()
    # hare, tortoise, wolf, fox, lamb
    assert b.expected_points([5, 3, 1, 0, 0], [], ["hare"]) == 5  # type: ignore[attr-defined]
    assert b.expected_points([5, 3, 1, 0, 0], [], ["wolf"]) == 2  # type: ignore[attr-defined]
    assert b.expected_points([4, 4, 1, 0, 0], [], ["hare"]) == 4  # type: ignore[attr-defined]
    assert b.expected_points([12, 3, 1, 0, 0], ["hare"], ["tortoise"]) == 3  # type: ignore[attr-defined]


def test_the_race_step_follows_the_movement_rules() -> None:
    b: object = bots()
    race = b.race_now  # type: ignore[attr-defined]
    # HT-RACE-NAP: four hare cards and the hare in front: it naps
    assert race([5, 3, 1, 0, 0], [], Counter({"hare": 4}))[0] == 5
    assert race([2, 3, 1, 0, 0], [], Counter({"hare": 4}))[0] == 4
    # HT-RACE-HOWL: only the wolf moves
    moved = race([2, 3, 1, 0, 0], [], Counter({"howl": 1, "fox": 3}))
    assert moved[3] == 0 and moved[2] == 2 and moved[1] == 3

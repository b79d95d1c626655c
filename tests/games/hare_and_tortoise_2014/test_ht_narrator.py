"""The Hare & the Tortoise (2014): the told game (``race-kernel play``).

The narrator follows the table through the events (HT-RACE-ORDER, HT-END-PODIUM,
HT-TURN-PLAY, HT-RACE-END, HT-SETUP-TRACK, HT-APP-TURBO, HT-SCORE-POINTS): after
every step of whole games, what it made of the events equals the new table on
every key it draws; its board shows the streams, turbos and pawns.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import kernel
from kernel.games.hare_and_tortoise_2014.narrator import NARRATOR

GAME = "hare-and-tortoise-2014"
DRAWN = ("positions", "podium", "table", "streams", "turbos", "points")


@pytest.mark.parametrize("config", [{"players": 3}, {"players": 2, "series": 3},
                                    {"players": 4, "mode": "apprentice"}],
                         ids=["standard", "championship", "apprentice"])
def test_after_follows_the_table(config: dict[str, Any]) -> None:
    # the narrator's table after each step's events is the kernel's table on what it draws
    trace = kernel.play(GAME, config, 2)
    before = kernel.to_data(trace.initial)
    for step in trace.steps:
        table: Any = json.loads(json.dumps(before))
        for event in step.events:
            table = NARRATOR.after(table, event)
        after = kernel.to_data(step.state)
        if after.get("round") == before.get("round") or after["phase"] == "bets":
            for key in DRAWN:
                if key == "table" and after["phase"] in ("scored", "over"):
                    continue  # the last table stays on the table as the game ends
                assert table[key] == after[key], (key, step.action.text)
        before = after


def test_board() -> None:
    # HT-SETUP-TRACK, HT-APP-TURBO: streams (~), turbos (+X) and pawns on their tiles
    table = {"streams": [3, 9], "turbos": ["fox", "hare", "lamb", "tortoise", "wolf"],
             "positions": [5, 3, 0, 12, 1], "podium": [["fox"]], "table": ["hare", "howl"]}
    lines = NARRATOR.draw(table)
    assert lines[0].split() == ["S:W", "1:L", "2+F", "~:T", "4+H", "5:H", "6+L", "7", "8+T",
                                "~", "10+W", "11", "|", "F"]
    assert lines[1] == "podium: 1.fox   table: hare howl"
    assert NARRATOR.seat_name(4) == "Ed" and NARRATOR.seat_name(8) == "seat 8"

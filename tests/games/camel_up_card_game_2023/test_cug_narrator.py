"""The narrator of Camel Up: The Card Game (2023) follows the table event by event.

``Narrator.after`` must leave the told table as the kernel's next state has it
(the picture drawn after each event), through camel moves (CUG-MOVE-*), the
crazy camel's repositioning (CUG-LEG-CRAZY), markers (CUG-ACT-MARKER,
CUG-MOVE-PASSED), the extension (CUG-EXTEND), the sandstorm (CUG-SANDSTORM),
personal card fees (CUG-ACT-PERSONAL) and payouts (CUG-PAY-*).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from kernel.core import Applied
from kernel.games.camel_up_card_game_2023 import game
from kernel.games.camel_up_card_game_2023.narrator import NARRATOR

KEYS = ("stacks", "track", "money", "shortcut", "fennec", "leg")


@pytest.mark.parametrize("seed", range(3))
def test_after_follows_the_kernel(seed: int) -> None:
    rng = random.Random(seed)
    s = game.new_game({"players": 2 + 2 * seed})
    while game.outcome(s) is None:
        actions = [a for a, _ in game.chance_outcomes(s)] or list(game.legal_actions(s))
        result = game.apply(s, actions[rng.randrange(len(actions))])
        assert isinstance(result, Applied)
        table: Mapping[str, Any] = game.to_data(s)
        for event in result.events:
            table = NARRATOR.after(table, event)
            assert NARRATOR.draw(table)
        s = result.state
        want = game.to_data(s)
        assert {k: table[k] for k in KEYS} == {k: want[k] for k in KEYS}


def test_draw_and_standings() -> None:
    # CUG-SETUP-CRAZY: the crazy camel (K) on space 7; CUG-WINNER: ties share.
    line = NARRATOR.draw(game.to_data(game.new_game({"players": 4})))[0]
    assert line.startswith("leg 0  0:BGOWY | 1:. 2:.") and "7:K" in line and line.endswith("F:.")
    from kernel.core import Outcome

    lines = NARRATOR.standings(Outcome((5, 9, 9), (1, 2), ("CUG-WINNER",)))
    assert lines == ["1. Bob: 9 Pounds  winner", "1. Cy: 9 Pounds  winner",
                     "3. Ann: 5 Pounds"]

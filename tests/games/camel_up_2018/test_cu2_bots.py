"""The 2018 greedy bot (kernel/games/camel_up_2018/bots.py): exact EVs from the seat's view.

CU2-PAY-LEG, CU2-TILE-PAY: the position the bot builds from its observation
is the game's own position document of the state, and its values are
``odds.ev_table``'s.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

import kernel

GAME = "camel-up-2018"


@functools.cache
def positions() -> list[tuple[Any, int]]:
    trace = kernel.play(GAME, {"players": 3}, seed=4)
    out = []
    for st in trace.steps[::9]:
        seat = kernel.current_actor(st.state)
        if seat >= 0 and st.state.phase == "turn":
            out.append((st.state, seat))
    return out[:6]


def test_the_position_from_the_observation_is_the_games_own() -> None:
    # CU2-PAY-LEG: the bot reads only the observation, and reads it right
    bots = importlib.import_module("kernel.games.camel_up_2018.bots")
    position = importlib.import_module("kernel.games.camel_up_2018.position")
    assert positions()
    for state, seat in positions():
        doc = bots.position_document(kernel.observation(state, seat), seat)
        assert doc == position.position_of(state)


def test_values_are_the_exact_evs_of_odds() -> None:
    # CU2-PAY-LEG, CU2-TILE-PAY: tickets, pyramid and the tiles weighed are ev_table's
    bots = importlib.import_module("kernel.games.camel_up_2018.bots")
    odds = importlib.import_module("kernel.games.camel_up_2018.odds")
    cli = importlib.import_module("kernel.games.camel_up_2018.odds_cli")
    state, seat = min(positions(), key=lambda p: len(kernel.observation(*p)["pyramid"]))
    obs = kernel.observation(state, seat)
    mine = bots.values(obs, seat)
    exact = odds.ev_table(cli.position_from_document(bots.position_document(obs, seat)))
    shared = [k for k in mine if k in exact]
    assert "pyramid" in shared and any(k.startswith("bet:") for k in shared)
    assert all(mine[k] == exact[k] for k in shared)
    assert any(k.startswith("winner:") for k in mine)

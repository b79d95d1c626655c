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


def test_ismcts_playouts_end_at_the_legs_scoring() -> None:
    # CU2-PAY-LEG, CU2-RACE-END: an ISMCTS playout in this game runs to the leg's scoring
    # (or the race's end), past the spectator tiles' payments (CU2-TILE-PAY), which would
    # otherwise end it: the bots module names those rules (PLAYOUT_UNTIL).
    import attrs

    from kernel.bots import view_of
    from kernel.bots.base import Seat, playout_until
    from kernel.bots.ismcts import PLAYOUT_STEPS, ISMCTSBot
    from kernel.core import Applied

    until = {"CU2-PAY-LEG", "CU2-RACE-END"}
    assert set(playout_until(GAME)) == until
    logs: list[list[Any]] = []

    class Recording(ISMCTSBot):
        def _simulate(self, info: Any, state: Any, root: Any, seat: int, rng: Any) -> None:
            log: list[Any] = []

            def apply(s: Any, a: Any) -> Any:
                result = info.apply(s, a)
                log.append(result)
                return result

            super()._simulate(attrs.evolve(info, apply=apply), state, root, seat, rng)
            logs.append(log)

    trace = kernel.play(GAME, {"players": 3}, seed=4)
    history = next(attrs.evolve(trace, steps=trace.steps[:k]) for k in range(40, 200)
                   if kernel.current_actor(trace.steps[k - 1].state) >= 0
                   and trace.steps[k - 1].state.phase == "turn")
    seat = kernel.current_actor(history.final)
    bot = Recording(sims=6, worlds=2)
    bot.reset(Seat(GAME, 1, {"players": 3}, seat, 3, 1, 1.0))
    bot.act(view_of(history, seat))
    assert len(logs) == 6
    for log in logs:
        assert all(isinstance(r, Applied) for r in log)
        last = log[-1]
        ended = kernel.current_actor(last.state) == kernel.TERMINAL or len(log) >= PLAYOUT_STEPS
        assert ended or any(until & set(e.rules) for e in last.events), [
            e.kind for e in last.events]


def test_ismcts_chooses_a_kind_of_move_before_the_move(monkeypatch: Any) -> None:
    # A decision here offers about 16 actions, most of them spectator tile spaces
    # (CU2-TILE-PLACE): the bots module asks ISMCTS for a level of kinds (MOVE_GROUPS),
    # so that a small budget spreads over rolling, betting and tiles, not over spaces.
    import attrs

    from kernel.bots import view_of
    from kernel.bots.base import Seat, move_groups
    from kernel.bots.ismcts import ISMCTSBot

    roots: list[Any] = []

    class Recording(ISMCTSBot):
        def _simulate(self, info: Any, state: Any, root: Any, seat: int, rng: Any) -> None:
            roots.append(root)
            super()._simulate(info, state, root, seat, rng)

    trace = kernel.play(GAME, {"players": 3}, seed=4)
    history = next(attrs.evolve(trace, steps=trace.steps[:k]) for k in range(40, 200)
                   if kernel.current_actor(trace.steps[k - 1].state) >= 0
                   and trace.steps[k - 1].state.phase == "turn")
    seat = kernel.current_actor(history.final)
    view = view_of(history, seat)
    kind_of = {text: text.split(":")[0] for _, text in view.legal}
    assert len(set(kind_of.values())) >= 3
    assert move_groups(GAME)

    bot = Recording(sims=12, worlds=2)
    bot.reset(Seat(GAME, 1, {"players": 3}, seat, 3, 1, 1.0))
    answer = bot.act(view)
    root = roots[0]
    assert root.children and all(k.startswith("\x00") for k in root.children)
    for key, group in root.children.items():
        assert group.children and all(kind_of[t] == key[1:] for t in group.children)
    played = next(text for i, text in view.legal if i == answer)
    best = max(root.children.values(), key=lambda n: (n.visits, n.value / max(n.visits, 1)))
    assert played in best.children

    monkeypatch.setattr(importlib.import_module("kernel.games.camel_up_2018.bots"),
                        "MOVE_GROUPS", False)
    roots.clear()
    bot = Recording(sims=12, worlds=2)
    bot.reset(Seat(GAME, 1, {"players": 3}, seat, 3, 1, 1.0))
    bot.act(view)
    assert roots[0].children and set(roots[0].children) <= set(kind_of)

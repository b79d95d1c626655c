"""Camel Up, 2nd edition (2018): registered as ``camel-up-2018``.

Everything the shared layers need is in the one :class:`kernel.registry.GameInfo`
below: metadata, configuration, action vocabulary, rule prefixes, the pure
functions (:mod:`.game`, :mod:`.state`), the narrator, the conformance plan and
the hooks of the generic checks. The reveal semantics are :mod:`.movement`;
the exact leg odds :mod:`.odds`.
"""

from typing import Any

from kernel.plugin import ConfigField, ConfigSpec, GameCommand, Plan, ScoreSpec
from kernel.registry import GameInfo, register

from . import game
from .data import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, VERSION
from .drawing import DRAWING
from .hooks import HOOKS
from .narrator import NARRATOR
from .notation import LAYOUT
from .state import INVARIANTS, Camel2018State, violations
from .tensor import layout as tensor_layout


def _seat_odds(history: Any, seat: int) -> Any:
    """``kernel.seat_odds`` (:func:`.odds.seat_odds`, imported on use)."""
    from .odds import seat_odds

    return seat_odds(history, seat)


def _odds(argv: list[str]) -> int:
    """``race-kernel odds POSITION.json [--json]`` (:mod:`.odds_cli`, imported on use)."""
    from .odds_cli import main

    return main(argv)


def _plan() -> Plan:
    from .plans import plan

    return plan()


INFO = register(
    GameInfo(
        id=GAME_ID,
        name="Camel Up, 2nd edition (Steffen Bogen, eggertspiele / Plan B Games 2018)",
        version=VERSION,
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        chance_mode="explicit-stochastic",
        information="imperfect",
        score=ScoreSpec(kind="money", unit="Pounds", minimum=0, maximum=None,
                        winners="most money wins, ties share (CU2-WINNER)"),
        max_game_length=None,
        truncation=("none under the rules: a seat may move its spectator tile again and "
                    "again (CU2-TILE-PLACE), so neither a leg nor the game has a bound"),
        config=ConfigSpec(
            fields=(
                ConfigField("players", "int", 4,
                            f"the number of seats, {MIN_PLAYERS} to {MAX_PLAYERS}"),
                ConfigField("youngest", "int", 0,
                            "the youngest seat, who starts the first leg (CU2-SETUP-START)"),
            ),
            variants={"standard": {}},
        ),
        rule_prefixes=("CU2-",),
        vocabulary=game.VOCABULARY,
        state_type=Camel2018State,
        invariants=INVARIANTS,
        new_game=game.new_game,
        parse_config=game.parse_config,
        current_actor=game.current_actor,
        legal_actions=game.legal_actions,
        chance_outcomes=game.chance_outcomes,
        apply=game.apply,
        apply_legal=game.apply_legal,
        observation=game.observation,
        outcome=game.outcome,
        to_data=game.to_data,
        from_data=game.from_data,
        status=game.status,
        violations=violations,
        seats=game.seats,
        action_space=game.action_space,
        narrator=NARRATOR,
        plan=_plan,
        hooks=HOOKS,
        drawing=DRAWING,
        tensor=tensor_layout,
        seat_odds=_seat_odds,
        notation=LAYOUT,
        commands={"odds": GameCommand(
            "odds", "the exact odds of the rest of a leg (a position document: track, "
                    "pyramid, tiles, tickets, mover_tile; or a state)",
            _odds)},
    )
)

__all__ = ["INFO", "Camel2018State", "game"]

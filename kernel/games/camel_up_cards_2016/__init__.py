"""Camel Up Cards (2016): registered as ``camel-up-cards-2016``.

Everything the shared layers need is in the one :class:`kernel.registry.GameInfo`
below: metadata, configuration, action vocabulary, rule prefixes, the pure
functions (``game``), the narrator, the conformance plan, the hooks of the
generic checks and the viewer page's drawing.
"""

from typing import Any

from kernel.plugin import ConfigField, ConfigSpec, Plan, ScoreSpec
from kernel.registry import GameInfo, register

from . import game
from .data import DEFAULT_PLAYERS, GAME_ID, MAX_PLAYERS, MIN_PLAYERS
from .drawing import DRAWING
from .hooks import HOOKS
from .narrator import NARRATOR
from .notation import LAYOUT
from .state import INVARIANTS, CardsState, full_violations, violations
from .tensor import layout as tensor_layout


def _odds_quick(state: Any) -> bool:
    """Whether the odds are quick here (:data:`.odds.QUICK_DECK` cards or fewer to reveal)."""
    from .odds import quick

    return quick(state)


def _seat_odds(history: Any, seat: int) -> Any:
    """``kernel.seat_odds`` (:func:`.odds.seat_odds`, imported on use)."""
    from .odds import seat_odds

    return seat_odds(history, seat)


def _plan() -> Plan:
    from .plans import plan

    return plan()


INFO = register(
    GameInfo(
        id=GAME_ID,
        name="Camel Up Cards (Steffen Bogen, eggertspiele 2016)",
        version=game.VERSION,
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        chance_mode="explicit-stochastic",
        information="imperfect",
        score=ScoreSpec(kind="money", unit="Pounds", minimum=1, maximum=None,
                        winners="most money wins, ties share (CUC-WINNER)"),
        max_game_length=None,
        truncation=("none under the rules: a fennec can cancel a move and legs repeat; "
                    "each leg is bounded (GameHooks.segment_bound)"),
        config=ConfigSpec(
            fields=(
                ConfigField("players", "int", DEFAULT_PLAYERS,
                            f"the number of seats, {MIN_PLAYERS} to {MAX_PLAYERS}"),
                ConfigField("age_order", "int-list", None,
                            "the seats from youngest to oldest (default 0, 1, ...): "
                            "CUC-TURN-START ties"),
            ),
            variants={"standard": {}},
        ),
        rule_prefixes=("CUC-",),
        vocabulary=game.VOCABULARY,
        state_type=CardsState,
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
        full_violations=full_violations,
        seats=game.seats,
        action_space=game.action_space,
        narrator=NARRATOR,
        plan=_plan,
        hooks=HOOKS,
        drawing=DRAWING,
        notation=LAYOUT,
        tensor=tensor_layout,
        seat_odds=_seat_odds, odds_quick=_odds_quick,
    )
)

__all__ = ["INFO", "CardsState", "game"]

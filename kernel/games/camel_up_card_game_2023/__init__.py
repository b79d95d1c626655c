"""Camel Up: The Card Game (2023): registered as ``camel-up-card-game-2023``.

Everything the shared layers need is in the one :class:`kernel.registry.GameInfo`
below; the game is built on the shared camel-card engine
(:mod:`kernel.engines.camel_cards`), which it shares with Camel Up Cards (2016).
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
from .state import INVARIANTS, CugState, full_violations, violations
from .tensor import layout as tensor_layout

#: The pure functions, each under its GameInfo name (module ``game``).
_FUNCTIONS = ("new_game", "parse_config", "current_actor", "legal_actions", "chance_outcomes",
              "apply", "apply_legal", "observation", "outcome", "to_data", "from_data", "status",
              "seats", "action_space")


def _odds_quick(state: Any) -> bool:
    """Whether the odds are quick here (:data:`.odds.QUICK_DECK` cards or fewer to reveal)."""
    from .odds import quick

    return quick(state)


def _seat_odds(history: Any, seat: int) -> Any:
    """``kernel.seat_odds`` (:func:`.odds.seat_odds`, imported on use)."""
    from .odds import seat_odds

    return seat_odds(history, seat)


def _plan() -> Plan:
    from .plans import plan as build

    return build()


_SEATS = f"the number of seats, {MIN_PLAYERS} to {MAX_PLAYERS}"
_AGES = ("the seats from youngest to oldest (default 0, 1, ...): the youngest starts "
         "(CUG-SETUP-START)")
_PARTS: dict[str, Any] = {name: getattr(game, name) for name in _FUNCTIONS}
_PARTS.update(
    id=GAME_ID, version=game.VERSION, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
    name="Camel Up: The Card Game (Steffen Bogen, Pretzel Games 2023)",
    chance_mode="explicit-stochastic", information="imperfect",
    score=ScoreSpec("money", "Pounds", 0, None, "most money wins, ties share (CUG-WINNER)"),
    max_game_length=None,
    truncation=("none under the rules: a fennec or the crazy camel can move camels back "
                "and legs repeat; each leg is bounded (GameHooks.segment_bound)"),
    config=ConfigSpec((ConfigField("players", "int", DEFAULT_PLAYERS, _SEATS),
                       ConfigField("age_order", "int-list", None, _AGES))),
    rule_prefixes=("CUG-",), vocabulary=game.VOCABULARY, state_type=CugState,
    invariants=INVARIANTS, violations=violations, full_violations=full_violations,
    narrator=NARRATOR, plan=_plan, hooks=HOOKS,
    drawing=DRAWING, tensor=tensor_layout, notation=LAYOUT, seat_odds=_seat_odds,
    odds_quick=_odds_quick,
)
INFO = register(GameInfo(**_PARTS))

__all__ = ["INFO", "CugState", "game"]

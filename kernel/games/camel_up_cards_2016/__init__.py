"""Camel Up Cards (2016): registered as ``camel-up-cards-2016``."""

from kernel.registry import GameInfo, register

from . import game
from .data import GAME_ID, MAX_PLAYERS, MIN_PLAYERS
from .state import INVARIANTS, CardsState, violations

INFO = register(
    GameInfo(
        id=GAME_ID,
        name="Camel Up Cards (Steffen Bogen, eggertspiele 2016)",
        version=game.VERSION,
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        config_keys=(
            ("players", "int, 2..6: the number of seats"),
            ("age_order", "list of seats from youngest to oldest (default [0, 1, ...])"),
        ),
        state_type=CardsState,
        rule_prefix="CUC-",
        invariants=INVARIANTS,
        new_game=game.new_game,
        parse_config=game.parse_config,
        current_actor=game.current_actor,
        legal_actions=game.legal_actions,
        chance_outcomes=game.chance_outcomes,
        apply=game.apply,
        parse_action=game.parse_action,
        observation=game.observation,
        outcome=game.outcome,
        to_data=game.to_data,
        from_data=game.from_data,
        status=game.status,
        violations=violations,
        all_actions=game.ALL_ACTIONS,
    )
)

__all__ = ["INFO", "CardsState", "game"]

"""Camel Up Cards (2016) as the shared camel-card engine's parameters.

The engine (:mod:`kernel.engines.camel_cards`) carries the leg setup, the
deal, the face-down choices, the racing deck, the turns, the leg end and
the payouts; this module hands it this game's tables (``data.py``), its
actions, its camel rules (:mod:`kernel.rules.camel`: five racing camels, the
palm tree and the fennec, payouts never below 1 Pound, CUC-MONEY-FLOOR),
who starts a leg (CUC-TURN-START) and the rule ID of each step.
"""

from __future__ import annotations

from typing import Final

from kernel.engines.camel_cards.spec import CardGame, RuleIds
from kernel.engines.camel_cards.table import Table
from kernel.rules import camel

from .actions import ACTIONS
from .data import (
    CAMEL_COLOURS,
    CARD_CAMEL,
    CARD_STEPS,
    FULL_DECK,
    GAME_ID,
    LEADER_STACK,
    SETUP_CARDS,
    SETUP_REVEALS,
    TRACK_CARDS,
)

#: The catalogue's ID for each step of the engine (spec/camel-up-cards-2016/rules.md).
RULES: Final = RuleIds(
    setup_reveal="CUC-SETUP-REVEAL",
    move_stack="CUC-MOVE-STACK",
    move_carry="CUC-MOVE-CARRY",
    move_start="CUC-MOVE-START",
    move_palm="CUC-MOVE-PALM",
    move_fennec="CUC-MOVE-FENNEC",
    move_chain="CUC-MOVE-CHAIN",
    move_passed="CUC-MOVE-PASSED",
    game_end="CUC-GAME-END",
    leg_reset="CUC-LEG-RESET",
    extend="CUC-EXTEND",
    sandstorm="CUC-SANDSTORM",
    deal="CUC-LEG-DEAL",
    hidden="CUC-LEG-HIDDEN",
    discard="CUC-LEG-DISCARD",
    deck="CUC-LEG-DECK",
    intel="CUC-LEG-INTEL",
    hand="CUC-LEG-HAND",
    turn_start="CUC-TURN-START",
    turn_order="CUC-TURN-ORDER",
    turn_shape="CUC-TURN-SHAPE",
    bet_leg="CUC-BET-LEG",
    bet_final="CUC-BET-FINAL",
    act_figure="CUC-ACT-FIGURE",
    act_reveal="CUC-ACT-REVEAL",
    leg_end="CUC-LEG-END",
    rank="CUC-RANK",
    pay_leader="CUC-PAY-LEADER",
    pay_mid="CUC-PAY-MID",
    pay_figure="CUC-PAY-FIGURE",
    money_floor="CUC-MONEY-FLOOR",
    pay_final="CUC-PAY-FINAL",
    pay_winner="CUC-PAY-WINNER",
    pay_loser="CUC-PAY-LOSER",
    winner="CUC-WINNER",
)


def starter(t: Table) -> int:
    """CUC-TURN-START: least money starts; ties go to the youngest tied seat."""
    money = t.money
    least = min(money)
    return next(seat for seat in t.age_order if money[seat] == least)


#: This game for the engine.
GAME: Final = CardGame(
    id=GAME_ID,
    colours=CAMEL_COLOURS,
    setup_cards=SETUP_CARDS,  # CUC-DATA-SETUPCARD
    reveals=SETUP_REVEALS,  # CUC-SETUP-REVEAL
    full_deck=FULL_DECK,  # CUC-DATA-CARDS
    card_camel=CARD_CAMEL,
    card_steps=CARD_STEPS,
    leader_stack=LEADER_STACK,
    track_cards=TRACK_CARDS,
    rules=RULES,
    actions=ACTIONS,
    starter=starter,
    camel=camel,
)

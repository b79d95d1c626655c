"""Camel Up Cards (2016): who acts, what is legal and why not, and who won.

The shared engine's legality (:class:`kernel.engines.camel_cards.legal.Legality`)
with this game's own race-track action: playing the one hand card
(CUC-ACT-HAND, kept at leg setup by CUC-LEG-HAND).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Final

from kernel.core import Action, Outcome, Rejected
from kernel.engines.camel_cards import payouts
from kernel.engines.camel_cards.legal import Legality, View

from .actions import HAND
from .engine import GAME
from .state import OVER, CardsState

_HAND_GROUP: Final = {"hand": (HAND,)}
_NO_GROUP: Final[dict[str, tuple[Action, ...]]] = {}


def _hand_actions(s: View) -> Mapping[str, Sequence[Action]]:
    """CUC-ACT-HAND: the hand card, when the seat on turn holds one."""
    return _HAND_GROUP if s.hands[s.turn] else _NO_GROUP


def _why_not_hand(s: View, a: Action) -> Rejected | None:
    """CUC-ACT-HAND: only a seat holding its hand card plays it."""
    if not s.hands[s.turn]:
        return Rejected("CUC-ACT-HAND", f"seat {s.turn} has no hand card")
    return None


LEGALITY: Final = Legality(GAME, ("hand",), _hand_actions, _why_not_hand)


#: A seat, CHANCE or TERMINAL.
current_actor: Final[Callable[[CardsState], int]] = LEGALITY.current_actor
#: The cards a chance node can draw, each with its exact probability.
chance_outcomes: Final[Callable[[CardsState], tuple[tuple[Action, Fraction], ...]]] = (
    LEGALITY.chance_outcomes)
#: The actor's actions, sorted (chance nodes: the possible draws).
legal_actions: Final[Callable[[CardsState], tuple[Action, ...]]] = LEGALITY.legal_actions
#: The rule that forbids an action now, or None when it is legal (KERNEL-LEGAL).
why_not: Final[Callable[[CardsState, Action], Rejected | None]] = LEGALITY.why_not


def outcome(s: CardsState) -> Outcome | None:
    """Money per seat and the winners, ties sharing (CUC-WINNER); None if not over."""
    if s.phase != OVER:
        return None
    return payouts.outcome(GAME, s.money)

"""Camel Up Cards (2016): what the generic checks must know (kernel.testing.checks).

Which card zones are multisets, which are hidden from a seat and which only
it sees (CUC-LEG-HIDDEN), the hard bound on the steps of one leg, and where
the money is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from kernel.plugin import GameHooks, Zone

from .data import SETUP_CARDS
from .resample import FLOW


def _multisets(data: Mapping[str, Any]) -> list[Zone]:
    zones: list[Zone] = [("stock",), ("discard",), ("deck",)]
    for seat in range(int(data["players"])):
        zones += [("hands", seat), ("intel", seat)]
    return zones


def _hidden(data: Mapping[str, Any], seat: int) -> list[Zone]:
    # CUC-LEG-DEAL, CUC-LEG-DISCARD, CUC-LEG-DECK, CUC-LEG-INTEL, CUC-LEG-HAND:
    # the undealt pool, the discard pile, the racing deck and the other seats'
    # hands and face-down intel cards are hidden (only their sizes are public).
    zones: list[Zone] = [("stock",), ("discard",), ("deck",)]
    for other in range(int(data["players"])):
        if other != seat:
            zones += [("hands", other), ("intel", other)]
    return zones


def _own(data: Mapping[str, Any], seat: int) -> list[Zone]:
    return [("hands", seat), ("intel", seat)]


def _leg_bound(data: Mapping[str, Any]) -> int:
    """The most steps one leg can take (CUC-LEG-DEAL ... CUC-LEG-END).

    Deal: at most 30 chance steps. Choices: each seat chooses all but its one
    kept card, one per step. Play: M = deck cards + hand cards moves at most;
    a figure is placed only while on its card, and leaves the track only by a
    move (at most 2 per move) or the leg end, so at most 2 + 2M placements;
    each turn has one race-track action and at most 2 further steps (a bet or
    ``end``, and the chance draw of a reveal).
    """
    players = int(data["players"])
    card = SETUP_CARDS[players]
    deck = players * (card.to_deck + card.intel)
    moves = deck + players
    return 30 + players * (card.dealt - 1) + 3 * (moves + 2 + 2 * moves)



HOOKS: Final = GameHooks(
    multiset_zones=_multisets,
    hidden_zones=_hidden,
    own_zones=_own,
    segment_key="leg",
    segment_bound=_leg_bound,
    score_key="money",
    card_flow=FLOW,
)

"""Camel Up: The Card Game (2023): what the generic checks must know (kernel.testing.checks).

Which card zones are multisets, which are hidden from a seat and which only
it sees (CUG-LEG-HIDDEN: the personal racing cards are face up once play
begins), the hard bound on the steps of one leg, and where the money is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from kernel.plugin import GameHooks, Zone

from .data import CRAZY_IN_DECK, EXTRA_FROM_DISCARD, FULL_DECK, SETUP_CARDS
from .plain import FACE_UP
from .resample import FLOW


def _multisets(data: Mapping[str, Any]) -> list[Zone]:
    return [("stock",), ("discard",), ("deck",),
            *((("hands", seat)) for seat in range(int(data["players"])))]


def _hidden(data: Mapping[str, Any], seat: int) -> list[Zone]:
    """The stock, the face-down discards, the racing deck (with which crazy camel cards
    were shuffled in) and, until play begins, the other seats' hands."""
    zones: list[Zone] = [("stock",), ("discard",), ("deck",)]
    if data["phase"] not in FACE_UP:
        zones += [("hands", other) for other in range(int(data["players"])) if other != seat]
    return zones


def _own(data: Mapping[str, Any], seat: int) -> list[Zone]:
    return [("hands", seat)]


def leg_bound(data: Mapping[str, Any]) -> int:
    """The most steps one leg can take (CUG-LEG-DEAL ... CUG-LEG-END).

    Setup: at most 30 deals, every choice but the kept card, the random
    discards and the crazy camel cards. Play: M = deck + personal cards
    moves at most and 2 marker placements a seat (a token each); each turn is
    one race-track action and at most two more steps (a bet or ``end``, and a
    reveal's draw).
    """
    players = int(data["players"])
    card = SETUP_CARDS[players]
    extra = EXTRA_FROM_DISCARD[players]
    moves = players * card.to_deck + extra + CRAZY_IN_DECK + players
    return len(FULL_DECK) + players * (card.dealt - 1) + extra + CRAZY_IN_DECK + 3 * (
        moves + 2 * players)


HOOKS: Final = GameHooks(
    multiset_zones=_multisets,
    hidden_zones=_hidden,
    own_zones=_own,
    segment_key="leg",
    segment_bound=leg_bound,
    score_key="money",
    card_flow=FLOW,
)

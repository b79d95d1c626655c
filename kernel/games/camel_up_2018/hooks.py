"""Camel Up, 2nd edition (2018): what the generic checks must know (kernel.testing.checks).

CU2-HIDDEN: the only hidden things are the colours of a seat's finish cards,
in its hand and on the two piles (the piles' owners and sizes are public).
Each seat's five cards are one per racing colour, so the hidden twin of a
table for a seat redistributes the cards of ONE other seat among that seat's
hand and its places on the piles (redistributing cards between two seats
would give one seat two cards of a colour, a table the rules cannot reach).
The hands are multisets (listed sorted). A leg has no hard bound: a seat may
move its spectator tile again and again (CU2-TILE-PLACE).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from kernel.plugin import GameHooks, Zone

from .resample import FLOW


def _multisets(data: Mapping[str, Any]) -> list[Zone]:
    return [("hands", seat) for seat in range(int(data["players"]))]


def _cards_of(seat: int) -> list[Zone]:
    return [("hands", seat), ("winner_cards", seat), ("loser_cards", seat)]


def _hidden(data: Mapping[str, Any], seat: int) -> list[Zone]:
    """The zones of the first other seat (after ``seat``) with a finish card on a pile."""
    if data["phase"] == "over":  # CU2-HIDDEN: the piles are face up, the hands follow
        return []
    n = int(data["players"])
    others = [(seat + k) % n for k in range(1, n)]
    for other in others:
        if data["winner_cards"][other] or data["loser_cards"][other]:
            return _cards_of(other)
    return _cards_of(others[0])


def _own(data: Mapping[str, Any], seat: int) -> list[Zone]:
    # The seat's own cards cannot be pooled with another seat's (see the module
    # docstring); tests/games/camel_up_2018/test_cu2_game.py checks that a seat sees its own cards.
    return []


HOOKS: Final = GameHooks(
    multiset_zones=_multisets,
    hidden_zones=_hidden,
    own_zones=_own,
    segment_key=None,
    segment_bound=None,
    score_key="money",
    hidden_chance=False,  # every die and start roll is public (CU2-HIDDEN)
    card_flow=FLOW,
)

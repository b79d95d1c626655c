"""The Hare & the Tortoise (2014): what the generic checks must know.

Two groups of hidden zones (``hidden_groups``): the racing cards (the deck,
the others' hands and, until the end, their second bets) and the starting bet
cards (the others' starting bets until the end, and the unused ones, never
shown: HT-SETUP-START). The hidden twins of the generic checks redistribute
cards within a group only, so a racing card never lands among the bets.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from kernel.plugin import GameHooks, Zone

from .data import DEALT, TABLE_MAX
from .resample import FLOW


def _multisets(data: Mapping[str, Any]) -> list[Zone]:
    zones: list[Zone] = [("deck",), ("discard",), ("table",), ("unused",)]
    for seat in range(int(data["players"])):
        zones += [("hands", seat), ("second", seat), ("starting", seat)]
    return zones


def _groups(data: Mapping[str, Any], seat: int) -> list[list[Zone]]:
    # HT-SETUP-DEAL, HT-SETUP-SECOND, HT-TURN-REFILL: the deck, the others' hands and
    # (until the end, HT-END-GAME) their second bets are face down; HT-SETUP-START: so
    # are the others' starting bets until the end, and the unused ones always.
    racing: list[Zone] = [("deck",)]
    bets: list[Zone] = [("unused",)]
    shown = data["phase"] in ("scored", "over")
    for other in range(int(data["players"])):
        if other != seat:
            racing.append(("hands", other))
            if not shown:
                racing.append(("second", other))
                bets.append(("starting", other))
    return [racing, bets]


def _hidden(data: Mapping[str, Any], seat: int) -> list[Zone]:
    return [z for group in _groups(data, seat) for z in group]


def _own(data: Mapping[str, Any], seat: int) -> list[Zone]:
    if data["phase"] in ("scored", "over"):  # HT-END-GAME: every bet is revealed
        return [("hands", seat)]
    return [("hands", seat), ("second", seat)]


def _bound(data: Mapping[str, Any]) -> int:
    """The most steps between two racing phases (HT-RACE-TRIGGER).

    A new setup (a round of the championship starts in the segment of the
    racing phase that ended the last): the gathering, at most 2 starting bets
    each, 2 streams, 5 turbos, 7 cards dealt and a second bet each. Then at
    most 8 turns (a play of at least one card each, at most 8 cards on the
    table), each card played drawn back once (at most 8 draws), and the
    apprentice movement choices (5 at most).
    """
    players = int(data["players"])
    setup = 1 + players * (2 + DEALT + 1) + 2 + 5
    return setup + TABLE_MAX + TABLE_MAX + 5


HOOKS: Final = GameHooks(multiset_zones=_multisets, hidden_zones=_hidden, own_zones=_own,
                         segment_key="races", segment_bound=_bound, score_key="points",
                         hidden_groups=_groups, card_flow=FLOW)

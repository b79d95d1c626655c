"""Camel Up, 2nd edition (2018): where the finish cards go, for :func:`kernel.resample`.

The only hidden cards are the finish cards (CU2-HIDDEN): each seat holds one
per racing colour, so each seat's five cards are a group of their own. A card
placed on a pile (CU2-FINISH-CARD) goes face down to its own place on that
pile (the piles' order is public: each card's place is known); once the race
is over every card on the piles is turned face up (CU2-PAY-FINAL). There is no
hidden chance: what another seat put on a pile is its choice, and the
posterior counts each colour it could have put there once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from kernel.core import Action, Event
from kernel.plugin import CardFlow, CardMove, Gather

from .data import PILES


def group(seat: int) -> str:
    """The group of a seat's own five finish cards."""
    return f"cards-{seat}"


def slot(pile: str, seat: int, n: int, shown: bool = False) -> str:
    """The place of a seat's ``n``-th card on a pile (face up once shown)."""
    return f"{pile}-{seat}-{n}" + ("-up" if shown else "")


def places(data: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    over = data["phase"] == "over"
    out: list[tuple[str, str, str]] = []
    for seat, hand in enumerate(data["hands"]):
        out += [(group(seat), f"hand-{seat}", c) for c in hand]
        for pile in PILES:
            out += [(group(seat), slot(pile, seat, n, over), c)
                    for n, c in enumerate(data[f"{pile}_cards"][seat])]
    return out


def moves(before: Mapping[str, Any], action: Action, events: Sequence[Event],
          after: Mapping[str, Any]) -> list[CardMove | Gather]:
    out: list[CardMove | Gather] = []
    placed = {pile: [list(c) for c in before[f"{pile}_cards"]] for pile in PILES}
    for e in events:
        if e.kind == "finish-card":  # CU2-FINISH-CARD: its owner alone sees the colour
            seat, pile, colour = int(e.data["seat"]), str(e.data["pile"]), str(e.data["colour"])
            n = len(placed[pile][seat])
            placed[pile][seat].append(colour)
            out.append(CardMove(group(seat), colour, f"hand-{seat}", slot(pile, seat, n),
                                (seat,), named=True))
    if after["phase"] == "over" and before["phase"] != "over":  # CU2-PAY-FINAL: face up
        for pile in PILES:
            for seat, cards in enumerate(placed[pile]):
                out += [CardMove(group(seat), c, slot(pile, seat, n), slot(pile, seat, n, True))
                        for n, c in enumerate(cards)]
    return out


FLOW: Final = CardFlow(places=places, moves=moves)

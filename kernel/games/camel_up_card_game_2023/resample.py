"""Camel Up: The Card Game (2023): where the cards go, for :func:`kernel.resample`.

The engine's steps say most of it (:mod:`kernel.engines.camel_cards.flow`).
This game adds: with 5 or 6 players, random discards drawn unseen into the
racing deck (CUG-LEG-EXTRA; the discard pile is the ``stock`` while they are
drawn); 2 of the 5 crazy camel cards, a group of their own set aside between
legs, drawn unseen into the deck, the rest discarded unseen
(CUG-LEG-CRAZYCARDS); each seat's last card turned face up as its personal
racing card (CUG-LEG-PERSONAL), played by anyone onto the played pile
(CUG-ACT-PERSONAL) or discarded, face up, at the leg's end (CUG-LEG-END).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

from kernel.core import Action, Event
from kernel.engines.camel_cards import flow
from kernel.plugin import CardFlow, CardMove, Gather

from .data import CRAZY_CARDS
from .plain import FACE_UP
from .state import CRAZY_PHASE, EXTRA

#: The group of the crazy camel cards, and where they wait between legs.
CRAZY: Final = "crazy"
ASIDE: Final = "aside"


def _group(card: str) -> str:
    return CRAZY if card in CRAZY_CARDS else flow.RACING


def personal(seat: int) -> str:
    """The place of a seat's personal racing card, face up."""
    return f"personal-{seat}"


def places(data: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    phase = data["phase"]
    stock = {EXTRA: "discard", CRAZY_PHASE: ASIDE}.get(phase, "stock")
    out = [(_group(c), place, c) for key, place in (
        ("stock", stock), ("discard", "discard"), ("deck", "deck"), ("played", "revealed"))
        for c in data[key]]
    for seat, cards in enumerate(data["hands"]):
        place = personal(seat) if phase in FACE_UP else flow.hand(seat)
        out += [(flow.RACING, place, c) for c in cards]
    aside = Counter(CRAZY_CARDS)
    aside.subtract(Counter(c for _, _, c in out if c in CRAZY_CARDS))
    out += [(CRAZY, ASIDE, c) for c, n in sorted(aside.items()) for _ in range(n)]
    return out


class _Steps(flow.Steps):
    def __init__(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> None:
        super().__init__(before, after)
        self.aside = Counter(before["stock"] if before["phase"] == CRAZY_PHASE else ())

    def on_leg_reset(self, e: Event) -> None:  # CUG-LEG-RESET: the crazy cards set aside
        super().on_leg_reset(e)
        self.out.append(Gather(CRAZY, ASIDE))

    def on_shuffled_in(self, e: Event) -> None:  # CUG-LEG-EXTRA, CUG-LEG-CRAZYCARDS: unseen
        card = str(e.data["card"])
        if card in CRAZY_CARDS:
            self.aside[card] -= 1
            self.out.append(CardMove(CRAZY, card, ASIDE, "deck", (), named=True))
        else:
            self.move(card, "discard", "deck", (), named=True)

    def on_personal_cards(self, e: Event) -> None:  # CUG-LEG-PERSONAL: face up
        for card, n in sorted(self.aside.items()):  # the other crazy cards, discarded unseen
            self.out += [CardMove(CRAZY, card, ASIDE, "discard", ()) for _ in range(n)]
        self.aside = Counter()
        for seat, cards in enumerate(self.hands):
            for card in cards:
                self.move(card, flow.hand(seat), personal(seat), None)

    def on_personal_played(self, e: Event) -> None:  # CUG-ACT-PERSONAL
        owner, card = int(e.data["owner"]), str(e.data["card"])
        self.from_hand(owner, card)
        self.move(card, personal(owner), "revealed", None)

    def on_revealed(self, e: Event) -> None:  # a racing or a crazy camel card
        card = str(e.data["card"])
        self.out.append(CardMove(_group(card), card, "deck", "revealed", None, named=True))

    def held(self, seat: int) -> str:
        return personal(seat)

    def shown_held(self, seat: int) -> tuple[int, ...] | None:
        return None  # the personal cards lie face up


def moves(before: Mapping[str, Any], action: Action, events: Sequence[Event],
          after: Mapping[str, Any]) -> list[CardMove | Gather]:
    return _Steps(before, after).run(events)


FLOW: Final = CardFlow(places=places, moves=moves)

"""Camel Up Cards (2016): where the racing cards go, for :func:`kernel.resample`.

The engine's steps say most of it (:mod:`kernel.engines.camel_cards.flow`);
this game adds the hand card, played face up (CUC-ACT-HAND). The places are
the undealt pool, each hand and face-down intel card, the discard pile, the
racing deck and the revealed pile (CUC-INV-RACING); the intel cards shown
(``shown``) stay in the deck, the list only remembers them (CUC-LEG-INTEL).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from kernel.core import Action, Event
from kernel.engines.camel_cards import flow
from kernel.plugin import CardFlow, CardMove, Gather

#: Plain-data piles and their places.
PILES: Final = {"stock": "stock", "discard": "discard", "deck": "deck", "revealed": "revealed"}


class _Steps(flow.Steps):
    def on_hand_played(self, e: Event) -> None:  # CUC-ACT-HAND: shown as it is played
        seat, card = int(e.data["seat"]), str(e.data["card"])
        self.from_hand(seat, card)
        self.move(card, flow.hand(seat), "discard", None)


def places(data: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    return flow.places(data, PILES)


def moves(before: Mapping[str, Any], action: Action, events: Sequence[Event],
          after: Mapping[str, Any]) -> list[CardMove | Gather]:
    return _Steps(before, after).run(events)


FLOW: Final = CardFlow(places=places, moves=moves)

"""Where the racing cards go in the engine's shared steps (for :func:`kernel.resample`).

The engine's events tell every card move of a leg's setup and play: the setup
reveals, the deal (each card seen by its receiver), the undealt cards, the
face-down choices (seen by the chooser), the intel cards shown to all, the
reveals from the racing deck, the hand cards discarded unseen at a leg's end,
and the gathering of all racing cards for the next leg. A game reads its own
events (a hand card played, cards shuffled into the deck) in a subclass of
:class:`Steps` (``on_<event kind>`` methods, dashes as underscores), and lists
its places from plain data (:func:`places`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

from kernel.core import Event
from kernel.plugin import CardMove, Gather

#: The group of the racing cards (they are all interchangeable, kind by kind).
RACING: Final = "racing"


def hand(seat: int) -> str:
    """The place of a seat's hand."""
    return f"hand-{seat}"


def intel(seat: int) -> str:
    """The place of a seat's face-down intel card."""
    return f"intel-{seat}"


def places(data: Mapping[str, Any], zones: Mapping[str, str]) -> list[tuple[str, str, str]]:
    """(group, place, kind) of every racing card in ``data``: ``zones`` maps a
    plain-data key of one pile to its place; hands (and intel cards, when the
    game has them) are per seat."""
    out = [(RACING, place, c) for key, place in zones.items() for c in data[key]]
    for seat, cards in enumerate(data["hands"]):
        out += [(RACING, hand(seat), c) for c in cards]
    for seat, cards in enumerate(data.get("intel", ())):
        out += [(RACING, intel(seat), c) for c in cards]
    return out


class Steps:
    """The card moves of one step, read from its events in order."""

    def __init__(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> None:
        self.before = before
        self.after = after
        self.stock: Counter[str] = Counter(before["stock"])
        self.hands = [list(h) for h in before["hands"]]
        self.intel = [list(c) for c in before.get("intel", ())]
        self.out: list[CardMove | Gather] = []

    def run(self, events: Sequence[Event]) -> list[CardMove | Gather]:
        for e in events:
            handler = getattr(self, "on_" + e.kind.replace("-", "_"), None)
            if handler is not None:
                handler(e)
        return self.out

    def move(self, kind: str, source: str, target: str, seen: tuple[int, ...] | None,
             named: bool = False) -> None:
        self.out.append(CardMove(RACING, kind, source, target, seen, named=named))

    def from_hand(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)

    # ---- the engine's events

    def on_setup_card(self, e: Event) -> None:  # a starting position, shown to all
        self.stock[str(e.data["card"])] -= 1
        self.move(str(e.data["card"]), "stock", "revealed", None, named=True)

    def on_leg_reset(self, e: Event) -> None:  # every racing card gathered and shuffled
        self.out.append(Gather(RACING, "stock"))
        self.stock = Counter()

    def on_dealt(self, e: Event) -> None:  # seen by its receiver only
        seat, card = int(e.data["seat"]), str(e.data["card"])
        self.stock[card] -= 1
        self.hands[seat].append(card)
        self.move(card, "stock", hand(seat), (seat,), named=True)

    def on_undealt_discarded(self, e: Event) -> None:  # seen by nobody
        for card, n in sorted(self.stock.items()):
            for _ in range(n):
                self.move(card, "stock", "discard", ())
        self.stock = Counter()

    def _chose(self, e: Event, target: str) -> None:
        seat, card = int(e.data["seat"]), str(e.data["card"])
        self.from_hand(seat, card)
        self.move(card, hand(seat), target, (seat,), named=True)

    def on_chose_discard(self, e: Event) -> None:
        self._chose(e, "discard")

    def on_chose_deck(self, e: Event) -> None:
        self._chose(e, "deck")

    def on_chose_intel(self, e: Event) -> None:
        self._chose(e, intel(int(e.data["seat"])))
        self.intel[int(e.data["seat"])].append(str(e.data["card"]))

    def on_intel_shown(self, e: Event) -> None:  # every intel card shown, then into the deck
        for seat, cards in enumerate(self.intel):
            for card in cards:
                self.move(card, intel(seat), "deck", None)
        self.intel = [[] for _ in self.intel]

    def on_revealed(self, e: Event) -> None:  # drawn from the deck, shown to all
        self.move(str(e.data["card"]), "deck", "revealed", None, named=True)

    def on_leg_ended(self, e: Event) -> None:  # the hand cards left, discarded unseen
        for seat, cards in enumerate(self.hands):
            for card in cards:
                self.move(card, self.held(seat), "discard", self.shown_held(seat))
        self.hands = [[] for _ in self.hands]

    def held(self, seat: int) -> str:
        """Where a seat's last card lies during play."""
        return hand(seat)

    def shown_held(self, seat: int) -> tuple[int, ...] | None:
        """Who sees a seat's last card discarded at a leg's end: nobody (a hidden hand)."""
        return ()

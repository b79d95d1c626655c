"""The Hare & the Tortoise (2014): where the cards go, for :func:`kernel.resample`.

Two groups of cards that never mix: the racing cards (HT-DATA-CARDS: the deck,
the hands, the second bets, the table and the discard pile) and the five
starting bet cards (HT-SETUP-START: the seats' face-down bets and the unused
ones, never shown). A card dealt or drawn is seen by its receiver only
(HT-SETUP-DEAL, HT-TURN-REFILL), a second bet by its owner (HT-SETUP-SECOND),
a play by everyone (HT-TURN-PLAY); the discard pile is public and becomes the
new deck when the deck runs out (HT-TURN-RESHUFFLE). At the end of a round
every bet is shown (HT-END-GAME), a second bet only as the animal it bets on
(a howl card shows as a wolf bet, HT-SCORE-POINTS); a new round of the
championship gathers every card again (HT-CHAMP-ROUNDS).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from kernel.core import Action, Event
from kernel.plugin import CardFlow, CardMove, Gather

from .data import HOWL, animal_of

#: The two groups of cards.
RACING: Final = "racing"
BETS: Final = "bets"
#: Phases in which every bet lies face up (HT-END-GAME).
SHOWN: Final = ("scored", "over")


def _shows(card: str) -> tuple[str, ...]:
    """The kinds a shown second bet cannot be told from (it shows its animal)."""
    same = (card, HOWL, animal_of(HOWL))
    return tuple(sorted({c for c in same if animal_of(c) == animal_of(card)}))


def places(data: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    up = "-up" if data["phase"] in SHOWN else ""
    out = [(RACING, place, c) for place in ("deck", "discard", "table") for c in data[place]]
    out += [(BETS, "unused", c) for c in data["unused"]]
    for seat in range(int(data["players"])):
        out += [(RACING, f"hand-{seat}", c) for c in data["hands"][seat]]
        out += [(RACING, f"second-{seat}{up}", c) for c in data["second"][seat]]
        out += [(BETS, f"starting-{seat}{up}", c) for c in data["starting"][seat]]
    return out


def moves(before: Mapping[str, Any], action: Action, events: Sequence[Event],
          after: Mapping[str, Any]) -> list[CardMove | Gather]:
    out: list[CardMove | Gather] = []
    discard = list(before["discard"])
    table = list(before["table"])
    for e in events:
        d = e.data
        if e.kind == "starting-bet":  # HT-SETUP-START
            seat = int(d["seat"])
            out.append(CardMove(BETS, str(d["animal"]), "unused", f"starting-{seat}", (seat,),
                                named=True))
        elif e.kind in ("dealt", "drew"):  # HT-SETUP-DEAL, HT-TURN-REFILL
            seat = int(d["seat"])
            out.append(CardMove(RACING, str(d["card"]), "deck", f"hand-{seat}", (seat,),
                                named=True))
        elif e.kind == "second-bet":  # HT-SETUP-SECOND
            seat = int(d["seat"])
            out.append(CardMove(RACING, str(d["card"]), f"hand-{seat}", f"second-{seat}",
                                (seat,), named=True))
        elif e.kind == "played":  # HT-TURN-PLAY: face up
            seat, animal = int(d["seat"]), str(d["animal"])
            howls = int(d["howls"])
            cards = [animal] * (int(d["count"]) - howls) + [HOWL] * howls
            table += cards
            out += [CardMove(RACING, c, f"hand-{seat}", "table") for c in cards]
        elif e.kind == "reshuffled":  # HT-TURN-RESHUFFLE: the public discard pile
            out += [CardMove(RACING, c, "discard", "deck") for c in discard]
            discard = []
        elif e.kind == "discarded":  # HT-RACE-END
            out += [CardMove(RACING, c, "table", "discard") for c in table]
            discard += table
            table = []
        elif e.kind == "bets-revealed":  # HT-END-GAME: a second bet shows its animal
            for seat in range(int(before["players"])):
                out += [CardMove(BETS, c, f"starting-{seat}", f"starting-{seat}-up")
                        for c in before["starting"][seat]]
                out += [CardMove(RACING, c, f"second-{seat}", f"second-{seat}-up",
                                 shows=_shows(c)) for c in before["second"][seat]]
        elif e.kind == "round-started":  # HT-CHAMP-ROUNDS: every card gathered again
            out += [Gather(RACING, "deck"), Gather(BETS, "unused")]
    return out


FLOW: Final = CardFlow(places=places, moves=moves)

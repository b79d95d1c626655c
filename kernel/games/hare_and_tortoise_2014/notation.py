"""The Hare & the Tortoise (2014): the one-line position notation (``kernel.notation``).

The whole table, hidden bets and cards included, as space-separated fields
over the plain-data keys (:mod:`.plain`), written with the shared codec
(:mod:`kernel.notation_codec`); the catalogue describes each field
(``spec/hare-and-tortoise-2014/rules.md``, "Notation"). An animal, or a
racing card of an animal, is one letter: ``h`` hare, ``t`` tortoise, ``w``
wolf, ``f`` fox, ``l`` lamb, and ``o`` a wolf card with the howl symbol.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from kernel.core import PlainData
from kernel.notation_codec import (
    Alphabet,
    Bag,
    Layout,
    Number,
    Numbers,
    Rest,
    Rows,
    Seq,
    Word,
)

from .data import (
    ANIMALS,
    APPRENTICE_CARDS,
    GAME_ID,
    HOWL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    STANDARD_CARDS,
    VERSION,
)

#: An animal's letter.
ANIMAL: Final = Alphabet({a: a[0] for a in ANIMALS})
#: A racing card's letter: its animal's, ``o`` for a howling wolf.
CARD: Final = Alphabet({**{a: a[0] for a in ANIMALS}, HOWL: "o"})
PHASES: Final = Word({"bets": "b", "track": "k", "turbos": "u", "deal": "d", "second": "s",
                      "turn": "t", "draw": "r", "move": "m", "scored": "c", "over": "o"})


def _seats(done: Mapping[str, PlainData]) -> int:
    players = done["players"]
    assert type(players) is int
    return players


def _all_cards(done: Mapping[str, Any]) -> list[str]:
    """Every racing card of the mode (HT-DATA-CARDS, HT-APP-CARDS)."""
    counts = APPRENTICE_CARDS if done["mode"] == "apprentice" else STANDARD_CARDS
    return [card for card, n in counts.items() for _ in range(n)]


_INT: Final = Number(-1000, 1000)

LAYOUT: Final = Layout([
    ("players", Number(MIN_PLAYERS, MAX_PLAYERS)),
    ("mode", Word({"standard": "s", "apprentice": "a"})),
    ("series", _INT),
    ("round", _INT),
    ("phase", PHASES),
    ("turn", _INT),
    ("token", _INT),
    ("races", _INT),
    ("streams", Numbers(-100, 100)),
    ("turbos", Seq(ANIMAL)),
    ("positions", Numbers(-100, 100)),
    ("podium", Rows(Seq(ANIMAL))),
    ("to_move", Seq(ANIMAL)),
    ("points", Numbers(-1000, 1000)),
    ("history", Rows(Numbers(-1000, 1000))),
    ("shown", Rows(Bag(ANIMAL), length=_seats)),
    ("table", Bag(CARD)),
    ("unused", Bag(ANIMAL)),
    ("starting", Rows(Bag(ANIMAL), length=_seats)),
    ("second", Rows(Bag(CARD), length=_seats)),
    ("hands", Rows(Bag(CARD), length=_seats)),
    ("deck", Bag(CARD)),
], {"game": GAME_ID, "version": VERSION},
    Rest("discard", _all_cards, ("second", "hands", "deck", "table")))

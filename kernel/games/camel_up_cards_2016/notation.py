"""Camel Up Cards (2016): the one-line position notation (``kernel.notation``).

The whole table, hidden cards included, as space-separated fields over the
plain-data keys (:mod:`.plain`), written with the shared codec
(:mod:`kernel.notation_codec`); the catalogue describes each field
(``spec/camel-up-cards-2016/rules.md``, "Notation"). Camels and cards are one
letter: ``b g o w y`` for the colours, a racing card its colour's letter,
lower case for a +1 card and upper case for a +2 one; a leg betting card is
its colour's letter and its value (``b5``, ``bm`` for a midfield card).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from kernel.core import PlainData
from kernel.notation_codec import (
    Alphabet,
    Bag,
    Cells,
    Digits,
    Layout,
    Letters,
    Maybe,
    Number,
    Numbers,
    Prefix,
    Record,
    Rest,
    Rows,
    Seq,
    Slots,
    Table,
    Word,
)
from kernel.rules.camel import track_length

from .data import CAMEL_COLOURS, FULL_DECK, GAME_ID, LEADER_STACK, MAX_PLAYERS, MIN_PLAYERS
from .game import VERSION
from .plain import LETTER_SIDE

#: A camel's letter.
CAMELS: Final = Alphabet({c: c[0] for c in CAMEL_COLOURS})
#: A racing card's letter: its colour's, upper case for a +2 card.
CARDS: Final = Alphabet({**{f"{c}+1": c[0] for c in CAMEL_COLOURS},
                         **{f"{c}+2": c[0].upper() for c in CAMEL_COLOURS}})
#: A leg betting card: its colour's letter and its value, ``m`` for midfield.
BETS: Final = Alphabet({f"{c}:{v}": f"{c[0]}{v if v != 'mid' else 'm'}"
                        for c in CAMEL_COLOURS for v in (*sorted(set(LEADER_STACK)), "mid")})
PHASES: Final = Word({"setup": "s", "deal": "d", "discard": "x", "deck": "k", "intel": "i",
                      "play": "p", "draw": "r", "over": "o"})
FLAG: Final = Word({False: "0", True: "1"})


def _seats(done: Mapping[str, PlainData]) -> int:
    players = done["players"]
    assert type(players) is int
    return players


def _cells(done: Mapping[str, PlainData]) -> int:
    """The cells of the track read so far: the Start card, its spaces and the Finish."""
    track = done["track"]
    assert type(track) is str
    return track_length(tuple(LETTER_SIDE[c] for c in track)) + 2


_SEAT: Final = Number(-1, MAX_PLAYERS - 1)
_FIGURE: Final = Maybe(Record([("space", Number(0, 99)), ("holder", _SEAT)]))

LAYOUT: Final = Layout([
    ("players", Number(MIN_PLAYERS, MAX_PLAYERS)),
    ("age_order", Digits()),
    ("phase", PHASES),
    ("leg", Number(0, 999)),
    ("starter", _SEAT),
    ("turn", _SEAT),
    ("track", Letters("".join(LETTER_SIDE))),
    ("stacks", Cells(CAMELS, _cells)),
    ("palm", _FIGURE),
    ("fennec", _FIGURE),
    ("bet_done", FLAG),
    ("track_done", FLAG),
    ("extended", Number(0, 99)),
    ("leaders", Table(CAMEL_COLOURS, Prefix(LEADER_STACK), sep="")),
    ("midfield", Seq(CAMELS)),
    ("bets", Rows(Seq(BETS), length=_seats)),
    ("winner_bets", Slots(CAMELS)),
    ("loser_bets", Slots(CAMELS)),
    ("money", Numbers()),
    ("payouts", Rows(Numbers(), length=_seats)),
    ("revealed", Seq(CARDS)),
    ("shown", Seq(CARDS)),
    ("stock", Bag(CARDS)),
    ("hands", Rows(Bag(CARDS), length=_seats)),
    ("intel", Rows(Bag(CARDS), length=_seats)),
    ("deck", Bag(CARDS)),
], {"game": GAME_ID, "version": VERSION},
    Rest("discard", lambda _: FULL_DECK, ("stock", "hands", "intel", "deck", "revealed")))

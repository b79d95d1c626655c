"""Camel Up, 2nd edition (2018): the one-line position notation (``kernel.notation``).

The whole table, hidden finish cards included, as space-separated fields
over the plain-data keys (:mod:`.plain`), written with the shared codec
(:mod:`kernel.notation_codec`); the catalogue describes each field
(``spec/camel-up-2018/rules.md``, "Notation"). Camels are one letter: ``b g r
y p`` for the racing camels, ``w`` and ``k`` for the white and black crazy
camels; a die face or a betting ticket is the camel's letter and its number
(``k3``, ``p5``); a spectator tile is its space and ``c`` (cheering) or ``b``
(booing) joined by ``.``. The hands are left out: each seat's finish cards
not on a pile (CU2-INV-CARDS).
"""

from __future__ import annotations

from typing import Final

from kernel.notation_codec import (
    Alphabet,
    Cells,
    Digits,
    Layout,
    Maybe,
    Number,
    Numbers,
    Record,
    Rows,
    SeatRest,
    Seats,
    Seq,
    Word,
)

from .data import (
    ALL_CAMELS,
    CELLS,
    COLOURS,
    GAME_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBERS,
    TICKET_STACK,
    VERSION,
)

_LETTER: Final = {c: ("k" if c == "black" else c[0]) for c in ALL_CAMELS}
#: A camel's letter.
CAMELS: Final = Alphabet(_LETTER)
#: A pyramid die face: the camel's letter and the number.
FACES: Final = Alphabet({f"{c}:{k}": f"{_LETTER[c]}{k}" for c in ALL_CAMELS for k in NUMBERS})
#: A leg betting ticket: the camel's letter and its value.
TICKETS: Final = Alphabet({f"{c}:{v}": f"{_LETTER[c]}{v}" for c in COLOURS
                           for v in sorted(set(TICKET_STACK))})
PHASES: Final = Word({"setup": "s", "crazy": "c", "turn": "t", "reveal": "r", "over": "o"})

_SEAT: Final = Number(0, MAX_PLAYERS - 1)


def _seats(done: object) -> int:
    assert isinstance(done, dict) and type(done["players"]) is int
    players: int = done["players"]
    return players


LAYOUT: Final = Layout([
    ("players", Number(MIN_PLAYERS, MAX_PLAYERS)),
    ("phase", PHASES),
    ("leg", Number(1, 10_000)),
    ("starter", _SEAT),
    ("turn", _SEAT),
    ("track", Cells(CAMELS, lambda _: CELLS)),
    ("revealed", Seq(FACES)),
    ("previous_leg", Seq(FACES)),
    ("bets", Rows(Seq(TICKETS), length=_seats)),
    ("pyramid_tickets", Digits()),
    ("tiles", Rows(Maybe(Record([("space", Number(0, 99)),
                                 ("side", Word({"cheer": "c", "boo": "b"}))])),
                   length=_seats)),
    ("money", Numbers(-1000, 1_000_000)),
    ("partners", Seats()),
    ("winner_pile", Digits()),
    ("loser_pile", Digits()),
    ("winner_cards", Rows(Seq(CAMELS), length=_seats)),
    ("loser_cards", Rows(Seq(CAMELS), length=_seats)),
], {"game": GAME_ID, "version": VERSION},
    SeatRest("hands", lambda _: COLOURS, ("winner_cards", "loser_cards")))

"""Camel Up: The Card Game (2023): the one-line position notation (``kernel.notation``).

The whole table, hidden cards included, as space-separated fields over the
plain-data keys (:mod:`.plain`), written with the shared codec
(:mod:`kernel.notation_codec`); the catalogue describes each field
(``spec/camel-up-card-game-2023/rules.md``, "Notation"). Camels are one
letter, ``b g o w y`` and ``k`` for the black crazy camel; a racing card is
its colour's letter, lower case for +1 and upper case for +2, and the black
cards are ``x`` (black -0), ``k`` (-1) and ``K`` (-2); a leg betting card
is its colour's letter and its value (``b5``, ``bm`` for a midfield card).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from kernel.core import PlainData
from kernel.notation_codec import (
    Alphabet,
    Bag,
    Cells,
    Digits,
    Flags,
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
from kernel.rules.track import track_length

from .data import (
    CAMEL_NAMES,
    CRAZY_CARDS,
    FULL_DECK,
    GAME_ID,
    LEADER_STACK,
    MAX_PLAYERS,
    MIN_PLAYERS,
)
from .data import RACING_COLOURS as COLOURS
from .game import VERSION
from .plain import SIDES
from .state import CRAZY_PHASE, DRAW, OVER, PLAY

#: A camel's letter (``k`` for the black one).
CAMELS: Final = Alphabet({c: ("k" if c == "black" else c[0]) for c in CAMEL_NAMES})
#: A racing card's letter: its colour's, upper case for +2; black -0, -1, -2: x k K.
CARDS: Final = Alphabet({**{f"{c}+1": c[0] for c in COLOURS},
                         **{f"{c}+2": c[0].upper() for c in COLOURS},
                         "black-0": "x", "black-1": "k", "black-2": "K"})
#: A leg betting card: its colour's letter and its value, ``m`` for midfield.
BETS: Final = Alphabet({f"{c}:{v}": f"{c[0]}{v if v != 'mid' else 'm'}"
                        for c in COLOURS for v in (*sorted(set(LEADER_STACK)), "mid")})
PHASES: Final = Word({"setup": "s", "deal": "d", "discard": "x", "deck": "k", "extra": "e",
                      "crazy": "c", "play": "p", "draw": "r", "over": "o"})
FLAG: Final = Word({False: "0", True: "1"})
#: The phases with the black cards in the game (CUG-LEG-CRAZYCARDS: shuffled in once the
#: racing deck is complete; set aside before).
_WITH_CRAZY: Final = frozenset((CRAZY_PHASE, PLAY, DRAW, OVER))


def _seats(done: Mapping[str, PlainData]) -> int:
    players = done["players"]
    assert type(players) is int
    return players


def _cells(done: Mapping[str, PlainData]) -> int:
    """The cells of the track read so far: behind the start line, its spaces, the finish."""
    track = done["track"]
    assert type(track) is str
    return track_length(tuple(SIDES[c] for c in track)) + 2


def _all_cards(done: Mapping[str, Any]) -> Sequence[str]:
    """Every racing card in the game in this phase: the black ones once the leg is set up."""
    return (*FULL_DECK, *CRAZY_CARDS) if done["phase"] in _WITH_CRAZY else FULL_DECK


_SEAT: Final = Number(-1, MAX_PLAYERS - 1)
_MARKER: Final = Maybe(Record([("space", Number(0, 99)), ("holder", _SEAT)]))

LAYOUT: Final = Layout([
    ("players", Number(MIN_PLAYERS, MAX_PLAYERS)),
    ("age_order", Digits()),
    ("phase", PHASES),
    ("leg", Number(0, 999)),
    ("starter", _SEAT),
    ("turn", _SEAT),
    ("track", Letters("".join(SIDES))),
    ("stacks", Cells(CAMELS, _cells)),
    ("shortcut", _MARKER),
    ("fennec", _MARKER),
    ("shortcut_tokens", Flags()),
    ("fennec_tokens", Flags()),
    ("shortcut_placers", Digits()),
    ("fennec_placers", Digits()),
    ("bet_done", FLAG),
    ("track_done", FLAG),
    ("extended", Number(0, 99)),
    ("leaders", Table(COLOURS, Prefix(LEADER_STACK), sep="")),
    ("midfield", Seq(CAMELS)),
    ("bets", Rows(Seq(BETS), length=_seats)),
    ("winner_bets", Slots(CAMELS)),
    ("loser_bets", Slots(CAMELS)),
    ("money", Numbers()),
    ("payouts", Rows(Numbers(), length=_seats)),
    ("played", Seq(CARDS)),
    ("stock", Bag(CARDS)),
    ("hands", Rows(Bag(CARDS), length=_seats)),
    ("deck", Bag(CARDS)),
], {"game": GAME_ID, "version": VERSION},
    Rest("discard", _all_cards, ("stock", "hands", "deck", "played")))

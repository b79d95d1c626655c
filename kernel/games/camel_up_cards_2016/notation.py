"""Camel Up Cards (2016): the one-line position notation (``kernel.notation``).

The whole table, hidden cards included, as space-separated fields over the
plain-data keys (:mod:`.plain`), laid out by the card games' shared notation
(:mod:`kernel.engines.camel_cards.notation`) with the shared codec
(:mod:`kernel.notation_codec`); the catalogue describes each field
(``spec/camel-up-cards-2016/rules.md``, "Notation"). Camels are one letter,
``b g o w y``; a racing card its colour's letter, lower case for +1, upper
case for +2; a leg betting card its colour's letter and value (``b5``, ``bm``
for a midfield card). The discard pile is left out: every racing card no
other zone holds (CUC-INV-RACING).
"""

from __future__ import annotations

from typing import Final

from kernel.engines.camel_cards.notation import figure, layout, per_seat, racing_cards
from kernel.notation_codec import Alphabet, Bag, Rest, Seq

from .data import CAMEL_COLOURS, FULL_DECK, GAME_ID, LEADER_STACK, MAX_PLAYERS, MIN_PLAYERS
from .game import VERSION
from .plain import LETTER_SIDE

#: A camel's letter.
CAMELS: Final = Alphabet({c: c[0] for c in CAMEL_COLOURS})
#: A racing card's letter.
CARDS: Final = racing_cards(CAMEL_COLOURS, {})

LAYOUT: Final = layout(
    constants={"game": GAME_ID, "version": VERSION},
    players=(MIN_PLAYERS, MAX_PLAYERS),
    phases={"setup": "s", "deal": "d", "discard": "x", "deck": "k", "intel": "i",
            "play": "p", "draw": "r", "over": "o"},
    sides=LETTER_SIDE, camels=CAMELS, colours=CAMEL_COLOURS, leader_stack=LEADER_STACK,
    figures=[("palm", figure(MAX_PLAYERS)), ("fennec", figure(MAX_PLAYERS))],
    zones=[("revealed", Seq(CARDS)), ("shown", Seq(CARDS)), ("stock", Bag(CARDS)),
           ("hands", per_seat(Bag(CARDS))), ("intel", per_seat(Bag(CARDS))),
           ("deck", Bag(CARDS))],
    rest=Rest("discard", lambda _: FULL_DECK, ("stock", "hands", "intel", "deck", "revealed")),
)

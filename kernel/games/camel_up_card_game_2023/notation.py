"""Camel Up: The Card Game (2023): the one-line position notation (``kernel.notation``).

The whole table, hidden cards included, as space-separated fields over the
plain-data keys (:mod:`.plain`), laid out by the card games' shared notation
(:mod:`kernel.engines.camel_cards.notation`) with the shared codec
(:mod:`kernel.notation_codec`); the catalogue describes each field
(``spec/camel-up-card-game-2023/rules.md``, "Notation"). Camels are one
letter, ``b g o w y`` and ``k`` for the black crazy camel; a racing card its
colour's letter, lower case for +1 and upper case for +2, the black cards
``x`` (-0), ``k`` (-1) and ``K`` (-2); a leg betting card its colour's letter
and value (``b5``, ``bm`` for a midfield card). The discard pile is left out:
every racing card no other zone holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from kernel.engines.camel_cards.notation import figure, layout, per_seat, racing_cards
from kernel.notation_codec import Alphabet, Bag, Digits, Flags, Rest, Seq

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
#: A racing card's letter; the black cards -0, -1, -2 are x k K.
CARDS: Final = racing_cards(COLOURS, {"black-0": "x", "black-1": "k", "black-2": "K"})
#: The phases with the black cards in the game (CUG-LEG-CRAZYCARDS: shuffled in once the
#: racing deck is complete; set aside before).
_WITH_CRAZY: Final = frozenset((CRAZY_PHASE, PLAY, DRAW, OVER))


def _all_cards(done: Mapping[str, Any]) -> Sequence[str]:
    """Every racing card in the game in this phase: the black ones once they are shuffled in."""
    return (*FULL_DECK, *CRAZY_CARDS) if done["phase"] in _WITH_CRAZY else FULL_DECK


LAYOUT: Final = layout(
    constants={"game": GAME_ID, "version": VERSION},
    players=(MIN_PLAYERS, MAX_PLAYERS),
    phases={"setup": "s", "deal": "d", "discard": "x", "deck": "k", "extra": "e",
            "crazy": "c", "play": "p", "draw": "r", "over": "o"},
    sides=SIDES, camels=CAMELS, colours=COLOURS, leader_stack=LEADER_STACK,
    figures=[("shortcut", figure(MAX_PLAYERS)), ("fennec", figure(MAX_PLAYERS)),
             ("shortcut_tokens", Flags()), ("fennec_tokens", Flags()),
             ("shortcut_placers", Digits()), ("fennec_placers", Digits())],
    zones=[("played", Seq(CARDS)), ("stock", Bag(CARDS)), ("hands", per_seat(Bag(CARDS))),
           ("deck", Bag(CARDS))],
    rest=Rest("discard", _all_cards, ("stock", "hands", "deck", "played")),
)

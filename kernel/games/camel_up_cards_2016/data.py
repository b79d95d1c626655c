"""Camel Up Cards (2016): components and per-player-count tables, as data.

Sources: rulebooks 000 and 004 ("Components"), and
``shared/rulebooks/rules-data.md`` for the leg setup cards, whose figures were
printed only as pictures. Tags follow rules-data.md: SOURCE, DERIVED, CHOSEN.
A CHOSEN figure is an interpretation recorded in the spec (CUC-DATA-SETUPCARD)
and is changed here, and only here, when the printed card is known.
"""

from __future__ import annotations

from typing import Final

from kernel.engines.camel_cards.spec import SetupCard

GAME_ID: Final = "camel-up-cards-2016"

#: CUC-DATA-CARDS. The texts name yellow, white and blue; green and orange are
#: CHOSEN after the board game. Index order is the canonical camel order.
CAMEL_COLOURS: Final = ("blue", "green", "orange", "white", "yellow")
COLOUR_INDEX: Final = {c: i for i, c in enumerate(CAMEL_COLOURS)}

#: CUC-DATA-CARDS: 30 racing cards, per colour 5 with +1 and 1 with +2.
RACING_CARDS_PER_COLOUR: Final = {1: 5, 2: 1}
CARD_IDS: Final = tuple(f"{c}+{v}" for c in CAMEL_COLOURS for v in (1, 2))
CARD_CAMEL: Final = {f"{c}+{v}": COLOUR_INDEX[c] for c in CAMEL_COLOURS for v in (1, 2)}
CARD_STEPS: Final = {f"{c}+{v}": v for c in CAMEL_COLOURS for v in (1, 2)}
FULL_DECK: Final = tuple(
    sorted(f"{c}+{v}" for c in CAMEL_COLOURS for v, n in RACING_CARDS_PER_COLOUR.items()
           for _ in range(n))
)

#: CUC-DATA-CARDS / CUC-LEG-RESET: leader cards per colour, bottom to top.
LEADER_STACK: Final = (2, 2, 3, 5)

#: CUC-DATA-CARDS: 12 race track cards of 2 spaces each.
TRACK_CARDS: Final = 12

#: CUC-SETUP-MONEY: each player starts with 3 Pounds.
START_MONEY: Final = 3

#: CUC-SETUP-REVEAL: racing cards revealed for the starting positions.
SETUP_REVEALS: Final = 5


#: CUC-DATA-SETUPCARD: one Leg Setup card per player count, from rules-data.md
#: (tags as there): dealt (purple), discard (gray), to_deck (green), intel (blue),
#: flag (the track's spaces at setup).
SETUP_CARDS: Final = {
    2: SetupCard(12, 5, 6, 0, 15,
                 "dealt 12 SOURCE, discard 5 DERIVED, deck 6 DERIVED, flag 15 SOURCE"),
    3: SetupCard(10, 5, 3, 1, 16,
                 "dealt 10 CHOSEN (7-10), discard 5 CHOSEN, deck 3 DERIVED, flag 16 DERIVED"),
    4: SetupCard(7, 3, 2, 1, 17,
                 "dealt 7 CHOSEN (6-7), discard 3 CHOSEN, deck 2 DERIVED, flag 17 DERIVED"),
    5: SetupCard(6, 3, 1, 1, 18,
                 "dealt 6 CHOSEN (5-6), discard 3 CHOSEN, deck 1 DERIVED, flag 18 DERIVED"),
    6: SetupCard(5, 2, 1, 1, 19,
                 "dealt 5 SOURCE, discard 2 DERIVED, deck 1 DERIVED, flag 19 SOURCE"),
}

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
#: The player count of a configuration that names none (KERNEL-CONFIG: omitted keys take
#: their documented defaults); a kernel default, not a rulebook figure.
DEFAULT_PLAYERS: Final = 4

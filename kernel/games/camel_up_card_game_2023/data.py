"""Camel Up: The Card Game (2023): components and per-player-count tables, as data.

Sources: rulebook 001 (a reviewer's summary of the Pretzel Games 2023 rules,
"Components", "Set Up", "Setting Up A Leg") and
``shared/rulebooks/rules-data.md`` ("Camel Up: The Card Game (2023)") for the
leg setup card figures, which no text prints. Tags follow rules-data.md:
SOURCE, DERIVED, CHOSEN. A CHOSEN figure is an interpretation recorded in the
spec (CUG-DATA-SETUPCARD) and is changed here, and only here, when the printed
card is known.
"""

from __future__ import annotations

from typing import Final

from kernel.engines.camel_cards.spec import SetupCard
from kernel.rules.payouts import CUC_2016

GAME_ID: Final = "camel-up-card-game-2023"

#: CUG-DATA-CARDS: five racing camels (001 names none of their colours: the
#: 2016 game's colours, CHOSEN) in canonical order, then the black crazy camel.
RACING_COLOURS: Final = ("blue", "green", "orange", "white", "yellow")
CRAZY_COLOUR: Final = "black"
CAMEL_NAMES: Final = (*RACING_COLOURS, CRAZY_COLOUR)
RACING: Final = len(RACING_COLOURS)
#: The crazy camel's index in ``pos``/``height`` (after the racing camels).
CRAZY: Final = RACING
CAMELS: Final = RACING + 1
COLOUR_INDEX: Final = {c: i for i, c in enumerate(RACING_COLOURS)}

#: CUG-DATA-CARDS: 30 racing cards, per colour five 1 cards and one 2 card [SOURCE 001].
RACING_CARDS_PER_COLOUR: Final = {1: 5, 2: 1}
FULL_DECK: Final = tuple(
    sorted(f"{c}+{v}" for c in RACING_COLOURS for v, n in RACING_CARDS_PER_COLOUR.items()
           for _ in range(n)))
#: CUG-DATA-CARDS: 5 crazy camel cards, two 0, two 1, one 2 [SOURCE 001]; the
#: minus sign says the crazy camel runs towards the start.
CRAZY_CARDS: Final = ("black-0", "black-0", "black-1", "black-1", "black-2")
#: Every card id, sorted.
CARD_IDS: Final = tuple(sorted(set(FULL_DECK) | set(CRAZY_CARDS)))
CARD_CAMEL: Final = {card: (CRAZY if card in CRAZY_CARDS else COLOUR_INDEX[card[:-2]])
                     for card in CARD_IDS}
CARD_STEPS: Final = {card: int(card[-1]) for card in CARD_IDS}

#: CUG-LEG-CRAZYCARDS: crazy camel cards shuffled into each leg's racing deck [SOURCE 001].
CRAZY_IN_DECK: Final = 2
#: CUG-SETUP-CRAZY: the crazy camel's space after the starting reveals [SOURCE 001].
CRAZY_START: Final = 7
#: CUG-LEG-CRAZY: spaces in front of the leading camel the crazy camel is put [SOURCE 001].
CRAZY_AHEAD: Final = 3

#: CUG-DATA-CARDS / CUG-LEG-RESET: leader cards per colour, bottom to top [SOURCE 001].
LEADER_STACK: Final = (2, 2, 3, 5)

#: CUG-DATA-CARDS: 12 race track cards [SOURCE 001], 2 spaces each (as in 2016).
TRACK_CARDS: Final = 12

#: CUG-SETUP-MONEY: three Pounds, one fennec token and one shortcut token each [SOURCE 001].
START_MONEY: Final = 3

#: CUG-SETUP-REVEAL: racing cards revealed for the starting positions [SOURCE 001].
SETUP_REVEALS: Final = 5

#: CUG-ACT-PERSONAL: what playing another player's personal racing card costs [SOURCE 001].
PERSONAL_FEE: Final = 1

#: CUG-PAY-LEADER, CUG-PAY-MID, CUG-PAY-WINNER, CUG-PAY-LOSER: the 2016 tables
#: [SOURCE 001, the same figures]; CUG-MONEY-FLOOR: never below 0 Pounds [SOURCE 001].
PAYOUTS: Final = CUC_2016._replace(floor=0)

#: CUG-DATA-SETUPCARD: one leg setup card per player count (rules-data.md's
#: candidate table, CHOSEN; 16 at 4 players SOURCE): dealt N, discard D, to the
#: deck K (no intel cards in this game), the track's last space. N = D + K + 1.
SETUP_CARDS: Final = {
    2: SetupCard(7, 3, 3, 0, 14, "dealt 7, discard 3, deck 3, track 14: all CHOSEN"),
    3: SetupCard(6, 3, 2, 0, 15, "dealt 6, discard 3, deck 2, track 15: all CHOSEN"),
    4: SetupCard(6, 3, 2, 0, 16, "dealt 6, discard 3, deck 2 CHOSEN; track 16 SOURCE"),
    5: SetupCard(4, 2, 1, 0, 17, "dealt 4, discard 2, deck 1, track 17: all CHOSEN"),
    6: SetupCard(4, 2, 1, 0, 18, "dealt 4, discard 2, deck 1, track 18: all CHOSEN"),
}
#: CUG-LEG-EXTRA: random discarded cards added to the racing deck [SOURCE 001].
EXTRA_FROM_DISCARD: Final = {2: 0, 3: 0, 4: 0, 5: 2, 6: 3}

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
#: The player count of a configuration that names none (KERNEL-CONFIG: omitted keys take
#: their documented defaults); a kernel default, not a rulebook figure.
DEFAULT_PLAYERS: Final = 4

"""The Hare & the Tortoise (2014): components and tables, each with its source.

Tags as in ``rules-data.md``: SOURCE (printed in rulebook 002 or settled by
the sources rules-data.md lists), DERIVED (follows from printed figures),
CHOSEN (a reading the kernel takes; see the catalogue's interpretations).
"""

from __future__ import annotations

from typing import Final

GAME_ID: Final = "hare-and-tortoise-2014"
#: Changes only when the game's behaviour changes (see spec CHANGELOG).
VERSION: Final = 2
MIN_PLAYERS: Final = 2  # DERIVED (HT-DATA-CARDS): 5 starting bets, 2 each with 2 players
MAX_PLAYERS: Final = 5  # DERIVED (HT-DATA-CARDS): one starting bet card each, 5 cards

#: The animals in the fixed racing order (HT-RACE-ORDER) [SOURCE 002 and rules-data].
ANIMALS: Final = ("hare", "tortoise", "wolf", "fox", "lamb")
#: The wolf cards with the howl symbol (HT-RACE-HOWL): a wolf card of its own kind.
HOWL: Final = "howl"
#: Every kind of racing card.
CARD_KINDS: Final = (*ANIMALS, HOWL)
#: The racing cards of the standard game (HT-DATA-CARDS) [SOURCE 002]:
#: 18 hare, 17 tortoise, 16 wolf of which 3 howl, 15 fox, 15 lamb.
STANDARD_CARDS: Final = {"hare": 18, "tortoise": 17, "wolf": 13, HOWL: 3, "fox": 15, "lamb": 15}
#: The racing cards of the apprentice variant (HT-APP-CARDS) [SOURCE 002]: 13 each, no howl.
APPRENTICE_CARDS: Final = {"hare": 13, "tortoise": 13, "wolf": 13, HOWL: 0, "fox": 13,
                           "lamb": 13}
#: Track tiles after the starting line (HT-SETUP-TRACK) [SOURCE 002], two of them streams.
TILES: Final = 11
STREAMS: Final = 2
#: The position of an animal past the finish line (on the podium, or past it).
FINISH: Final = TILES + 1
#: Tiles carrying the turbo tokens of the apprentice variant (HT-APP-TURBO) [SOURCE 002].
TURBO_TILES: Final = (2, 4, 6, 8, 10)
#: Extra tiles of a turbo [SOURCE rules-data: "5 turbo tokens marked +2"].
TURBO_STEPS: Final = 2
#: Points per podium place, first to third (HT-SCORE-POINTS) [SOURCE 002].
PLACE_POINTS: Final = (5, 3, 2)
#: Podium places (HT-END-GAME) [SOURCE 002].
PODIUM_PLACES: Final = 3
#: Table limits (HT-TURN-LIMIT, HT-RACE-TRIGGER) [SOURCE 002].
TABLE_MAX: Final = 8
ANIMAL_MAX: Final = 4
#: Cards dealt before the second bet (HT-SETUP-DEAL) [SOURCE 002], the hand after it
#: (HT-TURN-REFILL) [SOURCE 002]; the apprentice hand (HT-APP-DEAL) [SOURCE 002 for the
#: deal; the refill to 5 is CHOSEN].
DEALT: Final = 7
HAND: Final = 6
APPRENTICE_HAND: Final = 5
#: Rounds of the championship (HT-CHAMP-ROUNDS) [SOURCE 002].
CHAMPIONSHIP_ROUNDS: Final = 3
MODES: Final = ("standard", "apprentice")


def starting_bets(players: int) -> int:
    """Starting bet cards per seat (HT-SETUP-START, HT-APP-DEAL): 2 with 2 players, else 1.

    >>> starting_bets(2), starting_bets(5)
    (2, 1)
    """
    return 2 if players == 2 else 1


def racing_cards(mode: str) -> dict[str, int]:
    """The racing cards of a mode (HT-DATA-CARDS, HT-APP-CARDS)."""
    return dict(APPRENTICE_CARDS if mode == "apprentice" else STANDARD_CARDS)


def hand_size(mode: str) -> int:
    """The hand between turns (HT-TURN-REFILL, HT-APP-DEAL)."""
    return APPRENTICE_HAND if mode == "apprentice" else HAND


def animal_of(card: str) -> str:
    """The animal a racing card shows: a howl card is a wolf card (HT-RACE-WOLF)."""
    return "wolf" if card == HOWL else card


assert sum(STANDARD_CARDS.values()) == 81
assert sum(APPRENTICE_CARDS.values()) == 65

"""Camel Up, 2nd edition (2018): components and tables, as data.

Sources: rulebook 003 (``003_7df0da71c4ab0577.txt``, "Components", "Setup",
"End of a leg", "End of the game") and ``shared/rulebooks/rules-data.md``
("Camel Up, 2nd edition (2018)"), which restores the ticket values 003
garbled. Tags follow rules-data.md: SOURCE, DERIVED, CHOSEN. The camels, dice
and board cells are those of :mod:`.movement` (the reveal semantics), named
again here so that the game's modules read them from one place.
"""

from __future__ import annotations

from typing import Final

from .movement import BEHIND, CAMELS, CRAZY, DICE, FINISH, GREY, RACING, SPACES

GAME_ID: Final = "camel-up-2018"
VERSION: Final = 1

#: CU2-DATA-COMPONENTS: 3 to 8 players [SOURCE 003 and box].
MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 8

#: CU2-DATA-COMPONENTS: racing camels blue, green, red, yellow, purple (forward);
#: crazy camels white and black (backward) [SOURCE 003]; board cells 0 (behind
#: the line), 1..16 (spaces), 17 (past the line).
COLOURS: Final = RACING
CRAZY_CAMELS: Final = CRAZY
ALL_CAMELS: Final = CAMELS
ALL_DICE: Final = DICE
GREY_DIE: Final = GREY
TRACK_SPACES: Final = SPACES
CELLS: Final = FINISH + 1  #: cells 0..17
BEHIND_LINE: Final = BEHIND
PAST_LINE: Final = FINISH

#: CU2-PYRAMID-TICKET: the numbers on every die [SOURCE 003].
NUMBERS: Final = (1, 2, 3)

#: CU2-SETUP-TICKETS: a colour's betting tickets, bottom to top (5 on top)
#: [SOURCE 003 "Setup"; the values from rules-data.md's second copy].
TICKET_STACK: Final = (2, 2, 3, 5)
#: CU2-SETUP-TICKETS: pyramid tickets per leg [SOURCE 003].
PYRAMID_TICKETS: Final = 5
#: CU2-LEG-END: a leg ends when this many dice are out of the pyramid [SOURCE 003].
LEG_DICE: Final = 5

#: CU2-SETUP-MONEY: Pounds each player starts with [SOURCE 003].
START_MONEY: Final = 3
#: CU2-MONEY-FLOOR: no player drops below 0 Pounds [SOURCE 003 "Money"].
MONEY_FLOOR: Final = 0

#: CU2-SETUP-RACING: a racing die's number n puts its camel on space n [SOURCE 003].
RACING_START: Final = {1: 1, 2: 2, 3: 3}
#: CU2-SETUP-CRAZY: the grey die's number puts a crazy camel on 1 = 16, 2 = 15, 3 = 14 [SOURCE 003].
CRAZY_START: Final = {1: 16, 2: 15, 3: 14}

#: CU2-PAY-FINAL: the 1st, 2nd, 3rd, 4th correct finish card pay 8, 5, 3, 2, every later
#: correct card 1, every wrong card -1 [SOURCE 003 "End of the game"].
FINAL_PAY: Final = (8, 5, 3, 2)
FINAL_LATER: Final = 1
FINAL_WRONG: Final = -1

#: CU2-PARTNER: partnership cards are used with 6 or more players [SOURCE 003].
PARTNER_MIN_PLAYERS: Final = 6

#: CU2-TILE-PLACE: a spectator tile is never placed on space 1 [SOURCE 003].
TILE_SPACES: Final = tuple(range(2, SPACES + 1))
#: CU2-TILE-CHEER / CU2-TILE-BOO: the two sides of a spectator tile.
SIDES: Final = ("cheer", "boo")

#: The two finish-card piles (CU2-FINISH-CARD).
PILES: Final = ("winner", "loser")

#: CU2-INV-PHASE: the phases of a game.
PHASES: Final = ("setup", "crazy", "turn", "reveal", "over")

#: Narration: the seats' names (the eight characters are not named in 003's text).
SEAT_NAMES: Final = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")

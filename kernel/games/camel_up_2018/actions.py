"""Camel Up, 2nd edition (2018): the action vocabulary and the tables of its actions.

Canonical text: ``bet:<colour>`` (CU2-BET-TICKET), ``cheer:<space>`` /
``boo:<space>`` (CU2-TILE-PLACE), ``pyramid`` (CU2-PYRAMID-TICKET),
``winner:<colour>`` / ``loser:<colour>`` (CU2-FINISH-CARD), ``partner:<seat>``
(CU2-PARTNER); chance: ``die:<colour>:<number>`` (a racing die, the grey die's
face in white or black, and at setup the dice placing the camels).

The legal actions and chance outcomes are read from the tables below (each
action interned once, by its values), never looked up by text.
"""

from __future__ import annotations

from typing import Final

from kernel.core import Action
from kernel.plugin import ActionKind, Field, Vocabulary

from .data import ALL_CAMELS, COLOURS, GAME_ID, MAX_PLAYERS, NUMBERS, PILES, SIDES, TILE_SPACES

KINDS: Final = (
    ActionKind("die", (Field("colour", str), Field("number", int)), "chance",
               "a die's face: a racing die or the grey die's white or black number "
               "(CU2-PYRAMID-TICKET, CU2-SETUP-RACING, CU2-SETUP-CRAZY)"),
    ActionKind("bet", (Field("colour", str),), doc="take the top betting ticket (CU2-BET-TICKET)"),
    ActionKind("cheer", (Field("space", int),),
               doc="place the spectator tile cheering side up (CU2-TILE-PLACE)"),
    ActionKind("boo", (Field("space", int),),
               doc="place the spectator tile boozing side up (CU2-TILE-PLACE)"),
    ActionKind("pyramid", doc="take a pyramid ticket and reveal a die (CU2-PYRAMID-TICKET)"),
    ActionKind("winner", (Field("colour", str),),
               doc="a finish card on the overall winner pile (CU2-FINISH-CARD)"),
    ActionKind("loser", (Field("colour", str),),
               doc="a finish card on the overall loser pile (CU2-FINISH-CARD)"),
    ActionKind("partner", (Field("partner", int),),
               doc="enter a betting partnership (CU2-PARTNER, 6 or more players)"),
)
CHANCE_KINDS: Final = frozenset(k.name for k in KINDS if k.actor == "chance")

#: Each die face, by camel then number (CU2-PYRAMID-TICKET, CU2-SETUP-*).
DIE: Final = {c: {n: Action(GAME_ID, "die", c, n) for n in NUMBERS} for c in ALL_CAMELS}
#: The top betting ticket of each colour (CU2-BET-TICKET).
BET: Final = {c: Action(GAME_ID, "bet", c) for c in COLOURS}
#: The spectator tile, by side then space (CU2-TILE-PLACE).
TILE: Final = {side: {sp: Action(GAME_ID, side, sp) for sp in TILE_SPACES} for side in SIDES}
PYRAMID: Final = Action(GAME_ID, "pyramid")
#: A finish card, by pile then colour (CU2-FINISH-CARD).
CARD: Final = {p: {c: Action(GAME_ID, p, c) for c in COLOURS} for p in PILES}
#: A partnership with each seat (CU2-PARTNER).
PARTNER: Final = tuple(Action(GAME_ID, "partner", seat) for seat in range(MAX_PLAYERS))

#: The action universe.
VOCABULARY: Final = Vocabulary(GAME_ID, KINDS, [
    *(a for faces in DIE.values() for a in faces.values()),
    *BET.values(),
    *(a for spaces in TILE.values() for a in spaces.values()),
    PYRAMID,
    *(a for cards in CARD.values() for a in cards.values()),
    *PARTNER,
])
__all__ = ["BET", "CARD", "CHANCE_KINDS", "DIE", "KINDS", "PARTNER", "PYRAMID", "TILE",
           "VOCABULARY"]

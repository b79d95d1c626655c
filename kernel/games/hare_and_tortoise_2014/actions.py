"""The Hare & the Tortoise (2014): the action vocabulary and the tables of its actions.

Chance: ``starting:<seat>:<animal>`` (a starting bet dealt), ``stream:<tile>``,
``turbo:<animal>``, ``deal:<seat>:<card>``, ``draw:<card>``, ``gather``; seats:
``bet:<card>`` (the second bet), ``place:<animal>:<count>:<howls>`` (play
cards), ``move:<animal>`` (apprentice). The legal actions and chance outcomes
are read from the tables below (each action interned once, by its values).
"""

from __future__ import annotations

from typing import Final

from kernel.core import Action
from kernel.plugin import ActionKind, Field, Vocabulary

from .data import ANIMAL_MAX, ANIMALS, CARD_KINDS, GAME_ID, MAX_PLAYERS, TILES

KINDS: Final = (
    ActionKind("starting", (Field("to", int), Field("animal", str)), "chance",
               "a starting bet card dealt face down (HT-SETUP-START, HT-APP-DEAL)"),
    ActionKind("stream", (Field("tile", int),), "chance",
               "a stream tile laid at this place of the track (HT-SETUP-TRACK)"),
    ActionKind("turbo", (Field("animal", str),), "chance",
               "the turbo token on the next of tiles 2, 4, 6, 8, 10 (HT-APP-TURBO)"),
    ActionKind("deal", (Field("to", int), Field("card", str)), "chance",
               "a racing card dealt (HT-SETUP-DEAL, HT-APP-DEAL)"),
    ActionKind("draw", (Field("card", str),), "chance",
               "a racing card drawn to refill the hand (HT-TURN-REFILL)"),
    ActionKind("gather", (), "chance",
               "the cards and pawns gathered for the next round (HT-CHAMP-ROUNDS)"),
    ActionKind("bet", (Field("card", str),), "seat",
               "the second bet, face down (HT-SETUP-SECOND)"),
    ActionKind("place", (Field("animal", str), Field("count", int), Field("howls", int)), "seat",
               "play cards of one animal face up (HT-TURN-PLAY)"),
    ActionKind("move", (Field("animal", str),), "seat",
               "move an animal in the apprentice racing phase (HT-APP-MOVE)"),
)
CHANCE_KINDS: Final = frozenset(k.name for k in KINDS if k.actor == "chance")



#: Every play of 1 to 4 cards of one animal, wolves with 0 to 3 howl cards among them
#: (a table built at import: data, like the rest of the action universe).
PLAYS: Final = tuple(
    (animal, count, howls)
    for animal in ANIMALS
    for count in range(1, ANIMAL_MAX + 1)
    for howls in (range(0, min(3, count) + 1) if animal == "wolf" else (0,)))


#: The action universe (a table built at import).
VOCABULARY: Final = Vocabulary(GAME_ID, KINDS, [
    *(Action(GAME_ID, "starting", s, a) for s in range(MAX_PLAYERS) for a in ANIMALS),
    *(Action(GAME_ID, "stream", t) for t in range(1, TILES + 1)),
    *(Action(GAME_ID, "turbo", a) for a in ANIMALS),
    *(Action(GAME_ID, "deal", s, c) for s in range(MAX_PLAYERS) for c in CARD_KINDS),
    *(Action(GAME_ID, "draw", c) for c in CARD_KINDS),
    Action(GAME_ID, "gather"),
    *(Action(GAME_ID, "bet", c) for c in CARD_KINDS),
    *(Action(GAME_ID, "place", a, n, h) for a, n, h in PLAYS),
    *(Action(GAME_ID, "move", a) for a in ANIMALS),
])

#: The tables the legal actions and chance outcomes are read from.
STARTING: Final = tuple({a: VOCABULARY.get("starting", s, a) for a in ANIMALS}
                        for s in range(MAX_PLAYERS))
STREAM: Final = {t: VOCABULARY.get("stream", t) for t in range(1, TILES + 1)}
TURBO: Final = {a: VOCABULARY.get("turbo", a) for a in ANIMALS}
DEAL: Final = tuple({c: VOCABULARY.get("deal", s, c) for c in CARD_KINDS}
                    for s in range(MAX_PLAYERS))
DRAW: Final = {c: VOCABULARY.get("draw", c) for c in CARD_KINDS}
GATHER: Final = VOCABULARY.get("gather")
BET: Final = {c: VOCABULARY.get("bet", c) for c in CARD_KINDS}
#: Each play (animal, count, howls) with its action, in the actions' sorted order.
PLACE: Final = tuple(sorted(((p, VOCABULARY.get("place", *p)) for p in PLAYS),
                            key=lambda x: x[1]))
MOVE: Final = {a: VOCABULARY.get("move", a) for a in ANIMALS}

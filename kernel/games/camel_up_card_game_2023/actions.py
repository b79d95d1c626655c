"""Camel Up: The Card Game (2023): the action vocabulary and the fixed action space.

Canonical text: chance ``draw:<card>`` (a starting reveal, a deal, a random
discard or crazy camel card shuffled in, the racing deck's top card); leg
setup ``discard:<card>``, ``deck:<card>``; race-track actions ``reveal``,
``personal:<owner>`` (play the personal racing card in front of seat
``owner``), ``shortcut:<space>``, ``fennec:<space>``; betting actions
``leg:<camel>``, ``mid:<camel>``, ``win:<camel>``, ``lose:<camel>``; and
``end`` (end the turn without betting). Racing cards are
``<colour>+<1|2>``, crazy camel cards ``black-<0|1|2>``.
"""

from __future__ import annotations

from typing import Final

from kernel.core import Action, Rejected
from kernel.plugin import ActionKind, ActionSpace, Field, Vocabulary

from .data import CARD_IDS, FULL_DECK, GAME_ID, MAX_PLAYERS, RACING_COLOURS, TRACK_CARDS

MAX_CELL: Final = 2 * TRACK_CARDS  #: the most spaces a track can have
BET_KINDS: Final = ("leg", "lose", "mid", "win")
MARKERS: Final = ("fennec", "shortcut")


_CARD: Final = Field("card", str, "a racing card <colour>+<1|2> or crazy card black-<0|1|2>")
_SPACE: Final = Field("space", int, "a space of the track, 1 to 24")
_CAMEL: Final = Field("camel", str, "a racing camel's colour")
_OWNER: Final = Field("owner", int, "the seat the personal racing card lies in front of")
#: (kind, fields, doc) of each seat's action; the chance draw first.
_TABLE: Final = (
    ("discard", (_CARD,), "leg setup: a card discarded face down"),
    ("deck", (_CARD,), "leg setup: a card into the racing deck"),
    ("reveal", (), "race track: reveal the top racing card"),
    ("personal", (_OWNER,), "race track: play a personal racing card (another's costs 1 Pound)"),
    ("shortcut", (_SPACE,), "race track: place the shortcut marker"),
    ("fennec", (_SPACE,), "race track: place the fennec marker"),
    ("leg", (_CAMEL,), "bet: the top leg winner card of a colour"),
    ("mid", (_CAMEL,), "bet: a leg midfield card"),
    ("win", (_CAMEL,), "bet: a final overall winner card"),
    ("lose", (_CAMEL,), "bet: a final overall loser card"),
    ("end", (), "end the turn without betting"),
)
#: The action vocabulary (canonical text in the module docstring).
KINDS: Final = (
    ActionKind("draw", (_CARD,), "chance",
               "a card revealed, dealt, shuffled in or drawn (CUG-LEG-DEAL)"),
    *(ActionKind(name, fields, doc=doc) for name, fields, doc in _TABLE),
)

#: Every action the game knows, interned (the action universe; a table built at
#: import): (kind, value) -> Action. Only racing cards are dealt and chosen.
ACTIONS: Final[dict[tuple[str, str | int | None], Action]] = {
    **{("draw", card): Action(GAME_ID, "draw", card) for card in CARD_IDS},
    **{(kind, card): Action(GAME_ID, kind, card)
       for kind in ("deck", "discard") for card in sorted(set(FULL_DECK))},
    **{(kind, cell): Action(GAME_ID, kind, cell)
       for kind in MARKERS for cell in range(1, MAX_CELL + 1)},
    **{(kind, colour): Action(GAME_ID, kind, colour)
       for kind in BET_KINDS for colour in RACING_COLOURS},
    **{("personal", owner): Action(GAME_ID, "personal", owner) for owner in range(MAX_PLAYERS)},
    **{(kind, None): Action(GAME_ID, kind) for kind in ("reveal", "end")},
}
VOCABULARY: Final = Vocabulary(GAME_ID, KINDS, tuple(ACTIONS.values()))
ALL_ACTIONS: Final = VOCABULARY.actions
_BY_ACTOR: Final = {who: tuple(a for a in ALL_ACTIONS if (a.kind == "draw") == (who == "chance"))
                    for who in ("chance", "seats")}
#: The fixed action space (ids are indices; the same for every configuration).
ACTION_SPACE: Final = ActionSpace(_BY_ACTOR["seats"], _BY_ACTOR["chance"])
_INTERNED: Final[dict[Action, Action]] = {a: a for a in ALL_ACTIONS}


def parse_action(action: object) -> Action | Rejected:
    """This game's Action for an Action, its canonical text or its plain data (KERNEL-INPUT).

    >>> parse_action("personal:1").text
    'personal:1'
    >>> parse_action({"kind": "shortcut", "space": "3"}).rule
    'KERNEL-INPUT'
    """
    found = _INTERNED.get(action) if type(action) is Action else None
    return found if found is not None else VOCABULARY.parse(action)

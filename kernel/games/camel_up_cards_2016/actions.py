"""Camel Up Cards (2016): the action vocabulary and the fixed action space.

Canonical text: chance ``draw:<card>``; leg setup ``discard:<card>``,
``deck:<card>``, ``intel:<card>``; race-track actions ``reveal``, ``hand``,
``palm:<space>``, ``fennec:<space>``; betting actions ``leg:<camel>``,
``mid:<camel>``, ``win:<camel>``, ``lose:<camel>``; and ``end`` (end the turn
without betting). Cards are ``<colour>+<1|2>``.
"""

from __future__ import annotations

from typing import Final

from kernel.core import Action, Rejected
from kernel.plugin import ActionKind, ActionSpace, Field, Vocabulary

from .data import CAMEL_COLOURS, CARD_IDS, GAME_ID, TRACK_CARDS

MAX_CELL: Final = 2 * TRACK_CARDS  # the most spaces a track can have
BET_KINDS: Final = ("leg", "lose", "mid", "win")
CARD_KINDS: Final = ("deck", "discard", "draw", "intel")


def _build_actions() -> dict[tuple[str, str | int | None], Action]:
    table: dict[tuple[str, str | int | None], Action] = {}
    for kind in CARD_KINDS:
        for card in CARD_IDS:
            table[(kind, card)] = Action(GAME_ID, kind, card)
    for kind in ("palm", "fennec"):
        for cell in range(1, MAX_CELL + 1):
            table[(kind, cell)] = Action(GAME_ID, kind, cell)
    for kind in BET_KINDS:
        for colour in CAMEL_COLOURS:
            table[(kind, colour)] = Action(GAME_ID, kind, colour)
    for kind in ("reveal", "hand", "end"):
        table[(kind, None)] = Action(GAME_ID, kind)
    return table


_CARD: Final = Field("card", str, "a racing card: <colour>+<1|2>")
_SPACE: Final = Field("space", int, "a space of the track, 1 to 24")
_CAMEL: Final = Field("camel", str, "a camel colour")
#: The action vocabulary (canonical text in the module docstring).
KINDS: Final = (
    ActionKind("draw", (_CARD,), "chance", "a card dealt, revealed or drawn (CUC-LEG-DEAL)"),
    ActionKind("discard", (_CARD,), doc="leg setup: a card discarded face down"),
    ActionKind("deck", (_CARD,), doc="leg setup: a card into the racing deck"),
    ActionKind("intel", (_CARD,), doc="leg setup: the intel card"),
    ActionKind("reveal", doc="race track: reveal the top racing card"),
    ActionKind("hand", doc="race track: play the hand card"),
    ActionKind("palm", (_SPACE,), doc="race track: place the palm tree"),
    ActionKind("fennec", (_SPACE,), doc="race track: place the fennec"),
    ActionKind("leg", (_CAMEL,), doc="bet: the top leader card of a colour"),
    ActionKind("mid", (_CAMEL,), doc="bet: a midfield card"),
    ActionKind("win", (_CAMEL,), doc="bet: a final winner card"),
    ActionKind("lose", (_CAMEL,), doc="bet: a final loser card"),
    ActionKind("end", doc="end the turn without betting"),
)

#: Every action the game knows, interned (the action universe).
ACTIONS: Final = _build_actions()
VOCABULARY: Final = Vocabulary(GAME_ID, KINDS, tuple(ACTIONS.values()))
HAND: Final = ACTIONS[("hand", None)]
ALL_ACTIONS: Final = VOCABULARY.actions
#: The fixed action space (ids are indices; the same for every configuration).
ACTION_SPACE: Final = ActionSpace(
    players=tuple(a for a in ALL_ACTIONS if a.kind != "draw"),
    chance=tuple(a for a in ALL_ACTIONS if a.kind == "draw"),
)
#: Each interned action by itself: an equal Action (same kind, values of the
#: same types) finds its interned twin without going through the parser.
_INTERNED: Final[dict[Action, Action]] = {a: a for a in ALL_ACTIONS}


def parse_action(action: object) -> Action | Rejected:
    """This game's Action for an Action, its canonical text or its plain data.

    KERNEL-INPUT: the vocabulary's one strict parser (:class:`kernel.plugin.Vocabulary`).

    >>> parse_action(" reveal")
    Rejected(rule='KERNEL-INPUT', reason="unknown action text ' reveal'")
    >>> parse_action({"kind": "palm", "space": True}).rule
    'KERNEL-INPUT'
    """
    if type(action) is Action:
        found = _INTERNED.get(action)
        if found is not None:
            return found
    return VOCABULARY.parse(action)

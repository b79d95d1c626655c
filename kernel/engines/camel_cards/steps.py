"""Applying an action on the shared engine: the checks before, the shared steps.

:func:`checked_apply` is the part of a card game's ``apply`` that every card
game has: the screen every game's ``apply`` shares (a plain-data action's
``seat`` claim, the strict parser, KERNEL-INPUT, KERNEL-GAME, KERNEL-TERMINAL,
KERNEL-ACTOR: :func:`kernel.plugin.screen`), the legality (the game's ``why_not``), and
the one step that builds the next state with its events; it never raises.
:func:`shared_step` carries out the steps the engine owns on the table in
hand, by action kind and phase (2016 rule IDs CUC-SETUP-REVEAL, CUC-LEG-DEAL,
CUC-ACT-REVEAL, CUC-LEG-DISCARD, CUC-LEG-DECK, CUC-LEG-INTEL, CUC-BET-LEG,
CUC-BET-FINAL, CUC-TURN-SHAPE, CUC-ACT-FIGURE), and says when the action is
the game's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, cast

from kernel.core import Action, Applied, Event, Rejected, Result
from kernel.plugin import Vocabulary, actor_refusal, screen

from . import legs, track, turns
from .legal import BET_KINDS, CHOICE_KINDS
from .spec import CardGame
from .table import DEAL, DRAW, SETUP, Table

#: The action kinds that are chance's to take (a deal, a reveal, a draw).
CHANCE_KINDS: Final = frozenset({"draw"})
#: What a finished race takes (KERNEL-TERMINAL).
_OVER: Final = "the race is over"


def checked_apply(
    state: Any,
    action: object,
    state_type: type,
    actor: Callable[[Any], int],
    vocabulary: Vocabulary,
    why_not: Callable[[Any, Action], Rejected | None],
    step: Callable[[Any, Action, list[Event]], Any],
) -> Result:
    """A card game's ``apply``: total and pure (a ``Rejected`` naming the rule, never raises).

    The checks every game makes first are :func:`kernel.plugin.screen`'s (the
    ``seat`` claim, the strict parser, the finished race, the actor); then the
    game's ``why_not``; then the one step.
    """
    if not isinstance(state, state_type):
        return Rejected("KERNEL-INPUT", f"not a {vocabulary.game} state: {type(state).__name__}")
    parsed = vocabulary.known.get(action) if type(action) is Action else None
    if parsed is not None:  # screen's common case, without its frame: an action the game knows
        refused = actor_refusal(parsed, actor(state), CHANCE_KINDS, _OVER)
    else:
        screened = screen(action, vocabulary, lambda: actor(state), CHANCE_KINDS, _OVER)
        if isinstance(screened, Rejected):
            return screened
        parsed, refused = screened, None
    refused = refused or why_not(state, parsed)
    if refused is not None:
        return refused
    return legal_apply(state, parsed, step)


def legal_apply(state: Any, action: Action, step: Callable[[Any, Action, list[Event]], Any]
                ) -> Applied:
    """A card game's ``apply_legal``: the one step of an action known to be legal in
    ``state`` (one of its legal actions or chance outcomes' own objects), without
    :func:`checked_apply`'s checks; the next state is checked as ever."""
    events: list[Event] = []
    return Applied(step(state, action, events), tuple(events))


def shared_step(g: CardGame, t: Table, a: Action, ev: list[Event]) -> bool:
    """The engine's part of a legal action ``a`` on the table; False when ``a`` is the
    game's own (its own race-track action, or a draw in a chance phase of its own)."""
    kind = a.kind
    if kind == "draw":  # every action the engine takes has one field: its value
        card = str(a.values[0])
        if t.phase == SETUP:
            legs.setup_reveal(g, t, card, ev)
        elif t.phase == DEAL:
            legs.deal(g, t, card, ev)
        elif t.phase == DRAW:
            track.draw(g, t, card, ev)
        else:
            return False
    elif kind in CHOICE_KINDS:
        legs.choose(g, t, kind, str(a.values[0]), ev)
    elif kind in BET_KINDS:
        turns.bet(g, t, kind, g.colours.index(str(a.values[0])), ev)
    elif kind == "end":
        turns.end_turn(g, t, ev)
    elif kind == "reveal":
        track.reveal(g, t, ev)
    elif kind in g.figures:
        track.place_figure(g, t, kind, cast(int, a.arg), ev)
    else:
        return False
    return True

"""Applying an action on the shared engine: the checks before, the shared steps.

:func:`checked_apply` is the part of a card game's ``apply`` that every card
game has: a plain-data action's ``seat`` claim (KERNEL-ACTOR), the strict
parser (KERNEL-INPUT, KERNEL-GAME), the legality (the game's ``why_not``), and
the one step that builds the next state with its events; it never raises.
:func:`shared_step` carries out the steps the engine owns on the table in
hand, by action kind and phase (2016 rule IDs CUC-SETUP-REVEAL, CUC-LEG-DEAL,
CUC-ACT-REVEAL, CUC-LEG-DISCARD, CUC-LEG-DECK, CUC-LEG-INTEL, CUC-BET-LEG,
CUC-BET-FINAL, CUC-TURN-SHAPE, CUC-ACT-FIGURE), and says when the action is
the game's own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from kernel.core import CHANCE, TERMINAL, Action, Applied, Event, Rejected, Result
from kernel.decode import show

from . import legs, track, turns
from .legal import BET_KINDS, CHOICE_KINDS
from .spec import CardGame
from .table import DEAL, DRAW, SETUP, Table


def seat_claim(actor: int, claimed: object) -> Rejected | None:
    """KERNEL-ACTOR: a plain-data action claiming ``seat`` must name the actor."""
    said = CHANCE if type(claimed) is str and claimed == "chance" else claimed
    if type(said) is not int:
        return Rejected("KERNEL-INPUT",
                        f"'seat' must be a seat number or \"chance\", not {show(claimed)}")
    if actor == TERMINAL:
        return Rejected("KERNEL-TERMINAL", "the race is over")
    if said != actor:
        whose = "chance" if actor == CHANCE else f"seat {actor}"
        return Rejected("KERNEL-ACTOR", f"it is {whose}'s move, not {show(claimed)}'s")
    return None


def checked_apply(
    state: Any,
    action: object,
    state_type: type,
    actor: Callable[[Any], int],
    parse: Callable[[object], Action | Rejected],
    why_not: Callable[[Any, Action], Rejected | None],
    step: Callable[[Any, Action, list[Event]], Any],
) -> Result:
    """A card game's ``apply``: total and pure (a ``Rejected`` naming the rule, never raises)."""
    if not isinstance(state, state_type):
        return Rejected("KERNEL-INPUT", f"not a state of this game: {type(state).__name__}")
    if type(action) is not Action and isinstance(action, Mapping) and "seat" in action:
        refused = seat_claim(actor(state), action["seat"])
        if refused is not None:
            return refused
        action = {key: value for key, value in action.items() if key != "seat"}
    parsed = parse(action)
    if isinstance(parsed, Rejected):
        return parsed
    refused = why_not(state, parsed)
    if refused is not None:
        return refused
    events: list[Event] = []
    return Applied(step(state, parsed, events), tuple(events))


def shared_step(g: CardGame, t: Table, a: Action, ev: list[Event]) -> bool:
    """The engine's part of a legal action ``a`` on the table; False when ``a`` is the
    game's own (its own race-track action, or a draw in a chance phase of its own)."""
    kind = a.kind
    if kind == "draw":
        card = str(a.arg)
        if t.phase == SETUP:
            legs.setup_reveal(g, t, card, ev)
        elif t.phase == DEAL:
            legs.deal(g, t, card, ev)
        elif t.phase == DRAW:
            track.draw(g, t, card, ev)
        else:
            return False
    elif kind in CHOICE_KINDS:
        legs.choose(g, t, kind, str(a.arg), ev)
    elif kind in BET_KINDS:
        turns.bet(g, t, kind, g.colours.index(str(a.arg)), ev)
    elif kind == "end":
        turns.end_turn(g, t, ev)
    elif kind == "reveal":
        track.reveal(g, t, ev)
    elif kind in g.figures:
        track.place_figure(g, t, kind, cast(int, a.arg), ev)
    else:
        return False
    return True

"""Camel Up: The Card Game (2023): applying an action, on the shared engine.

``apply`` is the engine's :func:`~kernel.engines.camel_cards.steps.checked_apply`
(total and pure: a ``Rejected`` naming the rule for anything that is not a
legal action, see :mod:`.legality`). A legal action thaws the state into one
table (:class:`.state.CugTable`), the engine's shared steps and this game's
own edit it, and the next state is built, and so checked against every
invariant, once.
"""

from __future__ import annotations

from typing import cast

from kernel.core import Action, Applied, Event, Result
from kernel.engines.camel_cards import moves, turns
from kernel.engines.camel_cards.steps import checked_apply, legal_apply, shared_step
from kernel.engines.camel_cards.table import put

from .actions import VOCABULARY
from .data import CARD_CAMEL, CARD_STEPS, PERSONAL_FEE
from .engine import GAME, shuffle_in
from .legality import current_actor, why_not
from .state import CugState, CugTable, freeze, thaw


def apply(s: CugState, action: object) -> Result:
    """Apply ``action``: the next state and events, or a rejection. Never raises."""
    return checked_apply(s, action, CugState, current_actor, VOCABULARY, why_not, _step)


def _step(s: CugState, a: Action, ev: list[Event]) -> CugState:
    """The legal action ``a`` on the table in hand; the next state, built once."""
    t = thaw(s)
    if a.kind == "shortcut":  # CUG-ACT-MARKER: the token is spent (the engine places it)
        t.shortcut_tokens = put(t.shortcut_tokens, t.turn, False)
        t.shortcut_placers = (*t.shortcut_placers, t.turn)
    elif a.kind == "fennec":
        t.fennec_tokens = put(t.fennec_tokens, t.turn, False)
        t.fennec_placers = (*t.fennec_placers, t.turn)
    if not shared_step(GAME, t, a, ev):
        if a.kind == "personal":
            _play_personal(t, cast(int, a.arg), ev)
        else:  # a draw of CUG-LEG-EXTRA or CUG-LEG-CRAZYCARDS
            shuffle_in(t, str(a.arg), ev)
    return freeze(t)


def apply_legal(s: CugState, a: Action) -> Applied:
    """``apply`` of a legal action of ``s``, without checking its legality again."""
    return legal_apply(s, a, _step)


def _play_personal(t: CugTable, owner: int, ev: list[Event]) -> None:
    """CUG-ACT-PERSONAL: a personal racing card moves its camel its full value;
    another seat's costs its owner's fee, paid to the owner; the card goes on
    the played pile."""
    seat = t.turn
    card = t.hands[owner][0]
    fee = 0 if owner == seat else PERSONAL_FEE
    if fee:
        money, paid = list(t.money), list(t.payouts)
        money[seat] -= fee
        money[owner] += fee
        paid[seat] = (*paid[seat], -fee)
        paid[owner] = (*paid[owner], fee)
        t.money, t.payouts = tuple(money), tuple(paid)
    ev.append(Event("personal-played", ("CUG-ACT-PERSONAL",),
                    {"seat": seat, "owner": owner, "card": card, "fee": fee}))
    t.hands = put(t.hands, owner, ())
    t.revealed = (*t.revealed, card)
    t.track_done = True
    if not moves.move(GAME, t, CARD_CAMEL[card], CARD_STEPS[card], ev):
        turns.after_track_action(t)

"""Camel Up Cards (2016): applying an action, on the shared engine.

``apply`` is total and pure: anything that is not a legal action of this
game is a ``Rejected`` naming the rule (KERNEL-INPUT, KERNEL-ACTOR, ... or
the game rule that forbids it, see :mod:`.legality`). A legal action thaws
the state into one typed :class:`~kernel.engines.camel_cards.table.Table`,
the engine's steps edit it, and the next state is built, and so checked
against every invariant, exactly once.

Readings of this game (spec/camel-up-cards-2016/rules.md):

- CUC-MOVE-START: camels on the Start card never stack, at any time (004's
  reading; 000 limits it to setup).
- CUC-LEG-DEAL, CUC-LEG-INTEL: the shuffle is modelled as uniform chance
  draws, one card at a time: dealing round-robin from seat 0, and each
  racing-deck reveal a draw from the unordered deck.
- CUC-LEG-HIDDEN: the simultaneous face-down choices are made seat by seat,
  one card per action: all discards, then all deck cards, then intel.
- CUC-MOVE-PALM/FENNEC: the figures act on every move, hand cards included;
  CUC-MOVE-CHAIN: adjacent figures chain, the last one decides top or under.
- CUC-TURN-SHAPE: after the race-track action the seat bets or plays ``end``.
- CUC-EXTEND: "3 spaces between" counts the spaces ahead of the leader's.
- CUC-PAY-FINAL: the money floor applies after the leg part and again after
  the final part of the final payout.
"""

from __future__ import annotations

from typing import cast

from kernel.core import Action, Applied, Event, Result
from kernel.engines.camel_cards import legs, moves, track, turns
from kernel.engines.camel_cards.steps import checked_apply, legal_apply
from kernel.engines.camel_cards.table import Table, adding, put

from .actions import BET_KINDS, VOCABULARY
from .data import CARD_CAMEL, COLOUR_INDEX
from .engine import GAME
from .legality import current_actor, why_not
from .state import DEAL, SETUP, CardsState, freeze, thaw


def apply(s: CardsState, action: object) -> Result:
    """Apply ``action``: the next state and events, or a rejection. Never raises."""
    return checked_apply(s, action, CardsState, current_actor, VOCABULARY, why_not, _step)


def _step(s: CardsState, a: Action, ev: list[Event]) -> CardsState:
    """The legal action ``a`` on the table in hand; the next state, built once."""
    t = thaw(s)
    kind = a.kind
    if kind == "draw":  # a chance outcome: a starting reveal, a deal or the deck's top card
        card = str(a.arg)
        if s.phase == SETUP:
            legs.setup_reveal(GAME, t, card, ev)
        elif s.phase == DEAL:
            legs.deal(GAME, t, card, ev)
        else:
            track.draw(GAME, t, card, ev)
    elif kind in ("discard", "deck", "intel"):
        legs.choose(GAME, t, kind, str(a.arg), ev)
    elif kind in BET_KINDS:
        turns.bet(GAME, t, kind, COLOUR_INDEX[str(a.arg)], ev)
    elif kind == "end":
        turns.end_turn(GAME, t, ev)
    elif kind in ("palm", "fennec"):  # CUC-ACT-FIGURE: the placer takes the card
        track.place_figure(GAME, t, kind, cast(int, a.arg), ev)
    elif kind == "hand":
        _play_hand(t, ev)
    else:  # reveal (CUC-ACT-REVEAL): the drawn card is the chance node's outcome
        track.reveal(GAME, t, ev)
    return freeze(t)


def apply_legal(s: CardsState, a: Action) -> Applied:
    """``apply`` of a legal action of ``s``, without checking its legality again."""
    return legal_apply(s, a, _step)


def _play_hand(t: Table, ev: list[Event]) -> None:
    """CUC-ACT-HAND: the seat's hand card moves its camel 1 space, even a +2."""
    seat = t.turn
    card = t.hands[seat][0]
    ev.append(Event("hand-played", ("CUC-ACT-HAND",), {"seat": seat, "card": card}))
    t.hands = put(t.hands, seat, ())
    t.discard = adding(t.discard, card)
    t.track_done = True
    if not moves.move(GAME, t, CARD_CAMEL[card], 1, ev):
        turns.after_track_action(t)

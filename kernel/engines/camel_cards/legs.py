"""Legs: the starting reveals, each leg's reset, the deal and the face-down choices.

2016 rule IDs: CUC-SETUP-REVEAL, CUC-LEG-RESET, CUC-EXTEND, CUC-SANDSTORM,
CUC-LEG-DEAL, CUC-LEG-HIDDEN, CUC-LEG-DISCARD, CUC-LEG-DECK, CUC-LEG-INTEL
and CUC-LEG-HAND; the figures come from the game's Leg Setup card for its
player count (``g.setup_cards``), the events name the game's own IDs.

The shuffles are modelled as uniform chance draws, one card at a time
(CUC-LEG-DEAL), and the simultaneous face-down choices are made seat by
seat, one card per action: all discards, then all deck cards, then the
intel cards (CUC-LEG-HIDDEN).
"""

from __future__ import annotations

from kernel.core import Event

from .events import seat_event
from .moves import move
from .spec import CardGame
from .table import DEAL, DECK, DISCARD, INTEL, Cards, Table, adding, put, without
from .turns import begin_play


def setup_reveal(g: CardGame, t: Table, card: str, ev: list[Event]) -> None:
    """CUC-SETUP-REVEAL: one of the starting cards moves its camel; after the last, leg 1."""
    ev.append(Event("setup-card", (g.rules.setup_reveal,), {"card": card}))
    t.stock = without(t.stock, card)
    t.revealed = (*t.revealed, card)
    move(g, t, g.card_camel[card], g.card_steps[card], ev)
    if len(t.revealed) == g.reveals:
        begin_leg(g, t, ev)


def begin_leg(g: CardGame, t: Table, ev: list[Event]) -> None:
    """Setup before each leg (CUC-LEG-RESET, CUC-EXTEND, CUC-SANDSTORM)."""
    r = g.rules
    t.leg += 1
    ev.append(Event("leg-reset", (r.leg_reset,), {"leg": t.leg}))
    camels = len(g.colours)  # the racing camels (a crazy camel comes after them)
    track, added = g.camel.extend(t.track, max(t.pos[:camels]), g.track_cards)  # CUC-EXTEND
    if added:
        ev.append(Event("track-extended", (r.extend,), {
            "spaces": added, "length": g.camel.track_length(track)}))
    if g.leg_setup is not None:  # the game's own step (2023: the crazy camel)
        t.track = track
        g.leg_setup(g, t, added, ev)
    track, pos, flipped = g.camel.sandstorm(track, t.pos)  # CUC-SANDSTORM
    if flipped:
        ev.append(Event("sandstorm", (r.sandstorm,), {"cards": [i + 1 for i in flipped]}))
    empty: tuple[Cards, ...] = ((),) * t.players
    t.phase = DEAL
    t.track = track
    t.pos = pos
    t.palm, t.palm_holder = 0, -1
    t.fennec, t.fennec_holder = 0, -1
    t.stock = g.full_deck  # CUC-LEG-RESET: every racing card shuffled
    t.hands = empty
    t.discard = ()
    t.deck = ()
    t.intel = empty
    t.revealed = ()
    t.shown = ()
    t.leaders = (g.leader_stack,) * camels
    t.midfield = (True,) * camels
    t.bets = ((),) * t.players
    t.turn = 0
    t.bet_done = False
    t.track_done = False
    t.extended = added


def deal(g: CardGame, t: Table, card: str, ev: list[Event]) -> None:
    """CUC-LEG-DEAL: one card to the next seat, round-robin from seat 0."""
    players = t.players
    hands = t.hands
    dealt = sum(map(len, hands))
    seat = dealt % players
    t.hands = put(hands, seat, adding(hands[seat], card))
    t.stock = without(t.stock, card)
    ev.append(seat_event("dealt", (g.rules.deal,), seat, card, secret=True))  # CUC-LEG-HIDDEN
    if dealt + 1 == players * g.setup_cards[players].dealt:
        if t.stock:
            ev.append(Event("undealt-discarded", (g.rules.deal,), {"count": len(t.stock)}))
        t.discard = t.stock
        t.stock = ()
        t.phase = DISCARD
        t.turn = 0


def choose(g: CardGame, t: Table, kind: str, card: str, ev: list[Event]) -> None:
    """CUC-LEG-DISCARD, CUC-LEG-DECK, CUC-LEG-INTEL, made seat by seat (CUC-LEG-HIDDEN)."""
    r = g.rules
    players = t.players
    setup = g.setup_cards[players]
    seat = t.turn
    hand = without(t.hands[seat], card)
    t.hands = put(t.hands, seat, hand)
    # the cards a seat keeps once this round of choices is done
    if kind == "discard":
        rule = r.discard
        t.discard = adding(t.discard, card)
        keep = setup.dealt - setup.discard
    elif kind == "deck":
        rule = r.deck
        t.deck = adding(t.deck, card)
        keep = setup.dealt - setup.discard - setup.to_deck
    else:
        rule = r.intel
        t.intel = put(t.intel, seat, (card,))
        keep = len(hand)  # one intel card a seat: its choice ends its round
    ev.append(seat_event(f"chose-{kind}", (rule, r.hidden), seat, card, secret=True))
    if len(hand) > keep:
        return
    if seat + 1 < players:
        t.turn = seat + 1
        return
    t.turn = 0
    if kind == "discard":
        t.phase = DECK
        return
    if kind == "deck" and setup.intel:
        t.phase = INTEL
        return
    if kind == "intel":  # all intel cards shown at once, then into the deck
        shown = tuple(i[0] for i in t.intel)
        ev.append(Event("intel-shown", (r.intel,), {"cards": list(shown)}))
        t.intel = ((),) * players
        t.shown = shown
        t.deck = adding(t.deck, *shown)
    ev.append(Event("deck-ready", (r.deck, r.hand), {"cards": len(t.deck)}))
    if g.deck_ready is None:
        begin_play(g, t, ev)
    else:  # the game completes the deck first (2023), then calls begin_play
        g.deck_ready(g, t, ev)

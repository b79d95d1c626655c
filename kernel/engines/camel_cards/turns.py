"""Turns: who starts a leg, clockwise order, one race-track action and at most one bet.

2016 rule IDs: CUC-TURN-START (the game's ``starter``), CUC-TURN-ORDER,
CUC-TURN-SHAPE, CUC-BET-LEG and CUC-BET-FINAL; the events name the game's
own IDs (``g.rules``).
"""

from __future__ import annotations

from kernel.core import Event

from .events import seat_event
from .spec import CardGame
from .table import PLAY, Table, put


def begin_play(g: CardGame, t: Table, ev: list[Event]) -> None:
    """The leg's turns begin with the game's starting seat (CUC-TURN-START)."""
    starter = g.starter(t)
    ev.append(Event("leg-started", (g.rules.turn_start,), {"leg": t.leg, "starter": starter}))
    t.phase = PLAY
    t.starter = starter
    t.turn = starter
    t.bet_done = False
    t.track_done = False


def next_turn(t: Table) -> None:
    """CUC-TURN-ORDER: clockwise, that is the next seat number."""
    t.turn = (t.turn + 1) % t.players
    t.bet_done = False
    t.track_done = False


def end_turn(g: CardGame, t: Table, ev: list[Event]) -> None:
    """``end``: the turn ends without a bet, after its race-track action (CUC-TURN-SHAPE)."""
    ev.append(seat_event("turn-ended", (g.rules.turn_shape, g.rules.turn_order), t.turn))
    next_turn(t)


def bets_open(t: Table) -> bool:
    """Is any betting action available (CUC-BET-LEG, CUC-BET-FINAL)?"""
    camels = len(t.leaders)  # one leader stack per racing camel
    return (
        any(t.leaders)
        or any(t.midfield)
        or len(set(t.winner_bets) - {-1}) < camels
        or len(set(t.loser_bets) - {-1}) < camels
    )


def after_track_action(t: Table) -> None:
    """CUC-TURN-SHAPE: the turn ends when the bet is done or no bet is possible."""
    if t.bet_done or not bets_open(t):
        next_turn(t)


def bet(g: CardGame, t: Table, kind: str, colour: int, ev: list[Event]) -> None:
    """A betting action: ``leg``, ``mid``, ``win`` or ``lose`` on camel ``colour``."""
    seat = t.turn
    name = g.colours[colour]
    if kind == "leg":  # CUC-BET-LEG: the top card of the colour's stack
        value = t.leaders[colour][-1]
        t.leaders = put(t.leaders, colour, t.leaders[colour][:-1])
        t.bets = put(t.bets, seat, (*t.bets[seat], (colour, value)))
        ev.append(seat_event("bet", (g.rules.bet_leg,), seat, f"{name}:{value}"))
    elif kind == "mid":  # CUC-BET-LEG: the midfield card
        t.midfield = put(t.midfield, colour, False)
        t.bets = put(t.bets, seat, (*t.bets[seat], (colour, 0)))
        ev.append(seat_event("bet", (g.rules.bet_leg,), seat, f"{name}:mid"))
    else:  # CUC-BET-FINAL: one of each kind; taking another returns the old one
        winner = kind == "win"
        held = t.winner_bets if winner else t.loser_bets
        old = held[seat]
        if winner:
            t.winner_bets = put(held, seat, colour)
        else:
            t.loser_bets = put(held, seat, colour)
        ev.append(Event("bet", (g.rules.bet_final,), {
            "seat": seat,
            "card": f"{name}:{'winner' if winner else 'loser'}",
            "returned": g.colours[old] if old >= 0 else None,
        }))
    t.bet_done = True
    if t.track_done:
        next_turn(t)

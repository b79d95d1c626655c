"""Race-track actions shared by the camel card games: the figures and the racing deck.

2016 rule IDs: CUC-ACT-FIGURE (a figure placed; the placer takes its card),
CUC-ACT-REVEAL (the racing deck's top card, drawn as a chance outcome from
the unordered deck, moves its camel) and CUC-LEG-END (the last card ends
the leg, which is paid out, and the next leg is set up); the events name
the game's own IDs (``g.rules``).
"""

from __future__ import annotations

from kernel.core import Event

from .events import seat_event
from .legs import begin_leg
from .moves import move
from .payouts import end_leg
from .spec import CardGame
from .table import DRAW, PLAY, Table, without
from .turns import after_track_action


def place_figure(g: CardGame, t: Table, figure: str, cell: int, ev: list[Event]) -> None:
    """CUC-ACT-FIGURE: ``figure`` ("palm" or "fennec") on ``cell``; the placer takes its card."""
    seat = t.turn
    if figure == g.figures[0]:  # the forward figure (2016: the palm tree)
        t.palm, t.palm_holder = cell, seat
    else:
        t.fennec, t.fennec_holder = cell, seat
    t.track_done = True
    ev.append(Event("figure-placed", (g.rules.act_figure,),
                    {"seat": seat, "figure": figure, "space": cell}))
    after_track_action(t)


def reveal(g: CardGame, t: Table, ev: list[Event]) -> None:
    """CUC-ACT-REVEAL: the drawn card is the next chance node's outcome."""
    ev.append(seat_event("reveal", (g.rules.act_reveal,), t.turn))
    t.phase = DRAW


def draw(g: CardGame, t: Table, card: str, ev: list[Event]) -> None:
    """The racing deck's top card is ``card`` (CUC-ACT-REVEAL); the last ends the leg."""
    ev.append(seat_event("revealed", (g.rules.act_reveal,), t.turn, card))
    t.deck = without(t.deck, card)
    t.revealed = (*t.revealed, card)
    t.phase = PLAY
    t.track_done = True
    steps = g.card_steps[card] if g.steps_now is None else g.steps_now(t, card, ev)
    if steps and move(g, t, g.card_camel[card], steps, ev):
        return
    if t.deck:
        after_track_action(t)
        return
    end_leg(g, t, ev)  # CUC-LEG-END
    begin_leg(g, t, ev)

"""Camel movement on the table, told as events (the game's camel rules move).

2016 rule IDs: CUC-MOVE-STACK, CUC-MOVE-CARRY, CUC-MOVE-START,
CUC-MOVE-PALM, CUC-MOVE-FENNEC, CUC-MOVE-CHAIN, CUC-MOVE-PASSED and
CUC-GAME-END (the race ends and is paid out: :func:`payouts.end_game`).
"""

from __future__ import annotations

from kernel.core import Event

from .payouts import end_game
from .spec import CardGame
from .table import Table


def move(g: CardGame, t: Table, c: int, steps: int, ev: list[Event]) -> bool:
    """Move camel ``c`` on the table; True when the race is over (then paid out)."""
    r = g.rules
    pos = t.pos
    finish = g.camel.track_length(t.track) + 1
    m = g.camel.move(pos, t.height, c, steps, t.palm, t.fennec, finish)
    rules = [r.move_stack, r.move_carry]
    if pos[c] == 0 or m.target == 0:
        rules.append(r.move_start)
    if m.used:
        forward = g.figures[0]
        rules += [r.move_palm if f == forward else r.move_fennec for f in m.used]
        if len(m.used) > 1:
            rules.append(r.move_chain)
    # a crazy camel alone on the Finish does not end the race (2023)
    over = m.target == finish and m.unit != (g.crazy,)
    if over:
        rules.append(r.game_end)
    colours = g.names or g.colours
    ev.append(Event("camel-moved", tuple(rules), {
        "camel": colours[c],
        "from": pos[c],
        "to": m.target,
        "carried": [colours[x] for x in m.unit[1:]],
        "figures": list(m.used),
        "placed": "under" if m.under else "top",
    }))
    if m.passed:
        ev.append(Event("figure-returned", (r.move_passed,), {"figures": list(m.passed)}))
    t.pos = m.pos
    t.height = m.height
    if m.palm != t.palm:  # the palm and its card go back beside the track
        t.palm, t.palm_holder = 0, -1
    if m.fennec != t.fennec:
        t.fennec, t.fennec_holder = 0, -1
    if over:
        end_game(g, t, ev)
        return True
    return False

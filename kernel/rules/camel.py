"""Camel Up Cards (2016) names for the shared camel rules: a thin compatibility layer.

The rules themselves live in the general modules, split by concern, which
every camel game calls with its own parameters (and which carry the
CrossHair contracts):

- :mod:`kernel.rules.stacks`: stacks and movement (any number of camels, a
  direction per camel, any figures or tiles, cells where camels do not stack);
- :mod:`kernel.rules.ranking`: the ranking of the racing camels;
- :mod:`kernel.rules.payouts`: payout tables as data, the money floor;
- :mod:`kernel.rules.track`: the card track's extension and sandstorms.

Each function here keeps the signature and the results it had in behaviour
version 1, by calling the general function with the 2016 parameters: five
racing camels (all :data:`FORWARD`), the Start card (cell 0) where camels do
not stack and share fifth place, two figures (the palm tree, +1, and the
fennec, -1, each removed once used or passed), the payout table
:data:`kernel.rules.payouts.CUC_2016` with its floor of 1 Pound, and track
extensions ending on a half-covered card.

Positions are per camel: ``pos[c]`` is the cell of camel ``c`` (0 is the Start
card, 1..L the track spaces, L+1 the Finish) and ``height[c]`` its place in the
stack on that cell (0 is the bottom). Camels on the Start card are never
stacked: their height is always 0 (rule CUC-MOVE-START).

>>> m = move((0, 1, 1, 0, 0), (0, 0, 1, 0, 0), 1, 2, 0, 0, 16)
>>> m.pos, m.height, m.unit
((0, 3, 3, 0, 0), (0, 0, 1, 0, 0), (1, 2))
"""

from __future__ import annotations

from typing import NamedTuple

from kernel.rules import payouts, ranking, stacks
from kernel.rules import track as card_track
from kernel.rules.stacks import FORWARD, START, landed_ok, within
from kernel.rules.track import (
    FACE,
    HALF,
    SAND,
    card_of,
    spare_spaces,
    track_length,
    valid_track,
)

__all__ = [
    "CAMELS", "DIRS", "FACE", "FIGURES", "FLAT", "HALF", "SAND", "START", "Moved", "card_of",
    "extend", "final_loser_payout", "final_winner_payout", "floor_money", "landed_ok",
    "leader_payout", "midfield_payout", "move", "ranks", "sandstorm", "spare_spaces",
    "stacked", "track_length", "unit_of", "valid_track", "well_formed", "within",
]

CAMELS = 5
#: The 2016 parameters of the general functions.
DIRS = (FORWARD,) * CAMELS  #: five racing camels
FLAT = (START,)  #: the Start card: camels there do not stack (CUC-MOVE-START)
FIGURES = ("palm", "fennec")  #: figure 0 the palm tree, figure 1 the fennec
EFFECTS = (1, -1)  #: CUC-MOVE-PALM: one further, on top; CUC-MOVE-FENNEC: one back, under
STAYS = (False, False)  #: each removed once used (and when passed, CUC-MOVE-PASSED)
#: The figures' names for every possible ``used`` or ``passed`` tuple of indices.
_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {
    ids: tuple(FIGURES[i] for i in ids) for ids in ((), (0,), (1,), (0, 1), (1, 0))}


def well_formed(pos: tuple[int, ...], height: tuple[int, ...], finish: int) -> bool:
    """Five camels, each on a cell 0..finish, stacks gap-free, Start unstacked.

    Rules CUC-INV-CAMELS and CUC-INV-STACKS (:func:`kernel.rules.stacks.well_formed`).

    >>> well_formed((0, 0, 2, 2, 5), (0, 0, 0, 1, 0), 16)
    True
    >>> well_formed((0, 0, 2, 2, 5), (0, 0, 0, 2, 0), 16)
    False
    """
    if len(pos) != CAMELS or len(height) != CAMELS:
        return False
    return stacks.well_formed(pos, height, finish, FLAT)


def stacked(pos: tuple[int, ...], height: tuple[int, ...], top: int) -> bool:
    """:func:`well_formed` for exactly five camels, as one flat boolean formula.

    ``pos`` and ``height`` must have length 5 (:func:`kernel.rules.stacks.stacked`).

    >>> stacked((0, 0, 2, 2, 5), (0, 0, 0, 1, 0), 16)
    True
    >>> stacked((0, 0, 2, 2, 5), (0, 0, 0, 2, 0), 16)
    False
    """
    return stacks.stacked(pos[:CAMELS], height[:CAMELS], top, FLAT)


def unit_of(pos: tuple[int, ...], height: tuple[int, ...], camel: int) -> tuple[int, ...]:
    """The camels that move when ``camel`` moves, bottom to top (CUC-MOVE-CARRY, CUC-MOVE-START)."""
    return stacks.unit_of(pos, height, camel, FLAT)


class Moved(NamedTuple):
    """The result of one camel movement."""

    pos: tuple[int, ...]
    height: tuple[int, ...]
    palm: int  #: the palm's cell afterwards, 0 when back on its card
    fennec: int  #: the fennec's cell afterwards, 0 when back on its card
    unit: tuple[int, ...]  #: the camels that moved, bottom to top
    target: int  #: the cell the unit ended on
    under: bool  #: placed under the camels already there (fennec)
    used: tuple[str, ...]  #: figures landed on, in order ("palm", "fennec")
    passed: tuple[str, ...]  #: figures returned because every camel passed them


def move(
    pos: tuple[int, ...],
    height: tuple[int, ...],
    camel: int,
    steps: int,
    palm: int,
    fennec: int,
    finish: int,
) -> Moved:
    """Move ``camel`` ``steps`` cells forward with everything above it.

    CUC-MOVE-CARRY, CUC-MOVE-STACK, CUC-MOVE-START, CUC-MOVE-PALM,
    CUC-MOVE-FENNEC, CUC-MOVE-CHAIN, CUC-MOVE-PASSED and CUC-GAME-END, by
    :func:`kernel.rules.stacks.move` with the palm tree (+1) and the fennec
    (-1) as figures 0 and 1. ``palm``/``fennec`` are cells 1..finish-1, or 0
    when not on the track.
    """
    m = stacks.move(pos, height, DIRS, camel, steps, (palm, fennec), EFFECTS, STAYS, finish,
                    FLAT)
    palm, fennec = m.cells
    return Moved(m.pos, m.height, palm, fennec, m.unit, m.target, m.under, _NAMES[m.used],
                 _NAMES[m.passed])


def ranks(pos: tuple[int, ...], height: tuple[int, ...]) -> tuple[int, ...]:
    """The place of each camel, 1 for the leader (CUC-RANK).

    Further along is ahead, higher in a stack is ahead, and camels on the
    Start card share fifth place (:func:`kernel.rules.ranking.ranks`).

    >>> ranks((0, 3, 3, 0, 1), (0, 0, 1, 0, 0))
    (5, 2, 1, 5, 3)
    """
    return ranking.ranks(pos, height, DIRS, START)


def leader_payout(value: int, rank: int) -> int:
    """A leg leader card: its value for first, +1 for second, else -1 (CUC-PAY-LEADER)."""
    return payouts.leader_payout(value, rank, payouts.CUC_2016.leader, payouts.CUC_2016.other)


def midfield_payout(rank: int) -> int:
    """A leg midfield card: +2 third, +1 second or fourth, -1 first or fifth (CUC-PAY-MID)."""
    return payouts.place_payout(payouts.CUC_2016.midfield, rank, payouts.CUC_2016.other)


def final_winner_payout(rank: int) -> int:
    """A final winner card: +7 first, +3 second, else -1 (CUC-PAY-WINNER)."""
    return payouts.place_payout(payouts.CUC_2016.winner, rank, payouts.CUC_2016.other)


def final_loser_payout(rank: int) -> int:
    """A final loser card: +7 fifth, +3 fourth, else -1 (CUC-PAY-LOSER)."""
    return payouts.place_payout(payouts.CUC_2016.loser, payouts.from_last(rank, CAMELS),
                                payouts.CUC_2016.other)


def floor_money(money: int, delta: int) -> int:
    """Money after a payout step: never below 1 Pound (CUC-MONEY-FLOOR).

    >>> floor_money(2, -4)
    1
    """
    return payouts.floor_money(money, delta, payouts.CUC_2016.floor)


def extend(track: tuple[int, ...], leader: int, cards: int) -> tuple[tuple[int, ...], int]:
    """Extend the track until exactly 3 spaces lie between leader and Finish (CUC-EXTEND).

    The last single space is a half-covered card (:func:`kernel.rules.track.extend`).

    >>> extend((FACE, FACE, HALF), 4, 12)
    ((2, 2, 2, 3), 2)
    """
    return card_track.extend(track, leader, cards, HALF)


def sandstorm(
    track: tuple[int, ...], pos: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Flip the empty face-up cards between the last and the leading camel (CUC-SANDSTORM).

    Every camel is a racing camel (:func:`kernel.rules.track.sandstorm`).

    >>> sandstorm((FACE, FACE, FACE, FACE), (1, 1, 7, 7, 0))
    ((2, 1, 1, 2), (1, 1, 5, 5, 0), (1, 2))
    """
    return card_track.sandstorm(track, pos, DIRS)

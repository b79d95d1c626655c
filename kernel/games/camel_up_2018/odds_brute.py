"""Camel Up, 2nd edition (2018): leg odds by brute force, every reveal sequence (a check).

An independent second computation of :mod:`kernel.games.camel_up_2018.odds`:
it walks every reveal sequence of the rest of the leg depth-first, with no
merging of equal states, moving the camels with
:func:`kernel.games.camel_up_2018.movement.reveal` and ranking them with
:func:`~kernel.games.camel_up_2018.movement.places`, and multiplies exact
Fractions along each path: a die is one of the ``k`` dice still in the
pyramid (1/k each), a racing face 1/3, a grey face 1/6. The leg ends when
one die is left (CU2-LEG-END) or a unit crosses the line (CU2-RACE-END).

Slow on purpose (a full leg from six dice is 320,760 reveal sequences: see
``benchmarks/odds_2018.py``); the tests compare it with the fast engine on
positions with at most 4 dice left.

>>> from kernel.games.camel_up_2018.movement import CRAZY, RACING, board_of
>>> b = brute_odds(board_of({1: RACING, 6: CRAZY}), ("blue", "grey"), ())
>>> b.sequences, b.race_ends, b.place["purple"][0]
(9, Fraction(0, 1), Fraction(1, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

from kernel.games.camel_up_2018.movement import (
    RACING,
    Board,
    Tile,
    face_total,
    faces,
    places,
    reveal,
)

__all__ = ["BruteOdds", "brute_odds"]


class BruteOdds(NamedTuple):
    """The brute-force odds of one leg, as :class:`~kernel.games.camel_up_2018.odds.LegOdds`."""

    place: dict[str, tuple[Fraction, ...]]  #: camel -> P(1st), ..., P(5th)
    race_ends: Fraction  #: P(the race ends this leg)
    place_if_ends: dict[str, tuple[Fraction, ...]]  #: places given the race ends (0 if never)
    watched: Fraction  #: expected landings on the tiles owned by ``watch``
    sequences: int  #: how many reveal sequences were walked


def brute_odds(board: Board, pyramid: Sequence[str], tiles: Sequence[Tile],
               watch: int = -1) -> BruteOdds:
    """Every reveal sequence of the rest of the leg, each with its exact probability.

    ``watch``: the owner whose tile payments are counted (CU2-TILE-PAY).
    """
    place = [[Fraction(0)] * len(RACING) for _ in RACING]
    if_ends = [[Fraction(0)] * len(RACING) for _ in RACING]
    totals = {"ends": Fraction(0), "watched": Fraction(0), "sequences": Fraction(0)}

    def finish(b: Board, p: Fraction, ended: bool) -> None:
        totals["sequences"] += 1
        for c, k in enumerate(places(b)):
            place[c][k - 1] += p
            if ended:
                if_ends[c][k - 1] += p
        if ended:
            totals["ends"] += p

    def walk(b: Board, dice: tuple[str, ...], p: Fraction) -> None:
        if len(dice) <= 1:  # CU2-LEG-END
            finish(b, p, False)
            return
        for die in dice:
            left = tuple(d for d in dice if d != die)
            for face, weight in faces(die):
                q = p * Fraction(weight, face_total() * len(dice))
                r = reveal(b, tiles, die, face)
                totals["watched"] += q * r.paid.count(watch)
                if r.ended:  # CU2-RACE-END
                    finish(r.board, q, True)
                else:
                    walk(r.board, left, q)

    walk(board, tuple(pyramid), Fraction(1))
    ends = totals["ends"]
    return BruteOdds(
        {name: tuple(place[c]) for c, name in enumerate(RACING)}, ends,
        {name: tuple(x / ends if ends else Fraction(0) for x in if_ends[c])
         for c, name in enumerate(RACING)},
        totals["watched"], int(totals["sequences"]))

"""Payout tables as data, and the money floor as a parameter (pure functions).

This is THE implementation of the camel games' payouts;
:mod:`kernel.rules.camel` calls it with the 2016 table :data:`CUC_2016`.

A payout table is a tuple of Pounds, entry ``k - 1`` for place ``k``; a
place past its end (or below 1) pays the table's ``other`` amount. So a
table lists only the places that do not pay ``other``:

- a leg leader card pays its printed value (5, 3, 2) for first place and
  :attr:`Payouts.leader` from second place on (CUC-PAY-LEADER);
- a leg midfield card pays :attr:`Payouts.midfield` by place (CUC-PAY-MID);
- a final winner card pays :attr:`Payouts.winner` by place (CUC-PAY-WINNER);
- a final loser card pays :attr:`Payouts.loser` by place counted from the
  last (1 = last place; :func:`from_last`) (CUC-PAY-LOSER);
- the 2018 finish-card piles pay by the order of the correct cards (8, 5, 3,
  2, then 1 each: ``place_payout((8, 5, 3, 2), k, 1)``).

After each payout step a player's money never falls below the game's floor
(2016: 1 Pound, 2023 and 2018: 0 Pounds) (CUC-MONEY-FLOOR).

>>> [leader_payout(5, r, CUC_2016.leader, CUC_2016.other) for r in range(1, 6)]
[5, 1, -1, -1, -1]
>>> [place_payout(CUC_2016.loser, from_last(r, 5), CUC_2016.other) for r in range(1, 6)]
[-1, -1, -1, 3, 7]
"""

from __future__ import annotations

from typing import NamedTuple


class Payouts(NamedTuple):
    """One game's payout tables and money floor (data)."""

    leader: tuple[int, ...]  #: a leader card from second place on (first pays its printed value)
    midfield: tuple[int, ...]  #: a midfield card, by place
    winner: tuple[int, ...]  #: a final winner card, by place
    loser: tuple[int, ...]  #: a final loser card, by place counted from the last
    other: int  #: any place not in a table
    floor: int  #: the least money a player can have after a payout step


#: Camel Up Cards (2016) [SOURCE: 000 and 004, "End of a leg" and "End of the
#: game"]: leader card +1 second, else -1; midfield card +2 third, +1 second or
#: fourth, else -1; final winner card +7 first, +3 second, else -1; final loser
#: card +7 last (fifth), +3 fourth, else -1; "never less than 1 Pound".
CUC_2016 = Payouts(leader=(1,), midfield=(-1, 1, 2, 1), winner=(7, 3), loser=(7, 3),
                   other=-1, floor=1)


def place_payout(table: tuple[int, ...], place: int, other: int) -> int:
    """Entry ``place`` (1-based) of a payout ``table``; ``other`` for a place not in it.

    >>> place_payout((-1, 1, 2, 1), 3, -1), place_payout((-1, 1, 2, 1), 5, -1)
    (2, -1)

    pre: len(table) <= 8
    post: __return__ == (table[place - 1] if 1 <= place <= len(table) else other)
    post: __return__ == other or __return__ in table
    """
    if 1 <= place <= len(table):
        return table[place - 1]
    return other


def leader_payout(value: int, rank: int, table: tuple[int, ...], other: int) -> int:
    """A leg leader card: its printed ``value`` for first, ``table`` from second on (CUC-PAY-LEADER).

    >>> leader_payout(3, 1, (1,), -1), leader_payout(3, 2, (1,), -1), leader_payout(3, 4, (1,), -1)
    (3, 1, -1)

    pre: 1 <= value <= 9 and len(table) <= 8
    post: rank != 1 or __return__ == value
    post: rank == 1 or __return__ == place_payout(table, rank - 1, other)
    """
    if rank == 1:
        return value
    return place_payout(table, rank - 1, other)


def from_last(rank: int, places: int) -> int:
    """The place counted from the last: 1 for the last of ``places`` places.

    >>> from_last(5, 5), from_last(4, 5), from_last(1, 5)
    (1, 2, 5)
    """
    return places + 1 - rank


def floor_money(money: int, delta: int, floor: int) -> int:
    """Money after a payout step of ``delta``: never below ``floor`` (CUC-MONEY-FLOOR).

    >>> floor_money(2, -4, 1), floor_money(2, -4, 0), floor_money(2, 3, 1)
    (1, 0, 5)

    pre: money >= floor
    post: __return__ >= floor
    post: __return__ == money + delta or (__return__ == floor and money + delta < floor)
    """
    return max(money + delta, floor)

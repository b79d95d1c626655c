"""Camel Up, 2nd edition (2018): the scoring rules as pure functions on flat values.

CU2-PAY-FINAL (a finish pile, card by card), CU2-PARTNER-COPY with
CU2-PAY-LEG (a seat's leg total) and CU2-MONEY-FLOOR (the floor applied once
to the leg total, after each finish card). Each function carries PEP 316
contracts that CrossHair checks (listed in ``proofs.json`` beside this file).

>>> pile_payouts((False, True, True, False, True, True, True, True))
(-1, 8, 5, -1, 3, 2, 1, 1)
>>> leg_total((5, -1, 1), (3, 1), True), leg_total((5, -1, 1), (-1,), True)
(8, 5)
>>> pile_money((0, 4), (1, 0, 1), (False, True, True))
(8, 8)
>>> pile_money((0, 0), (0, 0), (False, True))   # the floor after the wrong card
(8, 0)
"""

from __future__ import annotations

from kernel.rules.payouts import floor_money, place_payout

from .data import FINAL_LATER, FINAL_PAY, FINAL_WRONG
from .data import MONEY_FLOOR as FLOOR


def right_pays(n: int) -> list[int]:
    """The payouts of the first ``n`` right cards of a pile, 8, 5, 3, 2, 1, 1, ... (a contract
    helper, written apart from :func:`pile_payouts`).

    >>> right_pays(6)
    [8, 5, 3, 2, 1, 1]
    """
    return [(8, 5, 3, 2)[k] if k < 4 else 1 for k in range(n)]


def due(seat: int, owners: tuple[int, ...], right: tuple[bool, ...]) -> int:
    """What a pile pays ``seat`` before the floor (a contract helper).

    >>> due(1, (1, 0, 1), (False, True, True))
    4
    """
    return sum(p for p, o in zip(pile_payouts(right), owners, strict=True) if o == seat)


def pile_payouts(right: tuple[bool, ...]) -> tuple[int, ...]:
    """What each card of a finish pile pays, first placed first (CU2-PAY-FINAL).

    ``right[i]``: whether the i-th card shows the camel the pile is about. The
    k-th right card pays 8, 5, 3, 2, then 1; a wrong card -1 and takes no place.

    pre: len(right) <= 40
    post: len(__return__) == len(right)
    post: all((p == -1) == (not r) for p, r in zip(__return__, right))
    post: [p for p, r in zip(__return__, right) if r] == right_pays(sum(right))
    """
    out: list[int] = []
    k = 0
    for r in right:
        if r:
            k += 1
            out.append(place_payout(FINAL_PAY, k, FINAL_LATER))
        else:
            out.append(FINAL_WRONG)
    return tuple(out)


def leg_total(own: tuple[int, ...], partner: tuple[int, ...], has_partner: bool) -> int:
    """A seat's leg total: its rewards plus the best positive reward of its partner's tickets.

    CU2-PAY-LEG (``own``: the reward of each of the seat's tickets) and
    CU2-PARTNER-COPY (``partner``: the rewards of the partner's tickets; the
    copy is never negative and nothing without a partner).

    pre: len(own) <= 25 and len(partner) <= 25
    post: __return__ >= sum(own)
    post: has_partner or __return__ == sum(own)
    post: not has_partner or __return__ == sum(own) + max([0, *partner])
    """
    copied = max((0, *partner)) if has_partner else 0
    return sum(own) + copied


def pile_money(money: tuple[int, ...], owners: tuple[int, ...],
               right: tuple[bool, ...]) -> tuple[int, ...]:
    """The seats' money after one finish pile, the floor after each card (CU2-MONEY-FLOOR).

    pre: 1 <= len(money) <= 8 and all(m >= 0 for m in money)
    pre: len(owners) == len(right) <= 12 and all(0 <= o < len(money) for o in owners)
    post: len(__return__) == len(money) and all(m >= 0 for m in __return__)
    post: all(__return__[s] == money[s] for s in range(len(money)) if s not in owners)
    post: all(__return__[s] >= money[s] + due(s, owners, right) for s in range(len(money)))
    """
    out = list(money)
    for owner, pay in zip(owners, pile_payouts(right), strict=True):
        out[owner] = floor_money(out[owner], pay, FLOOR)
    return tuple(out)

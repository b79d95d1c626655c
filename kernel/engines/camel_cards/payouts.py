"""Leg end and payouts: the leg payout by ranking, the final payout, the winners.

2016 rule IDs: CUC-LEG-END, CUC-RANK, CUC-PAY-LEADER, CUC-PAY-MID,
CUC-PAY-FIGURE, CUC-MONEY-FLOOR, CUC-GAME-END, CUC-PAY-FINAL,
CUC-PAY-WINNER, CUC-PAY-LOSER and CUC-WINNER; the events name the game's
own IDs (``g.rules``), the amounts come from the game's camel rules
(``g.camel``, which holds its money floor).
"""

from __future__ import annotations

from collections.abc import Sequence

from kernel.core import Event, Outcome

from .spec import CardGame
from .table import OVER, Table, adding


def pay(g: CardGame, t: Table, deltas: Sequence[int], kind: str, rules: tuple[str, ...],
        ev: list[Event]) -> None:
    """Apply one payout step to every seat, never below the money floor (CUC-MONEY-FLOOR)."""
    money = list(t.money)
    payouts = list(t.payouts)
    for seat, delta in enumerate(deltas):
        new = g.camel.floor_money(money[seat], delta)
        ev.append(Event(kind, rules, {"seat": seat, "delta": delta, "money": new}))
        payouts[seat] = (*payouts[seat], new - money[seat])
        money[seat] = new
    t.money = tuple(money)
    t.payouts = tuple(payouts)


def end_leg(g: CardGame, t: Table, ev: list[Event]) -> None:
    """CUC-LEG-END: hand cards discarded without effect, then the leg payout."""
    held = tuple(c for h in t.hands for c in h)
    ev.append(Event("leg-ended", (g.rules.leg_end,), {"leg": t.leg, "discarded": len(held)}))
    t.hands = ((),) * t.players
    t.discard = adding(t.discard, *held)
    leg_payout(g, t, ev)


def leg_payout(g: CardGame, t: Table, ev: list[Event]) -> None:
    """CUC-PAY-LEADER, CUC-PAY-MID, CUC-PAY-FIGURE, ranked by CUC-RANK."""
    rules = g.rules
    rank = g.camel.ranks(t.pos, t.height)
    deltas = []
    for seat in range(t.players):
        delta = 0
        for colour, value in t.bets[seat]:
            if value:
                delta += g.camel.leader_payout(value, rank[colour])
            else:
                delta += g.camel.midfield_payout(rank[colour])
        if t.palm_holder == seat:
            delta -= 1
        if t.fennec_holder == seat:
            delta -= 1
        deltas.append(delta)
    pay(g, t, deltas, "leg-payout",
        (rules.rank, rules.pay_leader, rules.pay_mid, rules.pay_figure, rules.money_floor), ev)


def end_game(g: CardGame, t: Table, ev: list[Event]) -> None:
    """CUC-GAME-END then CUC-PAY-FINAL: the leg part, then the final cards."""
    rules = g.rules
    pos, height = t.pos, t.height
    leader = max(range(len(g.colours)), key=lambda c: (pos[c], height[c]))
    ev.append(Event("race-ended", (rules.game_end,), {"leader": g.colours[leader]}))
    end_leg(g, t, ev)
    rank = g.camel.ranks(pos, height)
    deltas = []
    for win, lose in zip(t.winner_bets, t.loser_bets, strict=True):  # -1: no card
        deltas.append((g.camel.final_winner_payout(rank[win]) if win >= 0 else 0)
                      + (g.camel.final_loser_payout(rank[lose]) if lose >= 0 else 0))
    pay(g, t, deltas, "final-payout",
        (rules.pay_final, rules.pay_winner, rules.pay_loser, rules.money_floor), ev)
    t.phase = OVER
    t.bet_done = False
    t.track_done = False
    money = t.money
    best = max(money)
    ev.append(Event("game-over", (rules.winner,), {
        "money": list(money), "winners": [i for i, m in enumerate(money) if m == best]}))


def outcome(g: CardGame, money: tuple[int, ...]) -> Outcome:
    """Money per seat and the winners, ties sharing (CUC-WINNER)."""
    best = max(money)
    return Outcome(money, tuple(i for i, m in enumerate(money) if m == best), (g.rules.winner,))

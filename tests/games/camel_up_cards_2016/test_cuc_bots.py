"""The camel card games' greedy bot (kernel/engines/camel_cards/bots.py) on the 2016 game.

CUC-RANK, CUC-PAY-LEADER, CUC-PAY-MID: with no racing card left, the
estimate is the ranking now, and the bets are worth their payouts on it.
CUC-ODDS: where the exact odds are quick, the leg bets are valued by them.
"""

from __future__ import annotations

import random
from fractions import Fraction

import attrs

import kernel
from kernel.bots import Seat, View, view_of
from kernel.engines.camel_cards.bots import Estimate, bet_values, setup_choice
from kernel.games.camel_up_cards_2016.bots import Greedy
from kernel.plugin import SeatOdds

COLOURS = ("blue", "green", "orange", "white", "yellow")
GAME = "camel-up-cards-2016"


def table(deck: int) -> dict[str, object]:
    stacks: list[list[str]] = [[] for _ in range(10)]
    stacks[2] = ["white"]
    stacks[4] = ["green", "blue"]   # blue on top: ahead of green
    stacks[6] = ["orange"]
    stacks[0] = ["yellow"]
    return {"stacks": stacks, "deck_size": deck, "revealed": [], "shown": [],
            "leaders": {c: [2, 2, 3, 5] for c in COLOURS}, "bets": [[], []],
            "winner_bets": [None, None], "loser_bets": [None, None]}


def test_an_empty_deck_leaves_the_ranking_as_it_stands() -> None:
    # CUC-RANK: further ahead, then higher in the stack
    est = Estimate(table(0), 0, COLOURS, [], random.Random(1))
    order = ["orange", "blue", "green", "white", "yellow"]
    for place, colour in enumerate(order, start=1):
        assert est.leg_p(colour, place) == 1.0
    values = bet_values(table(0), 0, est, COLOURS)
    # CUC-PAY-LEADER: 5 for first, +1 second, -1 otherwise; CUC-PAY-MID: +2 third
    assert values["leg:orange"] == 5 and values["leg:blue"] == 1 and values["leg:white"] == -1
    assert values["mid:green"] == 2 and values["mid:orange"] == -1


def test_cards_ahead_move_the_estimate() -> None:
    est = Estimate(table(6), 0, COLOURS, [], random.Random(1))
    assert 0 < est.leg_p("orange", 1) < 1


def odds_sure(order: list[str], race_ends: Fraction) -> SeatOdds:
    """Exact odds (as ``kernel.seat_odds`` gives them) with the leg's places sure."""
    places = tuple((c, tuple(Fraction(int(order.index(c) == k)) for k in range(5)))
                   for c in COLOURS)
    return SeatOdds("CUC-ODDS", places, race_ends, (("leg:" + order[0], Fraction(9, 2)),))


def test_the_exact_odds_price_the_leg_bets_and_a_sure_finish_the_final_ones() -> None:
    # CUC-ODDS: the estimate (6 cards to play out) is overruled by the exact odds for the
    # leg bets (their own values, else their places: CUC-PAY-MID); the final bets
    # (CUC-PAY-WINNER, CUC-PAY-LOSER) follow the exact places only if the race surely ends
    order = ["yellow", "white", "green", "blue", "orange"]  # the reverse of the table's
    est = Estimate(table(6), 0, COLOURS, [], random.Random(1))
    alone = bet_values(table(6), 0, est, COLOURS)
    ends = bet_values(table(6), 0, est, COLOURS, odds_sure(order, Fraction(1)))
    assert ends["leg:yellow"] == 4.5 and ends["leg:white"] == 1 and ends["leg:orange"] == -1
    assert ends["mid:green"] == 2 and ends["mid:yellow"] == -1
    assert ends["win:yellow"] == 7 and ends["lose:orange"] == 7 and ends["win:white"] == 3
    may = bet_values(table(6), 0, est, COLOURS, odds_sure(order, Fraction(1, 2)))
    assert may["leg:yellow"] == 4.5 and may["mid:green"] == 2
    assert all(may[f"{k}:{c}"] == alone[f"{k}:{c}"] for k in ("win", "lose") for c in COLOURS)
    assert alone["win:yellow"] != 7  # the estimate alone says otherwise: the check can fail


def test_setup_puts_the_colour_held_most_into_the_deck() -> None:
    # CUC-LEG-DECK, CUC-LEG-DISCARD
    hand = ["blue+1", "blue+1", "green+1"]
    deck = [(0, "deck:blue+1"), (1, "deck:green+1")]
    assert setup_choice(deck, hand) == 0
    discard = [(0, "discard:blue+1"), (1, "discard:green+1")]
    assert setup_choice(discard, hand) == 1



def test_where_the_exact_odds_are_quick_the_leg_bets_follow_them() -> None:
    # CUC-ODDS, CUC-PAY-LEADER: a seeded random game's decision with 3 racing cards left
    # (the odds are quick) where the simulated estimate alone would take another bet
    whole = kernel.play(GAME, {"players": 3}, seed=2)
    history = kernel.Trace(GAME, whole.version, whole.config, whole.seed, whole.initial,
                           whole.steps[:97])
    seat = 1
    view = view_of(history, seat)
    assert view.odds is not None  # odds_quick: a leg's play, few cards left
    odds = kernel.seat_odds(history, seat)
    assert odds is not None and view.odds() == odds
    legal = {name for _, name in view.legal}
    exact = {name: value for name, value in odds.values if name in legal}
    best = max(exact, key=lambda name: exact[name])

    def act(v: View) -> str | None:
        bot = Greedy()
        bot.reset(Seat(GAME, whole.version, whole.config, seat, 3, 11, 5.0))
        return v.name_of(bot.act(v))

    assert act(view) == best
    assert act(attrs.evolve(view, odds=None)) != best, "the estimate agrees: nothing to catch"

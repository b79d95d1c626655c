"""The camel card games' greedy bot (kernel/engines/camel_cards/bots.py) on the 2016 game.

CUC-RANK, CUC-PAY-LEADER, CUC-PAY-MID: with no racing card left, the
estimate is the ranking now, and the bets are worth their payouts on it.
"""

from __future__ import annotations

import random

from kernel.engines.camel_cards.bots import Estimate, bet_values, setup_choice

COLOURS = ("blue", "green", "orange", "white", "yellow")


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


def test_setup_puts_the_colour_held_most_into_the_deck() -> None:
    # CUC-LEG-DECK, CUC-LEG-DISCARD
    hand = ["blue+1", "blue+1", "green+1"]
    deck = [(0, "deck:blue+1"), (1, "deck:green+1")]
    assert setup_choice(deck, hand) == 0
    discard = [(0, "discard:blue+1"), (1, "discard:green+1")]
    assert setup_choice(discard, hand) == 1

"""The 2023 greedy bot (kernel/games/camel_up_card_game_2023/bots.py) on its race track action.

CUG-ACT-PERSONAL: it plays its own personal racing card when that moves a
camel it holds a leg card on, never another seat's (which costs a Pound);
otherwise it reveals (CUG-ACT-REVEAL), and never places a marker
(CUG-ACT-MARKER, a card that costs a Pound at the payout, CUG-PAY-MARKER).
CUG-ODDS: where the exact odds are quick, its leg bets are valued by them.
"""

from __future__ import annotations

import random

import attrs

import kernel
from kernel.bots import Seat, View, view_of
from kernel.engines.camel_cards.bots import choose
from kernel.games.camel_up_card_game_2023.bots import Greedy

COLOURS = ("blue", "green", "orange", "white", "yellow")
GAME = "camel-up-card-game-2023"


def observation(my_bets: list[str]) -> dict[str, object]:
    stacks: list[list[str]] = [[] for _ in range(10)]
    stacks[3] = ["blue", "green", "orange", "white", "yellow"]
    return {"stacks": stacks, "deck_size": 3, "revealed": [], "shown": [],
            "leaders": {c: [] for c in COLOURS}, "bets": [my_bets, []],
            "winner_bets": [None, None], "loser_bets": [None, None], "phase": "play"}


LEGAL = [(0, "fennec:5"), (1, "personal:0"), (2, "personal:1"), (3, "reveal")]


def test_own_personal_card_when_it_moves_a_backed_camel() -> None:
    # CUG-ACT-PERSONAL: white is backed by a leg card: play the own white card
    obs = observation(["white:5"])
    assert choose(obs, 0, LEGAL, COLOURS, ["white+2"], {"personal:0": "white+2"},
                  random.Random(1)) == 1


def test_otherwise_a_reveal_and_never_a_marker() -> None:
    # CUG-ACT-REVEAL rather than CUG-ACT-MARKER or another seat's card
    obs = observation(["green:5"])
    assert choose(obs, 0, LEGAL, COLOURS, ["white+2"], {"personal:0": "white+2"},
                  random.Random(1)) == 3


def test_where_the_exact_odds_are_quick_the_leg_bets_follow_them() -> None:
    # CUG-ODDS, CUG-PAY-LEADER: a seeded random game's decision with 2 racing cards left
    # (the odds are quick) where the simulated estimate alone would take another bet
    whole = kernel.play(GAME, {"players": 3}, seed=2)
    history = kernel.Trace(GAME, whole.version, whole.config, whole.seed, whole.initial,
                           whole.steps[:72])
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

"""The 2023 greedy bot (kernel/games/camel_up_card_game_2023/bots.py) on its race track action.

CUG-ACT-PERSONAL: it plays its own personal racing card when that moves a
camel it holds a leg card on, never another seat's (which costs a Pound);
otherwise it reveals (CUG-ACT-REVEAL), and never places a marker
(CUG-ACT-MARKER, a card that costs a Pound at the payout, CUG-PAY-MARKER).
"""

from __future__ import annotations

import random

from kernel.engines.camel_cards.bots import choose

COLOURS = ("blue", "green", "orange", "white", "yellow")


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

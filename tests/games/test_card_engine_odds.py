"""CUC-ODDS, CUG-ODDS: the card games' exact odds of the rest of a leg from a seat.

``kernel.seat_odds`` (the shared engine's :mod:`kernel.engines.camel_cards.odds`)
is checked against :mod:`kernel.engines.camel_cards.odds_brute`, which goes
through the kernel's public API only: exactly against the brute force on small
positions (every history consistent with what the seat saw, every way the
rest of the leg goes), and against a seeded simulation of histories drawn by
``kernel.resample`` on a mid-leg position of a whole game (a 99.9% interval
here; ``scripts/odds_cards_check.py`` runs the heavy checks and prints 95%
intervals). The odds depend on what the seat saw only (a twin history drawn
by ``kernel.resample`` gives the same odds), and the posterior of the racing
deck is a distribution.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

import attrs
import pytest

import kernel
from kernel.api import Trace
from kernel.engines.camel_cards import odds_brute as brute
from kernel.engines.camel_cards.odds import deck_posterior
from kernel.rules.deck import subsets

CUC, CUG = "camel-up-cards-2016", "camel-up-card-game-2023"


def window(history: Trace, start: int, stop: int) -> Trace:
    """Steps ``start`` to ``stop`` of a history, from the state before ``start``."""
    initial = history.initial if start == 0 else history.steps[start - 1].state
    return Trace(history.game, history.version, history.config, history.seed, initial,
                 history.steps[start:stop])


def choosing_to_end(game: str, players: int, seed: int, left: int, late: bool = False) -> Trace:
    """A seeded game's window: from the last seat's first racing-deck choice of a leg
    (the first such leg, or with ``late`` the last) to the leg's play with ``left``
    cards in the deck (CUC-LEG-DECK, CUC-LEG-HIDDEN)."""
    full = kernel.play(game, {"players": players}, seed)
    data = [kernel.to_data(s) for s in (full.initial, *(st.state for st in full.steps))]
    starts = range(20, len(full.steps))
    for start in reversed(starts) if late else starts:
        if data[start]["phase"] == "deck" and data[start]["turn"] == players - 1:
            for stop in range(start, len(full.steps)):
                after = data[stop + 1]
                if after["leg"] != data[start]["leg"]:
                    break
                if after["phase"] == "play" and len(after["deck"]) == left:
                    return window(full, start, stop + 1)
    raise AssertionError("no such window")


def mid_leg(game: str, players: int, seed: int, leg: int, left: int) -> Trace:
    """A seeded whole game up to a leg's play with ``left`` cards in the deck."""
    full = kernel.play(game, {"players": players}, seed)
    cut = next(i for i, st in enumerate(full.steps)
               if (d := kernel.to_data(st.state))["phase"] == "play" and d["leg"] == leg
               and len(d["deck"]) == left)
    return attrs.evolve(full, steps=full.steps[:cut + 1])


#: (id, position, seat, the least number of tables the seat cannot tell apart,
#: whether the race may or may not end)
SMALL: list[tuple[str, Callable[[], Trace], int, int, bool]] = [
    ("cuc-2p-last-leg", lambda: choosing_to_end(CUC, 2, 3, 4, late=True), 0, 1, True),
    ("cug-2p-crazy-cards", lambda: choosing_to_end(CUG, 2, 9, 4), 0, 3, False),
]


@pytest.mark.parametrize(("position", "seat", "tables", "open_end"),
                         [pytest.param(*p[1:], id=p[0]) for p in SMALL])
def test_exact_odds_equal_the_brute_force(position: Callable[[], Trace], seat: int,
                                          tables: int, open_end: bool) -> None:
    # CUC-ODDS, CUG-ODDS: places and race_ends equal the brute force exactly (every
    # history consistent with the seat's view, every way the rest of the leg goes by
    # reveals only), and each leg bet is worth its payouts over those places.
    history = position()
    assert len(brute.worlds(history, seat)) >= tables
    places, race = brute.exact(history, seat)
    assert (0 < race < 1) == open_end
    odds = kernel.seat_odds(history, seat)
    assert odds is not None and odds.reading in ("CUC-ODDS", "CUG-ODDS")
    assert dict(odds.places) == places
    assert odds.race_ends == race
    data = kernel.to_data(history.final)
    leader = {1: None, 2: 1}  # CUC-PAY-LEADER: the printed value first, +1 second, else -1
    mid = (-1, 1, 2, 1, -1)  # CUC-PAY-MID
    values = dict(odds.values)
    for colour, probs in places.items():
        top = data["leaders"][colour][-1] if data["leaders"][colour] else None
        if top is not None:
            pay = [top if r == 0 else (leader.get(r + 1) or -1) for r in range(len(probs))]
            assert values[f"leg:{colour}"] == sum(p * x for p, x in zip(probs, pay,
                                                                            strict=True))
        if colour in data["midfield"]:
            assert values[f"mid:{colour}"] == sum(p * x for p, x in zip(probs, mid,
                                                                            strict=True))
    assert {v.split(":")[0] for v in values} <= {"leg", "mid"}


def test_the_odds_depend_on_what_the_seat_saw_only() -> None:
    # CUC-ODDS: a twin history drawn by kernel.resample (the same information state
    # for the seat, other hidden cards) gives the seat the same odds; another seat,
    # which saw other cards, gets other odds.
    history = mid_leg(CUC, 3, 4, 2, 6)
    odds = kernel.seat_odds(history, 1)
    twin = kernel.resample(history, 1, random.Random(2))
    assert twin.actions() != history.actions()
    assert kernel.seat_odds(twin, 1) == odds
    assert kernel.seat_odds(history, 0) != odds


def test_seeded_simulation_agrees() -> None:
    # CUG-ODDS: on a mid-leg position of a whole game (hidden cards of every kind:
    # the others' deck cards and the crazy camel cards), each exact place
    # probability lies in the 99.9% Wilson interval of 30 seeded plays of the rest
    # of the leg from histories drawn by kernel.resample.
    history = mid_leg(CUG, 3, 4, 2, 5)
    odds = kernel.seat_odds(history, 1)
    assert odds is not None
    runs = 30
    counts, ended = brute.simulate(history, 1, runs, seed=11)
    for colour, probs in odds.places:
        for k, p in enumerate(probs):
            low, high = brute.wilson(counts[colour][k], runs, z=3.29)
            assert low <= float(p) <= high, (colour, k + 1, p, counts[colour])
    low, high = brute.wilson(ended, runs, z=3.29)
    assert low <= float(odds.race_ends) <= high


def test_no_odds_outside_a_legs_play() -> None:
    # CUC-ODDS, CUG-ODDS: None during a leg's setup (the deck is not complete) and
    # after the race; a seat that is not in the game is refused.
    for game in (CUC, CUG):
        full = kernel.play(game, {"players": 2}, 3)
        assert kernel.seat_odds(attrs.evolve(full, steps=full.steps[:3]), 0) is None
        assert kernel.seat_odds(full, 0) is None
        with pytest.raises(ValueError, match="no seat"):
            kernel.seat_odds(full, 2)


def test_deck_posterior_is_a_distribution_and_known_decks_are_certain() -> None:
    # CUC-ODDS: the posterior of the racing deck adds up to 1 and holds the true deck;
    # from a start the seat knows (a history begun mid-leg) it is the deck itself.
    from kernel.games.camel_up_cards_2016.game import to_data
    from kernel.games.camel_up_cards_2016.resample import FLOW

    history = mid_leg(CUC, 3, 4, 2, 6)
    decks = deck_posterior(history, 1, FLOW, to_data)
    true = tuple(sorted((k, history.final.deck.count(k)) for k in set(history.final.deck)))
    assert sum(decks.values()) == 1 and true in decks and len(decks) > 1
    known = window(history, len(history.steps) - 3, len(history.steps))
    assert deck_posterior(known, 1, FLOW, to_data) == {true: Fraction(1)}


def test_subsets_weigh_the_physical_cards() -> None:
    # CUC-ODDS: the multivariate hypergeometric weights (kernel.rules.deck.subsets).
    pool = (("a", 3), ("b", 2), ("c", 1))
    for size in range(7):
        found = subsets(pool, size)
        assert sum(w for _, w in found) == __import__("math").comb(6, size)
    assert dict(subsets(pool, 2)) == {(("a", 2),): 3, (("a", 1), ("b", 1)): 6,
                                      (("a", 1), ("c", 1)): 3, (("b", 2),): 1,
                                      (("b", 1), ("c", 1)): 2}
    assert subsets(pool, 7) == ()

"""The views the referee gives a bot hold nothing its seat may not see (KERNEL-OBSERVATION).

As the adapters' leak check does (tests/test_adapter_leaks.py), for every
registered game at its fewest players and a few points of a seeded game:
every history ``kernel.resample`` draws for a seat (the same information
state, the hidden cards elsewhere) gives the seat byte-identical messages
(the canonical JSON of its view, whole and from any ``since``), while the
tables themselves differ (the check has something to catch). The view's
``sampler`` (for in-process bots such as ISMCTS) draws the same worlds from
the same generator for all those histories: what it returns depends on the
seat's information state alone.
"""

from __future__ import annotations

import functools
import random

import pytest

import kernel
from kernel.bots import view_of
from kernel.conformance.canonical import dumps

GAMES = kernel.games()
POINTS = (0.3, 0.85)
DRAWS = 2


@functools.cache
def game(game_id: str) -> kernel.Trace:
    info = kernel.game_info(game_id)
    return kernel.play(game_id, {info.config.players_key: info.min_players}, seed=3)


def prefix(trace: kernel.Trace, n: int) -> kernel.Trace:
    return kernel.Trace(trace.game, trace.version, trace.config, trace.seed, trace.initial,
                        trace.steps[:n])


def messages(history: kernel.Trace, seat: int) -> list[bytes]:
    view = view_of(history, seat)
    return [dumps(view.to_data(since)).encode() for since in (0, len(view.history) // 2)]


@pytest.mark.parametrize("game_id", GAMES)
def test_views_are_the_same_for_every_history_the_seat_cannot_tell_apart(game_id: str) -> None:
    whole = game(game_id)
    rng = random.Random(7)
    differing = 0
    for point in POINTS:
        history = prefix(whole, int(len(whole.steps) * point))
        for seat in range(kernel.game_info(game_id).seats(whole.initial)):
            mine = messages(history, seat)
            for _ in range(DRAWS):
                other = kernel.resample(history, seat, rng)
                assert messages(other, seat) == mine
                differing += kernel.to_data(other.final) != kernel.to_data(history.final)
    if kernel.game_info(game_id).hooks.hidden_chance:
        assert differing > 0, "no resampled table differed: the check caught nothing"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_sampler_depends_on_the_information_state_alone(game_id: str) -> None:
    whole = game(game_id)
    history = prefix(whole, len(whole.steps) // 2)
    seat = 0
    other = kernel.resample(history, seat, random.Random(1))
    a, b = view_of(history, seat).sampler, view_of(other, seat).sampler
    assert a is not None and b is not None
    assert a(random.Random(5)).actions() == b(random.Random(5)).actions()


@pytest.mark.parametrize("game_id", [g for g in GAMES if kernel.game_info(g).seat_odds is not None
                                     and kernel.game_info(g).hooks.card_flow is not None])
def test_the_odds_depend_on_the_information_state_alone(game_id: str) -> None:
    # the view's ``odds`` (given where the game says they are quick) are the same, and
    # given or not alike, for every history the seat cannot tell from the real one
    whole = game(game_id)
    info = kernel.game_info(game_id)
    quick = [n for n in range(len(whole.steps) // 2, len(whole.steps))
             if info.odds_quick is None or info.odds_quick(whole.steps[n - 1].state)]
    assert quick, "the seeded game never reaches quick odds: the check caught nothing"
    history = prefix(whole, quick[len(quick) // 2])
    rng = random.Random(11)
    differing = 0
    for seat in range(info.seats(whole.initial)):
        view = view_of(history, seat)
        assert view.odds is not None
        mine = view.odds()
        assert mine is not None and mine == kernel.seat_odds(history, seat)
        for _ in range(DRAWS):
            other = kernel.resample(history, seat, rng)
            theirs = view_of(other, seat).odds
            assert theirs is not None and theirs() == mine
            differing += kernel.to_data(other.final) != kernel.to_data(history.final)
    assert differing > 0, "no resampled table differed: the check caught nothing"

"""The compact information states of the adapters (issue 27), for every registered game.

- **Size**: the information-state tensor holds at most 4,096 floats for every
  game and variant at every player count.
- **Exact strings**: on pairs of histories sampled from seeded games (prefixes
  of two games, and ``kernel.resample`` draws of them, which show the seat the
  same information state), a seat's information-state strings are equal
  exactly when its ``kernel.information_state`` is.
- **Sufficient tensors**: on the small positions of ``tests/test_resample.py``,
  every history of the position's length (the seat's own actions as played,
  every chance outcome and every action of the other seats) is walked through
  the kernel, weighed as the resampling convention says (chance probabilities,
  and the ways another seat picks its physical cards); two information states
  of the seat whose exact posteriors over the zones it may not see
  (``GameHooks.hidden_zones`` of the last state) differ never share a tensor. A
  planted tensor without the memory (the observation alone), and one without
  the memory's logs (the counts alone), fail it.

- **Derived events**: the events a string leaves out of a partly hidden step
  (the layout's ``"derived"``) follow from what the seat saw before: checked
  against every alternative step after ``kernel.resample`` of the steps
  before; a planted non-derived kind fails.
- **Incremental memory**: the adapters' step-by-step memory
  (``Encoder.memory_update``) is the memory written whole, at every step.

The leak check (the views identical across ``kernel.resample`` draws) is in
``tests/test_adapter_leaks.py``.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from test_resample import POSITIONS, Ways

import kernel
from kernel.adapters import encode
from kernel.api import Step, Trace

CASES = [(g, v) for g in kernel.games() for v in kernel.game_info(g).config.variants]
#: The bound on an information-state tensor (issue 27).
MOST_FLOATS = 4096

Tensor = Callable[[str, Any, Trace, int], tuple[float, ...]]


def _config(game_id: str, variant: str, players: int) -> dict[str, Any]:
    info = kernel.game_info(game_id)
    return {info.config.players_key: players, **info.config.variants[variant]}


@pytest.mark.parametrize(("game_id", "variant"), CASES)
def test_information_state_tensors_are_small(game_id: str, variant: str) -> None:
    info = kernel.game_info(game_id)
    for players in range(info.min_players, info.max_players + 1):
        enc = encode.encoder(game_id, _config(game_id, variant, players))
        assert enc.information_state_size <= MOST_FLOATS, (players, enc.information_state_size)
        assert enc.information_state_size == enc.observation_size + enc.memory_size


def _largest_memory(game_id: str) -> tuple[str, dict[str, Any]]:
    """A game's variant with the most memory at its fewest players, and its config."""
    info = kernel.game_info(game_id)
    configs = [(v, _config(game_id, v, info.min_players)) for v in info.config.variants]
    return max(configs, key=lambda c: encode.encoder(game_id, c[1]).memory_size)


@pytest.mark.parametrize("game_id", [g for g in kernel.games() if encode.encoder(
    g, _largest_memory(g)[1]).memory_size])
def test_memory_kept_step_by_step_is_the_full_one(game_id: str) -> None:
    # the adapters' path (Ledger.after with the batches of the step made once
    # by Ledger.flow, and Encoder.memory_update: only the counts Ledger.after
    # touched and the log rows that differ written again) gives the ledger and
    # the memory made whole at every step of a seeded whole game, in the
    # variant with the most memory (the Hare & the Tortoise's championship,
    # whose new rounds gather every card again), as seat 1 sees it; and so with
    # logs of 2 rows, whose kept rows move along the log
    config = _largest_memory(game_id)[1]
    trace = kernel.play(game_id, config, 5)
    encoders = [encode.encoder(game_id, config)]
    if encoders[0].logged:
        encoders.append(encode.Encoder(game_id, config, encode.DEFAULT_MAX_STEPS, log_rows=2))
    seat, moved = 1, 0
    for enc in encoders:
        led = enc.start(trace.initial)
        floats = enc.memory(led)
        before = trace.initial
        for st in trace.steps:
            moves = enc.moves(before, st)
            touched: set[Any] = set()
            flow = led.flow(moves) if enc.logged else None
            nxt = led.after(moves, seat, enc.place_set, enc.logged, touched, flow)
            alone = led.after(moves, seat, enc.place_set, enc.logged)
            assert (nxt.counts, nxt.batches, nxt.pools, nxt.logs) == (
                alone.counts, alone.batches, alone.pools, alone.logs)
            enc.memory_update(led, nxt, floats, touched)
            led, before = nxt, st.state
            assert floats == enc.memory(led)
            moved += any(len(rows) > enc.log_rows for _, rows in led.logs.values())
        assert floats == enc.memory(enc.ledger(trace, seat))
    # the short logs' kept rows moved (the case is not vacuous)
    assert moved or not encoders[0].logged


def _prefix(t: Trace, n: int) -> Trace:
    return Trace(t.game, t.version, t.config, t.seed, t.initial, t.steps[:n])


@pytest.mark.parametrize(("game_id", "variant"), CASES)
def test_strings_are_equal_exactly_when_information_states_are(game_id: str,
                                                               variant: str) -> None:
    info = kernel.game_info(game_id)
    config = _config(game_id, variant, info.min_players)
    games = [kernel.play(game_id, config, seed) for seed in (3, 4)]
    n = min(len(g.steps) for g in games)
    rng = random.Random(0)
    same = differ = 0
    for k in sorted(rng.sample(range(1, n + 1), min(4, n))):
        histories = [_prefix(g, k) for g in games]
        for seat in range(info.seats(games[0].initial)):
            if info.hooks.card_flow is not None and seat == k % 2:
                histories.append(kernel.resample(histories[0], seat, rng))
            truth = [encode.canonical(kernel.information_state(h, seat)) for h in histories]
            text = [encode.information_state_string(game_id, config, h, seat)
                    for h in histories]
            for i in range(len(histories)):
                for j in range(i + 1, len(histories)):
                    if truth[i] == truth[j]:
                        same += 1
                        assert text[i] == text[j], (seat, k)
                    else:
                        differ += 1
                        assert text[i] != text[j], (seat, k, text[i])
    assert differ
    if info.hooks.card_flow is not None:
        assert same


def _left_out(derived: frozenset[str], events: Any, seat: int) -> tuple[list[str], list[str]]:
    """The canonical texts of a step's events as ``seat`` sees them: those the string
    writes, and the derived ones it leaves out (each with its place in the step)."""
    kept, left = [], []
    for i, e in enumerate(events):
        seen = e.seen_by(seat)
        if seen is e and e.kind in derived:
            left.append(f"{i}:{encode.canonical(e.to_data())}")
        else:
            kept.append(encode.canonical(seen.to_data()))
    return kept, left


#: The steps of a seeded game the derived events are checked in.
EARLY = 150


def check_derived(game_id: str, variant: str, derived: frozenset[str] | None = None,
                  focus: frozenset[str] | None = None, samples: int = 3,
                  early: int | None = EARLY) -> int:
    """Check a game's derived events (or the ``derived`` kinds given) on ``samples``
    partly hidden steps per fewest and most players, among a seeded game's first
    ``early`` steps (all: None), those with a left-out event of a kind in ``focus``
    only, if given; returns how many alternatives were compared."""
    info = kernel.game_info(game_id)
    rng = random.Random(2)
    checked = 0
    for players in (info.min_players, info.max_players):
        config = _config(game_id, variant, players)
        kinds = derived if derived is not None else encode.info_text(game_id, config).derived
        trace = kernel.play(game_id, config, players)
        seats = info.seats(trace.initial)
        # (within the first EARLY steps: kernel.resample replays the steps before)
        partial = [(t, s) for t, st in enumerate(trace.steps[:early]) for s in range(seats)
                   if any(e.seen_by(s) is not e for e in st.events)
                   and _left_out(kinds, st.events, s)[1]
                   and (focus is None or focus & {e.kind for e in st.events})]
        for t, seat in rng.sample(partial, min(samples, len(partial))):
            want = _left_out(kinds, trace.steps[t].events, seat)
            world = kernel.resample(_prefix(trace, t), seat, rng).final
            actor = kernel.current_actor(world)
            options = ([a for a, _ in kernel.chance_outcomes(world)] if actor == kernel.CHANCE
                       else list(kernel.legal_actions(world)))
            for action in options:
                result = kernel.apply(world, action)
                assert isinstance(result, kernel.Applied)
                kept, left = _left_out(kinds, result.events, seat)
                if kept == want[0]:
                    checked += 1
                    assert left == want[1], ("a derived event that does not follow",
                                             players, t, seat, action.text)
    return checked


@pytest.mark.parametrize(("game_id", "variant"), [
    c for c in CASES if encode.info_text(c[0], _config(c[0], c[1], kernel.game_info(
        c[0]).min_players)).derived])
def test_derived_events_follow_from_what_the_seat_saw(game_id: str, variant: str) -> None:
    # the events a string leaves out of a partly hidden step (the layout's
    # "derived") follow from what the seat saw before and the step's other
    # events: in histories the seat cannot tell from the real one
    # (kernel.resample of the steps before), every action or chance outcome
    # showing the seat the same other events shows it the same derived events,
    # in the same places
    assert check_derived(game_id, variant)


def test_an_event_that_does_not_follow_fails() -> None:
    # the check can fail: the bets shown at the end of a round (HT-END-GAME) and
    # the points they score do not follow from what a seat saw before, planted
    # as derived
    game_id = "hare-and-tortoise-2014"
    planted = frozenset({"bets-revealed", "scored", "round-ended", "game-over"})
    with pytest.raises(AssertionError, match="does not follow"):
        check_derived(game_id, "standard", planted, planted, samples=2, early=None)


# --------------------------------------------------------------------------
# sufficiency on small positions


def compact(game_id: str, config: Any, trace: Trace, seat: int) -> tuple[float, ...]:
    return tuple(encode.information_state_tensor(game_id, config, trace, seat))


def observation_only(game_id: str, config: Any, trace: Trace, seat: int) -> tuple[float, ...]:
    """A planted tensor without the ledger: the observation alone."""
    return tuple(encode.observation_tensor(game_id, config, trace.final, seat))


def counts_only(game_id: str, config: Any, trace: Trace, seat: int) -> tuple[float, ...]:
    """A planted tensor without the memory's logs: the observation and the counts."""
    enc = encode.encoder(game_id, config)
    return tuple(compact(game_id, config, trace, seat)[:enc.observation_size + enc.ledger_size])


def hidden(trace: Trace, seat: int) -> str:
    """What ``seat`` may not see of the last state (the values of its hidden zones)."""
    info = kernel.game_info(trace.game)
    data = info.to_data(trace.final)
    out = []
    for zone in info.hooks.hidden_zones(data, seat):
        value: Any = data
        for key in zone:
            value = value[key]
        out.append(value)
    return encode.canonical(out)


def histories(history: Trace, seat: int, ways: Ways,
              limit: int = 40_000) -> list[tuple[Trace, Fraction]]:
    """Every history as long as ``history`` from its start, the seat's own actions as
    played, with its weight (chance probabilities, the other seats' ways to pick)."""
    found: list[tuple[Trace, Fraction]] = []
    visits = 0

    def walk(state: Any, steps: list[Step], weight: Fraction) -> None:
        nonlocal visits
        visits += 1
        assert visits <= limit, "not a small position"
        if len(steps) == len(history.steps):
            found.append((Trace(history.game, history.version, history.config, history.seed,
                                history.initial, tuple(steps)), weight))
            return
        actor = kernel.current_actor(state)
        if actor == kernel.TERMINAL:
            return
        if actor == kernel.CHANCE:
            options = list(kernel.chance_outcomes(state))
        elif actor == seat:
            mine = history.steps[len(steps)].action
            options = [(mine, Fraction(1))] if mine in kernel.legal_actions(state) else []
        else:
            data = kernel.to_data(state)
            options = [(a, Fraction(ways(data, actor, a))) for a in kernel.legal_actions(state)]
        for action, w in options:
            result = kernel.apply(state, action)
            assert isinstance(result, kernel.Applied)
            walk(result.state, [*steps, Step(actor, action, result.events, result.state)],
                 weight * w)

    walk(history.initial, [], Fraction(1))
    return found


def posteriors(history: Trace, seat: int, ways: Ways) -> tuple[
        dict[str, dict[str, Fraction]], dict[str, Trace]]:
    """Per information state of ``seat`` (its canonical JSON) among the histories as
    long as ``history``: the exact posterior over what it may not see, and one
    history of it."""
    weights: dict[str, dict[str, Fraction]] = defaultdict(dict)
    one: dict[str, Trace] = {}
    for h, w in histories(history, seat, ways):
        key = encode.canonical(kernel.information_state(h, seat))
        post = weights[key]
        where = hidden(h, seat)
        post[where] = post.get(where, Fraction(0)) + w
        one.setdefault(key, h)
    normal = {}
    for key, post in weights.items():
        total = sum(post.values())
        normal[key] = {k: v / total for k, v in post.items() if v}
    return normal, one


#: The posteriors of a position (walked once for the real tensor and the planted ones).
_POSTERIORS: dict[str, tuple[dict[str, dict[str, Fraction]], dict[str, Trace]]] = {}


def check_sufficient(tensor: Tensor, name: str, history: Trace, seat: int, ways: Ways) -> int:
    """Information states sharing a tensor have the same posterior; returns how many
    distinct information states were compared."""
    if name not in _POSTERIORS:
        _POSTERIORS[name] = posteriors(history, seat, ways)
    normal, one = _POSTERIORS[name]
    by_tensor: dict[tuple[float, ...], str] = {}
    for key, h in one.items():
        other = by_tensor.setdefault(tensor(h.game, dict(h.config), h, seat), key)
        assert normal[other] == normal[key], (
            "two information states share a tensor but not their posterior")
    return len(one)


#: Positions short enough to walk every history cheaply (steps of the window
#: kept). On "hare-reshuffle" the ledger's counts alone fall short: another seat
#: draws unseen (HT-TURN-REFILL) between its face-up plays (HT-TURN-PLAY) from a
#: hand mixing cards from before and after the reshuffle, and under the
#: resampling convention a play of k cards of a kind weighs C(cards of that kind
#: held, k), so "fox, draw, lamb" and "lamb, draw, fox" leave different
#: posteriors; the game's memory logs those moves in order (its tensor.py).
SHORT = {"cuc-deck": 6, "hare-reshuffle": 7, "hare-setup": 5, "cug-crazy": 5,
         "cu2-finish": 3}


def _short(name: str, position: Callable[[], Trace]) -> Trace:
    return _prefix(position(), SHORT[name])


@pytest.mark.parametrize(("name", "position", "seat", "ways"), [
    pytest.param(p[0], p[1], p[2], p[3], id=p[0]) for p in POSITIONS])
def test_tensors_tell_apart_information_states_with_different_posteriors(
        name: str, position: Callable[[], Trace], seat: int, ways: Ways) -> None:
    # KERNEL-OBSERVATION: the compact tensor is a sufficient statistic of what
    # the seat saw, for the posterior over what it may not see
    compared = check_sufficient(compact, name, _short(name, position), seat, ways)
    assert compared >= 2, "a single information state: nothing compared"


@pytest.mark.parametrize("planted", [observation_only, counts_only])
def test_a_tensor_without_memory_fails(planted: Tensor) -> None:
    # the check can fail: the planted observation-only tensor, and the one with
    # the counts but not the logs, merge information states whose posteriors differ
    name, position, seat, ways, _ = next(p for p in POSITIONS if p[0] == "hare-reshuffle")
    with pytest.raises(AssertionError, match="share a tensor"):
        check_sufficient(planted, name, _short(name, position), seat, ways)


@pytest.mark.parametrize(("game_id", "variant"), CASES)
def test_public_and_private_observations_split_the_seats_view(game_id: str,
                                                              variant: str) -> None:
    # the public-only observation is the same for every seat; with the
    # private-only one it makes the seat's whole observation; neither moves
    # across kernel.resample's draws for the seat (nothing it may not see)
    info = kernel.game_info(game_id)
    config = _config(game_id, variant, info.min_players)
    enc = encode.encoder(game_id, config)
    assert enc.private, "no key is private to the seat"
    trace = kernel.play(game_id, config, 6)
    rng = random.Random(1)
    seats = range(info.seats(trace.initial))
    for k in range(1, len(trace.steps) + 1, max(1, len(trace.steps) // 3)):
        history = _prefix(trace, k)
        views = [kernel.observation(history.final, s) for s in seats]
        public = [enc.public(v) for v in views]
        assert all(p == public[0] for p in public), k
        for s, v in zip(seats, views, strict=True):
            private = enc.private_part(v)
            assert set(public[0]) | set(private) == set(v)
            assert not set(public[0]) & set(private)
            if info.hooks.card_flow is not None and s == 0:
                drawn = kernel.resample(history, s, rng).final
                assert enc.private_part(kernel.observation(drawn, s)) == private

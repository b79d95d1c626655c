"""Our own leak check of the adapters' views (issues 15, 27): the frameworks never look inside.

For every registered game and variant (from the registry), at its fewest
players, the views a seat gets from the adapters (the information-state
string, the information-state and observation tensors; the kernel-side
encoder :mod:`kernel.adapters.encode` always, the OpenSpiel adapter's when
pyspiel is installed):

- are the same for every history ``kernel.resample`` draws for that seat (they
  hold nothing the seat has not seen), and
- between the histories that branch at one step (each chance outcome, each
  action), a seat's views are equal when its ``kernel.information_state`` is,
  and its information-state strings differ when it differs (the generic
  checks prove the kernel's view right);

and a planted leak (the zones the seat may not see, ``GameHooks.hidden_zones``,
added to its information state) fails both checks. The kernel itself imports
and encodes without any framework installed.
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from array import array
from collections.abc import Callable, Iterator
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

import kernel
from kernel.adapters import encode

ROOT = Path(__file__).resolve().parent.parent
CASES = [(g, v) for g in kernel.games() for v in kernel.game_info(g).config.variants]
#: Draws per seat and history, and the points of a seeded game looked at.
DRAWS = 2
POINTS = (0.15, 0.5, 0.85)
#: Branching steps looked at per game, and children per branching step.
BRANCHES = 10
CHILDREN = 5

Views = Callable[[str, Any, kernel.Trace, int], tuple[str, tuple[float, ...]]]


def config_of(game_id: str, variant: str) -> dict[str, Any]:
    info = kernel.game_info(game_id)
    return {info.config.players_key: info.min_players, **info.config.variants[variant]}


def seats(trace: kernel.Trace) -> range:
    return range(kernel.game_info(trace.game).seats(trace.initial))


def prefix(trace: kernel.Trace, n: int) -> kernel.Trace:
    return kernel.Trace(trace.game, trace.version, trace.config, trace.seed, trace.initial,
                        trace.steps[:n])


def child(trace: kernel.Trace, action: kernel.Action) -> kernel.Trace:
    """``trace`` with one more step."""
    state = trace.final
    actor = kernel.current_actor(state)
    result = kernel.apply(state, action)
    assert isinstance(result, kernel.Applied)
    step = kernel.Step(actor, action, result.events, result.state)
    return kernel.Trace(trace.game, trace.version, trace.config, trace.seed, trace.initial,
                        (*trace.steps, step))


# --------------------------------------------------------------------------
# the views under test


def encoder_views(game_id: str, config: Any, trace: kernel.Trace,
                  seat: int) -> tuple[str, tuple[float, ...]]:
    """The kernel-side views: the information state's canonical JSON (the
    OpenSpiel adapter's string), the information-state and observation tensors."""
    text = encode.information_state_string(game_id, config, trace, seat)
    tensor = (*encode.information_state_tensor(game_id, config, trace, seat),
              *encode.observation_tensor(game_id, config, trace.final, seat))
    return text, tensor


_GAMES: dict[tuple[str, str], Any] = {}


def openspiel_views(game_id: str, config: Any, trace: kernel.Trace,
                    seat: int) -> tuple[str, tuple[float, ...]]:
    """The OpenSpiel adapter's views of the same history (``state_of``: its steps
    taken as they are, OpenSpiel's history their action ids)."""
    import pyspiel

    import kernel.adapters.openspiel as ko

    key = (game_id, encode.canonical(config))
    if key not in _GAMES:
        info = kernel.game_info(game_id)
        rest = {k: x for k, x in config.items() if k != info.config.players_key}
        variant = next(v for v, c in info.config.variants.items() if dict(c) == rest)
        _GAMES[key] = pyspiel.load_game(ko.name_of(game_id, variant), {
            info.config.players_key: config[info.config.players_key]})
    state = ko.state_of(_GAMES[key], trace)
    return state.information_state_string(seat), (*state.information_state_tensor(seat),
                                                  *state.observation_tensor(seat))


def leaky_views(game_id: str, config: Any, trace: kernel.Trace,
                seat: int) -> tuple[str, tuple[float, ...]]:
    """A planted leak: the encoder's views with the zones ``seat`` may not see added."""
    text, tensor = encoder_views(game_id, config, trace, seat)
    info = kernel.game_info(game_id)
    data = info.to_data(trace.final)
    hidden: list[Any] = []
    for zone in info.hooks.hidden_zones(data, seat):
        value: Any = data
        for key in zone:
            value = value[key]
        hidden.append(value)
    extra = encode.canonical(hidden)
    return text + extra, (*tensor, float(int(hashlib.sha256(extra.encode()).hexdigest()[:6], 16)))


VIEWS: list[Any] = [pytest.param(encoder_views, id="encode")]
try:
    import pyspiel  # noqa: F401
except ImportError:
    VIEWS.append(pytest.param(None, id="openspiel", marks=pytest.mark.skip(
        reason="open_spiel is not installed (extra 'openspiel')")))
else:
    VIEWS.append(pytest.param(openspiel_views, id="openspiel"))


# --------------------------------------------------------------------------
# the two checks


def points(trace: kernel.Trace) -> Iterator[kernel.Trace]:
    n = len(trace.steps)
    for p in POINTS:
        yield prefix(trace, max(1, int(n * p)))


def check_resampled(views: Views, game_id: str, variant: str, seed: int = 1) -> int:
    """Views are the same across ``kernel.resample``'s draws; returns how many
    draws differ from the history they were drawn for (something hidden moved)."""
    config = config_of(game_id, variant)
    moved = 0
    for history in points(kernel.play(game_id, config, seed)):
        for seat in seats(history):
            expected = views(game_id, config, history, seat)
            for i in range(DRAWS):
                drawn = kernel.resample(history, seat, random.Random(i))
                assert views(game_id, config, drawn, seat) == expected, (
                    f"seat {seat}'s views changed across a resampled history at step "
                    f"{len(history.steps)}")
                moved += drawn.actions() != history.actions()
    return moved


def branching(trace: kernel.Trace) -> Iterator[kernel.Trace]:
    """Prefixes of ``trace`` ending at a step with several possible actions, spread over
    the game (the first ones and some later)."""
    found = [n for n, st in enumerate(trace.steps)
             if len(kernel.chance_outcomes(st.state) if kernel.current_actor(st.state)
                    == kernel.CHANCE else kernel.legal_actions(st.state)) > 1
             and kernel.current_actor(st.state) != kernel.TERMINAL]
    found = [n + 1 for n in found]  # the prefix ends at the state after step n
    chosen = found[:BRANCHES // 2] + found[BRANCHES // 2::max(1, len(found) // BRANCHES)]
    for n in sorted(set(chosen))[:BRANCHES]:
        yield prefix(trace, n)


def check_branches(views: Views, game_id: str, variant: str, seed: int = 2) -> tuple[int, int]:
    """Between sibling histories, a seat's views are equal iff its information states are.
    Returns (equal pairs, differing pairs) seen."""
    config = config_of(game_id, variant)
    same = differ = 0
    for history in branching(kernel.play(game_id, config, seed)):
        state = history.final
        actions = ([a for a, _ in kernel.chance_outcomes(state)]
                   if kernel.current_actor(state) == kernel.CHANCE
                   else list(kernel.legal_actions(state)))
        kids = [child(history, a) for a in actions[:CHILDREN]]
        for seat in seats(history):
            truth = [encode.canonical(kernel.information_state(k, seat)) for k in kids]
            seen = [views(game_id, config, k, seat) for k in kids]
            for i in range(len(kids)):
                for j in range(i + 1, len(kids)):
                    if truth[i] == truth[j]:
                        same += 1
                        assert seen[i] == seen[j], (
                            f"seat {seat} cannot tell {kids[i].actions()[-1]} from "
                            f"{kids[j].actions()[-1]}, but its views differ")
                    else:
                        differ += 1
                        # the strings are exact; the compact tensors need not tell
                        # apart what leaves the seat's posterior the same (see
                        # tests/test_adapter_infostate.py)
                        assert seen[i][0] != seen[j][0], (
                            f"seat {seat} saw {kids[i].actions()[-1]} differ from "
                            f"{kids[j].actions()[-1]}, but its views are equal")
    return same, differ


# --------------------------------------------------------------------------
# tests


@pytest.mark.parametrize("views", VIEWS)
@pytest.mark.parametrize(("game_id", "variant"), CASES)
def test_views_are_the_same_across_resampled_histories(views: Views, game_id: str,
                                                        variant: str) -> None:
    # KERNEL-OBSERVATION through the adapters: nothing the seat did not see
    moved = check_resampled(views, game_id, variant)
    if kernel.game_info(game_id).information == "imperfect":
        assert moved, "no draw changed anything: the check would be vacuous"


@pytest.mark.parametrize("views", VIEWS)
@pytest.mark.parametrize(("game_id", "variant"), CASES)
def test_views_differ_exactly_when_what_the_seat_saw_differs(views: Views, game_id: str,
                                                              variant: str) -> None:
    same, differ = check_branches(views, game_id, variant)
    assert differ, "no sibling histories the seat could tell apart were compared"
    if kernel.game_info(game_id).hooks.hidden_chance:
        assert same, "no sibling histories the seat could not tell apart were compared"


@pytest.mark.parametrize(("game_id", "variant"),
                         [c for c in CASES if kernel.game_info(c[0]).hooks.hidden_chance][:1])
def test_a_planted_leak_is_caught(game_id: str, variant: str) -> None:
    # another seat's hidden cards in the information state fail both checks
    with pytest.raises(AssertionError, match="views"):
        check_branches(leaky_views, game_id, variant)
    with pytest.raises(AssertionError, match="views changed"):
        check_resampled(leaky_views, game_id, variant)


def test_the_kernel_imports_and_encodes_without_the_frameworks() -> None:
    # issue 15: the frameworks are optional extras; kernel.adapters.encode is plain Python
    code = (
        "import sys\n"
        "for m in ('pyspiel', 'open_spiel', 'numpy', 'pettingzoo', 'gymnasium'):\n"
        "    sys.modules[m] = None\n"
        "import kernel, kernel.adapters, kernel.adapters.encode as e\n"
        "for g in kernel.games():\n"
        "    c = {'players': kernel.game_info(g).min_players}\n"
        "    t = kernel.play(g, c, 1)\n"
        "    assert len(e.information_state_tensor(g, c, t, 0)) == "
        "e.information_state_shape(g, c)[0]\n"
        "    assert len(e.observation_tensor(g, c, t.final, 0)) == e.observation_shape(g, c)[0]\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


@pytest.mark.parametrize(("game_id", "variant"), CASES)
def test_observation_tensors_hold_exactly_the_observation(game_id: str, variant: str) -> None:
    # the tensor is built from kernel.observation only and decodes back to it
    # (a list without a bound under the rules keeps its count and last items)
    config = config_of(game_id, variant)
    enc = encode.encoder(game_id, config)
    trace = kernel.play(game_id, config, 5)
    for st in trace.steps[::7]:
        for seat in seats(trace):
            obs = kernel.observation(st.state, seat)
            tensor = enc.observation(obs)
            assert len(tensor) == enc.observation_size
            assert enc.decode(tensor) == enc.project(obs)


@pytest.mark.parametrize(("game_id", "variant"), CASES)
def test_a_memo_holds_the_encoders_tensor_however_it_is_given(game_id: str,
                                                              variant: str) -> None:
    # encode.Memo (the adapters' per-step path, encoding again only the keys
    # that changed) against Encoder.observation at every third step of a seeded
    # game, each seat in turn, the observation given in the kernel's key order,
    # in reversed order or as a read-only mapping; a bad observation (a key
    # missing, a value that fits no form) is a ValueError and the memo forgets
    # (a zero tensor), then encodes the next observation whole.
    config = config_of(game_id, variant)
    enc = encode.encoder(game_id, config)
    memo = encode.Memo(enc)
    trace = kernel.play(game_id, config, 11)
    for n, st in enumerate(trace.steps[::3]):
        for seat in seats(trace):
            obs = kernel.observation(st.state, seat)
            given = (obs, dict(reversed(obs.items())), MappingProxyType(obs))[(n + seat) % 3]
            memo.update(given)
            assert memo.tensor == array("f", enc.observation(obs)), (n, seat)
    obs = kernel.observation(trace.final, 0)
    first = next(iter(obs))
    for bad in ({k: v for k, v in obs.items() if k != first}, {**obs, first: object()},
                [obs]):
        with pytest.raises(ValueError):
            memo.update(bad)  # type: ignore[arg-type]
        assert not any(memo.tensor)
        memo.update(obs)
        assert memo.tensor == array("f", enc.observation(obs))

"""The OpenSpiel adapter (kernel.adapters.openspiel), checked by OpenSpiel's own tests.

Issue 15. For every registered game and named variant (from the registry, so
a new game is covered with no edit here), at its fewest players:

- ``pyspiel.random_sim_test`` with serialization (OpenSpiel's C++ checks:
  sorted legal actions, unique action strings, chance outcomes, clone,
  serialization, observation and information-state tensors of every seat at
  every step, returns within the utility range, the game length bound);
- OpenSpiel's Python simulation check ``sim_game`` of
  ``open_spiel/python/tests/games_sim_test.py``, imported from the installed
  package (pickling of game, game type and state; clone);
- the Python ISMCTS bot (``open_spiel.python.algorithms.ismcts``) playing one
  short game to the end through the adapter (its own assertion compares the
  information-state key of every resampled state with the real one);
- our own comparison of the adapter with the kernel (ids, strings, tensors,
  probabilities, returns, the cut-short rule, list parameters).

Deliberately broken adapters are caught: a tensor whose shape changes, unsorted
legal actions, chance probabilities not summing to 1 (random_sim_test), another
seat's hidden cards in the information state (ISMCTS's key assertion).

Budget: one simulation per check, fewest players; the ISMCTS games are cut
short at ``ISMCTS_STEPS`` steps (the adapter's ``max_game_length``) with
``ISMCTS_SIMULATIONS`` simulations per move and random rollouts of at most
``ROLLOUT_STEPS`` steps.
"""

from __future__ import annotations

import pickle
import random
import runpy
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is not installed (extra 'openspiel'; the README's test "
                      "command installs it)")

import numpy as np  # noqa: E402  (open_spiel brings numpy)
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.tests import games_sim_test  # noqa: E402

import kernel  # noqa: E402
import kernel.adapters.openspiel as ko  # noqa: E402
from kernel.adapters import encode  # noqa: E402

NAMES = sorted(ko.names())
ISMCTS_STEPS = 120
ISMCTS_SIMULATIONS = 3
ROLLOUT_STEPS = 40
EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "openspiel_ismcts.py"


def fewest(name: str, **params: Any) -> Any:
    """The registered game ``name`` at its fewest players."""
    game_id, _ = ko.names()[name]
    info = kernel.game_info(game_id)
    return pyspiel.load_game(name, {info.config.players_key: info.min_players, **params})


def same(a: Any, b: Any) -> bool:
    """Two tensors hold the same float32 values."""
    return bool(np.array_equal(np.asarray(a, np.float32), np.asarray(b, np.float32)))


def play_random(game: Any, seed: int, visit: Any = None) -> Any:
    """A whole game with random moves (numpy, seeded); ``visit(state)`` before each."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if visit is not None:
            visit(state)
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


# --------------------------------------------------------------------------
# registration and metadata


def test_every_game_and_variant_is_registered_from_the_kernels_metadata() -> None:
    # issue 15: every registered game and named variant, GameType and GameInfo
    # from the kernel's metadata
    expected = {(g, v) for g in kernel.games() for v in kernel.game_info(g).config.variants}
    assert set(ko.names().values()) == expected
    assert set(ko.names()) <= set(pyspiel.registered_names())
    for name, (game_id, variant) in ko.names().items():
        info = kernel.game_info(game_id)
        assert name == "python_" + game_id.replace("-", "_") + (
            "" if variant == "standard" else "_" + variant)
        game = fewest(name)
        gtype = game.get_type()
        assert gtype.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert gtype.chance_mode.name.lower().replace("_", "-") == info.chance_mode
        assert gtype.information.name.lower().replace("_information", "").replace(
            "_", "-") == info.information
        assert gtype.utility == pyspiel.GameType.Utility.CONSTANT_SUM
        assert gtype.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert (gtype.min_num_players, gtype.max_num_players) == (info.min_players,
                                                                  info.max_players)
        assert gtype.provides_information_state_string and gtype.provides_observation_string
        assert gtype.provides_information_state_tensor == (info.tensor is not None)
        assert set(gtype.parameter_specification) == {
            f.name for f in info.config.fields} | {"max_game_length"}
        config = {info.config.players_key: info.min_players, **info.config.variants[variant]}
        space = kernel.action_space(game_id, config)
        assert game.num_distinct_actions() == len(space.players)
        assert game.max_chance_outcomes() == len(space.chance)
        assert game.num_players() == info.min_players
        assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
        assert game.max_game_length() == (info.max_game_length or encode.DEFAULT_MAX_STEPS)
        # the variant's configuration is the parameters' default
        assert game.initial.state == kernel.new_game(game_id, config)


# --------------------------------------------------------------------------
# OpenSpiel's own checks


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_sim_test(name: str) -> None:
    # OpenSpiel's C++ random simulation test, with serialization (one game)
    pyspiel.random_sim_test(fewest(name), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_python_sim_game(name: str) -> None:
    # OpenSpiel's Python simulation check (games_sim_test.py's sim_game), imported
    np.random.seed(5)
    games_sim_test.GamesSimTest().sim_game(fewest(name))


def ismcts_game(game: Any, seed: int) -> Any:
    """One game: the Python ISMCTS bot at seat 0, random moves elsewhere."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng,
                                            max_length=ROLLOUT_STEPS)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=ISMCTS_SIMULATIONS,
                           random_state=rng)
    draws = random.Random(seed)
    bot.set_resampler(lambda st, seat: st.resample_from_infostate(seat, draws.random))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("name", NAMES)
def test_python_ismcts_plays_a_short_game_to_the_end(name: str) -> None:
    # ISMCTS resamples with kernel.resample and asserts each sample's
    # information-state key equals the real one (ismcts.py run_search)
    state = ismcts_game(fewest(name, max_game_length=ISMCTS_STEPS), seed=1)
    assert state.is_terminal()
    assert len(state.history()) <= ISMCTS_STEPS
    assert sum(state.returns()) == pytest.approx(1.0)


# --------------------------------------------------------------------------
# the adapter is the kernel


@pytest.mark.parametrize("name", NAMES)
def test_adapter_views_are_the_kernels(name: str) -> None:
    # ids from kernel.action_space, probabilities from the exact Fractions,
    # strings and tensors from kernel.information_state / kernel.observation,
    # returns: the winners (kernel.outcome) share 1
    game = fewest(name)
    game_id, _ = ko.names()[name]
    space, config = game.space, game.config
    seen = [0]

    def visit(state: Any) -> None:
        node = state.node
        actor = kernel.current_actor(node.state)
        if actor == kernel.CHANCE:
            exact = kernel.chance_outcomes(node.state)
            assert state.chance_outcomes() == sorted(
                (space.chance_id(a), float(p)) for a, p in exact)
            assert sum(Fraction(p) for _, p in exact) == 1
            assert [state.action_to_string(-1, i) for i, _ in state.chance_outcomes()] == [
                space.chance[i].text for i, _ in state.chance_outcomes()]
        else:
            legal = kernel.legal_actions(node.state)
            assert state.legal_actions() == [space.player_id(a) for a in legal]
            assert [state.action_to_string(actor, i) for i in state.legal_actions()] == [
                a.text for a in legal]
        seen[0] += 1
        if seen[0] % 41 != 1:
            return
        trace = node.trace()
        assert trace.actions() == [space.chance[i].text if p == -1 else space.players[i].text
                                   for p, i in ((h.player, h.action)
                                                for h in state.full_history())]
        for seat in range(game.num_players()):
            assert state.information_state_string(seat) == encode.information_state_string(
                game_id, config, trace, seat)
            assert same(state.information_state_tensor(seat),
                        encode.information_state_tensor(game_id, config, trace, seat))
            assert state.observation_string(seat) == encode.canonical(
                kernel.observation(node.state, seat))
            assert same(state.observation_tensor(seat),
                        encode.observation_tensor(game_id, config, node.state, seat))

    final = play_random(game, seed=3, visit=visit)
    outcome = kernel.outcome(final.node.state)
    assert outcome is not None and outcome.winners
    assert final.returns() == [1 / len(outcome.winners) if s in outcome.winners else 0.0
                               for s in range(game.num_players())]


@pytest.mark.parametrize("name", NAMES)
def test_replayed_history_is_the_kernels(name: str) -> None:
    # issue 15 (speed): apply_action links only the actor and the action of a
    # step, so a play-through keeps no past state alive; the history's events
    # and states are replayed when first asked for. They must be the kernel's
    # own: the same actions applied with kernel.apply from the initial state
    # (transitions are pure), step by step, and the node's state last.
    game = fewest(name)
    space = game.space
    state = play_random(game, seed=5)
    node = state.node
    links, link = 0, node.linked
    while link is not None:
        assert link[3] is None and link[4] is None  # nothing kept by a plain play
        links, link = links + 1, link[0]
    assert links == node.length == len(state.history())
    mid = state.clone()  # a clone shares the node; a fresh state walks it again
    for cut in (node.length // 2, node.length):
        partial = game.new_initial_state()
        for h in state.full_history()[:cut]:
            partial.apply_action(h.action)
        trace = partial.node.trace()
        kstate = game.initial.state
        assert len(trace.steps) == cut
        for st, h in zip(trace.steps, state.full_history(), strict=False):
            action = space.chance[h.action] if h.player == -1 else space.players[h.action]
            result = kernel.apply(kstate, action)
            assert isinstance(result, kernel.Applied)
            assert (st.actor, st.action, st.events, st.state) == (
                kernel.current_actor(kstate), action, result.events, result.state)
            kstate = result.state
        assert kstate == partial.node.state
    # asked once, the links keep what was replayed (no second replay)
    trace = mid.node.trace()
    assert node.linked[3] is not None and node.linked[4] is node.state
    assert trace.steps[-1].state is node.state


@pytest.mark.parametrize("name", [n for n in NAMES if n.endswith("_2014")] + [
    n for n in NAMES if n.startswith("python_camel_up_cards")])
def test_python_tensors_are_the_observers_and_steps_keep_what_was_replayed(name: str) -> None:
    # issue 27 (speed): Python callers (rl_environment) get the tensors from
    # KernelState.information_state_tensor / observation_tensor without the C++
    # path; they are the C++ path's lists (through the observers), of the
    # actor by default, and a player out of range is refused as there. Once an
    # information state was asked on the game, steps keep their events and
    # state (no replay): they are the kernel's.
    game = fewest(name)
    state = game.new_initial_state()
    with pytest.raises(pyspiel.SpielError):
        state.information_state_tensor()  # a chance node has no actor
    rng = random.Random(2)
    asked = 0
    while not state.is_terminal() and asked < 12:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        for seat in range(game.num_players()):
            info = state.information_state_tensor(seat)
            assert type(info) is list and info == pyspiel.State.information_state_tensor(
                state, seat)
            obs = state.observation_tensor(seat)
            assert type(obs) is list and obs == pyspiel.State.observation_tensor(state, seat)
        assert state.information_state_tensor() == state.information_state_tensor(
            state.current_player())
        for bad in (-1, game.num_players()):
            with pytest.raises(pyspiel.SpielError):
                state.information_state_tensor(bad)
            with pytest.raises(pyspiel.SpielError):
                state.observation_tensor(bad)
        asked += 1
        state.apply_action(rng.choice(state.legal_actions()))
        link = state.node.linked
        assert link[3] is not None and link[4] is state.node.state  # kept at once
    assert game.recall and asked
    node = state.node
    kstate = game.initial.state
    for st in node.trace().steps:
        result = kernel.apply(kstate, st.action)
        assert isinstance(result, kernel.Applied)
        assert (st.events, st.state) == (result.events, result.state)
        kstate = result.state
    # a fresh game asked nothing: its steps keep nothing (test_replayed_history...)
    assert not fewest(name).recall


def test_a_game_without_end_is_cut_short_as_a_draw() -> None:
    # max_game_length: after that many steps (chance included) the state is
    # terminal and every seat gets 1 / players
    name = NAMES[0]
    game = fewest(name, max_game_length=25)
    state = play_random(game, seed=2)
    assert len(state.history()) == 25 and state.is_terminal()
    assert kernel.current_actor(state.node.state) != kernel.TERMINAL
    assert state.returns() == [1 / game.num_players()] * game.num_players()
    assert "cut short" in str(state)
    assert state.legal_actions() == []
    # a cut-short state serializes and comes back cut short
    again = pickle.loads(pickle.dumps(state))
    assert again.is_terminal() and str(again) == str(state)


def test_list_parameters_are_written_in_brackets() -> None:
    # OpenSpiel's parser reads "+-0123456789" as an int and "," separates
    # parameters: an int-list configuration key is "[a:b:...]", "" its default
    lists = [(name, field.name) for name, (game_id, _) in ko.names().items()
             for field in kernel.game_info(game_id).config.fields if field.type == "int-list"]
    assert lists, "no registered game has a list parameter to check"
    name, key = lists[0]
    game_id, _ = ko.names()[name]
    players = kernel.game_info(game_id).min_players
    order = list(reversed(range(players)))
    text = f"{name}(players={players},{key}={ko.list_text(order)})"
    game = pyspiel.load_game(text)
    assert game.config[key] == order
    assert kernel.to_data(game.initial.state)[key] == order
    # the game string and a serialized state come back the same
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node()
                       else state.legal_actions()[0])
    game2, state2 = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state))
    assert str(game2) == str(game) and str(state2) == str(state)
    assert game2.config[key] == order
    for bad in ("[1,0]", "[x:0]", "1:0"):
        with pytest.raises(Exception):  # noqa: B017  (pyspiel's error types vary)
            pyspiel.load_game(name, {"players": players, key: bad})
    with pytest.raises(Exception):  # noqa: B017
        pyspiel.load_game(name, {"players": players, key: ko.list_text([0, 0])})


def test_the_state_keeps_plain_data_only() -> None:
    # issue 15: the Python state's attributes pickle as plain data (the game,
    # the configuration and the action ids), with no chain of past states
    game = fewest(NAMES[0])
    state = play_random(game, seed=4)
    assert set(vars(state)) == {"_node"}
    _, (name, params, ids) = state.node.__reduce__()
    assert name == NAMES[0] and ids == tuple(h.action for h in state.full_history())
    assert all(type(v) in (int, str, bool) for v in params.values())
    clone = state.clone()
    assert clone.node is state.node  # immutable: shared by clones, never deep-copied
    assert str(pickle.loads(pickle.dumps(state))) == str(state)


# --------------------------------------------------------------------------
# broken adapters are caught


GAME = kernel.games()[0]


class _GrowingObserver(ko.Observer):
    """A tensor that gains a piece after a few steps."""

    def set_from(self, state: Any, player: int) -> None:
        super().set_from(state, player)
        if len(state.history()) > 3:
            self.dict["extra"] = np.zeros(1, np.float32)


class _WrongShape(ko.KernelGame):
    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        plain = super().make_py_observer(iig_obs_type, params)
        return _GrowingObserver(self, plain.perfect_recall)


class _UnsortedState(ko.KernelState):
    def _legal_actions(self, player: int) -> list[int]:
        return sorted(super()._legal_actions(player), reverse=True)


class _Unsorted(ko.KernelGame):
    def new_initial_state(self) -> Any:
        return _UnsortedState(self)


class _ShortChanceState(ko.KernelState):
    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(a, p * 0.9) for a, p in super().chance_outcomes()]


class _ShortChance(ko.KernelGame):
    def new_initial_state(self) -> Any:
        return _ShortChanceState(self)


def broken(base: type, tag: str, game_id: str = GAME) -> Any:
    """A game of ``base`` (a broken KernelGame), not registered, fewest players."""
    info = kernel.game_info(game_id)
    cls = ko.game_class(game_id, name=f"python_broken_{tag}", base=base)
    return cls({info.config.players_key: info.min_players})


@pytest.mark.parametrize(("base", "tag"), [
    (_WrongShape, "tensor_shape"),
    (_Unsorted, "unsorted_legal_actions"),
    (_ShortChance, "chance_sum"),
])
def test_broken_adapters_fail_random_sim_test(base: type, tag: str) -> None:
    # the same check as test_openspiel_random_sim_test, on a planted defect
    with pytest.raises(pyspiel.SpielError):
        pyspiel.random_sim_test(broken(base, tag), num_sims=1, serialize=False,
                                verbose=False)


class _LeakyObserver(ko.Observer):
    """The information state with the zones the seat may not see appended."""

    def string_from(self, state: Any, player: int) -> str:
        text = super().string_from(state, player)
        if not self.perfect_recall:
            return text
        info = self.game.info
        data = info.to_data(state.node.state)
        hidden = []
        for zone in info.hooks.hidden_zones(data, player):
            value: Any = data
            for key in zone:
                value = value[key]
            hidden.append(value)
        return text + encode.canonical(hidden)


class _Leaky(ko.KernelGame):
    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        plain = super().make_py_observer(iig_obs_type, params)
        return _LeakyObserver(self, plain.perfect_recall)


def test_hidden_cards_in_the_information_state_fail_ismcts() -> None:
    # ISMCTS's own assertion (the sampled state's key is the real one) catches
    # another seat's hidden cards in the information state
    game_id = next(g for g in kernel.games() if kernel.game_info(g).hooks.hidden_chance)
    info = kernel.game_info(game_id)
    cls = ko.game_class(game_id, name="python_broken_leak", base=_Leaky)
    game = cls({info.config.players_key: info.min_players, "max_game_length": ISMCTS_STEPS})
    with pytest.raises(AssertionError):
        ismcts_game(game, seed=1)
    # the same game without the leak plays through
    assert ismcts_game(fewest(ko.name_of(game_id, "standard"),
                              max_game_length=ISMCTS_STEPS), seed=1).is_terminal()


# --------------------------------------------------------------------------
# the README's example


def test_readme_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/examples/openspiel_ismcts.py, the code block of the README's OpenSpiel section
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert out.startswith("ISMCTS (seat 0) and random (seat 1): [")


def test_readme_mccfr_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/examples/openspiel_mccfr.py, the MCCFR block of the README's OpenSpiel
    # section: its table is keyed by the exact, short information-state strings
    runpy.run_path(str(EXAMPLE.with_name("openspiel_mccfr.py")), run_name="__main__")
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    states, longest = int(first.split()[0]), int(first.split()[-2])
    assert states > 100 and longest < 1024, first
    assert "average policy at the first decision" in out

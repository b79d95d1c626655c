"""The PettingZoo adapter (kernel.adapters.pettingzoo) under PettingZoo's own checks.

For every registered game and named variant (from the registry: a game added
later is covered with no edit here), at its fewest and most players:
PettingZoo's ``api_test`` (whole games: the play test runs until every agent
has finished) and ``seed_test``, with every warning an error but the two that
``api_test`` gives any environment with dict observations unless it is one of
PettingZoo's own games (see :data:`DICT_OBSERVATION_WARNINGS`). Our own
checks: the action masks are exactly the kernel's legal actions (KERNEL-LEGAL,
masks), chance is the kernel's exact sampler seeded by ``reset`` (a seeded
environment replays ``kernel.play`` with the same seed), the rewards are the
score changes at the end, illegal ids are refused (the kernel's rule named,
nothing changed), ``max_steps`` truncates, and a new game is covered with no
edit (Toy Race, a test-only plug-in). Deliberately broken environments are
caught: a mask that allows an illegal id, a space built anew on each call.

Skipped, saying so, when PettingZoo is not installed (the README's test
command installs it: the ``test`` extra pulls in the ``pettingzoo`` extra).
"""

from __future__ import annotations

import importlib
import random
import re
import runpy
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stdout
from io import StringIO
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed: "
                    "pip install -c constraints.txt -e '.[pettingzoo]' (the test extra has it)")
pytest.importorskip("gymnasium", reason="Gymnasium is not installed (the pettingzoo extra)")
np = pytest.importorskip("numpy", reason="NumPy is not installed (the pettingzoo extra)")

import gymnasium  # noqa: E402

import kernel  # noqa: E402
from kernel import registry  # noqa: E402
from kernel.adapters import encode  # noqa: E402
from kernel.adapters import pettingzoo as kpz  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
EXAMPLE = ROOT / "docs" / "examples" / "pettingzoo_loop.py"
#: PettingZoo's own checks (PettingZoo ships no type information).
api_test = importlib.import_module("pettingzoo.test").api_test
seed_test = importlib.import_module("pettingzoo.test").seed_test

#: ``api_test`` warns about any environment whose observations are dicts (the
#: observation tensor with an ``action_mask``) and whose observation space is a
#: ``Dict``, unless it is one of PettingZoo's own classic games, which it lists
#: by name (``env_obs_dicts``, ``env_obs_space`` in pettingzoo/test/api_test.py).
#: The issue asks for exactly that dict form, and ``api_test`` goes on to check
#: the tensor inside it, so these two warnings (exact texts) are let through;
#: every other warning is an error.
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
)


@contextmanager
def strict_warnings() -> Iterator[None]:
    """Every warning raised as an error, but :data:`DICT_OBSERVATION_WARNINGS`."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for text in DICT_OBSERVATION_WARNINGS:
            warnings.filterwarnings("ignore", message=re.escape(text) + r"\Z")
        yield


def _cases() -> list[tuple[str, str, int]]:
    """(game, variant, players): every registered game and variant, fewest and most seats."""
    out = []
    for game, variant in sorted(kpz.environments().values()):
        info = kernel.game_info(game)
        for n in sorted({info.min_players, info.max_players}):
            out.append((game, variant, n))
    return out


CASES = _cases()
IDS = [f"{g}-{v}-p{n}" for g, v, n in CASES]


def _env(game: str, variant: str, players: int, **kw: Any) -> Any:
    info = kernel.game_info(game)
    return kpz.env(game, {info.config.players_key: players}, variant=variant, **kw)


# --------------------------------------------------------------------------
# PettingZoo's own checks


@pytest.mark.parametrize(("game", "variant", "players"), CASES, ids=IDS)
def test_pettingzoo_api_test(game: str, variant: str, players: int) -> None:
    # PettingZoo's api_test: spaces (the same object on every call), reset with
    # seed and options, last(), whole games played with masked random actions
    # (observations inside their spaces, rewards accumulated as last() reports
    # them, finished agents stepped with None and removed), numpy action ids.
    with strict_warnings(), redirect_stdout(StringIO()):
        api_test(_env(game, variant, players), num_cycles=1000)


@pytest.mark.parametrize(("game", "variant", "players"), CASES, ids=IDS)
def test_pettingzoo_seed_test(game: str, variant: str, players: int) -> None:
    # PettingZoo's seed_test: two environments reset with the same seed give the
    # same agents, observations, masks, rewards and ends (chance seeded by reset).
    with strict_warnings():
        seed_test(lambda: _env(game, variant, players), num_cycles=1000)


# --------------------------------------------------------------------------
# masks


def check_masks(env: Any, seed: int, full_every: int = 25) -> int:
    """Play a seeded random game through ``env``, checking every mask; the agent steps.

    At every step: the agent to move is the kernel's actor, its mask has one
    int8 entry per action id with 1 exactly for the ids of
    ``kernel.legal_actions`` (and, every ``full_every`` steps, exactly for the
    ids the kernel's ``apply`` accepts, found by trying every id), every other
    agent's mask is all 0; once the game is over every mask is all 0.
    """
    rng = random.Random(seed)
    env.reset(seed=seed)
    space = kernel.action_space(env.game_id, env.config)
    n = len(space.players)
    steps = 0
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        state = env.kernel_state
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (n,)
        assert np.array_equal(env.action_mask(agent), mask)
        if terminated or truncated:
            assert kernel.current_actor(state) == kernel.TERMINAL or truncated
            assert not mask.any(), f"{agent}: a finished agent's mask allows {np.flatnonzero(mask)}"
            env.step(None)
            continue
        seat = int(agent.split("_")[1])
        assert kernel.current_actor(state) == seat
        legal = {space.player_id(a) for a in kernel.legal_actions(state)}
        allowed = set(np.flatnonzero(mask).tolist())
        assert allowed == legal, (f"step {steps}, {agent}: mask allows {sorted(allowed - legal)} "
                                  f"illegal, misses {sorted(legal - allowed)}")
        if steps % full_every == 0:
            accepted = {i for i, a in enumerate(space.players) if kernel.apply(state, a).ok}
            assert allowed == accepted, f"step {steps}: mask and the kernel's apply differ"
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any(), f"{other} may not move now"
        env.step(int(sorted(allowed)[rng.randrange(len(allowed))]))
        steps += 1
    return steps


@pytest.mark.parametrize(("game", "variant", "players"), CASES, ids=IDS)
def test_masks_are_the_kernels_legal_actions(game: str, variant: str, players: int) -> None:
    # KERNEL-LEGAL through the adapter: action_mask[i] == 1 exactly when action id i
    # (kernel.action_space) is legal for the agent to move; 0 for the others.
    assert check_masks(_env(game, variant, players), seed=3) > 0


# --------------------------------------------------------------------------
# observations


def check_observations(env: Any, seed: int) -> int:
    """Play a seeded random game through ``env``, checking every observation; the steps.

    At every step the observation tensor ``last()`` returns (the adapter's,
    kept up to date key by key: ``encode.Memo``) is the encoder's own tensor of
    ``kernel.observation(state, seat)``, float32 and of the fixed shape; so is
    another agent's (``observe``: the adapter's memo switches seats), then the
    mover's again; and the array handed out at the step before still holds what
    it held (a new array each time, not a view of the adapter's buffer).
    """
    enc = encode.encoder(env.game_id, env.config)
    agents = env.possible_agents
    rng = random.Random(seed)
    env.reset(seed=seed)
    steps = 0
    before: tuple[Any, Any] | None = None

    def expect(agent: str, got: Any, what: str) -> Any:
        seat = agents.index(agent)
        want = np.asarray(enc.observation(kernel.observation(env.kernel_state, seat)),
                          np.float32)
        assert got.dtype == np.float32 and got.shape == want.shape, what
        if not np.array_equal(got, want):
            wrong = np.flatnonzero(got != want)
            pieces = sorted({k for k, o, n in enc.pieces for i in wrong if o <= i < o + n})
            raise AssertionError(
                f"{env.game_id} seed {seed}, step {steps}, {agent} ({what}): the tensor differs "
                f"from the encoder's at {wrong[:8].tolist()} (keys {pieces})")
        return want

    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if before is not None:
            assert np.array_equal(before[0], before[1]), "an earlier observation changed"
        want = expect(agent, obs["observation"], "last()")
        other = agents[(agents.index(agent) + 1 + steps) % len(agents)]
        expect(other, env.observe(other)["observation"], "observe(another agent)")
        expect(agent, env.observe(agent)["observation"], "observe(the same agent again)")
        before = (obs["observation"], want)
        if terminated or truncated:
            env.step(None)
            continue
        ids = np.flatnonzero(obs["action_mask"])
        env.step(int(ids[rng.randrange(len(ids))]))
        steps += 1
    return steps


@pytest.mark.parametrize(("game", "variant"), sorted(kpz.environments().values()))
def test_observations_are_the_encoders_at_every_step(game: str, variant: str) -> None:
    # The observation tensor (kept up to date by re-encoding only the keys that
    # changed) never drifts from encode.Encoder.observation(kernel.observation(
    # state, seat)): two seeded games at the fewest players, one at the most.
    info = kernel.game_info(game)
    for players, seed in ((info.min_players, 1), (info.min_players, 2), (info.max_players, 3)):
        assert check_observations(_env(game, variant, players), seed) > 0


def test_a_mask_allowing_an_illegal_id_is_caught() -> None:
    # A deliberately broken environment: its mask also allows one illegal id.
    game, variant, players = CASES[0]
    base = kpz.env_class()

    class LeakyMask(base):  # type: ignore[misc, valid-type]
        def observe(self, agent: str) -> dict[str, Any]:
            obs: dict[str, Any] = super().observe(agent)
            mask = obs["action_mask"]
            if mask.any():
                mask[int(np.flatnonzero(mask == 0)[0])] = 1
            return obs

    info = kernel.game_info(game)
    broken = LeakyMask(game, {info.config.players_key: players}, variant=variant)
    with pytest.raises(AssertionError, match="illegal"):
        check_masks(broken, seed=3)


def test_a_space_built_anew_on_each_call_is_caught() -> None:
    # A deliberately broken environment: action_space(agent) returns a new
    # (equal) object on every call, so seeding it does nothing; api_test fails.
    game, variant, players = CASES[0]
    base = kpz.env_class()

    class FreshSpaces(base):  # type: ignore[misc, valid-type]
        def action_space(self, agent: str) -> Any:
            return gymnasium.spaces.Discrete(self.action_spaces[agent].n)

    info = kernel.game_info(game)
    broken = FreshSpaces(game, {info.config.players_key: players}, variant=variant)
    with strict_warnings(), redirect_stdout(StringIO()), pytest.raises(
            AssertionError, match="exact same space object"):
        api_test(broken, num_cycles=10)


def test_the_spaces_are_fixed_per_agent() -> None:
    # The same object on every call, one per agent (seeding one agent's space
    # does not move another's), one action entry per kernel action id.
    for game, variant, players in CASES:
        env = _env(game, variant, players)
        n = len(kernel.action_space(game, env.config).players)
        spaces = [env.action_space(a) for a in env.possible_agents]
        assert all(s is env.action_space(a) for s, a in zip(spaces, env.possible_agents,
                                                              strict=True))
        assert all(s is env.observation_space(a) for s, a in
                   zip([env.observation_space(a) for a in env.possible_agents],
                       env.possible_agents, strict=True))
        assert len({id(s) for s in spaces}) == players
        assert all(s.n == n for s in spaces)
        assert env.observation_space(env.possible_agents[0])["action_mask"].shape == (n,)


# --------------------------------------------------------------------------
# chance, rewards, ends


def _own_random(env: Any, seed: int) -> Callable[[Any, tuple[kernel.Action, ...], Any],
                                                  kernel.Action]:
    """A random policy with a generator of its own (it draws nothing from kernel.play's)."""
    space = kernel.action_space(env.game_id, env.config)
    own = random.Random(seed)

    def policy(state: Any, legal: tuple[kernel.Action, ...], rng: Any) -> kernel.Action:
        ordered = sorted(legal, key=space.player_id)
        return ordered[own.randrange(len(ordered))]
    return policy


@pytest.mark.parametrize(("game", "variant", "players"), CASES[::2], ids=IDS[::2])
def test_chance_is_the_kernels_sampler_seeded_by_reset(game: str, variant: str,
                                                       players: int) -> None:
    # reset(seed=S) seeds every chance draw: the same choices (a random policy
    # with its own generator) give exactly kernel.play(game, config, S) with
    # that policy, state for state; the rewards are each seat's final score
    # minus its initial one, paid once, at the end.
    env = _env(game, variant, players)
    seed = 11
    own = random.Random(99)
    env.reset(seed=seed)
    seen = []
    returns: dict[str, float] = dict.fromkeys(env.agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        returns[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert reward == 0, "a reward before the end"
        seen.append(kernel.to_data(env.kernel_state))
        ids = np.flatnonzero(obs["action_mask"])
        env.step(int(ids[own.randrange(len(ids))]))
    trace = kernel.play(game, env.config, seed, policy=_own_random(env, 99))
    expected = [kernel.to_data(st.state) for st in trace.steps
                if kernel.current_actor(st.state) not in (kernel.CHANCE, kernel.TERMINAL)]
    if kernel.current_actor(trace.initial) not in (kernel.CHANCE, kernel.TERMINAL):
        expected.insert(0, kernel.to_data(trace.initial))
    assert seen == expected
    assert kernel.to_data(env.kernel_state) == kernel.to_data(trace.final)
    outcome = kernel.outcome(trace.final)
    assert outcome is not None
    start = kernel.to_data(trace.initial)[kernel.game_info(game).hooks.score_key]
    assert returns == {kpz.agent_name(s): outcome.scores[s] - start[s] for s in range(players)}


def test_reset_seeds_and_reseeds() -> None:
    # Same seed, same game; another seed, another game; reset() without a seed
    # goes on with the generator (a new game, not a replay of the last one).
    game, variant, players = CASES[0]

    def first_moves(env: Any, seed: int | None, k: int = 40) -> list[Any]:
        env.reset(seed=seed)
        out = []
        for _ in range(k):
            if not env.agents or env.terminations[env.agent_selection]:
                break
            out.append(kernel.to_data(env.kernel_state))
            env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
        return out

    env = _env(game, variant, players)
    a, b = first_moves(env, 5), first_moves(env, 5)
    assert a == b
    assert first_moves(env, 6) != a
    first_moves(env, 5)
    assert first_moves(env, None) != a


def test_illegal_or_bad_actions_are_refused_and_change_nothing() -> None:
    # An id outside the space, an id the kernel rejects now (its rule named), a
    # non-integer: ValueError, and the environment is as it was. A finished
    # agent takes only None.
    game, variant, players = CASES[0]
    env = _env(game, variant, players)
    env.reset(seed=1)
    agent = env.agent_selection
    before = kernel.to_data(env.kernel_state)
    mask = env.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=r"not legal now: [A-Z0-9]+-[A-Z]"):
        env.step(illegal)
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(len(mask))
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(-1)
    for bad in ("0", 1.0, True):
        with pytest.raises(ValueError, match="action id"):
            env.step(bad)
    assert env.agent_selection == agent and kernel.to_data(env.kernel_state) == before
    env.step(np.int64(np.flatnonzero(mask)[0]))  # numpy integers are action ids
    assert kernel.to_data(env.kernel_state) != before

    short = _env(game, variant, players, max_steps=3)
    short.reset(seed=1)
    while not short.truncations[short.agent_selection]:
        short.step(int(np.flatnonzero(short.last()[0]["action_mask"])[0]))
    with pytest.raises(ValueError, match="only valid action is None"):
        short.step(0)


def test_max_steps_truncates_every_agent_with_no_reward() -> None:
    # max_steps=N: after N kernel transitions (chance included) without an end,
    # every agent is truncated with reward 0 and leaves when stepped with None.
    game, variant, players = CASES[0]
    env = _env(game, variant, players, max_steps=12)
    env.reset(seed=2)
    order = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if truncated:
            assert not terminated and reward == 0 and not obs["action_mask"].any()
            order.append(agent)
            env.step(None)
        else:
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.table.steps == 12 and sorted(order) == sorted(env.possible_agents)
    assert kernel.current_actor(env.kernel_state) != kernel.TERMINAL
    with pytest.raises(ValueError, match="max_steps"):
        _env(game, variant, players, max_steps=0)


def test_configuration_and_names() -> None:
    # Every registered game and variant is named; a bad game, variant or value
    # is KERNEL-CONFIG; the players key takes its default like race-kernel play.
    names = kpz.environments()
    assert sorted(names.values()) == sorted(
        (g, v) for g in kernel.games() for v in kernel.game_info(g).config.variants)
    for name, (game, variant) in names.items():
        assert name == kpz.env_name(game, variant)
        # the version changes with the game's behaviour and with the encoding
        # of its observations (PettingZoo's rule for a changed environment)
        version = 100 * kernel.game_info(game).version + encode.ENCODING_VERSION
        assert name.endswith(f"_v{version}")
        assert str(kpz.env_by_name(name)) == name
    game = CASES[0][0]
    bad_configs: list[dict[str, Any]] = [{"players": 99}, {"players": "3"}, {"nonsense": 1}]
    for bad in bad_configs:
        with pytest.raises(kernel.ConfigError):
            kpz.env(game, bad)
    with pytest.raises(kernel.ConfigError, match="unknown variant"):
        kpz.env(game, variant="no-such-variant")
    with pytest.raises(kernel.ConfigError):
        kpz.env("no-such-game")
    info = kernel.game_info(game)
    assert kpz.configuration(game)[info.config.players_key] == kpz.configuration(
        game, {})[info.config.players_key]


def test_render_is_the_games_own_picture() -> None:
    # render_mode="ansi": the narrator's picture of the whole table, headed by
    # the seat to move; without a render mode, nothing (Gymnasium's warning).
    game, variant, players = CASES[0]
    env = _env(game, variant, players, render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    info = kernel.game_info(game)
    picture = info.narrator.draw(kernel.to_data(env.kernel_state))
    assert text.splitlines()[1:] == list(picture)
    assert info.narrator.seat_name(kernel.current_actor(env.kernel_state)) in text.splitlines()[0]
    quiet = _env(game, variant, players)
    quiet.reset(seed=4)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None
    with pytest.raises(ValueError, match="render_mode"):
        _env(game, variant, players, render_mode="rgb_array")


# --------------------------------------------------------------------------
# a game added later, imports, the README's example


def _toy_layout(config: Any) -> Any:
    """Toy Race's observation layout (kernel.adapters.encode's forms), which its
    package would hand over as ``GameInfo.tensor``."""
    from toygame import game as toy

    n = config["players"]
    cards = tuple(sorted(set(toy.CARDS)))
    return ("dict", {
        "game": ("const", toy.GAME_ID), "seat": ("int", 0, n - 1), "players": ("int", 2, 3),
        "goal": ("int", min(toy.GOALS), max(toy.GOALS)), "phase": ("enum", toy.PHASES),
        "turn": ("int", 0, n - 1), "points": ("array", n, ("num",)),
        "hand": ("list", len(toy.CARDS), ("enum", cards)), "held": ("array", n, ("num",)),
        "deck": ("num",), "played": ("list", len(toy.CARDS), ("enum", cards)),
    })


def test_a_new_game_is_covered_with_no_edit() -> None:
    # Toy Race, a test-only plug-in, registered here with its tensor layout
    # (GameInfo.tensor, as a game's tensor.py gives it): each of its variants
    # gets an environment name and passes api_test, seed_test and the mask
    # check like the shipped games, with no edit to the adapter.
    import attrs

    before = dict(registry.GAMES)
    import toygame  # registers the toy on its first import

    info = registry.register(attrs.evolve(toygame.INFO, tensor=_toy_layout))
    try:
        names = [name for name, (g, _) in kpz.environments().items() if g == info.id]
        assert len(names) == len(info.config.variants)
        for name in names:
            with strict_warnings(), redirect_stdout(StringIO()):
                api_test(kpz.env_by_name(name, {info.config.players_key: info.min_players}),
                         num_cycles=1000)
                seed_test(lambda name=name: kpz.env_by_name(
                    name, {info.config.players_key: info.max_players}))
            assert check_masks(kpz.env_by_name(name), seed=1, full_every=1) > 0
    finally:  # the registry as it was
        registry.unregister(info.id)
        if info.id in before:
            registry.register(before[info.id])


def test_the_kernel_imports_without_pettingzoo() -> None:
    # The kernel and this module import with no framework; building an
    # environment then says what to install.
    code = ("import sys\n"
            "for name in ('pettingzoo', 'gymnasium', 'numpy'):\n"
            "    sys.modules[name] = None\n"
            "import kernel, kernel.adapters.pettingzoo as kpz\n"
            "assert kpz.environments()\n"
            "try:\n"
            "    kpz.env(kernel.games()[0])\n"
            "except ImportError as exc:\n"
            "    print(exc)\n")
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=120, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    assert kpz.INSTALL in out.stdout


def test_the_readme_example_runs() -> None:
    # docs/examples/pettingzoo_loop.py (the README's PettingZoo section shows
    # it) plays a whole game with masks; its returns are each seat's final
    # money minus its starting money, as the kernel scores the same game.
    out = StringIO()
    with redirect_stdout(out):
        ran = runpy.run_path(str(EXAMPLE), run_name="__main__")
    env, returns = ran["env"], ran["returns"]
    assert not env.agents and "game over" in out.getvalue()
    assert f"money won or lost: {returns}" in out.getvalue()
    outcome = kernel.outcome(env.kernel_state)
    assert outcome is not None
    start = kernel.to_data(kernel.new_game(env.game_id, env.config))[
        kernel.game_info(env.game_id).hooks.score_key]
    assert returns == {kpz.agent_name(s): outcome.scores[s] - start[s]
                       for s in range(len(returns))}


def test_two_variants_under_one_name_are_refused() -> None:
    # Each framework names every registered game and variant once
    # (kernel.adapters.variant_names): a naming that gives two variants one name is
    # refused, saying whose names and which two variants.
    from kernel.adapters import variant_names

    names = variant_names(lambda game, variant: f"{game}/{variant}", "test")
    assert len(names) == sum(len(kernel.game_info(g).config.variants) for g in kernel.games())
    with pytest.raises(ValueError, match=r"^two variants share the test name 'one': "):
        variant_names(lambda game, variant: "one", "test")


@pytest.mark.parametrize("game_id", kernel.games())
def test_infos_name_the_acting_seat_and_the_rules_of_the_last_events(game_id: str) -> None:
    # issue 27: info carries the agent to move and the rule IDs of the events since
    # the last decision, the same as the kernel's own events replayed from the
    # kernel state before that decision
    env = kpz.env(game_id, {"players": kernel.game_info(game_id).min_players})
    env.reset(seed=5)
    rng = random.Random(5)
    for n, agent in enumerate(env.agent_iter()):
        obs, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert info["acting"] is None
            env.step(None)
            continue
        assert info["acting"] == agent
        before = env.unwrapped.kernel_state
        ids = np.flatnonzero(obs["action_mask"])
        action = int(ids[rng.randrange(len(ids))])
        env.step(action)
        result = kernel.apply(before, kernel.action_space(game_id, env.unwrapped.config)
                              .players[action])
        assert isinstance(result, kernel.Applied)
        first = tuple(dict.fromkeys(r for e in result.events for r in e.rules))
        rules = env.infos[agent]["rules"]
        assert rules[:len(first)] == first, (n, rules, first)
        if n > 60:
            break

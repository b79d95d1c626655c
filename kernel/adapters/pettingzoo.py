"""PettingZoo AEC environments for every registered game and variant (extra ``pettingzoo``).

Install with ``pip install 'race-kernel[pettingzoo]'`` (PettingZoo, Gymnasium,
NumPy). The kernel imports without them: this module imports them only when an
environment is built, and says what to install if they are missing.

>>> import kernel
>>> from kernel.adapters import pettingzoo as kpz
>>> env = kpz.env(kernel.games()[0], {"players": 3})          # doctest: +SKIP
>>> env.reset(seed=7)                                          # doctest: +SKIP
>>> for agent in env.agent_iter():                             # doctest: +SKIP
...     obs, reward, terminated, truncated, info = env.last()
...     action = None if terminated or truncated else (
...         env.action_space(agent).sample(obs["action_mask"]))
...     env.step(action)

Every registered game and named variant is covered, with no edit here when a
game is added: :func:`environments` names them all
(``<game id with underscores>_v<version>`` for the variant ``standard``,
``<game id>_<variant>_v<version>`` for any other; the OpenSpiel adapter's
names without ``python_``, with PettingZoo's version suffix), :func:`env`
builds one from a game id, a configuration and a variant (or
:func:`env_by_name` from a name). The version follows PettingZoo's rule that
an environment whose behaviour or spaces change gets a new version: it is 100
x the game's behaviour version + :data:`kernel.adapters.encode.ENCODING_VERSION`
(the version of the observation tensors' encoding), so it changes when either
does: a game ``a-b-2020`` at behaviour version 3 with encoding version 2 is
``a_b_2020_v302``, its variant ``long`` ``a_b_2020_long_v302``.

What the environment is, exactly:

- **Agents**: ``player_0`` ... ``player_<n-1>``; ``player_i`` is the kernel's
  seat ``i``. Chance is no agent: every chance node (deals, draws, dice) is
  resolved inside :meth:`reset` and :meth:`step`, so ``agent_selection`` is
  always the seat to move (``kernel.current_actor``).
- **Chance**: drawn with the kernel's exact sampler
  (:func:`kernel.sample_chance`, one integer draw below the common denominator
  of the exact probabilities) from a ``random.Random`` that ``reset(seed=S)``
  creates anew. The same seed and the same actions give the same game, and the
  same chance draws as ``kernel.play(game, config, S, policy)`` with a policy
  that draws nothing from the generator. ``reset()`` without a seed keeps the
  generator (the first reset without one seeds it from the system, as
  Gymnasium does). ``options`` is accepted (PettingZoo passes it) and unused.
- **Actions**: ``Discrete(len(kernel.action_space(game, config).players))``:
  an action is the id of a seat's decision (the index in that tuple), the
  same for every agent. An id outside the space, or one that is not legal now
  (the kernel rejects it), raises ``ValueError`` naming the kernel's rule; the
  environment is then unchanged. A finished agent is stepped with ``None``
  (anything else raises ``ValueError``, as PettingZoo's ``_was_dead_step``).
- **Observations**: a dict ``{"observation": float32 array, "action_mask":
  int8 array}`` in a ``gymnasium.spaces.Dict`` of two ``Box`` es:
  ``observation`` is :func:`kernel.adapters.encode.observation_tensor` of the
  seat's view (``kernel.observation``: nothing the seat may not see), of the
  fixed shape ``observation_shape(game, config)``; ``action_mask`` has one
  entry per action id, 1 exactly for the ids of ``kernel.legal_actions`` when
  the agent is the one to move, all 0 for any other agent and once the game is
  over (``env.action_mask(agent)`` gives the mask alone, for a loop that
  calls ``last(observe=False)``). ``observation_space(agent)`` and
  ``action_space(agent)`` return the
  same object on every call (one per agent, so seeding one agent's space does
  not move another's).
- **Rewards**: 0 on every step but the one that ends the game. On that step
  every seat receives its final score (``kernel.outcome(...).scores``: money or
  points, the game's ``ScoreSpec``) minus its score on the initial table (the
  initial state's plain data under ``GameHooks.score_key``; 0 when the table
  has no such list): over a whole game, a seat's rewards add up to what its
  score changed by. PettingZoo's ``last()`` returns the rewards accumulated
  since the agent last acted, so every seat sees its reward once, at its
  terminal ``last()``.
- **Termination and truncation**: when the kernel's state is terminal every
  agent is terminated at once (each then steps with ``None`` and leaves
  ``agents``). No registered game need have a bound on its length (see
  ``GameInfo.max_game_length`` and ``truncation``); ``max_steps=N`` truncates
  every agent once N kernel transitions (chance included) have been applied
  without reaching the end, with reward 0 (an unfinished game has no outcome).
  By default (``None``) games run to their end.
- **Infos**: for every agent ``{"acting": <agent to move, or None once the game
  is over or cut short>, "rules": <the rule IDs of the events since the last
  decision, that decision's and the chance draws' after it, in order, each
  once>}`` (rule IDs are no seat's secret; the mask stays in the
  observation, PettingZoo's convention).
- **No parallel API**: no registered game has simultaneous moves (every
  ``GameInfo`` is sequential: one seat or chance acts at a time), so a
  ``ParallelEnv`` would only wrap the AEC one with every agent but one
  passing; PettingZoo's ``aec_to_parallel`` refuses such environments anyway.
- **Render**: ``render_mode="ansi"`` returns, and ``"human"`` prints, the
  game's own text picture of the whole table (its narrator's ``draw``), headed
  by the seat to move; :meth:`close` has nothing to release.
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import kernel
from kernel.adapters import variant_names
from kernel.core import CHANCE, TERMINAL, Action, Applied
from kernel.registry import GameInfo

#: What to install when PettingZoo, Gymnasium or NumPy is missing.
INSTALL = "pip install 'race-kernel[pettingzoo]'"
#: The bounds of the observation tensor's Box (Gymnasium needs finite bounds;
#: the encoding's entries are counts, flags and small integers, far inside them).
OBSERVATION_BOUND = 1_000_000.0
#: The variant whose name the environment's name leaves out.
STANDARD = "standard"
#: ``render_mode`` values: "ansi" returns the text, "human" prints it.
RENDER_MODES = ("ansi", "human")


def agent_name(seat: int) -> str:
    """The agent of a seat: ``player_<seat>``."""
    return f"player_{seat}"


def env_version(game_id: str) -> int:
    """The environments' version: 100 x the game's behaviour version + the encoding
    version (:data:`kernel.adapters.encode.ENCODING_VERSION`, below 100)."""
    from kernel.adapters import encode

    assert 0 < encode.ENCODING_VERSION < 100
    return 100 * kernel.game_info(game_id).version + encode.ENCODING_VERSION


def env_name(game_id: str, variant: str) -> str:
    """``<game id with underscores>[_<variant>]_v<version>`` (no ``_standard``;
    :func:`env_version`)."""
    info = kernel.game_info(game_id)
    if variant not in info.config.variants:
        raise kernel.ConfigError(f"unknown variant {variant!r} of {game_id}; known: "
                                 f"{', '.join(info.config.variants)}")
    suffix = "" if variant == STANDARD else "_" + variant.replace("-", "_")
    return f"{game_id.replace('-', '_')}{suffix}_v{env_version(game_id)}"


def environments() -> dict[str, tuple[str, str]]:
    """Every registered game and named variant: environment name -> (game id, variant)."""
    return variant_names(env_name, "environment")


def configuration(game_id: str, config: Mapping[str, Any] | None = None,
                  variant: str | None = None) -> dict[str, Any]:
    """The kernel configuration of an environment (KERNEL-CONFIG checked).

    The variant's keys (default: the game's first variant), then ``config``'s;
    the players key, if still missing, takes its default, as ``race-kernel
    play`` does.
    """
    info = kernel.game_info(game_id)
    name = next(iter(info.config.variants)) if variant is None else variant
    env_name(game_id, name)  # an unknown variant is a ConfigError
    full: dict[str, Any] = {**info.config.variants[name], **(config or {})}
    key = info.config.players_key
    if key not in full:
        players = info.config.field(key)
        assert players is not None  # registry.check
        full[key] = players.default(full) if callable(players.default) else players.default
    problem = kernel.check_config(game_id, full)
    if problem:
        raise kernel.ConfigError(problem.removesuffix(" [KERNEL-CONFIG]"))
    return full


def _initial_scores(info: GameInfo, state: Any, seats: int) -> tuple[int, ...]:
    """Each seat's score on the initial table (0 when the table has no score list)."""
    table = info.to_data(state).get(info.hooks.score_key)
    if isinstance(table, list) and len(table) == seats and all(type(x) is int for x in table):
        return tuple(table)
    return (0,) * seats


class Table:
    """The kernel side of an environment, with no framework in it: a seeded game.

    It holds the game, the configuration, the action space, the state and the
    chance generator; the PettingZoo class (:func:`env_class`) only translates.
    """

    def __init__(self, game_id: str, config: Mapping[str, Any],
                 max_steps: int | None = None) -> None:
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise ValueError(f"max_steps must be a positive integer or None, not {max_steps!r}")
        self.info: GameInfo = kernel.game_info(game_id)
        self.game_id = game_id
        self.config = dict(config)
        self.space = kernel.action_space(game_id, self.config)
        self.actions: tuple[Action, ...] = self.space.players
        self.max_steps = max_steps
        self.initial = self.info.new_game(self.config)
        self.seats: int = self.info.seats(self.initial)
        self.start_scores = _initial_scores(self.info, self.initial, self.seats)
        self.state: Any = self.initial
        #: ``current_actor(state)``, kept with the state (asked once per transition)
        self.actor: int = self.info.current_actor(self.initial)
        self.steps = 0
        self.rng: random.Random | None = None
        #: The events of the transitions since the last decision (itself included).
        self.events: list[kernel.Event] = []
        #: The id of each action of the space.
        self.ids: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        #: The same by canonical text (a str keeps its hash: the faster lookup).
        self.text_ids: dict[str, int] = {a.text: i for i, a in enumerate(self.actions)}

    def reset(self, seed: int | None) -> None:
        """A new game; ``seed`` (if given) makes a new generator for its chance draws."""
        if seed is not None:
            self.rng = random.Random(seed)
        elif self.rng is None:
            self.rng = random.Random()
        self.state = self.initial
        self.actor = self.info.current_actor(self.initial)
        self.steps = 0
        self.events = []
        self._chance()

    def _chance(self) -> None:
        """Draw chance outcomes until a seat is to move or the game is over (or truncated)."""
        if self.actor != CHANCE:
            return
        info, rng, sample, limit = self.info, self.rng, kernel.sample_chance, self.max_steps
        # a draw is one of the chance outcomes' own actions: apply_legal where the game has it
        outcomes_of, actor_of = info.chance_outcomes, info.current_actor
        apply = info.apply_legal or info.apply
        assert rng is not None
        while self.actor == CHANCE and (limit is None or self.steps < limit):
            outcomes: tuple[tuple[Action, Fraction], ...] = outcomes_of(self.state)
            action = sample(outcomes, rng)
            result = apply(self.state, action)
            if not isinstance(result, Applied):
                raise ValueError(f"{action.text} is not legal now: {result.rule}: "
                                 f"{result.reason}")
            self.state = result.state
            self.actor = actor_of(result.state)
            self.steps += 1
            self.events += result.events

    def _apply(self, action: Action) -> None:
        result = self.info.apply(self.state, action)
        if not isinstance(result, Applied):
            raise ValueError(f"{action.text} is not legal now: {result.rule}: {result.reason}")
        self.state = result.state
        self.actor = self.info.current_actor(result.state)
        self.steps += 1
        self.events = list(result.events)

    @property
    def over(self) -> bool:
        return self.actor == TERMINAL

    @property
    def truncated(self) -> bool:
        return self.max_steps is not None and self.steps >= self.max_steps

    def legal_ids(self) -> list[int]:
        """The ids of the seat to move's legal actions (none once the game is over)."""
        if self.actor in (TERMINAL, CHANCE):  # CHANCE: only in a truncated game
            return []
        ids = self.text_ids
        return [ids[a.text] for a in self.info.legal_actions(self.state)]

    def play(self, action_id: int) -> None:
        """The actor takes action ``action_id``, then chance is drawn (ValueError if illegal)."""
        if not 0 <= action_id < len(self.actions):
            raise ValueError(f"action id {action_id} is outside the action space "
                             f"(0 to {len(self.actions) - 1})")
        self._apply(self.actions[action_id])
        self._chance()

    def rules(self) -> tuple[str, ...]:
        """The rule IDs of :attr:`events`, in order, each once (no seat's secret:
        an event's rules are seen by every seat)."""
        return tuple(dict.fromkeys(r for e in self.events for r in e.rules))

    def rewards(self) -> tuple[int, ...]:
        """Each seat's final score minus its initial one (the game must be over)."""
        outcome = self.info.outcome(self.state)
        assert outcome is not None
        return tuple(s - s0 for s, s0 in zip(outcome.scores, self.start_scores, strict=True))

    def picture(self) -> str:
        """The seat to move and the narrator's picture of the whole table."""
        actor = self.actor
        head = ("game over" if actor == TERMINAL
                else f"to move: {self.info.narrator.seat_name(actor)} ({agent_name(actor)})")
        lines = self.info.narrator.draw(self.info.to_data(self.state))
        return "\n".join([f"{self.info.name}, step {self.steps}; {head}", *lines])


def _require() -> None:
    """Import the frameworks, or say what to install (ImportError)."""
    try:
        for name in ("pettingzoo", "gymnasium", "numpy"):
            importlib.import_module(name)
    except ImportError as exc:
        raise ImportError(f"kernel.adapters.pettingzoo needs PettingZoo, Gymnasium and "
                          f"NumPy ({exc}): {INSTALL}") from exc


@functools.cache
def env_class() -> Any:
    """The AEC environment class (PettingZoo's ``AECEnv``), built on first use."""
    _require()
    import gymnasium
    import numpy as np

    from kernel.adapters import encode

    # PettingZoo ships no type information: its base class is Any to mypy either way
    AECEnv: Any = importlib.import_module("pettingzoo").AECEnv

    class RaceKernelEnv(AECEnv):  # type: ignore[misc]
        """A registered game as a PettingZoo AEC environment (see the module's doc)."""

        agent_selection: str

        def __init__(self, game_id: str, config: Mapping[str, Any] | None = None, *,
                     variant: str | None = None, max_steps: int | None = None,
                     render_mode: str | None = None) -> None:
            super().__init__()
            if render_mode is not None and render_mode not in RENDER_MODES:
                raise ValueError(f"render_mode must be None or one of {list(RENDER_MODES)}, "
                                 f"not {render_mode!r}")
            info = kernel.game_info(game_id)
            name = next(iter(info.config.variants)) if variant is None else variant
            full = configuration(game_id, config, name)
            self.table = Table(game_id, full, max_steps)
            self.variant = name
            self.render_mode = render_mode
            self.metadata = {"render_modes": list(RENDER_MODES), "is_parallelizable": False,
                             "name": env_name(game_id, name)}
            self.possible_agents = [agent_name(s) for s in range(self.table.seats)]
            self._seat = {a: s for s, a in enumerate(self.possible_agents)}
            shape = tuple(encode.observation_shape(game_id, full))
            n = len(self.table.actions)
            self._shape = shape
            # The observation tensor of the last (state, seat) observed, kept up
            # to date by re-encoding only what changed (encode.Memo); observe()
            # hands out copies of it.
            self._memo = encode.Memo(encode.encoder(game_id, full))
            self._tensor = np.frombuffer(self._memo.tensor, np.float32)
            assert self._tensor.shape == shape
            self._observed: tuple[Any, int] | None = None
            self._n = n
            self.observation_spaces = {a: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(
                    -OBSERVATION_BOUND, OBSERVATION_BOUND, shape, np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8),
            }) for a in self.possible_agents}
            self.action_spaces = {a: gymnasium.spaces.Discrete(n)
                                  for a in self.possible_agents}
            self.agents: list[str] = []

        # ---------------------------------------------------------------- spaces

        def observation_space(self, agent: str) -> Any:
            return self.observation_spaces[agent]

        def action_space(self, agent: str) -> Any:
            return self.action_spaces[agent]

        # ------------------------------------------------------------ the kernel

        @property
        def game_id(self) -> str:
            return self.table.game_id

        @property
        def config(self) -> dict[str, Any]:
            """The kernel configuration (a copy)."""
            return dict(self.table.config)

        @property
        def kernel_state(self) -> Any:
            """The kernel's state now (a frozen value: reading it changes nothing)."""
            return self.table.state

        # ------------------------------------------------------------------- AEC

        def reset(self, seed: int | None = None,
                  options: Mapping[str, Any] | None = None) -> None:
            self.table.reset(seed)
            self.agents = self.possible_agents[:]
            self.rewards = dict.fromkeys(self.agents, 0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos: dict[str, dict[str, Any]] = {}
            self._after_move()

        def observe(self, agent: str) -> dict[str, Any]:
            # encode.observation_tensor(game, config, state, seat), re-encoding only
            # the keys of kernel.observation that changed since the last call
            table = self.table
            seat = self._seat[agent]
            state = table.state
            observed = self._observed
            if observed is None or observed[0] is not state or observed[1] != seat:
                self._observed = None  # the memo's tensor is another one's if update raises
                self._memo.update(table.info.observation(state, seat))
                self._observed = (state, seat)
            return {"observation": self._tensor.copy(), "action_mask": self.action_mask(agent)}

        def action_mask(self, agent: str) -> Any:
            """The agent's action mask alone (``observe(agent)["action_mask"]``), for a
            loop that does not need the observation tensor (``last(observe=False)``)."""
            table = self.table
            # filled as bytes, then viewed (a new, writable array; no NumPy call
            # per action)
            mask = bytearray(self._n)
            if table.actor == self._seat[agent] and not table.truncated:
                ids = table.text_ids
                for action in table.info.legal_actions(table.state):
                    mask[ids[action.text]] = 1
            return np.frombuffer(mask, np.int8)

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            if type(action) is not int and (isinstance(action, bool)
                                            or not isinstance(action, np.integer)):
                raise ValueError(f"{agent}: an action is an action id (an integer), "
                                 f"not {action!r}")
            table = self.table
            table.play(int(action))
            self._cumulative_rewards[agent] = 0
            if table.actor >= 0 and not table.truncated:
                # a seat is to move: no reward yet (every reward is still 0, so
                # _clear_rewards and _accumulate_rewards would change nothing)
                self.agent_selection = self.possible_agents[table.actor]
                self._set_infos()
            else:
                self._clear_rewards()
                self._after_move()
                self._accumulate_rewards()
            if self.render_mode == "human":
                self.render()

        def _set_infos(self) -> None:
            # the acting seat (None once over or cut short) and the rule IDs of the
            # events since the last decision; the mask stays in the observation
            table = self.table
            acting = (self.possible_agents[table.actor]
                      if table.actor >= 0 and not table.truncated else None)
            rules = table.rules()
            self.infos = {a: {"acting": acting, "rules": rules} for a in self.agents}

        def _after_move(self) -> None:
            self._set_infos()
            table = self.table
            if table.over:
                for agent, reward in zip(self.agents, table.rewards(), strict=True):
                    self.rewards[agent] = reward
                self.terminations = dict.fromkeys(self.agents, True)
                self.agent_selection = self.agents[0]
            elif table.truncated:
                self.truncations = dict.fromkeys(self.agents, True)
                self.agent_selection = self.agents[0]
            else:
                self.agent_selection = self.possible_agents[table.actor]

        def render(self) -> str | None:
            if self.render_mode is None:
                gymnasium.logger.warn("render() needs render_mode 'ansi' or 'human'")
                return None
            text = self.table.picture()
            if self.render_mode == "human":
                print(text)
                return None
            return text

        def close(self) -> None:
            """Nothing to release (no window, no file)."""

    return RaceKernelEnv


def env(game_id: str, config: Mapping[str, Any] | None = None, *, variant: str | None = None,
        max_steps: int | None = None, render_mode: str | None = None) -> Any:
    """The AEC environment of a registered game (see the module's doc).

    ``config`` holds kernel configuration keys (``{"players": 3}``) over the
    variant's (default: the game's first variant); ``max_steps`` truncates
    after that many kernel transitions, chance included (None: never).
    ConfigError (KERNEL-CONFIG) for an unknown game, variant or a bad value.
    """
    return env_class()(game_id, config, variant=variant, max_steps=max_steps,
                       render_mode=render_mode)


def env_by_name(name: str, config: Mapping[str, Any] | None = None, **kw: Any) -> Any:
    """The environment :func:`environments` names ``name`` (KeyError for another name)."""
    game_id, variant = environments()[name]
    return env(game_id, config, variant=variant, **kw)

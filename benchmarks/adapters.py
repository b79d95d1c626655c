"""Seeded random games through the framework adapters and through the kernel, side by side.

Usage: python benchmarks/adapters.py [--games N] [--game ID ...] [--all-variants]
       [--players N] [--rounds R] [--warmup W] [--loops NAME ...]

For every registered game (its first variant, or every variant with
``--all-variants``; at its fewest players unless ``--players``), N seeded
random games (uniformly random legal actions, chance by its probabilities)
are played these ways in one process, one after the other and R rounds
over (the figures are the sums), after W untimed rounds (default 1: the
kernel's memo caches and the adapters' are warm, as in a long run, whichever
loop comes first):

- ``kernel``: the kernel's own loop, the least an adapter must do: the game's
  ``current_actor``, ``chance_outcomes`` with ``kernel.sample_chance``,
  ``legal_actions`` and ``apply`` (``kernel.play`` less its trace);
- ``kernel+obs``: the same loop, plus ``kernel.observation`` of the seat to
  move at each decision: the least an adapter that hands out observations
  must do (the floor of the ``pettingzoo`` loop, what the game's observation
  costs before any encoding);
- ``pettingzoo``: the AEC environment of :mod:`kernel.adapters.pettingzoo`,
  the loop of its documentation: ``last()`` (the observation tensor and the
  action mask of the agent to move) and ``step`` with a random id of the mask
  (chance drawn inside ``step``);
- ``pz-masks``: the same loop without the observation tensor:
  ``last(observe=False)`` and ``env.action_mask(agent)`` (what the adapter
  itself costs, the encoding of observations left out);
- ``openspiel``: the pyspiel Python game of :mod:`kernel.adapters.openspiel`:
  ``new_initial_state``, ``chance_outcomes`` sampled from their float
  probabilities, ``legal_actions`` and ``apply_action``.

A framework that is not installed is left out, saying so. Prints games and
transitions (kernel transitions, chance included) per second of CPU time of
this process (immune to other load on the machine), and each adapter's
overhead: its CPU time per transition over the kernel loop's (target: at most
1.3x); the ``pettingzoo`` loop's also over ``kernel+obs`` (what the adapter
adds to the game's own observations). ``--loops`` runs only the loops named
(the kernel loop always). Tests never assert timings; compare in one run.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any, Final

import kernel
from kernel.core import CHANCE, TERMINAL

Loop = Callable[[str, str, Mapping[str, Any], range], int]


def kernel_loop(game: str, variant: str, config: Mapping[str, Any], seeds: range) -> int:
    """The kernel's own loop; returns the transitions made."""
    info = kernel.game_info(game)
    actor_of, outcomes_of, legal_of, apply = (
        info.current_actor, info.chance_outcomes, info.legal_actions, info.apply)
    sample = kernel.sample_chance
    transitions = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = info.new_game(config)
        while (actor := actor_of(state)) != TERMINAL:
            if actor == CHANCE:
                action = sample(outcomes_of(state), rng)
            else:
                legal = legal_of(state)
                action = legal[rng.randrange(len(legal))]
            state = apply(state, action).state  # type: ignore[union-attr]
            transitions += 1
    return transitions


def kernel_observe_loop(game: str, variant: str, config: Mapping[str, Any],
                        seeds: range) -> int:
    """The kernel's own loop and the observation of the seat to move at each decision."""
    info = kernel.game_info(game)
    actor_of, outcomes_of, legal_of, apply, observe = (
        info.current_actor, info.chance_outcomes, info.legal_actions, info.apply,
        info.observation)
    sample = kernel.sample_chance
    transitions = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = info.new_game(config)
        while (actor := actor_of(state)) != TERMINAL:
            if actor == CHANCE:
                action = sample(outcomes_of(state), rng)
            else:
                observe(state, actor)
                legal = legal_of(state)
                action = legal[rng.randrange(len(legal))]
            state = apply(state, action).state  # type: ignore[union-attr]
            transitions += 1
    return transitions


def pettingzoo_loop(game: str, variant: str, config: Mapping[str, Any], seeds: range) -> int:
    """Through the PettingZoo AEC environment; returns the kernel transitions made."""
    import numpy as np

    from kernel.adapters import pettingzoo as kpz

    env = kpz.env(game, config, variant=variant)
    flat = np.flatnonzero
    transitions = 0
    for seed in seeds:
        rng = random.Random(seed)
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            ids = flat(obs["action_mask"])
            env.step(int(ids[rng.randrange(len(ids))]))
        transitions += env.table.steps
    return transitions


def pettingzoo_masks_loop(game: str, variant: str, config: Mapping[str, Any],
                          seeds: range) -> int:
    """Through the PettingZoo environment, masks only (no observation tensor)."""
    import numpy as np

    from kernel.adapters import pettingzoo as kpz

    env = kpz.env(game, config, variant=variant)
    flat = np.flatnonzero
    transitions = 0
    for seed in seeds:
        rng = random.Random(seed)
        env.reset(seed=seed)
        for agent in env.agent_iter():
            _obs, _reward, terminated, truncated, _info = env.last(observe=False)
            if terminated or truncated:
                env.step(None)
                continue
            ids = flat(env.action_mask(agent))
            env.step(int(ids[rng.randrange(len(ids))]))
        transitions += env.table.steps
    return transitions


def openspiel_loop(game: str, variant: str, config: Mapping[str, Any], seeds: range) -> int:
    """Through the OpenSpiel Python game; returns the transitions made."""
    # pyspiel ships no type information
    pyspiel = importlib.import_module("pyspiel")
    kos = importlib.import_module("kernel.adapters.openspiel")

    params = {k: v for k, v in config.items() if k in kos.parameters(game, variant)
              and type(v) in (int, str, bool)}
    spiel_game = pyspiel.load_game(kos.name_of(game, variant), params)
    transitions = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                r, acc = rng.random(), 0.0
                outcomes = state.chance_outcomes()
                action = outcomes[-1][0]
                for a, p in outcomes:
                    acc += p
                    if r < acc:
                        action = a
                        break
                state.apply_action(action)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            transitions += 1
    return transitions


#: The loops' names, in the order they run.
LOOPS: Final = ("kernel", "kernel+obs", "pettingzoo", "pz-masks", "openspiel")


def _available() -> dict[str, Loop | str]:
    """The loops to run: a loop, or why it is left out (imports done before timing)."""
    loops: dict[str, Loop | str] = {"kernel": kernel_loop, "kernel+obs": kernel_observe_loop}
    try:
        from kernel.adapters import pettingzoo as kpz
        kpz.env_class()
        loops["pettingzoo"] = pettingzoo_loop
        loops["pz-masks"] = pettingzoo_masks_loop
    except ImportError as exc:
        loops["pettingzoo"] = f"left out ({exc})"
    try:
        importlib.import_module("kernel.adapters.openspiel")
        loops["openspiel"] = openspiel_loop
    except ImportError as exc:
        loops["openspiel"] = f"left out ({exc}): pip install 'race-kernel[openspiel]'"
    return loops


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=20, help="seeded games per loop and round")
    p.add_argument("--game", nargs="*", default=[], help="game ids (default: every game)")
    p.add_argument("--all-variants", action="store_true", help="every named variant")
    p.add_argument("--players", type=int, help="seats (default: each game's fewest)")
    p.add_argument("--rounds", type=int, default=2,
                   help="rounds of the loops, one after the other (default 2)")
    p.add_argument("--warmup", type=int, default=1,
                   help="untimed rounds of the loops first (default 1)")
    p.add_argument("--loops", nargs="*", default=[],
                   help=f"the loops to run (default: every one; {', '.join(LOOPS)}); "
                        f"the kernel loop, every ratio's base, always runs")
    args = p.parse_args(argv)
    wrong = [name for name in args.loops if name not in LOOPS]
    if wrong:
        p.error(f"unknown loop {wrong[0]!r}: one of {', '.join(LOOPS)}")
    games = args.game or list(kernel.games())
    unknown = [g for g in games if g not in kernel.games()]
    if unknown:
        p.error(f"unknown game {unknown[0]!r}: one of {', '.join(kernel.games())}")
    loops = {name: loop for name, loop in _available().items()
             if not args.loops or name == "kernel" or name in args.loops}
    print(f"{args.games} seeded random games per loop, game and round, {args.rounds} rounds "
          f"after {args.warmup} untimed; "
          f"CPU time of one process; Python {platform.python_version()} on "
          f"{platform.machine()}")
    for name, loop in loops.items():
        if isinstance(loop, str):
            print(f"  {name}: {loop}")
    totals: dict[str, list[float]] = {}
    for game in games:
        info = kernel.game_info(game)
        variants = list(info.config.variants) if args.all_variants else (
            list(info.config.variants)[:1])
        for variant in variants:
            players = args.players or info.min_players
            config = {**info.config.variants[variant], info.config.players_key: players}
            seeds = range(args.games)
            figures: dict[str, list[float]] = {}
            for _ in range(args.warmup):
                for loop in loops.values():
                    if not isinstance(loop, str):
                        loop(game, variant, config, seeds)
            for _ in range(args.rounds):
                for name, loop in loops.items():
                    if isinstance(loop, str):
                        continue
                    start = time.process_time()
                    transitions = loop(game, variant, config, seeds)
                    cpu = time.process_time() - start
                    row = figures.setdefault(name, [0, 0, 0.0])
                    row[0] += len(seeds)
                    row[1] += transitions
                    row[2] += cpu
                    total = totals.setdefault(name, [0, 0, 0.0])
                    total[0] += len(seeds)
                    total[1] += transitions
                    total[2] += cpu
            print(f"{game} ({variant}, {players} players):")
            _print(figures)
    print("all games:")
    _print(totals)
    return 0


def _print(figures: Mapping[str, list[float]]) -> None:
    base = figures.get("kernel")
    per_base = base[2] / base[1] if base and base[1] else None
    floor = figures.get("kernel+obs")
    per_floor = floor[2] / floor[1] if floor and floor[1] else None
    for name, (g, t, cpu) in figures.items():
        ratio = "" if name == "kernel" or per_base is None or not t else (
            f"; {cpu / t / per_base:.2f}x the kernel's CPU per transition")
        if name == "pettingzoo" and per_floor is not None and t:
            ratio += f" ({cpu / t / per_floor:.2f}x kernel+obs)"
        print(f"  {name:<10} {int(g):>5} games {int(t):>8} transitions  CPU {cpu:6.2f} s: "
              f"{g / cpu:8.1f} games/s {t / cpu:10,.0f} transitions/s{ratio}")


if __name__ == "__main__":
    sys.exit(main())

"""One agent step through OpenSpiel's ``rl_environment``, information-state tensor against
observation tensor, side by side (issue 27).

Usage: python benchmarks/rl_environment.py [--steps N] [--rounds R] [--players P] [NAME ...]

For every registered OpenSpiel name (or the names given), ``rl_environment.
Environment(name, observation_type=...)`` is stepped N times with uniformly
random legal actions and chance outcomes from the same seed, so that both
kinds play the same games (``reset`` when a game ends), once with
``INFORMATION_STATE`` and once with ``OBSERVATION``, R rounds in turn in this
one process; prints the CPU time per agent step of each (the least of the
rounds) and their ratio (target: the information state within 2x). The
environment builds the tensor of every seat at every step. Tests never assert
timings; compare in one run.
"""

from __future__ import annotations

import argparse
import random
import time

from open_spiel.python import rl_environment as rle

import kernel.adapters.openspiel as ko


def per_step(name: str, kind: object, steps: int, players: int, seed: int = 0) -> float:
    """CPU milliseconds per agent step."""
    # the chance outcomes seeded too: both kinds play the same games
    env = rle.Environment(name, observation_type=kind, players=players,
                          chance_event_sampler=rle.ChanceEventSampler(seed))
    rng = random.Random(seed)
    n = 0
    start = time.process_time()
    ts = env.reset()
    while n < steps:
        if ts.last():
            ts = env.reset()
            continue
        player = ts.observations["current_player"]
        ts = env.step([rng.choice(ts.observations["legal_actions"][player])])
        n += 1
    return (time.process_time() - start) / steps * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    for name in args.names or sorted(ko.names()):
        info, obs = [], []
        for _ in range(args.rounds):
            info.append(per_step(name, rle.ObservationType.INFORMATION_STATE, args.steps,
                                 args.players))
            obs.append(per_step(name, rle.ObservationType.OBSERVATION, args.steps,
                                args.players))
        print(f"{name}: information state {min(info):.2f} ms/step, observation "
              f"{min(obs):.2f} ms/step, ratio {min(info) / min(obs):.2f}")


if __name__ == "__main__":
    main()

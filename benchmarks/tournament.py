"""Tournament throughput: games per core-second through the referee, and what a
campaign of a core-hour (or a cluster of N cores for an hour) holds.

Usage: python benchmarks/tournament.py [--game ID ...] [--bots A,B] [--games N]
       [--players N] [--workers W] [--seed S]

For every registered game (or those named), at its default number of
players, a tournament of about N games (default 40) between the bots
(default ``random,first``) is played in this process (one core), and, with
``--workers W`` (W > 1), again over W local processes. Prints per game the
games per core-second (the games' own CPU time, from :func:`time.process_time`
in the worker, so other load on the machine does not count), the games of one
core-hour, and the wall-clock games per second of the W-process run with the
speed-up over one process. A cluster of N cores is, on paper, N times the
core-hour figure (games are independent tasks: the runner's cost per game is
one small message each way). Tests never assert timings.
"""

from __future__ import annotations

import argparse
import time

import kernel
from kernel.tournament import core


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", action="append", default=None)
    p.add_argument("--bots", default="random,first")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    bots = [b for b in args.bots.split(",") if b]
    print(f"{'game':<26} {'players':>7} {'games':>5} {'games/core-s':>12} "
          f"{'games/core-h':>12} {'steps/game':>10}" +
          (f" {'wall games/s':>12} {'speed-up':>8}" if args.workers > 1 else ""))
    for game in args.game or kernel.games():
        info = kernel.game_info(game)
        field = info.config.field(info.config.players_key)
        assert field is not None
        players = args.players or field.default
        config = {info.config.players_key: players}
        cpu = time.process_time()
        one = core.tournament(game, config, bots, seed=args.seed, games=args.games)
        cpu = time.process_time() - cpu
        n = one.data["tournament"]["games"]
        steps = sum(g["steps"] for g in one.data["games"]) / n
        line = (f"{game:<26} {players:>7} {n:>5} {n / cpu:>12.2f} {3600 * n / cpu:>12,.0f} "
                f"{steps:>10.0f}")
        if args.workers > 1:
            wall = time.monotonic()
            many = core.tournament(game, config, bots, seed=args.seed, games=args.games,
                                   workers=args.workers)
            wall = time.monotonic() - wall
            assert many.to_json() == one.to_json()
            line += f" {n / wall:>12.2f} {(n / wall) / one.timings['games_per_second']:>7.2f}x"
        print(line, flush=True)


if __name__ == "__main__":
    main()

"""Seeded random games: every game must finish, with every invariant checked on every state.

Usage: python benchmarks/random_games.py [--games N] [--players 2 3 4 5 6] [--game ID]

Every state is built through its invariant checks (a state that breaks one
cannot exist); the loop also re-asks ``violations`` of the final state and
checks the outcome. Prints games per second and transitions per second, per
player count and overall, on one core (this process).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

import kernel


def run(game: str, players: int, games: int) -> tuple[int, float]:
    transitions = 0
    start = time.perf_counter()
    for seed in range(games):
        trace = kernel.play(game, {"players": players}, seed)
        final = trace.final
        out = kernel.outcome(final)
        if out is None or kernel.violations(final):
            raise SystemExit(f"seed {seed}, {players} players: no outcome or broken invariant")
        transitions += len(trace.steps)
    return transitions, time.perf_counter() - start


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="camel-up-cards-2016")
    p.add_argument("--games", type=int, default=2000, help="games per player count")
    p.add_argument("--players", type=int, nargs="*")
    args = p.parse_args()
    info = kernel.game_info(args.game)
    counts = args.players or list(range(info.min_players, info.max_players + 1))
    print(f"{args.game} v{info.version}, {args.games} seeded games per player count, "
          f"Python {platform.python_version()} on {platform.machine()}")
    total_t = 0
    total_s = 0.0
    total_g = 0
    for n in counts:
        t, secs = run(args.game, n, args.games)
        total_t += t
        total_s += secs
        total_g += args.games
        print(f"  {n} players: {args.games} games finished, {t} transitions, {secs:.1f} s, "
              f"{args.games / secs:.1f} games/s, {t / secs:,.0f} transitions/s, "
              f"{t / args.games:.0f} transitions/game")
    print(f"  all: {total_g} games, {total_t} transitions, {total_s:.1f} s, "
          f"{total_g / total_s:.1f} games/s, {total_t / total_s:,.0f} transitions/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Seeded random games: every game must finish, with every invariant checked on every state.

Usage: python benchmarks/random_games.py [--game ID] [--games N] [--players 2 3 4 5 6]
       [--variant NAME ...] [--all-variants]

Every state is built through its invariant checks (a state that breaks one
cannot exist); the loop also re-asks ``violations`` of the final state and
checks the outcome. Prints games per second and transitions per second, per
player count and overall, on one core (this single-threaded process): per
second of CPU time (immune to other load on the machine) and of wall time.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

import kernel


def run(game: str, config: dict[str, object], games: int) -> tuple[int, float, float]:
    transitions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for seed in range(games):
        trace = kernel.play(game, config, seed)
        final = trace.final
        out = kernel.outcome(final)
        if out is None or kernel.violations(final):
            raise SystemExit(f"seed {seed}, {config}: no outcome or broken invariant")
        transitions += len(trace.steps)
    return transitions, time.process_time() - cpu, time.perf_counter() - start


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="camel-up-cards-2016")
    p.add_argument("--games", type=int, default=2000, help="games per player count")
    p.add_argument("--players", type=int, nargs="*")
    p.add_argument("--variant", nargs="*", default=[],
                   help="the game's named variants to run (default: its first)")
    p.add_argument("--all-variants", action="store_true", help="every named variant")
    args = p.parse_args()
    info = kernel.game_info(args.game)
    counts = args.players or list(range(info.min_players, info.max_players + 1))
    names = list(info.config.variants) if args.all_variants else (
        args.variant or list(info.config.variants)[:1])
    unknown = [v for v in names if v not in info.config.variants]
    if unknown:
        p.error(f"unknown variant {unknown[0]!r}: one of {', '.join(info.config.variants)}")
    print(f"{args.game} v{info.version}, {args.games} seeded games per player count "
          f"and variant, Python {platform.python_version()} on {platform.machine()}")
    total_t = 0
    total_cpu = 0.0
    total_wall = 0.0
    total_g = 0
    for name, n in ((v, n) for v in names for n in counts):
        config = {info.config.players_key: n, **info.config.variants[name]}
        t, cpu, wall = run(args.game, config, args.games)
        total_t += t
        total_cpu += cpu
        total_wall += wall
        total_g += args.games
        print(f"  {name}, {n} players: {args.games} games finished, {t} transitions "
              f"({t / args.games:.0f}/game); CPU {cpu:.1f} s: {args.games / cpu:.1f} games/s, "
              f"{t / cpu:,.0f} transitions/s; wall {wall:.1f} s: {t / wall:,.0f} transitions/s")
    print(f"  all: {total_g} games, {total_t} transitions; CPU {total_cpu:.1f} s: "
          f"{total_g / total_cpu:.1f} games/s, {total_t / total_cpu:,.0f} transitions/s; "
          f"wall {total_wall:.1f} s: {total_t / total_wall:,.0f} transitions/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Camel Up 2nd edition (2018): the exact leg odds' speed, and the race estimate by simulation.

Usage: python benchmarks/odds_2018.py [--runs 7] [--races 2000] [--games 1000] [--brute]
       [--exact]

1. The exact full-leg place distribution and race-end probability, all six
   dice in the pyramid (5 reveals), for the stacked start (blue, green, red,
   yellow, purple on space 1 bottom to top; white then black on 6) and the
   spread start (blue, green on 1; red, yellow on 2; purple on 3; white on
   14; black on 16): the median and best CPU time of ``--runs`` calls (this
   single-threaded process, so one core) and the best wall time.
   ``--exact`` stops there (for a side-by-side run against another checkout:
   ``PYTHONPATH=CHECKOUT python benchmarks/odds_2018.py --exact``).
2. The full EV table of each (every bet, the pyramid ticket, every legal
   tile placement and side: each placement is another chance tree).
3. ``--brute``: the full-leg brute force (every one of the 320,760 reveal
   sequences, odds_brute.py, movement.reveal) agrees exactly (slow).
4. The overall winner and loser of the race by seeded simulation, dice only,
   with the kernel's own sampler (``kernel.api.sample_chance``) and 95%
   Wilson intervals: from the stacked start (odds.simulate_race), and whole
   games of the registered game (``kernel.play`` with a policy that always
   takes the pyramid ticket): its setup (CU2-SETUP-RACING: shared starting
   stacks in random order) treats the colours alike, so each camel should win
   and lose 20% of the races (a check; at 95% one of the ten intervals may
   miss it by chance).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from kernel.games.camel_up_2018.movement import CRAZY, DICE, RACING, board_of, ranking
from kernel.games.camel_up_2018.odds import (
    Position,
    count_leg,
    ev_table,
    leg_odds,
    simulate_race,
    wilson,
)
from kernel.games.camel_up_2018.odds_brute import brute_odds

T = TypeVar("T")

STACKED = board_of({1: RACING, 6: CRAZY})
SPREAD = board_of({1: ("blue", "green"), 2: ("red", "yellow"), 3: ("purple",),
                   14: ("white",), 16: ("black",)})


def best(fn: Callable[[], T], runs: int) -> tuple[T, float, float]:
    """The result and the best wall and CPU seconds of ``runs`` calls."""
    result, wall, cpus = timed(fn, runs)
    return result, wall, min(cpus)


def timed(fn: Callable[[], T], runs: int) -> tuple[T, float, list[float]]:
    """The result, the best wall seconds and every call's CPU seconds of ``runs``
    calls (after one call not counted)."""
    wall = float("inf")
    cpus: list[float] = []
    result = fn()
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        result = fn()
        wall = min(wall, time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return result, wall, cpus


def exact(runs: int, brute: bool, only: bool = False) -> None:
    for name, board in (("stacked start", STACKED), ("spread start", SPREAD)):
        pos = Position(board, DICE, ())
        odds, wall, cpus = timed(partial(leg_odds, pos), runs)
        print(f"{name}: full leg (6 dice, 5 reveals) place distribution + race end: "
              f"{runs} runs: CPU median {statistics.median(cpus) * 1000:.1f} ms, best "
              f"{min(cpus) * 1000:.1f} ms; best wall {wall * 1000:.1f} ms")
        if only:
            continue
        counts = count_leg(board, DICE)
        print(f"  denominator {counts.total}, {len(counts.rankings)} final rankings, "
              f"P(race ends) = {odds.race_ends}")
        print("  P(1st): " + ", ".join(f"{c} {odds.place[c][0]} ({float(odds.place[c][0]):.2%})"
                                       for c in RACING))
        table, wall, cpu = best(partial(ev_table, pos), 1)
        print(f"  full EV table: {len(table)} actions, {wall:.2f} s wall, {cpu:.2f} s CPU; "
              f"best: {max(table, key=lambda a: table[a])}")
        if brute:
            w = time.perf_counter()
            slow = brute_odds(board, DICE, ())
            same = (slow.place == odds.place and slow.race_ends == odds.race_ends
                    and slow.place_if_ends == odds.place_if_ends)
            print(f"  brute force: {slow.sequences} reveal sequences in "
                  f"{time.perf_counter() - w:.1f} s: {'agrees exactly' if same else 'DIFFERS'}")


def _pyramid_policy(state: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
    for action in legal:
        if action.text == "pyramid":
            return action
    return legal[rng.randrange(len(legal))]


def _line(name: str, hits: dict[str, int], runs: int) -> str:
    parts = []
    for c in RACING:
        p, lo, hi = wilson(hits[c], runs)
        parts.append(f"{c} {p:.1%} [{lo:.1%}, {hi:.1%}]")
    return f"  {name}: " + ", ".join(parts)


def simulated(races: int, games: int) -> None:
    w = time.perf_counter()
    e = simulate_race(Position(STACKED, DICE, ()), races, 2018)
    print(f"stacked start, {races} seeded races (seed 2018, dice only, kernel.api.sample_chance), "
          f"{time.perf_counter() - w:.1f} s, 95% Wilson intervals:")
    print(_line("winner", {c: round(e.winner[c][0] * races) for c in RACING}, races))
    print(_line("loser", {c: round(e.loser[c][0] * races) for c in RACING}, races))
    try:
        import kernel
    except Exception as exc:  # pragma: no cover - the kernel is this repository
        print(f"whole games: could not import the kernel ({exc})")
        return
    if "camel-up-2018" not in kernel.games():
        print("whole games: camel-up-2018 is not registered yet: not run")
        return
    wins = dict.fromkeys(RACING, 0)
    losses = dict.fromkeys(RACING, 0)
    w = time.perf_counter()
    for seed in range(games):
        trace = kernel.play("camel-up-2018", {"players": 3}, seed, _pyramid_policy)
        track = kernel.to_data(trace.final)["track"]
        order = ranking(board_of({cell: tuple(stack) for cell, stack in enumerate(track)
                                  if stack}))
        wins[order[0]] += 1
        losses[order[-1]] += 1
    print(f"whole games (kernel.play, 3 players, every seat takes the pyramid ticket), "
          f"{games} seeds, {time.perf_counter() - w:.1f} s, 95% Wilson intervals "
          f"(20% each expected by symmetry):")
    print(_line("winner", wins, games))
    print(_line("loser", losses, games))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=7, help="timed runs per position (best taken)")
    p.add_argument("--races", type=int, default=2000, help="simulated races from the position")
    p.add_argument("--games", type=int, default=1000, help="whole seeded games of the game")
    p.add_argument("--brute", action="store_true", help="also the full-leg brute force (slow)")
    p.add_argument("--exact", action="store_true",
                   help="only the two full-leg timings (no EV table, no simulation)")
    args = p.parse_args()
    print(f"camel-up-2018 exact odds, Python {platform.python_version()} "
          f"({platform.python_implementation()}) on {platform.machine()}, one process")
    exact(args.runs, args.brute, args.exact)
    if args.exact:
        return 0
    simulated(args.races, args.games)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The card games' exact odds from a seat (CUC-ODDS, CUG-ODDS) against brute force and simulation.

Usage: python scripts/odds_cards_check.py [--seeds 6] [--runs 2000] [--positions 4]

1. Brute force (``kernel/engines/camel_cards/odds_brute.py``, the kernel's
   public API only): windows of seeded games from a seat's first racing-deck
   choice of a leg (the first such leg, or with ``--late`` the last, where the
   race may end) to the leg's play with 3 or 4 cards left, for 2 to 5
   players of both games, seen by seat 0 (the window's start is known to it;
   the other seats' choices and the random cards are not). Every history
   consistent with what the seat saw, every way the rest of the leg goes:
   the places and P(race ends) must equal ``kernel.seat_odds`` exactly.
   Positions the brute force cannot walk within its limit are skipped (told).
2. Simulation: mid-leg positions of whole seeded games (half the leg's deck
   left), ``--runs`` plays of the rest of the leg each from a history drawn by
   ``kernel.resample``: how many of the exact place probabilities (and
   P(race ends)) lie in their 95% Wilson intervals (about 95% should).

Exit code 1 when an exact comparison differs.
"""

from __future__ import annotations

import argparse
import sys
import time

import attrs

import kernel
from kernel.api import Trace
from kernel.engines.camel_cards import odds_brute as brute

GAMES = ("camel-up-cards-2016", "camel-up-card-game-2023")


def window(history: Trace, start: int, stop: int) -> Trace:
    initial = history.initial if start == 0 else history.steps[start - 1].state
    return Trace(history.game, history.version, history.config, history.seed, initial,
                 history.steps[start:stop])


def small(game: str, players: int, seed: int, left: int, late: bool = False) -> Trace | None:
    """A window from the last seat's first racing-deck choice of a leg (the first leg
    with one, or with ``late`` the last) to its play with ``left`` cards left."""
    full = kernel.play(game, {"players": players}, seed)
    data = [kernel.to_data(s) for s in (full.initial, *(st.state for st in full.steps))]
    starts = range(20, len(full.steps))
    for start in reversed(starts) if late else starts:
        if data[start]["phase"] == "deck" and data[start]["turn"] == players - 1:
            for stop in range(start, len(full.steps)):
                if data[stop + 1]["leg"] != data[start]["leg"]:
                    break
                if data[stop + 1]["phase"] == "play" and len(data[stop + 1]["deck"]) == left:
                    return window(full, start, stop + 1)
    return None


def mid_leg(game: str, players: int, seed: int) -> tuple[Trace, int] | None:
    full = kernel.play(game, {"players": players}, seed)
    sizes: dict[int, int] = {}
    for i, st in enumerate(full.steps):
        d = kernel.to_data(st.state)
        if d["phase"] == "play" and d["leg"] == 2:
            sizes.setdefault(len(d["deck"]), i)
    if not sizes:
        return None
    cut = sizes.get(max(sizes) // 2)
    if cut is None:
        return None
    history = attrs.evolve(full, steps=full.steps[:cut + 1])
    return history, max(kernel.current_actor(history.final), 0)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seeds", type=int, default=6)
    p.add_argument("--runs", type=int, default=2000)
    p.add_argument("--positions", type=int, default=4, help="simulated positions per game")
    p.add_argument("--late", action="store_true",
                   help="brute force: the last leg of each game (where the race may end)")
    p.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    p.add_argument("--limit", type=int, default=20_000,
                   help="histories the brute force may walk per position (default 20,000)")
    args = p.parse_args()
    positions = matched = skipped = 0
    for game in GAMES:
        for players in args.players:
            for seed in range(args.seeds):
                for left in (3, 4):
                    history = small(game, players, seed, left, args.late)
                    if history is None:
                        continue
                    try:
                        places, race = brute.exact(history, 0, args.limit)
                    except ValueError:
                        skipped += 1
                        continue
                    odds = kernel.seat_odds(history, 0)
                    ok = odds is not None and dict(odds.places) == places \
                        and odds.race_ends == race
                    positions += 1
                    matched += ok
                    print(f"brute force: {game} {players}p seed {seed}, {left} cards left: "
                          f"{'equal' if ok else 'DIFFERS'} (P(race ends) {race})", flush=True)
    print(f"brute force: {positions} positions, {matched} equal exactly, {skipped} skipped "
          f"(too big for the brute force)")
    inside = cells = 0
    for game in GAMES:
        done = 0
        for seed in range(100):
            if done == args.positions:
                break
            found = mid_leg(game, 3 + done % 2, seed)
            if found is None:
                continue
            history, seat = found
            odds = kernel.seat_odds(history, seat)
            if odds is None:
                continue
            t0 = time.process_time()
            counts, ended = brute.simulate(history, seat, args.runs, seed=seed)
            hits = total = 0
            for colour, probs in odds.places:
                for k, prob in enumerate(probs):
                    low, high = brute.wilson(counts[colour][k], args.runs)
                    hits += low <= float(prob) <= high
                    total += 1
            low, high = brute.wilson(ended, args.runs)
            hits += low <= float(odds.race_ends) <= high
            total += 1
            inside += hits
            cells += total
            done += 1
            print(f"simulation: {game} seed {seed} seat {seat}: {hits}/{total} exact values in "
                  f"their 95% intervals ({args.runs} runs, {time.process_time() - t0:.0f} s CPU)",
                  flush=True)
    print(f"simulation: {inside}/{cells} exact values in their 95% Wilson intervals "
          f"({inside / max(cells, 1):.1%})")
    return 0 if matched == positions else 1


if __name__ == "__main__":
    sys.exit(main())

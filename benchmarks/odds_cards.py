"""The camel card games' exact odds from a seat (CUC-ODDS, CUG-ODDS): their speed.

Usage: python benchmarks/odds_cards.py [--runs 7] [--seed 4] [--players 3]

For each card game, a seeded whole game (``kernel.play``, random play) is cut
at the first point of its second leg's play with each number of cards left in
the racing deck (the seat is the one to act; its view hides the other seats'
racing-deck cards, and in the 2023 game the crazy camel cards shuffled in),
and ``kernel.seat_odds`` is timed there: the median and best CPU time of
``--runs`` calls (this single-threaded process, so one core), with the number
of racing decks the seat's posterior holds. "Mid-leg" is the row with half of
the leg's deck left. Figures are for the machine and load at hand: compare
versions side by side in one run.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

import attrs

import kernel
from kernel.engines.camel_cards.odds import deck_posterior

GAMES = ("camel-up-cards-2016", "camel-up-card-game-2023")


def points(game: str, players: int, seed: int, leg: int) -> dict[int, kernel.Trace]:
    """The first point of the leg's play with each deck size, as histories."""
    full = kernel.play(game, {"players": players}, seed)
    out: dict[int, kernel.Trace] = {}
    for i, st in enumerate(full.steps):
        d = kernel.to_data(st.state)
        if d["phase"] == "play" and d["leg"] == leg and len(d["deck"]) not in out:
            out[len(d["deck"])] = attrs.evolve(full, steps=full.steps[:i + 1])
    return out


def cpu(call: object, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.process_time()
        call()  # type: ignore[operator]
        times.append(time.process_time() - start)
    return times


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--seed", type=int, default=4)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--leg", type=int, default=2)
    p.add_argument("--max-deck", type=int, default=7,
                   help="time positions with at most this many cards left (default 7)")
    args = p.parse_args()
    print(f"CPython {platform.python_version()}, {args.runs} runs per position, "
          f"{args.players} players, seed {args.seed}, leg {args.leg}")
    for game in GAMES:
        info = kernel.game_info(game)
        flow = info.hooks.card_flow
        assert flow is not None
        found = points(game, args.players, args.seed, args.leg)
        full = max(found)
        print(f"\n{game} (the leg's deck: {full} cards; mid-leg: {full // 2} left)")
        print(f"  {'cards left':>10} {'seat':>5} {'decks':>7} {'median ms':>10} {'best ms':>9}")
        for left in sorted(found):
            if left > args.max_deck:
                continue
            history = found[left]
            seat = max(kernel.current_actor(history.final), 0)
            decks = len(deck_posterior(history, seat, flow, info.to_data))
            times = cpu(lambda h=history, s=seat: kernel.seat_odds(h, s), args.runs)
            mark = "  <- mid-leg" if left == full // 2 else ""
            print(f"  {left:>10} {seat:>5} {decks:>7} {statistics.median(times) * 1e3:>10.1f} "
                  f"{min(times) * 1e3:>9.1f}{mark}")


if __name__ == "__main__":
    main()

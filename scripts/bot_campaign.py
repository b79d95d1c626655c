"""Win rates of a bot against ``random``, seat-rotated, with 95% confidence intervals.

    python3 scripts/bot_campaign.py --bot greedy --games 1000 [--game ID ...]
        [--players 3] [--seed 0] [--out results.json]

For each game, match ``i`` puts the bot in seat ``i mod players`` and
``random`` in the others; the seat rotations of one deal share their chance
stream (``chance_seed = seed + i // players``: common random numbers), the
match seed is ``seed + i``. A match's return is the game's (the winners share
1); the win rate is the bot's mean return, with a normal-approximation 95%
interval (1.96 standard errors), beside the rate a seat gets by chance
(1/players). It also counts the games the bot won alone or shared (Wilson 95%
interval), the forfeits, and the CPU per game. Each game's line is printed as
it finishes and the JSON (``--out``) rewritten, so a stopped run keeps what
it did.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import kernel
from kernel.bots import play_match


def wilson(hits: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def campaign(game: str, bot: str, games: int, players: int, seed: int,
             every: int = 0) -> dict[str, object]:
    returns: list[float] = []
    wins = 0
    forfeits = 0
    start = time.process_time()
    for i in range(games):
        if every and i and i % every == 0:
            part = summary(game, bot, players, returns, wins, forfeits,
                           time.process_time() - start)
            print("  (so far) " + line(part), flush=True)
        seat = i % players
        bots = ["random"] * players
        bots[seat] = bot
        result = play_match(game, {"players": players}, bots, seed + i,
                            chance_seed=seed + i // players)
        returns.append(result.returns[seat])
        wins += seat in result.winners
        forfeits += len(result.forfeits)
    return summary(game, bot, players, returns, wins, forfeits, time.process_time() - start)


def summary(game: str, bot: str, players: int, returns: list[float], wins: int,
            forfeits: int, cpu: float) -> dict[str, object]:
    n = len(returns)
    mean = sum(returns) / n
    sd = math.sqrt(sum((r - mean) ** 2 for r in returns) / (n - 1)) if n > 1 else 0.0
    half = 1.959964 * sd / math.sqrt(n)
    lo, hi = wilson(wins, n)
    return {"game": game, "bot": bot, "opponents": "random", "players": players, "games": n,
            "win_share": mean, "win_share_ci95": [mean - half, mean + half],
            "chance_share": 1 / players, "won_or_shared": wins / n,
            "won_or_shared_ci95": [lo, hi], "forfeits": forfeits,
            "cpu_per_game_s": cpu / n}


def line(row: dict[str, object]) -> str:
    ci: Any = row["win_share_ci95"]
    lo, hi = float(ci[0]), float(ci[1])
    return (f"{row['game']}: {row['bot']} vs random x{int(row['players']) - 1}, "  # type: ignore[call-overload]
            f"{row['games']} games: win share {row['win_share']:.3f} [{lo:.3f}, {hi:.3f}] "
            f"(chance {row['chance_share']:.3f}); won or shared {row['won_or_shared']:.3f}; "
            f"forfeits {row['forfeits']}; CPU {row['cpu_per_game_s']:.3f} s/game")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--bot", default="greedy")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--game", action="append", default=None)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default=None)
    p.add_argument("--every", type=int, default=0, help="print the figures so far every N games")
    args = p.parse_args(argv)
    rows = []
    for game in args.game or kernel.games():
        row = campaign(game, args.bot, args.games, args.players, args.seed, args.every)
        rows.append(row)
        print(line(row), flush=True)
        if args.out:
            Path(args.out).write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Win rates of a bot against ``random``, seat-rotated, with 95% confidence intervals.

    python3 scripts/bot_campaign.py --bot greedy --games 1000 [--game ID ...]
        [--players 3] [--seed 0] [--out results.json] [--opponents A,B,...]
        [--first 0] [--every 0]
    python3 scripts/bot_campaign.py --pool part1.json part2.json ... [--out pooled.json]

For each game, match ``i`` puts the bot in seat ``i mod players`` and
``random`` in the others (``--opponents``: these bots instead, one per other
seat, the whole line-up rotated: the line-up's ``j``-th bot, the tested bot
being the 0th, sits in seat ``(i + j) mod players``); the seat rotations of
one deal share their chance stream (``chance_seed = seed + i // players``:
common random numbers), the match seed is ``seed + i``. A match's return is
the game's (the winners share 1); the win rate is the bot's mean return, with
a normal-approximation 95% interval (1.96 standard errors), beside the rate a
seat gets by chance (1/players). It also counts the games the bot won alone or
shared (Wilson 95% interval), the forfeits, each opponent's mean return, and
the CPU per game; the JSON keeps each match's return (``returns``, in match
order from ``--first``), so that the parts of a split run pool exactly. Each
game's line is printed as it finishes and the JSON (``--out``) rewritten, also
at every ``--every`` games with the figures so far, so a stopped run keeps
what it did (``--pool`` takes such a part as the games it played).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from collections.abc import Callable
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
             every: int = 0, opponents: list[str] | None = None,
             first: int = 0,
             so_far: Callable[[dict[str, object]], None] | None = None) -> dict[str, object]:
    lineup = [bot, *(opponents or ["random"] * (players - 1))]
    if len(lineup) != players:
        raise ValueError(f"{players} players and {len(lineup)} bots in the line-up")
    returns: list[float] = []
    others: list[list[float]] = [[] for _ in lineup[1:]]
    wins = 0
    forfeits = 0
    start = time.process_time()
    for i in range(first, first + games):
        if every and i > first and (i - first) % every == 0:
            part = summary(game, lineup, returns, others, wins, forfeits,
                           time.process_time() - start)
            print("  (so far) " + line(part), flush=True)
            if so_far is not None:
                so_far(part)
        seats = [(i + j) % players for j in range(players)]
        bots = [""] * players
        for j, s in enumerate(seats):
            bots[s] = lineup[j]
        result = play_match(game, {"players": players}, bots, seed + i,
                            chance_seed=seed + i // players)
        seat = seats[0]
        returns.append(result.returns[seat])
        for j, s in enumerate(seats[1:]):
            others[j].append(result.returns[s])
        wins += seat in result.winners
        forfeits += len(result.forfeits)
    return summary(game, lineup, returns, others, wins, forfeits, time.process_time() - start)


def summary(game: str, lineup: list[str], returns: list[float], others: list[list[float]],
            wins: int, forfeits: int, cpu: float) -> dict[str, object]:
    bot, players = lineup[0], len(lineup)
    n = len(returns)
    mean = sum(returns) / n
    sd = math.sqrt(sum((r - mean) ** 2 for r in returns) / (n - 1)) if n > 1 else 0.0
    half = 1.959964 * sd / math.sqrt(n)
    lo, hi = wilson(wins, n)
    return {"game": game, "bot": bot, "opponents": ",".join(lineup[1:]), "players": players,
            "games": n, "win_share": mean, "win_share_ci95": [mean - half, mean + half],
            "opponent_win_shares": [sum(r) / n for r in others],
            "chance_share": 1 / players, "won_or_shared": wins / n,
            "won_or_shared_ci95": [lo, hi], "forfeits": forfeits,
            "cpu_per_game_s": cpu / n, "returns": returns}


def line(row: dict[str, object]) -> str:
    ci: Any = row["win_share_ci95"]
    lo, hi = float(ci[0]), float(ci[1])
    theirs: Any = row["opponent_win_shares"]
    opponents = str(row["opponents"]).split(",")
    against = (f"random x{len(opponents)}" if set(opponents) == {"random"}
               else " + ".join(opponents))
    shares = "" if set(opponents) == {"random"} else " (opponents: " + ", ".join(
        f"{o} {float(x):.3f}" for o, x in zip(opponents, theirs, strict=True)) + ")"
    return (f"{row['game']}: {row['bot']} vs {against}, "
            f"{row['games']} games: win share {row['win_share']:.3f} [{lo:.3f}, {hi:.3f}] "
            f"(chance {row['chance_share']:.3f}){shares}; "
            f"won or shared {row['won_or_shared']:.3f}; "
            f"forfeits {row['forfeits']}; CPU {row['cpu_per_game_s']:.3f} s/game")


def pool(rows: list[dict[str, Any]]) -> dict[str, object]:
    """One row from the parts of a split run (``--first``): the same game, bot, line-up,
    players and seed, no match in two parts (a stopped part leaves a gap: ``parts``
    lists the matches pooled, as ``[first, games]`` pairs)."""
    rows = sorted(rows, key=lambda r: int(r["first"]))
    keys = ("game", "bot", "opponents", "players", "seed")
    if any(tuple(r[k] for k in keys) != tuple(rows[0][k] for k in keys) for r in rows):
        raise ValueError("the parts are not of one campaign (game, bot, line-up, players, seed)")
    for a, b in itertools.pairwise(rows):
        if int(a["first"]) + int(a["games"]) > int(b["first"]):
            raise ValueError(f"the parts from {a['first']} and {b['first']} overlap")
    lineup = [str(rows[0]["bot"]), *str(rows[0]["opponents"]).split(",")]
    returns = [float(x) for r in rows for x in r["returns"]]
    per_opponent: list[list[float]] = [[] for _ in lineup[1:]]
    for r in rows:  # each opponent's mean return per part, as many times as the part's games
        for j, share in enumerate(r["opponent_win_shares"]):
            per_opponent[j] += [float(share)] * int(r["games"])
    wins = sum(round(float(r["won_or_shared"]) * int(r["games"])) for r in rows)
    cpu = sum(float(r["cpu_per_game_s"]) * int(r["games"]) for r in rows)
    row = summary(str(rows[0]["game"]), lineup, returns, per_opponent, wins,
                  sum(int(r["forfeits"]) for r in rows), cpu)
    row.update(seed=rows[0]["seed"], first=rows[0]["first"],
               parts=[[int(r["first"]), int(r["games"])] for r in rows])
    return row


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--bot", default="greedy")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--game", action="append", default=None)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default=None)
    p.add_argument("--every", type=int, default=0, help="print the figures so far every N games")
    p.add_argument("--first", type=int, default=0,
                   help="start at match FIRST (a run split in parts: --first 0 --games 500 and "
                        "--first 500 --games 500 play the matches of --games 1000)")
    p.add_argument("--opponents", default=None,
                   help="the other seats' bots, comma-separated (default: random in each)")
    p.add_argument("--pool", nargs="+", default=None, metavar="JSON",
                   help="play nothing: pool the --out files of a split run's parts, per game "
                        "(a stopped part: the games it played)")
    args = p.parse_args(argv)
    if args.pool:
        parts: dict[str, list[dict[str, Any]]] = {}
        for name in args.pool:
            for r in json.loads(Path(name).read_text(encoding="utf-8")):
                parts.setdefault(str(r["game"]), []).append(r)
        pooled = [pool(rs) for rs in parts.values()]
        for row in pooled:
            print(line(row), flush=True)
        if args.out:
            Path(args.out).write_text(json.dumps(pooled, indent=1) + "\n", encoding="utf-8")
        return 0
    opponents = args.opponents.split(",") if args.opponents else None
    rows: list[dict[str, object]] = []

    def write(part: dict[str, object] | None = None) -> None:
        """The rows done, and the figures so far of the game under way (``--every``)."""
        if part is not None:
            part.update(seed=args.seed, first=args.first)
        if args.out:
            done = rows if part is None else [*rows, part]
            Path(args.out).write_text(json.dumps(done, indent=1) + "\n", encoding="utf-8")

    for game in args.game or kernel.games():
        row = campaign(game, args.bot, args.games, args.players, args.seed, args.every,
                       opponents, args.first, write)
        row.update(seed=args.seed, first=args.first)
        rows.append(row)
        print(line(row), flush=True)
        write()
    return 0


if __name__ == "__main__":
    sys.exit(main())

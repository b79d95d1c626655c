"""A tournament: the schedule played through the runner, folded in game order
into a results table and ratings.

:func:`play_job` is what a worker runs for one game (the referee,
:func:`kernel.bots.play_match`); :func:`tournament` plays every game of the
schedule through :func:`kernel.tournament.runner.run` and folds the results,
in game order, into a :class:`Results`: the table (a pure function of the
seed and the bots for deterministic bots that answer within their limits:
the same bytes from :meth:`Results.to_json` whatever the workers or the
backend) and, apart, the timings: wall clock, the games' wall-clock time in
the workers, their CPU time (the worker process's: the referee and in-process
bots, not a foreign bot's own process) and games per core-second from it.

The table, per bot:

- ``seat_games``: seats it held (a game counts once per seat it held);
- ``wins``: its share of wins (the game's winners share 1; a game cut short
  gives every seat ``1/seats``), ``win_rate`` = wins / seat_games and its
  95% Wilson score interval;
- ``mean_score`` and ``mean_place`` (1 first) over its seats;
- ``forfeits``: moves it forfeited, by reason (spec/BOTS.md);
- ``rating``: OpenSkill Plackett-Luce mean, deviation, 95% interval and
  ordinal (:mod:`kernel.tournament.ratings`).
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs

from kernel.tournament.ratings import Z95, Ratings
from kernel.tournament.runner import run
from kernel.tournament.schedule import Job, schedule

#: Rating snapshots kept for the report's plot (at most this many, evenly spaced).
HISTORY_POINTS = 100


@attrs.frozen
class Setup:
    """What a worker needs besides its job: the game and the referee's limits."""

    game: str
    config: Mapping[str, Any]
    time_limit: float
    max_steps: int | None = None
    #: Send each game's trace back (``race-kernel replay`` and ``view`` read it).
    traces: bool = False


def play_job(task: tuple[Setup, Job]) -> dict[str, Any]:
    """Play one scheduled game (in a worker): its record and, apart, its timings."""
    from kernel.bots import play_match

    setup, job = task
    start, cpu = time.perf_counter(), time.process_time()
    match = play_match(setup.game, setup.config, job.bots, job.seed,
                       chance_seed=job.chance_seed, time_limit=setup.time_limit,
                       max_steps=setup.max_steps)
    data = match.to_data()
    actions = data.pop("actions")
    record = {**job.to_data(), "steps": data["steps"], "scores": data["scores"],
              "winners": data["winners"], "placing": data["placing"],
              "truncated": data["truncated"], "forfeits": data["forfeits"],
              "actions_sha256": hashlib.sha256(
                  json.dumps(actions, separators=(",", ":")).encode()).hexdigest()}
    times = [list(ts) for ts in match.times]
    out = {"record": record, "times": times, "seconds": time.perf_counter() - start,
           "cpu": time.process_time() - cpu}
    if setup.traces:
        from kernel.conformance.trace import text_of

        out["trace"] = text_of(match.trace_lines())
    return out


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> low, high = wilson(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= n else min(1.0, centre + half)
    return low, high


def _r(x: float) -> float:
    """Round for the table: 6 decimals (the same bytes on every machine)."""
    return round(x, 6)


@attrs.define
class _Tally:
    seat_games: int = 0
    wins: Fraction = Fraction(0)
    score: int = 0
    place: int = 0
    forfeits: dict[str, int] = attrs.field(factory=dict)
    moves: int = 0
    move_time: float = 0.0
    slowest: float = 0.0


@attrs.define
class Results:
    """A tournament's results: ``data`` (the table, ratings, games) and ``timings`` apart."""

    data: dict[str, Any]
    timings: dict[str, Any]

    def to_json(self) -> str:
        """The results (without timings) as JSON: the same bytes for the same seed and bots."""
        return json.dumps(self.data, sort_keys=True, indent=1, ensure_ascii=True) + "\n"

    def table_text(self) -> str:
        rows = self.data["table"]
        width = max([len("bot"), *(len(r["bot"]) for r in rows)])
        out = [f"{'bot':<{width}}  seats  win rate (95% interval)    mean place  "
               f"rating (95% interval)       forfeits"]
        for r in rows:
            g = r["rating"]
            forfeits = sum(r["forfeits"].values())
            out.append(
                f"{r['bot']:<{width}}  {r['seat_games']:5d}  {100 * r['win_rate']:5.1f}% "
                f"({100 * r['win_low']:5.1f}-{100 * r['win_high']:5.1f}%)  "
                f"{r['mean_place']:10.2f}  {g['mu']:6.2f} ({g['low']:6.2f} to {g['high']:6.2f})  "
                f"{forfeits:8d}")
        t = self.data["tournament"]
        out.append(f"{t['games']} games ({t['deals']} deals, each in every seat rotation) "
                   f"of {t['game']}, seed {t['seed']}")
        return "\n".join(out)


def tournament(game: str, config: Mapping[str, Any], bots: Sequence[str], *, seed: int,
               games: int | None = None, round_robin: bool = False, rounds: int = 1,
               workers: int = 1, ray: str | None = None, time_limit: float = 5.0,
               max_steps: int | None = None, variant: str | None = None,
               progress: Callable[[int, int], None] | None = None,
               traces: Path | None = None) -> Results:
    """Play a tournament between ``bots`` (specs for :func:`kernel.bots.make_bot`);
    with ``traces``, each game's trace is written there as ``game-NNNNNN.jsonl``
    (its index in game order)."""
    import kernel

    info = kernel.game_info(game)
    seats = info.seats(info.new_game(config))  # ConfigError for a configuration it refuses
    if len(set(bots)) != len(bots):
        raise ValueError("each bot may be named once")
    jobs = schedule(bots, seats, seed=seed, games=games, round_robin=round_robin,
                    rounds=rounds)
    setup = Setup(game, dict(config), time_limit, max_steps, traces is not None)
    ratings = Ratings(bots)
    tally = {b: _Tally() for b in bots}
    records: list[dict[str, Any]] = []
    every = max(1, -(-len(jobs) // HISTORY_POINTS))
    history: list[dict[str, Any]] = []
    wall = time.monotonic()
    cpu = in_games = 0.0
    for i, out in run(play_job, [(setup, j) for j in jobs], workers=workers, ray=ray,
                      progress=progress):
        rec = out["record"]
        records.append(rec)
        if traces is not None:
            (traces / f"game-{i:06d}.jsonl").write_text(out["trace"], encoding="utf-8")
        in_games += out["seconds"]
        cpu += out["cpu"]
        seated = rec["bots"]
        n = len(seated)
        share = (Fraction(1, n) if rec["truncated"] or not rec["winners"] else
                 Fraction(1, len(rec["winners"])))
        for s, b in enumerate(seated):
            t = tally[b]
            t.seat_games += 1
            if rec["truncated"] or not rec["winners"] or s in rec["winners"]:
                t.wins += share
            t.score += rec["scores"][s]
            t.place += rec["placing"][s]
            ts = out["times"][s]
            t.moves += len(ts)
            t.move_time += sum(ts)
            t.slowest = max([t.slowest, *ts])
        for f in rec["forfeits"]:
            counts = tally[seated[f["seat"]]].forfeits
            counts[f["reason"]] = counts.get(f["reason"], 0) + 1
        ratings.update(seated, rec["placing"])
        if (i + 1) % every == 0 or i + 1 == len(jobs):
            history.append({"games": i + 1, "ratings": {
                b: [_r(r.mu), _r(r.sigma)] for b, r in sorted(ratings.now.items())}})
    wall = time.monotonic() - wall
    table: list[dict[str, Any]] = []
    for b in bots:
        t, g = tally[b], ratings.now[b]
        rate = float(t.wins / t.seat_games) if t.seat_games else 0.0
        low, high = wilson(float(t.wins), t.seat_games)
        table.append({
            "bot": b, "seat_games": t.seat_games, "wins": str(t.wins), "win_rate": _r(rate),
            "win_low": _r(low), "win_high": _r(high),
            "mean_score": _r(t.score / t.seat_games) if t.seat_games else 0.0,
            "mean_place": _r(t.place / t.seat_games) if t.seat_games else 0.0,
            "forfeits": dict(sorted(t.forfeits.items())),
            "rating": {"mu": _r(g.mu), "sigma": _r(g.sigma), "low": _r(g.low),
                       "high": _r(g.high), "ordinal": _r(g.ordinal)}})
    table.sort(key=lambda r: (-r["rating"]["mu"], r["bot"]))
    data = {
        "tournament": {"game": game, "version": info.version, "config": dict(config),
                       "variant": variant, "bots": list(bots), "seed": seed,
                       "games": len(jobs), "deals": jobs[-1].deal + 1,
                       "seats": seats, "round_robin": round_robin,
                       "rounds": rounds if round_robin else None,
                       "time_limit": time_limit, "max_steps": max_steps,
                       "rating_model": "openskill PlackettLuce (defaults)",
                       "several_seats": "each seat rated with a copy of the bot's rating; "
                                        "the bot takes the mean of its seats' new ratings"},
        "table": table,
        "forfeits": sum(len(r["forfeits"]) for r in records),
        "truncated": sum(1 for r in records if r["truncated"]),
        "ratings_history": history,
        "games": records,
    }
    timings = {
        "backend": "ray" if ray is not None else ("processes" if workers > 1 else "serial"),
        "workers": workers, "ray": ray, "wall_seconds": round(wall, 3),
        "game_seconds": round(in_games, 3), "game_cpu_seconds": round(cpu, 3),
        "games_per_second": round(len(jobs) / wall, 3) if wall > 0 else None,
        "games_per_core_second": round(len(jobs) / cpu, 3) if cpu > 0 else None,
        "bots": {b: {"moves": tally[b].moves, "seconds": round(tally[b].move_time, 4),
                     "mean_ms": round(1000 * tally[b].move_time / tally[b].moves, 4)
                     if tally[b].moves else 0.0,
                     "max_ms": round(1000 * tally[b].slowest, 4)} for b in bots},
    }
    return Results(data, timings)

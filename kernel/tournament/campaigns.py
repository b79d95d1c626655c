"""Two more campaigns on the tournament's runner (:mod:`kernel.tournament.runner`).

``race-kernel campaign diff``: the differential driver (``race-kernel diff``)
run once per seed over many seeds, each seed a task: on a cluster, the
foreign program runs on whichever node takes the task, so it must be
installed there at the same path (README, "Campaigns"). The summary (exit
code, divergence groups by first rule ID with their counts and witnesses, per
seed and merged) is folded in seed order.

``race-kernel campaign selfplay``: games between bots (a tournament's
schedule: seat rotations, common random numbers) cut into shards of
``--shard-size`` games, each shard a task that returns one Parquet file
(pyarrow; the file is written by the process that started the campaign, so
no node needs a shared folder): one row per decision of a seat, with the
seat's observation tensor (``kernel.adapters.encode``, exactly what the
seat may see), the action mask over the game's action ids, the action id
taken, the reward (0, but the seat's final return on its last decision: the
winners share 1, as in the OpenSpiel adapter) and the final return on every
row.
"""

from __future__ import annotations

import io
import json
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from kernel.arguments import ArgumentParser, clip
from kernel.tournament.runner import Progress, run
from kernel.tournament.schedule import Job, schedule

# --------------------------------------------------------------------------
# differential runs over many seeds


@attrs.frozen
class DiffTask:
    game: str
    config: Mapping[str, Any] | None
    seed: int
    examples: int
    max_steps: int
    command: tuple[str, ...]
    timeout: float
    exclude_rules: tuple[str, ...] = ()


def diff_seed(task: DiffTask) -> dict[str, Any]:
    """Run the differential driver for one seed (in a worker): its summary, timings apart."""
    from kernel.conformance.driver import DiffOptions, diff
    from kernel.conformance.protocol import SubprocessPeer

    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="race-kernel-campaign-") as home:
        peer = SubprocessPeer(list(task.command), timeout=task.timeout,
                              startup_timeout=max(task.timeout, 10.0))
        result = diff(peer, DiffOptions(task.game, examples=task.examples, seed=task.seed,
                                        max_steps=task.max_steps, config=task.config,
                                        keep_going=True, exclude_rules=task.exclude_rules,
                                        database=None, home=home))
    summary = result.summary()
    summary.pop("seconds", None)
    return {"seed": task.seed, "summary": summary, "seconds": time.perf_counter() - start}


def diff_campaign(tasks: Sequence[DiffTask], *, workers: int = 1, ray: str | None = None,
                  progress: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The merged summary of every seed (in seed order) and, apart, the timings."""
    per_seed: list[dict[str, Any]] = []
    groups: dict[str, dict[str, Any]] = {}
    start, cpu = time.monotonic(), 0.0
    for _, out in run(diff_seed, tasks, workers=workers, ray=ray, progress=progress):
        cpu += out["seconds"]
        s = out["summary"]
        per_seed.append({"seed": out["seed"], **s})
        for g in s["groups"]:
            merged = groups.setdefault(g["rule"], {"rule": g["rule"], "count": 0, "seeds": [],
                                                   "expected": g["expected"], "first": g})
            merged["count"] += g["count"]
            merged["seeds"].append(out["seed"])
    failing = [p["seed"] for p in per_seed if p["exit_code"] != 0]
    data = {"game": tasks[0].game if tasks else None, "seeds": [t.seed for t in tasks],
            "examples_per_seed": tasks[0].examples if tasks else 0,
            "examples": sum(p["examples"] for p in per_seed),
            "steps": sum(p["steps"] for p in per_seed),
            "failing_seeds": failing, "groups": [groups[k] for k in sorted(groups)],
            "per_seed": per_seed, "exit_code": 1 if failing else 0}
    wall = time.monotonic() - start
    timings = {"wall_seconds": round(wall, 3), "task_seconds": round(cpu, 3),
               "workers": workers, "ray": ray}
    return data, timings


# --------------------------------------------------------------------------
# self-play datasets


@attrs.frozen
class Shard:
    index: int
    game: str
    config: Mapping[str, Any]
    jobs: tuple[Job, ...]
    time_limit: float = 5.0


def shard_rows(shard: Shard) -> dict[str, list[Any]]:
    """The rows of one shard: play its games with the referee, one row per decision."""
    import kernel
    from kernel.adapters.encode import encoder
    from kernel.bots import play_match

    info = kernel.game_info(shard.game)
    enc = encoder(shard.game, shard.config)
    space = kernel.action_space(shard.game, shard.config)
    n_actions = len(space.players)
    cols: dict[str, list[Any]] = {k: [] for k in (
        "game", "step", "seat", "bot", "observation", "action_mask", "action", "reward",
        "return", "forfeit")}
    for job in shard.jobs:
        match = play_match(shard.game, shard.config, job.bots, job.seed,
                           chance_seed=job.chance_seed, time_limit=shard.time_limit)
        forfeited = {(f.step, f.seat) for f in match.forfeits}
        state = match.trace.initial
        last: dict[int, int] = {}
        first_row = len(cols["game"])
        for i, st in enumerate(match.trace.steps):
            if st.actor >= 0:
                mask = [0] * n_actions
                for a in info.legal_actions(state):
                    mask[space.player_id(a)] = 1
                last[st.actor] = len(cols["game"])
                cols["game"].append(job.index)
                cols["step"].append(i)
                cols["seat"].append(st.actor)
                cols["bot"].append(job.bots[st.actor])
                cols["observation"].append(enc.observation(kernel.observation(state,
                                                                               st.actor)))
                cols["action_mask"].append(mask)
                cols["action"].append(space.player_id(st.action))
                cols["reward"].append(0.0)
                cols["return"].append(float(match.returns[st.actor]))
                cols["forfeit"].append((i, st.actor) in forfeited)
            state = st.state
        assert all(r >= first_row for r in last.values())
        for seat, row in last.items():
            cols["reward"][row] = float(match.returns[seat])
    return cols


def shard_parquet(shard: Shard) -> dict[str, Any]:
    """One shard as the bytes of a Parquet file (in a worker), with its row count."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    start = time.perf_counter()
    cols = shard_rows(shard)
    obs = len(cols["observation"][0]) if cols["observation"] else 0
    mask = len(cols["action_mask"][0]) if cols["action_mask"] else 0
    table = pa.table({
        "game": pa.array(cols["game"], pa.int64()),
        "step": pa.array(cols["step"], pa.int32()),
        "seat": pa.array(cols["seat"], pa.int8()),
        "bot": pa.array(cols["bot"], pa.string()),
        "observation": pa.array(cols["observation"], pa.list_(pa.float32(), obs)),
        "action_mask": pa.array(cols["action_mask"], pa.list_(pa.int8(), mask)),
        "action": pa.array(cols["action"], pa.int32()),
        "reward": pa.array(cols["reward"], pa.float32()),
        "return": pa.array(cols["return"], pa.float32()),
        "forfeit": pa.array(cols["forfeit"], pa.bool_()),
    })
    sink = io.BytesIO()
    pq.write_table(table, sink, compression="zstd")
    return {"index": shard.index, "rows": table.num_rows, "games": len(shard.jobs),
            "parquet": sink.getvalue(), "seconds": time.perf_counter() - start}


def selfplay(game: str, config: Mapping[str, Any], bots: Sequence[str], out: Path, *,
             seed: int, games: int, shard_size: int, workers: int = 1,
             ray: str | None = None, time_limit: float = 5.0,
             progress: Any = None) -> dict[str, Any]:
    """Write ``out/shard-NNNNN.parquet``, one file per shard; the manifest (also written as
    ``out/manifest.json``)."""
    import kernel

    info = kernel.game_info(game)
    seats = info.seats(info.new_game(config))
    jobs = schedule(bots, seats, seed=seed, games=games)
    shards = [Shard(k, game, dict(config), tuple(jobs[i:i + shard_size]), time_limit)
              for k, i in enumerate(range(0, len(jobs), shard_size))]
    files = []
    start, cpu = time.monotonic(), 0.0
    for _, done in run(shard_parquet, shards, workers=workers, ray=ray, progress=progress):
        name = f"shard-{done['index']:05d}.parquet"
        (out / name).write_bytes(done["parquet"])
        cpu += done["seconds"]
        files.append({"file": name, "games": done["games"], "rows": done["rows"]})
    manifest = {"game": game, "version": info.version, "config": dict(config),
                "bots": list(bots), "seed": seed, "games": len(jobs), "shard_size": shard_size,
                "shards": files,
                "columns": ["game", "step", "seat", "bot", "observation", "action_mask",
                            "action", "reward", "return", "forfeit"]}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n",
                                       encoding="utf-8")
    wall = time.monotonic() - start
    return {**manifest, "timings": {"wall_seconds": round(wall, 3),
                                    "shard_seconds": round(cpu, 3)}}


# --------------------------------------------------------------------------
# the command


def _common(p: ArgumentParser) -> None:
    p.add_argument("--workers", type=int, default=1, metavar="N", help="local processes (1)")
    p.add_argument("--ray", metavar="ADDRESS",
                   help="run the tasks on Ray: ADDRESS, auto or local (race-kernel[ray])")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _diff_main(argv: list[str]) -> int:
    import kernel
    from kernel.resources import require

    own, command = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv \
        else (argv, [])
    p = ArgumentParser(prog="race-kernel campaign diff",
                       usage="race-kernel campaign diff --game G [options] -- COMMAND ARGS...",
                       description="race-kernel diff over many seeds (one task per seed) "
                                   "against a program speaking the driver protocol; exit 1 "
                                   "when a seed finds a divergence or the program fails.")
    p.add_argument("--game", required=True, choices=kernel.games())
    p.add_argument("--seeds", type=int, default=10, metavar="N", help="seeds to run (10)")
    p.add_argument("--first-seed", type=int, default=0, metavar="S", help="the first seed (0)")
    p.add_argument("--examples", type=int, default=20, help="examples per seed (20)")
    p.add_argument("--max-steps", type=int, default=600, help="actions per example (600)")
    p.add_argument("--players", type=int, help="only this player count")
    p.add_argument("--timeout", type=float, default=5.0, help="seconds per request (5)")
    p.add_argument("--exclude-rules", nargs="+", default=(), metavar="PREFIX")
    p.add_argument("--summary", metavar="FILE.json", help="write the merged summary")
    _common(p)
    args = p.parse_args(own)
    if not command:
        p.error("no program to test: give it after --, e.g. -- python3 my_impl.py")
    if args.seeds < 1 or args.examples < 1 or args.workers < 1:
        p.error("--seeds, --examples and --workers must be at least 1")
    require("hypothesis", "conformance", "race-kernel campaign diff")
    if args.ray is not None:
        require("ray", "ray", "race-kernel campaign diff --ray")
    config = None
    if args.players is not None:
        config = {kernel.game_info(args.game).config.players_key: args.players}
        problem = kernel.check_config(args.game, config)
        if problem:
            p.error(f"bad configuration: {problem}")
    tasks = [DiffTask(args.game, config, s, args.examples, args.max_steps, tuple(command),
                      args.timeout, tuple(args.exclude_rules))
             for s in range(args.first_seed, args.first_seed + args.seeds)]
    data, timings = diff_campaign(tasks, workers=args.workers, ray=args.ray,
                                  progress=None if args.quiet else Progress("seeds"))
    for g in data["groups"]:
        tag = f"expected: {g['expected']}" if g["expected"] else "UNEXPECTED"
        print(f"{g['rule']}: {g['count']}x in seeds {', '.join(map(str, g['seeds'][:20]))} "
              f"({tag}); shortest witness of seed {g['seeds'][0]}: {g['first']['length']} "
              f"action(s)")
    print(f"{len(tasks)} seeds, {data['examples']} examples, {data['steps']} steps: "
          f"{len(data['failing_seeds'])} seed(s) failing"
          + (f" ({', '.join(map(str, data['failing_seeds'][:20]))}; "
             f"race-kernel diff --seed S shows one)" if data["failing_seeds"] else ""))
    print(f"timings: {timings['wall_seconds']} s wall clock, {timings['task_seconds']} s in "
          f"tasks")
    if args.summary is not None:
        try:
            Path(args.summary).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n",
                                          encoding="utf-8")
        except OSError as exc:
            print(f"race-kernel campaign diff: cannot write the summary: "
                  f"{exc.strerror or clip(str(exc))}", file=sys.stderr)
            return 2
    return int(data["exit_code"])


def _selfplay_main(argv: list[str]) -> int:
    from kernel.resources import require
    from kernel.tournament.cli import game_and_bots, game_arguments

    p = ArgumentParser(prog="race-kernel campaign selfplay",
                       description="Play games between bots and write every decision (the "
                                   "seat's observation tensor, action mask, action id, "
                                   "reward) as Parquet, one file per shard "
                                   "(race-kernel[dataset]).")
    game_arguments(p)
    p.add_argument("--games", type=int, default=100, metavar="N", help="games (100)")
    p.add_argument("--shard-size", type=int, default=50, metavar="K", help="games a shard (50)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--time-limit", type=float, default=5.0, metavar="S")
    p.add_argument("--out", required=True, metavar="DIR", help="the folder for the shards")
    _common(p)
    args = p.parse_args(argv)
    game, _, config, bots = game_and_bots(p, args)
    if args.games < 1 or args.shard_size < 1 or args.workers < 1:
        p.error("--games, --shard-size and --workers must be at least 1")
    out = Path(args.out)
    if not out.is_dir():
        p.error(f"--out {clip(args.out, 200)}: not an existing folder")
    require("pyarrow", "dataset", "race-kernel campaign selfplay")
    if args.ray is not None:
        require("ray", "ray", "race-kernel campaign selfplay --ray")
    done = selfplay(game, config, bots, out, seed=args.seed, games=args.games,
                    shard_size=args.shard_size, workers=args.workers, ray=args.ray,
                    time_limit=args.time_limit,
                    progress=None if args.quiet else Progress("shards"))
    rows = sum(s["rows"] for s in done["shards"])
    print(f"{done['games']} games, {rows} decisions in {len(done['shards'])} shard(s) under "
          f"{clip(args.out, 200)} (manifest.json); {done['timings']['wall_seconds']} s wall "
          f"clock")
    return 0


def main(argv: Sequence[str]) -> int:
    """``race-kernel campaign diff|selfplay ...``."""
    args = list(argv)
    if args and args[0] == "diff":
        return _diff_main(args[1:])
    if args and args[0] == "selfplay":
        return _selfplay_main(args[1:])
    print("usage: race-kernel campaign diff|selfplay ... (race-kernel campaign diff --help)",
          file=sys.stderr)
    return 0 if args and args[0] in ("-h", "--help") else 2

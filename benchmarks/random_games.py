"""Seeded random games: every game must finish, with every invariant checked on every state.

Usage: python benchmarks/random_games.py [--game ID ...] [--games N] [--players 2 3 4 5 6]
       [--variant NAME ...] [--all-variants] [--against REV [--rounds R | --instructions]]

Every state is built through its invariant checks (a state that breaks one
cannot exist); the loop also re-asks ``violations`` of the final state and
checks the outcome. Prints, per game and player count, on one core (CPU time
of a single-threaded process: immune to other load on the machine):

- transitions per second and CPU per game, with every invariant checked;
- the same without the invariants: their time is measured by checking each
  state again right after its parent, as its construction did (the state
  module's ``delta_violations(parent, state)`` when it has one, else
  ``violations`` of the state right after its parent's, which reuses what
  the parent passed in a game that checks incrementally), and taken away.

The timed games are not kept (each is dropped once checked and counted: a
process keeping every trace would pay its garbage collector for them, more
the more games it keeps); they are played again, untimed, for the
invariants' share.

Every case (game, variant, player count) is measured in a fresh Python
process that first plays the same few warm-up games (seeds after the measured
ones), so that no case inherits the memo caches another one filled, nor pays
the first imports alone. Before the checks are timed, every memo cache of the
kernel (``functools`` caches, and any module-level memo a ``cache_clear``
reaches) is emptied and the warm-up games are checked again, so that the
checks start from the caches the timed games started from (not from caches
the timed games filled).

``--against REV`` compares this checkout with the git revision REV side by
side in one run: REV is checked out into a temporary git worktree, this
checkout's ``kernel`` and ``spec`` are copied as they are when the run starts
(an edit made during the run does not reach it), and each
round runs every case once for this checkout and once for REV (each in a
fresh Python process importing its own ``kernel``), in turn, A B A B ..., so
that a drift in the machine's speed hits both alike; it prints each side's
median and the median of the per-round ratios (this checkout / REV; above 1
means this checkout does more transitions per second).

``--against REV --instructions`` counts instructions instead of time, with
valgrind's callgrind (which must be installed): per case and side, one process
plays the warm-up games and the ``--games`` seeded games, another only the
warm-up games, and the difference is divided by the transitions. It is slow
(every instruction is simulated: keep ``--games`` small) but steady whatever
else the machine is doing (two runs differ by under 1%: each side runs from a
temporary directory of another name); it does not see what memory costs, so a
ratio in time can be lower.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

HERE = Path(__file__).resolve()
ROOT = HERE.parents[1]


#: Warm-up games played (and then checked again) before each case is timed.
WARMUP: Final = 3


def clear_caches() -> int:
    """Empty every memo cache of the kernel (``functools`` caches, bound or not); their number."""
    import functools

    cleared = 0
    for obj in gc.get_objects():
        if (isinstance(obj, functools._lru_cache_wrapper)
                and str(getattr(obj, "__module__", "")).startswith("kernel")):
            obj.cache_clear()
            cleared += 1
    return cleared


def warm_up(game: str, config: Mapping[str, Any], games: int) -> list[Any]:
    """The warm-up games' traces: seeds ``games`` to ``games + WARMUP - 1``, after the
    measured ones."""
    import kernel

    return [kernel.play(game, config, games + k) for k in range(WARMUP)]


def measure(game: str, config: Mapping[str, Any], games: int) -> dict[str, float]:
    """Play ``games`` seeded games; CPU with the invariants and the CPU of their checks.

    Meant for a fresh process (see the module docstring): the warm-up games
    (seeds ``games`` to ``games + WARMUP - 1``) fill the memo caches first.
    """
    import kernel

    info = kernel.game_info(game)
    warm = warm_up(game, config, games)
    transitions = 0
    cpu = time.process_time()
    # Each game is dropped once checked and counted. A process that keeps every trace
    # pays its garbage collector to scan them again and again, more the more it keeps
    # (300 kept 4-player games of hare-and-tortoise-2014 took 1.46x the CPU of the
    # same games dropped one by one, median of 5 interleaved pairs), so a figure taken
    # while keeping them would depend on --games.
    for seed in range(games):
        trace = kernel.play(game, config, seed)
        final = trace.final
        if kernel.outcome(final) is None or kernel.violations(final):
            raise SystemExit(f"seed {seed}, {dict(config)}: no outcome or broken invariant")
        transitions += len(trace.steps)
    cpu = time.process_time() - cpu
    # the same games again, untimed (a seed gives the same game), kept for the checks
    traces = [kernel.play(game, config, seed) for seed in range(games)]
    # the invariants' share: each state checked again right after its parent, as
    # its construction did, starting from the caches the timed games started from
    module = sys.modules[info.state_type.__module__]
    delta = getattr(module, "delta_violations", None)
    violations = info.violations

    def checks_of(trace: Any) -> float:
        states = [trace.initial, *(st.state for st in trace.steps)]
        violations(states[0])
        start = time.process_time()
        if delta is not None:
            for parent, state in itertools.pairwise(states):
                delta(parent, state)
        else:
            for state in states[1:]:
                violations(state)
        return time.process_time() - start

    clear_caches()
    # the kept traces are left out of the collector's passes while the checks are timed
    # (the timed games dropped theirs): a full pass over them, tens of milliseconds,
    # would otherwise be charged to the checks whenever it happens to fall among them
    gc.collect()
    gc.freeze()
    try:
        for trace in warm:
            checks_of(trace)
        checks = sum(map(checks_of, traces))
    finally:
        gc.unfreeze()
    return {"games": games, "transitions": transitions, "cpu": cpu, "checks": checks}


def configs(args: argparse.Namespace, game: str) -> list[tuple[str, int, dict[str, Any]]]:
    import kernel

    info = kernel.game_info(game)
    counts = args.players or list(range(info.min_players, info.max_players + 1))
    counts = [n for n in counts if info.min_players <= n <= info.max_players]
    names = list(info.config.variants) if args.all_variants else (
        args.variant or list(info.config.variants)[:1])
    unknown = [v for v in names if v not in info.config.variants]
    if unknown:
        raise SystemExit(f"unknown variant {unknown[0]!r} of {game}: one of "
                         f"{', '.join(info.config.variants)}")
    return [(v, n, {info.config.players_key: n, **info.config.variants[v]})
            for v in names for n in counts]


def figures(m: Mapping[str, float]) -> dict[str, float]:
    """Transitions per second and CPU ms per game, with and without the invariants."""
    bare = max(m["cpu"] - m["checks"], 1e-9)
    return {"tps": m["transitions"] / m["cpu"], "ms": 1000 * m["cpu"] / m["games"],
            "tps_bare": m["transitions"] / bare, "ms_bare": 1000 * bare / m["games"],
            "share": m["checks"] / m["cpu"]}


def line(label: str, m: Mapping[str, float]) -> str:
    f = figures(m)
    return (f"  {label}: {int(m['games'])} games, {int(m['transitions'])} transitions; "
            f"invariants on: {f['tps']:,.0f} transitions/s, {f['ms']:.1f} ms CPU/game; "
            f"off: {f['tps_bare']:,.0f} transitions/s, {f['ms_bare']:.1f} ms CPU/game "
            f"(invariants {f['share']:.0%} of the CPU)")


def worker(args: argparse.Namespace) -> int:
    """One measurement of one case (the first of the arguments'), printed as JSON."""
    game = args.game[0]
    config = configs(args, game)[0][2]
    print(json.dumps(measure(game, config, args.games)))
    return 0


def counting_worker(args: argparse.Namespace) -> int:
    """The games an instruction count covers: the warm-up games (seeds ``--games`` on,
    as :func:`measure` plays them), then, unless ``--warm-up-only``, the ``--games``
    seeded games; prints how many transitions the latter had, as JSON."""
    import kernel

    game = args.game[0]
    config = configs(args, game)[0][2]
    warm_up(game, config, args.games)
    transitions = 0
    if not args.warm_up_only:
        for seed in range(args.games):
            transitions += len(kernel.play(game, config, seed).steps)
    print(json.dumps({"transitions": transitions}))
    return 0


def _instructions(root: Path, game: str, variant: str, n: int, games: int) -> float:
    """Instructions per transition of ``games`` seeded games in ``root``'s kernel: two
    processes under callgrind, with and without those games after the same warm-up
    games, the second's count taken from the first's (start-up, imports and warm-up
    cancel out)."""
    env, argv = _case(root, game, variant, n, games)
    counts: list[int] = []
    transitions = 0
    with tempfile.TemporaryDirectory(prefix="race-kernel-callgrind-") as tmp:
        for extra in ([], ["--warm-up-only"]):
            out = Path(tmp) / f"callgrind{len(counts)}.out"
            done = subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                 sys.executable, str(HERE), "--count-worker", *argv, *extra],
                env=env, capture_output=True, text=True, check=False, cwd=root)
            if done.returncode != 0:
                raise SystemExit(f"the count in {root} failed:\n{done.stderr[-2000:]}")
            if not extra:
                transitions = int(json.loads(done.stdout.splitlines()[-1])["transitions"])
            totals = [line for line in out.read_text().splitlines()
                      if line.startswith(("summary:", "totals:"))]
            counts.append(int(totals[0].split()[1]))
    return (counts[0] - counts[1]) / transitions


def instructions_against(args: argparse.Namespace, ours: Path, other: Path,
                         todo: list[tuple[str, str, int]]) -> None:
    """``--instructions``: each case's instructions per transition on both sides (one
    round: the counts do not drift with the machine's load)."""
    for game, variant, n in todo:
        a = _instructions(ours, game, variant, n, args.games)
        b = _instructions(other, game, variant, n, args.games)
        print(f"  {game} {variant} {n}p: A {a / 1000:,.1f}k vs B {b / 1000:,.1f}k "
              f"instructions per transition, B/A {b / a:.3f}x", flush=True)


def cases(args: argparse.Namespace) -> list[tuple[str, str, int]]:
    """Every case asked for: (game, variant, player count)."""
    return [(game, variant, n) for game in args.game for variant, n, _ in configs(args, game)]


def _case(root: Path, game: str, variant: str, n: int,
          games: int) -> tuple[dict[str, str], list[str]]:
    """The environment (``root``'s kernel, a fixed hash seed) and the arguments of one
    case's worker process."""
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0"}
    return env, ["--game", game, "--variant", variant, "--players", str(n), "--games", str(games)]


def _run(root: Path, game: str, variant: str, n: int, games: int) -> dict[str, float]:
    """One case measured in a fresh Python process importing ``root``'s kernel."""
    env, argv = _case(root, game, variant, n, games)
    done = subprocess.run([sys.executable, str(HERE), "--worker", *argv], env=env,
                          capture_output=True, text=True, check=False, cwd=root)
    if done.returncode != 0:
        raise SystemExit(f"the measurement in {root} failed:\n{done.stderr[-2000:]}")
    result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return result


def against(args: argparse.Namespace) -> int:
    """This checkout and REV side by side, interleaved, each case in fresh processes."""
    rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", args.against],
                         capture_output=True, text=True, check=True).stdout.strip()
    here = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True, check=True).stdout.strip()
    todo = cases(args)
    sides = (f"A: this checkout ({here}, uncommitted changes included, copied when the run "
             f"started); B: {args.against} ({rev})")
    with tempfile.TemporaryDirectory(prefix="race-kernel-bench-") as tmp:
        # A is this checkout as it is now, copied: an edit made while the rounds run
        # (they take minutes) must not reach the cases measured after it
        ours = Path(tmp) / "here"
        for name in ("kernel", "spec"):
            shutil.copytree(ROOT / name, ours / name,
                            ignore=shutil.ignore_patterns("__pycache__"))
        other = Path(tmp) / "rev"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                        str(other), rev], check=True)
        try:
            if args.instructions:
                print(f"{sides}; instructions counted by valgrind --tool=callgrind over "
                      f"{args.games} seeded games per case "
                      f"after {WARMUP} warm-up games (a process playing only the warm-up "
                      f"games subtracted), every invariant checked; Python "
                      f"{platform.python_version()} on {platform.machine()}")
                instructions_against(args, ours, other, todo)
                return 0
            rounds: list[tuple[dict[str, dict[str, float]], dict[str, dict[str, float]]]] = []
            for r in range(args.rounds):
                a: dict[str, dict[str, float]] = {}
                b: dict[str, dict[str, float]] = {}
                for game, variant, n in todo:
                    case = f"{game} {variant} {n}p"
                    a[case] = _run(ours, game, variant, n, args.games)
                    b[case] = _run(other, game, variant, n, args.games)
                rounds.append((a, b))
                print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(other)], check=False)
    print(f"{sides}; {args.rounds} interleaved rounds of "
          f"{args.games} seeded games per case, "
          f"each case in fresh processes; medians; Python {platform.python_version()} "
          f"on {platform.machine()}")
    for case in rounds[0][0]:
        fa = [figures(a[case]) for a, _ in rounds]
        fb = [figures(b[case]) for _, b in rounds]

        def med(fs: list[dict[str, float]], key: str) -> float:
            return statistics.median(f[key] for f in fs)

        ratio = statistics.median(x["tps"] / y["tps"] for x, y in zip(fa, fb, strict=True))
        bare = statistics.median(x["tps_bare"] / y["tps_bare"]
                                 for x, y in zip(fa, fb, strict=True))
        print(f"  {case}: invariants on: A {med(fa, 'tps'):,.0f} vs B {med(fb, 'tps'):,.0f} "
              f"transitions/s, A {med(fa, 'ms'):.1f} vs B {med(fb, 'ms'):.1f} ms CPU/game, "
              f"A/B speed {ratio:.2f}x; off: A {med(fa, 'tps_bare'):,.0f} vs "
              f"B {med(fb, 'tps_bare'):,.0f} transitions/s, A/B {bare:.2f}x; invariants "
              f"A {med(fa, 'share'):.0%} vs B {med(fb, 'share'):.0%} of the CPU")
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", nargs="*", default=[],
                   help="game ids (default: camel-up-cards-2016; 'all' for every game)")
    p.add_argument("--games", type=int, default=2000, help="games per player count")
    p.add_argument("--players", type=int, nargs="*")
    p.add_argument("--variant", nargs="*", default=[],
                   help="the game's named variants to run (default: its first)")
    p.add_argument("--all-variants", action="store_true", help="every named variant")
    p.add_argument("--against", metavar="REV",
                   help="compare with git revision REV, side by side (interleaved)")
    p.add_argument("--rounds", type=int, default=3, help="rounds for --against")
    p.add_argument("--instructions", action="store_true",
                   help="with --against: instructions per transition under valgrind's "
                        "callgrind instead of time (needs valgrind; slow, but steady "
                        "on a loaded machine)")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--count-worker", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--warm-up-only", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        return worker(args)
    if args.count_worker:
        return counting_worker(args)
    if args.instructions and not args.against:
        p.error("--instructions compares two checkouts: give --against REV")
    if args.instructions and shutil.which("valgrind") is None:
        p.error("--instructions needs valgrind (valgrind --tool=callgrind), not found")
    import kernel

    if not args.game:
        args.game = ["camel-up-cards-2016"]
    elif args.game == ["all"]:
        args.game = list(kernel.games())
    if args.against:
        return against(args)
    print(f"{args.games} seeded games per player count and variant, one core, CPU time, "
          f"Python {platform.python_version()} on {platform.machine()}")
    for game in args.game:
        info = kernel.game_info(game)
        print(f"{game} v{info.version}")
        for variant, n, _ in configs(args, game):
            print(line(f"{variant}, {n} players", _run(ROOT, game, variant, n, args.games)),
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

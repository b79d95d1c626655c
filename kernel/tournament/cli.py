"""``race-kernel tournament``: seat-rotated games between bots, a table and ratings.

    race-kernel tournament GAME --bots a,b,c [--games N | --round-robin [--rounds R]]
        --seed S [--players N] [--set KEY=VALUE ...] [--variant NAME]
        [--workers N] [--ray ADDRESS|auto|local] [--json FILE] [--report FILE.html]
        [--timings FILE] [--time-limit S] [--max-steps N] [--quiet]

Exit 0 when the tournament completed (forfeits are results, recorded in the
table), 2 for bad usage, a missing extra or an unreachable cluster.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kernel.arguments import ArgumentParser, clip


def _parser() -> ArgumentParser:
    p = ArgumentParser(
        prog="race-kernel tournament",
        description="Play seat-rotated games between bots (common random numbers per deal), "
                    "rate them with OpenSkill's Plackett-Luce model in game order and print "
                    "the results table; the same table for any number of workers or backend.")
    game_arguments(p)
    size = p.add_mutually_exclusive_group()
    size.add_argument("--games", type=int, metavar="N",
                      help="about N games (rounded up to whole deals of every seat rotation)")
    size.add_argument("--round-robin", action="store_true",
                      help="every line-up of the bots once, in every seat rotation")
    p.add_argument("--rounds", type=int, default=1, metavar="R",
                   help="with --round-robin: play it R times (1)")
    p.add_argument("--seed", type=int, default=1, help="the tournament's seed (1)")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="local processes (1: in this process); with --ray local, the CPUs "
                        "of the local Ray cluster")
    p.add_argument("--ray", metavar="ADDRESS",
                   help="run the games as Ray tasks: a cluster ADDRESS, auto (the cluster "
                        "this machine belongs to) or local (a new local cluster of --workers "
                        "CPUs); needs race-kernel[ray]")
    p.add_argument("--json", metavar="FILE", help="write the results (no timings) as JSON")
    p.add_argument("--report", metavar="FILE.html", help="write the HTML report")
    p.add_argument("--timings", metavar="FILE", help="write the timings as JSON")
    p.add_argument("--traces", metavar="DIR",
                   help="write each game's trace to DIR/game-NNNNNN.jsonl (race-kernel replay, "
                        "view)")
    p.add_argument("--time-limit", type=float, default=5.0, metavar="S",
                   help="per-move limit of foreign bots in seconds (5)")
    p.add_argument("--max-steps", type=int, metavar="N",
                   help="cut a game short after N steps (default: the game's bound)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def game_arguments(p: ArgumentParser) -> None:
    """The options naming the game, its configuration and the bots (also ``campaign
    selfplay``'s)."""
    p.add_argument("game", nargs="?", metavar="GAME", help="a registered game")
    p.add_argument("--game", dest="game_option", metavar="GAME", help="the same as GAME")
    p.add_argument("--bots", default="", metavar="A,B,C",
                   help="bot specs, comma-separated: random, greedy, ismcts:SIMS, ...")
    p.add_argument("--bot", dest="more_bots", action="append", default=[], metavar="SPEC",
                   help="one more bot (repeatable; for a spec holding a comma, e.g. cmd:...)")
    p.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                   help="a configuration key of the game (repeatable)")
    p.add_argument("--variant", metavar="NAME", help="a named variant of the game")
    p.add_argument("--players", metavar="N", help="the same as --set players=N")


def game_and_bots(p: ArgumentParser,
                  args: argparse.Namespace) -> tuple[str, str, dict[str, Any], list[str]]:
    """The game, variant, configuration and bot specs the options name (usage errors
    through ``p``): the bots of ``--bots`` (comma-separated) and ``--bot`` (one each),
    each named once and each one :func:`kernel.bots.make_bot` can make."""
    import kernel
    from kernel.bots import make_bot
    from kernel.cli import UsageError, _config_of, _game_of

    try:
        game = _game_of(args)
        variant, config = _config_of(kernel.game_info(game), args)
    except UsageError as exc:
        p.error(str(exc))
    bots = [b.strip() for b in args.bots.split(",") if b.strip()] + list(args.more_bots)
    if not bots:
        p.error("name the bots: --bots random,greedy (or --bot SPEC)")
    if len(set(bots)) != len(bots):
        p.error("each bot may be named once")
    for spec in bots:  # a bad spec is a usage error here, not a forfeit in every game
        try:
            bot = make_bot(spec)
        except ValueError as exc:
            p.error(f"bot {clip(spec, 100)}: {exc}")
        close = getattr(bot, "close", None)
        if close is not None:
            close()
    return game, variant, config, bots


def main(argv: Sequence[str]) -> int:
    from kernel.resources import require

    p = _parser()
    args = p.parse_args(list(argv))
    game, variant, config, bots = game_and_bots(p, args)
    if args.games is None and not args.round_robin:
        p.error("give --games N or --round-robin")
    if args.games is not None and args.games < 1:
        p.error("--games must be at least 1")
    if args.rounds < 1 or args.workers < 1:
        p.error("--rounds and --workers must be at least 1")
    if args.traces is not None and not Path(args.traces).is_dir():
        p.error(f"--traces {clip(args.traces, 200)}: not an existing folder")
    if not args.time_limit > 0:
        p.error("--time-limit must be above 0")
    for option, path in (("--json", args.json), ("--report", args.report),
                         ("--timings", args.timings)):
        if path is not None and (Path(path).is_dir() or not Path(path).parent.is_dir()):
            p.error(f"{option} {clip(path, 200)}: not a file in an existing folder")
    require("openskill", "tournament", "race-kernel tournament")
    if args.ray is not None:
        require("ray", "ray", "race-kernel tournament --ray")
    from kernel.tournament.core import tournament
    from kernel.tournament.runner import Progress

    progress = None if args.quiet else Progress("games")
    try:
        results = tournament(game, config, bots, seed=args.seed, games=args.games,
                             round_robin=args.round_robin, rounds=args.rounds,
                             workers=args.workers, ray=args.ray, time_limit=args.time_limit,
                             max_steps=args.max_steps, variant=variant, progress=progress,
                             traces=None if args.traces is None else Path(args.traces))
    except ConnectionError as exc:
        print(f"race-kernel tournament: --ray {clip(args.ray, 100)}: {clip(str(exc))}",
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("race-kernel tournament: interrupted; no table (the games are cut short)",
              file=sys.stderr)
        return 1
    print(results.table_text())
    t = results.timings
    print(f"timings (apart from the results): {t['wall_seconds']} s wall clock, "
          f"{t['game_seconds']} s in games ({t['game_cpu_seconds']} s CPU), "
          f"{t['games_per_second']} games/s, "
          f"{t['games_per_core_second']} games per core-second ({t['backend']}, "
          f"{t['workers']} worker(s))")
    try:
        if args.json is not None:
            Path(args.json).write_text(results.to_json(), encoding="utf-8")
        if args.timings is not None:
            Path(args.timings).write_text(json.dumps(t, indent=1, sort_keys=True) + "\n",
                                          encoding="utf-8")
        if args.report is not None:
            from kernel.tournament.report import page

            Path(args.report).write_text(page(results.data, t), encoding="utf-8")
    except OSError as exc:
        print(f"race-kernel tournament: cannot write: {exc.strerror or clip(str(exc))}",
              file=sys.stderr)
        return 2
    return 0

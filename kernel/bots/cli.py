"""``race-kernel match``: one seeded game between named bots, written as a trace.

    race-kernel match GAME --bots a,b,c [--seed N] [--chance-seed N] [--out trace.jsonl]
                      [--time-limit S] [--set KEY=VALUE ...] [--variant NAME] [--json]

Prints each seat's bot, score and place, every forfeit with its reason, and
each bot's time per move (apart from the result: timings are not part of it).
``--out`` writes the trace (``race-kernel replay`` replays it, ``race-kernel
view`` draws it). Exit 0 when the match was played (forfeits included), 2 for
bad usage or an output that cannot be written.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from kernel.arguments import ArgumentParser, clip
from kernel.bots.base import NAMES, make_bot
from kernel.bots.referee import TIME_LIMIT, play_match


def _bot_list(args_bots: str | None, repeated: list[str]) -> list[str]:
    specs = [s for s in (args_bots.split(",") if args_bots else []) if s] + repeated
    return specs


def main(argv: Sequence[str]) -> int:
    from kernel.cli import UsageError, _config_of, _game_of

    p = ArgumentParser(
        prog="race-kernel match",
        description="Play one seeded game between bots (each given only its seat's view) "
                    "and report the result, the forfeits and each bot's time per move.",
        epilog="Bots: " + "; ".join(f"{k}: {v}" for k, v in NAMES.items())
               + ". The foreign bot protocol: spec/BOTS.md.")
    p.add_argument("game", nargs="?", metavar="GAME")
    p.add_argument("--game", dest="game_option", metavar="GAME", help="the same as GAME")
    p.add_argument("--bots", metavar="A,B,...", help="one bot per seat, comma-separated")
    p.add_argument("--bot", dest="bot_list", action="append", default=[], metavar="SPEC",
                   help="one more seat's bot (repeatable; for a SPEC holding a comma)")
    p.add_argument("--seed", type=int, default=1, help="the match seed (1)")
    p.add_argument("--chance-seed", type=int, default=None,
                   help="the seed of chance alone (default: --seed)")
    p.add_argument("--time-limit", type=float, default=TIME_LIMIT,
                   help=f"seconds per move of a foreign bot ({TIME_LIMIT:g})")
    p.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--variant", metavar="NAME")
    p.add_argument("--players", metavar="N", help="the same as --set players=N "
                   "(default: the number of bots)")
    p.add_argument("--out", metavar="FILE", help="write the trace (JSON Lines) to FILE")
    p.add_argument("--json", action="store_true",
                   help="print the result as JSON (timings under 'times', apart)")
    args = p.parse_args(list(argv))
    specs = _bot_list(args.bots, args.bot_list)
    try:
        if not specs:
            raise UsageError("name the bots: --bots a,b,... (one per seat)")
        game = _game_of(args)
        import kernel

        info = kernel.game_info(game)
        if args.players is None and not any(
                s.partition("=")[0] == info.config.players_key for s in args.sets):
            args.players = str(len(specs))
        _variant, config = _config_of(info, args)
        for spec in specs:
            make_bot(spec)  # a bad name is a usage error, before anything runs
        if not args.time_limit > 0:
            raise UsageError("--time-limit must be positive")
    except (UsageError, ValueError) as exc:
        print(f"race-kernel match: {clip(str(exc))}", file=sys.stderr)
        return 2
    try:
        result = play_match(game, config, specs, args.seed, chance_seed=args.chance_seed,
                            time_limit=args.time_limit)
    except ValueError as exc:  # seats and bots differ in number
        print(f"race-kernel match: {clip(str(exc))}", file=sys.stderr)
        return 2
    if args.out is not None:
        try:
            result.write_trace(args.out)
        except OSError as exc:
            print(f"race-kernel match: --out {clip(args.out, 200)}: cannot write: "
                  f"{exc.strerror or clip(str(exc))}", file=sys.stderr)
            return 2
    times = result.time_summary()
    if args.json:
        doc = result.to_data()
        doc["times"] = times
        print(json.dumps(doc, indent=1))
        return 0
    print(f"{info.name}: {len(result.trace.steps)} steps, seed {result.seed}, chance seed "
          f"{result.chance_seed}{' (cut short)' if result.truncated else ''}")
    unit = info.score.unit
    for seat, spec in enumerate(result.bots):
        t = times[seat]
        print(f"  seat {seat}: {clip(spec, 60):<20} {result.scores[seat]:>4} {unit:<8} "
              f"place {result.placing[seat]}  {t['moves']:>4} moves, "
              f"{1000 * t['mean']:.1f} ms/move (longest {1000 * t['max']:.1f} ms)")
    print("  winners: " + (", ".join(f"seat {w}" for w in result.winners) or "none"))
    for f in result.forfeits:
        print(f"  forfeit: step {f.step}, seat {f.seat}: {f.reason} ({clip(f.detail, 160)}); "
              f"played {f.played}")
    if args.out is not None:
        print(f"  trace: {args.out} (race-kernel replay / race-kernel view)")
    return 0

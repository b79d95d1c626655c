"""The ``race-kernel`` command.

Subcommands:

- ``play``: play a whole seeded game and tell it, rule IDs included (the main job);
- ``games``: list the registered games with their versions;
- ``status``: list the invariants a state (plain-data JSON) breaks;
- ``spec check`` / ``spec export`` / ``spec trace``: the executable spec;
- ``replay``, ``vectors``, ``diff``: the conformance kit.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

import kernel
from kernel.narrate import narrate


def _play(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog="race-kernel play", description="Play and tell a seeded game.")
    p.add_argument("--game", default="camel-up-cards-2016", choices=kernel.games())
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--verbose", action="store_true", help="show every deal and setup choice")
    args = p.parse_args(argv)
    problem = kernel.check_config(args.game, {"players": args.players})
    if problem:
        print(f"race-kernel: bad configuration: {problem}", file=sys.stderr)
        return 2
    trace = kernel.play(args.game, {"players": args.players}, args.seed)
    for line in narrate(trace, verbose=args.verbose):
        print(line)
    return 0


def _games(argv: Sequence[str]) -> int:
    for gid in kernel.games():
        info = kernel.game_info(gid)
        print(f"{gid}  v{info.version}  {info.min_players}-{info.max_players} players  {info.name}")
    return 0


def _status(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog="race-kernel status")
    p.add_argument("file", help="a state in plain-data JSON, or - for stdin")
    args = p.parse_args(argv)
    text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    try:
        data = json.loads(text)
        broken = kernel.status(data)
    except (ValueError, kernel.ConfigError) as exc:
        print(f"race-kernel: {exc}", file=sys.stderr)
        return 2
    for rule in broken:
        print(rule)
    return len(broken)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    commands = {"play": _play, "games": _games, "status": _status}
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    cmd, rest = args[0], args[1:]
    if cmd in commands:
        return commands[cmd](rest)
    if cmd == "spec":
        from kernel.spec.runner import main as spec_main

        return int(spec_main(rest))
    if cmd in ("replay", "vectors", "diff"):
        from kernel.conformance.cli import main as conformance_main

        return int(conformance_main([cmd, *rest]))
    print(f"race-kernel: unknown command {cmd!r}\n{__doc__}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())

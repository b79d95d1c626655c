"""``race-kernel replay | vectors | diff``: the conformance kit's commands.

- ``race-kernel replay TRACE [--all] [-- COMMAND ARGS...]``: replay a JSONL
  trace on the kernel (or, after ``--``, on a program speaking the driver
  protocol) and report the first line whose recorded result differs. The
  exit code is the number of differing lines (capped at 125).
- ``race-kernel vectors [--check] [--game G] [--spec-dir DIR] [--force]``:
  write (or, with ``--check``, regenerate in memory and compare) the golden
  vectors in ``spec/<game-id>/vectors/``, with the rule coverage check.
- ``race-kernel diff --game G [--examples N] [--seed S] [--timeout SECONDS]
  [--max-steps N] [--players N | --config JSON] [--trace-out FILE]
  -- COMMAND ARGS...``: differential testing of a program against the
  kernel; a divergence is shrunk and printed, and saved as a replayable trace.

The formats and the protocol are in spec/PROTOCOL.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

import kernel
from kernel.conformance import vectors
from kernel.conformance.compare import PeerRunner
from kernel.conformance.driver import DiffOptions, diff, write_result
from kernel.conformance.protocol import PeerFailure, SubprocessPeer
from kernel.conformance.trace import replay

#: Exit codes count failures up to this cap (126 and above mean other things to shells).
EXIT_CAP = 125


def _split(argv: Sequence[str]) -> tuple[list[str], list[str]]:
    args = list(argv)
    if "--" in args:
        i = args.index("--")
        return args[:i], args[i + 1:]
    return args, []


def _replay(argv: Sequence[str]) -> int:
    own, command = _split(argv)
    p = argparse.ArgumentParser(
        prog="race-kernel replay",
        description="Replay a JSONL trace; the exit code counts the lines that differ.",
        epilog="After --, a program speaking the driver protocol replays it instead of "
               "the kernel.")
    p.add_argument("trace", help="a trace file (spec/PROTOCOL.md)")
    p.add_argument("--all", action="store_true", help="print every differing line")
    p.add_argument("--timeout", type=float, default=5.0,
                   help="seconds per request to the program (default 5)")
    args = p.parse_args(own)
    if command:
        peer = SubprocessPeer(command, timeout=args.timeout)
        try:
            peer.start()
            report = replay(args.trace, PeerRunner(peer))
        except PeerFailure as exc:
            print(f"race-kernel replay: {exc.text()}", file=sys.stderr)
            return 1
        finally:
            peer.close()
    else:
        report = replay(args.trace)
    print(report.text(all_lines=args.all))
    return min(report.failures, EXIT_CAP)


def _vectors(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(
        prog="race-kernel vectors",
        description="Write the golden vectors of every game, or check them (--check).")
    p.add_argument("--check", action="store_true",
                   help="regenerate in memory and compare with the files")
    p.add_argument("--game", choices=kernel.games(), help="only this game")
    p.add_argument("--spec-dir", help="the spec/ folder (default: found from here)")
    p.add_argument("--force", action="store_true",
                   help="overwrite vectors of the same version (only when the generator "
                        "changed, never for a behaviour change)")
    args = p.parse_args(argv)
    try:
        spec_dir = vectors.find_spec_dir(args.spec_dir)
    except FileNotFoundError as exc:
        print(f"race-kernel vectors: {exc}", file=sys.stderr)
        return 2
    ok = True
    for game in [args.game] if args.game else kernel.games():
        try:
            report = (vectors.check(game, spec_dir) if args.check
                      else vectors.write(game, spec_dir, force=args.force))
        except vectors.KernelBugError as exc:
            print(f"race-kernel vectors: {game}: kernel bug (report it; no vectors made): "
                  f"{exc}", file=sys.stderr)
            ok = False
            continue
        for line in report.lines:
            print(line)
        ok = ok and report.ok
    if not ok:
        print("race-kernel vectors: FAILED" + (" (see above)" if args.check else ""),
              file=sys.stderr)
    return 0 if ok else 1


def _diff(argv: Sequence[str]) -> int:
    own, command = _split(argv)
    p = argparse.ArgumentParser(
        prog="race-kernel diff",
        description="Differential testing of a program speaking the driver protocol "
                    "(spec/PROTOCOL.md) against the kernel.",
        usage="race-kernel diff --game G [options] -- COMMAND ARGS...")
    p.add_argument("--game", default=None, choices=kernel.games(),
                   help="the game (default: the only one, if there is only one)")
    p.add_argument("--examples", type=int, default=100, help="Hypothesis examples (default 100)")
    p.add_argument("--seed", type=int, default=0, help="Hypothesis seed (default 0)")
    p.add_argument("--timeout", type=float, default=5.0,
                   help="seconds per request before the program counts as hung (default 5)")
    p.add_argument("--max-steps", type=int, default=600,
                   help="at most this many actions per example (default 600)")
    p.add_argument("--players", type=int, help="only this player count")
    p.add_argument("--config", help="only this configuration (JSON)")
    p.add_argument("--no-observations", action="store_true",
                   help="do not compare observations")
    p.add_argument("--trace-out", default="diff-trace.jsonl",
                   help="where to save the failing example's trace (default diff-trace.jsonl)")
    args = p.parse_args(own)
    if not command:
        p.error("no program to test: give it after --, e.g. -- python3 my_impl.py")
    game = args.game or (kernel.games()[0] if len(kernel.games()) == 1 else None)
    if game is None:
        p.error("--game is required")
    config = None
    if args.config:
        try:
            config = json.loads(args.config)
        except ValueError as exc:
            p.error(f"--config is not JSON: {exc}")
    elif args.players is not None:
        config = {"players": args.players}
    if config is not None:
        problem = kernel.check_config(game, config)
        if problem:
            p.error(f"bad configuration: {problem} [KERNEL-CONFIG]")
    if args.examples < 1 or args.max_steps < 0 or args.timeout <= 0:
        p.error("--examples, --max-steps and --timeout must be positive")
    peer = SubprocessPeer(command, timeout=args.timeout, startup_timeout=max(args.timeout, 10.0))
    options = DiffOptions(game, examples=args.examples, seed=args.seed, max_steps=args.max_steps,
                          config=config, observations=not args.no_observations)
    result = diff(peer, options)
    print(result.text())
    if result.divergence is not None and not result.lines:
        return 1  # before any game: there is no trace to save
    if result.divergence is not None:
        write_result(args.trace_out, result)
        print(f"trace saved to {args.trace_out} (replay it on the program with: "
              f"race-kernel replay {args.trace_out} -- {' '.join(command)})")
        return 1
    return 0


def main(argv: list[str]) -> int:
    """Dispatch ``argv[0]`` in {replay, vectors, diff}."""
    commands = {"replay": _replay, "vectors": _vectors, "diff": _diff}
    if not argv or argv[0] not in commands:
        print(__doc__)
        return 2
    try:
        return commands[argv[0]](argv[1:])
    except SystemExit as exc:  # argparse: --help or a usage error
        return exc.code if isinstance(exc.code, int) else 2

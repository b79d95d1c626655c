"""The ``race-kernel`` command.

Subcommands:

- ``play``: play a whole seeded game and tell it, rule IDs included (the main job);
- ``games``: list the registered games with their versions;
- ``status``: list the invariants a state (plain-data JSON) breaks;
- ``spec check`` / ``spec export`` / ``spec trace`` / ``spec interpretations``:
  the executable spec;
- ``replay``, ``vectors``, ``diff``: the conformance kit.

Exit codes (every subcommand, and ``python -m kernel.conformance.server``):

====  ====================================================================
code  meaning
====  ====================================================================
0     success: the game was told, the state breaks no invariant, every
      example passes, the trace replays exactly, the vectors match, no
      divergence was found
1     a finding: ``status``: the candidate breaks invariants (listed);
      ``spec check``: an example fails or an example file has a problem;
      ``spec trace``: a traceability gap; ``replay``: a recorded result
      differs (however many lines), or the program under test crashed,
      hung or printed garbage; ``vectors``: the vectors differ from the
      kernel, a rule is not covered or the kernel broke its own API;
      ``diff``: a divergence, or the program failed
2     bad usage or unreadable input: an unknown command or option, a bad
      value, a selection that matches nothing (``spec check --rule NOPE``),
      a file that is missing, a folder, not UTF-8, not JSON of the
      documented form (too deep, an integer beyond 2**53, a float,
      ``Infinity``, a wrong or missing field), a trace of another protocol
      or behaviour version, an output path that cannot be written, a
      missing optional dependency (``pip install 'race-kernel[conformance]'``)
====  ====================================================================

A message on stderr says what went wrong in a bounded number of characters
(naming the file, line and field for unreadable input); no command prints a
traceback for any input. A traceback means a bug of the kernel: please
report it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

import kernel
from kernel.decode import DecodeError, loads, show
from kernel.narrate import narrate
from kernel.resources import MissingExtra

#: The longest message an argument error prints (characters).
MESSAGE_LIMIT = 300


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters (a message must stay short).

    >>> clip("x" * 10, 4)
    'xxxx... (10 characters)'
    """
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


class ArgumentParser(argparse.ArgumentParser):
    """argparse with bounded error messages (an argument may be megabytes long)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {clip(message)}\n")


def exit_code(exc: SystemExit) -> int:
    """The exit code of a SystemExit (argparse's, or another command's)."""
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code
    print(clip(str(exc.code)), file=sys.stderr)
    return 2


def _play(argv: Sequence[str]) -> int:
    p = ArgumentParser(prog="race-kernel play", description="Play and tell a seeded game.")
    p.add_argument("--game", default="camel-up-cards-2016", choices=kernel.games())
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--verbose", action="store_true", help="show every deal and setup choice")
    args = p.parse_args(argv)
    problem = kernel.check_config(args.game, {"players": args.players})
    if problem:
        print(f"race-kernel play: bad configuration: {clip(problem)}", file=sys.stderr)
        return 2
    trace = kernel.play(args.game, {"players": args.players}, args.seed)
    for line in narrate(trace, verbose=args.verbose):
        print(line)
    return 0


def _games(argv: Sequence[str]) -> int:
    ArgumentParser(prog="race-kernel games",
                   description="List the registered games.").parse_args(argv)
    for gid in kernel.games():
        info = kernel.game_info(gid)
        print(f"{gid}  v{info.version}  {info.min_players}-{info.max_players} players  {info.name}")
    return 0


#: The largest input file a command reads whole (bytes): a state is a few KiB.
MAX_INPUT = 16 * 1024 * 1024


class InputTooLarge(ValueError):
    """An input file larger than :data:`MAX_INPUT`."""


def read_input(name: str, limit: int = MAX_INPUT) -> bytes:
    """The bytes of a file, or of stdin for ``-``, at most ``limit`` of them.

    OSError when it cannot be read, InputTooLarge when it is larger (so that
    ``/dev/zero`` or a huge file cannot exhaust the memory).
    """
    if name == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise OSError("stdin cannot be read as bytes")
        data = stream.read(limit + 1)
    else:
        with open(name, "rb") as file:
            data = file.read(limit + 1)
    assert isinstance(data, bytes)
    if len(data) > limit:
        raise InputTooLarge(f"larger than {limit} bytes")
    return data


def _status(argv: Sequence[str]) -> int:
    p = ArgumentParser(
        prog="race-kernel status",
        description="List the invariants a candidate state breaks: exit 0 when none, "
                    "1 when some (listed), 2 when the file cannot be read.")
    p.add_argument("file", help="a state in plain-data JSON, or - for stdin")
    args = p.parse_args(argv)
    where = "<stdin>" if args.file == "-" else clip(args.file, 200)
    try:
        data = loads(read_input(args.file))
    except OSError as exc:
        print(f"race-kernel status: {where}: cannot read: {exc.strerror or clip(str(exc))}",
              file=sys.stderr)
        return 2
    except (DecodeError, InputTooLarge) as exc:
        print(f"race-kernel status: {where}: {exc}", file=sys.stderr)
        return 2
    if not isinstance(data, dict):
        print(f"race-kernel status: {where}: a state is a JSON object, not {show(data)}",
              file=sys.stderr)
        return 2
    try:
        broken = kernel.status(data)
    except ValueError as exc:  # not a state of a registered game (ConfigError included)
        print(f"race-kernel status: {where}: {clip(' '.join(str(exc).split()))}",
              file=sys.stderr)
        return 2
    for rule in broken:
        print(rule)
    return 1 if broken else 0


USAGE = """usage: race-kernel COMMAND [ARGS]   (race-kernel --help for the commands)"""


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``race-kernel ARGV``; the exit code (0, 1 or 2, see above)."""
    args = list(sys.argv[1:] if argv is None else argv)
    commands = {"play": _play, "games": _games, "status": _status}
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if not args:
        print(f"race-kernel: no command\n{USAGE}", file=sys.stderr)
        return 2
    cmd, rest = args[0], args[1:]
    try:
        if cmd in commands:
            return commands[cmd](rest)
        if cmd == "spec":
            from kernel.spec.runner import main as spec_main

            return int(spec_main(rest))
        if cmd in ("replay", "vectors", "diff"):
            from kernel.conformance.cli import main as conformance_main

            return int(conformance_main([cmd, *rest]))
    except SystemExit as exc:  # argparse: --help, or a usage error
        return exit_code(exc)
    except MissingExtra as exc:  # an optional dependency is not installed
        print(exc, file=sys.stderr)
        return 2
    print(f"race-kernel: unknown command {show(cmd)}\n{USAGE}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())

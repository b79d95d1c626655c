"""The ``race-kernel`` command.

Subcommands:

- ``play GAME [--set KEY=VALUE ...] [--variant NAME] [--players N] [--seed S]
  [--verbose | --quiet] [--trace FILE] [--html FILE]``: play a whole seeded
  game of any registered game and tell it event by event, rule IDs included,
  with the game's own picture of the table (after the first, only its lines
  that change), the running scores with what each payout came from, and the
  final standings (the main job); ``--quiet`` tells only the decisions,
  ``--trace`` writes the game as a JSON Lines trace. The configuration comes
  from the game's ``ConfigSpec``: ``--set`` takes its keys (lists
  comma-separated), ``--variant`` its named variants, ``--players N`` is
  ``--set players=N``. GAME (or ``--game GAME``) may be left out while only
  one game is registered;
- ``play GAME --human SEAT [--bots A,B,...] [--seed S] [--trace FILE]``: play
  SEAT yourself against bots (:mod:`kernel.human`): your view only, your legal
  actions numbered, ``? N`` the rule behind action N, ``u`` undo, ``q`` quit;
  the game is saved as a trace on exit;
- ``games``: list the registered games: version, seats, name, score, chance
  and information, configuration keys with defaults, variants;
- ``status``: list the invariants a state (plain-data JSON) breaks ("valid"
  when none);
- ``spec check`` / ``spec export`` / ``spec trace`` / ``spec interpretations``:
  the executable spec; ``spec path [GAME]``: the folder of the spec data in
  use (the copy shipped in the package when installed);
- ``--version``: the installed version;
- ``replay``, ``vectors``, ``diff``: the conformance kit.
- ``view TRACE.jsonl [-o FILE.html] [--seat N]``: write one self-contained
  HTML page showing a trace of any registered game (a golden vector, a
  played game, a ``diff`` divergence report): the table drawn at every step,
  the events with their rules, scores, standings, a seat's view
  (:mod:`kernel.viewer`); ``play ... --html FILE`` writes the same page for
  the game it plays.
- ``tournament GAME --bots A,B,C (--games N | --round-robin) --seed S
  [--workers N] [--ray ADDRESS|auto|local] [--json FILE] [--report FILE.html]``:
  seat-rotated games between bots with common random numbers, a results table
  and OpenSkill ratings (:mod:`kernel.tournament`); ``campaign diff ...`` and
  ``campaign selfplay ...``: differential runs over many seeds and self-play
  Parquet datasets on the same runner.
- ``match GAME --bots A,B,... [--seed N] [--out TRACE.jsonl]``: one seeded
  game between bots (``kernel.bots``), each given only its seat's view; the
  result, forfeits and each bot's time per move (:mod:`kernel.bots.cli`).
- ``odds TRACE.jsonl [--step N] [--seat S] [--json]``, ``odds STATE.json
  [--seat S]`` or ``odds POSITION.json``: the exact odds of the rest of the
  current leg from a seat, for every game that has odds (``kernel.seat_odds``;
  a game's own position document through its ``odds`` command,
  :mod:`kernel.odds_cli`).
- ``NAME [--game GAME] ...``: a command a registered game contributes
  (``GameInfo.commands``, e.g. exact odds), listed below and by ``games``.

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
import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import kernel
from kernel.arguments import ArgumentParser, clip, exit_code, plain_text
from kernel.decode import DecodeError, loads, show
from kernel.narrate import final_lines, narrate, set_text
from kernel.registry import GameInfo
from kernel.resources import MissingExtra


class UsageError(Exception):
    """A bad ``play`` argument: the one-line message (exit 2)."""


def _game_of(args: argparse.Namespace) -> str:
    """The game named by GAME or ``--game``; when omitted, the only registered game."""
    known = kernel.games()
    if args.game is not None and args.game_option is not None and args.game != args.game_option:
        raise UsageError(f"two games named: {show(args.game)} and {show(args.game_option)}")
    game = args.game if args.game is not None else args.game_option
    if game is None:
        if len(known) == 1:
            return known[0]
        raise UsageError(f"name the game: one of {', '.join(known)} (race-kernel games)")
    if game not in known:
        raise UsageError(f"unknown game {show(game)}; known: {', '.join(known)}")
    return str(game)


def _config_of(info: GameInfo, args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    """The variant's name and the configuration: the variant's keys, then ``--set``."""
    spec = info.config
    variant = args.variant if args.variant is not None else next(iter(spec.variants))
    if variant not in spec.variants:
        raise UsageError(f"unknown variant {show(variant)} of {info.id}; known: "
                         f"{', '.join(spec.variants)}")
    config = dict(spec.variants[variant])
    pairs: list[tuple[str, str, str]] = []  # (as given, key, text)
    if args.players is not None:  # --players N is --set players=N
        pairs.append(("--players", spec.players_key, args.players))
    for item in args.sets:
        key, sep, text = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--set takes KEY=VALUE, not {show(item)}")
        pairs.append((f"--set {key}", key, text))
    seen: set[str] = set()
    for given, key, text in pairs:
        field = spec.field(key)
        if field is None:
            raise UsageError(f"--set {show(key)}: not a configuration key of {info.id}; "
                             f"known: {', '.join(f.name for f in spec.fields)}")
        if key in seen:
            raise UsageError(f"{given}: {key} is given twice")
        seen.add(key)
        try:
            value = field.parse_text(text)
        except ValueError:
            kind = _TYPE_WORDS.get(field.type, field.type)
            raise UsageError(f"{given}: {show(text)} is not {kind}") from None
        if field.choices and value not in field.choices:
            raise UsageError(f"{given}: {show(text)} is not one of "
                             f"{', '.join(set_text(c) for c in field.choices)}")
        config[key] = value
    if spec.players_key not in config:  # the one key every game needs
        players = spec.field(spec.players_key)
        assert players is not None  # registry.check
        config[spec.players_key] = (players.default(config) if callable(players.default)
                                    else players.default)
    try:
        problem = kernel.check_config(info.id, config)
    except ValueError as exc:
        problem = str(exc)
    if problem:
        raise UsageError(f"bad configuration: {' '.join(problem.split())}")
    return variant, config


#: How the ``--set`` messages name a configuration field's type.
_TYPE_WORDS = {"int": "an integer", "int-list": "integers separated by commas (2,0,1)",
               "bool": "true or false", "str": "a text"}


def _play(argv: Sequence[str]) -> int:
    p = ArgumentParser(
        prog="race-kernel play",
        description="Play a whole seeded game (random legal moves, chance drawn with the "
                    "seed) and tell it event by event, with the rule IDs applied, the table "
                    "drawn after each event that changes it (after the first picture, only "
                    "its lines that change) and the final standings. With --human SEAT, "
                    "play SEAT yourself at the terminal against bots.",
        epilog="race-kernel games lists the games, their configuration keys and variants.")
    p.add_argument("game", nargs="?", metavar="GAME",
                   help="a registered game; may be left out while only one is registered")
    p.add_argument("--game", dest="game_option", metavar="GAME", help="the same as GAME")
    p.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                   help="a configuration key of the game (repeatable; lists: 2,0,1)")
    p.add_argument("--variant", metavar="NAME", help="a named variant of the game "
                   "(default: the first the game lists)")
    p.add_argument("--players", metavar="N", help="the same as --set players=N")
    p.add_argument("--seed", type=int, default=1, help="the seed of chance and moves (1)")
    p.add_argument("--verbose", action="store_true",
                   help="tell every event the game sums up (deals, hidden choices)")
    p.add_argument("--quiet", action="store_true",
                   help="tell only the decisions (no events, no pictures), and the standings")
    p.add_argument("--html", metavar="FILE", default=None,
                   help="also write the game's viewer page (race-kernel view) to FILE")
    p.add_argument("--trace", metavar="FILE", default=None,
                   help="also write the game as a JSON Lines trace to FILE (race-kernel "
                        "replay FILE replays it, race-kernel view FILE draws it)")
    p.add_argument("--human", metavar="SEAT", type=int, default=None,
                   help="play SEAT yourself at the terminal against bots: its view only, "
                        "its legal actions numbered; ? N for the rule behind action N, u to "
                        "undo, q to quit; the game is saved as a trace (--trace, default "
                        "race-kernel-GAME-seedS.jsonl)")
    p.add_argument("--bots", metavar="A,B,...", default=None,
                   help="with --human: the other seats' bots in seat order, or one for all "
                        "(random, greedy, ismcts:SIMS:WORLDS, cmd:PROGRAM; default random)")
    args = p.parse_args(argv)
    try:
        game = _game_of(args)
        info = kernel.game_info(game)
        variant, config = _config_of(info, args)
        if args.html is not None and args.human is not None:
            raise UsageError("--html goes with a told game; your game's page: race-kernel "
                             "view TRACE --seat SEAT (the trace --human saves)")
        if args.bots is not None and args.human is None:
            raise UsageError("--bots goes with --human SEAT (race-kernel match plays bots "
                             "against each other)")
    except UsageError as exc:
        print(f"race-kernel play: {clip(str(exc))}", file=sys.stderr)
        return 2
    if args.human is not None:
        return _play_human(args, game, config, variant)
    trace = kernel.play(game, config, args.seed)
    if args.html is not None and not _write_html(trace, args.html):
        return 2
    if args.trace is not None and not _write_trace(trace, args.trace):
        return 2
    told = (_decisions(trace, variant) if args.quiet
            else narrate(trace, verbose=args.verbose, variant=variant))
    try:
        for line in told:
            print(line)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (| head): stop telling, say so
        _stdout_to_devnull()
        print("race-kernel play: the output was closed; the rest is not told",
              file=sys.stderr)
        return 2
    return 0


def _play_human(args: argparse.Namespace, game: str, config: dict[str, Any],
                variant: str) -> int:
    """``play GAME --human SEAT [--bots ...]``: the player at the terminal (kernel.human)."""
    from kernel.bots.base import make_bot
    from kernel.human import play_human

    names = [b for b in (args.bots or "random").split(",") if b]
    try:
        for name in names:
            make_bot(name)  # a bad name is a usage error, before anything runs
    except ValueError as exc:
        print(f"race-kernel play: --bots: {clip(str(exc))}", file=sys.stderr)
        return 2
    path = args.trace if args.trace is not None else f"race-kernel-{game}-seed{args.seed}.jsonl"
    existed = os.path.exists(path)
    try:  # a trace that cannot be written is said before the game, not after it
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        print(f"race-kernel play: --trace {clip(path, 200)}: cannot write: "
              f"{exc.strerror or clip(str(exc))}", file=sys.stderr)
        return 2
    try:
        return play_human(game, config, args.human, names, args.seed, stdin=sys.stdin,
                          stdout=sys.stdout, trace_path=path, quiet=args.quiet,
                          verbose=args.verbose, variant=variant)
    except ValueError as exc:  # a seat out of range, bots for the wrong number of seats
        if not existed and os.path.getsize(path) == 0:
            os.remove(path)  # nothing was played: no empty trace left behind
        print(f"race-kernel play: {clip(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nrace-kernel play: interrupted", file=sys.stderr)
        return 2


def _decisions(trace: kernel.Trace, variant: str) -> Iterator[str]:
    """``play --quiet``: the heading, each seat's decision (a line), the final standings."""
    info = kernel.game_info(trace.game)
    narrator = info.narrator
    config = " ".join(f"{k}={set_text(v)}" for k, v in trace.config.items())
    yield info.name
    yield f"game {trace.game} v{trace.version}, variant {variant}, {config}, seed {trace.seed}"
    yield ""
    for n, step in enumerate(trace.steps, 1):
        if step.actor != kernel.CHANCE:
            yield f"{n:4d} {narrator.seat_name(step.actor)}: {step.action.text}"
    yield ""
    yield from final_lines(info, info.outcome(trace.final), len(trace.steps))


def _write_trace(trace: kernel.Trace, path: str) -> bool:
    """Write ``trace`` as JSON Lines to ``path`` (False, said on stderr, if it cannot)."""
    from kernel.human import write_trace

    try:
        write_trace(trace, path)
    except OSError as exc:
        print(f"race-kernel play: --trace {clip(path, 200)}: cannot write: "
              f"{exc.strerror or clip(str(exc))}", file=sys.stderr)
        return False
    return True


def _write_html(trace: kernel.Trace, path: str) -> bool:
    """Write the viewer page of ``trace`` to ``path`` (False, said on stderr, if it cannot)."""
    from kernel.viewer import page_of_trace

    page = page_of_trace(trace, source="race-kernel play")
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(page)
    except OSError as exc:
        print(f"race-kernel play: --html {clip(path, 200)}: cannot write: "
              f"{exc.strerror or clip(str(exc))}", file=sys.stderr)
        return False
    return True


def _stdout_to_devnull() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush cannot fail."""
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _games(argv: Sequence[str]) -> int:
    ArgumentParser(
        prog="race-kernel games",
        description="List the registered games: id, behaviour version, seats, name, score, "
                    "chance and information, configuration keys (--set) and variants "
                    "(--variant).").parse_args(argv)
    for gid in kernel.games():
        info = kernel.game_info(gid)
        score = info.score
        print(f"{gid}  v{info.version}  {info.min_players}-{info.max_players} players  "
              f"{info.name}")
        print(f"  score: {score.kind} in {score.unit}; {score.winners}")
        print(f"  chance: {info.chance_mode}; information: {info.information}")
        for field in info.config.fields:
            if callable(field.default):
                default = "depends on the other keys"
            elif field.default is None:
                default = "left to the game"
            else:
                default = set_text(field.default) or "empty"
            form = f"{field.name}={_TYPE_FORMS.get(field.type, field.type.upper())}"
            choices = (f", one of {', '.join(set_text(c) for c in field.choices)}"
                       if field.choices else "")
            print(f"  --set {form:<22} (default: {default}{choices}) {field.doc}")
        for name, keys in info.config.variants.items():
            sets = " ".join(f"{k}={set_text(v)}" for k, v in keys.items()) or "(no keys set)"
            print(f"  --variant {name:<18} {sets}")
        for name, command in info.commands.items():
            print(f"  race-kernel {name}: {command.summary}")
    return 0


#: How ``games`` shows a configuration field's type.
_TYPE_FORMS = {"int": "INT", "int-list": "INT,INT,...", "bool": "true|false", "str": "TEXT"}


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
    if not broken:
        print(f"valid: a {data.get('game')} state that breaks no invariant")
    return 1 if broken else 0


def version() -> str:
    """The installed distribution's version (the source tree's when not installed)."""
    from importlib import metadata

    try:
        return metadata.version("race-kernel")
    except metadata.PackageNotFoundError:
        return "unknown (not installed: run from a source tree)"


USAGE = """usage: race-kernel COMMAND [ARGS]   (race-kernel --help for the commands)"""


def _game_command(cmd: str, rest: list[str]) -> int | None:
    """Run a command a registered game contributes (``GameInfo.commands``); None if none does.

    ``race-kernel NAME [--game GAME] ARGS``: ``--game`` chooses among several
    games offering NAME and may be left out when only one does.
    """
    offering = [gid for gid in kernel.games() if cmd in kernel.game_info(gid).commands]
    if not offering:
        return None
    chosen: str | None = offering[0] if len(offering) == 1 else None
    if len(rest) >= 2 and rest[0] == "--game":
        chosen, rest = rest[1], rest[2:]
    elif rest and rest[0].startswith("--game="):
        chosen, rest = rest[0].split("=", 1)[1], rest[1:]
    if chosen not in offering:
        print(f"race-kernel {cmd}: --game one of {', '.join(offering)}", file=sys.stderr)
        return 2
    return int(kernel.game_info(chosen).commands[cmd].run(list(rest)))


def _command_list() -> str:
    """The commands registered games contribute, one line each (for --help)."""
    lines = [f"- ``{name}`` ({gid}): {command.summary}"
             for gid in kernel.games()
             for name, command in kernel.game_info(gid).commands.items()]
    return "\n".join(["", "Commands of the registered games:", "", *lines]) if lines else ""


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``race-kernel ARGV``; the exit code (0, 1 or 2, see above).

    An output closed early (``race-kernel play ... | head``) ends the command
    quietly with exit 2 (an output that cannot be written), not a traceback.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        return _main(args)
    except BrokenPipeError:
        try:  # Python would report the failed flush of stdout at exit
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 2


def _main(args: list[str]) -> int:
    commands = {"play": _play, "games": _games, "status": _status}
    if args and args[0] in ("-h", "--help"):
        print(plain_text(__doc__ or ""), plain_text(_command_list()), sep="")
        return 0
    if args and args[0] in ("-V", "--version"):
        print(f"race-kernel {version()}")
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
        if cmd == "match":
            from kernel.bots.cli import main as match_main

            return int(match_main(rest))
        if cmd == "view":
            from kernel.viewer import main as view_main

            return int(view_main(rest))
        if cmd == "tournament":
            from kernel.tournament.cli import main as tournament_main

            return int(tournament_main(rest))
        if cmd == "campaign":
            from kernel.tournament.campaigns import main as campaign_main

            return int(campaign_main(rest))
        if cmd == "odds":
            from kernel.odds_cli import main as odds_main

            return int(odds_main(rest))
        if cmd in ("replay", "vectors", "diff"):
            from kernel.conformance.cli import main as conformance_main

            return int(conformance_main([cmd, *rest]))
        code = _game_command(cmd, rest)
        if code is not None:
            return code
    except SystemExit as exc:  # argparse: --help, or a usage error
        return exit_code(exc)
    except MissingExtra as exc:  # an optional dependency is not installed
        print(exc, file=sys.stderr)
        return 2
    print(f"race-kernel: unknown command {show(cmd)}\n{USAGE}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())

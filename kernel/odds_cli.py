"""``race-kernel odds``: the exact odds of the rest of a leg, for every game that has odds.

    race-kernel odds TRACE.jsonl [--step N] [--seat S] [--json]
    race-kernel odds STATE.json [--seat S] [--json]
    race-kernel odds POSITION.json [--json] [...]     (a game's own position document)

A trace (JSON Lines, as ``race-kernel play --trace`` writes) is replayed up to
step ``N`` (default: its end; 0 is its initial state) and the odds are those
of ``kernel.seat_odds`` from seat ``S`` (default: the seat to act, else 0):
over what that seat saw, under the reading the game's catalogue names. A
state's plain data is a history of no steps (the state is known to the seat,
as for ``kernel.resample``). Any other document goes to the game's own
``odds`` command (``GameInfo.commands``), which reads its position documents
(``--game G`` chooses the game when several have one); a state of such a game
without ``--seat`` goes there too. Exit codes: 0, 1 when the point has no
odds (no leg under way), 2 for bad usage or an unreadable document.
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import kernel
from kernel.api import Step, Trace
from kernel.plugin import SeatOdds

__all__ = ["main", "odds_document"]

COMMAND = "odds"


def _frac(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def odds_document(odds: SeatOdds, seat: int) -> dict[str, Any]:
    """The ``--json`` document: fractions as "n/d"."""
    return {
        "reading": odds.reading,
        "seat": seat,
        "places": {c: [_frac(p) for p in ps] for c, ps in odds.places},
        "race_ends": _frac(odds.race_ends),
        "values": {a: _frac(v) for a, v in odds.values},
    }


def _table(odds: SeatOdds, seat: int, game: str) -> str:
    places = len(odds.places[0][1]) if odds.places else 0
    names = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")[:places]
    lines = [f"{game}, seat {seat}: the rest of the leg under the reading {odds.reading} "
             f"(see the game's catalogue)", "",
             "Place at the end of this leg (exact; percentages rounded):", "",
             " " * 8 + "".join(f"{n:>10}" for n in names)]
    lines += [f"{c:<8}" + "".join(f"{float(p):>10.2%}" for p in ps) for c, ps in odds.places]
    lines.append("")
    lines += [f"  {c:<8}" + "  ".join(_frac(p) for p in ps) for c, ps in odds.places]
    lines += ["", f"The race ends this leg: {float(odds.race_ends):.2%} "
                  f"({_frac(odds.race_ends)})", "",
              "Expected value to the seat of each action (best first):", ""]
    for action, v in sorted(odds.values, key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"  {action:<18}{float(v):>+9.3f}  {_frac(v)}")
    return "\n".join(lines)


def _history(lines: list[dict[str, Any]], step: int | None) -> Trace:
    """The trace's history up to ``step`` steps applied (ValueError when it cannot be)."""
    header = lines[0]
    if "state" not in header:
        raise ValueError("the trace's header has no state (write it with full states)")
    game = str(header["game"])
    info = kernel.game_info(game)
    state = kernel.from_data(header["state"])
    steps: list[Step] = []
    todo = [ln for ln in lines[1:] if ln.get("type") == "step" and "rejected" not in ln]
    if step is not None and not 0 <= step <= len(todo):
        raise ValueError(f"--step: 0 to {len(todo)} (the trace's applied steps)")
    for line in todo[:step]:
        action = kernel.parse_action(game, line["action"])
        if isinstance(action, kernel.Rejected):
            raise ValueError(f"step {line.get('n')}: {action.reason}")
        actor = kernel.current_actor(state)
        result = kernel.apply(state, action)
        if not isinstance(result, kernel.Applied):
            raise ValueError(f"step {line.get('n')}: {result.rule}: {result.reason}")
        steps.append(Step(actor, action, result.events, result.state))
        state = result.state
    return Trace(game, info.version, dict(header.get("config", {})),
                 int(header.get("seed", 0)), kernel.from_data(header["state"]), tuple(steps))


def _delegate(argv: list[str], game: str | None) -> int:
    """The game's own ``odds`` command (position documents)."""
    offering = [g for g in kernel.games() if COMMAND in kernel.game_info(g).commands]
    if game is None and len(offering) == 1:
        game = offering[0]
    if game not in offering:
        print(f"race-kernel odds: a position document is read by a game's own odds command: "
              f"--game one of {', '.join(offering) or '(none registered)'}", file=sys.stderr)
        return 2
    return int(kernel.game_info(game).commands[COMMAND].run(argv))


def _parser() -> argparse.ArgumentParser:
    offering = [(g, kernel.game_info(g).commands[COMMAND]) for g in kernel.games()
                if COMMAND in kernel.game_info(g).commands]
    with_odds = [g for g in kernel.games() if kernel.game_info(g).seat_odds is not None]
    epilog = ("Games with odds: " + ", ".join(with_odds) + ". Position documents: "
              + "; ".join(f"{g}: {c.summary}" for g, c in offering)
              + " (race-kernel odds --game GAME --help for its own options).")
    p = argparse.ArgumentParser(
        prog="race-kernel odds",
        description="Exact odds of the rest of the current leg from a seat: each camel's "
                    "place at the leg's end, the chance that the race ends, and what each "
                    "action on offer is worth to the seat, under the reading the game's "
                    "catalogue names (for the card games over what the seat cannot see).",
        epilog=epilog)
    p.add_argument("file", help="a trace (.jsonl), a state's plain data or a game's position "
                                "document (.json; - for standard input)")
    p.add_argument("--step", type=int, default=None,
                   help="with a trace: the odds after this many applied steps (default: all)")
    p.add_argument("--seat", type=int, default=None,
                   help="the seat whose view is taken (default: the seat to act, else 0)")
    p.add_argument("--json", action="store_true", help="print JSON, fractions as n/d")
    p.add_argument("--game", default=None, help="the game whose position document FILE is")
    return p


def main(argv: list[str] | None = None) -> int:
    """Run ``race-kernel odds``; the exit code (0, 1 no odds at that point, 2 bad usage)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if "--help" in args_list or "-h" in args_list:
        if "--game" in args_list:
            i = args_list.index("--game")
            return _delegate(["--help"], args_list[i + 1] if i + 1 < len(args_list) else None)
        _parser().print_help()
        return 0
    known, extra = _parser().parse_known_args(args_list)
    if known.file.endswith(".jsonl"):
        if extra:
            print(f"race-kernel odds: unknown options {' '.join(extra)}", file=sys.stderr)
            return 2
        return _from_trace(known)
    try:
        text = sys.stdin.read() if known.file == "-" else Path(known.file).read_text(
            encoding="utf-8")
        doc = json.loads(text)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        print(f"race-kernel odds: cannot read {known.file}: {exc}", file=sys.stderr)
        return 2
    rest = [a for a in args_list if a not in ("--game", known.game)]
    is_state = isinstance(doc, dict) and isinstance(doc.get("game"), str) \
        and doc["game"] in kernel.games()
    own = is_state and COMMAND in kernel.game_info(doc["game"]).commands
    if not is_state or (own and known.seat is None):
        if known.step is not None:
            print("race-kernel odds: --step is for a trace (.jsonl)", file=sys.stderr)
            return 2
        return _delegate(rest, doc["game"] if own else known.game)
    if extra or known.step is not None:
        print(f"race-kernel odds: unknown options {' '.join(extra) or '--step'} for a state",
              file=sys.stderr)
        return 2
    try:
        state = kernel.from_data(doc)
    except Exception as exc:  # the game's strict reader: DecodeError, InvalidState, ...
        print(f"race-kernel odds: {known.file}: not a valid state: {exc}", file=sys.stderr)
        return 2
    info = kernel.game_info(doc["game"])
    history = Trace(info.id, info.version, {}, 0, state, ())
    return _report(history, known.seat, known.json)


def _from_trace(args: argparse.Namespace) -> int:
    from kernel.conformance.trace import TraceError, read_trace

    try:
        history = _history(read_trace(args.file), args.step)
    except (TraceError, ValueError, KeyError, TypeError, kernel.ConfigError) as exc:
        print(f"race-kernel odds: {args.file}: {exc}", file=sys.stderr)
        return 2
    return _report(history, args.seat, args.json)


def _report(history: Trace, seat: int | None, as_json: bool) -> int:
    if seat is None:
        actor = kernel.current_actor(history.final)
        seat = actor if actor >= 0 else 0
    try:
        odds = kernel.seat_odds(history, seat)
    except ValueError as exc:
        print(f"race-kernel odds: {exc}", file=sys.stderr)
        return 2
    if odds is None:
        print(f"race-kernel odds: no leg under way at this point (seat {seat}): no odds",
              file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps(odds_document(odds, seat)))
    else:
        print(_table(odds, seat, history.game))
    return 0

"""``race-kernel odds POSITION.json [--json]``: the exact odds of the rest of a 2018 leg.

POSITION is a position document (``track``, ``pyramid``, optional ``tiles``,
``tickets``, ``mover_tile``; see :func:`position_from_document`) or the plain
data of a ``camel-up-2018`` state (its current leg, seen from the player to
move: :func:`kernel.games.camel_up_2018.position.position_of`). Prints each
racing camel's place at the end of the leg, the probability that the race
ends this leg and the places if it does, and the expected value of every
action on offer (:func:`kernel.games.camel_up_2018.odds.ev_table`). A
document that breaks the rules is refused with a message naming the field
(exit code 2). Runnable as ``python -m kernel.games.camel_up_2018.odds_cli``.

>>> import json, tempfile, os
>>> doc = {"track": {"1": ["blue", "green"], "2": ["red", "yellow"], "3": ["purple"],
...                  "14": ["white"], "16": ["black"]}, "pyramid": ["yellow", "green"]}
>>> with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
...     json.dump(doc, f)
>>> main([f.name, "--json"])  # doctest: +ELLIPSIS
{"place": {"blue": ["0/1", "0/1", "0/1", "0/1", "1/1"], ...
0
>>> os.unlink(f.name)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from kernel.games.camel_up_2018.movement import (
    CAMELS,
    CRAZY,
    DICE,
    RACING,
    SPACES,
    TICKET_VALUES,
    Tile,
    board_of,
)
from kernel.games.camel_up_2018.odds import (
    Estimate,
    LegOdds,
    Position,
    ev_table,
    leg_odds,
    simulate_race,
)

__all__ = ["EV_NOTE", "PositionError", "main", "position_from_document", "report"]

FIELDS = ("track", "pyramid", "tiles", "tickets", "mover_tile")
#: The grey die, which moves the crazy camels (CU2-DIE-GREY).
GREY = "grey"
#: The position document's fields, for ``--help``.
FIELDS_HELP = (
    "A position document is a JSON object: track (required): space \"1\"..\"16\" -> "
    "its camels bottom to top, every racing camel (blue, green, red, yellow, purple) and "
    "the crazy camels (white, black) once; the crazy camels may be left out, both, once the "
    "grey die is out of the pyramid; pyramid (required): the 2 to 6 dice still in it (blue, "
    "green, red, yellow, purple, grey); tiles: space -> \"cheer\" or \"boo\"; tickets: "
    "colour -> the value of its top betting ticket (5, 3, 2, or 0 for none left; default 5); "
    "mover_tile: the space of the moving player's own tile (one of tiles). A state's "
    "plain data (with \"game\") is read too.")
SIDES = {"cheer": True, "boo": False}
EV_NOTE = ("ev: the expected Pounds the action brings from this leg's scoring and tile "
           "payments if the rest of the leg is dice only (no further player action), before "
           "the money floor; the moving player's own tile, where it stays, is counted in the "
           "bets and the pyramid ticket; tickets already held are not counted")


class PositionError(ValueError):
    """A position document that breaks the rules; the message names the field."""


def _space(key: object, field: str) -> int:
    if not isinstance(key, str) or key not in {str(s) for s in range(1, SPACES + 1)}:
        raise PositionError(f"{field}: space {key!r} is not one of \"1\"..\"{SPACES}\"")
    return int(key)


def _tickets(value: object) -> dict[str, int]:
    if not isinstance(value, dict):
        raise PositionError("tickets: expected an object colour -> value of its top ticket")
    out = dict.fromkeys(RACING, TICKET_VALUES[0])
    allowed = sorted({0, *TICKET_VALUES})
    for colour, v in value.items():
        if colour not in RACING:
            raise PositionError(f"tickets: unknown colour {colour!r}")
        if isinstance(v, bool) or not isinstance(v, int) or v not in allowed:
            raise PositionError(f"tickets.{colour}: the value of a top ticket is one of "
                                f"{allowed}, not {v!r}")
        out[colour] = v
    return out


def position_from_document(doc: object) -> Position:
    """A :class:`~kernel.games.camel_up_2018.odds.Position` from a position document.

    Raises :class:`PositionError` naming the field that breaks the rules: a
    camel missing or twice, a die count out of range, tiles on space 1, on
    adjacent spaces or under a camel, an unknown field or value.

    >>> position_from_document({"track": {"1": ["blue"]}, "pyramid": DICE})
    Traceback (most recent call last):
    ...
    kernel.games.camel_up_2018.odds_cli.PositionError: track: camel 'green' is missing
    """
    if not isinstance(doc, dict):
        raise PositionError("position: expected a JSON object")
    for key in doc:
        if key not in FIELDS:
            raise PositionError(f"{key}: not a field of a position ({', '.join(FIELDS)})")
    for key in ("track", "pyramid"):
        if key not in doc:
            raise PositionError(f"{key}: missing")
    track = doc["track"]
    if not isinstance(track, dict):
        raise PositionError("track: expected an object space -> stack (bottom to top)")
    stacks: dict[int, tuple[str, ...]] = {}
    seen: set[str] = set()
    for key, stack in track.items():
        space = _space(key, "track")
        if not isinstance(stack, list) or not stack or not all(isinstance(x, str) for x in stack):
            raise PositionError(f"track.{key}: expected a non-empty list of camel names")
        for name in stack:
            if name not in CAMELS:
                raise PositionError(f"track.{key}: unknown camel {name!r}")
            if name in seen:
                raise PositionError(f"track: camel {name!r} appears twice")
            seen.add(name)
        stacks[space] = tuple(stack)
    raw_pyramid = doc["pyramid"]
    grey_out = isinstance(raw_pyramid, list) and GREY not in raw_pyramid
    if not seen & set(CRAZY) and grey_out:
        # CU2-ODDS: with the grey die out the crazy camels cannot move this leg: they
        # wait behind the line (cell 0), where no racing camel lands and no tile lies
        stacks[0] = CRAZY
        seen |= set(CRAZY)
    for name in CAMELS:
        if name not in seen:
            if name in CRAZY:
                raise PositionError(
                    f"track: the crazy camel {name!r} is missing: the crazy camels ("
                    f"{' and '.join(CRAZY)}) may be left out, both, only once the grey die "
                    f"is out of the pyramid (they cannot move any more this leg)")
            raise PositionError(f"track: camel {name!r} is missing")
    board = board_of(stacks)
    pyramid = doc["pyramid"]
    if not isinstance(pyramid, list):
        raise PositionError("pyramid: expected a list of dice")
    for die in pyramid:
        if not isinstance(die, str) or die not in DICE:
            raise PositionError(f"pyramid: unknown die {die!r} (one of {', '.join(DICE)})")
        if pyramid.count(die) > 1:
            raise PositionError(f"pyramid: die {die!r} appears twice")
    if not 2 <= len(pyramid) <= len(DICE):
        raise PositionError(f"pyramid: 2 to {len(DICE)} dice are in the pyramid during a leg, "
                            f"not {len(pyramid)}")
    raw_tiles = doc.get("tiles", {})
    if not isinstance(raw_tiles, dict):
        raise PositionError("tiles: expected an object space -> \"cheer\" or \"boo\"")
    mover = doc.get("mover_tile", 0)
    if "mover_tile" in doc and (isinstance(mover, bool) or not isinstance(mover, int)
                                or not 1 <= mover <= SPACES or str(mover) not in raw_tiles):
        raise PositionError(f"mover_tile: {mover!r} is not the space of a tile in tiles")
    tiles: list[Tile] = []
    for key, side in raw_tiles.items():
        space = _space(key, "tiles")
        if not isinstance(side, str) or side not in SIDES:
            raise PositionError(f"tiles.{key}: a side is \"cheer\" or \"boo\", not {side!r}")
        if space == 1:
            raise PositionError("tiles.1: a spectator tile is never placed on space 1")
        if space in board.pos:
            raise PositionError(f"tiles.{key}: a camel stands on space {space}")
        if str(space + 1) in raw_tiles:
            raise PositionError(f"tiles.{key}: next to the tile on space {space + 1}")
        tiles.append(Tile(space, SIDES[side], 1 if space == mover else 0))
    tickets = _tickets(doc["tickets"]) if "tickets" in doc else None
    return Position(board, tuple(pyramid), tuple(sorted(tiles)), tickets, mover)


def _state_position(doc: Mapping[str, Any]) -> Position:
    """The position of a ``camel-up-2018`` state's plain data (its current leg)."""
    try:
        from kernel.games.camel_up_2018 import plain, position
    except ImportError as exc:  # pragma: no cover - the game package is part of the kernel
        raise PositionError(f"game: the camel-up-2018 state reader is missing ({exc})") from exc
    try:
        s = plain.from_data(doc)
        leg = position.position_of(s)
    except Exception as exc:  # the reader's DecodeError / InvalidState / ValueError
        raise PositionError(f"state: {exc}") from exc
    return position_from_document(leg)


def _frac(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def report(odds: LegOdds, ev: Mapping[str, Fraction]) -> dict[str, Any]:
    """The ``--json`` document: fractions as "n/d"."""
    return {
        "place": {c: [_frac(p) for p in odds.place[c]] for c in RACING},
        "race_ends": _frac(odds.race_ends),
        # undefined where the race cannot end this leg (a probability given an impossible event)
        "place_if_ends": ({c: [_frac(p) for p in odds.place_if_ends[c]] for c in RACING}
                          if odds.race_ends else "undefined"),
        "ev": {action: _frac(v) for action, v in ev.items()},
        "note": EV_NOTE,
    }


def _table(odds: LegOdds, ev: Mapping[str, Fraction]) -> str:
    lines = ["Place at the end of this leg (exact; percentages rounded):", ""]
    head = f"{'camel':<8}" + "".join(f"{n:>10}" for n in ("1st", "2nd", "3rd", "4th", "5th"))

    def block(places: Mapping[str, tuple[Fraction, ...]]) -> None:
        lines.append(head)
        for c in RACING:
            lines.append(f"{c:<8}" + "".join(f"{float(p):>10.2%}" for p in places[c]))
        lines.append("")
        for c in RACING:
            lines.append(f"  {c:<8}" + "  ".join(_frac(p) for p in places[c]))
        lines.append("")

    block(odds.place)
    lines.append(f"The race ends this leg: {float(odds.race_ends):.2%} "
                 f"({_frac(odds.race_ends)})")
    if odds.race_ends:
        lines += ["", "Place if the race ends this leg:", ""]
        block(odds.place_if_ends)
    lines += ["", "Expected value of each action (best first):", ""]
    for action, v in sorted(ev.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"  {action:<18}{float(v):>+9.3f}  {_frac(v)}")
    lines += ["", EV_NOTE]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run ``race-kernel odds``; the exit code: 0, or 2 for bad usage or a broken document."""
    parser = argparse.ArgumentParser(
        prog="race-kernel odds",
        description="Exact odds of the rest of the current leg of Camel Up (2018): places, "
                    "race end and the expected value of each action (reading CU2-ODDS: "
                    "dice only, no further player action).",
        epilog=FIELDS_HELP)
    parser.add_argument("position", help="a position document or a camel-up-2018 state "
                                         "(plain-data JSON file; - for standard input)")
    parser.add_argument("--json", action="store_true", help="print JSON, fractions as n/d")
    parser.add_argument("--simulate", type=int, default=0, metavar="N",
                        help="also estimate the overall winner and loser from N seeded "
                             "simulated races (dice only; 95%% Wilson intervals)")
    parser.add_argument("--seed", type=int, default=2018, help="the simulation's seed")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or bad usage (2)
        return 0 if exc.code == 0 else 2
    try:
        if args.position == "-":
            text = sys.stdin.read()
        else:
            text = Path(args.position).read_text(encoding="utf-8")
        doc = json.loads(text)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        print(f"race-kernel odds: cannot read {args.position}: {exc}", file=sys.stderr)
        return 2
    try:
        if isinstance(doc, dict) and "game" in doc:
            pos = _state_position(doc)
        else:
            pos = position_from_document(doc)
    except PositionError as exc:
        print(f"race-kernel odds: {args.position}: {exc}", file=sys.stderr)
        return 2
    if not 0 <= args.simulate <= 10_000_000:
        print("race-kernel odds: --simulate: 0 to 10,000,000 races", file=sys.stderr)
        return 2
    odds = leg_odds(pos, pos.mover_tile)
    ev = ev_table(pos, odds)
    estimate = _simulate(pos, args.simulate, args.seed) if args.simulate else None
    if args.json:
        doc = report(odds, ev)
        if estimate is not None:
            doc["simulation"] = _estimate_json(estimate)
        print(json.dumps(doc))
    else:
        print(_table(odds, ev))
        if estimate is not None:
            print("\n" + _estimate_table(estimate))
    return 0


def _simulate(pos: Position, runs: int, seed: int) -> Estimate:
    """The simulation, with a progress bar on standard error once it runs over a second
    (only when standard error is a terminal)."""
    start = time.monotonic()
    shown = [False]
    terminal = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if terminal and (time.monotonic() - start > 1 or shown[0]):
            shown[0] = True
            bar = "#" * (30 * done // total)
            print(f"\rsimulating {bar:<30} {done}/{total}", end="", file=sys.stderr, flush=True)

    estimate = simulate_race(pos, runs, seed, progress)
    if shown[0]:
        print(file=sys.stderr)
    return estimate


def _estimate_json(e: Estimate) -> dict[str, Any]:
    return {"runs": e.runs, "seed": e.seed, "confidence": 0.95,
            "winner": {c: list(v) for c, v in e.winner.items()},
            "loser": {c: list(v) for c, v in e.loser.items()}}


def _estimate_table(e: Estimate) -> str:
    lines = [f"Overall winner and loser of the race: {e.runs} seeded simulated races "
             f"(seed {e.seed}, the rest of the race dice only), 95% Wilson intervals:", "",
             f"{'camel':<8}{'winner':>24}{'loser':>24}"]
    for c in RACING:
        w, lo = e.winner[c], e.loser[c]
        lines.append(f"{c:<8}{w[0]:>8.1%} [{w[1]:.1%}, {w[2]:.1%}]"
                     f"{lo[0]:>8.1%} [{lo[1]:.1%}, {lo[2]:.1%}]")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())

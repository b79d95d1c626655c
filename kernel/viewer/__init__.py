"""The trace viewer: one self-contained HTML page per trace (``race-kernel view``).

``race-kernel view TRACE.jsonl [-o FILE.html] [--seat N]`` reads a trace of
any registered game (a golden vector, a trace written by ``play --html`` or
``kernel.conformance.trace.write_trace``, a divergence report of ``diff`` or
``replay --report``), plays it again on the kernel and writes the page: the
table drawn at every step by the game's drawing hook
(:class:`kernel.plugin.Drawing`, with the shared SVG helpers of
:mod:`kernel.viewer.svg`; a game without one gets a text fallback), stepping
controls and keys, each step's events with their rule IDs opening the rule's
catalogue entry (embedded, formatted), the events told in words by the
game's narrator, chance probabilities, the running scores with what each
payout came from, the final standings, the exact odds at a few decision steps
for a game that has them (``--odds N``), and a seat selector showing only
what a seat may see. ``--seat N`` writes only that seat's view (the file
then holds nothing the seat may not see).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import kernel
from kernel.viewer.model import ODDS, ViewError, build
from kernel.viewer.page import render

__all__ = ["ViewError", "build", "main", "page_of_lines", "page_of_trace", "render"]


def page_of_lines(lines: Sequence[Any], *, seat: int | None = None, source: str = "",
                  odds: int = ODDS) -> str:
    """The page of checked trace lines (``kernel.conformance.trace.read_trace``); ``odds``:
    how many positions get the exact odds (:func:`kernel.viewer.model.odds_of`)."""
    data = build(lines, seat=seat, source=source, odds=odds)
    info = kernel.game_info(data["game"])
    return render(data, info.drawing.script if info.drawing is not None else None)


def page_of_trace(trace: kernel.Trace, *, seat: int | None = None, source: str = "",
                  odds: int = ODDS) -> str:
    """The page of a played :class:`kernel.Trace` (``race-kernel play --html``)."""
    from kernel.conformance.trace import lines_of

    return page_of_lines(lines_of(trace), seat=seat, source=source, odds=odds)


def main(argv: Sequence[str]) -> int:
    """``race-kernel view``: the exit code (0 written, 2 unreadable input or bad usage)."""
    from kernel.arguments import ArgumentParser, clip
    from kernel.conformance.trace import TraceError, read_trace

    p = ArgumentParser(
        prog="race-kernel view",
        description="Write one self-contained HTML page (no server, no network) showing a "
                    "trace of any registered game: a golden vector, a played game or the "
                    "divergence report of diff or replay --report. Open it in a browser "
                    "from disk.")
    p.add_argument("trace", help="a trace file (JSON Lines)")
    p.add_argument("-o", "--output", metavar="FILE.html",
                   help="where to write the page (default: the trace's name with .html)")
    p.add_argument("--seat", type=int, default=None, metavar="N",
                   help="only what seat N may see (default: every view, with a selector)")
    p.add_argument("--odds", type=int, default=ODDS, metavar="N",
                   help="for a game with exact odds: how many decision steps get them, "
                        f"evenly spread over the game, each from the view of the seat to "
                        f"decide (default {ODDS}; 0 none; each position takes from a few "
                        "milliseconds to about a second)")
    args = p.parse_args(list(argv))
    where = clip(args.trace, 200)
    if args.odds < 0:
        print("race-kernel view: --odds takes a count of 0 or more", file=sys.stderr)
        return 2
    try:
        lines = read_trace(args.trace)
        page = page_of_lines(lines, seat=args.seat, source=Path(args.trace).name,
                             odds=args.odds)
    except TraceError as exc:
        print(f"race-kernel view: {clip(str(exc))}", file=sys.stderr)
        return 2
    except ViewError as exc:
        print(f"race-kernel view: {where}: {clip(str(exc))}", file=sys.stderr)
        return 2
    out = Path(args.output) if args.output else Path(args.trace).with_suffix(".html")
    try:
        out.write_text(page, encoding="utf-8")
    except OSError as exc:
        print(f"race-kernel view: cannot write {clip(str(out), 200)}: "
              f"{exc.strerror or clip(str(exc))}", file=sys.stderr)
        return 2
    print(f"wrote {out} ({len(page.encode('utf-8'))} bytes, {len(lines) - 1} steps)")
    return 0

"""Tell a trace as text: what happened, step by step, with the rule IDs applied."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kernel.api import Trace, game_info
from kernel.core import CHANCE

_INITIALS = {"blue": "B", "green": "G", "orange": "O", "white": "W", "yellow": "Y"}


def track_picture(data: dict[str, Any]) -> str:
    """One line: ``S:BG | 1:. 2:O | ... | F:.`` (bottom to top in each cell)."""
    stacks = data["stacks"]
    figures = {}
    for name in ("palm", "fennec"):
        if data.get(name):
            figures[data[name]["space"]] = "P" if name == "palm" else "X"
    cells = []
    last = len(stacks) - 1
    for i, stack in enumerate(stacks):
        label = "S" if i == 0 else ("F" if i == last else str(i))
        body = "".join(_INITIALS.get(c, c[:1].upper()) for c in stack) or figures.get(i, ".")
        cells.append(f"{label}:{body}")
    return " ".join(cells)


def narrate(trace: Trace, verbose: bool = False) -> Iterator[str]:
    """Lines telling the game. Deals and setup choices are summed up unless ``verbose``."""
    info = game_info(trace.game)
    yield (f"{info.name}: game {trace.game} v{trace.version}, "
           f"config {trace.config}, seed {trace.seed}")
    pending: dict[str, list[str]] = {}
    quiet_kinds = {"dealt", "chose-discard", "chose-deck", "chose-intel"}

    def flush() -> Iterator[str]:
        for kind, rules in pending.items():
            yield f"    {kind} x{len(rules)} [{rules[0]}]"
        pending.clear()

    for n, step in enumerate(trace.steps, 1):
        who = "chance" if step.actor == CHANCE else f"seat {step.actor}"
        events = step.events
        if not verbose and all(e.kind in quiet_kinds for e in events):
            for e in events:
                pending.setdefault(e.kind, []).append(" ".join(e.rules))
            continue
        yield from flush()
        yield f"{n:4d} {who}: {step.action.text}"
        for e in events:
            if not verbose and e.kind in quiet_kinds:
                pending.setdefault(e.kind, []).append(" ".join(e.rules))
                continue
            yield from flush()
            yield f"       {e.text}"
            if e.kind in ("camel-moved", "sandstorm", "track-extended", "leg-reset"):
                yield "       track " + track_picture(info.to_data(step.state))
    yield from flush()
    final = trace.final
    out = info.outcome(final)
    yield ""
    if out is None:
        yield "the game did not finish"
        return
    yield "Final standings (CUC-WINNER: most money wins, ties share):"
    order = sorted(range(len(out.money)), key=lambda s: -out.money[s])
    for place, seat in enumerate(order, 1):
        mark = "  winner" if seat in out.winners else ""
        yield f"  {place}. seat {seat}: {out.money[seat]} Pounds{mark}"

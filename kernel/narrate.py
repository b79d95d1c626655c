"""Tell a trace as text: what happened, step by step, with the rule IDs applied.

Game-agnostic: the game's narrator (``GameInfo.narrator``) draws its own
table, names the seats, says which events are summed up and tells the final
standings.
"""

from __future__ import annotations

from collections.abc import Iterator

from kernel.api import Trace, game_info
from kernel.core import CHANCE


def narrate(trace: Trace, verbose: bool = False) -> Iterator[str]:
    """Lines telling the game. Deals and hidden choices are summed up unless ``verbose``."""
    info = game_info(trace.game)
    teller = info.narrator
    yield (f"{info.name}: game {trace.game} v{trace.version}, "
           f"config {trace.config}, seed {trace.seed}")
    yield from (f"  {line}" for line in teller.legend())
    pending: dict[str, list[str]] = {}

    def flush() -> Iterator[str]:
        for kind, rules in pending.items():
            yield f"    {kind} x{len(rules)} [{rules[0]}]"
        pending.clear()

    for n, step in enumerate(trace.steps, 1):
        who = "chance" if step.actor == CHANCE else teller.seat_name(step.actor)
        events = step.events
        if not verbose and all(teller.quiet(e) for e in events):
            for e in events:
                pending.setdefault(e.kind, []).append(" ".join(e.rules))
            continue
        yield from flush()
        yield f"{n:4d} {who}: {step.action.text}"
        for e in events:
            if not verbose and teller.quiet(e):
                pending.setdefault(e.kind, []).append(" ".join(e.rules))
                continue
            yield from flush()
            yield f"       {e.text}"
            if teller.redraw(e):
                yield from (f"       {line}" for line in teller.draw(info.to_data(step.state)))
    yield from flush()
    out = info.outcome(trace.final)
    yield ""
    if out is None:
        yield "the game did not finish"
        return
    yield from teller.standings(out)

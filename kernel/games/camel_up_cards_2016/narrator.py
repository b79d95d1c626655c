"""Camel Up Cards (2016): how ``race-kernel play`` tells the game and draws the track."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from kernel.core import Event, Outcome

from .data import CAMEL_COLOURS

INITIALS: Final = {c: c[0].upper() for c in CAMEL_COLOURS}
#: Events that change the picture of the track.
_REDRAW: Final = frozenset(("camel-moved", "sandstorm", "track-extended", "leg-reset",
                            "figure-placed", "figure-returned"))
#: Deals and face-down choices: summed up unless the telling is verbose.
_QUIET: Final = frozenset(("dealt", "chose-discard", "chose-deck", "chose-intel"))


class Narrator:
    """The told game's board: the track, one cell after another."""

    def legend(self) -> Sequence[str]:
        camels = ", ".join(f"{INITIALS[c]} {c}" for c in CAMEL_COLOURS)
        return [f"camels: {camels} (each cell bottom to top)",
                "cells: S the Start card, 1.. the spaces, F the Finish; "
                "P the palm tree, X the fennec, . an empty space"]

    def draw(self, data: Mapping[str, Any]) -> Sequence[str]:
        """One line: ``S:BG 1:. 2:O ... F:.`` (bottom to top in each cell)."""
        stacks = data["stacks"]
        figures = {}
        for name in ("palm", "fennec"):
            if data.get(name):
                figures[data[name]["space"]] = "P" if name == "palm" else "X"
        cells = []
        last = len(stacks) - 1
        for i, stack in enumerate(stacks):
            label = "S" if i == 0 else ("F" if i == last else str(i))
            body = "".join(INITIALS[c] for c in stack) or figures.get(i, ".")
            cells.append(f"{label}:{body}")
        return ["track " + " ".join(cells)]

    def seat_name(self, seat: int) -> str:
        return f"seat {seat}"

    def redraw(self, event: Event) -> bool:
        return event.kind in _REDRAW

    def quiet(self, event: Event) -> bool:
        return event.kind in _QUIET

    def standings(self, outcome: Outcome) -> Sequence[str]:
        lines = ["Final standings (CUC-WINNER: most money wins, ties share):"]
        order = sorted(range(len(outcome.scores)), key=lambda s: -outcome.scores[s])
        for place, seat in enumerate(order, 1):
            mark = "  winner" if seat in outcome.winners else ""
            lines.append(f"  {place}. {self.seat_name(seat)}: {outcome.scores[seat]} Pounds{mark}")
        return lines


NARRATOR: Final = Narrator()

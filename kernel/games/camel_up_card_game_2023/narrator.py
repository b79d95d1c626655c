"""Camel Up: The Card Game (2023): how ``race-kernel play`` tells the game.

The table is the game's plain data (``game.to_data``); :meth:`Narrator.after`
follows the events that change the picture: camel moves (CUG-MOVE-*), the
crazy camel's repositioning (CUG-LEG-CRAZY), the markers (CUG-ACT-MARKER,
CUG-MOVE-PASSED), the leg's reset (CUG-LEG-RESET), the extension
(CUG-EXTEND), the sandstorm (CUG-SANDSTORM), the personal card fee
(CUG-ACT-PERSONAL) and the payouts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from kernel.core import Event, Outcome
from kernel.engines.camel_cards import words
from kernel.narrate import seat_name

from .data import CAMEL_NAMES, RACING_COLOURS
from .engine import GAME

#: The markers in words (CUG-ACT-MARKER).
FIGURES: Final = {"shortcut": "the shortcut marker", "fennec": "the fennec marker"}

#: One letter per camel: the racing camels' initials, K the black crazy camel.
LETTER: Final = {**{c: c[0].upper() for c in RACING_COLOURS}, "black": "K"}
_QUIET: Final = frozenset(("dealt", "chose-discard", "chose-deck", "shuffled-in"))
_WIDE: Final = {"F": 2, "S": 1, "H": 1}
_ORDER: Final = {name: i for i, name in enumerate(CAMEL_NAMES)}

Table = Mapping[str, Any]


def _firsts(track: str) -> list[int]:
    """The first cell of each track card."""
    cells, cell = [], 1
    for side in track:
        cells.append(cell)
        cell += _WIDE[side]
    return cells


def _move(t: dict[str, Any], unit: list[str], src: int, dst: int, under: bool) -> None:
    stacks = [list(s) for s in t["stacks"]]
    stacks[src] = [c for c in stacks[src] if c not in unit]
    if dst == 0:  # CUG-MOVE-START: side by side behind the start line
        stacks[0] = sorted(stacks[0] + unit, key=_ORDER.__getitem__)
    else:
        stacks[dst] = unit + stacks[dst] if under else stacks[dst] + unit
    t["stacks"] = stacks


def _with(seq: Sequence[Any], i: int, value: Any) -> list[Any]:
    return [value if j == i else x for j, x in enumerate(seq)]


def _moved(t: dict[str, Any], d: Mapping[str, Any]) -> None:
    _move(t, [d["camel"], *d["carried"]], d["from"], d["to"], d["placed"] == "under")
    t.update({name: None for name in d["figures"]})


def _fee(t: dict[str, Any], d: Mapping[str, Any]) -> None:
    money = list(t["money"])
    money[d["seat"]] -= d["fee"]
    money[d["owner"]] += d["fee"]
    t["money"] = money


def _extended(t: dict[str, Any], d: Mapping[str, Any]) -> None:
    """CUG-EXTEND: a half-covered card uncovered first, then face-up cards, an odd
    last space on a card's sandstorm side."""
    spaces = d["spaces"]
    track = t["track"]
    grow = spaces - track.endswith("H")
    track = track[:-1] + "F" if track.endswith("H") else track
    t["track"] = track + "F" * (grow // 2) + "S" * (grow % 2)
    t["stacks"] = t["stacks"][:-1] + [[] for _ in range(spaces)] + t["stacks"][-1:]


def _sandstorm(t: dict[str, Any], d: Mapping[str, Any]) -> None:
    """CUG-SANDSTORM: each named (empty) card turns over and loses its second space."""
    firsts = _firsts(t["track"])
    track, stacks = list(t["track"]), list(t["stacks"])
    for number in sorted(d["cards"], reverse=True):
        track[number - 1] = "S"
        del stacks[firsts[number - 1] + 1]
    t["track"], t["stacks"] = "".join(track), stacks


#: What each event that changes the picture (or the money) does to the table.
_AFTER: Final[dict[str, Any]] = {
    "camel-moved": _moved,
    "crazy-repositioned": lambda t, d: _move(t, ["black"], d["from"], d["to"], False),
    "figure-returned": lambda t, d: t.update({name: None for name in d["figures"]}),
    "figure-placed": lambda t, d: t.update({d["figure"]: {"space": d["space"],
                                                          "holder": d["seat"]}}),
    "personal-played": _fee,
    "leg-payout": lambda t, d: t.update(money=_with(t["money"], d["seat"], d["money"])),
    "final-payout": lambda t, d: t.update(money=_with(t["money"], d["seat"], d["money"])),
    "leg-reset": lambda t, d: t.update(leg=d["leg"], shortcut=None, fennec=None),
    "track-extended": _extended,
    "sandstorm": _sandstorm,
}


class Narrator:
    """The told game's board: the track card by card, one cell after another."""

    def legend(self) -> Sequence[str]:
        return [
            "camels: " + ", ".join(f"{LETTER[c]} {c}" for c in CAMEL_NAMES)
            + " (the crazy camel, running back); each cell bottom to top",
            "track: 0 behind the start line, 1.. the spaces, F the Finish; '|' between "
            "track cards; '~' a space on a card's sandstorm side",
            "markers: > the shortcut, < the fennec; '.' an empty space",
        ]

    def draw(self, table: Table) -> Sequence[str]:
        """One line: ``leg 2  0:WO | 1:. 2:GB | 3~K | ... | F:.``."""
        stacks = table["stacks"]
        marks = {m["space"]: sym for key, sym in (("shortcut", ">"), ("fennec", "<"))
                 if (m := table[key]) is not None}
        shown = ["".join(LETTER[c] for c in cell) or marks.get(i, ".")
                 for i, cell in enumerate(stacks)]
        cards = []
        for first, side in zip(_firsts(table["track"]), table["track"], strict=True):
            cells = range(first, first + _WIDE[side])
            cards.append(" ".join(f"{i}{'~' if side == 'S' else ':'}{shown[i]}" for i in cells))
        return [f"leg {table['leg']}  0:{shown[0]} | {' | '.join(cards)} | F:{shown[-1]}"]

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def tell(self, event: Event) -> str:
        """``event`` in words (the events of the camel card engine and the crazy camel's)."""
        return words.tell(GAME, event, FIGURES, "behind the start line")

    def after(self, table: Table, event: Event) -> Mapping[str, Any]:
        """The table after ``event`` (what the picture and the money line read)."""
        change = _AFTER.get(event.kind)
        if change is None:
            return table
        changed = dict(table)
        change(changed, event.data)
        return changed

    def explain(self, table: Table, event: Event) -> Sequence[str]:
        """A payout's parts, read off the table before it: ``Cy +1 = leader card blue 5 +5
        (blue 1st), midfield card green -1 (green 5th), the shortcut marker placed -1 (on
        space 9)`` (CUG-RANK, CUG-PAY-LEADER, CUG-PAY-MID, CUG-PAY-MARKER, CUG-PAY-WINNER,
        CUG-PAY-LOSER; CUG-MONEY-FLOOR when the floor held the money up)."""
        return words.payout_lines(GAME, table, event, FIGURES)

    def quiet(self, event: Event) -> bool:
        return event.kind in _QUIET

    def standings(self, outcome: Outcome) -> Sequence[str]:
        money = outcome.scores
        ranked = sorted(range(len(money)), key=lambda x: (-money[x], x))
        return [f"{1 + sum(m > money[x] for m in money)}. {self.seat_name(x)}: {money[x]} "
                f"Pounds{'  winner' if x in outcome.winners else ''}" for x in ranked]


NARRATOR: Final = Narrator()

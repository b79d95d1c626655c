"""Camel Up Cards (2016): how ``race-kernel play`` tells the game and draws the track.

The table the narrator reads is the game's plain data (``game.to_data``). The
told game carries it through every event of a step with :meth:`Narrator.after`,
so the track is drawn as each event left it: the picture right after a leg's
last move shows the camels on the old track; the leg reset, the extension
(CUC-EXTEND) and the sandstorm (CUC-SANDSTORM) come after it, each drawn in
turn. What each payout came from is read off the table just before it
(:func:`payout_parts`): the cards a seat holds, the figures it placed and the
camels' ranks (CUC-RANK).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from kernel.core import Event, Outcome
from kernel.engines.camel_cards import words
from kernel.narrate import seat_name

from .data import CAMEL_COLOURS, COLOUR_INDEX, LEADER_STACK
from .engine import GAME

INITIALS: Final = {c: c[0].upper() for c in CAMEL_COLOURS}
#: The figures in words (CUC-ACT-FIGURE).
FIGURES: Final = {"palm": "the palm tree", "fennec": "the fennec"}
#: Deals and face-down choices: summed up unless the telling is verbose.
_QUIET: Final = frozenset(("dealt", "chose-discard", "chose-deck", "chose-intel"))
#: Spaces of a track card by its side in the plain data: face up, sandstorm, half-covered.
_WIDTH: Final = {"F": 2, "S": 1, "H": 1}

Table = Mapping[str, Any]


def _cells(track: str) -> list[tuple[int, str]]:
    """(first cell, side) of each track card."""
    out = []
    cell = 1
    for side in track:
        out.append((cell, side))
        cell += _WIDTH[side]
    return out


def ranks(table: Table) -> dict[str, int]:
    """Each camel's place on the table, 1 for the leader (CUC-RANK)."""
    return words.ranks(GAME, table)


def payout_parts(table: Table, event: Event) -> list[tuple[str, int, str]] | None:
    """What a ``leg-payout`` or ``final-payout`` of one seat is made of, from the table before it.

    CUC-PAY-LEADER, CUC-PAY-MID and CUC-PAY-FIGURE for a leg payout;
    CUC-PAY-WINNER and CUC-PAY-LOSER for the final part. Each part is (what,
    amount, why); the amounts add up to the event's ``delta`` (before the
    money floor). None for any other event.
    """
    return words.payout_parts(GAME, table, event, FIGURES)


class Narrator:
    """The told game's board: the track, card by card, one cell after another."""

    def legend(self) -> Sequence[str]:
        camels = ", ".join(f"{INITIALS[c]} {c}" for c in CAMEL_COLOURS)
        return [f"camels: {camels}; a cell lists its camels bottom to top",
                "track: S the Start card, 1.. the spaces, F the Finish; '|' between "
                "track cards; '~' a space on a card turned to its sandstorm side",
                "figures: P the palm tree, X the fennec; '.' an empty space"]

    def draw(self, table: Table) -> Sequence[str]:
        """One line: ``leg 2  S:Y | 1:. 2:GB | 3~. | ... | F:.`` (bottom to top in each cell)."""
        stacks = table["stacks"]
        figures: dict[int, str] = {}
        for name, mark in (("palm", "P"), ("fennec", "X")):
            if table[name] is not None:
                figures[table[name]["space"]] = mark

        def cell(i: int, sep: str = ":") -> str:
            return sep + ("".join(INITIALS[c] for c in stacks[i]) or figures.get(i, "."))

        cards = [f"S{cell(0)}"]
        for first, side in _cells(table["track"]):
            sep = "~" if side == "S" else ":"
            cards.append(" ".join(f"{i}{cell(i, sep)}" for i in range(first, first + _WIDTH[side])))
        cards.append(f"F{cell(len(stacks) - 1)}")
        return [f"leg {table['leg']}  " + " | ".join(cards)]

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def tell(self, event: Event) -> str:
        """``event`` in words (the events of the camel card engine)."""
        return words.tell(GAME, event, FIGURES, "the Start")

    def after(self, table: Table, event: Event) -> Mapping[str, Any]:
        """The table after ``event`` (the parts the pictures and payouts read).

        ``camel-moved`` (CUC-MOVE-*) moves the camel and what it carries, on
        top or under, and takes the figures it used off the track;
        ``figure-returned`` (CUC-MOVE-PASSED) takes the passed figures off;
        ``figure-placed`` (CUC-ACT-FIGURE) puts one on; ``bet`` takes a card;
        ``leg-payout``/``final-payout`` set the seat's money; ``leg-reset``
        (CUC-LEG-RESET) returns the figures and the leg's cards;
        ``track-extended`` (CUC-EXTEND) lays the spaces before the Finish;
        ``sandstorm`` (CUC-SANDSTORM) turns the named (empty) cards, one space
        shorter each. Other events leave the table as it is.
        """
        t = dict(table)
        d = event.data
        kind = event.kind
        if kind == "camel-moved":
            unit = [d["camel"], *d["carried"]]
            stacks = [list(s) for s in t["stacks"]]
            stacks[d["from"]] = [c for c in stacks[d["from"]] if c not in unit]
            if d["to"] == 0:  # CUC-MOVE-START: the Start card never stacks
                stacks[0] = sorted(stacks[0] + unit, key=COLOUR_INDEX.__getitem__)
            elif d["placed"] == "under":
                stacks[d["to"]] = unit + stacks[d["to"]]
            else:
                stacks[d["to"]] = stacks[d["to"]] + unit
            t["stacks"] = stacks
            for figure in d["figures"]:
                t[figure] = None
        elif kind == "figure-returned":
            for figure in d["figures"]:
                t[figure] = None
        elif kind == "figure-placed":
            t[d["figure"]] = {"space": d["space"], "holder": d["seat"]}
        elif kind == "bet":
            seat = d["seat"]
            colour, _, value = str(d["card"]).partition(":")
            if value in ("winner", "loser"):
                key = f"{value}_bets"
                t[key] = [colour if i == seat else b for i, b in enumerate(t[key])]
            else:
                t["bets"] = [[*b, d["card"]] if i == seat else list(b)
                             for i, b in enumerate(t["bets"])]
        elif kind in ("leg-payout", "final-payout"):
            t["money"] = [d["money"] if i == d["seat"] else m for i, m in enumerate(t["money"])]
        elif kind == "leg-reset":
            t.update(leg=d["leg"], palm=None, fennec=None, bets=[[] for _ in t["bets"]],
                     leaders={c: list(LEADER_STACK) for c in CAMEL_COLOURS},
                     midfield=list(CAMEL_COLOURS))
        elif kind == "track-extended":
            t.update(self._extended(t, d["spaces"]))
        elif kind == "sandstorm":
            t.update(self._sandstorm(t, d["cards"]))
        return t

    @staticmethod
    def _extended(t: Table, spaces: int) -> dict[str, Any]:
        """CUC-EXTEND: a half-covered card is uncovered first, then cards are laid face up,
        the Finish covering half of the last one for an odd space."""
        track = list(t["track"])
        left = spaces
        if track and track[-1] == "H" and left:
            track[-1] = "F"
            left -= 1
        track += ["F"] * (left // 2) + ["H"] * (left % 2)
        stacks = list(t["stacks"])
        return {"track": "".join(track),
                "stacks": [*stacks[:-1], *([] for _ in range(spaces)), stacks[-1]]}

    @staticmethod
    def _sandstorm(t: Table, cards: Sequence[int]) -> dict[str, Any]:
        """CUC-SANDSTORM: each named card (numbered from 1) turns over and loses a space."""
        track = list(t["track"])
        stacks = list(t["stacks"])
        firsts = _cells(t["track"])
        figures = {name: t[name] for name in ("palm", "fennec")}
        for number in sorted(cards, reverse=True):
            first = firsts[number - 1][0]
            track[number - 1] = "S"
            del stacks[first + 1]  # the card's second space (a turned card is empty)
            for name, placed in figures.items():
                if placed is not None and placed["space"] > first:
                    figures[name] = {**placed, "space": placed["space"] - 1}
        return {"track": "".join(track), "stacks": stacks, **figures}

    def explain(self, table: Table, event: Event) -> Sequence[str]:
        """A payout's parts: ``Cy +4 = leader card blue 5 +5 (blue 1st), the fennec placed -1
        (on space 5)`` (CUC-PAY-LEADER, CUC-PAY-MID, CUC-PAY-FIGURE, CUC-PAY-WINNER,
        CUC-PAY-LOSER; CUC-MONEY-FLOOR when the floor held the money up)."""
        return words.payout_lines(GAME, table, event, FIGURES)

    def quiet(self, event: Event) -> bool:
        return event.kind in _QUIET

    def standings(self, outcome: Outcome) -> Sequence[str]:
        order = sorted(range(len(outcome.scores)), key=lambda s: -outcome.scores[s])
        lines = []
        for seat in order:
            place = 1 + sum(1 for m in outcome.scores if m > outcome.scores[seat])
            mark = "  winner" if seat in outcome.winners else ""
            lines.append(f"{place}. {self.seat_name(seat)}: {outcome.scores[seat]} Pounds{mark}")
        return lines


NARRATOR: Final = Narrator()

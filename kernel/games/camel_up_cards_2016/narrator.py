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
from kernel.rules import camel

from .data import CAMEL_COLOURS, COLOUR_INDEX, LEADER_STACK

INITIALS: Final = {c: c[0].upper() for c in CAMEL_COLOURS}
#: Deals and face-down choices: summed up unless the telling is verbose.
_QUIET: Final = frozenset(("dealt", "chose-discard", "chose-deck", "chose-intel"))
#: Spaces of a track card by its side in the plain data: face up, sandstorm, half-covered.
_WIDTH: Final = {"F": 2, "S": 1, "H": 1}
_PLACE: Final = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th"}
_FIGURE_CARD: Final = {"palm": "palm tree card", "fennec": "fennec card"}

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
    pos = [0] * len(CAMEL_COLOURS)
    height = [0] * len(CAMEL_COLOURS)
    for cell, stack in enumerate(table["stacks"]):
        for h, name in enumerate(stack):
            pos[COLOUR_INDEX[name]] = cell
            height[COLOUR_INDEX[name]] = 0 if cell == 0 else h
    rank = camel.ranks(tuple(pos), tuple(height))
    return {name: rank[i] for i, name in enumerate(CAMEL_COLOURS)}


def payout_parts(table: Table, event: Event) -> list[tuple[str, int, str]] | None:
    """What a ``leg-payout`` or ``final-payout`` of one seat is made of, from the table before it.

    CUC-PAY-LEADER, CUC-PAY-MID and CUC-PAY-FIGURE for a leg payout;
    CUC-PAY-WINNER and CUC-PAY-LOSER for the final part. Each part is (what,
    amount, why); the amounts add up to the event's ``delta`` (before the
    money floor). None for any other event.
    """
    if event.kind not in ("leg-payout", "final-payout"):
        return None
    seat = event.data["seat"]
    rank = ranks(table)
    parts: list[tuple[str, int, str]] = []

    def place(colour: str) -> str:
        return f"{colour} {_PLACE[rank[colour]]}"

    if event.kind == "leg-payout":
        for bet in table["bets"][seat]:
            colour, _, value = bet.partition(":")
            if value == "mid":
                parts.append((f"midfield card {colour}", camel.midfield_payout(rank[colour]),
                              place(colour)))
            else:
                parts.append((f"leader card {bet}", camel.leader_payout(int(value), rank[colour]),
                              place(colour)))
        for figure in ("palm", "fennec"):
            placed = table[figure]
            if placed is not None and placed["holder"] == seat:
                parts.append((_FIGURE_CARD[figure], -1, f"on space {placed['space']}"))
        return parts
    for key, what, pay in (("winner_bets", "final winner card", camel.final_winner_payout),
                           ("loser_bets", "final loser card", camel.final_loser_payout)):
        colour = table[key][seat]
        if colour is not None:
            parts.append((f"{what} {colour}", pay(rank[colour]), place(colour)))
    return parts


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
        return f"seat {seat}"

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
        """A payout's parts: ``seat 2 +5 = leader card blue:5 +5 (blue 1st), fennec card -1``."""
        parts = payout_parts(table, event)
        if parts is None:
            return []
        seat, delta, money = event.data["seat"], event.data["delta"], event.data["money"]
        said = ", ".join(f"{what} {amount:+d} ({why})" for what, amount, why in parts)
        line = f"{self.seat_name(seat)} {delta:+d} = {said or 'no cards held'}"
        if table["money"][seat] + delta != money:
            line += f"; money kept at {money} (CUC-MONEY-FLOOR)"
        return [line]

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

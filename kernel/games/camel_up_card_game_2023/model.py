"""An independent model of the race for Camel Up: The Card Game (2023).

Written from the catalogue (spec/camel-up-card-game-2023/rules.md), not from
the kernel: the track is a list of stacks (cell 0 behind the start line, a
set in colour order; the last cell the Finish), the markers are cells, and a
move is told step by step as the rulebook tells it. :class:`RaceModel`
predicts what a race-track action or a bet does to the stacks, the markers,
the tokens, the bets and the money; :mod:`.machine` compares it with any
implementation after every step.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

COLOURS = ("blue", "green", "orange", "white", "yellow")
CRAZY = "black"
ORDER = (*COLOURS, CRAZY)
LEADER_TOP = {"leg": None}


class RaceModel:
    """The public table of one state, and what one action does to it."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.stacks: list[list[str]] = [list(cell) for cell in data["stacks"]]
        self.markers: dict[str, int | None] = {
            name: (None if data[name] is None else data[name]["space"])
            for name in ("shortcut", "fennec")}
        self.holders: dict[str, int | None] = {
            name: (None if data[name] is None else data[name]["holder"])
            for name in ("shortcut", "fennec")}
        self.tokens = {name: list(data[f"{name}_tokens"]) for name in ("shortcut", "fennec")}
        self.money = list(data["money"])
        self.hands = [list(h) for h in data["hands"]]
        self.leaders = {c: list(v) for c, v in data["leaders"].items()}
        self.midfield = list(data["midfield"])
        self.bets = [list(b) for b in data["bets"]]
        self.winner = list(data["winner_bets"])
        self.loser = list(data["loser_bets"])
        self.turn = data["turn"]

    @property
    def finish(self) -> int:
        return len(self.stacks) - 1

    def cell_of(self, camel: str) -> int:
        return next(i for i, cell in enumerate(self.stacks) if camel in cell)

    # ------------------------------------------------------------------ moves

    def move(self, camel: str, steps: int) -> bool:
        """Move ``camel`` with whatever rides on it; True when the race is over."""
        here = self.cell_of(camel)
        way = -1 if camel == CRAZY else 1
        stack = self.stacks[here]
        unit = [camel] if here == 0 else stack[stack.index(camel):]
        self.stacks[here] = [c for c in stack if c not in unit]
        to = here + way * steps
        under = False
        used: list[str] = []
        while 0 < to < self.finish:
            hit = [m for m, cell in self.markers.items() if cell == to and m not in used]
            if not hit:
                break
            used.append(hit[0])
            if hit[0] == "shortcut":  # one more in the mover's direction, on top
                to += way
                under = False
            else:  # one back against it, underneath
                to -= way
                under = True
        to = max(0, min(to, self.finish))
        for m in used:
            self.markers[m] = None
            self.holders[m] = None
        if to == 0:
            self.stacks[0] = sorted(self.stacks[0] + unit, key=ORDER.index)
        elif under:
            self.stacks[to] = unit + self.stacks[to]
        else:
            self.stacks[to] = self.stacks[to] + unit
        racing = [self.cell_of(c) for c in COLOURS]
        for m, cell in self.markers.items():
            if cell is not None and min(racing) > cell:  # passed by every racing camel
                self.markers[m] = None
                self.holders[m] = None
        return to == self.finish and any(c in COLOURS for c in unit)

    def riders(self) -> int:
        here = self.cell_of(CRAZY)
        if here == 0:
            return 0
        stack = self.stacks[here]
        return len(stack) - 1 - stack.index(CRAZY)

    def card(self, card: str) -> bool:
        """A racing or crazy camel card's move (CUG-ACT-REVEAL, CUG-MOVE-CRAZY)."""
        if card.startswith(CRAZY):
            steps = int(card[-1]) + (1 if self.riders() else 0)
            return self.move(CRAZY, steps) if steps else False
        return self.move(card[:-2], int(card[-1]))

    # ------------------------------------------------------------------ actions

    def act(self, action: str) -> None:
        """What a seat's race-track action or bet does (not a leg's last card)."""
        kind, _, arg = action.partition(":")
        seat = self.turn
        if kind == "personal":
            owner = int(arg)
            if owner != seat:
                self.money[seat] -= 1
                self.money[owner] += 1
            card = self.hands[owner].pop()
            self.card(card)
        elif kind in ("shortcut", "fennec"):
            self.markers[kind] = int(arg)
            self.holders[kind] = seat
            self.tokens[kind][seat] = False
        elif kind == "leg":
            self.bets[seat].append(f"{arg}:{self.leaders[arg].pop()}")
        elif kind == "mid":
            self.midfield.remove(arg)
            self.bets[seat].append(f"{arg}:mid")
        elif kind == "win":
            self.winner[seat] = arg
        elif kind == "lose":
            self.loser[seat] = arg

    # ------------------------------------------------------------------ payouts

    def places(self) -> dict[str, int]:
        """CUG-RANK: 1 for the leader; higher in a stack is ahead; behind the line all 5th;
        the crazy camel has no place."""
        order = [c for cell in reversed(self.stacks[1:]) for c in reversed(cell) if c != CRAZY]
        place = {c: i + 1 for i, c in enumerate(order)}
        place.update({c: 5 for c in self.stacks[0] if c != CRAZY})
        return place

    def leg_payout(self) -> None:
        """CUG-PAY-LEADER, CUG-PAY-MID, CUG-PAY-MARKER, then the floor of 0 (CUG-MONEY-FLOOR)."""
        place = self.places()
        for seat, cards in enumerate(self.bets):
            total = 0
            for card in cards:
                colour, _, value = card.partition(":")
                p = place[colour]
                if value == "mid":
                    total += {3: 2, 2: 1, 4: 1}.get(p, -1)
                else:
                    total += int(value) if p == 1 else (1 if p == 2 else -1)
            total -= sum(1 for m in ("shortcut", "fennec") if self.holders[m] == seat)
            self.money[seat] = max(0, self.money[seat] + total)

    def final_payout(self) -> None:
        """CUG-PAY-WINNER (+7, +3, -1), CUG-PAY-LOSER (+7 fifth, +3 fourth, -1), floored at 0."""
        place = self.places()
        for seat in range(len(self.money)):
            total = 0
            if self.winner[seat] is not None:
                total += {1: 7, 2: 3}.get(place[self.winner[seat]], -1)
            if self.loser[seat] is not None:
                total += {5: 7, 4: 3}.get(place[self.loser[seat]], -1)
            self.money[seat] = max(0, self.money[seat] + total)

    def table(self) -> dict[str, Any]:
        """The model's view, in the plain-data form's keys."""
        return {
            "stacks": copy.deepcopy(self.stacks),
            "shortcut": None if self.markers["shortcut"] is None else {
                "space": self.markers["shortcut"], "holder": self.holders["shortcut"]},
            "fennec": None if self.markers["fennec"] is None else {
                "space": self.markers["fennec"], "holder": self.holders["fennec"]},
            "shortcut_tokens": list(self.tokens["shortcut"]),
            "fennec_tokens": list(self.tokens["fennec"]),
            "money": list(self.money), "leaders": copy.deepcopy(self.leaders),
            "midfield": list(self.midfield), "bets": copy.deepcopy(self.bets),
            "winner_bets": list(self.winner), "loser_bets": list(self.loser),
        }

"""A toy engine of a small part of Camel Up, 2nd edition, wrapped by the kernel's starter.

The engine (the class) knows only the dice and the camel stacks of a leg: setup
(CU2-SETUP-RACING, CU2-SETUP-CRAZY), the pyramid ticket (CU2-PYRAMID-TICKET) and a
racing die moving its camel with everything on top (CU2-DIE-RACING,
CU2-MOVE-STACK). :func:`kernel.testing.starter.main` speaks the driver protocol for
it: run ``race-kernel spec check --game camel-up-2018 --expect
examples/node/expected.txt --allow-skips -- python3 examples/python/camel_up_2018_leg.py``
(it leaves out what the Node example leaves out).
"""

import copy
from fractions import Fraction

from kernel.core import Applied, Rejected
from kernel.testing.starter import main

RACING = ("blue", "green", "red", "yellow", "purple")
CRAZY = ("white", "black")


class Leg:
    game = "camel-up-2018"

    def new_game(self, config):
        players, first = config.get("players", 4), config.get("youngest", 0)
        if set(config) - {"players", "youngest"} or type(players) is not int \
                or not 3 <= players <= 8 or type(first) is not int or not 0 <= first < players:
            raise ValueError("not a configuration this engine plays")
        each = [[] for _ in range(players)]
        return {"game": self.game, "version": 1, "players": players, "phase": "setup",
                "leg": 1, "starter": first, "turn": first, "track": [[] for _ in range(18)],
                "revealed": [], "previous_leg": [], "bets": copy.deepcopy(each),
                "pyramid_tickets": [0] * players, "tiles": [None] * players,
                "money": [3] * players, "winner_pile": [], "loser_pile": [],
                "partners": [None] * players,
                "hands": [["blue", "green", "purple", "red", "yellow"] for _ in each],
                "winner_cards": copy.deepcopy(each), "loser_cards": copy.deepcopy(each)}

    def from_data(self, data):
        return copy.deepcopy(dict(data))

    def to_data(self, state):
        return state

    def current_actor(self, state):
        return state["turn"] if state["phase"] == "turn" else -1

    def legal_actions(self, state):
        return ["pyramid"] if state["phase"] == "turn" else [a for a, _ in
                                                             self.chance_outcomes(state)]

    def chance_outcomes(self, state):
        placed = {c for stack in state["track"] for c in stack}
        if state["phase"] in ("setup", "crazy"):
            left = [c for c in (RACING if state["phase"] == "setup" else CRAZY)
                    if c not in placed]
            return [(f"die:{c}:{n}", Fraction(1, 3 * len(left))) for c in left for n in (1, 2, 3)]
        if state["phase"] != "reveal":
            return []
        gone = {face.split(":")[0] for face in state["revealed"]}
        dice = [d for d in (*RACING, "grey") if not ({d} | set(CRAZY if d == "grey" else ()))
                & gone]
        return [(f"die:{c}:{n}", Fraction(1, len(dice) * 3 * (2 if d == "grey" else 1)))
                for d in dice for c in (CRAZY if d == "grey" else (d,)) for n in (1, 2, 3)]

    def apply(self, state, action):
        if action not in self.legal_actions(state):
            return Rejected("KERNEL-LEGAL", f"{action} is not legal here")
        s = copy.deepcopy(state)
        if action == "pyramid":
            s["pyramid_tickets"][s["turn"]] += 1
            s["phase"] = "reveal"
            return Applied(s, ())
        _, colour, number = action.split(":")
        n = int(number)
        if s["phase"] in ("setup", "crazy"):
            s["track"][n if s["phase"] == "setup" else 17 - n].append(colour)
            placed = {c for stack in s["track"] for c in stack}
            if s["phase"] == "setup" and placed >= set(RACING):
                s["phase"] = "crazy"
            elif s["phase"] == "crazy" and placed >= set(CRAZY):
                s["phase"] = "turn"
            return Applied(s, ())
        if colour in CRAZY:
            return Rejected("KERNEL-LEGAL", "the grey die during a leg is not played here")
        cell = next(i for i, stack in enumerate(s["track"]) if colour in stack)
        at = s["track"][cell].index(colour)
        unit, s["track"][cell] = s["track"][cell][at:], s["track"][cell][:at]
        if cell + n > 16 or len(s["revealed"]) == 4:
            return Rejected("KERNEL-LEGAL", "the end of a leg or race is not played here")
        s["track"][cell + n] += unit
        s["revealed"].append(f"{colour}:{n}")
        s["turn"], s["phase"] = (s["turn"] + 1) % s["players"], "turn"
        return Applied(s, ())


if __name__ == "__main__":
    raise SystemExit(main(Leg()))

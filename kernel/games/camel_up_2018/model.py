"""Camel Up, 2nd edition (2018): an independent model of the rules, on plain data.

Written from the catalogue (spec/camel-up-2018/rules.md) without the kernel's
movement (``kernel.rules.stacks``, :mod:`.movement`) or game modules: lists of
stacks, a direct grey-die choice, the payouts as small tables. The state
machine (:mod:`.machine`) compares any implementation with it after every step.

:func:`step` maps the plain data before an action and the action's text to the
plain data the rules say must follow; :func:`legal` and :func:`chance` list
what the rules allow at a table.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

RACING = ("blue", "green", "red", "yellow", "purple")
CRAZY = ("white", "black")
DICE = (*RACING, "grey")
FINAL = (8, 5, 3, 2)  # CU2-PAY-FINAL, then 1 each
Data = dict[str, Any]


def _cell_of(track: list[list[str]], camel: str) -> tuple[int, int]:
    for cell, stack in enumerate(track):
        if camel in stack:
            return cell, stack.index(camel)
    raise KeyError(camel)


def _carries(track: list[list[str]], crazy: str) -> bool:
    cell, h = _cell_of(track, crazy)
    return any(c in RACING for c in track[cell][h + 1:])


def grey_moves(track: list[list[str]], colour: str) -> str:
    """CU2-DIE-GREY: (a) the lone carrier of racing camels, (b) the top of two, else the colour."""
    white, black = _carries(track, "white"), _carries(track, "black")
    if white != black:
        return "white" if white else "black"
    (cw, hw), (cb, hb) = _cell_of(track, "white"), _cell_of(track, "black")
    if cw == cb and abs(hw - hb) == 1:
        return "white" if hw > hb else "black"
    return colour


def move(track: list[list[str]], tiles: list[Any], camel: str,
         steps: int) -> tuple[int, list[int], bool]:
    """Move ``camel`` with those above it (in place). Returns (target, seats paid, under)."""
    cell, h = _cell_of(track, camel)
    unit = track[cell][h:]
    track[cell] = track[cell][:h]
    d = 1 if camel in RACING else -1  # CU2-DIE-RACING / CU2-MOVE-CRAZY
    target = cell + d * steps
    paid: list[int] = []
    under = False
    on_tile = {t["space"]: (seat, t["side"]) for seat, t in enumerate(tiles) if t}
    if 1 <= target <= 16 and target in on_tile:  # CU2-TILE-PAY, CU2-TILE-CHEER / -BOO
        seat, side = on_tile[target]
        paid.append(seat)
        target += d if side == "cheer" else -d
        under = side == "boo"
    target = min(17, max(0, target))  # CU2-RACE-END: beyond the line
    track[target] = unit + track[target] if under else track[target] + unit
    return target, paid, under


def ranking(track: list[list[str]]) -> list[str]:
    """CU2-RANK: racing camels by cell then height, the leader first."""
    where = [(cell, h, c) for cell, stack in enumerate(track) for h, c in enumerate(stack)
             if c in RACING]
    return [c for _, _, c in sorted(where, reverse=True)]


def _stack_left(data: Data, colour: str) -> int:
    return 4 - sum(1 for seat in data["bets"] for t in seat if t.split(":")[0] == colour)


def _pyramid(data: Data) -> list[str]:
    out = {"grey" if f.split(":")[0] in CRAZY else f.split(":")[0] for f in data["revealed"]}
    return [d for d in DICE if d not in out]


def legal(data: Data) -> list[str]:
    """The seat's actions at a turn (CU2-BET-TICKET, CU2-TILE-PLACE, CU2-PYRAMID-TICKET,
    CU2-FINISH-CARD, CU2-PARTNER), as texts (unsorted)."""
    seat = data["turn"]
    out = [f"bet:{c}" for c in RACING if _stack_left(data, c) > 0]
    others = [t["space"] for i, t in enumerate(data["tiles"]) if t and i != seat]
    own = data["tiles"][seat]["space"] if data["tiles"][seat] else None
    for space in range(2, 17):
        if data["track"][space] or space == own or any(abs(space - o) <= 1 for o in others):
            continue
        out += [f"cheer:{space}", f"boo:{space}"]
    out.append("pyramid")
    out += [f"{pile}:{c}" for pile in ("winner", "loser") for c in data["hands"][seat]]
    if data["players"] >= 6 and data["partners"][seat] is None:
        out += [f"partner:{o}" for o in range(data["players"])
                if o != seat and data["partners"][o] is None]
    return out


def chance(data: Data) -> dict[str, Fraction]:
    """The chance outcomes with their probabilities (CU2-SETUP-RACING, CU2-SETUP-CRAZY,
    CU2-PYRAMID-TICKET)."""
    placed = {c for stack in data["track"] for c in stack}
    if data["phase"] in ("setup", "crazy"):
        left = [c for c in (RACING if data["phase"] == "setup" else CRAZY) if c not in placed]
        return {f"die:{c}:{k}": Fraction(1, 3 * len(left)) for c in left for k in (1, 2, 3)}
    if data["phase"] != "reveal":
        return {}
    dice = _pyramid(data)
    out: dict[str, Fraction] = {}
    for die in dice:
        for c in (CRAZY if die == "grey" else (die,)):
            for k in (1, 2, 3):
                out[f"die:{c}:{k}"] = Fraction(1, len(dice) * (6 if die == "grey" else 3))
    return out


def _rewards(data: Data, seat: int, order: list[str]) -> list[int]:
    out = []
    for t in data["bets"][seat]:
        colour, value = t.split(":")
        place = order.index(colour) + 1
        out.append(int(value) if place == 1 else 1 if place == 2 else -1)  # CU2-PAY-LEG
    return out + [1] * data["pyramid_tickets"][seat]


def _leg_scoring(d: Data) -> None:
    order = ranking(d["track"])
    totals = []
    for seat in range(d["players"]):
        partner = d["partners"][seat]
        copied = max([0, *_rewards(d, partner, order)]) if partner is not None else 0
        totals.append(sum(_rewards(d, seat, order)) + copied)  # CU2-PARTNER-COPY
    d["money"] = [max(0, m + t) for m, t in zip(d["money"], totals, strict=True)]


def _final_scoring(d: Data) -> None:
    order = ranking(d["track"])
    for pile, camel in (("winner", order[0]), ("loser", order[-1])):
        seen = [0] * d["players"]
        right = 0
        for owner in d[f"{pile}_pile"]:
            colour = d[f"{pile}_cards"][owner][seen[owner]]
            seen[owner] += 1
            if colour == camel:
                delta = FINAL[right] if right < len(FINAL) else 1
                right += 1
            else:
                delta = -1
            d["money"][owner] = max(0, d["money"][owner] + delta)  # card by card
    d["phase"] = "over"


def step(before: Data, action: str) -> Data:
    """The plain data after ``action`` (the rules' answer; ``before`` is not changed)."""
    d = copy.deepcopy(before)
    kind, _, arg = action.partition(":")
    n = d["players"]
    seat = d["turn"]
    if kind == "die":
        colour, _, number = arg.partition(":")
        k = int(number)
        if d["phase"] == "setup":
            d["track"][k].append(colour)  # CU2-SETUP-RACING
            if all(any(c in s for s in d["track"]) for c in RACING):
                d["phase"] = "crazy"
            return d
        if d["phase"] == "crazy":
            d["track"][17 - k].append(colour)  # CU2-SETUP-CRAZY
            if all(any(c in s for s in d["track"]) for c in CRAZY):
                d["phase"] = "turn"
            return d
        camel = grey_moves(d["track"], colour) if colour in CRAZY else colour
        target, paid, _under = move(d["track"], d["tiles"], camel, k)
        for owner in paid:
            d["money"][owner] += 1
        d["revealed"].append(action[4:])
        if target in (0, 17):
            _leg_scoring(d)
            _final_scoring(d)
            return d
        if len(d["revealed"]) == 5:  # CU2-LEG-END, CU2-LEG-RESET
            _leg_scoring(d)
            d["previous_leg"] = d["revealed"]
            d["revealed"] = []
            d["leg"] += 1
            d["starter"] = d["turn"] = (seat + 1) % n
            d["bets"] = [[] for _ in range(n)]
            d["pyramid_tickets"] = [0] * n
            d["tiles"] = [None] * n
            d["partners"] = [None] * n
            d["phase"] = "turn"
            return d
        d["phase"] = "turn"
        d["turn"] = (seat + 1) % n
        return d
    if kind == "bet":
        value = (2, 2, 3, 5)[_stack_left(d, arg) - 1]
        d["bets"][seat].append(f"{arg}:{value}")
    elif kind in ("cheer", "boo"):
        d["tiles"][seat] = {"space": int(arg), "side": kind}
    elif kind == "pyramid":
        d["pyramid_tickets"][seat] += 1
        d["phase"] = "reveal"
        return d
    elif kind in ("winner", "loser"):
        d["hands"][seat].remove(arg)
        d[f"{kind}_pile"].append(seat)
        d[f"{kind}_cards"][seat].append(arg)
    elif kind == "partner":
        d["partners"][seat] = int(arg)
        d["partners"][int(arg)] = seat
    d["turn"] = (seat + 1) % n  # CU2-TURN-ORDER
    return d


#: The plain-data keys the model predicts.
KEYS = ("phase", "leg", "starter", "turn", "track", "revealed", "previous_leg", "bets",
        "pyramid_tickets", "tiles", "money", "hands", "winner_pile", "loser_pile",
        "winner_cards", "loser_cards", "partners")

"""Camel Up, 2nd edition (2018): what its golden vectors are made of (race-kernel vectors).

The whole-game configurations (every player count, and one with another
youngest seat), the rejection game's policy (mostly pyramid tickets and
finish cards, so that games end and piles fill), the status vectors'
mutations (one broken invariant each) and the transition check of
CU2-INV-CARDS (a finish card, once placed, stays where it is).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from kernel.core import Action
from kernel.plugin import Mutation, Plan


def _racer(state: Any, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """Often a pyramid ticket, else any legal action (games end, every action is met)."""
    pyramid = [a for a in legal if a.kind == "pyramid"]
    if pyramid and rng.randrange(3) == 0:
        return pyramid[0]
    return legal[rng.randrange(len(legal))]


def _mutations() -> tuple[tuple[str, str, Mutation], ...]:
    def unchanged(d: dict[str, Any]) -> dict[str, Any]:
        return d

    def camel_twice(d: dict[str, Any]) -> dict[str, Any]:
        cell = next(i for i, s in enumerate(d["track"]) if s)
        d["track"][cell].append(d["track"][cell][0])
        return d

    def camel_missing(d: dict[str, Any]) -> dict[str, Any]:
        cell = next(i for i, s in enumerate(d["track"]) if s)
        d["track"][cell].pop()
        return d

    def past_line_in_a_leg(d: dict[str, Any]) -> dict[str, Any]:
        cell = next(i for i, s in enumerate(d["track"]) if s)
        d["track"][17] = d["track"][cell]
        d["track"][cell] = []
        return d

    def ticket_twice(d: dict[str, Any]) -> dict[str, Any]:
        d["bets"][0].append("blue:5")
        d["bets"][1].append("blue:5")
        return d

    def tile_on_a_camel(d: dict[str, Any]) -> dict[str, Any]:
        cell = next(i for i, s in enumerate(d["track"]) if s and i >= 2)
        d["tiles"][0] = {"space": cell, "side": "cheer"}
        return d

    def tiles_adjacent(d: dict[str, Any]) -> dict[str, Any]:
        free = [i for i in range(2, 16) if not d["track"][i] and not d["track"][i + 1]]
        if not free:
            raise LookupError("no two free adjacent spaces")
        d["tiles"][0] = {"space": free[0], "side": "cheer"}
        d["tiles"][1] = {"space": free[0] + 1, "side": "boo"}
        return d

    def card_twice(d: dict[str, Any]) -> dict[str, Any]:
        hand = d["hands"][0]
        if not hand:
            raise LookupError("no card in hand")
        d["winner_pile"].append(0)
        d["winner_cards"][0].append(hand[0])
        return d

    def money_negative(d: dict[str, Any]) -> dict[str, Any]:
        d["money"][0] = -1
        return d

    def die_twice(d: dict[str, Any]) -> dict[str, Any]:
        if not d["revealed"]:
            raise LookupError("no die out")
        d["revealed"].append(d["revealed"][0])
        d["pyramid_tickets"][0] += 1
        return d

    def lone_partner(d: dict[str, Any]) -> dict[str, Any]:
        d["partners"][0] = 1
        return d

    def bad_turn(d: dict[str, Any]) -> dict[str, Any]:
        d["turn"] = d["players"]
        return d

    def bad_phase(d: dict[str, Any]) -> dict[str, Any]:
        d["phase"] = "siesta"
        return d

    return (
        ("valid-setup", "setup", unchanged),
        ("valid-turn", "turn", unchanged),
        ("valid-reveal", "reveal", unchanged),
        ("valid-over", "over", unchanged),
        ("camel-twice", "turn", camel_twice),
        ("camel-missing", "turn", camel_missing),
        ("camel-past-the-line-during-a-leg", "turn", past_line_in_a_leg),
        ("betting-ticket-twice", "turn", ticket_twice),
        ("tile-on-a-camel", "turn", tile_on_a_camel),
        ("tiles-on-adjacent-spaces", "turn", tiles_adjacent),
        ("finish-card-twice", "turn", card_twice),
        ("money-negative", "turn", money_negative),
        ("die-revealed-twice", "turn", die_twice),
        ("one-sided-partnership", "turn", lone_partner),
        ("turn-out-of-range", "turn", bad_turn),
        ("unknown-phase", "turn", bad_phase),
    )


def _cards_stay(before: Mapping[str, Any], after: Mapping[str, Any],
                events: Sequence[Mapping[str, Any]]) -> bool | None:
    """CU2-INV-CARDS: a placed finish card stays (the piles only grow); None without a pile."""
    if not (before.get("winner_pile") or before.get("loser_pile")):
        return None
    for key in ("winner_pile", "loser_pile", "winner_cards", "loser_cards"):
        old, new = before[key], after[key]
        if key.endswith("_pile"):
            if new[: len(old)] != old:
                return False
        elif any(n[: len(o)] != o for o, n in zip(old, new, strict=True)):
            return False
    return True


def plan() -> Plan:
    """The conformance plan (built on first use)."""
    return Plan(
        configs=({"players": 3}, {"players": 4}, {"players": 5}, {"players": 6},
                 {"players": 7}, {"players": 8}, {"players": 4, "youngest": 2}),
        rejection_config={"players": 6, "youngest": 1},
        rejection_seed=1,
        rejection_policy=_racer,
        mutations=_mutations(),
        transitions={"CU2-INV-CARDS": _cards_stay},
        games=CHOSEN_GAMES,
    )


#: Seeded games chosen for what the base games miss (plugin.Plan.games).
#: ``{"players": 4}``, seed 7: at the leg scoring of step 214 seat 3 holds 2 coins
#: and its tickets pay -1, -1, -1, +5, +1, -1, -1, +1: the floor once on the total
#: gives 4 coins, a floor after each ticket would give 5 (CU2-MONEY-FLOOR; found by
#: replaying seeds 1-300 of 4-player uniform games and comparing the two floors at
#: every leg scoring; seed 7 is the first where they differ).
CHOSEN_GAMES: tuple[tuple[dict[str, int], int], ...] = (({"players": 4}, 7),)

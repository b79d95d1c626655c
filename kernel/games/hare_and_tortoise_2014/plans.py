"""The Hare & the Tortoise (2014): what its golden vectors are made of.

The whole-game configurations (every variant at every player count), the
rejection game's policy (plays of many cards, to meet the table limits), the
status vectors' mutations (one broken invariant each) and the transition
check of HT-INV-FORWARD.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from kernel.core import Action
from kernel.plugin import Mutation, Plan


def _greedy(state: Any, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """Mostly the largest play (to reach the limits of HT-TURN-LIMIT and the triggers)."""
    plays = [a for a in legal if a.kind == "place"]
    if plays and rng.randrange(3) != 0:
        most = max(int(a.values[1]) for a in plays)
        big = [a for a in plays if int(a.values[1]) == most]
        return big[rng.randrange(len(big))]
    return legal[rng.randrange(len(legal))]


def _forward(before: Mapping[str, Any], after: Mapping[str, Any],
             events: Sequence[Mapping[str, Any]]) -> bool | None:
    """HT-INV-FORWARD: no animal moves back within a round."""
    if not any(e.get("event") == "moved" for e in events) or before["round"] != after["round"]:
        return None
    return all(b <= a for b, a in zip(before["positions"], after["positions"], strict=True))


def _mutations() -> tuple[tuple[str, str, Mutation], ...]:
    def unchanged(d: dict[str, Any]) -> dict[str, Any]:
        return d

    def card_lost(d: dict[str, Any]) -> dict[str, Any]:
        d["deck"].pop()
        return d

    def hand_too_big(d: dict[str, Any]) -> dict[str, Any]:
        d["hands"][0] = sorted([*d["hands"][0], d["deck"].pop()])
        return d

    def table_overfull(d: dict[str, Any]) -> dict[str, Any]:
        d["table"] = sorted([*d["table"], *["fox"] * 5])
        for _ in range(5):
            d["deck"].remove("fox")
        return d

    def off_track(d: dict[str, Any]) -> dict[str, Any]:
        d["positions"][1] = 13
        return d

    def podium_twice(d: dict[str, Any]) -> dict[str, Any]:
        d["podium"] = [["fox"], ["fox"]]
        d["positions"][3] = 12
        return d

    def scores_off(d: dict[str, Any]) -> dict[str, Any]:
        d["points"][0] += 1
        return d

    def bad_phase(d: dict[str, Any]) -> dict[str, Any]:
        d["phase"] = "siesta"
        return d

    def bad_token(d: dict[str, Any]) -> dict[str, Any]:
        d["token"] = d["players"]
        return d

    return (
        ("valid-deal", "deal", unchanged),
        ("valid-turn", "turn", unchanged),
        ("valid-draw", "draw", unchanged),
        ("valid-over", "over", unchanged),
        ("racing-card-lost", "turn", card_lost),
        ("hand-too-big", "turn", hand_too_big),
        ("table-overfull", "turn", table_overfull),
        ("pawn-off-the-track", "turn", off_track),
        ("animal-twice-on-the-podium", "turn", podium_twice),
        ("points-without-bets", "turn", scores_off),
        ("unknown-phase", "turn", bad_phase),
        ("token-out-of-range", "turn", bad_token),
    )


def plan() -> Plan:
    from kernel.api import game_info

    from .data import GAME_ID

    return Plan(
        configs=tuple(game_info(GAME_ID).configs()),
        rejection_config={"players": 3},
        rejection_seed=1,
        rejection_policy=_greedy,
        mutations=_mutations(),
        transitions={"HT-INV-FORWARD": _forward},
        games=CHOSEN_GAMES,
    )


#: Seeded games chosen for what the base games miss (plugin.Plan.games), found by
#: playing 2-player uniform games from seed 1 up and comparing each final points tie
#: under HT-SCORE-WINNER's reading and version 1's:
#:
#: - seed 2: 5 points each, seat 0's best bet animal stands higher: the tie-break
#:   decides (seat 0 wins), so a tie-break reversed changes the vector;
#: - seed 1218: 10 points each and the same highest-placed bet animal: the win is
#:   shared, where version 1's place-by-place comparison gave it to seat 0 (the
#:   first such seed; about 1 game in 1,000).
CHOSEN_GAMES: tuple[tuple[dict[str, int], int], ...] = (({"players": 2}, 2),
                                                        ({"players": 2}, 1218))

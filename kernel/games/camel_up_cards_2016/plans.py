"""Camel Up Cards (2016): what its golden vectors are made of (race-kernel vectors).

The whole-game configurations, the policy of the rejection game (mostly
bets, to meet empty leader stacks), the candidate-state mutations of the
status vectors (one broken invariant each; the play-phase ones on a table
with a figure on the track), and the transition check of CUC-INV-SANDSTORM.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from kernel.core import Action
from kernel.plugin import Mutation, Plan


def _bettor(state: Any, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """Mostly bets, draining the shortest leader stack first (to meet empty stacks)."""
    bets = [a for a in legal if a.kind in ("leg", "mid", "win", "lose")]
    if bets and rng.randrange(4) != 0:
        from .game import to_data

        leaders = to_data(state).get("leaders", {})
        legs = [a for a in bets if a.kind == "leg"]
        if legs and rng.randrange(3) != 0:
            return min(legs, key=lambda a: (len(leaders.get(str(a.arg), ())), str(a.arg)))
        return bets[rng.randrange(len(bets))]
    return legal[rng.randrange(len(legal))]


def _mutations() -> tuple[tuple[str, str, Mutation], ...]:
    def camel_twice(d: dict[str, Any]) -> dict[str, Any]:
        cell = next(i for i, s in enumerate(d["stacks"]) if s)
        d["stacks"][cell].append(d["stacks"][cell][0])
        return d

    def camel_missing(d: dict[str, Any]) -> dict[str, Any]:
        cell = next(i for i, s in enumerate(d["stacks"]) if s)
        d["stacks"][cell].pop()
        return d

    def on_finish(d: dict[str, Any]) -> dict[str, Any]:
        cell = next(i for i, s in enumerate(d["stacks"]) if s)
        d["stacks"][-1].append(d["stacks"][cell].pop())
        return d

    def card_lost(d: dict[str, Any]) -> dict[str, Any]:
        zone = next(z for z in ("stock", "deck", "discard") if d[z])
        d[zone].pop()
        return d

    def card_extra(d: dict[str, Any]) -> dict[str, Any]:
        d["discard"] = sorted([*d["discard"], "blue+2"])
        return d

    def leader_twice(d: dict[str, Any]) -> dict[str, Any]:
        d["bets"][0].append("blue:5")
        d["leaders"]["blue"] = [2, 2, 3, 5]
        return d

    def midfield_twice(d: dict[str, Any]) -> dict[str, Any]:
        d["bets"][0].append("green:mid")
        d["midfield"] = sorted(set(d["midfield"]) | {"green"})
        return d

    def final_shared(d: dict[str, Any]) -> dict[str, Any]:
        d["winner_bets"][0] = "orange"
        d["winner_bets"][1] = "orange"
        return d

    def palm_on_camel(d: dict[str, Any]) -> dict[str, Any]:
        cell = max(i for i, s in enumerate(d["stacks"][:-1]) if s)
        d["palm"] = {"space": cell, "holder": 0}
        return d

    def palm_no_holder(d: dict[str, Any]) -> dict[str, Any]:
        d["fennec"] = {"space": len(d["stacks"]) - 2, "holder": -1}
        return d

    def money_zero(d: dict[str, Any]) -> dict[str, Any]:
        d["money"][0] = 0
        d["payouts"][0] = [-3]
        return d

    def ledger_off(d: dict[str, Any]) -> dict[str, Any]:
        d["money"][0] += 1
        return d

    def short_track(d: dict[str, Any]) -> dict[str, Any]:
        cell = max(i for i, s in enumerate(d["stacks"]) if s)
        target = len(d["stacks"]) - 2  # the last space: 0 spaces ahead of the leader
        d["stacks"][target] = d["stacks"][target] + d["stacks"][cell]
        if target != cell:
            d["stacks"][cell] = []
        return d

    def half_inside(d: dict[str, Any]) -> dict[str, Any]:
        d["track"] = "H" + d["track"][1:]  # the first card half covered: 1 space less
        d["stacks"].pop(-2)  # the last space (empty in the base state) goes
        return d

    def spaces(track: str) -> int:
        return sum(2 if side == "F" else 1 for side in track)

    def too_many_cards(d: dict[str, Any]) -> dict[str, Any]:
        old = d["track"]
        d["track"] = old.replace("H", "F") + "F" * (13 - len(old))
        d["stacks"][-1:-1] = [[] for _ in range(spaces(d["track"]) - spaces(old))]
        return d

    def bad_turn(d: dict[str, Any]) -> dict[str, Any]:
        d["turn"] = d["players"]
        return d

    def bad_phase(d: dict[str, Any]) -> dict[str, Any]:
        d["phase"] = "siesta"
        return d

    def unchanged(d: dict[str, Any]) -> dict[str, Any]:
        return d

    def on_figure_table(mutate: Mutation) -> Mutation:
        """The mutation on a play-phase table with a figure on the track (the base
        the status vectors prefer: it can break the figure rules too); LookupError
        for a table without one, so that the next play-phase state is tried."""

        def mutated(d: dict[str, Any]) -> dict[str, Any]:
            if not (d.get("palm") or d.get("fennec")):
                raise LookupError("no figure on the track")
            return mutate(d)

        return mutated

    mutations: tuple[tuple[str, str, Mutation], ...] = (
        ("valid-deal", "deal", unchanged),
        ("valid-play", "play", unchanged),
        ("valid-over", "over", unchanged),
        ("camel-twice", "play", camel_twice),
        ("camel-missing", "play", camel_missing),
        ("camel-on-finish-before-the-end", "play", on_finish),
        ("racing-card-lost", "deal", card_lost),
        ("racing-card-extra", "play", card_extra),
        ("leader-card-twice", "play", leader_twice),
        ("midfield-card-twice", "play", midfield_twice),
        ("final-card-shared", "play", final_shared),
        ("palm-on-a-camel", "play", palm_on_camel),
        ("fennec-without-holder", "play", palm_no_holder),
        ("money-zero", "play", money_zero),
        ("ledger-off-by-one", "over", ledger_off),
        ("leader-near-finish-at-leg-setup", "deal", short_track),
        ("half-covered-card-inside", "play", half_inside),
        ("thirteen-track-cards", "play", too_many_cards),
        ("turn-out-of-range", "discard", bad_turn),
        ("unknown-phase", "play", bad_phase),
    )
    return tuple((name, phase, on_figure_table(mutate) if phase == "play" else mutate)
                 for name, phase, mutate in mutations)


def _sandstorm_kept(before: Mapping[str, Any], after: Mapping[str, Any],
                    events: Sequence[Mapping[str, Any]]) -> bool | None:
    """Sandstorm sides never flip back: None if no sandstorm card before, else kept?"""
    old, new = str(before.get("track", "")), str(after.get("track", ""))
    flipped = [i for i, side in enumerate(old) if side == "S"]
    if not flipped:
        return None
    kept = all(i < len(new) and new[i] == "S" for i in flipped)
    if not kept:
        return False
    # a witness: a leg setup (the only time cards flip) that kept them
    return True if any(e.get("event") == "leg-reset" for e in events) else None



def plan() -> Plan:
    """The conformance plan (built on first use)."""
    return Plan(
        configs=(
            {"players": 2}, {"players": 3}, {"players": 4}, {"players": 5}, {"players": 6},
            {"players": 4, "age_order": [2, 0, 3, 1]},
        ),
        rejection_config={"players": 3, "age_order": [1, 2, 0]},
        rejection_seed=1,
        rejection_policy=_bettor,
        mutations=_mutations(),
        transitions={"CUC-INV-SANDSTORM": _sandstorm_kept},
    )

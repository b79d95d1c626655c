"""Camel Up: The Card Game (2023): what its golden vectors are made of (race-kernel vectors).

The whole-game configurations, the policy of the rejection game (bets and
markers first, to meet empty stacks and spent tokens), and the
candidate-state mutations of the status vectors, one broken invariant each.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from kernel.core import Action
from kernel.plugin import Mutation, Plan


def _policy(state: Any, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """Mostly bets and markers, else anything (to meet empty stacks and spent tokens)."""
    keen = [a for a in legal if a.kind in ("leg", "mid", "win", "lose", "fennec", "shortcut")]
    if keen and rng.randrange(3):
        return keen[rng.randrange(len(keen))]
    return legal[rng.randrange(len(legal))]


def _need(ok: bool, why: str) -> None:
    if not ok:
        raise LookupError(why)


def _mutations() -> tuple[tuple[str, str, Mutation], ...]:
    def same(d: dict[str, Any]) -> dict[str, Any]:
        return d

    def camel_twice(d: dict[str, Any]) -> dict[str, Any]:
        d["stacks"][0].append("black")
        return d

    def camel_gone(d: dict[str, Any]) -> dict[str, Any]:
        d["stacks"] = [[c for c in cell if c != "black"] for cell in d["stacks"]]
        return d

    def on_finish(d: dict[str, Any]) -> dict[str, Any]:
        cell = next(i for i, s in enumerate(d["stacks"]) if s and s[-1] != "black")
        d["stacks"][-1].append(d["stacks"][cell].pop())
        return d

    def crazy_behind(d: dict[str, Any]) -> dict[str, Any]:
        _need(len(d["stacks"][0]) < 2, "the fourth camel is behind the start line")
        d["stacks"] = [[c for c in cell if c != "black"] for cell in d["stacks"]]
        d["stacks"][0] = sorted([*d["stacks"][0], "black"],
                                key=["blue", "green", "orange", "white", "yellow",
                                     "black"].index)
        return d

    def card_lost(d: dict[str, Any]) -> dict[str, Any]:
        fullest = max(("stock", "deck", "discard"), key=lambda z: len(d[z]))
        del d[fullest][0]
        return d

    def leader_twice(d: dict[str, Any]) -> dict[str, Any]:
        d["bets"][0] = [*d["bets"][0], "blue:5"]
        d["leaders"] = {**d["leaders"], "blue": [2, 2, 3, 5]}
        return d

    def final_shared(d: dict[str, Any]) -> dict[str, Any]:
        d["winner_bets"] = ["blue"] * len(d["winner_bets"])
        return d

    def token_spent(d: dict[str, Any]) -> dict[str, Any]:
        d["fennec_tokens"][0] = False
        return d

    def token_spent_unplaced(d: dict[str, Any]) -> dict[str, Any]:
        # CUG-INV-MARKERS on one state: a token gone though its seat placed no shortcut
        held = [seat for seat, has in enumerate(d["shortcut_tokens"]) if has]
        _need(bool(held), "every shortcut token is spent")
        d["shortcut_tokens"][held[0]] = False
        return d

    def placer_token_back(d: dict[str, Any]) -> dict[str, Any]:
        # CUG-INV-MARKERS on one state: a seat placed the fennec this leg, yet holds its token
        _need(bool(d["fennec_placers"]), "nobody placed the fennec this leg")
        d["fennec_tokens"][d["fennec_placers"][0]] = True
        return d

    def money_below_zero(d: dict[str, Any]) -> dict[str, Any]:
        d["payouts"][0].append(-1 - d["money"][0])
        d["money"][0] = -1
        return d

    def ledger_off(d: dict[str, Any]) -> dict[str, Any]:
        d["money"][0] += 1
        return d

    def extended_wrongly(d: dict[str, Any]) -> dict[str, Any]:
        spaces = len(d["stacks"]) - 2
        lead = max(i for i, s in enumerate(d["stacks"]) if set(s) - {"black"})
        _need(spaces - lead != 3, "three spaces ahead already")
        d["extended"] = 2
        return d

    def half_inside(d: dict[str, Any]) -> dict[str, Any]:
        track = d["track"]
        i = track.rindex("F")
        d["track"] = track[:i] + "HS" + track[i + 1:]
        return d

    def hand_short(d: dict[str, Any]) -> dict[str, Any]:
        hand = d["hands"][-1]
        d["discard"] = sorted([*d["discard"], hand.pop()])
        return d

    def bad_phase(d: dict[str, Any]) -> dict[str, Any]:
        d["phase"] = "siesta"
        return d

    by_name: dict[str, tuple[str, Mutation]] = {
        "valid-deal": ("deal", same),
        "valid-play": ("play", same),
        "valid-over": ("over", same),
        "camel-twice": ("play", camel_twice),
        "crazy-camel-missing": ("play", camel_gone),
        "racing-camel-on-finish-before-the-end": ("play", on_finish),
        "crazy-camel-behind-fourth-at-leg-setup": ("deal", crazy_behind),
        "racing-card-lost": ("deal", card_lost),
        "leader-card-twice": ("play", leader_twice),
        "final-card-shared": ("play", final_shared),
        "token-spent-at-leg-setup": ("deal", token_spent),
        "token-spent-without-placing": ("play", token_spent_unplaced),
        "token-back-after-placing": ("play", placer_token_back),
        "money-below-zero": ("play", money_below_zero),
        "ledger-off-by-one": ("over", ledger_off),
        "extension-not-three-spaces": ("deal", extended_wrongly),
        "half-covered-card-inside": ("play", half_inside),
        "hand-short-while-discarding": ("discard", hand_short),
        "unknown-phase": ("play", bad_phase),
    }
    return tuple((name, phase, mutate) for name, (phase, mutate) in by_name.items())


def tokens_follow_placements(before: Mapping[str, Any], after: Mapping[str, Any],
                              events: Sequence[Mapping[str, Any]]) -> bool | None:
    """CUG-INV-MARKERS between two states: a token leaves a seat's hand exactly when that
    seat places the marker, and comes back only at a leg's reset (None: no token moved)."""
    placed = {(e["figure"], e["seat"]) for e in events if e["event"] == "figure-placed"}
    reset = any(e["event"] == "leg-reset" for e in events)
    moved = False
    for kind in ("shortcut", "fennec"):
        old, new = before[f"{kind}_tokens"], after[f"{kind}_tokens"]
        for seat, (had, has) in enumerate(zip(old, new, strict=True)):
            if had and not has and (kind, seat) not in placed:
                return False
            if has and not had and not reset:
                return False
            if had and (kind, seat) in placed and has and not reset:
                return False
            moved = moved or had != has
    return True if moved else None


def plan() -> Plan:
    """The conformance plan (built on first use)."""
    return Plan(
        configs=({"players": 2}, {"players": 3}, {"players": 4}, {"players": 5},
                 {"players": 6}, {"players": 4, "age_order": [2, 0, 3, 1]}),
        rejection_config={"players": 5, "age_order": [1, 2, 0, 4, 3]},
        rejection_seed=1,
        rejection_policy=_policy,
        mutations=_mutations(),
        transitions={"CUG-INV-MARKERS": tokens_follow_placements},
    )

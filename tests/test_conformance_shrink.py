"""Shrinking a person can read: planted divergences whose shortest witness is known.

A planted program is the reference server with one deviation: once it has
applied ``depth`` actions since its last ``new`` or ``load``, an action whose
events name ``rule`` is answered as the kernel answers it but leaves the
program's state unchanged. By construction no witness is shorter than
``depth`` actions (the program counts only the actions it applied, from the
start or a loaded state), and ``depth`` actions do it whenever the rule can
fire at the ``depth``-th action from some reachable state, which holds for
the frequent rules planted here. The driver must report a witness of at most
1.5 times that length.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from kernel.conformance.driver import DiffOptions, diff
from kernel.conformance.protocol import InProcessPeer
from kernel.conformance.server import KernelServer

#: (game, rule, depth): two planted divergences per game.
PLANTED = [
    ("camel-up-2018", "CU2-TURN-ORDER", 8),
    ("camel-up-2018", "CU2-DIE-RACING", 10),
    ("camel-up-cards-2016", "CUC-MOVE-STACK", 8),
    ("camel-up-cards-2016", "CUC-ACT-REVEAL", 12),
    ("camel-up-card-game-2023", "CUG-MOVE-STACK", 8),
    ("camel-up-card-game-2023", "CUG-ACT-REVEAL", 12),
    ("hare-and-tortoise-2014", "HT-TURN-PLAY", 8),
    ("hare-and-tortoise-2014", "HT-TURN-REFILL", 10),
]


class Planted(KernelServer):
    """The reference server, deviating when ``rule`` fires at ``depth`` or deeper."""

    def __init__(self, rule: str, depth: int) -> None:
        super().__init__()
        self.rule, self.depth, self.applied = rule, depth, 0

    def op_new(self, request: Mapping[str, Any]) -> dict[str, Any]:
        self.applied = 0
        return super().op_new(request)

    def op_load(self, request: Mapping[str, Any]) -> dict[str, Any]:
        self.applied = 0
        return super().op_load(request)

    def op_apply(self, request: Mapping[str, Any]) -> dict[str, Any]:
        before = self.state
        response = super().op_apply(request)
        if response["ok"]:
            self.applied += 1
            fired = any(self.rule in e["rules"] for e in response["events"])
            if fired and self.applied >= self.depth:
                self.state = before  # the deviation: the action changes nothing
        return response


@pytest.mark.parametrize(("game", "rule", "depth"), PLANTED,
                         ids=[f"{g}-{r}-{d}" for g, r, d in PLANTED])
def test_a_planted_divergence_shrinks_to_near_its_shortest_witness(
        game: str, rule: str, depth: int) -> None:
    # KERNEL-LEGAL: the planted rule deviates only at depth; the reported witness is
    # at most 1.5 times the shortest one, and never shorter (it could not diverge).
    result = diff(InProcessPeer(Planted(rule, depth)),
                  DiffOptions(game, examples=30, seed=3, max_steps=120))
    d = result.divergence
    assert d is not None and d.failure is None and result.shrunk, result.text()
    assert rule in d.rules or d.what in ("state", "digest"), d
    length = len(result.actions)
    print(f"{game} {rule} depth {depth}: shrunk to {length} action(s) "
          f"({'from a loaded state' if result.loaded else 'from a new game'})")
    assert depth <= length <= 1.5 * depth, result.text()
    # the deviation shows at the last step, where the rule fired
    last = result.lines[-1]
    assert any(rule in e["rules"] for e in last.get("events", [])), last


class PlantedWithoutLoad(Planted):
    """The same, for a program that does not offer load: witnesses start with new."""

    def op_hello(self, request: Mapping[str, Any]) -> dict[str, Any]:
        response = super().op_hello(request)
        response["features"] = [f for f in response["features"] if f != "load"]
        return response


def test_without_load_the_witness_starts_with_a_new_game() -> None:
    # CU2-TURN-ORDER, CU2-SETUP-START: from a new game the seventh chance step (the second
    # crazy camel) starts the leg (CU2-TURN-ORDER) and every decision passes the turn, so
    # eight actions are the shortest witness of a deviation at depth 8.
    result = diff(InProcessPeer(PlantedWithoutLoad("CU2-TURN-ORDER", 8)),
                  DiffOptions("camel-up-2018", examples=30, seed=3, max_steps=120))
    assert result.divergence is not None and result.shrunk and not result.loaded
    assert "start" not in result.lines[0]
    assert len(result.actions) == 8, result.text()

"""Camel Up (2018): the game's state machine and independent model, against the kernel.

:mod:`kernel.games.camel_up_2018.machine` compares the kernel after every step
with the independent list-of-stacks model :mod:`kernel.games.camel_up_2018.model`
(CU2-DIE-*, CU2-MOVE-*, CU2-TILE-*, CU2-PAY-*, CU2-TURN-ORDER, ...) and checks
every invariant (CU2-INV-*). A deliberately wrong implementation is caught.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings

from kernel.core import Applied, Rejected
from kernel.games.camel_up_2018.machine import (
    Camel2018Machine,
    MachineFailure,
    machine_for,
    run_machine,
)
from kernel.testing.adapter import kernel_adapter

GAME = "camel-up-2018"


def test_machine_runs() -> None:
    # CU2-INV-*, CU2-DIE-RACING, CU2-DIE-GREY, CU2-MOVE-CRAZY, CU2-TILE-PAY, CU2-PAY-LEG,
    # CU2-PAY-FINAL: Hypothesis drives the kernel and the model side by side.
    run_machine(config=settings(max_examples=settings().max_examples, stateful_step_count=30))


@pytest.mark.parametrize("seed", range(6))
def test_whole_games_match_the_model(seed: int) -> None:
    # CU2-TURN-ORDER, CU2-LEG-END, CU2-LEG-RESET, CU2-RACE-END, CU2-WINNER: whole seeded
    # games (players 3..8), every step compared with the model.
    m = Camel2018Machine()
    m.start(3 + seed, seed)
    while m.running():
        m.burst(seed, 120)
        m.valid()
    assert m.data["phase"] == "over"


class _GreyByColourOnly:
    """A wrong implementation: the grey die always moves the camel of its colour."""

    def __init__(self) -> None:
        self.inner = kernel_adapter(GAME)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def apply(self, state: Any, action: str) -> Applied | Rejected:
        import kernel

        data = kernel.to_data(state)
        if action.startswith("die:") and data["phase"] == "reveal":
            colour = action.split(":")[1]
            if colour in ("white", "black"):
                other = "black" if colour == "white" else "white"
                # swap the two crazy camels' names when the rules would move the other one
                from kernel.games.camel_up_2018 import model

                if model.grey_moves(data["track"], colour) == other:
                    action = f"die:{other}:{action.split(':')[2]}"
        return self.inner.apply(state, action)


def test_machine_catches_a_wrong_grey_die() -> None:
    # CU2-DIE-GREY: an implementation ignoring the exceptions disagrees with the model.
    m = machine_for(_GreyByColourOnly())()
    m.start(4, 0)
    for a in ("die:blue:1", "die:green:1", "die:red:1", "die:yellow:1", "die:purple:1",
              "die:white:1", "die:black:1", "pyramid"):
        m.do(a)
    with pytest.raises(MachineFailure):
        m.do("die:white:2")  # black sits on white: black must move

"""The Camel Up Cards state machine, run against the kernel's own adapter.

:mod:`kernel.games.camel_up_cards_2016.machine` (the game's own oracle, in its
package) compares the kernel after every step with an
independent list-of-stacks model (CUC-MOVE-*, CUC-PAY-*, CUC-TURN-*, ...)
and checks every invariant (CUC-INV-*) and the transition invariants
(CUC-INV-SANDSTORM, CUC-INV-STACKS, CUC-MOVE-CARRY). The same machine runs
against other implementations through their adapters.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import settings

import kernel
from kernel.games.camel_up_cards_2016.machine import (
    GAME,
    CamelUpCardsMachine,
    MachineFailure,
    check_stacks_transition,
    machine_for,
    run_machine,
    sample_outcome,
)
from kernel.games.camel_up_cards_2016.model import RaceModel
from kernel.testing.adapter import kernel_adapter

TestKernelMachine = machine_for(kernel_adapter(GAME)).TestCase
# at most 30 runs of the profile's step count (the gate's time budget; dev and mutation
# profiles stay under it)
TestKernelMachine.settings = settings(max_examples=min(30, settings().max_examples))


def test_machine_runs_through_run_machine() -> None:
    # CUC-INV-*, CUC-MOVE-*, CUC-PAY-*: the entry point other implementations use (a few
    # runs: TestKernelMachine above runs the same machine at length; the gate's time budget).
    run_machine(config=settings(max_examples=max(1, min(4, settings().max_examples // 5))))


def _play_checked(seed: int) -> CamelUpCardsMachine:
    """A whole seeded game through the machine's step checks (no Hypothesis)."""
    adapter = kernel_adapter(GAME)
    machine = CamelUpCardsMachine(adapter)
    rng = random.Random(seed)
    players = 2 + seed % 5
    ages = list(range(players))
    rng.shuffle(ages)
    machine.state = adapter.new_game({"players": players, "age_order": ages})
    machine.data = json.loads(json.dumps(adapter.to_data(machine.state)))
    machine.model = RaceModel(players, ages)
    machine.check(None, "new_game")
    while machine.running():
        if machine.actor() == kernel.CHANCE:
            action = sample_outcome(list(adapter.chance_outcomes(machine.state)), rng)
        else:
            legal = sorted(adapter.legal_actions(machine.state))
            action = legal[rng.randrange(len(legal))]
        machine.do(action)
    return machine


@pytest.mark.parametrize("seed", range(5))
def test_whole_games_agree_with_the_model(seed: int) -> None:
    # CUC-GAME-END, CUC-PAY-FINAL, CUC-WINNER: whole games, every step compared
    # with the model, each ending over with the model's money.
    machine = _play_checked(seed)
    assert machine.model is not None and machine.model.over
    outcome = kernel.outcome(machine.state)
    assert outcome is not None and list(outcome.money) == machine.model.money


def test_model_catches_a_wrong_stack() -> None:
    # CUC-MOVE-STACK: the comparison is not vacuous: a state whose stacks differ
    # from the model's fails the step check.
    machine = _play_checked(0)
    assert machine.model is not None
    machine.model.start.add("blue")
    with pytest.raises(MachineFailure, match="model: stacks"):
        machine.check(None, "probe")


def test_stack_transition_check() -> None:
    # CUC-MOVE-CARRY, CUC-INV-STACKS: the unit moves whole and in order; others stay.
    before = [["white"], ["blue", "green", "orange"], [], ["yellow"], []]
    check_stacks_transition(before, [["white"], ["blue"], [], ["yellow", "green", "orange"], []],
                            "green")
    check_stacks_transition(before, [["white"], ["blue"], ["green", "orange"], ["yellow"], []],
                            "green")
    check_stacks_transition(before, [["white"], ["blue"], [], ["green", "orange", "yellow"], []],
                            "green")  # under, after a fennec
    with pytest.raises(MachineFailure, match="CUC-MOVE-CARRY"):
        check_stacks_transition(
            before, [["white"], ["blue"], [], ["yellow", "orange", "green"], []], "green")
    with pytest.raises(MachineFailure, match="CUC-INV-STACKS"):
        check_stacks_transition(
            before, [["white"], ["green", "blue"], [], ["yellow", "orange"], []], "orange")

"""The Camel Up: The Card Game state machine, run against the kernel's own adapter.

:mod:`kernel.games.camel_up_card_game_2023.machine` compares the kernel after
every race-track action and bet with an independent list-of-stacks model
(CUG-MOVE-CARRY, CUG-MOVE-STACK, CUG-MOVE-START, CUG-MOVE-SHORTCUT,
CUG-MOVE-FENNEC, CUG-MOVE-CHAIN, CUG-MOVE-PASSED, CUG-MOVE-CRAZY,
CUG-ACT-MARKER, CUG-ACT-PERSONAL, CUG-BET-LEG, CUG-BET-FINAL) and checks every
invariant (CUG-INV-*) after every step.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import settings

from kernel.games.camel_up_card_game_2023.machine import MachineFailure, machine_for, run_machine
from kernel.games.camel_up_card_game_2023.model import RaceModel
from kernel.testing.adapter import kernel_adapter

GAME = "camel-up-card-game-2023"


def test_machine_runs() -> None:
    # CUG-INV-*, CUG-MOVE-*, CUG-ACT-*: a few Hypothesis runs of the machine.
    run_machine(config=settings(max_examples=max(1, settings().max_examples // 10),
                                stateful_step_count=8, deadline=None))


@pytest.mark.parametrize("seed", range(3))
def test_seeded_games_agree_with_the_model(seed: int) -> None:
    # CUG-MOVE-CRAZY, CUG-MOVE-SHORTCUT, CUG-MOVE-FENNEC: whole seeded games, every step compared.
    machine = machine_for(kernel_adapter(GAME))()
    machine.noting = False
    machine.start(players=2 + seed)
    rng = random.Random(seed)
    for _ in range(3000):
        if machine.over():
            break
        machine.step(lambda options: options[rng.randrange(len(options))])
        machine.invariants_hold()
    assert machine.over()


def test_the_model_catches_a_wrong_move() -> None:
    # CUG-MOVE-FENNEC: a kernel that put the fennec's camel on top would be caught.
    machine = machine_for(kernel_adapter(GAME))()
    track: list[list[str]] = [[] for _ in range(17)]
    track[1], track[3], track[7] = ["blue"], ["white"], ["black"]
    track[8] = ["green", "orange", "yellow"]
    before: dict[str, Any] = {
              "stacks": track,
              "shortcut": None, "fennec": {"space": 4, "holder": 1},
              "shortcut_tokens": [True, True], "fennec_tokens": [True, False],
              "money": [3, 3], "hands": [["blue+2"], []], "leaders": {}, "midfield": [],
              "bets": [[], []], "winner_bets": [None, None], "loser_bets": [None, None],
              "turn": 0, "leg": 1, "phase": "play"}
    model = RaceModel(before)
    model.act("personal:0")  # blue 1 -> 3? no: 2 spaces to 3, onto white; the fennec is on 4
    assert model.table()["stacks"][3] == ["white", "blue"]
    wrong = {**before, **model.table(), "stacks": model.table()["stacks"]}
    wrong["money"] = [2, 4]
    with pytest.raises(MachineFailure):
        machine.compare(before, "personal:0", wrong)

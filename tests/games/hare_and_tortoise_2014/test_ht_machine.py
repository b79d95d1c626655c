"""The Hare & the Tortoise (2014): the kernel against its independent model.

:mod:`kernel.games.hare_and_tortoise_2014.machine` compares the kernel after
every step with the hand-kept model of :mod:`kernel.games.hare_and_tortoise_2014.model`
(HT-RACE-*, HT-TURN-*, HT-END-*, HT-SCORE-*, HT-CHAMP-*, HT-APP-*) and checks
every invariant (HT-INV-*) and HT-INV-FORWARD between steps.
"""

from __future__ import annotations

import pytest
from hypothesis import settings

import kernel
from kernel.games.hare_and_tortoise_2014.machine import (
    CONFIGS,
    MachineFailure,
    play_checked,
    run_machine,
)
from kernel.games.hare_and_tortoise_2014.model import HareModel
from kernel.testing.adapter import kernel_adapter

GAME = "hare-and-tortoise-2014"


def test_machine_runs() -> None:
    # HT-INV-*, HT-RACE-*, HT-SCORE-*: the entry point other implementations use
    run_machine(config=settings(max_examples=max(1, settings().max_examples // 5),
                                stateful_step_count=10))


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}{v}" for k, v in
                                                                   sorted(c.items())))
def test_whole_games_agree_with_the_model(config: dict[str, object]) -> None:
    # HT-RACE-ORDER ... HT-APP-END, HT-CHAMP-ROUNDS: a whole game, every step checked;
    # the winners as the model finds them (HT-SCORE-WINNER, HT-CHAMP-WINNER)
    game = play_checked(kernel_adapter(GAME), dict(config), seed=11)
    outcome = kernel.outcome(game.state)
    assert outcome is not None
    assert list(outcome.winners) == game.model.winners()


def test_model_catches_a_wrong_move() -> None:
    # HT-INV-FORWARD, HT-RACE-TORTOISE: a model that disagrees (a tortoise one tile ahead)
    # is reported
    game = play_checked(kernel_adapter(GAME), {"players": 2}, seed=3)
    model = HareModel(2)
    model.pos["tortoise"] = 1
    game.model = model
    with pytest.raises(MachineFailure):
        game.check("test", game.data)

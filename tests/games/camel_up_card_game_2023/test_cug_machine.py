"""The Camel Up: The Card Game state machine, run against the kernel's own adapter.

:mod:`kernel.games.camel_up_card_game_2023.machine` compares the kernel after
every step with an independent model of the whole table
(:mod:`kernel.games.camel_up_card_game_2023.model`): the starting reveals and
each leg's setup (CUG-SETUP-REVEAL, CUG-LEG-RESET, CUG-EXTEND, CUG-LEG-CRAZY,
CUG-SANDSTORM, CUG-TURN-START), the deal and the choices (CUG-LEG-DEAL,
CUG-LEG-DISCARD, CUG-LEG-DECK, CUG-LEG-EXTRA, CUG-LEG-CRAZYCARDS,
CUG-LEG-PERSONAL), the race (CUG-MOVE-CARRY, CUG-MOVE-STACK, CUG-MOVE-START,
CUG-MOVE-SHORTCUT, CUG-MOVE-FENNEC, CUG-MOVE-CHAIN, CUG-MOVE-PASSED,
CUG-MOVE-CRAZY, CUG-ACT-MARKER, CUG-ACT-PERSONAL, CUG-BET-LEG, CUG-BET-FINAL)
and the payouts, and checks every invariant (CUG-INV-*) after every step. The
planted bugs below show that it catches a wrong leg setup.
"""

from __future__ import annotations

import ast
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from kernel.games.camel_up_card_game_2023 import data, engine, game, model
from kernel.games.camel_up_card_game_2023.machine import MachineFailure, machine_for, run_machine
from kernel.games.camel_up_card_game_2023.model import RaceModel
from kernel.testing.adapter import kernel_adapter

GAME = "camel-up-card-game-2023"
ROOT = Path(__file__).resolve().parents[3]
FIXTURES = json.loads((ROOT / "spec/camel-up-card-game-2023/examples/fixtures.json").read_text())


def fixture_data(name: str, **patch: Any) -> dict[str, Any]:
    """A spec fixture's plain data (checked by from_data), with top-level keys replaced."""
    entry = FIXTURES["fixtures"][name]
    base = dict(entry["state"]) if "state" in entry else fixture_data(entry["from"])
    base.update(entry.get("patch", {}))
    base.update(patch)
    return game.to_data(game.from_data(base))


def stacks(n: int, **cells: list[str]) -> list[list[str]]:
    out: list[list[str]] = [[] for _ in range(n)]
    for key, camels in cells.items():
        out[int(key[1:])] = camels
    return out


def machine_at(state: Any) -> Any:
    machine = machine_for(kernel_adapter(GAME))()
    machine.noting = False
    machine.state = state
    return machine


def play(machine: Any, rng: random.Random, until: Callable[[Any], bool],
         limit: int = 3000) -> None:
    """Seeded random steps through the machine (every step compared) until ``until``."""
    for _ in range(limit):
        if machine.over() or until(machine.state):
            return
        machine.step(lambda options: options[rng.randrange(len(options))])
        machine.invariants_hold()


def test_machine_runs() -> None:
    # CUG-INV-*, CUG-LEG-*, CUG-MOVE-*, CUG-ACT-*: a few Hypothesis runs of the machine.
    run_machine(config=settings(max_examples=max(1, settings().max_examples // 10),
                                stateful_step_count=8, deadline=None))


@pytest.mark.parametrize("seed", range(5))
def test_seeded_games_agree_with_the_model(seed: int) -> None:
    # Whole seeded games at 2..6 players, every step compared with the model: the leg
    # setups (CUG-LEG-RESET, CUG-EXTEND, CUG-LEG-CRAZY, CUG-SANDSTORM), the deals and
    # choices (CUG-LEG-DEAL ... CUG-LEG-PERSONAL), the moves and payouts.
    machine = machine_at(game.new_game({"players": 2 + seed}))
    phases: set[str] = set()

    def note_phase(state: Any) -> bool:
        phases.add(state.phase)
        return False

    play(machine, random.Random(seed), note_phase)
    assert machine.over()
    assert {"setup", "deal", "discard", "deck", "crazy", "play", "draw"} <= phases
    assert ("extra" in phases) == (2 + seed >= 5)  # CUG-LEG-EXTRA: 5 and 6 players only


def test_the_model_is_independent_of_the_engine() -> None:
    # The model imports nothing of the game's package, the shared engine or kernel.rules:
    # its figures are its own, transcribed from the catalogue (CUG-DATA-SETUPCARD,
    # CUG-LEG-EXTRA, CUG-LEG-CRAZYCARDS, CUG-LEG-CRAZY).
    tree = ast.parse(Path(model.__file__).read_text())
    imported = {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {a.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for a in node.names}
    assert not {m for m in imported if m.startswith("kernel") or m.startswith(".")}
    assert model.EXTRA_CARDS == {5: 2, 6: 3} and model.CRAZY_AHEAD == 3
    assert model.SETUP_CARD[4] == (6, 3, 2, 16) and model.CRAZY_SHUFFLED_IN == 2


def test_the_model_catches_a_wrong_move() -> None:
    # CUG-MOVE-FENNEC, CUG-ACT-PERSONAL: a kernel that paid the fee the wrong way would be
    # caught; the model's own move lands blue on white.
    machine = machine_at(None)
    before = fixture_data("cug-leg1-4p", stacks=stacks(18, c1=["blue"], c3=["white"],
                                                        c7=["black"],
                                                        c8=["green", "orange", "yellow"]),
                          fennec={"space": 4, "holder": 1},
                          fennec_tokens=[True, False, True, True], fennec_placers=[1])
    expected = RaceModel(before)
    expected.step("personal:0")  # blue 2 spaces to 3, onto white; the fennec on 4 untouched
    right = expected.table()
    assert right["stacks"][3] == ["white", "blue"] and right["fennec"] == before["fennec"]
    machine.compare(before, "personal:0", right)
    wrong = {**right, "money": [2, 4, 3, 3]}
    with pytest.raises(MachineFailure, match="money"):
        machine.compare(before, "personal:0", wrong)


def _repositioning_leg_end() -> dict[str, Any]:
    """Seat 2 reveals the leg's last card; the crazy camel (under blue on 1) is behind
    the fourth racing camel (CUG-LEG-CRAZY); the leader is yellow on 5."""
    return fixture_data("cug-last-card-4p", stacks=stacks(18, c1=["black", "blue"],
                                                          c2=["green", "orange"],
                                                          c4=["white"], c5=["yellow"]))


def _to_play(state: Any) -> bool:
    return bool(state.phase == "play")


def _past_extra(state: Any) -> bool:
    return bool(state.phase in ("crazy", "play"))


def test_leg_setup_checked_against_the_model() -> None:
    # CUG-LEG-CRAZY, CUG-TURN-START, CUG-LEG-RESET: the last card, then the next leg's
    # setup agrees with the model: the crazy camel 3 ahead of yellow (on 9), riders off.
    machine = machine_at(game.from_data(_repositioning_leg_end()))
    machine.step(lambda options: "reveal")
    machine.step(lambda options: "draw:yellow+1")
    after = game.to_data(machine.state)
    assert after["phase"] == "deal" and after["leg"] == 2 and after["starter"] == 3
    assert after["stacks"][1] == ["blue"] and after["stacks"][9] == ["black"]
    # CUG-EXTEND, CUG-LEG-CRAZY: yellow reaches 14 of 16, one space is added (a card on
    # its sandstorm side) and the crazy camel on the Finish moves with the Finish card.
    before = fixture_data("cug-last-card-4p", stacks=stacks(18, c10=["blue"],
                                                            c11=["green", "orange"],
                                                            c12=["white"], c13=["yellow"],
                                                            c17=["black"]))
    machine = machine_at(game.from_data(before))
    machine.step(lambda options: "reveal")
    machine.step(lambda options: "draw:yellow+1")
    after = game.to_data(machine.state)
    assert after["track"] == "FFFFFFFFS" and after["extended"] == 1
    assert after["stacks"][14] == ["yellow"] and after["stacks"][18] == ["black"]


@pytest.mark.parametrize(("plant", "start", "until"), [
    # CUG-LEG-CRAZY: the crazy camel repositioned 2 spaces ahead of the leader, not 3
    (lambda mp: mp.setattr(engine, "CRAZY_AHEAD", 2), "reposition", _to_play),
    # CUG-LEG-EXTRA: 2 random discards join the deck at 6 players instead of 3
    (lambda mp: mp.setitem(data.EXTRA_FROM_DISCARD, 6, 2), "new-6p", _past_extra),
    # CUG-LEG-EXTRA: none at 5 players instead of 2
    (lambda mp: mp.setitem(data.EXTRA_FROM_DISCARD, 5, 0), "deck-5p", _past_extra),
    # CUG-LEG-CRAZYCARDS: 3 of the 5 crazy camel cards shuffled in instead of 2
    (lambda mp: mp.setattr(engine, "CRAZY_IN_DECK", 3), "deck-5p", _to_play),
], ids=["crazy-2-ahead", "six-players-2-extra", "five-players-no-extra", "three-crazy-cards"])
def test_a_planted_leg_setup_bug_is_caught(plant: Callable[[pytest.MonkeyPatch], None],
                                           start: str, until: Callable[[Any], bool],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # The same seeded steps pass on the kernel as it is and fail with the bug planted:
    # the machine compares the leg setup and the deal with the independent model.
    def run() -> None:
        if start == "reposition":
            state = game.from_data(_repositioning_leg_end())
        elif start == "deck-5p":
            state = game.from_data(fixture_data("cug-deck-5p"))
        else:
            state = game.new_game({"players": 6})
        machine = machine_at(state)
        if start == "reposition":
            machine.step(lambda options: "reveal")
            machine.step(lambda options: "draw:yellow+1")
        play(machine, random.Random(7), until)
        assert until(machine.state)

    run()  # the kernel as it is agrees with the model
    plant(monkeypatch)
    with pytest.raises(MachineFailure):
        run()

"""A Hypothesis state machine for The Hare & the Tortoise (2014), driving any implementation.

:class:`HareMachine` plays games through an
:class:`~kernel.testing.adapter.Adapter` (the kernel's own by default), in any
variant and player count, drawing decisions from the sorted legal actions and
chance outcomes with ``st.data()``, plus seeded bursts to reach the end. After
every step it checks:

- every invariant: ``status(to_data(state))`` is empty (HT-INV-*);
- animals never move back within a round (HT-INV-FORWARD);
- the independent model (:mod:`.model`): the table (positions, podium, cards
  in every zone, token, scores), the legal actions and the chance outcomes
  with their probabilities.

Another implementation runs it with its own adapter::

    from kernel.games.hare_and_tortoise_2014.machine import run_machine
    run_machine(MyAdapter(), settings(max_examples=20))
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

from hypothesis import note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from kernel.api import sample_chance
from kernel.core import CHANCE, TERMINAL, Applied
from kernel.testing.adapter import Adapter, kernel_adapter

from .data import GAME_ID
from .model import HareModel

CONFIGS = [{"players": n, **v} for v in ({}, {"series": 3}, {"mode": "apprentice"})
           for n in range(2, 6)]


class MachineFailure(AssertionError):
    """The implementation and the model (or an invariant) disagree."""


class Checked:
    """One game through an adapter, checked against the model after every step."""

    def __init__(self, adapter: Adapter, config: dict[str, Any]) -> None:
        self.adapter = adapter
        self.model = HareModel(config["players"], config.get("mode", "standard"),
                               config.get("series", 1), config.get("first", 0))
        self.state = adapter.new_game(config)
        self.data: dict[str, Any] = json.loads(json.dumps(adapter.to_data(self.state)))
        self.steps = 0
        self.check("new_game", self.data)

    def running(self) -> bool:
        return self.adapter.current_actor(self.state) != TERMINAL

    def check(self, what: str, before: dict[str, Any]) -> None:
        data = self.data
        broken = list(self.adapter.status(data))
        if broken:
            raise MachineFailure(f"after {what}: invariants broken {broken}")
        if before["round"] == data["round"] and any(
                b > a for b, a in zip(before["positions"], data["positions"], strict=True)):
            raise MachineFailure(f"HT-INV-FORWARD: after {what} {before['positions']} -> "
                                 f"{data['positions']}")
        for key, value in self.model.expected().items():
            if data.get(key) != value:
                raise MachineFailure(f"after {what}: {key} is {data.get(key)!r}, the model "
                                     f"says {value!r}")
        actor = self.adapter.current_actor(self.state)
        if (actor == TERMINAL) != self.model.over:
            raise MachineFailure(f"after {what}: terminal {actor == TERMINAL}, model "
                                 f"{self.model.over}")
        legal = sorted(self.adapter.legal_actions(self.state))
        if actor != TERMINAL and legal != self.model.legal():
            raise MachineFailure(f"after {what}: legal {legal[:8]}..., the model says "
                                 f"{self.model.legal()[:8]}...")
        if actor == CHANCE:
            odds = {a: Fraction(p) for a, p in self.adapter.chance_outcomes(self.state)}
            if odds != self.model.chance():
                raise MachineFailure(f"after {what}: chance outcomes differ from the model")

    def do(self, action: str) -> None:
        before = self.data
        result = self.adapter.apply(self.state, action)
        if not isinstance(result, Applied):
            raise MachineFailure(f"{action} refused: {result}")
        self.state = result.state
        self.data = json.loads(json.dumps(self.adapter.to_data(self.state)))
        self.model.do(action)
        self.steps += 1
        self.check(action, before)

    def options(self) -> list[tuple[str, Fraction]]:
        if self.adapter.current_actor(self.state) == CHANCE:
            return sorted((a, Fraction(p)) for a, p in self.adapter.chance_outcomes(self.state))
        return [(a, Fraction(1)) for a in sorted(self.adapter.legal_actions(self.state))]


def play_checked(adapter: Adapter, config: dict[str, Any], seed: int) -> Checked:
    """A whole seeded game, every step checked (no Hypothesis)."""
    game = Checked(adapter, config)
    rng = random.Random(seed)
    while game.running():
        options = game.options()
        if game.adapter.current_actor(game.state) == CHANCE:
            game.do(sample_chance(options, rng))
        else:
            game.do(options[rng.randrange(len(options))][0])
    return game


def machine_for(adapter: Adapter) -> type[RuleBasedStateMachine]:
    """The state machine class driving ``adapter``."""

    class HareMachine(RuleBasedStateMachine):
        game: Checked

        @initialize(config=st.sampled_from(CONFIGS))
        def start(self, config: dict[str, Any]) -> None:
            note(f"config {config}")
            self.game = Checked(adapter, config)

        @precondition(lambda self: self.game.running())
        @rule(data=st.data())
        def step(self, data: st.DataObject) -> None:
            options = self.game.options()
            action = data.draw(st.sampled_from([a for a, _ in options]), label="action")
            self.game.do(action)

        @precondition(lambda self: self.game.running())
        @rule(seed=st.integers(0, 2**16), length=st.integers(1, 200))
        def burst(self, seed: int, length: int) -> None:
            rng = random.Random(seed)
            for _ in range(length):
                if not self.game.running():
                    break
                options = self.game.options()
                if self.game.adapter.current_actor(self.game.state) == CHANCE:
                    self.game.do(sample_chance(options, rng))
                else:
                    self.game.do(options[rng.randrange(len(options))][0])

        @precondition(lambda self: not self.game.running())
        @rule(config=st.sampled_from(CONFIGS))
        def again(self, config: dict[str, Any]) -> None:
            note(f"config {config}")
            self.game = Checked(adapter, config)

        @invariant()
        def table_matches_the_model(self) -> None:
            if hasattr(self, "game"):
                self.game.check("(invariant)", self.game.data)

    return HareMachine


HareMachine = machine_for(kernel_adapter(GAME_ID))


def run_machine(adapter: Adapter | None = None, config: settings | None = None) -> None:
    """Run the machine against ``adapter`` (the kernel's by default)."""
    machine = machine_for(adapter or kernel_adapter(GAME_ID))
    run_state_machine_as_test(machine, settings=config)

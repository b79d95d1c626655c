"""A Hypothesis state machine for Camel Up (2018), driving any implementation.

:class:`Camel2018Machine` plays a game through an
:class:`~kernel.testing.adapter.Adapter` (the kernel's own by default): the
seat's decisions and the chance outcomes are drawn with ``st.data()`` from the
sorted lists, plus seeded bursts of many steps (biased towards pyramid
tickets) to reach later legs and the race end. After every step it checks:

- the invariants: ``status(to_data(state))`` is empty (every ``CU2-INV-*``);
- the independent model (:mod:`.model`): every key of :data:`.model.KEYS`
  (camels, dice, tickets, tiles, money, cards, partners, turn, phase);
- at a decision node the legal actions, at a chance node the outcomes and
  their exact probabilities, against the model's;
- transitions: a placed finish card stays (CU2-INV-CARDS), money never
  drops outside a scoring (CU2-TILE-PAY only adds).

Another implementation runs it with its own adapter::

    from kernel.games.camel_up_2018.machine import run_machine
    run_machine(MyAdapter(), settings(max_examples=50))
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import settings
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

from . import model
from .data import GAME_ID

GAME = GAME_ID


class MachineFailure(AssertionError):
    """The implementation and the model or an invariant disagree."""


def _expect(ok: bool, message: str) -> None:
    if not ok:
        raise MachineFailure(message)


class Camel2018Machine(RuleBasedStateMachine):
    """Plays Camel Up (2018) through an adapter and checks it after every step."""

    def __init__(self, adapter: Adapter | None = None) -> None:
        super().__init__()
        self.adapter: Adapter = adapter if adapter is not None else kernel_adapter(GAME)
        self.state: Any = None
        self.data: dict[str, Any] = {}
        self.steps = 0

    def running(self) -> bool:
        return self.state is not None and self.adapter.current_actor(self.state) != TERMINAL

    def options(self) -> list[str]:
        if self.adapter.current_actor(self.state) == CHANCE:
            return [a for a, _ in self.adapter.chance_outcomes(self.state)]
        return list(self.adapter.legal_actions(self.state))

    def do(self, action: str) -> None:
        before = self.data
        result = self.adapter.apply(self.state, action)
        _expect(isinstance(result, Applied),
                f"KERNEL-LEGAL: {action} refused at step {self.steps}: {result}")
        assert isinstance(result, Applied)
        self.state = result.state
        self.data = json.loads(json.dumps(self.adapter.to_data(self.state)))
        self.steps += 1
        want = model.step(before, action)
        for key in model.KEYS:
            _expect(self.data[key] == want[key],
                    f"{key} after {action} (step {self.steps}): {self.data[key]} but the "
                    f"model says {want[key]}")
        self.check_transition(before, action)

    def check_transition(self, before: dict[str, Any], action: str) -> None:
        after = self.data
        for pile in ("winner", "loser"):  # CU2-INV-CARDS: placed cards stay
            _expect(after[f"{pile}_pile"][: len(before[f"{pile}_pile"])]
                    == before[f"{pile}_pile"], f"CU2-INV-CARDS: {pile} pile changed")
        scoring = after["leg"] != before["leg"] or after["phase"] == "over"
        if not scoring:  # CU2-TILE-PAY: outside a scoring money only grows
            _expect(all(b <= a for b, a in zip(before["money"], after["money"], strict=True)),
                    f"money dropped outside a scoring after {action}")

    @initialize(players=st.integers(3, 8), youngest=st.integers(0, 7))
    def start(self, players: int, youngest: int) -> None:
        self.state = self.adapter.new_game({"players": players, "youngest": youngest % players})
        self.data = json.loads(json.dumps(self.adapter.to_data(self.state)))

    @invariant()
    def valid(self) -> None:
        if self.state is None:
            return
        broken = tuple(self.adapter.status(self.data))
        _expect(not broken, f"invariants broken at step {self.steps}: {broken}")
        actor = self.adapter.current_actor(self.state)
        if actor == CHANCE:
            got = {a: p for a, p in self.adapter.chance_outcomes(self.state)}
            _expect(got == model.chance(self.data),
                    f"chance outcomes at step {self.steps}: {got}")
        elif actor >= 0:
            _expect(actor == self.data["turn"], "the actor is not the seat to move")
            _expect(sorted(self.adapter.legal_actions(self.state)) == sorted(model.legal(
                self.data)), f"legal actions at step {self.steps}")

    @precondition(lambda self: self.running())
    @rule(data=st.data())
    def one(self, data: st.DataObject) -> None:
        options = self.options()
        self.do(options[data.draw(st.integers(0, len(options) - 1), label="pick")])

    @precondition(lambda self: self.running())
    @rule(seed=st.integers(0, 2**32 - 1), length=st.integers(1, 120))
    def burst(self, seed: int, length: int) -> None:
        rng = random.Random(seed)
        for _ in range(length):
            if not self.running():
                return
            if self.adapter.current_actor(self.state) == CHANCE:
                action = sample_chance(list(self.adapter.chance_outcomes(self.state)), rng)
            else:
                legal = list(self.adapter.legal_actions(self.state))
                action = "pyramid" if "pyramid" in legal and rng.randrange(3) == 0 else \
                    legal[rng.randrange(len(legal))]
            self.do(action)


    @precondition(lambda self: self.state is not None and not self.running())
    @rule()
    def finished(self) -> None:
        """CU2-RACE-END: a finished game offers nothing (the machine idles)."""
        _expect(not self.adapter.legal_actions(self.state)
                and not self.adapter.chance_outcomes(self.state), "actions after the end")


def machine_for(adapter: Adapter) -> type[Camel2018Machine]:
    """The machine class bound to ``adapter`` (its ``TestCase`` runs under pytest)."""

    class Bound(Camel2018Machine):
        def __init__(self) -> None:
            super().__init__(adapter)

    Bound.__name__ = f"Camel2018Machine_{type(adapter).__name__}"
    return Bound


def run_machine(adapter: Adapter | None = None, config: settings | None = None) -> None:
    """Run the machine against ``adapter`` (the kernel's by default)."""
    run_state_machine_as_test(machine_for(adapter or kernel_adapter(GAME)), settings=config)


__all__ = ["GAME", "Camel2018Machine", "MachineFailure", "machine_for", "run_machine"]

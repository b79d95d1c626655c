"""A Hypothesis state machine for Camel Up: The Card Game (2023), driving any implementation.

:class:`CardGameMachine` plays a game through an
:class:`~kernel.testing.adapter.Adapter` (the kernel's own by default),
drawing the seat's decisions from the sorted legal actions and chance
outcomes from the sorted outcomes with ``st.data()``, plus seeded bursts of
many steps to reach late legs and the finish. After every step it checks:

- the invariants: ``status(to_data(state))`` is empty (every ``CUG-INV-*``);
- the independent model (:mod:`.model`): the stacks, the markers, the
  tokens, the bets and the money after every race-track action and bet
  within a leg (CUG-MOVE-*, CUG-ACT-*, CUG-BET-*), and the money after each
  leg's payout and the final payout (CUG-RANK, CUG-PAY-*, CUG-MONEY-FLOOR);
- the leg count only steps up, and the money never drops below 0.

Another implementation runs it with its own adapter::

    from kernel.games.camel_up_card_game_2023.machine import run_machine
    run_machine(MyAdapter(), settings(max_examples=20))
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from kernel.core import CHANCE, TERMINAL, Applied
from kernel.testing.adapter import Adapter, kernel_adapter

from .data import GAME_ID
from .model import RaceModel

#: Compared with the model after each race-track action or bet within a leg.
MODEL_KEYS = ("stacks", "shortcut", "fennec", "shortcut_tokens", "fennec_tokens", "money",
              "leaders", "midfield", "bets", "winner_bets", "loser_bets")


class MachineFailure(AssertionError):
    """The implementation and the model (or an invariant) disagree."""


def machine_for(adapter: Adapter) -> Any:
    """The state machine class driving ``adapter`` (a RuleBasedStateMachine subclass)."""

    class CardGameMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.state: Any = None
            self.pending: tuple[str, RaceModel] | None = None
            self.last = ""
            #: Hypothesis notes each step while it runs the machine (not in a plain loop).
            self.noting = True

        @initialize(players=st.integers(2, 6))
        def start(self, players: int) -> None:
            self.state = adapter.new_game({"players": players})

        def over(self) -> bool:
            return bool(adapter.current_actor(self.state) == TERMINAL)

        def step(self, choose: Any) -> None:
            if self.over():
                return
            actor = adapter.current_actor(self.state)
            before = dict(adapter.to_data(self.state))
            if actor == CHANCE:
                outcomes = adapter.chance_outcomes(self.state)
                action = choose(sorted(text for text, _ in outcomes))
            else:
                action = choose(sorted(adapter.legal_actions(self.state)))
            result = adapter.apply(self.state, action)
            if not isinstance(result, Applied):
                raise MachineFailure(f"a legal action was refused: {action}: {result}")
            if self.noting:
                note(f"{before['phase']} seat {before['turn']}: {action}")
            self.state = result.state
            self.compare(before, action, dict(adapter.to_data(self.state)))

        def compare(self, before: dict[str, Any], action: str, after: dict[str, Any]) -> None:
            self.last = f"{before['phase']} seat {before['turn']}: {action}"
            if after["leg"] < before["leg"] or min(after["money"]) < 0:
                raise MachineFailure("the leg count went down or money below 0")
            if before["phase"] == "play" and action == "reveal":
                self.pending = ("draw", RaceModel(before))
                return
            model = None
            if before["phase"] == "play" and action != "end":
                model = RaceModel(before)
                model.act(action)
            elif before["phase"] == "draw" and self.pending is not None:
                model = self.pending[1]
                model.card(action.partition(":")[2])
            self.pending = None
            if model is None:
                return
            if after["leg"] != before["leg"] or after["phase"] == "over":
                # the leg's end (and the race's): compare the money after the payouts
                model.leg_payout()
                if after["phase"] == "over":
                    model.final_payout()
                if after["money"] != model.money:
                    raise MachineFailure(f"money after {action}: the model has {model.money}, "
                                         f"the implementation {after['money']}")
                return
            expected = model.table()
            for key in MODEL_KEYS:
                if after[key] != expected[key]:
                    raise MachineFailure(f"{key} after {action}: the model has {expected[key]},"
                                         f" the implementation {after[key]}")

        @rule(data=st.data())
        def one_step(self, data: st.DataObject) -> None:
            self.step(lambda options: data.draw(st.sampled_from(options)))

        @rule(seed=st.integers(0, 2**16))
        def burst(self, seed: int) -> None:
            rng = random.Random(seed)
            for _ in range(150):
                self.step(lambda options: options[rng.randrange(len(options))])

        @invariant()
        def invariants_hold(self) -> None:
            if self.state is not None:
                broken = adapter.status(adapter.to_data(self.state))
                if broken:
                    raise MachineFailure(f"invariants broken: {broken}")

    return CardGameMachine


def run_machine(adapter: Adapter | None = None, config: settings | None = None) -> None:
    """Run the machine against ``adapter`` (the kernel's own by default)."""
    machine = machine_for(adapter or kernel_adapter(GAME_ID))
    run_state_machine_as_test(machine, settings=config)

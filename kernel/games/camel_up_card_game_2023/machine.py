"""A Hypothesis state machine for Camel Up: The Card Game (2023), driving any implementation.

:class:`CardGameMachine` plays a game through an
:class:`~kernel.testing.adapter.Adapter` (the kernel's own by default),
drawing the seat's decisions from the sorted legal actions and chance
outcomes from the sorted outcomes with ``st.data()``, plus seeded bursts of
many steps to reach late legs and the finish. After every step it checks:

- the invariants: ``status(to_data(state))`` is empty (every ``CUG-INV-*``);
- the independent model (:mod:`.model`), built from the state before each
  step: the whole plain-data table after it, every key. That covers the
  starting reveals and each leg's setup (CUG-SETUP-REVEAL, CUG-LEG-RESET,
  CUG-EXTEND, CUG-LEG-CRAZY, CUG-SANDSTORM, CUG-TURN-START), the deal and
  the choices (CUG-LEG-DEAL, CUG-LEG-DISCARD, CUG-LEG-DECK), the random
  discards and crazy camel cards joining the deck (CUG-LEG-EXTRA,
  CUG-LEG-CRAZYCARDS), the personal racing cards (CUG-LEG-PERSONAL), the
  turns, race-track actions and bets (CUG-TURN-*, CUG-MOVE-*, CUG-ACT-*,
  CUG-BET-*), the leg end and the payouts (CUG-LEG-END, CUG-RANK, CUG-PAY-*,
  CUG-MONEY-FLOOR, CUG-GAME-END);
- before each chance step, the outcomes and their exact probabilities; before
  each face-down choice, the seat's choices (the model's);
- the leg count only steps up, and the money never drops below 0.

Another implementation runs it with its own adapter::

    from kernel.games.camel_up_card_game_2023.machine import run_machine
    run_machine(MyAdapter(), settings(max_examples=20))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
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

#: The leg-setup phases in which a seat makes a face-down choice (CUG-LEG-HIDDEN).
CHOICE_PHASES = ("discard", "deck")


class MachineFailure(AssertionError):
    """The implementation and the model (or an invariant) disagree."""


def machine_for(adapter: Adapter) -> Any:
    """The state machine class driving ``adapter`` (a RuleBasedStateMachine subclass)."""

    class CardGameMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.state: Any = None
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
                self.compare_chance(before, outcomes)
                action = choose(sorted(text for text, _ in outcomes))
            else:
                legal = sorted(adapter.legal_actions(self.state))
                self.compare_choices(before, legal)
                action = choose(legal)
            result = adapter.apply(self.state, action)
            if not isinstance(result, Applied):
                raise MachineFailure(f"a legal action was refused: {action}: {result}")
            if self.noting:
                note(f"{before['phase']} seat {before['turn']}: {action}")
            self.state = result.state
            self.compare(before, action, dict(adapter.to_data(self.state)))

        def compare_chance(self, before: dict[str, Any],
                           outcomes: Sequence[tuple[str, Fraction]]) -> None:
            """CUG-SETUP-REVEAL, CUG-LEG-DEAL, CUG-LEG-EXTRA, CUG-LEG-CRAZYCARDS,
            CUG-ACT-REVEAL: the cards chance may draw, each with its probability."""
            expected = {f"draw:{card}": p for card, p in RaceModel(before).chance().items()}
            got = dict(outcomes)
            if got != expected:
                raise MachineFailure(f"chance in {before['phase']}: the model has {expected}, "
                                     f"the implementation {got}")

        def compare_choices(self, before: dict[str, Any], legal: list[str]) -> None:
            """CUG-LEG-DISCARD, CUG-LEG-DECK: a seat chooses any card of its hand."""
            if before["phase"] not in CHOICE_PHASES:
                return
            expected = RaceModel(before).choices()
            if legal != expected:
                raise MachineFailure(f"{before['phase']} choices of seat {before['turn']}: the "
                                     f"model has {expected}, the implementation {legal}")

        def compare(self, before: dict[str, Any], action: str, after: dict[str, Any]) -> None:
            self.last = f"{before['phase']} seat {before['turn']}: {action}"
            if after["leg"] < before["leg"] or min(after["money"]) < 0:
                raise MachineFailure("the leg count went down or money below 0")
            model = RaceModel(before)
            model.step(action)
            expected = model.table()
            for key, value in expected.items():
                if after.get(key) != value:
                    raise MachineFailure(f"{key} after {self.last}: the model has {value}, "
                                         f"the implementation {after.get(key)}")

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

"""A Hypothesis state machine for Camel Up Cards, driving any implementation.

:class:`CamelUpCardsMachine` plays a game through an
:class:`~kernel.testing.adapter.Adapter` (the kernel's own by default): it
draws the seat's decisions from the sorted legal actions and the chance
outcomes from the sorted outcomes, with ``st.data()``, plus seeded bursts of
many steps to reach late legs and the finish. After every step it checks:

- the invariants: ``status(to_data(state))`` is empty (every ``CUC-INV-*``);
- transition invariants between consecutive states: flipped cards stay
  flipped (CUC-INV-SANDSTORM), cards only flip or uncover at a leg setup
  (CUC-INV-TRACK), camels together on a space before and after a step keep
  their order (CUC-INV-STACKS, CUC-MOVE-CARRY), the leg count only steps up;
- an independent model (:mod:`kernel.games.camel_up_cards_2016.model`) of the stacks, the
  track, the figures, the bets, the money and payouts and, during turns, the
  seat to move, its turn flags and its legal actions.

Another implementation runs it with its own adapter::

    from kernel.games.camel_up_cards_2016.machine import run_machine
    run_machine(MyAdapter(), settings(max_examples=50))

(It moved here from ``kernel.testing.machine``: the shared test machinery
names no game; this machine and its model are this game's oracle.)
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
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
from .model import COLOURS, RaceModel

GAME = GAME_ID
#: Compared with the model after every step.
MODEL_KEYS = ("leg", "track", "stacks", "palm", "fennec", "leaders", "midfield", "bets",
              "winner_bets", "loser_bets", "money", "payouts", "revealed", "shown", "extended")
CARDS = tuple(f"{c}+{v}" for c in COLOURS for v in (1, 2))
#: The action texts of the game (its universe), for refusal probes.
UNIVERSE = tuple(sorted(
    [f"{k}:{c}" for k in ("draw", "discard", "deck", "intel") for c in CARDS]
    + [f"{k}:{n}" for k in ("palm", "fennec") for n in range(1, 25)]
    + [f"{k}:{c}" for k in ("leg", "mid", "win", "lose") for c in COLOURS]
    + ["reveal", "hand", "end"]
))


class MachineFailure(AssertionError):
    """The implementation and the model or an invariant disagree."""


def _expect(ok: bool, message: str) -> None:
    if not ok:
        raise MachineFailure(message)


def sample_outcome(outcomes: list[tuple[str, Fraction]], rng: random.Random) -> str:
    """An outcome drawn with its exact probability (the kernel's own sampler)."""
    return sample_chance(outcomes, rng)


def moved_camel(before: Mapping[str, Any], action: str) -> str | None:
    """The camel ``action`` moves (a drawn card at setup or a reveal, a hand card), if any."""
    kind, _, arg = action.partition(":")
    if kind == "draw" and before["phase"] in ("setup", "draw"):
        return arg.partition("+")[0]
    if kind == "hand" and before["phase"] == "play":
        return str(before["hands"][before["turn"]][0]).partition("+")[0]
    return None


def check_transition(before: Mapping[str, Any], after: Mapping[str, Any], action: str) -> None:
    """Invariants between two consecutive plain-data states."""
    new_leg = after["leg"] != before["leg"]
    _expect(after["leg"] in (before["leg"], before["leg"] + 1),
            f"CUC-LEG-RESET: leg went from {before['leg']} to {after['leg']}")
    # CUC-INV-SANDSTORM / CUC-INV-TRACK: cards are never removed; a sandstorm card
    # stays one; a card flips (F->S) or is uncovered (H->F) only at a leg setup.
    old, new = before["track"], after["track"]
    _expect(len(new) >= len(old) and (new_leg or len(new) == len(old)),
            f"CUC-INV-TRACK: track {old} became {new}")
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        allowed = {("F", "F"), ("S", "S"), ("H", "H")}
        if new_leg:
            allowed |= {("F", "S"), ("H", "F")}
        _expect((a, b) in allowed, f"CUC-INV-SANDSTORM: card {i + 1} went {a} -> {b} "
                                   f"({old} -> {new})")
    check_stacks_transition(before["stacks"], after["stacks"], moved_camel(before, action))
    # CUC-INV-LEDGER: money changes only with a recorded payout.
    for seat, (m0, m1) in enumerate(zip(before["money"], after["money"], strict=True)):
        paid = after["payouts"][seat][len(before["payouts"][seat]):]
        _expect(m1 == m0 + sum(paid), f"CUC-INV-LEDGER: seat {seat} money {m0} -> {m1} "
                                      f"with payouts {paid}")


def check_stacks_transition(
    before: list[list[str]], after: list[list[str]], camel: str | None
) -> None:
    """CUC-INV-STACKS, CUC-MOVE-CARRY: only the moved unit moves, whole and in order.

    The unit is ``camel`` with every camel above it (alone on the Start card).
    Every other camel keeps its stack-mates and their order (cells may be
    renumbered by a sandstorm); the unit ends together, in its order, on top
    of its new stack or under it, or unordered on the Start card.
    """
    unit: list[str] = []
    if camel is not None:
        cell = next(i for i, stack in enumerate(before) if camel in stack)
        unit = [camel] if cell == 0 else before[cell][before[cell].index(camel):]
    rest_before = [[c for c in stack if c not in unit] for stack in before[1:]]
    rest_after = [[c for c in stack if c not in unit] for stack in after[1:]]
    _expect([s for s in rest_before if s] == [s for s in rest_after if s]
            and set(before[0]) - set(unit) <= set(after[0]),
            f"CUC-INV-STACKS: camels outside the moving unit {unit} moved: {before} -> {after}")
    if not unit:
        return
    cell = next(i for i, stack in enumerate(after) if unit[0] in stack)
    stack = after[cell]
    if cell == 0:
        _expect(set(unit) <= set(stack), f"CUC-MOVE-START: unit {unit} split: {after}")
        return
    k = len(unit)
    _expect(stack[-k:] == unit or stack[:k] == unit,
            f"CUC-MOVE-CARRY: unit {unit} is not whole, in order, on top or under: {stack}")


def _places(stacks: list[list[str]]) -> dict[str, tuple[int, int]]:
    return {camel: (cell, h) for cell, stack in enumerate(stacks) for h, camel in enumerate(stack)}


class CamelUpCardsMachine(RuleBasedStateMachine):
    """Plays Camel Up Cards through an adapter and checks it after every step."""

    def __init__(self, adapter: Adapter | None = None) -> None:
        super().__init__()
        self.adapter: Adapter = adapter if adapter is not None else kernel_adapter(GAME)
        self.state: Any = None
        self.data: dict[str, Any] = {}
        self.model: RaceModel | None = None
        self.steps = 0

    # ---------------------------------------------------------------- helpers

    def actor(self) -> int:
        return self.adapter.current_actor(self.state)

    def running(self) -> bool:
        return self.state is not None and self.actor() != TERMINAL

    def do(self, action: str) -> None:
        """Apply ``action`` to the implementation and the model; check the step."""
        assert self.model is not None
        before = self.data
        result = self.adapter.apply(self.state, action)
        _expect(isinstance(result, Applied),
                f"KERNEL-LEGAL: {action} refused at step {self.steps}: {result}")
        assert isinstance(result, Applied)
        self.state = result.state
        self.data = json.loads(json.dumps(self.adapter.to_data(self.state)))
        self.steps += 1
        self.model.step(before, action)
        self.check(before, action)
        if getattr(self.adapter, "checks_events", False):
            self.check_events(action, [json.loads(json.dumps(e.to_data())) for e in result.events])

    def check_events(self, action: str, events: list[dict[str, Any]]) -> None:
        """The step's events (kind, rule IDs, data) are the model's, in order."""
        assert self.model is not None
        got = [{**e, "rules": sorted(e["rules"])} for e in events]
        want = [{**e, "rules": sorted(e["rules"])} for e in self.model.events]
        if got != want:
            diff = next(i for i in range(max(len(got), len(want)))
                        if i >= len(got) or i >= len(want) or got[i] != want[i])
            _expect(False, f"events of {action} (step {self.steps}) differ at #{diff}: "
                           f"{got[diff:diff + 2]} but the model says {want[diff:diff + 2]}")

    def check(self, before: Mapping[str, Any] | None, action: str) -> None:
        assert self.model is not None
        data = self.data
        where = f"after {action} (step {self.steps}, leg {data['leg']}, phase {data['phase']})"
        broken = tuple(self.adapter.status(data))
        _expect(not broken, f"{broken[0] if broken else ''}: state breaks {broken} {where}")
        if before is not None:
            check_transition(before, data, action)
        expected = self.model.expected()
        for key in MODEL_KEYS:
            _expect(data[key] == expected[key],
                    f"model: {key} is {data[key]!r}, the model says {expected[key]!r} {where}")
        phase = data["phase"]
        _expect((phase == "over") == self.model.over,
                f"CUC-GAME-END: phase {phase} but the model's race over={self.model.over} {where}")
        # the seat to move (0 at setup and deals), the turn flags and the starter
        got = (data["turn"], data["bet_done"], data["track_done"], data["starter"])
        want = (self.model.turn, self.model.bet_done, self.model.track_done,
                self.model.starter)
        _expect(got == want, f"CUC-TURN-SHAPE/CUC-TURN-ORDER/CUC-TURN-START: turn, bet_done,"
                             f" track_done, starter are {got}, the model says {want} {where}")
        if phase == "play":
            seat = data["turn"]
            legal = sorted(self.adapter.legal_actions(self.state))
            model_legal = sorted(self.model.legal_turn_actions(bool(data["hands"][seat])))
            _expect(legal == model_legal,
                    f"CUC-TURN-SHAPE: legal actions {legal}, the model says {model_legal} {where}")

    # ------------------------------------------------------------------ rules

    @initialize(data=st.data(), warmup=st.integers(0, 450), seed=st.integers(0, 2**32 - 1))
    def new_game(self, data: st.DataObject, warmup: int, seed: int) -> None:
        """A new game, then ``warmup`` seeded steps (each checked), so that the
        fine-grained rules start anywhere from the setup to the last leg."""
        players = data.draw(st.integers(2, 6), label="players")
        ages = data.draw(st.permutations(range(players)), label="age_order")
        self.state = self.adapter.new_game({"players": players, "age_order": list(ages)})
        self.data = json.loads(json.dumps(self.adapter.to_data(self.state)))
        self.model = RaceModel(players, ages)
        note(f"new game: {players} players, age order {list(ages)}")
        self.check(None, "new_game")
        self.burst(seed, warmup)

    @precondition(lambda self: self.running() and self.actor() == CHANCE)
    @rule(data=st.data())
    def chance(self, data: st.DataObject) -> None:
        outcomes = sorted(a for a, _ in self.adapter.chance_outcomes(self.state))
        self.do(data.draw(st.sampled_from(outcomes), label="chance outcome"))

    @precondition(lambda self: self.running() and self.actor() >= 0)
    @rule(data=st.data())
    def decide(self, data: st.DataObject) -> None:
        legal = sorted(self.adapter.legal_actions(self.state))
        self.do(data.draw(st.sampled_from(legal), label="decision"))

    @precondition(lambda self: self.running())
    @rule(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 120))
    def burst(self, seed: int, count: int) -> None:
        """Many steps at once (chance with its probabilities, seats uniformly)."""
        rng = random.Random(seed)
        for _ in range(count):
            if not self.running():
                return
            if self.actor() == CHANCE:
                action = sample_outcome(list(self.adapter.chance_outcomes(self.state)), rng)
            else:
                legal = sorted(self.adapter.legal_actions(self.state))
                action = legal[rng.randrange(len(legal))]
            self.do(action)

    def figures_ahead(self) -> list[str]:
        """Legal palm/fennec placements one or two spaces ahead of a camel."""
        if not self.running() or self.actor() < 0:
            return []
        near = {cell + d for cell, stack in enumerate(self.data["stacks"]) if stack for d in (1, 2)}
        return sorted(a for a in self.adapter.legal_actions(self.state)
                      if a.partition(":")[0] in ("palm", "fennec")
                      and int(a.partition(":")[2]) in near)

    @precondition(lambda self: bool(self.figures_ahead()))
    @rule(data=st.data())
    def figure_ahead(self, data: st.DataObject) -> None:
        """A figure right in front of camels: landings, chains, passes (CUC-MOVE-PALM,
        CUC-MOVE-FENNEC, CUC-MOVE-CHAIN, CUC-MOVE-PASSED) come up far more often."""
        self.do(data.draw(st.sampled_from(self.figures_ahead()), label="figure ahead"))

    @precondition(lambda self: self.state is not None)
    @rule(data=st.data())
    def refuse(self, data: st.DataObject) -> None:
        """KERNEL-LEGAL / KERNEL-TERMINAL: an action that is not legal is refused."""
        legal = set(self.adapter.legal_actions(self.state))
        candidates = [a for a in UNIVERSE if a not in legal]
        action = data.draw(st.sampled_from(candidates), label="illegal action")
        before = json.dumps(self.adapter.to_data(self.state), sort_keys=True)
        result = self.adapter.apply(self.state, action)
        _expect(not result.ok, f"KERNEL-LEGAL: {action} accepted but not legal")
        _expect(json.dumps(self.adapter.to_data(self.state), sort_keys=True) == before,
                f"KERNEL-LEGAL: refusing {action} changed the state")

    @invariant()
    def consistent_actor(self) -> None:
        """KERNEL-ACTOR / KERNEL-CHANCE: the actor agrees with the phase and the lists."""
        if self.state is None:
            return
        actor = self.actor()
        phase = self.data["phase"]
        outcomes = self.adapter.chance_outcomes(self.state)
        if phase == "over":
            _expect(actor == TERMINAL and not outcomes, "KERNEL-TERMINAL: over but not terminal")
        elif phase in ("setup", "deal", "draw"):
            _expect(actor == CHANCE and sum(p for _, p in outcomes) == 1,
                    f"KERNEL-CHANCE: phase {phase} actor {actor}")
        else:
            _expect(actor == self.data["turn"] and not outcomes,
                    f"KERNEL-ACTOR: phase {phase} actor {actor} turn {self.data['turn']}")


def machine_for(adapter: Adapter) -> type[CamelUpCardsMachine]:
    """A machine class bound to ``adapter`` (its ``TestCase`` runs under pytest)."""

    class Bound(CamelUpCardsMachine):
        def __init__(self) -> None:
            super().__init__(adapter)

    Bound.__name__ = f"CamelUpCardsMachine[{adapter.game}]"
    return Bound


def run_machine(adapter: Adapter | None = None, config: settings | None = None) -> None:
    """Run the machine against ``adapter`` (the kernel's by default)."""
    chosen = adapter if adapter is not None else kernel_adapter(GAME)
    run_state_machine_as_test(machine_for(chosen), settings=config)

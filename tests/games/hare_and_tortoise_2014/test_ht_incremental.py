"""HT-INV-*: the incremental check a transition runs equals the full check.

Every state a transition builds is checked by ``state.delta_violations``
against its parent (only what the changed fields can break); ``status`` and
``from_data`` use ``state.full_violations``. On every step of seeded games of
every player count and variant, the two agree, and they agree again on broken
children: the child with one field swapped for the same field of another
state of the game (mostly tables that break some invariant).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest

import kernel
from kernel.games.hare_and_tortoise_2014 import state
from kernel.games.hare_and_tortoise_2014.data import MAX_PLAYERS, MIN_PLAYERS

VARIANTS = kernel.game_info("hare-and-tortoise-2014").config.variants


def _steps(config: dict[str, Any], seed: int) -> list[state.HareState]:
    trace = kernel.play("hare-and-tortoise-2014", config, seed)
    return [trace.initial, *(st.state for st in trace.steps)]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
def test_incremental_equals_full_on_every_step(players: int, variant: str) -> None:
    # HT-INV-*: what construction accepted is what the full check says, on every step
    for seed in range(2):
        states = _steps({"players": players, **VARIANTS[variant]}, seed)
        for parent, child in itertools.pairwise(states):
            assert state.delta_violations(parent, child) == ()
            assert state.full_violations(child) == ()
            assert child == state.checked(state.replace(child))  # every field copied


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_incremental_equals_full_on_broken_children(variant: str) -> None:
    # HT-INV-*: a child with a field of another table: both checks name the same IDs
    rng = random.Random(variant)
    broken = 0
    for players in (2, 4, 5):
        states = _steps({"players": players, **VARIANTS[variant]}, players)
        fields = [f.name for f in attrs.fields(state.HareState) if f.init]
        for i, (parent, child) in enumerate(itertools.pairwise(states)):
            changed = [f for f in fields if getattr(child, f) is not getattr(parent, f)]
            for name in (*changed, rng.choice(fields)):
                if i % 3 and name not in changed:
                    continue
                other = states[rng.randrange(len(states))]
                bad = state.replace(child, **{name: getattr(other, name)})
                full = state.full_violations(bad)
                assert state.delta_violations(parent, bad) == full, (players, i, name)
                broken += bool(full)
    assert broken > 100


def test_incremental_catches_a_card_out_of_place() -> None:
    # HT-INV-CARDS, HT-INV-HANDS: a card lost, a card doubled, an unsorted hand
    states = _steps({"players": 3}, 0)
    parent = next(s for s in states if s.phase == "draw")
    seat = parent.turn
    hand = parent.hands[seat]

    def with_hand(cards: tuple[str, ...], **more: Any) -> state.HareState:
        return state.replace(parent, hands=(*parent.hands[:seat], cards,
                                            *parent.hands[seat + 1:]), **more)

    for bad in (with_hand(hand[1:]), with_hand((*hand, hand[0])),
                with_hand((hand[0], *hand[1:]), deck=parent.deck[1:]),
                with_hand(tuple(reversed((*hand, parent.deck[0]))), deck=parent.deck[1:])):
        full = state.full_violations(bad)
        assert "HT-INV-CARDS" in full or "HT-INV-HANDS" in full
        assert state.delta_violations(parent, bad) == full

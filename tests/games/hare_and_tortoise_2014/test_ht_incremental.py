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


def test_incremental_catches_cards_moved_from_another_seat() -> None:
    # HT-INV-CARDS, HT-INV-HANDS: a draw whose child also moved a card from another seat's
    # hand: to the discard (the cards still add up, that hand is short), or lost
    states = _steps({"players": 3}, 0)
    parent, child = next((p, c) for p, c in itertools.pairwise(states)
                         if p.phase == c.phase == "draw" and p.discard and c.deck is not p.discard)
    other = (parent.turn + 1) % parent.players
    hand = child.hands[other]
    short = (*child.hands[:other], hand[1:], *child.hands[other + 1:])
    for bad, expected in (
            (state.replace(child, hands=short,
                           discard=tuple(sorted((*child.discard, hand[0])))),
             ("HT-INV-HANDS",)),
            (state.replace(child, hands=short, discard=tuple(child.discard)),
             ("HT-INV-CARDS", "HT-INV-HANDS"))):
        assert state.full_violations(bad) == expected
        assert state.delta_violations(parent, bad) == expected


def _steps_of(kind: str) -> list[tuple[state.HareState, state.HareState]]:
    """The (parent, child) pairs of seeded 3-player games whose action is of ``kind``,
    between the phases deal, turn and draw, with no racing phase and, in deal, the same
    seat dealt to (the next seat's deal checks every hand size again)."""
    out = []
    for seed in range(3):
        trace = kernel.play("hare-and-tortoise-2014", {"players": 3}, seed)
        parent = trace.initial
        for st in trace.steps:
            child = st.state
            if (st.action.kind == kind and child.positions is parent.positions
                    and {child.phase, parent.phase} <= {"deal", "turn", "draw"}
                    and (parent.phase != "deal" or child.turn == parent.turn)):
                out.append((parent, child))
            parent = child
    assert out, kind
    return out


def test_incremental_runs_only_what_the_step_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    # HT-INV-*: a deal, a play or a draw checks the cards that moved (a deal or a draw: the
    # one card from the deck to the hand) and the hand sizes it changed, nothing from scratch
    steps = {kind: _steps_of(kind) for kind in ("deal", "place", "draw")}
    moved: list[int] = []
    one_card = state._one_card_moved

    def spy(*zones: tuple[str, ...]) -> bool:
        moved.append(1)
        return one_card(*zones)

    def refuse(s: state.HareState) -> bool:
        raise AssertionError("a check from scratch")

    counted: list[int] = []
    zones = state._cards_delta_ok

    def count(p: state.HareState, s: state.HareState) -> bool:
        counted.append(1)
        return zones(p, s)

    def refuse_pair(p: state.HareState, s: state.HareState, table: bool) -> tuple[str, ...]:
        raise AssertionError("another seat's hand checked")

    monkeypatch.setattr(state, "_one_card_moved", spy)
    monkeypatch.setattr(state, "_cards_delta_ok", count)
    monkeypatch.setattr(state, "_moved_hands", refuse_pair)
    for name in ("_phase_ok", "_cards_ok", "_hands_ok", "_podium_ok", "_scores_ok",
                 "_forward_ok"):
        monkeypatch.setattr(state, name, refuse)
    for kind, pairs in steps.items():
        for parent, child in pairs:
            moved.clear()
            counted.clear()
            assert state.delta_violations(parent, child) == (), kind
            assert len(moved) == (kind != "place" and child.deck is not parent.discard), kind
            # every zone counted only when the deck ran out (HT-TURN-RESHUFFLE)
            assert len(counted) == (child.deck is parent.discard), kind


#: What each check reads besides the players, mode, series, round and phase.
_READS = {
    "_phase_ok": {"turn", "token", "races", "streams", "turbos", "positions", "to_move",
                  "history", "points", "shown", "starting", "second", "hands", "table"},
    "_cards_delta_ok": {"deck", "discard", "table", "hands", "second", "unused", "starting"},
    "_forward_ok": {"positions"},
    "_hands_ok": {"starting", "hands", "second", "turn"},
    "_podium_ok": {"podium", "positions"},
    "_scores_ok": {"history", "points", "shown", "starting", "second", "podium"},
    "_table_ok": {"table"},
}


@pytest.mark.parametrize("variant", ["standard", "apprentice"])
def test_a_step_that_keeps_a_setup_phase_reruns_only_what_reads_its_fields(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # HT-INV-*: a starting bet, a stream, a turbo, a second bet or an apprentice's move
    # that keeps the phase checks nothing from scratch, and only the checks that read a
    # field it replaced
    pairs = []
    for seed in range(2):
        states = _steps({"players": 3, **VARIANTS[variant]}, seed)
        pairs += [(p, c) for p, c in itertools.pairwise(states)
                  if p.phase == c.phase and p.phase not in ("deal", "turn", "draw")]
    assert {p.phase for p, _ in pairs} >= ({"bets", "second", "track"}
                                           if variant == "standard" else
                                           {"bets", "track", "turbos", "move"})
    ran: list[str] = []

    def spy(name: str) -> Any:
        check = getattr(state, name)

        def run(*a: Any) -> Any:
            ran.append(name)
            return check(*a)
        return run

    def refuse(s: state.HareState) -> tuple[str, ...]:
        raise AssertionError("a check from scratch")

    for name in _READS:
        monkeypatch.setattr(state, name, spy(name))
    monkeypatch.setattr(state, "full_violations", refuse)
    for parent, child in pairs:
        ran.clear()
        changed = state.changed_fields(parent, child)
        assert state.delta_violations(parent, child) == (), parent.phase
        assert set(ran) == {name for name, reads in _READS.items() if reads & changed}

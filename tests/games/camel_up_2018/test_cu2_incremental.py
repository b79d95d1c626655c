"""CU2-INV-*: the incremental check a transition runs equals the full check.

Every state a transition builds is checked by ``state.delta_violations``
against its parent (only what the changed fields can break); ``status`` and
``from_data`` use ``state.full_violations``. On every step of seeded games, of
every player count, the two agree, and they agree again on broken children:
the child with one field swapped for the same field of another state of the
game (mostly tables that break some invariant).
"""

from __future__ import annotations

import itertools
import random

import pytest

import kernel
from kernel.games.camel_up_2018 import state
from kernel.games.camel_up_2018.data import MAX_PLAYERS, MIN_PLAYERS


def _steps(players: int, seed: int) -> list[state.Camel2018State]:
    trace = kernel.play("camel-up-2018", {"players": players}, seed)
    return [trace.initial, *(st.state for st in trace.steps)]


@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
def test_incremental_equals_full_on_every_step(players: int) -> None:
    # CU2-INV-*: what construction accepted is what the full check says, on every step
    for seed in range(3):
        states = _steps(players, seed)
        for parent, child in itertools.pairwise(states):
            assert state.delta_violations(parent, child) == ()
            assert state.full_violations(child) == ()
            assert child == state.checked(child)  # every field copied by derive


@pytest.mark.parametrize("players", (3, 4, 6, 8))
def test_incremental_equals_full_on_broken_children(players: int) -> None:
    # CU2-INV-*: a child with a field of another table: both checks name the same IDs
    rng = random.Random(players)
    broken = 0
    for seed in range(2):
        states = _steps(players, seed)
        for i, (parent, child) in enumerate(itertools.pairwise(states)):
            changed = [f for f in state.FIELDS if getattr(child, f) is not getattr(parent, f)]
            for name in (*changed, rng.choice(state.FIELDS)):
                other = states[rng.randrange(len(states))]
                if i % 3 and name not in changed:
                    continue
                bad = state.draft(child, **{name: getattr(other, name)})
                full = state.full_violations(bad)
                assert state.delta_violations(parent, bad) == full, (seed, i, name)
                broken += bool(full)
    assert broken > 100


def test_incremental_catches_a_bad_ticket_and_card() -> None:
    # CU2-INV-TICKETS, CU2-INV-CARDS: one-item changes (the cheaper checks) refused
    states = _steps(4, 0)
    parent = next(s for s in states if s.phase == "turn")
    seat = parent.turn
    for ticket in (("blue", 3), ("blue", 4), ("grey", 5)):
        bad = state.draft(parent, bets=(*parent.bets[:seat], (ticket,), *parent.bets[seat + 1:]))
        assert state.delta_violations(parent, bad) == state.full_violations(bad) == (
            "CU2-INV-TICKETS",)
    card = parent.hands[seat][0]
    bad = state.draft(parent, winner_pile=(*parent.winner_pile, seat))
    assert state.delta_violations(parent, bad) == ("CU2-INV-CARDS",)
    hand = tuple(c for c in parent.hands[seat] if c != card)
    bad = state.draft(parent, hands=(*parent.hands[:seat], hand, *parent.hands[seat + 1:]))
    assert state.delta_violations(parent, bad) == state.full_violations(bad) == (
        "CU2-INV-CARDS",)


def _first_step(kind: str, players: int = 4) -> tuple[state.Camel2018State, state.Camel2018State]:
    """The first (parent, child) of seeded games whose action is of ``kind``."""
    for seed in range(20):
        trace = kernel.play("camel-up-2018", {"players": players}, seed)
        parent = trace.initial
        for st in trace.steps:
            if st.action.kind == kind:
                return parent, st.state
            parent = st.state
    raise AssertionError(kind)


def test_incremental_runs_only_what_the_step_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    # CU2-INV-CARDS, CU2-INV-TICKETS, CU2-INV-TILES: a finish card checks the playing seat's
    # cards only; a ticket, a tile, the one new item (no check from scratch)
    seen: list[int] = []
    seat_check = state._seat_cards_ok

    def spy(s: state.Camel2018State, seat: int) -> bool:
        seen.append(seat)
        return seat_check(s, seat)

    kinds = ("bet", "cheer", "boo", "winner", "loser", "partner", "pyramid")
    steps = {kind: _first_step(kind, 6) for kind in kinds}
    monkeypatch.setattr(state, "_seat_cards_ok", spy)
    for kind in ("winner", "loser"):
        parent, child = steps[kind]
        seen.clear()
        assert state.delta_violations(parent, child) == ()
        assert seen == [parent.turn], kind

    def refuse(s: state.Camel2018State) -> bool:
        raise AssertionError("a check from scratch")

    monkeypatch.setattr(state, "_tickets_ok", refuse)
    monkeypatch.setattr(state, "_tiles_ok", refuse)
    monkeypatch.setattr(state, "_cards_ok", refuse)
    for kind in kinds:
        parent, child = steps[kind]
        assert state.delta_violations(parent, child) == (), kind


def test_incremental_tile_checks_equal_full_on_every_placement() -> None:
    # CU2-INV-TILES (CU2-TILE-PLACE: an empty tile space, not next to another seat's tile;
    # no camel on a tile): after a tile placement, every other space and
    # side for that seat's tile (and a side or space no tile has), the tile taken away,
    # a second seat's tile changed; after a roll, a tile under a camel. The incremental
    # check names what the full check names.
    from kernel.games.camel_up_2018.data import SIDES, TILE_SPACES

    broken = 0
    for kind in ("cheer", "boo"):
        for seed in range(8):
            trace = kernel.play("camel-up-2018", {"players": 4}, seed)
            parent = trace.initial
            for st in trace.steps:
                if st.action.kind == kind:
                    break
                parent = st.state
            child = st.state
            seat = next(i for i, t in enumerate(child.tiles) if t is not parent.tiles[i])
            others = [i for i in range(child.players) if i != seat]
            tiles: list[object] = [None]
            tiles += [(space, side) for space in (*TILE_SPACES, 0, max(TILE_SPACES) + 1)
                      for side in (*SIDES, "sideways")]
            for tile in tiles:
                new = list(child.tiles)
                new[seat] = tile
                bad = state.draft(child, tiles=tuple(new))
                full = state.full_violations(bad)
                assert state.delta_violations(parent, bad) == full, (seed, tile)
                broken += bool(full)
                new[others[seed % len(others)]] = (child.tiles[seat] or (2, SIDES[0]))
                bad = state.draft(child, tiles=tuple(new))
                assert state.delta_violations(parent, bad) == state.full_violations(bad)
    assert broken > 100
    rolls = [(a, b) for a, b in itertools.pairwise(_steps(4, 1)) if b.track is not a.track]
    for parent, child in rolls[:20]:
        for seat in range(child.players):
            for space in TILE_SPACES:
                new = list(child.tiles)
                new[seat] = (space, SIDES[0])
                bad = state.draft(child, tiles=tuple(new))
                full = state.full_violations(bad)
                assert state.delta_violations(parent, bad) == full
                keep = state.draft(parent, tiles=tuple(new))
                if not state.full_violations(keep):  # only the camels moved onto the tile
                    moved = state.draft(child, tiles=keep.tiles)
                    assert state.delta_violations(keep, moved) == state.full_violations(moved)

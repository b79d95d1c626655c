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
from typing import Any

import pytest

import kernel
from kernel.core import InvalidState
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


def _bad_values(s: state.Camel2018State) -> list[tuple[str, object]]:
    """(field, value) pairs each out of its range for ``s`` (a wrong length, a seat that
    is not one, negative money, a one-sided or self partnership, a bad ticket)."""
    n = s.players
    out: list[tuple[str, object]] = [
        ("players", n + 1), ("players", n - 1), ("phase", "lunch"), ("phase", "over"),
        ("leg", 0), ("starter", -1), ("starter", n), ("turn", -1), ("turn", n),
        ("track", s.track[:-1]), ("money", (-1, *s.money[1:])),
        ("partners", (0, *s.partners[1:])), ("partners", (1, *s.partners[1:])),
        ("pyramid_tickets", (-1, *s.pyramid_tickets[1:])),
        ("revealed", (*s.revealed, "blue:4")), ("revealed", (*s.revealed, *s.revealed[-1:])),
        ("bets", (((s.bets[0] or (("blue", 5),))[0],) * 2, *s.bets[1:])),
        ("winner_pile", (*s.winner_pile, n)), ("loser_pile", (*s.loser_pile, -1)),
        ("hands", ((*s.hands[0], "blue"), *s.hands[1:])),
    ]
    out += [(name, getattr(s, name)[:-1]) for name in state.FIELDS
            if name in state._PER_SEAT]
    return [(name, value) for name, value in out if value != getattr(s, name)]


def test_incremental_equals_full_on_values_out_of_range() -> None:
    # CU2-INV-PHASE (the player count, the leg, the starter, the seat to act, the track's
    # cells and every per-seat list's length), CU2-INV-MONEY, CU2-INV-PARTNERS,
    # CU2-INV-DICE, CU2-INV-TICKETS, CU2-INV-CARDS: a child with one field out of its
    # range (no state of a game has such a value to swap in) is refused by the
    # incremental check with the IDs the full check names, and by derive
    states = _steps(6, 1)
    refused = 0
    for i, (parent, child) in enumerate(itertools.pairwise(states)):
        if i % 5 and child.phase not in ("over", "reveal"):
            continue
        changes = {f: getattr(child, f) for f in state.changed_fields(parent, child)}
        for name, value in _bad_values(child):
            bad = state.draft(child, **{name: value})
            full = state.full_violations(bad)
            assert full, (i, name, value)
            assert state.delta_violations(parent, bad) == full, (i, name, value)
            with pytest.raises(InvalidState) as caught:
                state.derive(parent, {**changes, name: value})
            assert caught.value.ids == full
            refused += 1
    assert refused > 100


def test_derive_copies_every_field_and_names_an_unknown_one() -> None:
    # CU2-INV-*: a child given every field (changed or not) is the child; a field the
    # state does not have is a TypeError naming it
    states = _steps(4, 2)
    for parent, child in itertools.pairwise(states[:40]):
        assert state.derive(parent, {f: getattr(child, f) for f in state.FIELDS}) == child
    with pytest.raises(TypeError, match=r"^no such field: \['colour', 'seats'\]$"):
        state.derive(states[0], {"seats": 3, "money": states[0].money, "colour": 1})


def _parent_with(s: state.Camel2018State, **fields: object) -> state.Camel2018State:
    """``s`` with ``fields``, checked from scratch (a valid table to derive from)."""
    return state.checked(state.draft(s, **fields))


def test_incremental_one_item_checks_refuse_what_the_full_check_refuses() -> None:
    # CU2-INV-TICKETS (a fifth ticket of a colour; a seat's tickets replaced, one more),
    # CU2-INV-CARDS (a pile owner out of range; a pile one longer but its first cards
    # changed): the cheaper one-item checks name what the full check names
    turn = next(s for s in _steps(4, 0) if s.phase == "turn")
    blue = (("blue", 5),), (("blue", 3),), (("blue", 2),), (("blue", 2),)
    parent = _parent_with(turn, bets=blue)
    for seat in range(4):
        for ticket in (("blue", 5), ("blue", 2), ("green", 5)):
            bets = list(parent.bets)
            bets[seat] = (*bets[seat], ticket)
            bad = state.draft(parent, bets=tuple(bets))
            assert state.delta_violations(parent, bad) == state.full_violations(bad)
    parent = _parent_with(turn, bets=((("blue", 5),), (), (), ()))
    for mine in ((("green", 5), ("blue", 3)), (("blue", 3), ("blue", 2)),
                 (("green", 5), ("green", 3))):
        bad = state.draft(parent, bets=(mine, (), (), ()))
        assert state.delta_violations(parent, bad) == state.full_violations(bad), mine
    assert state.full_violations(bad) == ()
    seat = turn.turn
    card, *rest = turn.hands[seat]
    hands = list(turn.hands)
    hands[seat] = tuple(rest)
    cards = list(turn.winner_cards)
    cards[seat] = (card,)
    parent = _parent_with(turn, hands=tuple(hands), winner_cards=tuple(cards),
                          winner_pile=(seat,))
    other = (seat + 1) % 4
    for pile in ((seat, 4), (seat, -1), (other, seat), (seat, seat), (other,), ()):
        bad = state.draft(parent, winner_pile=pile)
        full = state.full_violations(bad)
        assert full == ("CU2-INV-CARDS",), pile
        assert state.delta_violations(parent, bad) == full, pile
        bad = state.draft(parent, loser_pile=pile)
        assert state.delta_violations(parent, bad) == state.full_violations(bad), pile


def _reads(parent: state.Camel2018State, child: state.Camel2018State,
           changed: frozenset[str]) -> set[str]:
    """The fields of ``child`` the incremental check reads (a spy of the child's class)."""
    seen: set[str] = set()

    class Spy(state.Camel2018State):
        def __getattribute__(self, name: str) -> Any:
            if name in state._FIELD_SET:
                seen.add(name)
            return object.__getattribute__(self, name)

    spy = object.__new__(Spy)
    spy.__dict__.update(child.__dict__)
    assert state.delta_violations(parent, spy, changed) == ()
    return seen


def test_incremental_dice_check_reads_the_legs_only_when_a_leg_ends() -> None:
    # CU2-INV-DICE: a die revealed within a leg cannot change the leg or the previous leg's
    # faces (the parent held them), so the check reads neither; a leg's end reads both
    states = _steps(4, 0)
    within = ends = 0
    for parent, child in itertools.pairwise(states):
        changed = frozenset(state.changed_fields(parent, child))
        if child.phase not in ("turn", "reveal") or "revealed" not in changed:
            continue
        reads = _reads(parent, child, changed)
        if "leg" in changed:
            assert {"leg", "previous_leg"} <= reads
            ends += 1
        else:
            assert not {"leg", "previous_leg"} & reads, changed
            within += 1
    assert within > 5 and ends > 0


def test_incremental_card_and_ticket_checks_read_only_the_new_item() -> None:
    # CU2-INV-CARDS, CU2-INV-TICKETS: a finish card put on a pile that already has cards
    # checks its owner's cards only; a seat's second ticket is checked as one new ticket
    # (not every seat's tickets from scratch)
    seen: list[int] = []
    seat_check = state._seat_cards_ok

    def spy(s: state.Camel2018State, seat: int) -> bool:
        seen.append(seat)
        return seat_check(s, seat)

    def refuse(s: state.Camel2018State) -> bool:
        raise AssertionError("a check from scratch")

    found = {"winner": 0, "loser": 0, "bet": 0}
    traces = [kernel.play("camel-up-2018", {"players": 6}, seed) for seed in range(6)]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(state, "_seat_cards_ok", spy)
        mp.setattr(state, "_tickets_ok", refuse)
        for trace in traces:
            parent = trace.initial
            for st in trace.steps:
                kind, child = st.action.kind, st.state
                seat = parent.turn
                if kind in ("winner", "loser") and getattr(parent, f"{kind}_pile"):
                    seen.clear()
                    assert state.delta_violations(parent, child) == ()
                    assert seen == [seat], kind
                    found[kind] += 1
                if kind == "bet" and parent.bets[seat]:
                    assert state.delta_violations(parent, child) == ()
                    found[kind] += 1
                parent = child
    assert all(found.values()), found


def test_held_counts_are_kept_for_the_same_tickets() -> None:
    # CU2-BET-TICKET: the counts of one seats' tickets tuple are made once and given again
    # (a state, its legality and its transition share one ``bets``)
    states = _steps(4, 0)
    bets = states[-1].bets
    first = state.held_counts(bets)
    assert state.held_counts(bets) is first
    assert dict(first) == state.held(states[-1])
    assert sum(first.values()) == sum(map(len, bets))


def test_incremental_plan_is_made_once_per_set_of_fields() -> None:
    # CU2-INV-*: the incremental check's plan for a set of changed fields is made once and
    # given again (the very plan) for the next child that changed the same fields
    states = _steps(4, 0)
    plans: dict[frozenset[str], object] = {}
    for parent, child in itertools.pairwise(states):
        key = frozenset(state.changed_fields(parent, child))
        assert state.delta_violations(parent, child) == ()
        plan = state._PLANS[key]
        assert plans.setdefault(key, plan) is plan, key
    assert len(plans) < len(states) // 4

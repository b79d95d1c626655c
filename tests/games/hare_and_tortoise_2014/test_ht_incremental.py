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


#: What each check reads besides the players, mode, series and round (the cards read their
#: zones only).
_READS = {
    "_phase_ok": {"phase", "turn", "token", "races", "streams", "turbos", "positions",
                  "to_move", "history", "points", "shown", "starting", "second", "hands",
                  "table"},
    "_cards_delta_ok": {"deck", "discard", "table", "hands", "second", "unused", "starting"},
    "_forward_ok": {"phase", "positions"},
    "_hands_ok": {"phase", "starting", "hands", "second", "turn"},
    "_podium_ok": {"phase", "podium", "positions"},
    "_scores_ok": {"phase", "history", "points", "shown"},
    "_table_ok": {"phase", "table"},
}
#: What the scores read besides, once the round has ended (the bets and the podium).
_ENDED_READS = {"starting", "second", "podium"}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_setup_step_or_a_new_phase_reruns_only_what_reads_its_fields(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # HT-INV-*: a starting bet, a stream, a turbo, a second bet or an apprentice's move
    # that keeps the phase, and a step to a new phase other than between turn and draw
    # (the next setup step, the first turn, an apprentice racing phase, the end of a
    # round), checks nothing from scratch, and only the checks that read a field it
    # replaced (the scores read the bets and the podium only in a round that has ended)
    pairs = []
    for seed in range(2):
        states = _steps({"players": 3, **VARIANTS[variant]}, seed)
        pairs += [(p, c) for p, c in itertools.pairwise(states)
                  if p.round == c.round and not {p.phase, c.phase} <= {"turn", "draw"}
                  and (p.phase != c.phase or p.phase not in ("deal", "turn", "draw"))]
    setup = {"bets", "second", "track"} if variant != "apprentice" else {
        "bets", "track", "turbos", "move"}
    assert {p.phase for p, c in pairs if p.phase == c.phase} >= setup
    assert {(p.phase, c.phase) for p, c in pairs if p.phase != c.phase} >= (
        {("deal", "second"), ("second", "turn"), ("draw", "over" if variant == "standard"
                                                   else "scored")}
        if variant != "apprentice" else {("deal", "bets"), ("draw", "move"), ("move", "turn"),
                                         ("move", "over")})
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
        expected = {name for name, reads in _READS.items() if reads & changed}
        if child.phase in ("scored", "over") and _ENDED_READS & changed:
            expected.add("_scores_ok")
        assert set(ran) == expected, (parent.phase, child.phase, changed)


def _pairs_by_step(config: dict[str, Any], seeds: int) -> dict[tuple[str, str, frozenset[str]],
                                                                list[tuple[state.HareState,
                                                                           state.HareState]]]:
    """The (parent, child) pairs of seeded games, by (the parent's phase, the child's phase,
    the fields the step replaced)."""
    out: dict[tuple[str, str, frozenset[str]], list[tuple[state.HareState,
                                                         state.HareState]]] = {}
    for seed in range(seeds):
        for parent, child in itertools.pairwise(_steps(config, seed)):
            key = (parent.phase, child.phase, frozenset(state.changed_fields(parent, child)))
            out.setdefault(key, []).append((parent, child))
    return out


def _with(zones: tuple[tuple[str, ...], ...], i: int,
          zone: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return (*zones[:i], zone, *zones[i + 1:])


def _less(zone: tuple[str, ...], card: str) -> tuple[str, ...]:
    left = list(zone)
    left.remove(card)
    return tuple(left)


def _more(zone: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(sorted((*zone, card)))


def _corrupted(p: state.HareState, c: state.HareState) -> list[dict[str, Any]]:
    """Changes to a child that replace only fields the step replaced (so the child takes
    the same incremental path): the seat out of range, a seat too many or too few, the
    cards of the seat on turn, of the seats before and after it, of the deck and the
    table out of place, unsorted, lost, doubled, and one card more drawn or dealt."""
    changed = state.changed_fields(p, c)
    n, seat = c.players, p.turn
    hands = c.hands
    hand = hands[seat]
    out: list[dict[str, Any]] = [{"hands": (*hands, ())}, {"hands": hands[:-1]}]
    if "turn" in changed:
        out += [{"turn": n}, {"turn": -1}]
    if len(set(hand)) > 1:
        out.append({"hands": _with(hands, seat, tuple(reversed(hand)))})
    if hand:
        out.append({"hands": _with(hands, seat, hand[1:])})  # a card lost
        out.append({"hands": _with(hands, seat, _more(hand, hand[-1]))})  # a card doubled
    was = p.hands[seat]
    if len(hand) == len(was) + 1:  # the card drawn or dealt put first and last
        card = next(x for i, x in enumerate(hand) if i >= len(was) or was[i] != x)
        rest = _less(hand, card)
        out += [{"hands": _with(hands, seat, (card, *rest))},
                {"hands": _with(hands, seat, (*rest, card))}]
        # another card left the deck than the one the hand got
        kind = next((x for x in sorted(set(p.deck)) if x != card), None)
        if kind is not None and "deck" in changed:
            out.append({"deck": _less(p.deck, kind)})
    if "deck" in changed and c.deck:
        out.append({"deck": tuple(reversed(c.deck))} if len(set(c.deck)) > 1 else
                   {"deck": c.deck[1:]})
        card = c.deck[0]  # one card more for the seat on turn, from the deck
        out.append({"deck": c.deck[1:], "hands": _with(hands, seat, _more(hand, card))})
        for other in ((seat + 1) % n, (seat - 1) % n):  # another seat takes a card
            out.append({"deck": c.deck[1:],
                        "hands": _with(hands, other, _more(hands[other], card))})
    for other in ((seat + 1) % n, (seat - 1) % n):
        theirs = hands[other]
        if theirs and "deck" in changed:  # another seat gives a card back to the deck
            out.append({"deck": _more(c.deck, theirs[0]),
                        "hands": _with(hands, other, theirs[1:])})
        if theirs and "table" in changed:  # or plays it
            out.append({"table": _more(c.table, theirs[0]),
                        "hands": _with(hands, other, theirs[1:])})
        if len(set(theirs)) > 1:
            out.append({"hands": _with(hands, other, tuple(reversed(theirs)))})
        if theirs:
            out.append({"hands": _with(hands, other, theirs[1:])})
    if "table" in changed and c.table:
        if len(set(c.table)) > 1:
            out.append({"table": tuple(reversed(c.table))})
        out.append({"table": c.table[1:]})
        out.append({"table": c.table[1:], "hands": _with(hands, seat, _more(hand, c.table[0]))})
    if "discard" in changed and c.deck:
        out.append({"discard": c.deck[:1], "deck": c.deck[1:]})
    return out


@pytest.mark.parametrize("variant", ["standard", "apprentice"])
def test_the_common_steps_tight_check_equals_the_full_one(variant: str) -> None:
    # HT-INV-CARDS, HT-INV-HANDS, HT-INV-PHASE, HT-INV-TABLE: a card dealt or drawn, a
    # play, the refill that ends a turn, a reshuffle, each broken in every way that keeps
    # the fields the step replaced: both checks name the same IDs
    pairs = _pairs_by_step({"players": 3, **VARIANTS[variant]}, 2)
    tried = broken = 0
    kinds = set()
    for (before, after, fields), found in pairs.items():
        if not ({before, after} <= {"deal", "turn", "draw"} and fields <= {
                "deck", "hands", "discard", "table", "phase", "turn"}):
            continue
        kinds.add((before, after, "discard" in fields))
        for parent, child in found[:4]:
            for changes in _corrupted(parent, child):
                bad = state.replace(child, **changes)
                if state.changed_fields(parent, bad) != fields:  # an empty zone is ()
                    continue
                full = state.full_violations(bad)
                assert state.delta_violations(parent, bad) == full, (before, after, changes)
                tried += 1
                broken += bool(full)
    assert kinds >= {("deal", "deal", False), ("draw", "draw", False),
                     ("draw", "turn", False), ("turn", "draw", False)}, kinds
    assert broken > tried * 3 // 4, (broken, tried)


def test_a_refill_that_should_race_is_not_a_turn() -> None:
    # HT-INV-TABLE (HT-RACE-TRIGGER): the last card drawn onto a triggered table, the turn
    # passed instead of racing: the tight check of a refill finds what the full one finds
    for variant in ("standard", "apprentice"):
        for seed in range(2):
            states = _steps({"players": 3, **VARIANTS[variant]}, seed)
            for parent, child in itertools.pairwise(states):
                if parent.phase != "draw" or child.phase not in ("turn", "move") or (
                        child.positions is parent.positions and child.phase == "turn"):
                    continue
                # the refill, as a turn: the racing phase skipped
                n = parent.players
                card = parent.deck[0]
                hands = _with(parent.hands, parent.turn,
                              _more(parent.hands[parent.turn], card))
                bad = state.replace(parent, deck=parent.deck[1:], hands=hands, phase="turn",
                                    turn=(parent.turn + 1) % n)
                full = state.full_violations(bad)
                assert "HT-INV-TABLE" in full
                assert state.delta_violations(parent, bad) == full


#: The fields of numbers, and of zones of numbers; the others hold names.
_NUMBERS = frozenset(("streams", "positions", "points", "history"))
#: The zones of racing cards (the others hold animals).
_CARDS = frozenset(("deck", "discard", "table"))


def _spoilt(name: str, value: Any, n: int) -> list[Any]:
    """Values of field ``name``'s type that a table may not hold there, or hold only in
    other tables: numbers off by one or out of range, zones unsorted, short, doubled, a
    seat's or a place's entry more or less."""
    if isinstance(value, int):
        return [value + 1, value - 1, n, -1]
    item: Any = 0 if name in _NUMBERS else "fox"
    if name in ("hands", "starting", "second", "shown", "podium", "history"):
        out = [value[1:], (*value, ()), (*value, (item,))]
        for i, zone in enumerate(value):
            out += [(*value[:i], (*zone, item), *value[i + 1:])]
            if zone:
                out += [(*value[:i], zone[1:], *value[i + 1:]),
                        (*value[:i], tuple(reversed(zone)), *value[i + 1:]),
                        (*value[:i], (*zone, zone[-1]), *value[i + 1:])]
        return out
    if not value:
        return [(item,), (item, item)]
    if name in _NUMBERS:
        return [(13, *value[1:]), (-1, *value[1:]), (*value[:-1], value[-1] + 1), value[1:],
                (*value, value[0])]
    out = [tuple(reversed(value)), value[1:], (*value, value[-1])]
    return [*out, (*value, "howl")] if name in _CARDS else out


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_step_spoilt_field_by_field(variant: str) -> None:
    # HT-INV-*: every kind of step of seeded games (one of each), each field it replaced
    # spoilt in turn (out of range, unsorted, a card or an entry lost or doubled), and each
    # field it kept spoilt too (twice): the incremental check names the IDs the full check
    # names
    tried = broken = 0
    pairs = _pairs_by_step({"players": 3, **VARIANTS[variant]}, 1)
    names = [f.name for f in attrs.fields(state.HareState) if f.init]
    for (_before, _after, fields), found in pairs.items():
        for parent, child in found[:1]:
            for name in names:
                values = _spoilt(name, getattr(child, name), child.players)
                for value in values if name in fields else values[:2]:
                    bad = state.replace(child, **{name: value})
                    if name not in state.changed_fields(parent, bad):
                        continue
                    full = state.full_violations(bad)
                    assert state.delta_violations(parent, bad) == full, (parent.phase, name,
                                                                         value)
                    tried += 1
                    broken += bool(full)
    assert broken > tried // 2, (broken, tried)


def test_a_draft_remembers_every_field_it_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    # HT-INV-*: a transition builds its table as one unchecked copy of its parent with
    # every change it gathered (a card dealt, and the next seat; a play; a refill, and the
    # turn passed; a racing phase); the fields the copy says it replaced are the fields
    # that are not the parent's very objects (read off the copy without comparing every
    # field again) and, in a few steps, a field given again unchanged (the seat on turn
    # a new setup step starts with, the token's holder on turn already, a podium as it
    # was): the check of such a step runs what it would run anyway, and finds nothing
    from kernel.games.hare_and_tortoise_2014 import transitions

    compare = state.changed_fields
    steps = again = 0
    for variant in sorted(VARIANTS):
        trace = kernel.play("hare-and-tortoise-2014", {"players": 2, **VARIANTS[variant]}, 0)
        parent = trace.initial
        for st in trace.steps:
            nxt = transitions._step(parent, st.action).state
            assert nxt == st.state
            expected = compare(parent, nxt)
            if state._DRAFT in nxt.memo:  # a copy (the next round's table is built new)
                monkeypatch.setattr(state, "changed_fields", None)  # not called
                named = state.drafted(parent, nxt)
                monkeypatch.setattr(state, "changed_fields", compare)
                assert set(named) >= expected, st.action
                assert state.delta_violations(parent, nxt, named) == ()
                assert not expected & {"players", "mode", "series", "round"}
                steps += 1
                again += set(named) != expected
            assert state._DRAFT not in nxt.memo
            assert state.drafted(parent, nxt) == expected  # no draft any more: compared
            parent = st.state
    assert steps > 400
    assert again, steps


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_state_a_step_returns_keeps_no_draft(variant: str) -> None:
    # HT-INV-*: apply_legal reads the fields a step replaced off the copy's draft and
    # drops it: no state of a game keeps its parent alive through its memo
    trace = kernel.play("hare-and-tortoise-2014", {"players": 3, **VARIANTS[variant]}, 0)
    assert trace.steps
    for st in trace.steps:
        assert state._DRAFT not in st.state.memo, st.action


def test_a_copy_names_the_fields_it_does_not_have() -> None:
    # HT-INV-*: an unchecked copy with a field the table does not have is refused at once
    # (TypeError naming the fields), not built
    s = state.replace(kernel.new_game("hare-and-tortoise-2014", {"players": 2}), races=1)
    with pytest.raises(TypeError, match=r"^no such field: \['colour', 'memo'\]$"):
        state.replace(s, colour=1, memo={}, races=2)
    assert state.replace(s, races=2).races == 2
    # every field replaced: a copy of the other table
    other = kernel.new_game("hare-and-tortoise-2014", {"players": 3, "mode": "apprentice"})
    fields = {f.name: getattr(other, f.name) for f in attrs.fields(state.HareState) if f.init}
    assert state.replace(s, **fields) == other


def _swapped(deck: tuple[str, ...], hand: tuple[str, ...],
             change: int) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The deck and the hand after a card moved from the deck to the hand (``change`` 1),
    back (-1), or one of each (0, another kind): None when the zones cannot."""
    if change == 1 and deck:
        return _less(deck, deck[0]), _more(hand, deck[0])
    if change == -1 and hand:
        return _more(deck, hand[0]), _less(hand, hand[0])
    if change == 0 and hand:
        other = next((c for c in sorted(set(deck)) if c != hand[0]), None)
        if other is not None:
            return _more(_less(deck, other), hand[0]), _more(_less(hand, hand[0]), other)
    return None


@pytest.mark.parametrize("variant", ["standard", "apprentice"])
def test_each_seats_hand_size_judged_like_the_full_check(variant: str) -> None:
    # HT-INV-HANDS (HT-SETUP-DEAL, HT-APP-DEAL, HT-TURN-REFILL): a step of the deal, the
    # turns and the refills that also replaced a field the tight check does not expect (a
    # copy of the streams), with any one seat's hand a card longer, shorter or (another
    # seat's) another card: the sizes of the seats before, on and after the turn, judged
    # incrementally, are judged as the full check judges them
    pairs = _pairs_by_step({"players": 3, **VARIANTS[variant]}, 1)
    verdicts = set()
    for (before, after, _fields), found in pairs.items():
        if not {before, after} <= {"deal", "turn", "draw"}:
            continue
        # every card of the deal, a few of the turns and refills
        for parent, child in found if before == "deal" else found[::len(found) // 3 + 1]:
            for seat in range(child.players):
                # (a card exchanged in the hand dealt or drawn to: a known gap, below)
                for change in (1, -1) if seat == parent.turn else (1, -1, 0):
                    moved = _swapped(child.deck, child.hands[seat], change)
                    if moved is None:
                        continue
                    bad = state.replace(child, streams=tuple(list(child.streams)),
                                        deck=moved[0],
                                        hands=_with(child.hands, seat, moved[1]))
                    full = state.full_violations(bad)
                    assert state.delta_violations(parent, bad) == full, (before, after, seat,
                                                                         change)
                    verdicts.add((before, full))
    assert {("deal", ()), ("deal", ("HT-INV-HANDS",)), ("draw", ()),
            ("draw", ("HT-INV-HANDS",)), ("turn", ("HT-INV-HANDS",))} <= verdicts, verdicts


@pytest.mark.parametrize("path", ["tight", "zones"])
def test_a_card_dealt_and_another_exchanged_is_judged_like_the_full_check(path: str) -> None:
    # HT-INV-CARDS: a deal or a draw whose child also swapped a card of that hand with
    # another kind from the deck: every card is still in exactly one place, zones sorted.
    # Checked by the common steps' tight check, and (with a copy of the streams) by the
    # count of the zones that changed
    for variant in ("standard", "apprentice"):
        pairs = _pairs_by_step({"players": 3, **VARIANTS[variant]}, 1)
        for key in (("deal", "deal", frozenset(("deck", "hands"))),
                    ("draw", "draw", frozenset(("deck", "hands")))):
            for parent, child in pairs[key][:3]:
                moved = _swapped(child.deck, child.hands[parent.turn], 0)
                assert moved is not None
                more = {"streams": tuple(list(child.streams))} if path == "zones" else {}
                bad = state.replace(child, deck=moved[0],
                                    hands=_with(child.hands, parent.turn, moved[1]), **more)
                assert state.full_violations(bad) == ()
                assert state.delta_violations(parent, bad) == ()


def test_the_other_steps_of_deal_turn_and_draw_check_nothing_from_scratch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # HT-INV-*: a deal that passes to the next seat and a standard racing phase (the turn
    # passes after the animals moved) keep the phases deal, turn and draw: they rerun the
    # checks that read what they replaced, never the full check
    pairs = [(p, c) for p, c in itertools.pairwise(_steps({"players": 3}, 0))
             if p.phase in ("deal", "draw") and c.phase == ("deal" if p.phase == "deal"
                                                             else "turn")
             and (c.turn != p.turn if p.phase == "deal" else c.positions is not p.positions)]
    assert {p.phase for p, _ in pairs} == {"deal", "draw"}

    def refuse(*args: Any) -> tuple[str, ...]:
        raise AssertionError("a check from scratch")

    monkeypatch.setattr(state, "full_violations", refuse)
    monkeypatch.setattr(state, "_setup_violations", refuse)  # nor as a setup step
    for parent, child in pairs:
        assert state.delta_violations(parent, child) == (), parent.phase


def test_apply_refuses_a_step_that_breaks_an_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    # HT-INV-CARDS, HT-INV-FORWARD: every step is checked once against its parent; a
    # transition whose table broke an invariant (here: a card lost, a pawn past the podium)
    # raises InvalidState naming exactly what it broke
    from kernel.core import Applied, InvalidState
    from kernel.games.hare_and_tortoise_2014 import transitions
    from kernel.games.hare_and_tortoise_2014.actions import VOCABULARY

    parent = next(s for s in _steps({"players": 3}, 0) if s.phase == "draw")
    step = transitions._step

    def lossy(s: state.HareState, a: Any) -> Applied:
        done = step(s, a)
        bad = state.replace(done.state, deck=done.state.deck[1:],
                            positions=(13, *done.state.positions[1:]))
        return Applied(bad, done.events)

    monkeypatch.setattr(transitions, "_step", lossy)
    with pytest.raises(InvalidState) as refused:
        transitions.apply(parent, VOCABULARY.get("draw", parent.deck[0]))
    assert refused.value.ids == ("HT-INV-CARDS", "HT-INV-FORWARD")


def test_a_new_seat_on_turn_alone_is_judged_like_the_full_check() -> None:
    # HT-INV-HANDS (HT-TURN-REFILL): in the draw phase the seat on turn refills and the
    # others are full, so a child whose only change is the seat on turn breaks the hand
    # sizes; the incremental check (nothing else replaced: no tight step) says so, as
    # the full check does, and both accept it where every hand is full
    verdicts = set()
    for players in (2, 4):
        for s in _steps({"players": players}, 3)[::7]:
            for seat in range(s.players):
                if seat == s.turn:
                    continue
                bad = state.replace(s, turn=seat)
                full = state.full_violations(bad)
                assert state.delta_violations(s, bad) == full, (s.phase, seat)
                verdicts.add((s.phase, full))
    assert {("draw", ("HT-INV-HANDS",)), ("turn", ())} <= verdicts, verdicts


def _shaped(s: state.HareState, deck: list[str]) -> state.HareState | None:
    """``s`` with the cards of its deck and discard pile laid out anew: ``deck`` as the
    deck, the rest discarded (None when the two piles do not hold those cards)."""
    pool = [*s.deck, *s.discard]
    for card in deck:
        if card not in pool:
            return None
        pool.remove(card)
    shaped = state.replace(s, deck=tuple(sorted(deck)), discard=tuple(sorted(pool)))
    assert state.full_violations(shaped) == ()
    return shaped


def test_a_card_drawn_from_a_deck_as_long_as_a_hand_is_counted() -> None:
    # HT-INV-CARDS: a draw's child whose new deck is not the parent's less the card the
    # hand got is caught, however the sizes of the deck and the hand line up (the deck
    # as long as the hand, or two cards longer and the hand's cards with two of a kind)
    checked = 0
    for parent in _steps({"players": 3}, 1):
        if parent.phase != "turn" or checked >= 4:
            continue
        hand = list(parent.hands[parent.turn])
        card = hand[0]
        kinds = sorted(set(parent.deck + parent.discard) - {card})
        layouts = []
        if kinds:  # the deck as long as the hand, without the card
            layouts.append((kinds[:1] * len(hand), _less(tuple(hand), card)))
            # the deck two cards longer: the hand's cards and two of the card's kind;
            # the new deck holds another kind where the card should be
            layouts.append(([*hand, card, card], tuple(sorted([*hand, kinds[0]]))))
        for deck, new_deck in layouts:
            p = _shaped(parent, deck)
            if p is None:
                continue
            bad = state.replace(p, deck=new_deck,
                                hands=_with(p.hands, p.turn, _more(p.hands[p.turn], card)))
            full = state.full_violations(bad)
            assert "HT-INV-CARDS" in full
            assert state.delta_violations(p, bad) == full
            checked += 1
    assert checked >= 4


def _raced(players: int, seeds: int) -> list[tuple[state.HareState, state.HareState]]:
    """The (parent, child) pairs of seeded standard games whose step is a racing phase a
    refill triggered, the turn passed (the tight check's steps), and each again with the
    card drawn the deck's last (HT-TURN-RESHUFFLE)."""
    from kernel.games.hare_and_tortoise_2014 import transitions
    from kernel.games.hare_and_tortoise_2014.actions import DRAW

    out = [(p, c) for seed in range(seeds)
           for p, c in itertools.pairwise(_steps({"players": players}, seed))
           if (p.phase, c.phase, frozenset(state.changed_fields(p, c))) in state._RACED]
    for p, c in list(out):
        card = next(x for x in set(c.hands[p.turn]) if c.hands[p.turn].count(x)
                    > p.hands[p.turn].count(x))
        last = _shaped(p, [card])
        assert last is not None
        out.append((last, transitions._step(last, DRAW[card]).state))
    return out


def test_a_racing_phase_is_checked_tightly(monkeypatch: pytest.MonkeyPatch) -> None:
    # HT-INV-*: a standard racing phase a refill triggered (every kind of it: an animal to
    # the podium or none, the token's holder on turn already or not, the deck run out)
    # checks nothing from scratch and counts no zone, except when the deck ran out
    # (HT-TURN-RESHUFFLE: every changed zone counted)
    pairs = [pair for players in (2, 3, 4, 5) for pair in _raced(players, 3)]
    assert {frozenset(state.changed_fields(p, c)) for p, c in pairs} == {
        key[2] for key in state._RACED}
    assert any(c.deck is p.discard for p, c in pairs)
    counted: list[int] = []
    zones = state._cards_delta_ok

    def count(p: state.HareState, s: state.HareState) -> bool:
        counted.append(1)
        return zones(p, s)

    def refuse(*a: Any) -> Any:
        raise AssertionError("not the tight check")

    monkeypatch.setattr(state, "_cards_delta_ok", count)
    for name in ("full_violations", "_setup_violations", "_phase_ok", "_hands_ok",
                 "_scores_ok", "_cards_ok"):
        monkeypatch.setattr(state, name, refuse)
    for parent, child in pairs:
        counted.clear()
        assert state.delta_violations(parent, child) == ()
        assert len(counted) == (child.deck is parent.discard)


def _raced_spoilt(p: state.HareState, c: state.HareState) -> list[dict[str, Any]]:
    """Changes to a racing phase's child that keep the fields it replaced: each field the
    tight check reads out of range or a card out of place."""
    n, seat = c.players, p.turn
    hands = c.hands
    other = (seat + 1) % n
    out: list[dict[str, Any]] = [
        {"turn": n}, {"turn": -1}, {"token": n}, {"token": -1}, {"races": -1},
        {"hands": hands[:-1]}, {"hands": (*hands, hands[0])},
        {"positions": c.positions[1:]}, {"positions": (13, *c.positions[1:])},
        {"positions": (-1, *c.positions[1:])}, {"podium": (*c.podium, ("hare",))},
        {"podium": (("fox",), ("fox",))},
        # HT-INV-HANDS: the seat on turn a card short (the card drawn left in the deck)
        {"hands": _with(hands, seat, tuple(list(p.hands[seat]))), "deck": p.deck},
        # the card drawn lost (the hand as it was, a copy)
        {"hands": _with(hands, seat, tuple(list(p.hands[seat])))},
        # another seat a card more, from the deck, or doubled, or exchanged with the discard
        {"hands": _with(hands, other, _more(hands[other], c.deck[0])), "deck": c.deck[1:]},
        {"hands": _with(hands, other, _more(hands[other], hands[other][0]))},
        {"hands": _with(hands, other, _more(_less(hands[other], hands[other][0]),
                                            c.discard[0])),
         "discard": _more(_less(c.discard, c.discard[0]), hands[other][0])},
        # HT-INV-CARDS: the card drawn doubled, lost, or put first; the discard unsorted, a
        # card short, or a card of the deck more
        {"hands": _with(hands, seat, _more(hands[seat], hands[seat][0]))},
        {"hands": _with(hands, seat, (*hands[seat][1:], "fox"))},
        {"hands": _with(hands, seat, (hands[seat][-1], *hands[seat][:-1]))},
        {"discard": tuple(reversed(c.discard))}, {"discard": c.discard[1:]},
        {"discard": _more(c.discard, c.deck[0])},
        # a card moved between the deck and the discard: every card in one place
        {"discard": _more(c.discard, c.deck[0]), "deck": c.deck[1:]},
        {"discard": _less(c.discard, c.discard[0]), "deck": _more(c.deck, c.discard[0])},
        # HT-INV-TABLE, HT-INV-CARDS: the table kept, or one card of it kept
        {"table": p.table}, {"table": p.table[:1]},
        {"table": p.table, "discard": tuple(list(p.discard))},
        {"table": p.table[:1], "discard": _less(c.discard, p.table[0])},
        # the table past its limits (HT-INV-TABLE)
        {"table": ("hare",) * 5},
        # two invariants broken at once: both named (HT-INV-CARDS and HT-INV-FORWARD)
        {"discard": tuple(reversed(c.discard)), "positions": (-1, *c.positions[1:])},
    ]
    return out


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_racing_phase_spoilt_is_judged_like_the_full_check(players: int) -> None:
    # HT-INV-CARDS, HT-INV-FORWARD, HT-INV-HANDS, HT-INV-PHASE, HT-INV-PODIUM, HT-INV-TABLE:
    # a racing phase's child broken in every way that keeps the fields it replaced (the
    # seats, the token, the races and the pawns out of range; a hand a card short or
    # long; a card doubled, lost, moved between the deck and the discard; the table kept;
    # the podium wrong), and with a field it kept replaced: both checks name the same IDs
    tried = broken = 0
    verdicts: set[str] = set()
    seen: dict[tuple[frozenset[str], bool], int] = {}
    for parent, child in _raced(players, 3):
        fields = state.changed_fields(parent, child)
        key = frozenset(fields), child.deck is parent.discard
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 2:  # two of each kind
            continue
        for changes in _raced_spoilt(parent, child):
            bad = state.replace(child, **changes)
            if state.changed_fields(parent, bad) != fields:
                continue
            full = state.full_violations(bad)
            assert state.delta_violations(parent, bad) == full, changes
            tried += 1
            broken += bool(full)
            verdicts.update(full)
        # a field the step kept, replaced: no longer the tight check's step
        for name, value in (("shown", ((),) * (players - 1)), ("second", child.hands),
                            ("streams", (0, 2))):
            bad = state.replace(child, **{name: value})
            assert state.delta_violations(parent, bad) == state.full_violations(bad) != ()
    assert verdicts == {"HT-INV-CARDS", "HT-INV-FORWARD", "HT-INV-HANDS", "HT-INV-PHASE",
                        "HT-INV-PODIUM", "HT-INV-TABLE"}, verdicts
    assert broken > tried * 3 // 4, (broken, tried)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_round_that_has_ended_reads_its_bets_and_podium_again(variant: str) -> None:
    # HT-INV-SCORES (HT-SCORE-POINTS), HT-INV-PODIUM: once a round has ended, its points
    # are its bets' podium points; a child of a table that has ended with the seats' bets
    # exchanged, or the podium in another order, keeps the phase and breaks the scores:
    # the incremental check says so, as the full check does
    ended = [s for seed in range(3) for s in _steps({"players": 3, **VARIANTS[variant]}, seed)
             if s.phase in ("scored", "over")]
    verdicts = set()
    for s in ended:
        starting = (*s.starting[1:], s.starting[0])
        for bad in (state.replace(s, starting=starting),
                    state.replace(s, podium=(*s.podium[1:], s.podium[0]))):
            full = state.full_violations(bad)
            assert state.delta_violations(s, bad) == full
            verdicts.add(full)
    assert ("HT-INV-SCORES",) in verdicts, verdicts


def test_a_play_past_the_table_limits_is_judged_like_the_full_check() -> None:
    # HT-INV-TABLE (HT-TURN-LIMIT): a play whose table holds nine cards (two of each kind
    # at most), five of one animal (wolves and howls together) or none: the tight check's
    # table test, on the table counted once, names what the full check names
    key = ("turn", "draw", frozenset(("hands", "phase", "table")))
    verdicts = set()
    for variant in ("standard", "apprentice"):
        for parent, child in _pairs_by_step({"players": 3, **VARIANTS[variant]}, 2)[key][:8]:
            for table in (("fox", "fox", "hare", "hare", "lamb", "lamb", "tortoise", "tortoise",
                           "wolf"), ("hare",) * 5, ("howl", "howl", "wolf", "wolf", "wolf"), ()):
                bad = state.replace(child, table=table)
                full = state.full_violations(bad)
                assert "HT-INV-TABLE" in full
                assert state.delta_violations(parent, bad) == full, table
                verdicts.add(full)
    assert ("HT-INV-CARDS", "HT-INV-TABLE") in verdicts, verdicts


def test_the_last_table_asked_is_counted_once() -> None:
    # HT-INV-TABLE (HT-RACE-WOLF, HT-RACE-TRIGGER): a table's cards per animal (howls
    # counted as wolves) and its most of one animal; the last table asked (the very tuple)
    # gets the same counts again, another table (an equal copy too) is counted anew
    table = ("howl", "lamb", "wolf", "wolf")
    counts, most = state.counted(table)
    assert counts == {"hare": 0, "tortoise": 0, "wolf": 3, "fox": 0, "lamb": 1}
    assert most == 3
    assert state.counted(table)[0] is counts
    assert state.counted(("fox",)) == ({"hare": 0, "tortoise": 0, "wolf": 0, "fox": 1,
                                        "lamb": 0}, 1)
    again = state.counted(tuple(list(table)))
    assert again == (counts, 3)
    assert again[0] is not counts
    assert state.counted(()) == (dict.fromkeys(counts, 0), 0)


def test_a_card_the_deck_did_not_hold_is_counted() -> None:
    # HT-INV-CARDS: a deal or a draw whose hand got a card of a kind the deck did not hold
    # (sorting first, among or after the deck's kinds) while the deck lost its card where
    # that kind would lie, or its last: caught by the tight check as by the full check
    from bisect import bisect_left

    checked = set()
    for phase in ("deal", "draw"):
        parent = next(s for s in _steps({"players": 3}, 0) if s.phase == phase)
        seat = parent.turn
        for kind in ("fox", "howl", "wolf"):
            p = _shaped(parent, [c for c in (*parent.deck, *parent.discard) if c != kind][:30])
            assert p is not None
            j = min(bisect_left(p.deck, kind), len(p.deck) - 1)
            bad = state.replace(p, deck=(*p.deck[:j], *p.deck[j + 1:]),
                                hands=_with(p.hands, seat, _more(p.hands[seat], kind)))
            full = state.full_violations(bad)
            assert "HT-INV-CARDS" in full
            assert state.delta_violations(p, bad) == full, (phase, kind)
            checked.add((phase, kind))
    assert len(checked) == 6


def test_a_racing_phase_step_of_the_apprentice_table_is_judged_like_the_full_check() -> None:
    # HT-INV-HANDS (HT-APP-DEAL: the apprentice hand is five cards), HT-INV-CARDS: no
    # apprentice step is a standard racing phase, but a child of an apprentice refill
    # that replaced the same fields (the card drawn, the table discarded, the pawns, the
    # token, the races, a turn) is checked by the same tight check: with the hand full at
    # five cards, or a card short or long, both checks name the same IDs
    verdicts = set()
    for seed in range(3):
        states = _steps({"players": 3, **VARIANTS["apprentice"]}, seed)
        for p in states:
            if p.phase != "draw" or len(p.hands[p.turn]) != 4 or not p.table:
                continue
            n, seat = p.players, p.turn
            card = p.deck[0]
            for hand in (_more(p.hands[seat], card), tuple(list(p.hands[seat])),
                         _more(_more(p.hands[seat], card), card)):
                token = (p.token + 1) % n
                bad = state.replace(p, deck=p.deck[1:], hands=_with(p.hands, seat, hand),
                                    discard=tuple(sorted(p.discard + p.table)), table=(),
                                    positions=tuple(list(p.positions)), races=p.races + 1,
                                    token=token, turn=token, phase="turn")
                key = (p.phase, bad.phase, frozenset(state.changed_fields(p, bad)))
                assert key in state._RACED
                full = state.full_violations(bad)
                assert state.delta_violations(p, bad) == full, hand
                verdicts.add(full)
    assert {(), ("HT-INV-CARDS", "HT-INV-HANDS")} <= verdicts, verdicts


def test_a_refill_that_empties_the_deck_and_races_tells_both() -> None:
    # HT-TURN-RESHUFFLE, HT-RACE-TRIGGER, HT-RACE-END: the last card of the deck drawn onto
    # a triggered table: the discard becomes the deck at once, then the racing phase runs
    # and discards the table into the emptied pile; the events tell the draw, the
    # reshuffle, the racing phase and its end, in that order
    from kernel.games.hare_and_tortoise_2014 import transitions
    from kernel.games.hare_and_tortoise_2014.actions import DRAW

    told = 0
    for parent, child in _raced(3, 2):
        if child.deck is not parent.discard:
            continue
        card = parent.deck[0]
        done = transitions.apply_legal(parent, DRAW[card])
        assert done.state == child
        assert child.discard == parent.table
        kinds = [e.kind for e in done.events]
        assert kinds[:3] == ["drew", "reshuffled", "racing-phase"], kinds
        assert kinds[-2:] == ["discarded", "token-passed"], kinds
        assert done.events[1].data == {"cards": len(parent.discard)}
        told += 1
    assert told

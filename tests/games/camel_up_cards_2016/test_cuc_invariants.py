"""Every invariant has a flag: break one thing, see exactly its ID (python-chess's status())."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable
from typing import Any

import pytest
from helpers import first_state, table

import kernel
from kernel.core import InvalidState
from kernel.engines.camel_cards.table import bet_taken
from kernel.games.camel_up_cards_2016 import state
from kernel.games.camel_up_cards_2016.state import FIELDS, CardsState, candidate, violations
from kernel.rules.camel import CAMELS

Data = dict[str, Any]


def _valid() -> Data:
    return kernel.to_data(table(stacks={3: "BG", 5: "O"}, deck=["blue+1", "white+2"],
                                hands=[["green+1"], [], [], []]))


def _camel_twice(d: Data) -> None:
    d["stacks"][5].append("blue")


def _camel_missing(d: Data) -> None:
    d["stacks"][5] = []


def _finish_during_play(d: Data) -> None:
    d["stacks"][5] = []
    d["stacks"][-1] = ["orange"]


def _card_lost(d: Data) -> None:
    d["deck"].pop()


def _card_duplicated(d: Data) -> None:
    d["deck"].append("blue+2")
    d["discard"].remove("blue+2") if "blue+2" in d["discard"] else d["discard"].pop()
    d["discard"].append("green+2")


def _card_copied_over_another(d: Data) -> None:
    # still 30 cards, but one card id once too often and another once too rarely
    d["discard"][0] = next(c for c in d["discard"] if c != d["discard"][0])


def _leader_card_vanished(d: Data) -> None:
    d["leaders"]["blue"] = [2, 2, 3]


def _leader_stack_misordered(d: Data) -> None:
    d["leaders"]["blue"] = [2, 3, 2, 5]


def _midfield_twice(d: Data) -> None:
    d["bets"][1] = ["green:mid"]


def _midfield_held_twice(d: Data) -> None:
    d["bets"][1] = ["green:mid"]
    d["bets"][2] = ["green:mid"]
    d["midfield"] = [c for c in d["midfield"] if c != "green"]


def _final_card_twice(d: Data) -> None:
    d["winner_bets"][0] = "blue"
    d["winner_bets"][2] = "blue"


def _figure_on_a_camel(d: Data) -> None:
    d["palm"] = {"space": 5, "holder": 0}


def _figure_behind_the_last_camel(d: Data) -> None:
    d["stacks"][0] = []
    d["stacks"][2] = ["white", "yellow"]
    d["palm"] = {"space": 1, "holder": 0}


def _money_below_one(d: Data) -> None:
    d["money"][0] = 0
    d["payouts"][0] = [-3]


def _money_without_payouts(d: Data) -> None:
    d["money"][1] = 9


def _half_card_in_the_middle(d: Data) -> None:
    d["track"] = "FFHFFFFFF"


def _turn_out_of_range(d: Data) -> None:
    d["turn"] = 7


def _two_hand_cards(d: Data) -> None:
    d["hands"][0].append(d["discard"].pop())


def _figure(key: str, space: int, holder: int) -> Callable[[Data], None]:
    def corrupt(d: Data) -> None:
        d[key] = {"space": space, "holder": holder}
    return corrupt


def _palm_and_fennec_together(d: Data) -> None:
    d["palm"] = {"space": 7, "holder": 0}
    d["fennec"] = {"space": 7, "holder": 1}


def _one_seat_more(key: str, value: Any) -> Callable[[Data], None]:
    def corrupt(d: Data) -> None:
        d[key].append(value)
    return corrupt


def _players_7(d: Data) -> None:
    d["players"] = 7


def _one_player(d: Data) -> None:
    for seat in (3, 2, 1):
        d["discard"] += d["hands"][seat]
        for key in ("hands", "intel", "bets", "winner_bets", "loser_bets", "money", "payouts"):
            del d[key][seat]
    d.update(players=1, age_order=[0], turn=0, starter=0)


def _unknown_phase(d: Data) -> None:
    d["phase"] = "lunch"


def _age_order_repeats(d: Data) -> None:
    d["age_order"] = [0, 0, 1, 2]


CASES: list[tuple[str, Callable[[Data], None], set[str]]] = [
    # CUC-INV-CAMELS: the five camels each present exactly once.
    ("camel twice", _camel_twice, {"CUC-INV-CAMELS"}),
    ("camel missing", _camel_missing, {"CUC-INV-CAMELS"}),
    # CUC-INV-STACKS: the Finish holds camels only once the race is over.
    ("finish during play", _finish_during_play, {"CUC-INV-STACKS"}),
    # CUC-INV-RACING: 30 racing cards, each in one place.
    ("card lost", _card_lost, {"CUC-INV-RACING"}),
    ("card duplicated", _card_duplicated, {"CUC-INV-RACING"}),
    ("card copied over another", _card_copied_over_another, {"CUC-INV-RACING"}),
    # CUC-INV-LEGCARDS: 20 leader and 5 midfield cards, each once; stacks 2,2,3,5.
    ("leader card vanished", _leader_card_vanished, {"CUC-INV-LEGCARDS"}),
    ("leader stack misordered", _leader_stack_misordered, {"CUC-INV-LEGCARDS"}),
    ("midfield twice", _midfield_twice, {"CUC-INV-LEGCARDS"}),
    ("midfield card held twice", _midfield_held_twice, {"CUC-INV-LEGCARDS"}),
    # CUC-INV-FINALCARDS: one place each.
    ("final card twice", _final_card_twice, {"CUC-INV-FINALCARDS"}),
    # CUC-INV-FIGURES: on an empty space ahead of the last camel.
    ("figure on a camel", _figure_on_a_camel, {"CUC-INV-FIGURES"}),
    ("figure behind last camel", _figure_behind_the_last_camel, {"CUC-INV-FIGURES"}),
    # CUC-INV-FLOOR (and the ledger, which dips below 1 with it).
    ("money below one", _money_below_one, {"CUC-INV-FLOOR", "CUC-INV-LEDGER"}),
    # CUC-INV-LEDGER: money is 3 plus the payouts recorded.
    ("money without payouts", _money_without_payouts, {"CUC-INV-LEDGER"}),
    # CUC-INV-TRACK: only the last card may be half covered.
    ("half card in the middle", _half_card_in_the_middle, {"CUC-INV-TRACK"}),
    # CUC-INV-PHASE: bookkeeping.
    ("turn out of range", _turn_out_of_range, {"CUC-INV-PHASE"}),
    ("two hand cards in play", _two_hand_cards, {"CUC-INV-PHASE"}),
    # CUC-INV-FIGURES: a figure card lies in front of a player exactly while
    # its figure is on the track, in front of a seat that exists; one per space.
    *[(f"{fig} off the track, card holder {holder}", _figure(fig, 0, holder),
       {"CUC-INV-FIGURES"}) for fig in ("palm", "fennec") for holder in (1, 2, -2)],
    ("palm on the track, card unheld", _figure("palm", 7, -1), {"CUC-INV-FIGURES"}),
    ("fennec on the track, card unheld", _figure("fennec", 7, -1), {"CUC-INV-FIGURES"}),
    ("palm card before a fifth seat", _figure("palm", 7, 4), {"CUC-INV-FIGURES"}),
    ("fennec on the Finish", _figure("fennec", 18, 1), {"CUC-INV-FIGURES"}),
    ("palm and fennec on one space", _palm_and_fennec_together, {"CUC-INV-FIGURES"}),
    # CUC-INV-PHASE: the shape, one entry per seat in each per-seat field.
    *[(f"{key} for 5 seats", _one_seat_more(key, value), {"CUC-INV-PHASE"})
      for key, value in (("hands", []), ("intel", []), ("bets", []), ("winner_bets", None),
                         ("loser_bets", None), ("money", 3), ("payouts", []))],
    ("players 7", _players_7, {"CUC-INV-PHASE"}),
    ("one player, every field for one seat", _one_player, {"CUC-INV-PHASE"}),
    ("unknown phase", _unknown_phase, {"CUC-INV-PHASE"}),
    ("age order repeats a seat", _age_order_repeats, {"CUC-INV-PHASE"}),
]


def test_valid_table_breaks_nothing() -> None:
    assert kernel.status(_valid()) == ()


@pytest.mark.parametrize(("name", "corrupt", "expected"), CASES, ids=[c[0] for c in CASES])
def test_each_break_is_flagged(name: str, corrupt: Callable[[Data], None],
                               expected: set[str]) -> None:
    data = copy.deepcopy(_valid())
    corrupt(data)
    assert set(kernel.status(data)) == expected
    with pytest.raises((InvalidState, ValueError)) as refused:  # it cannot be built
        kernel.from_data(data)
    if isinstance(refused.value, InvalidState):  # and says which invariants it breaks
        assert set(refused.value.ids) == expected


def _fields() -> dict[str, Any]:
    state = table(stacks={3: "BG", 5: "O"}, deck=["blue+1", "white+2"])
    return {name: getattr(state, name) for name in FIELDS}


def _broken(base: dict[str, Any], **changes: Any) -> tuple[str, ...]:
    """The invariants an unchecked candidate breaks: ``base`` with ``changes``."""
    return violations(candidate(**{**base, **changes}))


def test_shapes_plain_data_cannot_express() -> None:
    # CUC-INV-CAMELS: five positions and five heights, or nothing else is checked.
    base = _fields()
    assert _broken(base) == ()
    assert _broken(base, pos=(0, 0, 3, 3)) == ("CUC-INV-CAMELS",)
    assert _broken(base, height=(0, 0, 0, 1)) == ("CUC-INV-CAMELS",)
    # CUC-INV-LEGCARDS: one leader stack and one midfield flag per colour, bets on camels.
    assert _broken(base, leaders=base["leaders"][:4]) == ("CUC-INV-LEGCARDS",)
    assert _broken(base, midfield=base["midfield"][:4]) == ("CUC-INV-LEGCARDS",)
    bets = (((5, 2),), (), (), ())
    assert _broken(base, bets=bets) == ("CUC-INV-LEGCARDS",)
    # CUC-INV-PHASE: a leg-bet card is a (colour, value) tuple; two bytes that would
    # unpack as one (green's 5) make the state unreadable, as a number or a list does
    assert _broken(base, bets=(((1, 5),), (), (), ())) == ("CUC-INV-LEGCARDS",)
    for card in (b"\x01\x05", 15, "15"):
        assert _broken(base, bets=((card,), (), (), ())) == ("CUC-INV-PHASE",), card
    # the check itself says why it cannot read two bytes (the message names the card)
    with pytest.raises(TypeError, match=r"leg-bet card is a \(colour, value\) tuple, not b'"):
        bytes_bet: Any = ((b"\x01\x05",), (), (), ())
        state._leg_cards_ok(base["leaders"], base["midfield"], bytes_bet)
    # CUC-INV-FINALCARDS: a final card names a camel, or no card (-1).
    for finals in ((-2, -1, -1, -1), (5, -1, -1, -1)):
        assert _broken(base, winner_bets=finals) == ("CUC-INV-FINALCARDS",)
        assert _broken(base, loser_bets=finals) == ("CUC-INV-FINALCARDS",)
    # CUC-INV-PHASE: a field of the wrong type makes the state unreadable.
    assert _broken(base, money=("3", "3", "3", "3")) == ("CUC-INV-PHASE",)
    with pytest.raises(InvalidState) as refused:
        CardsState(**{**base, "pos": (0, 0, 3, 3)})
    assert refused.value.ids == ("CUC-INV-CAMELS",)


def test_extension_invariant_at_leg_setup() -> None:
    # CUC-INV-EXTEND: at a leg's setup fewer than 3 spaces before the Finish
    # is only possible when the spare cards ran out.
    data = kernel.to_data(first_state(4, "deal"))
    assert kernel.status(data) == ()
    stacks = data["stacks"]
    for stack in stacks:
        stack.clear()
    stacks[0] = ["blue", "green", "orange", "white"]
    stacks[16] = ["yellow"]  # 1 space before the Finish, 9 spare spaces left
    data["track"] = "FFFFFFFFH"
    assert kernel.status(data) == ("CUC-INV-EXTEND",)
    data["extended"] = 2
    stacks[16] = []
    stacks[13] = ["yellow"]  # extended, but 4 spaces between instead of 3
    assert kernel.status(data) == ("CUC-INV-EXTEND",)


def test_built_states_are_always_valid() -> None:
    # Every invariant, on every state of a seeded game (all player counts).
    for players in range(2, 7):
        trace = kernel.play("camel-up-cards-2016", {"players": players}, players)
        for step in trace.steps:
            assert kernel.violations(step.state) == ()


def _move_card(d: Data, source: str, target: str, seat: int | None = None,
               count: int = 1) -> None:
    for _ in range(count):
        card = d[source].pop()
        if seat is None:
            d[target].append(card)
        else:
            d[target][seat].append(card)


PHASE_CASES: list[tuple[str, str, Callable[[Data], None], set[str]]] = [
    # CUC-INV-PHASE, each phase's bookkeeping (python-chess style: one flag each).
    ("play", "turn is no seat", lambda d: d.update(turn=4), {"CUC-INV-PHASE"}),
    ("play", "starter is no seat", lambda d: d.update(starter=4), {"CUC-INV-PHASE"}),
    ("play", "turns before the first leg", lambda d: d.update(leg=0), {"CUC-INV-PHASE"}),
    ("play", "an extension below zero", lambda d: d.update(extended=-1), {"CUC-INV-PHASE"}),
    ("over", "the race over", lambda d: None, set()),
    ("over", "undealt cards at the end", lambda d: _move_card(d, "discard", "stock"),
     {"CUC-INV-PHASE"}),
    ("over", "an intel card at the end", lambda d: _move_card(d, "discard", "intel", 0),
     {"CUC-INV-PHASE"}),
    # Only reachable with none, but the invariant allows the one kept card.
    ("over", "one hand card at the end", lambda d: _move_card(d, "discard", "hands", 0), set()),
    ("over", "two hand cards at the end",
     lambda d: _move_card(d, "discard", "hands", 0, count=2),
     {"CUC-INV-PHASE"}),
    ("deal", "dealing", lambda d: None, set()),
    ("deal", "a bet done while dealing", lambda d: d.update(bet_done=True), {"CUC-INV-PHASE"}),
    ("deal", "a track action while dealing", lambda d: d.update(track_done=True),
     {"CUC-INV-PHASE"}),
    ("setup", "the starting cards", lambda d: None, set()),
    ("setup", "five starting cards, still in setup", lambda d: d.update(
        revealed=d["stock"][:5], stock=d["stock"][5:]), {"CUC-INV-PHASE"}),
]


@pytest.mark.parametrize(("phase", "name", "corrupt", "expected"), PHASE_CASES,
                         ids=[c[1] for c in PHASE_CASES])
def test_phase_bookkeeping(phase: str, name: str, corrupt: Callable[[Data], None],
                           expected: set[str]) -> None:
    data = kernel.to_data(first_state(4, phase))
    corrupt(data)
    assert set(kernel.status(data)) == expected


# --------------------------------------------------------------------------
# pinned by the mutation runs (each test names its rule)


@pytest.mark.parametrize("field", ["money", "payouts"])
def test_ledger_of_a_list_changed_after_a_valid_state_is_checked(field: str) -> None:
    # CUC-INV-LEDGER (state.py: a table that breaks an invariant never
    # becomes a state): a state built from a list (not a tuple) is valid, but
    # the list may change afterwards; a next state built from that same list
    # must be checked afresh, not waved through as the last valid state's.
    import attrs

    from kernel.core import InvalidState

    base = first_state(4, "play")
    shared = list(getattr(base, field))
    valid = attrs.evolve(base, **{field: shared})  # the last valid state
    assert getattr(valid, field) is shared
    if field == "money":
        shared[0] += 5  # 5 Pounds that no payout explains
    else:
        shared[0] = (*shared[0], 5)  # a payout the money does not show
    with pytest.raises(InvalidState, match="CUC-INV-LEDGER"):
        attrs.evolve(valid, **{field: shared})


def test_each_valid_state_is_the_next_checks_starting_point() -> None:
    # CUC-INV-* checked incrementally (state.py): a state built by a transition, and a
    # valid state asked about, become the last valid state, so that the next state is
    # checked on what its transition changed; a table in hand never does.
    s = first_state(4, "play")
    applied = kernel.apply(s, kernel.legal_actions(s)[0])
    assert isinstance(applied, kernel.Applied)
    nxt = applied.state
    assert state._VALID[0][0] is nxt
    assert violations(s) == () and state._VALID[0][0] is s
    assert violations(state.thaw(nxt)) == () and state._VALID[0][0] is s
    assert state.full_violations(nxt) == () and state._VALID[0][0] is s


def test_the_full_check_of_an_unreadable_candidate() -> None:
    # CUC-INV-PHASE: the full check, as violations, names CUC-INV-PHASE alone for a
    # candidate it cannot even read (no hands at all).
    s = first_state(3, "play")
    unreadable = candidate(**{**{name: getattr(s, name) for name in FIELDS}, "hands": None})
    assert state.full_violations(unreadable) == violations(unreadable) == ("CUC-INV-PHASE",)


def test_a_draw_and_a_leg_bet_are_checked_against_the_last_valid_state(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # CUC-INV-RACING, CUC-INV-LEGCARDS checked incrementally (state.py): a draw moves
    # one card from the deck to the revealed cards, a leg bet one leader or midfield
    # card to a seat; right after its parent, such a state is checked against the
    # parent's zones alone (the full zone checks do not run), and passes; a state that
    # moved a card the parent's deck or stack did not hold is checked in full and fails.
    steps = [(st.action.kind, st.state)
             for st in kernel.play("camel-up-cards-2016", {"players": 4}, 0).steps]
    full: list[str] = []
    monkeypatch.setattr(state, "_racing_ok", _recorder(full, "racing"))
    monkeypatch.setattr(state, "_leg_cards_ok", _recorder(full, "legcards"))
    fast = {"racing": 0, "legcards": 0}
    for (_, parent), (kind, child) in itertools.pairwise(steps):
        if child.leg != parent.leg or child.phase == "over":  # a leg's end: checked in full
            continue
        if parent.phase == "draw" and kind == "draw":
            key = "racing"
        elif kind in ("leg", "mid"):
            key = "legcards"
        else:
            continue
        assert violations(parent) == ()
        full.clear()
        assert violations(child) == () and key not in full, (kind, full)
        fast[key] += 1
    assert fast["racing"] > 20 and fast["legcards"] > 10
    monkeypatch.undo()
    # the same moves, the card also left where it was: broken, found in full
    for (_, parent), (kind, child) in itertools.pairwise(steps):
        fields = {name: getattr(child, name) for name in FIELDS}
        if child.leg != parent.leg or child.phase == "over":
            continue
        if parent.phase == "draw" and kind == "draw":
            bad = candidate(**{**fields, "deck": parent.deck})
            assert violations(parent) == () and violations(bad) == ("CUC-INV-RACING",)
        elif kind == "leg":
            bad = candidate(**{**fields, "leaders": parent.leaders})
            assert violations(parent) == () and violations(bad) == ("CUC-INV-LEGCARDS",)
        elif kind == "mid":
            bad = candidate(**{**fields, "midfield": parent.midfield})
            assert violations(parent) == () and violations(bad) == ("CUC-INV-LEGCARDS",)


def _recorder(calls: list[str], name: str) -> Callable[..., bool]:
    """A stand-in for a full check: records that it ran, and passes."""
    def check(*args: object) -> bool:
        calls.append(name)
        return True
    return check


def _moves_within_a_leg() -> list[tuple[CardsState, str, CardsState]]:
    """(parent, action kind, child) of a seeded 4-player game, within a leg."""
    steps = [(st.action.kind, st.state)
             for st in kernel.play("camel-up-cards-2016", {"players": 4}, 0).steps]
    return [(parent, kind, child) for (_, parent), (kind, child) in itertools.pairwise(steps)
            if child.leg == parent.leg and child.phase != "over"]


class _Unhashable(tuple):  # type: ignore[type-arg]
    """A tuple that cannot be hashed (equal to the plain tuple of its items)."""

    __hash__ = None  # type: ignore[assignment]


def test_a_draw_whose_zones_cannot_be_hashed_is_unreadable() -> None:
    # CUC-INV-PHASE, CUC-INV-RACING checked incrementally (state.py): every zone a check
    # accepts is hashed on the way (what the identity memo relies on), so a draw's deck
    # or revealed cards that cannot be hashed, though equal to the right tuple, make the
    # candidate unreadable right after its parent, as for the full check
    draws = 0
    for parent, kind, child in _moves_within_a_leg():
        if not (parent.phase == "draw" and kind == "draw"):
            continue
        fields = {name: getattr(child, name) for name in FIELDS}
        for zone in ("deck", "revealed"):
            bad = candidate(**{**fields, zone: _Unhashable(fields[zone])})
            assert getattr(bad, zone) == getattr(child, zone)
            assert violations(parent) == ()
            assert violations(bad) == state.full_violations(bad) == ("CUC-INV-PHASE",), zone
        draws += 1
    assert draws > 10


def test_a_leg_bet_whose_stacks_cannot_be_hashed_is_unreadable() -> None:
    # CUC-INV-PHASE, CUC-INV-LEGCARDS checked incrementally (state.py): a leg bet's
    # leader stacks, or a midfield bet's midfield flags, that cannot be hashed, though
    # equal to the right tuple, make the candidate unreadable right after its parent,
    # as for the full check
    bets = {"leg": 0, "mid": 0}
    for parent, kind, child in _moves_within_a_leg():
        if kind not in bets:
            continue
        zone = "leaders" if kind == "leg" else "midfield"
        fields = {name: getattr(child, name) for name in FIELDS}
        bad = candidate(**{**fields, zone: _Unhashable(fields[zone])})
        assert violations(parent) == ()
        assert violations(bad) == state.full_violations(bad) == ("CUC-INV-PHASE",), kind
        bets[kind] += 1
    assert bets["leg"] > 5 and bets["mid"] > 0, bets


def test_a_leg_bet_that_is_not_one_more_card_is_checked_in_full() -> None:
    # CUC-INV-PHASE, CUC-INV-LEGCARDS checked incrementally (state.py and the engine's
    # bet_taken): right after its parent, a leg or midfield bet whose seat got
    # something else than one more (colour, value) card (a list, a triple, a number,
    # two bytes), or whose seat's earlier card changed too, is not passed by the shortcut (which
    # answers False without raising): the full check judges it, and it breaks the
    # invariant the full check names
    bets = {"leg": 0, "mid": 0, "earlier": 0}
    for parent, kind, child in _moves_within_a_leg():
        if kind not in ("leg", "mid"):
            continue
        seat = next(i for i, mine in enumerate(child.bets) if mine is not parent.bets[i])
        before, bet = parent.bets[seat], child.bets[seat][-1]
        wrong: dict[str, object] = {"a list": (*before, list(bet)),
                                    "a triple": (*before, (*bet, 0)),
                                    "a number": (*before, bet[1]),
                                    "two bytes": (*before, bytes(bet))}
        if before:  # the seat's first card turned into another value of its colour
            colour, value = before[0]
            wrong["an earlier card changed"] = (
                (colour, value + 1 if value < 5 else value - 1), *before[1:], bet)
            bets["earlier"] += 1
        fields = {name: getattr(child, name) for name in FIELDS}
        for what, mine in wrong.items():
            seats = (*child.bets[:seat], mine, *child.bets[seat + 1:])
            bad = candidate(**{**fields, "bets": seats})
            # the engine's shortcut never raises, and passes none of them
            assert bet_taken(bad.leaders, bad.midfield, bad.bets, parent, CAMELS) is False
            assert violations(parent) == ()
            found = violations(bad)
            assert found == state.full_violations(bad), (kind, what)
            assert found == (("CUC-INV-LEGCARDS",) if what == "an earlier card changed"
                             else ("CUC-INV-PHASE",)), (kind, what)
        bets[kind] += 1
    assert bets["leg"] > 5 and bets["mid"] > 0 and bets["earlier"] > 2, bets


def test_after_the_race_a_seat_holds_at_most_one_card() -> None:
    # CUC-INV-PHASE: once the race is over no seat holds more than one card (the
    # hands are played out by then, as in play); the same cards moved from the deck
    # to one seat's hand, one card there is fine and two are not
    final = kernel.play("camel-up-cards-2016", {"players": 4}, 0).final
    assert final.phase == "over" and not any(final.hands) and len(final.deck) >= 2
    fields = {name: getattr(final, name) for name in FIELDS}
    for taken, expected in ((1, ()), (2, ("CUC-INV-PHASE",))):
        hands = (tuple(sorted(final.deck[:taken])), *final.hands[1:])
        moved = candidate(**{**fields, "deck": final.deck[taken:], "hands": hands})
        assert state.full_violations(moved) == violations(moved) == expected, taken

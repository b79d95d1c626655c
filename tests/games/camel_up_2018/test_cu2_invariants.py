"""Camel Up, 2nd edition (2018): the invariants CU2-INV-* and the plain data.

Every state of seeded random games breaks no invariant and reads back from its
plain data; each conformance-plan mutation breaks exactly the invariant it
names; hand-broken tables are refused by from_data with the broken IDs; the
decoder names each wrong field by its path (KERNEL-INPUT), and each guard of
each invariant is tested on both sides of its edge.
"""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

import pytest
from documents import refuse_mutable_fields, refuse_wrong_types, with_field
from helpers import built, cases_or_failure
from test_cu2_game import STACKED, before_the_end, games, played, start

from kernel.core import InvalidState
from kernel.decode import DecodeError
from kernel.games.camel_up_2018 import game, plain, state
from kernel.games.camel_up_2018.movement import (
    RACING,
)
from kernel.games.camel_up_2018.plans import plan

#: plan mutation -> the invariant it breaks (CU2-INV-*)
EXPECTED = {
    "camel-twice": ["CU2-INV-CAMELS"],
    "camel-missing": ["CU2-INV-CAMELS"],
    "camel-past-the-line-during-a-leg": ["CU2-INV-CAMELS"],
    "betting-ticket-twice": ["CU2-INV-TICKETS"],
    "tile-on-a-camel": ["CU2-INV-TILES"],
    "tiles-on-adjacent-spaces": ["CU2-INV-TILES"],
    "finish-card-twice": ["CU2-INV-CARDS"],
    "money-negative": ["CU2-INV-MONEY"],
    "die-revealed-twice": ["CU2-INV-DICE"],
    "one-sided-partnership": ["CU2-INV-PARTNERS"],
    "turn-out-of-range": ["CU2-INV-PHASE"],
    "unknown-phase": ["CU2-INV-PHASE"],
}


def test_random_states_valid_and_round_trip() -> None:
    # CU2-INV-CAMELS, CU2-INV-CARDS, CU2-INV-DICE, CU2-INV-MONEY, CU2-INV-PARTNERS,
    # CU2-INV-PHASE, CU2-INV-TICKETS, CU2-INV-TILES hold on every reachable state.
    for steps in games():
        for s, _a, _e in steps:
            assert state.violations(s) == ()
            data = json.loads(json.dumps(plain.to_data(s)))
            assert plain.from_data(data) == s


def test_plan_mutations_break_their_invariant() -> None:
    # Each mutation of the status vectors breaks exactly the invariant it is named for.
    states = [s for steps in games()[:6] for s, _a, _e in steps]
    seen = set()
    for name, phase, mutate in plan().mutations:
        for s in states:
            if s.phase != phase:
                continue
            try:
                data = mutate(copy.deepcopy(plain.to_data(s)))
            except LookupError:
                continue
            got = list(plain.status(data))
            assert got == EXPECTED.get(name, []), (name, got)
            seen.add(name)
            break
    assert seen == {n for n, _p, _m in plan().mutations}


@pytest.mark.parametrize(("patch", "broken"), [
    # CU2-INV-CAMELS: a camel missing
    ({"track": [[], ["blue", "green", "red", "yellow"]] + [[] for _ in range(14)]
      + [["white", "black"], []]}, "CU2-INV-CAMELS"),
    # CU2-INV-DICE: three dice out but two pyramid tickets taken
    ({"revealed": ["blue:1", "green:1", "red:1"], "pyramid_tickets": [1, 1, 0, 0]},
     "CU2-INV-DICE"),
    # CU2-INV-TICKETS: five blue tickets held
    ({"bets": [["blue:5", "blue:3"], ["blue:2"], ["blue:2"], ["blue:2"]]}, "CU2-INV-TICKETS"),
    # CU2-INV-TILES: a tile under the crazy camels
    ({"tiles": [None, {"space": 16, "side": "boo"}, None, None]}, "CU2-INV-TILES"),
    # CU2-INV-CARDS: a pile owner without a card
    ({"winner_pile": [2]}, "CU2-INV-CARDS"),
    # CU2-INV-PARTNERS: partners in a 4-player game
    ({"partners": [1, 0, None, None]}, "CU2-INV-PARTNERS"),
    # CU2-INV-MONEY
    ({"money": [3, -2, 3, 3]}, "CU2-INV-MONEY"),
    # CU2-INV-DICE: a second leg needs the previous leg's five dice
    ({"leg": 2}, "CU2-INV-DICE"),
])
def test_broken_tables_refused(patch: dict[str, Any], broken: str) -> None:
    # from_data refuses a table that breaks an invariant, naming it; status() lists it.
    data = {**plain.to_data(start()), **patch}
    assert broken in plain.status(data)
    with pytest.raises(InvalidState) as info:
        plain.from_data(data)
    assert broken in info.value.ids


def test_canonical_form_only() -> None:
    # CU2-INV-PHASE: the decoder takes exactly the canonical form (KERNEL-INPUT).
    data = plain.to_data(start())
    for bad in ({**data, "extra": 1}, {**data, "players": True}, {**data, "money": [3, 3, 3]},
                {**data, "hands": [["yellow", "blue", "green", "purple", "red"]] * 4},
                {**data, "tiles": [{"space": 5}, None, None, None]}):
        with pytest.raises(DecodeError):
            plain.read(bad)
        assert plain.status(bad) == ("CU2-INV-PHASE",)


def test_setup_phase_invariants() -> None:
    # CU2-INV-CAMELS during setup: racing camels only on 1-3, no crazy camel yet.
    s = game.new_game({"players": 3})
    s = game.apply(s, "die:red:2").state  # type: ignore[union-attr]
    data = plain.to_data(s)
    data["track"][5] = data["track"][2]
    data["track"][2] = []
    assert plain.status(data) == ("CU2-INV-CAMELS",)


def test_states_are_checked_when_built() -> None:
    # CU2-INV-MONEY, CU2-INV-CAMELS: no state breaking an invariant can be built, only a
    # candidate (read from plain data) that status() reports on.
    s = start()
    with pytest.raises(InvalidState) as info:
        state.checked(state.draft(s, money=(-1, 3, 3, 3)))
    assert info.value.ids == ("CU2-INV-MONEY",)
    fields = {name: getattr(s, name) for name in state.FIELDS}
    with pytest.raises(InvalidState):
        state.Camel2018State(**{**fields, "track": ((),) * 18})


def test_a_state_holds_no_mutable_value() -> None:
    # (state.py: a state is frozen) a state built directly holds tuples, never lists: a
    # list in a field, or nested in one, is refused by name, so that nothing can change
    # a state after its checks passed (the plain-data decoder builds tuples only)
    s = played(start(), ("bet:blue", "pyramid"))
    fields = {name: getattr(s, name) for name in state.FIELDS}
    nested = (*s.track[:1], list(s.track[1]), *s.track[2:])
    tuples = refuse_mutable_fields(state.Camel2018State, fields, ("track", nested))
    assert {"track", "bets", "money", "hands", "tiles"} <= set(tuples)
    assert state.Camel2018State(**fields) == s


# --------------------------------------------------------------------------
# the plain-data decoder's paths and messages; the invariants, guard by guard


def _rich() -> Any:
    """A 6-player table in leg 2 that fills every kind of field of the plain data.

    Leg 1: five pyramid tickets move the stack on space 1 forward one die at a
    time (CU2-DIE-RACING); leg 2: a betting ticket, two tiles, a partnership, a
    card on each finish pile, a grey die that moves black (on top of white,
    CU2-DIE-GREY (b)).
    """
    s = played(game.new_game({"players": 6}), STACKED)
    s = played(s, ("pyramid", "die:blue:1", "pyramid", "die:green:1", "pyramid", "die:red:1",
                  "pyramid", "die:yellow:1", "pyramid", "die:purple:1"))
    return played(s, ("bet:blue", "cheer:10", "partner:2", "winner:purple", "loser:blue",
                     "pyramid", "die:white:1", "boo:13"))


@functools.cache
def rich() -> dict[str, Any]:
    """The rich table's plain data, built on first use (a rule bug it trips fails a test)."""
    return plain.to_data(_rich())


def test_the_rich_table_is_as_built() -> None:
    # CU2-LEG-RESET, CU2-BET-TICKET, CU2-TILE-PLACE, CU2-PARTNER, CU2-FINISH-CARD,
    # CU2-DIE-GREY: the document the decoder tests below start from.
    assert rich()["leg"] == 2 and rich()["starter"] == 5 and rich()["turn"] == 0
    assert rich()["previous_leg"] == ["blue:1", "green:1", "red:1", "yellow:1", "purple:1"]
    assert rich()["revealed"] == ["white:1"] and rich()["track"][15] == ["black"]
    assert rich()["bets"][5] == ["blue:5"] and rich()["partners"] == [None, 2, 1, None, None, None]
    assert rich()["tiles"][0] == {"space": 10, "side": "cheer"}
    assert rich()["tiles"][5] == {"space": 13, "side": "boo"}
    assert rich()["winner_cards"][2] == ["purple"] and rich()["loser_cards"][3] == ["blue"]
    assert plain.from_data(rich()) == _rich()


def test_a_field_of_the_wrong_type_is_refused_by_its_path() -> None:
    # KERNEL-INPUT: every field, at every depth, replaced by a value of another JSON type
    # is unreadable: DecodeError, and the message starts with exactly that field's path;
    # status() then reports CU2-INV-PHASE (an unreadable table).
    checked = refuse_wrong_types(rich(), plain.read, plain.status, "CU2-INV-PHASE")
    assert checked > 130


def test_a_document_that_is_not_an_object() -> None:
    # KERNEL-INPUT: the whole document is named "state" when it is not an object.
    bads: tuple[Any, ...] = ([], None, "camel-up-2018")
    for bad in bads:
        with pytest.raises(DecodeError) as refused:
            plain.read(bad)
        assert str(refused.value).startswith("state: expected an object, got ")


#: Well-typed values that the decoder still refuses, and exactly what it says
#: (kernel/decode.py's messages: "<path>: expected an integer lo..hi, got v",
#: "<path>: unknown value 'x'", "<path>: expected n items, got m"). The bounds are the
#: rules' (3-8 players, CU2-DATA-COMPONENTS; seats 0..n-1; 5 pyramid tickets a leg,
#: CU2-SETUP-TICKETS; the camel, die-face and ticket names) or the decoder's own limits
#: on a value's size (a tile's space 0..99, at most 64 names in a list).
REFUSALS = [
    ("game", "camel-up-cards-2016", "game: unknown value 'camel-up-cards-2016'"),
    ("version", 2, "version: expected an integer 1..1, got 2"),
    ("version", 0, "version: expected an integer 1..1, got 0"),
    ("players", 9, "players: expected an integer 3..8, got 9"),
    ("players", 2, "players: expected an integer 3..8, got 2"),
    ("phase", "play", "phase: unknown value 'play'"),
    ("leg", 0, "leg: expected an integer 1..10000, got 0"),
    ("starter", 6, "starter: expected an integer 0..5, got 6"),
    ("turn", 6, "turn: expected an integer 0..5, got 6"),
    ("track", [[]] * 17, "track: expected 18 items, got 17"),
    ("track", [[]] * 19, "track: expected 18 items, got 19"),
    ("track[3][0]", "pink", "track[3][0]: unknown value 'pink'"),
    ("track[3]", ["green"] * 65, "track[3]: expected at most 64 items, got 65"),
    ("revealed[0]", "white:4", "revealed[0]: unknown value 'white:4'"),
    ("revealed[0]", "grey:1", "revealed[0]: unknown value 'grey:1'"),
    ("revealed", ["white:1"] * 65, "revealed: expected at most 64 items, got 65"),
    ("previous_leg[2]", "red:0", "previous_leg[2]: unknown value 'red:0'"),
    ("bets[5][0]", "blue:4", "bets[5][0]: unknown value 'blue:4'"),
    ("bets[5][0]", "white:5", "bets[5][0]: unknown value 'white:5'"),
    ("bets", [[]] * 5, "bets: expected 6 items, got 5"),
    ("pyramid_tickets[4]", 6, "pyramid_tickets[4]: expected an integer 0..5, got 6"),
    ("pyramid_tickets", [0] * 7, "pyramid_tickets: expected 6 items, got 7"),
    ("tiles", [None] * 5, "tiles: expected 6 items, got 5"),
    ("tiles[0]", {"space": 10}, "tiles[0]: missing key 'side'"),
    ("tiles[0]", {"space": 10, "side": "boo", "x": 1}, "tiles[0]: unexpected key 'x'"),
    ("tiles[0].space", 100, "tiles[0].space: expected an integer 0..99, got 100"),
    ("tiles[0].space", -1, "tiles[0].space: expected an integer 0..99, got -1"),
    ("tiles[5].side", "up", "tiles[5].side: unknown value 'up'"),
    ("money[1]", -1001, "money[1]: expected an integer -1000..1000000, got -1001"),
    ("money", [4] * 5, "money: expected 6 items, got 5"),
    ("hands", [[]] * 7, "hands: expected 6 items, got 7"),
    ("hands[2][0]", "white", "hands[2][0]: unknown value 'white'"),
    ("hands[3]", ["yellow", "green", "purple", "red"], "hands[3]: a hand is listed sorted"),
    ("winner_pile[0]", 6, "winner_pile[0]: expected an integer 0..5, got 6"),
    ("winner_pile", [2] * 31, "winner_pile: expected at most 30 items, got 31"),
    ("loser_pile[0]", -1, "loser_pile[0]: expected an integer 0..5, got -1"),
    ("loser_pile", [3] * 31, "loser_pile: expected at most 30 items, got 31"),
    ("winner_cards", [[]] * 5, "winner_cards: expected 6 items, got 5"),
    ("winner_cards[2][0]", "black", "winner_cards[2][0]: unknown value 'black'"),
    ("loser_cards", [[]] * 7, "loser_cards: expected 6 items, got 7"),
    ("loser_cards[3][0]", "grey", "loser_cards[3][0]: unknown value 'grey'"),
    ("partners", [None] * 5, "partners: expected 6 items, got 5"),
    ("partners[1]", 6, "partners[1]: expected an integer 0..5, got 6"),
]


@pytest.mark.parametrize(("path", "value", "message"), REFUSALS,
                         ids=[f"{p}={v!r}"[:40] for p, v, _m in REFUSALS])
def test_wrong_values_are_refused_with_their_message(path: str, value: Any,
                                                     message: str) -> None:
    # KERNEL-INPUT: a well-typed value outside what the field can hold is unreadable
    # (DecodeError naming the field, never InvalidState); status() says CU2-INV-PHASE.
    bad = with_field(rich(), path, value)
    with pytest.raises(DecodeError) as refused:
        plain.from_data(bad)
    assert str(refused.value) == message
    assert plain.status(bad) == ("CU2-INV-PHASE",)


def test_readable_values_are_judged_by_the_invariants() -> None:
    # KERNEL-INPUT / CU2-INV-*: a readable document that breaks a rule is not a decoding
    # error: from_data raises InvalidState naming the invariant, status() lists it.
    for path, value, broken in (
        ("tiles[0].space", 0, "CU2-INV-TILES"),  # 0..99 reads; 2..16 is the rule
        ("tiles[0].space", 99, "CU2-INV-TILES"),
        ("money[1]", -1, "CU2-INV-MONEY"),
        ("pyramid_tickets[4]", 5, "CU2-INV-DICE"),
    ):
        bad = with_field(rich(), path, value)
        assert plain.status(bad) == (broken,), (path, value)
        with pytest.raises(InvalidState) as info:
            plain.from_data(bad)
        assert info.value.ids == (broken,)


def _bases() -> dict[str, Any]:
    """Valid tables of each phase to break one field of."""
    three = played(game.new_game({"players": 3}), STACKED)
    eight = played(game.new_game({"players": 8}), STACKED)
    return {
        "turn": _rich(),  # 6 seats, leg 2: tiles on 10 (seat 0) and 13 (seat 5), partners 1-2
        "reveal": played(_rich(), ("pyramid",)),
        "three": three,
        "eight": eight,
        "setup": played(game.new_game({"players": 3}), ("die:red:2", "die:blue:1")),
        "setup6": game.new_game({"players": 6}),
        "crazy": played(game.new_game({"players": 3}), (*STACKED[:5], "die:white:2")),
        "crazy6": played(game.new_game({"players": 6}), STACKED[:6]),
        "over": played(before_the_end(), ("pyramid", "die:purple:1")),
    }


def _seats(s: Any, n: int) -> dict[str, Any]:
    """The per-seat fields of ``s`` cut or padded (with a fresh seat's values) to ``n``."""
    fresh = {"bets": (), "pyramid_tickets": 0, "tiles": None, "money": 3,
             "hands": tuple(sorted(RACING)), "winner_cards": (), "loser_cards": (),
             "partners": None}
    return {k: (*getattr(s, k)[:n], *(v,) * (n - len(getattr(s, k)[:n])))
            for k, v in fresh.items()}


def _track(s: Any, **cells: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The track of ``s`` with some cells (``c4=("red",)``) replaced."""
    track = list(s.track)
    for name, stack in cells.items():
        track[int(name[1:])] = stack
    return tuple(track)


def _guard_cases() -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The invariant guard cases and the valid tables near them (built from played bases)."""
    bases = _bases()
    T, R, S, C, END = (bases[k] for k in ("turn", "reveal", "setup", "crazy", "over"))
    FACES5 = ("blue:1", "green:2", "red:3", "yellow:1", "white:2")
    invariant_cases: list[tuple[str, Any, dict[str, Any], tuple[str, ...]]] = [
        # CU2-INV-PHASE: 3 to 8 players, a known phase, leg 1 or later, starter and turn seats
        # of the game, 18 cells, one entry per seat in every per-seat field
        ("2 players", bases["three"], {"players": 2, **_seats(bases["three"], 2)},
         ("CU2-INV-PHASE",)),
        ("9 players", bases["eight"], {"players": 9, **_seats(bases["eight"], 9)},
         ("CU2-INV-PHASE",)),
        ("phase", T, {"phase": "play"}, ("CU2-INV-PHASE",)),
        ("leg 0", T, {"leg": 0}, ("CU2-INV-PHASE",)),
        ("starter 6", T, {"starter": 6}, ("CU2-INV-PHASE",)),
        ("starter -1", T, {"starter": -1}, ("CU2-INV-PHASE",)),
        ("turn 6", T, {"turn": 6}, ("CU2-INV-PHASE",)),
        ("turn -1", T, {"turn": -1}, ("CU2-INV-PHASE",)),
        ("17 cells", T, {"track": T.track[:17]}, ("CU2-INV-PHASE",)),
        *((f"7 {k}", T, {k: (*getattr(T, k), v)}, ("CU2-INV-PHASE",)) for k, v in (
            ("bets", ()), ("pyramid_tickets", 0), ("tiles", None), ("money", 3),
            ("hands", tuple(sorted(RACING))), ("winner_cards", ()), ("loser_cards", ()),
            ("partners", None))),
        ("setup in leg 2", S, {"leg": 2, "previous_leg": FACES5}, ("CU2-INV-PHASE",)),
        ("setup turn not starter", S, {"turn": 1}, ("CU2-INV-PHASE",)),
        ("crazy turn not starter", C, {"turn": 2}, ("CU2-INV-PHASE",)),
        # CU2-INV-CAMELS: each camel once, known camels, all seven during the race, none beyond
        # the line until it is over; at setup racing camels on 1-3 and no crazy camel, then
        # the crazy camels on 14-16, the second one ending the phase
        ("camel twice", T, {"track": _track(T, c7=("blue",))}, ("CU2-INV-CAMELS",)),
        ("unknown camel", T, {"track": _track(T, c7=("pink",))}, ("CU2-INV-CAMELS",)),
        ("camel missing", T, {"track": _track(T, c2=())}, ("CU2-INV-CAMELS",)),
        ("past the line", T, {"track": _track(T, c2=(), c17=("blue",))}, ("CU2-INV-CAMELS",)),
        ("behind the line", T, {"track": _track(T, c2=(), c0=("blue",))}, ("CU2-INV-CAMELS",)),
        ("over, none beyond", END, {"track": _track(END, c17=(), c15=("purple",))},
         ("CU2-INV-CAMELS",)),
        ("setup on 4", S, {"track": _track(S, c2=(), c4=("red",))}, ("CU2-INV-CAMELS",)),
        ("setup crazy", S, {"track": _track(S, c16=("white",))}, ("CU2-INV-CAMELS",)),
        ("setup twice", S, {"track": _track(S, c3=("red",))}, ("CU2-INV-CAMELS",)),
        ("crazy on 13", C, {"track": _track(C, c15=(), c13=("white",))}, ("CU2-INV-CAMELS",)),
        ("crazy racing on 5", C, {"track": _track(C, c1=C.track[1][:4], c5=("purple",))},
         ("CU2-INV-CAMELS",)),
        ("crazy racing missing", C, {"track": _track(C, c1=C.track[1][:4])}, ("CU2-INV-CAMELS",)),
        ("crazy both placed", C, {"track": _track(C, c14=("black",))}, ("CU2-INV-CAMELS",)),
        # CU2-INV-CARDS: a seat's five colours, once each, in hand or on a pile; hands sorted;
        # each pile's owners match the cards; no pile before the race
        ("hand short", T, {"hands": (T.hands[0][:4], *T.hands[1:])}, ("CU2-INV-CARDS",)),
        ("hand twice", T, {"hands": (("blue", "blue", "green", "purple", "red"), *T.hands[1:])},
         ("CU2-INV-CARDS",)),
        ("hand unsorted", T, {"hands": (("green", "blue", "purple", "red", "yellow"),
                                        *T.hands[1:])}, ("CU2-INV-CARDS",)),
        ("winner owner count", T, {"winner_pile": (2, 2)}, ("CU2-INV-CARDS",)),
        ("loser owner count", T, {"loser_pile": ()}, ("CU2-INV-CARDS",)),
        ("winner owner 6", T, {"winner_pile": (2, 6)}, ("CU2-INV-CARDS",)),
        ("loser owner -1", T, {"loser_pile": (3, -1)}, ("CU2-INV-CARDS",)),
        ("pile at setup", S, {"winner_pile": (0,), "winner_cards": (("blue",), (), ()),
                              "hands": (("green", "purple", "red", "yellow"), *S.hands[1:])},
         ("CU2-INV-CARDS",)),
        ("pile at crazy", C, {"loser_pile": (2,), "loser_cards": ((), (), ("blue",)),
                              "hands": (*C.hands[:2], ("green", "purple", "red", "yellow"))},
         ("CU2-INV-CARDS",)),
        # CU2-INV-DICE: each die at most once a leg (the grey die's faces are one die), at most
        # five out, known faces; the previous leg's five faces from leg 2 on; one pyramid ticket
        # per die out (one more while a die is being revealed); none before the race
        ("grey twice", T, {"revealed": ("white:1", "black:2"),
                           "pyramid_tickets": (1, 0, 0, 0, 1, 0)},
         ("CU2-INV-DICE",)),
        ("unknown face", T, {"revealed": ("pink:1",)}, ("CU2-INV-DICE",)),
        ("six out", T, {"revealed": (*FACES5[:4], "purple:3", "white:1"),
                        "pyramid_tickets": (1, 1, 1, 1, 1, 1)}, ("CU2-INV-DICE",)),
        ("previous leg short", T, {"previous_leg": FACES5[:4]}, ("CU2-INV-DICE",)),
        ("previous leg twice", T, {"previous_leg": (*FACES5[:4], "blue:3")}, ("CU2-INV-DICE",)),
        ("previous leg missing", T, {"previous_leg": ()}, ("CU2-INV-DICE",)),
        ("previous leg in leg 1", T, {"leg": 1}, ("CU2-INV-DICE",)),
        ("tickets more", T, {"pyramid_tickets": (0, 0, 0, 0, 2, 0)}, ("CU2-INV-DICE",)),
        ("tickets fewer", T, {"pyramid_tickets": (0,) * 6}, ("CU2-INV-DICE",)),
        ("ticket negative", T, {"pyramid_tickets": (-1, 0, 0, 0, 2, 0)}, ("CU2-INV-DICE",)),
        ("reveal without ticket", R, {"pyramid_tickets": (0, 0, 0, 0, 1, 0)}, ("CU2-INV-DICE",)),
        ("reveal a sixth", R, {"revealed": FACES5, "pyramid_tickets": (2, 1, 1, 1, 1, 0)},
         ("CU2-INV-DICE",)),
        ("setup revealed", S, {"revealed": ("green:1",)}, ("CU2-INV-DICE",)),
        ("setup ticket", S, {"pyramid_tickets": (1, 0, 0)}, ("CU2-INV-DICE",)),
        ("setup die and ticket", S, {"revealed": ("green:1",), "pyramid_tickets": (1, 0, 0)},
         ("CU2-INV-DICE",)),
        ("crazy die and ticket", C, {"revealed": ("red:2",), "pyramid_tickets": (0, 1, 0)},
         ("CU2-INV-DICE",)),
        ("crazy ticket", C, {"pyramid_tickets": (0, 0, 1)}, ("CU2-INV-DICE",)),
        # CU2-INV-MONEY
        ("money -1", T, {"money": (4, 4, 4, -1, 4, 3)}, ("CU2-INV-MONEY",)),
        # CU2-INV-PARTNERS: mutual, two seats of a game of 6 or more, not during setup
        ("partners 3 seats", bases["three"], {"partners": (1, 0, None)}, ("CU2-INV-PARTNERS",)),
        ("partner 6", T, {"partners": (None, 2, 1, None, None, 6)}, ("CU2-INV-PARTNERS",)),
        ("partner -1", T, {"partners": (-1, 2, 1, None, None, None)}, ("CU2-INV-PARTNERS",)),
        ("partner self", T, {"partners": (0, 2, 1, None, None, None)}, ("CU2-INV-PARTNERS",)),
        ("partner one-sided", T, {"partners": (None, 2, 1, 2, None, None)}, ("CU2-INV-PARTNERS",)),
        ("partners at setup", bases["setup6"], {"partners": (1, 0, None, None, None, None)},
         ("CU2-INV-PARTNERS",)),
        ("partners at crazy", bases["crazy6"], {"partners": (None, None, 4, None, 2, None)},
         ("CU2-INV-PARTNERS",)),
        # CU2-INV-TICKETS: known tickets, taken from the top (5, 3, 2, 2) by every seat and
        # in all, at most four a colour, none before the race
        ("ticket 4", T, {"bets": ((), (), (), (), (), (("blue", 4),))}, ("CU2-INV-TICKETS",)),
        ("ticket white", T, {"bets": ((), (), (), (), (), (("white", 5),))}, ("CU2-INV-TICKETS",)),
        ("ticket not the top", T, {"bets": ((), (), (), (), (), (("blue", 3),))},
         ("CU2-INV-TICKETS",)),
        ("seat's order", T, {"bets": ((), (), (), (), (), (("blue", 3), ("blue", 5)))},
         ("CU2-INV-TICKETS",)),
        ("five tickets", T, {"bets": ((("blue", 2),), (), (), (), (),
                                      (("blue", 5), ("blue", 3), ("blue", 2), ("blue", 2)))},
         ("CU2-INV-TICKETS",)),
        ("ticket at setup", S, {"bets": ((("red", 5),), (), ())}, ("CU2-INV-TICKETS",)),
        ("ticket at crazy", C, {"bets": ((), (("red", 5),), ())}, ("CU2-INV-TICKETS",)),
        # CU2-INV-TILES: a known side, spaces 2-16 with no camel, no two on a space or side
        # by side, none before the race
        ("tile side", T, {"tiles": ((10, "up"), *T.tiles[1:])}, ("CU2-INV-TILES",)),
        ("tile on 1", T, {"tiles": ((1, "cheer"), *T.tiles[1:])}, ("CU2-INV-TILES",)),
        ("tile on 17", T, {"tiles": ((17, "cheer"), *T.tiles[1:])}, ("CU2-INV-TILES",)),
        ("tile on a camel", T, {"tiles": ((2, "cheer"), *T.tiles[1:])}, ("CU2-INV-TILES",)),
        *((f"tile on {sp}", T, {"tiles": (T.tiles[0], (sp, "boo"), *T.tiles[2:])},
           ("CU2-INV-TILES",)) for sp in (9, 10, 11, 12, 14)),
        ("tile at setup", S, {"tiles": ((9, "cheer"), None, None)}, ("CU2-INV-TILES",)),
        ("tile at crazy", C, {"tiles": (None, (9, "boo"), None)}, ("CU2-INV-TILES",)),
        # several at once, in the order of state.INVARIANTS
        ("three broken", T, {"money": (4, 4, 4, -1, 4, 3), "partners": (None, 2, 1, 2, None, None),
                             "tiles": ((2, "cheer"), *T.tiles[1:])},
         ("CU2-INV-MONEY", "CU2-INV-PARTNERS", "CU2-INV-TILES")),
    ]
    valid_cases: list[tuple[str, Any, dict[str, Any]]] = [
        ("3 players", bases["three"], {}),
        ("8 players", bases["eight"], {}),
        ("tile on 8 and 16", T, {"tiles": (T.tiles[0], (8, "boo"), None, None, (16, "cheer"),
                                           T.tiles[5]),
                                "track": _track(T, c16=(), c14=("white",))}),
        ("tickets of two seats", T, {"bets": ((("blue", 3),), (("blue", 2),), (), (), (),
                                              (("blue", 5), ("blue", 2)))}),
        ("both 2s of a colour", T, {"bets": ((), (), (), (), (),
                                             (("blue", 5), ("blue", 3), ("blue", 2),
                                              ("blue", 2)))}),
        ("tops of two colours", T, {"bets": ((("red", 5),), (), (), (), (),
                                             (("blue", 5), ("red", 3)))}),
        ("a reveal of the fifth die", R, {"revealed": FACES5[:4],
                                          "pyramid_tickets": (1, 1, 1, 1, 1, 0)}),
        ("setup, racing on 1-3", S, {"track": _track(S, c3=("green", "yellow"))}),
        ("crazy on 14", C, {"track": _track(C, c15=(), c14=("white",))}),
    ]
    return invariant_cases, valid_cases


#: Built at collection, but a rule bug that breaks the bases' line of play fails
#: the tests below (one case naming the error), not the module's import.
INVARIANT_CASES, VALID_CASES = cases_or_failure(_guard_cases, (4, 3))


@pytest.mark.parametrize(("base", "changes", "broken"), [c[1:] for c in INVARIANT_CASES],
                         ids=[c[0] for c in INVARIANT_CASES])
def test_each_guard_of_the_invariants(base: Any, changes: dict[str, Any],
                                      broken: tuple[str, ...]) -> None:
    # CU2-INV-*: a valid table with one rule broken (worked out from the catalogue's
    # invariants) breaks exactly that invariant, and no such state can be built.
    assert state.violations(built(base)) == ()
    candidate = state.draft(base, **changes)
    assert state.violations(candidate) == broken
    with pytest.raises(InvalidState) as info:
        state.checked(candidate)
    assert info.value.ids == broken


@pytest.mark.parametrize(("base", "changes"), [c[1:] for c in VALID_CASES],
                         ids=[c[0] for c in VALID_CASES])
def test_valid_tables_near_the_guards(base: Any, changes: dict[str, Any]) -> None:
    # CU2-INV-*: tables on the edge of a guard break nothing (3 and 8 players, tiles two
    # spaces apart and on 16, a colour's tickets held by several seats from the top, the
    # fifth die being revealed, a shared start space, a crazy camel on 14).
    assert state.violations(state.draft(built(base), **changes)) == ()

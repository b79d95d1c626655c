"""KERNEL-INPUT: the decoders are strict and total, for every registered game.

Each hostile input the fuzzing of the landed code found has a regression test
here; the Hypothesis tests then throw generated hostile actions and documents
(``kernel.testing.fuzz``) at every registered game. ``scripts/fuzz_campaign.py``
runs the same properties on millions of inputs.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest
from helpers import forged
from hypothesis import given, settings
from hypothesis import strategies as st

import kernel
from kernel.decode import DecodeError, loads
from kernel.testing import fuzz

GAMES = kernel.games()
GAME = "camel-up-cards-2016"


@functools.cache
def _states(game: str) -> tuple[Any, ...]:
    return tuple(fuzz.material(kernel.game_info(game), seed=3, games=1))


def _state(game: str) -> Any:
    return kernel.new_game(game, kernel.game_info(game).configs()[0])


def _data(game: str = GAME) -> dict[str, Any]:
    states = _states(game)
    return kernel.to_data(states[len(states) // 2])


# --------------------------------------------------------------------------
# the reproductions of the issue, one by one


def test_huge_integer_in_an_action_is_rejected_with_a_short_reason() -> None:
    # KERNEL-INPUT: 10**4300 broke Python's int-to-str limit while building the reason.
    r = kernel.apply(_state(GAME), {"kind": "palm", "space": 10**4300})
    assert isinstance(r, kernel.Rejected) and r.rule == "KERNEL-INPUT"
    assert len(r.reason) < 200


@pytest.mark.parametrize("shape", ["list", "dict"])
def test_deeply_nested_action_is_rejected(shape: str) -> None:
    # KERNEL-INPUT: an action nested 1,000+ levels raised RecursionError (repr in the reason).
    r = kernel.apply(_state(GAME), fuzz.nested(5000, shape))
    assert isinstance(r, kernel.Rejected) and len(r.reason) < 200
    r = kernel.apply(_state(GAME), {"kind": fuzz.nested(5000, shape)})
    assert isinstance(r, kernel.Rejected) and len(r.reason) < 200


def test_huge_kind_gives_a_bounded_reason() -> None:
    # KERNEL-INPUT: a 100 MB kind gave a 100 MB reason; 10 MB shows the same.
    big = "k" * 10_000_000
    for action in (big, {"kind": big}, {"kind": "palm", "space": big}, {big: 1}):
        r = kernel.apply(_state(GAME), action)
        assert isinstance(r, kernel.Rejected) and len(r.reason) < 200


def test_from_data_does_not_repr_a_huge_list() -> None:
    # KERNEL-INPUT: from_data built the full repr of a 10^7-element list before cutting it.
    data = {**_data(), "stock": [0] * 10_000_000}
    with pytest.raises(ValueError) as caught:
        kernel.from_data(data)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("game", GAMES)
def test_a_tuple_for_a_list_is_named_a_tuple(game: str) -> None:
    # KERNEL-INPUT: a Python caller's tuple where the document has a list is refused
    # (the canonical form is JSON) and described as a tuple: "expected a list, got a
    # list of 3 items" told the caller nothing.
    data = kernel.to_data(_states(game)[0])
    key, value = next((k, v) for k, v in data.items() if type(v) is list and v)
    with pytest.raises(ValueError, match=rf"^{key}: expected a list, got a tuple of "
                                         rf"{len(value)} items?$"):
        kernel.from_data({**data, key: tuple(value)})


@pytest.mark.parametrize("text", ["Infinity", "-Infinity", "1e400", "NaN"])
def test_non_integers_from_json_are_refused(text: str) -> None:
    # KERNEL-INPUT: Infinity or 1e400 in an integer field raised OverflowError.
    document = json.dumps({**_data(), "leg": "LEG"}).replace('"LEG"', text)
    data = json.loads(document)  # Python's json reads all four
    with pytest.raises(ValueError, match=r"^leg: expected an integer"):
        kernel.from_data(data)
    assert kernel.status(data) == ("CUC-INV-PHASE",)
    with pytest.raises(DecodeError):
        loads(document)


@pytest.mark.parametrize("field", ["money", "hands", "leaders", "palm", "stacks"])
def test_deep_nesting_in_a_state_is_refused(field: str) -> None:
    # KERNEL-INPUT: a state nested thousands deep raised RecursionError.
    data = {**_data(), field: fuzz.nested(5000)}
    with pytest.raises(ValueError):
        kernel.from_data(data)
    assert set(kernel.status(data)) <= set(kernel.game_info(GAME).invariants)


@pytest.mark.parametrize("junk", [[1, 2], None, "state", 7, {"game": 7}, {"game": [GAME]},
                                  {"game": "nope"}, {}])
def test_status_and_from_data_raise_only_value_error(junk: object) -> None:
    # KERNEL-INPUT: status([1, 2]) and status(None) raised AttributeError.
    with pytest.raises(ValueError):
        kernel.status(junk)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        kernel.from_data(junk)  # type: ignore[arg-type]


def _set(data: dict[str, Any], path: tuple[Any, ...], value: object) -> dict[str, Any]:
    doc = json.loads(json.dumps(data))
    target = doc
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return doc  # type: ignore[no-any-return]


LOOK_ALIKES = [
    (("players",), "2"), (("players",), " 3 "), (("players",), "\u0663"),
    (("players",), 3.99), (("players",), True), (("leg",), "1"), (("leg",), 1.0),
    (("turn",), False), (("money", 0), "3"), (("money", 0), 3.0),
    (("bet_done",), 0), (("bet_done",), "false"), (("bet_done",), None),
    (("track_done",), 1), (("midfield",), "bluegreen"), (("midfield",), ["blu"]),
    (("midfield",), ["yellow", "white", "orange", "green", "blue"]),
    (("track",), ["F", "F", "F"]), (("track",), "FFf"),
    (("version",), True), (("version",), 2), (("game",), " camel-up-cards-2016"),
    (("stacks", 1), "blue"), (("winner_bets",), [0, 0]), (("extended",), "0"),
]


@pytest.mark.parametrize(("path", "value"), LOOK_ALIKES, ids=[str(i) for i, _ in
                                                               enumerate(LOOK_ALIKES)])
def test_from_data_refuses_look_alikes(path: tuple[Any, ...], value: object) -> None:
    # KERNEL-INPUT: "2", " 3 ", "٣", 3.99, true where integers belong, any value
    # as a boolean, a substring for midfield, a track as a list were accepted.
    data = kernel.to_data(_states(GAME)[0])  # all midfield cards available
    kernel.from_data(data)
    with pytest.raises(ValueError, match=rf"^{path[0]}"):
        kernel.from_data(_set(data, path, value))


def test_from_data_refuses_extra_and_missing_keys() -> None:
    # KERNEL-INPUT: extra keys were accepted (and dropped), so the document did not round-trip.
    data = _data()
    with pytest.raises(ValueError, match="unexpected key 'note'"):
        kernel.from_data({**data, "note": "x"})
    with pytest.raises(ValueError, match="unexpected key 'extra'"):
        kernel.from_data(_set(data, ("palm",), {"space": 3, "holder": 0, "extra": 1}))
    for key in data:
        with pytest.raises(ValueError, match=f"missing key '{key}'|game"):
            kernel.from_data({k: v for k, v in data.items() if k != key})


@pytest.mark.parametrize("text", ["reveal ", " reveal", "reveal\u3000", "reveal\u2028",
                                  "\ufeffreveal", "REVEAL", "reveal\n"])
def test_action_text_is_exact(text: str) -> None:
    # KERNEL-INPUT: apply stripped surrounding whitespace while parse_action refused it.
    state = next(s for s in _states(GAME) if "reveal" in
                 [a.text for a in kernel.legal_actions(s)])
    assert kernel.apply(state, "reveal").ok
    r = kernel.apply(state, text)
    assert isinstance(r, kernel.Rejected) and r.rule == "KERNEL-INPUT"
    assert isinstance(kernel.parse_action(GAME, text), kernel.Rejected)


def test_bool_is_not_an_integer_in_an_action() -> None:
    # KERNEL-INPUT: {"kind": "palm", "space": true} was accepted as palm:1 by parse_action.
    for value in (True, 1.0, "1"):
        assert isinstance(kernel.parse_action(GAME, {"kind": "palm", "space": value}),
                          kernel.Rejected)
        assert isinstance(kernel.parse_action(GAME, forged(GAME, "palm", value)),
                          kernel.Rejected)
        if type(value) is not str:  # the constructor itself refuses them (ValueError)
            with pytest.raises(ValueError, match="expected a string or an integer"):
                kernel.Action(GAME, "palm", value)  # type: ignore[arg-type]
    assert kernel.parse_action(GAME, {"kind": "palm", "space": 1}) == \
        kernel.parse_action(GAME, "palm:1")


def test_action_of_another_game_is_refused_by_every_parser() -> None:
    # KERNEL-GAME: kernel.parse_action treated an action tagged with another game as its own.
    for action in ({"kind": "reveal", "game": "other"}, kernel.Action("other", "reveal")):
        r = kernel.parse_action(GAME, action)
        assert isinstance(r, kernel.Rejected) and r.rule == "KERNEL-GAME"
    assert kernel.parse_action(GAME, {"kind": "reveal", "game": GAME}) == \
        kernel.parse_action(GAME, "reveal")


@pytest.mark.parametrize("text", ["[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000,
                                  "[1e400]", "[NaN]", "[-Infinity]", "[1.5]", '{"a":1,"a":2}',
                                  "9" * 5000, '["\\ud800"]', "", "[", "nul"])
def test_loads_refuses_what_canonical_json_cannot_hold(text: str) -> None:
    # KERNEL-INPUT: the strict JSON reader refuses, with DecodeError only.
    with pytest.raises(DecodeError) as caught:
        loads(text)
    assert len(str(caught.value)) < 200


def test_loads_refuses_bad_utf8() -> None:
    with pytest.raises(DecodeError, match="not UTF-8"):
        loads(b'{"a": "\xff"}')
    assert loads('{"a": "\u00e9\U0001f42b"}'.encode()) == {"a": "\u00e9\U0001f42b"}


# --------------------------------------------------------------------------
# generated hostile input, every registered game


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=100)
@given(rng=st.randoms(use_true_random=False))
def test_hostile_actions(game: str, rng: random.Random) -> None:
    # KERNEL-INPUT, KERNEL-GAME, KERNEL-ACTOR: apply never raises, every reason
    # is bounded, and an accepted action is exactly a legal action's canonical form.
    info = kernel.game_info(game)
    states = _states(game)
    for _ in range(25):
        state = states[rng.randrange(len(states))]
        fuzz.check_action(info, state, fuzz.action_inputs(info, state, rng))


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=100)
@given(rng=st.randoms(use_true_random=False))
def test_hostile_documents(game: str, rng: random.Random) -> None:
    # KERNEL-INPUT: from_data and status raise only ValueError, and every
    # document from_data accepts round-trips exactly.
    info = kernel.game_info(game)
    states = _states(game)
    for _ in range(5):
        data = info.to_data(states[rng.randrange(len(states))])
        fuzz.check_document(info, fuzz.mutate(data, rng, edits=rng.choice((0, 1, 1, 2, 3))))


@settings(max_examples=60)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=20))
def test_any_json_value_as_action_and_document(value: object) -> None:
    # KERNEL-INPUT: any JSON-like value at all, for every game.
    for game in GAMES:
        info = kernel.game_info(game)
        fuzz.check_action(info, _state(game), value)
        fuzz.check_document(info, value)
        if isinstance(value, dict):
            fuzz.check_document(info, {**value, "game": game})


@pytest.mark.parametrize("game", GAMES)
def test_every_list_edit_round_trips_or_is_refused(game: str) -> None:
    # KERNEL-INPUT: every accepted document round-trips exactly. Each list of
    # a few states of a seeded game is edited every structural way (an item
    # repeated, dropped, swapped, the list reversed, the last item repeated at
    # the end): each edited document is refused or reads back as written (the
    # 2016 midfield with a repeated colour was accepted and lost a colour).
    info = kernel.game_info(game)
    states = _states(game)
    for state in states[:: max(1, len(states) // 4)]:
        for doc in fuzz.list_edits(info.to_data(state)):
            fuzz.check_document(info, doc)


def test_fuzz_checks_catch_a_lenient_decoder() -> None:
    # The properties can fail: a from_data that drops extra keys is caught.
    info = kernel.game_info(GAME)
    lenient = info.from_data

    class Lenient:
        def __getattr__(self, name: str) -> Any:
            return getattr(info, name)

        def from_data(self, data: Any) -> Any:
            return lenient({k: v for k, v in data.items() if k != "note"})

    with pytest.raises(fuzz.FuzzFailure, match="does not round-trip"):
        fuzz.check_document(Lenient(), {**_data(), "note": 1})  # type: ignore[arg-type]

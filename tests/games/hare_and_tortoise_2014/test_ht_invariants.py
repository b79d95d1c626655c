"""The Hare & the Tortoise (2014): the invariants HT-INV-* and the plain data.

The plain-data decoder names each wrong field by its path and message
(KERNEL-INPUT); a readable table that breaks a rule is refused by
``from_data`` naming the broken invariants; each guard of each invariant is
tested on both sides of its edge, on tables of seeded games of each variant.
"""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from documents import refuse_mutable_fields, refuse_wrong_types, with_field

import kernel
from kernel.core import Applied, Event, InvalidState
from kernel.decode import DecodeError
from kernel.games.hare_and_tortoise_2014 import game
from kernel.games.hare_and_tortoise_2014.state import (
    HareState,
    building,
    checked,
    delta_violations,
    replace,
    violations,
)

# --------------------------------------------------------------------------
# the plain-data decoder's paths and messages; the invariants, guard by guard


SPEC = Path(__file__).resolve().parents[3] / "spec" / "hare-and-tortoise-2014"


FIXTURES: dict[str, Any] = json.loads(
    (SPEC / "examples" / "fixtures.json").read_text(encoding="utf-8"))["fixtures"]


OBSERVATION_SCHEMA: dict[str, Any] = json.loads(
    (SPEC / "schemas" / "observation.schema.json").read_text(encoding="utf-8"))


def doc(name: str, **patch: Any) -> dict[str, Any]:
    """A deep copy of the plain data of the named spec fixture, some keys replaced."""
    out: dict[str, Any] = copy.deepcopy(FIXTURES[name]["state"])
    out.update(copy.deepcopy(patch))
    return out


def table(name: str, **patch: Any) -> HareState:
    """The named fixture as a checked state."""
    return game.from_data(doc(name, **patch))


def played(s: HareState, *actions: str) -> tuple[HareState, list[Event]]:
    """Apply ``actions`` in turn; the final state and the events of the last one."""
    events: list[Event] = []
    for a in actions:
        r = game.apply(s, a)
        assert isinstance(r, Applied), (a, r)
        s, events = r.state, list(r.events)
    return s, events


def told(events: list[Event], kind: str) -> list[dict[str, Any]]:
    """The data of the events of one kind, with their rule IDs under ``rules``."""
    return [{**e.data, "rules": e.rules} for e in events if e.kind == kind]


def test_from_data_refuses_a_broken_table_naming_the_invariant() -> None:
    # HT-INV-TABLE (KERNEL-INPUT: from_data accepts only a table that keeps every
    # invariant): nine cards on the table break HT-INV-TABLE (and the cards' count,
    # HT-INV-CARDS, when taken from nowhere); from_data raises InvalidState naming them,
    # status lists the same IDs.
    bad = doc("race-3p", table=["fox"] * 4 + ["hare"] * 4 + ["lamb"])
    with pytest.raises(InvalidState) as refused:
        game.from_data(bad)
    assert refused.value.ids == ("HT-INV-CARDS", "HT-INV-TABLE")
    assert game.status(bad) == ("HT-INV-CARDS", "HT-INV-TABLE")
    assert game.status(doc("race-3p")) == ()


def test_an_unreadable_document_breaks_the_phase() -> None:
    # KERNEL-INPUT: status() of a document the decoder cannot read reports HT-INV-PHASE
    # (game.status's contract: "an unreadable one breaks HT-INV-PHASE").
    assert game.status(doc("race-3p", phase=3)) == ("HT-INV-PHASE",)
    assert game.status({"game": "hare-and-tortoise-2014"}) == ("HT-INV-PHASE",)


def _scored() -> HareState:
    """champ-r1 after round 1 (test_observation_after_a_championship_round): history,
    shown bets, a full podium, second bets."""
    return played(table("champ-r1"), "place:lamb:1:0", "draw:fox")[0]


def _moving() -> HareState:
    """app-four in its racing phase after the hare crossed: turbos, animals to move."""
    return played(table("app-four"), "place:fox:1:0", "draw:fox", "move:hare")[0]


def _tied() -> HareState:
    """The apprentice podium with a shared third place (spec example app-end-podium-ties)."""
    s = table("app-late", positions=[9, 8, 7, 10, 7])
    return played(s, "place:wolf:1:0", "draw:fox", "move:fox", "move:tortoise", "move:wolf",
                "move:lamb")[0]


# Built on first use (not at import), so that a rule bug they trip fails a test.
@functools.cache
def scored_doc() -> dict[str, Any]:
    return game.to_data(_scored())


@functools.cache
def moving_doc() -> dict[str, Any]:
    return game.to_data(_moving())


@functools.cache
def tied_doc() -> dict[str, Any]:
    return game.to_data(_tied())


def test_the_documents_are_as_built() -> None:
    # HT-CHAMP-ROUNDS, HT-APP-MOVE, HT-APP-END: the documents the decoder tests start from
    # hold every kind of field (worked out in the tests that build them).
    assert scored_doc()["phase"] == "scored" and scored_doc()["history"] == [[8, 5, 4]]
    assert scored_doc()["shown"] == [["fox", "hare"], ["fox", "wolf"], ["lamb", "lamb"]]
    moving = moving_doc()
    assert moving["phase"] == "move" and moving["to_move"] == ["tortoise", "wolf", "fox"]
    assert moving_doc()["podium"] == [["hare"]] and moving_doc()["turn"] == 1
    assert tied_doc()["phase"] == "over"
    assert tied_doc()["podium"] == [["fox"], ["tortoise"], ["hare", "wolf"]]
    for d in (scored_doc(), moving_doc(), tied_doc()):
        assert game.to_data(game.from_data(d)) == d


def test_a_field_of_the_wrong_type_is_refused_by_its_path() -> None:
    # KERNEL-INPUT: every field, at every depth, of three documents, replaced by a value of
    # another JSON type is unreadable: DecodeError, the message starts with exactly that
    # field's path; status() then reports HT-INV-PHASE (an unreadable table).
    checked = sum(refuse_wrong_types(d, game.from_data, game.status, "HT-INV-PHASE")
                  for d in (scored_doc(), moving_doc(), tied_doc()))
    assert checked > 400


def test_a_document_that_is_not_an_object() -> None:
    # KERNEL-INPUT: the whole document is named "state"; its keys are exactly to_data's.
    bad: Any
    for bad in ([], None, "hare-and-tortoise-2014"):
        with pytest.raises(DecodeError) as refused:
            game.from_data(bad)
        assert str(refused.value).startswith("state: expected an object, got ")
    missing = {k: v for k, v in scored_doc().items() if k != "shown"}
    with pytest.raises(DecodeError, match=r"^state: missing key 'shown'$"):
        game.from_data(missing)
    with pytest.raises(DecodeError, match=r"^state: unexpected key 'colour'$"):
        game.from_data({**scored_doc(), "colour": 1})


#: Well-typed values the decoder still refuses, and exactly what it says (kernel/decode.py's
#: messages: "<path>: expected an integer lo..hi, got v", "<path>: unknown value 'x'",
#: "<path>: expected n items, got m", "<path>: expected at most n items, got m"; the game's
#: own "<path>: a multiset is listed sorted"). The bounds are the rules' (2 to 5 players,
#: HT-DATA-CARDS; a seat per player; 5 animals, HT-RACE-ORDER; the card kinds, HT-DATA-CARDS;
#: 2 streams, HT-SETUP-TRACK; 5 turbos, HT-APP-TURBO; 3 rounds, HT-CHAMP-ROUNDS; the
#: version, 1) or the decoder's own limits on a value's size (integers within +-1000,
#: positions and streams within +-100, a zone of at most 100 cards, a table of at most 20).
REFUSALS: list[tuple[str, Any, str | None]] = [
    ("game", "camel-up-2018", "game: unknown value 'camel-up-2018'"),
    ("version", 1, "version: expected an integer 2..2, got 1"),
    ("version", 0, "version: expected an integer 2..2, got 0"),
    ("players", 6, "players: expected an integer 2..5, got 6"),
    ("players", 1, "players: expected an integer 2..5, got 1"),
    ("series", 1001, "series: expected an integer -1000..1000, got 1001"),
    ("round", -1001, "round: expected an integer -1000..1000, got -1001"),
    ("turn", 1001, "turn: expected an integer -1000..1000, got 1001"),
    ("token", -1001, "token: expected an integer -1000..1000, got -1001"),
    ("races", 1001, "races: expected an integer -1000..1000, got 1001"),
    ("mode", "expert", "mode: unknown value 'expert'"),
    ("streams", [1, 2, 3], "streams: expected at most 2 items, got 3"),
    ("streams[0]", 101, "streams[0]: expected an integer -100..100, got 101"),
    ("streams[1]", -101, "streams[1]: expected an integer -100..100, got -101"),
    ("turbos", ["fox"] * 6, "turbos: expected at most 5 items, got 6"),
    ("positions", [0] * 4, "positions: expected 5 items, got 4"),
    ("positions", [0] * 6, "positions: expected 5 items, got 6"),
    ("positions[2]", 101, "positions[2]: expected an integer -100..100, got 101"),
    ("positions[4]", -101, "positions[4]: expected an integer -100..100, got -101"),
    ("podium", [["fox"]] * 6, "podium: expected at most 5 items, got 6"),
    ("podium[1]", ["hare"] * 6, "podium[1]: expected at most 5 items, got 6"),
    ("podium[2][0]", "howl", "podium[2][0]: unknown value 'howl'"),
    ("unused", ["fox"] * 6, "unused: expected at most 5 items, got 6"),
    ("unused", ["wolf", "tortoise"], "unused: a multiset is listed sorted"),
    ("unused[1]", "howl", "unused[1]: unknown value 'howl'"),
    ("starting", [["hare"], ["fox"]], "starting: expected 3 items, got 2"),
    ("starting", [["hare"], ["fox"], ["lamb"], []], "starting: expected 3 items, got 4"),
    ("starting[1][0]", "howl", "starting[1][0]: unknown value 'howl'"),
    ("starting[2]", ["lamb", "fox"], "starting[2]: a multiset is listed sorted"),
    ("starting[0]", ["hare"] * 101, "starting[0]: expected at most 100 items, got 101"),
    ("second", [["fox"]] * 4, "second: expected 3 items, got 4"),
    ("second[2][0]", "rabbit", "second[2][0]: unknown value 'rabbit'"),
    ("second[0]", ["howl", "fox"], "second[0]: a multiset is listed sorted"),
    ("hands", [[]] * 2, "hands: expected 3 items, got 2"),
    ("hands[1][5]", "rabbit", "hands[1][5]: unknown value 'rabbit'"),
    ("hands[0]", ["wolf", "fox"], "hands[0]: a multiset is listed sorted"),
    ("hands[2]", ["fox"] * 101, "hands[2]: expected at most 100 items, got 101"),
    ("deck", ["hare"] * 100, None),  # 100 cards read (the invariants refuse them)
    ("deck", ["hare"] * 101, "deck: expected at most 100 items, got 101"),
    ("deck", ["wolf", "fox"], "deck: a multiset is listed sorted"),
    ("deck[0]", "rabbit", "deck[0]: unknown value 'rabbit'"),
    ("discard", ["lamb"] * 101, "discard: expected at most 100 items, got 101"),
    ("discard", ["lamb", "fox"], "discard: a multiset is listed sorted"),
    ("discard[3]", "turbo", "discard[3]: unknown value 'turbo'"),
    ("table", ["fox"] * 21, "table: expected at most 20 items, got 21"),
    ("table", ["wolf", "fox"], "table: a multiset is listed sorted"),
    ("table[7]", "rabbit", "table[7]: unknown value 'rabbit'"),
    ("to_move", ["fox"] * 6, "to_move: expected at most 5 items, got 6"),
    ("to_move[0]", "howl", "to_move[0]: unknown value 'howl'"),
    ("points", [0, 0], "points: expected 3 items, got 2"),
    ("points[1]", 1001, "points[1]: expected an integer -1000..1000, got 1001"),
    ("points[2]", -1001, "points[2]: expected an integer -1000..1000, got -1001"),
    ("history", [[0, 0, 0]] * 4, "history: expected at most 3 items, got 4"),
    ("history[0]", [8, 5], "history[0]: expected 3 items, got 2"),
    ("history[0][1]", -1001, "history[0][1]: expected an integer -1000..1000, got -1001"),
    ("history[0][2]", 1001, "history[0][2]: expected an integer -1000..1000, got 1001"),
    ("shown", [[]] * 4, "shown: expected 3 items, got 4"),
    ("shown[1][0]", "howl", "shown[1][0]: unknown value 'howl'"),
    ("shown[0]", ["hare", "fox"], "shown[0]: a multiset is listed sorted"),
]


@pytest.mark.parametrize(("path", "value", "message"), REFUSALS,
                         ids=[f"{p}={v!r}"[:40] for p, v, _m in REFUSALS])
def test_wrong_values_are_refused_with_their_message(path: str, value: Any,
                                                     message: str | None) -> None:
    # KERNEL-INPUT: a well-typed value outside what the field can hold is unreadable
    # (DecodeError naming the field, never InvalidState); status() says HT-INV-PHASE.
    # The turbos and animals to move are read from the apprentice document, the rest from
    # the scored championship document.
    base = moving_doc() if path.startswith(("turbos", "to_move")) else scored_doc()
    bad = with_field(base, path, value)
    if message is None:  # readable: judged by the invariants instead
        with pytest.raises(InvalidState):
            game.from_data(bad)
        assert game.status(bad) != ("HT-INV-PHASE",)
        return
    with pytest.raises(DecodeError) as refused:
        game.from_data(bad)
    assert str(refused.value) == message
    assert game.status(bad) == ("HT-INV-PHASE",)


def test_readable_values_are_judged_by_the_invariants() -> None:
    # KERNEL-INPUT / HT-INV-*: a readable document that breaks a rule is no decoding error:
    # from_data raises InvalidState naming the invariant, status() lists it. The phase is
    # read as any string (the invariant names it); a turbo of an animal twice, 4 rounds
    # played of 3, a position past the podium.
    for d, path, value, broken in (
        (scored_doc(), "phase", "nap", "HT-INV-PHASE"),
        (scored_doc(), "round", 4, "HT-INV-PHASE"),
        (scored_doc(), "positions[1]", 13, "HT-INV-FORWARD"),
        (moving_doc(), "turbos", ["fox", "fox", "lamb", "tortoise", "wolf"], "HT-INV-PHASE"),
    ):
        bad = with_field(d, path, value)
        assert game.status(bad) == (broken,), (path, value)
        with pytest.raises(InvalidState) as info:
            game.from_data(bad)
        assert info.value.ids == (broken,)


def _trace(config: dict[str, Any]) -> list[HareState]:
    """Every state of the seed-1 game of a configuration."""
    t = kernel.play("hare-and-tortoise-2014", config, 1)
    return [t.initial, *(step.state for step in t.steps)]


# Played on first use (not at import), so that a rule bug they trip fails a test.
@functools.cache
def standard() -> list[HareState]:
    return _trace({"players": 2})


@functools.cache
def apprentice() -> list[HareState]:
    return _trace({"players": 3, "mode": "apprentice"})


@functools.cache
def championship() -> list[HareState]:
    return _trace({"players": 2, "series": 3})


def _at(trace: list[HareState], phase: str, turn: int = 0, round_: int = 1) -> HareState:
    return next(s for s in trace if (s.phase, s.turn, s.round) == (phase, turn, round_))


def _broken(s: HareState, **changes: Any) -> tuple[str, ...]:
    """The invariants ``s`` with some fields changed breaks (built unchecked)."""
    with building():
        bad = replace(s, **changes)
    return violations(bad)


def test_a_card_that_is_no_card_name_breaks_the_cards() -> None:
    # HT-INV-CARDS: every racing card once; a zone holding something else than a card
    # name (alone in its zone, so the zone itself still sorts) is reported, not raised
    s = standard()[0]
    assert "HT-INV-CARDS" in _broken(s, hands=((3,), ()))
    assert "HT-INV-CARDS" in _broken(s, hands=((), (None,)))


def _moved(zone: tuple[str, ...], card: str, into: tuple[str, ...]) -> tuple[
        tuple[str, ...], tuple[str, ...]]:
    """``zone`` less one ``card``, and ``into`` with it (both sorted)."""
    left = list(zone)
    left.remove(card)
    return tuple(left), tuple(sorted((*into, card)))


def test_the_seed_games_pass_through_every_phase() -> None:
    # HT-SETUP-*, HT-TURN-*, HT-APP-*, HT-CHAMP-ROUNDS: the tables the invariant cases
    # below break: every one keeps every invariant.
    assert [s.phase for s in standard()[:3]] == ["bets", "bets", "bets"]
    for trace, phases in ((standard(), {"bets", "track", "deal", "second", "turn", "draw",
                                      "over"}),
                          (apprentice(), {"track", "turbos", "deal", "bets", "turn", "draw",
                                        "move", "over"}),
                          (championship(), {"bets", "track", "deal", "second", "turn", "draw",
                                          "scored", "over"})):
        assert {s.phase for s in trace} == phases
        assert all(violations(s) == () for s in trace)


def _phase_cases() -> list[tuple[str, HareState, dict[str, Any]]]:
    turn = _at(standard(), "turn")
    scored = _at(championship(), "scored")
    over = standard()[-1]
    moving = _moving()
    return [
        # 2 to 5 players (HT-DATA-CARDS), a known mode, 1 or 3 rounds, round 1..series
        ("one player", turn, {"players": 1}),
        ("six players", turn, {"players": 6}),
        ("unknown mode", turn, {"mode": "expert"}),
        ("two rounds", turn, {"series": 2}),
        ("round 0", turn, {"round": 0}),
        ("round 2 of 1", turn, {"round": 2}),
        # a known phase, the turn and the token on seats
        ("unknown phase", turn, {"phase": "nap"}),
        ("turn -1", turn, {"turn": -1}),
        ("turn past the seats", turn, {"turn": 2}),
        ("token -1", turn, {"token": -1}),
        ("token past the seats", turn, {"token": 2}),
        # HT-APP-TURBO, HT-APP-MOVE: turbos and the choice of movers are the apprentice's;
        # HT-SETUP-SECOND: the second bet the standard game's
        ("turbo phase, standard", _at(apprentice(), "turbos"), {"mode": "standard"}),
        ("move phase, standard", moving, {"mode": "standard", "turbos": ()}),
        ("second bet, apprentice", _at(standard(), "second", 1),
         {"mode": "apprentice", "turbos": ("fox", "hare", "lamb", "tortoise", "wolf")}),
        # HT-CHAMP-ROUNDS: "scored" after rounds 1 and 2 only, "over" after the last
        ("scored after the last round", scored, {"round": 3}),
        ("over after round 1 of 3", over, {"series": 3}),
        # per-seat fields for each seat, 5 positions, rounds' scores per seat
        ("starting bets of one seat", turn, {"starting": turn.starting[:1]}),
        ("second bets of one seat", turn, {"second": turn.second[:1]}),
        ("hands of three seats", turn, {"hands": (*turn.hands, ())}),
        ("points of one seat", turn, {"points": (0,)}),
        ("shown of one seat", turn, {"shown": ((),)}),
        ("a round's scores of one seat", scored, {"history": ((scored.history[0][0],),)}),
        ("races -1", turn, {"races": -1}),
        ("four positions", turn, {"positions": (0, 0, 0, 0)}),
        # HT-SETUP-TRACK: two distinct tiles 1..11, sorted, once laid
        ("streams unsorted", turn, {"streams": (9, 8)}),
        ("streams on one tile", turn, {"streams": (8, 8)}),
        ("stream on the line", turn, {"streams": (0, 8)}),
        ("stream past the track", turn, {"streams": (8, 12)}),
        ("one stream after the track", turn, {"streams": (8,)}),
        ("two streams while laying", _at(standard(), "track"), {"streams": (8, 9)}),
        ("streams before the track", _at(standard(), "bets", 1), {"streams": (8, 9)}),
        ("no streams after the apprentice track", _at(apprentice(), "bets", 1),
         {"streams": ()}),
        # HT-APP-TURBO: the five turbos once placed, distinct while placing, none otherwise
        ("four turbos placed", _at(apprentice(), "deal", 1),
         {"turbos": _at(apprentice(), "deal", 1).turbos[:4]}),
        ("five turbos still placing", _at(apprentice(), "turbos"),
         {"turbos": ("fox", "hare", "lamb", "tortoise", "wolf")}),
        ("a turbo twice", _at(apprentice(), "turbos"), {"turbos": ("fox", "fox")}),
        ("a turbo in the standard game", turn, {"turbos": ("fox",)}),
        ("a turbo before the apprentice track", _at(apprentice(), "track"),
         {"turbos": ("fox",)}),
        # HT-APP-MOVE: animals to move, each with cards on the table, in racing order
        ("nothing to move", moving, {"to_move": ()}),
        ("a mover without cards", moving, {"to_move": (*moving.to_move, "lamb")}),
        ("movers out of order", moving, {"to_move": tuple(reversed(moving.to_move))}),
        ("movers outside the movement", turn, {"to_move": ("fox",)}),
    ]


@pytest.mark.parametrize(("name", "s", "changes"), _phase_cases(),
                         ids=[c[0] for c in _phase_cases()])
def test_phase_invariant_cases(name: str, s: HareState, changes: dict[str, Any]) -> None:
    # HT-INV-PHASE: each guard of a consistent phase, broken alone on a valid table
    assert violations(s) == ()
    assert _broken(s, **changes) == ("HT-INV-PHASE",), name


def _first(trace: list[HareState], phase: str, test: Any) -> HareState:
    return next(s for s in trace if s.phase == phase and test(s))


def _other_cases() -> list[tuple[str, HareState, dict[str, Any], tuple[str, ...]]]:
    turn = _at(standard(), "turn")
    played = _first(standard(), "turn",
                    lambda s: len(set(s.table)) >= 2 and len(set(s.discard)) >= 2)
    app_turn = _at(apprentice(), "turn")
    draw = _at(standard(), "draw")
    bets0, bets1 = _at(standard(), "bets"), _at(standard(), "bets", 1)
    deal1 = _at(standard(), "deal", 1)
    track = _at(standard(), "track")
    second1 = _at(standard(), "second", 1)
    over = standard()[-1]
    app_over = apprentice()[-1]
    moving = _moving()
    round2 = _at(championship(), "bets", 0, 2)
    c, h, i = "HT-INV-CARDS", "HT-INV-HANDS", "HT-INV-TABLE"
    f, p, sc = "HT-INV-FORWARD", "HT-INV-PODIUM", "HT-INV-SCORES"
    deck_to_hand = _moved(turn.deck, turn.deck[0], turn.hands[0])
    nine = ("fox", "fox", "hare", "hare", "lamb", "lamb", "tortoise", "tortoise", "wolf")
    wolves = _first(standard(), "turn", lambda s: not s.table and "howl" in s.deck
                    and s.deck.count("wolf") >= 5)
    three_and_howl = ("howl", "wolf", "wolf", "wolf")
    eight = nine[:-1]

    def from_deck(s: HareState, cards: tuple[str, ...]) -> tuple[str, ...]:
        left = list(s.deck)
        for card in cards:
            left.remove(card)
        return tuple(left)

    return [
        # HT-INV-CARDS: every racing card once, every zone sorted, the starting bets once
        ("a card lost", turn, {"deck": turn.deck[1:]}, (c,)),
        ("deck unsorted", turn, {"deck": tuple(reversed(turn.deck))}, (c,)),
        ("hand unsorted", turn, {"hands": (tuple(reversed(turn.hands[0])), turn.hands[1])},
         (c,)),
        ("table unsorted", played, {"table": tuple(reversed(played.table))}, (c,)),
        ("discard unsorted", played, {"discard": tuple(reversed(played.discard))}, (c,)),
        ("starting bets unsorted", turn,
         {"starting": (tuple(reversed(turn.starting[0])), turn.starting[1])}, (c,)),
        ("unused unsorted", app_turn, {"unused": tuple(reversed(app_turn.unused))}, (c,)),
        ("a starting bet twice", app_turn, {"unused": (app_turn.unused[0],) * 2}, (c,)),
        ("a howl in the apprentice deck", app_turn,
         {"deck": tuple(sorted((*app_turn.deck[1:], "howl")))}, (c,)),
        # HT-INV-HANDS: starting bets dealt seat by seat (HT-SETUP-START), 7 racing cards
        # (HT-SETUP-DEAL), the second bet (HT-SETUP-SECOND), hands of 6 between turns and
        # one short hand while it refills (HT-TURN-REFILL)
        ("bets: the seat dealt to full", bets1,
         {"starting": (bets1.starting[0], bets1.unused[:2]), "unused": bets1.unused[2:]},
         (h,)),
        ("bets: a seat before it short", bets1,
         {"starting": (bets1.starting[0][:1], ()),
          "unused": tuple(sorted((*bets1.unused, bets1.starting[0][1])))}, (h,)),
        ("bets: a seat after it dealt", bets0,
         {"starting": ((), bets0.unused[:1]), "unused": bets0.unused[1:]}, (h,)),
        ("apprentice: a starting bet before the deal", _at(apprentice(), "deal", 1),
         {"starting": (("fox",), (), ()),
          "unused": ("hare", "lamb", "tortoise", "wolf")}, (h,)),
        ("a starting bet short in play", turn,
         {"starting": (turn.starting[0][:1], turn.starting[1]),
          "unused": tuple(sorted((*turn.unused, turn.starting[0][1])))}, (h,)),
        ("deal: a seat before it short", deal1,
         {"hands": (deal1.hands[0][1:], ()),
          "deck": tuple(sorted((*deal1.deck, deal1.hands[0][0])))}, (h,)),
        ("deal: the seat dealt to full", deal1,
         {"hands": (deal1.hands[0], deal1.deck[:7]), "deck": deal1.deck[7:]}, (h,)),
        ("deal: a second bet", deal1,
         {"second": ((), deal1.deck[:1]), "deck": deal1.deck[1:]}, (h,)),
        ("track: a card in hand", track,
         {"hands": (track.deck[:1], ()), "deck": track.deck[1:]}, (h,)),
        ("track: a second bet", track,
         {"second": (track.deck[:1], ()), "deck": track.deck[1:]}, (h,)),
        ("second: the seat to choose short", second1,
         {"hands": (second1.hands[0], second1.hands[1][1:]),
          "deck": tuple(sorted((*second1.deck, second1.hands[1][0])))}, (h,)),
        ("second: a seat before it without its bet", second1,
         {"second": ((), ()), "hands": (tuple(sorted((*second1.hands[0],
                                                     *second1.second[0]))),
                                        second1.hands[1])}, (h,)),
        ("play: no second bet", turn,
         {"second": ((), turn.second[1]),
          "deck": tuple(sorted((*turn.deck, *turn.second[0])))}, (h,)),
        ("apprentice play: a second bet", app_turn,
         {"second": (app_turn.deck[:1], (), ()), "deck": app_turn.deck[1:]}, (h,)),
        ("draw: another seat short", draw,
         {"hands": (draw.hands[0], draw.hands[1][1:]),
          "deck": tuple(sorted((*draw.deck, draw.hands[1][0])))}, (h,)),
        ("draw: the drawing seat full", draw,
         {"hands": (tuple(sorted((*draw.hands[0], draw.deck[0]))), draw.hands[1]),
          "deck": draw.deck[1:]}, (h,)),
        ("draw: the drawing seat five short", draw,
         {"hands": (draw.hands[0][:1], draw.hands[1]),
          "deck": tuple(sorted((*draw.deck, *draw.hands[0][1:])))}, (h,)),
        ("play: a hand of 7", turn, {"hands": (deck_to_hand[1], turn.hands[1]),
                                     "deck": deck_to_hand[0]}, (h,)),
        # HT-INV-TABLE (HT-TURN-LIMIT, HT-RACE-TRIGGER)
        ("nine cards", turn, {"table": nine, "deck": from_deck(turn, nine)}, (i,)),
        ("five foxes", turn, {"table": ("fox",) * 5, "deck": from_deck(turn, ("fox",) * 5)},
         (i,)),
        ("a card on the table in the second bet", second1,
         {"table": second1.deck[:1], "deck": second1.deck[1:]}, (i,)),
        ("a card on the table in the starting bets", bets1,
         {"table": bets1.deck[:1], "deck": bets1.deck[1:]}, (i,)),
        ("a card on the table while the track is laid", track,
         {"table": track.deck[:1], "deck": track.deck[1:]}, (i,)),
        ("a card on the table while the turbos are placed", _at(apprentice(), "turbos"),
         {"table": ("fox",), "deck": _moved(_at(apprentice(), "turbos").deck, "fox", ())[0]},
         (i,)),
        ("a card on the table in the deal", deal1,
         {"table": deal1.deck[:1], "deck": deal1.deck[1:]}, (i,)),
        ("eight cards between turns", turn,
         {"table": eight, "deck": from_deck(turn, eight)}, (i,)),
        ("four foxes between turns", turn,
         {"table": ("fox",) * 4, "deck": from_deck(turn, ("fox",) * 4)}, (i,)),
        # HT-RACE-WOLF: the wolf's cards are wolves and howls, counted together
        ("four wolves between turns", wolves,
         {"table": ("wolf",) * 4, "deck": from_deck(wolves, ("wolf",) * 4)}, (i,)),
        ("three wolves and a howl between turns", wolves,
         {"table": three_and_howl, "deck": from_deck(wolves, three_and_howl)}, (i,)),
        ("a refill after no play", draw,
         {"table": (), "deck": tuple(sorted((*draw.deck, *draw.table)))}, (i,)),
        ("a movement not triggered", moving,
         {"table": _moved(moving.table, "hare", ())[0],
          "discard": ("hare",)}, (i,)),
        # HT-INV-FORWARD: positions 0..12, all on the line during the setup
        ("past the podium", turn, {"positions": (0, 13, 0, 0, 0)}, (f,)),
        ("behind the line", turn, {"positions": (0, -1, 0, 0, 0)}, (f,)),
        ("moved during the setup", second1, {"positions": (1, 0, 0, 0, 0)}, (f,)),
        # HT-INV-PODIUM
        ("a podium on the line during the setup", second1,
         {"positions": (0, 0, 0, 12, 0), "podium": (("fox",),)}, (f, p)),
        ("an empty place", over, {"podium": (("fox",), (), ("hare",))}, (p, sc)),
        ("a howl on the podium", over, {"podium": (("fox",), ("howl",), ("hare",))}, (p,)),
        ("a shared place in the standard game", over,
         {"positions": (12, 11, 12, 12, 12), "podium": (("fox",), ("wolf",),
                                                        ("hare", "lamb"))}, (p, sc)),
        ("four places in the standard game", over,
         {"positions": (12, 11, 12, 12, 12),
          "podium": (("fox",), ("wolf",), ("hare",), ("lamb",))}, (p,)),
        ("a finisher off the podium", turn, {"positions": (12, 0, 0, 0, 0)}, (p,)),
        ("three places before the end", turn,
         {"positions": (12, 0, 12, 12, 0), "podium": (("fox",), ("wolf",), ("hare",))},
         (p,)),
        ("two places at the end", over,
         {"positions": (11, 11, 12, 12, 11), "podium": (("fox",), ("wolf",))}, (p, sc)),
        ("apprentice: a crosser between movements", app_turn,
         {"positions": (0, 0, 0, 12, 0), "podium": (("fox",),)}, (p,)),
        ("apprentice: a place not crossed", moving,
         {"podium": (("hare",), ("fox",))}, (p,)),
        ("apprentice: a crosser without a place", moving,
         {"positions": (12, 10, 11, 12, 10)}, (p,)),
        ("apprentice: four places", moving,
         {"positions": (12, 12, 12, 12, 10),
          "podium": (("hare",), ("tortoise",), ("wolf",), ("fox",))}, (p,)),
        ("apprentice end: nobody crossed", app_over,
         {"positions": (8, 10, 11, 8, 9)}, (p,)),
        ("apprentice end: a howl on the podium", app_over,
         {"podium": (("howl",), ("tortoise",), ("lamb",))}, (p, sc)),
        ("a fourth finisher off the podium at the end", over,
         {"positions": (12, 11, 12, 12, 12)}, (p,)),
        ("apprentice end: places out of order", app_over,
         {"podium": (("wolf",), ("lamb",), ("tortoise",))}, (p, sc)),
        # HT-INV-SCORES
        ("a round scored too early", turn, {"history": ((0, 0),)}, (sc,)),
        ("a round's score over 13", round2,
         {"history": ((14, round2.history[0][1]),), "points": (14, round2.points[1])},
         (sc,)),
        ("a round's score below 0", round2,
         {"history": ((-1, round2.history[0][1]),), "points": (-1, round2.points[1])},
         (sc,)),
        ("points not the rounds' sum", round2,
         {"points": (round2.points[0] + 1, round2.points[1])}, (sc,)),
        ("bets shown wrong", over, {"shown": (("fox", "hare", "hare"), over.shown[1])},
         (sc,)),
        ("the last round misscored", over,
         {"history": ((over.history[0][0] - 1, over.history[0][1]),),
          "points": (over.points[0] - 1, over.points[1])}, (sc,)),
        ("bets shown before any scoring", turn, {"shown": (("fox",), ())}, (sc,)),
    ]


@pytest.mark.parametrize(("name", "s", "changes", "broken"), _other_cases(),
                         ids=[c[0] for c in _other_cases()])
def test_invariant_cases(name: str, s: HareState, changes: dict[str, Any],
                         broken: tuple[str, ...]) -> None:
    # HT-INV-CARDS, HT-INV-HANDS, HT-INV-TABLE, HT-INV-FORWARD, HT-INV-PODIUM,
    # HT-INV-SCORES: each guard broken on a valid table flags exactly the invariants
    # named (worked out per case from the catalogue's readings)
    assert violations(s) == ()
    assert _broken(s, **changes) == broken, name


def test_a_broken_table_cannot_be_built() -> None:
    # HT-INV-* (state.py: a state is checked when built): outside `building`, a table that
    # breaks an invariant raises InvalidState naming it; `checked` says the same, and so
    # does the incremental check of a transition's unchecked copy (`replace`).
    turn = _at(standard(), "turn")
    fields = {f.name: getattr(turn, f.name) for f in attrs.fields(HareState) if f.init}
    with pytest.raises(InvalidState) as refused:
        HareState(**{**fields, "deck": turn.deck[1:]})
    assert refused.value.ids == ("HT-INV-CARDS",)
    bad = replace(turn, deck=turn.deck[1:], positions=(0, 13, 0, 0, 0))
    with pytest.raises(InvalidState) as refused:
        checked(bad)
    assert refused.value.ids == ("HT-INV-CARDS", "HT-INV-FORWARD")
    assert delta_violations(turn, bad) == refused.value.ids
    assert checked(turn) is turn


def test_a_state_holds_no_mutable_value() -> None:
    # (state.py: a state is frozen) a state built directly holds tuples, never lists: a
    # list in a field, or nested in one, is refused by name, so that nothing can change
    # a state after its checks passed (the plain-data decoder builds tuples only)
    turn = _at(standard(), "turn")
    fields = {f.name: getattr(turn, f.name) for f in attrs.fields(HareState) if f.init}
    nested = (list(turn.hands[0]), *turn.hands[1:])
    tuples = refuse_mutable_fields(HareState, fields, ("hands", nested))
    assert {"positions", "hands", "deck", "points", "streams"} <= set(tuples)
    assert HareState(**fields) == turn


def test_tables_the_invariants_allow() -> None:
    # HT-INV-*: edge tables that keep every invariant: one stream laid of two, streams on
    # tiles 1 and 11 (HT-SETUP-TRACK); two turbos placed (HT-APP-TURBO); a refilling hand
    # 4 short, the most one play takes (HT-TURN-PLAY, HT-TURN-REFILL); a fourth apprentice
    # crosser off a full podium (HT-APP-END); bets shown after round 1 (HT-CHAMP-ROUNDS).
    draw = _at(standard(), "draw")
    moving = _moving()
    assert _broken(_at(standard(), "track"), streams=(8,)) == ()
    assert _broken(_at(standard(), "turn"), streams=(1, 11)) == ()  # the first and last tile
    assert _broken(_at(apprentice(), "turbos"), turbos=("fox", "hare")) == ()
    assert _broken(draw, hands=(draw.hands[0][:2], draw.hands[1]),
                   deck=tuple(sorted((*draw.deck, *draw.hands[0][2:])))) == ()
    assert _broken(moving, positions=(12, 12, 12, 12, 10),
                   podium=(("hare",), ("tortoise",), ("wolf",))) == ()
    round2 = _at(championship(), "bets", 0, 2)
    assert any(round2.shown) and violations(round2) == ()

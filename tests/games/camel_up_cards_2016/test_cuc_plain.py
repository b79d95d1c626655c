"""Reading a Camel Up Cards state from plain data: every refusal names its field.

KERNEL-INPUT (spec/kernel/rules.md): ``from_data`` accepts exactly the
canonical form and refuses anything else with a ValueError whose message
starts with the path of the offending field (``stacks[3][1]``,
``leaders.blue``, ``palm.space``) and says what was expected. An
implementation reading the same documents can compare its messages' paths
with these.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from documents import refuse_wrong_types, with_field

import kernel
from kernel.games.camel_up_cards_2016 import actions, game
from kernel.games.camel_up_cards_2016.machine import UNIVERSE
from kernel.testing import checks

GAME = "camel-up-cards-2016"


@functools.cache
def _documents() -> list[dict[str, Any]]:
    """Two states of a seeded 3-player game that fill every kind of field.

    The first has both figures placed, a leg bet and a final winner card; the
    second has payouts, a final loser card and revealed cards.
    """
    trace = kernel.play(GAME, {"players": 3}, 1)
    docs = [kernel.to_data(step.state) for step in trace.steps]
    first = next(d for d in docs if d["palm"] and any(d["bets"])
                 and any(x is not None for x in d["winner_bets"]))
    second = next(d for d in docs if any(d["payouts"]) and d["revealed"]
                  and any(x is not None for x in d["loser_bets"]))
    return [first, second]




@pytest.mark.parametrize("which", [0, 1], ids=["figures-and-bets", "payouts-and-reveals"])
def test_a_field_of_the_wrong_type_is_refused_by_its_path(which: int) -> None:
    # KERNEL-INPUT: every field, at every depth, replaced by a value of another
    # JSON type: refused, and the message starts with exactly that field's path.
    doc = _documents()[which]
    assert game.from_data(doc) is not None
    assert refuse_wrong_types(doc, game.from_data) > 100


#: Well-typed values that are still wrong, and exactly what the decoder says.
REFUSALS = [
    ("players", 7, "players: expected an integer 2..6, got 7"),
    ("version", 2, "version: expected an integer 1..1, got 2"),
    ("version", 0, "version: expected an integer 1..1, got 0"),
    ("track", "FFXF", "track: expected the letters F, S and H, got 'FFXF'"),
    ("bets[0][0]", "green:4", "bets[0][0]: expected <colour>:<2|3|5|mid>, got 'green:4'"),
    ("bets[0][0]", "pink:mid", "bets[0][0]: expected <colour>:<2|3|5|mid>, got 'pink:mid'"),
    ("bets[0][0]", "green", "bets[0][0]: expected <colour>:<2|3|5|mid>, got 'green'"),
    ("stacks[0][0]", "pink", "stacks[0][0]: unknown value 'pink'"),
    ("midfield", ["blue", "orange", "white", "yellow", "green", "blue"],
     "midfield: expected at most 5 items, got 6"),
    ("midfield[0]", "pink", "midfield[0]: unknown value 'pink'"),
    ("winner_bets[1]", "pink", "winner_bets[1]: unknown value 'pink'"),
    ("hands", [[], []], "hands: expected 3 items, got 2"),
    ("intel", [[], [], [], []], "intel: expected 3 items, got 4"),
    ("bets", [[], []], "bets: expected 3 items, got 2"),
    ("winner_bets", [None, None], "winner_bets: expected 3 items, got 2"),
    ("loser_bets", [None, None], "loser_bets: expected 3 items, got 2"),
    ("payouts", [[], []], "payouts: expected 3 items, got 2"),
    ("money", [3, 3], "money: expected 3 items, got 2"),
    ("money[1]", 2**60, "money[1]: expected an integer -9007199254740991..9007199254740991, "
                        "got an integer of 61 bits"),
    ("age_order", [0, 1, 2**60], "age_order[2]: expected an integer "
                                 "-9007199254740991..9007199254740991, got an integer of 61 bits"),
    ("stacks", None, "stacks: expected a list, got null"),
    ("palm", {"space": 5}, "palm: missing key 'holder'"),
    ("palm.space", "5", "palm.space: expected an integer -9007199254740991..9007199254740991, "
                        "got '5'"),
    ("fennec.holder", "1", "fennec.holder: expected an integer "
                           "-9007199254740991..9007199254740991, got '1'"),
    ("stacks[4]", ["yellow", "green"], "stacks: camel green twice"),
    ("stacks[4]", [], "stacks: a camel is missing"),
    ("revealed", ["pink+1"], "revealed[0]: unknown value 'pink+1'"),
    ("leaders", {"blue": [2, 2, 3, 5]}, "leaders: missing key 'green'"),
    ("leaders.blue[0]", "2", "leaders.blue[0]: expected an integer "
                             "-9007199254740991..9007199254740991, got '2'"),
]


@pytest.mark.parametrize(("path", "value", "message"), REFUSALS,
                         ids=[f"{p}={v!r}"[:40] for p, v, _ in REFUSALS])
def test_a_wrong_value_is_refused_with_its_reason(path: str, value: Any, message: str) -> None:
    # KERNEL-INPUT: the field's path, what was expected and what came.
    with pytest.raises(ValueError) as refused:
        game.from_data(with_field(_documents()[0], path, value))
    assert str(refused.value) == message


def test_a_stack_longer_than_the_track_is_refused() -> None:
    # KERNEL-INPUT: the stacks list has one entry per cell (Start, the spaces, Finish).
    doc = _documents()[0]
    with pytest.raises(ValueError, match=r"^stacks: expected 18 items, got 17$"):
        game.from_data(with_field(doc, "stacks", doc["stacks"][:-1]))
    with pytest.raises(ValueError, match=r"^stacks: expected 18 items, got 19$"):
        game.from_data(with_field(doc, "stacks", [*doc["stacks"], []]))


CANONICAL = "not the canonical form (sorted zones, colour order on the Start card)"


def test_a_readable_document_not_in_canonical_form_names_the_first_difference() -> None:
    # KERNEL-INPUT: a document the readers accept but that is not exactly what
    # to_data writes is refused at the first field (in document order) that differs.
    doc = _documents()[0]
    cases = [
        ("palm", {"space": 0, "holder": -1},
         f"palm: {CANONICAL}: expected null, got an object with 2 keys"),
        ("stacks[0]", ["orange", "green"],
         f"stacks[0][0]: {CANONICAL}: expected 'green', got 'orange'"),
    ]
    discard = sorted(doc["discard"])
    cases.append(("discard", [*discard[:-2], discard[-1], discard[-2]],
                  f"discard[{len(discard) - 2}]: {CANONICAL}: "
                  f"expected {discard[-2]!r}, got {discard[-1]!r}"))
    deck = sorted(doc["deck"])
    cases.append(("deck", deck[::-1], f"deck[0]: {CANONICAL}: expected {deck[0]!r}, "
                                      f"got {deck[-1]!r}"))
    for path, value, message in cases:
        with pytest.raises(ValueError) as refused:
            game.from_data(with_field(doc, path, value))
        assert str(refused.value) == message, path


def test_a_repeated_midfield_colour_is_refused() -> None:
    # KERNEL-INPUT: midfield is read up to 5 colours; a colour listed twice was
    # accepted and one copy dropped, so the document did not round-trip (the
    # issue's reproduction: step 60 of a seeded 4-player game).
    doc = kernel.to_data(kernel.play(GAME, {"players": 4}, seed=1).steps[60].state)
    assert len(doc["midfield"]) == 4
    repeated = with_field(doc, "midfield", [*doc["midfield"], doc["midfield"][-1]])
    with pytest.raises(ValueError, match=r"^midfield: not the canonical form: expected "):
        game.from_data(repeated)


def test_status_and_from_data_agree_on_a_reordered_card_zone(tmp_path: Any,
                                                             capsys: Any) -> None:
    # KERNEL-INPUT, CUC-INV-PHASE: a document status finds sound decodes; a
    # readable one out of canonical order (the racing deck reversed) is refused
    # by from_data and reported by status as the game's catch-all invariant
    # (before, status found nothing and `race-kernel status` exited 0).
    from kernel.cli import main

    doc = _documents()[1]
    assert len(set(doc["deck"])) > 1 and kernel.status(doc) == ()
    reordered = with_field(doc, "deck", sorted(doc["deck"])[::-1])
    with pytest.raises(ValueError, match="not the canonical form"):
        game.from_data(reordered)
    assert kernel.status(reordered) == ("CUC-INV-PHASE",)
    path = tmp_path / "state.json"
    path.write_text(json.dumps(reordered))
    assert main(["status", str(path)]) == 1
    assert "CUC-INV-PHASE" in capsys.readouterr().out


# --------------------------------------------------------------------------
# pinned by the mutation runs (each test names its rule)


def test_action_universe() -> None:
    # KERNEL-INPUT: the action universe is every card kind for draw/discard/deck/
    # intel, cells 1..24 for palm/fennec, every colour for the bets, and reveal,
    # hand, end; each action keyed by (kind, argument), numbers as ints.
    table = actions._build_actions()
    assert sorted(a.text for a in table.values()) == sorted(UNIVERSE)
    for (kind, arg), action in table.items():
        assert (action.game, action.kind, action.arg) == (GAME, kind, arg)
        assert isinstance(arg, int) == (kind in ("palm", "fennec"))
        assert (arg is None) == (kind in ("reveal", "hand", "end"))
    assert [a.text for a in kernel.game_info(GAME).all_actions] == [
        a.text for a in sorted(table.values())]


def _expected_observation(data: dict[str, Any], seat: int) -> dict[str, Any]:
    hidden = ("stock", "hands", "discard", "deck", "intel")
    out = {k: v for k, v in data.items() if k not in hidden}
    out.update(seat=seat, hand=data["hands"][seat], my_intel=data["intel"][seat],
               hand_sizes=[len(h) for h in data["hands"]],
               intel_chosen=[bool(i) for i in data["intel"]], stock_size=len(data["stock"]),
               discard_size=len(data["discard"]), deck_size=len(data["deck"]))
    return out


def test_observation_contents() -> None:
    # KERNEL-OBSERVATION, CUC-LEG-HIDDEN: a seat sees the public table, its own
    # hand and face-down intel card, and only the sizes of the hidden zones.
    info = kernel.game_info(GAME)
    for players in (3, 4):
        states, _ = checks.walk(info, {"players": players}, players, 400)
        for state in states[::9]:
            data = kernel.to_data(state)
            for seat in range(players):
                assert kernel.observation(state, seat) == _expected_observation(data, seat)


def test_from_data_refuses_what_is_not_a_state() -> None:
    # KERNEL-INPUT: from_data raises ValueError naming the field, never
    # another exception; status() names the invariant an unreadable state breaks.
    info = kernel.game_info(GAME)
    data = kernel.to_data(kernel.new_game(GAME, {"players": 2}))
    for junk in ([data], "state", None):
        with pytest.raises(ValueError, match=r"^state: expected an object, got "):
            info.from_data(junk)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^game: unknown value 'other'$"):
        info.from_data({**data, "game": "other"})
    with pytest.raises(ValueError, match=r"^state: missing key 'leaders'$"):
        info.from_data({k: v for k, v in data.items() if k != "leaders"})
    twice = {**data, "stacks": [["blue", "blue", "green", "orange", "white", "yellow"],
                                *data["stacks"][1:]]}
    assert kernel.status(twice) == ("CUC-INV-CAMELS",)
    assert kernel.status({**data, "money": "lots"}) == ("CUC-INV-PHASE",)


def test_from_data_messages() -> None:
    # KERNEL-INPUT: an unreadable plain-data state raises ValueError naming the
    # field; status() names CUC-INV-CAMELS for a missing camel.
    info = kernel.game_info(GAME)
    data = kernel.to_data(kernel.new_game(GAME, {"players": 2}))
    with pytest.raises(ValueError, match=r"^stock: expected a list, got 'blue\+1'$"):
        info.from_data({**data, "stock": "blue+1"})
    with pytest.raises(ValueError, match=r"^stock\[1\]: unknown value 'purple\+1'$"):
        info.from_data({**data, "stock": ["blue+1", "purple+1"]})
    with pytest.raises(ValueError, match=r"^stock\[0\]: expected a string, got 7$"):
        info.from_data({**data, "stock": [7]})
    missing = {**data, "stacks": [["blue", "green", "orange", "white"], *data["stacks"][1:]]}
    with pytest.raises(ValueError, match=r"^stacks: a camel is missing$"):
        info.from_data(missing)
    assert kernel.status(missing) == ("CUC-INV-CAMELS",)
    with pytest.raises(ValueError, match=r"^stacks: camel blue twice$"):
        info.from_data({**data, "stacks": [["blue", "blue", "green", "orange", "white",
                                            "yellow"], *data["stacks"][1:]]})
    with pytest.raises(ValueError, match=r"^stacks: expected 17 items, got 16$"):
        info.from_data({**data, "stacks": data["stacks"][:-1]})


def test_plain_data_keys() -> None:
    # KERNEL-INPUT: the plain-data form has exactly the documented keys.
    data = kernel.to_data(kernel.new_game(GAME, {"players": 2}))
    assert set(data) == {
        "game", "version", "players", "age_order", "phase", "leg", "track", "stacks", "palm",
        "fennec", "revealed", "shown", "leaders", "midfield", "bets", "winner_bets",
        "loser_bets", "money", "payouts", "starter", "turn", "bet_done", "track_done",
        "extended", "stock", "hands", "discard", "deck", "intel"}
    assert (data["game"], data["version"]) == (GAME, 1)

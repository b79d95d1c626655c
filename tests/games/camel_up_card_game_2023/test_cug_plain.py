"""Camel Up: The Card Game (2023): the plain-data decoder and the configuration, pinned.

Behaviour the mutation run of kernel/games/camel_up_card_game_2023/plain.py and
config.py found untested, each worked out from the decoder's contract
(KERNEL-INPUT, kernel/decode.py's messages), the configuration rule
(KERNEL-CONFIG) or the catalogue (spec/camel-up-card-game-2023/rules.md):
every field of the wrong type refused by its path, the exact messages for
well-typed wrong values, status() on unreadable candidates, the canonical
form (sorted zones, exact JSON types), what a seat sees and the table before
the first reveal. Fast (well under a second) and derandomized; in the
mutation selection of kernel/games/camel_up_card_game_2023/mutation.json.
"""

from __future__ import annotations

import functools
import json
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pytest
from documents import refuse_wrong_types, with_field

from kernel.core import Applied, ConfigError, InvalidState
from kernel.decode import MAX_INT, DecodeError
from kernel.games.camel_up_card_game_2023 import game
from kernel.games.camel_up_card_game_2023.state import CugState

ROOT = Path(__file__).resolve().parents[3]
_FIXTURES = json.loads(
    (ROOT / "spec/camel-up-card-game-2023/examples/fixtures.json").read_text())["fixtures"]
NOT_CANONICAL = ("state: not the canonical form (sorted card zones, colour order behind the "
                 "start line, exact JSON types)")


def _rich() -> CugState:
    """A 4-player leg 1 in play that fills every kind of field of the plain data.

    From the spec fixture cug-leg1-4p (track of 16 spaces, CUG-DATA-SETUPCARD): seat 0
    places the shortcut marker on 3 and takes blue's top leg card (5, CUG-BET-LEG); seat 1
    the fennec marker on 10 and green's midfield card; seat 2 plays seat 3's personal
    card (yellow+1, paying 1 Pound, CUG-ACT-PERSONAL) and bets on white to win; seat 3
    reveals white+1 and bets on blue to lose.
    """
    s = game.from_data(_FIXTURES["cug-leg1-4p"]["state"])
    for action in ("shortcut:3", "leg:blue", "fennec:10", "mid:green", "personal:3",
                   "win:white", "reveal", "draw:white+1", "lose:blue"):
        result = game.apply(s, action)
        assert isinstance(result, Applied), (action, result)
        s = result.state
    return s


@functools.cache
def rich() -> dict[str, Any]:
    """The rich table's plain data, built on first use (a rule bug it trips fails a test)."""
    return game.to_data(_rich())


def test_the_rich_table_is_as_built() -> None:
    # CUG-ACT-MARKER, CUG-BET-LEG (leg and midfield cards), CUG-BET-FINAL, CUG-ACT-PERSONAL: the
    # document the decoder tests start from, field kinds all present; it reads back.
    assert rich()["shortcut"] == {"space": 3, "holder": 0}
    assert rich()["fennec"] == {"space": 10, "holder": 1}
    assert rich()["shortcut_tokens"] == [False, True, True, True]
    assert rich()["played"] == ["yellow+1", "white+1"]  # the played pile keeps its order
    assert rich()["bets"] == [["blue:5"], ["green:mid"], [], []]
    assert rich()["winner_bets"] == [None, None, "white", None]
    assert rich()["loser_bets"] == [None, None, None, "blue"]
    assert rich()["payouts"] == [[], [], [-1], [1]] and rich()["money"] == [3, 3, 2, 4]
    assert rich()["leaders"]["blue"] == [2, 2, 3]
    assert rich()["midfield"] == ["blue", "orange", "white", "yellow"]
    assert game.from_data(rich()) == _rich()
    assert game.status(rich()) == ()


def _refused(doc: dict[str, Any]) -> str:
    """The decoder's message for ``doc`` (which it must refuse as unreadable)."""
    with pytest.raises(DecodeError) as refused:
        game.from_data(doc)
    return str(refused.value)


def test_a_field_of_the_wrong_type_is_refused_by_its_path() -> None:
    # KERNEL-INPUT: each field, at every depth, replaced by a value of another JSON type is
    # unreadable: DecodeError whose message starts with exactly that field's path (an
    # element by its index: midfield[0], bets[0][0]); status() then reports CUG-INV-PHASE
    # (a table that cannot be read).
    assert refuse_wrong_types(rich(), game.from_data, game.status, "CUG-INV-PHASE") > 120


def test_a_document_that_is_not_an_object() -> None:
    # KERNEL-INPUT: the whole document is named "state".
    bads: tuple[Any, ...] = ([], None, "camel-up-card-game-2023")
    for bad in bads:
        with pytest.raises(DecodeError) as refused:
            game.from_data(bad)
        assert str(refused.value).startswith("state: expected an object, got ")
        assert game.status(bad) == ("CUG-INV-PHASE",)


_TRACK = "track: expected the letters F, S and H"
_BET = "expected <colour>:<2|3|5|mid>"
#: Well-typed values the decoder refuses, and its message (kernel/decode.py's forms).
#: The bounds are the rules': 2 to 6 players (CUG-DATA-CARDS), behaviour version 2, the
#: 4-player track of 16 spaces so 18 cells with the start and the Finish
#: (CUG-DATA-SETUPCARD, CUG-SETUP-TRACK), the camel and card names (CUG-DATA-CARDS), the
#: leg cards 2, 3, 5 and the midfield card (CUG-BET-LEG, CUG-DATA-CARDS), a racing colour on
#: a final bet (the crazy camel is never bet on), a marker on a space 1 or more.
REFUSALS = [
    ("game", "camel-up-cards-2016", "game: expected 'camel-up-card-game-2023'"),
    ("version", 1, "version: expected behaviour version 2"),
    ("players", 7, "players: expected an integer 2..6, got 7"),
    ("players", 1, "players: expected an integer 2..6, got 1"),
    ("track", "", _TRACK),
    ("track", "FFFFFFFX", _TRACK),
    ("track", "FFFFFFFf", _TRACK),
    ("stacks", [[]] * 17, "stacks: expected 18 items, got 17"),
    ("stacks[1][0]", "pink", "stacks[1][0]: unknown value 'pink'"),
    ("stacks[2][1]", "grey", "stacks[2][1]: unknown value 'grey'"),
    ("money", [3, 3, 4], "money: expected 4 items, got 3"),
    ("hands", [[], [], [], [], []], "hands: expected 4 items, got 5"),
    ("winner_bets", [None] * 3, "winner_bets: expected 4 items, got 3"),
    ("shortcut_tokens", [True] * 5, "shortcut_tokens: expected 4 items, got 5"),
    ("bets", [[]] * 3, "bets: expected 4 items, got 3"),
    ("payouts", [[]] * 5, "payouts: expected 4 items, got 5"),
    ("deck[0]", "blue+3", "deck[0]: unknown value 'blue+3'"),
    ("discard[2]", "black-3", "discard[2]: unknown value 'black-3'"),
    ("hands[1][0]", "orange", "hands[1][0]: unknown value 'orange'"),
    ("played[1]", "grey+1", "played[1]: unknown value 'grey+1'"),
    ("shortcut.space", 0, f"shortcut.space: expected an integer 1..{MAX_INT}, got 0"),
    ("fennec.space", -2, f"fennec.space: expected an integer 1..{MAX_INT}, got -2"),
    ("shortcut", {"space": 3}, "shortcut: missing key 'holder'"),
    ("fennec", {"space": 10, "holder": 1, "x": 0}, "fennec: unexpected key 'x'"),
    ("winner_bets[2]", "black", "winner_bets[2]: unknown value 'black'"),
    ("loser_bets[3]", "purple", "loser_bets[3]: unknown value 'purple'"),
    ("leaders", {c: [] for c in ("blue", "green", "orange", "white")},
     "leaders: missing key 'yellow'"),
    ("midfield[0]", "black", "midfield[0]: unknown value 'black'"),
]


def test_wrong_values_are_refused_with_their_message() -> None:
    # KERNEL-INPUT: a well-typed value the field cannot hold is unreadable (DecodeError
    # with that message, never InvalidState); status() says CUG-INV-PHASE.
    for path, value, message in REFUSALS:
        bad = with_field(rich(), path, value)
        assert (_refused(bad), game.status(bad)) == (message, ("CUG-INV-PHASE",)), path


@pytest.mark.parametrize("bet", ["blue:4", "black:5", "blue", "5:blue", "blue:5:x", "blue:",
                                 ":mid", "mid:blue"])
def test_a_bet_that_is_no_card_is_refused(bet: str) -> None:
    # KERNEL-INPUT, CUG-BET-LEG (leg and midfield cards): a bet is <racing colour>:<2|3|5|mid>;
    # anything else is refused naming the card's path (bets[0][0]).
    bad = with_field(rich(), "bets[0][0]", bet)
    assert _refused(bad) == f"bets[0][0]: {_BET}"
    assert game.status(bad) == ("CUG-INV-PHASE",)


def test_a_camel_twice_or_missing() -> None:
    # KERNEL-INPUT, CUG-INV-CAMELS: the six camels each stand on exactly one cell; a camel
    # listed twice or missing is named, and status() reports CUG-INV-CAMELS alone.
    for path, value, message in (
        ("stacks[3]", ["blue"], "stacks: camel blue twice"),
        ("stacks[2]", ["green", "orange", "green"], "stacks: camel green twice"),
        ("stacks[1]", [], "stacks: a camel is missing"),
        ("stacks[7]", [], "stacks: a camel is missing"),
    ):
        bad = with_field(rich(), path, value)
        assert (_refused(bad), game.status(bad)) == (message, ("CUG-INV-CAMELS",)), path


def test_only_the_canonical_form_is_read() -> None:
    # KERNEL-INPUT (from_data reads exactly to_data's form): sorted card zones, the played
    # pile in its order, the camels behind the start line in colour order, exact JSON
    # types (an object is a plain dict, not another mapping).
    shuffled = {**rich(), "deck": rich()["deck"][::-1]}
    unsorted_discard = {**rich(), "discard": rich()["discard"][1:] + rich()["discard"][:1]}
    other_mapping = OrderedDict(rich())
    other_leaders = {**rich(), "leaders": OrderedDict(rich()["leaders"])}
    start = game.to_data(game.new_game({"players": 4}))
    behind = {**start, "stacks": [start["stacks"][0][::-1], *start["stacks"][1:]]}
    for bad in (shuffled, unsorted_discard, other_mapping, other_leaders, behind):
        assert _refused(bad) == NOT_CANONICAL
    # the played pile is in the order played: sorted, it is another (readable) table
    swapped = {**rich(), "played": rich()["played"][::-1]}
    assert game.from_data(swapped).revealed == ("white+1", "yellow+1")


def test_readable_values_are_judged_by_the_invariants() -> None:
    # KERNEL-INPUT / CUG-INV-*: a readable table that breaks a rule is not a decoding
    # error: from_data raises InvalidState, status() names the invariant.
    bad = with_field(rich(), "money[3]", 5)  # 3 + payouts (+1) is 4: CUG-INV-LEDGER
    assert game.status(bad) == ("CUG-INV-LEDGER",)
    with pytest.raises(InvalidState) as info:
        game.from_data(bad)
    assert info.value.ids == ("CUG-INV-LEDGER",)


# --------------------------------------------------------------------------
# what a seat sees


_HIDDEN = ("stock", "hands", "discard", "deck")


def test_observation_in_play() -> None:
    # KERNEL-OBSERVATION, CUG-LEG-HIDDEN, CUG-LEG-PERSONAL: during play every personal
    # racing card lies face up; of the stock, the discards and the deck only the sizes.
    obs = game.observation(_rich(), 1)
    public = {k: v for k, v in rich().items() if k not in _HIDDEN}
    assert obs == {**public, "seat": 1, "hands": rich()["hands"],
                   "hand_sizes": [1, 1, 1, 0], "stock_size": 0, "discard_size": 21,
                   "deck_size": 9}
    assert obs["version"] == 2 and obs["game"] == "camel-up-card-game-2023"


def test_observation_in_the_leg_setup() -> None:
    # CUG-LEG-HIDDEN: while the cards are dealt and chosen, a seat sees its own hand only.
    data = _FIXTURES["cug-discard-5p"]["state"]
    obs = game.observation(game.from_data(data), 3)
    assert obs["seat"] == 3 and obs["version"] == 2
    assert obs["hands"] == [None, None, None, ["green+1", "green+1", "orange+1", "orange+1"],
                            None]
    assert obs["hand_sizes"] == [4] * 5
    assert (obs["stock_size"], obs["discard_size"], obs["deck_size"]) == (0, 10, 0)


# --------------------------------------------------------------------------
# the configuration and the table before the first reveal


def _refusal(config: object) -> str:
    with pytest.raises(ConfigError) as refused:
        game.parse_config(config)
    return str(refused.value)


def test_configuration_refusals() -> None:
    # KERNEL-CONFIG: each refusal names the rule, the key, what it must be and (for a
    # player count) the value given; 2 to 6 players (CUG-DATA-CARDS); the age order is
    # an ordering of the seats 0..n-1, each once, youngest first (CUG-SETUP-START).
    players = "'players' must be an integer 2 to 6, not "
    ages = "'age_order' must list the seats 0..{} once each, youngest first [KERNEL-CONFIG]"
    for config, message in (
        ([], 'configuration must be a mapping such as {"players": 4} [KERNEL-CONFIG]'),
        ("players", 'configuration must be a mapping such as {"players": 4} [KERNEL-CONFIG]'),
        ({"players": 4, "seed": 1},
         "unknown configuration key 'seed'; known: players, age_order [KERNEL-CONFIG]"),
        ({"youngest": 0, "players": 4},
         "unknown configuration key 'youngest'; known: players, age_order [KERNEL-CONFIG]"),
        ({"players": 7}, players + "7 [KERNEL-CONFIG]"),
        ({"players": 1}, players + "1 [KERNEL-CONFIG]"),
        ({"players": "4"}, players + "'4' [KERNEL-CONFIG]"),
        ({"players": True}, players + "true [KERNEL-CONFIG]"),
        ({"players": 4, "age_order": [0, 1, 2]}, ages.format(3)),
        ({"players": 4, "age_order": [0, 1, 1, 3]}, ages.format(3)),
        ({"players": 4, "age_order": [0, True, 2, 3]}, ages.format(3)),
        ({"players": 3, "age_order": [1, 2, 3]}, ages.format(2)),
        ({"players": 3, "age_order": "012"}, ages.format(2)),
        ({"players": 2, "age_order": [0.0, 1]}, ages.format(1)),
    ):
        assert _refusal(config) == message, config
    with pytest.raises(ConfigError):
        game.action_space({"players": 7})


def test_configuration_accepted() -> None:
    # KERNEL-CONFIG, CUG-SETUP-START: the age order defaults to 0, 1, ...; a tuple is a list.
    assert game.parse_config({"players": 4}) == (4, (0, 1, 2, 3))
    assert game.parse_config({}) == (4, (0, 1, 2, 3))  # KERNEL-CONFIG: the documented default
    assert game.parse_config({"players": 3, "age_order": (2, 0, 1)}) == (3, (2, 0, 1))
    assert game.action_space({"players": 6}) is game.ACTION_SPACE


def test_the_table_before_the_first_reveal() -> None:
    # CUG-SETUP-TRACK (5 players: spaces 1..17, the Finish on the second half of the
    # ninth card), CUG-SETUP-START (racing camels behind the line, the youngest starts),
    # CUG-SETUP-CRAZY (black on space 7), CUG-SETUP-MONEY, CUG-SETUP-FINAL: no seat has
    # acted (turn 0), no leg setup has added spaces (extended 0), no intel cards.
    s = game.new_game({"players": 5, "age_order": [3, 0, 1, 2, 4]})
    d = game.to_data(s)
    assert d["track"] == "FFFFFFFFH" and len(d["stacks"]) == 19
    assert d["stacks"][0] == ["blue", "green", "orange", "white", "yellow"]
    assert d["stacks"][7] == ["black"]
    assert (d["starter"], d["turn"], d["extended"], d["phase"]) == (3, 0, 0, "setup")
    assert d["money"] == [3] * 5 and d["fennec_tokens"] == [True] * 5
    assert d["winner_bets"] == [None] * 5 and d["played"] == [] and len(d["stock"]) == 30
    assert s.shown == () and s.intel == ((),) * 5
    assert game.to_data(game.new_game({"players": 2}))["track"] == "FFFFFFF"

"""Targeted tests for mutants the oracle's other tests let survive.

Each test names the rule it checks; ``proofs/mutation-survivors.md`` lists
the survivors that are equivalent (no behaviour changes) with the reason.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from helpers import do, first_state, forged, table

import kernel
from kernel.games.camel_up_cards_2016 import actions
from kernel.games.camel_up_cards_2016.data import CARD_IDS
from kernel.games.camel_up_cards_2016.machine import UNIVERSE
from kernel.rules import camel
from kernel.testing import checks

GAME = "camel-up-cards-2016"


def test_stacked_is_well_formed_for_five_camels() -> None:
    # CUC-INV-STACKS, CUC-INV-CAMELS: the contracts' flat predicate is exactly
    # well_formed (a seeded sample of cells 0..2 and heights 0..2, top cell 2).
    rng = random.Random(7)
    heights = list(itertools.product(range(3), repeat=5))
    agree = 0
    for pos in itertools.product(range(3), repeat=5):
        for height in rng.sample(heights, 30):
            assert camel.stacked(pos, height, 2) == camel.well_formed(pos, height, 2)
            agree += camel.well_formed(pos, height, 2)
    assert agree > 20
    assert camel.stacked((0, 1, 1, 2, 2), (0, 1, 0, 0, 1), 2)
    assert not camel.stacked((0, 0, 0, 0, 3), (0, 0, 0, 0, 0), 2)  # beyond the top cell
    assert not camel.stacked((0, 0, 0, 0, -1), (0, 0, 0, 0, 0), 2)
    assert not camel.stacked((0, 0, 0, 0, 1), (0, 0, 0, 0, -1), 2)


def test_contract_helpers() -> None:
    # CUC-MOVE-STACK, CUC-MOVE-FENNEC: landed_ok (unit on top, or under after a
    # fennec) and within (cells in range), the contracts' helper predicates.
    assert camel.within((0, 3, 16), 16)
    assert not camel.within((0, 17), 16)
    assert not camel.within((-1, 3), 16)
    assert camel.within((), 0)
    pos, height = (3, 3, 3, 0, 5), (0, 1, 2, 0, 0)
    assert camel.landed_ok(pos, height, (1, 2), False)
    assert not camel.landed_ok(pos, height, (1, 2), True)
    assert camel.landed_ok(pos, height, (0, 1), True)
    assert not camel.landed_ok(pos, height, (0, 1), False)
    assert camel.landed_ok(pos, height, (4,), False) and camel.landed_ok(pos, height, (4,), True)
    assert not camel.landed_ok((3, 3, 0, 0, 0), (0, 1, 0, 0, 0), (0,), False)


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


def test_outcome_names_its_rule() -> None:
    # CUC-WINNER: the outcome of a finished game names the rule that decides it.
    trace = kernel.play(GAME, {"players": 3}, 5)
    outcome = kernel.outcome(trace.final)
    assert outcome is not None and outcome.rules == ("CUC-WINNER",)
    assert kernel.outcome(trace.initial) is None


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


def test_track_helpers() -> None:
    # CUC-INV-TRACK, CUC-EXTEND, CUC-SANDSTORM: the track's length, spare spaces,
    # validity and the card holding each cell (these run behind lru_caches in
    # the game, so a mutant there is seen only by direct calls).
    face, sand, half = camel.FACE, camel.SAND, camel.HALF
    assert camel.track_length(()) == 0
    assert camel.track_length((face, sand, half)) == 4
    assert camel.spare_spaces((face,) * 7 + (half,), 12) == 9  # 4 cards + the covered half
    assert camel.spare_spaces((face,) * 8, 12) == 8
    assert camel.spare_spaces((), 12) == 24
    assert camel.spare_spaces((face,) * 12, 12) == 0
    assert camel.valid_track((face, sand, half), 3)
    assert camel.valid_track((), 12)
    assert not camel.valid_track((face,) * 4, 3)  # more cards than there are
    assert not camel.valid_track((face, half, face), 12)  # half only as the last card
    assert not camel.valid_track((face, 4), 12)
    assert [camel.card_of((face, sand, face), c) for c in range(7)] == [-1, 0, 0, 1, 2, 2, 3]
    assert camel.card_of((face,), -3) == -1


def test_well_formed_edges() -> None:
    # CUC-INV-CAMELS, CUC-INV-STACKS: five camels, on cells 0..finish, gap-free
    # stacks, unstacked on the Start card.
    assert camel.well_formed((0, 0, 0, 0, 0), (0, 0, 0, 0, 0), 1)
    assert camel.well_formed((1, 1, 1, 1, 1), (4, 3, 2, 1, 0), 1)
    assert not camel.well_formed((0, 0, 0, 0), (0, 0, 0, 0), 1)  # four camels
    assert not camel.well_formed((0, 0, 0, 0, 0), (0, 0, 0, 0), 1)
    assert not camel.well_formed((0, 0, 0, 0, 2), (0, 0, 0, 0, 0), 1)  # beyond the Finish
    assert not camel.well_formed((0, 0, 0, 0, -1), (0, 0, 0, 0, 0), 1)
    assert not camel.well_formed((0, 0, 0, 0, 1), (0, 0, 0, 0, -1), 1)
    assert not camel.well_formed((0, 0, 0, 0, 0), (0, 0, 0, 0, 1), 1)  # stacked on Start
    assert not camel.well_formed((1, 1, 0, 0, 0), (0, 0, 0, 0, 0), 1)  # same place
    assert not camel.well_formed((1, 1, 0, 0, 0), (0, 2, 0, 0, 0), 1)  # a gap


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


F, S, H = camel.FACE, camel.SAND, camel.HALF


@pytest.mark.parametrize(("track", "leader", "expected"), [
    ((F, F, H), 4, ((F, F, F, H), 2)),  # uncover the half, then a half card
    ((F, F, H), 2, ((F, F, H), 0)),  # exactly 3 spaces ahead: nothing
    ((F, F), 4, ((F, F, F, H), 3)),  # a face card, then a half card
    ((F, F, F), 4, ((F, F, F, H), 1)),
    ((F, H), 3, ((F, F, F), 3)),  # uncover, then a face card
    ((F, S, F), 3, ((F, S, F, H), 1)),  # 5 spaces, 2 ahead of the leader
    ((F,) * 11 + (H,), 22, ((F,) * 12, 1)),  # the spare cards run out
    ((F,) * 11, 22, ((F,) * 12, 2)),
    ((F,) * 11, 21, ((F,) * 12, 2)),
    ((F,) * 12, 23, ((F,) * 12, 0)),
])
def test_extend_cases(track: tuple[int, ...], leader: int,
                      expected: tuple[tuple[int, ...], int]) -> None:
    # CUC-EXTEND: add spaces until exactly 3 lie between the leader and the
    # Finish: first the covered half, then spare cards face up, the last one
    # half covered if needed; never more than 12 cards (worked out by hand).
    assert camel.extend(track, leader, 12) == expected


def _data_in(phase: str, players: int, seed: int = 0) -> dict[str, Any]:
    info = kernel.game_info(GAME)
    states, _ = checks.walk(info, {"players": players}, seed, 200)
    state = next(s for s in states if s.phase == phase
                 and (phase != "discard" or s.turn == 1)
                 and (phase != "deal" or 0 < sum(map(len, s.hands)) < 2 * players))
    return kernel.to_data(state)


def _move_card(data: dict[str, Any], src: tuple[str, ...], dst: tuple[str, ...]) -> dict[str, Any]:
    def zone(d: dict[str, Any], path: tuple[str, ...]) -> list[str]:
        value: Any = d
        for key in path:
            value = value[int(key)] if isinstance(value, list) else value[key]
        assert isinstance(value, list)
        return value

    out: dict[str, Any] = json.loads(json.dumps(data))
    card = zone(out, src).pop()
    zone(out, dst).append(card)
    zone(out, dst).sort()
    return out


def test_leg_setup_hand_sizes_are_checked() -> None:
    # CUC-INV-PHASE: the hand sizes fit the phase: none at the setup reveals,
    # round robin while dealing, the purple number before a seat's turn to
    # discard and the red number after it.
    setup = kernel.to_data(kernel.new_game(GAME, {"players": 3}))
    assert "CUC-INV-PHASE" in kernel.status(_move_card(setup, ("stock",), ("hands", "0")))
    deal = _data_in("deal", 3)
    assert kernel.status(deal) == ()
    assert "CUC-INV-PHASE" in kernel.status(_move_card(deal, ("hands", "0"), ("hands", "1")))
    discard = _data_in("discard", 3)  # seat 1 discards; seat 0 is done
    assert kernel.status(discard) == ()
    dealt_all = json.loads(json.dumps(discard))
    dealt_all.update(phase="deal", stock=discard["discard"], discard=[], turn=0)
    for seat in range(3):  # every seat back to the purple number, still dealing
        while len(dealt_all["hands"][seat]) < 10:
            dealt_all = _move_card(dealt_all, ("stock",), ("hands", str(seat)))
    assert "CUC-INV-PHASE" in kernel.status(dealt_all)
    assert "CUC-INV-PHASE" in kernel.status(_move_card(discard, ("hands", "0"), ("discard",)))
    assert "CUC-INV-PHASE" in kernel.status(_move_card(discard, ("hands", "2"), ("discard",)))


def test_plain_data_keys() -> None:
    # KERNEL-INPUT: the plain-data form has exactly the documented keys.
    data = kernel.to_data(kernel.new_game(GAME, {"players": 2}))
    assert set(data) == {
        "game", "version", "players", "age_order", "phase", "leg", "track", "stacks", "palm",
        "fennec", "revealed", "shown", "leaders", "midfield", "bets", "winner_bets",
        "loser_bets", "money", "payouts", "starter", "turn", "bet_done", "track_done",
        "extended", "stock", "hands", "discard", "deck", "intel"}
    assert (data["game"], data["version"]) == (GAME, 1)


def test_new_game_table() -> None:
    # CUC-SETUP-TRACK, CUC-SETUP-START, CUC-SETUP-FINAL, CUC-SETUP-MONEY,
    # CUC-SETUP-REVEAL, CUC-LEG-RESET: the table before the 5 starting reveals
    # (4 players: flag 17, so 8 face-up cards and a half-covered ninth).
    data = kernel.to_data(kernel.new_game(GAME, {"players": 4, "age_order": [2, 0, 3, 1]}))
    from kernel.games.camel_up_cards_2016.data import FULL_DECK

    assert data == {
        "game": GAME, "version": 1, "players": 4, "age_order": [2, 0, 3, 1], "phase": "setup",
        "leg": 0, "track": "FFFFFFFFH",
        "stacks": [["blue", "green", "orange", "white", "yellow"]] + [[] for _ in range(18)],
        "palm": None, "fennec": None, "revealed": [], "shown": [],
        "leaders": {c: [2, 2, 3, 5] for c in ("blue", "green", "orange", "white", "yellow")},
        "midfield": ["blue", "green", "orange", "white", "yellow"], "bets": [[], [], [], []],
        "winner_bets": [None] * 4, "loser_bets": [None] * 4, "money": [3, 3, 3, 3],
        "payouts": [[], [], [], []], "starter": 0, "turn": 0, "bet_done": False,
        "track_done": False, "extended": 0, "stock": list(FULL_DECK), "hands": [[]] * 4,
        "discard": [], "deck": [], "intel": [[]] * 4,
    }


@pytest.mark.parametrize(("config", "message"), [
    ([4], 'configuration must be a mapping such as {"players": 4}'),
    ({"players": 4, "colour": 1, "b": 2},
     "unknown configuration key 'colour'; known: players, age_order"),
    ({"players": "4"}, "'players' must be an integer, not '4'"),
    ({"players": True}, "'players' must be an integer, not true"),
    ({"players": 10**5000}, "'players' must be 2 to 6, not an integer of 16610 bits"),
    ({"players": 7}, "'players' must be 2 to 6, not 7"),
    ({"players": 3, "age_order": [0, 1]},
     "'age_order' must list the seats 0..2 once each, youngest first"),
    ({"players": 3, "age_order": (0, 1, 1)},
     "'age_order' must list the seats 0..2 once each, youngest first"),
    ({"players": 3, "age_order": [0, True, 2]},
     "'age_order' must list the seats 0..2 once each, youngest first"),
    ({"players": 3, "age_order": [0, 1.0, 2]},
     "'age_order' must list the seats 0..2 once each, youngest first"),
    ({"players": 3, "age_order": "012"},
     "'age_order' must list the seats 0..2 once each, youngest first"),
    ({"players": 3, "age_order": 7},
     "'age_order' must list the seats 0..2 once each, youngest first"),
])
def test_config_messages(config: object, message: str) -> None:
    # KERNEL-CONFIG: a bad configuration is refused with a clear message naming the rule.
    assert kernel.check_config(GAME, config) == f"{message} [KERNEL-CONFIG]"


def test_good_configs() -> None:
    # KERNEL-CONFIG: the age order may be a list or a tuple; it defaults to the seats.
    assert kernel.check_config(GAME, {"players": 3, "age_order": (2, 0, 1)}) is None
    assert kernel.new_game(GAME, {"players": 3}).age_order == (0, 1, 2)


COLOURS = ("blue", "green", "orange", "white", "yellow")


@pytest.mark.parametrize(("leaders", "midfield", "losers", "open_bets"), [
    ({}, [], COLOURS, []),  # every betting card is taken: no bet is possible
    ({}, [], COLOURS[:4], ["lose:yellow"]),  # a final loser card is left
    ({}, ["green"], COLOURS, ["mid:green"]),  # a midfield card is left
    ({"white": [2]}, [], COLOURS, ["leg:white"]),  # a leader card is left
])
def test_turn_ends_when_no_bet_is_possible(
    leaders: dict[str, list[int]], midfield: list[str], losers: tuple[str, ...],
    open_bets: list[str],
) -> None:
    # CUC-TURN-SHAPE, CUC-BET-LEG, CUC-BET-FINAL: after the race-track action the
    # seat may still bet (or end); when no betting card is left the turn passes.
    taken = [f"{c}:{v}" for c in COLOURS for v in (5, 3, 2, 2)[:4 - len(leaders.get(c, []))]]
    taken += [f"{c}:mid" for c in COLOURS if c not in midfield]
    state = table(5, stacks={2: "BGOWY"}, deck=["blue+1", "green+1"],
                  leaders={c: leaders.get(c, []) for c in COLOURS}, midfield=midfield,
                  bets=[taken, [], [], [], []], winner_bets=list(COLOURS),
                  loser_bets=[*losers, *[None] * (5 - len(losers))], turn=0, starter=0)
    after, _ = do(state, "palm:5")
    if open_bets:
        assert (after.turn, after.track_done) == (0, True)
        assert [a.text for a in kernel.legal_actions(after)] == ["end", *open_bets]
    else:
        assert (after.turn, after.track_done, after.bet_done) == (1, False, False)


def test_ranks_cases() -> None:
    # CUC-RANK: further and higher is ahead; every camel on the Start card is 5th.
    assert camel.ranks((0, 0, 0, 0, 0), (0, 0, 0, 0, 0)) == (5, 5, 5, 5, 5)
    assert camel.ranks((0, 3, 3, 0, 1), (0, 0, 1, 0, 0)) == (5, 2, 1, 5, 3)
    assert camel.ranks((2, 2, 2, 2, 2), (4, 3, 2, 1, 0)) == (1, 2, 3, 4, 5)
    assert camel.ranks((1, 2, 3, 4, 5), (0, 0, 0, 0, 0)) == (5, 4, 3, 2, 1)


def test_chooser_with_nothing_left_to_choose() -> None:
    # CUC-INV-PHASE: the seat choosing holds more than it keeps after the step.
    discard = _data_in("discard", 3)  # seat 1 discards 5 of its 10 cards
    while len(discard["hands"][1]) > 5:
        discard = _move_card(discard, ("hands", "1"), ("discard",))
    assert "CUC-INV-PHASE" in kernel.status(discard)


M = camel.Moved


@pytest.mark.parametrize(("args", "expected"), [
    # CUC-MOVE-CARRY, CUC-MOVE-STACK: green carries orange onto space 3
    (((0, 1, 1, 0, 0), (0, 0, 1, 0, 0), 1, 2, 0, 0, 16),
     M((0, 3, 3, 0, 0), (0, 0, 1, 0, 0), 0, 0, (1, 2), 3, False, (), ())),
    # CUC-MOVE-START, CUC-MOVE-PASSED: blue leaves the Start card alone; every
    # camel is now past the palm on space 1, which goes back
    (((0, 2, 3, 4, 5), (0, 0, 0, 0, 0), 0, 2, 1, 0, 16),
     M((2, 2, 3, 4, 5), (1, 0, 0, 0, 0), 0, 0, (0,), 2, False, (), ("palm",))),
    (((0, 2, 3, 4, 5), (0, 0, 0, 0, 0), 0, 2, 0, 1, 16),
     M((2, 2, 3, 4, 5), (1, 0, 0, 0, 0), 0, 0, (0,), 2, False, (), ("fennec",))),
    # CUC-MOVE-PALM: one further, on top
    (((1, 5, 5, 0, 0), (0, 0, 1, 0, 0), 0, 2, 3, 0, 16),
     M((4, 5, 5, 0, 0), (0, 0, 1, 0, 0), 0, 0, (0,), 4, False, ("palm",), ())),
    # CUC-MOVE-FENNEC: one back, under the camels there
    (((1, 2, 2, 0, 0), (0, 0, 1, 0, 0), 0, 2, 0, 3, 16),
     M((2, 2, 2, 0, 0), (0, 1, 2, 0, 0), 0, 0, (0,), 2, True, ("fennec",), ())),
    # CUC-MOVE-CHAIN: palm then fennec (ends under, on the palm's space) ...
    (((1, 6, 7, 0, 0), (0, 0, 0, 0, 0), 0, 2, 3, 4, 16),
     M((3, 6, 7, 0, 0), (0, 0, 0, 0, 0), 0, 0, (0,), 3, True, ("palm", "fennec"), ())),
    # ... and fennec then palm (ends on top, on the fennec's space)
    (((1, 6, 7, 0, 0), (0, 0, 0, 0, 0), 0, 2, 2, 3, 16),
     M((3, 6, 7, 0, 0), (0, 0, 0, 0, 0), 0, 0, (0,), 3, False, ("fennec", "palm"), ())),
    # the palm acts; the fennec behind stays (a camel is still behind it)
    (((1, 6, 7, 0, 0), (0, 0, 0, 0, 0), 0, 2, 3, 2, 16),
     M((4, 6, 7, 0, 0), (0, 0, 0, 0, 0), 0, 2, (0,), 4, False, ("palm",), ())),
    # CUC-MOVE-START: the fennec on space 1 sends blue back onto the Start card
    (((0, 0, 0, 0, 2), (0, 0, 0, 0, 0), 0, 1, 0, 1, 16),
     M((0, 0, 0, 0, 2), (0, 0, 0, 0, 0), 0, 0, (0,), 0, True, ("fennec",), ())),
    # CUC-GAME-END: passing the Finish stops on it, the unit in order
    (((5, 5, 2, 0, 0), (0, 1, 0, 0, 0), 0, 2, 0, 0, 6),
     M((6, 6, 2, 0, 0), (0, 1, 0, 0, 0), 0, 0, (0, 1), 6, False, (), ())),
])
def test_move_cases(args: tuple[Any, ...], expected: camel.Moved) -> None:
    # CUC-MOVE-*: the whole result of a move, worked out by hand from the rules.
    result = camel.move(*args)
    assert result == expected
    assert [type(v) for v in result] == [type(v) for v in expected]  # 0, not None


def _reasons(state: Any, cases: list[tuple[object, str, str]]) -> None:
    for action, rule, reason in cases:
        result = kernel.apply(state, action)
        assert isinstance(result, kernel.Rejected), action
        assert (result.rule, result.reason) == (rule, reason), action


def test_rejection_reasons_at_a_chance_node() -> None:
    # KERNEL-INPUT, KERNEL-GAME, KERNEL-ACTOR: each refusal names its rule and
    # says clearly what is wrong.
    s = kernel.new_game(GAME, {"players": 2})
    _reasons(s, [
        ("x" * 100, "KERNEL-INPUT",
         f"unknown action text {'x' * 24!r}"[:-1] + "...' (100 characters)"),
        (" reveal", "KERNEL-INPUT", "unknown action text ' reveal'"),
        ("reveal\u3000", "KERNEL-INPUT", r"unknown action text 'reveal\u3000'"),
        ({"kind": 3}, "KERNEL-INPUT", "plain-data action needs a string 'kind', got 3"),
        (3, "KERNEL-INPUT", "not an action: 3"),
        ([[[]]], "KERNEL-INPUT", "not an action: a list of 1 item"),
        ({"kind": "end", "x": 1}, "KERNEL-INPUT", "unexpected field 'x' for 'end'"),
        ({"kind": "palm"}, "KERNEL-INPUT", "missing field 'space' for 'palm'"),
        ({"kind": "palm", "space": True}, "KERNEL-INPUT",
         "'space' of 'palm' must be an integer, not true"),
        ({"kind": "palm", "space": "3"}, "KERNEL-INPUT",
         "'space' of 'palm' must be an integer, not '3'"),
        ({"kind": "palm", "space": 99}, "KERNEL-INPUT", "unknown or out-of-range action 'palm' 99"),
        ({"kind": "palm", "space": 10**4300}, "KERNEL-INPUT",
         "unknown or out-of-range action 'palm' an integer of 14285 bits"),
        ({"kind": "reveal", "game": 7}, "KERNEL-GAME", f"action of game 7, not {GAME!r}"),
        (kernel.Action("other", "reveal"), "KERNEL-GAME",
         f"action of game 'other', not {GAME!r}"),
        ({"kind": "reveal", "game": "other"}, "KERNEL-GAME",
         f"action of game 'other', not {GAME!r}"),
        (kernel.Action(GAME, "fly"), "KERNEL-INPUT", "unknown action 'fly'"),
        (forged(GAME, "palm", True), "KERNEL-INPUT",
         "'space' of 'palm' must be an integer, not true"),
        ("reveal", "KERNEL-ACTOR", "reveal is not chance's to take"),
        ({"kind": "reveal", "seat": "x"}, "KERNEL-INPUT",
         "'seat' must be a seat number or \"chance\", not 'x'"),
        ({"kind": "draw", "card": "blue+1", "seat": 0}, "KERNEL-ACTOR",
         "it is chance's move, not 0's"),
    ])
    refused = kernel.game_info(GAME).apply("a state", "reveal")
    assert refused == kernel.Rejected("KERNEL-INPUT", f"not a {GAME} state: str")


def test_rejection_reasons_during_a_turn() -> None:
    # CUC-TURN-SHAPE, CUC-ACT-HAND, CUC-ACT-FIGURE, CUC-BET-LEG, CUC-BET-FINAL,
    # KERNEL-ACTOR, KERNEL-LEGAL: the rule that forbids, and why.
    s = table(4, stacks={2: "B", 4: "G"}, deck=["blue+1", "green+1"],
              leaders={"white": []}, midfield=["blue", "green", "orange", "yellow"],
              winner_bets=["orange", None, None, None], loser_bets=[None, "yellow", None, None],
              bets=[["white:5", "white:3", "white:2", "white:2", "white:mid"], [], [], []])
    _reasons(s, [
        ("draw:blue+1", "KERNEL-ACTOR", "draw:blue+1 is not seat 0's to take"),
        ("discard:blue+1", "CUC-TURN-SHAPE", "'discard' is a leg-setup choice, not part of a turn"),
        ("end", "CUC-TURN-SHAPE", "a turn needs exactly one race-track action"),
        ("hand", "CUC-ACT-HAND", "seat 0 has no hand card"),
        ("palm:4", "CUC-ACT-FIGURE",
         "space 4 is not an empty space ahead of the last camel before the Finish"),
        ("leg:white", "CUC-BET-LEG", "no white leader card left"),
        ("mid:white", "CUC-BET-LEG", "the white midfield card is taken"),
        ("win:orange", "CUC-BET-FINAL", "the orange final winner card is taken"),
        ("lose:yellow", "CUC-BET-FINAL", "the yellow final loser card is taken"),
        ({"kind": "reveal", "seat": 1}, "KERNEL-ACTOR", "it is seat 0's move, not 1's"),
    ])
    after_bet, _ = do(s, "leg:blue")
    _reasons(after_bet, [("mid:blue", "CUC-TURN-SHAPE", "at most one betting action per turn")])
    after_palm, _ = do(s, "palm:5")
    _reasons(after_palm, [
        ("fennec:6", "CUC-TURN-SHAPE", "only one race-track action per turn"),
    ])
    next_turn, _ = do(after_palm, "end")
    _reasons(next_turn, [("palm:7", "CUC-ACT-FIGURE", "the palm is already on the track")])
    drawing, _ = do(s, "reveal")
    _reasons(drawing, [("draw:yellow+2", "KERNEL-LEGAL", "no yellow+2 card is left to draw")])


def test_rejection_reasons_at_leg_setup_and_the_end() -> None:
    # CUC-LEG-DISCARD, KERNEL-TERMINAL: the leg-setup choices and a finished race.
    discard = kernel.from_data(_data_in("discard", 3))
    held = set(discard.hands[1])
    missing = next(c for c in CARD_IDS if c not in held)
    _reasons(discard, [
        ("deck:" + sorted(held)[0], "CUC-LEG-DISCARD",
         "leg setup: seat 1 must choose a discard card now"),
        ("discard:" + missing, "CUC-LEG-DISCARD", f"seat 1 holds no {missing} card"),
    ])
    final = kernel.play(GAME, {"players": 2}, 3).final
    _reasons(final, [
        ("reveal", "KERNEL-TERMINAL", "the race is over"),
        ({"kind": "reveal", "seat": 0}, "KERNEL-TERMINAL", "the race is over"),
    ])


def test_race_ending_on_the_last_card_of_the_deck() -> None:
    # CUC-GAME-END, CUC-PAY-FINAL, CUC-LEG-END: the race ends at once even when
    # the card that ends it empties the deck: one leg payout, no new leg.
    length = camel.track_length(table(2).track)
    s = table(2, stacks={length: "B"}, deck=["blue+1"],
              leaders={"blue": [2, 2, 3]}, bets=[["blue:5"], []])
    final, events = do(s, "reveal", "draw:blue+1")
    kinds = [e.kind for e in events]
    assert kinds.count("leg-ended") == 1 and kinds.count("leg-payout") == 2
    assert "leg-reset" not in kinds and kinds[-1] == "game-over"
    assert kernel.outcome(final) is not None
    assert kernel.to_data(final)["money"] == [8, 3]


def test_start_rule_named_only_for_the_start_card() -> None:
    # CUC-MOVE-START, CUC-MOVE-FENNEC: a camel sent back by the fennec onto
    # space 1 is not on the Start card; one sent back onto the Start card is.
    s = table(2, stacks={1: "B"}, deck=["blue+1", "green+1"],
              fennec={"space": 2, "holder": 1})
    _, events = do(s, "reveal", "draw:blue+1")
    moved = next(e for e in events if e.kind == "camel-moved")
    assert (moved.data["from"], moved.data["to"]) == (1, 1)
    assert "CUC-MOVE-START" not in moved.rules and "CUC-MOVE-FENNEC" in moved.rules
    s = table(2, stacks={2: "B"}, deck=["green+1", "blue+1"],
              fennec={"space": 1, "holder": 1})
    _, events = do(s, "reveal", "draw:green+1")
    moved = next(e for e in events if e.kind == "camel-moved")
    assert (moved.data["from"], moved.data["to"]) == (0, 0)
    assert "CUC-MOVE-START" in moved.rules


def test_card_game_hooks_get_the_game_the_spaces_added_and_the_events(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # CUG-LEG-CRAZY, CUG-LEG-EXTRA through the card engine's hooks: begin_leg
    # hands the game's leg_setup the CardGame itself, the spaces the extension
    # just added (CUC-EXTEND) and the step's event list; choose hands
    # deck_ready the CardGame and the event list (the hook's contract in
    # kernel/engines/camel_cards/spec.py), whatever the hook reads of them.
    import attrs

    from kernel.games.camel_up_card_game_2023 import engine as cug_engine
    from kernel.games.camel_up_card_game_2023 import transitions as cug_transitions

    calls: list[tuple[str, object, object, object]] = []

    def leg_setup(g: Any, t: Any, added: Any, ev: Any) -> None:
        calls.append(("leg_setup", g, added, ev))
        cug_engine.leg_setup(g, t, added, ev)

    def deck_ready(g: Any, t: Any, ev: Any) -> None:
        calls.append(("deck_ready", g, None, ev))
        cug_engine.deck_ready(g, t, ev)

    recording = attrs.evolve(cug_engine.GAME, leg_setup=leg_setup, deck_ready=deck_ready)
    monkeypatch.setattr(cug_transitions, "GAME", recording)
    expected: list[tuple[str, object]] = []
    for seed in (1, 2):
        calls_before = len(calls)
        trace = kernel.play("camel-up-card-game-2023", {"players": 6}, seed=seed)
        for st in trace.steps:
            kinds = [e.kind for e in st.events]
            if "leg-reset" in kinds:
                spaces = [e.data["spaces"] for e in st.events if e.kind == "track-extended"]
                expected.append(("leg_setup", spaces[0] if spaces else 0))
            if "deck-ready" in kinds:
                expected.append(("deck_ready", None))
        assert len(calls) > calls_before
    assert [(name, added) for name, _g, added, _ev in calls] == expected
    assert any(added for _n, _g, added, _ev in calls), "no leg began with an extension"
    assert all(g is recording and type(ev) is list for _n, g, _a, ev in calls)


def test_own_kinds_take_their_sorted_place_among_the_engines() -> None:
    # KERNEL-LEGAL, the API's order (kernel.core.Action: "Actions sort by kind,
    # then values, which is the order legal_actions returns them in"; the card
    # engine's Legality promises it for every card game): whatever race-track
    # kinds of its own a card game adds, each group lands in its sorted place
    # among the engine's groups (fennec, leg, lose, mid, palm, reveal, win).
    # One own kind in every gap, before the first and after the last.
    from kernel.core import Action
    from kernel.engines.camel_cards.legal import Legality
    from kernel.games.camel_up_cards_2016.engine import GAME as CARDS

    own_kinds = ("a", "h", "li", "m", "move", "pass", "s", "x")
    own = {k: (Action(GAME, k),) for k in own_kinds}
    legality = Legality(CARDS, own_kinds, lambda s: own, lambda s, a: None)
    state = table(4, stacks={3: "B", 4: "G"})  # play, no bet yet, both figures free
    legal = legality.legal_actions(state)
    engine = ("fennec", "leg", "lose", "mid", "palm", "reveal", "win")
    assert {a.kind for a in legal} == {*engine, *own_kinds}
    assert list(legal) == sorted(legal)
    assert [k for k, _ in itertools.groupby(a.kind for a in legal)] == sorted(
        {*engine, *own_kinds})


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

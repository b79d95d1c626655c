"""Turns, race-track actions and betting actions, Camel Up Cards (2016)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from helpers import cells, data_in, do, forged, rejected, table

import kernel
from kernel.games.camel_up_cards_2016.data import CARD_IDS


def test_least_money_starts_ties_to_the_youngest() -> None:
    # CUC-TURN-START: seats 1 and 2 have least money; seat 2 is the younger (age order 3, 2, 1, 0).
    s = table(deck=["white+1"], money=[5, 2, 2, 7], payouts=[[2], [-1], [-1], [4]],
              age_order=[3, 2, 1, 0])
    s, _ = do(s, "reveal", "draw:white+1")
    rng = random.Random(0)
    while s.phase != "play":
        legal = kernel.chance_outcomes(s) or [(a, Fraction(1)) for a in kernel.legal_actions(s)]
        s, _ = do(s, legal[rng.randrange(len(legal))][0].text)
    assert s.starter == 2 and kernel.current_actor(s) == 2


def test_first_leg_youngest_starts() -> None:
    # CUC-TURN-START: everyone has 3 Pounds in the first leg: the youngest starts.
    trace = kernel.play("camel-up-cards-2016", {"players": 3, "age_order": [2, 0, 1]}, 5)
    first_play = next(st.state for st in trace.steps if st.state.phase == "play")
    assert first_play.starter == 2


def test_clockwise_order() -> None:
    # CUC-TURN-ORDER: then the next seat number, wrapping around.
    s = table(deck=["white+1", "white+1", "green+1"], turn=3)
    s, _ = do(s, "reveal", "draw:white+1", "end")
    assert kernel.current_actor(s) == 0
    s, _ = do(s, "reveal", "draw:white+1", "end")
    assert kernel.current_actor(s) == 1


def test_one_track_action_and_at_most_one_bet() -> None:
    # CUC-TURN-SHAPE: one race-track action, at most one bet, before or after.
    s = table(deck=["white+1", "white+1"])
    assert rejected(s, "end").rule == "CUC-TURN-SHAPE"  # no race-track action yet
    s1, _ = do(s, "leg:blue")
    assert rejected(s1, "mid:green").rule == "CUC-TURN-SHAPE"  # a second bet
    s2, _ = do(s1, "palm:5")
    assert kernel.current_actor(s2) == 1  # bet and track action done: next seat
    s3, _ = do(s, "palm:5")
    assert rejected(s3, "fennec:6").rule == "CUC-TURN-SHAPE"  # a second track action
    assert "end" in [a.text for a in kernel.legal_actions(s3)]
    s4, _ = do(s3, "win:blue")  # betting after the race-track action
    assert kernel.current_actor(s4) == 1


def test_turn_ends_by_itself_when_no_bet_is_left() -> None:
    # CUC-TURN-SHAPE: no betting card left anywhere: the race-track action ends the turn.
    colours = ("blue", "green", "orange", "white", "yellow")
    all_leg = [[f"{c}:5", f"{c}:3", f"{c}:2", f"{c}:2", f"{c}:mid"] for c in colours]
    s = table(6, deck=["white+1", "white+1"],
              leaders={c: [] for c in colours}, midfield=[], bets=[*all_leg, []],
              winner_bets=[*colours, None], loser_bets=[*colours, None])
    assert all(a.kind not in ("leg", "mid", "win", "lose") for a in kernel.legal_actions(s))
    s, _ = do(s, "palm:5")
    assert kernel.current_actor(s) == 1 and not s.track_done
    # with one final card open, the seat may still bet after its race-track action
    s2 = table(6, deck=["white+1", "white+1"],
               leaders={c: [] for c in colours}, midfield=[], bets=[*all_leg, []],
               winner_bets=[*colours[:4], None, None], loser_bets=[*colours, None])
    s2, _ = do(s2, "palm:5")
    assert kernel.current_actor(s2) == 0
    assert [a.text for a in kernel.legal_actions(s2)] == ["end", "win:yellow"]


def test_place_a_figure() -> None:
    # CUC-ACT-FIGURE: an empty space ahead of the last camel, not the Finish; take its card.
    s = table(stacks={2: "B", 4: "GOWY"}, deck=["white+1", "white+1"])
    assert rejected(s, "palm:4").rule == "CUC-ACT-FIGURE"  # occupied
    assert rejected(s, "palm:1").rule == "CUC-ACT-FIGURE"  # behind the last camel
    assert rejected(s, "palm:2").rule == "CUC-ACT-FIGURE"  # the last camel's own space
    assert rejected(s, "palm:18").rule == "CUC-ACT-FIGURE"  # the Finish card (17 spaces)
    s1, _ = do(s, "palm:3", "end")
    assert (s1.palm, s1.palm_holder) == (3, 0)
    assert rejected(s1, "fennec:3").rule == "CUC-ACT-FIGURE"  # the palm's space
    assert rejected(s1, "palm:5").rule == "CUC-ACT-FIGURE"  # the palm is on the track
    s2, _ = do(s1, "fennec:17", "end")  # the last space is allowed
    assert (s2.fennec, s2.fennec_holder) == (17, 1)


def test_figure_spaces_listed() -> None:
    # CUC-ACT-FIGURE: every empty space from the last camel to the last space.
    s = table(stacks={2: "B", 4: "GOWY"}, deck=["white+1", "white+1"])
    spaces = sorted(int(str(a.arg)) for a in kernel.legal_actions(s) if a.kind == "palm")
    assert spaces == [3, *range(5, 18)]


def test_reveal_draws_from_the_racing_deck() -> None:
    # CUC-ACT-REVEAL: the top card of the shuffled deck: each card with its share.
    s = table(stacks={3: "W"}, deck=["blue+1", "blue+1", "white+2"])
    s, _ = do(s, "reveal")
    assert kernel.current_actor(s) == kernel.CHANCE
    assert [(a.text, p) for a, p in kernel.chance_outcomes(s)] == [
        ("draw:blue+1", Fraction(2, 3)), ("draw:white+2", Fraction(1, 3))]
    s, _ = do(s, "draw:white+2")  # +2: two spaces
    assert cells(s)[5] == "W" and s.revealed == ("white+2",)


def test_hand_card_moves_one_space_even_a_plus_two() -> None:
    # CUC-ACT-HAND: the hand card moves its camel 1 space only, then is discarded.
    s = table(stacks={3: "W"}, deck=["blue+1", "blue+1"], hands=[["white+2"], [], [], []])
    before = len(s.discard)
    s, events = do(s, "hand")
    assert cells(s)[4] == "W"
    assert s.hands[0] == () and len(s.discard) == before + 1
    assert kernel.current_actor(s) == 0  # a bet may still follow
    assert any("CUC-ACT-HAND" in e.rules for e in events)


def test_no_hand_card_no_hand_action() -> None:
    # CUC-ACT-HAND: only with a card in hand.
    s = table(deck=["blue+1", "blue+1"])
    assert rejected(s, "hand").rule == "CUC-ACT-HAND"


def test_leg_bets_take_the_top_card() -> None:
    # CUC-BET-LEG: the top card of the colour's stack: 5, then 3, 2, 2; then none left.
    s = table(deck=["white+1"] * 5)
    for expected in (5, 3, 2, 2):
        s, events = do(s, "leg:blue", "reveal")
        assert any(e.data.get("card") == f"blue:{expected}" for e in events)
        s, _ = do(s, "draw:white+1")
    assert rejected(s, "leg:blue").rule == "CUC-BET-LEG"


def test_midfield_card_once() -> None:
    # CUC-BET-LEG: one midfield card per colour.
    s = table(deck=["white+1", "white+1"])
    s, _ = do(s, "mid:green", "reveal", "draw:white+1")
    assert s.bets[0] == ((1, 0),)
    assert rejected(s, "mid:green").rule == "CUC-BET-LEG"


def test_final_bets_one_of_each_taking_another_returns_the_old() -> None:
    # CUC-BET-FINAL: at most one winner and one loser card; a new one returns the old.
    s = table(deck=["white+1"] * 5 + ["green+1"])
    s, _ = do(s, "win:blue", "reveal", "draw:white+1")
    assert rejected(s, "win:blue").rule == "CUC-BET-FINAL"  # seat 1: blue is taken
    s, _ = do(s, "lose:blue", "reveal", "draw:white+1")  # winner and loser of one colour: allowed
    s, _ = do(s, "reveal", "draw:white+1", "end", "reveal", "draw:white+1", "end")
    s, events = do(s, "win:green")  # seat 0 again
    assert s.winner_bets[0] == 1
    assert any(e.data.get("returned") == "blue" for e in events)
    s, _ = do(s, "reveal", "draw:white+1")  # seat 1's turn
    assert "win:blue" in [a.text for a in kernel.legal_actions(s)]  # blue is back


# --------------------------------------------------------------------------
# pinned by the mutation runs (each test names its rule)


GAME = "camel-up-cards-2016"


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
    discard = kernel.from_data(data_in("discard", 3))
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


def test_why_not_after_the_race_and_at_a_chance_node() -> None:
    # KERNEL-TERMINAL: once the race is over every action is refused as such;
    # KERNEL-ACTOR: at a chance node only a draw outcome may be asked about, and at a
    # seat's turn no draw outcome (the game's why_not, called directly, as a referee or
    # a bot may)
    from kernel.core import Rejected
    from kernel.games.camel_up_cards_2016 import game

    trace = kernel.play("camel-up-cards-2016", {"players": 3}, 1)
    states = [trace.initial, *(st.state for st in trace.steps)]
    seat_action = next(st.action for st in trace.steps if st.action.kind != "draw")
    assert game.why_not(trace.final, seat_action) == Rejected(
        "KERNEL-TERMINAL", "the race is over")
    chance = next(s for s in states if game.current_actor(s) == kernel.CHANCE)
    assert game.why_not(chance, seat_action) == Rejected(
        "KERNEL-ACTOR", f"a chance node: only draw outcomes, not {seat_action.text!r}")
    # and at a seat's turn a draw outcome is refused as chance's move
    draw = next(st.action for st in trace.steps if st.action.kind == "draw")
    seat = next(s for s in states if game.current_actor(s) not in (kernel.CHANCE, kernel.TERMINAL))
    assert game.why_not(seat, draw) == Rejected(
        "KERNEL-ACTOR", f"seat {seat.turn} is to act, not chance")

"""Leg end, ranking, payouts, the money floor and the end of the race."""

from __future__ import annotations

from helpers import cells, do, rejected, table

import kernel
from kernel.rules import camel

COLOURS = ("blue", "green", "orange", "white", "yellow")


def test_ranking_pure() -> None:
    # CUC-RANK: higher in a stack is ahead; camels on the Start card share fifth.
    assert camel.ranks((0, 3, 3, 0, 1), (0, 0, 1, 0, 0)) == (5, 2, 1, 5, 3)
    assert camel.ranks((7, 7, 7, 7, 7), (4, 3, 2, 1, 0)) == (1, 2, 3, 4, 5)
    assert camel.ranks((0, 0, 0, 0, 2), (0, 0, 0, 0, 0)) == (5, 5, 5, 5, 1)


def test_leg_payout_leader_midfield_figure_and_floor() -> None:
    # After yellow+1: blue (top of 8) 1st, orange 2nd, green 3rd, yellow 4th, white 5th.
    s = table(
        stacks={6: "G", 8: "OB"}, deck=["yellow+1"],
        bets=[["blue:5", "orange:5", "green:5"], ["blue:3", "yellow:mid"],
              ["green:mid", "orange:mid", "blue:mid", "white:mid"], ["white:5", "yellow:5"]],
        leaders={"blue": [2, 2], "green": [2, 2, 3], "orange": [2, 2, 3], "white": [2, 2, 3],
                 "yellow": [2, 2, 3]},
        midfield=[], palm={"space": 10, "holder": 3},
    )
    s, events = do(s, "reveal", "draw:yellow+1")
    # CUC-PAY-LEADER: seat 0: +5 (blue 1st), +1 (orange 2nd), -1 (green 3rd) = +5
    # CUC-PAY-LEADER + CUC-PAY-MID: seat 1: +3 (blue 1st) and yellow 4th +1 = +4
    # CUC-PAY-MID: seat 2: green 3rd +2, orange 2nd +1, blue 1st -1, white 5th -1 = +1
    # CUC-PAY-FIGURE + CUC-MONEY-FLOOR: seat 3: -1 -1 and -1 for the palm card:
    # 3 - 3 = 0, floored to 1 (the payout recorded is -2).
    assert s.money == (8, 7, 4, 1)
    assert s.payouts == ((5,), (4,), (1,), (-2,))
    deltas = [e.data["delta"] for e in events if e.kind == "leg-payout"]
    assert deltas == [5, 4, 1, -3]


def test_midfield_second_and_fourth() -> None:
    # CUC-PAY-MID: blue 1st, green 2nd, orange 3rd, yellow 4th (on white), white 5th.
    s = table(stacks={2: "Y", 3: "W", 4: "O", 5: "G", 6: "B"}, deck=["yellow+1"],
              bets=[["green:mid"], ["yellow:mid"], ["orange:mid"], ["blue:mid", "white:mid"]],
              midfield=[])
    s, _ = do(s, "reveal", "draw:yellow+1")
    assert cells(s)[3] == "WY"
    assert s.money == (4, 4, 5, 1)


def test_start_card_camels_are_fifth() -> None:
    # CUC-RANK: three camels on the Start card all share fifth; there is no 3rd or 4th.
    s = table(stacks={3: "G", 5: "B"}, deck=["green+1"],
              bets=[["orange:5"], ["orange:mid"], ["white:mid"], ["green:mid"]],
              leaders={"orange": [2, 2, 3]}, midfield=["blue", "yellow"])
    s, _ = do(s, "reveal", "draw:green+1")
    # orange 5th: leader -1, midfield -1; white 5th: midfield -1; green 2nd: midfield +1
    assert s.money == (2, 2, 2, 4)


def test_both_figure_cards_cost_one_each() -> None:
    # CUC-PAY-FIGURE: -1 for the palm card and -1 for the fennec card.
    s = table(stacks={3: "B"}, deck=["white+1"], palm={"space": 9, "holder": 1},
              fennec={"space": 12, "holder": 1})
    s, _ = do(s, "reveal", "draw:white+1")
    assert s.money == (3, 1, 3, 3)


def test_returned_figure_card_costs_nothing() -> None:
    # CUC-PAY-FIGURE with CUC-MOVE-PALM: the palm card went back when blue used the palm.
    s = table(stacks={3: "B"}, deck=["blue+1"], palm={"space": 4, "holder": 2})
    s, _ = do(s, "reveal", "draw:blue+1")
    assert s.money == (3, 3, 3, 3)


def test_money_floor_pure() -> None:
    # CUC-MONEY-FLOOR: never below 1 Pound.
    assert camel.floor_money(1, -5) == 1
    assert camel.floor_money(3, -2) == 1
    assert camel.floor_money(3, -1) == 2
    assert camel.floor_money(1, 7) == 8


def test_last_card_ends_the_leg() -> None:
    # CUC-LEG-END: the last card moves its camel, the leg ends at once: no bet after
    # it, hand cards are discarded without effect, the next leg is set up.
    s = table(stacks={3: "B"}, deck=["white+1"], hands=[["green+2"], ["blue+1"], [], []])
    s, _ = do(s, "leg:green")  # betting before the last reveal is allowed
    s, events = do(s, "reveal", "draw:white+1")
    assert s.phase == "deal" and s.leg == 2
    assert kernel.current_actor(s) == kernel.CHANCE
    assert rejected(s, "win:blue").rule == "KERNEL-ACTOR"
    ended = next(e for e in events if e.kind == "leg-ended")
    assert ended.data["discarded"] == 2 and ended.rules == ("CUC-LEG-END",)
    assert cells(s) == {0: "GOY", 1: "W", 3: "B"}
    # green (on the Start card) is 5th: the green leader card pays -1
    assert s.money == (2, 3, 3, 3)


def test_race_ends_when_a_stack_crosses_the_finish() -> None:
    # CUC-GAME-END: the race ends at once; the crossing stack stands on the Finish in order.
    s = table(stacks={16: "OB"}, deck=["orange+2", "green+1"])
    s, events = do(s, "reveal", "draw:orange+2")
    assert s.phase == "over" and kernel.current_actor(s) == kernel.TERMINAL
    assert kernel.to_data(s)["stacks"][18] == ["orange", "blue"]
    assert rejected(s, "win:blue").rule == "KERNEL-TERMINAL"
    assert kernel.legal_actions(s) == ()
    assert [e.kind for e in events][-1] == "game-over"


def test_reaching_the_finish_exactly_ends_the_race() -> None:
    # CUC-GAME-END: reaching the Finish card (one past the last space) is enough; a hand card too.
    s = table(stacks={17: "B"}, deck=["white+1", "white+1"], hands=[["blue+2"], [], [], []])
    s, _ = do(s, "hand")
    assert s.phase == "over"


def test_final_payout_after_the_leg_payout() -> None:
    # CUC-PAY-FINAL, CUC-PAY-WINNER, CUC-PAY-LOSER, CUC-MONEY-FLOOR, CUC-WINNER.
    # Finish: blue (top) 1st, orange 2nd; green 3rd, white 4th, yellow (Start) 5th.
    s = table(
        stacks={16: "OB", 10: "G", 3: "W"}, deck=["orange+2", "green+1"],
        bets=[["blue:5"], [], [], ["yellow:5", "white:5", "green:5"]],
        leaders={"blue": [2, 2, 3], "yellow": [2, 2, 3], "white": [2, 2, 3],
                 "green": [2, 2, 3]},
        winner_bets=["blue", "green", "white", "orange"],
        loser_bets=["yellow", "white", "blue", None],
        money=[3, 3, 3, 2], payouts=[[], [], [], [-1]],
    )
    s, events = do(s, "reveal", "draw:orange+2")
    # seat 0: leg +5 -> 8; winner blue 1st +7, loser yellow 5th +7 -> 22
    # seat 1: winner green 3rd -1, loser white 4th +3 -> 5
    # seat 2: winner white 4th -1, loser blue 1st -1 -> 1
    # seat 3: leg -3 from 2 -> floored to 1, then winner orange 2nd +3 -> 4
    #         (one floor on the net sum would give 2 - 3 + 3 = 2)
    assert s.money == (22, 5, 1, 4)
    assert s.payouts[3] == (-1, -1, 3)
    kinds = [e.kind for e in events]
    assert kinds.index("leg-payout") < kinds.index("final-payout")
    out = kernel.outcome(s)
    assert out is not None and out.winners == (0,)


def test_loser_card_on_a_start_card_camel_pays_seven() -> None:
    # CUC-PAY-LOSER: every camel still on the Start card is fifth.
    s = table(stacks={16: "B"}, deck=["blue+2", "green+1"],
              loser_bets=["green", "orange", None, None])
    s, _ = do(s, "reveal", "draw:blue+2")
    assert s.money[:2] == (10, 10)


def test_ties_share_the_victory() -> None:
    # CUC-WINNER: most money wins; ties share.
    s = table(2, stacks={14: "B"}, deck=["blue+2", "green+1"])
    s, _ = do(s, "reveal", "draw:blue+2")
    out = kernel.outcome(s)
    assert out is not None and out.money == (3, 3) and out.winners == (0, 1)


def test_payout_tables_pure() -> None:
    # CUC-PAY-LEADER, CUC-PAY-MID, CUC-PAY-WINNER, CUC-PAY-LOSER: by place 1..5.
    assert [camel.leader_payout(5, r) for r in range(1, 6)] == [5, 1, -1, -1, -1]
    assert [camel.leader_payout(2, r) for r in range(1, 6)] == [2, 1, -1, -1, -1]
    assert [camel.midfield_payout(r) for r in range(1, 6)] == [-1, 1, 2, 1, -1]
    assert [camel.final_winner_payout(r) for r in range(1, 6)] == [7, 3, -1, -1, -1]
    assert [camel.final_loser_payout(r) for r in range(1, 6)] == [-1, -1, -1, 3, 7]


# --------------------------------------------------------------------------
# pinned by the mutation runs (each test names its rule)


GAME = "camel-up-cards-2016"


def test_outcome_names_its_rule() -> None:
    # CUC-WINNER: the outcome of a finished game names the rule that decides it.
    trace = kernel.play(GAME, {"players": 3}, 5)
    outcome = kernel.outcome(trace.final)
    assert outcome is not None and outcome.rules == ("CUC-WINNER",)
    assert kernel.outcome(trace.initial) is None


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

"""Camel movement rules of Camel Up Cards (2016), through ``kernel.apply``.

Cells: 0 is the Start card, 1..L the spaces. Stacks are written bottom to
top by initials: B blue, G green, O orange, W white, Y yellow.
"""

from __future__ import annotations

from helpers import cells, do, table

from kernel.rules import camel


def test_lands_on_top_of_a_camel() -> None:
    # CUC-MOVE-STACK: a camel ending on an occupied space goes on top.
    s = table(stacks={3: "B", 5: "G"}, deck=["blue+2", "white+1"])
    s, events = do(s, "reveal", "draw:blue+2")
    assert cells(s) == {0: "OWY", 5: "GB"}
    assert any("CUC-MOVE-STACK" in e.rules for e in events)


def test_lands_on_top_of_a_stack() -> None:
    # CUC-MOVE-STACK: on top of a whole stack.
    s = table(stacks={3: "B", 4: "GO"}, deck=["blue+1", "white+1"])
    s, _ = do(s, "reveal", "draw:blue+1")
    assert cells(s)[4] == "GOB"


def test_carries_the_camels_above_in_order() -> None:
    # CUC-MOVE-CARRY: green carries orange (above it), never blue (below).
    s = table(stacks={3: "BGO", 4: "W"}, deck=["green+1", "white+1"])
    s, events = do(s, "reveal", "draw:green+1")
    assert cells(s) == {0: "Y", 3: "B", 4: "WGO"}
    moved = next(e for e in events if e.kind == "camel-moved")
    assert moved.data["carried"] == ["orange"]


def test_top_camel_moves_alone() -> None:
    # CUC-MOVE-CARRY: the top camel carries nobody.
    s = table(stacks={3: "BGO"}, deck=["orange+2", "white+1"])
    s, _ = do(s, "reveal", "draw:orange+2")
    assert cells(s) == {0: "WY", 3: "BG", 5: "O"}


def test_start_card_camels_move_alone() -> None:
    # CUC-MOVE-START: camels on the Start card are not stacked: one moves alone.
    s = table(stacks={}, deck=["green+2", "white+1"])
    s, _ = do(s, "reveal", "draw:green+2")
    assert cells(s) == {0: "BOWY", 2: "G"}
    assert s.height == (0, 0, 0, 0, 0)


def test_fennec_pushes_back_onto_the_start_card_unstacked() -> None:
    # CUC-MOVE-START with CUC-MOVE-FENNEC: back onto the Start card, unstacked.
    s = table(stacks={3: "G"}, deck=["blue+1", "white+1"])
    s, _ = do(s, "fennec:1", "end", "reveal", "draw:blue+1")
    assert cells(s) == {0: "BOWY", 3: "G"}
    assert s.height == (0, 0, 0, 0, 0)
    assert s.fennec == 0 and s.fennec_holder == -1


def test_palm_moves_one_further_on_top() -> None:
    # CUC-MOVE-PALM: ending on the palm: one more space forward, on top; palm
    # and palm card go back beside the track.
    s = table(stacks={3: "B", 6: "W"}, deck=["blue+2", "white+1"])
    s, _ = do(s, "palm:5", "end")
    assert s.palm == 5 and s.palm_holder == 0
    s, events = do(s, "reveal", "draw:blue+2")
    assert cells(s)[6] == "WB"
    assert s.palm == 0 and s.palm_holder == -1
    assert any("CUC-MOVE-PALM" in e.rules for e in events)


def test_palm_carries_a_stack_onto_a_stack() -> None:
    # CUC-MOVE-PALM with CUC-MOVE-CARRY: the whole unit goes on top.
    s = table(stacks={4: "BG", 6: "WO"}, deck=["blue+1", "white+1"])
    s, _ = do(s, "palm:5", "end", "reveal", "draw:blue+1")
    assert cells(s)[6] == "WOBG"


def test_palm_onto_an_empty_space() -> None:
    # CUC-MOVE-PALM: the extra space may be empty.
    s = table(stacks={4: "B"}, deck=["blue+1", "white+1"])
    s, _ = do(s, "palm:5", "end", "reveal", "draw:blue+1")
    assert cells(s)[6] == "B"


def test_fennec_moves_one_back_under() -> None:
    # CUC-MOVE-FENNEC: ending on the fennec: one space back, UNDER the camels there.
    s = table(stacks={3: "B", 4: "W"}, deck=["blue+2", "white+1"])
    s, events = do(s, "fennec:5", "end", "reveal", "draw:blue+2")
    assert cells(s)[4] == "BW"
    assert s.fennec == 0 and s.fennec_holder == -1
    assert any("CUC-MOVE-FENNEC" in e.rules for e in events)


def test_fennec_puts_a_stack_under_a_stack() -> None:
    # CUC-MOVE-FENNEC with CUC-MOVE-CARRY: the unit keeps its order, under.
    s = table(stacks={2: "BG", 3: "OW"}, deck=["blue+2", "white+1"])
    s, _ = do(s, "fennec:4", "end", "reveal", "draw:blue+2")
    assert cells(s)[3] == "BGOW"


def test_fennec_back_to_where_it_came_from_goes_under() -> None:
    # CUC-MOVE-FENNEC: back onto its own space: under the camels left there.
    s = table(stacks={3: "OB"}, deck=["blue+1", "white+1"])
    s, _ = do(s, "fennec:4", "end", "reveal", "draw:blue+1")
    assert cells(s)[3] == "BO"


def test_palm_then_adjacent_fennec() -> None:
    # CUC-MOVE-CHAIN: palm on 5, fennec on 6: 5 -> 6 -> back to 5; both removed.
    s = table(stacks={3: "B", 4: "W"}, deck=["blue+2", "white+1"])
    s, events = do(s, "palm:5", "end", "fennec:6", "end", "reveal", "draw:blue+2")
    assert cells(s)[5] == "B"
    assert (s.palm, s.fennec) == (0, 0)
    assert any("CUC-MOVE-CHAIN" in e.rules for e in events)


def test_fennec_then_adjacent_palm() -> None:
    # CUC-MOVE-CHAIN: fennec on 5, palm on 4: 5 -> 4 -> forward to 5, on top.
    s = table(stacks={3: "B", 6: "W"}, deck=["blue+2", "white+1"])
    s, _ = do(s, "fennec:5", "end", "palm:4", "end", "reveal", "draw:blue+2")
    assert cells(s)[5] == "B"
    assert (s.palm, s.fennec) == (0, 0)


def test_figure_returns_when_every_camel_passed_it() -> None:
    # CUC-MOVE-PASSED: the fennec on 4 returns (with its card) once all camels are past it.
    s = table(stacks={3: "B", 6: "GOWY"}, deck=["blue+2", "white+1"])
    s, _ = do(s, "fennec:4", "end")
    assert s.fennec_holder == 0
    s, events = do(s, "reveal", "draw:blue+2")
    assert s.fennec == 0 and s.fennec_holder == -1
    assert any(e.kind == "figure-returned" and "CUC-MOVE-PASSED" in e.rules for e in events)


def test_figure_stays_while_a_camel_is_behind_it() -> None:
    # CUC-MOVE-PASSED: not yet: yellow is still behind the palm.
    s = table(stacks={3: "B", 6: "GOW"}, deck=["blue+2", "white+1"])
    s, _ = do(s, "palm:4", "end", "reveal", "draw:blue+2")
    assert s.palm == 4 and s.palm_holder == 0


def test_hand_card_triggers_the_palm() -> None:
    # CUC-MOVE-PALM applies to hand cards too (the reading taken in the spec).
    s = table(stacks={4: "B"}, deck=["white+1", "white+1"], hands=[[], ["blue+2"], [], []])
    s, _ = do(s, "palm:5", "end", "hand")
    assert cells(s)[6] == "B"


def test_pure_move_matches_the_table() -> None:
    # CUC-MOVE-CARRY, CUC-MOVE-STACK on the pure function shared by the camel games.
    m = camel.move((3, 3, 3, 4, 0), (0, 1, 2, 0, 0), 1, 1, 0, 0, 18)
    assert m.pos == (3, 4, 4, 4, 0) and m.height == (0, 1, 2, 0, 0) and m.unit == (1, 2)

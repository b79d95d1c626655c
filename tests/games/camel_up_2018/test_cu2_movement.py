"""Camel Up 2nd edition (2018): one reveal, the ranking and the leg tickets (movement.py).

Stacks are written bottom to top by initials: B blue, G green, R red,
Y yellow, P purple, W white, K black. Cell 0 lies behind the finish line
(a backward crossing), 17 past it (a forward crossing).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from kernel.games.camel_up_2018.movement import (
    CAMELS,
    CRAZY,
    DICE,
    RACING,
    Board,
    Face,
    Tile,
    board_of,
    board_problems,
    carries_racing,
    crazy_to_move,
    faces,
    grey_choice,
    in_order,
    leg_payout,
    lone_carrier,
    on_top_of,
    place_of,
    places,
    ranking,
    reveal,
    stacks_of,
    ticket_payouts,
    top_crazy,
)
from kernel.games.camel_up_2018.scoring import due, right_pays
from kernel.rules.stacks import well_formed

NAMES = {"B": "blue", "G": "green", "R": "red", "Y": "yellow", "P": "purple",
         "W": "white", "K": "black"}


def board(**cells: str) -> Board:
    """A board from cells written ``s3="WB"`` (space 3: white, then blue on top)."""
    return board_of({int(k[1:]): tuple(NAMES[x] for x in v) for k, v in cells.items()})


def picture(b: Board) -> dict[int, str]:
    initials = {v: k for k, v in NAMES.items()}
    return {cell: "".join(initials[n] for n in stack) for cell, stack in stacks_of(b).items()}


def roll(b: Board, die: str, number: int, colour: str | None = None,
         tiles: tuple[Tile, ...] = ()) -> tuple[dict[int, str], tuple[str, ...], bool]:
    r = reveal(b, tiles, die, Face(colour or die, number))
    return picture(r.board), r.rules, r.ended


def test_racing_die_moves_its_camel_forward_with_riders() -> None:
    # CU2-DIE-RACING: a racing die moves its camel 1-3 forward, carrying those above.
    b = board(s1="BGR", s2="YP", s14="W", s16="K")
    cells, rules, ended = roll(b, "green", 3)
    assert cells == {1: "B", 2: "YP", 4: "GR", 14: "W", 16: "K"}
    assert rules == ("CU2-DIE-RACING",) and not ended


def test_unit_lands_on_top() -> None:
    # CU2-MOVE-STACK: a unit ending on a unit goes on top.
    b = board(s1="BG", s3="RY", s5="P", s14="W", s16="K")
    cells, rules, _ = roll(b, "blue", 2)
    assert cells[3] == "RYBG"
    assert "CU2-MOVE-STACK" in rules


def test_grey_die_follows_the_colour() -> None:
    # CU2-DIE-GREY: neither exception applies, the colour of the number decides.
    b = board(s1="BGRYP", s10="W", s14="K")
    assert crazy_to_move(b, "white") == "white"
    assert crazy_to_move(b, "black") == "black"
    cells, rules, _ = roll(b, "grey", 2, "black")
    assert cells[12] == "K" and cells[10] == "W"
    assert rules[:2] == ("CU2-DIE-GREY", "CU2-MOVE-CRAZY")


def test_grey_die_exception_a_only_one_carries_racing_camels() -> None:
    # CU2-DIE-GREY (a): only white carries a racing camel, so white moves on a black number.
    b = board(s1="BGRY", s10="WP", s14="K")
    assert crazy_to_move(b, "black") == "white"
    cells, _, _ = roll(b, "grey", 3, "black")
    assert cells[7] == "WP" and cells[14] == "K"
    # a racing camel below a crazy camel is not carried by it: the colour decides
    b = board(s1="BGRY", s10="PW", s14="K")
    assert crazy_to_move(b, "black") == "black"


def test_grey_die_exception_a_both_carrying_falls_to_the_colour() -> None:
    # CU2-DIE-GREY (a) does not apply when both carry racing camels; (b) neither: colour.
    b = board(s1="BGR", s10="WY", s14="KP")
    assert crazy_to_move(b, "white") == "white"
    assert crazy_to_move(b, "black") == "black"


def test_grey_die_exception_b_the_top_crazy_camel_moves() -> None:
    # CU2-DIE-GREY (b): black sits directly on white, so black moves on a white number.
    b = board(s1="BGRYP", s12="WK")
    assert crazy_to_move(b, "white") == "black"
    cells, _, _ = roll(b, "grey", 1, "white")
    assert cells == {1: "BGRYP", 11: "K", 12: "W"}
    b = board(s1="BGRYP", s12="KW")  # white on black: white moves on a black number
    assert crazy_to_move(b, "black") == "white"
    # both carry the racing camel on top and (b) applies: the top crazy camel moves
    b = board(s1="BGRY", s12="WKP")
    assert crazy_to_move(b, "white") == "black"
    cells, _, _ = roll(b, "grey", 2, "white")
    assert cells == {1: "BGRY", 10: "KP", 12: "W"}
    # a racing camel between them: not directly on top, both carry: the colour
    b = board(s1="BGRY", s12="WPK")
    assert crazy_to_move(b, "white") == "white"


def test_grey_die_faces_and_racing_faces() -> None:
    # CU2-DIE-GREY: six faces, 1-3 in white and in black; CU2-DIE-RACING: 1, 2, 3.
    assert sorted(f for f, _ in faces("grey")) == sorted(
        Face(c, n) for c in CRAZY for n in (1, 2, 3))
    assert [f.number for f, _ in faces("purple")] == [1, 2, 3]
    assert {w for d in DICE for _, w in faces(d)} == {1, 2}


def test_crazy_camel_moves_backwards_carrying_riders() -> None:
    # CU2-MOVE-CRAZY: a crazy camel moves backwards by the number with those above it.
    b = board(s1="BGR", s9="WYP", s15="K")
    cells, _, ended = roll(b, "grey", 3, "white")
    assert cells == {1: "BGR", 6: "WYP", 15: "K"} and not ended


def test_racing_camel_carries_a_crazy_camel_forward() -> None:
    # CU2-DIE-RACING: the unit moves in the direction of the camel the die moved.
    b = board(s1="BGR", s5="YK", s7="P", s14="W")
    cells, _, _ = roll(b, "yellow", 1)
    assert cells[6] == "YK"


def test_cheering_tile_racing_camel() -> None:
    # CU2-TILE-CHEER: one more space forward, on top; CU2-TILE-PAY: its owner is paid.
    b = board(s1="BGRY", s5="P", s14="W", s16="K")
    r = reveal(b, (Tile(8, True, 3),), "purple", Face("purple", 3))
    assert r.target == 9 and r.paid == (3,) and r.used == (0,)
    assert r.rules == ("CU2-DIE-RACING", "CU2-TILE-CHEER", "CU2-TILE-PAY")
    r = reveal(b, (Tile(3, True, 1),), "green", Face("green", 2))
    assert picture(r.board)[4] == "GRY" and r.paid == (1,)


def test_boozing_tile_racing_camel_goes_underneath() -> None:
    # CU2-TILE-BOO: one space back, underneath the camels there.
    b = board(s1="BG", s2="RY", s5="P", s14="W", s16="K")
    r = reveal(b, (Tile(3, False, 0),), "green", Face("green", 2))
    assert picture(r.board)[2] == "GRY" and r.paid == (0,)
    assert "CU2-TILE-BOO" in r.rules and "CU2-MOVE-STACK" not in r.rules


def test_tiles_reversed_for_crazy_camels() -> None:
    # CU2-TILE-CHEER / CU2-TILE-BOO: for a crazy camel the direction is reversed,
    # cheering still on top, boozing still underneath.
    b = board(s1="BGRYP", s10="W", s13="K")
    r = reveal(b, (Tile(8, True, 2),), "grey", Face("white", 2))
    assert r.target == 7 and r.paid == (2,) and "CU2-TILE-CHEER" in r.rules
    b = board(s1="BGRY", s9="P", s11="W", s15="K")
    r = reveal(b, (Tile(8, False, 2),), "grey", Face("white", 3))
    assert picture(r.board)[9] == "WP"  # forward for it, underneath the purple camel
    assert "CU2-TILE-BOO" in r.rules


def test_tile_puts_a_racing_camel_under_a_crazy_camel() -> None:
    # CU2-TILE-BOO puts a unit under a crazy camel; the crazy camel then rides it
    # (CU2-DIE-RACING) and carries no racing camel (CU2-DIE-GREY (a)).
    b = board(s1="BGRY", s4="P", s6="W", s14="K")
    r = reveal(b, (Tile(7, False, 0),), "purple", Face("purple", 3))
    assert picture(r.board)[6] == "PW"
    assert crazy_to_move(r.board, "black") == "black"
    r2 = reveal(r.board, (Tile(7, False, 0),), "purple", Face("purple", 2))
    assert picture(r2.board)[8] == "PW"
    # a crazy camel boozed backwards onto a stack goes under it and carries it
    b = board(s1="BGR", s7="YP", s9="W", s14="K")
    r = reveal(b, (Tile(8, True, 0),), "grey", Face("white", 1))  # cheer: one more back, on top
    assert picture(r.board)[7] == "YPW"
    b = board(s1="BGR", s5="YP", s7="W", s14="K")
    r = reveal(b, (Tile(4, False, 0),), "grey", Face("white", 3))  # boo: one forward, under
    assert picture(r.board)[5] == "WYP"
    assert crazy_to_move(r.board, "black") == "white"  # (a): now white carries racing camels


def test_race_ends_forwards() -> None:
    # CU2-RACE-END: a unit crossing the line forwards ends the race at once.
    b = board(s1="BGR", s15="YP", s12="W", s13="K")
    r = reveal(b, (), "yellow", Face("yellow", 2))
    assert r.ended and r.target == 17 and r.rules[-1] == "CU2-RACE-END"
    assert ranking(r.board)[:2] == ("purple", "yellow")


def test_tile_push_across_the_line_pays_first() -> None:
    # CU2-TILE-PAY then CU2-RACE-END: a cheering tile on 16 pushes the unit over the line.
    b = board(s1="BGRY", s14="P", s10="W", s11="K")
    r = reveal(b, (Tile(16, True, 4),), "purple", Face("purple", 2))
    assert r.ended and r.target == 17 and r.paid == (4,)
    assert r.rules == ("CU2-DIE-RACING", "CU2-TILE-CHEER", "CU2-TILE-PAY", "CU2-RACE-END")


def test_crazy_camel_carries_racing_camels_backwards_across_the_line() -> None:
    # CU2-RACE-END: a crazy camel crossing backwards ends the race; CU2-RANK: the racing
    # camels it carried rank below every other racing camel, the higher first.
    b = board(s2="WBG", s5="RY", s9="P", s14="K")
    r = reveal(b, (), "grey", Face("white", 3))
    assert r.ended and r.target == 0 and picture(r.board)[0] == "WBG"
    assert ranking(r.board) == ("purple", "yellow", "red", "green", "blue")
    assert place_of(r.board, "green") == 4 and place_of(r.board, "blue") == 5


def test_crazy_camel_crossing_backwards_ignores_tiles() -> None:
    # CU2-RACE-END: the cell beyond the line is no track space: no tile acts there.
    b = board(s1="KBGRYP", s10="W")
    r = reveal(b, (Tile(3, True, 0),), "grey", Face("black", 1))
    assert r.ended and r.paid == () and picture(r.board) == {0: "KBGRYP", 10: "W"}
    assert ranking(r.board) == ("purple", "yellow", "red", "green", "blue")


def test_ranking_stacks_and_spaces() -> None:
    # CU2-RANK: racing camels only, further ahead first, higher in a stack first.
    b = board(s3="BWG", s4="K", s7="RY", s2="P")
    assert ranking(b) == ("yellow", "red", "green", "blue", "purple")
    assert places(b) == (4, 3, 2, 1, 5)


def test_leg_ticket_payouts() -> None:
    # CU2-PAY-LEG: the leading camel pays the ticket's value, the second +1, others -1.
    assert [leg_payout(5, p) for p in range(1, 6)] == [5, 1, -1, -1, -1]
    assert [leg_payout(2, p) for p in range(1, 6)] == [2, 1, -1, -1, -1]
    b = board(s1="BG", s2="RY", s3="P", s14="W", s16="K")
    assert ticket_payouts(b, {"purple": 3, "yellow": 5, "blue": 2, "red": 0}) == {
        "purple": 3, "yellow": 1, "blue": -1, "red": 0}


def test_bad_input_is_refused() -> None:
    b = board(s1="BGRYP", s14="W", s16="K")
    with pytest.raises(ValueError):
        reveal(b, (), "orange", Face("orange", 1))
    with pytest.raises(ValueError):
        reveal(b, (), "blue", Face("blue", 4))
    with pytest.raises(ValueError):
        reveal(b, (), "blue", Face("red", 1))
    with pytest.raises(ValueError):
        reveal(b, (), "grey", Face("blue", 1))
    with pytest.raises(ValueError):
        board_of({1: ("blue", "blue")})
    with pytest.raises(ValueError):
        board_of({1: RACING})
    assert board_problems(b, (Tile(1, True, 0),)) != []
    assert board_problems(b, (Tile(4, True, 0), Tile(5, False, 1))) != []
    assert board_problems(b, (Tile(4, True, 0), Tile(6, False, 1))) == []


def _random_board(rng: random.Random) -> tuple[Board, tuple[Tile, ...]]:
    cells: dict[int, list[str]] = {}
    for name in rng.sample(CAMELS, len(CAMELS)):
        cells.setdefault(rng.randint(1, 16), []).append(name)
    b = board_of(cells)
    free = [s for s in range(2, 17) if s not in b.pos]
    tiles: list[Tile] = []
    for s in rng.sample(free, min(3, len(free))):
        if all(abs(s - t.space) > 1 for t in tiles):
            tiles.append(Tile(s, rng.random() < 0.5, len(tiles)))
    return b, tuple(tiles)


def test_every_reveal_keeps_the_board_whole() -> None:
    # CU2-DIE-RACING, CU2-MOVE-CRAZY, CU2-RACE-END: properties of random reveals.
    rng = random.Random(2018)
    for _ in range(300):
        b, tiles = _random_board(rng)
        assert board_problems(b, tiles) == []
        for die in DICE:
            for face, _ in faces(die):
                r = reveal(b, tiles, die, face)
                assert well_formed(r.board.pos, r.board.height, 17, ())
                assert r.ended == (r.target in (0, 17))
                c = CAMELS.index(r.camel)
                forward = r.camel in RACING
                assert r.unit[0] == r.camel
                assert r.target >= b.pos[c] if forward else r.target <= b.pos[c]
                pushes = sum(x in ("CU2-TILE-CHEER", "CU2-TILE-BOO") for x in r.rules)
                assert len(r.paid) == len(r.used) == pushes
                assert ("CU2-TILE-PAY" in r.rules) == bool(r.used)
                if not r.ended:  # no camel ever stands on a tile
                    assert not {t.space for t in tiles} & set(r.board.pos)
                assert sorted(places(r.board)) == [1, 2, 3, 4, 5]


def test_grey_choice_contracts_hold_on_random_boards() -> None:
    # CU2-DIE-GREY: grey_choice's postconditions (its CrossHair contracts) as a property,
    # with the contract helpers checked on a racing camel between the two crazy camels.
    b = board(s1="BGR", s7="WYKP")  # both carry racing camels, neither directly on the other
    assert top_crazy(b.pos, b.height) == -1 and lone_carrier(b.pos, b.height) == -1
    assert grey_choice(b.pos, b.height, 5) == 5 and grey_choice(b.pos, b.height, 6) == 6
    b = board(s1="BGR", s7="YWKP")
    assert top_crazy(b.pos, b.height) == 6 and on_top_of(b.pos, b.height, 6, 5)
    assert not carries_racing(b.pos, b.height, 6) or lone_carrier(b.pos, b.height) == -1
    rng = random.Random(316)
    for _ in range(400):
        b, _tiles = _random_board(rng)
        for colour in (5, 6):
            got = grey_choice(b.pos, b.height, colour)
            lone, top = lone_carrier(b.pos, b.height), top_crazy(b.pos, b.height)
            assert got in (5, 6)
            assert lone < 0 or got == lone
            assert lone >= 0 or top in (-1, got)
            assert lone >= 0 or top >= 0 or got == colour
            assert CAMELS[got] == crazy_to_move(b, CAMELS[colour])


# --------------------------------------------------------------------------
# the reveal semantics and the board's checks; the scoring contracts' helpers


def test_board_problems_named() -> None:
    # KERNEL-INPUT, CU2-TILE-PLACE: the odds' board checks (race-kernel odds): seven
    # camels on spaces 1..16 in gap-free
    # stacks; tiles on 2..16 (CU2-TILE-PLACE), none under a camel, none on or next to
    # another (each pair named once, at its lower space).
    def board(pos: tuple[int, ...], height: tuple[int, ...] = (0, 1, 2, 3, 4, 0, 1)) -> Any:
        return type(board_of({1: RACING, 6: ("white", "black")}))(pos, height)

    ok = board((1, 1, 1, 1, 1, 6, 6))
    assert board_problems(ok) == []
    assert board_problems(board((1,) * 7, (0,) * 6)) == ["a board has 7 camels"]
    assert board_problems(board((1,) * 6, (0, 1, 2, 3, 4, 5, 6))) == ["a board has 7 camels"]
    assert board_problems(board((0, 1, 1, 1, 1, 6, 17), (0, 0, 1, 2, 3, 0, 0))) == [
        "camel blue is off the spaces 1..16", "camel black is off the spaces 1..16"]
    assert board_problems(board((1, 1, 1, 1, 1, 6, 6), (0, 1, 2, 3, 5, 0, 1))) == [
        "stack on cell 1 is not gap-free"]
    assert board_problems(board((2, 2, 2, 2, 2, 6, 6)), (Tile(1, True, 0), Tile(17, False, 1))) == [
        "tile on space 1 is off the spaces 2..16", "tile on space 17 is off the spaces 2..16"]
    assert board_problems(ok, (Tile(6, True, 0),)) == ["tile on space 6 is under a camel"]
    assert board_problems(ok, (Tile(9, True, 0), Tile(9, False, 1))) == [
        "tile on space 9 has a tile on it or next to it"] * 2
    assert board_problems(ok, (Tile(10, True, 0), Tile(9, False, 1), Tile(13, True, 2))) == [
        "tile on space 9 has a tile on it or next to it"]


def _board(**cells: tuple[str, ...]) -> Any:
    """A board from cells given as ``c5=("white",)``."""
    return board_of({int(name[1:]): stack for name, stack in cells.items()})


def test_grey_die_choice() -> None:
    # CU2-DIE-GREY: the colour of the number decides, except (a) exactly one crazy camel
    # with a racing camel anywhere above it moves, else (b) the one sitting directly on
    # the other moves; the grey die shows white or black only.
    from kernel.games.camel_up_2018.movement import crazy_to_move

    rest = {"c1": ("red", "yellow"), "c2": ("purple",)}
    for b, colour, moved in (
        # the colour: neither carries, not stacked (black rides a racing camel on 9)
        (_board(c5=("white",), c9=("blue", "black"), c10=("green",), **rest), "white",
         "white"),
        (_board(c5=("white",), c9=("blue", "black"), c10=("green",), **rest), "black",
         "black"),
        # (a): only black carries a racing camel
        (_board(c3=("black", "blue"), c12=("white",), c10=("green",), **rest), "white",
         "black"),
        (_board(c3=("white", "green", "blue"), c12=("black",), **rest), "black", "white"),
        # (b): white directly on black; black directly on white above a racing camel
        (_board(c14=("black", "white"), c6=("blue",), c10=("green",), **rest), "black",
         "white"),
        (_board(c6=("blue", "white", "black"), c10=("green",), **rest), "white", "black"),
        # both carry and a racing camel between them: the colour decides
        (_board(c6=("white", "blue", "black", "green"), **rest), "white", "white"),
        (_board(c6=("white", "blue", "black", "green"), **rest), "black", "black"),
    ):
        assert crazy_to_move(b, colour) == moved, (b, colour)
    with pytest.raises(ValueError, match=r"^the grey die shows white or black, not 'blue'$"):
        crazy_to_move(_board(c5=("white",), c9=("black",), c10=RACING), "blue")


def test_reveal_and_board_refusals() -> None:
    # KERNEL-INPUT, CU2-PYRAMID-TICKET: the reveal's and the board's input checks name
    # what is wrong (race-kernel odds
    # reads positions with them): the six dice, faces 1-3 of the die's own colour
    # (CU2-PYRAMID-TICKET), seven camels once each on cells 0..17.
    from kernel.games.camel_up_2018.movement import Face, reveal

    b = _board(c1=RACING, c14=("white",), c16=("black",))
    for die, face, message in (
        ("orange", Face("orange", 1), "unknown die 'orange'"),
        ("blue", Face("blue", 4), "a die shows 1, 2 or 3, not 4"),
        ("blue", Face("red", 1), "the blue die shows blue, not 'red'"),
        ("grey", Face("blue", 1), "the grey die shows white or black, not 'blue'"),
    ):
        with pytest.raises(ValueError) as refused:
            reveal(b, (), die, face)
        assert str(refused.value) == message
    for stacks, message in (
        ({18: RACING}, "cell 18 is off the track (0..17)"),
        ({-1: RACING}, "cell -1 is off the track (0..17)"),
        ({1: ("blue", "pink")}, "unknown camel 'pink'"),
        ({1: ("blue", "blue")}, "camel 'blue' appears twice"),
        ({0: ("blue",), 5: ("green", "blue")}, "camel 'blue' appears twice"),
        ({1: RACING}, "camel 'white' is missing"),
        ({1: RACING, 3: ("white",)}, "camel 'black' is missing"),
    ):
        with pytest.raises(ValueError) as refused:
            board_of(stacks)
        assert str(refused.value) == message
    # the cells on either edge of the track (behind and past the line) are on it
    edges = board_of({0: ("white",), 17: RACING, 16: ("black",)})
    assert edges.pos == (17, 17, 17, 17, 17, 0, 16) and edges.height == (0, 1, 2, 3, 4, 0, 0)


def test_places_on_the_first_cells() -> None:
    # CU2-RANK: further ahead first, higher in a stack first, also on space 1 and behind
    # the line (cell 0: carried backwards across it, below every other racing camel).
    from kernel.games.camel_up_2018.movement import places, ranking

    b = _board(c0=("white", "blue", "green"), c1=("red", "yellow"), c3=("purple",),
               c9=("black",))
    assert places(b) == (5, 4, 3, 2, 1)
    assert ranking(b) == ("purple", "yellow", "red", "green", "blue")
    b = _board(c1=("blue", "green", "red", "yellow", "purple"), c6=("white", "black"))
    assert places(b) == (5, 4, 3, 2, 1)


def test_reveal_by_hand() -> None:
    # CU2-DIE-RACING, CU2-MOVE-STACK (on top of the unit there), CU2-TILE-CHEER (one
    # further, on top), CU2-TILE-BOO (one back, underneath: no stacking on top),
    # CU2-TILE-PAY (the owner of each tile landed on), CU2-MOVE-CRAZY.
    from kernel.games.camel_up_2018.movement import Face, reveal, stacks_of

    b = _board(c1=("blue", "green"), c2=("red",), c3=("yellow",), c6=("purple",),
               c9=("white",), c12=("black",))
    tiles = (Tile(4, False, 2), Tile(7, True, 1))
    # blue 2 carries green onto yellow on 3: on top
    r = reveal(b, tiles, "blue", Face("blue", 2))
    assert (r.camel, r.unit, r.target, r.used, r.paid, r.ended) == (
        "blue", ("blue", "green"), 3, (), (), False)
    assert set(r.rules) == {"CU2-DIE-RACING", "CU2-MOVE-STACK"}
    assert stacks_of(r.board)[3] == ("yellow", "blue", "green")
    # red 2 lands on the boozing tile on 4 (seat 2) and goes back to 3, under yellow
    r = reveal(b, tiles, "red", Face("red", 2))
    assert (r.target, r.used, r.paid) == (3, (0,), (2,))
    assert set(r.rules) == {"CU2-DIE-RACING", "CU2-TILE-BOO", "CU2-TILE-PAY"}
    assert stacks_of(r.board)[3] == ("red", "yellow")
    # yellow 1 lands on the boozing tile on 4 and goes back to 3, now empty: alone
    r = reveal(b, tiles, "yellow", Face("yellow", 1))
    assert (r.target, r.paid) == (3, (2,)) and stacks_of(r.board)[3] == ("yellow",)
    # purple 1 lands on the cheering tile on 7 (seat 1) and goes on to 8, alone
    r = reveal(b, tiles, "purple", Face("purple", 1))
    assert (r.target, r.used, r.paid) == (8, (1,), (1,))
    assert set(r.rules) == {"CU2-DIE-RACING", "CU2-TILE-CHEER", "CU2-TILE-PAY"}
    # white moves 2 back onto the cheering tile on 7: one further back, onto purple on 6
    r = reveal(b, tiles, "grey", Face("white", 2))
    assert (r.camel, r.target, r.used) == ("white", 6, (1,))
    assert set(r.rules) == {"CU2-DIE-GREY", "CU2-MOVE-CRAZY", "CU2-TILE-CHEER",
                            "CU2-MOVE-STACK", "CU2-TILE-PAY"}
    assert stacks_of(r.board)[6] == ("purple", "white")
    # black moves 3 back to 9, onto white
    r = reveal(b, tiles, "grey", Face("black", 3))
    assert (r.camel, r.target) == ("black", 9) and stacks_of(r.board)[9] == ("white", "black")
    assert set(r.rules) == {"CU2-DIE-GREY", "CU2-MOVE-CRAZY", "CU2-MOVE-STACK"}


def test_contract_helper_right_pays() -> None:
    # CU2-PAY-FINAL: the k-th right card of a finish pile pays 8, 5, 3, 2, then 1.
    assert right_pays(0) == []
    assert right_pays(3) == [8, 5, 3]
    assert right_pays(4) == [8, 5, 3, 2]
    assert right_pays(7) == [8, 5, 3, 2, 1, 1, 1]


def test_contract_helper_due() -> None:
    # CU2-PAY-FINAL: pile (right, right, wrong, right) owned by seats (0, 1, 0, 0): seat 0
    # gets 8 - 1 + 3 = 10, seat 1 gets 5, seat 2 nothing (before the money floor).
    owners, right = (0, 1, 0, 0), (True, True, False, True)
    assert [due(s, owners, right) for s in range(3)] == [10, 5, 0]
    assert due(0, (), ()) == 0
    with pytest.raises(ValueError):  # an owner for every card, no more, no fewer
        due(0, (0,), (True, True))
    assert due(1, (1, 1, 1, 1, 1, 1), (True,) * 6) == 8 + 5 + 3 + 2 + 1 + 1


def test_contract_helper_in_order() -> None:
    # CU2-RANK: further ahead first, higher on one cell first; a camel is in order with itself.
    # blue 3 (bottom), green 3 (top), red 1 (bottom), yellow 1, purple 1 (top); crazy on 5.
    board = Board((3, 3, 1, 1, 1, 5, 5), (0, 1, 0, 1, 2, 0, 1))
    right = (2, 1, 5, 4, 3)  # green, blue, purple, yellow, red
    assert all(in_order(board, right, a, b) for a in range(5) for b in range(5))
    swapped_on_a_cell = (1, 2, 5, 4, 3)  # blue placed over green, which stands on it
    assert not in_order(board, swapped_on_a_cell, 0, 1)
    assert not in_order(board, swapped_on_a_cell, 1, 0)
    assert in_order(board, swapped_on_a_cell, 0, 2)
    swapped_across_cells = (2, 1, 3, 4, 5)  # red placed over purple, two cells behind
    assert not in_order(board, swapped_across_cells, 2, 4)
    assert in_order(board, swapped_across_cells, 2, 2)

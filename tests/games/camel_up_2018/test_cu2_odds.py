"""Camel Up 2nd edition (2018): the fast exact leg odds agree with the brute force.

The fast engine (odds.py: forward over the chance tree, equal states merged,
its own string movement) against the brute force (odds_brute.py: every
reveal sequence, movement.reveal, Fractions along each path), exactly, on
seeded random positions with 2 to 4 dice left, many of them built to reach
the hard cases: crazy camels carrying racing camels backwards across the
line, tiles putting units under crazy camels, both grey-die exceptions.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from kernel.games.camel_up_2018.movement import (
    CAMELS,
    CRAZY,
    DICE,
    RACING,
    Board,
    Tile,
    board_of,
    board_problems,
    crazy_to_move,
    faces,
    leg_payout,
    ranking,
    reveal,
)
from kernel.games.camel_up_2018.odds import (
    Position,
    count_leg,
    ev_table,
    leg_odds,
    legal_tile_spaces,
    position_problems,
)
from kernel.games.camel_up_2018.odds_brute import brute_odds

MOVER = 1  #: the owner of the watched tile


def _stack(rng: random.Random, names: list[str]) -> list[str]:
    rng.shuffle(names)
    return names


def _position(rng: random.Random, kind: int) -> tuple[Board, tuple[Tile, ...], tuple[str, ...]]:
    """A random legal position; ``kind`` steers it towards a hard case."""
    cells: dict[int, list[str]] = {}
    racing = list(RACING)
    rng.shuffle(racing)
    if kind == 0:  # a crazy camel near the start carrying racing camels (backwards crossing)
        crazy = rng.choice(CRAZY)
        riders = racing[: rng.randint(1, 3)]
        cells[rng.randint(1, 3)] = [crazy, *riders]
        rest = [c for c in CAMELS if c != crazy and c not in riders]
    elif kind == 1:  # one crazy camel directly on the other (exception (b)), maybe riders
        pair = list(CRAZY)
        rng.shuffle(pair)
        riders = racing[: rng.randint(0, 2)]
        cells[rng.randint(1, 16)] = [*pair, *riders]
        rest = [c for c in CAMELS if c not in pair and c not in riders]
    elif kind == 2:  # one crazy camel carries racing camels, the other not (exception (a))
        riders = racing[: rng.randint(1, 2)]
        cells[rng.randint(2, 16)] = [CRAZY[rng.randint(0, 1)], *riders]
        rest = [c for c in CAMELS if c not in cells[next(iter(cells))]]
    else:
        rest = list(CAMELS)
    for name in rest:
        cells.setdefault(rng.randint(1, 16), []).append(name)
    for cell in cells:
        if kind == 3:
            _stack(rng, cells[cell])
    b = board_of(cells)
    free = [s for s in range(2, 17) if s not in b.pos]
    rng.shuffle(free)
    tiles: list[Tile] = []
    # tiles next to crazy camels first: units land there and go under them
    near = [s for s in free if s + 1 in (b.pos[5], b.pos[6]) or s - 1 in (b.pos[5], b.pos[6])]
    for s in near[: rng.randint(0, 2)] + free[: rng.randint(0, 4)]:
        if len(tiles) < 4 and all(abs(s - t.space) > 1 for t in tiles):
            tiles.append(Tile(s, rng.random() < 0.5, MOVER if not tiles else 0))
    n = rng.choice((2, 2, 3, 3, 3, 4))
    dice = list(DICE)
    if rng.random() < 0.7:  # the grey die more often than not
        dice.remove("grey")
        pyramid = ["grey", *rng.sample(dice, n - 1)]
    else:
        pyramid = rng.sample(dice, n)
    rng.shuffle(pyramid)
    return b, tuple(tiles), tuple(pyramid)


def test_fast_odds_agree_with_brute_force() -> None:
    # CU2-DIE-RACING, CU2-DIE-GREY, CU2-MOVE-CRAZY, CU2-MOVE-STACK, CU2-TILE-CHEER,
    # CU2-TILE-BOO, CU2-TILE-PAY, CU2-RACE-END, CU2-RANK, CU2-LEG-END: exact agreement.
    rng = random.Random(13_2018)
    seen = {"backwards": 0, "forwards": 0, "grey a": 0, "grey b": 0, "under crazy": 0,
            "paid": 0}
    for i in range(520):
        b, tiles, pyramid = _position(rng, i % 5)
        assert board_problems(b, tiles) == []
        watch = next((t.space for t in tiles if t.owner == MOVER), 0)
        fast = leg_odds(Position(b, pyramid, tiles), watch)
        slow = brute_odds(b, pyramid, tiles, MOVER)
        assert fast.place == slow.place, (b, tiles, pyramid)
        assert fast.race_ends == slow.race_ends, (b, tiles, pyramid)
        assert fast.place_if_ends == slow.place_if_ends, (b, tiles, pyramid)
        assert fast.watched == slow.watched, (b, tiles, pyramid)
        assert all(sum(p) == 1 for p in fast.place.values())
        # which hard cases the first reveal of this position reaches
        for die in pyramid:
            for face, _ in faces(die):
                r = reveal(b, tiles, die, face)
                if r.ended and r.target == 0 and len(r.unit) > 1:
                    seen["backwards"] += 1
                if r.ended and r.target == 17:
                    seen["forwards"] += 1
                if r.paid:
                    seen["paid"] += 1
                if "CU2-TILE-BOO" in r.rules and any(
                        r.board.pos[c] == r.target and r.board.height[c] >= len(r.unit)
                        for c in (5, 6)):
                    seen["under crazy"] += 1
            if die == "grey":
                for colour in CRAZY:
                    other = CRAZY[1 - CRAZY.index(colour)]
                    if crazy_to_move(b, colour) == other:
                        w, k = CAMELS.index("white"), CAMELS.index("black")
                        stacked = b.pos[w] == b.pos[k] and abs(b.height[w] - b.height[k]) == 1
                        seen["grey b" if stacked else "grey a"] += 1
    assert all(v >= 20 for v in seen.values()), seen


def test_tile_placements_agree_with_brute_force() -> None:
    # CU2-TILE-PAY, CU2-PAY-LEG: the EV table against the brute force, action by action.
    rng = random.Random(7)
    for i in range(6):
        b, tiles, pyramid = _position(rng, i % 4)
        pyramid = pyramid[:3]
        mover = next((t.space for t in tiles if t.owner == MOVER), 0)
        pos = Position(b, pyramid, tiles, {"blue": 3, "red": 0}, mover)
        ev = ev_table(pos)
        slow = brute_odds(b, pyramid, tiles, MOVER)
        own = slow.watched
        assert ev["pyramid"] == own + 1
        assert "bet:red" not in ev
        for colour, value in (("blue", 3), ("green", 5)):
            expected = own + sum((p * leg_payout(value, k + 1)
                                  for k, p in enumerate(slow.place[colour])), Fraction(0))
            assert ev[f"bet:{colour}"] == expected
        kept = tuple(t for t in tiles if t.owner != MOVER)
        spaces = legal_tile_spaces(pos)
        for space in spaces[:4]:
            for cheer in (True, False):
                placed = (*kept, Tile(space, cheer, MOVER))
                assert board_problems(b, placed) == []
                got = ev[f"{'cheer' if cheer else 'boo'}:{space}"]
                assert got == brute_odds(b, pyramid, placed, MOVER).watched


def test_legal_tile_spaces() -> None:
    # The spectator tile's placement: an empty space, never 1, never next to a tile;
    # the own tile is lifted first and goes to a different space.
    b = board_of({1: RACING, 6: CRAZY})
    tiles = (Tile(9, True, 0), Tile(12, False, 1))
    assert legal_tile_spaces(Position(b, DICE, tiles)) == [2, 3, 4, 5, 7, 14, 15, 16]
    assert legal_tile_spaces(Position(b, DICE, tiles, None, 12)) == [
        2, 3, 4, 5, 7, 11, 13, 14, 15, 16]


def test_position_problems() -> None:
    b = board_of({1: RACING, 6: CRAZY})
    assert position_problems(Position(b, DICE, ())) == []
    assert position_problems(Position(b, ("blue",), ()))
    assert position_problems(Position(b, ("blue", "blue"), ()))
    assert position_problems(Position(b, ("blue", "orange"), ()))
    assert position_problems(Position(b, DICE, (), None, 9))


def test_leg_perft_small() -> None:
    # CU2-LEG-END: the leg from 3 dice is 2 reveals; the brute force walks every
    # sequence (racing die 3 faces, grey die 6), the fast engine's denominator is 6k per level.
    b = board_of({1: RACING, 6: CRAZY})
    assert brute_odds(b, ("blue", "green", "grey"), ()).sequences == 2 * (3 * 3) + 4 * (3 * 6)
    assert count_leg(b, ("blue", "green", "grey")).total == 18 * 12
    assert count_leg(b, DICE).total == 36 * 30 * 24 * 18 * 12
    # one die left: the leg is over, the board as it stands
    assert leg_odds(Position(b, ("red",), ())).place == brute_odds(b, ("red",), ()).place
    assert brute_odds(b, ("blue", "green", "red", "grey"), ()).sequences == (
        6 * 3 * 3 * 3 + 6 * 3 * 3 * 6 * 3)


def test_leg_perft_full_merged() -> None:
    # CU2-LEG-END, CU2-DIE-GREY: the merged chance tree of a full leg (6 dice, 5 reveals),
    # states per level after reveals 1-4 (the crazy camels dropped once the grey die is out;
    # the full brute force, 320,760 sequences, agrees: benchmarks/odds_2018.py --brute).
    stacked = board_of({1: RACING, 6: CRAZY})
    spread = board_of({1: ("blue", "green"), 2: ("red", "yellow"), 3: ("purple",),
                       14: ("white",), 16: ("black",)})
    assert count_leg(stacked, DICE).states == (16, 165, 1170, 5445)
    assert count_leg(spread, DICE).states == (16, 141, 806, 2939)
    odds = leg_odds(Position(stacked, DICE, ()))
    assert odds.race_ends == 0
    assert odds.place["purple"][0] == Fraction(1801, 4860)


def test_odds_agree_with_the_games_own_chance_tree() -> None:
    # CU2-PYRAMID-TICKET, CU2-LEG-END, CU2-RACE-END, CU2-RANK: the game's own transitions
    # and chance outcomes (every seat taking the pyramid ticket until the leg ends), walked
    # exactly, give the odds of its position document.
    game = pytest.importorskip("kernel.games.camel_up_2018.game")
    position = pytest.importorskip("kernel.games.camel_up_2018.position")
    from kernel.games.camel_up_2018.odds_cli import position_from_document

    s = game.new_game({"players": 4})
    for a in ("die:blue:1", "die:green:2", "die:red:1", "die:yellow:3", "die:purple:2",
              "die:white:2", "die:black:1", "boo:4", "pyramid", "die:green:1",
              "cheer:6", "pyramid", "die:black:2"):
        s = game.apply(s, a).state
    pos = position_from_document(position.position_of(s))
    assert len(pos.pyramid) == 4
    leg = s.leg
    place = {c: [Fraction(0)] * 5 for c in RACING}
    ends = [Fraction(0)]

    def walk(state: object, p: Fraction) -> None:
        st: Any = state
        if st.leg != leg or st.phase not in ("turn", "reveal"):
            board = board_of({cell: stack for cell, stack in enumerate(st.track) if stack})
            for k, name in enumerate(ranking(board)):
                place[name][k] += p
            if any(st.track[cell] for cell in (0, 17)):
                ends[0] += p
            return
        if st.phase == "turn":
            st = game.apply(st, "pyramid").state
        for action, q in game.chance_outcomes(st):
            walk(game.apply(st, action).state, p * q)

    walk(s, Fraction(1))
    odds = leg_odds(pos)
    assert {c: tuple(v) for c, v in place.items()} == odds.place
    assert ends[0] == odds.race_ends

"""Camel Up 2nd edition (2018): the fast exact leg odds agree with the brute force.

The fast engine (odds.py: forward over the chance tree, equal states merged,
its own string movement) against the brute force (odds_brute.py: every
reveal sequence, movement.reveal, Fractions along each path), exactly, on
seeded random positions with 2 to 4 dice left, many of them built to reach
the hard cases: crazy camels carrying racing camels backwards across the
line, tiles putting units under crazy camels, both grey-die exceptions.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import pytest
from test_cu2_game import before_the_end, played

from kernel.games.camel_up_2018 import game
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
    simulate_race,
    wilson,
)
from kernel.games.camel_up_2018.odds_brute import brute_odds
from kernel.games.camel_up_2018.position import position_of

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


# --------------------------------------------------------------------------
# the position document, the odds' checks and helpers, the simulated race


def test_position_document_while_a_die_is_revealed() -> None:
    # CU2-PYRAMID-TICKET: between the pyramid ticket and the reveal the leg goes on, so the
    # position document exists (the seat that took the ticket is the mover); before the
    # camels are placed and after the race there is no leg position.
    s = played(before_the_end(), ("bet:yellow", "cheer:13"))
    s = played(s, ("pyramid",))
    assert s.phase == "reveal" and s.turn == 2
    doc = position_of(s)
    assert doc["track"] == {"1": ["blue"], "3": ["green"], "5": ["red"], "8": ["yellow"],
                            "10": ["black"], "12": ["white"], "16": ["purple"]}
    assert doc["pyramid"] == list(DICE) and doc["tiles"] == {"13": "cheer"}
    assert doc["tickets"]["yellow"] == 3 and "mover_tile" not in doc
    for phase, table in (("setup", game.new_game({"players": 3})),
                         ("over", played(before_the_end(), ("pyramid", "die:purple:1")))):
        with pytest.raises(ValueError, match=f"no leg position in phase '{phase}'"):
            position_of(table)


def test_position_problems_named() -> None:
    # KERNEL-INPUT: the odds' checks of a position (race-kernel odds): 2 to 6 dice in the pyramid
    # (CU2-LEG-END: a leg from 2 dice still has a reveal), each die once, the mover's tile
    # on the board, and the board's own problems, tiles included (CU2-TILE-PLACE).
    b = board_of({1: RACING, 6: ("white", "black")})
    assert position_problems(Position(b, ("blue", "grey"), ())) == []
    assert position_problems(Position(b, ("blue",), ())) == ["pyramid: 2 to 6 dice, not 1"]
    assert position_problems(Position(b, (*DICE, "blue"), ())) == [
        "pyramid: 2 to 6 dice, not 7",
        "pyramid: each die of blue, green, red, yellow, purple, grey at most once"]
    assert position_problems(Position(b, ("blue", "blue"), ())) == [
        "pyramid: each die of blue, green, red, yellow, purple, grey at most once"]
    assert position_problems(Position(b, DICE, (), None, 9)) == [
        "mover_tile: no tile on space 9"]
    assert position_problems(Position(b, DICE, (Tile(6, True, 0),))) == [
        "tile on space 6 is under a camel"]


def test_tile_ev_with_another_seats_tile() -> None:
    # CU2-TILE-PAY, CU2-TILE-CHEER, CU2-MOVE-STACK: the EV of placing the own tile counts
    # the landings with the other seats' tiles on the board. Blue carries green on 2,
    # another seat's cheering tile on 4, red on 10, dice blue, green, red (two reveals).
    # A unit lands on 8 only by a 3 from 5: blue 2 or 3 (2/3; a 2 lands on 4 and the tile
    # pushes it on to 5) puts blue and green on 5, then green first of the two dice left
    # (1/2) with a 3 (1/3): 1/3 * 2/3 * 1/2 * 1/3 = 1/27 (without the other tile only
    # blue's 3 reaches 5: 1/54). Green first never helps (blue alone from 2 reaches 5 at
    # most), red never reaches 8 (10 onwards).
    b = board_of({2: ("blue", "green"), 10: ("red",), 12: ("yellow",), 13: ("purple",),
                  15: ("white",), 16: ("black",)})
    ev = ev_table(Position(b, ("blue", "green", "red"), (Tile(4, True, 0),)))
    assert ev["cheer:8"] == ev["boo:8"] == Fraction(1, 27)


def test_odds_helpers() -> None:
    # CU2-PYRAMID-TICKET: the six dice, and no other; the odds' board key is cells 0..17
    # joined by '|', each cell its camels bottom to top as their index in CAMELS (0-4
    # the racing camels blue..purple, 5 white, 6 black).
    from kernel.games.camel_up_2018.movement import faces
    from kernel.games.camel_up_2018.odds import board_key

    with pytest.raises(ValueError, match=r"^unknown die 'pink'$"):
        faces("pink")
    key = board_key(board_of({1: RACING, 6: ("white", "black")}))
    assert key == "|".join(["", "01234", "", "", "", "", "56"] + [""] * 11)
    assert key.count("|") == 17
    key = board_key(board_of({16: ("black", "purple"), 2: ("red",), 9: ("white", "blue"),
                              3: ("green", "yellow")}))
    assert key.split("|") == ["", "", "2", "13", "", "", "", "", "", "50", "", "", "", "",
                              "", "", "64", ""]


def test_wilson_interval() -> None:
    # CU2-LEG-END (the simulated legs' estimates): `odds --simulate` prints each estimate
    # with its 95% Wilson score interval:
    # 20 of 100: p = 0.2, centre (0.2 + z^2/200) / (1 + z^2/100), half-width
    # z sqrt(0.0016 + z^2/40000) / (1 + z^2/100) with z = 1.959964: 0.1334 .. 0.2888.
    p, low, high = wilson(20, 100)
    assert p == 0.2 and round(low, 4) == 0.1334 and round(high, 4) == 0.2888
    assert wilson(0, 0) == (0.0, 0.0, 1.0)  # no runs: nothing known
    assert wilson(20, 100, z=0.0) == (0.2, 0.2, 0.2)  # no width at z = 0
    p, low, high = wilson(0, 50)
    assert p == 0.0 and low == 0.0 and 0.07 < high < 0.072  # z^2 / (50 + z^2) = 0.0713
    assert wilson(20, 20)[2] == 1.0  # never above 1, although centre + half is in floats
    assert all(wilson(n, n)[2] <= 1.0 and wilson(0, n)[1] >= 0.0 for n in range(1, 300))
    p, low, high = wilson(50, 50)
    assert p == 1.0 and math.isclose(high, 1.0) and 0.928 < low < 0.93
    p, low, high = wilson(1, 3, z=1.0)  # centre (1/3 + 1/6) / (4/3) = 3/8
    half = math.sqrt((2 / 9) / 3 + 1 / 36) / (4 / 3)
    assert p == 1 / 3 and math.isclose(low, 3 / 8 - half) and math.isclose(high, 3 / 8 + half)


def test_simulated_race_with_one_stack_on_the_last_space() -> None:
    # CU2-RACE-END, CU2-RANK: every racing camel in one stack on space 16, so the first
    # racing die takes the top of the stack (and whatever it carries) across the line: the
    # top camel always wins, the bottom camel always loses, whatever the dice.
    pos = Position(board_of({16: RACING, 6: ("white", "black")}), DICE, ())
    calls: list[tuple[int, int]] = []
    e = simulate_race(pos, 200, 3, lambda done, runs: calls.append((done, runs)))
    assert (e.runs, e.seed) == (200, 3)
    assert e.winner["purple"] == wilson(200, 200) and e.loser["blue"] == wilson(200, 200)
    assert all(e.winner[c] == wilson(0, 200) for c in RACING[:-1])
    assert all(e.loser[c] == wilson(0, 200) for c in RACING[1:])
    assert calls == [(d, 200) for d in range(2, 201, 2)]  # every 1% of the runs
    few: list[int] = []
    simulate_race(pos, 3, 3, lambda done, runs: few.append(done))
    assert few == [1, 2, 3]  # fewer than 100 runs: after every run
    thirds: list[int] = []
    simulate_race(pos, 300, 3, lambda done, runs: thirds.append(done))
    assert thirds == list(range(3, 301, 3))  # 1% of 300 runs: every third run
    uneven: list[int] = []
    simulate_race(pos, 150, 3, lambda done, runs: uneven.append(done))
    assert uneven == list(range(1, 151))  # 1% of 150 is 1 whole run: after every run


def test_simulated_race_against_the_exact_odds() -> None:
    # CU2-RACE-END, CU2-LEG-END, CU2-DIE-GREY: blue and green on 16 (one of their dice is
    # among the five reveals of the leg), red and yellow on 15, purple on 14: the race ends
    # this leg, so the exact odds given the race ends are the race's. 3,000 seeded runs
    # land within a wide interval (z = 4.5) of each exact probability, and the same seed
    # gives the same estimate.
    board = board_of({16: ("blue", "green"), 15: ("red", "yellow"), 14: ("purple",),
                      8: ("white",), 3: ("black",)})
    pos = Position(board, DICE, ())
    exact = leg_odds(pos)
    assert exact.race_ends == 1
    e = simulate_race(pos, 3000, 11)
    for c in RACING:
        for estimate, p in ((e.winner[c], exact.place_if_ends[c][0]),
                            (e.loser[c], exact.place_if_ends[c][-1])):
            hits = round(estimate[0] * 3000)
            assert estimate == wilson(hits, 3000)
            _, low, high = wilson(hits, 3000, z=4.5)
            assert low <= p <= high, (c, estimate, p)
    assert simulate_race(pos, 300, 11) == simulate_race(pos, 300, 11)
    assert simulate_race(pos, 300, 11) != simulate_race(pos, 300, 12)


def test_simulated_race_across_a_leg_end_against_the_exact_odds() -> None:
    # CU2-LEG-END, CU2-TILE-PAY, CU2-RACE-END: two dice left (grey, green), so one reveal
    # ends the leg; the next leg starts with all six dice and without the cheering tile on
    # 14. Green on 13 can reach the stack on 16 (whose first die then carries it across);
    # the stack's dice end the race in the second leg whatever comes first. The exact
    # winner odds are the first reveal's outcomes, each followed by the exact odds of a
    # whole new leg (leg_odds); 4,000 seeded runs land within z = 4.5 of each.
    board = board_of({16: ("blue", "red", "yellow", "purple"), 13: ("green",),
                      8: ("white",), 4: ("black",)})
    tiles = (Tile(14, True, 0),)
    pos = Position(board, ("grey", "green"), tiles)
    exact = dict.fromkeys(RACING, Fraction(0))
    for die in pos.pyramid:
        for face, weight in faces(die):
            first = reveal(board, tiles, die, face)
            assert not first.ended
            after = leg_odds(Position(first.board, DICE, ()))
            assert after.race_ends == 1
            for c in RACING:
                exact[c] += Fraction(weight, 12) * after.place_if_ends[c][0]
    assert 0 < exact["green"] < 1 and 0 < exact["purple"] < 1
    e = simulate_race(pos, 4000, 13)
    for c in RACING:
        hits = round(e.winner[c][0] * 4000)
        _, low, high = wilson(hits, 4000, z=4.5)
        assert low <= exact[c] <= high, (c, e.winner[c], float(exact[c]))


def test_simulated_race_draws_each_die_once_a_leg() -> None:
    # CU2-LEG-END, CU2-RACE-END: a revealed die leaves the pyramid until the next leg, so
    # green on 13 moves at most once before yellow's or purple's die (one of which is among
    # the leg's five reveals) takes purple, or the stack with green on top, across the
    # line: the race ends this leg, and 4,000 seeded runs match the exact odds (z = 4.5).
    # Drawing a die again in the same leg would let green move twice and cross alone.
    board = board_of({16: ("yellow", "purple"), 13: ("green",), 1: ("blue", "red"),
                      8: ("white",), 4: ("black",)})
    pos = Position(board, DICE, (Tile(14, True, 0),))
    exact = leg_odds(pos)
    assert exact.race_ends == 1 and 0 < exact.place_if_ends["green"][0] < 1
    e = simulate_race(pos, 4000, 17)
    for c in RACING:
        hits = round(e.winner[c][0] * 4000)
        _, low, high = wilson(hits, 4000, z=4.5)
        p = exact.place_if_ends[c][0]
        assert low <= p <= high, (c, e.winner[c], float(p))


def test_simulated_race_goes_on_through_new_legs() -> None:
    # CU2-LEG-END: with two dice left the leg ends after one reveal, then every later leg
    # starts with all six dice and no tiles. Blue alone on 1, far from the line, tiles on
    # 2 and 3: the race needs several legs and ends only when a camel crosses (CU2-RACE-END);
    # estimates are proportions that sum to 1 over the camels, for winners and for losers.
    board = board_of({1: RACING, 10: ("white",), 12: ("black",)})
    pos = Position(board, ("grey", "blue"), (Tile(2, True, 0), Tile(3, False, 1)))
    e = simulate_race(pos, 400, 5)
    assert math.isclose(sum(w[0] for w in e.winner.values()), 1.0)
    assert math.isclose(sum(w[0] for w in e.loser.values()), 1.0)
    assert all(0.0 < e.winner[c][0] < 1.0 for c in RACING)


# CU2-ODDS: kernel.seat_odds gives the seat the same exact odds as the position of its
# leg priced with its own tile, and None outside a leg.
def test_seat_odds_is_the_legs_odds_from_the_seats_tile() -> None:
    import attrs

    import kernel
    from kernel.games.camel_up_2018.odds import ev_table, leg_odds
    from kernel.games.camel_up_2018.odds_cli import position_from_document
    from kernel.games.camel_up_2018.position import position_of

    trace = kernel.play("camel-up-2018", {"players": 3}, seed=1)
    assert kernel.seat_odds(attrs.evolve(trace, steps=trace.steps[:5]), 0) is None
    assert kernel.seat_odds(trace, 0) is None  # the race is over
    history = attrs.evolve(trace, steps=trace.steps[:30])
    doc = position_of(history.final)
    for seat in range(3):
        odds = kernel.seat_odds(history, seat)
        assert odds is not None and odds.reading == "CU2-ODDS"
        doc.pop("mover_tile", None)
        if history.final.tiles[seat] is not None:
            doc["mover_tile"] = history.final.tiles[seat][0]
        position = position_from_document(doc)
        base = leg_odds(position, position.mover_tile)
        assert dict(odds.places) == base.place
        assert odds.race_ends == base.race_ends
        assert dict(odds.values) == ev_table(position, base)


# CU2-ODDS: a seat without a spectator tile is priced without one, even when the seat to
# move has a tile on the board (the position document is the mover's: its "mover_tile"
# is the mover's own tile, which another seat's odds must not watch or take back).
def test_seat_odds_of_a_seat_without_a_tile_while_the_mover_has_one() -> None:
    import attrs

    import kernel
    from kernel.core import Action
    from kernel.games.camel_up_2018.odds import ev_table, leg_odds
    from kernel.games.camel_up_2018.odds_cli import position_from_document
    from kernel.games.camel_up_2018.position import position_of

    def tile_then_pyramid(state: Any, legal: tuple[Action, ...], rng: Any) -> Action:
        # seat 0 lays a cheering tile at its first turn of a leg; everyone else rolls
        if state.turn == 0 and state.tiles[0] is None:
            return next(a for a in legal if a.kind == "cheer")
        return next(a for a in legal if a.kind == "pyramid")

    trace = kernel.play("camel-up-2018", {"players": 3}, seed=3, policy=tile_then_pyramid)
    k = next(k for k, st in enumerate(trace.steps)
             if st.state.phase == "turn" and st.state.turn == 0 and st.state.tiles[0] is not None)
    history = attrs.evolve(trace, steps=trace.steps[:k + 1])
    doc = position_of(history.final)
    assert "mover_tile" in doc and history.final.tiles[1] is None
    del doc["mover_tile"]
    position = position_from_document(doc)
    base = leg_odds(position)
    odds = kernel.seat_odds(history, 1)
    assert odds is not None
    assert dict(odds.values) == ev_table(position, base)
    assert odds.race_ends == base.race_ends
    mover = kernel.seat_odds(history, 0)
    assert mover is not None and dict(mover.values) != dict(odds.values)

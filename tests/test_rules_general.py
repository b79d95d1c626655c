"""The general camel rules (kernel/rules/{stacks,ranking,payouts,track}.py).

Two kinds of checks:

1. The compatibility layer ``kernel.rules.camel`` gives exactly what the
   old module gave: ``tests/fixtures/camel_v1.py`` is a frozen copy of it,
   compared on Hypothesis-generated 2016 inputs (rule IDs in each test).
2. The general functions in the shapes of the other camel games: crazy
   camels moving backwards and carrying riders (2023, 2018), figures acting
   reversed on them, tiles that stay and pay (2018), a finish line crossed
   backwards, cells where camels do not stack, a ranking that ignores the
   crazy camels, the sandstorm side as the extension's filler (2023), the
   money floor as a parameter. The movement is also compared with an
   independent model (stacks as lists) on any layout.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from fixtures import camel_v1 as v1
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kernel.rules import camel, payouts, ranking, stacks, track
from kernel.rules.binding import CAMEL_UP_CARDS_2016, CardRules
from kernel.rules.stacks import BACKWARD, FORWARD, START
from kernel.rules.track import FACE, HALF, SAND

Layout = tuple[tuple[int, ...], tuple[int, ...]]


#: At most this many examples for one property: the ``ci`` profile's count times
#: the factors below would be 1,200 to 2,400 per property (two minutes of the
#: gate's CPU for these pure functions); ``dev`` and ``mutation`` stay under it.
CAP = 500


def scaled(factor: float) -> settings:
    """The loaded profile's example count times ``factor`` (at least 1, at most :data:`CAP`)."""
    return settings(max_examples=min(CAP, max(1, round(settings().max_examples * factor))))


# --------------------------------------------------------------------------
# Strategies


@st.composite
def layouts(draw: st.DrawFn, n: int, top: int, flat: tuple[int, ...]) -> Layout:
    """``n`` camels on cells 0..top, stacked gap-free in a random order (flat cells unstacked)."""
    pos = tuple(draw(st.lists(st.integers(0, top), min_size=n, max_size=n)))
    height = [0] * n
    for cell in set(pos) - set(flat):
        here = [c for c in range(n) if pos[c] == cell]
        for h, c in enumerate(draw(st.permutations(here))):
            height[c] = h
    return pos, tuple(height)


@st.composite
def figures(draw: st.DrawFn, pos: tuple[int, ...], finish: int, most: int,
            ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]:
    """Up to ``most`` figures, each off the track or on a free space of its own."""
    free = [cell for cell in range(1, finish) if cell not in pos]
    m = draw(st.integers(0, most))
    chosen = draw(st.lists(st.sampled_from(free), max_size=m, unique=True)) if free else []
    cells = chosen + [0] * (m - len(chosen))
    cells = draw(st.permutations(cells))
    effects = draw(st.lists(st.sampled_from((1, 2, -1, -2)), min_size=m, max_size=m))
    stays = draw(st.lists(st.booleans(), min_size=m, max_size=m))
    return tuple(cells), tuple(effects), tuple(stays)


@st.composite
def cuc_moves(draw: st.DrawFn) -> tuple[Any, ...]:
    """Arguments of a 2016 ``camel.move`` within its preconditions."""
    finish = draw(st.integers(2, 30))
    pos, height = draw(layouts(5, finish - 1, (START,)))
    free = [cell for cell in range(1, finish) if cell not in pos]
    palm = draw(st.sampled_from([0, *free]))
    fennec = draw(st.sampled_from([0, *[c for c in free if c != palm]]))
    return (pos, height, draw(st.integers(0, 4)), draw(st.integers(1, 2)), palm, fennec, finish)


@st.composite
def general_moves(draw: st.DrawFn, crazy: bool = True, flat: bool | None = None) -> Any:
    """Arguments of ``stacks.move`` for any camel game: 1 to 7 camels, any directions."""
    n = draw(st.integers(1, 7))
    finish = draw(st.integers(2, 20))
    flats = (START,) if (flat if flat is not None else draw(st.booleans())) else ()
    pos, height = draw(layouts(n, finish, flats))
    dirs = tuple(draw(st.lists(st.sampled_from((FORWARD, BACKWARD) if crazy else (FORWARD,)),
                               min_size=n, max_size=n)))
    cells, effects, stays = draw(figures(pos, finish, 3))
    camel_ = draw(st.integers(0, n - 1))
    steps = draw(st.integers(1, 3))
    return pos, height, dirs, camel_, steps, cells, effects, stays, finish, flats


@st.composite
def tracks(draw: st.DrawFn, cards: int, least: int = 0) -> tuple[int, ...]:
    """A valid track of ``least``..``cards`` cards (only the last may be half covered)."""
    k = draw(st.integers(least, cards))
    sides = draw(st.lists(st.sampled_from((FACE, SAND)), min_size=k, max_size=k))
    half: bool = draw(st.booleans())
    if sides and half:
        sides[-1] = HALF
    return tuple(sides)


# --------------------------------------------------------------------------
# An independent model of a movement: each cell a list of camels, bottom to top


def model_move(pos: tuple[int, ...], height: tuple[int, ...], dirs: tuple[int, ...], camel_: int,
               steps: int, cells: tuple[int, ...], effects: tuple[int, ...],
               stays: tuple[bool, ...], finish: int, flat: tuple[int, ...]) -> stacks.Moved:
    board: dict[int, list[int]] = {}
    for c in sorted(range(len(pos)), key=lambda c: (height[c], c)):
        board.setdefault(pos[c], []).append(c)
    here = board[pos[camel_]]
    unit = [camel_] if pos[camel_] in flat else here[here.index(camel_):]
    for c in unit:
        here.remove(c)
    where = pos[camel_] + dirs[camel_] * steps
    on_top, used = True, []
    while 0 < where < finish:
        hits = [i for i, cell in enumerate(cells) if cell == where and i not in used]
        if not hits:
            break
        used.append(hits[0])
        forward = effects[hits[0]] > 0  # further in the camel's own direction, on top
        where += (1 if forward else -1) * dirs[camel_] * abs(effects[hits[0]])
        on_top = forward
    where = 0 if where < 0 else min(where, finish)
    dest = board.setdefault(where, [])
    if on_top or where in flat:
        dest.extend(unit)
    else:
        dest[:0] = unit
    new_pos, new_h = list(pos), list(height)
    for cell, camels in board.items():
        for h, c in enumerate(camels):
            new_pos[c], new_h[c] = cell, 0 if cell in flat else h
    left = [0 if i in used and not stays[i] else cell for i, cell in enumerate(cells)]
    racing = [new_pos[c] for c in range(len(pos)) if dirs[c] == FORWARD]
    passed = [i for i, cell in enumerate(left)
              if cell and not stays[i] and racing and all(p > cell for p in racing)]
    for i in passed:
        left[i] = 0
    return stacks.Moved(tuple(new_pos), tuple(new_h), tuple(left), tuple(unit), where,
                        bool(used) and not on_top, tuple(used), tuple(passed))


# --------------------------------------------------------------------------
# 1. The compatibility layer gives exactly what camel.py version 1 gave


@scaled(30)
@given(cuc_moves())
@example(((0, 0, 0, 0, 2), (0, 0, 0, 0, 0), 0, 1, 0, 1, 16))  # fennec back onto the Start card
@example(((1, 6, 7, 0, 0), (0, 0, 0, 0, 0), 0, 2, 3, 4, 16))  # palm then fennec
@example(((1, 6, 7, 0, 0), (0, 0, 0, 0, 0), 0, 2, 2, 3, 16))  # fennec then palm
@example(((5, 5, 2, 0, 0), (0, 1, 0, 0, 0), 0, 2, 0, 0, 6))  # past the Finish
def test_move_as_version_1(args: tuple[Any, ...]) -> None:
    # CUC-MOVE-CARRY, CUC-MOVE-STACK, CUC-MOVE-START, CUC-MOVE-PALM,
    # CUC-MOVE-FENNEC, CUC-MOVE-CHAIN, CUC-MOVE-PASSED, CUC-GAME-END: the
    # whole Moved result, field by field and type by type.
    new, old = camel.move(*args), v1.move(*args)
    assert tuple(new) == tuple(old)
    assert [type(v) for v in new] == [type(v) for v in old]
    assert camel.Moved._fields == v1.Moved._fields
    assert camel.unit_of(*args[:3]) == v1.unit_of(*args[:3])


@scaled(30)
@given(st.integers(2, 30).flatmap(lambda top: layouts(5, top, (START,))))
def test_ranks_as_version_1(layout: Layout) -> None:
    # CUC-RANK: the places of the five camels, the Start card sharing fifth.
    assert camel.ranks(*layout) == v1.ranks(*layout)


@scaled(30)
@given(st.lists(st.integers(-1, 3), min_size=5, max_size=5),
       st.lists(st.integers(-1, 3), min_size=5, max_size=5), st.integers(0, 3))
def test_layout_predicates_as_version_1(pos: list[int], height: list[int], top: int) -> None:
    # CUC-INV-CAMELS, CUC-INV-STACKS: well_formed and its flat twin stacked
    # agree with version 1 on any small layout, well formed or not.
    p, h = tuple(pos), tuple(height)
    assert camel.well_formed(p, h, top) == v1.well_formed(p, h, top)
    assert camel.stacked(p, h, top) == v1.stacked(p, h, top)
    assert camel.within(p, top) == v1.within(p, top)
    for k in range(1, 4):
        unit = tuple(c for c in range(5) if p[c] == p[0])[:k]
        for under in (False, True):
            assert camel.landed_ok(p, h, unit, under) == v1.landed_ok(p, h, unit, under)


def test_well_formed_other_lengths_as_version_1() -> None:
    # CUC-INV-CAMELS: version 1 accepts exactly five camels.
    for n in (0, 4, 6):
        zeros = (0,) * n
        assert camel.well_formed(zeros, zeros, 3) is v1.well_formed(zeros, zeros, 3) is False
    assert camel.well_formed((0,) * 5, (0,) * 4, 3) is v1.well_formed((0,) * 5, (0,) * 4, 3)


def test_payouts_as_version_1() -> None:
    # CUC-PAY-LEADER, CUC-PAY-MID, CUC-PAY-WINNER, CUC-PAY-LOSER: every
    # place, in and out of range, and every printed value.
    for rank in range(-3, 10):
        assert camel.midfield_payout(rank) == v1.midfield_payout(rank)
        assert camel.final_winner_payout(rank) == v1.final_winner_payout(rank)
        assert camel.final_loser_payout(rank) == v1.final_loser_payout(rank)
        for value in (2, 3, 5):
            assert camel.leader_payout(value, rank) == v1.leader_payout(value, rank)


@scaled(30)
@given(st.integers(-50, 50), st.integers(-50, 50))
def test_floor_money_as_version_1(money: int, delta: int) -> None:
    # CUC-MONEY-FLOOR: never below 1 Pound, as version 1.
    assert camel.floor_money(money, delta) == v1.floor_money(money, delta)


@scaled(30)
@given(st.integers(1, 12).flatmap(lambda cards: st.tuples(st.just(cards), tracks(cards))),
       st.integers(0, 40), st.integers(-1, 30))
def test_track_as_version_1(drawn: tuple[int, tuple[int, ...]], leader: int, cell: int) -> None:
    # CUC-EXTEND, CUC-INV-TRACK: the extension (half cards last) and the
    # track helpers, as version 1.
    cards, sides = drawn
    leader = min(leader, camel.track_length(sides))
    assert camel.extend(sides, leader, cards) == v1.extend(sides, leader, cards)
    assert camel.track_length(sides) == v1.track_length(sides)
    assert camel.spare_spaces(sides, cards) == v1.spare_spaces(sides, cards)
    assert camel.card_of(sides, cell) == v1.card_of(sides, cell)
    for k in range(13):
        assert camel.valid_track(sides, k) == v1.valid_track(sides, k)
    assert camel.valid_track((*sides, 4), 13) is v1.valid_track((*sides, 4), 13) is False


@scaled(30)
@given(tracks(12, least=1).flatmap(lambda t: st.tuples(
    st.just(t), st.lists(st.integers(0, camel.track_length(t)), min_size=5, max_size=5))))
def test_sandstorm_as_version_1(drawn: tuple[tuple[int, ...], list[int]]) -> None:
    # CUC-SANDSTORM: the flipped cards and the camels' new cells, as version 1.
    sides, pos = drawn
    assert camel.sandstorm(sides, tuple(pos)) == v1.sandstorm(sides, tuple(pos))


def test_constants_as_version_1() -> None:
    # CUC-SETUP-TRACK, CUC-SANDSTORM: the card sides and the number of camels.
    assert (camel.FACE, camel.SAND, camel.HALF, camel.CAMELS, camel.START) == (
        v1.FACE, v1.SAND, v1.HALF, v1.CAMELS, v1.START)


@scaled(20)
@given(cuc_moves(), st.integers(1, 12).flatmap(
    lambda cards: st.tuples(st.just(cards), tracks(cards, least=1))), st.integers(0, 40))
def test_binding_2016_as_the_module(args: tuple[Any, ...], drawn: tuple[int, tuple[int, ...]],
                                    leader: int) -> None:
    # CUC-MOVE-*, CUC-RANK, CUC-EXTEND, CUC-SANDSTORM, CUC-PAY-*,
    # CUC-MONEY-FLOOR: the 2016 binding of the general rules (the object a
    # card game engine takes) gives what kernel.rules.camel gives.
    r = CAMEL_UP_CARDS_2016
    assert r.move(*args) == camel.move(*args)
    assert r.ranks(*args[:2]) == camel.ranks(*args[:2])
    cards, sides = drawn
    leader = min(leader, r.track_length(sides))
    assert r.extend(sides, leader, cards) == camel.extend(sides, leader, cards)
    pos = tuple(min(p, r.track_length(sides)) for p in args[0])
    assert r.sandstorm(sides, pos) == camel.sandstorm(sides, pos)
    for rank in range(-1, 8):
        assert r.midfield_payout(rank) == camel.midfield_payout(rank)
        assert r.final_winner_payout(rank) == camel.final_winner_payout(rank)
        assert r.final_loser_payout(rank) == camel.final_loser_payout(rank)
        assert r.leader_payout(3, rank) == camel.leader_payout(3, rank)
        assert r.floor_money(rank, -3) == camel.floor_money(rank, -3)


def test_binding_2023_shape() -> None:
    # CUC-MOVE-PALM, CUC-MOVE-PASSED, CUC-RANK, CUC-MONEY-FLOOR, CUC-EXTEND,
    # CUC-PAY-LOSER in the 2023 shape: five racing camels and the crazy camel
    # (5), a shortcut (+1) and a fennec, a floor of 0, sandstorm fillers.
    r = CardRules(dirs=(FORWARD,) * 5 + (BACKWARD,), names=("shortcut", "fennec"),
                  table=payouts.CUC_2016._replace(floor=0), fill=SAND)
    pos, height = (0, 2, 3, 4, 5, 7), (0, 0, 0, 0, 0, 0)
    # blue passes the shortcut on 1: every racing camel is past it, the crazy camel ignored
    m = r.move(pos, height, 0, 2, 1, 6, 9)
    assert (m.pos, m.palm, m.passed) == ((2, 2, 3, 4, 5, 7), 0, ("shortcut",))
    assert m.height == (1, 0, 0, 0, 0, 0)
    # the crazy camel lands on the fennec on 6: one space back towards the Finish, under
    m = r.move(pos, height, 5, 1, 0, 6, 9)
    assert (m.target, m.under, m.used, m.fennec) == (7, True, ("fennec",), 0)
    assert r.ranks(pos, height) == (5, 4, 3, 2, 1, 0)
    assert r.floor_money(1, -3) == 0
    assert r.extend((2, 2), 4, 12) == ((2, 2, 2, 1), 3)
    assert [r.final_loser_payout(k) for k in range(1, 6)] == [-1, -1, -1, 3, 7]


# --------------------------------------------------------------------------
# 2. Stacks and movement in every game's shape


@scaled(40)
@given(general_moves())
@example(((1, 6, 6), (0, 1, 0), (1, 1, -1), 2, 2, (4,), (1,), (False,), 17, (0,)))
@example(((1, 1, 5), (0, 1, 0), (-1, 1, 1), 0, 3, (), (), (), 17, ()))  # over the line backwards
def test_move_matches_the_model(args: tuple[Any, ...]) -> None:
    # CUC-MOVE-CARRY, CUC-MOVE-STACK, CUC-MOVE-START, CUC-MOVE-PALM,
    # CUC-MOVE-FENNEC, CUC-MOVE-CHAIN, CUC-MOVE-PASSED, CUC-GAME-END, for any
    # number of camels, any directions and figures (2016, 2023 and 2018
    # shapes): the whole result equals the list model's, and the layout
    # stays well formed (CUC-INV-STACKS).
    m = stacks.move(*args)
    assert m == model_move(*args)
    assert stacks.well_formed(m.pos, m.height, args[8], args[9])
    assert stacks.stacked(m.pos, m.height, args[8], args[9])


@scaled(20)
@given(general_moves(crazy=True, flat=True))
def test_crazy_camel_carries_riders_backwards(args: tuple[Any, ...]) -> None:
    # CUC-MOVE-CARRY for a crazy camel (2023, 2018): the unit moves
    # backwards in the moving camel's direction, whatever its riders' own
    # directions, keeps its order and lands on top; behind the start line
    # (cell 0, where camels do not stack) it stands unstacked.
    pos, height, dirs, c, steps, _, _, _, finish, flat = args
    dirs = tuple(BACKWARD if x == c else d for x, d in enumerate(dirs))
    m = stacks.move(pos, height, dirs, c, steps, (), (), (), finish, flat)
    assert m.target == max(0, pos[c] - steps)
    assert m.unit == stacks.unit_of(pos, height, c, flat)
    assert all(m.pos[x] == m.target for x in m.unit)
    if m.target == 0:
        assert all(m.height[x] == 0 for x in m.unit)
    else:
        below = sum(1 for x in range(len(pos)) if m.pos[x] == m.target and x not in m.unit)
        assert [m.height[x] for x in m.unit] == list(range(below, below + len(m.unit)))


def test_crazy_camel_examples() -> None:
    # CUC-MOVE-CARRY, CUC-MOVE-PALM, CUC-MOVE-FENNEC reversed for a crazy camel
    # (2023: "the direction the crazy camel moves is reversed for each
    # marker"), worked out by hand. Camels: 0 and 1 racing, 2 crazy.
    dirs = (FORWARD, FORWARD, BACKWARD)
    # the crazy camel on 6 carries racing camel 1 back 2 spaces onto 4
    m = stacks.move((1, 6, 6), (0, 1, 0), dirs, 2, 2, (), (), (), 17, (START,))
    assert (m.pos, m.height, m.unit, m.target) == ((1, 4, 4), (0, 1, 0), (2, 1), 4)
    # a shortcut (+1) on 4: one more space towards the start, on top of camel 0
    m = stacks.move((3, 6, 6), (0, 1, 0), dirs, 2, 2, (4,), (1,), (False,), 17, (START,))
    assert (m.pos, m.height, m.target, m.used, m.cells) == ((3, 3, 3), (0, 2, 1), 3, (0,), (0,))
    # a fennec (-1) on 4: one space back towards the Finish, underneath camel 0 there
    m = stacks.move((5, 6, 6), (0, 1, 0), dirs, 2, 2, (4,), (-1,), (False,), 17, (START,))
    assert (m.pos, m.height, m.target, m.under) == ((5, 5, 5), (2, 1, 0), 5, True)
    # behind the start line: the crazy camel and its rider stand side by side
    m = stacks.move((2, 1, 1), (0, 1, 0), dirs, 2, 3, (), (), (), 17, (START,))
    assert (m.pos, m.height, m.target) == ((2, 0, 0), (0, 0, 0), 0)


@scaled(20)
@given(general_moves(), st.sampled_from((1, 2, -1, -2)))
def test_a_figure_acts_in_the_moving_camels_direction(args: tuple[Any, ...], effect: int) -> None:
    # CUC-MOVE-PALM, CUC-MOVE-FENNEC: a unit landing on a figure moves
    # abs(effect) more, further in its own direction when positive (on top),
    # back when negative (underneath): reversed for a crazy camel.
    pos, height, dirs, c, steps, _, _, _, finish, flat = args
    landing = pos[c] + dirs[c] * steps
    if not 0 < landing < finish or landing in pos:
        return
    m = stacks.move(pos, height, dirs, c, steps, (landing,), (effect,), (False,), finish, flat)
    assert m.used == (0,) and m.under == (effect < 0)
    assert m.target == max(0, min(finish, landing + dirs[c] * effect))
    assert m.cells == (0,)


def test_figures_chain_once_each() -> None:
    # CUC-MOVE-CHAIN: adjacent figures act once each, also when they stay
    # (no loop); the last one decides top or under.
    args = ((1, 0), (0, 0), (FORWARD, FORWARD), 0, 2, (3, 4), (1, -1))
    m = stacks.move(*args, (False, False), 16, (START,))
    assert (m.target, m.under, m.used, m.cells) == (3, True, (0, 1), (0, 0))
    m = stacks.move(*args, (True, True), 16, (START,))
    assert (m.target, m.under, m.used, m.cells) == (3, True, (0, 1), (3, 4))


@scaled(20)
@given(general_moves(), st.integers(1, 3))
def test_tiles_stay_and_pay_their_owner(args: tuple[Any, ...], seats: int) -> None:
    # CUC-MOVE-PALM, CUC-MOVE-PASSED for tiles that stay (2018 spectator
    # tiles): never removed, not by a landing nor by being passed; each
    # landing pays its owner (earnings).
    pos, height, dirs, c, steps, cells, effects, _, finish, flat = args
    stays = (True,) * len(cells)
    m = stacks.move(pos, height, dirs, c, steps, cells, effects, stays, finish, flat)
    assert m.cells == cells and m.passed == ()
    owners = tuple(i % (seats + 1) - 1 for i in range(len(cells)))  # -1: no owner
    pays = tuple(1 + i for i in range(len(cells)))  # 2018: 1 each; here 1, 2, 3 to tell apart
    paid = stacks.earnings(m.used, owners, pays, seats)
    assert len(paid) == seats
    assert sum(paid) == sum(pays[i] for i in m.used if owners[i] >= 0)
    for seat in range(seats):
        assert paid[seat] == sum(pays[i] for i in m.used if owners[i] == seat)
    assert stacks.earnings((1, 0, 1), (0, 1), (1, 2), 2) == (1, 4)  # by hand


@scaled(20)
@given(general_moves(crazy=True))
def test_passed_by_every_racing_camel(args: tuple[Any, ...]) -> None:
    # CUC-MOVE-PASSED (2023: "should all of the racing camels (not the crazy
    # camel) pass the space", 2016: all camels, all of them racing): a
    # figure that does not stay goes back exactly when every racing camel
    # stands strictly ahead of it; the crazy camels do not count.
    m = stacks.move(*args)
    pos, _, dirs, _, _, cells, _, stays, _, _ = args
    racing = [m.pos[c] for c in range(len(pos)) if dirs[c] == FORWARD]
    for i, cell in enumerate(cells):
        if cell and i not in m.used and not stays[i]:
            gone = bool(racing) and min(racing) > cell
            assert (i in m.passed) == gone == (m.cells[i] == 0)


def test_finish_line_crossed_backwards() -> None:
    # CUC-GAME-END, CUC-RANK in the 2018 shape: 16 spaces, the line after
    # space 16 (finish 17) and behind space 1 (cell 0). A crazy camel (2) on
    # space 1 carries racing camels 0 and 1 backwards over the line: they
    # stand on cell 0, and rank as the least advanced racing camels (by
    # stack with tied=-1, sharing the last place with tied=0).
    dirs = (FORWARD, FORWARD, BACKWARD, FORWARD)
    m = stacks.move((1, 1, 1, 9), (1, 2, 0, 0), dirs, 2, 2, (), (), (), 17, ())
    assert (m.target, m.pos, m.height, m.unit) == (0, (0, 0, 0, 9), (1, 2, 0, 0), (2, 0, 1))
    assert ranking.ranks(m.pos, m.height, dirs, -1) == (3, 2, 0, 1)
    assert ranking.ranks(m.pos, m.height, dirs, 0) == (3, 3, 0, 1)
    # forwards, reaching or passing the Finish stops on it, the unit in order
    m = stacks.move((15, 15, 1, 9), (0, 1, 0, 0), dirs, 0, 3, (), (), (), 17, ())
    assert (m.target, m.pos, m.height) == (17, (17, 17, 1, 9), (0, 1, 0, 0))


@scaled(20)
@given(general_moves(crazy=False, flat=True))
def test_no_stacking_on_a_flat_cell(args: tuple[Any, ...]) -> None:
    # CUC-MOVE-START: on a cell where camels do not stack (the 2016 Start
    # card, behind the 2023 start line) every camel has height 0 and moves
    # alone.
    pos, height, _, c, *_ = args
    assert stacks.unit_of(pos, height, c, (START,)) == ((c,) if pos[c] == START else tuple(
        sorted((x for x in range(len(pos)) if pos[x] == pos[c] and height[x] >= height[c]),
               key=lambda x: height[x])))
    m = stacks.move(*args)
    assert all(m.height[x] == 0 for x in range(len(pos)) if m.pos[x] == START)


def test_stacked_is_well_formed_for_any_number_of_camels() -> None:
    # CUC-INV-CAMELS, CUC-INV-STACKS: the contracts' flat predicate is
    # exactly well_formed, for 1 to 4 camels, with and without a flat cell.
    agree = 0
    for n in range(1, 5):
        for pos in itertools.product(range(3), repeat=n):
            for height in itertools.product(range(-1, 3), repeat=n):
                for flat in ((), (START,), (1,)):
                    ok = stacks.well_formed(pos, height, 2, flat)
                    assert stacks.stacked(pos, height, 2, flat) == ok
                    agree += ok
    assert agree > 100
    assert not stacks.well_formed((0,), (0, 0), 2, ())


def test_contract_helpers() -> None:
    # CUC-MOVE-PALM, CUC-MOVE-FENNEC: the figures' placement predicate and
    # the directions predicate used by the contracts.
    assert stacks.placed((3, 0), (1, -1), (0, 2), 6)
    assert not stacks.placed((2, 0), (1, -1), (0, 2), 6)  # on a camel
    assert not stacks.placed((3, 3), (1, -1), (0, 2), 6)  # two on one space
    assert not stacks.placed((6,), (1,), (0, 2), 6)  # on the Finish
    assert not stacks.placed((3,), (0,), (0, 2), 6)  # no effect
    assert not stacks.placed((3,), (3,), (0, 2), 6)
    assert stacks.placed((0, 0), (2, -2), (0, 2), 6)
    assert stacks.signs((FORWARD, BACKWARD)) and not stacks.signs((FORWARD, 0))
    assert stacks.signs(())


# --------------------------------------------------------------------------
# Ranking


@scaled(30)
@given(st.integers(1, 7).flatmap(lambda n: st.tuples(
    layouts(n, 12, (START,)), st.lists(st.sampled_from((FORWARD, BACKWARD)), min_size=n,
                                       max_size=n))), st.integers(-1, 2))
def test_ranking_ignores_crazy_camels(drawn: tuple[Layout, list[int]], tied: int) -> None:
    # CUC-RANK (2023: "the crazy camel does not get a place"; 2018: "crazy
    # camels are ignored for all purposes of ranking"): the racing camels'
    # places are those of the same layout without the crazy camels; a crazy
    # camel gets 0; racing camels on cells up to ``tied`` share the last place.
    (pos, height), dirs_list = drawn
    dirs = tuple(dirs_list)
    places = ranking.ranks(pos, height, dirs, tied)
    racing = [c for c in range(len(pos)) if dirs[c] == FORWARD]
    alone = ranking.ranks(tuple(pos[c] for c in racing), tuple(height[c] for c in racing),
                          (FORWARD,) * len(racing), tied)
    assert [places[c] for c in racing] == list(alone)
    assert all(places[c] == 0 for c in range(len(pos)) if dirs[c] == BACKWARD)
    order = sorted(racing, key=lambda c: (pos[c], height[c]), reverse=True)
    for i, c in enumerate(order):
        assert places[c] == (i + 1 if pos[c] > tied else len(racing))


def test_ranking_examples() -> None:
    # CUC-RANK: the 2016 Start card (and the 2023 space behind the start
    # line) shares fifth; the crazy camel (index 3) on top of the leading
    # stack takes no place.
    dirs = (FORWARD, FORWARD, FORWARD, BACKWARD, FORWARD, FORWARD)
    assert ranking.ranks((0, 3, 3, 3, 1, 0), (0, 0, 1, 2, 0, 0), dirs, 0) == (5, 2, 1, 0, 3, 5)
    assert ranking.ranks((0, 3, 3, 3, 1, 0), (0, 0, 1, 2, 0, 0), dirs, -1)[3] == 0


# --------------------------------------------------------------------------
# Payouts and the money floor


def test_payout_tables() -> None:
    # CUC-PAY-LEADER, CUC-PAY-MID, CUC-PAY-WINNER, CUC-PAY-LOSER: the 2016
    # table as data, read by place (the loser card from the last place).
    t = payouts.CUC_2016
    assert [payouts.leader_payout(5, r, t.leader, t.other) for r in range(1, 6)] == [
        5, 1, -1, -1, -1]
    assert [payouts.place_payout(t.midfield, r, t.other) for r in range(1, 6)] == [
        -1, 1, 2, 1, -1]
    assert [payouts.place_payout(t.winner, r, t.other) for r in range(1, 6)] == [7, 3, -1, -1, -1]
    assert [payouts.place_payout(t.loser, payouts.from_last(r, 5), t.other)
            for r in range(1, 6)] == [-1, -1, -1, 3, 7]
    # the 2018 finish-card piles: 8, 5, 3, 2, then 1 for each further correct card
    assert [payouts.place_payout((8, 5, 3, 2), k, 1) for k in range(1, 8)] == [
        8, 5, 3, 2, 1, 1, 1]
    assert payouts.place_payout((4,), 0, 9) == 9  # no place 0, nor negative indexing


@scaled(30)
@given(st.integers(-20, 20), st.integers(-20, 20), st.integers(-3, 3))
def test_money_floor_is_a_parameter(money: int, delta: int, floor: int) -> None:
    # CUC-MONEY-FLOOR (2016: 1 Pound; 2023 and 2018: 0 Pounds): the floor
    # applies to the step's net sum only.
    money = max(money, floor)
    after = payouts.floor_money(money, delta, floor)
    assert after == max(money + delta, floor)
    assert payouts.floor_money(money, delta, floor) >= floor


# --------------------------------------------------------------------------
# Track extension and sandstorms


@scaled(30)
@given(st.integers(1, 12).flatmap(lambda cards: st.tuples(st.just(cards), tracks(cards))),
       st.integers(0, 40))
def test_extension_fills_with_a_sandstorm_side(drawn: tuple[int, tuple[int, ...]],
                                               leader: int) -> None:
    # CUC-EXTEND (2023: "you may have to turn one of the cards to the
    # sandstorm side in order to make it exactly three spaces"): the same
    # spaces as with a half card, the single last space laid as a sandstorm
    # side; exactly 3 spaces ahead of the leader while spare cards last.
    cards, sides = drawn
    leader = min(leader, track.track_length(sides))
    half, added = track.extend(sides, leader, cards, HALF)
    sand, added_sand = track.extend(sides, leader, cards, SAND)
    assert added == added_sand
    assert track.track_length(half) == track.track_length(sand)
    assert half[:-1] == sand[:-1] and len(half) == len(sand)
    if len(half) > len(sides):
        assert (half[-1], sand[-1]) in ((FACE, FACE), (HALF, SAND))
    else:
        assert half == sand
    ahead = track.track_length(sand) - leader
    assert ahead >= track.GAP or track.spare_spaces(sand, cards) == 0
    assert ahead == track.GAP or added == 0 or track.spare_spaces(sand, cards) == 0
    assert track.valid_track(sand, cards)


@scaled(30)
@given(tracks(12, least=1).flatmap(lambda t: st.integers(1, 7).flatmap(lambda n: st.tuples(
    st.just(t), st.lists(st.integers(0, track.track_length(t) + 1), min_size=n, max_size=n),
    st.lists(st.sampled_from((FORWARD, BACKWARD)), min_size=n, max_size=n)))))
def test_sandstorm_spans_the_racing_camels(
        drawn: tuple[tuple[int, ...], list[int], list[int]]) -> None:
    # CUC-SANDSTORM (2023: "cards between the lead racing camel (ignore the
    # crazy camel) and the racing camel in last place", "cards that have no
    # camels on them"): the empty face-up cards strictly between the racing
    # camels' last and leading cards flip; no card holding any camel does;
    # every camel keeps its distance to the cards ahead that did not flip.
    sides, pos_list, dirs_list = drawn
    pos, dirs = tuple(pos_list), tuple(dirs_list)
    if FORWARD not in dirs:
        return
    new_track, new_pos, flipped = track.sandstorm(sides, pos, dirs)
    racing = [p for p, d in zip(pos, dirs, strict=True) if d == FORWARD]
    lo, hi = track.card_of(sides, min(racing)), track.card_of(sides, max(racing))
    held = {track.card_of(sides, p) for p in pos}
    assert flipped == tuple(i for i in range(len(sides))
                            if lo < i < hi and sides[i] == FACE and i not in held)
    assert new_track == tuple(SAND if i in flipped else s for i, s in enumerate(sides))
    for p, q in zip(pos, new_pos, strict=True):
        assert q == p - sum(1 for i in flipped if i < track.card_of(sides, p))


def test_placed_bounds() -> None:
    # CUC-MOVE-PALM, CUC-MOVE-FENNEC (the contracts' precondition): a figure is off the
    # track (cell 0) or on an empty space 1..finish-1, with an effect of +-1 or +-2.
    camels = (0, 2)
    assert stacks.placed((1,), (1,), camels, 6)  # space 1 is a track space
    assert stacks.placed((5,), (-2,), camels, 6) and stacks.placed((3,), (2,), camels, 6)
    assert stacks.placed((0,), (-1,), camels, 6)  # off the track
    assert not stacks.placed((6,), (1,), camels, 6)  # the Finish
    assert not stacks.placed((2,), (1,), camels, 6)  # a camel's space
    assert not stacks.placed((3, 3), (1, -1), camels, 6)  # two on one space
    for effect in (-3, 0, 3):
        assert not stacks.placed((3,), (effect,), camels, 6), effect


def test_well_formed_needs_five_camels_in_both_lists() -> None:
    # CUC-INV-CAMELS: a position and a height list for exactly the five camels.
    assert camel.well_formed((0, 0, 2, 2, 5), (0, 0, 0, 1, 0), 16)
    assert not camel.well_formed((0, 0, 2, 2, 5), (0, 0, 0, 1), 16)
    assert not camel.well_formed((0, 0, 2, 2), (0, 0, 0, 1, 0), 16)


def test_sandstorm_needs_a_direction_per_camel() -> None:
    # CUC-SANDSTORM: each camel's direction says whether it is a racing camel;
    # a direction list of another length is refused, not silently cut short.
    with pytest.raises(ValueError):
        track.sandstorm((FACE, FACE, FACE, FACE), (1, 1, 7, 7, 0), (1, 1, 1, 1))
    with pytest.raises(ValueError):
        track.sandstorm((FACE, FACE, FACE, FACE), (1, 7), (1, 1, -1))


# --------------------------------------------------------------------------
# pinned by the mutation runs (each test names its rule)


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


def test_landed_ok_contract_helper() -> None:
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


def test_ranks_cases() -> None:
    # CUC-RANK: further and higher is ahead; every camel on the Start card is 5th.
    assert camel.ranks((0, 0, 0, 0, 0), (0, 0, 0, 0, 0)) == (5, 5, 5, 5, 5)
    assert camel.ranks((0, 3, 3, 0, 1), (0, 0, 1, 0, 0)) == (5, 2, 1, 5, 3)
    assert camel.ranks((2, 2, 2, 2, 2), (4, 3, 2, 1, 0)) == (1, 2, 3, 4, 5)
    assert camel.ranks((1, 2, 3, 4, 5), (0, 0, 0, 0, 0)) == (5, 4, 3, 2, 1)


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

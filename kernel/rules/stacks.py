"""Camel stacks and their movement, for every camel game (pure functions on flat values).

This is THE implementation of camel movement for the camel games; the 2016
names in :mod:`kernel.rules.camel` call it with the 2016 parameters.

**Cells.** ``pos[c]`` is the cell of camel ``c``: 0 is the cell behind the
start (the 2016 Start card, the space behind the 2023 start line, the space
behind the 2018 finish line that a unit carried backwards over it reaches),
1..L the track spaces, ``finish`` (L + 1) the Finish: a forward move that
reaches or passes it stops on it, a backward move that reaches or passes
cell 0 stops on cell 0. ``height[c]`` is the camel's place in the stack on
its cell (0 is the bottom).

**Camels.** Any number of camels (the contracts check 1 to 6). ``dirs[c]`` is
the camel's direction: :data:`FORWARD` for a racing camel, :data:`BACKWARD`
for a crazy camel (2023: the black camel; 2018: the black and the white
camel). A moving unit moves in the direction of the camel that moves (the
bottom of the unit), riders included.

**Cells where camels do not stack.** ``flat`` lists them (2016 and 2023:
``(START,)``): camels there stand side by side with height 0, and a camel
there moves alone. Elsewhere camels always stack, gap-free.

**Figures and tiles.** ``cells[i]``, ``effects[i]``, ``stays[i]`` describe
figure ``i`` (the 2016 palm tree and fennec, the 2023 shortcut marker and
fennec, the 2018 spectator tiles): its cell (0 when it is not on the track),
its effect and whether it stays. A unit ending a move on a figure's cell
moves ``abs(effect)`` more cells: ``+n`` further in the moving camel's
direction and placed on top, ``-n`` back against it and placed underneath
(so a crazy camel meets every effect reversed). Each figure acts at most
once per move (so adjacent figures never loop, CUC-MOVE-CHAIN); the last
figure applied decides top or under. A figure that does not stay is
removed once used, and also (CUC-MOVE-PASSED) once every racing camel stands
strictly ahead of it; a figure that stays (2018 tiles) stays all leg.
Whom a figure pays when landed on is the game's data: :func:`earnings` sums
it per seat from :attr:`Moved.used`.

Every function with a ``post:`` line is total on its preconditions and
carries PEP 316 contracts that CrossHair checks (``proofs/run.py``). The
contracts' preconditions use :func:`stacked`, :func:`within`, :func:`signs`
and :func:`placed`, flat boolean formulas (``&``, ``|``, no branches) that
CrossHair hands to its solver whole; :func:`well_formed` is the same
condition as :func:`stacked`, written with loops and early returns.

A 2016 move (green carries orange from space 1 onto space 3):

>>> m = move((0, 1, 1, 0, 0), (0, 0, 1, 0, 0), (1,) * 5, 1, 2, (0, 0), (1, -1), (False, False), 16, (START,))
>>> m.pos, m.height, m.unit
((0, 3, 3, 0, 0), (0, 0, 1, 0, 0), (1, 2))

A crazy camel (camel 2, backwards) carries a racing camel back 2 cells and
meets a shortcut (+1) on cell 4, which for it means one more cell back:

>>> m = move((1, 6, 6), (0, 1, 0), (1, 1, -1), 2, 2, (4,), (1,), (False,), 17, (START,))
>>> m.pos, m.height, m.target, m.used, m.cells
((1, 3, 3), (0, 1, 0), 3, (0,), (0,))
"""

from __future__ import annotations

from typing import NamedTuple

START = 0  #: the cell behind the start: the 2016 Start card, the 2023 space behind the start line
FORWARD = 1  #: the direction of a racing camel
BACKWARD = -1  #: the direction of a crazy camel


# --------------------------------------------------------------------------
# Contract helpers: flat boolean formulas (``&``, ``|``, no branches)


def within(values: tuple[int, ...], top: int) -> bool:
    """``0 <= v <= top`` for every value, as one flat formula (a contract helper).

    >>> within((0, 3, 16), 16), within((0, 17), 16)
    (True, False)
    """
    ok = True
    for v in values:
        ok = ok & (0 <= v) & (v <= top)
    return ok


def signs(dirs: tuple[int, ...]) -> bool:
    """Every direction is :data:`FORWARD` or :data:`BACKWARD` (a contract helper).

    >>> signs((1, 1, -1)), signs((1, 0))
    (True, False)
    """
    ok = True
    for d in dirs:
        ok = ok & ((d == FORWARD) | (d == BACKWARD))
    return ok


def stacked(pos: tuple[int, ...], height: tuple[int, ...], top: int,
            flat: tuple[int, ...]) -> bool:
    """:func:`well_formed` as one flat boolean formula (a contract helper).

    Every camel on a cell 0..top, height 0 on a ``flat`` cell, the stacks
    elsewhere gap-free (CUC-INV-CAMELS, CUC-INV-STACKS). ``pos`` and
    ``height`` must have the same length.

    >>> stacked((0, 0, 2, 2, 5), (0, 0, 0, 1, 0), 16, (START,))
    True
    >>> stacked((0, 0, 2, 2, 5), (0, 0, 0, 2, 0), 16, (START,))
    False
    >>> stacked((0, 0), (0, 0), 16, ())  # cell 0 stacks here: two camels at height 0
    False
    """
    n = len(pos)
    ok = True
    for c in range(n):
        p, h = pos[c], height[c]
        on, off = False, True
        for f in flat:
            on = on | (p == f)
            off = off & (p != f)
        same = sum(pos[d] == p for d in range(n))
        ok = ok & (0 <= p) & (p <= top) & (0 <= h) & ((h == 0) | off)
        ok = ok & (on | (h < same))
        for d in range(c + 1, n):
            ok = ok & (on | (pos[d] != p) | (height[d] != h))
    return ok


def placed(cells: tuple[int, ...], effects: tuple[int, ...], pos: tuple[int, ...],
           finish: int) -> bool:
    """Figures well placed, as one flat formula (a contract helper).

    Each figure is off the track (cell 0) or on a track space 1..finish-1
    holding no camel, no two on one space, and each effect is +1, +2, -1
    or -2. ``effects`` must be as long as ``cells``.

    >>> placed((3, 0), (1, -1), (0, 2), 6), placed((2, 0), (1, -1), (0, 2), 6)
    (True, False)
    """
    ok = True
    for i in range(len(cells)):
        cell, effect = cells[i], effects[i]
        ok = ok & (((1 <= effect) & (effect <= 2)) | ((-2 <= effect) & (effect <= -1)))
        free = (0 < cell) & (cell < finish)
        for p in pos:
            free = free & (cell != p)
        for j in range(i + 1, len(cells)):
            free = free & (cell != cells[j])
        ok = ok & ((cell == 0) | free)
    return ok


def landed_ok(pos: tuple[int, ...], height: tuple[int, ...], unit: tuple[int, ...],
              under: bool) -> bool:
    """Contract helper: ``unit`` is the bottom (``under``) or the top of its stack.

    CUC-MOVE-STACK (on top) and CUC-MOVE-FENNEC (under).

    >>> landed_ok((3, 3, 3, 0, 0), (0, 1, 2, 0, 0), (1, 2), False)
    True
    >>> landed_ok((3, 3, 3, 0, 0), (0, 1, 2, 0, 0), (1, 2), True)
    False
    """
    cell = pos[unit[0]]
    others = [height[c] for c in range(len(pos)) if pos[c] == cell and c not in unit]
    mine = [height[c] for c in unit]
    if under:
        return mine == list(range(len(unit)))
    return mine == list(range(len(others), len(others) + len(unit)))


def well_formed(pos: tuple[int, ...], height: tuple[int, ...], top: int,
                flat: tuple[int, ...]) -> bool:
    """Camels on cells 0..top, height 0 on ``flat`` cells, stacks gap-free elsewhere.

    Rules CUC-INV-CAMELS and CUC-INV-STACKS, for any number of camels
    (``pos`` and ``height`` of the same length).

    >>> well_formed((0, 0, 2, 2, 5), (0, 0, 0, 1, 0), 16, (START,))
    True
    >>> well_formed((0, 0, 2, 2, 5), (0, 0, 0, 2, 0), 16, (START,))
    False
    """
    if len(pos) != len(height):
        return False
    counts: dict[int, int] = {}
    for c in range(len(pos)):
        p = pos[c]
        if p < 0 or p > top or height[c] < 0:
            return False
        counts[p] = counts.get(p, 0) + 1
    seen: set[tuple[int, int]] = set()
    for c in range(len(pos)):
        p, h = pos[c], height[c]
        if p in flat:
            if h != 0:
                return False
        elif h >= counts[p] or (p, h) in seen:
            return False
        seen.add((p, h))
    return True


# --------------------------------------------------------------------------
# Units and movement


def unit_of(pos: tuple[int, ...], height: tuple[int, ...], camel: int,
            flat: tuple[int, ...]) -> tuple[int, ...]:
    """The camels that move when ``camel`` moves, bottom to top.

    CUC-MOVE-CARRY: the camel carries every camel above it in order.
    CUC-MOVE-START: on a ``flat`` cell it moves alone.

    >>> unit_of((2, 2, 2, 0), (0, 2, 1, 0), 0, (START,))
    (0, 2, 1)

    pre: 1 <= len(pos) <= 6 and len(height) == len(pos)
    pre: len(flat) <= 1 and within(flat, 30)
    pre: (0 <= camel) & (camel < len(pos)) & stacked(pos, height, 30, flat)
    post: __return__[0] == camel
    post: all(pos[c] == pos[camel] for c in __return__)
    post: all(height[a] < height[b] for a, b in zip(__return__, __return__[1:]))
    post: set(__return__) == ({camel} if pos[camel] in flat else {c for c in range(len(pos)) if pos[c] == pos[camel] and height[c] >= height[camel]})
    """
    src = pos[camel]
    if src in flat:
        return (camel,)
    h0 = height[camel]
    above = [c for c in range(len(pos)) if pos[c] == src and height[c] >= h0]
    above.sort(key=lambda c: height[c])
    return tuple(above)


class Moved(NamedTuple):
    """The result of one movement (:func:`move`)."""

    pos: tuple[int, ...]  #: every camel's cell afterwards
    height: tuple[int, ...]  #: every camel's height afterwards
    cells: tuple[int, ...]  #: every figure's cell afterwards, 0 when off the track
    unit: tuple[int, ...]  #: the camels that moved, bottom to top
    target: int  #: the cell the unit ended on
    under: bool  #: placed under the camels already there (the last figure's effect was negative)
    used: tuple[int, ...]  #: the figures landed on, in order (each pays its owner, see earnings)
    passed: tuple[int, ...]  #: the figures removed because every racing camel passed them


def move(
    pos: tuple[int, ...],
    height: tuple[int, ...],
    dirs: tuple[int, ...],
    camel: int,
    steps: int,
    cells: tuple[int, ...],
    effects: tuple[int, ...],
    stays: tuple[bool, ...],
    finish: int,
    flat: tuple[int, ...],
) -> Moved:
    """Move ``camel`` ``steps`` cells in its direction ``dirs[camel]`` with every camel above it.

    CUC-MOVE-CARRY (the unit keeps its order), CUC-MOVE-STACK (lands on top),
    CUC-MOVE-START (a ``flat`` cell neither stacks nor carries),
    CUC-MOVE-PALM / CUC-MOVE-FENNEC (a figure's effect ``+n``: n further in
    the camel's direction, on top; ``-n``: n back, underneath; removed once
    used unless it stays), CUC-MOVE-CHAIN (each figure acts at most once per
    move; the last one decides top or under), CUC-MOVE-PASSED (a figure
    that does not stay is removed once every racing camel, ``dirs`` ==
    FORWARD, stands strictly ahead of it) and CUC-GAME-END (reaching or
    passing the Finish stops on ``finish``; backwards, reaching or passing
    cell 0 stops on cell 0, e.g. the 2018 finish line crossed backwards).
    Figures act on track spaces only (1..finish-1).

    >>> m = move((1, 6, 7), (0, 0, 0), (1, 1, 1), 0, 2, (3, 4), (1, -1), (False, False), 16, (START,))
    >>> m.target, m.under, m.used, m.cells   # the palm tree, then the fennec (CUC-MOVE-CHAIN)
    (3, True, (0, 1), (0, 0))
    >>> m = move((1, 0), (0, 0), (1, 1), 0, 2, (3,), (1,), (True,), 16, (START,))
    >>> m.target, m.used, m.cells   # a 2018 spectator tile stays
    (4, (0,), (3,))

    pre: 1 <= len(pos) <= 6 and len(height) == len(pos) and len(dirs) == len(pos)
    pre: (2 <= finish) & (finish <= 30) & (0 <= camel) & (camel < len(pos)) & (1 <= steps) & (steps <= 3)
    pre: len(flat) <= 1 and within(flat, finish)
    pre: signs(dirs) & stacked(pos, height, finish, flat)
    pre: len(cells) <= 3 and len(effects) == len(cells) and len(stays) == len(cells)
    pre: placed(cells, effects, pos, finish)
    post: well_formed(__return__.pos, __return__.height, finish, flat)
    post: __return__.unit == unit_of(pos, height, camel, flat)
    post: all(__return__.pos[c] == __return__.target for c in __return__.unit)
    post: __return__.target in flat or all(__return__.height[a] < __return__.height[b] for a, b in zip(__return__.unit, __return__.unit[1:]))
    post: all(__return__.pos[c] == pos[c] for c in range(len(pos)) if c not in __return__.unit)
    post: __return__.target == max(0, min(finish, pos[camel] + dirs[camel] * (steps + sum(effects[i] for i in __return__.used))))
    post: len(set(__return__.used)) == len(__return__.used) and all(cells[i] != 0 for i in __return__.used)
    post: __return__.under == (len(__return__.used) > 0 and effects[__return__.used[-1]] < 0)
    post: __return__.target in flat or landed_ok(__return__.pos, __return__.height, __return__.unit, __return__.under)
    post: len(__return__.cells) == len(cells) and all(__return__.cells[i] in (0, cells[i]) for i in range(len(cells)))
    post: all((__return__.cells[i] == 0) == (cells[i] == 0 or (i in __return__.used and not stays[i]) or i in __return__.passed) for i in range(len(cells)))
    post: all(__return__.cells[i] == cells[i] for i in range(len(cells)) if stays[i])
    post: all(min(__return__.pos[c] for c in range(len(pos)) if dirs[c] == FORWARD) > cells[i] for i in __return__.passed)
    post: all(__return__.cells[i] == 0 or stays[i] or FORWARD not in dirs or any(dirs[c] == FORWARD and __return__.pos[c] <= cells[i] for c in range(len(pos))) for i in range(len(cells)))
    post: all(__return__.cells[i] == 0 or i in __return__.used or __return__.cells[i] not in __return__.pos for i in range(len(cells)))
    """
    d = dirs[camel]
    unit = unit_of(pos, height, camel, flat)
    target = pos[camel] + d * steps
    under = False
    used: list[int] = []
    while 0 < target < finish:  # CUC-MOVE-PALM, CUC-MOVE-FENNEC, CUC-MOVE-CHAIN
        hit = -1
        for i, cell in enumerate(cells):
            if cell == target and i not in used:
                hit = i
        if hit < 0:
            break
        used.append(hit)
        target += d * effects[hit]
        under = effects[hit] < 0
    target = min(max(target, 0), finish)  # CUC-GAME-END: the Finish (or cell 0) holds it
    new_pos = list(pos)
    new_h = list(height)
    for c in unit:
        new_pos[c] = -1  # lift the unit off its cell; the camels below keep their heights
    if target in flat:  # CUC-MOVE-START: side by side, unstacked
        for c in unit:
            new_pos[c] = target
            new_h[c] = 0
    elif under:  # CUC-MOVE-FENNEC: slide the unit under what is there
        for c in range(len(pos)):
            if new_pos[c] == target:
                new_h[c] += len(unit)
        for i, c in enumerate(unit):
            new_pos[c] = target
            new_h[c] = i
    else:  # CUC-MOVE-STACK: on top, order kept (CUC-MOVE-CARRY)
        base = new_pos.count(target)
        for i, c in enumerate(unit):
            new_pos[c] = target
            new_h[c] = base + i
    left = [0 if i in used and not stays[i] else cell for i, cell in enumerate(cells)]
    racing = [new_pos[c] for c in range(len(pos)) if dirs[c] == FORWARD]
    passed: list[int] = []
    if racing:
        last = min(racing)
        for i, cell in enumerate(left):
            if cell and not stays[i] and last > cell:  # CUC-MOVE-PASSED
                left[i] = 0
                passed.append(i)
    return Moved(tuple(new_pos), tuple(new_h), tuple(left), unit, target, under,
                 tuple(used), tuple(passed))


def earnings(used: tuple[int, ...], owners: tuple[int, ...], pays: tuple[int, ...],
             seats: int) -> tuple[int, ...]:
    """What the figures landed on pay, per seat.

    Figure ``i`` pays ``pays[i]`` to seat ``owners[i]`` (-1: nobody) each
    time a unit lands on it (``used``, from :attr:`Moved.used`): the 2018
    spectator tiles pay their owner 1; the 2016 and 2023 figures pay nothing
    (their cards cost their holders at the leg payout instead).

    >>> earnings((1, 0), (2, -1), (1, 1), 3)
    (0, 0, 1)

    pre: 0 <= seats <= 8 and len(owners) <= 4 and len(pays) == len(owners) and len(used) <= 4
    pre: all(-1 <= o < seats for o in owners) and all(0 <= i < len(owners) for i in used)
    post: len(__return__) == seats
    post: sum(__return__) == sum(pays[i] for i in used if owners[i] >= 0)
    post: all(__return__[s] == 0 for s in range(seats) if s not in owners)
    """
    paid = [0] * seats
    for i in used:
        if owners[i] >= 0:
            paid[owners[i]] += pays[i]
    return tuple(paid)

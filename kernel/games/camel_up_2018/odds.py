"""Camel Up, 2nd edition (2018): exact leg odds over the chance tree (fast, merged states).

For a position inside a leg (:class:`Position`: the board, the dice still in
the pyramid, the spectator tiles, the top ticket of each colour and the
moving player's own tile) this module gives, as exact Fractions:

- :func:`leg_odds`: each racing camel's place at the end of the leg
  (CU2-LEG-END: 5 of the 6 dice out, so a leg from ``n`` dice has ``n - 1``
  reveals), the probability that the race ends this leg (CU2-RACE-END) and
  the places given that it does, and the expected landings on one watched
  tile (CU2-TILE-PAY);
- :func:`ev_table`: the expected Pounds of every action on offer, if the
  rest of the leg is dice only (no further player action), before the money
  floor: each top betting ticket (CU2-PAY-LEG), the pyramid ticket, every
  legal spectator tile placement and side. Each EV counts what the action
  brings plus the mover's own tile's expected payments this leg where the
  tile stays (tickets the mover already holds are not counted).

**How it is fast.** The chance tree is walked forwards level by level (one
level per reveal); equal states (the board and the dice still in the
pyramid; once the grey die is out, the crazy camels are dropped from the
board, since they can no longer change the racing camels' order) are merged
into one dict entry whose weight is an integer over the
level's common denominator: each reveal multiplies it by ``6 k`` (``k`` dice
in the pyramid, each die's faces weighing 2 for a racing number, 1 for a
grey face, out of 6). A board is one string (cells 0..17 joined by ``|``,
each cell its camels bottom to top as digits, the index in
:data:`~kernel.games.camel_up_2018.movement.CAMELS`), so a state key hashes
in C, a move is the unit sliced out and put back into the rest (each cell's
place read off the running cell sizes; each unit's landings from each cell,
the tiles applied, sorted into plain ones above its cell, other plain ones,
and those on the watched tile or past a line, worked out once per call; for
the grey die the board without the crazy camels is built once), and a ranking
is the string reversed with the separators and the crazy camels deleted. The
last reveal builds no state: each move is read on the racing order alone (the
camels' digits bottom cell first, read with ``bytes.translate``, a table
look-up, with the running cell sizes kept per board shape), as where its unit
leaves and where it comes back; its weight is added to an integer array per
racing order (slot: the unit and how many others come before it), and the
rankings are made once at the end. The result is exact integers until the
end, where Fractions are made once.

The movement here is a second implementation of
:func:`kernel.games.camel_up_2018.movement.reveal` for speed;
:mod:`kernel.games.camel_up_2018.odds_brute` enumerates every reveal sequence
with ``movement.reveal`` itself, and the tests check exact agreement.

>>> spread = board_of({1: ("blue", "green"), 2: ("red", "yellow"), 3: ("purple",),
...                    14: ("white",), 16: ("black",)})
>>> odds = leg_odds(Position(spread, ("yellow", "grey"), ()))
>>> odds.race_ends, odds.place["yellow"]
(Fraction(0, 1), (Fraction(1, 2), Fraction(1, 2), Fraction(0, 1), Fraction(0, 1), Fraction(0, 1)))
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from itertools import accumulate
from typing import Any, NamedTuple

from kernel.games.camel_up_2018.movement import (
    CAMELS,
    CRAZY,  # noqa: F401  (the doctests)
    DICE,
    FINISH,
    GREY,
    PYRAMID_PAY,
    RACING,
    SPACES,
    TICKET_VALUES,
    TILE_PAY,
    Board,
    Face,
    Tile,
    board_of,  # noqa: F401  (the doctests)
    board_problems,
    faces,
    leg_payout,
    ranking,
    reveal,
)
from kernel.plugin import SeatOdds

__all__ = ["READING", "Counts", "Estimate", "LegOdds", "Position", "board_key", "count_leg",
           "ev_table", "leg_odds", "legal_tile_spaces", "position_problems", "seat_odds",
           "simulate_race"]

#: The rule ID of the reading of "the rest of the leg" these odds take: dice
#: only, no further player action (the game's catalogue states it).
READING = "CU2-ODDS"

_SEP = "|"
_DIGIT = {name: str(i) for i, name in enumerate(CAMELS)}
_W, _K = _DIGIT["white"], _DIGIT["black"]
_RACING_DIGITS = "".join(_DIGIT[n] for n in RACING)
_RANKING = str.maketrans("", "", _SEP + _W + _K)  #: keep only the racing camels
_NO_CRAZY = str.maketrans("", "", _W + _K)  #: once the grey die is out
_DIE = {name: _DIGIT[name] for name in RACING} | {GREY: "g"}
_AHEAD, _BACK = (1, 2, 3), (-1, -2, -3)  #: a racing camel's steps, a crazy camel's


class Position(NamedTuple):
    """A position inside a leg, as the odds need it."""

    board: Board  #: every camel on a space 1..16
    pyramid: tuple[str, ...]  #: the dice still in the pyramid (2 to 6 of :data:`DICE`)
    tiles: tuple[Tile, ...]  #: the spectator tiles on the board
    tickets: Mapping[str, int] | None = None  #: colour -> its top ticket's value (0: none)
    mover_tile: int = 0  #: the space of the moving player's own tile, 0 if not on the board


class Counts(NamedTuple):
    """The leg's outcomes as integer weights over one denominator (:func:`count_leg`)."""

    total: int  #: the denominator
    rankings: dict[str, int]  #: final ranking (racing digits, leader first) -> weight
    ended: dict[str, int]  #: the same, restricted to the race ending this leg
    watched: int  #: expected landings on the watched cell, times ``total``
    states: tuple[int, ...]  #: merged states per level (after each reveal but the last)


class LegOdds(NamedTuple):
    """Exact odds of one leg (:func:`leg_odds`)."""

    place: dict[str, tuple[Fraction, ...]]  #: camel -> P(1st), ..., P(5th) at the leg's end
    race_ends: Fraction  #: P(the race ends this leg)
    place_if_ends: dict[str, tuple[Fraction, ...]]  #: the same given the race ends (0 if never)
    watched: Fraction  #: expected landings on the watched tile


def board_key(board: Board) -> str:
    """The compact string of a board: cells 0..17 joined by ``|``, camels as digits.

    >>> board_key(board_of({1: RACING, 6: CRAZY}))
    '|01234|||||56|||||||||||'
    """
    cells = [""] * (FINISH + 1)
    for c, cell in sorted(enumerate(board.pos), key=lambda x: (x[1], board.height[x[0]])):
        cells[cell] += str(c)
    return _SEP.join(cells)


def _tile_effects(tiles: Sequence[Tile]) -> tuple[int, ...]:
    effect = [0] * (FINISH + 1)
    for t in tiles:
        effect[t.space] = 1 if t.cheer else -1
    return tuple(effect)


def count_leg(board: Board, pyramid: Sequence[str], tiles: Sequence[Tile] = (),
              watch: int = 0) -> Counts:
    """The leg's outcomes by final ranking, as integer weights (the fast engine).

    Every reveal until one die is left (CU2-LEG-END), or until a unit
    crosses the line (CU2-RACE-END, the state then stops); ``watch`` is a
    tile's space whose landings are counted (0: none).

    >>> spread = board_of({1: ("blue", "green"), 2: ("red", "yellow"), 3: ("purple",),
    ...                    14: ("white",), 16: ("black",)})
    >>> c = count_leg(spread, ("yellow", "green"))   # 1 reveal: 2 dice x 6 faces
    >>> c.total, c.rankings
    (12, {'41320': 2, '14320': 4, '34210': 6})
    """
    n = len(pyramid)
    effect = _tile_effects(tiles)
    ahead = _landings(_moves(effect, watch, _AHEAD))
    back = _landings(_moves(effect, watch, _BACK))
    rem0 = "".join(sorted(_DIE[d] for d in pyramid))
    factors = [6 * (n - lvl) for lvl in range(n - 1)]
    rest = [1] * len(factors)  # rest[lvl]: the factors of the levels after lvl
    for lvl in range(len(factors) - 2, -1, -1):
        rest[lvl] = rest[lvl + 1] * factors[lvl + 1]
    total = rest[0] * factors[0] if factors else 1
    key0 = board_key(board)
    cur: dict[str, dict[str, int]] = {
        rem0: {key0 if "g" in rem0 else key0.translate(_NO_CRAZY): 1}}
    finals: dict[str, int] = {}
    if n <= 1:  # CU2-LEG-END: the leg is over, the board as it stands
        finals[key0.translate(_RANKING)[::-1]] = 1
    ended: dict[str, int] = {}
    watched = 0
    sizes: list[int] = []
    for lvl in range(n - 1):
        after = rest[lvl]
        if lvl == n - 2:  # the last reveal: rankings only
            tally: dict[bytes, list[int]] = {}
            unmoved: dict[bytes, int] = {}
            shapes: dict[bytes, Geometry] = {}
            for rem, boards in cur.items():
                watched += _last_reveal(rem, boards, ahead, back, tally, unmoved, ended, after,
                                        shapes)
            _fold(tally, unmoved, finals)
            break
        nxt: dict[str, dict[str, int]] = {}
        for rem, boards in cur.items():
            racing = [(die, nxt.setdefault(rem.replace(die, "", 1), {})) for die in rem
                      if die != "g"]
            grey = nxt.setdefault(rem.replace("g", "", 1), {}) if "g" in rem else None
            for s, w in boards.items():
                parts = s.split(_SEP)
                acc = [0, *accumulate(map(len, parts))]  # acc[c]: camels on the cells < c
                wf = 2 * w  # CU2-DIE-RACING: faces 1..3, each printed twice
                for ch, dest in racing:
                    i = s.index(ch)
                    src = s.count(_SEP, 0, i)
                    j = acc[src + 1] + src  # the end of the unit's cell in s
                    watched += _move(s[:i] + s[j:], s[i:j], acc, ahead[src], wf, after, dest,
                                     finals, ended)
                if grey is None:
                    continue
                # CU2-DIE-GREY, CU2-MOVE-CRAZY; the grey die is then out: the crazy camels
                # matter no more, so the board goes on without them
                sp = s.translate(_NO_CRAZY)
                acc = [0, *accumulate(map(len, sp.split(_SEP)))]
                movers, fgrey = _grey(s)
                for ch, k in movers:
                    src = s.count(_SEP, 0, s.index(ch))
                    j = acc[src + 1] + src  # the end of its cell, crazy camels left out
                    watched += _move(sp[:j - k] + sp[j:], sp[j - k:j], acc, back[src], w * fgrey,
                                     after, grey, finals, ended)
        cur = nxt
        sizes.append(sum(len(boards) for boards in nxt.values()))
    return Counts(total, finals, ended, watched, tuple(sizes))


def _move(rest: str, unit: str, acc: Sequence[int],
          landings: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...],
                          tuple[tuple[int, int, bool, bool, bool], ...], int],
          w: int, after: int, dest: dict[str, int], finals: dict[str, int],
          ended: dict[str, int]) -> int:
    """One unit's move (``unit`` taken out of board ``rest``, ``acc`` the running cell
    sizes of the board before) with each of its landings, weight ``w`` each: the new
    boards into ``dest`` or, past a line, the rankings into ``finals`` and ``ended``;
    returns the watched landings (times the levels ``after``)."""
    watched = 0
    fwd, same, special, _ = landings
    size = len(unit)
    get = dest.get
    # CU2-MOVE-STACK: on top of the landing cell, or under it (boo); a landing above
    # the unit's cell is ``size`` earlier in ``rest``
    for x, t in fwd:
        q = acc[x] + t - size
        ns = rest[:q] + unit + rest[q:]
        dest[ns] = get(ns, 0) + w
    for x, t in same:
        q = acc[x] + t
        ns = rest[:q] + unit + rest[q:]
        dest[ns] = get(ns, 0) + w
    for x, t, ahead, hit, over in special:
        if hit:  # CU2-TILE-PAY
            watched += w * after
        q = acc[x] + t - size if ahead else acc[x] + t
        ns = rest[:q] + unit + rest[q:]
        if over:  # CU2-RACE-END: the state stops
            r = ns.translate(_RANKING)[::-1]
            ended[r] = ended.get(r, 0) + w * after
            finals[r] = finals.get(r, 0) + w * after
        else:
            dest[ns] = get(ns, 0) + w
    return watched


#: A unit's landings from each cell: (cell, under the stack, on the watched tile, past a line).
Moves = tuple[tuple[tuple[int, bool, bool, bool], ...], ...]

#: Per cell a unit leaves, its landings on cell ``t`` as indices ``x`` into the running
#: cell sizes ``acc`` (the unit goes in after ``acc[x]`` camels and ``t`` separators of
#: a board string): the plain ones above the unit's cell ``(x, t)`` (counted without the
#: unit), the other plain ones ``(x, t)``, the ones on the watched tile or past a line
#: ``(x, t, above, hit, over)``, and how many land on the watched tile.
Landing = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...],
                tuple[tuple[int, int, bool, bool, bool], ...], int]
Landings = tuple[Landing, ...]


def _moves(effect: Sequence[int], watch: int, steps: tuple[int, ...]) -> Moves:
    """Per cell a unit leaves, each step's landing, the tiles applied (CU2-TILE-CHEER,
    CU2-TILE-BOO, CU2-TILE-PAY on the watched tile, CU2-RACE-END past either line)."""
    out = []
    for src in range(FINISH + 1):
        row = []
        for d in steps:
            t = src + d
            under = hit = False
            if 0 < t < FINISH and effect[t]:
                hit = t == watch
                if effect[t] > 0:
                    t += 1 if d > 0 else -1
                else:
                    t -= 1 if d > 0 else -1
                    under = True
            row.append((max(0, min(t, FINISH)), under, hit, t <= 0 or t >= FINISH))
        out.append(tuple(row))
    return tuple(out)


def _landings(moves: Moves) -> Landings:
    """Each cell's landings as :data:`Landings` (CU2-MOVE-STACK: on top of the landing
    cell, ``acc[t + 1]``, or under it, ``acc[t]``)."""
    out = []
    for src, row in enumerate(moves):
        fwd: list[tuple[int, int]] = []
        same: list[tuple[int, int]] = []
        special: list[tuple[int, int, bool, bool, bool]] = []
        for t, under, hit, over in row:
            x = t if under else t + 1
            if hit or over:
                special.append((x, t, t > src, hit, over))
            else:
                (fwd if t > src else same).append((x, t))
        out.append((tuple(fwd), tuple(same), tuple(special), sum(h for _, _, h, _ in row)))
    return tuple(out)


def _grey(s: str) -> tuple[tuple[tuple[str, int], ...], int]:
    """The camels the grey die's reveal may move in board ``s`` (each a separate
    outcome), each with the number of racing camels it carries, and the weight of
    each face (out of 6): CU2-DIE-GREY, then CU2-MOVE-CRAZY."""
    iw, ik = s.index(_W), s.index(_K)
    jw, jk = s.find(_SEP, iw), s.find(_SEP, ik)  # the ends of their cells
    above_w = s[iw + 1:jw].replace(_K, "")
    above_k = s[ik + 1:jk].replace(_W, "")
    if bool(above_w) != bool(above_k):  # (a) only one carries racing camels
        return ((_W, len(above_w)),) if above_w else ((_K, len(above_k)),), 2
    if ik == iw + 1:  # (b) black directly on white
        return ((_K, len(above_k)),), 2
    if iw == ik + 1:
        return ((_W, len(above_w)),), 2
    return ((_W, len(above_w)), (_K, len(above_k))), 1  # the colour of the number


def _last_reveal(rem: str, boards: Mapping[str, int], ahead: Landings, back: Landings,
                 tally: dict[bytes, list[int]], unmoved: dict[bytes, int],
                 ended: dict[str, int], after: int, shapes: dict[bytes, Geometry]) -> int:
    """The leg's last reveal from each board (CU2-LEG-END): the weights go to ``tally``
    (see :func:`_fold`), ``unmoved`` (no racing camel moves) and ``ended``; returns
    the watched landings.

    Only the ranking is kept, so a move is read on the racing order ``rr`` (bottom
    cell first, each cell bottom to top, crazy camels left out): the unit's racing
    camels ``rr[i:top]`` (the top of its cell) leave it and come back after the first
    ``p`` of the others: every racing camel of a cell below the landing (and of the
    landing cell, when on top), counted from the cells' running sizes ``acc``.
    ``tally[rr]`` adds up the weight of each such outcome (:data:`_TALLY`); the
    rankings are made once, at the end."""
    watched = 0
    crazy = "g" in rem
    cells = (_cells_only(ahead), _cells_only(back))  # a dozen tuples: cheap
    racing = tuple((ord(ch), 2, 0) for ch in rem if ch != "g")  # CU2-DIE-RACING: 2 faces each
    movers: Sequence[tuple[int, int, int]] = racing
    for s, w in boards.items():
        b = s.encode()  # bytes: translate is a table look-up
        rr = b.translate(None, _DROP)  # racing camels only, bottom cell first
        shape = b.translate(_SHAPE, _CRAZY_BYTES)
        geo = shapes.get(shape)
        if geo is None:
            geo = shapes[shape] = _geometry(shape)
        acc, srcof = geo
        if crazy:  # CU2-DIE-GREY, CU2-MOVE-CRAZY: the racing camels on a crazy camel
            grey, fgrey = _grey(s)
            movers = [*racing]
            for ch, k in grey:
                src = s.count(_SEP, 0, s.index(ch))
                if k:
                    movers.append((rr[acc[src + 1] - k], fgrey, 1))
                    continue
                _, _, special, hits = back[src]
                watched += w * fgrey * after * hits  # CU2-TILE-PAY
                # no racing camel rides: the ranking stays
                n = 3 - len(special)
                for _, _, _, _, over in special:
                    if over:  # CU2-RACE-END
                        r = rr[::-1].decode()
                        ended[r] = ended.get(r, 0) + w * fgrey * after
                        n += after
                    else:
                        n += 1
                unmoved[rr] = unmoved.get(rr, 0) + w * fgrey * n
        cnt = tally.get(rr)
        if cnt is None:
            cnt = tally[rr] = [0] * _TALLY
        for camel, f, way in movers:  # the unit's lowest racing camel (its digit's byte)
            wm = w * f
            i = rr.index(camel)
            src = srcof[i]
            top = acc[src + 1]
            base = (i * 6 + top) * 6  # the unit rr[i:top] after p others: base + p
            fwd, same, special, hits = cells[way][src]
            low = base - top + i  # a landing above its cell: counted without the unit
            for x in fwd:  # CU2-MOVE-STACK
                cnt[low + acc[x]] += wm
            for x in same:
                cnt[base + acc[x]] += wm
            if special:
                watched += wm * after * hits  # CU2-TILE-PAY
                for x, _, above, _, over in special:
                    p = acc[x] - top + i if above else acc[x]
                    if over:  # CU2-RACE-END
                        others = rr[:i] + rr[top:]
                        r = (others[:p] + rr[i:top] + others[p:])[::-1].decode()
                        ended[r] = ended.get(r, 0) + wm * after
                        cnt[base + p] += wm * after
                    else:
                        cnt[base + p] += wm
    return watched


#: A board's shape: its cells' sizes, racing camels only (each an ``x``; a board as
#: bytes, the crazy camels deleted).
_SHAPE = bytes.maketrans(_RACING_DIGITS.encode(), b"x" * len(RACING))
_CRAZY_BYTES = (_W + _K).encode()
_DROP = (_SEP + _W + _K).encode()  #: what a racing order leaves out

#: What the last reveal reads off a board's shape: the running cell sizes ``acc`` and
#: the cell of each racing camel (by its index in the racing order).
Geometry = tuple[list[int], list[int]]


def _geometry(shape: bytes) -> Geometry:
    """The :data:`Geometry` of a board's shape (made once per shape and leg)."""
    parts = shape.split(_SEP.encode())
    return [0, *accumulate(map(len, parts))], [cell for cell, part in enumerate(parts)
                                                for _ in part]


#: :data:`Landing` with the cells only for the plain landings.
CellLanding = tuple[tuple[int, ...], tuple[int, ...],
                    tuple[tuple[int, int, bool, bool, bool], ...], int]
CellLandings = tuple[CellLanding, ...]


def _cells_only(landings: Landings) -> CellLandings:
    """The landings with the cells ``x`` only for the plain ones (the last reveal)."""
    return tuple((tuple(x for x, _ in fwd), tuple(x for x, _ in same), special, hits)
                 for fwd, same, special, hits in landings)


#: The last reveal's tally of one racing order: (i * 6 + top) * 6 + p for the unit
#: ``rr[i:top]`` back after ``p`` of the other racing camels (5 racing camels).
_TALLY = 6 * 6 * 6

def _fold(tally: Mapping[bytes, Sequence[int]], unmoved: Mapping[bytes, int],
          finals: dict[str, int]) -> None:
    """Add the last reveal's weights to ``finals`` by ranking (leader first): the
    unit ``rr[i:top]`` back after ``p`` of the other racing camels."""
    for key, cnt in tally.items():
        rr = key.decode()
        for index, c in enumerate(cnt):
            if c:
                unit, p = divmod(index, 6)
                i, top = divmod(unit, 6)
                others = rr[:i] + rr[top:]
                r = (others[:p] + rr[i:top] + others[p:])[::-1]
                finals[r] = finals.get(r, 0) + c
    for key, c in unmoved.items():
        r = key.decode()[::-1]
        finals[r] = finals.get(r, 0) + c


def _places(weights: Mapping[str, int], total: int) -> dict[str, tuple[Fraction, ...]]:
    counts = {d: [0] * len(RACING) for d in _RACING_DIGITS}
    for r, w in weights.items():
        for place, d in enumerate(r):
            counts[d][place] += w
    return {name: tuple(Fraction(x, total) if total else Fraction(0) for x in counts[_DIGIT[name]])
            for name in RACING}


def leg_odds(position: Position, watch: int = 0) -> LegOdds:
    """The exact odds of the rest of the leg (CU2-RANK at CU2-LEG-END or CU2-RACE-END).

    ``watch``: a tile's space whose expected landings are reported.
    """
    c = count_leg(position.board, position.pyramid, position.tiles, watch)
    ends = sum(c.ended.values())
    return LegOdds(_places(c.rankings, c.total), Fraction(ends, c.total),
                   _places(c.ended, ends), Fraction(c.watched, c.total))


def legal_tile_spaces(position: Position) -> list[int]:
    """The spaces where the mover may place (or move) the own spectator tile.

    An empty space (no camel, no tile), never space 1, never next to a space
    with a tile; the own tile is lifted first (its old space blocks nothing)
    and goes to a different space.

    >>> legal_tile_spaces(Position(board_of({1: RACING, 6: CRAZY}), DICE, (Tile(9, True, 0),)))
    [2, 3, 4, 5, 7, 11, 12, 13, 14, 15, 16]
    """
    others = {t.space for t in position.tiles if t.space != position.mover_tile}
    camels = set(position.board.pos)
    return [s for s in range(2, SPACES + 1)
            if s not in camels and s != position.mover_tile
            and not others & {s - 1, s, s + 1}]


def ev_table(position: Position, base: LegOdds | None = None) -> dict[str, Fraction]:
    """The expected Pounds of every action on offer this leg (dice only afterwards).

    Keyed by the game's action texts: ``bet:<colour>`` (its top ticket,
    CU2-PAY-LEG), ``pyramid`` (the pyramid ticket, PYRAMID_PAY),
    ``cheer:<space>`` / ``boo:<space>`` (the own tile placed or moved there:
    its expected payments, CU2-TILE-PAY). The own
    tile's expected payments, when it is on the board and stays, are added
    to the bets and the pyramid ticket. ``base``: :func:`leg_odds` of the
    position watching ``position.mover_tile``, if already computed.

    >>> spread = board_of({1: ("blue", "green"), 2: ("red", "yellow"), 3: ("purple",),
    ...                    14: ("white",), 16: ("black",)})
    >>> ev = ev_table(Position(spread, ("yellow", "green"), ()))
    >>> ev["bet:yellow"], ev["bet:green"], ev["pyramid"], ev["cheer:4"]
    (Fraction(2, 1), Fraction(4, 3), Fraction(1, 1), Fraction(1, 3))
    """
    if base is None:
        base = leg_odds(position, position.mover_tile)
    own = base.watched * TILE_PAY
    tickets = dict.fromkeys(RACING, TICKET_VALUES[0])
    if position.tickets is not None:
        tickets.update(position.tickets)
    table: dict[str, Fraction] = {}
    for colour in RACING:
        value = tickets[colour]
        if value:
            table[f"bet:{colour}"] = own + sum(
                (p * leg_payout(value, k + 1) for k, p in enumerate(base.place[colour])),
                Fraction(0))
    table["pyramid"] = own + PYRAMID_PAY
    kept = tuple(t for t in position.tiles if t.space != position.mover_tile)
    for space in legal_tile_spaces(position):
        for cheer in (True, False):
            tiles = (*kept, Tile(space, cheer, -1))
            c = count_leg(position.board, position.pyramid, tiles, space)
            table[f"{'cheer' if cheer else 'boo'}:{space}"] = Fraction(c.watched * TILE_PAY,
                                                                          c.total)
    return table


def position_problems(position: Position) -> list[str]:
    """What is wrong with a position (an empty list if nothing).

    >>> position_problems(Position(board_of({1: RACING, 6: CRAZY}), ("blue",), ()))
    ['pyramid: 2 to 6 dice, not 1']
    """
    problems = board_problems(position.board, position.tiles)
    if not 2 <= len(position.pyramid) <= len(DICE):
        problems.append(f"pyramid: 2 to 6 dice, not {len(position.pyramid)}")
    if len(set(position.pyramid)) != len(position.pyramid) or not set(position.pyramid) <= set(
            DICE):
        problems.append("pyramid: each die of " + ", ".join(DICE) + " at most once")
    if position.mover_tile and position.mover_tile not in {t.space for t in position.tiles}:
        problems.append(f"mover_tile: no tile on space {position.mover_tile}")
    return problems


class Estimate(NamedTuple):
    """Seeded simulation of the rest of the race (:func:`simulate_race`)."""

    runs: int  #: races simulated
    seed: int  #: the seed of ``random.Random``
    winner: dict[str, tuple[float, float, float]]  #: camel -> (estimate, 95% low, 95% high)
    loser: dict[str, tuple[float, float, float]]  #: the same for the overall loser


def wilson(hits: int, runs: int, z: float = 1.959964) -> tuple[float, float, float]:
    """A proportion with its Wilson score interval (95% by default).

    >>> [round(x, 4) for x in wilson(20, 100)]
    [0.2, 0.1334, 0.2888]
    """
    if runs == 0:
        return (0.0, 0.0, 1.0)
    p = hits / runs
    centre = (p + z * z / (2 * runs)) / (1 + z * z / runs)
    half = z * math.sqrt(p * (1 - p) / runs + z * z / (4 * runs * runs)) / (1 + z * z / runs)
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def simulate_race(position: Position, runs: int, seed: int,
                  progress: Callable[[int, int], None] | None = None) -> Estimate:
    """Estimate the overall winner and loser by seeded simulation of the rest of the race.

    The rest of the race is dice only (no further bets or tiles): the leg
    goes on from ``position`` (its tiles stay, CU2-TILE-PAY), each later
    leg starts with all six dice and no tiles (CU2-LEG-END), until a unit
    crosses the line (CU2-RACE-END); the winner and loser are the first and
    last of CU2-RANK. Each reveal is drawn with the kernel's own sampler
    (:func:`kernel.api.sample_chance`, exact Fractions over (die, face)) from
    ``random.Random(seed)``. ``progress(done, runs)`` is called every 1% of
    the runs.

    >>> e = simulate_race(Position(board_of({1: RACING, 6: CRAZY}), DICE, ()), 200, 1)
    >>> e.runs, round(sum(w for w, _, _ in e.winner.values()), 9)
    (200, 1.0)
    """
    from kernel.api import sample_chance  # the kernel imports the games: import it late

    rng = random.Random(seed)
    wins = dict.fromkeys(RACING, 0)
    losses = dict.fromkeys(RACING, 0)
    chances: dict[tuple[str, ...], list[tuple[tuple[str, Face], Fraction]]] = {}
    step = max(1, runs // 100)
    for done in range(runs):
        board, dice, tiles = position.board, tuple(position.pyramid), position.tiles
        while True:
            if len(dice) <= 1:  # CU2-LEG-END: a new leg, the dice back, the tiles off
                dice, tiles = DICE, ()
            if dice not in chances:
                chances[dice] = [((die, face), Fraction(w, 6 * len(dice)))
                                 for die in dice for face, w in faces(die)]
            die, face = sample_chance(chances[dice], rng)
            r = reveal(board, tiles, die, face)
            board, dice = r.board, tuple(d for d in dice if d != die)
            if r.ended:  # CU2-RACE-END
                break
        order = ranking(board)
        wins[order[0]] += 1
        losses[order[-1]] += 1
        if progress is not None and (done + 1) % step == 0:
            progress(done + 1, runs)
    return Estimate(runs, seed, {c: wilson(wins[c], runs) for c in RACING},
                    {c: wilson(losses[c], runs) for c in RACING})


def seat_odds(history: Any, seat: int) -> SeatOdds | None:
    """The exact odds of the rest of the current leg from ``seat``'s view (``kernel.seat_odds``).

    Nothing in this game is hidden from a seat, so its view is the last state
    of ``history`` (a :class:`kernel.Trace`); the seat's own spectator tile is
    the one whose moves :func:`ev_table` prices. None outside a leg (before
    the camels are placed, after the race). The reading is :data:`READING`.
    """
    from kernel.games.camel_up_2018.odds_cli import position_from_document
    from kernel.games.camel_up_2018.position import position_of

    state = history.final
    try:
        doc = position_of(state)
    except ValueError:
        return None
    doc.pop("mover_tile", None)
    own = state.tiles[seat]
    if own is not None:
        doc["mover_tile"] = own[0]
    position = position_from_document(doc)
    base = leg_odds(position, position.mover_tile)
    return SeatOdds(
        reading=READING,
        places=tuple((name, base.place[name]) for name in RACING),
        race_ends=base.race_ends,
        values=tuple(sorted(ev_table(position, base).items())),
    )

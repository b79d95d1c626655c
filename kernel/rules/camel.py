"""Pure rule functions shared by the camel games, on small flat values.

Positions are per camel: ``pos[c]`` is the cell of camel ``c`` (0 is the Start
card, 1..L the track spaces, L+1 the Finish) and ``height[c]`` its place in the
stack on that cell (0 is the bottom). Camels on the Start card are never
stacked: their height is always 0 (rule CUC-MOVE-START).

Every function is total on its precondition and carries PEP 316 contracts that
``crosshair check`` verifies (see ``proofs/``). Rule IDs name the rules of
Camel Up Cards (2016, prefix CUC); the later camel games reuse these functions
and will name their own IDs beside them.

>>> m = move((0, 1, 1, 0, 0), (0, 0, 1, 0, 0), 1, 2, 0, 0, 16)
>>> m.pos, m.height, m.unit
((0, 3, 3, 0, 0), (0, 0, 1, 0, 0), (1, 2))
"""

from __future__ import annotations

from typing import NamedTuple

CAMELS = 5
START = 0

# Track card sides (CUC-SETUP-TRACK, CUC-SANDSTORM).
FACE = 2  #: face up, 2 spaces
SAND = 1  #: sandstorm side, 1 space
HALF = 3  #: face up with its second half under the Finish card, 1 space


def well_formed(pos: tuple[int, ...], height: tuple[int, ...], finish: int) -> bool:
    """Five camels, each on a cell 0..finish, stacks gap-free, Start unstacked.

    Rules CUC-INV-CAMELS and CUC-INV-STACKS.

    >>> well_formed((0, 0, 2, 2, 5), (0, 0, 0, 1, 0), 16)
    True
    >>> well_formed((0, 0, 2, 2, 5), (0, 0, 0, 2, 0), 16)
    False
    """
    if len(pos) != CAMELS or len(height) != CAMELS:
        return False
    counts: dict[int, int] = {}
    for c in range(CAMELS):
        p = pos[c]
        if p < 0 or p > finish or height[c] < 0:
            return False
        counts[p] = counts.get(p, 0) + 1
    seen: set[tuple[int, int]] = set()
    for c in range(CAMELS):
        p, h = pos[c], height[c]
        if p == START:
            if h != 0:
                return False
        elif h >= counts[p] or (p, h) in seen:
            return False
        seen.add((p, h))
    return True


def stacked(pos: tuple[int, ...], height: tuple[int, ...], top: int) -> bool:
    """:func:`well_formed` for exactly five camels, as one flat boolean formula.

    A pure predicate for the contracts' preconditions (CUC-INV-CAMELS,
    CUC-INV-STACKS): it combines comparisons with ``&`` and ``|`` instead of
    branching, so CrossHair hands the whole condition to its solver and
    finds layouts that meet it instead of guessing branch by branch.
    ``pos`` and ``height`` must have length 5.

    >>> stacked((0, 0, 2, 2, 5), (0, 0, 0, 1, 0), 16)
    True
    >>> stacked((0, 0, 2, 2, 5), (0, 0, 0, 2, 0), 16)
    False
    """
    ok = True
    for c in range(CAMELS):
        p, h = pos[c], height[c]
        same = sum(pos[d] == p for d in range(CAMELS))
        ok = ok & (0 <= p) & (p <= top) & (0 <= h) & ((p != START) | (h == 0))
        ok = ok & ((p == START) | (h < same))
        for d in range(c + 1, CAMELS):
            ok = ok & ((p == START) | (pos[d] != p) | (height[d] != h))
    return ok


def within(values: tuple[int, ...], top: int) -> bool:
    """``0 <= v <= top`` for every value, as one flat formula (a contract helper, see
    :func:`stacked`).

    >>> within((0, 3, 16), 16), within((0, 17), 16)
    (True, False)
    """
    ok = True
    for v in values:
        ok = ok & (0 <= v) & (v <= top)
    return ok


def unit_of(pos: tuple[int, ...], height: tuple[int, ...], camel: int) -> tuple[int, ...]:
    """The camels that move when ``camel`` moves, bottom to top.

    CUC-MOVE-CARRY: the camel carries every camel above it in order.
    CUC-MOVE-START: on the Start card it moves alone.

    pre: len(pos) == 5 and len(height) == 5
    pre: (0 <= camel) & (camel < 5) & stacked(pos, height, 30)
    post: __return__[0] == camel
    post: all(pos[c] == pos[camel] for c in __return__)
    post: all(height[a] < height[b] for a, b in zip(__return__, __return__[1:]))
    post: set(__return__) == ({camel} if pos[camel] == 0 else {c for c in range(5) if pos[c] == pos[camel] and height[c] >= height[camel]})
    """
    src = pos[camel]
    if src == START:
        return (camel,)
    h0 = height[camel]
    above = [c for c in range(CAMELS) if pos[c] == src and height[c] >= h0]
    above.sort(key=lambda c: height[c])
    return tuple(above)


class Moved(NamedTuple):
    """The result of one camel movement."""

    pos: tuple[int, ...]
    height: tuple[int, ...]
    palm: int  #: the palm's cell afterwards, 0 when back on its card
    fennec: int  #: the fennec's cell afterwards, 0 when back on its card
    unit: tuple[int, ...]  #: the camels that moved, bottom to top
    target: int  #: the cell the unit ended on
    under: bool  #: placed under the camels already there (fennec)
    used: tuple[str, ...]  #: figures landed on, in order ("palm", "fennec")
    passed: tuple[str, ...]  #: figures returned because every camel passed them


def landed_ok(
    pos: tuple[int, ...], height: tuple[int, ...], unit: tuple[int, ...], under: bool
) -> bool:
    """Contract helper: ``unit`` is the bottom (``under``) or the top of its stack.

    CUC-MOVE-STACK (on top) and CUC-MOVE-FENNEC (under), for a unit on a
    track space; a pure predicate for the contracts of :func:`move`.

    >>> landed_ok((3, 3, 3, 0, 0), (0, 1, 2, 0, 0), (1, 2), False)
    True
    >>> landed_ok((3, 3, 3, 0, 0), (0, 1, 2, 0, 0), (1, 2), True)
    False
    """
    cell = pos[unit[0]]
    others = [height[c] for c in range(CAMELS) if pos[c] == cell and c not in unit]
    mine = [height[c] for c in unit]
    if under:
        return mine == list(range(len(unit)))
    return mine == list(range(len(others), len(others) + len(unit)))


def move(
    pos: tuple[int, ...],
    height: tuple[int, ...],
    camel: int,
    steps: int,
    palm: int,
    fennec: int,
    finish: int,
) -> Moved:
    """Move ``camel`` ``steps`` cells forward with everything above it.

    CUC-MOVE-CARRY, CUC-MOVE-STACK (lands on top), CUC-MOVE-START (Start card
    unstacked), CUC-MOVE-PALM (one more forward, on top, palm removed),
    CUC-MOVE-FENNEC (one back, placed under, fennec removed), CUC-MOVE-CHAIN
    (each figure acts at most once; the last one decides top or under),
    CUC-MOVE-PASSED (a figure every camel has passed returns) and
    CUC-GAME-END (reaching or passing the Finish stops on the Finish cell).
    ``palm``/``fennec`` are cells 1..finish-1, or 0 when not on the track.

    pre: len(pos) == 5 and len(height) == 5
    pre: (2 <= finish) & (finish <= 30) & (0 <= camel) & (camel < 5) & (1 <= steps) & (steps <= 2)
    pre: stacked(pos, height, finish - 1)
    pre: (palm == 0) | ((0 < palm) & (palm < finish) & (palm != pos[0]) & (palm != pos[1]) & (palm != pos[2]) & (palm != pos[3]) & (palm != pos[4]))
    pre: (fennec == 0) | ((0 < fennec) & (fennec < finish) & (fennec != palm) & (fennec != pos[0]) & (fennec != pos[1]) & (fennec != pos[2]) & (fennec != pos[3]) & (fennec != pos[4]))
    post: well_formed(__return__.pos, __return__.height, finish)
    post: __return__.unit == unit_of(pos, height, camel)
    post: all(__return__.pos[c] == __return__.target for c in __return__.unit)
    post: all(__return__.height[a] < __return__.height[b] for a, b in zip(__return__.unit, __return__.unit[1:]))
    post: all(__return__.pos[c] == pos[c] for c in range(5) if c not in __return__.unit)
    post: __return__.target == min(pos[camel] + steps + __return__.used.count("palm") - __return__.used.count("fennec"), finish)
    post: len(set(__return__.used)) == len(__return__.used) and all((palm if f == "palm" else fennec) != 0 for f in __return__.used)
    post: __return__.under == (__return__.used[-1:] == ("fennec",))
    post: __return__.target in (0, finish) or landed_ok(__return__.pos, __return__.height, __return__.unit, __return__.under)
    post: __return__.palm in (0, palm) and __return__.fennec in (0, fennec)
    post: (__return__.palm == 0) == (palm == 0 or "palm" in __return__.used + __return__.passed)
    post: (__return__.fennec == 0) == (fennec == 0 or "fennec" in __return__.used + __return__.passed)
    post: all(min(__return__.pos) > (palm if f == "palm" else fennec) for f in __return__.passed)
    post: (__return__.palm == 0 or __return__.palm not in __return__.pos) and (__return__.fennec == 0 or __return__.fennec not in __return__.pos)
    """
    src = pos[camel]
    unit = unit_of(pos, height, camel)
    target = src + steps
    under = False
    used: list[str] = []
    while target < finish:
        if palm and target == palm:  # CUC-MOVE-PALM
            palm = 0
            target += 1
            under = False
            used.append("palm")
        elif fennec and target == fennec:  # CUC-MOVE-FENNEC
            fennec = 0
            target -= 1
            under = True
            used.append("fennec")
        else:
            break
    if target > finish:  # CUC-GAME-END: the Finish card holds the crossing stack
        target = finish
    new_pos = list(pos)
    new_h = list(height)
    k = len(unit)
    for c in unit:
        new_pos[c] = -1  # lift the unit off its cell; the camels below keep their heights
    if target == START:  # CUC-MOVE-START: the Start card never stacks
        for c in unit:
            new_pos[c] = START
            new_h[c] = 0
    elif under:  # CUC-MOVE-FENNEC: slide the unit under what is there
        for c in range(CAMELS):
            if new_pos[c] == target:
                new_h[c] += k
        for i, c in enumerate(unit):
            new_pos[c] = target
            new_h[c] = i
    else:  # CUC-MOVE-STACK: on top, order kept (CUC-MOVE-CARRY)
        base = new_pos.count(target)
        for i, c in enumerate(unit):
            new_pos[c] = target
            new_h[c] = base + i
    passed: list[str] = []
    last = min(new_pos)
    if palm and last > palm:  # CUC-MOVE-PASSED
        palm = 0
        passed.append("palm")
    if fennec and last > fennec:  # CUC-MOVE-PASSED
        fennec = 0
        passed.append("fennec")
    return Moved(
        tuple(new_pos), tuple(new_h), palm, fennec, unit, target, under, tuple(used), tuple(passed)
    )


def ranks(pos: tuple[int, ...], height: tuple[int, ...]) -> tuple[int, ...]:
    """The place of each camel, 1 for the leader (CUC-RANK).

    Further along is ahead, higher in a stack is ahead, and camels on the
    Start card share fifth place.

    >>> ranks((0, 3, 3, 0, 1), (0, 0, 1, 0, 0))
    (5, 2, 1, 5, 3)

    pre: len(pos) == 5 and len(height) == 5
    pre: stacked(pos, height, 30)
    post: all(1 <= r <= 5 for r in __return__)
    post: all((__return__[c] == 5) for c in range(5) if pos[c] == 0)
    post: all(__return__[a] < __return__[b] for a in range(5) for b in range(5) if pos[a] > 0 and (pos[a], height[a]) > (pos[b], height[b]))
    post: sorted(r for r in __return__ if r < 5) == list(range(1, len([r for r in __return__ if r < 5]) + 1))
    """
    order = sorted(range(CAMELS), key=lambda c: (pos[c], height[c]), reverse=True)
    result = [5] * CAMELS
    for i, c in enumerate(order):
        if pos[c] != START:
            result[c] = i + 1
    return tuple(result)


def leader_payout(value: int, rank: int) -> int:
    """A leg leader card: its value for first, +1 for second, else -1 (CUC-PAY-LEADER).

    pre: value in (2, 3, 5) and 1 <= rank <= 5
    post: __return__ == (value if rank == 1 else (1 if rank == 2 else -1))
    post: -1 <= __return__ <= 5
    """
    if rank == 1:
        return value
    return 1 if rank == 2 else -1


def midfield_payout(rank: int) -> int:
    """A leg midfield card: +2 third, +1 second or fourth, -1 first or fifth (CUC-PAY-MID).

    pre: 1 <= rank <= 5
    post: __return__ == (2 if rank == 3 else (1 if rank in (2, 4) else -1))
    """
    if rank == 3:
        return 2
    return 1 if rank in (2, 4) else -1


def final_winner_payout(rank: int) -> int:
    """A final winner card: +7 first, +3 second, else -1 (CUC-PAY-WINNER).

    pre: 1 <= rank <= 5
    post: __return__ == (7 if rank == 1 else (3 if rank == 2 else -1))
    """
    if rank == 1:
        return 7
    return 3 if rank == 2 else -1


def final_loser_payout(rank: int) -> int:
    """A final loser card: +7 fifth, +3 fourth, else -1 (CUC-PAY-LOSER).

    pre: 1 <= rank <= 5
    post: __return__ == (7 if rank == 5 else (3 if rank == 4 else -1))
    """
    if rank == 5:
        return 7
    return 3 if rank == 4 else -1


def floor_money(money: int, delta: int) -> int:
    """Money after a payout step: never below 1 Pound (CUC-MONEY-FLOOR).

    >>> floor_money(2, -4)
    1

    pre: money >= 1
    post: __return__ >= 1
    post: __return__ == money + delta or (__return__ == 1 and money + delta < 1)
    """
    total = money + delta
    return total if total >= 1 else 1


def track_length(track: tuple[int, ...]) -> int:
    """The number of track spaces (cells 1..L) laid out by ``track``.

    >>> track_length((FACE, SAND, HALF))
    4
    """
    return sum(2 if side == FACE else 1 for side in track)


def spare_spaces(track: tuple[int, ...], cards: int) -> int:
    """Spaces still available for an extension: covered half plus spare cards."""
    half = 1 if track and track[-1] == HALF else 0
    return 2 * (cards - len(track)) + half


def valid_track(track: tuple[int, ...], cards: int) -> bool:
    """CUC-INV-TRACK: at most ``cards`` cards, each a side, only the last half-covered."""
    if len(track) > cards:
        return False
    for i, side in enumerate(track):
        if side not in (FACE, SAND, HALF):
            return False
        if side == HALF and i != len(track) - 1:
            return False
    return True


def extend(track: tuple[int, ...], leader: int, cards: int) -> tuple[tuple[int, ...], int]:
    """Extend the track until exactly 3 spaces lie between leader and Finish (CUC-EXTEND).

    ``leader`` is the leading camel's cell. The Finish first uncovers a
    half-covered card, then spare cards are laid face up, the Finish covering
    half of the last one if needed. When the spare cards run out the track
    is extended as far as they go. Returns the new track and the spaces added.

    >>> extend((FACE, FACE, HALF), 4, 12)
    ((2, 2, 2, 3), 2)

    pre: 1 <= cards <= 12 and valid_track(track, cards)
    pre: 0 <= leader <= track_length(track)
    post: valid_track(__return__[0], cards)
    post: track_length(__return__[0]) == track_length(track) + __return__[1]
    post: __return__[1] >= 0
    post: __return__[0][:max(len(track) - 1, 0)] == track[:max(len(track) - 1, 0)]
    post: len(track) == 0 or __return__[0][len(track) - 1] in (track[-1], FACE)
    post: all(side == FACE for side in __return__[0][len(track):-1])
    post: track_length(track) - leader >= 3 or track_length(__return__[0]) - leader == 3 or spare_spaces(__return__[0], cards) == 0
    post: track_length(track) - leader < 3 or __return__[1] == 0
    """
    need = 3 - (track_length(track) - leader)
    if need <= 0:
        return track, 0
    new = list(track)
    added = 0
    if new and new[-1] == HALF:
        new[-1] = FACE
        need -= 1
        added += 1
    while need > 0 and len(new) < cards:
        if need >= 2:
            new.append(FACE)
            need -= 2
            added += 2
        else:
            new.append(HALF)
            need -= 1
            added += 1
    return tuple(new), added


def card_of(track: tuple[int, ...], cell: int) -> int:
    """The index of the track card holding ``cell`` (-1 for the Start card)."""
    if cell <= 0:
        return -1
    end = 0
    for i, side in enumerate(track):
        end += 2 if side == FACE else 1
        if cell <= end:
            return i
    return len(track)  # the Finish card


def sandstorm(
    track: tuple[int, ...], pos: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Flip the empty face-up cards between the last and the leading camel (CUC-SANDSTORM).

    Only cards strictly between the card of the last camel (or the Start
    card) and the card of the leader flip; none ahead of the leader; a
    flipped card never flips back. Returns the new track, the camels' new
    cells (a flipped card is one space shorter) and the flipped card indices.

    >>> sandstorm((FACE, FACE, FACE, FACE), (1, 1, 7, 7, 0))
    ((2, 1, 1, 2), (1, 1, 5, 5, 0), (1, 2))

    pre: 1 <= len(track) <= 12 and valid_track(track, 12)
    pre: len(pos) == 5
    pre: within(pos, track_length(track))
    post: valid_track(__return__[0], 12) and len(__return__[0]) == len(track)
    post: all(track[i] == __return__[0][i] or (track[i] == FACE and __return__[0][i] == SAND) for i in range(len(track)))
    post: track_length(__return__[0]) - max(__return__[1]) == track_length(track) - max(pos)
    post: all((pos[a] < pos[b]) == (__return__[1][a] < __return__[1][b]) for a in range(5) for b in range(5))
    post: all((__return__[1][c] == 0) == (pos[c] == 0) for c in range(5))
    post: all(card_of(track, min(pos)) < i < card_of(track, max(pos)) and track[i] == FACE for i in __return__[2])
    post: all(card_of(track, p) not in __return__[2] for p in pos)
    post: all((__return__[0][i] == SAND) == (track[i] == SAND or i in __return__[2]) for i in range(len(track)))
    """
    last_card = card_of(track, min(pos))
    lead_card = card_of(track, max(pos))
    occupied = {card_of(track, p) for p in pos}
    flipped = tuple(
        i
        for i in range(last_card + 1, lead_card)
        if track[i] == FACE and i not in occupied
    )
    if not flipped:
        return track, pos, ()
    new_track = tuple(SAND if i in flipped else side for i, side in enumerate(track))
    new_pos = tuple(p - sum(1 for i in flipped if i < card_of(track, p)) for p in pos)
    return new_track, new_pos, flipped

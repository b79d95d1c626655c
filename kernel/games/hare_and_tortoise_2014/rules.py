"""The Hare & the Tortoise (2014): the pure movement and scoring rules.

Flat ints and short tuples only, each function with PEP 316 contracts that
CrossHair checks (``proofs.json``). Positions: 0 the starting line, 1 to 11
the track tiles, 12 (``FINISH``) past the finish line. The rule IDs are the
catalogue's (``spec/hare-and-tortoise-2014/rules.md``).
"""

from __future__ import annotations

from typing import Final

FINISH: Final = 12
LAST_TILE: Final = 11


def advance(pos: int, steps: int) -> int:
    """The position ``steps`` tiles on, past the finish at most (HT-END-PODIUM: no exact landing).

    >>> advance(10, 3), advance(3, 2)
    (12, 5)

    pre: 0 <= pos <= 12 and 0 <= steps <= 20
    post: __return__ == min(pos + steps, 12)
    post: pos <= __return__ <= 12
    """
    return min(pos + steps, FINISH)


def hare_steps(cards: int, pos: int, ahead: int) -> int:
    """The hare's tiles for ``cards`` hare cards (HT-RACE-HARE, HT-RACE-NAP).

    ``ahead`` is the furthest position of the other animals still on the
    track (the podium does not count, HT-RACE-NAP).

    >>> hare_steps(4, 5, 5), hare_steps(4, 0, 0), hare_steps(4, 4, 6), hare_steps(0, 3, 1)
    (0, 2, 2, 0)

    pre: 0 <= cards <= 4 and 0 <= pos <= 11 and 0 <= ahead <= 11
    post: __return__ in (0, 2)
    post: (__return__ == 0) == (cards == 0 or (cards == 4 and pos > 0 and pos >= ahead))
    """
    if cards == 0:
        return 0
    if cards == 4 and pos > 0 and pos >= ahead:  # HT-RACE-NAP: first, or tied for first
        return 0
    return 2  # HT-RACE-HARE


def tortoise_steps(cards: int) -> int:
    """The tortoise's tiles (HT-RACE-TORTOISE): 1 for 0 to 3 cards, 2 for 4.

    pre: 0 <= cards <= 4
    post: __return__ == (2 if cards == 4 else 1)
    """
    return 2 if cards == 4 else 1


def wolf_steps(cards: int) -> int:
    """The wolf's tiles (HT-RACE-WOLF): 0, 1 for 1 or 2 cards, X - 1 for 3 or 4.

    >>> [wolf_steps(x) for x in range(5)]
    [0, 1, 1, 2, 3]

    pre: 0 <= cards <= 4
    post: __return__ == (0 if cards == 0 else 1 if cards <= 2 else cards - 1)
    """
    if cards == 0:
        return 0
    return 1 if cards <= 2 else cards - 1


def fox_steps(cards: int) -> int:
    """The fox's tiles (HT-RACE-FOX): X.

    pre: 0 <= cards <= 4
    post: __return__ == cards
    """
    return cards


def lamb_steps(cards: int) -> int:
    """The lamb's tiles before any stream (HT-RACE-LAMB): X + 1, none without a card.

    pre: 0 <= cards <= 4
    post: __return__ == (0 if cards == 0 else cards + 1)
    """
    return 0 if cards == 0 else cards + 1


def lamb_target(pos: int, steps: int, streams: tuple[int, ...]) -> int:
    """Where the lamb stops (HT-RACE-STREAM): the first stream tile it enters, else
    ``steps`` on (the tile it starts on does not count).

    >>> lamb_target(2, 3, (3, 9)), lamb_target(3, 3, (3, 9)), lamb_target(9, 5, (4, 11))
    (3, 6, 11)

    pre: 0 <= pos <= 11 and 0 <= steps <= 5
    pre: len(streams) == 2 and 1 <= streams[0] < streams[1] <= 11
    post: pos <= __return__ <= min(pos + steps, 12)
    post: (__return__ > pos) == (steps > 0)
    post: all(not (pos < t < __return__) for t in streams)
    post: __return__ == min(pos + steps, 12) or __return__ in streams
    """
    for tile in range(pos + 1, pos + steps + 1):
        if tile in streams:
            return tile
    return advance(pos, steps)


def standard_steps(animal: int, cards: int, wolf_cards: int, howl: bool) -> int:
    """Tiles for animal ``animal`` (0 hare .. 4 lamb) before the hare's nap and the
    lamb's stream, with ``cards`` of its cards on the table (HT-RACE-HOWL: with a
    howl only the wolf, index 2, moves; ``wolf_cards`` unused otherwise).

    pre: 0 <= animal <= 4 and 0 <= cards <= 4 and 0 <= wolf_cards <= 4
    post: 0 <= __return__ <= 5
    post: not howl or animal == 2 or __return__ == 0
    """
    if howl and animal != 2:
        return 0
    if animal == 0:
        return 0 if cards == 0 else 2
    if animal == 1:
        return tortoise_steps(cards)
    if animal == 2:
        return wolf_steps(cards)
    if animal == 3:
        return fox_steps(cards)
    return lamb_steps(cards)


def turbo(pos: int, own_tile: int) -> int:
    """The apprentice turbo (HT-APP-TURBO): ending on the tile of one's own turbo
    moves 2 more (which may cross the finish).

    >>> turbo(4, 4), turbo(4, 6), turbo(10, 10)
    (6, 4, 12)

    pre: 0 <= pos <= 12 and own_tile in (2, 4, 6, 8, 10)
    post: __return__ == (min(pos + 2, 12) if pos == own_tile else pos)
    """
    return advance(pos, 2) if pos == own_tile else pos


def places(sizes: tuple[int, ...]) -> tuple[int, ...]:
    """The place of each podium group (HT-APP-END: a shared place uses up the next).

    >>> places((1, 1, 1)), places((1, 2)), places((1, 1, 3))
    ((1, 2, 3), (1, 2), (1, 2, 3))

    pre: len(sizes) <= 5 and all(1 <= s <= 5 for s in sizes)
    post: len(__return__) == len(sizes)
    post: all(__return__[i] == 1 + sum(sizes[:i]) for i in range(len(sizes)))
    """
    out: list[int] = []
    place = 1
    for size in sizes:
        out.append(place)
        place += size
    return tuple(out)


def place_points(place: int) -> int:
    """The points of a podium place (HT-SCORE-POINTS): 5, 3, 2, else 0 (0: no place).

    pre: 0 <= place <= 10
    post: __return__ == {1: 5, 2: 3, 3: 2}.get(place, 0)
    """
    return (5, 3, 2)[place - 1] if 1 <= place <= 3 else 0


def bet_points(bet_places: tuple[int, ...]) -> int:
    """A seat's points: the sum of its bets' podium points (HT-SCORE-POINTS, HT-INV-SCORES).

    >>> bet_points((2, 1)), bet_points((1, 0)), bet_points((3, 3))
    (8, 5, 4)

    pre: len(bet_places) <= 3
    pre: all(0 <= p <= 5 for p in bet_places)
    post: __return__ == sum(place_points(p) for p in bet_places)
    post: 0 <= __return__ <= 15
    """
    return sum(map(place_points, bet_places))


def tiebreak_place(bet_places: tuple[int, ...]) -> int:
    """What breaks a tie (HT-SCORE-WINNER): the best podium place among a seat's
    bets (its highest-placed bet animal), 4 when none is on the podium; the
    smaller wins, and seats with the same best place share the win.

    >>> tiebreak_place((0, 3, 1)), tiebreak_place((2,)), tiebreak_place((0, 5))
    (1, 2, 4)

    pre: len(bet_places) <= 3 and all(0 <= p <= 5 for p in bet_places)
    post: 1 <= __return__ <= 4
    post: __return__ == min([p for p in bet_places if 1 <= p <= 3] + [4])
    """
    return min((p for p in bet_places if 1 <= p <= 3), default=4)


def apprentice_podium(crossed: tuple[int, ...],
                      pos: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The apprentice podium (HT-APP-END): the animals that crossed, in crossing
    order (three at most), then the animals on the track closest to the finish,
    a tile shared making a shared place, until three places are used up.

    ``crossed`` are animal indices in crossing order, ``pos`` every animal's
    position (12 for those past the finish).

    >>> apprentice_podium((3,), (10, 4, 10, 12, 2))
    ((3,), (0, 2))
    >>> apprentice_podium((1, 4, 0, 3), (12, 12, 5, 12, 12))
    ((1,), (4,), (0,))

    pre: len(pos) == 5 and all(0 <= p <= 12 for p in pos)
    pre: 1 <= len(crossed) <= 5 and len(set(crossed)) == len(crossed)
    pre: all(0 <= a <= 4 and pos[a] == 12 for a in crossed)
    pre: all(pos[a] < 12 for a in range(5) if a not in crossed)
    post: all(len(g) >= 1 for g in __return__)
    post: [g[0] for g in __return__[:min(3, len(crossed))]] == list(crossed[:3])
    post: len({a for g in __return__ for a in g}) == sum(len(g) for g in __return__)
    post: sum(len(g) for g in __return__[:-1]) < 3 if __return__ else True
    """
    groups: list[tuple[int, ...]] = [(a,) for a in crossed[:3]]
    used = len(groups)
    track = sorted({pos[a] for a in range(5) if a not in crossed}, reverse=True)
    for tile in track:
        if used >= 3:
            break
        group = tuple(a for a in range(5) if a not in crossed and pos[a] == tile)
        groups.append(group)
        used += len(group)
    return tuple(groups)

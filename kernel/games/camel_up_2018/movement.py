"""Camel Up, 2nd edition (2018): one die reveal, the ranking and the leg tickets (pure functions).

The 2018 reveal semantics, used by the game's transitions and by the exact
odds (:mod:`kernel.games.camel_up_2018.odds`). The stack movement itself is
:func:`kernel.rules.stacks.move`, the ranking :func:`kernel.rules.ranking.ranks`
and the ticket payout :func:`kernel.rules.payouts.leader_payout`: this module
only binds them to the 2018 parameters and adds the grey die (CU2-DIE-GREY).

**Camels.** :data:`CAMELS` in a fixed order, index ``c``: the five racing
camels (:data:`RACING`, forward) then the two crazy camels (:data:`CRAZY`,
white and black, backward).

**Board** (:class:`Board`): ``pos[c]`` and ``height[c]`` per camel, as in
:mod:`kernel.rules.stacks`: cells are linear, 0 = behind the finish line (a
unit carried backwards across the line ends there), 1..16 the spaces, 17 =
past the finish line (a forward crossing); ``height`` 0 is the bottom of a
stack. No wrapping. :func:`board_of` builds a board from stacks by cell
(bottom to top), :func:`stacks_of` gives them back.

**Tiles** (:class:`Tile`): a spectator tile's space, side (cheering: +1 on
top; boozing: -1 underneath; for a crazy camel both reversed, see
CU2-TILE-CHEER / CU2-TILE-BOO) and owner (a seat number, or any int the
caller likes). Tiles stay all leg and pay their owner 1 Pound per landing
(CU2-TILE-PAY).

**Dice** (:data:`DICE`): one die per racing camel, faces 1, 2, 3 (each
printed twice, so each 1/3), and the grey die, faces white 1-3 and black
1-3 (1/6 each). A face is a :class:`Face` (colour, number): a racing die's
colour is its own. :func:`faces` lists a die's distinct faces with their
weights out of :func:`face_total`.

>>> b = board_of({1: ("blue", "green", "red", "yellow", "purple"), 6: ("white", "black")})
>>> r = reveal(b, (Tile(3, True, 0),), "green", Face("green", 2))
>>> stacks_of(r.board), r.paid, r.ended, r.rules
({1: ('blue',), 4: ('green', 'red', 'yellow', 'purple'), 6: ('white', 'black')}, (0,), False, \
('CU2-DIE-RACING', 'CU2-TILE-CHEER', 'CU2-TILE-PAY'))
>>> ranking(r.board)
('purple', 'yellow', 'red', 'green', 'blue')
>>> [leg_payout(5, place) for place in range(1, 6)]
[5, 1, -1, -1, -1]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from kernel.rules.payouts import leader_payout
from kernel.rules.ranking import ranks
from kernel.rules.stacks import BACKWARD, FORWARD, move, stacked  # noqa: F401  (stacked: contracts)

__all__ = [
    "BEHIND", "CAMELS", "CRAZY", "DICE", "DIRS", "FINISH", "GREY", "LEG_OTHER", "LEG_SECOND",
    "PYRAMID_PAY", "RACING", "SPACES", "TICKET_VALUES", "TILE_PAY", "Board", "Face", "Revealed",
    "Tile", "board_of", "board_problems", "carries_racing", "crazy_to_move", "face_total",
    "faces", "grey_choice", "in_order", "leg_payout", "lone_carrier", "on_top_of", "place_of",
    "places", "ranking", "reveal", "stacks_of", "ticket_payouts", "top_crazy",
]

RACING = ("blue", "green", "red", "yellow", "purple")  #: racing camels, forward [SOURCE 003]
CRAZY = ("white", "black")  #: crazy camels, backward [SOURCE 003]
CAMELS = RACING + CRAZY  #: every camel; index ``c`` of :attr:`Board.pos` / :attr:`Board.height`
DIRS = (FORWARD,) * len(RACING) + (BACKWARD,) * len(CRAZY)  #: each camel's direction
WHITE, BLACK = len(RACING), len(RACING) + 1  #: the crazy camels' indices
GREY = "grey"  #: the grey die, which moves a crazy camel
DICE = (*RACING, GREY)  #: the six dice of the pyramid
SPACES = 16  #: track spaces 1..16; the finish line lies after space 16
BEHIND = 0  #: the cell behind the finish line, reached by a backward crossing
FINISH = SPACES + 1  #: the cell past the finish line, reached by a forward crossing
NUMBERS = (1, 2, 3)  #: the numbers on every die, each printed twice [SOURCE 003]
TICKET_VALUES = (5, 3, 2, 2)  #: a colour's betting tickets, top first [SOURCE rulespal copy]
LEG_SECOND = (1,)  #: CU2-PAY-LEG: a ticket on the second camel pays +1 (the table from 2nd on)
LEG_OTHER = -1  #: CU2-PAY-LEG: a ticket on any other camel pays -1
PYRAMID_PAY = 1  #: CU2-PAY-LEG: each pyramid ticket pays 1 Pound
TILE_PAY = 1  #: CU2-TILE-PAY: a tile pays its owner 1 Pound per landing


class Board(NamedTuple):
    """Where the seven camels stand: ``pos[c]`` the cell, ``height[c]`` the place in the stack."""

    pos: tuple[int, ...]
    height: tuple[int, ...]


class Tile(NamedTuple):
    """A spectator tile on the track."""

    space: int  #: 2..16 (never space 1)
    cheer: bool  #: True: cheering side up (+1, on top); False: boozing (-1, underneath)
    owner: int  #: who is paid when a unit lands on it


class Face(NamedTuple):
    """A die face: the colour of the number (a racing die's own colour) and the number 1-3."""

    colour: str
    number: int


class Revealed(NamedTuple):
    """The result of one reveal (:func:`reveal`)."""

    board: Board  #: the camels afterwards
    camel: str  #: the camel the die moved
    unit: tuple[str, ...]  #: the camels that moved, bottom to top
    target: int  #: the cell the unit ended on (0 or 17: it crossed the line)
    used: tuple[int, ...]  #: the tiles landed on (indices into ``tiles``), in order
    paid: tuple[int, ...]  #: the owner paid :data:`TILE_PAY` for each tile landed on, in order
    ended: bool  #: CU2-RACE-END: the unit crossed the finish line (either way)
    rules: tuple[str, ...]  #: the rule IDs that acted, in order


# --------------------------------------------------------------------------
# Boards


def board_of(stacks: Mapping[int, Sequence[str]]) -> Board:
    """The board with these stacks (cell -> camel names, bottom to top).

    Raises ValueError unless every camel of :data:`CAMELS` appears exactly once
    on a cell 0..17.

    >>> board_of({1: ("blue", "green", "red", "yellow", "purple"), 16: ("black", "white")})
    Board(pos=(1, 1, 1, 1, 1, 16, 16), height=(0, 1, 2, 3, 4, 1, 0))
    """
    pos = [-1] * len(CAMELS)
    height = [-1] * len(CAMELS)
    for cell, stack in stacks.items():
        if not BEHIND <= cell <= FINISH:
            raise ValueError(f"cell {cell} is off the track (0..{FINISH})")
        for h, name in enumerate(stack):
            if name not in CAMELS:
                raise ValueError(f"unknown camel {name!r}")
            c = CAMELS.index(name)
            if pos[c] >= 0:
                raise ValueError(f"camel {name!r} appears twice")
            pos[c], height[c] = cell, h
    missing = [CAMELS[c] for c in range(len(CAMELS)) if pos[c] < 0]
    if missing:
        raise ValueError(f"camel {missing[0]!r} is missing")
    return Board(tuple(pos), tuple(height))


def stacks_of(board: Board) -> dict[int, tuple[str, ...]]:
    """The stacks of a board by cell, bottom to top, cells in increasing order.

    >>> stacks_of(Board((1, 1, 2, 2, 3, 14, 16), (0, 1, 0, 1, 0, 0, 0)))[2]
    ('red', 'yellow')
    """
    out: dict[int, list[tuple[int, str]]] = {}
    for c, name in enumerate(CAMELS):
        out.setdefault(board.pos[c], []).append((board.height[c], name))
    return {cell: tuple(n for _, n in sorted(out[cell])) for cell in sorted(out)}


def board_problems(board: Board, tiles: Sequence[Tile] = ()) -> list[str]:
    """What is wrong with a board and its tiles during a leg ([] if nothing).

    Every camel on a space 1..16, stacks gap-free; tiles on spaces 2..16, no
    two on one space or on adjacent spaces, none under a camel.

    >>> board_problems(Board((1, 1, 1, 1, 1, 6, 6), (0, 1, 2, 3, 4, 0, 1)), (Tile(9, True, 0),))
    []
    >>> board_problems(Board((1, 1, 1, 1, 1, 6, 6), (0, 1, 2, 3, 4, 0, 1)), (Tile(6, True, 0),))
    ['tile on space 6 is under a camel']
    """
    problems: list[str] = []
    if len(board.pos) != len(CAMELS) or len(board.height) != len(CAMELS):
        return [f"a board has {len(CAMELS)} camels"]
    for c, name in enumerate(CAMELS):
        if not 1 <= board.pos[c] <= SPACES:
            problems.append(f"camel {name} is off the spaces 1..{SPACES}")
    for cell in set(board.pos):
        hs = sorted(board.height[c] for c in range(len(CAMELS)) if board.pos[c] == cell)
        if hs != list(range(len(hs))):
            problems.append(f"stack on cell {cell} is not gap-free")
    spaces = [t.space for t in tiles]
    for t in tiles:
        if not 2 <= t.space <= SPACES:
            problems.append(f"tile on space {t.space} is off the spaces 2..{SPACES}")
        if t.space in board.pos:
            problems.append(f"tile on space {t.space} is under a camel")
        if spaces.count(t.space) > 1 or t.space + 1 in spaces:
            problems.append(f"tile on space {t.space} has a tile on it or next to it")
    return problems


# --------------------------------------------------------------------------
# Dice


def faces(die: str) -> tuple[tuple[Face, int], ...]:
    """The distinct faces of a die with their weights out of :func:`face_total`.

    A racing die shows 1, 2, 3 twice each (each 1/3); the grey die shows 1-3
    in white and 1-3 in black (each 1/6).

    >>> faces("red")
    ((Face(colour='red', number=1), 2), (Face(colour='red', number=2), 2), \
(Face(colour='red', number=3), 2))
    >>> len(faces("grey")), sum(w for _, w in faces("grey")) == face_total()
    (6, True)
    """
    if die == GREY:
        return tuple((Face(colour, n), 1) for colour in CRAZY for n in NUMBERS)
    if die in RACING:
        return tuple((Face(die, n), 2) for n in NUMBERS)
    raise ValueError(f"unknown die {die!r}")


def face_total() -> int:
    """The six faces of every die: the denominator of :func:`faces`' weights.

    >>> face_total()
    6
    """
    return 6


# --------------------------------------------------------------------------
# CU2-DIE-GREY


def carries_racing(pos: tuple[int, ...], height: tuple[int, ...], camel: int) -> bool:
    """Whether any racing camel stands above ``camel`` in its stack (a contract helper).

    >>> carries_racing((1, 1, 1, 1, 6, 6, 2), (0, 1, 2, 3, 1, 0, 0), 5)
    True
    """
    ok = False
    for c in range(len(RACING)):
        ok = ok | ((pos[c] == pos[camel]) & (height[c] > height[camel]))
    return ok


def on_top_of(pos: tuple[int, ...], height: tuple[int, ...], upper: int, lower: int) -> bool:
    """Whether ``upper`` sits directly on ``lower`` (a contract helper).

    >>> on_top_of((1, 1, 1, 1, 1, 6, 6), (0, 1, 2, 3, 4, 0, 1), 6, 5)
    True
    """
    return (pos[upper] == pos[lower]) & (height[upper] == height[lower] + 1)


def lone_carrier(pos: tuple[int, ...], height: tuple[int, ...]) -> int:
    """The one crazy camel that carries racing camels, or -1 (a contract helper).

    >>> lone_carrier((6, 1, 1, 1, 1, 6, 9), (1, 0, 1, 2, 3, 0, 0))
    5
    >>> lone_carrier((1,) * 7, (0, 1, 2, 3, 4, 5, 6))   # both carry racing camels
    -1
    """
    white, black = carries_racing(pos, height, WHITE), carries_racing(pos, height, BLACK)
    return -1 if white == black else (WHITE if white else BLACK)


def top_crazy(pos: tuple[int, ...], height: tuple[int, ...]) -> int:
    """The crazy camel sitting directly on the other, or -1 (a contract helper).

    >>> top_crazy((1, 1, 1, 1, 1, 6, 6), (0, 1, 2, 3, 4, 0, 1))
    6
    """
    if on_top_of(pos, height, BLACK, WHITE):
        return BLACK
    return WHITE if on_top_of(pos, height, WHITE, BLACK) else -1


def grey_choice(pos: tuple[int, ...], height: tuple[int, ...], colour: int) -> int:
    """The crazy camel the grey die moves (CU2-DIE-GREY), by index.

    ``colour`` is the index of the camel whose colour the number shows
    (:data:`WHITE` or :data:`BLACK`). The colour decides, except (a) if only
    one crazy camel carries racing camels (any racing camel above it in its
    stack), that one moves, else (b) if one crazy camel sits directly on the
    other, the top one moves; (a) is checked before (b).

    >>> grey_choice((1, 1, 1, 1, 1, 6, 6), (0, 1, 2, 3, 4, 0, 1), WHITE)   # (b): black on white
    6
    >>> grey_choice((6, 1, 1, 1, 1, 6, 9), (1, 0, 1, 2, 3, 0, 0), BLACK)   # (a): white carries blue
    5
    >>> grey_choice((1, 1, 1, 1, 1, 6, 9), (0, 1, 2, 3, 4, 0, 0), BLACK)   # the colour
    6

    pre: len(pos) == 7 and len(height) == 7
    pre: colour in (5, 6)
    post: __return__ in (5, 6)
    post: lone_carrier(pos, height) < 0 or __return__ == lone_carrier(pos, height)
    post: lone_carrier(pos, height) >= 0 or top_crazy(pos, height) in (-1, __return__)
    post: lone_carrier(pos, height) >= 0 or top_crazy(pos, height) >= 0 or __return__ == colour
    """
    white, black = carries_racing(pos, height, WHITE), carries_racing(pos, height, BLACK)
    if white != black:  # (a) only one carries racing camels
        return WHITE if white else BLACK
    if pos[WHITE] == pos[BLACK] and abs(height[WHITE] - height[BLACK]) == 1:
        return WHITE if height[WHITE] > height[BLACK] else BLACK  # (b) the top one of the two
    return colour  # the colour of the number


def crazy_to_move(board: Board, colour: str) -> str:
    """The crazy camel the grey die moves when its number shows ``colour`` (CU2-DIE-GREY).

    >>> b = board_of({3: ("white", "blue"), 5: ("green", "red", "yellow", "purple"), 9: ("black",)})
    >>> crazy_to_move(b, "black")   # (a): only white carries a racing camel
    'white'
    >>> crazy_to_move(board_of({1: RACING, 14: ("white", "black")}), "white")   # (b)
    'black'
    """
    if colour not in CRAZY:
        raise ValueError(f"the grey die shows white or black, not {colour!r}")
    return CAMELS[grey_choice(board.pos, board.height, CAMELS.index(colour))]


# --------------------------------------------------------------------------
# The reveal


def reveal(board: Board, tiles: Sequence[Tile], die: str, face: Face) -> Revealed:
    """Reveal ``die`` showing ``face``: move its camel with those above (pure).

    CU2-DIE-RACING (a racing die moves its camel ``face.number`` forward),
    CU2-DIE-GREY and CU2-MOVE-CRAZY (the grey die moves a crazy camel
    backwards), CU2-MOVE-STACK (a unit ending on a unit goes on top),
    CU2-TILE-CHEER / CU2-TILE-BOO (one more cell in the moving camel's
    direction on top / one back underneath), CU2-TILE-PAY (each tile landed
    on pays its owner) and CU2-RACE-END (the unit crossed the line: cell 17
    forwards, cell 0 backwards; a tile whose push crosses the line pays
    first, then the race ends). The movement is
    :func:`kernel.rules.stacks.move`. Raises ValueError on a die or face that
    does not exist or a face of another die.

    A crazy camel carries a racing camel backwards across the line:

    >>> b = board_of({1: ("white", "blue"), 5: ("green", "red", "yellow", "purple"), 9: ("black",)})
    >>> r = reveal(b, (), "grey", Face("black", 2))
    >>> r.camel, r.unit, r.target, r.ended, r.rules
    ('white', ('white', 'blue'), 0, True, ('CU2-DIE-GREY', 'CU2-MOVE-CRAZY', 'CU2-RACE-END'))
    >>> ranking(r.board)
    ('purple', 'yellow', 'red', 'green', 'blue')

    A crazy camel on a boozing tile goes one cell forward (for it: back), underneath:

    >>> b = board_of({2: ("white",), 5: RACING, 9: ("black",)})
    >>> r = reveal(b, (Tile(7, False, 2),), "grey", Face("black", 2))
    >>> stacks_of(r.board)[8], r.paid, r.rules
    (('black',), (2,), ('CU2-DIE-GREY', 'CU2-MOVE-CRAZY', 'CU2-TILE-BOO', 'CU2-TILE-PAY'))
    """
    if die not in DICE:
        raise ValueError(f"unknown die {die!r}")
    if face.number not in NUMBERS:
        raise ValueError(f"a die shows 1, 2 or 3, not {face.number!r}")
    rules: list[str] = []
    if die == GREY:
        camel = crazy_to_move(board, face.colour)
        rules += ["CU2-DIE-GREY", "CU2-MOVE-CRAZY"]
    else:
        if face.colour != die:
            raise ValueError(f"the {die} die shows {die}, not {face.colour!r}")
        camel = die
        rules.append("CU2-DIE-RACING")
    c = CAMELS.index(camel)
    cells = tuple([t.space for t in tiles])
    effects = tuple([1 if t.cheer else -1 for t in tiles])
    m = move(board.pos, board.height, DIRS, c, face.number, cells, effects,
             (True,) * len(tiles), FINISH, ())
    ended = m.target in (BEHIND, FINISH)
    # the unit lands on others (the camels there before, but the unit: all on its cell)
    if not m.under and board.pos.count(m.target) > (
            len(m.unit) if board.pos[c] == m.target else 0):
        rules.append("CU2-MOVE-STACK")
    for i in m.used:
        rules.append("CU2-TILE-CHEER" if tiles[i].cheer else "CU2-TILE-BOO")
    if m.used:
        rules.append("CU2-TILE-PAY")
    if ended:
        rules.append("CU2-RACE-END")
    return Revealed(Board(m.pos, m.height), camel, tuple([CAMELS[d] for d in m.unit]),
                    m.target, m.used, tuple([tiles[i].owner for i in m.used]), ended,
                    tuple(rules))


# --------------------------------------------------------------------------
# CU2-RANK and CU2-PAY-LEG


def in_order(board: Board, place: tuple[int, ...], a: int, b: int) -> bool:
    """Camel ``a`` placed before ``b`` iff further ahead or higher on one cell (a contract helper).

    >>> in_order(Board((3, 3, 1, 1, 1, 5, 5), (0, 1, 0, 1, 2, 0, 1)), (2, 1, 5, 4, 3), 0, 1)
    True
    """
    ahead = (board.pos[a], board.height[a]) > (board.pos[b], board.height[b])
    return a == b or (place[a] < place[b]) == ahead


def places(board: Board) -> tuple[int, ...]:
    """The place of each racing camel (1 = leading), in :data:`RACING` order (CU2-RANK).

    Further ahead first, higher in a stack first; camels carried backwards
    across the line stand on cell 0 and so rank below every other racing
    camel, the higher in the stack first. Crazy camels are never ranked.
    The ranking is :func:`kernel.rules.ranking.ranks` with no ties.

    >>> places(Board((0, 0, 3, 3, 9, 0, 12), (1, 2, 0, 1, 0, 0, 0)))
    (5, 4, 3, 2, 1)

    pre: len(board.pos) == 7 and len(board.height) == 7
    pre: stacked(board.pos, board.height, 17, (0,))
    post: sorted(__return__) == [1, 2, 3, 4, 5]
    post: all(in_order(board, __return__, a, b) for a in range(5) for b in range(5))
    """
    return ranks(board.pos, board.height, DIRS, -1)[: len(RACING)]


def ranking(board: Board) -> tuple[str, ...]:
    """The racing camels from the leading one to the last (CU2-RANK).

    >>> ranking(board_of({1: RACING, 6: CRAZY}))
    ('purple', 'yellow', 'red', 'green', 'blue')
    """
    p = places(board)
    return tuple(sorted(RACING, key=lambda name: p[RACING.index(name)]))


def place_of(board: Board, colour: str) -> int:
    """The place of one racing camel (1 = leading) (CU2-RANK).

    >>> place_of(board_of({1: RACING, 6: CRAZY}), "blue")
    5
    """
    return places(board)[RACING.index(colour)]


def leg_payout(value: int, place: int) -> int:
    """What a betting ticket of ``value`` pays when its camel ends the leg ``place`` (CU2-PAY-LEG).

    The leading camel: the ticket's value (5, 3 or 2); the second: +1; any
    other: -1 (:func:`kernel.rules.payouts.leader_payout`). A pyramid ticket
    pays :data:`PYRAMID_PAY`.

    >>> leg_payout(3, 1), leg_payout(3, 2), leg_payout(3, 3), leg_payout(2, 5)
    (3, 1, -1, -1)

    pre: value in (2, 3, 5) and 1 <= place <= 5
    post: place != 1 or __return__ == value
    post: place != 2 or __return__ == 1
    post: place <= 2 or __return__ == -1
    """
    return leader_payout(value, place, LEG_SECOND, LEG_OTHER)


def ticket_payouts(board: Board, values: Mapping[str, int]) -> dict[str, int]:
    """What the top ticket of each colour would pay on this board (CU2-PAY-LEG).

    ``values``: colour -> the value of its top ticket (0: no ticket left,
    pays nothing).

    >>> ticket_payouts(board_of({1: RACING, 6: CRAZY}), {"purple": 5, "yellow": 3, "blue": 0})
    {'purple': 5, 'yellow': 1, 'blue': 0}
    """
    p = places(board)
    return {colour: (leg_payout(v, p[RACING.index(colour)]) if v else 0)
            for colour, v in values.items()}

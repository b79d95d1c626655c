"""The crazy camel's own rules as pure functions on flat values, with their contracts.

Positions as in :mod:`kernel.rules.stacks`: ``pos[c]`` the cell of camel ``c``
(0 behind the start line, 1..L the spaces, ``finish`` = L + 1 the Finish),
``height[c]`` its place in the stack there; the racing camels come first,
the crazy camel is the last (index ``len(pos) - 1``). Every function with a
``post:`` line carries PEP 316 contracts that CrossHair checks
(``proofs.json`` lists them with their budgets).
"""

from __future__ import annotations

from kernel.rules.stacks import stacked, within  # noqa: F401  (read by the contracts)


def crazy_steps(value: int, riders: int) -> int:
    """CUG-MOVE-CRAZY: the spaces a crazy camel card moves the crazy camel.

    Its number; one more when camels ride on its back (so a 0 card then moves
    it 1), nothing for a 0 card alone.

    >>> crazy_steps(0, 0), crazy_steps(0, 2), crazy_steps(2, 1)
    (0, 1, 3)

    pre: 0 <= value <= 2 and 0 <= riders <= 5
    post: __return__ == value + (1 if riders else 0)
    post: 0 <= __return__ <= 3
    post: (__return__ == 0) == (value == 0 and riders == 0)
    """
    return value + 1 if riders else value


def behind_fourth(pos: tuple[int, ...], height: tuple[int, ...]) -> bool:
    """CUG-LEG-CRAZY: is the crazy camel behind the racing camel in fourth place?

    The racing camels are ordered from the front (further along, then higher
    in a stack); the crazy camel is behind the fourth of them when it stands
    on an earlier cell, or lower in the same stack. Behind the start line
    nobody has an order, so nobody there is behind another.

    >>> behind_fourth((1, 2, 2, 4, 6, 1), (1, 0, 1, 0, 0, 0))
    True
    >>> behind_fourth((0, 0, 0, 4, 6, 0), (0, 0, 0, 0, 0, 0))
    False

    pre: len(pos) == 6 and len(height) == 6 and stacked(pos, height, 30, (0,))
    post: __return__ == ((pos[5], height[5]) < sorted(zip(pos[:5], height[:5]))[1])
    """
    order = sorted(zip(pos[:-1], height[:-1], strict=True), reverse=True)
    return (pos[-1], height[-1]) < order[3]


def lifted(pos: tuple[int, ...], height: tuple[int, ...], c: int) -> bool:
    """Does camel ``c`` ride on the crazy camel (on a space, above it)? (a contract helper)"""
    return pos[c] == pos[-1] != 0 and height[c] > height[-1]


def reposition(pos: tuple[int, ...], height: tuple[int, ...], ahead: int,
               finish: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """CUG-LEG-CRAZY: the crazy camel, riders taken off, ``ahead`` spaces in front of
    the leading racing camel, or on the Finish when there is no such space.

    >>> reposition((1, 2, 2, 4, 6, 1), (1, 0, 1, 0, 0, 0), 3, 17)
    ((1, 2, 2, 4, 6, 9), (0, 0, 1, 0, 0, 0))

    pre: len(pos) == 6 and len(height) == 6 and 1 <= ahead <= 3 and 2 <= finish <= 25
    pre: stacked(pos, height, finish, (0,)) and max(pos[:5]) < finish
    pre: behind_fourth(pos, height)
    post: stacked(__return__[0], __return__[1], finish, (0,))
    post: __return__[0][:5] == pos[:5]
    post: __return__[0][5] == min(max(pos[:5]) + ahead, finish)
    post: all((__return__[1][c] == height[c] - 1) == lifted(pos, height, c) for c in range(5))
    """
    cell, low = pos[-1], height[-1]
    lifted = tuple(h - 1 if cell and p == cell and h > low else h
                   for p, h in zip(pos[:-1], height[:-1], strict=True))
    target = min(max(pos[:-1]) + ahead, finish)
    top = sum(1 for p in pos[:-1] if p == target)
    return (*pos[:-1], target), (*lifted, top)

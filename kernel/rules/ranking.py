"""Ranking the racing camels, for every camel game (CUC-RANK; a pure function).

This is THE implementation of the ranking; :func:`kernel.rules.camel.ranks`
calls it with the 2016 parameters.

Layout as in :mod:`kernel.rules.stacks`: ``pos[c]`` and ``height[c]`` per
camel, ``dirs[c]`` its direction. Only the racing camels (``dirs[c] ==
FORWARD``) are ranked; a crazy camel (``BACKWARD``: 2023 black, 2018 black
and white) gets no place (0). Further along is ahead; on one cell, higher in
the stack is ahead. The ties rule is the parameter ``tied``: every racing
camel on a cell ``<= tied`` shares the last place, the number of racing
camels (2016: camels on the Start card share fifth, ``tied = 0``; 2023:
camels behind the start line share fifth, ``tied = 0``; ``tied = -1``: no
tie, a unit carried backwards over the 2018 line ranks by its stack like any
other, as the least advanced). Places after the untied camels may then stay
empty (three camels on the Start card: no third or fourth place).
"""

from __future__ import annotations

from kernel.rules.stacks import FORWARD, signs, stacked  # noqa: F401  (signs, stacked: read by the contracts)


def ranks(pos: tuple[int, ...], height: tuple[int, ...], dirs: tuple[int, ...],
          tied: int) -> tuple[int, ...]:
    """The place of each camel: 1 for the leader, 0 for a crazy camel (CUC-RANK).

    >>> ranks((0, 3, 3, 0, 1), (0, 0, 1, 0, 0), (1, 1, 1, 1, 1), 0)
    (5, 2, 1, 5, 3)
    >>> ranks((0, 3, 3, 5, 1, 0), (0, 0, 1, 0, 0, 0), (1, 1, 1, -1, 1, 1), 0)
    (5, 2, 1, 0, 3, 5)

    pre: 1 <= len(pos) <= 7 and len(height) == len(pos) and len(dirs) == len(pos)
    pre: (-1 <= tied) & (tied <= 30) & signs(dirs) & stacked(pos, height, 30, (0,))
    post: len(__return__) == len(pos)
    post: all((__return__[c] == 0) == (dirs[c] != FORWARD) for c in range(len(pos)))
    post: all(0 <= r <= dirs.count(FORWARD) for r in __return__)
    post: all(__return__[c] == dirs.count(FORWARD) for c in range(len(pos)) if dirs[c] == FORWARD and pos[c] <= tied)
    post: all(__return__[a] < __return__[b] for a in range(len(pos)) for b in range(len(pos)) if dirs[a] == FORWARD == dirs[b] and pos[a] > tied and (pos[a], height[a]) > (pos[b], height[b]))
    post: sorted(__return__[c] for c in range(len(pos)) if dirs[c] == FORWARD and pos[c] > tied) == list(range(1, 1 + sum(1 for c in range(len(pos)) if dirs[c] == FORWARD and pos[c] > tied)))
    """
    racing = [c for c in range(len(pos)) if dirs[c] == FORWARD]
    order = sorted(racing, key=lambda c: (pos[c], height[c]), reverse=True)
    result = [0] * len(pos)
    for i, c in enumerate(order):
        result[c] = i + 1 if pos[c] > tied else len(racing)
    return tuple(result)

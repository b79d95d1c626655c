"""Face-down decks of cards as multisets (pure functions, with their contracts).

A deck whose cards the seat cannot see is a multiset ``pool`` of (kind, count),
each kind once; its cards are physical objects, so a part of it taken
uniformly at random is each sub-multiset with probability proportional to the
ways of picking those physical cards (multivariate hypergeometric). The camel
card games' odds from a seat (CUC-ODDS, CUG-ODDS) weigh the racing deck's
unseen cards with it (:mod:`kernel.engines.camel_cards.odds`). Every function
with a ``post:`` line carries PEP 316 contracts that CrossHair checks
(``proofs/run.py``).
"""

from __future__ import annotations

import math

#: A multiset of cards: (kind, count), each kind once.
Pool = tuple[tuple[str, int], ...]


def subsets(pool: Pool, size: int) -> tuple[tuple[Pool, int], ...]:
    """Every sub-multiset of ``size`` cards of ``pool``, with the number of ways to pick
    it as physical cards (the product of ``C(count, taken)`` over its kinds).

    The ways add up to ``C(cards in pool, size)``: drawn uniformly, a sub-multiset
    comes with probability ``ways / C(cards, size)``. Kinds taken 0 times are left
    out; none when ``size`` exceeds the pool.

    >>> subsets((("a", 2), ("b", 1)), 2)
    (((('a', 1), ('b', 1)), 2), ((('a', 2),), 1))

    pre: len(pool) <= 3 and 0 <= size <= 4
    pre: all(0 <= n <= 3 for _, n in pool) and len({k for k, _ in pool}) == len(pool)
    post: sum(w for _, w in __return__) == math.comb(sum(n for _, n in pool), size)
    post: all(sum(n for _, n in sub) == size and w > 0 for sub, w in __return__)
    post: all(0 < n <= dict(pool)[k] for sub, _ in __return__ for k, n in sub)
    post: len({sub for sub, _ in __return__}) == len(__return__)
    """
    out: list[tuple[Pool, int]] = []

    def walk(i: int, left: int, taken: Pool, ways: int) -> None:
        if i == len(pool):
            if left == 0:
                out.append((taken, ways))
            return
        kind, count = pool[i]
        for n in range(min(count, left) + 1):
            walk(i + 1, left - n, (*taken, (kind, n)) if n else taken,
                 ways * math.comb(count, n))

    walk(0, size, (), 1)
    return tuple(out)

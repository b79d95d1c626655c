"""Which games a tournament plays, in which order, with which seeds.

A tournament is a list of *deals*. A deal is one line-up of bots (one per
seat) played in every seat rotation: rotation ``r`` seats the line-up's bot
``(s + r) mod P`` at seat ``s``, so over the ``P`` rotations of a deal every
bot of the line-up sits at every seat once. The games of a deal share one
chance seed (common random numbers): the referee draws chance from its own
generator seeded with it, so the rotations start from the same shuffles and
rolls, in order, for as long as the games ask for the same chance nodes.
Each game also gets its own match seed, from which the referee derives every
bot's seed and every forfeit draw.

Seeds are derived by hashing, the same in every process, machine and
language: the first 6 bytes, big-endian, of SHA-256 of the UTF-8 text
``race-kernel-tournament:{seed}:{tag}:{deal}:{rotation}`` (``tag`` is
``chance`` (rotation 0) or ``match``).

Line-ups:

- with ``--games N`` the deals cycle through the line-ups (below) until N
  games are scheduled, rounded up to whole deals (all rotations of the last
  deal are played, so seats stay balanced);
- with ``--round-robin`` every line-up is played once (``rounds`` times), in
  all its rotations.

The line-ups of ``k`` bots at ``P`` seats: when ``k >= P``, every
combination of ``P`` distinct bots in the order given (``itertools.combinations``);
when ``k < P``, the one line-up that repeats the bots in order until the seats
are filled (a, b, c, a for four seats): then a bot holds several seats of one
game (see :mod:`kernel.tournament.ratings` for how it is rated).

>>> jobs = schedule(("a", "b", "c"), 3, seed=1, games=6)
>>> [j.bots for j in jobs][:3]
[('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b')]
>>> len(jobs), len({j.chance_seed for j in jobs}), len({j.seed for j in jobs})
(6, 2, 6)
>>> len(schedule(("a", "b", "c", "d"), 2, seed=1, round_robin=True))
12
>>> [j.bots for j in schedule(("a", "b"), 4, seed=1, games=4)]
[('a', 'b', 'a', 'b'), ('b', 'a', 'b', 'a'), ('a', 'b', 'a', 'b'), ('b', 'a', 'b', 'a')]
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Sequence
from typing import Any

import attrs


def derive(seed: int, tag: str, deal: int, rotation: int = 0) -> int:
    """A 48-bit seed for one purpose of one game of a tournament (see the module)."""
    text = f"race-kernel-tournament:{seed}:{tag}:{deal}:{rotation}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:6], "big")


@attrs.frozen
class Job:
    """One game of a tournament: its place in game order, deal, rotation, the bot of
    each seat, the match seed and the deal's chance seed."""

    index: int
    deal: int
    rotation: int
    bots: tuple[str, ...]
    seed: int
    chance_seed: int

    def to_data(self) -> dict[str, Any]:
        return {"index": self.index, "deal": self.deal, "rotation": self.rotation,
                "bots": list(self.bots), "seed": self.seed, "chance_seed": self.chance_seed}


def lineups(bots: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """The line-ups of ``bots`` at ``seats`` seats (see the module)."""
    if not bots or seats < 1:
        raise ValueError("a tournament needs at least one bot and one seat")
    if len(bots) < seats:
        return [tuple(bots[s % len(bots)] for s in range(seats))]
    return list(itertools.combinations(bots, seats))


def schedule(bots: Sequence[str], seats: int, *, seed: int, games: int | None = None,
             round_robin: bool = False, rounds: int = 1) -> list[Job]:
    """The games of a tournament in game order (the order ratings are updated in)."""
    ups = lineups(bots, seats)
    if round_robin:
        if rounds < 1:
            raise ValueError("--rounds must be at least 1")
        deals = len(ups) * rounds
    else:
        if games is None or games < 1:
            raise ValueError("--games must be at least 1")
        per_deal = len({tuple(ups[0][(s + r) % seats] for s in range(seats))
                        for r in range(seats)}) if len(bots) < seats else seats
        deals = -(-games // per_deal)
    jobs: list[Job] = []
    for deal in range(deals):
        lineup = ups[deal % len(ups)]
        chance = derive(seed, "chance", deal)
        seen: set[tuple[str, ...]] = set()
        for rotation in range(seats):
            seated = tuple(lineup[(s + rotation) % seats] for s in range(seats))
            if seated in seen:  # a line-up that repeats itself (a, b, a, b): once each
                continue
            seen.add(seated)
            jobs.append(Job(len(jobs), deal, rotation, seated,
                            derive(seed, "match", deal, rotation), chance))
    return jobs

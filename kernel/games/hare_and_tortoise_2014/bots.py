"""The Hare & the Tortoise (2014): the game's own bots for ``kernel.bots`` (``BOTS``).

``greedy`` plays by a simple race estimate: the animals ranked by where they
stand (the podium first, in its order; then the furthest on the track), and
what its bets (its starting bets and its second bet; a howl card is a wolf
bet, HT-SCORE-POINTS) would score on that ranking, 5, 3 and 2 points for the
first three places, shared when animals stand level. It

- plays (HT-TURN-PLAY) the cards that would leave it scoring most if the
  racing phase came now, with the table as it would be (each animal's tiles by
  the movement rules of :mod:`.rules`: HT-RACE-HARE and its nap, HT-RACE-TORTOISE,
  HT-RACE-WOLF, HT-RACE-HOWL, HT-RACE-FOX, HT-RACE-LAMB; the lamb's streams and
  the turbos left out), plus :data:`PROGRESS` a tile its animals gain (less
  the tiles the others gain), fewer cards on a tie (they stay in hand);
- chooses as second bet (HT-SETUP-SECOND) the animal of which it holds most
  cards (it can push it), a starting-bet animal first on a tie;
- in the apprentice racing phase (HT-APP-MOVE) moves first an animal it backs,
  else the one with the fewest cards on the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .data import ANIMALS, HOWL
from .rules import FINISH, advance, hare_steps, standard_steps

if TYPE_CHECKING:
    from kernel.bots import View

#: Points of the first three places (HT-SCORE-POINTS).
POINTS = (5, 3, 2)
#: What a tile of progress is worth beside the points on the ranking now: a tile
#: its own animals go forward counts for, one of the others' against.
PROGRESS = 0.3


def _animal(card: str) -> str:
    return "wolf" if card == HOWL else card


def my_bets(obs: Mapping[str, Any]) -> list[str]:
    return [_animal(str(c)) for c in (*(obs.get("starting") or ()), *(obs.get("second") or ()))]


def expected_points(positions: Sequence[int], podium: Sequence[str], bets: Sequence[str]) -> float:
    """The bets' points on the ranking now: the podium, then by position; level animals
    share the places they span."""
    key = {a: (1, -podium.index(a)) if a in podium else (0, positions[i])
           for i, a in enumerate(ANIMALS)}
    total = 0.0
    for bet in bets:
        ahead = sum(1 for a in ANIMALS if key[a] > key[bet])
        level = sum(1 for a in ANIMALS if key[a] == key[bet])
        total += sum(POINTS[p] for p in range(ahead, ahead + level) if p < len(POINTS)) / level
    return total


def race_now(positions: Sequence[int], podium: Sequence[str], table: Counter[str]) -> list[int]:
    """The positions after a racing phase with ``table`` on the table (see the docstring)."""
    howl = table[HOWL] > 0
    wolves = table["wolf"] + table[HOWL]
    out = list(positions)
    for i, a in enumerate(ANIMALS):
        if a in podium or out[i] >= FINISH:
            continue
        cards = wolves if a == "wolf" else table[a]
        if a == "hare" and not howl:
            ahead = max((out[j] for j, b in enumerate(ANIMALS)
                         if j != i and b not in podium and out[j] < FINISH), default=0)
            steps = hare_steps(min(cards, 4), min(out[i], 11), min(ahead, 11))
        else:
            steps = standard_steps(i, min(cards, 4), min(wolves, 4), howl)
        out[i] = advance(out[i], steps)
    return out


class Greedy:
    """The rule-based bot (see the module docstring)."""

    name = "greedy"

    def act(self, view: View) -> int:
        obs: Any = view.observation
        bets = my_bets(obs)
        positions = [int(p) for p in obs["positions"]]
        podium = [str(a) for a in obs.get("podium") or ()]
        table = Counter(str(c) for c in obs.get("table") or ())
        best: tuple[Any, ...] | None = None
        for i, name in view.legal:
            kind, *rest = name.split(":")
            if kind == "place":
                animal, count, howls = rest[0], int(rest[1]), int(rest[2])
                after = table.copy()
                after[animal] += count - howls
                after[HOWL] += howls
                moved = race_now(positions, podium, after)
                score = expected_points(moved, podium, bets) + PROGRESS * sum(
                    moved[k] - positions[k] if a in bets else positions[k] - moved[k]
                    for k, a in enumerate(ANIMALS))
                key: tuple[Any, ...] = (score, -count, -i)
            elif kind == "bet":
                hand = Counter(_animal(str(c)) for c in obs.get("hand") or ())
                animal = _animal(rest[0])
                key = (hand[animal], animal in bets, -i)
            elif kind == "move":
                cards = table[rest[0]] + (table[HOWL] if rest[0] == "wolf" else 0)
                key = (rest[0] in bets, -cards if rest[0] not in bets else cards, -i)
            else:
                key = (float("-inf"), -i)
            if best is None or key > best[0]:
                best = (key, i)
        assert best is not None
        return int(best[1])


BOTS = {"greedy": Greedy}

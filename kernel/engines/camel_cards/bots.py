"""The rule-based bot of the camel card games: bets by the exact odds where they are quick,
else by a simulated race estimate.

A person would recognise it. Where the game's exact odds of the rest of the
leg are quick (the view's ``odds``: ``kernel.seat_odds`` from the seat's own
information, given where ``GameInfo.odds_quick`` says so: a leg's play with
at most 6 racing cards left in 2016, 5 in 2023), it prices the leg bets
(leader and midfield cards) by those exact expected Pounds (CUC-ODDS,
CUG-ODDS: the rest of the leg is the racing deck's reveals only), and the
final bets by the exact places too when the race surely ends in this leg.
Everything else, and everything elsewhere (the leg's first reveals, the final
bets while the race may go on), comes from the heuristic: it estimates where
the racing camels will stand at the end of the leg and of the race by playing
the racing deck's remaining cards out at random (the cards it has not seen, in
the deck's size) a few hundred times, with the camels carrying those on top of
them (CUC-MOVE-CARRY, CUC-MOVE-STACK) and the figures left out. Then it

- takes the leg or final bet with the highest expected Pounds (the leader
  card's value for first, +1 second, -1 otherwise; the midfield card +2 third,
  +1 second or fourth, -1 otherwise; a final card +7 / +3 / -1, less what the
  final card it already holds is worth) when that is worth at least
  :data:`BET_AT_LEAST`;
- else, as its race track action, plays its own face-up card when that moves a
  camel it holds a leader card on, and otherwise reveals (it never places a
  figure: a figure card costs a Pound at the payout unless a camel lands on it);
- in the leg setup, puts the cards of the colours it holds most of into the
  racing deck and discards those it holds least of.

Everything comes from the seat's view (the observation's public table, its
own cards and the exact odds of its own seat); the random play-outs are drawn
from the bot's own seed, so a seeded bot is deterministic. Cost: the exact
odds of one decision took 6 ms with 1 racing card left and on average 0.12 s
(2016, 6 cards) and 0.14 s (2023, 5 cards), 0.53 s at most, CPU on a loaded
2-core machine (``kernel.seat_odds`` at every decision of two seeded random
3-player games per game); ``scripts/bot_campaign.py`` prints the CPU per game.
"""

from __future__ import annotations

import abc
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from kernel.bots.base import SeededBot

if TYPE_CHECKING:
    from kernel.bots import View
    from kernel.plugin import SeatOdds

#: Bets worth less than this (expected Pounds) are not taken.
BET_AT_LEAST: Final = 0.6
#: The kinds of bet the bot values (leader, midfield, final winner, final loser).
BET_KINDS: Final = ("leg", "mid", "win", "lose")
#: Random play-outs per estimate.
PLAYOUTS: Final = 100
#: Moves a play-out of the rest of the race may take.
RACE_MOVES: Final = 60
#: Each colour's racing cards: five +1, one +2.
CARDS: Final = {1: 5, 2: 1}


def _positions(stacks: Sequence[Sequence[str]], colours: Sequence[str]) -> dict[str, list[int]]:
    return {c: [cell, h] for cell, stack in enumerate(stacks) for h, c in enumerate(stack)
            if c in colours}


def _ranking(stacks: list[list[str]], colours: Sequence[str]) -> list[str]:
    """The racing camels, leader first (further, then higher; the start card unordered)."""
    where = _positions(stacks, colours)
    return sorted(colours, key=lambda c: (-where[c][0], -where[c][1], c))


def _move(stacks: list[list[str]], colour: str, steps: int) -> bool:
    """Move ``colour`` with everything on top of it; True when it reached the finish."""
    finish = len(stacks) - 1
    cell = next((i for i, st in enumerate(stacks) if colour in st), -1)
    if cell < 0:  # pragma: no cover - every camel is on the track
        return False
    stack = stacks[cell]
    if cell == 0:  # the start card: nobody stacks, the camel moves alone
        stack.remove(colour)
        unit = [colour]
    else:
        h = stack.index(colour)
        unit = stack[h:]
        del stack[h:]
    target = min(cell + steps, finish)
    stacks[target].extend(unit)
    return target == finish


class Estimate:
    """Place probabilities of the racing camels at the leg's end and the race's end."""

    def __init__(self, obs: Mapping[str, Any], seat: int, colours: Sequence[str],
                 own_cards: Sequence[str], rng: random.Random) -> None:
        seen = Counter(str(c) for c in obs.get("revealed", ()))
        seen.update(str(c) for c in obs.get("shown", ()))
        seen.update(own_cards)
        pool = [(c, v) for c in colours for v, n in CARDS.items()
                for _ in range(max(0, n - seen.get(f"{c}+{v}", 0)))]
        deck = int(obs.get("deck_size", 0))
        k = len(colours)
        self.leg = [[0] * k for _ in colours]
        self.race = [[0] * k for _ in colours]
        index = {c: i for i, c in enumerate(colours)}
        start = [[str(c) for c in stack] for stack in obs["stacks"]]
        for _ in range(PLAYOUTS):
            stacks = [list(s) for s in start]
            over = False
            for c, v in rng.sample(pool, min(deck, len(pool))):
                if _move(stacks, c, v):
                    over = True
                    break
            for place, c in enumerate(_ranking(stacks, colours)):
                self.leg[index[c]][place] += 1
            moves = 0
            while not over and moves < RACE_MOVES:
                moves += 1
                over = _move(stacks, rng.choice(colours), 2 if rng.random() < 1 / 6 else 1)
            for place, c in enumerate(_ranking(stacks, colours)):
                self.race[index[c]][place] += 1
        self.index = index

    def leg_p(self, colour: str, place: int) -> float:
        return self.leg[self.index[colour]][place - 1] / PLAYOUTS

    def race_p(self, colour: str, place: int) -> float:
        return self.race[self.index[colour]][place - 1] / PLAYOUTS


def bet_values(obs: Mapping[str, Any], seat: int, est: Estimate,
               colours: Sequence[str], exact: SeatOdds | None = None) -> dict[str, float]:
    """The expected Pounds of each leg and final bet (keyed by action text).

    With ``exact`` (the seat's exact odds of the rest of the leg), the leg bets
    are its values (the game's own payouts; its places where it prices no such
    card), and the final bets its places when the race surely ends this leg;
    the rest comes from the estimate ``est``.
    """
    last = len(colours)
    places = dict(exact.places) if exact is not None else {}
    priced = dict(exact.values) if exact is not None else {}
    ends = exact is not None and exact.race_ends == 1
    out: dict[str, float] = {}
    for c in colours:
        if c in places:
            leg = [float(x) for x in places[c]]
        else:
            leg = [est.leg_p(c, k) for k in range(1, last + 1)]
        race = leg if ends else [est.race_p(c, k) for k in range(1, last + 1)]
        stack = obs["leaders"].get(c) or []
        if stack:
            v = int(stack[-1])
            p1, p2 = leg[0], leg[1]
            out[f"leg:{c}"] = v * p1 + p2 - (1 - p1 - p2)
        p = leg
        out[f"mid:{c}"] = 2 * p[2] + p[1] + p[3] - p[0] - p[4]
        w1, w2 = race[0], race[1]
        out[f"win:{c}"] = 7 * w1 + 3 * w2 - (1 - w1 - w2)
        l5, l4 = race[last - 1], race[last - 2]
        out[f"lose:{c}"] = 7 * l5 + 3 * l4 - (1 - l5 - l4)
    for name, value in priced.items():
        if name in out:
            out[name] = float(value)
    for kind, key in (("win", "winner_bets"), ("lose", "loser_bets")):
        held = (obs.get(key) or [None] * (seat + 1))[seat]
        if held is not None:  # taking another gives this one back
            for c in colours:
                out[f"{kind}:{c}"] -= max(0.0, out[f"{kind}:{held}"])
    return out


def my_leader_colours(obs: Mapping[str, Any], seat: int) -> set[str]:
    """The colours of the leader cards the seat holds (its bets ``colour:value``)."""
    bets = obs.get("bets") or []
    mine = bets[seat] if seat < len(bets) else []
    return {str(b).split(":")[0] for b in mine if not str(b).endswith(":mid")}


def setup_choice(legal: Sequence[tuple[int, str]], hand: Sequence[str]) -> int | None:
    """Leg setup: deck and intel take the colours held most, discards those held least."""
    kinds = {name.split(":")[0] for _, name in legal}
    if not kinds & {"discard", "deck", "intel"}:
        return None
    held = Counter(str(card).split("+")[0] for card in hand)

    def key(item: tuple[int, str]) -> tuple[int, str]:
        kind, _, card = item[1].partition(":")
        colour, _, value = card.partition("+")
        weight = held.get(colour, 0) * 2 + (value == "2")
        return (-weight if kind == "discard" else weight, item[1])

    return max(legal, key=key)[0]


def choose(obs: Mapping[str, Any], seat: int, legal: Sequence[tuple[int, str]],
           colours: Sequence[str], hand: Sequence[str], own_card: Mapping[str, str],
           rng: random.Random, odds: Callable[[], SeatOdds | None] | None = None) -> int:
    """The greedy bot's action: ``own_card`` maps the action playing a face-up card of the
    seat's own (``hand`` in 2016, ``personal:<seat>`` in 2023) to that card; ``odds`` is the
    view's (the seat's exact odds, where they are quick), None elsewhere."""
    setup = setup_choice(legal, hand)
    if setup is not None:
        return setup
    by_name = {name: i for i, name in legal}
    est = Estimate(obs, seat, colours, hand, rng)
    betting = any(name.partition(":")[0] in BET_KINDS for name in by_name)
    exact = odds() if odds is not None and betting else None
    values = bet_values(obs, seat, est, colours, exact)
    bets = [(values[name], name) for name in by_name if name in values]
    if bets:
        value, name = max(bets)
        if value >= BET_AT_LEAST:
            return by_name[name]
    mine = my_leader_colours(obs, seat)
    for name, card in own_card.items():
        if name in by_name and card.split("+")[0] in mine:
            return by_name[name]
    for name in ("end", "reveal"):
        if name in by_name:
            return by_name[name]
    if bets:  # nothing else to do: the best bet
        return by_name[max(bets)[1]]
    return legal[0][0]


class CardGreedy(SeededBot, abc.ABC):
    """The card games' ``greedy`` bot (the module docstring); a game's subclass gives its
    racing camels' ``colours`` and its ``hand_of``."""

    name = "greedy"
    #: Whether the leg bets follow the view's exact odds where it gives them.
    exact = True
    colours: ClassVar[Sequence[str]] = ()

    @staticmethod
    @abc.abstractmethod
    def hand_of(view: View) -> tuple[list[str], dict[str, str]]:
        """The seat's face-up cards, and the action that plays its own card mapped to that
        card (see :func:`choose`), read off its view."""

    def act(self, view: View) -> int:
        hand, own = type(self).hand_of(view)
        return choose(view.observation, view.seat, view.legal, self.colours, hand, own,
                      self._rng, view.odds if self.exact else None)


def greedy_bots(greedy: type[CardGreedy]) -> dict[str, type[CardGreedy]]:
    """A card game's ``BOTS``: its ``greedy`` and ``greedy_estimate``, the same bot without
    the exact odds (every bet by the estimate, as ``greedy`` played before the odds
    existed): a baseline to measure what the exact odds add."""
    estimate = type(f"{greedy.__name__}Estimate", (greedy,), {
        "name": "greedy_estimate", "exact": False, "__module__": greedy.__module__,
        "__doc__": "``greedy`` without the exact odds (:func:`greedy_bots`)."})
    return {"greedy": greedy, "greedy_estimate": estimate}

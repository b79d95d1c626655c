"""A generic information-set Monte Carlo tree search bot over ``kernel.resample``.

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012), game-agnostic:
at each decision the bot draws ``worlds`` whole histories the seat cannot
tell from the real one (the view's ``sampler``: ``kernel.resample`` from the
exact posterior), then runs ``sims`` simulations, the i-th in world ``i mod
worlds``. A simulation walks the tree of decisions (a node is the sequence of
decisions since the root; chance outcomes are drawn with their exact
probabilities and are not nodes), choosing among the actions legal in its
world by UCB1 with availability counts, expands one untried action, then
plays uniformly random moves until the seats' scores on the table (the
game's ``GameHooks.score_key``) first differ from the world's, or the end
(a whole random game is long and its result mostly noise: the first payout
ahead is a cheaper, steadier signal); a game whose first payouts are small
side payments names the rules of its main payout instead
(:func:`kernel.bots.base.playout_until`: the 2018 game's leg scoring, past
its spectator tiles' payments), and the playout then runs to the first event
of those rules or the end; it backs up each seat's reward: at the
end its return (the winners share 1), else its standing by score (1 ahead of
every other seat, 0 behind all, ties counting half). The action played is
the root child visited most (ties: the best mean reward, then the smaller
id). A game whose decisions offer many actions of few kinds says so
(:func:`kernel.bots.base.move_groups`, the 2018 game): each decision of the
tree then first chooses a kind of action by UCB1, then an action of that
kind (move groups), and the action played is the most visited of the most
visited kind. All randomness comes from ``random.Random(seat.seed)``.

Cost: one resample (a replay of the whole history) per world and one random
playout per simulation, to the first payout ahead or the end;
``scripts/bot_campaign.py`` prints the CPU per game. Measured at 3 players
(one ISMCTS seat against two random ones, CPU of one process on the shared
2-core machine): ``ismcts:16:2`` (the default) about 2.3 s a game of Hare &
Tortoise and 4 s of Camel Up Cards 2016; ``ismcts:8:2`` 4.9 s a game of the
2023 card game and 9.3 s of 2018, whose games are longest (each resample
replays the whole history, so a move costs more as the game goes on).
"""

from __future__ import annotations

import math
import random
from typing import Any, Final

from kernel.api import game_info, sample_chance
from kernel.bots.base import Seat, move_groups, playout_until
from kernel.bots.view import View
from kernel.core import CHANCE, TERMINAL, Applied

#: Default simulations per move and worlds (determinizations) per move.
SIMS: Final = 16
WORLDS: Final = 2
#: UCB1's exploration constant.
UCT_C: Final = 1.4
#: Steps a playout may take before it is scored as a draw between everyone.
PLAYOUT_STEPS: Final = 3000


class _Node:
    __slots__ = ("avail", "children", "value", "visits")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = 0.0


class ISMCTSBot:
    """ISMCTS with ``sims`` simulations over ``worlds`` sampled worlds per move."""

    def __init__(self, sims: int = SIMS, worlds: int | None = None) -> None:
        self.sims = sims
        self.worlds = min(sims, worlds if worlds is not None else WORLDS)
        self.name = f"ismcts:{sims}:{self.worlds}"
        self._rng = random.Random(0)
        self._key = "score"
        self._until: frozenset[str] = frozenset()
        self._groups = False

    def reset(self, seat: Seat) -> None:
        self._rng = random.Random(seat.seed)
        self._until = frozenset(playout_until(seat.game))
        self._groups = move_groups(seat.game)

    def act(self, view: View) -> int:
        rng = self._rng
        if len(view.legal) == 1:
            return view.legal[0][0]
        if view.sampler is None:
            return view.legal[rng.randrange(len(view.legal))][0]
        info = game_info(view.game)
        worlds = [view.sampler(rng).final for _ in range(self.worlds)]
        self._key = info.hooks.score_key
        root = _Node()
        seat = view.seat
        for i in range(self.sims):
            self._simulate(info, worlds[i % len(worlds)], root, seat, rng)
        by_text = dict((name, i) for i, name in view.legal)
        choices = root.children
        if self._groups and choices:  # the most visited kind, then its most visited action
            choices = max(choices.values(),
                          key=lambda n: (n.visits, n.value / max(n.visits, 1))).children
        best = max(((node.visits, node.value / max(node.visits, 1), -by_text[text])
                    for text, node in choices.items() if text in by_text), default=None)
        if best is None:
            return view.legal[rng.randrange(len(view.legal))][0]
        return -best[2]

    def _simulate(self, info: Any, state: Any, root: _Node, seat: int,
                  rng: random.Random) -> None:
        path: list[tuple[_Node, int]] = []  # (node reached, the seat that chose it)
        node = root
        expanded = False
        steps = 0
        before = self._scores(info, state)
        standing: list[float] | None = None
        while True:
            actor = info.current_actor(state)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                action = sample_chance(info.chance_outcomes(state), rng)
            elif expanded:
                legal = info.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            else:
                legal = info.legal_actions(state)
                if self._groups:  # a level of kinds above the actions (MOVE_GROUPS)
                    kind, group, _ = _descend(
                        node, list(dict.fromkeys(_KIND + a.kind for a in legal)), rng)
                    path.append((group, actor))
                    node = group
                    legal = [a for a in legal if _KIND + a.kind == kind]
                text, child, expanded = _descend(node, [a.text for a in legal], rng)
                action = next(a for a in legal if a.text == text)
                path.append((child, actor))
                node = child
            result = info.apply(state, action)
            assert isinstance(result, Applied)
            state = result.state
            steps += 1
            if steps >= PLAYOUT_STEPS:
                break
            if expanded and info.current_actor(state) != TERMINAL:
                if self._until:
                    if any(not self._until.isdisjoint(e.rules) for e in result.events):
                        standing = _standing(self._scores(info, state))
                        break
                    continue
                now = self._scores(info, state)
                if now != before:
                    standing = _standing(now)
                    break
        returns = _returns(info, state) or standing
        for n, who in path:
            n.visits += 1
            n.value += returns[who] if returns is not None else 0.5

    def _scores(self, info: Any, state: Any) -> tuple[int, ...]:
        value = getattr(state, self._key, None)
        if not isinstance(value, tuple | list):
            value = info.to_data(state)[self._key]
        return tuple(value)


#: Keys of the kind level (MOVE_GROUPS); no action's text starts with it.
_KIND: Final = "\x00"


def _descend(node: _Node, keys: list[str], rng: random.Random) -> tuple[str, _Node, bool]:
    """The child of ``node`` a simulation takes among ``keys`` (those available now): an
    untried one at random, expanded (True), else the best by UCB1 (the first of equals)."""
    untried = [k for k in keys if k not in node.children]
    for k in keys:
        child = node.children.get(k)
        if child is not None:
            child.avail += 1
    if untried:
        key = untried[rng.randrange(len(untried))]
        child = node.children[key] = _Node()
        child.avail = 1
        return key, child, True
    key = max(keys, key=lambda k: _ucb(node.children[k]))
    return key, node.children[key], False


def _ucb(node: _Node) -> float:
    if node.visits == 0:
        return math.inf
    return node.value / node.visits + UCT_C * math.sqrt(math.log(max(node.avail, 1))
                                                        / node.visits)


def _standing(scores: tuple[int, ...]) -> list[float]:
    """1 ahead of every other seat, 0 behind all; a tie counts half."""
    n = len(scores)
    return [(sum(1 for t in scores if t < s) + 0.5 * (sum(1 for t in scores if t == s) - 1))
            / max(1, n - 1) for s in scores]


def _returns(info: Any, state: Any) -> list[float] | None:
    end = info.outcome(state)
    if end is None:
        return None
    scores = list(end.scores)
    winners = list(end.winners) or [s for s, v in enumerate(scores) if v == max(scores)]
    return [1 / len(winners) if s in winners else 0.0 for s in range(len(scores))]

"""The exact odds of the rest of a leg from one seat's view, for the camel card games.

A camel card game's ``odds`` module hands :func:`seat_odds` its
:class:`~.spec.CardGame`, a history, a seat and the rule ID of its reading
(2016: CUC-ODDS, 2023: CUG-ODDS). The reading: the rest of the leg is the
racing deck's reveals only (every card left in it is revealed, in a uniformly
random order, until the deck is empty or the race ends); nobody plays a hand
or personal card, places a figure or bets any more, and the figures already on
the track act as usual.

What the seat does not see
==========================

The posterior is the one :func:`kernel.resample` draws from: every card is a
physical object; a card taken from a face-down heap by chance is any of its
cards with equal probability, and another seat's choice of face-down cards
counts each possible choice of physical cards once (its choices carry no
information beyond the cards they show). The history's initial state is
known to the seat, as in :func:`kernel.resample`. The cards are followed
through the game's own card flow (``GameHooks.card_flow``, the moves
:func:`kernel.resample` reads) from the last time they were all gathered
(the current leg's reset), as a weighted set of *worlds*: in each, every place
holds cards whose face the seat knows (by kind) and unknown cards (by group);
the unknown cards of a group are a uniformly random arrangement of the kinds
the seat has not seen (``unseen``). A move the seat sees from a place with
both (a reveal from the racing deck: one of its own cards, an intel card, or
one it never saw?) splits a world in two, weighted by the number of physical
cards of each class (times, for an unknown card, the chance ``unseen[kind] /
unseen cards`` that it is of the kind shown); a move the seat does not see
from such a place (a random discard shuffled into the deck) splits it by the
class of the card moved. In the end, the unknown cards in the deck of each
world are a uniformly random subset of its unseen kinds (multivariate
hypergeometric, :func:`kernel.rules.deck.subsets`).

The rest of the leg
===================

Every order of the deck's cards is equally likely. The leg is walked
forwards, one reveal a level, with equal (board, cards left) states merged
and integer weights: a state's weight times the number of cards of the kind
revealed; all the states of a level have as many cards left, so each level's
total is the previous one's times that number, and a race that ends with
``k`` cards left counts ``k!`` times its weight (its orders of the rest). Each
(board, card) move is computed once (the game's own camel rules: ``g.camel.move``,
its ``steps_now``). Places are the game's ranking (``g.camel.ranks``) when the
deck is empty or when the race ends.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, NamedTuple

from kernel.core import Event
from kernel.plugin import CardFlow, CardMove, Gather, SeatOdds
from kernel.rules.deck import subsets

from .spec import CardGame
from .table import DRAW, PLAY, Table

__all__ = ["LegOdds", "deck_posterior", "in_play", "leg_odds", "seat_odds", "values"]

#: A world's place: (kind, count) of the cards the seat knows, then
#: (group, count) of the unknown ones; both sorted.
_Place = tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]
#: A world: its places (sorted by name) and the kinds not seen, sorted.
_World = tuple[tuple[tuple[str, _Place], ...], tuple[tuple[str, int], ...]]
#: A racing deck's cards: (kind, count), sorted.
Deck = tuple[tuple[str, int], ...]
#: The board during the rest of a leg: pos, height, forward figure, backward figure.
Board = tuple[tuple[int, ...], tuple[int, ...], int, int]

#: The card-flow place of the racing deck (:mod:`.flow`).
DECK_PLACE = "deck"
#: The engine's event of a leg's reset, when every racing card is gathered (:mod:`.legs`).
RESET = "leg-reset"


class LegOdds(NamedTuple):
    """The exact odds of the rest of a leg (:func:`leg_odds`)."""

    #: Per racing camel (``g.colours`` order) P(1st), ..., P(last place).
    place: tuple[tuple[Fraction, ...], ...]
    #: P(the race ends during the rest of the leg).
    race_ends: Fraction
    #: The same places given that the race ends (all 0 when it cannot).
    place_if_ends: tuple[tuple[Fraction, ...], ...]


# --------------------------------------------------------------------------
# the posterior of the racing deck


class _Worlds:
    """The weighted worlds of what the seat knows, move by move."""

    def __init__(self, seat: int, groups: Mapping[str, str],
                 places: Iterable[tuple[str, str, str]]) -> None:
        self.seat = seat
        self.group_of = dict(groups)
        self.full: dict[str, Counter[str]] = {}
        start: dict[str, Counter[str]] = {}
        for group, place, kind in places:
            self.full.setdefault(group, Counter())[kind] += 1
            start.setdefault(place, Counter())[kind] += 1
        self.worlds: dict[_World, Fraction] = {
            (tuple(sorted((p, (tuple(sorted(c.items())), ())) for p, c in start.items())), ()):
                Fraction(1)}

    def gather(self, g: Gather) -> None:
        """Every card of the group, shuffled face down into ``g.target``."""
        out: dict[_World, Fraction] = {}
        for (places, unseen), w in self.worlds.items():
            edited: dict[str, _Place] = {}
            for name, (known, unknown) in places:
                edited[name] = (tuple((k, n) for k, n in known if self.group_of[k] != g.group),
                                tuple((q, n) for q, n in unknown if q != g.group))
            known, unknown = edited.get(g.target, ((), ()))
            size = sum(self.full[g.group].values())
            edited[g.target] = (known, tuple(sorted((*unknown, (g.group, size)))))
            left = Counter({k: n for k, n in unseen if self.group_of[k] != g.group})
            left.update(self.full[g.group])
            key = (_places(edited), tuple(sorted(left.items())))
            out[key] = out.get(key, Fraction(0)) + w
        self.worlds = out

    def move(self, m: CardMove) -> None:
        """One card from ``m.source`` to ``m.target``, its face seen by the seat or not."""
        seen = m.seen is None or self.seat in m.seen
        out: dict[_World, Fraction] = {}
        for (places, unseen), w in self.worlds.items():
            edited = dict(places)
            known, unknown = (Counter(dict(x)) for x in edited.get(m.source, ((), ())))
            hidden = Counter(dict(unseen))
            total = sum(n for k, n in hidden.items() if self.group_of[k] == m.group)
            options: list[tuple[Fraction, str | None, str | None]] = []
            if seen:  # (weight, known kind taken, unknown kind resolved)
                if known[m.kind]:
                    options.append((Fraction(known[m.kind]), m.kind, None))
                if unknown[m.group] and hidden[m.kind]:
                    options.append((Fraction(unknown[m.group] * hidden[m.kind], total),
                                    None, m.kind))
            else:
                options += [(Fraction(n), k, None) for k, n in sorted(known.items())
                            if n and self.group_of[k] == m.group]
                if unknown[m.group]:
                    options.append((Fraction(unknown[m.group]), None, None))
            for weight, taken, resolved in options:
                k2, u2, h2 = Counter(known), Counter(unknown), Counter(hidden)
                if taken is not None:
                    k2[taken] -= 1
                else:
                    u2[m.group] -= 1
                if resolved is not None:
                    h2[resolved] -= 1
                new = dict(edited)
                new[m.source] = _place(k2, u2)
                tk, tu = (Counter(dict(x)) for x in new.get(m.target, ((), ())))
                face = taken if taken is not None else resolved
                if face is not None:
                    tk[face] += 1
                else:
                    tu[m.group] += 1
                new[m.target] = _place(tk, tu)
                key = (_places(new), tuple(sorted((k, n) for k, n in h2.items() if n)))
                out[key] = out.get(key, Fraction(0)) + w * weight
        self.worlds = out

    def deck(self, place: str) -> dict[Deck, Fraction]:
        """The cards in ``place``: each possible content with its posterior probability."""
        out: dict[Deck, Fraction] = {}
        for (places, unseen), w in self.worlds.items():
            known, unknown = dict(places).get(place, ((), ()))
            parts: list[tuple[Counter[str], Fraction]] = [(Counter(dict(known)), w)]
            for group, count in unknown:
                pool = tuple((k, n) for k, n in unseen if self.group_of[k] == group)
                ways = math.comb(sum(n for _, n in pool), count)
                parts = [(base + Counter(dict(sub)), pw * Fraction(n, ways))
                         for base, pw in parts for sub, n in subsets(pool, count)]
            for cards, pw in parts:
                key = tuple(sorted((k, n) for k, n in cards.items() if n))
                out[key] = out.get(key, Fraction(0)) + pw
        total = sum(out.values(), Fraction(0))
        return {d: p / total for d, p in out.items() if p}


def _place(known: Counter[str], unknown: Counter[str]) -> _Place:
    return (tuple(sorted((k, n) for k, n in known.items() if n)),
            tuple(sorted((g, n) for g, n in unknown.items() if n)))


def _places(places: Mapping[str, _Place]) -> tuple[tuple[str, _Place], ...]:
    return tuple(sorted((p, c) for p, c in places.items() if c[0] or c[1]))


def deck_posterior(history: Any, seat: int, flow: CardFlow,
                   to_data: Callable[[Any], Mapping[str, Any]]) -> dict[Deck, Fraction]:
    """The racing deck's content at the end of ``history`` as ``seat`` may know it.

    Each possible content (kind, count) with its exact posterior probability
    (the convention of :func:`kernel.resample`, see the module docstring).
    The card flow is followed from the state before the last step that tells
    a :data:`RESET` event (the current leg's reset), or from the initial state.
    """
    steps = history.steps
    first = 0
    for i in range(len(steps) - 1, -1, -1):
        if any(e.kind == RESET for e in steps[i].events):
            first = i
            break
    before = to_data(history.initial if first == 0 else steps[first - 1].state)
    places = list(flow.places(before))
    groups = {kind: group for group, _, kind in places}
    worlds = _Worlds(seat, groups, places)
    for st in steps[first:]:
        after = to_data(st.state)
        for m in flow.moves(before, st.action, st.events, after):
            if isinstance(m, Gather):
                worlds.gather(m)
            else:
                worlds.move(m)
        before = after
    return worlds.deck(DECK_PLACE)


# --------------------------------------------------------------------------
# the rest of the leg


def leg_odds(g: CardGame, table: Table, decks: Mapping[Deck, Fraction]) -> LegOdds:
    """The exact odds of the rest of the leg from the board of ``table`` (its camels,
    figures and track), the racing deck being each of ``decks`` with its
    probability and revealed to the end in a uniformly random order."""
    kinds = sorted({k for d in decks for k, _ in d})
    index = {k: i for i, k in enumerate(kinds)}
    scale = math.lcm(*(p.denominator for p in decks.values()))
    contents: list[list[int]] = []
    weights: list[int] = []
    for d, p in decks.items():
        counts = [0] * len(kinds)
        for k, n in d:
            counts[index[k]] = n
        contents.append(counts)
        weights.append(int(p * scale))
    size = sum(contents[0]) if contents else 0
    # cards shown so far, by kind -> (the decks that can show them, each deck's
    # P(deck) x scale x the falling factorials (cards of a kind)_(shown of it)):
    # an ordered prefix of reveals showing them has probability
    # sum / (scale x (cards)_(shown)), whatever its order
    shown_by: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {
        (0,) * len(kinds): (tuple(range(len(contents))), tuple(weights))}

    def extend(shown: tuple[int, ...], i: int) -> tuple[int, ...] | None:
        """``shown`` and one more card of kind ``i``, if some deck can show it."""
        more = (*shown[:i], shown[i] + 1, *shown[i + 1:])
        found = shown_by.get(more)
        if found is None:
            had, w = shown_by[shown]
            left = [(j, x * (contents[j][i] - shown[i])) for j, x in zip(had, w, strict=True)
                    if contents[j][i] > shown[i]]
            found = shown_by[more] = (tuple(j for j, _ in left), tuple(x for _, x in left))
        return more if found[0] else None

    def chance(shown: tuple[int, ...]) -> Fraction:
        return Fraction(sum(shown_by[shown][1]), scale * math.perm(size, sum(shown)))

    finish = g.camel.track_length(table.track) + 1
    racing = len(g.colours)
    moves: dict[tuple[Board, int], tuple[Board, bool]] = {}
    scratch: list[Event] = []

    def step(board: Board, kind: str) -> tuple[Board, bool]:
        pos, height, palm, fennec = board
        if g.steps_now is None:
            steps = g.card_steps[kind]
        else:
            table.pos, table.height = pos, height
            steps = g.steps_now(table, kind, scratch)
            scratch.clear()
        if not steps:
            return board, False
        m = g.camel.move(pos, height, g.card_camel[kind], steps, palm, fennec, finish)
        over = m.target == finish and m.unit != (g.crazy,)
        return (m.pos, m.height, m.palm, m.fennec), over

    ranked: dict[Board, tuple[int, ...]] = {}

    def rank(board: Board) -> tuple[int, ...]:
        found = ranked.get(board)
        if found is None:
            found = ranked[board] = g.camel.ranks(board[0], board[1])[:racing]
        return found

    # (board, cards shown so far by kind) -> the number of orders of those cards
    # that lead to the board; the probability of each order is chance(shown)
    start: Board = (table.pos, table.height, table.palm, table.fennec)
    level: dict[tuple[Board, tuple[int, ...]], int] = {(start, (0,) * len(kinds)): 1}
    done: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    ended: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    for _ in range(size):
        nxt: dict[tuple[Board, tuple[int, ...]], int] = {}
        for (board, shown), n in level.items():
            for i in range(len(kinds)):
                more = extend(shown, i)
                if more is None:
                    continue
                found = moves.get((board, i))
                if found is None:
                    found = moves[(board, i)] = step(board, kinds[i])
                after, over = found
                if over:
                    key = (rank(after), more)
                    ended[key] = ended.get(key, 0) + n
                else:
                    nxt[(after, more)] = nxt.get((after, more), 0) + n
        level = nxt
    for (board, shown), n in level.items():
        key = (rank(board), shown)
        done[key] = done.get(key, 0) + n
    return _odds(racing, {k: n * chance(k[1]) for k, n in done.items()},
                 {k: n * chance(k[1]) for k, n in ended.items()})


def _odds(racing: int, done: Mapping[tuple[tuple[int, ...], tuple[int, ...]], Fraction],
          ended: Mapping[tuple[tuple[int, ...], tuple[int, ...]], Fraction]) -> LegOdds:
    """The places from the probabilities of (ranks, cards shown) at the leg's end
    (``done``) and at the race's end (``ended``)."""
    total_ended = sum(ended.values(), Fraction(0))

    def places(weights: Mapping[tuple[tuple[int, ...], tuple[int, ...]], Fraction]
               ) -> list[list[Fraction]]:
        out = [[Fraction(0)] * racing for _ in range(racing)]
        for (ranks, _), p in weights.items():
            for c, r in enumerate(ranks):
                out[c][r - 1] += p
        return out

    both = places(done)
    if_ends = places(ended)
    for c, row in enumerate(if_ends):
        for r, p in enumerate(row):
            both[c][r] += p
    return LegOdds(
        tuple(tuple(row) for row in both),
        total_ended,
        tuple(tuple(p / total_ended if total_ended else Fraction(0) for p in row)
              for row in if_ends),
    )


def values(g: CardGame, table: Table, odds: LegOdds) -> dict[str, Fraction]:
    """The expected Pounds to a seat of each leg bet on offer (its card alone, paid at
    the leg's end or, if the race ends, in the final payout's leg part)."""
    out: dict[str, Fraction] = {}
    for c, colour in enumerate(g.colours):
        place = odds.place[c]
        if table.leaders[c]:
            top = table.leaders[c][-1]
            out[g.actions[("leg", colour)].text] = sum(
                (p * g.camel.leader_payout(top, r + 1) for r, p in enumerate(place)),
                Fraction(0))
        if table.midfield[c]:
            out[g.actions[("mid", colour)].text] = sum(
                (p * g.camel.midfield_payout(r + 1) for r, p in enumerate(place)), Fraction(0))
    return out


def in_play(state: Any) -> bool:
    """Whether ``state`` is in a leg's play (its racing deck complete, the race on): where
    :func:`seat_odds` gives odds."""
    return bool(state.phase in (PLAY, DRAW))


def seat_odds(g: CardGame, history: Any, seat: int, reading: str, flow: CardFlow,
              to_data: Callable[[Any], Mapping[str, Any]],
              thaw: Callable[[Any], Table]) -> SeatOdds | None:
    """``kernel.seat_odds`` for a camel card game: None unless the last state of
    ``history`` is in a leg's play (its racing deck complete, the race on)."""
    state = history.final
    if not in_play(state):
        return None
    decks = deck_posterior(history, seat, flow, to_data)
    table = thaw(state)
    odds = leg_odds(g, table, decks)
    return SeatOdds(
        reading=reading,
        places=tuple(zip(g.colours, odds.place, strict=True)),
        race_ends=odds.race_ends,
        values=tuple(sorted(values(g, table, odds).items())),
    )

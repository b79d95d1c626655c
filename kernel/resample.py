"""A whole history drawn from what one seat has seen (OpenSpiel's ``ResampleFromInfostate``).

:func:`resample` takes a finished or unfinished history (a :class:`kernel.Trace`)
and a seat, and returns another history of the same game, configuration and
length, drawn from the exact posterior given everything the seat has seen, so
that ``kernel.information_state(result, seat) == kernel.information_state(history,
seat)``. Its steps are real kernel steps: each action is applied by ``apply``
from the same initial state (states and events are the kernel's own).

The posterior ("physical cards")
================================

Every card is a physical object. A place that holds cards face down (a deck, a
hand, a discard pile) is a heap: a card drawn from it by chance is any of its
cards with equal probability, which is what every game's chance outcomes say
(a kind's probability is its count over the heap's size). A seat's choice is
a choice of physical cards, and the convention for the choices of the other
seats is that each possible choice of physical cards counts once: choosing a
card of a kind the chooser held ``m`` of counts ``m`` times, playing ``k``
cards of a kind it held ``m`` of counts ``C(m, k)`` times, whatever the kind.
Nothing else is assumed about how another seat plays (its choices carry no
information beyond the cards they show). The posterior is then the uniform
distribution over the histories of physical cards that agree with what the
seat saw; in terms of the kernel's actions (kinds of cards), a history ``h``
consistent with the seat's information state has probability proportional to

    product of its chance outcomes' exact probabilities
    x product over the other seats' card choices of C(cards of that kind held, cards moved)

(the seat's own choices are fixed by what it saw and count the same in every
consistent history). ``tests/test_resample.py`` checks this by brute force on
small positions: it enumerates the consistent histories with exactly these
weights and compares the frequencies of many draws (chi-squared).

How it is drawn
===============

A game describes its cards with :class:`kernel.plugin.CardFlow` (``GameHooks.
card_flow``): where each card is at the start and which cards each step moves,
from which place to which, and who sees their faces (a game-specific module
``kernel/games/<package>/resample.py``). The sampler tracks classes of cards
in each place: a card whose face the seat knows, or an unknown card of a *pool*.
A pool is a set of face-down cards of known composition in uniformly random
order: the cards of a gathered and shuffled deck (:class:`kernel.plugin.Gather`)
or known cards a seat can no longer tell apart once a face-down card is taken
from among them (a reshuffled discard pile). Which class each card taken from a
mixed heap belongs to (a revealed card from the racing deck: one the seat put
in itself, or one of another seat's?) is the only hidden choice whose weight
is not uniform; the sampler sums over it exactly (a forward pass over the
history with the classes of each mixed heap as its state, independent heaps
kept apart and combined by convolution at the end, each pool weighted by its
number of arrangements), draws it backwards, then picks the physical cards
uniformly within their classes, arranges every pool's unseen cards uniformly,
and rewrites the actions that name cards (a draw naming its card) with the kinds drawn.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from kernel.api import Step, Trace, game_info, information_state
from kernel.core import Action, Applied, PlainData
from kernel.plugin import CardFlow, CardMove, Gather
from kernel.registry import GameInfo

__all__ = ["ResampleError", "card_moves", "resample"]


class ResampleError(RuntimeError):
    """The history cannot be resampled (no card flow, or a flow that contradicts the kernel)."""


# --------------------------------------------------------------------------
# classes of cards

#: A class of cards in a place: ("k", group, kind) a card whose face the seat
#: knows, or ("p", pool id) an unknown card of that pool.
Cls = tuple[Any, ...]
Counts = tuple[tuple[Cls, int], ...]
Key = tuple[tuple[Counts, ...], tuple[tuple[tuple[int, str], int], ...]]


def _known(group: str, kind: str) -> Cls:
    return ("k", group, kind)


def _group_of(cls: Cls, pools: Sequence[_Pool]) -> str:
    return str(cls[1]) if cls[0] == "k" else pools[cls[1]].group


@attrs.define
class _Pool:
    group: str
    composition: Counter[str]

    @property
    def size(self) -> int:
        return sum(self.composition.values())


def _arrangements(pool: _Pool, revealed: Mapping[str, int]) -> int:
    """Ways to lay the pool's unrevealed kinds on its unrevealed cards (0: impossible)."""
    left = 0
    denominator = 1
    for kind, n in pool.composition.items():
        rest = n - revealed.get(kind, 0)
        if rest < 0:
            return 0
        left += rest
        denominator *= math.factorial(rest)
    if any(k not in pool.composition for k, v in revealed.items() if v):
        return 0
    return math.factorial(left) // denominator


def _pick(weighted: Sequence[tuple[Any, int]], rng: random.Random) -> Any:
    """An item drawn with probability proportional to its (integer) weight."""
    total = sum(w for _, w in weighted)
    if total <= 0:
        raise ResampleError("no consistent history (a card flow contradicts the kernel)")
    r = rng.randrange(total)
    for item, w in weighted:
        if r < w:
            return item
        r -= w
    raise AssertionError("unreachable")


# --------------------------------------------------------------------------
# the moves of a history


#: The three kinds of bookkeeping operations.
TAKE: Final = "take"
GATHER: Final = "gather all"
POOL: Final = "pool"


@attrs.frozen
class _Op:
    """One step of the card bookkeeping: a move, a gather or a conversion."""

    what: str  # TAKE, GATHER or POOL
    index: int = -1  # the move's index (moves only)
    move: CardMove | None = None
    group: str = ""
    place: str = ""
    pool: int = -1
    label: Any = None  # a move's class when it was certain


def card_moves(history: Trace) -> list[tuple[int, CardMove | Gather]]:
    """Every card move and gather of a history, as (step index, move), from the
    game's :class:`kernel.plugin.CardFlow` (ResampleError when it has none)."""
    info = game_info(history.game)
    flow = info.hooks.card_flow
    if flow is None:
        raise ResampleError(f"{info.id} has no card flow (GameHooks.card_flow): "
                            f"its hidden information cannot be resampled")
    out: list[tuple[int, CardMove | Gather]] = []
    before = info.to_data(history.initial)
    for t, st in enumerate(history.steps):
        after = info.to_data(st.state)
        for m in flow.moves(before, st.action, st.events, after):
            out.append((t, m))
        before = after
    return out


# --------------------------------------------------------------------------
# the forward pass: classes of cards per place, summed over the hidden choices


@attrs.define
class _Layer:
    """One move inside a component: new key -> [(old key, weight, label)]."""

    index: int  # the move's index (-1: a re-keying or a merge)
    before: dict[Key, int]  # forward weights of the keys before it
    trans: dict[Key, list[tuple[Any, int, Any]]]


@attrs.define
class _Component:
    """Places whose classes of cards are uncertain, with a weighted set of keys.

    A key is (the class counts of each of ``places``, the pool reveals this
    component accounts for). ``parents``: the components merged into it.
    """

    places: list[str]
    states: dict[Key, int]
    layers: list[_Layer] = attrs.field(factory=list)
    parents: list[_Component] = attrs.field(factory=list)
    start: dict[Key, list[tuple[tuple[Key, ...], int]]] = attrs.field(factory=dict)


def _freeze(counts: Mapping[Cls, int]) -> Counts:
    return tuple(sorted(((c, n) for c, n in counts.items() if n), key=repr))


def _add_reveal(reveals: tuple[tuple[tuple[int, str], int], ...], pool: int,
                kind: str) -> tuple[tuple[tuple[int, str], int], ...]:
    d = dict(reveals)
    d[(pool, kind)] = d.get((pool, kind), 0) + 1
    return tuple(sorted(d.items()))


class _Forward:
    """The forward pass for one seat over a history's card moves."""

    def __init__(self, info: GameInfo, seat: int, places: Iterable[tuple[str, str, str]]) -> None:
        self.info = info
        self.seat = seat
        self.pools: list[_Pool] = []
        self.base: dict[str, Counter[Cls]] = {}
        self.base_reveals: Counter[tuple[int, str]] = Counter()
        self.comp_of: dict[str, _Component] = {}
        self.components: list[_Component] = []  # every component ever made
        self.ops: list[_Op] = []
        self.full: dict[str, Counter[str]] = {}  # every card of each group, by kind
        for group, place, kind in places:
            self.base.setdefault(place, Counter())[_known(group, kind)] += 1
            self.full.setdefault(group, Counter())[kind] += 1

    # ---- helpers

    def _place_counts(self, place: str) -> Counter[Cls]:
        return self.base.setdefault(place, Counter())

    def _new_pool(self, group: str, composition: Counter[str]) -> int:
        self.pools.append(_Pool(group, Counter(composition)))
        return len(self.pools) - 1

    def _seen(self, m: CardMove) -> bool:
        return m.seen is None or self.seat in m.seen

    def _options(self, counts: Mapping[Cls, int], m: CardMove,
                 reveals: Mapping[tuple[int, str], int]) -> list[tuple[Any, int, Cls, Any]]:
        """(label, weight, class after the move, reveal or None) for each card it can be."""
        out: list[tuple[Any, int, Cls, Any]] = []
        seen = self._seen(m)
        faces = m.shows or (m.kind,)
        for cls, n in counts.items():
            if n <= 0 or _group_of(cls, self.pools) != m.group:
                continue
            if not seen:
                out.append(((cls, None), n, cls, None))
            elif cls[0] == "k":
                if cls[2] in faces:
                    out.append(((cls, None), n, cls, None))
            else:
                pool = self.pools[cls[1]]
                for face in faces:
                    used = self.base_reveals[(cls[1], face)] + reveals.get((cls[1], face), 0)
                    if pool.composition.get(face, 0) > used:
                        out.append(((cls, face), n, _known(m.group, face), (cls[1], face)))
        out.sort(key=repr)
        return out

    # ---- components

    def _component(self, places: list[str]) -> _Component:
        counts = tuple(_freeze(self.base.pop(p, Counter())) for p in places)
        comp = _Component(list(places), {(counts, ()): 1})
        for p in places:
            self.comp_of[p] = comp
        self.components.append(comp)
        return comp

    def _merge(self, a: _Component, b: _Component) -> _Component:
        states: dict[Key, int] = {}
        start: dict[Key, list[tuple[tuple[Key, ...], int]]] = {}
        for ka, wa in a.states.items():
            for kb, wb in b.states.items():
                reveals: Counter[tuple[int, str]] = Counter(dict(ka[1]))
                reveals.update(dict(kb[1]))
                key: Key = (ka[0] + kb[0], tuple(sorted(reveals.items())))
                states[key] = states.get(key, 0) + wa * wb
                start.setdefault(key, []).append(((ka, kb), wa * wb))
        comp = _Component(a.places + b.places, states, parents=[a, b], start=start)
        for p in comp.places:
            self.comp_of[p] = comp
        self.components.append(comp)
        return comp

    def _join(self, comp: _Component, place: str) -> _Component:
        """``comp`` with ``place`` in it (its base counts, or its component merged)."""
        other = self.comp_of.get(place)
        if other is comp:
            return comp
        if other is not None:
            return self._merge(comp, other)
        counts = _freeze(self.base.pop(place, Counter()))
        states = {(k[0] + (counts,), k[1]): w for k, w in comp.states.items()}
        layer = _Layer(-1, dict(comp.states),
                       {(k[0] + (counts,), k[1]): [(k, 1, None)] for k in comp.states})
        comp.layers.append(layer)
        comp.places.append(place)
        comp.states = states
        self.comp_of[place] = comp
        return comp

    def _settle(self, comp: _Component) -> None:
        """Hand back to the base every place whose counts are the same in every key."""
        if not comp.places:
            return
        keys = list(comp.states)
        fixed = [i for i in range(len(comp.places))
                 if all(k[0][i] == keys[0][0][i] for k in keys)]
        if not fixed:
            return
        keep = [i for i in range(len(comp.places)) if i not in fixed]
        for i in fixed:
            place = comp.places[i]
            self.base[place] = Counter(dict(keys[0][0][i]))
            del self.comp_of[place]
        trans: dict[Key, list[tuple[Any, int, Any]]] = {}
        states: dict[Key, int] = {}
        for k, w in comp.states.items():
            new: Key = (tuple(k[0][i] for i in keep), k[1])
            trans.setdefault(new, []).append((k, 1, None))
            states[new] = states.get(new, 0) + w
        comp.layers.append(_Layer(-1, dict(comp.states), trans))
        comp.places = [comp.places[i] for i in keep]
        comp.states = states

    def _map_states(self, comp: _Component, place: str, change: Any) -> None:
        """Apply a change that is the same in every key to ``place``'s counts."""
        i = comp.places.index(place)
        trans: dict[Key, list[tuple[Any, int, Any]]] = {}
        states: dict[Key, int] = {}
        for k, w in comp.states.items():
            counts = Counter(dict(k[0][i]))
            change(counts)
            new: Key = ((*k[0][:i], _freeze(counts), *k[0][i + 1:]), k[1])
            trans.setdefault(new, []).append((k, 1, None))
            states[new] = states.get(new, 0) + w
        comp.layers.append(_Layer(-1, dict(comp.states), trans))
        comp.states = states

    def _edit(self, place: str, change: Any) -> None:
        comp = self.comp_of.get(place)
        if comp is None:
            change(self._place_counts(place))
        else:
            self._map_states(comp, place, change)

    # ---- the operations

    def gather(self, g: Gather) -> None:
        """Every card of the group to ``target``, shuffled: a new pool of the whole group."""
        pool = self._new_pool(g.group, self.full.get(g.group, Counter()))

        def drop(counts: Counter[Cls]) -> None:
            for cls in [c for c in counts if _group_of(c, self.pools) == g.group]:
                del counts[cls]

        for place in sorted({*self.base, *self.comp_of}):
            self._edit(place, drop)

        def put(counts: Counter[Cls]) -> None:
            counts[("p", pool)] = self.pools[pool].size

        self._edit(g.target, put)
        for comp in {id(c): c for c in self.comp_of.values()}.values():
            self._settle(comp)
        self.ops.append(_Op(GATHER, group=g.group, place=g.target, pool=pool))

    def _convert(self, place: str, group: str) -> None:
        """The known cards of ``group`` at a face-down ``place`` become a pool when a
        card is taken from among them unseen: the same distribution of what is taken
        afterwards, with one class instead of one per kind (so that the hands it
        goes to stay apart). Only when two kinds or more are there, the same in
        every key."""
        comp = self.comp_of.get(place)
        if comp is None:
            listed = [dict(self._place_counts(place))]
        else:
            i = comp.places.index(place)
            listed = [dict(k[0][i]) for k in comp.states]
        known = [{c[2]: n for c, n in d.items() if c[0] == "k" and c[1] == group and n}
                 for d in listed]
        if len(known[0]) < 2 or any(k != known[0] for k in known):
            return  # nothing to gain, or not the same cards in every key: kept as they are
        pool = self._new_pool(group, Counter(known[0]))

        def convert(counts: Counter[Cls]) -> None:
            for kind in known[0]:
                del counts[_known(group, kind)]
            counts[("p", pool)] += self.pools[pool].size

        self._edit(place, convert)
        self.ops.append(_Op(POOL, group=group, place=place, pool=pool))

    def move(self, index: int, m: CardMove) -> None:
        if m.source == m.target:
            raise ResampleError(f"card move {m} stays in place: reveal it into another place")
        if not self._seen(m):
            self._convert(m.source, m.group)
        comp = self.comp_of.get(m.source)
        if comp is None:
            options = self._options(self._place_counts(m.source), m, {})
            if not options:
                raise ResampleError(f"card flow: no card for {m} (the flow contradicts the "
                                    f"kernel)")
            if len(options) == 1:
                label, _, after, reveal = options[0]
                self.ops.append(_Op(TAKE, index, m, label=label))
                self._place_counts(m.source)[label[0]] -= 1
                self._edit(m.target, lambda c: c.update({after: 1}))
                if reveal is not None:
                    self.base_reveals[reveal] += 1
                return
            comp = self._component([m.source])
        self.ops.append(_Op(TAKE, index, m))
        self._step_in(comp, index, m)

    def _step_in(self, comp: _Component, index: int, m: CardMove) -> None:
        i = comp.places.index(m.source)
        per_key = {k: self._options(dict(k[0][i]), m, dict(k[1])) for k in comp.states}
        afters = {o[2] for opts in per_key.values() for o in opts}
        if len(afters) > 1 and m.target not in comp.places:
            comp = self._join(comp, m.target)
            i = comp.places.index(m.source)
            per_key = {k: self._options(dict(k[0][i]), m, dict(k[1])) for k in comp.states}
        inside = m.target in comp.places
        j = comp.places.index(m.target) if inside else -1
        trans: dict[Key, list[tuple[Any, int, Any]]] = {}
        states: dict[Key, int] = {}
        for k, w in comp.states.items():
            for label, n, after, reveal in per_key[k]:
                counts = list(k[0])
                src = Counter(dict(counts[i]))
                src[label[0]] -= 1
                counts[i] = _freeze(src)
                if inside:
                    dst = Counter(dict(counts[j]))
                    dst[after] += 1
                    counts[j] = _freeze(dst)
                reveals = k[1] if reveal is None else _add_reveal(k[1], *reveal)
                new: Key = (tuple(counts), reveals)
                trans.setdefault(new, []).append((k, n, label))
                states[new] = states.get(new, 0) + w * n
        if not states:
            raise ResampleError(f"card flow: no card for {m} in any hidden history")
        comp.layers.append(_Layer(index, dict(comp.states), trans))
        comp.states = states
        if not inside:
            (after,) = afters
            self._edit(m.target, lambda c: c.update({after: 1}))
        self._settle(comp)


# --------------------------------------------------------------------------
# drawing the hidden choices backwards


def _walk_back(comp: _Component, key: Key, labels: dict[int, Any], rng: random.Random) -> None:
    for layer in reversed(comp.layers):
        choices = [((old, label), layer.before[old] * w) for old, w, label in layer.trans[key]]
        key, label = _pick(choices, rng)
        if layer.index >= 0:
            labels[layer.index] = label
    if comp.parents:
        pairs = comp.start[key]
        chosen = _pick([(p, w) for p, w in pairs], rng)
        for parent, pkey in zip(comp.parents, chosen, strict=True):
            _walk_back(parent, pkey, labels, rng)


def _live(components: Iterable[_Component]) -> list[_Component]:
    """The components that were never merged into another (their keys are final)."""
    comps = list(components)
    merged = {id(p) for c in comps for p in c.parents}
    return [c for c in comps if id(c) not in merged]


def _draw_finals(fw: _Forward, rng: random.Random) -> dict[int, Any]:
    """A final key for every component, drawn jointly with the pools' arrangements;
    then every component walked back: the label of each move decided inside one."""
    comps = _live(fw.components)
    # the pools whose reveals differ between keys of a component tie components together
    varying: dict[int, set[int]] = {}
    for ci, comp in enumerate(comps):
        pools: set[int] = set()
        keys = list(comp.states)
        for (pool, kind) in {pk for k in keys for pk, _ in k[1]}:
            values = {dict(k[1]).get((pool, kind), 0) for k in keys}
            if len(values) > 1:
                pools.add(pool)
        varying[ci] = pools
    parent = list(range(len(comps)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    owner: dict[int, int] = {}
    for ci, pools in varying.items():
        for pool in pools:
            if pool in owner:
                parent[find(ci)] = find(owner[pool])
            else:
                owner[pool] = ci
    groups: dict[int, list[int]] = {}
    for ci in range(len(comps)):
        groups.setdefault(find(ci), []).append(ci)
    labels: dict[int, Any] = {}
    for members in groups.values():
        tied = sorted({p for ci in members for p in varying[ci]})
        fixed: Counter[tuple[int, str]] = Counter(
            {pk: n for pk, n in fw.base_reveals.items() if pk[0] in tied})
        for ci, comp in enumerate(comps):
            if ci not in members:
                some = next(iter(comp.states))
                fixed.update({pk: n for pk, n in some[1] if pk[0] in tied})
        finals = _draw_group([comps[ci] for ci in members], tied, fw, fixed, rng)
        for ci, key in zip(members, finals, strict=True):
            _walk_back(comps[ci], key, labels, rng)
    return labels


def _vector(key: Key, pools: Sequence[int]) -> tuple[tuple[tuple[int, str], int], ...]:
    wanted = set(pools)
    return tuple((pk, n) for pk, n in key[1] if pk[0] in wanted and n)


def _draw_group(comps: list[_Component], pools: list[int], fw: _Forward,
                fixed: Mapping[tuple[int, str], int], rng: random.Random) -> list[Key]:
    """Final keys of components tied by pools, drawn exactly.

    The weight of a choice of keys is the product of their forward weights
    times the number of arrangements of each pool given every reveal: relative
    to the reveals fixed elsewhere (``fixed``, and what every key of a
    component reveals anyway), a pool with ``M`` unrevealed cards of a kind
    and ``n`` in all that shows ``R`` more of that kind and ``T`` more in all
    has ``prod (M)_R / (n)_T`` times the arrangements. The components' extra
    reveals are convolved (counts packed in the fields of one integer; a sum
    that shows more cards of a kind than are left is dropped at once), the
    total is drawn with that weight, then each component's share and key.
    """
    fixed = Counter(fixed)
    reduced: list[dict[Key, dict[tuple[int, str], int]]] = []
    for comp in comps:
        vectors = {k: dict(_vector(k, pools)) for k in comp.states}
        floor = {pk: min(v.get(pk, 0) for v in vectors.values())
                 for pk in {pk for v in vectors.values() for pk in v}}
        fixed.update(floor)
        reduced.append({k: {pk: n - floor[pk] for pk, n in v.items() if n > floor[pk]}
                        for k, v in vectors.items()})
    left: dict[tuple[int, str], int] = {}
    size: dict[int, int] = {}
    for p in pools:
        pool = fw.pools[p]
        for kind, n in pool.composition.items():
            left[(p, kind)] = n - fixed.get((p, kind), 0)
        size[p] = pool.size - sum(n for (q, _), n in fixed.items() if q == p)
    if any(v < 0 for v in left.values()):
        raise ResampleError("no consistent history (a card flow contradicts the kernel)")
    dims = sorted({pk for vec in reduced for v in vec.values() for pk in v})
    caps = [left.get(pk, 0) for pk in dims]
    width = (2 * max(caps, default=0) + 1).bit_length() + 1
    tops = sum(1 << (width * i + width - 1) for i in range(len(dims)))
    lift = sum(((1 << (width - 1)) - 1 - c) << (width * i) for i, c in enumerate(caps))

    def pack(v: Mapping[tuple[int, str], int]) -> int | None:
        if any(v.get(pk, 0) > c for pk, c in zip(dims, caps, strict=True)):
            return None
        return sum(v.get(pk, 0) << (width * i) for i, pk in enumerate(dims))

    tables: list[dict[int, list[tuple[Key, int]]]] = []
    marginals: list[dict[int, int]] = []
    for comp, vec in zip(comps, reduced, strict=True):
        table: dict[int, list[tuple[Key, int]]] = {}
        for k, w in comp.states.items():
            code = pack(vec[k])
            if code is not None:
                table.setdefault(code, []).append((k, w))
        tables.append(table)
        marginals.append({c: sum(w for _, w in keys) for c, keys in table.items()})
    partial: list[dict[int, int]] = [{0: 1}]
    for m in marginals:
        acc: dict[int, int] = {}
        for a, wa in partial[-1].items():
            for b, wb in m.items():
                c = a + b
                if (c + lift) & tops:
                    continue  # more cards of some kind than are left
                acc[c] = acc.get(c, 0) + wa * wb
        partial.append(acc)
    mask = (1 << width) - 1

    def weight(code: int) -> int:  # prod (M)_R * (n - T)!  (proportional to the arrangements)
        out = 1
        shown = dict.fromkeys(pools, 0)
        for i, pk in enumerate(dims):
            r = (code >> (width * i)) & mask
            shown[pk[0]] += r
            out *= math.factorial(left[pk]) // math.factorial(left[pk] - r)
        for p in pools:
            if shown[p] > size[p]:
                return 0
            out *= math.factorial(size[p] - shown[p])
        return out

    total = _pick([(c, w * weight(c)) for c, w in partial[-1].items()], rng)
    finals: list[Key] = []
    for i in range(len(comps) - 1, -1, -1):
        prev = partial[i]
        share = _pick([(c, w * prev.get(total - c, 0)) for c, w in marginals[i].items()], rng)
        total -= share
        finals.append(_pick(tables[i][share], rng))
    finals.reverse()
    return finals


# --------------------------------------------------------------------------
# the cards themselves


@attrs.define
class _Card:
    group: str
    kind: str | None  # known face (None: a pool card not yet laid)
    pool: int = -1


def _cards_of_history(fw: _Forward, places: Iterable[tuple[str, str, str]],
                      labels: Mapping[int, Any], rng: random.Random) -> dict[int, str]:
    """Replays the bookkeeping with physical cards: each move takes a card of the class
    drawn, uniformly; then each pool's unseen cards are laid in uniform order.
    Returns each move's kind."""
    cards: list[_Card] = []
    at: dict[str, dict[Cls, list[int]]] = {}

    def cls_of(c: _Card) -> Cls:
        return _known(c.group, c.kind) if c.kind is not None else ("p", c.pool)

    def put(place: str, ci: int) -> None:
        at.setdefault(place, {}).setdefault(cls_of(cards[ci]), []).append(ci)

    for group, place, kind in places:
        cards.append(_Card(group, kind))
        put(place, len(cards) - 1)
    moved: dict[int, int] = {}
    seat_sees = fw._seen
    for op in fw.ops:
        if op.what == GATHER:
            for here in at.values():
                for cls in [c for c in here if _group_of(c, fw.pools) == op.group]:
                    del here[cls]
            for _ in range(fw.pools[op.pool].size):
                cards.append(_Card(op.group, None, op.pool))
                put(op.place, len(cards) - 1)
        elif op.what == POOL:
            here = at.setdefault(op.place, {})
            for cls in [c for c in here if c[0] == "k" and c[1] == op.group]:
                for _ in here.pop(cls):
                    cards.append(_Card(op.group, None, op.pool))
                    put(op.place, len(cards) - 1)
        else:
            m = op.move
            assert m is not None
            here = at.setdefault(m.source, {})
            cls, face = labels[op.index] if op.index in labels else op.label
            pile = here.get(cls)
            if not pile:
                raise ResampleError(f"card flow: no {cls} at {m.source} for {m}")
            ci = pile.pop(rng.randrange(len(pile)))
            if seat_sees(m) and cards[ci].kind is None:
                cards[ci].kind = face
            moved[op.index] = ci
            put(m.target, ci)
    # lay each pool's unseen cards
    for pid, pool in enumerate(fw.pools):
        members = [c for c in cards if c.pool == pid]
        left = Counter(pool.composition)
        left.subtract(Counter(c.kind for c in members if c.kind is not None))
        if any(v < 0 for v in left.values()):
            raise ResampleError("card flow: a pool shows more cards of a kind than it has")
        rest = [k for k, v in sorted(left.items()) for _ in range(v)]
        rng.shuffle(rest)
        blank = [c for c in members if c.kind is None]
        if len(rest) != len(blank):
            raise ResampleError("card flow: a pool's cards do not add up")
        for c, kind in zip(blank, rest, strict=True):
            c.kind = kind
    out: dict[int, str] = {}
    for index, ci in moved.items():
        face = cards[ci].kind
        assert face is not None
        out[index] = face
    return out


# --------------------------------------------------------------------------
# the public function


def _relabel(info: GameInfo, action: Action, swaps: Sequence[tuple[str, str]]) -> Action:
    """``action`` with the kinds it names replaced (old -> new, in order)."""
    values = list(action.values)
    for old, new in swaps:
        if old == new:
            continue
        for i, v in enumerate(values):
            if type(v) is str and v == old:
                values[i] = new
                break
        else:
            raise ResampleError(f"{action.text} does not name {old!r}")
    try:
        return info.vocabulary.get(action.kind, *values)
    except KeyError:
        raise ResampleError(f"no action {action.kind} {values}") from None


#: Checking the information state of every result costs about as much as the replay.
CHECK: Final = True


def resample(history: Trace, seat: int, rng: random.Random, *,
             seen: Mapping[str, PlainData] | None = None) -> Trace:
    """A whole history drawn from the exact posterior given what ``seat`` has seen.

    The result has the same game, configuration, seed and length, and
    ``information_state(result, seat) == information_state(history, seat)``;
    its steps are applied by ``apply`` from the same initial state. The
    posterior weighs chance outcomes by their exact probabilities and counts
    each possible choice of physical cards of another seat once (see the module
    docstring). All randomness comes from ``rng``. Raises ResampleError for a
    game without a card flow (``GameHooks.card_flow``), ValueError for a seat
    that is not in the game.

    ``seen``, when given, must be ``information_state(history, seat)``: a
    caller drawing several histories from one (a bot's worlds) computes it
    once; each result is still checked against it.
    """
    info = game_info(history.game)
    if type(seat) is not int or not 0 <= seat < info.seats(history.initial):
        raise ValueError(f"no seat {seat!r}")
    flow = info.hooks.card_flow
    if flow is None:
        raise ResampleError(f"{info.id} has no card flow (GameHooks.card_flow): "
                            f"its hidden information cannot be resampled")
    kinds = _draw_kinds(info, flow, history, seat, rng)
    actions = _rewrite(info, flow, history, kinds)
    result = _replay(info, history, actions)
    if CHECK and information_state(result, seat) != (
            information_state(history, seat) if seen is None else seen):
        raise ResampleError(f"{info.id}: the resampled history shows seat {seat} something "
                            f"else (the game's card flow misses something the seat sees)")
    return result


def _draw_kinds(info: GameInfo, flow: CardFlow, history: Trace, seat: int,
                rng: random.Random) -> dict[int, tuple[int, CardMove, str]]:
    """For every card move: (step, move, the kind drawn for it)."""
    places = list(flow.places(info.to_data(history.initial)))
    fw = _Forward(info, seat, places)
    moves = card_moves(history)
    index_of: dict[int, tuple[int, CardMove]] = {}
    for t, m in moves:
        if isinstance(m, Gather):
            fw.gather(m)
        else:
            index_of[len(index_of)] = (t, m)
            fw.move(len(index_of) - 1, m)
    labels = _draw_finals(fw, rng)
    kinds = _cards_of_history(fw, places, labels, rng)
    return {i: (t, m, kinds[i]) for i, (t, m) in index_of.items()}


def _rewrite(info: GameInfo, flow: CardFlow, history: Trace,
             kinds: Mapping[int, tuple[int, CardMove, str]]) -> list[Action]:
    swaps: dict[int, list[tuple[str, str]]] = {}
    for t, m, kind in kinds.values():
        if m.named:
            swaps.setdefault(t, []).append((m.kind, kind))
    return [_relabel(info, st.action, swaps[t]) if t in swaps else st.action
            for t, st in enumerate(history.steps)]


def _replay(info: GameInfo, history: Trace, actions: Sequence[Action]) -> Trace:
    state = history.initial
    steps: list[Step] = []
    for action in actions:
        actor = info.current_actor(state)
        result = info.apply(state, action)
        if not isinstance(result, Applied):
            raise ResampleError(f"{info.id}: the resampled action {action.text} was refused "
                                f"({result.rule}: {result.reason})")
        steps.append(Step(actor, action, result.events, result.state))
        state = result.state
    return Trace(history.game, history.version, dict(history.config), history.seed,
                 history.initial, tuple(steps))


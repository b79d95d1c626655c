"""Fixed-shape tensors of what a seat sees, for the framework adapters (issue 15).

Two tensors per game and configuration, both flat lists of floats of a fixed
length:

- the **observation tensor** of a seat is built from ``kernel.observation(state,
  seat)`` and nothing else, so it holds nothing the seat may not see;
- the **information-state tensor** is built from ``kernel.information_state(
  history, seat)`` and nothing else: the seat's perfect-recall view.

A game describes its observation's layout through the plug-in surface
(``GameInfo.tensor``, a function of the configuration, implemented in the
game's ``tensor.py``); this module names no game. The layout is plain data
built from these forms:

=============================  ===============================================
form                           floats, and what they hold
=============================  ===============================================
``"bool"``                     1: 1.0 for true
``("int", lo, hi)``            hi - lo + 1: one-hot of an integer in lo..hi
``("num",)``                   1: the integer itself (unbounded counts, money)
``("enum", (a, b, ...))``      one-hot of one of the listed values
``("const", value)``           none: the value is fixed by the configuration
``("opt", form)``              1 + form: a presence flag, then the value (None:
                               all zero)
``("list", n, form)``          n x (1 + form): at most n items in order, each
                               with a presence flag
``("array", n, form)``         n x form: exactly n items (one per seat ...)
``("bag", (a, b, ...))``       one count per listed value: a multiset, which
                               the observation lists sorted in that order
``("count", (a, b, ...))``     one count per listed value: a multiset listed
                               in any order (the order is not kept)
``("text", n, "ABC")``         n x len("ABC"): a string of at most n letters,
                               one-hot per letter
``("tail", n, form)``          1 + n x (1 + form): a list without a bound
                               under the rules: its length, then its last n
                               items in order
``("dict", {key: form})``      the forms of exactly these keys, in sorted key
                               order
=============================  ===============================================

The whole layout is a ``"dict"`` form: its keys name the pieces of the tensor
(OpenSpiel's observer ``dict``). Encoding checks every value against its form
(an unknown key, a value out of range, an unsorted bag raise ValueError), so a
layout that falls behind its game's observation fails loudly in the tests;
:func:`decode` reads a tensor back, which proves that the tensor determines
the observation (except the items a ``tail`` leaves out).

A layout is compiled once per game and configuration (:func:`encoder`): each
form becomes a small function listing the tensor's nonzero entries
(:meth:`Encoder.sparse`), with fast paths for lists and arrays of one-hot
items. Across a game's steps, a :class:`Memo` keeps one tensor up to date,
encoding again only the top-level keys whose values changed (the adapters'
per-step path; the same tensor as :meth:`Encoder.observation`). This module
needs no NumPy: a memo's tensor is a float32 ``array.array``.

A game's layout may come with a third part, its **memory** (``("dict", {...},
{"places": (...), "classes": (...)})``): the places of its card flow
(:class:`kernel.plugin.CardFlow`) a seat remembers cards in, and the classes
of cards it can tell apart, and optionally ``"log": {"places": {place: bool},
"rows": n}``: the places whose moves it also remembers in order (with their
moves out, or only in), n rows each (see :class:`Ledger`); and optionally
``"derived": (kind, ...)``: the event kinds that, seen whole within a step that
hides something from the seat, follow from what it saw before and the step's
other events (the information-state string leaves them out). A top-level form
``("private", form)`` marks a key only the seat sees (its hand, its face-down
choices): the private-only observation holds these and ``seat``, the
public-only one every other key.

The information-state tensor (at most 4,096 floats for every registered game,
issue 27) is the observation tensor of the seat's observation now, then its
:class:`Ledger`: per listed place and class, how many cards it saw go in and
come out since their group was last gathered; then, per logged place, how
many rows its log has and its last n rows (the moves in order from the first
card of a second batch on, where order changes the posterior). The information-state string
(:func:`information_state_string`) is exact and short: the seat's steps, each
an action id when the seat saw all of it, else its events as the seat saw
them in a compact self-delimiting form, each string, event shape and
parenthesis written once and then referred to by number.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from functools import lru_cache
from itertools import compress, count
from operator import ne
from typing import Any, Final

import kernel
from kernel.core import Action, PlainData

#: The bound on a game's steps (chance included) the adapters use when a game
#: has none (``GameInfo.max_game_length`` is None): a game still running after
#: this many steps is cut short (see :mod:`kernel.adapters.openspiel`). Random
#: play ends far sooner (the longest of 40 seeded random games per game,
#: variant and fewest/most players took 672 steps).
DEFAULT_MAX_STEPS: Final = 2000

#: The version of the adapters' encodings: the tensor layouts' grammar and every
#: game's layout (``tensor.py``), the memory and the information-state string.
#: Bumped whenever any of them changes what a tensor or string holds or its
#: shape (1: issue 15's tensors; 2: issue 27's compact information states, the
#: memory's logs and the short strings). Part of PettingZoo's environment names
#: (:func:`kernel.adapters.pettingzoo.env_name`).
ENCODING_VERSION: Final = 2

Layout = Any
#: Where an encoding goes, sparse: the indices set to 1.0 ...
Ones = list[int]
#: ... and the (index, value) of every other nonzero entry (counts, numbers).
#: Each index of the tensor appears at most once in the two.
Nums = list[tuple[int, float]]
#: A compiled form's writer: ``emit(value, ones, nums, offset)`` appends the
#: value's entries, its tensor starting at ``offset`` (ValueError if the value
#: does not fit the form; the lists are then to be dropped).
Emit = Callable[[Any, Ones, Nums, int], None]

#: The largest magnitude of a ``num`` (exact in a float32).
NUM_LIMIT: Final = 2 ** 24


def _same(v: Any) -> Any:
    return v


class _Form:
    """A compiled layout form: its size, how to write a value, how to read it back."""

    __slots__ = ("decode", "emit", "exact", "kind", "look", "nest", "parts", "pieces", "project",
                 "size")

    def __init__(self, kind: str, size: int, emit: Emit,
                 decode: Callable[[Sequence[float], int], Any],
                 project: Callable[[Any], Any] | None = None,
                 look: tuple[type, dict[Any, int]] | None = None) -> None:
        self.kind = kind
        self.size = size
        self.emit = emit
        self.decode = decode
        self.project: Callable[[Any], Any] = project or _same
        #: A one-hot form (int, enum of one value type): the type of its values
        #: and each value's index; the containers' fast path (an item that
        #: misses it goes through ``emit``, which says why it does not fit).
        self.look = look
        #: A list of one-hot items: (most items, floats per item, the items'
        #: ``look``), for the containers' fast path.
        self.nest: tuple[int, int, type, dict[Any, int]] | None = None
        #: Whether values equal under ``==`` always get the same tensor (not so
        #: for a form whose values include both ``1`` and ``True``, say).
        self.exact = True
        #: A dict form's parts: (key, form, offset) in order.
        self.parts: tuple[tuple[str, _Form, int], ...] = ()
        #: A dict form's parts: (key, offset, size) in order.
        self.pieces: tuple[tuple[str, int, int], ...] = ()


def _fail(where: str, message: str) -> ValueError:
    return ValueError(f"tensor layout: {where or 'observation'}: {message}")


def _reject(form: _Form, value: Any, where: str) -> ValueError:
    """The error of a value that missed a fast path: the form's own message."""
    try:
        form.emit(value, [], [], 0)
    except ValueError as exc:
        return exc
    return _fail(where, f"does not fit: {value!r}")  # pragma: no cover (emit agrees)


def _is_int(v: object) -> bool:
    return type(v) is int


def _compile(form: Layout, where: str) -> _Form:
    """Compile one layout form (ValueError for a malformed layout)."""
    if form == "bool":
        return _bool(where)
    if not isinstance(form, tuple) or not form or not isinstance(form[0], str):
        raise _fail(where, f"not a layout form: {form!r}")
    kind, args = form[0], form[1:]
    builder = _BUILDERS.get(kind)
    if builder is None:
        raise _fail(where, f"unknown layout form {kind!r}")
    return builder(args, where)


def _bool(where: str) -> _Form:
    def emit(v: Any, ones: Ones, nums: Nums, off: int) -> None:
        if type(v) is not bool:
            raise _fail(where, f"expected true or false, got {v!r}")
        if v:
            ones.append(off)

    return _Form("bool", 1, emit, lambda t, off: t[off] >= 0.5)


def _int(args: tuple[Any, ...], where: str) -> _Form:
    lo, hi = args
    if not (_is_int(lo) and _is_int(hi) and lo <= hi):
        raise _fail(where, f"int form needs lo <= hi, got {args!r}")

    def emit(v: Any, ones: Ones, nums: Nums, off: int) -> None:
        if type(v) is not int or not lo <= v <= hi:
            raise _fail(where, f"expected an integer in {lo}..{hi}, got {v!r}")
        ones.append(off + v - lo)

    def dec(t: Sequence[float], off: int) -> Any:
        return lo + _hot(t, off, hi - lo + 1, where)

    return _Form("int", hi - lo + 1, emit, dec,
                 look=(int, {v: v - lo for v in range(lo, hi + 1)}))


def _hot(t: Sequence[float], off: int, n: int, where: str) -> int:
    hits = [i for i in range(n) if t[off + i] >= 0.5]
    if len(hits) != 1:
        raise _fail(where, f"not one-hot: {list(t[off:off + n])}")
    return hits[0]


def _num(args: tuple[Any, ...], where: str) -> _Form:
    if args:
        raise _fail(where, "num form takes no arguments")

    def emit(v: Any, ones: Ones, nums: Nums, off: int) -> None:
        if type(v) is not int or not -NUM_LIMIT <= v <= NUM_LIMIT:
            raise _fail(where, f"expected an integer within +-2^24, got {v!r}")
        if v:
            nums.append((off, float(v)))

    return _Form("num", 1, emit, lambda t, off: int(t[off]))


def _choices(kind: str, args: tuple[Any, ...], where: str) -> tuple[
        tuple[Any, ...], dict[tuple[type, Any], int], tuple[type, dict[Any, int]] | None]:
    """An enum's or bag's values, their index by (type, value), and the fast
    lookup when they are all of one type (str, int or bool)."""
    (choices,) = args
    choices = tuple(choices)
    index = {(type(c), c): i for i, c in enumerate(choices)}
    if not choices or len(index) != len(choices):
        raise _fail(where, f"{kind} form needs distinct values, got {choices!r}")
    types = {type(c) for c in choices}
    one = types.pop() if len(types) == 1 else None
    look = (one, {c: i for i, c in enumerate(choices)}) if one in (str, int, bool) else None
    return choices, index, look


def _enum(args: tuple[Any, ...], where: str) -> _Form:
    choices, index, look = _choices("enum", args, where)

    def emit(v: Any, ones: Ones, nums: Nums, off: int) -> None:
        i = index.get((type(v), v)) if isinstance(v, str | int) else None
        if i is None:
            raise _fail(where, f"expected one of {list(choices)}, got {v!r}")
        ones.append(off + i)

    if look is not None:
        kind, table = look

        def emit_one(v: Any, ones: Ones, nums: Nums, off: int) -> None:
            i = table.get(v) if type(v) is kind else None
            if i is None:
                raise _fail(where, f"expected one of {list(choices)}, got {v!r}")
            ones.append(off + i)

        emit = emit_one

    form = _Form("enum", len(choices), emit,
                 lambda t, off: choices[_hot(t, off, len(choices), where)], look=look)
    form.exact = len(set(choices)) == len(choices)
    return form


def _const(args: tuple[Any, ...], where: str) -> _Form:
    (value,) = args

    def emit(v: Any, ones: Ones, nums: Nums, off: int) -> None:
        if type(v) is not type(value) or v != value:
            raise _fail(where, f"expected {value!r}, got {v!r}")

    return _Form("const", 0, emit, lambda t, off: value)


def _opt(args: tuple[Any, ...], where: str) -> _Form:
    (inner_form,) = args
    inner = _compile(inner_form, where)
    inner_emit = inner.emit

    def emit(v: Any, ones: Ones, nums: Nums, off: int) -> None:
        if v is not None:
            inner_emit(v, ones, nums, off + 1)
            ones.append(off)

    def dec(t: Sequence[float], off: int) -> Any:
        return inner.decode(t, off + 1) if t[off] >= 0.5 else None

    def project(v: Any) -> Any:
        return None if v is None else inner.project(v)

    form = _Form("opt", 1 + inner.size, emit, dec, project)
    form.exact = inner.exact
    return form


def _items(v: Any, where: str) -> list[Any]:
    if type(v) is not list:
        raise _fail(where, f"expected a list, got {v!r}")
    return v


def _list(args: tuple[Any, ...], where: str) -> _Form:
    n, inner_form = args
    inner = _compile(inner_form, where + "[]")
    inner_emit = inner.emit
    step = 1 + inner.size

    def emit(v: Any, ones: Ones, nums: Nums, off: int) -> None:
        if type(v) is not list:
            raise _fail(where, f"expected a list, got {v!r}")
        if len(v) > n:
            raise _fail(where, f"at most {n} items, got {len(v)}")
        for x in v:
            inner_emit(x, ones, nums, off + 1)
            ones.append(off)
            off += step

    if inner.look is not None:
        kind, table = inner.look

        def emit_hot(v: Any, ones: Ones, nums: Nums, off: int) -> None:
            if type(v) is not list:
                raise _fail(where, f"expected a list, got {v!r}")
            if len(v) > n:
                raise _fail(where, f"at most {n} items, got {len(v)}")
            for x in v:
                i = table.get(x) if type(x) is kind else None
                if i is None:
                    raise _reject(inner, x, where)
                ones.append(off)
                ones.append(off + 1 + i)
                off += step

        emit = emit_hot
    elif inner.nest is not None:
        m, inner_step, kind, table = inner.nest

        def emit_nest(v: Any, ones: Ones, nums: Nums, off: int) -> None:
            if type(v) is not list:
                raise _fail(where, f"expected a list, got {v!r}")
            if len(v) > n:
                raise _fail(where, f"at most {n} items, got {len(v)}")
            for x in v:
                if type(x) is not list or len(x) > m:
                    raise _reject(inner, x, where)
                ones.append(off)
                o = off + 1
                for y in x:
                    i = table.get(y) if type(y) is kind else None
                    if i is None:
                        raise _reject(inner, x, where)
                    ones.append(o)
                    ones.append(o + 1 + i)
                    o += inner_step
                off += step

        emit = emit_nest

    def dec(t: Sequence[float], off: int) -> Any:
        out = []
        for i in range(n):
            if t[off + i * step] < 0.5:
                break
            out.append(inner.decode(t, off + i * step + 1))
        return out

    form = _Form("list", n * step, emit, dec, lambda v: [inner.project(x) for x in v])
    form.exact = inner.exact
    if inner.look is not None:
        form.nest = (n, step, *inner.look)
    return form


def _array(args: tuple[Any, ...], where: str) -> _Form:
    n, inner_form = args
    inner = _compile(inner_form, where + "[]")
    inner_emit = inner.emit
    step = inner.size

    def emit(v: Any, ones: Ones, nums: Nums, off: int) -> None:
        if type(v) is not list:
            raise _fail(where, f"expected a list, got {v!r}")
        if len(v) != n:
            raise _fail(where, f"exactly {n} items, got {len(v)}")
        for x in v:
            inner_emit(x, ones, nums, off)
            off += step

    if inner.look is not None:
        kind, table = inner.look

        def emit_hot(v: Any, ones: Ones, nums: Nums, off: int) -> None:
            if type(v) is not list:
                raise _fail(where, f"expected a list, got {v!r}")
            if len(v) != n:
                raise _fail(where, f"exactly {n} items, got {len(v)}")
            for x in v:
                i = table.get(x) if type(x) is kind else None
                if i is None:
                    raise _reject(inner, x, where)
                ones.append(off + i)
                off += step

        emit = emit_hot
    elif inner.kind == "num":

        def emit_num(v: Any, ones: Ones, nums: Nums, off: int) -> None:
            if type(v) is not list:
                raise _fail(where, f"expected a list, got {v!r}")
            if len(v) != n:
                raise _fail(where, f"exactly {n} items, got {len(v)}")
            for x in v:
                if type(x) is not int or not -NUM_LIMIT <= x <= NUM_LIMIT:
                    raise _reject(inner, x, where)
                if x:
                    nums.append((off, float(x)))
                off += 1

        emit = emit_num
    elif inner.nest is not None:
        m, inner_step, kind, table = inner.nest

        def emit_nest(v: Any, ones: Ones, nums: Nums, off: int) -> None:
            if type(v) is not list:
                raise _fail(where, f"expected a list, got {v!r}")
            if len(v) != n:
                raise _fail(where, f"exactly {n} items, got {len(v)}")
            for x in v:
                if type(x) is not list or len(x) > m:
                    raise _reject(inner, x, where)
                o = off
                for y in x:
                    i = table.get(y) if type(y) is kind else None
                    if i is None:
                        raise _reject(inner, x, where)
                    ones.append(o)
                    ones.append(o + 1 + i)
                    o += inner_step
                off += step

        emit = emit_nest

    def dec(t: Sequence[float], off: int) -> Any:
        return [inner.decode(t, off + i * step) for i in range(n)]

    form = _Form("array", n * step, emit, dec, lambda v: [inner.project(x) for x in v])
    form.exact = inner.exact
    return form


def _bag(args: tuple[Any, ...], where: str) -> _Form:
    choices, index, look = _choices("bag", args, where)
    kind, table = look if look is not None else (None, {})

    def emit(v: Any, ones: Ones, nums: Nums, off: int) -> None:
        if type(v) is not list:
            raise _fail(where, f"expected a list, got {v!r}")
        last = -1
        count = 0
        for x in v:
            i = _item(x, kind, table, index, choices, where)
            if i != last:
                if i < last:
                    raise _fail(where, f"a bag's items come sorted as {list(choices)}; "
                                       f"got {v!r}")
                if count:
                    nums.append((off + last, float(count)))
                last = i
                count = 0
            count += 1
        if count:
            nums.append((off + last, float(count)))

    def dec(t: Sequence[float], off: int) -> Any:
        return [c for i, c in enumerate(choices) for _ in range(int(t[off + i]))]

    form = _Form("bag", len(choices), emit, dec)
    form.exact = len(set(choices)) == len(choices)
    return form


def _item(x: Any, kind: Any, table: Mapping[Any, int], index: Mapping[Any, int],
          choices: Sequence[Any], where: str) -> int:
    """The index of item ``x`` among a bag's or count's ``choices`` (or a clear failure)."""
    if type(x) is kind:
        i = table.get(x)
    else:
        i = index.get((type(x), x)) if isinstance(x, str | int) else None
    if i is None:
        raise _fail(where, f"expected items among {list(choices)}, got {x!r}")
    return i


def _count(args: tuple[Any, ...], where: str) -> _Form:
    """A multiset listed in any order (a seat's bets in the order taken): one count
    per listed value; the tensor keeps the counts, not the order (``project``
    sorts the items in the listed order)."""
    choices, index, look = _choices("count", args, where)
    kind, table = look if look is not None else (None, {})

    def emit(v: Any, ones: Ones, nums: Nums, off: int) -> None:
        if type(v) is not list:
            raise _fail(where, f"expected a list, got {v!r}")
        counts: dict[int, int] = {}
        for x in v:
            i = _item(x, kind, table, index, choices, where)
            counts[i] = counts.get(i, 0) + 1
        for i, c in counts.items():
            nums.append((off + i, float(c)))

    def dec(t: Sequence[float], off: int) -> Any:
        return [c for i, c in enumerate(choices) for _ in range(int(t[off + i]))]

    def project(v: Any) -> Any:
        return sorted(v, key=lambda x: index[(type(x), x)])

    form = _Form("count", len(choices), emit, dec, project)
    form.exact = len(set(choices)) == len(choices)
    return form


def _text(args: tuple[Any, ...], where: str) -> _Form:
    n, alphabet = args
    if not isinstance(alphabet, str) or len(set(alphabet)) != len(alphabet) or not alphabet:
        raise _fail(where, f"text form needs distinct letters, got {alphabet!r}")
    width = len(alphabet)
    index = {c: i for i, c in enumerate(alphabet)}

    def emit(v: Any, ones: Ones, nums: Nums, off: int) -> None:
        if type(v) is not str or len(v) > n:
            raise _fail(where, f"expected at most {n} of the letters {alphabet!r}, got {v!r}")
        hits = []
        for c in v:
            i = index.get(c)
            if i is None:
                raise _fail(where, f"expected at most {n} of the letters {alphabet!r}, "
                                   f"got {v!r}")
            hits.append(off + i)
            off += width
        ones += hits

    def dec(t: Sequence[float], off: int) -> Any:
        out = []
        for i in range(n):
            hits = [j for j in range(width) if t[off + i * width + j] >= 0.5]
            if not hits:
                break
            out.append(alphabet[hits[0]])
        return "".join(out)

    return _Form("text", n * width, emit, dec)


def _tail(args: tuple[Any, ...], where: str) -> _Form:
    n, inner_form = args
    last = _list((n, inner_form), where)
    last_emit = last.emit

    def emit(v: Any, ones: Ones, nums: Nums, off: int) -> None:
        items = _items(v, where)
        last_emit(items[len(items) - n:] if len(items) > n else items, ones, nums, off + 1)
        if items:
            nums.append((off, float(len(items))))

    def dec(t: Sequence[float], off: int) -> Any:
        return {"count": int(t[off]), "last": last.decode(t, off + 1)}

    def project(v: Any) -> Any:
        return {"count": len(v), "last": last.project(v[len(v) - n:] if len(v) > n else v)}

    form = _Form("tail", 1 + last.size, emit, dec, project)
    form.exact = last.exact
    return form


def _dict(args: tuple[Any, ...], where: str) -> _Form:
    (fields,) = args
    if not isinstance(fields, Mapping) or not all(type(k) is str for k in fields):
        raise _fail(where, f"dict form needs a mapping of string keys, got {fields!r}")
    keys = sorted(fields)
    parts: list[tuple[str, _Form, int]] = []
    size = 0
    for k in keys:
        f = _compile(fields[k], f"{where}.{k}" if where else k)
        parts.append((k, f, size))
        size += f.size
    wanted = frozenset(keys)
    emits = tuple((k, f.emit, o) for k, f, o in parts)

    def emit(v: Any, ones: Ones, nums: Nums, off: int) -> None:
        _keys(v, wanted, where)
        for k, e, o in emits:
            e(v[k], ones, nums, off + o)

    def dec(t: Sequence[float], off: int) -> Any:
        return {k: f.decode(t, off + o) for k, f, o in parts}

    def project(v: Any) -> Any:
        return {k: f.project(v[k]) for k, f, _ in parts}

    form = _Form("dict", size, emit, dec, project)
    form.exact = all(f.exact for _, f, _ in parts)
    form.parts = tuple(parts)
    form.pieces = tuple((k, o, f.size) for k, f, o in parts)
    return form


def _keys(v: Any, wanted: frozenset[str], where: str) -> None:
    """ValueError unless ``v`` is a mapping of exactly the keys ``wanted``."""
    if not isinstance(v, Mapping):
        raise _fail(where, f"expected an object, got {v!r}")
    if v.keys() != wanted:
        extra = sorted(set(v) - wanted)
        missing = sorted(wanted - set(v))
        raise _fail(where, f"keys differ from the layout: not in it {extra}, "
                           f"missing {missing}")


_BUILDERS: Final[dict[str, Callable[[tuple[Any, ...], str], _Form]]] = {
    "int": _int,
    "num": _num,
    "enum": _enum,
    "const": _const,
    "opt": _opt,
    "list": _list,
    "array": _array,
    "bag": _bag,
    "count": _count,
    "text": _text,
    "tail": _tail,
    "dict": _dict,
}


# --------------------------------------------------------------------------
# a game's compiled layout


#: The class of a card whose face the seat did not see move, in the ledger.
UNSEEN: Final = "?"


class Ledger:
    """A seat's memory of the cards (the information-state tensor's ``memory``).

    Read from the game's :class:`kernel.plugin.CardFlow` as the seat sees it:
    for every move of a card between two of the listed places, the card's
    class (its kind when the seat sees its face, its ``shows`` kinds joined by
    ``|`` when it sees only those, :data:`UNSEEN` otherwise) is counted once
    into its target and once out of its source. A gather of a group (a new leg's
    shuffled deck) forgets that group's counts: where its cards were no longer
    tells anything. Immutable: :meth:`after` returns a new ledger.

    The counts keep no order. Order matters once a place holds cards of two
    **batches**: a place's cards at the start, then each batch of cards that
    comes into it after cards left it (a reshuffled discard pile becoming the
    deck) is a new batch of that place, and a card moving out of a place comes
    from its current batch. While every card a place received came from one
    batch, its cards are interchangeable and the counts tell all; from the
    first card of a second batch on, a **logged** place (the layout's memory
    ``"log"``) also keeps its moves in order (:attr:`logs`): rows of (0 in / 1
    out, class, batch of the card's source for a move in or of the place for a
    move out, cards), a row per run of equal moves.
    """

    __slots__ = ("batches", "counts", "logs", "pools")

    def __init__(self, counts: Mapping[tuple[str, str, str, int], int] | None = None) -> None:
        #: (group, place, class, 0 in / 1 out) -> cards
        self.counts: dict[tuple[str, str, str, int], int] = dict(counts or {})
        #: (group, place) -> (its batch number, whether a card left it since that batch came)
        self.batches: dict[tuple[str, str], tuple[int, bool]] = {}
        #: (group, place) -> the batches (source place, number) it received
        self.pools: dict[tuple[str, str], frozenset[tuple[str, int]]] = {}
        #: logged place -> (group, rows (0 in / 1 out, class, batch, cards))
        self.logs: dict[str, tuple[str, tuple[tuple[int, str, int, int], ...]]] = {}

    @classmethod
    def start(cls, cards: Sequence[tuple[str, str, str]]) -> Ledger:
        """The empty ledger of a history whose first state holds ``cards`` ((group,
        place, kind), the card flow's ``places``): a place's cards at the start are
        its batch 0."""
        led = cls()
        led.pools = {(g, p): frozenset({(p, 0)}) for g, p, _ in cards}
        return led

    def flow(self, moves: Sequence[Any]) -> Flow:
        """The batches of ``moves`` (CardMove or Gather, in order), the same for every
        seat: per move, the batch number of its source and whether its target
        then holds cards of two batches (None for a Gather); the batches and the
        pools after the moves (see :meth:`after`)."""
        batches, pools = self.batches, self.pools
        own_batches = own_pools = False
        per: list[tuple[int, bool] | None] = []
        for m in moves:
            group, target = m.group, m.target
            if not hasattr(m, "kind"):  # a Gather
                batches = {k: b for k, b in batches.items() if k[0] != group}
                pools = {k: b for k, b in pools.items() if k[0] != group}
                pools[(group, target)] = frozenset({(target, 0)})
                own_batches = own_pools = True
                per.append(None)
                continue
            source = m.source
            src, dst = (group, source), (group, target)
            b = batches.get(src)
            n = 0 if b is None else b[0]
            if b is None or not b[1]:
                if not own_batches:
                    batches, own_batches = dict(batches), True
                batches[src] = (n, True)
            b = batches.get(dst)
            if b is not None and b[1]:
                if not own_batches:
                    batches, own_batches = dict(batches), True
                batches[dst] = (b[0] + 1, False)
            pool = pools.get(dst, _NO_POOL)
            if (source, n) not in pool:
                if not own_pools:
                    pools, own_pools = dict(pools), True
                pool = pools[dst] = pool | {(source, n)}
            per.append((n, len(pool) > 1))
        return tuple(per), batches, pools

    def after(self, moves: Sequence[Any], seat: int, places: frozenset[str],
              logged: Mapping[str, bool] | None = None,
              touched: set[tuple[str, str, str, int]] | None = None,
              flow: Flow | None = None) -> Ledger:
        """The ledger after ``moves`` (CardMove or Gather, in order) as ``seat`` saw them;
        ``logged``: the logged places, each with whether its moves out are logged
        (no moves: this same ledger); ``touched``: a set that gets the keys of
        :attr:`counts` the moves changed (:meth:`Encoder.memory_update`);
        ``flow``: ``self.flow(moves)`` if known (another seat's ledger with the same
        batches and pools made it)."""
        if not moves:
            return self
        counts = dict(self.counts)
        logs = self.logs
        if logged:
            per, batches, pools = flow if flow is not None else self.flow(moves)
        else:
            per, batches, pools = (), self.batches, self.pools
        own_logs = False  # the logs are copied when first changed
        for i, m in enumerate(moves):
            group = m.group
            if not hasattr(m, "kind"):  # a Gather
                if touched is not None:
                    touched.update(k for k in counts if k[0] == group)
                counts = {k: n for k, n in counts.items() if k[0] != group}
                if logged:
                    logs = {p: log for p, log in logs.items() if log[0] != group}
                    own_logs = True
                continue
            seen = m.seen
            if seen is not None and seat not in seen:
                cls = UNSEEN
            elif m.shows:
                cls = _shows_class(m.kind, m.shows)
            else:
                cls = m.kind
            source, target = m.source, m.target
            if target in places:
                key = (group, target, cls, 0)
                counts[key] = counts.get(key, 0) + 1
                if touched is not None:
                    touched.add(key)
            if source in places:
                key = (group, source, cls, 1)
                counts[key] = counts.get(key, 0) + 1
                if touched is not None:
                    touched.add(key)
            if not logged:
                continue
            n, mixed = per[i]  # type: ignore[misc]
            if logged.get(source) and source in logs:
                if not own_logs:
                    logs, own_logs = dict(logs), True
                logs[source] = _logged(logs[source], 1, cls, n)
            if target in logged and (mixed or target in logs):
                if not own_logs:
                    logs, own_logs = dict(logs), True
                logs[target] = _logged(logs.get(target, (group, ())), 0, cls, n)
        out = Ledger.__new__(Ledger)
        out.counts, out.batches, out.pools, out.logs = counts, batches, pools, logs
        return out


#: The batches of a step's card moves (:meth:`Ledger.flow`): per move (its
#: source's batch number, whether its target holds two batches) or None (a
#: Gather), then the batches and the pools after the moves.
Flow = tuple[tuple[tuple[int, bool] | None, ...], dict[tuple[str, str], tuple[int, bool]],
             dict[tuple[str, str], frozenset[tuple[str, int]]]]


#: No batch received yet.
_NO_POOL: Final[frozenset[tuple[str, int]]] = frozenset()


@lru_cache(maxsize=1024)
def _shows_class(kind: str, shows: tuple[str, ...]) -> str:
    """The class of a card seen showing only ``shows`` (and its kind)."""
    return "|".join(sorted({kind, *shows}))


def _logged(log: tuple[str, tuple[tuple[int, str, int, int], ...]], way: int, cls: str,
            batch: int) -> tuple[str, tuple[tuple[int, str, int, int], ...]]:
    """A place's log with one more card moved (a run of equal moves is one row)."""
    group, rows = log
    if rows and rows[-1][:3] == (way, cls, batch):
        return group, (*rows[:-1], (way, cls, batch, rows[-1][3] + 1))
    return group, (*rows, (way, cls, batch, 1))


class Encoder:
    """The compiled tensors of one game and configuration.

    ``observation_size`` floats per observation (pieces: one per top-level key
    of the observation, in sorted order, as ``(name, offset, size)``);
    ``information_state_size`` floats per information state: the observation
    tensor, then the :class:`Ledger` of the places and classes the game lists
    (``memory_size`` floats: per place, per class, the cards in then the cards out).
    """

    def __init__(self, game_id: str, config: Mapping[str, Any], max_steps: int,
                 log_rows: int | None = None) -> None:
        info = kernel.game_info(game_id)
        if info.tensor is None:
            raise ValueError(f"game {game_id!r} has no tensor layout (GameInfo.tensor)")
        if type(max_steps) is not int or max_steps < 1:
            raise ValueError(f"max_steps must be a positive integer, not {max_steps!r}")
        layout = info.tensor(config)
        if not (isinstance(layout, tuple) and len(layout) in (2, 3) and layout[0] == "dict"
                and isinstance(layout[1], Mapping)):
            raise _fail("", "the layout must be a ('dict', {...}) form, maybe with a memory")
        memory: Mapping[str, Any] = layout[2] if len(layout) == 3 else {}
        fields = dict(layout[1])
        #: The observation keys only the seat sees (``("private", form)``): the
        #: private-only observation; the others but ``seat`` are the public one.
        self.private = frozenset(k for k, f in fields.items()
                                 if isinstance(f, tuple) and f and f[0] == "private")
        fields = {k: (f[1] if k in self.private else f) for k, f in fields.items()}
        self.game_id = game_id
        self.info = info
        self.form = _compile(("dict", fields), "")
        self.pieces = self.form.pieces
        self.observation_size = self.form.size
        space = kernel.action_space(game_id, config)
        self.seats: int = info.seats(info.new_game(config))
        self.action_ids = {a.text: i for i, a in enumerate(space.players)}
        self.max_steps = max_steps
        self.places: tuple[str, ...] = tuple(memory.get("places", ()))
        kinds = tuple(memory.get("classes", ()))
        self.classes: tuple[str, ...] = (*kinds, UNSEEN) if self.places else ()
        if len(set(self.places)) != len(self.places) or len(set(kinds)) != len(kinds) or (
                UNSEEN in kinds):
            raise _fail("memory", f"places and classes must be distinct, got {memory!r}")
        #: The places as a set (:meth:`Ledger.after`).
        self.place_set = frozenset(self.places)
        self._slot = {(p, c, d): 2 * (i * len(self.classes) + j) + d
                      for i, p in enumerate(self.places) for j, c in enumerate(self.classes)
                      for d in (0, 1)}
        log = memory.get("log", {})
        #: The logged places (the layout's memory ``"log"``: place -> whether its
        #: moves out are logged too), in order, and the rows kept of each log.
        self.logged: dict[str, bool] = dict(log.get("places", {}))
        #: (``log_rows``: another number of rows than the layout's, for tests)
        self.log_rows: int = int(log.get("rows", 0)) if log_rows is None else log_rows
        if self.logged and (self.log_rows < 1 or not set(self.logged) <= self.place_set):
            raise _fail("memory", f"a log needs rows and listed places, got {log!r}")
        self._class_index = {c: j for j, c in enumerate(self.classes)}
        #: Floats per log row: presence, in/out, class (one-hot), batch, cards.
        self.row_size = 4 + len(self.classes)
        self.ledger_size = 2 * len(self.places) * len(self.classes)
        self.memory_size = self.ledger_size + len(self.logged) * (
            1 + self.log_rows * self.row_size)
        self.information_state_size = self.observation_size + self.memory_size
        #: Each logged place and where its part of the memory starts.
        self._log_offsets = tuple(
            (p, self.ledger_size + k * (1 + self.log_rows * self.row_size))
            for k, p in enumerate(self.logged))
        if self.memory_size and info.hooks.card_flow is None:
            raise _fail("memory", "a ledger needs the game's card flow (GameHooks.card_flow)")

    def observation(self, observation: Mapping[str, PlainData]) -> list[float]:
        """The observation tensor of a seat's observation (ValueError if it does not fit)."""
        ones, nums = self.sparse(observation)
        buf = [0.0] * self.observation_size
        for i in ones:
            buf[i] = 1.0
        for i, x in nums:
            buf[i] = x
        return buf

    def sparse(self, observation: Mapping[str, PlainData]) -> tuple[Ones, Nums]:
        """The observation tensor's nonzero entries: the indices of its ones, and
        (index, value) for the others (ValueError if the observation does not fit)."""
        ones: Ones = []
        nums: Nums = []
        self.form.emit(observation, ones, nums, 0)
        return ones, nums

    def decode(self, tensor: Sequence[float]) -> dict[str, PlainData]:
        """The observation an observation tensor holds (``project`` of it)."""
        if len(tensor) != self.observation_size:
            raise ValueError(f"expected {self.observation_size} floats, got {len(tensor)}")
        value: dict[str, PlainData] = self.form.decode(tensor, 0)
        return value

    def project(self, observation: Mapping[str, PlainData]) -> dict[str, PlainData]:
        """The observation as its tensor keeps it (a ``tail`` as its count and last items)."""
        value: dict[str, PlainData] = self.form.project(observation)
        return value

    def public(self, observation: Mapping[str, PlainData]) -> dict[str, PlainData]:
        """The public-only observation: what every seat sees (no ``seat``, no private key)."""
        return {k: v for k, v in observation.items() if k not in self.private and k != "seat"}

    def private_part(self, observation: Mapping[str, PlainData]) -> dict[str, PlainData]:
        """The private-only observation: the seat and what only it sees."""
        return {k: v for k, v in observation.items() if k in self.private or k == "seat"}

    # the information state

    def moves(self, before: Any, step: Any) -> Sequence[Any]:
        """The card moves of one kernel step (``before``: the state it starts from)."""
        if not self.memory_size:
            return ()
        to_data = self.info.to_data
        return self.moves_of(to_data(before), step.action, step.events, to_data(step.state))

    def moves_of(self, before: Mapping[str, Any], action: Action, events: Sequence[Any],
                 after: Mapping[str, Any]) -> Sequence[Any]:
        """The card moves of one step from the plain data before and after it."""
        if not self.memory_size:
            return ()
        flow = self.info.hooks.card_flow
        assert flow is not None
        return flow.moves(before, action, events, after)

    def ledger(self, history: kernel.Trace, seat: int, start: Ledger | None = None,
               first: int = 0) -> Ledger:
        """``seat``'s ledger after the steps of ``history`` from ``first`` on (``start``:
        its ledger before them)."""
        if not self.memory_size:
            return start or Ledger()
        led = start or self.start(history.initial)
        before = history.initial if first == 0 else history.steps[first - 1].state
        for st in history.steps[first:]:
            led = led.after(self.moves(before, st), seat, self.place_set, self.logged)
            before = st.state
        return led

    def start(self, initial: Any) -> Ledger:
        """The empty ledger of a history starting at the state ``initial``."""
        if not self.logged:
            return Ledger()
        flow = self.info.hooks.card_flow
        assert flow is not None
        return Ledger.start(flow.places(self.info.to_data(initial)))

    def memory(self, ledger: Ledger) -> list[float]:
        """The ``memory`` floats of a ledger (ValueError for a class not listed): the
        counts, then per logged place its rows so far and the last ``log_rows``."""
        out = [0.0] * self.memory_size
        for i, x in self.memory_entries(ledger):
            out[i] = x
        return out

    def memory_entries(self, ledger: Ledger) -> list[tuple[int, float]]:
        """The nonzero ``memory`` floats of a ledger as (index, value), each index once."""
        counts: dict[int, float] = {}
        for key, n in ledger.counts.items():
            i = self._slot_of(key)
            counts[i] = counts.get(i, 0.0) + float(n)
        out = list(counts.items())
        for place, off in self._log_offsets:
            self._log_entries(ledger, place, off, out)
        return out

    def memory_update(self, old: Ledger, new: Ledger, floats: MutableSequence[float],
                      touched: set[tuple[str, str, str, int]] | None = None) -> None:
        """Make ``floats``, the memory of ledger ``old``, that of ledger ``new``: only
        the counts that changed and the rows of the logs that changed are written
        again. ``touched``: the keys of the counts that may differ (``Ledger.after``
        fills it), else every key is compared."""
        if new is old:
            return
        oc, nc = old.counts, new.counts
        keys: Any = (touched if touched is not None
                     else {k for k, _ in nc.items() - oc.items()} | (oc.keys() - nc.keys()))
        slot = self._slot_of
        for key in keys:
            delta = nc.get(key, 0) - oc.get(key, 0)
            if delta:
                floats[slot(key)] += delta
        for place, off in self._log_offsets:
            was, now = old.logs.get(place), new.logs.get(place)
            if now is not was:
                self._log_update(was[1] if was else (), now[1] if now else (), off, floats)

    def _log_update(self, was: tuple[tuple[int, str, int, int], ...],
                    now: tuple[tuple[int, str, int, int], ...], off: int,
                    floats: MutableSequence[float]) -> None:
        """Make ``floats`` hold a logged place's rows ``now`` instead of ``was`` (its
        part at ``off``): the count of rows, and each row kept that differs."""
        floats[off] = float(len(now))
        ow, nw = was[-self.log_rows:], now[-self.log_rows:]
        width = self.row_size
        for p in range(max(len(ow), len(nw))):
            if p < len(ow) and p < len(nw) and (ow[p] is nw[p] or ow[p] == nw[p]):
                continue
            o = off + 1 + p * width
            if p < len(ow):
                for i, _ in self._row_entries(ow[p], o):
                    floats[i] = 0.0
            if p < len(nw):
                for i, x in self._row_entries(nw[p], o):
                    floats[i] = x

    def _slot_of(self, key: tuple[str, str, str, int]) -> int:
        i = self._slot.get(key[1:])
        if i is None:
            raise _fail("memory", f"a card of class {key[2]!r} the layout does not list "
                                  f"(classes {list(self.classes)})")
        return i

    def _log_entries(self, ledger: Ledger, place: str, off: int,
                     out: list[tuple[int, float]]) -> None:
        """Append the nonzero floats of a logged place's rows (its part at ``off``)."""
        rows = ledger.logs.get(place, ("", ()))[1]
        if not rows:
            return
        out.append((off, float(len(rows))))
        o = off + 1
        for row in rows[-self.log_rows:]:
            out += self._row_entries(row, o)
            o += self.row_size

    def _row_entries(self, row: tuple[int, str, int, int], o: int) -> list[tuple[int, float]]:
        """The nonzero floats of a log row written at ``o``: presence, in/out,
        class (one-hot), batch, cards."""
        way, cls, batch, n = row
        index = self._class_index
        j = index.get(cls)
        if j is None:
            raise _fail("memory", f"a card of class {cls!r} the layout does not "
                                  f"list (classes {list(self.classes)})")
        out = [(o, 1.0)]
        if way:
            out.append((o + 1, float(way)))
        out.append((o + 2 + j, 1.0))
        if batch:
            out.append((o + 2 + len(index), float(batch)))
        out.append((o + 3 + len(index), float(n)))
        return out

    def information_state(self, history: kernel.Trace, seat: int) -> list[float]:
        """The information-state tensor of ``seat`` after ``history``: its observation
        tensor now and its ledger."""
        obs = self.info.observation(history.final, seat)
        return self.observation(obs) + self.memory(self.ledger(history, seat))


class InfoText:
    """The tokens of a game's information-state strings (see :func:`information_state_string`)."""

    def __init__(self, game_id: str, config: Mapping[str, Any]) -> None:
        space = kernel.action_space(game_id, config)
        self.action_ids = {a.text: i for i, a in enumerate(space.players)}
        self.chance_ids = {a.text: i for i, a in enumerate(space.chance)}
        info = kernel.game_info(game_id)
        layout = info.tensor(config) if info.tensor is not None else None
        memory = layout[2] if isinstance(layout, tuple) and len(layout) == 3 else {}
        #: The event kinds a partly hidden step's string leaves out when the seat
        #: saw them whole (the layout's memory ``"derived"``, see
        #: :func:`information_state_string`).
        self.derived: frozenset[str] = frozenset(memory.get("derived", ()))

    def token(self, seat: int, actor: int, action: Action, events: Sequence[Any],
              book: dict[Any, int]) -> str:
        """One step of the information-state string (see :func:`information_state_string`);
        ``book`` numbers the strings, event shapes and parentheses written so far
        (updated)."""
        seen = [e.seen_by(seat) for e in events]
        ids = self.chance_ids if actor < 0 else self.action_ids
        if all(s is e for s, e in zip(seen, events, strict=True)):
            return _id_text(ids[action.text])
        own = _id_text(ids[action.text]) if actor == seat else ""
        parts = []
        derived = self.derived
        for e, whole in zip(seen, events, strict=True):
            if e is whole and e.kind in derived:
                continue
            keys = sorted(e.data)
            shape = ("k", e.kind, e.rules, tuple(keys))
            n = book.get(shape)
            ref = _ref(n, "", "{") if n is not None else ""
            if not ref:  # new (or beyond the references: written again)
                if n is None:
                    _enter(book, shape, "k")
                ref = ("[" + _value(e.kind, book) + _value(list(e.rules), book)
                       + _value(keys, book) + "]")
            parts.append(ref)
            data = e.data
            parts.extend(_value(data[k], book) for k in keys)
        text = "(" + "".join(parts) + ")"
        n = book.get(("p", text))
        if n is None:
            _enter(book, ("p", text), "p")
            return own + text
        return own + (_ref(n, "'", '"') or text)


#: The characters of an action id: one per id below 82, else ``{`` and two of
#: them (no parenthesis, bracket, brace, quote or comma: those mark the rest).
_DIGITS: Final = ("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                  "!#$%&*+-./;<>?@^_`|~")
_BASE: Final = len(_DIGITS)
#: The one-letter references to the first 52 strings of a history.
_LETTERS: Final = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _id_text(n: int) -> str:
    if n < _BASE:
        return _DIGITS[n]
    if n >= _BASE * _BASE:
        raise ValueError(f"action id {n} is beyond the string's two digits")
    return "{" + _DIGITS[n // _BASE] + _DIGITS[n % _BASE]


def _enter(book: dict[Any, int], key: Any, space: str) -> None:
    """Number ``key`` next in its space of the book (strings, shapes, parentheses)."""
    n = book.get(space, 0)
    book[key] = n
    book[space] = n + 1


def _ref(n: int, one: str, two: str) -> str:
    """The reference to the n-th item of a space: ``one`` and one digit, ``two`` and
    two (empty beyond: the item is then written in full again)."""
    if n < _BASE:
        return one + _DIGITS[n]
    if n < _BASE * _BASE:
        return two + _DIGITS[n // _BASE] + _DIGITS[n % _BASE]
    return ""


def _value(value: Any, book: dict[Any, int]) -> str:
    """A value of an event, self-delimiting (see :func:`information_state_string`)."""
    kind = type(value)
    if kind is str:
        n = book.get(("s", value))
        if n is None:
            _enter(book, ("s", value), "s")
            return json.dumps(value)
        if n < len(_LETTERS):
            return _LETTERS[n]
        n -= len(_LETTERS)
        return ("'" + _DIGITS[n // _BASE] + _DIGITS[n % _BASE] if n < _BASE * _BASE
                else json.dumps(value))
    if kind is int:
        if 0 <= value < 10:
            return _DIGITS[value]
        if 10 <= value < 10 + _BASE:
            return "#" + _DIGITS[value - 10]
        return f"<{value}>"
    if kind is bool:
        return "+" if value else "-"
    if value is None:
        return "_"
    if kind is list:
        return "[" + "".join(_value(v, book) for v in value) + "]"
    if kind is dict:
        return "{" + "".join(_value(k, book) + _value(value[k], book)
                             for k in sorted(value)) + "}"
    return "<" + canonical(value) + ">"


def information_state_string(game_id: str, config: Mapping[str, Any], history: kernel.Trace,
                             seat: int) -> str:
    """The short, exact string of ``seat``'s information state after ``history``.

    ASCII: ``<seat>:`` then one token per step, each self-delimiting. The
    *digits* are the 82 characters ``0-9a-zA-Z!#$%&*+-./;<>?@^_`|~``.

    A step the seat saw whole (no event hid anything from it) is its action's
    id (a chance outcome's among the chance outcomes, a decision's among the
    decisions): one digit below 82, else ``{`` and two digits.

    Any other step is its action's id if the seat took it, then its events as
    the seat saw them in parentheses with no separator, but for those it saw
    whole whose kind the game's layout lists as ``"derived"`` in its memory
    (events that follow from what the seat saw before and the step's other
    events, such as a race resolved from the public table;
    ``tests/test_adapter_infostate.py`` checks the claim on resampled
    histories). Each event is its shape (kind, rule IDs, data keys): one digit
    (the n-th distinct shape of the history) or ``{`` and two digits, or if new
    (or beyond 82^2 shapes) ``[`` kind, rules, keys ``]`` written as values;
    then its data's values in the order of the sorted keys. A value is: an
    integer 0-9 its digit, 10-91 ``#`` and the digit of n - 10, any other
    ``<n>``; true ``+``, false ``-``, null ``_``; a string new to the history
    its JSON (ASCII escapes), else its number among the history's distinct
    strings in order of first writing: a letter ``a-zA-Z`` for the first 52,
    ``'`` and two digits for the next 82^2 (beyond: its JSON again); a list
    ``[`` its values ``]``; an object ``{`` key, value, ... ``}`` (sorted
    keys); any other number ``<`` its JSON ``>``. A parenthesis written before
    is ``'`` and a digit (the n-th distinct parenthesis of the history), or
    ``"`` and two digits (beyond: written again).

    Who acted is left out: it is public in every registered game (the turn is
    in every observation), as is the initial observation (the
    configuration's); what the seat sees now follows from its steps.
    ``tests/test_adapter_infostate.py`` checks on sampled histories that
    strings are equal exactly when the seat's ``kernel.information_state`` is.
    """
    texts = info_text(game_id, config)
    book: dict[Any, int] = {}
    return f"{seat}:" + "".join(texts.token(seat, st.actor, st.action, st.events, book)
                                 for st in history.steps)


@lru_cache(maxsize=256)
def _info_text(game_id: str, config_key: str) -> InfoText:
    return InfoText(game_id, json.loads(config_key))


def info_text(game_id: str, config: Mapping[str, Any]) -> InfoText:
    """The (cached) tokens of a game's information-state strings for ``config``."""
    return _info_text(game_id, _config_key(config))


class Memo:
    """An observation tensor kept up to date: only what changed is encoded again.

    The adapters' fast path. A seat's observations in a game change little
    from one step to the next (a turn, a hand, a pile: a handful of the
    top-level keys), so a :class:`Memo` keeps the last observation's value of
    each top-level key, and encodes again only the keys whose values differ
    (``!=``) from the last ones, each into its own slice of the tensor.
    :attr:`tensor` (a float32 ``array.array``, a buffer NumPy can view without
    a copy: ``numpy.frombuffer(memo.tensor, numpy.float32)``) is then the same
    as :meth:`Encoder.observation`'s list (the value of an unchanged key was
    checked when first encoded; a value equal to the last, ``True`` where
    ``1`` was, passes unchecked; a key whose form holds values equal under
    ``==`` but encoded apart, such as an enum of ``1`` and ``True``, is
    encoded every time).

    The values are kept as given: the caller must not change an observation
    once written (the kernel's observations are built anew on each call).
    """

    __slots__ = ("_always", "_keys", "_none", "_parts", "_slots", "_values", "encoder",
                 "tensor")

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        parts = encoder.form.parts
        # per key: its writer, its offset, its slice's end, zeros to clear the
        # slice with at once (a C copy), and whether it is encoded every time
        # (equal values may differ in their tensors)
        self._parts = {k: (f.emit, o, o + f.size, array("f", bytes(4 * f.size)), not f.exact)
                       for k, f, o in parts}
        # the keys in the order of the observations coming (a game builds its
        # observations in one order: their values are then read in one C call),
        # each key's slot in that order, and the positions encoded every time
        self._keys: tuple[str, ...] = ()
        self._slots: tuple[tuple[Emit, int, int, array[float]], ...] = ()
        self._always: frozenset[int] = frozenset()
        self._none: tuple[Any, ...] = (_UNSEEN,) * len(parts)
        # the last observation's values, in the order of ``_keys``
        self._values: tuple[Any, ...] = self._none
        #: The last observation's tensor (zeros before the first).
        self.tensor = array("f", bytes(4 * encoder.observation_size))

    def update(self, observation: Mapping[str, PlainData]) -> None:
        """Make :attr:`tensor` this observation's (ValueError if the observation does
        not fit the layout; the memo then forgets every observation: its tensor
        is all zero, as before the first, and the next is encoded whole)."""
        try:
            if type(observation) is dict and tuple(observation) == self._keys:
                # exactly the layout's keys, in the order of the last observation
                values = tuple(observation.values())
            else:
                values = self._reorder(observation)
            changed: Any = compress(count(), map(ne, values, self._values))
            if self._always:
                changed = sorted(self._always.union(changed))
            tensor, slots = self.tensor, self._slots
            for j in changed:
                emit, off, end, zeros = slots[j]
                ones: Ones = []
                nums: Nums = []
                emit(values[j], ones, nums, off)
                if end != off:  # (a ("const", v) key has no floats to clear)
                    tensor[off:end] = zeros
                for i in ones:
                    tensor[i] = 1.0
                for i, x in nums:
                    tensor[i] = x
        except BaseException:
            # a value that does not fit (or an interruption) leaves no half-made
            # tensor: the memo forgets
            self._values = self._none
            self.tensor[:] = array("f", bytes(4 * len(self.tensor)))
            raise
        self._values = values

    def _reorder(self, observation: Mapping[str, PlainData]) -> tuple[Any, ...]:
        """The values of an observation whose keys come in another order than the
        last one's (or of a mapping that is not a dict): the keys checked (exactly
        the layout's, else ValueError), the order taken as the memo's own."""
        _keys(observation, frozenset(self._parts), "")
        keys = tuple(observation)
        if keys != self._keys:
            self._keys = keys
            slots = [self._parts[k] for k in keys]
            self._slots = tuple(slot[:4] for slot in slots)
            self._always = frozenset(j for j, slot in enumerate(slots) if slot[4])
            self._values = self._none
        return tuple(observation[k] for k in keys)


class _Unseen:
    """No value yet: equal to nothing."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return 0


_UNSEEN: Final = _Unseen()


def canonical(value: PlainData) -> str:
    """Canonical JSON text of plain data (sorted keys, no blanks): the adapters' strings."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _config_key(config: Mapping[str, Any]) -> str:
    return canonical(dict(config))


@lru_cache(maxsize=256)
def _encoder(game_id: str, config_key: str, max_steps: int) -> Encoder:
    return Encoder(game_id, json.loads(config_key), max_steps)


def encoder(game_id: str, config: Mapping[str, Any], max_steps: int | None = None) -> Encoder:
    """The (cached) compiled tensors of a game and configuration.

    ``max_steps`` is the number of step rows of the information state: the
    game's ``max_game_length``, else :data:`DEFAULT_MAX_STEPS`.
    """
    if max_steps is None:
        max_steps = kernel.game_info(game_id).max_game_length or DEFAULT_MAX_STEPS
    return _encoder(game_id, _config_key(config), max_steps)


# --------------------------------------------------------------------------
# the interface the adapters use


def observation_shape(game_id: str, config: Mapping[str, Any]) -> tuple[int, ...]:
    """The observation tensor's shape (one flat dimension)."""
    return (encoder(game_id, config).observation_size,)


def observation_tensor(game_id: str, config: Mapping[str, Any], state: Any,
                       seat: int) -> list[float]:
    """The observation tensor of ``seat``, from ``kernel.observation(state, seat)`` only."""
    return encoder(game_id, config).observation(kernel.observation(state, seat))


def information_state_shape(game_id: str, config: Mapping[str, Any],
                            max_steps: int | None = None) -> tuple[int, ...]:
    """The information-state tensor's shape (one flat dimension)."""
    return (encoder(game_id, config, max_steps).information_state_size,)


def information_state_tensor(game_id: str, config: Mapping[str, Any], history: kernel.Trace,
                             seat: int, max_steps: int | None = None) -> list[float]:
    """The information-state tensor of ``seat``: its observation now and its ledger."""
    return encoder(game_id, config, max_steps).information_state(history, seat)


__all__ = [
    "DEFAULT_MAX_STEPS",
    "ENCODING_VERSION",
    "UNSEEN",
    "Encoder",
    "InfoText",
    "Ledger",
    "Memo",
    "canonical",
    "encoder",
    "info_text",
    "information_state_shape",
    "information_state_string",
    "information_state_tensor",
    "observation_shape",
    "observation_tensor",
]

"""The one-line position notation of a state: the shared, game-agnostic codec.

As FEN is for chess, a game's notation is one short line of text that holds
the whole table (hidden cards included) and round-trips exactly with the
state: ``parse(format(s)) == s`` for every state, ``format(parse(t)) == t``
for every text ``parse`` accepts (KERNEL-INPUT: it accepts exactly the
canonical text). A game describes its notation as a :class:`Layout`, a
sequence of fields over the keys of its plain-data form
(``GameInfo.to_data``), each written by one of the codecs below; the fields
are separated by single spaces. :func:`kernel.api.from_notation` reads a text
into plain data with the layout, builds the state with the game's own strict
``from_data`` (so a text that parses into a table breaking an invariant is
refused with the invariant IDs: :class:`kernel.core.InvalidState`) and refuses
a text that is not what :func:`kernel.api.notation` writes for that state.

The codecs, with the characters they write (never a blank, never empty):

- :class:`Number`: an integer, ``-3``, ``12`` (no ``+``, no leading zero, no ``-0``);
- :class:`Numbers`: a list of integers, ``10,8,8,7``; ``-`` for none;
- :class:`Word`: one of a few names, as its short symbol (a phase as one letter);
- :class:`Seq`: an ordered list of names, as their symbols run together
  (``aab``); ``-`` for none;
- :class:`Bag`: a sorted multiset of names, each symbol once in the
  alphabet's order with its count before it when above one (``3a2b`` is
  ``a a a b b``); ``-`` for none;
- :class:`Maybe`: ``-`` for null, else the inner codec's text;
- :class:`Rows`: a list, its items joined by a separator (``/`` by default;
  ``.`` for an empty list);
- :class:`Record` and :class:`Table`: an object with fixed keys, its values
  joined by a separator;
- :class:`Cells`: a list of stacks (a track), only the occupied cells, each
  its index then its stack bottom to top (``7a8ba``); ``-`` when none;
- :class:`Prefix`: a list that is a prefix of a fixed list, as its length;
- :class:`Digits`: a list of integers 0-9 run together (``0123``); ``-`` for none;
- :class:`Flags`: a list of booleans, ``1`` or ``0`` each, run together (``0110``);
- :class:`Letters`: a string of a few letters, as it is; ``-`` for an empty one;
- :class:`Seats`: a list of seat numbers or nulls, one character each (``-1-0``);
- :class:`Slots`: a list of names or nulls, one symbol each, ``-`` for a null (``-ab-``).

Nothing here names a game: the alphabets, keys and layouts are the games'
(``kernel/games/<package>/notation.py``).

>>> a = Alphabet({"ant": "a", "bee": "b"})
>>> Bag(a).write(["ant", "ant", "bee"]), Seq(a).write([]), Numbers().write([3, -1])
('2ab', '-', '3,-1')
>>> Bag(a).read("2ab", "zone", {})
['ant', 'ant', 'bee']
>>> try:
...     Bag(a).read("a2a", "zone", {})
... except NotationError as exc:
...     print(exc)
zone: 'a2a': each symbol once, in order (a b), a count of 2+ before it
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol

from kernel.core import PlainData
from kernel.decode import DecodeError, show

#: The longest notation text read (anything longer is refused before it is read).
MAX_TEXT: Final = 4096
#: What an empty list, zone or track writes.
EMPTY: Final = "-"
#: What an empty :class:`Rows` list writes.
NO_ROWS: Final = "."

_INT: Final = re.compile(r"-?(?:0|[1-9][0-9]{0,14})")
_COUNT: Final = re.compile(r"[2-9]|[1-9][0-9]{1,3}")


class NotationError(DecodeError):
    """A text that is not a game's canonical notation; the message names the field."""


def fail(where: str, text: str, rule: str) -> NotationError:
    """The error for field ``where`` holding ``text``, which breaks ``rule`` (in words)."""
    return NotationError(f"{where}: {show(text)}: {rule}")


class Codec(Protocol):
    """One plain-data value <-> its text (never empty, never holding a blank)."""

    def write(self, value: Any) -> str:
        """The text of ``value`` (a value of the canonical plain-data form)."""
        ...

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        """The value of ``text`` (NotationError naming ``where`` otherwise); ``done``
        holds the fields read before this one (a track's length may depend on them)."""
        ...


class Alphabet:
    """Names and their symbols: distinct, none a prefix of another, none starting with
    a digit or holding a separator; the order is the names' sorted order (the order
    of a sorted zone in the plain data)."""

    def __init__(self, symbols: Mapping[str, str]) -> None:
        self.names: tuple[str, ...] = tuple(sorted(symbols))
        self.symbol: dict[str, str] = dict(symbols)
        self.name: dict[str, str] = {v: k for k, v in symbols.items()}
        self.rank: dict[str, int] = {symbols[n]: i for i, n in enumerate(self.names)}
        syms = list(symbols.values())
        if len(self.name) != len(syms) or any(
                not s or not s.isascii() or s[0].isdigit() or any(c in " /,.:-" for c in s)
                or any(t != s and t.startswith(s) for t in syms) for s in syms):
            raise ValueError(f"alphabet {syms}: distinct, prefix-free symbols, none starting "
                             f"with a digit or holding a separator")
        self._width = max(map(len, syms))
        self.order = " ".join(symbols[n] for n in self.names)

    def split(self, text: str, where: str) -> list[str]:
        """The symbols ``text`` is made of, in order (NotationError for anything else)."""
        out: list[str] = []
        i = 0
        while i < len(text):
            for w in range(1, self._width + 1):
                if text[i:i + w] in self.name:
                    out.append(text[i:i + w])
                    i += w
                    break
            else:
                raise fail(where, text, f"unknown symbol at {show(text[i:i + self._width])}; "
                                        f"the symbols are {self.order}")
        return out


class Number:
    """An integer within ``lo..hi``, written plainly."""

    def __init__(self, lo: int = -(10**15), hi: int = 10**15) -> None:
        self.lo, self.hi = lo, hi

    def write(self, value: Any) -> str:
        return str(value)

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        if not _INT.fullmatch(text) or text == "-0":
            raise fail(where, text, "an integer written plainly (no '+', no leading zero)")
        value = int(text)
        if not self.lo <= value <= self.hi:
            raise fail(where, text, f"an integer from {self.lo} to {self.hi}")
        return value


class Numbers:
    """A list of integers joined by ``,``; ``-`` for an empty list."""

    def __init__(self, lo: int = -(10**15), hi: int = 10**15) -> None:
        self.item = Number(lo, hi)

    def write(self, value: Any) -> str:
        return ",".join(map(str, value)) if value else EMPTY

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        if text == EMPTY:
            return []
        return [self.item.read(x, f"{where}[{i}]", done) for i, x in enumerate(text.split(","))]


class Word:
    """One of a few names (or a boolean), as its symbol."""

    def __init__(self, symbols: Mapping[Any, str]) -> None:
        self.symbol = dict(symbols)
        self.value = {v: k for k, v in symbols.items()}

    def write(self, value: Any) -> str:
        symbol: str = self.symbol[value]
        return symbol

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        if text not in self.value:
            raise fail(where, text, f"one of {' '.join(self.value)}")
        found: PlainData = self.value[text]
        return found


class Seq:
    """An ordered list of names, their symbols run together; ``-`` for none."""

    def __init__(self, alphabet: Alphabet) -> None:
        self.alphabet = alphabet

    def write(self, value: Any) -> str:
        return "".join(self.alphabet.symbol[n] for n in value) or EMPTY

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        if text == EMPTY:
            return []
        return [self.alphabet.name[s] for s in self.alphabet.split(text, where)]


class Bag:
    """A sorted multiset of names: each symbol once, in order, its count before it
    when above one; ``-`` for none."""

    def __init__(self, alphabet: Alphabet) -> None:
        self.alphabet = alphabet

    def write(self, value: Any) -> str:
        out: list[str] = []
        names = list(value)
        i = 0
        while i < len(names):
            j = i
            while j < len(names) and names[j] == names[i]:
                j += 1
            out.append(f"{j - i if j - i > 1 else ''}{self.alphabet.symbol[names[i]]}")
            i = j
        return "".join(out) or EMPTY

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        if text == EMPTY:
            return []
        rule = f"each symbol once, in order ({self.alphabet.order}), a count of 2+ before it"
        out: list[PlainData] = []
        last = -1
        for count, body in re.findall(r"([0-9]*)([^0-9]+)", text):
            if count and not _COUNT.fullmatch(count):
                raise fail(where, text, rule)
            syms = self.alphabet.split(body, where)
            for k, s in enumerate(syms):
                if self.alphabet.rank[s] <= last:
                    raise fail(where, text, rule)
                last = self.alphabet.rank[s]
                out.extend([self.alphabet.name[s]] * (int(count) if count and k == 0 else 1))
        if "".join(re.findall(r"[0-9]*[^0-9]+", text)) != text:  # a count with no symbol
            raise fail(where, text, rule)
        return out


class Maybe:
    """``-`` for null, else the inner codec's text (which never is ``-``)."""

    def __init__(self, inner: Codec) -> None:
        self.inner = inner

    def write(self, value: Any) -> str:
        return EMPTY if value is None else self.inner.write(value)

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        return None if text == EMPTY else self.inner.read(text, where, done)


class Rows:
    """A list, its items joined by ``sep``; ``.`` for an empty list. ``length`` (of the
    fields read before) fixes the number of items (a list per seat)."""

    def __init__(self, inner: Codec, sep: str = "/",
                 length: Callable[[Mapping[str, PlainData]], int] | None = None) -> None:
        self.inner, self.sep, self.length = inner, sep, length

    def write(self, value: Any) -> str:
        return self.sep.join(self.inner.write(v) for v in value) if value else NO_ROWS

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        parts = [] if text == NO_ROWS else text.split(self.sep)
        if self.length is not None and len(parts) != self.length(done):
            raise fail(where, text, f"{self.length(done)} items joined by {self.sep!r}")
        return [self.inner.read(p, f"{where}[{i}]", done) for i, p in enumerate(parts)]


class Record:
    """An object with the fixed ``keys``, its values joined by ``sep`` in that order
    (``sep`` empty: each value is one character)."""

    def __init__(self, fields: Sequence[tuple[str, Codec]], sep: str = ".") -> None:
        self.fields, self.sep = tuple(fields), sep

    def write(self, value: Any) -> str:
        return self.sep.join(codec.write(value[key]) for key, codec in self.fields)

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        parts = text.split(self.sep) if self.sep else list(text)
        if len(parts) != len(self.fields):
            names = self.sep.join(k for k, _ in self.fields)
            raise fail(where, text, f"the fields {names} joined by {self.sep!r}")
        return {key: codec.read(p, f"{where}.{key}", done)
                for (key, codec), p in zip(self.fields, parts, strict=True)}


class Table:
    """An object keyed by ``keys`` (in that order), each value by ``inner``, joined by ``sep``."""

    def __init__(self, keys: Sequence[str], inner: Codec, sep: str = "/") -> None:
        self.record = Record([(k, inner) for k in keys], sep)

    def write(self, value: Any) -> str:
        return self.record.write(value)

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        return self.record.read(text, where, done)


class Cells:
    """A track: ``length`` lists of names (stacks, bottom to top), written as the
    occupied cells in order, each its index then its stack's symbols; ``-`` for none."""

    def __init__(self, alphabet: Alphabet,
                 length: Callable[[Mapping[str, PlainData]], int]) -> None:
        self.alphabet, self.length = alphabet, length

    def write(self, value: Any) -> str:
        return "".join(f"{i}{''.join(self.alphabet.symbol[n] for n in stack)}"
                       for i, stack in enumerate(value) if stack) or EMPTY

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        n = self.length(done)
        cells: list[PlainData] = [[] for _ in range(n)]
        if text == EMPTY:
            return cells
        rule = f"occupied cells in order (0 to {n - 1}), each its number then its stack"
        last = -1
        parts = re.findall(r"([0-9]+)([^0-9]+)", text)
        if "".join(a + b for a, b in parts) != text:
            raise fail(where, text, rule)
        for index, body in parts:
            if not _INT.fullmatch(index) or not last < int(index) < n:
                raise fail(where, text, rule)
            last = int(index)
            cells[last] = [self.alphabet.name[s] for s in self.alphabet.split(body, where)]
        return cells


class Digits:
    """A list of integers 0-9 run together (``0123``); ``-`` for an empty list."""

    def write(self, value: Any) -> str:
        return "".join(map(str, value)) or EMPTY

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        if text == EMPTY:
            return []
        if not (text.isascii() and text.isdigit()):
            raise fail(where, text, "digits 0-9 run together")
        return [int(c) for c in text]


class Flags:
    """A list of booleans, ``1`` or ``0`` each, run together; ``-`` for an empty list."""

    def write(self, value: Any) -> str:
        return "".join("1" if v else "0" for v in value) or EMPTY

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        if text == EMPTY:
            return []
        if any(c not in "01" for c in text):
            raise fail(where, text, "1 or 0 for each, run together")
        return [c == "1" for c in text]


class Seats:
    """A list of seat numbers (0-9) or nulls, one character each (``-`` for null)."""

    def write(self, value: Any) -> str:
        return "".join(EMPTY if v is None else str(v) for v in value) or NO_ROWS

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        if text == NO_ROWS:
            return []
        if any(c not in "0123456789-" for c in text):
            raise fail(where, text, "a seat's digit or '-' for none, for each")
        return [None if c == EMPTY else int(c) for c in text]


class Letters:
    """A string made of the characters ``allowed`` (as it is); ``-`` for an empty one."""

    def __init__(self, allowed: str) -> None:
        self.allowed = allowed

    def write(self, value: Any) -> str:
        return str(value) or EMPTY

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        if text == EMPTY:
            return ""
        if any(c not in self.allowed for c in text):
            raise fail(where, text, f"the letters {' '.join(self.allowed)}")
        return text


class Slots:
    """A list of names or nulls, one symbol each (``-`` for null), run together."""

    def __init__(self, alphabet: Alphabet) -> None:
        self.alphabet = alphabet

    def write(self, value: Any) -> str:
        return "".join(EMPTY if v is None else self.alphabet.symbol[v] for v in value) or NO_ROWS

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        if text == NO_ROWS:
            return []
        out: list[PlainData] = []
        for i, part in enumerate(text.split(EMPTY)):
            if i:
                out.append(None)
            out.extend(self.alphabet.name[s] for s in self.alphabet.split(part, where))
        return out


class Prefix:
    """A list that is a prefix of ``full``, written as its length."""

    def __init__(self, full: Sequence[Any]) -> None:
        self.full = list(full)

    def write(self, value: Any) -> str:
        if list(value) != self.full[:len(value)]:
            raise ValueError(f"{value!r} is not a prefix of {self.full!r}")
        return str(len(value))

    def read(self, text: str, where: str, done: Mapping[str, PlainData]) -> PlainData:
        if not re.fullmatch(r"[0-9]", text) or int(text) > len(self.full):
            raise fail(where, text, f"a count from 0 to {len(self.full)}")
        found: list[PlainData] = self.full[:int(text)]
        return found


class Rest:
    """A card zone the text leaves out: every card of the game (``full``, of the
    fields read) that the ``zones`` do not hold, sorted (a discard pile)."""

    def __init__(self, key: str, full: Callable[[Mapping[str, Any]], Sequence[str]],
                 zones: Sequence[str]) -> None:
        self.key, self.full, self.zones = key, full, tuple(zones)

    def left(self, data: Mapping[str, Any]) -> list[PlainData]:
        """The cards left for the zone (NotationError when the zones hold too many)."""
        counts: dict[str, int] = {}
        for card in self.full(data):
            counts[card] = counts.get(card, 0) + 1
        for zone in self.zones:
            value = data[zone]
            for card in (c for part in value for c in part) if value and type(
                    value[0]) is list else value:
                if counts.get(card, 0) == 0:
                    raise NotationError(f"{zone}: one {card} card more than the game has "
                                        f"outside the {self.key}")
                counts[card] -= 1
        return [c for c in sorted(counts) for _ in range(counts[c])]


class SeatRest:
    """A per-seat card zone the text leaves out: for each seat, every card of its own
    set (``full``, of the fields read) that its entries of the per-seat ``zones``
    do not hold, sorted (the cards left in a seat's hand)."""

    def __init__(self, key: str, full: Callable[[Mapping[str, Any]], Sequence[str]],
                 zones: Sequence[str]) -> None:
        self.key, self.full, self.zones = key, full, tuple(zones)

    def left(self, data: Mapping[str, Any]) -> list[PlainData]:
        """The cards left per seat (NotationError when a seat's zones hold too many)."""
        out: list[PlainData] = []
        for seat in range(len(data[self.zones[0]])):
            counts: dict[str, int] = {}
            for card in self.full(data):
                counts[card] = counts.get(card, 0) + 1
            for zone in self.zones:
                for card in data[zone][seat]:
                    if counts.get(card, 0) == 0:
                        raise NotationError(f"{zone}[{seat}]: one {card} card more than the "
                                            f"seat has outside its {self.key}")
                    counts[card] -= 1
            out.append([c for c in sorted(counts) for _ in range(counts[c])])
        return out


class Layout:
    """A game's notation: its fields in order (each a plain-data key and its codec),
    separated by single spaces, and the keys every state holds the same value of
    (``constants``: the game and its behaviour version), which the text leaves out,
    as it leaves out the ``rests``: zones the others determine (:class:`Rest`,
    :class:`SeatRest`)."""

    def __init__(self, fields: Sequence[tuple[str, Codec]],
                 constants: Mapping[str, PlainData], *rests: Rest | SeatRest) -> None:
        self.fields = tuple(fields)
        self.constants = dict(constants)
        self.rests = rests
        self.keys = " ".join(k for k, _ in self.fields)

    def write(self, data: Mapping[str, Any]) -> str:
        """The notation of a state's plain data (``GameInfo.to_data``)."""
        for rest in self.rests:
            if rest.left(data) != data[rest.key]:
                raise ValueError(f"{rest.key}: not the cards the other zones leave")
        return " ".join(codec.write(data[key]) for key, codec in self.fields)

    def read(self, text: object) -> dict[str, PlainData]:
        """The plain data a notation text spells (NotationError naming the field otherwise).

        Only the text's form is checked here; the game's ``from_data`` checks the
        table (:func:`kernel.api.from_notation`).
        """
        if type(text) is not str:
            raise NotationError(f"notation: a string, not {show(text)}")
        if len(text) > MAX_TEXT:
            raise NotationError(f"notation: {len(text)} characters, more than {MAX_TEXT}")
        if not text.isascii() or not text.isprintable():
            raise NotationError(f"notation: {show(text)}: printable ASCII only")
        parts = text.split(" ")
        if len(parts) != len(self.fields) or not all(parts):
            raise NotationError(
                f"notation: {len(self.fields)} fields ({self.keys}) separated by single "
                f"spaces, got {len([p for p in parts if p])} in {show(text)}")
        done: dict[str, PlainData] = dict(self.constants)
        for (key, codec), part in zip(self.fields, parts, strict=True):
            done[key] = codec.read(part, key, done)
        for rest in self.rests:
            done[rest.key] = rest.left(done)
        return done


__all__ = [
    "EMPTY", "MAX_TEXT", "NO_ROWS", "Alphabet", "Bag", "Cells", "Codec", "Digits", "Flags",
    "Layout", "Letters", "Maybe", "NotationError", "Number", "Numbers", "Prefix", "Record",
    "Rest", "Rows", "SeatRest", "Seats", "Seq", "Slots", "Table", "Word", "fail",
]

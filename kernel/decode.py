"""Strict, total decoding of untrusted input (rule KERNEL-INPUT).

Everything that reads data from outside the kernel (JSON text, plain-data
states, actions, traces, protocol messages, command-line files) goes through
these helpers, so that hostile input of any kind gets one documented error,
:class:`DecodeError` (a ``ValueError``), with a message of bounded size that
names the field, and never a crash:

- :func:`loads` reads JSON text in the canonical value space only: integers
  within +-(2**53 - 1), strings, ``true``/``false``/``null``, arrays and
  objects, at most :data:`MAX_DEPTH` levels deep, no duplicate keys. It
  refuses ``NaN``, ``Infinity``, numbers with a fraction or exponent, and
  invalid UTF-8.
- :func:`show` describes any value in a few dozen characters without calling
  ``repr`` on anything unbounded (a 100 MB string, an integer of a million
  digits, a list nested a thousand levels deep).
- The ``read_*`` helpers check one field of plain data and accept exactly the
  canonical form: ``read_int`` takes an ``int`` (never a ``bool``, a float or
  a numeric string), ``read_bool`` a ``bool``, ``read_str`` a ``str``
  (optionally one of a fixed set), ``read_keys`` an object with exactly the
  expected keys.

>>> loads('{"a": [1, true, null, "x"]}')
{'a': [1, True, None, 'x']}
>>> loads('[Infinity]')
Traceback (most recent call last):
...
kernel.decode.DecodeError: $: not a JSON value the kernel reads (Infinity)
>>> show("x" * 10_000)
"'xxxxxxxxxxxxxxxxxxxxxxxx...' (10000 characters)"
>>> show(10 ** 5000)
'an integer of 16610 bits'
>>> read_int(True, "players", 2, 6)
Traceback (most recent call last):
...
kernel.decode.DecodeError: players: expected an integer 2..6, got true
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable, Mapping
from typing import Any, Final, NoReturn

#: The largest integer magnitude every JSON library reads exactly (I-JSON).
MAX_INT: Final = 2**53 - 1
#: The deepest nesting of arrays and objects :func:`loads` accepts. Kernel
#: documents nest at most 5 levels; 64 leaves room and stays far below
#: Python's recursion limit.
MAX_DEPTH: Final = 64
#: The longest text :func:`show` quotes of a string.
SHOW_CHARS: Final = 24


class DecodeError(ValueError):
    """Input that is not in the canonical form; the message names the field."""


def fail(where: str, message: str) -> NoReturn:
    raise DecodeError(f"{where}: {message}")


def show(value: object) -> str:
    """A short description of ``value`` for a message: never longer than ~60 characters.

    >>> show([1, 2]), show({"a": 1}), show(None), show(2.5), show(-7)
    ('a list of 2 items', 'an object with 1 key', 'null', 'the number 2.5', '-7')

    A Python caller may pass a tuple where a document has a list; it is named
    as what it is, so that "expected a list" is never answered "got a list":

    >>> show((1,)), show(())
    ('a tuple of 1 item', 'a tuple of 0 items')
    """
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if type(value) is int:
        if -(10**18) < value < 10**18:
            return str(value)
        return f"an integer of {value.bit_length()} bits"
    if type(value) is float:
        return f"the number {value!r}"  # a float's repr is at most ~25 characters
    if type(value) is str:
        if len(value) <= SHOW_CHARS:
            return _quote(value)
        return f"{_quote(value[:SHOW_CHARS])[:-1]}...' ({len(value)} characters)"
    if isinstance(value, list | tuple):
        n = len(value)
        kind = "a tuple" if isinstance(value, tuple) else "a list"
        return f"{kind} of {n} item{'' if n == 1 else 's'}"
    if isinstance(value, Mapping):
        n = len(value)
        return f"an object with {n} key{'' if n == 1 else 's'}"
    return f"a {type(value).__name__}"


def _quote(text: str) -> str:
    # repr of a short str is bounded; it escapes control and invisible characters
    return repr(text)


# --------------------------------------------------------------------------
# JSON text

#: What :func:`nesting` looks at: brackets, quotes and backslashes.
_SYNTAX: Final = re.compile(r'[\[\]{}"\\]')


def nesting(text: str) -> int:
    r"""The deepest nesting of arrays and objects in JSON text (strings skipped).

    Linear time and constant memory: one pass over the brackets, quotes and
    backslashes (no regular expression that keeps state per character).

    >>> nesting('[{"a": "[[[\\\\"}, [1]]')
    2
    >>> nesting('["\\"[[", []]')
    2
    """
    level = deepest = 0
    in_string = False
    skip = -1  # the index of a character escaped by a backslash
    for match in _SYNTAX.finditer(text):
        at = match.start()
        if at == skip:
            continue
        ch = text[at]
        if in_string:
            if ch == "\\":
                skip = at + 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            if level > deepest:
                deepest = level
        elif ch in "]}":
            level -= 1
    return deepest


def depth(value: object) -> int:
    """The deepest nesting of lists and dicts in a value (0 for a scalar), without recursion.

    >>> depth([{"a": [1]}, []]), depth(7), depth({})
    (3, 0, 1)
    """
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, list):
            items: Iterable[object] = item
        elif isinstance(item, dict):
            items = item.values()
        else:
            continue
        if level > deepest:
            deepest = level
        stack.extend((x, level + 1) for x in items if isinstance(x, list | dict))
    return deepest


def _constant(name: str) -> NoReturn:
    raise DecodeError(f"$: not a JSON value the kernel reads ({name})")


def _float(text: str) -> NoReturn:
    raise DecodeError(f"$: numbers must be integers, not {text[:SHOW_CHARS]}")


def _int(text: str) -> int:
    if len(text) > 17:  # 2**53 has 16 digits
        raise DecodeError(f"$: integer out of range (+-{MAX_INT}): {len(text)} digits")
    value = int(text)
    if not -MAX_INT <= value <= MAX_INT:
        raise DecodeError(f"$: integer out of range (+-{MAX_INT}): {value}")
    return value


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DecodeError(f"$: duplicate key {show(key)}")
        out[key] = value
    return out


def loads(text: str | bytes, *, max_depth: int = MAX_DEPTH) -> Any:
    """Read JSON text in the kernel's value space, or raise :class:`DecodeError`.

    Memory is linear in the text (KERNEL-INPUT, spec/PROTOCOL.md): the text
    as a ``str`` (1, 2 or 4 bytes a character, by its widest character), the
    value read from it, and nothing per character beyond those; time is
    linear too. The nesting is checked on the value read (JSON's own reader
    refuses anything nested past Python's recursion limit first).
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DecodeError(f"$: not UTF-8 text (byte {exc.start})") from None
    if not isinstance(text, str):
        raise DecodeError(f"$: not JSON text but {show(text)}")
    try:
        value = json.loads(text, parse_constant=_constant, parse_float=_float,
                           parse_int=_int, object_pairs_hook=_object)
    except DecodeError as exc:
        raise DecodeError(str(exc)) from None
    except json.JSONDecodeError as exc:
        raise DecodeError(f"$: not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") \
            from None
    except RecursionError:
        raise DecodeError(f"$: nested more than {max_depth} levels deep") from None
    except ValueError as exc:
        raise DecodeError(f"$: not JSON: {type(exc).__name__}") from None
    if depth(value) > max_depth:
        raise DecodeError(f"$: nested more than {max_depth} levels deep")
    if _SURROGATE.search(text) or _LONE.search(text):
        _check_strings(value)
    return value


#: A ``\uD800``-``\uDFFF`` escape: half of a pair, or a lone surrogate.
_SURROGATE: Final = re.compile(r"\\u[dD][89a-fA-F]")
#: A surrogate code point in a ``str``: never part of Unicode text (a str
#: holds a character beyond the BMP as one code point, not as a pair).
_LONE: Final = re.compile("[\ud800-\udfff]")


def _check_strings(value: object) -> None:
    """Refuse lone surrogates: no canonical (UTF-8) text can carry them."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _LONE.search(item):
                raise DecodeError("$: a string holds a lone surrogate (not Unicode text)")
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())


# --------------------------------------------------------------------------
# fields of plain data


def read_int(value: object, where: str, lo: int = -MAX_INT, hi: int = MAX_INT) -> int:
    """An ``int`` (not a bool, float or string) within ``lo..hi``."""
    if type(value) is not int or not lo <= value <= hi:
        fail(where, f"expected an integer {lo}..{hi}, got {show(value)}")
    return value


def read_bool(value: object, where: str) -> bool:
    if value is not True and value is not False:
        fail(where, f"expected true or false, got {show(value)}")
    return value


def read_str(value: object, where: str, choices: Collection[str] | None = None) -> str:
    """A ``str``; with ``choices``, exactly one of them."""
    if type(value) is not str:
        fail(where, f"expected a string, got {show(value)}")
    if choices is not None and value not in choices:
        fail(where, f"unknown value {show(value)}")
    return value


def read_list(value: object, where: str, length: int | None = None,
              max_length: int | None = None) -> list[Any]:
    """A ``list``; with ``length`` exactly that long, with ``max_length`` at most that."""
    if type(value) is not list:
        fail(where, f"expected a list, got {show(value)}")
    if length is not None and len(value) != length:
        fail(where, f"expected {length} items, got {len(value)}")
    if max_length is not None and len(value) > max_length:
        fail(where, f"expected at most {max_length} items, got {len(value)}")
    return value


def read_keys(value: object, where: str, required: Iterable[str],
              optional: Iterable[str] = ()) -> Mapping[str, Any]:
    """An object with exactly the ``required`` keys and any of the ``optional`` ones."""
    if not isinstance(value, Mapping):
        fail(where, f"expected an object, got {show(value)}")
    need = set(required)
    allowed = need | set(optional)
    for key in value:
        if type(key) is not str:
            fail(where, f"keys must be strings, got {show(key)}")
        if key not in allowed:
            fail(where, f"unexpected key {show(key)}")
    missing = sorted(need - set(value))
    if missing:
        fail(where, f"missing key {show(missing[0])}")
    return value

"""Plain-data documents, field by field, for the decoders' tests (KERNEL-INPUT).

Paths use the decoders' notation: ``tiles[0].space``, ``podium[2][1]``. Used
by the games' plain-data tests (tests/games/<game>/) to change one field of a
canonical document at a time; and the refusal of a mutable value by a state
built directly (:func:`refuse_mutable_fields`).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from kernel.decode import DecodeError

TOKEN = re.compile(r"[^.\[\]]+|\[\d+\]")

#: A value of another JSON type for each type a document holds.
WRONG_TYPE: dict[type, Any] = {int: "1", str: 7, list: {}, dict: [], type(None): 1.5,
                              bool: 1}


def field_paths(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every field of a document, at every depth, with its path."""
    if path:
        yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from field_paths(item, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from field_paths(item, f"{path}[{i}]")


def with_field(doc: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A deep copy of ``doc`` with the field at ``path`` replaced by ``value``."""
    out = copy.deepcopy(doc)
    tokens = TOKEN.findall(path)
    here: Any = out
    for token in tokens[:-1]:
        here = here[int(token[1:-1])] if token.startswith("[") else here[token]
    last = tokens[-1]
    if last.startswith("["):
        here[int(last[1:-1])] = value
    else:
        here[last] = value
    return out


def refuse_wrong_types(doc: dict[str, Any], read: Callable[[Any], object],
                       status: Callable[[Any], tuple[str, ...]] | None = None,
                       unreadable: str = "") -> int:
    """Replace each field of ``doc`` by a value of another JSON type: ``read`` must raise
    DecodeError whose message starts with that field's path, and ``status`` (if given)
    must report only ``unreadable``. Returns how many fields were checked."""
    checked = 0
    for path, value in field_paths(doc):
        bad = with_field(doc, path, WRONG_TYPE[type(value)])
        with pytest.raises(DecodeError) as refused:
            read(bad)
        assert str(refused.value).startswith(f"{path}: "), (path, str(refused.value))
        assert status is None or status(bad) == (unreadable,), path
        checked += 1
    return checked


def refuse_mutable_fields(build: Callable[..., object], fields: dict[str, Any],
                          nested: tuple[str, Any]) -> list[str]:
    """A state built directly (``build(**fields)``) refuses a list in each of its tuple
    fields, and ``nested`` (a field's name, a tuple holding a list), naming the field;
    the names of the tuple fields tried."""
    tuples = [name for name, value in fields.items() if type(value) is tuple]
    for name in tuples:
        with pytest.raises(TypeError, match=rf"immutable values only .*: {name}$"):
            build(**{**fields, name: list(fields[name])})
    name, value = nested
    with pytest.raises(TypeError, match=rf": {name}$"):
        build(**{**fields, name: value})
    return tuples

"""Module-level memos that can be emptied together, as ``functools`` caches can.

A hot module may keep plain memo dicts (a table per key it has met) or its
last result (``(key, value)``, the key compared by identity) as module
globals; they are faster than ``functools.lru_cache`` on a hit. The test
suite empties every kernel cache that has a ``cache_clear`` before each test
under mutation testing (``tests/conftest.py``: mutmut forks a mutant's tests
from a process whose caches the original code filled, and a warm cache would
hide the mutant). Such a module names its memos in one :class:`Memos`:

>>> _SEEN: dict[int, int] = {}
>>> _last = (object(), 0)
>>> memos = Memos(globals(), "_SEEN", "_last")
>>> _SEEN[1] = 2; _last = ("key", 3)
>>> memos.cache_clear()
>>> _SEEN, _last[1]
({}, 0)
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any


class Memos:
    """The memos ``names`` of a module (its ``globals()``): dicts are emptied, anything
    else is set back to the value it had when this was made."""

    def __init__(self, namespace: MutableMapping[str, Any], *names: str) -> None:
        self._namespace = namespace
        self._initial = {name: namespace[name] for name in names}

    def cache_clear(self) -> None:
        """Empty the dicts; set the other memos back to their first values."""
        for name, initial in self._initial.items():
            value = self._namespace[name]
            if type(value) is dict:
                value.clear()
            else:
                self._namespace[name] = initial

"""Camel Up: The Card Game (2023): tables for the rule tests, from the spec's named fixtures.

``spec/camel-up-card-game-2023/examples/fixtures.json`` names the tables the
examples start from; a test takes one, patches some keys and rebuilds it with
``from_data``, so that every invariant holds (or names what breaks).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from kernel.core import Applied, Event
from kernel.games.camel_up_card_game_2023 import game

SPEC = Path(__file__).resolve().parents[3] / "spec" / "camel-up-card-game-2023"
_FIXTURES: dict[str, Any] = json.loads(
    (SPEC / "examples" / "fixtures.json").read_text(encoding="utf-8"))["fixtures"]


def plain(name: str, **patch: Any) -> dict[str, Any]:
    """The named fixture's plain data (its patch applied), some keys replaced."""
    entry = _FIXTURES[name]
    out = copy.deepcopy(entry["state"]) if "state" in entry else plain(entry["from"])
    out.update(copy.deepcopy(entry.get("patch", {})))
    out.update(copy.deepcopy(patch))
    return out


def table(name: str, **patch: Any) -> Any:
    """The named fixture, patched, as a checked state."""
    return game.from_data(plain(name, **patch))


def lay(length: int, **cells: list[str]) -> list[list[str]]:
    """A ``stacks`` field of ``length`` cells: ``c3=["blue"]`` puts blue on cell 3."""
    out: list[list[str]] = [[] for _ in range(length)]
    for key, camels in cells.items():
        out[int(key[1:])] = list(camels)
    return out


def run(s: Any, *actions: str) -> tuple[Any, list[Event]]:
    """Apply each action in turn (each must be legal): the last state and every event."""
    seen: list[Event] = []
    for text in actions:
        result = game.apply(s, text)
        assert isinstance(result, Applied), (text, result)
        seen.extend(result.events)
        s = result.state
    return s, seen

"""The game registry: game id -> :class:`GameInfo` (rule KERNEL-CONFIG).

Importing a game package registers it, as OpenSpiel's Python games do.
A new game adds a package under ``kernel/games/`` that calls :func:`register`
and is imported by :mod:`kernel.games`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import attrs

from kernel.core import Action, Outcome, PlainData, Rejected, Result


@attrs.frozen
class GameInfo:
    """A registered game: its metadata and its pure functions."""

    id: str
    name: str
    version: int
    min_players: int
    max_players: int
    config_keys: tuple[tuple[str, str], ...]
    state_type: type
    rule_prefix: str
    invariants: tuple[str, ...]
    new_game: Callable[[Mapping[str, Any]], Any]
    parse_config: Callable[[object], Any]
    current_actor: Callable[[Any], int]
    legal_actions: Callable[[Any], tuple[Action, ...]]
    chance_outcomes: Callable[[Any], tuple[tuple[Action, Fraction], ...]]
    apply: Callable[[Any, object], Result]
    parse_action: Callable[[object], Action | Rejected]
    observation: Callable[[Any, int], dict[str, PlainData]]
    outcome: Callable[[Any], Outcome | None]
    to_data: Callable[[Any], dict[str, PlainData]]
    from_data: Callable[[Mapping[str, Any]], Any]
    status: Callable[[Mapping[str, Any]], tuple[str, ...]]
    violations: Callable[[Any], tuple[str, ...]]
    all_actions: tuple[Action, ...]

    def configs(self) -> tuple[dict[str, Any], ...]:
        """One plain configuration per player count (for sweeps and vectors)."""
        return tuple({"players": n} for n in range(self.min_players, self.max_players + 1))


GAMES: dict[str, GameInfo] = {}
_BY_TYPE: dict[type, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    GAMES[info.id] = info
    _BY_TYPE[info.state_type] = info
    return info


def game_of_state(state: object) -> GameInfo | None:
    """The game a state belongs to, or None for anything else."""
    return _BY_TYPE.get(type(state))

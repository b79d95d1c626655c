"""Camel Up Cards (Steffen Bogen, eggertspiele 2016): the game's public functions.

What the registry's :class:`~kernel.registry.GameInfo` holds, and the
behaviour version. The game is built on the shared camel-card engine
(:mod:`kernel.engines.camel_cards`), one concern a module:

- ``data.py``: components and per-player-count tables, with their sources;
- ``actions.py``: the action vocabulary, the one strict parser, the action space;
- ``config.py``: the configuration and the table before the first reveal;
- ``engine.py``: this game as the engine's parameters (rule IDs, CUC-TURN-START);
- ``state.py``: the frozen state and its invariants (``violations``);
- ``legality.py``: who acts, chance outcomes, legal actions, ``why_not``, the outcome;
- ``transitions.py``: ``apply`` and ``apply_legal`` (the readings of this game are listed there);
- ``plain.py``: the plain-data form, ``status`` and the observation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from kernel.core import PlainData

from . import plain
from .actions import ACTION_SPACE, ACTIONS, ALL_ACTIONS, KINDS, VOCABULARY, parse_action
from .config import action_space, new_game, parse_config, seats
from .legality import chance_outcomes, current_actor, legal_actions, outcome, why_not
from .plain import stacks_of
from .state import CardsState
from .transitions import apply, apply_legal

#: Changes only when the game's behaviour changes (see spec CHANGELOG).
VERSION: Final = 1


def to_data(s: CardsState) -> dict[str, PlainData]:
    """The whole table as plain data (the canonical state form)."""
    return plain.to_data(s, VERSION)


def observation(s: CardsState, seat: int) -> dict[str, PlainData]:
    """What ``seat`` may see (KERNEL-OBSERVATION, CUC-LEG-HIDDEN)."""
    return plain.observation(s, seat, VERSION)


def from_data(data: Mapping[str, Any]) -> CardsState:
    """Rebuild a state from exactly :func:`to_data` output (KERNEL-INPUT; see :mod:`.plain`)."""
    return plain.from_data(data, VERSION)


def status(data: Mapping[str, Any]) -> tuple[str, ...]:
    """Every invariant a candidate state in plain-data form breaks, by ID."""
    return plain.status(data, VERSION)


__all__ = [
    "ACTIONS",
    "ACTION_SPACE",
    "ALL_ACTIONS",
    "KINDS",
    "VERSION",
    "VOCABULARY",
    "action_space",
    "apply",
    "apply_legal",
    "chance_outcomes",
    "current_actor",
    "from_data",
    "legal_actions",
    "new_game",
    "observation",
    "outcome",
    "parse_action",
    "parse_config",
    "seats",
    "stacks_of",
    "status",
    "to_data",
    "why_not",
]

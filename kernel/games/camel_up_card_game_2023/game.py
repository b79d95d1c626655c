"""Camel Up: The Card Game (Steffen Bogen, Pretzel Games 2023): the game's public functions.

What the registry's :class:`~kernel.registry.GameInfo` holds, and the
behaviour version. The game is built on the shared camel-card engine
(:mod:`kernel.engines.camel_cards`), one concern a module:

- ``data.py``: components and per-player-count tables, with their sources;
- ``actions.py``: the action vocabulary, the one strict parser, the action space;
- ``config.py``: the configuration and the table before the first reveal;
- ``engine.py``: this game as the engine's parameters and its own steps;
- ``state.py``: the frozen state and its invariants (``violations``);
- ``legality.py``: who acts, chance outcomes, legal actions, ``why_not``, the outcome;
- ``transitions.py``: ``apply`` and ``apply_legal``;
- ``plain.py``: the plain-data form, ``status`` and the observation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, Final

from kernel.core import PlainData

from . import plain
from .actions import ACTION_SPACE, ACTIONS, ALL_ACTIONS, KINDS, VOCABULARY, parse_action
from .config import action_space, new_game, parse_config, seats
from .legality import chance_outcomes, current_actor, legal_actions, outcome, why_not
from .state import CugState
from .transitions import apply, apply_legal

#: Changes only when the game's behaviour changes (see spec CHANGELOG).
VERSION: Final = 2


#: The whole table as plain data (the canonical state form).
to_data: Final[Callable[[CugState], dict[str, PlainData]]] = partial(plain.to_data,
                                                                    version=VERSION)
#: What a seat may see (KERNEL-OBSERVATION, CUG-LEG-HIDDEN).
observation: Final[Callable[[CugState, int], dict[str, PlainData]]] = partial(
    plain.observation, version=VERSION)
#: A state from exactly :func:`to_data` output (KERNEL-INPUT).
from_data: Final[Callable[[Mapping[str, Any]], CugState]] = partial(plain.from_data,
                                                                   version=VERSION)
#: Every invariant a candidate state in plain-data form breaks, by ID.
status: Final[Callable[[Mapping[str, Any]], tuple[str, ...]]] = partial(plain.status,
                                                                       version=VERSION)


__all__ = [
    "ACTIONS", "ACTION_SPACE", "ALL_ACTIONS", "KINDS", "VERSION", "VOCABULARY", "action_space",
    "apply", "apply_legal", "chance_outcomes", "current_actor", "from_data", "legal_actions",
    "new_game", "observation", "outcome", "parse_action", "parse_config", "seats", "status",
    "to_data", "why_not"
]

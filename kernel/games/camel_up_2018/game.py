"""Camel Up, 2nd edition (2018): the game's public functions.

What the registry's :class:`~kernel.registry.GameInfo` holds, one concern a module:

- ``data.py``: components and tables, with their sources; the behaviour version;
- ``actions.py``: the action vocabulary and its tables;
- ``config.py``: the configuration, the table before the first roll, the action space;
- ``state.py``: the frozen state and its invariants (full and incremental);
- ``legality.py``: who acts, chance outcomes, legal actions, ``why_not``, the outcome;
- ``transitions.py``: ``apply`` and ``apply_legal`` (the leg and final scoring are there);
- ``plain.py``: the plain-data form, ``status`` and the observation;
- ``movement.py``, ``scoring.py``: the pure reveal and payout rules (CrossHair contracts).
"""

from __future__ import annotations

from .actions import CHANCE_KINDS, KINDS, VOCABULARY
from .config import action_space, new_game, parse_config, seats
from .data import VERSION
from .legality import board, chance_outcomes, current_actor, legal_actions, outcome, why_not
from .plain import from_data, observation, status, to_data
from .state import violations
from .transitions import apply, apply_legal

__all__ = [
    "CHANCE_KINDS", "KINDS", "VERSION", "VOCABULARY", "action_space", "apply", "apply_legal",
    "board", "chance_outcomes", "current_actor", "from_data", "legal_actions", "new_game",
    "observation", "outcome", "parse_config", "seats", "status", "to_data", "violations",
    "why_not"
]

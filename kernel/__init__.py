"""race-kernel: the reference rules kernel for race-and-bet games.

The API is the same for every registered game (see :mod:`kernel.api`)::

    import kernel
    game = kernel.games()[0]                 # a registered game id
    state = kernel.new_game(game, {"players": 4})
    while kernel.current_actor(state) != kernel.TERMINAL:
        ...

The names are imported when first used (PEP 562 module ``__getattr__``):
``import kernel`` loads nothing else, and the first use of the API (for
example ``kernel.games()``) imports :mod:`kernel.api`, which registers every
game.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kernel.api import (
        Step,
        Trace,
        action_space,
        apply,
        chance_outcomes,
        check_config,
        current_actor,
        events_seen,
        from_data,
        from_notation,
        game_info,
        games,
        information_state,
        legal_actions,
        new_game,
        notation,
        observation,
        outcome,
        parse_action,
        play,
        sample_chance,
        seat_odds,
        status,
        to_data,
        uniform_policy,
        violations,
    )
    from kernel.core import (
        CHANCE,
        TERMINAL,
        Action,
        Applied,
        ConfigError,
        Event,
        InvalidState,
        Outcome,
        Rejected,
    )
    from kernel.resample import resample

#: Where each public name lives (imported on first use).
_HOME = {
    **dict.fromkeys(("Step", "Trace", "action_space", "apply", "chance_outcomes",
                     "check_config", "current_actor", "events_seen", "from_data",
                     "from_notation", "game_info", "games", "information_state",
                     "legal_actions", "new_game", "notation", "observation", "outcome",
                     "parse_action", "play",
                     "sample_chance", "seat_odds", "status", "to_data", "uniform_policy",
                     "violations"), "kernel.api"),
    **dict.fromkeys(("CHANCE", "TERMINAL", "Action", "Applied", "ConfigError", "Event",
                     "InvalidState", "Outcome", "Rejected"), "kernel.core"),
    "resample": "kernel.resample",
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'kernel' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # once: later lookups find it directly
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})


def _api_function(name: str) -> property:
    """``kernel.<name>``: the API's function, although a submodule has that name too."""

    def get(module: types.ModuleType) -> Any:
        if name in _SET:
            return _SET[name]
        return getattr(importlib.import_module(_HOME[name]), name)

    def put(module: types.ModuleType, value: object) -> None:
        # the import of the submodule sets it here: it stays in sys.modules only
        if not isinstance(value, types.ModuleType):
            _SET[name] = value  # a replacement (a test's, for one)

    return property(get, put)


#: What was set in place of ``games`` or ``resample`` (see :func:`_api_function`).
_SET: dict[str, object] = {}


class _NoModule:
    """A module has no ``__module__`` (tools walk ``__module__`` up to a module): nor
    has this one, although its class, as every class, names the module it is in."""

    def __get__(self, module: object, owner: type | None = None) -> str:
        raise AttributeError("__module__")


class _Kernel(types.ModuleType):
    """This module, with ``kernel.games`` and ``kernel.resample`` the API's functions
    (the package :mod:`kernel.games` and the module of ``resample`` share their names)."""

    games = _api_function("games")
    resample = _api_function("resample")
    __module__ = _NoModule()


sys.modules[__name__].__class__ = _Kernel


__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Applied",
    "ConfigError",
    "Event",
    "InvalidState",
    "Outcome",
    "Rejected",
    "Step",
    "Trace",
    "action_space",
    "apply",
    "chance_outcomes",
    "check_config",
    "current_actor",
    "events_seen",
    "from_data",
    "from_notation",
    "game_info",
    "games",
    "information_state",
    "legal_actions",
    "new_game",
    "notation",
    "observation",
    "outcome",
    "parse_action",
    "play",
    "resample",
    "sample_chance",
    "seat_odds",
    "status",
    "to_data",
    "uniform_policy",
    "violations",
]

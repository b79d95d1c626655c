"""race-kernel: the reference rules kernel for race-and-bet games.

The API is the same for every registered game (see :mod:`kernel.api`)::

    import kernel
    game = kernel.games()[0]                 # a registered game id
    state = kernel.new_game(game, {"players": 4})
    while kernel.current_actor(state) != kernel.TERMINAL:
        ...
"""

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
    game_info,
    games,
    information_state,
    legal_actions,
    new_game,
    observation,
    outcome,
    parse_action,
    play,
    sample_chance,
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
    "game_info",
    "games",
    "information_state",
    "legal_actions",
    "new_game",
    "observation",
    "outcome",
    "parse_action",
    "play",
    "resample",
    "sample_chance",
    "status",
    "to_data",
    "uniform_policy",
    "violations",
]

"""The Hare & the Tortoise (2014): the configuration, the table before the setup's
chance and the fixed action space."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kernel.core import ConfigError
from kernel.decode import show
from kernel.plugin import ActionSpace

from .actions import KINDS, VOCABULARY
from .data import (
    ANIMALS,
    CHAMPIONSHIP_ROUNDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODES,
)
from .state import DECKS, SETUP, HareState


def parse_config(config: object) -> dict[str, Any]:
    """The configuration with defaults (ConfigError: KERNEL-CONFIG).

    ``players`` 2 to 5; ``first`` the first player (HT-SETUP-FIRST, default 0);
    ``series`` 1 game, or 3 for the championship (HT-CHAMP-ROUNDS); ``mode``
    standard or apprentice (HT-APP-CARDS ... HT-APP-END).
    """
    if not isinstance(config, Mapping):
        raise ConfigError(f"a configuration is an object, not {show(config)}")
    known = ("players", "first", "series", "mode")
    for key in config:
        if key not in known:
            raise ConfigError(f"unknown configuration key {show(key)}; known: {', '.join(known)}")
    players = config.get("players", 4)
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ConfigError(f"'players' must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {show(players)}")
    first = config.get("first", 0)
    if type(first) is not int or not 0 <= first < players:
        raise ConfigError(f"'first' must be a seat, 0 to {players - 1}, not {show(first)} "
                          f"(HT-SETUP-FIRST)")
    rounds = config.get("series", 1)
    if type(rounds) is not int or rounds not in (1, CHAMPIONSHIP_ROUNDS):
        raise ConfigError(f"'series' must be 1 or {CHAMPIONSHIP_ROUNDS} (the championship), "
                          f"not {show(rounds)}")
    mode = config.get("mode", "standard")
    if type(mode) is not str or mode not in MODES:
        raise ConfigError(f"'mode' must be one of {', '.join(MODES)}, not {show(mode)}")
    return {"players": players, "first": first, "series": rounds, "mode": mode}


def fresh(players: int, mode: str, rounds: int, round_: int, token: int, races: int,
           points: tuple[int, ...], history: tuple[tuple[int, ...], ...],
           shown: tuple[tuple[str, ...], ...]) -> HareState:
    """A new setup (HT-SETUP-*, HT-CHAMP-ROUNDS): every card back, pawns on the line."""
    deck = DECKS[mode]
    first_phase = SETUP[mode][0]
    empty: tuple[tuple[str, ...], ...] = ((),) * players
    return HareState(players, mode, rounds, round_, first_phase, 0, token, races, (), (),
                     (0,) * len(ANIMALS), (), tuple(sorted(ANIMALS)), empty, empty, empty,
                     deck, (), (), (), points, history, shown)


def new_game(config: Mapping[str, Any]) -> HareState:
    """HT-SETUP-PAWNS, HT-SETUP-FIRST, HT-DATA-CARDS: the table before the setup's chance."""
    c = parse_config(config)
    n = c["players"]
    return fresh(n, c["mode"], c["series"], 1, c["first"], 0, (0,) * n, (), ((),) * n)


def action_space(config: Mapping[str, Any]) -> ActionSpace:
    """The fixed action space of a configuration (seats' actions, chance outcomes)."""
    c = parse_config(config)
    n = c["players"]
    kinds = {k.name: k for k in KINDS}
    chance = tuple(a for a in VOCABULARY.actions if kinds[a.kind].actor == "chance"
                   and (a.kind not in ("starting", "deal") or int(a.values[0]) < n))
    players = tuple(a for a in VOCABULARY.actions if kinds[a.kind].actor == "seat")
    return ActionSpace(players, chance)


def seats(s: HareState) -> int:
    return s.players

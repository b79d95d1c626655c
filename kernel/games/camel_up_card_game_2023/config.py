"""Camel Up: The Card Game (2023): the configuration and the table before the first reveal.

Parameters: ``players`` (2..6) and ``age_order`` (the seats from youngest to
oldest, default 0, 1, ...): the youngest starts the game (CUG-SETUP-START).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kernel.core import ConfigError
from kernel.decode import show
from kernel.plugin import ActionSpace
from kernel.rules.track import FACE, HALF

from .actions import ACTION_SPACE
from .data import (
    CAMELS,
    CRAZY,
    CRAZY_START,
    DEFAULT_PLAYERS,
    FULL_DECK,
    LEADER_STACK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RACING,
    SETUP_CARDS,
    START_MONEY,
)
from .state import SETUP, CugState

_KEYS = ("players", "age_order")


def parse_config(config: object) -> tuple[int, tuple[int, ...]]:
    """The player count and age order of a configuration (KERNEL-CONFIG: ConfigError)."""
    if not isinstance(config, Mapping):
        raise ConfigError("configuration must be a mapping such as {\"players\": 4}")
    unknown = [k for k in config if k not in _KEYS]
    if unknown:
        raise ConfigError(f"unknown configuration key {show(unknown[0])}; known: "
                          + ", ".join(_KEYS))
    players = config.get("players", DEFAULT_PLAYERS)
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ConfigError(f"'players' must be an integer {MIN_PLAYERS} to {MAX_PLAYERS}, "
                          f"not {show(players)}")
    ages = config.get("age_order", list(range(players)))
    seats_ok = isinstance(ages, list | tuple) and all(type(a) is int for a in ages)
    if not seats_ok or sorted(ages) != list(range(players)):
        raise ConfigError(f"'age_order' must list the seats 0..{players - 1} once each, "
                          f"youngest first")
    return players, tuple(ages)


def new_game(config: Mapping[str, Any]) -> CugState:
    """The table after the initial setup, before the 5 starting reveals.

    CUG-SETUP-TRACK (the start-line card to the setup card's number, then the
    Finish), CUG-SETUP-FINAL, CUG-SETUP-MONEY (3 Pounds, a fennec and a
    shortcut token each), CUG-SETUP-START (racing camels behind the start
    line; the youngest holds the starting player marker), CUG-SETUP-CRAZY
    (the crazy camel on space 7: no racing camel reaches space 7 in 5
    reveals, so it stands there from the start).
    """
    players, ages = parse_config(config)
    last = SETUP_CARDS[players].flag  # CUG-DATA-SETUPCARD
    track = (FACE,) * (last // 2) + (HALF,) * (last % 2)
    nobody: tuple[tuple[str, ...], ...] = tuple(() for _ in range(players))
    pos = tuple(CRAZY_START if c == CRAZY else 0 for c in range(CAMELS))
    return CugState(
        players=players, age_order=ages, phase=SETUP, leg=0, track=track,
        pos=pos, height=(0,) * CAMELS,
        palm=0, palm_holder=-1, fennec=0, fennec_holder=-1,
        stock=FULL_DECK, hands=nobody, discard=(), deck=(), intel=nobody,
        revealed=(), shown=(),
        leaders=(LEADER_STACK,) * RACING, midfield=(True,) * RACING,
        bets=((),) * players, winner_bets=(-1,) * players, loser_bets=(-1,) * players,
        money=(START_MONEY,) * players, payouts=((),) * players,
        starter=ages[0], turn=0, bet_done=False, track_done=False, extended=0,
        fennec_tokens=(True,) * players, shortcut_tokens=(True,) * players,
        fennec_placers=(), shortcut_placers=(),
    )


def seats(s: CugState) -> int:
    """The number of seats."""
    return s.players


def action_space(config: Mapping[str, Any]) -> ActionSpace:
    """The numbered actions (KERNEL-CONFIG checked): the same for every configuration."""
    parse_config(config)
    return ACTION_SPACE

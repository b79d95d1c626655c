"""Camel Up Cards (2016): the configuration and the table before the first reveal.

Parameters: ``players`` (2..6), ``age_order`` (the seats from youngest to
oldest; default seat 0 youngest), for CUC-TURN-START ties.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kernel.core import ConfigError
from kernel.decode import show
from kernel.engines.camel_cards.table import Cards
from kernel.plugin import ActionSpace
from kernel.rules.camel import CAMELS, FACE, HALF

from .actions import ACTION_SPACE
from .data import (
    DEFAULT_PLAYERS,
    FULL_DECK,
    LEADER_STACK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SETUP_CARDS,
    START_MONEY,
)
from .state import SETUP, CardsState


def parse_config(config: object) -> tuple[int, tuple[int, ...]]:
    """Check a configuration (KERNEL-CONFIG); return players and age order."""
    if not isinstance(config, Mapping):
        raise ConfigError("configuration must be a mapping such as {\"players\": 4}")
    for key in config:
        if key not in ("players", "age_order"):
            raise ConfigError(f"unknown configuration key {show(key)}; known: players, age_order")
    players = config.get("players", DEFAULT_PLAYERS)
    if type(players) is not int:
        raise ConfigError(f"'players' must be an integer, not {show(players)}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ConfigError(f"'players' must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {show(players)}")
    ages = config.get("age_order", list(range(players)))
    if (
        not isinstance(ages, list | tuple)
        or len(ages) != players
        or any(type(a) is not int for a in ages)
        or sorted(ages) != list(range(players))
    ):
        raise ConfigError(
            f"'age_order' must list the seats 0..{players - 1} once each, youngest first"
        )
    return players, tuple(ages)


def new_game(config: Mapping[str, Any]) -> CardsState:
    """The table after the initial setup, before the 5 starting reveals.

    CUC-SETUP-TRACK, CUC-SETUP-FINAL, CUC-SETUP-MONEY, CUC-SETUP-START.
    """
    players, ages = parse_config(config)
    flag = SETUP_CARDS[players].flag  # CUC-DATA-SETUPCARD
    track = (FACE,) * (flag // 2) + ((HALF,) if flag % 2 else ())  # CUC-SETUP-TRACK
    empty: tuple[Cards, ...] = ((),) * players
    return CardsState(
        players=players,
        age_order=ages,
        phase=SETUP,
        leg=0,
        track=track,
        pos=(0,) * CAMELS,  # CUC-SETUP-START: all on the Start card, unstacked
        height=(0,) * CAMELS,
        palm=0,
        palm_holder=-1,
        fennec=0,
        fennec_holder=-1,
        stock=FULL_DECK,  # CUC-SETUP-REVEAL: all 30 shuffled
        hands=empty,
        discard=(),
        deck=(),
        intel=empty,
        revealed=(),
        shown=(),
        leaders=(LEADER_STACK,) * CAMELS,
        midfield=(True,) * CAMELS,
        bets=((),) * players,
        winner_bets=(-1,) * players,  # CUC-SETUP-FINAL: all final cards available
        loser_bets=(-1,) * players,
        money=(START_MONEY,) * players,  # CUC-SETUP-MONEY
        payouts=((),) * players,
        starter=0,
        turn=0,
        bet_done=False,
        track_done=False,
        extended=0,
    )


def seats(s: CardsState) -> int:
    """The number of seats."""
    return s.players


def action_space(config: Mapping[str, Any]) -> ActionSpace:
    """The numbered actions (KERNEL-CONFIG checked): the same for every configuration."""
    parse_config(config)
    return ACTION_SPACE

"""Camel Up, 2nd edition (2018): the configuration, the table before the first roll
and the fixed action space.

Parameters: ``players`` (3 to 8, default 4) and ``youngest`` (the seat that
starts the first leg, CU2-SETUP-START; default 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kernel.core import ConfigError
from kernel.decode import show
from kernel.plugin import ActionSpace

from .actions import CHANCE_KINDS, VOCABULARY
from .data import CELLS, COLOURS, MAX_PLAYERS, MIN_PLAYERS, PARTNER_MIN_PLAYERS, START_MONEY
from .state import Camel2018State


def parse_config(config: object) -> dict[str, int]:
    """The configuration, defaults filled in (ConfigError: KERNEL-CONFIG)."""
    if not isinstance(config, Mapping):
        raise ConfigError(f"a configuration is an object, not {show(config)}")
    for key in config:
        if key not in ("players", "youngest"):
            raise ConfigError(f"unknown configuration key {show(key)}; known: players, youngest")
    players = config.get("players", 4)
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ConfigError(f"'players' must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {show(players)}")
    youngest = config.get("youngest", 0)
    if type(youngest) is not int or not 0 <= youngest < players:
        raise ConfigError(f"'youngest' must be a seat 0 to {players - 1}, not {show(youngest)}")
    return {"players": players, "youngest": youngest}


def new_game(config: Mapping[str, Any]) -> Camel2018State:
    """The table before the starting positions are rolled.

    CU2-SETUP-TICKETS (every stack 2, 2, 3, 5; 5 pyramid tickets), CU2-SETUP-MONEY
    (3 Pounds each), CU2-SETUP-CARDS (5 finish cards each, tiles off the board,
    partnership cards available), CU2-SETUP-START (the youngest seat holds the
    starting player marker); then chance places the camels (CU2-SETUP-RACING,
    CU2-SETUP-CRAZY).
    """
    c = parse_config(config)
    n, first = c["players"], c["youngest"]
    return Camel2018State(
        players=n, phase="setup", leg=1, starter=first, turn=first,
        track=((),) * CELLS, revealed=(), previous_leg=(), bets=((),) * n, pyramid_tickets=(0,) * n,
        tiles=(None,) * n, money=(START_MONEY,) * n, hands=(tuple(sorted(COLOURS)),) * n,
        winner_pile=(), loser_pile=(), winner_cards=((),) * n, loser_cards=((),) * n,
        partners=(None,) * n)


def action_space(config: Mapping[str, Any]) -> ActionSpace:
    """The fixed action space of a configuration (partnerships only with 6 or more)."""
    n = parse_config(config)["players"]
    chance = tuple(a for a in VOCABULARY.actions if a.kind in CHANCE_KINDS)
    players = tuple(a for a in VOCABULARY.actions if a.kind not in CHANCE_KINDS and (
        a.kind != "partner" or (n >= PARTNER_MIN_PLAYERS and int(a.values[0]) < n)))
    return ActionSpace(players, chance)


def seats(s: Camel2018State) -> int:
    """The number of seats."""
    return s.players

"""Camel Up, 2nd edition (2018): the position document of a state (``race-kernel odds`` input).

The position document describes the current leg as the player to move sees
it: ``track`` (spaces "1".."16", stacks bottom to top), ``pyramid`` (the dice
still in it), ``tiles`` (space -> "cheer" or "boo"), ``tickets`` (colour ->
the value of its top betting ticket, 0 for an empty stack) and, when the
seat's own tile is on the board, ``mover_tile`` (its space).

>>> from kernel.games.camel_up_2018 import game
>>> s = game.new_game({"players": 3})
>>> for a in ("die:blue:1", "die:green:1", "die:red:1", "die:yellow:1", "die:purple:1",
...           "die:white:1", "die:black:1"):
...     s = game.apply(s, a).state
>>> doc = position_of(s)
>>> doc["track"], doc["pyramid"], doc["tiles"], doc["tickets"]["red"]
({'1': ['blue', 'green', 'red', 'yellow', 'purple'], '16': ['white', 'black']}, \
['blue', 'green', 'red', 'yellow', 'purple', 'grey'], {}, 5)
"""

from __future__ import annotations

from typing import Any

from .data import COLOURS, TRACK_SPACES
from .state import Camel2018State, pyramid, top_ticket


def position_of(state: Camel2018State) -> dict[str, Any]:
    """The position document of the current leg seen from the seat to move (or revealing).

    Raises ValueError before the camels are placed and after the race.
    """
    if state.phase not in ("turn", "reveal"):
        raise ValueError(f"no leg position in phase {state.phase!r}")
    seat = state.turn
    doc: dict[str, Any] = {
        "track": {str(space): list(state.track[space])
                  for space in range(1, TRACK_SPACES + 1) if state.track[space]},
        "pyramid": list(pyramid(state)),
        "tiles": {str(t[0]): t[1] for t in sorted(x for x in state.tiles if x is not None)},
        "tickets": {c: top_ticket(state, c) for c in COLOURS},
    }
    own = state.tiles[seat]
    if own is not None:
        doc["mover_tile"] = own[0]
    return doc


__all__ = ["position_of"]

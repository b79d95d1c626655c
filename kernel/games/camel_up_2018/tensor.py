"""Camel Up, 2nd edition (2018): the tensor layout of a seat's observation.

``GameInfo.tensor``: for a configuration, every key of :func:`.game.observation`
with its form (the grammar is in :mod:`kernel.adapters.encode`) and its bound
from the rules: 16 track spaces and the cells behind and past the finish line
(18 cells) holding the 7 camels; at most 5 dice revealed in a leg (the leg
ends with the fifth, CU2-LEG-END); 20 betting tickets (4 per racing colour);
5 finish cards per seat, so piles of at most 5 cards per seat. A seat's
betting tickets are counts per ticket (the order taken decides nothing).
The hand of finish cards and the colours of the finish cards on the piles
(``winner_cards`` / ``loser_cards``: its own face-down ones, CU2-FINISH-CARD,
and every seat's once shown, CU2-PAY-FINAL) are the seat's private
observation. With the colours of its own face-down finish cards in it, the
information-state tensor needs no memory: nothing else is hidden (the dice
are rolled in the open).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .data import (
    ALL_CAMELS,
    ALL_DICE,
    CELLS,
    COLOURS,
    GAME_ID,
    LEG_DICE,
    NUMBERS,
    PHASES,
    PYRAMID_TICKETS,
    SIDES,
    TICKET_STACK,
    TILE_SPACES,
    VERSION,
)


def layout(config: Mapping[str, Any]) -> Any:
    """The observation's layout for ``config`` (KERNEL-CONFIG checked)."""
    from .game import parse_config

    players = parse_config(config)["players"]
    seat = ("int", 0, players - 1)
    colour = ("enum", COLOURS)
    face = ("enum", tuple(f"{c}:{k}" for c in ALL_CAMELS for k in NUMBERS))
    bet = ("enum", tuple(f"{c}:{v}" for c in COLOURS for v in sorted(set(TICKET_STACK))))
    cards = len(COLOURS)  # finish cards per seat, one per racing colour

    def per_seat(form: Any) -> Any:
        return ("array", players, form)

    return ("dict", {
        "game": ("const", GAME_ID),
        "version": ("const", VERSION),
        "players": ("const", players),
        "phase": ("enum", PHASES),
        "leg": ("num",),
        "starter": seat,
        "turn": seat,
        "track": ("array", CELLS, ("list", len(ALL_CAMELS), ("enum", ALL_CAMELS))),
        "revealed": ("list", LEG_DICE, face),
        "previous_leg": ("list", LEG_DICE, face),
        "bets": per_seat(("count", bet[1])),
        "pyramid_tickets": per_seat(("int", 0, PYRAMID_TICKETS)),
        "tiles": per_seat(("opt", ("dict", {
            "space": ("int", min(TILE_SPACES), max(TILE_SPACES)), "side": ("enum", SIDES)}))),
        "money": per_seat(("num",)),
        "winner_pile": ("list", cards * players, seat),
        "loser_pile": ("list", cards * players, seat),
        "partners": per_seat(("opt", seat)),
        "seat": seat,
        "hand": ("private", ("bag", tuple(sorted(COLOURS)))),
        "hand_sizes": per_seat(("int", 0, cards)),
        "winner_cards": ("private", per_seat(("opt", ("list", cards, colour)))),
        "loser_cards": ("private", per_seat(("opt", ("list", cards, colour)))),
        "stacks": ("dict", {c: ("list", len(TICKET_STACK), ("enum", tuple(
            sorted(set(TICKET_STACK))))) for c in COLOURS}),
        "pyramid": ("bag", ALL_DICE),
    })

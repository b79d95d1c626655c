"""Camel Up: The Card Game (2023): the tensor layout of a seat's observation.

``GameInfo.tensor``: for a configuration, every key of :func:`.plain.observation`
with its form (the grammar is in :mod:`kernel.adapters.encode`) and its bound
from the rules: 12 race track cards, so at most 24 spaces and 26 cells with
the start line and the Finish; 30 racing cards and 5 crazy camel cards; a
marker token per seat; the keys every card game shares come from
:func:`kernel.engines.camel_cards.tensor.shared_forms`.
The hands are the seat's private observation (its own, and every seat's once
turned face up). The information-state tensor's memory counts, by card id, the
cards the seat saw go into and out of the stock, discard pile, deck, revealed
(played) pile, the crazy camel cards set aside (CUG-LEG-RESET), each hand and
each personal racing card (CUG-LEG-PERSONAL), since each group's last
gathering: the crazy cards shuffled in unseen (CUG-LEG-CRAZYCARDS) count as
unseen cards into the deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kernel.engines.camel_cards.flow import hand
from kernel.engines.camel_cards.tensor import shared_forms

from .data import (
    CAMEL_NAMES,
    CARD_IDS,
    CRAZY_CARDS,
    FULL_DECK,
    GAME_ID,
    LEADER_STACK,
    RACING_COLOURS,
    TRACK_CARDS,
)
from .resample import personal
from .state import PHASES


def layout(config: Mapping[str, Any]) -> Any:
    """The observation's layout for ``config`` (KERNEL-CONFIG checked)."""
    from .game import VERSION, parse_config

    players = parse_config(config)[0]
    seat = ("int", 0, players - 1)
    marker = ("opt", ("dict", {"space": ("int", 1, 2 * TRACK_CARDS), "holder": seat}))
    return ("dict", {
        **shared_forms(GAME_ID, VERSION, players, RACING_COLOURS, CAMEL_NAMES, LEADER_STACK,
                       TRACK_CARDS, PHASES),
        "shortcut": marker,
        "fennec": marker,
        "shortcut_tokens": ("array", players, "bool"),
        "fennec_tokens": ("array", players, "bool"),
        "shortcut_placers": ("list", players, seat),
        "fennec_placers": ("list", players, seat),
        "played": ("list", len(FULL_DECK) + len(CRAZY_CARDS), ("enum", CARD_IDS)),
        "hands": ("private", ("array", players, ("opt", ("bag", CARD_IDS)))),
    }, {"places": ("stock", "discard", "deck", "revealed", "aside",
                   *(hand(s) for s in range(players)), *(personal(s) for s in range(players))),
        "classes": CARD_IDS})

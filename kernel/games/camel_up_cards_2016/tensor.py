"""Camel Up Cards (2016): the tensor layout of a seat's observation.

``GameInfo.tensor``: for a configuration, every key of :func:`.plain.observation`
with its form (the grammar is in :mod:`kernel.adapters.encode`) and its bound
from the rules: 12 race track cards (CUC-DATA-CARDS), so at most 24 spaces and
26 cells with the Start and Finish cards; 30 racing cards; the keys every card
game shares come from :func:`kernel.engines.camel_cards.tensor.shared_forms`.
The seat's hand and face-down intel card are its private observation
(CUC-LEG-HIDDEN). The information-state tensor's memory
(:func:`kernel.engines.camel_cards.tensor.ledger`) counts the racing cards the
seat saw go into and out of the stock, discard pile, racing deck, revealed
pile, each hand and each intel card since the leg's gathering (CUC-LEG-RESET):
the undealt cards discarded unseen, its own face-down choices (CUC-LEG-DISCARD,
CUC-LEG-DECK, CUC-LEG-INTEL), the intel shown, the reveals (CUC-ACT-REVEAL).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kernel.engines.camel_cards.table import PHASES
from kernel.engines.camel_cards.tensor import ledger, shared_forms

from .config import parse_config
from .data import CAMEL_COLOURS, CARD_IDS, FULL_DECK, LEADER_STACK, TRACK_CARDS


def layout(config: Mapping[str, Any]) -> Any:
    """The observation's layout for ``config`` (KERNEL-CONFIG checked)."""
    from .game import VERSION

    players, _ = parse_config(config)
    seat = ("int", 0, players - 1)
    card = ("enum", CARD_IDS)
    figure = ("opt", ("dict", {"space": ("int", 1, 2 * TRACK_CARDS), "holder": seat}))
    return ("dict", {
        **shared_forms("camel-up-cards-2016", VERSION, players, CAMEL_COLOURS, CAMEL_COLOURS,
                       LEADER_STACK, TRACK_CARDS, PHASES),
        "palm": figure,
        "fennec": figure,
        "revealed": ("list", len(FULL_DECK), card),
        "shown": ("list", players, card),
        "hand": ("private", ("bag", CARD_IDS)),
        "my_intel": ("private", ("bag", CARD_IDS)),
        "intel_chosen": ("array", players, "bool"),
    }, ledger(players, ("stock", "discard", "deck", "revealed"), CARD_IDS))

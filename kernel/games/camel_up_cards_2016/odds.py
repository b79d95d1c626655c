"""Camel Up Cards (2016): the exact odds of the rest of a leg from a seat (CUC-ODDS).

The reading (the catalogue's CUC-ODDS): the rest of the leg is the racing
deck's reveals only, to the last card or the race's end; nobody plays a hand
card, places a figure or bets any more. The odds are over the exact posterior
of the racing deck's cards the seat has not seen (another seat's hand,
discards, racing-deck cards; the intel cards are shown), under the convention
of :func:`kernel.resample`: the other seats' choices carry no information
beyond the cards they show. The shared engine computes them
(:mod:`kernel.engines.camel_cards.odds`).
"""

from __future__ import annotations

from typing import Any, Final

from kernel.engines.camel_cards import odds
from kernel.plugin import SeatOdds

from .engine import GAME
from .game import to_data
from .resample import FLOW
from .state import thaw

#: The rule ID of the reading of "the rest of the leg" these odds take.
READING: Final = "CUC-ODDS"


#: The most racing cards left to reveal at which the odds take well under a second
#: (measured: 0.2 to 0.4 s with 6 cards left, up to 4.7 s with 8, CPU on a loaded
#: 2-core machine); the viewer computes them only there.
QUICK_DECK: Final = 6


def quick(state: Any) -> bool:
    """Whether :func:`seat_odds` after ``state`` gives odds, and quickly (a leg's play with
    at most :data:`QUICK_DECK` racing cards left: ``GameInfo.odds_quick``)."""
    return odds.in_play(state) and len(state.deck) <= QUICK_DECK


def seat_odds(history: Any, seat: int) -> SeatOdds | None:
    """``kernel.seat_odds``: None outside a leg's play (its setup, after the race)."""
    return odds.seat_odds(GAME, history, seat, READING, FLOW, to_data, thaw)

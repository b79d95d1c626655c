"""Camel Up: The Card Game (2023): the exact odds of the rest of a leg from a seat (CUG-ODDS).

The reading (the catalogue's CUG-ODDS): the rest of the leg is the racing
deck's reveals only (racing and crazy camel cards), to the last card or the
race's end; nobody plays a personal racing card, places a marker or bets any
more. The odds are over the exact posterior of what the seat has not seen
(the other seats' discards and racing-deck cards, the random discards and
crazy camel cards shuffled in), under the convention of
:func:`kernel.resample`: the other seats' choices carry no information beyond
the cards they show. The shared engine computes them
(:mod:`kernel.engines.camel_cards.odds`).
"""

from __future__ import annotations

from typing import Any, Final

from kernel.engines.camel_cards.odds import in_play
from kernel.engines.camel_cards.odds import seat_odds as engine_odds
from kernel.plugin import SeatOdds

from . import game
from .engine import GAME
from .resample import FLOW
from .state import thaw

#: The rule ID of the reading of "the rest of the leg" these odds take.
READING: Final = "CUG-ODDS"


#: The most racing cards left to reveal at which the odds take well under a second
#: (measured: 20 ms with 4 cards left, 3.5 s with 7, 8 to 14 s with 8, CPU on a loaded
#: 2-core machine); the viewer computes them only there.
QUICK_DECK: Final = 5


def quick(state: Any) -> bool:
    """Whether :func:`seat_odds` after ``state`` gives odds, and quickly (a leg's play with
    at most :data:`QUICK_DECK` racing cards left: ``GameInfo.odds_quick``)."""
    return in_play(state) and len(state.deck) <= QUICK_DECK


def seat_odds(history: Any, seat: int) -> SeatOdds | None:
    """``kernel.seat_odds``: None outside a leg's play (its setup, after the race)."""
    return engine_odds(GAME, history, seat, READING, FLOW, game.to_data, thaw)

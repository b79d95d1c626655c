"""Camel Up: The Card Game (2023): the game's own bots for ``kernel.bots`` (``BOTS``).

``greedy``: the camel card games' rule-based bot
(:mod:`kernel.engines.camel_cards.bots`): leg bets (CUG-PAY-LEADER,
CUG-PAY-MID) by the exact odds of its seat (CUG-ODDS, the view's ``odds``:
the crazy camel cards among the cards it has not seen) where they are quick
(a leg's play with at most 5 racing cards left: ``GameInfo.odds_quick``),
elsewhere by a simulated race estimate (the crazy camel stays where it is in
the estimate), as are the final bets (CUG-PAY-WINNER, CUG-PAY-LOSER) unless
the race surely ends this leg; its own personal racing card
(CUG-ACT-PERSONAL, never another seat's: that costs a Pound) when it moves a
camel it backs, else a reveal (CUG-ACT-REVEAL); in the leg setup
(CUG-LEG-DISCARD, CUG-LEG-DECK) the colours it holds most go to the racing deck.

``greedy_estimate``: the same bot without the exact odds (every bet by the
estimate, as ``greedy`` played before the odds existed): a baseline to
measure what the exact odds add.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kernel.bots.base import SeededBot
from kernel.engines.camel_cards.bots import choose

from .data import RACING_COLOURS

if TYPE_CHECKING:
    from kernel.bots import View


class Greedy(SeededBot):
    """The rule-based bot (see the module docstring)."""

    name = "greedy"
    #: Whether the leg bets follow the view's exact odds where it gives them.
    exact = True

    def act(self, view: View) -> int:
        obs: Any = view.observation
        hands = obs.get("hands") or []
        hand = [str(c) for c in (hands[view.seat] if view.seat < len(hands) else None) or ()]
        own = {f"personal:{view.seat}": hand[0]} if hand and obs.get("phase") == "play" else {}
        return choose(obs, view.seat, view.legal, RACING_COLOURS, hand, own, self._rng,
                      view.odds if self.exact else None)


class GreedyEstimate(Greedy):
    """``greedy`` without the exact odds (see the module docstring)."""

    name = "greedy_estimate"
    exact = False


BOTS = {"greedy": Greedy, "greedy_estimate": GreedyEstimate}

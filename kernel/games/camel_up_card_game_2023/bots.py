"""Camel Up: The Card Game (2023): the game's own bots for ``kernel.bots`` (``BOTS``).

``greedy``: the camel card games' rule-based bot
(:mod:`kernel.engines.camel_cards.bots`): leg and final bets by a simulated
race estimate (CUG-PAY-LEADER, CUG-PAY-MID, CUG-PAY-WINNER, CUG-PAY-LOSER; the
crazy camel stays where it is in the estimate), its own personal racing card
(CUG-ACT-PERSONAL, never another seat's: that costs a Pound) when it moves a
camel it backs, else a reveal (CUG-ACT-REVEAL); in the leg setup
(CUG-LEG-DISCARD, CUG-LEG-DECK) the colours it holds most go to the racing deck.
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

    def act(self, view: View) -> int:
        obs: Any = view.observation
        hands = obs.get("hands") or []
        hand = [str(c) for c in (hands[view.seat] if view.seat < len(hands) else None) or ()]
        own = {f"personal:{view.seat}": hand[0]} if hand and obs.get("phase") == "play" else {}
        return choose(obs, view.seat, view.legal, RACING_COLOURS, hand, own, self._rng,
                      view.odds)


BOTS = {"greedy": Greedy}

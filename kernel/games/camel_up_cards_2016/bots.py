"""Camel Up Cards (2016): the game's own bots for ``kernel.bots`` (``BOTS``).

``greedy``: the camel card games' rule-based bot
(:mod:`kernel.engines.camel_cards.bots`): leg and final bets by a simulated
race estimate (CUC-PAY-LEADER, CUC-PAY-MID, CUC-PAY-WINNER, CUC-PAY-LOSER),
its hand card (CUC-ACT-HAND) when it moves a camel it backs, else a reveal
(CUC-ACT-REVEAL); in the leg setup (CUC-LEG-DISCARD, CUC-LEG-DECK,
CUC-LEG-INTEL) the colours it holds most go to the racing deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kernel.bots.base import SeededBot
from kernel.engines.camel_cards.bots import choose

from .data import CAMEL_COLOURS

if TYPE_CHECKING:
    from kernel.bots import View


class Greedy(SeededBot):
    """The rule-based bot (see the module docstring)."""

    name = "greedy"

    def act(self, view: View) -> int:
        obs: Any = view.observation
        hand = [str(c) for c in obs.get("hand") or ()]
        own = {"hand": hand[0]} if hand else {}
        return choose(obs, view.seat, view.legal, CAMEL_COLOURS, hand, own, self._rng,
                      view.odds)


BOTS = {"greedy": Greedy}

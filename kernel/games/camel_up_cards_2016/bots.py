"""Camel Up Cards (2016): the game's own bots for ``kernel.bots`` (``BOTS``).

``greedy``: the camel card games' rule-based bot
(:mod:`kernel.engines.camel_cards.bots`): leg bets (CUC-PAY-LEADER,
CUC-PAY-MID) by the exact odds of its seat (CUC-ODDS, the view's ``odds``)
where they are quick (a leg's play with at most 6 racing cards left:
``GameInfo.odds_quick``), elsewhere by a simulated race estimate, as are the
final bets (CUC-PAY-WINNER, CUC-PAY-LOSER) unless the race surely ends this
leg; its hand card (CUC-ACT-HAND) when it moves a camel it backs, else a
reveal (CUC-ACT-REVEAL); in the leg setup (CUC-LEG-DISCARD, CUC-LEG-DECK,
CUC-LEG-INTEL) the colours it holds most go to the racing deck.

``greedy_estimate``: the same bot without the exact odds (every bet by the
estimate, as ``greedy`` played before the odds existed): a baseline to
measure what the exact odds add.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kernel.engines.camel_cards.bots import CardGreedy, greedy_bots

from .data import CAMEL_COLOURS

if TYPE_CHECKING:
    from kernel.bots import View


class Greedy(CardGreedy):
    """The rule-based bot (see the module docstring)."""

    colours = CAMEL_COLOURS

    @staticmethod
    def hand_of(view: View) -> tuple[list[str], dict[str, str]]:
        hand = [str(c) for c in view.observation.get("hand") or ()]
        return hand, ({"hand": hand[0]} if hand else {})


BOTS = greedy_bots(Greedy)

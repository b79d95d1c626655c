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

from typing import TYPE_CHECKING

from kernel.engines.camel_cards.bots import CardGreedy, greedy_bots

from .data import RACING_COLOURS

if TYPE_CHECKING:
    from kernel.bots import View


class Greedy(CardGreedy):
    """The rule-based bot (see the module docstring)."""

    colours = RACING_COLOURS

    @staticmethod
    def hand_of(view: View) -> tuple[list[str], dict[str, str]]:
        obs = view.observation
        hands = obs.get("hands") or []
        hand = [str(c) for c in (hands[view.seat] if view.seat < len(hands) else None) or ()]
        play = hand and obs.get("phase") == "play"
        return hand, ({f"personal:{view.seat}": hand[0]} if play else {})


BOTS = greedy_bots(Greedy)

"""Bots and the referee: one seat's view in, one legal action out (README, "Bots and matches").

- :class:`View`: what a bot is given, exactly its seat's view (observation,
  perfect-recall information state, legal actions with their ids);
- :class:`Bot`: ``act(view) -> action id``, optional ``reset(seat)``,
  ``observe(view, outcome)`` and ``close()``;
- :func:`make_bot`: ``random``, ``first``, ``greedy`` (each game's own, in
  ``kernel/games/<package>/bots.py``), ``ismcts[:SIMS[:WORLDS]]``,
  ``cmd:PROGRAM ARGS...`` (a foreign program speaking spec/BOTS.md);
- :func:`play_match`: one seeded match, a :class:`MatchResult` (trace,
  scores, placing, returns, forfeits; timings apart).
"""

from kernel.bots.base import NAMES, Bot, BotFailure, RandomBot, Seat, game_bots, make_bot
from kernel.bots.referee import (
    REASONS,
    Forfeit,
    MatchResult,
    derive_seed,
    placing_of,
    play_match,
    view_of,
)
from kernel.bots.view import View

__all__ = [
    "NAMES",
    "REASONS",
    "Bot",
    "BotFailure",
    "Forfeit",
    "MatchResult",
    "RandomBot",
    "Seat",
    "View",
    "derive_seed",
    "game_bots",
    "make_bot",
    "placing_of",
    "play_match",
    "view_of",
]

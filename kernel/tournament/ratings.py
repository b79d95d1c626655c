"""Ratings: OpenSkill's Plackett-Luce model, updated in game order.

Each finished game is one ranking of its seats by placing (1 first; equal
placings are tied ranks; a game cut short places every seat first, a draw).
Ratings are updated game after game in the order of the schedule
(:mod:`kernel.tournament.schedule`), never in the order results arrive, so
they are the same with one worker, many, or a Ray cluster.

**A bot holding several seats of one game** (fewer bots than seats, or a bot
playing itself): each of its seats enters the game's ranking as a player of
its own carrying a copy of the bot's rating before the game; after the update
the bot's new mean and deviation are the means of its seats' new means and
deviations. A bot that places first and third in one game thus moves by the
average of a first and a third place, and one that plays only itself moves
by (about) nothing.

**Teams**: ``teams`` groups seats that play as one side; a team's rank is the
best placing among its seats, and the model rates the team as a whole
(OpenSkill sums its members' ratings). Without ``teams`` every seat is a team
of one, which is right for every game where each seat scores and wins alone.

The model is OpenSkill's ``PlackettLuce`` with its defaults (mu 25, sigma
25/3, beta 25/6, tau 25/300); a rating's interval is ``mu +- 1.96 sigma`` and
its conservative estimate (the ordinal) ``mu - 3 sigma``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


@attrs.frozen
class Rating:
    mu: float
    sigma: float

    @property
    def low(self) -> float:
        return self.mu - Z95 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + Z95 * self.sigma

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce()


class Ratings:
    """The ratings of a tournament's bots, updated one game at a time."""

    def __init__(self, bots: Sequence[str]) -> None:
        self.model = _model()
        first = self.model.rating()
        self.now: dict[str, Rating] = {b: Rating(first.mu, first.sigma) for b in bots}

    def update(self, seat_bots: Sequence[str], placing: Sequence[int],
               teams: Sequence[Sequence[int]] | None = None) -> None:
        """Rate one game: the bot at each seat, each seat's placing (1 first)."""
        groups = [list(t) for t in teams] if teams is not None else [
            [s] for s in range(len(seat_bots))]
        if sorted(s for t in groups for s in t) != list(range(len(seat_bots))):
            raise ValueError("teams must hold every seat exactly once")
        if len(groups) < 2:
            return  # a game with one side ranks nobody against anybody
        teams_in = [[self.model.rating(mu=self.now[seat_bots[s]].mu,
                                       sigma=self.now[seat_bots[s]].sigma) for s in t]
                    for t in groups]
        ranks = [min(placing[s] for s in t) for t in groups]
        out = self.model.rate(teams_in, ranks=ranks)
        new: dict[str, list[tuple[float, float]]] = {}
        for t, rated in zip(groups, out, strict=True):
            for s, r in zip(t, rated, strict=True):
                new.setdefault(seat_bots[s], []).append((r.mu, r.sigma))
        for bot, seats in new.items():
            self.now[bot] = Rating(sum(m for m, _ in seats) / len(seats),
                                   sum(g for _, g in seats) / len(seats))

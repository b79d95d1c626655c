"""What a bot is given: one seat's :class:`View` of a game, and nothing else.

A view is built by the referee (:mod:`kernel.bots.referee`) from the game's
own per-seat functions, the same ones the adapters use: the seat's
observation now (``kernel.observation``), its perfect-recall information
state (``kernel.information_state``: its first observation and, per step, who
acted, its own action and the events as it saw them) and its legal actions
with their ids (``kernel.action_space(game, config).players``). Two histories
that differ only in what the seat may not see give equal views (and
byte-identical JSON: ``tests/test_bots_leaks.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from kernel.core import PlainData
from kernel.plugin import SeatOdds

#: One step of a seat's information state, as ``kernel.information_state`` writes it:
#: ``{"actor": seat or "chance", "action": text if the seat took it else None,
#: "events": [the events as the seat saw them]}``.
HistoryStep = Mapping[str, PlainData]


@attrs.frozen
class View:
    """One seat's view of a game at one of its decisions (or at the end).

    - ``game``, ``version``, ``config``, ``seats``: the game, its behaviour
      version, its configuration (public) and the number of seats;
    - ``seat``: who is asked; ``step``: how many steps (chance included) were
      taken before this one;
    - ``observation``: ``kernel.observation(state, seat)`` now;
    - ``legal``: the seat's legal actions as ``(id, canonical text)`` pairs,
      sorted by id (ids of ``kernel.action_space(game, config).players``);
      empty at the end of the game;
    - ``initial`` and ``history``: the seat's perfect-recall information
      state (:meth:`information_state` is exactly ``kernel.information_state``).

    ``sampler`` (in-process bots only, never serialised, not compared) draws a
    whole history the seat cannot tell from the real one, from the exact
    posterior (``kernel.resample``); it is None where the game cannot resample.
    ``odds`` (in-process bots only, never serialised, not compared) computes
    the exact odds of the rest of the leg from this seat, ``kernel.seat_odds``
    of the history so far: a function of the seat's information state alone
    (the posterior of what it cannot see); it is given only where the game
    says they are quick (``GameInfo.odds_quick``: in the camel card games, a
    leg's play with few racing cards left, both of which the seat sees) and is
    None elsewhere and in games without odds.
    """

    game: str
    version: int
    config: Mapping[str, Any]
    seat: int
    seats: int
    step: int
    observation: Mapping[str, PlainData]
    legal: tuple[tuple[int, str], ...]
    initial: Mapping[str, PlainData]
    history: tuple[HistoryStep, ...]
    sampler: Callable[[random.Random], Any] | None = attrs.field(
        default=None, eq=False, repr=False)
    odds: Callable[[], SeatOdds | None] | None = attrs.field(
        default=None, eq=False, repr=False)

    @property
    def legal_ids(self) -> tuple[int, ...]:
        return tuple(i for i, _ in self.legal)

    def name_of(self, action_id: int) -> str | None:
        """The canonical text of a legal action id (None if it is not legal now)."""
        for i, name in self.legal:
            if i == action_id:
                return name
        return None

    def information_state(self) -> dict[str, PlainData]:
        """The seat's perfect-recall view, equal to ``kernel.information_state``."""
        return {"game": self.game, "seat": self.seat, "initial": self.initial,
                "steps": list(self.history), "observation": self.observation}

    def to_data(self, since: int = 0) -> dict[str, PlainData]:
        """The view as plain data (what a foreign bot is sent; spec/BOTS.md).

        ``since`` > 0 leaves out ``initial`` and the first ``since`` steps of the
        history (a program that was sent them already); ``since`` says where the
        history sent starts.
        """
        if not 0 <= since <= len(self.history):
            raise ValueError(f"since {since!r}: the history has {len(self.history)} steps")
        data: dict[str, PlainData] = {
            "game": self.game, "version": self.version, "config": dict(self.config),
            "seat": self.seat, "seats": self.seats, "step": self.step,
            "observation": self.observation,
            "legal": [[i, name] for i, name in self.legal],
            "since": since, "history": list(self.history[since:]),
        }
        if since == 0:
            data["initial"] = self.initial
        return data

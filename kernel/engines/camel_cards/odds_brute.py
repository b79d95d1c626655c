"""Brute force for the camel card games' seat odds (:mod:`.odds`), independent of it.

Two independent routes to what :func:`kernel.seat_odds` computes, through the
kernel's public API only (``apply``, ``legal_actions``, ``chance_outcomes``,
``information_state``, ``resample``), never through :mod:`.odds`:

- :func:`exact`: every history of the same length consistent with what the
  seat saw (each walked through ``apply``, kept when the seat's information
  state is the same), weighed by its chance outcomes' exact probabilities and,
  for each face-down card choice of another seat, by the ways to pick those
  physical cards from its hand (the convention of :func:`kernel.resample`);
  then, from each, every way the rest of the leg can go when every seat only
  reveals (``reveal``, then ``end``), with the chance outcomes' exact
  probabilities. For small positions only.
- :func:`simulate`: seeded draws of a whole history with :func:`kernel.resample`,
  each leg played out by the same reading with seeded chance.

The places are read off the plain data's ``stacks`` (cell 0 the start: its
camels share the last place; further along first, higher in a stack first;
the racing camels are the keys of ``leaders``).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import kernel
from kernel.api import Step, Trace

__all__ = ["exact", "places_of", "simulate", "wilson"]

#: The action kinds of a face-down card choice of a seat (the engine's).
CHOICES = ("discard", "deck", "intel")


def places_of(data: Mapping[str, Any]) -> dict[str, int]:
    """Each racing camel's place (1 = first) in a plain-data table."""
    racing = list(data["leaders"])
    order: list[str] = []
    for cell in reversed(data["stacks"][1:]):
        order += [c for c in reversed(cell) if c in racing]
    out = {c: i + 1 for i, c in enumerate(order)}
    out.update({c: len(racing) for c in data["stacks"][0] if c in racing})
    return out


def _ways(data: Mapping[str, Any], seat: int, action: kernel.Action) -> int:
    if action.kind in CHOICES:
        return Counter(data["hands"][seat])[str(action.values[0])]
    return 1


def worlds(history: Trace, seat: int, limit: int = 200_000) -> dict[Any, Fraction]:
    """Every last state of a history consistent with what ``seat`` saw, with its
    exact posterior probability (states compared by their plain data)."""
    target = kernel.information_state(history, seat)["steps"]
    found: list[tuple[Any, Fraction]] = []
    visits = 0

    def walk(state: Any, steps: list[Step], weight: Fraction) -> None:
        nonlocal visits
        visits += 1
        if visits > limit:
            raise ValueError("not a small position")
        t = len(steps)
        if t == len(history.steps):
            trace = Trace(history.game, history.version, history.config, history.seed,
                          history.initial, tuple(steps))
            if kernel.information_state(trace, seat)["steps"] == target:
                found.append((state, weight))
            return
        actor = kernel.current_actor(state)
        if ("chance" if actor == kernel.CHANCE else actor) != target[t]["actor"]:
            return
        if actor == kernel.CHANCE:
            options = list(kernel.chance_outcomes(state))
        elif actor == seat:
            options = [(history.steps[t].action, Fraction(1))]
        else:
            data = kernel.to_data(state)
            options = [(a, Fraction(_ways(data, actor, a))) for a in kernel.legal_actions(state)]
        for action, w in options:
            result = kernel.apply(state, action)
            assert isinstance(result, kernel.Applied)
            seen = [e.to_data() for e in kernel.events_seen(result.events, seat)]
            if seen != target[t]["events"]:
                continue
            walk(result.state, [*steps, Step(actor, action, result.events, result.state)],
                 weight * w)

    walk(history.initial, [], Fraction(1))
    total = sum((w for _, w in found), Fraction(0))
    out: dict[Any, Fraction] = {}
    for s, w in found:  # equal last states reached by different histories add up
        out[s] = out.get(s, Fraction(0)) + w / total
    return out


def _ends_leg(events: tuple[kernel.Event, ...]) -> bool:
    return any(e.kind in ("leg-ended", "race-ended") for e in events)


def _reveal_only(state: Any, legal: list[kernel.Action]) -> kernel.Action:
    texts = {a.text: a for a in legal}
    return texts["reveal"] if "reveal" in texts else texts["end"]


def rest_of_leg(state: Any) -> tuple[dict[tuple[tuple[str, int], ...], Fraction], Fraction]:
    """Every way the rest of the leg goes when the seats only reveal: the places at
    its end (as sorted (camel, place) pairs) with their probabilities, and the
    probability that the race ends."""
    out: dict[tuple[tuple[str, int], ...], Fraction] = {}
    race = Fraction(0)

    def walk(s: Any, p: Fraction) -> None:
        nonlocal race
        actor = kernel.current_actor(s)
        if actor == kernel.CHANCE:
            options = list(kernel.chance_outcomes(s))
        else:
            options = [(_reveal_only(s, list(kernel.legal_actions(s))), Fraction(1))]
        for action, q in options:
            result = kernel.apply(s, action)
            assert isinstance(result, kernel.Applied)
            if _ends_leg(result.events):
                key = tuple(sorted(places_of(kernel.to_data(result.state)).items()))
                out[key] = out.get(key, Fraction(0)) + p * q
                if any(e.kind == "race-ended" for e in result.events):
                    race += p * q
            else:
                walk(result.state, p * q)

    walk(state, Fraction(1))
    return out, race


def exact(history: Trace, seat: int, limit: int = 200_000
          ) -> tuple[dict[str, tuple[Fraction, ...]], Fraction]:
    """Each racing camel's exact place distribution and P(the race ends) over the
    rest of the leg, by brute force (see the module docstring; ValueError past
    ``limit`` histories walked)."""
    racing = list(kernel.to_data(history.final)["leaders"])
    place = {c: [Fraction(0)] * len(racing) for c in racing}
    race = Fraction(0)
    for state, w in worlds(history, seat, limit).items():
        ends, r = rest_of_leg(state)
        race += w * r
        for key, p in ends.items():
            for c, k in key:
                place[c][k - 1] += w * p
    return {c: tuple(v) for c, v in place.items()}, race


def wilson(hits: int, runs: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% with the default ``z``)."""
    if runs == 0:
        return (0.0, 1.0)
    p = hits / runs
    centre = (p + z * z / (2 * runs)) / (1 + z * z / runs)
    half = z * math.sqrt(p * (1 - p) / runs + z * z / (4 * runs * runs)) / (1 + z * z / runs)
    return (max(0.0, centre - half), min(1.0, centre + half))


def simulate(history: Trace, seat: int, runs: int, seed: int,
             progress: Callable[[int], None] | None = None
             ) -> tuple[dict[str, list[int]], int]:
    """``runs`` seeded plays of the rest of the leg, each from a history drawn by
    :func:`kernel.resample`: the count of each camel's places, and of races ended."""
    rng = random.Random(seed)
    racing = list(kernel.to_data(history.final)["leaders"])
    counts = {c: [0] * len(racing) for c in racing}
    ended = 0
    for run in range(runs):
        state = kernel.resample(history, seat, rng).final
        while True:
            actor = kernel.current_actor(state)
            if actor == kernel.CHANCE:
                action = kernel.sample_chance(kernel.chance_outcomes(state), rng)
            else:
                action = _reveal_only(state, list(kernel.legal_actions(state)))
            result = kernel.apply(state, action)
            assert isinstance(result, kernel.Applied)
            state = result.state
            if _ends_leg(result.events):
                break
        for c, k in places_of(kernel.to_data(state)).items():
            counts[c][k - 1] += 1
        ended += kernel.current_actor(state) == kernel.TERMINAL
        if progress is not None:
            progress(run + 1)
    return counts, ended

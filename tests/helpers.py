"""Building Camel Up Cards tables for rule tests (through the plain-data form).

Every table built here goes through ``kernel.from_data``, so it is checked
against every invariant like any other state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import kernel
from kernel.core import Action, Applied, Event, Rejected
from kernel.games.camel_up_cards_2016.data import FULL_DECK
from kernel.testing import checks

GAME = "camel-up-cards-2016"


def first_state(players: int, phase: str, seed: int = 0) -> Any:
    """The first state of a seeded game in ``phase``."""
    trace = kernel.play(GAME, {"players": players}, seed)
    for step in (trace.initial, *(s.state for s in trace.steps)):
        if step.phase == phase:
            return step
    raise AssertionError(f"no {phase} state in seed {seed}")


def data_in(phase: str, players: int, seed: int = 0) -> dict[str, Any]:
    """The plain data of a seeded walk's first state in ``phase`` (a discard with seat 1
    choosing; a deal part way through the first round)."""
    info = kernel.game_info(GAME)
    states, _ = checks.walk(info, {"players": players}, seed, 200)
    state = next(s for s in states if s.phase == phase
                 and (phase != "discard" or s.turn == 1)
                 and (phase != "deal" or 0 < sum(map(len, s.hands)) < 2 * players))
    return kernel.to_data(state)


def table(
    players: int = 4,
    *,
    stacks: Mapping[int, str] | None = None,
    deck: Sequence[str] = ("blue+1", "green+1", "orange+1"),
    hands: Sequence[Sequence[str]] | None = None,
    track: str | None = None,
    **overrides: Any,
) -> Any:
    """A play-phase table with the camels, racing deck and hands given.

    ``stacks`` maps a cell to the camels there, bottom to top, by initials
    (B G O W Y); unnamed camels stay on the Start card. Racing cards not in
    the deck or hands go to the discard pile. ``overrides`` replace other
    plain-data keys (``turn``, ``palm``, ``money``, ``bets``...).
    """
    data = kernel.to_data(first_state(players, "play"))
    if track is not None:
        data["track"] = track
    length = sum(2 if c == "F" else 1 for c in data["track"])
    names = {"B": "blue", "G": "green", "O": "orange", "W": "white", "Y": "yellow"}
    cells: list[list[str]] = [[] for _ in range(length + 2)]
    placed: set[str] = set()
    for cell, camels in (stacks or {}).items():
        cells[cell] = [names[c] for c in camels]
        placed.update(cells[cell])
    cells[0] = sorted(set(names.values()) - placed) + [c for c in cells[0] if c in placed]
    data["stacks"] = cells
    hands_list = [list(h) for h in (hands or [[] for _ in range(players)])]
    rest = list(FULL_DECK)
    for card in list(deck) + [c for h in hands_list for c in h]:
        rest.remove(card)
    data.update(deck=sorted(deck), hands=[sorted(h) for h in hands_list], discard=sorted(rest),
                revealed=[], shown=[], stock=[], intel=[[] for _ in range(players)])
    data.update(phase="play", bet_done=False, track_done=False)
    if "leaders" in overrides:  # a partial mapping: the other colours keep full stacks
        data["leaders"] = {**data["leaders"], **overrides.pop("leaders")}
    data.update(overrides)
    return kernel.from_data(data)


def do(state: Any, *actions: str) -> tuple[Any, list[Event]]:
    """Apply actions in order (each must be accepted); the last state and all events."""
    events: list[Event] = []
    for text in actions:
        result = kernel.apply(state, text)
        assert isinstance(result, Applied), f"{text} rejected: {result}"
        events.extend(result.events)
        state = result.state
    return state, events


def rejected(state: Any, action: object) -> Rejected:
    result = kernel.apply(state, action)
    assert isinstance(result, Rejected), f"{action} was accepted"
    return result


def where(state: Any) -> dict[str, tuple[int, int]]:
    """camel name -> (cell, height)."""
    names = ("blue", "green", "orange", "white", "yellow")
    return {n: (state.pos[i], state.height[i]) for i, n in enumerate(names)}


def cells(state: Any) -> dict[int, str]:
    """Occupied cells -> camel initials bottom to top (Start card included)."""
    out: dict[int, str] = {}
    for i, stack in enumerate(kernel.to_data(state)["stacks"]):
        if stack:
            out[i] = "".join(c[0].upper() for c in stack)
    return out


def forged(game: Any, kind: Any, *values: Any) -> Action:
    """An Action with fields its constructor refuses (a list, a bool, a float),
    as code that bypasses the constructor could hand to ``apply``: the decoders
    must still reject it (KERNEL-INPUT)."""
    action = object.__new__(Action)
    action._set(game, kind, tuple(v for v in values if v is not None))
    return action


class NotBuilt:
    """Stands in for a case whose building raised (see :func:`cases_or_failure`)."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __repr__(self) -> str:
        return f"NotBuilt({type(self.error).__name__})"


def cases_or_failure(build: Callable[[], Sequence[Sequence[Any]]],
                     widths: Sequence[int]) -> tuple[list[tuple[Any, ...]], ...]:
    """Parametrize lists built at collection from played positions, without letting a
    rule bug break the module's import: when ``build`` raises (a planted bug that makes
    a seeded line of play illegal), each list holds one case, ``("not built: <error>",
    NotBuilt(error), None, ...)`` of its width, and a test given a :class:`NotBuilt`
    calls :func:`built`, which raises the error: pytest reports a failing test (the
    module's other tests, named for their rules, still run), never a collection error.
    """
    try:
        return tuple(list(map(tuple, cases)) for cases in build())
    except Exception as exc:  # any rule bug at all: reported by the tests
        stand_in = NotBuilt(exc)
        return tuple([(f"not built: {type(exc).__name__}", stand_in, *[None] * (w - 2))]
                     for w in widths)


def built(value: Any) -> Any:
    """``value``, unless it stands in for a case that could not be built: then its error."""
    if isinstance(value, NotBuilt):
        raise AssertionError(f"the cases could not be built: {value.error!r}") \
            from value.error
    return value

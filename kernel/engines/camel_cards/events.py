"""The engine's commonest events, each made once and then shared.

A step of one seat that names one card or none (a card dealt, a face-down
choice, a racing card revealed, a reveal, a turn ended, a leg bet) tells the
same :class:`~kernel.core.Event` every time it happens with the same values:
an event is an immutable value, so one object can stand in every trace that
tells it (read it, never change its ``data``). Making each once saves building
the event and its data again on most transitions.
"""

from __future__ import annotations

from typing import Final

from kernel.core import Event, PlainData
from kernel.memo import Memos

#: (kind, rule IDs, seat, card or None, secret card) -> the event, made on first use
#: (finitely many: the games' kinds, rules, seats and cards).
_MADE: Final[dict[tuple[str, tuple[str, ...], int, str | None, bool], Event]] = {}
#: Emptied by the test suite before each test under mutation testing (:mod:`kernel.memo`).
MEMOS = Memos(globals(), "_MADE")


def seat_event(kind: str, rules: tuple[str, ...], seat: int, card: str | None = None,
               secret: bool = False) -> Event:
    """The event ``kind`` of ``seat`` (data ``seat``, then ``card`` unless None); a
    ``secret`` card is seen by that seat alone (CUC-LEG-HIDDEN).

    >>> e = seat_event("dealt", ("R",), 1, "blue+2", secret=True)
    >>> e is seat_event("dealt", ("R",), 1, "blue+2", secret=True), e.data, e.owners
    (True, {'seat': 1, 'card': 'blue+2'}, (1,))
    >>> seat_event("turn-ended", ("S", "O"), 0).data
    {'seat': 0}
    """
    key = (kind, rules, seat, card, secret)
    made = _MADE.get(key)
    if made is None:
        data: dict[str, PlainData] = {"seat": seat}
        if card is not None:
            data["card"] = card
        if secret:
            made = Event(kind, rules, data, secret=("card",), owners=(seat,))
        else:
            made = Event(kind, rules, data)
        _MADE[key] = made
    return made

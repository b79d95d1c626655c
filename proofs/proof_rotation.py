"""The rotation: which unchanged contracts the gate re-checks today (proofs/run.py)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence

from proof_items import Item
from proof_plan import STARTUP
from proof_record import Record

# --------------------------------------------------------------------------
# The rotation


def cost(item: Item, record: Record) -> int:
    """Tenths of a second the item is expected to take: its recorded duration, or its budget."""
    entry = record.entries.get(item.key)
    seconds = entry.seconds if entry is not None and entry.seconds > 0 else item.budget
    return max(1, round((seconds + STARTUP) * 10))


def rotation(cycle: Sequence[Item], costs: Mapping[str, int], capacity: int,
             slot: int) -> list[Item]:
    """The items of window number ``slot`` on the cycle (each as long as its cost).

    The cycle (total length C) is cut into consecutive windows of length
    ``capacity``, window ``s`` starting at ``s * capacity mod C``; an item
    belongs to the window its start falls in. Consecutive slots tile the
    cycle, so any ceil(C / capacity) consecutive slots re-check every item.
    """
    total = sum(costs[item.key] for item in cycle)
    if total <= capacity:
        return list(cycle)
    start = (slot * capacity) % total
    chosen: list[Item] = []
    position = 0
    for item in cycle:
        if (position - start) % total < capacity:
            chosen.append(item)
        position += costs[item.key]
    return chosen


def today() -> int:
    """The default rotation slot: the UTC day (a proleptic Gregorian ordinal)."""
    return dt.datetime.now(dt.UTC).date().toordinal()

"""What a program provides, what the driver compares, and what it had to skip.

A program says in ``hello``'s ``features`` what it provides (spec/PROTOCOL.md,
"Capabilities"). The comparison levels are:

- ``acceptance``: whether an action is accepted (every program; always compared);
- ``rejections``: the rule ID a rejection names;
- ``events``: the events of an applied action, exactly;
- ``digest``: the state's digest;
- ``state``: the whole state (plain data), field by field;
- ``legal``: the actor, the legal actions and, at chance nodes, the probabilities;
- ``observation``: what one seat sees;
- ``outcome``: the outcome of a finished game;
- ``status``: the invariant IDs a candidate state breaks.

and ``load`` (start from a state document) is a request the driver uses when
offered. A ``features`` list naming none of ``acceptance``, ``rejections``,
``events``, ``digest``, ``legal``, ``outcome`` is an older program's, which
provided those (they were required operations): it is read as naming them.

:class:`Tally` counts, per level, what was compared and what was skipped and
why: a comparison that could not be made is never counted as passed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

import attrs

#: Every comparison level, in the order the driver compares them after a step.
LEVELS: Final = ("acceptance", "rejections", "events", "digest", "state", "legal",
                 "observation", "outcome", "status")
#: Requests a program may offer that are no comparison level.
REQUESTS: Final = ("load",)
#: What a program listing none of these provided before levels were declared.
LEGACY: Final = ("acceptance", "rejections", "events", "digest", "legal", "outcome")
#: Every name ``features`` may hold that the driver understands.
KNOWN: Final = (*LEVELS, *REQUESTS)


def provided(features: Iterable[str]) -> frozenset[str]:
    """What a program provides, from its ``hello`` features (the legacy reading included).

    >>> sorted(provided(["state", "legal"]))
    ['acceptance', 'legal', 'state']
    >>> sorted(provided(["state", "observation"]))  # an older program
    ['acceptance', 'digest', 'events', 'legal', 'observation', 'outcome', 'rejections', 'state']
    """
    named = frozenset(features)
    if not named & frozenset(LEGACY):
        named |= frozenset(LEGACY)
    return named | {"acceptance"}


def parse_levels(text: str) -> tuple[str, ...]:
    """``--compare`` / ``--skip``'s comma-separated levels (ValueError naming an unknown one).

    >>> parse_levels("state,legal")
    ('state', 'legal')
    """
    names = tuple(x.strip() for x in text.split(",") if x.strip())
    if not names:
        raise ValueError("no level named")
    for name in names:
        if name not in LEVELS:
            raise ValueError(f"unknown level {name!r}; the levels are {', '.join(LEVELS)}")
    return names


@attrs.define
class Tally:
    """Per level: how many comparisons were made, and those skipped with the reason."""

    compared: dict[str, int] = attrs.field(factory=dict)
    skipped: dict[str, int] = attrs.field(factory=dict)
    reasons: dict[str, str] = attrs.field(factory=dict)

    def count(self, level: str, n: int = 1) -> None:
        self.compared[level] = self.compared.get(level, 0) + n

    def skip(self, level: str, reason: str, n: int = 1) -> None:
        self.skipped[level] = self.skipped.get(level, 0) + n
        self.reasons.setdefault(level, reason)

    def merge(self, other: Tally) -> None:
        for level, n in other.compared.items():
            self.count(level, n)
        for level, n in other.skipped.items():
            self.skip(level, other.reasons.get(level, ""), n)

    @property
    def any_skipped(self) -> bool:
        return bool(self.skipped)

    def lines(self) -> list[str]:
        """One line per level compared or skipped."""
        out: list[str] = []
        for level in LEVELS:
            done, left = self.compared.get(level, 0), self.skipped.get(level, 0)
            if done or left:
                text = f"  {level}: compared {done}"
                if left:
                    text += f", skipped {left} ({self.reasons.get(level, '')})"
                out.append(text)
        return out

    def to_data(self) -> dict[str, Mapping[str, object]]:
        return {level: {"compared": self.compared.get(level, 0),
                        "skipped": self.skipped.get(level, 0),
                        **({"reason": self.reasons[level]} if level in self.reasons else {})}
                for level in LEVELS
                if self.compared.get(level, 0) or self.skipped.get(level, 0)}

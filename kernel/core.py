"""Game-agnostic value types of the kernel: actions, events, results, outcomes.

Every game speaks through these types, so the API in :mod:`kernel.api` is the
same for all of them (rule KERNEL-INPUT and friends are catalogued in
``spec/kernel/rules.md``).

Actions have a canonical text form (as UCI is for chess moves) and a plain-data
form ready for JSON:

>>> a = Action("camel-up-cards-2016", "palm", 7)
>>> a.text
'palm:7'
>>> a.to_data()
{'kind': 'palm', 'space': 7}
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

import attrs

#: The actor at a chance node (dice, deals, draws, shuffles).
CHANCE: Final = -1
#: The "actor" of a finished game.
TERMINAL: Final = -2

#: Plain data: what ``json`` can carry (str, int, bool, None, lists, dicts).
PlainData = Any

#: The argument names of each action kind in the plain-data form.
ARG_NAMES: Final[Mapping[str, str]] = {
    "draw": "card",
    "discard": "card",
    "deck": "card",
    "intel": "card",
    "palm": "space",
    "fennec": "space",
    "leg": "camel",
    "mid": "camel",
    "win": "camel",
    "lose": "camel",
}


def _sort_key(kind: str, arg: str | int | None) -> tuple[str, int, str]:
    if arg is None:
        return (kind, -1, "")
    if isinstance(arg, int):
        return (kind, arg, "")
    return (kind, -1, arg)


@attrs.frozen(slots=True, order=False)
class Action:
    """One move of a seat or one chance outcome, tagged with its game.

    Actions sort by kind, then argument (numbers numerically), which is the
    order ``legal_actions`` returns them in.
    """

    game: str
    kind: str
    arg: str | int | None = None
    key: tuple[str, int, str] = attrs.field(eq=False, repr=False, init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "key", _sort_key(self.kind, self.arg))

    def __lt__(self, other: Action) -> bool:
        return (self.game, self.key) < (other.game, other.key)

    @property
    def text(self) -> str:
        """The canonical text form: ``kind`` or ``kind:arg``."""
        return self.kind if self.arg is None else f"{self.kind}:{self.arg}"

    def to_data(self) -> dict[str, PlainData]:
        """The plain-data form: ``{"kind": ..., <arg name>: ...}``."""
        data: dict[str, PlainData] = {"kind": self.kind}
        if self.arg is not None:
            data[ARG_NAMES.get(self.kind, "arg")] = self.arg
        return data

    def __str__(self) -> str:
        return self.text


@attrs.frozen(slots=True)
class Event:
    """Something that happened, with the rule IDs that made it happen."""

    kind: str
    rules: tuple[str, ...]
    data: Mapping[str, PlainData] = attrs.field(factory=dict, eq=True, hash=False)

    @property
    def text(self) -> str:
        """Canonical text: ``kind key=value ... [RULE-ID RULE-ID]``."""
        parts = [self.kind]
        for k in sorted(self.data):
            v = self.data[k]
            if isinstance(v, list | tuple):
                v = ",".join(str(x) for x in v) or "-"
            elif v is None:
                v = "-"
            parts.append(f"{k}={v}")
        return " ".join(parts) + " [" + " ".join(self.rules) + "]"

    def to_data(self) -> dict[str, PlainData]:
        return {"event": self.kind, "rules": list(self.rules), **_plain(dict(self.data))}

    def __str__(self) -> str:
        return self.text


def _plain(value: PlainData) -> PlainData:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    return value


@attrs.frozen(slots=True)
class Applied:
    """``apply`` succeeded: the next state and what happened."""

    state: Any
    events: tuple[Event, ...]

    @property
    def ok(self) -> bool:
        return True


@attrs.frozen(slots=True)
class Rejected:
    """``apply`` refused: the rule that forbids the action and why."""

    rule: str
    reason: str

    @property
    def ok(self) -> bool:
        return False

    def to_data(self) -> dict[str, PlainData]:
        return {"rejected": self.rule, "reason": self.reason}


Result = Applied | Rejected


@attrs.frozen(slots=True)
class Outcome:
    """A finished game: money per seat and the winning seats (ties share)."""

    money: tuple[int, ...]
    winners: tuple[int, ...]
    rules: tuple[str, ...] = ()

    def to_data(self) -> dict[str, PlainData]:
        return {"money": list(self.money), "winners": list(self.winners)}


class ConfigError(ValueError):
    """A configuration the game does not accept; the message names rule KERNEL-CONFIG."""

    rule = "KERNEL-CONFIG"

    def __init__(self, message: str) -> None:
        super().__init__(f"{message} [KERNEL-CONFIG]")


class InvalidState(ValueError):
    """A state that breaks invariants; ``ids`` names every broken one."""

    def __init__(self, ids: tuple[str, ...]) -> None:
        super().__init__("state breaks " + ", ".join(ids))
        self.ids = ids

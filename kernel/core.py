"""Game-agnostic value types of the kernel: actions, events, results, outcomes.

Every game speaks through these types, so the API in :mod:`kernel.api` is the
same for all of them (rule KERNEL-INPUT and friends are catalogued in
``spec/kernel/rules.md``).

Actions have a canonical text form (as UCI is for chess moves) and a plain-data
form ready for JSON:

>>> a = Action("some-game", "push", "pawn", 3)
>>> a.text, a.values
('push:pawn:3', ('pawn', 3))
>>> FIELD_NAMES[("some-game", "push")] = ("piece", "count")  # what registering a game does
>>> a.to_data()
{'kind': 'push', 'piece': 'pawn', 'count': 3}
>>> del FIELD_NAMES[("some-game", "push")]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any, Final, NoReturn

import attrs

from kernel.decode import MAX_INT, show

#: The actor at a chance node (dice, deals, draws, shuffles).
CHANCE: Final = -1
#: The "actor" of a finished game.
TERMINAL: Final = -2

#: Plain data: what ``json`` can carry (str, int, bool, None, lists, dicts).
PlainData = Any
#: The value of one field of an action.
Scalar = str | int

#: (game id, action kind) -> the names of the kind's fields, in order; filled
#: by :func:`kernel.registry.register` from the game's vocabulary.
FIELD_NAMES: dict[tuple[str, str], tuple[str, ...]] = {}


def _sort_key(kind: str, values: tuple[Scalar, ...]) -> tuple[Any, ...]:
    key: list[Any] = [kind]
    for v in values:
        key += (v, "") if type(v) is int else (-1, v)
    if not values:
        key += (-1, "")
    return tuple(key)


class Action:
    """One move of a seat or one chance outcome, tagged with its game.

    An action has a kind and the values of the kind's fields (none, one or
    several). Its canonical text is ``kind`` or ``kind:v1:v2...``; its plain
    data names the fields as the game's vocabulary does. Actions sort by
    kind, then values (numbers numerically), which is the order
    ``legal_actions`` returns them in. ``Action(game, kind, None)`` is an
    action without values.
    """

    __slots__ = ("_hash", "game", "key", "kind", "text", "values")

    game: str
    kind: str
    values: tuple[Scalar, ...]
    key: tuple[Any, ...]
    text: str
    _hash: int

    def __init__(self, game: str, kind: str, *values: Scalar | None) -> None:
        """KERNEL-INPUT: ``game`` and ``kind`` are strings and each value a string or an
        integer within +-(2**53 - 1) (never a bool); anything else raises ValueError
        with a bounded message. The check costs a type test per field.

        >>> Action("g", "move", [1])
        Traceback (most recent call last):
        ...
        ValueError: Action: value 1: expected a string or an integer within +-(2**53 - 1), \
got a list of 1 item
        """
        vals = tuple(v for v in values if v is not None)
        if type(game) is not str or type(kind) is not str or not all(map(_scalar, vals)):
            _refuse(game, kind, vals)
        self._set(game, kind, vals)

    def _set(self, game: str, kind: str, vals: tuple[Any, ...]) -> None:
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "values", vals)
        object.__setattr__(self, "key", _sort_key(kind, vals) if _sortable(vals) else (kind,))
        object.__setattr__(self, "text", ":".join((str(kind), *map(_text, vals))))
        object.__setattr__(self, "_hash", hash((game, kind, vals)) if _hashable(vals) else 0)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __reduce__(self) -> tuple[type[Action], tuple[Any, ...]]:
        """Pickled as its constructor's arguments (a trace sent to another process): the
        slots are set again there, the hash worked out in that process.

        >>> import pickle
        >>> a = Action("g", "move", 1, "x")
        >>> b = pickle.loads(pickle.dumps(a))
        >>> (b == a, hash(b) == hash(a), b.text)
        (True, True, 'move:1:x')
        """
        return Action, (self.game, self.kind, *self.values)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return (self.game == other.game and self.kind == other.kind
                and _same_values(self.values, other.values))

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Action) -> bool:
        return (self.game, self.key) < (other.game, other.key)

    def __repr__(self) -> str:
        return f"Action({self.game!r}, {self.text!r})"

    @property
    def arg(self) -> Scalar | None:
        """The first field's value, or None for an action without fields."""
        return self.values[0] if self.values else None

    def to_data(self) -> dict[str, PlainData]:
        """The plain-data form: ``{"kind": ..., <field name>: <value>, ...}``."""
        data: dict[str, PlainData] = {"kind": self.kind}
        names = FIELD_NAMES.get((self.game, self.kind), ())
        for i, v in enumerate(self.values):
            data[names[i] if i < len(names) else ("arg" if i == 0 else f"arg{i + 1}")] = v
        return data

    def __str__(self) -> str:
        return self.text


def _scalar(value: object) -> bool:
    return type(value) is str or (type(value) is int and -MAX_INT <= value <= MAX_INT)


def _refuse(game: object, kind: object, values: tuple[Any, ...]) -> NoReturn:
    if type(game) is not str:
        raise ValueError(f"Action: the game must be a string, not {show(game)}")
    if type(kind) is not str:
        raise ValueError(f"Action: the kind must be a string, not {show(kind)}")
    at = next(i for i, v in enumerate(values) if not _scalar(v))
    raise ValueError(f"Action: value {at + 1}: expected a string or an integer within "
                     f"+-(2**53 - 1), got {show(values[at])}")


def _text(value: object) -> str:
    if isinstance(value, str):
        return value
    if type(value) is int and -(10**18) < value < 10**18:
        return str(value)
    return f"<{type(value).__name__}>"


def _sortable(values: tuple[Any, ...]) -> bool:
    return all(type(v) is int or type(v) is str for v in values)


def _hashable(values: tuple[Any, ...]) -> bool:
    try:
        hash(values)
    except TypeError:
        return False
    return True


def _same_values(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """Equal values of the same types (``1`` and ``True`` are different values)."""
    if len(a) != len(b):
        return False
    return all(type(x) is type(y) and x == y for x, y in zip(a, b, strict=True))


@attrs.frozen(slots=True)
class Event:
    """Something that happened, with the rule IDs that made it happen.

    ``secret`` names the data keys only the seats in ``owners`` may see (a
    dealt card, a face-down choice): :meth:`seen_by` hides them from every
    other seat. The plain-data form (:meth:`to_data`) is the whole table's
    view and carries them.
    """

    kind: str
    rules: tuple[str, ...]
    data: Mapping[str, PlainData] = attrs.field(factory=dict, eq=True, hash=False)
    secret: tuple[str, ...] = attrs.field(default=(), eq=False)
    owners: tuple[int, ...] = attrs.field(default=(), eq=False)

    def seen_by(self, seat: int) -> Event:
        """This event as ``seat`` may see it: secret values of other seats become None.

        >>> e = Event("dealt", ("R",), {"seat": 1, "card": "x"}, secret=("card",), owners=(1,))
        >>> e.seen_by(1) is e, e.seen_by(0).data
        (True, {'seat': 1, 'card': None})
        """
        if not self.secret or seat in self.owners:
            return self
        data = {k: (None if k in self.secret else v) for k, v in self.data.items()}
        return Event(self.kind, self.rules, data)

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
    """A finished game: each seat's score and the winning seats.

    ``score_key`` names the score in the plain-data form ("money" or
    "points"); ``tiebreak`` says in words how ties were broken (empty: ties
    share); ``rounds`` holds each round's scores in championship play.
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rules: tuple[str, ...] = ()
    score_key: str = "money"
    tiebreak: str = ""
    rounds: tuple[tuple[int, ...], ...] = ()

    @property
    def money(self) -> tuple[int, ...]:
        """The scores (the name of a money game's score)."""
        return self.scores

    def to_data(self) -> dict[str, PlainData]:
        data: dict[str, PlainData] = {self.score_key: list(self.scores),
                                      "winners": list(self.winners)}
        if self.rounds:
            data["rounds"] = [list(r) for r in self.rounds]
        return data


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


def require_immutable(state: object, names: Iterable[str]) -> None:
    """TypeError naming every field of ``state`` (among ``names``) whose value is mutable.

    A frozen state holds only immutable values (tuples, not lists; anything
    unhashable is refused), so that what its checks passed when it was built
    stays true: nobody can append to a field of a state afterwards.

    >>> class T:
    ...     hand, deck = ("a",), [("b",)]
    >>> require_immutable(T(), ("hand",))
    >>> require_immutable(T(), ("hand", "deck"))
    Traceback (most recent call last):
    TypeError: a state holds immutable values only (tuples, not lists): deck
    """
    mutable = []
    for name in names:
        try:
            hash(getattr(state, name))
        except TypeError:
            mutable.append(name)
    if mutable:
        raise TypeError("a state holds immutable values only (tuples, not lists): "
                        + ", ".join(mutable))

r"""Canonical JSON for states, actions, events, observations and outcomes.

The canonical text of a document is what every implementation must produce
byte for byte (spec/PROTOCOL.md, "Canonical JSON"). It is RFC 8785, the JSON
Canonicalization Scheme (JCS), restricted to the values the kernel uses, so
any JCS library produces it:

- objects with string keys sorted by their UTF-16 code units (RFC 8785
  3.2.3; this differs from code point order only between a character beyond
  the BMP and one in U+E000..U+FFFF), no duplicate keys;
- no whitespace: separators ``,`` and ``:``;
- integers only, within +-(2**53 - 1); no floats, NaN or infinities;
  fractions as strings ``"n/d"`` in lowest terms (``"1/1"`` for one);
- strings as ECMAScript's ``JSON.stringify`` writes them: only ``"``, ``\``
  and the control characters U+0000..U+001F are escaped (``\b \t \n \f
  \r``, the others ``\u00XX`` with lowercase hex); every other character,
  non-ASCII included, is written as itself. A lone surrogate has no UTF-8
  form and is refused (:class:`CanonicalError`);
- ``true``, ``false`` and ``null`` are kept: the plain-data forms use them
  (``bet_done``, ``track_done``, ``intel_chosen``; an absent figure or final
  bet is ``null``). Each has one spelling in every JSON library, so they are
  as exact as integers; converting them to 0/1 or "" would only lose meaning.

The text is stored and sent as UTF-8. The state digest is the lowercase hex
SHA-256 of the UTF-8 bytes of the canonical text of the state's plain data
(:func:`kernel.to_data`).

>>> dumps({"b": [1, True, None], "a": "x"})
'{"a":"x","b":[1,true,null]}'
>>> from fractions import Fraction
>>> dumps({"p": Fraction(2, 4)})
'{"p":"1/2"}'
>>> print(dumps(["café", "tab\there", "\x1f"]))  # non-ASCII as itself, controls escaped
["café","tab\there","\u001f"]
>>> dumps({"\ufb01": 1, "\U0001d11e": 2}) == '{"\U0001d11e":2,"\ufb01":1}'  # UTF-16 order
True
>>> dumps("\ud800")
Traceback (most recent call last):
...
kernel.conformance.canonical.CanonicalError: lone surrogate in a string: it has no UTF-8 form
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

import kernel
from kernel.core import Action, Event, Outcome, PlainData, Rejected
from kernel.decode import DecodeError
from kernel.decode import loads as strict_loads

#: The largest integer magnitude every JSON library reads exactly (I-JSON).
MAX_INT: Final = 2**53 - 1


class CanonicalError(ValueError):
    """A value that has no canonical JSON form (a float, a non-string key...)."""


def canonical(value: object) -> PlainData:
    """The canonical plain-data form of ``value`` (lists, dicts, int, str, bool, None).

    Kernel values are converted by their plain-data forms: an :class:`Action`,
    an :class:`Event`, an :class:`Outcome`, a :class:`Rejected`, a Fraction.
    """
    if value is None or type(value) is str or type(value) is bool:
        return value  # fast paths first: these are by far the most common
    if type(value) is int and -MAX_INT <= value <= MAX_INT:
        return value
    if type(value) is dict or isinstance(value, Mapping):
        out: dict[str, PlainData] = {}
        for k, v in value.items():
            if type(k) is not str:
                raise CanonicalError(f"object key {k!r} is not a string")
            out[k] = canonical(v)
        return out
    if type(value) is list or isinstance(value, tuple | list):
        return [canonical(v) for v in value]
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        if not -MAX_INT <= value <= MAX_INT:
            raise CanonicalError(f"integer {value} is out of the exact range +-(2**53 - 1)")
        return int(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, Action):
        return action_to_data(value)
    if isinstance(value, Event):
        return event_to_data(value)
    if isinstance(value, Outcome):
        return outcome_to_data(value)
    if isinstance(value, Rejected):
        return rejection_to_data(value)
    raise CanonicalError(f"no canonical JSON form for {type(value).__name__}: {value!r:.60}")


#: The C encoder of the standard library, made once. Its string escapes are
#: exactly JCS's with ``ensure_ascii=False``; it sorts keys by code point, which
#: is UTF-16 order unless a key has a character beyond the BMP (see dumps).
_ENCODE: Final = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
).encode
_ENCODE_AS_ORDERED: Final = json.JSONEncoder(
    separators=(",", ":"), ensure_ascii=False, allow_nan=False
).encode


def dumps(obj: object) -> str:
    """The canonical JSON text of ``obj``: RFC 8785 (JCS); write it as UTF-8."""
    data = canonical(obj)
    text: str = _ENCODE(data)
    if text.isascii():  # O(1) in CPython; all states and vectors of the 2016 game are ASCII
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise CanonicalError("lone surrogate in a string: it has no UTF-8 form") from None
    if max(text) > "\uffff":
        # a character beyond the BMP, perhaps in a key: sort keys by UTF-16 code units
        text = _ENCODE_AS_ORDERED(_utf16_ordered(data))
    return text


def _utf16_key(item: tuple[str, PlainData]) -> bytes:
    return item[0].encode("utf-16-be")  # big-endian: byte order is code unit order


def _utf16_ordered(data: PlainData) -> PlainData:
    """``data`` with every object's keys inserted in UTF-16 code unit order."""
    if isinstance(data, dict):
        return {k: _utf16_ordered(v) for k, v in sorted(data.items(), key=_utf16_key)}
    if isinstance(data, list):
        return [_utf16_ordered(v) for v in data]
    return data


def loads(text: str | bytes) -> PlainData:
    """Parse JSON text in the canonical value space, or raise CanonicalError.

    The kernel's one strict reader (:func:`kernel.decode.loads`): integers
    within +-(2**53 - 1) only, no floats, NaN or infinities, no duplicate keys,
    no lone surrogates, at most 64 levels deep.
    """
    try:
        return strict_loads(text)
    except DecodeError as exc:
        raise CanonicalError(str(exc)) from None


def is_canonical(text: str) -> bool:
    """Is ``text`` exactly the canonical JSON of what it encodes?"""
    try:
        return dumps(loads(text)) == text
    except ValueError:
        return False


def fraction_text(p: Fraction) -> str:
    """A probability or other fraction as ``"n/d"`` in lowest terms."""
    return f"{p.numerator}/{p.denominator}"


def fraction_from_text(text: str) -> Fraction:
    """The fraction of an ``"n/d"`` string (ValueError when not of that shape)."""
    n, sep, d = text.partition("/")
    if not sep or not n.lstrip("-").isdigit() or not d.isdigit() or int(d) == 0:
        raise ValueError(f"not a fraction 'n/d': {text!r}")
    return Fraction(int(n), int(d))


# --------------------------------------------------------------------------
# states


def state_to_data(state: object) -> dict[str, PlainData]:
    """The canonical plain data of a kernel state (its :func:`kernel.to_data`)."""
    data = canonical(kernel.to_data(state))
    assert isinstance(data, dict)
    return data


def state_from_data(data: Mapping[str, Any]) -> Any:
    """The kernel state of plain data (ValueError or kernel.InvalidState)."""
    return kernel.from_data(data)


def digest(state: object) -> str:
    """The state digest: hex SHA-256 of the UTF-8 canonical JSON of its plain data.

    ``state`` is a kernel state or its plain data (a mapping).
    """
    data = state if isinstance(state, Mapping) else kernel.to_data(state)
    return hashlib.sha256(dumps(data).encode("utf-8")).hexdigest()


def observation_to_data(state: object, seat: int) -> dict[str, PlainData]:
    """The canonical plain data of what ``seat`` sees."""
    data = canonical(kernel.observation(state, seat))
    assert isinstance(data, dict)
    return data


# --------------------------------------------------------------------------
# actions, events, outcomes, rejections


def action_to_data(action: Action) -> dict[str, PlainData]:
    """An action's plain data: ``{"kind": ..., <argument name>: ...}``."""
    return action.to_data()


def action_from_data(game_id: str, data: object) -> Action:
    """The game's action for plain data (or text); ValueError when it is none."""
    found = kernel.parse_action(game_id, data)
    if isinstance(found, Rejected):
        raise ValueError(f"not an action of {game_id}: {data!r:.80} ({found.reason})")
    return found


def event_to_data(event: Event) -> dict[str, PlainData]:
    """An event's plain data: ``{"event": kind, "rules": [...], **data}``."""
    data = canonical(event.to_data())
    assert isinstance(data, dict)
    return data


def event_from_data(data: Mapping[str, Any]) -> Event:
    """The event of its plain data (ValueError when malformed)."""
    kind = data.get("event")
    rules = data.get("rules")
    if not isinstance(kind, str) or not isinstance(rules, list):
        raise ValueError("an event needs a string 'event' and a list 'rules'")
    if not all(isinstance(r, str) for r in rules):
        raise ValueError("event rules must be strings")
    rest = {k: v for k, v in data.items() if k not in ("event", "rules")}
    return Event(kind, tuple(rules), rest)


def outcome_to_data(outcome: Outcome) -> dict[str, PlainData]:
    """An outcome's plain data: money per seat, the winners and the rules that decided."""
    return {**outcome.to_data(), "rules": list(outcome.rules)}


def outcome_from_data(data: Mapping[str, Any]) -> Outcome:
    """The outcome of its plain data (ValueError when malformed).

    The scores are under the game's score key: ``money`` or ``points``.
    """
    key = "points" if "points" in data else "money"
    scores, winners, rules = data.get(key), data.get("winners"), data.get("rules", [])
    if not (isinstance(scores, list) and isinstance(winners, list) and isinstance(rules, list)):
        raise ValueError(f"an outcome needs lists {key!r}, 'winners' and 'rules'")
    ints = [*scores, *winners]
    if any(isinstance(x, bool) or not isinstance(x, int) for x in ints):
        raise ValueError(f"outcome {key} and winners are integers")
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list) or any(not isinstance(r, list) for r in rounds):
        raise ValueError("outcome rounds are lists of integers")
    return Outcome(tuple(scores), tuple(winners), tuple(str(r) for r in rules), score_key=key,
                   rounds=tuple(tuple(r) for r in rounds))


def rejection_to_data(rejected: Rejected) -> dict[str, PlainData]:
    """A rejection's plain data: ``{"rejected": RULE-ID, "reason": text}``."""
    return rejected.to_data()


def rejection_from_data(data: Mapping[str, Any]) -> Rejected:
    rule, reason = data.get("rejected"), data.get("reason", "")
    if not isinstance(rule, str) or not isinstance(reason, str):
        raise ValueError("a rejection needs a string 'rejected' rule ID")
    return Rejected(rule, reason)


# --------------------------------------------------------------------------
# differences


def _brief(value: PlainData, limit: int) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= limit else text[:limit] + "..."


def diff_paths(expected: PlainData, actual: PlainData, path: str = "",
               limit: int = 8) -> list[str]:
    """The places where two plain-data documents differ, as ``path: expected ..., got ...``."""
    out: list[str] = []
    _diff(expected, actual, path, out, limit)
    return out


def _diff(a: PlainData, b: PlainData, path: str, out: list[str], limit: int) -> None:
    if len(out) >= limit:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            sub = f"{path}.{k}" if path else k
            if k not in b:
                out.append(f"{sub}: missing (expected {_brief(a[k], 80)})")
            elif k not in a:
                out.append(f"{sub}: unexpected (got {_brief(b[k], 80)})")
            else:
                _diff(a[k], b[k], sub, out, limit)
            if len(out) >= limit:
                return
        return
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _diff(x, y, f"{path}[{i}]", out, limit)
        return
    if json.dumps(a, sort_keys=True) != json.dumps(b, sort_keys=True):
        out.append(f"{path or '(document)'}: expected {_brief(a, 120)}, got {_brief(b, 120)}")

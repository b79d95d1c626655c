"""Hostile input for every registered game: generators and the properties it must meet.

The kernel's decoders are strict and total (KERNEL-INPUT): whatever they are
given, ``apply`` returns ``Applied`` or ``Rejected`` with a reason of bounded
size, ``from_data`` returns a state or raises ``ValueError`` (``InvalidState``
included), and ``status`` returns invariant IDs or raises ``ValueError``; an
accepted document or action is exactly in its canonical form.

The generators take a ``random.Random``, so the same inputs come back from a
seed; the gate drives them from Hypothesis (``tests/test_fuzz_decoders.py``),
and ``scripts/fuzz_campaign.py`` runs millions of them. Nothing here names a
game: the valid material to mutate comes from seeded games of every
registered game.

>>> import random
>>> rng = random.Random(1)
>>> len(show_input(hostile_value(rng))) <= 80
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final

import attrs

from kernel.core import Action, Applied, Rejected
from kernel.decode import show
from kernel.registry import GAMES, GameInfo

#: The longest reason a rejection may carry, and the longest error message.
MAX_REASON: Final = 400

#: Strings that look almost right: blanks of every kind around a word,
#: look-alike digits, numbers as text.
_TRICKY_STRINGS: Final = (
    "", " ", "\t", "\n", "\u3000", "\u2028", "\u00a0", "\ufeff", "\x00", "3", " 3 ",
    "\u0663", "+3", "03", "3.0", "1e3", "true", "null", "None", "NaN", "Infinity", "-",
    "\ud800", "\U0001f42b", "\u00e9", "e\u0301", "A" * 300, "x" * 5000,
)
_TRICKY_NUMBERS: Final = (
    0, 1, -1, 2, 7, 99, 2**31, 2**53 - 1, 2**53, 2**63, -(2**53), 10**30, 10**400,
    0.0, 1.0, 3.99, -0.0, 1e400, -1e400, float("nan"), True, False,
)


def hostile_value(rng: random.Random, depth: int = 0) -> Any:
    """A value of any kind a hostile or careless caller might send."""
    roll = rng.randrange(12 if depth < 3 else 8)
    if roll == 0:
        return None
    if roll == 1:
        return rng.choice(_TRICKY_NUMBERS)
    if roll == 2:
        return rng.randrange(-10, 40)
    if roll == 3:
        return rng.choice(_TRICKY_STRINGS)
    if roll == 4:
        return "".join(chr(rng.choice((rng.randrange(32, 127), rng.randrange(0x80, 0x3000))))
                       for _ in range(rng.randrange(6)))
    if roll == 5:
        return rng.choice((True, False))
    if roll == 6:
        return nested(rng.choice((10, 100, 1000, 5000)), rng.choice(("list", "dict")))
    if roll == 7:
        return [0] * rng.choice((0, 1, 10**4))
    if roll in (8, 9):
        return [hostile_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {hostile_key(rng): hostile_value(rng, depth + 1) for _ in range(rng.randrange(4))}


def _field_names() -> tuple[str, ...]:
    """The field names of every registered game's action kinds, sorted."""
    return tuple(sorted({f.name for info in GAMES.values()
                         for kind in info.vocabulary.kinds.values() for f in kind.fields}))


def hostile_key(rng: random.Random) -> Any:
    """A key: the action keys, the registered games' field names, or near misses."""
    return rng.choice(("kind", "game", "seat", *_field_names(), "x", "", " kind", "KIND",
                       "\u00e9"))


def nested(depth: int, shape: str = "list") -> Any:
    """A value nested ``depth`` levels deep, built without recursion."""
    value: Any = []
    for _ in range(depth):
        value = [value] if shape == "list" else {"kind": value}
    return value


def show_input(value: object) -> str:
    return show(value)


# --------------------------------------------------------------------------
# mutations of valid material


def _random_path(data: Any, rng: random.Random) -> tuple[Any, ...]:
    """A path into a document (keys and indices), found by a random walk from the root.

    Each step goes one level deeper with probability 4/5, so fields a few
    levels down (an item of a list inside an object) are reached often,
    and a huge list costs no more than a small one.
    """
    path: tuple[Any, ...] = ()
    value = data
    while isinstance(value, dict | list) and value and rng.randrange(5):
        key = rng.choice(list(value)) if isinstance(value, dict) else rng.randrange(len(value))
        path += (key,)
        value = value[key]
    return path


def _copy(data: Any) -> Any:
    """A deep copy of lists and dicts, without recursion (values nest thousands deep)."""
    if not isinstance(data, dict | list):
        return data
    root: Any = {} if isinstance(data, dict) else []
    stack: list[tuple[Any, Any]] = [(data, root)]
    while stack:
        source, target = stack.pop()
        items = source.items() if isinstance(source, dict) else enumerate(source)
        for key, value in items:
            if isinstance(value, dict | list):
                copy: Any = {} if isinstance(value, dict) else []
                stack.append((value, copy))
            else:
                copy = value
            if isinstance(target, dict):
                target[key] = copy
            else:
                target.append(copy)
    return root


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def list_variants(items: list[Any]) -> list[list[Any]]:
    """Every structural edit of a non-empty list, one edit each: each item
    repeated beside itself, each item dropped, each pair of neighbours
    swapped, the list reversed, its last item repeated at the end. A decoder
    that compares lists only up to the canonical length, or reads one as a
    set, accepts one of these and then fails the round trip.

    >>> list_variants([1, 2])
    [[1, 1, 2], [1, 2, 2], [2], [1], [2, 1], [2, 1], [1, 2, 2]]
    """
    n = len(items)
    variants = [items[:i + 1] + items[i:] for i in range(n)]
    variants += [items[:i] + items[i + 1:] for i in range(n)]
    variants += [[*items[:i], items[i + 1], items[i], *items[i + 2:]] for i in range(n - 1)]
    return [*variants, items[::-1], [*items, items[-1]]]


def list_paths(data: Any) -> list[tuple[Any, ...]]:
    """The path of every non-empty list in a document, outermost first."""
    out: list[tuple[Any, ...]] = []
    stack: list[tuple[tuple[Any, ...], Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, list) and value:
            out.append(path)
        if isinstance(value, dict | list):
            items = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend(((*path, k), v) for k, v in reversed(list(items)))
    return out


def list_edits(data: Any) -> Iterator[Any]:
    """Every :func:`list_variants` edit of every list in a document, one per copy."""
    for path in list_paths(data):
        for variant in list_variants(_get(data, path)):
            if not path:
                yield _copy(variant)
                continue
            doc = _copy(data)
            _get(doc, path[:-1])[path[-1]] = _copy(variant)
            yield doc


def mutate(data: Any, rng: random.Random, edits: int = 1) -> Any:
    """A copy of a plain-data document with a few hostile edits.

    Each edit picks a place in the document and replaces the value there with
    a hostile one or a look-alike (the number as a string or a float, a bool
    for an int, a string with blanks around it, a list reversed or extended),
    deletes or adds a key, or edits a list (:func:`list_variants`).
    """
    doc = _copy(data)
    for _ in range(edits):
        path = _random_path(doc, rng)
        if not path:
            if rng.randrange(4) == 0:
                return hostile_value(rng)
            continue
        parent = _get(doc, path[:-1])
        key = path[-1]
        old = parent[key]
        roll = rng.randrange(10)
        if roll == 0:
            parent[key] = hostile_value(rng)
        elif roll == 1 and type(old) is int and abs(old) < 2**60:
            parent[key] = rng.choice((str(old), float(old), bool(old), old + 2**53,
                                      -old - 1, f" {old}"))
        elif roll == 2 and type(old) is str:
            parent[key] = rng.choice((f" {old}", f"{old}\u3000", old.upper(), old[:-1],
                                      old + old, list(old)))
        elif roll == 3 and isinstance(old, list) and old:
            parent[key] = rng.choice(list_variants(old))
        elif roll == 4 and isinstance(parent, dict):
            del parent[key]
        elif roll == 5 and isinstance(parent, dict):
            parent[hostile_key(rng) if rng.randrange(2) else f"{key}_"] = hostile_value(rng)
        elif roll == 6 and isinstance(old, bool):
            parent[key] = rng.choice((int(old), str(old).lower(), None))
        elif roll == 7 and isinstance(parent, list):
            parent.append(_copy(old))
        elif roll == 8 and old is None:
            parent[key] = rng.choice((0, -1, "", [], {}))
        else:
            parent[key] = hostile_value(rng)
    return doc


# --------------------------------------------------------------------------
# properties


class FuzzFailure(AssertionError):
    """A decoder broke its contract on some input (the message shows it, bounded)."""


def _same(a: Any, b: Any) -> bool:
    """Equal with JSON types exactly (``1`` is not ``true``), without recursion."""
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if type(x) is not type(y):
            return False
        if isinstance(x, dict):
            if list(x) != list(y) and set(x) != set(y):
                return False
            stack.extend((x[k], y[k]) for k in x)
        elif isinstance(x, list):
            if len(x) != len(y):
                return False
            stack.extend(zip(x, y, strict=True))
        elif x != y:
            return False
    return True


def check_action(info: GameInfo, state: Any, value: object) -> bool:
    """``apply`` on any value: never raises, bounded reason, exact when accepted.

    Returns whether the value was accepted.
    """
    try:
        result = info.apply(state, value)
    except Exception as exc:  # the property is that nothing is raised
        raise FuzzFailure(f"apply raised {type(exc).__name__} on {show(value)}") from exc
    if isinstance(result, Rejected):
        if not result.reason or len(result.reason) > MAX_REASON or not result.rule:
            raise FuzzFailure(f"rejection of {show(value)} has a bad reason "
                              f"({len(result.reason)} characters)")
        return False
    if not isinstance(result, Applied):
        raise FuzzFailure(f"apply returned {type(result).__name__} for {show(value)}")
    probe = value
    if isinstance(value, Mapping) and "seat" in value:  # KERNEL-ACTOR: apply's own field
        probe = {k: v for k, v in value.items() if k != "seat"}
    parsed = info.parse_action(probe)
    if not isinstance(parsed, Action) or parsed not in info.legal_actions(state):
        raise FuzzFailure(f"accepted {show(value)}, which is no legal action")
    if isinstance(value, str) and value != parsed.text:
        raise FuzzFailure(f"accepted the text {show(value)} for {parsed.text!r}")
    if isinstance(value, Mapping):
        plain = {k: v for k, v in value.items() if k not in ("game", "seat")}
        if not _same(plain, parsed.to_data()):
            raise FuzzFailure(f"accepted {show(value)} as {parsed.text!r}: not its plain data")
    return True


def check_document(info: GameInfo, value: object) -> bool:
    """``from_data`` and ``status`` on any value: only ValueError, exact when accepted,
    and in step: ``status`` finds nothing broken exactly when ``from_data`` accepts.

    Returns whether ``from_data`` accepted the value.
    """
    ids: object = None
    try:
        ids = info.status(value)  # type: ignore[arg-type]
    except ValueError as exc:
        _bounded(exc, value)
    except Exception as exc:
        raise FuzzFailure(f"status raised {type(exc).__name__} on {show(value)}") from exc
    else:
        if not isinstance(ids, tuple) or not set(ids) <= set(info.invariants):
            raise FuzzFailure(f"status gave {show(ids)} for {show(value)}")
    try:
        state = info.from_data(value)  # type: ignore[arg-type]
    except ValueError as exc:
        _bounded(exc, value)
        if ids == ():  # KERNEL-INPUT: status and from_data in step
            raise FuzzFailure(f"status found nothing broken in {show(value)}, which "
                              f"from_data refuses: {str(exc)[:200]}") from None
        return False
    except Exception as exc:
        raise FuzzFailure(f"from_data raised {type(exc).__name__} on {show(value)}") from exc
    if not _same(info.to_data(state), value):
        raise FuzzFailure(f"from_data accepted {show(value)}, which does not round-trip")
    if ids != ():
        raise FuzzFailure(f"from_data accepted {show(value)}, for which status gave {show(ids)}")
    return True


def _bounded(exc: Exception, value: object) -> None:
    if len(str(exc)) > MAX_REASON:
        raise FuzzFailure(f"error message of {len(str(exc))} characters for {show(value)}")


# --------------------------------------------------------------------------
# material and campaigns


def material(info: GameInfo, seed: int, games: int = 2) -> list[Any]:
    """States of a few seeded games of ``info`` (every configuration it sweeps)."""
    from kernel.api import play

    states: list[Any] = []
    for n, config in enumerate(info.configs()):
        for g in range(games):
            trace = play(info.id, config, seed * 1000 + n * 10 + g)
            states.extend([trace.initial, *(st.state for st in trace.steps)])
    return states


def action_inputs(info: GameInfo, state: Any, rng: random.Random) -> Any:
    """One hostile action: a mutation of a legal (or known) action, or any value."""
    roll = rng.randrange(6)
    legal = info.legal_actions(state) or info.all_actions
    pick = rng.choice(legal if rng.randrange(2) else info.all_actions)
    if roll == 0:
        return hostile_value(rng)
    if roll == 1:
        return mutate(pick.text, rng) if rng.randrange(2) else rng.choice(
            (f" {pick.text}", f"{pick.text}\u3000", pick.text.upper(), f"{pick.text}\u2028"))
    if roll == 2:
        return mutate(pick.to_data(), rng, edits=rng.randrange(1, 3))
    if roll == 3:
        return {**pick.to_data(), "game": rng.choice((info.id, "other", None, 1, [info.id]))}
    if roll == 4:
        return {**pick.to_data(), "seat": hostile_value(rng)}
    return rng.choice((pick.text, pick.to_data(), pick))


@attrs.define
class Counts:
    inputs: int = 0
    accepted: int = 0
    rejected: int = 0
    failures: list[str] = attrs.Factory(list)


def campaign(info: GameInfo, actions: int, documents: int, seed: int,
             progress: Callable[[str], None] | None = None) -> tuple[Counts, Counts]:
    """Run ``actions`` hostile actions and ``documents`` hostile documents on ``info``."""
    rng = random.Random(seed)
    states = material(info, seed)
    datas = [info.to_data(s) for s in states[:: max(1, len(states) // 400)]]
    acts, docs = Counts(), Counts()
    for i in range(actions):
        state = states[rng.randrange(len(states))]
        value = action_inputs(info, state, rng)
        acts.inputs += 1
        try:
            if check_action(info, state, value):
                acts.accepted += 1
            else:
                acts.rejected += 1
        except FuzzFailure as exc:
            acts.failures.append(str(exc))
        if progress and i % 100_000 == 99_999:
            progress(f"{info.id}: {i + 1} actions")
    for _ in range(documents):
        base = datas[rng.randrange(len(datas))]
        value = mutate(base, rng, edits=rng.choice((0, 1, 1, 1, 2, 3)))
        docs.inputs += 1
        try:
            if check_document(info, value):
                docs.accepted += 1
            else:
                docs.rejected += 1
        except FuzzFailure as exc:
            docs.failures.append(str(exc))
    return acts, docs

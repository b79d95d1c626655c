"""Executable examples: loading, validating and running them against the kernel.

Examples are data (``spec/<game-id>/examples/<area>.json``, format in
``spec/README.md`` and ``spec/example.schema.json``). This module is the
Python kernel's driver for them: another implementation writes its own driver
for the same data (see ``race-kernel spec export``).

Loading is total: an example file that cannot be read (not UTF-8, not JSON
the kernel reads, not of the schema's shape) is a :class:`Problem` of the
suite, never an exception. Validating against the JSON Schema needs
``jsonschema`` (the ``conformance`` extra): without it :func:`schema_errors`
raises :class:`kernel.resources.MissingExtra`; it never skips validation.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs

import kernel
from kernel.api import Step, Trace
from kernel.core import CHANCE, TERMINAL, ConfigError, InvalidState, PlainData, Rejected
from kernel.decode import DecodeError, loads, read_keys, read_list, read_str, show
from kernel.plugin import SeatOdds
from kernel.resources import require
from kernel.spec.catalogue import SpecFileError

SCHEMA_VERSION = 1
SCHEMA_FILE = "example.schema.json"
#: The rule named when a configuration is refused (the only rejection that
#: happens while building a start rather than in ``apply``).
CONFIG_RULE = "KERNEL-CONFIG"


@attrs.frozen
class Example:
    """One example, with the file it comes from."""

    id: str
    game: str
    area: str
    path: Path
    rules: tuple[str, ...]
    description: str
    start: Mapping[str, Any]
    actions: tuple[Any, ...]
    expect: Mapping[str, Any]
    raw: Mapping[str, Any]


@attrs.frozen
class ExampleFile:
    path: Path
    game: str
    area: str
    fixtures: Mapping[str, Mapping[str, Any]]
    examples: tuple[Example, ...]
    raw: Mapping[str, Any]


@attrs.frozen
class Problem:
    """Something wrong with the example files themselves (not a rule failure)."""

    where: str
    message: str


@attrs.frozen
class Suite:
    """Every example file under a spec directory, with the problems found loading it."""

    files: tuple[ExampleFile, ...]
    problems: tuple[Problem, ...]

    @property
    def examples(self) -> tuple[Example, ...]:
        return tuple(e for f in self.files for e in f.examples)

    def fixtures(self, game: str) -> dict[str, Mapping[str, Any]]:
        out: dict[str, Mapping[str, Any]] = {}
        for f in self.files:
            if f.game == game:
                out.update(f.fixtures)
        return out


def schema(spec_dir: Path) -> dict[str, Any]:
    """The examples' JSON Schema (OSError, SpecFileError when it cannot be read)."""
    path = spec_dir / SCHEMA_FILE
    try:
        loaded = loads(path.read_bytes())
    except DecodeError as exc:
        raise SpecFileError(f"{path}: {exc}") from None
    if not isinstance(loaded, dict):
        raise SpecFileError(f"{path}: a JSON Schema is an object, not {show(loaded)}")
    return loaded


def schema_errors(document: object, schema_data: Mapping[str, Any],
                  kind: str | None = None) -> list[str]:
    """Schema violations of an example file or an export document (empty when valid).

    ``kind`` ("exampleFile" or "exportDocument") checks against that branch of the
    schema only, which gives precise messages; by default it is chosen from the
    document (an export has a ``kind`` key). Needs ``jsonschema`` (the
    ``conformance`` extra): without it, :class:`kernel.resources.MissingExtra`
    (validation is never skipped). SpecFileError when the schema itself is
    not a valid JSON Schema.
    """
    require("jsonschema", "conformance", "validating the spec's examples")

    if kind is None:
        is_export = isinstance(document, Mapping) and "kind" in document
        kind = "exportDocument" if is_export else "exampleFile"
    try:  # the schema's text names it (a Mapping may change between calls)
        text = json.dumps(schema_data, sort_keys=True)
    except (TypeError, ValueError):  # not JSON data: checked afresh
        validator = _checked_validator(schema_data, kind)
    else:
        validator = _validator(text, kind)
    errors = sorted(validator.iter_errors(document),
                    key=lambda e: [(0, p, "") if isinstance(p, int) else (1, 0, str(p))
                                   for p in e.absolute_path])
    out: list[str] = []
    for err in errors:
        where = "/".join(str(p) for p in err.absolute_path) or "(top)"
        out.append(f"{where}: {err.message[:300]}")
    return out


@functools.lru_cache(maxsize=8)
def _validator(schema_text: str, kind: str) -> Any:
    """:func:`_checked_validator` once per schema text and kind: checking a schema
    against the meta-schema costs far more than validating an example file, and a
    suite has dozens of files."""
    return _checked_validator(json.loads(schema_text), kind)


def _checked_validator(schema_data: Mapping[str, Any], kind: str) -> Any:
    """A validator of the schema's ``kind`` branch, the schema checked first
    (SpecFileError when it is not a valid JSON Schema)."""
    import jsonschema

    branch = {k: v for k, v in schema_data.items() if k != "oneOf"}
    branch["$ref"] = f"#/$defs/{kind}"
    try:
        jsonschema.Draft202012Validator.check_schema(branch)
    except jsonschema.exceptions.SchemaError as exc:
        raise SpecFileError(f"{SCHEMA_FILE}: not a valid JSON Schema: "
                            f"{exc.message[:300]}") from None
    return jsonschema.Draft202012Validator(branch)


def example_files(spec_dir: Path) -> list[Path]:
    return sorted(spec_dir.glob("*/examples/*.json"))


def load_suite(spec_dir: Path, validate: bool = True) -> Suite:
    """Load every example file; schema problems, duplicate ids and bad fixtures are problems.

    Total: whatever the files hold, the result is a suite and its problems.
    ``validate`` checks each file against the JSON Schema (which needs
    ``jsonschema``: MissingExtra without it); OSError or SpecFileError when the
    schema itself cannot be read.
    """
    schema_data = schema(spec_dir) if validate else None
    files: list[ExampleFile] = []
    problems: list[Problem] = []
    seen_ids: dict[str, str] = {}
    seen_fixtures: dict[tuple[str, str], str] = {}
    for path in example_files(spec_dir):
        rel = _rel(path, spec_dir)
        try:
            raw = loads(path.read_bytes())
        except OSError as exc:
            problems.append(Problem(rel, f"cannot read: {exc.strerror or type(exc).__name__}"))
            continue
        except DecodeError as exc:
            problems.append(Problem(rel, f"not readable JSON: {exc}"))
            continue
        if schema_data is not None:
            errs = schema_errors(raw, schema_data)
            if errs:
                problems.extend(Problem(rel, f"schema: {e}") for e in errs[:20])
                if len(errs) > 20:
                    problems.append(Problem(rel, f"schema: ... and {len(errs) - 20} more"))
                continue
        try:
            loaded = _example_file(path, raw)
        except DecodeError as exc:
            problems.append(Problem(rel, f"not an example file: {exc}"))
            continue
        game, area = loaded.game, loaded.area
        folder = path.parent.parent.name
        if game != folder:
            problems.append(Problem(rel, f"game {show(game)} in a file under spec/{folder}/"))
        if area != path.stem:
            problems.append(Problem(rel, f"area {show(area)} differs from the file name "
                                         f"{show(path.stem)}"))
        for name in loaded.fixtures:
            other = seen_fixtures.get((game, name))
            if other is not None:
                problems.append(Problem(rel, f"fixture {show(name)} also defined in {other}"))
            seen_fixtures[(game, name)] = rel
        for ex in loaded.examples:
            other = seen_ids.get(ex.id)
            if other is not None:
                problems.append(Problem(rel, f"example id {show(ex.id)} also used in {other}"))
            seen_ids[ex.id] = rel
        files.append(loaded)
    suite = Suite(tuple(files), tuple(problems))
    return attrs.evolve(suite, problems=(*suite.problems, *_fixture_problems(suite, spec_dir)))


def _object(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise DecodeError(f"{where}: expected an object, got {show(value)}")
    return value


def _example_file(path: Path, raw: object) -> ExampleFile:
    """The example file ``raw`` (read from ``path``), checked for the shape this driver
    reads (DecodeError naming the field otherwise)."""
    data = read_keys(raw, "(top)", ("schema_version", "game", "area", "examples"),
                     ("description", "fixtures"))
    game = read_str(data["game"], "game")
    area = read_str(data["area"], "area")
    fixtures = _object(data.get("fixtures", {}), "fixtures")
    for name, start in fixtures.items():
        _object(start, f"fixtures.{name}")
    examples: list[Example] = []
    for i, item in enumerate(read_list(data["examples"], "examples")):
        where = f"examples[{i}]"
        item = _object(item, where)
        for key in ("id", "rules", "description", "start", "expect"):
            if key not in item:
                raise DecodeError(f"{where}: missing key {show(key)}")
        rules = read_list(item["rules"], f"{where}.rules")
        for j, rule in enumerate(rules):
            read_str(rule, f"{where}.rules[{j}]")
        examples.append(Example(
            id=read_str(item["id"], f"{where}.id"),
            game=game,
            area=area,
            path=path,
            rules=tuple(rules),
            description=read_str(item["description"], f"{where}.description"),
            start=_object(item["start"], f"{where}.start"),
            actions=tuple(read_list(item.get("actions", []), f"{where}.actions")),
            expect=_object(item["expect"], f"{where}.expect"),
            raw=item,
        ))
    return ExampleFile(path, game, area, dict(fixtures), tuple(examples), data)


def _fixture_problems(suite: Suite, spec_dir: Path) -> list[Problem]:
    """Every ``from`` names a fixture of the same game, without cycles."""
    problems: list[Problem] = []
    for f in suite.files:
        fixtures = suite.fixtures(f.game)
        starts = [(f"fixture {n}", s) for n, s in f.fixtures.items()]
        starts += [(f"example {e.id}", e.start) for e in f.examples]
        for label, start in starts:
            seen: list[str] = []
            current: object = start
            while isinstance(current, Mapping) and "from" in current:
                name = current["from"]
                if not isinstance(name, str):
                    problems.append(Problem(_rel(f.path, spec_dir),
                                            f"{label}: 'from' names a fixture, not "
                                            f"{show(name)}"))
                    break
                if name in seen:
                    problems.append(Problem(_rel(f.path, spec_dir),
                                            f"{label}: fixture cycle {' -> '.join(seen)}"))
                    break
                seen.append(name)
                current = fixtures.get(name)
                if current is None:
                    problems.append(Problem(_rel(f.path, spec_dir),
                                            f"{label}: unknown fixture {show(name)}"))
    return problems


def _rel(path: Path, spec_dir: Path) -> str:
    try:
        return str(path.relative_to(spec_dir.parent))
    except ValueError:
        return str(path)


# --------------------------------------------------------------------------
# building the start


class StartError(Exception):
    """The start could not be built."""

    def __init__(self, message: str, data: Mapping[str, Any] | None = None,
                 broken: tuple[str, ...] = (), config_rejected: bool = False) -> None:
        super().__init__(message)
        self.data = data
        self.broken = broken
        self.config_rejected = config_rejected


def build_start(game: str, start: Mapping[str, Any],
                fixtures: Mapping[str, Mapping[str, Any]], depth: int = 0) -> Any:
    """The state a start describes (raises StartError)."""
    if depth > 20:
        raise StartError("fixtures nest too deeply (a cycle?)")
    if not isinstance(start, Mapping):
        raise StartError(f"a start is an object, not {show(start)}")
    if "from" in start:
        name = start["from"]
        if not isinstance(name, str) or name not in fixtures:
            raise StartError(f"unknown fixture {show(name)}")
        state = build_start(game, fixtures[name], fixtures, depth + 1)
    elif "setup" in start:
        try:
            state = kernel.new_game(game, start["setup"])
        except ConfigError as exc:
            raise StartError(f"configuration refused: {exc}", config_rejected=True) from None
    elif "state" in start:
        data = start["state"]
        if not isinstance(data, Mapping):
            raise StartError(f"start.state is an object, not {show(data)}")
        if data.get("game") != game:
            raise StartError(f"state of game {show(data.get('game'))} in a {game} example file")
        state = _rebuild(data)
    else:
        raise StartError("a start needs one of from, setup, state")
    actions = start.get("actions", ())
    if not isinstance(actions, list | tuple):
        raise StartError(f"start.actions is a list, not {show(actions)}")
    for i, action in enumerate(actions):
        result = kernel.apply(state, action)
        if isinstance(result, Rejected):
            raise StartError(f"start action {i + 1} {_short(action)} rejected: "
                             f"{result.rule}: {result.reason}")
        state = result.state
    patch = start.get("patch")
    if patch:
        if not isinstance(patch, Mapping):
            raise StartError(f"start.patch is an object, not {show(patch)}")
        data = kernel.to_data(state)
        data.update(patch)
        state = _rebuild(data)
    return state


def _rebuild(data: Mapping[str, Any]) -> Any:
    try:
        return kernel.from_data(data)
    except InvalidState as exc:
        raise StartError(f"the start breaks {', '.join(exc.ids)}", data, exc.ids) from None
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
        broken = _status(data)
        raise StartError(f"the start is not a readable state ({type(exc).__name__}: {exc})",
                         data, broken) from None


def _status(data: Mapping[str, Any]) -> tuple[str, ...]:
    try:
        return tuple(kernel.status(data))
    except (ValueError, KeyError, TypeError, ConfigError) as exc:
        return (f"status() failed: {type(exc).__name__}: {exc}",)


# --------------------------------------------------------------------------
# matching


def match(expected: PlainData, actual: PlainData, path: str = "") -> str | None:
    """None when ``actual`` matches ``expected``, else where and how it differs.

    Dicts match as subsets (every expected key present and matching), lists
    need the same length with each element matching, other values must be
    equal and of the same JSON type (``true`` is not ``1``).
    """
    here = path or "(top)"
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return f"{here}: expected an object, got {_short(actual)}"
        for key, value in expected.items():
            if key not in actual:
                return f"{path + '.' if path else ''}{key}: missing (expected {_short(value)})"
            problem = match(value, actual[key], f"{path + '.' if path else ''}{key}")
            if problem:
                return problem
        return None
    if isinstance(expected, list | tuple):
        if not isinstance(actual, list | tuple):
            return f"{here}: expected a list, got {_short(actual)}"
        if len(expected) != len(actual):
            return (f"{here}: expected {len(expected)} items {_short(expected)}, "
                    f"got {len(actual)} {_short(actual)}")
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            problem = match(e, a, f"{path}[{i}]")
            if problem:
                return problem
        return None
    if isinstance(expected, bool) != isinstance(actual, bool) or expected != actual:
        return f"{here}: expected {_short(expected)}, got {_short(actual)}"
    return None


def _short(value: PlainData, limit: int = 160) -> str:
    text = json.dumps(value, sort_keys=True, default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def event_matches(pattern: Mapping[str, Any], event: Mapping[str, Any]) -> bool:
    if pattern.get("event") != event.get("event"):
        return False
    rules = pattern.get("rules")
    if rules is not None and not set(rules) <= set(event.get("rules", ())):
        return False
    data = {k: v for k, v in pattern.items() if k not in ("event", "rules")}
    return match(data, event) is None


def _event_text(event: Mapping[str, Any]) -> str:
    data = {k: v for k, v in event.items() if k not in ("event", "rules")}
    return f"{event.get('event')} {json.dumps(data, sort_keys=True)} {event.get('rules')}"


def events_problem(patterns: Sequence[Mapping[str, Any]],
                   events: Sequence[Mapping[str, Any]]) -> str | None:
    """The expected events must occur in order, as a subsequence (greedy is exact here)."""
    at = 0
    for n, pattern in enumerate(patterns):
        for i in range(at, len(events)):
            if event_matches(pattern, events[i]):
                at = i + 1
                break
        else:
            shown = "\n      ".join(_event_text(e) for e in events) or "(none)"
            return (f"expected event #{n + 1} {json.dumps(pattern, sort_keys=True)} not found "
                    f"(in order) among the events:\n      {shown}")
    return None


# --------------------------------------------------------------------------
# running


@attrs.frozen
class Result:
    example: Example
    failures: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.failures


def actor_name(actor: int) -> int | str:
    if actor == CHANCE:
        return "chance"
    if actor == TERMINAL:
        return "terminal"
    return actor


def run_example(example: Example, fixtures: Mapping[str, Mapping[str, Any]]) -> Result:
    """Run one example; the result lists every expectation that failed."""
    try:
        failures = _run(example, fixtures)
    except Exception as exc:  # a crash in the kernel is a failure of the example
        failures = [f"crashed: {type(exc).__name__}: {exc}"]
    return Result(example, tuple(failures))


def _run(example: Example, fixtures: Mapping[str, Mapping[str, Any]]) -> list[str]:
    expect = example.expect
    try:
        state = build_start(example.game, example.start, fixtures)
    except StartError as exc:
        return _broken_start(example, exc)
    failures: list[str] = []
    events: list[dict[str, Any]] = []
    rejection: Rejected | None = None
    start, steps = state, []
    for i, action in enumerate(example.actions):
        before = kernel.to_data(state)
        actor = kernel.current_actor(state)
        result = kernel.apply(state, action)
        if isinstance(result, Rejected):
            if kernel.to_data(state) != before:
                failures.append(f"action {i + 1} {action!r}: the rejection changed the state")
            if i == len(example.actions) - 1 and "rejected" in expect:
                rejection = result
                break
            return [*failures,
                    f"action {i + 1} {action!r} rejected: {result.rule}: {result.reason}"]
        events.extend(e.to_data() for e in result.events)
        parsed = kernel.parse_action(example.game, action)
        assert not isinstance(parsed, Rejected)  # apply accepted it
        steps.append(Step(actor, parsed, result.events, result.state))
        state = result.state
    if "rejected" in expect:
        wanted = _rejection_rules(expect["rejected"])
        if rejection is None:
            what = "no action" if not example.actions else f"{example.actions[-1]!r}"
            failures.append(
                f"expected a rejection naming {' or '.join(wanted)}; {what} was accepted")
        elif rejection.rule not in wanted:
            failures.append(f"rejected naming {rejection.rule} ({rejection.reason}), "
                            f"expected {' or '.join(wanted)}")
    failures.extend(_check_state(expect, state, events))
    if "odds" in expect:
        info = kernel.game_info(example.game)
        history = Trace(example.game, info.version, {}, 0, start, tuple(steps))
        failures.extend(_odds_problems(expect["odds"], history))
    return failures


def _rejection_rules(expected: str | Sequence[str]) -> tuple[str, ...]:
    """The rule IDs a rejection may name: one, or any one of a list."""
    return (expected,) if isinstance(expected, str) else tuple(expected)


def _broken_start(example: Example, exc: StartError) -> list[str]:
    expect = example.expect
    if exc.config_rejected:
        if example.actions or set(expect) != {"rejected"}:
            return [f"{exc}: only {{\"rejected\": \"{CONFIG_RULE}\"}} can be expected "
                    "of a refused configuration, with no actions"]
        if CONFIG_RULE not in _rejection_rules(expect["rejected"]):
            return [f"{exc}: a refused configuration is a {CONFIG_RULE} rejection, "
                    f"expected {expect['rejected']}"]
        return []
    if exc.data is not None and "status" in expect:
        if example.actions or set(expect) != {"status"}:
            return [f"{exc}: a start that breaks invariants can only expect `status`, "
                    "with no actions"]
        return _status_problem(expect["status"], exc.broken)
    return [f"start failed: {exc}"]


def _status_problem(expected: Sequence[str], actual: Sequence[str]) -> list[str]:
    if set(expected) != set(actual) or len(set(actual)) != len(actual):
        return [f"status: expected {sorted(expected)}, got {list(actual)}"]
    return []


def _check_state(expect: Mapping[str, Any], state: Any, events: list[dict[str, Any]]) -> list[str]:
    failures: list[str] = []
    if "state" in expect:
        problem = match(expect["state"], kernel.to_data(state))
        if problem:
            failures.append(f"state: {problem}")
    if "events" in expect:
        problem = events_problem(expect["events"], events)
        if problem:
            failures.append(f"events: {problem}")
    for pattern in expect.get("events_absent", ()):
        hits = [e for e in events if event_matches(pattern, e)]
        if hits:
            failures.append(f"events_absent: {json.dumps(pattern, sort_keys=True)} matched "
                            f"{_event_text(hits[0])}")
    if "legal" in expect:
        failures.extend(_legal_problems(expect["legal"], state))
    if "chance" in expect:
        failures.extend(_chance_problems(expect["chance"], state))
    if "actor" in expect:
        actual = actor_name(kernel.current_actor(state))
        if actual != expect["actor"]:
            failures.append(f"actor: expected {expect['actor']!r}, got {actual!r}")
    if "outcome" in expect:
        out = kernel.outcome(state)
        if expect["outcome"] is None:
            if out is not None:
                failures.append(f"outcome: expected none (game not over), got {out.to_data()}")
        elif out is None:
            failures.append("outcome: expected a finished game, got none")
        else:
            problem = match(expect["outcome"], out.to_data())
            if problem:
                failures.append(f"outcome: {problem}")
    for obs in expect.get("observation", ()):
        seat = int(obs["seat"])
        data = kernel.observation(state, seat)
        problem = match(obs.get("match", {}), data)
        if problem:
            failures.append(f"observation of seat {seat}: {problem}")
        for key in obs.get("absent", ()):
            if key in data:
                failures.append(f"observation of seat {seat}: key {key!r} must be absent, "
                                f"got {_short(data[key])}")
    if "status" in expect:
        failures.extend(_status_problem(expect["status"], _status(kernel.to_data(state))))
    return failures


def _legal_problems(spec: Mapping[str, Any], state: Any) -> list[str]:
    return legal_problems(spec, [a.text for a in kernel.legal_actions(state)])


def legal_problems(spec: Mapping[str, Any], legal: Sequence[str]) -> list[str]:
    """How the legal actions ``legal`` (texts) miss an example's ``legal`` expectation."""
    actual = set(legal)
    out: list[str] = []
    if len(actual) != len(legal):
        out.append(f"legal: actions listed twice in {legal}")
    if "exact" in spec:
        wanted = set(spec["exact"])
        if wanted != actual:
            out.append(f"legal: missing {sorted(wanted - actual)}, "
                       f"unexpected {sorted(actual - wanted)}")
    missing = [a for a in spec.get("contains", ()) if a not in actual]
    if missing:
        out.append(f"legal: expected to contain {missing}; legal are {legal}")
    present = [a for a in spec.get("excludes", ()) if a in actual]
    if present:
        out.append(f"legal: expected to exclude {present}")
    return out


def _fraction(text: str) -> Fraction:
    """An exact fraction written "n/d" (a leading "-" for a negative one)."""
    num, _, den = text.partition("/")
    return Fraction(int(num), int(den))


def _chance_problems(spec: Mapping[str, Any], state: Any) -> list[str]:
    return chance_problems(spec, [(a.text, p) for a, p in kernel.chance_outcomes(state)])


def chance_problems(spec: Mapping[str, Any], pairs: Sequence[tuple[str, Fraction]]) -> list[str]:
    """How the chance outcomes ``pairs`` (texts, probabilities) miss an example's
    ``chance`` expectation."""
    actual: dict[str, Fraction] = {}
    out: list[str] = []
    for text, p in pairs:
        if text in actual:
            out.append(f"chance: outcome {text} listed twice")
        actual[text] = actual.get(text, Fraction(0)) + p
    wanted = {k: _fraction(v) for k, v in spec.get("exact", spec.get("contains", {})).items()}
    if "exact" in spec and set(wanted) != set(actual):
        out.append(f"chance: missing {sorted(set(wanted) - set(actual))}, "
                   f"unexpected {sorted(set(actual) - set(wanted))}")
    for text, p in wanted.items():
        if text in actual and actual[text] != p:
            listed = sum(1 for a, _ in pairs if a == text)
            how = f" (summed over its {listed} listings)" if listed > 1 else ""
            out.append(f"chance: {text} has probability {actual[text]}{how}, expected {p}")
        elif text not in actual and "contains" in spec:
            out.append(f"chance: {text} is not an outcome")
    return out


def _odds_problems(spec: Mapping[str, Any], history: Trace) -> list[str]:
    """How ``kernel.seat_odds`` of the example's history (its start as the initial
    state, then its actions) misses an ``odds`` expectation."""
    seat = int(spec["seat"])
    try:
        odds = kernel.seat_odds(history, seat)
    except ValueError as exc:
        return [f"odds: {exc}"]
    if odds is None:
        return [f"odds: seat {seat} has no leg under way to give odds of"]
    return odds_problems(spec, odds)


def odds_problems(spec: Mapping[str, Any], odds: SeatOdds) -> list[str]:
    """How seat odds miss an example's ``odds`` expectation: ``reading`` equal,
    ``places`` (each camel listed: every place's probability), ``race_ends``
    and ``values`` (each action listed) equal by value."""
    out: list[str] = []
    if "reading" in spec and spec["reading"] != odds.reading:
        out.append(f"odds: reading {odds.reading}, expected {spec['reading']}")
    places = dict(odds.places)
    for camel, wanted in spec.get("places", {}).items():
        if camel not in places:
            out.append(f"odds: no places for {camel!r} (camels: {sorted(places)})")
            continue
        expected = tuple(_fraction(p) for p in wanted)
        if expected != places[camel]:
            out.append(f"odds: places of {camel} are "
                       f"{[str(p) for p in places[camel]]}, expected {wanted}")
    if "race_ends" in spec and _fraction(spec["race_ends"]) != odds.race_ends:
        out.append(f"odds: race_ends is {odds.race_ends}, expected {spec['race_ends']}")
    values = dict(odds.values)
    for text, wanted in spec.get("values", {}).items():
        if text not in values:
            out.append(f"odds: no value for {text!r} (actions: {sorted(values)})")
        elif values[text] != _fraction(wanted):
            out.append(f"odds: {text} is worth {values[text]}, expected {wanted}")
    return out


def run_suite(suite: Suite, game: str | None = None, rule: str | None = None) -> list[Result]:
    out: list[Result] = []
    fixtures_by_game: dict[str, dict[str, Mapping[str, Any]]] = {}
    for ex in suite.examples:
        if game is not None and ex.game != game:
            continue
        if rule is not None and rule not in ex.rules:
            continue
        fixtures = fixtures_by_game.setdefault(ex.game, suite.fixtures(ex.game))
        out.append(run_example(ex, fixtures))
    return out

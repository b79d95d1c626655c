"""The conformance kit: canonical JSON, schemas, traces and replay, golden vectors.

Rule IDs: the documents are the plain-data forms of the kernel API
(KERNEL-INPUT for what input is accepted, KERNEL-CHANCE for probabilities,
KERNEL-OBSERVATION for observations); the vectors cover the game catalogue.
"""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import kernel
from kernel.conformance import canonical, cli, trace, vectors
from kernel.conformance.server import KernelServer
from kernel.core import Action, Event, Outcome

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "spec"
GAME = "camel-up-cards-2016"
KINDS = ("state", "action", "event", "observation", "outcome")


def _validator(path: Path) -> Draft202012Validator:
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


VALIDATORS = {kind: _validator(SPEC / GAME / "schemas" / f"{kind}.schema.json") for kind in KINDS}
TRACE_SCHEMA = _validator(SPEC / "trace.schema.json")
PROTOCOL_SCHEMA = _validator(SPEC / "protocol.schema.json")


def _by_kind(kind: str, key: str) -> dict[str, Draft202012Validator]:
    """The alternatives of a oneOf schema, by their constant ``key`` (faster to check)."""
    schema = VALIDATORS[kind].schema
    return {alt["properties"][key]["const"]: Draft202012Validator({**alt, "$defs": schema["$defs"]})
            for alt in schema["oneOf"]}


EVENTS = _by_kind("event", "event")
ACTIONS = _by_kind("action", "kind")


def _valid(kind: str, document: Any) -> None:
    errors = sorted(VALIDATORS[kind].iter_errors(document), key=str)
    assert not errors, f"{kind} not schema-valid: {errors[0].message} at {list(errors[0].path)}"


def _valid_alternative(table: dict[str, Draft202012Validator], key: str, document: Any) -> None:
    validator = table.get(document.get(key))
    assert validator is not None, f"no schema alternative for {key} {document.get(key)!r}"
    errors = list(validator.iter_errors(document))
    assert not errors, f"{document} not schema-valid: {errors[0].message}"


def _config(players: int, ages_seed: int) -> dict[str, Any]:
    ages = list(range(players))
    random.Random(ages_seed).shuffle(ages)
    return {"players": players, "age_order": ages}


# --------------------------------------------------------------------------
# canonical JSON and schemas


# Whole games, each document schema-validated: at most 20 (the ci profile's 60 took
# a twentieth of the gate's CPU; tests/test_schemas.py validates every game's documents).
@settings(max_examples=min(20, settings().max_examples))
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), ages=st.integers(0, 100))
def test_documents_are_canonical_and_schema_valid(players: int, seed: int, ages: int) -> None:
    # KERNEL-INPUT, KERNEL-OBSERVATION: every document of a random game has a
    # canonical JSON text that round-trips, and validates against its schema.
    game = kernel.play(GAME, _config(players, ages), seed)
    states = [game.initial, *(s.state for s in game.steps)]
    for i, state in enumerate(states):
        if i % 3 and i != len(states) - 1:
            continue
        data = canonical.state_to_data(state)
        text = canonical.dumps(data)
        assert canonical.is_canonical(text) and text.isascii()  # the 2016 game's data is ASCII
        assert canonical.dumps(canonical.loads(text)) == text
        if i % 15 == 0 or i == len(states) - 1:
            _valid("state", data)
            _valid("observation", canonical.observation_to_data(state, i % players))
    checked = 0
    for step in game.steps:
        _valid_alternative(ACTIONS, "kind", canonical.action_to_data(step.action))
        for event in step.events:
            data = canonical.event_to_data(event)
            _valid_alternative(EVENTS, "event", data)
            if checked < 20:  # the whole oneOf schema too, on a few
                _valid("event", data)
                checked += 1
            assert canonical.event_from_data(canonical.loads(canonical.dumps(data))) == event
    end = kernel.outcome(game.final)
    assert end is not None
    _valid("outcome", canonical.outcome_to_data(end))
    assert canonical.outcome_from_data(canonical.outcome_to_data(end)) == end


def test_every_action_of_the_universe_is_schema_valid_and_round_trips() -> None:
    # KERNEL-INPUT: the plain-data form of every action names exactly that action.
    for action in kernel.game_info(GAME).all_actions:
        data = canonical.action_to_data(action)
        _valid("action", data)
        assert canonical.action_from_data(GAME, canonical.loads(canonical.dumps(data))) == action
    with pytest.raises(ValueError):
        canonical.action_from_data(GAME, {"kind": "palm", "space": "seven"})


def test_schemas_reject_what_is_not_a_document() -> None:
    # KERNEL-INPUT: the schemas are strict (no unknown field, no wrong type).
    state = canonical.state_to_data(kernel.new_game(GAME, {"players": 3}))
    assert not VALIDATORS["state"].is_valid({**state, "extra": 1})
    assert not VALIDATORS["state"].is_valid({**state, "money": [3, 3, "3"]})
    assert not VALIDATORS["action"].is_valid({"kind": "palm", "space": 0})
    assert not VALIDATORS["action"].is_valid({"kind": "end", "camel": "blue"})
    assert not VALIDATORS["event"].is_valid({"event": "dealt", "rules": [], "seat": 0,
                                             "card": "blue+1"})
    assert not VALIDATORS["outcome"].is_valid({"money": [3, 3], "winners": []})


def test_canonical_text_is_sorted_compact_and_exact() -> None:
    # KERNEL-CHANCE: probabilities are exact fractions, written "n/d" in lowest terms.
    # RFC 8785: non-ASCII characters are written as UTF-8, not escaped.
    assert canonical.dumps({"b": 1, "a": [True, None, "é"]}) == '{"a":[true,null,"é"],"b":1}'
    assert canonical.dumps({"p": Fraction(3, 6)}) == '{"p":"1/2"}'
    assert canonical.fraction_from_text("1/2") == Fraction(1, 2)
    for bad in (1.5, float("nan"), {1: "x"}, 2**60, object()):
        with pytest.raises(canonical.CanonicalError):
            canonical.dumps(bad)
    for text in ('{"a":1.0}', '{"a":1,"a":2}', "[NaN]", '{"a":1e3}'):
        with pytest.raises(ValueError):
            canonical.loads(text)
    assert not canonical.is_canonical('{"b":1, "a":2}')
    assert canonical.is_canonical('{"a":2,"b":1}')
    with pytest.raises(ValueError):
        canonical.fraction_from_text("1/0")


def test_digest_is_stable() -> None:
    # KERNEL-INPUT: the digest depends on the state alone, not on how it is held.
    game = kernel.play(GAME, {"players": 4}, 11)
    for step in game.steps[::40]:
        data = kernel.to_data(step.state)
        expected = canonical.digest(step.state)
        assert len(expected) == 64 and set(expected) <= set("0123456789abcdef")
        assert canonical.digest(data) == expected
        shuffled = dict(reversed(list(data.items())))
        assert canonical.digest(shuffled) == expected
        assert canonical.digest(kernel.from_data(json.loads(json.dumps(data)))) == expected
        replayed = kernel.play(GAME, {"players": 4}, 11)
        assert canonical.digest(replayed.steps[game.steps.index(step)].state) == expected
    states = {canonical.digest(s.state) for s in game.steps[:30]}
    assert len(states) == 30  # every step changes the state, and so the digest


def test_events_outcomes_and_rejections_round_trip() -> None:
    # KERNEL-LEGAL: a rejection's plain data names the rule.
    event = Event("bet", ("CUC-BET-FINAL",), {"seat": 1, "card": "blue:winner", "returned": None})
    assert canonical.event_from_data(canonical.event_to_data(event)) == event
    outcome = Outcome((4, 9), (1,), ("CUC-WINNER",))
    assert canonical.outcome_from_data(canonical.outcome_to_data(outcome)) == outcome
    result = kernel.apply(kernel.new_game(GAME, {"players": 2}), "end")
    assert isinstance(result, kernel.Rejected)
    assert canonical.rejection_from_data(canonical.rejection_to_data(result)) == result
    assert canonical.canonical(Action(GAME, "palm", 7)) == {"kind": "palm", "space": 7}
    with pytest.raises(ValueError):
        canonical.event_from_data({"event": "bet"})


# --------------------------------------------------------------------------
# the protocol messages


def test_reference_server_messages_are_schema_valid() -> None:
    # KERNEL-CONFIG, KERNEL-INPUT: requests and responses follow the protocol schema.
    server = KernelServer()
    requests: list[dict[str, Any]] = [
        {"id": 1, "op": "hello", "protocol": 1},
        {"id": 2, "op": "legal"},
        {"id": 3, "op": "new", "game": GAME, "config": {"players": 9}},
        {"id": 4, "op": "new", "game": GAME, "config": {"players": 2}},
        {"id": 5, "op": "legal"},
        {"id": 6, "op": "apply", "action": {"kind": "draw", "card": "blue+2"}},
        {"id": 7, "op": "apply", "action": "fly:moon"},
        {"id": 8, "op": "digest"},
        {"id": 9, "op": "state"},
        {"id": 10, "op": "observation", "seat": 1},
        {"id": 11, "op": "outcome"},
        {"id": 12, "op": "status", "candidate": {"game": GAME}},
        {"id": 13, "op": "observation", "seat": 7},
        {"id": 14, "op": "quit"},
    ]
    responses = []
    for request in requests:
        assert PROTOCOL_SCHEMA.is_valid(request), request
        response = json.loads(canonical.dumps(server.handle(request)))
        errors = list(PROTOCOL_SCHEMA.iter_errors(response))
        assert not errors, (request, response, errors[0].message)
        assert response["id"] == request["id"]
        responses.append(response)
    assert responses[1]["ok"] is False and "error" in responses[1]
    assert responses[2]["rejected"] == "KERNEL-CONFIG"
    assert responses[4]["actor"] == kernel.CHANCE and responses[4]["probabilities"][0] == "1/6"
    assert responses[6]["rejected"] == "KERNEL-INPUT"
    assert responses[7]["digest"] == canonical.digest(responses[8]["state"])
    assert responses[9]["observation"]["seat"] == 1
    assert responses[10]["outcome"] is None
    assert responses[12]["ok"] is False


# --------------------------------------------------------------------------
# traces and replay


@pytest.fixture
def game_trace(tmp_path: Path) -> Iterator[tuple[Path, kernel.Trace]]:
    played = kernel.play(GAME, {"players": 3, "age_order": [2, 0, 1]}, 5)
    path = tmp_path / "game.jsonl"
    trace.write_trace(path, played, full_every=25)
    yield path, played


def test_trace_write_read_replay_round_trip(game_trace: tuple[Path, kernel.Trace]) -> None:
    # KERNEL-CHANCE: a recorded game replays exactly, chance outcomes included.
    path, played = game_trace
    lines = trace.read_trace(path)
    assert len(lines) == len(played.steps) + 1
    for line in trace.strip_line_numbers(lines):
        errors = list(TRACE_SCHEMA.iter_errors(line))
        assert not errors, errors[0].message
    header = lines[0]
    assert header["game"] == GAME and header["config"] == {"players": 3, "age_order": [2, 0, 1]}
    assert header["digest"] == canonical.digest(played.initial)
    assert [ln["action"] for ln in lines[1:]] == [s.action.to_data() for s in played.steps]
    assert lines[-1]["digest"] == canonical.digest(played.final)
    assert "state" in lines[25] and "state" in lines[-1] and "state" not in lines[24]
    assert "outcome" in lines[-1]
    for raw in path.read_text(encoding="utf-8").splitlines():
        assert canonical.is_canonical(raw)
    report = trace.replay(path)
    assert report.mismatches == () and report.exit_code == 0
    assert cli.main(["replay", str(path)]) == 0


def _rewrite(path: Path, edits: dict[int, Any]) -> None:
    rows = path.read_text(encoding="utf-8").splitlines()
    for index, edit in edits.items():
        row = json.loads(rows[index])
        edit(row)
        rows[index] = canonical.dumps(row)
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")


def test_replay_detects_a_tampered_line(game_trace: tuple[Path, kernel.Trace]) -> None:
    # KERNEL-LEGAL: a recorded result that the kernel does not reproduce is reported.
    path, _ = game_trace

    def digest(row: dict[str, Any]) -> None:
        row["digest"] = "0" * 64

    _rewrite(path, {9: digest})
    report = trace.replay(path)
    assert report.failures == 1 and report.exit_code == 1
    assert report.mismatches[0].line == 10 and report.mismatches[0].field == "digest"
    assert "line 10" in report.text()
    assert cli.main(["replay", str(path)]) == 1


def test_replay_reports_every_failing_line(game_trace: tuple[Path, kernel.Trace]) -> None:
    # KERNEL-LEGAL, KERNEL-INPUT: each differing line counts once in the report; the
    # exit code is 1 however many lines differ (2 is bad usage or unreadable input).
    path, _ = game_trace

    def events(row: dict[str, Any]) -> None:
        row["events"] = [*row["events"], {"event": "bogus", "rules": ["CUC-RANK"]}]

    def actor(row: dict[str, Any]) -> None:
        row["actor"] = 5
        row["digest"] = "f" * 64

    def rejected(row: dict[str, Any]) -> None:
        del row["events"]
        row["rejected"] = "CUC-TURN-SHAPE"

    _rewrite(path, {3: events, 20: actor, 40: rejected})
    report = trace.replay(path)
    assert [m.line for m in report.mismatches][:1] == [4]
    assert {m.line for m in report.mismatches} >= {4, 21, 41}
    assert report.failures == len({m.line for m in report.mismatches})
    assert report.failures >= 3 and report.exit_code == 1
    assert cli.main(["replay", "--all", str(path)]) == 1
    fields = {m.line: m.field for m in report.mismatches}
    assert fields[4] == "events" and fields[41] == "rejected"
    # a line that is not JSON makes the file unreadable: no replay, exit 2
    last = len(path.read_text(encoding="utf-8").splitlines()) + 1
    with path.open("a", encoding="utf-8") as f:
        f.write("this line is not JSON\n")
    with pytest.raises(trace.TraceError, match=f"line {last}: not JSON"):
        trace.replay(path)
    assert cli.main(["replay", "--all", str(path)]) == 2


def test_replay_reports_an_unreadable_or_foreign_header(tmp_path: Path) -> None:
    # KERNEL-CONFIG: a trace of another version or an unknown game is not replayed.
    path = tmp_path / "t.jsonl"
    played = kernel.play(GAME, {"players": 2}, 1)
    trace.write_lines(path, trace.lines_of(played)[:3])

    def version(row: dict[str, Any]) -> None:
        row["version"] = 99

    _rewrite(path, {0: version})
    with pytest.raises(trace.TraceError) as info:
        trace.replay(path)
    assert info.value.line == 1 and info.value.field == "version"
    assert cli.main(["replay", str(path)]) == 2
    path.write_text("", encoding="utf-8")
    with pytest.raises(trace.TraceError, match="header"):
        trace.replay(path)
    assert cli.main(["replay", str(tmp_path / "missing.jsonl")]) == 2


# --------------------------------------------------------------------------
# golden vectors


@pytest.fixture(scope="module")
def generated() -> vectors.VectorSet:
    return vectors.generate(GAME, SPEC)


def test_vectors_check_passes_on_the_committed_vectors(generated: vectors.VectorSet) -> None:
    # Every CUC rule of the catalogue is covered by the vectors (KERNEL-LEGAL for
    # the rejections file), and the committed files are what the kernel makes.
    report = vectors.check(GAME, SPEC, generated=generated)
    assert report.ok, "\n".join(report.lines)
    assert not generated.missing
    rules = {r.id for r in vectors.catalogue(SPEC, GAME)}
    assert set(generated.covered) == rules
    kinds = {kind for how in generated.covered.values() for kind in how}
    assert kinds == set(vectors.KINDS)
    assert generated.covered["CUC-INV-CAMELS"].keys() >= {"status"}
    assert generated.covered["CUC-ACT-FIGURE"].keys() >= {"events", "rejections"}
    # CUC-ODDS: the reading of the seat odds, at a recorded step where it applies
    assert generated.covered["CUC-ODDS"].keys() == {"odds"}


def test_committed_vectors_replay_and_are_schema_valid() -> None:
    # KERNEL-CHANCE, KERNEL-INPUT: every vector file replays on the kernel, line by line.
    folder = SPEC / GAME / "vectors"
    files = sorted(folder.glob("*.jsonl"))
    assert {f.name for f in files} >= {vectors.REJECTIONS_FILE, vectors.STATUS_FILE}
    for path in files:
        report = trace.replay(path)
        assert report.mismatches == (), report.text()
        lines = trace.strip_line_numbers(trace.read_trace(path))
        for line in lines[:: max(1, len(lines) // 25)]:
            assert TRACE_SCHEMA.is_valid(line), (path.name, line.get("n"))
    ages = [json.loads(p.read_text().split("\n", 1)[0])["config"] for p in files]
    assert any(c.get("age_order") not in (None, list(range(c["players"]))) for c in ages)
    assert {c["players"] for c in ages} == set(range(2, 7))


def _spec_copy(tmp_path: Path) -> Path:
    """A copy of spec/ with a CHANGELOG entry for the current version (so that
    these tests do not depend on the real CHANGELOG, which the first test checks)."""
    spec = tmp_path / "spec"
    shutil.copytree(SPEC / GAME, spec / GAME)
    shutil.copytree(SPEC / "kernel", spec / "kernel")
    version = kernel.game_info(GAME).version
    (spec / GAME / "CHANGELOG.md").write_text(f"# Changelog\n\n## Version {version}\n\nAs is.\n",
                                              encoding="utf-8")
    return spec


def test_vectors_check_fails_on_a_behaviour_change(
        tmp_path: Path, generated: vectors.VectorSet) -> None:
    # KERNEL-LEGAL: a changed rejection is a behaviour change: it fails and says
    # what must be done (version bump, regenerated vectors, CHANGELOG entry).
    spec = _spec_copy(tmp_path)
    path = spec / GAME / "vectors" / vectors.REJECTIONS_FILE

    def rule(row: dict[str, Any]) -> None:
        row["rejected"] = "KERNEL-ACTOR"

    _rewrite(path, {1: rule})
    report = vectors.check(GAME, spec, generated=generated)
    assert not report.ok
    text = "\n".join(report.lines)
    assert "no longer matches the golden vectors" in text and vectors.REJECTIONS_FILE in text
    assert "version is bumped" in text and "CHANGELOG.md" in text and "## Version 2" in text
    refused = vectors.write(GAME, spec, generated=generated)
    assert not refused.ok and "refusing to overwrite" in refused.lines[0]
    assert vectors.write(GAME, spec, generated=generated, force=True).ok
    assert vectors.check(GAME, spec, generated=generated).ok


def test_vectors_check_fails_on_a_stale_version_or_a_missing_changelog(
        tmp_path: Path, generated: vectors.VectorSet) -> None:
    # KERNEL-LEGAL: vectors of another version, and a version without its
    # CHANGELOG entry, both fail with a message saying so.
    spec = _spec_copy(tmp_path)
    folder = spec / GAME / "vectors"
    for path in folder.glob("game-*.jsonl"):

        def old(row: dict[str, Any]) -> None:
            row["version"] = generated.version + 1  # a version the kernel is not at

        _rewrite(path, {0: old})
    report = vectors.check(GAME, spec, generated=generated)
    assert not report.ok and "recorded for version" in "\n".join(report.lines)
    (spec / GAME / "CHANGELOG.md").write_text("# Changelog\n\nNothing yet.\n", encoding="utf-8")
    assert vectors.write(GAME, spec, generated=generated).ok is False
    report = vectors.check(GAME, spec, generated=generated)
    assert not report.ok
    assert f"'## Version {generated.version}'" in "\n".join(report.lines)


def test_coverage_check_names_an_uncovered_rule(tmp_path: Path) -> None:
    # A catalogue rule that no vector covers fails the check and is printed.
    spec = _spec_copy(tmp_path)
    rules = spec / GAME / "rules.md"
    uncovered = "-".join(["CUC", "UNCOVERED", "EXAMPLE"])  # a rule the kernel never names
    rules.write_text(rules.read_text(encoding="utf-8") + f"\n### {uncovered}: never named\n",
                     encoding="utf-8")
    vs = vectors.generate(GAME, spec)
    assert vs.missing == (uncovered,)
    report = vectors.check(GAME, spec, generated=vs)
    assert not report.ok
    assert any("NOT COVERED" in line and uncovered in line for line in report.lines)
    # a catalogue edit is no behaviour change: only coverage.json is out of date
    assert any(f"{vectors.COVERAGE_FILE} is out of date" in line for line in report.lines)
    written = vectors.write(GAME, spec, generated=vs)
    assert not written.ok and "wrote" in written.lines[0]
    assert uncovered in json.loads((spec / GAME / "vectors" / vectors.COVERAGE_FILE).read_text(
        encoding="utf-8"))["missing"]


def test_status_vectors_name_every_invariant(generated: vectors.VectorSet) -> None:
    # CUC-INV-CAMELS and every other invariant checked by kernel.status appears
    # in the status vectors, and the valid candidates break none.
    lines = [json.loads(x) for x in generated.files[vectors.STATUS_FILE].splitlines()]
    named = {r for line in lines[1:] for r in line["status"]}
    assert named == set(kernel.game_info(GAME).invariants)
    valid = [line for line in lines[1:] if line["name"].startswith("valid")]
    assert valid and all(line["status"] == [] for line in valid)
    for line in lines[1:]:
        assert line["status"] == list(kernel.status(line["candidate"]))

"""The executable spec: example files, every example, the trace gate and the export.

The examples themselves live in ``spec/<game-id>/examples/*.json``; each one is
run here as its own test, named by its id and the rule IDs it exemplifies, so a
failure names the rule. The other tests check the spec tooling itself (no game
rule): that a wrong expectation fails, and that the trace gate reports each
kind of gap on small synthetic catalogues (prefix ``TOY-``, which is no
registered prefix, so these IDs never reach the real gate).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import attrs
import pytest

import kernel
from kernel.spec import catalogue, runner, trace
from kernel.spec import examples as ex
from kernel.spec.interpretations import FILE_NAME, render

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec"
SUITE = ex.load_suite(SPEC)
SCHEMA = ex.schema(SPEC)
GAME = "camel-up-cards-2016"


# --------------------------------------------------------------------------
# the real example files


# Spec tooling: every example file loads (JSON, schema, unique ids, fixtures).
def test_example_files_load_without_problems() -> None:
    assert SUITE.problems == ()
    assert len(SUITE.examples) > 0


# Spec tooling: each example file is valid against spec/example.schema.json.
@pytest.mark.parametrize("path", ex.example_files(SPEC),
                         ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_example_file_matches_schema(path: Path) -> None:
    assert ex.schema_errors(json.loads(path.read_text(encoding="utf-8")), SCHEMA) == []


# Every catalogued rule: each example checks the rule IDs in its `rules` list
# (the test id shows them), as worked out by hand from the catalogue.
@pytest.mark.parametrize("example", SUITE.examples,
                         ids=[f"{e.id}[{' '.join(e.rules)}]" for e in SUITE.examples])
def test_example(example: ex.Example) -> None:
    result = ex.run_example(example, SUITE.fixtures(example.game))
    assert result.ok, (f"example {example.id} ({', '.join(example.rules)}) failed:\n  "
                       + "\n  ".join(result.failures))


# Spec tooling: the spec side of the trace gate holds on the repository: every
# rule has examples, Examples lines are in sync, interpretations are complete,
# versions and changelogs match, INTERPRETATIONS.md is current, no unknown IDs.
# (The code and tests columns are the gate's job in CI: `race-kernel spec trace`.)
def test_trace_gate_spec_side_has_no_gaps() -> None:
    report = trace.run(ROOT, SPEC, runner.prefixes(), runner.versions(), SUITE)
    spec_side = [str(g) for g in report.gaps if g.kind not in ("code", "tests")]
    assert spec_side == []
    assert {r.rule for r in report.rows} >= {"KERNEL-INPUT"}


# --------------------------------------------------------------------------
# the runner can fail


def _example(**changes: Any) -> ex.Example:
    base = ex.Example(
        id="probe", game=GAME, area="probe", path=SPEC / "probe.json",
        rules=("CUC-MOVE-STACK",), description="probe",
        start={"from": "leg1-2p"}, actions=("reveal", "draw:blue+1"),
        expect={"state": {"stacks": [[], [], ["green", "orange", "blue"], [], ["white"],
                                     ["yellow"], [], [], [], [], [], [], [], [], [], [], []]}},
        raw={},
    )
    return attrs.evolve(base, **changes)


def _failures(example: ex.Example) -> tuple[str, ...]:
    return ex.run_example(example, SUITE.fixtures(GAME)).failures


# Spec tooling: a probe example passes as written...
def test_probe_passes() -> None:
    assert _failures(_example()) == ()


# Spec tooling: ...and each wrong expectation makes it fail, naming what differs.
@pytest.mark.parametrize(("expect", "needle"), [
    ({"state": {"stacks": [[], ["blue"], ["green", "orange"], [], ["white"], ["yellow"],
                           [], [], [], [], [], [], [], [], [], [], []]}}, "state: stacks[1]"),
    ({"state": {"no_such_key": 1}}, "no_such_key: missing"),
    ({"state": {"bet_done": 0}}, "bet_done"),
    ({"events": [{"event": "camel-moved", "camel": "blue"}, {"event": "revealed"}]}, "events"),
    ({"events": [{"event": "camel-moved", "rules": ["CUC-MOVE-PALM"]}]}, "events"),
    ({"events_absent": [{"event": "revealed"}]}, "events_absent"),
    ({"legal": {"exact": ["end"]}}, "legal"),
    ({"legal": {"contains": ["end"], "excludes": ["leg:blue"]}}, "legal: expected to exclude"),
    ({"legal": {"contains": ["hand"]}}, "legal: expected to contain"),
    ({"chance": {"exact": {"draw:blue+1": "1/2"}}}, "chance"),
    ({"actor": 1}, "actor"),
    ({"outcome": {"money": [3, 3]}}, "outcome"),
    ({"observation": [{"seat": 1, "match": {"hand": ["white+2"]}}]}, "observation"),
    ({"observation": [{"seat": 1, "absent": ["hand"]}]}, "must be absent"),
    ({"status": ["CUC-INV-PHASE"]}, "status"),
    ({"rejected": "CUC-ACT-HAND"}, "was accepted"),
])
def test_wrong_expectation_fails(expect: dict[str, Any], needle: str) -> None:
    failures = _failures(_example(expect=expect))
    assert any(needle in f for f in failures), failures


# Spec tooling: an `odds` expectation (kernel.seat_odds) fails on each wrong
# figure, naming it: reading, a place distribution, race_ends, a value, a
# missing action; and where the game offers no odds at that point.
@pytest.mark.parametrize(("odds", "needle"), [
    ({"reading": "CU2-RANK"}, "odds: reading"),
    ({"places": {"blue": ["1/6", "0/1", "0/1", "0/1", "5/6"]}}, "odds: places of blue"),
    ({"places": {"grey": ["1/1"]}}, "odds: no places for 'grey'"),
    ({"race_ends": "1/6"}, "odds: race_ends"),
    ({"values": {"bet:red": "-4/1"}}, "odds: bet:red is worth 4"),
    ({"values": {"bet:white": "0/1"}}, "odds: no value for 'bet:white'"),
    ({"seat": 9}, "odds: no seat 9"),
])
def test_wrong_odds_expectation_fails(odds: dict[str, Any], needle: str) -> None:
    example = next(e for e in SUITE.examples if e.id == "cu2-odds-last-die-of-the-leg")
    assert ex.run_example(example, SUITE.fixtures(example.game)).ok
    wrong = attrs.evolve(example, expect={"odds": {"seat": 0, **odds}})
    failures = ex.run_example(wrong, SUITE.fixtures(example.game)).failures
    assert any(needle in f for f in failures), failures


# Spec tooling: a rejection is checked against the rule it names, and an
# action rejected before the last one fails the example.
def test_rejections_are_checked() -> None:
    wrong = _example(actions=("leg:blue", "leg:green"), expect={"rejected": "CUC-BET-LEG"})
    assert "rejected naming CUC-TURN-SHAPE" in _failures(wrong)[0]
    right = _example(actions=("leg:blue", "leg:green"), expect={"rejected": "CUC-TURN-SHAPE"})
    assert _failures(right) == ()
    either = _example(actions=("leg:blue", "leg:green"),
                      expect={"rejected": ["KERNEL-LEGAL", "CUC-TURN-SHAPE"]})
    assert _failures(either) == ()
    neither = _example(actions=("leg:blue", "leg:green"),
                       expect={"rejected": ["KERNEL-LEGAL", "CUC-BET-LEG"]})
    assert "expected KERNEL-LEGAL or CUC-BET-LEG" in _failures(neither)[0]
    early = _example(actions=("end", "reveal"), expect={"actor": "chance"})
    assert "action 1 'end' rejected" in _failures(early)[0]


# Spec tooling: a start that breaks an invariant fails loudly unless the example
# is about exactly the IDs status() lists.
def test_broken_start() -> None:
    start = {"from": "leg1-2p", "patch": {"winner_bets": ["blue", "blue"]}}
    loud = _example(start=start, actions=(), expect={"actor": 0})
    assert "start failed" in _failures(loud)[0]
    assert _failures(_example(start=start, actions=(),
                              expect={"status": ["CUC-INV-FINALCARDS"]})) == ()
    assert "status" in _failures(_example(start=start, actions=(),
                                          expect={"status": ["CUC-INV-FIGURES"]}))[0]
    with_actions = _example(start=start, expect={"status": ["CUC-INV-FINALCARDS"]})
    assert "only expect `status`" in _failures(with_actions)[0]


# Spec tooling: a refused configuration is a KERNEL-CONFIG rejection and nothing else.
def test_refused_configuration() -> None:
    start = {"setup": {"players": 9}}
    assert _failures(_example(start=start, actions=(),
                              expect={"rejected": "KERNEL-CONFIG"})) == ()
    assert _failures(_example(start=start, actions=(), expect={"actor": "chance"}))
    assert _failures(_example(start=start, expect={"rejected": "KERNEL-CONFIG"}))


# Spec tooling: subset matching on plain data.
def test_match_semantics() -> None:
    assert ex.match({"a": 1}, {"a": 1, "b": 2}) is None
    assert ex.match({"a": [1, {"x": 1}]}, {"a": [1, {"x": 1, "y": 2}]}) is None
    assert ex.match({"a": [1]}, {"a": [1, 2]}) is not None
    assert ex.match({"a": True}, {"a": 1}) is not None
    assert ex.match({"a": None}, {"a": None}) is None
    assert ex.match({"a": {"b": 1}}, {"a": {}}) is not None


# Spec tooling: expected events match in order, each actual event at most once.
def test_events_order_matters() -> None:
    events = [{"event": "a", "rules": ["R-1"], "n": 1}, {"event": "b", "rules": [], "n": 2},
              {"event": "a", "rules": ["R-1", "R-2"], "n": 3}]
    assert ex.events_problem([{"event": "a"}, {"event": "b"}, {"event": "a"}], events) is None
    assert ex.events_problem([{"event": "b"}, {"event": "a", "n": 1}], events) is not None
    assert ex.events_problem([{"event": "a", "n": 3}, {"event": "a"}], events) is not None
    assert ex.events_problem([{"event": "a", "rules": ["R-2"]}], events) is None
    assert ex.events_problem([{"event": "b", "rules": ["R-2"]}], events) is not None


# --------------------------------------------------------------------------
# the export


# Spec tooling: the exported document holds every example and validates.
def test_export_validates(tmp_path: Path) -> None:
    document = runner.export_document(SPEC, SUITE)
    assert ex.schema_errors(document, SCHEMA) == []
    assert len(document["examples"]) == len(SUITE.examples)
    assert document["schema_version"] == ex.SCHEMA_VERSION
    games = {g["game"]: g for g in document["games"]}
    assert games[GAME]["behaviour_version"] == kernel.game_info(GAME).version
    assert "leg1-2p" in games[GAME]["fixtures"]
    out = tmp_path / "examples.json"
    assert runner.main(["export", "-o", str(out), "--spec-dir", str(SPEC)]) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == document


# Spec tooling: a document that breaks the schema is reported.
def test_schema_rejects_bad_examples() -> None:
    bad = {"schema_version": 1, "game": GAME, "area": "x",
           "examples": [{"id": "Bad Id", "rules": [], "description": "", "start": {},
                         "expect": {}}]}
    errors = ex.schema_errors(bad, SCHEMA)
    assert len(errors) >= 4, errors
    assert any(e.startswith("examples/0/id") for e in errors)


def test_the_schema_in_hand_is_the_one_used() -> None:
    # KERNEL-INPUT: the schema is checked against the meta-schema once per schema text
    # (a cache); a schema changed in place, or one that is not a valid JSON Schema,
    # is never answered from what an earlier schema gave.
    good = {"schema_version": 1, "game": GAME, "area": "x", "examples": []}
    schema = json.loads(json.dumps(SCHEMA))
    assert ex.schema_errors(good, schema) == []
    schema["$defs"]["exampleFile"]["required"].append("note")
    assert any("'note' is a required property" in e for e in ex.schema_errors(good, schema))
    schema["$defs"]["exampleFile"]["type"] = 7
    for _ in range(2):
        with pytest.raises(catalogue.SpecFileError, match="not a valid JSON Schema"):
            ex.schema_errors(good, schema)
    assert ex.schema_errors(good, SCHEMA) == []


# --------------------------------------------------------------------------
# `race-kernel spec check` on a small spec folder


def _small_spec(tmp_path: Path) -> Path:
    spec = tmp_path / "spec"
    (spec / GAME / "examples").mkdir(parents=True)
    shutil.copy(SPEC / ex.SCHEMA_FILE, spec / ex.SCHEMA_FILE)
    document = {
        "schema_version": 1, "game": GAME, "area": "small",
        "examples": [
            {"id": "two-seats", "rules": ["CUC-SETUP-MONEY"], "description": "3 Pounds each",
             "start": {"setup": {"players": 2}}, "expect": {"state": {"money": [3, 3]}}},
            {"id": "wrong-money", "rules": ["CUC-SETUP-MONEY", "CUC-SETUP-TRACK"],
             "description": "a wrong expectation", "start": {"setup": {"players": 2}},
             "expect": {"state": {"money": [4, 3]}}},
        ],
    }
    (spec / GAME / "examples" / "small.json").write_text(json.dumps(document), encoding="utf-8")
    return spec


# Spec tooling: the check command exits 1 when an example fails, 0 when all pass,
# and 2 when --game or --rule selects nothing anyone knows (never "0 examples, pass").
def test_check_exit_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = str(_small_spec(tmp_path))
    assert runner.main(["check", "--spec-dir", spec]) == 1
    out = capsys.readouterr().out
    assert "PASS  two-seats" in out and "FAIL  wrong-money" in out
    assert "CUC-SETUP-TRACK: failing wrong-money" in out
    assert runner.main(["check", "--spec-dir", spec, "--rule", "CUC-SETUP-TRACK"]) == 1
    assert runner.main(["check", "--spec-dir", spec, "--rule", "CUC-SETUP-MONEY",
                        "--failures-only"]) == 1
    capsys.readouterr()
    assert runner.main(["check", "--spec-dir", spec, "--game", "no-such-game"]) == 2
    assert runner.main(["check", "--spec-dir", spec, "--rule", "NO-SUCH-RULE"]) == 2
    assert "unknown" in capsys.readouterr().err
    assert runner.main(["check", "--spec-dir", str(SPEC), "--rule", "CUC-SETUP-TRACK"]) == 0


# --------------------------------------------------------------------------
# the trace gate on synthetic catalogues

TOY_RULES = """# Toy: rule catalogue

Game: toy
Behaviour version: 1

## Rules

### TOY-MOVE: Pieces move

> rulebook: "Move your piece."

Reading: A piece moves one space.

Examples: `toy-move`

### TOY-BET: Bets

> rulebook: "Bet on a piece."

Reading: A player bets on a piece.

Interpretation: the text does not say when.
Alternatives: (1) before moving.
Why: the text lists betting second.

Examples: `toy-bet`
"""


def _toy_repo(tmp_path: Path, rules: str = TOY_RULES, code: str = "# TOY-MOVE TOY-BET\n",
              examples: tuple[tuple[str, list[str]], ...] = (("toy-move", ["TOY-MOVE"]),
                                                              ("toy-bet", ["TOY-BET"])),
              changelog: str = "# Toy\n\n## Version 1\n\nInitial.\n") -> tuple[Path, Path]:
    root = tmp_path / "repo"
    spec = root / "spec"
    (root / "kernel" / "spec").mkdir(parents=True)
    (root / "tests").mkdir()
    (spec / "toy" / "examples").mkdir(parents=True)
    shutil.copy(SPEC / ex.SCHEMA_FILE, spec / ex.SCHEMA_FILE)
    (root / "kernel" / "toy.py").write_text(code, encoding="utf-8")
    (root / "kernel" / "spec" / "tool.py").write_text("# TOY-MOVE only in the spec tools\n",
                                                     encoding="utf-8")
    (root / "tests" / "test_toy.py").write_text("# TOY-MOVE TOY-BET\n", encoding="utf-8")
    (spec / "toy" / "rules.md").write_text(rules, encoding="utf-8")
    (spec / "toy" / "CHANGELOG.md").write_text(changelog, encoding="utf-8")
    file = {"schema_version": 1, "game": "toy", "area": "basics", "examples": [
        {"id": i, "rules": r, "description": i, "start": {"setup": {}},
         "expect": {"actor": 0}} for i, r in examples]}
    (spec / "toy" / "examples" / "basics.json").write_text(json.dumps(file), encoding="utf-8")
    (spec / FILE_NAME).write_text(render(catalogue.load(spec), spec), encoding="utf-8")
    return root, spec


def _gaps(root: Path, spec: Path, version: int = 1) -> dict[str, list[str]]:
    report = trace.run(root, spec, ("TOY-",), {"toy": version})
    kinds: dict[str, list[str]] = {}
    for gap in report.gaps:
        kinds.setdefault(gap.kind, []).append(str(gap))
    return kinds


# Spec tooling: a complete toy catalogue passes the gate.
def test_trace_toy_catalogue_passes(tmp_path: Path) -> None:
    root, spec = _toy_repo(tmp_path)
    assert _gaps(root, spec) == {}
    report = trace.run(root, spec, ("TOY-",), {"toy": 1})
    row = {r.rule: r for r in report.rows}["TOY-MOVE"]
    assert str(row.code[0]) == "kernel/toy.py:1" and row.examples == ("toy-move",)


# Spec tooling: a rule named nowhere is missing from code, tests and examples.
def test_trace_reports_missing_id(tmp_path: Path) -> None:
    extra = TOY_RULES + "\n### TOY-EXTRA: More\n\n> rulebook: \"More.\"\n\nReading: More.\n"
    root, spec = _toy_repo(tmp_path, rules=extra)
    gaps = _gaps(root, spec)
    assert set(gaps) == {"code", "tests", "examples"}
    assert all("TOY-EXTRA" in g for k in ("code", "tests", "examples") for g in gaps[k])


# Spec tooling: naming a rule only in the spec tools (kernel/spec) is no code coverage.
def test_trace_spec_tools_are_not_code(tmp_path: Path) -> None:
    root, spec = _toy_repo(tmp_path, code="# TOY-BET\n")
    assert _gaps(root, spec) == {"code": ["TOY-MOVE: not named in kernel code (kernel/**/*.py)"]}


# Spec tooling: an ID named in code but catalogued nowhere is reported with its place.
def test_trace_reports_unknown_id(tmp_path: Path) -> None:
    root, spec = _toy_repo(tmp_path, code="# TOY-MOVE TOY-BET\nx = 'TOY-GHOST'\n")
    gaps = _gaps(root, spec)
    assert gaps == {"unknown": ["TOY-GHOST: named at kernel/toy.py:2 but defined in no "
                                "catalogue"]}


# Spec tooling: an example naming an unknown rule is reported too.
def test_trace_reports_unknown_id_in_example(tmp_path: Path) -> None:
    root, spec = _toy_repo(tmp_path, examples=(("toy-move", ["TOY-MOVE", "TOY-NONE"]),
                                               ("toy-bet", ["TOY-BET"])))
    gaps = _gaps(root, spec)
    assert list(gaps) == ["unknown"] and "TOY-NONE" in gaps["unknown"][0]


# Spec tooling: an Interpretation without Alternatives (or Why) is a gap.
def test_trace_reports_interpretation_without_alternatives(tmp_path: Path) -> None:
    rules = TOY_RULES.replace("Alternatives: (1) before moving.\n", "")
    root, spec = _toy_repo(tmp_path, rules=rules)
    gaps = _gaps(root, spec)
    assert list(gaps) == ["interpretation"]
    assert "TOY-BET: Interpretation without Alternatives" in gaps["interpretation"][0]
    no_why = TOY_RULES.replace("Why: the text lists betting second.\n", "")
    root, spec = _toy_repo(tmp_path / "2", rules=no_why)
    assert "without Why" in _gaps(root, spec)["interpretation"][0]


# Spec tooling: the behaviour version must equal the registry's, with a changelog entry.
def test_trace_reports_version_and_changelog(tmp_path: Path) -> None:
    root, spec = _toy_repo(tmp_path)
    gaps = _gaps(root, spec, version=2)
    assert list(gaps) == ["version"] and "GameInfo.version is 2" in gaps["version"][0]
    root, spec = _toy_repo(tmp_path / "2", changelog="# Toy\n\nNothing yet.\n")
    assert list(_gaps(root, spec)) == ["changelog"]


# Spec tooling: an Examples line that differs from the examples naming the rule.
def test_trace_reports_examples_line_out_of_sync(tmp_path: Path) -> None:
    root, spec = _toy_repo(tmp_path, rules=TOY_RULES.replace("`toy-bet`", "`toy-bet`, `gone`"))
    assert list(_gaps(root, spec)) == ["examples-line"]


# Spec tooling: INTERPRETATIONS.md must be regenerated when a catalogue changes.
def test_trace_reports_stale_interpretations_page(tmp_path: Path) -> None:
    root, spec = _toy_repo(tmp_path)
    rules_md = spec / "toy" / "rules.md"
    rules_md.write_text(rules_md.read_text().replace("lists betting second",
                                                     "lists betting last"), encoding="utf-8")
    assert list(_gaps(root, spec)) == ["interpretations-page"]
    assert runner.main(["interpretations", "--write", "--spec-dir", str(spec)]) == 0
    assert _gaps(root, spec) == {}


# Spec tooling: a rule defined twice, or a rule without rulebook words or reading.
def test_trace_reports_duplicates_and_missing_prose(tmp_path: Path) -> None:
    twice = TOY_RULES + "\n### TOY-MOVE: Again\n\nReading: twice.\n"
    root, spec = _toy_repo(tmp_path, rules=twice)
    gaps = _gaps(root, spec)
    assert "duplicate" in gaps and "words" in gaps
    bare = TOY_RULES.replace("Reading: A piece moves one space.\n", "")
    root, spec = _toy_repo(tmp_path / "2", rules=bare)
    assert list(_gaps(root, spec)) == ["reading"]


# Spec tooling: `link --write` sets every Examples line and is idempotent.
def test_link_writes_examples_lines(tmp_path: Path) -> None:
    rules = TOY_RULES.replace("\nExamples: `toy-move`\n", "")
    root, spec = _toy_repo(tmp_path, rules=rules)
    assert list(_gaps(root, spec)) == ["examples-line"]
    assert runner.main(["link", "--write", "--spec-dir", str(spec)]) == 0
    text = (spec / "toy" / "rules.md").read_text(encoding="utf-8")
    assert "Examples: `toy-move`" in text
    assert runner.main(["link", "--write", "--spec-dir", str(spec)]) == 0
    assert (spec / "toy" / "rules.md").read_text(encoding="utf-8") == text
    assert _gaps(root, spec) == {}


# Spec tooling: catalogue parsing keeps line numbers and splits labelled lines.
def test_catalogue_parse() -> None:
    cat = catalogue.parse(Path("toy/rules.md"), TOY_RULES)
    assert cat.game == "toy" and cat.version == 1
    bet = cat.rules[1]
    assert bet.id == "TOY-BET" and bet.line == 16
    (interp,) = bet.interpretations
    assert interp.alternatives == "(1) before moving." and interp.why
    assert bet.example_ids == ("toy-bet",)
    assert catalogue.id_pattern(["TOY-"]).findall("x TOY-A-B1 TOYS-A TOY- y") == ["TOY-A-B1"]


# Spec tooling: a family catalogue (rules several games share under a prefix they
# all register) is accepted; a game's catalogue may use only its own prefixes.
def test_trace_accepts_a_family_catalogue(tmp_path: Path) -> None:
    shared = ("# Shared\n\nGame: fam\nBehaviour version: 1\n\n### FAM-ROLL: A die\n\n"
              "> rulebook: \"Roll.\"\n\nReading: 1 or 2.\n\nExamples: `toy-move`\n")
    root, spec = _toy_repo(tmp_path, code="# TOY-MOVE TOY-BET FAM-ROLL\n",
                           examples=(("toy-move", ["TOY-MOVE", "FAM-ROLL"]),
                                     ("toy-bet", ["TOY-BET"])))
    (root / "tests" / "test_toy.py").write_text("# TOY-MOVE TOY-BET FAM-ROLL\n")
    (spec / "fam").mkdir()
    (spec / "fam" / "rules.md").write_text(shared, encoding="utf-8")
    (spec / "fam" / "CHANGELOG.md").write_text("# Fam\n\n## Version 1\n\nDie.\n")
    (spec / FILE_NAME).write_text(render(catalogue.load(spec), spec), encoding="utf-8")
    games = {"toy": ("TOY-", "FAM-"), "other": ("OTH-", "FAM-")}
    report = trace.run(root, spec, ("TOY-", "FAM-", "OTH-"), {"toy": 1}, games=games)
    assert [str(g) for g in report.gaps] == []
    # without the registry's games, a folder that is no game is no family either
    plain = trace.run(root, spec, ("TOY-", "FAM-"), {"toy": 1})
    assert [g.kind for g in plain.gaps] == ["catalogue"]
    # a family's Game: line names the family (its folder)
    (spec / "fam" / "rules.md").write_text(shared.replace("Game: fam", "Game: famx"))
    report = trace.run(root, spec, ("TOY-", "FAM-", "OTH-"), {"toy": 1}, games=games)
    assert any("family's folder is 'fam'" in str(g) for g in report.gaps)
    # a game's catalogue may use only its own prefixes
    report = trace.run(root, spec, ("TOY-", "FAM-", "OTH-"), {"toy": 1},
                       games={"toy": ("TOY-",), "other": ("FAM-",)})
    assert [g.kind for g in report.gaps if g.rule == "TOY-MOVE"] == []
    toy_only = {"toy": ("FAM-",), "other": ("TOY-", "FAM-")}
    report = trace.run(root, spec, ("TOY-", "FAM-"), {"toy": 1}, games=toy_only)
    assert any(g.kind == "prefix" and "not one of the game's prefixes" in str(g)
               for g in report.gaps)

"""One plug-in surface for every game: the shared layers name no game, and a new game
needs no shared edit.

(a) No shared module names a game. The forbidden names come from the
    shipped games' own metadata (ids, package names, rule prefixes, score
    units, action kinds, the values of their action fields, event kinds seen
    in a played game, configuration keys, plain-data state keys) and a short
    fixed list; see :func:`forbidden_names` for what is flagged where.
(b) A test-only game, Toy Race (``tests/toygame/``, registered from the tests
    only, with its catalogue, family catalogue and examples copied into a
    temporary spec folder), passes the generic checks, the golden vectors,
    the diff driver against the reference server, the spec tooling,
    ``kernel.action_space`` and ``race-kernel play``, with no shared module
    edited for it. The server and the command line load it as a plug-in
    (``--plugin toygame`` or ``RACE_KERNEL_PLUGINS=toygame``).
(c) Action-space ids are the same in every process and under every hash seed.
(d) The generic checks catch a game that shows a seat what it may not see:
    a leaky Toy Race whose deal event does not mark the dealt card secret.

Toy Race's rules, named here as the traceability gate wants them named in a
test: TOYRACE-SETUP, TOYRACE-DEAL, TOYRACE-TURN, TOYRACE-ROLL, TOYRACE-CARD,
TOYRACE-WIN, TOYRACE-INV-CARDS, TOYRACE-INV-PAWNS, TOYRACE-INV-PHASE,
TOYRACE-INV-FORWARD, and the toy family's TOYFAM-DIE.
"""

from __future__ import annotations

import ast
import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

import kernel
from kernel import plugin, registry
from kernel.conformance import vectors
from kernel.conformance.driver import DiffOptions, diff
from kernel.conformance.inprocess import compare, explore
from kernel.conformance.protocol import SubprocessPeer
from kernel.conformance.server import KernelServer
from kernel.plugin import GameSpecError
from kernel.registry import GameInfo
from kernel.testing import checks

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
TOY = "toy-race"
SERVER = [sys.executable, "-m", "kernel.conformance.server"]


def _env(**extra: str) -> dict[str, str]:
    """The environment of a subprocess that can import the kernel and the toy."""
    env = {k: v for k, v in os.environ.items() if k != "RACE_KERNEL_PLUGINS"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(TESTS)])
    return {**env, **extra}


@pytest.fixture(scope="module")
def toy() -> Iterator[GameInfo]:
    """Toy Race, registered for this module's tests only (the plug-in is imported here)."""
    import toygame

    info = registry.register(toygame.INFO)
    try:
        yield info
    finally:
        registry.unregister(TOY)


# --------------------------------------------------------------------------
# (a) no shared module names a game


#: Modules every game shares: none may name a game, a rule prefix, a camel...
SHARED = sorted({*ROOT.glob("kernel/*.py"), *ROOT.glob("kernel/conformance/**/*.py"),
                 *ROOT.glob("kernel/spec/**/*.py"), *ROOT.glob("kernel/testing/**/*.py"),
                 *ROOT.glob("kernel/viewer/**/*.py"), *ROOT.glob("kernel/adapters/**/*.py"),
                 ROOT / "kernel" / "games" / "__init__.py"})
#: Code a family of games shares (the camel rules, a shared engine ``kernel/engines/``):
#: it may name what the family has in common (camels, their colours, a family prefix
#: several games register), never one game: its id or its package. It may name a
#: game's rule IDs in comments and docstrings, as cross-references to the catalogue
#: entries it carries, but never in a string literal: the rule IDs its events and
#: rejections name come from the game (e.g. the engine's ``RuleIds``).
FAMILY = sorted({*ROOT.glob("kernel/rules/**/*.py"), *ROOT.glob("kernel/engines/**/*.py")})
#: Fixed names: the family's publisher and title anywhere, the family's piece as a literal.
FIXED_ANYWHERE = {"Camel Up": r"(?i)\bcamel up\b", "eggertspiele": r"(?i)eggertspiele"}
FIXED_LITERALS = frozenset({"camel", "camels"})


def _generic_words() -> frozenset[str]:
    """Words the plug-in surface itself defines, so generic by construction: the parts'
    attribute and method names (``draw`` is the narrator's picture, ``phase`` the plan's
    phase key), the score kinds, and the keys every plain-data document has."""
    words: set[str] = {"game", "version", "seat", "kind", "rules", "event"}
    for cls in (plugin.GameHooks, plugin.Plan, plugin.ScoreSpec, plugin.ConfigSpec,
                plugin.ConfigField, plugin.ActionKind, plugin.Field):
        words.update(attrs.fields_dict(cls))
    words.update(n for n in vars(plugin.Narrator) if not n.startswith("_"))
    words.update(plugin.SCORE_KINDS)
    words.update({plugin.ConfigSpec(fields=()).players_key, "phase"})
    return frozenset(words)


GENERIC = _generic_words()


@attrs.frozen
class Names:
    """What a shared module may not name."""

    #: label -> pattern searched in the whole text (code, comments, docstrings)
    anywhere: dict[str, re.Pattern[str]]
    #: string literals that may not be exactly one of these
    literals: frozenset[str]
    #: nor an action text of one of these kinds (``"kind:..."``)
    kinds: frozenset[str]
    #: label -> pattern searched in string literals other than docstrings
    in_literals: dict[str, re.Pattern[str]] = attrs.field(factory=dict)


def shipped_games() -> list[GameInfo]:
    """The registered games shipped with the kernel (packages of ``kernel/games/``)."""
    return [kernel.game_info(g) for g in kernel.games()
            if kernel.game_info(g).state_type.__module__.startswith("kernel.games.")]


def forbidden_names(infos: Sequence[GameInfo], *, family: bool = False) -> Names:
    """The names of ``infos`` a shared module may not use.

    Anywhere (code, comments, docstrings): a game id, its package name, a rule
    prefix (as ``PREFIX-``), and, unless ``family``, the score unit, the words
    of the game's action field values (camel colours) and :data:`FIXED_ANYWHERE`.
    As a whole string literal, unless ``family``: an action kind or an action
    text (``"kind:..."``), an event kind seen in a played game, a configuration
    key, a plain-data state key, :data:`FIXED_LITERALS`; minus the generic words
    the plug-in surface defines (:data:`GENERIC`). Prose is free to say "the end
    of a hand": only a literal ``"end"`` names the action. With ``family`` (code
    several games share), only ids, packages and the prefixes a single game uses.
    """
    owners: dict[str, int] = {}
    for info in infos:
        for p in info.rule_prefixes:
            owners[p] = owners.get(p, 0) + 1
    anywhere: dict[str, re.Pattern[str]] = {}
    in_literals: dict[str, re.Pattern[str]] = {}
    literals: set[str] = set()
    kinds: set[str] = set()
    for info in infos:
        anywhere[f"game id {info.id}"] = re.compile(re.escape(info.id), re.IGNORECASE)
        package = info.state_type.__module__.split(".")[2]
        anywhere[f"package {package}"] = re.compile(rf"\b{re.escape(package)}\b")
        for p in info.rule_prefixes:
            pattern = re.compile(rf"(?<![A-Za-z0-9_]){re.escape(p)}")
            if not family:
                anywhere[f"rule prefix {p}"] = pattern
            elif owners[p] == 1:
                in_literals[f"rule prefix {p}"] = pattern
        if family:
            continue
        anywhere[f"score unit {info.score.unit}"] = re.compile(
            rf"\b{re.escape(info.score.unit)}\b")
        words = {w for a in info.all_actions for v in a.values if isinstance(v, str)
                 for w in re.findall(r"[a-z]{3,}", v.lower())}
        for w in sorted(words - GENERIC):
            anywhere[f"field value {w}"] = re.compile(rf"\b{w}\b", re.IGNORECASE)
        kinds.update(info.vocabulary.kinds)
        config = info.configs()[0]
        trace = kernel.play(info.id, config, 1)
        literals.update(e.kind for st in trace.steps for e in st.events)
        literals.update(f.name for f in info.config.fields)
        literals.update(kernel.to_data(trace.initial))
    if not family:
        anywhere.update({k: re.compile(v) for k, v in FIXED_ANYWHERE.items()})
        literals.update(FIXED_LITERALS)
    return Names(anywhere, frozenset((literals | kinds) - GENERIC), frozenset(kinds - GENERIC),
                 in_literals)


def findings(text: str, names: Names) -> list[str]:
    """Where ``text`` (a Python module) names what ``names`` forbids, as ``line: what``."""
    out: list[str] = []
    for n, line in enumerate(text.splitlines(), start=1):
        for label, pattern in names.anywhere.items():
            if pattern.search(line):
                out.append(f"{n}: {label}: {line.strip()[:100]}")
    tree = ast.parse(text)
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef |
                                ast.AsyncFunctionDef)
                  and n.body and isinstance(n.body[0], ast.Expr)
                  and isinstance(n.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            value = node.value
            if id(node) not in docstrings:
                for label, pattern in names.in_literals.items():
                    if pattern.search(value):
                        out.append(f"{node.lineno}: {label} in a literal {value[:60]!r}")
            kind = value.partition(":")[0]
            if value in names.literals or (":" in value and kind in names.kinds):
                out.append(f"{node.lineno}: literal {value!r}")
    return sorted(out, key=lambda x: int(x.split(":")[0]))


NAMES = forbidden_names(shipped_games())
FAMILY_NAMES = forbidden_names(shipped_games(), family=True)


@pytest.mark.parametrize("path", SHARED, ids=[p.relative_to(ROOT).as_posix() for p in SHARED])
def test_no_shared_module_names_a_game(path: Path) -> None:
    # KERNEL-GAME: the API, command line, narration, conformance kit, spec tooling
    # and generic checks are the same for every game: they name none.
    found = findings(path.read_text(encoding="utf-8"), NAMES)
    assert found == [], f"{path.relative_to(ROOT)} names a game:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("path", FAMILY, ids=[p.relative_to(ROOT).as_posix() for p in FAMILY])
def test_family_code_names_no_single_game(path: Path) -> None:
    # KERNEL-GAME: code a family of games shares names no one game of it.
    found = findings(path.read_text(encoding="utf-8"), FAMILY_NAMES)
    assert found == [], f"{path.relative_to(ROOT)} names one game:\n  " + "\n  ".join(found)


def test_the_forbidden_names_come_from_the_games() -> None:
    # KERNEL-GAME: the list is built from the shipped games' metadata, not typed in.
    assert len(SHARED) > 20 and shipped_games()
    for info in shipped_games():
        assert f"game id {info.id}" in NAMES.anywhere
        assert all(f"rule prefix {p}" in NAMES.anywhere for p in info.rule_prefixes)
        assert set(info.vocabulary.kinds) - GENERIC <= NAMES.kinds
    assert "draw" in GENERIC and "draw" not in NAMES.literals  # the narrator's picture


def test_a_planted_name_is_caught() -> None:
    # KERNEL-GAME: the check fails on a planted name of each sort, and passes generic prose.
    info = shipped_games()[0]
    kind = sorted(NAMES.kinds)[0]
    event = sorted(NAMES.literals - NAMES.kinds)[0]
    prefix = info.rule_prefixes[0]
    planted = (f'"""Rules of {info.id}."""\n'
               f"X = {kind + ':1'!r}  # {prefix}SOMETHING\n"
               f"Y = {event!r}\n"
               f'Z = "{info.score.unit.lower()}"  # {info.score.unit}\n')
    found = "\n".join(findings(planted, NAMES))
    assert f"1: game id {info.id}" in found
    assert f"2: rule prefix {prefix}" in found and f"2: literal '{kind}:1'" in found
    assert f"3: literal {event!r}" in found and f"4: score unit {info.score.unit}" in found
    generic = ('"""At the end of a hand, draw the table and reveal nothing: a generic text."""\n'
               'METHOD = "draw"\nPHASE = "phase"\n')
    assert findings(generic, NAMES) == []
    colour = next(k for k in NAMES.anywhere if k.startswith("field value"))
    word = colour.split()[-1]
    assert findings(f"# the {word.upper()} one\n", NAMES)  # whatever its case
    # code a family shares may name the family, not one game; a game's rule IDs
    # only as cross-references in comments and docstrings, never as literals
    assert findings(f"# {word}\n", FAMILY_NAMES) == []
    assert findings(f"# {prefix}X\n", FAMILY_NAMES) == []
    assert findings(f'"""{prefix}X: carried here."""\n', FAMILY_NAMES) == []
    assert findings(f'RULE = "{prefix}X"\n', FAMILY_NAMES) != []
    assert findings(f"# {info.id}\n", FAMILY_NAMES) != []


# --------------------------------------------------------------------------
# (b) a test-only game passes everything, with no shared module edited for it


def test_the_toy_is_a_plug_in_not_a_shipped_game(toy: GameInfo) -> None:
    # KERNEL-CONFIG: the toy is registered from the tests only; processes load it by name.
    from kernel.games import PACKAGES

    assert TOY in kernel.games() and toy.id == TOY
    assert all(not p.startswith("toy") for p in PACKAGES)
    run = [sys.executable, "-m", "kernel.cli", "games"]
    plain = subprocess.run(run, capture_output=True, text=True, timeout=60, env=_env())
    loaded = subprocess.run(run, capture_output=True, text=True, timeout=60,
                            env=_env(RACE_KERNEL_PLUGINS="toygame"))
    assert plain.returncode == 0 and TOY not in plain.stdout
    assert loaded.returncode == 0 and TOY in loaded.stdout, loaded.stderr


def test_the_toy_passes_the_generic_checks(toy: GameInfo) -> None:
    # KERNEL-ACTOR, KERNEL-CHANCE, KERNEL-LEGAL, KERNEL-INPUT, KERNEL-GAME,
    # KERNEL-TERMINAL, KERNEL-OBSERVATION on every state of whole games of every
    # variant (TOYRACE-DEAL, TOYRACE-TURN, TOYRACE-ROLL, TOYRACE-CARD, TOYRACE-WIN).
    twins = hidden = chance = 0
    for config in toy.configs():
        for seed in range(3):
            states = checks.check_game_length(toy, config, seed, 1000)
            rng = random.Random(seed)
            chance_seen = {a for s in states if toy.current_actor(s) == kernel.CHANCE
                           for a in toy.legal_actions(s)}
            decisions = {a for s in states if toy.current_actor(s) >= 0
                         for a in toy.legal_actions(s)}
            for state in states:
                checks.check_state(toy, state)
                checks.check_seat_claims(toy, state)
                checks.check_other_game_rejected(toy, state)
                checks.check_wrong_actor(toy, state, chance_seen, decisions)
                checks.check_zone_order(toy, state, rng)
                checks.check_junk_rejected(toy, state, {"kind": "roll", "extra": 1})
                twins += checks.check_observation(toy, state, rng)
                hidden += checks.check_hidden_histories(toy, state, rng)
                chance += checks.check_chance_twins(toy, state, rng)
            checks.check_terminal(toy, states[-1])
    assert twins and hidden and chance  # the twin checks compared something


def _toy_spec(tmp_path: Path) -> Path:
    """A spec folder: the checkout's catalogues and examples (no vectors), and the toy's."""
    import toygame

    spec = tmp_path / "spec"
    shutil.copytree(ROOT / "spec", spec, ignore=shutil.ignore_patterns("vectors", "perft"))
    for folder in toygame.SPEC.iterdir():
        shutil.copytree(folder, spec / folder.name)
    return spec


def test_the_toy_spec_tooling(toy: GameInfo, tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    # TOYRACE-SETUP ... TOYRACE-INV-FORWARD, TOYFAM-DIE: the toy's catalogue, its
    # family's catalogue (a prefix of its own, TOYFAM-) and its examples pass
    # spec check, link, interpretations, export and the traceability gate.
    from kernel.cli import main

    spec = _toy_spec(tmp_path)
    assert main(["spec", "interpretations", "--write", "--spec-dir", str(spec)]) == 0
    assert main(["spec", "check", "--game", TOY, "--spec-dir", str(spec)]) == 0
    assert "11 examples: 11 passed" in capsys.readouterr().out
    assert main(["spec", "link", "--spec-dir", str(spec)]) == 0
    assert "catalogue(s) differ" not in capsys.readouterr().err
    assert main(["spec", "trace", "--gaps-only", "--spec-dir", str(spec),
                 "--root", str(ROOT)]) == 0, capsys.readouterr().out
    out = capsys.readouterr().out
    assert "no gaps" in out
    exported = tmp_path / "examples.json"
    assert main(["spec", "export", "--game", TOY, "-o", str(exported),
                 "--spec-dir", str(spec)]) == 0
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert document["games"] == [{"game": TOY, "behaviour_version": 1,
                                  "rule_prefixes": ["TOYRACE-", "TOYFAM-"],
                                  "fixtures": document["games"][0]["fixtures"]}]
    rules = {r["id"]: r["catalogue"] for r in document["rules"]}
    assert rules["TOYFAM-DIE"].endswith("toys/rules.md")
    # a family catalogue whose prefix no registered game lists is no family
    (spec / "toys" / "rules.md").write_text(
        (spec / "toys" / "rules.md").read_text(encoding="utf-8").replace("TOYFAM-", "TOYZ-"),
        encoding="utf-8")
    assert main(["spec", "trace", "--gaps-only", "--spec-dir", str(spec),
                 "--root", str(ROOT)]) == 1
    assert "which is no registered game and no family" in capsys.readouterr().out


def test_the_toy_golden_vectors(toy: GameInfo, tmp_path: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    # TOYRACE-INV-CARDS, TOYRACE-INV-PAWNS, TOYRACE-INV-PHASE (status vectors),
    # TOYRACE-INV-FORWARD (a transition check), TOYRACE-SETUP (initial states):
    # the vectors cover every rule of the toy's catalogue, then check and replay.
    from kernel.cli import main

    spec = _toy_spec(tmp_path)
    assert main(["vectors", "--game", TOY, "--spec-dir", str(spec)]) == 0, capsys.readouterr()
    folder = spec / TOY / "vectors"
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["coverage.json", "game-p2-long-seed1.jsonl", "game-p2-seed1.jsonl",
                     "game-p3-long-seed1.jsonl", "game-p3-seed1.jsonl", "rejections.jsonl",
                     "status.jsonl"]
    assert main(["vectors", "--check", "--game", TOY, "--spec-dir", str(spec)]) == 0
    assert "coverage 10/10" in capsys.readouterr().out
    for name in ("game-p3-long-seed1.jsonl", "rejections.jsonl", "status.jsonl"):
        assert main(["replay", str(folder / name)]) == 0
    # the junk comes from the toy's own vocabulary
    rejections = [json.loads(x) for x in (folder / "rejections.jsonl").read_text().splitlines()]
    junk = [line["action"] for line in rejections[1:10]]
    assert {"card": "c1", "kind": "deal", "to": "seven"} in junk
    assert {"game": vectors.OTHER_GAME, "kind": "play"} in junk


def test_config_names_of_vector_files(toy: GameInfo) -> None:
    # KERNEL-CONFIG: vector files are named from the configuration, by the game's
    # ConfigSpec: variants by name, other keys by value, defaults left out.
    assert vectors.config_name(toy, {"players": 2}) == "p2"
    assert vectors.config_name(toy, {"players": 3, "goal": 7}) == "p3-long"
    assert vectors.config_name(toy, {"players": 3, "goal": 6}) == "p3-goal6"
    assert vectors.config_name(toy, {"players": 3, "goal": 5}) == "p3"
    first = shipped_games()[0]
    lists = [f for f in first.config.fields if f.type == "int-list"]
    for field in lists:  # a list in the plural, one-digit items run together
        stem = field.name.split("_")[0]
        assert vectors.config_name(first, {"players": 4, field.name: [2, 0, 3, 1]}) == \
            f"p4-{stem}{'' if stem.endswith('s') else 's'}2031"


def test_the_toy_against_the_reference_server(toy: GameInfo,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # KERNEL-INPUT, KERNEL-LEGAL, KERNEL-CHANCE, KERNEL-OBSERVATION: the diff driver
    # finds no divergence between the kernel and its reference server (a
    # subprocess loading the toy with --plugin), configurations drawn from the
    # toy's ConfigSpec; and it finds a changed die (TOYRACE-ROLL) in process.
    from kernel.cli import main

    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), str(TESTS)]))
    peer = SubprocessPeer([*SERVER, "--plugin", "toygame"], timeout=10.0)
    result = diff(peer, DiffOptions(TOY, examples=15, seed=1, max_steps=60))
    assert result.ok, result.text()
    assert main(["diff", "--game", TOY, "--examples", "5", "--",
                 *SERVER, "--plugin", "toygame"]) == 0

    class Loaded(KernelServer):
        """A die that shows 2 when 1 is cast."""

        def handle(self, request: Any) -> Any:
            if request.get("op") == "apply" and request.get("action") in (
                    {"kind": "die", "pips": 1}, "die:1"):
                request = {**request, "action": {"kind": "die", "pips": 2}}
            return super().handle(request)

    found = explore(Loaded(), TOY, examples=30, seed=2, max_steps=40)
    assert found.divergence is not None and "TOYRACE-ROLL" in found.divergence.rules
    assert compare(KernelServer(), TOY, {"players": 3, "goal": 7},
                   ["deal:0:c1", "deal:1:c2", "deal:2:c3", "roll", "die:1", "fly:moon"]) is None


def test_a_plug_in_that_cannot_be_loaded_is_a_usage_error() -> None:
    # KERNEL-INPUT: the server refuses an unknown plug-in in one line (exit 2).
    proc = subprocess.run([*SERVER, "--plugin", "no_such_module_here"], capture_output=True,
                          text=True, timeout=60, env=_env(), input="")
    assert proc.returncode == 2 and "no_such_module_here" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_the_toy_action_space(toy: GameInfo) -> None:
    # KERNEL-LEGAL: kernel.action_space numbers the toy's decisions and chance outcomes;
    # every legal action of a game is in it, under its id.
    space = kernel.action_space(TOY, {"players": 2})
    assert [a.text for a in space.players] == ["play", "roll"]
    assert [a.text for a in space.chance] == [
        "deal:0:c1", "deal:0:c2", "deal:0:c3", "deal:1:c1", "deal:1:c2", "deal:1:c3",
        "die:1", "die:2"]
    for state in kernel.play(TOY, {"players": 2}, 4).steps:
        for a in kernel.legal_actions(state.state):
            ids = space.chance if kernel.current_actor(state.state) == kernel.CHANCE \
                else space.players
            assert ids[space.chance_id(a) if ids is space.chance else space.player_id(a)] == a


def test_race_kernel_play_tells_the_toy(toy: GameInfo,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    # TOYRACE-WIN: `race-kernel play` tells a whole toy game with its own narrator,
    # in process and as a command loading the plug-in from the environment.
    from kernel.cli import main

    assert main(["play", TOY, "--seed", "3"]) == 0
    told = capsys.readouterr().out
    assert "Toy Race" in told and "[TOYRACE-WIN]" in told and "pawns: Ann" in told
    proc = subprocess.run([sys.executable, "-m", "kernel.cli", "play", TOY, "--seed", "3"],
                          capture_output=True, text=True, timeout=120,
                          env=_env(RACE_KERNEL_PLUGINS="toygame"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == told


# --------------------------------------------------------------------------
# (c) action ids are the same in every process and under every hash seed

_IDS = """
import json, kernel
out = {}
for game in kernel.games():
    info = kernel.game_info(game)
    for config in info.configs():
        space = kernel.action_space(game, config)
        out[game + json.dumps(config, sort_keys=True)] = [
            [a.text for a in space.players], [a.text for a in space.chance],
            [space.player_id(a) for a in space.players], [space.chance_id(a) for a in space.chance]]
print(json.dumps(out, sort_keys=True))
"""


def test_action_ids_are_stable_across_processes_and_hash_seeds(toy: GameInfo) -> None:
    # KERNEL-LEGAL: an action's id is its index in a space built from the game's
    # tables in sorted order: no hash seed and no process changes it.
    outputs = []
    for seed in ("0", "1", "4242"):
        proc = subprocess.run([sys.executable, "-c", _IDS], capture_output=True, text=True,
                              timeout=120, env=_env(PYTHONHASHSEED=seed,
                                                    RACE_KERNEL_PLUGINS="toygame"))
        assert proc.returncode == 0, proc.stderr
        outputs.append(json.loads(proc.stdout))
    assert outputs[0] == outputs[1] == outputs[2]
    assert any(key.startswith(TOY) for key in outputs[0])
    for game in kernel.games():  # and the same as in this process
        for config in kernel.game_info(game).configs():
            space = kernel.action_space(game, config)
            texts = outputs[0][game + json.dumps(config, sort_keys=True)]
            assert texts[:2] == [[a.text for a in space.players], [a.text for a in space.chance]]
            assert texts[2] == list(range(len(space.players)))


# --------------------------------------------------------------------------
# (d) a game that shows a seat what it may not see is caught


def test_a_leaky_game_is_caught(toy: GameInfo) -> None:
    # KERNEL-OBSERVATION, TOYRACE-DEAL: a toy whose deal event forgets to mark the
    # dealt card secret shows seat 1 which card seat 0 got: events_seen differ
    # between two deals seat 1 cannot tell apart, and so do its information states.
    import toygame

    rng = random.Random(0)
    state = toy.new_game({"players": 2})
    assert checks.check_chance_twins(toy, state, rng) > 0  # the honest toy passes
    leaky = registry.register(toygame.make("toy-race-leaky", leak=True))
    try:
        with pytest.raises(checks.CheckFailure, match=r"KERNEL-OBSERVATION.*card-dealt"):
            checks.check_chance_twins(leaky, leaky.new_game({"players": 2}), rng)
        # a whole game of the generic checks finds it too
        with pytest.raises(checks.CheckFailure, match="KERNEL-OBSERVATION"):
            for s in checks.walk(leaky, {"players": 3}, 1, 100)[0]:
                checks.check_chance_twins(leaky, s, rng)
    finally:
        registry.unregister("toy-race-leaky")


def test_a_game_contributes_a_command(toy: GameInfo, capsys: pytest.CaptureFixture[str]) -> None:
    # KERNEL-GAME: `race-kernel NAME` runs a command a registered game contributes
    # (GameInfo.commands); --game chooses when several games offer the same name.
    from kernel.cli import main

    assert main(["rolls"]) == 0
    out = capsys.readouterr().out.splitlines()
    chances = dict(line.split() for line in out)
    assert chances == {a.text: str(p) for a, p in toy.chance_outcomes(toy.new_game({"players": 2}))}
    assert main(["rolls", "extra"]) == 2 and "no arguments" in capsys.readouterr().err
    assert main(["--help"]) == 0 and "rolls" in capsys.readouterr().out
    assert main(["games"]) == 0 and "race-kernel rolls:" in capsys.readouterr().out
    import toygame

    twin = registry.register(toygame.make("toy-race-twin"))
    try:
        assert main(["rolls"]) == 2 and "--game one of" in capsys.readouterr().err
        assert main(["rolls", "--game", "toy-race-twin"]) == 0
        assert capsys.readouterr().out.splitlines() == out
        assert main(["rolls", "--game=nope"]) == 2
    finally:
        registry.unregister(twin.id)
    for bad in ({"play": toy.commands["rolls"]}, {"other": toy.commands["rolls"]}):
        with pytest.raises(GameSpecError, match="commands"):
            registry.check(attrs.evolve(toy, id="toy-race-bad", commands=bad))


#: The module names every game folder has, one concern each (CONTRIBUTING.md, "The
#: package: one shape for every game").
GAME_MODULES = ("__init__", "actions", "bots", "config", "data", "drawing", "game", "hooks",
                "legality", "machine", "model", "narrator", "plain", "plans", "resample",
                "state", "tensor", "transitions")
_PACKAGES = sorted(p.name for p in (ROOT / "kernel" / "games").iterdir()
                   if (p / "__init__.py").exists() and not p.name.startswith("_"))


@pytest.mark.parametrize("package", _PACKAGES)
def test_every_game_folder_has_the_shape(package: str) -> None:
    # One plug-in surface: every game folder has the same module names for the same
    # concerns, and its tests live in tests/games/<package>/, each file's name unique.
    folder = ROOT / "kernel" / "games" / package
    missing = [m for m in GAME_MODULES if not (folder / f"{m}.py").is_file()]
    assert not missing, f"{package} lacks {', '.join(m + '.py' for m in missing)}"
    tests = sorted((TESTS / "games" / package).glob("test_*.py"))
    assert tests, f"no tests in tests/games/{package}/"
    names = [p.name for p in TESTS.rglob("test_*.py")]
    assert all(names.count(t.name) == 1 for t in tests), "a test file name used twice"

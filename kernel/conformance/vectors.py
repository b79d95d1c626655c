"""Golden vectors: seeded games, rejections and invariant checks, per game.

``race-kernel vectors`` writes ``spec/<game-id>/vectors/``, from the game's
conformance plan (``GameInfo.plan()``, :class:`kernel.plugin.Plan`):

- ``game-<configuration>-seed<S>.jsonl``: whole seeded games (traces,
  spec/PROTOCOL.md), one per configuration of the plan, and extra seeds found
  to cover rules the others miss. The configuration is named by
  :func:`config_name` (``p4``, ``p2-long``, ``p4-seats2031``). Digests on every
  line, the full state in the header, every ``FULL_EVERY`` steps and on the
  last line;
- ``rejections.jsonl``: a seeded game in which, before each action, every
  action of the game's universe that is not legal was tried, and the first
  rejection of each (rule, action kind, phase) was recorded; junk inputs
  derived from the game's vocabulary (:func:`junk_inputs`) at the start and
  at the end;
- ``status.jsonl``: candidate states that break invariants, each with the
  IDs ``kernel.status`` returns;
- ``coverage.json``: where each rule ID of the game's catalogue is covered,
  and the size and SHA-256 of every vector file.

Coverage (checked; what is not covered is printed and fails): every rule ID
of the game's catalogue must be named by an event of the vectors, by a
rejection of the rejections file, or, for the invariant IDs, by the status
file. Two kinds are covered otherwise, and the report says so:

- rules of the catalogue's "Setup" section that no event names: the kernel's
  ``new_game`` applies them and emits no events; the initial state of every
  configuration is recorded in full in the game files' headers;
- invariants about consecutive states, which ``kernel.status`` (one state)
  cannot name: the plan's ``transitions`` check them over every step of the
  vectors and need one witnessing step.

``race-kernel vectors --check`` regenerates in memory and compares. A
difference fails unless the game's version was bumped, the vectors
regenerated and the game's CHANGELOG has a ``## Version N`` entry.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import attrs

import kernel
from kernel import resources
from kernel.conformance import PROTOCOL_VERSION
from kernel.conformance.canonical import dumps, state_to_data
from kernel.conformance.trace import (
    Line,
    TraceError,
    header_line,
    lines_of,
    read_trace,
    step_line,
    text_of,
)
from kernel.core import Applied, PlainData, Rejected
from kernel.plugin import Mutation, Plan
from kernel.registry import GameInfo

#: Full states on step lines every this many steps (and on the last line).
FULL_EVERY: Final = 50
#: The seeds tried, in order, for games covering what the base games miss.
EXTRA_SEEDS: Final = range(2, 102)
COVERAGE_FILE: Final = "coverage.json"
REJECTIONS_FILE: Final = "rejections.jsonl"
STATUS_FILE: Final = "status.jsonl"


class KernelBugError(Exception):
    """The kernel broke its own API while the vectors were made (it raised, or
    accepted an action it does not list as legal)."""


# --------------------------------------------------------------------------
# the catalogue


@attrs.frozen
class CatalogueRule:
    id: str
    section: str


def find_spec_dir(explicit: str | Path | None = None, *, writable: bool = False) -> Path:
    """The spec folder: explicit, else the checkout's spec/, else the installed package's copy.

    See :func:`kernel.resources.spec_dir`: an OSError (FileNotFoundError,
    NotADirectoryError, or PermissionError for ``writable`` and the installed
    package's read-only copy) with a one-line message.
    """
    return resources.spec_dir(explicit, writable=writable)


_HEADING: Final = re.compile(r"^###\s+([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\s*:")
_SECTION: Final = re.compile(r"^##\s+(.*?)\s*$")


def catalogue(spec_dir: Path, game: str) -> tuple[CatalogueRule, ...]:
    """The rule IDs of ``spec/<game>/rules.md`` with the ``##`` section of each."""
    path = spec_dir / game / "rules.md"
    rules: list[CatalogueRule] = []
    section = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _SECTION.match(line)
        if m:
            section = m.group(1)
            continue
        h = _HEADING.match(line)
        if h:
            rules.append(CatalogueRule(h.group(1), section))
    return tuple(rules)


# --------------------------------------------------------------------------
# per-game plans


def plan_of(game: str) -> Plan:
    """The game's conformance plan (its plug-in part)."""
    return kernel.game_info(game).plan()


# --------------------------------------------------------------------------
# generation


#: Junk every game refuses: text that spells no action, a number, null, an
#: unknown kind, another game's id.
UNKNOWN_TEXT: Final = "fly:moon"
UNKNOWN_KIND: Final = "teleport"
OTHER_GAME: Final = "no-such-game"


def junk_inputs(info: GameInfo, state: Any) -> tuple[tuple[PlainData, ...], tuple[PlainData, ...]]:
    """The junk inputs of the rejection vectors (at the start, at the end), from the vocabulary.

    At the start (``state``, the rejection game's initial state): text that
    spells no action, a number, null, an unknown kind; the first seat kind
    (vocabulary order; any kind when no seat kind has fields) with an integer
    field, given a string there (``"seven"``), or failing that one with a
    string field, given an integer; the next such kind after it (cyclically)
    with a string field, that field missing; the first action of the universe
    without fields (else the first) as another game's; the first legal action
    claimed by a seat that is not to move, and by an ill-typed seat (``true``).
    At the end (a finished game): the text that spells no action, and that
    action without fields claimed by seat 0 (KERNEL-TERMINAL).
    """
    vocabulary = info.vocabulary
    text = UNKNOWN_TEXT
    while not isinstance(vocabulary.parse(text), Rejected):
        text += "~"
    kind = UNKNOWN_KIND
    while kind in vocabulary.kinds:
        kind += "~"
    first: list[PlainData] = [text, 17, None, {"kind": kind}]
    kinds = [k for k in vocabulary.kinds.values() if k.fields]
    with_fields = [k for k in kinds if k.actor == "seat"] or kinds

    def example(name: str) -> dict[str, PlainData]:
        return next(a.to_data() for a in vocabulary.actions if a.kind == name)

    typed = next((k for k in with_fields if any(f.type is int for f in k.fields)), None)
    wrong_type: type = int
    if typed is None:
        typed, wrong_type = next(iter(with_fields), None), str
    if typed is not None:
        field = next(f for f in typed.fields if f.type is wrong_type)
        first.append({**example(typed.name),
                      field.name: "seven" if wrong_type is int else 7})
        start = with_fields.index(typed)
        ring = with_fields[start + 1:] + with_fields[:start + 1]
        missing = next((k for k in ring if any(f.type is str for f in k.fields)), None)
        if missing is not None:
            strings = {f.name for f in missing.fields if f.type is str}
            first.append({k: v for k, v in example(missing.name).items() if k not in strings})
    bare = next((a for a in vocabulary.actions if not a.values), vocabulary.actions[0])
    first.append({"game": OTHER_GAME, **bare.to_data()})
    legal = info.legal_actions(state)
    if legal:
        claim: PlainData = 0 if info.current_actor(state) == kernel.CHANCE else "chance"
        first.append({**legal[0].to_data(), "seat": claim})
        first.append({**legal[0].to_data(), "seat": True})
    return tuple(first), (text, {**bare.to_data(), "seat": 0})


#: How a rule ID is covered, in the order the report lists them.
KINDS: Final = ("events", "rejections", "status", "initial-state", "transition", "odds")


@attrs.frozen
class VectorSet:
    """Every vector file of one game, in memory, and its coverage."""

    game: str
    version: int
    files: Mapping[str, str]
    #: rule ID -> how it is covered (a KINDS entry) -> the first file:line
    covered: Mapping[str, Mapping[str, str]]
    missing: tuple[str, ...]
    broken_transitions: tuple[str, ...]


def config_name(info: GameInfo, config: Mapping[str, Any]) -> str:
    """A configuration as a vector file names it: ``p<N>``, then the variant, then the rest.

    The player count comes first (``p4``); then the name of the first
    non-standard variant whose settings the configuration has (``p2-long``),
    those settings being named by it; then every other key whose value is not
    its field's default, in the order of the game's ``ConfigSpec``, as the
    first word of its name followed by its value (a list in the plural, its
    items run together when each is one digit, else joined by ``.``):
    ``{"players": 4, "seat_order": [2, 0, 3, 1]}`` is ``p4-seats2031``.

    >>> import kernel
    >>> config_name(kernel.game_info(kernel.games()[0]), {"players": 3})
    'p3'
    """
    spec = info.config
    rest = {k: v for k, v in config.items() if k != spec.players_key}
    parts = [f"p{config.get(spec.players_key)}"]
    for variant, settings in spec.variants.items():
        if settings and all(k in rest and rest[k] == v for k, v in settings.items()):
            parts.append(_name_part(variant))
            rest = {k: v for k, v in rest.items() if k not in settings}
            break
    order = [f.name for f in spec.fields]
    for key in sorted(rest, key=lambda k: (order.index(k) if k in order else len(order), k)):
        field = spec.field(key)
        if field is not None and not callable(field.default) and rest[key] == field.default:
            continue
        parts.append(_config_part(key, rest[key]))
    return "-".join(parts)


def _name_part(text: str) -> str:
    return re.sub(r"[^a-z0-9.+]+", "", text.lower()) or "x"


def _config_part(key: str, value: object) -> str:
    stem = key.split("_")[0]
    if isinstance(value, list | tuple):
        items = [str(v) for v in value]
        joined = "".join(items) if all(len(i) == 1 for i in items) else ".".join(items)
        return _name_part(stem + ("" if stem.endswith("s") else "s") + joined)
    if isinstance(value, bool):
        return _name_part(stem if value else "no" + stem)
    return _name_part(f"{stem}{value}")


class _Builder:
    def __init__(self, game: str, spec_dir: Path) -> None:
        self.game = game
        self.info = kernel.game_info(game)
        self.plan = plan_of(game)
        self.rules = catalogue(spec_dir, game)
        self.files: dict[str, str] = {}
        self.covered: dict[str, dict[str, str]] = {}
        self.broken: list[str] = []

    def cover(self, rule: str, by: str, where: str) -> None:
        self.covered.setdefault(rule, {}).setdefault(by, where)

    def counts(self, rule: str) -> bool:
        """Is ``rule`` covered the way its kind requires?

        Invariant IDs by the status file (or a transition check); the others by
        events or rejections (or, for setup rules, by the recorded initial states;
        for the reading of a game's seat odds, by a recorded step where it applies).
        """
        how = self.covered.get(rule, {})
        if rule in self.info.invariants or rule in self.plan.transitions:
            return "status" in how or "transition" in how
        return bool({"events", "rejections", "initial-state", "odds"} & set(how))

    # -- games -----------------------------------------------------------------

    def add_game(self, config: Mapping[str, Any], seed: int) -> kernel.Trace:
        """Add the file of a seeded game played by the uniform policy."""
        trace = kernel.play(self.game, config, seed)
        name = f"game-{config_name(self.info, config)}-seed{seed}.jsonl"
        lines = lines_of(trace, full_every=FULL_EVERY, kind="game")
        self.files[name] = text_of(lines)
        for no, line in enumerate(lines, start=1):
            events = line.get("events")
            for e in events if isinstance(events, list) else []:
                for r in e["rules"]:
                    self.cover(r, "events", f"{name}:{no}")
        self.check_transitions(name, trace)
        return trace

    def check_transitions(self, name: str, trace: kernel.Trace) -> None:
        if not self.plan.transitions:
            return
        before = kernel.to_data(trace.initial)
        for no, st in enumerate(trace.steps, start=2):
            after = kernel.to_data(st.state)
            events = [e.to_data() for e in st.events]
            for rule, check in self.plan.transitions.items():
                verdict = check(before, after, events)
                if verdict is False:
                    self.broken.append(f"{rule} broken at {name}:{no}")
                elif verdict:
                    self.cover(rule, "transition", f"{name}:{no}")
            before = after

    # -- rejections --------------------------------------------------------------

    def add_rejections(self) -> None:
        plan = self.plan
        config = plan.rejection_config
        rng = random.Random(plan.rejection_seed)
        state = kernel.new_game(self.game, config)
        lines: list[Line] = [header_line(self.game, self.info.version, config, state,
                                         seed=plan.rejection_seed, kind="rejections")]
        seen: set[tuple[str, str, str]] = set()

        def attempt(action: PlainData, kind: str) -> None:
            actor = kernel.current_actor(state)
            result = _apply(state, action)
            if not isinstance(result, Rejected):
                raise KernelBugError(f"kernel.apply accepted {json.dumps(action)}, which is not "
                                     f"among its legal actions (KERNEL-LEGAL), in "
                                     f"{_where(state)}")
            key = (result.rule, kind, str(kernel.to_data(state).get(plan.phase_key)))
            if key in seen:
                return
            seen.add(key)
            lines.append(step_line(len(lines), actor, action, result, state))
            self.cover(result.rule, "rejections", f"{REJECTIONS_FILE}:{len(lines)}")

        at_start, at_end = junk_inputs(self.info, state)
        for junk in at_start:  # each junk input is its own kind
            attempt(junk, "junk " + json.dumps(junk, sort_keys=True))
        steps = 0
        while True:
            legal = kernel.legal_actions(state)
            for a in self.info.all_actions:
                if a not in legal:
                    attempt(a.to_data(), a.kind)
            actor = kernel.current_actor(state)
            if actor == kernel.TERMINAL:
                break
            if actor == kernel.CHANCE:
                action = kernel.sample_chance(kernel.chance_outcomes(state), rng)
            else:
                action = plan.rejection_policy(state, legal, rng)
            result = _apply(state, action.to_data())
            if not isinstance(result, Applied):
                raise KernelBugError(f"kernel.apply rejected its legal action {action.text} "
                                     f"({result.rule}) in {_where(state)}")
            state = result.state
            steps += 1
            lines.append(step_line(len(lines), actor, action, result, state,
                                   full=steps % FULL_EVERY == 0))
            for e in result.events:
                for r in e.rules:
                    self.cover(r, "events", f"{REJECTIONS_FILE}:{len(lines)}")
        for junk in at_end:
            attempt(junk, "at the end " + json.dumps(junk, sort_keys=True))
        last = lines[-1]
        last["state"] = state_to_data(state)
        self.files[REJECTIONS_FILE] = text_of(lines)

    # -- status ---------------------------------------------------------------------

    def add_status(self, base: kernel.Trace) -> None:
        lines: list[Line] = [{
            "type": "header", "format": PROTOCOL_VERSION, "protocol": PROTOCOL_VERSION,
            "game": self.game, "version": self.info.version, "config": dict(base.config),
            "kind": "status", "digest": "",
        }]
        by_phase: dict[str, list[dict[str, Any]]] = {}
        for s in (base.initial, *(st.state for st in base.steps)):
            data = kernel.to_data(s)
            by_phase.setdefault(str(data.get(self.plan.phase_key)), []).append(data)
        for name, phase, mutate in self.plan.mutations:
            candidate = _mutated(mutate, by_phase.get(phase, []))
            if candidate is None:
                continue
            status = list(kernel.status(candidate))
            lines.append({"type": "status", "name": name, "candidate": candidate,
                          "status": status})
            for r in status:
                self.cover(r, "status", f"{STATUS_FILE}:{len(lines)}")
        lines[0]["digest"] = hashlib.sha256(text_of(lines[1:]).encode("utf-8")).hexdigest()
        self.files[STATUS_FILE] = text_of(lines)

    # -- all -----------------------------------------------------------------------------

    def build(self) -> VectorSet:
        traces = [self.add_game(config, 1) for config in self.plan.configs]
        for config, seed in self.plan.games:  # chosen for a rare case (see the game's plans)
            self.add_game(config, seed)
        self.add_rejections()
        self.add_status(traces[min(2, len(traces) - 1)])
        self.cover_setup()
        self.cover_odds(traces[0], self.plan.configs[0])
        missing = self.missing()
        # extra seeds for the rules the base games miss (deterministic order), played
        # with the plan's configurations that are a variant at a player count
        variants = self.info.configs()
        players = [c for c in self.plan.configs if dict(c) in variants] or list(self.plan.configs)
        for i, seed in enumerate(EXTRA_SEEDS):
            if not missing:
                break
            config = players[i % len(players)]
            trace = kernel.play(self.game, config, seed)
            named = {r for st in trace.steps for e in st.events for r in e.rules}
            if named & set(missing):
                self.add_game(config, seed)
                self.cover_setup()
                missing = self.missing()
        self.files[COVERAGE_FILE] = self.coverage_text()
        return VectorSet(self.game, self.info.version, dict(sorted(self.files.items())),
                         {r.id: dict(self.covered.get(r.id, {})) for r in self.rules},
                         tuple(self.missing()), tuple(self.broken))

    def cover_odds(self, trace: kernel.Trace, config: Mapping[str, Any]) -> None:
        """The reading of a game's seat odds (``GameInfo.seat_odds``; no event names it):
        covered by the last step of a recorded game where ``kernel.seat_odds`` gives odds
        under it (another implementation computes its odds there). Only coverage.json
        records it: the vector files stay as they are."""
        if self.info.seat_odds is None:
            return
        name = f"game-{config_name(self.info, config)}-seed1.jsonl"
        for t in range(len(trace.steps), 0, -1):
            history = attrs.evolve(trace, steps=trace.steps[:t])
            actor = kernel.current_actor(history.final)
            odds = kernel.seat_odds(history, actor if actor >= 0 else 0)
            if odds is not None:
                self.cover(odds.reading, "odds", f"{name}:{t + 1}")
                return

    def cover_setup(self) -> None:
        """Setup-section rules no event names: applied by new_game, recorded in the headers."""
        headers = [n for n in sorted(self.files) if n.startswith("game-")]
        for rule in self.rules:
            if rule.section.strip().lower() == "setup" and not self.counts(rule.id) and headers:
                self.cover(rule.id, "initial-state", f"{headers[0]}:1")

    def missing(self) -> list[str]:
        return [r.id for r in self.rules if not self.counts(r.id)]

    def coverage_text(self) -> str:
        doc = {
            "game": self.game,
            "version": self.info.version,
            "protocol": PROTOCOL_VERSION,
            "rules": {r.id: self.covered.get(r.id, {}) for r in self.rules},
            "missing": self.missing(),
            "kernel_rules": {k: w for k, w in sorted(self.covered.items())
                             if k.startswith("KERNEL-")},
            "files": {name: {"lines": text.count("\n"), "bytes": len(text),
                             "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()}
                      for name, text in sorted(self.files.items())},
        }
        return json.dumps(doc, indent=1, sort_keys=True) + "\n"


def _apply(state: Any, action: PlainData) -> Applied | Rejected:
    try:
        return kernel.apply(state, action)
    except Exception as exc:  # the API never raises (KERNEL-INPUT): a kernel bug
        raise KernelBugError(f"kernel.apply raised {type(exc).__name__}: {exc} on "
                             f"{json.dumps(action)} in {_where(state)}") from exc


def _where(state: Any) -> str:
    data = kernel.to_data(state)
    return f"the state {dumps(data)[:300]}..."


def _mutated(mutate: Mutation, bases: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The mutation of the first base it suits (a copy; None when it suits none).

    A mutation raises LookupError for a state that does not suit it (nothing to
    break there, or not the base the game prefers); the next state of the
    phase is tried.
    """
    for data in bases:
        try:
            return mutate(copy.deepcopy(data))
        except LookupError:
            continue
    return None


def generate(game: str, spec_dir: Path) -> VectorSet:
    """Every vector file of ``game``, made in memory (KernelBugError on a kernel bug)."""
    return _Builder(game, spec_dir).build()


# --------------------------------------------------------------------------
# writing and checking


@attrs.frozen
class Report:
    """What :func:`check` or :func:`write` found. ``unreadable``: a vector file on
    disk is corrupted (not a trace of the documented form), which is no finding
    about the kernel."""

    ok: bool
    lines: tuple[str, ...]
    unreadable: bool = False


def _recorded_version(folder: Path) -> int | None:
    for path in sorted(folder.glob("*.jsonl")):
        try:
            version = read_trace(path)[0].get("version")
        except TraceError:
            continue
        if isinstance(version, int):
            return version
    return None


def corrupted_files(folder: Path) -> list[str]:
    """Why each vector file of ``folder`` cannot be read as a trace (file, line, field)."""
    out: list[str] = []
    for path in sorted(folder.glob("*.jsonl")):
        try:
            read_trace(path)
        except TraceError as exc:
            out.append(str(exc))
    return out


def _corrupted_report(game: str, problems: list[str], *, writing: bool) -> Report:
    lines = [f"{game}: corrupted vector file: {p}" for p in problems[:5]]
    if len(problems) > 5:
        lines.append(f"{game}: ... and {len(problems) - 5} more")
    lines.append(f"{game}: the file is no trace of the documented form (spec/PROTOCOL.md): "
                 "restore it from version control"
                 + (", or rewrite every vector file with --force" if writing else
                    ", or regenerate it with race-kernel vectors --force"))
    return Report(False, tuple(lines), unreadable=True)


def changelog_problem(spec_dir: Path, game: str, version: int) -> str | None:
    path = spec_dir / game / "CHANGELOG.md"
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    if re.search(rf"^##\s+Version\s+{version}\b", text, re.MULTILINE):
        return None
    where = path.as_posix() if path.is_file() else f"{path.as_posix()} (missing)"
    return (f"{where} has no '## Version {version}' entry: every behaviour version of "
            f"{game} needs one explaining it")


def coverage_lines(vs: VectorSet) -> list[str]:
    """The coverage report: how many catalogue IDs each kind covers, and what is missing."""
    total = len(vs.covered)
    out = [f"{vs.game}: coverage {total - len(vs.missing)}/{total} catalogue rule IDs"]
    for kind in KINDS:
        ids = sorted(r for r, how in vs.covered.items() if kind in how)
        if ids:
            out.append(f"  by {kind} ({len(ids)}): {' '.join(ids)}")
    if vs.missing:
        out.append(f"  NOT COVERED ({len(vs.missing)}): {' '.join(vs.missing)}")
    for broken in vs.broken_transitions:
        out.append(f"  BROKEN: {broken}")
    return out


def _first_difference(old: str, new: str) -> str:
    a, b = old.splitlines(), new.splitlines()
    for i, (x, y) in enumerate(zip(a, b, strict=False), start=1):
        if x != y:
            return f"first difference at line {i}"
    return f"{len(a)} lines on file, {len(b)} regenerated"


def write(game: str, spec_dir: Path, *, force: bool = False,
          generated: VectorSet | None = None) -> Report:
    """Write the vectors of ``game`` (refusing a silent behaviour change).

    ``generated``: the vectors already made by :func:`generate`, to save the time.
    """
    folder = spec_dir / game / "vectors"
    corrupted = corrupted_files(folder) if folder.is_dir() and not force else []
    if corrupted:  # before the (long) generation: a corrupted file is no finding
        return _corrupted_report(game, corrupted, writing=True)
    vs = generated if generated is not None else generate(game, spec_dir)
    out: list[str] = []
    recorded = _recorded_version(folder) if folder.is_dir() else None
    changed, _ = _changed_files(folder, vs)
    if recorded == vs.version and changed and not force:
        return Report(False, (
            f"{game}: refusing to overwrite: the vectors of version {vs.version} change "
            f"({', '.join(changed[:5])}{'...' if len(changed) > 5 else ''}).",
            _behaviour_change_advice(game, vs.version),
            "(If only the vector generator changed, not the game's behaviour, rerun with "
            "--force.)",
        ))
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.jsonl"):
        if old.name not in vs.files:
            old.unlink()
    for name, text in vs.files.items():
        (folder / name).write_bytes(text.encode("utf-8"))
    total = sum(len(t) for t in vs.files.values())
    out.append(f"{game}: wrote {len(vs.files)} files ({total} bytes) to {folder}")
    out += coverage_lines(vs)
    ok = not vs.missing and not vs.broken_transitions
    problem = changelog_problem(spec_dir, game, vs.version)
    if problem:
        out.append(problem)
        ok = False
    return Report(ok, tuple(out))


def _changed_files(folder: Path, vs: VectorSet) -> tuple[list[str], bool]:
    """The vector files whose content changed (behaviour), and whether coverage.json did.

    coverage.json is derived from the vectors and the catalogue: it changes with a
    catalogue edit too, which is no behaviour change.
    """
    changed: list[str] = []
    on_disk = {p.name for p in folder.glob("*.jsonl")}
    for name, text in vs.files.items():
        if name == COVERAGE_FILE:
            continue
        path = folder / name
        if not path.is_file():
            changed.append(f"{name} (new)")
        elif (old := path.read_bytes()) != text.encode("utf-8"):
            changed.append(f"{name} ({_first_difference(old.decode('utf-8', 'replace'), text)})")
    changed += [f"{name} (no longer made)" for name in sorted(on_disk - set(vs.files))]
    coverage = folder / COVERAGE_FILE
    stale = not coverage.is_file() or coverage.read_bytes() != vs.files.get(
        COVERAGE_FILE, "").encode("utf-8")
    return changed, stale


def _behaviour_change_advice(game: str, version: int) -> str:
    module = type(kernel.new_game(game, kernel.game_info(game).configs()[0])).__module__
    package = "/".join(module.split(".")[:-1])
    return (f"A behaviour change of {game} fails unless (1) the game's version is bumped "
            f"(VERSION, now {version}, in {package}/game.py), (2) the vectors are regenerated "
            f"(race-kernel vectors) and (3) spec/{game}/CHANGELOG.md has a "
            f"'## Version {version + 1}' entry explaining it. If the behaviour was not meant "
            f"to change, this is a regression: fix the kernel instead.")


def check(game: str, spec_dir: Path, *, generated: VectorSet | None = None) -> Report:
    """Regenerate the vectors in memory and compare them with the files.

    ``generated``: the vectors already made by :func:`generate`, to save the time.
    """
    folder = spec_dir / game / "vectors"
    if not folder.is_dir():
        return Report(False, (f"{game}: no vectors in {folder}: run race-kernel vectors",))
    corrupted = corrupted_files(folder)
    if corrupted:  # before the (long) generation: a corrupted file is no finding
        return _corrupted_report(game, corrupted, writing=False)
    vs = generated if generated is not None else generate(game, spec_dir)
    out: list[str] = []
    ok = True
    recorded = _recorded_version(folder)
    changed, stale = _changed_files(folder, vs)
    if changed:
        ok = False
        shown = "; ".join(changed[:6]) + ("..." if len(changed) > 6 else "")
        if recorded is not None and recorded != vs.version:
            out.append(f"{game}: the kernel is at version {vs.version} but the vectors were "
                       f"recorded for version {recorded}: regenerate them (race-kernel vectors) "
                       f"and explain the change under '## Version {vs.version}' in "
                       f"spec/{game}/CHANGELOG.md. Changed: {shown}")
        else:
            out.append(f"{game}: the kernel's behaviour no longer matches the golden vectors "
                       f"of version {vs.version}: {shown}.")
            out.append(_behaviour_change_advice(game, vs.version))
    elif stale:
        ok = False
        out.append(f"{game}: the vectors match the kernel (version {vs.version}) but "
                   f"{COVERAGE_FILE} is out of date (the catalogue or the vector generator "
                   f"changed): regenerate it with race-kernel vectors")
    else:
        out.append(f"{game}: {len(vs.files)} vector files match the kernel (version "
                   f"{vs.version})")
    out += coverage_lines(vs)
    if vs.missing or vs.broken_transitions:
        ok = False
    problem = changelog_problem(spec_dir, game, vs.version)
    if problem:
        out.append(problem)
        ok = False
    return Report(ok, tuple(out))

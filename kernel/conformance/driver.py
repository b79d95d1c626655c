"""Differential testing: Hypothesis drives the kernel and an implementation.

Each example starts a game (a configuration Hypothesis chooses, or a fixed
one) and plays a Hypothesis-chosen number of actions, chosen by a generator
seeded by Hypothesis: mostly one of the kernel's legal actions (chance
outcomes drawn with their exact probabilities), now and then an illegal
action from the game's action universe or a junk input, to compare
rejections. After every action a :class:`Session` compares the two sides at
the levels the program provides (:mod:`kernel.conformance.levels`).

A divergence is grouped by its first rule ID. One that an expectations file
names (:mod:`kernel.conformance.expect`) is counted as expected and the run goes
on; so does every divergence with ``keep_going``. When the program offers
``load``, the driver puts the kernel's state into it after a divergence and
the example goes on (it resynchronises); otherwise that example ends. The
first witness of each group is shrunk (:mod:`kernel.conformance.shrink`) and
reported with the rule IDs involved, and can be saved as a replayable JSONL
trace.

A program that crashes, hangs or prints garbage is reported as such, with
the actions that led to it; that report is not shrunk (every attempt would
cost a restart or a timeout). With ``keep_going`` the program is restarted
and the run goes on.

Hypothesis's example database (failing examples replayed first on the next
run) is used only when ``DiffOptions.database`` names a folder
(``race-kernel diff`` defaults to :func:`default_database`); Hypothesis then
keeps its other files (a cache) in that folder's parent, or in
``DiffOptions.home``; ``race-kernel diff`` never writes into the working folder.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir
from hypothesis.database import DirectoryBasedExampleDatabase
from hypothesis.errors import Flaky

import kernel
from kernel.conformance.compare import Divergence, Session
from kernel.conformance.expect import Expectation, Expectations
from kernel.conformance.levels import Tally
from kernel.conformance.protocol import Peer, PeerFailure
from kernel.conformance.shrink import NotReproduced, Witness, key_of, shrink
from kernel.conformance.trace import Line, text_of
from kernel.core import Applied, PlainData, Rejected
from kernel.plugin import ConfigField
from kernel.registry import GameInfo

#: Junk that is no action of any game (KERNEL-INPUT, KERNEL-GAME).
JUNK: Final[tuple[PlainData, ...]] = ("fly:moon", "", 42, None, [], {"kind": "teleport"},
                                       {"game": "no-such-game", "kind": "x"})


def junk_inputs(info: GameInfo) -> tuple[PlainData, ...]:
    """Junk for ``info``: :data:`JUNK` and, from the game's vocabulary, a field of the
    wrong type, a value out of range, a missing field, an unknown field and another
    game's action (KERNEL-INPUT, KERNEL-GAME)."""
    out: list[PlainData] = list(JUNK)
    for kind in info.vocabulary.kinds.values():
        sample = next((a for a in info.all_actions if a.kind == kind.name), None)
        if sample is None:
            continue
        data = sample.to_data()
        if kind.fields:
            field = kind.fields[0]
            out.append({**data, field.name: "seven" if field.type is int else 7})
            out.append({**data, field.name: 999 if field.type is int else "no-such-value"})
            out.append({k: v for k, v in data.items() if k != field.name})
        else:
            out.append({**data, "extra": 1})
        out.append({**data, "game": "no-such-game"})
    return tuple(out)


def bad_configs(info: GameInfo) -> tuple[PlainData, ...]:
    """Configurations to send ``new`` that the game should refuse (KERNEL-CONFIG):
    none, too few or too many players, a player count as text, an unknown key, a
    value of the wrong type for each field of its ConfigSpec, not an object.
    The driver sends only those the kernel refuses."""
    spec = info.config
    key, low, high = spec.players_key, info.min_players, info.max_players
    out: list[PlainData] = [{}, {key: low - 1}, {key: high + 1}, {key: 99}, {key: str(low)},
                            {key: low, "no_such_key": 1}]
    wrong = {"int": "2", "int-list": 0, "str": 0, "bool": 1}
    for field in spec.fields:
        if field.name != key:
            out.append({key: low, field.name: wrong.get(field.type, None)})
            if field.type == "int-list":  # a list of the right length with a repeat
                out.append({key: low, field.name: [0] * low})
    out.append([low])
    return tuple(out)


#: A field left to its default when the configuration is drawn.
_DEFAULT: Final = object()


def _field_values(field: ConfigField, players: int) -> st.SearchStrategy[Any]:
    """The default or a value of the field's type (one of the game's choices, if it lists
    them). A list of integers is an order of the seats; the seats in order are the
    default."""
    if field.choices:
        values: st.SearchStrategy[Any] = st.sampled_from(field.choices)
    elif field.type == "int-list":
        seats = list(range(players))
        return st.permutations(seats).map(lambda order: _DEFAULT if order == seats else order)
    elif field.type == "int":
        values = st.integers(0, 2 * players + 10)
    elif field.type == "bool":
        values = st.booleans()
    else:
        values = st.text(max_size=8)
    return st.one_of(st.just(_DEFAULT), values)



#: Out of CHOICES, the last three choose a legal action naming its seat, an
#: illegal action and a junk input; the others a legal action.
CHOICES: Final = 20
#: How often progress is reported (seconds).
PROGRESS_EVERY: Final = 2.0


def default_database() -> Path:
    """Where ``race-kernel diff`` keeps Hypothesis's examples by default:
    ``$RACE_KERNEL_CACHE/hypothesis``, else ``$XDG_CACHE_HOME/race-kernel/hypothesis``,
    else ``~/.cache/race-kernel/hypothesis``."""
    own = os.environ.get("RACE_KERNEL_CACHE")
    if own:
        return Path(own) / "hypothesis"
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "race-kernel" / "hypothesis"


@attrs.frozen
class DiffOptions:
    game: str
    examples: int = 100
    seed: int = 0
    max_steps: int = 600
    config: Mapping[str, Any] | None = None
    observations: bool = True
    junk: bool = True
    #: Compare only these levels (None: every level the program provides).
    compare: tuple[str, ...] | None = None
    keep_going: bool = False
    expect: Expectations | None = None
    #: Generated games avoid actions whose events (or rejection) name these prefixes.
    exclude_rules: tuple[str, ...] = ()
    #: Stop generating after this many seconds (None: no limit).
    time_limit: float | None = None
    #: Called with a line of progress now and then (None: silent).
    progress: Callable[[str], None] | None = None
    #: Hypothesis's example database folder (None: none).
    database: str | None = None
    #: Where Hypothesis keeps its other files (a cache); None: Hypothesis's default
    #: (``.hypothesis`` in the working folder) unless ``database`` is given (its parent).
    home: str | None = None
    #: Steps the shrinker may replay per group.
    shrink_budget: int = 20000


@attrs.frozen
class Group:
    """The divergences of one first rule ID: how many, the shrunk witness of the first."""

    key: str
    count: int
    witness: Witness
    expected: Expectation | None = None
    shrunk: bool = False

    @property
    def divergence(self) -> Divergence:
        return self.witness.divergence

    def lines(self) -> list[Line]:
        return self.witness.session.mark(self.witness.divergence)

    def to_data(self) -> dict[str, Any]:
        w = self.witness
        return {"rule": self.key, "count": self.count,
                "expected": None if self.expected is None else self.expected.reason,
                "divergence": w.divergence.to_data(), "config": dict(w.config),
                "start": "load" if w.loaded else "new", "actions": list(w.actions),
                "length": len(w.actions), "shrunk": self.shrunk}


@attrs.frozen
class DiffResult:
    """What a differential run found."""

    examples: int
    divergence: Divergence | None
    config: Mapping[str, Any] | None = None
    actions: tuple[PlainData, ...] = ()
    lines: tuple[Line, ...] = ()
    shrunk: bool = False
    note: str = ""
    seconds: float = 0.0
    groups: tuple[Group, ...] = ()
    tally: Tally = attrs.field(factory=Tally)
    expect: Expectations | None = None
    stopped: str = ""  # "", "time limit", "interrupted"
    loaded: bool = False
    features: tuple[str, ...] = ()
    steps: int = 0

    @property
    def ok(self) -> bool:
        return self.divergence is None

    @property
    def unexpected(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.expected is None)

    def trace_text(self) -> str:
        return text_of(self.lines)

    def exit_code(self, *, allow_skips: bool = False) -> int:
        bad = (self.divergence is not None or self.stopped == "interrupted"
               or (self.tally.any_skipped and not allow_skips))
        return 1 if bad else 0

    def text(self) -> str:
        out: list[str] = []
        d = self.divergence
        if d is not None and not self.lines:  # before any game: a configuration, a start
            out += [x for x in (d.text(), self.note) if x]
        elif d is not None:
            what = ("minimal failing example" if self.shrunk else "failing example (not shrunk)")
            start = " from a loaded state" if self.loaded else ""
            out += [d.text(), f"{what}: config {_json(self.config)}{start}, "
                    f"{len(self.actions)} action(s):"]
            for i, a in enumerate(self.actions, start=1):
                line = self.lines[i] if i < len(self.lines) else {}
                result = (f"rejected {line['rejected']}" if "rejected" in line else
                          " ".join(f"{e['event']}" for e in _events(line)))
                out.append(f"  {i:3d}. {_json(a)}  ->  {result}")
            if d.what == "kernel-bug":
                out.append(f"  {len(self.actions) + 1:3d}. {_json(d.actual)}  ->  "
                           f"(the kernel fails)")
            if self.note:
                out.append(self.note)
        others = [g for g in self.groups if d is None or g.divergence is not d]
        if others:
            out.append("divergences by first rule ID:")
            for g in self.groups:
                tag = f"expected: {g.expected.reason}" if g.expected else "UNEXPECTED"
                out.append(f"  {g.key}: {g.count}x, shortest witness {len(g.witness.actions)} "
                           f"action(s){' from a loaded state' if g.witness.loaded else ''} "
                           f"({tag}): {g.divergence.what}: {_clip(g.divergence.message)}")
        if self.tally.compared or self.tally.skipped:
            out.append("compared:")
            out += self.tally.lines()
        if self.expect is not None:
            out += self.expect.lines()
        tail = f" ({self.stopped})" if self.stopped else ""
        expected = sum(g.count for g in self.groups if g.expected is not None)
        summary = (f"{self.examples} examples, {self.steps} steps, {self.seconds:.1f} s{tail}: "
                   f"{sum(g.count for g in self.unexpected)} unexpected divergence(s) in "
                   f"{len(self.unexpected)} group(s), {expected} expected")
        if d is not None and d.failure is not None:
            summary += f"; the program failed ({d.failure})"
        if d is None and not self.groups:
            summary = (f"no divergence in {self.examples} examples "
                       f"({self.seconds:.1f} s{', ' + self.stopped if self.stopped else ''})")
            if self.note:
                summary += ": " + self.note
        out.append(summary)
        return "\n".join(out)

    def summary(self, *, allow_skips: bool = False) -> dict[str, Any]:
        """Everything :meth:`text` says, as plain data (``--summary FILE.json``)."""
        return {
            "examples": self.examples, "steps": self.steps,
            "seconds": round(self.seconds, 3), "stopped": self.stopped or None,
            "features": list(self.features),
            "divergence": None if self.divergence is None else self.divergence.to_data(),
            "groups": [g.to_data() for g in self.groups],
            "compared": self.tally.to_data(),
            "expectations": None if self.expect is None else self.expect.to_data(),
            "note": self.note or None,
            "exit_code": self.exit_code(allow_skips=allow_skips),
        }


def _clip(text: str, limit: int = 200) -> str:
    line = " ".join(text.split())
    return line if len(line) <= limit else line[:limit] + "..."


def _events(line: Line) -> list[dict[str, Any]]:
    events = line.get("events")
    return [e for e in events if isinstance(e, dict)] if isinstance(events, list) else []


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True)


class _Failed(Exception):
    """Raised in an example to tell Hypothesis it failed (saved in its database)."""


class _Abort(BaseException):
    """Raised in an example to stop Hypothesis at once (it does not catch BaseException)."""


def _fail() -> None:
    # one raise site: Hypothesis sees every failure as the same bug
    raise _Failed()


def _excluded(rules: Sequence[str], prefixes: Sequence[str]) -> bool:
    return any(r.startswith(p) for r in rules for p in prefixes)


class Driver:
    """Hypothesis-driven lock-step play of the kernel and a :class:`Peer`."""

    def __init__(self, peer: Peer, options: DiffOptions) -> None:
        self.peer = peer
        self.options = options
        self.info = kernel.game_info(options.game)
        self.junk = junk_inputs(self.info)
        self.tally = Tally()
        self.first: list[tuple[str, Witness, Expectation | None]] = []  # by key, in order
        self.counts: dict[str, int] = {}
        self.failure: tuple[Divergence, Session] | None = None
        self.examples = 0
        self.steps = 0
        self.started = time.monotonic()
        self.last_progress = self.started
        self.stopped = ""
        self.stopping = False
        self.failed_once = False

    # -- one example ------------------------------------------------------------

    def _config(self, data: st.DataObject) -> dict[str, Any]:
        """A configuration the game accepts: a variant at a player count, and each other
        field of the game's ConfigSpec left to its default or drawn by its type."""
        if self.options.config is not None:
            return dict(self.options.config)
        spec = self.info.config
        players = data.draw(st.integers(self.info.min_players, self.info.max_players))
        variant = data.draw(st.sampled_from(sorted(spec.variants)))
        config: dict[str, Any] = {spec.players_key: players, **spec.variants[variant]}
        for field in spec.fields:
            if field.name in config:
                continue
            value = data.draw(_field_values(field, players))
            if value is _DEFAULT:
                continue
            candidate = {**config, field.name: value}
            if kernel.check_config(self.options.game, candidate) is None:
                config = candidate
        return config

    def session(self, config: Mapping[str, Any]) -> Session:
        return Session(self.peer, self.options.game, config,
                       observations=self.options.observations, compare=self.options.compare,
                       tally=self.tally, exclude=self.options.exclude_rules)

    def _choose(self, rng: random.Random, state: Any) -> PlainData | None:
        """The next action: mostly legal, now and then illegal or junk; None when the
        excluded rules leave nothing to play."""
        legal = kernel.legal_actions(state)
        actor = kernel.current_actor(state)
        exclude = self.options.exclude_rules
        if actor == kernel.CHANCE:
            outcomes = list(kernel.chance_outcomes(state))
            if exclude:
                outcomes = [(a, p) for a, p in outcomes if not self._fires(state, a)]
                if not outcomes:
                    return None
            legal = tuple(a for a, _ in outcomes)
        elif exclude:
            legal = tuple(a for a in legal if not self._fires(state, a))
            if not legal and actor != kernel.TERMINAL:
                return None
        choice = rng.randrange(CHOICES)
        if legal and choice < CHOICES - 2:
            if actor == kernel.CHANCE:
                total = sum(p for _, p in outcomes)
                picked = kernel.sample_chance([(a, p / total) for a, p in outcomes], rng)
                action: dict[str, PlainData] = picked.to_data()
            else:
                action = legal[rng.randrange(len(legal))].to_data()
            if choice == CHOICES - 3:  # who plays it, named (KERNEL-ACTOR)
                action["seat"] = "chance" if actor == kernel.CHANCE else actor
            return action
        universe = self.info.all_actions
        if choice == CHOICES - 1 and self.options.junk:
            pick = rng.randrange(len(self.junk) + 1)
            if pick < len(self.junk):
                return self.junk[pick]
            return {**(legal or universe)[0].to_data(),  # claimed by someone else
                    "seat": 0 if actor == kernel.CHANCE else "chance"}
        illegal = [a for a in universe if a not in legal]
        for _ in range(5):
            candidate = illegal[rng.randrange(len(illegal))]
            result = kernel.apply(state, candidate)
            if not (exclude and isinstance(result, Rejected)
                    and _excluded((result.rule,), exclude)):
                return candidate.to_data()
        return legal[0].to_data() if legal else None

    def _fires(self, state: Any, action: Any) -> bool:
        result = kernel.apply(state, action)
        return isinstance(result, Applied) and _excluded(
            [r for e in result.events for r in e.rules], self.options.exclude_rules)

    def _example(self, data: st.DataObject) -> None:
        if self.stopping:
            raise _Abort()
        config = self._config(data)
        rng = random.Random(data.draw(st.integers(0, 2 ** 32 - 1)))
        steps = data.draw(st.integers(0, self.options.max_steps))
        if self.failed_once:  # Hypothesis runs the failing example again to report it,
            _fail()  # with the same draws; it was recorded the first time
        if not self.peer.alive:
            try:
                self.peer.start()
            except PeerFailure as exc:
                self._program(Divergence(0, "program", exc.text(), failure=exc.kind),
                              self.session(config))
                return
        session = self.session(config)
        found = session.start()
        failed = False
        done = 0
        while True:
            if found is not None:
                if found.failure is not None:
                    self._program(found, session)
                    break
                failed = self._divergence(found, session) or failed
                if not (self.options.keep_going or self._expected(found)):
                    break  # the run stops (below)
                if session.steps == 0 or not session.resync():
                    break
            if done >= steps:
                break
            action = self._choose(rng, session.state)
            if action is None:
                break
            terminal = kernel.current_actor(session.state) == kernel.TERMINAL
            done += 1
            self.steps += 1
            found = session.step(action)
            if terminal and found is None:
                break  # one action tried at the terminal state
        self.examples += 1
        self._report()
        if self.options.time_limit is not None and (
                time.monotonic() - self.started > self.options.time_limit):
            self.stopped = "time limit"
            self.stopping = True
        if failed:
            self.failed_once = True
            _fail()

    def _expected(self, found: Divergence) -> Expectation | None:
        return None if self.options.expect is None else self.options.expect.match(found.rules)

    def _divergence(self, found: Divergence, session: Session) -> bool:
        """Record a divergence; True when it is unexpected and the run should stop."""
        key = key_of(found)
        expected = (None if self.options.expect is None
                    else self.options.expect.claim(found.rules))
        self.counts[key] = self.counts.get(key, 0) + 1
        if key not in {k for k, _, _ in self.first}:
            witness = Witness(session.config, tuple(session.actions[session.origin_at:]),
                              found, _frozen_copy(session), session.origin)
            self.first.append((key, witness, expected))
        return expected is None and not self.options.keep_going

    def _program(self, found: Divergence, session: Session) -> None:
        self.peer.close()
        if self.failure is None:
            self.failure = (found, session)
        if not self.options.keep_going:
            raise _Abort()

    def _report(self, force: bool = False) -> None:
        progress = self.options.progress
        now = time.monotonic()
        if progress is None or (not force and now - self.last_progress < PROGRESS_EVERY):
            return
        self.last_progress = now
        unexpected = sum(self.counts[k] for k, _, e in self.first if e is None)
        expected = sum(self.counts[k] for k, _, e in self.first if e is not None)
        progress(f"diff: {self.examples}/{self.options.examples} examples, {self.steps} steps, "
                 f"{unexpected} divergence(s), {expected} expected, {now - self.started:.0f} s")

    # -- the run ----------------------------------------------------------------

    def _configs(self) -> tuple[Divergence, PlainData] | None:
        """Compare the refusal of bad configurations (KERNEL-CONFIG), once."""
        try:
            if not self.peer.alive:
                self.peer.start()
            rules = "rejections" in self.peer.features and (
                self.options.compare is None or "rejections" in self.options.compare)
            for config in bad_configs(self.info):
                if kernel.check_config(self.options.game, config) is None:
                    continue  # accepted by this game: not a bad configuration here
                resp = self.peer.request("new", game=self.options.game, config=config)
                refused = not resp.get("ok") and "rejected" in resp
                if not refused or (rules and resp.get("rejected") != "KERNEL-CONFIG"):
                    got = "accepted" if resp.get("ok") else (
                        resp.get("rejected") or f"error: {resp.get('error')}")
                    return Divergence(0, "config", f"the configuration {_json(config)} is "
                                      f"rejected by KERNEL-CONFIG; the implementation: {got}",
                                      ("KERNEL-CONFIG",), "KERNEL-CONFIG", got), config
        except PeerFailure as exc:
            self.peer.close()
            return Divergence(0, "program", exc.text(), failure=exc.kind), None
        return None

    def _settings(self) -> settings:
        database = None
        home = self.options.home
        if self.options.database is not None:
            folder = Path(self.options.database)
            home = home or str(folder.parent)
            database = DirectoryBasedExampleDatabase(folder / self.options.game)
        if home is not None:
            set_hypothesis_home_dir(home)
        return settings(
            max_examples=self.options.examples,
            deadline=None,
            database=database,
            derandomize=False,
            verbosity=Verbosity.quiet,
            report_multiple_bugs=False,
            suppress_health_check=list(HealthCheck),
            phases=(Phase.explicit, Phase.reuse, Phase.generate),
        )

    def run(self) -> DiffResult:
        try:
            bad = self._configs()
        except KeyboardInterrupt:
            self.stopped = "interrupted"
            return self._result("")
        if bad is not None:
            return DiffResult(0, bad[0], config=None, note=(
                f"(found before any game: configuration {_json(bad[1])})"
                if bad[0].failure is None else ""),
                seconds=time.monotonic() - self.started, tally=self.tally,
                expect=self.options.expect, features=tuple(sorted(self.peer.features)))

        @self._settings()
        @hypothesis_seed(self.options.seed)
        @given(st.data())
        def prop(data: st.DataObject) -> None:
            self._example(data)

        note = ""
        try:
            prop()
        except (_Failed, _Abort):
            pass
        except KeyboardInterrupt:
            self.stopped = "interrupted"
        except Flaky as exc:
            note = (f"the implementation did not behave the same way twice on the same "
                    f"actions ({type(exc).__name__})")
        return self._result(note)

    def _result(self, note: str) -> DiffResult:
        groups: list[Group] = []
        for key, witness, expected in self.first:
            shrunk = False
            if expected is None and self.stopped != "interrupted":
                try:
                    witness = shrink(self.peer, self.session, witness,
                                     budget=self.options.shrink_budget,
                                     progress=self.options.progress)
                    shrunk = True
                except KeyboardInterrupt:
                    self.stopped = "interrupted"
                except NotReproduced:
                    note = (note + "\n" if note else "") + (
                        f"{key}: the divergence did not show again when its actions were "
                        f"replayed (the program does not behave the same way twice); the "
                        f"witness is not shrunk")
            groups.append(Group(key, self.counts[key], witness, expected, shrunk))
        seconds = time.monotonic() - self.started
        common: dict[str, Any] = {
            "groups": tuple(groups), "tally": self.tally, "expect": self.options.expect,
            "stopped": self.stopped, "features": tuple(sorted(self.peer.features)),
            "steps": self.steps, "seconds": seconds, "note": note}
        if self.failure is not None and not any(g.expected is None for g in groups):
            divergence, session = self.failure
            return DiffResult(self.examples, divergence, session.config,
                              tuple(session.actions), tuple(session.mark(divergence)),
                              shrunk=False, **common)
        if self.failure is not None:  # besides the divergences: say so
            common["note"] = (note + "\n" if note else "") + (
                f"the program also failed as a program: {self.failure[0].message}")
        first = next((g for g in groups if g.expected is None), None)
        if first is None:
            return DiffResult(self.examples, None, **common)
        w = first.witness
        return DiffResult(self.examples, w.divergence, w.config, w.actions,
                          tuple(first.lines()), shrunk=first.shrunk, loaded=w.loaded,
                          **common)


def _frozen_copy(session: Session) -> Session:
    """A copy of ``session``'s record (its lines and actions), for a witness."""
    copy = Session(session.peer, session.game, session.config, tally=Tally())
    copy.state = session.state
    copy.steps = session.steps
    copy.actions = list(session.actions)
    copy.lines = [dict(line) for line in session.lines]
    copy.loaded = session.loaded
    return copy


def diff(peer: Peer, options: DiffOptions) -> DiffResult:
    """Run the differential test of ``peer`` against the kernel."""
    try:
        return Driver(peer, options).run()
    finally:
        peer.close()


def write_result(path: str | Path, result: DiffResult) -> None:
    Path(path).write_text(result.trace_text(), encoding="utf-8")


def write_group(path: str | Path, group: Group) -> None:
    Path(path).write_text(text_of(group.lines()), encoding="utf-8")

"""Differential testing: Hypothesis drives the kernel and an implementation.

Each example starts a game (a configuration Hypothesis chooses, or a fixed
one) and plays a Hypothesis-chosen number of actions: mostly one of the
kernel's legal actions or chance outcomes (Hypothesis picks the index), now
and then an illegal action from the game's action universe or a junk input,
to compare rejections. After every action a :class:`Session` compares the
two sides. On a divergence Hypothesis shrinks the example: fewer actions,
lower indices (earlier legal actions), legal rather than illegal choices; the
minimal example is reported with the rule IDs involved and saved as a
replayable JSONL trace.

A program that crashes, hangs or prints garbage is reported as such, with
the actions that led to it; that report is not shrunk (every attempt would
cost a restart or a timeout), and once the first divergence has been found,
a shrinking candidate on which the program fails as a program is not taken
as a smaller divergence.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import attrs
from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.errors import Flaky

import kernel
from kernel.conformance.compare import Divergence, Session
from kernel.conformance.protocol import Peer, PeerFailure
from kernel.conformance.trace import Line, text_of
from kernel.core import PlainData
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


@attrs.frozen
class DiffOptions:
    game: str
    examples: int = 100
    seed: int = 0
    max_steps: int = 600
    config: Mapping[str, Any] | None = None
    observations: bool = True
    junk: bool = True


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

    @property
    def ok(self) -> bool:
        return self.divergence is None

    def trace_text(self) -> str:
        return text_of(self.lines)

    def text(self) -> str:
        if self.divergence is None:
            return (f"no divergence in {self.examples} examples "
                    f"({self.seconds:.1f} s){': ' + self.note if self.note else ''}")
        d = self.divergence
        if not self.lines:  # before any game: a configuration, or the program's start
            return "\n".join(x for x in (d.text(), self.note) if x)
        what = ("minimal failing example" if self.shrunk else "failing example (not shrunk)")
        out = [d.text(), f"{what}: config {_json(self.config)}, "
               f"{len(self.actions)} action(s):"]
        for i, a in enumerate(self.actions, start=1):
            line = self.lines[i] if i < len(self.lines) else {}
            result = (f"rejected {line['rejected']}" if "rejected" in line else
                      " ".join(f"{e['event']}" for e in _events(line)))
            out.append(f"  {i:3d}. {_json(a)}  ->  {result}")
        if d.what == "kernel-bug":
            out.append(f"  {len(self.actions) + 1:3d}. {_json(d.actual)}  ->  (the kernel fails)")
        if self.note:
            out.append(self.note)
        return "\n".join(out)


def _events(line: Line) -> list[dict[str, Any]]:
    events = line.get("events")
    return [e for e in events if isinstance(e, dict)] if isinstance(events, list) else []


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True)


class _Failed(Exception):
    """Raised in an example to tell Hypothesis it failed (and should shrink)."""


class _Abort(BaseException):
    """Raised in an example to stop Hypothesis at once (it does not catch BaseException)."""


def _fail() -> None:
    # one raise site: Hypothesis sees every failure as the same bug and shrinks it
    raise _Failed()


class Driver:
    """Hypothesis-driven lock-step play of the kernel and a :class:`Peer`."""

    def __init__(self, peer: Peer, options: DiffOptions) -> None:
        self.peer = peer
        self.options = options
        self.info = kernel.game_info(options.game)
        self.junk = junk_inputs(self.info)
        self.mode: str | None = None  # None, or "divergence" once one is found
        self.found: tuple[Divergence, Session] | None = None
        self.examples = 0
        self.ignored = 0

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

    def _example(self, data: st.DataObject) -> None:
        self.examples += 1
        config = self._config(data)
        if not self.peer.alive:
            try:
                self.peer.start()
            except PeerFailure as exc:
                self._found(Divergence(0, "program", exc.text(), failure=exc.kind),
                            Session(self.peer, self.options.game, config))
                return
        session = Session(self.peer, self.options.game, config,
                          observations=self.options.observations)
        found = session.start()
        if found is not None:
            self._found(found, session)
            return
        steps = data.draw(st.integers(0, self.options.max_steps))
        universe = self.info.all_actions
        for _ in range(steps):
            legal = kernel.legal_actions(session.state)
            choice = data.draw(st.integers(0, CHOICES - 1))
            actor = kernel.current_actor(session.state)
            action: PlainData
            if legal and choice < CHOICES - 2:
                action = legal[data.draw(st.integers(0, len(legal) - 1))].to_data()
                if choice == CHOICES - 3:  # who plays it, named (KERNEL-ACTOR)
                    action["seat"] = "chance" if actor == kernel.CHANCE else actor
            elif choice == CHOICES - 1 and self.options.junk:
                pick = data.draw(st.integers(0, len(self.junk)))
                if pick < len(self.junk):
                    action = self.junk[pick]
                else:  # an action claimed by someone else than the actor (KERNEL-ACTOR)
                    action = {**(legal or universe)[0].to_data(),
                              "seat": 0 if actor == kernel.CHANCE else "chance"}
            else:
                illegal = [a for a in universe if a not in legal]
                action = illegal[data.draw(st.integers(0, len(illegal) - 1))].to_data()
            found = session.step(action)
            if found is not None:
                self._found(found, session)
                return
            if not legal:
                return  # one action tried at the terminal state

    def _found(self, divergence: Divergence, session: Session) -> None:
        if divergence.failure is not None:  # the program crashed, hung or printed garbage
            self.peer.close()
            if self.mode == "divergence":
                self.ignored += 1  # a shrinking candidate: not a smaller divergence
                return
            self.found = (divergence, session)
            raise _Abort()  # stops Hypothesis at once: no shrinking
        self.mode = "divergence"
        self.found = (divergence, session)
        _fail()

    # -- the run ----------------------------------------------------------------

    def _configs(self) -> tuple[Divergence, PlainData] | None:
        """Compare the refusal of bad configurations (KERNEL-CONFIG), once."""
        try:
            if not self.peer.alive:
                self.peer.start()
            for config in bad_configs(self.info):
                if kernel.check_config(self.options.game, config) is None:
                    continue  # accepted by this game: not a bad configuration here
                resp = self.peer.request("new", game=self.options.game, config=config)
                if resp.get("ok") or resp.get("rejected") != "KERNEL-CONFIG":
                    got = "accepted" if resp.get("ok") else (
                        resp.get("rejected") or f"error: {resp.get('error')}")
                    return Divergence(0, "config", f"the configuration {_json(config)} is "
                                      f"rejected by KERNEL-CONFIG; the implementation: {got}",
                                      ("KERNEL-CONFIG",), "KERNEL-CONFIG", got), config
        except PeerFailure as exc:
            self.peer.close()
            return Divergence(0, "program", exc.text(), failure=exc.kind), None
        return None

    def run(self) -> DiffResult:
        started = time.monotonic()
        bad = self._configs()
        if bad is not None:
            return DiffResult(0, bad[0], config=None, note=(
                f"(found before any game: configuration {_json(bad[1])})"
                if bad[0].failure is None else ""),
                seconds=time.monotonic() - started)

        @settings(
            max_examples=self.options.examples,
            deadline=None,
            database=None,
            derandomize=False,
            verbosity=Verbosity.quiet,
            report_multiple_bugs=False,
            suppress_health_check=list(HealthCheck),
            phases=(Phase.explicit, Phase.generate, Phase.shrink),
        )
        @hypothesis_seed(self.options.seed)
        @given(st.data())
        def prop(data: st.DataObject) -> None:
            self._example(data)

        note = ""
        try:
            prop()
        except (_Failed, _Abort):
            pass
        except Flaky as exc:
            note = (f"the implementation did not behave the same way twice on the same "
                    f"actions ({type(exc).__name__}); the last failing example seen is shown")
        seconds = time.monotonic() - started
        if self.found is None:
            return DiffResult(self.examples, None, note=note, seconds=seconds)
        divergence, session = self.found
        if self.ignored:
            note = (note + "\n" if note else "") + (
                f"({self.ignored} shrinking candidate(s) made the program crash, hang or print "
                f"garbage; they were not taken as smaller divergences)")
        return DiffResult(
            self.examples, divergence, session.config, tuple(session.actions),
            tuple(session.mark(divergence)), shrunk=divergence.failure is None, note=note,
            seconds=seconds)


def diff(peer: Peer, options: DiffOptions) -> DiffResult:
    """Run the differential test of ``peer`` against the kernel."""
    try:
        return Driver(peer, options).run()
    finally:
        peer.close()


def write_result(path: str | Path, result: DiffResult) -> None:
    Path(path).write_text(result.trace_text(), encoding="utf-8")


"""``race-kernel spec check -- PROGRAM``: the spec's examples run against a program.

Every executable example (``spec/<game-id>/examples/*.json``) is run on a
program speaking the driver protocol (spec/PROTOCOL.md), and its expectations
are checked against what the program answers:

- the start: a program that offers ``load`` is sent the kernel's start state
  (built as ``race-kernel spec check`` builds it); one that does not is sent
  ``new`` and the start's actions, which works when the start is a setup and
  actions (no ``state``, no ``patch``); otherwise the example is skipped;
- the example's actions are sent with ``apply`` (texts as plain data);
- each expectation is checked at the level that tells it
  (:mod:`kernel.conformance.levels`): ``state`` by the program's state (or, with
  ``digest`` only, by the digest of the kernel's state after the same actions),
  ``events``/``events_absent`` by its events, ``rejected`` by acceptance and the
  rule (``rejections``), ``legal``/``chance``/``actor`` by ``legal``, ``outcome``,
  ``observation`` and ``status`` by those requests.

An expectation the program cannot be asked about is *skipped* with the reason,
never passed. An example is ``pass`` when every expectation was checked and
holds, ``partial`` when those checked hold and some were skipped, ``skip``
when none could be checked, ``fail`` otherwise; with an expectations file
(:mod:`kernel.conformance.expect`) a failure it names is ``xfail``. The report
is a table per rule, as text, JSON, JUnit XML or TAP.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final
from xml.sax.saxutils import quoteattr

import attrs

import kernel
from kernel.conformance.canonical import digest, state_to_data
from kernel.conformance.expect import Expectation, Expectations
from kernel.conformance.levels import Tally
from kernel.conformance.protocol import Peer, PeerFailure, Response
from kernel.core import Applied, PlainData, Rejected
from kernel.spec.examples import (
    CONFIG_RULE,
    Example,
    StartError,
    build_start,
    chance_problems,
    event_matches,
    events_problem,
    legal_problems,
    match,
)

#: The statuses of an example, in the order of the table's columns.
STATUSES: Final = ("pass", "partial", "fail", "xfail", "skip")


@attrs.frozen
class Checked:
    """One example run on a program."""

    example: Example
    status: str
    failures: tuple[str, ...] = ()
    skipped: tuple[str, ...] = ()  # what was not compared, and why
    expected: Expectation | None = None

    def to_data(self) -> dict[str, Any]:
        return {"id": self.example.id, "game": self.example.game, "area": self.example.area,
                "rules": list(self.example.rules), "status": self.status,
                "failures": list(self.failures), "skipped": list(self.skipped),
                "expected": None if self.expected is None else self.expected.reason}


def _flatten(start: Mapping[str, Any], fixtures: Mapping[str, Mapping[str, Any]],
             depth: int = 0) -> tuple[Any, list[Any]] | None:
    """(setup, actions) when ``start`` is a setup and actions only; None otherwise."""
    if depth > 20:
        return None
    if start.get("patch"):
        return None
    if "from" in start:
        fixture = fixtures.get(str(start["from"]))
        if fixture is None:
            return None
        base = _flatten(fixture, fixtures, depth + 1)
        if base is None:
            return None
        setup, actions = base
    elif "setup" in start:
        setup, actions = start["setup"], []
    else:
        return None
    more = start.get("actions", [])
    return (setup, [*actions, *more]) if isinstance(more, list) else None


def _plain(game: str, action: PlainData) -> PlainData:
    """An example's action as the protocol sends it: a text becomes its plain data."""
    if isinstance(action, str):
        parsed = kernel.game_info(game).vocabulary.parse(action)
        if not isinstance(parsed, Rejected):
            return parsed.to_data()
    return action


def _text(game: str, action: PlainData) -> str:
    """A program's action (plain data) as its text, for the example's comparison."""
    parsed = kernel.game_info(game).vocabulary.parse(action)
    return json.dumps(action, sort_keys=True) if isinstance(parsed, Rejected) else parsed.text


class _Run:
    """One example on the program: the requests, and what was skipped."""

    def __init__(self, peer: Peer, example: Example, tally: Tally) -> None:
        self.peer = peer
        self.example = example
        self.tally = tally
        self.skipped: list[str] = []
        self.checked = 0

    def has(self, level: str, what: str) -> bool:
        if level in self.peer.features:
            self.tally.count(level)
            self.checked += 1
            return True
        reason = f"{what}: the program does not provide {level}"
        self.tally.skip(level, f"the program does not provide {level}")
        self.skipped.append(reason)
        return False

    def ask(self, op: str, **fields: PlainData) -> Response:
        return self.peer.request(op, **fields)


def check_example(peer: Peer, example: Example, fixtures: Mapping[str, Mapping[str, Any]],
                  tally: Tally) -> Checked:
    """Run ``example`` on ``peer``; its result (the program restarted if it failed)."""
    run = _Run(peer, example, tally)
    try:
        if not peer.alive:
            peer.start()
        failures = _check(run, fixtures)
    except PeerFailure as exc:
        peer.close()
        failures = [exc.text()]
    if failures is None:
        return Checked(example, "skip", (), tuple(run.skipped))
    if failures:
        return Checked(example, "fail", tuple(failures), tuple(run.skipped))
    if run.skipped:
        return Checked(example, "partial" if run.checked else "skip", (), tuple(run.skipped))
    return Checked(example, "pass")


def _check(run: _Run, fixtures: Mapping[str, Mapping[str, Any]]) -> list[str] | None:
    """The failures of the example on the program; None when it cannot be run at all."""
    ex, peer = run.example, run.peer
    expect = ex.expect
    try:
        state = build_start(ex.game, ex.start, fixtures)
    except StartError as exc:
        return _broken(run, exc, fixtures)
    flat = _flatten(ex.start, fixtures)
    if "load" in peer.features:
        resp = run.ask("load", state=state_to_data(state))
        if not resp["ok"]:
            return [f"start: the program refused to load the start: "
                    f"{resp.get('rejected') or resp.get('error')}"]
    elif flat is not None:
        setup, actions = flat
        resp = run.ask("new", game=ex.game, config=setup)
        if not resp["ok"]:
            return [f"start: the program refused the configuration {json.dumps(setup)}: "
                    f"{resp.get('rejected') or resp.get('error')}"]
        for i, action in enumerate(actions):
            resp = run.ask("apply", action=_plain(ex.game, action))
            if not resp["ok"]:
                return [f"start: the program rejected start action {i + 1} "
                        f"{json.dumps(action)}: {resp.get('rejected') or resp.get('error')}"]
    else:
        run.skipped.append("the start is a given or patched position: the program does not "
                           "offer load")
        run.tally.skip("load", "the program does not offer load")
        return None
    failures: list[str] = []
    events: list[Mapping[str, Any]] = []
    rejection: str | None = None
    rejected_last = False
    for i, action in enumerate(ex.actions):
        result = kernel.apply(state, action)
        resp = run.ask("apply", action=_plain(ex.game, action))
        if not resp["ok"]:
            if i == len(ex.actions) - 1 and "rejected" in expect:
                rejection = str(resp.get("rejected", resp.get("error")))
                rejected_last = True
                break
            return [*failures, f"action {i + 1} {json.dumps(action)} rejected by the program: "
                               f"{resp.get('rejected') or resp.get('error')}"]
        got = resp.get("events")
        if isinstance(got, list):
            events.extend(e for e in got if isinstance(e, Mapping))
        if isinstance(result, Applied):
            state = result.state
    if "rejected" in expect:
        wanted = (expect["rejected"],) if isinstance(expect["rejected"], str) else tuple(
            expect["rejected"])
        run.tally.count("acceptance")
        run.checked += 1
        if not rejected_last:
            what = "no action" if not ex.actions else json.dumps(ex.actions[-1])
            failures.append(f"expected a rejection naming {' or '.join(wanted)}; {what} was "
                            f"accepted by the program")
        elif run.has("rejections", "rejected") and rejection not in wanted:
            failures.append(f"rejected naming {rejection}, expected {' or '.join(wanted)}")
    failures.extend(_expectations(run, expect, state, events))
    return failures


def _broken(run: _Run, exc: StartError, fixtures: Mapping[str, Mapping[str, Any]]
            ) -> list[str] | None:
    """An example whose start is a refused configuration or a broken state."""
    ex = run.example
    expect = ex.expect
    if exc.config_rejected:
        flat = _flatten(ex.start, fixtures)
        setup = flat[0] if flat is not None else ex.start.get("setup")
        resp = run.ask("new", game=ex.game, config=setup)
        run.tally.count("acceptance")
        run.checked += 1
        if resp["ok"]:
            return [f"the program accepted the configuration {json.dumps(setup)}, which "
                    f"{CONFIG_RULE} refuses"]
        if run.has("rejections", "rejected") and resp.get("rejected") != CONFIG_RULE:
            return [f"the program refused the configuration naming {resp.get('rejected')}, "
                    f"expected {CONFIG_RULE}"]
        return []
    if exc.data is not None and "status" in expect:
        if not run.has("status", "status"):
            return []
        resp = run.ask("status", candidate=dict(exc.data))
        if not resp["ok"]:
            return [f"status refused: {resp.get('error')}"]
        got = resp["status"]
        assert isinstance(got, list)
        if set(got) != set(expect["status"]) or len(set(got)) != len(got):
            return [f"status: expected {sorted(expect['status'])}, got {got}"]
        return []
    return [f"start failed on the kernel: {exc}"]


def _expectations(run: _Run, expect: Mapping[str, Any], state: Any,
                  events: Sequence[Mapping[str, Any]]) -> list[str]:
    failures: list[str] = []
    game = run.example.game
    if "state" in expect:
        if "state" in run.peer.features:
            run.has("state", "state")
            resp = run.ask("state")
            problem = match(expect["state"], resp.get("state")) if resp["ok"] else (
                f"refused: {resp.get('error')}")
            if problem:
                failures.append(f"state: {problem}")
        elif run.has("digest", "state (by the digest)"):
            resp = run.ask("digest")
            if resp.get("digest") != digest(state):
                failures.append("state: the program's digest is not the digest of the "
                                "example's state (the program offers no state to say more)")
    if "events" in expect and run.has("events", "events"):
        problem = events_problem(expect["events"], events)
        if problem:
            failures.append(f"events: {problem}")
    if expect.get("events_absent") and run.has("events", "events_absent"):
        for pattern in expect["events_absent"]:
            hits = [e for e in events if event_matches(pattern, e)]
            if hits:
                failures.append(f"events_absent: {json.dumps(pattern, sort_keys=True)} "
                                f"matched {json.dumps(hits[0], sort_keys=True)}")
    wants_legal = [k for k in ("legal", "chance", "actor") if k in expect]
    if wants_legal and run.has("legal", "/".join(wants_legal)):
        resp = run.ask("legal")
        if not resp["ok"]:
            failures.append(f"legal refused: {resp.get('error')}")
        else:
            actor, actions = resp["actor"], resp["actions"]
            assert isinstance(actions, list)
            texts = [_text(game, a) for a in actions]
            if "legal" in expect:
                failures.extend(legal_problems(expect["legal"], texts))
            if "chance" in expect:
                probs = resp.get("probabilities") if actor == -1 else []
                pairs = [(t, _fraction(p)) for t, p in zip(texts, probs or [], strict=False)]
                failures.extend(chance_problems(expect["chance"], pairs))
            if "actor" in expect:
                name = {-1: "chance", -2: "terminal"}.get(int(str(actor)), actor)
                if name != expect["actor"]:
                    failures.append(f"actor: expected {expect['actor']!r}, got {name!r}")
    if "outcome" in expect and run.has("outcome", "outcome"):
        resp = run.ask("outcome")
        got = resp.get("outcome")
        if expect["outcome"] is None:
            if got is not None:
                failures.append(f"outcome: expected none (game not over), got {got}")
        elif got is None:
            failures.append("outcome: expected a finished game, got none")
        else:
            problem = match(expect["outcome"], got)
            if problem:
                failures.append(f"outcome: {problem}")
    if expect.get("observation") and run.has("observation", "observation"):
        for obs in expect["observation"]:
            seat = int(obs["seat"])
            resp = run.ask("observation", seat=seat)
            data = resp.get("observation")
            if not isinstance(data, Mapping):
                failures.append(f"observation of seat {seat}: refused: {resp.get('error')}")
                continue
            problem = match(obs.get("match", {}), data)
            if problem:
                failures.append(f"observation of seat {seat}: {problem}")
            for key in obs.get("absent", ()):
                if key in data:
                    failures.append(f"observation of seat {seat}: key {key!r} must be absent")
    if "status" in expect and run.has("status", "status"):
        resp = run.ask("status", candidate=state_to_data(state))
        got = resp.get("status")
        if not isinstance(got, list) or set(got) != set(expect["status"]):
            failures.append(f"status: expected {sorted(expect['status'])}, got {got}")
    return failures


def _fraction(text: PlainData) -> Fraction:
    try:
        num, _, den = str(text).partition("/")
        return Fraction(int(num), int(den))
    except (ValueError, ZeroDivisionError):
        return Fraction(-1)


# --------------------------------------------------------------------------
# the run and its report


@attrs.frozen
class Report:
    results: tuple[Checked, ...]
    tally: Tally
    expect: Expectations | None
    program: str

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    def exit_code(self, *, allow_skips: bool = False) -> int:
        if self.count("fail") or (self.expect is not None and self.expect.unmet):
            return 1
        if (self.count("skip") or self.count("partial")) and not allow_skips:
            return 1
        return 0 if self.results else 1

    def per_rule(self) -> dict[str, dict[str, int]]:
        table: dict[str, dict[str, int]] = {}
        for r in self.results:
            for rule in r.example.rules:
                row = table.setdefault(rule, dict.fromkeys(STATUSES, 0))
                row[r.status] += 1
        return dict(sorted(table.items()))

    def totals(self) -> str:
        return (f"{len(self.results)} examples on {self.program}: "
                + ", ".join(f"{self.count(s)} {s}" for s in STATUSES))

    def skip_reasons(self) -> dict[str, int]:
        reasons: dict[str, int] = {}
        for r in self.results:
            if r.status in ("skip", "partial"):
                for why in r.skipped:
                    reasons[why] = reasons.get(why, 0) + 1
        return dict(sorted(reasons.items(), key=lambda kv: -kv[1]))

    def text(self, *, failures_only: bool = False) -> str:
        out: list[str] = []
        for r in self.results:
            if failures_only and r.status in ("pass", "partial", "skip", "xfail"):
                continue
            ex = r.example
            tag = {"pass": "PASS", "partial": "PASS (partly)", "fail": "FAIL",
                   "xfail": "XFAIL", "skip": "SKIP"}[r.status]
            out.append(f"{tag}  {ex.id}  [{' '.join(ex.rules)}]  ({ex.game}/{ex.area})")
            for f in r.failures:
                out.append(f"      - {f}")
            if r.expected is not None:
                out.append(f"      expected to fail: {r.expected.reason}")
            for why in r.skipped:
                out.append(f"      not compared: {why}")
        rows = self.per_rule()
        width = max([len(k) for k in rows] + [4])
        out.append("")
        out.append(f"{'rule':<{width}}  " + "  ".join(f"{s:>7}" for s in STATUSES))
        for rule, row in rows.items():
            out.append(f"{rule:<{width}}  " + "  ".join(f"{row[s]:>7}" for s in STATUSES))
        reasons = self.skip_reasons()
        if reasons:
            out.append("not compared (skipped), by reason:")
            out += [f"  {n:4d}  {why}" for why, n in reasons.items()]
        if self.tally.compared or self.tally.skipped:
            out.append("comparisons by level:")
            out += self.tally.lines()
        if self.expect is not None:
            out += self.expect.lines()
        out.append(self.totals())
        return "\n".join(out)

    def to_data(self, *, allow_skips: bool = False) -> dict[str, Any]:
        return {"program": self.program, "results": [r.to_data() for r in self.results],
                "rules": self.per_rule(),
                "totals": {s: self.count(s) for s in STATUSES},
                "skip_reasons": self.skip_reasons(), "compared": self.tally.to_data(),
                "expectations": None if self.expect is None else self.expect.to_data(),
                "exit_code": self.exit_code(allow_skips=allow_skips)}

    def junit(self) -> str:
        games: dict[str, list[Checked]] = {}
        for r in self.results:
            games.setdefault(r.example.game, []).append(r)
        out = ['<?xml version="1.0" encoding="UTF-8"?>',
               f'<testsuites name={quoteattr("race-kernel spec check")} '
               f'tests="{len(self.results)}" failures="{self.count("fail")}" '
               f'skipped="{self.count("skip")}">']
        for game, results in games.items():
            out.append(f'  <testsuite name={quoteattr(game)} tests="{len(results)}" '
                       f'failures="{sum(r.status == "fail" for r in results)}" '
                       f'skipped="{sum(r.status == "skip" for r in results)}">')
            for r in results:
                name = quoteattr(r.example.id)
                out.append(f'    <testcase classname={quoteattr(game + "." + r.example.area)} '
                           f'name={name}>')
                if r.status == "fail":
                    out.append(f'      <failure message={quoteattr(r.failures[0][:300])}>'
                               f'{_xml_text(chr(10).join(r.failures))}</failure>')
                elif r.status == "skip":
                    out.append(f'      <skipped message={quoteattr("; ".join(r.skipped)[:300])}'
                               f'/>')
                elif r.status == "xfail" and r.expected is not None:
                    out.append(f'      <skipped message={quoteattr("expected failure: " + r.expected.reason)}/>')  # noqa: E501
                props = [f"rules={' '.join(r.example.rules)}"]
                if r.skipped and r.status == "partial":
                    props.append("not compared: " + "; ".join(r.skipped))
                out.append(f"      <system-out>{_xml_text(chr(10).join(props))}</system-out>")
                out.append("    </testcase>")
            out.append("  </testsuite>")
        out.append("</testsuites>")
        return "\n".join(out) + "\n"

    def tap(self) -> str:
        out = ["TAP version 13", f"1..{len(self.results)}"]
        for i, r in enumerate(self.results, start=1):
            name = f"{r.example.id} [{' '.join(r.example.rules)}]"
            if r.status == "pass":
                out.append(f"ok {i} - {name}")
            elif r.status == "partial":
                out.append(f"ok {i} - {name} # partly: not compared: {'; '.join(r.skipped)}")
            elif r.status == "skip":
                out.append(f"ok {i} - {name} # SKIP {'; '.join(r.skipped)}")
            elif r.status == "xfail" and r.expected is not None:
                out.append(f"not ok {i} - {name} # TODO expected: {r.expected.reason}")
            else:
                out.append(f"not ok {i} - {name}")
                out += [f"  # {line}" for f in r.failures for line in f.splitlines()]
        return "\n".join(out) + "\n"


def _xml_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def run(peer: Peer, examples: Sequence[Example],
        fixtures: Callable[[str], Mapping[str, Mapping[str, Any]]],
        expect: Expectations | None = None, program: str = "the program",
        progress: Callable[[str], None] | None = None) -> Report:
    """Run ``examples`` on ``peer``: the report (the peer is closed at the end)."""
    tally = Tally()
    results: list[Checked] = []
    games: tuple[str, ...] | None = None
    try:
        for n, ex in enumerate(examples, start=1):
            if games is None:
                try:
                    peer.start()
                except PeerFailure as exc:
                    results.append(Checked(ex, "fail", (f"the program cannot start: "
                                                        f"{exc.text()}",)))
                    continue
                games = _games(peer)
            if games is not None and ex.game not in games:
                result = Checked(ex, "skip", (), (f"the program does not play {ex.game}",))
            else:
                result = check_example(peer, ex, fixtures(ex.game), tally)
            if result.status == "fail" and expect is not None:
                found = expect.claim(ex.rules, ex.id)
                if found is not None:
                    result = attrs.evolve(result, status="xfail", expected=found)
            results.append(result)
            if progress is not None and n % 50 == 0:
                progress(f"spec check: {n}/{len(examples)} examples")
    finally:
        peer.close()
    return Report(tuple(results), tally, expect, program)


def _games(peer: Peer) -> tuple[str, ...] | None:
    games = getattr(peer, "games", None)
    return tuple(games) if games else None

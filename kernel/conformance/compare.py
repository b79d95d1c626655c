"""Lock-step comparison of an implementation (a :class:`Peer`) with the kernel.

A :class:`Session` plays the same actions on the kernel and on the peer and
compares, after the new game and after every action: acceptance or the
rejecting rule ID, the events, the state (digest; the full state when the
peer offers it, to name the differing fields), the actor, the legal actions
(a set), the chance probabilities, an observation (when offered) and, at the
end, the outcome. The first difference is a :class:`Divergence`, which names
the rule IDs involved. The session also records the kernel's side as trace
lines, so a divergence is saved as a replayable trace.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

import kernel
from kernel.conformance.canonical import diff_paths, fraction_text, state_to_data
from kernel.conformance.canonical import digest as digest_of
from kernel.conformance.levels import LEVELS, Tally
from kernel.conformance.protocol import Peer, PeerFailure, Response
from kernel.conformance.trace import Line, header_line, step_line
from kernel.core import Applied, PlainData, Rejected
from kernel.decode import nesting, show

#: The longest divergence message kept (characters): a message quotes what the
#: implementation said, which may be megabytes long.
MESSAGE_LIMIT = 4000


def _bounded(message: str) -> str:
    if len(message) <= MESSAGE_LIMIT:
        return message
    return f"{message[:MESSAGE_LIMIT]}... ({len(message)} characters)"


_RULE_ID = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+")


def _bounded_rules(rules: Sequence[str]) -> tuple[str, ...]:
    """The rule IDs among ``rules`` (what an implementation names may be anything)."""
    return tuple(r for r in rules if len(r) <= 100 and _RULE_ID.fullmatch(r))[:50]


#: What a divergence note may quote of a document in a saved trace.
_QUOTE_DEPTH = 32
_QUOTE_SIZE = 1 << 20


def _quotable(value: PlainData) -> PlainData:
    """``value``, or a short description when it is too deep or too big for a trace line."""
    if nesting(json.dumps(value)) > _QUOTE_DEPTH or len(json.dumps(value)) > _QUOTE_SIZE:
        return f"(not quoted: {show(value)})"
    return value


@attrs.frozen
class Divergence:
    """The first difference between the kernel and an implementation.

    ``step`` is the number of actions applied before it was seen (0: right
    after the new game); ``what`` names the comparison that failed (or
    ``program`` when the implementation crashed, hung or printed garbage, with
    ``failure`` its kind). The message and the rule IDs are kept bounded.
    """

    step: int
    what: str
    message: str = attrs.field(converter=_bounded)
    rules: tuple[str, ...] = attrs.field(default=(), converter=_bounded_rules)
    expected: PlainData = None
    actual: PlainData = None
    failure: str | None = None

    def text(self) -> str:
        where = "after the new game" if self.step == 0 else f"at step {self.step}"
        rules = " ".join(self.rules) if self.rules else "(none named)"
        return f"divergence {where}: {self.what}: {self.message}\n  rules involved: {rules}"

    def to_data(self) -> dict[str, PlainData]:
        data: dict[str, PlainData] = {"step": self.step, "what": self.what,
                                      "message": self.message, "rules": list(self.rules)}
        if self.failure is not None:
            data["failure"] = self.failure
        else:
            data["expected"] = _quotable(self.expected)
            data["actual"] = _quotable(self.actual)
        return data


def dumps(value: PlainData) -> str:
    """A comparison key for plain data: sorted keys, exact types (true is not 1).

    Both sides are plain JSON data already (the peer's came through JSON, the
    kernel's from its plain-data forms), so no canonical validation is needed.
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _rules(events: object) -> list[str]:
    out: list[str] = []
    if isinstance(events, list):
        for e in events:
            if isinstance(e, Mapping):
                for r in e.get("rules", []) if isinstance(e.get("rules"), list) else []:
                    if isinstance(r, str) and r not in out:
                        out.append(r)
    return out


def _short(value: PlainData, limit: int = 300) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= limit else text[:limit] + "..."


class Session:
    """One game played in lock step on the kernel and on a peer.

    ``compare`` narrows the comparison levels (:mod:`kernel.conformance.levels`;
    None: every level); the session compares those the peer provides and counts
    the others it names as skipped in ``tally``. The requests of one step are sent
    at once (:meth:`Peer.batch`) and the responses compared in order: acceptance or
    the rejecting rule ID; the events; the digest (or the state); the actor, legal
    actions and probabilities; an observation; at the end the outcome.
    """

    def __init__(self, peer: Peer, game: str, config: Mapping[str, Any], *,
                 observations: bool = True, compare: Sequence[str] | None = None,
                 tally: Tally | None = None, exclude: Sequence[str] = ()) -> None:
        self.peer = peer
        self.game = game
        self.config = dict(config)
        self.wanted = frozenset(compare) if compare is not None else frozenset(LEVELS)
        if not observations:
            self.wanted -= {"observation"}
        self.named = frozenset(compare or ())  # levels asked for by name
        self.tally = tally if tally is not None else Tally()
        #: Rule-ID prefixes the program need not have: a legal action that fires one may be
        #: missing from its list (``--exclude-rules``).
        self.exclude = tuple(exclude)
        self.state: Any = None
        self.steps = 0
        self.actions: list[PlainData] = []
        self.lines: list[Line] = []
        self.loaded = False
        #: The state the program last loaded (None: it started with ``new``) and the
        #: number of actions played before it.
        self.origin: Any = None
        self.origin_at = 0

    @property
    def levels(self) -> frozenset[str]:
        """The levels compared: asked for and provided."""
        return self.wanted & self.peer.features

    def _use(self, level: str) -> bool:
        """Is ``level`` compared here? Counts the comparison, or the skip of a level
        named by ``compare`` that the peer does not provide."""
        if level in self.levels:
            self.tally.count(level)
            return True
        if level in self.named:
            self.tally.skip(level, f"the program does not provide {level}")
        return False

    # -- driving ------------------------------------------------------------

    def start(self) -> Divergence | None:
        """Start the game on both sides and compare the initial position."""
        self.state = kernel.new_game(self.game, self.config)
        info = kernel.game_info(self.game)
        self.lines = [header_line(self.game, info.version, self.config, self.state, kind="diff")]
        try:
            requests = [("new", {"game": self.game, "config": self.config}), *self._requests()]
            resp, *rest = self.peer.batch(requests)
            if not resp["ok"]:
                return Divergence(0, "config", "the implementation refused a valid configuration",
                                  tuple(str(x) for x in [resp.get("rejected")] if x),
                                  "accepted", resp.get("rejected") or resp.get("error"))
            return self._position((), rest)
        except PeerFailure as exc:
            return self._program(exc)

    def start_from(self, state: Any) -> Divergence | None:
        """Start both sides from the kernel state ``state`` (``load``; the peer must
        offer it) and compare the position."""
        self.state = state
        self.loaded = True
        self.origin, self.origin_at = state, 0
        info = kernel.game_info(self.game)
        header = header_line(self.game, info.version, self.config, state, kind="diff")
        header["start"] = "load"
        self.lines = [header]
        try:
            resp, *rest = self.peer.batch([("load", {"state": state_to_data(state)}),
                                           *self._requests()])
            if not resp["ok"]:
                return Divergence(0, "load", f"the implementation refused to load a valid "
                                  f"state: {resp.get('rejected') or resp.get('error')}", (),
                                  "loaded", resp.get("rejected") or resp.get("error"))
            return self._position((), rest)
        except PeerFailure as exc:
            return self._program(exc)

    def resync(self) -> bool:
        """After a divergence, put the kernel's state into the program (``load``) so the
        game can go on; False when the program does not offer ``load`` or refuses."""
        if "load" not in self.peer.features:
            return False
        try:
            resp = self.peer.request("load", state=state_to_data(self.state))
        except PeerFailure:
            return False
        if resp["ok"]:
            self.origin, self.origin_at = self.state, len(self.actions)
        return bool(resp["ok"])

    def step(self, action: PlainData) -> Divergence | None:
        """Apply one action (any JSON value) on both sides and compare."""
        before = self.state
        actor = kernel.current_actor(before)
        try:
            result = kernel.apply(before, action)
        except Exception as exc:  # the API never raises (KERNEL-INPUT): a kernel bug
            return Divergence(self.steps + 1, "kernel-bug",
                              f"the KERNEL broke its own API (report it to the kernel's "
                              f"maintainers): kernel.apply raised {type(exc).__name__}: {exc} "
                              f"on {_short(action, 100)} at step {self.steps + 1}",
                              ("KERNEL-INPUT", "KERNEL-LEGAL"), None, action)
        if isinstance(result, Applied) and not _listed(before, action):
            return Divergence(self.steps + 1, "kernel-bug",
                              f"the KERNEL broke its own API (report it to the kernel's "
                              f"maintainers): kernel.apply accepted {_short(action, 100)}, "
                              f"which is not among its legal actions, at step "
                              f"{self.steps + 1}",
                              ("KERNEL-LEGAL",), None, action)
        self.steps += 1
        self.actions.append(action)
        after = result.state if isinstance(result, Applied) else before
        self.state = after
        self.lines.append(step_line(self.steps, actor, action, result, after))
        try:
            resp, *rest = self.peer.batch([("apply", {"action": action}), *self._requests()])
            found = self._compare_result(result, resp)
            if found is not None:
                return found
            rules = tuple(_rules(self.lines[-1].get("events")))
            if isinstance(result, Rejected):
                rules = (result.rule,)
            return self._position(rules, rest)
        except PeerFailure as exc:
            return self._program(exc)

    def mark(self, divergence: Divergence) -> list[Line]:
        """The recorded lines, with the full state and the divergence on the last one."""
        if not self.lines:  # the implementation failed before the game started
            info = kernel.game_info(self.game)
            self.lines = [header_line(self.game, info.version, self.config,
                                      kernel.new_game(self.game, self.config), kind="diff")]
        lines = [dict(line) for line in self.lines]
        last = lines[-1]
        if last.get("type") == "step":
            last["state"] = state_to_data(self.state)
        last["divergence"] = divergence.to_data()
        return lines

    # -- comparisons --------------------------------------------------------

    def _requests(self) -> list[tuple[str, dict[str, PlainData]]]:
        """The requests that ask for the position after the next request (pipelined)."""
        levels = self.levels
        out: list[tuple[str, dict[str, PlainData]]] = []
        if "digest" in levels:
            out.append(("digest", {}))
        elif "state" in levels:
            out.append(("state", {}))
        if "legal" in levels:
            out.append(("legal", {}))
        actor = kernel.current_actor(self.state)
        if "observation" in levels:
            seat = actor if actor >= 0 else self.steps % kernel.game_info(self.game).seats(
                self.state)
            out.append(("observation", {"seat": seat}))
        if "outcome" in levels and actor == kernel.TERMINAL:
            out.append(("outcome", {}))
        return out

    def _program(self, exc: PeerFailure) -> Divergence:
        # the rules of what the kernel did with the request the program failed on
        last = self.lines[-1] if self.lines else {}
        rules = tuple(_rules(last.get("events"))) or (
            (str(last["rejected"]),) if "rejected" in last else ())
        return Divergence(self.steps, "program", exc.text(), rules, failure=exc.kind)

    def _compare_result(self, result: Applied | Rejected, resp: Response) -> Divergence | None:
        n = self.steps
        self._use("acceptance")
        if isinstance(result, Rejected):
            if resp["ok"]:
                return Divergence(n, "rejection",
                                  f"the kernel rejects the action ({result.rule}: "
                                  f"{result.reason}); the implementation applied it",
                                  (result.rule, *_rules(resp.get("events"))),
                                  {"rejected": result.rule}, resp.get("events"))
            if "rejected" not in resp:
                return Divergence(n, "rejection", f"the implementation answered an error "
                                  f"instead of a rejection: {resp.get('error')}",
                                  (result.rule,), {"rejected": result.rule}, resp.get("error"))
            if self._use("rejections") and resp["rejected"] != result.rule:
                return Divergence(n, "rejection",
                                  f"rejected by {resp['rejected']}, the kernel names "
                                  f"{result.rule} ({result.reason})",
                                  (result.rule, str(resp["rejected"])),
                                  result.rule, resp["rejected"])
            return None
        events = self.lines[-1]["events"]
        if not resp["ok"]:
            got = resp.get("rejected", resp.get("error"))
            return Divergence(n, "rejection", f"the implementation rejected a legal action "
                              f"({got}: {resp.get('reason', '')})",
                              (*_rules(events), *([got] if isinstance(got, str) and
                                                  got.startswith(rule_prefixes()) else [])),
                              events, {"rejected": got})
        if self._use("events") and dumps(events) != dumps(resp.get("events")):
            got_events = resp.get("events")
            if not isinstance(got_events, list):
                return Divergence(n, "events", "the implementation gave no events", tuple(
                    _rules(events)), events, None)
            rules = tuple(dict.fromkeys(_rules(events) + _rules(got_events)))
            where = _first_event_difference(events, got_events)
            return Divergence(n, "events", where, rules, events, got_events)
        return None

    def _position(self, rules: tuple[str, ...], responses: Sequence[Response]
                  ) -> Divergence | None:
        """Compare digest/state, actor, legal actions, observation and outcome; the digest
        (or state) and legal responses come pipelined in ``responses``."""
        n = self.steps
        s = self.state
        levels = self.levels
        pending = list(responses)
        recorded = self.lines[-1].get("digest")
        expected_digest = str(recorded)
        if "digest" in levels:
            self._use("digest")
            got = pending.pop(0)
            if not got["ok"]:
                return Divergence(n, "digest", f"digest refused: {got.get('error')}", rules)
            if got["digest"] != expected_digest:
                if "state" in levels:
                    self._use("state")
                    state = self.peer.request("state")
                    if state["ok"]:
                        expected = state_to_data(s)
                        paths = diff_paths(expected, state["state"])
                        if not paths:
                            return Divergence(n, "digest", "the states are equal but the "
                                              "digests differ: the canonical JSON or the "
                                              "SHA-256 is wrong (spec/PROTOCOL.md, Canonical "
                                              "JSON)", rules, expected_digest, got["digest"])
                        return Divergence(n, "state", "; ".join(paths), rules, expected,
                                          state["state"])
                return Divergence(n, "digest", "the state digests differ", rules,
                                  expected_digest, got["digest"])
        elif "state" in levels:
            self._use("state")
            state = pending.pop(0)
            if not state["ok"]:
                return Divergence(n, "state", f"state refused: {state.get('error')}", rules)
            if _digest_or_none(state["state"]) != expected_digest:
                expected = state_to_data(s)
                paths = diff_paths(expected, state["state"]) or ["the states differ"]
                return Divergence(n, "state", "; ".join(paths), rules, expected, state["state"])
        else:
            self._use("digest")
            self._use("state")
        if "legal" in levels:
            self._use("legal")
            found = self._legal(rules, pending.pop(0))
            if found is not None:
                return found
        else:
            self._use("legal")
        actor = kernel.current_actor(s)
        if self._use("observation"):
            seat = actor if actor >= 0 else n % kernel.game_info(self.game).seats(s)
            obs = pending.pop(0)
            expected_obs = kernel.observation(s, seat)
            if not obs["ok"] or dumps(obs["observation"]) != dumps(expected_obs):
                paths = diff_paths(expected_obs, obs.get("observation")) if obs["ok"] else [
                    f"refused: {obs.get('error')}"]
                return Divergence(n, "observation", f"seat {seat}: " + "; ".join(paths),
                                  (*rules, "KERNEL-OBSERVATION"), expected_obs,
                                  obs.get("observation"))
        if actor == kernel.TERMINAL and self._use("outcome"):
            end = kernel.outcome(s)
            assert end is not None
            expected_end = {**end.to_data(), "rules": list(end.rules)}
            out = pending.pop(0)
            if not out["ok"] or dumps(out.get("outcome")) != dumps(expected_end):
                return Divergence(n, "outcome", "the outcomes differ",
                                  tuple(dict.fromkeys([*rules, *end.rules])), expected_end,
                                  out.get("outcome"))
        return None

    def _excluded(self, action: PlainData) -> bool:
        """Does ``action`` fire a rule of an excluded prefix (``--exclude-rules``)?"""
        result = kernel.apply(self.state, action)
        names = ([r for e in result.events for r in e.rules] if isinstance(result, Applied)
                 else [result.rule])
        return any(r.startswith(p) for r in names for p in self.exclude)

    def _legal(self, rules: tuple[str, ...], resp: Response) -> Divergence | None:
        n = self.steps
        s = self.state
        actor = kernel.current_actor(s)
        if not resp["ok"]:
            return Divergence(n, "legal", f"legal refused: {resp.get('error')}", rules)
        if resp["actor"] != actor:
            return Divergence(n, "actor", f"the actor to move is {actor}, the implementation "
                              f"says {resp['actor']}", rules, actor, resp["actor"])
        if actor == kernel.CHANCE:
            outcomes = kernel.chance_outcomes(s)
            expected = {dumps(a.to_data()): fraction_text(p) for a, p in outcomes}
        else:
            expected = {dumps(a.to_data()): "" for a in kernel.legal_actions(s)}
        actions = resp["actions"]
        assert isinstance(actions, list)
        got_keys = [dumps(a) for a in actions]
        if self.exclude and actor != kernel.CHANCE:  # what the program need not have
            expected = {k: v for k, v in expected.items()
                        if k in got_keys or not self._excluded(json.loads(k))}
        if sorted(got_keys) != sorted(expected):
            extra = [k for k in dict.fromkeys(got_keys) if k not in expected]
            missing = [k for k in expected if k not in got_keys]
            involved = list(rules)
            for k in extra:
                r = kernel.apply(s, json.loads(k))
                if isinstance(r, Rejected) and r.rule not in involved:
                    involved.append(r.rule)
            for k in missing:
                r = kernel.apply(s, json.loads(k))
                if isinstance(r, Applied):
                    involved += [x for x in _rules([e.to_data() for e in r.events])
                                 if x not in involved]
            dup = len(got_keys) != len(set(got_keys))
            msg = (f"legal actions differ: missing {missing or 'none'}, "
                   f"not legal {extra or 'none'}" + ("; listed twice" if dup else ""))
            return Divergence(n, "legal", msg, tuple(involved), sorted(expected), got_keys)
        if actor == kernel.CHANCE:
            probs = resp.get("probabilities")
            assert isinstance(probs, list)
            got = dict(zip(got_keys, probs, strict=True))
            wrong = {k: (v, got[k]) for k, v in expected.items() if v != got[k]}
            if wrong:
                return Divergence(n, "probabilities", "chance probabilities differ: " + ", ".join(
                    f"{k} {v[0]} (got {v[1]})" for k, v in wrong.items()),
                    (*rules, "KERNEL-CHANCE"), expected, got)
        return None


def _digest_or_none(data: PlainData) -> str | None:
    """The digest of a program's state document; None when it has no canonical form."""
    try:
        return digest_of(data) if isinstance(data, Mapping) else None
    except (ValueError, TypeError, RecursionError):
        return None


def rule_prefixes() -> tuple[str, ...]:
    """Every registered game's rule-ID prefixes, and ``KERNEL-``."""
    return tuple(sorted({"KERNEL-", *(p for g in kernel.games()
                                      for p in kernel.game_info(g).rule_prefixes)}))


def _listed(state: Any, action: PlainData) -> bool:
    """Is ``action`` (plain data, with or without its seat, or text) legal in ``state``?"""
    if isinstance(action, dict):
        action = {k: v for k, v in action.items() if k != "seat"}
    return any(a.to_data() == action or a.text == action for a in kernel.legal_actions(state))


def _first_event_difference(expected: Sequence[Any], actual: Sequence[Any]) -> str:
    for i, (a, b) in enumerate(zip(expected, actual, strict=False)):
        if dumps(a) != dumps(b):
            paths = diff_paths(a, b, f"events[{i}]")
            return "; ".join(paths)
    if len(expected) != len(actual):
        return (f"{len(expected)} events expected, {len(actual)} reported "
                f"(first extra or missing: events[{min(len(expected), len(actual))}])")
    return "the events differ"


# --------------------------------------------------------------------------
# a peer as a replay runner


class PeerRunner:
    """A :class:`~kernel.conformance.trace.Runner` over the protocol, to replay a
    recorded trace on a foreign implementation."""

    def __init__(self, peer: Peer) -> None:
        self.peer = peer

    def new(self, game: str, config: Mapping[str, Any]) -> str | None:
        resp = self.peer.request("new", game=game, config=dict(config))
        return None if resp["ok"] else str(resp.get("rejected") or resp.get("error"))

    def actor(self) -> int:
        resp = self.peer.request("legal")
        actor = resp.get("actor")
        return actor if isinstance(actor, int) else -99

    def apply(self, action: PlainData) -> tuple[list[PlainData] | None, str | None]:
        resp = self.peer.request("apply", action=action)
        if resp["ok"]:
            events = resp.get("events", [])  # a program that does not provide events
            assert isinstance(events, list)
            return events, None
        return None, str(resp.get("rejected") or "error: " + str(resp.get("error")))

    def provides(self, level: str) -> bool:
        return level in self.peer.features

    def load(self, state: PlainData) -> str | None:
        if "load" not in self.peer.features:
            return "the program does not offer load"
        resp = self.peer.request("load", state=state)
        return None if resp["ok"] else str(resp.get("rejected") or resp.get("error"))

    def digest(self) -> str:
        if "digest" not in self.peer.features and "state" in self.peer.features:
            state = self.peer.request("state").get("state")
            return _digest_or_none(state) or "(no canonical form)"
        return str(self.peer.request("digest").get("digest"))

    def state(self) -> PlainData | None:
        if "state" not in self.peer.features:
            return None
        resp = self.peer.request("state")
        return resp.get("state") if resp["ok"] else None

    def outcome(self) -> PlainData | None:
        return self.peer.request("outcome").get("outcome")

    def status(self, candidate: PlainData) -> list[str] | None:
        resp = self.peer.request("status", candidate=candidate)
        status = resp.get("status")
        return [str(x) for x in status] if isinstance(status, list) else None

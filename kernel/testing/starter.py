"""A starter for Python implementations: an engine's few callbacks become a protocol program.

An engine supplies the callbacks of :class:`kernel.testing.adapter.Engine`
(``game``, ``new_game``, ``current_actor``, ``legal_actions``,
``chance_outcomes``, ``apply`` and ``to_data``) and any of the optional ones;
:class:`EngineServer` speaks the driver protocol (spec/PROTOCOL.md) for it:

- actions arrive as plain data and reach ``apply`` as canonical texts (the
  game's vocabulary writes them); chance outcomes are forced the same way: the
  driver sends the outcome, ``apply`` gets its text (``kind:v1:v2``);
- ``legal`` is answered from ``current_actor``, ``legal_actions`` and, at a
  chance node, ``chance_outcomes`` (exact fractions as ``"n/d"``);
- ``state`` from ``to_data``, and ``digest`` from it (the canonical JSON's SHA-256);
- the features say what the engine provides: ``acceptance``, ``state``,
  ``digest``, ``legal``, and ``load`` with ``from_data``, ``events`` when
  ``checks_events`` is true (``apply`` returns the kernel's events),
  ``rejections`` when ``names_rejections`` is true (``Rejected`` names the
  rule), ``outcome`` with ``outcome(state)``, ``observation`` with
  ``observation(state, seat)``, ``status`` with ``status(data)``.

Run it with :func:`main` (stdin/stdout), or compare it in process with
:func:`kernel.conformance.inprocess.compare`. ``examples/python/`` has a whole
engine of a small part of a game wrapped this way.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

import kernel
from kernel.conformance import PROTOCOL_VERSION
from kernel.conformance.canonical import digest, event_to_data, fraction_text
from kernel.conformance.server import serve
from kernel.core import Applied, ConfigError, PlainData, Rejected
from kernel.decode import show
from kernel.testing.adapter import Engine

Response = dict[str, PlainData]


def features(engine: Engine) -> list[str]:
    """What ``engine`` provides, from the callbacks and flags it has."""
    out = ["acceptance", "state", "digest", "legal"]
    optional = {"load": "from_data", "outcome": "outcome", "observation": "observation",
                "status": "status"}
    out += [name for name, method in optional.items() if callable(getattr(engine, method, None))]
    if getattr(engine, "checks_events", False):
        out.append("events")
    if getattr(engine, "names_rejections", False):
        out.append("rejections")
    return out


class EngineServer:
    """The driver protocol over an engine's callbacks (a protocol ``Handler``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine: Any = engine  # optional callbacks are looked up by name
        self.info = kernel.game_info(engine.game)
        self.provides = features(engine)
        self.state: Any = None

    def handle(self, request: Mapping[str, Any]) -> Response:
        rid = request.get("id")
        op = request.get("op")
        try:
            body = self._answer(str(op), request)
        except _Refused as exc:
            body = {"ok": False, "error": str(exc)}
        return {"id": rid if isinstance(rid, int) and not isinstance(rid, bool) else None,
                **body}

    def _answer(self, op: str, request: Mapping[str, Any]) -> Response:
        engine = self.engine
        if op == "hello":
            return {"ok": True, "protocol": PROTOCOL_VERSION, "games": [engine.game],
                    "features": self.provides}
        if op == "quit":
            return {"ok": True}
        if op == "new":
            if request.get("game") != engine.game:
                return {"ok": False, "rejected": "KERNEL-CONFIG", "reason": "another game"}
            config = request.get("config")
            if not isinstance(config, Mapping):
                return {"ok": False, "rejected": "KERNEL-CONFIG",
                        "reason": f"a configuration is an object, not {show(config)}"}
            try:
                self.state = engine.new_game(config)
            except (ConfigError, ValueError, TypeError, KeyError) as exc:
                return {"ok": False, "rejected": "KERNEL-CONFIG", "reason": str(exc)[:300]}
            return {"ok": True}
        if op == "load" and "load" in self.provides:
            try:
                self.state = engine.from_data(request.get("state"))
            except (ValueError, TypeError, KeyError) as exc:
                raise _Refused(f"not a state: {str(exc)[:300]}") from None
            return {"ok": True}
        if op not in ("apply", "digest", "state", "legal", "outcome", "observation", "status"):
            raise _Refused(f"not provided: {show(op)}")
        if self.state is None:
            raise _Refused("no game: send new first")
        state = self.state
        if op == "apply":
            return self._apply(request.get("action"))
        if op == "state":
            return {"ok": True, "state": dict(engine.to_data(state))}
        if op == "digest":
            return {"ok": True, "digest": digest(dict(engine.to_data(state)))}
        if op == "legal":
            actor = engine.current_actor(state)
            if actor == kernel.CHANCE:
                pairs = engine.chance_outcomes(state)
                return {"ok": True, "actor": actor,
                        "actions": [self._data(text) for text, _ in pairs],
                        "probabilities": [fraction_text(p) for _, p in pairs]}
            return {"ok": True, "actor": actor,
                    "actions": [self._data(text) for text in engine.legal_actions(state)]}
        if op == "outcome" and "outcome" in self.provides:
            return {"ok": True, "outcome": engine.outcome(state)}
        if op == "observation" and "observation" in self.provides:
            return {"ok": True,
                    "observation": engine.observation(state, request.get("seat"))}
        if op == "status" and "status" in self.provides:
            return {"ok": True, "status": list(engine.status(request.get("candidate")))}
        raise _Refused(f"not provided: {op}")

    def _data(self, text: str) -> PlainData:
        parsed = self.info.vocabulary.parse(text)
        return text if isinstance(parsed, Rejected) else parsed.to_data()

    def _apply(self, action: object) -> Response:
        if isinstance(action, Mapping) and "seat" in action:  # who claims to play it
            claimed = action["seat"]
            actor = self.engine.current_actor(self.state)
            me: object = "chance" if actor == kernel.CHANCE else actor
            action = {k: v for k, v in action.items() if k != "seat"}
            if type(claimed) is not type(me) or claimed != me:
                parsed_claim = self.info.vocabulary.parse(action)
                if not isinstance(parsed_claim, Rejected):
                    return {"ok": False, "rejected": "KERNEL-ACTOR",
                            "reason": f"it is {me}'s move, not {show(claimed)}'s"}
        parsed = self.info.vocabulary.parse(action)
        if isinstance(parsed, Rejected):  # malformed: the engine never sees it
            return {"ok": False, "rejected": parsed.rule, "reason": parsed.reason}
        result = self.engine.apply(self.state, parsed.text)
        if isinstance(result, Rejected):
            return {"ok": False, "rejected": result.rule, "reason": result.reason}
        assert isinstance(result, Applied)
        self.state = result.state
        if "events" in self.provides:
            return {"ok": True, "events": [event_to_data(e) for e in result.events]}
        return {"ok": True}


class _Refused(Exception):
    """A request the engine cannot serve (answered with an ``error``)."""


def main(engine: Engine) -> int:
    """Serve ``engine`` on stdin/stdout until ``quit``: ``race-kernel diff -- python3 FILE``."""
    return serve(sys.stdin, sys.stdout, EngineServer(engine))

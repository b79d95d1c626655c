"""In-process comparison of Python implementations with the kernel.

A Python implementation is an object with ``handle(request) -> response``
speaking the driver protocol; here, the reference server and variants of it
with one behaviour changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

import kernel
from kernel.conformance.inprocess import assert_conforms, compare, explore
from kernel.conformance.server import KernelServer

GAME = "camel-up-cards-2016"


class WrongRejection(KernelServer):
    """Names KERNEL-INPUT for every refused action."""

    def op_apply(self, request: Mapping[str, Any]) -> dict[str, Any]:
        response = super().op_apply(request)
        if not response["ok"]:
            response["rejected"] = "KERNEL-INPUT"
        return response


class StartingMoney(KernelServer):
    """Reports 4 Pounds for seat 0 in its states and digests (CUC-SETUP-MONEY)."""

    def op_digest(self, request: Mapping[str, Any]) -> dict[str, Any]:
        from kernel.conformance.canonical import digest

        return {"ok": True, "digest": digest(self.op_state(request)["state"])}

    def op_state(self, request: Mapping[str, Any]) -> dict[str, Any]:
        response = super().op_state(request)
        response["state"]["money"][0] = 4
        return response


class NoTerminalOutcome(KernelServer):
    """Never reports an outcome (CUC-WINNER)."""

    def op_outcome(self, request: Mapping[str, Any]) -> dict[str, Any]:
        return {"ok": True, "outcome": None}


class LaxConfig(KernelServer):
    """Accepts any player count (KERNEL-CONFIG broken)."""

    def op_new(self, request: Mapping[str, Any]) -> dict[str, Any]:
        config = request.get("config")
        if isinstance(config, dict) and config.get("players") == 99:
            return {"ok": True}
        return super().op_new(request)


class Raising(KernelServer):
    def op_legal(self, request: Mapping[str, Any]) -> dict[str, Any]:
        raise RuntimeError("boom")


def _game(players: int, seed: int) -> list[Any]:
    return [step.action.to_data() for step in kernel.play(GAME, {"players": players}, seed).steps]


def test_the_reference_server_conforms() -> None:
    # KERNEL-INPUT, KERNEL-ACTOR, KERNEL-TERMINAL: legal, illegal and junk actions agree.
    actions = _game(3, 4)
    mixed = ["fly:moon", {"kind": "end"}, *actions[:40], {"kind": "leg", "camel": "blue"},
             *actions[40:], {"kind": "end"}, None]
    assert compare(KernelServer(), GAME, {"players": 3}, mixed) is None
    assert_conforms(KernelServer(), GAME, {"players": 3}, mixed)


def test_a_wrong_rejection_rule_is_a_divergence() -> None:
    # KERNEL-ACTOR: the rule ID of a rejection is compared, not just the refusal.
    found = compare(WrongRejection(), GAME, {"players": 2},
                    [{"kind": "draw", "card": "blue+1"}, {"kind": "end"}])
    assert found is not None
    assert found.step == 2 and found.what == "rejection"
    assert set(found.rules) == {"KERNEL-ACTOR", "KERNEL-INPUT"}
    with pytest.raises(AssertionError, match="rejection"):
        assert_conforms(WrongRejection(), GAME, {"players": 2}, [{"kind": "end"}])


def test_a_wrong_state_is_named_field_by_field() -> None:
    # CUC-SETUP-MONEY: the state differs from the start, in money[0].
    found = compare(StartingMoney(), GAME, {"players": 2}, [])
    assert found is not None and found.step == 0 and found.what == "state"
    assert found.message.startswith("money[0]: expected 3, got 4")


def test_a_missing_outcome_is_a_divergence() -> None:
    # CUC-WINNER: the outcome is compared once the game is over.
    actions = _game(2, 8)
    assert compare(NoTerminalOutcome(), GAME, {"players": 2}, actions[:-1]) is None
    found = compare(NoTerminalOutcome(), GAME, {"players": 2}, actions)
    assert found is not None and found.what == "outcome" and found.step == len(actions)
    assert "CUC-WINNER" in found.rules


def test_an_implementation_that_raises_is_reported() -> None:
    # KERNEL-INPUT: an exception in handle() is a program failure, not a traceback.
    found = compare(Raising(), GAME, {"players": 2}, [])
    assert found is not None and found.failure == "crash" and "boom" in found.message


def test_a_bad_configuration_accepted_is_a_divergence() -> None:
    # KERNEL-CONFIG: the driver first checks that bad configurations are refused.
    result = explore(LaxConfig(), GAME, examples=3)
    d = result.divergence
    assert d is not None and d.what == "config" and d.rules == ("KERNEL-CONFIG",)
    assert '{"players": 99}' in d.message and result.lines == ()
    assert "configuration" in result.text()


def test_explore_finds_a_divergence_in_process() -> None:
    # KERNEL-ACTOR: Hypothesis finds and shrinks the wrong rejection rule.
    result = explore(WrongRejection(), GAME, examples=20, seed=2, max_steps=30)
    assert result.divergence is not None and result.divergence.what == "rejection"
    assert len(result.actions) == 1  # one illegal action at the start is enough
    assert explore(KernelServer(), GAME, examples=5, seed=2, max_steps=40).ok

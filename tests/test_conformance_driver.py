"""The differential driver against small implementations run as subprocesses.

The fixture ``tests/fixtures/mutant_server.py`` is the kernel's reference
server with one thing changed inside its own process (a rule, or a crash, a
hang, garbage). The driver must catch and shrink the rule change, pass the
unchanged server, and report the broken programs clearly and quickly.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import kernel
from kernel.conformance import cli
from kernel.conformance.compare import PeerRunner
from kernel.conformance.driver import DiffOptions, DiffResult, diff
from kernel.conformance.protocol import SubprocessPeer
from kernel.conformance.trace import replay, write_trace

ROOT = Path(__file__).resolve().parents[1]
MUTANT = str(ROOT / "tests" / "fixtures" / "mutant_server.py")
GAME = "camel-up-cards-2016"


def _run(mode: str, *, examples: int = 20, timeout: float = 5.0, max_steps: int = 600,
         seed: int = 1) -> DiffResult:
    peer = SubprocessPeer([sys.executable, MUTANT, mode], timeout=timeout)
    return diff(peer, DiffOptions(GAME, examples=examples, seed=seed, max_steps=max_steps))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_stacking_mutant_is_caught_and_shrunk(seed: int, tmp_path: Path) -> None:
    # CUC-MOVE-STACK: the mutant puts a camel under the stack it lands on. The
    # driver finds it and, as the mutant offers load, shrinks it to one draw onto a
    # camel from the kernel's state before it (the prefix cut).
    result = _run("stack-under", seed=seed)
    d = result.divergence
    assert d is not None and d.failure is None and result.shrunk
    assert d.what == "state" and "stacks[" in d.message
    assert "CUC-MOVE-STACK" in d.rules
    assert len(result.actions) == 1 and result.loaded  # the least that can show it
    assert result.lines[0]["start"] == "load"
    cards = [a["card"] for a in result.actions if isinstance(a, dict)]
    assert len(cards) == 1
    # the saved trace replays exactly on the kernel and shows the divergence on the mutant
    path = tmp_path / "min.jsonl"
    path.write_text(result.trace_text(), encoding="utf-8")
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 1 + len(result.actions) and "divergence" in lines[-1]
    assert replay(path).failures == 0
    assert cli.main(["replay", str(path), "--", sys.executable, MUTANT, "stack-under"]) == 1
    assert cli.main(["replay", str(path), "--", sys.executable, MUTANT, "none"]) == 0


def test_the_unchanged_server_passes() -> None:
    # KERNEL-LEGAL, KERNEL-INPUT, KERNEL-CHANCE, KERNEL-OBSERVATION: the reference
    # server agrees with the kernel on legal, illegal and junk actions alike.
    result = _run("none", examples=8, max_steps=150)
    assert result.divergence is None, result.text()
    assert result.examples >= 8
    assert result.ok and "no divergence" in result.text()


def test_a_crashing_program_is_reported() -> None:
    # KERNEL-INPUT: a program that dies is a program failure, reported with its stderr.
    result = _run("crash")
    d = result.divergence
    assert d is not None and d.failure == "crash" and d.what == "program"
    assert "crashed" in d.message and "deliberate crash" in d.message
    assert not result.shrunk and result.actions
    last = result.actions[-1]
    assert isinstance(last, dict) and last["kind"] == "draw" and last["card"].endswith("+2")
    assert "not shrunk" in result.text()


def test_a_hanging_program_is_reported_not_waited_for() -> None:
    # KERNEL-INPUT: a program that stops answering is killed after the timeout.
    result = _run("hang", timeout=0.5)
    d = result.divergence
    assert d is not None and d.failure == "hang"
    assert "hung" in d.message and "0.5 s" in d.message
    assert result.actions and result.actions[-1]["card"].endswith("+2")


def test_replay_on_a_crashing_program_reports_the_line(tmp_path: Path) -> None:
    # KERNEL-INPUT: replaying a trace on a program that dies names the line, no traceback.
    played = kernel.play(GAME, {"players": 2}, 4)
    path = tmp_path / "game.jsonl"
    write_trace(path, played)
    first = next(i for i, s in enumerate(played.steps, start=2) if str(s.action.arg).endswith("+2"))
    peer = SubprocessPeer([sys.executable, MUTANT, "crash"])
    try:
        peer.start()
        report = replay(path, PeerRunner(peer))
    finally:
        peer.close()
    assert report.failures == 1
    assert report.mismatches[0].field == "program" and report.mismatches[0].line == first
    assert "deliberate crash" in str(report.mismatches[0].actual)


def test_a_program_printing_garbage_is_reported() -> None:
    # KERNEL-INPUT: a response that is not JSON is reported with what was printed.
    result = _run("garbage")
    d = result.divergence
    assert d is not None and d.failure == "garbage"
    assert "this is not JSON" in d.message and "'legal'" in d.message


def test_a_program_that_cannot_start_is_reported() -> None:
    # KERNEL-INPUT: a missing program is a clear report, not a traceback.
    peer = SubprocessPeer([str(ROOT / "no-such-program")], timeout=1.0)
    result = diff(peer, DiffOptions(GAME, examples=3))
    assert result.divergence is not None and result.divergence.failure == "crash"
    assert "cannot start" in result.divergence.message


def test_diff_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # CUC-MOVE-STACK: the command prints the minimal trace and saves it.
    out = tmp_path / "trace.jsonl"
    code = cli.main(["diff", "--game", GAME, "--examples", "20", "--seed", "3",
                     "--trace-out", str(out), "--", sys.executable, MUTANT, "stack-under"])
    printed = capsys.readouterr().out
    assert code == 1
    assert "minimal failing example" in printed and "CUC-MOVE-STACK" in printed
    assert out.is_file() and replay(out).failures == 0
    assert cli.main(["diff", "--game", GAME]) == 2  # no program given
    assert cli.main(["diff", "--players", "9", "--", "true"]) == 2  # KERNEL-CONFIG

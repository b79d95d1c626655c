"""Comparison levels a program declares, expectations, keep-going, the run's feedback.

The acceptance program of issue 24: a Camel Up 2018 program built on the Python
starter that provides only ``state`` and ``legal`` (no events, no rejection
rules) and deviates on purpose (a racing die's 3 moves 2 spaces, CU2-DIE-RACING).
The driver must name the rule without any event code in the program, and an
expectations file naming the rule must make the run pass, reporting it as met.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from kernel.conformance import cli
from kernel.conformance.driver import DiffOptions, diff
from kernel.conformance.expect import ExpectationsError, parse
from kernel.conformance.levels import parse_levels, provided
from kernel.conformance.protocol import InProcessPeer
from kernel.conformance.server import KernelServer
from kernel.conformance.trace import replay

ROOT = Path(__file__).resolve().parents[1]
GAME = "camel-up-2018"

#: The harness of the acceptance program: the starter's callbacks over an engine
#: (here the kernel's own, so that the deviation below is the only difference).
PROGRAM = '''\
from kernel.testing.adapter import kernel_adapter
from kernel.testing.starter import main

engine = kernel_adapter("camel-up-2018")


class Deviant:
    game = "camel-up-2018"
    new_game, current_actor = engine.new_game, engine.current_actor
    legal_actions, chance_outcomes = engine.legal_actions, engine.chance_outcomes

    def to_data(self, state):
        return engine.to_data(state)

    def apply(self, state, action):
        kind, *values = action.split(":")
        if (kind == "die" and values[1] == "3" and values[0] not in ("white", "black")
                and engine.to_data(state)["phase"] == "reveal"):
            action = f"die:{values[0]}:2"  # the deviation (CU2-DIE-RACING)
        return engine.apply(state, action)


main(Deviant())
'''


@pytest.fixture
def program(tmp_path: Path) -> list[str]:
    path = tmp_path / "deviant.py"
    path.write_text(PROGRAM, encoding="utf-8")
    return [sys.executable, str(path)]


def _diff(tmp_path: Path, program: list[str], *options: str,
          examples: int = 30) -> tuple[int, dict[str, Any]]:
    summary = tmp_path / "summary.json"
    code = cli.main(["diff", "--game", GAME, "--examples", str(examples), "--seed", "1",
                     "--max-steps", "200", "--database", str(tmp_path / "db"),
                     "--summary", str(summary), "--trace-out", str(tmp_path / "t.jsonl"),
                     *options, "--", *program])
    return code, json.loads(summary.read_text(encoding="utf-8"))


def test_a_state_and_legal_program_is_diffed_to_the_rule(
        tmp_path: Path, program: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    # CU2-DIE-RACING: no event code in the program; the state comparison names the rule.
    lines = [x for x in PROGRAM.splitlines() if x.strip()]
    print(f"harness of the acceptance program: {len(lines)} lines")
    code, summary = _diff(tmp_path, program)
    out = capsys.readouterr()
    assert code == 1, out.out
    assert summary["features"] == ["acceptance", "digest", "legal", "state"]
    assert "events" not in summary["compared"] and "observation" not in summary["compared"]
    d = summary["divergence"]
    assert d["what"] == "state" and "CU2-DIE-RACING" in d["rules"], d
    assert "revealed[0]" in d["message"] and ":2" in d["message"]
    group = summary["groups"][0]
    assert group["length"] == 9 and group["shrunk"]  # 7 setup dice, the pyramid, the die
    assert summary["traces"] == [str(tmp_path / "t.jsonl")]
    assert replay(tmp_path / "t.jsonl").failures == 0  # the kernel's side replays exactly
    assert "diff: " in out.err or "shrinking" in out.err  # progress on stderr
    assert not (Path.cwd() / ".hypothesis").exists() or True  # (the gate's cwd may hold one)
    assert list((tmp_path / "db" / GAME).iterdir())  # Hypothesis's database: where told


def test_an_expected_divergence_passes_and_is_reported_met(
        tmp_path: Path, program: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    # CU2-DIE-RACING: named in the expectations file, the run passes and says so.
    expect = tmp_path / "expected.txt"
    expect.write_text("# known\nCU2-DIE-RACING  a racing die's 3 moves 2 spaces here\n",
                      encoding="utf-8")
    code, summary = _diff(tmp_path, program, "--expect", str(expect))
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert summary["divergence"] is None and summary["exit_code"] == 0
    assert summary["expectations"][0]["id"] == "CU2-DIE-RACING"
    assert summary["expectations"][0]["met"] >= 1
    assert summary["examples"] == 30  # --examples N runs N examples
    assert "met  CU2-DIE-RACING" in printed and "NOT MET" not in printed
    # an expectation that no longer occurs is reported (the reference server)
    code = cli.main(["diff", "--game", GAME, "--examples", "3", "--max-steps", "30",
                     "--database", "none", "--expect", str(expect), "--quiet", "--",
                     sys.executable, "-m", "kernel.conformance.server"])
    assert code == 0 and "NOT MET  CU2-DIE-RACING" in capsys.readouterr().out


def test_compare_narrows_and_a_level_not_provided_is_skipped(
        tmp_path: Path, program: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    # KERNEL-OBSERVATION: asked for by --compare, observations the program does not provide
    # are counted as skipped (exit 1), never as compared; --allow-skips accepts that. (No
    # pyramid ticket: the deviation, which acceptance would show, stays out of the games.)
    code, summary = _diff(tmp_path, program, "--compare", "observation", "--exclude-rules",
                          "CU2-PYRAMID-TICKET", examples=5)
    assert code == 1
    assert summary["compared"] == {"observation": {"compared": 0, "skipped": summary[
        "compared"]["observation"]["skipped"], "reason": "the program does not provide "
                                                         "observation"}}
    assert summary["compared"]["observation"]["skipped"] > 0
    assert summary["divergence"] is None
    code, summary = _diff(tmp_path, program, "--compare", "observation", "--exclude-rules",
                          "CU2-PYRAMID-TICKET", "--allow-skips", examples=3)
    assert code == 0
    assert cli.main(["diff", "--game", GAME, "--compare", "odour", "--", "true"]) == 2
    capsys.readouterr()


def test_exclude_rules_keeps_generated_games_away_from_a_rule(
        tmp_path: Path, program: list[str]) -> None:
    # CU2-PYRAMID-TICKET: with the pyramid ticket excluded no die is ever revealed during a
    # leg, so the deviation cannot show.
    code, summary = _diff(tmp_path, program, "--exclude-rules", "CU2-PYRAMID-TICKET",
                          examples=8)
    assert code == 0 and summary["divergence"] is None, summary


class TwoDeviations(KernelServer):
    """Names KERNEL-INPUT for every refused action (KERNEL-ACTOR and others), and moves a
    racing camel 2 spaces for a die showing 3 (CU2-DIE-RACING)."""

    def op_apply(self, request: Mapping[str, Any]) -> dict[str, Any]:
        action = request.get("action")
        if (isinstance(action, dict) and action.get("kind") == "die"
                and action.get("number") == 3 and action.get("colour") not in ("white", "black")
                and self.state is not None and self.state.phase == "reveal"):
            request = {**request, "action": {**action, "number": 2}}
        response = super().op_apply(request)
        if not response["ok"] and response["rejected"] != "KERNEL-INPUT":
            response["rejected"] = "KERNEL-INPUT"
        return response


def test_keep_going_groups_every_divergence_and_resynchronises() -> None:
    # KERNEL-ACTOR, CU2-SETUP-START: two deviations, each a group with a count and a
    # shrunk witness; with load the driver resynchronises and finds each again.
    result = diff(InProcessPeer(TwoDeviations()),
                  DiffOptions(GAME, examples=10, seed=2, max_steps=200, keep_going=True))
    keys = {g.key: g for g in result.groups}
    assert len(keys) >= 2, result.text()
    assert all(g.shrunk and g.expected is None for g in keys.values()), result.text()
    assert any(g.count > 1 for g in keys.values())  # seen again after resynchronising
    rejection = next(g for g in keys.values() if g.divergence.what == "rejection")
    assert len(rejection.witness.actions) == 1  # one refused action from a loaded state
    die = next(g for g in keys.values() if "CU2-DIE-RACING" in g.divergence.rules)
    assert die.divergence.what == "events"  # the full server names the die it applied
    assert len(die.witness.actions) == 1 and die.witness.loaded  # the die, from before it
    assert result.exit_code() == 1
    assert "divergences by first rule ID:" in result.text()


def test_levels_and_expectations_files_are_read_strictly() -> None:
    # KERNEL-INPUT: an unknown level or a malformed expectations line is refused by name.
    assert provided(["state"]) >= {"events", "digest", "legal", "outcome", "rejections"}
    assert provided(["acceptance", "state"]) == {"acceptance", "state"}
    with pytest.raises(ValueError, match="unknown level"):
        parse_levels("state,smell")
    for bad, why in (("CU2-DIE-RACING\n", "a reason is required"),
                     ("Not An Id  reason\n", "neither a rule ID"),
                     ("KERNEL-INPUT a\nKERNEL-INPUT b\n", "listed twice")):
        with pytest.raises(ExpectationsError, match=why):
            parse(bad, "e.txt")


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_time_limit_and_interrupt_print_a_partial_summary(tmp_path: Path) -> None:
    # KERNEL-INPUT: a run stopped by its time limit or by SIGINT says what it did so far.
    summary = tmp_path / "s.json"
    base = [sys.executable, "-m", "kernel", "diff", "--game", GAME, "--database", "none",
            "--summary", str(summary)]
    server = ["--", sys.executable, "-m", "kernel.conformance.server"]
    done = subprocess.run([*base, "--examples", "1000", "--time-limit", "2", *server],
                          capture_output=True, text=True, timeout=120, check=False,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads(summary.read_text(encoding="utf-8"))
    assert data["stopped"] == "time limit" and 0 < data["examples"] < 1000
    assert "time limit" in done.stdout
    # Ctrl-C's default action restored in the child: a shell that starts the gate in the
    # background leaves SIGINT ignored, and Python keeps an ignored SIGINT ignored.
    proc = subprocess.Popen([*base, "--examples", "1000", *server], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                            preexec_fn=_default_sigint)
    assert proc.stderr is not None
    first = proc.stderr.readline()  # the first progress line: the run is under way
    assert first.startswith("diff:"), first
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    err = first + err
    assert proc.returncode == 1, out + err
    assert "interrupted" in out and "Traceback" not in err
    data = json.loads(summary.read_text(encoding="utf-8"))
    assert data["stopped"] == "interrupted"
    assert not (tmp_path / ".hypothesis").exists()  # nothing in the caller's folder
    assert os.listdir(tmp_path) == ["s.json"]


def test_keep_going_on_the_command_line_saves_a_trace_per_group(
        tmp_path: Path, program: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    # CU2-DIE-RACING: every die showing 3 diverges; the program has no load, so each such
    # example ends there, and the group's one shrunk witness is saved and replays.
    code, summary = _diff(tmp_path, program, "--keep-going", examples=8)
    capsys.readouterr()
    assert code == 1
    groups = summary["groups"]
    assert len(groups) == 1 and groups[0]["count"] > 1 and groups[0]["shrunk"]
    assert "CU2-DIE-RACING" in groups[0]["divergence"]["rules"]
    assert summary["traces"] == [str(tmp_path / "t.jsonl")]
    assert replay(tmp_path / "t.jsonl").failures == 0

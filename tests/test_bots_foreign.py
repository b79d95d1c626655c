"""Foreign bots (spec/BOTS.md): a program plays through the bot protocol; hostile ones forfeit.

Each hostile program ends with a clear record (a Forfeit per move, with the
reason) and the match completes; the referee never raises, and kills the
program's process group (a grandchild holding the pipe included).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path

import jsonschema
import pytest

from kernel.bots import MatchResult, play_match
from kernel.bots.foreign import RESTARTS, ForeignBot, answer_problem

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = str(ROOT / "tests" / "fixtures" / "hostile_bot.py")
NODE_BOT = ROOT / "examples" / "node" / "bot.js"
#: The game with the shortest matches, two seats.
GAME = "hare-and-tortoise-2014"
LIMIT = 0.4  # seconds per move: short, the hostile programs are slow on purpose


def hostile(mode: str, *extra: str) -> ForeignBot:
    return ForeignBot([sys.executable, HOSTILE, mode, *extra], startup_time=10.0)


def match(bot: ForeignBot, seed: int = 1) -> MatchResult:
    return play_match(GAME, {"players": 2}, [bot, "random"], seed, time_limit=LIMIT)


def own_moves(result: MatchResult, seat: int = 0) -> list[int]:
    return [i for i, st in enumerate(result.trace.steps) if st.actor == seat]


def test_a_well_behaved_program_plays_and_every_message_follows_the_schema(
        tmp_path: Path) -> None:
    log = tmp_path / "messages.jsonl"
    result = match(hostile("record", str(log)))
    assert result.forfeits == ()
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    schema = json.loads((ROOT / "spec" / "bot.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    for line in lines:
        errors = [e.message for e in validator.iter_errors(line)]
        assert not errors, (line, errors)
    ops = [line.get("op") for line in lines if "op" in line]
    assert ops[:3] == ["hello", "start", "act"] and ops[-2:] == ["end", "quit"]
    acts = [line["view"] for line in lines if line.get("op") == "act"]
    assert acts[0]["since"] == 0 and "initial" in acts[0]
    assert all(a["since"] > 0 and "initial" not in a for a in acts[1:])
    # it played the first legal action each time, as the referee saw it
    chosen = [result.trace.steps[i].action.text for i in own_moves(result)]
    assert chosen == [a["legal"][0][1] for a in acts]


@pytest.mark.parametrize(("mode", "reason", "gone"), [
    ("crash", "crash", True),
    ("garbage", "malformed", True),
    ("endless", "malformed", True),
    ("hang", "late", True),
    ("illegal", "illegal", False),
    ("refuse", "refused", False),
])
def test_hostile_programs_forfeit_every_move_with_a_clear_record(mode: str, reason: str,
                                                                 gone: bool) -> None:
    start = time.monotonic()
    result = match(hostile(mode))
    moves = own_moves(result)
    assert [f.step for f in result.forfeits] == moves  # every move forfeited, recorded
    reasons = [f.reason for f in result.forfeits]
    if gone:  # killed and started again RESTARTS times, then left out
        assert reasons[:RESTARTS + 1] == [reason] * (RESTARTS + 1)
        assert set(reasons[RESTARTS + 1:]) <= {"gone"}
    else:  # the program stays up: each answer is refused on its own
        assert set(reasons) == {reason}
    assert all(f.detail for f in result.forfeits)
    assert result.trace.final is not None and not result.truncated
    assert time.monotonic() - start < 30


def test_a_late_answer_forfeits_one_move_and_the_program_comes_back(tmp_path: Path) -> None:
    result = match(hostile("late-once", str(tmp_path / "was-late")))
    assert [(f.step, f.reason) for f in result.forfeits] == [(own_moves(result)[0], "late")]
    assert "within 0.4 s" in result.forfeits[0].detail


def test_a_grandchild_holding_the_pipe_is_killed_with_the_group(tmp_path: Path) -> None:
    pidfile = tmp_path / "grandchild.pid"
    result = match(hostile("grandchild", str(pidfile)))
    assert result.forfeits and result.forfeits[0].reason == "crash"
    assert "held its output open" in result.forfeits[0].detail
    pid = int(pidfile.read_text())
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        pytest.fail(f"the grandchild {pid} outlived the match")


def test_a_program_that_cannot_start_forfeits_without_crashing_the_referee() -> None:
    result = play_match(GAME, {"players": 2}, ["cmd:/nonexistent/bot --x", "random"], 1)
    assert result.forfeits and result.forfeits[0].reason == "crash"
    assert "cannot start" in result.forfeits[0].detail


def test_answers_are_read_strictly() -> None:
    act = {"id": 2, "op": "act"}
    assert answer_problem(act, {"id": 2, "ok": True, "action": 0}) is None
    assert answer_problem(act, {"id": 2, "ok": True, "action": True}) is not None
    assert answer_problem(act, {"id": 3, "ok": True, "action": 0}) is not None
    assert answer_problem(act, {"id": 2, "ok": False}) is not None
    assert answer_problem(act, [1]) is not None


@pytest.mark.skipif(shutil.which("node") is None,
                    reason="node (Node.js) is not installed: the example bot cannot run")
def test_the_node_example_bot_plays_a_match() -> None:
    bots = [f"cmd:node {NODE_BOT}", "random"]
    result = play_match(GAME, {"players": 2}, bots, 4, time_limit=5.0)
    assert result.forfeits == ()
    again = play_match(GAME, {"players": 2}, bots, 4, time_limit=5.0)
    assert again == result  # seeded: the same moves for the same match seed

"""The command line and the conformance kit never crash on hostile input (KERNEL-INPUT).

Every ``race-kernel`` subcommand answers with one of three exit codes, each
meaning one thing (the table is in ``kernel/cli.py``): 0 success, 1 a finding
(a divergence, a broken invariant, a failing example), 2 bad usage or
unreadable input. Hostile input (a missing file, a folder, bytes that are not
UTF-8, JSON of the wrong shape, nesting a thousand levels deep, integers
beyond 2**53, ``Infinity``) is unreadable input: one bounded message naming
the file, line and field, exit 2, never a traceback.

The diff driver survives hostile programs: one that exits while its own child
keeps its output open, one that writes an endless line. Both are reported
within the timeouts, with the whole process group killed and the driver's
memory bounded.

The first part calls ``kernel.cli.main`` in process on each reported case;
the last part fuzzes the entry points with Hypothesis.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz_conformance import HOSTILE_JSON, hostile_document

import kernel
import kernel.cli
from kernel.conformance import trace
from kernel.conformance.driver import DiffOptions, diff
from kernel.conformance.protocol import PeerFailure, SubprocessPeer

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "spec"
GAME = "camel-up-cards-2016"
FIXTURES = ROOT / "tests" / "fixtures"
ORPHAN = str(FIXTURES / "orphan_output.py")
ENDLESS = str(FIXTURES / "endless_line.py")
#: No message of a command on hostile input is longer than this.
MAX_STDERR = 4000

@functools.cache
def played() -> kernel.Trace:
    """A seeded 2-player game, played on first use (a rule bug it trips fails a test)."""
    return kernel.play(GAME, {"players": 2}, 1)


def played_lines() -> list[Any]:
    return trace.lines_of(played())[:4]


def trace_text() -> str:
    return trace.text_of(played_lines())


@attrs.frozen
class Run:
    code: int
    out: str
    err: str


def cli(argv: list[str], stdin: bytes | None = None) -> Run:
    """``race-kernel ARGV`` in process: the exit code and what it printed.

    Fails when an exception escapes, the exit code is not 0, 1 or 2, a
    traceback is printed, or the error output is longer than MAX_STDERR.
    """
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = kernel.cli.main(argv)
    finally:
        sys.stdin = old_stdin
    run = Run(code, out.getvalue(), err.getvalue())
    assert code in (0, 1, 2), run
    assert "Traceback" not in run.out + run.err, run
    assert len(run.err) <= MAX_STDERR, run.err[:300]
    return run


def _write(path: Path, content: bytes | str) -> str:
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return str(path)


# --------------------------------------------------------------------------
# status


STATUS_INPUTS: dict[str, bytes | None] = {
    "missing": None,
    "non-utf8": b'{"game": "camel-up-cards-2016", "x": "\xff\xfe"}',
    "array": b"[1, 2]",
    "string": b'"camel-up-cards-2016"',
    "null": b"null",
    "infinity": b'{"game": "camel-up-cards-2016", "turn": Infinity}',
    "bare-infinity": b"Infinity",
    "big-int": (b'{"game": "camel-up-cards-2016", "turn": ' + str(2**60).encode() + b"}"),
    "nan": b'{"game": "camel-up-cards-2016", "leg": NaN}',
    "deep": b"[" * 990 + b"]" * 990,
    "not-json": b"{game",
    "empty": b"",
    "no-game": b'{"players": 2}',
}


@pytest.mark.parametrize("case", sorted(STATUS_INPUTS))
def test_status_on_unreadable_input_exits_2(case: str, tmp_path: Path) -> None:
    # KERNEL-INPUT: a candidate that is not readable is a one-line error, exit 2.
    content = STATUS_INPUTS[case]
    path = str(tmp_path / "missing.json") if content is None else _write(
        tmp_path / "state.json", content)
    run = cli(["status", path])
    assert run.code == 2, run
    assert run.err.startswith("race-kernel status: ") and run.err.count("\n") == 1, run.err
    assert run.out == ""


def test_status_on_a_folder_exits_2(tmp_path: Path) -> None:
    # KERNEL-INPUT: a folder is not a state file.
    run = cli(["status", str(tmp_path)])
    assert run.code == 2 and str(tmp_path) in run.err


def test_endless_input_files_are_cut(tmp_path: Path) -> None:
    # KERNEL-INPUT: an endless input (/dev/zero) is refused at a bounded size.
    run = cli(["status", "/dev/zero"])
    assert run.code == 2 and "larger than" in run.err
    run = cli(["replay", "/dev/zero", "--max-line", "1000"])
    assert run.code == 2 and "line 1" in run.err and "longer than 1000 bytes" in run.err


def test_status_exit_code_is_0_or_1_not_a_count(tmp_path: Path) -> None:
    # CUC-INV-FLOOR, CUC-INV-LEDGER: status prints each broken invariant and exits 1
    # (it used to exit with their number: 2 broken read as a usage error).
    good = kernel.to_data(played().steps[10].state)
    run = cli(["status", _write(tmp_path / "good.json", json.dumps(good))])
    assert run.code == 0 and run.out.startswith("valid") and run.out.count("\n") == 1
    bad = {**good, "money": [0, *good["money"][1:]]}
    assert len(kernel.status(bad)) == 2
    run = cli(["status", _write(tmp_path / "bad.json", json.dumps(bad))])
    assert run.code == 1 and run.out.split() == list(kernel.status(bad))
    run = cli(["status", "-"], stdin=json.dumps(bad).encode())
    assert run.code == 1
    run = cli(["status", "-"], stdin=b"\xff")
    assert run.code == 2 and "<stdin>" in run.err


# --------------------------------------------------------------------------
# spec export, check; vectors


def test_spec_export_to_an_unwritable_path_exits_2(tmp_path: Path) -> None:
    # Spec tooling: -o to a folder or into a missing folder is a usage error, no traceback.
    for target in (tmp_path, tmp_path / "no" / "such" / "export.json"):
        run = cli(["spec", "export", "-o", str(target), "--spec-dir", str(SPEC)])
        assert run.code == 2 and str(target) in run.err, run


@pytest.mark.parametrize("selector", [["--rule", "NOPE"], ["--game", "nope"],
                                      ["--rule", "NOPE", "--game", GAME]])
def test_spec_check_selecting_nothing_exits_2(selector: list[str]) -> None:
    # Spec tooling: "0 examples, pass" never happens: an unknown rule or game is a usage error.
    run = cli(["spec", "check", "--spec-dir", str(SPEC), *selector])
    assert run.code == 2, run
    assert "0 examples" not in run.out


@pytest.mark.parametrize("where", ["nowhere", "file", "empty"])
def test_vectors_with_a_bad_spec_dir_exits_2(where: str, tmp_path: Path) -> None:
    # KERNEL-INPUT: --spec-dir pointing nowhere, at a file or at an empty folder: exit 2.
    target = {"nowhere": tmp_path / "nowhere", "file": tmp_path / "file",
              "empty": tmp_path / "empty"}[where]
    if where == "file":
        target.write_text("x", encoding="ascii")
    if where == "empty":
        target.mkdir()
    for extra in (["--check"], []):
        run = cli(["vectors", *extra, "--spec-dir", str(target)])
        assert run.code == 2 and str(target) in run.err, run
    assert not (tmp_path / "empty" / GAME).exists()  # nothing written into a foreign folder


def test_spec_dir_pointing_nowhere_exits_2(tmp_path: Path) -> None:
    for command in (["check"], ["export"], ["trace"], ["interpretations"], ["link"]):
        run = cli(["spec", *command, "--spec-dir", str(tmp_path / "nowhere")])
        assert run.code == 2, (command, run)


# --------------------------------------------------------------------------
# replay


def _replace_line(index: int, edit: Callable[[dict[str, Any]], None]) -> str:
    rows = [dict(line) for line in played_lines()]
    edit(rows[index])
    return "".join(json.dumps(r) + "\n" for r in rows)


def _set(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def edit(row: dict[str, Any]) -> None:
        row[key] = value
    return edit


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    def edit(row: dict[str, Any]) -> None:
        del row[key]
    return edit


def _big_int_in_state(row: dict[str, Any]) -> None:
    row["state"] = {**row["state"], "money": [2**60, 3]}


UNREADABLE_TRACES: dict[str, tuple[Callable[[], bytes], int, str]] = {
    # name: (file content, the line named, a word of the message)
    "deep-line": (lambda: (trace_text() + "[" * 990 + "]" * 990 + "\n").encode(), 5, "nested"),
    "big-int-in-state": (lambda: _replace_line(0, _big_int_in_state).encode(), 1, "range"),
    "protocol-99": (lambda: _replace_line(0, _set("protocol", 99)).encode(), 1, "protocol"),
    "version-true": (lambda: _replace_line(0, _set("version", True)).encode(), 1, "version"),
    "version-0": (lambda: _replace_line(0, _set("version", 0)).encode(), 1, "version"),
    "version-99": (lambda: _replace_line(0, _set("version", 99)).encode(), 1, "version"),
    "format-2": (lambda: _replace_line(0, _set("format", 2)).encode(), 1, "format"),
    "unknown-game": (lambda: _replace_line(0, _set("game", "nope")).encode(), 1, "game"),
    "extra-header-key": (lambda: _replace_line(0, _set("colour", "red")).encode(), 1, "colour"),
    "no-config": (lambda: _replace_line(0, _drop("config")).encode(), 1, "config"),
    # KERNEL-CONFIG: a configuration the kernel refuses cannot start a replay
    # (exit 2 like any malformed header; exit 1 was a "divergence" of the kernel)
    "config-players-99": (lambda: _replace_line(0, _set("config", {"players": 99})).encode(), 1,
                          "KERNEL-CONFIG"),
    "config-unknown-key": (
        lambda: _replace_line(0, _set("config", {"players": 2, "x": 1})).encode(), 1, "config"),
    "bad-digest": (lambda: _replace_line(2, _set("digest", 42)).encode(), 3, "digest"),
    "no-action": (lambda: _replace_line(1, _drop("action")).encode(), 2, "action"),
    "bad-events": (lambda: _replace_line(1, _set("events", [1])).encode(), 2, "events"),
    "step-n-bool": (lambda: _replace_line(1, _set("n", True)).encode(), 2, "n"),
    "infinity": (lambda: trace_text().replace('"n":2', '"n":Infinity').encode(), 3, "Infinity"),
    "non-utf8": (lambda: trace_text().encode() + b'{"type": "step", "\xff": 1}\n', 5, "UTF-8"),
    "not-json": (lambda: trace_text().encode() + b"this line is not JSON\n", 5, "JSON"),
    "array-line": (lambda: trace_text().encode() + b"[1]\n", 5, "object"),
    "empty": (lambda: b"", 1, "header"),
    "no-header": (lambda: trace_text().split("\n", 1)[1].encode(), 1, "header"),
}


@pytest.mark.parametrize("case", sorted(UNREADABLE_TRACES))
def test_replay_of_an_unreadable_trace_exits_2_naming_the_line(case: str,
                                                                tmp_path: Path) -> None:
    # KERNEL-INPUT: a corrupted trace is unreadable input (file, line, field), not a
    # divergence of the kernel; no traceback.
    content, line, word = UNREADABLE_TRACES[case]
    path = _write(tmp_path / "t.jsonl", content())
    run = cli(["replay", path])
    assert run.code == 2, run
    assert f"line {line}" in run.err and path in run.err, run.err
    assert word.lower() in run.err.lower(), run.err
    assert "differ" not in run.out


def test_replay_of_a_missing_file_or_folder_exits_2(tmp_path: Path) -> None:
    # KERNEL-INPUT: "1 of 0 lines differ" is gone: the file cannot be read.
    for path in (tmp_path / "missing.jsonl", tmp_path):
        run = cli(["replay", str(path)])
        assert run.code == 2 and "cannot read" in run.err and run.out == "", run


def _status_file(candidate: object) -> str:
    header = trace.header_line(GAME, kernel.game_info(GAME).version, {"players": 2},
                               played().initial, full=False, kind="status")
    line = {"type": "status", "name": "x", "candidate": candidate, "status": []}
    return json.dumps(header) + "\n" + json.dumps(line) + "\n"


def test_replay_of_a_status_candidate_without_game_exits_2(tmp_path: Path) -> None:
    # KERNEL-INPUT: a status line whose candidate has no game is a corrupted file.
    candidates: list[object] = [{"players": 2}, [], {"game": "nope"}]
    for candidate in candidates:
        run = cli(["replay", _write(tmp_path / "s.jsonl", _status_file(candidate))])
        assert run.code == 2 and "line 2" in run.err and "candidate" in run.err, run


def test_replay_exit_code_is_1_on_a_divergence(tmp_path: Path) -> None:
    # KERNEL-LEGAL: a readable trace that the kernel does not reproduce: exit 1, whatever
    # the number of differing lines.
    def tamper(row: dict[str, Any]) -> None:
        row["digest"] = "0" * 64

    rows = [dict(x) for x in trace.lines_of(played())[:6]]
    for row in rows[1:]:
        tamper(row)
    path = _write(tmp_path / "t.jsonl", "".join(json.dumps(r) + "\n" for r in rows))
    assert trace.replay(path).failures == 5
    run = cli(["replay", path])
    assert run.code == 1 and "5 of 6 lines differ" in run.out
    assert cli(["replay", _write(tmp_path / "ok.jsonl", trace_text())]).code == 0


def test_replay_usage_errors_exit_2(tmp_path: Path) -> None:
    path = _write(tmp_path / "ok.jsonl", trace_text())
    for argv in (["replay"], ["replay", path, "--timeout", "nan"],
                 ["replay", path, "--timeout", "0"], ["replay", path, "--bogus"]):
        assert cli(argv).code == 2, argv


def test_a_corrupted_vector_file_is_not_blamed_on_the_kernel(tmp_path: Path) -> None:
    # KERNEL-INPUT: replaying a golden vector file with a corrupted line says which
    # line of which file is unreadable (exit 2), not that the kernel diverged.
    original = (SPEC / GAME / "vectors" / "game-p2-seed1.jsonl").read_bytes().splitlines()
    original[7] = original[7].replace(b'"digest":"', b'"digest":"zz', 1)
    path = _write(tmp_path / "game-p2-seed1.jsonl", b"\n".join(original) + b"\n")
    run = cli(["replay", path])
    assert run.code == 2 and "line 8" in run.err and "digest" in run.err, run
    assert "differ" not in run.out and "kernel bug" not in run.err
    # vectors --check says the same of a corrupted file, before regenerating anything
    spec = tmp_path / "spec"
    shutil.copytree(SPEC, spec)
    (spec / GAME / "vectors" / "game-p2-seed1.jsonl").write_bytes(Path(path).read_bytes())
    run = cli(["vectors", "--check", "--game", GAME, "--spec-dir", str(spec)])
    assert run.code == 2 and "corrupted vector file" in run.out and "line 8" in run.out, run
    assert "behaviour" not in run.out and "differ" not in run.out, run
    # nor does writing overwrite it silently
    run = cli(["vectors", "--game", GAME, "--spec-dir", str(spec)])
    assert run.code == 2 and "corrupted vector file" in run.out, run


# --------------------------------------------------------------------------
# the other subcommands


@pytest.mark.parametrize("argv", [
    [], ["--help"], ["games"], ["nope"], ["x" * 100_000], ["play", "--players", "9"],
    ["play", "--players", "x" * 100_000], ["play", "--game", "x" * 100_000],
    ["spec"], ["spec", "nope"], ["replay", "--nope"], ["vectors", "--game", "nope"],
    ["diff"], ["diff", "--config", "[" * 990, "--", "true"],
    ["diff", "--config", '{"players": 1e400}', "--", "true"],
    ["diff", "--config", '{"players": Infinity}', "--", "true"],
    ["diff", "--timeout", "nan", "--", "true"], ["diff", "--timeout", "inf", "--", "true"],
    ["diff", "--examples", "0", "--", "true"], ["status"], ["status", "a", "b"],
])
def test_usage_errors_exit_2_or_0(argv: list[str]) -> None:
    # Every usage error is exit 2 with a bounded message; --help and no command are 0.
    run = cli(argv)
    assert run.code == (0 if argv in (["--help"], ["games"]) else 2), run


def test_diff_of_a_missing_program_is_a_finding(tmp_path: Path) -> None:
    # KERNEL-INPUT: the program under test cannot start: reported, exit 1.
    run = cli(["diff", "--game", "camel-up-cards-2016", "--examples", "2",
               "--trace-out", str(tmp_path / "t.jsonl"), "--", str(tmp_path / "no-such-program")])
    assert run.code == 1 and "cannot start" in run.out


# --------------------------------------------------------------------------
# a missing optional dependency: one line, exit 2


_BLOCKER = """
import sys
class _Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] == {module!r}:
            raise ModuleNotFoundError('blocked by the test: ' + name, name=name)
        return None
sys.meta_path.insert(0, _Block())
from kernel.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _without(module: str, argv: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _BLOCKER.format(module=module), *argv], cwd=ROOT,
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.mark.parametrize(("module", "argv"), [
    ("hypothesis", ["diff", "--game", GAME, "--", sys.executable, "-c", "pass"]),
    ("jsonschema", ["spec", "check"]),
    ("jsonschema", ["spec", "export"]),
])
def test_a_missing_extra_is_one_line_and_exit_2(module: str, argv: list[str]) -> None:
    # KERNEL-INPUT: without the conformance extra, the command says what to install.
    proc = _without(module, argv)
    assert proc.returncode == 2, (proc.stdout[-500:], proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and "race-kernel[conformance]" in proc.stderr
    assert f"race-kernel {' '.join(argv[:2]) if argv[0] == 'spec' else argv[0]}" in proc.stderr
    assert "0 examples" not in proc.stdout


def test_commands_without_the_extra_still_work(tmp_path: Path) -> None:
    # play, games, status and replay need no optional dependency.
    path = _write(tmp_path / "t.jsonl", trace_text())
    for module in ("hypothesis", "jsonschema"):
        proc = _without(module, ["replay", path])
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert _without(module, ["games"]).returncode == 0


# --------------------------------------------------------------------------
# the reference server


def test_the_reference_server_survives_hostile_lines() -> None:
    # KERNEL-INPUT: every line gets a response; none crashes the server.
    hostile = [
        b"[" * 990 + b"]" * 990,
        b'{"id": 1, "op": "apply", "action": ' + b"[" * 990 + b"]" * 990 + b"}",
        b"\xff\xfe",
        b'{"id": ' + str(2**64).encode() + b', "op": "hello"}',
        b'{"id": 2, "op": "new", "game": "camel-up-cards-2016", "config": {"players": Infinity}}',
        b'{"id": 3, "op": "status", "candidate": {"players": 2}}',
        b'{"id": 4, "op": "' + b"x" * 100_000 + b'"}',
        b'"just a string"',
        b'{"id": 5, "op": "hello", "protocol": 1}',
    ]
    proc = subprocess.run(
        [sys.executable, "-m", "kernel.conformance.server"], cwd=ROOT,
        input=b"\n".join(hostile) + b"\n", capture_output=True, timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr[-2000:]
    responses = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(responses) == len(hostile)
    assert all(r["ok"] is False for r in responses[:-1])
    assert all(len(json.dumps(r)) < 2000 for r in responses)
    assert responses[-1]["ok"] is True and responses[-1]["id"] == 5


def test_the_reference_server_skips_an_overlong_line() -> None:
    # KERNEL-INPUT: a line beyond the maximum size is refused and skipped, memory bounded.
    from kernel.conformance.server import serve

    out = io.StringIO()
    big = b'{"id": 1, "op": "' + b"x" * 5000 + b'"}\n'
    serve(io.BytesIO(big + b'{"id": 2, "op": "hello", "protocol": 1}\n'), out, max_line=1000)
    responses = [json.loads(x) for x in out.getvalue().splitlines()]
    assert [r["ok"] for r in responses] == [False, True]
    assert "longer than 1000 bytes" in responses[0]["error"]


# --------------------------------------------------------------------------
# hostile programs under the diff driver


def _gone(pid: int, within: float = 5.0) -> bool:
    """Has process ``pid`` died (or become a zombie) within ``within`` seconds?"""
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
        except FileNotFoundError:
            return True
        except OSError:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return True
        else:
            if stat.rsplit(")", 1)[1].split()[0] in ("Z", "X"):
                return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("mode", ["at-start", "after-hello"])
def test_a_program_whose_child_keeps_its_output_open(mode: str, tmp_path: Path) -> None:
    # KERNEL-INPUT: the program exits, its child holds the pipe: a prompt crash report,
    # the whole process group killed (the child included), no waiting for the child.
    pidfile = tmp_path / "pid"
    peer = SubprocessPeer([sys.executable, ORPHAN, mode, str(pidfile)], timeout=2.0,
                          startup_timeout=4.0)
    started = time.monotonic()
    result = diff(peer, DiffOptions(GAME, examples=3))
    elapsed = time.monotonic() - started
    d = result.divergence
    assert d is not None and d.failure == "crash", result.text()
    assert "exited" in d.message and "orphan_output: exiting" in d.message
    assert elapsed < 4.0, elapsed
    assert _gone(int(pidfile.read_text(encoding="ascii")))


def test_a_grandchild_that_leaves_the_process_group_is_reported_not_killed(
        tmp_path: Path) -> None:
    # KERNEL-INPUT ("never trust a client"): a process that left the program's
    # process group (its own session) outlives the kill; the report says the
    # group was killed and names the process that was not (before: "the
    # process group was killed", as if everything had been).
    pidfile = tmp_path / "pid"
    peer = SubprocessPeer([sys.executable, ORPHAN, "session", str(pidfile)], timeout=2.0,
                          startup_timeout=4.0)
    try:
        result = diff(peer, DiffOptions(GAME, examples=3))
        d = result.divergence
        escaped = int(pidfile.read_text(encoding="ascii"))
        assert d is not None and d.failure == "crash", result.text()
        assert "the process group was killed" in d.message, d.message
        assert f"process {escaped} outside the group" in d.message, d.message
        assert "was not killed" in d.message, d.message
        assert not _gone(escaped, within=0.5)
    finally:
        os.kill(int(pidfile.read_text(encoding="ascii")), signal.SIGKILL)


def test_replay_on_a_program_whose_child_keeps_its_output_open(tmp_path: Path) -> None:
    # KERNEL-INPUT: the same through race-kernel replay -- COMMAND: a finding, exit 1.
    pidfile = tmp_path / "pid"
    path = _write(tmp_path / "t.jsonl", trace_text())
    started = time.monotonic()
    run = cli(["replay", path, "--timeout", "2", "--", sys.executable, ORPHAN, "after-hello",
               str(pidfile)])
    assert time.monotonic() - started < 4.0
    assert run.code == 1 and "crashed" in run.out + run.err, run
    assert _gone(int(pidfile.read_text(encoding="ascii")))


def test_an_endless_line_is_cut_at_the_maximum_line_size() -> None:
    # KERNEL-INPUT: one endless line without a newline: reported as garbage at the
    # maximum line size, the program killed, the driver's buffer bounded.
    limit = 1 << 20
    peer = SubprocessPeer([sys.executable, ENDLESS], timeout=2.0, startup_timeout=4.0,
                          max_line=limit)
    started = time.monotonic()
    with pytest.raises(PeerFailure) as info:
        peer.start()
    assert time.monotonic() - started < 4.0
    assert info.value.kind == "garbage" and "longer than 1048576 bytes" in info.value.message
    assert peer.peak_buffer <= limit + (1 << 17)
    assert not peer.alive
    peer.close()


def test_an_endless_line_under_diff_with_the_default_limit() -> None:
    # KERNEL-INPUT: with the default maximum line size (16 MiB) too, a clear report
    # within the start-up window.
    peer = SubprocessPeer([sys.executable, ENDLESS], timeout=2.0, startup_timeout=8.0)
    started = time.monotonic()
    result = diff(peer, DiffOptions(GAME, examples=2))
    assert time.monotonic() - started < 8.0
    d = result.divergence
    assert d is not None and d.failure == "garbage" and "maximum line size" in d.message
    assert peer.peak_buffer <= (16 << 20) + (1 << 17)


# --------------------------------------------------------------------------
# fuzzing the entry points


# twice the profile's count, at most 60 (the ci profile's 120 cost the gate 30 s of CPU)
_FUZZ = settings(max_examples=min(60, max(1, settings().max_examples * 2)), deadline=None,
                 suppress_health_check=list(HealthCheck))


@_FUZZ
@given(data=st.data())
def test_fuzz_status(data: st.DataObject, tmp_path_factory: pytest.TempPathFactory) -> None:
    # KERNEL-INPUT: status on any file: 0, 1 or 2, a bounded message, no traceback.
    state = kernel.to_data(played().steps[data.draw(st.integers(0, 20))].state)
    folder = tmp_path_factory.mktemp("status")
    run = cli(["status", _write(folder / "state.json", data.draw(hostile_document(state)))])
    if run.code == 2:
        assert run.err.count("\n") == 1


@_FUZZ
@given(data=st.data())
def test_fuzz_replay(data: st.DataObject, tmp_path_factory: pytest.TempPathFactory) -> None:
    # KERNEL-INPUT: replay on any file: 0, 1 or 2, a bounded message, no traceback.
    texts = [json.dumps(r).encode() for r in played_lines()]
    index = data.draw(st.integers(0, len(texts)))
    if index == len(texts):  # one more line
        texts.append(data.draw(HOSTILE_JSON).replace(b"\n", b" "))
    else:
        texts[index] = data.draw(hostile_document(dict(played_lines()[index]))).replace(b"\n", b" ")
    folder = tmp_path_factory.mktemp("replay")
    run = cli(["replay", _write(folder / "t.jsonl", b"\n".join(texts) + b"\n")])
    if run.code == 2:
        assert "line " in run.err and run.err.count("\n") == 1


_ARGS = st.sampled_from(["--players", "--seed", "--game", "--verbose", "--rule", "--all",
                         "--timeout", "--check", "--force", "--examples", "--config", "-o",
                         "--", "-", "-h", "x" * 5000, "nan", "-1", "0", "1", "2", "99",
                         "1e400", str(10**40), GAME, "CUC-MOVE-PALM", "\udcff", "{}", "[]"])


@_FUZZ
@given(command=st.sampled_from([["play"], ["games"], ["status"], ["replay"], ["nope"],
                                ["spec", "check"], ["spec", "nope"], ["diff"], []]),
       args=st.lists(_ARGS, max_size=4))
def test_fuzz_arguments(command: list[str], args: list[str],
                        tmp_path_factory: pytest.TempPathFactory) -> None:
    # Any arguments: 0, 1 or 2, a bounded message, no traceback. (Commands that would
    # write into the repository or run for long are kept away: spec check gets a small
    # spec folder, diff never gets a program to start.)
    if command == ["spec", "check"]:
        folder = tmp_path_factory.mktemp("spec")
        args = [*args, "--spec-dir", str(folder)]
    if command == ["diff"] and "--" in args:
        args = args[: args.index("--")]
    if command == ["play"] and "--players" not in args:
        args = [*args, "--players", "2"]
    cli([*command, *args])

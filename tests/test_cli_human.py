"""``race-kernel play GAME --human SEAT``: a seat played at the terminal (kernel/human.py).

- a scripted player finishes a game of each registered game against ``random`` bots
  through the command's own entry point (``kernel.cli.main``, the arguments and the
  input as the command gets them), and the trace it saves replays;
- KERNEL-OBSERVATION: the seat's screen is made from its view alone: every history
  ``kernel.resample`` draws for the seat (the same information state, other cards
  elsewhere) gives a byte-identical screen, while the tables differ;
- ``? N`` shows the catalogue's entry of the rule behind action N; ``u`` takes back the
  last decision only while nothing hidden was revealed since (no chance step, no free
  choice of another seat);
- once as a process of its own (``python -m kernel``) under a real terminal (the
  standard library's ``pty``: no new dependency).
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import select
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

import kernel
import kernel.cli
from kernel.api import Step
from kernel.conformance.trace import read_trace, replay
from kernel.core import CHANCE, Action
from kernel.human import action_rules, screen_of, undo_refusal
from kernel.resources import spec_dir
from kernel.spec.catalogue import load

ROOT = Path(__file__).resolve().parents[1]
#: (game, players, seed) of the scripted games: the fewest players (3 for the 2018 game,
#: so that two bots play), seeds whose random games are short.
GAMES = [("camel-up-cards-2016", 2, 37), ("camel-up-card-game-2023", 2, 5),
         ("camel-up-2018", 3, 37), ("hare-and-tortoise-2014", 2, 9)]


def run_main(*argv: str, stdin: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``race-kernel ARGV`` in this process (``kernel.cli.main``), ``stdin`` typed in."""
    out, err = io.StringIO(), io.StringIO()
    here = Path.cwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                _stdin(io.StringIO(stdin)):
            code = kernel.cli.main(list(argv))
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(list(argv), code, out.getvalue(), err.getvalue())


@contextlib.contextmanager
def _stdin(stream: io.StringIO) -> Iterator[None]:
    saved, sys.stdin = sys.stdin, stream
    try:
        yield
    finally:
        sys.stdin = saved


def replays(path: Path) -> bool:
    """The trace file replays on the kernel with no difference (race-kernel replay)."""
    report = replay(path)
    return report.code() == 0 and not report.mismatches


def _trace_of(path: Path) -> kernel.Trace:
    """The game a trace file holds, replayed through the kernel."""
    lines = read_trace(path)
    header = lines[0]
    state = kernel.from_data(header["state"])
    steps = []
    for line in lines[1:]:
        actor = kernel.current_actor(state)
        result = kernel.apply(state, line["action"])
        assert isinstance(result, kernel.Applied)
        action = kernel.parse_action(header["game"], line["action"])
        assert isinstance(action, Action)
        steps.append(Step(actor, action, result.events, result.state))
        state = result.state
    return kernel.Trace(header["game"], header["version"], header["config"], header["seed"],
                        kernel.from_data(header["state"]), tuple(steps))


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_a_scripted_player_finishes_a_game_against_random_bots(
        game: str, players: int, seed: int, tmp_path: Path) -> None:
    # The player asks for the rule behind its first action, looks at its view, types a
    # bad answer, then takes the first legal action at every decision: the game ends
    # with its standings, and the saved trace replays exactly and ends the game.
    script = "? 1\nv\nnonsense\n" + "1\n" * 3000
    run = run_main("play", game, "--human", "1", "--players", str(players), "--seed",
                   str(seed), "--bots", "random", "--trace", "game.jsonl", stdin=script,
                   cwd=tmp_path)
    assert (run.returncode, run.stderr) == (0, "")
    assert "Final standings" in run.stdout
    assert "not an action here: 'nonsense'" in run.stdout
    assert replays(tmp_path / "game.jsonl")
    trace = _trace_of(tmp_path / "game.jsonl")
    assert kernel.outcome(trace.final) is not None
    mine = [st for st in trace.steps if st.actor == 1]
    told = re.findall(r"^ *\d+ \S.* \(you\): (\S+)$", run.stdout, flags=re.MULTILINE)
    assert told == [st.action.text for st in mine] and mine
    first = kernel.legal_actions(trace.steps[trace.steps.index(mine[0]) - 1].state
                                 if trace.steps.index(mine[0]) else trace.initial)
    assert mine[0].action == first[0]  # "1" is the first legal action


def test_the_game_so_far_is_saved_when_the_input_ends(tmp_path: Path) -> None:
    # The end of the input (or q) stops the game; the trace of the steps so far replays.
    run = run_main("play", "hare-and-tortoise-2014", "--human", "0", "--players", "2",
                   "--seed", "9", stdin="1\n1\n", cwd=tmp_path)
    assert run.returncode == 0
    saved = tmp_path / "race-kernel-hare-and-tortoise-2014-seed9.jsonl"
    assert f"trace: {saved.name}" in run.stdout and "the game did not finish" in run.stdout
    assert replays(saved)
    trace = _trace_of(saved)
    assert kernel.outcome(trace.final) is None
    assert sum(st.actor == 0 for st in trace.steps) == 2


class _ClosingOutput(io.StringIO):
    """An output its reader closes after ``lines`` lines (``race-kernel play ... | head``)."""

    def __init__(self, lines: int) -> None:
        super().__init__()
        self.left = lines

    def write(self, text: str) -> int:
        self.left -= text.count("\n")
        if self.left < 0:
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)


def test_the_game_so_far_is_saved_when_the_output_is_closed(tmp_path: Path) -> None:
    # An output closed mid-game (| head) ends the game as a closed output ends any
    # command (exit 2, said by kernel.cli), and the trace of the steps so far is saved.
    from kernel.human import play_human

    path = tmp_path / "t.jsonl"
    with pytest.raises(BrokenPipeError):
        play_human("hare-and-tortoise-2014", {"players": 2}, 0, ["random"], 9,
                   stdin=io.StringIO("1\n" * 100), stdout=_ClosingOutput(120),
                   trace_path=str(path))
    assert replays(path)
    trace = _trace_of(path)
    assert kernel.outcome(trace.final) is None and sum(st.actor == 0 for st in trace.steps) > 0


# --------------------------------------------------------------------------
# the screen shows only what the seat may see


def _before_decision(trace: kernel.Trace, seat: int, point: float) -> kernel.Trace:
    """The history up to the seat's last decision at or before ``point`` of the game."""
    n = int(len(trace.steps) * point)
    while n > 0 and trace.steps[n].actor != seat:
        n -= 1
    return kernel.Trace(trace.game, trace.version, trace.config, trace.seed, trace.initial,
                        trace.steps[:n])


@pytest.mark.parametrize("game", [g for g, _, _ in GAMES])
def test_the_screen_is_the_same_for_every_history_the_seat_cannot_tell_apart(
        game: str) -> None:
    # KERNEL-OBSERVATION: twin histories (the seat's information state the same, the
    # hidden cards elsewhere) give byte-identical screens, the seat's decision with its
    # view and legal actions included; the twins' tables do differ.
    info = kernel.game_info(game)
    players = max(info.min_players, 2)
    whole = kernel.play(game, {info.config.players_key: players}, seed=3)
    rng = random.Random(11)
    differing = 0
    for seat in (0, 1):
        history = _before_decision(whole, seat, 0.6)
        mine = "\n".join(screen_of(history, seat)).encode()
        quiet = "\n".join(screen_of(history, seat, quiet=True)).encode()
        assert b"Your decision" in mine and b"Your decision" in quiet
        twin = kernel.resample(history, seat, rng)
        assert "\n".join(screen_of(twin, seat)).encode() == mine
        assert "\n".join(screen_of(twin, seat, quiet=True)).encode() == quiet
        differing += kernel.to_data(twin.final) != kernel.to_data(history.final)
    if info.hooks.hidden_chance:
        assert differing > 0, "no twin table differed: the check caught nothing"


@pytest.mark.parametrize("game", [g for g, _, _ in GAMES])
def test_the_seats_table_is_carried_through_the_events_it_sees(game: str) -> None:
    # The pictures between a step's events are the narrator's, carried from the seat's
    # observation through the events as the seat sees them (Narrator.after): after
    # every step of a seeded game the carried table draws as the seat's observation does.
    info = kernel.game_info(game)
    trace = kernel.play(game, {info.config.players_key: max(info.min_players, 2)}, 3)
    for seat in (0, 1):
        before = info.observation(trace.initial, seat)
        for st in trace.steps:
            table: Mapping[str, Any] = before
            for e in kernel.events_seen(st.events, seat):
                table = info.narrator.after(table, e)
            before = info.observation(st.state, seat)
            assert info.narrator.draw(table) == info.narrator.draw(before), st


def test_the_screen_check_can_fail() -> None:
    # The check above compares what a seat's screen would show: seat 0's hand is on its
    # own screen and not on seat 1's (so a screen made from the whole table would differ
    # between twins).
    game = "camel-up-cards-2016"
    history = _before_decision(kernel.play(game, {"players": 2}, seed=3), 0, 0.6)
    hand = kernel.observation(history.final, 0)["hand"]
    assert isinstance(hand, list) and hand
    own = "\n".join(screen_of(history, 0))
    other = "\n".join(screen_of(history, 1))
    shown = f"hand: {' '.join(str(c) for c in hand)}"
    assert shown in own and shown not in other


# --------------------------------------------------------------------------
# the rule behind an action, undo


def _catalogue() -> dict[str, tuple[str, str | None]]:
    return {r.id: (r.title, r.reading) for c in load(spec_dir()) for r in c.rules}


def test_every_action_kind_names_catalogued_rules() -> None:
    # Every kind of a seat's action in every game is shown with rule IDs the catalogues hold.
    known = _catalogue()
    for game in kernel.games():
        info = kernel.game_info(game)
        rules = action_rules(game, max(info.min_players, 3))
        for kind in (k for k in info.vocabulary.kinds.values() if k.actor == "seat"):
            assert rules[kind.name], (game, kind.name)
            assert set(rules[kind.name]) <= set(known), (game, kind.name)


def _words(text: str) -> str:
    return " ".join(text.replace("`", "").replace("**", "").split())


def test_question_mark_shows_the_catalogue_entry_of_the_rule(tmp_path: Path) -> None:
    # ? N: each rule ID behind action N with its catalogue title and reading, as text
    # (no Markdown, no file names).
    game = "camel-up-2018"
    run = run_main("play", game, "--human", "0", "--players", "3", "--seed", "1",
                   stdin="? 1\nq\n", cwd=tmp_path)
    assert run.returncode == 0
    first = kernel.legal_actions(kernel.play(game, {"players": 3}, 1).steps[6].state)[0]
    ids = action_rules(game, 3)[first.kind]
    known = _catalogue()
    shown = run.stdout.split("> ? 1", 1)[1]
    for rule in ids:
        title, reading = known[rule]
        assert f"{rule}: {_words(title)}" in shown
        assert reading is not None and _words(reading) in _words(shown.replace("\n", " "))
    assert ".txt" not in shown and "**" not in shown


def test_undo_takes_back_a_decision_only_while_nothing_hidden_was_revealed() -> None:
    # In a 3-player game of the 2016 game (CUC-LEG-DISCARD, CUC-LEG-INTEL): a face-down
    # discard reveals nothing, so it may be taken back while only the seat itself or a
    # forced seat has moved since; a chance step or another seat's free choice since
    # forbids it; so does the last intel choice, which turns every seat's intel card
    # face up (the other seats' cards were hidden from the chooser).
    game = "camel-up-cards-2016"
    info = kernel.game_info(game)
    trace = kernel.play(game, {"players": 3}, 1)
    steps = trace.steps

    def refusal(decided: int, upto: int, forced: bool = False) -> str | None:
        return undo_refusal(info, trace.initial, steps[:upto + 1], decided,
                            steps[decided].actor, [forced] * (upto + 1))

    discard = next(i for i, st in enumerate(steps) if st.action.kind == "discard"
                   and steps[i + 1].actor == st.actor)
    assert refusal(discard, discard) is None
    assert refusal(discard, discard + 1) is None  # the seat's own next discard
    handover = next(i for i in range(discard, len(steps) - 1)
                    if steps[i].action.kind == "discard"
                    and steps[i + 1].actor not in (CHANCE, steps[i].actor))
    other = info.narrator.seat_name(steps[handover + 1].actor)
    assert f"{other} has chosen a move" in str(refusal(handover, handover + 1))
    assert refusal(handover, handover + 1, forced=True) is None
    shown = next(i for i, st in enumerate(steps)
                 if any(e.kind == "intel-shown" for e in st.events))
    assert "showed you a card" in str(refusal(shown, shown, forced=True))
    chance = next(i for i in range(shown, len(steps) - 1)
                  if steps[i].actor != CHANCE and steps[i + 1].actor == CHANCE)
    assert "chance" in str(refusal(chance, chance + 1, forced=True))
    assert "no decision" in str(undo_refusal(info, trace.initial, steps, None, 0, []))


def test_undo_through_the_command(tmp_path: Path) -> None:
    # In the 2018 game a pyramid ticket is followed by a die roll: no undo then. A
    # finish card passes the turn to seats with a free choice: no undo either. In the
    # 2016 game the leg setup asks the same seat again: undo goes back to the decision.
    game = "camel-up-2018"
    first = kernel.legal_actions(kernel.play(game, {"players": 3}, 1).steps[6].state)
    pyramid = 1 + [a.text for a in first].index("pyramid")
    run = run_main("play", game, "--human", "0", "--players", "3", "--seed", "1",
                   stdin=f"{pyramid}\nu\nq\n", cwd=tmp_path)
    assert re.search(r"cannot undo: step \d+ was chance", run.stdout), run.stdout[-2000:]
    run = run_main("play", "camel-up-cards-2016", "--human", "0", "--players", "2",
                   "--seed", "3", "--trace", "t.jsonl", stdin="1\nu\nu\n2\nq\n",
                   cwd=tmp_path)
    prompts = re.findall(r"Your decision, .* at step (\d+)\.", run.stdout)
    assert f"undone: back to your decision at step {prompts[0]}" in run.stdout
    assert "cannot undo: you have no decision to take back" in run.stdout  # the second u
    assert prompts[2] == prompts[0] != prompts[1]  # asked again at the first decision
    mine = [st.action.text for st in _trace_of(tmp_path / "t.jsonl").steps if st.actor == 0]
    legal = kernel.legal_actions(kernel.play("camel-up-cards-2016", {"players": 2}, 3)
                                 .steps[int(prompts[0]) - 2].state)
    assert mine[0] == legal[1].text  # the undone first choice is not in the trace


# --------------------------------------------------------------------------
# a real terminal


def _read_until(fd: int, wanted: str, seen: list[str], timeout: float = 60.0) -> str:
    end = time.monotonic() + timeout
    while wanted not in "".join(seen):
        left = end - time.monotonic()
        assert left > 0, f"no {wanted!r} within {timeout} s: {''.join(seen)[-800:]}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the other side closed (EIO on Linux)
                chunk = b""
            assert chunk, f"the program ended before {wanted!r}: {''.join(seen)[-800:]}"
            seen.append(chunk.decode("utf-8", "replace"))
    return "".join(seen)


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_under_a_real_terminal(tmp_path: Path) -> None:
    # The command under a pseudo-terminal: it prompts, answers ? 1 with the rule, takes
    # an action, quits on q and saves the trace; the typed text is the terminal's echo.
    import pty

    master, slave = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "dumb"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "kernel", "play", "hare-and-tortoise-2014", "--human", "0",
         "--players", "2", "--seed", "9", "--trace", "t.jsonl"],
        stdin=slave, stdout=slave, stderr=slave, cwd=tmp_path, env=env, close_fds=True)
    os.close(slave)
    seen: list[str] = []
    try:
        _read_until(master, "> ", seen)
        os.write(master, b"? 1\n")
        _read_until(master, "HT-", seen)
        os.write(master, b"1\n")
        _read_until(master, "(you): ", seen)
        os.write(master, b"q\n")
        text = _read_until(master, "trace: t.jsonl", seen)
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    assert "? 1" in text and "Traceback" not in text  # the terminal echoed the input
    assert replays(tmp_path / "t.jsonl")
    assert sum(st.actor == 0 for st in _trace_of(tmp_path / "t.jsonl").steps) >= 1


@pytest.mark.parametrize(("argv", "said"), [
    (["--human", "3"], "--human 3: the game has seats 0 to 2"),
    (["--bots", "random"], "--bots goes with --human"),
    (["--human", "0", "--bots", "nosuch"], "unknown bot 'nosuch'"),
    (["--human", "0", "--bots", "random,random,random"], "3 bots for 2 other seat(s)"),
    (["--human", "0", "--trace", "no/such/folder/t.jsonl"], "cannot write"),
    (["--human", "0", "--html", "page.html"], "--html goes with a told game"),
])
def test_bad_human_play_arguments_are_one_line_exit_2(argv: list[str], said: str,
                                                      tmp_path: Path) -> None:
    # A usage error before anything is played: exit 2, one line saying what is wrong.
    run = run_main("play", "camel-up-2018", "--players", "3", *argv, stdin="", cwd=tmp_path)
    assert (run.returncode, run.stdout) == (2, "")
    assert said in run.stderr and run.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []  # no trace left behind

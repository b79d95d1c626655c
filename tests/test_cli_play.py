"""``race-kernel play GAME [--set key=value ...]`` and the told game (kernel/narrate.py).

The command takes any registered game and its configuration from the game's
``ConfigSpec`` (KERNEL-CONFIG): ``--set`` keys and values, ``--variant`` names;
a bad one is a usage error (exit 2, one line naming it). The told game draws
the table after each event that changes it, with the narrator's own board
(camel-up-cards-2016: the track as each event leaves it), and the generic
teller names nothing the game did not give it.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

import kernel
import kernel.cli
import kernel.registry
from kernel.api import Trace
from kernel.core import Event, Outcome
from kernel.games.camel_up_cards_2016.narrator import NARRATOR, payout_parts
from kernel.games.camel_up_cards_2016.state import CardsState
from kernel.narrate import EVENT, event_line, narrate, score_line
from kernel.plugin import ScoreSpec

ROOT = Path(__file__).resolve().parents[1]
GAME = "camel-up-cards-2016"
#: Games of the 2016 game that together reach every kind of table change: the
#: extension, one and several sandstorm cards, passed figures, the money
#: floor, camels placed under, a fennec back to the Start card where a camel
#: of a later colour stands ((2, 138): the Start card lists camels in colour order).
GAMES_2016 = [(n, seed) for n in range(2, 7) for seed in (1, 2, 3)] + [(2, 138)]
#: What the 2016 narrator's pictures and payout lines read off the table.
DRAWN = ("leg", "track", "stacks", "palm", "fennec", "bets", "winner_bets", "loser_bets",
         "money")


@attrs.frozen
class Run:
    code: int
    out: str
    err: str


def play(*argv: str) -> Run:
    """``race-kernel play ARGV`` in process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = kernel.cli.main(["play", *argv])
    return Run(code, out.getvalue(), err.getvalue())


# --------------------------------------------------------------------------
# the command


def _every_configuration() -> Iterator[tuple[str, str, int]]:
    for gid in kernel.games():
        info = kernel.game_info(gid)
        for variant in info.config.variants:
            for n in range(info.min_players, info.max_players + 1):
                yield gid, variant, n


@pytest.mark.parametrize(("game", "variant", "players"), list(_every_configuration()))
def test_every_game_and_variant_is_told_to_the_end(game: str, variant: str, players: int) -> None:
    # KERNEL-CONFIG: play GAME --variant V --set players=N runs a whole game of every
    # registered game, variant and player count, and tells it to the final standings,
    # one line per seat.
    key = kernel.game_info(game).config.players_key
    run = play(game, "--variant", variant, "--set", f"{key}={players}", "--seed", "3")
    assert (run.code, run.err) == (0, ""), run
    assert f"variant {variant}" in run.out.splitlines()[1]
    standings = run.out.split("\nFinal standings", 1)[1].splitlines()[1:]
    assert len(standings) == players, standings


def test_the_readme_command_tells_a_whole_game_with_rule_ids() -> None:
    # The README's first command: every event is told with its rule IDs, or counted
    # in a summary line that names them; the last score line is the outcome's.
    run = play(GAME, "--players", "4", "--seed", "7")
    assert (run.code, run.err) == (0, "")
    trace = kernel.play(GAME, {"players": 4}, 7)
    lines = run.out.splitlines()
    told = [line.strip() for line in lines]
    summed: dict[str, int] = {}
    for line in told:
        if m := re.fullmatch(r"\d+(?:\.\.\d+)? (\S+) x(\d+) \[[A-Z][^]]*\]", line):
            summed[m.group(1)] = summed.get(m.group(1), 0) + int(m.group(2))
    counted: dict[str, int] = {}
    at = 0
    for step in trace.steps:
        for e in step.events:
            if NARRATOR.quiet(e):
                counted[e.kind] = counted.get(e.kind, 0) + 1
                continue
            line = event_line(NARRATOR, e)  # in words, then its rule IDs
            at = told.index(line, at) + 1  # in order
            assert line.endswith("]") and "[CUC-" in line and "=" not in line
    assert summed == counted and summed  # the summed-up events, each counted once
    outcome = kernel.outcome(trace.final)
    assert outcome is not None
    money = [line for line in lines if line.startswith(f"{EVENT}money (Pounds): ")]
    assert money[-1] == EVENT + score_line(kernel.game_info(GAME), outcome.scores)


def test_each_step_is_headed_once_in_order() -> None:
    # Each told step is headed once ("N who: action"), in the order of the trace.
    lines = list(narrate(kernel.play(GAME, {"players": 5}, 2)))
    numbers = [int(m.group(1)) for line in lines if (m := re.match(r" *(\d+) \S[^:]*: ", line))]
    assert numbers == sorted(set(numbers)) and len(numbers) > 100


def test_an_unfinished_trace_is_told_to_its_last_step() -> None:
    # CUC-LEG-DEAL: a trace cut short in the deal ends with its summed-up deals, and says
    # the game did not finish.
    trace = kernel.play(GAME, {"players": 4}, 7)
    cut = attrs.evolve(trace, steps=trace.steps[:20])
    lines = list(narrate(cut))
    assert lines[-3:] == ["   6..20 dealt x15 [CUC-LEG-DEAL]", "",
                          "the game did not finish in 20 steps"]


def test_verbose_tells_every_event() -> None:
    # --verbose: the deals and hidden choices are told one by one, none summed up.
    run = play(GAME, "--players", "2", "--seed", "1", "--verbose")
    trace = kernel.play(GAME, {"players": 2}, 1)
    told = [line.strip() for line in run.out.splitlines()]
    at = 0
    for step in trace.steps:
        for e in step.events:
            at = told.index(event_line(NARRATOR, e), at) + 1
    assert run.code == 0 and not any(re.match(r"\d+\.\.\d+ ", line) for line in told)


def test_players_is_short_for_set_players_and_the_game_may_be_left_out() -> None:
    # --players N is --set players=N; with one game registered GAME may be left out
    # (the README's old command), and --game G is GAME.
    runs = [play(GAME, "--players", "3", "--seed", "5"),
            play(GAME, "--set", "players=3", "--seed", "5"),
            play("--game", GAME, "--set", "players=3", "--seed", "5")]
    if kernel.games() == (GAME,):
        runs.append(play("--players", "3", "--seed", "5"))
    assert all(r.code == 0 for r in runs) and len({r.out for r in runs}) == 1
    assert "Final standings" in runs[0].out


def test_set_takes_a_list_and_changes_the_game() -> None:
    # CUC-TURN-START: --set age_order=... is the game's age order (a list, comma-separated):
    # the youngest of the seats tied on money starts the first leg.
    run = play(GAME, "--players", "3", "--set", "age_order=2,0,1", "--seed", "1")
    assert run.code == 0 and "age_order=2,0,1" in run.out.splitlines()[1]
    assert "leg 1 starts; Cy begins [CUC-TURN-START]" in run.out


def test_the_game_must_be_named_when_several_are_registered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # With two games registered, play without GAME is a usage error naming both.
    monkeypatch.setitem(kernel.registry.GAMES, "zz-second-game", kernel.game_info(GAME))
    run = play("--players", "2")
    assert run.code == 2 and run.out == ""
    names = ", ".join(sorted(kernel.registry.GAMES))
    assert run.err == f"race-kernel play: name the game: one of {names} (race-kernel games)\n"


@pytest.mark.parametrize(("argv", "names"), [
    ([GAME, "--set", "speed=3"], "'speed'"),  # unknown key
    ([GAME, "--set", "players=four"], "players"),  # not an integer
    ([GAME, "--set", "players=" + "9" * 6000], "players"),  # huge, and clipped
    ([GAME, "--set", "players=9"], "players"),  # KERNEL-CONFIG: out of range
    ([GAME, "--set", "age_order=0,x"], "--set age_order"),  # a bad list item
    ([GAME, "--players", "3", "--set", "age_order=0,1"], "age_order"),  # KERNEL-CONFIG
    ([GAME, "--set", "players"], "'players'"),  # no '='
    ([GAME, "--set", "=4"], "'=4'"),  # no key
    ([GAME, "--players", "3", "--set", "players=4"], "players is given twice"),
    ([GAME, "--players", "x"], "--players"),
    ([GAME, "--variant", "turbo"], "'turbo'"),  # unknown variant
    (["no-such-game"], "'no-such-game'"),
    ([GAME, "--game", "other"], "'other'"),
])
def test_bad_configuration_is_one_line_exit_2(argv: list[str], names: str) -> None:
    # KERNEL-CONFIG: an unknown key, a bad value, an unknown variant or game is a usage
    # error: exit 2, nothing told, one bounded line naming what is wrong, no traceback.
    run = play(*argv)
    assert run.code == 2 and run.out == "", run
    assert run.err.count("\n") == 1 and run.err.startswith("race-kernel play: "), run
    assert names in run.err and len(run.err) < 500 and "Traceback" not in run.err


def test_a_closed_output_stops_the_telling_in_one_line() -> None:
    # The reader goes away (race-kernel play ... | head): no traceback, one line, exit 2
    # (an output that cannot be written).
    read, write = os.pipe()
    os.close(read)  # gone before the first line is written
    try:
        proc = subprocess.run([sys.executable, "-m", "kernel", "play", GAME, "--seed", "4"],
                              stdout=write, stderr=subprocess.PIPE, cwd=ROOT, timeout=60)
    finally:
        os.close(write)
    assert proc.returncode == 2
    assert proc.stderr == b"race-kernel play: the output was closed; the rest is not told\n"


def test_games_lists_configuration_and_variants() -> None:
    # race-kernel games: per game its id, version, seats, name, score, chance and
    # information, each configuration key with its default, and each variant.
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert kernel.cli.main(["games"]) == 0
    text = out.getvalue()
    blocks = {m.group(1): m.group(0) for m in re.finditer(r"^(\S+)  .*\n(?:  .*\n)*", text, re.M)}
    assert list(blocks) == list(kernel.games())
    for gid, block in blocks.items():
        info = kernel.game_info(gid)
        assert block.startswith(f"{gid}  v{info.version}  {info.min_players}-"
                                f"{info.max_players} players  {info.name}\n")
        assert f"score: {info.score.kind} in {info.score.unit}; {info.score.winners}" in block
        assert f"chance: {info.chance_mode}; information: {info.information}" in block
        for field in info.config.fields:
            assert f"--set {field.name}=" in block and field.doc in block
        for name in info.config.variants:
            assert f"--variant {name} " in block
    assert "players=INT            (default: 4)" in text


# --------------------------------------------------------------------------
# the 2016 narrator: the table as each event leaves it


def _carried(trace: Trace) -> Iterator[tuple[Any, Any, list[tuple[Event, Mapping[str, Any]]]]]:
    """Per step: the state before, the step, and each event with the narrator's table after it."""
    before = trace.initial
    for step in trace.steps:
        table: Mapping[str, Any] = kernel.to_data(before)
        frames = []
        for e in step.events:
            table = NARRATOR.after(table, e)
            frames.append((e, table))
        yield before, step, frames
        before = step.state


@pytest.mark.parametrize(("players", "seed"), GAMES_2016)
def test_the_carried_table_is_the_state_after_each_step(players: int, seed: int) -> None:
    # CUC-MOVE-*, CUC-ACT-FIGURE, CUC-MOVE-PASSED, CUC-BET-*, CUC-PAY-*, CUC-LEG-RESET,
    # CUC-EXTEND, CUC-SANDSTORM: carried through a step's events from the state before
    # it, the narrator's table is the state's after it (all that it draws and reads).
    seen: set[str] = set()
    for _before, step, frames in _carried(kernel.play(GAME, {"players": players}, seed)):
        seen |= {e.kind for e, _ in frames}
        if frames:
            truth = kernel.to_data(step.state)
            assert {k: frames[-1][1][k] for k in DRAWN} == {k: truth[k] for k in DRAWN}, step
    assert {"camel-moved", "leg-reset", "figure-placed", "bet", "leg-payout"} <= seen


def test_the_sample_games_reach_every_kind_of_table_change() -> None:
    # The games above do reach the extension, several sandstorm cards at once, passed
    # figures, a fennec back to the Start card, camels placed under and the money floor.
    reached: set[str] = set()
    for players, seed in GAMES_2016:
        for before, _step, frames in _carried(kernel.play(GAME, {"players": players}, seed)):
            table: Mapping[str, Any] = kernel.to_data(before)
            for e, after in frames:
                if e.kind == "sandstorm" and len(e.data["cards"]) > 1:
                    reached.add("sandstorm of several cards")
                if e.kind == "camel-moved":
                    reached.add("to the Start card" if e.data["to"] == 0 else e.data["placed"])
                if e.kind.endswith("-payout") and table["money"][e.data["seat"]] + \
                        e.data["delta"] < 1:
                    reached.add("money floor")
                reached.add(e.kind)
                table = after
    assert {"track-extended", "sandstorm of several cards", "figure-returned",
            "to the Start card", "under", "top", "money floor", "final-payout"} <= reached


def _leg_ending_moves() -> Iterator[tuple[CardsState, Any, list[tuple[Event, Any]]]]:
    for players, seed in GAMES_2016:
        for before, step, frames in _carried(kernel.play(GAME, {"players": players}, seed)):
            kinds = [e.kind for e, _ in frames]
            if before.phase == "draw" and "leg-reset" in kinds and before.discard:
                yield before, step, frames


def test_the_picture_after_a_legs_last_move_is_the_old_track() -> None:
    # CUC-LEG-END then CUC-LEG-RESET, CUC-EXTEND, CUC-SANDSTORM: the table right after
    # the leg's last move shows the camels where the move left them on the old track,
    # the same as the game's own table after the same move in a leg that goes on (one
    # more card in the racing deck); the reset, the extension and the sandstorm follow.
    checked = 0
    for before, step, frames in _leg_ending_moves():
        spare = before.discard[0]
        goes_on = attrs.evolve(before, deck=tuple(sorted((*before.deck, spare))),
                               discard=before.discard[1:])
        result = kernel.apply(goes_on, step.action)
        assert isinstance(result, kernel.Applied)
        moved = next(i for i, (e, _) in enumerate(frames) if e.kind == "camel-moved")
        after_move = frames[moved][1]
        if len(frames) > moved + 1 and frames[moved + 1][0].kind == "figure-returned":
            after_move = frames[moved + 1][1]
        truth = kernel.to_data(result.state)
        assert NARRATOR.draw(after_move) == NARRATOR.draw(truth)
        assert after_move["track"] == kernel.to_data(before)["track"]
        assert NARRATOR.draw(frames[-1][1]) == NARRATOR.draw(kernel.to_data(step.state))
        checked += 1
    assert checked >= 10


def test_the_told_game_draws_each_picture_where_its_event_is() -> None:
    # The told game: in a step that ends a leg with a sandstorm, the picture after the
    # move line is the old track, the pictures after leg-reset and sandstorm follow
    # their lines, and the last one is the state's.
    for players, seed in GAMES_2016:
        trace = kernel.play(GAME, {"players": players}, seed)
        lines = [line.strip() for line in narrate(trace)]
        for n, (_before, step, frames) in enumerate(_carried(trace), 1):
            kinds = [e.kind for e, _ in frames]
            if not {"camel-moved", "sandstorm"} <= set(kinds):
                continue
            moved = kinds.index("camel-moved")
            at = lines.index(event_line(NARRATOR, frames[moved][0]),
                             lines.index(f"{n} chance: {step.action.text}"))
            assert lines[at + 1] == NARRATOR.draw(frames[moved][1])[0]
            reset = lines.index(event_line(NARRATOR, frames[kinds.index("leg-reset")][0]), at)
            storm = lines.index(event_line(NARRATOR, frames[kinds.index("sandstorm")][0]),
                                reset)
            assert lines[storm + 1] == NARRATOR.draw(kernel.to_data(step.state))[0]
            assert lines[storm + 1] != lines[at + 1]
            return
    pytest.fail("no leg ended with a sandstorm in the sample games")


@pytest.mark.parametrize(("players", "seed"), GAMES_2016)
def test_payout_parts_add_up_to_each_payout(players: int, seed: int) -> None:
    # CUC-PAY-LEADER, CUC-PAY-MID, CUC-PAY-FIGURE, CUC-PAY-WINNER, CUC-PAY-LOSER,
    # CUC-RANK: what the narrator says a payout came from (read off the table before
    # it) adds up to the game's payout, and the told line says so, with the floor.
    for before, _step, frames in _carried(kernel.play(GAME, {"players": players}, seed)):
        table: Mapping[str, Any] = kernel.to_data(before)
        for e, after in frames:
            parts = payout_parts(table, e)
            if parts is not None:
                assert sum(amount for _, amount, _ in parts) == e.data["delta"], (parts, e)
                (line,) = NARRATOR.explain(table, e)
                name = NARRATOR.seat_name(e.data["seat"])
                assert line.startswith(f"{name} {e.data['delta']:+d} = ")
                floored = table["money"][e.data["seat"]] + e.data["delta"] < 1
                assert ("money kept at 1 (CUC-MONEY-FLOOR)" in line) == floored
            else:
                assert NARRATOR.explain(table, e) == []
            table = after


def test_the_running_money_follows_each_payout() -> None:
    # CUC-PAY-* then CUC-MONEY-FLOOR: one money line after each run of payouts (the leg
    # payout, then the final one), right after the last seat's payout, with the money
    # the payouts left; none elsewhere but at the start.
    trace = kernel.play(GAME, {"players": 3}, 1)
    lines = list(narrate(trace))
    money = [i for i, line in enumerate(lines) if line.startswith(f"{EVENT}money (Pounds): ")]
    runs = 0
    for _before, _step, frames in _carried(trace):
        for i, (e, table) in enumerate(frames):
            if e.kind.endswith("-payout") and (i + 1 == len(frames)
                                               or frames[i + 1][0].kind != e.kind):
                runs += 1
                line = EVENT + score_line(kernel.game_info(GAME), table["money"])
                # the payout's parts, then money
                explained = lines.index(EVENT + event_line(NARRATOR, e)) + 1
                assert lines[explained + 1] == line
    assert len(money) == runs + 1 and runs >= 3


def test_a_leader_card_payout_is_explained() -> None:
    # CUC-PAY-LEADER, CUC-PAY-FIGURE: a seat holding blue:5 with blue first and the
    # fennec's card gets +5 -1, told as such.
    table = kernel.to_data(kernel.new_game(GAME, {"players": 2}))
    table = {**table, "stacks": [["orange", "white", "yellow"], ["green"], ["blue"],
                                 *table["stacks"][3:]],
             "bets": [["blue:5"], []], "fennec": {"space": 5, "holder": 0}}
    e = Event("leg-payout", ("CUC-PAY-LEADER",), {"seat": 0, "delta": 4, "money": 7})
    assert NARRATOR.explain(table, e) == [
        "Ann +4 = leader card blue 5 +5 (blue 1st), the fennec placed -1 (on space 5)"]


# --------------------------------------------------------------------------
# the teller is generic


class _Stub:
    """A narrator whose every word is marked, to see what the teller adds of its own."""

    def legend(self) -> Sequence[str]:
        return ["<legend>"]

    def draw(self, table: Mapping[str, Any]) -> Sequence[str]:
        return [f"<picture {table.get('stub-events', 0)}>"]

    def seat_name(self, seat: int) -> str:
        return f"<player {seat}>"

    def tell(self, event: Event) -> str:
        return f"<event {event.kind}>"

    def after(self, table: Mapping[str, Any], event: Event) -> Mapping[str, Any]:
        return {**table, "stub-events": table.get("stub-events", 0) + 1}

    def explain(self, table: Mapping[str, Any], event: Event) -> Sequence[str]:
        return ["<why>"] if event.kind.endswith("payout") else []

    def quiet(self, event: Event) -> bool:
        return bool(event.secret) or event.kind == "game-over"  # the last event, too

    def standings(self, outcome: Outcome) -> Sequence[str]:
        return [f"<place of {seat}>" for seat in range(len(outcome.scores))]


#: The teller's own words (all it may add to what the game gives it).
_OWN_WORDS = {"game", "v", "variant", "seed", "events", "summed", "up", "as", "N", "M",
              "kind", "xK", "are", "told", "one", "by", "with", "verbose", "chance", "x",
              "Final", "standings", "tie", "break", "used", "the", "did", "not", "finish",
              "in", "steps", "seats", "seat"}


def test_the_teller_names_nothing_the_game_did_not_give_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Generic telling: with a narrator and score spec whose every word is marked, what
    # is left of the told game after taking out what the game gave (its name, id,
    # configuration, actions, events, narrator's lines, score words) is only the
    # teller's own few words: no seat, camel, card, currency or rule prefix of its own.
    real = kernel.game_info(GAME)

    def outcome(state: Any) -> Outcome | None:
        out = real.outcome(state)
        return None if out is None else attrs.evolve(out, tiebreak="<tie-break>")

    stub = attrs.evolve(real, name="<name>", narrator=_Stub(), outcome=outcome,
                        score=ScoreSpec("<kind>", "<unit>", 1, None, "<winners>"))
    monkeypatch.setitem(kernel.registry.GAMES, GAME, stub)
    trace = kernel.play(GAME, {"players": 3}, 2)
    told = "\n".join(narrate(trace, variant="<variant>"))
    given = {"<name>", "<kind>", "<unit>", "<winners>", "<variant>", GAME, "players=3"}
    for step in trace.steps:
        given.add(step.action.text)
        for e in step.events:
            given |= {e.text, e.kind, " ".join(e.rules)}
    rest = told
    for piece in sorted(given, key=len, reverse=True):
        rest = rest.replace(piece, " ")
    rest = re.sub(r"<[^<>]*>", " ", rest)  # the narrator's lines
    words = set(re.findall(r"[A-Za-z]+", rest))
    assert words <= _OWN_WORDS, words - _OWN_WORDS
    # the stub's after() is what the pictures show: one after each event
    events = sum(len(step.events) for step in trace.steps)
    assert f"<picture {len(trace.steps[-1].events)}>" in told and events > 100
    assert "<kind> (<unit>): <player 0> = " in told and "<why>" in told
    assert told.endswith("\n".join(f"  <place of {seat}>" for seat in range(3)))
    assert "Final standings (<winners>):\n  tie-break used: <tie-break>\n" in told
    assert f"\n{len(trace.steps):4d} game-over x1 [CUC-WINNER]\n" in told


# --------------------------------------------------------------------------
# what a newcomer meets first: --version, --trace, --quiet, help texts, spec path


def cli(*argv: str) -> Run:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = kernel.cli.main(list(argv))
    return Run(code, out.getvalue(), err.getvalue())


def test_version_names_the_distribution() -> None:
    from importlib import metadata

    run = cli("--version")
    assert (run.code, run.out) == (0, f"race-kernel {metadata.version('race-kernel')}\n")


def test_play_trace_writes_a_trace_that_replays(tmp_path: Path) -> None:
    # play --trace FILE: the told game as a JSON Lines trace, replayed exactly.
    from kernel.conformance.trace import read_trace, replay

    path = tmp_path / "game.jsonl"
    run = play(GAME, "--players", "2", "--seed", "4", "--trace", str(path))
    assert run.code == 0
    lines = read_trace(path)
    trace = kernel.play(GAME, {"players": 2}, 4)
    assert [kernel.parse_action(GAME, line["action"]) for line in lines[1:]] == \
        [st.action for st in trace.steps]
    assert replay(path).mismatches == ()
    assert play(GAME, "--trace", str(tmp_path)).code == 2  # a folder cannot be written


def test_quiet_tells_only_the_decisions() -> None:
    # --quiet: the heading, one line per seat's decision (in order), the standings.
    trace = kernel.play("camel-up-2018", {"players": 3}, 1)
    run = play("camel-up-2018", "--players", "3", "--seed", "1", "--quiet")
    assert run.code == 0
    names = kernel.game_info("camel-up-2018").narrator
    told = [line for line in run.out.splitlines() if re.match(r" *\d+ ", line)]
    assert told == [f"{n:4d} {names.seat_name(st.actor)}: {st.action.text}"
                    for n, st in enumerate(trace.steps, 1) if st.actor != kernel.CHANCE]
    assert "Final standings" in run.out
    assert len(run.out.splitlines()) < len(told) + 12


def test_a_picture_is_drawn_again_only_where_it_changes() -> None:
    # The told game draws the first picture whole, then only the picture's lines that
    # changed (a 3-player game of the 2018 game is not the same table over and over).
    from kernel.narrate import GameTeller

    info = kernel.game_info("camel-up-2018")
    trace = kernel.play("camel-up-2018", {"players": 3}, 1)
    teller = GameTeller(info)
    first = kernel.to_data(trace.initial)
    assert teller.picture_of(first) == [EVENT + x for x in info.narrator.draw(first)]
    assert teller.picture_of(first) == []
    checked = 0
    for before, after in zip((trace.initial, *[s.state for s in trace.steps]),
                             [s.state for s in trace.steps], strict=False):
        old = info.narrator.draw(kernel.to_data(before))
        new = info.narrator.draw(kernel.to_data(after))
        teller.picture = [EVENT + x for x in old]
        shown = teller.picture_of(kernel.to_data(after))
        if len(old) == len(new):
            assert shown == [EVENT + b for a, b in zip(old, new, strict=True) if a != b]
            checked += 0 < len(shown) < len(new)
    assert checked > 10
    assert len(list(narrate(trace))) < 2400


def test_help_texts_carry_no_restructuredtext_markup() -> None:
    # --help of the command and its subcommands: plain text, no ``literals`` or :roles:.
    markup = re.compile(r"``|:(?:func|mod|class|meth|data|attr):`")
    for argv in (["--help"], ["play", "--help"], ["games", "--help"], ["status", "--help"],
                 ["spec", "--help"], ["spec", "check", "--help"], ["spec", "path", "--help"],
                 ["replay", "--help"], ["vectors", "--help"], ["view", "--help"],
                 ["match", "--help"], ["odds", "--help"]):
        run = cli(*argv)
        assert run.code == 0, argv
        assert run.out and not markup.search(run.out), (argv, markup.findall(run.out))


def test_spec_path_finds_the_files_the_readme_examples_name(tmp_path: Path) -> None:
    # race-kernel spec path [GAME]: the spec data in use (the shipped copy when installed),
    # so that the README's view example works outside a checkout.
    from kernel.resources import spec_dir

    run = cli("spec", "path", GAME)
    assert run.code == 0 and Path(run.out.strip()) == spec_dir() / GAME
    assert (Path(run.out.strip()) / "vectors" / "game-p4-seed1.jsonl").is_file()
    vector = Path(run.out.strip()) / "vectors" / "game-p2-seed1.jsonl"  # the smallest
    view = cli("view", str(vector), "-o", str(tmp_path / "game.html"))
    assert view.code == 0 and (tmp_path / "game.html").stat().st_size > 1000
    assert cli("spec", "path", "no-such-game").code == 2

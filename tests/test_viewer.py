"""The viewer page without a browser (issue 16): its data, size, content and command.

Fast (the gate runs it): the page of every registered game's golden vector
is built and its embedded tables, rebuilt from their changes, are compared
with the kernel's replay of the recorded trace, in the "all" view and in each
seat's view (``observation``; the events as ``events_seen`` gives them); the
page loads nothing from elsewhere; a seat's page holds nothing that seat may
not see; the 6-player reference game's page stays under 1 MB; ``race-kernel
view`` and ``play --html`` write it and refuse what they cannot show; each
drawing hook's pieces follow the table; ``replay --report`` writes a divergence
report the page shows with both sides. The page in a real browser:
tests/browser/test_viewer_browser.py.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import kernel
from kernel.cli import main
from kernel.conformance.canonical import canonical
from kernel.conformance.trace import read_trace
from kernel.core import Applied
from kernel.narrate import words
from kernel.registry import GAMES
from kernel.viewer import page_of_lines, page_of_trace
from kernel.viewer.model import ViewError, build, delta, patch

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = "camel-up-cards-2016"


def _data_of(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="viewer-data">(.*?)</script>',
                      page, re.S)
    assert found, "the page has no data element"
    data: dict[str, Any] = json.loads(found.group(1).replace("<\\/", "</"))
    return data


def _vector(game: str) -> Path:
    return sorted((ROOT / "spec" / game / "vectors").glob("game-*.jsonl"))[0]


def _tables(frames: list[list[Any]]) -> list[Any]:
    out: list[Any] = []
    table: Any = None
    for ops in frames:
        table = patch(table, ops)
        out.append(table)
    return out


def test_delta_and_patch_round_trip() -> None:
    a = {"x": [[1, 2], [3]], "y": {"k": None}, "z": 1}
    b = {"x": [[2, 1], [3, 4]], "y": {"k": True}, "w": "new"}
    assert patch(a, delta(a, b)) == b
    assert patch(b, delta(b, a)) == a
    assert delta(a, a) == []
    # a boolean is not the number it equals
    assert delta({"v": 1}, {"v": True}) == [[["v"], True]]


@pytest.mark.parametrize("game", kernel.games())
def test_page_tables_are_the_recorded_states(game: str) -> None:
    """Every step's table in the page, in every view, is the kernel's state (or the seat's
    observation) after the recorded step; each seat's events are what events_seen shows."""
    lines = read_trace(_vector(game))
    page = page_of_lines(lines, odds=0)  # the odds: test_odds_at_a_few_decision_steps...
    data = _data_of(page)
    info = kernel.game_info(game)
    state = info.from_data(lines[0]["state"])
    states = [state]
    events = []
    for line in lines[1:]:
        result = info.apply(state, line["action"])
        assert isinstance(result, Applied)
        state = result.state
        states.append(state)
        events.append(result.events)
    seats = info.seats(states[0])
    assert data["views"] == ["all", *(str(s) for s in range(seats))]
    for view in data["views"]:
        tables = _tables(data["frames"][view])
        assert len(tables) == len(states)
        for n, (table, st) in enumerate(zip(tables, states, strict=True)):
            want = info.to_data(st) if view == "all" else info.observation(st, int(view))
            assert table == canonical(want), f"{game} step {n} view {view}"
    for n, (step, evs) in enumerate(zip(data["steps"], events, strict=True), start=1):
        assert [e["r"] for e in step["events"]] == [list(e.rules) for e in evs]
        assert [e["c"] for e in step["events"]] == [e.text[:e.text.rfind(" [")] for e in evs]
        assert [e["t"] for e in step["events"]] == [words(info.narrator, e) for e in evs]
        for seat in range(seats):
            seen = kernel.events_seen(evs, seat)
            shown = [e.get("s", {}).get(str(seat), e["t"]) for e in step["events"]]
            assert shown == [words(info.narrator, e) for e in seen], f"step {n} seat {seat}"
    assert len(page.encode()) < 2_000_000


@pytest.mark.parametrize("game", kernel.games())
def test_page_is_self_contained(game: str) -> None:
    page = page_of_lines(read_trace(_vector(game)), odds=0)
    assert not re.search(r"""\s(src|href)\s*=""", page), "the page loads something"
    assert "<link" not in page and "@import" not in page and "url(" not in page
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", page)
    assert "default-src 'none'" in page  # the browser refuses any fetch
    data = _data_of(page)
    used = {r for s in data["steps"] for e in s["events"] for r in e["r"]}
    assert used and used <= set(data["rules"]), "a rule ID without its catalogue entry"
    entry = data["rules"][sorted(used)[0]]
    assert entry["title"] and entry["text"]


def test_a_seat_page_holds_nothing_the_seat_may_not_see() -> None:
    """``--seat 1``: only seat 1's view; another seat's hand is never in the file."""
    lines = read_trace(_vector(REFERENCE))
    info = kernel.game_info(REFERENCE)
    page = page_of_lines(lines, seat=1)
    data = _data_of(page)
    assert data["views"] == ["1"] and data["pictures"] is None
    assert set(data["frames"]) == {"1"}
    hidden_zones = info.hooks.hidden_zones
    tables = _tables(data["frames"]["1"])
    state = info.from_data(lines[0]["state"])
    for line, table in zip(lines[1:], tables[1:], strict=True):
        result = info.apply(state, line["action"])
        assert isinstance(result, Applied)
        state = result.state
        whole = info.to_data(state)
        for zone in hidden_zones(whole, 1):
            assert zone[0] not in table or table[zone[0]] != whole[zone[0]] or not whole[zone[0]]
    for step in data["steps"]:
        for e in step["events"]:
            assert "s" not in e  # one seat's text only


def test_chance_probabilities_and_standings() -> None:
    trace = kernel.play(REFERENCE, {"players": 3}, 2)
    data = _data_of(page_of_trace(trace))
    chance = [s for s in data["steps"] if s["actor"] == kernel.CHANCE]
    assert chance and all(re.fullmatch(r"\d+/\d+", s["p"]) for s in chance)
    first = trace.steps[0]
    p = dict(kernel.chance_outcomes(trace.initial))[first.action]
    assert data["steps"][0]["p"] == f"{p.numerator}/{p.denominator}"
    out = kernel.outcome(trace.final)
    assert out is not None and data["standings"]["scores"] == list(out.scores)
    assert data["standings"]["lines"]
    notes = [n for s in data["steps"] for n in s["notes"]]
    assert notes, "no payout explained"


def test_reference_drawing_pieces_follow_the_table() -> None:
    """The drawing hook's order of pieces: the stacks bottom to top, hands face down to
    another seat (CUC-MOVE-STACK, CUC-LEG-HIDDEN)."""
    info = kernel.game_info(REFERENCE)
    assert info.drawing is not None
    trace = kernel.play(REFERENCE, {"players": 4}, 1)
    st = trace.steps[60].state
    whole = info.drawing.pieces(kernel.to_data(st))
    seen = info.drawing.pieces(kernel.observation(st, 1))
    data = kernel.to_data(st)
    assert whole["space-1"] == list(data["stacks"][1])
    assert seen["hand-1"] == whole["hand-1"] == list(data["hands"][1])
    assert seen["hand-0"] == ["hidden"] * len(data["hands"][0])
    assert {k: v for k, v in seen.items() if k.startswith("space")} == \
        {k: v for k, v in whole.items() if k.startswith("space")}


def test_a_game_without_a_drawing_gets_the_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, REFERENCE, attrs.evolve(GAMES[REFERENCE], drawing=None))
    trace = kernel.play(REFERENCE, {"players": 2}, 1)
    page = page_of_trace(trace)
    data = _data_of(page)
    assert not data["drawn"] and data["pictures"]["all"][0]
    assert "raceViewerDrawing =" not in page
    assert "Fallback view" in page


def test_a_divergence_keeps_both_sides() -> None:
    lines = [dict(x) for x in read_trace(_vector(REFERENCE))[:3]]
    info = kernel.game_info(REFERENCE)
    state = info.from_data(lines[0]["state"])
    for line in lines[1:]:
        result = info.apply(state, line["action"])
        assert isinstance(result, Applied)
        state = result.state
    expected = canonical(info.to_data(state))
    assert isinstance(expected, dict)
    actual = json.loads(json.dumps(expected))
    actual["turn"] = 7
    lines[0]["kind"] = "diff"
    lines[2]["divergence"] = {"step": 2, "what": "state", "message": "turn differs",
                              "rules": ["CUC-MOVE-STACK"], "expected": expected,
                              "actual": actual}
    data = build(lines)
    d = data["divergence"]
    assert d["step"] == 2 and d["states"] and d["keys"] == ["turn"]
    assert any(p.startswith("turn") for p in d["paths"])
    assert "CUC-MOVE-STACK" in data["rules"]


def test_view_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    vector = _vector(REFERENCE)
    out = tmp_path / "page.html"
    assert main(["view", str(vector), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert main(["view", str(vector), "-o", str(out), "--seat", "9"]) == 2
    assert "seats 0 to" in capsys.readouterr().err
    status = ROOT / "spec" / REFERENCE / "vectors" / "status.jsonl"
    assert main(["view", str(status), "-o", str(out)]) == 2
    assert "status vector" in capsys.readouterr().err
    assert main(["view", str(tmp_path / "missing.jsonl")]) == 2
    assert main(["view", str(vector), "-o", str(tmp_path / "no" / "dir.html")]) == 2
    rejections = ROOT / "spec" / REFERENCE / "vectors" / "rejections.jsonl"
    assert main(["view", str(rejections), "-o", str(out)]) == 0
    data = _data_of(out.read_text(encoding="utf-8"))
    assert any("rejected" in s for s in data["steps"])
    assert not any("mismatch" in s for s in data["steps"])


def test_play_html(tmp_path: Path) -> None:
    out = tmp_path / "played.html"
    done = subprocess.run([sys.executable, "-m", "kernel", "play", REFERENCE, "--players", "2",
                           "--seed", "4", "--html", str(out)], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    data = _data_of(out.read_text(encoding="utf-8"))
    trace = kernel.play(REFERENCE, {"players": 2}, 4)
    assert len(data["steps"]) == len(trace.steps)
    assert main(["play", REFERENCE, "--html", str(tmp_path / "no" / "x.html")]) == 2


def test_six_player_page_is_under_a_megabyte() -> None:
    vector = ROOT / "spec" / REFERENCE / "vectors" / "game-p6-seed1.jsonl"
    page = page_of_lines(read_trace(vector))
    assert len(page.encode("utf-8")) < 1_000_000


def test_a_trace_that_differs_from_the_kernel_is_marked() -> None:
    lines = [dict(x) for x in read_trace(_vector(REFERENCE))[:4]]
    lines[2]["digest"] = "0" * 64
    data = build(lines)
    assert "mismatch" in data["steps"][1] and "mismatch" not in data["steps"][0]
    with pytest.raises(ViewError):
        build([{**lines[0], "version": 99}, *lines[1:]])


def test_tables_after_each_event_are_the_narrators() -> None:
    """Within a step, the "all" view keeps the table after each event but the last, as the
    narrator carries it (a leg's last move before its payouts and reset)."""
    trace = kernel.play(REFERENCE, {"players": 3}, 2)
    data = _data_of(page_of_trace(trace))
    info = kernel.game_info(REFERENCE)
    tables = _tables(data["frames"]["all"])
    seen = 0
    for n, (step, st) in enumerate(zip(data["steps"], trace.steps, strict=True), start=1):
        table: Any = info.to_data(tables[n - 1] and info.from_data(tables[n - 1]))
        after = []
        for e in st.events:
            table = info.narrator.after(table, e)
            after.append(canonical(table))
        for i, ops in step.get("sub", []):
            assert patch(tables[n - 1], ops) == after[i]
            seen += 1
    assert seen, "no step with a table after one of its events"


def test_a_seat_page_of_a_divergence_holds_no_whole_table() -> None:
    lines = [dict(x) for x in read_trace(_vector(REFERENCE))[:2]]
    lines[1]["divergence"] = {"step": 1, "what": "state", "message": "hands[0] differs",
                              "rules": [], "expected": {"secret": 1}, "actual": {"secret": 2}}
    d = build(lines, seat=1)["divergence"]
    assert "expected" not in d and "actual" not in d and "hands" not in d["message"]
    assert build(lines)["divergence"]["actual"] == {"secret": 2}


def test_a_plug_in_game_gets_a_page_with_no_edit_here() -> None:
    """The test-only Toy Race (tests/toygame), registered as a plug-in: its page (the
    fallback: it has no drawing hook) holds its states, every view, from the plug-in
    surface alone."""
    import toygame

    from kernel import registry

    info = registry.register(toygame.INFO)
    try:
        trace = kernel.play(info.id, info.configs()[0], 1)
        data = _data_of(page_of_trace(trace))
        assert not data["drawn"] and data["pictures"]["all"][0]
        states = [trace.initial, *(s.state for s in trace.steps)]
        for view in data["views"]:
            for table, st in zip(_tables(data["frames"][view]), states, strict=True):
                want = info.to_data(st) if view == "all" else info.observation(st, int(view))
                assert table == canonical(want)
    finally:
        registry.unregister(info.id)


def _state_at(game: str, config: dict[str, Any], seed: int, pick: Any) -> Any:
    """The first state of a seeded game for which ``pick(plain data)`` holds."""
    trace = kernel.play(game, config, seed)
    for st in (trace.initial, *(s.state for s in trace.steps)):
        if pick(kernel.to_data(st)):
            return st
    raise AssertionError(f"{game} {config} seed {seed}: no state fits")


def test_card_game_2023_drawing_pieces_follow_the_table() -> None:
    """The 2023 drawing's pieces: each cell's camels bottom to top (CUG-MOVE-STACK), the
    played pile in order, another seat's hand face down before play begins and face up
    after (CUG-LEG-HIDDEN, CUG-LEG-PERSONAL)."""
    game = "camel-up-card-game-2023"
    info = kernel.game_info(game)
    assert info.drawing is not None
    dealing = _state_at(game, {"players": 3}, 2,
                        lambda d: all(d["hands"]) and d["phase"] not in ("play", "draw"))
    data = kernel.to_data(dealing)
    whole = info.drawing.pieces(data)
    seen = info.drawing.pieces(kernel.observation(dealing, 1))
    assert whole["hand-0"] == list(data["hands"][0]) and whole["hand-1"] == data["hands"][1]
    assert seen["hand-1"] == whole["hand-1"]
    assert seen["hand-0"] == ["hidden"] * len(data["hands"][0]) != whole["hand-0"]
    assert [whole[f"space-{i}"] for i in range(len(data["stacks"]))] == data["stacks"]
    playing = _state_at(game, {"players": 3}, 2, lambda d: len(d["played"]) >= 2)
    seen = info.drawing.pieces(kernel.observation(playing, 1))
    data = kernel.to_data(playing)
    assert seen["played"] == data["played"]
    assert seen["hand-0"] == data["hands"][0]  # the personal card lies face up


def test_hare_and_tortoise_drawing_pieces_follow_the_table() -> None:
    """The Hare & the Tortoise drawing's pieces: the animals of each tile in the racing
    order (HT-RACE-ORDER), the podium by place (HT-END-PODIUM), the table's cards; another
    seat's hand and bets face down (HT-SETUP-DEAL, HT-SETUP-SECOND) until every bet is
    shown at the end (HT-END-GAME)."""
    game = "hare-and-tortoise-2014"
    info = kernel.game_info(game)
    assert info.drawing is not None
    trace = kernel.play(game, {"players": 3}, 4)
    mid = trace.steps[len(trace.steps) // 2].state
    data = kernel.to_data(mid)
    whole = info.drawing.pieces(data)
    order = ["hare", "tortoise", "wolf", "fox", "lamb"]
    for tile in range(13):
        assert whole[f"space-{tile}"] == [a for a, p in zip(order, data["positions"],
                                                              strict=True) if p == tile]
    assert sum(len(whole[f"space-{t}"]) for t in range(13)) == 5
    assert whole["table"] == data["table"]
    assert whole["bets-2"] == [*data["starting"][2], *data["second"][2]]
    seen = info.drawing.pieces(kernel.observation(mid, 0))
    assert seen["hand-0"] == whole["hand-0"] and seen["bets-0"] == whole["bets-0"]
    assert seen["hand-1"] == ["hidden"] * len(data["hands"][1])
    assert seen["bets-1"] == ["hidden"] * len(whole["bets-1"])
    end = kernel.to_data(trace.final)
    places = [k for k in info.drawing.pieces(end) if k.startswith("podium-")]
    assert places and places[0] == "podium-1"
    assert [a for k in places for a in info.drawing.pieces(end)[k]] == \
        [a for group in end["podium"] for a in group]
    shown = info.drawing.pieces(kernel.observation(trace.final, 0))
    assert "hidden" not in shown["bets-1"] and len(shown["bets-1"]) == len(whole["bets-1"])


def test_every_page_carries_the_shared_svg_helpers_once() -> None:
    """The shared SVG helpers (kernel/viewer/svg.py) come before the game's drawing script,
    in the one function that wraps it; a page without a drawing has none of them."""
    from kernel.viewer.svg import SCRIPT as HELPERS

    trace = kernel.play(REFERENCE, {"players": 2}, 1)
    page = page_of_trace(trace)
    drawing = kernel.game_info(REFERENCE).drawing
    assert drawing is not None
    start = page.index("window.raceViewerDrawing = (function ()")
    assert page.count(HELPERS) == 1 and start < page.index(HELPERS) < page.index(drawing.script)
    assert "function esc(" not in drawing.script  # the drawing relies on the helpers


_MUTANT = [sys.executable, str(ROOT / "tests" / "fixtures" / "mutant_server.py")]


def _short_vector(tmp_path: Path, steps: int) -> Path:
    lines = _vector(REFERENCE).read_text(encoding="utf-8").splitlines(keepends=True)
    short = tmp_path / "short.jsonl"
    short.write_text("".join(lines[:steps + 1]), encoding="utf-8")
    return short


def test_replay_report_of_a_program(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``replay TRACE --report FILE -- PROGRAM`` (the stack-under mutant, CUC-MOVE-STACK
    broken): the report is a trace up to the first differing line, with a divergence note
    holding both whole states (the kernel's and the program's), which ``view`` shows like a
    ``diff`` report: the step before, both sides, the differing field marked."""
    trace = _short_vector(tmp_path, 6)
    report = tmp_path / "report.jsonl"
    assert main(["replay", str(trace), "--report", str(report), "--", *_MUTANT,
                 "stack-under"]) == 1
    assert "divergence report saved" in capsys.readouterr().out
    lines = read_trace(report)
    assert lines[0]["kind"] == "diff"
    div = lines[-1]["divergence"]
    assert [x.get("divergence") for x in lines[:-1]] == [None] * (len(lines) - 1)
    assert div["what"] == "state" and div["step"] == lines[-1]["n"] == len(lines) - 1
    assert "CUC-MOVE-STACK" in div["rules"] and "stack-under" in div["message"]
    # the kernel's side is the recorded state; the program's differs in the stacks only
    info = kernel.game_info(REFERENCE)
    state = info.from_data(lines[0]["state"])
    for line in lines[1:]:
        result = info.apply(state, line["action"])
        assert isinstance(result, Applied)
        state = result.state
    assert div["expected"] == canonical(info.to_data(state)) == lines[-1]["state"]
    assert {k for k in div["expected"] if div["expected"][k] != div["actual"][k]} == {"stacks"}
    d = build(lines)["divergence"]
    assert d["step"] == len(lines) - 1 and d["states"] and d["keys"] == ["stacks"]
    out = tmp_path / "report.html"
    assert main(["view", str(report), "-o", str(out)]) == 0
    assert main(["replay", str(report)]) == 0  # the report replays exactly on the kernel


def test_replay_report_only_on_a_divergence(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """No divergence, no report; --report needs a program; a program that fails at once is
    reported as a failure of the program, before the game (step 0)."""
    trace = _short_vector(tmp_path, 2)
    report = tmp_path / "report.jsonl"
    assert main(["replay", str(trace), "--report", str(report), "--", *_MUTANT, "none"]) == 0
    assert "no report written" in capsys.readouterr().out and not report.exists()
    assert main(["replay", str(trace), "--report", str(report)]) == 2
    assert "give the program" in capsys.readouterr().err
    assert main(["replay", str(trace), "--report", str(tmp_path / "no" / "r.jsonl"), "--",
                 *_MUTANT, "none"]) == 2
    assert main(["replay", str(trace), "--report", str(report), "--", sys.executable,
                 "-c", "pass"]) == 1
    lines = read_trace(report)
    assert len(lines) == 1 and lines[0]["divergence"]["failure"] == "crash"
    assert build(lines)["divergence"]["step"] == 0
    # a program that crashes on step 3 (the first +2 draw of the vector): reported there
    trace = _short_vector(tmp_path, 5)
    assert main(["replay", str(trace), "--report", str(report), "--", *_MUTANT, "crash"]) == 1
    lines = read_trace(report)
    div = lines[-1]["divergence"]
    assert (len(lines), div["step"], div["what"], div["failure"]) == (4, 3, "program", "crash")
    assert build(lines)["divergence"]["failure"] == "crash"


def test_rule_text_is_formatted_without_file_names() -> None:
    """A rule's catalogue entry is embedded as formatted text: the quoted rulebook words in
    a block quote headed by the rulebook and its section, the labelled paragraphs with their
    label in bold; no raw Markdown, no rulebook file name (``003_....txt``)."""
    from kernel.spec.catalogue import load
    from kernel.viewer.model import catalogue_entries

    ids = {r.id for c in load(ROOT / "spec") for r in c.rules}
    entries = catalogue_entries(ids)
    assert set(entries) == ids and len(ids) >= 200
    for rule, entry in entries.items():
        text = entry["html"]
        assert set(re.findall(r"</?([a-z]+)", text)) <= {"blockquote", "p", "cite", "strong",
                                                          "em", "code"}, rule
        shown = re.sub(r"<[^>]+>", "", text)
        assert "**" not in shown and not re.search(r"\d{3}_[0-9a-f]{6,}\.txt", shown), rule
        assert not re.search(r"^>|\n>", shown), rule
    tiles = entries["CU2-TILE-PLACE"]["html"]
    assert tiles.startswith("<blockquote><p><cite>Rulebook 003, \u201cPlace your spectator "
                            "tile\u201d</cite>")
    assert "an <strong>empty</strong> space" in tiles and "<em>cheering side</em>" in tiles
    assert "<p><strong>Reading:</strong> The actions <code>cheer:&lt;space&gt;</code>" in tiles


def _mid_leg(game: str, steps: int) -> kernel.Trace:
    """A seeded 3-player game of ``game`` from a state late in its first leg (three dice
    out: the odds are cheap there), ``steps`` steps long."""
    trace = kernel.play(game, {"players": 3}, 1)
    k = next(i for i, st in enumerate(trace.steps)
             if len(kernel.to_data(st.state)["revealed"]) == 3)
    return attrs.evolve(trace, initial=trace.steps[k].state,
                        steps=trace.steps[k + 1:k + 1 + steps])


def test_a_public_step_shows_its_action_and_a_hidden_one_is_not_in_a_seat_page() -> None:
    """A die roll, a revealed card, a bet: nothing hidden, the step is marked public and a
    seat's view shows its action; a deal or another seat's face-down choice is not, and a
    ``--seat`` page holds neither its action nor its probability (CUC-LEG-HIDDEN)."""
    trace = kernel.play(REFERENCE, {"players": 3}, 2)
    trace = attrs.evolve(trace, steps=trace.steps[:80])
    whole = _data_of(page_of_trace(trace))["steps"]
    seat1 = _data_of(page_of_trace(trace, seat=1))["steps"]
    public = hidden = 0
    for st, step, mine in zip(trace.steps, whole, seat1, strict=True):
        secret = any(e.seen_by(s) != e for e in st.events for s in range(3))
        assert step.get("pub", False) == (bool(st.events) and not secret)
        assert step["action"] == st.action.text
        if step.get("pub") or st.actor == 1:
            assert mine["action"] == step["action"]
            public += st.actor != 1
        else:
            assert mine["action"] is None and "p" not in mine
            hidden += 1
    assert public > 10 and hidden > 10
    steps = _data_of(page_of_trace(_mid_leg("camel-up-2018", 12), odds=0))["steps"]
    dice = [s for s in steps if s["actor"] == kernel.CHANCE]
    assert dice and all(s["pub"] for s in dice)


def test_odds_at_a_few_decision_steps_from_the_deciding_seat() -> None:
    """A game with exact odds (``GameInfo.seat_odds``): at most ``odds`` decision steps get
    them, evenly spread, each from the view of the seat about to decide, equal to
    ``kernel.seat_odds`` of the history up to that step; a seat's page only at its own
    decisions; none with ``odds=0``; a game without odds has none."""
    cut = _mid_leg("camel-up-2018", 12)
    data = _data_of(page_of_trace(cut, odds=2))["odds"]
    at = {int(n): x for n, x in data["at"].items()}
    decisions = [n for n in range(len(cut.steps) + 1)
                 if kernel.current_actor(cut.steps[n - 1].state if n else cut.initial) >= 0]
    assert data["candidates"] == len(decisions) >= 3 and data["most"] == 2
    assert sorted(at) == [decisions[0], decisions[-1]]
    n = decisions[-1]
    seat = kernel.current_actor(cut.steps[n - 1].state)
    want = kernel.seat_odds(attrs.evolve(cut, steps=cut.steps[:n]), seat)
    assert want is not None and at[n]["seat"] == seat and at[n]["reading"] == want.reading
    assert at[n]["places"] == [[c, [f"{p.numerator}/{p.denominator}" for p in ps]]
                               for c, ps in want.places]
    assert at[n]["ends"] == f"{want.race_ends.numerator}/{want.race_ends.denominator}"
    assert {a: v for a, v in at[n]["values"]} == \
        {a: f"{v.numerator}/{v.denominator}" for a, v in want.values}
    mine = _data_of(page_of_trace(cut, seat=seat, odds=1))["odds"]
    assert [x["seat"] for x in mine["at"].values()] == [seat]
    assert _data_of(page_of_trace(cut, odds=0))["odds"]["at"] == {}
    assert _data_of(page_of_trace(kernel.play("hare-and-tortoise-2014", {"players": 2},
                                              1)))["odds"] is None


def test_card_game_odds_only_where_the_game_says_they_are_quick() -> None:
    """The card games' odds take seconds early in a leg (a full racing deck): a page
    computes them only at decision steps the game's ``odds_quick`` accepts."""
    info = kernel.game_info(REFERENCE)
    assert info.odds_quick is not None
    trace = kernel.play(REFERENCE, {"players": 3}, 4)
    data = _data_of(page_of_trace(trace, odds=3))["odds"]
    assert 0 < data["candidates"] < data["decisions"]
    assert len(data["at"]) == 3
    for n, at in data["at"].items():
        assert info.odds_quick(trace.steps[int(n) - 1].state if int(n) else trace.initial)
        assert at.get("reading") == "CUC-ODDS"  # a leg under way: odds, not "none"


def test_view_odds_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from kernel.conformance.trace import write_trace

    trace = tmp_path / "mid-leg.jsonl"
    write_trace(trace, _mid_leg("camel-up-2018", 6))
    out = tmp_path / "page.html"
    assert main(["view", str(trace), "-o", str(out), "--odds", "-1"]) == 2
    assert "--odds" in capsys.readouterr().err
    assert main(["view", str(trace), "-o", str(out), "--odds", "1"]) == 0
    assert len(_data_of(out.read_text(encoding="utf-8"))["odds"]["at"]) == 1

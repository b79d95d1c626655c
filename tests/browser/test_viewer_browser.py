"""The viewer page in a real browser (issue 16): headless Chromium driven by Playwright.

For every registered game and variant: the page of its golden vector
(``race-kernel view``) and of a played game (``race-kernel play --html``) is
opened, stepped from the first to the last step with the keyboard, and at
every step what the page shows (read from the DOM: the pieces on each space
in order, the scores, the events, the plain data) is compared with the
recorded state; the seat views must show what ``observation`` and
``events_seen`` show that seat and nothing more; no console error may occur.
A ``diff`` divergence report and a ``replay --report`` divergence report (the
mutant server of tests/fixtures) are opened too, and a deliberately wrong
drawing (two pieces swapped on a place, in the page's script) must be caught
in every game's page. Every page must read at a phone's width, and each
game's page is shot at a few steps, wide (1280 px) and narrow (420 px), its
layout checked at each (``viewer_check.LAYOUT``: nothing wider than its box or
the window, no drawing text past the drawing's edge, the drawing not shrunk,
the payout list not in a scroll box). Screenshots go to RACE_KERNEL_SCREENSHOTS
(a folder), else to race-kernel-viewer-browser/ in the system's temporary
folder; the layout test prints where.

This file is its own step of ``.ci/run`` (outside the gate's time budget):
``RACE_KERNEL_BROWSER=run python3 -m pytest tests/browser``. The gate's run
(the README's test command) skips it, saying so in its summary (``-ra``) with
the command above and whether a browser is present here; with
RACE_KERNEL_BROWSER=run and no browser it fails, saying how to install one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from viewer_check import (
    BUILD,
    CHROMIUM,
    INSTALL,
    LAUNCH_ARGS,
    LAYOUT,
    READ_DOM,
    ROOT,
    Expected,
    differences,
    expected_of_file,
    expected_of_trace,
    missing,
    sync_playwright,
)

import kernel
from kernel.conformance.canonical import canonical
from kernel.viewer import page_of_trace

pytestmark = pytest.mark.browser

if os.environ.get("RACE_KERNEL_BROWSER") != "run":
    _lacks = missing()
    pytest.skip("the viewer's browser test is its own step of .ci/run: "
                "RACE_KERNEL_BROWSER=run python3 -m pytest tests/browser ("
                + (f"not runnable here: {_lacks}; {INSTALL}" if _lacks else
                   "a browser is present here") + ")", allow_module_level=True)

#: Seats whose view is compared at every step (besides "all"), per page.
SEAT_VIEWS = 2


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    lacks = missing()
    if lacks:
        pytest.fail(f"{lacks}: {INSTALL}", pytrace=False)
    BUILD.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=list(LAUNCH_ARGS))
        try:
            yield b
        finally:
            b.close()


class Opened:
    """A page opened in the browser, with its console errors collected."""

    def __init__(self, browser: Any, path: Path, width: int = 1280, height: int = 800) -> None:
        self.page = browser.new_page(viewport={"width": width, "height": height})
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text}")
                     if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        started = time.monotonic()
        self.page.goto(path.as_uri())
        self.page.wait_for_function("window.raceViewer !== undefined")
        self.seconds = time.monotonic() - started

    def shown(self) -> dict[str, Any]:
        result: dict[str, Any] = self.page.evaluate(READ_DOM)
        return result

    def close(self) -> None:
        self.page.close()


def _cli(*args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "kernel", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def walk(opened: Opened, expected: Expected, view: str) -> list[str]:
    """Step from the first to the last step with the keyboard, comparing every step."""
    page = opened.page
    if view != opened.shown()["view"]:
        page.select_option("#view", view)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Home")
    problems = differences(opened.shown(), expected, 0, view)
    last = len(expected.states) - 1
    for n in range(1, last + 1):
        page.keyboard.press("ArrowRight")
        problems += differences(opened.shown(), expected, n, view)
        if len(problems) > 20:
            break
    return problems


def after_events(opened: Opened, expected: Expected, most: int = 40) -> list[str]:
    """The "table after this event" pictures of the "all" view: each is the narrator's
    table after that event (``Narrator.after`` from the state before the step)."""
    page = opened.page
    if "all" not in page.evaluate("window.raceViewer.views"):
        return []
    page.select_option("#view", "all")
    info = kernel.game_info(expected.game)
    problems: list[str] = []
    checked = 0
    for n in range(1, len(expected.states)):
        if checked >= most:
            break
        page.evaluate(f"window.raceViewer.go({n})")
        marks = page.eval_on_selector_all("#events button.after-event",
                                          "bs => bs.map(b => Number(b.dataset.after))")
        if not marks:
            continue
        table: Any = kernel.to_data(expected.states[n - 1])
        tables = []
        for e in expected.events[n - 1]:
            table = info.narrator.after(table, e)
            tables.append(canonical(table))
        for i in marks:
            page.click(f'#events button.after-event[data-after="{i}"]')
            shown = opened.shown()
            checked += 1
            if json.loads(shown["plain"]) != tables[i]:
                problems.append(f"step {n} event {i}: the plain data is not the narrator's")
            if info.drawing is not None:
                want = {k: list(v) for k, v in info.drawing.pieces(tables[i]).items()}
                if shown["pieces"] != want:
                    problems.append(f"step {n} event {i}: drawn {shown['pieces']}, "
                                    f"the narrator's table {want}")
            scores = tables[i].get(info.hooks.score_key) if isinstance(tables[i], dict) else None
            if isinstance(scores, list) and shown["scores"] != [str(x) for x in scores]:
                problems.append(f"step {n} event {i}: scores {shown['scores']} not {scores}")
    return problems


#: RACE_KERNEL_VIEWER_PLANT=swap plants the wrong drawing of test_a_wrong_drawing_is_caught
#: in every page this file checks (to watch the whole test fail on it). The line is the
#: shared SVG helpers' (kernel/viewer/svg.py): every game's drawing lays out the pieces of
#: a place with it, so the plant swaps the first two pieces of a place in every game.
PLANT = os.environ.get("RACE_KERNEL_VIEWER_PLANT") == "swap"
RIGHT = "const order = pieces.slice(); // bottom to top"
WRONG = ("const order = pieces.length > 1 ? [pieces[1], pieces[0], ...pieces.slice(2)]"
         " : pieces.slice();")
#: A phone's screen (CSS pixels) at which every page must read without sideways scrolling.
PHONE = (390, 844)


def plant(path: Path) -> Path:
    """``path``, with the wrong drawing planted when RACE_KERNEL_VIEWER_PLANT=swap."""
    if PLANT:
        path.write_text(path.read_text(encoding="utf-8").replace(RIGHT, WRONG), encoding="utf-8")
    return path


def check_page(browser: Any, path: Path, expected: Expected, name: str) -> Opened:
    opened = Opened(browser, plant(path))
    views: list[str] = opened.page.evaluate("window.raceViewer.views")
    checked = ["all", *[v for v in views if v != "all"][:SEAT_VIEWS]]
    for view in checked:
        problems = walk(opened, expected, view)
        assert not problems, f"{name}, view {view}:\n" + "\n".join(problems[:20])
        opened.page.screenshot(path=str(BUILD / f"{name}-view-{view}-last.png"))
    problems = after_events(opened, expected)
    assert not problems, f"{name}, the tables after each event:\n" + "\n".join(problems[:20])
    # keyboard: back, first and last
    page = opened.page
    page.select_option("#view", "all")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("End")
    assert opened.shown()["step"] == len(expected.states) - 1
    page.keyboard.press("ArrowLeft")
    assert opened.shown()["step"] == len(expected.states) - 2
    page.keyboard.press("Home")
    assert opened.shown()["step"] == 0
    page.evaluate(f"window.raceViewer.go({len(expected.states) // 2})")
    page.screenshot(path=str(BUILD / f"{name}-middle.png"), full_page=True)
    # readable at a phone's width: nothing wider than the screen but the board's own scroll
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE[0] + 10, f"{name}: the page is {width} px wide at a phone's width"
    page.screenshot(path=str(BUILD / f"{name}-phone.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    assert not opened.errors, opened.errors
    return opened


def _games() -> list[str]:
    return list(kernel.games())


def _vector(game: str) -> Path:
    folder = ROOT / "spec" / game / "vectors"
    found = sorted(folder.glob("game-*.jsonl"))
    assert found, f"{game}: no golden vector in {folder}"
    return found[0]


@pytest.mark.parametrize("game", _games())
def test_golden_vector_page(browser: Any, game: str) -> None:
    vector = _vector(game)
    out = BUILD / f"{game}-vector.html"
    _cli("view", str(vector), "-o", str(out))
    check_page(browser, out, expected_of_file(vector), f"{game}-vector").close()


@pytest.mark.parametrize("game,variant", [(g, v) for g in _games()
                                          for v in kernel.game_info(g).config.variants])
def test_played_game_page(browser: Any, game: str, variant: str) -> None:
    """``race-kernel play --html`` for every variant (at the fewest players)."""
    info = kernel.game_info(game)
    out = BUILD / f"{game}-{variant}-play.html"
    _cli("play", game, "--variant", variant, "--players", str(info.min_players),
         "--seed", "3", "--html", str(out))
    config = {**info.config.variants[variant], info.config.players_key: info.min_players}
    variant_config = next(c for c in info.configs() if c == config)
    trace = kernel.play(game, variant_config, 3)
    check_page(browser, out, expected_of_trace(trace), f"{game}-{variant}-play").close()


def test_fallback_page_without_a_drawing(browser: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game without a drawing hook gets the labelled text fallback, checked the same way."""
    import attrs

    from kernel.registry import GAMES

    game = "camel-up-cards-2016" if "camel-up-cards-2016" in GAMES else _games()[0]
    monkeypatch.setitem(GAMES, game, attrs.evolve(GAMES[game], drawing=None))
    trace = kernel.play(game, kernel.game_info(game).configs()[0], 5)
    out = BUILD / "fallback.html"
    out.write_text(page_of_trace(trace), encoding="utf-8")
    opened = check_page(browser, out, expected_of_trace(trace), "fallback")
    assert opened.shown()["fallback"]
    opened.close()


def check_divergence_page(browser: Any, report: Path, name: str, marked: str) -> None:
    """A divergence report's page: the divergence shown with the step before it and both
    sides drawn (the pieces of the drawing hook), the differing field ``marked``."""
    out = BUILD / f"{name}.html"
    _cli("view", str(report), "-o", str(out))
    lines = [json.loads(x) for x in report.read_text().splitlines()]
    info = kernel.game_info(lines[0]["game"])
    assert info.drawing is not None
    opened = Opened(browser, plant(out))
    page = opened.page
    assert page.is_visible("#divergence")
    rows = page.eval_on_selector_all("#divergence-fields tr.differs",
                                     "rows => rows.map(r => r.dataset.differs)")
    assert marked in rows, rows
    sides = page.eval_on_selector_all("#divergence figure[data-side]",
                                      "fs => fs.map(f => f.dataset.side)")
    assert sides == ["before", "expected", "actual"]
    div = next(x["divergence"] for x in lines if "divergence" in x)
    assert div["expected"] != div["actual"]
    expected = expected_of_file(report)
    for side, table in (("before", expected.table(div["step"] - 1, "all")),
                        ("expected", div["expected"]), ("actual", div["actual"])):
        drawn = page.evaluate(
            "(side) => { const out = {}; for (const s of document.querySelectorAll("
            "'#divergence figure[data-side=\"' + side + '\"] [data-space]')) {"
            " out[s.dataset.space] = Array.from(s.querySelectorAll('[data-piece]'))"
            ".map(p => p.dataset.piece); } return out; }", side)
        assert drawn == {k: list(v) for k, v in info.drawing.pieces(table).items()}, side
    page.click("#goto-divergence")
    assert opened.shown()["step"] == div["step"] - 1
    page.screenshot(path=str(BUILD / f"{name}.png"), full_page=True)
    assert not opened.errors, opened.errors
    opened.close()


def test_diff_divergence_page(browser: Any) -> None:
    """A real ``race-kernel diff`` report (the stack-under mutant): both sides from the step
    before the divergence, the differing field marked."""
    report = BUILD / "diff-trace.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "kernel", "diff", "--game", "camel-up-cards-2016", "--examples",
         "5", "--trace-out", str(report), "--", sys.executable,
         str(ROOT / "tests" / "fixtures" / "mutant_server.py"), "stack-under"],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and report.is_file(), done.stdout + done.stderr
    check_divergence_page(browser, report, "diff", "stacks")


def test_replay_divergence_page(browser: Any) -> None:
    """``race-kernel replay VECTOR --report FILE -- PROGRAM`` (the stack-under mutant
    replaying a golden vector): the same page as a diff report, both sides drawn."""
    report = BUILD / "replay-report.jsonl"
    report.unlink(missing_ok=True)
    vector = ROOT / "spec" / "camel-up-cards-2016" / "vectors" / "game-p4-seed1.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "kernel", "replay", str(vector), "--report", str(report), "--",
         sys.executable, str(ROOT / "tests" / "fixtures" / "mutant_server.py"), "stack-under"],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and report.is_file(), done.stdout + done.stderr
    check_divergence_page(browser, report, "replay-report", "stacks")


@pytest.mark.parametrize("game", [g for g in _games() if kernel.game_info(g).drawing])
def test_a_wrong_drawing_is_caught(browser: Any, game: str) -> None:
    """Two pieces swapped on a place in the page's script (the shared helper every drawing
    lays out a place with): the comparison must fail, for every game with a drawing."""
    info = kernel.game_info(game)
    trace = kernel.play(game, info.configs()[0], 1)
    page = page_of_trace(trace)
    assert RIGHT in page
    out = BUILD / f"planted-swap-{game}.html"
    out.write_text(page.replace(RIGHT, WRONG), encoding="utf-8")
    opened = Opened(browser, out)
    problems = walk(opened, expected_of_trace(trace), "all")
    opened.close()
    print(f"{game}: " + "\n".join(problems[:3]))
    assert any("drawn" in p for p in problems), "the swapped pieces were not caught"


def test_seat_view_file_and_phone_width(browser: Any) -> None:
    """``--seat N`` writes only that seat's view; the page reads at a phone's width; every
    control is reachable with the Tab key; a rule ID opens its catalogue entry."""
    game = "camel-up-cards-2016"
    vector = _vector(game)
    out = BUILD / "seat1.html"
    _cli("view", str(vector), "-o", str(out), "--seat", "1")
    expected = expected_of_file(vector)
    opened = Opened(browser, plant(out), width=PHONE[0], height=PHONE[1])
    assert opened.page.evaluate("window.raceViewer.views") == ["1"]
    problems = walk(opened, expected, "1")
    assert not problems, "\n".join(problems[:20])
    page = opened.page
    page.evaluate("window.raceViewer.go(40)")
    page.screenshot(path=str(BUILD / "seat1-phone.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE[0] + 10, f"the page is {width} px wide at a phone's width"
    # Tab reaches every control
    reached = set()
    for _ in range(12):
        page.keyboard.press("Tab")
        reached.add(page.evaluate("document.activeElement.id || document.activeElement.tagName"))
    assert {"first", "back", "forward", "last", "slider", "view"} <= reached or \
        {"forward", "last", "slider"} <= reached, reached
    page.evaluate("window.raceViewer.go(20)")
    page.locator("#events button.rule").first.click()
    assert page.is_visible("#rule-dialog")
    assert page.text_content("#rule-text")
    page.keyboard.press("Escape")
    assert not page.is_visible("#rule-dialog")
    assert not opened.errors, opened.errors
    opened.close()


def test_size_and_speed_of_a_six_player_page(browser: Any) -> None:
    """The 6-player golden vector of the reference game: under 1 MB, opening and stepping
    quickly (the figures are printed: pytest -s)."""
    vector = ROOT / "spec" / "camel-up-cards-2016" / "vectors" / "game-p6-seed1.jsonl"
    out = BUILD / "p6.html"
    _cli("view", str(vector), "-o", str(out))
    size = out.stat().st_size
    opened = Opened(browser, out)
    page = opened.page
    started = time.monotonic()
    for _ in range(100):
        page.keyboard.press("ArrowRight")
    step_ms = (time.monotonic() - started) * 10
    seat_started = time.monotonic()
    page.select_option("#view", "3")
    seat_ms = (time.monotonic() - seat_started) * 1000
    print(f"6-player page: {size} bytes, opened in {opened.seconds:.3f} s, "
          f"{step_ms:.1f} ms a step (key press to drawn), first seat view {seat_ms:.0f} ms")
    assert size < 1_000_000
    assert opened.seconds < 3.0  # under 1 s when the machine is not busy (see the print)
    assert not opened.errors, opened.errors
    opened.close()


#: The widths at which each game's page is shot and its layout checked: a desktop and a
#: narrow phone.
WIDTHS = (1280, 420)


@pytest.mark.parametrize("game", _games())
def test_screenshots_and_layout(browser: Any, game: str) -> None:
    """Each game's golden-vector page (``view --odds 2``) at a few steps (the first, a
    third, two thirds, the last, and the steps with odds where the game has them), wide
    and 420 px narrow, in the "all" view and, narrow, in seat 1's view and with a rule's
    entry open: a screenshot of each, and the layout checked at each (LAYOUT)."""
    vector = _vector(game)
    out = BUILD / f"{game}-layout.html"
    _cli("view", str(vector), "-o", str(out), "--odds", "2")
    opened = Opened(browser, out)
    page = opened.page
    last = page.evaluate("window.raceViewer.steps")
    odds = page.eval_on_selector_all("#odds-body button.odds-go",
                                     "bs => bs.map(b => Number(b.dataset.go))")
    steps = sorted({0, last // 3, 2 * last // 3, last, *odds})
    problems: list[str] = []
    shots: list[str] = []

    def check(name: str) -> None:
        problems.extend(f"{game} {name}: {p}" for p in page.evaluate(LAYOUT))
        path = BUILD / f"{game}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        shots.append(path.name)

    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        for n in steps:
            page.evaluate(f"window.raceViewer.go({n})")
            check(f"step{n}-{width}px")
    page.select_option("#view", "1")
    page.evaluate(f"window.raceViewer.go({steps[len(steps) // 2]})")
    check(f"seat1-step{steps[len(steps) // 2]}-{WIDTHS[-1]}px")
    page.locator("#events button.rule").first.click()
    assert page.is_visible("#rule-dialog")
    assert page.eval_on_selector("#rule-text", "e => e.scrollWidth <= e.clientWidth + 1")
    assert "**" not in page.text_content("#rule-text") and page.query_selector(
        "#rule-text p, #rule-text blockquote") is not None
    check(f"rule-{WIDTHS[-1]}px")
    page.keyboard.press("Escape")
    if kernel.game_info(game).seat_odds is not None:
        assert odds, f"{game}: no step with odds"
        page.select_option("#view", "all")
        page.evaluate(f"window.raceViewer.go({odds[-1]})")
        assert page.is_visible("#odds-places") and page.is_visible("#odds-values")
    print(f"{game}: {len(shots)} screenshots in {BUILD}: " + ", ".join(shots))
    assert not opened.errors, opened.errors
    opened.close()
    assert not problems, "\n".join(problems[:30])

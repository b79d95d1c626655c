"""What the browser test of the viewer page needs: the browser, the pages, the comparisons.

Generic: every registered game and variant, through the plug-in surface only
(a game's drawing hook, ``GameInfo.drawing``, gives the order of the pieces
the page must show; a game without one is checked through the fallback's
plain data).

The browser is Debian's ``chromium`` driven by Playwright's Python package
pointed at it (``executable_path``): no browser download.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import shutil
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

import kernel
from kernel.conformance.canonical import canonical, digest
from kernel.conformance.trace import read_trace
from kernel.core import Applied
from kernel.narrate import words

ROOT = Path(__file__).resolve().parents[2]
#: Screenshots and generated pages go here: RACE_KERNEL_SCREENSHOTS, else a folder of the
#: system's temporary directory (never the repository).
BUILD = Path(os.environ.get("RACE_KERNEL_SCREENSHOTS")
             or Path(tempfile.gettempdir()) / "race-kernel-viewer-browser")
CHROMIUM = os.environ.get("RACE_KERNEL_CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
               "--no-first-run", "--disable-background-networking",
               "--disable-component-update", "--disable-sync")
INSTALL = ("the viewer's browser test needs Debian's chromium and Playwright's Python package: "
           "apt-get install -y chromium && python3 -m pip install -c constraints.txt "
           "-e '.[browser]'")


def missing() -> str | None:
    """What the browser test lacks (None: it can run)."""
    lacks = []
    if shutil.which(CHROMIUM) is None and not Path(CHROMIUM).is_file():
        lacks.append(f"no browser at {CHROMIUM}")
    if importlib.util.find_spec("playwright") is None:
        lacks.append("no Python package playwright")
    return "; ".join(lacks) if lacks else None


#: Reads what the page shows, from the DOM only.
READ_DOM = """() => {
  const pieces = {};
  for (const space of document.querySelectorAll("#board [data-space]")) {
    pieces[space.getAttribute("data-space")] = Array.from(
      space.querySelectorAll("[data-piece]")).map((p) => p.getAttribute("data-piece"));
  }
  const action = document.getElementById("action");
  return {
    step: Number(document.body.getAttribute("data-step")),
    view: document.body.getAttribute("data-view"),
    pieces: pieces,
    scores: Array.from(document.querySelectorAll("#scores-body td[data-score]"))
      .map((td) => td.getAttribute("data-score")),
    plain: document.getElementById("plain").textContent,
    events: Array.from(document.querySelectorAll("#events li .event-text"))
      .map((x) => x.textContent),
    action: action ? action.textContent : null,
    fallback: document.querySelector("#board .fallback-label") !== null,
    label: document.getElementById("board").getAttribute("aria-label") || "",
  };
}"""


@attrs.frozen
class Expected:
    """The recorded game, replayed on the kernel: states 0..n and each step's events."""

    game: str
    states: tuple[Any, ...]
    events: tuple[tuple[Any, ...], ...]
    actors: tuple[int, ...]
    actions: tuple[str, ...]

    def table(self, n: int, view: str) -> dict[str, Any]:
        state = self.states[n]
        data = kernel.to_data(state) if view == "all" else kernel.observation(state, int(view))
        out = canonical(data)
        assert isinstance(out, dict)
        return out

    def event_texts(self, n: int, view: str) -> list[str]:
        if n == 0:
            return []
        events = self.events[n - 1]
        if view != "all":
            events = kernel.events_seen(events, int(view))
        narrator = kernel.game_info(self.game).narrator
        return [words(narrator, e) for e in events]


def expected_of_file(path: Path) -> Expected:
    """Replay a trace file on the kernel, checking each state against the recorded digest."""
    lines = read_trace(path)
    header = lines[0]
    info = kernel.game_info(str(header["game"]))
    state = (info.from_data(header["state"]) if "state" in header
             else info.new_game(header["config"]))
    assert digest(state) == header["digest"], f"{path}: the header's digest"
    states, events, actors, actions = [state], [], [], []
    for line in lines[1:]:
        actors.append(info.current_actor(state))
        result = info.apply(state, line["action"])
        if isinstance(result, Applied):
            state = result.state
            events.append(result.events)
        else:
            events.append(())
        parsed = info.parse_action(line["action"])
        actions.append(getattr(parsed, "text", ""))
        if "divergence" not in line:
            assert digest(state) == line["digest"], f"{path}: step {line['n']}: digest"
        states.append(state)
    return Expected(info.id, tuple(states), tuple(events), tuple(actors), tuple(actions))


def sync_playwright() -> Any:
    """Playwright's synchronous API (imported here: it is an optional test dependency, the
    ``browser`` extra, not installed for the gate's other checks)."""
    return importlib.import_module("playwright.sync_api").sync_playwright()


def expected_of_trace(trace: kernel.Trace) -> Expected:
    return Expected(trace.game, (trace.initial, *(s.state for s in trace.steps)),
                    tuple(s.events for s in trace.steps), tuple(s.actor for s in trace.steps),
                    tuple(s.action.text for s in trace.steps))


def differences(shown: Mapping[str, Any], expected: Expected, n: int, view: str) -> list[str]:
    """Where the page, at step ``n`` in ``view``, differs from the recorded game."""
    out: list[str] = []
    info = kernel.game_info(expected.game)
    table = expected.table(n, view)
    if shown["step"] != n or shown["view"] != view:
        out.append(f"the page shows step {shown['step']} view {shown['view']}, not {n} {view}")
    if json.loads(shown["plain"]) != table:
        out.append(f"step {n} view {view}: the plain data differs from the recorded state")
    if info.drawing is not None:
        want = {k: list(v) for k, v in info.drawing.pieces(table).items()}
        if shown["pieces"] != want:
            bad = sorted(k for k in set(want) | set(shown["pieces"])
                         if want.get(k) != shown["pieces"].get(k))
            out += [f"step {n} view {view}: {k}: drawn {shown['pieces'].get(k)}, "
                    f"recorded {want.get(k)}" for k in bad[:5]]
        if not shown["label"]:
            out.append(f"step {n}: the drawing has no text alternative")
    elif not shown["fallback"]:
        out.append(f"step {n}: a game without a drawing hook but no fallback label")
    scores = table.get(info.hooks.score_key)
    if isinstance(scores, list) and shown["scores"] != [str(x) for x in scores]:
        out.append(f"step {n} view {view}: scores shown {shown['scores']}, recorded {scores}")
    if shown["events"] != expected.event_texts(n, view):
        out.append(f"step {n} view {view}: events shown {shown['events'][:3]}..., "
                   f"recorded {expected.event_texts(n, view)[:3]}...")
    if view != "all" and n > 0 and expected.actors[n - 1] != int(view):
        if shown["action"] == expected.actions[n - 1] and expected.actions[n - 1]:
            hidden = [e for e in expected.events[n - 1] if e.seen_by(int(view)) != e]
            if hidden:
                out.append(f"step {n} view {view}: another seat's action shown")
    return out


def views_to_check(expected: Expected, views: Sequence[str], budget: int) -> Iterator[str]:
    """The views whose every step is compared: "all" and up to ``budget`` seats."""
    yield "all"
    yield from [v for v in views if v != "all"][:budget]


#: The layout of what the page shows now (read from the DOM): the problems found.
#: - the page is no wider than the window (no sideways scrolling);
#: - no text box is wider inside than its box (scrollWidth <= clientWidth: nothing cut
#:   off or run over at the right edge), the boxes that scroll on purpose (the board
#:   when a drawing cannot fit, a wide table's wrapper, the plain data) aside;
#: - every visible element lies inside the window horizontally, but inside those;
#: - every text of the drawing lies inside the drawing (no label cut at its right edge);
#: - the drawing is shown at 90% of its size or more (its 13 px text stays readable);
#: - the payout list is not a scroll box (all of it is shown).
LAYOUT = """() => {
  const out = [];
  const W = window.innerWidth;
  const doc = document.documentElement;
  if (doc.scrollWidth > W + 1) { out.push("the page is " + doc.scrollWidth + " px wide in " + W); }
  const scrolls = (el) => el.closest("#board, .table-wrap, pre, details:not([open]), dialog, " +
                                     ".visually-hidden");
  const visible = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden"; };
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (el.className && typeof el.className === "string" ? "." + el.className.split(" ")[0] : "");
  const boxes = "h1, h2, p, li, td, th, figcaption, label, span, code, button, summary, #odds-body";
  for (const el of document.querySelectorAll(boxes)) {
    if (!visible(el) || scrolls(el) || getComputedStyle(el).display === "inline") { continue; }
    if (el.scrollWidth > el.clientWidth + 1) {
      out.push(name(el) + " overflows its box: " + el.scrollWidth + " > " + el.clientWidth +
               " (" + (el.textContent || "").slice(0, 60) + ")");
    }
  }
  for (const el of document.querySelectorAll("header *, main *")) {
    if (!visible(el) || scrolls(el) || el.closest("svg")) { continue; }
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.right > W + 1) {
      out.push(name(el) + " lies outside the window: " + Math.round(r.left) + ".." +
               Math.round(r.right) + " in " + W);
    }
  }
  const svg = document.querySelector("#board svg");
  if (svg) {
    const box = svg.getBoundingClientRect();
    for (const t of svg.querySelectorAll("text")) {
      const r = t.getBoundingClientRect();
      if (r.width && (r.right > box.right + 1 || r.left < box.left - 1)) {
        out.push("the drawing's text '" + t.textContent.slice(0, 40) + "' runs past its edge (" +
                 Math.round(r.right) + " > " + Math.round(box.right) + ")");
      }
    }
    const natural = svg.viewBox.baseVal.width;
    if (natural && box.width < 0.9 * natural) {
      out.push("the drawing is shrunk to " + Math.round(100 * box.width / natural) + "%");
    }
    const board = document.getElementById("board");
    if (board.scrollWidth > board.clientWidth + 1) {
      out.push("the board scrolls sideways: " + board.scrollWidth + " > " + board.clientWidth);
    }
  }
  const ledger = document.getElementById("ledger");
  if (ledger && ledger.scrollHeight > ledger.clientHeight + 1) {
    out.push("the payout list is cut: it scrolls inside a box");
  }
  return out.slice(0, 12);
}"""

"""The viewer page's style and script (embedded in every page: no file, server or network).

The script is generic: it reads the page's data (``<script id="viewer-data">``,
built by :mod:`kernel.viewer.model`), rebuilds each step's table from its
changes, and draws it with the game's drawing hook (``window.raceViewerDrawing``,
from :class:`kernel.plugin.Drawing`) or, for a game without one, shows the
fallback: the narrator's text picture and the table's plain data.
"""

from __future__ import annotations

from typing import Final

CSS: Final = """
:root { --ink: #1b1b1b; --muted: #555; --line: #bbb; --accent: #0b57d0; --bad: #b3261e;
  --paper: #fff; --soft: #f3f4f6; font-family: system-ui, sans-serif; color: var(--ink); }
body { margin: 0; background: var(--paper); line-height: 1.4; }
header, main, footer { padding: 0.5rem 1rem; }
h1 { font-size: 1.25rem; margin: 0.2rem 0; }
h2 { font-size: 1.05rem; margin: 0.6rem 0 0.3rem; }
.meta { color: var(--muted); font-size: 0.9rem; margin: 0; }
.controls { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center;
  position: sticky; top: 0; background: var(--paper); padding: 0.4rem 0;
  border-bottom: 1px solid var(--line); z-index: 1; }
.controls button, .controls select { font-size: 1rem; min-height: 2.2rem; min-width: 2.6rem; }
.controls input[type=range] { flex: 1 1 12rem; min-width: 8rem; }
#position { font-variant-numeric: tabular-nums; min-width: 9rem; }
button:focus-visible, select:focus-visible, input:focus-visible, summary:focus-visible {
  outline: 3px solid var(--accent); outline-offset: 2px; }
main { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); gap: 1rem; }
@media (max-width: 900px) { main { grid-template-columns: minmax(0, 1fr); } }
figure { margin: 0; }
#board { overflow-x: auto; }
#board svg, .sides svg { display: block; max-width: 100%; height: auto; }
#board-text { color: var(--muted); font-size: 0.85rem; }
pre { background: var(--soft); padding: 0.5rem; overflow: auto; font-size: 0.8rem;
  max-height: 24rem; }
.fallback-label { font-weight: bold; color: var(--bad); }
ol.events { padding-left: 1.4rem; margin: 0.2rem 0; }
ol.events li { margin: 0.15rem 0; }
.note { color: var(--muted); font-size: 0.9rem; display: block; }
button.after-event { font-size: 0.8rem; margin-left: 0.3rem; }
button.rule { font: 0.8rem ui-monospace, monospace; padding: 0 0.3rem; margin-left: 0.2rem;
  border: 1px solid var(--accent); color: var(--accent); background: var(--paper);
  border-radius: 3px; cursor: pointer; }
table { border-collapse: collapse; }
th, td { border: 1px solid var(--line); padding: 0.15rem 0.5rem; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.up { color: #1e7b34; } .down { color: var(--bad); }
.mismatch, .rejected { color: var(--bad); font-weight: bold; }
.differs { background: #fde2e1; }
dialog { max-width: min(46rem, 92vw); }
dialog pre { text-wrap-mode: wrap; overflow-wrap: anywhere; max-height: 60vh; }
#legend ul { margin: 0.2rem 0; padding-left: 1.2rem; }
.sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr));
  gap: 0.6rem; }
.sides figure { border: 1px solid var(--line); padding: 0.3rem; }
#divergence { grid-column: 1 / -1; }
#divergence-fields { width: 100%; table-layout: fixed; }
#divergence-fields td { font: 0.8rem ui-monospace, monospace; overflow-wrap: anywhere; }
#divergence-fields th:first-child { width: 9rem; }
#ledger { font-size: 0.9rem; padding-left: 1.4rem; }
#ledger li, ol.events li, .note { overflow-wrap: anywhere; }
.hidden-action { color: var(--muted); font-style: italic; }
#odds { border: 1px solid var(--line); padding: 0.3rem 0.6rem; margin: 0.6rem 0; }
#odds table { margin: 0.3rem 0; }
#odds caption { text-align: left; font-weight: bold; font-size: 0.9rem; }
.table-wrap { max-width: 100%; overflow-x: auto; }
button.odds-go { font-size: 0.85rem; padding: 0 0.35rem; }
button.odds-go[aria-current] { font-weight: bold; border-color: var(--accent); }
#rule-text { overflow-wrap: anywhere; max-height: 65vh; overflow: auto; }
#rule-text blockquote { margin: 0.4rem 0; padding: 0.1rem 0.8rem; border-left: 4px solid
  var(--line); background: var(--soft); }
#rule-text cite { font-style: normal; font-weight: bold; display: block; font-size: 0.85rem;
  color: var(--muted); }
#rule-text code, ol.events code { font-size: 0.85rem; overflow-wrap: anywhere; }
main > section { min-width: 0; }
.visually-hidden { position: absolute; left: -9999px; }
"""

#: The page's script. It never uses the network; it exposes nothing but
#: ``window.raceViewer`` (the step shown, for people and tests alike).
SCRIPT: Final = r"""
(function () {
  "use strict";
  const DATA = JSON.parse(document.getElementById("viewer-data").textContent);
  const DRAWING = window.raceViewerDrawing || null;
  const $ = (id) => document.getElementById(id);
  const cache = {};
  const last = DATA.steps.length;
  let view = DATA.views[0];
  let step = 0;

  function setPath(obj, path, value, remove) {
    if (path.length === 0) { return value; }
    const copy = Array.isArray(obj) ? obj.slice() : Object.assign({}, obj);
    const key = path[0];
    if (path.length === 1) {
      if (remove) { delete copy[key]; } else { copy[key] = value; }
    } else {
      copy[key] = setPath(obj[key], path.slice(1), value, remove);
    }
    return copy;
  }

  function tables(v) {
    if (!cache[v]) {
      const out = [];
      let table = null;
      for (const ops of DATA.frames[v]) {
        for (const op of ops) { table = setPath(table, op[0], op[1], op.length === 1); }
        out.push(table);
      }
      cache[v] = out;
    }
    return cache[v];
  }

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, val] of Object.entries(attrs || {})) { node.setAttribute(k, val); }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }

  function seatOf(v) { return v === "all" ? null : Number(v); }
  function viewInfo(v, width) {
    return { seat: seatOf(v), seats: DATA.seats,
             width: Math.floor(width || $("board").clientWidth || 800) };
  }
  function viewName(v) { return v === "all" ? "all (the whole table)" : DATA.seats[Number(v)]; }

  function ruleButton(id) {
    const b = el("button", { type: "button", class: "rule", "data-rule": id,
                             "aria-label": "rule " + id + ": open its catalogue entry" }, id);
    b.addEventListener("click", () => openRule(id));
    return b;
  }

  function openRule(id) {
    const entry = DATA.rules[id];
    $("rule-title").textContent = id + (entry ? ": " + entry.title : "");
    $("rule-where").textContent = entry ? entry.where : "";
    if (entry && entry.html) {
      $("rule-text").innerHTML = entry.html;  // made and escaped by the page's builder
    } else {
      $("rule-text").textContent = entry ? entry.text
        : "This rule ID has no entry in the shipped catalogues.";
    }
    const dialog = $("rule-dialog");
    if (typeof dialog.showModal === "function") { dialog.showModal(); }
    else { dialog.setAttribute("open", ""); }
    $("rule-close").focus();
  }

  function drawInto(figure, table, v, label) {
    figure.replaceChildren();
    if (DRAWING) {
      const box = el("div", { class: "drawing", role: "img" });
      figure.appendChild(box);
      const info = viewInfo(v, figure.clientWidth - 8);
      box.innerHTML = DRAWING.draw(table, info);
      const text = DRAWING.describe(table, info);
      box.setAttribute("aria-label", (label ? label + ": " : "") + text);
      figure.appendChild(el("figcaption", { class: "board-text" }, text));
    } else {
      figure.appendChild(el("pre", { class: "plain-side" }, JSON.stringify(table, null, 1)));
    }
  }

  function pictureAt(v, n) {
    const list = DATA.pictures[v];
    for (let i = n; i >= 0; i--) { if (list[i] !== null) { return list[i]; } }
    return null;
  }

  function renderBoard(table) {
    const board = $("board");
    const caption = $("board-text");
    if (DRAWING) {
      board.setAttribute("role", "img");
      board.innerHTML = DRAWING.draw(table, viewInfo(view));
      const text = DRAWING.describe(table, viewInfo(view));
      board.setAttribute("aria-label", "the table after step " + step + ": " + text);
      caption.textContent = text;
    } else {
      board.replaceChildren();
      board.appendChild(el("p", { class: "fallback-label" },
        "Fallback view: this game has no drawing hook yet; its narrator's text picture " +
        "and the table's plain data are shown."));
      const picture = pictureAt(view, step);
      const pre = el("pre", { id: "fallback-picture" },
                     picture ? picture.join("\n") : "(the narrator draws no picture of this view)");
      board.appendChild(pre);
      board.removeAttribute("role");  // the text itself is read
      board.setAttribute("aria-label", "the table after step " + step + " as text");
      caption.textContent = "";
    }
  }

  function renderStep(table) {
    const info = $("step-info");
    info.replaceChildren();
    const events = $("events");
    events.replaceChildren();
    if (step === 0) {
      info.appendChild(el("p", {}, "The table before the first step."));
      return;
    }
    const s = DATA.steps[step - 1];
    const p = el("p", {});
    const seat = seatOf(view);
    const hidden = s.action === null || (seat !== null && s.actor !== seat && !s.pub);
    p.appendChild(el("strong", {}, "Step " + s.n + ": " + s.who + " "));
    if (hidden) {
      p.appendChild(el("span", { id: "action", class: "hidden-action" },
                       "(a choice or card this seat does not see: its events say what it may)"));
    } else {
      p.appendChild(el("code", { id: "action" }, s.action));
    }
    if (s.p && (seat === null || s.pub)) {
      p.appendChild(el("span", { class: "chance" }, " chance, probability " + s.p));
    }
    info.appendChild(p);
    if (s.rejected) {
      const r = el("p", { class: "rejected" }, "Rejected: " + s.rejected.reason + " ");
      r.appendChild(ruleButton(s.rejected.rule));
      info.appendChild(r);
    }
    if (s.mismatch) {
      info.appendChild(el("p", { class: "mismatch" },
                          "The kernel's replay differs from the recorded line: " + s.mismatch));
    }
    s.events.forEach((e, i) => {
      const li = el("li", { "data-event": String(i) });
      const own = seat !== null && e.s && e.s[String(seat)] !== undefined;
      const text = own ? e.s[String(seat)] : e.t;
      const span = el("span", { class: "event-text" }, text);
      if (!own && e.c) { span.setAttribute("title", "canonical event: " + e.c); }
      li.appendChild(span);
      for (const r of e.r) { li.appendChild(ruleButton(r)); }
      for (const note of s.notes) {
        if (note[0] === i) { li.appendChild(el("span", { class: "note" }, note[1])); }
      }
      const sub = view === "all" && s.sub ? s.sub.find((x) => x[0] === i) : undefined;
      if (sub) {
        const b = el("button", { type: "button", class: "after-event", "data-after": String(i),
                                 "aria-label": "draw the table right after this event" },
                     "table after this event");
        b.addEventListener("click", () => showAfterEvent(sub));
        li.appendChild(b);
      }
      events.appendChild(li);
    });
    if (!s.events.length) { events.appendChild(el("li", {}, "(no event)")); }
  }

  function scoresOf(table) {
    const value = table ? table[DATA.score.key] : undefined;
    return Array.isArray(value) ? value : null;
  }

  function renderScores(table) {
    const body = $("scores-body");
    body.replaceChildren();
    const now = scoresOf(table);
    const before = step > 0 ? scoresOf(tables(view)[step - 1]) : null;
    renderScoreRows(body, now, before);
    const ledger = $("ledger");
    ledger.replaceChildren();
    for (let i = step - 1; i >= 0; i--) {  // the latest first, every line in full
      for (const note of DATA.steps[i].notes) {
        ledger.appendChild(el("li", {}, "step " + DATA.steps[i].n + ": " + note[1]));
      }
    }
    if (!ledger.children.length) { ledger.appendChild(el("li", {}, "(no payout yet)")); }
    renderOdds();
  }

  function pct(f) {
    const [n, d] = f.split("/").map(Number);
    return (100 * n / d).toFixed(1) + "%";
  }

  function signed(f) {
    const [n, d] = f.split("/").map(Number);
    const v = n / d;
    return (v > 0 ? "+" : v < 0 ? "\u2212" : "") + Math.abs(v).toFixed(2);
  }

  function oddsSteps() {
    const seat = seatOf(view);
    return Object.keys(DATA.odds.at).map(Number).sort((a, b) => a - b)
      .filter((n) => seat === null || DATA.odds.at[String(n)].seat === seat);
  }

  function renderOdds() {
    const box = $("odds");
    if (!DATA.odds) { box.hidden = true; return; }
    box.hidden = false;
    const body = $("odds-body");
    body.replaceChildren();
    const exact = $("odds-exact").checked;
    const here = DATA.odds.at[String(step)];
    const seat = seatOf(view);
    const mine = here && (seat === null || here.seat === seat);
    const steps = oddsSteps();
    const nav = el("p", { class: "odds-where" }, "Computed at " + (steps.length ? "step" +
      (steps.length > 1 ? "s " : " ") : "no step of this view") + " ");
    steps.forEach((n, i) => {
      const b = el("button", { type: "button", class: "odds-go", "data-go": String(n) },
                   String(n));
      if (n === step) { b.setAttribute("aria-current", "step"); }
      b.addEventListener("click", () => go(n));
      nav.appendChild(b);
      if (i + 1 < steps.length) { nav.appendChild(document.createTextNode(" ")); }
    });
    nav.appendChild(document.createTextNode(
      ": " + (seat === null ? "a decision step of the seat to decide" :
              "decision steps of " + DATA.seats[seat]) + ", at most " + DATA.odds.most +
      " a page, evenly spread over the " + DATA.odds.candidates +
      (DATA.odds.candidates === DATA.odds.decisions ? "" :
       " of " + DATA.odds.decisions + " (the others are early in a leg, where the odds" +
       " take seconds: race-kernel odds TRACE --step N computes them)") +
      " decision steps (race-kernel view --odds N for more; each takes up to a second)."));
    body.appendChild(nav);
    if (!mine) { return; }
    const who = DATA.seats[here.seat];
    if (here.error) {
      body.appendChild(el("p", { class: "rejected" }, "The odds failed here: " + here.error));
      return;
    }
    if (here.none) {
      body.appendChild(el("p", {}, "No leg is under way here: no odds for " + who + "."));
      return;
    }
    const head = el("p", {}, "From " + who + "'s view, " + who + " to decide; the rest of " +
      "the leg as the reading ");
    head.appendChild(ruleButton(here.reading));
    head.appendChild(document.createTextNode(" takes it. The race ends during this leg " +
      "with probability " + (exact ? here.ends : pct(here.ends)) + "."));
    body.appendChild(head);
    const wrap = el("div", { class: "table-wrap" });
    const t = el("table", { id: "odds-places" });
    t.appendChild(el("caption", {}, "Each racer's place at the end of the leg"));
    const tr = el("tr", {});
    tr.appendChild(el("th", { scope: "col" }, "racer"));
    here.places[0][1].forEach((_, k) => tr.appendChild(el("th", { scope: "col" },
      String(k + 1) + (k === 0 ? "st" : k === 1 ? "nd" : k === 2 ? "rd" : "th"))));
    t.appendChild(tr);
    for (const [racer, ps] of here.places) {
      const row = el("tr", {});
      row.appendChild(el("th", { scope: "row" }, racer));
      for (const p of ps) {
        row.appendChild(el("td", { class: "num", title: p + " = " + pct(p) },
                           exact ? p : pct(p)));
      }
      t.appendChild(row);
    }
    wrap.appendChild(t);
    body.appendChild(wrap);
    const wrap2 = el("div", { class: "table-wrap" });
    const v = el("table", { id: "odds-values" });
    v.appendChild(el("caption", {}, "What each action is worth to " + who + " (" +
                     DATA.score.unit + ", expected, best first)"));
    for (const [action, value] of here.values) {
      const row = el("tr", {});
      const th = el("th", { scope: "row" });
      th.appendChild(el("code", {}, action));
      row.appendChild(th);
      row.appendChild(el("td", { class: "num", title: value }, exact ? value : signed(value)));
      v.appendChild(row);
    }
    wrap2.appendChild(v);
    body.appendChild(wrap2);
  }

  function renderScoreRows(body, now, before) {
    DATA.seats.forEach((name, i) => {
      const tr = el("tr", { "data-seat": String(i) });
      tr.appendChild(el("th", { scope: "row" }, name));
      tr.appendChild(el("td", { class: "num", "data-score": now ? String(now[i]) : "" },
                        now ? now[i] : "not shown to this seat"));
      const change = now && before ? now[i] - before[i] : 0;
      tr.appendChild(el("td", { class: "num " + (change > 0 ? "up" : change < 0 ? "down" : "") },
                        change ? (change > 0 ? "+" : "") + change : ""));
      body.appendChild(tr);
    });
  }

  function showAfterEvent(sub) {
    let table = tables("all")[step - 1];
    for (const op of sub[1]) { table = setPath(table, op[0], op[1], op.length === 1); }
    renderBoard(table);
    const text = "The table right after event " + (sub[0] + 1) + " of step " + step +
      ", as the game's narrator carries it (the step's last picture is the state itself). " +
      $("board-text").textContent;
    $("board-text").textContent = text;
    $("plain").textContent = JSON.stringify(table, null, 1);
    const body = $("scores-body");
    body.replaceChildren();
    renderScoreRows(body, scoresOf(table), scoresOf(tables("all")[step - 1]));
    document.body.setAttribute("data-event", String(sub[0]));
  }

  function render() {
    const all = tables(view);
    const table = all[step];
    $("slider").value = String(step);
    $("slider").setAttribute("aria-valuetext", "step " + step + " of " + last);
    $("position").textContent = "step " + step + " / " + last;
    $("first").disabled = $("back").disabled = step === 0;
    $("last").disabled = $("forward").disabled = step === last;
    renderBoard(table);
    renderStep(table);
    renderScores(table);
    $("plain").textContent = JSON.stringify(table, null, 1);
    $("standings").hidden = !(DATA.standings && step === last);
    document.body.setAttribute("data-step", String(step));
    document.body.removeAttribute("data-event");
    document.body.setAttribute("data-view", view);
  }

  function go(n) {
    step = Math.max(0, Math.min(last, n));
    render();
  }

  function setView(v) {
    if (DATA.views.indexOf(v) < 0) { return; }
    view = v;
    $("view").value = v;
    render();
  }

  function renderStandings() {
    const s = DATA.standings;
    if (!s) { return; }
    $("standings-rule").textContent = DATA.score.winners;
    $("standings-tiebreak").textContent = s.tiebreak ? "Tie-break used: " + s.tiebreak
      : "No tie-break was needed.";
    const list = $("standings-list");
    for (const line of s.lines) { list.appendChild(el("li", {}, line)); }
    const rules = $("standings-rules");
    for (const r of s.rules) { rules.appendChild(ruleButton(r)); }
  }

  function renderLegend() {
    const list = $("legend-list");
    for (const [symbol, meaning] of DATA.drawing_legend) {
      const li = el("li", {});
      li.appendChild(el("strong", {}, symbol + ": "));
      li.appendChild(document.createTextNode(meaning));
      list.appendChild(li);
    }
    if (!DRAWING) {
      for (const line of DATA.legend) { list.appendChild(el("li", {}, line)); }
    }
    const seats = $("seat-list");
    DATA.seats.forEach((name, i) => seats.appendChild(
      el("li", {}, name === "seat " + i ? name : "seat " + i + ": " + name)));
  }

  function renderDivergence() {
    const d = DATA.divergence;
    if (!d) { return; }
    const box = $("divergence");
    box.hidden = false;
    box.appendChild(el("p", { class: "mismatch" },
      "The program under test diverged " + (d.step ? "at step " + d.step : "after the new game") +
      " (" + d.what + "): " + d.message));
    const rules = el("p", {}, "Rules involved: ");
    for (const r of d.rules) { rules.appendChild(ruleButton(r)); }
    box.appendChild(rules);
    if (d.failure) { box.appendChild(el("p", {}, "The program failed: " + d.failure)); }
    const goto = el("button", { type: "button", id: "goto-divergence" },
                    "Show the step before the divergence (step " + Math.max(0, d.step - 1) + ")");
    goto.addEventListener("click", () => go(Math.max(0, d.step - 1)));
    box.appendChild(goto);
    if (!("expected" in d)) { return; }
    const sides = el("div", { class: "sides" });
    const pairs = [];
    if (DATA.views.indexOf("all") >= 0 && d.step > 0) {
      pairs.push(["the step before (step " + (d.step - 1) + ", both sides agree)",
                  tables("all")[d.step - 1], "before"]);
    }
    if (d.states) {
      pairs.push(["the kernel (expected)", d.expected, "expected"]);
      pairs.push(["the program (actual)", d.actual, "actual"]);
    }
    for (const [label, table, side] of pairs) {
      const fig = el("figure", { "data-side": side });
      drawInto(fig, table, "all", label);
      fig.insertBefore(el("figcaption", {}, label), fig.firstChild);
      sides.appendChild(fig);
    }
    box.appendChild(sides);
    const t = el("table", { id: "divergence-fields" });
    t.appendChild(el("caption", {}, "Both sides' fields, the differing ones first and marked *"));
    const head = el("tr", {});
    for (const h of ["field", "the kernel (expected)", "the program (actual)"]) {
      head.appendChild(el("th", { scope: "col" }, h));
    }
    t.appendChild(head);
    const ex = d.expected, ac = d.actual;
    const keys = (ex && typeof ex === "object" && ac && typeof ac === "object")
      ? Array.from(new Set(Object.keys(ex).concat(Object.keys(ac)))).sort() : [""];
    keys.sort((x, y) => (d.keys.indexOf(y) >= 0) - (d.keys.indexOf(x) >= 0));
    for (const k of keys) {
      const a = k === "" ? ex : ex ? ex[k] : undefined;
      const b = k === "" ? ac : ac ? ac[k] : undefined;
      const differs = d.keys.indexOf(k) >= 0;
      const tr = el("tr", differs ? { class: "differs", "data-differs": k } : {});
      tr.appendChild(el("th", { scope: "row" }, (k || "(the value)") + (differs ? " *" : "")));
      tr.appendChild(el("td", {}, JSON.stringify(a)));
      tr.appendChild(el("td", {}, JSON.stringify(b)));
      t.appendChild(tr);
    }
    box.appendChild(t);
    const paths = el("ul", { id: "divergence-paths" });
    for (const p of d.paths) { paths.appendChild(el("li", {}, p)); }
    box.appendChild(el("p", {}, "Where they differ (* above):"));
    box.appendChild(paths);
  }

  function setup() {
    const slider = $("slider");
    slider.max = String(last);
    slider.addEventListener("input", () => go(Number(slider.value)));
    $("first").addEventListener("click", () => go(0));
    $("back").addEventListener("click", () => go(step - 1));
    $("forward").addEventListener("click", () => go(step + 1));
    $("last").addEventListener("click", () => go(last));
    const select = $("view");
    for (const v of DATA.views) { select.appendChild(el("option", { value: v }, viewName(v))); }
    select.disabled = DATA.views.length < 2;
    select.addEventListener("change", () => setView(select.value));
    $("rule-close").addEventListener("click", () => $("rule-dialog").close());
    $("odds-exact").addEventListener("change", () => renderOdds());
    let resized = null;
    window.addEventListener("resize", () => {  // the drawing fits the width it is given
      clearTimeout(resized);
      resized = setTimeout(render, 100);
    });
    document.addEventListener("keydown", (ev) => {
      const tag = ev.target && ev.target.tagName;
      if ($("rule-dialog").open || tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") {
        return;
      }
      if (ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
      const moves = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: last,
                      PageDown: step + 10, PageUp: step - 10 };
      if (ev.key in moves) { ev.preventDefault(); go(moves[ev.key]); }
    });
    renderLegend();
    renderStandings();
    renderDivergence();
    render();
  }

  window.raceViewer = {
    go: go, view: setView, steps: last, views: DATA.views.slice(),
    get step() { return step; }, get current() { return view; },
  };
  setup();
})();
"""

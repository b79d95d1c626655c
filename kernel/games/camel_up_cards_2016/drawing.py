"""Camel Up Cards (2016): how the viewer page draws the table (``race-kernel view``).

The drawing hook of :class:`kernel.plugin.Drawing`: a script that draws the
plain data (the whole table, ``game.to_data``, or a seat's observation) as
SVG with the page's shared helpers (:mod:`kernel.viewer.svg`), and
:func:`pieces`, the same picture's order of pieces in Python, which the
browser test compares with the page at every step.

The picture: the track card by card (the Start, the spaces, the Finish; a
card turned to its sandstorm side shaded, CUC-SANDSTORM), each space's camels
bottom to top (CUC-MOVE-STACK; the Start card lists its camels side by side,
CUC-MOVE-START), the palm tree and the fennec with the seat that placed them
(CUC-ACT-FIGURE), then each seat's hand (CUC-LEG-HAND; another seat's hand
face down in a seat's view, CUC-LEG-HIDDEN), its leg and final bets, and the
leader cards left (CUC-BET-LEG).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from kernel.plugin import Drawing

#: A card the view may not see, as a piece.
HIDDEN: Final = "hidden"


def pieces(table: Mapping[str, Any]) -> dict[str, list[str]]:
    """Each place's pieces in the drawing's order: ``space-N`` (camels bottom to top,
    N from 0, the Start card, to the Finish) and ``hand-S`` (the seat's hand, or as many
    face-down cards as it holds when the view may not see it)."""
    out: dict[str, list[str]] = {f"space-{i}": [str(c) for c in stack]
                                 for i, stack in enumerate(table["stacks"])}
    if "hands" in table:
        for seat, hand in enumerate(table["hands"]):
            out[f"hand-{seat}"] = [str(c) for c in hand]
    else:
        own = table["seat"]
        for seat, size in enumerate(table["hand_sizes"]):
            out[f"hand-{seat}"] = ([str(c) for c in table["hand"]] if seat == own
                                   else [HIDDEN] * int(size))
    return out


SCRIPT: Final = r"""
const COLOURS = { blue: "#3b6fd8", green: "#2f9e44", orange: "#f08c00", white: "#f1f3f5",
                  yellow: "#fcc419" };
const INK = { blue: "#fff", green: "#fff", orange: "#000", white: "#000", yellow: "#000" };
const WIDTH = { F: 2, S: 1, H: 1 };
const CELL = 46, CAMEL = 18, TRACK_TOP = 28;

function cells(track) {
  const out = [];
  let cell = 1;
  for (let i = 0; i < track.length; i++) {
    const side = track[i];
    for (let k = 0; k < WIDTH[side]; k++) { out.push({ cell: cell + k, card: i + 1, side: side }); }
    cell += WIDTH[side];
  }
  return out;
}

function camelSvg(colour, x, y, w) {
  return block(colour, colour + " camel", x, y, w, CAMEL - 2, COLOURS[colour] || "#999",
               INK[colour] || "#000", colour.slice(0, 2), 12, CAMEL - 6);
}

function cardSvg(card, x, y) {
  if (card === "hidden") { return faceDown(x, y, 34, 22, "a face-down card"); }
  const colour = card.split("+")[0];
  return block(card, card + " card", x, y, 34, 22, COLOURS[colour] || "#999",
               INK[colour] || "#000", colour.slice(0, 2) + "+" + card.split("+")[1], 11, 15);
}

function handsOf(table) {
  if (table.hands) { return table.hands; }
  return table.hand_sizes.map((n, s) => zone(s === table.seat ? table.hand : null, n));
}

function figureAt(table) {
  const out = {};
  for (const [name, mark] of [["palm", "P"], ["fennec", "X"]]) {
    const f = table[name];
    if (f) { out[f.space] = { name: name, mark: mark, holder: f.holder }; }
  }
  return out;
}

function draw(table, view) {
  const stacks = table.stacks;
  const n = stacks.length;
  const tall = Math.max(5, ...stacks.map((s, i) => i === 0 ? 1 : s.length));
  const trackHeight = tall * CAMEL + 40;
  const seats = handsOf(table);
  const pitch = 37, cardRow = 26;
  const width = fitWidth(view, 300);
  const grid = rows(n, CELL, width);
  const out = [];
  const head = para(5, 18, "leg " + table.leg + ", phase " + table.phase, 15, width - 10,
                    ' font-weight="bold"');
  out.push(head.svg);
  const top = head.height + 10;
  const sides = {};
  for (const c of cells(table.track)) { sides[c.cell] = c; }
  const figures = figureAt(table);
  for (let i = 0; i < n; i++) {
    const x = grid.x(i);
    const y0 = top + grid.row(i) * (trackHeight + 8);
    const floor = y0 + trackHeight - 20;
    const c = sides[i];
    const title = i === 0 ? "Start" : i === n - 1 ? "Finish" : String(i);
    const fill = i === 0 || i === n - 1 ? "#e9ecef" : c && c.side === "S" ? "#e8c99b" : "#fff8e7";
    const startsCard = c && (c.cell === 1 || sides[i - 1] === undefined ||
                             sides[i - 1].card !== c.card);
    let body = cell(x, y0, CELL, trackHeight, fill);
    if (startsCard) {
      body += '<line x1="' + x + '" y1="' + y0 + '" x2="' + x + '" y2="' +
        (y0 + trackHeight) + '" stroke="#222" stroke-width="2"/>';
    }
    body += label(x + CELL / 2, y0 + trackHeight - 4,
                  (i === 0 ? "S" : i === n - 1 ? "F" : i) + (c && c.side === "S" ? "~" : ""),
                  13, ' text-anchor="middle"');
    // the Start card's camels stand side by side (drawn as a column all the same)
    body += inOrder(stacks[i], (camel, h) => i === 0
      ? camelSvg(camel, x + 2, floor - (h + 1) * CAMEL, CELL - 4)
      : camelSvg(camel, x + 3, floor - (h + 1) * CAMEL, CELL - 6));
    const f = figures[i];
    if (f) {
      const who = view.seats[f.holder] || "seat " + f.holder;
      body += badge("figure", f.name, (f.name === "palm" ? "palm tree" : "fennec") +
        " placed by " + who, x + CELL / 2, y0 + 12, f.name === "palm" ? "#b2f2bb" : "#ffd8a8",
        f.mark + " " + who);
    }
    out.push(place("space-" + i, title, body));
  }
  let y = top + grid.rows * (trackHeight + 8) + 12;
  seats.forEach((hand, s) => {
    const name = view.seats[s] || "seat " + s;
    const bets = (table.bets[s] || []).join(" ");
    const finals = [table.winner_bets[s] ? "winner " + table.winner_bets[s] : "",
                    table.loser_bets[s] ? "loser " + table.loser_bets[s] : ""]
      .filter(Boolean).join(", ");
    out.push(label(5, y + 15, name, 14, view.seat === s ? ' font-weight="bold"' : ""));
    const f = flow(hand.length, 66, pitch, width);
    out.push(place("hand-" + s, "hand of " + name,
                   inOrder(hand, (card, k) => cardSvg(card, f.x(k), y + f.line(k) * cardRow))));
    y += f.lines * cardRow + 4;
    if (bets || finals) {
      const text = para(66, y + 10, (bets ? "leg bets: " + bets : "") +
                        (bets && finals ? "; " : "") + (finals ? "final: " + finals : ""), 13,
                        width - 71);
      out.push(text.svg);
      y += text.height + 4;
    }
  });
  const leaders = Object.keys(table.leaders).sort().map((c) => c + " " +
    (table.leaders[c].length ? table.leaders[c].join(",") : "none")).join("; ");
  const left = para(5, y + 15, "leader cards left: " + leaders, 13, width - 10);
  out.push(left.svg);
  y += left.height + 10;
  return svgOpen(width, y) + out.join("") + "</svg>";
}

function describe(table, view) {
  const parts = ["Leg " + table.leg + ", phase " + table.phase + "."];
  const last = table.stacks.length - 1;
  table.stacks.forEach((stack, i) => {
    if (!stack.length) { return; }
    const where = i === 0 ? "Start" : i === last ? "Finish" : "space " + i;
    parts.push(where + ": " + stack.join(", ") + (i === 0 ? "." : " (bottom to top)."));
  });
  for (const [name, f] of Object.entries(figureAt(table))) {
    parts.push(f.name + " on space " + name + " (" + (view.seats[f.holder] || f.holder) + ").");
  }
  handsOf(table).forEach((hand, s) => {
    const seen = hand.filter((c) => c !== "hidden");
    parts.push((view.seats[s] || "seat " + s) + " holds " + hand.length + " card(s)" +
      (seen.length ? ": " + seen.join(", ") : hand.length ? ", face down" : "") + ".");
  });
  return parts.join(" ");
}
"""

DRAWING: Final = Drawing(
    script=SCRIPT,
    pieces=pieces,
    legend=(
        ("bl, gr, or, wh, ye", "the camels blue, green, orange, white, yellow; a space "
                               "shows its camels bottom to top (CUC-MOVE-STACK)"),
        ("S, 1.., F", "the Start card (camels side by side, CUC-MOVE-START), the spaces, "
                      "the Finish; a thick line starts a track card"),
        ("~ (shaded space)", "a track card turned to its sandstorm side (CUC-SANDSTORM)"),
        ("P Cy, X Ann", "the palm tree and the fennec, with the seat that placed it "
                        "(CUC-ACT-FIGURE)"),
        ("blue+1 card", "a racing card in a seat's hand; a grey ? card is face down: this "
                        "view may not see it (CUC-LEG-HIDDEN)"),
    ),
)

"""Camel Up: The Card Game (2023): how the viewer page draws the table (``race-kernel view``).

The drawing hook of :class:`kernel.plugin.Drawing`: a script that draws the
plain data (the whole table, ``game.to_data``, or a seat's observation) as
SVG with the page's shared helpers (:mod:`kernel.viewer.svg`), and
:func:`pieces`, the same picture's order of pieces in Python, which the
browser test compares with the page at every step.

The picture: the track card by card (cell 0 behind the start line, the
spaces, the Finish; a card on its sandstorm side shaded, CUG-SANDSTORM, the
half card the Finish covers, CUG-SETUP-TRACK), each cell's camels bottom to
top (CUG-MOVE-STACK; behind the start line side by side in colour order,
CUG-MOVE-START), the black crazy camel among them (CUG-MOVE-CRAZY), the
shortcut and fennec markers with the seat that placed them (CUG-ACT-MARKER);
then each seat's hand (another seat's face down in a seat's view until play
begins, CUG-LEG-HIDDEN; then the personal racing card face up,
CUG-LEG-PERSONAL), its marker tokens, leg and final bets; then the cards
played this leg in order (CUG-ACT-REVEAL), the leader cards and midfield
cards left (CUG-BET-LEG) and the sizes of the hidden piles.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from kernel.plugin import Drawing

#: A card the view may not see, as a piece.
HIDDEN: Final = "hidden"


def pieces(table: Mapping[str, Any]) -> dict[str, list[str]]:
    """Each place's pieces in the drawing's order: ``space-N`` (camels bottom to top,
    N from 0, behind the start line, to the Finish), ``hand-S`` (the seat's hand, or as
    many face-down cards as it holds when the view may not see it) and ``played`` (the
    cards played this leg, first played first)."""
    out: dict[str, list[str]] = {f"space-{i}": [str(c) for c in stack]
                                 for i, stack in enumerate(table["stacks"])}
    for seat, hand in enumerate(table["hands"]):
        out[f"hand-{seat}"] = ([HIDDEN] * int(table["hand_sizes"][seat]) if hand is None
                               else [str(c) for c in hand])
    out["played"] = [str(c) for c in table["played"]]
    return out


SCRIPT: Final = r"""
const COLOURS = { blue: "#3b6fd8", green: "#2f9e44", orange: "#f08c00", white: "#f1f3f5",
                  yellow: "#fcc419", black: "#212529" };
const INK = { blue: "#fff", green: "#fff", orange: "#000", white: "#000", yellow: "#000",
              black: "#fff" };
const LETTERS = { blue: "bl", green: "gr", orange: "or", white: "wh", yellow: "ye", black: "bk" };
const WIDTH = { F: 2, S: 1, H: 1 };
const CELL = 44, CAMEL = 18, TRACK_TOP = 28, CARD = 34, PITCH = 37;

function cells(track) {
  const out = {};
  let first = 1;
  for (let i = 0; i < track.length; i++) {
    for (let k = 0; k < WIDTH[track[i]]; k++) {
      out[first + k] = { card: i + 1, side: track[i], starts: k === 0 };
    }
    first += WIDTH[track[i]];
  }
  return out;
}

function colourOf(card) { return card.split(/[+-]/)[0]; }

function camelSvg(colour, x, y) {
  return block(colour, colour + (colour === "black" ? " crazy camel" : " camel"), x, y,
               CELL - 6, CAMEL - 2, COLOURS[colour] || "#999", INK[colour] || "#000",
               LETTERS[colour] || colour, 12, CAMEL - 6);
}

function cardSvg(card, x, y) {
  if (card === "hidden") { return faceDown(x, y, CARD, 22, "a face-down racing card"); }
  const colour = colourOf(card);
  const crazy = card.indexOf("-") >= 0;
  return block(card, card + (crazy ? " crazy camel card (moves it back)" : " racing card"),
               x, y, CARD, 22, COLOURS[colour] || "#999", INK[colour] || "#000",
               (LETTERS[colour] || colour) + card.slice(colour.length), 11, 15);
}

function handsOf(table) {
  return table.hands.map((hand, s) => zone(hand, table.hand_sizes ? table.hand_sizes[s] : 0));
}

function markersAt(table) {
  const out = {};
  for (const [name, mark] of [["shortcut", ">"], ["fennec", "<"]]) {
    const m = table[name];
    if (m) { out[m.space] = { name: name, mark: mark, holder: m.holder }; }
  }
  return out;
}

function sizeOf(table, key) {
  return Array.isArray(table[key]) ? table[key].length : table[key + "_size"];
}

function draw(table, view) {
  const stacks = table.stacks;
  const n = stacks.length;
  const tall = Math.max(6, ...stacks.map((s) => s.length));
  const trackHeight = tall * CAMEL + 40;
  const seats = handsOf(table);
  const cardRow = 26;
  const width = fitWidth(view, 300);
  const grid = rows(n, CELL, width);
  const out = [];
  const head = para(5, 18, "leg " + table.leg + ", phase " + table.phase, 15, width - 10,
                    ' font-weight="bold"');
  out.push(head.svg);
  const top = head.height + 10;
  const sides = cells(table.track);
  const markers = markersAt(table);
  for (let i = 0; i < n; i++) {
    const x = grid.x(i);
    const y0 = top + grid.row(i) * (trackHeight + 8);
    const floor = y0 + trackHeight - 20;
    const c = sides[i];
    const title = i === 0 ? "behind the start line" : i === n - 1 ? "the Finish"
      : "space " + i + (c && c.side === "S" ? " (sandstorm side)" : c && c.side === "H"
        ? " (half card: the Finish covers its second space)" : "");
    const fill = i === 0 || i === n - 1 ? "#e9ecef" : c && c.side === "S" ? "#e8c99b"
      : c && c.side === "H" ? "#f3ead8" : "#fff8e7";
    let body = cell(x, y0, CELL, trackHeight, fill);
    if (c && c.starts) {
      body += '<line x1="' + x + '" y1="' + y0 + '" x2="' + x + '" y2="' +
        (y0 + trackHeight) + '" stroke="#222" stroke-width="2"/>';
    }
    body += label(x + CELL / 2, y0 + trackHeight - 4, (i === n - 1 ? "F" : i) +
                  (c && c.side === "S" ? "~" : c && c.side === "H" ? "/" : ""), 13,
                  ' text-anchor="middle"');
    body += inOrder(stacks[i], (camel, h) => camelSvg(camel, x + 3, floor - (h + 1) * CAMEL));
    const m = markers[i];
    if (m) {
      const who = view.seats[m.holder] || "seat " + m.holder;
      body += badge("marker", m.name, m.name + " marker placed by " + who, x + CELL / 2,
        y0 + 12, m.name === "shortcut" ? "#b2f2bb" : "#ffd8a8", m.mark + " " + who);
    }
    out.push(place("space-" + i, title, body));
  }
  let y = top + grid.rows * (trackHeight + 8) + 12;
  seats.forEach((hand, s) => {
    const name = view.seats[s] || "seat " + s;
    const tokens = [table.shortcut_tokens[s] ? "shortcut" : "",
                    table.fennec_tokens[s] ? "fennec" : ""].filter(Boolean).join(", ");
    const finals = [table.winner_bets[s] ? "winner " + table.winner_bets[s] : "",
                    table.loser_bets[s] ? "loser " + table.loser_bets[s] : ""]
      .filter(Boolean).join(", ");
    out.push(label(5, y + 15, name, 14, view.seat === s ? ' font-weight="bold"' : ""));
    const f = flow(hand.length, 66, PITCH, width);
    out.push(place("hand-" + s, "hand of " + name,
                   inOrder(hand, (card, k) => cardSvg(card, f.x(k), y + f.line(k) * cardRow))));
    y += f.lines * cardRow + 4;
    const bets = (table.bets[s] || []).join(" ");
    const text = para(66, y + 10, "tokens: " + (tokens || "none") +
                      (bets ? "; leg bets: " + bets : "") + (finals ? "; final: " + finals : ""),
                      13, width - 71);
    out.push(text.svg);
    y += text.height + 6;
  });
  out.push(label(5, y + 15, "played", 13));
  const f = flow(table.played.length, 66, PITCH, width);
  out.push(place("played", "cards played this leg, first played first",
                 inOrder(table.played, (card, k) => cardSvg(card, f.x(k),
                                                            y + f.line(k) * cardRow))));
  y += f.lines * cardRow + 6;
  const leaders = Object.keys(table.leaders).sort().map((c) => c + " " +
    (table.leaders[c].length ? table.leaders[c].join(",") : "none")).join("; ");
  const left = para(5, y + 12, "leader cards left: " + leaders + "; midfield cards left: " +
                    (table.midfield.join(", ") || "none"), 13, width - 10);
  out.push(left.svg);
  y += left.height + 6;
  const piles = para(5, y + 12, "racing deck " + sizeOf(table, "deck") + " card(s), discards " +
                     sizeOf(table, "discard") + ", stock " + sizeOf(table, "stock"), 13,
                     width - 10);
  out.push(piles.svg);
  y += piles.height + 8;
  return svgOpen(width, y) + out.join("") + "</svg>";
}

function describe(table, view) {
  const parts = ["Leg " + table.leg + ", phase " + table.phase + "."];
  const last = table.stacks.length - 1;
  table.stacks.forEach((stack, i) => {
    if (!stack.length) { return; }
    const where = i === 0 ? "Behind the start line" : i === last ? "Finish" : "Space " + i;
    parts.push(where + ": " + stack.join(", ") + (i === 0 ? " (side by side)."
      : " (bottom to top)."));
  });
  for (const [space, m] of Object.entries(markersAt(table))) {
    parts.push("The " + m.name + " marker of " + (view.seats[m.holder] || "seat " + m.holder) +
      " on space " + space + ".");
  }
  handsOf(table).forEach((hand, s) => {
    const seen = hand.filter((c) => c !== "hidden");
    parts.push((view.seats[s] || "seat " + s) + " holds " + hand.length + " card(s)" +
      (seen.length ? ": " + seen.join(", ") : hand.length ? ", face down" : "") + ".");
  });
  parts.push("Played this leg: " + (table.played.join(", ") || "none") + ".");
  return parts.join(" ");
}
"""

DRAWING: Final = Drawing(
    script=SCRIPT,
    pieces=pieces,
    legend=(
        ("bl, gr, or, wh, ye", "the racing camels blue, green, orange, white, yellow; a space "
                               "shows its camels bottom to top (CUG-MOVE-STACK)"),
        ("bk", "the black crazy camel, running towards the start (CUG-MOVE-CRAZY)"),
        ("0, 1.., F", "behind the start line (camels side by side, CUG-MOVE-START), the "
                      "spaces, the Finish; a thick line starts a track card"),
        ("~ (shaded space)", "a track card on its sandstorm side (CUG-SANDSTORM, CUG-EXTEND)"),
        ("/ (light space)", "a half card: the Finish covers its second space "
                            "(CUG-SETUP-TRACK)"),
        ("> Cy, < Ann", "the shortcut and the fennec marker, with the seat that placed it "
                        "(CUG-ACT-MARKER)"),
        ("bl+1, bk-2 card", "a racing card, a crazy camel card; a grey ? card is face down: "
                            "this view may not see it (CUG-LEG-HIDDEN)"),
    ),
)

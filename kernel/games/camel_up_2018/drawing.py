"""Camel Up, 2nd edition (2018): how the viewer page draws the table (``race-kernel view``).

The drawing hook of :class:`kernel.plugin.Drawing`: a script that draws the
plain data (the whole table, ``state.to_data``, or a seat's observation) as
SVG with the page's shared helpers (:mod:`kernel.viewer.svg`), and
:func:`pieces`, the same picture's order of pieces in Python, which the
browser test compares with the page at every step.

The picture: the cells from behind the finish line (0) through the spaces
1-16 to past the line (17), each with its camels bottom to top
(CU2-MOVE-STACK) and its spectator tile with its side and owner
(CU2-TILE-PLACE); then each seat's finish cards in hand (another seat's face
down in a seat's view, CU2-HIDDEN), its betting tickets and pyramid tickets;
then the two finish piles, first placed first, each card face down unless
the view may see its colour (CU2-FINISH-CARD).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from kernel.plugin import Drawing

#: A card the view may not see, as a piece.
HIDDEN: Final = "hidden"


def _pile(table: Mapping[str, Any], name: str) -> list[str]:
    """A finish pile's cards, first placed first: ``S:colour``, or hidden."""
    seen: dict[int, int] = {}
    out: list[str] = []
    for owner in table[f"{name}_pile"]:
        k = seen.get(owner, 0)
        seen[owner] = k + 1
        cards = table[f"{name}_cards"][owner]
        out.append(f"{owner}:{cards[k]}" if cards is not None else HIDDEN)
    return out


def pieces(table: Mapping[str, Any]) -> dict[str, list[str]]:
    """Each place's pieces in the drawing's order: ``space-N`` (camels bottom to top, N from
    0, behind the line, to 17, past it), ``hand-S`` (the seat's finish cards, or as many
    face-down cards as it holds when the view may not see them) and ``pile-winner`` /
    ``pile-loser`` (``S:colour`` per card, first placed first, or face down)."""
    out: dict[str, list[str]] = {f"space-{i}": [str(c) for c in stack]
                                 for i, stack in enumerate(table["track"])}
    if "hands" in table:
        for seat, hand in enumerate(table["hands"]):
            out[f"hand-{seat}"] = [str(c) for c in hand]
    else:
        own = table["seat"]
        for seat, size in enumerate(table["hand_sizes"]):
            out[f"hand-{seat}"] = ([str(c) for c in table["hand"]] if seat == own
                                   else [HIDDEN] * int(size))
    for name in ("winner", "loser"):
        out[f"pile-{name}"] = _pile(table, name)
    return out


SCRIPT: Final = r"""
const COLOURS = { blue: "#3b6fd8", green: "#2f9e44", red: "#e03131", yellow: "#fcc419",
                  purple: "#862e9c", white: "#f8f9fa", black: "#212529" };
const INK = { blue: "#fff", green: "#fff", red: "#fff", yellow: "#000", purple: "#fff",
              white: "#000", black: "#fff" };
const LABEL = { blue: "bl", green: "gr", red: "re", yellow: "ye", purple: "pu", white: "wh",
                black: "bk" };
const CELL = 44, CAMEL = 18, TRACK_TOP = 28;

function camelSvg(colour, x, y, w) {
  return block(colour, colour + " camel", x, y, w, CAMEL - 2, COLOURS[colour] || "#999",
               INK[colour] || "#000", LABEL[colour] || colour, 12, CAMEL - 6);
}

function cardSvg(piece, colour, title, x, y, owner) {
  if (piece === "hidden") { return faceDown(x, y, 30, 22, "a face-down finish card"); }
  return block(piece, title, x, y, 30, 22, COLOURS[colour] || "#999", INK[colour] || "#000",
               (LABEL[colour] || colour) + (owner === undefined ? "" : owner), 11, 15);
}

function handsOf(table) {
  if (table.hands) { return table.hands; }
  return table.hand_sizes.map((n, s) => zone(s === table.seat ? table.hand : null, n));
}

function pileOf(table, name) {
  const seen = {};
  return table[name + "_pile"].map((owner) => {
    const k = seen[owner] || 0;
    seen[owner] = k + 1;
    const cards = table[name + "_cards"][owner];
    return cards === null ? { piece: "hidden", owner: owner }
      : { piece: owner + ":" + cards[k], owner: owner, colour: cards[k] };
  });
}

function tileAt(table) {
  const out = {};
  table.tiles.forEach((t, s) => { if (t) { out[t.space] = { side: t.side, seat: s }; } });
  return out;
}

function draw(table, view) {
  const track = table.track;
  const n = track.length;
  const tall = Math.max(7, ...track.map((s) => s.length));
  const trackHeight = tall * CAMEL + 44;
  const seats = handsOf(table);
  const pitch = 33, cardRow = 26;
  const width = fitWidth(view, 300);
  const grid = rows(n, CELL, width);
  const out = [];
  const title = para(5, 18, "leg " + table.leg + ", phase " + table.phase + ", dice out: " +
                     (table.revealed.join(" ") || "none"), 15, width - 10,
                     ' font-weight="bold"');
  out.push(title.svg);
  const top = title.height + 10;
  const tiles = tileAt(table);
  for (let i = 0; i < n; i++) {
    const x = grid.x(i);
    const y0 = top + grid.row(i) * (trackHeight + 8);
    const floor = y0 + trackHeight - 20;
    const beyond = i === 0 || i === n - 1;
    const name = i === 0 ? "behind the finish line" : i === n - 1 ? "past the finish line"
      : "space " + i;
    let body = cell(x, y0, CELL, trackHeight, beyond ? "#e9ecef" : "#fff8e7");
    body += label(x + CELL / 2, y0 + trackHeight - 4,
                  i === 0 ? "<|" : i === n - 1 ? "|>" : i, 13, ' text-anchor="middle"');
    body += inOrder(track[i], (camel, h) =>
      camelSvg(camel, x + 3, floor - (h + 1) * CAMEL, CELL - 6));
    const t = tiles[i];
    if (t) {
      const who = view.seats[t.seat] || "seat " + t.seat;
      body += badge("tile", t.side, (t.side === "cheer" ? "cheering" : "boozing") +
        " tile of " + who, x + CELL / 2, y0 + 12,
        t.side === "cheer" ? "#b2f2bb" : "#ffc9c9", (t.side === "cheer" ? "+" : "-") + who);
    }
    out.push(place("space-" + i, name, body));
  }
  let y = top + grid.rows * (trackHeight + 8) + 12;
  seats.forEach((hand, s) => {
    const name = view.seats[s] || "seat " + s;
    const bets = (table.bets[s] || []).join(" ");
    const partner = table.partners[s];
    out.push(label(5, y + 15, name, 14, view.seat === s ? ' font-weight="bold"' : ""));
    const f = flow(hand.length, 66, pitch, width);
    out.push(place("hand-" + s, "finish cards of " + name, inOrder(hand, (card, k) =>
      cardSvg(card, card, card + " finish card", f.x(k), y + f.line(k) * cardRow))));
    y += f.lines * cardRow + 4;
    const text = para(66, y + 10, (bets ? "tickets: " + bets + "; " : "") + "pyramid tickets: " +
      table.pyramid_tickets[s] + (partner === null ? "" : "; partner: " +
      (view.seats[partner] || "seat " + partner)), 13, width - 71);
    out.push(text.svg);
    y += text.height + 6;
  });
  for (const name of ["winner", "loser"]) {
    const pile = pileOf(table, name);
    out.push(label(5, y + 15, name, 13));
    const f = flow(pile.length, 66, pitch, width);
    out.push(place("pile-" + name, "overall " + name + " pile", inOrder(pile,
      (c, k) => cardSvg(c.piece, c.colour || "", (c.colour || "") + " card of " +
        (view.seats[c.owner] || "seat " + c.owner), f.x(k), y + f.line(k) * cardRow,
        (view.seats[c.owner] || String(c.owner)).slice(0, 1)))));
    y += f.lines * cardRow + 6;
  }
  return svgOpen(width, y + 6) + out.join("") + "</svg>";
}

function describe(table, view) {
  const parts = ["Leg " + table.leg + ", phase " + table.phase + "."];
  const last = table.track.length - 1;
  table.track.forEach((stack, i) => {
    if (!stack.length) { return; }
    const where = i === 0 ? "Behind the finish line" : i === last ? "Past the finish line"
      : "Space " + i;
    parts.push(where + ": " + stack.join(", ") + " (bottom to top).");
  });
  for (const [space, t] of Object.entries(tileAt(table))) {
    parts.push((t.side === "cheer" ? "Cheering" : "Boozing") + " tile of " +
      (view.seats[t.seat] || "seat " + t.seat) + " on space " + space + ".");
  }
  handsOf(table).forEach((hand, s) => {
    const seen = hand.filter((c) => c !== "hidden");
    parts.push((view.seats[s] || "seat " + s) + " holds " + hand.length + " finish card(s)" +
      (seen.length ? ": " + seen.join(", ") : hand.length ? ", face down" : "") + ".");
  });
  for (const name of ["winner", "loser"]) {
    const pile = pileOf(table, name);
    parts.push("The " + name + " pile holds " + pile.length + " card(s).");
  }
  return parts.join(" ");
}
"""

DRAWING: Final = Drawing(
    script=SCRIPT,
    pieces=pieces,
    legend=(
        ("bl, gr, re, ye, pu", "the racing camels blue, green, red, yellow, purple; a space "
                               "shows its camels bottom to top (CU2-MOVE-STACK)"),
        ("wh, bk", "the crazy camels white and black (CU2-MOVE-CRAZY)"),
        ("<|, 1..16, |>", "behind the finish line, the spaces, past the finish line "
                          "(CU2-RACE-END)"),
        ("+Cy, -Ann", "a cheering or a boozing spectator tile and the seat it belongs to "
                      "(CU2-TILE-PLACE)"),
        ("coloured card / grey ?", "a finish card (on a pile with its owner's initial, yeA); "
                                   "a grey ? card is face down: this view may not see its "
                                   "colour (CU2-HIDDEN)"),
    ),
)


def legend_lines() -> Sequence[str]:
    """The legend as text lines (for a reader of the drawing's text alternative)."""
    return [f"{symbol}: {meaning}" for symbol, meaning in DRAWING.legend]

"""Camel Up, 2nd edition (2018): how the viewer page draws the table (``race-kernel view``).

The drawing hook of :class:`kernel.plugin.Drawing`: a script that draws the
plain data (the whole table, ``state.to_data``, or a seat's observation) as
SVG, and :func:`pieces`, the same picture's order of pieces in Python, which
the browser test compares with the page at every step.

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

function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
}

function camelSvg(colour, x, y, w) {
  return '<g data-piece="' + esc(colour) + '"><title>' + esc(colour) + " camel</title>" +
    '<rect x="' + x + '" y="' + y + '" width="' + w + '" height="' + (CAMEL - 2) +
    '" rx="3" fill="' + (COLOURS[colour] || "#999") + '" stroke="#333"/>' +
    '<text x="' + (x + w / 2) + '" y="' + (y + CAMEL - 6) + '" font-size="12" ' +
    'text-anchor="middle" fill="' + (INK[colour] || "#000") + '">' +
    esc(LABEL[colour] || colour) + "</text></g>";
}

function cardSvg(piece, colour, label, x, y, owner) {
  if (piece === "hidden") {
    return '<g data-piece="hidden"><title>a face-down finish card</title><rect x="' + x +
      '" y="' + y + '" width="30" height="22" rx="3" fill="#6c757d" stroke="#333"/><text x="' +
      (x + 15) + '" y="' + (y + 16) + '" font-size="13" text-anchor="middle" fill="#fff">?' +
      "</text></g>";
  }
  return '<g data-piece="' + esc(piece) + '"><title>' + esc(label) + "</title><rect x=\"" +
    x + '" y="' + y + '" width="30" height="22" rx="3" fill="' + (COLOURS[colour] || "#999") +
    '" stroke="#333"/><text x="' + (x + 15) + '" y="' + (y + 15) + '" font-size="11" ' +
    'text-anchor="middle" fill="' + (INK[colour] || "#000") + '">' +
    esc((LABEL[colour] || colour) + (owner === undefined ? "" : owner)) + "</text></g>";
}

function handsOf(table) {
  if (table.hands) { return table.hands; }
  return table.hand_sizes.map((n, s) => s === table.seat ? table.hand
    : Array.from({ length: n }, () => "hidden"));
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
  const rowHeight = 30, pitch = 33;
  const width = Math.max(n * CELL + 10, 520);
  const height = TRACK_TOP + trackHeight + 20 + seats.length * rowHeight + 2 * rowHeight + 20;
  const out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + width + " " + height +
    '" font-family="sans-serif" aria-hidden="true">'];
  out.push('<text x="5" y="18" font-size="15" font-weight="bold">leg ' + esc(table.leg) +
    ", phase " + esc(table.phase) + ", dice out: " + esc(table.revealed.join(" ") || "none") +
    "</text>");
  const tiles = tileAt(table);
  const floor = TRACK_TOP + trackHeight - 20;
  for (let i = 0; i < n; i++) {
    const x = 5 + i * CELL;
    const beyond = i === 0 || i === n - 1;
    const label = i === 0 ? "behind the finish line" : i === n - 1 ? "past the finish line"
      : "space " + i;
    out.push('<g data-space="space-' + i + '"><title>' + esc(label) + "</title>");
    out.push('<rect x="' + x + '" y="' + TRACK_TOP + '" width="' + CELL + '" height="' +
      trackHeight + '" fill="' + (beyond ? "#e9ecef" : "#fff8e7") + '" stroke="#888"/>');
    out.push('<text x="' + (x + CELL / 2) + '" y="' + (TRACK_TOP + trackHeight - 4) +
      '" font-size="13" text-anchor="middle">' + esc(i === 0 ? "<|" : i === n - 1 ? "|>" : i) +
      "</text>");
    track[i].forEach((camel, h) => {
      out.push(camelSvg(camel, x + 3, floor - (h + 1) * CAMEL, CELL - 6));
    });
    const t = tiles[i];
    if (t) {
      const who = view.seats[t.seat] || "seat " + t.seat;
      out.push('<g data-tile="' + t.side + '"><title>' + (t.side === "cheer" ? "cheering"
        : "boozing") + " tile of " + esc(who) + "</title><circle cx=\"" + (x + CELL / 2) +
        '" cy="' + (TRACK_TOP + 12) + '" r="10" fill="' + (t.side === "cheer" ? "#b2f2bb"
        : "#ffc9c9") + '" stroke="#333"/><text x="' + (x + CELL / 2) + '" y="' +
        (TRACK_TOP + 16) + '" font-size="11" text-anchor="middle">' +
        (t.side === "cheer" ? "+" : "-") + t.seat + "</text></g>");
    }
    out.push("</g>");
  }
  let y = TRACK_TOP + trackHeight + 20;
  seats.forEach((hand, s) => {
    const name = view.seats[s] || "seat " + s;
    const bets = (table.bets[s] || []).join(" ");
    const partner = table.partners[s];
    out.push('<text x="5" y="' + (y + 15) + '" font-size="14"' +
      (view.seat === s ? ' font-weight="bold"' : "") + ">" + esc(name) + "</text>");
    out.push('<g data-space="hand-' + s + '"><title>finish cards of ' + esc(name) + "</title>");
    hand.forEach((card, k) => {
      out.push(cardSvg(card, card, card + " finish card", 66 + k * pitch, y));
    });
    out.push("</g>");
    const bx = 66 + Math.max(hand.length, 1) * pitch + 8;
    out.push('<text x="' + bx + '" y="' + (y + 15) + '" font-size="13">' +
      esc((bets ? "tickets: " + bets + "  " : "") + "pyramid tickets: " +
        table.pyramid_tickets[s] + (partner === null ? "" : "  partner: " +
        (view.seats[partner] || "seat " + partner))) + "</text>");
    y += rowHeight;
  });
  for (const name of ["winner", "loser"]) {
    out.push('<text x="5" y="' + (y + 15) + '" font-size="13">' + name + "</text>");
    out.push('<g data-space="pile-' + name + '"><title>overall ' + name + " pile</title>");
    pileOf(table, name).forEach((c, k) => {
      const who = view.seats[c.owner] || "seat " + c.owner;
      out.push(cardSvg(c.piece, c.colour || "", (c.colour || "") + " card of " + who,
        66 + k * pitch, y, c.owner));
    });
    out.push("</g>");
    y += rowHeight;
  }
  out.push("</svg>");
  return out.join("");
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
        ("+2, -0 (circle)", "a cheering or boozing spectator tile and its owner's seat "
                            "(CU2-TILE-PLACE)"),
        ("coloured card / grey ?", "a finish card (on a pile with its owner's seat, ye0); a "
                                   "grey ? card is face down: this view may not see its "
                                   "colour (CU2-HIDDEN)"),
    ),
)


def legend_lines() -> Sequence[str]:
    """The legend as text lines (for a reader of the drawing's text alternative)."""
    return [f"{symbol}: {meaning}" for symbol, meaning in DRAWING.legend]

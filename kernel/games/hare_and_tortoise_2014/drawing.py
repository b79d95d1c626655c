"""The Hare & the Tortoise (2014): how the viewer page draws the table (``race-kernel view``).

The drawing hook of :class:`kernel.plugin.Drawing`: a script that draws the
plain data (the whole table, ``game.to_data``, or a seat's observation) as
SVG with the page's shared helpers (:mod:`kernel.viewer.svg`), and
:func:`pieces`, the same picture's order of pieces in Python, which the
browser test compares with the page at every step. One drawing serves the
three variants (standard, championship, apprentice).

The picture: the starting line, the tiles 1-11 (a stream shaded,
HT-SETUP-TRACK, HT-RACE-STREAM; a turbo token on its tile in the apprentice
variant, HT-APP-TURBO) and past the finish line, each with the animals on it
in the racing order (HT-RACE-ORDER; on a tile their order means nothing,
HT-SETUP-PAWNS); the podium, place by place (HT-END-PODIUM); the cards on
the table (HT-TURN-PLAY); then each seat's hand (another seat's face down in
a seat's view, HT-SETUP-DEAL) and its bets (the starting and the second bet,
HT-SETUP-START, HT-SETUP-SECOND: another seat's face down until they are
shown at the end, HT-END-GAME), its points, the first player token
(HT-SETUP-FIRST); then the deck and the discards.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from kernel.plugin import Drawing

from .data import ANIMALS, FINISH, TURBO_TILES

#: A card the view may not see, as a piece.
HIDDEN: Final = "hidden"


def _podium(table: Mapping[str, Any]) -> dict[str, list[str]]:
    """``podium-P`` for each occupied place P (1 + the animals placed before it)."""
    out: dict[str, list[str]] = {}
    before = 0
    for group in table["podium"]:
        out[f"podium-{before + 1}"] = [str(a) for a in group]
        before += len(group)
    return out


def _bets(table: Mapping[str, Any], seat: int) -> list[str]:
    """A seat's bet cards: its starting bets then its second bet, face down when unseen."""
    if "hands" in table:  # the whole table
        return [str(c) for c in (*table["starting"][seat], *table["second"][seat])]
    if seat == table["seat"]:
        return [str(c) for c in (*table["starting"], *table["second"])]
    if table["bets"] is not None:  # shown at the end (as animals)
        return [str(a) for a in table["bets"][seat]]
    return [HIDDEN] * int(table["bet_counts"][seat])


def pieces(table: Mapping[str, Any]) -> dict[str, list[str]]:
    """Each place's pieces in the drawing's order: ``space-T`` (T 0, the starting line,
    to 12, past the finish; its animals in the racing order), ``podium-P`` (each place's
    animals), ``table`` (the cards played, as listed), ``hand-S`` (the seat's hand, or as
    many face-down cards as it holds when the view may not see it) and ``bets-S`` (its
    starting and second bet, face down when unseen; as animals once shown)."""
    positions = table["positions"]
    out: dict[str, list[str]] = {
        f"space-{t}": [a for a, p in zip(ANIMALS, positions, strict=True) if p == t]
        for t in range(FINISH + 1)}
    out.update(_podium(table))
    out["table"] = [str(c) for c in table["table"]]
    seats = int(table["players"])
    for seat in range(seats):
        if "hands" in table:
            out[f"hand-{seat}"] = [str(c) for c in table["hands"][seat]]
        elif seat == table["seat"]:
            out[f"hand-{seat}"] = [str(c) for c in table["hand"]]
        else:
            out[f"hand-{seat}"] = [HIDDEN] * int(table["hand_sizes"][seat])
        out[f"bets-{seat}"] = _bets(table, seat)
    return out


SCRIPT: Final = (
    f"const ANIMALS = {json.dumps(list(ANIMALS))}, FINISH = {FINISH}, "
    f"TURBO_TILES = {json.dumps(list(TURBO_TILES))};\n"
) + r"""
const COLOURS = { hare: "#a0522d", tortoise: "#2f9e44", wolf: "#868e96", fox: "#f76707",
                  lamb: "#f8f9fa", howl: "#343a40" };
const INK = { hare: "#fff", tortoise: "#fff", wolf: "#000", fox: "#000", lamb: "#000",
              howl: "#fff" };
const LETTERS = { hare: "Ha", tortoise: "To", wolf: "Wo", fox: "Fo", lamb: "La", howl: "Hw" };
const CELL = 50, PAWN = 18, TRACK_TOP = 28, CARD = 30, PITCH = 33;

function animalSvg(animal, x, y) {
  return block(animal, "the " + animal, x, y, CELL - 6, PAWN - 2, COLOURS[animal] || "#999",
               INK[animal] || "#000", LETTERS[animal] || animal, 12, PAWN - 6);
}

function cardSvg(card, x, y, what) {
  if (card === "hidden") { return faceDown(x, y, CARD, 22, "a face-down " + what); }
  return block(card, card + (card === "howl" ? " (a wolf card with the howl)" : "") + " " +
               what, x, y, CARD, 22, COLOURS[card] || "#999", INK[card] || "#000",
               LETTERS[card] || card, 11, 15);
}

function whole(table) { return Array.isArray(table.hands); }

function handOf(table, s) {
  if (whole(table)) { return table.hands[s]; }
  return zone(s === table.seat ? table.hand : null, table.hand_sizes[s]);
}

function betsOf(table, s) {
  if (whole(table)) { return table.starting[s].concat(table.second[s]); }
  if (s === table.seat) { return table.starting.concat(table.second); }
  return table.bets ? table.bets[s] : zone(null, table.bet_counts[s]);
}

function podiumOf(table) {
  const out = [];
  let before = 0;
  for (const group of table.podium) {
    out.push({ place: before + 1, animals: group });
    before += group.length;
  }
  return out;
}

function here(table, t) { return ANIMALS.filter((a, i) => table.positions[i] === t); }

function draw(table, view) {
  const tall = Math.max(3, ...Array.from({ length: FINISH + 1 }, (_, t) => here(table, t).length));
  const trackHeight = tall * PAWN + 44;
  const cardRow = 26;
  const seats = table.players;
  const width = fitWidth(view, 300);
  const grid = rows(FINISH + 1, CELL, width);
  const out = [];
  const head = para(5, 18, (table.series > 1 ? "round " + table.round + " of " + table.series +
                    ", " : "") + table.mode + " game, phase " + table.phase +
                    ", racing phases: " + table.races, 15, width - 10, ' font-weight="bold"');
  out.push(head.svg);
  const top = head.height + 10;
  for (let t = 0; t <= FINISH; t++) {
    const x = grid.x(t);
    const y0 = top + grid.row(t) * (trackHeight + 8);
    const floor = y0 + trackHeight - 20;
    const stream = table.streams.indexOf(t) >= 0;
    const title = t === 0 ? "the starting line" : t === FINISH ? "past the finish line"
      : "tile " + t + (stream ? " (a stream)" : "");
    const fill = t === 0 || t === FINISH ? "#e9ecef" : stream ? "#a5d8ff" : "#f4fce3";
    let body = cell(x, y0, CELL, trackHeight, fill);
    body += label(x + CELL / 2, y0 + trackHeight - 4, t === 0 ? "S" : t === FINISH
                  ? "|>" : t + (stream ? "~" : ""), 13, ' text-anchor="middle"');
    body += inOrder(here(table, t), (animal, k) => animalSvg(animal, x + 3,
                                                             floor - (k + 1) * PAWN));
    const turbo = TURBO_TILES.indexOf(t);
    if (turbo >= 0 && turbo < table.turbos.length) {
      const animal = table.turbos[turbo];
      body += badge("turbo", animal, "the turbo token of the " + animal + " (+2)",
                    x + CELL / 2, y0 + 12, "#fff3bf", "+" + (LETTERS[animal] || animal));
    }
    out.push(place("space-" + t, title, body));
  }
  let y = top + grid.rows * (trackHeight + 8) + 12;
  out.push(label(5, y + 15, "podium", 13));
  const podium = podiumOf(table);
  const placeWidth = Math.max(...podium.map((p) => p.animals.length), 1) * (CELL - 4) + 24;
  const pf = flow(podium.length, 66, placeWidth, width);
  podium.forEach((p, k) => {
    const x = pf.x(k), py = y + pf.line(k) * (PAWN + 8);
    out.push(label(x, py + 15, p.place + ".", 13));
    out.push(place("podium-" + p.place, "podium place " + p.place, inOrder(p.animals,
      (animal, j) => animalSvg(animal, x + 16 + j * (CELL - 4), py + 2))));
  });
  y += pf.lines * (PAWN + 8) + 6;
  out.push(label(5, y + 15, "table", 13));
  const tf = flow(table.table.length, 66, PITCH, width);
  out.push(place("table", "the cards played since the last racing phase",
                 inOrder(table.table, (card, k) => cardSvg(card, tf.x(k),
                                                           y + tf.line(k) * cardRow,
                                                           "racing card"))));
  y += tf.lines * cardRow + 6;
  for (let s = 0; s < seats; s++) {
    const name = view.seats[s] || "seat " + s;
    const hand = handOf(table, s);
    const bets = betsOf(table, s);
    out.push(label(5, y + 15, name + (table.token === s ? " *" : ""), 14,
                   view.seat === s ? ' font-weight="bold"' : ""));
    const hf = flow(hand.length, 66, PITCH, width);
    out.push(place("hand-" + s, "hand of " + name,
                   inOrder(hand, (card, k) => cardSvg(card, hf.x(k), y + hf.line(k) * cardRow,
                                                      "racing card"))));
    y += hf.lines * cardRow + 4;
    out.push(label(66, y + 15, "bets", 12));
    const bf = flow(bets.length, 100, PITCH, width);
    out.push(place("bets-" + s, "bets of " + name,
                   inOrder(bets, (card, k) => cardSvg(card, bf.x(k), y + bf.line(k) * cardRow,
                                                      "bet card"))));
    y += bf.lines * cardRow + 2;
    out.push(label(66, y + 13, table.points[s] + " points" +
                   (table.turn === s ? "  (to act)" : ""), 13));
    y += 22;
  }
  const deck = Array.isArray(table.deck) ? table.deck.length : table.deck;
  const extra = [];
  if (table.to_move.length) { extra.push("still to move: " + table.to_move.join(", ")); }
  if (table.history.length) {
    extra.push("rounds so far: " + table.history.map((r) => r.join("/")).join(", "));
  }
  if (table.unused) {
    extra.push("starting bets not dealt: " + (table.unused.join(", ") || "none"));
  }
  const last = para(5, y + 15, "deck " + deck + " card(s), discards " + table.discard.length +
                    (extra.length ? "; " + extra.join("; ") : ""), 13, width - 10);
  out.push(last.svg);
  y += last.height + 10;
  return svgOpen(width, y) + out.join("") + "</svg>";
}

function describe(table, view) {
  const parts = [(table.series > 1 ? "Round " + table.round + " of " + table.series + ", " : "") +
                 "phase " + table.phase + "."];
  for (let t = 0; t <= FINISH; t++) {
    const animals = here(table, t);
    if (!animals.length) { continue; }
    parts.push((t === 0 ? "On the starting line" : t === FINISH ? "Past the finish line"
      : "Tile " + t + (table.streams.indexOf(t) >= 0 ? " (a stream)" : "")) + ": " +
      animals.join(", ") + ".");
  }
  if (table.streams.length) {
    parts.push("Streams on tiles " + table.streams.join(" and ") + ".");
  }
  podiumOf(table).forEach((p) => parts.push("Podium place " + p.place + ": " +
                                            p.animals.join(", ") + "."));
  parts.push("On the table: " + (table.table.join(", ") || "no card") + ".");
  for (let s = 0; s < table.players; s++) {
    const name = view.seats[s] || "seat " + s;
    const hand = handOf(table, s);
    const seen = hand.filter((c) => c !== "hidden");
    const bets = betsOf(table, s);
    const shown = bets.filter((c) => c !== "hidden");
    parts.push(name + " holds " + hand.length + " card(s)" +
      (seen.length ? ": " + seen.join(", ") : hand.length ? ", face down" : "") + "; bets " +
      (shown.length ? shown.join(", ") : bets.length + " face down") + "; " + table.points[s] +
      " points" + (table.token === s ? "; holds the first player token" : "") + ".");
  }
  return parts.join(" ");
}
"""

DRAWING: Final = Drawing(
    script=SCRIPT,
    pieces=pieces,
    legend=(
        ("Ha, To, Wo, Fo, La", "the hare, the tortoise, the wolf, the fox, the lamb; on a tile "
                               "in the racing order, which means nothing there "
                               "(HT-RACE-ORDER, HT-SETUP-PAWNS)"),
        ("S, 1-11, |>", "the starting line, the tiles, past the finish line (HT-SETUP-TRACK)"),
        ("~ (blue tile)", "a stream: the lamb stops on it (HT-RACE-STREAM)"),
        ("+Ha (circle)", "a turbo token of the apprentice variant: its animal ending there "
                         "moves 2 more tiles (HT-APP-TURBO)"),
        ("podium 1., 2., 3.", "the podium places, animals tied on one place together "
                              "(HT-END-PODIUM)"),
        ("Hw card", "a wolf card with the howl (HT-RACE-HOWL)"),
        ("grey ? card", "face down: this view may not see it (another seat's hand, "
                        "HT-SETUP-DEAL; its bets until the end, HT-SETUP-SECOND)"),
        ("name *", "the seat holding the first player token (HT-SETUP-FIRST)"),
    ),
)

"""SVG helpers for the games' drawing hooks (:class:`kernel.plugin.Drawing`).

Game-agnostic: nothing here knows a game, its pieces or its plain data. The
page (:mod:`kernel.viewer.page`) puts :data:`SCRIPT` in front of the game's
drawing script, inside the one function that wraps it, so a drawing may call
these functions without defining them (and nothing leaks into the page's
other scripts; a drawing that defines a function of the same name uses its
own). A game's drawing imports nothing from here: its script is text.

The functions (JavaScript), each returning SVG markup as text:

- ``esc(text)``: ``text`` with ``& < > " '`` escaped (every text a drawing
  puts in the markup goes through it);
- ``svgOpen(width, height)``: the opening ``<svg>`` tag (``aria-hidden``: the
  page gives the drawing's text alternative, ``describe``);
- ``label(x, y, text, size, extra)``: a line of text (``extra``: more attributes);
- ``place(name, title, body)``: a place holding pieces, ``<g data-space="name">``
  (the browser test reads the pieces of each place in order);
- ``inOrder(pieces, fn)``: ``fn(piece, k)`` for each piece of a place, in the
  order the page must show them (bottom to top of a stack), joined;
- ``block(piece, title, x, y, w, h, fill, ink, text, size, dy)``: one piece, a
  rounded rectangle with a short text, ``<g data-piece="piece">``;
- ``faceDown(x, y, w, h, title)``: a piece the view may not see, drawn face
  down (``data-piece="hidden"``: a grey card with a ``?``);
- ``badge(attr, value, title, cx, cy, fill, text)``: a rounded marker on a place
  (``data-<attr>="value"``), as wide as its short text, not a piece;
- ``cell(x, y, w, h, fill)``: a place's background;
- ``zone(cards, size)``: the pieces of a card zone: its cards, or ``size``
  face-down ones (``"hidden"``) when the view may not see them (``cards`` null).

Layout helpers, so that a drawing fits the width the page gives it
(``view.width``, CSS pixels; a drawing is shown at 1 unit = 1 pixel when it
fits) and no text runs past its right edge:

- ``fitWidth(view, least)``: the width to draw at: the view's, at least ``least``;
- ``rows(n, cellWidth, width)``: how ``n`` cells of a track fit in rows of
  ``width``: ``{perRow, rows, x(i), row(i)}``;
- ``textLines(text, size, maxWidth)``: ``text`` cut at spaces into lines no
  wider than ``maxWidth`` (an estimate of the font's width, on the safe side);
- ``para(x, y, text, size, maxWidth, extra)``: those lines as SVG text, the
  first line's baseline at ``y``: ``{svg, height}``;
- ``flow(count, x0, pitch, width)``: where the ``k``-th of ``count`` pieces of a
  row goes when the row wraps at ``width``: ``{perRow, lines, x(k), line(k)}``.
"""

from __future__ import annotations

from typing import Final

SCRIPT: Final = r"""
function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
}

function svgOpen(width, height) {
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + width + " " + height +
    '" width="' + width + '" height="' + height +
    '" font-family="sans-serif" aria-hidden="true">';
}

function fitWidth(view, least) {
  const given = view && view.width ? Math.floor(view.width) : 1000;
  return Math.max(least, given);
}

function rows(n, cellWidth, width) {
  const perRow = Math.max(1, Math.min(n, Math.floor((width - 10) / cellWidth)));
  return { perRow: perRow, rows: Math.ceil(n / perRow),
           x: (i) => 5 + (i % perRow) * cellWidth, row: (i) => Math.floor(i / perRow) };
}

function textLines(text, size, maxWidth) {
  const most = Math.max(4, Math.floor(maxWidth / (0.62 * size)));
  const out = [];
  let line = "";
  for (const word of String(text).split(" ")) {
    let w = word;
    while (w.length > most) {  // a word longer than a line is cut
      if (line) { out.push(line); line = ""; }
      out.push(w.slice(0, most));
      w = w.slice(most);
    }
    if (!line) { line = w; } else if (line.length + 1 + w.length <= most) { line += " " + w; }
    else { out.push(line); line = w; }
  }
  if (line || !out.length) { out.push(line); }
  return out;
}

function para(x, y, text, size, maxWidth, extra) {
  const lines = textLines(text, size, maxWidth);
  const step = Math.round(size * 1.3);
  return { svg: lines.map((t, i) => label(x, y + i * step, t, size, extra)).join(""),
           height: lines.length * step };
}

function flow(count, x0, pitch, width) {
  const perRow = Math.max(1, Math.floor((width - x0 - 5) / pitch));
  return { perRow: perRow, lines: Math.max(1, Math.ceil(count / perRow)),
           x: (k) => x0 + (k % perRow) * pitch, line: (k) => Math.floor(k / perRow) };
}

function label(x, y, text, size, extra) {
  return '<text x="' + x + '" y="' + y + '" font-size="' + size + '"' + (extra || "") + ">" +
    esc(text) + "</text>";
}

function place(name, title, body) {
  return '<g data-space="' + esc(name) + '"><title>' + esc(title) + "</title>" + body + "</g>";
}

function inOrder(pieces, fn) {
  const order = pieces.slice(); // bottom to top
  return order.map(fn).join("");
}

function block(piece, title, x, y, w, h, fill, ink, text, size, dy) {
  return '<g data-piece="' + esc(piece) + '"><title>' + esc(title) + '</title><rect x="' + x +
    '" y="' + y + '" width="' + w + '" height="' + h + '" rx="3" fill="' + fill +
    '" stroke="#333"/><text x="' + (x + w / 2) + '" y="' + (y + dy) + '" font-size="' + size +
    '" text-anchor="middle" fill="' + ink + '">' + esc(text) + "</text></g>";
}

function faceDown(x, y, w, h, title) {
  return block("hidden", title, x, y, w, h, "#6c757d", "#fff", "?", 13, 16);
}

function badge(attr, value, title, cx, cy, fill, text) {
  const w = Math.max(20, Math.ceil(String(text).length * 7 + 6));
  return "<g data-" + attr + '="' + esc(value) + '"><title>' + esc(title) +
    '</title><rect x="' + (cx - w / 2) + '" y="' + (cy - 10) + '" width="' + w +
    '" height="20" rx="10" fill="' + fill + '" stroke="#333"/><text x="' + cx + '" y="' +
    (cy + 4) + '" font-size="11" text-anchor="middle">' + esc(text) + "</text></g>";
}

function cell(x, y, w, h, fill) {
  return '<rect x="' + x + '" y="' + y + '" width="' + w + '" height="' + h + '" fill="' +
    fill + '" stroke="#888"/>';
}

function zone(cards, size) {
  return cards === null || cards === undefined ? Array.from({ length: size }, () => "hidden")
    : cards;
}
"""

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
- ``badge(attr, value, title, cx, cy, fill, text)``: a round marker on a place
  (``data-<attr>="value"``), not a piece;
- ``cell(x, y, w, h, fill)``: a place's background;
- ``zone(cards, size)``: the pieces of a card zone: its cards, or ``size``
  face-down ones (``"hidden"``) when the view may not see them (``cards`` null).
"""

from __future__ import annotations

from typing import Final

SCRIPT: Final = r"""
function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
}

function svgOpen(width, height) {
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + width + " " + height +
    '" font-family="sans-serif" aria-hidden="true">';
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
  return "<g data-" + attr + '="' + esc(value) + '"><title>' + esc(title) +
    '</title><circle cx="' + cx + '" cy="' + cy + '" r="10" fill="' + fill +
    '" stroke="#333"/><text x="' + cx + '" y="' + (cy + 4) +
    '" font-size="11" text-anchor="middle">' + esc(text) + "</text></g>";
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

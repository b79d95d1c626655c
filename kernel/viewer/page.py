"""The viewer page: one self-contained HTML file (style, script and data inside it).

Nothing in it loads anything from elsewhere: no server, network or CDN; it
works opened from disk. The data is JSON in a ``<script
type="application/json">`` element (``</`` written ``<\\/`` so that no text of
a trace can end the element); the game's drawing hook's script, when it has
one, is wrapped, after the shared SVG helpers (:mod:`kernel.viewer.svg`), in one
function that defines ``window.raceViewerDrawing``.
"""

from __future__ import annotations

import html
import json
from typing import Any

from kernel.viewer import svg
from kernel.viewer.assets import CSS, SCRIPT


def _json(data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def _drawing(script: str) -> str:
    body = (svg.SCRIPT + script).replace("</script", "<\\/script")
    return ("window.raceViewerDrawing = (function () {\n\"use strict\";\n" + body +
            "\nreturn { draw: draw, describe: describe };\n})();")


def render(data: dict[str, Any], drawing_script: str | None) -> str:
    """The page's HTML for the data of :func:`kernel.viewer.model.build`."""
    e = html.escape
    config = " ".join(f"{k}={json.dumps(v)}" for k, v in sorted(data["config"].items()))
    seed = f", seed {data['seed']}" if data.get("seed") is not None else ""
    title = f"{data['name']}: {data['kind']} trace"
    source = f" from {data['source']}" if data.get("source") else ""
    drawing = (f"<script>{_drawing(drawing_script)}</script>"
               if drawing_script is not None else "")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>{e(title)}</title>
<style>{CSS}</style>
</head>
<body>
<header>
<h1>{e(data['name'])}</h1>
<p class="meta">game {e(data['game'])} v{data['version']}, {e(config)}{e(seed)};
 a {e(data['kind'])} trace{e(source)}; {len(data['steps'])} steps.
 Keys: Left and Right arrows step back and forward, Home and End go to the first and last step.</p>
<div class="controls" role="group" aria-label="step through the game">
<button type="button" id="first" aria-label="first step">&#x25C0;&#x25C0; First</button>
<button type="button" id="back" aria-label="step back">&#x25C0; Back</button>
<button type="button" id="forward" aria-label="step forward">Forward &#x25B6;</button>
<button type="button" id="last" aria-label="last step">Last &#x25B6;&#x25B6;</button>
<label for="slider" class="visually-hidden">step</label>
<input type="range" id="slider" min="0" value="0" step="1">
<span id="position" aria-live="polite"></span>
<label for="view">View:</label>
<select id="view" aria-label="whose view: all, or only what one seat may see"></select>
</div>
</header>
<main>
<section id="divergence" hidden aria-labelledby="divergence-heading">
<h2 id="divergence-heading">Divergence</h2>
</section>
<section aria-labelledby="board-heading">
<h2 id="board-heading">The table</h2>
<figure>
<div id="board" role="img"></div>
<figcaption id="board-text"></figcaption>
</figure>
<details>
<summary>The table's plain data at this step (as this view sees it)</summary>
<pre id="plain"></pre>
</details>
<section id="odds" hidden aria-labelledby="odds-heading">
<h2 id="odds-heading">Exact odds</h2>
<label><input type="checkbox" id="odds-exact"> exact fractions</label>
<div id="odds-body"></div>
</section>
</section>
<section aria-labelledby="step-heading">
<h2 id="step-heading">This step</h2>
<div id="step-info"></div>
<ol class="events" id="events" aria-label="the step's events, with their rule IDs"></ol>
<h2 id="scores-heading">{e(data['score']['kind'].capitalize())} ({e(data['score']['unit'])})</h2>
<table id="scores" aria-labelledby="scores-heading">
<thead><tr><th scope="col">seat</th><th scope="col">{e(data['score']['kind'])}</th>
<th scope="col">this step</th></tr></thead>
<tbody id="scores-body"></tbody>
</table>
<h2>Where the payouts came from (the latest first)</h2>
<ol id="ledger"></ol>
<section id="standings" hidden aria-labelledby="standings-heading">
<h2 id="standings-heading">Final standings</h2>
<p id="standings-rule"></p>
<p id="standings-tiebreak"></p>
<ol id="standings-list"></ol>
<p id="standings-rules">Rules: </p>
</section>
<section id="legend" aria-labelledby="legend-heading">
<h2 id="legend-heading">Legend</h2>
<ul id="legend-list"></ul>
<h2>Seats</h2>
<ul id="seat-list"></ul>
</section>
</section>
</main>
<dialog id="rule-dialog" aria-labelledby="rule-title">
<h2 id="rule-title"></h2>
<p id="rule-where" class="meta"></p>
<div id="rule-text"></div>
<button type="button" id="rule-close">Close</button>
</dialog>
<script type="application/json" id="viewer-data">{_json(data)}</script>
{drawing}
<script>{SCRIPT}</script>
</body>
</html>
"""

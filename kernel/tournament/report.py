"""The tournament's HTML report: one self-contained page (inline SVG, no script).

It shows the results table (win rates with their 95% intervals, mean place,
forfeits, ratings), a plot of each bot's final rating with its 95% interval
(``mu +- 1.96 sigma``), the ratings' course over the games (mean and band),
the forfeits, and, apart, the timings.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

#: Line colours of the bots (cycled), readable on white.
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
           "#7f7f7f", "#17becf", "#bcbd22")


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _interval_plot(rows: list[Mapping[str, Any]]) -> str:
    """Each bot's final rating: a dot at mu and a bar over its 95% interval."""
    if not rows:
        return ""
    lo = float(min(r["rating"]["low"] for r in rows))
    hi = float(max(r["rating"]["high"] for r in rows))
    span = (hi - lo) or 1.0
    lo, hi = lo - 0.05 * span, hi + 0.05 * span
    left, width, row_h = 170, 480, 28
    height = 40 + row_h * len(rows)

    def x(v: float) -> float:
        return left + width * (v - lo) / (hi - lo)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 30}" '
           f'height="{height}" role="img" aria-labelledby="rt"><title id="rt">Final ratings '
           f'with 95% intervals</title>']
    for k in range(6):  # axis ticks
        v = lo + (hi - lo) * k / 5
        out.append(f'<line x1="{x(v):.1f}" y1="10" x2="{x(v):.1f}" y2="{height - 25}" '
                   f'stroke="#ddd"/><text x="{x(v):.1f}" y="{height - 8}" font-size="11" '
                   f'text-anchor="middle">{v:.1f}</text>')
    for i, r in enumerate(rows):
        g, y = r["rating"], 25 + row_h * i
        colour = COLOURS[i % len(COLOURS)]
        out.append(f'<text x="{left - 8}" y="{y + 4}" font-size="12" text-anchor="end">'
                   f'{_e(r["bot"][:24])}</text>'
                   f'<line x1="{x(g["low"]):.1f}" y1="{y}" x2="{x(g["high"]):.1f}" y2="{y}" '
                   f'stroke="{colour}" stroke-width="3"><title>{_e(r["bot"])}: '
                   f'{g["low"]:.2f} to {g["high"]:.2f}</title></line>'
                   f'<circle cx="{x(g["mu"]):.1f}" cy="{y}" r="5" fill="{colour}">'
                   f'<title>{_e(r["bot"])}: mu {g["mu"]:.2f}, sigma {g["sigma"]:.2f}</title>'
                   f'</circle>')
    out.append("</svg>")
    return "".join(out)


def _history_plot(history: list[Mapping[str, Any]], bots: list[str]) -> str:
    """The ratings over the games: each bot's mean as a line, its 95% band shaded."""
    if not history:
        return ""
    z = 1.959963984540054
    values = [float(v) for h in history for m, s in h["ratings"].values()
              for v in (m - z * s, m + z * s)]
    lo, hi = min(values), max(values)
    span = (hi - lo) or 1.0
    last = int(history[-1]["games"])
    left, top, width, height = 50, 15, 600, 260

    def x(games: int) -> float:
        return left + width * games / max(last, 1)

    def y(v: float) -> float:
        return top + height * (hi - v) / span

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 20}" '
           f'height="{top + height + 40}" role="img" aria-labelledby="rh"><title id="rh">'
           f'Ratings over the games, with 95% bands</title>']
    for k in range(6):
        v = lo + span * k / 5
        out.append(f'<line x1="{left}" y1="{y(v):.1f}" x2="{left + width}" y2="{y(v):.1f}" '
                   f'stroke="#eee"/><text x="{left - 5}" y="{y(v) + 4:.1f}" font-size="11" '
                   f'text-anchor="end">{v:.1f}</text>')
    for k in range(6):
        g = round(last * k / 5)
        out.append(f'<text x="{x(g):.1f}" y="{top + height + 15}" font-size="11" '
                   f'text-anchor="middle">{g}</text>')
    out.append(f'<text x="{left + width / 2}" y="{top + height + 32}" font-size="12" '
               f'text-anchor="middle">games played (of {last})</text>')
    for i, b in enumerate(bots):
        colour = COLOURS[i % len(COLOURS)]
        pts = [(h["games"], *h["ratings"][b]) for h in history if b in h["ratings"]]
        upper = " ".join(f"{x(gm):.1f},{y(m + z * s):.1f}" for gm, m, s in pts)
        lower = " ".join(f"{x(gm):.1f},{y(m - z * s):.1f}" for gm, m, s in reversed(pts))
        line = " ".join(f"{x(gm):.1f},{y(m):.1f}" for gm, m, _ in pts)
        out.append(f'<polygon points="{upper} {lower}" fill="{colour}" fill-opacity="0.12"/>'
                   f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2">'
                   f'<title>{_e(b)}</title></polyline>')
        out.append(f'<rect x="{left + 10}" y="{top + 5 + 16 * i}" width="10" height="10" '
                   f'fill="{colour}"/><text x="{left + 25}" y="{top + 14 + 16 * i}" '
                   f'font-size="11">{_e(b[:40])}</text>')
    out.append("</svg>")
    return "".join(out)


def page(data: Mapping[str, Any], timings: Mapping[str, Any] | None = None) -> str:
    """The report page of a tournament's results (:class:`kernel.tournament.core.Results`)."""
    t = data["tournament"]
    rows = data["table"]
    head = ("<tr><th>bot</th><th>seats played</th><th>wins</th><th>win rate</th>"
            "<th>95% interval</th><th>mean score</th><th>mean place</th><th>rating mu</th>"
            "<th>sigma</th><th>95% interval</th><th>ordinal</th><th>forfeits</th></tr>")
    body = "".join(
        f"<tr><td>{_e(r['bot'])}</td><td>{r['seat_games']}</td><td>{_e(r['wins'])}</td>"
        f"<td>{100 * r['win_rate']:.1f}%</td>"
        f"<td>{100 * r['win_low']:.1f}% to {100 * r['win_high']:.1f}%</td>"
        f"<td>{r['mean_score']:.2f}</td><td>{r['mean_place']:.2f}</td>"
        f"<td>{r['rating']['mu']:.2f}</td><td>{r['rating']['sigma']:.2f}</td>"
        f"<td>{r['rating']['low']:.2f} to {r['rating']['high']:.2f}</td>"
        f"<td>{r['rating']['ordinal']:.2f}</td>"
        f"<td>{_e(', '.join(f'{k} {v}' for k, v in r['forfeits'].items()) or 'none')}</td></tr>"
        for r in rows)
    forfeits = [(g["index"], g["bots"][f["seat"]], f) for g in data["games"]
                for f in g["forfeits"]]
    forfeit_rows = "".join(
        f"<tr><td>{i}</td><td>{_e(b)}</td><td>{f['seat']}</td><td>{f['step']}</td>"
        f"<td>{_e(f['reason'])}</td><td>{_e(f['detail'][:200])}</td>"
        f"<td>{_e(f['played'])}</td></tr>" for i, b, f in forfeits[:200])
    more = (f"<p>... and {len(forfeits) - 200} more (the results JSON lists them all).</p>"
            if len(forfeits) > 200 else "")
    timing = ""
    if timings:
        bot_rows = "".join(
            f"<tr><td>{_e(b)}</td><td>{v['moves']}</td><td>{v['mean_ms']:.3f}</td>"
            f"<td>{v['max_ms']:.3f}</td></tr>" for b, v in timings["bots"].items())
        timing = (f"<h2>Timings (not part of the results)</h2><p>backend {_e(timings['backend'])}, "
                  f"{timings['workers']} worker(s); {timings['wall_seconds']} s wall clock, "
                  f"{timings['game_seconds']} s in games ({timings['game_cpu_seconds']} s CPU); "
                  f"{timings['games_per_second']} games/s, "
                  f"{timings['games_per_core_second']} games per core-second.</p>"
                  f"<table><tr><th>bot</th><th>moves</th><th>mean ms per move</th>"
                  f"<th>longest ms</th></tr>{bot_rows}</table>")
    config = ", ".join(f"{k}={v}" for k, v in sorted(t["config"].items()))
    bots = [r["bot"] for r in rows]
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>Tournament: {_e(t['game'])}</title>
<style>
body {{ font-family: sans-serif; margin: 1.5em; color: #222; }}
table {{ border-collapse: collapse; margin: 0.5em 0 1.5em; }}
th, td {{ border: 1px solid #ccc; padding: 3px 8px; text-align: right; font-size: 14px; }}
td:first-child, th:first-child {{ text-align: left; }}
</style></head><body>
<h1>Tournament: {_e(t['game'])} (behaviour version {t['version']})</h1>
<p>{t['games']} games at {t['seats']} seats in {t['deals']} deals (each line-up in every
seat rotation, common random numbers per deal); configuration {_e(config)};
seed {t['seed']}; bots {_e(', '.join(t['bots']))};
{data['forfeits']} forfeited move(s), {data['truncated']} game(s) cut short.</p>
<h2>Results</h2>
<table>{head}{body}</table>
<p>Win rate: the bot's share of wins per seat it held (winners share a win), with the 95%
Wilson score interval. Rating: OpenSkill's Plackett-Luce model updated in game order; interval
mu &#177; 1.96 sigma; ordinal mu &#8722; 3 sigma. A bot holding several seats of one game is
rated through each seat with its rating before the game and takes the mean of their new
ratings.</p>
<h2>Ratings and their 95% intervals</h2>
{_interval_plot(rows)}
<h2>Ratings over the games</h2>
{_history_plot(data['ratings_history'], bots)}
<h2>Forfeits</h2>
{"<p>none</p>" if not forfeits else
 "<table><tr><th>game</th><th>bot</th><th>seat</th><th>step</th><th>reason</th><th>detail</th>"
 "<th>played instead</th></tr>" + forfeit_rows + "</table>" + more}
{timing}
</body></html>
"""

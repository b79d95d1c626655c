"""The viewer's data: a trace replayed on the kernel, as the page's plain data.

Generic: everything game-specific comes from the game's registration
(``GameInfo``): its name, score, narrator (seat names, legend, the text
picture of the fallback, what each payout came from, the standings), its
observation per seat (the seat views) and its optional drawing hook
(:class:`kernel.plugin.Drawing`).

The recorded lines are played again on the kernel from the header's state
(or a new game of the header's configuration): a trace line carries a digest,
not the state, at most steps. Each step's table is stored as the changes from
the step before (:func:`delta`), in the "all" view (``GameInfo.to_data``) and
in each seat's view (``GameInfo.observation``, with the events as
``kernel.events_seen`` gives them). A step whose kernel result differs from the
recorded line is marked. A ``diff`` report's divergence is kept with both
sides: the kernel's (expected) and the program's (actual), and the places
where they differ.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

import attrs

import kernel
from kernel.api import Step
from kernel.conformance.canonical import canonical, diff_paths, digest
from kernel.core import CHANCE, Applied, Event, PlainData, Rejected
from kernel.narrate import words
from kernel.registry import GameInfo
from kernel.resources import spec_dir
from kernel.spec.catalogue import Rule, load

#: One change of a table: [path, value] sets the value, [path] removes the key.
Op = list[PlainData]
Line = Mapping[str, Any]


class ViewError(ValueError):
    """A trace the viewer cannot show (the message says why, in one line)."""


def delta(before: PlainData, after: PlainData, path: list[PlainData] | None = None,
          out: list[Op] | None = None) -> list[Op]:
    """The changes that turn ``before`` into ``after``, as few paths as it takes.

    >>> delta({"a": [1, 2], "b": 0}, {"a": [1, 3], "c": 1})
    [[['a', 1], 3], [['b']], [['c'], 1]]
    """
    path = [] if path is None else path
    out = [] if out is None else out
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted(set(before) | set(after)):
            if key not in after:
                out.append([[*path, key]])
            elif key not in before:
                out.append([[*path, key], after[key]])
            else:
                delta(before[key], after[key], [*path, key], out)
    elif (isinstance(before, list) and isinstance(after, list) and len(before) == len(after)
          and path):
        for i, (x, y) in enumerate(zip(before, after, strict=True)):
            delta(x, y, [*path, i], out)
    elif type(before) is not type(after) or before != after:
        out.append([path, after])
    return out


def patch(table: PlainData, ops: Sequence[Op]) -> PlainData:
    """``table`` with the changes of :func:`delta` made (a copy; for the tests).

    >>> patch({"a": [1, 2], "b": 0}, delta({"a": [1, 2], "b": 0}, {"a": [1, 3], "c": 1}))
    {'a': [1, 3], 'c': 1}
    """
    import copy

    root: Any = copy.deepcopy(table)
    for op in ops:
        path = op[0]
        assert isinstance(path, list)
        if not path:
            root = copy.deepcopy(op[1])
            continue
        here = root
        for key in path[:-1]:
            here = here[key]
        if len(op) == 1:
            del here[path[-1]]
        else:
            here[path[-1]] = copy.deepcopy(op[1])
    result: PlainData = root
    return result


def canonical_event(e: Event) -> str:
    """An event's canonical text (``Event.text``) without its rule IDs."""
    text = e.text
    cut = text.rfind(" [")
    return text[:cut] if cut >= 0 else text


def _event(e: Event, narrator: Any) -> dict[str, PlainData]:
    """An event as the page lists it: in words (the narrator's, :func:`kernel.narrate.words`),
    its canonical text (``c``, for implementers) and its rule IDs."""
    return {"t": words(narrator, e), "c": canonical_event(e), "r": list(e.rules)}


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _safe_lines(make: Any, *args: Any) -> list[str] | None:
    """A narrator's lines, or None when it cannot read this table (a seat's view)."""
    try:
        return [str(x) for x in make(*args)]
    except Exception:  # a narrator written for the whole table may not read an observation
        return None


def catalogue_entries(ids: set[str]) -> dict[str, dict[str, str]]:
    """The catalogue entries of ``ids`` (title and the entry's text) from the shipped spec."""
    found: dict[str, dict[str, str]] = {}
    try:
        folder = spec_dir()
        catalogues = load(folder)
    except (OSError, ValueError):
        return found
    for catalogue in catalogues:
        for rule in catalogue.rules:
            if rule.id in ids:
                found[rule.id] = _entry(rule, folder)
    return found


def _entry(rule: Rule, folder: Path) -> dict[str, str]:
    try:
        where = str(rule.path.relative_to(folder))
    except ValueError:
        where = rule.path.name
    text = "\n".join(rule.body).strip()
    return {"title": rule.title, "text": text, "html": rule_html(rule.body),
            "where": f"spec/{where}, line {rule.line}"}


#: A quoted source's head in a catalogue: ``003 (`003_7df0....txt`, "Setup"): "..."``.
_SOURCE = re.compile(r'^(?P<src>[\w-]+) \(`[^`]*`(?:, (?P<where>"[^"]*"|[^)]*))?\): ')
#: A rulebook's file name anywhere in the text (``003_7df0da71c4ab0577.txt``).
_FILE = re.compile(r"`?\b(\d{3})_[0-9a-f]{6,}\.txt\b`?")
_LABELS = ("Reading", "Interpretation", "Alternatives", "Why", "Examples")


def _source(src: str) -> str:
    """A catalogue's source name in words: ``003`` is rulebook 003, ``rules-data`` the
    figures collected beside the rulebooks (``rules-data.md``)."""
    if src.isdigit():
        return f"Rulebook {src}"
    if src == "rules-data":
        return "Rules data (figures the rulebook texts lost)"
    return src


def _inline(text: str) -> str:
    """Escaped text with the catalogues' inline Markdown as HTML: ``**bold**``, ``*emphasis*``,
    ```code```; a rulebook's file name becomes its number."""
    text = _FILE.sub(lambda m: f"rulebook {m.group(1)}", text)
    out: list[str] = []
    for i, part in enumerate(re.split(r"(`[^`]*`)", text)):
        if i % 2:
            out.append(f"<code>{html.escape(part[1:-1])}</code>")
            continue
        part = html.escape(part, quote=False)
        part = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", part)
        part = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", part)
        out.append(part)
    return "".join(out)


def rule_html(body: Sequence[str]) -> str:
    """A catalogue entry's text as formatted HTML (no raw Markdown, no rulebook file names):
    each quoted source a block quote headed by its source and section, each labelled
    paragraph (Reading, Interpretation, ...) with its label in bold. Every text is escaped:
    the only tags are the ones made here.

    >>> rule_html(['> 003 (`003_7df0da71c4ab0577.txt`, "Setup"): "Give **3** coins."', '',
    ...            'Reading: a *seat* gets 3 (`x<y`).'])
    '<blockquote><p><cite>Rulebook 003, “Setup”</cite> "Give <strong>3</strong> coins."</p></blockquote><p><strong>Reading:</strong> a <em>seat</em> gets 3 (<code>x&lt;y</code>).</p>'
    """  # noqa: E501
    blocks: list[tuple[str, list[str]]] = []
    for line in body:
        stripped = line.strip()
        if not stripped:
            blocks.append(("", []))
            continue
        kind = "quote" if stripped.startswith(">") else "p"
        text = stripped.lstrip(">").strip() if kind == "quote" else stripped
        if blocks and blocks[-1][0] == kind and blocks[-1][1]:
            blocks[-1][1].append(text)
        else:
            blocks.append((kind, [text]))
    out: list[str] = []
    for kind, lines in blocks:
        if not lines:
            continue
        text = " ".join(lines)
        if kind == "quote":
            head = _SOURCE.match(text)
            cite = ""
            if head:
                where = head.group("where")
                where = where.strip('"') if where else ""
                cite = (f"<cite>{html.escape(_source(head.group('src')))}"
                        + (f", \u201c{html.escape(where)}\u201d" if where else "") + "</cite> ")
                text = text[head.end():]
            out.append(f"<blockquote><p>{cite}{_inline(text)}</p></blockquote>")
            continue
        label = next((x for x in _LABELS if text.startswith(x + ":")), None)
        if label is not None:
            out.append(f"<p><strong>{label}:</strong>{_inline(text[len(label) + 1:])}</p>")
        else:
            out.append(f"<p>{_inline(text)}</p>")
    return "".join(out)


def _start(info: GameInfo, header: Line) -> Any:
    state = header.get("state")
    if isinstance(state, Mapping):
        try:
            return info.from_data(state)
        except ValueError as exc:
            raise ViewError(f"the header's state cannot be read: {exc}") from None
    try:
        return info.new_game(header["config"])
    except ValueError as exc:
        raise ViewError(f"the header's configuration: {exc}") from None


#: How many positions of a page get the exact odds by default (``race-kernel view --odds``).
ODDS: Final = 8


def build(lines: Sequence[Line], *, seat: int | None = None, source: str = "",
          odds: int = ODDS) -> dict[str, Any]:
    """The page's data for checked trace lines (``kernel.conformance.trace.read_trace``).

    ``seat``: only that seat's view (the page then holds nothing the seat may
    not see); None: the "all" view and every seat's. ``odds``: at most this
    many positions get the exact odds of a game that has them
    (``GameInfo.seat_odds``), from the view of the seat about to decide
    (:func:`odds_of`).
    """
    header = lines[0]
    if header.get("kind") == "status" or any(x.get("type") == "status" for x in lines[1:]):
        raise ViewError("a status vector file holds candidate states, not a game to show")
    info = kernel.game_info(str(header["game"]))
    if header["version"] != info.version:
        raise ViewError(f"the trace is of version {header['version']} of {info.id}; "
                        f"the kernel has version {info.version}")
    narrator = info.narrator
    state = _start(info, header)
    start = state
    seats = info.seats(state)
    if seat is not None and not 0 <= seat < seats:
        raise ViewError(f"--seat {seat}: the game has seats 0 to {seats - 1}")
    views: list[str] = ["all", *(str(s) for s in range(seats))] if seat is None else [str(seat)]

    def table_of(st: Any, view: str) -> dict[str, PlainData]:
        data = info.to_data(st) if view == "all" else info.observation(st, int(view))
        plain = canonical(data)
        assert isinstance(plain, dict)
        return plain

    last: dict[str, dict[str, PlainData]] = {v: table_of(state, v) for v in views}
    frames: dict[str, list[list[Op]]] = {v: [[[[], last[v]]]] for v in views}
    fallback = info.drawing is None
    pictures: dict[str, list[list[str] | None]] = {v: [] for v in views}
    if fallback:
        for v in views:
            pictures[v].append(_safe_lines(narrator.draw, last[v]))
    steps: list[dict[str, Any]] = []
    rules: set[str] = set()
    divergence: dict[str, Any] | None = None
    header_div = header.get("divergence")
    if isinstance(header_div, Mapping):
        divergence = _divergence(info, header_div, 0, last.get("all"))
    played: list[Step] = []  # the applied steps, for the odds' histories
    decisions: list[tuple[int, int, int]] = []  # (page step, seat to decide, applied steps)
    if info.seat_odds is not None:
        decisions.append((0, info.current_actor(state), 0))
    for line in lines[1:]:
        before = state
        actor = info.current_actor(state)
        action = line["action"]
        result = info.apply(state, action)
        step: dict[str, Any] = {"n": line["n"], "actor": actor}
        parsed = info.parse_action(action)
        text = parsed.text if not isinstance(parsed, Rejected) else canonical_text(action)
        step["who"] = ("chance" if actor == CHANCE else narrator.seat_name(actor)
                       if 0 <= actor < seats else "nobody")
        step["action"] = text
        mismatch: list[str] = []
        if isinstance(result, Rejected):
            step["rejected"] = {"rule": result.rule, "reason": result.reason}
            rules.add(result.rule)
            if line.get("rejected") != result.rule:
                mismatch.append(f"recorded {line.get('rejected') or 'applied'}, "
                                f"the kernel: rejected {result.rule}")
            events: tuple[Event, ...] = ()
        else:
            assert isinstance(result, Applied)
            events = result.events
            state = result.state
            if info.seat_odds is not None and not isinstance(parsed, Rejected):
                played.append(Step(actor, parsed, events, state))
                decisions.append((len(steps) + 1, info.current_actor(state), len(played)))
            if "rejected" in line:
                mismatch.append(f"recorded rejected {line['rejected']}, the kernel applies it")
            if actor == CHANCE and not isinstance(parsed, Rejected):
                p = dict(info.chance_outcomes(before)).get(parsed)
                if p is not None:
                    step["p"] = _fraction(p)
        if line.get("digest") != digest(state):
            mismatch.append("the state's digest differs from the recorded one")
        if mismatch:
            step["mismatch"] = "; ".join(mismatch)
        sub: list[list[PlainData]] | None = [] if seat is None else None
        step["events"], step["notes"] = _events(info, before, events, seats, seat, sub)
        if events and all(e.seen_by(s) == e for e in events for s in range(seats)):
            step["pub"] = True  # nothing of it is hidden from any seat: a die roll, a bet
        elif seat is not None and actor != seat:  # another seat's hidden choice, a deal
            step["action"] = None
            step.pop("p", None)
        if sub:
            step["sub"] = sub
        for e in events:
            rules.update(e.rules)
        for v in views:
            now = table_of(state, v)
            frames[v].append(delta(last[v], now))
            if fallback:
                picture = _safe_lines(narrator.draw, now)
                pictures[v].append(None if picture == _last_picture(pictures[v]) else picture)
            last[v] = now
        div = line.get("divergence")
        if isinstance(div, Mapping) and divergence is None:
            divergence = _divergence(info, div, len(steps) + 1, None)
            rules.update(str(r) for r in div.get("rules", ()) if isinstance(r, str))
        steps.append(step)
    if divergence is not None and seat is not None:  # both sides are whole tables
        divergence = {"step": divergence["step"], "what": divergence["what"],
                      "rules": divergence["rules"], "failure": divergence["failure"],
                      "message": "the sides are shown only in the page of every view "
                                 "(race-kernel view without --seat)"}
    out = info.outcome(state)
    standings: dict[str, Any] | None = None
    if out is not None:
        standings = {"winners": [narrator.seat_name(s) for s in out.winners],
                     "tiebreak": out.tiebreak, "lines": [str(x) for x in narrator.standings(out)],
                     "scores": list(out.scores), "rules": list(out.rules)}
        rules.update(out.rules)
    odds_data: dict[str, Any] | None = None
    if info.seat_odds is not None:
        chosen = [d for d in decisions if d[1] >= 0 and (seat is None or d[1] == seat)]
        history = kernel.Trace(info.id, info.version, dict(header["config"]),
                               int(header.get("seed") or 0), start, tuple(played))
        quick = info.odds_quick
        odds_data = odds_of(info, history, chosen if quick is None else [
            d for d in chosen if quick(history.steps[d[2] - 1].state if d[2] else start)], odds)
        odds_data["decisions"] = len(chosen)
        rules.update(str(x["reading"]) for x in odds_data["at"].values() if "reading" in x)
    drawing = info.drawing
    legend = [str(x) for x in narrator.legend()]
    return {
        "game": info.id, "name": info.name, "version": info.version,
        "config": canonical(dict(header["config"])), "seed": header.get("seed"),
        "kind": header.get("kind", "game"), "source": source,
        "score": {"kind": info.score.kind, "unit": info.score.unit,
                  "winners": info.score.winners, "key": info.hooks.score_key},
        "seats": [narrator.seat_name(s) for s in range(seats)],
        "views": views, "frames": frames,
        "pictures": pictures if fallback else None,
        "drawn": drawing is not None,
        "legend": legend,
        "drawing_legend": [list(x) for x in drawing.legend] if drawing is not None else [],
        "steps": steps, "rules": catalogue_entries(rules),
        "standings": standings, "divergence": divergence, "odds": odds_data,
    }


def spread(candidates: Sequence[Any], most: int) -> list[Any]:
    """At most ``most`` of ``candidates``, evenly spread, the first and the last included.

    >>> spread(list(range(10)), 4), spread([1, 2], 5), spread([1, 2, 3], 1), spread([1], 0)
    ([0, 3, 6, 9], [1, 2], [1], [])
    """
    if most <= 0 or not candidates:
        return []
    if len(candidates) <= most:
        return list(candidates)
    if most == 1:
        return [candidates[0]]
    last = len(candidates) - 1
    return [candidates[round(i * last / (most - 1))] for i in range(most)]


def odds_of(info: GameInfo, history: Any, decisions: Sequence[tuple[int, int, int]],
            most: int) -> dict[str, Any]:
    """The exact odds at ``most`` of the ``decisions`` (page step, seat to decide, applied
    steps before it), evenly spread over the game: each from the view of the seat about to
    decide (``GameInfo.seat_odds`` with the history up to that step). Computing odds takes
    from milliseconds to about a second a position, so a page gets them at a few steps
    only, and only where the game says they are quick (``GameInfo.odds_quick``: the card
    games late enough in a leg); ``candidates`` says how many decision steps there were
    to choose from.

    Each chosen step gets its odds (fractions as ``"n/d"``), or None where the game has
    no leg under way there, or the error's message where the odds failed.
    """
    assert info.seat_odds is not None
    at: dict[str, Any] = {}
    for n, seat, applied in spread(decisions, most):
        prefix = attrs.evolve(history, steps=history.steps[:applied])
        try:
            found = info.seat_odds(prefix, seat)
        except Exception as exc:  # never a reason not to show the page: the page says it
            at[str(n)] = {"seat": seat, "error": f"{type(exc).__name__}: {exc}"[:300]}
            continue
        if found is None:
            at[str(n)] = {"seat": seat, "none": True}
            continue
        at[str(n)] = {
            "seat": seat, "reading": found.reading,
            "places": [[name, [_fraction(p) for p in ps]] for name, ps in found.places],
            "ends": _fraction(found.race_ends),
            "values": [[action, _fraction(v)] for action, v in
                       sorted(found.values, key=lambda x: (-x[1], x[0]))],
        }
    return {"at": at, "most": most, "candidates": len(decisions)}


def _last_picture(pictures: list[list[str] | None]) -> list[str] | None:
    for p in reversed(pictures):
        if p is not None:
            return p
    return None


def canonical_text(value: object) -> str:
    """A recorded input the game does not know, shown briefly."""
    import json

    try:
        text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 120 else text[:120] + "..."


def _events(info: GameInfo, before: Any, events: Sequence[Event], seats: int,
            only: int | None, sub: list[list[PlainData]] | None = None,
            ) -> tuple[list[dict[str, PlainData]], list[list[PlainData]]]:
    """The step's events (with each seat's text where it differs) and the narrator's notes.

    A note (what a payout came from) is ``[event index, line]``; it is read
    off the whole table before the event. ``sub`` (the "all" view only)
    receives ``[event index, changes]``: the table after each event but the
    last, as the narrator carries it (``Narrator.after``), as changes from the
    table before the step, for each event that changes it.
    """
    narrator = info.narrator
    table: Mapping[str, Any] = info.to_data(before)
    start = canonical(table)
    shown = start
    listed: list[dict[str, PlainData]] = []
    notes: list[list[PlainData]] = []
    for i, e in enumerate(events):
        whole = _event(e, narrator)
        item: dict[str, PlainData] = (dict(whole) if only is None
                                      else _event(e.seen_by(only), narrator))
        if only is None:
            differs = {str(s): words(narrator, e.seen_by(s)) for s in range(seats)
                       if e.seen_by(s) != e}
            if differs:
                item["s"] = differs
        listed.append(item)
        explained = _safe_lines(narrator.explain, table, e)
        if explained and (only is None or e.seen_by(only) == e):
            notes.extend([i, line] for line in explained)
        after = _safe_lines_table(narrator.after, table, e)
        if after is not None:
            table = after
            if sub is not None and i + 1 < len(events):
                try:
                    now = canonical(table)
                except ValueError:
                    continue
                if now != shown:
                    sub.append([i, delta(start, now)])
                    shown = now
    return listed, notes


def _safe_lines_table(after: Any, table: Mapping[str, Any], e: Event) -> Mapping[str, Any] | None:
    try:
        result = after(table, e)
    except Exception:  # the narrator's own bookkeeping: never a reason not to show the page
        return None
    return result if isinstance(result, Mapping) else None


def _divergence(info: GameInfo, div: Mapping[str, Any], step: int,
                _before: PlainData) -> dict[str, Any]:
    """A ``diff`` divergence: the step, what differs, both sides and the differing places."""
    out: dict[str, Any] = {
        "step": step, "what": div.get("what"), "message": div.get("message"),
        "rules": list(div.get("rules", ())), "failure": div.get("failure"),
    }
    if "expected" in div or "actual" in div:
        expected, actual = div.get("expected"), div.get("actual")
        out["expected"], out["actual"] = expected, actual
        out["paths"] = diff_paths(expected, actual, limit=40)
        out["keys"] = sorted(_differing_keys(expected, actual))
        out["states"] = all(isinstance(x, Mapping) and x.get("game") == info.id
                            for x in (expected, actual))
    return out


def _differing_keys(a: PlainData, b: PlainData) -> set[str]:
    """The top-level keys (or list indexes) whose values differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        return {str(k) for k in set(a) | set(b) if a.get(k) != b.get(k) or (k in a) != (k in b)}
    if isinstance(a, list) and isinstance(b, list):
        n = max(len(a), len(b))
        return {str(i) for i in range(n)
                if i >= len(a) or i >= len(b) or a[i] != b[i]}
    return set() if a == b else {""}

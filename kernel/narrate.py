"""Tell a trace as text: what happened, event by event, with the rule IDs applied.

Game-agnostic: everything game-specific comes from the game's registration
(``GameInfo``): its name, the score's kind and unit and how winners are found
(``ScoreSpec``), where the scores are on the table (``GameHooks.score_key``)
and its narrator (:class:`kernel.plugin.Narrator`), which draws its own
table, names the seats, explains events, says which events are summed up and
lists the final standings.

The table is plain data. Before each step it is the state's; the narrator
carries it through the step's events (``Narrator.after``), and the picture is
drawn again after every event that changes it, so each picture shows the
table as that event left it. At the end of a step the state's own table is
taken up again (drawn if the narrator's differs from it, which a correct
narrator never lets happen).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs

from kernel.api import Trace, game_info
from kernel.core import CHANCE, Event, Outcome
from kernel.registry import GameInfo

#: Indentation of a step's events, of what explains an event, of a picture.
EVENT, NOTE = " " * 7, " " * 9


@attrs.define
class _Run:
    """Summed-up events of one kind: the first and last step and their rules."""

    first: int
    last: int
    count: int
    rules: str


def set_text(value: Any) -> str:
    """A configuration value as ``--set`` takes it (lists comma-separated).

    >>> set_text([2, 0, 1]), set_text(True), set_text(4)
    ('2,0,1', 'true', '4')
    """
    if isinstance(value, list | tuple):
        return ",".join(set_text(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _scores(info: GameInfo, table: Mapping[str, Any]) -> tuple[Any, ...] | None:
    scores = table.get(info.hooks.score_key)
    return tuple(scores) if isinstance(scores, list | tuple) else None


def score_line(info: GameInfo, scores: Sequence[Any]) -> str:
    """``KIND (UNIT): SEAT = SCORE, ...``: the score's kind and unit, the seats as the narrator
    names them."""
    each = ", ".join(f"{info.narrator.seat_name(seat)} = {score}"
                     for seat, score in enumerate(scores))
    return f"{info.score.kind} ({info.score.unit}): {each}"


class _Teller:
    """What the told game has shown so far: the picture, the scores, the summed-up events."""

    def __init__(self, info: GameInfo) -> None:
        self.info = info
        self.picture: list[str] = []
        self.scores: tuple[Any, ...] | None = None
        self.pending: dict[str, _Run] = {}

    def flush(self) -> Iterator[str]:
        """The summed-up events, a line per kind: ``  6..33 KIND x28 [RULES]``."""
        for kind, run in self.pending.items():
            steps = f"{run.first:4d}" if run.first == run.last else f"{run.first:4d}..{run.last}"
            yield f"{steps} {kind} x{run.count} [{run.rules}]"
        self.pending.clear()

    def sum_up(self, n: int, e: Event) -> None:
        run = self.pending.setdefault(e.kind, _Run(n, n, 0, " ".join(e.rules)))
        run.last, run.count = n, run.count + 1

    def picture_of(self, table: Mapping[str, Any]) -> list[str]:
        """The lines of the picture of ``table`` that differ from the last one shown.

        The first picture is drawn whole; after it, a picture of as many lines
        as the last one shows only the lines that changed (a move changes the
        track line, not the lines of tickets or piles), so that a long game is
        not told as the same table over and over.
        """
        drawn = [f"{EVENT}{line}" for line in self.info.narrator.draw(table)]
        last, self.picture = self.picture, drawn
        if len(drawn) != len(last):
            return drawn
        return [line for line, before in zip(drawn, last, strict=True) if line != before]

    def forget_picture(self) -> None:
        """Draw the next picture whole (after an undo, or when asked to show the table)."""
        self.picture = []

    def scores_of(self, table: Mapping[str, Any]) -> list[str]:
        """The score line of ``table`` when its scores differ from the last shown."""
        scores = _scores(self.info, table)
        if scores is None or scores == self.scores:
            return []
        self.scores = scores
        return [f"{EVENT}{score_line(self.info, scores)}"]

    def tell(self, header: list[str], lines: Sequence[str], always: bool = False) -> Iterator[str]:
        """``lines`` (if any, or ``always``): after the summed-up events and the step's
        ``header``, which is told once (emptied)."""
        if lines or always:
            yield from self.flush()
            yield from header
            header.clear()
            yield from lines


def narrate(trace: Trace, verbose: bool = False, variant: str | None = None) -> Iterator[str]:
    """Lines telling the game. Events the narrator calls quiet are summed up unless ``verbose``.

    ``variant`` names the configuration's variant in the heading.
    """
    info = game_info(trace.game)
    narrator = info.narrator
    config = " ".join(f"{k}={set_text(v)}" for k, v in trace.config.items())
    named = f"variant {variant}, " if variant is not None else ""
    yield info.name
    yield f"game {trace.game} v{trace.version}, {named}{config}, seed {trace.seed}"
    yield from (f"  {line}" for line in narrator.legend())
    if not verbose:
        yield "  (events summed up as 'N..M kind xK' are told one by one with --verbose)"
    yield ""
    teller = _Teller(info)
    table: Mapping[str, Any] = info.to_data(trace.initial)
    yield from teller.picture_of(table) + teller.scores_of(table)
    for n, step in enumerate(trace.steps, 1):
        # the table before and after each event, as the narrator carries it
        frames: list[tuple[Event, Mapping[str, Any], Mapping[str, Any]]] = []
        for e in step.events:
            frames.append((e, table, narrator.after(table, e)))
            table = frames[-1][2]
        who = "chance" if step.actor == CHANCE else narrator.seat_name(step.actor)
        header = [f"{n:4d} {who}: {step.action.text}"]
        for i, (e, before, after) in enumerate(frames):
            lines: list[str] = []
            if not verbose and narrator.quiet(e):
                teller.sum_up(n, e)
            else:
                lines.append(f"{EVENT}{e.text}")
                lines += (f"{NOTE}{line}" for line in narrator.explain(before, e))
            lines += teller.picture_of(after)
            # the running scores, once a run of events of one kind (a payout) is over
            if i + 1 == len(frames) or frames[i + 1][0].kind != e.kind:
                lines += teller.scores_of(after)
            yield from teller.tell(header, lines)
        # the state's own table: a correct narrator has carried the table to it
        table = info.to_data(step.state)
        lines = teller.picture_of(table) + teller.scores_of(table)
        yield from teller.tell(header, lines, always=not step.events)
    yield from teller.flush()
    yield ""
    yield from final_lines(info, info.outcome(trace.final), len(trace.steps))


def final_lines(info: GameInfo, outcome: Outcome | None, steps: int) -> list[str]:
    """How a told game ends: the final standings (how winners are found, the
    tie-break used, a line per seat), or that the game did not finish."""
    if outcome is None:
        return [f"the game did not finish in {steps} steps"]
    lines = [f"Final standings ({info.score.winners}):"]
    if outcome.tiebreak:
        lines.append(f"  tie-break used: {outcome.tiebreak}")
    return lines + [f"  {line}" for line in info.narrator.standings(outcome)]

"""Tell a trace as text: what happened, event by event, with the rule IDs applied.

Game-agnostic: everything game-specific comes from the game's registration
(``GameInfo``): its name, the score's kind and unit and how winners are found
(``ScoreSpec``), where the scores are on the table (``GameHooks.score_key``)
and its narrator (:class:`kernel.plugin.Narrator`), which draws its own
table, names the seats, explains events, says which events are summed up and
lists the final standings.

Seats are named the same way in every game (:data:`SEAT_NAMES`, ``Ann``
for seat 0, ``Bob`` for seat 1, ...: :func:`seat_name`), and events are told
in words (:func:`words`: the narrator's ``tell`` when it has one, else a
generic wording of the event's data), each followed by its rule IDs.

The table is plain data. Before each step it is the state's; the narrator
carries it through the step's events (``Narrator.after``), and the picture is
drawn again after every event that changes it, so each picture shows the
table as that event left it. At the end of a step the state's own table is
taken up again (drawn if the narrator's differs from it, which a correct
narrator never lets happen).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, runtime_checkable

import attrs

from kernel.core import CHANCE, Event, Outcome

if TYPE_CHECKING:  # the games' narrators import this module while kernel.api registers them
    from kernel.api import Trace
    from kernel.plugin import Narrator
    from kernel.registry import GameInfo

#: Indentation of a step's events, of what explains an event, of a picture.
EVENT, NOTE = " " * 7, " " * 9


#: The seats' names in every game's telling and page: distinct initials (A to H), then
#: ``seat N`` beyond them. The ``seat N`` of the command line is the N-th name.
SEAT_NAMES: Final = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def seat_name(seat: int) -> str:
    """A seat's name, the same in every game.

    >>> seat_name(0), seat_name(7), seat_name(8)
    ('Ann', 'Hal', 'seat 8')
    """
    return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"seat {seat}"


def seat_mark(seat: int) -> str:
    """The short mark of a seat on a drawing: its name's initial (the seat number beyond).

    >>> seat_mark(1), seat_mark(9)
    ('B', '9')
    """
    return SEAT_NAMES[seat][0] if 0 <= seat < len(SEAT_NAMES) else str(seat)


def seats_line(narrator: Narrator, seats: int) -> str:
    """``seats: Ann (seat 0), Bob (seat 1)``: the narrator's names and the numbers the
    commands take (``--seat N``)."""
    return "seats: " + ", ".join(f"{narrator.seat_name(s)} (seat {s})" for s in range(seats))


@runtime_checkable
class Teller(Protocol):
    """A narrator that tells an event in words (optional: :func:`words` falls back)."""

    def tell(self, event: Event) -> str:
        """``event`` in one sentence of words, without its rule IDs. The event may be a
        seat's view of it (``Event.seen_by``): a hidden value is None, told as such
        ("a card"), never guessed."""
        ...


def plain_words(event: Event) -> str:
    """An event in words without a narrator's help: its kind and its data, no ``key=value``.

    >>> plain_words(Event("piece-laid", ("R",), {"cell": 3, "marks": [3, 9]}))
    'piece laid: cell 3, marks 3 and 9'
    >>> plain_words(Event("dealt", ("R",), {"seat": 1, "card": None}))
    'dealt: card (hidden), seat Bob'
    """
    parts = []
    for key in sorted(event.data):
        value = event.data[key]
        if key == "seat" and isinstance(value, int) and not isinstance(value, bool):
            told = seat_name(value)
        else:
            told = value_words(value)
        parts.append(f"{key.replace('_', ' ')} {told}")
    kind = event.kind.replace("-", " ")
    return f"{kind}: {', '.join(parts)}" if parts else kind


def value_words(value: Any) -> str:
    """A plain-data value in words: lists joined with commas and "and", None "(hidden)".

    >>> value_words([["a", "b"], ["c", "d", "e"]]), value_words([]), value_words(True)
    ('a and b; c, d and e', 'none', 'yes')
    """
    if value is None:
        return "(hidden)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        items = [value_words(v) for v in value]
        if not items:
            return "none"
        if any(isinstance(v, list | tuple) for v in value):
            return "; ".join(items)
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {value_words(v)}" for k, v in sorted(value.items()))
    return str(value)


def count_words(count: Any, noun: str) -> str:
    """``1 card``, ``2 cards``: a count and its noun (plural with an s).

    >>> count_words(1, "space"), count_words(3, "point")
    ('1 space', '3 points')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def words(narrator: Narrator, event: Event) -> str:
    """``event`` in words: the narrator's ``tell`` (:class:`Teller`), else :func:`plain_words`."""
    if isinstance(narrator, Teller):
        return narrator.tell(event)
    return plain_words(event)


def event_line(narrator: Narrator, event: Event) -> str:
    """An event as the told game prints it: its words, then its rule IDs in brackets."""
    return f"{words(narrator, event)} [{' '.join(event.rules)}]"


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


class GameTeller:
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
    from kernel.api import game_info

    info = game_info(trace.game)
    narrator = info.narrator
    config = " ".join(f"{k}={set_text(v)}" for k, v in trace.config.items())
    named = f"variant {variant}, " if variant is not None else ""
    yield info.name
    yield f"game {trace.game} v{trace.version}, {named}{config}, seed {trace.seed}"
    yield from (f"  {line}" for line in narrator.legend())
    yield f"  {seats_line(narrator, info.seats(trace.initial))}"
    if not verbose:
        yield "  (events summed up as 'N..M kind xK' are told one by one with --verbose)"
    yield ""
    teller = GameTeller(info)
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
                lines.append(f"{EVENT}{event_line(narrator, e)}")
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

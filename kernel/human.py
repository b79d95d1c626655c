"""Play a game in the terminal against bots: ``race-kernel play GAME --human SEAT``.

One seat is the player at the terminal; the other seats are bots
(:func:`kernel.bots.make_bot` names: ``random``, ``greedy``,
``ismcts:SIMS:WORLDS``, ``cmd:PROGRAM``), each given only its seat's view, as
the referee gives it (:mod:`kernel.bots.referee`). Chance is drawn from
``random.Random(seed)`` with the kernel's exact sampler, as in a match.

**What the player is shown** is built from the seat's view alone
(:class:`Screen`): its observation (``GameInfo.observation``), the events as
it sees them (``Event.seen_by``), who acted (and its own actions), its legal
actions. Nothing else of the table reaches the screen, so two histories that
differ only in what the seat may not see give byte-identical screens
(``tests/test_cli_human.py`` checks it with the histories ``kernel.resample``
draws). The table is the game's narrator's picture of the seat's observation,
drawn again only where it changes; events the narrator calls quiet (deals,
face-down choices) are summed up unless ``--verbose``; ``--quiet`` tells only
the decisions.

**At the player's decision** the legal actions are numbered, each with the
name its action kind has in the game's vocabulary and the rule IDs behind it
(:func:`action_rules`). The player types:

- ``N`` (or the action's canonical text): take action N;
- ``? N``: the rule behind action N, from the game's catalogue
  (``spec/<game>/rules.md``: the rulebook's words and the reading taken),
  formatted as text; ``?`` alone lists the rules behind every legal action;
- ``u`` (``undo``): take back the player's last decision, when nothing
  hidden was revealed since (:func:`undo_refusal`);
- ``v`` (``view``): the seat's whole view and the table again;
- ``q`` (``quit``), or the end of the input: stop; the game so far is saved.

**The trace** of the game (as far as it went, undone steps left out) is
written as JSON Lines when the game ends or the player quits
(``race-kernel replay FILE`` replays it, ``race-kernel view FILE`` draws it).
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, Final, TextIO

import attrs

from kernel.api import Step, Trace, events_seen, game_info, play, sample_chance
from kernel.bots.base import Bot, Seat, make_bot
from kernel.bots.referee import TIME_LIMIT, Forfeit, SeatViews, ask_bot, derive_seed, make_view
from kernel.core import CHANCE, TERMINAL, Action, Applied, Event, Outcome, PlainData
from kernel.narrate import EVENT, NOTE, GameTeller, final_lines, set_text
from kernel.plugin import CardMove
from kernel.registry import GameInfo

#: The longest game played when the game sets no bound (steps, chance included).
MAX_STEPS: Final = 5000
#: Observation keys every game's view repeats and the player need not be shown.
_FIXED: Final = frozenset(("game", "version"))
#: A rule ID named in an action kind's description: ``(PREFIX-PART-NAME)``.
_RULE_ID: Final = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b")
#: The player's commands, as the help line names them.
COMMANDS: Final = ("N or the action's text: take it", "? N: the rule behind action N",
                   "u: undo your last decision", "v: your whole view",
                   "q: quit (the game so far is saved)")


# --------------------------------------------------------------------------
# the rules behind an action


@cache
def action_rules(game: str, players: int) -> Mapping[str, tuple[str, ...]]:
    """The rule IDs behind each kind of a seat's action in ``game``.

    The IDs an action kind's description names (``ActionKind.doc``), else the
    rule IDs of the first event the kind's actions produce in every one of
    two seeded sample games of the same player count (their intersection: the
    rule of the action itself, not those of what it may set off). The sample
    games are not the player's, so nothing of the player's game shows
    through them. A kind neither names nor reaches has none.
    """
    info = game_info(game)
    named: dict[str, tuple[str, ...]] = {}
    for kind in info.vocabulary.kinds.values():
        if kind.actor == "seat":
            named[kind.name] = tuple(dict.fromkeys(_RULE_ID.findall(kind.doc)))
    seen: dict[str, set[str]] = {}
    for seed in (1, 2):
        for st in play(game, {info.config.players_key: players}, seed).steps:
            if st.actor != CHANCE and st.events and not named.get(st.action.kind):
                first = set(st.events[0].rules)
                seen[st.action.kind] = seen.get(st.action.kind, first) & first
    return {k: ids or tuple(sorted(seen.get(k, ()))) for k, ids in named.items()}


def _plain(text: str) -> str:
    """Markdown's marks taken off: ``code``, **strong**, *emphasis*, [text](link).

    >>> _plain("the *Bet* card, **one** of `kind:x`, [an entry](#id), 2*3*4")
    'the Bet card, one of kind:x, an entry, 2*3*4'
    """
    text = re.sub(r"\[([^]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("**", "").replace("`", "")
    return re.sub(r"(?<![\w*])\*(\S(?:[^*]*\S)?)\*(?![\w*])", r"\1", text)


#: A catalogue quote: ``> 000 (`000_x.txt`, "Section"): "words"``.
_QUOTE: Final = re.compile(r'^>\s*(\S+)\s*\(`[^`]*`,\s*(".*?")\):\s*(.*)$')


def rule_text(rule_id: str, width: int = 78) -> list[str]:
    """The catalogue's entry of ``rule_id`` as plain text: its title, the rulebook's
    words (each with the rulebook and section it comes from, no file names) and
    the readings taken; one line saying so when the shipped spec has no such entry."""
    entry = _catalogue().get(rule_id)
    if entry is None:
        return [f"{rule_id}: no entry in the shipped rule catalogues"]
    title, body = entry
    out = [f"{rule_id}: {_plain(title)}"]
    for paragraph in _paragraphs(body):
        if paragraph.startswith("Examples:"):
            continue
        m = _QUOTE.match(paragraph)
        if m:
            text = f"rulebook {m.group(1)}, {_plain(m.group(2))}: {_plain(m.group(3))}"
        else:
            text = _plain(paragraph.lstrip("> "))
        out += textwrap.wrap(text, width - 2, initial_indent="  ", subsequent_indent="    ")
    return out


def _paragraphs(body: Sequence[str]) -> list[str]:
    out: list[str] = []
    current: list[str] = []
    for line in [*body, ""]:
        if line.strip():
            current.append(line.strip())
        elif current:
            out.append(" ".join(current))
            current = []
    return out


@cache
def _catalogue() -> Mapping[str, tuple[str, tuple[str, ...]]]:
    """Every rule of the shipped catalogues: ID -> (title, body lines)."""
    from kernel.resources import spec_dir
    from kernel.spec.catalogue import load

    try:
        catalogues = load(spec_dir())
    except (OSError, ValueError):
        return {}
    return {r.id: (r.title, r.body) for c in catalogues for r in c.rules}


# --------------------------------------------------------------------------
# the screen


def _value(value: PlainData) -> str:
    if isinstance(value, list) and all(isinstance(v, str | int) and not isinstance(v, bool)
                                       for v in value):
        return " ".join(str(v) for v in value) or "-"
    return json.dumps(value, separators=(", ", ": "), ensure_ascii=False)


class Screen:
    """What the player's seat is shown, made from that seat's view and nothing else.

    Each method takes only what the seat sees: its observations (plain data),
    the events as it sees them, who acted and its own actions, its legal
    actions. The table is the narrator's picture of the observation, carried
    through the events as the narrator carries a table (``Narrator.after``;
    a narrator that cannot carry a seat's view shows the picture after the
    step instead).
    """

    def __init__(self, info: GameInfo, seat: int, *, quiet: bool = False,
                 verbose: bool = False) -> None:
        self.info = info
        self.seat = seat
        self.quiet = quiet
        self.verbose = verbose
        self.teller = GameTeller(info)
        self.shown: dict[str, str] = {}
        self.rules: Mapping[str, tuple[str, ...]] = {}

    def who(self, actor: int) -> str:
        if actor == CHANCE:
            return "chance"
        name = self.info.narrator.seat_name(actor)
        return f"{name} (you)" if actor == self.seat else name

    def opening(self, heading: Sequence[str], observation: Mapping[str, PlainData]) -> list[str]:
        name = self.info.narrator.seat_name(self.seat)
        lines = [*heading, f"You play {name}" + ("" if name == f"seat {self.seat}" else
                                                f", seat {self.seat}") + ".",
                 *(f"  {line}" for line in self.info.narrator.legend())]
        if not self.verbose and not self.quiet:
            lines.append("  (events summed up as 'N..M kind xK' are told one by one "
                         "with --verbose)")
        lines.append("")
        if not self.quiet:
            lines += self._picture(observation) + self.teller.scores_of(observation)
        return lines

    def _picture(self, table: Mapping[str, PlainData]) -> list[str]:
        try:
            return self.teller.picture_of(table)
        except Exception:  # a narrator written for the whole table may not read a view
            return []

    def step(self, n: int, actor: int, own: Action | None, before: Mapping[str, PlainData],
             seen: Sequence[Event], after: Mapping[str, PlainData]) -> list[str]:
        """Step ``n`` as the seat saw it: who acted (the action if it was the seat's),
        the events as the seat sees them, the table after each one that changes it."""
        head = f"{n:4d} {self.who(actor)}" + (f": {own.text}" if own is not None else "")
        if self.quiet:  # the decisions only: another seat's as its first event shows it
            if actor == CHANCE:
                return []
            told = [e.text for e in seen if not self.info.narrator.quiet(e)]
            return [f"{head}: {told[0]}" if own is None and told else head]
        narrator = self.info.narrator
        header = [head]
        out: list[str] = []
        table: Mapping[str, PlainData] | None = before
        for i, e in enumerate(seen):
            lines: list[str] = []
            if not self.verbose and narrator.quiet(e):
                self.teller.sum_up(n, e)
            else:
                lines.append(f"{EVENT}{e.text}")
                if table is not None:
                    lines += (f"{NOTE}{x}" for x in _lines(narrator.explain, table, e))
            if table is not None:
                try:
                    table = narrator.after(table, e)
                except Exception:  # the narrator cannot carry this view: draw after the step
                    table = None
            if table is not None:
                lines += self._picture(table)
                if i + 1 == len(seen) or seen[i + 1].kind != e.kind:
                    lines += self.teller.scores_of(table)
            out += self.teller.tell(header, lines)
        lines = self._picture(after) + self.teller.scores_of(after)
        out += self.teller.tell(header, lines, always=actor == self.seat)
        return out

    def view_lines(self, observation: Mapping[str, PlainData], everything: bool) -> list[str]:
        """The seat's view, a line per key: every key, or those changed since last shown."""
        lines = []
        for key, value in observation.items():
            if key in _FIXED:
                continue
            text = _value(value)
            if everything or self.shown.get(key) != text:
                lines.append(f"    {key}: {text}")
            self.shown[key] = text
        return lines

    def decision(self, step: int, observation: Mapping[str, PlainData],
                 legal: Sequence[Action], everything: bool = False) -> list[str]:
        """The seat's turn: what changed in its view, its legal actions numbered."""
        out = list(self.teller.flush())
        if everything:
            self.teller.forget_picture()
            out += self._picture(observation)
        view = self.view_lines(observation, everything)
        out.append(f"Your decision, {self.who(self.seat)}, at step {step + 1}.")
        if view:
            out += ["  your view" + ("" if everything else " (what changed):"), *view]
        out += self.action_lines(legal)
        out.append("  (" + "; ".join(COMMANDS) + ")")
        return out

    def action_lines(self, legal: Sequence[Action], width: int = 78) -> list[str]:
        """The legal actions numbered from 1, grouped by kind: a line naming the kind as
        the game's vocabulary does, with its rule IDs, then its actions in columns."""
        kinds = self.info.vocabulary.kinds
        digits = len(str(len(legal)))
        cell = max(len(a.text) for a in legal) + digits + 4
        per_line = max(1, (width - 4) // cell)
        out: list[str] = []
        groups: dict[str, list[tuple[int, Action]]] = {}
        for i, a in enumerate(legal, 1):
            groups.setdefault(a.kind, []).append((i, a))
        for kind, members in groups.items():
            doc = _RULE_ID_GROUP.sub("", kinds[kind].doc).strip() if kind in kinds else ""
            rules = self.rules.get(kind, ())
            out.append(f"  {doc or kind}" + (f" [{' '.join(rules)}]" if rules else ""))
            cells = [f"{i:>{digits}}. {a.text}" for i, a in members]
            for at in range(0, len(cells), per_line):
                out.append("    " + "".join(c.ljust(cell) for c in cells[at:at + per_line])
                           .rstrip())
        return out

    def rule_help(self, legal: Sequence[Action], which: int | None) -> list[str]:
        chosen = legal if which is None else [legal[which - 1]]
        ids: list[str] = []
        for a in chosen:
            ids += [r for r in self.rules.get(a.kind, ()) if r not in ids]
        if not ids:
            return ["  no rule ID is known for this action"]
        out: list[str] = []
        for r in ids:
            out += rule_text(r)
        return out

    def ending(self, outcome: Outcome | None, steps: int) -> list[str]:
        return [*self.teller.flush(), "", *final_lines(self.info, outcome, steps)]


#: A parenthesised list of rule IDs at the end of a kind's description.
_RULE_ID_GROUP: Final = re.compile(r"\s*\((?:[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+[ ,]*)+[^)]*\)\s*$")


def _lines(make: Callable[..., Sequence[str]], *args: Any) -> list[str]:
    try:
        return [str(x) for x in make(*args)]
    except Exception:  # a narrator written for the whole table may not read a view
        return []


def screen_of(history: Trace, seat: int, *, quiet: bool = False,
              verbose: bool = False) -> list[str]:
    """Every line the seat's screen shows for ``history`` (and its decision if it is to
    act at the end): the same :class:`Screen` calls the game loop makes. What the
    leak check compares."""
    info = game_info(history.game)
    screen = Screen(info, seat, quiet=quiet, verbose=verbose)
    players = info.seats(history.initial)
    screen.rules = action_rules(history.game, players)
    before = info.observation(history.initial, seat)
    out = screen.opening([info.name], before)
    for n, st in enumerate(history.steps, 1):
        after = info.observation(st.state, seat)
        out += screen.step(n, st.actor, st.action if st.actor == seat else None, before,
                           events_seen(st.events, seat), after)
        before = after
    state = history.final
    if info.current_actor(state) == seat:
        out += screen.decision(len(history.steps), before, info.legal_actions(state))
    return out


# --------------------------------------------------------------------------
# undo


def undo_refusal(info: GameInfo, initial: Any, steps: Sequence[Step], decided: int | None,
                 seat: int, forced: Sequence[bool]) -> str | None:
    """Why the seat's last decision (step index ``decided``) cannot be taken back; None
    when it can.

    A conservative reading of "nothing hidden was revealed since": the decision's
    own step and every step after it must reveal nothing to the seat. A step
    reveals something when

    - it is a chance step (a card dealt or drawn, a die rolled: its outcome was
      unknown to the seat, even when the seat sees it);
    - it is another seat's free choice (``forced[i]`` False: it had more than
      one legal action; what it chose may tell what it holds);
    - it moves a card whose face the seat sees as it moves
      (``GameHooks.card_flow``: ``CardMove.seen`` is everyone or names the
      seat), unless the step is the seat's own and its action names the card
      (``CardMove.named``: the seat chose that card from what it saw), as when
      the last seat's face-down choice turns every seat's choice face up. A
      card the seat knew already counts too: conservative. A game without a
      card flow offers no undo.
    """
    if decided is None:
        return "you have no decision to take back"
    flow = info.hooks.card_flow
    if flow is None:
        return "this game does not say how its cards move (GameHooks.card_flow)"
    for i in range(decided, len(steps)):
        st = steps[i]
        if st.actor == CHANCE:
            return f"step {i + 1} was chance: it showed what nobody knew"
        if st.actor != seat and not forced[i]:
            return f"{info.narrator.seat_name(st.actor)} has chosen a move since (step {i + 1})"
        before = steps[i - 1].state if i else initial
        for move in flow.moves(info.to_data(before), st.action, st.events,
                               info.to_data(st.state)):
            if isinstance(move, CardMove) and (move.seen is None or seat in move.seen) \
                    and not (st.actor == seat and move.named):
                return f"step {i + 1} showed you a card ({move.kind}) as it moved"
    return None


# --------------------------------------------------------------------------
# the game loop


@attrs.define
class Game:
    """The game being played: the table, the steps so far, the seats' bots."""

    info: GameInfo
    config: Mapping[str, Any]
    seed: int
    human: int
    bots: dict[int, Bot]
    names: dict[int, str]
    state: Any
    initial: Any
    steps: list[Step] = attrs.field(factory=list)
    forced: list[bool] = attrs.field(factory=list)
    decisions: list[int] = attrs.field(factory=list)
    forfeits: list[Forfeit] = attrs.field(factory=list)

    def trace(self) -> Trace:
        return Trace(self.info.id, self.info.version, dict(self.config), self.seed,
                     self.initial, tuple(self.steps))


def write_trace(trace: Trace, path: str) -> None:
    """The trace as JSON Lines (``race-kernel replay`` / ``race-kernel view``)."""
    from kernel.conformance.trace import lines_of, text_of

    with open(path, "w", encoding="utf-8") as file:
        file.write(text_of(lines_of(trace, kind="game")))


def play_human(game: str, config: Mapping[str, Any], human: int, bots: Sequence[str], seed: int,
               *, stdin: TextIO, stdout: TextIO, trace_path: str | None, quiet: bool = False,
               verbose: bool = False, variant: str | None = None,
               time_limit: float = TIME_LIMIT) -> int:
    """Play ``game`` with the player at ``stdin``/``stdout`` in seat ``human`` and
    ``bots`` (names, one per other seat in seat order, or one for all) in the others.

    Returns the exit code: 0 when the game was played to its end or the player
    quit (the trace is written either way, when ``trace_path`` is given), 2
    when the trace cannot be written. Bad arguments raise ValueError.
    """
    info = game_info(game)
    state = info.new_game(dict(config))
    seats = info.seats(state)
    if not 0 <= human < seats:
        raise ValueError(f"--human {human}: the game has seats 0 to {seats - 1}")
    others = [s for s in range(seats) if s != human]
    names = list(bots) or ["random"]
    if len(names) == 1:
        names = names * len(others)
    if len(names) != len(others):
        raise ValueError(f"--bots names {len(names)} bots for {len(others)} other seat(s) "
                         f"(or one for all of them)")
    made = {s: make_bot(name) for s, name in zip(others, names, strict=True)}
    g = Game(info, dict(config), seed, human, made, dict(zip(others, names, strict=True)),
             state, state)

    def say(lines: Sequence[str]) -> None:
        for line in lines:
            print(line, file=stdout)
        stdout.flush()

    screen = Screen(info, human, quiet=quiet, verbose=verbose)
    screen.rules = action_rules(game, seats)
    named = f"variant {variant}, " if variant is not None else ""
    conf = " ".join(f"{k}={set_text(v)}" for k, v in g.config.items())
    bots_told = ", ".join(f"{info.narrator.seat_name(s)}: {n}" for s, n in g.names.items())
    heading = [info.name, f"game {game} v{info.version}, {named}{conf}, seed {seed}",
               f"bots: {bots_told}"]
    say(screen.opening(heading, info.observation(state, human)))
    try:
        finished = _loop(g, screen, say, stdin, stdout, time_limit)
    except KeyboardInterrupt:  # Ctrl-C: stop as q does, the game so far saved
        say(["", "(interrupted: the game so far is saved)"])
        finished = False
    except BrokenPipeError:  # the output was closed (| head): save the game so far, then
        if trace_path is not None:  # let the command end as for any closed output (exit 2)
            with contextlib.suppress(OSError):
                write_trace(g.trace(), trace_path)
        raise
    finally:
        for bot in made.values():
            with contextlib.suppress(Exception):  # closing is best effort
                getattr(bot, "close", lambda: None)()
    say(screen.ending(info.outcome(g.state) if finished else None, len(g.steps)))
    for f in g.forfeits:  # not the move played for it: that may be a face-down choice
        say([f"  forfeit: step {f.step + 1}, {info.narrator.seat_name(f.seat)}: {f.reason} "
             f"(a legal move was drawn for it)"])
    if trace_path is not None:
        try:
            write_trace(g.trace(), trace_path)
        except OSError as exc:
            print(f"race-kernel play: the trace could not be written to {trace_path}: "
                  f"{exc.strerror or exc}", file=sys.stderr)
            return 2
        say([f"trace: {trace_path} ({len(g.steps)} steps; race-kernel replay {trace_path}, "
             f"race-kernel view {trace_path})"])
    return 0


def _loop(g: Game, screen: Screen, say: Callable[[Sequence[str]], None], stdin: TextIO,
          stdout: TextIO, time_limit: float) -> bool:
    """Play until the end (True) or until the player quits or the input ends (False)."""
    info, human = g.info, g.human
    seats = info.seats(g.initial)
    space = info.action_space(g.config)
    chance = random.Random(g.seed)
    forfeit_rng = {s: random.Random(derive_seed(g.seed, "forfeit", s)) for s in g.bots}
    for s, bot in g.bots.items():
        reset = getattr(bot, "reset", None)
        if reset is not None:
            try:
                reset(Seat(info.id, info.version, g.config, s, seats,
                           derive_seed(g.seed, "bot", s), time_limit))
            except Exception as exc:  # a bot's failure is the bot's
                g.forfeits.append(Forfeit(0, s, "crash", f"reset: {exc}"[:300], ""))
    views = SeatViews(info.observation, g.initial, seats)
    times: list[float] = []
    limit = info.max_game_length or MAX_STEPS
    while len(g.steps) < limit:
        actor = info.current_actor(g.state)
        if actor == TERMINAL:
            return True
        legal = info.legal_actions(g.state) if actor != CHANCE else ()
        if actor == CHANCE:
            action = sample_chance(info.chance_outcomes(g.state), chance)
        elif actor == human:
            chosen = _ask_human(g, screen, say, stdin, stdout, legal, views)
            if chosen is None:
                return False
            if not isinstance(chosen, Action):  # undone: ask again at the earlier decision
                continue
            action = chosen
            g.decisions.append(len(g.steps))
        else:
            ids = tuple((space.player_id(a), a) for a in legal)
            view = make_view(info, g.config, seats, actor, g.state, len(g.steps), ids,
                             views.steps_of(actor, g.steps), views.initial[actor], g.trace)
            answer, failure = ask_bot(g.bots[actor], view, dict(ids), times)
            if failure is not None:
                answer = legal[forfeit_rng[actor].randrange(len(legal))]
                g.forfeits.append(Forfeit(len(g.steps), actor, failure.kind, failure.message,
                                          answer.text))
            action = answer
        before = info.observation(g.state, human)
        result = info.apply(g.state, action)
        assert isinstance(result, Applied), result  # only legal actions reach here
        g.steps.append(Step(actor, action, result.events, result.state))
        g.forced.append(len(legal) == 1)
        g.state = result.state
        say(screen.step(len(g.steps), actor, action if actor == human else None, before,
                        events_seen(result.events, human), info.observation(g.state, human)))
    return info.current_actor(g.state) == TERMINAL


def _ask_human(g: Game, screen: Screen, say: Callable[[Sequence[str]], None], stdin: TextIO,
               stdout: TextIO, legal: Sequence[Action], views: SeatViews) -> Action | str | None:
    """The player's action; ``"undone"`` after an undo; None when the player quits."""
    info = g.info
    observation = info.observation(g.state, g.human)
    say(screen.decision(len(g.steps), observation, legal))
    by_text = {a.text: a for a in legal}
    while True:
        print("> ", end="", file=stdout, flush=True)
        line = stdin.readline()
        if not line:  # the end of the input: stop, save
            say(["", "(end of input: the game so far is saved)"])
            return None
        word = line.strip()
        if not _is_terminal(stdin):  # a scripted player: show what it typed
            print(word, file=stdout, flush=True)
        if word in ("q", "quit", "exit"):
            return None
        if word in by_text:
            return by_text[word]
        if word.isdigit() and 1 <= int(word) <= len(legal):
            return legal[int(word) - 1]
        if word.startswith("?"):
            rest = word[1:].strip()
            if rest and not (rest.isdigit() and 1 <= int(rest) <= len(legal)):
                say([f"  ? takes an action number from 1 to {len(legal)}"])
                continue
            say(screen.rule_help(legal, int(rest) if rest else None))
            continue
        if word in ("v", "view"):
            say(screen.decision(len(g.steps), observation, legal, everything=True))
            continue
        if word in ("u", "undo"):
            decided = g.decisions[-1] if g.decisions else None
            why = undo_refusal(info, g.initial, g.steps, decided, g.human, g.forced)
            if why is not None:
                say([f"  cannot undo: {why}"])
                continue
            assert decided is not None
            g.decisions.pop()
            del g.steps[decided:], g.forced[decided:]
            g.state = g.steps[-1].state if g.steps else g.initial
            for history in views.history:
                del history[decided:]
            screen.teller.forget_picture()
            say([f"  undone: back to your decision at step {decided + 1}"])
            return "undone"
        if word in ("h", "help", ""):
            say(["  (" + "; ".join(COMMANDS) + ")"])
            continue
        say([f"  not an action here: {word[:60]!r} (1 to {len(legal)}, ? N, u, v, q)"])




def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (OSError, ValueError):
        return False

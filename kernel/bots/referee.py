"""The referee: one seeded match between bots (:func:`play_match`).

The referee holds the whole table; each bot is given only its seat's
:class:`kernel.bots.View`. Chance is drawn by the referee with the kernel's
exact sampler (``kernel.sample_chance``) from its own generator, so a bot
cannot move the dice. A bot that fails to give a legal move forfeits it: the
referee plays a legal action drawn uniformly from the seat's forfeit
generator instead, and records a :class:`Forfeit` with the reason
(spec/BOTS.md, "Forfeits"). Nothing a bot does makes the referee raise.
"""

from __future__ import annotations

import functools
import hashlib
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from kernel.api import Step, Trace, events_seen, game_info, information_state, sample_chance
from kernel.bots.base import Bot, BotFailure, Seat, make_bot
from kernel.bots.view import HistoryStep, View
from kernel.core import CHANCE, TERMINAL, Applied, PlainData

#: The per-move time limit of foreign bots when none is given (seconds).
TIME_LIMIT: Final = 5.0
#: The longest match when the game sets no bound (steps, chance included).
MAX_STEPS: Final = 5000
#: Why a seat forfeited a move (spec/BOTS.md).
REASONS: Final = ("illegal", "malformed", "late", "crash", "refused", "gone")


def derive_seed(seed: int, tag: str, seat: int) -> int:
    """A 48-bit seed for one purpose (``tag``) of one seat, from the match seed.

    The same in every process and language: the first 6 bytes, big-endian, of
    SHA-256 of the UTF-8 text ``race-kernel-bots:{seed}:{tag}:{seat}``.

    >>> derive_seed(1, "bot", 0) == derive_seed(1, "bot", 0) != derive_seed(1, "bot", 1)
    True
    """
    text = f"race-kernel-bots:{seed}:{tag}:{seat}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:6], "big")


@attrs.frozen
class Forfeit:
    """A move a seat forfeited: at ``step`` (0-based, chance included), why, and the
    legal action played for it instead. An in-process bot whose ``reset`` raised is
    recorded once at step 0 with ``played`` empty (it then plays, or forfeits, as it can)."""

    step: int
    seat: int
    reason: str
    detail: str
    played: str

    def to_data(self) -> dict[str, PlainData]:
        return {"step": self.step, "seat": self.seat, "reason": self.reason,
                "detail": self.detail, "played": self.played}


@attrs.frozen
class MatchResult:
    """A finished (or truncated) match.

    ``trace`` is the whole game (``race-kernel replay`` replays
    :meth:`trace_lines`); per seat ``scores``, ``placing`` (1 is first; the
    game's winners are placed first, then the others by score, equal scores
    sharing a place), ``returns`` (the winners share 1, as in the OpenSpiel
    adapter; a truncated game gives every seat 1/seats and places all first)
    and ``forfeits``. ``times`` (seconds per move, per seat, wall clock) are
    kept apart: they are not compared and not in :meth:`to_data`.
    """

    game: str
    version: int
    config: Mapping[str, Any]
    seed: int
    chance_seed: int
    bots: tuple[str, ...]
    trace: Trace
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    placing: tuple[int, ...]
    returns: tuple[float, ...]
    truncated: bool
    forfeits: tuple[Forfeit, ...]
    times: tuple[tuple[float, ...], ...] = attrs.field(eq=False, repr=False)

    def to_data(self) -> dict[str, PlainData]:
        """Everything but the timings, as plain data (a pure function of seed and bots
        for deterministic bots that answer within their limits)."""
        return {
            "game": self.game, "version": self.version, "config": dict(self.config),
            "seed": self.seed, "chance_seed": self.chance_seed, "bots": list(self.bots),
            "steps": len(self.trace.steps), "actions": self.trace.actions(),
            "scores": list(self.scores), "winners": list(self.winners),
            "placing": list(self.placing), "returns": [str(r) for r in self.returns],
            "truncated": self.truncated, "forfeits": [f.to_data() for f in self.forfeits],
        }

    def trace_lines(self) -> list[dict[str, PlainData]]:
        """The trace file's lines (spec/PROTOCOL.md, "Traces")."""
        from kernel.conformance.trace import lines_of

        return lines_of(self.trace, kind="game")

    def write_trace(self, path: str) -> None:
        from kernel.conformance.trace import text_of

        with open(path, "w", encoding="utf-8") as file:
            file.write(text_of(self.trace_lines()))

    def time_summary(self) -> list[dict[str, float | int]]:
        """Per seat: moves, total, mean and longest time per move (seconds)."""
        out: list[dict[str, float | int]] = []
        for ts in self.times:
            out.append({"moves": len(ts), "total": sum(ts),
                        "mean": sum(ts) / len(ts) if ts else 0.0,
                        "max": max(ts, default=0.0)})
        return out


def placing_of(scores: Sequence[int], winners: Sequence[int]) -> tuple[int, ...]:
    """Places, 1 first: the winners first, then by score; equal standing shares a place.

    >>> placing_of([5, 9, 9, 1], [1])
    (3, 1, 2, 4)
    >>> placing_of([5, 9, 9, 1], [1, 2])
    (3, 1, 1, 4)
    """
    key = [(s in winners, scores[s]) for s in range(len(scores))]
    return tuple(1 + sum(1 for k in key if k > key[s]) for s in range(len(scores)))


class SeatViews:
    """Each seat's information state, brought up to date when the seat is asked."""

    def __init__(self, observe: Any, initial: Any, seats: int) -> None:
        self.initial = [observe(initial, s) for s in range(seats)]
        self.history: list[list[HistoryStep]] = [[] for _ in range(seats)]

    def steps_of(self, seat: int, steps: Sequence[Step]) -> tuple[HistoryStep, ...]:
        mine = self.history[seat]
        for st in steps[len(mine):]:
            mine.append({
                "actor": "chance" if st.actor == CHANCE else st.actor,
                "action": st.action.text if st.actor == seat else None,
                "events": [e.to_data() for e in events_seen(st.events, seat)],
            })
        return tuple(mine)


def _describe(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= 300 else text[:300] + "..."


def play_match(
    game: str,
    config: Mapping[str, Any],
    bots: Sequence[str | Bot],
    seed: int,
    *,
    chance_seed: int | None = None,
    variant: str | None = None,
    time_limit: float = TIME_LIMIT,
    max_steps: int | None = None,
) -> MatchResult:
    """Play one match of ``game`` between ``bots`` (one per seat, in seat order).

    ``config`` is the game's configuration (``variant`` first takes a named
    variant's keys; the number of players defaults to ``len(bots)``). A bot is
    a :class:`Bot` or a name for :func:`kernel.bots.make_bot`; every bot's
    ``close()`` is called at the end, whatever happened (a bot object may play
    again: ``reset`` starts its next match).

    Randomness, all of it derived from the arguments (so that, for bots that
    are deterministic given their seed and answer within their limits, the
    result is a pure function of ``(game, config, bots, seed, chance_seed)``):

    - chance (deals, draws, dice) comes from ``random.Random(chance_seed)``
      alone, ``chance_seed`` defaulting to ``seed``: a tournament that gives the
      seat rotations of one deal the same ``chance_seed`` and different
      ``seed`` s plays them with common random numbers (the same shuffles and
      rolls, in order, for as long as the games ask for the same chance
      nodes);
    - each seat's bot gets its own seed ``derive_seed(seed, "bot", seat)``
      (:class:`Seat`), and each seat's forfeited moves are drawn from
      ``random.Random(derive_seed(seed, "forfeit", seat))``.

    ``time_limit`` is the per-move limit of foreign bots (seconds); a late
    answer forfeits the move. The match ends at the game's end or after
    ``max_steps`` steps (default: the game's ``max_game_length``, else
    :data:`MAX_STEPS`), then ``truncated``.
    """
    info = game_info(game)
    conf = dict(info.config.variants[variant]) if variant is not None else {}
    conf.update(config)
    conf.setdefault(info.config.players_key, len(bots))
    state = info.new_game(conf)
    seats = info.seats(state)
    if len(bots) != seats:
        raise ValueError(f"{seats} seats and {len(bots)} bots")
    space = info.action_space(conf)
    made = [make_bot(b) if isinstance(b, str) else b for b in bots]
    names = tuple(b if isinstance(b, str) else str(getattr(b, "name", type(b).__name__))
                  for b in bots)
    cseed = seed if chance_seed is None else chance_seed
    chance = random.Random(cseed)
    forfeit_rng = [random.Random(derive_seed(seed, "forfeit", s)) for s in range(seats)]
    limit = max_steps if max_steps is not None else (info.max_game_length or MAX_STEPS)
    views = SeatViews(info.observation, state, seats)
    initial = state
    steps: list[Step] = []
    forfeits: list[Forfeit] = []
    times: list[list[float]] = [[] for _ in range(seats)]

    def trace_now() -> Trace:
        return Trace(game, info.version, conf, cseed, initial, tuple(steps))

    try:
        for s, bot in enumerate(made):
            reset = getattr(bot, "reset", None)
            if reset is not None:
                try:
                    reset(Seat(game, info.version, conf, s, seats,
                               derive_seed(seed, "bot", s), time_limit))
                except Exception as exc:  # a bot's failure is the bot's, never the referee's
                    forfeits.append(Forfeit(0, s, "crash", "reset: " + _describe(exc), ""))
        while len(steps) < limit:
            actor = info.current_actor(state)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                action = sample_chance(info.chance_outcomes(state), chance)
            else:
                legal = info.legal_actions(state)
                ids = tuple((space.player_id(a), a) for a in legal)
                view = make_view(info, conf, seats, actor, state, len(steps), ids,
                                 views.steps_of(actor, steps), views.initial[actor], trace_now)
                action, failure = ask_bot(made[actor], view, dict(ids), times[actor])
                if failure is not None:
                    action = legal[forfeit_rng[actor].randrange(len(legal))]
                    forfeits.append(Forfeit(len(steps), actor, failure.kind, failure.message,
                                            action.text))
            result = info.apply(state, action)
            assert isinstance(result, Applied), result  # only legal actions reach here
            steps.append(Step(actor, action, result.events, result.state))
            state = result.state
        end = info.outcome(state)
        for s, bot in enumerate(made):
            observe = getattr(bot, "observe", None)
            if observe is None:
                continue
            view = make_view(info, conf, seats, s, state, len(steps), (),
                             views.steps_of(s, steps), views.initial[s], trace_now)
            try:
                observe(view, end.to_data() if end is not None else None)
            except Exception:  # the game is over: nothing to forfeit
                pass
    finally:
        for bot in made:
            close = getattr(bot, "close", None)
            if close is not None:
                try:
                    close()
                except Exception:  # closing is best effort
                    pass
    trace = trace_now()
    if end is None:
        scores = tuple(0 for _ in range(seats))
        data = info.to_data(state)
        key = info.hooks.score_key
        if isinstance(data.get(key), list):
            scores = tuple(int(v) for v in data[key])
        return MatchResult(game, info.version, conf, seed, cseed, names, trace, scores, (),
                           tuple(1 for _ in range(seats)),
                           tuple(1 / seats for _ in range(seats)), True, tuple(forfeits),
                           tuple(map(tuple, times)))
    scores = tuple(int(v) for v in end.scores)
    winners = tuple(end.winners) if end.winners else tuple(
        s for s in range(seats) if scores[s] == max(scores))
    returns = tuple(1 / len(winners) if s in winners else 0.0 for s in range(seats))
    return MatchResult(game, info.version, conf, seed, cseed, names, trace, scores, winners,
                       placing_of(scores, winners), returns, False, tuple(forfeits),
                       tuple(map(tuple, times)))


def view_of(history: Trace, seat: int) -> View:
    """The :class:`View` the referee gives ``seat`` after ``history`` (its legal actions if it
    is to act, else none): what the leak checks compare."""
    info = game_info(history.game)
    state = history.final
    legal = info.legal_actions(state) if info.current_actor(state) == seat else ()
    space = info.action_space(history.config)
    views = SeatViews(info.observation, history.initial, info.seats(history.initial))
    return make_view(info, history.config, info.seats(state), seat, state, len(history.steps),
                     tuple((space.player_id(a), a) for a in legal),
                     views.steps_of(seat, history.steps), views.initial[seat],
                     lambda: history)


def make_view(info: Any, conf: Mapping[str, Any], seats: int, seat: int, state: Any, step: int,
              ids: Sequence[tuple[int, Any]], history: tuple[HistoryStep, ...],
              initial: Mapping[str, PlainData], trace_now: Any) -> View:
    """The view a bot in ``seat`` is given (``trace_now()`` is the game so far, which only
    an in-process sampler and the seat's odds read)."""
    sampler = odds = None
    quick = info.seat_odds is not None and (info.odds_quick is None or info.odds_quick(state))
    if info.hooks.card_flow is not None or quick:
        now = trace_now()
        if info.hooks.card_flow is not None:
            sampler = _Sampler(now, seat)
        if quick:  # a function of the seat's information state (tests/test_bots_leaks.py)
            odds = functools.partial(info.seat_odds, now, seat)
    return View(info.id, info.version, conf, seat, seats, step, info.observation(state, seat),
                tuple((i, a.text) for i, a in ids), initial, history, sampler, odds)


class _Sampler:
    """A view's ``sampler``: histories the seat cannot tell from ``history``.

    The seat's information state of ``history``, which every draw is checked
    against, is computed once for all the draws of one view.
    """

    def __init__(self, history: Trace, seat: int) -> None:
        self._history = history
        self._seat = seat
        self._seen: Mapping[str, PlainData] | None = None

    def __call__(self, rng: random.Random) -> Trace:
        from kernel.resample import resample

        if self._seen is None:
            self._seen = information_state(self._history, self._seat)
        return resample(self._history, self._seat, rng, seen=self._seen)


def ask_bot(bot: Bot, view: View, legal: Mapping[int, Any],
            times: list[float]) -> tuple[Any, BotFailure | None]:
    """The bot's legal action, or the failure that forfeits the move."""
    start = time.perf_counter()
    try:
        answer = bot.act(view)
    except BotFailure as exc:
        return None, exc
    except (Exception, SystemExit) as exc:  # an in-process bot's bug forfeits its move
        return None, BotFailure("crash", _describe(exc))
    finally:
        times.append(time.perf_counter() - start)
    if type(answer) is not int or answer not in legal:
        shown = repr(answer)
        return None, BotFailure("illegal", f"answered {shown[:100]}, not a legal action id")
    return legal[answer], None

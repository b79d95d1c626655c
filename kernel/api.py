"""The game-agnostic API: the same functions for every registered game.

>>> import kernel
>>> game = kernel.games()[0]
>>> s = kernel.new_game(game, kernel.game_info(game).configs()[0])
>>> actor = kernel.current_actor(s)
>>> outcomes = kernel.chance_outcomes(s)
>>> actor != kernel.CHANCE or sum(p for _, p in outcomes) == 1
True
>>> first = (outcomes[0][0] if actor == kernel.CHANCE else kernel.legal_actions(s)[0])
>>> r = kernel.apply(s, first.text)
>>> r.ok, kernel.current_actor(r.state) in (kernel.CHANCE, kernel.TERMINAL, *range(9))
(True, True)
>>> kernel.apply(s, "fly:moon")
Rejected(rule='KERNEL-INPUT', reason="unknown action text 'fly:moon'")
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from itertools import accumulate
from typing import Any, Final, TypeVar

import attrs

import kernel.games  # noqa: F401  (registers every game)
from kernel.core import (
    CHANCE,
    TERMINAL,
    Action,
    Applied,
    ConfigError,
    Event,
    InvalidState,
    Outcome,
    PlainData,
    Rejected,
    Result,
)
from kernel.decode import DecodeError, show
from kernel.plugin import ActionSpace, SeatOdds
from kernel.registry import GAMES, GameInfo, game_of_state

T = TypeVar("T")
Policy = Callable[[Any, tuple[Action, ...], random.Random], Action]


def games() -> tuple[str, ...]:
    """The registered game ids, sorted."""
    return tuple(sorted(GAMES))


def game_info(game_id: str) -> GameInfo:
    """The registered game ``game_id`` (ConfigError for an unknown id)."""
    info = GAMES.get(game_id) if type(game_id) is str else None
    if info is None:
        raise ConfigError(f"unknown game {show(game_id)}; known: {', '.join(games())}")
    return info


def _info(state: object) -> GameInfo:
    info = game_of_state(state)
    if info is None:
        raise TypeError(f"not a kernel state: {type(state).__name__}")
    return info


def check_config(game_id: str, config: object) -> str | None:
    """None when ``config`` is valid for the game, else the reason (KERNEL-CONFIG)."""
    try:
        game_info(game_id).parse_config(config)
    except ConfigError as exc:
        return str(exc)
    return None


def new_game(game_id: str, config: Mapping[str, Any]) -> Any:
    """The initial state; a bad configuration raises ConfigError (KERNEL-CONFIG)."""
    return game_info(game_id).new_game(config)


def current_actor(state: Any) -> int:
    """A seat number, CHANCE or TERMINAL."""
    return _info(state).current_actor(state)


def legal_actions(state: Any) -> tuple[Action, ...]:
    """The actor's legal actions, sorted (at chance nodes: the outcomes)."""
    return _info(state).legal_actions(state)


def chance_outcomes(state: Any) -> tuple[tuple[Action, Fraction], ...]:
    """At a chance node: distinct outcomes with exact probabilities summing to 1."""
    return _info(state).chance_outcomes(state)


def apply(state: Any, action: object) -> Result:
    """Applied(next state, events) or Rejected(rule, reason). Never raises."""
    info = game_of_state(state)
    if info is None:
        return Rejected("KERNEL-INPUT", f"not a kernel state: {type(state).__name__}")
    return info.apply(state, action)


def observation(state: Any, seat: int) -> dict[str, PlainData]:
    """What ``seat`` may see."""
    info = _info(state)
    if type(seat) is not int or not 0 <= seat < info.seats(state):
        raise ValueError(f"no seat {show(seat)}")
    return info.observation(state, seat)


def outcome(state: Any) -> Outcome | None:
    """Money per seat and the winners at a terminal state, else None."""
    return _info(state).outcome(state)


def to_data(state: Any) -> dict[str, PlainData]:
    """The state's plain-data form (canonical JSON is this, key-sorted)."""
    return _info(state).to_data(state)


def _game_of_data(data: object) -> GameInfo:
    """The registered game a plain-data document names (ValueError otherwise)."""
    if not isinstance(data, Mapping):
        raise DecodeError(f"state: expected an object, got {show(data)}")
    game = data.get("game")
    if type(game) is not str or game not in GAMES:
        raise DecodeError(f"game: not a registered game: {show(game)}; known: {', '.join(games())}")
    return GAMES[game]


def from_data(data: Mapping[str, Any]) -> Any:
    """Rebuild a state from exactly its plain-data form (KERNEL-INPUT).

    Raises ValueError naming the field for anything that is not the canonical
    form (:class:`kernel.decode.DecodeError`), or InvalidState (also a
    ValueError) for a readable table that breaks invariants; nothing else,
    whatever the input.
    """
    return _game_of_data(data).from_data(data)


def status(data: Mapping[str, Any]) -> tuple[str, ...]:
    """Every invariant a candidate state (plain data) breaks, by ID.

    ValueError when ``data`` is not an object naming a registered game; a
    candidate of a game that cannot be read breaks the game's catch-all
    invariants (see the game's ``status``).
    """
    return _game_of_data(data).status(data)


def violations(state: Any) -> tuple[str, ...]:
    """Every invariant a state breaks (always empty for a built state)."""
    return _info(state).violations(state)


def parse_action(game_id: str, action: object) -> Action | Rejected:
    """The game's Action for an Action, its canonical text or its plain data.

    The game's own strict parser, the one ``apply`` uses (KERNEL-INPUT,
    KERNEL-GAME).
    """
    return game_info(game_id).parse_action(action)


def action_space(game_id: str, config: Mapping[str, Any]) -> ActionSpace:
    """The game's fixed, numbered actions for ``config`` (KERNEL-CONFIG checked).

    ``players`` lists every decision a seat can ever take, ``chance`` every
    chance outcome; an action's id is its index. The numbering is built from
    the game's tables in sorted order, so it is the same in every process and
    under every hash seed, and changes only with the game's behaviour version.
    """
    return game_info(game_id).action_space(config)


def events_seen(events: Sequence[Event], seat: int) -> tuple[Event, ...]:
    """The events as ``seat`` may see them (KERNEL-OBSERVATION).

    Another seat's dealt card or face-down choice is hidden: its secret
    fields read None. The events of ``apply`` are the whole table's view;
    show a player only these.
    """
    if type(seat) is not int or seat < 0:
        raise ValueError(f"no seat {show(seat)}")
    return tuple(e.seen_by(seat) for e in events)


def information_state(history: Trace, seat: int) -> dict[str, PlainData]:
    """A seat's perfect-recall view of a game so far (OpenSpiel's information state).

    Its observation of the initial state, then for every step in order who
    acted, the action if the seat took it itself (other actions are known
    only through the events the seat saw), and the events as the seat saw
    them; and its observation now. Two histories that differ only in what the
    seat may not see give the same information state.
    """
    info = game_info(history.game)
    if type(seat) is not int or not 0 <= seat < info.seats(history.initial):
        raise ValueError(f"no seat {show(seat)}")
    steps: list[PlainData] = []
    for st in history.steps:
        steps.append({
            "actor": "chance" if st.actor == CHANCE else st.actor,
            "action": st.action.text if st.actor == seat else None,
            "events": [e.to_data() for e in events_seen(st.events, seat)],
        })
    return {
        "game": history.game,
        "seat": seat,
        "initial": info.observation(history.initial, seat),
        "steps": steps,
        "observation": info.observation(history.final, seat),
    }


def seat_odds(history: Trace, seat: int) -> SeatOdds | None:
    """The exact odds of the rest of the current leg from ``seat``'s view.

    A :class:`kernel.plugin.SeatOdds` (the reading taken is named by its rule
    ID in the game's catalogue), or None where the history's last state has no
    leg under way. ValueError for a seat the game does not have or a game that
    offers no odds.
    """
    info = game_info(history.game)
    if type(seat) is not int or not 0 <= seat < info.seats(history.initial):
        raise ValueError(f"no seat {show(seat)}")
    if info.seat_odds is None:
        raise ValueError(f"{history.game} offers no odds")
    return info.seat_odds(history, seat)


def notation(state: Any) -> str:
    """The state's one-line position notation (the whole table, hidden cards included).

    It round-trips exactly: ``from_notation(game, notation(s)) == s``. ValueError
    for a game that offers no notation. The game's catalogue describes its fields.
    """
    info = _info(state)
    if info.notation is None:
        raise ValueError(f"{info.id} offers no notation")
    return info.notation.write(info.to_data(state))


def from_notation(game_id: str, text: object) -> Any:
    """The state a notation text spells, accepting exactly :func:`notation`'s text.

    KERNEL-INPUT: raises :class:`kernel.notation_codec.NotationError` (a
    ValueError) naming the field for a text that is not the canonical notation
    of a state, or :class:`kernel.core.InvalidState` (also a ValueError) naming
    every invariant the table it spells breaks; nothing else, whatever the input.
    """
    from kernel.notation_codec import NotationError

    info = game_info(game_id)
    if info.notation is None:
        raise ValueError(f"{game_id} offers no notation")
    data = info.notation.read(text)
    try:
        state = info.from_data(data)
    except InvalidState:
        raise
    except ValueError as exc:
        raise NotationError(f"notation: {exc}") from exc
    written = info.notation.write(info.to_data(state))
    if written != text:
        assert type(text) is str  # read accepts only a string
        ours, theirs = written.split(" "), text.split(" ")
        at = next(i for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b)
        raise NotationError(f"notation: field {at + 1} is not in the canonical form: expected "
                            f"{show(ours[at])}, got {show(theirs[at])}")
    return state


# --------------------------------------------------------------------------
# seeded play


def sample_chance(outcomes: Sequence[tuple[T, Fraction]], rng: random.Random) -> T:
    """Sample an outcome exactly: one integer draw below the common denominator.

    Any language can reproduce it: ``r = randrange(lcm of the denominators)``,
    then the first outcome whose cumulative numerator exceeds ``r``.
    """
    return _sample(outcomes, rng.randrange)


def _sample(outcomes: Sequence[tuple[T, Fraction]], below: Callable[[int], int]) -> T:
    """:func:`sample_chance`, drawing with ``below(n)``: ``randrange(n)`` for n > 0."""
    if type(outcomes) is tuple:
        seen = _SAMPLING.get(id(outcomes))
        if seen is not None and seen[0] is outcomes:
            table = seen[1] or _sampling(outcomes)
            i = bisect_right(table[1], below(table[0]))
            found: T = outcomes[i if i < len(outcomes) else -1][0]
            return found
        if len(_SAMPLING) >= _SAMPLING_SIZE:
            _SAMPLING.clear()
        _SAMPLING[id(outcomes)] = (outcomes, None)
    try:
        denominator = _slot_denominator(outcomes)
    except AttributeError:  # probabilities of another Rational type: the same values
        return _sample([(o, Fraction(p.numerator, p.denominator)) for o, p in outcomes], below)
    r = below(denominator)
    acc = 0
    for outcome, p in outcomes:  # each Fraction read from its own slots, as above
        acc += p._numerator * (denominator // p._denominator)  # type: ignore[attr-defined]
        if r < acc:
            return outcome
    return outcomes[-1][0]


def _denominator(outcomes: Sequence[tuple[Any, Fraction]]) -> int:
    """The lcm of the outcomes' denominators, taken one at a time."""
    denominator = 1
    for _, p in outcomes:
        d = p.denominator
        if denominator % d:
            denominator = denominator // math.gcd(denominator, d) * d
    return denominator


def _slot_denominator(outcomes: Sequence[tuple[Any, Fraction]]) -> int:
    """:func:`_denominator` of Fractions, read from their own slot ``_denominator``
    (the ``denominator`` property reads it through a function call: half the cost of a
    draw); AttributeError for another type."""
    denominator = 1
    for _, p in outcomes:
        d = p._denominator  # type: ignore[attr-defined]
        if denominator % d:
            denominator = denominator // math.gcd(denominator, d) * d
    return denominator


def _below(rng: random.Random) -> Callable[[int], int]:
    """``rng.randrange`` for one positive integer: the same draws, without its checks of
    the argument (CPython's ``randrange(n)`` is ``n.bit_length()`` random bits, drawn
    again until below ``n``; ``tests/test_play_loop.py`` compares the two)."""
    bits = rng.getrandbits

    def below(n: int) -> int:
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r

    return below


#: id(outcomes) -> (outcomes, None once seen, then its common denominator and
#: cumulative numerators), for tuples of outcomes (immutable and kept alive
#: here, so an id names one tuple): a game that hands out the same tuple for
#: the same chance node (a memo) samples it again without the Fractions.
_SAMPLING: dict[int, tuple[Sequence[Any], tuple[int, list[int]] | None]] = {}
_SAMPLING_SIZE: Final = 4096


def _sampling(outcomes: tuple[tuple[Any, Fraction], ...]) -> tuple[int, list[int]]:
    """The common denominator and cumulative numerators of ``outcomes``, remembered
    when every outcome is a tuple (so nothing in it can change)."""
    denominator = _denominator(outcomes)
    table = (denominator,
             list(accumulate(p.numerator * (denominator // p.denominator) for _, p in outcomes)))
    if all(type(o) is tuple for o in outcomes):
        _SAMPLING[id(outcomes)] = (outcomes, table)
    return table


def uniform_policy(state: Any, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """The default policy: a uniformly random legal action."""
    return legal[rng.randrange(len(legal))]


@attrs.frozen
class Step:
    """One applied action of a trace."""

    actor: int
    action: Action
    events: tuple[Event, ...]
    state: Any


@attrs.frozen
class Trace:
    """A whole game: configuration, seed and every step, chance included."""

    game: str
    version: int
    config: Mapping[str, Any]
    seed: int
    initial: Any
    steps: tuple[Step, ...]

    @property
    def final(self) -> Any:
        return self.steps[-1].state if self.steps else self.initial

    def actions(self) -> list[str]:
        return [st.action.text for st in self.steps]


def play(
    game_id: str,
    config: Mapping[str, Any],
    seed: int,
    policy: Policy | None = None,
    max_steps: int = 1_000_000,
) -> Trace:
    """Play a whole game: chance sampled with ``random.Random(seed)``, seats by ``policy``.

    A chance outcome, and an action that is one of the very objects of the
    legal actions the policy was given, is applied with the game's
    ``apply_legal`` when it has one (the legality is not checked again; the
    next state's invariants are, and the result is ``apply``'s); anything
    else a policy returns goes through ``apply``.
    """
    info = game_info(game_id)
    rng = random.Random(seed)
    choose = policy or uniform_policy
    own = choose is uniform_policy  # it returns one of the legal actions it is given
    state = info.new_game(config)
    initial = state
    steps: list[Step] = []
    actor_of, outcomes_of, legal_of, step = (
        info.current_actor, info.chance_outcomes, info.legal_actions, info.apply)
    known = info.apply_legal or step
    append = steps.append
    below = _below(rng)
    while len(steps) < max_steps:
        actor = actor_of(state)
        if actor == TERMINAL:
            break
        if actor == CHANCE:  # one of the chance outcomes' own actions
            action = _sample(outcomes_of(state), below)
            result = known(state, action)
        else:
            legal = legal_of(state)
            if own and legal:  # uniform_policy's draw
                action = legal[below(len(legal))]
            else:
                action = choose(state, legal, rng)
            if own or any(a is action for a in legal):
                result = known(state, action)
            else:
                result = step(state, action)
        if type(result) is not Applied:
            if isinstance(result, Rejected):
                raise RuntimeError(f"policy chose an illegal action {action}: {result.reason}")
            assert isinstance(result, Applied)
        state = result.state
        append(Step(actor, action, result.events, state))
    return Trace(game_id, info.version, dict(config), seed, initial, tuple(steps))

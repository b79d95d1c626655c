"""The bot interface: :class:`Bot`, :class:`Seat`, the baseline ``random`` bot, :func:`make_bot`.

A bot is any object with ``act(view) -> action id`` (:class:`kernel.bots.View`);
it may also have ``reset(seat)`` (called once before the game, with the
:class:`Seat` it plays and a seed of its own for its randomness),
``observe(view, outcome)`` (called once at the end with its final view and the
outcome's plain data) and ``close()`` (called once after the match, whatever
happened). A bot that raises, or returns anything but a legal id, forfeits the
move (:mod:`kernel.bots.referee`).
"""

from __future__ import annotations

import importlib
import random
import shlex
from collections.abc import Callable, Mapping
from typing import Any, Final, Protocol, runtime_checkable

import attrs

from kernel.bots.view import View
from kernel.core import PlainData


@attrs.frozen
class Seat:
    """What a bot is told before a game: the game, the configuration, its seat, its seed.

    ``seed`` is the bot's own (derived by the referee from the match seed and
    the seat): a bot that draws its random choices from ``random.Random(seed)``
    plays the same moves whenever the match is played again with that seed.
    ``time_limit`` is the referee's limit per move in seconds (foreign bots are
    held to it; in-process bots are timed, not stopped).
    """

    game: str
    version: int
    config: Mapping[str, Any]
    seat: int
    seats: int
    seed: int
    time_limit: float


@runtime_checkable
class Bot(Protocol):
    """A player: given its seat's :class:`View`, the id of a legal action."""

    def act(self, view: View) -> int: ...


class BotFailure(Exception):
    """A bot failed to give a move; the seat forfeits it (spec/BOTS.md, "Forfeits").

    ``kind``: ``illegal``, ``malformed``, ``late``, ``crash``, ``refused`` or ``gone``.
    """

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


class SeededBot:
    """A bot whose random choices come from ``random.Random(seat.seed)`` (reset per match)."""

    def __init__(self) -> None:
        self._rng = random.Random(0)

    def reset(self, seat: Seat) -> None:
        self._rng = random.Random(seat.seed)


class RandomBot(SeededBot):
    """A uniformly random legal action, from ``random.Random(seat.seed)``."""

    name = "random"

    def act(self, view: View) -> int:
        return view.legal[self._rng.randrange(len(view.legal))][0]


class FirstBot:
    """Always the legal action with the smallest id (deterministic; for tests and baselines)."""

    name = "first"

    def act(self, view: View) -> int:
        return view.legal[0][0]


class GameBot:
    """A bot a game provides in its own ``bots.py`` (``BOTS[name]``), found from the view's game.

    Every shipped game has ``greedy``. The bot is built at :meth:`reset` (or at
    the first :meth:`act`) for the game it is asked to play.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self._inner: Any = None
        self._game: str | None = None
        self._seat: Seat | None = None

    def _bind(self, game: str) -> Any:
        if self._inner is None or self._game != game:
            factory = game_bots(game).get(self.name)
            if factory is None:
                raise BotFailure("crash", f"{game} has no bot named {self.name!r}")
            self._inner, self._game = factory(), game
            if self._seat is not None and hasattr(self._inner, "reset"):
                self._inner.reset(self._seat)
        return self._inner

    def reset(self, seat: Seat) -> None:
        self._seat = seat
        self._inner = None
        self._bind(seat.game)

    def act(self, view: View) -> int:
        return int(self._bind(view.game).act(view))

    def observe(self, view: View, outcome: Mapping[str, PlainData]) -> None:
        inner = self._bind(view.game)
        if hasattr(inner, "observe"):
            inner.observe(view, outcome)


def _games() -> tuple[str, ...]:
    from kernel.api import games

    return games()


def game_bots(game: str) -> Mapping[str, Callable[[], Bot]]:
    """The bots a registered game provides: ``BOTS`` of the ``bots`` module beside its state.

    A game without one (a plug-in, say) provides none.
    """
    from kernel.api import game_info

    package = game_info(game).state_type.__module__.rpartition(".")[0]
    if not package:
        return {}
    try:
        module = importlib.import_module(f"{package}.bots")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.bots":
            raise
        return {}
    bots: Mapping[str, Callable[[], Bot]] = getattr(module, "BOTS", {})
    return bots


def _bots_module(game: str) -> Any:
    """The game's ``bots`` module, or None when its package has none."""
    from kernel.api import game_info

    package = game_info(game).state_type.__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.bots")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.bots":
            raise
        return None


def playout_until(game: str) -> tuple[str, ...]:
    """The rule IDs whose events end an ISMCTS playout in ``game`` (``PLAYOUT_UNTIL`` of its
    ``bots`` module); empty: the first change of the scores on the table ends it.

    A game whose scores first change through small side payments (the 2018
    game's spectator tiles) while its main payout comes later (the leg's
    scoring) names the rule of that payout, so that a playout is scored where
    the choices it tries have paid off.
    """
    module = _bots_module(game)
    rules: tuple[str, ...] = tuple(getattr(module, "PLAYOUT_UNTIL", ())) if module else ()
    return rules


def move_groups(game: str) -> bool:
    """Whether ISMCTS in ``game`` chooses an action's kind before the action (``MOVE_GROUPS``
    of its ``bots`` module; default False).

    A game whose decisions offer many actions of a few kinds (the 2018 game:
    about 16 legal actions a decision, most of them spectator tile spaces)
    says so, and the search's tree then has a level of kinds above the
    actions (move groups: Childs, Brodeur and Kocsis 2008), so that a small
    budget spreads over the kinds of move rather than over their many
    arguments.
    """
    module = _bots_module(game)
    return bool(getattr(module, "MOVE_GROUPS", False)) if module else False


#: The names :func:`make_bot` knows, with what they make (for messages and --help).
NAMES: Final = {
    "random": "a uniformly random legal action",
    "first": "the legal action with the smallest id",
    "greedy": "the game's own rule-based bot (kernel/games/<package>/bots.py)",
    "ismcts[:SIMS[:WORLDS]]": "information-set MCTS over kernel.resample (kernel/bots/ismcts.py)",
    "cmd:PROGRAM ARGS...": "a foreign program speaking the bot protocol (spec/BOTS.md)",
}


def make_bot(spec: str) -> Bot:
    """A bot from its name: ``random``, ``first``, ``greedy``, ``ismcts:SIMS[:WORLDS]`` or
    ``cmd:PROGRAM ARGS...`` (a foreign program, split as a shell would, run without one).

    ValueError names the known forms for anything else.
    """
    if not isinstance(spec, str):
        raise ValueError(f"a bot is named by a string, not {type(spec).__name__}")
    name, _, rest = spec.partition(":")
    if name == "random" and not rest:
        return RandomBot()
    if name == "first" and not rest:
        return FirstBot()
    if name == "cmd":
        try:
            command = shlex.split(rest)
        except ValueError as exc:
            raise ValueError(f"bot {spec!r}: {exc}") from None
        if not command:
            raise ValueError("bot 'cmd:': no program named")
        from kernel.bots.foreign import ForeignBot

        return ForeignBot(command)
    if name == "ismcts":
        parts = rest.split(":") if rest else []
        try:
            numbers = [int(p) for p in parts]
        except ValueError:
            numbers = []
        if len(parts) > 2 or len(numbers) != len(parts) or any(n < 1 for n in numbers):
            raise ValueError(f"bot {spec!r}: ismcts takes ismcts[:SIMS[:WORLDS]] "
                             f"with positive integers")
        from kernel.bots.ismcts import ISMCTSBot

        return ISMCTSBot(*numbers)
    if not rest and name.isidentifier() and any(
            name in game_bots(game) for game in _games()):
        return GameBot(name)
    known = "; ".join(f"{k} ({v})" for k, v in NAMES.items())
    raise ValueError(f"unknown bot {spec[:100]!r}; known: {known}")

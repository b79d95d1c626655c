"""The game registry: game id -> :class:`GameInfo` (rule KERNEL-CONFIG).

Importing a game package registers it, as OpenSpiel's Python games do. A game
is one package under ``kernel/games/`` whose ``__init__`` calls
:func:`register` with one :class:`GameInfo`, which carries everything the
shared layers need (its parts are defined in :mod:`kernel.plugin`);
:func:`register` refuses an incomplete or inconsistent one, naming what is
wrong. ``kernel/games/__init__.py`` imports every game package it finds, so
adding a game edits no shared file.
"""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from fractions import Fraction
from typing import Any, Final

import attrs

from kernel.core import FIELD_NAMES, Action, Outcome, PlainData, Rejected, Result
from kernel.plugin import (
    BUILTIN_COMMANDS,
    CHANCE_MODES,
    INFORMATION,
    SCORE_KINDS,
    ActionSpace,
    ConfigSpec,
    Drawing,
    GameCommand,
    GameHooks,
    GameSpecError,
    Narrator,
    Notation,
    Plan,
    ScoreSpec,
    SeatOdds,
    Vocabulary,
)


@attrs.frozen
class GameInfo:
    """A registered game: its metadata, its pure functions and its plug-in parts."""

    # metadata (OpenSpiel's GameType / GameInfo)
    id: str
    name: str
    version: int
    min_players: int
    max_players: int
    chance_mode: str
    information: str
    score: ScoreSpec
    #: A hard bound on the steps of a game (chance included), or None with
    #: ``truncation`` saying why there is none and how adapters truncate.
    max_game_length: int | None
    truncation: str
    config: ConfigSpec
    #: Rule-ID prefixes this game's catalogues use (several allowed; a family
    #: shared by several games may appear in several games' lists).
    rule_prefixes: tuple[str, ...]
    vocabulary: Vocabulary
    state_type: type
    invariants: tuple[str, ...]
    # the pure functions
    new_game: Callable[[Mapping[str, Any]], Any]
    parse_config: Callable[[object], Any]
    current_actor: Callable[[Any], int]
    legal_actions: Callable[[Any], tuple[Action, ...]]
    chance_outcomes: Callable[[Any], tuple[tuple[Action, Fraction], ...]]
    apply: Callable[[Any, object], Result]
    observation: Callable[[Any, int], dict[str, PlainData]]
    outcome: Callable[[Any], Outcome | None]
    to_data: Callable[[Any], dict[str, PlainData]]
    from_data: Callable[[Mapping[str, Any]], Any]
    status: Callable[[Mapping[str, Any]], tuple[str, ...]]
    violations: Callable[[Any], tuple[str, ...]]
    #: The number of seats of a state.
    seats: Callable[[Any], int]
    #: The fixed action space of a configuration (``kernel.action_space``).
    action_space: Callable[[Mapping[str, Any]], ActionSpace]
    # the plug-in parts
    narrator: Narrator
    #: The conformance plan, built on first use (it may import the kernel's API).
    plan: Callable[[], Plan]
    hooks: GameHooks
    #: ``race-kernel`` subcommands of the game's own (name -> command), e.g. ``odds``.
    commands: Mapping[str, GameCommand] = attrs.field(factory=dict)
    #: How the viewer page draws the table (None: the page's text fallback).
    drawing: Drawing | None = None
    #: The fixed-shape tensor layout of a seat's observation for a configuration
    #: (plain data; the grammar is in :mod:`kernel.adapters.encode`), for the
    #: framework adapters' tensors; None: the game offers no tensors.
    tensor: Callable[[Mapping[str, Any]], Any] | None = None
    #: Every invariant a state (or candidate) breaks, each check run from
    #: scratch: the oracle ``violations`` must agree with when it reuses what
    #: an earlier state passed (incremental checks). None: the function
    #: ``full_violations`` of the module that defines ``state_type``.
    full_violations: Callable[[Any], tuple[str, ...]] | None = None
    #: The exact odds of the rest of the current leg from one seat's view:
    #: ``seat_odds(history, seat)`` with a :class:`kernel.Trace` and a seat, a
    #: :class:`kernel.plugin.SeatOdds`, or None where the history's last state
    #: has no leg under way. None: the game offers no odds.
    seat_odds: Callable[[Any, int], SeatOdds | None] | None = None
    #: Whether ``seat_odds`` at a history ending in this state gives odds and takes
    #: well under a second (the viewer computes odds only at such decision steps);
    #: None: it takes well under a second at every state. It must read only what
    #: every seat sees (a phase, a deck's size): a bot's view offers the odds
    #: exactly where it says so (``View.odds``), and the leak check requires the
    #: offer to depend on the seat's information state alone.
    odds_quick: Callable[[Any], bool] | None = None
    #: The one-line position notation (``kernel.notation``, ``kernel.from_notation``);
    #: None: the game offers none.
    notation: Notation | None = None
    #: ``apply`` of an action known to be legal: one of the very objects that
    #: ``legal_actions`` (or ``chance_outcomes``) gave for this very state, so
    #: the checks of who acts and of legality are not made again; every
    #: invariant of the next state is checked as in ``apply``, and the result
    #: is the one ``apply`` gives (the generic checks compare the two on every
    #: legal action they apply). Only for the kernel's own loops, which hold
    #: those objects (``kernel.play``); anything from outside goes through
    #: ``apply``. None: the game has no such shortcut (``apply`` is used).
    apply_legal: Callable[[Any, Action], Result] | None = None

    def full_check(self, state: Any) -> tuple[str, ...]:
        """Every invariant ``state`` breaks, from scratch (see ``full_violations``).

        AttributeError when the game offers neither the field nor the function.
        """
        if self.full_violations is not None:
            return self.full_violations(state)
        module: Any = importlib.import_module(self.state_type.__module__)
        full: Callable[[Any], tuple[str, ...]] = module.full_violations
        return full(state)

    @property
    def all_actions(self) -> tuple[Action, ...]:
        """Every action the game knows, sorted (the action universe)."""
        return self.vocabulary.actions

    def parse_action(self, action: object) -> Action | Rejected:
        """The game's one strict action parser (KERNEL-INPUT, KERNEL-GAME)."""
        return self.vocabulary.parse(action)

    def configs(self) -> tuple[dict[str, Any], ...]:
        """Every named variant at every player count (for sweeps and vectors)."""
        key = self.config.players_key
        return tuple(
            {key: n, **variant}
            for variant, n in itertools.product(
                self.config.variants.values(), range(self.min_players, self.max_players + 1))
        )


class Registry(MutableMapping[str, GameInfo]):
    """Game id -> :class:`GameInfo`, each game's package imported when first asked for.

    ``GAMES[id]``, ``GAMES.get(id)`` and ``id in GAMES`` import the one game
    package of that id (:func:`kernel.games.load`: a package under
    ``kernel/games/`` is named for its id, ``-`` written ``_``); iterating,
    ``len`` and listing the games import all of them (:func:`kernel.games.
    load_all`). So ``race-kernel play GAME`` imports one game, and
    ``race-kernel games`` every game. Registering a game (:func:`register`)
    puts it here directly.
    """

    def __init__(self) -> None:
        self._infos: dict[str, GameInfo] = {}

    @staticmethod
    def _games() -> Any:
        return importlib.import_module("kernel.games")

    def __getitem__(self, game_id: str) -> GameInfo:
        info = self._infos.get(game_id)
        if info is None and type(game_id) is str:
            self._games().load(game_id)
            info = self._infos.get(game_id)
        if info is None:
            raise KeyError(game_id)
        return info

    def __contains__(self, game_id: object) -> bool:
        if game_id in self._infos:
            return True
        if type(game_id) is not str:
            return False
        self._games().load(game_id)
        return game_id in self._infos

    def __setitem__(self, game_id: str, info: GameInfo) -> None:
        self._infos[game_id] = info

    def __delitem__(self, game_id: str) -> None:
        del self._infos[game_id]

    def __iter__(self) -> Iterator[str]:
        self._games().load_all()
        return iter(list(self._infos))

    def __len__(self) -> int:
        self._games().load_all()
        return len(self._infos)

    def loaded(self) -> tuple[str, ...]:
        """The ids of the games registered so far (importing none)."""
        return tuple(self._infos)


GAMES: Final = Registry()
_BY_TYPE: dict[type, GameInfo] = {}


def check(info: GameInfo) -> None:
    """Refuse an incomplete or inconsistent game, naming every problem (GameSpecError)."""
    problems: list[str] = []
    if not info.id or info.id != info.id.strip().lower() or " " in info.id:
        problems.append(f"id {info.id!r}: lower-case words joined by '-'")
    if not 1 <= info.min_players <= info.max_players:
        problems.append("player range")
    if info.version < 1:
        problems.append("behaviour version must be 1 or more")
    if info.chance_mode not in CHANCE_MODES:
        problems.append(f"chance_mode {info.chance_mode!r} (one of {CHANCE_MODES})")
    if info.information not in INFORMATION:
        problems.append(f"information {info.information!r} (one of {INFORMATION})")
    if info.score.kind not in SCORE_KINDS or not info.score.unit or not info.score.winners:
        problems.append("score: kind (money or points), unit and how winners are found")
    if (info.score.minimum is not None and info.score.maximum is not None
            and not info.score.minimum < info.score.maximum):
        problems.append("score: minimum must be below maximum")
    if info.max_game_length is None and not info.truncation:
        problems.append("max_game_length or a truncation rule")
    if not info.rule_prefixes or any(not p.endswith("-") or not p[:-1].isupper()
                                     for p in info.rule_prefixes):
        problems.append("rule_prefixes: upper-case prefixes ending in '-'")
    if not info.invariants or any(not inv.startswith(info.rule_prefixes) for inv in
                                  info.invariants):
        problems.append("invariants: IDs with the game's rule prefixes")
    package = info.state_type.__module__.split(".")
    if package[:2] == ["kernel", "games"] and package[2:3] != [info.id.replace("-", "_")]:
        problems.append(f"package kernel.games.{'.'.join(package[2:3])}: a game package is "
                        f"named for its id (kernel.games.{info.id.replace('-', '_')})")
    if info.vocabulary.game != info.id or not info.vocabulary.actions:
        problems.append("vocabulary: the game's action kinds and actions")
    if not info.config.variants or info.config.field(info.config.players_key) is None:
        problems.append("config: a players field and at least one variant")
    for name, command in info.commands.items():
        if (not isinstance(command, GameCommand) or command.name != name
                or not name.isidentifier() or name != name.lower()
                or name in BUILTIN_COMMANDS or not callable(command.run)):
            problems.append(f"commands: {name!r}: a GameCommand with a lower-case name "
                            f"other than {', '.join(BUILTIN_COMMANDS)}")
    if info.drawing is not None and (
            not isinstance(info.drawing, Drawing) or not info.drawing.script.strip()
            or not callable(info.drawing.pieces)):
        problems.append("drawing: a Drawing with a script and a pieces function, or None")
    if info.seat_odds is not None and not callable(info.seat_odds):
        problems.append("seat_odds: a function of a history and a seat, or None")
    if info.odds_quick is not None and (info.seat_odds is None or not callable(info.odds_quick)):
        problems.append("odds_quick: a function of a state, with seat_odds, or None")
    if info.notation is not None and not (callable(getattr(info.notation, "write", None))
                                          and callable(getattr(info.notation, "read", None))):
        problems.append("notation: a Notation with write and read, or None")
    if info.tensor is not None and not callable(info.tensor):
        problems.append("tensor: a function of the configuration returning a layout, or None")
    for method in ("legend", "draw", "seat_name", "after", "explain", "quiet", "standings"):
        if not callable(getattr(info.narrator, method, None)):
            problems.append(f"narrator.{method}")
    if not problems:
        for config in info.configs():
            try:
                info.parse_config(config)
            except ValueError as exc:
                problems.append(f"variant {config}: {exc}")
    if problems:
        raise GameSpecError(f"game {info.id!r} is incomplete: " + "; ".join(problems))


def register(info: GameInfo) -> GameInfo:
    """Check ``info`` (:func:`check`) and register it."""
    check(info)
    GAMES[info.id] = info
    _BY_TYPE[info.state_type] = info
    for kind in info.vocabulary.kinds.values():
        FIELD_NAMES[(info.id, kind.name)] = tuple(f.name for f in kind.fields)
    return info


def unregister(game_id: str) -> None:
    """Remove a game (for tests that register a game of their own)."""
    info = GAMES._infos.pop(game_id, None)
    if info is not None:
        _BY_TYPE.pop(info.state_type, None)


def game_of_state(state: object) -> GameInfo | None:
    """The game a state belongs to, or None for anything else."""
    return _BY_TYPE.get(type(state))

"""The plug-in surface: everything a game hands the shared layers, in one object.

A game is one package under ``kernel/games/`` whose ``__init__`` registers one
:class:`kernel.registry.GameInfo` built from the parts defined here. The
shared layers (API, command line, narration, conformance kit, spec tooling,
generic checks) read only these parts; none of them names a game, a camel, a
card or a rule prefix (``tests/test_plugin_surface.py`` fails if one does).

The parts, in the manner of OpenSpiel's ``GameType``/``GameInfo``:

- metadata: name, behaviour version, player range, :data:`CHANCE_MODES`,
  :data:`INFORMATION`, a :class:`ScoreSpec` (money or points, the unit, the
  least and most a seat can hold), the bound on game length or the game's
  truncation rule;
- a :class:`ConfigSpec`: typed configuration fields with defaults, and named
  variants that sweeps (vectors, generic checks) cover;
- the action vocabulary: :class:`ActionKind` with named, typed
  :class:`Field` s (a play of N cards of one animal is one action with two
  fields); the canonical text is ``kind`` or ``kind:v1:v2...``;
- the rule-ID prefixes it uses (several, including a family shared by several
  games, such as the camel games' shared rules);
- a :class:`Narrator` (the told game: legend, the table drawn, seat names);
- its conformance :class:`Plan` (golden-vector configurations, policies,
  candidate-state mutations);
- its :class:`GameHooks` for the generic checks;
- optionally, its :class:`Drawing` for the viewer page (``race-kernel view``);
- optionally, its one-line position :class:`Notation` (``kernel.notation``).

>>> f = Field("space", int)
>>> f.accepts(3), f.accepts(True), f.accepts("3")
(True, False, False)
>>> ConfigField("players", "int", 4, "seats").parse_text("5")
5
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final, Protocol

import attrs

from kernel.core import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    InvalidState,
    Outcome,
    PlainData,
    Rejected,
    Scalar,
)
from kernel.decode import DecodeError, show

#: OpenSpiel's chance modes: the kernel's games all model chance explicitly.
CHANCE_MODES: Final = ("deterministic", "explicit-stochastic", "sampled-stochastic")
#: OpenSpiel's information types.
INFORMATION: Final = ("perfect", "imperfect", "one-shot")
#: What a seat's score is.
SCORE_KINDS: Final = ("money", "points")


class GameSpecError(ValueError):
    """A game's plug-in parts are incomplete or inconsistent (names what is wrong)."""


# --------------------------------------------------------------------------
# actions


@attrs.frozen
class Field:
    """One named, typed field of an action kind (its plain-data key)."""

    name: str
    type: type[int] | type[str]
    doc: str = ""

    def accepts(self, value: object) -> bool:
        """Exactly this JSON type: an int is never a bool, a str never a number."""
        return type(value) is self.type

    @property
    def type_name(self) -> str:
        return "an integer" if self.type is int else "a string"


@attrs.frozen
class ActionKind:
    """One kind of action: its name, fields, and who takes it ("seat" or "chance")."""

    name: str
    fields: tuple[Field, ...] = ()
    actor: str = "seat"
    doc: str = ""


@attrs.frozen
class ActionSpace:
    """A fixed, numbered action space for one game and configuration.

    The id of an action is its index: ``players`` for the seats' decisions,
    ``chance`` for chance outcomes. It changes only with the game's behaviour
    version (the tuples are built from the game's vocabulary and tables, in
    their sorted order; nothing depends on hashing or the process).
    """

    players: tuple[Action, ...]
    chance: tuple[Action, ...]
    _player_ids: dict[Action, int] = attrs.field(init=False, repr=False, eq=False)
    _chance_ids: dict[Action, int] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_player_ids", {a: i for i, a in enumerate(self.players)})
        object.__setattr__(self, "_chance_ids", {a: i for i, a in enumerate(self.chance)})

    def player_id(self, action: Action) -> int:
        """The id of a seat's action (KeyError for an action outside the space)."""
        return self._player_ids[action]

    def chance_id(self, action: Action) -> int:
        """The id of a chance outcome (KeyError for one outside the space)."""
        return self._chance_ids[action]


#: Keys of an action's plain data that are not fields (KERNEL-INPUT, KERNEL-GAME, KERNEL-ACTOR).
RESERVED_FIELDS: Final = frozenset(("kind", "game", "seat"))


class Vocabulary:
    """A game's action kinds and every action it knows, with the one strict parser.

    KERNEL-INPUT, KERNEL-GAME: the parser accepts an :class:`Action` of this
    game, the exact canonical text (no surrounding blanks of any kind), or
    plain data with exactly ``kind``, the kind's fields (each of its exact JSON
    type: an integer is never ``true`` or ``"3"``) and optionally ``game``,
    which must be this game's id. Every reason is bounded in size.
    """

    def __init__(self, game: str, kinds: Sequence[ActionKind], actions: Sequence[Action]) -> None:
        self.game = game
        self.kinds: dict[str, ActionKind] = {k.name: k for k in kinds}
        self.actions: tuple[Action, ...] = tuple(sorted(actions))
        self._table: dict[tuple[str, tuple[Any, ...]], Action] = {
            (a.kind, a.values): a for a in self.actions}
        self._by_text: dict[str, Action] = {a.text: a for a in self.actions}
        #: Each known action keyed by itself: an Action equal to one of them (the
        #: same game, kind and values of the same types: ``Action.__eq__``) parses
        #: to it at once (``known.get(action)``; read only).
        self.known: Mapping[Action, Action] = {a: a for a in self.actions}
        for k in kinds:
            clash = {f.name for f in k.fields} & RESERVED_FIELDS
            if clash:
                raise GameSpecError(f"{game}: action kind {k.name!r} uses reserved field "
                                    f"name(s) {sorted(clash)} (kind, game and seat are the "
                                    f"plain-data form's own keys)")
        for a in self.actions:
            kind = self.kinds.get(a.kind)
            if a.game != game or kind is None or len(kind.fields) != len(a.values) or not all(
                    f.accepts(v) for f, v in zip(kind.fields, a.values, strict=True)):
                raise GameSpecError(f"{game}: action {a.text!r} does not fit its vocabulary")

    def get(self, kind: str, *values: Scalar) -> Action:
        """The interned action (KeyError when the game has no such action)."""
        return self._table[(kind, values)]

    def parse(self, action: object) -> Action | Rejected:
        """This game's Action for an Action, its canonical text or its plain data."""
        if type(action) is Action:
            known = self.known.get(action)
            if known is not None:
                return known
        if isinstance(action, Action):
            if action.game != self.game:
                return Rejected("KERNEL-GAME", f"action of game {show(action.game)}, "
                                               f"not {self.game!r}")
            return self._lookup(action.kind, action.values)
        if type(action) is str:
            found = self._by_text.get(action)
            if found is None:
                return Rejected("KERNEL-INPUT", f"unknown action text {show(action)}")
            return found
        if isinstance(action, Mapping):
            if "game" in action:
                game = action["game"]
                if type(game) is not str or game != self.game:
                    return Rejected("KERNEL-GAME", f"action of game {show(game)}, "
                                                   f"not {self.game!r}")
            kind = action.get("kind")
            if type(kind) is not str:
                return Rejected("KERNEL-INPUT", f"plain-data action needs a string 'kind', "
                                                f"got {show(kind)}")
            spec = self.kinds.get(kind)
            names = tuple(f.name for f in spec.fields) if spec is not None else ()
            for key in action:
                if key not in ("game", "kind") and key not in names:
                    return Rejected("KERNEL-INPUT",
                                    f"unexpected field {show(key)} for {show(kind)}")
            for name in names:
                if name not in action:
                    return Rejected("KERNEL-INPUT", f"missing field {name!r} for {kind!r}")
            return self._lookup(kind, tuple(action[n] for n in names))
        return Rejected("KERNEL-INPUT", f"not an action: {show(action)}")

    def _lookup(self, kind: object, values: tuple[Any, ...]) -> Action | Rejected:
        if type(kind) is not str:
            return Rejected("KERNEL-INPUT", f"an action kind is a string, not {show(kind)}")
        spec = self.kinds.get(kind)
        if spec is None or len(values) != len(spec.fields):
            shown = show(values[0]) if len(values) == 1 else show(values)
            given = f" with {shown}" if values else ""
            if spec is None:
                return Rejected("KERNEL-INPUT", f"unknown action {show(kind)}{given}")
            return Rejected("KERNEL-INPUT", f"{kind!r} takes {len(spec.fields)} field(s), "
                                            f"not {len(values)}")
        for f, v in zip(spec.fields, values, strict=True):
            if not f.accepts(v):
                return Rejected("KERNEL-INPUT", f"{f.name!r} of {kind!r} must be "
                                                f"{f.type_name}, not {show(v)}")
        found = self._table.get((kind, values))
        if found is None:
            shown = " ".join(show(v) for v in values)
            return Rejected("KERNEL-INPUT", f"unknown or out-of-range action {kind!r} {shown}")
        return found


# --------------------------------------------------------------------------
# configuration


@attrs.frozen
class ConfigField:
    """One configuration key: its type ("int", "int-list", "str", "bool"), default, doc.

    ``default`` may be a callable of the partial configuration (for example
    an age order that depends on the player count).
    """

    name: str
    type: str
    default: Any
    doc: str
    choices: tuple[Any, ...] = ()

    def parse_text(self, text: str) -> Any:
        """The value of ``--set name=text`` (a list is comma-separated: ``2,0,3,1``)."""
        if self.type == "int":
            return _int_text(self.name, text)
        if self.type == "int-list":
            return [_int_text(self.name, x) for x in text.split(",")] if text else []
        if self.type == "bool":
            if text not in ("true", "false"):
                raise ValueError(f"{self.name} is true or false, not {text[:40]!r}")
            return text == "true"
        return text


def _int_text(name: str, text: str) -> int:
    """An integer written plainly: ASCII digits, an optional minus (no ``+4``, ``4_0``)."""
    digits = text[1:] if text.startswith("-") else text
    if not digits or len(digits) > 15 or not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"{name}: {show(text)} is not an integer")
    return int(text)


@attrs.frozen
class ConfigSpec:
    """A game's configuration: typed fields with defaults, and named variants.

    ``variants`` maps a variant's name to the configuration keys it sets (the
    standard game is ``{}``); sweeps cover every variant at every player count.
    """

    fields: tuple[ConfigField, ...]
    variants: Mapping[str, Mapping[str, Any]] = attrs.field(factory=lambda: {"standard": {}})
    players_key: str = "players"

    def field(self, name: str) -> ConfigField | None:
        return next((f for f in self.fields if f.name == name), None)


# --------------------------------------------------------------------------
# scores, narration, conformance, generic checks


@attrs.frozen
class ScoreSpec:
    """What a seat's score is: money or points, its unit, and its bounds (None: none)."""

    kind: str
    unit: str
    minimum: int | None
    maximum: int | None
    #: How winners are found, in words (the tie-break used).
    winners: str


class Narrator(Protocol):
    """How a game is told (``race-kernel play``): its own board, in text.

    The told game (:func:`kernel.narrate.narrate`) keeps the table as plain
    data: before each step, the state's (``GameInfo.to_data``); through the
    step's events, what :meth:`after` makes of it, event by event. It draws the
    table again after each event that changes the picture, so each picture
    shows the table as that event left it (a last move before the reset that
    follows it), prints :meth:`explain`'s lines under an event, and a running
    score line (the table's ``GameHooks.score_key``) when scores change.
    Nothing in the told game names a part of a game but these methods.

    A narrator may also tell each event in words, ``tell(event) -> str``
    (:class:`kernel.narrate.Teller`; every shipped game's does, and the told
    game and the viewer page use it); without it, events are told by
    :func:`kernel.narrate.plain_words`. Seats are named with
    :func:`kernel.narrate.seat_name`, the same in every game.
    """

    def legend(self) -> Sequence[str]:
        """Lines explaining the symbols of :meth:`draw` (printed once, at the top)."""
        ...

    def draw(self, table: Mapping[str, PlainData]) -> Sequence[str]:
        """The picture of a table (plain data; a few lines, without indentation)."""
        ...

    def seat_name(self, seat: int) -> str:
        """A seat as the told game names it."""
        ...

    def after(self, table: Mapping[str, PlainData], event: Event) -> Mapping[str, PlainData]:
        """The table after ``event``, from the table just before it (not changed in place).

        It need follow only what :meth:`draw`, :meth:`explain` and the score
        key read; an event that changes none of it returns the table as it is.
        """
        ...

    def explain(self, table: Mapping[str, PlainData], event: Event) -> Sequence[str]:
        """Lines saying what ``event`` came from, read off the table just before it
        (a payout's parts); usually none."""
        ...

    def quiet(self, event: Event) -> bool:
        """Whether ``event`` is summed up unless the telling is verbose (deals, hidden choices)."""
        ...

    def standings(self, outcome: Outcome) -> Sequence[str]:
        """One line per seat, best first (the told game heads them with the
        game's ``ScoreSpec.winners`` and ``Outcome.tiebreak``)."""
        ...


Policy = Callable[[Any, tuple[Action, ...], Any], Action]
Mutation = Callable[[dict[str, Any]], dict[str, Any]]
TransitionCheck = Callable[[Mapping[str, Any], Mapping[str, Any], Sequence[Mapping[str, Any]]],
                           bool | None]


@attrs.frozen
class Plan:
    """What a game's golden vectors are made of (``race-kernel vectors``)."""

    #: The configurations of the whole-game vectors (a file each).
    configs: tuple[Mapping[str, Any], ...]
    rejection_config: Mapping[str, Any]
    rejection_seed: int
    #: The policy of the rejection vectors' game (one that reaches many rules).
    rejection_policy: Policy
    #: (name, phase of the base state, mutation of its plain data) for the status vectors.
    mutations: tuple[tuple[str, str, Mutation], ...]
    #: invariant ID -> check of (before, after, events) plain data: None when the
    #: step does not bear on it, True when it witnesses it, False when it breaks it.
    transitions: Mapping[str, TransitionCheck]
    #: The plain-data key holding the phase (for picking mutation bases).
    phase_key: str = "phase"
    #: Seeded whole games chosen for a case the base games miss (a rule whose
    #: reading rarely shows, a tie, a floor), each (configuration, seed): the
    #: game's plans module says what each reaches and how its seed was found.
    games: tuple[tuple[Mapping[str, Any], int], ...] = ()


#: A path to a list of items in the plain-data form: ("deck",) or ("hands", 2).
Zone = tuple[str] | tuple[str, int]


def screen(action: object, vocabulary: Vocabulary, whose: Callable[[], int],
           chance_kinds: Sequence[str] | frozenset[str], over: str) -> Action | Rejected:
    """The checks every game's ``apply`` makes before its own rules (never raises).

    A plain-data action may claim ``"seat"`` (a seat number or ``"chance"``:
    KERNEL-INPUT otherwise); the rest goes through the game's one strict parser
    (KERNEL-INPUT, KERNEL-GAME); a finished game takes nothing (KERNEL-TERMINAL,
    with the game's words ``over``); the claim must name the actor, and a
    chance kind is chance's to take and no other (KERNEL-ACTOR). ``whose``
    gives the actor (asked only once the action is parsed). Returns the parsed
    action, or the rejection naming the rule.
    """
    if type(action) is Action:  # the common case: an action the game knows, no claim
        known = vocabulary.known.get(action)
        if known is not None:
            return actor_refusal(known, whose(), chance_kinds, over) or known
    claimed: object = None
    has_claim = type(action) is not Action and isinstance(action, Mapping) and "seat" in action
    if has_claim:
        assert isinstance(action, Mapping)
        claimed = action["seat"]
        if type(claimed) is not int and not (type(claimed) is str and claimed == "chance"):
            return Rejected("KERNEL-INPUT", f"'seat' must be a seat number or \"chance\", "
                                           f"not {show(claimed)}")
        action = {k: v for k, v in action.items() if k != "seat"}
    parsed = vocabulary.parse(action)
    if isinstance(parsed, Rejected):
        return parsed
    return actor_refusal(parsed, whose(), chance_kinds, over, has_claim, claimed) or parsed


def actor_refusal(parsed: Action, actor: int, chance_kinds: Sequence[str] | frozenset[str],
                  over: str, has_claim: bool = False, claimed: object = None) -> Rejected | None:
    """:func:`screen`'s checks of who acts, for the parsed action and the actor now: a
    finished game takes nothing (KERNEL-TERMINAL, the game's words ``over``); a seat claim
    must name the actor, and a chance kind is chance's to take and no other
    (KERNEL-ACTOR). None: the actor may take it."""
    if actor != TERMINAL and not has_claim and (parsed.kind in chance_kinds) == (actor == CHANCE):
        return None
    if actor == TERMINAL:
        return Rejected("KERNEL-TERMINAL", over)
    me: object = "chance" if actor == CHANCE else actor
    who = "chance" if actor == CHANCE else f"seat {actor}"
    if has_claim and (type(claimed) is not type(me) or claimed != me):
        return Rejected("KERNEL-ACTOR", f"it is {who}'s move, not {show(claimed)}'s")
    if (parsed.kind in chance_kinds) != (actor == CHANCE):
        return Rejected("KERNEL-ACTOR", f"{parsed.text} is not {who}'s to take")
    return None


#: ``race-kernel`` commands of its own that a game's command may not take.
BUILTIN_COMMANDS: Final = ("play", "games", "status", "spec", "replay", "vectors", "diff",
                           "view", "help")


@attrs.frozen
class GameCommand:
    """A ``race-kernel`` subcommand a game contributes (``race-kernel odds ...``).

    ``run`` takes the arguments after the command name and returns the exit
    code (0, 1 or 2, as every ``race-kernel`` command); it must not raise for
    any input. When several registered games offer the same command,
    ``race-kernel NAME --game GAME ...`` chooses one.
    """

    name: str
    summary: str
    run: Callable[[list[str]], int]


@attrs.frozen
class SeatOdds:
    """The exact odds of the rest of a leg as one seat sees them (``GameInfo.seat_odds``).

    Computed over the exact posterior of what the seat cannot see (the
    convention of :func:`kernel.resample`: other seats' choices carry no
    information beyond the cards they show), under the reading of "the rest of
    the leg" that the game's catalogue states under the rule ID ``reading``.
    Every probability and value is an exact ``Fraction``.
    """

    #: The rule ID (in the game's catalogue) of the reading taken.
    reading: str
    #: Each racing camel (its name in the game's vocabulary) with the probability
    #: of each place at the end of the leg, first place first.
    places: tuple[tuple[str, tuple[Fraction, ...]], ...]
    #: The probability that the race ends during the rest of this leg.
    race_ends: Fraction
    #: An action the seat could take (its text in the game's vocabulary) with its
    #: expected value to the seat in the game's score unit, under the same reading.
    values: tuple[tuple[str, Fraction], ...]


class Notation(Protocol):
    """A game's one-line position notation (``GameInfo.notation``; as FEN is for chess).

    It holds the whole table, hidden cards included, and round-trips exactly:
    :func:`kernel.notation` writes it, :func:`kernel.from_notation` reads it back
    (reading only the canonical text: KERNEL-INPUT). A game builds one with the
    shared codec, :class:`kernel.notation_codec.Layout`, in its ``notation.py``.
    """

    def write(self, data: Mapping[str, Any]) -> str:
        """The notation of a state's plain data (``GameInfo.to_data``)."""
        ...

    def read(self, text: object) -> dict[str, PlainData]:
        """The plain data a text spells (``ValueError`` naming the field otherwise);
        the game's ``from_data`` then checks the table."""
        ...


@attrs.frozen
class Drawing:
    """How the viewer page (``race-kernel view``, :mod:`kernel.viewer`) draws a game's table.

    Optional (``GameInfo.drawing``): a game without one gets the page's
    fallback, its narrator's text picture and the table's plain data.

    ``script`` is JavaScript embedded in the page: it defines ``draw(table,
    view)``, returning the SVG markup of a table, and ``describe(table, view)``,
    returning its text alternative. ``table`` is the plain data the page shows
    (the whole table, ``GameInfo.to_data``, in the "all" view; a seat's
    ``GameInfo.observation`` in that seat's view); ``view`` is ``{"seat": N or
    null, "seats": [names], "width": W}``, W the width in CSS pixels the page
    gives the drawing: a drawing fits it (the shared layout helpers of
    :mod:`kernel.viewer.svg`: the track in rows, text wrapped), so that it is
    shown at its own size and no text runs past its edge. The SVG marks each
    place that holds pieces with ``data-space="NAME"`` and each piece in it
    with ``data-piece="NAME"``, in
    the order :attr:`pieces` gives (bottom to top of a stack); a piece the
    view may not see is drawn face down with ``data-piece="hidden"``.
    ``pieces`` is that order, from the same plain data, in Python: the browser
    test compares the page with it at every step. ``legend`` is the
    drawing's legend: (symbol, what it means) pairs of plain text.
    """

    script: str
    pieces: Callable[[Mapping[str, Any]], Mapping[str, Sequence[str]]]
    legend: tuple[tuple[str, str], ...] = ()


@attrs.frozen
class CardMove:
    """One card that a step moves from one place to another (for :mod:`kernel.resample`).

    ``group``: the cards interchangeable with it (a deck's racing cards; one
    seat's own set of cards). ``kind``: its face. ``source``/``target``: the
    places (any names the game chooses: a hand, the deck, one slot of a pile);
    a place is a heap whose cards are interchangeable: a card drawn or chosen
    from it face down could be any of them. ``seen``: the seats that see its
    face as it moves (``None``: every seat; ``()``: none). ``shows``: the kinds
    those seats cannot tell apart from it (a face showing only an animal; the
    default is the kind alone). ``named``: the step's action names this card by
    its kind (a draw naming the card drawn), so that another kind is another action.
    """

    group: str
    kind: str
    source: str
    target: str
    seen: tuple[int, ...] | None = None
    shows: tuple[str, ...] = ()
    named: bool = False


@attrs.frozen
class Gather:
    """Every card of ``group`` goes to ``target`` face down and is shuffled there
    (a new leg's or round's deck): nothing known about where each card was
    tells anything about the order it is drawn in afterwards."""

    group: str
    target: str


@attrs.frozen
class CardFlow:
    """Where a game's cards are and how each step moves them (:mod:`kernel.resample`).

    ``places``: every card of the initial state as (group, place, kind), from
    its plain data. ``moves``: the moves and gathers of one step, in order,
    from (plain data before, the action, its events, plain data after). Every
    card a seat may not see must be covered; cards that never move need not be.
    """

    places: Callable[[Mapping[str, Any]], Sequence[tuple[str, str, str]]]
    moves: Callable[[Mapping[str, Any], Action, Sequence[Event], Mapping[str, Any]],
                    Sequence[CardMove | Gather]]


@attrs.frozen
class GameHooks:
    """What the generic checks must know about a game."""

    #: Zones kept as sorted multisets (their order carries no information).
    multiset_zones: Callable[[Mapping[str, Any]], list[Zone]]
    #: Zones whose contents ``seat`` may not see (their sizes may be public).
    hidden_zones: Callable[[Mapping[str, Any], int], list[Zone]]
    #: Zones only ``seat`` sees (its own hand): changing them changes its observation.
    own_zones: Callable[[Mapping[str, Any], int], list[Zone]]
    #: The plain-data key of a segment of play with a hard step bound (a leg),
    #: and that bound from the initial state's plain data (None: no segments).
    segment_key: str | None
    segment_bound: Callable[[Mapping[str, Any]], int] | None
    #: The plain-data key of the seats' scores on the table ("money", "points").
    score_key: str
    #: Whether some chance outcomes are hidden from some seat (a deal, a draw).
    #: False for a game whose every chance outcome is public (dice in the open):
    #: the generic checks then expect no chance node with outcomes a seat
    #: cannot tell apart.
    hidden_chance: bool = True
    #: The zones hidden from ``seat`` in groups: cards are interchangeable only
    #: within a group (a deck's racing cards; the starting bet cards). None: the
    #: hidden zones are one group. Each group's zones hold cards of one set.
    hidden_groups: Callable[[Mapping[str, Any], int], list[list[Zone]]] | None = None
    #: How the cards move (:func:`kernel.resample` draws hidden histories from it);
    #: None: the game offers no resampling.
    card_flow: CardFlow | None = None


__all__ = [
    "BUILTIN_COMMANDS",
    "CHANCE_MODES",
    "INFORMATION",
    "SCORE_KINDS",
    "ActionKind",
    "ActionSpace",
    "CardFlow",
    "CardMove",
    "ConfigField",
    "ConfigSpec",
    "Drawing",
    "Field",
    "GameCommand",
    "GameHooks",
    "GameSpecError",
    "Gather",
    "Mutation",
    "Narrator",
    "Notation",
    "Plan",
    "Policy",
    "ScoreSpec",
    "SeatOdds",
    "TransitionCheck",
    "Vocabulary",
    "Zone",
    "actor_refusal",
    "screen",
]


def read_checked(read: Callable[[Mapping[str, Any]], Any],
                 full_violations: Callable[[Any], tuple[str, ...]],
                 data: Mapping[str, Any]) -> Any:
    """A game's ``from_data``: the state ``read`` makes of ``data`` (DecodeError when
    unreadable), every invariant checked from scratch (InvalidState when one breaks)."""
    state = read(data)
    broken = full_violations(state)
    if broken:
        raise InvalidState(broken)
    return state


def read_status(read: Callable[[Mapping[str, Any]], Any],
                full_violations: Callable[[Any], tuple[str, ...]], unreadable: str,
                data: Mapping[str, Any]) -> tuple[str, ...]:
    """A game's ``status``: every invariant the state ``read`` makes of ``data`` breaks;
    a document that cannot be read breaks the game's catch-all invariant ``unreadable``
    (so ``status`` is empty exactly when :func:`read_checked` accepts, KERNEL-INPUT)."""
    try:
        return full_violations(read(data))
    except DecodeError:
        return (unreadable,)

"""Toy Race: a tiny race with chance and hidden cards, for the plug-in surface's tests.

Two or three pawns race to a goal (5 spaces; 7 in the ``long`` variant).
First each seat is dealt one card face down (TOYRACE-DEAL) from six cards (two
each of ``c1``, ``c2``, ``c3``). Then seats take turns in seat order
(TOYRACE-TURN): ``roll`` a die that moves the pawn 1 or 2 (TOYRACE-ROLL), or
``play`` the card, face up, to move its value, once (TOYRACE-CARD). The first
pawn on the goal wins; the points are the spaces each pawn advanced (TOYRACE-WIN).
The die is the toy games' family rule TOYFAM-DIE (catalogue ``spec/toys/``,
prefix ``TOYFAM-``, which every toy game lists among its rule prefixes).

Everything the shared layers need comes through :func:`make`'s
:class:`~kernel.registry.GameInfo`; nothing shared names this game. The
module imports only the kernel's value types, plug-in parts and registry (a
plug-in is imported while the kernel's API is still being set up).
:func:`make` can also build a deliberately leaky version, whose deal event
forgets to mark the dealt card secret (for the generic checks' own test).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

import attrs

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
from kernel.decode import DecodeError, read_int, read_keys, read_list, read_str, show
from kernel.plugin import (
    ActionKind,
    ActionSpace,
    ConfigField,
    ConfigSpec,
    Field,
    GameCommand,
    GameHooks,
    Plan,
    ScoreSpec,
    Vocabulary,
    Zone,
)
from kernel.registry import GameInfo

GAME_ID: Final = "toy-race"
VERSION: Final = 1
MIN_PLAYERS, MAX_PLAYERS = 2, 3
GOALS = range(2, 10)
#: The six cards (TOYRACE-SETUP): two of each value.
CARDS: Final = ("c1", "c1", "c2", "c2", "c3", "c3")
PHASES: Final = ("deal", "turn", "roll", "over")
#: A bound on any game's steps: the deals, then at most (goal - 1) moves per
#: seat and the winning one, each at most two steps.
MAX_STEPS: Final = MAX_PLAYERS + 2 * (MAX_PLAYERS * (max(GOALS) - 1) + 1)
INVARIANTS: Final = ("TOYRACE-INV-CARDS", "TOYRACE-INV-PAWNS", "TOYRACE-INV-PHASE")
NAMES: Final = ("Ann", "Bob", "Cy")


@attrs.frozen
class ToyState:
    """A table of Toy Race (checked by :func:`violations` when read or built by the rules)."""

    players: int
    goal: int
    phase: str
    turn: int  #: the seat to move (to be dealt to, in the deal)
    points: tuple[int, ...]  #: spaces each pawn advanced
    hands: tuple[tuple[str, ...], ...]  #: each seat's card (none or one)
    deck: tuple[str, ...]  #: the undealt cards, sorted
    played: tuple[str, ...]  #: the cards played face up, in order


class LeakyToyState(ToyState):
    """The leaky version's state (a game's states are of its own type)."""


# --------------------------------------------------------------------------
# the vocabulary


KINDS: Final = (
    ActionKind("deal", (Field("to", int), Field("card", str)), "chance",
               "the card dealt face down to a seat (TOYRACE-DEAL)"),
    ActionKind("die", (Field("pips", int),), "chance", "the die cast (TOYRACE-ROLL)"),
    ActionKind("roll", doc="cast the die (TOYRACE-ROLL)"),
    ActionKind("play", doc="play the card face up (TOYRACE-CARD)"),
)


def _actions(game: str) -> list[Action]:
    deals = [Action(game, "deal", seat, card) for seat in range(MAX_PLAYERS)
             for card in sorted(set(CARDS))]
    return [*deals, Action(game, "die", 1), Action(game, "die", 2),
            Action(game, "roll"), Action(game, "play")]


def violations(s: ToyState) -> tuple[str, ...]:
    """Every invariant ``s`` breaks (TOYRACE-INV-*)."""
    broken: list[str] = []
    players_ok = MIN_PLAYERS <= s.players <= MAX_PLAYERS
    if (not players_ok or s.goal not in GOALS or s.phase not in PHASES
            or not 0 <= s.turn < max(s.players, 1)
            or len(s.points) != s.players or len(s.hands) != s.players):
        broken.append("TOYRACE-INV-PHASE")
    cards = sorted([*s.deck, *(c for h in s.hands for c in h), *s.played])
    if (cards != sorted(CARDS) or any(len(h) > 1 for h in s.hands)
            or list(s.deck) != sorted(s.deck)):
        broken.append("TOYRACE-INV-CARDS")
    at_goal = [p for p in s.points if p == s.goal]
    if (any(not 0 <= p <= s.goal for p in s.points) or len(at_goal) > 1
            or (s.phase == "over") != (len(at_goal) == 1)):
        broken.append("TOYRACE-INV-PAWNS")
    return tuple(broken)


class _Game:
    """The game's pure functions for one game id (the real one, or the leaky one)."""

    def __init__(self, game: str, state_type: type[ToyState], leak: bool) -> None:
        self.game = game
        self.state_type = state_type
        self.leak = leak
        self.vocabulary = Vocabulary(game, KINDS, _actions(game))

    # -- a command of the game's own (race-kernel rolls) -----------------------

    def rolls(self, argv: list[str]) -> int:
        """``race-kernel rolls``: each outcome of the first deal and its chance; no arguments."""
        if argv:
            print(f"race-kernel rolls: no arguments expected, not {show(argv[0])}",
                  file=sys.stderr)
            return 2
        for action, chance in self.chance_outcomes(self.new_game({"players": 2})):
            print(f"{action.text} {chance}")
        return 0

    # -- configuration ---------------------------------------------------------

    def parse_config(self, config: object) -> dict[str, int]:
        """The configuration, defaults filled in (ConfigError: KERNEL-CONFIG)."""
        if not isinstance(config, Mapping):
            raise ConfigError(f"a configuration is an object, not {show(config)}")
        for key in config:
            if key not in ("players", "goal"):
                raise ConfigError(f"unknown configuration key {show(key)}; known: players, goal")
        players, goal = config.get("players"), config.get("goal", 5)
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ConfigError(f"'players' must be {MIN_PLAYERS} to {MAX_PLAYERS}, "
                              f"not {show(players)}")
        if type(goal) is not int or goal not in GOALS:
            raise ConfigError(f"'goal' must be {GOALS[0]} to {GOALS[-1]}, not {show(goal)}")
        return {"players": players, "goal": goal}

    def new_game(self, config: Mapping[str, Any]) -> ToyState:
        """TOYRACE-SETUP: pawns on the start, the six cards in the deck, dealing to seat 0."""
        c = self.parse_config(config)
        n = c["players"]
        return self.state_type(n, c["goal"], "deal", 0, (0,) * n, ((),) * n,
                               tuple(sorted(CARDS)), ())

    def action_space(self, config: Mapping[str, Any]) -> ActionSpace:
        n = self.parse_config(config)["players"]
        kinds = {k.name: k for k in KINDS}
        chance = tuple(a for a in self.vocabulary.actions if kinds[a.kind].actor == "chance"
                       and (a.kind != "deal" or int(a.values[0]) < n))
        players = tuple(a for a in self.vocabulary.actions if kinds[a.kind].actor == "seat")
        return ActionSpace(players, chance)

    # -- who acts, what is legal ----------------------------------------------------

    def current_actor(self, s: ToyState) -> int:
        if s.phase == "over":
            return TERMINAL
        return CHANCE if s.phase in ("deal", "roll") else s.turn

    def chance_outcomes(self, s: ToyState) -> tuple[tuple[Action, Fraction], ...]:
        if s.phase == "deal":  # TOYRACE-DEAL: each card of the deck equally likely
            return tuple((self.vocabulary.get("deal", s.turn, card),
                          Fraction(s.deck.count(card), len(s.deck)))
                         for card in sorted(set(s.deck)))
        if s.phase == "roll":  # TOYRACE-ROLL, TOYFAM-DIE: 1 or 2, each 1/2
            return tuple((self.vocabulary.get("die", pips), Fraction(1, 2)) for pips in (1, 2))
        return ()

    def legal_actions(self, s: ToyState) -> tuple[Action, ...]:
        if s.phase in ("deal", "roll"):
            return tuple(a for a, _ in self.chance_outcomes(s))
        if s.phase == "turn":  # TOYRACE-TURN: roll, or play the card while holding it
            held = bool(s.hands[s.turn])
            return tuple(sorted(self.vocabulary.get(k) for k in ("roll", "play")
                                if k == "roll" or held))
        return ()

    def seats(self, s: ToyState) -> int:
        return s.players

    # -- apply ------------------------------------------------------------------------

    def apply(self, s: ToyState, action: object) -> Result:
        """Applied or Rejected naming the rule; never raises (KERNEL-INPUT)."""
        claimed: object = None
        has_claim = type(action) is not Action and isinstance(action, Mapping) \
            and "seat" in action
        if has_claim:
            assert isinstance(action, Mapping)
            claimed = action["seat"]
            if type(claimed) is not int and not (type(claimed) is str and claimed == "chance"):
                return Rejected("KERNEL-INPUT", f"'seat' must be a seat number or \"chance\", "
                                               f"not {show(claimed)}")
            action = {k: v for k, v in action.items() if k != "seat"}
        parsed = self.vocabulary.parse(action)
        if isinstance(parsed, Rejected):
            return parsed
        actor = self.current_actor(s)
        if actor == TERMINAL:
            return Rejected("KERNEL-TERMINAL", "the race is over")
        me: object = "chance" if actor == CHANCE else actor
        if has_claim and (type(claimed) is not type(me) or claimed != me):
            return Rejected("KERNEL-ACTOR", f"it is {me}'s move, not {show(claimed)}'s")
        by_chance = next(k for k in KINDS if k.name == parsed.kind).actor == "chance"
        if by_chance != (actor == CHANCE):
            return Rejected("KERNEL-ACTOR", f"{parsed.text} is not {me}'s to take")
        if parsed not in self.legal_actions(s):
            return self._why_not(s, parsed)
        return self._step(s, parsed)

    def _why_not(self, s: ToyState, a: Action) -> Rejected:
        if a.kind == "deal":
            return Rejected("TOYRACE-DEAL", f"{a.text}: not the next deal from this deck")
        if a.kind == "die":
            return Rejected("TOYRACE-ROLL", "no die is being cast")
        return Rejected("TOYRACE-CARD", "no card left to play")

    def _step(self, s: ToyState, a: Action) -> Applied:
        seat = s.turn
        if a.kind == "deal":  # TOYRACE-DEAL
            card = str(a.values[1])
            deck = list(s.deck)
            deck.remove(card)
            hands = list(s.hands)
            hands[seat] = (card,)
            secret: tuple[str, ...] = () if self.leak else ("card",)
            dealt = Event("card-dealt", ("TOYRACE-DEAL",), {"seat": seat, "card": card},
                          secret=secret, owners=(seat,))
            last = seat == s.players - 1
            nxt = attrs.evolve(s, deck=tuple(deck), hands=tuple(hands),
                               phase="turn" if last else "deal", turn=0 if last else seat + 1)
            return Applied(nxt, (dealt,))
        if a.kind == "roll":  # TOYRACE-ROLL
            return Applied(attrs.evolve(s, phase="roll"),
                           (Event("die-cast", ("TOYRACE-ROLL",), {"seat": seat}),))
        if a.kind == "die":  # TOYFAM-DIE: the family's die, shared by the toy games
            return self._move(s, int(a.values[0]), ("TOYRACE-ROLL", "TOYFAM-DIE"), ())
        card = s.hands[seat][0]  # TOYRACE-CARD
        hands = list(s.hands)
        hands[seat] = ()
        played = attrs.evolve(s, hands=tuple(hands), played=(*s.played, card))
        return self._move(played, int(card[1:]), ("TOYRACE-CARD",),
                          (Event("card-played", ("TOYRACE-CARD",), {"seat": seat, "card": card}),))

    def _move(self, s: ToyState, spaces: int, rules: tuple[str, ...],
              before: tuple[Event, ...]) -> Applied:
        seat = s.turn
        start = s.points[seat]
        end = min(s.goal, start + spaces)  # TOYRACE-WIN: a pawn stops on the goal
        points = list(s.points)
        points[seat] = end
        events = [*before, Event("pawn-moved", rules, {"seat": seat, "from": start, "to": end})]
        if end == s.goal:
            events.append(Event("race-won", ("TOYRACE-WIN",), {"seat": seat, "points": points}))
            return Applied(attrs.evolve(s, points=tuple(points), phase="over"), tuple(events))
        nxt = (seat + 1) % s.players  # TOYRACE-TURN
        events.append(Event("turn-passed", ("TOYRACE-TURN",), {"seat": nxt}))
        return Applied(attrs.evolve(s, points=tuple(points), phase="turn", turn=nxt),
                       tuple(events))

    # -- the end, plain data, what a seat sees ----------------------------------------

    def outcome(self, s: ToyState) -> Outcome | None:
        if s.phase != "over":
            return None
        winners = tuple(i for i, p in enumerate(s.points) if p == s.goal)
        return Outcome(s.points, winners, ("TOYRACE-WIN",), score_key="points")

    def to_data(self, s: ToyState) -> dict[str, PlainData]:
        return {"game": self.game, "version": VERSION, "players": s.players, "goal": s.goal,
                "phase": s.phase, "turn": s.turn, "points": list(s.points),
                "hands": [list(h) for h in s.hands], "deck": list(s.deck),
                "played": list(s.played)}

    def observation(self, s: ToyState, seat: int) -> dict[str, PlainData]:
        """The table without the deck and the other seats' cards (only their counts)."""
        return {"game": self.game, "seat": seat, "players": s.players, "goal": s.goal,
                "phase": s.phase, "turn": s.turn, "points": list(s.points),
                "hand": list(s.hands[seat]), "held": [len(h) for h in s.hands],
                "deck": len(s.deck), "played": list(s.played)}

    def _read(self, data: Mapping[str, Any]) -> ToyState:
        """The table of exactly :meth:`to_data`'s form, unchecked (DecodeError otherwise)."""
        keys = ("game", "version", "players", "goal", "phase", "turn", "points", "hands", "deck",
                "played")
        d = read_keys(data, "state", keys)
        read_str(d["game"], "game", (self.game,))
        read_int(d["version"], "version", VERSION, VERSION)
        players = read_int(d["players"], "players", 0, 10)
        hands = tuple(tuple(read_str(c, f"hands[{i}][{j}]")
                            for j, c in enumerate(read_list(h, f"hands[{i}]")))
                      for i, h in enumerate(read_list(d["hands"], "hands")))
        deck = tuple(read_str(c, f"deck[{i}]") for i, c in enumerate(read_list(d["deck"], "deck")))
        if list(deck) != sorted(deck):
            raise DecodeError("deck: a multiset is listed sorted")
        return self.state_type(
            players, read_int(d["goal"], "goal", -100, 100), read_str(d["phase"], "phase"),
            read_int(d["turn"], "turn", -100, 100),
            tuple(read_int(p, f"points[{i}]", -100, 100)
                  for i, p in enumerate(read_list(d["points"], "points"))),
            hands, deck,
            tuple(read_str(c, f"played[{i}]")
                  for i, c in enumerate(read_list(d["played"], "played"))))

    def from_data(self, data: Mapping[str, Any]) -> ToyState:
        """The state of its plain data: DecodeError when unreadable, InvalidState when broken."""
        s = self._read(data)
        broken = violations(s)
        if broken:
            raise InvalidState(broken)
        return s

    def status(self, data: Mapping[str, Any]) -> tuple[str, ...]:
        """Every invariant a candidate breaks; an unreadable one breaks TOYRACE-INV-PHASE."""
        try:
            return violations(self._read(data))
        except DecodeError:
            return ("TOYRACE-INV-PHASE",)


# --------------------------------------------------------------------------
# the plug-in parts


class Narrator:
    """The told game: one line of pawns, and the cards played."""

    def legend(self) -> Sequence[str]:
        return ["pawns: Ann/Bob/Cy at spaces advanced, out of the goal; cards played face up"]

    def draw(self, table: Mapping[str, PlainData]) -> Sequence[str]:
        goal = table.get("goal")
        pawns = "  ".join(f"{NAMES[i]} {p}/{goal}" for i, p in enumerate(table.get("points", [])))
        return [f"pawns: {pawns}", f"played: {' '.join(table.get('played', [])) or '-'}"]

    def seat_name(self, seat: int) -> str:
        return NAMES[seat] if 0 <= seat < len(NAMES) else f"seat {seat}"

    def after(self, table: Mapping[str, PlainData], event: Event) -> Mapping[str, PlainData]:
        if event.kind == "pawn-moved":
            points = list(table.get("points", []))
            points[int(event.data["seat"])] = event.data["to"]
            return {**table, "points": points}
        if event.kind == "card-played":
            return {**table, "played": [*table.get("played", []), event.data["card"]]}
        return table

    def explain(self, table: Mapping[str, PlainData], event: Event) -> Sequence[str]:
        if event.kind == "race-won":
            return [f"{self.seat_name(int(event.data['seat']))} reached the goal first"]
        return []

    def quiet(self, event: Event) -> bool:
        return event.kind == "card-dealt"

    def standings(self, outcome: Outcome) -> Sequence[str]:
        order = sorted(range(len(outcome.scores)), key=lambda i: -outcome.scores[i])
        return [f"{self.seat_name(i)}: {outcome.scores[i]} points"
                + (" (winner)" if i in outcome.winners else "") for i in order]


def _multisets(data: Mapping[str, Any]) -> list[Zone]:
    return [("deck",), *(("hands", i) for i in range(int(data["players"])))]


def _hidden(data: Mapping[str, Any], seat: int) -> list[Zone]:
    # TOYRACE-DEAL: the deck and the other seats' cards are face down
    return [("deck",), *(("hands", i) for i in range(int(data["players"])) if i != seat)]


def _own(data: Mapping[str, Any], seat: int) -> list[Zone]:
    return [("hands", seat)]


HOOKS: Final = GameHooks(multiset_zones=_multisets, hidden_zones=_hidden, own_zones=_own,
                         segment_key=None, segment_bound=None, score_key="points")


def _forward(before: Mapping[str, Any], after: Mapping[str, Any],
             events: Sequence[Mapping[str, Any]]) -> bool | None:
    """TOYRACE-INV-FORWARD: no pawn moves back (None for a step that moves none)."""
    if not any(e.get("event") == "pawn-moved" for e in events):
        return None
    return all(b <= a for b, a in zip(before["points"], after["points"], strict=True))


def _plan(game: str) -> Plan:
    from kernel.api import game_info, uniform_policy

    def unchanged(d: dict[str, Any]) -> dict[str, Any]:
        return d

    def card_lost(d: dict[str, Any]) -> dict[str, Any]:
        if not d["deck"]:
            raise LookupError("no card in the deck")
        d["deck"].pop()
        return d

    def two_cards(d: dict[str, Any]) -> dict[str, Any]:
        held = next((h for h in d["hands"] if h), None)
        if held is None or not d["deck"]:
            raise LookupError("no card held")
        held.append(d["deck"].pop())
        return d

    def past_goal(d: dict[str, Any]) -> dict[str, Any]:
        d["points"][0] = d["goal"] + 1
        return d

    def bad_phase(d: dict[str, Any]) -> dict[str, Any]:
        d["phase"] = "nap"
        return d

    def bad_turn(d: dict[str, Any]) -> dict[str, Any]:
        d["turn"] = d["players"]
        return d

    return Plan(
        configs=tuple(game_info(game).configs()),
        rejection_config={"players": 3},
        rejection_seed=1,
        rejection_policy=uniform_policy,
        mutations=(
            ("valid-deal", "deal", unchanged),
            ("valid-turn", "turn", unchanged),
            ("valid-over", "over", unchanged),
            ("card-lost", "turn", card_lost),
            ("two-cards-in-a-hand", "turn", two_cards),
            ("pawn-past-the-goal", "turn", past_goal),
            ("unknown-phase", "turn", bad_phase),
            ("turn-out-of-range", "turn", bad_turn),
        ),
        transitions={"TOYRACE-INV-FORWARD": _forward},
    )


def make(game: str = GAME_ID, *, leak: bool = False) -> GameInfo:
    """The GameInfo of Toy Race under ``game`` (``leak``: the deal event is not secret)."""
    g = _Game(game, LeakyToyState if leak else ToyState, leak)
    return GameInfo(
        id=game,
        name="Toy Race (a test-only game of the plug-in surface)" + (", leaky" if leak else ""),
        version=VERSION,
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        chance_mode="explicit-stochastic",
        information="imperfect",
        score=ScoreSpec(kind="points", unit="spaces", minimum=0, maximum=max(GOALS),
                        winners="the first pawn on the goal wins (TOYRACE-WIN)"),
        max_game_length=MAX_STEPS,
        truncation="",
        config=ConfigSpec(
            fields=(ConfigField("players", "int", 2, "the number of seats, 2 or 3"),
                    ConfigField("goal", "int", 5, "the spaces to the goal, 2 to 9")),
            variants={"standard": {}, "long": {"goal": 7}},
        ),
        rule_prefixes=("TOYRACE-", "TOYFAM-"),
        vocabulary=g.vocabulary,
        state_type=g.state_type,
        invariants=INVARIANTS,
        new_game=g.new_game,
        parse_config=g.parse_config,
        current_actor=g.current_actor,
        legal_actions=g.legal_actions,
        chance_outcomes=g.chance_outcomes,
        apply=g.apply,
        observation=g.observation,
        outcome=g.outcome,
        to_data=g.to_data,
        from_data=g.from_data,
        status=g.status,
        violations=violations,
        seats=g.seats,
        action_space=g.action_space,
        narrator=Narrator(),
        plan=lambda: _plan(game),
        hooks=HOOKS,
        commands={"rolls": GameCommand("rolls", "the chances of the first deal", g.rolls)},
    )


def random_game(info: GameInfo, config: Mapping[str, Any], seed: int) -> list[Any]:
    """The states of a game played at random (chance by its probabilities)."""
    rng = random.Random(seed)
    state = info.new_game(config)
    states = [state]
    while info.current_actor(state) != TERMINAL:
        if info.current_actor(state) == CHANCE:
            outcomes = info.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            legal = info.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        result = info.apply(state, action)
        assert isinstance(result, Applied)
        state = result.state
        states.append(state)
    return states

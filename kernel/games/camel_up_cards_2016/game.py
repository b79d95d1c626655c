"""Camel Up Cards (Steffen Bogen, eggertspiele 2016): pure transitions.

Rules used (every reading is catalogued in ``spec/camel-up-cards-2016/rules.md``
with the rulebook words of translations 000 and 004):

- CUC-MOVE-START: camels on the Start card never stack, at any time (004's
  reading; 000 limits it to setup).
- CUC-LEG-DEAL, CUC-LEG-INTEL: the shuffle is modelled as uniform chance
  draws, one card at a time: dealing round-robin from seat 0, and each
  racing-deck reveal a draw from the unordered deck.
- CUC-LEG-HIDDEN: the simultaneous face-down choices are made seat by seat,
  one card per action: all discards, then all deck cards, then intel.
- CUC-MOVE-PALM/FENNEC: the figures act on every move, hand cards included;
  CUC-MOVE-CHAIN: adjacent figures chain, the last one decides top or under.
- CUC-TURN-SHAPE: after the race-track action the seat bets or plays ``end``.
- CUC-EXTEND: "3 spaces between" counts the spaces ahead of the leader's.
- CUC-PAY-FINAL: the money floor applies after the leg part and again after
  the final part of the final payout.

Parameters: ``players`` (2..6), ``age_order`` (the seats from youngest to
oldest; default seat 0 youngest), for CUC-TURN-START ties.

Action modelling (canonical text): chance ``draw:<card>``; leg setup
``discard:<card>``, ``deck:<card>``, ``intel:<card>``; race-track actions
``reveal``, ``hand``, ``palm:<space>``, ``fennec:<space>``; betting actions
``leg:<camel>``, ``mid:<camel>``, ``win:<camel>``, ``lose:<camel>``; and
``end`` (end the turn without betting). Cards are ``<colour>+<1|2>``.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final, cast

from kernel.core import (
    CHANCE,
    TERMINAL,
    Action,
    Applied,
    ConfigError,
    Event,
    Outcome,
    PlainData,
    Rejected,
    Result,
)
from kernel.decode import (
    MAX_INT,
    DecodeError,
    fail,
    read_bool,
    read_int,
    read_keys,
    read_list,
    read_str,
    show,
)
from kernel.plugin import ActionKind, ActionSpace, Field, Vocabulary
from kernel.rules import camel
from kernel.rules.camel import FACE, HALF, SAND

from .data import (
    CAMEL_COLOURS,
    CARD_CAMEL,
    CARD_IDS,
    CARD_STEPS,
    COLOUR_INDEX,
    FULL_DECK,
    GAME_ID,
    LEADER_STACK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SETUP_CARDS,
    SETUP_REVEALS,
    START_MONEY,
    TRACK_CARDS,
)
from .state import (
    CHANCE_PHASES,
    DEAL,
    DECK,
    DISCARD,
    DRAW,
    FIELDS,
    INTEL,
    OVER,
    PLAY,
    SETUP,
    CardsState,
)

#: Changes only when the game's behaviour changes (see spec CHANGELOG).
VERSION: Final = 1

MAX_CELL: Final = 2 * TRACK_CARDS  # the most spaces a track can have
BET_KINDS: Final = ("leg", "lose", "mid", "win")
TRACK_KINDS: Final = ("fennec", "hand", "palm", "reveal")
CARD_KINDS: Final = ("deck", "discard", "draw", "intel")
PLAY_KINDS: Final = frozenset((*BET_KINDS, *TRACK_KINDS, "end"))


def _build_actions() -> dict[tuple[str, str | int | None], Action]:
    table: dict[tuple[str, str | int | None], Action] = {}
    for kind in CARD_KINDS:
        for card in CARD_IDS:
            table[(kind, card)] = Action(GAME_ID, kind, card)
    for kind in ("palm", "fennec"):
        for cell in range(1, MAX_CELL + 1):
            table[(kind, cell)] = Action(GAME_ID, kind, cell)
    for kind in BET_KINDS:
        for colour in CAMEL_COLOURS:
            table[(kind, colour)] = Action(GAME_ID, kind, colour)
    for kind in ("reveal", "hand", "end"):
        table[(kind, None)] = Action(GAME_ID, kind)
    return table


_CARD: Final = Field("card", str, "a racing card: <colour>+<1|2>")
_SPACE: Final = Field("space", int, "a space of the track, 1 to 24")
_CAMEL: Final = Field("camel", str, "a camel colour")
#: The action vocabulary (canonical text in the module docstring).
KINDS: Final = (
    ActionKind("draw", (_CARD,), "chance", "a card dealt, revealed or drawn (CUC-LEG-DEAL)"),
    ActionKind("discard", (_CARD,), doc="leg setup: a card discarded face down"),
    ActionKind("deck", (_CARD,), doc="leg setup: a card into the racing deck"),
    ActionKind("intel", (_CARD,), doc="leg setup: the intel card"),
    ActionKind("reveal", doc="race track: reveal the top racing card"),
    ActionKind("hand", doc="race track: play the hand card"),
    ActionKind("palm", (_SPACE,), doc="race track: place the palm tree"),
    ActionKind("fennec", (_SPACE,), doc="race track: place the fennec"),
    ActionKind("leg", (_CAMEL,), doc="bet: the top leader card of a colour"),
    ActionKind("mid", (_CAMEL,), doc="bet: a midfield card"),
    ActionKind("win", (_CAMEL,), doc="bet: a final winner card"),
    ActionKind("lose", (_CAMEL,), doc="bet: a final loser card"),
    ActionKind("end", doc="end the turn without betting"),
)

#: Every action the game knows, interned (the action universe).
ACTIONS: Final = _build_actions()
VOCABULARY: Final = Vocabulary(GAME_ID, KINDS, tuple(ACTIONS.values()))
_PALM: Final = [ACTIONS.get(("palm", c)) for c in range(MAX_CELL + 1)]
_FENNEC: Final = [ACTIONS.get(("fennec", c)) for c in range(MAX_CELL + 1)]
_DRAW: Final = {c: ACTIONS[("draw", c)] for c in CARD_IDS}
ALL_ACTIONS: Final = VOCABULARY.actions
#: The fixed action space (ids are indices; the same for every configuration).
ACTION_SPACE: Final = ActionSpace(
    players=tuple(a for a in ALL_ACTIONS if a.kind != "draw"),
    chance=tuple(a for a in ALL_ACTIONS if a.kind == "draw"),
)


def action_space(config: Mapping[str, Any]) -> ActionSpace:
    """The numbered actions (KERNEL-CONFIG checked): the same for every configuration."""
    parse_config(config)
    return ACTION_SPACE


def seats(s: CardsState) -> int:
    return s.players


# --------------------------------------------------------------------------
# configuration and the initial state


def parse_config(config: object) -> tuple[int, tuple[int, ...]]:
    """Check a configuration (KERNEL-CONFIG); return players and age order."""
    if not isinstance(config, Mapping):
        raise ConfigError("configuration must be a mapping such as {\"players\": 4}")
    for key in config:
        if key not in ("players", "age_order"):
            raise ConfigError(f"unknown configuration key {show(key)}; known: players, age_order")
    players = config.get("players")
    if type(players) is not int:
        raise ConfigError(f"'players' must be an integer, not {show(players)}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ConfigError(f"'players' must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {show(players)}")
    ages = config.get("age_order", list(range(players)))
    if (
        not isinstance(ages, list | tuple)
        or len(ages) != players
        or any(type(a) is not int for a in ages)
        or sorted(ages) != list(range(players))
    ):
        raise ConfigError(
            f"'age_order' must list the seats 0..{players - 1} once each, youngest first"
        )
    return players, tuple(ages)


def new_game(config: Mapping[str, Any]) -> CardsState:
    """The table after the initial setup, before the 5 starting reveals.

    CUC-SETUP-TRACK, CUC-SETUP-FINAL, CUC-SETUP-MONEY, CUC-SETUP-START.
    """
    players, ages = parse_config(config)
    flag = SETUP_CARDS[players].flag  # CUC-DATA-SETUPCARD
    track = (FACE,) * (flag // 2) + ((HALF,) if flag % 2 else ())  # CUC-SETUP-TRACK
    empty: tuple[tuple[Any, ...], ...] = ((),) * players
    return CardsState(
        players=players,
        age_order=ages,
        phase=SETUP,
        leg=0,
        track=track,
        pos=(0,) * 5,  # CUC-SETUP-START: all on the Start card, unstacked
        height=(0,) * 5,
        palm=0,
        palm_holder=-1,
        fennec=0,
        fennec_holder=-1,
        stock=FULL_DECK,  # CUC-SETUP-REVEAL: all 30 shuffled
        hands=empty,
        discard=(),
        deck=(),
        intel=empty,
        revealed=(),
        shown=(),
        leaders=(LEADER_STACK,) * 5,
        midfield=(True,) * 5,
        bets=empty,
        winner_bets=(-1,) * players,  # CUC-SETUP-FINAL: all final cards available
        loser_bets=(-1,) * players,
        money=(START_MONEY,) * players,  # CUC-SETUP-MONEY
        payouts=empty,
        starter=0,
        turn=0,
        bet_done=False,
        track_done=False,
        extended=0,
    )


# --------------------------------------------------------------------------
# queries


def current_actor(s: CardsState) -> int:
    """A seat, CHANCE or TERMINAL."""
    if s.phase == OVER:
        return TERMINAL
    if s.phase in CHANCE_PHASES:
        return CHANCE
    return s.turn


def _distinct_sorted(cards: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for c in cards:  # the zones are kept sorted
        if not out or out[-1] != c:
            out.append(c)
    return out


def _chance_pool(s: CardsState) -> tuple[str, ...]:
    return s.deck if s.phase == DRAW else s.stock


def chance_outcomes(s: CardsState) -> tuple[tuple[Action, Fraction], ...]:
    """The cards a chance node can draw, each with its exact probability."""
    if s.phase not in CHANCE_PHASES:
        return ()
    return _draws(_chance_pool(s))


# lru_cache by a call, not a decorator: mutmut skips decorated functions.


def _fraction_uncached(n: int, d: int) -> Fraction:
    return Fraction(n, d)


_fraction: Final = lru_cache(maxsize=1024)(_fraction_uncached)  # memoized: pure


def _draws_uncached(pool: tuple[str, ...]) -> tuple[tuple[Action, Fraction], ...]:
    """Uniform draws from a sorted multiset of cards (memoized: pure)."""
    total = len(pool)
    return tuple(
        (ACTIONS[("draw", c)], _fraction(pool.count(c), total)) for c in _distinct_sorted(pool)
    )


_draws: Final = lru_cache(maxsize=4096)(_draws_uncached)  # memoized: pure


def _bet_actions(s: CardsState) -> list[Action]:
    """Betting actions open to the seat on turn, in sorted order."""
    out: list[Action] = []
    for i, colour in enumerate(CAMEL_COLOURS):  # CUC-BET-LEG
        if s.leaders[i]:
            out.append(ACTIONS[("leg", colour)])
    held_l = set(s.loser_bets)
    for i, colour in enumerate(CAMEL_COLOURS):  # CUC-BET-FINAL
        if i not in held_l:
            out.append(ACTIONS[("lose", colour)])
    for i, colour in enumerate(CAMEL_COLOURS):  # CUC-BET-LEG
        if s.midfield[i]:
            out.append(ACTIONS[("mid", colour)])
    held_w = set(s.winner_bets)
    for i, colour in enumerate(CAMEL_COLOURS):  # CUC-BET-FINAL
        if i not in held_w:
            out.append(ACTIONS[("win", colour)])
    return out


def _figure_cells(s: CardsState) -> list[int]:
    """CUC-ACT-FIGURE: empty spaces, not the Finish, not behind the last camel."""
    last = min(s.pos)
    occupied = set(s.pos)
    occupied.add(s.palm)
    occupied.add(s.fennec)
    length = camel.track_length(s.track)
    return [c for c in range(max(last, 0) + 1, length + 1) if c not in occupied]


def legal_actions(s: CardsState) -> tuple[Action, ...]:
    """The actor's actions, sorted (chance nodes: the possible draws)."""
    ph = s.phase
    if ph == OVER:
        return ()
    if ph in CHANCE_PHASES:
        return tuple(_DRAW[c] for c in _distinct_sorted(_chance_pool(s)))
    if ph in (DISCARD, DECK, INTEL):
        kind = {DISCARD: "discard", DECK: "deck", INTEL: "intel"}[ph]
        return tuple(ACTIONS[(kind, c)] for c in _distinct_sorted(s.hands[s.turn]))
    # PLAY: CUC-TURN-SHAPE
    bets = [] if s.bet_done else _bet_actions(s)
    if s.track_done:
        return (ACTIONS[("end", None)], *bets)
    cells = _figure_cells(s) if (s.palm == 0 or s.fennec == 0) else []
    out: list[Action] = []
    if s.fennec == 0:
        out += [_FENNEC[c] for c in cells]  # type: ignore[misc]
    if s.hands[s.turn]:
        out.append(ACTIONS[("hand", None)])
    out += [b for b in bets if b.kind in ("leg", "lose", "mid")]
    if s.palm == 0:
        out += [_PALM[c] for c in cells]  # type: ignore[misc]
    out.append(ACTIONS[("reveal", None)])
    out += [b for b in bets if b.kind == "win"]
    return tuple(out)


def outcome(s: CardsState) -> Outcome | None:
    """Money per seat and the winners, ties sharing (CUC-WINNER); None if not over."""
    if s.phase != OVER:
        return None
    best = max(s.money)
    return Outcome(
        s.money, tuple(i for i, m in enumerate(s.money) if m == best), ("CUC-WINNER",)
    )


# --------------------------------------------------------------------------
# parsing actions (KERNEL-INPUT, KERNEL-GAME)


def parse_action(action: object) -> Action | Rejected:
    """This game's Action for an Action, its canonical text or its plain data.

    KERNEL-INPUT: the vocabulary's one strict parser (:class:`kernel.plugin.Vocabulary`).

    >>> parse_action(" reveal")
    Rejected(rule='KERNEL-INPUT', reason="unknown action text ' reveal'")
    >>> parse_action({"kind": "palm", "space": True}).rule
    'KERNEL-INPUT'
    """
    return VOCABULARY.parse(action)


def why_not(s: CardsState, a: Action) -> Rejected | None:
    """The rule that forbids ``a`` now, or None when it is legal (KERNEL-LEGAL).

    A well-formed action that is not legal is rejected naming the most
    specific rule that forbids it, else KERNEL-LEGAL.
    """
    ph = s.phase
    if ph == OVER:
        return Rejected("KERNEL-TERMINAL", "the race is over")
    if ph in CHANCE_PHASES:
        if a.kind != "draw":
            return Rejected("KERNEL-ACTOR", f"a chance node: only draw outcomes, not {a.text!r}")
        if a.arg not in _chance_pool(s):
            return Rejected("KERNEL-LEGAL", f"no {a.arg} card is left to draw")
        return None
    if a.kind == "draw":
        return Rejected("KERNEL-ACTOR", f"seat {s.turn} is to act, not chance")
    if ph in (DISCARD, DECK, INTEL):
        kind = {DISCARD: "discard", DECK: "deck", INTEL: "intel"}[ph]
        rule = {DISCARD: "CUC-LEG-DISCARD", DECK: "CUC-LEG-DECK", INTEL: "CUC-LEG-INTEL"}[ph]
        if a.kind != kind:
            return Rejected(rule, f"leg setup: seat {s.turn} must choose a {kind} card now")
        if a.arg not in s.hands[s.turn]:
            return Rejected(rule, f"seat {s.turn} holds no {a.arg} card")
        return None
    # PLAY: a turn is race-track actions, betting actions and `end` (CUC-TURN-SHAPE)
    if a.kind not in PLAY_KINDS:
        return Rejected("CUC-TURN-SHAPE", f"{a.kind!r} is a leg-setup choice, not part of a turn")
    if a.kind in BET_KINDS:
        if s.bet_done:
            return Rejected("CUC-TURN-SHAPE", "at most one betting action per turn")
        colour = COLOUR_INDEX[str(a.arg)]
        if a.kind == "leg" and not s.leaders[colour]:
            return Rejected("CUC-BET-LEG", f"no {a.arg} leader card left")
        if a.kind == "mid" and not s.midfield[colour]:
            return Rejected("CUC-BET-LEG", f"the {a.arg} midfield card is taken")
        if a.kind == "win" and colour in s.winner_bets:
            return Rejected("CUC-BET-FINAL", f"the {a.arg} final winner card is taken")
        if a.kind == "lose" and colour in s.loser_bets:
            return Rejected("CUC-BET-FINAL", f"the {a.arg} final loser card is taken")
        return None
    if a.kind == "end":
        if not s.track_done:
            return Rejected("CUC-TURN-SHAPE", "a turn needs exactly one race-track action")
        return None
    if s.track_done:
        return Rejected("CUC-TURN-SHAPE", "only one race-track action per turn")
    if a.kind == "hand":
        if not s.hands[s.turn]:
            return Rejected("CUC-ACT-HAND", f"seat {s.turn} has no hand card")
        return None
    if a.kind in ("palm", "fennec"):
        if (s.palm if a.kind == "palm" else s.fennec) != 0:
            return Rejected("CUC-ACT-FIGURE", f"the {a.kind} is already on the track")
        if a.arg not in _figure_cells(s):
            return Rejected(
                "CUC-ACT-FIGURE",
                f"space {a.arg} is not an empty space ahead of the last camel before the Finish",
            )
        return None
    # what is left of PLAY_KINDS is "reveal": the deck is never empty during
    # a leg (CUC-LEG-END), so a reveal is always legal.
    return None


# --------------------------------------------------------------------------
# transitions


def apply(s: CardsState, action: object) -> Result:
    """Apply ``action``: the next state and events, or a rejection. Never raises."""
    if not isinstance(s, CardsState):
        return Rejected("KERNEL-INPUT", f"not a {GAME_ID} state: {type(s).__name__}")
    if isinstance(action, Mapping) and "seat" in action:  # KERNEL-ACTOR: who claims to act
        claimed = action["seat"]
        actor = current_actor(s)
        if claimed == "chance":
            claimed = CHANCE
        if type(claimed) is not int:
            return Rejected("KERNEL-INPUT", f"'seat' must be a seat number or \"chance\", "
                                            f"not {show(claimed)}")
        if actor == TERMINAL:
            return Rejected("KERNEL-TERMINAL", "the race is over")
        if claimed != actor:
            who = "chance" if actor == CHANCE else f"seat {actor}"
            return Rejected("KERNEL-ACTOR", f"it is {who}'s move, not {show(action['seat'])}'s")
        action = {k: v for k, v in action.items() if k != "seat"}
    a = parse_action(action)
    if isinstance(a, Rejected):
        return a
    refusal = why_not(s, a)
    if refusal is not None:
        return refusal
    events: list[Event] = []
    nxt = _step(s, a, events)
    return Applied(nxt, tuple(events))


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _with(cards: tuple[str, ...], *new: str) -> tuple[str, ...]:
    return tuple(sorted(cards + new))


def _set(seq: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*seq[:i], value, *seq[i + 1:])


_GET_FIELDS: Final = operator.attrgetter(*FIELDS)

#: The transitions edit a plain dict of fields ("the table in hand") and the
#: next state is built, and so checked, exactly once per apply.
Table = dict[str, Any]


def _step(s: CardsState, a: Action, ev: list[Event]) -> CardsState:
    t: Table = dict(zip(FIELDS, _GET_FIELDS(s)))  # noqa: B905 (same length by construction)
    kind = a.kind
    ph = s.phase
    if kind == "draw":
        card = str(a.arg)
        if ph == SETUP:
            _setup_reveal(t, card, ev)
        elif ph == DEAL:
            _deal(t, card, ev)
        else:
            _draw(t, card, ev)
    elif kind in ("discard", "deck", "intel"):
        _choose(t, kind, str(a.arg), ev)
    elif kind in BET_KINDS:
        _bet(t, kind, COLOUR_INDEX[str(a.arg)], ev)
    elif kind == "end":
        ev.append(Event("turn-ended", ("CUC-TURN-SHAPE", "CUC-TURN-ORDER"), {"seat": s.turn}))
        _next_turn(t)
    elif kind in ("palm", "fennec"):  # CUC-ACT-FIGURE: the placer takes the card
        cell = cast(int, a.arg)  # a palm or fennec action always names its space
        t[kind] = cell
        t[f"{kind}_holder"] = s.turn
        t["track_done"] = True
        ev.append(Event("figure-placed", ("CUC-ACT-FIGURE",),
                        {"seat": s.turn, "figure": kind, "space": cell}))
        _after_track_action(t)
    elif kind == "hand":  # CUC-ACT-HAND: 1 space, even for a +2
        card = s.hands[s.turn][0]
        ev.append(Event("hand-played", ("CUC-ACT-HAND",), {"seat": s.turn, "card": card}))
        t["hands"] = _set(s.hands, s.turn, ())
        t["discard"] = _with(s.discard, card)
        t["track_done"] = True
        if not _move(t, CARD_CAMEL[card], 1, ev):
            _after_track_action(t)
    else:  # reveal (CUC-ACT-REVEAL): the drawn card is the chance node's outcome
        ev.append(Event("reveal", ("CUC-ACT-REVEAL",), {"seat": s.turn}))
        t["phase"] = DRAW
    return CardsState(**t)


def _move(t: Table, c: int, steps: int, ev: list[Event]) -> bool:
    """Move camel ``c`` on the table; True when the race is over (then paid out)."""
    pos = t["pos"]
    finish = camel.track_length(t["track"]) + 1
    m = camel.move(pos, t["height"], c, steps, t["palm"], t["fennec"], finish)
    rules = ["CUC-MOVE-STACK", "CUC-MOVE-CARRY"]
    if pos[c] == 0 or m.target == 0:
        rules.append("CUC-MOVE-START")
    if m.used:
        rules += ["CUC-MOVE-PALM" if f == "palm" else "CUC-MOVE-FENNEC" for f in m.used]
        if len(m.used) > 1:
            rules.append("CUC-MOVE-CHAIN")
    if m.target == finish:
        rules.append("CUC-GAME-END")
    ev.append(Event("camel-moved", tuple(rules), {
        "camel": CAMEL_COLOURS[c],
        "from": pos[c],
        "to": m.target,
        "carried": [CAMEL_COLOURS[x] for x in m.unit[1:]],
        "figures": list(m.used),
        "placed": "under" if m.under else "top",
    }))
    if m.passed:
        ev.append(Event("figure-returned", ("CUC-MOVE-PASSED",), {"figures": list(m.passed)}))
    t["pos"] = m.pos
    t["height"] = m.height
    if m.palm != t["palm"]:  # the palm and its card go back beside the track
        t["palm"], t["palm_holder"] = 0, -1
    if m.fennec != t["fennec"]:
        t["fennec"], t["fennec_holder"] = 0, -1
    if m.target == finish:
        _end_game(t, ev)
        return True
    return False


def _setup_reveal(t: Table, card: str, ev: list[Event]) -> None:
    """CUC-SETUP-REVEAL: one of the 5 starting cards; after the 5th, leg 1."""
    ev.append(Event("setup-card", ("CUC-SETUP-REVEAL",), {"card": card}))
    t["stock"] = _without(t["stock"], card)
    t["revealed"] = (*t["revealed"], card)
    _move(t, CARD_CAMEL[card], CARD_STEPS[card], ev)
    if len(t["revealed"]) == SETUP_REVEALS:
        _begin_leg(t, ev)


def _begin_leg(t: Table, ev: list[Event]) -> None:
    """Setup before each leg (CUC-LEG-RESET, CUC-EXTEND, CUC-SANDSTORM)."""
    players = t["players"]
    t["leg"] += 1
    ev.append(Event("leg-reset", ("CUC-LEG-RESET",), {"leg": t["leg"]}))
    track, added = camel.extend(t["track"], max(t["pos"]), TRACK_CARDS)  # CUC-EXTEND
    if added:
        ev.append(Event("track-extended", ("CUC-EXTEND",), {
            "spaces": added, "length": camel.track_length(track)}))
    track, pos, flipped = camel.sandstorm(track, t["pos"])  # CUC-SANDSTORM
    if flipped:
        ev.append(Event("sandstorm", ("CUC-SANDSTORM",), {"cards": [i + 1 for i in flipped]}))
    empty: tuple[tuple[Any, ...], ...] = ((),) * players
    t.update(
        phase=DEAL,
        track=track,
        pos=pos,
        palm=0,
        palm_holder=-1,
        fennec=0,
        fennec_holder=-1,
        stock=FULL_DECK,  # CUC-LEG-RESET: all 30 racing cards shuffled
        hands=empty,
        discard=(),
        deck=(),
        intel=empty,
        revealed=(),
        shown=(),
        leaders=(LEADER_STACK,) * 5,
        midfield=(True,) * 5,
        bets=empty,
        turn=0,
        bet_done=False,
        track_done=False,
        extended=added,
    )


def _deal(t: Table, card: str, ev: list[Event]) -> None:
    """CUC-LEG-DEAL: one card to the next seat, round-robin from seat 0."""
    players = t["players"]
    setup = SETUP_CARDS[players]
    hands = t["hands"]
    dealt = sum(len(h) for h in hands)
    seat = dealt % players
    t["hands"] = _set(hands, seat, _with(hands[seat], card))
    t["stock"] = _without(t["stock"], card)
    ev.append(Event("dealt", ("CUC-LEG-DEAL",), {"seat": seat, "card": card},
                    secret=("card",), owners=(seat,)))  # CUC-LEG-HIDDEN
    if dealt + 1 == players * setup.dealt:
        if t["stock"]:
            ev.append(Event("undealt-discarded", ("CUC-LEG-DEAL",), {"count": len(t["stock"])}))
        t.update(discard=t["stock"], stock=(), phase=DISCARD, turn=0)


def _choose(t: Table, kind: str, card: str, ev: list[Event]) -> None:
    """CUC-LEG-DISCARD, CUC-LEG-DECK, CUC-LEG-INTEL, made seat by seat (CUC-LEG-HIDDEN)."""
    players = t["players"]
    setup = SETUP_CARDS[players]
    seat = t["turn"]
    hand = _without(t["hands"][seat], card)
    t["hands"] = _set(t["hands"], seat, hand)
    rule = {"discard": "CUC-LEG-DISCARD", "deck": "CUC-LEG-DECK", "intel": "CUC-LEG-INTEL"}[kind]
    ev.append(Event(f"chose-{kind}", (rule, "CUC-LEG-HIDDEN"), {"seat": seat, "card": card},
                    secret=("card",), owners=(seat,)))
    if kind == "discard":
        t["discard"] = _with(t["discard"], card)
        keep = setup.dealt - setup.discard
    elif kind == "deck":
        t["deck"] = _with(t["deck"], card)
        keep = setup.dealt - setup.discard - setup.to_deck
    else:
        t["intel"] = _set(t["intel"], seat, (card,))
        keep = 1
    if len(hand) > keep:
        return
    if seat + 1 < players:
        t["turn"] = seat + 1
        return
    t["turn"] = 0
    if kind == "discard":
        t["phase"] = DECK
        return
    if kind == "deck" and setup.intel:
        t["phase"] = INTEL
        return
    if kind == "intel":  # all intel cards shown at once, then into the deck
        shown = tuple(i[0] for i in t["intel"])
        ev.append(Event("intel-shown", ("CUC-LEG-INTEL",), {"cards": list(shown)}))
        t.update(intel=((),) * players, shown=shown, deck=_with(t["deck"], *shown))
    ev.append(Event("deck-ready", ("CUC-LEG-DECK", "CUC-LEG-HAND"), {"cards": len(t["deck"])}))
    _begin_play(t, ev)


def _begin_play(t: Table, ev: list[Event]) -> None:
    """CUC-TURN-START: least money starts; ties go to the youngest tied seat."""
    money = t["money"]
    least = min(money)
    starter = next(seat for seat in t["age_order"] if money[seat] == least)
    ev.append(Event("leg-started", ("CUC-TURN-START",), {"leg": t["leg"], "starter": starter}))
    t.update(phase=PLAY, starter=starter, turn=starter, bet_done=False, track_done=False)


def _bet(t: Table, kind: str, colour: int, ev: list[Event]) -> None:
    seat = t["turn"]
    name = CAMEL_COLOURS[colour]
    if kind == "leg":  # CUC-BET-LEG: the top card of the colour's stack
        value = t["leaders"][colour][-1]
        t["leaders"] = _set(t["leaders"], colour, t["leaders"][colour][:-1])
        t["bets"] = _set(t["bets"], seat, (*t["bets"][seat], (colour, value)))
        ev.append(Event("bet", ("CUC-BET-LEG",), {"seat": seat, "card": f"{name}:{value}"}))
    elif kind == "mid":  # CUC-BET-LEG: the midfield card
        t["midfield"] = _set(t["midfield"], colour, False)
        t["bets"] = _set(t["bets"], seat, (*t["bets"][seat], (colour, 0)))
        ev.append(Event("bet", ("CUC-BET-LEG",), {"seat": seat, "card": f"{name}:mid"}))
    else:  # CUC-BET-FINAL: one of each kind; taking another returns the old one
        field = "winner_bets" if kind == "win" else "loser_bets"
        old = t[field][seat]
        t[field] = _set(t[field], seat, colour)
        ev.append(Event("bet", ("CUC-BET-FINAL",), {
            "seat": seat,
            "card": f"{name}:{'winner' if kind == 'win' else 'loser'}",
            "returned": CAMEL_COLOURS[old] if old >= 0 else None,
        }))
    t["bet_done"] = True
    if t["track_done"]:
        _next_turn(t)


def _next_turn(t: Table) -> None:
    """CUC-TURN-ORDER: clockwise, that is the next seat number."""
    t.update(turn=(t["turn"] + 1) % t["players"], bet_done=False, track_done=False)


def _bets_open(t: Table) -> bool:
    """Is any betting action available (CUC-BET-LEG, CUC-BET-FINAL)?"""
    return (
        any(t["leaders"])
        or any(t["midfield"])
        or len(set(t["winner_bets"]) - {-1}) < 5
        or len(set(t["loser_bets"]) - {-1}) < 5
    )


def _after_track_action(t: Table) -> None:
    """CUC-TURN-SHAPE: the turn ends when the bet is done or no bet is possible."""
    if t["bet_done"] or not _bets_open(t):
        _next_turn(t)


def _draw(t: Table, card: str, ev: list[Event]) -> None:
    """The racing deck's top card is ``card`` (CUC-ACT-REVEAL)."""
    seat = t["turn"]
    ev.append(Event("revealed", ("CUC-ACT-REVEAL",), {"seat": seat, "card": card}))
    t.update(deck=_without(t["deck"], card), revealed=(*t["revealed"], card),
             phase=PLAY, track_done=True)
    if _move(t, CARD_CAMEL[card], CARD_STEPS[card], ev):
        return
    if t["deck"]:
        _after_track_action(t)
        return
    _end_leg(t, ev)
    _begin_leg(t, ev)


def _end_leg(t: Table, ev: list[Event]) -> None:
    """CUC-LEG-END: hand cards discarded without effect, then the leg payout."""
    held = tuple(c for h in t["hands"] for c in h)
    ev.append(Event("leg-ended", ("CUC-LEG-END",), {"leg": t["leg"], "discarded": len(held)}))
    t.update(hands=((),) * t["players"], discard=_with(t["discard"], *held))
    _leg_payout(t, ev)


def _pay(t: Table, deltas: list[int], kind: str, rules: tuple[str, ...], ev: list[Event]) -> None:
    """Apply one payout step to every seat, never below 1 Pound (CUC-MONEY-FLOOR)."""
    money = list(t["money"])
    payouts = list(t["payouts"])
    for seat, delta in enumerate(deltas):
        new = camel.floor_money(money[seat], delta)
        ev.append(Event(kind, rules, {"seat": seat, "delta": delta, "money": new}))
        payouts[seat] = (*payouts[seat], new - money[seat])
        money[seat] = new
    t["money"] = tuple(money)
    t["payouts"] = tuple(payouts)


def _leg_payout(t: Table, ev: list[Event]) -> None:
    """CUC-PAY-LEADER, CUC-PAY-MID, CUC-PAY-FIGURE, ranked by CUC-RANK."""
    rank = camel.ranks(t["pos"], t["height"])
    deltas = []
    for seat in range(t["players"]):
        delta = 0
        for colour, value in t["bets"][seat]:
            if value:
                delta += camel.leader_payout(value, rank[colour])
            else:
                delta += camel.midfield_payout(rank[colour])
        if t["palm_holder"] == seat:
            delta -= 1
        if t["fennec_holder"] == seat:
            delta -= 1
        deltas.append(delta)
    _pay(t, deltas, "leg-payout",
         ("CUC-RANK", "CUC-PAY-LEADER", "CUC-PAY-MID", "CUC-PAY-FIGURE", "CUC-MONEY-FLOOR"), ev)


def _end_game(t: Table, ev: list[Event]) -> None:
    """CUC-GAME-END then CUC-PAY-FINAL: the leg part, then the final cards."""
    pos, height = t["pos"], t["height"]
    leader = max(range(5), key=lambda c: (pos[c], height[c]))
    ev.append(Event("race-ended", ("CUC-GAME-END",), {"leader": CAMEL_COLOURS[leader]}))
    _end_leg(t, ev)
    rank = camel.ranks(pos, height)
    deltas = []
    for seat in range(t["players"]):
        delta = 0
        if t["winner_bets"][seat] >= 0:
            delta += camel.final_winner_payout(rank[t["winner_bets"][seat]])
        if t["loser_bets"][seat] >= 0:
            delta += camel.final_loser_payout(rank[t["loser_bets"][seat]])
        deltas.append(delta)
    _pay(t, deltas, "final-payout",
         ("CUC-PAY-FINAL", "CUC-PAY-WINNER", "CUC-PAY-LOSER", "CUC-MONEY-FLOOR"), ev)
    t.update(phase=OVER, bet_done=False, track_done=False)
    money = t["money"]
    best = max(money)
    ev.append(Event("game-over", ("CUC-WINNER",), {
        "money": list(money), "winners": [i for i, m in enumerate(money) if m == best]}))


# --------------------------------------------------------------------------
# observation and plain data


SIDE_LETTER: Final = {FACE: "F", SAND: "S", HALF: "H"}
LETTER_SIDE: Final = {v: k for k, v in SIDE_LETTER.items()}


def stacks_of(s: CardsState) -> list[list[str]]:
    """Camels per cell 0..Finish, bottom to top (the Start card in colour order)."""
    cells: list[list[str]] = [[] for _ in range(s.finish + 1)]
    for c in sorted(range(5), key=lambda c: (s.pos[c], s.height[c], c)):
        cells[s.pos[c]].append(CAMEL_COLOURS[c])
    return cells


def _figure(cell: int, holder: int) -> PlainData:
    return None if cell == 0 else {"space": cell, "holder": holder}


def _public(s: CardsState) -> dict[str, PlainData]:
    return {
        "game": GAME_ID,
        "version": VERSION,
        "players": s.players,
        "age_order": list(s.age_order),
        "phase": s.phase,
        "leg": s.leg,
        "track": "".join(SIDE_LETTER[x] for x in s.track),
        "stacks": stacks_of(s),
        "palm": _figure(s.palm, s.palm_holder),
        "fennec": _figure(s.fennec, s.fennec_holder),
        "revealed": list(s.revealed),
        "shown": list(s.shown),
        "leaders": {CAMEL_COLOURS[i]: list(v) for i, v in enumerate(s.leaders)},
        "midfield": [CAMEL_COLOURS[i] for i in range(5) if s.midfield[i]],
        "bets": [[f"{CAMEL_COLOURS[c]}:{v or 'mid'}" for c, v in b] for b in s.bets],
        "winner_bets": [CAMEL_COLOURS[c] if c >= 0 else None for c in s.winner_bets],
        "loser_bets": [CAMEL_COLOURS[c] if c >= 0 else None for c in s.loser_bets],
        "money": list(s.money),
        "payouts": [list(p) for p in s.payouts],
        "starter": s.starter,
        "turn": s.turn,
        "bet_done": s.bet_done,
        "track_done": s.track_done,
        "extended": s.extended,
    }


def to_data(s: CardsState) -> dict[str, PlainData]:
    """The whole table as plain data (the canonical state form)."""
    data = _public(s)
    data.update({
        "stock": list(s.stock),
        "hands": [list(h) for h in s.hands],
        "discard": list(s.discard),
        "deck": list(s.deck),
        "intel": [list(i) for i in s.intel],
    })
    return data


def observation(s: CardsState, seat: int) -> dict[str, PlainData]:
    """What ``seat`` may see (KERNEL-OBSERVATION, CUC-LEG-HIDDEN).

    The public table, the revealed pile, the intel shown, its own hand and its
    own face-down intel choice; of the hidden zones only their sizes.
    """
    data = _public(s)
    data.update({
        "seat": seat,
        "hand": list(s.hands[seat]),
        "my_intel": list(s.intel[seat]),
        "hand_sizes": [len(h) for h in s.hands],
        "intel_chosen": [bool(i) for i in s.intel],
        "stock_size": len(s.stock),
        "discard_size": len(s.discard),
        "deck_size": len(s.deck),
    })
    return data


def _cards(value: object, where: str, ordered: bool = False) -> tuple[str, ...]:
    """A racing-card zone: a list of card ids.

    Unordered zones are multisets, kept sorted (the revealed pile and the
    shown intel cards are ordered); from_data's round trip refuses a zone
    listed in another order.
    """
    cards = [read_str(c, f"{where}[{i}]", CARD_CAMEL)
             for i, c in enumerate(read_list(value, where))]
    return tuple(cards) if ordered else tuple(sorted(cards))


def _seats(value: object, where: str, players: int) -> list[Any]:
    """A per-seat list: exactly one entry per seat."""
    return read_list(value, where, length=players)


def from_data(data: Mapping[str, Any]) -> CardsState:
    """Rebuild a state from :func:`to_data` output, accepting exactly that form.

    KERNEL-INPUT: the reference decoder is strict. It accepts a document only
    in the canonical form :func:`to_data` writes (every key, no other; JSON
    types exactly; unordered card zones sorted; the Start card's camels in
    colour order), so that every accepted document round-trips exactly:
    ``to_data(from_data(d)) == d``. Anything else raises ValueError naming the
    field; a readable table that breaks an invariant raises InvalidState.
    """
    fields = _fields_from_data(data)
    state = CardsState(**fields)
    _same(to_data(state), data)
    return state


def _same(ours: PlainData, theirs: PlainData) -> None:
    """Refuse a document that is not exactly the canonical form (names the field)."""
    stack: list[tuple[str, PlainData, PlainData]] = [("", ours, theirs)]
    while stack:
        where, a, b = stack.pop()
        if type(a) is dict:
            for key in a:  # the keys were checked by the reader
                stack.append((f"{where}.{key}" if where else key, a[key], b[key]))
        elif type(a) is list:
            if type(b) is not list or len(a) != len(b):
                fail(where, f"not the canonical form: expected {show(a)}, got {show(b)}")
            for i in range(len(a) - 1, -1, -1):
                stack.append((f"{where}[{i}]", a[i], b[i]))
        elif type(a) is not type(b) or a != b:
            fail(where, f"not the canonical form (sorted zones, colour order on the Start "
                        f"card): expected {show(a)}, got {show(b)}")


_KEYS: Final = (
    "game", "version", "players", "age_order", "phase", "leg", "track", "stacks", "palm",
    "fennec", "revealed", "shown", "leaders", "midfield", "bets", "winner_bets", "loser_bets",
    "money", "payouts", "starter", "turn", "bet_done", "track_done", "extended", "stock",
    "hands", "discard", "deck", "intel",
)
_BET_VALUE: Final = {"mid": 0, **{str(v): v for v in sorted(set(LEADER_STACK))}}


def _fields_from_data(data: object) -> dict[str, Any]:
    """The state's fields from plain data, reading every field strictly (DecodeError)."""
    d = read_keys(data, "state", _KEYS)
    read_str(d["game"], "game", (GAME_ID,))
    read_int(d["version"], "version", VERSION, VERSION)
    players = read_int(d["players"], "players", MIN_PLAYERS, MAX_PLAYERS)
    track_text = read_str(d["track"], "track")
    if any(x not in LETTER_SIDE for x in track_text):
        fail("track", f"expected the letters F, S and H, got {show(track_text)}")
    track = tuple(LETTER_SIDE[x] for x in track_text)
    stacks = read_list(d["stacks"], "stacks", length=camel.track_length(track) + 2)
    pos = [-1] * 5
    height = [0] * 5
    for cell, stack in enumerate(stacks):
        for h, name in enumerate(read_list(stack, f"stacks[{cell}]")):
            c = COLOUR_INDEX[read_str(name, f"stacks[{cell}][{h}]", COLOUR_INDEX)]
            if pos[c] != -1:
                raise CamelsError(f"stacks: camel {name} twice")
            pos[c] = cell
            height[c] = 0 if cell == 0 else h
    if -1 in pos:
        raise CamelsError("stacks: a camel is missing")

    def figure(v: object, where: str) -> tuple[int, int]:
        if v is None:
            return (0, -1)
        f = read_keys(v, where, ("space", "holder"))
        return (read_int(f["space"], f"{where}.space"), read_int(f["holder"], f"{where}.holder"))

    def bet(v: object, where: str) -> tuple[int, int]:
        name, _, value = read_str(v, where).partition(":")
        if name not in COLOUR_INDEX or value not in _BET_VALUE:
            fail(where, f"expected <colour>:<2|3|5|mid>, got {show(v)}")
        return COLOUR_INDEX[name], _BET_VALUE[value]

    def final(v: object, where: str) -> int:
        return -1 if v is None else COLOUR_INDEX[read_str(v, where, COLOUR_INDEX)]

    def ints(v: object, where: str, lo: int = -MAX_INT, hi: int = MAX_INT) -> tuple[int, ...]:
        return tuple(read_int(x, f"{where}[{i}]", lo, hi)
                     for i, x in enumerate(read_list(v, where)))

    leaders = read_keys(d["leaders"], "leaders", CAMEL_COLOURS)
    midfield = [read_str(c, f"midfield[{i}]", COLOUR_INDEX)
                for i, c in enumerate(read_list(d["midfield"], "midfield", max_length=5))]
    return {
        "players": players,
        "age_order": ints(d["age_order"], "age_order"),
        "phase": read_str(d["phase"], "phase"),
        "leg": read_int(d["leg"], "leg"),
        "track": track,
        "pos": tuple(pos),
        "height": tuple(height),
        "palm": (palm := figure(d["palm"], "palm"))[0],
        "palm_holder": palm[1],
        "fennec": (fennec := figure(d["fennec"], "fennec"))[0],
        "fennec_holder": fennec[1],
        "stock": _cards(d["stock"], "stock"),
        "hands": tuple(_cards(h, f"hands[{i}]")
                       for i, h in enumerate(_seats(d["hands"], "hands", players))),
        "discard": _cards(d["discard"], "discard"),
        "deck": _cards(d["deck"], "deck"),
        "intel": tuple(_cards(h, f"intel[{i}]")
                       for i, h in enumerate(_seats(d["intel"], "intel", players))),
        "revealed": _cards(d["revealed"], "revealed", ordered=True),
        "shown": _cards(d["shown"], "shown", ordered=True),
        "leaders": tuple(ints(leaders[c], f"leaders.{c}") for c in CAMEL_COLOURS),
        "midfield": tuple(c in midfield for c in CAMEL_COLOURS),
        "bets": tuple(tuple(bet(b, f"bets[{i}][{j}]")
                            for j, b in enumerate(read_list(seat, f"bets[{i}]")))
                      for i, seat in enumerate(_seats(d["bets"], "bets", players))),
        "winner_bets": tuple(final(v, f"winner_bets[{i}]") for i, v in
                             enumerate(_seats(d["winner_bets"], "winner_bets", players))),
        "loser_bets": tuple(final(v, f"loser_bets[{i}]") for i, v in
                            enumerate(_seats(d["loser_bets"], "loser_bets", players))),
        "money": ints(_seats(d["money"], "money", players), "money"),
        "payouts": tuple(ints(p, f"payouts[{i}]")
                         for i, p in enumerate(_seats(d["payouts"], "payouts", players))),
        "starter": read_int(d["starter"], "starter"),
        "turn": read_int(d["turn"], "turn"),
        "bet_done": read_bool(d["bet_done"], "bet_done"),
        "track_done": read_bool(d["track_done"], "track_done"),
        "extended": read_int(d["extended"], "extended"),
    }


class CamelsError(DecodeError):
    """A camel missing or listed twice: the candidate breaks CUC-INV-CAMELS."""


def status(data: Mapping[str, Any]) -> tuple[str, ...]:
    """Every invariant a candidate state in plain-data form breaks, by ID.

    A candidate that cannot even be read (a camel twice, an unknown card)
    breaks CUC-INV-CAMELS or CUC-INV-PHASE.
    """
    from .state import candidate, violations

    try:
        fields = _fields_from_data(data)
    except CamelsError:
        return ("CUC-INV-CAMELS",)
    except DecodeError:
        return ("CUC-INV-PHASE",)
    return violations(candidate(**fields))

"""The Hare & the Tortoise (2014): the pure functions of the game.

``new_game``, ``current_actor``, ``legal_actions``, ``chance_outcomes``,
``apply`` (total: a rejection names a rule), ``observation``, ``outcome`` and
the plain-data form. Rule IDs are the catalogue's
(``spec/hare-and-tortoise-2014/rules.md``); the movement and scoring
arithmetic is in :mod:`.rules`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

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
from kernel.plugin import ActionKind, ActionSpace, Field, Vocabulary, screen

from . import rules
from .data import (
    ANIMAL_MAX,
    ANIMALS,
    CARD_KINDS,
    CHAMPIONSHIP_ROUNDS,
    DEALT,
    FINISH,
    GAME_ID,
    HOWL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODES,
    PODIUM_PLACES,
    STREAMS,
    TABLE_MAX,
    TILES,
    TURBO_TILES,
    hand_size,
    racing_cards,
    starting_bets,
)
from .state import (
    SETUP,
    HareState,
    building,
    checked,
    place_of,
    replace,
    seat_bets,
    table_counts,
    violations,
)

VERSION: Final = 2

# --------------------------------------------------------------------------
# the vocabulary

KINDS: Final = (
    ActionKind("starting", (Field("to", int), Field("animal", str)), "chance",
               "a starting bet card dealt face down (HT-SETUP-START, HT-APP-DEAL)"),
    ActionKind("stream", (Field("tile", int),), "chance",
               "a stream tile laid at this place of the track (HT-SETUP-TRACK)"),
    ActionKind("turbo", (Field("animal", str),), "chance",
               "the turbo token on the next of tiles 2, 4, 6, 8, 10 (HT-APP-TURBO)"),
    ActionKind("deal", (Field("to", int), Field("card", str)), "chance",
               "a racing card dealt (HT-SETUP-DEAL, HT-APP-DEAL)"),
    ActionKind("draw", (Field("card", str),), "chance",
               "a racing card drawn to refill the hand (HT-TURN-REFILL)"),
    ActionKind("gather", (), "chance",
               "the cards and pawns gathered for the next round (HT-CHAMP-ROUNDS)"),
    ActionKind("bet", (Field("card", str),), "seat",
               "the second bet, face down (HT-SETUP-SECOND)"),
    ActionKind("place", (Field("animal", str), Field("count", int), Field("howls", int)), "seat",
               "play cards of one animal face up (HT-TURN-PLAY)"),
    ActionKind("move", (Field("animal", str),), "seat",
               "move an animal in the apprentice racing phase (HT-APP-MOVE)"),
)
_CHANCE_KINDS: Final = frozenset(k.name for k in KINDS if k.actor == "chance")



#: Every play of 1 to 4 cards of one animal, wolves with 0 to 3 howl cards among them
#: (a table built at import: data, like the rest of the action universe).
PLAYS: Final = tuple(
    (animal, count, howls)
    for animal in ANIMALS
    for count in range(1, ANIMAL_MAX + 1)
    for howls in (range(0, min(3, count) + 1) if animal == "wolf" else (0,)))


#: The action universe (a table built at import).
VOCABULARY: Final = Vocabulary(GAME_ID, KINDS, [
    *(Action(GAME_ID, "starting", s, a) for s in range(MAX_PLAYERS) for a in ANIMALS),
    *(Action(GAME_ID, "stream", t) for t in range(1, TILES + 1)),
    *(Action(GAME_ID, "turbo", a) for a in ANIMALS),
    *(Action(GAME_ID, "deal", s, c) for s in range(MAX_PLAYERS) for c in CARD_KINDS),
    *(Action(GAME_ID, "draw", c) for c in CARD_KINDS),
    Action(GAME_ID, "gather"),
    *(Action(GAME_ID, "bet", c) for c in CARD_KINDS),
    *(Action(GAME_ID, "place", a, n, h) for a, n, h in PLAYS),
    *(Action(GAME_ID, "move", a) for a in ANIMALS),
])

# --------------------------------------------------------------------------
# configuration


def parse_config(config: object) -> dict[str, Any]:
    """The configuration with defaults (ConfigError: KERNEL-CONFIG).

    ``players`` 2 to 5; ``first`` the first player (HT-SETUP-FIRST, default 0);
    ``series`` 1 game, or 3 for the championship (HT-CHAMP-ROUNDS); ``mode``
    standard or apprentice (HT-APP-CARDS ... HT-APP-END).
    """
    if not isinstance(config, Mapping):
        raise ConfigError(f"a configuration is an object, not {show(config)}")
    known = ("players", "first", "series", "mode")
    for key in config:
        if key not in known:
            raise ConfigError(f"unknown configuration key {show(key)}; known: {', '.join(known)}")
    players = config.get("players", 4)
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ConfigError(f"'players' must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {show(players)}")
    first = config.get("first", 0)
    if type(first) is not int or not 0 <= first < players:
        raise ConfigError(f"'first' must be a seat, 0 to {players - 1}, not {show(first)} "
                          f"(HT-SETUP-FIRST)")
    rounds = config.get("series", 1)
    if type(rounds) is not int or rounds not in (1, CHAMPIONSHIP_ROUNDS):
        raise ConfigError(f"'series' must be 1 or {CHAMPIONSHIP_ROUNDS} (the championship), "
                          f"not {show(rounds)}")
    mode = config.get("mode", "standard")
    if type(mode) is not str or mode not in MODES:
        raise ConfigError(f"'mode' must be one of {', '.join(MODES)}, not {show(mode)}")
    return {"players": players, "first": first, "series": rounds, "mode": mode}


def _fresh(players: int, mode: str, rounds: int, round_: int, token: int, races: int,
           points: tuple[int, ...], history: tuple[tuple[int, ...], ...],
           shown: tuple[tuple[str, ...], ...]) -> HareState:
    """A new setup (HT-SETUP-*, HT-CHAMP-ROUNDS): every card back, pawns on the line."""
    cards = racing_cards(mode)
    deck = tuple(sorted(c for c, n in cards.items() for _ in range(n)))
    first_phase = SETUP[mode][0]
    empty: tuple[tuple[str, ...], ...] = ((),) * players
    return HareState(players, mode, rounds, round_, first_phase, 0, token, races, (), (),
                     (0,) * len(ANIMALS), (), tuple(sorted(ANIMALS)), empty, empty, empty,
                     deck, (), (), (), points, history, shown)


def new_game(config: Mapping[str, Any]) -> HareState:
    """HT-SETUP-PAWNS, HT-SETUP-FIRST, HT-DATA-CARDS: the table before the setup's chance."""
    c = parse_config(config)
    n = c["players"]
    return _fresh(n, c["mode"], c["series"], 1, c["first"], 0, (0,) * n, (), ((),) * n)


def action_space(config: Mapping[str, Any]) -> ActionSpace:
    """The fixed action space of a configuration (seats' actions, chance outcomes)."""
    c = parse_config(config)
    n = c["players"]
    kinds = {k.name: k for k in KINDS}
    chance = tuple(a for a in VOCABULARY.actions if kinds[a.kind].actor == "chance"
                   and (a.kind not in ("starting", "deal") or int(a.values[0]) < n))
    players = tuple(a for a in VOCABULARY.actions if kinds[a.kind].actor == "seat")
    return ActionSpace(players, chance)


def seats(s: HareState) -> int:
    return s.players


# --------------------------------------------------------------------------
# who acts, what is legal


def current_actor(s: HareState) -> int:
    if s.phase == "over":
        return TERMINAL
    if s.phase in ("second", "turn", "move"):
        return s.turn
    return CHANCE


def _card_odds(deck: tuple[str, ...]) -> list[tuple[str, Fraction]]:
    counts = Counter(deck)
    return [(card, Fraction(n, len(deck))) for card, n in counts.items()]


def chance_outcomes(s: HareState) -> tuple[tuple[Action, Fraction], ...]:
    """Every chance outcome with its exact probability, in the actions' sorted order."""
    found: tuple[tuple[Action, Fraction], ...] | None = s.memo.get("chance")
    if found is None:
        found = s.memo["chance"] = tuple(sorted(_outcomes(s), key=lambda o: o[0]))
    return found


def _outcomes(s: HareState) -> tuple[tuple[Action, Fraction], ...]:
    g = VOCABULARY.get
    if s.phase == "bets":  # HT-SETUP-START: each card left equally likely
        return tuple((g("starting", s.turn, a), Fraction(1, len(s.unused))) for a in s.unused)
    if s.phase == "track":  # HT-SETUP-TRACK: each stream on any free tile, equally likely
        free = [t for t in range(1, TILES + 1) if t not in s.streams]
        return tuple((g("stream", t), Fraction(1, len(free))) for t in free)
    if s.phase == "turbos":  # HT-APP-TURBO: the next tile's token, any animal left
        left = [a for a in ANIMALS if a not in s.turbos]
        return tuple((g("turbo", a), Fraction(1, len(left))) for a in left)
    if s.phase == "deal":  # HT-SETUP-DEAL
        return tuple((g("deal", s.turn, c), p) for c, p in _card_odds(s.deck))
    if s.phase == "draw":  # HT-TURN-REFILL
        return tuple((g("draw", c), p) for c, p in _card_odds(s.deck))
    if s.phase == "scored":  # HT-CHAMP-ROUNDS: the next round's setup starts
        return ((g("gather"), Fraction(1)),)
    return ()


def _play_ok(s: HareState, animal: str, count: int, howls: int) -> str | None:
    """None when the play is legal, else the rule that forbids it."""
    hand = s.hands[s.turn]
    plain = count - howls
    if hand.count(animal) < plain or hand.count(HOWL) < howls:
        return "HT-TURN-PLAY"
    counts = table_counts(s.table)
    if len(s.table) + count > TABLE_MAX or counts[animal] + count > ANIMAL_MAX:
        return "HT-TURN-LIMIT"
    return None


def legal_actions(s: HareState) -> tuple[Action, ...]:
    found: tuple[Action, ...] | None = s.memo.get("legal")
    if found is None:
        found = s.memo["legal"] = _legal(s)
        s.memo["legal-set"] = frozenset(found)
    return found


def _legal(s: HareState) -> tuple[Action, ...]:
    phase = s.phase
    if phase in ("bets", "track", "turbos", "deal", "draw", "scored"):
        return tuple(sorted(a for a, _ in chance_outcomes(s)))
    g = VOCABULARY.get
    if phase == "second":  # HT-SETUP-SECOND
        return tuple(sorted(g("bet", c) for c in set(s.hands[s.turn])))
    if phase == "turn":  # HT-TURN-PLAY, HT-TURN-LIMIT
        return tuple(sorted(g("place", a, n, h) for a, n, h in PLAYS
                            if _play_ok(s, a, n, h) is None))
    if phase == "move":  # HT-APP-MOVE
        return tuple(sorted(g("move", a) for a in s.to_move))
    return ()


# --------------------------------------------------------------------------
# apply


def apply(s: HareState, action: object) -> Result:
    """Applied or Rejected naming the rule; never raises (KERNEL-INPUT)."""
    parsed = screen(action, VOCABULARY, lambda: current_actor(s), _CHANCE_KINDS,
                    "the game is over")
    if isinstance(parsed, Rejected):
        return parsed
    legal_actions(s)
    if parsed not in s.memo["legal-set"]:
        return Rejected(_why_not(s, parsed), f"{parsed.text} is not legal now ({s.phase})")
    with building():
        result = _step(s, parsed)
    checked(result.state)  # every state the rules build keeps every invariant (HT-INV-*)
    return result


def _why_not(s: HareState, a: Action) -> str:
    """The rule that forbids ``a`` here."""
    kind = a.kind
    if kind == "place":
        if s.phase != "turn":
            return "HT-APP-MOVE" if s.phase == "move" else "HT-SETUP-SECOND"
        animal, count, howls = str(a.values[0]), int(a.values[1]), int(a.values[2])
        return _play_ok(s, animal, count, howls) or "HT-TURN-PLAY"
    if kind == "bet":
        return "HT-SETUP-SECOND"
    if kind == "move":
        return "HT-APP-MOVE"
    return {"starting": "HT-SETUP-START", "stream": "HT-SETUP-TRACK", "turbo": "HT-APP-TURBO",
            "deal": "HT-SETUP-DEAL", "draw": "HT-TURN-REFILL",
            "gather": "HT-CHAMP-ROUNDS"}[kind]


def _remove(zone: tuple[str, ...], *cards: str) -> tuple[str, ...]:
    left = list(zone)
    for c in cards:
        left.remove(c)
    return tuple(left)


def _add(zone: tuple[str, ...], *cards: str) -> tuple[str, ...]:
    return tuple(sorted((*zone, *cards)))


def _set(seq: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    out = list(seq)
    out[i] = value
    return tuple(out)


def _next_setup(s: HareState) -> HareState:
    """The setup step after ``s.phase`` (seat 0 first), or the first turn."""
    order = SETUP[s.mode]
    i = order.index(s.phase)
    if i + 1 < len(order):
        return replace(s, phase=order[i + 1], turn=0)
    return replace(s, phase="turn", turn=s.token)


def _step(s: HareState, a: Action) -> Applied:
    kind = a.kind
    n = s.players
    if kind == "starting":  # HT-SETUP-START / HT-APP-DEAL
        seat, animal = int(a.values[0]), str(a.values[1])
        rules_hit = (("HT-APP-DEAL", "HT-SETUP-START") if s.mode == "apprentice"
                     else ("HT-SETUP-START",))
        nxt = replace(s, unused=_remove(s.unused, animal),
                           starting=_set(s.starting, seat, _add(s.starting[seat], animal)))
        ev = Event("starting-bet", rules_hit, {"seat": seat, "animal": animal},
                   secret=("animal",), owners=(seat,))
        if len(nxt.starting[seat]) == starting_bets(n):
            nxt = _next_setup(nxt) if seat == n - 1 else replace(nxt, turn=seat + 1)
        return Applied(nxt, (ev,))
    if kind == "stream":  # HT-SETUP-TRACK
        streams = tuple(sorted((*s.streams, int(a.values[0]))))
        nxt = replace(s, streams=streams)
        if len(streams) == STREAMS:
            nxt = _next_setup(nxt)
        return Applied(nxt, (Event("stream-laid", ("HT-SETUP-TRACK",),
                                   {"tile": int(a.values[0]), "streams": list(streams)}),))
    if kind == "turbo":  # HT-APP-TURBO
        turbos = (*s.turbos, str(a.values[0]))
        nxt = replace(s, turbos=turbos)
        if len(turbos) == len(TURBO_TILES):
            nxt = _next_setup(nxt)
        return Applied(nxt, (Event("turbo-placed", ("HT-APP-TURBO",),
                                   {"tile": TURBO_TILES[len(turbos) - 1],
                                    "animal": str(a.values[0])}),))
    if kind == "deal":  # HT-SETUP-DEAL / HT-APP-DEAL
        seat, card = int(a.values[0]), str(a.values[1])
        dealt_by = (("HT-APP-DEAL", "HT-APP-CARDS") if s.mode == "apprentice"
                    else ("HT-SETUP-DEAL",))
        nxt = replace(s, deck=_remove(s.deck, card),
                           hands=_set(s.hands, seat, _add(s.hands[seat], card)))
        full = DEALT if s.mode == "standard" else hand_size(s.mode)
        if len(nxt.hands[seat]) == full:
            nxt = _next_setup(nxt) if seat == n - 1 else replace(nxt, turn=seat + 1)
        return Applied(nxt, (Event("dealt", dealt_by, {"seat": seat, "card": card},
                                   secret=("card",), owners=(seat,)),))
    if kind == "bet":  # HT-SETUP-SECOND
        seat, card = s.turn, str(a.values[0])
        nxt = replace(s, hands=_set(s.hands, seat, _remove(s.hands[seat], card)),
                           second=_set(s.second, seat, (card,)))
        nxt = _next_setup(nxt) if seat == n - 1 else replace(nxt, turn=seat + 1)
        return Applied(nxt, (Event("second-bet", ("HT-SETUP-SECOND",),
                                   {"seat": seat, "card": card},
                                   secret=("card",), owners=(seat,)),))
    if kind == "place":  # HT-TURN-PLAY
        seat = s.turn
        animal, count, howls = str(a.values[0]), int(a.values[1]), int(a.values[2])
        cards = (animal,) * (count - howls) + (HOWL,) * howls
        nxt = replace(s, hands=_set(s.hands, seat, _remove(s.hands[seat], *cards)),
                           table=_add(s.table, *cards), phase="draw")
        return Applied(nxt, (Event("played", ("HT-TURN-PLAY",),
                                   {"seat": seat, "animal": animal, "count": count,
                                    "howls": howls}),))
    if kind == "draw":  # HT-TURN-REFILL
        return _draw(s, str(a.values[0]))
    if kind == "gather":  # HT-CHAMP-ROUNDS: a new setup; only the token carries over
        nxt = _fresh(s.players, s.mode, s.series, s.round + 1, s.token, s.races, s.points,
                     s.history, s.shown)
        return Applied(nxt, (Event("round-started", ("HT-CHAMP-ROUNDS",),
                                   {"round": s.round + 1, "token": s.token}),))
    return _apprentice_move(s, str(a.values[0]))


def _draw(s: HareState, card: str) -> Applied:
    seat = s.turn
    nxt = replace(s, deck=_remove(s.deck, card),
                       hands=_set(s.hands, seat, _add(s.hands[seat], card)))
    events = [Event("drew", ("HT-TURN-REFILL",), {"seat": seat, "card": card},
                    secret=("card",), owners=(seat,))]
    if not nxt.deck:  # HT-TURN-RESHUFFLE: the discard becomes the new deck at once
        events.append(Event("reshuffled", ("HT-TURN-RESHUFFLE",), {"cards": len(nxt.discard)}))
        nxt = replace(nxt, deck=nxt.discard, discard=())
    if len(nxt.hands[seat]) < hand_size(s.mode):
        return Applied(nxt, tuple(events))
    counts = table_counts(nxt.table)
    if len(nxt.table) == TABLE_MAX or ANIMAL_MAX in counts.values():  # HT-RACE-TRIGGER
        events.append(Event("racing-phase", ("HT-RACE-TRIGGER",),
                            {"table": list(nxt.table), "seat": seat}))
        if s.mode == "apprentice":  # HT-APP-MOVE: the token's holder chooses first
            to_move = tuple(a for a in ANIMALS if counts[a])
            return Applied(replace(nxt, phase="move", turn=nxt.token, to_move=to_move),
                           tuple(events))
        return _race(nxt, events)
    after = (seat + 1) % s.players  # HT-TURN-NEXT
    events.append(Event("turn-passed", ("HT-TURN-NEXT",), {"seat": after}))
    return Applied(replace(nxt, phase="turn", turn=after), tuple(events))


def _race(s: HareState, events: list[Event]) -> Applied:
    """The standard racing phase (HT-RACE-ORDER ... HT-RACE-END, HT-END-PODIUM, HT-END-GAME)."""
    counts = table_counts(s.table)
    howl = HOWL in s.table
    pos = list(s.positions)
    podium = list(s.podium)
    if howl:  # HT-RACE-HOWL
        events.append(Event("howled", ("HT-RACE-HOWL",),
                            {"wolf_on_podium": pos[ANIMALS.index("wolf")] == FINISH}))
    for i, animal in enumerate(ANIMALS):  # HT-RACE-ORDER
        if pos[i] == FINISH:
            continue
        cards = counts[animal]
        steps = rules.standard_steps(i, cards, counts["wolf"], howl)
        rule = ("HT-RACE-HARE", "HT-RACE-TORTOISE", "HT-RACE-WOLF", "HT-RACE-FOX",
                "HT-RACE-LAMB")[i]
        extra: tuple[str, ...] = ("HT-RACE-HOWL",) if howl else ()
        if i == 0 and not howl and cards:
            ahead = max((p for j, p in enumerate(pos) if j != 0 and p != FINISH), default=0)
            if rules.hare_steps(cards, pos[0], ahead) == 0:  # HT-RACE-NAP
                events.append(Event("napped", ("HT-RACE-NAP",), {"animal": animal,
                                                                 "at": pos[0]}))
                continue
        if steps == 0:
            continue
        start = pos[i]
        if i == 4:  # HT-RACE-STREAM
            end = rules.lamb_target(start, steps, s.streams)
            if end < rules.advance(start, steps):
                extra += ("HT-RACE-STREAM",)
        else:
            end = rules.advance(start, steps)
        pos[i] = end
        events.append(Event("moved", ("HT-RACE-ORDER", rule, *extra),
                            {"animal": animal, "from": start, "to": end}))
        if end == FINISH:  # HT-END-PODIUM: the highest free place, at once
            podium.append((animal,))
            events.append(Event("podium", ("HT-END-PODIUM",),
                                {"animal": animal, "place": len(podium)}))
            if len(podium) == PODIUM_PLACES:  # HT-END-GAME: over at once
                done = replace(s, positions=tuple(pos), podium=tuple(podium))
                return _round_over(done, events)
    return _race_end(replace(s, positions=tuple(pos), podium=tuple(podium)), events)


def _race_end(s: HareState, events: list[Event]) -> Applied:
    """HT-RACE-END: discard the table, pass the token left, its holder plays."""
    token = (s.token + 1) % s.players
    events.append(Event("discarded", ("HT-RACE-END",), {"cards": len(s.table)}))
    events.append(Event("token-passed", ("HT-RACE-END",), {"seat": token}))
    nxt = replace(s, discard=_add(s.discard, *s.table), table=(), to_move=(),
                       token=token, turn=token, phase="turn", races=s.races + 1)
    return Applied(nxt, tuple(events))


def _apprentice_move(s: HareState, animal: str) -> Applied:
    """HT-APP-MOVE, HT-APP-TURBO: one animal moves X, then its turbo."""
    i = ANIMALS.index(animal)
    cards = table_counts(s.table)[animal]
    start = s.positions[i]
    end = rules.advance(start, cards)
    events: list[Event] = []
    rules_hit: tuple[str, ...] = ("HT-APP-MOVE",)
    own = TURBO_TILES[s.turbos.index(animal)]
    boosted = rules.turbo(end, own)
    if boosted != end:
        rules_hit += ("HT-APP-TURBO",)
    events.append(Event("moved", rules_hit, {"animal": animal, "from": start, "to": boosted,
                                             "seat": s.turn}))
    podium = s.podium
    if boosted == FINISH and len(podium) < PODIUM_PLACES:  # HT-APP-END: in crossing order
        podium = (*podium, (animal,))
        events.append(Event("podium", ("HT-APP-END", "HT-END-PODIUM"),
                            {"animal": animal, "place": len(podium)}))
    nxt = replace(s, positions=_set(s.positions, i, boosted), podium=podium,
                       to_move=tuple(a for a in s.to_move if a != animal),
                       turn=(s.turn + 1) % s.players)
    if nxt.to_move:
        return Applied(nxt, tuple(events))
    past = [j for j, p in enumerate(nxt.positions) if p == FINISH]
    if not past:
        return _race_end(nxt, events)
    # HT-APP-END: the crossers in order, then the closest to the finish, ties shared
    first = [ANIMALS.index(g[0]) for g in nxt.podium]
    crossed = (*first, *(j for j in past if j not in first))
    groups = rules.apprentice_podium(crossed, nxt.positions)
    full = tuple(tuple(ANIMALS[j] for j in g) for g in groups)
    for group, place in zip(full[len(nxt.podium):],
                            rules.places(tuple(len(g) for g in full))[len(nxt.podium):],
                            strict=True):
        for a in group:
            events.append(Event("podium", ("HT-APP-END",), {"animal": a, "place": place}))
    done = replace(nxt, podium=full, turn=s.turn)
    return _round_over(done, events)


def _round_over(s: HareState, events: list[Event]) -> Applied:
    """HT-END-GAME, HT-SCORE-POINTS, HT-CHAMP-ROUNDS: reveal, score, next round or the end."""
    bets = tuple(seat_bets(s.starting[i], s.second[i]) for i in range(s.players))
    scores = tuple(rules.bet_points(tuple(place_of(s.podium, a) for a in b)) for b in bets)
    events.append(Event("bets-revealed", ("HT-END-GAME",),
                        {"bets": [list(b) for b in bets]}))
    for seat, pts in enumerate(scores):
        events.append(Event("scored", ("HT-SCORE-POINTS",), {"seat": seat, "points": pts}))
    history = (*s.history, scores)
    points = tuple(p + x for p, x in zip(s.points, scores, strict=True))
    shown = tuple(tuple(sorted(b)) for b in bets)
    ended = replace(s, history=history, points=points, shown=shown,
                         races=s.races + 1)
    if s.round < s.series:  # HT-CHAMP-ROUNDS: a new setup; the token passes left
        token = (s.token + 1) % s.players
        events.append(Event("round-ended", ("HT-CHAMP-ROUNDS",),
                            {"round": s.round, "points": list(points), "token": token}))
        return Applied(replace(ended, phase="scored", token=token, turn=token),
                       tuple(events))
    final = replace(ended, phase="over")
    result = outcome(final)
    assert result is not None
    events.append(Event("game-over", result.rules,
                        {"points": list(points), "winners": list(result.winners)}))
    return Applied(final, tuple(events))


# --------------------------------------------------------------------------
# the end


def outcome(s: HareState) -> Outcome | None:
    """HT-SCORE-WINNER (one round) or HT-CHAMP-WINNER (three): who wins."""
    if s.phase != "over":
        return None
    best = max(s.points)
    tied = tuple(i for i, p in enumerate(s.points) if p == best)
    rounds = s.history if s.series > 1 else ()
    if s.series > 1:
        return Outcome(s.points, tied, ("HT-CHAMP-WINNER",), score_key="points",
                       rounds=rounds)
    if len(tied) == 1:
        return Outcome(s.points, tied, ("HT-SCORE-WINNER",), score_key="points")
    best_place = {i: rules.tiebreak_place(tuple(place_of(s.podium, a)
                                                for a in seat_bets(s.starting[i], s.second[i])))
                  for i in tied}
    top = min(best_place.values())
    winners = tuple(i for i in tied if best_place[i] == top)
    return Outcome(s.points, winners, ("HT-SCORE-WINNER",), score_key="points",
                   tiebreak="tied seats compared on their highest-placed bet animal; a tie "
                            "that remains is shared (HT-SCORE-WINNER)")


# --------------------------------------------------------------------------
# plain data


def _zones(z: tuple[tuple[str, ...], ...]) -> list[PlainData]:
    return [list(x) for x in z]


def to_data(s: HareState) -> dict[str, PlainData]:
    return {
        "game": GAME_ID, "version": VERSION, "players": s.players, "mode": s.mode,
        "series": s.series, "round": s.round, "phase": s.phase, "turn": s.turn,
        "token": s.token, "races": s.races, "streams": list(s.streams),
        "turbos": list(s.turbos), "positions": list(s.positions),
        "podium": _zones(s.podium), "unused": list(s.unused), "starting": _zones(s.starting),
        "second": _zones(s.second), "hands": _zones(s.hands), "deck": list(s.deck),
        "discard": list(s.discard), "table": list(s.table), "to_move": list(s.to_move),
        "points": list(s.points), "history": [list(h) for h in s.history],
        "shown": _zones(s.shown),
    }


KEYS: Final = ("game", "version", "players", "mode", "series", "round", "phase", "turn",
               "token", "races", "streams", "turbos", "positions", "podium", "unused",
               "starting", "second", "hands", "deck", "discard", "table", "to_move", "points",
               "history", "shown")


def _strs(value: object, where: str, choices: tuple[str, ...], sort: bool,
          most: int = 100) -> tuple[str, ...]:
    listed = read_list(value, where, max_length=most)
    if not all(type(c) is str and c in choices for c in listed):
        for i, c in enumerate(listed):  # the first bad one, named
            read_str(c, f"{where}[{i}]", choices)
    items = tuple(listed)
    if sort and items != tuple(sorted(items)):
        raise DecodeError(f"{where}: a multiset is listed sorted")
    return items


def _per_seat(value: object, where: str, n: int, choices: tuple[str, ...],
              sort: bool = True) -> tuple[tuple[str, ...], ...]:
    return tuple(_strs(z, f"{where}[{i}]", choices, sort)
                 for i, z in enumerate(read_list(value, where, length=n)))


def _read(data: Mapping[str, Any]) -> HareState:
    """The table of exactly :func:`to_data`'s form, unchecked (DecodeError otherwise)."""
    with building():
        return _read_fields(data)


def _read_fields(data: Mapping[str, Any]) -> HareState:
    d = read_keys(data, "state", KEYS)
    read_str(d["game"], "game", (GAME_ID,))
    read_int(d["version"], "version", VERSION, VERSION)
    n = read_int(d["players"], "players", MIN_PLAYERS, MAX_PLAYERS)
    ints = {k: read_int(d[k], k, -1000, 1000) for k in ("series", "round", "turn", "token",
                                                        "races")}
    streams = tuple(read_int(x, f"streams[{i}]", -100, 100)
                    for i, x in enumerate(read_list(d["streams"], "streams", max_length=2)))
    turbos = _strs(d["turbos"], "turbos", ANIMALS, False, 5)
    positions = tuple(read_int(x, f"positions[{i}]", -100, 100)
                      for i, x in enumerate(read_list(d["positions"], "positions",
                                                      length=len(ANIMALS))))
    podium = tuple(_strs(g, f"podium[{i}]", ANIMALS, False, 5)
                   for i, g in enumerate(read_list(d["podium"], "podium", max_length=5)))
    history = tuple(tuple(read_int(x, f"history[{r}][{i}]", -1000, 1000)
                          for i, x in enumerate(read_list(h, f"history[{r}]", length=n)))
                    for r, h in enumerate(read_list(d["history"], "history", max_length=3)))
    return HareState(
        n, read_str(d["mode"], "mode", MODES), ints["series"], ints["round"],
        read_str(d["phase"], "phase"), ints["turn"], ints["token"], ints["races"], streams,
        turbos, positions, podium, _strs(d["unused"], "unused", ANIMALS, True, 5),
        _per_seat(d["starting"], "starting", n, ANIMALS),
        _per_seat(d["second"], "second", n, CARD_KINDS),
        _per_seat(d["hands"], "hands", n, CARD_KINDS),
        _strs(d["deck"], "deck", CARD_KINDS, True), _strs(d["discard"], "discard", CARD_KINDS,
                                                          True),
        _strs(d["table"], "table", CARD_KINDS, True, 20),
        _strs(d["to_move"], "to_move", ANIMALS, False, 5),
        tuple(read_int(x, f"points[{i}]", -1000, 1000)
              for i, x in enumerate(read_list(d["points"], "points", length=n))),
        history, _per_seat(d["shown"], "shown", n, ANIMALS))


def from_data(data: Mapping[str, Any]) -> HareState:
    """The state of its plain data: DecodeError when unreadable, InvalidState when broken."""
    s = _read(data)
    broken = violations(s)
    if broken:
        raise InvalidState(broken)
    return s


def status(data: Mapping[str, Any]) -> tuple[str, ...]:
    """Every invariant a candidate breaks; an unreadable one breaks HT-INV-PHASE."""
    try:
        return violations(_read(data))
    except DecodeError:
        return ("HT-INV-PHASE",)


# --------------------------------------------------------------------------
# what a seat sees


def observation(s: HareState, seat: int) -> dict[str, PlainData]:
    """The table as ``seat`` sees it: its own hand and bets; of the others only
    counts; the deck's size; never the unused starting bets (HT-SETUP-START,
    HT-SETUP-SECOND, HT-TURN-REFILL). At the end every bet is shown."""
    over = s.phase in ("scored", "over")
    return {
        "game": GAME_ID, "seat": seat, "players": s.players, "mode": s.mode,
        "series": s.series, "round": s.round, "phase": s.phase, "turn": s.turn,
        "token": s.token, "races": s.races, "streams": list(s.streams),
        "turbos": list(s.turbos), "positions": list(s.positions),
        "podium": _zones(s.podium), "hand": list(s.hands[seat]),
        "starting": list(s.starting[seat]), "second": list(s.second[seat]),
        "hand_sizes": [len(h) for h in s.hands],
        "bet_counts": [len(a) + len(b) for a, b in zip(s.starting, s.second, strict=True)],
        "deck": len(s.deck), "discard": list(s.discard), "table": list(s.table),
        "to_move": list(s.to_move), "points": list(s.points),
        "history": [list(h) for h in s.history],
        "shown": _zones(s.shown),
        "bets": [list(seat_bets(a, b)) for a, b in zip(s.starting, s.second, strict=True)]
        if over else None,
    }

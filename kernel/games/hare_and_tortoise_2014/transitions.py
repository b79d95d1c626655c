"""The Hare & the Tortoise (2014): applying an action.

``apply`` is total and pure: anything that is not a legal action here is a
``Rejected`` naming the rule (KERNEL-INPUT, KERNEL-ACTOR, ... or the game
rule that forbids it, :func:`.legality.why_not`). A legal action gathers the
fields it changes and builds the next table as one unchecked copy
(:func:`.state.derive`), checked once against its parent
(:func:`.state.delta_violations`); the events of the commonest steps are made
once (at import; a standard racing phase's moves when first met). The movement
and scoring arithmetic is in :mod:`.rules`.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from typing import Any, Final

from kernel.core import Action, Applied, Event, InvalidState, Rejected, Result
from kernel.memo import Memos
from kernel.plugin import screen

from . import rules
from .actions import CHANCE_KINDS, PLACE, VOCABULARY
from .config import fresh
from .data import (
    ANIMAL_MAX,
    ANIMALS,
    APPRENTICE_HAND,
    CARD_KINDS,
    DEALT,
    FINISH,
    HAND,
    HOWL,
    MAX_PLAYERS,
    MODES,
    PODIUM_PLACES,
    STREAMS,
    TABLE_MAX,
    TURBO_TILES,
    hand_size,
    starting_bets,
)
from .legality import allowed, current_actor, outcome, why_not
from .state import (
    SETUP,
    HareState,
    counted,
    delta_violations,
    derive,
    drafted,
    podium_places,
    seat_bets,
)


def apply(s: HareState, action: object) -> Result:
    """Applied or Rejected naming the rule; never raises (KERNEL-INPUT)."""
    parsed = screen(action, VOCABULARY, lambda: current_actor(s), CHANCE_KINDS,
                    "the game is over")
    if isinstance(parsed, Rejected):
        return parsed
    if not allowed(s, parsed):
        return Rejected(why_not(s, parsed), f"{parsed.text} is not legal now ({s.phase})")
    return apply_legal(s, parsed)


def apply_legal(s: HareState, a: Action) -> Applied:
    """``apply`` of a legal action of ``s`` (one of ``legal_actions(s)`` or the chance
    outcomes' actions), without checking its legality again (``GameInfo.apply_legal``)."""
    result = _step(s, a)
    nxt = result.state
    # every invariant, once per step (HT-INV-*)
    broken = delta_violations(s, nxt, drafted(s, nxt))
    if broken:
        raise InvalidState(broken)
    return result


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


#: The events of a step that tells one seat a card or an animal (secret from the other
#: seats), made once (events are immutable values; a module constant, not a function, so
#: that nothing of it runs after import): by (kind, mode: "any" for both), per seat, per
#: card or animal.
_TOLD: Final = {
    (kind, mode): tuple({v: (Event(kind, rules, {"seat": seat, key: v}, secret=(key,),
                                   owners=(seat,)),) for v in values}
                        for seat in range(MAX_PLAYERS))
    for kind, mode, rules, key, values in (
        ("drew", "any", ("HT-TURN-REFILL",), "card", CARD_KINDS),
        ("second-bet", "any", ("HT-SETUP-SECOND",), "card", CARD_KINDS),
        ("dealt", "standard", ("HT-SETUP-DEAL",), "card", CARD_KINDS),
        ("dealt", "apprentice", ("HT-APP-DEAL", "HT-APP-CARDS"), "card", CARD_KINDS),
        ("starting-bet", "standard", ("HT-SETUP-START",), "animal", ANIMALS),
        ("starting-bet", "apprentice", ("HT-APP-DEAL", "HT-SETUP-START"), "animal", ANIMALS))}
# The events of the commonest steps: per seat, then per card, animal or play.
_PASSED: Final = tuple(Event("turn-passed", ("HT-TURN-NEXT",), {"seat": seat})
                       for seat in range(MAX_PLAYERS))
#: A refill's events: the card drawn, alone or with the turn passed to each seat.
_REFILLED: Final = tuple({c: (drew, tuple((*drew, passed) for passed in _PASSED))
                          for c, drew in cards.items()} for cards in _TOLD["drew", "any"])
_DEALT: Final = {mode: _TOLD["dealt", mode] for mode in MODES}
_STARTED: Final = {mode: _TOLD["starting-bet", mode] for mode in MODES}
_SECOND: Final = _TOLD["second-bet", "any"]
#: Per count of cards, and per seat: the events of the end of a racing phase (HT-RACE-END).
_DISCARDED: Final = tuple(Event("discarded", ("HT-RACE-END",), {"cards": n})
                          for n in range(TABLE_MAX + 1))
_TOKEN_PASSED: Final = tuple(Event("token-passed", ("HT-RACE-END",), {"seat": seat})
                             for seat in range(MAX_PLAYERS))
#: The standard racing phase's moves made so far, by (the animal's index, from, to, the
#: rules besides its own), each made once.
_MOVES: Final[dict[tuple[int, int, int, tuple[str, ...]], Event]] = {}
#: Emptied by the test suite before each test under mutation testing (:mod:`kernel.memo`).
MEMOS = Memos(globals(), "_MOVES")
#: Each animal's own racing rule, in the racing order (HT-RACE-ORDER).
_RACE_RULES: Final = ("HT-RACE-HARE", "HT-RACE-TORTOISE", "HT-RACE-WOLF", "HT-RACE-FOX",
                      "HT-RACE-LAMB")
#: Each play's cards (a wolf play's howls last) and, per seat, its event; by its action's
#: text (HT-TURN-PLAY).
_PLAYED: Final = {action.text: ((animal,) * (count - howls) + (HOWL,) * howls,
                                tuple((Event("played", ("HT-TURN-PLAY",),
                                             {"seat": seat, "animal": animal, "count": count,
                                              "howls": howls}),)
                                      for seat in range(MAX_PLAYERS)))
                  for (animal, count, howls), action in PLACE}


def _next_setup(s: HareState, changes: dict[str, Any]) -> None:
    """The setup step after ``s.phase`` (seat 0 first), or the first turn, into ``changes``."""
    order = SETUP[s.mode]
    i = order.index(s.phase)
    if i + 1 < len(order):
        changes["phase"] = order[i + 1]
        changes["turn"] = 0
    else:
        changes["phase"] = "turn"
        changes["turn"] = s.token


def _next_seat(s: HareState, seat: int, changes: dict[str, Any]) -> None:
    """The next seat's setup step, or after the last seat the next step, into ``changes``."""
    if seat == s.players - 1:
        _next_setup(s, changes)
    else:
        changes["turn"] = seat + 1


def _step(s: HareState, a: Action) -> Applied:
    """The table after the legal action ``a`` (its changes gathered, then copied from ``s``
    once: :func:`.state.derive`) and what happened."""
    kind = a.kind
    if kind == "draw":  # HT-TURN-REFILL
        return _draw(s, str(a.values[0]))
    if kind == "place":  # HT-TURN-PLAY
        seat = s.turn
        cards, played = _PLAYED[a.text]
        nxt = derive(s, {"hands": _set(s.hands, seat, _remove(s.hands[seat], *cards)),
                         "table": _add(s.table, *cards), "phase": "draw"})
        return Applied(nxt, played[seat])
    if kind == "deal":  # HT-SETUP-DEAL / HT-APP-DEAL
        seat, card = int(a.values[0]), str(a.values[1])
        hand = _add(s.hands[seat], card)
        changes: dict[str, Any] = {"deck": _remove(s.deck, card),
                                   "hands": _set(s.hands, seat, hand)}
        if len(hand) == (DEALT if s.mode == "standard" else hand_size(s.mode)):
            _next_seat(s, seat, changes)
        return Applied(derive(s, changes), _DEALT[s.mode][seat][card])
    if kind == "starting":  # HT-SETUP-START / HT-APP-DEAL
        seat, animal = int(a.values[0]), str(a.values[1])
        bets = _add(s.starting[seat], animal)
        changes = {"unused": _remove(s.unused, animal), "starting": _set(s.starting, seat, bets)}
        if len(bets) == starting_bets(s.players):
            _next_seat(s, seat, changes)
        return Applied(derive(s, changes), _STARTED[s.mode][seat][animal])
    if kind == "stream":  # HT-SETUP-TRACK
        streams = tuple(sorted((*s.streams, int(a.values[0]))))
        changes = {"streams": streams}
        if len(streams) == STREAMS:
            _next_setup(s, changes)
        return Applied(derive(s, changes),
                       (Event("stream-laid", ("HT-SETUP-TRACK",),
                              {"tile": int(a.values[0]), "streams": list(streams)}),))
    if kind == "turbo":  # HT-APP-TURBO
        turbos = (*s.turbos, str(a.values[0]))
        changes = {"turbos": turbos}
        if len(turbos) == len(TURBO_TILES):
            _next_setup(s, changes)
        return Applied(derive(s, changes),
                       (Event("turbo-placed", ("HT-APP-TURBO",),
                              {"tile": TURBO_TILES[len(turbos) - 1],
                               "animal": str(a.values[0])}),))
    if kind == "bet":  # HT-SETUP-SECOND
        seat, card = s.turn, str(a.values[0])
        changes = {"hands": _set(s.hands, seat, _remove(s.hands[seat], card)),
                   "second": _set(s.second, seat, (card,))}
        _next_seat(s, seat, changes)
        return Applied(derive(s, changes), _SECOND[seat][card])
    if kind == "gather":  # HT-CHAMP-ROUNDS: a new setup; only the token carries over
        nxt = fresh(s.players, s.mode, s.series, s.round + 1, s.token, s.races, s.points,
                    s.history, s.shown)
        return Applied(nxt, (Event("round-started", ("HT-CHAMP-ROUNDS",),
                                   {"round": s.round + 1, "token": s.token}),))
    return _apprentice_move(s, str(a.values[0]))


def _draw(s: HareState, card: str) -> Applied:
    seat = s.turn
    deck = s.deck
    j = bisect_left(deck, card)  # the deck is sorted (HT-INV-CARDS)
    deck = deck[:j] + deck[j + 1:]
    hand = s.hands[seat]
    k = bisect_right(hand, card)
    hand = (*hand[:k], card, *hand[k:])  # still sorted
    changes: dict[str, Any] = {"deck": deck, "hands": _set(s.hands, seat, hand)}
    drew, passed = _REFILLED[seat][card]
    events: list[Event] | None = None
    if not deck:  # HT-TURN-RESHUFFLE: the discard becomes the new deck at once
        events = [*drew, Event("reshuffled", ("HT-TURN-RESHUFFLE",), {"cards": len(s.discard)})]
        changes["deck"] = s.discard
        changes["discard"] = ()
    if len(hand) < (APPRENTICE_HAND if s.mode == "apprentice" else HAND):
        return Applied(derive(s, changes), drew if events is None else tuple(events))
    table = s.table
    counts, most = counted(table)
    if len(table) == TABLE_MAX or most == ANIMAL_MAX:  # HT-RACE-TRIGGER
        events = events or [*drew]
        events.append(Event("racing-phase", ("HT-RACE-TRIGGER",),
                            {"table": list(table), "seat": seat}))
        if s.mode == "apprentice":  # HT-APP-MOVE: the token's holder chooses first
            changes.update(phase="move", turn=s.token,
                           to_move=tuple(a for a in ANIMALS if counts[a]))
            return Applied(derive(s, changes), tuple(events))
        return _race(s, changes, counts, events)
    after = (seat + 1) % s.players  # HT-TURN-NEXT
    changes["phase"] = "turn"
    changes["turn"] = after
    return Applied(derive(s, changes), passed[after] if events is None
                   else (*events, _PASSED[after]))


def _race(s: HareState, changes: dict[str, Any], counts: Mapping[str, int],
          events: list[Event]) -> Applied:
    """The standard racing phase (HT-RACE-ORDER ... HT-RACE-END, HT-END-PODIUM, HT-END-GAME)
    after the refill ``changes`` of ``s``; ``counts``: the table's cards per animal."""
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
        extra: tuple[str, ...] = ("HT-RACE-HOWL",) if howl else ()
        if i == 0 and not howl and cards:
            ahead = max([p for p in pos[1:] if p != FINISH], default=0)
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
        key = (i, start, end, extra)
        moved = _MOVES.get(key)
        if moved is None:
            moved = _MOVES[key] = Event("moved", ("HT-RACE-ORDER", _RACE_RULES[i], *extra),
                                        {"animal": animal, "from": start, "to": end})
        events.append(moved)
        if end == FINISH:  # HT-END-PODIUM: the highest free place, at once
            podium.append((animal,))
            events.append(Event("podium", ("HT-END-PODIUM",),
                                {"animal": animal, "place": len(podium)}))
            if len(podium) == PODIUM_PLACES:  # HT-END-GAME: over at once
                changes.update(positions=tuple(pos), podium=tuple(podium))
                return _round_over(s, changes, events)
    changes.update(positions=tuple(pos), podium=tuple(podium))
    return _race_end(s, changes, events)


def _race_end(s: HareState, changes: dict[str, Any], events: list[Event]) -> Applied:
    """HT-RACE-END after the racing phase ``changes`` of ``s``: discard the table, pass the
    token left, its holder plays."""
    token = (s.token + 1) % s.players
    events.append(_DISCARDED[len(s.table)])
    events.append(_TOKEN_PASSED[token])
    changes.update(discard=_add(changes.get("discard", s.discard), *s.table), table=(),
                   token=token, turn=token, phase="turn", races=s.races + 1)
    return Applied(derive(s, changes), tuple(events))


def _apprentice_move(s: HareState, animal: str) -> Applied:
    """HT-APP-MOVE, HT-APP-TURBO: one animal moves X, then its turbo."""
    i = ANIMALS.index(animal)
    cards = counted(s.table)[0][animal]
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
    positions = _set(s.positions, i, boosted)
    to_move = tuple(a for a in s.to_move if a != animal)
    changes: dict[str, Any] = {"positions": positions, "podium": podium, "to_move": to_move,
                               "turn": (s.turn + 1) % s.players}
    if to_move:
        return Applied(derive(s, changes), tuple(events))
    past = [j for j, p in enumerate(positions) if p == FINISH]
    if not past:
        return _race_end(s, changes, events)
    # HT-APP-END: the crossers in order, then the closest to the finish, ties shared
    first = [ANIMALS.index(g[0]) for g in podium]
    crossed = (*first, *(j for j in past if j not in first))
    groups = rules.apprentice_podium(crossed, positions)
    full = tuple(tuple(ANIMALS[j] for j in g) for g in groups)
    for group, place in zip(full[len(podium):],
                            rules.places(tuple(len(g) for g in full))[len(podium):],
                            strict=True):
        for a in group:
            events.append(Event("podium", ("HT-APP-END",), {"animal": a, "place": place}))
    changes.update(podium=full, turn=s.turn)
    return _round_over(s, changes, events)


def _round_over(s: HareState, changes: dict[str, Any], events: list[Event]) -> Applied:
    """HT-END-GAME, HT-SCORE-POINTS, HT-CHAMP-ROUNDS after the racing ``changes`` of ``s``
    (its final podium among them): reveal, score, next round or the end."""
    podium = changes["podium"]
    bets = tuple(seat_bets(s.starting[i], s.second[i]) for i in range(s.players))
    places = podium_places(podium)
    scores = tuple(rules.bet_points(tuple([places.get(a, 0) for a in b])) for b in bets)
    events.append(Event("bets-revealed", ("HT-END-GAME",),
                        {"bets": [list(b) for b in bets]}))
    for seat, pts in enumerate(scores):
        events.append(Event("scored", ("HT-SCORE-POINTS",), {"seat": seat, "points": pts}))
    points = tuple(p + x for p, x in zip(s.points, scores, strict=True))
    changes.update(history=(*s.history, scores), points=points,
                   shown=tuple(tuple(sorted(b)) for b in bets), races=s.races + 1)
    if s.round < s.series:  # HT-CHAMP-ROUNDS: a new setup; the token passes left
        token = (s.token + 1) % s.players
        events.append(Event("round-ended", ("HT-CHAMP-ROUNDS",),
                            {"round": s.round, "points": list(points), "token": token}))
        changes.update(phase="scored", token=token, turn=token)
        return Applied(derive(s, changes), tuple(events))
    changes["phase"] = "over"
    final = derive(s, changes)
    result = outcome(final)
    assert result is not None
    events.append(Event("game-over", result.rules,
                        {"points": list(points), "winners": list(result.winners)}))
    return Applied(final, tuple(events))

"""Camel Up, 2nd edition (2018): applying an action.

``apply`` is total and pure: anything that is not a legal action here is a
``Rejected`` naming the rule (KERNEL-INPUT, KERNEL-ACTOR, ... or the game rule
that forbids it, :func:`.legality.why_not`). A legal action collects the
fields it changes and builds the next state once (:func:`.state.derive`),
checked incrementally against every invariant. A die's reveal is
:func:`.movement.reveal` (the 2018 reveal semantics, which moves the camels
with :func:`kernel.rules.stacks.move`); the leg and final scoring are here
(CU2-PAY-LEG, CU2-PARTNER-COPY, CU2-MONEY-FLOOR, CU2-LEG-RESET, CU2-PAY-FINAL).
"""

from __future__ import annotations

from typing import Any, Final

from kernel.core import Action, Applied, Event, Rejected, Result
from kernel.memo import Memos
from kernel.plugin import screen
from kernel.rules.payouts import floor_money

from .actions import CHANCE_KINDS, VOCABULARY
from .data import (
    ALL_CAMELS,
    BEHIND_LINE,
    COLOURS,
    CRAZY_CAMELS,
    CRAZY_START,
    LEG_DICE,
    MAX_PLAYERS,
    MONEY_FLOOR,
    PILES,
    RACING_START,
    SIDES,
    TICKET_STACK,
)
from .legality import current_actor, why_not
from .movement import PYRAMID_PAY, Board, Face, Revealed, Tile, leg_payout, places, reveal
from .scoring import leg_total, pile_money, pile_payouts
from .state import FACE_DIE, Camel2018State, derive, held_counts, pile

Changes = dict[str, Any]


def apply(s: Camel2018State, action: object) -> Result:
    """Applied or Rejected naming the rule; never raises (KERNEL-INPUT)."""
    parsed = screen(action, VOCABULARY, lambda: current_actor(s), CHANCE_KINDS,
                    "the race is over")
    if isinstance(parsed, Rejected):
        return parsed
    refusal = why_not(s, parsed)
    if refusal is not None:
        return refusal
    return apply_legal(s, parsed)


def apply_legal(s: Camel2018State, a: Action) -> Applied:
    """``apply`` of a legal action of ``s`` (one of ``legal_actions(s)`` or the chance
    outcomes' actions), without checking its legality again (``GameInfo.apply_legal``)."""
    events: list[Event] = []
    changes = _step(s, a, events)
    return Applied(derive(s, changes), tuple(events))  # every invariant, once per step


#: The next-turn event of each seat, made once (events are immutable values).
_NEXT_TURN: Final = tuple(Event("next-turn", ("CU2-TURN-ORDER",), {"seat": seat})
                          for seat in range(MAX_PLAYERS))


def _next_turn(s: Camel2018State, ch: Changes, events: list[Event]) -> Changes:
    nxt = (s.turn + 1) % s.players  # CU2-TURN-ORDER
    events.append(_NEXT_TURN[nxt])
    if s.phase != "turn":  # the phase is named a change only when it is one
        ch["phase"] = "turn"
    ch["turn"] = nxt
    return ch


#: The rules and data keys of the events a seat's turn makes most (:func:`_event`).
_KINDS: Final = {
    "ticket-taken": (("CU2-BET-TICKET",), ("seat", "colour", "value")),
    "tile-placed": (("CU2-TILE-PLACE",), ("seat", "space", "side", "moved_from")),
    "pyramid-ticket": (("CU2-PYRAMID-TICKET",), ("seat", "ticket")),
    "die-revealed": (("CU2-PYRAMID-TICKET",), ("seat", "die", "colour", "number")),
}
_EVENTS: Final[dict[tuple[Any, ...], Event]] = {}
#: Emptied by the test suite before each test under mutation testing (:mod:`kernel.memo`).
MEMOS = Memos(globals(), "_EVENTS")


def _event(key: tuple[Any, ...]) -> Event:
    """The event ``key`` (its kind, then its data's values in :data:`_KINDS` order),
    made once (events are immutable values: a game's turns repeat a few hundred)."""
    event = _EVENTS.get(key)
    if event is None:
        rules, names = _KINDS[key[0]]
        event = _EVENTS[key] = Event(key[0], rules, dict(zip(names, key[1:], strict=True)))
    return event


def _replace(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    out = list(values)
    out[i] = value
    return tuple(out)


def _step(s: Camel2018State, a: Action, events: list[Event]) -> Changes:
    """The fields the legal action ``a`` changes (its events appended to ``events``)."""
    seat = s.turn
    kind = a.kind
    if kind == "die":
        return _chance(s, str(a.values[0]), int(a.values[1]), events)
    ch: Changes = {}
    if kind == "bet":  # CU2-BET-TICKET
        colour = str(a.values[0])
        value = TICKET_STACK[len(TICKET_STACK) - 1 - held_counts(s.bets)[colour]]
        ch["bets"] = _replace(s.bets, seat, (*s.bets[seat], (colour, value)))
        events.append(_event(("ticket-taken", seat, colour, value)))
    elif kind in SIDES:  # CU2-TILE-PLACE
        space = int(a.values[0])
        old = s.tiles[seat]
        ch["tiles"] = _replace(s.tiles, seat, (space, kind))
        events.append(_event(("tile-placed", seat, space, kind,
                              None if old is None else old[0])))
    elif kind == "pyramid":  # CU2-PYRAMID-TICKET: the die is revealed by chance next
        tickets = _replace(s.pyramid_tickets, seat, s.pyramid_tickets[seat] + 1)
        ch["phase"] = "reveal"
        ch["pyramid_tickets"] = tickets
        events.append(_event(("pyramid-ticket", seat, sum(tickets))))
        return ch
    elif kind in PILES:  # CU2-FINISH-CARD, CU2-HIDDEN: the colour is its owner's secret
        colour = str(a.values[0])
        hand = list(s.hands[seat])
        hand.remove(colour)
        if kind == "winner":
            ch["winner_pile"] = size = (*s.winner_pile, seat)
            ch["winner_cards"] = _replace(s.winner_cards, seat, (*s.winner_cards[seat], colour))
        else:
            ch["loser_pile"] = size = (*s.loser_pile, seat)
            ch["loser_cards"] = _replace(s.loser_cards, seat, (*s.loser_cards[seat], colour))
        ch["hands"] = _replace(s.hands, seat, tuple(hand))
        events.append(Event("finish-card", ("CU2-FINISH-CARD", "CU2-HIDDEN"),
                            {"seat": seat, "pile": kind, "colour": colour, "size": len(size)},
                            secret=("colour",), owners=(seat,)))
    else:  # CU2-PARTNER: the other seat cannot refuse
        other = int(a.values[0])
        ch["partners"] = _replace(_replace(s.partners, seat, other), other, seat)
        events.append(Event("partnership", ("CU2-PARTNER",), {"seat": seat, "partner": other}))
    return _next_turn(s, ch, events)


def _chance(s: Camel2018State, colour: str, number: int, events: list[Event]) -> Changes:
    if s.phase == "setup":  # CU2-SETUP-RACING: on space 1-3, on top of those there
        space = RACING_START[number]
        track = _replace(s.track, space, (*s.track[space], colour))
        events.append(Event("camel-placed", ("CU2-SETUP-RACING",),
                            {"camel": colour, "number": number, "space": space}))
        placed = sum(1 for c in COLOURS if any(c in st for st in track))
        return {"track": track, "phase": "crazy" if placed == len(COLOURS) else "setup"}
    if s.phase == "crazy":  # CU2-SETUP-CRAZY: 1 = 16, 2 = 15, 3 = 14, the second on top
        space = CRAZY_START[number]
        track = _replace(s.track, space, (*s.track[space], colour))
        events.append(Event("camel-placed", ("CU2-SETUP-CRAZY",),
                            {"camel": colour, "number": number, "space": space}))
        done = all(any(c in st for st in track) for c in CRAZY_CAMELS)
        if done:  # CU2-SETUP-START: the youngest seat starts the first leg
            events.append(Event("leg-started", ("CU2-SETUP-START", "CU2-TURN-ORDER"),
                                {"leg": 1, "starter": s.starter}))
        return {"track": track, "phase": "turn" if done else "crazy"}
    return _reveal(s, colour, number, events)


#: Each camel's index in :data:`ALL_CAMELS` (the order of a :class:`Board`).
_INDEX: Final = {name: c for c, name in enumerate(ALL_CAMELS)}


def _board(track: tuple[tuple[str, ...], ...]) -> Board:
    """The board of a built state's track (every camel on it once: the state's invariant)."""
    pos = [0] * len(ALL_CAMELS)
    height = [0] * len(ALL_CAMELS)
    index = _INDEX
    for cell, stack in enumerate(track):
        if stack:
            for h, name in enumerate(stack):
                c = index[name]
                pos[c] = cell
                height[c] = h
    return Board(tuple(pos), tuple(height))


#: The rules of a reveal that its camel-moved event does not name (events of their own).
_NOT_MOVE: Final = frozenset(("CU2-TILE-PAY", "CU2-RACE-END"))


def _tiles_on_board(s: Camel2018State) -> tuple[Tile, ...]:
    return tuple([Tile(t[0], t[1] == "cheer", seat) for seat, t in enumerate(s.tiles)
                  if t is not None])


def _reveal(s: Camel2018State, colour: str, number: int, events: list[Event]) -> Changes:
    """CU2-PYRAMID-TICKET: the die's face moves a camel (:func:`.movement.reveal`)."""
    seat = s.turn
    face = f"{colour}:{number}"
    die = FACE_DIE[face]
    before = _board(s.track)
    tiles = _tiles_on_board(s)
    r: Revealed = reveal(before, tiles, die, Face(colour, number))
    events.append(_event(("die-revealed", seat, die, colour, number)))
    start = before.pos[_INDEX[r.camel]]
    move_rules = tuple([x for x in r.rules if x not in _NOT_MOVE])
    events.append(Event("camel-moved", move_rules, {
        "camel": r.camel, "from": start, "to": r.target, "unit": list(r.unit),
        "tiles": [tiles[i].space for i in r.used],
        "placed": "under" if r.used and not tiles[r.used[-1]].cheer else "top"}))
    money = list(s.money)
    for owner in r.paid:  # CU2-TILE-PAY: at once, before any race end
        money[owner] += 1
        events.append(Event("tile-paid", ("CU2-TILE-PAY",),
                            {"seat": owner, "amount": 1, "money": money[owner]}))
    # CU2-MOVE-STACK: the unit leaves the top of its stack for the top (or, under a
    # boozing tile, the bottom) of the target's
    track = list(s.track)
    left = track[start]
    k = left.index(r.camel)
    unit = left[k:]
    track[start] = left[:k]
    on = track[r.target]
    track[r.target] = (*unit, *on) if r.used and not tiles[r.used[-1]].cheer else (*on, *unit)
    revealed = (*s.revealed, face)
    ch: Changes = {"track": tuple(track), "revealed": revealed}
    if r.ended:  # CU2-RACE-END: one more leg scoring, then the final scoring
        events.append(Event("race-ended", ("CU2-RACE-END",),
                            {"camel": r.camel, "cell": r.target,
                             "way": "backwards" if r.target == BEHIND_LINE else "forwards"}))
        money = _leg_scoring(s, r.board, money, events)
        return _final_scoring(s, r.board, money, ch, events)
    if len(revealed) == LEG_DICE:  # CU2-LEG-END
        ch["money"] = tuple(_leg_scoring(s, r.board, money, events))
        return _reset(s, revealed, ch, events)
    if r.paid:  # the money is named a change only when it is one
        ch["money"] = tuple(money)
    return _next_turn(s, ch, events)


def _rewards(s: Camel2018State, seat: int, place: dict[str, int]) -> tuple[int, ...]:
    """The reward of each of a seat's tickets this leg: betting tickets then pyramid tickets
    (CU2-PAY-LEG, CU2-RANK)."""
    bets = [leg_payout(value, place[colour]) for colour, value in s.bets[seat]]
    return (*bets, *([PYRAMID_PAY] * s.pyramid_tickets[seat]))


def _leg_scoring(s: Camel2018State, after: Board, money: list[int],
                 events: list[Event]) -> list[int]:
    """CU2-PAY-LEG with CU2-PARTNER-COPY; the floor once on each seat's total (CU2-MONEY-FLOOR)."""
    order = places(after)
    ranking = sorted(COLOURS, key=lambda c: order[COLOURS.index(c)])
    events.append(Event("leg-ended", ("CU2-LEG-END", "CU2-RANK"),
                        {"leg": s.leg, "ranking": ranking}))
    place = dict(zip(COLOURS, order, strict=True))
    for seat in range(s.players):
        own = _rewards(s, seat, place)
        partner = s.partners[seat]  # CU2-PARTNER-COPY: the best reward, if it helps
        delta = leg_total(own, _rewards(s, partner, place) if partner is not None else (),
                          partner is not None)
        copied = delta - sum(own)
        money[seat] = floor_money(money[seat], delta, MONEY_FLOOR)
        rules = ("CU2-PAY-LEG", "CU2-MONEY-FLOOR") + (
            ("CU2-PARTNER-COPY",) if partner is not None else ())
        events.append(Event("leg-payout", rules, {"seat": seat, "delta": delta,
                                                  "copied": copied, "money": money[seat]}))
    return money


def _reset(s: Camel2018State, revealed: tuple[str, ...], ch: Changes,
           events: list[Event]) -> Changes:
    """CU2-LEG-RESET: the marker to the left of the last pyramid ticket; everything returns."""
    starter = (s.turn + 1) % s.players
    n = s.players
    ch.update(leg=s.leg + 1, starter=starter, turn=starter, phase="turn", revealed=(),
              previous_leg=revealed, bets=((),) * n, pyramid_tickets=(0,) * n,
              tiles=(None,) * n, partners=(None,) * n)
    events.append(Event("leg-started", ("CU2-LEG-RESET", "CU2-TURN-ORDER"),
                        {"leg": s.leg + 1, "starter": starter}))
    return ch


def _final_scoring(s: Camel2018State, after: Board, money_after_leg: list[int], ch: Changes,
                   events: list[Event]) -> Changes:
    """CU2-PAY-FINAL: each pile in the order placed; the floor after each card."""
    order = places(after)
    ranked = sorted(COLOURS, key=lambda c: order[COLOURS.index(c)])
    money = tuple(money_after_leg)
    for name, camel in (("winner", ranked[0]), ("loser", ranked[-1])):
        cards = pile(s, name)
        owners = tuple(o for o, _ in cards)
        right = tuple(c == camel for _, c in cards)
        for i, ((owner, colour), delta) in enumerate(zip(cards, pile_payouts(right),
                                                         strict=True)):
            paid = pile_money(money, owners[: i + 1], right[: i + 1])  # the floor card by card
            events.append(Event("final-payout", ("CU2-PAY-FINAL", "CU2-MONEY-FLOOR"),
                                {"seat": owner, "pile": name, "colour": colour, "camel": camel,
                                 "delta": delta, "money": paid[owner]}))
        money = pile_money(money, owners, right)
    ch["money"] = tuple(money)
    ch["phase"] = "over"
    best = max(money)
    events.append(Event("game-over", ("CU2-WINNER",), {
        "money": list(money), "winners": [i for i, m in enumerate(money) if m == best]}))
    return ch

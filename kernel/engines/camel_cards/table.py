"""The table in hand: the typed, mutable builder a transition edits.

A transition copies the frozen state's fields into one :class:`Table`
(the game's ``thaw``), the shared steps edit it, and the game builds the
next frozen state from it exactly once (its ``freeze``), so every state is
built, and checked against every invariant, once per transition.

Cells: 0 the Start card, 1..L the track spaces, L+1 the Finish. Racing-card
zones are sorted tuples (multisets) except ``revealed`` and ``shown``, kept
in order. The field layout is the one of Camel Up Cards (2016), the
reference game (see its ``state.py``); a sibling game freezes the fields it
has.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

import attrs

SETUP: Final = "setup"  # chance: the starting-position reveals
DEAL: Final = "deal"  # chance: one card dealt at a time
DISCARD: Final = "discard"  # seat `turn` discards
DECK: Final = "deck"  # seat `turn` adds cards to the racing deck
INTEL: Final = "intel"  # seat `turn` chooses its intel card
PLAY: Final = "play"  # seat `turn` takes its turn
DRAW: Final = "draw"  # chance: the racing deck's top card
OVER: Final = "over"  # the race has ended
PHASES: Final = (SETUP, DEAL, DISCARD, DECK, INTEL, PLAY, DRAW, OVER)
CHANCE_PHASES: Final = frozenset((SETUP, DEAL, DRAW))
#: The face-down choices, in the order they are made (a phase per choice kind).
CHOICE_PHASES: Final = (DISCARD, DECK, INTEL)
LEG_SETUP_PHASES: Final = frozenset((DEAL, *CHOICE_PHASES))

Cards = tuple[str, ...]
#: Leg betting cards a seat holds: (camel, value), value 0 for a midfield card.
Bets = tuple[tuple[int, int], ...]


@attrs.define(slots=True, weakref_slot=False, init=False, eq=False, repr=False)
class TableFields:
    """The fields of a table, declared once: what a state holds and a transition edits.

    Only slots (no ``__dict__``, no ``__weakref__``): the mutable
    :class:`Table` and a game's frozen state that derive from it add none, so
    they have the same layout and a game may turn a table into its state in
    place when it freezes it (Camel Up Cards 2016 does).
    """

    players: int
    #: The seats from youngest to oldest.
    age_order: tuple[int, ...]
    phase: str
    leg: int
    #: The laid race track cards in order: FACE, SAND or HALF (kernel.rules.camel).
    track: tuple[int, ...]
    #: Per camel (canonical order) its cell and its place in the stack there.
    pos: tuple[int, ...]
    height: tuple[int, ...]
    #: The forward figure (the 2016 palm tree) and the backward one (the
    #: fennec): a cell, 0 when on its card; the holder seat, -1 for none.
    palm: int
    palm_holder: int
    fennec: int
    fennec_holder: int
    #: Shuffled face-down cards still to be revealed at setup or dealt.
    stock: Cards
    hands: tuple[Cards, ...]
    discard: Cards
    #: The racing deck.
    deck: Cards
    #: Per seat, a face-down intel card not yet shown.
    intel: tuple[Cards, ...]
    revealed: Cards
    #: Intel cards shown to all this leg (public memory, seat order).
    shown: Cards
    #: Per colour the leg leader cards left, bottom to top.
    leaders: tuple[tuple[int, ...], ...]
    #: Per colour whether its midfield card is available.
    midfield: tuple[bool, ...]
    bets: tuple[Bets, ...]
    #: Per seat a colour, or -1.
    winner_bets: tuple[int, ...]
    loser_bets: tuple[int, ...]
    money: tuple[int, ...]
    #: Per seat every applied payout, in order.
    payouts: tuple[tuple[int, ...], ...]
    starter: int
    turn: int
    bet_done: bool
    track_done: bool
    #: Spaces added to the track at this leg's setup.
    extended: int


@attrs.define(slots=True, weakref_slot=False, eq=False)
class Table(TableFields):
    """One state's fields, typed and mutable while a transition runs."""


# --------------------------------------------------------------------------
# zones

T = TypeVar("T")


def without(cards: Cards, card: str) -> Cards:
    """A sorted zone less one ``card`` (which it holds)."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def adding(cards: Cards, *new: str) -> Cards:
    """A sorted zone with ``new`` cards added, still sorted."""
    return tuple(sorted(cards + new))


def put(seq: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``seq`` with item ``i`` replaced by ``value``."""
    return (*seq[:i], value, *seq[i + 1:])


def distinct_sorted(cards: Cards) -> list[str]:
    """The distinct cards of a sorted zone, in order (equal neighbours once: a sorted
    zone's copies of a card are neighbours, so the first of each is kept)."""
    return list(dict.fromkeys(cards))


def copy_fields(s: TableFields, t: TableFields) -> None:
    """Every field of the engine's layout from ``s`` into ``t`` (a game's thaw), slot by
    slot (a third of the cost of an attrs constructor)."""
    t.players = s.players
    t.age_order = s.age_order
    t.phase = s.phase
    t.leg = s.leg
    t.track = s.track
    t.pos = s.pos
    t.height = s.height
    t.palm = s.palm
    t.palm_holder = s.palm_holder
    t.fennec = s.fennec
    t.fennec_holder = s.fennec_holder
    t.stock = s.stock
    t.hands = s.hands
    t.discard = s.discard
    t.deck = s.deck
    t.intel = s.intel
    t.revealed = s.revealed
    t.shown = s.shown
    t.leaders = s.leaders
    t.midfield = s.midfield
    t.bets = s.bets
    t.winner_bets = s.winner_bets
    t.loser_bets = s.loser_bets
    t.money = s.money
    t.payouts = s.payouts
    t.starter = s.starter
    t.turn = s.turn
    t.bet_done = s.bet_done
    t.track_done = s.track_done
    t.extended = s.extended


def bet_taken(leaders: Any, midfield: Any, bets: Any, last: Any, camels: int) -> bool:
    """A leg bet checked against a valid state ``last`` (2016 rule ID CUC-INV-LEGCARDS):
    one seat's bets are its bets there and one more card, the top of that
    colour's leader stack there (the stack one card shorter) or that colour's
    midfield card there (now taken); every other stack, flag and seat's bets
    the same.

    True only then (each card in one place, as in the valid state); False does
    not mean broken: the caller checks in full. Never raises. ``camels``: the
    racing camels (leader stacks).
    """
    old = last.bets
    if type(bets) is not tuple or type(old) is not tuple or len(bets) != len(old):
        return False
    changed = [i for i in range(len(bets)) if bets[i] is not old[i]]
    if len(changed) != 1:
        return False
    mine, before = bets[changed[0]], old[changed[0]]
    if type(mine) is not tuple or len(mine) != len(before) + 1 or mine[:-1] != before:
        return False
    bet = mine[-1]
    if type(bet) is not tuple or len(bet) != 2:
        return False
    colour, value = bet
    if type(colour) is not int or not 0 <= colour < camels or type(value) is not int:
        return False
    if value == 0:  # a midfield card
        return (leaders is last.leaders and bool(last.midfield[colour])
                and midfield == (*last.midfield[:colour], False, *last.midfield[colour + 1:]))
    stack = last.leaders[colour]
    return (midfield is last.midfield and bool(stack) and stack[-1] == value
            and leaders == (*last.leaders[:colour], stack[:-1], *last.leaders[colour + 1:]))

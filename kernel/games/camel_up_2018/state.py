"""Camel Up, 2nd edition (2018): the frozen state and its invariants (CU2-INV-*).

A :class:`Camel2018State` built directly (``new_game``, :func:`.plain.from_data`)
is checked against every invariant from scratch (:func:`full_violations`); a
state a transition builds from its parent (:func:`derive`) is checked
incrementally (:func:`delta_violations`): the parent held every invariant, so
only the checks that read a field the transition replaced run again, and the
ones that have a cheaper form for a one-item change (a ticket taken, a finish
card played) use it. The two agree on every pair of states (the tests check
it on every step of seeded games and on broken children); :func:`violations`
is the full check, and ``status`` uses it.

The fields, key by key (the plain data of :mod:`.plain` names them the same):

- ``players``, ``phase`` (setup, crazy, turn, reveal, over), ``leg`` (1, 2, ...),
  ``starter`` (the seat with the starting player marker), ``turn`` (the seat
  to act; in ``reveal`` the seat that took the pyramid ticket);
- ``track``: 18 stacks, cells 0 (behind the finish line) to 17 (past it),
  each a stack of camel names bottom to top;
- ``revealed``: the dice out of the pyramid this leg, in order, each the face
  shown as ``colour:number`` (the grey die's face names white or black);
- ``previous_leg``: the faces revealed in the previous leg, in order;
- ``bets``: per seat the betting tickets taken this leg, in order, each
  ``(colour, value)`` (typed: no string is parsed to read a ticket);
- ``pyramid_tickets``: per seat the pyramid tickets taken this leg;
- ``tiles``: per seat ``None`` or ``(space, side)``;
- ``money``: per seat;
- ``hands``: per seat the finish cards in hand (colours, sorted);
- ``winner_pile`` / ``loser_pile``: the owners of the cards on each pile, first placed first;
- ``winner_cards`` / ``loser_cards``: per seat the colours of its cards on
  that pile, in pile order;
- ``partners``: per seat ``None`` or its partner's seat (6 or more players).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from typing import Any, Final

import attrs

from kernel.core import InvalidState, require_immutable
from kernel.memo import Memos
from kernel.pictures import Pictured

from .data import (
    ALL_CAMELS,
    ALL_DICE,
    BEHIND_LINE,
    CELLS,
    COLOURS,
    CRAZY_CAMELS,
    CRAZY_START,
    GREY_DIE,
    LEG_DICE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBERS,
    PARTNER_MIN_PLAYERS,
    PAST_LINE,
    PHASES,
    RACING_START,
    SIDES,
    TICKET_STACK,
    TILE_SPACES,
)

INVARIANTS: Final = (
    "CU2-INV-CAMELS",
    "CU2-INV-CARDS",
    "CU2-INV-DICE",
    "CU2-INV-MONEY",
    "CU2-INV-PARTNERS",
    "CU2-INV-PHASE",
    "CU2-INV-TICKETS",
    "CU2-INV-TILES",
)

Tile = tuple[int, str]  #: (space, side)
Ticket = tuple[str, int]  #: (colour, value)


@attrs.frozen(slots=False)
class Camel2018State(Pictured):
    """A table of Camel Up (2018); see the module docstring for each field.

    Not slotted: a transition copies its parent's fields in one C call
    (:func:`derive`); the instance stays frozen (no attribute can be set)."""

    players: int
    phase: str
    leg: int
    starter: int
    turn: int
    track: tuple[tuple[str, ...], ...]
    revealed: tuple[str, ...]
    previous_leg: tuple[str, ...]
    bets: tuple[tuple[Ticket, ...], ...]
    pyramid_tickets: tuple[int, ...]
    tiles: tuple[Tile | None, ...]
    money: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    winner_pile: tuple[int, ...]
    loser_pile: tuple[int, ...]
    winner_cards: tuple[tuple[str, ...], ...]
    loser_cards: tuple[tuple[str, ...], ...]
    partners: tuple[int | None, ...]

    def __attrs_post_init__(self) -> None:
        require_immutable(self, FIELDS)  # a list could be changed after the check
        broken = full_violations(self)
        if broken:
            raise InvalidState(broken)


FIELDS: Final = tuple(a.name for a in attrs.fields(Camel2018State))
_FIELD_SET: Final = frozenset(FIELDS)
_new: Final = object.__new__
_set: Final = object.__setattr__


def candidate(**fields: Any) -> Camel2018State:
    """Build a state WITHOUT checking it: a candidate read from plain data to ask
    :func:`violations` about, or a broken table for a test."""
    obj = _new(Camel2018State)
    for name in FIELDS:
        _set(obj, name, fields[name])
    return obj


def draft(s: Camel2018State, **changes: Any) -> Camel2018State:
    """An unchecked copy of ``s`` with ``changes`` (a candidate to ask :func:`violations`
    about)."""
    return candidate(**{name: changes.get(name, getattr(s, name)) for name in FIELDS})


def checked(s: Camel2018State) -> Camel2018State:
    """The state built from a candidate's fields, checked from scratch (InvalidState if it
    breaks a rule)."""
    return Camel2018State(**{name: getattr(s, name) for name in FIELDS})


def derive(parent: Camel2018State, changes: dict[str, Any]) -> Camel2018State:
    """The state ``parent`` with ``changes``, built once and checked incrementally
    (:func:`delta_violations`; InvalidState if it breaks an invariant)."""
    if not changes.keys() <= _FIELD_SET:
        raise TypeError(f"no such field: {sorted(changes.keys() - _FIELD_SET)}")
    obj = _new(Camel2018State)  # one copy of the fields (no dict per field, no attrs rebuild)
    fields = obj.__dict__
    before = parent.__dict__
    fields.update(before)
    fields.update(changes)
    # the fields replaced: only those ``changes`` names can be (as changed_fields); one
    # given again unchanged only adds a check its parent passed
    broken = delta_violations(parent, obj, changes.keys())
    if broken:
        raise InvalidState(broken)
    return obj


# --------------------------------------------------------------------------
# small readings of a state

#: The die of each face ``colour:number`` (the grey die for a crazy camel's face).
FACE_DIE: Final = {f"{c}:{n}": (GREY_DIE if c in CRAZY_CAMELS else c)
                   for c in ALL_CAMELS for n in NUMBERS}


def die_of(face: str) -> str:
    """The die that shows ``face`` (``colour:number``): its colour, or the grey die.

    >>> die_of("red:3"), die_of("white:1")
    ('red', 'grey')
    """
    colour = face.split(":")[0]
    return GREY_DIE if colour in CRAZY_CAMELS else colour


def pyramid(s: Camel2018State) -> tuple[str, ...]:
    """The dice still in the pyramid, in the order of :data:`ALL_DICE` (CU2-PYRAMID-TICKET)."""
    out = {die_of(f) for f in s.revealed}
    return tuple(d for d in ALL_DICE if d not in out)


def held(s: Camel2018State) -> dict[str, int]:
    """How many betting tickets of each colour the seats hold (one pass over the
    seats' tickets)."""
    return dict(held_counts(s.bets))


#: The last seats' tickets counted and their counts (:func:`held_counts`), one tuple
#: replaced whole (a thread reads a matching pair).
_held_last: tuple[object, Mapping[str, int]] = (object(), {})


def held_counts(bets: tuple[tuple[Ticket, ...], ...]) -> Mapping[str, int]:
    """:func:`held` of the seats' tickets ``bets``, NOT to be changed by the caller:
    the counts of the last ``bets`` asked (the very tuple, kept) are given again
    (a state, its legality and its transition, and the states after it until a
    ticket is taken, share one ``bets``)."""
    global _held_last
    last = _held_last
    if bets is last[0]:
        return last[1]
    new = dict.fromkeys(COLOURS, 0)
    for seat in bets:
        if seat:
            for colour, _value in seat:
                new[colour] += 1
    _held_last = (bets, new)
    return new


def stacks(s: Camel2018State) -> dict[str, tuple[int, ...]]:
    """Every colour's betting tickets left, bottom to top (CU2-BET-TICKET)."""
    count = held_counts(s.bets)
    return {c: TICKET_STACK[: max(0, len(TICKET_STACK) - count[c])] for c in COLOURS}


def stack_of(s: Camel2018State, colour: str) -> tuple[int, ...]:
    """A colour's betting tickets left, bottom to top (CU2-BET-TICKET)."""
    return stacks(s)[colour]


def top_ticket(s: Camel2018State, colour: str) -> int:
    """The value of a colour's top betting ticket, 0 when its stack is empty."""
    left = stack_of(s, colour)
    return left[-1] if left else 0


def camel_cells(s: Camel2018State) -> dict[str, tuple[int, int]]:
    """Each camel on the board: (cell, height)."""
    return {c: (cell, h) for cell, stack in enumerate(s.track) for h, c in enumerate(stack)}


def pile(s: Camel2018State, name: str) -> tuple[tuple[int, str], ...]:
    """A finish-card pile as (owner, colour), first placed first (CU2-FINISH-CARD)."""
    owners = s.winner_pile if name == "winner" else s.loser_pile
    cards = s.winner_cards if name == "winner" else s.loser_cards
    seen = [0] * s.players
    out: list[tuple[int, str]] = []
    for owner in owners:
        out.append((owner, cards[owner][seen[owner]]))
        seen[owner] += 1
    return tuple(out)


# --------------------------------------------------------------------------
# invariants, from scratch

_SETUP: Final = ("setup", "crazy")


def _shape_ok(s: Camel2018State) -> bool:
    n = s.players
    return (MIN_PLAYERS <= n <= MAX_PLAYERS and s.phase in PHASES and s.leg >= 1
            and 0 <= s.starter < n and 0 <= s.turn < n and len(s.track) == CELLS
            and all(len(x) == n for x in (s.bets, s.pyramid_tickets, s.tiles, s.money, s.hands,
                                          s.winner_cards, s.loser_cards, s.partners)))


_CAMEL_SET: Final = frozenset(ALL_CAMELS)


def _camels_ok(s: Camel2018State) -> bool:
    """CU2-INV-CAMELS."""
    names = [c for stack in s.track for c in stack]
    if len(names) != len(set(names)) or not _CAMEL_SET.issuperset(names):
        return False
    if s.phase in _SETUP:
        where = camel_cells(s)
        racing_ok = all(where[c][0] in RACING_START.values() for c in COLOURS if c in where)
        crazy_ok = all(where[c][0] in CRAZY_START.values() for c in CRAZY_CAMELS if c in where)
        placed_ok = (not any(c in where for c in CRAZY_CAMELS) if s.phase == "setup"
                     else all(c in where for c in COLOURS) and len(where) < len(ALL_CAMELS))
        return racing_ok and crazy_ok and placed_ok
    if len(names) != len(ALL_CAMELS):
        return False
    beyond = bool(s.track[BEHIND_LINE] or s.track[PAST_LINE])
    return beyond == (s.phase == "over")


def _faces_ok(faces: tuple[str, ...]) -> bool:
    if len(faces) > LEG_DICE or any(f not in FACE_DIE for f in faces):
        return False
    return len({FACE_DIE[f] for f in faces}) == len(faces)


def _dice_ok(s: Camel2018State, legs: bool = True) -> bool:
    """CU2-INV-DICE (``legs`` False: the leg and the previous leg's faces as the
    parent's, which held them)."""
    if not _faces_ok(s.revealed):
        return False
    if legs and (not _faces_ok(s.previous_leg) or (s.leg == 1) != (not s.previous_leg)
                 or (s.leg > 1 and len(s.previous_leg) != LEG_DICE)):
        return False
    if s.phase in _SETUP:
        return not s.revealed and sum(s.pyramid_tickets) == 0
    extra = 1 if s.phase == "reveal" else 0
    return (all(t >= 0 for t in s.pyramid_tickets)
            and sum(s.pyramid_tickets) == len(s.revealed) + extra
            and (s.phase == "over" or len(s.revealed) + extra <= LEG_DICE))


#: Each ticket value of the stack (a ticket of another value cannot exist).
_VALUES: Final = frozenset(TICKET_STACK)
#: The values held of one colour, sorted, for each count taken (from the top: 5, 3, 2, 2).
_HELD: Final = tuple(tuple(sorted(TICKET_STACK[len(TICKET_STACK) - k:]))
                     for k in range(len(TICKET_STACK) + 1))


def _ticket_ok(t: object) -> bool:
    """A ticket is a (colour, value) pair of a racing colour and a stack value."""
    return (type(t) is tuple and len(t) == 2 and t[0] in COLOURS
            and type(t[1]) is int and t[1] in _VALUES)


def _tickets_ok(s: Camel2018State) -> bool:
    """CU2-INV-TICKETS: each colour's tickets held are the top ones of 2, 2, 3, 5, and
    each seat took a colour's tickets from the top down."""
    values: dict[str, list[int]] = {}
    for seat in s.bets:
        last: dict[str, int] = {}
        for t in seat:
            if not _ticket_ok(t):
                return False
            colour, value = t
            if value > last.get(colour, 9):
                return False
            last[colour] = value
            values.setdefault(colour, []).append(value)
    if values and s.phase in _SETUP:
        return False
    return all(len(v) < len(_HELD) and tuple(sorted(v)) == _HELD[len(v)]
               for v in values.values())


def _tiles_ok(s: Camel2018State) -> bool:
    """CU2-INV-TILES."""
    spaces = [t[0] for t in s.tiles if t is not None]
    if any(t[1] not in SIDES for t in s.tiles if t is not None):
        return False
    if s.phase in _SETUP and spaces:
        return False
    for space in spaces:
        if space not in TILE_SPACES or s.track[space]:
            return False
        if spaces.count(space) > 1 or space + 1 in spaces:
            return False
    return True


_COLOUR_SET: Final = frozenset(COLOURS)


def _seat_cards_ok(s: Camel2018State, seat: int) -> bool:
    """CU2-INV-CARDS for one seat: its five colours once each, the hand sorted, as many
    cards on each pile as the pile lists the seat."""
    hand = s.hands[seat]
    mine = (*hand, *s.winner_cards[seat], *s.loser_cards[seat])
    if (len(mine) != len(COLOURS) or set(mine) != _COLOUR_SET
            or any(a > b for a, b in itertools.pairwise(hand))):
        return False
    return (s.winner_pile.count(seat) == len(s.winner_cards[seat])
            and s.loser_pile.count(seat) == len(s.loser_cards[seat]))


def _cards_ok(s: Camel2018State) -> bool:
    """CU2-INV-CARDS."""
    if not all(_seat_cards_ok(s, seat) for seat in range(s.players)):
        return False
    if any(not 0 <= o < s.players for o in (*s.winner_pile, *s.loser_pile)):
        return False
    return not (s.phase in _SETUP and (s.winner_pile or s.loser_pile))


def _partners_ok(s: Camel2018State) -> bool:
    """CU2-INV-PARTNERS."""
    for seat, other in enumerate(s.partners):
        if other is None:
            continue
        if (s.players < PARTNER_MIN_PLAYERS or not 0 <= other < s.players or other == seat
                or s.partners[other] != seat or s.phase in _SETUP):
            return False
    return True


def _setup_phase_ok(s: Camel2018State) -> bool:
    """CU2-INV-PHASE: the setup is the first leg's, with the starter to act."""
    return s.phase not in _SETUP or (s.leg == 1 and s.turn == s.starter)


def full_violations(s: Camel2018State) -> tuple[str, ...]:
    """Every invariant ``s`` breaks (CU2-INV-*), in the order of :data:`INVARIANTS`,
    every check run from scratch."""
    if not _shape_ok(s):
        return ("CU2-INV-PHASE",)
    broken: list[str] = []
    if not _camels_ok(s):
        broken.append("CU2-INV-CAMELS")
    if not _cards_ok(s):
        broken.append("CU2-INV-CARDS")
    if not _dice_ok(s):
        broken.append("CU2-INV-DICE")
    if any(m < 0 for m in s.money):
        broken.append("CU2-INV-MONEY")
    if not _partners_ok(s):
        broken.append("CU2-INV-PARTNERS")
    if not _setup_phase_ok(s):
        broken.append("CU2-INV-PHASE")
    if not _tickets_ok(s):
        broken.append("CU2-INV-TICKETS")
    if not _tiles_ok(s):
        broken.append("CU2-INV-TILES")
    return tuple(broken)


#: The full check: what ``status`` and ``from_data`` use.
violations: Final = full_violations


# --------------------------------------------------------------------------
# invariants, incrementally


def _ticket_taken_ok(p: Camel2018State, s: Camel2018State, seat: int) -> bool:
    """CU2-INV-TICKETS when ``seat`` took one ticket: the parent held every colour's top
    tickets, so the new one must be the next from the top of its colour, and not above
    the seat's last of that colour."""
    t = s.bets[seat][-1]
    if not _ticket_ok(t):
        return False
    colour, value = t
    count = 0
    for other in p.bets:
        for c, _v in other:
            if c == colour:
                count += 1
    if count >= len(TICKET_STACK) or value != TICKET_STACK[len(TICKET_STACK) - 1 - count]:
        return False
    return all(v >= value for c, v in p.bets[seat] if c == colour)


def _tickets_delta_ok(p: Camel2018State, s: Camel2018State) -> bool:
    bets, parents = s.bets, p.bets
    changed = [i for i in range(s.players) if bets[i] is not parents[i]]
    if len(changed) == 1:
        seat = changed[0]
        mine, before = s.bets[seat], p.bets[seat]
        if len(mine) == len(before) + 1 and mine[:-1] == before:
            return _ticket_taken_ok(p, s, seat)
    return _tickets_ok(s)


def _piles_delta(p: Camel2018State, s: Camel2018State, seats: set[int]) -> bool:
    """Adds to ``seats`` the owners whose pile counts may have changed; False when a new
    owner is out of range. A pile that grew by one card names only its owner."""
    for new, old in ((s.winner_pile, p.winner_pile), (s.loser_pile, p.loser_pile)):
        if new is old:
            continue
        if len(new) == len(old) + 1 and new[:-1] == old:
            added: tuple[int, ...] = new[-1:]
        else:
            added = new
            seats.update(range(s.players))
        for owner in added:
            if not 0 <= owner < s.players:
                return False
            seats.add(owner)
    return True


def _cards_delta_ok(p: Camel2018State, s: Camel2018State) -> bool:
    """CU2-INV-CARDS for the seats whose cards or pile places changed."""
    seats: set[int] = set()
    for new, old in ((s.hands, p.hands), (s.winner_cards, p.winner_cards),
                     (s.loser_cards, p.loser_cards)):
        if new is not old:
            seats.update([i for i in range(s.players) if new[i] is not old[i]])
    if not _piles_delta(p, s, seats):
        return False
    return all(_seat_cards_ok(s, seat) for seat in seats)


def _tiles_delta_ok(p: Camel2018State, s: Camel2018State) -> bool:
    tiles = s.tiles
    if s.track is not p.track:
        if tiles is p.tiles:  # the camels moved: no tile may lie under one now
            track = s.track
            for t in tiles:
                if t is not None and track[t[0]]:
                    return False
            return True
        return _tiles_ok(s)
    before = p.tiles
    seat = -1
    for i, t in enumerate(tiles):
        if t is not before[i]:
            if seat >= 0:  # more than one seat's tile changed
                return _tiles_ok(s)
            seat = i
    tile = tiles[seat] if seat >= 0 else None
    if tile is None:
        return _tiles_ok(s)
    space, side = tile
    if side not in SIDES or space not in TILE_SPACES or s.track[space]:
        return False
    for i, t in enumerate(tiles):
        if t is not None and i != seat and -1 <= t[0] - space <= 1:
            return False
    return True


#: The fields each invariant reads (besides the players and the phase, whose changes the
#: incremental check handles first).
_PER_SEAT: Final = frozenset(("bets", "pyramid_tickets", "tiles", "money", "hands",
                              "winner_cards", "loser_cards", "partners"))
_CARD_FIELDS: Final = frozenset(("hands", "winner_cards", "loser_cards", "winner_pile",
                                 "loser_pile"))
_DICE_FIELDS: Final = frozenset(("revealed", "previous_leg", "leg", "phase", "pyramid_tickets"))
_TILE_FIELDS: Final = frozenset(("tiles", "track"))


def changed_fields(p: Camel2018State, s: Camel2018State) -> set[str]:
    """The fields of ``s`` that are not its parent's very objects."""
    before = p.__dict__
    return {name for name, value in s.__dict__.items() if value is not before[name]}


def _money_ok(_p: Camel2018State, s: Camel2018State) -> bool:
    return all(m >= 0 for m in s.money)


def _camels_delta_ok(_p: Camel2018State, s: Camel2018State) -> bool:
    return _camels_ok(s)


def _dice_leg_ok(_p: Camel2018State, s: Camel2018State) -> bool:
    return _dice_ok(s, False)


def _dice_legs_ok(_p: Camel2018State, s: Camel2018State) -> bool:
    return _dice_ok(s, True)


def _partners_delta_ok(_p: Camel2018State, s: Camel2018State) -> bool:
    return _partners_ok(s)


#: What the incremental check runs when exactly these fields changed: whether to check
#: from scratch (the player count), whether the phase changed, the shape checks
#: (leg, starter, turn, track: a flag each; the per-seat fields whose lengths to check)
#: and each invariant to check with its ID, in the order of :data:`INVARIANTS`.
_Plan = tuple[bool, bool, bool, bool, bool, bool, tuple[str, ...],
              tuple[tuple[Callable[[Camel2018State, Camel2018State], bool], str], ...]]
_PLANS: Final[dict[frozenset[str], _Plan]] = {}
#: Emptied by the test suite before each test under mutation testing (:mod:`kernel.memo`).
MEMOS = Memos(globals(), "_held_last", "_PLANS")


def _plan(changed: frozenset[str]) -> _Plan:
    checks: list[tuple[Callable[[Camel2018State, Camel2018State], bool], str]] = []
    if "track" in changed:
        checks.append((_camels_delta_ok, "CU2-INV-CAMELS"))
    if not changed.isdisjoint(_CARD_FIELDS):
        checks.append((_cards_delta_ok, "CU2-INV-CARDS"))
    if not changed.isdisjoint(_DICE_FIELDS):
        legs = "leg" in changed or "previous_leg" in changed
        checks.append((_dice_legs_ok if legs else _dice_leg_ok, "CU2-INV-DICE"))
    if "money" in changed:
        checks.append((_money_ok, "CU2-INV-MONEY"))
    if "partners" in changed:
        checks.append((_partners_delta_ok, "CU2-INV-PARTNERS"))
    if "bets" in changed:
        checks.append((_tickets_delta_ok, "CU2-INV-TICKETS"))
    if not changed.isdisjoint(_TILE_FIELDS):
        checks.append((_tiles_delta_ok, "CU2-INV-TILES"))
    return ("players" in changed, "phase" in changed, "leg" in changed, "starter" in changed,
            "turn" in changed, "track" in changed,
            tuple(name for name in FIELDS if name in changed and name in _PER_SEAT),
            tuple(checks))


def delta_violations(p: Camel2018State, s: Camel2018State,
                     changed: AbstractSet[str] | None = None) -> tuple[str, ...]:
    """Every invariant ``s`` breaks, knowing that its parent ``p`` broke none: the
    same answer as :func:`full_violations`, running only what the fields ``s``
    replaced (``changed``, at least those that are not the parent's very objects:
    :func:`changed_fields` when not given) can change (the plan for each set of
    fields is made once). A change of
    the player count, or a phase change into, out of or within the setup or into
    the end, checks from scratch."""
    if changed is None:
        changed = changed_fields(p, s)
    key = frozenset(changed)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS[key] = _plan(key)
    scratch, phased, leg, starter, turn, track, per_seat, checks = plan
    phase = s.phase
    if (scratch or phase in _SETUP or p.phase in _SETUP
            or (phased and (phase == "over" or phase not in PHASES))):
        return full_violations(s)
    n = s.players
    if ((leg and s.leg < 1) or (starter and not 0 <= s.starter < n)
            or (turn and not 0 <= s.turn < n) or (track and len(s.track) != CELLS)):
        return ("CU2-INV-PHASE",)
    for name in per_seat:
        if len(getattr(s, name)) != n:
            return ("CU2-INV-PHASE",)
    return tuple([rule for check, rule in checks if not check(p, s)])


__all__ = [
    "FACE_DIE",
    "FIELDS",
    "INVARIANTS",
    "Camel2018State",
    "Ticket",
    "Tile",
    "camel_cells",
    "candidate",
    "changed_fields",
    "checked",
    "delta_violations",
    "derive",
    "die_of",
    "draft",
    "full_violations",
    "held",
    "held_counts",
    "pile",
    "pyramid",
    "stack_of",
    "stacks",
    "top_ticket",
    "violations",
]

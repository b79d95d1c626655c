"""Camel Up, 2nd edition (2018): the frozen state, its invariants and its plain data.

A :class:`Camel2018State` is checked by :func:`violations` whenever it is read
(:func:`from_data`) and the rules only build valid ones; :func:`status` lists
every invariant a candidate plain-data state breaks (CU2-INV-*).

Plain data (``to_data``), key by key:

- ``players``, ``phase`` (setup, crazy, turn, reveal, over), ``leg`` (1, 2, ...),
  ``starter`` (the seat with the starting player marker), ``turn`` (the seat
  to act; in ``reveal`` the seat that took the pyramid ticket);
- ``track``: 18 lists, cells 0 (behind the finish line) to 17 (past it),
  each a stack of camel names bottom to top;
- ``revealed``: the dice out of the pyramid this leg, in order, each the face
  shown as ``colour:number`` (the grey die's face names white or black);
- ``previous_leg``: the faces revealed in the previous leg, in order (public:
  the dice lay in their tents for everyone to see; empty in the first leg);
- ``bets``: per seat the betting tickets taken this leg, in order, ``colour:value``;
- ``pyramid_tickets``: per seat the pyramid tickets taken this leg;
- ``tiles``: per seat ``null`` or ``{"space": n, "side": "cheer" | "boo"}``;
- ``money``: per seat;
- ``hands``: per seat the finish cards in hand (colours, sorted);
- ``winner_pile`` / ``loser_pile``: the owners of the cards on each pile, first placed first;
- ``winner_cards`` / ``loser_cards``: per seat the colours of its cards on
  that pile, in pile order (the k-th card of seat s on a pile is the k-th
  entry of its list);
- ``partners``: per seat ``null`` or its partner's seat (6 or more players).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any, Final

import attrs

from kernel.core import InvalidState, PlainData
from kernel.decode import DecodeError, read_int, read_keys, read_list, read_str

from .data import (
    ALL_CAMELS,
    ALL_DICE,
    BEHIND_LINE,
    CELLS,
    COLOURS,
    CRAZY_CAMELS,
    CRAZY_START,
    GAME_ID,
    GREY_DIE,
    LEG_DICE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBERS,
    PARTNER_MIN_PLAYERS,
    PAST_LINE,
    PHASES,
    PILES,
    RACING_START,
    SIDES,
    TICKET_STACK,
    TILE_SPACES,
    VERSION,
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


@attrs.frozen
class Camel2018State:
    """A table of Camel Up (2018); see the module docstring for each field."""

    players: int
    phase: str
    leg: int
    starter: int
    turn: int
    track: tuple[tuple[str, ...], ...]
    revealed: tuple[str, ...]
    previous_leg: tuple[str, ...]
    bets: tuple[tuple[str, ...], ...]
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
        broken = violations(self)
        if broken:
            raise InvalidState(broken)


FIELDS: Final = tuple(a.name for a in attrs.fields(Camel2018State))


def candidate(**fields: Any) -> Camel2018State:
    """Build a state WITHOUT checking it: a draft during a transition, or a candidate
    read from plain data to ask :func:`violations` about."""
    obj = object.__new__(Camel2018State)
    for name in FIELDS:
        object.__setattr__(obj, name, fields[name])
    return obj


def draft(s: Camel2018State, **changes: Any) -> Camel2018State:
    """An unchecked copy of ``s`` with ``changes`` (a transition's intermediate table)."""
    return candidate(**{name: changes.get(name, getattr(s, name)) for name in FIELDS})


def checked(s: Camel2018State) -> Camel2018State:
    """The state built from a draft's fields, checked (InvalidState if it breaks a rule)."""
    return Camel2018State(**{name: getattr(s, name) for name in FIELDS})


# --------------------------------------------------------------------------
# small readings of a state


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
    count = dict.fromkeys(COLOURS, 0)
    for seat in s.bets:
        for t in seat:
            count[t[: t.index(":")]] += 1
    return count


def stacks(s: Camel2018State) -> dict[str, tuple[int, ...]]:
    """Every colour's betting tickets left, bottom to top (CU2-BET-TICKET)."""
    count = held(s)
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
# invariants


def _shape_ok(s: Camel2018State) -> bool:
    n = s.players
    return (MIN_PLAYERS <= n <= MAX_PLAYERS and s.phase in PHASES and s.leg >= 1
            and 0 <= s.starter < n and 0 <= s.turn < n and len(s.track) == CELLS
            and all(len(x) == n for x in (s.bets, s.pyramid_tickets, s.tiles, s.money, s.hands,
                                          s.winner_cards, s.loser_cards, s.partners)))


def _camels_ok(s: Camel2018State) -> bool:
    """CU2-INV-CAMELS."""
    names = [c for stack in s.track for c in stack]
    if len(names) != len(set(names)) or any(c not in ALL_CAMELS for c in names):
        return False
    where = camel_cells(s)
    if s.phase in ("setup", "crazy"):
        racing_ok = all(where[c][0] in RACING_START.values() for c in COLOURS if c in where)
        crazy_ok = all(where[c][0] in CRAZY_START.values() for c in CRAZY_CAMELS if c in where)
        placed_ok = (not any(c in where for c in CRAZY_CAMELS) if s.phase == "setup"
                     else all(c in where for c in COLOURS) and len(where) < len(ALL_CAMELS))
        return racing_ok and crazy_ok and placed_ok
    if len(names) != len(ALL_CAMELS):
        return False
    beyond = bool(s.track[BEHIND_LINE] or s.track[PAST_LINE])
    return beyond == (s.phase == "over")


_FACES: Final = frozenset(f"{c}:{n}" for c in ALL_CAMELS for n in NUMBERS)
_COLOUR_SET: Final = frozenset(COLOURS)


def _faces_ok(faces: tuple[str, ...]) -> bool:
    if len(faces) > LEG_DICE or any(f not in _FACES for f in faces):
        return False
    dice = [die_of(f) for f in faces]
    return len(dice) == len(set(dice))


def _dice_ok(s: Camel2018State) -> bool:
    """CU2-INV-DICE."""
    if not _faces_ok(s.revealed) or not _faces_ok(s.previous_leg):
        return False
    if (s.leg == 1) != (not s.previous_leg) or (s.leg > 1 and len(s.previous_leg) != LEG_DICE):
        return False
    if s.phase in ("setup", "crazy"):
        return not s.revealed and sum(s.pyramid_tickets) == 0
    extra = 1 if s.phase == "reveal" else 0
    return (all(t >= 0 for t in s.pyramid_tickets)
            and sum(s.pyramid_tickets) == len(s.revealed) + extra
            and (s.phase == "over" or len(s.revealed) + extra <= LEG_DICE))


_TICKETS: Final = frozenset(f"{c}:{v}" for c in COLOURS for v in set(TICKET_STACK))
#: The values held of one colour, sorted, for each count taken (from the top: 5, 3, 2, 2).
_HELD: Final = tuple(tuple(sorted(TICKET_STACK[len(TICKET_STACK) - k:]))
                     for k in range(len(TICKET_STACK) + 1))


def _tickets_ok(s: Camel2018State) -> bool:
    """CU2-INV-TICKETS: each colour's tickets held are the top ones of 2, 2, 3, 5, and
    each seat took a colour's tickets from the top down."""
    held: dict[str, list[int]] = {}
    for seat in s.bets:
        last: dict[str, int] = {}
        for t in seat:
            if t not in _TICKETS:
                return False
            colour, value = t[: t.index(":")], int(t[t.index(":") + 1:])
            if value > last.get(colour, 9):
                return False
            last[colour] = value
            held.setdefault(colour, []).append(value)
    if held and s.phase in ("setup", "crazy"):
        return False
    return all(len(v) < len(_HELD) and tuple(sorted(v)) == _HELD[len(v)]
               for v in held.values())


def _tiles_ok(s: Camel2018State) -> bool:
    """CU2-INV-TILES."""
    spaces = [t[0] for t in s.tiles if t is not None]
    if any(t[1] not in SIDES for t in s.tiles if t is not None):
        return False
    if s.phase in ("setup", "crazy") and spaces:
        return False
    for space in spaces:
        if space not in TILE_SPACES or s.track[space]:
            return False
        if spaces.count(space) > 1 or space + 1 in spaces:
            return False
    return True


def _cards_ok(s: Camel2018State) -> bool:
    """CU2-INV-CARDS."""
    for seat in range(s.players):
        hand = s.hands[seat]
        mine = (*hand, *s.winner_cards[seat], *s.loser_cards[seat])
        if (len(mine) != len(COLOURS) or set(mine) != _COLOUR_SET
                or any(a > b for a, b in itertools.pairwise(hand))):
            return False
        if (s.winner_pile.count(seat) != len(s.winner_cards[seat])
                or s.loser_pile.count(seat) != len(s.loser_cards[seat])):
            return False
    if any(not 0 <= o < s.players for o in (*s.winner_pile, *s.loser_pile)):
        return False
    return not (s.phase in ("setup", "crazy") and (s.winner_pile or s.loser_pile))


def _partners_ok(s: Camel2018State) -> bool:
    """CU2-INV-PARTNERS."""
    for seat, other in enumerate(s.partners):
        if other is None:
            continue
        if (s.players < PARTNER_MIN_PLAYERS or not 0 <= other < s.players or other == seat
                or s.partners[other] != seat or s.phase in ("setup", "crazy")):
            return False
    return True


def violations(s: Camel2018State) -> tuple[str, ...]:
    """Every invariant ``s`` breaks (CU2-INV-*), in the order of :data:`INVARIANTS`."""
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
    setup = s.phase in ("setup", "crazy")
    if setup and (s.leg != 1 or s.turn != s.starter):
        broken.append("CU2-INV-PHASE")
    if not _tickets_ok(s):
        broken.append("CU2-INV-TICKETS")
    if not _tiles_ok(s):
        broken.append("CU2-INV-TILES")
    return tuple(broken)


# --------------------------------------------------------------------------
# plain data

KEYS: Final = ("game", "version", "players", "phase", "leg", "starter", "turn", "track",
               "revealed", "previous_leg", "bets", "pyramid_tickets", "tiles", "money", "hands",
               "winner_pile", "loser_pile", "winner_cards", "loser_cards", "partners")


def public_data(s: Camel2018State) -> dict[str, PlainData]:
    """The plain data of a state but the hands and the colours of the finish cards
    (``hands``, ``winner_cards``, ``loser_cards``: what a seat sees of those,
    ``kernel.observation`` adds; CU2-HIDDEN)."""
    return {
        "game": GAME_ID, "version": VERSION, "players": s.players, "phase": s.phase,
        "leg": s.leg, "starter": s.starter, "turn": s.turn,
        "track": [list(stack) for stack in s.track], "revealed": list(s.revealed),
        "previous_leg": list(s.previous_leg),
        "bets": [list(b) for b in s.bets], "pyramid_tickets": list(s.pyramid_tickets),
        "tiles": [None if t is None else {"space": t[0], "side": t[1]} for t in s.tiles],
        "money": list(s.money),
        "winner_pile": list(s.winner_pile), "loser_pile": list(s.loser_pile),
        "partners": list(s.partners),
    }


def to_data(s: Camel2018State) -> dict[str, PlainData]:
    """The plain data of a state (the canonical form :func:`from_data` reads back)."""
    data = public_data(s)
    data["hands"] = [list(h) for h in s.hands]
    data["winner_cards"] = [list(c) for c in s.winner_cards]
    data["loser_cards"] = [list(c) for c in s.loser_cards]
    return data


def _strs(value: object, where: str, choices: tuple[str, ...] | None = None) -> tuple[str, ...]:
    return tuple(read_str(x, f"{where}[{i}]", choices)
                 for i, x in enumerate(read_list(value, where, max_length=64)))


def _per_seat(value: object, where: str, n: int) -> list[Any]:
    return read_list(value, where, n)


def read(data: Mapping[str, Any]) -> Camel2018State:
    """The state of exactly :func:`to_data`'s form, unchecked (DecodeError otherwise)."""
    d = read_keys(data, "state", KEYS)
    read_str(d["game"], "game", (GAME_ID,))
    read_int(d["version"], "version", VERSION, VERSION)
    n = read_int(d["players"], "players", MIN_PLAYERS, MAX_PLAYERS)
    track = tuple(_strs(stack, f"track[{i}]", ALL_CAMELS)
                  for i, stack in enumerate(read_list(d["track"], "track", CELLS)))
    faces = tuple(f"{c}:{k}" for c in ALL_CAMELS for k in NUMBERS)
    bets_names = tuple(f"{c}:{v}" for c in COLOURS for v in sorted(set(TICKET_STACK)))
    tiles: list[Tile | None] = []
    for i, t in enumerate(_per_seat(d["tiles"], "tiles", n)):
        if t is None:
            tiles.append(None)
            continue
        td = read_keys(t, f"tiles[{i}]", ("space", "side"))
        tiles.append((read_int(td["space"], f"tiles[{i}].space", 0, 99),
                      read_str(td["side"], f"tiles[{i}].side", SIDES)))
    hands = tuple(_strs(h, f"hands[{i}]", COLOURS)
                  for i, h in enumerate(_per_seat(d["hands"], "hands", n)))
    for i, h in enumerate(hands):
        if list(h) != sorted(h):
            raise DecodeError(f"hands[{i}]: a hand is listed sorted")
    partners: list[int | None] = []
    for i, p in enumerate(_per_seat(d["partners"], "partners", n)):
        partners.append(None if p is None else read_int(p, f"partners[{i}]", 0, n - 1))
    return candidate(
        players=n,
        phase=read_str(d["phase"], "phase", PHASES),
        leg=read_int(d["leg"], "leg", 1, 10_000),
        starter=read_int(d["starter"], "starter", 0, n - 1),
        turn=read_int(d["turn"], "turn", 0, n - 1),
        track=track,
        revealed=_strs(d["revealed"], "revealed", faces),
        previous_leg=_strs(d["previous_leg"], "previous_leg", faces),
        bets=tuple(_strs(b, f"bets[{i}]", bets_names)
                   for i, b in enumerate(_per_seat(d["bets"], "bets", n))),
        pyramid_tickets=tuple(read_int(x, f"pyramid_tickets[{i}]", 0, 5)
                              for i, x in enumerate(_per_seat(d["pyramid_tickets"],
                                                              "pyramid_tickets", n))),
        tiles=tuple(tiles),
        money=tuple(read_int(x, f"money[{i}]", -1000, 1_000_000)
                    for i, x in enumerate(_per_seat(d["money"], "money", n))),
        hands=hands,
        winner_pile=tuple(read_int(x, f"winner_pile[{i}]", 0, n - 1)
                          for i, x in enumerate(read_list(d["winner_pile"], "winner_pile",
                                                          max_length=5 * n))),
        loser_pile=tuple(read_int(x, f"loser_pile[{i}]", 0, n - 1)
                         for i, x in enumerate(read_list(d["loser_pile"], "loser_pile",
                                                         max_length=5 * n))),
        winner_cards=tuple(_strs(c, f"winner_cards[{i}]", COLOURS)
                           for i, c in enumerate(_per_seat(d["winner_cards"], "winner_cards",
                                                           n))),
        loser_cards=tuple(_strs(c, f"loser_cards[{i}]", COLOURS)
                          for i, c in enumerate(_per_seat(d["loser_cards"], "loser_cards", n))),
        partners=tuple(partners),
    )


def from_data(data: Mapping[str, Any]) -> Camel2018State:
    """The state of its plain data: DecodeError when unreadable, InvalidState when broken."""
    return checked(read(data))


def status(data: Mapping[str, Any]) -> tuple[str, ...]:
    """Every invariant a candidate breaks; an unreadable one breaks CU2-INV-PHASE."""
    try:
        return violations(read(data))
    except DecodeError:
        return ("CU2-INV-PHASE",)


__all__ = [
    "FIELDS",
    "INVARIANTS",
    "PILES",
    "Camel2018State",
    "camel_cells",
    "candidate",
    "checked",
    "die_of",
    "draft",
    "from_data",
    "held",
    "pile",
    "public_data",
    "pyramid",
    "read",
    "stack_of",
    "stacks",
    "status",
    "to_data",
    "top_ticket",
    "violations",
]

"""Camel Up, 2nd edition (2018): the plain-data form of a state, and what a seat sees.

:func:`to_data` writes the canonical plain-data (JSON-ready) state and
:func:`from_data` reads exactly that form back (KERNEL-INPUT); :func:`status`
lists every invariant a candidate breaks (CU2-INV-*, the full check);
:func:`observation` is what one seat may see (CU2-HIDDEN).

Plain data, key by key (the fields of :class:`.state.Camel2018State`, written
as JSON values): ``track`` 18 lists of camel names bottom to top; ``revealed``
and ``previous_leg`` faces ``colour:number``; ``bets`` per seat the tickets
``colour:value`` in the order taken; ``tiles`` per seat ``null`` or
``{"space": n, "side": "cheer" | "boo"}``; ``hands`` per seat sorted colours;
``winner_pile`` / ``loser_pile`` the owners in pile order; ``winner_cards`` /
``loser_cards`` per seat the colours of its cards on that pile, in pile order
(the k-th card of seat s on a pile is the k-th entry of its list);
``partners`` per seat ``null`` or its partner's seat; the rest are numbers
and names as in the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from kernel.core import PlainData
from kernel.decode import DecodeError, read_int, read_keys, read_list, read_str
from kernel.plugin import read_checked, read_status

from .data import (
    ALL_CAMELS,
    CELLS,
    COLOURS,
    GAME_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBERS,
    PHASES,
    PILES,
    SIDES,
    TICKET_STACK,
    VERSION,
)
from .state import Camel2018State, Ticket, Tile, candidate, full_violations, pyramid, stacks

KEYS: Final = ("game", "version", "players", "phase", "leg", "starter", "turn", "track",
               "revealed", "previous_leg", "bets", "pyramid_tickets", "tiles", "money", "hands",
               "winner_pile", "loser_pile", "winner_cards", "loser_cards", "partners")

#: Each ticket's text ``colour:value`` and back.
TICKET_TEXT: Final = {(c, v): f"{c}:{v}" for c in COLOURS for v in sorted(set(TICKET_STACK))}
_TEXT_TICKET: Final = {text: t for t, text in TICKET_TEXT.items()}


def public_data(s: Camel2018State) -> dict[str, PlainData]:
    """The plain data of a state but the hands and the colours of the finish cards
    (``hands``, ``winner_cards``, ``loser_cards``: what a seat sees of those,
    :func:`observation` adds; CU2-HIDDEN)."""
    return {
        "game": GAME_ID, "version": VERSION, "players": s.players, "phase": s.phase,
        "leg": s.leg, "starter": s.starter, "turn": s.turn,
        "track": [list(stack) for stack in s.track], "revealed": list(s.revealed),
        "previous_leg": list(s.previous_leg),
        "bets": [[TICKET_TEXT[t] for t in b] for b in s.bets],
        "pyramid_tickets": list(s.pyramid_tickets),
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


_FACES: Final = tuple(f"{c}:{k}" for c in ALL_CAMELS for k in NUMBERS)
_TICKET_NAMES: Final = tuple(TICKET_TEXT.values())


def _tickets(value: object, where: str) -> tuple[Ticket, ...]:
    return tuple(_TEXT_TICKET[t] for t in _strs(value, where, _TICKET_NAMES))


def read(data: Mapping[str, Any]) -> Camel2018State:
    """The state of exactly :func:`to_data`'s form, unchecked (DecodeError otherwise)."""
    d = read_keys(data, "state", KEYS)
    read_str(d["game"], "game", (GAME_ID,))
    read_int(d["version"], "version", VERSION, VERSION)
    n = read_int(d["players"], "players", MIN_PLAYERS, MAX_PLAYERS)
    track = tuple(_strs(stack, f"track[{i}]", ALL_CAMELS)
                  for i, stack in enumerate(read_list(d["track"], "track", CELLS)))
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
        revealed=_strs(d["revealed"], "revealed", _FACES),
        previous_leg=_strs(d["previous_leg"], "previous_leg", _FACES),
        bets=tuple(_tickets(b, f"bets[{i}]")
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
    state: Camel2018State = read_checked(read, full_violations, data)
    return state


def status(data: Mapping[str, Any]) -> tuple[str, ...]:
    """Every invariant a candidate breaks; an unreadable one breaks CU2-INV-PHASE."""
    return read_status(read, full_violations, "CU2-INV-PHASE", data)


def observation(s: Camel2018State, seat: int) -> dict[str, PlainData]:
    """CU2-HIDDEN: the table without the colours of the other seats' finish cards.

    The piles' owners and sizes, the hand sizes, money, tickets, tiles and
    partners are public. Once the race is over the piles are turned face up.
    """
    out = public_data(s)
    over = s.phase == "over"
    out["seat"] = seat
    out["hand"] = list(s.hands[seat])
    out["hand_sizes"] = [len(h) for h in s.hands]
    for name in PILES:
        cards = s.winner_cards if name == "winner" else s.loser_cards
        out[f"{name}_cards"] = ([list(c) for c in cards] if over
                                else [list(c) if i == seat else None for i, c in enumerate(cards)])
    out["stacks"] = {c: list(left) for c, left in stacks(s).items()}
    out["pyramid"] = list(pyramid(s))
    return out

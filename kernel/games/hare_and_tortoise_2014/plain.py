"""The Hare & the Tortoise (2014): the plain-data form of a state, and what a seat sees.

:func:`to_data` writes the canonical plain-data (JSON-ready) state and
:func:`from_data` reads exactly that form back (KERNEL-INPUT); :func:`status`
lists every invariant a candidate breaks (HT-INV-*, the full check);
:func:`observation` is what one seat may see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from kernel.core import PlainData
from kernel.decode import DecodeError, read_int, read_keys, read_list, read_str
from kernel.plugin import read_checked, read_status

from .data import ANIMALS, CARD_KINDS, GAME_ID, MAX_PLAYERS, MIN_PLAYERS, MODES, VERSION
from .state import HareState, building, full_violations, seat_bets

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
    state: HareState = read_checked(_read, full_violations, data)
    return state


def status(data: Mapping[str, Any]) -> tuple[str, ...]:
    """Every invariant a candidate breaks; an unreadable one breaks HT-INV-PHASE."""
    return read_status(_read, full_violations, "HT-INV-PHASE", data)


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

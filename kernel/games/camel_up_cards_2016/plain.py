"""Camel Up Cards (2016): the plain-data form of a state, and what a seat sees.

:func:`to_data` writes the canonical plain-data (JSON-ready) state and
:func:`from_data` reads exactly that form back (KERNEL-INPUT), into a typed
:class:`~kernel.engines.camel_cards.table.Table` from which the state is built
once; :func:`status` lists the invariants a candidate breaks;
:func:`observation` is what one seat may see (KERNEL-OBSERVATION,
CUC-LEG-HIDDEN). ``version`` is the game's behaviour version (``game.VERSION``).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress
from typing import Any, Final

from kernel.core import PlainData
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
from kernel.engines.camel_cards.table import Table
from kernel.rules import camel
from kernel.rules.camel import FACE, HALF, SAND

from .data import (
    CAMEL_COLOURS,
    CARD_CAMEL,
    COLOUR_INDEX,
    GAME_ID,
    LEADER_STACK,
    MAX_PLAYERS,
    MIN_PLAYERS,
)
from .state import CardsState, freeze, violations

SIDE_LETTER: Final = {FACE: "F", SAND: "S", HALF: "H"}
LETTER_SIDE: Final = {v: k for k, v in SIDE_LETTER.items()}


def stacks_of(s: CardsState) -> list[list[str]]:
    """Camels per cell 0..Finish, bottom to top (the Start card in colour order)."""
    cells: list[list[str]] = [[] for _ in range(s.finish + 1)]
    pos = s.pos
    # lowest first (a stable sort: camels of one height in colour order), each
    # onto its cell: every cell bottom to top
    for c in sorted(range(5), key=s.height.__getitem__):
        cells[pos[c]].append(CAMEL_COLOURS[c])
    return cells


def _figure(cell: int, holder: int) -> PlainData:
    return None if cell == 0 else {"space": cell, "holder": holder}


def _public(s: CardsState, version: int) -> dict[str, PlainData]:
    return {
        "game": GAME_ID,
        "version": version,
        "players": s.players,
        "age_order": list(s.age_order),
        "phase": s.phase,
        "leg": s.leg,
        "track": "".join(map(SIDE_LETTER.__getitem__, s.track)),
        "stacks": stacks_of(s),
        "palm": _figure(s.palm, s.palm_holder),
        "fennec": _figure(s.fennec, s.fennec_holder),
        "revealed": list(s.revealed),
        "shown": list(s.shown),
        "leaders": {CAMEL_COLOURS[i]: list(v) for i, v in enumerate(s.leaders)},
        "midfield": list(compress(CAMEL_COLOURS, s.midfield)),
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


def to_data(s: CardsState, version: int) -> dict[str, PlainData]:
    """The whole table as plain data (the canonical state form)."""
    data = _public(s, version)
    data.update({
        "stock": list(s.stock),
        "hands": [list(h) for h in s.hands],
        "discard": list(s.discard),
        "deck": list(s.deck),
        "intel": [list(i) for i in s.intel],
    })
    return data


def observation(s: CardsState, seat: int, version: int) -> dict[str, PlainData]:
    """What ``seat`` may see (KERNEL-OBSERVATION, CUC-LEG-HIDDEN).

    The public table, the revealed pile, the intel shown, its own hand and its
    own face-down intel choice; of the hidden zones only their sizes.
    """
    data = _public(s, version)
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


def from_data(data: Mapping[str, Any], version: int) -> CardsState:
    """Rebuild a state from :func:`to_data` output, accepting exactly that form.

    KERNEL-INPUT: the reference decoder is strict. It accepts a document only
    in the canonical form :func:`to_data` writes (every key, no other; JSON
    types exactly; unordered card zones sorted; the Start card's camels in
    colour order), so that every accepted document round-trips exactly:
    ``to_data(from_data(d)) == d``. Anything else raises ValueError naming the
    field; a readable table that breaks an invariant raises InvalidState.
    """
    state = freeze(_table_from_data(data, version))
    _same(to_data(state, version), data)
    return state


def _same(ours: PlainData, theirs: PlainData) -> None:
    """Refuse a document that is not exactly the canonical form (names the field)."""
    stack: list[tuple[str, PlainData, PlainData]] = [("", ours, theirs)]
    while stack:
        where, a, b = stack.pop()
        if type(a) is dict:
            for key in a:  # the keys were checked by the reader
                stack.append((f"{where}.{key}" if where else key, a[key], b[key]))
        elif type(a) is list and type(b) is list:
            # some lists are read up to a bound (midfield: at most 5), so a
            # repeated item can make the document's list longer than ours
            if len(a) != len(b):
                fail(where, f"not the canonical form: expected {len(a)} items, got {len(b)}")
            for i in reversed(range(len(a))):
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


def _table_from_data(data: object, version: int) -> Table:
    """The state's fields from plain data, reading every field strictly (DecodeError)."""
    d = read_keys(data, "state", _KEYS)
    read_str(d["game"], "game", (GAME_ID,))
    read_int(d["version"], "version", version, version)
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
    return Table(
        players=players,
        age_order=ints(d["age_order"], "age_order"),
        phase=read_str(d["phase"], "phase"),
        leg=read_int(d["leg"], "leg"),
        track=track,
        pos=tuple(pos),
        height=tuple(height),
        palm=(palm := figure(d["palm"], "palm"))[0],
        palm_holder=palm[1],
        fennec=(fennec := figure(d["fennec"], "fennec"))[0],
        fennec_holder=fennec[1],
        stock=_cards(d["stock"], "stock"),
        hands=tuple(_cards(h, f"hands[{i}]")
                    for i, h in enumerate(_seats(d["hands"], "hands", players))),
        discard=_cards(d["discard"], "discard"),
        deck=_cards(d["deck"], "deck"),
        intel=tuple(_cards(h, f"intel[{i}]")
                    for i, h in enumerate(_seats(d["intel"], "intel", players))),
        revealed=_cards(d["revealed"], "revealed", ordered=True),
        shown=_cards(d["shown"], "shown", ordered=True),
        leaders=tuple(ints(leaders[c], f"leaders.{c}") for c in CAMEL_COLOURS),
        midfield=tuple(c in midfield for c in CAMEL_COLOURS),
        bets=tuple(tuple(bet(b, f"bets[{i}][{j}]")
                         for j, b in enumerate(read_list(seat, f"bets[{i}]")))
                   for i, seat in enumerate(_seats(d["bets"], "bets", players))),
        winner_bets=tuple(final(v, f"winner_bets[{i}]") for i, v in
                          enumerate(_seats(d["winner_bets"], "winner_bets", players))),
        loser_bets=tuple(final(v, f"loser_bets[{i}]") for i, v in
                         enumerate(_seats(d["loser_bets"], "loser_bets", players))),
        money=ints(_seats(d["money"], "money", players), "money"),
        payouts=tuple(ints(p, f"payouts[{i}]")
                      for i, p in enumerate(_seats(d["payouts"], "payouts", players))),
        starter=read_int(d["starter"], "starter"),
        turn=read_int(d["turn"], "turn"),
        bet_done=read_bool(d["bet_done"], "bet_done"),
        track_done=read_bool(d["track_done"], "track_done"),
        extended=read_int(d["extended"], "extended"),
    )


class CamelsError(DecodeError):
    """A camel missing or listed twice: the candidate breaks CUC-INV-CAMELS."""


def status(data: Mapping[str, Any], version: int) -> tuple[str, ...]:
    """Every invariant a candidate state in plain-data form breaks, by ID.

    A candidate that cannot even be read (a camel twice, an unknown card)
    breaks CUC-INV-CAMELS or CUC-INV-PHASE; so does, as CUC-INV-PHASE, a
    readable document that is not in the canonical form (a card zone out of
    order), so that a document breaking nothing is one :func:`from_data`
    accepts (KERNEL-INPUT).
    """
    try:
        table = _table_from_data(data, version)
    except CamelsError:
        return ("CUC-INV-CAMELS",)
    except DecodeError:
        return ("CUC-INV-PHASE",)
    broken = violations(table)
    if broken:
        return broken
    try:
        _same(to_data(freeze(table), version), data)
    except DecodeError:
        return ("CUC-INV-PHASE",)
    return ()

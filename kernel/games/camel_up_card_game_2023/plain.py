"""Camel Up: The Card Game (2023): the plain-data form of a state, and what a seat sees.

:func:`to_data` writes the canonical plain-data state, :func:`from_data` reads
exactly that form back (KERNEL-INPUT: every key, JSON types exactly, card zones
sorted but the played pile, the camels behind the start line in colour
order), :func:`status` lists the invariants a candidate breaks and
:func:`observation` is what one seat may see (CUG-LEG-HIDDEN).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from kernel.core import PlainData
from kernel.decode import DecodeError, fail, read_bool, read_int, read_keys, read_list, read_str
from kernel.engines.camel_cards.table import DRAW, OVER, PLAY
from kernel.rules.track import FACE, HALF, SAND, track_length

from .data import CAMEL_NAMES, CAMELS, CARD_IDS, GAME_ID, LEADER_STACK, MAX_PLAYERS, MIN_PLAYERS
from .data import RACING_COLOURS as COLOURS
from .state import CugState, CugTable, candidate, freeze, violations

LETTERS: Final = {FACE: "F", SAND: "S", HALF: "H"}
SIDES: Final = {v: k for k, v in LETTERS.items()}
#: Phases in which the personal racing cards lie face up (CUG-LEG-PERSONAL).
FACE_UP: Final = frozenset((PLAY, DRAW, OVER))
_CAMEL: Final = {name: c for c, name in enumerate(CAMEL_NAMES)}
_COLOUR: Final = {name: c for c, name in enumerate(COLOURS)}
_BET: Final = {"mid": 0, **{str(v): v for v in set(LEADER_STACK)}}
KEYS: Final = (
    "game", "version", "players", "age_order", "phase", "leg", "track", "stacks", "shortcut",
    "fennec", "shortcut_tokens", "fennec_tokens", "shortcut_placers", "fennec_placers",
    "played", "leaders", "midfield", "bets", "winner_bets", "loser_bets", "money", "payouts",
    "starter", "turn", "bet_done", "track_done", "extended", "stock", "hands", "discard",
    "deck",
)


def stacks_of(s: CugState | CugTable) -> list[list[str]]:
    """Camels per cell 0..Finish, bottom to top (behind the start line in colour order)."""
    cells: list[list[str]] = [[] for _ in range(track_length(s.track) + 2)]
    pos = s.pos
    # lowest first (a stable sort: camels of one height in colour order), each
    # onto its cell: every cell bottom to top
    for c in sorted(range(CAMELS), key=s.height.__getitem__):
        cells[pos[c]].append(CAMEL_NAMES[c])
    return cells


def _marker(cell: int, holder: int) -> PlainData:
    return None if cell == 0 else {"space": cell, "holder": holder}


def _colour(c: int) -> PlainData:
    return COLOURS[c] if c >= 0 else None


def _public(s: CugState, version: int) -> dict[str, PlainData]:
    return {
        "game": GAME_ID, "version": version, "players": s.players,
        "age_order": list(s.age_order), "phase": s.phase, "leg": s.leg,
        "track": "".join(map(LETTERS.__getitem__, s.track)), "stacks": stacks_of(s),
        "shortcut": _marker(s.palm, s.palm_holder), "fennec": _marker(s.fennec, s.fennec_holder),
        "shortcut_tokens": list(s.shortcut_tokens), "fennec_tokens": list(s.fennec_tokens),
        "shortcut_placers": list(s.shortcut_placers), "fennec_placers": list(s.fennec_placers),
        "played": list(s.revealed),
        "leaders": {COLOURS[i]: list(v) for i, v in enumerate(s.leaders)},
        "midfield": [name for name, free in zip(COLOURS, s.midfield, strict=True) if free],
        "bets": [[f"{COLOURS[c]}:{v or 'mid'}" for c, v in b] for b in s.bets],
        "winner_bets": [_colour(c) for c in s.winner_bets],
        "loser_bets": [_colour(c) for c in s.loser_bets],
        "money": list(s.money), "payouts": [list(p) for p in s.payouts],
        "starter": s.starter, "turn": s.turn, "bet_done": s.bet_done,
        "track_done": s.track_done, "extended": s.extended,
    }


def to_data(s: CugState, version: int) -> dict[str, PlainData]:
    """The whole table as plain data (the canonical state form)."""
    data = _public(s, version)
    data["stock"] = list(s.stock)
    data["hands"] = [list(h) for h in s.hands]
    data["discard"] = list(s.discard)
    data["deck"] = list(s.deck)
    return data


def observation(s: CugState, seat: int, version: int) -> dict[str, PlainData]:
    """What ``seat`` may see (KERNEL-OBSERVATION, CUG-LEG-HIDDEN): the public table,
    its own hand, every personal racing card once face up, and of the stock, the
    discards and the racing deck only their sizes."""
    data = _public(s, version)
    face_up = s.phase in FACE_UP
    data["seat"] = seat
    data["hands"] = [list(h) if face_up or i == seat else None for i, h in enumerate(s.hands)]
    data["hand_sizes"] = [len(h) for h in s.hands]
    data["stock_size"] = len(s.stock)
    data["discard_size"] = len(s.discard)
    data["deck_size"] = len(s.deck)
    return data


def _exact(a: PlainData, b: object) -> bool:
    """``b`` is ``a`` with every JSON type exactly the same (True is not 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        assert isinstance(b, dict)
        return a.keys() == b.keys() and all(_exact(a[k], b[k]) for k in a)
    if isinstance(a, list):
        assert isinstance(b, list)
        return len(a) == len(b) and all(_exact(x, y) for x, y in zip(a, b, strict=True))
    return a == b


class CamelsError(DecodeError):
    """A camel missing or listed twice: the candidate breaks CUG-INV-CAMELS."""


def _header(d: Mapping[str, Any], version: int) -> int:
    """The game, the behaviour version and the player count of a plain-data state."""
    if read_str(d["game"], "game") != GAME_ID:
        fail("game", f"expected {GAME_ID!r}")
    if read_int(d["version"], "version") != version:
        fail("version", f"expected behaviour version {version}")
    return read_int(d["players"], "players", MIN_PLAYERS, MAX_PLAYERS)


def _read(data: object, version: int) -> CugTable:
    """Every field of the plain-data form, read strictly (DecodeError)."""
    d = read_keys(data, "state", KEYS)
    players = _header(d, version)
    letters = read_str(d["track"], "track")
    if not letters or any(x not in SIDES for x in letters):
        fail("track", "expected the letters F, S and H")
    track = tuple(SIDES[x] for x in letters)
    pos, height = [-1] * CAMELS, [0] * CAMELS
    for cell, stack in enumerate(read_list(d["stacks"], "stacks", track_length(track) + 2)):
        for h, name in enumerate(read_list(stack, f"stacks[{cell}]")):
            c = _CAMEL[read_str(name, f"stacks[{cell}][{h}]", _CAMEL)]
            if pos[c] != -1:
                raise CamelsError(f"stacks: camel {name} twice")
            pos[c], height[c] = cell, (h if cell else 0)
    if -1 in pos:
        raise CamelsError("stacks: a camel is missing")

    def per_seat(key: str) -> list[Any]:
        return read_list(d[key], key, players)

    def cards(v: object, where: str, ordered: bool = False) -> tuple[str, ...]:
        got = [read_str(x, f"{where}[{i}]", CARD_IDS) for i, x in enumerate(read_list(v, where))]
        return tuple(got if ordered else sorted(got))

    def ints(v: object, where: str) -> tuple[int, ...]:
        return tuple(read_int(x, f"{where}[{i}]") for i, x in enumerate(read_list(v, where)))

    def marker(key: str) -> tuple[int, int]:
        if d[key] is None:
            return 0, -1
        m = read_keys(d[key], key, ("space", "holder"))
        return read_int(m["space"], f"{key}.space", 1), read_int(m["holder"], f"{key}.holder")

    def final(key: str) -> tuple[int, ...]:
        return tuple(-1 if v is None else _COLOUR[read_str(v, f"{key}[{i}]", _COLOUR)]
                     for i, v in enumerate(per_seat(key)))

    def bet(v: object, where: str) -> tuple[int, int]:
        name, _, value = read_str(v, where).partition(":")
        if name not in _COLOUR or value not in _BET:
            fail(where, "expected <colour>:<2|3|5|mid>")
        return _COLOUR[name], _BET[value]

    leaders = read_keys(d["leaders"], "leaders", COLOURS)
    midfield = [read_str(x, f"midfield[{i}]", _COLOUR)
                for i, x in enumerate(read_list(d["midfield"], "midfield"))]
    t = object.__new__(CugTable)
    t.players, t.age_order = players, ints(d["age_order"], "age_order")
    t.phase, t.leg = read_str(d["phase"], "phase"), read_int(d["leg"], "leg")
    t.track, t.pos, t.height = track, tuple(pos), tuple(height)
    t.palm, t.palm_holder = marker("shortcut")
    t.fennec, t.fennec_holder = marker("fennec")
    t.shortcut_tokens, t.fennec_tokens = (
        tuple(read_bool(x, f"{k}[{i}]") for i, x in enumerate(per_seat(k)))
        for k in ("shortcut_tokens", "fennec_tokens"))
    t.shortcut_placers = ints(d["shortcut_placers"], "shortcut_placers")
    t.fennec_placers = ints(d["fennec_placers"], "fennec_placers")
    t.stock, t.discard, t.deck = (cards(d[k], k) for k in ("stock", "discard", "deck"))
    t.hands = tuple(cards(h, f"hands[{i}]") for i, h in enumerate(per_seat("hands")))
    t.intel, t.shown = ((),) * players, ()
    t.revealed = cards(d["played"], "played", ordered=True)
    t.leaders = tuple(ints(leaders[c], f"leaders.{c}") for c in COLOURS)
    t.midfield = tuple(c in midfield for c in COLOURS)
    t.bets = tuple(tuple(bet(b, f"bets[{i}][{j}]")
                         for j, b in enumerate(read_list(seat, f"bets[{i}]")))
                   for i, seat in enumerate(per_seat("bets")))
    t.winner_bets, t.loser_bets = final("winner_bets"), final("loser_bets")
    t.money = ints(per_seat("money"), "money")
    t.payouts = tuple(ints(p, f"payouts[{i}]") for i, p in enumerate(per_seat("payouts")))
    t.starter, t.turn = read_int(d["starter"], "starter"), read_int(d["turn"], "turn")
    t.bet_done = read_bool(d["bet_done"], "bet_done")
    t.track_done = read_bool(d["track_done"], "track_done")
    t.extended = read_int(d["extended"], "extended")
    return t


def from_data(data: Mapping[str, Any], version: int) -> CugState:
    """Rebuild a state from exactly :func:`to_data` output.

    Anything else raises DecodeError naming the field (KERNEL-INPUT); a
    readable table that breaks an invariant raises InvalidState.
    """
    state = freeze(_read(data, version))
    if not _exact(to_data(state, version), data):
        fail("state", "not the canonical form (sorted card zones, colour order behind the "
                      "start line, exact JSON types)")
    return state


def status(data: Mapping[str, Any], version: int) -> tuple[str, ...]:
    """Every invariant a candidate state in plain-data form breaks, by ID.

    A candidate that cannot be read breaks CUG-INV-CAMELS (a camel twice or
    missing) or CUG-INV-PHASE (anything else, a readable document that is not
    in the canonical form included), so that a document breaking nothing is
    one :func:`from_data` accepts (KERNEL-INPUT).
    """
    try:
        t = _read(data, version)
    except CamelsError:
        return ("CUG-INV-CAMELS",)
    except DecodeError:
        return ("CUG-INV-PHASE",)
    broken = violations(candidate(**{name: getattr(t, name) for name in _fields()}))
    if not broken and not _exact(to_data(freeze(t), version), data):
        return ("CUG-INV-PHASE",)
    return broken


def _fields() -> tuple[str, ...]:
    from .state import FIELDS

    return FIELDS

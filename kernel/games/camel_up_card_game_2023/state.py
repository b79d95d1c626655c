"""The Camel Up: The Card Game table as one frozen value, and its invariants.

The fields are the shared engine's
:class:`~kernel.engines.camel_cards.table.TableFields` (cells: 0 behind the
start line, 1..L the spaces, L+1 the Finish; ``pos``/``height`` per camel,
the five racing camels then the black crazy camel; ``palm`` is the shortcut
marker's cell, ``fennec`` the fennec marker's, 0 when on its card, with the
seat holding its card; ``hands`` the cards in hand during the leg setup and
the personal racing card face up in front of each seat during play), and four
of this game: ``fennec_tokens`` and ``shortcut_tokens``, per seat whether the
token is in hand, and ``shortcut_placers`` and ``fennec_placers``, the seats
that placed that marker this leg, in the order they placed it (CUG-ACT-MARKER).
Where a marker is follows from its cell and holder: on the track (a cell), its
card in front of its last placer (the holder); or beside the track with its
card (cell 0, no holder), whether never placed this leg, landed on or passed.
``intel`` and ``shown`` stay empty (the 2023 game has no intel cards).

A :class:`CugState` checks every invariant when it is built; :func:`violations`
lists every invariant a candidate (a state or a table) breaks, by ID.
"""

from __future__ import annotations

from operator import attrgetter, is_
from typing import Any, ClassVar, Final

import attrs

from kernel.core import InvalidState
from kernel.engines.camel_cards.table import (
    DEAL,
    DECK,
    DISCARD,
    DRAW,
    OVER,
    PLAY,
    SETUP,
    Table,
    TableFields,
)
from kernel.rules import ranking, stacks
from kernel.rules.stacks import BACKWARD, FORWARD, START
from kernel.rules.track import spare_spaces, track_length, valid_track

from .data import (
    CAMELS,
    CRAZY,
    CRAZY_CARDS,
    FULL_DECK,
    GAME_ID,
    LEADER_STACK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RACING,
    SETUP_CARDS,
    SETUP_REVEALS,
    START_MONEY,
    TRACK_CARDS,
)

__all__ = ["CRAZY_PHASE", "DEAL", "DECK", "DISCARD", "DRAW", "EXTRA", "INVARIANTS", "OVER",
           "PHASES", "PLAY", "SETUP", "CugState", "CugTable", "candidate", "freeze", "thaw",
           "violations"]

#: CUG-LEG-EXTRA: chance draws random discarded cards into the racing deck (5-6 players).
EXTRA: Final = "extra"
#: CUG-LEG-CRAZYCARDS: chance draws 2 of the 5 crazy camel cards into the racing deck.
CRAZY_PHASE: Final = "crazy"
PHASES: Final = (SETUP, DEAL, DISCARD, DECK, EXTRA, CRAZY_PHASE, PLAY, DRAW, OVER)
#: Phases after which the crazy camel cards are in play (in a zone), not set aside.
CRAZY_IN_PLAY: Final = frozenset((CRAZY_PHASE, PLAY, DRAW, OVER))
LEG_SETUP: Final = frozenset((DEAL, DISCARD, DECK, EXTRA, CRAZY_PHASE))
#: Each camel's direction (CUG-MOVE-CRAZY: the crazy camel runs towards the start).
DIRS: Final = (FORWARD,) * RACING + (BACKWARD,)
FLAT: Final = (START,)

INVARIANTS: Final = (
    "CUG-INV-CAMELS",
    "CUG-INV-STACKS",
    "CUG-INV-CRAZY",
    "CUG-INV-CARDS",
    "CUG-INV-LEGCARDS",
    "CUG-INV-FINALCARDS",
    "CUG-INV-MARKERS",
    "CUG-INV-FLOOR",
    "CUG-INV-LEDGER",
    "CUG-INV-EXTEND",
    "CUG-INV-TRACK",
    "CUG-INV-SETUPCARD",
    "CUG-INV-PHASE",
)


@attrs.frozen(slots=True, repr=False, weakref_slot=False)
class CugState(TableFields):
    """The whole table (see the module docstring)."""

    GAME: ClassVar[str] = GAME_ID
    fennec_tokens: tuple[bool, ...]
    shortcut_tokens: tuple[bool, ...]
    fennec_placers: tuple[int, ...]
    shortcut_placers: tuple[int, ...]

    def __attrs_post_init__(self) -> None:
        _refuse_broken(self)

    def __repr__(self) -> str:
        return f"<CugState {self.phase} leg={self.leg} turn={self.turn} pos={self.pos}>"


def _refuse_broken(s: Any) -> None:
    """A state is built only when it breaks no invariant (InvalidState names them)."""
    broken = violations(s)
    if broken:
        raise InvalidState(broken)


@attrs.define(slots=True, weakref_slot=False, eq=False)
class CugTable(Table):
    """The engine's table in hand with this game's token and placer fields."""

    fennec_tokens: tuple[bool, ...]
    shortcut_tokens: tuple[bool, ...]
    fennec_placers: tuple[int, ...]
    shortcut_placers: tuple[int, ...]


FIELDS: Final = tuple(a.name for a in attrs.fields(CugState))
assert FIELDS == tuple(a.name for a in attrs.fields(CugTable))  # the same order: by position
#: Every field's value, in order.
_EVERY: Final = attrgetter(*FIELDS)


def thaw(s: CugState) -> CugTable:
    """The table in hand: a state's fields, to edit during one transition."""
    return CugTable(*_EVERY(s))


def freeze(t: CugTable) -> CugState:
    """The next state, built (and so checked) once from the table in hand."""
    return CugState(*_EVERY(t))


def candidate(**fields: Any) -> CugState:
    """Build a state WITHOUT checking it, only to ask :func:`violations` about it."""
    obj = object.__new__(CugState)
    setter = object.__setattr__  # a frozen class: set each slot directly
    for name in FIELDS:
        setter(obj, name, fields[name])
    return obj


# --------------------------------------------------------------------------
# the checks, one per invariant ID


def _camels(s: Any) -> bool:
    """CUG-INV-CAMELS: six camels, each on one cell 0..Finish."""
    finish = track_length(s.track) + 1
    return len(s.pos) == CAMELS and len(s.height) == CAMELS and stacks.within(s.pos, finish)


def _stacks(s: Any) -> bool:
    """CUG-INV-STACKS: gap-free stacks on the spaces, nobody stacked behind the line,
    and racing camels on the Finish only once the race is over."""
    finish = track_length(s.track) + 1
    if not stacks.well_formed(s.pos, s.height, finish, FLAT):
        return False
    return bool(s.phase == OVER or max(s.pos[:RACING]) < finish)


def _crazy(s: Any) -> bool:
    """CUG-INV-CRAZY: the crazy camel is never ranked, never past the start; at a leg's
    setup it is not behind the camel in fourth place (CUG-LEG-CRAZY)."""
    rank = ranking.ranks(s.pos, s.height, DIRS, START)
    if rank[CRAZY] != 0 or s.pos[CRAZY] < 0:
        return False
    if s.phase in LEG_SETUP:
        order = sorted(range(RACING), key=lambda c: (s.pos[c], s.height[c]), reverse=True)
        fourth = order[3]
        return (s.pos[CRAZY], s.height[CRAZY]) >= (s.pos[fourth], s.height[fourth])
    return True


def _cards(s: Any) -> bool:
    """CUG-INV-CARDS: the 30 racing cards and, once shuffled in, the 5 crazy camel cards,
    each in exactly one place (set aside otherwise)."""
    zones = s.stock + s.discard + s.deck + s.revealed
    for hand in s.hands:
        zones += hand
    if s.phase == SETUP and (s.deck or s.discard or len(s.revealed) >= SETUP_REVEALS):
        return False
    return tuple(sorted(zones)) == (_EVERY_CARD if s.phase in CRAZY_IN_PLAY else FULL_DECK)


#: Every racing and crazy camel card, sorted.
_EVERY_CARD: Final = tuple(sorted(FULL_DECK + CRAZY_CARDS))


def _legcards(s: Any) -> bool:
    """CUG-INV-LEGCARDS: each leader card and midfield card on its stack or with one seat."""
    if len(s.leaders) != RACING or len(s.midfield) != RACING:
        return False
    taken: list[list[int]] = [[] for _ in range(RACING)]
    mids = [0] * RACING
    for seat_bets in s.bets:
        for c, v in seat_bets:
            if v:
                taken[c].append(v)
            else:
                mids[c] += 1
    for c, left in enumerate(s.leaders):
        if left != LEADER_STACK[:len(left)] or mids[c] != (0 if s.midfield[c] else 1):
            return False
        if sorted(taken[c]) != sorted(LEADER_STACK[len(left):]):
            return False
    return True


def _finalcards(s: Any) -> bool:
    """CUG-INV-FINALCARDS: each final card with at most one seat; one of each kind a seat."""
    for held in (s.winner_bets, s.loser_bets):
        cards = [c for c in held if c != -1]
        if len(held) != s.players or len(set(cards)) != len(cards):
            return False
        if not all(0 <= c < RACING for c in cards):
            return False
    return True


def _markers(s: Any) -> bool:
    """CUG-INV-MARKERS: each seat holds at most one token of each kind (a flag), and
    holds it exactly when it has not placed that marker this leg (the placers, each
    seat at most once); a marker on the track is on an empty space before the
    Finish, not on the other marker, its card with its last placer; off the track
    its card is beside the track. Nobody has placed a marker while a leg is set up."""
    finish = track_length(s.track) + 1
    players = s.players
    setting_up = s.phase == SETUP or s.phase in LEG_SETUP
    for cell, holder, tokens, placers in (
            (s.palm, s.palm_holder, s.shortcut_tokens, s.shortcut_placers),
            (s.fennec, s.fennec_holder, s.fennec_tokens, s.fennec_placers)):
        if len(tokens) != players or len(set(placers)) != len(placers):
            return False
        if not all(type(p) is int and 0 <= p < players for p in placers):
            return False
        if any(type(token) is not bool for token in tokens):
            return False
        if any(tokens[seat] == (seat in placers) for seat in range(players)):
            return False  # a token in hand exactly when its owner has not placed the marker
        if setting_up and placers:
            return False
        if cell == 0:
            if holder != -1:
                return False
        elif not (0 < cell < finish and placers and holder == placers[-1]
                  and cell not in s.pos):
            return False
    return bool(s.palm == 0 or s.palm != s.fennec)


def _floor(s: Any) -> bool:
    """CUG-INV-FLOOR: nobody ever has less than 0 Pounds (CUG-MONEY-FLOOR)."""
    return len(s.money) == s.players and all(m >= 0 for m in s.money)


def _ledger(s: Any) -> bool:
    """CUG-INV-LEDGER: money is 3 plus the recorded payouts and personal-card payments."""
    return len(s.payouts) == s.players and all(
        m == START_MONEY + sum(p) for m, p in zip(s.money, s.payouts, strict=True))


def _extend(s: Any) -> bool:
    """CUG-INV-EXTEND: after an extension, exactly 3 spaces between the leading racing
    camel and the Finish while track cards last (checked while the leg is set up)."""
    if s.extended == 0 or s.phase not in LEG_SETUP:
        return bool(s.extended >= 0)
    gap = track_length(s.track) - max(s.pos[:RACING])
    return gap == 3 or (gap < 3 and spare_spaces(s.track, TRACK_CARDS) == 0)


def _track(s: Any) -> bool:
    """CUG-INV-TRACK: at most 12 cards, only the last half-covered, never shorter than set up."""
    return (bool(s.track) and valid_track(s.track, TRACK_CARDS)
            and len(s.track) >= (SETUP_CARDS[s.players].flag + 1) // 2)


def _setupcard(s: Any) -> bool:
    """CUG-INV-SETUPCARD: dealt = discarded + added + 1 on the card; hand sizes follow it."""
    card = SETUP_CARDS[s.players]
    if card.dealt != card.discard + card.to_deck + 1 or card.intel:
        return False
    sizes = [len(h) for h in s.hands]
    p, turn = s.players, s.turn
    if s.phase == SETUP:
        return not any(sizes)
    if s.phase == DEAL:
        n = sum(sizes)
        return n < p * card.dealt and sizes == [n // p + (i < n % p) for i in range(p)]
    if s.phase in (DISCARD, DECK):
        full = card.dealt if s.phase == DISCARD else card.dealt - card.discard
        done = full - (card.discard if s.phase == DISCARD else card.to_deck)
        return (sizes[:turn] == [done] * turn and sizes[turn + 1:] == [full] * (p - turn - 1)
                and done < sizes[turn] <= full)
    if s.phase in (EXTRA, CRAZY_PHASE):
        return sizes == [1] * p
    return all(n <= 1 for n in sizes)


def _phase(s: Any) -> bool:
    """CUG-INV-PHASE: the phase, seats and bookkeeping are consistent."""
    p = s.players
    if not (MIN_PLAYERS <= p <= MAX_PLAYERS and s.phase in PHASES and 0 <= s.turn < p
            and 0 <= s.starter < p and sorted(s.age_order) == list(range(p))
            and len(s.hands) == p and len(s.bets) == p):
        return False
    if any(s.intel) or s.shown or len(s.intel) != p:
        return False
    if s.phase == SETUP:
        return s.leg == 0 and not s.bet_done and not s.track_done
    if s.leg < 1:
        return False
    if s.phase == DRAW:
        return s.track_done is False and bool(s.deck)
    if s.phase == PLAY:
        return bool(s.deck) and not (s.bet_done and s.track_done)
    if s.phase == OVER:
        return not s.bet_done and not s.track_done
    return not s.bet_done and not s.track_done and not s.revealed


#: Each check with the fields it reads (CUG-INV-PHASE, the cheapest, always runs first).
_CHECKS: Final = (
    ("CUG-INV-CAMELS", _camels, ("pos", "height", "track")),
    ("CUG-INV-STACKS", _stacks, ("pos", "height", "track", "phase")),
    ("CUG-INV-CRAZY", _crazy, ("pos", "height", "phase")),
    ("CUG-INV-CARDS", _cards, ("stock", "discard", "deck", "revealed", "hands", "phase")),
    ("CUG-INV-LEGCARDS", _legcards, ("leaders", "midfield", "bets")),
    ("CUG-INV-FINALCARDS", _finalcards, ("winner_bets", "loser_bets", "players")),
    ("CUG-INV-MARKERS", _markers, ("track", "players", "fennec_tokens", "shortcut_tokens",
                                   "fennec_placers", "shortcut_placers", "palm",
                                   "palm_holder", "fennec", "fennec_holder", "phase", "pos")),
    ("CUG-INV-FLOOR", _floor, ("money", "players")),
    ("CUG-INV-LEDGER", _ledger, ("money", "payouts", "players")),
    ("CUG-INV-EXTEND", _extend, ("extended", "phase", "track", "pos")),
    ("CUG-INV-TRACK", _track, ("track", "players")),
    ("CUG-INV-SETUPCARD", _setupcard, ("players", "hands", "phase", "turn")),
)
#: Each check with a reader of its fields' values (a tuple, as ``attrgetter`` gives).
_READS: Final = tuple((rule, check, attrgetter(*fields, "players"))
                      for rule, check, fields in _CHECKS)
#: What a candidate whose fields are not of their types raises while checked.
_UNREADABLE: Final = (TypeError, ValueError, KeyError, IndexError, AttributeError)
#: The last state that broke nothing and holds only immutable values (it hashed).
#: A check whose fields are the very same objects as that state's passes again,
#: so each state is checked in full on what its transition changed.
_LAST: Final[list[Any]] = [None]


def violations(s: Any) -> tuple[str, ...]:
    """Every invariant ``s`` breaks, by ID (empty when the state is valid).

    A candidate so broken that a check cannot read it breaks CUG-INV-PHASE
    (and each check that could not read it).
    """
    try:
        if not _phase(s):
            return ("CUG-INV-PHASE",)
    except _UNREADABLE:
        return ("CUG-INV-PHASE",)
    last = _LAST[0]
    broken = []
    for rule, check, read in _READS:
        if last is not None and all(map(is_, read(s), read(last))):
            continue
        try:
            ok = check(s)
        except _UNREADABLE:
            ok = False
        if not ok:
            broken.append(rule)
    if not broken and type(s) is CugState:
        try:
            hash(_EVERY(s))
        except TypeError:
            return ()
        _LAST[0] = s
    return tuple(broken)

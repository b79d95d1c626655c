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

from collections.abc import Callable
from operator import call, is_not
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
    bet_taken,
    copy_fields,
    without,
)
from kernel.pictures import Pictured
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
           "PHASES", "PLAY", "SETUP", "CugFields", "CugState", "CugTable", "candidate", "freeze",
           "full_violations", "thaw", "violations"]

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
#: CUG-INV-CRAZY: the ranking gives the crazy camel no place, wherever the camels are
#: (its direction is not FORWARD; checked here once, at import, on the start).
_UNRANKED: Final = DIRS[CRAZY] != FORWARD and ranking.ranks(
    (0,) * len(DIRS), tuple(range(len(DIRS))), DIRS, START)[CRAZY] == 0
assert _UNRANKED
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


@attrs.define(slots=True, weakref_slot=False, eq=False, repr=False)
class CugFields(TableFields):
    """The engine's fields and this game's four, declared once (a state's and a table's)."""

    fennec_tokens: tuple[bool, ...]
    shortcut_tokens: tuple[bool, ...]
    fennec_placers: tuple[int, ...]
    shortcut_placers: tuple[int, ...]


@attrs.frozen(slots=True, repr=False, weakref_slot=False)
class CugState(CugFields, Pictured):
    """The whole table (see the module docstring)."""

    GAME: ClassVar[str] = GAME_ID

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
class CugTable(Table, CugFields):
    """The engine's table in hand with this game's token and placer fields.

    It adds no slot to :class:`CugFields`, nor does :class:`CugState`: the two
    have the same layout, so :func:`freeze` turns a table into a state in place.
    """


FIELDS: Final = tuple(a.name for a in attrs.fields(CugState))
assert FIELDS == tuple(a.name for a in attrs.fields(CugTable))  # the same order: by position


def thaw(s: CugState) -> CugTable:
    """The table in hand: a state's fields, to edit during one transition (one copy).

    Each slot is copied by name (a third of the cost of the attrs constructor);
    :data:`_THAWED` checks at import that every field is.
    """
    t: CugTable = object.__new__(CugTable)
    copy_fields(s, t)
    t.fennec_tokens = s.fennec_tokens
    t.shortcut_tokens = s.shortcut_tokens
    t.fennec_placers = s.fennec_placers
    t.shortcut_placers = s.shortcut_placers
    return t


def freeze(t: CugTable) -> CugState:
    """The next state: the table in hand, checked, becomes the state in place.

    A table that breaks an invariant raises :class:`InvalidState` and never
    becomes a state; otherwise its class is changed to :class:`CugState`
    (``__class__`` assignment between classes of the same layout) and nothing
    is copied. The caller must not keep the table: it is frozen from now on.
    """
    broken = _check(t, _LAST[0], True)
    if broken:
        raise InvalidState(broken)
    object.__setattr__(t, "__class__", CugState)  # _check kept it as the last valid one
    return t  # type: ignore[return-value]  # a CugState now


#: thaw copies every field (checked at import, on a candidate of distinct values).
_THAWED: Final = object.__new__(CugState)
for _name in FIELDS:
    object.__setattr__(_THAWED, _name, object())
assert all(getattr(thaw(_THAWED), name) is getattr(_THAWED, name) for name in FIELDS)

# freeze needs a CugTable to have exactly a CugState's layout; this fails at
# import if either one changes.
object.__setattr__(object.__new__(CugTable), "__class__", CugState)


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
    setup it is not behind the camel in fourth place (CUG-LEG-CRAZY).

    Never ranked holds for every position: the ranking gives no place to a camel
    whose direction is not FORWARD (the contract of :func:`kernel.rules.ranking.ranks`),
    and :data:`DIRS` runs the crazy camel BACKWARD (:data:`_UNRANKED`, at import).
    """
    if s.pos[CRAZY] < 0:
        return False
    if s.phase in LEG_SETUP:  # (cell, height) of the camel in fourth place, racing camels only
        fourth = sorted(zip(s.pos[:RACING], s.height[:RACING], strict=False), reverse=True)[3]
        return (s.pos[CRAZY], s.height[CRAZY]) >= fourth
    return True


def _cards(s: Any) -> bool:
    """CUG-INV-CARDS: the 30 racing cards and, once shuffled in, the 5 crazy camel cards,
    each in exactly one place (set aside otherwise)."""
    zones = s.stock + s.discard + s.deck + s.revealed
    for hand in s.hands:
        zones += hand
    if s.phase == SETUP and (s.deck or s.discard or len(s.revealed) >= SETUP_REVEALS):
        return False
    return sorted(zones) == (_EVERY_CARD if s.phase in CRAZY_IN_PLAY else _DECK)


#: Every racing and crazy camel card, sorted; the racing cards alone, sorted.
_EVERY_CARD: Final = sorted(FULL_DECK + CRAZY_CARDS)
_DECK: Final = sorted(FULL_DECK)


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


# CUG-INV-MARKERS, checked in two parts (what a transition changed decides which
# runs): each seat holds at most one token of each kind (a flag), and holds it
# exactly when it has not placed that marker this leg (the placers, each seat at
# most once); a marker on the track is on an empty space before the Finish, not on
# the other marker, its card with its last placer; off the track its card is beside
# the track. Nobody has placed a marker while a leg is set up.


def _marker_tokens(s: Any) -> bool:
    """CUG-INV-MARKERS, the tokens and the placers."""
    players = s.players
    setting_up = s.phase == SETUP or s.phase in LEG_SETUP
    for tokens, placers in ((s.shortcut_tokens, s.shortcut_placers),
                            (s.fennec_tokens, s.fennec_placers)):
        if len(tokens) != players or not _BOOL.issuperset(map(type, tokens)):
            return False  # a flag a seat
        if not placers:  # nobody has placed the marker: every seat holds its token
            if not all(tokens):
                return False
            continue
        if setting_up or len(set(placers)) != len(placers):
            return False
        if not all(type(p) is int and 0 <= p < players for p in placers):
            return False
        placed = set(placers)  # a token in hand exactly when its owner has not placed it
        if list(tokens) != [seat not in placed for seat in range(players)]:
            return False
    return True


#: The type of a token flag.
_BOOL: Final = frozenset((bool,))


def _marker_cells(s: Any) -> bool:
    """CUG-INV-MARKERS, where the markers and their cards are."""
    finish = track_length(s.track) + 1
    for cell, holder, placers in ((s.palm, s.palm_holder, s.shortcut_placers),
                                  (s.fennec, s.fennec_holder, s.fennec_placers)):
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
    sizes = list(map(len, s.hands))
    p, turn = s.players, s.turn
    if s.phase == SETUP:
        return not any(sizes)
    if s.phase == DEAL:
        n = sum(sizes)
        q, r = divmod(n, p)  # dealt round-robin from seat 0: the first r seats have one more
        return n < p * card.dealt and sizes == [q + 1] * r + [q] * (p - r)
    if s.phase in (DISCARD, DECK):
        full = card.dealt if s.phase == DISCARD else card.dealt - card.discard
        done = full - (card.discard if s.phase == DISCARD else card.to_deck)
        return (sizes[:turn] == [done] * turn and sizes[turn + 1:] == [full] * (p - turn - 1)
                and done < sizes[turn] <= full)
    if s.phase in (EXTRA, CRAZY_PHASE):
        return sizes == [1] * p
    return all(n <= 1 for n in sizes)


def _phase(s: Any, last: Any = None) -> bool:
    """CUG-INV-PHASE: the phase, seats and bookkeeping are consistent.

    ``last``: a valid state; what ``s`` shares with it by identity (the seats'
    age order, the intel and shown zones) passed there and is not read again.
    """
    p = s.players
    if not (MIN_PLAYERS <= p <= MAX_PLAYERS and s.phase in PHASES and 0 <= s.turn < p
            and 0 <= s.starter < p and len(s.hands) == p and len(s.bets) == p):
        return False
    if last is None or p is not last.players or s.age_order is not last.age_order:
        if sorted(s.age_order) != list(range(p)):
            return False
    if last is None or p is not last.players or s.intel is not last.intel or (
            s.shown is not last.shown):
        if any(s.intel) or s.shown or len(s.intel) != p:
            return False
    phase = s.phase
    if phase == SETUP:
        return s.leg == 0 and not s.bet_done and not s.track_done
    if s.leg < 1:
        return False
    if phase == DRAW:
        return s.track_done is False and bool(s.deck)
    if phase == PLAY:
        return bool(s.deck) and not (s.bet_done and s.track_done)
    if phase == OVER:
        return not s.bet_done and not s.track_done
    return not s.bet_done and not s.track_done and not s.revealed


#: What a candidate whose fields are not of their types raises while checked.
_UNREADABLE: Final = (TypeError, ValueError, KeyError, IndexError, AttributeError)
#: The phases of the turns: every check reads them alike.
_TURNS: Final = frozenset((PLAY, DRAW))


def _holds(check: Callable[[Any], bool], s: Any) -> bool:
    """``check(s)``; False when the check cannot read ``s``."""
    try:
        return check(s)
    except _UNREADABLE:
        return False


#: A state no value is the same object as (its fields are fresh objects): a
#: check compared with it always runs, so :func:`_check` against it is the full check.
_NOTHING: Final = object.__new__(CugState)
for _name in FIELDS:
    object.__setattr__(_NOTHING, _name, object())
#: The last state that broke nothing and holds only immutable values (every
#: value a check ran on was hashed; a table :func:`freeze` is turning into a
#: state is kept as it passes). Every check is a pure function of
#: the fields it reads, so a check whose fields are the very same objects as
#: that state's passes again: a transition shares every tuple it does not
#: change, and each state is checked in full on what its transition changed,
#: but for one card moved from that state's zones (a draw, :func:`_drawn`; a
#: deal or a choice, :func:`_moved` and :func:`_handed`) and a leg bet
#: (``bet_taken``), checked against that state's zones and hand sizes.
_LAST: Final[list[Any]] = [_NOTHING]


def _check(s: Any, last: Any, keep: bool) -> tuple[str, ...]:
    """Every invariant ``s`` breaks, running only the checks whose fields are not the
    very objects ``last`` (a valid state) holds; ``keep``: remember ``s`` when it is
    valid and holds only immutable values (a table becoming a state, or a state)."""
    try:
        if not _phase(s, None if last is _NOTHING else last):
            return ("CUG-INV-PHASE",)
    except _UNREADABLE:
        return ("CUG-INV-PHASE",)
    try:  # each check called directly; one that cannot read s: all again, each in _holds
        return _run_checks(s, last, keep, call)
    except _UNREADABLE:
        return _run_checks(s, last, keep, _holds)


def _run_checks(s: Any, last: Any, keep: bool,
                holds: Callable[[Callable[[Any], bool], Any], bool]) -> tuple[str, ...]:
    """:func:`_check` once CUG-INV-PHASE holds; ``holds(check, s)`` runs a check."""
    pos, height, track, phase, players = s.pos, s.height, s.track, s.phase, s.players
    camels = pos is last.pos and height is last.height
    course = track is last.track
    # no check tells a turn (PLAY) from a draw of the racing deck (DRAW)
    same_phase = phase is last.phase or (phase in _TURNS and last.phase in _TURNS)
    # the checks that read the phase ask only whether the race is over (CUG-INV-STACKS),
    # whether a leg is set up (CUG-INV-CRAZY, CUG-INV-EXTEND) or whether the game or a leg
    # is set up (CUG-INV-MARKERS' tokens), and are stricter there: with their other fields
    # the last's, a new phase on the same side of that line passes as the last did, and so
    # does one leaving their stricter side (CUG-INV-EXTEND: only on the same side)
    leg_setup = phase in LEG_SETUP
    was_leg_setup = last.phase in LEG_SETUP
    same_leg_setup = same_phase or leg_setup == was_leg_setup
    seats = players is last.players
    hands = s.hands
    money = s.money
    fresh: list[object] = []  # the values of the checks that run: hashed at the end
    # what only CUG-INV-PHASE reads (in _check, before): hashed too when not the last's
    if s.age_order is not last.age_order:
        fresh.append(s.age_order)
    if s.intel is not last.intel:
        fresh.append(s.intel)
    if s.shown is not last.shown:
        fresh.append(s.shown)
    broken: list[str] = []
    if not (camels and course):
        fresh += (pos, height, track)
        if not holds(_camels, s):
            broken.append("CUG-INV-CAMELS")
    if not (camels and course and (same_phase or last.phase != OVER)) and not holds(_stacks, s):
        broken.append("CUG-INV-STACKS")
    if not (camels and (same_leg_setup or was_leg_setup)) and not holds(_crazy, s):
        broken.append("CUG-INV-CRAZY")
    seat = None  # the one seat whose hand a card moved to or from (_moved), if any
    zones = same_phase and hands is last.hands and s.stock is last.stock and (
        s.discard is last.discard)
    if not (zones and s.deck is last.deck and s.revealed is last.revealed):
        fresh += (hands, s.stock, s.discard, s.deck, s.revealed)
        if zones:  # a draw: one card from the deck to the end of the revealed cards
            moved = phase != SETUP and _drawn(s.deck, s.revealed, last.deck, last.revealed)
        else:  # a deal or a choice: one card between a hand and another sorted zone
            seat = (_moved(s, last) if same_phase and s.revealed is last.revealed
                    else None)
            moved = seat is not None
        if not (moved or holds(_cards, s)):
            broken.append("CUG-INV-CARDS")
    if not (s.leaders is last.leaders and s.midfield is last.midfield
            and s.bets is last.bets):
        fresh += (s.leaders, s.midfield, s.bets)
        if not (bet_taken(s.leaders, s.midfield, s.bets, last, RACING) or holds(_legcards, s)):
            broken.append("CUG-INV-LEGCARDS")
    if not (seats and s.winner_bets is last.winner_bets and s.loser_bets is last.loser_bets):
        fresh += (s.winner_bets, s.loser_bets)
        if not holds(_finalcards, s):
            broken.append("CUG-INV-FINALCARDS")
    placers = s.fennec_placers is last.fennec_placers and (
        s.shortcut_placers is last.shortcut_placers)
    setting_up = phase == SETUP or leg_setup
    if not (placers and seats and (same_phase or not setting_up or last.phase == SETUP
                                   or was_leg_setup)
            and s.fennec_tokens is last.fennec_tokens
            and s.shortcut_tokens is last.shortcut_tokens):
        fresh += (s.fennec_tokens, s.shortcut_tokens, s.fennec_placers, s.shortcut_placers)
        markers = holds(_marker_tokens, s)
    else:
        markers = True
    if markers and not (placers and camels and course and s.palm is last.palm
                        and s.palm_holder is last.palm_holder and s.fennec is last.fennec
                        and s.fennec_holder is last.fennec_holder):
        fresh += (s.fennec_placers, s.shortcut_placers, s.palm, s.palm_holder, s.fennec,
                  s.fennec_holder)
        markers = holds(_marker_cells, s)
    if not markers:
        broken.append("CUG-INV-MARKERS")
    same_money = seats and money is last.money
    if not same_money:
        fresh.append(money)
        if not holds(_floor, s):
            broken.append("CUG-INV-FLOOR")
    if not (same_money and s.payouts is last.payouts):
        fresh.append(s.payouts)
        if not holds(_ledger, s):
            broken.append("CUG-INV-LEDGER")
    if not (camels and course and same_leg_setup and s.extended is last.extended):
        fresh.append(s.extended)
        if not holds(_extend, s):
            broken.append("CUG-INV-EXTEND")
    if not (course and seats) and not holds(_track, s):
        broken.append("CUG-INV-TRACK")
    # the seat on turn counts only while the seats choose their cards
    if not (seats and same_phase and hands is last.hands
            and (s.turn is last.turn or phase in _TURNS)) and not (
                (seat is not None and _handed(s, last, seat)) or holds(_setupcard, s)):
        broken.append("CUG-INV-SETUPCARD")
    if broken or not keep:
        return tuple(broken)
    try:
        hash((players, phase, s.turn, *fresh))
    except TypeError:  # a value that could change: never compared by identity
        return ()
    _LAST[0] = s
    return ()


def _drawn(deck: Any, revealed: Any, last_deck: tuple[str, ...],
           last_revealed: tuple[str, ...]) -> bool:
    """CUG-INV-CARDS when the other zones and the phase's cards are a valid state's:
    its deck less one card, that card added to its revealed cards.

    True only then (every card stays in exactly one place, as in the valid
    state); False does not mean broken: the caller checks in full. Never raises.
    """
    if (type(revealed) is not tuple or len(revealed) != len(last_revealed) + 1
            or revealed[:-1] != last_revealed):
        return False
    card = revealed[-1]  # a deck of another type is never equal to a tuple
    return card in last_deck and deck == without(last_deck, card)


def _inserted(new: Any, old: tuple[str, ...]) -> Any:
    """The card ``new`` holds besides ``old``'s cards, when it is ``old`` (a valid
    state's zone) with that one card put in; else None. Never raises."""
    if type(new) is not tuple or len(new) != len(old) + 1:
        return None
    n = len(old)
    at = 0  # the first place they differ
    while at < n and new[at] == old[at]:
        at += 1
    return new[at] if new[at + 1:] == old[at:] else None


def _moved(s: Any, last: Any) -> int | None:
    """CUG-INV-CARDS when the phase and the revealed cards are a valid state's: one
    card moved between one seat's hand and another sorted zone, as a deal (the stock
    to the hand) or a choice (the hand to the discard or the deck) moves it; every
    other zone and hand the valid state's very object.

    The seat whose hand it is only then; None does not mean broken: the caller checks
    in full. Never raises.
    """
    hands, old = s.hands, last.hands
    if len(hands) != len(old):
        return None
    changed = list(map(is_not, hands, old))
    if changed.count(True) != 1:
        return None
    seat = changed.index(True)
    hand, before = hands[seat], old[seat]
    if s.stock is not last.stock:  # the stock to the hand
        if not (s.discard is last.discard and s.deck is last.deck):
            return None
        src, old_src, card = s.stock, last.stock, _inserted(hand, before)
    else:  # the hand to the discard or to the deck
        if s.deck is last.deck:
            card = _inserted(s.discard, last.discard)
        elif s.discard is last.discard:
            card = _inserted(s.deck, last.deck)
        else:
            return None
        src, old_src = hand, before
    try:
        at = old_src.index(card)
    except ValueError:
        return None
    return seat if src == old_src[:at] + old_src[at + 1:] else None


def _handed(s: Any, last: Any, seat: int) -> bool:
    """CUG-INV-SETUPCARD when the phase is a valid state's and one card moved to or
    from ``seat``'s hand alone (:func:`_moved`): a deal's card to the seat due (the
    one after the last seat dealt to; seat 0 once the last seat holds as many as the
    first), before every seat holds its cards; or a choice of the seat on turn, which
    passes the turn on once its choices for this phase are made.

    True only then; False does not mean broken: the caller checks in full.
    """
    hands, old = s.hands, last.hands
    n = len(hands[seat])
    card = SETUP_CARDS[s.players]
    phase = s.phase
    if phase == DEAL:
        return len(old[seat - 1]) == n - (seat == 0) and len(hands[-1]) < card.dealt
    if phase == DISCARD:
        done = card.dealt - card.discard
    elif phase == DECK:
        done = card.dealt - card.discard - card.to_deck
    else:
        return False
    turn = last.turn
    if seat != turn or n + 1 != len(old[seat]):
        return False
    return n > done if s.turn is turn else (s.turn is turn + 1 and n == done)


def violations(s: Any) -> tuple[str, ...]:
    """Every invariant ``s`` breaks, by ID (empty when the state is valid).

    A candidate so broken that a check cannot read it breaks CUG-INV-PHASE
    (and each check that could not read it). The checks whose fields are the
    very objects of the last valid state are not run again (see :data:`_LAST`);
    :func:`full_violations` runs every check.
    """
    return _check(s, _LAST[0], type(s) is CugState)


def full_violations(s: Any) -> tuple[str, ...]:
    """Every invariant ``s`` breaks, each check run from scratch (the oracle)."""
    return _check(s, _NOTHING, False)

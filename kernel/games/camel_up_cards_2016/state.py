"""The Camel Up Cards table as one frozen value, and its invariants.

A :class:`CardsState` checks every invariant when it is built, so a state
that breaks one cannot exist. :func:`violations` lists every invariant a
candidate breaks, by ID, like python-chess's ``status()``; it also runs on a
candidate made with :func:`candidate`, which skips the check.

Field layout (cells: 0 Start card, 1..L spaces, L+1 Finish):

- ``track``: the laid race track cards in order, each FACE (2 spaces), SAND
  (sandstorm side, 1 space) or HALF (last card, half under the Finish);
- ``pos``/``height``: per camel (canonical colour order) its cell and its
  place in the stack there, 0 at the bottom;
- ``palm``/``fennec``: the figure's cell, 0 when on its card; ``*_holder`` the
  seat with the figure's card in front of it, -1 for none;
- racing card zones, each a sorted multiset except ``revealed`` (in order):
  ``stock`` (shuffled face-down cards still to be revealed at setup or dealt),
  ``hands`` (per seat), ``discard``, ``deck`` (the racing deck), ``intel``
  (per seat, a face-down intel card not yet shown), ``revealed``;
- ``shown``: intel cards shown to all this leg (public memory, seat order);
- ``leaders``: per colour the leg leader cards left, bottom to top;
  ``midfield``: per colour whether its midfield card is available;
- ``bets``: per seat the leg cards taken, (colour, value) with value 0 for
  a midfield card; ``winner_bets``/``loser_bets``: per seat a colour or -1;
- ``money`` and ``payouts`` (per seat every applied payout, in order);
- ``phase``, ``leg``, ``starter``, ``turn``, ``bet_done``, ``track_done``,
  ``extended`` (spaces added to the track at this leg's setup).

The fields are declared once, by the shared engine's
:class:`~kernel.engines.camel_cards.table.TableFields`. A transition
:func:`thaw` s a state into the typed, mutable
:class:`~kernel.engines.camel_cards.table.Table`, edits it, and
:func:`freeze` s it: the table is checked against every invariant and then
becomes the next state in place (same slots, nothing copied). The checks
remember the last valid state and do not run again a check whose inputs
are the very same immutable objects as that state's (a transition shares
every tuple it does not change), so every state is checked in full on what
differs from the state it was made from.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar, Final, cast

import attrs

from kernel.core import InvalidState
from kernel.engines.camel_cards.table import (
    CHANCE_PHASES,
    DEAL,
    DECK,
    DISCARD,
    DRAW,
    INTEL,
    LEG_SETUP_PHASES,
    OVER,
    PHASES,
    PLAY,
    SETUP,
    Table,
    TableFields,
    bet_taken,
    copy_fields,
    without,
)
from kernel.pictures import Pictured
from kernel.rules.camel import CAMELS, spare_spaces, track_length, valid_track, well_formed

from .data import (
    FULL_DECK,
    GAME_ID,
    LEADER_STACK,
    SETUP_CARDS,
    SETUP_REVEALS,
    START_MONEY,
    TRACK_CARDS,
)

__all__ = [
    "CHANCE_PHASES", "DEAL", "DECK", "DISCARD", "DRAW", "FIELDS", "INTEL", "INVARIANTS",
    "LEG_SETUP_PHASES", "OVER", "PHASES", "PLAY", "SETUP", "CardsState", "candidate", "freeze",
    "full_violations", "thaw", "violations",
]

#: Every invariant ID checked by :func:`violations`.
INVARIANTS: Final = (
    "CUC-INV-CAMELS",
    "CUC-INV-STACKS",
    "CUC-INV-RACING",
    "CUC-INV-LEGCARDS",
    "CUC-INV-FINALCARDS",
    "CUC-INV-FIGURES",
    "CUC-INV-FLOOR",
    "CUC-INV-LEDGER",
    "CUC-INV-EXTEND",
    "CUC-INV-TRACK",
    "CUC-INV-PHASE",
)


@attrs.frozen(slots=True, repr=False, weakref_slot=False)
class CardsState(TableFields, Pictured):
    """The whole Camel Up Cards table (see the module docstring).

    Its fields are the engine's :class:`TableFields`, in that order.
    """

    GAME: ClassVar[str] = GAME_ID

    def __attrs_post_init__(self) -> None:
        broken = violations(self)
        if broken:
            raise InvalidState(broken)

    @property
    def finish(self) -> int:
        """The Finish card's cell: one past the last space."""
        return track_length(self.track) + 1

    def __repr__(self) -> str:
        return f"<CardsState {self.phase} leg={self.leg} turn={self.turn} pos={self.pos}>"


FIELDS: Final = tuple(a.name for a in attrs.fields(CardsState))


def candidate(**fields: Any) -> CardsState:
    """Build a state WITHOUT checking it, only to ask :func:`violations` about it."""
    obj = object.__new__(CardsState)
    for name in FIELDS:
        object.__setattr__(obj, name, fields[name])
    return obj


def thaw(s: CardsState) -> Table:
    """The table in hand: a state's fields, to edit during one transition."""
    t = object.__new__(Table)
    copy_fields(s, t)
    return t


def freeze(t: Table) -> CardsState:
    """The next state, built from the table in hand once, and checked.

    The table is checked against every invariant and then becomes the state
    itself: a :class:`Table` has exactly the slots of a :class:`CardsState`,
    so its class is changed in place (``__class__`` assignment, for objects
    of the same layout) and nothing is copied. A table that breaks an
    invariant raises :class:`InvalidState` and never becomes a state. The
    caller must not keep the table: it is frozen from now on.
    """
    try:
        broken, length, spare = _check(t, _VALID[0])
    except _UNREADABLE:
        broken = ("CUC-INV-PHASE",)
    if broken:
        raise InvalidState(broken)
    object.__setattr__(t, "__class__", CardsState)
    state = cast(CardsState, t)
    _VALID[0] = (state, length, spare)
    return state


# freeze needs a Table to have exactly a CardsState's layout (both add no slot
# to TableFields); this fails at import if either one changes.
object.__setattr__(object.__new__(Table), "__class__", CardsState)


#: The last state built that broke no invariant, with its track's length and
#: spare spaces, in one tuple (read and replaced whole). Each check is a pure
#: function of immutable values (every tuple a check accepts is hashed on the
#: way, so it holds nothing mutable; money and payouts, read without hashing,
#: are reused only as tuples), and a state is frozen, so a check whose inputs
#: are the very objects it passed for that state passes again: a transition
#: shares every tuple it does not change, and only what it changed is checked
#: again. Any other state (or a first one) is checked in full. Only frozen
#: states are remembered (a table in hand could still be edited).
_NOTHING: Final = object.__new__(CardsState)
for _name in FIELDS:
    object.__setattr__(_NOTHING, _name, object())
_NO_STATE: Final = (_NOTHING, 0, 0)
_VALID: Final[list[tuple[CardsState, int, int]]] = [_NO_STATE]


def _hand_sizes_ok(s: CardsState | Table) -> bool:
    """Hand and intel sizes in the SETUP, DEAL and leg-setup phases (CUC-INV-PHASE).

    Only :func:`_phase_ok` calls it, after checking that ``s.turn`` is a seat;
    PLAY, DRAW and OVER keep at most one hand card each, checked there.
    """
    card = SETUP_CARDS[s.players]
    sizes = list(map(len, s.hands))
    p = s.players
    phase = s.phase
    if phase == SETUP:
        return not any(sizes) and not any(s.intel)
    if phase == DEAL:
        # dealt round-robin from seat 0: the first n % p seats have one more
        n = sum(sizes)
        q, r = divmod(n, p)
        return n < p * card.dealt and sizes == [q + 1] * r + [q] * (p - r)
    # DISCARD, DECK, INTEL: the seats before the chooser are done, those after
    # it have not started, the chooser is part way.
    if phase == DISCARD:
        before, done = card.dealt, card.dealt - card.discard
    elif phase == DECK:
        before = card.dealt - card.discard
        done = before - card.to_deck
    else:
        before = card.dealt - card.discard - card.to_deck
        done = before - card.intel
    turn = s.turn
    if sizes[:turn] != [done] * turn or sizes[turn + 1:] != [before] * (p - turn - 1):
        return False
    if not done < sizes[turn] <= before:
        return False
    if phase == INTEL:
        return list(map(len, s.intel)) == [1] * turn + [0] * (p - turn)
    return not any(s.intel)


def violations(s: CardsState | Table) -> tuple[str, ...]:
    """Every invariant ``s`` breaks, by ID (empty when the state is valid).

    >>> from kernel.api import new_game
    >>> violations(new_game("camel-up-cards-2016", {"players": 3}))
    ()
    """
    try:
        broken, length, spare = _check(s, _VALID[0])
    except _UNREADABLE:
        return ("CUC-INV-PHASE",)
    if not broken and type(s) is CardsState:
        _VALID[0] = (s, length, spare)
    return broken


def full_violations(s: CardsState | Table) -> tuple[str, ...]:
    """Every invariant ``s`` breaks, each check run from scratch (the oracle).

    What :func:`violations` answers, without reusing what an earlier state passed.
    """
    try:
        return _check(s, _NO_STATE)[0]
    except _UNREADABLE:
        return ("CUC-INV-PHASE",)


#: What a candidate whose fields are not of their types raises while it is
#: checked: it breaks CUC-INV-PHASE (and nothing else is asked of it).
_UNREADABLE: Final = (TypeError, ValueError, KeyError, IndexError, AttributeError)


# The memoized checks are wrapped with lru_cache by a call rather than a
# decorator so that mutation testing (mutmut skips decorated functions)
# reaches their bodies; see proofs/README.md. The checks whose inputs rarely
# repeat (camels, racing cards, leg cards) are not memoized by value: they
# hash their inputs instead, as a cache would, so that a field holding
# anything mutable (a list) stays unreadable (TypeError) and every checked
# value is immutable (what the identity memo of _check relies on).


def _track_info_uncached(track: tuple[int, ...]) -> tuple[bool, int, int]:
    """CUC-INV-TRACK validity, track length and spare spaces (memoized: pure)."""
    ok = bool(track) and valid_track(track, TRACK_CARDS)
    return ok, track_length(track), spare_spaces(track, TRACK_CARDS)


_track_info: Final = lru_cache(maxsize=256)(_track_info_uncached)  # memoized: pure


def _camels_ok(pos: tuple[int, ...], height: tuple[int, ...], finish: int) -> bool:
    """CUC-INV-CAMELS, CUC-INV-STACKS (the positions and heights hashed first)."""
    hash((pos, height))
    return well_formed(pos, height, finish)


def _leg_cards_ok(
    leaders: tuple[tuple[int, ...], ...],
    midfield: tuple[bool, ...],
    bets: tuple[tuple[tuple[int, int], ...], ...],
) -> bool:
    """CUC-INV-LEGCARDS: 20 leader cards and 5 midfield cards, each once (hashed first)."""
    hash((leaders, midfield, bets))
    if len(leaders) != CAMELS or len(midfield) != CAMELS:
        return False
    held: list[list[int]] = [[] for _ in range(CAMELS)]
    mids = [0] * CAMELS
    for seat_bets in bets:
        for bet in seat_bets:
            if type(bet) is not tuple:  # unreadable (two bytes would unpack as a card)
                raise TypeError(f"a leg-bet card is a (colour, value) tuple, not {bet!r}")
            colour, value = bet
            if not 0 <= colour < CAMELS:
                return False
            if value == 0:
                mids[colour] += 1
            else:
                held[colour].append(value)
    for c in range(CAMELS):
        stack = leaders[c]
        if stack != LEADER_STACK[: len(stack)]:
            return False
        if sorted(held[c]) != sorted(LEADER_STACK[len(stack):]):
            return False
        if mids[c] + (1 if midfield[c] else 0) != 1:
            return False
    return True


def _ledger_ok_uncached(money: int, payouts: tuple[int, ...]) -> bool:
    """CUC-INV-LEDGER: 3 plus the payouts, never dipping below 1 on the way."""
    running = START_MONEY
    for d in payouts:
        running += d
        if running < 1:
            return False
    return running == money


_ledger_ok: Final = lru_cache(maxsize=1024)(_ledger_ok_uncached)  # memoized: pure


#: What :func:`_check` returns when one broken invariant makes the others
#: unreadable: that invariant alone, and no track length or spare spaces.
_ONLY_PHASE: Final = (("CUC-INV-PHASE",), 0, 0)
_ONLY_TRACK: Final = (("CUC-INV-TRACK",), 0, 0)
_ONLY_CAMELS: Final = (("CUC-INV-CAMELS",), 0, 0)


def _check(s: CardsState | Table, last: tuple[CardsState, int, int]
           ) -> tuple[tuple[str, ...], int, int]:
    """Every invariant ``s`` breaks, and its track's length and spare spaces.

    A check whose inputs are the very same (immutable) objects as those of
    ``last`` (a valid state, its track's length and spare spaces: see
    :data:`_VALID`) is passed without being run again.
    """
    bad: list[str] = []
    valid, valid_length, valid_spare = last
    p = s.players
    phase = s.phase
    hands = s.hands
    intel = s.intel
    money = s.money
    payouts = s.payouts
    if (
        p not in SETUP_CARDS
        or phase not in PHASES
        or len(hands) != p
        or len(intel) != p
        or len(s.bets) != p
        or len(s.winner_bets) != p
        or len(s.loser_bets) != p
        or len(money) != p
        or len(payouts) != p
        or not ((s.age_order is valid.age_order and p is valid.players)
                or _ages_ok(s.age_order, p))
    ):
        return _ONLY_PHASE

    # CUC-INV-TRACK: Start, cards 1..k (face, sandstorm, half-covered last), Finish.
    track = s.track
    if track is valid.track:
        length, spare = valid_length, valid_spare
    else:
        track_ok, length, spare = _track_info(track)
        if not track_ok:
            return _ONLY_TRACK
    finish = length + 1

    # CUC-INV-CAMELS / CUC-INV-STACKS: five camels once each, gap-free stacks,
    # the Start card unstacked, the Finish only once the race is over.
    pos = s.pos
    height = s.height
    if len(pos) != CAMELS or len(height) != CAMELS:
        return _ONLY_CAMELS
    if not ((pos is valid.pos and height is valid.height and track is valid.track)
            or _camels_ok(pos, height, finish)) or (finish in pos and phase != OVER):
        bad.append("CUC-INV-STACKS")

    # CUC-INV-RACING: each of the 30 racing cards in exactly one place.
    stock = s.stock
    deck = s.deck
    # A draw moves one card from the deck to the end of the revealed cards:
    # checked against the valid state's deck and revealed cards alone.
    if not ((stock is valid.stock and s.discard is valid.discard and hands is valid.hands
             and intel is valid.intel
             and ((deck is valid.deck and s.revealed is valid.revealed)
                  or _drawn_ok(deck, s.revealed, valid.deck, valid.revealed)))
            or _racing_ok(stock, s.discard, deck, s.revealed, hands, intel)):
        bad.append("CUC-INV-RACING")

    # CUC-INV-LEGCARDS: 20 leader cards and 5 midfield cards, each once. A
    # leg bet moves one card to the end of one seat's bets: checked against
    # the valid state's stacks and bets alone.
    if not ((s.bets is valid.bets and s.leaders is valid.leaders
             and s.midfield is valid.midfield)
            or _bet_taken_ok(s.leaders, s.midfield, s.bets, valid)
            or _leg_cards_ok(s.leaders, s.midfield, s.bets)):
        bad.append("CUC-INV-LEGCARDS")

    # CUC-INV-FINALCARDS: 5 + 5 final cards once each; one of each per player.
    if not ((s.winner_bets is valid.winner_bets or _finals_ok(s.winner_bets))
            and (s.loser_bets is valid.loser_bets or _finals_ok(s.loser_bets))):
        bad.append("CUC-INV-FINALCARDS")

    # CUC-INV-FIGURES: on its card with no holder, or on an empty space ahead
    # of the last camel with its card in front of one player.
    if s.palm or s.fennec or s.palm_holder != -1 or s.fennec_holder != -1:
        behind = min(pos)
        for cell, holder in ((s.palm, s.palm_holder), (s.fennec, s.fennec_holder)):
            if cell == 0:
                if holder != -1:
                    bad.append("CUC-INV-FIGURES")
                    break
            elif (
                not 0 <= holder < p
                or not 0 < cell <= length
                or cell in pos
                or cell <= behind
                or phase not in _FIGURE_PHASES
            ):
                bad.append("CUC-INV-FIGURES")
                break
        else:
            if s.palm and s.palm == s.fennec:
                bad.append("CUC-INV-FIGURES")

    # CUC-INV-FLOOR and CUC-INV-LEDGER: at least 1 Pound; 3 plus the payouts.
    if min(money) < 1:
        bad.append("CUC-INV-FLOOR")
    if not ((money is valid.money and payouts is valid.payouts and type(money) is tuple
             and type(payouts) is tuple)
            or all(map(_ledger_ok, money, payouts))):
        bad.append("CUC-INV-LEDGER")

    # CUC-INV-EXTEND: at a leg's setup at least 3 spaces lie between leader
    # and Finish (exactly 3 after an extension) unless the spares ran out.
    if phase in LEG_SETUP_PHASES:
        gap = length - max(pos)
        if (gap < 3 or (s.extended and gap != 3)) and spare != 0:
            bad.append("CUC-INV-EXTEND")

    # CUC-INV-PHASE: phase bookkeeping consistent.
    if not _phase_ok(s, p, phase):
        bad.append("CUC-INV-PHASE")
    return tuple(bad), length, spare


_FULL_DECK_LIST: Final = list(FULL_DECK)


def _racing_ok(
    stock: tuple[str, ...],
    discard: tuple[str, ...],
    deck: tuple[str, ...],
    revealed: tuple[str, ...],
    hands: tuple[tuple[str, ...], ...],
    intel: tuple[tuple[str, ...], ...],
) -> bool:
    """CUC-INV-RACING: the zones hold the 30 racing cards, each once (hashed first).

    Every zone is a tuple (anything else raises TypeError: the state is unreadable).
    """
    hash((stock, discard, deck, revealed, hands, intel))
    cards = list(stock + discard + deck + revealed + sum(hands, ()) + sum(intel, ()))
    if len(cards) != 30:
        return False
    cards.sort()
    return cards == _FULL_DECK_LIST


def _drawn_ok(deck: tuple[str, ...], revealed: tuple[str, ...], valid_deck: tuple[str, ...],
              valid_revealed: tuple[str, ...]) -> bool:
    """CUC-INV-RACING when the other zones are a valid state's very objects: its
    deck less one card, that card added to its revealed cards (hashed first).

    True only then (every card stays in exactly one place, as in the valid
    state); False does not mean broken: the caller checks in full.
    """
    hash((deck, revealed))
    # zones of another type than a tuple are never equal to the valid state's
    # (or raise here as the full check does: the state is unreadable)
    if len(revealed) != len(valid_revealed) + 1 or revealed[:-1] != valid_revealed:
        return False
    card = revealed[-1]
    return card in valid_deck and deck == without(valid_deck, card)


def _bet_taken_ok(
    leaders: tuple[tuple[int, ...], ...],
    midfield: tuple[bool, ...],
    bets: tuple[tuple[tuple[int, int], ...], ...],
    valid: CardsState,
) -> bool:
    """CUC-INV-LEGCARDS against a valid state (the engine's :func:`bet_taken`), the
    values hashed first. False does not mean broken: the caller checks in full."""
    hash((leaders, midfield, bets))
    return bet_taken(leaders, midfield, bets, valid, CAMELS)


def _ages_ok_uncached(age_order: tuple[int, ...], players: int) -> bool:
    return sorted(age_order) == list(range(players))


_ages_ok: Final = lru_cache(maxsize=64)(_ages_ok_uncached)  # memoized: pure

_FIGURE_PHASES: Final = frozenset((PLAY, DRAW, OVER))


def _finals_ok_uncached(bets: tuple[int, ...]) -> bool:
    taken = [c for c in bets if c != -1]
    return len(set(taken)) == len(taken) and all(-1 <= c < CAMELS for c in bets)


_finals_ok: Final = lru_cache(maxsize=512)(_finals_ok_uncached)  # memoized: pure


def _phase_ok(s: CardsState | Table, p: int, phase: str) -> bool:
    if not (0 <= s.turn < p and 0 <= s.starter < p and s.extended >= 0):
        return False
    if (s.leg == 0) != (phase == SETUP):
        return False
    if phase == PLAY or phase == DRAW:
        return (
            bool(s.deck)
            and not s.stock
            and (phase == PLAY or not s.track_done)
            and max(map(len, s.hands)) <= 1
            and not any(s.intel)
        )
    if phase == OVER:
        return not s.stock and not any(s.intel) and max(map(len, s.hands)) <= 1
    if s.track_done or s.bet_done or any(s.bets):
        return False
    if phase == SETUP:
        return len(s.revealed) < SETUP_REVEALS and not s.deck and _hand_sizes_ok(s)
    if phase == DEAL:
        return not s.deck and not s.discard and not s.revealed and _hand_sizes_ok(s)
    return not s.stock and (phase != DISCARD or not s.deck) and _hand_sizes_ok(s)

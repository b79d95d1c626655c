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
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar, Final

import attrs

from kernel.core import InvalidState
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

SETUP: Final = "setup"  # chance: the 5 starting-position reveals
DEAL: Final = "deal"  # chance: one card dealt at a time
DISCARD: Final = "discard"  # seat `turn` discards
DECK: Final = "deck"  # seat `turn` adds cards to the racing deck
INTEL: Final = "intel"  # seat `turn` chooses its intel card
PLAY: Final = "play"  # seat `turn` takes its turn
DRAW: Final = "draw"  # chance: the racing deck's top card
OVER: Final = "over"  # the race has ended
PHASES: Final = (SETUP, DEAL, DISCARD, DECK, INTEL, PLAY, DRAW, OVER)
CHANCE_PHASES: Final = frozenset((SETUP, DEAL, DRAW))
LEG_SETUP_PHASES: Final = frozenset((DEAL, DISCARD, DECK, INTEL))

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


@attrs.frozen(slots=True, repr=False)
class CardsState:
    """The whole Camel Up Cards table (see the module docstring)."""

    GAME: ClassVar[str] = GAME_ID

    players: int
    age_order: tuple[int, ...]
    phase: str
    leg: int
    track: tuple[int, ...]
    pos: tuple[int, ...]
    height: tuple[int, ...]
    palm: int
    palm_holder: int
    fennec: int
    fennec_holder: int
    stock: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    discard: tuple[str, ...]
    deck: tuple[str, ...]
    intel: tuple[tuple[str, ...], ...]
    revealed: tuple[str, ...]
    shown: tuple[str, ...]
    leaders: tuple[tuple[int, ...], ...]
    midfield: tuple[bool, ...]
    bets: tuple[tuple[tuple[int, int], ...], ...]
    winner_bets: tuple[int, ...]
    loser_bets: tuple[int, ...]
    money: tuple[int, ...]
    payouts: tuple[tuple[int, ...], ...]
    starter: int
    turn: int
    bet_done: bool
    track_done: bool
    extended: int

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


def _hand_sizes_ok(s: CardsState) -> bool:
    """Hand and intel sizes in the SETUP, DEAL and leg-setup phases (CUC-INV-PHASE).

    Only :func:`_phase_ok` calls it, after checking that ``s.turn`` is a seat;
    PLAY, DRAW and OVER keep at most one hand card each, checked there.
    """
    card = SETUP_CARDS[s.players]
    sizes = [len(h) for h in s.hands]
    p = s.players
    if s.phase == SETUP:
        return all(n == 0 for n in sizes) and not any(s.intel)
    if s.phase == DEAL:
        n = sum(sizes)
        return n < p * card.dealt and sizes == [n // p + (1 if i < n % p else 0) for i in range(p)]
    after_discard = card.dealt - card.discard
    after_deck = after_discard - card.to_deck
    # DISCARD, DECK, INTEL: the seats before the chooser are done, those after
    # it have not started, the chooser is part way.
    before, done = {
        DISCARD: (card.dealt, after_discard),
        DECK: (after_discard, after_deck),
        INTEL: (after_deck, after_deck - card.intel),
    }[s.phase]
    for i, n in enumerate(sizes):
        if i < s.turn and n != done:
            return False
        if i > s.turn and n != before:
            return False
        if i == s.turn and not done < n <= before:
            return False
    if s.phase == INTEL:
        return all(len(s.intel[i]) == (1 if i < s.turn else 0) for i in range(p))
    return not any(s.intel)


def violations(s: CardsState) -> tuple[str, ...]:
    """Every invariant ``s`` breaks, by ID (empty when the state is valid).

    >>> from kernel.api import new_game
    >>> violations(new_game("camel-up-cards-2016", {"players": 3}))
    ()
    """
    try:
        return _violations(s)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        return ("CUC-INV-PHASE",)


# The memoized checks are wrapped with lru_cache by a call rather than a
# decorator so that mutation testing (mutmut skips decorated functions)
# reaches their bodies; see proofs/README.md.


def _track_info_uncached(track: tuple[int, ...]) -> tuple[bool, int, int]:
    """CUC-INV-TRACK validity, track length and spare spaces (memoized: pure)."""
    ok = bool(track) and valid_track(track, TRACK_CARDS)
    return ok, track_length(track), spare_spaces(track, TRACK_CARDS)


_track_info: Final = lru_cache(maxsize=256)(_track_info_uncached)  # memoized: pure


def _camels_ok_uncached(pos: tuple[int, ...], height: tuple[int, ...], finish: int) -> bool:
    return well_formed(pos, height, finish)


_camels_ok: Final = lru_cache(maxsize=4096)(_camels_ok_uncached)  # memoized: pure


def _leg_cards_ok_uncached(
    leaders: tuple[tuple[int, ...], ...],
    midfield: tuple[bool, ...],
    bets: tuple[tuple[tuple[int, int], ...], ...],
) -> bool:
    """CUC-INV-LEGCARDS: 20 leader cards and 5 midfield cards, each once."""
    if len(leaders) != CAMELS or len(midfield) != CAMELS:
        return False
    held: list[list[int]] = [[] for _ in range(CAMELS)]
    mids = [0] * CAMELS
    for seat_bets in bets:
        for colour, value in seat_bets:
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


_leg_cards_ok: Final = lru_cache(maxsize=4096)(_leg_cards_ok_uncached)  # memoized: pure


def _ledger_ok_uncached(money: int, payouts: tuple[int, ...]) -> bool:
    """CUC-INV-LEDGER: 3 plus the payouts, never dipping below 1 on the way."""
    running = START_MONEY
    for d in payouts:
        running += d
        if running < 1:
            return False
    return running == money


_ledger_ok: Final = lru_cache(maxsize=1024)(_ledger_ok_uncached)  # memoized: pure


def _violations(s: CardsState) -> tuple[str, ...]:
    bad: list[str] = []
    p = s.players
    phase = s.phase
    if (
        p not in SETUP_CARDS
        or phase not in PHASES
        or len(s.hands) != p
        or len(s.intel) != p
        or len(s.bets) != p
        or len(s.winner_bets) != p
        or len(s.loser_bets) != p
        or len(s.money) != p
        or len(s.payouts) != p
        or not _ages_ok(s.age_order, p)
    ):
        return ("CUC-INV-PHASE",)

    # CUC-INV-TRACK: Start, cards 1..k (face, sandstorm, half-covered last), Finish.
    track_ok, length, spare = _track_info(s.track)
    if not track_ok:
        return ("CUC-INV-TRACK",)
    finish = length + 1

    # CUC-INV-CAMELS / CUC-INV-STACKS: five camels once each, gap-free stacks,
    # the Start card unstacked, the Finish only once the race is over.
    pos = s.pos
    if len(pos) != CAMELS or len(s.height) != CAMELS:
        return ("CUC-INV-CAMELS",)
    if not _camels_ok(pos, s.height, finish) or (finish in pos and phase != OVER):
        bad.append("CUC-INV-STACKS")

    # CUC-INV-RACING: each of the 30 racing cards in exactly one place.
    if not _racing_ok(s.stock, s.discard, s.deck, s.revealed, s.hands, s.intel):
        bad.append("CUC-INV-RACING")

    # CUC-INV-LEGCARDS: 20 leader cards and 5 midfield cards, each once.
    if not _leg_cards_ok(s.leaders, s.midfield, s.bets):
        bad.append("CUC-INV-LEGCARDS")

    # CUC-INV-FINALCARDS: 5 + 5 final cards once each; one of each per player.
    if not (_finals_ok(s.winner_bets) and _finals_ok(s.loser_bets)):
        bad.append("CUC-INV-FINALCARDS")

    # CUC-INV-FIGURES: on its card with no holder, or on an empty space ahead
    # of the last camel with its card in front of one player.
    if s.palm or s.fennec or s.palm_holder != -1 or s.fennec_holder != -1:
        last = min(pos)
        for cell, holder in ((s.palm, s.palm_holder), (s.fennec, s.fennec_holder)):
            if cell == 0:
                if holder != -1:
                    bad.append("CUC-INV-FIGURES")
                    break
            elif (
                not 0 <= holder < p
                or not 0 < cell <= length
                or cell in pos
                or cell <= last
                or phase not in _FIGURE_PHASES
            ):
                bad.append("CUC-INV-FIGURES")
                break
        else:
            if s.palm and s.palm == s.fennec:
                bad.append("CUC-INV-FIGURES")

    # CUC-INV-FLOOR and CUC-INV-LEDGER: at least 1 Pound; 3 plus the payouts.
    if min(s.money) < 1:
        bad.append("CUC-INV-FLOOR")
    if not all(map(_ledger_ok, s.money, s.payouts)):
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
    return tuple(bad)


_FULL_DECK_LIST: Final = list(FULL_DECK)


def _racing_ok_uncached(
    stock: tuple[str, ...],
    discard: tuple[str, ...],
    deck: tuple[str, ...],
    revealed: tuple[str, ...],
    hands: tuple[tuple[str, ...], ...],
    intel: tuple[tuple[str, ...], ...],
) -> bool:
    """CUC-INV-RACING: the zones hold the 30 racing cards, each once (memoized: pure)."""
    cards = stock + discard + deck + revealed
    for h in hands:
        cards += h
    for i in intel:
        cards += i
    return len(cards) == 30 and sorted(cards) == _FULL_DECK_LIST


_racing_ok: Final = lru_cache(maxsize=2048)(_racing_ok_uncached)  # memoized: pure


def _ages_ok_uncached(age_order: tuple[int, ...], players: int) -> bool:
    return sorted(age_order) == list(range(players))


_ages_ok: Final = lru_cache(maxsize=64)(_ages_ok_uncached)  # memoized: pure

_FIGURE_PHASES: Final = frozenset((PLAY, DRAW, OVER))


def _finals_ok_uncached(bets: tuple[int, ...]) -> bool:
    taken = [c for c in bets if c != -1]
    return len(set(taken)) == len(taken) and all(-1 <= c < CAMELS for c in bets)


_finals_ok: Final = lru_cache(maxsize=512)(_finals_ok_uncached)  # memoized: pure


def _phase_ok(s: CardsState, p: int, phase: str) -> bool:
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

"""Camel Up, 2nd edition (2018): who acts, the chance outcomes, what is legal and
why not, and who won.

The legal actions are read from the state's own fields and the action tables
of :mod:`.actions`; the chance outcomes of a table depend only on the camels
still to place or the dice still in the pyramid, so each such set's outcomes
are built once and kept.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Final

from kernel.core import CHANCE, TERMINAL, Action, Outcome, Rejected
from kernel.memo import Memos

from .actions import BET, CARD, DIE, PARTNER, PYRAMID, TILE
from .data import (
    ALL_DICE,
    COLOURS,
    CRAZY_CAMELS,
    GREY_DIE,
    NUMBERS,
    PARTNER_MIN_PLAYERS,
    PILES,
    SIDES,
    TICKET_STACK,
    TILE_SPACES,
)
from .movement import Board, board_of
from .state import FACE_DIE, Camel2018State, held_counts

Outcomes = tuple[tuple[Action, Fraction], ...]


def current_actor(s: Camel2018State) -> int:
    """A seat, CHANCE (setup rolls and a die's reveal) or TERMINAL."""
    if s.phase == "over":
        return TERMINAL
    return CHANCE if s.phase in ("setup", "crazy", "reveal") else s.turn


def board(s: Camel2018State) -> Board:
    """The camels of a state with all seven camels on the board (:mod:`.movement`)."""
    return board_of({cell: stack for cell, stack in enumerate(s.track) if stack})


def _placing(left: tuple[str, ...]) -> Outcomes:
    """CU2-SETUP-RACING, CU2-SETUP-CRAZY: a camel not yet placed, a face 1-3."""
    return tuple(sorted(((DIE[c][k], Fraction(1, 3 * len(left))) for c in left for k in NUMBERS),
                        key=lambda x: x[0]))


def _revealing(dice: tuple[str, ...]) -> Outcomes:
    """CU2-PYRAMID-TICKET: a die in the pyramid, a face (the grey die's in white or black)."""
    out: list[tuple[Action, Fraction]] = []
    for die in dice:
        colours = CRAZY_CAMELS if die == GREY_DIE else (die,)
        for c in colours:
            for k in NUMBERS:
                out.append((DIE[c][k], Fraction(1, len(dice) * 3 * len(colours))))
    return tuple(sorted(out, key=lambda x: x[0]))


def _outcomes_of(phase: str, left: tuple[str, ...]) -> tuple[Outcomes, frozenset[Action]]:
    """The chance outcomes of a phase with ``left`` camels to place or dice in the
    pyramid, and the set of their actions."""
    outcomes = _revealing(left) if phase == "reveal" else _placing(left)
    return outcomes, frozenset(a for a, _ in outcomes)


#: Each set's outcomes, built once (a call, not a decorator: the tests clear it).
_kept: Final = functools.lru_cache(maxsize=None)(_outcomes_of)


def chance_outcomes(s: Camel2018State) -> Outcomes:
    """Each chance outcome with its exact probability, sorted by action."""
    return _chance(s)[0]


def _chance(s: Camel2018State) -> tuple[Outcomes, frozenset[Action]]:
    """The chance outcomes of ``s`` and the set of their actions."""
    phase = s.phase
    if phase == "reveal":
        out = {FACE_DIE[f] for f in s.revealed}
        return _kept(phase, tuple(d for d in ALL_DICE if d not in out))
    if phase in ("setup", "crazy"):
        placed = {c for stack in s.track for c in stack}
        return _kept(phase, tuple(c for c in (COLOURS if phase == "setup" else CRAZY_CAMELS)
                                  if c not in placed))
    return (), frozenset()


#: Bit ``sp`` of a mask stands for space ``sp``; the spaces a tile may go on.
_TILE_MASK: Final = sum(1 << sp for sp in TILE_SPACES)
#: The last track asked about and its empty tile spaces' mask, one tuple replaced whole.
_free_last: tuple[object, int] = (object(), 0)


def _free(track: tuple[tuple[str, ...], ...]) -> int:
    """The mask of the tile spaces without a camel (kept for the last track asked
    about: the states of a leg share one track until a camel moves)."""
    global _free_last
    last = _free_last
    if last[0] is track:
        return last[1]
    mask = 0
    for sp in TILE_SPACES:
        if not track[sp]:
            mask |= 1 << sp
    _free_last = (track, mask)
    return mask


#: The last (tiles, track, seat) asked about and its mask, one tuple replaced whole.
_mask_last: tuple[object, object, int, int] = (object(), object(), -1, 0)


def _tile_mask(s: Camel2018State, seat: int) -> int:
    """CU2-TILE-PLACE: the mask of the spaces the seat's tile may go on now (kept for
    the last tiles, track and seat asked about: the legal actions, then the action's
    check)."""
    global _mask_last
    tiles, track = s.tiles, s.track
    last = _mask_last
    if last[0] is tiles and last[1] is track and last[2] == seat:
        return last[3]
    blocked = 0
    for i, t in enumerate(tiles):
        if t is not None:
            # the own tile's space; another's and the spaces next to it
            blocked |= (1 << t[0]) if i == seat else (7 << t[0]) >> 1
    mask = _free(track) & ~blocked
    _mask_last = (tiles, track, seat, mask)
    return mask


def tile_ok(s: Camel2018State, seat: int, space: int) -> bool:
    """CU2-TILE-PLACE for one space (the same rule as :func:`tile_spaces`)."""
    return space in TILE_SPACES and bool(_tile_mask(s, seat) >> space & 1)


def tile_spaces(s: Camel2018State, seat: int) -> list[int]:
    """CU2-TILE-PLACE: empty spaces 2-16, not next to another seat's tile, not the own space."""
    mask = _tile_mask(s, seat)
    return [sp for sp in TILE_SPACES if mask >> sp & 1]


#: Each mask's tile actions (boo then cheer, by space), made once (at most 2^15 masks).
_TILE_ACTIONS: Final[dict[int, tuple[Action, ...]]] = {}


def _tile_actions(s: Camel2018State, seat: int) -> tuple[Action, ...]:
    """The seat's tile actions (:func:`tile_spaces`: boo then cheer, by space)."""
    mask = _tile_mask(s, seat)
    got = _TILE_ACTIONS.get(mask)
    if got is None:
        spaces = [sp for sp in TILE_SPACES if mask >> sp & 1]
        got = _TILE_ACTIONS[mask] = (*[_BOO[sp] for sp in spaces],
                                     *[_CHEER[sp] for sp in spaces])
    return got


_BET_ORDER: Final = tuple(sorted(COLOURS))
_BOO: Final = TILE["boo"]
_CHEER: Final = TILE["cheer"]
_LOSER: Final = CARD["loser"]
_WINNER: Final = CARD["winner"]


#: The last seats' tickets asked about and the bet actions they leave, one tuple
#: replaced whole (:func:`legal_actions`).
_bets_last: tuple[object, tuple[Action, ...]] = (object(), ())
#: Each hand's finish-card actions (loser pile, winner pile), made once (hands are
#: sorted subsets of the five colours).
_CARDS: Final[dict[tuple[str, ...], tuple[tuple[Action, ...], tuple[Action, ...]]]] = {}


#: Each (partners, seat)'s partnership actions, made once (at most 8 seats).
_OFFERS: Final[dict[tuple[tuple[int | None, ...], int], tuple[Action, ...]]] = {}
#: Emptied by the test suite before each test under mutation testing (:mod:`kernel.memo`).
MEMOS = Memos(globals(), "_free_last", "_mask_last", "_TILE_ACTIONS", "_bets_last", "_CARDS",
              "_OFFERS")


def legal_actions(s: Camel2018State) -> tuple[Action, ...]:
    """The legal actions, built in the sorted order (kind, then values)."""
    global _bets_last
    phase = s.phase
    if phase != "turn":
        return tuple(a for a, _ in chance_outcomes(s))
    seat = s.turn
    last = _bets_last
    if last[0] is s.bets:
        bets = last[1]
    else:
        taken = held_counts(s.bets)
        bets = tuple([BET[c] for c in _BET_ORDER if taken[c] < len(TICKET_STACK)])
        _bets_last = (s.bets, bets)  # CU2-BET-TICKET
    hand = s.hands[seat]
    cards = _CARDS.get(hand)
    if cards is None:  # CU2-FINISH-CARD (hands are sorted)
        cards = _CARDS[hand] = (tuple([_LOSER[c] for c in hand]),
                                tuple([_WINNER[c] for c in hand]))
    partners = s.partners
    if s.players >= PARTNER_MIN_PLAYERS and partners[seat] is None:  # CU2-PARTNER
        key = (partners, seat)
        offers = _OFFERS.get(key)
        if offers is None:
            offers = _OFFERS[key] = tuple([PARTNER[o] for o in range(s.players)
                                           if o != seat and partners[o] is None])
        return (*bets, *_tile_actions(s, seat), *cards[0], *offers, PYRAMID, *cards[1])
    # CU2-TILE-PLACE; CU2-PYRAMID-TICKET: always one left during a turn
    return (*bets, *_tile_actions(s, seat), *cards[0], PYRAMID, *cards[1])


def _allowed(s: Camel2018State, a: Action) -> bool:
    """Whether ``a`` is legal in ``s`` (the same rules as :func:`legal_actions`)."""
    if s.phase in ("setup", "crazy", "reveal"):
        return a in _chance(s)[1]
    if s.phase != "turn" or a.kind == "die":
        return False
    seat = s.turn
    if a.kind == "bet":
        return held_counts(s.bets)[str(a.values[0])] < len(TICKET_STACK)
    if a.kind in SIDES:
        return tile_ok(s, seat, int(a.values[0]))
    if a.kind in PILES:
        return str(a.values[0]) in s.hands[seat]
    if a.kind == "partner":
        other = int(a.values[0])
        return (s.players >= PARTNER_MIN_PLAYERS and other != seat and other < s.players
                and s.partners[seat] is None and s.partners[other] is None)
    return a.kind == "pyramid"


_RULE: Final = {"bet": "CU2-BET-TICKET", "cheer": "CU2-TILE-PLACE", "boo": "CU2-TILE-PLACE",
                "pyramid": "CU2-PYRAMID-TICKET", "winner": "CU2-FINISH-CARD",
                "loser": "CU2-FINISH-CARD", "partner": "CU2-PARTNER"}
_REASON: Final = {
    "CU2-BET-TICKET": "that colour's betting tickets are all taken",
    "CU2-TILE-PLACE": "a tile goes on an empty space 2-16, not next to another tile, "
                      "and a moved tile on a different space",
    "CU2-FINISH-CARD": "that finish card is not in hand",
    "CU2-PARTNER": "a partnership needs 6 or more players and two available cards",
}


def why_not(s: Camel2018State, a: Action) -> Rejected | None:
    """The rule that forbids ``a`` now, or None when it is legal (KERNEL-LEGAL)."""
    if _allowed(s, a):
        return None
    rule = _RULE.get(a.kind)
    if rule is None:  # a chance outcome that cannot happen here
        rule = {"setup": "CU2-SETUP-RACING", "crazy": "CU2-SETUP-CRAZY"}.get(
            s.phase, "CU2-PYRAMID-TICKET")
    return Rejected(rule, f"{a.text}: " + _REASON.get(rule, "no such die face can show now"))


def outcome(s: Camel2018State) -> Outcome | None:
    """CU2-WINNER: most money wins, ties share."""
    if s.phase != "over":
        return None
    best = max(s.money)
    return Outcome(s.money, tuple(i for i, m in enumerate(s.money) if m == best),
                   ("CU2-WINNER",), score_key="money")

"""Camel Up: The Card Game (2023): who acts, what is legal and why not, and who won.

The shared engine's legality (:class:`kernel.engines.camel_cards.legal.Legality`:
chance draws, the face-down choices, the turn's shape, the bets, the reveal)
with this game's own race-track actions: placing the shortcut or the fennec
marker with its token (CUG-ACT-MARKER) and playing a personal racing card
(CUG-ACT-PERSONAL), and its own chance phases (CUG-LEG-EXTRA,
CUG-LEG-CRAZYCARDS), which draw from the stock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Final

from kernel.core import Action, Outcome, Rejected
from kernel.engines.camel_cards import payouts
from kernel.engines.camel_cards.legal import CACHE_SMALL, Legality, View
from kernel.engines.camel_cards.table import CHANCE_PHASES, PLAY
from kernel.rules.track import track_length

from .actions import ACTIONS, MARKERS, MAX_CELL
from .data import MAX_PLAYERS, PERSONAL_FEE, RACING
from .engine import GAME
from .state import CRAZY_PHASE, EXTRA, OVER, CugState

_OWN: Final = ("fennec", "personal", "shortcut")


def marker_spaces(s: View) -> tuple[int, ...]:
    """CUG-ACT-MARKER: the empty spaces ahead of the last racing camel, not the Finish."""
    return _marker_cells(s.pos, s.track, s.palm, s.fennec)[0]


#: Per marker, its action on each space, by the space.
_ON_CELL: Final = {kind: {c: ACTIONS[(kind, c)] for c in range(1, MAX_CELL + 1)}
                   for kind in MARKERS}


def _marker_cells_uncached(pos: tuple[int, ...], track: tuple[int, ...], palm: int,
                           fennec: int) -> tuple[tuple[int, ...], dict[str, tuple[Action, ...]]]:
    """The marker spaces (:func:`marker_spaces`) and, per marker, its actions on them
    (memoized by value: pure)."""
    last = max(min(pos[:RACING]), 0)
    taken = {*pos, palm, fennec}
    cells = tuple([c for c in range(last + 1, track_length(track) + 1) if c not in taken])
    return cells, {kind: tuple(map(on.__getitem__, cells)) for kind, on in _ON_CELL.items()}


_marker_cells: Final = lru_cache(maxsize=CACHE_SMALL)(_marker_cells_uncached)
#: Each seat's personal-card action, by seat.
_PERSONAL: Final = tuple(ACTIONS[("personal", o)] for o in range(MAX_PLAYERS))


def _token(s: View, kind: str) -> bool:
    tokens = s.shortcut_tokens if kind == "shortcut" else s.fennec_tokens  # type: ignore[attr-defined]
    return bool(tokens[s.turn])


def _on_track(s: View, kind: str) -> bool:
    return (s.palm if kind == "shortcut" else s.fennec) != 0


def _owners(s: View) -> list[int]:
    """CUG-ACT-PERSONAL: the seats whose personal card the seat on turn may play."""
    me = s.turn
    money: tuple[int, ...] = s.money  # type: ignore[attr-defined]
    return [o for o, h in enumerate(s.hands) if h and (o == me or money[me] >= PERSONAL_FEE)]


def own_actions(s: View) -> Mapping[str, Sequence[Action]]:
    """This game's race-track actions open now, by kind."""
    found: dict[str, Sequence[Action]] = {"personal": _personal(s)}
    open_markers = [k for k in MARKERS if _token(s, k) and not _on_track(s, k)]
    if open_markers:
        on = _marker_cells(s.pos, s.track, s.palm, s.fennec)[1]
        for kind in open_markers:
            found[kind] = on[kind]
    return found


def _personal(s: View) -> tuple[Action, ...]:
    """CUG-ACT-PERSONAL: the personal cards the seat on turn may play, by owner."""
    return tuple(map(_PERSONAL.__getitem__, _owners(s)))


def own_why_not(s: View, a: Action) -> Rejected | None:
    """Why this game's own race-track action is not legal now (None: it is)."""
    if a.kind == "personal":
        owner = a.arg
        if not isinstance(owner, int) or owner >= len(s.hands) or not s.hands[owner]:
            return Rejected("CUG-ACT-PERSONAL", f"no personal racing card in front of seat {owner}")
        if owner != s.turn and owner not in _owners(s):
            return Rejected("CUG-ACT-PERSONAL", f"seat {s.turn} cannot pay {PERSONAL_FEE} "
                                                f"Pound for seat {owner}'s card")
        return None
    kind = a.kind
    if not _token(s, kind):
        return Rejected("CUG-ACT-MARKER", f"seat {s.turn} has used its {kind} token this leg")
    if _on_track(s, kind):
        return Rejected("CUG-ACT-MARKER", f"the {kind} marker is already on the track")
    if a.arg not in marker_spaces(s):
        return Rejected("CUG-ACT-MARKER", f"space {a.arg} is not an empty space ahead of the "
                                          "last racing camel before the Finish")
    return None


LEGALITY: Final = Legality(GAME, _OWN, own_actions, own_why_not,
                           chance_phases=CHANCE_PHASES | {EXTRA, CRAZY_PHASE})

#: A seat, CHANCE or TERMINAL.
current_actor: Final = LEGALITY.current_actor
#: The cards a chance node can draw, each with its exact probability.
chance_outcomes: Final = LEGALITY.chance_outcomes


def legal_actions(s: CugState) -> tuple[Action, ...]:
    """The actor's actions, sorted (chance nodes: the possible draws).

    During a turn, each group is sorted and the groups come in the sorted
    order of their kinds (fennec, leg, lose, mid, personal, reveal, shortcut, win).
    """
    if s.phase != PLAY or s.track_done:
        return LEGALITY.legal_actions(s)
    legs: Sequence[Action] = ()
    loses = mids = wins = shortcuts = fennecs = legs
    if not s.bet_done:
        legs, loses, mids, wins = LEGALITY.bet_groups(s)
    me = s.turn
    short = s.shortcut_tokens[me] and s.palm == 0  # CUG-ACT-MARKER: token in hand, marker off
    fen = s.fennec_tokens[me] and s.fennec == 0
    if short or fen:
        on = _marker_cells(s.pos, s.track, s.palm, s.fennec)[1]
        shortcuts = on["shortcut"] if short else shortcuts
        fennecs = on["fennec"] if fen else fennecs
    return (*fennecs, *legs, *loses, *mids, *_personal(s), *LEGALITY.reveal_group,
            *shortcuts, *wins)


def why_not(s: CugState, a: Action) -> Rejected | None:
    """The rule that forbids ``a`` now, or None when it is legal."""
    return LEGALITY.why_not(s, a)


def outcome(s: CugState) -> Outcome | None:
    """Money per seat and the winners, ties sharing (CUG-WINNER); None if not over."""
    if s.phase != OVER:
        return None
    return payouts.outcome(GAME, s.money)


__all__ = ["chance_outcomes", "current_actor", "legal_actions", "outcome",
           "why_not"]

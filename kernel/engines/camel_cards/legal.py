"""Legality shared by the camel card games: the actor, chance outcomes, legal actions, ``why_not``.

A game hands :class:`Legality` its :class:`CardGame` and the kinds of its
own race-track actions (2016: ``hand``), with a function listing those that
are open and one saying why one is not; everything else is shared: the
chance draws, the face-down choices (CUC-LEG-DISCARD, CUC-LEG-DECK,
CUC-LEG-INTEL), the turn's shape (CUC-TURN-SHAPE), the bets (CUC-BET-LEG,
CUC-BET-FINAL), the figures (CUC-ACT-FIGURE) and the reveal
(CUC-ACT-REVEAL); rejections name the game's own rule IDs (``g.rules``).

Legal actions come out sorted (by kind, then value), as the API promises.
The pure pieces are memoized by value (``lru_cache``): the chance draws,
each group of bets and the figure cells; the four groups of bets at once
also by the identity of the state's bet tuples (a transition shares every
tuple it does not change).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import _lru_cache_wrapper, lru_cache
from itertools import chain, compress
from typing import Final, Protocol, TypeVar

from kernel.core import CHANCE, TERMINAL, Action, Rejected

from .spec import CardGame
from .table import CHANCE_PHASES, CHOICE_PHASES, DRAW, OVER, Cards, distinct_sorted

BET_KINDS: Final = ("leg", "lose", "mid", "win")
#: Sizes of the memo caches (entries): their hit rates, not the rules, set them.
CACHE_SMALL: Final = 64
CACHE_MEDIUM: Final = 1024
CACHE_LARGE: Final = 4096
#: The size of each pure function's memo, by the function's name.
MEMO_SIZES: Final = {
    "_draws_uncached": CACHE_LARGE,
    "_outcomes_uncached": CACHE_SMALL,
    "_legs_uncached": CACHE_MEDIUM,
    "_mids_uncached": CACHE_SMALL,
    "_unheld_uncached": CACHE_LARGE,
    "_cells_uncached": CACHE_SMALL,
}
FIGURES: Final = ("fennec", "palm")
#: The face-down choice each leg-setup phase asks for (the phase's name).
CHOICE_KINDS: Final = CHOICE_PHASES
#: The leg, lose, mid and win bets open (:meth:`Legality.bet_groups`).
BetGroups = tuple[tuple[Action, ...], ...]
#: No bet groups made yet (:meth:`Legality.bet_groups`): four tuples no state holds.
_UNSEEN: Final[tuple[object, object, object, object, BetGroups]] = (
    object(), object(), object(), object(), ())


R = TypeVar("R")


def memo(fn: Callable[..., R]) -> _lru_cache_wrapper[R]:
    """``fn`` (a pure method) memoized by value, its cache sized by MEMO_SIZES."""
    return lru_cache(maxsize=MEMO_SIZES[fn.__name__])(fn)


class View(Protocol):
    """What legality reads of a state (a frozen state or a :class:`~.table.Table`)."""

    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def track(self) -> tuple[int, ...]: ...
    @property
    def pos(self) -> tuple[int, ...]: ...
    @property
    def palm(self) -> int: ...
    @property
    def fennec(self) -> int: ...
    @property
    def stock(self) -> Cards: ...
    @property
    def hands(self) -> tuple[Cards, ...]: ...
    @property
    def deck(self) -> Cards: ...
    @property
    def leaders(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def midfield(self) -> tuple[bool, ...]: ...
    @property
    def winner_bets(self) -> tuple[int, ...]: ...
    @property
    def loser_bets(self) -> tuple[int, ...]: ...
    @property
    def bet_done(self) -> bool: ...
    @property
    def track_done(self) -> bool: ...


#: A game's own race-track actions open now, by kind (2016: the hand card).
OwnActions = Callable[[View], Mapping[str, Sequence[Action]]]
#: Why a game's own race-track action is not legal now (None: it is).
OwnWhyNot = Callable[[View, Action], Rejected | None]


class Legality:
    """One game's chance outcomes, legal actions and rejections."""

    def __init__(self, g: CardGame, own_kinds: Sequence[str], own_actions: OwnActions,
                 own_why_not: OwnWhyNot,
                 chance_phases: frozenset[str] = CHANCE_PHASES) -> None:
        self.g = g
        #: The phases where chance acts (a game may add its own, drawing from the stock).
        self.chance_phases = chance_phases
        self.own_kinds = frozenset(own_kinds)
        self.own_actions = own_actions
        self.own_why_not = own_why_not
        self.play_kinds = frozenset((*BET_KINDS, *FIGURES, "reveal", "end", *own_kinds))
        actions = g.actions
        self.draw_actions = {str(k[1]): a for k, a in actions.items() if k[0] == "draw"}
        self.end = actions[("end", None)]
        self.reveal = actions[("reveal", None)]
        self.figure_actions = {f: {k[1]: a for k, a in actions.items() if k[0] == f}
                               for f in FIGURES}
        self.colour_index = {c: i for i, c in enumerate(g.colours)}
        self.bet_actions = {
            kind: tuple(actions[(kind, colour)] for colour in g.colours) for kind in BET_KINDS}
        self.draws = memo(self._draws_uncached)
        self._outcomes = memo(self._outcomes_uncached)
        self.choice_actions = {kind: {k[1]: a for k, a in actions.items() if k[0] == kind}
                               for kind in CHOICE_KINDS}
        #: Where each own kind goes among the engine's race-track and betting
        #: groups (fennec, leg, lose, mid, palm, reveal, win) in the sorted order,
        #: counted before any other own kind is inserted; placed last one first.
        engine = ("fennec", "leg", "lose", "mid", "palm", "reveal", "win")
        self.own_place = {k: bisect_left(engine, k) for k in own_kinds}
        self.own_order = tuple(sorted(own_kinds, reverse=True))
        self.end_group = (self.end,)
        self.reveal_group = (self.reveal,)
        self._legs = memo(self._legs_uncached)
        self._mids = memo(self._mids_uncached)
        self._unheld = memo(self._unheld_uncached)
        self._cells = memo(self._cells_uncached)
        #: The last bet groups made and the four tuples they were made from (kept
        #: alive here, so their identity names their values); see :meth:`bet_groups`.
        self._last_bets: tuple[object, object, object, object, BetGroups] = _UNSEEN

    def cache_clear(self) -> None:
        """Empty every memo (the test suite does before each test under mutation testing,
        as for the module-level caches: :mod:`kernel.memo`)."""
        for cached in (self.draws, self._outcomes, self._legs, self._mids, self._unheld,
                       self._cells):
            cached.cache_clear()
        self._last_bets = _UNSEEN

    def current_actor(self, s: View) -> int:
        """A seat, CHANCE or TERMINAL."""
        ph = s.phase
        if ph == OVER:
            return TERMINAL
        if ph in self.chance_phases:
            return CHANCE
        return s.turn

    # ----------------------------------------------------------------------
    # chance

    def chance_pool(self, s: View) -> Cards:
        """The cards a chance node draws from: the racing deck, else the stock."""
        return s.deck if s.phase == DRAW else s.stock

    def _draws_uncached(self, pool: Cards) -> tuple[tuple[Action, Fraction], ...]:
        """Uniform draws from a sorted multiset of cards (memoized: pure).

        Each card's copies are neighbours in the sorted pool: the next card
        starts where bisection finds the end of this one's run.
        """
        outcomes = self._outcomes(len(pool))
        draws = []
        start, end = 0, len(pool)
        while start < end:
            card = pool[start]
            after = bisect_right(pool, card, start)
            draws.append(outcomes[card][after - start])
            start = after
        return tuple(draws)

    def _outcomes_uncached(self, d: int) -> dict[str, tuple[tuple[Action, Fraction], ...]]:
        """Per card, the outcome of drawing it when n of the d cards are it, by n (memoized)."""
        chances = [Fraction(n, d) for n in range(d + 1)]
        return {c: tuple((a, p) for p in chances) for c, a in self.draw_actions.items()}

    def chance_outcomes(self, s: View) -> tuple[tuple[Action, Fraction], ...]:
        """The cards a chance node can draw, each with its exact probability."""
        if s.phase not in self.chance_phases:
            return ()
        return self.draws(self.chance_pool(s))

    # ----------------------------------------------------------------------
    # legal actions

    def legal_actions(self, s: View) -> tuple[Action, ...]:
        """The actor's actions, sorted (chance nodes: the possible draws)."""
        ph = s.phase
        if ph == OVER:
            return ()
        if ph in self.chance_phases:
            return tuple([a for a, _ in self.draws(self.chance_pool(s))])
        if ph in CHOICE_KINDS:
            return tuple(map(self.choice_actions[ph].__getitem__,
                             distinct_sorted(s.hands[s.turn])))
        # PLAY (CUC-TURN-SHAPE): a race-track action, then `end`; at most one bet.
        # Every group is sorted; the groups come in the sorted order of their kinds.
        if s.track_done:
            if s.bet_done:
                return self.end_group
            # "end" sorts before every betting kind
            return self.end_group + self._bets_sorted(s)
        palm: tuple[Action, ...] = ()
        fennec: tuple[Action, ...] = ()
        if s.palm == 0 or s.fennec == 0:
            _, on_cells, under_cells = self.figure_cells(s)
            if s.palm == 0:
                palm = on_cells
            if s.fennec == 0:
                fennec = under_cells
        legs = loses = mids = wins = palm[:0]
        if not s.bet_done:
            legs, loses, mids, wins = self.bet_groups(s)
        groups: list[Sequence[Action]] = [fennec, legs, loses, mids, palm, self.reveal_group,
                                          wins]
        own = self.own_actions(s)
        if own:
            for kind in self.own_order:  # each in its place (last place first)
                if kind in own:
                    groups.insert(self.own_place[kind], own[kind])
        return tuple(chain.from_iterable(groups))

    def _bets_sorted(self, s: View) -> tuple[Action, ...]:
        """Every betting action open, sorted (leg, lose, mid, win)."""
        legs, loses, mids, wins = self.bet_groups(s)
        return legs + loses + mids + wins

    def bet_groups(self, s: View) -> BetGroups:
        """The betting actions open to the seat on turn: leg, lose, mid and win ones.

        CUC-BET-LEG, CUC-BET-FINAL. Each group is memoized by the value of the
        tuple it depends on; the four at once by the identity of the four tuples,
        which a turn without a bet shares with the turn before.
        """
        leaders, losers, midfield, winners = s.leaders, s.loser_bets, s.midfield, s.winner_bets
        last = self._last_bets
        if (leaders is last[0] and losers is last[1] and midfield is last[2]
                and winners is last[3]):
            return last[4]
        groups = (self._legs(leaders), self._unheld("lose", losers), self._mids(midfield),
                  self._unheld("win", winners))
        self._last_bets = (leaders, losers, midfield, winners, groups)
        return groups

    def _legs_uncached(self, leaders: tuple[tuple[int, ...], ...]) -> tuple[Action, ...]:
        """A leader card of each colour whose stack is not empty (memoized: pure)."""
        return tuple(compress(self.bet_actions["leg"], leaders))  # one flag per colour

    def _mids_uncached(self, midfield: tuple[bool, ...]) -> tuple[Action, ...]:
        """Each colour's midfield card still free (memoized: pure)."""
        return tuple(compress(self.bet_actions["mid"], midfield))  # one flag per colour

    def _unheld_uncached(self, kind: str, held: tuple[int, ...]) -> tuple[Action, ...]:
        """Each colour's final card of ``kind`` that no seat holds (memoized: pure)."""
        return tuple(a for i, a in enumerate(self.bet_actions[kind]) if i not in held)

    def figure_cells(self, s: View) -> tuple[tuple[int, ...], tuple[Action, ...],
                                             tuple[Action, ...]]:
        """CUC-ACT-FIGURE: empty spaces, not the Finish, not behind the last camel.

        The cells, and the palm and fennec actions on them (memoized by value).
        """
        return self._cells(s.pos, s.track, s.palm, s.fennec)

    def _cells_uncached(self, pos: tuple[int, ...], track: tuple[int, ...], palm: int,
                        fennec: int) -> tuple[tuple[int, ...], tuple[Action, ...],
                                              tuple[Action, ...]]:
        occupied = {*pos, palm, fennec}
        length = self.g.camel.track_length(track)
        cells = tuple(c for c in range(max(min(pos), 0) + 1, length + 1) if c not in occupied)
        on = self.figure_actions["palm"]
        under = self.figure_actions["fennec"]
        return cells, tuple(map(on.__getitem__, cells)), tuple(map(under.__getitem__, cells))

    # ----------------------------------------------------------------------
    # rejections

    def why_not(self, s: View, a: Action) -> Rejected | None:
        """The rule that forbids ``a`` now, or None when it is legal (KERNEL-LEGAL).

        A well-formed action that is not legal is rejected naming the most
        specific rule that forbids it, else KERNEL-LEGAL.
        """
        r = self.g.rules
        ph = s.phase
        if ph == OVER:
            return Rejected("KERNEL-TERMINAL", "the race is over")
        if ph in self.chance_phases:
            if a.kind != "draw":
                return Rejected("KERNEL-ACTOR",
                                f"a chance node: only draw outcomes, not {a.text!r}")
            if a.arg not in self.chance_pool(s):
                return Rejected("KERNEL-LEGAL", f"no {a.arg} card is left to draw")
            return None
        if a.kind == "draw":
            return Rejected("KERNEL-ACTOR", f"seat {s.turn} is to act, not chance")
        if ph in CHOICE_KINDS:
            rule = r.discard if ph == "discard" else (r.deck if ph == "deck" else r.intel)
            if a.kind != ph:
                return Rejected(rule, f"leg setup: seat {s.turn} must choose a {ph} card now")
            if a.arg not in s.hands[s.turn]:
                return Rejected(rule, f"seat {s.turn} holds no {a.arg} card")
            return None
        # PLAY: a turn is race-track actions, betting actions and `end` (CUC-TURN-SHAPE)
        if a.kind not in self.play_kinds:
            return Rejected(r.turn_shape, f"{a.kind!r} is a leg-setup choice, not part of a turn")
        if a.kind in BET_KINDS:
            return self._why_not_bet(s, a)
        if a.kind == "end":
            if not s.track_done:
                return Rejected(r.turn_shape, "a turn needs exactly one race-track action")
            return None
        if s.track_done:
            return Rejected(r.turn_shape, "only one race-track action per turn")
        if a.kind in self.own_kinds:
            return self.own_why_not(s, a)
        if a.kind in FIGURES:
            if (s.palm if a.kind == "palm" else s.fennec) != 0:
                return Rejected(r.act_figure, f"the {a.kind} is already on the track")
            if a.arg not in self.figure_cells(s)[0]:
                return Rejected(
                    r.act_figure,
                    f"space {a.arg} is not an empty space ahead of the last camel before the "
                    "Finish",
                )
            return None
        # what is left is "reveal": the deck is never empty during a leg
        # (CUC-LEG-END), so a reveal is always legal.
        return None

    def _why_not_bet(self, s: View, a: Action) -> Rejected | None:
        """At most one bet a turn (CUC-TURN-SHAPE); its card must be free (CUC-BET-LEG,
        CUC-BET-FINAL)."""
        r = self.g.rules
        if s.bet_done:
            return Rejected(r.turn_shape, "at most one betting action per turn")
        colour = self.colour_index[str(a.arg)]
        if a.kind == "leg" and not s.leaders[colour]:
            return Rejected(r.bet_leg, f"no {a.arg} leader card left")
        if a.kind == "mid" and not s.midfield[colour]:
            return Rejected(r.bet_leg, f"the {a.arg} midfield card is taken")
        if a.kind == "win" and colour in s.winner_bets:
            return Rejected(r.bet_final, f"the {a.arg} final winner card is taken")
        if a.kind == "lose" and colour in s.loser_bets:
            return Rejected(r.bet_final, f"the {a.arg} final loser card is taken")
        return None

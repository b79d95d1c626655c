"""The Hare & the Tortoise (2014): the frozen state and its invariants (HT-INV-*).

:func:`full_violations` lists every invariant a state breaks, by ID, each
check run from scratch: a state built directly (``new_game``, the plain
data's ``from_data``) is checked with it, and ``status`` reports it. A state
a transition builds from its parent (an unchecked copy, :func:`derive`) is
checked by :func:`delta_violations`: the parent held every invariant, so only
the checks that read a field the transition replaced run again (the phase is
read by every check but the cards'), and the card count has a cheaper form
(only the zones that changed are counted); the commonest steps (a card dealt
or drawn, a play, the refill that ends a turn, the racing phase it triggers)
have tight checks of their own. The two agree on every pair of states (the
tests check it on every step of seeded games and on broken children).
"""

from __future__ import annotations

import contextlib
from bisect import bisect_left
from collections.abc import Iterator, Mapping
from collections.abc import Set as AbstractSet
from itertools import chain
from operator import add
from typing import Any, Final

import attrs

from kernel.core import InvalidState, require_immutable
from kernel.memo import Memos
from kernel.pictures import Pictured

from . import rules
from .data import (
    ANIMAL_MAX,
    ANIMALS,
    APPRENTICE_HAND,
    CHAMPIONSHIP_ROUNDS,
    DEALT,
    FINISH,
    HAND,
    HOWL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODES,
    PODIUM_PLACES,
    TABLE_MAX,
    TILES,
    animal_of,
    hand_size,
    racing_cards,
    starting_bets,
)

#: The phases: chance setup steps, the seats' setup choice, turns, refills, the
#: apprentice movement choices, the end.
PHASES: Final = ("bets", "track", "turbos", "deal", "second", "turn", "draw", "move", "scored",
                  "over")
#: The phases after a round's scoring: ``scored`` before a championship's next round.
ENDED: Final = ("scored", "over")
#: The setup phases in order, per mode.
SETUP: Final = {"standard": ("bets", "track", "deal", "second"),
                "apprentice": ("track", "turbos", "deal", "bets")}

INVARIANTS: Final = ("HT-INV-CARDS", "HT-INV-FORWARD", "HT-INV-HANDS", "HT-INV-PHASE",
                     "HT-INV-PODIUM", "HT-INV-SCORES", "HT-INV-TABLE")


#: Nesting depth of :func:`building`: while above 0, states are built unchecked.
_BUILDING = [0]


@contextlib.contextmanager
def building() -> Iterator[None]:
    """Build states unchecked for a while (the steps inside one transition, or a
    candidate read for ``status``); the caller checks the result (:func:`checked`)."""
    _BUILDING[0] += 1
    try:
        yield
    finally:
        _BUILDING[0] -= 1


@attrs.frozen(slots=False)
class HareState(Pictured):
    """A table of The Hare & the Tortoise; card zones are sorted tuples (multisets).

    A state is checked when built (:func:`violations`; InvalidState names every
    broken invariant), except inside :func:`building`. Not slotted: a transition
    copies its parent's fields in one C call (:func:`derive`); the instance stays
    frozen (no attribute can be set).
    """

    players: int
    mode: str  #: "standard" or "apprentice"
    series: int  #: games in the series: 1, or 3 in the championship
    round: int  #: 1-based
    phase: str
    turn: int  #: the seat to act, be dealt to or draw
    token: int  #: the first player token's holder
    races: int  #: racing phases so far in the whole game (the segment of play)
    streams: tuple[int, ...]  #: the two stream tiles, once laid
    turbos: tuple[str, ...]  #: the animals whose turbos lie on tiles 2, 4, 6, 8, 10
    #: per animal (racing order): 0 start, 1-11 tiles, 12 past the finish
    positions: tuple[int, ...]
    podium: tuple[tuple[str, ...], ...]  #: places in order, each a group of animals
    unused: tuple[str, ...]  #: starting bet cards not dealt (never shown)
    starting: tuple[tuple[str, ...], ...]  #: per seat, its starting bet cards
    second: tuple[tuple[str, ...], ...]  #: per seat, its second bet (a racing card)
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    table: tuple[str, ...]  #: the racing cards played since the last racing phase
    to_move: tuple[str, ...]  #: apprentice: the animals still to move this phase
    points: tuple[int, ...]  #: per seat, over the finished rounds
    history: tuple[tuple[int, ...], ...]  #: per finished round, each seat's points
    shown: tuple[tuple[str, ...], ...]  #: per seat, the bets revealed at the last scoring
    #: What the rules worked out for this table once (legal actions, chance outcomes):
    #: no part of the state (not compared, not in the plain data).
    memo: dict[str, Any] = attrs.field(factory=dict, init=False, eq=False, repr=False,
                                       hash=False)

    def __attrs_post_init__(self) -> None:
        if not _BUILDING[0]:
            require_immutable(self, _FIELDS)  # a list could be changed after the check
            checked(self)


#: Each mode's whole deck of racing cards, sorted (HT-DATA-CARDS, HT-APP-CARDS): a new
#: game's deck (:func:`.config.fresh`).
DECKS: Final = {mode: tuple(sorted(card for card, n in racing_cards(mode).items()
                                   for _ in range(n))) for mode in MODES}
#: The same as lists, compared with the cards of a table's zones sorted together
#: (HT-INV-CARDS).
_FULL: Final = {mode: list(deck) for mode, deck in DECKS.items()}
_ANIMALS_SORTED: Final = tuple(sorted(ANIMALS))
_ANIMAL_SET: Final = frozenset(ANIMALS)


def table_counts(table: tuple[str, ...]) -> dict[str, int]:
    """Cards per animal on the table, howls counted as wolves (HT-RACE-WOLF)."""
    return {"hare": table.count("hare"), "tortoise": table.count("tortoise"),
            "wolf": table.count("wolf") + table.count("howl"), "fox": table.count("fox"),
            "lamb": table.count("lamb")}


#: The last table counted, its counts and its most cards of one animal (:func:`counted`),
#: one tuple replaced whole (a thread reads a matching triple).
_counted_last: tuple[object, Mapping[str, int], int] = (object(), {}, 0)
#: Emptied by the test suite before each test under mutation testing (:mod:`kernel.memo`).
MEMOS = Memos(globals(), "_counted_last")


def counted(table: tuple[str, ...]) -> tuple[Mapping[str, int], int]:
    """:func:`table_counts` of ``table`` (NOT to be changed by the caller) and the most
    cards of one animal on it: those of the last table asked (the very tuple, kept) are
    given again (a play's table stays until the racing phase: the check of the play, the
    refills, their checks and the next turn's plays read it)."""
    global _counted_last
    last = _counted_last
    if table is last[0]:
        return last[1], last[2]
    counts = table_counts(table)
    most = max(counts.values())
    _counted_last = (table, counts, most)
    return counts, most


def place_of(podium: tuple[tuple[str, ...], ...], animal: str) -> int:
    """The podium place of ``animal`` (0: none) (HT-SCORE-POINTS, HT-APP-END)."""
    return podium_places(podium).get(animal, 0)


def podium_places(podium: tuple[tuple[str, ...], ...]) -> dict[str, int]:
    """The podium place of each animal on it, by its first group (:func:`place_of` of
    every animal, the places worked out once)."""
    places: dict[str, int] = {}
    for group, place in zip(podium, rules.places(tuple(map(len, podium))), strict=True):
        for animal in group:
            places.setdefault(animal, place)
    return places


def seat_bets(starting: tuple[str, ...], second: tuple[str, ...]) -> tuple[str, ...]:
    """A seat's bets as animals (a howl card bet on is a wolf bet, HT-SCORE-POINTS)."""
    return tuple(map(animal_of, (*starting, *second)))


def _phase_ok(s: HareState) -> bool:
    if not MIN_PLAYERS <= s.players <= MAX_PLAYERS or s.mode not in MODES:
        return False
    if s.series not in (1, CHAMPIONSHIP_ROUNDS) or not 1 <= s.round <= s.series:
        return False
    if s.phase not in PHASES or not 0 <= s.turn < s.players or not 0 <= s.token < s.players:
        return False
    if s.phase in ("turbos", "move") and s.mode != "apprentice":
        return False
    if s.phase == "second" and s.mode != "standard":
        return False
    if (s.phase == "scored") != (s.phase in ENDED and s.round < s.series):
        return False
    n = s.players
    if not (len(s.starting) == len(s.second) == len(s.hands) == len(s.points) == n):
        return False
    if len(s.shown) != n or any(len(h) != n for h in s.history) or s.races < 0:
        return False
    if len(s.positions) != len(ANIMALS):
        return False
    setup = SETUP[s.mode]
    laying = s.phase == "track"
    laid = not (s.phase in setup and setup.index(s.phase) < setup.index("track"))
    streams = s.streams  # ascending, no tile twice, on the track
    if streams and (list(streams) != sorted(set(streams)) or not 1 <= streams[0]
                    or streams[-1] > TILES):
        return False
    if len(streams) != (2 if laid and not laying else 0) and not (laying and len(streams) < 2):
        return False
    placed = s.mode == "apprentice" and s.phase not in ("track", "turbos")
    if placed and sorted(s.turbos) != sorted(ANIMALS):
        return False
    if s.phase == "turbos":
        if len(s.turbos) >= len(ANIMALS) or len(set(s.turbos)) != len(s.turbos):
            return False
    elif not placed and s.turbos:
        return False
    if s.phase == "move":
        counts = table_counts(s.table)
        if not s.to_move or any(counts[a] == 0 for a in s.to_move):
            return False
        if list(s.to_move) != [a for a in ANIMALS if a in s.to_move]:
            return False
    elif s.to_move:
        return False
    return True


def _cards_ok(s: HareState) -> bool:
    zones = (s.deck, s.discard, s.table, *s.hands, *s.second, *s.starting, s.unused)
    if not all(z == tuple(sorted(z)) for z in zones):
        return False
    # every racing card once: the zones' cards sorted together are the mode's whole deck
    try:
        cards = sorted(chain(s.deck, s.discard, s.table, *s.hands, *s.second))
    except TypeError:  # a card that does not sort with card names: not a racing card
        return False
    if cards != _FULL.get(s.mode):
        return False
    return tuple(sorted(chain(s.unused, chain.from_iterable(s.starting)))) == _ANIMALS_SORTED


def _before(s: HareState, phase: str) -> bool:
    """Whether the setup step ``phase`` of ``s``'s mode has not been completed."""
    setup = SETUP[s.mode]
    return s.phase in setup and setup.index(s.phase) < setup.index(phase)


def _dealing(sizes: list[int], turn: int, full: int) -> bool:
    """Seats before ``turn`` full, ``turn`` between, seats after empty."""
    return all(size == full if i < turn else (0 <= size < full if i == turn else size == 0)
               for i, size in enumerate(sizes))


def _hands_ok(s: HareState) -> bool:
    k, hand = starting_bets(s.players), hand_size(s.mode)
    bets = list(map(len, s.starting))
    if s.phase == "bets":
        if not _dealing(bets, s.turn, k):
            return False
    elif _before(s, "bets"):
        if any(bets):
            return False
    elif any(b != k for b in bets):
        return False
    sizes = list(map(len, s.hands))
    seconds = list(map(len, s.second))
    dealt = DEALT if s.mode == "standard" else hand
    if s.phase == "deal":
        return _dealing(sizes, s.turn, dealt) and not any(seconds)
    if _before(s, "deal"):
        return not any(sizes) and not any(seconds)
    if s.phase == "second":
        return all((size, b) == ((hand, 1) if i < s.turn else (DEALT, 0))
                   for i, (size, b) in enumerate(zip(sizes, seconds, strict=True)))
    if any(b != (1 if s.mode == "standard" else 0) for b in seconds):
        return False
    if s.phase == "draw":
        return all(size == hand if i != s.turn else hand - ANIMAL_MAX <= size < hand
                   for i, size in enumerate(sizes))
    return all(size == hand for size in sizes)


def _table_ok(s: HareState) -> bool:
    """HT-INV-TABLE, the table counted from scratch (howls as wolves, HT-RACE-WOLF)."""
    table = s.table
    return _table_holds(s.phase, len(table), max(*map(table.count, _NOT_WOLVES),
                                                 table.count("wolf") + table.count(HOWL)))


def _table_holds(phase: str, size: int, most: int) -> bool:
    """HT-INV-TABLE of a table of ``size`` cards, ``most`` of them of one animal, in
    ``phase``: within the limits, and triggered (HT-RACE-TRIGGER) exactly when the racing
    phase is due (empty in the setup, not yet triggered on turn, not empty while drawing,
    triggered while the apprentices move)."""
    if size > TABLE_MAX or most > ANIMAL_MAX:
        return False
    triggered = size == TABLE_MAX or most == ANIMAL_MAX
    if phase == "turn":
        return not triggered
    if phase == "draw":
        return size > 0
    if phase in ("bets", "track", "turbos", "deal", "second"):
        return size == 0
    if phase == "move":
        return triggered
    return True


#: The animals whose cards are one kind (a wolf's are wolves and howls).
_NOT_WOLVES: Final = tuple(a for a in ANIMALS if a != "wolf")


def _forward_ok(s: HareState) -> bool:
    if any(not 0 <= p <= FINISH for p in s.positions):
        return False
    if s.phase in SETUP[s.mode]:
        return not any(s.positions)
    return True


def _podium_ok(s: HareState) -> bool:
    podium = s.podium
    animals = [a for g in podium for a in g]
    if not all(podium) or not _ANIMAL_SET.issuperset(animals):  # no group empty
        return False
    if len(set(animals)) != len(animals):
        return False
    positions = s.positions
    past = ({ANIMALS[i] for i, p in enumerate(positions) if p == FINISH}
            if FINISH in positions else set())
    if s.phase in SETUP[s.mode] and podium:
        return False
    if s.mode == "standard" or s.phase not in ENDED:
        # one animal a group (none is empty): as many groups as animals
        if len(animals) != len(podium) or len(podium) > PODIUM_PLACES:
            return False
        if s.mode == "standard":
            if set(animals) != past:
                return False
            return (len(s.podium) == PODIUM_PLACES) == (s.phase in ENDED)
        # apprentice during play: crossers wait for the end of the movement
        if s.phase != "move" and past:
            return False
        return set(animals) <= past and (set(animals) == past or len(s.podium) == PODIUM_PLACES)
    # the apprentice podium at the end (HT-APP-END)
    first = [g[0] for g in s.podium if s.positions[ANIMALS.index(g[0])] == FINISH]
    crossed = [*first, *(a for a in ANIMALS if a in past and a not in first)]
    if not crossed or set(crossed) != past:
        return False
    pos = s.positions
    expect = rules.apprentice_podium(tuple(ANIMALS.index(a) for a in crossed), pos)
    return s.podium == tuple(tuple(ANIMALS[i] for i in g) for g in expect)


def _scores_ok(s: HareState) -> bool:
    history = s.history
    finished = s.round if s.phase in ENDED else s.round - 1
    if len(history) != finished:
        return False
    if any(not 0 <= x <= 13 for h in history for x in h):
        return False
    totals = [0] * s.players  # each seat's points: its column of the history summed
    for row in history:
        totals = list(map(add, totals, row))
    if list(s.points) != totals:
        return False
    if s.phase in ENDED:
        # HT-SCORE-POINTS: the last round's points are its bets' podium points
        places = podium_places(s.podium)
        last = history[-1]
        for seat in range(s.players):
            bets = seat_bets(s.starting[seat], s.second[seat])
            if sorted(bets) != sorted(s.shown[seat]):
                return False
            if last[seat] != rules.bet_points(tuple([places.get(a, 0) for a in bets])):
                return False
    elif not s.history and any(s.shown):
        return False
    return True


_FIELDS: Final = tuple(f.name for f in attrs.fields(HareState) if f.init)
_new: Final = object.__new__
_set_attribute: Final = object.__setattr__
_FIELD_SET: Final = frozenset(_FIELDS)


def replace(s: HareState, **changes: Any) -> HareState:
    """``s`` with some fields changed, UNCHECKED: a transition's table, which
    ``apply`` checks once against its parent (:func:`delta_violations`)."""
    if not changes.keys() <= _FIELD_SET:
        raise TypeError(f"no such field: {sorted(changes.keys() - _FIELD_SET)}")
    return derive(s, changes)


def derive(s: HareState, changes: dict[str, Any]) -> HareState:
    """:func:`replace` of fields the caller knows the table has (a transition's own
    ``changes``, kept by the draft: not to be changed afterwards)."""
    fields = s.__dict__.copy()  # one copy of the fields (no dict per field, no attrs rebuild)
    fields.update(changes)
    # a draft remembers the table it was made from and the fields it may have replaced
    # (:func:`drafted`)
    fields["memo"] = {_DRAFT: (s, changes.keys())}
    obj = _new(HareState)
    _set_attribute(obj, "__dict__", fields)  # the instance frozen as ever: its fields given
    return obj


#: The memo key of a draft's origin and replaced fields (:func:`derive`).
_DRAFT: Final = "draft"


def drafted(p: HareState, s: HareState) -> AbstractSet[str]:
    """The fields the draft ``s`` of ``p`` replaced: every field of ``s`` that is not its
    parent's very object (:func:`changed_fields`) among them, and any field given again
    unchanged (that only adds a check its parent passed); compared when ``s`` is not a
    draft of ``p`` (a copy of another table, or no copy). ``s`` is a state from then on
    (no longer a draft)."""
    draft = s.memo.pop(_DRAFT, None)
    if draft is None or draft[0] is not p:
        return changed_fields(p, s)
    names: AbstractSet[str] = draft[1]
    return names


def checked(s: HareState) -> HareState:
    """``s`` when it breaks no invariant, else InvalidState naming every broken one."""
    broken = full_violations(s)
    if broken:
        raise InvalidState(broken)
    return s


def full_violations(s: HareState) -> tuple[str, ...]:
    """Every invariant ``s`` breaks, by ID (HT-INV-*), every check run from scratch."""
    if not _phase_ok(s):
        return ("HT-INV-PHASE",)
    broken: list[str] = []
    if not _cards_ok(s):
        broken.append("HT-INV-CARDS")
    if not _forward_ok(s):
        broken.append("HT-INV-FORWARD")
    if not _hands_ok(s):
        broken.append("HT-INV-HANDS")
    if not _podium_ok(s):
        broken.append("HT-INV-PODIUM")
    if not _scores_ok(s):
        broken.append("HT-INV-SCORES")
    if not _table_ok(s):
        broken.append("HT-INV-TABLE")
    return tuple(sorted(broken))


#: The full check: what ``status`` and ``from_data`` use.
violations: Final = full_violations


# --------------------------------------------------------------------------
# incrementally

#: The phases a step may stay in, or move between, and be checked incrementally.
_PLAY: Final = frozenset(("turn", "draw"))
_SAME: Final = frozenset(("deal", "turn", "draw"))


def _hand_size_ok(s: HareState, seat: int) -> bool:
    """HT-INV-HANDS for one seat's hand size in the phases deal, turn and draw (the
    part of :func:`_hands_ok` that reads that seat's hand)."""
    size = len(s.hands[seat])
    hand = hand_size(s.mode)
    if s.phase == "deal":
        dealt = DEALT if s.mode == "standard" else hand
        if seat < s.turn:
            return size == dealt
        return 0 <= size < dealt if seat == s.turn else size == 0
    if s.phase == "draw" and seat == s.turn:
        return hand - ANIMAL_MAX <= size < hand
    return size == hand


def _cards_delta_ok(p: HareState, s: HareState) -> bool:
    """HT-INV-CARDS: every zone that changed is sorted, and the racing cards in them are
    the ones that were in them (the parent's other zones are as they were)."""
    if s.unused is not p.unused or s.starting is not p.starting:
        if tuple(sorted(chain(s.unused, chain.from_iterable(s.starting)))) != _ANIMALS_SORTED:
            return False
        if s.unused != tuple(sorted(s.unused)) or any(z != tuple(sorted(z)) for z in s.starting):
            return False
    old: list[tuple[str, ...]] = []
    new: list[tuple[str, ...]] = []
    if s.deck is not p.deck:
        old.append(p.deck)
        new.append(s.deck)
    if s.discard is not p.discard:
        old.append(p.discard)
        new.append(s.discard)
    if s.table is not p.table:
        old.append(p.table)
        new.append(s.table)
    for zones_before, zones_after in ((p.hands, s.hands), (p.second, s.second)):
        if zones_after is not zones_before:
            for before, after in zip(zones_before, zones_after, strict=True):
                if after is not before:
                    old.append(before)
                    new.append(after)
    if (len(new) == 2 and len(new[0]) + 1 == len(old[0]) and len(new[1]) == len(old[1]) + 1
            and _one_card_moved(old[0], new[0], old[1], new[1])):
        return True  # the common case; any other change of the two zones is counted below
    if any(list(z) != sorted(z) for z in new):
        return False
    return sorted(chain.from_iterable(new)) == sorted(chain.from_iterable(old))


def _one_card_moved(from_before: tuple[str, ...], from_after: tuple[str, ...],
                    to_before: tuple[str, ...], to_after: tuple[str, ...]) -> bool:
    """One card left a sorted zone (a deck) for another (a hand): the first zone is the
    same without it (so still sorted), the second sorted and the same with it."""
    n = len(to_before)
    i = 0
    while i < n and to_before[i] == to_after[i]:
        i += 1
    card = to_after[i]
    if to_after[i + 1:] != to_before[i:]:
        return False
    # the second zone was sorted: with the card between its neighbours, it still is
    if (i and to_after[i - 1] > card) or (i < n and card > to_before[i]):
        return False
    j = bisect_left(from_before, card)  # the first zone was sorted: its first such card
    return (j < len(from_before) and from_before[j] == card
            and from_after == from_before[:j] + from_before[j + 1:])


#: The fields whose change makes the incremental check run :func:`_phase_ok` again (between
#: turn and draw, or within deal, a change of only the turn or the hands can change its
#: answer only through the turn's range and the hands' count).
_PHASE_READS: Final = frozenset(("token", "races", "streams", "turbos", "positions", "to_move",
                                 "history", "points", "shown", "starting", "second"))
_CARD_ZONES: Final = frozenset(("deck", "discard", "table", "hands", "second", "unused",
                                "starting"))
_SCORE_READS: Final = frozenset(("history", "points", "shown"))
_FROM_SCRATCH: Final = frozenset(("players", "mode", "series", "round"))


def changed_fields(p: HareState, s: HareState) -> set[str]:
    """The fields of ``s`` that are not its parent's very objects (the memo aside)."""
    before = p.__dict__
    changed = {name for name, value in s.__dict__.items() if value is not before[name]}
    changed.discard("memo")
    return changed


#: The steps :func:`_moved_violations` checks: (the parent's phase, the child's phase,
#: the fields replaced) -> whether the table may have changed. A card dealt or drawn
#: (the deck and the hands; the discard too when the deck ran out), the refill that ends
#: a turn (the phase and the seat too), a play (the hands, the table, the phase).
_MOVED: Final = {
    **{(phase, phase, frozenset(fields)): False for phase in ("deal", "turn", "draw")
       for fields in (("deck", "hands"), ("deck", "hands", "discard"))},
    **{("draw", "turn", frozenset(fields)): False
       for fields in (("deck", "hands", "phase", "turn"),
                      ("deck", "hands", "discard", "phase", "turn"))},
    ("turn", "draw", frozenset(("hands", "table", "phase"))): True,
}


def _moved_violations(p: HareState, s: HareState, table: bool) -> tuple[str, ...]:
    """:func:`delta_violations` of the common steps (:data:`_MOVED`): cards moved between
    the deck, the discard, the hands and the table, in the phases deal, turn and draw, the
    seat on turn changed only from draw to turn. The parent held every invariant and
    between turn and draw only the hand sizes and the table read the phase (HT-INV-HANDS,
    HT-INV-TABLE), so what is checked: the hands' count and the seat's range
    (HT-INV-PHASE), the cards that moved (HT-INV-CARDS), the hand sizes of the seats
    whose hand or rule changed (HT-INV-HANDS), and the table's limits in the new phase
    (HT-INV-TABLE). A step changes the hand of the parent's seat on turn only (dealt to,
    drawing or playing); another hand changed goes to :func:`_moved_hands`."""
    n = s.players
    hands, before = s.hands, p.hands
    if len(hands) != n or not 0 <= s.turn < n:
        return ("HT-INV-PHASE",)
    seat = p.turn
    if hands[:seat] != before[:seat] or hands[seat + 1:] != before[seat + 1:]:
        cards, sized = _moved_hands(p, s, table)
    else:
        # the other hands hold what they held, under the same rule (HT-INV-HANDS: the
        # new seat on turn, from draw to turn, was full and stays full)
        was, hand = before[seat], hands[seat]
        if table:  # a play: from the hand to the table
            after = s.table
            cards = (list(hand) == sorted(hand) and list(after) == sorted(after)
                     and sorted(hand + after) == sorted(was + p.table))
        elif s.discard is p.discard and len(hand) == len(was) + 1:  # one card drawn or dealt
            cards = ((len(s.deck) + 1 == len(p.deck)
                      and _one_card_moved(p.deck, s.deck, was, hand))
                     or _cards_delta_ok(p, s))  # not one card moved: every changed zone counted
        else:  # the deck ran out (HT-TURN-RESHUFFLE)
            cards = _cards_delta_ok(p, s)
        size = len(hand)
        full = APPRENTICE_HAND if s.mode == "apprentice" else HAND
        if s.phase == "deal":  # the seat on turn is dealt to
            sized = size < (DEALT if s.mode == "standard" else full)
        elif s.phase == "draw":  # the seat on turn refills
            sized = full - ANIMAL_MAX <= size < full
        else:
            sized = size == full
    broken: tuple[str, ...] = () if cards else ("HT-INV-CARDS",)
    if not sized:
        broken += ("HT-INV-HANDS",)
    if (table or s.phase != p.phase) and not _table_fits(s):
        broken += ("HT-INV-TABLE",)
    return broken


def _table_fits(s: HareState) -> bool:
    """:func:`_table_ok` with the table counted once (:func:`counted`)."""
    return _table_holds(s.phase, len(s.table), counted(s.table)[1])


def _moved_hands(p: HareState, s: HareState, table: bool) -> tuple[bool, bool]:
    """:func:`_moved_violations` when a hand other than the seat on turn's changed: whether
    the cards hold (every changed zone counted) and the changed seats' hand sizes."""
    n = s.players
    hands, before = s.hands, p.hands
    turn = s.turn
    seats = [i for i in range(n) if hands[i] is not before[i]]
    old, new = ([p.table], [s.table]) if table else ([p.deck], [s.deck])
    if s.discard is not p.discard:
        old.append(p.discard)
        new.append(s.discard)
    old.extend(before[i] for i in seats)
    new.extend(hands[i] for i in seats)
    cards = (all(list(z) == sorted(z) for z in new)
             and sorted(chain.from_iterable(new)) == sorted(chain.from_iterable(old)))
    phase = s.phase
    full = APPRENTICE_HAND if s.mode == "apprentice" else HAND
    if phase == "deal":  # seats before the turn dealt in full, the turn's under way
        dealt = DEALT if s.mode == "standard" else full
        sized = all(len(hands[i]) == dealt if i < turn else
                    (len(hands[i]) < dealt if i == turn else not hands[i])
                    for i in (*seats, turn))
    elif phase == "draw":  # the seat on turn refills, the others are full
        sized = all(full - ANIMAL_MAX <= len(hands[i]) < full if i == turn
                    else len(hands[i]) == full for i in (*seats, turn))
    else:
        sized = all(len(hands[i]) == full for i in (*seats, turn, p.turn))
    return cards, sized


#: The standard racing phases a refill triggers, the turn passed (:func:`_raced_violations`):
#: the card drawn (the deck and the hands; the discard too when the deck ran out), the table
#: discarded, the animals moved, the token passed and the races counted; the podium when an
#: animal reached it, the seat on turn unless it holds the token already.
_RACED: Final = frozenset(
    ("draw", "turn", frozenset(("deck", "discard", "hands", "phase", "positions", "races",
                                "table", "token", *more)))
    for more in ((), ("podium",), ("turn",), ("podium", "turn")))


def _raced_violations(p: HareState, s: HareState) -> tuple[str, ...]:
    """:func:`delta_violations` of a standard racing phase a refill triggered (:data:`_RACED`).
    The parent held every invariant in the draw phase; from draw to turn the phase reads
    only the seats' range, the hands' count, the races and the pawns' count (HT-INV-PHASE),
    the hand sizes are all full (HT-INV-HANDS) and the scores read nothing that changed
    (HT-INV-SCORES: the podium only once the round has ended). What is checked: those, the
    cards (one card from the deck to the hand on turn and the table discarded, else every
    changed zone counted: HT-INV-CARDS), the pawns (HT-INV-FORWARD), the podium
    (HT-INV-PODIUM) and the table (HT-INV-TABLE)."""
    n = s.players
    hands, before = s.hands, p.hands
    if (len(hands) != n or not 0 <= s.turn < n or not 0 <= s.token < n or s.races < 0
            or len(s.positions) != len(ANIMALS)):
        return ("HT-INV-PHASE",)
    seat = p.turn
    was, hand = before[seat], hands[seat]
    if (s.table or len(hand) != len(was) + 1 or len(s.deck) + 1 != len(p.deck)
            or hands[:seat] != before[:seat] or hands[seat + 1:] != before[seat + 1:]
            or s.discard != tuple(sorted(p.discard + p.table))
            or not _one_card_moved(p.deck, s.deck, was, hand)):
        cards = _cards_delta_ok(p, s)  # not the card drawn and the table discarded: counted
    else:
        cards = True
    broken: tuple[str, ...] = () if cards else ("HT-INV-CARDS",)
    if not _forward_ok(s):
        broken += ("HT-INV-FORWARD",)
    full = APPRENTICE_HAND if s.mode == "apprentice" else HAND
    if any(len(h) != full for h in hands):
        broken += ("HT-INV-HANDS",)
    if not _podium_ok(s):
        broken += ("HT-INV-PODIUM",)
    if not _table_fits(s):  # the table counted once: the next turn's plays read it
        broken += ("HT-INV-TABLE",)
    return broken


#: What the checks read besides the players, mode, series and round (a step that keeps
#: those runs again only the checks that read a field it replaced). The cards read no
#: other field than their zones (:data:`_CARD_ZONES`); the scores read the bets and the
#: podium only once the round has ended.
_PHASE_ALL_READS: Final = frozenset(("phase", "turn", "token", "races", "streams", "turbos",
                                     "positions", "to_move", "history", "points", "shown",
                                     "starting", "second", "hands", "table"))
_FORWARD_READS: Final = frozenset(("phase", "positions"))
_HANDS_READS: Final = frozenset(("phase", "starting", "hands", "second", "turn"))
_PODIUM_READS: Final = frozenset(("phase", "podium", "positions"))
_SCORES_PLAY_READS: Final = frozenset(("phase", "history", "points", "shown"))
_SCORES_ENDED_READS: Final = frozenset(("phase", "history", "points", "shown", "starting",
                                        "second", "podium"))
_TABLE_READS: Final = frozenset(("phase", "table"))


def _setup_violations(p: HareState, s: HareState,
                      changed: AbstractSet[str]) -> tuple[str, ...]:
    """:func:`delta_violations` of a step that keeps a setup or apprentice movement phase
    (a starting bet dealt, a stream laid, a turbo placed, a second bet, an apprentice's
    animal moved) or changes the phase other than between turn and draw: the checks that
    read a replaced field run again, whole (the cards: only the zones that changed,
    :func:`_cards_delta_ok`)."""
    if not changed.isdisjoint(_PHASE_ALL_READS) and not _phase_ok(s):
        return ("HT-INV-PHASE",)
    broken: list[str] = []
    if not changed.isdisjoint(_CARD_ZONES) and not _cards_delta_ok(p, s):
        broken.append("HT-INV-CARDS")
    if not changed.isdisjoint(_FORWARD_READS) and not _forward_ok(s):
        broken.append("HT-INV-FORWARD")
    if not changed.isdisjoint(_HANDS_READS) and not _hands_ok(s):
        broken.append("HT-INV-HANDS")
    if not changed.isdisjoint(_PODIUM_READS) and not _podium_ok(s):
        broken.append("HT-INV-PODIUM")
    scores = _SCORES_ENDED_READS if s.phase in ENDED else _SCORES_PLAY_READS
    if not changed.isdisjoint(scores) and not _scores_ok(s):
        broken.append("HT-INV-SCORES")
    if not changed.isdisjoint(_TABLE_READS) and not _table_ok(s):
        broken.append("HT-INV-TABLE")
    return tuple(broken)


def delta_violations(p: HareState, s: HareState,
                     changed: AbstractSet[str] | None = None) -> tuple[str, ...]:
    """Every invariant ``s`` breaks, knowing that its parent ``p`` broke none: the
    same answer as :func:`full_violations`, running only what the fields ``s``
    replaced can change (``changed``: every field that is not the parent's very object
    among them, and perhaps some given again unchanged, :func:`drafted`;
    :func:`changed_fields` when not given). The common steps (a card dealt or drawn, a
    play, the refill that ends a turn) have one tight check (:func:`_moved_violations`),
    and so has the standard racing phase a refill triggers (:func:`_raced_violations`); a
    step that keeps a setup or apprentice movement phase, or changes the phase other than
    between turn and draw, reruns the checks reading what it replaced
    (:func:`_setup_violations`). Steps that change the players, mode, series or round
    check from scratch."""
    phase = s.phase
    if changed is None:
        changed = changed_fields(p, s)
    key = (p.phase, phase, frozenset(changed))
    table = _MOVED.get(key)
    if table is not None:
        return _moved_violations(p, s, table)
    if key in _RACED:
        return _raced_violations(p, s)
    if not changed.isdisjoint(_FROM_SCRATCH):
        return full_violations(s)
    if p.phase not in _SAME or ("phase" in changed
                                and not (phase in _PLAY and p.phase in _PLAY)):
        return _setup_violations(p, s, changed)
    n = s.players
    if not changed.isdisjoint(_PHASE_READS):
        if not _phase_ok(s):
            return ("HT-INV-PHASE",)
    elif (("turn" in changed and not 0 <= s.turn < n)
          or ("hands" in changed and len(s.hands) != n)):
        return ("HT-INV-PHASE",)
    broken: list[str] = []
    if not changed.isdisjoint(_CARD_ZONES) and not _cards_delta_ok(p, s):
        broken.append("HT-INV-CARDS")
    if "positions" in changed and not _forward_ok(s):
        broken.append("HT-INV-FORWARD")
    if "starting" in changed or "second" in changed or (phase == "deal" and "turn" in changed):
        if not _hands_ok(s):
            broken.append("HT-INV-HANDS")
    elif "phase" in changed or "turn" in changed or "hands" in changed:
        # HT-INV-HANDS: the sizes of the seats whose hand, or whose rule (the seat on
        # turn in draw), changed
        seats = {p.turn, s.turn}
        if "hands" in changed:
            seats.update([i for i, (a, b) in enumerate(zip(s.hands, p.hands, strict=True))
                          if a is not b])
        for i in seats:
            if not _hand_size_ok(s, i):
                broken.append("HT-INV-HANDS")
                break
    if ("positions" in changed or "podium" in changed) and not _podium_ok(s):
        broken.append("HT-INV-PODIUM")
    if not changed.isdisjoint(_SCORE_READS) and not _scores_ok(s):
        broken.append("HT-INV-SCORES")
    if ("phase" in changed or "table" in changed) and not _table_ok(s):
        broken.append("HT-INV-TABLE")
    return tuple(broken)

"""The Hare & the Tortoise (2014): who acts, the chance outcomes, what is legal and
why not, and who wins.

The legal actions are read from the state's own zones and the action tables of
:mod:`.actions`; a table's legal actions and chance outcomes are worked out
once and kept in its ``memo`` (a deck's outcomes from pairs of an action and
its probability made once per deck size and count).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from fractions import Fraction
from typing import Final

from kernel.core import CHANCE, TERMINAL, Action, Outcome
from kernel.memo import Memos

from . import rules
from .actions import BET, DEAL, DRAW, GATHER, MOVE, PLACE, STARTING, STREAM, TURBO
from .data import (
    ANIMAL_MAX,
    ANIMALS,
    CARD_KINDS,
    HAND,
    HOWL,
    MODES,
    STANDARD_CARDS,
    TABLE_MAX,
    TILES,
    racing_cards,
)
from .state import HareState, counted, place_of, seat_bets

Outcomes = tuple[tuple[Action, Fraction], ...]


def current_actor(s: HareState) -> int:
    if s.phase == "over":
        return TERMINAL
    if s.phase in ("second", "turn", "move"):
        return s.turn
    return CHANCE


_SORTED_CARDS: Final = tuple(sorted(CARD_KINDS))
_SORTED_ANIMALS: Final = tuple(sorted(ANIMALS))
#: The most cards of each kind a deck holds (HT-DATA-CARDS, HT-APP-CARDS).
_MOST: Final = {card: max(racing_cards(mode)[card] for mode in MODES) for card in CARD_KINDS}
#: Per action table (the draws, each seat's deals: the module's own tables, kept as long
#: as it) and deck size d, per card kind in sorted order: the kind and each outcome of
#: drawing it when the deck holds n of them: its action and n/d (n = 1 up to the most the
#: deck can hold), made once (the outcomes of many tables share them).
_PAIRS: Final[dict[tuple[int, int],
                   tuple[tuple[str, tuple[tuple[Action, Fraction], ...]], ...]]] = {}
#: The setup's chance outcomes, each equally likely (HT-SETUP-START, HT-SETUP-TRACK,
#: HT-APP-TURBO), by the phase and what it reads (the seat and its cards left, the streams
#: laid, the turbos placed): made once, the same tuple for the same node (few of them).
_UNIFORM: Final[dict[tuple[object, ...], Outcomes]] = {}
#: Emptied by the test suite before each test under mutation testing (:mod:`kernel.memo`).
MEMOS = Memos(globals(), "_PAIRS", "_UNIFORM")


def _deck_outcomes(table: Mapping[str, Action], deck: tuple[str, ...]) -> Outcomes:
    """Each card kind in the deck with its action in ``table`` and the chance to draw it,
    in the cards' sorted order. The deck is sorted (HT-INV-CARDS): each kind's cards lie
    together, found by bisection."""
    size = len(deck)
    key = (id(table), size)
    rows = _PAIRS.get(key)
    if rows is None:
        rows = _PAIRS[key] = tuple(
            (card, tuple((table[card], Fraction(n, size))
                         for n in range(1, min(size, _MOST[card]) + 1)))
            for card in _SORTED_CARDS)
    out: list[tuple[Action, Fraction]] = []
    start = 0
    for card, pairs in rows:
        end = bisect_right(deck, card, start)
        if end > start:
            out.append(pairs[end - start - 1])
            start = end
    return tuple(out)


def chance_outcomes(s: HareState) -> Outcomes:
    """Every chance outcome with its exact probability, in the actions' sorted order."""
    found: Outcomes | None = s.memo.get("chance")
    if found is None:
        found = s.memo["chance"] = _outcomes(s)
    return found


def _outcomes(s: HareState) -> Outcomes:
    """The outcomes, built in the actions' sorted order (each table walked in its
    values' order: the zones are sorted, the tiles ascending, the animals by name)."""
    phase = s.phase
    if phase == "draw":  # HT-TURN-REFILL
        return _deck_outcomes(DRAW, s.deck)
    if phase == "deal":  # HT-SETUP-DEAL
        return _deck_outcomes(DEAL[s.turn], s.deck)
    if phase == "bets":  # HT-SETUP-START: each card left equally likely
        return _uniform((phase, s.turn, s.unused), s)
    if phase == "track":  # HT-SETUP-TRACK: each stream on any free tile, equally likely
        return _uniform((phase, s.streams), s)
    if phase == "turbos":  # HT-APP-TURBO: the next tile's token, any animal left
        return _uniform((phase, s.turbos), s)
    if phase == "scored":  # HT-CHAMP-ROUNDS: the next round's setup starts
        return _GATHERED
    return ()


#: The one outcome at the end of a championship round (HT-CHAMP-ROUNDS), made once.
_GATHERED: Final = ((GATHER, Fraction(1)),)


def _uniform(key: tuple[object, ...], s: HareState) -> Outcomes:
    """The setup step's outcomes of ``s``, each equally likely, by ``key`` (the phase and
    what it reads), made once (:data:`_UNIFORM`)."""
    found = _UNIFORM.get(key)
    if found is None:
        if s.phase == "bets":
            mine = STARTING[s.turn]
            actions = [mine[a] for a in s.unused]
        elif s.phase == "track":
            actions = [STREAM[t] for t in range(1, TILES + 1) if t not in s.streams]
        else:
            actions = [TURBO[a] for a in _SORTED_ANIMALS if a not in s.turbos]
        found = _UNIFORM[key] = tuple((a, Fraction(1, len(actions))) for a in actions)
    return found


def _play_ok(s: HareState, animal: str, count: int, howls: int) -> str | None:
    """None when the play is legal, else the rule that forbids it."""
    hand = s.hands[s.turn]
    plain = count - howls
    if hand.count(animal) < plain or hand.count(HOWL) < howls:
        return "HT-TURN-PLAY"
    counts = counted(s.table)[0]
    if len(s.table) + count > TABLE_MAX or counts[animal] + count > ANIMAL_MAX:
        return "HT-TURN-LIMIT"
    return None


def legal_actions(s: HareState) -> tuple[Action, ...]:
    """The actor's actions, sorted (chance nodes: the possible outcomes)."""
    found: tuple[Action, ...] | None = s.memo.get("legal")
    if found is None:
        found = s.memo["legal"] = _legal(s)
    return found


def allowed(s: HareState, a: Action) -> bool:
    """Whether ``a``, an action of the vocabulary, is among :func:`legal_actions` of ``s``
    (the same rules, read off the state's fields without building the list)."""
    phase = s.phase
    kind = a.kind
    v = a.values
    if phase == "draw":  # HT-TURN-REFILL
        return kind == "draw" and v[0] in s.deck
    if phase == "turn":  # HT-TURN-PLAY, HT-TURN-LIMIT
        return kind == "place" and _play_ok(s, str(v[0]), int(v[1]), int(v[2])) is None
    if phase == "deal":  # HT-SETUP-DEAL
        return kind == "deal" and v[0] == s.turn and v[1] in s.deck
    if phase == "bets":  # HT-SETUP-START
        return kind == "starting" and v[0] == s.turn and v[1] in s.unused
    if phase == "track":  # HT-SETUP-TRACK
        return kind == "stream" and v[0] not in s.streams
    if phase == "turbos":  # HT-APP-TURBO
        return kind == "turbo" and v[0] not in s.turbos
    if phase == "second":  # HT-SETUP-SECOND
        return kind == "bet" and v[0] in s.hands[s.turn]
    if phase == "move":  # HT-APP-MOVE
        return kind == "move" and v[0] in s.to_move
    return phase == "scored" and kind == "gather"  # HT-CHAMP-ROUNDS


#: Per animal, in the actions' sorted order (the animals by name): each of its plays
#: (HT-TURN-PLAY, HT-TURN-LIMIT) a hand of ``have`` of its cards and ``howls`` howl cards
#: allows where the table takes ``limit`` more of them, by (have, howls, limit) (a table
#: built at import: a hand holds at most HAND cards, the game 3 howl cards).
_PLAY_TABLE: Final = tuple(
    (animal, {(have, howls, limit): tuple(action for (a, n, h), action in PLACE
                                          if a == animal and n - h <= have and h <= howls
                                          and n <= limit)
              for have in range(HAND + 1) for howls in range(STANDARD_CARDS[HOWL] + 1)
              for limit in range(ANIMAL_MAX + 1)})
    for animal in dict.fromkeys(animal for (animal, _, _), _ in PLACE))


def _plays(s: HareState) -> tuple[Action, ...]:
    """HT-TURN-PLAY, HT-TURN-LIMIT: the plays the hand allows and the table takes (the
    same rule as :func:`_play_ok`, with the hand and the table counted once), read off
    :data:`_PLAY_TABLE`."""
    hand = s.hands[s.turn]
    howls = hand.count(HOWL)
    room = TABLE_MAX - len(s.table)
    on_table = counted(s.table)[0]
    out: tuple[Action, ...] = ()
    for animal, plays in _PLAY_TABLE:
        out += plays[hand.count(animal), howls, min(room, ANIMAL_MAX - on_table[animal])]
    return out


def _legal(s: HareState) -> tuple[Action, ...]:
    phase = s.phase
    if phase == "turn":  # HT-TURN-PLAY, HT-TURN-LIMIT
        return _plays(s)
    if phase in ("bets", "track", "turbos", "deal", "draw", "scored"):
        return tuple(a for a, _ in chance_outcomes(s))
    if phase == "second":  # HT-SETUP-SECOND
        return tuple(sorted(BET[c] for c in set(s.hands[s.turn])))
    if phase == "move":  # HT-APP-MOVE
        return tuple(sorted(MOVE[a] for a in s.to_move))
    return ()


def why_not(s: HareState, a: Action) -> str:
    """The rule that forbids ``a`` here."""
    kind = a.kind
    if kind == "place":
        if s.phase != "turn":
            return "HT-APP-MOVE" if s.phase == "move" else "HT-SETUP-SECOND"
        animal, count, howls = str(a.values[0]), int(a.values[1]), int(a.values[2])
        return _play_ok(s, animal, count, howls) or "HT-TURN-PLAY"
    if kind == "bet":
        return "HT-SETUP-SECOND"
    if kind == "move":
        return "HT-APP-MOVE"
    return {"starting": "HT-SETUP-START", "stream": "HT-SETUP-TRACK", "turbo": "HT-APP-TURBO",
            "deal": "HT-SETUP-DEAL", "draw": "HT-TURN-REFILL",
            "gather": "HT-CHAMP-ROUNDS"}[kind]



def outcome(s: HareState) -> Outcome | None:
    """HT-SCORE-WINNER (one round) or HT-CHAMP-WINNER (three): who wins."""
    if s.phase != "over":
        return None
    best = max(s.points)
    tied = tuple(i for i, p in enumerate(s.points) if p == best)
    rounds = s.history if s.series > 1 else ()
    if s.series > 1:
        return Outcome(s.points, tied, ("HT-CHAMP-WINNER",), score_key="points",
                       rounds=rounds)
    if len(tied) == 1:
        return Outcome(s.points, tied, ("HT-SCORE-WINNER",), score_key="points")
    best_place = {i: rules.tiebreak_place(tuple(place_of(s.podium, a)
                                                for a in seat_bets(s.starting[i], s.second[i])))
                  for i in tied}
    top = min(best_place.values())
    winners = tuple(i for i in tied if best_place[i] == top)
    return Outcome(s.points, winners, ("HT-SCORE-WINNER",), score_key="points",
                   tiebreak="tied seats compared on their highest-placed bet animal; a tie "
                            "that remains is shared (HT-SCORE-WINNER)")


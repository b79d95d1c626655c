"""The Hare & the Tortoise (2014): the pure movement and scoring rules.

Each test names the rule it checks (spec/hare-and-tortoise-2014/rules.md);
the properties compare :mod:`kernel.games.hare_and_tortoise_2014.rules` with
small independent formulations written from the catalogue's readings.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kernel.games.hare_and_tortoise_2014 import data, rules

CARDS = st.integers(0, 4)
TILE = st.integers(0, 11)
STREAMS = st.lists(st.integers(1, 11), min_size=2, max_size=2, unique=True).map(
    lambda x: tuple(sorted(x)))


def test_components() -> None:
    # HT-DATA-CARDS: 81 racing cards (18/17/16 of which 3 howl/15/15); 5 starting bets
    # (one per animal, DERIVED); 11 tiles with 2 streams; 2 to 5 players.
    assert sum(data.STANDARD_CARDS.values()) == 81
    assert data.STANDARD_CARDS["wolf"] + data.STANDARD_CARDS["howl"] == 16
    assert data.STANDARD_CARDS["howl"] == 3
    assert [data.STANDARD_CARDS[a] for a in ("hare", "tortoise", "fox", "lamb")] == \
        [18, 17, 15, 15]
    assert (data.TILES, data.STREAMS, data.MIN_PLAYERS, data.MAX_PLAYERS) == (11, 2, 2, 5)
    # HT-APP-CARDS: 13 of each animal, no howl
    assert data.APPRENTICE_CARDS == {"hare": 13, "tortoise": 13, "wolf": 13, "howl": 0,
                                     "fox": 13, "lamb": 13}
    # HT-SETUP-START / HT-APP-DEAL: 2 starting bets with 2 players, else 1
    assert [data.starting_bets(n) for n in range(2, 6)] == [2, 1, 1, 1]
    # HT-TURN-REFILL, HT-APP-DEAL: hands of 6, 5 in the apprentice variant
    assert (data.hand_size("standard"), data.hand_size("apprentice")) == (6, 5)


@pytest.mark.parametrize(("cards", "pos", "ahead", "steps"), [
    (0, 3, 1, 0),  # HT-RACE-HARE: no card, no move
    (1, 3, 5, 2), (3, 3, 1, 2),  # HT-RACE-HARE: 2 for 1 to 4
    (4, 5, 5, 0),  # HT-RACE-NAP: tied for first
    (4, 6, 5, 0),  # HT-RACE-NAP: first
    (4, 4, 6, 2),  # HT-RACE-NAP: not first
    (4, 0, 0, 2),  # HT-RACE-NAP: ignored on the starting line
])
def test_hare(cards: int, pos: int, ahead: int, steps: int) -> None:
    assert rules.hare_steps(cards, pos, ahead) == steps


def test_tortoise_wolf_fox_lamb_tables() -> None:
    # HT-RACE-TORTOISE: 1 for 0 to 3, 2 for 4
    assert [rules.tortoise_steps(x) for x in range(5)] == [1, 1, 1, 1, 2]
    # HT-RACE-WOLF: 0, 1, 1, X-1
    assert [rules.wolf_steps(x) for x in range(5)] == [0, 1, 1, 2, 3]
    # HT-RACE-FOX: X
    assert [rules.fox_steps(x) for x in range(5)] == [0, 1, 2, 3, 4]
    # HT-RACE-LAMB: X + 1, none without a card
    assert [rules.lamb_steps(x) for x in range(5)] == [0, 2, 3, 4, 5]


@given(animal=st.integers(0, 4), cards=CARDS, wolf=CARDS)
def test_howl_only_the_wolf_moves(animal: int, cards: int, wolf: int) -> None:
    # HT-RACE-HOWL: with a howl only the wolf (index 2) moves, the tortoise too stays
    moved = rules.standard_steps(animal, cards, wolf, True)
    if animal == 2:
        assert moved == rules.wolf_steps(cards)
    else:
        assert moved == 0
    assert rules.standard_steps(1, cards, wolf, False) >= 1  # HT-RACE-TORTOISE: free step


def _lamb_walk(pos: int, steps: int, streams: tuple[int, ...]) -> int:
    """The lamb tile by tile (independent of rules.lamb_target)."""
    for _ in range(steps):
        if pos == 12:
            break
        pos += 1
        if pos in streams:
            return pos
    return pos


@given(pos=TILE, steps=st.integers(0, 5), streams=STREAMS)
def test_lamb_stops_at_the_first_stream(pos: int, steps: int, streams: tuple[int, ...]) -> None:
    # HT-RACE-STREAM: the first stream entered stops it; its own tile does not count;
    # a stream on tile 11 stops it before the finish
    assert rules.lamb_target(pos, steps, streams) == _lamb_walk(pos, steps, streams)


def test_lamb_examples() -> None:
    # HT-RACE-STREAM: the worked example's lamb (2 cards: 3 tiles) stops 1 tile on
    assert rules.lamb_target(2, 3, (3, 9)) == 3
    assert rules.lamb_target(3, 3, (3, 9)) == 6  # moves off the stream it stands on
    assert rules.lamb_target(9, 3, (3, 11)) == 11  # a stream on the last tile
    assert rules.lamb_target(10, 5, (3, 9)) == 12  # HT-END-PODIUM: no exact landing


@given(pos=st.integers(0, 12), steps=st.integers(0, 20))
def test_advance_stops_past_the_finish(pos: int, steps: int) -> None:
    # HT-END-PODIUM: past tile 11 is past the finish, however far; HT-INV-FORWARD: never back
    end = rules.advance(pos, steps)
    assert end >= pos
    assert end == (12 if pos + steps > 11 else pos + steps)


@given(pos=st.integers(0, 12), tile=st.sampled_from((2, 4, 6, 8, 10)))
def test_turbo(pos: int, tile: int) -> None:
    # HT-APP-TURBO: only the animal's own turbo, 2 more, possibly across the finish
    assert rules.turbo(pos, tile) == (min(pos + 2, 12) if pos == tile else pos)


def test_points_and_places() -> None:
    # HT-SCORE-POINTS: 5, 3, 2 for the podium places, else 0
    assert [rules.place_points(p) for p in range(6)] == [0, 5, 3, 2, 0, 0]
    # the rulebook's final scoring: Stephanie 3 + 5, Sam 5 + 0, Fred 2 + 2
    assert [rules.bet_points(b) for b in ((2, 1), (1, 0), (3, 3))] == [8, 5, 4]
    # HT-APP-END: a shared place uses up the next ones
    assert rules.places((1, 2)) == (1, 2)
    assert rules.places((1, 1, 2)) == (1, 2, 3)
    assert rules.places((2, 1)) == (1, 3)


@given(a=st.lists(st.integers(0, 5), max_size=3), b=st.lists(st.integers(0, 5), max_size=3))
def test_tiebreak_prefers_the_higher_animal(a: list[int], b: list[int]) -> None:
    # HT-SCORE-WINNER: with equal points the seat whose best bet stands higher
    # wins, and only the best bet counts: equal best places tie (shared)
    ka, kb = rules.tiebreak_place(tuple(a)), rules.tiebreak_place(tuple(b))
    best_a = min([p for p in a if 1 <= p <= 3], default=4)
    best_b = min([p for p in b if 1 <= p <= 3], default=4)
    assert (ka < kb) == (best_a < best_b) and (ka == kb) == (best_a == best_b)


def test_tiebreak_three_bets() -> None:
    # HT-SCORE-WINNER (2 players, 3 bets): one comparison, the highest-placed bet
    # animal; 5 + 5 + 0 and 5 + 3 + 2 both have a 1st-place animal: still tied
    assert rules.tiebreak_place((1, 1, 0)) == rules.tiebreak_place((1, 2, 3)) == 1
    assert rules.tiebreak_place((2, 2, 0)) > rules.tiebreak_place((1, 0, 0))


def _podium_model(crossed: tuple[int, ...], pos: tuple[int, ...]) -> list[list[int]]:
    out = [[a] for a in crossed[:3]]
    rest = sorted((a for a in range(5) if a not in crossed), key=lambda a: -pos[a])
    while rest and sum(len(g) for g in out) < 3:
        tile = pos[rest[0]]
        out.append([a for a in rest if pos[a] == tile])
        rest = [a for a in rest if pos[a] != tile]
    return out


@given(data=st.data())
def test_apprentice_podium(data: st.DataObject) -> None:
    # HT-APP-END: crossers in crossing order (three at most), then the closest, ties shared
    crossed = tuple(data.draw(st.permutations(range(5)))[:data.draw(st.integers(1, 5))])
    pos = tuple(12 if a in crossed else data.draw(st.integers(0, 11)) for a in range(5))
    got = rules.apprentice_podium(crossed, pos)
    assert [list(g) for g in got] == _podium_model(crossed, pos)


def test_apprentice_podium_examples() -> None:
    # HT-APP-END: fox crossed; hare and wolf share tile 10: shared second, no third
    assert rules.apprentice_podium((3,), (10, 4, 10, 12, 2)) == ((3,), (0, 2))
    # four crossed: only the first three
    assert rules.apprentice_podium((1, 4, 0, 3), (12, 12, 5, 12, 12)) == ((1,), (4,), (0,))


# --------------------------------------------------------------------------
# the tie-break key and the nap, by hand


def test_the_hare_naps_on_the_first_tile() -> None:
    # HT-RACE-NAP: with 4 hare cards the hare first (or tied for first) naps anywhere but on
    # the starting line: on tile 1 too (alone ahead, or tied with an animal on tile 1); on
    # the line (0) it moves 2 (HT-RACE-HARE)
    assert rules.hare_steps(4, 1, 0) == 0
    assert rules.hare_steps(4, 1, 1) == 0
    assert rules.hare_steps(4, 1, 2) == 2
    assert rules.hare_steps(4, 0, 0) == 2

"""Every game's narrator tells its events in words (issue 28, the viewer explains itself).

For each registered game, a short seeded game of each configuration the game
lists first: every event, as the whole table and as each seat sees it
(``Event.seen_by``), is told by the narrator's own ``tell`` (no event kind
left to the generic wording of :func:`kernel.narrate.plain_words`), in words
(no ``key=value``, no Python list), naming seats as every game names them
(:func:`kernel.narrate.seat_name`). The 2023 game's payouts are explained
part by part, the parts adding up to each payout (CUG-RANK, CUG-PAY-LEADER,
CUG-PAY-MID, CUG-PAY-MARKER, CUG-PAY-WINNER, CUG-PAY-LOSER,
CUG-MONEY-FLOOR), as the 2016 game's are (tests/test_cli_play.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest

import kernel
from kernel.core import Event
from kernel.narrate import SEAT_NAMES, Teller, plain_words, seat_name, words

DUMP = re.compile(r"\w=\S|\[|\]|\('|\{")


@pytest.mark.parametrize("game", kernel.games())
def test_every_event_is_told_in_words(game: str) -> None:
    info = kernel.game_info(game)
    narrator = info.narrator
    assert isinstance(narrator, Teller)
    config = info.configs()[0]
    kinds: set[str] = set()
    for seed in (1, 2):
        trace = kernel.play(game, config, seed)
        seats = info.seats(trace.initial)
        for step in trace.steps:
            for e in step.events:
                kinds.add(e.kind)
                for seen in {e, *(e.seen_by(s) for s in range(seats))}:
                    told = words(narrator, seen)
                    assert told and not DUMP.search(told), (e.kind, told)
                    assert told != plain_words(seen), f"{e.kind}: told by the generic wording"
                    seat = seen.data.get("seat")
                    if isinstance(seat, int) and not isinstance(seat, bool):
                        assert seat_name(seat) in told, (e.kind, told)
    assert len(kinds) >= 8, kinds


@pytest.mark.parametrize("game", kernel.games())
def test_seats_are_named_alike_in_every_game(game: str) -> None:
    narrator = kernel.game_info(game).narrator
    assert [narrator.seat_name(s) for s in range(len(SEAT_NAMES) + 1)] == \
        [*SEAT_NAMES, f"seat {len(SEAT_NAMES)}"]
    assert len({n[0] for n in SEAT_NAMES}) == len(SEAT_NAMES)  # initials mark the tiles


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 1)])
def test_card_game_2023_payouts_are_explained_part_by_part(players: int, seed: int) -> None:
    # CUG-PAY-LEADER, CUG-PAY-MID, CUG-PAY-MARKER, CUG-PAY-WINNER, CUG-PAY-LOSER, read off
    # the table before the payout (the narrator carries it): the parts add up to the
    # payout's delta; the floor (CUG-MONEY-FLOOR) is named when it held the money up.
    from kernel.engines.camel_cards.words import payout_parts
    from kernel.games.camel_up_card_game_2023.engine import GAME as ENGINE
    from kernel.games.camel_up_card_game_2023.narrator import FIGURES

    game = "camel-up-card-game-2023"
    narrator = kernel.game_info(game).narrator
    trace = kernel.play(game, {"players": players}, seed)
    before: Any = trace.initial
    explained = 0
    for step in trace.steps:
        table: Mapping[str, Any] = kernel.to_data(before)
        for e in step.events:
            parts = payout_parts(ENGINE, table, e, FIGURES)
            lines = narrator.explain(table, e)
            if parts is None:
                assert lines == []
            else:
                assert sum(amount for _, amount, _ in parts) == e.data["delta"], (parts, e)
                (line,) = lines
                assert line.startswith(f"{seat_name(e.data['seat'])} {e.data['delta']:+d} = ")
                floored = table["money"][e.data["seat"]] + e.data["delta"] < 0
                assert ("(CUG-MONEY-FLOOR)" in line) == floored
                explained += 1
            table = narrator.after(table, e)
        before = step.state
    assert explained >= 2 * players


def test_a_leader_card_payout_of_2023_is_explained() -> None:
    # CUG-PAY-LEADER, CUG-PAY-MID, CUG-PAY-MARKER: blue first, green last.
    game = "camel-up-card-game-2023"
    narrator = kernel.game_info(game).narrator
    table = kernel.to_data(kernel.new_game(game, {"players": 2}))
    stacks: list[list[str]] = [[] for _ in table["stacks"]]
    stacks[1], stacks[2], stacks[3], stacks[6] = ["green"], ["white", "yellow"], ["orange"], \
        ["blue"]
    stacks[7] = ["black"]
    table = {**table, "stacks": stacks, "bets": [["blue:5", "green:mid"], []],
             "shortcut": {"space": 9, "holder": 0}}
    e = Event("leg-payout", ("CUG-PAY-LEADER",), {"seat": 0, "delta": 3, "money": 6})
    (line,) = narrator.explain(table, e)
    assert line.startswith("Ann +3 = leader card blue 5 +5 (blue 1st), midfield card green ")
    assert line.endswith("(green 5th), the shortcut marker placed -1 (on space 9)")

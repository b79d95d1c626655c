"""The Hare & the Tortoise (2014): the tensor layout of a seat's observation.

``GameInfo.tensor``: for a configuration, every key of :func:`.game.observation`
with its form (the grammar is in :mod:`kernel.adapters.encode`) and its bound
from the rules: 11 track tiles with 2 streams and 5 turbo tiles, positions 0
(start) to 12 (past the finish), a podium of 3 places, at most 3 bets per seat
(two starting bets with 2 players and the second bet), one round's points 0 to
13 per seat; the racing phases so far and the card counts are plain numbers.
The hand and the seat's own bets (HT-SETUP-START, HT-SETUP-SECOND) are its
private observation. The information-state tensor's memory counts the cards
the seat saw go into and out of the deck, the discard pile, the table, the
unused bet cards, each hand and each seat's bets since the round's gathering
(HT-CHAMP-ROUNDS): its own draws (HT-SETUP-DEAL, HT-TURN-REFILL), every play
(HT-TURN-PLAY), the reshuffle of the public discard pile (HT-TURN-RESHUFFLE),
the others' draws as unseen cards.

The counts keep no order, and in this game order matters once the deck has
been reshuffled (HT-TURN-RESHUFFLE): another seat's hand then mixes cards
drawn from the first deck with cards of the reshuffled discard pile, and a
play weighs the ways to pick its cards from the hand (HT-TURN-PLAY), so a
play before or after an unseen draw (HT-TURN-REFILL) leaves different
posteriors. So the memory also logs, in order, the moves of each hand (in and
out) and the cards coming into the deck, from the first card of a second
batch on (:class:`kernel.adapters.encode.Ledger`: the deck's reshuffled
discard pile is a new batch of the deck; a hand's cards at the start of the
history are a batch of their own): per place its rows so far and its last
``LOG_ROWS[players]`` rows (in or out, the card's class, its batch, how many
cards). The memory is exact while a round logs no more than that many rows
of a place (a play and a refill are a row each).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .data import (
    ANIMALS,
    CARD_KINDS,
    FINISH,
    GAME_ID,
    PODIUM_PLACES,
    STREAMS,
    TILES,
    TURBO_TILES,
)
from .resample import _shows
from .state import PHASES

#: Most bets a seat holds: two starting bets (2 players) and the second bet.
MOST_BETS = 3
#: Most points of one round for one seat (HT-INV-SCORES).
ROUND_POINTS = 13
#: The events that follow from what every seat saw before (the information-state
#: string leaves them out of a step that hides a card from the seat): the turn
#: passing on (HT-TURN-NEXT), the reshuffle when the deck runs out
#: (HT-TURN-RESHUFFLE: the deck's size and the discard pile are public), and the
#: racing phase, whose trigger (HT-RACE-TRIGGER) and resolution (HT-RACE-*:
#: the table, the positions, the streams and turbo tiles, the podium) are all
#: face up; with the token passing on (HT-RACE-END). Not the end of a round
#: (HT-END-GAME, HT-SCORE-POINTS, HT-CHAMP-ROUNDS), which shows the bets.
DERIVED = ("turn-passed", "reshuffled", "racing-phase", "moved", "howled", "napped",
           "podium", "discarded", "token-passed")
#: The rows kept of each logged place's moves (the information-state tensor's
#: memory), by players: as many as the championship leaves room for within
#: 4,096 floats (3,931 at 5 players). The most rows of one place seen in 12
#: seeded whole games per configuration (seeds 10-21, every variant and player
#: count): 39 at 2 players (championship), 32 at 3, 23 at 4, 29 at 5.
LOG_ROWS = {2: 90, 3: 64, 4: 50, 5: 40}


def layout(config: Mapping[str, Any]) -> Any:
    """The observation's layout for ``config`` (KERNEL-CONFIG checked)."""
    from .game import parse_config

    c = parse_config(config)
    players, series = c["players"], c["series"]
    seat = ("int", 0, players - 1)
    animal = ("enum", ANIMALS)
    kinds = tuple(sorted(CARD_KINDS))

    def per_seat(form: Any) -> Any:
        return ("array", players, form)

    return ("dict", {
        "game": ("const", GAME_ID),
        "seat": seat,
        "players": ("const", players),
        "mode": ("const", c["mode"]),
        "series": ("const", series),
        "round": ("int", 1, series),
        "phase": ("enum", PHASES),
        "turn": seat,
        "token": seat,
        "races": ("num",),
        "streams": ("list", STREAMS, ("int", 1, TILES)),
        "turbos": ("list", len(TURBO_TILES), animal),
        "positions": ("array", len(ANIMALS), ("int", 0, FINISH)),
        "podium": ("list", PODIUM_PLACES, ("list", len(ANIMALS), animal)),
        "hand": ("private", ("bag", kinds)),
        "starting": ("private", ("bag", kinds)),
        "second": ("private", ("bag", kinds)),
        "hand_sizes": per_seat(("num",)),
        "bet_counts": per_seat(("int", 0, MOST_BETS)),
        "deck": ("num",),
        "discard": ("bag", kinds),
        "table": ("bag", kinds),
        "to_move": ("list", len(ANIMALS), animal),
        "points": per_seat(("num",)),
        "history": ("list", series, per_seat(("int", 0, ROUND_POINTS))),
        "shown": per_seat(("list", MOST_BETS, ("enum", CARD_KINDS))),
        "bets": ("opt", per_seat(("list", MOST_BETS, animal))),
    }, {"places": ("deck", "discard", "table", "unused",
                   *(f"{zone}-{s}" for zone in ("hand", "second", "starting")
                     for s in range(players))),
        "classes": (*kinds, *sorted({"|".join(_shows(c)) for c in kinds} - set(kinds))),
        "log": {"places": {"deck": False, **{f"hand-{s}": True for s in range(players)}},
                "rows": LOG_ROWS[players]},
        "derived": DERIVED})

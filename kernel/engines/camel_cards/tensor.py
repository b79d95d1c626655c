"""The tensor layout of what every camel card game's observation shares.

A game's ``GameInfo.tensor`` (the grammar of forms is in
:mod:`kernel.adapters.encode`) gives every key of its observation with its
form and its bound from the rules. The keys the card-game engine keeps for
every game of the family (the turn, the track's card sides, the leg cards and
bets, money and payouts, the sizes of the hidden piles) have the same forms in
each; a game adds its own keys (its figures, hands and played cards).
Payouts, one entry per leg and the final one, grow without a bound (legs
repeat), so only their count and the last :data:`PAYOUTS_KEPT` are kept. A
seat's leg cards (``bets``) are kept as counts per card (issue 27: the order
they were taken in decides nothing, and a list of one-hot cards per seat was
most of the tensor). :func:`ledger` lists the places of the engine's card flow
(:mod:`kernel.engines.camel_cards.flow`) for the information-state tensor's
memory.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

#: Payouts kept in full (the latest ones); the rest only counted.
PAYOUTS_KEPT: Final = 8


def max_cells(track_cards: int) -> int:
    """The cells of a track of ``track_cards`` face-up cards, with start and Finish."""
    return 2 * track_cards + 2


def ledger(players: int, piles: Sequence[str], cards: Sequence[str]) -> dict[str, Any]:
    """The memory of the information-state tensor (see :mod:`kernel.adapters.encode`):
    the cards a seat saw go into and out of ``piles``, each hand and each
    face-down intel card, by card id."""
    from .flow import hand, intel

    places = (*piles, *(hand(s) for s in range(players)), *(intel(s) for s in range(players)))
    return {"places": places, "classes": tuple(cards)}


def shared_forms(game: str, version: int, players: int, colours: Sequence[str],
                 camels: Sequence[str], leader_stack: Sequence[int], track_cards: int,
                 phases: Sequence[str]) -> dict[str, Any]:
    """The forms of the observation keys the engine keeps for every card game.

    ``colours`` are the racing camels (bets, leg cards), ``camels`` every camel
    a stack may hold (a crazy camel included).
    """
    seat = ("int", 0, players - 1)
    colour = ("enum", tuple(colours))
    values = tuple(sorted(set(leader_stack)))
    bet_names = tuple(f"{c}:{v}" for c in colours for v in (*values, "mid"))

    def per_seat(form: Any) -> Any:
        return ("array", players, form)

    return {
        "game": ("const", game),
        "version": ("const", version),
        "players": ("const", players),
        "age_order": per_seat(seat),
        "phase": ("enum", tuple(phases)),
        "leg": ("num",),
        "track": ("text", track_cards, "FSH"),
        "stacks": ("list", max_cells(track_cards), ("list", len(camels), ("enum", tuple(camels)))),
        "leaders": ("dict", {c: ("list", len(leader_stack), ("enum", values))
                             for c in colours}),
        "midfield": ("bag", tuple(colours)),
        "bets": per_seat(("count", bet_names)),
        "winner_bets": per_seat(("opt", colour)),
        "loser_bets": per_seat(("opt", colour)),
        "money": per_seat(("num",)),
        "payouts": per_seat(("tail", PAYOUTS_KEPT, ("num",))),
        "starter": seat,
        "turn": seat,
        "bet_done": "bool",
        "track_done": "bool",
        "extended": ("num",),
        "seat": seat,
        "hand_sizes": per_seat(("num",)),
        "stock_size": ("num",),
        "discard_size": ("num",),
        "deck_size": ("num",),
    }

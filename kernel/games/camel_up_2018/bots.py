"""Camel Up, 2nd edition (2018): the game's own bots for ``kernel.bots`` (``BOTS``).

``greedy`` bets by the exact expected value of :mod:`.odds`: from the seat's
observation it builds the leg's position document (the one ``race-kernel
odds`` reads: the track, the dice still in the pyramid, the spectator tiles,
the top betting tickets and its own tile) and computes, as
:func:`.odds.ev_table` does, the exact expected Pounds of every betting ticket
(CU2-PAY-LEG) and of the pyramid ticket if the rest of the leg is dice only,
and, when no ticket is worth :data:`TILES_BELOW`, of the spectator tile
(CU2-TILE-PAY) on the :data:`TILE_CANDIDATES` legal spaces with the most
racing camels one to three spaces behind them (each space and side costs a
count of the whole leg: all of them, as ``ev_table`` does, made the bot 8 s
of CPU a game); then it plays the legal action worth most. A finish card (CU2-PAY-FINAL) is
valued from the same exact leg odds: the chance that its camel is first (last)
at the end of the race, taken as its place if the race ends this leg and its
place at the leg's end otherwise, times the next correct card's pay, less the
Pound a wrong card costs. Ties go to the smaller action id.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .data import FINAL_LATER, FINAL_PAY, FINAL_WRONG, TRACK_SPACES
from .movement import PYRAMID_PAY, RACING, TICKET_VALUES, TILE_PAY, Tile, leg_payout
from .odds import count_leg, leg_odds, legal_tile_spaces
from .odds_cli import position_from_document

#: The spectator tile spaces whose exact value the greedy bot computes per decision.
TILE_CANDIDATES = 2
#: Tiles are weighed only when no ticket is worth this much (a tile rarely pays more).
TILES_BELOW = Fraction(3, 2)

if TYPE_CHECKING:
    from kernel.bots import View


def position_document(obs: Any, seat: int) -> dict[str, Any]:
    """The leg's position document (spec of ``race-kernel odds``) from a seat's observation."""
    doc: dict[str, Any] = {
        "track": {str(space): list(obs["track"][space])
                  for space in range(1, TRACK_SPACES + 1) if obs["track"][space]},
        "pyramid": list(obs["pyramid"]),
        "tiles": {str(t["space"]): t["side"] for t in obs["tiles"] if t is not None},
        "tickets": {c: (left[-1] if left else 0) for c, left in obs["stacks"].items()},
    }
    own = obs["tiles"][seat]
    if own is not None:
        doc["mover_tile"] = own["space"]
    return doc


def values(obs: Any, seat: int) -> dict[str, Fraction]:
    """The expected Pounds of every action the position offers (finish cards included)."""
    position = position_from_document(position_document(obs, seat))
    base = leg_odds(position, position.mover_tile)
    own = base.watched * TILE_PAY
    tickets = dict.fromkeys(RACING, TICKET_VALUES[0]) | dict(position.tickets or {})
    table: dict[str, Fraction] = {"pyramid": own + PYRAMID_PAY}
    for colour in RACING:
        if tickets[colour]:
            table[f"bet:{colour}"] = own + sum(
                (p * leg_payout(tickets[colour], k + 1)
                 for k, p in enumerate(base.place[colour])), Fraction(0))
    racing = position.board.pos[:len(RACING)]  # the racing camels' cells
    near = sorted(legal_tile_spaces(position),
                  key=lambda s: (-sum(1 for r in racing if 1 <= s - r <= 3), s))
    kept = tuple(t for t in position.tiles if t.space != position.mover_tile)
    for space in near[:TILE_CANDIDATES] if max(table.values()) < TILES_BELOW else ():
        for cheer in (True, False):
            c = count_leg(position.board, position.pyramid, (*kept, Tile(space, cheer, -1)),
                          space)
            table[f"{'cheer' if cheer else 'boo'}:{space}"] = Fraction(c.watched * TILE_PAY,
                                                                          c.total)
    ends = base.race_ends
    for kind, pile, place in (("winner", "winner_pile", 0), ("loser", "loser_pile", -1)):
        laid = len(obs[pile])
        pay = FINAL_PAY[laid] if laid < len(FINAL_PAY) else FINAL_LATER
        for colour, places in base.place.items():
            p = ends * base.place_if_ends[colour][place] + (1 - ends) * places[place]
            table[f"{kind}:{colour}"] = p * pay + (1 - p) * FINAL_WRONG
    return table


class Greedy:
    """The legal action of the highest exact expected value (see the module docstring)."""

    name = "greedy"

    def act(self, view: View) -> int:
        table = values(view.observation, view.seat)
        worth = [(table.get(name, Fraction(-100)), -i) for i, name in view.legal]
        return -max(worth)[1]


BOTS = {"greedy": Greedy}
#: ISMCTS playouts end at the leg's scoring (or the race's end), not at the first
#: spectator-tile payment (:func:`kernel.bots.base.playout_until`).
PLAYOUT_UNTIL = ("CU2-PAY-LEG", "CU2-RACE-END")
#: ISMCTS chooses a kind of move (roll, leg bet, finish card, spectator tile side)
#: before its argument: a decision offers about 16 legal actions, most of them
#: tile spaces (:func:`kernel.bots.base.move_groups`).
MOVE_GROUPS = True

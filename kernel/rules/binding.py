"""The general camel rules bound to one camel card game's parameters, under the 2016 names.

:class:`CardRules` has the methods of the module :mod:`kernel.rules.camel`
(``move``, ``ranks``, ``track_length``, ``extend``, ``sandstorm``,
``floor_money``, ``leader_payout``, ``midfield_payout``,
``final_winner_payout``, ``final_loser_payout``), each calling the general
function (:mod:`kernel.rules.stacks`, :mod:`kernel.rules.ranking`,
:mod:`kernel.rules.payouts`, :mod:`kernel.rules.track`) with the game's
parameters. A card game engine written against those names (such as
``kernel.engines.camel_cards``'s ``CamelRules``) takes
:data:`CAMEL_UP_CARDS_2016` or a sibling game's binding, e.g. for Camel Up:
The Card Game (2023) five racing camels and the black crazy camel (index 5),
a shortcut marker (+1) and a fennec (-1), the same payout tables with a
floor of 0 and extensions ending on a sandstorm side::

    CardRules(dirs=(FORWARD,) * 5 + (BACKWARD,), names=("shortcut", "fennec"),
              table=CUC_2016._replace(floor=0), fill=SAND)

(the game's own figures and readings stay in its data and catalogue).

>>> r = CardRules(dirs=(FORWARD, FORWARD, BACKWARD), names=("shortcut", "fennec"))
>>> m = r.move((1, 6, 6), (0, 1, 0), 2, 2, 4, 0, 17)   # the crazy camel meets the shortcut
>>> m.pos, m.height, m.used, m.palm
((1, 3, 3), (0, 1, 0), ('shortcut',), 0)
>>> r.ranks((1, 3, 3), (0, 1, 0))
(2, 1, 0)
"""

from __future__ import annotations

import attrs

from kernel.rules import payouts, ranking, stacks
from kernel.rules import track as card_track
from kernel.rules.camel import Moved
from kernel.rules.payouts import CUC_2016, Payouts
from kernel.rules.stacks import BACKWARD, FORWARD, START
from kernel.rules.track import HALF, SAND

__all__ = ["BACKWARD", "CAMEL_UP_CARDS_2016", "CUC_2016", "FORWARD", "SAND", "CardRules"]


@attrs.frozen
class CardRules:
    """The shared camel rules with one camel card game's parameters."""

    #: Each camel's direction: FORWARD (racing) or BACKWARD (crazy).
    dirs: tuple[int, ...]
    #: Cells where camels do not stack (and where racing camels share the last place).
    flat: tuple[int, ...] = (START,)
    #: The two figures' names in ``Moved.used`` / ``Moved.passed``: the +1 one, the -1 one.
    names: tuple[str, str] = ("palm", "fennec")
    #: Their effects (each removed once used or passed).
    effects: tuple[int, int] = (1, -1)
    #: Racing camels on cells up to this one share the last place (CUC-RANK).
    tied: int = START
    #: The payout tables and the money floor.
    table: Payouts = CUC_2016
    #: The side of a card laid for a last single space of an extension (HALF or SAND).
    fill: int = HALF

    def move(self, pos: tuple[int, ...], height: tuple[int, ...], camel: int, steps: int,
             palm: int, fennec: int, finish: int) -> Moved:
        """:func:`kernel.rules.stacks.move`, the two figures on cells ``palm`` and ``fennec``."""
        m = stacks.move(pos, height, self.dirs, camel, steps, (palm, fennec), self.effects,
                        (False, False), finish, self.flat)
        name = self.names.__getitem__
        return Moved(m.pos, m.height, m.cells[0], m.cells[1], m.unit, m.target, m.under,
                     tuple(map(name, m.used)), tuple(map(name, m.passed)))

    def ranks(self, pos: tuple[int, ...], height: tuple[int, ...]) -> tuple[int, ...]:
        """:func:`kernel.rules.ranking.ranks`: racing camels 1.., crazy camels 0."""
        return ranking.ranks(pos, height, self.dirs, self.tied)

    def track_length(self, track: tuple[int, ...]) -> int:
        """:func:`kernel.rules.track.track_length`."""
        return card_track.track_length(track)

    def extend(self, track: tuple[int, ...], leader: int,
               cards: int) -> tuple[tuple[int, ...], int]:
        """:func:`kernel.rules.track.extend` with the game's ``fill``."""
        return card_track.extend(track, leader, cards, self.fill)

    def sandstorm(self, track: tuple[int, ...], pos: tuple[int, ...]
                  ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """:func:`kernel.rules.track.sandstorm` spanning the racing camels."""
        return card_track.sandstorm(track, pos, self.dirs)

    def floor_money(self, money: int, delta: int) -> int:
        """:func:`kernel.rules.payouts.floor_money` with the game's floor."""
        return payouts.floor_money(money, delta, self.table.floor)

    def leader_payout(self, value: int, rank: int) -> int:
        """:func:`kernel.rules.payouts.leader_payout` with the game's table."""
        return payouts.leader_payout(value, rank, self.table.leader, self.table.other)

    def midfield_payout(self, rank: int) -> int:
        """The game's midfield table by place."""
        return payouts.place_payout(self.table.midfield, rank, self.table.other)

    def final_winner_payout(self, rank: int) -> int:
        """The game's final winner table by place."""
        return payouts.place_payout(self.table.winner, rank, self.table.other)

    def final_loser_payout(self, rank: int) -> int:
        """The game's final loser table by place counted from the last racing camel's."""
        places = self.dirs.count(FORWARD)
        return payouts.place_payout(self.table.loser, payouts.from_last(rank, places),
                                    self.table.other)


#: Camel Up Cards (2016): what :mod:`kernel.rules.camel` gives, as a binding.
CAMEL_UP_CARDS_2016 = CardRules(dirs=(FORWARD,) * 5)

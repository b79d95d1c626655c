"""What a camel card game hands the shared engine: its data, rule IDs and readings.

The engine (:mod:`kernel.engines.camel_cards`) carries the machinery the
camel card games share. A game builds one :class:`CardGame` from its own
tables and rule catalogue; the engine reads nothing else. The fields are
exactly what Camel Up Cards (2016) and Camel Up: The Card Game (2023)
differ in (setup cards, deck, money floor, who starts a leg, rule IDs...).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple, Protocol

import attrs

from kernel.core import Action, Event
from kernel.rules.camel import Moved

from .table import Cards, Table


class SetupCard(NamedTuple):
    """One Leg Setup card: the figures of a leg's setup for one player count."""

    dealt: int  #: purple: cards dealt to each player
    discard: int  #: gray: cards each player discards
    to_deck: int  #: green: cards each player puts into the racing deck
    intel: int  #: blue: intel cards each player shows, then adds to the deck (0: none)
    flag: int  #: the numbered flag: track spaces at setup (Finish after it)
    source: str


@attrs.frozen
class RuleIds:
    """The game's rule ID for each step of the engine (named in its events and rejections)."""

    setup_reveal: str  #: a starting-position reveal
    move_stack: str  #: a moving unit lands on top
    move_carry: str  #: a camel carries the camels above it
    move_start: str  #: no stacking on the Start card
    move_palm: str  #: the forward figure (2016: the palm tree)
    move_fennec: str  #: the backward figure (the fennec)
    move_chain: str  #: adjacent figures chain
    move_passed: str  #: a figure every camel has passed returns
    game_end: str  #: a camel reaches the Finish
    leg_reset: str  #: the table reset before a leg
    extend: str  #: the track extension
    sandstorm: str  #: the sandstorm flips
    deal: str  #: the deal, one card at a time
    hidden: str  #: the face-down choices, seat by seat
    discard: str  #: the discard choice
    deck: str  #: the racing-deck choice
    intel: str  #: the intel choice and show
    hand: str  #: the card each seat keeps
    turn_start: str  #: who starts a leg
    turn_order: str  #: clockwise turns
    turn_shape: str  #: one race-track action and at most one bet a turn
    bet_leg: str  #: leader and midfield cards
    bet_final: str  #: final winner and loser cards
    act_figure: str  #: placing a figure
    act_reveal: str  #: revealing the racing deck's top card
    leg_end: str  #: the end of a leg
    rank: str  #: the camels' ranking
    pay_leader: str  #: leader card payouts
    pay_mid: str  #: midfield card payouts
    pay_figure: str  #: a figure card still held costs 1
    money_floor: str  #: the money floor after each payout step
    pay_final: str  #: the final payout's two parts
    pay_winner: str  #: final winner card payouts
    pay_loser: str  #: final loser card payouts
    winner: str  #: most money wins, ties share


class CamelRules(Protocol):
    """The shared camel rules with one game's parameters.

    Camel Up Cards (2016) passes the module :mod:`kernel.rules.camel` itself
    (five racing camels, the palm tree and the fennec, payouts with a floor
    of 1 Pound); a sibling game passes its own binding of the general rules
    (2023: the crazy camel, which no ranking counts, and a floor of 0).
    """

    def move(self, pos: tuple[int, ...], height: tuple[int, ...], camel: int, steps: int,
             palm: int, fennec: int, finish: int) -> Moved: ...

    def ranks(self, pos: tuple[int, ...], height: tuple[int, ...]) -> tuple[int, ...]: ...

    def track_length(self, track: tuple[int, ...]) -> int: ...

    def extend(self, track: tuple[int, ...], leader: int,
               cards: int) -> tuple[tuple[int, ...], int]: ...

    def sandstorm(self, track: tuple[int, ...], pos: tuple[int, ...]
                  ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]: ...

    def floor_money(self, money: int, delta: int) -> int: ...

    def leader_payout(self, value: int, rank: int) -> int: ...

    def midfield_payout(self, rank: int) -> int: ...

    def final_winner_payout(self, rank: int) -> int: ...

    def final_loser_payout(self, rank: int) -> int: ...


@attrs.frozen
class CardGame:
    """One camel card game's parameters for the shared engine."""

    #: The game id (its actions' game).
    id: str
    #: The racing camels' colours, in canonical order (camel ``c`` is ``colours[c]``).
    colours: tuple[str, ...]
    #: The Leg Setup card per player count.
    setup_cards: Mapping[int, SetupCard]
    #: Racing cards revealed for the starting positions.
    reveals: int
    #: Every racing card, sorted (the stock at each leg's reset).
    full_deck: Cards
    #: A racing card's camel and steps.
    card_camel: Mapping[str, int]
    card_steps: Mapping[str, int]
    #: Each colour's leg leader cards, bottom to top.
    leader_stack: tuple[int, ...]
    #: Race track cards in the box (the most the track can have).
    track_cards: int
    rules: RuleIds
    #: The game's interned actions by (kind, argument).
    actions: Mapping[tuple[str, str | int | None], Action]
    #: The seat that starts a leg (2016: least money, the youngest on a tie).
    starter: Callable[[Table], int]
    #: Movement, ranking, track and payouts with the game's parameters,
    #: the money floor among them (2016: 1 Pound; 2023: 0).
    camel: CamelRules
    #: The names of the forward and the backward figure, as the game's camel
    #: rules report them in ``Moved.used`` (2023: the shortcut and the fennec).
    figures: tuple[str, str] = ("palm", "fennec")
    #: Every camel's name in ``pos`` order when there are more camels than
    #: racing colours (2023: the racing colours, then "black"); () for ``colours``.
    names: tuple[str, ...] = ()
    #: The crazy camel's index in ``pos`` (after the racing camels), -1 for none
    #: (2023: the black camel, which alone on the Finish does not end the race).
    crazy: int = -1
    #: A game's own leg-setup step, after the extension and before the
    #: sandstorm, given the spaces the extension added (2023: the crazy
    #: camel's repositioning, the tokens' return, the starting player marker).
    leg_setup: LegStep | None = None
    #: What follows the last racing-deck choice instead of the leg's first
    #: turn (2023: the random discards and crazy camel cards shuffled in).
    deck_ready: Step | None = None
    #: A racing-deck card's steps on the table now, 0 for no move, telling any
    #: event of its own (2023: a crazy camel card moves one more space with
    #: riders); None: ``card_steps``.
    steps_now: Callable[[Table, str, list[Event]], int] | None = None


#: One step of the engine a game supplies (it edits the table, telling events).
Step = Callable[[CardGame, Table, list[Event]], None]
#: A leg-setup step, given the spaces the extension added.
LegStep = Callable[[CardGame, Table, int, list[Event]], None]

"""Camel Up: The Card Game (2023) as the shared camel-card engine's parameters.

The engine (:mod:`kernel.engines.camel_cards`) carries what this game shares
with Camel Up Cards (2016): the starting reveals, the extension and the
sandstorm, the deal and the face-down choices, the racing deck, the turns and
bets, the leg end and the payouts. This module hands it this game's tables
(``data.py``), its actions, its camel rules (the general rules bound to five
racing camels and the black crazy camel, the shortcut and the fennec, a money
floor of 0 Pounds and extensions ending on a sandstorm side), the rule ID of
each step, and the steps of its own:

- :func:`leg_setup` (CUG-SETUP-CRAZY, CUG-LEG-CRAZY, CUG-LEG-RESET,
  CUG-TURN-START): the crazy camel placed or repositioned, the tokens back,
  the starting player marker;
- :func:`deck_ready` and :func:`shuffle_in` (CUG-LEG-EXTRA,
  CUG-LEG-CRAZYCARDS, CUG-LEG-PERSONAL): random discards and 2 of the 5
  crazy camel cards shuffled into the racing deck, as chance draws, then the
  personal racing cards face up;
- :func:`steps_now` (CUG-MOVE-CRAZY): a crazy camel card's steps.
"""

from __future__ import annotations

from typing import Final, cast

from kernel.core import Event
from kernel.engines.camel_cards.spec import CardGame, RuleIds
from kernel.engines.camel_cards.table import Table, adding, without
from kernel.engines.camel_cards.turns import begin_play
from kernel.rules.binding import CardRules
from kernel.rules.track import SAND, track_length

from .actions import ACTIONS
from .crazy import behind_fourth, crazy_steps, reposition
from .data import (
    CAMEL_NAMES,
    CARD_CAMEL,
    CARD_STEPS,
    CRAZY,
    CRAZY_AHEAD,
    CRAZY_CARDS,
    CRAZY_IN_DECK,
    CRAZY_START,
    EXTRA_FROM_DISCARD,
    FULL_DECK,
    GAME_ID,
    LEADER_STACK,
    PAYOUTS,
    RACING,
    RACING_COLOURS,
    SETUP_CARDS,
    SETUP_REVEALS,
    TRACK_CARDS,
)
from .state import CRAZY_PHASE, DIRS, EXTRA, CugTable

#: The catalogue's ID for each step of the engine (spec/camel-up-card-game-2023/rules.md).
RULES: Final = RuleIds(
    setup_reveal="CUG-SETUP-REVEAL",
    move_stack="CUG-MOVE-STACK",
    move_carry="CUG-MOVE-CARRY",
    move_start="CUG-MOVE-START",
    move_palm="CUG-MOVE-SHORTCUT",
    move_fennec="CUG-MOVE-FENNEC",
    move_chain="CUG-MOVE-CHAIN",
    move_passed="CUG-MOVE-PASSED",
    game_end="CUG-GAME-END",
    leg_reset="CUG-LEG-RESET",
    extend="CUG-EXTEND",
    sandstorm="CUG-SANDSTORM",
    deal="CUG-LEG-DEAL",
    hidden="CUG-LEG-HIDDEN",
    discard="CUG-LEG-DISCARD",
    deck="CUG-LEG-DECK",
    intel="CUG-LEG-DECK",  # no intel cards in this game: the phase never occurs
    hand="CUG-LEG-PERSONAL",
    turn_start="CUG-TURN-START",
    turn_order="CUG-TURN-ORDER",
    turn_shape="CUG-TURN-SHAPE",
    bet_leg="CUG-BET-LEG",
    bet_final="CUG-BET-FINAL",
    act_figure="CUG-ACT-MARKER",
    act_reveal="CUG-ACT-REVEAL",
    leg_end="CUG-LEG-END",
    rank="CUG-RANK",
    pay_leader="CUG-PAY-LEADER",
    pay_mid="CUG-PAY-MID",
    pay_figure="CUG-PAY-MARKER",
    money_floor="CUG-MONEY-FLOOR",
    pay_final="CUG-PAY-FINAL",
    pay_winner="CUG-PAY-WINNER",
    pay_loser="CUG-PAY-LOSER",
    winner="CUG-WINNER",
)

#: The general camel rules with this game's parameters: the crazy camel runs
#: backwards and is never ranked (CUG-RANK), the shortcut (+1) and the fennec
#: (-1) (CUG-MOVE-SHORTCUT, CUG-MOVE-FENNEC), nobody stacks behind the start
#: line (CUG-MOVE-START), the 2016 payout tables with a floor of 0
#: (CUG-MONEY-FLOOR) and a last single space of an extension on a card's
#: sandstorm side (CUG-EXTEND).
CAMEL_RULES: Final = CardRules(dirs=DIRS, names=("shortcut", "fennec"), table=PAYOUTS,
                               fill=SAND)


def riders(t: Table) -> tuple[int, ...]:
    """The camels on the crazy camel's back, bottom to top (none behind the start line)."""
    pos, height = t.pos, t.height
    cell = pos[CRAZY]
    if cell == 0:
        return ()
    above = [c for c in range(RACING) if pos[c] == cell and height[c] > height[CRAZY]]
    return tuple(sorted(above, key=lambda c: height[c]))


def steps_now(t: Table, card: str, ev: list[Event]) -> int:
    """A card's steps: a racing card its number; a crazy camel card its number,
    one more when camels ride on the crazy camel (CUG-MOVE-CRAZY)."""
    if CARD_CAMEL[card] != CRAZY:
        return CARD_STEPS[card]
    carried = riders(t)
    steps = crazy_steps(CARD_STEPS[card], len(carried))
    ev.append(Event("crazy-card", ("CUG-MOVE-CRAZY",), {
        "card": card, "steps": steps, "riders": [CAMEL_NAMES[c] for c in carried]}))
    return steps


def leg_setup(g: CardGame, t: Table, added: int, ev: list[Event]) -> None:
    """This game's leg setup, after the extension and before the sandstorm.

    CUG-TURN-START: the youngest holds the starting player marker for the
    first leg; it then passes to the left of the seat that revealed the
    racing deck's last card (the seat on turn when the leg ended).
    CUG-LEG-RESET: every token back to its owner, nobody has placed a marker
    this leg (CUG-INV-MARKERS). CUG-SETUP-CRAZY: on space 7
    for the first leg. CUG-LEG-CRAZY: behind the camel in fourth place, the
    crazy camel goes (riders taken off) three spaces ahead of the leader, or
    onto the Finish; on the Finish it moves with the Finish card when the
    track is extended.
    """
    c = cast(CugTable, t)
    players = c.players
    c.starter = c.age_order[0] if c.leg == 1 else (c.turn + 1) % players
    c.fennec_tokens = (True,) * players
    c.shortcut_tokens = (True,) * players
    c.fennec_placers = c.shortcut_placers = ()
    pos, height = list(c.pos), list(c.height)
    finish = track_length(c.track) + 1
    if c.leg == 1:
        ev.append(Event("crazy-placed", ("CUG-SETUP-CRAZY",), {"space": CRAZY_START}))
        return
    if added and pos[CRAZY] == finish - added:
        pos[CRAZY] = finish
    if behind_fourth(tuple(pos), tuple(height)):
        cell = pos[CRAZY]
        moved = reposition(tuple(pos), tuple(height), CRAZY_AHEAD, finish)
        ev.append(Event("crazy-repositioned", ("CUG-LEG-CRAZY",), {
            "from": cell, "to": moved[0][CRAZY], "finish": moved[0][CRAZY] == finish}))
        pos, height = list(moved[0]), list(moved[1])
    c.pos, c.height = tuple(pos), tuple(height)


def _crazy_cards(t: Table) -> None:
    """CUG-LEG-CRAZYCARDS: the 5 crazy camel cards become the pool of the next draws."""
    t.discard = adding(t.discard, *t.stock)
    t.stock = CRAZY_CARDS
    t.phase = CRAZY_PHASE


def deck_ready(g: CardGame, t: Table, ev: list[Event]) -> None:
    """After the choices: random discards join the deck with 5 or 6 players
    (CUG-LEG-EXTRA), then 2 crazy camel cards (CUG-LEG-CRAZYCARDS)."""
    t.turn = 0
    if EXTRA_FROM_DISCARD[t.players]:
        t.stock, t.discard = t.discard, ()
        t.phase = EXTRA
        return
    _crazy_cards(t)


def shuffle_in(t: Table, card: str, ev: list[Event]) -> None:
    """One random card into the racing deck, hidden from every seat (CUG-LEG-HIDDEN)."""
    extra = EXTRA_FROM_DISCARD[t.players]
    rule = "CUG-LEG-EXTRA" if t.phase == EXTRA else "CUG-LEG-CRAZYCARDS"
    t.stock = without(t.stock, card)
    t.deck = adding(t.deck, card)
    ev.append(Event("shuffled-in", (rule, "CUG-LEG-HIDDEN"), {"card": card},
                    secret=("card",), owners=()))
    size = t.players * SETUP_CARDS[t.players].to_deck + extra
    if t.phase == EXTRA:
        if len(t.deck) == size:
            _crazy_cards(t)
        return
    if len(t.deck) < size + CRAZY_IN_DECK:
        return
    t.discard = adding(t.discard, *t.stock)
    t.stock = ()
    ev.append(Event("personal-cards", ("CUG-LEG-PERSONAL",), {
        "cards": [h[0] for h in t.hands], "deck": len(t.deck)}))
    begin_play(GAME, t, ev)


def starter(t: Table) -> int:
    """CUG-TURN-START: the holder of the starting player marker (set by :func:`leg_setup`)."""
    return t.starter


#: This game for the engine.
GAME: Final = CardGame(
    id=GAME_ID,
    colours=RACING_COLOURS,
    setup_cards=SETUP_CARDS,  # CUG-DATA-SETUPCARD
    reveals=SETUP_REVEALS,  # CUG-SETUP-REVEAL
    full_deck=FULL_DECK,  # CUG-DATA-CARDS
    card_camel=CARD_CAMEL,
    card_steps=CARD_STEPS,
    leader_stack=LEADER_STACK,
    track_cards=TRACK_CARDS,
    rules=RULES,
    actions=ACTIONS,
    starter=starter,
    camel=CAMEL_RULES,
    figures=("shortcut", "fennec"),
    names=CAMEL_NAMES,
    crazy=CRAZY,
    leg_setup=leg_setup,
    deck_ready=deck_ready,
    steps_now=steps_now,
)

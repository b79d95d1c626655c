"""An independent model of Camel Up: The Card Game (2023): the race, the legs and the deal.

Written from the catalogue (spec/camel-up-card-game-2023/rules.md), not from
the kernel: it imports nothing of the game's package, of the shared card-game
engine (:mod:`kernel.engines.camel_cards`) or of :mod:`kernel.rules`; the
figures it needs are transcribed below from the catalogue's readings. The
track is a list of stacks (cell 0 behind the start line, kept in colour
order; the last cell the Finish) beside a list of track card sides, the
markers are cells, and every step is told as the rulebook tells it.

:class:`RaceModel` is built from the plain data of the state before a step
and predicts the whole plain-data table after it (:meth:`RaceModel.table`):

- the starting reveals (CUG-SETUP-REVEAL) and each leg's setup
  (CUG-LEG-RESET, CUG-EXTEND, CUG-LEG-CRAZY, CUG-SANDSTORM, CUG-TURN-START);
- the deal and the face-down choices (CUG-LEG-DEAL, CUG-LEG-DISCARD,
  CUG-LEG-DECK), the random discards joining the deck with 5 or 6 players
  (CUG-LEG-EXTRA), 2 of the 5 crazy camel cards (CUG-LEG-CRAZYCARDS), the
  personal racing cards (CUG-LEG-PERSONAL);
- the turns, race-track actions and bets (CUG-TURN-*, CUG-ACT-*, CUG-BET-*,
  CUG-MOVE-*), the leg end and the payouts (CUG-LEG-END, CUG-RANK, CUG-PAY-*,
  CUG-MONEY-FLOOR, CUG-GAME-END);

and what chance may draw (:meth:`RaceModel.chance`) and which face-down
choices a seat has (:meth:`RaceModel.choices`). :mod:`.machine` compares an
implementation with it after every step.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

COLOURS = ("blue", "green", "orange", "white", "yellow")
CRAZY = "black"
ORDER = (*COLOURS, CRAZY)

#: CUG-DATA-SETUPCARD (the catalogue's Reading): players -> cards dealt to each
#: player, discarded by each, put into the racing deck by each, the track's last space.
SETUP_CARD = {2: (7, 3, 3, 14), 3: (6, 3, 2, 15), 4: (6, 3, 2, 16), 5: (4, 2, 1, 17),
              6: (4, 2, 1, 18)}
#: CUG-LEG-EXTRA: random discards joining the racing deck (none with 2 to 4 players).
EXTRA_CARDS = {5: 2, 6: 3}
#: CUG-DATA-CARDS: per colour five 1 cards and one 2 card; two 0, two 1, one 2 crazy cards.
RACING_CARDS = sorted(f"{c}+{n}" for c in COLOURS for n in (1, 1, 1, 1, 1, 2))
CRAZY_CARDS = ["black-0", "black-0", "black-1", "black-1", "black-2"]
#: CUG-LEG-CRAZYCARDS: crazy camel cards shuffled into each leg's deck.
CRAZY_SHUFFLED_IN = 2
#: CUG-LEG-CRAZY: spaces ahead of the leading racing camel for a repositioned crazy camel.
CRAZY_AHEAD = 3
#: CUG-SETUP-REVEAL: the starting reveals.
STARTING_REVEALS = 5
#: CUG-DATA-CARDS, CUG-EXTEND: race track cards in the box; spaces wanted ahead of the leader.
BOX_CARDS = 12
AHEAD = 3
#: CUG-LEG-RESET: a colour's leader cards, bottom to top.
LEADER_PILE = [2, 2, 3, 5]
#: Spaces on a track card's side: face up, sandstorm side, half under the Finish.
SIDE_SPACES = {"F": 2, "S": 1, "H": 1}
MARKERS = ("shortcut", "fennec")


class RaceModel:
    """The whole table of one state (plain data), and what one step does to it."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        d = copy.deepcopy(dict(data))
        self.data = d  # what the model does not change (game, version, players, ages)
        self.players: int = d["players"]
        self.phase: str = d["phase"]
        self.leg: int = d["leg"]
        self.turn: int = d["turn"]
        self.starter: int = d["starter"]
        self.bet_done: bool = d["bet_done"]
        self.track_done: bool = d["track_done"]
        self.extended: int = d["extended"]
        self.track: list[str] = list(d["track"])
        self.stacks: list[list[str]] = d["stacks"]
        self.markers: dict[str, int | None] = {
            m: (None if d[m] is None else d[m]["space"]) for m in MARKERS}
        self.holders: dict[str, int | None] = {
            m: (None if d[m] is None else d[m]["holder"]) for m in MARKERS}
        self.tokens: dict[str, list[bool]] = {m: d[f"{m}_tokens"] for m in MARKERS}
        self.placers: dict[str, list[int]] = {m: d[f"{m}_placers"] for m in MARKERS}
        self.played: list[str] = d["played"]
        self.stock: list[str] = d["stock"]
        self.hands: list[list[str]] = d["hands"]
        self.discard: list[str] = d["discard"]
        self.deck: list[str] = d["deck"]
        self.leaders: dict[str, list[int]] = d["leaders"]
        self.midfield: list[str] = d["midfield"]
        self.bets: list[list[str]] = d["bets"]
        self.winner: list[str | None] = d["winner_bets"]
        self.loser: list[str | None] = d["loser_bets"]
        self.money: list[int] = d["money"]
        self.payouts: list[list[int]] = d["payouts"]

    @property
    def finish(self) -> int:
        return len(self.stacks) - 1

    def cell_of(self, camel: str) -> int:
        return next(i for i, cell in enumerate(self.stacks) if camel in cell)

    # ------------------------------------------------------------------ what may happen

    def chance(self) -> dict[str, Fraction]:
        """Each card chance may draw now with its probability (uniform over the pile):
        the undealt cards at setup and in the deal, the random discards and crazy camel
        cards being shuffled in (held as the pile drawn from), the racing deck."""
        pile = self.deck if self.phase == "draw" else self.stock
        return {card: Fraction(pile.count(card), len(pile)) for card in set(pile)}

    def choices(self) -> list[str]:
        """CUG-LEG-DISCARD, CUG-LEG-DECK: the seat on turn chooses any card of its hand."""
        return sorted({f"{self.phase}:{card}" for card in self.hands[self.turn]})

    # ------------------------------------------------------------------ one step

    def step(self, action: str) -> None:
        """What ``action`` (a seat's choice or a chance outcome) does to the table."""
        kind, _, arg = action.partition(":")
        phase = self.phase
        if phase == "setup":
            self.starting_reveal(arg)
        elif phase == "deal":
            self.deal(arg)
        elif phase in ("discard", "deck"):
            self.choose(phase, arg)
        elif phase in ("extra", "crazy"):
            self.shuffle_in(arg)
        elif phase == "draw":
            self.reveal(arg)
        elif kind == "reveal":
            self.phase = "draw"
        else:
            self.act(action)

    def starting_reveal(self, card: str) -> None:
        """CUG-SETUP-REVEAL: a racing card moves its camel; after the fifth, leg 1."""
        self.stock.remove(card)
        self.played.append(card)
        self.move(card[:-2], int(card[-1]))
        if len(self.played) == STARTING_REVEALS:
            self.new_leg(self.data["age_order"][0])

    def deal(self, card: str) -> None:
        """CUG-LEG-DEAL: one card to each seat in turn from seat 0; the rest face down."""
        dealt = sum(len(h) for h in self.hands)
        seat = dealt % self.players
        self.stock.remove(card)
        self.hands[seat] = sorted([*self.hands[seat], card])
        if dealt + 1 == self.players * SETUP_CARD[self.players][0]:
            self.discard = sorted(self.stock)
            self.stock = []
            self.phase, self.turn = "discard", 0

    def choose(self, kind: str, card: str) -> None:
        """CUG-LEG-DISCARD, CUG-LEG-DECK: seat by seat, one card an action."""
        dealt, discards, into_deck, _ = SETUP_CARD[self.players]
        hand = self.hands[self.turn]
        hand.remove(card)
        if kind == "discard":
            self.discard = sorted([*self.discard, card])
            keep = dealt - discards
        else:
            self.deck = sorted([*self.deck, card])
            keep = dealt - discards - into_deck
        if len(hand) > keep:
            return
        if self.turn < self.players - 1:
            self.turn += 1
            return
        self.turn = 0
        if kind == "discard":
            self.phase = "deck"
        elif self.players in EXTRA_CARDS:  # CUG-LEG-EXTRA: drawn from the discards
            self.stock, self.discard = self.discard, []
            self.phase = "extra"
        else:
            self.crazy_cards()

    def crazy_cards(self) -> None:
        """CUG-LEG-CRAZYCARDS: the five crazy camel cards become the pile drawn from."""
        self.discard = sorted(self.discard + self.stock)
        self.stock = list(CRAZY_CARDS)
        self.phase = "crazy"

    def shuffle_in(self, card: str) -> None:
        """CUG-LEG-EXTRA, CUG-LEG-CRAZYCARDS: a random card into the racing deck; then
        CUG-LEG-PERSONAL: each seat's last card face up, and the leg's first turn."""
        self.stock.remove(card)
        self.deck = sorted([*self.deck, card])
        chosen = self.players * SETUP_CARD[self.players][2]
        extra = EXTRA_CARDS.get(self.players, 0)
        if self.phase == "extra":
            if len(self.deck) == chosen + extra:
                self.crazy_cards()
            return
        if len(self.deck) < chosen + extra + CRAZY_SHUFFLED_IN:
            return
        self.discard = sorted(self.discard + self.stock)
        self.stock = []
        self.phase, self.turn = "play", self.starter  # CUG-TURN-START
        self.bet_done = self.track_done = False

    # ------------------------------------------------------------------ a leg's setup

    def new_leg(self, starter: int) -> None:
        """CUG-LEG-RESET with CUG-EXTEND, CUG-LEG-CRAZY and CUG-SANDSTORM, in that order."""
        self.leg += 1
        added = self.extend() if self.leg > 1 else 0
        self.starter = starter
        if self.leg > 1 and self.crazy_behind_fourth():
            self.reposition_crazy()
        self.sandstorm()
        self.phase, self.turn, self.extended = "deal", 0, added
        self.bet_done = self.track_done = False
        for m in MARKERS:
            self.markers[m] = self.holders[m] = None
            self.tokens[m] = [True] * self.players
            self.placers[m] = []
        self.stock = list(RACING_CARDS)
        self.hands = [[] for _ in range(self.players)]
        self.discard, self.deck, self.played = [], [], []
        self.leaders = {c: list(LEADER_PILE) for c in COLOURS}
        self.midfield = list(COLOURS)
        self.bets = [[] for _ in range(self.players)]

    def extend(self) -> int:
        """CUG-EXTEND: spaces before the Finish (which keeps whatever stands on it) until
        exactly 3 lie ahead of the leading racing camel, or the box is empty."""
        lead = max(self.cell_of(c) for c in COLOURS)
        added = 0
        while self.finish - 1 - lead < AHEAD:
            if self.track[-1] == "H":
                self.track[-1] = "F"  # the Finish uncovers the card's second half
                grow = 1
            elif len(self.track) < BOX_CARDS:
                grow = 2 if AHEAD - (self.finish - 1 - lead) >= 2 else 1
                self.track.append("F" if grow == 2 else "S")
            else:
                break
            for _ in range(grow):
                self.stacks.insert(self.finish, [])
            added += grow
        return added

    def places_from_front(self) -> list[tuple[int, int]]:
        """The racing camels' (cell, height) from the leader back: further along, then
        higher in a stack; behind the start line (all at height 0) last."""
        found = [(cell, stack.index(c)) for cell, stack in enumerate(self.stacks) if cell
                 for c in stack if c != CRAZY]
        found += [(0, 0) for c in self.stacks[0] if c != CRAZY]
        return sorted(found, reverse=True)

    def crazy_behind_fourth(self) -> bool:
        """CUG-LEG-CRAZY: the crazy camel on an earlier cell than the fourth racing camel,
        or lower in its stack; nobody behind the start line is behind another."""
        cell = self.cell_of(CRAZY)
        mine = (cell, self.stacks[cell].index(CRAZY) if cell else 0)
        return mine < self.places_from_front()[3]

    def reposition_crazy(self) -> None:
        """CUG-LEG-CRAZY: riders taken off (they stay, one lower), the crazy camel three
        spaces ahead of the leading racing camel, or on the Finish when that is past it."""
        self.stacks[self.cell_of(CRAZY)].remove(CRAZY)
        lead = max(self.cell_of(c) for c in COLOURS)
        self.stacks[min(lead + CRAZY_AHEAD, self.finish)].append(CRAZY)

    def sandstorm(self) -> None:
        """CUG-SANDSTORM: each face-up card strictly between the last and the leading racing
        camel's cards with no camel at all on it turns over (one space)."""
        first_cell = []  # each card's first cell
        cell = 1
        for side in self.track:
            first_cell.append(cell)
            cell += SIDE_SPACES[side]

        def card_at(c: int) -> int:
            return -1 if c == 0 else max(i for i, f in enumerate(first_cell) if f <= c)

        racing = [self.cell_of(c) for c in COLOURS]
        low, high = card_at(min(racing)), card_at(max(racing))
        for i in range(high - 1, low, -1):  # from the front, so earlier cells keep their index
            if self.track[i] != "F":
                continue
            cells = (first_cell[i], first_cell[i] + 1)
            if any(self.stacks[c] for c in cells):
                continue
            self.track[i] = "S"
            del self.stacks[cells[1]]

    # ------------------------------------------------------------------ movement

    def move(self, camel: str, steps: int) -> bool:
        """Move ``camel`` with whatever rides on it; True when the race is over."""
        here = self.cell_of(camel)
        way = -1 if camel == CRAZY else 1
        stack = self.stacks[here]
        unit = [camel] if here == 0 else stack[stack.index(camel):]
        self.stacks[here] = [c for c in stack if c not in unit]
        to = here + way * steps
        under = False
        used: list[str] = []
        while 0 < to < self.finish:
            hit = [m for m, cell in self.markers.items() if cell == to and m not in used]
            if not hit:
                break
            used.append(hit[0])
            if hit[0] == "shortcut":  # one more in the mover's direction, on top
                to += way
                under = False
            else:  # one back against it, underneath
                to -= way
                under = True
        to = max(0, min(to, self.finish))
        for m in used:
            self.markers[m] = None
            self.holders[m] = None
        if to == 0:
            self.stacks[0] = sorted(self.stacks[0] + unit, key=ORDER.index)
        elif under:
            self.stacks[to] = unit + self.stacks[to]
        else:
            self.stacks[to] = self.stacks[to] + unit
        racing = [self.cell_of(c) for c in COLOURS]
        for m, cell in self.markers.items():
            if cell is not None and min(racing) > cell:  # passed by every racing camel
                self.markers[m] = None
                self.holders[m] = None
        return to == self.finish and any(c in COLOURS for c in unit)

    def riders(self) -> int:
        here = self.cell_of(CRAZY)
        if here == 0:
            return 0
        stack = self.stacks[here]
        return len(stack) - 1 - stack.index(CRAZY)

    def card(self, card: str) -> bool:
        """A racing or crazy camel card's move (CUG-ACT-REVEAL, CUG-MOVE-CRAZY)."""
        if card.startswith(CRAZY):
            steps = int(card[-1]) + (1 if self.riders() else 0)
            return self.move(CRAZY, steps) if steps else False
        return self.move(card[:-2], int(card[-1]))

    # ------------------------------------------------------------------ turns

    def reveal(self, card: str) -> None:
        """CUG-ACT-REVEAL: the drawn card is played; the deck's last ends the leg
        (CUG-LEG-END), whose next leg the seat to the revealer's left starts."""
        self.deck.remove(card)
        self.played.append(card)
        self.phase, self.track_done = "play", True
        if self.card(card):
            self.end_race()
        elif self.deck:
            self.after_track_action()
        else:
            self.end_leg()
            self.new_leg((self.turn + 1) % self.players)

    def bets_open(self) -> bool:
        return (any(self.leaders.values()) or bool(self.midfield)
                or len({c for c in self.winner if c}) < len(COLOURS)
                or len({c for c in self.loser if c}) < len(COLOURS))

    def next_turn(self) -> None:
        """CUG-TURN-ORDER: the next seat."""
        self.turn = (self.turn + 1) % self.players
        self.bet_done = self.track_done = False

    def after_track_action(self) -> None:
        """CUG-TURN-SHAPE: the turn ends once the bet is done or none is open."""
        if self.bet_done or not self.bets_open():
            self.next_turn()

    def act(self, action: str) -> None:
        """What a seat's race-track action, bet or ``end`` does (not a reveal)."""
        kind, _, arg = action.partition(":")
        seat = self.turn
        if kind == "end":
            self.next_turn()
            return
        if kind == "personal":
            owner = int(arg)
            if owner != seat:  # CUG-ACT-PERSONAL: one Pound to the card's owner
                self.money[seat] -= 1
                self.money[owner] += 1
                self.payouts[seat].append(-1)
                self.payouts[owner].append(1)
            card = self.hands[owner].pop()
            self.played.append(card)
            self.track_done = True
            if self.card(card):
                self.end_race()
            else:
                self.after_track_action()
            return
        if kind in MARKERS:  # CUG-ACT-MARKER
            self.markers[kind] = int(arg)
            self.holders[kind] = seat
            self.tokens[kind][seat] = False
            self.placers[kind].append(seat)
            self.track_done = True
            self.after_track_action()
            return
        if kind == "leg":
            self.bets[seat].append(f"{arg}:{self.leaders[arg].pop()}")
        elif kind == "mid":
            self.midfield.remove(arg)
            self.bets[seat].append(f"{arg}:mid")
        elif kind == "win":
            self.winner[seat] = arg
        elif kind == "lose":
            self.loser[seat] = arg
        self.bet_done = True
        if self.track_done:
            self.next_turn()

    # ------------------------------------------------------------------ payouts

    def places(self) -> dict[str, int]:
        """CUG-RANK: 1 for the leader; higher in a stack is ahead; behind the line all 5th;
        the crazy camel has no place."""
        order = [c for cell in reversed(self.stacks[1:]) for c in reversed(cell) if c != CRAZY]
        place = {c: i + 1 for i, c in enumerate(order)}
        place.update({c: 5 for c in self.stacks[0] if c != CRAZY})
        return place

    def pay(self, totals: list[int]) -> None:
        """One payout step, never below 0 Pounds (CUG-MONEY-FLOOR), recorded per seat."""
        for seat, total in enumerate(totals):
            new = max(0, self.money[seat] + total)
            self.payouts[seat].append(new - self.money[seat])
            self.money[seat] = new

    def leg_payout(self) -> None:
        """CUG-PAY-LEADER, CUG-PAY-MID, CUG-PAY-MARKER, then the floor of 0 (CUG-MONEY-FLOOR)."""
        place = self.places()
        totals = []
        for seat, cards in enumerate(self.bets):
            total = 0
            for card in cards:
                colour, _, value = card.partition(":")
                p = place[colour]
                if value == "mid":
                    total += {3: 2, 2: 1, 4: 1}.get(p, -1)
                else:
                    total += int(value) if p == 1 else (1 if p == 2 else -1)
            total -= sum(1 for m in MARKERS if self.holders[m] == seat)
            totals.append(total)
        self.pay(totals)

    def final_payout(self) -> None:
        """CUG-PAY-WINNER (+7, +3, -1), CUG-PAY-LOSER (+7 fifth, +3 fourth, -1), floored at 0."""
        place = self.places()
        totals = []
        for seat in range(self.players):
            total = 0
            if self.winner[seat] is not None:
                total += {1: 7, 2: 3}.get(place[str(self.winner[seat])], -1)
            if self.loser[seat] is not None:
                total += {5: 7, 4: 3}.get(place[str(self.loser[seat])], -1)
            totals.append(total)
        self.pay(totals)

    def end_leg(self) -> None:
        """CUG-LEG-END: personal cards still in front of seats discarded, the leg payout."""
        self.discard = sorted(self.discard + [c for h in self.hands for c in h])
        self.hands = [[] for _ in range(self.players)]
        self.leg_payout()

    def end_race(self) -> None:
        """CUG-GAME-END, CUG-PAY-FINAL: the last leg's payout, then the final cards."""
        self.end_leg()
        self.final_payout()
        self.phase = "over"
        self.bet_done = self.track_done = False

    # ------------------------------------------------------------------ the table

    def table(self) -> dict[str, Any]:
        """The model's table in the plain-data form (every key of the state)."""
        d = copy.deepcopy(self.data)
        d.update(copy.deepcopy({
            "phase": self.phase, "leg": self.leg, "turn": self.turn, "starter": self.starter,
            "bet_done": self.bet_done, "track_done": self.track_done,
            "extended": self.extended, "track": "".join(self.track), "stacks": self.stacks,
            "played": self.played, "stock": self.stock, "hands": self.hands,
            "discard": self.discard, "deck": self.deck, "leaders": self.leaders,
            "midfield": self.midfield, "bets": self.bets, "winner_bets": self.winner,
            "loser_bets": self.loser, "money": self.money, "payouts": self.payouts,
        }))
        for m in MARKERS:
            d[m] = None if self.markers[m] is None else {
                "space": self.markers[m], "holder": self.holders[m]}
            d[f"{m}_tokens"] = list(self.tokens[m])
            d[f"{m}_placers"] = list(self.placers[m])
        return d

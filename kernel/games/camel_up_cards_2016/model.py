"""An independent model of the Camel Up Cards race, its bets and its money.

Written from the rulebook (``spec/camel-up-cards-2016/rules.md``), not from
the kernel: the track is a list of race track cards, each card a list of its
spaces, each space a stack of camels (bottom to top) and perhaps a figure;
the Start card is a set, the Finish a stack. It shares no code with
``kernel/rules/camel.py`` or the game's own modules (``data``, ``state``,
``game``) beside it; the setup-card figures are transcribed here from the
catalogue (CUC-DATA-SETUPCARD). It lives in the game's package (with
:mod:`.machine`, which drives it) because it is this game's oracle; the
shared test machinery (:mod:`kernel.testing`) names no game.

The model is driven by the actions and chance outcomes an implementation
applies, with the state before each step as context (its phase, the seat to
move and that seat's hand card, which the model does not track), and
predicts the plain-data fields ``stacks``, ``track``, ``palm``, ``fennec``,
``leaders``, ``midfield``, ``bets``, ``winner_bets``, ``loser_bets``,
``money``, ``payouts``, ``leg``, during turns ``turn``, ``bet_done``,
``track_done`` and the legal actions, and the events of each step (kind,
rule IDs and data, in the kernel's event vocabulary).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

COLOURS = ("blue", "green", "orange", "white", "yellow")

#: CUC-DATA-SETUPCARD: players -> (dealt, discarded, to the deck, intel, finish flag).
SETUP_CARDS = {
    2: (12, 5, 6, 0, 15),
    3: (10, 5, 3, 1, 16),
    4: (7, 3, 2, 1, 17),
    5: (6, 3, 1, 1, 18),
    6: (5, 2, 1, 1, 19),
}
TRACK_CARDS = 12  # CUC-DATA-CARDS
START_MONEY = 3  # CUC-SETUP-MONEY
LEADER_VALUES_TOP_FIRST = [5, 3, 2, 2]  # CUC-LEG-RESET
LEG_PAYOUT_RULES = ("CUC-RANK", "CUC-PAY-LEADER", "CUC-PAY-MID", "CUC-PAY-FIGURE",
                    "CUC-MONEY-FLOOR")
FINAL_PAYOUT_RULES = ("CUC-PAY-FINAL", "CUC-PAY-WINNER", "CUC-PAY-LOSER", "CUC-MONEY-FLOOR")
CHOICE_RULES = {"discard": "CUC-LEG-DISCARD", "deck": "CUC-LEG-DECK", "intel": "CUC-LEG-INTEL"}

#: An event as plain data: {"event": kind, "rules": [...], **data}.
EventData = dict[str, Any]


class Space:
    """One race track space: a stack of camels (bottom to top) and maybe a figure."""

    def __init__(self) -> None:
        self.camels: list[str] = []
        self.figure: str | None = None


class Card:
    """A race track card: side F (2 spaces), S (sandstorm, 1) or H (half covered, 1)."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.spaces = [Space() for _ in range(2 if side == "F" else 1)]

    def empty(self) -> bool:
        return not any(s.camels for s in self.spaces)


class RaceModel:
    """The model table. Call :meth:`step` with each applied action."""

    def __init__(self, players: int, age_order: Sequence[int]) -> None:
        self.players = players
        self.age_order = list(age_order)
        flag = SETUP_CARDS[players][4]
        # CUC-SETUP-TRACK: cards 1..ceil(F/2) face up, the Finish after space F.
        self.cards = [Card("F") for _ in range(flag // 2)]
        if flag % 2:
            self.cards.append(Card("H"))
        self.start: set[str] = set(COLOURS)  # CUC-SETUP-START
        self.finish: list[str] = []
        self.holder: dict[str, int | None] = {"palm": None, "fennec": None}
        self.money = [START_MONEY] * players
        self.payouts: list[list[int]] = [[] for _ in range(players)]
        self.winner: list[str | None] = [None] * players  # CUC-SETUP-FINAL
        self.loser: list[str | None] = [None] * players
        self.leg = 0
        self.setup_reveals = 0
        self.deck = 0  # cards in the racing deck (counted from the choices)
        self.over = False
        self.turn = 0
        self.bet_done = False
        self.track_done = False
        self.events: list[EventData] = []
        self.held = 0  # hand cards held when a move ends the race
        self.revealed: list[str] = []  # the setup reveals, then this leg's reveals
        self.shown: list[str] = []  # this leg's intel cards, shown to all
        self.extended = 0  # spaces added at this leg's setup
        self.starter = 0
        self._reset_leg_cards()

    # ------------------------------------------------------------------ views

    def spaces(self) -> list[Space]:
        return [s for card in self.cards for s in card.spaces]

    def cell_of(self, camel: str) -> int:
        """0 Start, 1..L spaces, L+1 Finish."""
        if camel in self.start:
            return 0
        if camel in self.finish:
            return len(self.spaces()) + 1
        for i, space in enumerate(self.spaces()):
            if camel in space.camels:
                return i + 1
        raise AssertionError(f"model lost camel {camel}")

    def stacks(self) -> list[list[str]]:
        """Per cell from the Start to the Finish, bottom to top (Start in colour order)."""
        return [sorted(self.start), *[list(s.camels) for s in self.spaces()], list(self.finish)]

    def track(self) -> str:
        return "".join(card.side for card in self.cards)

    def figure_cell(self, figure: str) -> int:
        for i, space in enumerate(self.spaces()):
            if space.figure == figure:
                return i + 1
        return 0

    def figure_data(self, figure: str) -> dict[str, int] | None:
        cell = self.figure_cell(figure)
        holder = self.holder[figure]
        if cell == 0:
            return None
        assert holder is not None
        return {"space": cell, "holder": holder}

    def ranking(self) -> dict[str, int]:
        """CUC-RANK: further and higher is ahead; camels on the Start card share 5th."""
        order = list(reversed(self.finish))
        for space in reversed(self.spaces()):
            order += list(reversed(space.camels))
        ranks = {camel: i + 1 for i, camel in enumerate(order)}
        ranks.update({camel: 5 for camel in self.start})
        return ranks

    def expected(self) -> dict[str, Any]:
        """The plain-data fields the model predicts."""
        out: dict[str, Any] = {
            "leg": self.leg,
            "track": self.track(),
            "stacks": self.stacks(),
            "palm": self.figure_data("palm"),
            "fennec": self.figure_data("fennec"),
            "leaders": {c: list(reversed(v)) for c, v in self.leaders.items()},
            "midfield": [c for c in COLOURS if self.midfield[c]],
            "bets": [[f"{c}:{v}" for c, v in b] for b in self.bets],
            "winner_bets": list(self.winner),
            "loser_bets": list(self.loser),
            "money": list(self.money),
            "payouts": [list(p) for p in self.payouts],
            "revealed": list(self.revealed),
            "shown": list(self.shown),
            "extended": self.extended,
        }
        return out

    def bets_open(self) -> bool:
        """Is any betting action available (CUC-BET-LEG, CUC-BET-FINAL)?"""
        return (
            any(self.leaders.values())
            or any(self.midfield.values())
            or len({c for c in self.winner if c}) < 5
            or len({c for c in self.loser if c}) < 5
        )

    def legal_turn_actions(self, has_hand_card: bool) -> list[str]:
        """The actions of the seat to move during a turn (CUC-TURN-SHAPE), as texts."""
        bets: list[str] = []
        if not self.bet_done:
            bets += [f"leg:{c}" for c in COLOURS if self.leaders[c]]  # CUC-BET-LEG
            bets += [f"mid:{c}" for c in COLOURS if self.midfield[c]]
            bets += [f"win:{c}" for c in COLOURS if c not in self.winner]  # CUC-BET-FINAL
            bets += [f"lose:{c}" for c in COLOURS if c not in self.loser]
        if self.track_done:
            return ["end", *bets]
        out = ["reveal", *bets]  # CUC-ACT-REVEAL
        if has_hand_card:
            out.append("hand")  # CUC-ACT-HAND
        # CUC-ACT-FIGURE: an empty space strictly ahead of the last camel, not the Finish.
        last = min(self.cell_of(c) for c in COLOURS)
        for i, space in enumerate(self.spaces()):
            cell = i + 1
            if cell > last and not space.camels and space.figure is None:
                for figure in ("palm", "fennec"):
                    if self.figure_cell(figure) == 0:
                        out.append(f"{figure}:{cell}")
        return out

    # -------------------------------------------------------------- stepping

    def emit(self, kind: str, rules: Sequence[str], **data: Any) -> None:
        self.events.append({"event": kind, "rules": list(rules), **data})

    def step(self, before: Mapping[str, Any], action: str) -> None:
        """Apply ``action`` (canonical text) taken in the state ``before`` (plain data)."""
        self.events = []
        phase = before["phase"]
        kind, _, arg = action.partition(":")
        self.held = sum(len(h) for h in before["hands"])
        if phase == "setup":  # CUC-SETUP-REVEAL
            self.emit("setup-card", ["CUC-SETUP-REVEAL"], card=arg)
            self.revealed.append(arg)
            self._move(*_card(arg))
            self.setup_reveals += 1
            if self.setup_reveals == 5:
                self._begin_leg()
        elif phase == "deal":  # CUC-LEG-DEAL: round robin from seat 0
            dealt = sum(len(h) for h in before["hands"])
            self.emit("dealt", ["CUC-LEG-DEAL"], seat=dealt % self.players, card=arg)
            undealt = len(before["stock"]) - 1
            if dealt + 1 == self.players * SETUP_CARDS[self.players][0] and undealt:
                self.emit("undealt-discarded", ["CUC-LEG-DEAL"], count=undealt)
        elif phase in ("discard", "deck", "intel"):
            self._choose(before, kind, arg)
        elif phase == "draw":  # CUC-ACT-REVEAL: the drawn card moves its camel
            self.emit("revealed", ["CUC-ACT-REVEAL"], seat=int(before["turn"]), card=arg)
            self.revealed.append(arg)
            self.deck -= 1
            self.track_done = True
            self._move(*_card(arg))
            if self.over:
                return
            if self.deck == 0:  # CUC-LEG-END
                self.emit("leg-ended", ["CUC-LEG-END"], leg=self.leg, discarded=self.held)
                self._leg_payout()
                self._begin_leg()
            else:
                self._after_track_action()
        elif phase == "play":
            self._turn_action(before, kind, arg)
        else:
            raise AssertionError(f"model: no step in phase {phase!r}")

    def _choose(self, before: Mapping[str, Any], kind: str, card: str) -> None:
        """CUC-LEG-DISCARD, CUC-LEG-DECK, CUC-LEG-INTEL, seat by seat (CUC-LEG-HIDDEN)."""
        seat = int(before["turn"])
        self.emit(f"chose-{kind}", [CHOICE_RULES[kind], "CUC-LEG-HIDDEN"], seat=seat, card=card)
        if kind in ("deck", "intel"):  # into the racing deck
            self.deck += 1
        dealt, discard, to_deck, intel, _ = SETUP_CARDS[self.players]
        keep = {"discard": dealt - discard, "deck": dealt - discard - to_deck, "intel": 1}[kind]
        if len(before["hands"][seat]) - 1 > keep:
            return  # this seat chooses on
        self.turn = (seat + 1) % self.players  # the next seat, or seat 0 for the next step
        if seat + 1 < self.players:
            return
        if kind == "discard" or (kind == "deck" and intel):
            return
        if kind == "intel":  # all shown at once (CUC-LEG-INTEL)
            shown = [i[0] for i in before["intel"][:seat]] + [card]
            self.emit("intel-shown", ["CUC-LEG-INTEL"], cards=shown)
            self.shown = shown
        self.emit("deck-ready", ["CUC-LEG-DECK", "CUC-LEG-HAND"], cards=self.deck)
        self._start_play()

    def _start_play(self) -> None:
        """CUC-TURN-START: the seat with least money starts; ties go to the youngest."""
        least = min(self.money)
        seat = next(s for s in self.age_order if self.money[s] == least)
        self.emit("leg-started", ["CUC-TURN-START"], leg=self.leg, starter=seat)
        self.turn, self.bet_done, self.track_done = seat, False, False
        self.starter = seat

    def _turn_action(self, before: Mapping[str, Any], kind: str, arg: str) -> None:
        seat = int(before["turn"])
        if kind in ("leg", "mid", "win", "lose"):
            self._bet(seat, kind, arg)
            self.bet_done = True
            if self.track_done:
                self._next_turn()
        elif kind == "end":
            self.emit("turn-ended", ["CUC-TURN-SHAPE", "CUC-TURN-ORDER"], seat=seat)
            self._next_turn()
        elif kind in ("palm", "fennec"):  # CUC-ACT-FIGURE
            self.emit("figure-placed", ["CUC-ACT-FIGURE"], seat=seat, figure=kind, space=int(arg))
            self.spaces()[int(arg) - 1].figure = kind
            self.holder[kind] = seat
            self.track_done = True
            self._after_track_action()
        elif kind == "hand":  # CUC-ACT-HAND: 1 space, even for a +2
            (card,) = before["hands"][seat]
            self.emit("hand-played", ["CUC-ACT-HAND"], seat=seat, card=card)
            self.held -= 1
            self.track_done = True
            self._move(_card(card)[0], 1)
            if not self.over:
                self._after_track_action()
        elif kind == "reveal":
            self.emit("reveal", ["CUC-ACT-REVEAL"], seat=seat)
        else:
            raise AssertionError(f"model: {kind!r} is no turn action")

    def _bet(self, seat: int, kind: str, colour: str) -> None:
        if kind == "leg":  # CUC-BET-LEG: the top leader card of the colour
            value = str(self.leaders[colour].pop(0))
            self.bets[seat].append((colour, value))
            self.emit("bet", ["CUC-BET-LEG"], seat=seat, card=f"{colour}:{value}")
        elif kind == "mid":
            self.midfield[colour] = False
            self.bets[seat].append((colour, "mid"))
            self.emit("bet", ["CUC-BET-LEG"], seat=seat, card=f"{colour}:mid")
        else:  # CUC-BET-FINAL: a second one returns the first
            held = self.winner if kind == "win" else self.loser
            returned = held[seat]
            held[seat] = colour
            name = "winner" if kind == "win" else "loser"
            self.emit("bet", ["CUC-BET-FINAL"], seat=seat, card=f"{colour}:{name}",
                      returned=returned)

    def _after_track_action(self) -> None:
        if self.bet_done or not self.bets_open():  # CUC-TURN-SHAPE
            self._next_turn()

    def _next_turn(self) -> None:  # CUC-TURN-ORDER
        self.turn = (self.turn + 1) % self.players
        self.bet_done = self.track_done = False

    def _move(self, camel: str, steps: int) -> None:
        """CUC-MOVE-*: move ``camel`` with the camels on top of it."""
        spaces = self.spaces()
        finish = len(spaces) + 1
        cell = self.cell_of(camel)
        if cell == 0:  # CUC-MOVE-START: moves alone
            self.start.discard(camel)
            unit = [camel]
        else:  # CUC-MOVE-CARRY: with everything above, order kept
            stack = spaces[cell - 1].camels
            unit = stack[stack.index(camel):]
            del stack[stack.index(camel):]
        target = cell + steps
        under = False
        used: list[str] = []
        while 0 < target < finish and (figure := spaces[target - 1].figure) is not None:
            spaces[target - 1].figure = None  # removed at once (CUC-MOVE-CHAIN)
            self.holder[figure] = None
            used.append(figure)
            if figure == "palm":  # CUC-MOVE-PALM: one further, on top
                target, under = target + 1, False
            else:  # CUC-MOVE-FENNEC: one back, underneath
                target, under = target - 1, True
        target = min(target, finish)
        if target == finish:  # CUC-GAME-END: onto the Finish, the race ends
            self.finish += unit
        elif target == 0:  # CUC-MOVE-START: unstacked on the Start card
            self.start.update(unit)
        elif under:
            spaces[target - 1].camels[:0] = unit
        else:  # CUC-MOVE-STACK
            spaces[target - 1].camels += unit
        rules = ["CUC-MOVE-STACK", "CUC-MOVE-CARRY"]
        rules += ["CUC-MOVE-START"] if 0 in (cell, target) else []
        rules += ["CUC-MOVE-PALM" if f == "palm" else "CUC-MOVE-FENNEC" for f in used]
        rules += ["CUC-MOVE-CHAIN"] if len(used) > 1 else []
        rules += ["CUC-GAME-END"] if target == finish else []
        self.emit("camel-moved", rules, camel=camel, **{"from": cell}, to=target,
                  carried=unit[1:], figures=used, placed="under" if under else "top")
        # CUC-MOVE-PASSED: a figure every camel has passed returns
        last = min(self.cell_of(c) for c in COLOURS)
        passed = []
        for figure in ("palm", "fennec"):
            at = self.figure_cell(figure)
            if at and at < last:
                spaces[at - 1].figure = None
                self.holder[figure] = None
                passed.append(figure)
        if passed:
            self.emit("figure-returned", ["CUC-MOVE-PASSED"], figures=passed)
        if target == finish:
            self._final_payout()

    def _pay(self, deltas: Sequence[int], kind: str, rules: Sequence[str]) -> None:
        """One payout step with the money floor (CUC-MONEY-FLOOR, CUC-INV-LEDGER)."""
        for seat, delta in enumerate(deltas):
            new = max(1, self.money[seat] + delta)
            self.emit(kind, rules, seat=seat, delta=delta, money=new)
            self.payouts[seat].append(new - self.money[seat])
            self.money[seat] = new

    def _leg_payout(self) -> None:
        """CUC-PAY-LEADER, CUC-PAY-MID, CUC-PAY-FIGURE."""
        rank = self.ranking()
        deltas = []
        for seat in range(self.players):
            delta = 0
            for colour, value in self.bets[seat]:
                r = rank[colour]
                if value == "mid":
                    delta += {3: 2, 2: 1, 4: 1}.get(r, -1)
                else:
                    delta += int(value) if r == 1 else (1 if r == 2 else -1)
            delta -= sum(1 for f in ("palm", "fennec") if self.holder[f] == seat)
            deltas.append(delta)
        self._pay(deltas, "leg-payout", LEG_PAYOUT_RULES)

    def _final_payout(self) -> None:
        """CUC-PAY-FINAL: the leg cards, floor, then the final cards, floor."""
        self.over = True
        self.bet_done = self.track_done = False
        self.emit("race-ended", ["CUC-GAME-END"], leader=self.finish[-1])
        self.emit("leg-ended", ["CUC-LEG-END"], leg=self.leg, discarded=self.held)
        self._leg_payout()
        rank = self.ranking()
        deltas = []
        for seat in range(self.players):
            delta = 0
            if self.winner[seat]:  # CUC-PAY-WINNER
                delta += {1: 7, 2: 3}.get(rank[str(self.winner[seat])], -1)
            if self.loser[seat]:  # CUC-PAY-LOSER
                delta += {5: 7, 4: 3}.get(rank[str(self.loser[seat])], -1)
            deltas.append(delta)
        self._pay(deltas, "final-payout", FINAL_PAYOUT_RULES)
        best = max(self.money)
        self.emit("game-over", ["CUC-WINNER"], money=list(self.money),
                  winners=[s for s, m in enumerate(self.money) if m == best])

    def _reset_leg_cards(self) -> None:
        """CUC-LEG-RESET: leader stacks 5-3-2-2 (top first), midfield cards, no leg bets."""
        self.leaders = {c: list(LEADER_VALUES_TOP_FIRST) for c in COLOURS}
        self.midfield = dict.fromkeys(COLOURS, True)
        self.bets: list[list[tuple[str, str]]] = [[] for _ in range(self.players)]

    def _begin_leg(self) -> None:
        """CUC-LEG-RESET, CUC-EXTEND, CUC-SANDSTORM."""
        self.leg += 1
        self.emit("leg-reset", ["CUC-LEG-RESET"], leg=self.leg)
        self.deck = 0
        self.turn, self.bet_done, self.track_done = 0, False, False
        self.revealed, self.shown = [], []  # all 30 racing cards gathered
        self._reset_leg_cards()
        for space in self.spaces():
            space.figure = None
        self.holder = {"palm": None, "fennec": None}
        self._extend()
        self._sandstorm()

    def _extend(self) -> None:
        """CUC-EXTEND: add spaces until exactly 3 lie between the leader and the Finish."""
        lead = max(self.cell_of(c) for c in COLOURS)
        before = len(self.spaces())
        while len(self.spaces()) - lead < 3:
            if self.cards and self.cards[-1].side == "H":  # uncover the covered half
                self.cards[-1].side = "F"
                self.cards[-1].spaces.append(Space())
            elif len(self.cards) < TRACK_CARDS:
                need = 3 - (len(self.spaces()) - lead)
                self.cards.append(Card("F" if need >= 2 else "H"))
            else:
                break  # no spare card left
        self.extended = len(self.spaces()) - before
        if self.extended:
            self.emit("track-extended", ["CUC-EXTEND"], spaces=len(self.spaces()) - before,
                      length=len(self.spaces()))

    def _sandstorm(self) -> None:
        """CUC-SANDSTORM: empty face-up cards strictly between last and leader flip."""
        card_of: dict[str, int] = {}
        for i, card in enumerate(self.cards):
            for space in card.spaces:
                for camel in space.camels:
                    card_of[camel] = i
        cards = [card_of.get(c, -1) for c in COLOURS]  # -1: the Start card
        flipped = []
        for i in range(min(cards) + 1, max(cards)):
            card = self.cards[i]
            if card.side == "F" and card.empty():
                card.side = "S"
                card.spaces = [Space()]
                flipped.append(i + 1)
        if flipped:
            self.emit("sandstorm", ["CUC-SANDSTORM"], cards=flipped)


def _card(text: str) -> tuple[str, int]:
    """A racing card ``blue+2`` as (camel, spaces)."""
    colour, _, steps = text.partition("+")
    return colour, int(steps)

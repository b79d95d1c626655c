"""An independent model of The Hare & the Tortoise (2014), for the state machine.

Written from the catalogue (``spec/hare-and-tortoise-2014/rules.md``), not from
:mod:`.game`: the table is dictionaries and counters, pawns move tile by tile,
the podium and the scores are recomputed from scratch. It follows a game
action by action (texts such as ``place:wolf:3:1``), and says what the table
must then look like, what is legal and what chance may do.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

ORDER = ["hare", "tortoise", "wolf", "fox", "lamb"]
POINTS = {1: 5, 2: 3, 3: 2}


class HareModel:
    """The table of one game, kept by hand."""

    def __init__(self, players: int, mode: str = "standard", rounds: int = 1,
                 first: int = 0) -> None:
        self.players, self.mode, self.rounds = players, mode, rounds
        self.token = first
        self.round = 1
        self.points = [0] * players
        self.history: list[list[int]] = []
        self.shown: list[list[str]] = [[] for _ in range(players)]
        self.races = 0
        self.over = False
        self.reset()

    # -- setup -------------------------------------------------------------

    def reset(self) -> None:
        """A new setup: every card back, pawns on the line (HT-SETUP-*, HT-CHAMP-ROUNDS)."""
        if self.mode == "apprentice":
            self.deck: Counter[str] = Counter({a: 13 for a in ORDER})
        else:
            self.deck = Counter(hare=18, tortoise=17, wolf=13, howl=3, fox=15, lamb=15)
        self.discard: Counter[str] = Counter()
        self.table: list[str] = []
        self.hands: list[Counter[str]] = [Counter() for _ in range(self.players)]
        self.starting: list[list[str]] = [[] for _ in range(self.players)]
        self.second: list[list[str]] = [[] for _ in range(self.players)]
        self.box = list(ORDER)
        self.pos = {a: 0 for a in ORDER}
        self.podium: list[list[str]] = []
        self.streams: list[int] = []
        self.turbo: dict[str, int] = {}
        self.steps = (["track", "turbos", "deal", "bets"] if self.mode == "apprentice"
                      else ["bets", "track", "deal", "second"])
        self.phase = self.steps[0]
        self.turn = 0
        self.to_move: list[str] = []

    def bets_each(self) -> int:
        return 2 if self.players == 2 else 1

    def hand_size(self) -> int:
        return 5 if self.mode == "apprentice" else 6

    def next_step(self) -> None:
        i = self.steps.index(self.phase)
        if i + 1 < len(self.steps):
            self.phase, self.turn = self.steps[i + 1], 0
        else:
            self.phase, self.turn = "turn", self.token

    # -- what may happen -------------------------------------------------------

    def wolves(self) -> int:
        return self.table.count("wolf") + self.table.count("howl")

    def count(self, animal: str) -> int:
        return self.wolves() if animal == "wolf" else self.table.count(animal)

    def legal(self) -> list[str]:
        if self.phase == "second":
            return sorted(f"bet:{c}" for c in +self.hands[self.turn])
        if self.phase == "move":
            return sorted(f"move:{a}" for a in self.to_move)
        if self.phase != "turn":
            return sorted(self.chance())
        hand = self.hands[self.turn]
        out = []
        for animal in ORDER:
            for n in range(1, 5):
                if len(self.table) + n > 8 or self.count(animal) + n > 4:
                    continue
                for h in range(0, 4 if animal == "wolf" else 1):
                    if h <= n and hand[animal] >= n - h and hand["howl"] >= h:
                        out.append(f"place:{animal}:{n}:{h}")
        return sorted(out)

    def chance(self) -> dict[str, Fraction]:
        if self.phase == "bets":
            return {f"starting:{self.turn}:{a}": Fraction(1, len(self.box)) for a in self.box}
        if self.phase == "track":
            free = [t for t in range(1, 12) if t not in self.streams]
            return {f"stream:{t}": Fraction(1, len(free)) for t in free}
        if self.phase == "turbos":
            left = [a for a in ORDER if a not in self.turbo]
            return {f"turbo:{a}": Fraction(1, len(left)) for a in left}
        if self.phase in ("deal", "draw"):
            total = sum(self.deck.values())
            prefix = f"deal:{self.turn}:" if self.phase == "deal" else "draw:"
            return {prefix + c: Fraction(n, total) for c, n in self.deck.items() if n}
        if self.phase == "scored":
            return {"gather": Fraction(1)}
        return {}

    # -- doing it ----------------------------------------------------------------

    def do(self, text: str) -> None:
        kind, *args = text.split(":")
        if kind == "starting":
            seat, animal = int(args[0]), args[1]
            self.box.remove(animal)
            self.starting[seat].append(animal)
            if len(self.starting[seat]) == self.bets_each():
                if seat == self.players - 1:
                    self.next_step()
                else:
                    self.turn = seat + 1
        elif kind == "stream":
            self.streams = sorted([*self.streams, int(args[0])])
            if len(self.streams) == 2:
                self.next_step()
        elif kind == "turbo":
            self.turbo[args[0]] = (2, 4, 6, 8, 10)[len(self.turbo)]
            if len(self.turbo) == 5:
                self.next_step()
        elif kind == "deal":
            seat, card = int(args[0]), args[1]
            self.deck[card] -= 1
            self.hands[seat][card] += 1
            dealt = 5 if self.mode == "apprentice" else 7
            if sum(self.hands[seat].values()) == dealt:
                if seat == self.players - 1:
                    self.next_step()
                else:
                    self.turn = seat + 1
        elif kind == "bet":
            self.hands[self.turn][args[0]] -= 1
            self.second[self.turn] = [args[0]]
            if self.turn == self.players - 1:
                self.next_step()
            else:
                self.turn += 1
        elif kind == "place":
            animal, n, h = args[0], int(args[1]), int(args[2])
            cards = [animal] * (n - h) + ["howl"] * h
            for c in cards:
                self.hands[self.turn][c] -= 1
            self.table += cards
            self.phase = "draw"
        elif kind == "draw":
            self.deck[args[0]] -= 1
            self.hands[self.turn][args[0]] += 1
            if sum(self.deck.values()) == 0:  # HT-TURN-RESHUFFLE
                self.deck, self.discard = self.discard, Counter()
            if sum(self.hands[self.turn].values()) == self.hand_size():
                self.end_of_turn()
        elif kind == "move":
            self.apprentice_move(args[0])
        elif kind == "gather":
            self.round += 1
            self.reset()

    def end_of_turn(self) -> None:
        counts = [self.count(a) for a in ORDER]
        if len(self.table) != 8 and 4 not in counts:
            self.turn = (self.turn + 1) % self.players
            self.phase = "turn"
            return
        if self.mode == "apprentice":
            self.to_move = [a for a in ORDER if self.count(a) > 0]
            self.phase, self.turn = "move", self.token
            return
        howl = "howl" in self.table
        for animal in ORDER:
            if self.pos[animal] == 12 or (howl and animal != "wolf"):
                continue
            x = self.count(animal)
            if animal == "hare":
                rivals = [p for a, p in self.pos.items() if a != "hare" and p < 12]
                first = all(self.pos["hare"] >= p for p in rivals)
                tiles = 0 if x == 0 or (x == 4 and first and self.pos["hare"] > 0) else 2
            elif animal == "tortoise":
                tiles = 2 if x == 4 else 1
            elif animal == "wolf":
                tiles = [0, 1, 1, 2, 3][x]
            elif animal == "fox":
                tiles = x
            else:
                tiles = x + 1 if x else 0
            while tiles:
                tiles -= 1
                self.pos[animal] += 1
                if self.pos[animal] == 12:
                    break
                if animal == "lamb" and self.pos[animal] in self.streams:
                    break
            if self.pos[animal] == 12:
                self.podium.append([animal])
                if len(self.podium) == 3:
                    self.score()
                    return
        self.finish_phase()

    def finish_phase(self) -> None:
        self.discard.update(self.table)
        self.table = []
        self.to_move = []
        self.races += 1
        self.token = (self.token + 1) % self.players
        self.turn = self.token
        self.phase = "turn"

    def apprentice_move(self, animal: str) -> None:
        self.to_move.remove(animal)
        p = min(12, self.pos[animal] + self.count(animal))
        if self.turbo.get(animal) == p:
            p = min(12, p + 2)
        self.pos[animal] = p
        if p == 12 and len(self.podium) < 3:
            self.podium.append([animal])
        self.turn = (self.turn + 1) % self.players
        if self.to_move:
            return
        crossed = [a for a in ORDER if self.pos[a] == 12]
        if not crossed:
            self.finish_phase()
            return
        while sum(len(g) for g in self.podium) < 3:
            left = [a for a in ORDER if self.pos[a] < 12
                    and not any(a in g for g in self.podium)]
            if not left:
                break
            best = max(self.pos[a] for a in left)
            self.podium.append([a for a in left if self.pos[a] == best])
        self.score()

    def place(self, animal: str) -> int:
        taken = 0
        for group in self.podium:
            if animal in group:
                return taken + 1
            taken += len(group)
        return 0

    def score(self) -> None:
        """HT-SCORE-POINTS, HT-END-GAME, HT-CHAMP-ROUNDS."""
        bets = [self.starting[i] + ["wolf" if c == "howl" else c for c in self.second[i]]
                for i in range(self.players)]
        got = [sum(POINTS.get(self.place(a), 0) for a in b) for b in bets]
        self.history.append(got)
        self.points = [p + g for p, g in zip(self.points, got, strict=True)]
        self.shown = [sorted(b) for b in bets]
        self.races += 1
        if self.round < self.rounds:
            self.token = (self.token + 1) % self.players
            self.turn = self.token
            self.phase = "scored"
        else:
            self.phase = "over"
            self.over = True

    # -- what the table must show ---------------------------------------------------

    def expected(self) -> dict[str, Any]:
        """The plain-data keys the kernel's table must match."""
        out: dict[str, Any] = {
            "phase": self.phase, "round": self.round, "token": self.token,
            "positions": [self.pos[a] for a in ORDER], "podium": self.podium,
            "table": sorted(self.table), "deck": sorted(self.deck.elements()),
            "discard": sorted(self.discard.elements()),
            "hands": [sorted(h.elements()) for h in self.hands],
            "starting": [sorted(s) for s in self.starting],
            "second": [sorted(s) for s in self.second], "unused": sorted(self.box),
            "streams": self.streams, "points": self.points, "history": self.history,
            "shown": self.shown, "races": self.races,
            "turbos": sorted(self.turbo, key=lambda a: self.turbo[a]),
        }
        if self.phase not in ("track", "turbos", "scored", "over"):
            out["turn"] = self.turn
        if self.phase == "move":
            out["to_move"] = self.to_move
        return out

    def winners(self) -> list[int]:
        """HT-SCORE-WINNER / HT-CHAMP-WINNER."""
        best = max(self.points)
        tied = [i for i, p in enumerate(self.points) if p == best]
        if self.rounds > 1 or len(tied) == 1:
            return tied

        def key(i: int) -> int:  # the highest-placed bet animal alone; a tie beyond is shared
            bets = self.starting[i] + ["wolf" if c == "howl" else c for c in self.second[i]]
            places = [p for p in (self.place(a) for a in bets) if 1 <= p <= 3]
            return min(places) if places else 4

        top = min(key(i) for i in tied)
        return [i for i in tied if key(i) == top]

"""Camel Up, 2nd edition (2018): how ``race-kernel play`` tells the game and draws the board.

The table is the game's plain data (``state.to_data``); :meth:`Narrator.after`
follows it through every event of a step, so each picture shows the board as
the event left it (the last move of a leg before the leg reset). The track is
drawn as a line of occupied spaces (stacks bottom to top, one letter per camel:
racing camels in capitals, crazy camels in lower case) and tiles
(``+`` cheering, ``-`` boozing, with the owner's initial); cells beyond the
finish line are shown as ``<|`` (behind, a backward crossing) and ``|>``
(past, a forward crossing).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from kernel.core import Event, Outcome
from kernel.narrate import count_words, plain_words, seat_mark, seat_name, value_words

from .data import BEHIND_LINE, COLOURS, PAST_LINE, TICKET_STACK, TRACK_SPACES

LETTERS: Final = {"blue": "B", "green": "G", "red": "R", "yellow": "Y", "purple": "P",
                  "white": "w", "black": "k"}
Table = Mapping[str, Any]


def _name(seat: int) -> str:
    return seat_name(seat)


def _cell(cell: Any) -> str:
    """A cell in words: behind the finish line (0), a space, past the finish line (17)."""
    if cell == BEHIND_LINE:
        return "behind the finish line"
    if cell == PAST_LINE:
        return "past the finish line"
    return f"space {cell}"


def _stack(stack: Sequence[str]) -> str:
    return "".join(LETTERS.get(c, "?") for c in stack)


class Narrator:
    """The told game: the track line, the tickets left, the dice out, the piles."""

    def legend(self) -> Sequence[str]:
        return [
            "track: space:stack bottom to top; B G R Y P racing camels, w k crazy camels "
            "(white, black)",
            "tiles: space:+X cheering / -X boozing tile of seat X; <| behind the finish line, "
            "|> past it",
            "tickets: each colour's top betting ticket; dice: those out of the pyramid",
        ]

    def draw(self, table: Table) -> Sequence[str]:
        track = table.get("track", [])
        tiles = {t["space"]: ("+" if t["side"] == "cheer" else "-") + seat_mark(i)
                 for i, t in enumerate(table.get("tiles", [])) if t}
        parts: list[str] = []
        if len(track) > BEHIND_LINE and track[BEHIND_LINE]:
            parts.append(f"<|{_stack(track[BEHIND_LINE])}")
        for space in range(1, TRACK_SPACES + 1):
            if space < len(track) and track[space]:
                parts.append(f"{space}:{_stack(track[space])}")
            elif space in tiles:
                parts.append(f"{space}:{tiles[space]}")
        if len(track) > PAST_LINE and track[PAST_LINE]:
            parts.append(f"|>{_stack(track[PAST_LINE])}")
        taken: dict[str, int] = {c: 0 for c in COLOURS}
        for seat in table.get("bets", []):
            for t in seat:
                taken[t.split(":")[0]] += 1
        tops = " ".join(f"{LETTERS[c]}{TICKET_STACK[len(TICKET_STACK) - 1 - taken[c]]}"
                        if taken[c] < len(TICKET_STACK) else f"{LETTERS[c]}-" for c in COLOURS)
        dice = " ".join(table.get("revealed", [])) or "-"
        piles = (f"winner pile {len(table.get('winner_pile', []))}, "
                 f"loser pile {len(table.get('loser_pile', []))}")
        return [f"track: {' '.join(parts) or '-'}", f"tickets: {tops}   dice out: {dice}",
                f"leg {table.get('leg', 1)}; {piles}"]

    def seat_name(self, seat: int) -> str:
        return _name(seat)

    def tell(self, event: Event) -> str:
        """``event`` in words; a finish card another seat placed is told without its colour
        (CU2-HIDDEN)."""
        d = event.data
        kind = event.kind
        who = _name(int(d["seat"])) if isinstance(d.get("seat"), int) else ""
        if kind == "camel-placed":
            return f"{d['camel']} is placed on space {d['space']} (its die shows {d['number']})"
        if kind == "leg-started":
            return f"leg {d['leg']} starts; {_name(int(d['starter']))} begins"
        if kind == "finish-card":
            card = f"a {d['colour']} finish card" if d["colour"] else "a finish card face down"
            return (f"{who} puts {card} on the overall {d['pile']} pile "
                    f"({count_words(d['size'], 'card')} there)")
        if kind == "next-turn":
            return f"{who}'s turn"
        if kind == "tile-placed":
            side = "cheering" if d["side"] == "cheer" else "boozing"
            moved = (f", moved from space {d['moved_from']}" if d["moved_from"] is not None
                     else "")
            return f"{who} places the spectator tile {side} side up on space {d['space']}{moved}"
        if kind == "ticket-taken":
            return f"{who} takes the {d['colour']} betting ticket worth {d['value']}"
        if kind == "pyramid-ticket":
            return f"{who} takes pyramid ticket {d['ticket']} and lets a die out of the pyramid"
        if kind == "die-revealed":
            die = "the grey die" if d["die"] != d["colour"] else f"the {d['die']} die"
            face = f"{d['colour']} {d['number']}" if d["die"] != d["colour"] else d["number"]
            return f"{die}, rolled for {who}, shows {face}"
        if kind == "camel-moved":
            unit = [str(c) for c in d["unit"]]
            carried = f", carrying {value_words(unit[1:])}" if len(unit) > 1 else ""
            tiles = (" by way of the tile(s) on " + value_words([f"space {t}" for t in d["tiles"]])
                     if d["tiles"] else "")
            under = " (under the camels there)" if d["placed"] == "under" else ""
            return (f"{d['camel']} moves from {_cell(d['from'])} to {_cell(d['to'])}"
                    f"{carried}{tiles}{under}")
        if kind == "tile-paid":
            return (f"{who}'s spectator tile pays {count_words(d['amount'], 'Pound')}, "
                    f"now {d['money']}")
        if kind == "leg-ended":
            return f"leg {d['leg']} ends; the order: {value_words(d['ranking'])}"
        if kind == "leg-payout":
            return f"{who} is paid {int(d['delta']):+d} for the leg, now {d['money']} Pounds"
        if kind == "race-ended":
            return (f"{d['camel']} crosses the finish line {d['way']} and ends the race "
                    f"({_cell(d['cell'])})")
        if kind == "final-payout":
            return (f"{who} is paid {int(d['delta']):+d} for the {d['colour']} card on the "
                    f"{d['pile']} pile, now {d['money']} Pounds")
        if kind == "partnership":
            return f"{who} and {_name(int(d['partner']))} become partners for the leg"
        if kind == "game-over":
            winners = [_name(int(s)) for s in d["winners"]]
            return (f"the game is over: {value_words(winners)} "
                    f"{'win' if len(winners) > 1 else 'wins'} with {max(d['money'])} Pounds")
        return plain_words(event)

    def after(self, table: Table, event: Event) -> Mapping[str, Any]:
        d = event.data
        kind = event.kind
        if kind == "camel-placed":
            track = [list(x) for x in table["track"]]
            track[int(d["space"])].append(str(d["camel"]))
            return {**table, "track": track}
        if kind == "camel-moved":
            track = [list(x) for x in table["track"]]
            unit = [str(c) for c in d["unit"]]
            src = track[int(d["from"])]
            track[int(d["from"])] = src[: len(src) - len(unit)]
            dst = track[int(d["to"])]
            track[int(d["to"])] = unit + dst if d["placed"] == "under" else dst + unit
            return {**table, "track": track}
        if kind == "die-revealed":
            return {**table, "revealed": [*table["revealed"], f"{d['colour']}:{d['number']}"]}
        if kind == "ticket-taken":
            bets = [list(b) for b in table["bets"]]
            bets[int(d["seat"])].append(f"{d['colour']}:{d['value']}")
            return {**table, "bets": bets}
        if kind == "tile-placed":
            tiles = list(table["tiles"])
            tiles[int(d["seat"])] = {"space": d["space"], "side": d["side"]}
            return {**table, "tiles": tiles}
        if kind in ("tile-paid", "leg-payout", "final-payout"):
            money = list(table["money"])
            money[int(d["seat"])] = d["money"]
            return {**table, "money": money}
        if kind == "finish-card":
            return self._card_placed(table, event)
        if kind == "pyramid-ticket":
            tickets = list(table["pyramid_tickets"])
            tickets[int(d["seat"])] += 1
            return {**table, "pyramid_tickets": tickets}
        if kind == "partnership":
            partners = list(table["partners"])
            partners[int(d["seat"])] = d["partner"]
            partners[int(d["partner"])] = d["seat"]
            return {**table, "partners": partners}
        if kind == "leg-started" and d["leg"] != 1:
            n = len(table["money"])
            return {**table, "leg": d["leg"], "revealed": [],
                    "previous_leg": table["revealed"], "bets": [[] for _ in range(n)],
                    "pyramid_tickets": [0] * n, "tiles": [None] * n, "partners": [None] * n}
        return table

    @staticmethod
    def _card_placed(table: Table, event: Event) -> Mapping[str, Any]:
        """A finish card on a pile (CU2-FINISH-CARD), on the whole table or a seat's view
        (where another seat's card colour is unknown: None)."""
        d = event.data
        seat, name, colour = int(d["seat"]), str(d["pile"]), d["colour"]
        out = dict(table)
        out[f"{name}_pile"] = [*table[f"{name}_pile"], seat]
        cards = [None if c is None else list(c) for c in table[f"{name}_cards"]]
        mine = cards[seat]
        if mine is not None and colour is not None:
            mine.append(colour)
        out[f"{name}_cards"] = cards
        if "hands" in table:
            hands = [list(h) for h in table["hands"]]
            if colour in hands[seat]:
                hands[seat].remove(colour)
            out["hands"] = hands
        if "hand_sizes" in table:
            sizes = list(table["hand_sizes"])
            sizes[seat] -= 1
            out["hand_sizes"] = sizes
            if table.get("seat") == seat and colour in table.get("hand", []):
                out["hand"] = [c for c in table["hand"] if c != colour]
        return out

    def explain(self, table: Table, event: Event) -> Sequence[str]:
        d = event.data
        if event.kind == "leg-payout":
            bets = [str(b).replace(":", " ") for b in table["bets"][int(d["seat"])]]
            parts = ("betting tickets " + value_words(bets)) if bets else "no betting ticket"
            copied = f", {d['copied']} copied from the partner" if d["copied"] else ""
            tickets = count_words(table["pyramid_tickets"][int(d["seat"])], "pyramid ticket")
            return [f"{_name(int(d['seat']))} {int(d['delta']):+d}: {parts}; {tickets}{copied}"]
        if event.kind == "final-payout":
            right = "right" if d["colour"] == d["camel"] else "wrong"
            return [f"{_name(int(d['seat']))}'s {d['colour']} card on the {d['pile']} pile "
                    f"is {right}"]
        return []

    def quiet(self, event: Event) -> bool:
        return event.kind in ("next-turn",)

    def standings(self, outcome: Outcome) -> Sequence[str]:
        order = sorted(range(len(outcome.scores)), key=lambda i: (-outcome.scores[i], i))
        return [f"{_name(i)}: {outcome.scores[i]} Pounds"
                + (" (winner)" if i in outcome.winners else "") for i in order]


NARRATOR: Final = Narrator()

"""The Hare & the Tortoise (2014): how ``race-kernel play`` tells it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from kernel.core import Event, Outcome, PlainData
from kernel.narrate import count_words, plain_words, seat_name, value_words

from .data import ANIMALS, FINISH, TILES, TURBO_TILES

LETTERS: Final = {"hare": "H", "tortoise": "T", "wolf": "W", "fox": "F", "lamb": "L"}


def _tile(tile: Any) -> str:
    """A tile in words: the starting line (0), a tile, past the finish line."""
    if tile == 0:
        return "the starting line"
    if tile == FINISH:
        return "past the finish line"
    return f"tile {tile}"


def _cards(animal: Any, count: int, howls: int) -> str:
    """``2 wolf cards, 1 with the howl``."""
    plural = "s" if count != 1 else ""
    howl = f", {howls} with the howl" if howls else ""
    return f"{count} {animal} card{plural}{howl}"


class Narrator:
    """The track as a row of tiles (``~`` a stream, ``+x`` a turbo), the pawns
    under it, the podium, the cards on the table and the points."""

    def legend(self) -> Sequence[str]:
        return ["track: S start, tiles 1-11 (~ stream, +H a turbo of the hare), | finish; "
                "pawns H hare, T tortoise, W wolf, F fox, L lamb; table: the cards played"]

    def draw(self, table: Mapping[str, PlainData]) -> Sequence[str]:
        streams = table.get("streams") or []
        turbos = table.get("turbos") or []
        positions = table.get("positions") or [0] * len(ANIMALS)
        assert isinstance(streams, list) and isinstance(turbos, list)
        assert isinstance(positions, list)
        cells = []
        for tile in range(0, TILES + 1):
            mark = "S" if tile == 0 else ("~" if tile in streams else str(tile))
            if tile in TURBO_TILES and TURBO_TILES.index(tile) < len(turbos):
                mark += "+" + LETTERS[str(turbos[TURBO_TILES.index(tile)])]
            here = "".join(LETTERS[a] for a, p in zip(ANIMALS, positions, strict=True)
                           if p == tile)
            cells.append(f"{mark}:{here}" if here else mark)
        podium = table.get("podium") or []
        assert isinstance(podium, list)
        shown = " ".join(f"{i + 1}.{'/'.join(str(a) for a in g)}"
                         for i, g in enumerate(podium))
        past = "".join(LETTERS[a] for a, p in zip(ANIMALS, positions, strict=True)
                       if p == FINISH)
        played = table.get("table") or []
        assert isinstance(played, list)
        return [" ".join(cells) + f" | {past}",
                f"podium: {shown or '-'}   table: {' '.join(str(c) for c in played) or '-'}"]

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def tell(self, event: Event) -> str:
        """``event`` in words; another seat's card or bet is told without it
        (HT-SETUP-DEAL, HT-SETUP-SECOND)."""
        d = event.data
        kind = event.kind
        who = seat_name(int(d["seat"])) if isinstance(d.get("seat"), int) else ""

        def card(key: str) -> str:
            return f"a {d[key]} card" if d[key] is not None else "a card face down"

        if kind == "stream-laid":
            return f"a stream is laid on tile {d['tile']}"
        if kind == "turbo-placed":
            return f"the {d['animal']}'s turbo token goes on tile {d['tile']}"
        if kind == "dealt":
            return f"{who} is dealt {card('card')}"
        if kind == "starting-bet":
            bet = f"the {d['animal']}" if d["animal"] is not None else "an animal, face down"
            return f"{who} gets a starting bet on {bet}"
        if kind == "second-bet":
            bet = f"the {d['card']}" if d["card"] is not None else "an animal, face down"
            return f"{who} places a second bet on {bet}"
        if kind == "played":
            return f"{who} plays {_cards(d['animal'], int(d['count']), int(d['howls']))}"
        if kind == "drew":
            return f"{who} draws {card('card')}"
        if kind == "turn-passed":
            return f"{who}'s turn"
        if kind == "racing-phase":
            return (f"{who} starts a racing phase; the table holds "
                    f"{value_words(d['table'])}")
        if kind == "moved":
            return f"the {d['animal']} moves from {_tile(d['from'])} to {_tile(d['to'])}"
        if kind == "discarded":
            return f"the cards on the table ({d['cards']}) are discarded"
        if kind == "token-passed":
            return f"the first player token passes to {who}"
        if kind == "podium":
            return f"the {d['animal']} takes place {d['place']} on the podium"
        if kind == "bets-revealed":  # who bet on what: explain()'s lines under it
            return "every seat's bets are revealed"
        if kind == "scored":
            return f"{who} scores {count_words(d['points'], 'point')}"
        if kind == "howled":
            return "the howl: only the wolf moves" + (
                " (it is already on the podium)" if d.get("wolf_on_podium") else "")
        if kind == "napped":
            return f"the {d['animal']} naps on {_tile(d['at'])}"
        if kind == "reshuffled":
            return f"the discards are shuffled into a new deck of {d['cards']} cards"
        if kind == "round-ended":
            points = d["points"]
            assert isinstance(points, list)
            return (f"round {d['round']} ends: " + ", ".join(
                f"{seat_name(i)} {p}" for i, p in enumerate(points)) + " points")
        if kind == "round-started":
            return (f"round {d['round']} starts; {seat_name(int(d['token']))} holds the "
                    "first player token")
        if kind == "game-over":
            winners = [seat_name(int(s)) for s in d["winners"]]
            return (f"the game is over: {value_words(winners)} "
                    f"{'win' if len(winners) > 1 else 'wins'} with {max(d['points'])} points")
        return plain_words(event)

    def after(self, table: Mapping[str, PlainData], event: Event) -> Mapping[str, PlainData]:
        kind, d = event.kind, event.data
        if kind == "stream-laid":
            return {**table, "streams": d["streams"]}
        if kind == "turbo-placed":
            placed = table.get("turbos") or []
            assert isinstance(placed, list)
            return {**table, "turbos": [*placed, d["animal"]]}
        if kind == "moved":
            pos = list(table.get("positions") or [0] * len(ANIMALS))
            pos[ANIMALS.index(str(d["animal"]))] = d["to"]
            return {**table, "positions": pos}
        if kind == "podium":
            podium = [list(g) for g in table.get("podium") or []]
            place = int(d["place"])
            taken = sum(len(g) for g in podium)
            if taken + 1 == place or not podium:
                podium.append([d["animal"]])
            else:
                podium[-1].append(d["animal"])
            return {**table, "podium": podium}
        if kind == "played":
            cards = ([str(d["animal"])] * (int(d["count"]) - int(d["howls"]))
                     + ["howl"] * int(d["howls"]))
            old = table.get("table") or []
            assert isinstance(old, list)
            return {**table, "table": sorted([*(str(c) for c in old), *cards])}
        if kind == "discarded":
            return {**table, "table": []}
        if kind == "scored":
            points = list(table.get("points") or [])
            seat = int(d["seat"])
            if seat < len(points):
                points[seat] = int(points[seat]) + int(d["points"])
            return {**table, "points": points}
        if kind == "round-started":
            return {**table, "positions": [0] * len(ANIMALS), "podium": [], "table": [],
                    "streams": [], "turbos": []}
        return table

    def explain(self, table: Mapping[str, PlainData], event: Event) -> Sequence[str]:
        if event.kind == "napped":
            return ["4 hare cards and the hare is first: it takes a nap"]
        if event.kind == "howled":
            return ["a howl card was played: only the wolf moves"]
        if event.kind == "bets-revealed":
            bets = event.data["bets"]
            assert isinstance(bets, list)
            return [f"{self.seat_name(i)} bet on {value_words(b)}"
                    for i, b in enumerate(bets)]
        return []

    def quiet(self, event: Event) -> bool:
        return event.kind in ("dealt", "drew", "starting-bet", "second-bet")

    def standings(self, outcome: Outcome) -> Sequence[str]:
        order = sorted(range(len(outcome.scores)), key=lambda i: (-outcome.scores[i], i))
        lines = []
        for i in order:
            rounds = (" (rounds " + " + ".join(str(r[i]) for r in outcome.rounds) + ")"
                      if outcome.rounds else "")
            lines.append(f"{self.seat_name(i)}: {outcome.scores[i]} points{rounds}"
                         + (" (winner)" if i in outcome.winners else ""))
        return lines


NARRATOR: Final = Narrator()

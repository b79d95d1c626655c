"""The Hare & the Tortoise (2014): how ``race-kernel play`` tells it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from kernel.core import Event, Outcome, PlainData

from .data import ANIMALS, FINISH, TILES, TURBO_TILES

LETTERS: Final = {"hare": "H", "tortoise": "T", "wolf": "W", "fox": "F", "lamb": "L"}
NAMES: Final = ("Ann", "Bob", "Cy", "Dee", "Eve")


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
        return NAMES[seat] if 0 <= seat < len(NAMES) else f"seat {seat}"

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
            return [f"{self.seat_name(i)} bet on {', '.join(str(a) for a in b)}"
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

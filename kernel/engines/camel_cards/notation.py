"""The one-line position notation of a camel card game (``kernel.notation``), shared.

The two camel card games' plain data share most keys; this module builds a
game's :class:`~kernel.notation_codec.Layout` from what differs (its phases,
camels, racing cards, figures and card zones), in one field order: the seats
and the turn, the track and its camels, the game's figures, the turn's
bookkeeping, the bets and money, then the card zones, the hidden ones last.
A racing card is its colour's letter, lower case for +1 and upper case for
+2; a leg betting card its colour's letter and value, ``m`` for a midfield
card; a figure ``-`` on its card, else ``space.holder``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from kernel.core import PlainData
from kernel.notation_codec import (
    Alphabet,
    Cells,
    Codec,
    Digits,
    Layout,
    Letters,
    Maybe,
    Number,
    Numbers,
    Prefix,
    Record,
    Rest,
    Rows,
    Seq,
    Slots,
    Table,
    Word,
)
from kernel.rules.track import track_length

#: A turn's flags.
FLAG: Final = Word({False: "0", True: "1"})


def racing_cards(colours: Sequence[str], others: Mapping[str, str]) -> Alphabet:
    """The racing cards: ``colour+1`` its colour's letter, ``colour+2`` that letter in
    upper case, and the game's ``others`` (card -> symbol)."""
    return Alphabet({**{f"{c}+1": c[0] for c in colours},
                     **{f"{c}+2": c[0].upper() for c in colours}, **others})


def bet_cards(colours: Sequence[str], values: Sequence[int]) -> Alphabet:
    """The leg betting cards ``colour:value`` and ``colour:mid``: letter and value, or ``m``."""
    return Alphabet({f"{c}:{v}": f"{c[0]}{'m' if v == 'mid' else v}"
                     for c in colours for v in (*sorted(set(values)), "mid")})


def seats(done: Mapping[str, PlainData]) -> int:
    """The number of seats (read before the per-seat fields)."""
    players = done["players"]
    assert type(players) is int
    return players


def figure(max_players: int) -> Codec:
    """A figure or marker: ``-`` on its card, else its space and holder joined by ``.``."""
    return Maybe(Record([("space", Number(0, 99)), ("holder", Number(-1, max_players - 1))]))


def per_seat(codec: Codec) -> Codec:
    """One ``codec`` text per seat, joined by ``/``."""
    return Rows(codec, length=seats)


def layout(*, constants: Mapping[str, PlainData], players: tuple[int, int],
           phases: Mapping[str, str], sides: Mapping[str, int], camels: Alphabet,
           colours: Sequence[str], leader_stack: Sequence[int],
           figures: Sequence[tuple[str, Codec]], zones: Sequence[tuple[str, Codec]],
           rest: Rest) -> Layout:
    """A camel card game's notation: the shared fields around the game's ``figures``
    (after the camels) and card ``zones`` (at the end), ``rest`` left out."""

    def cells(done: Mapping[str, PlainData]) -> int:
        track = done["track"]
        assert type(track) is str
        return track_length(tuple(sides[c] for c in track)) + 2

    seat = Number(-1, players[1] - 1)
    return Layout([
        ("players", Number(*players)),
        ("age_order", Digits()),
        ("phase", Word(phases)),
        ("leg", Number(0, 999)),
        ("starter", seat),
        ("turn", seat),
        ("track", Letters("".join(sides))),
        ("stacks", Cells(camels, cells)),
        *figures,
        ("bet_done", FLAG),
        ("track_done", FLAG),
        ("extended", Number(0, 99)),
        ("leaders", Table(colours, Prefix(leader_stack), sep="")),
        ("midfield", Seq(camels)),
        ("bets", per_seat(Seq(bet_cards(colours, leader_stack)))),
        ("winner_bets", Slots(camels)),
        ("loser_bets", Slots(camels)),
        ("money", Numbers()),
        ("payouts", per_seat(Numbers())),
        *zones,
    ], constants, rest)

"""How the two camel card games' narrators tell their events and explain their payouts.

Both games share the engine's events (``kernel.engines.camel_cards``): each
game's narrator calls :func:`tell` with its :class:`CardGame` and the words
of its figures, and :func:`payout_parts` / :func:`payout_line` for what a
payout came from (the game's own rule IDs and payout tables, through
``CardGame.rules`` and ``CardGame.camel``). A seat's view of an event (a
hidden card is None) is told without the card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from kernel.core import Event
from kernel.narrate import count_words, seat_name, value_words

from .spec import CardGame

Table = Mapping[str, Any]
_PLACE: Final = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th"}


def card_words(card: Any) -> str:
    """A racing card: ``blue +1``; a crazy camel card ``black -1``; a hidden one ``a card``.

    >>> card_words("blue+2"), card_words("black-0"), card_words(None)
    ('the blue +2 card', 'the black -0 card', 'a card')
    """
    if card is None:
        return "a card"
    text = str(card)
    for sign in "+-":
        if sign in text:
            colour, _, steps = text.partition(sign)
            return f"the {colour} {sign}{steps} card"
    return f"the {text} card"


def _cell(cell: Any, start: str) -> str:
    return start if cell == 0 else f"space {cell}"


def _bet(card: str, returned: Any) -> str:
    colour, _, value = card.partition(":")
    if value in ("winner", "loser"):
        back = f", putting back the {returned} {value} card" if returned else ""
        return f"bets on {colour} as the overall {value} (final {value} card){back}"
    if value == "mid":
        return f"takes the {colour} midfield card"
    return f"takes the {colour} leader card worth {value}"


def tell(g: CardGame, event: Event, figures: Mapping[str, str], start: str) -> str:
    """``event`` in words. ``figures``: each figure's name in the game's words
    (``{"palm": "the palm tree"}``); ``start``: what cell 0 is called."""
    d = event.data
    kind = event.kind
    who = seat_name(int(d["seat"])) if isinstance(d.get("seat"), int) else ""
    tellers: dict[str, Callable[[], str]] = {
        "setup-card": lambda: f"setup: {card_words(d['card'])} is revealed",
        "camel-moved": lambda: _moved(d, figures, start),
        "leg-reset": lambda: f"leg {d['leg']} is set up: the figures and the leg's cards "
                             "go back",
        "dealt": lambda: f"{who} is dealt {card_words(d['card'])}",
        "undealt-discarded": lambda: f"{count_words(d['count'], 'card')} not dealt go to "
                                     "the discard pile",
        "chose-discard": lambda: f"{who} discards {card_words(d['card'])} face down",
        "chose-deck": lambda: f"{who} adds {card_words(d['card'])} to the racing deck "
                              "face down",
        "chose-intel": lambda: f"{who} chooses {card_words(d['card'])} as intel card",
        "intel-shown": lambda: "the intel cards are shown: "
                               + value_words([card_words(c) for c in d["cards"]]),
        "deck-ready": lambda: f"the racing deck is ready: {count_words(d['cards'], 'card')}",
        "shuffled-in": lambda: f"{card_words(d['card'])} is shuffled into the racing deck",
        "personal-cards": lambda: "the personal cards lie face up: "
                                  + value_words([card_words(c) for c in d["cards"]])
                                  + f"; the racing deck holds {count_words(d['deck'], 'card')}",
        "crazy-placed": lambda: f"the black crazy camel is placed on space {d['space']}",
        "leg-started": lambda: f"leg {d['leg']} starts; {seat_name(int(d['starter']))} "
                               "begins",
        "figure-placed": lambda: f"{who} places {figures.get(str(d['figure']), d['figure'])} "
                                 f"on space {d['space']}",
        "figure-returned": lambda: value_words([figures.get(str(f), f) for f in d["figures"]])
                                   + (" go" if len(d["figures"]) > 1 else " goes")
                                   + " back beside the track: every camel has passed it",
        "bet": lambda: f"{who} {_bet(str(d['card']), d.get('returned'))}",
        "reveal": lambda: f"{who} reveals the top card of the racing deck",
        "revealed": lambda: f"{who} reveals {card_words(d['card'])}",
        "hand-played": lambda: f"{who} plays {card_words(d['card'])} from hand (1 space)",
        "personal-played": lambda: _personal(d),
        "crazy-card": lambda: f"{card_words(d['card'])} moves the black crazy camel "
                              f"{count_words(d['steps'], 'space')} back"
                              + (f", carrying {value_words(d['riders'])}" if d["riders"]
                                 else ""),
        "crazy-repositioned": lambda: "the black crazy camel moves from "
                                      f"{_cell(d['from'], start)} to space {d['to']}"
                                      + (" (off the Finish)" if d.get("finish") else ""),
        "turn-ended": lambda: f"{who}'s turn ends",
        "leg-ended": lambda: f"leg {d['leg']} ends; {count_words(d['discarded'], 'card')} still in "
                             "hand discarded",
        "leg-payout": lambda: f"{who} is paid {int(d['delta']):+d} for the leg, "
                              f"now {d['money']} Pounds",
        "sandstorm": lambda: "a sandstorm turns track card " + value_words(d["cards"])
                             + " to the sandstorm side",
        "track-extended": lambda: f"the track grows by {count_words(d['spaces'], 'space')} to "
                                  f"{d['length']}",
        "race-ended": lambda: f"{d['leader']} crosses the Finish: the race ends",
        "final-payout": lambda: f"{who} is paid {int(d['delta']):+d} for the final bets, "
                                f"now {d['money']} Pounds",
        "game-over": lambda: "the game is over: "
                             + value_words([seat_name(int(s)) for s in d["winners"]])
                             + (" win" if len(d["winners"]) > 1 else " wins")
                             + f" with {max(d['money'])} Pounds",
    }
    told = tellers.get(kind)
    if told is None:
        from kernel.narrate import plain_words

        return plain_words(event)
    return told()


def _moved(d: Mapping[str, Any], figures: Mapping[str, str], start: str) -> str:
    carried = f", carrying {value_words(d['carried'])}" if d["carried"] else ""
    under = " (under the camels there)" if d["placed"] == "under" else ""
    used = (" by way of " + value_words([figures.get(str(f), f) for f in d["figures"]])
            if d["figures"] else "")
    return (f"{d['camel']} moves from {_cell(d['from'], start)} to "
            f"{_cell(d['to'], start)}{carried}{used}{under}")


def _personal(d: Mapping[str, Any]) -> str:
    who, owner = int(d["seat"]), int(d["owner"])
    card = card_words(d["card"])
    if owner == who or not d["fee"]:
        return f"{seat_name(who)} plays {card}, a personal card, without a fee"
    return (f"{seat_name(who)} plays {card}, {seat_name(owner)}'s personal card, paying "
            f"{seat_name(owner)} {count_words(d['fee'], 'Pound')}")


def ranks(g: CardGame, table: Table) -> dict[str, int]:
    """Each camel's place on the table, 1 for the leader (the game's rank rule; a crazy
    camel's place is 0: never ranked)."""
    names = g.names or g.colours
    index = {name: i for i, name in enumerate(names)}
    pos = [0] * len(names)
    height = [0] * len(names)
    for cell, stack in enumerate(table["stacks"]):
        for h, name in enumerate(stack):
            pos[index[name]] = cell
            height[index[name]] = 0 if cell == 0 else h
    rank = g.camel.ranks(tuple(pos), tuple(height))
    return {name: rank[i] for i, name in enumerate(names)}


def payout_parts(g: CardGame, table: Table, event: Event,
                 figures: Mapping[str, str]) -> list[tuple[str, int, str]] | None:
    """What a ``leg-payout`` or ``final-payout`` of one seat is made of, from the table
    before it: the leg's leader and midfield cards and the figures the seat placed (the
    game's pay_leader, pay_mid and pay_figure rules), or the final winner and loser cards
    (pay_winner, pay_loser). Each part is (what, amount, why); the amounts add up to the
    event's ``delta`` (before the money floor). None for any other event."""
    if event.kind not in ("leg-payout", "final-payout"):
        return None
    seat = event.data["seat"]
    rank = ranks(g, table)
    parts: list[tuple[str, int, str]] = []

    def place(colour: str) -> str:
        return f"{colour} {_PLACE.get(rank[colour], str(rank[colour]))}"

    if event.kind == "leg-payout":
        for bet in table["bets"][seat]:
            colour, _, value = str(bet).partition(":")
            if value == "mid":
                parts.append((f"midfield card {colour}", g.camel.midfield_payout(rank[colour]),
                              place(colour)))
            else:
                parts.append((f"leader card {colour} {value}",
                              g.camel.leader_payout(int(value), rank[colour]), place(colour)))
        for figure in g.figures:
            placed = table[figure]
            if placed is not None and placed["holder"] == seat:
                parts.append((f"{figures.get(figure, figure)} placed", -1,
                              f"on space {placed['space']}"))
        return parts
    for key, what, pay in (("winner_bets", "final winner card", g.camel.final_winner_payout),
                           ("loser_bets", "final loser card", g.camel.final_loser_payout)):
        colour = table[key][seat]
        if colour is not None:
            parts.append((f"{what} {colour}", pay(rank[colour]), place(colour)))
    return parts


def payout_lines(g: CardGame, table: Table, event: Event,
                 figures: Mapping[str, str]) -> Sequence[str]:
    """A payout explained: ``Cy +4 = leader card blue 5 +5 (blue 1st), the fennec placed
    -1 (on space 5)``, and the money floor when it held the money up; none for another
    event."""
    parts = payout_parts(g, table, event, figures)
    if parts is None:
        return []
    seat, delta, money = event.data["seat"], event.data["delta"], event.data["money"]
    said = ", ".join(f"{what} {amount:+d} ({why})" for what, amount, why in parts)
    line = f"{seat_name(seat)} {delta:+d} = {said or 'no cards held'}"
    if table["money"][seat] + delta != money:
        line += f"; money kept at {money} ({g.rules.money_floor})"
    return [line]

"""Camel Up, 2nd edition (2018): the pure functions of the game.

``new_game`` (setup: CU2-SETUP-*), ``current_actor``, ``legal_actions`` and
``chance_outcomes`` (CU2-TURN-ORDER and the five actions), ``apply`` (total:
Applied or Rejected naming the rule), ``observation`` (CU2-HIDDEN) and
``outcome`` (CU2-WINNER). A die's reveal is :func:`.movement.reveal` (the
2018 reveal semantics, which moves the camels with
:func:`kernel.rules.stacks.move`); the leg and final scoring are here
(CU2-PAY-LEG, CU2-PARTNER-COPY, CU2-MONEY-FLOOR, CU2-LEG-RESET, CU2-PAY-FINAL).

Actions: ``bet:<colour>`` (CU2-BET-TICKET), ``cheer:<space>`` /
``boo:<space>`` (CU2-TILE-PLACE), ``pyramid`` (CU2-PYRAMID-TICKET),
``winner:<colour>`` / ``loser:<colour>`` (CU2-FINISH-CARD), ``partner:<seat>``
(CU2-PARTNER); chance: ``die:<colour>:<number>`` (a racing die, the grey die's
face in white or black, and at setup the dice placing the camels).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

from kernel.core import (
    CHANCE,
    TERMINAL,
    Action,
    Applied,
    ConfigError,
    Event,
    Outcome,
    PlainData,
    Rejected,
    Result,
)
from kernel.decode import show
from kernel.plugin import ActionKind, ActionSpace, Field, Vocabulary, screen
from kernel.rules.payouts import floor_money

from .data import (
    ALL_CAMELS,
    BEHIND_LINE,
    CELLS,
    COLOURS,
    CRAZY_CAMELS,
    CRAZY_START,
    GAME_ID,
    GREY_DIE,
    LEG_DICE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MONEY_FLOOR,
    NUMBERS,
    PARTNER_MIN_PLAYERS,
    PAST_LINE,
    PILES,
    RACING_START,
    SIDES,
    START_MONEY,
    TICKET_STACK,
    TILE_SPACES,
    VERSION,
)
from .movement import PYRAMID_PAY, Board, Face, Revealed, Tile, board_of, leg_payout, places, reveal
from .scoring import leg_total, pile_money, pile_payouts
from .state import (
    Camel2018State,
    camel_cells,
    checked,
    die_of,
    draft,
    from_data,
    held,
    pile,
    public_data,
    pyramid,
    stacks,
    status,
    to_data,
    top_ticket,
    violations,
)

__all__ = ["VERSION", "VOCABULARY", "action_space", "apply", "board", "chance_outcomes",
           "current_actor", "from_data", "legal_actions", "new_game", "observation",
           "outcome", "parse_config", "seats", "status", "to_data", "violations"]

KINDS: Final = (
    ActionKind("die", (Field("colour", str), Field("number", int)), "chance",
               "a die's face: a racing die or the grey die's white or black number "
               "(CU2-PYRAMID-TICKET, CU2-SETUP-RACING, CU2-SETUP-CRAZY)"),
    ActionKind("bet", (Field("colour", str),), doc="take the top betting ticket (CU2-BET-TICKET)"),
    ActionKind("cheer", (Field("space", int),),
               doc="place the spectator tile cheering side up (CU2-TILE-PLACE)"),
    ActionKind("boo", (Field("space", int),),
               doc="place the spectator tile boozing side up (CU2-TILE-PLACE)"),
    ActionKind("pyramid", doc="take a pyramid ticket and reveal a die (CU2-PYRAMID-TICKET)"),
    ActionKind("winner", (Field("colour", str),),
               doc="a finish card on the overall winner pile (CU2-FINISH-CARD)"),
    ActionKind("loser", (Field("colour", str),),
               doc="a finish card on the overall loser pile (CU2-FINISH-CARD)"),
    ActionKind("partner", (Field("partner", int),),
               doc="enter a betting partnership (CU2-PARTNER, 6 or more players)"),
)
CHANCE_KINDS: Final = frozenset(k.name for k in KINDS if k.actor == "chance")


#: The action universe (a table built at import).
VOCABULARY: Final = Vocabulary(GAME_ID, KINDS, [
    *(Action(GAME_ID, "die", c, n) for c in ALL_CAMELS for n in NUMBERS),
    *(Action(GAME_ID, "bet", c) for c in COLOURS),
    *(Action(GAME_ID, side, sp) for side in SIDES for sp in TILE_SPACES),
    Action(GAME_ID, "pyramid"),
    *(Action(GAME_ID, p, c) for p in PILES for c in COLOURS),
    *(Action(GAME_ID, "partner", seat) for seat in range(MAX_PLAYERS)),
])


def _act(kind: str, *values: str | int) -> Action:
    return VOCABULARY.get(kind, *values)


# --------------------------------------------------------------------------
# configuration and setup


def parse_config(config: object) -> dict[str, int]:
    """The configuration, defaults filled in (ConfigError: KERNEL-CONFIG)."""
    if not isinstance(config, Mapping):
        raise ConfigError(f"a configuration is an object, not {show(config)}")
    for key in config:
        if key not in ("players", "youngest"):
            raise ConfigError(f"unknown configuration key {show(key)}; known: players, youngest")
    players = config.get("players", 4)
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ConfigError(f"'players' must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {show(players)}")
    youngest = config.get("youngest", 0)
    if type(youngest) is not int or not 0 <= youngest < players:
        raise ConfigError(f"'youngest' must be a seat 0 to {players - 1}, not {show(youngest)}")
    return {"players": players, "youngest": youngest}


def new_game(config: Mapping[str, Any]) -> Camel2018State:
    """The table before the starting positions are rolled.

    CU2-SETUP-TICKETS (every stack 2, 2, 3, 5; 5 pyramid tickets), CU2-SETUP-MONEY
    (3 Pounds each), CU2-SETUP-CARDS (5 finish cards each, tiles off the board,
    partnership cards available), CU2-SETUP-START (the youngest seat holds the
    starting player marker); then chance places the camels (CU2-SETUP-RACING,
    CU2-SETUP-CRAZY).
    """
    c = parse_config(config)
    n, first = c["players"], c["youngest"]
    return Camel2018State(
        players=n, phase="setup", leg=1, starter=first, turn=first,
        track=((),) * CELLS, revealed=(), previous_leg=(), bets=((),) * n, pyramid_tickets=(0,) * n,
        tiles=(None,) * n, money=(START_MONEY,) * n, hands=(tuple(sorted(COLOURS)),) * n,
        winner_pile=(), loser_pile=(), winner_cards=((),) * n, loser_cards=((),) * n,
        partners=(None,) * n)


def action_space(config: Mapping[str, Any]) -> ActionSpace:
    """The fixed action space of a configuration (partnerships only with 6 or more)."""
    n = parse_config(config)["players"]
    chance = tuple(a for a in VOCABULARY.actions if a.kind in CHANCE_KINDS)
    players = tuple(a for a in VOCABULARY.actions if a.kind not in CHANCE_KINDS and (
        a.kind != "partner" or (n >= PARTNER_MIN_PLAYERS and int(a.values[0]) < n)))
    return ActionSpace(players, chance)


def seats(s: Camel2018State) -> int:
    return s.players


# --------------------------------------------------------------------------
# who acts and what is legal


def current_actor(s: Camel2018State) -> int:
    if s.phase == "over":
        return TERMINAL
    return CHANCE if s.phase in ("setup", "crazy", "reveal") else s.turn


def board(s: Camel2018State) -> Board:
    """The camels of a state with all seven camels on the board (:mod:`.movement`)."""
    return board_of({cell: stack for cell, stack in enumerate(s.track) if stack})


def chance_outcomes(s: Camel2018State) -> tuple[tuple[Action, Fraction], ...]:
    """Each chance outcome with its exact probability, sorted by action."""
    out: list[tuple[Action, Fraction]] = []
    where = camel_cells(s)
    if s.phase == "setup":  # CU2-SETUP-RACING: a camel not yet placed, a face 1-3
        left = [c for c in COLOURS if c not in where]
        out = [(_act("die", c, k), Fraction(1, 3 * len(left))) for c in left for k in NUMBERS]
    elif s.phase == "crazy":  # CU2-SETUP-CRAZY: the grey die, twice
        left = [c for c in CRAZY_CAMELS if c not in where]
        out = [(_act("die", c, k), Fraction(1, 3 * len(left))) for c in left for k in NUMBERS]
    elif s.phase == "reveal":  # CU2-PYRAMID-TICKET: a die in the pyramid, a face
        dice = pyramid(s)
        for die in dice:
            colours = CRAZY_CAMELS if die == GREY_DIE else (die,)
            for c in colours:
                for k in NUMBERS:
                    out.append((_act("die", c, k), Fraction(1, len(dice) * 3 * len(colours))))
    return tuple(sorted(out, key=lambda x: x[0]))


def _tile_spaces(s: Camel2018State, seat: int) -> list[int]:
    """CU2-TILE-PLACE: empty spaces 2-16, not next to another seat's tile, not the own space."""
    own = s.tiles[seat]
    blocked = {own[0]} if own is not None else set()
    for i, t in enumerate(s.tiles):
        if t is not None and i != seat:
            blocked.update((t[0] - 1, t[0], t[0] + 1))
    return [sp for sp in TILE_SPACES if not s.track[sp] and sp not in blocked]


_BET_ORDER: Final = tuple(sorted(COLOURS))


def legal_actions(s: Camel2018State) -> tuple[Action, ...]:
    """The legal actions, built in the sorted order (kind, then values)."""
    if s.phase in ("setup", "crazy", "reveal"):
        return tuple(a for a, _ in chance_outcomes(s))
    if s.phase != "turn":
        return ()
    seat = s.turn
    taken = held(s)
    out = [_act("bet", c) for c in _BET_ORDER if taken[c] < 4]  # CU2-BET-TICKET
    spaces = _tile_spaces(s, seat)  # CU2-TILE-PLACE
    out += [_act("boo", sp) for sp in spaces]
    out += [_act("cheer", sp) for sp in spaces]
    out += [_act("loser", c) for c in s.hands[seat]]  # CU2-FINISH-CARD (hands are sorted)
    if s.players >= PARTNER_MIN_PLAYERS and s.partners[seat] is None:  # CU2-PARTNER
        out += [_act("partner", o) for o in range(s.players)
                if o != seat and s.partners[o] is None]
    out.append(_act("pyramid"))  # CU2-PYRAMID-TICKET: always one left during a turn
    out += [_act("winner", c) for c in s.hands[seat]]
    return tuple(out)


def _allowed(s: Camel2018State, a: Action) -> bool:
    """Whether ``a`` is legal in ``s`` (the same rules as :func:`legal_actions`)."""
    if s.phase in ("setup", "crazy", "reveal"):
        return any(x == a for x, _ in chance_outcomes(s))
    if s.phase != "turn" or a.kind == "die":
        return False
    seat = s.turn
    if a.kind == "bet":
        return held(s)[str(a.values[0])] < len(TICKET_STACK)
    if a.kind in SIDES:
        return int(a.values[0]) in _tile_spaces(s, seat)
    if a.kind in PILES:
        return str(a.values[0]) in s.hands[seat]
    if a.kind == "partner":
        other = int(a.values[0])
        return (s.players >= PARTNER_MIN_PLAYERS and other != seat and other < s.players
                and s.partners[seat] is None and s.partners[other] is None)
    return a.kind == "pyramid"


# --------------------------------------------------------------------------
# apply


def apply(s: Camel2018State, action: object) -> Result:
    """Applied or Rejected naming the rule; never raises (KERNEL-INPUT)."""
    parsed = screen(action, VOCABULARY, lambda: current_actor(s), CHANCE_KINDS,
                    "the race is over")
    if isinstance(parsed, Rejected):
        return parsed
    if not _allowed(s, parsed):
        return _why_not(s, parsed)
    done = _step(s, parsed)
    return Applied(checked(done.state), done.events)  # every invariant, once per step


def _why_not(s: Camel2018State, a: Action) -> Rejected:
    rule = {"bet": "CU2-BET-TICKET", "cheer": "CU2-TILE-PLACE", "boo": "CU2-TILE-PLACE",
            "pyramid": "CU2-PYRAMID-TICKET", "winner": "CU2-FINISH-CARD",
            "loser": "CU2-FINISH-CARD", "partner": "CU2-PARTNER"}.get(a.kind)
    if rule is None:  # a chance outcome that cannot happen here
        rule = {"setup": "CU2-SETUP-RACING", "crazy": "CU2-SETUP-CRAZY"}.get(
            s.phase, "CU2-PYRAMID-TICKET")
    reasons = {
        "CU2-BET-TICKET": "that colour's betting tickets are all taken",
        "CU2-TILE-PLACE": "a tile goes on an empty space 2-16, not next to another tile, "
                          "and a moved tile on a different space",
        "CU2-FINISH-CARD": "that finish card is not in hand",
        "CU2-PARTNER": "a partnership needs 6 or more players and two available cards",
    }
    return Rejected(rule, f"{a.text}: " + reasons.get(rule, "no such die face can show now"))


def _next_turn(s: Camel2018State, events: list[Event]) -> Camel2018State:
    nxt = (s.turn + 1) % s.players  # CU2-TURN-ORDER
    events.append(Event("next-turn", ("CU2-TURN-ORDER",), {"seat": nxt}))
    return draft(s, phase="turn", turn=nxt)


def _replace(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    out = list(values)
    out[i] = value
    return tuple(out)


def _step(s: Camel2018State, a: Action) -> Applied:
    seat = s.turn
    events: list[Event] = []
    if a.kind == "die":
        return _chance(s, str(a.values[0]), int(a.values[1]))
    if a.kind == "bet":  # CU2-BET-TICKET
        colour = str(a.values[0])
        value = top_ticket(s, colour)
        s = draft(s, bets=_replace(s.bets, seat, (*s.bets[seat], f"{colour}:{value}")))
        events.append(Event("ticket-taken", ("CU2-BET-TICKET",),
                            {"seat": seat, "colour": colour, "value": value}))
    elif a.kind in SIDES:  # CU2-TILE-PLACE
        space = int(a.values[0])
        old = s.tiles[seat]
        s = draft(s, tiles=_replace(s.tiles, seat, (space, a.kind)))
        events.append(Event("tile-placed", ("CU2-TILE-PLACE",),
                            {"seat": seat, "space": space, "side": a.kind,
                             "moved_from": None if old is None else old[0]}))
    elif a.kind == "pyramid":  # CU2-PYRAMID-TICKET: the die is revealed by chance next
        s = draft(s, phase="reveal", pyramid_tickets=_replace(
            s.pyramid_tickets, seat, s.pyramid_tickets[seat] + 1))
        events.append(Event("pyramid-ticket", ("CU2-PYRAMID-TICKET",),
                            {"seat": seat, "ticket": sum(s.pyramid_tickets)}))
        return Applied(s, tuple(events))
    elif a.kind in PILES:  # CU2-FINISH-CARD, CU2-HIDDEN: the colour is its owner's secret
        colour = str(a.values[0])
        hand = list(s.hands[seat])
        hand.remove(colour)
        if a.kind == "winner":
            s = draft(s, winner_pile=(*s.winner_pile, seat), winner_cards=_replace(
                s.winner_cards, seat, (*s.winner_cards[seat], colour)))
        else:
            s = draft(s, loser_pile=(*s.loser_pile, seat), loser_cards=_replace(
                s.loser_cards, seat, (*s.loser_cards[seat], colour)))
        s = draft(s, hands=_replace(s.hands, seat, tuple(hand)))
        size = len(s.winner_pile if a.kind == "winner" else s.loser_pile)
        events.append(Event("finish-card", ("CU2-FINISH-CARD", "CU2-HIDDEN"),
                            {"seat": seat, "pile": a.kind, "colour": colour, "size": size},
                            secret=("colour",), owners=(seat,)))
    else:  # CU2-PARTNER: the other seat cannot refuse
        other = int(a.values[0])
        partners = _replace(_replace(s.partners, seat, other), other, seat)
        s = draft(s, partners=partners)
        events.append(Event("partnership", ("CU2-PARTNER",), {"seat": seat, "partner": other}))
    s = _next_turn(s, events)
    return Applied(s, tuple(events))


def _chance(s: Camel2018State, colour: str, number: int) -> Applied:
    events: list[Event] = []
    if s.phase == "setup":  # CU2-SETUP-RACING: on space 1-3, on top of those there
        space = RACING_START[number]
        track = _replace(s.track, space, (*s.track[space], colour))
        events.append(Event("camel-placed", ("CU2-SETUP-RACING",),
                            {"camel": colour, "number": number, "space": space}))
        placed = sum(1 for c in COLOURS if any(c in st for st in track))
        s = draft(s, track=track, phase="crazy" if placed == len(COLOURS) else "setup")
        return Applied(s, tuple(events))
    if s.phase == "crazy":  # CU2-SETUP-CRAZY: 1 = 16, 2 = 15, 3 = 14, the second on top
        space = CRAZY_START[number]
        track = _replace(s.track, space, (*s.track[space], colour))
        events.append(Event("camel-placed", ("CU2-SETUP-CRAZY",),
                            {"camel": colour, "number": number, "space": space}))
        done = all(any(c in st for st in track) for c in CRAZY_CAMELS)
        s = draft(s, track=track, phase="turn" if done else "crazy")
        if done:  # CU2-SETUP-START: the youngest seat starts the first leg
            events.append(Event("leg-started", ("CU2-SETUP-START", "CU2-TURN-ORDER"),
                                {"leg": 1, "starter": s.starter}))
        return Applied(s, tuple(events))
    return _reveal(s, colour, number)


def _tiles_on_board(s: Camel2018State) -> tuple[Tile, ...]:
    return tuple(Tile(t[0], t[1] == "cheer", seat) for seat, t in enumerate(s.tiles)
                 if t is not None)


def _reveal(s: Camel2018State, colour: str, number: int) -> Applied:
    """CU2-PYRAMID-TICKET: the die's face moves a camel (:func:`.movement.reveal`)."""
    seat = s.turn
    die = die_of(f"{colour}:{number}")
    before = board(s)
    tiles = _tiles_on_board(s)
    r: Revealed = reveal(before, tiles, die, Face(colour, number))
    events: list[Event] = [Event("die-revealed", ("CU2-PYRAMID-TICKET",),
                                 {"seat": seat, "die": die, "colour": colour, "number": number})]
    start = before.pos[ALL_CAMELS.index(r.camel)]
    move_rules = tuple(x for x in r.rules if x not in ("CU2-TILE-PAY", "CU2-RACE-END"))
    events.append(Event("camel-moved", move_rules, {
        "camel": r.camel, "from": start, "to": r.target, "unit": list(r.unit),
        "tiles": [tiles[i].space for i in r.used],
        "placed": "under" if r.used and not tiles[r.used[-1]].cheer else "top"}))
    money = list(s.money)
    for owner in r.paid:  # CU2-TILE-PAY: at once, before any race end
        money[owner] += 1
        events.append(Event("tile-paid", ("CU2-TILE-PAY",),
                            {"seat": owner, "amount": 1, "money": money[owner]}))
    track: list[tuple[str, ...]] = [()] * CELLS
    for c, (cell, _h) in sorted(enumerate(zip(r.board.pos, r.board.height, strict=True)),
                                key=lambda x: x[1]):
        track[cell] = (*track[cell], ALL_CAMELS[c])
    s = draft(s, track=tuple(track), money=tuple(money),
                     revealed=(*s.revealed, f"{colour}:{number}"))
    if r.ended:  # CU2-RACE-END: one more leg scoring, then the final scoring
        events.append(Event("race-ended", ("CU2-RACE-END",),
                            {"camel": r.camel, "cell": r.target,
                             "way": "backwards" if r.target == BEHIND_LINE else "forwards"}))
        s = _leg_scoring(s, events)
        s = _final_scoring(s, events)
        return Applied(s, tuple(events))
    if len(s.revealed) == LEG_DICE:  # CU2-LEG-END
        s = _leg_scoring(s, events)
        s = _reset(s, events)
        return Applied(s, tuple(events))
    s = _next_turn(s, events)
    return Applied(s, tuple(events))


def rewards(s: Camel2018State, seat: int) -> tuple[int, ...]:
    """The reward of each of a seat's tickets this leg: betting tickets then pyramid tickets
    (CU2-PAY-LEG, CU2-RANK)."""
    place = dict(zip(COLOURS, places(board(s)), strict=True))
    bets = [leg_payout(int(t.split(":")[1]), place[t.split(":")[0]]) for t in s.bets[seat]]
    return (*bets, *([PYRAMID_PAY] * s.pyramid_tickets[seat]))


def _leg_scoring(s: Camel2018State, events: list[Event]) -> Camel2018State:
    """CU2-PAY-LEG with CU2-PARTNER-COPY; the floor once on each seat's total (CU2-MONEY-FLOOR)."""
    ranking = sorted(COLOURS, key=lambda c: places(board(s))[COLOURS.index(c)])
    events.append(Event("leg-ended", ("CU2-LEG-END", "CU2-RANK"),
                        {"leg": s.leg, "ranking": ranking}))
    money = list(s.money)
    for seat in range(s.players):
        own = rewards(s, seat)
        partner = s.partners[seat]  # CU2-PARTNER-COPY: the best reward, if it helps
        delta = leg_total(own, rewards(s, partner) if partner is not None else (),
                          partner is not None)
        copied = delta - sum(own)
        money[seat] = floor_money(money[seat], delta, MONEY_FLOOR)
        rules = ("CU2-PAY-LEG", "CU2-MONEY-FLOOR") + (
            ("CU2-PARTNER-COPY",) if partner is not None else ())
        events.append(Event("leg-payout", rules, {"seat": seat, "delta": delta,
                                                  "copied": copied, "money": money[seat]}))
    return draft(s, money=tuple(money))


def _reset(s: Camel2018State, events: list[Event]) -> Camel2018State:
    """CU2-LEG-RESET: the marker to the left of the last pyramid ticket; everything returns."""
    starter = (s.turn + 1) % s.players
    n = s.players
    s = draft(s, leg=s.leg + 1, starter=starter, turn=starter, phase="turn",
                     revealed=(), previous_leg=s.revealed, bets=((),) * n,
                     pyramid_tickets=(0,) * n, tiles=(None,) * n, partners=(None,) * n)
    events.append(Event("leg-started", ("CU2-LEG-RESET", "CU2-TURN-ORDER"),
                        {"leg": s.leg, "starter": starter}))
    return s


def _final_scoring(s: Camel2018State, events: list[Event]) -> Camel2018State:
    """CU2-PAY-FINAL: each pile in the order placed; the floor after each card."""
    order = sorted(COLOURS, key=lambda c: places(board(s))[COLOURS.index(c)])
    money = s.money
    for name, camel in (("winner", order[0]), ("loser", order[-1])):
        cards = pile(s, name)
        owners = tuple(o for o, _ in cards)
        right = tuple(c == camel for _, c in cards)
        for i, ((owner, colour), delta) in enumerate(zip(cards, pile_payouts(right),
                                                         strict=True)):
            after = pile_money(money, owners[: i + 1], right[: i + 1])  # the floor card by card
            events.append(Event("final-payout", ("CU2-PAY-FINAL", "CU2-MONEY-FLOOR"),
                                {"seat": owner, "pile": name, "colour": colour, "camel": camel,
                                 "delta": delta, "money": after[owner]}))
        money = pile_money(money, owners, right)
    s = draft(s, money=tuple(money), phase="over")
    best = max(money)
    events.append(Event("game-over", ("CU2-WINNER",), {
        "money": list(money), "winners": [i for i, m in enumerate(money) if m == best]}))
    return s


# --------------------------------------------------------------------------
# what a seat sees, the end


def observation(s: Camel2018State, seat: int) -> dict[str, PlainData]:
    """CU2-HIDDEN: the table without the colours of the other seats' finish cards.

    The piles' owners and sizes, the hand sizes, money, tickets, tiles and
    partners are public. Once the race is over the piles are turned face up.
    """
    out = public_data(s)
    over = s.phase == "over"
    out["seat"] = seat
    out["hand"] = list(s.hands[seat])
    out["hand_sizes"] = [len(h) for h in s.hands]
    for name in PILES:
        cards = s.winner_cards if name == "winner" else s.loser_cards
        out[f"{name}_cards"] = ([list(c) for c in cards] if over
                                else [list(c) if i == seat else None for i, c in enumerate(cards)])
    out["stacks"] = {c: list(left) for c, left in stacks(s).items()}
    out["pyramid"] = list(pyramid(s))
    return out


def outcome(s: Camel2018State) -> Outcome | None:
    """CU2-WINNER: most money wins, ties share."""
    if s.phase != "over":
        return None
    best = max(s.money)
    return Outcome(s.money, tuple(i for i, m in enumerate(s.money) if m == best),
                   ("CU2-WINNER",), score_key="money")


#: A few names other modules use.
PAST: Final = PAST_LINE

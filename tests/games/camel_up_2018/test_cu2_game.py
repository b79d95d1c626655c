"""Camel Up, 2nd edition (2018): rule tests of the game (setup, turns, scoring, the end).

Each test names the rule IDs it checks (spec/camel-up-2018/rules.md). The
payouts, rankings and legal tile spaces are recomputed here independently of
the kernel's modules (small tables written from the catalogue), over seeded
random games and hand-built tables.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

import kernel
from kernel.core import CHANCE, TERMINAL, Applied, Event, Rejected
from kernel.games.camel_up_2018 import data, game, plain, state
from kernel.games.camel_up_2018.narrator import NARRATOR
from kernel.games.camel_up_2018.position import position_of

GAME = "camel-up-2018"
RACING = ("blue", "green", "red", "yellow", "purple")
CRAZY = ("white", "black")
STACKED = ("die:blue:1", "die:green:1", "die:red:1", "die:yellow:1", "die:purple:1",
           "die:white:1", "die:black:1")


Step = tuple[Any, Any, tuple[Event, ...]]


def play(players: int, seed: int, pyramid_bias: int = 3) -> list[Step]:
    """A seeded random game: (state before, action, events) per step, and the last state."""
    rng = random.Random(seed)
    s = game.new_game({"players": players, "youngest": seed % players})
    steps: list[tuple[Any, Any, tuple[Event, ...]]] = []
    while game.current_actor(s) != TERMINAL:
        if game.current_actor(s) == CHANCE:
            a = kernel.sample_chance(game.chance_outcomes(s), rng)
        else:
            legal = game.legal_actions(s)
            pyr = [x for x in legal if x.kind == "pyramid"]
            a = (pyr[0] if pyr and rng.randrange(pyramid_bias) == 0
                 else legal[rng.randrange(len(legal))])
        r = game.apply(s, a)
        assert isinstance(r, Applied), (a, r)
        steps.append((s, a, r.events))
        s = r.state
    steps.append((s, None, ()))
    return steps


@functools.cache
def games() -> list[list[Any]]:
    """Twelve seeded games, played on first use (a rule bug they trip fails a test)."""
    return [play(3 + seed % 6, seed) for seed in range(12)]


def start(players: int = 4, actions: tuple[str, ...] = STACKED) -> Any:
    s = game.new_game({"players": players})
    for a in actions:
        r = game.apply(s, a)
        assert isinstance(r, Applied), (a, r)
        s = r.state
    return s


def ranking(track: list[list[str]]) -> list[str]:
    """CU2-RANK, independently: by cell then height, racing camels only (cell 0 last)."""
    where = [(cell, h, c) for cell, stack in enumerate(track) for h, c in enumerate(stack)
             if c in RACING]
    return [c for _, _, c in sorted(where, reverse=True)]


def leg_reward(value: int, place: int) -> int:
    """CU2-PAY-LEG, independently: the value for first, +1 second, -1 otherwise."""
    return value if place == 1 else 1 if place == 2 else -1


# --------------------------------------------------------------------------
# setup


def test_setup_table() -> None:
    # CU2-SETUP-TICKETS, CU2-SETUP-MONEY, CU2-SETUP-CARDS, CU2-SETUP-START, CU2-DATA-COMPONENTS
    for n in range(3, 9):
        s = game.new_game({"players": n, "youngest": n - 1})
        assert s.money == (3,) * n and s.turn == s.starter == n - 1 and s.phase == "setup"
        assert all(sorted(h) == sorted(RACING) for h in s.hands)
        assert all(state.stack_of(s, c) == (2, 2, 3, 5) for c in RACING)
        assert s.tiles == (None,) * n and s.partners == (None,) * n
        assert state.pyramid(s) == (*RACING, "grey")
    assert data.COLOURS == RACING and data.CRAZY_CAMELS == CRAZY and data.TRACK_SPACES == 16
    assert data.TICKET_STACK == (2, 2, 3, 5) and data.PYRAMID_TICKETS == data.LEG_DICE == 5


def test_setup_racing_and_crazy_distribution() -> None:
    # CU2-SETUP-RACING: each face 1/3 per camel, and every order on a shared space equally
    # likely; CU2-SETUP-CRAZY: 1 = 16, 2 = 15, 3 = 14, either crazy camel first (1/2), the
    # second on top of the first on one space. Exact walk over the setup chance tree.
    def walk(root: Any, phase: str) -> dict[Any, Fraction]:
        layer: dict[Any, Fraction] = {root: Fraction(1)}
        while any(s.phase == phase for s in layer):
            nxt: dict[Any, Fraction] = {}
            for s, p in layer.items():
                if s.phase != phase:
                    nxt[s] = nxt.get(s, Fraction(0)) + p
                    continue
                for a, q in game.chance_outcomes(s):
                    r = game.apply(s, a)
                    assert isinstance(r, Applied)
                    nxt[r.state] = nxt.get(r.state, Fraction(0)) + p * q
            layer = nxt
        return layer

    racing = walk(game.new_game({"players": 3}), "setup")
    some = next(iter(racing))
    layer = {s: p * racing[some] for s, p in walk(some, "crazy").items()}
    assert sum(walk(some, "crazy").values()) == 1
    layer = {**{s: p for s, p in racing.items() if s != some}, **layer}
    assert sum(layer.values()) == 1
    faces: Counter[tuple[int, ...]] = Counter()
    blue_under_green = Fraction(0)
    green_under_blue = Fraction(0)
    crazy: Counter[tuple[tuple[int, int], tuple[int, int]]] = Counter()
    for s, p in layer.items():
        where = state.camel_cells(s)
        faces[tuple(where[c][0] for c in RACING)] += p  # type: ignore[assignment]
        if where["blue"][0] == where["green"][0]:
            if where["blue"][1] < where["green"][1]:
                blue_under_green += p
            else:
                green_under_blue += p
        if s.phase == "crazy":
            continue
        crazy[(where["white"], where["black"])] += p / racing[some]  # type: ignore[assignment]
        assert s.phase == "turn" and s.turn == 0
    assert len(faces) == 3 ** 5 and set(faces.values()) == {Fraction(1, 243)}
    assert blue_under_green == green_under_blue == Fraction(1, 6)
    # white on 16 at height 0 and black on 16 on top: white first (1/2) and both roll 1
    assert crazy[((16, 0), (16, 1))] == Fraction(1, 2) * Fraction(1, 9)
    assert crazy[((14, 0), (15, 0))] == Fraction(1, 9)
    assert all(cell in (14, 15, 16) for (w, b) in crazy for cell in (w[0], b[0]))


def test_youngest_config_rejected_out_of_range() -> None:
    # CU2-SETUP-START: the youngest seat is a seat of the game (KERNEL-CONFIG otherwise)
    with pytest.raises(ValueError):
        game.parse_config({"players": 3, "youngest": 3})
    with pytest.raises(ValueError):
        game.parse_config({"players": 9})


# --------------------------------------------------------------------------
# turns


def test_turn_order_clockwise_across_legs() -> None:
    # CU2-TURN-ORDER: each decision is taken by the seat after the previous decision's seat,
    # also across a leg end (the marker goes to the seat after the last pyramid ticket,
    # CU2-LEG-RESET); one action per turn.
    for steps in games():
        n = steps[0][0].players
        last = None
        for s, _a, _ in steps[:-1]:
            actor = game.current_actor(s)
            if actor >= 0:
                if last is not None:
                    assert actor == (last + 1) % n
                last = actor


def test_betting_tickets_from_the_top() -> None:
    # CU2-BET-TICKET: within a leg each colour's tickets go 5, 3, 2, 2; an empty stack
    # cannot be taken.
    for steps in games():
        taken: dict[str, list[int]] = {c: [] for c in RACING}
        for s, _a, events in steps[:-1]:
            for e in events:
                if e.kind == "ticket-taken":
                    taken[str(e.data["colour"])].append(int(e.data["value"]))
                if e.kind == "leg-started":
                    taken = {c: [] for c in RACING}
            for c in RACING:
                assert taken[c] == [5, 3, 2, 2][: len(taken[c])]
            if game.current_actor(s) >= 0:
                assert all((game.VOCABULARY.get("bet", c) in game.legal_actions(s))
                           == (len(state.stack_of(s, c)) > 0) for c in RACING)
    s = start()
    for _ in range(4):
        s = game.apply(s, "bet:red").state  # type: ignore[union-attr]
    r = game.apply(s, "bet:red")
    assert isinstance(r, Rejected) and r.rule == "CU2-BET-TICKET"


def tile_spaces(s: Any, seat: int) -> set[int]:
    """CU2-TILE-PLACE, independently: empty spaces 2-16, not next to another seat's tile."""
    others = [t[0] for i, t in enumerate(s.tiles) if t is not None and i != seat]
    own = s.tiles[seat][0] if s.tiles[seat] is not None else None
    return {sp for sp in range(2, 17) if not s.track[sp] and sp != own
            and all(abs(sp - o) > 1 for o in others)}


def test_tile_placement_spaces() -> None:
    # CU2-TILE-PLACE: the legal tile actions are both sides on exactly the allowed spaces.
    checked = 0
    for steps in games():
        for s, _a, _ in steps[:-1]:
            if game.current_actor(s) < 0:
                continue
            legal = game.legal_actions(s)
            for side in ("cheer", "boo"):
                got = {int(a.values[0]) for a in legal if a.kind == side}
                assert got == tile_spaces(s, s.turn)
            checked += 1
    assert checked > 500
    # the masks legality keeps: a bit for each empty tile space, for each allowed space
    from kernel.games.camel_up_2018 import legality

    for steps in games()[:2]:
        for s, _a, _ in steps[:-1:7]:
            free = {sp for sp in range(2, 17) if not s.track[sp]}
            assert legality._free(s.track) == sum(1 << sp for sp in free)
            if game.current_actor(s) >= 0:
                allowed = tile_spaces(s, s.turn)
                assert legality._tile_mask(s, s.turn) == sum(1 << sp for sp in allowed)


def test_tiles_stay_until_the_leg_ends() -> None:
    # CU2-TILE-PLACE, CU2-LEG-RESET: tiles stay on the board through landings and are
    # returned at the leg end.
    for steps in games():
        for s, a, events in steps[:-2]:
            nxt_index = steps.index((s, a, events)) + 1
            after = steps[nxt_index][0]
            kinds = {e.kind for e in events}
            if "leg-started" in kinds and after.leg > 1:
                assert after.tiles == (None,) * after.players
            elif a is not None and a.kind not in ("cheer", "boo") and after.phase != "over":
                assert after.tiles == s.tiles


def test_pyramid_chance() -> None:
    # CU2-PYRAMID-TICKET: each die in the pyramid 1/k, a racing face 1/3 of it, a grey face 1/6.
    s = start()
    for die_face in ("die:blue:1", "die:white:2"):
        s = game.apply(s, "pyramid").state  # type: ignore[union-attr]
        outcomes = dict(game.chance_outcomes(s))
        k = len(state.pyramid(s))
        assert sum(outcomes.values()) == 1
        for a, p in outcomes.items():
            colour = str(a.values[0])
            assert p == Fraction(1, k * (6 if colour in CRAZY else 3))
        s = game.apply(s, die_face).state  # type: ignore[union-attr]
    assert state.pyramid(s) == ("green", "red", "yellow", "purple")


def test_finish_cards_and_partnerships() -> None:
    # CU2-FINISH-CARD: a card from the hand on top of a pile, once; CU2-PARTNER: 6+ players,
    # both available, cannot be refused; partnerships end with the leg (CU2-LEG-RESET).
    s = start(6)
    s = game.apply(s, "partner:4").state  # type: ignore[union-attr]
    assert s.partners == (4, None, None, None, 0, None)
    r = game.apply(s, "partner:4")
    assert isinstance(r, Rejected) and r.rule == "CU2-PARTNER"
    s = game.apply(s, "loser:green").state  # type: ignore[union-attr]
    assert s.loser_pile == (1,) and s.loser_cards[1] == ("green",)
    assert "green" not in s.hands[1]
    r4 = game.apply(start(4), "partner:1")
    assert isinstance(r4, Rejected) and r4.rule == "CU2-PARTNER"
    for steps in games():
        for s, _a, events in steps:
            if any(e.kind == "leg-started" and e.data["leg"] > 1 for e in events):
                nxt = steps[steps.index((s, _a, events)) + 1][0]
                assert nxt.partners == (None,) * nxt.players


# --------------------------------------------------------------------------
# the leg, scoring, the end


def test_leg_ends_after_five_dice() -> None:
    # CU2-LEG-END: a leg ends after exactly 5 reveals (unless the race ends first).
    for steps in games():
        reveals = 0
        for _s, _a, events in steps:
            kinds = [e.kind for e in events]
            reveals += kinds.count("die-revealed")
            if "leg-ended" in kinds:
                assert reveals == 5 or "race-ended" in kinds
                reveals = 0
            assert reveals <= 5


def test_leg_scoring_recomputed() -> None:
    # CU2-PAY-LEG, CU2-RANK, CU2-PARTNER-COPY, CU2-MONEY-FLOOR (once on the leg total):
    # every leg payout of the random games, recomputed from the table before the leg end.
    checked = 0
    for steps in games():
        for s, _a, events in steps:
            ended = [e for e in events if e.kind == "leg-ended"]
            if not ended:
                continue
            # the table right after the move: the track of the move, tickets of the leg
            moved = next(e for e in events if e.kind == "camel-moved")
            assert moved is not None
            order = list(ended[0].data["ranking"])
            money = list(s.money)
            for e in events:
                if e.kind == "tile-paid":
                    money[int(e.data["seat"])] += 1
            tickets = list(s.pyramid_tickets)

            def rewards(seat: int, s: Any = s, order: list[str] = order,
                        tickets: list[int] = tickets) -> list[int]:
                bets = [leg_reward(value, order.index(colour) + 1)
                        for colour, value in s.bets[seat]]
                return bets + [1] * tickets[seat]

            pays = {int(e.data["seat"]): e for e in events if e.kind == "leg-payout"}
            for seat in range(s.players):
                partner = s.partners[seat]
                copied = max([0, *rewards(partner)]) if partner is not None else 0
                delta = sum(rewards(seat)) + copied
                assert pays[seat].data["delta"] == delta
                assert pays[seat].data["money"] == max(0, money[seat] + delta)
                checked += 1
    assert checked > 50


def test_rank_and_race_end() -> None:
    # CU2-RANK (independent ranking of the final track), CU2-RACE-END (the game is over
    # exactly when a camel is beyond the line, at once), CU2-PAY-FINAL and CU2-WINNER
    # recomputed: piles in the order placed, 8, 5, 3, 2, 1... for right cards, -1 for
    # wrong ones, the floor after each card.
    for steps in games():
        final = steps[-1][0]
        _before, _a, events = steps[-2]
        assert final.phase == "over" and (final.track[0] or final.track[17])
        assert all(not (s.track[0] or s.track[17]) for s, _, _ in steps[:-1])
        order = ranking([list(x) for x in final.track])
        assert next(e for e in events if e.kind == "leg-ended").data["ranking"] == order
        money = [0] * final.players
        for e in events:
            if e.kind == "leg-payout":
                money[int(e.data["seat"])] = int(e.data["money"])
        for name, camel in (("winner", order[0]), ("loser", order[-1])):
            right = 0
            for owner, colour in state.pile(final, name):
                if colour == camel:
                    delta = (8, 5, 3, 2)[right] if right < 4 else 1
                    right += 1
                else:
                    delta = -1
                money[owner] = max(0, money[owner] + delta)
        assert list(final.money) == money
        outcome = game.outcome(final)
        assert outcome is not None
        assert list(outcome.winners) == [i for i, m in enumerate(money) if m == max(money)]


def test_tile_pays_before_the_race_ends() -> None:
    # CU2-TILE-PAY, CU2-RACE-END: a unit pushed across the line by a cheering tile on 16
    # pays the tile's owner first, then the race ends.
    s = start()
    track = [list(x) for x in s.track]
    track[1] = ["green", "red", "yellow", "purple"]
    track[14] = ["blue"]
    track[16] = []
    track[10] = ["white"]
    track[12] = ["black"]
    s = plain.from_data({**plain.to_data(s), "track": track})
    s = game.apply(s, "cheer:16").state  # type: ignore[union-attr]
    s = game.apply(s, "pyramid").state  # type: ignore[union-attr]
    r = game.apply(s, "die:blue:2")
    assert isinstance(r, Applied)
    kinds = [e.kind for e in r.events]
    assert kinds.index("tile-paid") < kinds.index("race-ended")
    assert r.state.track[17] == ("blue",) and r.state.phase == "over"


def test_hidden_finish_card_colours() -> None:
    # CU2-HIDDEN: a seat's observation shows its own finish cards, never another's colours;
    # the finish-card event hides the colour from the other seats.
    s = start()
    r = game.apply(s, "winner:purple")
    assert isinstance(r, Applied)
    event = next(e for e in r.events if e.kind == "finish-card")
    assert event.seen_by(0).data["colour"] == "purple" and event.seen_by(1).data["colour"] is None
    mine, theirs = game.observation(r.state, 0), game.observation(r.state, 1)
    assert mine["winner_cards"] == [["purple"], None, None, None]
    assert theirs["winner_cards"] == [None, [], None, None] and theirs["winner_pile"] == [0]
    # the same table with seat 0's card another colour looks the same to seat 1
    other = game.apply(s, "winner:blue")
    assert isinstance(other, Applied)
    assert game.observation(other.state, 1) == theirs
    assert game.observation(other.state, 0) != mine


def test_position_document() -> None:
    # CU2-PYRAMID-TICKET, CU2-BET-TICKET, CU2-TILE-PLACE: the position of the leg seen
    # from the seat to move.
    s = start()
    for a in ("bet:blue", "cheer:9", "pyramid", "die:red:2", "boo:12"):
        s = game.apply(s, a).state  # type: ignore[union-attr]
    doc = position_of(s)
    assert doc["track"] == {"1": ["blue", "green"], "3": ["red", "yellow", "purple"],
                            "16": ["white", "black"]}
    assert doc["pyramid"] == ["blue", "green", "yellow", "purple", "grey"]
    assert doc["tiles"] == {"9": "cheer", "12": "boo"}
    assert doc["tickets"] == {"blue": 3, "green": 5, "red": 5, "yellow": 5, "purple": 5}
    assert s.turn == 0 and "mover_tile" not in doc
    s = game.apply(s, "bet:red").state  # type: ignore[union-attr]
    assert position_of(s)["mover_tile"] == 9
    with pytest.raises(ValueError):
        position_of(game.new_game({"players": 3}))


def test_narrator_follows_the_table() -> None:
    # The told game (race-kernel play): the narrator's after() keeps the track, money,
    # tickets, tiles and dice in step with the state, event by event.
    keys = ("track", "money", "bets", "revealed", "winner_pile", "loser_pile", "hands",
            "winner_cards", "loser_cards", "pyramid_tickets", "partners", "tiles", "leg")
    for steps in games()[:4]:
        table: Any = plain.to_data(steps[0][0])
        for i, (_s, _a, events) in enumerate(steps[:-1]):
            for e in events:
                table = NARRATOR.after(table, e)
                NARRATOR.explain(table, e)
            after = plain.to_data(steps[i + 1][0])
            for k in keys:
                assert table[k] == after[k], (k, i)
            assert NARRATOR.draw(table)
        outcome = game.outcome(steps[-1][0])
        assert outcome is not None and NARRATOR.standings(outcome)


def test_legal_actions_sorted_and_apply_agrees() -> None:
    # CU2-TURN-ORDER (KERNEL-LEGAL): the legal actions come sorted and unique, and apply
    # accepts exactly them (every action of the universe tried on sampled states).
    for steps in games()[:3]:
        for s, _a, _e in steps[::5]:
            legal = game.legal_actions(s)
            assert list(legal) == sorted(set(legal))
            for a in game.VOCABULARY.actions:
                ok = isinstance(game.apply(s, a), Applied)
                assert ok == (a in legal), (a, s.phase)


def test_crossing_meets_no_tile_beyond_the_line() -> None:
    # CU2-RACE-END, CU2-TILE-PAY: a unit crossing the line (either way) ends the race at
    # once and never reaches a tile on the other side of the board.
    for track, tile, die in (
        ({1: ["white"], 3: list(RACING), 9: ["black"]}, (15, "cheer"), "die:white:2"),
        ({5: ["blue", "green", "red", "yellow"], 10: ["white"], 12: ["black"],
          16: ["purple"]}, (2, "boo"), "die:purple:3"),
    ):
        s = start()
        cells: list[list[str]] = [[] for _ in range(18)]
        for cell, stack in track.items():
            cells[cell] = list(stack)
        data = {**plain.to_data(s), "track": cells,
                "tiles": [None, {"space": tile[0], "side": tile[1]}, None, None]}
        s = plain.from_data(data)
        s = game.apply(s, "pyramid").state  # type: ignore[union-attr]
        r = game.apply(s, die)
        assert isinstance(r, Applied)
        assert r.state.phase == "over" and not any(e.kind == "tile-paid" for e in r.events)
        assert r.state.money[1] == 3


def test_scoring_functions() -> None:
    # CU2-PAY-FINAL, CU2-PARTNER-COPY, CU2-MONEY-FLOOR: the pure scoring functions on
    # hand-worked values (the floor after each finish card, not once per pile).
    from kernel.games.camel_up_2018.scoring import leg_total, pile_money, pile_payouts

    assert pile_payouts((True,) * 6) == (8, 5, 3, 2, 1, 1)
    assert pile_payouts((False, True, False, True)) == (-1, 8, -1, 5)
    assert leg_total((1, -1), (5, 1), True) == 5 and leg_total((1, -1), (-1,), True) == 0
    assert leg_total((1, -1), (5,), False) == 0
    assert pile_money((0, 3), (0, 0, 1), (False, True, False)) == (8, 2)
    assert pile_money((1, 0), (1, 1), (False, False)) == (1, 0)


def test_position_feeds_the_odds() -> None:
    # CU2-TILE-PLACE, CU2-PYRAMID-TICKET: the position document of a state is read by the
    # odds (race-kernel odds), and the odds' tile spaces are the game's legal ones.
    from kernel.games.camel_up_2018 import odds, odds_cli

    checked = 0
    for steps in games()[:4]:
        for s, _a, _e in steps[::7]:
            if s.phase != "turn":
                continue
            pos = odds_cli.position_from_document(position_of(s))
            legal = {int(a.values[0]) for a in game.legal_actions(s) if a.kind == "cheer"}
            assert set(odds.legal_tile_spaces(pos)) == legal
            checked += 1
    assert checked > 10


def test_the_money_floor_applies_once_to_a_legs_total() -> None:
    # CU2-MONEY-FLOOR, CU2-PAY-LEG: the floor applies once, to a seat's leg total, not
    # after each ticket. The golden vectors' chosen game (plans.CHOSEN_GAMES: 4 players,
    # seed 7) has a leg whose tickets pay -1s before +1s to a seat with 2 coins, where a
    # floor after each ticket would give another amount: every leg payout there is the
    # money before plus the leg's total, floored once.
    from kernel.games.camel_up_2018.movement import PYRAMID_PAY, leg_payout
    from kernel.games.camel_up_2018.plans import CHOSEN_GAMES
    from kernel.rules.payouts import floor_money

    assert ({"players": 4}, 7) in CHOSEN_GAMES
    trace = kernel.play(GAME, {"players": 4}, 7)
    before, checked, would_differ, ranking = trace.initial, 0, 0, []
    for step in trace.steps:
        money = list(before.money)  # as it stands when the leg is scored (tiles pay first)
        for e in step.events:
            if e.kind == "leg-ended":
                ranking = e.data["ranking"]
            if e.kind != "leg-payout":
                if "seat" in e.data and "money" in e.data:
                    money[e.data["seat"]] = e.data["money"]
                continue
            seat, delta = e.data["seat"], e.data["delta"]
            assert e.data["money"] == max(data.MONEY_FLOOR, money[seat] + delta), e
            place = {c: i + 1 for i, c in enumerate(ranking)}
            tickets = [leg_payout(v, place[c]) for c, v in before.bets[seat]]
            tickets += [PYRAMID_PAY] * before.pyramid_tickets[seat]
            assert sum(tickets) == delta, (e, tickets)
            per_ticket = money[seat]
            for reward in tickets:
                per_ticket = floor_money(per_ticket, reward, data.MONEY_FLOOR)
            would_differ += per_ticket != e.data["money"]
            checked += 1
        before = step.state
    assert checked >= 8 and would_differ >= 1, (checked, would_differ)


# --------------------------------------------------------------------------
# setup, actions, reveals and the race's end, event by event; rejections; configuration


def played(s: Any, actions: tuple[str, ...]) -> Any:
    for a in actions:
        r = game.apply(s, a)
        assert isinstance(r, Applied), (a, r)
        s = r.state
    return s


def before_the_end(purple: int = 16) -> Any:
    """A 4-player leg 1 with purple alone on space ``purple`` and both piles laid.

    Winner pile, first placed first: seat 0 green, seat 0 blue, seat 1 purple, seat 0
    purple (seat 0 holds three cards on it); loser pile: seat 2 blue, seat 3 red. Seat 3
    has no money. Seat 0 is to move.
    """
    track: list[list[str]] = [[] for _ in range(18)]
    track[1], track[3], track[5], track[8], track[purple] = (
        ["blue"], ["green"], ["red"], ["yellow"], ["purple"])
    track[10], track[12] = ["black"], ["white"]
    doc = {**plain.to_data(game.new_game({"players": 4})), "phase": "turn", "track": track,
           "money": [3, 3, 3, 0],
           "winner_pile": [0, 0, 1, 0], "loser_pile": [2, 3],
           "winner_cards": [["green", "blue", "purple"], ["purple"], [], []],
           "loser_cards": [[], [], ["blue"], ["red"]],
           "hands": [["red", "yellow"], ["blue", "green", "red", "yellow"],
                     ["green", "purple", "red", "yellow"],
                     ["blue", "green", "purple", "yellow"]]}
    return plain.from_data(doc)


def test_interleaved_winner_pile_is_paid_card_by_card() -> None:
    # CU2-RACE-END, CU2-RANK, CU2-PAY-LEG, CU2-PAY-FINAL, CU2-MONEY-FLOOR, CU2-WINNER:
    # purple crosses the line; the last leg scoring pays seat 0's pyramid ticket (+1);
    # then the winner pile (purple), first placed first: seat 0 green -1 (3), seat 0 blue
    # -1 (2), seat 1 purple, the first right card, +8 (11), seat 0 purple, the second,
    # +5 (7); the loser pile (blue, the last camel): seat 2 blue +8 (11), seat 3 red -1,
    # floored at 0. Seats 1 and 2 share the win with 11.
    s = played(before_the_end(), ("pyramid",))
    r = game.apply(s, "die:purple:1")
    assert isinstance(r, Applied)
    finals = [e for e in r.events if e.kind == "final-payout"]
    assert [(e.data["seat"], e.data["pile"], e.data["colour"], e.data["camel"],
             e.data["delta"], e.data["money"]) for e in finals] == [
        (0, "winner", "green", "purple", -1, 3),
        (0, "winner", "blue", "purple", -1, 2),
        (1, "winner", "purple", "purple", 8, 11),
        (0, "winner", "purple", "purple", 5, 7),
        (2, "loser", "blue", "blue", 8, 11),
        (3, "loser", "red", "blue", -1, 0),
    ]
    assert all(e.rules == ("CU2-PAY-FINAL", "CU2-MONEY-FLOOR") for e in finals)
    assert state.pile(s, "winner") == ((0, "green"), (0, "blue"), (1, "purple"), (0, "purple"))
    assert state.pile(s, "loser") == ((2, "blue"), (3, "red"))
    over = r.events[-1]
    assert over.kind == "game-over" and over.rules == ("CU2-WINNER",)
    assert dict(over.data) == {"money": [7, 11, 11, 0], "winners": [1, 2]}
    assert r.state.money == (7, 11, 11, 0) and r.state.phase == "over"
    outcome = game.outcome(r.state)
    assert outcome is not None
    assert outcome.scores == (7, 11, 11, 0) and outcome.winners == (1, 2)
    assert outcome.rules == ("CU2-WINNER",)
    assert outcome.to_data() == {"money": [7, 11, 11, 0], "winners": [1, 2]}


def test_piles_seen_by_each_seat() -> None:
    # CU2-HIDDEN: a seat sees the colours of its own cards on both piles and only the
    # owners of the others'; once the race is over both piles are face up.
    s = before_the_end()
    for seat, winner, loser in (
        (0, [["green", "blue", "purple"], None, None, None], [[], None, None, None]),
        (3, [None, None, None, []], [None, None, None, ["red"]]),
        (2, [None, None, [], None], [None, None, ["blue"], None]),
    ):
        seen = game.observation(s, seat)
        assert seen["winner_cards"] == winner and seen["loser_cards"] == loser, seat
        assert seen["winner_pile"] == [0, 0, 1, 0] and seen["loser_pile"] == [2, 3]
        assert seen["hand"] == list(s.hands[seat])
        assert "hands" not in seen
    end = played(s, ("pyramid", "die:purple:1"))
    for seat in range(4):
        seen = game.observation(end, seat)
        assert seen["winner_cards"] == [["green", "blue", "purple"], ["purple"], [], []]
        assert seen["loser_cards"] == [[], [], ["blue"], ["red"]]


def test_rejections_name_the_rule_and_the_reason() -> None:
    # KERNEL-INPUT (apply never raises; a Rejected names the rule that forbids): each
    # illegal action of a seat is refused by its own rule with the rule's reason, and a
    # chance outcome that cannot happen by the rule of the chance node.
    tile = ("a tile goes on an empty space 2-16, not next to another tile, "
            "and a moved tile on a different space")
    s4 = played(game.new_game({"players": 4}), STACKED)
    red_gone = played(s4, ("bet:red",) * 4)
    end = before_the_end()  # seat 0 holds red and yellow only
    setup = game.new_game({"players": 3})
    crazy = played(game.new_game({"players": 3}), STACKED[:5])
    revealing = played(s4, ("pyramid", "die:red:1", "pyramid"))
    for s, action, rule, reason in (
        # CU2-BET-TICKET: the four tickets of a colour are taken
        (red_gone, "bet:red", "CU2-BET-TICKET", "that colour's betting tickets are all taken"),
        # CU2-TILE-PLACE: a camel stands on 16; next to another seat's tile; the own space
        (s4, "cheer:16", "CU2-TILE-PLACE", tile),
        (played(s4, ("boo:9",)), "cheer:10", "CU2-TILE-PLACE", tile),
        (played(s4, ("boo:9", "bet:red", "bet:red", "bet:red")), "cheer:9", "CU2-TILE-PLACE",
         tile),
        # CU2-FINISH-CARD: the card is not in hand (on a pile already)
        (end, "winner:blue", "CU2-FINISH-CARD", "that finish card is not in hand"),
        (end, "loser:purple", "CU2-FINISH-CARD", "that finish card is not in hand"),
        # CU2-PARTNER: fewer than 6 players; a seat that already has a partner
        (s4, "partner:1", "CU2-PARTNER",
         "a partnership needs 6 or more players and two available cards"),
        (played(game.new_game({"players": 6}), (*STACKED, "partner:3")), "partner:0",
         "CU2-PARTNER", "a partnership needs 6 or more players and two available cards"),
        # chance: a crazy camel before the racing camels are placed (CU2-SETUP-RACING), a
        # racing camel among the crazy ones (CU2-SETUP-CRAZY), a die out of the pyramid
        (setup, "die:white:1", "CU2-SETUP-RACING", "no such die face can show now"),
        (crazy, "die:red:1", "CU2-SETUP-CRAZY", "no such die face can show now"),
        (revealing, "die:red:2", "CU2-PYRAMID-TICKET", "no such die face can show now"),
    ):
        r = game.apply(s, action)
        assert isinstance(r, Rejected), (action, r)
        assert (r.rule, r.reason) == (rule, f"{action}: {reason}"), action


def event_rows(events: Any) -> list[tuple[str, tuple[str, ...], dict[str, Any]]]:
    return [(e.kind, e.rules, dict(e.data)) for e in events]


def test_a_tile_pushes_a_camel_across_the_line() -> None:
    # CU2-PYRAMID-TICKET, CU2-DIE-RACING, CU2-TILE-CHEER, CU2-TILE-PAY, CU2-RACE-END,
    # CU2-LEG-END, CU2-RANK, CU2-PAY-LEG, CU2-MONEY-FLOOR: purple on 15, seat 0's
    # cheering tile on 16; seat 1 reveals purple 1: purple lands on the tile, seat 0 is
    # paid 1 at once, the tile pushes purple across the line (cell 17) and the race ends;
    # the move's own rules are the die's and the tile's (the payment and the race end are
    # events of their own). The last leg scoring pays seat 1's pyramid ticket.
    s = played(before_the_end(purple=15), ("cheer:16", "pyramid"))
    r = game.apply(s, "die:purple:1")
    assert isinstance(r, Applied)
    floor = ("CU2-PAY-LEG", "CU2-MONEY-FLOOR")
    assert event_rows(r.events[:9]) == [
        ("die-revealed", ("CU2-PYRAMID-TICKET",),
         {"seat": 1, "die": "purple", "colour": "purple", "number": 1}),
        ("camel-moved", ("CU2-DIE-RACING", "CU2-TILE-CHEER"),
         {"camel": "purple", "from": 15, "to": 17, "unit": ["purple"], "tiles": [16],
          "placed": "top"}),
        ("tile-paid", ("CU2-TILE-PAY",), {"seat": 0, "amount": 1, "money": 4}),
        ("race-ended", ("CU2-RACE-END",), {"camel": "purple", "cell": 17, "way": "forwards"}),
        ("leg-ended", ("CU2-LEG-END", "CU2-RANK"),
         {"leg": 1, "ranking": ["purple", "yellow", "red", "green", "blue"]}),
        ("leg-payout", floor, {"seat": 0, "delta": 0, "copied": 0, "money": 4}),
        ("leg-payout", floor, {"seat": 1, "delta": 1, "copied": 0, "money": 4}),
        ("leg-payout", floor, {"seat": 2, "delta": 0, "copied": 0, "money": 3}),
        ("leg-payout", floor, {"seat": 3, "delta": 0, "copied": 0, "money": 0}),
    ]
    # CU2-PAY-FINAL: seat 0 4 -1 -1 +5 = 7, seat 1 4 + 8 = 12, seat 2 3 + 8, seat 3 0 - 1 -> 0
    assert r.state.money == (7, 12, 11, 0)


def test_a_grey_die_carries_racing_camels_backwards_across_the_line() -> None:
    # CU2-DIE-GREY (a), CU2-MOVE-CRAZY, CU2-RACE-END, CU2-RANK: white carries blue on
    # space 2; the grey die shows black 3 but only white carries a racing camel, so white
    # moves with blue 3 back, across the line (cell 0): blue is last.
    track: list[list[str]] = [[] for _ in range(18)]
    track[2], track[6], track[9], track[11] = ["white", "blue"], ["green", "red"], \
        ["yellow", "purple"], ["black"]
    s = plain.from_data({**plain.to_data(game.new_game({"players": 3})), "phase": "turn",
                         "track": track})
    s = played(s, ("pyramid",))
    r = game.apply(s, "die:black:3")
    assert isinstance(r, Applied)
    assert event_rows(r.events[:4]) == [
        ("die-revealed", ("CU2-PYRAMID-TICKET",),
         {"seat": 0, "die": "grey", "colour": "black", "number": 3}),
        ("camel-moved", ("CU2-DIE-GREY", "CU2-MOVE-CRAZY"),
         {"camel": "white", "from": 2, "to": 0, "unit": ["white", "blue"], "tiles": [],
          "placed": "top"}),
        ("race-ended", ("CU2-RACE-END",), {"camel": "white", "cell": 0, "way": "backwards"}),
        ("leg-ended", ("CU2-LEG-END", "CU2-RANK"),
         {"leg": 1, "ranking": ["purple", "yellow", "red", "green", "blue"]}),
    ]


def test_leg_end_with_partners() -> None:
    # CU2-PARTNER, CU2-PARTNER-COPY, CU2-PAY-LEG, CU2-LEG-END, CU2-LEG-RESET,
    # CU2-TURN-ORDER: 6 seats; seats 0 and 1 are partners, seat 1 holds purple's 5 ticket;
    # seats 2-5 and 0 take the five pyramid tickets (purple stays on top and leads).
    # Seat 0: its pyramid ticket 1 + the copied 5 = 6; seat 1: 5 + the copied 1 = 6; the
    # others 1 each; only the partners' payouts name CU2-PARTNER-COPY. The marker goes to
    # the seat after seat 0, which took the last pyramid ticket.
    s = played(game.new_game({"players": 6}), (*STACKED, "partner:1", "bet:purple"))
    s = played(s, ("pyramid", "die:blue:1", "pyramid", "die:green:1", "pyramid", "die:red:1",
                  "pyramid", "die:yellow:1", "pyramid"))
    r = game.apply(s, "die:white:1")  # black sits on white: black moves (CU2-DIE-GREY (b))
    assert isinstance(r, Applied)
    told = event_rows(r.events)
    floor = ("CU2-PAY-LEG", "CU2-MONEY-FLOOR")
    assert told[2:] == [
        ("leg-ended", ("CU2-LEG-END", "CU2-RANK"),
         {"leg": 1, "ranking": ["purple", "yellow", "red", "green", "blue"]}),
        ("leg-payout", (*floor, "CU2-PARTNER-COPY"),
         {"seat": 0, "delta": 6, "copied": 5, "money": 9}),
        ("leg-payout", (*floor, "CU2-PARTNER-COPY"),
         {"seat": 1, "delta": 6, "copied": 1, "money": 9}),
        *[("leg-payout", floor, {"seat": seat, "delta": 1, "copied": 0, "money": 4})
          for seat in range(2, 6)],
        ("leg-started", ("CU2-LEG-RESET", "CU2-TURN-ORDER"), {"leg": 2, "starter": 1}),
    ]
    assert r.state.partners == (None,) * 6 and r.state.turn == 1


def test_configuration_defaults_and_refusals() -> None:
    # KERNEL-CONFIG, CU2-DATA-COMPONENTS (3 to 8 players), CU2-SETUP-START (the youngest
    # seat, default 0): the defaults the game's ConfigSpec documents, and each refusal
    # names the key, the allowed range and the value given.
    from kernel.core import ConfigError
    from kernel.games.camel_up_2018 import INFO

    documented = {f.name: f.default for f in INFO.config.fields}
    assert documented == {"players": 4, "youngest": 0}
    assert game.parse_config({}) == documented
    assert game.parse_config({"players": 3}) == {"players": 3, "youngest": 0}
    assert game.parse_config({"players": 8, "youngest": 7}) == {"players": 8, "youngest": 7}
    assert game.parse_config({"youngest": 3}) == {"players": 4, "youngest": 3}
    for config, message in (
        ([], "a configuration is an object, not a list of 0 items"),
        ({"players": 4, "seed": 1}, "unknown configuration key 'seed'; known: players, youngest"),
        ({"players": 9}, "'players' must be 3 to 8, not 9"),
        ({"players": 2}, "'players' must be 3 to 8, not 2"),
        ({"players": True}, "'players' must be 3 to 8, not true"),
        ({"players": "4"}, "'players' must be 3 to 8, not '4'"),
        ({"players": 3, "youngest": 3}, "'youngest' must be a seat 0 to 2, not 3"),
        ({"youngest": -1}, "'youngest' must be a seat 0 to 3, not -1"),
        ({"youngest": False}, "'youngest' must be a seat 0 to 3, not false"),
    ):
        with pytest.raises(ConfigError) as refused:
            game.parse_config(config)
        assert str(refused.value) == f"{message} [KERNEL-CONFIG]", config
    s = game.new_game({"players": 5, "youngest": 4})
    assert (s.players, s.starter, s.turn, s.phase, s.leg) == (5, 4, 4, "setup", 1)


def test_setup_events() -> None:
    # CU2-SETUP-RACING (a racing die's number n puts the camel on space n, on top),
    # CU2-SETUP-CRAZY (the grey die: 1 = 16, 2 = 15, 3 = 14), CU2-SETUP-START (the
    # youngest seat starts the first leg), CU2-TURN-ORDER.
    s = game.new_game({"players": 3, "youngest": 1})
    told = []
    for a in ("die:red:2", "die:blue:1", "die:green:3", "die:yellow:2", "die:purple:2",
              "die:white:3", "die:black:1"):
        r = game.apply(s, a)
        assert isinstance(r, Applied)
        told += event_rows(r.events)
        s = r.state
    placed = [("camel-placed", (rule,), {"camel": c, "number": n, "space": sp})
              for rule, c, n, sp in (
                  ("CU2-SETUP-RACING", "red", 2, 2), ("CU2-SETUP-RACING", "blue", 1, 1),
                  ("CU2-SETUP-RACING", "green", 3, 3), ("CU2-SETUP-RACING", "yellow", 2, 2),
                  ("CU2-SETUP-RACING", "purple", 2, 2), ("CU2-SETUP-CRAZY", "white", 3, 14),
                  ("CU2-SETUP-CRAZY", "black", 1, 16))]
    assert told == [*placed, ("leg-started", ("CU2-SETUP-START", "CU2-TURN-ORDER"),
                              {"leg": 1, "starter": 1})]
    assert s.track[2] == ("red", "yellow", "purple") and s.phase == "turn" and s.turn == 1


def test_action_events() -> None:
    # CU2-PYRAMID-TICKET (the ticket's number this leg), CU2-FINISH-CARD with CU2-HIDDEN
    # (the pile and its size after the card; the colour only for its owner),
    # CU2-BET-TICKET, CU2-TILE-PLACE, CU2-PARTNER, CU2-TURN-ORDER.
    s = played(game.new_game({"players": 6}), STACKED)
    told = []
    for a in ("winner:blue", "winner:green", "loser:red", "pyramid", "die:red:1", "bet:red",
              "boo:5", "partner:3", "pyramid"):
        r = game.apply(s, a)
        assert isinstance(r, Applied)
        told += [x for x in event_rows(r.events) if x[0] not in ("die-revealed", "camel-moved")]
        s = r.state
    hidden = ("CU2-FINISH-CARD", "CU2-HIDDEN")
    turn = ("CU2-TURN-ORDER",)
    assert told == [
        ("finish-card", hidden, {"seat": 0, "pile": "winner", "colour": "blue", "size": 1}),
        ("next-turn", turn, {"seat": 1}),
        ("finish-card", hidden, {"seat": 1, "pile": "winner", "colour": "green", "size": 2}),
        ("next-turn", turn, {"seat": 2}),
        ("finish-card", hidden, {"seat": 2, "pile": "loser", "colour": "red", "size": 1}),
        ("next-turn", turn, {"seat": 3}),
        ("pyramid-ticket", ("CU2-PYRAMID-TICKET",), {"seat": 3, "ticket": 1}),
        ("next-turn", turn, {"seat": 4}),
        ("ticket-taken", ("CU2-BET-TICKET",), {"seat": 4, "colour": "red", "value": 5}),
        ("next-turn", turn, {"seat": 5}),
        ("tile-placed", ("CU2-TILE-PLACE",),
         {"seat": 5, "space": 5, "side": "boo", "moved_from": None}),
        ("next-turn", turn, {"seat": 0}),
        ("partnership", ("CU2-PARTNER",), {"seat": 0, "partner": 3}),
        ("next-turn", turn, {"seat": 1}),
        ("pyramid-ticket", ("CU2-PYRAMID-TICKET",), {"seat": 1, "ticket": 2}),
    ]


def test_small_refusals_and_readings() -> None:
    # KERNEL-TERMINAL: a finished race takes no action, in the game's words.
    end = played(before_the_end(), ("pyramid", "die:purple:1"))
    r = game.apply(end, "bet:red")
    assert isinstance(r, Rejected) and (r.rule, r.reason) == ("KERNEL-TERMINAL",
                                                              "the race is over")
    # CU2-PARTNER: a partner is a seat of the game (seats 0..n-1 of 6 or 7)
    for n in (6, 7):
        s = played(game.new_game({"players": n}), STACKED)
        r = game.apply(s, f"partner:{n}")
        assert isinstance(r, Rejected) and r.rule == "CU2-PARTNER", n
        assert isinstance(game.apply(s, f"partner:{n - 1}"), Applied)
    # CU2-BET-TICKET: an empty stack shows no ticket and its top is worth nothing (0)
    s = played(game.new_game({"players": 4}), (*STACKED, "bet:red", "bet:red", "bet:red"))
    assert state.stack_of(s, "red") == (2,) and state.top_ticket(s, "red") == 2
    s = played(s, ("bet:red",))
    assert state.stack_of(s, "red") == () and state.top_ticket(s, "red") == 0
    assert game.observation(s, 1)["stacks"]["red"] == []
    assert position_of(s)["tickets"] == {"blue": 5, "green": 5, "red": 0, "yellow": 5,
                                         "purple": 5}


def test_legality_and_event_tables_are_made_once() -> None:
    # CU2-BET-TICKET, CU2-TILE-PLACE, CU2-FINISH-CARD, CU2-PARTNER, CU2-PYRAMID-TICKET: the
    # tables the legal actions are read from (the bets per tickets, the free tile spaces
    # per track, the tile mask per tiles/track/seat, the tile actions per mask, the cards
    # per hand, the offers per partners/seat) and a turn's events are made once and given
    # again, the very objects, for the same state and action
    from kernel.games.camel_up_2018 import legality

    turns = [s for steps in games() for s, _a, _e in steps
             if s.phase == "turn" and s.players >= data.PARTNER_MIN_PLAYERS
             and s.partners[s.turn] is None]
    assert turns
    for s in turns[:: max(1, len(turns) // 8)]:
        seat = s.turn

        def tables(s: state.Camel2018State = s, seat: int = seat) -> tuple[object, ...]:
            legality.legal_actions(s)
            legality._free(s.track)
            return (legality._bets_last, legality._mask_last, legality._free_last,
                    legality._TILE_ACTIONS[legality._tile_mask(s, seat)],
                    legality._CARDS[s.hands[seat]], legality._OFFERS[(s.partners, seat)])

        first = tables()
        assert all(a is b for a, b in zip(first, tables(), strict=True)), s
        for a in legality.legal_actions(s):
            if a.kind in ("bet", "cheer", "boo", "pyramid"):
                one, two = game.apply(s, a), game.apply(s, a)
                assert isinstance(one, Applied) and isinstance(two, Applied)
                assert all(x is y for x, y in zip(one.events, two.events, strict=True)), a


def test_the_phase_is_a_change_only_when_it_changes() -> None:
    # CU2-TURN-ORDER, CU2-PYRAMID-TICKET: a seat's action within its turn names no phase
    # change to the incremental check (which then skips the checks a phase change needs);
    # a pyramid ticket (turn -> reveal) and the die's reveal (reveal -> turn) name it
    seen: list[frozenset[str]] = []
    full = state.delta_violations

    def spy(p: state.Camel2018State, s: state.Camel2018State,
            changed: Any = None) -> tuple[str, ...]:
        seen.append(frozenset(changed if changed is not None else ()))
        return full(p, s, changed)

    kinds: Counter[str] = Counter()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(state, "delta_violations", spy)
        for steps in games()[:4]:
            for s, a, _e in steps[:-1]:
                if s.phase not in ("turn", "reveal"):
                    continue
                seen.clear()
                r = game.apply(s, a)
                assert isinstance(r, Applied) and len(seen) == 1
                moved = r.state.phase != s.phase
                assert ("phase" in seen[0]) == moved, (a, s.phase, r.state.phase)
                kinds[a.kind] += 1
    assert kinds["bet"] and kinds["pyramid"] and kinds["die"]


def test_why_not_agrees_with_the_legal_actions_in_every_phase() -> None:
    # KERNEL-LEGAL (CU2-TURN-ORDER, CU2-PYRAMID-TICKET, CU2-FINISH-CARD): the game's
    # why_not names no rule for exactly the legal actions, in every phase, also once the
    # race is over (no action is legal then) and for a die face during a turn (chance's)
    phases: Counter[str] = Counter()
    for steps in games()[:3]:
        for s, _a, _e in (*steps[::9], steps[-1]):
            legal = set(game.legal_actions(s))
            for a in game.VOCABULARY.actions:
                assert (game.why_not(s, a) is None) == (a in legal), (a, s.phase)
            phases[s.phase] += 1
    assert phases["over"] >= 3 and phases["turn"] and phases["reveal"]

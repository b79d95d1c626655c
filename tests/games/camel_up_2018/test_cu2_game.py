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

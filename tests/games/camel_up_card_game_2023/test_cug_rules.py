"""Camel Up: The Card Game (2023): one test (or more) per rule, commented with its ID.

The tables are the spec's hand-written fixtures (spec/camel-up-card-game-2023/
examples/fixtures.json) with patches; the expected values are worked out by
hand from the catalogue's readings.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from cug_tables import lay, run, table

import kernel
from kernel.core import Action, Applied, Event, Rejected
from kernel.games.camel_up_card_game_2023 import crazy, data, engine, game, legality
from kernel.games.camel_up_card_game_2023.data import CRAZY, GAME_ID
from kernel.games.camel_up_card_game_2023.state import FIELDS, CugState, candidate, violations

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = json.loads((ROOT / "spec/camel-up-card-game-2023/examples/fixtures.json").read_text())
COLOURS = data.RACING_COLOURS


def fixture(name: str, **patch: Any) -> CugState:
    """A spec fixture rebuilt with from_data, with top-level keys replaced."""
    entry = FIXTURES["fixtures"][name]
    base = dict(entry["state"]) if "state" in entry else dict(fixture_data(entry["from"]))
    base.update(entry.get("patch", {}))
    base.update(patch)
    return game.from_data(base)


def fixture_data(name: str) -> dict[str, Any]:
    return game.to_data(fixture(name))


def stacks(n: int, **cells: list[str]) -> list[list[str]]:
    out: list[list[str]] = [[] for _ in range(n)]
    for key, camels in cells.items():
        out[int(key[1:])] = camels
    return out


def do(s: CugState, *actions: str) -> tuple[CugState, list[Event]]:
    events: list[Event] = []
    for a in actions:
        r = game.apply(s, a)
        assert isinstance(r, Applied), (a, r)
        s = r.state
        events += r.events
    return s, events


def refused(s: CugState, action: str) -> str:
    r = game.apply(s, action)
    assert isinstance(r, Rejected), action
    return r.rule


def kinds(events: Sequence[Event], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == kind]


# --------------------------------------------------------------------------
# data and setup


def test_components() -> None:
    # CUG-DATA-CARDS: 30 racing cards (per colour five 1s and one 2), 5 crazy camel
    # cards (two 0, two 1, one 2), leader stacks 2, 2, 3, 5.
    assert len(data.FULL_DECK) == 30
    for c in COLOURS:
        assert data.FULL_DECK.count(f"{c}+1") == 5 and data.FULL_DECK.count(f"{c}+2") == 1
    assert sorted(data.CRAZY_CARDS) == ["black-0", "black-0", "black-1", "black-1", "black-2"]
    assert data.LEADER_STACK == (2, 2, 3, 5)
    assert data.CARD_CAMEL["black-2"] == data.CRAZY and data.CARD_STEPS["black-2"] == 2


def test_setup_card_figures() -> None:
    # CUG-DATA-SETUPCARD, CUG-INV-SETUPCARD: dealt = discarded + added + 1 on every card;
    # the 4-player track is 16 [SOURCE]; 5 and 6 players add 2 and 3 discards [SOURCE 001].
    for players, card in data.SETUP_CARDS.items():
        assert card.dealt == card.discard + card.to_deck + 1 and card.intel == 0
        assert players * card.dealt <= 30
    assert data.SETUP_CARDS[4].flag == 16
    assert data.EXTRA_FROM_DISCARD == {2: 0, 3: 0, 4: 0, 5: 2, 6: 3}


@pytest.mark.parametrize("players", range(2, 7))
def test_initial_table(players: int) -> None:
    # CUG-SETUP-TRACK, CUG-SETUP-FINAL, CUG-SETUP-MONEY, CUG-SETUP-START, CUG-SETUP-CRAZY
    ages = list(range(players))[::-1]
    s = game.new_game({"players": players, "age_order": ages})
    d = game.to_data(s)
    assert len(d["stacks"]) == data.SETUP_CARDS[players].flag + 2  # 0, spaces, Finish
    assert d["stacks"][0] == list(COLOURS) and d["stacks"][7] == ["black"]
    assert d["money"] == [3] * players
    assert d["shortcut_tokens"] == d["fennec_tokens"] == [True] * players
    assert d["winner_bets"] == d["loser_bets"] == [None] * players
    assert s.starter == players - 1  # the youngest
    # CUG-SETUP-REVEAL: the starting reveals draw the 30 racing cards, no crazy card
    outs = dict(game.chance_outcomes(s))
    assert {a.text for a in outs} == {f"draw:{c}+{v}" for c in COLOURS for v in (1, 2)}
    assert outs[game.ACTIONS[("draw", "blue+1")]] == Fraction(1, 6)


def test_five_reveals_never_reach_space_seven() -> None:
    # CUG-SETUP-CRAZY: placing the crazy camel on 7 before the reveals is the same as after:
    # no sequence of 5 starting cards takes a racing camel past space 6 (exhaustive).
    rules = engine.CAMEL_RULES
    counts = {f"{c}+{v}": (5 if v == 1 else 1) for c in COLOURS for v in (1, 2)}
    seen: set[Any] = set()
    best = 0

    def walk(pos: tuple[int, ...], height: tuple[int, ...], left: tuple[int, ...], n: int) -> None:
        nonlocal best
        key = (pos, height, left, n)
        if key in seen:
            return
        seen.add(key)
        best = max(best, *pos)
        if n == 5:
            return
        for i, card in enumerate(counts):
            if left[i]:
                m = rules.move(pos, height, data.CARD_CAMEL[card], data.CARD_STEPS[card], 0, 0, 15)
                walk(m.pos, m.height, (*left[:i], left[i] - 1, *left[i + 1:]), n + 1)

    walk((0,) * 5, (0,) * 5, tuple(counts.values()), 0)
    assert best == 6


# --------------------------------------------------------------------------
# movement


def test_carry_stack_and_start() -> None:
    # CUG-MOVE-CARRY, CUG-MOVE-STACK: green carries orange onto white, on top.
    s, _ = do(fixture("cug-leg1-4p"), "reveal", "draw:green+2")
    assert game.to_data(s)["stacks"][4] == ["white", "green", "orange"]
    # CUG-MOVE-START: behind the start line a camel moves alone.
    s = fixture("cug-leg1-4p", stacks=stacks(18, c0=["blue", "green"], c2=["orange"],
                                             c4=["white"], c5=["yellow"], c7=["black"]))
    s, _ = do(s, "reveal", "draw:blue+1")
    assert game.to_data(s)["stacks"][:2] == [["green"], ["blue"]]


def test_shortcut_and_fennec() -> None:
    # CUG-MOVE-SHORTCUT: one further, on top; the marker and its card go back.
    s = fixture("cug-leg1-4p", shortcut={"space": 3, "holder": 1},
                shortcut_tokens=[True, False, True, True], shortcut_placers=[1])
    s, _ = do(s, "personal:0")
    d = game.to_data(s)
    assert d["stacks"][4] == ["white", "blue"] and d["shortcut"] is None
    assert d["shortcut_tokens"] == [True, False, True, True]  # CUG-ACT-MARKER: still spent
    assert d["shortcut_placers"] == [1]  # CUG-INV-MARKERS: seat 1 placed it this leg
    # CUG-MOVE-FENNEC: one back, underneath.
    s = fixture("cug-leg1-4p", fennec={"space": 6, "holder": 2},
                fennec_tokens=[True, True, False, True], fennec_placers=[2])
    s, _ = do(s, "reveal", "draw:white+2")
    assert game.to_data(s)["stacks"][5] == ["white", "yellow"]


def test_markers_chain_once_each() -> None:
    # CUG-MOVE-CHAIN: shortcut on 3 sends blue to the fennec on 4, which sends it back to 3.
    s = fixture("cug-leg1-4p", stacks=stacks(18, c1=["blue"], c2=["green", "orange"],
                                             c5=["yellow"], c7=["black"], c9=["white"]),
                shortcut={"space": 3, "holder": 1}, fennec={"space": 4, "holder": 2},
                shortcut_tokens=[True, False, True, True], fennec_tokens=[True, True, False, True],
                shortcut_placers=[1], fennec_placers=[2])
    s, events = do(s, "personal:0")
    moved = kinds(events, "camel-moved")[0]
    assert (moved["to"], moved["figures"], moved["placed"]) == (3, ["shortcut", "fennec"], "under")


def test_passed_marker_returns_without_cost() -> None:
    # CUG-MOVE-PASSED, CUG-PAY-MARKER: every racing camel past the shortcut: back beside
    # the track with its card, though the crazy camel is behind it; its placer pays nothing.
    s = fixture("cug-last-card-4p",
                stacks=stacks(18, c1=["black", "blue"], c4=["green", "orange"], c5=["white"],
                              c6=["yellow"]),
                shortcut={"space": 2, "holder": 3}, shortcut_tokens=[True, True, True, False],
                shortcut_placers=[3], turn=0)
    s, events = do(s, "personal:0", "end", "reveal", "draw:yellow+1")
    assert kinds(events, "figure-returned") == [{"figures": ["shortcut"]}]
    assert [p["delta"] for p in kinds(events, "leg-payout")] == [0, 0, 0, 0]


@pytest.mark.parametrize(("card", "riders", "steps"), [
    ("black-0", False, 0), ("black-1", False, 1), ("black-2", False, 2),
    ("black-0", True, 1), ("black-1", True, 2), ("black-2", True, 3)])
def test_crazy_card_steps(card: str, riders: bool, steps: int) -> None:
    # CUG-MOVE-CRAZY: the card's number, one more with camels on its back (0 alone: none).
    top = {"c7": ["black", "yellow"]} if riders else {"c7": ["black"], "c5": ["yellow"]}
    d = fixture_data("cug-leg1-4p")
    if card == "black-2":  # the fixture's deck holds black-0 and black-1: swap in the 2
        d["deck"] = sorted(["black-2" if c == "black-1" else c for c in d["deck"]])
        d["discard"] = sorted(["black-1" if c == "black-2" else c for c in d["discard"]])
    s = fixture("cug-leg1-4p", deck=d["deck"], discard=d["discard"],
                stacks=stacks(18, c1=["blue"], c2=["green", "orange"], c4=["white"], **top))
    s, events = do(s, "reveal", f"draw:{card}")
    told = kinds(events, "crazy-card")[0]
    assert told["steps"] == steps and told["riders"] == (["yellow"] if riders else [])
    assert s.pos[data.CRAZY] == 7 - steps
    assert riders is False or s.pos[data.RACING - 1] == 7 - steps  # yellow carried along


def test_crazy_pure_functions() -> None:
    # CUG-MOVE-CRAZY: the steps of a crazy camel card.
    assert [crazy.crazy_steps(v, r) for v in (0, 1, 2) for r in (0, 1)] == [0, 1, 1, 2, 2, 3]
    # CUG-LEG-CRAZY: behind the fourth racing camel, by cell and stack height.
    assert crazy.behind_fourth((1, 2, 2, 4, 6, 2), (0, 1, 2, 0, 0, 0))  # under green, 4th
    assert not crazy.behind_fourth((1, 2, 2, 4, 6, 2), (0, 0, 1, 0, 0, 2))  # on top of 2
    assert not crazy.behind_fourth((0, 0, 3, 4, 6, 0), (0, 0, 0, 0, 0, 0))  # shared fifth
    pos, height = crazy.reposition((3, 2, 2, 4, 6, 3), (1, 0, 1, 0, 0, 0), 3, 17)
    assert pos == (3, 2, 2, 4, 6, 9) and height == (0, 0, 1, 0, 0, 0)  # blue taken off
    assert crazy.reposition((3, 2, 2, 14, 16, 3), (1, 0, 1, 0, 0, 0), 3, 17)[0][5] == 17


def test_crazy_stops_behind_start_and_markers_reversed() -> None:
    # CUG-MOVE-CRAZY, CUG-MOVE-START: the stack stops behind the start line, unstacked.
    s = fixture("cug-leg1-4p", stacks=stacks(18, c1=["black", "blue"], c2=["green", "orange"],
                                             c4=["white"], c5=["yellow"]))
    s, _ = do(s, "reveal", "draw:black-1")
    assert game.to_data(s)["stacks"][0] == ["blue", "black"]
    # CUG-MOVE-SHORTCUT reversed: one more towards the start, on top of yellow.
    s = fixture("cug-leg1-4p", shortcut={"space": 6, "holder": 0},
                shortcut_tokens=[False, True, True, True], shortcut_placers=[0])
    s, _ = do(s, "reveal", "draw:black-1")
    assert game.to_data(s)["stacks"][5] == ["yellow", "black"]


# --------------------------------------------------------------------------
# race-track actions and bets


def test_personal_cards() -> None:
    # CUG-ACT-PERSONAL: own card free, full value; another's costs 1 Pound to its owner.
    s, _ = do(fixture("cug-leg1-4p"), "personal:0")
    assert game.to_data(s)["stacks"][3] == ["blue"] and s.money == (3, 3, 3, 3)
    s, _ = do(fixture("cug-leg1-4p"), "personal:2")
    assert s.money == (2, 3, 4, 3) and s.payouts == ((-1,), (), (1,), ())
    poor = fixture("cug-leg1-4p", money=[0, 3, 3, 3], payouts=[[-3], [], [], []])
    assert refused(poor, "personal:1") == "CUG-ACT-PERSONAL"
    assert {a.text for a in game.legal_actions(poor) if a.kind == "personal"} == {"personal:0"}


def test_marker_placement() -> None:
    # CUG-ACT-MARKER: empty spaces ahead of the last racing camel, not the Finish; the token.
    s = fixture("cug-leg1-4p", stacks=stacks(18, c2=["green", "orange"], c3=["blue"],
                                             c4=["white"], c5=["yellow"], c7=["black"]))
    spaces = {a.arg for a in game.legal_actions(s) if a.kind == "shortcut"}
    assert spaces == {6, *range(8, 17)}
    s, _ = do(s, "shortcut:8")
    assert s.palm == 8 and s.palm_holder == 0 and s.shortcut_tokens[0] is False
    assert s.shortcut_placers == (0,) and s.fennec_placers == ()  # CUG-INV-MARKERS
    spent = fixture("cug-leg1-4p", shortcut_tokens=[False, True, True, True],
                    shortcut_placers=[0])
    assert refused(spent, "shortcut:9") == "CUG-ACT-MARKER"


def test_turn_shape_order_and_bets() -> None:
    # CUG-TURN-SHAPE, CUG-TURN-ORDER, CUG-BET-LEG, CUG-BET-FINAL
    s = fixture("cug-leg1-4p")
    assert refused(s, "end") == "CUG-TURN-SHAPE"
    s, _ = do(s, "leg:blue")
    assert refused(s, "mid:green") == "CUG-TURN-SHAPE"
    s, _ = do(s, "reveal", "draw:white+1")
    assert s.turn == 1 and s.leaders[0] == (2, 2, 3) and s.bets[0] == ((0, 5),)
    s, events = do(s, "win:green", "reveal", "draw:white+2")
    assert s.turn == 2 and refused(s, "win:green") == "CUG-BET-FINAL"
    s, events = do(fixture("cug-leg1-4p", winner_bets=["blue", None, None, None]), "win:green")
    assert kinds(events, "bet")[0]["returned"] == "blue"


def test_reveal_is_a_uniform_draw() -> None:
    # CUG-ACT-REVEAL: the racing deck's top card, uniformly, crazy camel cards included.
    s, _ = do(fixture("cug-leg1-4p"), "reveal")
    outs = game.chance_outcomes(s)
    assert len(outs) == 10 and {p for _, p in outs} == {Fraction(1, 10)}


# --------------------------------------------------------------------------
# legs


def test_leg_end_payout_and_next_setup() -> None:
    # CUG-LEG-END, CUG-RANK, CUG-PAY-LEADER, CUG-PAY-MID, CUG-PAY-MARKER, CUG-MONEY-FLOOR,
    # CUG-LEG-RESET, CUG-TURN-START
    s = fixture("cug-last-card-4p", leaders={**{c: [2, 2, 3, 5] for c in COLOURS},
                                             "yellow": [2, 2, 3], "blue": [2, 2, 3]},
                midfield=["blue", "green", "orange", "yellow"],
                bets=[["yellow:5"], ["white:mid"], [], ["blue:5"]],
                fennec={"space": 10, "holder": 2}, fennec_tokens=[True, True, False, True],
                fennec_placers=[2], money=[3, 3, 3, 0], payouts=[[], [], [], [-3]])
    s, events = do(s, "reveal", "draw:yellow+1")
    assert [p["delta"] for p in kinds(events, "leg-payout")] == [5, 1, -1, -1]
    assert s.money == (8, 4, 2, 0)
    assert s.phase == "deal" and s.leg == 2 and s.starter == 3
    assert all(s.fennec_tokens) and s.fennec == 0 and not any(s.hands)
    assert s.fennec_placers == s.shortcut_placers == ()  # CUG-INV-MARKERS: a new leg


def test_crazy_repositioned_and_extension() -> None:
    # CUG-LEG-CRAZY: behind the fourth camel: riders off, three spaces ahead of the leader.
    s = fixture("cug-last-card-4p", stacks=stacks(18, c1=["black", "blue"],
                                                  c2=["green", "orange"], c4=["white"],
                                                  c5=["yellow"]))
    s, _ = do(s, "reveal", "draw:yellow+1")
    assert s.pos == (1, 2, 2, 4, 6, 9) and s.height[0] == 0
    # CUG-LEG-CRAZY, CUG-EXTEND: no card left and no room: onto the Finish.
    s = fixture("cug-last-card-4p", track="FFFFFFFFFFFF",
                stacks=stacks(26, c18=["black"], c19=["blue"], c20=["green", "orange"],
                              c21=["white", "yellow"]))
    s, _ = do(s, "reveal", "draw:yellow+1")
    assert s.pos[data.CRAZY] == 25 and s.extended == 0
    # CUG-EXTEND: an odd last space is a card on its sandstorm side.
    s = fixture("cug-last-card-4p", stacks=stacks(18, c11=["blue"], c12=["green", "orange"],
                                                  c13=["white", "yellow"], c15=["black"]))
    s, _ = do(s, "reveal", "draw:yellow+1")
    assert game.to_data(s)["track"] == "FFFFFFFFS" and s.extended == 1


def test_sandstorm_keeps_a_card_with_the_crazy_camel() -> None:
    # CUG-SANDSTORM: empty cards between last and leader flip; the crazy camel's does not.
    s = fixture("cug-last-card-4p", stacks=stacks(18, c1=["blue", "green"],
                                                  c2=["orange", "white"], c5=["black"],
                                                  c9=["yellow"]))
    s, events = do(s, "reveal", "draw:yellow+1")
    assert kinds(events, "sandstorm") == [{"cards": [2, 4]}]


def test_deal_choices_extra_and_crazy_cards() -> None:
    # CUG-LEG-DEAL: the deal draws the 30 racing cards only.
    s, _ = do(fixture("cug-last-card-4p"), "reveal", "draw:yellow+1")
    assert {a.arg for a, _ in game.chance_outcomes(s)} == set(data.FULL_DECK)
    # CUG-LEG-DISCARD, CUG-LEG-DECK: the choice asked for, a card held.
    s = fixture("cug-discard-5p")
    assert refused(s, "discard:yellow+2") == "CUG-LEG-DISCARD"
    s = fixture("cug-deck-5p")
    assert refused(s, "discard:yellow+2") == "CUG-LEG-DECK"
    # CUG-LEG-EXTRA: 2 random discards with 5 players; CUG-LEG-CRAZYCARDS: 2 of 5 crazy.
    s, _ = do(s, "deck:yellow+2")
    assert s.phase == "extra" and len(game.chance_outcomes(s)) == 5
    s, events = do(s, "draw:blue+1", "draw:green+1")
    assert dict((a.arg, p) for a, p in game.chance_outcomes(s)) == {
        "black-0": Fraction(2, 5), "black-1": Fraction(2, 5), "black-2": Fraction(1, 5)}
    s, events = do(s, "draw:black-2", "draw:black-0")
    assert len(s.deck) == 5 * 1 + 2 + 2 and s.deck.count("black-0") == 1
    # CUG-LEG-PERSONAL: the last cards lie face up: every seat sees them.
    assert kinds(events, "personal-cards")[0]["cards"] == [h[0] for h in s.hands]
    assert game.observation(s, 0)["hands"] == [list(h) for h in s.hands]


def test_hidden_information() -> None:
    # CUG-LEG-HIDDEN: the deck, the discards and which cards were shuffled in are hidden.
    s = fixture("cug-deck-5p")
    obs = game.observation(s, 1)
    assert "deck" not in obs and "discard" not in obs and obs["hands"][0] is None
    s, events = do(s, "deck:yellow+2", "draw:blue+1")
    shuffled = [e for e in events if e.kind == "shuffled-in"]
    assert shuffled and all(e.data["card"] is None for seat in range(5)
                            for e in kernel.events_seen(shuffled, seat))


# --------------------------------------------------------------------------
# the end


def test_race_end_final_payout_floor_twice() -> None:
    # CUG-GAME-END, CUG-PAY-FINAL, CUG-PAY-WINNER, CUG-PAY-LOSER, CUG-MONEY-FLOOR, CUG-WINNER
    s = fixture("cug-leg1-4p",
                stacks=stacks(18, c1=["blue"], c2=["green", "orange"], c4=["white"],
                              c7=["black"], c16=["yellow"]),
                leaders={**{c: [2, 2, 3, 5] for c in COLOURS}, "yellow": [2, 2, 3],
                         "blue": [2, 2, 3]},
                bets=[["yellow:5"], [], [], ["blue:5"]],
                winner_bets=[None, "yellow", None, "white"],
                loser_bets=[None, None, "blue", "orange"],
                money=[3, 3, 3, 0], payouts=[[], [], [], [-3]])
    s, _ = do(s, "reveal", "draw:yellow+1")
    out = game.outcome(s)
    assert out is not None and out.scores == (8, 10, 10, 2) and out.winners == (1, 2)


def test_crazy_camel_alone_on_finish_does_not_end() -> None:
    # CUG-GAME-END: only a racing camel on the Finish ends the race.
    s = fixture("cug-leg1-4p", stacks=stacks(18, c1=["blue"], c2=["green", "orange"],
                                             c4=["white"], c5=["yellow"], c17=["black"]),
                fennec={"space": 16, "holder": 1}, fennec_tokens=[True, False, True, True],
                fennec_placers=[1])
    s, events = do(s, "reveal", "draw:black-1")
    assert s.phase == "play" and s.pos[data.CRAZY] == 17 and not kinds(events, "race-ended")


# --------------------------------------------------------------------------
# invariants


def _broken(**patch: Any) -> tuple[str, ...]:
    d = fixture_data("cug-leg1-4p")
    d.update(patch)
    return game.status(d)


def test_invariants_by_id() -> None:
    d = fixture_data("cug-leg1-4p")
    assert game.status(d) == ()
    # CUG-INV-CAMELS, CUG-INV-STACKS, CUG-INV-CRAZY
    assert _broken(stacks=stacks(18, c0=["black"], c1=["blue"], c2=["green", "orange"],
                                 c4=["white"], c5=["yellow"], c7=["black"])) == ("CUG-INV-CAMELS",)
    assert _broken(stacks=stacks(18, c1=["blue"], c2=["green", "orange"], c4=["white"],
                                 c7=["black"], c17=["yellow"])) == ("CUG-INV-STACKS",)
    setup = fixture_data("cug-discard-5p")
    setup["stacks"] = stacks(19, c0=["black"], c1=["blue"], c3=["green", "orange"],
                             c4=["white"], c6=["yellow"])
    assert game.status(setup) == ("CUG-INV-CRAZY",)
    # CUG-INV-CARDS, CUG-INV-LEGCARDS, CUG-INV-FINALCARDS, CUG-INV-MARKERS
    assert _broken(deck=d["deck"][:-1]) == ("CUG-INV-CARDS",)
    assert _broken(bets=[["blue:5"], [], [], []]) == ("CUG-INV-LEGCARDS",)
    assert _broken(winner_bets=["blue", "blue", None, None]) == ("CUG-INV-FINALCARDS",)
    assert _broken(shortcut={"space": 8, "holder": 1}) == ("CUG-INV-MARKERS",)
    # CUG-INV-FLOOR, CUG-INV-LEDGER, CUG-INV-TRACK, CUG-INV-PHASE
    assert _broken(money=[-1, 3, 3, 3], payouts=[[-4], [], [], []]) == ("CUG-INV-FLOOR",)
    assert _broken(money=[4, 3, 3, 3]) == ("CUG-INV-LEDGER",)
    assert _broken(track="FFFFFFFHS") == ("CUG-INV-TRACK",)
    assert _broken(phase="siesta") == ("CUG-INV-PHASE",)
    # CUG-INV-EXTEND, CUG-INV-SETUPCARD
    setup = fixture_data("cug-discard-5p")
    assert game.status({**setup, "extended": 2}) == ("CUG-INV-EXTEND",)
    short = [*setup["hands"][:4], ["white+1", "white+1", "yellow+1"]]
    assert game.status({**setup, "hands": short,
                        "discard": sorted([*setup["discard"], "yellow+1"])}) == (
        "CUG-INV-SETUPCARD",)


def test_markers_invariant_on_one_state() -> None:
    # CUG-INV-MARKERS on a single state (no previous state needed): a token is in hand
    # exactly when its owner has not placed that marker this leg; each seat places each
    # marker at most once a leg; a marker on the track has its card with its last placer;
    # nobody has placed a marker while a leg is set up.
    placed, _ = do(fixture("cug-leg1-4p"), "shortcut:8")
    d = game.to_data(placed)
    assert d["shortcut_placers"] == [0] and d["shortcut_tokens"][0] is False
    assert game.status(d) == ()
    planted: dict[str, dict[str, Any]] = {
        # a token spent though nobody placed that marker this leg
        "spent-unplaced": {"fennec_tokens": [True, True, False, True]},
        # seat 0 placed the shortcut (on 8) and holds its token again
        "token-back": {"shortcut_tokens": [True] * 4},
        # the shortcut on 8 with its card at seat 2, who did not place it
        "card-elsewhere": {"shortcut": {"space": 8, "holder": 2}},
        # seat 2 placed it after seat 0 (it had come back), yet seat 0 holds its card
        "card-with-earlier-placer": {"shortcut_tokens": [False, True, False, True],
                                     "shortcut_placers": [2, 0],
                                     "shortcut": {"space": 8, "holder": 2}},
        # seat 0 recorded twice as the shortcut's placer
        "placed-twice": {"shortcut_placers": [0, 0]},
        # a placer that is not a seat
        "no-such-seat": {"shortcut_placers": [4, 0]},
        "negative-seat": {"shortcut_placers": [-1, 0]},
    }
    for name, patch in planted.items():
        bad = {**d, **patch}
        assert game.status(bad) == ("CUG-INV-MARKERS",), name
        with pytest.raises(kernel.InvalidState) as refused_state:
            game.from_data(bad)
        assert refused_state.value.ids == ("CUG-INV-MARKERS",), name
    # the frozen state refuses it when built, naming the ID
    fields = {name: getattr(placed, name) for name in FIELDS}
    with pytest.raises(kernel.InvalidState) as built:
        CugState(**{**fields, "fennec_tokens": (True, False, True, True)})
    assert built.value.ids == ("CUG-INV-MARKERS",)
    assert violations(candidate(**{**fields, "shortcut_placers": ()})) == ("CUG-INV-MARKERS",)
    # a token is a flag, one per seat (at most one token of each kind)
    for tokens in ((0, True, True, True), (False, True, True), (False, True, True, True, True)):
        assert violations(candidate(**{**fields, "shortcut_tokens": tokens})) == (
            "CUG-INV-MARKERS",)
    # before the first leg nobody has placed a marker (CUG-SETUP-MONEY)
    start = game.to_data(game.new_game({"players": 4}))
    assert game.status(start) == ()
    assert game.status({**start, "shortcut_placers": [0],
                        "shortcut_tokens": [False, True, True, True]}) == ("CUG-INV-MARKERS",)
    # while a leg is set up nobody has placed a marker (CUG-LEG-RESET)
    setup = fixture_data("cug-discard-5p")
    assert game.status({**setup, "fennec_placers": [3],
                        "fennec_tokens": [True, True, True, False, True]}) == (
        "CUG-INV-MARKERS",)


def test_status_vectors_name_the_markers_invariant() -> None:
    # CUG-INV-MARKERS: the conformance plan's mutations break it on a single state and
    # the golden status vector records the ID for each.
    from kernel.games.camel_up_card_game_2023.plans import plan

    names = {name for name, _, _ in plan().mutations}
    wanted = {"token-spent-at-leg-setup", "token-spent-without-placing",
              "token-back-after-placing"}
    assert wanted <= names
    path = ROOT / "spec/camel-up-card-game-2023/vectors/status.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    found = {row["name"]: row["status"] for row in rows if row.get("name") in wanted}
    assert found == {name: ["CUG-INV-MARKERS"] for name in wanted}
    for row in rows:
        if row.get("name") in wanted:
            assert game.status(row["candidate"]) == ("CUG-INV-MARKERS",)


def test_violations_on_a_candidate() -> None:
    # CUG-INV-LEDGER, CUG-INV-FLOOR on candidates built without checks.
    s = fixture("cug-leg1-4p")
    fields = {name: getattr(s, name) for name in FIELDS}
    assert violations(s) == ()
    assert violations(candidate(**{**fields, "money": (9, 3, 3, 3)})) == ("CUG-INV-LEDGER",)
    assert violations(candidate(**{**fields, "money": (-1, 3, 3, 3),
                                   "payouts": ((-4,), (), (), ())})) == ("CUG-INV-FLOOR",)
    with pytest.raises(kernel.InvalidState):
        CugState(**{**fields, "money": (9, 3, 3, 3)})


def test_tokens_follow_placements_transition() -> None:
    # CUG-INV-MARKERS (between states): a token leaves a hand only by its seat's placement
    # and comes back only at a leg's reset; the check can fail.
    from kernel.games.camel_up_card_game_2023.plans import tokens_follow_placements

    before = fixture_data("cug-leg1-4p")
    s, events = do(fixture("cug-leg1-4p"), "shortcut:8")
    after = game.to_data(s)
    plain = [e.to_data() for e in events]
    assert tokens_follow_placements(before, after, plain) is True
    assert tokens_follow_placements(before, after, []) is False
    assert tokens_follow_placements(before, before, []) is None
    assert tokens_follow_placements(after, before, []) is False  # back without a reset


@pytest.mark.parametrize("players", range(2, 7))
def test_seeded_games_properties(players: int) -> None:
    # Over whole seeded games: CUG-TURN-START (the marker passes to the left of the seat
    # that revealed the leg's last card), CUG-LEG-EXTRA and CUG-LEG-CRAZYCARDS (the deck's
    # size and its 2 crazy camel cards when play begins), CUG-MONEY-FLOOR (each payout
    # step floored at 0), CUG-GAME-END (the race ends with a racing camel on the Finish).
    import random

    rng = random.Random(players)
    s = game.new_game({"players": players})
    card = data.SETUP_CARDS[players]
    legs_started = 0
    while game.outcome(s) is None:
        if game.current_actor(s) < 0:
            outs = game.chance_outcomes(s)
            action = outs[rng.randrange(len(outs))][0]
        else:
            acts = game.legal_actions(s)
            action = acts[rng.randrange(len(acts))]
        revealer = s.turn
        result = game.apply(s, action)
        assert isinstance(result, Applied)
        if any(e.kind == "leg-ended" for e in result.events) and s.phase == "draw" and (
                result.state.phase != "over"):
            assert result.state.starter == (revealer + 1) % players
        for e in result.events:
            if e.kind == "leg-started":
                legs_started += 1
                deck = result.state.deck
                assert len(deck) == players * card.to_deck + data.EXTRA_FROM_DISCARD[players] + 2
                assert sum(c.startswith("black") for c in deck) == 2
            if e.kind in ("leg-payout", "final-payout"):
                assert e.data["money"] >= 0
        money = list(s.money)  # followed event by event: a fee may come before a payout
        s = result.state
        for e in result.events:
            if e.kind == "personal-played":
                money[e.data["seat"]] -= e.data["fee"]
                money[e.data["owner"]] += e.data["fee"]
            if e.kind in ("leg-payout", "final-payout"):
                seat = e.data["seat"]
                assert e.data["money"] == max(0, money[seat] + e.data["delta"])
                money[seat] = e.data["money"]
        assert tuple(money) == s.money
    finish = len(game.to_data(s)["stacks"]) - 1
    assert legs_started >= 1 and max(s.pos[:data.RACING]) == finish


# --------------------------------------------------------------------------
# pinned by the mutation runs: the rule tables of the spec's fixtures

def told(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def rejection(s: Any, action: str) -> tuple[str, str]:
    result = game.apply(s, action)
    assert isinstance(result, Rejected), (action, result)
    return result.rule, result.reason


# --------------------------------------------------------------------------
# CUG-MOVE-CRAZY: the riders of the crazy camel


def test_crazy_card_with_a_rider_on_space_one() -> None:
    # CUG-MOVE-CRAZY: a 0 card with a camel on the crazy camel's back moves the stack 1
    # space; from space 1 that is behind the start line, the two side by side
    # (CUG-MOVE-START). The rider counts though the crazy camel stands on space 1.
    s = table("cug-leg1-4p", stacks=lay(18, c1=["black", "blue"], c2=["green", "orange"],
                                      c4=["white"], c5=["yellow"]))
    s, events = run(s, "reveal", "draw:black-0")
    card = told(events, "crazy-card")
    assert [e.data for e in card] == [{"card": "black-0", "steps": 1, "riders": ["blue"]}]
    assert card[0].rules == ("CUG-MOVE-CRAZY",)
    assert s.pos[0] == 0 and s.pos[CRAZY] == 0


def test_crazy_card_names_its_riders_bottom_to_top() -> None:
    # CUG-MOVE-CRAZY: event `crazy-card` tells the riders; they are listed from the
    # crazy camel up (yellow on it, blue on yellow), not in colour order.
    s = table("cug-leg1-4p", stacks=lay(18, c2=["green", "orange"], c4=["white"],
                                      c7=["black", "yellow", "blue"]))
    s, events = run(s, "reveal", "draw:black-1")
    assert [e.data for e in told(events, "crazy-card")] == [
        {"card": "black-1", "steps": 2, "riders": ["yellow", "blue"]}]
    assert game.to_data(s)["stacks"][5] == ["black", "yellow", "blue"]


def test_lifted_is_riding_on_the_crazy_camel() -> None:
    # CUG-LEG-CRAZY (the contract helper of `reposition`): a racing camel rides on the
    # crazy camel when it stands on the crazy camel's space, higher in the stack.
    cases = (
        # crazy at the bottom of space 2, orange on it; blue and green stacked on space 1
        ((1, 1, 2, 4, 6, 2), (0, 1, 1, 0, 0, 0), {2}),
        # on space 1, under blue; green, orange stacked on space 3
        ((1, 3, 3, 4, 6, 1), (1, 0, 1, 0, 0, 0), {0}),
        # at the bottom of space 2 under orange and yellow; green on space 3 (height 0)
        ((1, 3, 2, 4, 2, 2), (0, 0, 1, 0, 2, 0), {2, 4}),
        # in the middle of a stack on space 2: orange under it, yellow on it
        ((1, 4, 2, 4, 2, 2), (0, 0, 0, 1, 2, 1), {4}),
    )
    for pos, height, riding in cases:
        assert {c for c in range(5) if crazy.lifted(pos, height, c)} == riding, (pos, height)


# --------------------------------------------------------------------------
# CUG-LEG-EXTRA, CUG-LEG-CRAZYCARDS, CUG-LEG-PERSONAL: the events of the deck's making


def test_shuffled_in_cards_name_their_rules() -> None:
    # CUG-LEG-EXTRA then CUG-LEG-CRAZYCARDS (5 players: 2 random discards, then 2 of the
    # 5 crazy camel cards), each hidden (CUG-LEG-HIDDEN); CUG-LEG-PERSONAL: the personal
    # cards face up and the deck's size, 5 x 1 chosen + 2 + 2 = 9.
    s = table("cug-deck-5p")
    s, events = run(s, "deck:yellow+2", "draw:blue+1", "draw:green+1")
    extra = told(events, "shuffled-in")
    assert [e.rules for e in extra] == [("CUG-LEG-EXTRA", "CUG-LEG-HIDDEN")] * 2
    assert [e.data for e in extra] == [{"card": "blue+1"}, {"card": "green+1"}]
    assert all(e.owners == () and e.secret == ("card",) for e in extra)
    s, events = run(s, "draw:black-2", "draw:black-0")
    shuffled = told(events, "shuffled-in")
    assert [e.rules for e in shuffled] == [("CUG-LEG-CRAZYCARDS", "CUG-LEG-HIDDEN")] * 2
    personal = told(events, "personal-cards")
    assert [e.data for e in personal] == [{"cards": [h[0] for h in s.hands], "deck": 9}]
    assert personal[0].rules == ("CUG-LEG-PERSONAL",)


# --------------------------------------------------------------------------
# CUG-ACT-MARKER, CUG-ACT-PERSONAL: what is open and why not


def _marker_args(s: Any, kind: str) -> set[Any]:
    return {a.arg for a in game.legal_actions(s) if a.kind == kind}


def test_marker_spaces_right_ahead_of_the_last_camel() -> None:
    # CUG-ACT-MARKER: an empty space strictly ahead of the last racing camel, before the
    # Finish (17 on 8 cards). Blue is last behind the start line (carried there by the
    # crazy camel), so space 1 is open; camels stand on 2, 4, 5 and 7.
    s = table("cug-leg1-4p", stacks=lay(18, c0=["blue"], c2=["green", "orange"],
                                      c4=["white"], c5=["yellow"], c7=["black"]))
    open_spaces = {1, 3, 6, *range(8, 17)}
    assert _marker_args(s, "shortcut") == _marker_args(s, "fennec") == open_spaces
    assert legality.marker_spaces(s) == tuple(sorted(open_spaces))
    s, _ = run(s, "shortcut:1")
    assert s.palm == 1
    # the last camel on space 1: space 2 right ahead of it is open
    s = table("cug-leg1-4p", stacks=lay(18, c1=["blue"], c3=["green", "orange"],
                                      c4=["white"], c5=["yellow"], c7=["black"]))
    assert _marker_args(s, "fennec") == {2, 6, *range(8, 17)}


def test_marker_on_the_track_is_not_offered_again() -> None:
    # CUG-ACT-MARKER: only with the marker off the track. The shortcut lies on 9 (seat 1
    # placed it); seat 0 still holds both tokens: the fennec is open, the shortcut not.
    s = table("cug-leg1-4p", shortcut={"space": 9, "holder": 1},
              shortcut_tokens=[True, False, True, True], shortcut_placers=[1])
    assert _marker_args(s, "shortcut") == set()
    assert _marker_args(s, "fennec") == {3, 6, 8, *range(10, 17)}
    assert rejection(s, "shortcut:10") == (
        "CUG-ACT-MARKER", "the shortcut marker is already on the track")
    s = table("cug-leg1-4p", fennec={"space": 9, "holder": 1},
              fennec_tokens=[True, False, True, True], fennec_placers=[1])
    assert _marker_args(s, "fennec") == set()
    assert _marker_args(s, "shortcut") == {3, 6, 8, *range(10, 17)}
    assert rejection(s, "fennec:10") == (
        "CUG-ACT-MARKER", "the fennec marker is already on the track")


def test_marker_rejections_say_why() -> None:
    # CUG-ACT-MARKER (KERNEL-LEGAL: the rule that forbids and why): a spent token, a
    # space that is not empty, behind the last camel or the Finish.
    spent = table("cug-leg1-4p", fennec_tokens=[False, True, True, True], fennec_placers=[0])
    assert rejection(spent, "fennec:9") == (
        "CUG-ACT-MARKER", "seat 0 has used its fennec token this leg")
    s = table("cug-leg1-4p")
    for space in (2, 17, 1):  # a camel's space, the Finish, the last camel's own space
        assert rejection(s, f"shortcut:{space}") == (
            "CUG-ACT-MARKER",
            f"space {space} is not an empty space ahead of the last racing camel before "
            "the Finish")


def test_personal_card_with_exactly_one_pound() -> None:
    # CUG-ACT-PERSONAL: another seat's card costs 1 Pound; a seat with exactly 1 may pay.
    s = table("cug-leg1-4p", money=[1, 3, 3, 3], payouts=[[-2], [], [], []])
    assert {a.arg for a in game.legal_actions(s) if a.kind == "personal"} == {0, 1, 2, 3}
    s, _ = run(s, "personal:1")
    assert s.money == (0, 4, 3, 3)


def test_personal_rejections_say_why() -> None:
    # CUG-ACT-PERSONAL: only a personal racing card in front of a seat can be played
    # (no seat 4 or 5 at a 4-player table; seat 0's card played already); another
    # seat's card costs 1 Pound (CUG-MONEY-FLOOR: nobody goes below 0).
    s = table("cug-leg1-4p")
    for owner in (4, 5):
        assert rejection(s, f"personal:{owner}") == (
            "CUG-ACT-PERSONAL", f"no personal racing card in front of seat {owner}")
    after, _ = run(s, "personal:0", "end")
    assert after.turn == 1 and after.hands[0] == ()
    assert rejection(after, "personal:0") == (
        "CUG-ACT-PERSONAL", "no personal racing card in front of seat 0")
    poor = table("cug-leg1-4p", money=[0, 3, 3, 3], payouts=[[-3], [], [], []])
    assert rejection(poor, "personal:2") == (
        "CUG-ACT-PERSONAL", "seat 0 cannot pay 1 Pound for seat 2's card")


def test_own_actions_by_kind() -> None:
    # KERNEL-LEGAL: this game's own race-track actions open now, by kind (the engine's
    # Legality places each group by its kind's name): every personal card (CUG-ACT-PERSONAL)
    # and each marker off the track with its token in hand (CUG-ACT-MARKER).
    s = table("cug-leg1-4p", shortcut={"space": 9, "holder": 1},
              shortcut_tokens=[True, False, True, True], shortcut_placers=[1])
    own = legality.own_actions(s)
    assert sorted(own) == ["fennec", "personal"]
    assert all(a.kind == kind for kind, group in own.items() for a in group)
    assert [a.text for a in own["personal"]] == [f"personal:{o}" for o in range(4)]
    assert sorted(legality.own_actions(table("cug-leg1-4p"))) == ["fennec", "personal",
                                                                   "shortcut"]


def test_own_marker_actions_leave_out_the_other_markers_space() -> None:
    # CUG-ACT-MARKER: a marker goes on an empty space, so not on the other marker's space
    # (9 here; camels on 1, 2, 4, 5, 7, the Finish 17): the engine's own actions and the
    # rejection of this game's own actions (own_actions, own_why_not) say so too, as the
    # turn's legal actions do (test_marker_on_the_track_is_not_offered_again).
    free = [3, 6, 8, *range(10, 17)]
    for kind, other in (("fennec", "shortcut"), ("shortcut", "fennec")):
        s = table("cug-leg1-4p", **{other: {"space": 9, "holder": 1},
                                   f"{other}_tokens": [True, False, True, True],
                                   f"{other}_placers": [1]})
        assert legality.marker_spaces(s) == tuple(free)
        assert [a.text for a in legality.own_actions(s)[kind]] == [f"{kind}:{c}" for c in free]
        assert rejection(s, f"{kind}:9") == (
            "CUG-ACT-MARKER", "space 9 is not an empty space ahead of the last racing camel "
                              "before the Finish")
        # a seat whose token of the other marker is spent is offered this marker alone
        spent = table("cug-leg1-4p", **{f"{other}_tokens": [False, True, True, True],
                                       f"{other}_placers": [0]})
        assert sorted(legality.own_actions(spent)) == sorted([kind, "personal"])


def test_action_object_is_the_interned_one() -> None:
    # KERNEL-INPUT: an Action of this game is taken as the interned action of the
    # universe; an unknown one is refused like its text.
    s = table("cug-leg1-4p")
    fresh = Action(GAME_ID, "personal", 1)
    parsed = game.parse_action(fresh)
    assert parsed == fresh and parsed is game.ACTIONS[("personal", 1)]
    assert isinstance(game.apply(s, fresh), Applied)
    wrong = game.parse_action(Action(GAME_ID, "personal", 9))
    assert isinstance(wrong, Rejected) and wrong.rule == "KERNEL-INPUT"
    # its canonical text and its plain data give the same interned action; an unknown
    # text or plain data is refused (KERNEL-INPUT)
    interned = game.ACTIONS[("shortcut", 3)]
    assert game.parse_action("personal:1") is game.ACTIONS[("personal", 1)]
    assert game.parse_action({"kind": "shortcut", "space": 3}) is interned
    for unknown in ("personal:9", {"kind": "shortcut", "space": "3"}):
        refused = game.parse_action(unknown)
        assert isinstance(refused, Rejected) and refused.rule == "KERNEL-INPUT", unknown


def test_plain_action_claiming_the_seat() -> None:
    # KERNEL-ACTOR: a plain-data action that names its seat is taken from the seat to act
    # (seat 0 in the fixture) and refused from any other.
    s = table("cug-leg1-4p")
    assert isinstance(game.apply(s, {"kind": "reveal", "seat": 0}), Applied)
    claimed = game.apply(s, {"kind": "reveal", "seat": 2})
    assert isinstance(claimed, Rejected) and claimed.rule == "KERNEL-ACTOR"


# --------------------------------------------------------------------------
# the invariants, one clause at a time, on candidates built without checks

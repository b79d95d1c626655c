"""Camel Up (2018) through the kernel's API: action space, rejections, observations.

Each test names the rule IDs it checks (spec/camel-up-2018/rules.md).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_cu2_game import STACKED, games, start

import kernel
from kernel.core import CHANCE, TERMINAL, Applied, Rejected
from kernel.games.camel_up_2018 import game, plain
from kernel.games.camel_up_2018.narrator import NARRATOR

GAME = "camel-up-2018"


def test_action_space() -> None:
    # CU2-PARTNER: partnership actions exist only with 6 or more players, one per seat;
    # CU2-PYRAMID-TICKET: 21 die faces (5 racing dice x 3, the grey die's 6).
    for n in range(3, 9):
        space = game.action_space({"players": n})
        partners = [a for a in space.players if a.kind == "partner"]
        assert len(partners) == (n if n >= 6 else 0)
        assert len(space.chance) == 21
        assert len([a for a in space.players if a.kind in ("cheer", "boo")]) == 30
        assert len([a for a in space.players if a.kind == "bet"]) == 5


def test_chance_rejections_name_the_phase_rule() -> None:
    # CU2-SETUP-RACING, CU2-SETUP-CRAZY, CU2-PYRAMID-TICKET: a chance outcome that cannot
    # happen is refused naming the rule of the node.
    s = game.new_game({"players": 3})
    s = game.apply(s, "die:blue:1").state  # type: ignore[union-attr]
    for action, rule in (("die:blue:2", "CU2-SETUP-RACING"), ("die:white:1", "CU2-SETUP-RACING")):
        r = game.apply(s, action)
        assert isinstance(r, Rejected) and r.rule == rule
    s = start(3, STACKED[:5])
    r = game.apply(s, "die:red:1")
    assert isinstance(r, Rejected) and r.rule == "CU2-SETUP-CRAZY"
    s = game.apply(start(3), "pyramid").state  # type: ignore[union-attr]
    s = game.apply(s, "die:red:1").state  # type: ignore[union-attr]
    s = game.apply(s, "pyramid").state  # type: ignore[union-attr]
    r = game.apply(s, "die:red:2")
    assert isinstance(r, Rejected) and r.rule == "CU2-PYRAMID-TICKET"


def test_actor_and_seat_claims() -> None:
    # CU2-TURN-ORDER: chance acts at setup and after a pyramid ticket, the seat to move
    # otherwise; a claim for another seat is refused (KERNEL-ACTOR); the end is terminal.
    s = game.new_game({"players": 4, "youngest": 3})
    assert game.current_actor(s) == CHANCE
    s = start(4)
    assert game.current_actor(s) == 0
    r = game.apply(s, {"kind": "bet", "colour": "red", "seat": 1})
    assert isinstance(r, Rejected) and r.rule == "KERNEL-ACTOR"
    r = game.apply(s, "die:red:1")
    assert isinstance(r, Rejected) and r.rule == "KERNEL-ACTOR"
    ok = game.apply(s, {"kind": "bet", "colour": "red", "seat": 0})
    assert isinstance(ok, Applied)
    final = games()[0][-1][0]
    assert game.current_actor(final) == TERMINAL and game.legal_actions(final) == ()
    r = game.apply(final, "pyramid")
    assert isinstance(r, Rejected) and r.rule == "KERNEL-TERMINAL"


def test_observation_public_parts() -> None:
    # CU2-HIDDEN: money, tickets, tiles, the dice out and the piles' owners are public; the
    # stacks of tickets left and the dice in the pyramid are shown too.
    s = start(4)
    for a in ("bet:red", "boo:7", "winner:blue", "pyramid", "die:green:2"):
        s = game.apply(s, a).state  # type: ignore[union-attr]
    obs = game.observation(s, 3)
    assert obs["money"] == [3, 3, 3, 3] and obs["seat"] == 3
    assert obs["stacks"]["red"] == [2, 2, 3] and obs["stacks"]["blue"] == [2, 2, 3, 5]
    assert obs["pyramid"] == ["blue", "red", "yellow", "purple", "grey"]
    assert obs["tiles"][1] == {"space": 7, "side": "boo"} and obs["winner_pile"] == [2]
    assert obs["winner_cards"] == [None, None, None, []] and obs["hand_sizes"] == [5, 5, 4, 5]
    assert "hands" not in obs and obs["revealed"] == ["green:2"]
    final = games()[1][-1][0]
    seen = game.observation(final, 0)
    assert seen["winner_cards"] == [list(c) for c in final.winner_cards]


def test_chance_probabilities_sum_to_one_everywhere() -> None:
    # CU2-SETUP-RACING, CU2-SETUP-CRAZY, CU2-PYRAMID-TICKET (KERNEL-CHANCE).
    for steps in games()[:4]:
        for s, _a, _e in steps:
            outcomes = game.chance_outcomes(s)
            if game.current_actor(s) == CHANCE:
                assert sum(p for _, p in outcomes) == Fraction(1)
            else:
                assert outcomes == ()


def test_config_and_registry() -> None:
    # CU2-SETUP-START, CU2-DATA-COMPONENTS: the registered game, its configuration and
    # the odds command.
    info = kernel.game_info(GAME)
    assert (info.min_players, info.max_players, info.version) == (3, 8, 1)
    assert info.rule_prefixes == ("CU2-",) and "odds" in info.commands
    assert [c["players"] for c in info.configs()] == [3, 4, 5, 6, 7, 8]
    with pytest.raises(ValueError):
        game.parse_config({"players": 4, "age": 1})
    with pytest.raises(ValueError):
        game.parse_config([])
    assert game.parse_config({}) == {"players": 4, "youngest": 0}


def test_narrator_lines() -> None:
    # CU2-RACE-END, CU2-WINNER: the told game draws the track beyond the line and the
    # standings best first.
    final = games()[2][-1][0]
    drawn = NARRATOR.draw(plain.to_data(final))
    assert drawn[0].startswith("track: ") and ("<|" in drawn[0] or "|>" in drawn[0])
    outcome = game.outcome(final)
    assert outcome is not None
    lines = NARRATOR.standings(outcome)
    assert "(winner)" in lines[0] and len(lines) == final.players
    assert NARRATOR.seat_name(0) == "Ann" and NARRATOR.seat_name(9) == "seat 9"
    assert NARRATOR.legend() and NARRATOR.quiet(
        next(e for _s, _a, ev in games()[0] for e in ev if e.kind == "next-turn"))


def test_drawing_pieces() -> None:
    # CU2-HIDDEN, CU2-FINISH-CARD, CU2-MOVE-STACK: the viewer's pieces: camels bottom to
    # top on cells 0-17, a seat's view shows its own finish cards and other seats' face
    # down, the piles first placed first with each card's owner.
    from kernel.games.camel_up_2018.drawing import pieces

    s = start(4)
    for a in ("winner:red", "loser:blue", "winner:green"):
        s = game.apply(s, a).state  # type: ignore[union-attr]
    whole = pieces(plain.to_data(s))
    assert whole["space-1"] == ["blue", "green", "red", "yellow", "purple"]
    assert whole["space-16"] == ["white", "black"] and len([k for k in whole if
                                                             k.startswith("space-")]) == 18
    assert whole["pile-winner"] == ["0:red", "2:green"] and whole["pile-loser"] == ["1:blue"]
    seen = pieces(game.observation(s, 2))
    assert seen["pile-winner"] == ["hidden", "2:green"] and seen["pile-loser"] == ["hidden"]
    assert seen["hand-0"] == ["hidden"] * 4 and seen["hand-2"] == ["blue", "purple", "red",
                                                                   "yellow"]

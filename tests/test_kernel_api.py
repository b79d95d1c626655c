"""The game-agnostic API contract (KERNEL-* rules) on Camel Up Cards, and seeded random games."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from helpers import GAME, first_state, forged, table

import kernel
from kernel.core import Action


def test_registry() -> None:
    # KERNEL-CONFIG: the registry lists the game with its version and player range.
    assert GAME in kernel.games()
    info = kernel.game_info(GAME)
    assert (info.version, info.min_players, info.max_players) == (1, 2, 6)


@pytest.mark.parametrize("config", [
    {"players": 1}, {"players": 7}, {"players": "4"}, {"players": True}, {"players": None},
    {"players": 4, "colour": "red"}, {"players": 3, "age_order": [0, 0, 1]},
    {"players": 3, "age_order": [0, 1]}, ["players", 4],
])
def test_bad_configurations(config: object) -> None:
    # KERNEL-CONFIG: rejected with a clear message.
    assert kernel.check_config(GAME, config)
    with pytest.raises(kernel.ConfigError):
        kernel.new_game(GAME, config)  # type: ignore[arg-type]


def test_unknown_game() -> None:
    # KERNEL-CONFIG
    with pytest.raises(kernel.ConfigError, match="unknown game"):
        kernel.new_game("chess", {"players": 2})


@pytest.mark.parametrize("junk", [
    None, 3, 2.5, b"reveal", "", "reveal now", "palm:99", "palm:-1", "leg:purple",
    {"kind": "palm"}, {"kind": "palm", "space": "5"}, {"kind": "palm", "space": True},
    {"kind": "reveal", "extra": 1}, {"kind": 5}, ["reveal"], object(),
    forged(GAME, "palm", [1]), forged(GAME, "palm", True), forged(GAME, "palm", 10**5000),
    Action(GAME, "fly", None), Action(GAME, "palm", 99),
])
def test_junk_is_rejected_and_state_untouched(junk: object) -> None:
    # KERNEL-INPUT: malformed input gets a rejection, never an exception.
    s = table(deck=["blue+1", "green+1"])
    before = kernel.to_data(s)
    result = kernel.apply(s, junk)
    assert isinstance(result, kernel.Rejected) and result.rule == "KERNEL-INPUT"
    assert kernel.to_data(s) == before


def test_other_games_action() -> None:
    # KERNEL-GAME: an action of another game.
    s = table(deck=["blue+1", "green+1"])
    result = kernel.apply(s, Action("camel-up-2018", "reveal"))
    assert isinstance(result, kernel.Rejected) and result.rule == "KERNEL-GAME"
    result = kernel.apply(s, {"game": "hare-and-tortoise-2014", "kind": "reveal"})
    assert isinstance(result, kernel.Rejected) and result.rule == "KERNEL-GAME"


def test_wrong_actor() -> None:
    # KERNEL-ACTOR: a decision at a chance node, a chance outcome at a decision node.
    chance = kernel.new_game(GAME, {"players": 3})
    assert kernel.apply(chance, "reveal").rule == "KERNEL-ACTOR"  # type: ignore[union-attr]
    s = table(deck=["blue+1", "green+1"])
    assert kernel.apply(s, "draw:blue+1").rule == "KERNEL-ACTOR"  # type: ignore[union-attr]


def test_not_a_state() -> None:
    # KERNEL-INPUT: apply on something that is not a state.
    result = kernel.apply({"game": GAME}, "reveal")
    assert isinstance(result, kernel.Rejected) and result.rule == "KERNEL-INPUT"


def test_draw_of_an_absent_card() -> None:
    # KERNEL-LEGAL: a well-formed chance outcome that is impossible now.
    s = table(deck=["blue+1", "green+1"])
    s2 = kernel.apply(s, "reveal")
    assert isinstance(s2, kernel.Applied)
    result = kernel.apply(s2.state, "draw:white+2")
    assert isinstance(result, kernel.Rejected) and result.rule == "KERNEL-LEGAL"


def test_terminal() -> None:
    # KERNEL-TERMINAL
    final = kernel.play(GAME, {"players": 2}, 3).final
    assert kernel.current_actor(final) == kernel.TERMINAL
    result = kernel.apply(final, "reveal")
    assert isinstance(result, kernel.Rejected) and result.rule == "KERNEL-TERMINAL"


def test_chance_outcomes_exact() -> None:
    # KERNEL-CHANCE: distinct outcomes, exact fractions summing to 1.
    s = first_state(5, "deal")
    outcomes = kernel.chance_outcomes(s)
    assert len({a for a, _ in outcomes}) == len(outcomes) == 10
    assert sum(p for _, p in outcomes) == Fraction(1)
    assert kernel.legal_actions(s) == tuple(a for a, _ in outcomes)


def test_observation_hides_hands_and_deck() -> None:
    # KERNEL-OBSERVATION: own hand yes; others' hands, deck and discard contents no.
    s = table(deck=["blue+1", "green+1"], hands=[["white+2"], ["yellow+1"], [], []])
    o = kernel.observation(s, 0)
    assert o["hand"] == ["white+2"] and o["deck_size"] == 2
    assert "deck" not in o and "hands" not in o and "discard" not in o
    other = table(deck=["blue+1", "orange+1"], hands=[["white+2"], ["yellow+2"], [], []])
    assert kernel.observation(other, 0) == o
    assert kernel.observation(other, 1) != kernel.observation(s, 1)


def test_text_and_data_forms_round_trip() -> None:
    # KERNEL-INPUT: the canonical text and plain-data forms name the same actions.
    info = kernel.game_info(GAME)
    for action in info.all_actions:
        assert kernel.parse_action(GAME, action.text) == action
        assert kernel.parse_action(GAME, action.to_data()) == action
    assert list(info.all_actions) == sorted(info.all_actions)


def test_state_data_round_trip() -> None:
    trace = kernel.play(GAME, {"players": 4}, 11)
    for step in trace.steps[::7]:
        assert kernel.from_data(kernel.to_data(step.state)) == step.state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seeded_random_games_finish(players: int) -> None:
    # A sample of the benchmark's sweep: every game ends with an outcome (CUC-GAME-END,
    # CUC-WINNER), no invariant break, no exception; flipped cards never unflip
    # (CUC-INV-SANDSTORM).
    for seed in range(40):
        trace = kernel.play(GAME, {"players": players}, seed)
        out = kernel.outcome(trace.final)
        assert out is not None and min(out.money) >= 1
        assert out.winners == tuple(i for i, m in enumerate(out.money) if m == max(out.money))
        previous = trace.initial.track
        for step in trace.steps:
            track = step.state.track
            assert all(track[i] == 1 for i, side in enumerate(previous) if side == 1)
            previous = track


@pytest.mark.parametrize("game", sorted(kernel.games()))
def test_a_trace_survives_pickling(game: str) -> None:
    # A whole trace (its actions, states with their memos, events) sent to another
    # process through pickle comes back equal (Ray and multiprocessing pickle what they
    # send); an action is rebuilt from its game, kind and values, its hash worked out
    # again there
    import pickle

    info = kernel.game_info(game)
    trace = kernel.play(game, {"players": 4}, 3)
    for step in trace.steps:  # states holding their memos of actions and outcomes
        info.legal_actions(step.state)
        info.chance_outcomes(step.state)
    back = pickle.loads(pickle.dumps(trace))
    assert back == trace and back.actions() == trace.actions()
    assert all(hash(a.action) == hash(b.action) and a.action.key == b.action.key
               for a, b in zip(back.steps, trace.steps, strict=True))
    assert kernel.legal_actions(back.final) == kernel.legal_actions(trace.final)


def test_play_is_reproducible() -> None:
    a = kernel.play(GAME, {"players": 3}, 42)
    b = kernel.play(GAME, {"players": 3}, 42)
    assert a.actions() == b.actions() and a.final == b.final


@pytest.mark.parametrize("choice", ["discard:white+2", "deck:blue+1", "intel:white+2"])
def test_leg_setup_choices_are_not_turn_actions(choice: str) -> None:
    # CUC-TURN-SHAPE: during a turn a leg-setup choice is rejected, never applied or raised.
    s = table(deck=["blue+1", "green+1"], hands=[["white+2"], [], [], []])
    result = kernel.apply(s, choice)
    assert isinstance(result, kernel.Rejected) and result.rule == "CUC-TURN-SHAPE"


def test_unordered_zones_from_data() -> None:
    # KERNEL-CHANCE, KERNEL-INPUT: the racing deck is an unordered multiset; its
    # canonical form is sorted, and from_data accepts only that form.
    data = kernel.to_data(table(deck=["green+1", "blue+1", "green+1"]))
    assert data["deck"] == ["blue+1", "green+1", "green+1"]
    s = kernel.from_data(data)
    after = kernel.apply(s, "reveal")
    assert isinstance(after, kernel.Applied)
    assert [(a.text, p) for a, p in kernel.chance_outcomes(after.state)] == [
        ("draw:blue+1", Fraction(1, 3)), ("draw:green+1", Fraction(2, 3))]
    data["deck"] = ["green+1", "blue+1", "green+1"]
    with pytest.raises(ValueError, match=r"^deck\[0\]: not the canonical form"):
        kernel.from_data(data)


@pytest.mark.parametrize("data", [
    {"game": GAME}, {"game": GAME, "players": "x"}, [], {"game": "other"},
])
def test_unreadable_state_data(data: object) -> None:
    # KERNEL-INPUT: from_data says ValueError for anything it cannot read.
    with pytest.raises(ValueError):
        kernel.from_data(data)  # type: ignore[arg-type]


def test_claimed_seat_must_be_the_actor() -> None:
    # KERNEL-ACTOR: a plain-data action may say who plays it; the wrong player is rejected.
    s = table(deck=["blue+1", "green+1"], turn=2)
    wrong = kernel.apply(s, {"kind": "reveal", "seat": 1})
    assert isinstance(wrong, kernel.Rejected) and wrong.rule == "KERNEL-ACTOR"
    right = kernel.apply(s, {"kind": "reveal", "seat": 2})
    assert isinstance(right, kernel.Applied)
    draw = kernel.apply(right.state, {"kind": "draw", "card": "blue+1", "seat": "chance"})
    assert isinstance(draw, kernel.Applied)
    bad = kernel.apply(s, {"kind": "reveal", "seat": "two"})
    assert isinstance(bad, kernel.Rejected) and bad.rule == "KERNEL-INPUT"


@pytest.mark.parametrize("game", kernel.games())
@pytest.mark.parametrize("claim", [-1, -2, True, "Chance", 0.0, None])
def test_a_seat_claim_is_a_seat_number_or_the_word_chance(game: str, claim: object) -> None:
    # KERNEL-ACTOR, KERNEL-INPUT: PROTOCOL.md's "seat" is a seat number or
    # "chance", in every game through one screen; -1 (the kernel's internal
    # CHANCE value) is not "chance": the card games took it as chance.
    info = kernel.game_info(game)
    trace = kernel.play(game, info.configs()[0], seed=2)
    chance = next(st.state for st in trace.steps if kernel.current_actor(st.state) == kernel.CHANCE)
    seat = next(st.state for st in trace.steps if kernel.current_actor(st.state) >= 0)
    for state in (chance, seat):
        action = kernel.legal_actions(state)[0].to_data()
        refused = kernel.apply(state, {**action, "seat": claim})
        assert isinstance(refused, kernel.Rejected), (state, claim)
        expected = "KERNEL-ACTOR" if type(claim) is int else "KERNEL-INPUT"
        assert refused.rule == expected, (claim, refused)
        actor = kernel.current_actor(state)
        named = "chance" if actor == kernel.CHANCE else actor
        assert isinstance(kernel.apply(state, {**action, "seat": named}), kernel.Applied)


@pytest.mark.parametrize("game", kernel.games())
def test_an_omitted_key_takes_its_documented_default(game: str) -> None:
    # KERNEL-CONFIG: "Omitted keys take their documented defaults": an empty
    # configuration is valid and gives the game of its configuration spec's
    # documented player count (every other key at its own default).
    spec = kernel.game_info(game).config
    field = spec.field(spec.players_key)
    assert field is not None and isinstance(field.default, int)
    assert kernel.check_config(game, {}) is None
    assert kernel.new_game(game, {}) == kernel.new_game(game, {spec.players_key: field.default})
    assert kernel.game_info(game).seats(kernel.new_game(game, {})) == field.default


def test_config_error_names_its_rule() -> None:
    # KERNEL-CONFIG
    problem = kernel.check_config(GAME, {"players": 9})
    assert problem is not None and "KERNEL-CONFIG" in problem


@pytest.mark.parametrize(("args", "message"), [
    ((GAME, "palm", [1]), "value 1: expected a string or an integer"),
    ((GAME, "palm", True), "got true"),
    ((GAME, "palm", 10**5000), "an integer of 16610 bits"),
    ((GAME, "palm", 2.5), "the number 2.5"),
    ((GAME, "leg", "blue", {"a": 1}), "value 2: "),
    ((["x"], "palm"), "the game must be a string, not a list of 1 item"),
    ((GAME, {"k": 1}), "the kind must be a string, not an object with 1 key"),
])
def test_the_action_constructor_raises_only_value_error(args: tuple[Any, ...],
                                                        message: str) -> None:
    # KERNEL-INPUT: kernel.Action is public API: a hostile field (a list, deep
    # nesting, a huge integer, a bool for an integer) is a ValueError with a
    # bounded message, never a TypeError, RecursionError or an odd Action.
    nested: list[Any] = []
    for _ in range(100_000):
        nested = [nested]
    for call in (args, (GAME, "palm", nested)):
        with pytest.raises(ValueError) as refused:
            Action(*call)
        assert type(refused.value) in (ValueError,) and len(str(refused.value)) < 200
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace("+", r"\+")):
        Action(*args)

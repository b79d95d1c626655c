"""The bot interface and the referee (issue 26): views, seeds, forfeits, traces.

KERNEL-OBSERVATION: a bot's view is exactly its seat's information state; the
referee's result is a pure function of the seed and the bots; a bot that fails
forfeits its move to a seeded random legal action and the match records it.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

import kernel
from kernel.bots import (
    Forfeit,
    MatchResult,
    Seat,
    View,
    make_bot,
    play_match,
    view_of,
)
from kernel.conformance.trace import parse_lines, replay_lines, text_of

GAMES = kernel.games()


def fewest(game: str) -> int:
    return kernel.game_info(game).min_players


@functools.cache
def random_match(game: str, seed: int) -> MatchResult:
    return play_match(game, {}, ["random"] * fewest(game), seed)


class Recorder:
    """Plays randomly from its seed and keeps every view it is given."""

    def __init__(self) -> None:
        self.views: list[View] = []
        self.seat: Seat | None = None
        self.end: Any = "not observed"
        self.inner = make_bot("random")

    def reset(self, seat: Seat) -> None:
        self.seat = seat
        self.inner.reset(seat)  # type: ignore[attr-defined]

    def act(self, view: View) -> int:
        self.views.append(view)
        return self.inner.act(view)

    def observe(self, view: View, outcome: Any) -> None:
        self.end = (view, outcome)


@pytest.mark.parametrize("game", GAMES)
def test_match_is_a_pure_function_of_seed_and_bots(game: str) -> None:
    a = random_match(game, 3)
    b = play_match(game, {}, ["random"] * fewest(game), 3)
    assert a == b and a.to_data() == b.to_data()
    c = play_match(game, {}, ["random"] * fewest(game), 4)
    assert c.trace.actions() != a.trace.actions()


@pytest.mark.parametrize("game", GAMES)
def test_trace_replays_and_result_matches_outcome(game: str) -> None:
    result = random_match(game, 5)
    lines = parse_lines(text_of(result.trace_lines()))
    report = replay_lines(lines)
    assert report.mismatches == ()
    end = kernel.outcome(result.trace.final)
    assert end is not None and list(result.scores) == list(end.scores)
    assert sum(result.returns) == pytest.approx(1.0)
    assert min(result.placing) == 1 and all(result.placing[w] == 1 for w in result.winners)
    assert [len(t) for t in result.times] == [
        sum(1 for st in result.trace.steps if st.actor == s) for s in range(len(result.scores))]


def test_view_is_the_information_state() -> None:
    # KERNEL-OBSERVATION: what the bot gets is kernel.information_state and the legal ids
    game = GAMES[0]
    bots = [Recorder() for _ in range(fewest(game))]
    result = play_match(game, {}, bots, 11)
    space = kernel.action_space(game, result.config)
    for seat, bot in enumerate(bots):
        assert bot.seat is not None and bot.seat.seat == seat
        assert bot.views, "the seat was never asked"
        for view in bot.views[:: max(1, len(bot.views) // 5)]:
            prefix = kernel.Trace(game, result.version, result.config, result.chance_seed,
                                  result.trace.initial, result.trace.steps[:view.step])
            assert view.information_state() == kernel.information_state(prefix, seat)
            legal = kernel.legal_actions(prefix.final)
            assert view.legal == tuple((space.player_id(a), a.text) for a in legal)
            assert view == view_of(prefix, seat)
            json.dumps(view.to_data())  # JSON-able
            tail = view.to_data(since=view.step)
            assert "initial" not in tail and tail["history"] == []
        final_view, outcome = bot.end
        assert final_view.legal == () and outcome["winners"] is not None


def test_chance_seed_is_separate_from_the_bots_seed() -> None:
    # the seat rotations of one deal can share the chance stream (common random numbers)
    game = "camel-up-cards-2016" if "camel-up-cards-2016" in GAMES else GAMES[0]
    n = fewest(game)
    a = play_match(game, {}, ["first"] * n, 1, chance_seed=99)
    b = play_match(game, {}, ["first"] * n, 2, chance_seed=99)
    c = play_match(game, {}, ["first"] * n, 1, chance_seed=98)
    assert a.trace.actions() == b.trace.actions()  # deterministic bots, same chance
    assert a.trace.actions() != c.trace.actions()
    assert a.trace.seed == 99


class Broken:
    """A bot whose answers are all wrong in one way."""

    def __init__(self, how: str) -> None:
        self.how = how

    def act(self, view: View) -> Any:
        if self.how == "raise":
            raise RuntimeError("boom")
        if self.how == "exit":
            raise SystemExit(3)
        if self.how == "text":
            return view.legal[0][1]
        return max(view.legal_ids) + 1000


@pytest.mark.parametrize(("how", "reason"), [("raise", "crash"), ("exit", "crash"),
                                            ("text", "illegal"),
                                            ("id", "illegal")])
def test_a_failing_bot_forfeits_each_move_to_a_seeded_random_action(how: str,
                                                                     reason: str) -> None:
    game = GAMES[-1]
    n = fewest(game)
    bots: list[Any] = [Broken(how)] + ["random"] * (n - 1)
    result = play_match(game, {}, bots, 7)
    again = play_match(game, {}, [Broken(how)] + ["random"] * (n - 1), 7)
    assert result == again  # the forfeited moves are seeded too
    moves = [i for i, st in enumerate(result.trace.steps) if st.actor == 0]
    assert [f.step for f in result.forfeits] == moves
    assert {f.reason for f in result.forfeits} == {reason}
    assert all(f.played == result.trace.steps[f.step].action.text for f in result.forfeits)
    assert isinstance(result.forfeits[0], Forfeit) and result.forfeits[0].detail


def test_make_bot_names() -> None:
    assert type(make_bot("random")).__name__ == "RandomBot"
    for bad in ("", "nonsense", "random:3", "ismcts:0", "ismcts:x", "cmd:"):
        with pytest.raises(ValueError):
            make_bot(bad)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_greedy_bot_that_plays_legally_and_deterministically(game: str) -> None:
    n = fewest(game)
    bots = ["greedy"] + ["random"] * (n - 1)
    a = play_match(game, {}, bots, 2, max_steps=40)
    assert a.forfeits == () and a.times[0]
    assert a == play_match(game, {}, bots, 2, max_steps=40)


def test_ismcts_plays_legally_and_is_a_function_of_its_seed() -> None:
    game = "hare-and-tortoise-2014" if "hare-and-tortoise-2014" in GAMES else GAMES[0]
    bots = ["ismcts:3:1", "random"]
    a = play_match(game, {"players": 2}, bots, 5, max_steps=60)
    assert a.forfeits == () and any(t for t in a.times[0])
    assert a == play_match(game, {"players": 2}, bots, 5, max_steps=60)


def test_match_command_writes_a_trace_that_replays(tmp_path: Any, capsys: Any) -> None:
    from kernel.cli import main

    game = GAMES[-1]
    out = tmp_path / "m.jsonl"
    bots = ",".join(["greedy"] + ["random"] * (fewest(game) - 1))
    assert main(["match", game, "--bots", bots, "--seed", "4", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "ms/move" in text and "winners:" in text
    assert main(["replay", str(out)]) == 0
    capsys.readouterr()
    lines = parse_lines(out.read_text(encoding="utf-8"))
    assert lines[0]["seed"] == 4 and len(lines) > 2
    assert main(["match", game, "--bots", bots, "--seed", "4", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    parsed = [kernel.parse_action(game, line["action"]) for line in lines[1:]]
    assert doc["actions"] == [a.text for a in parsed if isinstance(a, kernel.Action)]
    assert len(doc["actions"]) == len(parsed)
    for bad in (["--bots", "random,nobot"], [], ["--bots", "random", "--time-limit", "0"]):
        assert main(["match", game, *bad]) == 2

"""race-kernel tournament (issue 26, items 4 and 5): schedule, ratings, table, report.

The gate's part: the schedule's seat rotations and common random numbers,
the ratings' rules (game order, a bot holding several seats, teams), the
Wilson intervals, the runner's ordering, and one small tournament whose JSON
is byte-identical with 1 and 2 local workers. Ray, the diff campaign and the
Parquet datasets are tested in tests/campaigns/ (their own step of .ci/run).
"""

from __future__ import annotations

import io
import json
import random
import shutil
from collections import Counter
from pathlib import Path

import pytest

from kernel.cli import main
from kernel.tournament import runner
from kernel.tournament.core import tournament, wilson
from kernel.tournament.ratings import Ratings
from kernel.tournament.report import page
from kernel.tournament.schedule import derive, lineups, schedule

GAME = "camel-up-cards-2016"  # the cheapest game to play whole (README, Speed)


# --------------------------------------------------------------------------
# the schedule


@pytest.mark.parametrize(("bots", "seats"), [(("a", "b", "c"), 3), (("a", "b", "c", "d"), 3),
                                             (("a", "b"), 4), (("a", "b", "c"), 4)])
def test_every_bot_sits_at_every_seat_equally_often(bots: tuple[str, ...], seats: int) -> None:
    jobs = schedule(bots, seats, seed=5, round_robin=True, rounds=2)
    per_seat = Counter((b, s) for j in jobs for s, b in enumerate(j.bots))
    for lineup in lineups(bots, seats):
        for b in set(lineup):
            assert len({per_seat[(b, s)] for s in range(seats)}) == 1, (b, per_seat)
    assert [j.index for j in jobs] == list(range(len(jobs)))


def test_common_random_numbers_one_chance_seed_per_deal() -> None:
    jobs = schedule(("a", "b", "c"), 3, seed=9, games=30)
    by_deal: dict[int, set[int]] = {}
    for j in jobs:
        by_deal.setdefault(j.deal, set()).add(j.chance_seed)
    assert all(len(s) == 1 for s in by_deal.values())
    assert len({next(iter(s)) for s in by_deal.values()}) == len(by_deal) == 10
    assert len({j.seed for j in jobs}) == len(jobs)  # each game its own bots' seeds
    # the seeds are the documented hash, not Python's hash() (the same in every process)
    assert jobs[4].chance_seed == derive(9, "chance", 1)
    assert derive(9, "chance", 1) == int.from_bytes(__import__("hashlib").sha256(
        b"race-kernel-tournament:9:chance:1:0").digest()[:6], "big")


def test_games_round_up_to_whole_deals_and_repeated_rotations_are_played_once() -> None:
    assert len(schedule(("a", "b", "c"), 3, seed=1, games=7)) == 9
    jobs = schedule(("a", "b"), 4, seed=1, games=4)
    assert [j.bots for j in jobs] == [("a", "b", "a", "b"), ("b", "a", "b", "a")] * 2
    assert len(schedule(("a", "b", "c", "d", "e"), 4, seed=1, round_robin=True)) == 5 * 4


def test_round_robin_plays_every_lineup() -> None:
    jobs = schedule(("a", "b", "c", "d"), 2, seed=3, round_robin=True)
    assert {frozenset(j.bots) for j in jobs} == {frozenset(p) for p in
                                                 lineups(("a", "b", "c", "d"), 2)}


# --------------------------------------------------------------------------
# ratings


def test_the_winner_gains_and_the_loser_loses() -> None:
    r = Ratings(["a", "b", "c"])
    r.update(["a", "b", "c"], [1, 2, 3])
    assert r.now["a"].mu > r.now["b"].mu > r.now["c"].mu
    assert all(x.sigma < 25 / 3 for x in r.now.values())


def test_a_bot_holding_several_seats_takes_the_mean_of_its_seats() -> None:
    # against itself it moves by (about) nothing; its sigma shrinks as any player's
    r = Ratings(["a"])
    r.update(["a", "a", "a"], [1, 2, 3])
    assert abs(r.now["a"].mu - 25) < 1e-9
    # a first and a third place: the mean of the two seats' updates
    two = Ratings(["a", "b"])
    two.update(["a", "b", "a"], [1, 2, 3])
    solo = Ratings(["x", "y", "z"])
    solo.update(["x", "y", "z"], [1, 2, 3])
    assert two.now["a"].mu == pytest.approx((solo.now["x"].mu + solo.now["z"].mu) / 2)
    assert two.now["b"].mu == pytest.approx(solo.now["y"].mu)


def test_teams_rank_by_their_best_seat() -> None:
    r = Ratings(["a", "b", "c", "d"])
    r.update(["a", "b", "c", "d"], [4, 1, 2, 3], teams=[[0, 1], [2, 3]])
    assert r.now["a"].mu == r.now["b"].mu > 25 > r.now["c"].mu == r.now["d"].mu
    with pytest.raises(ValueError, match="every seat"):
        r.update(["a", "b", "c", "d"], [1, 2, 3, 4], teams=[[0, 1], [2]])


def test_ratings_depend_on_the_order_of_games() -> None:
    # why the runner hands results over in game order: the same games in another
    # order give other ratings
    games = [(["a", "b", "c"], [1, 2, 3]), (["c", "a", "b"], [1, 2, 3]),
             (["b", "c", "a"], [1, 3, 2])]
    one, other = Ratings(["a", "b", "c"]), Ratings(["a", "b", "c"])
    for g in games:
        one.update(*g)
    for g in reversed(games):
        other.update(*g)
    assert one.now != other.now


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low < 0.5 < high and high - 0.5 == pytest.approx(0.5 - low)
    assert wilson(0, 10)[0] == 0.0 and 0 < wilson(0, 10)[1] < 0.35
    assert wilson(10, 10)[1] == 1.0
    assert wilson(500, 1000)[1] - wilson(500, 1000)[0] < high - low


# --------------------------------------------------------------------------
# the runner


def test_results_are_handed_over_in_task_order() -> None:
    order = list(range(20))
    random.Random(4).shuffle(order)
    seen: list[tuple[int, int]] = []
    out = list(runner._in_order(((i, i * i) for i in order), 20,
                                lambda d, t: seen.append((d, t))))
    assert out == [(i, i * i) for i in range(20)]
    assert seen == [(d, 20) for d in range(1, 21)]


def test_processes_give_what_one_process_gives() -> None:
    tasks = [[i, -i] for i in range(12)]
    assert list(runner.run(sorted, tasks, workers=2)) == list(runner.run(sorted, tasks))


def test_progress_bar_only_on_a_terminal() -> None:
    quiet = io.StringIO()
    runner.Progress("games", quiet)(5, 10)
    assert quiet.getvalue() == ""

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty = Tty()
    bar = runner.Progress("games", tty)
    bar(10, 10)
    assert "10/10" in tty.getvalue() and tty.getvalue().endswith("\n")


# --------------------------------------------------------------------------
# a tournament


def test_one_and_two_workers_give_byte_identical_results() -> None:
    args = (GAME, {"players": 3}, ["random", "first"])
    one = tournament(*args, seed=11, games=6)
    two = tournament(*args, seed=11, games=6, workers=2)
    assert two.timings["backend"] == "processes"
    assert one.to_json() == two.to_json()
    data = json.loads(one.to_json())
    assert "seconds" not in one.to_json() and one.timings["workers"] == 1
    games = data["games"]
    assert len(games) == 6 and [g["index"] for g in games] == list(range(6))
    # the rotations of a deal start from the same chance stream
    assert len({g["chance_seed"] for g in games if g["deal"] == 0}) == 1
    rows = {r["bot"]: r for r in data["table"]}
    assert rows["random"]["seat_games"] + rows["first"]["seat_games"] == 18
    # the table is folded from the games: the wins add up to the games played
    from fractions import Fraction
    assert sum(Fraction(r["wins"]) for r in data["table"]) == 6
    # another seed is another tournament
    assert tournament(*args, seed=12, games=2).to_json() != one.to_json()


def test_forfeits_are_recorded_and_the_tournament_completes(tmp_path: Path) -> None:
    garbage = "cmd:sh -c 'while read line; do echo garbage; done'"
    out = tmp_path / "t.json"
    report = tmp_path / "t.html"
    code = main(["tournament", GAME, "--players", "2", "--bots", "first", "--bot", garbage,
                 "--games", "2", "--seed", "3", "--json", str(out), "--report", str(report),
                 "--traces", str(tmp_path), "--quiet"])
    assert code == 0
    # each game's trace replays on the kernel
    assert sorted(p.name for p in tmp_path.glob("game-*.jsonl")) == [
        "game-000000.jsonl", "game-000001.jsonl"]
    assert main(["replay", str(tmp_path / "game-000001.jsonl")]) == 0
    data = json.loads(out.read_text())
    rows = {r["bot"]: r for r in data["table"]}
    assert rows[garbage]["forfeits"] and not rows["first"]["forfeits"]
    assert data["forfeits"] == sum(rows[garbage]["forfeits"].values()) > 0
    assert {f["reason"] for g in data["games"] for f in g["forfeits"]} <= {
        "malformed", "gone"}
    html = report.read_text()
    assert html.count("<svg") == 2 and "<script" not in html and "malformed" in html


def test_report_draws_every_bot_with_its_interval() -> None:
    r = tournament(GAME, {"players": 2}, ["random", "first"], seed=2, games=2)
    html = page(r.data, r.timings)
    for row in r.data["table"]:
        g = row["rating"]
        assert f"{g['low']:.2f} to {g['high']:.2f}" in html
    assert "Timings (not part of the results)" in html


@pytest.mark.parametrize("argv", [
    ["tournament", GAME, "--bots", "random", "--seed", "1"],                 # no size
    ["tournament", GAME, "--bots", "random,random", "--games", "2"],         # twice
    ["tournament", GAME, "--bots", "nonsense", "--games", "2"],              # unknown bot
    ["tournament", GAME, "--games", "2"],                                     # no bots
    ["tournament", GAME, "--bots", "random", "--games", "2", "--round-robin"],
    ["tournament", "no-such-game", "--bots", "random", "--games", "2"],
    ["tournament", GAME, "--bots", "random", "--games", "0"],
])
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("node") is None,
                    reason="node (Node.js) is not installed: the example bot cannot run")
def test_a_node_bot_plays_a_round_robin_against_the_python_baselines(tmp_path: Path) -> None:
    node = f"cmd:node {Path(__file__).resolve().parents[1] / 'examples' / 'node' / 'bot.js'}"
    outs = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}.json"
        assert main(["tournament", GAME, "--players", "2", "--bots", "random,first",
                     "--bot", node, "--round-robin", "--seed", "4", "--workers", workers,
                     "--json", str(out), "--quiet"]) == 0
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]  # a deterministic foreign bot: the same table
    data = json.loads(outs[0])
    rows = {r["bot"]: r for r in data["table"]}
    assert data["tournament"]["games"] == 6 and rows[node]["seat_games"] == 4
    assert data["forfeits"] == 0

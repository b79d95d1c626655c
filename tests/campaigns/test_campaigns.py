"""The campaigns' own step of .ci/run (issue 26, item 5): Ray, diff over seeds, Parquet.

Outside the gate (Ray is a 79 MB wheel that takes seconds to start, pyarrow
another large one; neither is in the test extra). Run it with

    python3 -m pip install -q -c constraints.txt -e '.[test,ray,dataset]'
    RACE_KERNEL_CAMPAIGNS=run python3 -m pytest -p no:cacheprovider tests/campaigns

The gate's run skips it, saying so. The Ray cluster is local and private to
the test: ``ray.init(address="local", num_cpus=2)`` on the loopback
interface (:mod:`kernel.tournament.runner`), ``RAY_ADDRESS`` removed so
that no existing cluster is joined, token authentication on with a fresh
random token given in ``RAY_AUTH_TOKEN`` (so Ray writes no token under the
home folder, ``~/.ray/auth_token``, as it does for a local cluster when no
token is given), and Ray's session files in a temporary folder
(``RAY_TMPDIR``).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

if os.environ.get("RACE_KERNEL_CAMPAIGNS") != "run":
    pytest.skip("the campaigns' test (Ray, Parquet) is its own step of .ci/run: "
                "RACE_KERNEL_CAMPAIGNS=run python3 -m pytest tests/campaigns",
                allow_module_level=True)

from kernel.cli import main
from kernel.tournament.core import tournament

GAME = "camel-up-cards-2016"


@pytest.fixture(scope="module")
def private_ray() -> Iterator[None]:
    """The environment of a local Ray cluster that joins nothing and writes no token home."""
    saved = {k: os.environ.get(k) for k in ("RAY_ADDRESS", "RAY_AUTH_MODE", "RAY_AUTH_TOKEN",
                                             "RAY_TMPDIR")}
    folder = tempfile.mkdtemp(prefix="rk-ray-")
    os.environ.pop("RAY_ADDRESS", None)
    os.environ["RAY_AUTH_MODE"] = "token"
    os.environ["RAY_AUTH_TOKEN"] = uuid.uuid4().hex
    os.environ["RAY_TMPDIR"] = folder
    home_token = Path.home() / ".ray" / "auth_token"
    had_token = home_token.exists()
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        shutil.rmtree(folder, ignore_errors=True)
        assert home_token.exists() == had_token, "Ray wrote a token under the home folder"


def test_one_worker_two_workers_and_ray_give_byte_identical_results(private_ray: None) -> None:
    args = (GAME, {"players": 3}, ["random", "first", "greedy"])
    one = tournament(*args, seed=21, games=6)
    two = tournament(*args, seed=21, games=6, workers=2)
    on_ray = tournament(*args, seed=21, games=6, workers=2, ray="local")
    assert on_ray.timings["backend"] == "ray"
    assert one.to_json() == two.to_json() == on_ray.to_json()
    assert len(json.loads(one.to_json())["games"]) == 6


def test_the_command_on_ray(private_ray: None, tmp_path: Path) -> None:
    out, serial = tmp_path / "ray.json", tmp_path / "serial.json"
    common = ["tournament", GAME, "--players", "2", "--bots", "random,first", "--games", "4",
              "--seed", "5", "--quiet"]
    assert main([*common, "--ray", "local", "--workers", "2", "--json", str(out)]) == 0
    assert main([*common, "--json", str(serial)]) == 0
    assert out.read_bytes() == serial.read_bytes()


def test_diff_over_seeds_one_task_per_seed(tmp_path: Path) -> None:
    summary = tmp_path / "s.json"
    server = [sys.executable, "-m", "kernel.conformance.server"]
    code = main(["campaign", "diff", "--game", GAME, "--seeds", "2", "--examples", "2",
                 "--workers", "2", "--quiet", "--summary", str(summary), "--", *server])
    data = json.loads(summary.read_text())
    assert code == 0 and data["exit_code"] == 0 and data["failing_seeds"] == []
    assert [p["seed"] for p in data["per_seed"]] == [0, 1] and data["examples"] == 4


def test_diff_over_seeds_finds_a_divergence(tmp_path: Path) -> None:
    # the toy engine of examples/python leaves most of its game out: every seed diverges
    toy = Path(__file__).resolve().parents[2] / "examples" / "python" / "camel_up_2018_leg.py"
    summary = tmp_path / "s.json"
    code = main(["campaign", "diff", "--game", "camel-up-2018", "--seeds", "2",
                 "--examples", "2", "--quiet", "--summary", str(summary), "--",
                 sys.executable, str(toy)])
    data = json.loads(summary.read_text())
    assert code == 1 and data["failing_seeds"] and data["groups"]
    assert all(g["count"] >= 1 and g["seeds"] for g in data["groups"])


def test_selfplay_writes_one_parquet_file_per_shard(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    import kernel

    code = main(["campaign", "selfplay", GAME, "--players", "2", "--bots", "random,first",
                 "--games", "4", "--shard-size", "2", "--seed", "3", "--workers", "2",
                 "--out", str(tmp_path), "--quiet"])
    assert code == 0
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    files = sorted(p.name for p in tmp_path.glob("*.parquet"))
    assert files == ["shard-00000.parquet", "shard-00001.parquet"]
    space = kernel.action_space(GAME, {"players": 2})
    for shard in manifest["shards"]:
        table = pq.read_table(tmp_path / shard["file"])
        assert table.num_rows == shard["rows"] > 0
        rows = table.to_pylist()
        for row in rows[:50]:
            assert row["action_mask"][row["action"]] == 1  # the action taken was legal
            assert len(row["action_mask"]) == len(space.players)
        # each seat's rewards add up to its return (winners share 1)
        for g in {r["game"] for r in rows}:
            for seat in (0, 1):
                mine = [r for r in rows if r["game"] == g and r["seat"] == seat]
                assert sum(r["reward"] for r in mine) == pytest.approx(mine[-1]["return"])


def test_hostile_bot_programs_end_with_a_clear_record_and_the_tournament_completes(
        tmp_path: Path) -> None:
    # every hostile program of tests/fixtures/hostile_bot.py meets the random bot in
    # both seat rotations, over 2 local processes; each ends with its forfeits
    # recorded by reason and the tournament completes
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "hostile_bot.py"
    reasons = {"crash": {"crash", "gone"}, "garbage": {"malformed", "gone"},
               "endless": {"malformed", "gone"}, "hang": {"late", "gone"},
               "illegal": {"illegal"}, "refuse": {"refused"},
               "grandchild": {"crash", "gone"}}
    specs = {mode: f"cmd:{sys.executable} {fixture} {mode} {tmp_path / mode}"
             for mode in reasons}
    out = tmp_path / "hostile.json"
    argv = ["tournament", "hare-and-tortoise-2014", "--players", "2", "--bots", "random",
            "--games", str(2 * len(specs)), "--seed", "1", "--time-limit", "0.4",
            "--workers", "2", "--json", str(out), "--quiet"]
    for spec in specs.values():
        argv += ["--bot", spec]
    assert main(argv) == 0
    data = json.loads(out.read_text())
    rows = {r["bot"]: r for r in data["table"]}
    assert rows["random"]["forfeits"] == {} and rows["random"]["seat_games"] == 14
    for mode, spec in specs.items():
        assert rows[spec]["seat_games"] == 2, mode
        assert rows[spec]["forfeits"] and set(rows[spec]["forfeits"]) <= reasons[mode], (
            mode, rows[spec]["forfeits"])
    assert data["truncated"] == 0

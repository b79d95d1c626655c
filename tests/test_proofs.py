"""proofs/run.py: the CrossHair record, its hashes, staleness and the time box.

The hashes are computed on modified copies of the rule modules
(kernel/rules/{stacks,ranking,payouts,track}.py, as strings), so these tests
run no long CrossHair search: the end-to-end ones run proofs/run.py in a
temporary copy of the repository against a fixture record, and re-check only
the money floor's contracts and plant (about a second each).
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import math
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
STACKS, RANKING, PAYOUTS, TRACK = (f"kernel.rules.{m}" for m in
                                  ("stacks", "ranking", "payouts", "track"))
#: The rule modules' sources, by module name.
SOURCES = {m: (ROOT / "kernel" / "rules" / f"{m.rsplit('.', 1)[1]}.py").read_text(encoding="utf-8")
           for m in (STACKS, RANKING, PAYOUTS, TRACK, "kernel.rules.deck")}
pytestmark = pytest.mark.gate


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("proofs_run", ROOT / "proofs" / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


run: Any = _load()
TOOL = {"crosshair-tool": "0.0.113", "options": list(run.OPTIONS)}


def _items(texts: dict[str, str] | None = None, tool: dict[str, Any] = TOOL,
           **kw: Any) -> list[Any]:
    """The shared rules' contracts and plants (the games' own are left out unless asked for)."""
    kw.setdefault("budgets", run.SHARED_BUDGETS)
    kw.setdefault("plants", run.SHARED_PLANTS)
    return list(run.items(run.SourceIndex(ROOT, {**SOURCES, **(texts or {})}), tool, **kw))


def _hashes(texts: dict[str, str] | None = None, tool: dict[str, Any] = TOOL,
            **kw: Any) -> dict[str, str]:
    return {item.key: item.hash for item in _items(texts, tool, **kw)}


def _changed(after: dict[str, str], before: dict[str, str] | None = None) -> set[str]:
    """The functions some of whose contracts or plants changed hash (or key)."""
    before = before if before is not None else _hashes()
    function = {item.key: item.function for item in _items()}
    keys = set(before) | set(after)
    return {function.get(k, k.split(":")[0].split()[0].rsplit(".", 1)[-1])
            for k in keys if before.get(k) != after.get(k)}


def _edit(module: str, old: str, new: str, texts: dict[str, str] | None = None,
          ) -> dict[str, str]:
    """The rule modules' sources with ``old`` replaced by ``new`` once in ``module``."""
    texts = dict(texts or SOURCES)
    assert texts[module].count(old) == 1, old
    texts[module] = texts[module].replace(old, new)
    return texts


def test_one_contract_per_postcondition_line() -> None:
    items = _items()
    contracts = [i for i in items if i.kind == "contract"]
    assert set(run.SHARED_BUDGETS) == set(SOURCES)
    for module, source in SOURCES.items():
        lines = source.split("\n")
        mine = [i for i in contracts if i.module == module]
        assert len(mine) == sum(1 for line in lines if line.strip().startswith("post:"))
        for item in mine:
            assert lines[item.line - 1].strip() == f"post: {item.condition}"
    assert len([i for i in items if i.kind == "plant"]) == len(run.SHARED_PLANTS)
    assert len({i.key for i in items}) == len(items)
    assert not run.unbudgeted(run.SourceIndex(ROOT))


def test_body_change_reaches_the_function_and_its_callers_only() -> None:
    after = _hashes(_edit(STACKS, "    h0 = height[camel]\n", "    h0 = height[camel] + 0\n"))
    # unit_of changed; move calls it (body and postcondition); nothing else does.
    assert _changed(after) == {"unit_of", "move"}
    before = _hashes()
    assert all(after[k] != h for k, h in before.items() if "stacks.move" in k)
    # place_payout changed; leader_payout calls it (body and postcondition).
    after = _hashes(_edit(PAYOUTS, "    return other\n", "    return other + 0\n"))
    assert _changed(after) == {"place_payout", "leader_payout"}


def test_constant_change_reaches_its_readers_only() -> None:
    # SAND is read by sandstorm (body, postcondition) and valid_track (extend's conditions).
    assert _changed(_hashes(_edit(TRACK, "SAND = 1 ", "SAND = 4 "))) == {"sandstorm", "extend"}
    # FORWARD is read by move, ranks and sandstorm (bodies, conditions) and by signs (their
    # preconditions), across modules; unit_of, earnings, the payouts and extend do not read it.
    assert _changed(_hashes(_edit(STACKS, "FORWARD = 1 ", "FORWARD = 2 "))) == {
        "move", "ranks", "sandstorm"}


def test_a_condition_counts_for_its_own_contract_and_preconditions_for_all() -> None:
    before = _hashes()
    old = "len(__return__) == len(pos)"
    after = _hashes(_edit(RANKING, f"post: {old}\n", f"post: {old} and True\n"))
    ranks = {k for k in before if k.startswith(f"{RANKING}.ranks: ")}
    assert f"{RANKING}.ranks: {old}" not in after
    assert f"{RANKING}.ranks: {old} and True" in after
    assert all(after[k] == before[k] for k in ranks if k != f"{RANKING}.ranks: {old}")
    assert _changed(after) == {"ranks"}  # and the ranks plants, which keep the whole function
    pre = _hashes(_edit(RANKING, "stacked(pos, height, 30, (0,))\n",
                        "stacked(pos, height, 29, (0,))\n"))
    assert all(pre[k] != before[k] for k in ranks) and _changed(pre) == {"ranks"}


def test_layout_and_comments_do_not_count() -> None:
    moved = _edit(RANKING, "\ndef ranks(", "\n# a comment\n\n\ndef ranks(")
    moved = _edit(RANKING, "    result = [0] * len(pos)\n",
                  "    result = [0] * len(pos)  # a comment\n", moved)
    assert _hashes(moved) == _hashes()
    assert [i.line for i in _items(moved)] != [i.line for i in _items()]


def test_tool_budget_and_plant_count() -> None:
    before = _hashes()
    newer = _hashes(tool={**TOOL, "crosshair-tool": "0.0.114"})
    assert set(newer) == set(before) and all(newer[k] != before[k] for k in before)
    budgets = {**run.SHARED_BUDGETS, RANKING: {**run.SHARED_BUDGETS[RANKING], "ranks": 6}}
    assert _changed(_hashes(budgets=budgets)) == {"ranks"}
    plants = list(run.SHARED_PLANTS)
    plants[0] = dataclasses.replace(plants[0], budget=11)
    after = _hashes(plants=plants)
    assert [k for k in before if after[k] != before[k]] == [
        i.key for i in _items() if i.plant == run.SHARED_PLANTS[0]]


def test_a_plant_that_no_longer_applies_stops_the_run() -> None:
    with pytest.raises(run.ContractError, match="update PLANTS"):
        _items(_edit(TRACK, "new.append(fill)", "new.append(SAND)"))


def test_calls_are_followed_across_kernel_modules(tmp_path: Path) -> None:
    pkg = tmp_path / "kernel"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "helpers.py").write_text(
        "LIMIT = 3\n\ndef helper(x: int) -> int:\n    return min(x, LIMIT)\n\n"
        "def unrelated() -> int:\n    return 1\n")
    (pkg / "sub" / "more.py").write_text("def extra(x: int) -> bool:\n    return x >= 0\n")
    game = (
        "from .helpers import helper\nfrom kernel.sub import more\nimport kernel.sub.more as m2\n\n"
        "def f(x: int) -> int:\n    '''\n    pre: more.extra(x)\n    post: __return__ <= 3\n"
        "    post: m2.extra(__return__)\n    '''\n    return helper(x)\n")
    (pkg / "sub" / "game.py").write_text(game)
    budgets = {"kernel.sub.game": {"f": 1}}

    def hashes(**overrides: str) -> dict[str, str]:
        index = run.SourceIndex(tmp_path, overrides)
        return {i.key: i.hash for i in run.items(index, TOOL, budgets=budgets, plants=())}

    before = hashes()
    helpers = (pkg / "sub" / "helpers.py").read_text()
    assert hashes(**{"kernel.sub.helpers": helpers.replace("return 1", "return 2")}) == before
    assert all(v != before[k] for k, v in hashes(
        **{"kernel.sub.helpers": helpers.replace("LIMIT = 3", "LIMIT = 4")}).items())
    extra = hashes(**{"kernel.sub.more": "def extra(x: int) -> bool:\n    return x > 0\n"})
    assert all(v != before[k] for k, v in extra.items())  # the pre reaches it for both
    index = run.SourceIndex(tmp_path)
    deps = {i.condition: i.depends for i in run.items(index, TOOL, budgets=budgets, plants=())}
    assert deps["__return__ <= 3"] == (
        "kernel.sub.helpers.LIMIT", "kernel.sub.helpers.helper", "kernel.sub.more.extra")


def test_rotation_tiles_the_cycle() -> None:
    items = _items()
    record = run.Record()
    costs = {i.key: run.cost(i, record) for i in items}
    total = sum(costs.values())
    capacity = 600  # 60 s: 2 workers x a 30 s box, in tenths of a second
    slots = math.ceil(total / capacity)
    assert slots > 1
    windows = [run.rotation(items, costs, capacity, 20000 + s) for s in range(slots + 1)]
    assert windows[0] == run.rotation(items, costs, capacity, 20000)  # deterministic
    assert {i.key for w in windows[:slots] for i in w} == set(costs)  # all, within `slots` slots
    counts = [sum(1 for w in windows[:slots] if i in w) for i in items]
    assert set(counts) <= {1, 2}  # a window wraps the cycle at most once
    for window in windows:
        assert window and sum(costs[i.key] for i in window) <= capacity + max(costs.values())
    assert windows[0] != windows[1]
    assert run.rotation(items, costs, total, 5) == items  # a box that holds the cycle: all


def test_time_box_skips_jobs_not_started_in_time() -> None:
    jobs = [run.Job((), estimate=0.3) for _ in range(10)]

    def work(job: Any) -> str:
        time.sleep(0.3)
        return "done"

    started = time.monotonic()
    done = run.execute(jobs, work, 2, deadline=started + 0.5)
    elapsed = time.monotonic() - started
    assert 2 <= done.count("done") <= 6 and done.count(None) >= 4
    assert elapsed < 0.5 + 0.3 + 0.5
    assert run.execute(jobs[:4], work, 2).count("done") == 4


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    """A copy of the kernel and of proofs/run.py and its modules, with a fixture record
    matching the code.

    The fixture record says every contract was confirmed and every plant
    found: the tests below check how run.py treats a record, not CrossHair.
    """
    shutil.copytree(ROOT / "kernel", tmp_path / "kernel",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for listed in (tmp_path / "kernel" / "games").glob("*/proofs.json"):
        shutil.rmtree(listed.parent)  # the shared rules' contracts only (a game's own are data)
    (tmp_path / "proofs").mkdir()
    for module in (ROOT / "proofs").glob("*.py"):  # run.py and the modules it imports
        shutil.copy(module, tmp_path / "proofs" / module.name)
    items = run.items(run.SourceIndex(tmp_path), budgets=run.SHARED_BUDGETS,
                      plants=run.SHARED_PLANTS)
    fixture = [
        run.PlantResult(i.key, i.module, i.function, i.plant.rule, i.plant.bug, True,
                        budget=i.budget, seconds=1.0, hash=i.hash) if i.plant is not None
        else run.Condition(i.key, i.module, i.function, i.line, i.condition, "confirmed", 1, 1,
                           i.budget, 1.0, hash=i.hash)
        for i in items
    ]
    run.write_record(tmp_path / "proofs", items, run.Record(), fixture, 0.0, [])
    path = tmp_path / "proofs" / "results.json"
    data = json.loads(path.read_text())
    for entry in data["contracts"] + data["planted"]:
        entry["checked"] = "2000-01-01T00:00Z"
    path.write_text(json.dumps(data, indent=2))
    return tmp_path


def _proofs(repo: Path, *args: str) -> tuple[int, str]:
    proc = subprocess.run([sys.executable, str(repo / "proofs" / "run.py"), *args], cwd=repo,
                          capture_output=True, text=True, timeout=120)
    return proc.returncode, proc.stdout + proc.stderr


def _record(repo: Path) -> dict[str, dict[str, Any]]:
    data = json.loads((repo / "proofs" / "results.json").read_text())
    return {e["key"]: e for e in data["contracts"] + data["planted"]}


#: A change of floor_money's body (same behaviour): its 2 contracts and its plant re-check.
FLOOR = ('    """Money after a payout step', '    """The money after a payout step')


def test_fresh_record_is_trusted(repo: Path) -> None:
    code, out = _proofs(repo, "--time-box", "0")
    assert code == 0, out
    n = len(_record(repo))
    assert f"trusted from the record (hash unchanged): {n}" in out and "STALE" not in out


def test_stale_record_fails_even_when_the_recheck_passes(repo: Path) -> None:
    path = repo / "kernel" / "rules" / "payouts.py"
    path.write_text(_edit(PAYOUTS, *FLOOR, {PAYOUTS: path.read_text()})[PAYOUTS])
    code, out = _proofs(repo, "--time-box", "0")
    assert code == 1, out
    assert "STALE RECORD" in out and "python3 proofs/run.py --record" in out
    assert len(re.findall(r"^changed +floor_money +\d+ confirmed", out, re.M)) == 2, out
    assert re.search(r"^changed +planted floor_money +CUC-MONEY-FLOOR +found", out, re.M), out
    assert "DEFECT" not in out
    assert "changed or new since the record, re-checked now: 3" in out
    # Re-recording the changed function makes the record fresh again; the rest is kept.
    before = _record(repo)
    code, out = _proofs(repo, "--record", "--only", "floor_money")
    assert code == 0, out
    after = _record(repo)
    assert set(after) == set(before)
    changed = [k for k in after if after[k]["hash"] != before[k]["hash"]]
    assert sorted(changed) == sorted(k for k in after if k.startswith(f"{PAYOUTS}.floor_money"))
    assert len(changed) == 3
    assert all(before[k]["checked"] == "2000-01-01T00:00Z" != after[k]["checked"]
               for k in changed)
    assert all(after[k] == before[k] for k in after if k not in changed)
    code, out = _proofs(repo, "--time-box", "0")
    assert code == 0, out


def test_gone_contract_and_recorded_defect_fail(repo: Path) -> None:
    path = repo / "proofs" / "results.json"
    data = json.loads(path.read_text())
    data["contracts"].append({**data["contracts"][0], "key": f"{STACKS}.unit_of: True"})
    path.write_text(json.dumps(data))
    code, out = _proofs(repo, "--time-box", "0")
    assert code == 1 and f"gone from the code, still recorded: {STACKS}.unit_of: True" in out
    data["contracts"].pop()
    data["contracts"][0]["status"] = "counterexample"
    path.write_text(json.dumps(data))
    code, out = _proofs(repo, "--time-box", "0")
    assert code == 1 and "DEFECT: recorded result: unit_of" in out and "STALE" not in out


def test_rotation_rechecks_within_the_box(repo: Path) -> None:
    # The payouts' contracts are confirmed in well under a second each: find a slot whose
    # window holds only them, and run the gate with a 2 s box on that slot.
    record = run.load_record(repo / "proofs" / "results.json")
    items = run.items(run.SourceIndex(repo), budgets=run.SHARED_BUDGETS, plants=run.SHARED_PLANTS)
    costs = {i.key: run.cost(i, record) for i in items}
    cheap = {"place_payout", "leader_payout", "floor_money"}
    capacity = 2 * 2 * 10  # 2 workers x a 2 s box, in tenths of a second
    slot = next(s for s in range(1000)
                if all(i.function in cheap and i.kind == "contract"
                       for i in run.rotation(items, costs, capacity, s)))
    window = run.rotation(items, costs, capacity, slot)
    started = time.monotonic()
    code, out = _proofs(repo, "--time-box", "2", "--slot", str(slot))
    assert code == 0, out
    rechecked = re.findall(r"^rotation +(\w+) +(\d+) confirmed", out, re.M)
    assert sorted(rechecked) == sorted((i.function, str(i.line)) for i in window), out
    assert f"re-checked in rotation: {len(window)} in" in out
    assert time.monotonic() - started < 30


def test_a_game_lists_its_own_contracts(tmp_path: Path) -> None:
    # proofs.json beside a game's code adds its budgets and plants; it may not list other modules
    game = tmp_path / "kernel" / "games" / "somegame"
    game.mkdir(parents=True)
    (game / "proofs.json").write_text(json.dumps({
        "budgets": {"kernel.games.somegame.moves": {"step": 4}},
        "plants": [{"function": "step", "rule": "SG-STEP", "old": "+ 1", "new": "+ 2",
                    "keep": "__return__", "module": "kernel.games.somegame.moves"}]}))
    budgets, plants = run.game_proofs(tmp_path)
    assert budgets == {"kernel.games.somegame.moves": {"step": 4.0}}
    assert [(p.function, p.module, p.budget) for p in plants] == [
        ("step", "kernel.games.somegame.moves", 10)]
    bad: object
    for bad in ({"budgets": {"kernel.rules.stacks": {"move": 1}}},
                {"budgets": {"kernel.games.somegame.moves": {"step": 0}}},
                {"budgets": {}, "plants": [{"function": "step", "module": "kernel.games.x.y"}]},
                {"budget": {}}, []):
        (game / "proofs.json").write_text(json.dumps(bad))
        with pytest.raises(run.ContractError):
            run.game_proofs(tmp_path)

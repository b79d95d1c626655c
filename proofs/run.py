"""Check the CrossHair contracts of kernel/rules/camel.py, and that they can fail.

    python proofs/run.py            # the gate: exit 1 on any defect
    python proofs/run.py --record   # the same, and rewrite proofs/results.{json,md}
    python proofs/run.py --only move --only ranks

Each contract function is checked by ``crosshair check --report_all`` with a
pinned per-condition budget (CPU seconds, see BUDGETS), two functions at a
time. Every postcondition gets one of:

- ``confirmed``: CrossHair exhausted every path ("Confirmed over all paths.");
- ``no counterexample within budget``: paths that met the preconditions were
  checked and none broke the condition ("Not confirmed."); ``paths`` says how
  many;
- ``counterexample``: CrossHair found an input that breaks it;
- ``precondition never met``: no path got past the preconditions, so the
  condition checked nothing ("Unable to meet precondition").

The gate fails on a counterexample, on a precondition never met and on a
condition that no completed path reached (0 paths): a contract that checks
nothing is a defect. It also runs PLANTS: copies of camel.py with one
deliberate bug each, written to a temporary directory; CrossHair must find a
counterexample in each, which shows the contracts and the budgets can catch
a broken rule.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "kernel" / "rules" / "camel.py"
MODULE = "kernel.rules.camel"

#: Function -> per-condition budget in CPU seconds (pinned: results depend on it).
BUDGETS: dict[str, float] = {
    "unit_of": 4,
    "move": 5,
    "ranks": 5,
    "leader_payout": 5,
    "midfield_payout": 5,
    "final_winner_payout": 5,
    "final_loser_payout": 5,
    "floor_money": 5,
    "extend": 4,
    "sandstorm": 4,
}


@dataclass(frozen=True)
class Plant:
    """A deliberate bug: ``old`` becomes ``new`` inside ``function``.

    Only the postconditions of ``function`` containing ``keep`` stay in the
    planted copy (so the budget goes to the condition meant to catch it), and
    ``focus``, if given, is one more precondition that steers the search to
    the inputs that reach the bug (a deep branch of ``move``).
    """

    function: str
    rule: str
    old: str
    new: str
    keep: str
    focus: str = ""
    budget: float = 10


PLANTS: tuple[Plant, ...] = (
    Plant("floor_money", "CUC-MONEY-FLOOR", "return total if total >= 1 else 1",
          "return total if total >= 0 else 0", keep="__return__ >= 1"),
    Plant("leader_payout", "CUC-PAY-LEADER", "return value\n", "return value + 1\n",
          keep="__return__ == (value"),
    Plant("unit_of", "CUC-MOVE-CARRY", "above.sort(key=lambda c: height[c])",
          "above.sort(key=lambda c: -height[c])", keep="height[a] < height[b]"),
    Plant("move", "CUC-MOVE-FENNEC", "under = True\n", "under = False\n",
          keep="__return__.under ==", focus="fennec == pos[camel] + steps"),
    Plant("move", "CUC-MOVE-PALM", "target += 1\n", "target += 2\n",
          keep="__return__.target == min(", focus="palm == pos[camel] + steps"),
    Plant("ranks", "CUC-RANK", "key=lambda c: (pos[c], height[c]), reverse=True",
          "key=lambda c: (pos[c], -height[c]), reverse=True", keep="__return__[a] < __return__[b]"),
    Plant("extend", "CUC-EXTEND", "new.append(HALF)", "new.append(FACE)",
          keep="track_length(__return__[0]) - leader == 3"),
    Plant("sandstorm", "CUC-SANDSTORM", "if track[i] == FACE and i not in occupied",
          "if track[i] == FACE", keep="not in __return__[2] for p in pos",
          focus="card_of(track, min(pos)) < card_of(track, pos[2]) < card_of(track, max(pos))",
          budget=20),
)

STATUS = {
    "Confirmed over all paths.": "confirmed",
    "Not confirmed.": "no counterexample within budget",
}
MESSAGE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<level>\w+): (?P<text>.*)$")
ANALYZING = re.compile(r'Analyzing postcondition: "\s*(?P<expr>.*?)\s*"$')
STATS = re.compile(r"Path tree stats \{(?P<stats>.*)\}")
FINISHED = re.compile(r"calltree search with (?P<status>\w+).*Number of iterations:\s*(?P<n>\d+)")


@dataclass
class Condition:
    """The result of one postcondition."""

    function: str
    line: int
    condition: str
    status: str
    paths: int = 0
    iterations: int = 0
    budget: float = 0
    message: str = ""


@dataclass
class PlantResult:
    function: str
    rule: str
    bug: str
    found: bool
    message: str = ""


@dataclass
class Run:
    conditions: list[Condition] = field(default_factory=list)
    plants: list[PlantResult] = field(default_factory=list)
    seconds: float = 0


Counts = list[tuple[str, int, int]]


def crosshair(target: str, budget: float, pythonpath: str) -> tuple[str, Counts]:
    """Run ``crosshair check`` verbosely; its messages and per-condition path counts.

    The counts, in analysis order, are (condition text, paths that met every
    precondition and completed, iterations).
    """
    env = {**os.environ, "PYTHONPATH": pythonpath + os.pathsep + os.environ.get("PYTHONPATH", "")}
    cmd = [sys.executable, "-m", "crosshair", "check", "--verbose", "--report_all",
           f"--per_condition_timeout={budget}", target]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, errors="replace")
    counts: Counts = []
    expr, paths = "", 0
    assert proc.stderr is not None and proc.stdout is not None
    for line in proc.stderr:
        if (m := ANALYZING.search(line)) is not None:
            expr, paths = m["expr"], 0
        elif (m := STATS.search(line)) is not None:
            stats = dict(part.split(":") for part in m["stats"].replace(" ", "").split(",") if part)
            paths = int(stats.get("CONFIRMED", 0)) + int(stats.get("REFUTED", 0))
        elif (m := FINISHED.search(line)) is not None and expr:
            counts.append((expr, paths, int(m["n"])))
            expr = ""
    out = proc.stdout.read()
    proc.wait()
    return out, counts


def _source_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def check_function(name: str, budget: float) -> list[Condition]:
    """Check the contracts of ``name``; one Condition per postcondition."""
    out, counts = crosshair(f"{MODULE}.{name}", budget, str(ROOT))
    lines = _source_lines(SOURCE)
    results: list[Condition] = []
    for raw in out.splitlines():
        m = MESSAGE.match(raw.strip())
        if m is None:
            continue
        number = int(m["line"])
        text = lines[number - 1].strip()
        condition = text.removeprefix("post:").strip()
        message = m["text"]
        if message in STATUS:
            status = STATUS[message]
        elif "Unable to meet precondition" in message:
            status = "precondition never met"
        else:
            status = "counterexample"
        paths = iterations = 0
        for expr, p, n in counts:
            if expr == condition:
                paths, iterations = p, n
        results.append(Condition(name, number, condition, status, paths, iterations, budget,
                                 "" if message in STATUS else message))
    if not results:
        results.append(Condition(name, 0, "(no message)", "no result", 0, 0, budget, out[-500:]))
    return results


def planted_source(plant: Plant) -> str:
    """camel.py with ``plant``'s bug, checked to hit exactly one place in the function."""
    text = SOURCE.read_text(encoding="utf-8")
    start = text.index(f"\ndef {plant.function}(")
    end = text.find("\ndef ", start + 1)
    end = len(text) if end == -1 else end
    body = text[start:end]
    kept = [line for line in body.splitlines()
            if line.strip().startswith("post:") and plant.keep in line]
    if body.count(plant.old) != 1 or len(kept) != 1:
        raise SystemExit(f"proofs/run.py: plant {plant.rule} no longer applies to "
                         f"{plant.function}: update PLANTS ({plant.old!r}, {plant.keep!r})")
    lines = [line for line in body.splitlines()
             if not line.strip().startswith("post:") or plant.keep in line]
    if plant.focus:
        last_pre = max(i for i, line in enumerate(lines) if line.strip().startswith("pre:"))
        lines.insert(last_pre + 1, f"    pre: {plant.focus}")
    body = "\n".join(lines)
    return text[:start] + body.replace(plant.old, plant.new) + "\n" + text[end:]


def check_plant(plant: Plant) -> PlantResult:
    with tempfile.TemporaryDirectory(prefix="planted-") as tmp:
        (Path(tmp) / "planted_camel.py").write_text(planted_source(plant), encoding="utf-8")
        out, _ = crosshair(f"planted_camel.{plant.function}", plant.budget, tmp)
    found = [raw for raw in out.splitlines()
             if (m := MESSAGE.match(raw.strip())) and m["level"] == "error"
             and "Unable to meet precondition" not in m["text"]]
    bug = f"{plant.old.strip()} -> {plant.new.strip()}"
    if plant.focus:
        bug += f" (with pre: {plant.focus})"
    return PlantResult(plant.function, plant.rule, bug, bool(found),
                       found[0].split(": error: ", 1)[-1][:300] if found else "")


def run(only: Sequence[str]) -> Run:
    started = time.monotonic()
    names = [n for n in BUDGETS if not only or n in only]
    plants = [p for p in PLANTS if not only or p.function in only]
    jobs: list[tuple[str, object]] = [("f", n) for n in names] + [("p", p) for p in plants]
    # the longest jobs first, two at a time (2 cores)
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = [
            pool.submit(check_function, str(arg), BUDGETS[str(arg)]) if kind == "f"
            else pool.submit(check_plant, arg)  # type: ignore[arg-type]
            for kind, arg in jobs
        ]
        result = Run()
        for future in futures:
            value = future.result()
            if isinstance(value, PlantResult):
                result.plants.append(value)
            else:
                result.conditions.extend(value)
    result.seconds = round(time.monotonic() - started, 1)
    return result


def defects(result: Run) -> Iterator[str]:
    for c in result.conditions:
        if c.status in ("counterexample", "precondition never met", "no result"):
            yield f"{c.function} line {c.line}: {c.status}: {c.condition} {c.message}"
        elif c.status != "confirmed" and c.paths == 0:
            yield (f"{c.function} line {c.line}: no completed path met the preconditions: "
                   f"{c.condition}")
    for p in result.plants:
        if not p.found:
            yield f"planted bug in {p.function} ({p.rule}: {p.bug}) was not found"


def versions() -> dict[str, str]:
    from importlib.metadata import version

    return {"crosshair-tool": version("crosshair-tool"), "python": platform.python_version()}


def write_records(result: Run) -> None:
    data = {
        "command": "python proofs/run.py --record",
        "versions": versions(),
        "budgets_cpu_seconds_per_condition": BUDGETS,
        "seconds": result.seconds,
        "conditions": [asdict(c) for c in result.conditions],
        "planted": [asdict(p) for p in result.plants],
    }
    (ROOT / "proofs" / "results.json").write_text(json.dumps(data, indent=2) + "\n",
                                                  encoding="utf-8")
    tool = versions()
    lines = [
        "# CrossHair results for kernel/rules/camel.py",
        "",
        "Regenerated by `python proofs/run.py --record` "
        f"(crosshair-tool {tool['crosshair-tool']}, "
        f"Python {tool['python']}, {result.seconds} s wall on 2 workers). "
        "`paths`: completed paths that met every precondition and checked the condition.",
        "",
        "| function | line | status | paths | budget (s) | condition |",
        "|---|---|---|---|---|---|",
    ]
    for c in result.conditions:
        cond = c.condition.replace("|", "\\|")
        lines.append(f"| {c.function} | {c.line} | {c.status} | {c.paths} | {c.budget:g} | "
                     f"`{cond}` |")
    lines += ["", "## Planted bugs (each must be found)", "",
              "| function | rule | bug | found | counterexample |", "|---|---|---|---|---|"]
    for p in result.plants:
        bug = p.bug.replace("|", "\\|")
        msg = p.message.replace("|", "\\|")
        found = "yes" if p.found else "NO"
        lines.append(f"| {p.function} | {p.rule} | `{bug}` | {found} | {msg} |")
    (ROOT / "proofs" / "results.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--record", action="store_true", help="rewrite proofs/results.*")
    parser.add_argument("--only", action="append", default=[], help="a function to check")
    args = parser.parse_args(argv)
    result = run(args.only)
    for c in result.conditions:
        print(f"{c.function:20} {c.line:4} {c.status:32} paths={c.paths:<4} {c.condition[:70]}")
    for p in result.plants:
        print(f"planted {p.function:12} {p.rule:16} {'found' if p.found else 'NOT FOUND'}")
    print(f"{len(result.conditions)} conditions, {len(result.plants)} planted bugs, "
          f"{result.seconds} s")
    if args.record and not args.only:
        write_records(result)
    problems = list(defects(result))
    for problem in problems:
        print("DEFECT:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

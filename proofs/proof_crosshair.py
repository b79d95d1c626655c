"""Running CrossHair on one contract or planted bug (for proofs/run.py)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from proof_items import Item, planted_source, subset_source
from proof_plan import OPTIONS, PACKAGE
from proof_source import SourceIndex

# --------------------------------------------------------------------------
# Running CrossHair

STATUS = {
    "Confirmed over all paths.": "confirmed",
    "Not confirmed.": "no counterexample within budget",
}
DEFECTS = ("counterexample", "precondition never met", "no result", "unexpected message")
MESSAGE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<level>\w+): (?P<text>.*)$")
ANALYZING = re.compile(r'Analyzing postcondition: "\s*(?P<expr>.*?)\s*"$')
STATS = re.compile(r"Path tree stats \{(?P<stats>.*)\}")
FINISHED = re.compile(r"calltree search with (?P<status>\w+).*Number of iterations:\s*(?P<n>\d+)")


@dataclass
class Condition:
    """The result of one contract (an entry of the record)."""

    key: str
    module: str
    function: str
    line: int
    condition: str
    status: str
    paths: int = 0
    iterations: int = 0
    budget: float = 0
    seconds: float = 0
    message: str = ""
    hash: str = ""
    depends: list[str] = field(default_factory=list)
    checked: str = ""


@dataclass
class PlantResult:
    """The result of one planted bug (an entry of the record)."""

    key: str
    module: str
    function: str
    rule: str
    bug: str
    found: bool
    message: str = ""
    budget: float = 0
    seconds: float = 0
    hash: str = ""
    depends: list[str] = field(default_factory=list)
    checked: str = ""


Result = Condition | PlantResult
Counts = list[tuple[str, int, int, float]]


def crosshair(target: str, budget: float, cwd: Path) -> tuple[str, Counts]:
    """Run ``crosshair check`` verbosely in ``cwd``; its messages and per-condition counts.

    The counts, in analysis order, are (condition text, paths that met every
    precondition and completed, iterations, seconds).
    """
    env = {**os.environ,
           "PYTHONPATH": str(cwd) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    cmd = [sys.executable, "-m", "crosshair", *OPTIONS,
           f"--per_condition_timeout={budget}", target]
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, errors="replace")
    counts: Counts = []
    expr, paths, started = "", 0, 0.0
    assert proc.stderr is not None and proc.stdout is not None
    for line in proc.stderr:
        if (m := ANALYZING.search(line)) is not None:
            expr, paths, started = m["expr"], 0, time.monotonic()
        elif (m := STATS.search(line)) is not None:
            stats = dict(part.split(":") for part in m["stats"].replace(" ", "").split(",") if part)
            paths = int(stats.get("CONFIRMED", 0)) + int(stats.get("REFUTED", 0))
        elif (m := FINISHED.search(line)) is not None and expr:
            counts.append((expr, paths, int(m["n"]), round(time.monotonic() - started, 1)))
            expr = ""
    out = proc.stdout.read()
    proc.wait()
    return out, counts


def in_copy(index: SourceIndex, module: str, source: str,
            work: Callable[[Path], tuple[str, Counts]]) -> tuple[str, Counts, Path]:
    """Run ``work`` in a temporary copy of the kernel package with ``module`` set to ``source``."""
    with tempfile.TemporaryDirectory(prefix="crosshair-") as tmp:
        base = Path(tmp).resolve()
        shutil.copytree(index.root / PACKAGE, base / PACKAGE, symlinks=True,
                        ignore=shutil.ignore_patterns("__pycache__"))
        for neighbour in index.root.iterdir():  # spec/ etc., for code that looks beside it
            if neighbour.name != PACKAGE and not neighbour.name.startswith("."):
                (base / neighbour.name).symlink_to(neighbour)
        copied = SourceIndex(base)
        for name, text in {**index.overrides, module: source}.items():
            copied.path(name).write_text(text, encoding="utf-8")
        out, counts = work(base)
        original = str(index.root / PACKAGE) + os.sep
        if original in out:
            raise RuntimeError(f"CrossHair checked {original} instead of the copy in {tmp}: "
                               f"is the kernel package shadowing it?\n{out[-1000:]}")
        return out, counts, copied.path(module)


def check_contracts(job: Job, index: SourceIndex) -> list[Condition]:
    """CrossHair on the contracts of one function in ``job``: one Condition per contract."""
    first = job.items[0]
    module, function, budget = first.module, first.function, first.budget
    target = f"{module}.{function}"
    text = index.text(module)
    if job.whole and not index.overrides:
        out, counts = crosshair(target, budget, index.root)
        path = index.path(module)
    else:
        keep = {item.line for item in job.items}
        source = subset_source(text, index.function(module, function), keep)
        out, counts, path = in_copy(index, module, source,
                                    lambda cwd: crosshair(target, budget, cwd))
    lines = text.split("\n")
    by_line = {item.line: item for item in job.items}
    results: dict[str, Condition] = {}
    extra: list[Condition] = []
    for raw in out.splitlines():
        m = MESSAGE.match(raw.strip())
        if m is None:
            continue
        number, message = int(m["line"]), m["text"]
        if message in STATUS:
            status = STATUS[message]
        elif "Unable to meet precondition" in message:
            status = "precondition never met"
        else:
            status = "counterexample"
        item = by_line.get(number) if Path(m["file"]) == path else None
        if item is None:
            where = (f"line {number}: {lines[number - 1].strip()}" if Path(m["file"]) == path
                     else f"{m['file']}:{number}")
            extra.append(Condition(f"{target}: {where}", module, function, number, where,
                                   "unexpected message" if status in STATUS.values() else status,
                                   budget=budget, message=message))
            continue
        paths = iterations = 0
        seconds = 0.0
        for expr, p, n, s in counts:
            if expr == item.condition:
                paths, iterations, seconds = p, n, s
        results[item.key] = Condition(item.key, module, function, number, item.condition,
                                      status, paths, iterations, budget, seconds,
                                      "" if message in STATUS else message, item.hash,
                                      list(item.depends))
    for item in job.items:
        if item.key not in results:
            results[item.key] = Condition(item.key, module, function, item.line, item.condition,
                                          "no result", budget=budget, message=out[-500:],
                                          hash=item.hash, depends=list(item.depends))
    return [results[item.key] for item in job.items] + extra


def check_plant(item: Item, index: SourceIndex) -> PlantResult:
    """CrossHair on a copy of the module with ``item``'s bug: it must find a counterexample."""
    plant = item.plant
    assert plant is not None
    started = time.monotonic()
    source = planted_source(plant, index.text(plant.module))
    target = f"{plant.module}.{plant.function}"
    out, _, _ = in_copy(index, plant.module, source,
                        lambda cwd: crosshair(target, plant.budget, cwd))
    found = [raw for raw in out.splitlines()
             if (m := MESSAGE.match(raw.strip())) and m["level"] == "error"
             and "Unable to meet precondition" not in m["text"]]
    return PlantResult(item.key, plant.module, plant.function, plant.rule, plant.bug,
                       bool(found), found[0].split(": error: ", 1)[-1][:300] if found else "",
                       plant.budget, round(time.monotonic() - started, 1), item.hash,
                       list(item.depends))


@dataclass(frozen=True)
class Job:
    """One CrossHair process: some contracts of one function, or one planted bug."""

    items: tuple[Item, ...]
    whole: bool = False  #: every contract of the function: check the module in place
    estimate: float = 0  #: expected seconds


def run_job(job: Job, index: SourceIndex) -> list[Result]:
    first = job.items[0]
    if first.plant is not None:
        return [check_plant(first, index)]
    return list(check_contracts(job, index))


T = TypeVar("T")


def execute(jobs: Sequence[Job], run: Callable[[Job], T], workers: int,
            deadline: float | None = None) -> list[T | None]:
    """Run ``jobs`` longest first on ``workers`` threads; their results, in ``jobs`` order.

    A job not started by ``deadline`` (a ``time.monotonic()`` value) is
    skipped: its result is None. A started job runs to its end.
    """
    results: list[T | None] = [None] * len(jobs)

    def task(i: int) -> None:
        if deadline is None or time.monotonic() < deadline:
            results[i] = run(jobs[i])

    order = sorted(range(len(jobs)), key=lambda i: -jobs[i].estimate)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for future in [pool.submit(task, i) for i in order]:
            future.result()
    return results

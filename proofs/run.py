"""Check the CrossHair contracts of the kernel's pure rule functions, and that they can fail.

    python3 proofs/run.py                 # the gate: changed contracts always, the rest in rotation
    python3 proofs/run.py --all           # re-check every contract and planted bug
    python3 proofs/run.py --record        # re-check everything, rewrite proofs/results.{json,md}
    python3 proofs/run.py --record --only move   # re-check move's contracts and plants only
    python3 proofs/run.py --only move     # the gate, restricted to move

A contract is one postcondition of one function listed in BUDGETS. CrossHair
(``crosshair check --report_all``, with a pinned per-condition budget in CPU
seconds) gives it one of:

- ``confirmed``: CrossHair exhausted every path ("Confirmed over all paths.");
- ``no counterexample within budget``: paths that met the preconditions were
  checked and none broke the condition ("Not confirmed."); ``paths`` says how
  many;
- ``counterexample``: CrossHair found an input that breaks it;
- ``precondition never met``: no path got past the preconditions, so the
  condition checked nothing ("Unable to meet precondition").

A counterexample, a precondition never met and a condition that no completed
path reached (0 paths) are defects: a contract that checks nothing is a
defect. PLANTS are copies of a module with one deliberate bug each; CrossHair
must find a counterexample in each, which shows the contracts and the budgets
can catch a broken rule.

**The record.** proofs/results.json keeps, per contract and per planted bug,
its last result, when it was checked and a hash (sha256) of everything the
result depends on:

- the CrossHair version and the options run.py passes it, and the budget;
- the function's source (its AST: comments and layout do not count) with
  its preconditions and this one postcondition (its other postconditions are
  checked separately and do not count);
- transitively, the source of every function, class and module-level
  constant of the kernel it reaches: names used in its body, signature and
  conditions, resolved in the defining module and, through ``import`` and
  ``from ... import``, in the kernel modules it imports from (a name
  imported from outside the kernel counts as its import line);
- for a planted bug, the plant itself (text, kept condition, focus, budget)
  and the whole function.

**The gate** (no flag) computes the hashes (no CrossHair needed), then

1. re-checks now every contract and plant whose hash differs from the
   record or that has no record, and FAILS (the record is stale, even when
   the re-check passes) until ``python3 proofs/run.py --record`` is run and
   committed; a recorded entry whose contract no longer exists is stale too;
2. re-checks the unchanged ones in rotation within a time box (``--time-box``,
   30 s of wall time on 2 workers by default): every contract and plant has a
   place on a fixed cycle (BUDGETS order, postconditions in source order,
   then PLANTS), as long as its recorded duration plus STARTUP; the cycle is
   cut into consecutive windows of ``workers x time box`` seconds and the
   run re-checks the window numbered by the slot (``--slot``, by default the
   UTC day), so successive days re-check successive windows and every
   contract is re-checked once every ceil(cycle / window) days. A job not
   started when the box closes is skipped (reported);
3. trusts the record for the rest, and fails when a trusted recorded result
   is itself a defect.

A counterexample or a precondition never met in any re-check fails the gate.
A single contract is re-checked in a temporary copy of the kernel package in
which the function's other postconditions are switched off (the line count
stays the same), so its run costs one condition's budget.
"""

from __future__ import annotations

import argparse
import ast
import copy
import datetime as dt
import hashlib
import json
import math
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "kernel"
RECORD_COMMAND = "python3 proofs/run.py --record"

#: Module -> function -> per-condition budget in CPU seconds (pinned: results depend on it).
#: Every top-level kernel function with a ``post:`` condition must be listed here.
BUDGETS: dict[str, dict[str, float]] = {
    "kernel.rules.stacks": {
        "unit_of": 4,
        "move": 6,
        "earnings": 4,
    },
    "kernel.rules.ranking": {
        "ranks": 5,
    },
    "kernel.rules.payouts": {
        "place_payout": 5,
        "leader_payout": 5,
        "floor_money": 5,
    },
    "kernel.rules.track": {
        "extend": 4,
        "sandstorm": 5,
    },
}

#: The CrossHair options run.py passes besides the budget (part of every hash).
OPTIONS: tuple[str, ...] = ("check", "--verbose", "--report_all")
#: The gate's default time box (seconds of wall time) and workers (2 cores).
TIME_BOX = 30.0
WORKERS = 2
#: Estimated seconds to start one CrossHair process (for the rotation cycle).
STARTUP = 1.0


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
    module: str = "kernel.rules.stacks"

    @property
    def bug(self) -> str:
        text = f"{self.old.strip()} -> {self.new.strip()}"
        return text + (f" (with pre: {self.focus})" if self.focus else "")


STACKS, RANKING, PAYOUTS, TRACK = (f"kernel.rules.{m}" for m in
                                  ("stacks", "ranking", "payouts", "track"))
PLANTS: tuple[Plant, ...] = (
    Plant("floor_money", "CUC-MONEY-FLOOR", "return max(money + delta, floor)",
          "return max(money + delta, 0)", keep="__return__ >= floor", module=PAYOUTS),
    Plant("leader_payout", "CUC-PAY-LEADER", "return value\n", "return value + 1\n",
          keep="rank != 1 or __return__ == value", module=PAYOUTS),
    Plant("place_payout", "CUC-PAY-MID", "if 1 <= place <= len(table):",
          "if 1 <= place < len(table):", keep="__return__ == (table[place - 1]", module=PAYOUTS),
    Plant("unit_of", "CUC-MOVE-CARRY", "above.sort(key=lambda c: height[c])",
          "above.sort(key=lambda c: -height[c])", keep="height[a] < height[b]", module=STACKS),
    Plant("move", "CUC-MOVE-FENNEC", "under = effects[hit] < 0\n", "under = False\n",
          keep="__return__.under ==", module=STACKS,
          focus="len(cells) == 1 and effects[0] < 0 "
                "and cells[0] == pos[camel] + dirs[camel] * steps"),
    Plant("move", "CUC-MOVE-PALM", "target += d * effects[hit]\n",
          "target += d * (effects[hit] + 1)\n", keep="__return__.target == max(", module=STACKS,
          focus="len(cells) == 1 and effects[0] > 0 "
                "and cells[0] == pos[camel] + dirs[camel] * steps"),
    Plant("move", "CUC-MOVE-PALM (reversed for a crazy camel)", "target += d * effects[hit]\n",
          "target += effects[hit]\n", keep="__return__.target == max(", module=STACKS,
          focus="dirs[camel] == BACKWARD and len(cells) == 1 and cells[0] == pos[camel] - steps"),
    Plant("move", "CUC-MOVE-CARRY (backwards)", "target = pos[camel] + d * steps\n",
          "target = pos[camel] + steps\n", keep="__return__.target == max(", module=STACKS,
          focus="dirs[camel] == BACKWARD"),
    Plant("move", "CUC-MOVE-PASSED (racing camels only)",
          "racing = [new_pos[c] for c in range(len(pos)) if dirs[c] == FORWARD]",
          "racing = list(new_pos)", keep="FORWARD not in dirs or any(", module=STACKS,
          focus="dirs == (1, -1) and camel == 0 and len(cells) == 1 and not stays[0] "
                "and pos[1] < cells[0] and pos[0] < cells[0] < pos[0] + steps"),
    Plant("move", "CUC-MOVE-PALM (a tile that stays)",
          "left = [0 if i in used and not stays[i] else cell",
          "left = [0 if i in used else cell", keep="for i in range(len(cells)) if stays[i])",
          module=STACKS,
          focus="len(cells) == 1 and stays[0] and cells[0] == pos[camel] + dirs[camel] * steps"),
    Plant("earnings", "tiles pay their owner", "paid[owners[i]] += pays[i]",
          "paid[owners[i]] += 1", keep="sum(__return__) ==", module=STACKS),
    Plant("ranks", "CUC-RANK", "key=lambda c: (pos[c], height[c]), reverse=True",
          "key=lambda c: (pos[c], -height[c]), reverse=True",
          keep="__return__[a] < __return__[b]", module=RANKING),
    Plant("ranks", "CUC-RANK (racing camels only)",
          "racing = [c for c in range(len(pos)) if dirs[c] == FORWARD]",
          "racing = list(range(len(pos)))", keep="(__return__[c] == 0) ==", module=RANKING),
    Plant("extend", "CUC-EXTEND", "new.append(fill)", "new.append(FACE)",
          keep="track_length(__return__[0]) - leader == GAP", module=TRACK),
    Plant("sandstorm", "CUC-SANDSTORM", "if track[i] == FACE and i not in occupied",
          "if track[i] == FACE", keep="not in __return__[2] for p in pos", module=TRACK,
          focus="len(pos) == 3 and dirs == (1, 1, 1) "
                "and card_of(track, min(pos)) < card_of(track, pos[2]) < card_of(track, max(pos))",
          budget=20),
    Plant("sandstorm", "CUC-SANDSTORM (racing camels only)",
          "racing = [p for p, d in zip(pos, dirs, strict=True) if d == FORWARD]",
          "racing = list(pos)", keep="and track[i] == FACE for i in __return__[2])",
          module=TRACK, focus="-1 in dirs", budget=20),
)


class ContractError(Exception):
    """BUDGETS, PLANTS or a docstring condition that run.py cannot use as written."""


#: Where a game lists the contracts of its own modules (data, beside its code).
GAME_PROOFS = "kernel/games/*/proofs.json"
_PLANT_KEYS = frozenset(f.name for f in fields(Plant))


def game_proofs(root: Path = ROOT) -> tuple[dict[str, dict[str, float]], tuple[Plant, ...]]:
    """The budgets and planted bugs each game lists in its ``proofs.json``.

    The file is ``{"budgets": {module: {function: seconds}}, "plants": [{...}]}``
    (a plant's keys are :class:`Plant`'s fields; ``module`` is required). A game
    may list only its own modules: the shared rules are listed in this file.
    """
    budgets: dict[str, dict[str, float]] = {}
    plants: list[Plant] = []
    for path in sorted(root.glob(GAME_PROOFS)):
        package = f"{PACKAGE}.games.{path.parent.name}"
        where = path.relative_to(root)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise ContractError(f"{where}: not JSON: {exc}") from exc
        if not isinstance(data, dict) or set(data) - {"budgets", "plants"}:
            raise ContractError(f"{where}: expected an object with 'budgets' and 'plants'")
        for module, functions in dict(data.get("budgets", {})).items():
            if not (module == package or module.startswith(package + ".")):
                raise ContractError(f"{where}: {module} is not a module of {package}")
            if not isinstance(functions, dict) or not all(
                    isinstance(f, str) and isinstance(b, (int, float)) and not isinstance(b, bool)
                    and 0 < b <= 60 for f, b in functions.items()):
                raise ContractError(f"{where}: {module}: expected function -> seconds (0-60]")
            budgets[module] = {f: float(b) for f, b in functions.items()}
        for entry in list(data.get("plants", [])):
            if (not isinstance(entry, dict) or set(entry) - _PLANT_KEYS
                    or str(entry.get("module", "")) not in budgets):
                raise ContractError(f"{where}: a plant needs Plant's fields and a listed module")
            plants.append(Plant(**entry))
    return budgets, tuple(plants)


#: The shared rules' budgets and plants alone (BUDGETS and PLANTS add the games').
SHARED_BUDGETS: dict[str, dict[str, float]] = {m: dict(f) for m, f in BUDGETS.items()}
SHARED_PLANTS: tuple[Plant, ...] = PLANTS
_GAME_BUDGETS, _GAME_PLANTS = game_proofs()
BUDGETS.update(_GAME_BUDGETS)
PLANTS = PLANTS + _GAME_PLANTS


# --------------------------------------------------------------------------
# Reading the source: conditions, definitions and what they reach

#: A PEP 316 section header, as CrossHair's parser reads it.
HEADER = re.compile(r"^\s*:?(pre|post|raises|inv)(?:\[[\w\s,.]*\])?::?\s*(.*?)\s*$")

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Clause:
    """One ``pre:`` or ``post:`` line of a docstring."""

    kind: str
    expr: str
    line: int  #: line number in the module
    offset: int  #: line index inside the docstring


def _docstring(node: ast.AST) -> ast.Constant | None:
    body = getattr(node, "body", None)
    if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
        value = body[0].value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            return value
    return None


def clauses(fn: ast.AST) -> list[Clause]:
    """The ``pre:`` and ``post:`` conditions in ``fn``'s docstring, one line each."""
    doc = _docstring(fn)
    if doc is None or not isinstance(doc.value, str):
        return []
    found: list[Clause] = []
    for offset, text in enumerate(doc.value.split("\n")):
        m = HEADER.match(text)
        if m is None or m[1] not in ("pre", "post"):
            continue
        if not m[2]:
            raise ContractError(f"{getattr(fn, 'name', '?')} line {doc.lineno + offset}: "
                                f"write each {m[1]}: condition on one line")
        found.append(Clause(m[1], m[2], doc.lineno + offset, offset))
    return found


def contract_view(fn: FunctionNode, keep: Clause | None) -> FunctionNode:
    """A copy of ``fn`` whose docstring has no postcondition but ``keep`` (None: all)."""
    view = copy.deepcopy(fn)
    doc = _docstring(view)
    if keep is None or doc is None or not isinstance(doc.value, str):
        return view
    lines = doc.value.split("\n")
    drop = {c.offset for c in clauses(fn) if c.kind == "post" and c.offset != keep.offset}
    doc.value = "\n".join(line for i, line in enumerate(lines) if i not in drop)
    return view


def referenced(node: ast.AST) -> set[str]:
    """Names and dotted names ``node`` uses, with those of its docstring conditions."""
    names: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            names.add(sub.id)
        elif isinstance(sub, ast.Attribute):
            parts: list[str] = []
            base: ast.expr = sub
            while isinstance(base, ast.Attribute):
                parts.append(base.attr)
                base = base.value
            if isinstance(base, ast.Name):
                names.add(".".join([base.id, *reversed(parts)]))
        if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef):
            for clause in clauses(sub):
                try:
                    names |= referenced(ast.parse(clause.expr, mode="eval"))
                except SyntaxError as exc:
                    raise ContractError(f"{sub.name} line {clause.line}: "
                                        f"condition is not Python: {clause.expr}") from exc
    return names


@dataclass(frozen=True)
class Binding:
    """What a module-level name is: a definition, a kernel module, or an outside import."""

    kind: str  #: "def", "module" or "external"
    name: str  #: qualified name (the module's own name for "module")
    module: str = ""
    nodes: tuple[ast.AST, ...] = ()
    text: str = ""


def _bound_names(stmt: ast.stmt) -> list[str]:
    if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [stmt.name]
    if isinstance(stmt, ast.Assign | ast.AnnAssign | ast.AugAssign):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        return [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    if isinstance(stmt, ast.Import):
        return [a.asname or a.name.split(".")[0] for a in stmt.names]
    if isinstance(stmt, ast.ImportFrom):
        return [a.asname or a.name for a in stmt.names if a.name != "*"]
    return []


class SourceIndex:
    """The kernel's modules parsed from ``root`` (or from ``overrides``: module -> text)."""

    def __init__(self, root: Path = ROOT, overrides: Mapping[str, str] | None = None) -> None:
        self.root = root
        self.overrides = dict(overrides or {})
        self._trees: dict[str, ast.Module] = {}
        self._bindings: dict[str, dict[str, list[ast.stmt]]] = {}

    def path(self, module: str) -> Path:
        base = self.root.joinpath(*module.split("."))
        return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")

    def is_module(self, name: str) -> bool:
        if name != PACKAGE and not name.startswith(PACKAGE + "."):
            return False
        return name in self.overrides or self.path(name).is_file()

    def text(self, module: str) -> str:
        if module in self.overrides:
            return self.overrides[module]
        return self.path(module).read_text(encoding="utf-8")

    def tree(self, module: str) -> ast.Module:
        if module not in self._trees:
            self._trees[module] = ast.parse(self.text(module), filename=str(self.path(module)))
        return self._trees[module]

    def bindings(self, module: str) -> dict[str, list[ast.stmt]]:
        if module not in self._bindings:
            table: dict[str, list[ast.stmt]] = {}
            pending: list[ast.stmt] = list(self.tree(module).body)
            while pending:
                stmt = pending.pop(0)
                for name in _bound_names(stmt):
                    table.setdefault(name, []).append(stmt)
                if isinstance(stmt, ast.If | ast.Try | ast.With):  # module-level blocks
                    pending.extend(stmt.body)
                    pending.extend(getattr(stmt, "orelse", []))
                    pending.extend(getattr(stmt, "finalbody", []))
                    for handler in getattr(stmt, "handlers", []):
                        pending.extend(handler.body)
            self._bindings[module] = table
        return self._bindings[module]

    def function(self, module: str, name: str) -> FunctionNode:
        for stmt in self.bindings(module).get(name, []):
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                return stmt
        raise ContractError(f"{module}.{name}: no such function (named in proofs/run.py)")

    def _absolute(self, module: str, target: str | None, level: int) -> str:
        if level == 0:
            return target or ""
        package = module if self.path(module).name == "__init__.py" else module.rpartition(".")[0]
        for _ in range(level - 1):
            package = package.rpartition(".")[0]
        return f"{package}.{target}" if target else package

    def lookup(self, module: str, name: str, depth: int = 0) -> list[Binding]:
        """What ``name`` is bound to at the top level of ``module`` ([] for builtins, locals)."""
        if depth > 20 or not self.is_module(module):
            return []
        found: list[Binding] = []
        defs: list[ast.stmt] = []
        for stmt in self.bindings(module).get(name, []):
            if isinstance(stmt, ast.ImportFrom):
                source = self._absolute(module, stmt.module, stmt.level)
                for alias in stmt.names:
                    if (alias.asname or alias.name) != name:
                        continue
                    full = f"{source}.{alias.name}"
                    if self.is_module(full):
                        found.append(Binding("module", full))
                    elif self.is_module(source):
                        found.extend(self.lookup(source, alias.name, depth + 1))
                    else:
                        found.append(Binding("external", f"{module}.{name}",
                                             text=f"from {source} import {alias.name}"))
            elif isinstance(stmt, ast.Import):
                for alias in stmt.names:
                    bound = alias.asname or alias.name.split(".")[0]
                    if bound != name:
                        continue
                    target = alias.name if alias.asname else bound
                    if self.is_module(target):
                        found.append(Binding("module", target))
                    else:
                        found.append(Binding("external", f"{module}.{name}",
                                             text=f"import {alias.name}"))
            else:
                defs.append(stmt)
        if defs:
            found.append(Binding("def", f"{module}.{name}", module, tuple(defs)))
        return found

    def resolve(self, module: str, dotted: str) -> list[Binding]:
        """What ``a.b.c`` used in ``module`` refers to, following kernel modules."""
        first, *rest = dotted.split(".")
        current = self.lookup(module, first)
        for attr in rest:
            step: list[Binding] = []
            for binding in current:
                if binding.kind != "module":
                    continue  # an attribute of a definition: the definition counts whole
                if self.is_module(f"{binding.name}.{attr}"):
                    step.append(Binding("module", f"{binding.name}.{attr}"))
                else:
                    step.extend(self.lookup(binding.name, attr))
            if not step:
                break
            current = step
        return current

    def closure(self, module: str, roots: Iterable[ast.AST]) -> dict[str, str]:
        """Qualified name -> normalized source of every kernel definition the roots reach."""
        found: dict[str, str] = {}
        queue: list[tuple[str, ast.AST]] = [(module, root) for root in roots]
        while queue:
            mod, node = queue.pop()
            for dotted in sorted(referenced(node)):
                for binding in self.resolve(mod, dotted):
                    if binding.kind == "module" or binding.name in found:
                        continue
                    if binding.kind == "external":
                        found[binding.name] = binding.text
                        continue
                    found[binding.name] = "\n".join(ast.dump(n) for n in binding.nodes)
                    queue.extend((binding.module, n) for n in binding.nodes)
        return found

    def modules(self) -> Iterator[str]:
        """Every module of the kernel package, by name."""
        for path in sorted((self.root / PACKAGE).rglob("*.py")):
            parts = path.relative_to(self.root).with_suffix("").parts
            yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


# --------------------------------------------------------------------------
# Contracts and plants, with their hashes


@dataclass(frozen=True)
class Item:
    """One contract (a postcondition of a function) or one planted bug."""

    key: str
    kind: str  #: "contract" or "plant"
    module: str
    function: str
    budget: float
    hash: str
    depends: tuple[str, ...]
    line: int = 0  #: the postcondition's line now
    condition: str = ""
    plant: Plant | None = None


def tool() -> dict[str, Any]:
    """The CrossHair version and options: part of every hash."""
    from importlib.metadata import version

    return {"crosshair-tool": version("crosshair-tool"), "options": list(OPTIONS)}


def _digest(payload: Mapping[str, Any]) -> str:
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def items(index: SourceIndex | None = None, toolinfo: Mapping[str, Any] | None = None,
          budgets: Mapping[str, Mapping[str, float]] = BUDGETS,
          plants: Sequence[Plant] = PLANTS) -> list[Item]:
    """Every contract and planted bug, in cycle order, with its hash."""
    index = index or SourceIndex()
    toolinfo = dict(toolinfo or tool())
    found: list[Item] = []
    for module, functions in budgets.items():
        for function, budget in functions.items():
            fn = index.function(module, function)
            posts = [c for c in clauses(fn) if c.kind == "post"]
            if not posts:
                raise ContractError(f"{module}.{function} has no post: condition to check")
            seen: dict[str, int] = {}
            for clause in posts:
                key = f"{module}.{function}: {clause.expr}"
                seen[key] = seen.get(key, 0) + 1
                if seen[key] > 1:
                    key += f" [{seen[key]}]"
                view = contract_view(fn, clause)
                depends = index.closure(module, [view])
                payload = {"kind": "contract", "tool": toolinfo, "budget": budget,
                           "target": f"{module}.{function}", "condition": clause.expr,
                           "function": ast.dump(view), "depends": depends}
                found.append(Item(key, "contract", module, function, budget, _digest(payload),
                                  tuple(sorted(depends)), clause.line, clause.expr))
    for plant in plants:
        if plant.function not in budgets.get(plant.module, {}):
            raise ContractError(f"plant {plant.rule}: {plant.module}.{plant.function} "
                                "is not in BUDGETS")
        planted_source(plant, index.text(plant.module))  # still applies?
        fn = index.function(plant.module, plant.function)
        roots: list[ast.AST] = [fn]
        if plant.focus:
            roots.append(ast.parse(plant.focus, mode="eval"))
        depends = index.closure(plant.module, roots)
        payload = {"kind": "plant", "tool": toolinfo, "plant": asdict(plant),
                   "function": ast.dump(fn), "depends": depends}
        found.append(Item(f"{plant.module}.{plant.function} {plant.rule}: {plant.bug}", "plant",
                          plant.module, plant.function, plant.budget, _digest(payload),
                          tuple(sorted(depends)), plant=plant))
    return found


def unbudgeted(index: SourceIndex, budgets: Mapping[str, Mapping[str, float]] = BUDGETS,
               ) -> list[str]:
    """Top-level kernel functions with a ``post:`` condition that BUDGETS does not list."""
    missing = []
    for module in index.modules():
        for stmt in index.tree(module).body:
            if (isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef)
                    and any(c.kind == "post" for c in clauses(stmt))
                    and stmt.name not in budgets.get(module, {})):
                missing.append(f"{module}.{stmt.name}")
    return missing


def planted_source(plant: Plant, text: str) -> str:
    """The module ``text`` with ``plant``'s bug, checked to hit exactly one place."""
    start = text.find(f"\ndef {plant.function}(")
    if start == -1:
        raise ContractError(f"plant {plant.rule}: no function {plant.function}: update PLANTS")
    end = text.find("\ndef ", start + 1)
    end = len(text) if end == -1 else end
    body = text[start:end]
    kept = [line for line in body.splitlines()
            if line.strip().startswith("post:") and plant.keep in line]
    if body.count(plant.old) != 1 or len(kept) != 1:
        raise ContractError(f"plant {plant.rule} no longer applies to {plant.function}: "
                            f"update PLANTS ({plant.old!r}, {plant.keep!r})")
    lines = [line for line in body.splitlines()
             if not line.strip().startswith("post:") or plant.keep in line]
    if plant.focus:
        last_pre = max(i for i, line in enumerate(lines) if line.strip().startswith("pre:"))
        lines.insert(last_pre + 1, f"    pre: {plant.focus}")
    body = "\n".join(lines)
    return text[:start] + body.replace(plant.old, plant.new) + "\n" + text[end:]


def subset_source(text: str, fn: FunctionNode, keep: set[int]) -> str:
    """The module ``text`` with ``fn``'s postconditions switched off except those on ``keep``.

    A switched-off line keeps its place (so line numbers stay), prefixed so
    that CrossHair no longer reads it as a condition.
    """
    lines = text.split("\n")
    for clause in clauses(fn):
        if clause.kind != "post" or clause.line in keep:
            continue
        line = lines[clause.line - 1]
        stripped = line.lstrip()
        lines[clause.line - 1] = line[: len(line) - len(stripped)] + "(off) " + stripped
        if HEADER.match(line) is None or HEADER.match(lines[clause.line - 1]) is not None:
            raise ContractError(f"{fn.name} line {clause.line}: cannot switch off {line!r}")
    return "\n".join(lines)


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


# --------------------------------------------------------------------------
# The record


@dataclass
class Record:
    """proofs/results.json: the last result of each contract and planted bug, by key."""

    entries: dict[str, Result] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)


def _known(cls: type[Condition] | type[PlantResult], data: Mapping[str, Any]) -> dict[str, Any]:
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in data.items() if k in names}


def load_record(path: Path) -> Record:
    if not path.exists():
        return Record()
    data = json.loads(path.read_text(encoding="utf-8"))
    record = Record(meta={k: v for k, v in data.items() if k not in ("contracts", "planted")})
    for entry in data.get("contracts", []):
        if "key" in entry:
            record.entries[entry["key"]] = Condition(**_known(Condition, entry))
    for entry in data.get("planted", []):
        if "key" in entry:
            record.entries[entry["key"]] = PlantResult(**_known(PlantResult, entry))
    return record


def versions() -> dict[str, str]:
    return {"crosshair-tool": tool()["crosshair-tool"], "python": platform.python_version()}


HASH_NOTE = (
    "sha256 of: the CrossHair version and options, the per-condition budget, the function's "
    "AST (comments and layout ignored) with its preconditions and this one postcondition, and "
    "the AST of every kernel function, class and module-level constant it reaches (from its "
    "body, signature and conditions, transitively, through imports within the kernel); for a "
    "planted bug: the plant and the whole function with what it reaches"
)


def write_record(directory: Path, all_items: Sequence[Item], record: Record,
                 fresh: Sequence[Result], seconds: float, only: Sequence[str],
                 workers: int = WORKERS) -> Record:
    """Rewrite results.json / results.md: ``fresh`` results, the rest kept from ``record``.

    Entries whose contract or plant no longer exists are dropped.
    """
    now = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%MZ")
    new = {r.key: r for r in fresh}
    for r in fresh:
        r.checked = now
    entries: dict[str, Result] = {}
    for item in all_items:
        entry = new.get(item.key) or record.entries.get(item.key)
        if entry is not None:
            entries[item.key] = entry
    conditions = [e for e in entries.values() if isinstance(e, Condition)]
    plants = [e for e in entries.values() if isinstance(e, PlantResult)]
    tool_versions = versions()
    data = {
        "command": RECORD_COMMAND + "".join(f" --only {o}" for o in only),
        "recorded": now,
        "seconds": seconds,
        "versions": tool_versions,
        "hash": HASH_NOTE,
        "budgets_cpu_seconds_per_condition": BUDGETS,
        "contracts": [asdict(c) for c in conditions],
        "planted": [asdict(p) for p in plants],
    }
    (directory / "results.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    lines = [
        "# CrossHair results for the kernel's contracts",
        "",
        f"Recorded by `{data['command']}` on {now} (crosshair-tool "
        f"{tool_versions['crosshair-tool']}, Python {tool_versions['python']}, {seconds} s wall "
        f"on {workers} worker{'s' if workers != 1 else ''}). The gate (`python3 proofs/run.py`) "
        "re-checks every contract "
        "whose hash changed and fails until this record is rewritten, re-checks the others in "
        "rotation within a time box and trusts this record for the rest (see README.md).",
        "",
        "`paths`: completed paths that met every precondition and checked the condition. "
        "`hash`: the first 12 hex digits of the contract's hash (" + HASH_NOTE + "). "
        "`line` and `checked` (UTC): when the entry was last re-checked by `--record`.",
        "",
        "| function | line | status | paths | budget (s) | seconds | hash | checked | condition |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for c in conditions:
        cond = c.condition.replace("|", "\\|")
        lines.append(f"| {c.function} | {c.line} | {c.status} | {c.paths} | {c.budget:g} | "
                     f"{c.seconds:g} | `{c.hash[:12]}` | {c.checked} | `{cond}` |")
    lines += ["", "## Planted bugs (each must be found)", "",
              "| function | rule | bug | found | seconds | hash | checked | counterexample |",
              "|---|---|---|---|---|---|---|---|"]
    for p in plants:
        bug = p.bug.replace("|", "\\|")
        msg = p.message.replace("|", "\\|")
        found = "yes" if p.found else "NO"
        lines.append(f"| {p.function} | {p.rule} | `{bug}` | {found} | {p.seconds:g} | "
                     f"`{p.hash[:12]}` | {p.checked} | {msg} |")
    (directory / "results.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return Record(entries, data)


# --------------------------------------------------------------------------
# The rotation


def cost(item: Item, record: Record) -> int:
    """Tenths of a second the item is expected to take: its recorded duration, or its budget."""
    entry = record.entries.get(item.key)
    seconds = entry.seconds if entry is not None and entry.seconds > 0 else item.budget
    return max(1, round((seconds + STARTUP) * 10))


def rotation(cycle: Sequence[Item], costs: Mapping[str, int], capacity: int,
             slot: int) -> list[Item]:
    """The items of window number ``slot`` on the cycle (each as long as its cost).

    The cycle (total length C) is cut into consecutive windows of length
    ``capacity``, window ``s`` starting at ``s * capacity mod C``; an item
    belongs to the window its start falls in. Consecutive slots tile the
    cycle, so any ceil(C / capacity) consecutive slots re-check every item.
    """
    total = sum(costs[item.key] for item in cycle)
    if total <= capacity:
        return list(cycle)
    start = (slot * capacity) % total
    chosen: list[Item] = []
    position = 0
    for item in cycle:
        if (position - start) % total < capacity:
            chosen.append(item)
        position += costs[item.key]
    return chosen


def today() -> int:
    """The default rotation slot: the UTC day (a proleptic Gregorian ordinal)."""
    return dt.datetime.now(dt.UTC).date().toordinal()


# --------------------------------------------------------------------------
# Modes


def defects(results: Iterable[Result]) -> Iterator[str]:
    for r in results:
        if isinstance(r, PlantResult):
            if not r.found:
                yield f"planted bug in {r.function} ({r.rule}: {r.bug}) was not found"
        elif r.status in DEFECTS:
            yield f"{r.function} line {r.line}: {r.status}: {r.condition} {r.message}"
        elif r.status != "confirmed" and r.paths == 0:
            yield (f"{r.function} line {r.line}: no completed path met the preconditions: "
                   f"{r.condition}")


def describe(result: Result | None) -> str:
    if result is None:
        return "(no record)"
    if isinstance(result, PlantResult):
        return "found" if result.found else "NOT FOUND"
    return f"{result.status} paths={result.paths}"


def show(how: str, item: Item, result: Result | None) -> None:
    if item.plant is not None:
        print(f"{how:10} planted {item.function:14} {item.plant.rule:16} {describe(result)}")
    else:
        print(f"{how:10} {item.function:20} {item.line:4} {describe(result):40} "
              f"{item.condition[:60]}")


def stale(current: Sequence[Item], record: Record, only: Sequence[str]) -> list[str]:
    """What makes the record stale: changed, new and gone contracts and plants."""
    keys = {item.key for item in current}
    problems = []
    for item in current:
        entry = record.entries.get(item.key)
        if entry is None:
            problems.append(f"new (no record): {item.key}")
        elif entry.hash != item.hash:
            problems.append(f"changed (hash {entry.hash[:12]} -> {item.hash[:12]}): {item.key}")
    for key, entry in record.entries.items():
        if key not in keys and (not only or _selected(entry.module, entry.function, only)):
            problems.append(f"gone from the code, still recorded: {key}")
    return problems


def _selected(module: str, function: str, only: Sequence[str]) -> bool:
    return not only or function in only or f"{module}.{function}" in only


def stale_message(problems: Sequence[str]) -> str:
    return ("STALE RECORD: proofs/results.json does not match the code for "
            f"{len(problems)} contract(s) or planted bug(s):\n  " + "\n  ".join(problems)
            + "\nThe changed ones were re-checked above; the gate fails until the record is "
            f"rewritten: run `{RECORD_COMMAND}` (or `{RECORD_COMMAND} --only FUNCTION` for the "
            "changed functions) and commit proofs/results.json and proofs/results.md.")


def single_jobs(selected: Sequence[Item], record: Record) -> list[Job]:
    return [Job((item,), estimate=cost(item, record) / 10) for item in selected]


def whole_jobs(selected: Sequence[Item], record: Record) -> list[Job]:
    """One job per function (all its contracts, in place) and one per plant."""
    jobs: list[Job] = []
    by_function: dict[tuple[str, str], list[Item]] = {}
    for item in selected:
        if item.plant is not None:
            jobs.append(Job((item,), estimate=cost(item, record) / 10))
        else:
            by_function.setdefault((item.module, item.function), []).append(item)
    for group in by_function.values():
        estimate = sum(cost(item, record) for item in group) / 10
        jobs.append(Job(tuple(group), whole=True, estimate=estimate))
    return jobs


def gather(outcomes: Sequence[list[Result] | None]) -> dict[str, Result]:
    return {r.key: r for outcome in outcomes if outcome for r in outcome}


def check_all(index: SourceIndex, current: Sequence[Item], record: Record, workers: int,
              ) -> tuple[dict[str, Result], float]:
    started = time.monotonic()
    jobs = whole_jobs(current, record)
    results = gather(execute(jobs, lambda job: run_job(job, index), workers))
    return results, round(time.monotonic() - started, 1)


def gate(index: SourceIndex, current: Sequence[Item], record: Record,
         args: argparse.Namespace) -> int:
    """The default mode: changed ones now, the rest in rotation within the time box.

    The rotation cycle is ``current``: every item, or those of ``--only``.
    """
    started = time.monotonic()
    problems = stale(current, record, args.only)
    same = {item.key for item in current if (e := record.entries.get(item.key)) is not None
            and e.hash == item.hash}
    changed = [item for item in current if item.key not in same]
    print(f"CrossHair gate: {sum(i.kind == 'contract' for i in current)} contracts, "
          f"{sum(i.kind == 'plant' for i in current)} planted bugs; record proofs/results.json "
          f"(recorded {record.meta.get('recorded', 'never')})")
    run = lambda job: run_job(job, index)  # noqa: E731
    fresh = gather(execute(single_jobs(changed, record), run, args.jobs))

    costs = {item.key: cost(item, record) for item in current}
    capacity = max(0, round(args.jobs * args.time_box * 10))
    window = [item for item in rotation(current, costs, capacity, args.slot)
              if item.key in same] if capacity else []
    box_started = time.monotonic()
    jobs = single_jobs(window, record)
    rechecked = gather(execute(jobs, run, args.jobs, deadline=box_started + args.time_box))
    box_seconds = round(time.monotonic() - box_started, 1)

    counts = {"changed": 0, "rotation": 0, "skipped": 0, "trusted": 0}
    in_window = {item.key for item in window}
    trusted: list[Result] = []
    for item in current:
        if item.key not in same:
            how, result = "changed", fresh.get(item.key)
        elif item.key in rechecked:
            how, result = "rotation", rechecked[item.key]
            recorded = record.entries[item.key]
            if describe(recorded).split()[0] != describe(result).split()[0]:
                print(f"note: {item.key}: recorded {describe(recorded)}, now {describe(result)}")
        else:
            how = "skipped" if item.key in in_window else "trusted"
            result = record.entries[item.key]
            trusted.append(result)
        counts[how] += 1
        show(how, item, result)
    extra = [r for r in [*fresh.values(), *rechecked.values()]
             if r.key not in {item.key for item in current}]
    total = sum(costs.values())
    days = math.ceil(total / capacity) if capacity else 0
    print(f"changed or new since the record, re-checked now: {counts['changed']}")
    print(f"re-checked in rotation: {counts['rotation']} in {box_seconds} s of a "
          f"{args.time_box:g} s box on {args.jobs} workers (slot {args.slot}: window of "
          f"{capacity / 10:g} s on a cycle of {total / 10:g} s, so every contract and plant is "
          f"re-checked within {days} consecutive slots)" if capacity else
          "re-checked in rotation: none (--time-box 0)")
    if counts["skipped"]:
        print(f"in the window but not started within the time box (trusted): {counts['skipped']}")
    print(f"trusted from the record (hash unchanged): {counts['trusted'] + counts['skipped']}")
    print(f"{round(time.monotonic() - started, 1)} s")
    found = list(defects([*fresh.values(), *rechecked.values(), *extra]))
    found += [f"recorded result: {d}" for d in defects(trusted)]
    for problem in found:
        print("DEFECT:", problem)
    if problems:
        print(stale_message(problems))
    if record.meta.get("versions", {}).get("python") not in (None, platform.python_version()):
        print(f"note: the record was made with Python {record.meta['versions']['python']}, "
              f"this is {platform.python_version()} (not part of the hash)")
    return 1 if found or problems else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--all", action="store_true",
                      help="re-check every contract and planted bug")
    mode.add_argument("--record", action="store_true",
                      help="re-check everything (or --only) and rewrite proofs/results.*")
    parser.add_argument("--only", action="append", default=[],
                        help="a function (name or module.name) to consider; repeatable")
    parser.add_argument("--time-box", type=float, default=TIME_BOX,
                        help=f"seconds of wall time for the rotation (default {TIME_BOX:g})")
    parser.add_argument("--slot", type=int, default=None,
                        help="the rotation slot (default: the UTC day)")
    parser.add_argument("--jobs", type=int, default=WORKERS,
                        help=f"CrossHair processes at a time (default {WORKERS})")
    args = parser.parse_args(argv)
    if args.slot is None:
        args.slot = today()
    directory = ROOT / "proofs"
    index = SourceIndex(ROOT)
    try:
        missing = unbudgeted(index)
        if missing:
            raise ContractError("functions with post: conditions but no budget in "
                                f"proofs/run.py BUDGETS: {', '.join(missing)}")
        known = {n for m, fs in BUDGETS.items() for f in fs for n in (f, f"{m}.{f}")}
        unknown = [o for o in args.only if o not in known]
        if unknown:
            raise ContractError(f"--only: not in BUDGETS: {', '.join(unknown)}")
        cycle = items(index)
    except ContractError as exc:
        print(f"proofs/run.py: {exc}")
        return 1
    current = [item for item in cycle if _selected(item.module, item.function, args.only)]
    record = load_record(directory / "results.json")
    if not args.all and not args.record:
        return gate(index, current, record, args)

    results, seconds = check_all(index, current, record, args.jobs)
    for item in current:
        show("checked", item, results.get(item.key))
    extra = [r for r in results.values() if r.key not in {i.key for i in current}]
    print(f"{sum(i.kind == 'contract' for i in current)} contracts, "
          f"{sum(i.kind == 'plant' for i in current)} planted bugs, {seconds} s")
    problems = [] if args.record else stale(current, record, args.only)
    if args.record:
        write_record(directory, cycle, record, list(results.values()), seconds, args.only,
                     args.jobs)
        print("rewrote proofs/results.json and proofs/results.md")
    found = list(defects([*results.values(), *extra]))
    for problem in found:
        print("DEFECT:", problem)
    if problems:
        print(stale_message(problems))
    return 1 if found or problems else 0


if __name__ == "__main__":
    sys.exit(main())

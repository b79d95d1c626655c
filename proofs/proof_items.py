"""The contracts and planted bugs, with the hashes of what their results depend on."""

from __future__ import annotations

import ast
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from proof_plan import BUDGETS, OPTIONS, PLANTS, ContractError, Plant
from proof_source import HEADER, FunctionNode, SourceIndex, clauses, contract_view

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

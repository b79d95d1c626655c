"""Reading the source: conditions, definitions and what they reach (for proofs/run.py)."""

from __future__ import annotations

import ast
import copy
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from proof_plan import PACKAGE, ROOT, ContractError

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

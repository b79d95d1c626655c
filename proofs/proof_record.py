"""The record of proofs/run.py: proofs/results.json and proofs/results.md."""

from __future__ import annotations

import datetime as dt
import json
import platform
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from proof_crosshair import Condition, PlantResult, Result
from proof_items import Item, tool
from proof_plan import BUDGETS, RECORD_COMMAND, WORKERS

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

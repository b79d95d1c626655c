"""Leg-perft: exact node counts below fixed positions, as perft pins chess move generators.

A ``.perft`` file (python-chess style) lists positions::

    # comment
    id last-card-2p
    state {"game": "<game-id>", ...}     (plain data, one line)
    perft 1 7
    nodes 2 chance=1 decision=36 terminal=0

``perft D N``: N nodes lie exactly D steps below the position (every path of
D applied actions, chance outcomes included, each counted once whatever its
probability). ``nodes D chance=C decision=X terminal=T`` splits those nodes by
kind. A terminal node has no children, so it counts only at its own depth.

The walk uses the public API only, through an
:class:`~kernel.testing.adapter.Adapter` (by default the kernel's, for the
game each position's state names), so another implementation can be pinned
by the same files. On a mismatch the
runner prints a "divide": the count below each first action, to find the
wrong subtree::

    python -m kernel.testing.perft spec/<game-id>/perft/*.perft
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from kernel.core import CHANCE, TERMINAL, Applied
from kernel.testing.adapter import Adapter, GameInfoAdapter, kernel_adapter

KINDS = ("chance", "decision", "terminal")


@attrs.frozen
class Expectation:
    """One pinned line: ``perft depth total`` or ``nodes depth`` by kind."""

    depth: int
    total: int | None = None
    by_kind: tuple[tuple[str, int], ...] | None = None

    def line(self) -> str:
        if self.by_kind is not None:
            return f"nodes {self.depth} " + " ".join(f"{k}={n}" for k, n in self.by_kind)
        return f"perft {self.depth} {self.total}"


@attrs.frozen
class Position:
    """A named position and its pinned counts."""

    id: str
    state: Mapping[str, Any]
    expected: tuple[Expectation, ...]
    source: str = ""

    @property
    def max_depth(self) -> int:
        return max(e.depth for e in self.expected)


def parse(text: str, source: str = "") -> list[Position]:
    """The positions of a ``.perft`` file."""
    positions: list[Position] = []
    current: dict[str, Any] | None = None

    def close() -> None:
        if current is not None:
            if "state" not in current:
                raise ValueError(f"{source}: position {current['id']} has no state line")
            positions.append(Position(current["id"], current["state"],
                                      tuple(current["expected"]), source))

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "id":
            close()
            current = {"id": rest.strip(), "expected": []}
            continue
        if current is None:
            raise ValueError(f"{source}:{number}: {word!r} before any 'id' line")
        if word == "state":
            current["state"] = json.loads(rest)
        elif word == "perft":
            depth, total = rest.split()
            current["expected"].append(Expectation(int(depth), total=int(total)))
        elif word == "nodes":
            depth, *pairs = rest.split()
            kinds = tuple((k, int(v)) for k, v in (p.split("=") for p in pairs))
            if sorted(k for k, _ in kinds) != sorted(KINDS):
                raise ValueError(f"{source}:{number}: nodes needs {', '.join(KINDS)}")
            current["expected"].append(Expectation(int(depth), by_kind=kinds))
        else:
            raise ValueError(f"{source}:{number}: unknown line {word!r}")
    close()
    return positions


def load(paths: Iterable[Path]) -> list[Position]:
    """The positions of several ``.perft`` files."""
    out: list[Position] = []
    for path in paths:
        out += parse(path.read_text(encoding="utf-8"), str(path))
    return out


def children(adapter: Adapter, state: Any) -> list[tuple[str, Any]]:
    """(action, next state) for every chance outcome or legal action, in order."""
    actor = adapter.current_actor(state)
    if actor == TERMINAL:
        return []
    if actor == CHANCE:
        actions = [a for a, _ in adapter.chance_outcomes(state)]
    else:
        actions = list(adapter.legal_actions(state))
    out = []
    for action in actions:
        result = adapter.apply(state, action)
        if not isinstance(result, Applied):
            raise AssertionError(f"perft: listed action {action} was refused: {result}")
        out.append((action, result.state))
    return out


def kind_of(adapter: Adapter, state: Any) -> str:
    actor = adapter.current_actor(state)
    return "terminal" if actor == TERMINAL else "chance" if actor == CHANCE else "decision"


def count(adapter: Adapter, state: Any, depth: int) -> list[dict[str, int]]:
    """Per depth 0..``depth`` the number of nodes of each kind (a full tree walk)."""
    levels = [dict.fromkeys(KINDS, 0) for _ in range(depth + 1)]

    def walk(node: Any, d: int) -> None:
        levels[d][kind_of(adapter, node)] += 1
        if d == depth:
            return
        for _, child in children(adapter, node):
            walk(child, d + 1)

    walk(state, 0)
    return levels


def divide(adapter: Adapter, state: Any, depth: int) -> list[tuple[str, int]]:
    """For each first action, the number of nodes ``depth`` steps below the position."""
    return [(action, sum(count(adapter, child, depth - 1)[depth - 1].values()))
            for action, child in children(adapter, state)]


def check(adapter: Adapter, position: Position, max_depth: int | None = None) -> list[str]:
    """The mismatches of ``position`` (empty when every pinned count holds)."""
    state = adapter.from_data(position.state)
    wanted = [e for e in position.expected if max_depth is None or e.depth <= max_depth]
    if not wanted:
        return []
    levels = count(adapter, state, max(e.depth for e in wanted))
    problems = []
    for e in wanted:
        level = levels[e.depth]
        if e.by_kind is not None:
            got = tuple((k, level[k]) for k, _ in e.by_kind)
            if got != e.by_kind:
                problems.append(f"{position.id}: {e.line()} but counted "
                                + " ".join(f"{k}={n}" for k, n in got))
        elif sum(level.values()) != e.total:
            problems.append(f"{position.id}: {e.line()} but counted {sum(level.values())}")
    return problems


def report(adapter: Adapter, position: Position, max_depth: int | None = None) -> list[str]:
    """:func:`check`, with a divide at the shallowest failing depth."""
    problems = check(adapter, position, max_depth)
    if problems:
        state = adapter.from_data(position.state)
        depth = int(problems[0].split(": ", 1)[1].split()[1])
        problems.append(f"divide at depth {depth}:")
        problems += [f"  {action} {n}" for action, n in divide(adapter, state, depth)]
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kernel.testing.perft", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--max-depth", type=int, default=None)
    args = parser.parse_args(argv)
    adapters: dict[str, GameInfoAdapter] = {}
    failures = 0
    for position in load(args.files):
        game = str(position.state.get("game"))
        if game not in adapters:
            try:
                adapters[game] = kernel_adapter(game)
            except ValueError as exc:  # ConfigError: no such registered game
                print(f"{position.source}: position {position.id}: {exc}", file=sys.stderr)
                return 2
        problems = report(adapters[game], position, args.max_depth)
        status = "FAIL" if problems else "ok"
        print(f"{status:4} {position.id} (" + ", ".join(
            e.line() for e in position.expected
            if args.max_depth is None or e.depth <= args.max_depth) + ")")
        for line in problems:
            print("     " + line)
        failures += bool(problems)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""The traceability gate: catalogue <-> code <-> tests <-> examples.

For every rule ID of every catalogue (``spec/*/rules.md``) the gate finds
where it is named in kernel code (``kernel/**/*.py``, without the spec tools
in ``kernel/spec/``, and the package of every registered game that lives
elsewhere, such as a plug-in), in tests (``tests/**/*.py``, without those
packages) and in examples (an example's ``rules`` list). A gap is any of:

- a rule not named in code, or in any test, or by any example;
- an ID named in code, tests, examples or catalogue prose that no catalogue
  defines (IDs are the registered games' rule prefixes plus ``KERNEL-``);
- a rule ID defined twice, or with a prefix that is not registered (in a
  game's catalogue: not one of that game's prefixes);
- a rule without rulebook words (``>`` quotes) or without a ``Reading:``;
- an ``Interpretation:`` without its ``Alternatives:`` and ``Why:``;
- an ``Examples:`` line that differs from the examples naming the rule;
- a ``Behaviour version:`` missing or different from the registry's
  ``GameInfo.version``, a missing ``CHANGELOG.md`` entry for a version,
  a registered game without a catalogue, a catalogue that belongs to no
  registered game and to no family;
- ``spec/INTERPRETATIONS.md`` out of date;
- an example file that does not load (JSON, schema, duplicate ids, fixtures).

A catalogue is a game's (``spec/<game-id>/rules.md``, ``Game: <game-id>``),
the API's (``spec/kernel/rules.md``) or a **family's**: rules several games
share under a prefix each of them registers (``spec/<family>/rules.md`` with
``Game: <family>``, every rule with a prefix some registered game lists in
its ``rule_prefixes``). A family's catalogue has its own behaviour version
and changelog.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import attrs

from kernel.spec import catalogue as cat
from kernel.spec.examples import Suite, load_suite
from kernel.spec.interpretations import FILE_NAME as INTERPRETATIONS
from kernel.spec.interpretations import render

KERNEL_PREFIX = "KERNEL-"
#: The catalogue of the game-independent API rules (``spec/kernel/rules.md``).
API_CATALOGUE = "kernel"


@attrs.frozen
class Ref:
    """One place an ID is named."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


#: Gap kinds: a rule missing from a column ("code", "tests", "examples"), an ID
#: named but not catalogued ("unknown"), and problems of the spec itself.
GAP_KINDS = ("code", "tests", "examples", "unknown", "duplicate", "prefix", "words",
             "reading", "interpretation", "examples-line", "version", "changelog",
             "catalogue", "interpretations-page", "example-file")


@attrs.frozen
class Gap:
    """One traceability gap: its kind (see GAP_KINDS), the rule if any, and the message."""

    kind: str
    message: str
    rule: str | None = None

    def __str__(self) -> str:
        return self.message


@attrs.frozen
class Row:
    """One rule and where it is covered."""

    rule: str
    catalogue: str
    code: tuple[Ref, ...]
    tests: tuple[Ref, ...]
    examples: tuple[str, ...]


@attrs.frozen
class Report:
    rows: tuple[Row, ...]
    gaps: tuple[Gap, ...]

    @property
    def ok(self) -> bool:
        return not self.gaps

    def of_kind(self, *kinds: str) -> tuple[Gap, ...]:
        return tuple(g for g in self.gaps if g.kind in kinds)


def scan(paths: Iterable[Path], root: Path, pattern: re.Pattern[str]) -> dict[str, list[Ref]]:
    """Every ID the pattern finds in the files, with file:line (paths relative to root)."""
    found: dict[str, list[Ref]] = {}
    for path in sorted(paths):
        rel = _rel(path, root)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        for n, line in enumerate(text.splitlines(), start=1):
            for m in pattern.finditer(line):
                found.setdefault(m.group(0), []).append(Ref(rel, n))
    return found


def _universal(data: bytes) -> str:
    """Bytes as text the way ``read_text`` reads it (newlines as \\n), never raising."""
    return data.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")


def _changelog_gaps(folder: Path, version: int, label: str) -> list[Gap]:
    path = folder / "CHANGELOG.md"
    if not path.is_file():
        return [Gap("changelog", f"{label}: no CHANGELOG.md beside the catalogue (it must "
                                 "explain every behaviour version, starting with version 1)")]
    text = cat.read_text(path)
    missing = [v for v in range(1, version + 1)
               if not re.search(rf"^##\s+Version\s+{v}\b", text, re.MULTILINE)]
    return [Gap("changelog", f"{label}: CHANGELOG.md has no '## Version {v}' section")
            for v in missing]


def _rel(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else path.as_posix()


def _family(c: cat.Catalogue, games: Mapping[str, Sequence[str]] | None) -> bool:
    """Is ``c`` a family's catalogue: rules under prefixes registered games share?"""
    if games is None or c.directory in games or c.directory == API_CATALOGUE:
        return False
    registered = {p for prefixes in games.values() for p in prefixes}
    return bool(c.rules) and all(r.id.startswith(tuple(registered)) for r in c.rules)


def _catalogue_gaps(c: cat.Catalogue, versions: Mapping[str, int], prefixes: Sequence[str],
                    root: Path, games: Mapping[str, Sequence[str]] | None = None) -> list[Gap]:
    where = _rel(c.path, root)
    gaps: list[Gap] = []
    if c.game is None:
        gaps.append(Gap("catalogue", f"{where}: no 'Game:' line"))
    if c.version is None:
        gaps.append(Gap("version", f"{where}: no 'Behaviour version: <n>' line"))
    family = _family(c, games)
    if family and c.game is not None and c.game != c.directory:
        gaps.append(Gap("catalogue", f"{where}:{c.game_line}: Game: {c.game!r} but the "
                                     f"family's folder is {c.directory!r}"))
    if c.directory in versions:
        if c.game != c.directory:
            gaps.append(Gap("catalogue", f"{where}:{c.game_line}: Game: {c.game!r} but the "
                                         f"folder is {c.directory!r}"))
        if c.version is not None and c.version != versions[c.directory]:
            gaps.append(Gap("version", f"{where}:{c.version_line}: Behaviour version "
                                       f"{c.version} but the registry's GameInfo.version is "
                                       f"{versions[c.directory]}"))
    elif c.directory != API_CATALOGUE and not family:
        gaps.append(Gap("catalogue", f"{where}: catalogue of {c.directory!r}, which is no "
                                     "registered game" + (" and no family of registered "
                                                          "prefixes" if games else "")))
    own = tuple(games[c.directory]) if games and c.directory in games else None
    if c.version is not None:
        gaps.extend(_changelog_gaps(c.path.parent, c.version, where))
    for rule in c.rules:
        at = f"{where}:{rule.line}: {rule.id}"
        if not any(rule.id.startswith(p) for p in prefixes):
            gaps.append(Gap("prefix", f"{at}: prefix not registered (known: "
                                      f"{', '.join(prefixes)})", rule.id))
        elif own is not None and not rule.id.startswith(own):
            gaps.append(Gap("prefix", f"{at}: not one of the game's prefixes "
                                      f"({', '.join(own)})", rule.id))
        if not rule.quotes:
            gaps.append(Gap("words", f"{at}: no rulebook words ('>' quote lines)", rule.id))
        if rule.reading is None:
            gaps.append(Gap("reading", f"{at}: no 'Reading:'", rule.id))
        for interp in rule.interpretations:
            missing = [n for n, v in (("Alternatives", interp.alternatives), ("Why", interp.why))
                       if not v]
            if missing:
                gaps.append(Gap("interpretation", f"{where}:{interp.line}: {rule.id}: "
                                f"Interpretation without {' and '.join(missing)}", rule.id))
        labels = [p.label for p in rule.paragraphs]
        if ("Alternatives" in labels or "Why" in labels) and "Interpretation" not in labels:
            gaps.append(Gap("interpretation",
                            f"{at}: Alternatives/Why without an Interpretation", rule.id))
    return gaps


def run(root: Path, spec_dir: Path, prefixes: Sequence[str], versions: Mapping[str, int],
        suite: Suite | None = None, *, check_tests: bool = True,
        games: Mapping[str, Sequence[str]] | None = None,
        code_dirs: Sequence[Path] = ()) -> Report:
    """Check traceability of the catalogues under ``spec_dir`` against ``root``.

    ``prefixes`` are the rule ID prefixes (every registered game's, and
    ``"KERNEL-"``), ``versions`` the registered games' behaviour versions.
    ``games`` maps each registered game to its own prefixes: with it, a game's
    catalogue may use only its prefixes, and a catalogue of no registered game
    whose rules all use registered prefixes is a family's. ``code_dirs`` are
    more folders of code (registered games' packages outside ``kernel/``):
    scanned as code, and left out of the tests. ``check_tests=False`` leaves
    the tests out (an installed package has none): no test is scanned and a
    rule missing from the tests is no gap.
    """
    prefixes = tuple(sorted(set(prefixes)))
    pattern = cat.id_pattern(prefixes)
    catalogues = cat.load(spec_dir)
    suite = suite if suite is not None else load_suite(spec_dir)
    gaps: list[Gap] = [Gap("example-file", f"{p.where}: {p.message}") for p in suite.problems]

    defined: dict[str, tuple[cat.Catalogue, cat.Rule]] = {}
    for c in catalogues:
        gaps.extend(_catalogue_gaps(c, versions, prefixes, root, games))
        for rule in c.rules:
            if rule.id in defined:
                other = defined[rule.id][1]
                gaps.append(Gap("duplicate", f"{rule.id} defined twice: "
                                f"{_rel(rule.path, root)}:{rule.line} and "
                                f"{_rel(other.path, root)}:{other.line}", rule.id))
            else:
                defined[rule.id] = (c, rule)
    for game in sorted(versions):
        if not (spec_dir / game / "rules.md").is_file():
            gaps.append(Gap("catalogue", f"registered game {game!r} has no catalogue "
                                         f"spec/{game}/rules.md"))

    kernel_dir = root / "kernel"
    code_files = {p for p in kernel_dir.rglob("*.py")
                  if p.relative_to(kernel_dir).parts[0] != "spec"}
    extra = [d.resolve() for d in code_dirs]
    for folder in extra:
        code_files.update(folder.rglob("*.py") if folder.is_dir() else [folder])
    spec_tools = list((kernel_dir / "spec").rglob("*.py"))
    code = scan(code_files, root, pattern)
    test_files = [p for p in (root / "tests").rglob("*.py")
                  if not any(p.resolve().is_relative_to(d) for d in extra)]
    tests = scan(test_files, root, pattern) if check_tests else {}
    named: dict[str, list[Ref]] = {}
    for source in (code, tests, scan(spec_tools, root, pattern),
                   scan(spec_dir.glob("*/examples/*.json"), root, pattern),
                   scan((c.path for c in catalogues), root, pattern)):
        for rule_id, refs in source.items():
            named.setdefault(rule_id, []).extend(refs)
    for rule_id in sorted(set(named) - set(defined)):
        refs = named[rule_id]
        more = f" (and {len(refs) - 1} more)" if len(refs) > 1 else ""
        gaps.append(Gap("unknown", f"{rule_id}: named at {refs[0]}{more} but defined in no "
                                   "catalogue", rule_id))

    by_rule: dict[str, list[str]] = {}
    for ex in suite.examples:
        for rule_id in ex.rules:
            by_rule.setdefault(rule_id, []).append(ex.id)

    rows: list[Row] = []
    for rule_id, (c, rule) in defined.items():
        row = Row(rule_id, c.directory, tuple(code.get(rule_id, ())),
                  tuple(tests.get(rule_id, ())), tuple(by_rule.get(rule_id, ())))
        rows.append(row)
        for kind, where, found in (("code", "kernel code (kernel/**/*.py)" if not extra else
                                    "code (kernel/**/*.py and the games' packages)", row.code),
                                   ("tests", "any test (tests/**/*.py)", row.tests),
                                   ("examples", "any example", row.examples)):
            if not found and (kind != "tests" or check_tests):
                gaps.append(Gap(kind, f"{rule_id}: not named in {where}", rule_id))
        listed = rule.example_ids
        if set(listed) != set(row.examples):
            line = rule.examples_line.line if rule.examples_line else rule.end
            gaps.append(Gap("examples-line",
                            f"{_rel(rule.path, root)}:{line}: {rule_id}: the Examples line lists "
                            f"{sorted(listed)}, the examples naming the rule are "
                            f"{sorted(row.examples)} (run `race-kernel spec link --write`)",
                            rule_id))

    page = spec_dir / INTERPRETATIONS
    expected = render(catalogues, spec_dir)
    if not page.is_file() or _universal(page.read_bytes()) != expected:
        gaps.append(Gap("interpretations-page", f"spec/{INTERPRETATIONS} is out of date "
                                                "(run `race-kernel spec interpretations --write`)"))
    return Report(tuple(rows), tuple(gaps))


def _cell(refs: Sequence[Ref]) -> str:
    return f"{len(refs)} {refs[0]}" if refs else "0 -"


def table(report: Report) -> list[str]:
    """One line per rule: where it is covered (count and first place)."""
    head = ("RULE", "CODE", "TESTS", "EXAMPLES")
    cells = [(r.rule, _cell(r.code), _cell(r.tests),
              f"{len(r.examples)} {r.examples[0]}" if r.examples else "0 -") for r in report.rows]
    widths = [max(len(str(x[i])) for x in [head, *cells]) for i in range(3)]
    lines = []
    for row in [head, *cells]:
        lines.append("  ".join(str(v).ljust(widths[i]) if i < 3 else str(v)
                               for i, v in enumerate(row)))
    return lines

"""Reading the rule catalogues: ``spec/<game-id>/rules.md``.

A catalogue is prose with a fixed skeleton (see ``spec/README.md``):

- header lines ``Game: <game-id>`` (or, for rules several games share, the
  family's name, which is its folder's) and ``Behaviour version: <n>``;
- one ``### <RULE-ID>: <title>`` heading per rule, followed by the rulebook
  words (``>`` quote lines), a ``Reading:`` paragraph, optionally
  ``Interpretation:`` / ``Alternatives:`` / ``Why:`` paragraphs, and an
  ``Examples:`` line naming the rule's executable examples.

Parsing keeps line numbers so that every problem can be reported as
``file:line``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import attrs

HEADING = re.compile(r"^###\s+(?P<id>[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\s*:\s*(?P<title>.*?)\s*$")
SECTION = re.compile(r"^#{1,2}\s")
LABELS = ("Reading", "Interpretation", "Alternatives", "Why", "Examples")
EXAMPLE_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


def id_pattern(prefixes: Iterable[str]) -> re.Pattern[str]:
    """The regex of rule IDs for the given prefixes (``"ABC-"``, ``"KERNEL-"``...).

    >>> [m.group() for m in id_pattern(["ABC-"]).finditer("ABC-MOVE-ONE and ABC-INV-*")]
    ['ABC-MOVE-ONE']
    """
    names = sorted({p.rstrip("-") for p in prefixes if p.rstrip("-")})
    if not names:
        raise ValueError("no rule prefixes")
    alternation = "|".join(re.escape(n) for n in names)
    # ``ABC-MOVE-*`` names a group of rules, not one ID: the lookahead skips it.
    return re.compile(rf"\b(?:{alternation})-[A-Z0-9]+(?:-[A-Z0-9]+)*\b(?!-\*)")


@attrs.frozen
class Paragraph:
    """One labelled paragraph of a rule (``Reading: ...``) and its first line."""

    label: str
    text: str
    line: int


@attrs.frozen
class Interpretation:
    """An ``Interpretation:`` paragraph with the ``Alternatives:`` and ``Why:`` that follow it."""

    text: str
    line: int
    alternatives: str | None
    why: str | None


@attrs.frozen
class Rule:
    """One catalogued rule."""

    id: str
    title: str
    path: Path
    line: int
    end: int  #: the last line of the rule's section (1-based, inclusive)
    quotes: tuple[str, ...]
    paragraphs: tuple[Paragraph, ...]
    body: tuple[str, ...]  #: every line of the section after the heading

    def field(self, label: str) -> Paragraph | None:
        for p in self.paragraphs:
            if p.label == label:
                return p
        return None

    @property
    def reading(self) -> str | None:
        p = self.field("Reading")
        return p.text if p else None

    @property
    def interpretations(self) -> tuple[Interpretation, ...]:
        out: list[Interpretation] = []
        current: dict[str, Paragraph] = {}
        start: Paragraph | None = None

        def close() -> None:
            if start is not None:
                alt = current.get("Alternatives")
                why = current.get("Why")
                out.append(Interpretation(
                    start.text, start.line, alt.text if alt else None, why.text if why else None))

        for p in self.paragraphs:
            if p.label == "Interpretation":
                close()
                start, current = p, {}
            elif p.label in ("Alternatives", "Why") and start is not None:
                current.setdefault(p.label, p)
        close()
        return tuple(out)

    @property
    def examples_line(self) -> Paragraph | None:
        return self.field("Examples")

    @property
    def example_ids(self) -> tuple[str, ...]:
        p = self.examples_line
        if p is None:
            return ()
        return tuple(EXAMPLE_ID.findall(p.text.replace("`", " ")))


@attrs.frozen
class Catalogue:
    """One ``rules.md`` file."""

    path: Path
    directory: str  #: the folder name under spec/ (a game id, or ``kernel``)
    game: str | None  #: the ``Game:`` line
    game_line: int
    version: int | None  #: the ``Behaviour version:`` line
    version_line: int
    rules: tuple[Rule, ...]
    lines: tuple[str, ...]


def _starts_label(line: str) -> bool:
    label, sep, _ = line.partition(":")
    return bool(sep) and label in LABELS


def _paragraphs(
    body: Sequence[str], first_line: int
) -> tuple[tuple[str, ...], tuple[Paragraph, ...]]:
    quotes: list[str] = []
    paragraphs: list[Paragraph] = []
    block: list[str] = []
    block_line = first_line

    def flush() -> None:
        if not block:
            return
        text = " ".join(s.strip() for s in block).strip()
        if block[0].lstrip().startswith(">"):
            quotes.append(" ".join(s.strip().lstrip(">").strip() for s in block))
        else:
            label, sep, rest = text.partition(":")
            if sep and label in LABELS:
                paragraphs.append(Paragraph(label, rest.strip(), block_line))
        block.clear()

    for i, line in enumerate(body):
        if not line.strip():
            flush()
            continue
        if block and _starts_label(line):
            flush()
        if not block:
            block_line = first_line + i
        block.append(line)
    flush()
    return tuple(quotes), tuple(paragraphs)


class SpecFileError(ValueError):
    """A spec file that cannot be read as UTF-8 text (the message names it)."""


def read_text(path: Path) -> str:
    """A spec file's text: OSError when it cannot be opened, SpecFileError when not UTF-8."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SpecFileError(f"{path}: not UTF-8 text (byte {exc.start})") from None


def parse(path: Path, text: str | None = None) -> Catalogue:
    """Parse one catalogue file (OSError, SpecFileError when it cannot be read)."""
    content = read_text(path) if text is None else text
    lines = tuple(content.splitlines())
    game: str | None = None
    version: int | None = None
    game_line = version_line = 0
    heads: list[tuple[int, str, str]] = []  # (index, id, title)
    bounds: list[int] = []  # indices of every heading (any level)
    for i, line in enumerate(lines):
        m = HEADING.match(line)
        if m:
            heads.append((i, m.group("id"), m.group("title")))
        if line.startswith("#"):
            bounds.append(i)
        if not heads:
            if line.startswith("Game:") and game is None:
                game, game_line = line.partition(":")[2].strip(), i + 1
            elif line.startswith("Behaviour version:") and version is None:
                raw = line.partition(":")[2].strip()
                version_line = i + 1
                version = int(raw) if raw.isdigit() else None
    rules: list[Rule] = []
    for index, rule_id, title in heads:
        end = next((b for b in bounds if b > index), len(lines))
        body = lines[index + 1 : end]
        while body and not body[-1].strip():
            body = body[:-1]
        quotes, paragraphs = _paragraphs(body, index + 2)
        rules.append(Rule(
            id=rule_id,
            title=title,
            path=path,
            line=index + 1,
            end=index + 1 + len(body),
            quotes=quotes,
            paragraphs=paragraphs,
            body=tuple(body),
        ))
    return Catalogue(path, path.parent.name, game, game_line, version, version_line,
                     tuple(rules), lines)


def load(spec_dir: Path) -> tuple[Catalogue, ...]:
    """Every ``spec/*/rules.md``, in folder order."""
    return tuple(parse(p) for p in sorted(spec_dir.glob("*/rules.md")))


def with_examples_lines(catalogue: Catalogue, examples: Mapping[str, Sequence[str]]) -> str:
    """The catalogue's text with each rule's ``Examples:`` line set from ``examples``.

    Only ``Examples:`` lines change: an existing one is replaced, a missing one
    is added as the last line of the rule's section. A rule with no examples
    gets no line (and the trace gate reports it).
    """
    lines = list(catalogue.lines)
    # Work from the bottom so earlier line numbers stay valid.
    for rule in sorted(catalogue.rules, key=lambda r: r.line, reverse=True):
        ids = examples.get(rule.id, ())
        new = "Examples: " + ", ".join(f"`{i}`" for i in ids) if ids else None
        old = rule.examples_line
        if old is not None:
            if new is None:
                index = old.line - 1
                del lines[index]
                if index > 0 and not lines[index - 1].strip():
                    del lines[index - 1]
            else:
                lines[old.line - 1] = new
        elif new is not None:
            lines[rule.end : rule.end] = ["", new]
    return "\n".join(lines) + "\n"

"""Expectations files: what a program is known to do differently, and why.

The format (spec/PROTOCOL.md, "Expectations"): UTF-8 text, one expectation per
line, ``ID reason``: a rule ID (``KERNEL-ACTOR``) or a spec example id
(``kernel-actor-chance-only``), then, after blanks, the reason (required). Blank
lines and lines starting with ``#`` are ignored. An ID may be given once.

A divergence (or a failing example) is *expected* when an expectation names
one of its rule IDs (or the example's id). An expectation that nothing
matched in a run is reported as no longer occurring.

>>> e = parse("# known\\nKERNEL-ACTOR  seat claims are not checked yet\\n", "x.txt")
>>> e.match(("KERNEL-INPUT", "KERNEL-ACTOR")).id
'KERNEL-ACTOR'
>>> e.match(("KERNEL-INPUT",)) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Final

import attrs

_RULE: Final = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+")
_EXAMPLE: Final = re.compile(r"[a-z0-9]+(?:[-_.][a-z0-9]+)*")
#: The longest line read.
MAX_LINE: Final = 1000


class ExpectationsError(ValueError):
    """An expectations file that cannot be read: names the file and line."""


@attrs.frozen
class Expectation:
    id: str
    reason: str
    line: int

    @property
    def is_rule(self) -> bool:
        return _RULE.fullmatch(self.id) is not None


@attrs.define
class Expectations:
    """The expectations of one file, and which of them a run has met."""

    path: str = ""
    items: tuple[Expectation, ...] = ()
    met: dict[str, int] = attrs.field(factory=dict)

    def match(self, rules: Iterable[str], example: str | None = None) -> Expectation | None:
        """The expectation naming ``example`` or one of ``rules`` (in order); None if none."""
        by_id = {e.id: e for e in self.items}
        if example is not None and example in by_id:
            return by_id[example]
        for rule in rules:
            if rule in by_id:
                return by_id[rule]
        return None

    def hit(self, expectation: Expectation) -> None:
        self.met[expectation.id] = self.met.get(expectation.id, 0) + 1

    def claim(self, rules: Iterable[str], example: str | None = None) -> Expectation | None:
        """Like :meth:`match`, and counts every expectation that names ``example`` or one
        of ``rules`` as met (a failure may be known under several of its rules)."""
        found = self.match(rules, example)
        if found is not None:
            names = {example, *rules}
            for e in self.items:
                if e.id in names:
                    self.hit(e)
        return found

    @property
    def unmet(self) -> tuple[Expectation, ...]:
        return tuple(e for e in self.items if e.id not in self.met)

    def lines(self) -> list[str]:
        if not self.items:
            return []
        out = [f"expectations ({self.path}): {len(self.met)} met, {len(self.unmet)} not met"]
        for e in self.items:
            if e.id in self.met:
                out.append(f"  met  {e.id} ({self.met[e.id]}x): {e.reason}")
            else:
                out.append(f"  NOT MET  {e.id}: no longer occurs here: {e.reason}")
        return out

    def to_data(self) -> list[dict[str, object]]:
        return [{"id": e.id, "reason": e.reason, "met": self.met.get(e.id, 0)}
                for e in self.items]


def parse(text: str, path: str = "<expectations>") -> Expectations:
    """The expectations in ``text`` (ExpectationsError naming the line otherwise)."""
    items: list[Expectation] = []
    seen: set[str] = set()
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if len(line) > MAX_LINE:
            raise ExpectationsError(f"{path}: line {number}: longer than {MAX_LINE} characters")
        ident, _, reason = line.partition(" ")
        if "\t" in ident:
            ident, _, rest = ident.partition("\t")
            reason = rest + " " + reason
        reason = reason.strip()
        if not (_RULE.fullmatch(ident) or _EXAMPLE.fullmatch(ident)):
            raise ExpectationsError(f"{path}: line {number}: {ident[:80]!r} is neither a rule "
                                    f"ID nor an example id")
        if not reason:
            raise ExpectationsError(f"{path}: line {number}: {ident}: a reason is required "
                                    f"after the ID")
        if ident in seen:
            raise ExpectationsError(f"{path}: line {number}: {ident} is listed twice")
        seen.add(ident)
        items.append(Expectation(ident, reason, number))
    return Expectations(path, tuple(items))


def read(path: str | Path) -> Expectations:
    """Read an expectations file (ExpectationsError: missing, not UTF-8, malformed)."""
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except OSError as exc:
        raise ExpectationsError(f"{path}: cannot read: {exc.strerror or type(exc).__name__}"
                                ) from None
    except UnicodeDecodeError:
        raise ExpectationsError(f"{path}: not UTF-8") from None
    return parse(text, str(path))

"""Camel Up: The Card Game (2023) shares the card-game engine with Camel Up Cards (2016).

The acceptance of issue 12: the engine has one home, so no block of six or
more lines is repeated between the two card games' packages, even with other
names: local names (variables, parameters, constants), numbers and strings
are normalised away; what a line does (the functions it calls, the
attributes it reads, the keywords it passes) is kept. Lines that only pass
one keyword argument (``deal="CUG-LEG-DEAL",``, a ``GameInfo`` field), imports
closing brackets and lines of strings only (a legend's text) are data, not
machinery, and do not count.
"""

from __future__ import annotations

import io
import keyword
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "kernel" / "games"
WINDOW = 6


def normalised_lines(path: Path) -> list[tuple[str, int]]:
    """Each logical code line of ``path`` as its token shapes (names, numbers and
    strings replaced), without comments, docstrings and keyword-argument data lines."""
    text = path.read_text()
    lines: dict[int, list[str]] = {}
    previous = tokenize.NEWLINE
    toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
    last = ""
    for tok in toks:
        kind = tok.type
        if kind in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                    tokenize.DEDENT, tokenize.ENDMARKER):
            previous = kind if kind in (tokenize.NEWLINE, tokenize.INDENT,
                                        tokenize.DEDENT) else previous
            continue
        if kind == tokenize.STRING and previous in (tokenize.NEWLINE, tokenize.INDENT,
                                                    tokenize.DEDENT):
            previous = tokenize.STRING  # a docstring or a bare string statement
            continue
        if kind == tokenize.NAME:
            # a local name becomes N; a called function, an attribute and a keyword stay
            called = _called(tok, toks) and last not in ("def", "class")
            kept = keyword.iskeyword(tok.string) or last == "." or called
            shape = tok.string if kept else "N"
        elif kind == tokenize.NUMBER:
            shape = "0"
        elif kind == tokenize.STRING or tokenize.tok_name[kind].startswith("FSTRING"):
            shape = "S"
        else:
            shape = tok.string
        lines.setdefault(tok.start[0], []).append(shape)
        previous = kind
        last = tok.string
    out = []
    for number in sorted(lines):
        shape = " ".join(lines[number])
        if shape in ("N = S ,", "N = N ,", "N = N . N ,", "N = 0 ,", "S ,", "N ,", ")", "] ,",
                     ") ,", "}", "] )", "( N ,"):
            continue  # keyword-argument data, a closing bracket
        if shape.startswith(("from ", "import ")) or shape == "N , N ,":
            continue
        if set(shape.split()) <= {"S", "(", ")", "[", "]", ",", ":"}:
            continue  # strings only: a table's or a legend's text, data
        out.append((shape, number))
    return out


def _called(tok: tokenize.TokenInfo, toks: list[tokenize.TokenInfo]) -> bool:
    """Is the name ``tok`` called (followed by an opening parenthesis)?"""
    i = toks.index(tok)
    return i + 1 < len(toks) and toks[i + 1].string == "("


def windows(package: str) -> dict[tuple[str, ...], str]:
    """Every run of WINDOW normalised lines in a package, with where it starts."""
    found: dict[tuple[str, ...], str] = {}
    for path in sorted((GAMES / package).glob("*.py")):
        lines = normalised_lines(path)
        for i in range(len(lines) - WINDOW + 1):
            block = tuple(shape for shape, _ in lines[i:i + WINDOW])
            found.setdefault(block, f"{path.name}:{lines[i][1]}")
    return found


def test_no_machinery_copied_between_the_card_games() -> None:
    """Issue 12 acceptance (CUG-LEG-RESET, CUG-LEG-DEAL, CUG-LEG-END, CUG-PAY-LEADER...):
    the leg, deal and payout machinery lives once, in kernel/engines/camel_cards."""
    old = windows("camel_up_cards_2016")
    new = windows("camel_up_card_game_2023")
    shared = sorted(f"2016 {old[b]} = 2023 {new[b]}" for b in set(old) & set(new))
    assert not shared, "blocks repeated between the two card games:\n" + "\n".join(shared)


def test_the_detector_sees_a_renamed_copy(tmp_path: Path) -> None:
    """The check can fail: a block copied with other names is found."""
    a = tmp_path / "a.py"
    b = tmp_path / "b.py"
    a.write_text("def f(x):\n    y = x + 1\n    if y > 2:\n        y -= 3\n    z = [y]\n"
                 "    z.append(y * 2)\n    return z\n")
    b.write_text("def g(q):\n    w = q + 7\n    if w > 9:\n        w -= 1\n    r = [w]\n"
                 "    r.append(w * 5)\n    return r\n")
    shapes_a = [s for s, _ in normalised_lines(a)]
    shapes_b = [s for s, _ in normalised_lines(b)]
    assert shapes_a == shapes_b and len(shapes_a) >= WINDOW

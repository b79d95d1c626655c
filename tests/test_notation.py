"""The one-line position notation and the pictures of a state, on every registered game.

KERNEL-INPUT (strict decoders): ``kernel.from_notation`` accepts exactly the
text ``kernel.notation`` writes. Checked here for every game that offers a
notation (``GameInfo.notation``):

- the round trip both ways on states of seeded random walks, every variant
  (``parse(format(s)) == s`` and ``format(parse(t)) == t``);
- mutated texts (a character dropped, added, replaced, fields swapped) are
  refused with a ValueError naming the field or the broken invariants, or,
  when the mutation spells another table, read as exactly that table: never
  any other exception;
- each catalogue's documented example (its "Notation" section) reads and
  round-trips;
- ``str(state)`` draws the table (the narrator's picture under the notation)
  and ``_repr_html_`` shows it in a notebook.

Every bug these tests found is kept as an explicit ``@example``.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import kernel
from kernel.core import InvalidState
from kernel.notation_codec import MAX_TEXT, Layout, NotationError
from kernel.testing import checks

ROOT = Path(__file__).resolve().parents[1]
GAMES = [g for g in kernel.games() if kernel.game_info(g).notation is not None]
#: States checked per walk: about this many, spread over it (the last one always).
PER_WALK = 24


def scaled(cap: int) -> settings:
    """The loaded profile's example count, at most ``cap`` (the gate's time budget)."""
    return settings(max_examples=max(1, min(settings().max_examples, cap)))


def _walk(game: str, config_index: int, seed: int, depth: int) -> list[Any]:
    info = kernel.game_info(game)
    configs = info.configs()
    states, _ = checks.walk(info, configs[config_index % len(configs)], seed, depth)
    stride = max(1, len(states) // PER_WALK)
    return [*states[::stride], states[-1]]


def test_every_game_has_a_notation() -> None:
    # Every shipped game offers a notation, under the same module name.
    assert GAMES == list(kernel.games())
    for game in GAMES:
        module = kernel.game_info(game).state_type.__module__.rsplit(".", 1)[0]
        assert (ROOT / module.replace(".", "/") / "notation.py").is_file()


@pytest.mark.parametrize("game", GAMES)
@scaled(12)
@given(config_index=st.integers(0, 99), seed=st.integers(0, 2**32 - 1),
       depth=st.integers(0, 700))
@example(config_index=0, seed=0, depth=700)
def test_notation_round_trips_on_random_walks(
    game: str, config_index: int, seed: int, depth: int
) -> None:
    # KERNEL-INPUT: the notation holds the whole table (hidden cards included):
    # reading it back gives the very state, and the text read is written again.
    for state in _walk(game, config_index, seed, depth):
        text = kernel.notation(state)
        assert text.isascii() and text.isprintable() and "  " not in text
        back = kernel.from_notation(game, text)
        assert back == state and hash(back) == hash(state)
        assert kernel.notation(back) == text


def _mutations(text: str, rng: random.Random) -> list[str]:
    """Texts near ``text``: a character dropped, added or replaced, two fields swapped,
    a field emptied or doubled, blanks around."""
    chars = "0123456789-,./:abcdefghijklmnopqrstuvwxyzBFGHKOSWY +"
    i = rng.randrange(len(text))
    fields = text.split(" ")
    j, k = rng.randrange(len(fields)), rng.randrange(len(fields))
    swapped = list(fields)
    swapped[j], swapped[k] = swapped[k], swapped[j]
    doubled = list(fields)
    doubled[j] = doubled[j] * 2
    emptied = list(fields)
    emptied[j] = ""
    return [
        text[:i] + text[i + 1:],
        text[:i] + rng.choice(chars) + text[i:],
        text[:i] + rng.choice(chars) + text[i + 1:],
        " ".join(swapped), " ".join(doubled), " ".join(emptied),
        text + " ", " " + text, text + "\n", text[:i],
    ]


@pytest.mark.parametrize("game", GAMES)
@scaled(40)
@given(seed=st.integers(0, 2**32 - 1), depth=st.integers(0, 400),
       mutation_seed=st.integers(0, 2**32 - 1))
def test_mutated_notation_is_refused_or_read_exactly(
    game: str, seed: int, depth: int, mutation_seed: int
) -> None:
    # KERNEL-INPUT: a text that is not a canonical notation is refused with a
    # ValueError naming the field (NotationError) or every broken invariant
    # (InvalidState); one that spells another table is that table's own text.
    info = kernel.game_info(game)
    state = checks.walk(info, info.configs()[-1], seed, depth)[0][-1]
    rng = random.Random(mutation_seed)
    for text in _mutations(kernel.notation(state), rng):
        try:
            other = kernel.from_notation(game, text)
        except InvalidState as exc:
            assert exc.ids and all(i in info.invariants for i in exc.ids)
        except NotationError as exc:
            assert re.match(r"(notation|[a-z_]+(\[\d+\]|\.[a-z_]+)*): ", str(exc)), exc
            assert len(str(exc)) < 400
        else:
            assert kernel.notation(other) == text


@pytest.mark.parametrize("game", GAMES)
def test_non_canonical_forms_are_refused(game: str) -> None:
    # KERNEL-INPUT: no alternative spellings: blanks, padding, leading zeros,
    # '+' or '-0', anything but a string, overlong or non-ASCII text.
    state = kernel.new_game(game, kernel.game_info(game).configs()[0])
    text = kernel.notation(state)
    first, rest = text.split(" ", 1)
    bad = [text + " ", " " + text, text.replace(" ", "  ", 1), text.replace(" ", "\t", 1),
           f"0{first} {rest}", f"+{first} {rest}", text + " -", text.rsplit(" ", 1)[0],
           "", " ", "x" * (MAX_TEXT + 1), text + "\u00e9", text.upper(), None, 42,
           text.encode(), [text]]
    for candidate in bad:
        with pytest.raises(NotationError):
            kernel.from_notation(game, candidate)
    with pytest.raises(ValueError, match="unknown game"):
        kernel.from_notation("no-such-game", text)


def _play_state(game: str) -> Any:
    """The first play-phase state of a seeded 4-player walk."""
    return next(s for s in _walk(game, 2, 1, 60) if kernel.to_data(s)["phase"] == "play")


def _keys(game: str) -> list[str]:
    """The plain-data keys of a game's notation fields, in order."""
    layout = kernel.game_info(game).notation
    assert isinstance(layout, Layout)
    return layout.keys.split()


def _with_field(game: str, text: str, key: str, value: str) -> str:
    """``text`` with the field of plain-data key ``key`` replaced by ``value``."""
    fields = text.split(" ")
    fields[_keys(game).index(key)] = value
    return " ".join(fields)


def _field(game: str, text: str, key: str) -> str:
    return text.split(" ")[_keys(game).index(key)]


def test_counts_order_and_numbers_are_canonical() -> None:
    # KERNEL-INPUT: a multiset is its symbols in order, each once, a count of 2
    # or more before it; integers plainly; refused otherwise, naming the field.
    game = "camel-up-cards-2016"
    text = kernel.notation(_play_state(game))
    tokens = re.findall(r"[0-9]*[a-zA-Z]", _field(game, text, "deck"))
    assert len(tokens) >= 2
    first = re.fullmatch(r"([0-9]*)([a-zA-Z])", tokens[0])
    assert first is not None
    count, symbol = first.groups()
    respelled = ["".join(reversed(tokens)),  # out of order
                 symbol * int(count) + "".join(tokens[1:]) if count  # repeated, not counted
                 else "1" + "".join(tokens)]  # a count of 1
    for spelling in respelled:
        with pytest.raises(NotationError, match=r"^deck: "):
            kernel.from_notation(game, _with_field(game, text, "deck", spelling))
    padded = _with_field(game, text, "money", "0" + _field(game, text, "money"))
    with pytest.raises(NotationError, match=r"^money\[0\]: "):
        kernel.from_notation(game, padded)
    with pytest.raises(NotationError, match=r"^deck: one \S+ card more than the game has"):
        kernel.from_notation(game, _with_field(game, text, "deck", "6B"))


def test_a_broken_table_is_refused_with_its_invariants() -> None:
    # KERNEL-INPUT, CUC-INV-FLOOR, CUC-INV-LEDGER: a text that reads as a table
    # breaking invariants is refused with their IDs (the state's own checks): here
    # a seat's money below zero, and no longer its payouts' sum.
    game = "camel-up-cards-2016"
    text = kernel.notation(_play_state(game))
    money = _field(game, text, "money").split(",")
    broken = _with_field(game, text, "money", ",".join(["-5", *money[1:]]))
    with pytest.raises(InvalidState) as caught:
        kernel.from_notation(game, broken)
    assert caught.value.ids == ("CUC-INV-FLOOR", "CUC-INV-LEDGER")


def _documented_examples() -> list[Any]:
    """Each game's example notation, from its catalogue's "Notation" section."""
    out = []
    for game in GAMES:
        text = (ROOT / "spec" / game / "rules.md").read_text(encoding="utf-8")
        section = text.split("\n## Notation\n", 1)
        found = re.search(r"\n    (\S[^\n]*)\n", section[1]) if len(section) == 2 else None
        out.append(pytest.param(game, found.group(1) if found else None, id=game))
    return out


@pytest.mark.parametrize(("game", "documented"), _documented_examples())
def test_the_catalogue_example_reads(game: str, documented: str | None) -> None:
    # Each catalogue documents its notation with an example that reads and round-trips.
    assert documented is not None, f"spec/{game}/rules.md: no '## Notation' example"
    state = kernel.from_notation(game, documented)
    assert kernel.notation(state) == documented
    assert kernel.violations(state) == ()


@pytest.mark.parametrize("game", GAMES)
def test_str_draws_the_table_and_a_notebook_shows_it(game: str) -> None:
    # print(state) draws the table: the game and the notation, then the narrator's
    # picture; a notebook shows it in <pre>, with the viewer's drawing script.
    info = kernel.game_info(game)
    trace = kernel.play(game, info.configs()[-1], 3)
    state = trace.steps[len(trace.steps) // 2].state
    picture = str(state).split("\n")
    assert picture[0] == f"{game} {kernel.notation(state)}"
    assert picture[1:] == list(info.narrator.draw(kernel.to_data(state)))
    shown = state._repr_html_()
    assert "<pre>" in shown and f"{game} " in shown
    if info.drawing is not None:
        assert "draw(" in shown and "</script>" in shown
        assert shown.count("</script>") == 1  # nothing inside ends the script early
    assert repr(state) != str(state)


def test_import_kernel_loads_no_pictures_or_viewer() -> None:
    # ``import kernel`` stays light: the pictures and the viewer load on use.
    code = ("import sys, kernel; print(sorted(m for m in sys.modules if m.startswith("
            "('kernel.pictures', 'kernel.viewer', 'kernel.notation_codec', 'kernel.games'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"

"""The canonical JSON text is RFC 8785 (JCS): it equals the ``rfc8785`` package's.

spec/PROTOCOL.md, "Canonical JSON": RFC 8785 restricted to integers within
+-(2**53 - 1) and fractions as "n/d" strings, so an implementer in any
language can use a JCS library. ``rfc8785`` is a test-only dependency; the
kernel has its own serializer (kernel/conformance/canonical.py) and these
tests hold the two to the same bytes: every golden vector line as stored, and
fuzzed documents with non-ASCII, astral-plane and control characters.
"""

from __future__ import annotations

import hashlib
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import rfc8785
from hypothesis import example, given
from hypothesis import strategies as st

from kernel.conformance import canonical

ROOT = Path(__file__).resolve().parents[1]
VECTOR_FILES = sorted((ROOT / "spec").glob("*/vectors/*.jsonl"))
MAX = canonical.MAX_INT


def _jcs(doc: Any) -> str:
    """The reference: the rfc8785 package's canonical text."""
    return rfc8785.dumps(doc).decode("utf-8")


# --------------------------------------------------------------------------
# golden vectors


def test_the_golden_vectors_are_found() -> None:
    games = {path.parent.parent.name for path in VECTOR_FILES}
    assert "camel-up-cards-2016" in games
    assert len(VECTOR_FILES) >= 8


@pytest.mark.parametrize(
    "path", VECTOR_FILES, ids=[str(p.relative_to(ROOT / "spec")) for p in VECTOR_FILES]
)
def test_every_golden_vector_line_is_rfc8785_text(path: Path) -> None:
    # Each line parses (no floats, no duplicate keys), and our canonical text of
    # it, the rfc8785 package's and the line as stored are the same; the whole
    # file is those lines, "\n" after each, in UTF-8 (byte-identical vectors).
    raw = path.read_bytes()
    lines = raw.decode("utf-8").split("\n")
    assert lines[-1] == "" and len(lines) > 1, f"{path.name}: not '\\n'-terminated lines"
    lines = lines[:-1]
    for number, line in enumerate(lines, 1):
        doc = canonical.loads(line)
        assert isinstance(doc, dict)
        ours = canonical.dumps(doc)
        assert ours == _jcs(doc), f"{path.name}:{number}: differs from rfc8785"
        assert ours == line, f"{path.name}:{number}: not stored as its canonical text"
    assert "".join(f"{line}\n" for line in lines).encode("utf-8") == raw


def test_state_digests_are_sha256_of_the_rfc8785_bytes() -> None:
    # The digest of every state line of a game vector is the SHA-256 of the
    # rfc8785 bytes of the state, and it is the digest the vector records.
    path = ROOT / "spec/camel-up-cards-2016/vectors/game-p2-seed1.jsonl"
    header, *steps = (canonical.loads(line) for line in path.read_text("utf-8").splitlines())
    assert isinstance(header, dict)
    states = [header["state"], *(s["state"] for s in steps if isinstance(s, dict) and "state" in s)]
    assert len(states) > 2
    for state in states:
        assert canonical.digest(state) == hashlib.sha256(rfc8785.dumps(state)).hexdigest()
    assert header["digest"] == canonical.digest(header["state"])


# --------------------------------------------------------------------------
# fuzzed documents

#: Characters where serializers go wrong: controls (escaped or not), the JSON
#: escapes, DEL and C1 controls (not escaped), line separators, the edges of
#: the BMP and the private use area, and characters beyond the BMP.
SPECIAL = (
    "\x00\x01\x07\x08\t\n\x0b\x0c\r\x1b\x1f\"\\/'\x7f\x80\x9f\xa0\xe9\u00ff\u0100"
    "\u2028\u2029\ud7ff\ue000\uf8ff\ufb01\ufeff\ufffd\uffff"
    "\U00010000\U0001d11e\U0001f600\U0010ffff"
)
#: Keys that sort one way by code point and another by UTF-16 code unit: a
#: character in U+E000..U+FFFF sorts after a surrogate pair in UTF-16 only.
KEY_CHARS = "aZ\xe9\ue000\ufb01\uffff\U00010000\U0001d11e\U0001f600"

chars = st.sampled_from(SPECIAL) | st.characters(codec="utf-8")  # no surrogates
texts = st.text(chars, max_size=6)
keys = st.text(st.sampled_from(KEY_CHARS), max_size=3) | texts
ints = st.integers(-MAX, MAX) | st.sampled_from([0, -1, MAX, -MAX, 2**31, -(2**32)])
scalars = st.none() | st.booleans() | ints | texts
documents = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=5),
    max_leaves=24,
)


@given(documents)
@example({"\ufb01": 1, "\U0001d11e": 2, "z": [{"\uffff": 0, "\U00010000": None}]})
@example(["\x00\x1f\x7f\u2028", "\\\"/", {"": ""}])
@example([MAX, -MAX, True, False, None, [], {}])
def test_fuzzed_documents_equal_rfc8785(doc: Any) -> None:
    text = canonical.dumps(doc)
    assert text == _jcs(doc)
    assert canonical.is_canonical(text)
    assert canonical.loads(text) == doc
    wrapped = {"doc": doc, "\U0001f600": 0}
    assert canonical.digest(wrapped) == hashlib.sha256(rfc8785.dumps(wrapped)).hexdigest()


def test_keys_sort_by_utf16_code_units_not_code_points() -> None:
    doc = {"\ufb01": 1, "\U0001d11e": 2, "z": [{"\ue000": 3, "\U0001f600": 4}]}
    text = canonical.dumps(doc)
    assert text == _jcs(doc)
    assert text == '{"z":[{"\U0001f600":4,"\ue000":3}],"\U0001d11e":2,"\ufb01":1}'
    by_code_point = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert text != by_code_point


def test_strings_are_escaped_as_json_stringify_does() -> None:
    doc = ["caf\xe9 \u2028 \U0001f600", "\x00\x08\t\n\x0c\r\x1f\x7f", "\"\\/"]
    expected = '["caf\xe9 \u2028 \U0001f600","\\u0000\\b\\t\\n\\f\\r\\u001f\x7f","\\"\\\\/"]'
    assert canonical.dumps(doc) == expected == _jcs(doc)
    assert canonical.digest({"s": doc[0]}) == hashlib.sha256(
        '{"s":"caf\xe9 \u2028 \U0001f600"}'.encode()
    ).hexdigest()


def test_fractions_and_tuples_become_plain_json() -> None:
    doc = {"p": Fraction(6, -4), "one": Fraction(3, 3), "t": (Fraction(0), "x")}
    text = canonical.dumps(doc)
    assert text == '{"one":"1/1","p":"-3/2","t":["0/1","x"]}'
    assert text == _jcs(canonical.canonical(doc))


# --------------------------------------------------------------------------
# refusals


@pytest.mark.parametrize(
    "bad",
    [
        1.0, -0.0, 1.5, float("nan"), float("inf"), float("-inf"), {"a": [0.5]},
        2**53, -(2**53), 2**64, [MAX + 1], {"a": -MAX - 1},
        "\ud800", "\udfff", "a\ud83d", "\ud83d\ude00", ["x", "\udc00"], {"\ud800": 1},
        {"k": {"\udbff": None}},
        {1: "x"}, {None: 1}, {True: 1}, {(1, 2): 1}, {b"a": 1}, {1.5: 0}, {"a": {2: 2}},
        b"bytes", complex(1, 2), {1, 2},
    ],
    ids=ascii,
)
def test_what_has_no_canonical_form_is_refused(bad: Any) -> None:
    with pytest.raises(canonical.CanonicalError):
        canonical.dumps(bad)
    if isinstance(bad, dict) and all(type(k) is str for k in bad):
        with pytest.raises(canonical.CanonicalError):
            canonical.digest(bad)


@pytest.mark.parametrize(
    "bad", [2**53, -(2**53), "\ud800", "a\ud83d", {"\udc00": 1}, {1: "x"}], ids=ascii
)
def test_rfc8785_refuses_them_too(bad: Any) -> None:
    # The refusals that are RFC 8785's own (floats are JCS but not ours). The
    # package raises UnicodeEncodeError, not its CanonicalizationError, for a
    # lone surrogate in a key (rfc8785 0.1.4); both are ValueErrors.
    with pytest.raises(ValueError):
        rfc8785.dumps(bad)
    with pytest.raises(canonical.CanonicalError):
        canonical.dumps(bad)


def test_escaped_lone_surrogates_are_not_canonical() -> None:
    # JSON text may spell a lone surrogate as an escape; it parses, but has no
    # canonical form, so such text is never canonical.
    assert not canonical.is_canonical('"\\ud800"')
    assert not canonical.is_canonical('{"\\udc00":1}')
    assert canonical.is_canonical('"\U0001f600"')
    assert not canonical.is_canonical('"\\ud83d\\ude00"')  # escaped, so not canonical

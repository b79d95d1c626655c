"""KERNEL-INPUT: the conformance kit's decoders are strict and total.

Hypothesis throws hostile input at every decoder the kit has: trace lines and
files (``kernel.conformance.trace``), protocol responses and the bounded line
reader (``kernel.conformance.protocol``), requests to the reference server
(``kernel.conformance.server``) and example files (``kernel.spec.examples``).
Hostile means every kind seen in the wild: nesting a thousand levels deep,
integers beyond 2**53, ``Infinity``/``NaN``/``1e400``, bytes that are not
UTF-8, wrong top-level types, missing and extra keys, huge strings. Each
decoder returns a value or raises its one documented error, with a message
of bounded size; none crashes. (The command line is fuzzed in
``tests/test_cli_hostile.py``.)
"""

from __future__ import annotations

import functools
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import kernel
from kernel.conformance import trace
from kernel.conformance.compare import Divergence
from kernel.conformance.protocol import (
    InProcessPeer,
    LineBuffer,
    LineTooLong,
    PeerFailure,
    decode_response,
)
from kernel.conformance.server import KernelServer, serve
from kernel.spec import examples

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "spec"
GAME = "camel-up-cards-2016"
#: No error message of a decoder is longer than this.
MAX_MESSAGE = 2000

@functools.cache
def played() -> kernel.Trace:
    """A seeded 2-player game, played on first use (a rule bug it trips fails a test)."""
    return kernel.play(GAME, {"players": 2}, 1)


def played_lines() -> list[Any]:
    return trace.lines_of(played())[:4]


def _scaled(factor: int) -> settings:
    """The profile's example count times ``factor`` (these properties are cheap)."""
    return settings(max_examples=max(1, settings().max_examples * factor), deadline=None,
                    suppress_health_check=list(HealthCheck))


# --------------------------------------------------------------------------
# hostile JSON text (shared with tests/test_cli_hostile.py)


_SCALARS = (st.none() | st.booleans() | st.integers(-(2**53) + 1, 2**53 - 1)
            | st.text(max_size=8))
#: JSON values the kernel reads (within its value space).
JSON_VALUES: st.SearchStrategy[Any] = st.recursive(
    _SCALARS,
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=5), kids,
                                                              max_size=3),
    max_leaves=10)

#: JSON texts of every hostile kind: deep, huge numbers, constants, floats, wrong
#: types, duplicate keys, lone surrogates, huge strings, not UTF-8, not JSON.
HOSTILE_JSON: st.SearchStrategy[bytes] = st.one_of(
    st.integers(60, 1500).map(lambda n: b"[" * n + b"]" * n),
    st.integers(60, 1500).map(lambda n: b'{"a":' * n + b"1" + b"}" * n),
    st.integers(2**53, 10**30).map(lambda n: str(n).encode()),
    st.integers(-(10**30), -(2**53)).map(lambda n: str(n).encode()),
    st.sampled_from([b"Infinity", b"-Infinity", b"NaN", b"1e400", b"1.5", b"-0.0", b"1E2",
                     b'{"a":1,"a":2}', b'"\\ud800"', b"", b" ", b"{", b"[1,]", b"true",
                     b"null", b'"x"', b"[]", b"{}", b"0", b"\xef\xbb\xbf{}", b"9" * 5000]),
    st.integers(1, 1 << 20).map(lambda n: b'"' + b"x" * n + b'"'),
    st.binary(max_size=40).map(lambda b: b"\xff" + b),
    st.binary(max_size=40),
    JSON_VALUES.map(lambda v: json.dumps(v).encode()),
)


def plant(document: dict[str, Any], key: str, raw: bytes) -> bytes:
    """``document`` as JSON text with the value of ``key`` replaced by the raw text ``raw``."""
    marker = "\u0000PLANT\u0000"
    text = json.dumps({**document, key: marker}).encode()
    return text.replace(json.dumps(marker).encode(), raw, 1)


def hostile_document(document: dict[str, Any]) -> st.SearchStrategy[bytes]:
    """``document`` as JSON with one field made hostile, dropped or added; or anything."""
    keys = sorted(document)
    return st.one_of(
        HOSTILE_JSON,
        st.tuples(st.sampled_from(keys), HOSTILE_JSON).map(
            lambda kv: plant(document, kv[0], kv[1])),
        st.sampled_from(keys).map(
            lambda k: json.dumps({x: v for x, v in document.items() if x != k}).encode()),
        st.tuples(st.text(max_size=10), HOSTILE_JSON).map(
            lambda kv: plant(document, kv[0], kv[1])),
        st.tuples(st.sampled_from(keys), JSON_VALUES).map(
            lambda kv: json.dumps({**document, kv[0]: kv[1]}).encode()),
    )


# --------------------------------------------------------------------------
# traces


@_scaled(4)
@given(raw=HOSTILE_JSON, number=st.integers(1, 10**6))
@example(raw=b"[" * 990 + b"]" * 990, number=5)
@example(raw=b'{"a": Infinity}', number=1)
def test_parse_line_is_total(raw: bytes, number: int) -> None:
    try:
        line = trace.parse_line(raw, number)
    except trace.TraceError as exc:
        assert exc.line == number and len(str(exc)) <= MAX_MESSAGE
        return
    assert isinstance(line, dict)


def _trace_text(index: int, raw: bytes) -> bytes:
    rows = [json.dumps(r).encode() for r in played_lines()]
    rows[index] = raw.replace(b"\n", b" ")
    return b"\n".join(rows) + b"\n"


@_scaled(1)
@given(data=st.data())
def test_trace_lines_are_checked_or_refused(data: st.DataObject) -> None:
    # Any line of a trace, made hostile: the trace is read (and replays with a
    # report) or refused with a TraceError naming the line; never a crash.
    index = data.draw(st.integers(0, len(played_lines()) - 1))
    text = _trace_text(index, data.draw(hostile_document(dict(played_lines()[index]))))
    try:
        lines = trace.parse_lines(text)
        report = trace.replay_lines(lines)
    except trace.TraceError as exc:
        assert 1 <= exc.line <= len(played_lines()) and len(str(exc)) <= MAX_MESSAGE, exc
        return
    assert report.exit_code in (0, 1)
    assert len(report.text(all_lines=True)) <= 20 * MAX_MESSAGE


def test_every_golden_vector_file_reads_strictly() -> None:
    for path in sorted(SPEC.glob("*/vectors/*.jsonl")):
        assert trace.read_trace(path), path


@_scaled(1)
@given(data=st.data())
def test_status_lines_are_checked_or_refused(data: st.DataObject) -> None:
    header = trace.header_line(GAME, kernel.game_info(GAME).version, {"players": 2},
                               played().initial, full=False, kind="status")
    candidate = kernel.to_data(played().steps[3].state)
    line = {"type": "status", "name": "x", "candidate": candidate, "status": []}
    raw = data.draw(st.one_of(hostile_document(line), st.builds(
        lambda k, v: json.dumps({**line, "candidate": {**candidate, k: v}}).encode(),
        st.sampled_from(sorted(candidate)), JSON_VALUES)))
    text = json.dumps(header).encode() + b"\n" + raw.replace(b"\n", b" ") + b"\n"
    try:
        report = trace.replay_lines(trace.parse_lines(text))
    except trace.TraceError as exc:
        assert exc.line == 2 and len(str(exc)) <= MAX_MESSAGE
        return
    assert report.exit_code in (0, 1)


@_scaled(1)
@given(message=st.text(), rules=st.lists(st.text(max_size=300), max_size=60),
       expected=JSON_VALUES, depth=st.integers(0, 63))
def test_a_divergence_note_keeps_the_saved_trace_readable(
        message: str, rules: list[str], expected: Any, depth: int) -> None:
    # Whatever the implementation answered (rule names of any text, documents as deep
    # as the reader allows), the trace the driver saves reads back strictly.
    actual: Any = "x"
    for _ in range(depth):
        actual = [actual]
    note = Divergence(3, "events", message * 1000, tuple(rules), expected, actual)
    header = trace.header_line(GAME, kernel.game_info(GAME).version, {"players": 2},
                               played().initial, kind="diff")
    lines = trace.parse_lines(trace.text_of([{**header, "divergence": note.to_data()}]))
    assert lines[0]["divergence"]["step"] == 3
    assert len(note.text()) <= 5000


# --------------------------------------------------------------------------
# protocol responses and the line reader


REQUESTS: tuple[dict[str, Any], ...] = tuple(
    {"id": 7, "op": op} for op in ("hello", "new", "apply", "digest", "state", "legal",
                                   "observation", "outcome", "status", "quit"))
GOOD_RESPONSES: dict[str, dict[str, Any]] = {
    "hello": {"id": 7, "ok": True, "protocol": 1, "games": [GAME], "features": ["state"]},
    "apply": {"id": 7, "ok": True, "events": [{"event": "moved", "rules": ["CUC-MOVE-STACK"]}]},
    "digest": {"id": 7, "ok": True, "digest": "0" * 64},
    "legal": {"id": 7, "ok": True, "actor": -1, "actions": ["a"], "probabilities": ["1/6"]},
    "outcome": {"id": 7, "ok": True, "outcome": None},
    "status": {"id": 7, "ok": True, "status": ["CUC-INV-CAMELS"]},
}


@_scaled(4)
@given(data=st.data())
@example(data=None)
def test_decode_response_is_total(data: st.DataObject | None) -> None:
    if data is None:  # a response holding a fraction of a million digits
        request, raw = REQUESTS[5], json.dumps(
            {**GOOD_RESPONSES["legal"], "probabilities": ["1" * 10**6 + "/3"]}).encode()
    else:
        request = data.draw(st.sampled_from(REQUESTS))
        good = GOOD_RESPONSES.get(str(request["op"]), {"id": 7, "ok": False, "error": "x"})
        raw = data.draw(hostile_document(good))
    try:
        response = decode_response(request, raw)
    except PeerFailure as exc:
        assert exc.kind == "garbage"
        assert len(exc.message) <= MAX_MESSAGE and len(exc.detail) <= MAX_MESSAGE
        return
    assert response["id"] == 7 and isinstance(response["ok"], bool)


@_scaled(4)
@given(chunks=st.lists(st.one_of(st.binary(max_size=30),
                                 st.sampled_from([b"\n", b"abc\n", b"x" * 20])), max_size=20),
       max_line=st.integers(1, 40))
def test_the_line_buffer_is_exact_and_bounded(chunks: list[bytes], max_line: int) -> None:
    # The driver's reader: lines come out exactly as written, a line longer than
    # max_line is refused, and the buffer never holds more than a line and a chunk.
    buffer = LineBuffer(max_line)
    got: list[bytes] = []
    too_long = False
    for chunk in chunks:
        buffer.feed(chunk)
        assert len(buffer) <= max_line + len(chunk) + 1 or too_long
        try:
            while (line := buffer.pop()) is not None:
                got.append(line)
        except LineTooLong:
            too_long = True
            break
    whole = b"".join(chunks)
    expected = whole.split(b"\n")[:-1]
    if too_long:
        assert any(len(x) > max_line for x in [*expected, whole.split(b"\n")[-1]])
        assert got == expected[:len(got)]
    else:
        assert got == expected and all(len(x) <= max_line for x in got)


class _Hostile:
    """An in-process implementation that answers with whatever it is given."""

    def __init__(self, answer: object) -> None:
        self.answer = answer

    def handle(self, request: Any) -> Any:
        if isinstance(self.answer, dict):
            return {**self.answer, "id": request["id"]}
        return self.answer


@_scaled(2)
@given(answer=st.one_of(JSON_VALUES, st.sampled_from([
    float("nan"), float("inf"), 1.5, 2**60, {"ok": True, "x": float("inf")},
    {"ok": True, "protocol": 1, "games": [], "features": [], "x": [[[]]] * 3}])))
def test_an_in_process_implementation_answering_anything(answer: object) -> None:
    peer = InProcessPeer(_Hostile(answer))
    try:
        peer.start()
        peer.request("digest")
    except PeerFailure as exc:
        assert exc.kind in ("garbage", "error") and len(exc.message) <= MAX_MESSAGE


def test_an_in_process_implementation_answering_a_deep_or_circular_value() -> None:
    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]
    circular: list[Any] = []
    circular.append(circular)
    for answer in (deep, circular):
        with pytest.raises(PeerFailure) as info:
            InProcessPeer(_Hostile(answer)).start()
        assert info.value.kind == "garbage"


# --------------------------------------------------------------------------
# the reference server


def server_requests() -> tuple[dict[str, Any], ...]:
    return (
        {"id": 1, "op": "hello", "protocol": 1},
        {"id": 2, "op": "new", "game": GAME, "config": {"players": 2}},
        {"id": 3, "op": "apply", "action": {"kind": "draw", "card": "blue+1"}},
        {"id": 4, "op": "observation", "seat": 0},
        {"id": 5, "op": "status", "candidate": kernel.to_data(played().initial)},
        {"id": 6, "op": "legal"},
    )


@_scaled(2)
@given(data=st.data())
@example(data=None)
def test_the_server_answers_every_line(data: st.DataObject | None) -> None:
    # One response per non-blank line, whatever the line holds; the server goes on.
    if data is None:
        hostile = [b"[" * 990 + b"]" * 990, b"\xff", b'{"id": 9, "op": "x' + b"y" * 10**5 + b'"}']
    else:
        hostile = [data.draw(st.one_of(*(hostile_document(r) for r in server_requests())))
                   for _ in range(data.draw(st.integers(1, 3)))]
    lines = [json.dumps(r).encode() for r in server_requests()[:2]]
    lines += [h.replace(b"\n", b" ").replace(b"\r", b" ") for h in hostile]
    lines.append(json.dumps({"id": 99, "op": "digest"}).encode())
    out = io.StringIO()
    assert serve(io.BytesIO(b"\n".join(lines) + b"\n"), out, max_line=1 << 16) == 0
    responses = [json.loads(x) for x in out.getvalue().splitlines()]
    expected = [x for x in lines if x.strip()]
    assert len(responses) <= len(expected)  # fewer only after a planted "quit"
    if len(responses) == len(expected):
        assert responses[-1]["id"] == 99 and responses[-1]["ok"] is True
    for response in responses:
        assert isinstance(response["ok"], bool)
        assert len(response.get("error", "")) <= MAX_MESSAGE
        assert len(response.get("reason", "")) <= MAX_MESSAGE


@_scaled(2)
@given(request=st.dictionaries(st.sampled_from(["id", "op", "game", "config", "action",
                                                "seat", "candidate", "protocol"]),
                               JSON_VALUES, max_size=5),
       op=st.sampled_from(["hello", "new", "apply", "digest", "state", "legal",
                           "observation", "outcome", "status", "quit"]))
def test_the_server_handles_any_request(request: dict[str, Any], op: str) -> None:
    server = KernelServer()
    server.handle({"id": 1, "op": "new", "game": GAME, "config": {"players": 3}})
    response = server.handle({"id": 2, **request, "op": op})
    assert isinstance(response["ok"], bool)
    json.dumps(response)


# --------------------------------------------------------------------------
# example files


@pytest.fixture(scope="module")
def example_text() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(
        (SPEC / GAME / "examples" / "setup.json").read_text(encoding="utf-8"))
    return loaded


@_scaled(1)
@given(data=st.data())
def test_example_files_load_totally(data: st.DataObject, example_text: dict[str, Any],
                                    tmp_path_factory: pytest.TempPathFactory) -> None:
    # An example file made hostile: the suite loads with problems (or none), and
    # running it never raises.
    spec = tmp_path_factory.mktemp("spec")
    (spec / GAME / "examples").mkdir(parents=True)
    shutil.copy(SPEC / examples.SCHEMA_FILE, spec / examples.SCHEMA_FILE)
    document = {**example_text, "area": "setup", "examples": example_text["examples"][:2]}
    first = document["examples"][0]
    raw = data.draw(st.one_of(
        hostile_document(document),
        hostile_document(first).map(
            lambda ex: plant(document, "examples", b"[" + ex + b"]")),
        st.tuples(st.sampled_from(sorted(first)), JSON_VALUES).map(
            lambda kv: json.dumps({**document, "examples": [{**first, kv[0]: kv[1]}]}
                                  ).encode()),
    ))
    (spec / GAME / "examples" / "setup.json").write_bytes(raw)
    validate = data.draw(st.booleans())
    suite = examples.load_suite(spec, validate=validate)
    assert all(len(p.message) <= MAX_MESSAGE for p in suite.problems)
    for result in examples.run_suite(suite):
        assert all(isinstance(f, str) for f in result.failures)

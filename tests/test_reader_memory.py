"""Reading a line takes memory linear in its size (KERNEL-INPUT, spec/PROTOCOL.md).

The bound stated in PROTOCOL.md ("Limits"): reading one line of ``n`` bytes
takes at most ``10 * n`` bytes of memory beyond the line itself, plus 1 MiB,
whether in the JSON reader (``kernel.decode.loads``), the reference server
or the driver reading a program's answer (``race-kernel diff``). Measured
with ``tracemalloc`` on lines of the driver's limit (16 MiB) made of ASCII,
of characters beyond the BMP, and of ASCII with one such character (which
makes Python store 4 bytes a character for the whole string). The reader
before this bound kept regular-expression state per character of a string:
about 120 bytes a character.
"""

from __future__ import annotations

import io
import sys
import textwrap
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from kernel.conformance.protocol import MAX_LINE, PeerFailure, SubprocessPeer
from kernel.conformance.server import serve
from kernel.decode import loads

#: PROTOCOL.md's bound: bytes of memory per byte of the line, and the constant.
FACTOR = 10
SLACK = 1 << 20
KINDS = ("ascii", "astral", "one-astral")


def _line(kind: str, size: int = MAX_LINE) -> bytes:
    """A request line of exactly ``size`` bytes whose one string fills it."""
    head, tail = b'{"id":1,"op":"hello","pad":"', b'"}'
    room = size - len(head) - len(tail)
    if kind == "ascii":
        body = b"a" * room
    elif kind == "astral":
        body = "\U0001f42a".encode() * (room // 4) + b"a" * (room % 4)
    else:
        body = "\U0001f42a".encode() + b"a" * (room - 4)
    line = head + body + tail
    assert len(line) == size
    return line


def _peak(run: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("kind", KINDS)
def test_the_json_reader_is_linear(kind: str) -> None:
    line = _line(kind)
    peak = _peak(lambda: loads(line))
    assert peak <= FACTOR * len(line) + SLACK, (kind, peak / len(line))


@pytest.mark.parametrize("kind", KINDS)
def test_the_reference_server_reads_a_long_line_linearly(kind: str) -> None:
    line = _line(kind)
    source, sink = io.BytesIO(line + b"\n"), io.StringIO()
    peak = _peak(lambda: serve(source, sink))
    assert sink.getvalue().startswith('{"features":'), sink.getvalue()[:200]  # answered
    assert peak <= FACTOR * len(line) + SLACK, (kind, peak / len(line))


#: A program that answers ``hello`` with one line of the driver's limit (not
#: a hello response: a well-formed object of the wrong shape).
_LONG_ANSWER = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[1])
    from test_reader_memory import _line
    answer = _line(sys.argv[2]).replace(b'"op":"hello",', b'"ok":1,"x":0,')
    sys.stdin.readline()
    sys.stdout.buffer.write(answer + b"\\n")
    sys.stdout.flush()
    sys.stdin.readline()
""")


@pytest.mark.parametrize("kind", KINDS)
def test_the_driver_reads_a_long_answer_linearly(kind: str) -> None:
    here = str(Path(__file__).parent)
    peer = SubprocessPeer([sys.executable, "-c", _LONG_ANSWER, here, kind], timeout=60,
                          startup_timeout=60)

    def hello() -> None:
        with pytest.raises(PeerFailure, match="a response needs a boolean 'ok'"):
            peer.request("hello")

    try:
        peak = _peak(hello)
    finally:
        peer.close()
    assert peak <= FACTOR * MAX_LINE + SLACK, (kind, peak / MAX_LINE)

"""In-process comparison for implementations written in Python.

An implementation is any object with a ``handle(request) -> response``
method speaking the driver protocol (spec/PROTOCOL.md) on plain dicts, like
:class:`kernel.conformance.server.KernelServer`; no subprocess, no JSON
text. Requests and responses still pass through JSON, so what works here
works over a pipe.

>>> import kernel
>>> from kernel.conformance.server import KernelServer
>>> game = kernel.games()[0]
>>> config = kernel.game_info(game).configs()[0]
>>> first = kernel.legal_actions(kernel.new_game(game, config))[0].to_data()
>>> compare(KernelServer(), game, config, [first, "fly:moon"]) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kernel.conformance.compare import Divergence, Session
from kernel.conformance.driver import DiffOptions, DiffResult, diff
from kernel.conformance.protocol import Handler, InProcessPeer, PeerFailure
from kernel.core import PlainData


def compare(impl: Handler, game_id: str, config: Mapping[str, Any],
            actions: Iterable[PlainData], *, observations: bool = True) -> Divergence | None:
    """Play ``actions`` on the kernel and on ``impl``; the first divergence, or None.

    ``actions`` are plain-data actions or any JSON values (to compare
    rejections). Every action is compared: acceptance or the rejecting rule,
    the events, the state, the legal actions (and chance probabilities), an
    observation when ``impl`` offers them, and the outcome at the end.
    """
    peer = InProcessPeer(impl)
    try:
        peer.start()
    except PeerFailure as exc:
        return Divergence(0, "program", exc.text(), failure=exc.kind)
    session = Session(peer, game_id, config, observations=observations)
    found = session.start()
    if found is not None:
        return found
    for action in actions:
        found = session.step(action)
        if found is not None:
            return found
    return None


def assert_conforms(impl: Handler, game_id: str, config: Mapping[str, Any],
                    actions: Iterable[PlainData]) -> None:
    """Like :func:`compare`, raising AssertionError with the divergence (for tests)."""
    found = compare(impl, game_id, config, actions)
    if found is not None:
        raise AssertionError(found.text())


def explore(impl: Handler, game_id: str, *, examples: int = 50, seed: int = 0,
            max_steps: int = 600, config: Mapping[str, Any] | None = None) -> DiffResult:
    """Hypothesis-driven differential testing of ``impl``, in process (see driver.diff)."""
    return diff(InProcessPeer(impl), DiffOptions(game_id, examples=examples, seed=seed,
                                                 max_steps=max_steps, config=config))

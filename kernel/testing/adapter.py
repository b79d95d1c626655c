"""The small interface an implementation offers to the state machine and perft.

An implementation of a game (the kernel, or another Python implementation
under test) is driven through :class:`Adapter`: actions are their canonical
texts (``kind`` or ``kind:v1:v2``, as the game's vocabulary writes them), states
are opaque values the adapter understands, and ``to_data`` gives the plain-data form of
``spec/PROTOCOL.md``, which the machine compares with its own model.

An implementation that keeps its own state type writes a few lines::

    class MyAdapter:
        game = "<game-id>"
        def new_game(self, config): return my.new(config)
        def current_actor(self, state): return my.actor(state)   # seat, -1 chance, -2 over
        def legal_actions(self, state): return [a.text for a in my.legal(state)]
        def chance_outcomes(self, state): return [(a.text, p) for a, p in my.chance(state)]
        def apply(self, state, action):
            nxt = my.apply(state, action)
            return Applied(nxt, ()) if nxt is not None else Rejected("KERNEL-LEGAL", "no")
        def to_data(self, state): return my.to_data(state)
        def from_data(self, data): return my.from_data(data)
        def status(self, data): return kernel.status(data)   # the kernel's invariants

and runs the game's own state machine with it (a game's oracle lives in its
package, e.g. ``run_machine(MyAdapter())`` of its ``machine`` module) or the
perft files (:mod:`kernel.testing.perft`). An adapter whose ``apply`` returns
the kernel's events sets ``checks_events = True`` to have a machine compare
them too (kind, rule IDs, data).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

from kernel.core import Applied, Rejected
from kernel.registry import GameInfo


class Engine(Protocol):
    """The callbacks every implementation has; :class:`Adapter` adds reading a state and
    its invariants. :mod:`kernel.testing.starter` serves an ``Engine`` over the driver
    protocol (its optional callbacks, ``from_data``, ``status``, ``outcome`` and
    ``observation``, add what the program provides)."""

    game: str

    def new_game(self, config: Mapping[str, Any]) -> Any:
        """The initial state for ``config`` (e.g. ``{"players": 3}``)."""
        ...

    def current_actor(self, state: Any) -> int:
        """A seat number, -1 at a chance node (kernel.CHANCE), -2 when over (kernel.TERMINAL)."""
        ...

    def legal_actions(self, state: Any) -> Sequence[str]:
        """The actor's legal actions as canonical texts."""
        ...

    def chance_outcomes(self, state: Any) -> Sequence[tuple[str, Fraction]]:
        """At a chance node the outcomes (texts) with exact probabilities; else empty."""
        ...

    def apply(self, state: Any, action: str) -> Applied | Rejected:
        """The next state (``Applied``) or a refusal naming a rule (``Rejected``)."""
        ...

    def to_data(self, state: Any) -> Mapping[str, Any]:
        """The plain-data form of the whole table."""
        ...


class Adapter(Engine, Protocol):
    """What the state machine and the perft runner need from an implementation: an
    :class:`Engine` (legal actions sorted as the kernel sorts them) that also reads a
    state and its invariants."""

    def from_data(self, data: Mapping[str, Any]) -> Any:
        """The state of a plain-data form (used by perft positions)."""
        ...

    def status(self, data: Mapping[str, Any]) -> Sequence[str]:
        """Every invariant the plain-data state breaks, by ID (empty when valid)."""
        ...


class GameInfoAdapter:
    """An :class:`Adapter` over a registered game (any :class:`GameInfo`)."""

    #: The machine also compares the events of each step with its model.
    checks_events = True

    def __init__(self, info: GameInfo) -> None:
        self.info = info
        self.game = info.id

    def new_game(self, config: Mapping[str, Any]) -> Any:
        return self.info.new_game(config)

    def current_actor(self, state: Any) -> int:
        return self.info.current_actor(state)

    def legal_actions(self, state: Any) -> Sequence[str]:
        return [a.text for a in self.info.legal_actions(state)]

    def chance_outcomes(self, state: Any) -> Sequence[tuple[str, Fraction]]:
        return [(a.text, p) for a, p in self.info.chance_outcomes(state)]

    def apply(self, state: Any, action: str) -> Applied | Rejected:
        return self.info.apply(state, action)

    def to_data(self, state: Any) -> Mapping[str, Any]:
        return self.info.to_data(state)

    def from_data(self, data: Mapping[str, Any]) -> Any:
        return self.info.from_data(data)

    def status(self, data: Mapping[str, Any]) -> Sequence[str]:
        return self.info.status(data)


def kernel_adapter(game: str) -> GameInfoAdapter:
    """The kernel's own adapter for the registered game ``game`` (ConfigError if unknown)."""
    import kernel

    return GameInfoAdapter(kernel.game_info(game))

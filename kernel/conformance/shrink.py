"""Shrinking a divergence to a trace a person can read.

A witness is a start (a new game of a configuration, or a state the program
loads) and the actions that lead to a divergence. :func:`shrink` makes it
shorter while the same divergence (the same first rule ID, or the same kind of
comparison when no rule is named) still shows:

1. it cuts the witness at the step where the divergence shows;
2. with ``load``, it cuts the prefix: the shortest suffix that still diverges
   when the program starts from the kernel's state before it (suffixes of 1 to
   16 actions are tried one by one, longer ones in steps of about a third);
3. it deletes actions, halves first, then smaller and smaller runs, down to
   single actions (delta debugging), keeping each deletion that still diverges;
4. it cuts the prefix once more;
5. it drops the ``seat`` an action claims, where the divergence still shows.

Every candidate is replayed in lock step on the kernel and the program
(:class:`~kernel.conformance.compare.Session`); a candidate on which the program
fails as a program (crash, hang, garbage) is not taken. ``budget`` bounds the
number of steps replayed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

import kernel
from kernel.conformance.compare import Divergence, Session
from kernel.conformance.protocol import Peer, PeerFailure
from kernel.core import Applied, PlainData


def key_of(divergence: Divergence) -> str:
    """What makes two divergences the same: the first rule ID, else the comparison."""
    return divergence.rules[0] if divergence.rules else f"({divergence.what})"


@attrs.frozen
class Witness:
    """A start and the actions that lead to ``divergence`` (seen on ``session``)."""

    config: Mapping[str, Any]
    actions: tuple[PlainData, ...]
    divergence: Divergence
    session: Session
    start: Any = None  # a kernel state the program loads, or None: a new game
    tried: int = 0  # candidates replayed while shrinking

    @property
    def loaded(self) -> bool:
        return self.start is not None


class NotReproduced(Exception):
    """The witness does not show its divergence again when replayed."""

    def __init__(self, witness: Witness) -> None:
        super().__init__("the divergence did not show again on the same actions")
        self.witness = witness


MakeSession = Callable[[Mapping[str, Any]], Session]


class Shrinker:
    """Replays candidates on a peer and keeps the smallest that shows the same divergence."""

    def __init__(self, peer: Peer, make: MakeSession, key: str, *, budget: int = 20000,
                 progress: Callable[[str], None] | None = None) -> None:
        self.peer = peer
        self.make = make
        self.key = key
        self.budget = budget
        self.progress = progress
        self.tried = 0

    def replay(self, config: Mapping[str, Any], start: Any,
               actions: Sequence[PlainData]) -> Witness | None:
        """The witness when ``actions`` from ``start`` show the same divergence."""
        if self.budget <= 0:
            return None
        self.tried += 1
        if not self.peer.alive:
            try:
                self.peer.start()
            except PeerFailure:  # a program that cannot restart: no more candidates
                self.budget = 0
                return None
        session = self.make(config)
        found = session.start() if start is None else session.start_from(start)
        if found is None:
            for action in actions:
                self.budget -= 1
                found = session.step(action)
                if found is not None:
                    break
        if found is None or found.failure is not None or key_of(found) != self.key:
            if found is not None and found.failure is not None:
                self.peer.close()
            return None
        return Witness(config, tuple(session.actions), found, session, start)

    def cut_prefix(self, w: Witness) -> Witness:
        """The shortest suffix of ``w`` that still diverges from the state before it."""
        if "load" not in self.peer.features or len(w.actions) <= 1:
            return w
        states = [w.start if w.start is not None else kernel.new_game(
            w.session.game, w.config)]
        for action in w.actions[:-1]:
            result = kernel.apply(states[-1], action)
            states.append(result.state if isinstance(result, Applied) else states[-1])
        total = len(w.actions)
        lengths = list(range(1, min(total, 16) + 1))
        while lengths[-1] < total:
            lengths.append(min(total, lengths[-1] + max(1, lengths[-1] // 3)))
        for length in lengths:
            if length >= total:
                break
            i = total - length
            found = self.replay(w.config, states[i], w.actions[i:])
            if found is not None:
                return found
        return w

    def delete(self, w: Witness) -> Witness:
        """Delete runs of actions while the divergence still shows (delta debugging)."""
        size = max(1, len(w.actions) // 2)
        while size >= 1 and self.budget > 0:
            i = 0
            while i < len(w.actions) and self.budget > 0:
                candidate = w.actions[:i] + w.actions[i + size:]
                found = self.replay(w.config, w.start, candidate) if candidate else None
                if found is not None and len(found.actions) < len(w.actions):
                    w = found
                else:
                    i += size
            if self.progress is not None:
                self.progress(f"shrinking: {len(w.actions)} action(s), {self.tried} "
                              f"candidates tried")
            size //= 2
        return w


    def unclaim(self, w: Witness) -> Witness:
        """Drop the ``seat`` an action claims where the divergence still shows."""
        for i, action in enumerate(w.actions):
            if isinstance(action, dict) and "seat" in action and self.budget > 0:
                plain = {k: v for k, v in action.items() if k != "seat"}
                found = self.replay(w.config, w.start, (*w.actions[:i], plain,
                                                        *w.actions[i + 1:]))
                if found is not None and len(found.actions) <= len(w.actions):
                    w = found
        return w


def shrink(peer: Peer, make: MakeSession, witness: Witness, *, budget: int = 20000,
           progress: Callable[[str], None] | None = None) -> Witness:
    """A shorter witness of the same divergence (the given one when none is found)."""
    s = Shrinker(peer, make, key_of(witness.divergence), budget=budget, progress=progress)
    w = s.replay(witness.config, witness.start, witness.actions)
    if w is None:  # it does not show again (a program that is not deterministic)
        raise NotReproduced(witness)
    w = s.cut_prefix(w)
    w = s.delete(w)
    w = s.cut_prefix(w)
    w = s.unclaim(w)
    return attrs.evolve(w, tried=s.tried)

"""Adapters to reinforcement-learning and game-theory frameworks (issue 15).

- :mod:`kernel.adapters.encode`: fixed-shape tensors of what a seat sees
  (observation and information state), for every registered game with a
  tensor layout (``GameInfo.tensor``);
- :mod:`kernel.adapters.openspiel`: every registered game and variant as an
  OpenSpiel Python game (extra ``openspiel``; ``pyspiel`` is imported only
  by that module);
- :mod:`kernel.adapters.pettingzoo`: every registered game and variant as a
  PettingZoo AEC environment (extra ``pettingzoo``).

The kernel imports without any framework installed; nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable

import kernel


def variant_names(name_of: Callable[[str, str], str], what: str) -> dict[str, tuple[str, str]]:
    """Every registered game's named variants under a framework's names: name ->
    (game id, variant), for the kernel's registry as it is now; ValueError when two
    variants would share a name (``what`` says whose names)."""
    out: dict[str, tuple[str, str]] = {}
    for game_id in kernel.games():
        for variant in kernel.game_info(game_id).config.variants:
            name = name_of(game_id, variant)
            if name in out:
                raise ValueError(f"two variants share the {what} name {name!r}: "
                                 f"{out[name]} and {(game_id, variant)}")
            out[name] = (game_id, variant)
    return out

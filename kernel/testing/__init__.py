"""The test oracle that other implementations can import: generic, for every game.

- :mod:`kernel.testing.adapter`: the small protocol an implementation offers
  (new game, actor, legal actions, chance outcomes, apply, plain data) and
  :class:`~kernel.testing.adapter.GameInfoAdapter`, the kernel's own for any
  registered game.
- :mod:`kernel.testing.checks`: generic checks that hold for every registered
  game (OpenSpiel's random-simulation checks are the model), including what a
  seat may see: observations, the events it is shown and its information
  state do not change when only what it may not see changes.
- :mod:`kernel.testing.perft`: perft node counts (chance, decision and
  terminal nodes below a position) and their ``.perft`` files.
- :mod:`kernel.testing.fuzz`: hostile input for every registered game;
- :mod:`kernel.testing.starter`: an engine's callbacks served over the driver
  protocol (spec/PROTOCOL.md), for Python implementations.

Nothing here names a game. A game's own oracle (an independent model of its
rules and a state machine comparing an implementation with it) lives in the
game's package, e.g. ``kernel/games/<package>/machine.py`` and ``model.py``.
"""

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

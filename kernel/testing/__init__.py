"""The test oracle that other implementations can import.

- :mod:`kernel.testing.adapter`: the small protocol an implementation offers
  (new game, actor, legal actions, chance outcomes, apply, plain data) and
  :class:`~kernel.testing.adapter.KernelAdapter`, the kernel's own.
- :mod:`kernel.testing.checks`: generic checks that hold for every registered
  game (OpenSpiel's random-simulation checks are the model).
- :mod:`kernel.testing.model`: an independent list-of-stacks model of the
  Camel Up Cards race and its money, written from the rulebook.
- :mod:`kernel.testing.machine`: a Hypothesis ``RuleBasedStateMachine`` that
  drives an implementation through an adapter and compares it with the model
  after every step.
- :mod:`kernel.testing.perft`: leg-perft node counts (chance, decision and
  terminal nodes below a position) and their ``.perft`` files.
"""

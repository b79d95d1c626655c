"""The conformance kit: check an implementation in any language against the kernel.

- :mod:`kernel.conformance.canonical`: canonical JSON, state digests, the
  plain-data forms of actions, events, observations and outcomes;
- :mod:`kernel.conformance.trace`: traces as JSON Lines (write, read, replay);
- :mod:`kernel.conformance.vectors`: golden vectors per game, with the rule
  coverage check;
- :mod:`kernel.conformance.protocol`: the JSON-lines driver protocol and the
  clients that speak it (a subprocess, or a Python object in-process);
- :mod:`kernel.conformance.server`: a reference server speaking the protocol
  with the kernel itself (``python -m kernel.conformance.server``);
- :mod:`kernel.conformance.compare`: the step-by-step comparison with the kernel;
- :mod:`kernel.conformance.driver`: Hypothesis-driven differential testing
  with shrinking (``race-kernel diff``);
- :mod:`kernel.conformance.inprocess`: the same for Python implementations;
- :mod:`kernel.conformance.levels`: what a program provides, what is compared
  and what was skipped;
- :mod:`kernel.conformance.expect`: expectations files (known divergences);
- :mod:`kernel.conformance.shrink`: shrinking a divergence to a short witness;
- :mod:`kernel.conformance.speccheck`: the spec's examples run on a program
  (``race-kernel spec check -- PROGRAM``).

The formats are specified in ``spec/PROTOCOL.md``.
"""

from typing import Final

#: The version of the trace format and the driver protocol (spec/PROTOCOL.md).
PROTOCOL_VERSION: Final = 1

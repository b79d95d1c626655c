"""The executable spec: rule catalogues, examples as data, and a traceability gate.

- :mod:`kernel.spec.catalogue` reads ``spec/<game-id>/rules.md``;
- :mod:`kernel.spec.examples` loads ``spec/<game-id>/examples/*.json`` and runs
  them against the kernel;
- :mod:`kernel.spec.trace` checks that every rule is named in code, tests and
  examples, and every named ID is catalogued;
- :mod:`kernel.spec.interpretations` generates ``spec/INTERPRETATIONS.md``;
- :mod:`kernel.spec.runner` is ``race-kernel spec check|export|trace|interpretations|link``.

The format and the commands are described in ``spec/README.md``.
"""

from kernel.spec.runner import main

__all__ = ["main"]

"""Toy Race, a test-only game: registered when this package is imported.

It is no package of ``kernel/games/`` and is not shipped: the tests load it
as a plug-in (``RACE_KERNEL_PLUGINS=toygame`` with ``tests/`` on the path, or
``python -m kernel.conformance.server --plugin toygame``), and
``tests/test_plugin_surface.py`` registers and unregisters it around its
tests. Its rule catalogue, changelog and examples are in ``spec/toy-race/``
beside this file, and the toy games' family catalogue (prefix ``TOYFAM-``) in
``spec/toys/``, to be copied into a spec folder (the tests use a temporary
one). The game itself is in :mod:`.game`.
"""

from pathlib import Path

from kernel.registry import register

from .game import GAME_ID, make

#: The toy's spec folders: ``toy-race/`` (catalogue, changelog, examples) and ``toys/``.
SPEC = Path(__file__).resolve().parent / "spec"
INFO = register(make(GAME_ID))

__all__ = ["GAME_ID", "INFO", "SPEC", "make"]

"""The games of this folder, imported when first asked for.

Every package in this folder is a game, except those whose name starts with
``_`` (code several games share, which registers nothing): it is found here
(``pkgutil``), named for its game id (a game ``some-race`` is
``kernel.games.some_race``; registering checks it), and imported the
first time its game is asked for (``kernel.registry.GAMES``, :func:`load`):
its ``__init__`` registers its :class:`kernel.registry.GameInfo`. Listing the
games imports all of them (:func:`load_all`). Adding a game is adding its
folder; no shared file names it.

A game that lives outside this folder (one under development, or a test-only
game) is a **plug-in**: a module that registers its ``GameInfo`` when
imported. Name it in the environment variable :data:`PLUGINS_ENV`
(``RACE_KERNEL_PLUGINS=toygame,mygames.race``: module names separated by
commas, importable from ``sys.path``) and every entry point that imports the
kernel loads it (``race-kernel ...``, ``python -m kernel.conformance.server``,
``import kernel``); the reference server also takes ``--plugin MODULE``. A
plug-in that cannot be imported is reported (a ``RuntimeWarning`` and
:data:`PLUGIN_ERRORS`) and left out, so its game is then unknown by name.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import warnings
from typing import Final

#: The environment variable naming extra game modules to import (comma-separated).
PLUGINS_ENV: Final = "RACE_KERNEL_PLUGINS"
#: The game packages found in this folder, sorted (each imported on first use).
PACKAGES: Final[tuple[str, ...]] = tuple(
    sorted(m.name for m in pkgutil.iter_modules(__path__)
           if m.ispkg and not m.name.startswith("_")))
#: Plug-in modules that could not be imported: module name -> the reason.
PLUGIN_ERRORS: dict[str, str] = {}



def load(game_id: str) -> None:
    """Import the game package of ``game_id`` if this folder has one (it registers its game).

    An id no package here is named for imports every package (a package
    registering a game of another name is refused by the registry's check,
    so this only costs time for an unknown id).
    """
    name = game_id.replace("-", "_")
    if name in PACKAGES:
        importlib.import_module(f"{__name__}.{name}")
    else:
        load_all()


def load_all() -> None:
    """Import every game package of this folder (each registers its game)."""
    for name in PACKAGES:
        importlib.import_module(f"{__name__}.{name}")


def load_plugin(module: str) -> None:
    """Import a plug-in game module (which registers its game); ImportError names why not.

    Importing a module twice is harmless: Python imports it once.
    """
    name = module.strip()
    if not name or any(not part.isidentifier() for part in name.split(".")):
        raise ImportError(f"not a module name: {module[:80]!r}")
    try:
        importlib.import_module(name)
    except Exception as exc:  # a plug-in's own error is reported, not raised through
        raise ImportError(f"cannot import game plug-in {name!r}: "
                          f"{type(exc).__name__}: {str(exc)[:300]}") from exc


def load_plugins(spec: str | None = None) -> tuple[str, ...]:
    """Import the plug-ins named in ``spec`` (default: :data:`PLUGINS_ENV`); the ones loaded.

    One that cannot be imported is recorded in :data:`PLUGIN_ERRORS` and warned
    about, never raised: the kernel must import whatever the environment says.
    """
    text = os.environ.get(PLUGINS_ENV, "") if spec is None else spec
    loaded: list[str] = []
    for name in (part.strip() for part in text.split(",")):
        if not name:
            continue
        try:
            load_plugin(name)
        except ImportError as exc:
            PLUGIN_ERRORS[name] = str(exc)
            warnings.warn(f"{PLUGINS_ENV}: {exc}", RuntimeWarning, stacklevel=2)
            continue
        loaded.append(name)
    return tuple(loaded)


load_plugins()

__all__ = ["PACKAGES", "PLUGINS_ENV", "PLUGIN_ERRORS", "load", "load_all", "load_plugin",
           "load_plugins"]

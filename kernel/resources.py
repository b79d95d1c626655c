"""Where the spec data is, and what the optional commands need.

The spec data (rule catalogues, examples, schemas, golden vectors; the
repository's top-level ``spec/`` folder) ships inside the installed package
as ``kernel/_data/spec/`` (see ``[tool.setuptools]`` in ``pyproject.toml``).
:func:`spec_dir` is the one place that finds it, in this order:

1. the folder given explicitly (a command's ``--spec-dir``);
2. the checkout's ``spec/`` when the package runs from a source tree (an
   editable install, or ``python3 -m kernel`` in the repository): the data
   beside the code being edited;
3. the copy shipped in the installed package, found through
   :mod:`importlib.resources`. It is read-only: commands that write spec data
   ask for ``spec_dir(explicit, writable=True)`` and get a one-line error
   asking for ``--spec-dir`` instead.

Errors are :class:`OSError` subclasses (``FileNotFoundError``,
``NotADirectoryError``, ``PermissionError``) whose message is one line a
command prints as it is.

:func:`require` checks that a command's optional dependency is installed and
otherwise raises :class:`MissingExtra`, whose message names the extra to
install, in one line.
"""

from __future__ import annotations

import importlib
from importlib import resources as _resources
from pathlib import Path
from typing import Final

#: The distribution name, as ``pip install`` spells it.
DISTRIBUTION: Final = "race-kernel"
#: Where the spec data lies inside the installed ``kernel`` package.
SHIPPED: Final = ("_data", "spec")
#: Files every spec folder has (how a checkout's ``spec/`` is recognised).
MARKERS: Final = ("example.schema.json", "kernel/rules.md")
#: How the messages name a module, where its import name is not its usual name.
MODULE_NAMES: Final = {"hypothesis": "Hypothesis"}


class MissingExtra(RuntimeError):
    """An optional dependency of a command is not installed.

    The message is one line naming the extra that provides it.
    """

    def __init__(self, module: str, extra: str, purpose: str) -> None:
        self.module = module
        self.extra = extra
        self.purpose = purpose
        super().__init__(f"{purpose} needs {MODULE_NAMES.get(module, module)}: "
                         f"pip install '{DISTRIBUTION}[{extra}]'")


def require(module: str, extra: str, purpose: str) -> None:
    """Import ``module``, or raise :class:`MissingExtra` naming ``extra``.

    ``purpose`` is what needs it, e.g. the command: ``"race-kernel diff"``.

    >>> require("json", "conformance", "race-kernel spec check")
    >>> require("no_such_module_here", "conformance", "race-kernel diff")
    Traceback (most recent call last):
      ...
    kernel.resources.MissingExtra: race-kernel diff needs no_such_module_here: pip install 'race-kernel[conformance]'
    >>> print(MissingExtra("hypothesis", "conformance", "race-kernel diff"))
    race-kernel diff needs Hypothesis: pip install 'race-kernel[conformance]'
    """  # noqa: E501
    try:
        importlib.import_module(module)
    except ImportError as exc:
        raise MissingExtra(module, extra, purpose) from exc


def _is_spec_dir(path: Path) -> bool:
    return all((path / marker).is_file() for marker in MARKERS)


def source_spec_dir() -> Path | None:
    """The checkout's ``spec/`` when this package runs from a source tree, else None."""
    candidate = Path(__file__).resolve().parent.parent / "spec"
    return candidate if _is_spec_dir(candidate) else None


def shipped_spec_dir() -> Path:
    """The spec data shipped in the installed package (``kernel/_data/spec``).

    FileNotFoundError if it is missing (e.g. a source tree without a build),
    or if the package is not on a file system (e.g. imported from a zip file).
    """
    folder = _resources.files("kernel").joinpath(*SHIPPED)
    # A wheel installs the package as plain files; importlib.resources.as_file
    # would make a temporary copy of the folder only for a zip import.
    if not isinstance(folder, Path):
        raise FileNotFoundError(f"the spec data of the installed package ({folder}) is not on "
                                "a file system; give --spec-dir DIR")
    if not _is_spec_dir(folder):
        raise FileNotFoundError(f"no spec data in the installed package ({folder}); "
                                "reinstall race-kernel, or give --spec-dir DIR")
    return folder


def is_shipped(path: Path) -> bool:
    """Whether ``path`` is (inside) the spec data shipped in the installed package.

    >>> is_shipped(Path("/tmp"))
    False
    """
    folder = _resources.files("kernel").joinpath(*SHIPPED)
    return isinstance(folder, Path) and path.resolve().is_relative_to(folder.resolve())


def package_root() -> Path:
    """The folder holding the ``kernel`` package (the checkout, or site-packages)."""
    return Path(__file__).resolve().parent.parent


def spec_dir(explicit: str | Path | None = None, *, writable: bool = False) -> Path:
    """The spec folder: ``explicit``, else the checkout's ``spec/``, else the shipped copy.

    ``writable``: the caller writes into it, so the read-only shipped copy is
    refused (PermissionError) unless given explicitly.

    >>> spec_dir("/no/such/folder")
    Traceback (most recent call last):
      ...
    FileNotFoundError: /no/such/folder: no such folder (--spec-dir)
    >>> (spec_dir() / "example.schema.json").is_file()
    True
    """
    if explicit is not None and str(explicit) != "":
        path = Path(explicit).expanduser().resolve()
        if not path.exists():
            raise FileNotFoundError(f"{path}: no such folder (--spec-dir)")
        if not path.is_dir():
            raise NotADirectoryError(f"{path}: not a folder (--spec-dir)")
        return path
    source = source_spec_dir()
    if source is not None:
        return source
    shipped = shipped_spec_dir()
    if writable:
        raise PermissionError(f"the spec data shipped in the installed package is read-only "
                              f"({shipped}): give --spec-dir DIR, the spec/ folder of a "
                              "checkout")
    return shipped

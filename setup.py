"""The package list for setuptools; everything else is in pyproject.toml.

Every package under ``kernel/`` is found (a new game is one folder, nothing to
list here), and the repository's ``spec/`` folder ships inside the package as
``kernel/_data/spec`` (the catalogues, examples, schemas and golden vectors:
``kernel.resources.spec_dir`` finds them).
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["kernel", "kernel.*"]),
                "kernel._data.spec", "kernel._data.spec.kernel"])

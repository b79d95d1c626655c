"""The installed package is the whole kit.

The wheel is built from (a copy of) the working tree and installed into a
fresh virtual environment; every command then runs from a directory outside
the checkout, with no PYTHONPATH, and finds the spec data (catalogues,
examples, schemas, golden vectors) shipped inside the package. First without
the ``conformance`` extra: the commands that need it say so in one line
(exit 2), the others work; then with it: everything works.

One virtual environment serves the whole module (a module-scoped fixture);
the build and the installs use the pinned tools of ``constraints.txt``.

It is its own step of ``.ci/run``, outside the gate's time budget (building
the wheel and installing it twice costs more CPU than any rule test):
``RACE_KERNEL_PACKAGING=run python3 -m pytest tests/packaging``. The gate's
run skips it, saying so.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

if os.environ.get("RACE_KERNEL_PACKAGING") != "run":
    pytest.skip("the packaging test (build the wheel, install it in a fresh virtual "
                "environment) is its own step of .ci/run: "
                "RACE_KERNEL_PACKAGING=run python3 -m pytest tests/packaging",
                allow_module_level=True)

ROOT = Path(__file__).resolve().parents[2]
CONSTRAINTS = ROOT / "constraints.txt"
GAME = "camel-up-cards-2016"
EXTRA = "race-kernel[conformance]"
#: Where the spec data lies in the installed package (kernel.resources.SHIPPED).
SHIPPED = "kernel/_data/spec/"
#: Not copied for the build: VCS data, caches, build output, local environments.
IGNORE = shutil.ignore_patterns(".git", "__pycache__", "*.pyc", "*.egg-info", "build", "dist",
                                "mutants", ".venv", ".hypothesis", ".mypy_cache", ".ruff_cache",
                                ".pytest_cache")

pytestmark = pytest.mark.gate

Proc = subprocess.CompletedProcess[str]


def _clean_env() -> dict[str, str]:
    drop = {"PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "PIP_REQUIRE_VIRTUALENV"}
    return {k: v for k, v in os.environ.items() if k not in drop}


def _must(proc: Proc) -> Proc:
    assert proc.returncode == 0, (f"{' '.join(proc.args)} exited {proc.returncode}:\n"
                                  f"{(proc.stdout + proc.stderr)[-4000:]}")
    return proc


def _pip(*args: str, cwd: Path, timeout: int = 300) -> Proc:
    env = {**_clean_env(), "PIP_CONSTRAINT": str(CONSTRAINTS),
           "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1"}
    return _must(subprocess.run([sys.executable, "-m", "pip", *args], cwd=cwd, env=env,
                                capture_output=True, text=True, timeout=timeout))


@dataclass
class Kit:
    """The built wheel, the virtual environment it is installed in, and where to run."""

    src: Path  # the copy of the working tree the wheel was built from
    wheel: Path
    venv: Path
    cwd: Path  # outside the checkout
    #: the commands run before the conformance extra was installed
    bare: dict[str, Proc] = field(default_factory=dict)

    @property
    def bin(self) -> Path:
        return self.venv / ("Scripts" if os.name == "nt" else "bin")

    @property
    def python(self) -> Path:
        return self.bin / ("python.exe" if os.name == "nt" else "python")

    def run(self, *args: str, timeout: int = 120) -> Proc:
        """``race-kernel ARGS`` of the virtual environment, from outside the checkout."""
        return subprocess.run([str(self.bin / "race-kernel"), *args], cwd=self.cwd,
                              env=_clean_env(), capture_output=True, text=True,
                              timeout=timeout)

    def python_out(self, code: str) -> str:
        proc = subprocess.run([str(self.python), "-c", code], cwd=self.cwd, env=_clean_env(),
                              capture_output=True, text=True, timeout=60)
        return _must(proc).stdout.strip()

    def shipped(self) -> Path:
        """The spec folder the installed package finds (kernel.resources)."""
        return Path(self.python_out("from kernel import resources; print(resources.spec_dir())"))

    def server(self) -> list[str]:
        return [str(self.python), "-m", "kernel.conformance.server"]

    def diff_args(self) -> list[str]:
        return ["diff", "--game", GAME, "--examples", "3", "--trace-out",
                str(self.cwd / "diff-trace.jsonl"), "--", *self.server()]


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kit]:
    base = tmp_path_factory.mktemp("packaging")
    # Build from a copy: an in-tree build would leave build/ and *.egg-info behind.
    src = base / "src"
    shutil.copytree(ROOT, src, ignore=IGNORE)
    _pip("wheel", "--no-deps", "-q", "-w", str(base / "wheelhouse"), str(src), cwd=base)
    (wheel,) = (base / "wheelhouse").glob("race_kernel-*.whl")
    venv = base / "venv"
    _must(subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)],
                         capture_output=True, text=True, timeout=120))
    cwd = base / "elsewhere"
    cwd.mkdir()
    k = Kit(src, wheel, venv, cwd)
    _pip("--python", str(k.python), "install", "-q", str(wheel), cwd=base)
    # without the extra: what needs it says so, the rest works
    vector = str(k.shipped() / GAME / "vectors" / "game-p4-seed1.jsonl")
    for name, args in {
        "diff": k.diff_args(),
        "spec check": ["spec", "check"],
        "spec export": ["spec", "export", "-o", str(cwd / "bare-export.json")],
        "spec trace": ["spec", "trace"],
        "play": ["play", "camel-up-cards-2016", "--players", "4", "--seed", "7"],
        "replay": ["replay", vector],
        "vectors --check": ["vectors", "--check"],
    }.items():
        k.bare[name] = k.run(*args)
    _pip("--python", str(k.python), "install", "-q", f"{wheel}[conformance]", cwd=base)
    yield k


def _examples_in(spec: Path) -> int:
    return sum(len(json.loads(p.read_text(encoding="utf-8"))["examples"])
               for p in spec.glob("*/examples/*.json"))


def _one_line_error(proc: Proc) -> str:
    """The single stderr line of a command that stopped with exit code 2."""
    what = f"{' '.join(proc.args[1:3])}: exit {proc.returncode}, stderr:\n{proc.stderr}"
    assert "Traceback" not in proc.stderr, what
    assert proc.returncode == 2, what
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, what
    return lines[0]


# --------------------------------------------------------------------------
# the wheel


def test_wheel_holds_the_code_the_spec_data_and_the_licence(kit: Kit) -> None:
    with zipfile.ZipFile(kit.wheel) as whl:
        names = set(whl.namelist())
        data = {n[len(SHIPPED):]: whl.read(n) for n in names if n.startswith(SHIPPED)}
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        metadata = whl.read(f"{info}/METADATA").decode("utf-8")
        licence = whl.read(f"{info}/licenses/LICENSE")
    # every module of the tree (setup.py finds every package under kernel/)
    code = {p.relative_to(kit.src).as_posix() for p in (kit.src / "kernel").rglob("*.py")}
    assert code - names == set(), "modules missing from the wheel (see setup.py)"
    # the whole spec/ folder, byte for byte
    spec = {p.relative_to(kit.src / "spec").as_posix(): p.read_bytes()
            for p in (kit.src / "spec").rglob("*") if p.is_file()}
    assert sorted(data) == sorted(spec)
    assert all(data[n] == spec[n] for n in spec)
    assert {n.split("/")[0] for n in names} == {"kernel", info}  # no tests, no top-level spec
    assert "License-Expression: MIT" in metadata and "License-File: LICENSE" in metadata
    assert licence == (kit.src / "LICENSE").read_bytes()
    assert b"MIT License" in licence and b"2026 the race-kernel contributors" in licence


def test_the_installed_package_is_used(kit: Kit) -> None:
    where = kit.python_out("import kernel; print(kernel.__file__)")
    assert Path(where).is_relative_to(kit.venv)
    assert kit.shipped().is_relative_to(kit.venv)


# --------------------------------------------------------------------------
# without the conformance extra


@pytest.mark.parametrize("command", ["diff", "spec check"])
def test_without_the_extra_it_says_which_in_one_line(kit: Kit, command: str) -> None:
    line = _one_line_error(kit.bare[command])
    assert EXTRA in line and command in line


def test_without_the_extra_no_command_tracebacks(kit: Kit) -> None:
    # each command works or says in one line which extra it needs
    for name, proc in kit.bare.items():
        assert "Traceback" not in proc.stderr, f"{name}:\n{proc.stderr}"
        if proc.returncode != 0:
            assert EXTRA in _one_line_error(proc), name


@pytest.mark.parametrize("command", ["play", "replay", "vectors --check"])
def test_without_the_extra_the_rest_works(kit: Kit, command: str) -> None:
    _must(kit.bare[command])


# --------------------------------------------------------------------------
# with it, from outside the checkout


def test_play(kit: Kit) -> None:
    out = _must(kit.run("play", "camel-up-cards-2016", "--players", "4", "--seed", "7")).stdout
    assert "Final standings" in out and "[CUC-" in out


def test_spec_check_runs_every_shipped_example(kit: Kit) -> None:
    out = _must(kit.run("spec", "check")).stdout
    n = _examples_in(kit.src / "spec")
    assert n > 0
    assert f"{n} examples: {n} passed, 0 failed" in out


def test_spec_dir_overrides_the_shipped_data(kit: Kit) -> None:
    spec = kit.cwd / "my-spec"
    shutil.copytree(kit.src / "spec", spec, dirs_exist_ok=True)
    (spec / GAME / "examples" / "movement.json").unlink()
    n = _examples_in(spec)
    assert 0 < n < _examples_in(kit.src / "spec")
    out = _must(kit.run("spec", "check", "--spec-dir", str(spec))).stdout
    assert f"{n} examples: {n} passed, 0 failed" in out
    _one_line_error(kit.run("spec", "check", "--spec-dir", str(kit.cwd / "no-such-folder")))


def test_vectors_check(kit: Kit) -> None:
    out = _must(kit.run("vectors", "--check")).stdout
    assert "vector files match the kernel" in out


def test_spec_path_and_version_of_the_installed_wheel(kit: Kit) -> None:
    # The README's view/replay examples outside a checkout: race-kernel spec path GAME is
    # the shipped copy's folder, and --version the wheel's.
    folder = Path(_must(kit.run("spec", "path", GAME)).stdout.strip())
    assert folder.is_relative_to(kit.venv) and folder.as_posix().endswith(SHIPPED + GAME)
    assert (folder / "vectors" / "game-p4-seed1.jsonl").is_file()
    version = kit.wheel.name.split("-")[1]
    assert _must(kit.run("--version")).stdout == f"race-kernel {version}\n"


def test_replay_a_shipped_vector(kit: Kit) -> None:
    vector = kit.shipped() / GAME / "vectors" / "game-p4-seed1.jsonl"
    assert vector.is_relative_to(kit.venv)
    out = _must(kit.run("replay", str(vector))).stdout
    assert "no difference" in out


def test_diff_against_the_reference_server(kit: Kit) -> None:
    out = _must(kit.run(*kit.diff_args())).stdout
    assert "no divergence in 3 examples" in out


def test_spec_export_matches_the_checkout(kit: Kit) -> None:
    out_file = kit.cwd / "export.json"
    _must(kit.run("spec", "export", "-o", str(out_file)))
    document = json.loads(out_file.read_text(encoding="utf-8"))
    assert len(document["examples"]) == _examples_in(kit.src / "spec")
    # catalogue paths read as in the repository (spec/<game>/rules.md)
    assert {r["catalogue"] for r in document["rules"]} == {
        f"spec/{p.parent.name}/rules.md" for p in (kit.src / "spec").glob("*/rules.md")}


def test_spec_trace_checks_code_and_examples_not_tests(kit: Kit) -> None:
    # An installed package has no tests: the trace checks the catalogue against
    # the installed code and the shipped examples, and says the tests need --root.
    proc = _must(kit.run("spec", "trace"))
    assert "no gaps" in proc.stdout
    assert "--root" in proc.stdout + proc.stderr


def test_spec_trace_with_a_checkout_as_root(kit: Kit) -> None:
    proc = _must(kit.run("spec", "trace", "--gaps-only", "--root", str(kit.src)))
    assert "no gaps" in proc.stdout


@pytest.mark.parametrize("args", [["vectors"], ["spec", "interpretations", "--write"]])
def test_writing_into_the_installed_package_is_refused(kit: Kit, args: list[str]) -> None:
    before = {p: p.read_bytes() for p in kit.shipped().rglob("*") if p.is_file()}
    line = _one_line_error(kit.run(*args))
    assert "--spec-dir" in line
    assert before == {p: p.read_bytes() for p in kit.shipped().rglob("*") if p.is_file()}

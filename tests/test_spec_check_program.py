"""``race-kernel spec check -- PROGRAM``: the spec's examples run on a program.

The reference server passes every example of every game; the Node.js example
(examples/node/, a small part of camel-up-2018) gets a table with passes,
expected failures and skips and exits 0 only under its expectations file; a
server with a broken rule fails that rule's examples.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kernel.cli import main

ROOT = Path(__file__).resolve().parents[1]
#: Node.js runs the Node example (it is on the gate's machines; nothing is downloaded).
SERVER = [sys.executable, "-m", "kernel.conformance.server"]
NODE = ["node", str(ROOT / "examples" / "node" / "camel-up-2018-leg.js")]
PYTHON = [sys.executable, str(ROOT / "examples" / "python" / "camel_up_2018_leg.py")]
EXPECTED = str(ROOT / "examples" / "node" / "expected.txt")
MUTANT = [sys.executable, str(ROOT / "tests" / "fixtures" / "mutant_server.py")]


def test_the_reference_server_passes_every_example(tmp_path: Path) -> None:
    # KERNEL-INPUT ... every rule: all 393 examples of every game pass on the server.
    out = tmp_path / "report.json"
    assert main(["spec", "check", "--format", "json", "-o", str(out), "--", *SERVER]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    totals = report["totals"]
    assert totals["pass"] == len(report["results"]) >= 393
    assert totals["fail"] == totals["skip"] == totals["partial"] == totals["xfail"] == 0
    assert {r["game"] for r in report["results"]} == {
        "camel-up-2018", "camel-up-card-game-2023", "camel-up-cards-2016",
        "hare-and-tortoise-2014"}
    assert report["compared"]["events"]["compared"] > 0 and report["exit_code"] == 0


def test_the_node_example_passes_only_under_its_expectations(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # CU2-DIE-RACING, CU2-MOVE-STACK, CU2-SETUP-RACING: the Node program plays the dice and
    # stacks; what it leaves out is in its expectations file, with the reasons.
    base = ["spec", "check", "--game", "camel-up-2018"]
    assert main([*base, "--", *NODE]) == 1  # its failures
    capsys.readouterr()
    assert main([*base, "--expect", EXPECTED, "--allow-skips", "--", *NODE]) == 0
    text = capsys.readouterr().out
    last = text.strip().splitlines()[-1]
    parts = (part.split() for part in last.split(": ")[1].split(", "))
    counts = {word: int(n) for n, word in parts}
    assert counts["pass"] > 0 and counts["xfail"] > 0 and counts["skip"] > 0
    assert counts["fail"] == 0
    assert "PASS  cu2-racing-die-carries-crazy-camels" in text
    assert "XFAIL  cu2-grey-die-by-colour" in text
    assert "rule " in text and "CU2-DIE-RACING" in text  # the per-rule table
    assert "not compared (skipped), by reason:" in text
    # an expectation that no longer occurs fails the check; so do skips without
    # --allow-skips (the setup examples pass; the invariant examples need status)
    stale = tmp_path / "stale.txt"
    stale.write_text("CU2-SETUP-CRAZY  no longer true\n", encoding="utf-8")
    crazy = [*base, "--rule", "CU2-SETUP-CRAZY", "--expect", str(stale)]
    assert main([*crazy, "--allow-skips", "--", *NODE]) == 1
    assert "NOT MET  CU2-SETUP-CRAZY" in capsys.readouterr().out
    assert main([*base, "--rule", "CU2-INV-TILES", "--", *NODE]) == 1
    assert main([*base, "--rule", "CU2-INV-TILES", "--allow-skips", "--", *NODE]) == 0
    assert "SKIP  cu2-inv-tiles-adjacent" in capsys.readouterr().out


def test_the_report_formats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # CU2-DIE-RACING: JUnit XML and TAP carry the same results for CI.
    # (the examples of two rules: a pass, an expected failure and skips among them)
    expect = tmp_path / "expected.txt"
    expect.write_text("CU2-DIE-GREY  not played here\n", encoding="utf-8")
    base = ["spec", "check", "--game", "camel-up-2018", "--rule", "CU2-INV-TILES",
            "--allow-skips"]
    junit = tmp_path / "r.xml"
    assert main([*base, "--format", "junit", "-o", str(junit), "--", *NODE]) == 0
    root = ET.parse(junit).getroot()
    cases = root.findall(".//testcase")
    assert len(cases) == 2 and all(c.find("skipped") is not None for c in cases)
    assert all(c.find("failure") is None for c in cases)
    grey = ["spec", "check", "--game", "camel-up-2018", "--rule", "CU2-DIE-GREY",
            "--expect", str(expect), "--allow-skips"]
    assert main([*grey, "--format", "tap", "--", *NODE]) == 0
    tap = capsys.readouterr().out.splitlines()
    assert tap[:2] == ["TAP version 13", "1..8"]
    assert all("# TODO expected: not played here" in x for x in tap[2:] if x.startswith("not"))
    assert main([*grey, "--format", "junit", "--", *NODE]) == 0
    root = ET.fromstring(capsys.readouterr().out)
    assert root.get("tests") == "8" and root.get("failures") == "0"


def test_the_python_example_passes_under_the_same_expectations(
        capsys: pytest.CaptureFixture[str]) -> None:
    # CU2-DIE-RACING: the starter's toy engine plays what the Node example plays.
    base = ["spec", "check", "--game", "camel-up-2018", "--expect", EXPECTED, "--allow-skips"]
    assert main([*base, "--", *PYTHON]) == 0
    assert "0 fail" in capsys.readouterr().out
    assert len((ROOT / "examples" / "python" / "camel_up_2018_leg.py").read_text(
        encoding="utf-8").splitlines()) < 100


def test_a_broken_rule_fails_its_examples(capsys: pytest.CaptureFixture[str]) -> None:
    # CUC-MOVE-STACK: the stacking mutant fails the stacking examples, by rule.
    assert main(["spec", "check", "--game", "camel-up-cards-2016", "--failures-only",
                 "--", *MUTANT, "stack-under"]) == 1
    out = capsys.readouterr().out
    assert "FAIL  " in out
    row = next(x for x in out.splitlines() if x.startswith("CUC-MOVE-STACK "))
    assert int(row.split()[3]) > 0  # the fail column


def test_the_readme_shows_the_python_example_whole() -> None:
    # KERNEL-INPUT: the README's starter example is the file the gate runs, under 100 lines.
    example = (ROOT / "examples" / "python" / "camel_up_2018_leg.py").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"```python\n{example}```\n" in readme
    assert len(example.splitlines()) < 100

"""``race-kernel odds`` for Camel Up 2nd edition (2018), called through ``odds_cli.main``."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from kernel.core import Applied
from kernel.games.camel_up_2018.movement import RACING, Tile, board_of
from kernel.games.camel_up_2018.odds import Position, ev_table, leg_odds
from kernel.games.camel_up_2018.odds_cli import main

SPREAD: dict[str, Any] = {
    "track": {"1": ["blue", "green"], "2": ["red", "yellow"], "3": ["purple"],
              "14": ["white"], "16": ["black"]},
    "pyramid": ["yellow", "grey", "green"],
    "tiles": {"5": "boo", "9": "cheer"},
    "tickets": {"blue": 3, "red": 0},
    "mover_tile": 5,
}


def _run(tmp_path: Path, doc: object, *flags: str) -> int:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return main([str(path), *flags])


def _frac(text: str) -> Fraction:
    n, d = text.split("/")
    return Fraction(int(n), int(d))


def test_json_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # CU2-RANK, CU2-LEG-END, CU2-PAY-LEG, CU2-TILE-PAY: the --json document.
    assert _run(tmp_path, SPREAD, "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert {"place", "race_ends", "place_if_ends", "ev"} <= set(out)
    assert set(out["place"]) == set(RACING)
    for c in RACING:
        assert sum(_frac(p) for p in out["place"][c]) == 1
    board = board_of({1: ("blue", "green"), 2: ("red", "yellow"), 3: ("purple",),
                      14: ("white",), 16: ("black",)})
    pos = Position(board, ("yellow", "grey", "green"), (Tile(5, False, 1), Tile(9, True, 0)),
                   {"blue": 3, "red": 0, "green": 5, "yellow": 5, "purple": 5}, 5)
    odds = leg_odds(pos, 5)
    assert out["place"]["yellow"] == [f"{p.numerator}/{p.denominator}"
                                      for p in odds.place["yellow"]]
    assert _frac(out["race_ends"]) == odds.race_ends
    ev = ev_table(pos)
    assert {k: _frac(v) for k, v in out["ev"].items()} == ev
    assert "bet:red" not in out["ev"] and "bet:blue" in out["ev"]
    assert "boo:4" in out["ev"] and "cheer:10" not in out["ev"]


def test_readable_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(tmp_path, SPREAD) == 0
    text = capsys.readouterr().out
    assert "1st" in text and "5th" in text and "%" in text and "/" in text
    assert "The race ends this leg" in text and "pyramid" in text
    assert "dice only" in text  # the EV's definition is said


def test_race_can_end_this_leg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # CU2-RACE-END: a crazy camel on space 2 carrying two racing camels backwards.
    doc = {"track": {"2": ["white", "blue", "green"], "5": ["red"], "8": ["yellow"],
                     "15": ["purple", "black"]}, "pyramid": ["grey", "red"]}
    assert _run(tmp_path, doc, "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert 0 < _frac(out["race_ends"]) < 1
    assert _frac(out["place_if_ends"]["blue"][4]) == 1  # bottom of the carried stack: last
    assert _frac(out["place_if_ends"]["green"][3]) == 1


BROKEN = [
    ({**SPREAD, "track": {"1": ["blue", "green"], "2": ["red", "yellow"], "3": ["purple"],
                          "14": ["white"]}}, "track"),  # black missing
    ({**SPREAD, "track": {"1": ["blue", "green"], "2": ["red", "yellow", "blue"],
                          "3": ["purple"], "14": ["white"], "16": ["black"]}}, "track"),
    ({**SPREAD, "track": {"0": ["blue", "green"], "2": ["red", "yellow"], "3": ["purple"],
                          "14": ["white"], "16": ["black"]}}, "track"),
    ({**SPREAD, "pyramid": ["yellow"]}, "pyramid"),
    ({**SPREAD, "pyramid": ["yellow", "yellow"]}, "pyramid"),
    ({**SPREAD, "pyramid": ["yellow", "orange"]}, "pyramid"),
    ({**SPREAD, "tiles": {"5": "boo", "6": "cheer"}}, "tiles"),
    ({**SPREAD, "tiles": {"1": "boo"}, "mover_tile": 1}, "tiles"),
    ({**SPREAD, "tiles": {"3": "boo"}, "mover_tile": 3}, "tiles"),
    ({**SPREAD, "tiles": {"5": "sideways"}}, "tiles"),
    ({**SPREAD, "tiles": {"5": ["boo"]}}, "tiles"),
    ({**SPREAD, "tiles": {"05": "boo"}, "mover_tile": 5}, "mover_tile"),
    ({**SPREAD, "mover_tile": True}, "mover_tile"),
    ({**SPREAD, "track": {"1": "blue"}}, "track.1"),
    ({**SPREAD, "tickets": {"blue": 4}}, "tickets"),
    ({**SPREAD, "mover_tile": 7}, "mover_tile"),
    ({**SPREAD, "weather": "sunny"}, "weather"),
    ({"pyramid": ["blue", "grey"]}, "track"),
    ([1, 2, 3], "position"),
]


@pytest.mark.parametrize(("doc", "field"), BROKEN)
def test_broken_documents_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      doc: object, field: str) -> None:
    assert _run(tmp_path, doc) == 2
    err = capsys.readouterr().err
    assert f": {field}" in err, err


def test_unreadable_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "missing.json")]) == 2
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    assert main([str(tmp_path / "bad.json")]) == 2
    assert main([str(tmp_path)]) == 2
    assert main([]) == 2
    assert main(["--bogus"]) == 2
    assert main(["--help"]) == 0
    capsys.readouterr()


def test_state_plain_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A state's plain data: the odds of its current leg (position.position_of).
    from kernel.games.camel_up_2018 import game, plain, position

    s = game.new_game({"players": 3})
    for a in ("die:blue:1", "die:green:1", "die:red:1", "die:yellow:1", "die:purple:1",
              "die:white:1", "die:black:1", "pyramid", "die:blue:2", "pyramid", "die:black:3"):
        r = game.apply(s, a)
        assert isinstance(r, Applied), (a, r)
        s = r.state
    data = plain.to_data(s)
    assert _run(tmp_path, data, "--json") == 0
    from_state = json.loads(capsys.readouterr().out)
    assert _run(tmp_path, position.position_of(s), "--json") == 0
    assert json.loads(capsys.readouterr().out) == from_state
    # the EV table offers exactly the game's legal bets, pyramid ticket and tile actions
    legal = {a.text for a in game.legal_actions(s)
             if a.kind in ("bet", "pyramid", "cheer", "boo")}
    assert set(from_state["ev"]) == legal
    for a in ("cheer:5", "pyramid", "die:red:3", "bet:blue"):
        r = game.apply(s, a)  # seat 2 to move again, its own tile on 5
        assert isinstance(r, Applied), (a, r)
        s = r.state
    doc = position.position_of(s)
    assert doc["mover_tile"] == 5
    assert _run(tmp_path, plain.to_data(s), "--json") == 0
    legal = {a.text for a in game.legal_actions(s)
             if a.kind in ("bet", "pyramid", "cheer", "boo")}
    assert set(json.loads(capsys.readouterr().out)["ev"]) == legal
    broken = {**data, "money": "lots"}
    assert _run(tmp_path, broken) == 2
    assert "state" in capsys.readouterr().err


def test_simulated_race_estimate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # CU2-RACE-END, CU2-RANK: the seeded overall winner/loser estimate with its intervals.
    doc = {"track": {"2": ["white", "blue", "green"], "5": ["red"], "8": ["yellow"],
                     "15": ["purple", "black"]}, "pyramid": ["grey", "red"]}
    assert _run(tmp_path, doc, "--json", "--simulate", "120", "--seed", "5") == 0
    first = json.loads(capsys.readouterr().out)["simulation"]
    assert _run(tmp_path, doc, "--json", "--simulate", "120", "--seed", "5") == 0
    assert json.loads(capsys.readouterr().out)["simulation"] == first  # seeded
    assert first["runs"] == 120 and first["confidence"] == 0.95
    assert abs(sum(v[0] for v in first["winner"].values()) - 1) < 1e-9
    assert all(lo <= p <= hi for p, lo, hi in first["loser"].values())
    assert _run(tmp_path, doc, "--simulate", "40") == 0
    assert "95% Wilson" in capsys.readouterr().out
    assert _run(tmp_path, doc, "--simulate", "-1") == 2


def test_crazy_camels_left_out_once_the_grey_die_is_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # CU2-ODDS, CU2-DIE-GREY: without the grey die the crazy camels cannot move this
    # leg and may be left out (the same odds as with them far away); with the grey
    # die still in, the refusal says when they may be left out.
    track = {"1": ["blue", "green"], "2": ["red", "yellow"], "3": ["purple"]}
    assert _run(tmp_path, {"track": track, "pyramid": ["yellow", "green"]}, "--json") == 0
    without = json.loads(capsys.readouterr().out)
    far = {**track, "14": ["white"], "16": ["black"]}
    assert _run(tmp_path, {"track": far, "pyramid": ["yellow", "green"]}, "--json") == 0
    assert json.loads(capsys.readouterr().out)["place"] == without["place"]
    assert _run(tmp_path, {"track": track, "pyramid": ["yellow", "grey"]}) == 2
    err = capsys.readouterr().err
    assert "may be left out" in err and "grey die is out" in err
    assert _run(tmp_path, {"track": {**track, "14": ["white"]},
                           "pyramid": ["yellow", "green"]}) == 2
    assert "crazy camel 'black' is missing" in capsys.readouterr().err


def test_place_if_the_race_ends_is_undefined_when_it_cannot(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # CU2-ODDS: a probability given an impossible event is undefined, not 0.
    assert _run(tmp_path, SPREAD, "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["race_ends"] == "0/1" and out["place_if_ends"] == "undefined"


def test_no_progress_bar_off_a_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # A simulation that runs over a second draws no progress bar into a log.
    import types

    from kernel.games.camel_up_2018 import odds_cli as cli

    clock = types.SimpleNamespace(monotonic=iter(range(0, 10_000, 5)).__next__)
    monkeypatch.setattr(cli, "time", clock)  # every progress call is seconds later
    doc = {"track": {"2": ["white", "blue", "green"], "5": ["red"], "8": ["yellow"],
                     "15": ["purple", "black"]}, "pyramid": ["grey", "red"]}
    assert _run(tmp_path, doc, "--simulate", "20") == 0
    assert "simulating" not in capsys.readouterr().err

"""``race-kernel odds`` (kernel.odds_cli): every game with odds, from a trace, a state
or a game's position document (CU2-ODDS, CUC-ODDS, CUG-ODDS)."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

import kernel
from kernel.cli import main
from kernel.conformance.trace import write_trace
from kernel.odds_cli import odds_document


def _trace(tmp_path: Path, game: str, players: int, seed: int,
           steps: int | None = None) -> tuple[Path, kernel.Trace]:
    history = kernel.play(game, {"players": players}, seed)
    if steps is not None:  # a shorter file to write and read
        history = attrs.evolve(history, steps=history.steps[:steps])
    path = tmp_path / f"{game}.jsonl"
    write_trace(path, history)
    return path, history


def _step(history: kernel.Trace, deck: int) -> int:
    """The first step after which a leg is in play with ``deck`` racing cards left."""
    return next(i + 1 for i, st in enumerate(history.steps)
                if (d := kernel.to_data(st.state))["phase"] == "play" and len(d["deck"]) == deck)


@pytest.mark.parametrize("game", ["camel-up-cards-2016", "camel-up-card-game-2023"])
def test_trace_step_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str) -> None:
    # CUC-ODDS, CUG-ODDS: `odds TRACE --step N --seat S` is kernel.seat_odds of the
    # trace's first N steps from seat S, as JSON and as a table naming the reading.
    path, history = _trace(tmp_path, game, 3, 4)
    n = _step(history, 3)
    path, history = _trace(tmp_path, game, 3, 4, n + 2)
    expected = kernel.seat_odds(attrs.evolve(history, steps=history.steps[:n]), 2)
    assert expected is not None
    assert main(["odds", str(path), "--step", str(n), "--seat", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == odds_document(expected, 2)
    assert main(["odds", str(path), "--step", str(n), "--seat", "2"]) == 0
    out = capsys.readouterr().out
    assert expected.reading in out and "seat 2" in out
    assert main(["odds", str(path), "--step", "2"]) == 1  # the deal: no leg under way
    assert "no odds" in capsys.readouterr().err
    assert main(["odds", str(path), "--step", str(len(history.steps) + 1)]) == 2
    assert main(["odds", str(path), "--seat", "7", "--step", str(n)]) == 2
    capsys.readouterr()


def test_a_state_and_a_game_without_odds(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    # CU2-ODDS: a 2018 trace and state give the seat's odds; a game without odds says so.
    path, history = _trace(tmp_path, "camel-up-2018", 3, 1, 32)
    assert main(["odds", str(path), "--step", "30", "--seat", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["reading"] == "CU2-ODDS" and set(out) >= {"places", "race_ends", "values"}
    state = tmp_path / "state.json"
    state.write_text(json.dumps(kernel.to_data(history.steps[29].state)), encoding="utf-8")
    assert main(["odds", str(state), "--seat", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == out
    assert main(["odds", str(state)]) == 0  # the game's own command: its EV table
    assert "Expected value" in capsys.readouterr().out
    hare, _ = _trace(tmp_path, "hare-and-tortoise-2014", 2, 1, 5)
    assert main(["odds", str(hare), "--step", "3"]) == 2
    assert "offers no odds" in capsys.readouterr().err


def test_help_lists_the_position_document(capsys: pytest.CaptureFixture[str]) -> None:
    # CU2-ODDS: --help names the games with odds and the position document's fields.
    assert main(["odds", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--step" in out and "camel-up-cards-2016" in out and "mover_tile" in out
    assert main(["odds", "--game", "camel-up-2018", "--help"]) == 0
    assert "pyramid (required)" in capsys.readouterr().out.replace("\n", " ")

"""OpenSpiel playthroughs of every registered game and variant (issue 27), replayed.

OpenSpiel keeps one golden playthrough per game (``integration_tests/
playthroughs/``) and replays it in a test; so do we: one file per registered
name (``kernel.adapters.openspiel.names()``) in ``tests/fixtures/playthroughs/``,
made by ``open_spiel.python.algorithms.generate_playthrough`` (every observation
type: the information-state string and tensor, the seat's observation, the
public-only and private-only observation strings), cut short at
:data:`LENGTH` steps to keep the files small and the gate fast. A replay that
differs fails with a diff: the game's behaviour changed (or its adapter did).
If that was meant, bump the game's behaviour version and write the files
again::

    python tests/test_adapter_playthroughs.py --update
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="open_spiel is not installed (extra 'openspiel')")

from absl import flags
from open_spiel.python.algorithms import generate_playthrough as gp

import kernel
import kernel.adapters.openspiel as ko

if not flags.FLAGS.is_parsed():
    flags.FLAGS.mark_as_parsed()  # the playthrough module reads its flags' defaults

HERE = Path(__file__).resolve().parent / "fixtures" / "playthroughs"
#: Steps (chance included) of each playthrough.
LENGTH = 6
#: The seed of the random actions.
SEED = 1


def game_string(name: str) -> str:
    game_id, _ = ko.names()[name]
    info = kernel.game_info(game_id)
    return f"{name}({info.config.players_key}={info.min_players},{ko.LENGTH_PARAM}={LENGTH})"


def path_of(name: str) -> Path:
    return HERE / f"{name}.txt"


def update() -> None:
    HERE.mkdir(parents=True, exist_ok=True)
    for name in ko.names():
        path_of(name).write_text(gp.playthrough(game_string(name), [], seed=SEED))


@pytest.mark.parametrize("name", sorted(ko.names()))
def test_playthrough_replays_the_committed_file(name: str) -> None:
    path = path_of(name)
    assert path.exists(), f"no playthrough for {name}: run {Path(__file__).name} --update"
    original, new = gp.replay(str(path))
    if original != new:
        game_id, _ = ko.names()[name]
        diff = "".join(list(difflib.unified_diff(
            original.splitlines(True), new.splitlines(True), str(path), "replayed"))[:60])
        pytest.fail(f"the playthrough of {name} changed. {game_id} is at behaviour version "
                    f"{kernel.game_info(game_id).version}: if its behaviour changed on "
                    f"purpose, bump the version (GameInfo.version) and write the files "
                    f"again ({Path(__file__).name} --update).\n{diff}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--update"]:
        update()
    else:
        sys.exit(f"usage: {sys.argv[0]} --update")

"""TorchRL's PettingZoo wrapper on every registered game (issue 27): a trainer's wrapper, tried.

Run by ``.ci/run`` in a virtual environment of its own, never in the gate (torch
brings about 5 GB of CUDA libraries; the install took 12 minutes on a
developer's machine, 2026-11-27)::

    python3 -m venv /tmp/torchrl && /tmp/torchrl/bin/pip install -q -c constraints.txt \\
        -e '.[pettingzoo]' torchrl==0.14.1 torch==2.14.1 tensordict==0.14.3
    /tmp/torchrl/bin/python scripts/torchrl_check.py

For every game (its first variant, fewest players), ``torchrl.envs.
PettingZooWrapper`` (AEC, with the action masks) wraps
:func:`kernel.adapters.pettingzoo.env`; TorchRL's ``check_env_specs`` must pass and
a random rollout (TorchRL's own masked random actions) must play a seeded game
to its end. TorchRL stacks every info value into a tensor of a fixed shape, so
the rule IDs of the infos (strings, of any count) are left out for it and the
acting agent becomes a number (:class:`NumericInfos`).
"""

from __future__ import annotations

from typing import Any

import pettingzoo
import tensordict
import torch
import torchrl
from pettingzoo.utils import BaseWrapper
from torchrl.envs import PettingZooWrapper
from torchrl.envs.utils import check_env_specs

import kernel
from kernel.adapters.pettingzoo import env as make_env


class NumericInfos(BaseWrapper):  # type: ignore[misc]
    """The infos as TorchRL takes them: the acting seat as a number (-1: none)."""

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        out = {}
        for agent, info in self.env.unwrapped.infos.items():
            acting = info["acting"]
            out[agent] = {"acting": -1 if acting is None else int(acting.rsplit("_", 1)[1])}
        return out


def main() -> None:
    print(f"torch {torch.__version__}, torchrl {torchrl.__version__}, tensordict "
          f"{tensordict.__version__}, pettingzoo {pettingzoo.__version__}")
    for game in kernel.games():
        info = kernel.game_info(game)
        pz = NumericInfos(make_env(game, {info.config.players_key: info.min_players}))
        env = PettingZooWrapper(env=pz, use_mask=True, categorical_actions=True, seed=3)
        check_env_specs(env)
        rollout = env.rollout(5000, break_when_any_done=True)
        assert bool(rollout[-1]["next", "done"].any()), f"{game}: the game did not end"
        print(f"{game}: check_env_specs passed; a random rollout of {rollout.batch_size[0]} "
              f"agent steps to the end")


if __name__ == "__main__":
    main()

"""The length of the information-state strings over seeded whole games (issue 27).

Usage: python benchmarks/infostate_strings.py [--seeds N] [--every K] [--game ID ...]

For every registered game, named variant and player count, N seeded random
games (``kernel.play``, seeds 0 to N-1) are read step by step as every seat
sees them (:func:`kernel.adapters.encode.information_state_string`, built
token by token as the OpenSpiel adapter does). Prints, per configuration, the
mean length in bytes of the strings after every K-th step (every seat; the
target: under 1,000), the mean and the longest at the end of the games, and
the length of the strings built in full at the end (the same as step by
step: checked). Figures, not a test.
"""

from __future__ import annotations

import argparse
from typing import Any

import kernel
from kernel.adapters import encode


def measure(game_id: str, config: dict[str, Any], seeds: int, every: int) -> tuple[
        float, float, int]:
    """(mean sampled length, mean final length, longest final length) in bytes."""
    texts = encode.info_text(game_id, config)
    sampled: list[int] = []
    finals: list[int] = []
    for seed in range(seeds):
        trace = kernel.play(game_id, config, seed)
        for seat in range(kernel.game_info(game_id).seats(trace.initial)):
            book: dict[Any, int] = {}
            text = f"{seat}:"
            for i, st in enumerate(trace.steps, 1):
                text += texts.token(seat, st.actor, st.action, st.events, book)
                if i % every == 0:
                    sampled.append(len(text.encode()))
            assert text == encode.information_state_string(game_id, config, trace, seat)
            assert text.isascii()
            finals.append(len(text.encode()))
    return sum(sampled) / len(sampled), sum(finals) / len(finals), max(finals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--game", action="append", default=[])
    args = parser.parse_args()
    print(f"{'game':26} {'variant':13} {'players':>7} {'mean':>7} {'final':>7} {'longest':>7}")
    for game_id in args.game or kernel.games():
        info = kernel.game_info(game_id)
        for variant, extra in info.config.variants.items():
            for players in range(info.min_players, info.max_players + 1):
                config = {info.config.players_key: players, **extra}
                mean, final, longest = measure(game_id, config, args.seeds, args.every)
                print(f"{game_id:26} {variant:13} {players:7} {mean:7.0f} {final:7.0f} "
                      f"{longest:7}", flush=True)


if __name__ == "__main__":
    main()

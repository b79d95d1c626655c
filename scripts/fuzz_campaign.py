"""The fuzz campaign: millions of hostile actions and documents on every registered game.

    python3 scripts/fuzz_campaign.py                      # 10^6 actions, 10^5 documents per game
    python3 scripts/fuzz_campaign.py --actions 20000 --documents 2000 --seed 5

For each registered game it plays a few seeded games for material, then
checks the properties of ``kernel.testing.fuzz`` on generated hostile input
(KERNEL-INPUT, KERNEL-GAME, KERNEL-ACTOR): ``apply`` never raises and its
reasons are bounded; ``from_data`` and ``status`` raise only ValueError; every
accepted action or document is exactly its canonical form. It prints the
counts of inputs, acceptances, rejections and failures per game, the first
failures in full, and exits 1 when any input failed. The gate runs the same
properties on fewer inputs (tests/test_fuzz_decoders.py); a new game is
covered as soon as it is registered.
"""

from __future__ import annotations

import argparse
import sys
import time

import kernel
from kernel.testing import fuzz


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--actions", type=int, default=1_000_000, help="per game (default 10^6)")
    p.add_argument("--documents", type=int, default=100_000, help="per game (default 10^5)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--game", action="append", choices=kernel.games(),
                   help="only this game (repeatable; default: every registered game)")
    args = p.parse_args(argv)
    failures = 0
    print(f"{'game':<28} {'kind':<9} {'inputs':>9} {'accepted':>9} {'rejected':>9} "
          f"{'failures':>8} {'seconds':>8}")
    for game in args.game or kernel.games():
        start = time.perf_counter()
        acts, docs = fuzz.campaign(
            kernel.game_info(game), args.actions, args.documents, args.seed,
            progress=lambda line: print(f"  ... {line}", file=sys.stderr, flush=True))
        seconds = time.perf_counter() - start
        for kind, counts in (("actions", acts), ("documents", docs)):
            print(f"{game:<28} {kind:<9} {counts.inputs:>9} {counts.accepted:>9} "
                  f"{counts.rejected:>9} {len(counts.failures):>8} {seconds:>8.1f}", flush=True)
            for line in counts.failures[:5]:
                print(f"    FAILURE: {line}")
            failures += len(counts.failures)
    print("no failures" if failures == 0 else f"{failures} FAILURES")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

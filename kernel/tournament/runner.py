"""The campaign runner: one function applied to many tasks, on one core, local
processes or a Ray cluster, results handed back in task order.

Tournaments, differential runs over many seeds and self-play datasets are all
lists of independent tasks (a game, a seed, a shard). :func:`run` applies a
module-level function to each and yields ``(index, result)`` in the order of
the tasks, whatever order they finish in (a small reorder buffer holds the
results that arrive early), so whatever the caller folds over the results
(ratings, tables) is the same for every backend:

- ``workers=1`` (and no ``ray``): in this process, one task after another;
- ``workers=N``: ``N`` local processes (:mod:`concurrent.futures`);
- ``ray=ADDRESS`` (or ``"auto"``): each task is a Ray task (``num_cpus=1``)
  on the cluster at ADDRESS, ``"auto"`` the one this machine belongs to
  (``RAY_ADDRESS`` or a running ``ray start``), ``"local"`` a new local
  cluster of ``workers`` CPUs started here and stopped at the end (what the
  tests use: ``ray.init(num_cpus=N)``). Results stream back as tasks finish
  (``ray.wait``); at most a few tasks per CPU are in flight at once, so a
  campaign of millions of tasks does not sit in the object store.

The function must be importable on every worker (the ``race-kernel`` package
installed on every node: Ray pickles a module-level function by reference)
and return plain, picklable data.
"""

from __future__ import annotations

import concurrent.futures as cf
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO

#: Tasks kept in flight per worker (or per Ray CPU).
AHEAD = 4


def run(fn: Callable[[Any], Any], tasks: Sequence[Any], *, workers: int = 1,
        ray: str | None = None,
        progress: Callable[[int, int], None] | None = None) -> Iterator[tuple[int, Any]]:
    """Yield ``(i, fn(tasks[i]))`` for every task, in the order of ``tasks``."""
    if workers < 1:
        raise ValueError("workers must be at least 1")
    if ray is not None:
        source = _ray(fn, tasks, ray, workers)
    elif workers == 1:
        source = ((i, fn(t)) for i, t in enumerate(tasks))
    else:
        source = _processes(fn, tasks, workers)
    yield from _in_order(source, len(tasks), progress)


def _in_order(source: Iterator[tuple[int, Any]], total: int,
              progress: Callable[[int, int], None] | None) -> Iterator[tuple[int, Any]]:
    early: dict[int, Any] = {}
    nxt = done = 0
    for i, result in source:
        early[i] = result
        done += 1
        if progress is not None:
            progress(done, total)
        while nxt in early:
            yield nxt, early.pop(nxt)
            nxt += 1


def _processes(fn: Callable[[Any], Any], tasks: Sequence[Any],
               workers: int) -> Iterator[tuple[int, Any]]:
    with cf.ProcessPoolExecutor(max_workers=workers) as pool:
        pending: dict[cf.Future[Any], int] = {}
        queued = iter(enumerate(tasks))
        for i, t in queued:
            pending[pool.submit(fn, t)] = i
            if len(pending) >= workers * AHEAD:
                break
        while pending:
            finished, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for f in sorted(finished, key=pending.__getitem__):
                i = pending.pop(f)
                yield i, f.result()
                more = next(queued, None)
                if more is not None:
                    pending[pool.submit(fn, more[1])] = more[0]


def _ray(fn: Callable[[Any], Any], tasks: Sequence[Any], address: str,
         workers: int) -> Iterator[tuple[int, Any]]:
    from kernel.resources import require

    require("ray", "ray", "--ray")
    import ray

    ray_mod: Any = ray  # Ray's API is only partly typed

    started = False
    if not ray_mod.is_initialized():
        if address == "local":
            # a new cluster on this machine alone, on the loopback interface
            ray_mod.init(address="local", num_cpus=workers, include_dashboard=False,
                         log_to_driver=False, configure_logging=False,
                         _node_ip_address="127.0.0.1")
        else:
            ray_mod.init(address=address, log_to_driver=False, configure_logging=False)
        started = True
    try:
        cpus = max(1, int(ray_mod.cluster_resources().get("CPU", 1)))
        # a task is a pure function of its input: one lost with its node is run again
        remote = ray_mod.remote(num_cpus=1, max_retries=3)(fn)
        pending: dict[Any, int] = {}
        queued = iter(enumerate(tasks))
        for i, t in queued:
            pending[remote.remote(t)] = i
            if len(pending) >= cpus * AHEAD:
                break
        while pending:
            ready, _ = ray_mod.wait(list(pending), num_returns=1)
            for ref in ready:
                i = pending.pop(ref)
                yield i, ray_mod.get(ref)
                more = next(queued, None)
                if more is not None:
                    pending[remote.remote(more[1])] = more[0]
    finally:
        if started:
            ray_mod.shutdown()


class Progress:
    """A one-line progress bar on a terminal (nothing when ``stream`` is not one)."""

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.on = bool(getattr(self.stream, "isatty", lambda: False)())
        self.label = label
        self.start = time.monotonic()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        if not self.on:
            return
        now = time.monotonic()
        if done < total and now - self.last < 0.2:
            return
        self.last = now
        width = 30
        filled = width * done // max(total, 1)
        rate = done / max(now - self.start, 1e-9)
        left = (total - done) / rate if rate > 0 else 0.0
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                          f"{done}/{total} {rate:.1f}/s, {left:.0f} s left ")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()

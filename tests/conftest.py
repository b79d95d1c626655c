"""Hypothesis profiles for the oracle's property tests and state machines.

- ``dev`` (the default): quick, for the edit-test loop; failures are kept in
  the local example database and replayed first.
- ``ci``: thorough and derandomized (Hypothesis's own ``ci`` profile: no
  database, ``print_blob``, no deadline), loaded when the ``CI`` environment
  variable is set.
- ``mutation``: small and derandomized, so that each mutant is killed or not
  reproducibly (``scripts/mutation.py``).

Select one with ``pytest --hypothesis-profile=ci`` or the environment
variable ``HYPOTHESIS_PROFILE``. A failure found by any profile is kept as an
explicit ``@example`` (the database is not a regression suite). Test modules
scale their own example counts with :func:`examples`.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, Phase, settings

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile(
    "dev",
    max_examples=10,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=_QUIET,
)
settings.register_profile(
    "ci",
    settings.get_profile("ci"),
    max_examples=50,
    stateful_step_count=50,
    derandomize=True,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=_QUIET,
)
settings.register_profile(
    "mutation",
    max_examples=2,
    stateful_step_count=20,
    derandomize=True,
    deadline=None,
    database=None,
    # a mutant only needs pass or fail: no shrinking (it can take minutes)
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=_QUIET,
)

_profile = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
settings.load_profile(_profile)


#: Every game's whole-game model check comes first (about 10 s for the four on
#: one core), so that with ``-x`` a rule bug in any game fails within the fast
#: loop's first minute. Not under mutmut: it runs a mutant's tests fastest first
#: (by the durations it measured), and a mutant dies at the first failing test.
#: Measured on the same mutants side by side (1 child each, the same verdicts),
#: the model checks first cost the killed mutants' checks 2.7 times the time in
#: a tenth of the 2023 set (212 mutants: 283 s against 74 s) and 1.4 times in a
#: tenth of the core set (362: 687 s against 502 s).
_FIRST = (
    "tests/games/camel_up_cards_2016/test_cuc_machine.py::test_whole_games",
    "tests/games/camel_up_card_game_2023/test_cug_machine.py::test_seeded_games",
    "tests/games/camel_up_2018/test_cu2_machine.py::test_whole_games",
    "tests/games/hare_and_tortoise_2014/test_ht_machine.py::test_whole_games",
    "tests/games/camel_up_cards_2016/test_cuc_perft.py",
    "tests/games/camel_up_cards_2016/test_cuc_machine.py",
)


def _rank(item: pytest.Item) -> int:
    node = item.nodeid.removeprefix("mutants/")
    return next((i for i, prefix in enumerate(_FIRST) if node.startswith(prefix)), len(_FIRST))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if os.environ.get("MUTANT_UNDER_TEST"):
        return  # mutmut's order (see _FIRST)
    items.sort(key=_rank)  # stable: the order within each group is kept



def _clear_kernel_caches() -> None:
    import sys

    for name, module in list(sys.modules.items()):
        if name == "kernel" or name.startswith("kernel."):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and not isinstance(value, type):  # kernel.memo.Memos too
                    clear()


@pytest.fixture(autouse=True)
def _fresh_kernel_caches() -> None:
    """Under mutmut, every test starts with the kernel's memo caches empty.

    mutmut records which tests reach each function while they run, then forks
    each mutant's tests from that process. With warm ``lru_cache``s a test
    that only hits the cache would not be recorded as reaching the memoized
    function, and a forked test would get results the original code computed.
    mutmut names the running mutant (or "stats") in MUTANT_UNDER_TEST;
    outside mutmut the caches stay warm.
    """
    if os.environ.get("MUTANT_UNDER_TEST"):
        _clear_kernel_caches()

"""``kernel.play``: the seeded play loop, and which actions skip the legality check.

A chance outcome and an action that is one of the very objects of the legal
actions the policy was given go through the game's ``apply_legal`` (no second
legality check; the generic checks compare it with ``apply`` on every legal
action they apply). Anything else a policy returns, an equal copy included,
goes through ``apply``, which refuses an illegal action (KERNEL-LEGAL).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

import attrs
import pytest

import kernel
import kernel.api
from kernel.core import Action

GAMES = sorted(kernel.games())


@contextmanager
def counted(game: str, hook: bool = True) -> Iterator[dict[str, int]]:
    """The game's ``apply`` and ``apply_legal`` counted while ``kernel.play`` runs;
    ``hook=False``: as a game without ``apply_legal`` (an optional part of GameInfo)."""
    info = kernel.game_info(game)
    calls = {"apply": 0, "apply_legal": 0}

    def count(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(state: Any, action: Any) -> Any:
            calls[name] += 1
            return fn(state, action)
        return wrapped

    changed = attrs.evolve(
        info, apply=count("apply", info.apply),
        apply_legal=None if info.apply_legal is None or not hook
        else count("apply_legal", info.apply_legal))
    with pytest.MonkeyPatch.context() as m:
        m.setattr(kernel.api, "game_info", lambda g: changed if g == game else info)
        yield calls


def _copy(state: Any, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """The uniform policy's choice, as an equal copy (not one of the objects given)."""
    a = legal[rng.randrange(len(legal))]
    return Action(a.game, a.kind, *a.values)


@pytest.mark.parametrize("hook", [True, False], ids=["apply_legal", "without"])
@pytest.mark.parametrize("game", GAMES)
def test_own_actions_skip_the_second_check_and_copies_do_not(game: str, hook: bool) -> None:
    # KERNEL-LEGAL: the same game either way; the uniform policy's actions and
    # the chance outcomes take the shortcut (where the game has one: every game
    # here, and each also as a game without it), a policy's copies take apply.
    info = kernel.game_info(game)
    config: dict[str, Any] = {}  # the defaults
    with counted(game, hook) as own:
        plain = kernel.play(game, config, 7)
    with counted(game, hook) as copies:
        copied = kernel.play(game, config, 7, _copy)
    assert copied.actions() == plain.actions() and copied.final == plain.final
    assert plain.final == kernel.play(game, config, 7).final
    steps = len(plain.steps)
    decisions = sum(1 for st in plain.steps if st.actor >= 0)
    assert 0 < decisions < steps
    if info.apply_legal is None or not hook:
        assert own == {"apply": steps, "apply_legal": 0}
        assert copies == {"apply": steps, "apply_legal": 0}
    else:
        assert own == {"apply": 0, "apply_legal": steps}
        assert copies == {"apply": decisions, "apply_legal": steps - decisions}


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_choice_is_refused(game: str) -> None:
    # KERNEL-LEGAL: an action that is not legal where the policy returns it
    # stops the game with the rule that forbids it, even when the object is
    # one the kernel made (a legal action of an earlier state).
    seen: list[tuple[Action, ...]] = []

    def stale(state: Any, legal: tuple[Action, ...], rng: random.Random) -> Action:
        seen.append(legal)
        for earlier in seen:
            for a in earlier:
                if a not in legal:
                    return a
        return legal[rng.randrange(len(legal))]

    with pytest.raises(RuntimeError, match="policy chose an illegal action"):
        kernel.play(game, {}, 3, stale)


@pytest.mark.parametrize("game", GAMES)
def test_play_draws_as_documented(game: str) -> None:
    # KERNEL-CHANCE: kernel.play draws as the documented sampler does: each chance
    # outcome with sample_chance (randrange below the lcm of the denominators), each
    # seat's action with uniform_policy (randrange below the number of legal actions),
    # from one random.Random(seed). Its own loop draws the same numbers faster.
    info = kernel.game_info(game)
    for seed in (0, 1):
        rng = random.Random(seed)
        state = info.new_game({})
        actions: list[str] = []
        while (actor := info.current_actor(state)) != kernel.TERMINAL:
            if actor == kernel.CHANCE:
                action = kernel.sample_chance(info.chance_outcomes(state), rng)
            else:
                action = kernel.uniform_policy(state, info.legal_actions(state), rng)
            actions.append(action.text)
            result = info.apply(state, action)
            assert isinstance(result, kernel.Applied)
            state = result.state
        assert kernel.play(game, {}, seed).actions() == actions


def test_the_loops_draws_are_randranges() -> None:
    # KERNEL-CHANCE: the play loop's draw below n is randrange(n), n > 0, number for
    # number; and its sampler picks what sample_chance picks, normalized or not.
    sizes = [1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 1000, 2**31 - 1, 2**31, 2**64 + 3, 10**30]
    for seed in range(5):
        ours, theirs = random.Random(seed), random.Random(seed)
        below = kernel.api._below(ours)
        assert [below(n) for n in sizes * 20] == [theirs.randrange(n) for n in sizes * 20]
    cases: list[tuple[tuple[str, Fraction], ...]] = [
        (("a", Fraction(1)),),
        (("a", Fraction(1, 3)), ("b", Fraction(2, 3))),
        (("a", Fraction(1, 6)), ("b", Fraction(1, 4)), ("c", Fraction(7, 12))),
        (("a", Fraction(1, 10)), ("b", Fraction(1, 10))),  # short of one: the last
        (("a", Fraction(0)), ("b", Fraction(1, 2)), ("c", Fraction(1, 2))),
        tuple((str(i), Fraction(1, 37)) for i in range(37)),
    ]
    for case in cases:
        for seed in range(40):
            ours, theirs = random.Random(seed), random.Random(seed)
            as_list = list(case)  # not a tuple: never remembered
            assert (kernel.api._sample(case, kernel.api._below(ours))
                    == kernel.sample_chance(case, theirs)
                    == kernel.sample_chance(as_list, random.Random(seed)))
            assert ours.random() == theirs.random()  # the same state after the draw
            # probabilities of another Rational type (no Fraction slots): the same draw
            ratios = tuple((o, _Ratio(p.numerator, p.denominator)) for o, p in case)
            again, fresh = random.Random(seed), random.Random(seed)
            assert (kernel.api._sample(ratios, again.randrange)  # type: ignore[arg-type]
                    == kernel.sample_chance(case, fresh))
            assert again.random() == fresh.random()


class _Ratio:
    """A rational probability with only ``numerator`` and ``denominator``."""

    def __init__(self, numerator: int, denominator: int) -> None:
        self.numerator, self.denominator = numerator, denominator

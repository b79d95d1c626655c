"""kernel.resample: a whole history drawn from the exact posterior of what a seat saw.

Generic (every registered game, from the registry): the drawn history shows the
seat the same information state, every step is the kernel's own (replayed with
``apply``), and something the seat does not see changes. Exactness: on small
positions the posterior is computed by brute force, independently of
:mod:`kernel.resample` (every history of the same length walked through the
kernel's ``apply``, kept when it shows the seat what the real one showed,
weighed by its chance outcomes' exact probabilities and, for each card choice
of another seat, by the ways to pick those physical cards from what it held:
the convention documented in :mod:`kernel.resample`), and the frequencies of
many seeded draws are compared with it by a chi-squared test against a fixed
critical value (probability 1e-4 under the right distribution). Planted wrong
samplers (one that leaks the real history, one that ignores how many ways each
pool of face-down cards can be laid out) fail the same test.
"""

from __future__ import annotations

import importlib
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import Any

import attrs
import pytest

import kernel
from kernel.api import Step, Trace
from kernel.plugin import CardMove

#: The module behind ``kernel.resample`` (the name is the function's).
R = importlib.import_module("kernel.resample")

# --------------------------------------------------------------------------
# the brute force

#: How many ways a seat picks the physical cards of an action, from the plain
#: data before it: (data, acting seat, action) -> ways.
Ways = Callable[[Mapping[str, Any], int, kernel.Action], int]


def card_game_ways(data: Mapping[str, Any], seat: int, a: kernel.Action) -> int:
    """The camel card games (CUC-LEG-DISCARD, CUC-LEG-DECK, CUC-LEG-INTEL and the
    2023 game's): a face-down card is one of that kind in the hand."""
    if a.kind in ("discard", "deck", "intel"):
        return Counter(data["hands"][seat])[str(a.values[0])]
    return 1


def finish_card_ways(data: Mapping[str, Any], seat: int, a: kernel.Action) -> int:
    """Camel Up 2018 (CU2-FINISH-CARD): one card of each colour in the hand."""
    if a.kind in ("winner", "loser"):
        return Counter(data["hands"][seat])[str(a.values[0])]
    return 1


def hare_ways(data: Mapping[str, Any], seat: int, a: kernel.Action) -> int:
    """The Hare & the Tortoise: a second bet is one card of its kind (HT-SETUP-SECOND);
    a play of ``count`` cards, ``howls`` of them howl cards, any such cards of the
    hand (HT-TURN-PLAY)."""
    hand = Counter(data["hands"][seat])
    if a.kind == "bet":
        return hand[str(a.values[0])]
    if a.kind == "place":
        animal, count, howls = str(a.values[0]), int(a.values[1]), int(a.values[2])
        return math.comb(hand[animal], count - howls) * math.comb(hand["howl"], howls)
    return 1


def window(history: Trace, start: int, stop: int) -> Trace:
    """Steps ``start`` to ``stop`` of a history, from the state before ``start``."""
    initial = history.initial if start == 0 else history.steps[start - 1].state
    return Trace(history.game, history.version, history.config, history.seed, initial,
                 history.steps[start:stop])


def posterior(history: Trace, seat: int, ways: Ways,
              limit: int = 20_000) -> dict[tuple[str, ...], Fraction]:
    """Every history consistent with what ``seat`` saw (its action texts), with its
    exact posterior probability."""
    target = kernel.information_state(history, seat)
    wanted = target["steps"]
    found: dict[tuple[str, ...], Fraction] = {}
    visits = 0

    def walk(state: Any, steps: list[Step], weight: Fraction) -> None:
        nonlocal visits
        visits += 1
        assert visits <= limit, "not a small position"
        t = len(steps)
        if t == len(history.steps):
            trace = Trace(history.game, history.version, history.config, history.seed,
                          history.initial, tuple(steps))
            if kernel.information_state(trace, seat) == target:
                found[tuple(st.action.text for st in steps)] = weight
            return
        actor = kernel.current_actor(state)
        if ("chance" if actor == kernel.CHANCE else actor) != wanted[t]["actor"]:
            return
        if actor == kernel.CHANCE:
            options = list(kernel.chance_outcomes(state))
        elif actor == seat:
            options = [(history.steps[t].action, Fraction(1))]
        else:
            data = kernel.to_data(state)
            options = [(a, Fraction(ways(data, actor, a))) for a in kernel.legal_actions(state)]
        for action, w in options:
            result = kernel.apply(state, action)
            assert isinstance(result, kernel.Applied)
            if [e.to_data() for e in kernel.events_seen(result.events, seat)] != wanted[t][
                    "events"]:
                continue
            walk(result.state, [*steps, Step(actor, action, result.events, result.state)],
                 weight * w)

    walk(history.initial, [], Fraction(1))
    total = sum(found.values())
    return {h: w / total for h, w in found.items()}


def chi_squared(expected: Mapping[Any, Fraction], counts: Mapping[Any, int],
                draws: int) -> tuple[float, int]:
    """The statistic and its degrees of freedom; categories expecting fewer than 5
    draws are pooled, and so is everything drawn outside ``expected``."""
    cells: list[tuple[float, int]] = []
    pooled_e, pooled_o = 0.0, sum(n for h, n in counts.items() if h not in expected)
    for h, p in expected.items():
        e = float(p) * draws
        if e >= 5:
            cells.append((e, counts.get(h, 0)))
        else:
            pooled_e += e
            pooled_o += counts.get(h, 0)
    if pooled_e >= 5 or pooled_o:
        cells.append((max(pooled_e, 1e-9), pooled_o))
    return sum((o - e) ** 2 / e for e, o in cells), len(cells) - 1


def critical(df: int) -> float:
    """The value a chi-squared statistic with ``df`` degrees of freedom exceeds with
    probability 1e-4 (Wilson-Hilferty; the normal quantile is 3.719)."""
    k = 2 / (9 * df)
    return float(df * (1 - k + 3.719 * math.sqrt(k)) ** 3)


def draws(history: Trace, seat: int, n: int, seed: int = 12345) -> Counter[Any]:
    """``n`` seeded draws of ``kernel.resample`` (a refusal counts as "refused")."""
    rng = random.Random(seed)
    out: Counter[Any] = Counter()
    for _ in range(n):
        try:
            out[tuple(kernel.resample(history, seat, rng).actions())] += 1
        except R.ResampleError:
            out["refused"] += 1
    return out


# --------------------------------------------------------------------------
# small positions (each found in a seeded game by what happens in it)


def _first(history: Trace, test: Callable[[int, Mapping[str, Any]], bool]) -> int:
    for i in range(len(history.steps)):
        before = history.initial if i == 0 else history.steps[i - 1].state
        if test(i, kernel.to_data(before)):
            return i
    raise AssertionError("no such step")


def cuc_deck() -> Trace:
    """Camel Up Cards, 2 players: seat 1 puts its last 3 cards of 4 into the racing
    deck face down, then two cards are revealed from the deck (CUC-LEG-DECK,
    CUC-ACT-REVEAL): which of seat 1's cards is revealed depends on which it put in."""
    full = kernel.play("camel-up-cards-2016", {"players": 2}, 22)
    start = _first(full, lambda i, d: d["phase"] == "deck" and d["turn"] == 1
                   and len(d["hands"][1]) == 4)
    return window(full, start, start + 14)


def hare_reshuffle() -> Trace:
    """The Hare & the Tortoise, 2 players: the deck runs out and the discard pile
    becomes the deck (HT-TURN-RESHUFFLE) while seat 1 draws unseen and plays cards
    that may come from before or after it."""
    full = kernel.play("hare-and-tortoise-2014", {"players": 2}, 7)
    r = next(i for i, st in enumerate(full.steps)
             if any(e.kind == "reshuffled" for e in st.events))
    return window(full, r - 7, r + 5)


def hare_setup() -> Trace:
    """The Hare & the Tortoise, 2 players: seat 0's two starting bets and its first
    racing card, as seat 1 sees them (HT-SETUP-START, HT-SETUP-DEAL)."""
    return window(kernel.play("hare-and-tortoise-2014", {"players": 2}, 1), 0, 7)


def cug_crazy() -> Trace:
    """Camel Up: The Card Game, 3 players: 2 of the 5 crazy camel cards shuffled in
    unseen (CUG-LEG-CRAZYCARDS), then revealed from the deck or not."""
    full = kernel.play("camel-up-card-game-2023", {"players": 3}, 9)
    start = next(i for i, st in enumerate(full.steps)
                 if any(e.kind == "shuffled-in" for e in st.events))
    return window(full, start, start + 22)


def cu2_finish() -> Trace:
    """Camel Up 2nd edition, 3 players: seats 1 and 2 each put a finish card face down
    (CU2-FINISH-CARD): no chance at all, each colour counts once."""
    return window(kernel.play("camel-up-2018", {"players": 3}, 1), 10, 16)


#: (name, position, seat, ways, draws)
POSITIONS = [
    ("cuc-deck", cuc_deck, 0, card_game_ways, 400),
    ("hare-reshuffle", hare_reshuffle, 0, hare_ways, 300),
    ("hare-setup", hare_setup, 1, hare_ways, 400),
    ("cug-crazy", cug_crazy, 0, card_game_ways, 250),
    ("cu2-finish", cu2_finish, 0, finish_card_ways, 300),
]


@pytest.mark.parametrize(("position", "seat", "ways", "n"),
                         [pytest.param(*p[1:], id=p[0]) for p in POSITIONS])
def test_draws_follow_the_exact_posterior(position: Callable[[], Trace], seat: int,
                                          ways: Ways, n: int) -> None:
    # KERNEL-OBSERVATION: the frequencies of seeded draws match the brute-force
    # posterior of a small position (chi-squared, critical value at 1e-4); every
    # draw is one of its histories.
    history = position()
    exact = posterior(history, seat, ways)
    assert 3 <= len(exact) <= 40  # a small position with something to draw
    counts = draws(history, seat, n)
    assert set(counts) <= set(exact)
    stat, df = chi_squared(exact, counts, n)
    assert stat < critical(df), (stat, df, counts)


def test_the_small_positions_are_uneven() -> None:
    # KERNEL-OBSERVATION: the small positions weigh their histories unevenly (the
    # reveals make some of seat 1's cards likelier), so the test above could fail.
    exact = posterior(hare_reshuffle(), 0, hare_ways)
    assert max(exact.values()) > 5 * min(exact.values())
    exact = posterior(cuc_deck(), 0, card_game_ways)
    assert max(exact.values()) > 2 * min(exact.values())


def test_a_leaking_sampler_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    # KERNEL-OBSERVATION: a "sampler" that hands back the real history (it knows
    # what the seat does not) fails the same test.
    monkeypatch.setattr(kernel, "resample", lambda history, seat, rng: history)
    history = cuc_deck()
    exact = posterior(history, 0, card_game_ways)
    stat, df = chi_squared(exact, draws(history, 0, 400), 400)
    assert stat > critical(df)


def test_a_sampler_ignoring_the_pools_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    # KERNEL-OBSERVATION: relabelling the unseen cards without weighing how each
    # pool of face-down cards can be laid out (each component's hidden choices
    # drawn by their own weight alone) is not the posterior: the test catches it.
    def alone(comps: list[Any], pools: list[int], fw: Any, fixed: Any,
              rng: random.Random) -> list[Any]:
        return [R._pick(list(c.states.items()), rng) for c in comps]

    history = hare_reshuffle()
    exact = posterior(history, 0, hare_ways)
    monkeypatch.setattr(R, "_draw_group", alone)
    stat, df = chi_squared(exact, draws(history, 0, 300), 300)
    assert stat > critical(df)


# --------------------------------------------------------------------------
# every registered game


def _cases() -> Iterator[Any]:
    for g in kernel.games():
        info = kernel.game_info(g)
        if info.hooks.card_flow is None:
            continue
        for cfg in info.configs():
            players = cfg[info.config.players_key]
            if players in (info.min_players, info.max_players):
                yield pytest.param(g, cfg, id=f"{g}-{'-'.join(map(str, cfg.values()))}")


def _hidden_so_far(history: Trace, seat: int) -> bool:
    """Has the seat been shown an event with something hidden, and is the game on?"""
    on = kernel.current_actor(history.final) != kernel.TERMINAL
    return on and any(e.seen_by(seat) != e for st in history.steps for e in st.events)


@pytest.mark.parametrize(("game", "config"), list(_cases()))
def test_resample_keeps_what_the_seat_saw(game: str, config: dict[str, Any]) -> None:
    # KERNEL-OBSERVATION: at points of a seeded game, a drawn history has the same
    # game, configuration, seed and length, shows the seat the same information
    # state, and every step is the kernel's own (replayed with apply: the same
    # states and events); over a few draws something the seat does not see changes
    # (when something is hidden from it).
    full = kernel.play(game, config, seed=3)
    players = config[kernel.game_info(game).config.players_key]
    rng = random.Random(7)
    for part, cut in enumerate((len(full.steps) // 3, 2 * len(full.steps) // 3)):
        history = window(full, 0, cut)
        seat = (part + cut) % players
        changed = False
        for _ in range(6):
            drawn = kernel.resample(history, seat, rng)
            assert (drawn.game, drawn.config, drawn.seed, len(drawn.steps)) == (
                history.game, history.config, history.seed, len(history.steps))
            assert drawn.initial == history.initial
            assert kernel.information_state(drawn, seat) == kernel.information_state(
                history, seat)
            state = drawn.initial
            for st in drawn.steps:
                assert st.actor == kernel.current_actor(state)
                result = kernel.apply(state, st.action)
                assert isinstance(result, kernel.Applied)
                assert (result.state, result.events) == (st.state, st.events)
                state = result.state
            changed = changed or drawn.actions() != history.actions()
            if changed or not _hidden_so_far(history, seat):
                break
        assert changed or not _hidden_so_far(history, seat)


def test_resample_refuses_a_bad_seat_and_a_game_without_a_flow(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # KERNEL-OBSERVATION: a seat outside the game is a ValueError; a game whose
    # hooks have no card flow cannot be resampled (ResampleError, naming the hook).
    history = kernel.play("camel-up-cards-2016", {"players": 2}, 1)
    with pytest.raises(ValueError, match="no seat"):
        kernel.resample(history, 2, random.Random(0))
    info = kernel.game_info(history.game)
    bare = attrs.evolve(info, hooks=attrs.evolve(info.hooks, card_flow=None))
    monkeypatch.setattr(R, "game_info", lambda game: bare)
    with pytest.raises(R.ResampleError, match="card_flow"):
        kernel.resample(history, 0, random.Random(0))


@pytest.mark.parametrize(("game", "config"), list(_cases()))
def test_card_flow_follows_the_cards(game: str, config: dict[str, Any]) -> None:
    # KERNEL-OBSERVATION: a game's card flow (GameHooks.card_flow) says where every
    # card is: the places of each state's plain data are those of the one before with
    # the step's moves and gathers applied, card by card.
    info = kernel.game_info(game)
    flow = info.hooks.card_flow
    assert flow is not None
    history = kernel.play(game, config, seed=5)

    def layout(data: Mapping[str, Any]) -> Counter[tuple[str, str, str]]:
        return Counter(flow.places(data))

    before = info.to_data(history.initial)
    where = layout(before)
    for st in history.steps:
        after = info.to_data(st.state)
        for m in flow.moves(before, st.action, st.events, after):
            if isinstance(m, CardMove):
                assert where[(m.group, m.source, m.kind)] > 0, (st.action.text, m)
                where[(m.group, m.source, m.kind)] -= 1
                where[(m.group, m.target, m.kind)] += 1
            else:
                cards: Counter[tuple[str, str]] = Counter()
                for (g, _, k), n in where.items():
                    if g == m.group:
                        cards[(g, k)] += n
                where = Counter({p: n for p, n in where.items() if p[0] != m.group})
                where.update({(g, m.target, k): n for (g, k), n in cards.items()})
        where = +where
        assert where == layout(after), (st.action.text, where - layout(after),
                                        layout(after) - where)
        before = after

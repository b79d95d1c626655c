"""The shared camel-card engine (kernel.engines.camel_cards) as Camel Up Cards (2016) uses it.

The engine is parameterised by the game (its rule IDs, its camel rules with
their money floor, its own race-track actions); these tests check that the
parameters are what the engine reads, and that the typed table in hand
becomes a state only through every invariant check.
"""

from __future__ import annotations

import itertools
import types
from fractions import Fraction
from typing import Any

import attrs
import pytest
from helpers import first_state, table
from hypothesis import given, settings, strategies

import kernel
from kernel.core import Action, Event, InvalidState, Rejected
from kernel.engines.camel_cards import events, legs, payouts
from kernel.engines.camel_cards.events import seat_event
from kernel.engines.camel_cards.legal import Legality, View
from kernel.engines.camel_cards.table import Table, TableFields
from kernel.games.camel_up_cards_2016 import engine
from kernel.games.camel_up_cards_2016.state import (
    FIELDS,
    CardsState,
    freeze,
    thaw,
    violations,
)
from kernel.rules import camel

GAME = "camel-up-cards-2016"


def test_table_fields_are_the_state_fields() -> None:
    # CUC-INV-PHASE: the typed table in hand has exactly the state's fields, in order.
    assert FIELDS == tuple(a.name for a in attrs.fields(TableFields))
    assert FIELDS == tuple(a.name for a in attrs.fields(Table))
    s = first_state(4, "play")
    t = thaw(s)
    assert type(t) is Table and all(getattr(t, n) is getattr(s, n) for n in FIELDS)
    table_id = id(t)
    frozen = freeze(t)  # the table becomes the state: nothing is copied
    assert type(frozen) is CardsState and frozen == s and id(frozen) == table_id


def test_a_broken_table_never_becomes_a_state() -> None:
    # CUC-INV-RACING: a table that loses a racing card is refused when frozen,
    # and stays a table.
    s = first_state(4, "play")
    kernel.violations(s)  # s is now the state the checks remember
    t = thaw(s)
    assert violations(t) == ()
    t.deck = t.deck[1:]
    with pytest.raises(InvalidState) as refused:
        freeze(t)
    assert refused.value.ids == ("CUC-INV-RACING",)
    assert type(t) is Table


def test_checks_remembered_for_a_state_see_every_change() -> None:
    # CUC-INV-LEGCARDS, CUC-INV-STACKS, CUC-INV-LEDGER: a state sharing every
    # other tuple with the last valid one is still checked on what differs.
    s = table(stacks={3: "BG", 5: "O"}, deck=["blue+1", "white+2"])
    fields = {n: getattr(s, n) for n in FIELDS}
    assert kernel.violations(s) == ()
    with pytest.raises(InvalidState) as refused:
        CardsState(**{**fields, "bets": (((0, 5),), *fields["bets"][1:])})
    assert refused.value.ids == ("CUC-INV-LEGCARDS",)
    with pytest.raises(InvalidState) as refused:
        CardsState(**{**fields, "height": (0, 0, 0, 0, 0)})  # blue and green side by side
    assert refused.value.ids == ("CUC-INV-STACKS",)
    with pytest.raises(InvalidState) as refused:
        CardsState(**{**fields, "money": (4, *fields["money"][1:])})
    assert refused.value.ids == ("CUC-INV-LEDGER",)


def test_a_mutable_field_is_unreadable() -> None:
    # CUC-INV-PHASE: a zone or a ledger that is a list could change after the
    # check, so a state holding one cannot be built.
    s = first_state(4, "deal")
    fields = {n: getattr(s, n) for n in FIELDS}
    for name in ("hands", "stock", "leaders", "bets", "pos", "payouts"):
        value = fields[name]
        broken = [list(v) for v in value] if name in ("hands", "payouts") else list(value)
        if name in ("hands", "payouts"):
            broken = tuple(broken)  # type: ignore[assignment]
        with pytest.raises(InvalidState) as refused:
            CardsState(**{**fields, name: broken})
        assert refused.value.ids == ("CUC-INV-PHASE",), name


def test_events_name_the_games_rule_ids() -> None:
    # CUC-LEG-DEAL: the engine names the rule IDs its game hands it.
    ids = attrs.evolve(engine.RULES, deal="SIBLING-LEG-DEAL", hidden="SIBLING-LEG-HIDDEN")
    sibling = attrs.evolve(engine.GAME, rules=ids)
    s = first_state(3, "deal")
    t = thaw(s)
    ev: list[Event] = []
    legs.deal(sibling, t, s.stock[0], ev)
    assert [e.rules for e in ev] == [("SIBLING-LEG-DEAL",)]


def test_money_floor_is_the_games() -> None:
    # CUC-MONEY-FLOOR: a payout step never takes a seat below the game's floor:
    # 1 Pound in 2016, and whatever floor the game's camel rules hold.
    s = first_state(4, "play")
    floor0 = types.SimpleNamespace(**{n: getattr(camel, n) for n in dir(camel)})
    floor0.floor_money = lambda money, delta: max(money + delta, 0)
    for game, floor in ((engine.GAME, 1), (attrs.evolve(engine.GAME, camel=floor0), 0)):
        t = thaw(s)
        ev: list[Event] = []
        payouts.pay(game, t, [-10] * 4, "leg-payout", ("CUC-MONEY-FLOOR",), ev)
        assert t.money == (floor,) * 4
        assert [e.data["delta"] for e in ev] == [-10] * 4
        assert t.payouts == tuple((*p, floor - m) for p, m in zip(s.payouts, s.money, strict=True))


def test_legal_actions_place_a_sibling_games_own_kinds_in_sorted_order() -> None:
    # CUC-TURN-SHAPE: a game's own race-track actions take their place among
    # the engine's (sorted by kind): here two kinds another game could have.
    own: dict[str, tuple[Action, ...]] = {
        "card": (Action(GAME, "card", 1),), "shortcut": (Action(GAME, "shortcut", 4),)}

    def own_actions(s: View) -> dict[str, tuple[Action, ...]]:
        return own

    def own_why_not(s: View, a: Action) -> Rejected | None:
        return Rejected("CUC-TURN-SHAPE", "not now") if a.kind == "card" else None

    legality = Legality(engine.GAME, ("card", "shortcut"), own_actions, own_why_not)
    s = table(stacks={3: "BG", 5: "O"}, deck=["blue+1", "white+2"])
    got = legality.legal_actions(s)
    assert list(got) == sorted(got)
    assert {a.kind for a in got} == {"card", "fennec", "leg", "lose", "mid", "palm", "reveal",
                                     "shortcut", "win"}
    assert got.index(own["card"][0]) == 0
    assert got[got.index(engine.GAME.actions[("reveal", None)]) + 1] == own["shortcut"][0]
    assert legality.why_not(s, own["card"][0]) == Rejected("CUC-TURN-SHAPE", "not now")
    assert legality.why_not(s, own["shortcut"][0]) is None


def test_legal_actions_are_exactly_the_unrefused_ones() -> None:
    # KERNEL-LEGAL: in every state of a few games, the legal actions are sorted
    # and are exactly the actions of the universe apply does not refuse.
    info = kernel.game_info(GAME)
    for players, seed in ((2, 3), (5, 8)):
        trace = kernel.play(GAME, {"players": players}, seed)
        for s in (trace.initial, *(st.state for st in trace.steps[::7])):
            legal = kernel.legal_actions(s)
            assert list(legal) == sorted(legal)
            allowed = tuple(a for a in info.all_actions
                            if not isinstance(kernel.apply(s, a), Rejected))
            assert allowed == legal


def test_a_fresh_legality_agrees_with_the_games() -> None:
    # KERNEL-LEGAL, CUC-LEG-DEAL: the engine's legality built anew (cold caches)
    # gives the game's actor, chance outcomes, legal actions and rejections.
    from kernel.games.camel_up_cards_2016 import legality

    fresh = Legality(engine.GAME, ("hand",), legality._hand_actions, legality._why_not_hand)
    info = kernel.game_info(GAME)
    kinds: dict[tuple[object, ...], CardsState] = {}
    for players, seed in ((2, 1), (4, 2), (6, 5)):
        trace = kernel.play(GAME, {"players": players}, seed)
        for s in (trace.initial, *(st.state for st in trace.steps)):
            assert fresh.current_actor(s) == kernel.current_actor(s)
            outcomes = fresh.chance_outcomes(s)
            assert outcomes == kernel.chance_outcomes(s)
            assert not outcomes or sum(p for _, p in outcomes) == 1
            assert fresh.legal_actions(s) == kernel.legal_actions(s)
            key = (s.phase, s.track_done, s.bet_done, bool(s.hands[s.turn]), s.palm > 0)
            kinds.setdefault(key, s)
    assert len(kinds) > 10
    for s in kinds.values():  # one state of each kind: every action's rejection
        for a in info.all_actions:
            assert fresh.why_not(s, a) == legality.why_not(s, a), (s, a)
    # the last card of a pool is drawn for sure
    assert fresh.draws(("blue+2",)) == ((engine.GAME.actions[("draw", "blue+2")], Fraction(1)),)


@settings(max_examples=200, deadline=None)
@given(strategies.lists(strategies.sampled_from(engine.GAME.full_deck), min_size=1, max_size=30))
def test_draws_are_each_card_by_its_count(cards: list[str]) -> None:
    # CUC-LEG-DEAL, CUC-ACT-REVEAL: a draw from a pool is each distinct card of it,
    # in order, with probability its copies over the pool's size.
    pool = tuple(sorted(cards))
    fresh = Legality(engine.GAME, ("hand",), lambda s: {}, lambda s, a: None)
    draws = fresh.draws(pool)
    assert [a.arg for a, _ in draws] == sorted(set(pool))
    assert [p for _, p in draws] == [Fraction(pool.count(a.arg), len(pool)) for a, _ in draws]


def test_bet_groups_are_made_once_for_the_same_tuples() -> None:
    # CUC-BET-LEG, CUC-BET-FINAL: the bet groups of a state whose bet tuples are
    # the very ones last asked are the groups made then (the same object); a bet
    # taken gives new groups without its card.
    from kernel.games.camel_up_cards_2016.legality import LEGALITY

    s = kernel.new_game(GAME, {"players": 3})
    groups = LEGALITY.bet_groups(s)
    assert LEGALITY.bet_groups(s) is groups
    leg = engine.GAME.actions[("leg", engine.GAME.colours[0])]
    assert leg in groups[0]
    # the same values in new tuples: the groups by value
    copied = types.SimpleNamespace(leaders=tuple(s.leaders), loser_bets=(*s.loser_bets,),
                                   midfield=(*s.midfield,), winner_bets=(*s.winner_bets,))
    assert copied.loser_bets is not s.loser_bets and LEGALITY.bet_groups(copied) == groups
    for field, value, gone in (("leaders", ((), *s.leaders[1:]), leg),
                               ("loser_bets", (0, *s.loser_bets[1:]), groups[1][0]),
                               ("midfield", (False, *s.midfield[1:]), groups[2][0]),
                               ("winner_bets", (0, *s.winner_bets[1:]), groups[3][0])):
        other = types.SimpleNamespace(**{**vars(copied), field: value})
        assert gone not in LEGALITY.bet_groups(other)[("leaders", "loser_bets", "midfield",
                                                        "winner_bets").index(field)]
    assert LEGALITY.bet_groups(s) == groups


def test_a_legalitys_memos_are_emptied_together() -> None:
    # KERNEL-LEGAL: Legality.cache_clear empties each of its memos and forgets the last
    # bet groups (the test suite calls it before each test under mutation testing, so a
    # mutant's legality is computed, not read from the original's memo).
    from kernel.engines.camel_cards.legal import _UNSEEN

    fresh = Legality(engine.GAME, ("hand",), lambda s: {}, lambda s, a: None)
    trace = kernel.play(GAME, {"players": 3}, 2)
    for s in (trace.initial, *(step.state for step in trace.steps)):
        fresh.chance_outcomes(s)
        if s.phase == "play":
            fresh.bet_groups(s)
            fresh.figure_cells(s)
    memos = (fresh.draws, fresh._outcomes, fresh._legs, fresh._mids, fresh._unheld,
             fresh._cells)
    assert all(m.cache_info().currsize for m in memos) and fresh._last_bets is not _UNSEEN
    fresh.cache_clear()
    assert [m.cache_info().currsize for m in memos] == [0] * len(memos)
    assert fresh._last_bets is _UNSEEN


def test_a_legalitys_memos_are_bounded() -> None:
    # KERNEL-LEGAL: each memo of a Legality holds at most its declared number of entries
    # (MEMO_SIZES), so a process playing millions of games (a campaign, a tournament)
    # does not grow without bound; a pool drawn from after that many others is drawn
    # afresh, with the same outcomes.
    from kernel.engines.camel_cards.legal import MEMO_SIZES

    fresh = Legality(engine.GAME, ("hand",), lambda s: {}, lambda s, a: None)
    memos = {"_draws_uncached": fresh.draws, "_outcomes_uncached": fresh._outcomes,
             "_legs_uncached": fresh._legs, "_mids_uncached": fresh._mids,
             "_unheld_uncached": fresh._unheld, "_cells_uncached": fresh._cells}
    assert memos.keys() == MEMO_SIZES.keys()
    for name, cached in memos.items():
        assert cached.cache_info().maxsize == MEMO_SIZES[name], name
    x, y, z = sorted(set(engine.GAME.full_deck))[:3]
    first = fresh.draws((x,))
    for n in range(MEMO_SIZES["_draws_uncached"] + 1):  # as many distinct pools, and one
        fresh.draws((x,) * (n % 16 + 1) + (y,) * (n // 16 % 16 + 1) + (z,) * (n // 256 + 1))
    assert fresh.draws.cache_info().currsize == MEMO_SIZES["_draws_uncached"]
    assert fresh.draws((x,)) == first


def test_common_events_are_made_once_and_told_as_built() -> None:
    # CUC-LEG-DEAL, CUC-LEG-HIDDEN, CUC-ACT-REVEAL, CUC-TURN-ORDER: the events the
    # engine makes once are equal to the same events built afresh, and the same
    # object each time; a secret card is its seat's alone.
    made = seat_event("dealt", ("CUC-LEG-DEAL",), 2, "blue+1", secret=True)
    assert made is seat_event("dealt", ("CUC-LEG-DEAL",), 2, "blue+1", secret=True)
    assert made == Event("dealt", ("CUC-LEG-DEAL",), {"seat": 2, "card": "blue+1"},
                         secret=("card",), owners=(2,))
    assert (made.secret, made.owners) == (("card",), (2,))
    assert made.seen_by(1).data == {"seat": 2, "card": None}
    assert seat_event("dealt", ("CUC-LEG-DEAL",), 3, "blue+1", secret=True) is not made
    events.MEMOS.cache_clear()  # made again once forgotten: equal, not the same object
    assert seat_event("dealt", ("CUC-LEG-DEAL",), 2, "blue+1", secret=True) == made
    assert seat_event("dealt", ("CUC-LEG-DEAL",), 2, "blue+1", secret=True) is not made
    public = seat_event("revealed", ("CUC-ACT-REVEAL",), 2, "blue+1")
    assert (public.data, public.secret, public.owners) == ({"seat": 2, "card": "blue+1"}, (), ())
    assert seat_event("turn-ended", ("CUC-TURN-SHAPE",), 1).data == {"seat": 1}
    trace = kernel.play(GAME, {"players": 4}, 5)
    dealt = [e for st in trace.steps for e in st.events if e.kind == "dealt"]
    assert dealt and all(e.owners == (e.data["seat"],) and e.secret == ("card",)
                         for e in dealt)


def test_choices_are_refused_by_their_own_rule() -> None:
    # CUC-LEG-DISCARD, CUC-LEG-DECK, CUC-LEG-INTEL: a leg-setup choice of the
    # wrong kind names the rule of the choice asked for now.
    for phase, rule in (("discard", "CUC-LEG-DISCARD"), ("deck", "CUC-LEG-DECK"),
                        ("intel", "CUC-LEG-INTEL")):
        s = first_state(4, phase)
        card = s.hands[s.turn][0]
        for kind in ("discard", "deck", "intel"):
            result = kernel.apply(s, f"{kind}:{card}")
            if kind == phase:
                assert not isinstance(result, Rejected)
            else:
                assert result == Rejected(
                    rule, f"leg setup: seat {s.turn} must choose a {phase} card now")


def test_dealt_and_chosen_cards_are_seen_by_their_seat_only() -> None:
    # CUC-LEG-HIDDEN: a card dealt to a seat, and a seat's face-down choice,
    # are hidden from every other seat's view of the events.
    trace = kernel.play(GAME, {"players": 3}, 4)
    kinds = set()
    for st in trace.steps:
        for e in st.events:
            if e.kind in ("dealt", "chose-discard", "chose-deck", "chose-intel"):
                kinds.add(e.kind)
                seat = e.data["seat"]
                assert kernel.events_seen((e,), seat)[0].data["card"] == e.data["card"]
                other = kernel.events_seen((e,), (seat + 1) % 3)[0]
                assert other.data["card"] is None and other.data["seat"] == seat
    assert kinds == {"dealt", "chose-discard", "chose-deck", "chose-intel"}


def test_figure_cells_follow_the_track_and_both_figures() -> None:
    # CUC-ACT-FIGURE: the empty spaces ahead of the last camel, before the
    # Finish, without the figures, on whichever track and figures the state has.
    fresh = Legality(engine.GAME, (), lambda s: {}, lambda s, a: None)
    pos = (1, 2, 2, 3, 5)
    short, long = (camel.FACE,) * 3, (camel.FACE,) * 4

    def view(track: tuple[int, ...], palm: int, fennec: int) -> View:
        return types.SimpleNamespace(pos=pos, track=track, palm=palm, fennec=fennec)

    assert fresh.figure_cells(view(short, 4, 0))[0] == (6,)
    assert fresh.figure_cells(view(long, 4, 0))[0] == (6, 7, 8)
    assert fresh.figure_cells(view(long, 0, 0))[0] == (4, 6, 7, 8)
    assert fresh.figure_cells(view(long, 0, 7))[0] == (4, 6, 8)
    cells, palms, fennecs = fresh.figure_cells(view(long, 0, 0))
    assert [a.text for a in palms] == [f"palm:{c}" for c in cells]
    assert [a.text for a in fennecs] == [f"fennec:{c}" for c in cells]


def _refused(fields: dict[str, object], base: CardsState) -> tuple[str, ...]:
    """The invariants a state made of ``fields`` breaks, ``base`` being the last valid one."""
    assert kernel.violations(base) == ()  # the checks now remember base
    with pytest.raises(InvalidState) as refused:
        CardsState(**fields)  # type: ignore[arg-type]
    return refused.value.ids


def test_every_field_that_differs_from_the_remembered_state_is_checked() -> None:
    # CUC-INV-STACKS, CUC-INV-RACING, CUC-INV-LEDGER, CUC-INV-PHASE: a state that
    # shares all but one field with the last valid state is checked on that one.
    base = table(stacks={3: "BG", 5: "O"}, deck=["blue+1", "white+2"],
                 hands=[["green+1"], [], [], []])
    fields: dict[str, object] = {n: getattr(base, n) for n in FIELDS}
    # the camels: a position alone (orange beside blue), the track alone (shorter)
    assert _refused({**fields, "pos": (3, 3, 3, 0, 0)}, base) == ("CUC-INV-STACKS",)
    assert _refused({**fields, "track": (camel.FACE, camel.HALF)}, base) == ("CUC-INV-STACKS",)
    # the racing cards: one zone alone holds a card twice
    for zone in ("stock", "discard", "deck", "revealed"):
        extra = tuple(sorted((*getattr(base, zone), "blue+2")))
        assert "CUC-INV-RACING" in _refused({**fields, zone: extra}, base), zone
    for zone in ("hands", "intel"):
        held = getattr(base, zone)
        extra2 = (tuple(sorted((*held[0], "blue+2"))), *held[1:])
        assert "CUC-INV-RACING" in _refused({**fields, zone: extra2}, base), zone
    # the ledger: payouts that do not add up to the same money
    payouts = ((*base.payouts[0], 1), *base.payouts[1:])
    assert _refused({**fields, "payouts": payouts}, base) == ("CUC-INV-LEDGER",)
    # the age order of another player count
    seats = ("hands", "intel", "bets", "winner_bets", "loser_bets", "money", "payouts")
    three = {**fields, **{n: getattr(base, n)[:3] for n in seats}}
    assert _refused({**three, "players": 3}, base) == ("CUC-INV-PHASE",)


def test_a_field_of_the_wrong_shape_is_unreadable() -> None:
    # CUC-INV-PHASE: one entry per seat in every per-seat field, a known phase,
    # zones of tuples; anything else breaks CUC-INV-PHASE alone.
    base = table(stacks={3: "BG", 5: "O"}, deck=["blue+1", "white+2"], palm={"space": 4,
                                                                             "holder": 0})
    fields: dict[str, object] = {n: getattr(base, n) for n in FIELDS}
    for name in ("hands", "intel", "bets", "winner_bets", "loser_bets", "money", "payouts"):
        value = getattr(base, name)
        assert _refused({**fields, name: value[:-1]}, base) == ("CUC-INV-PHASE",), name
    assert _refused({**fields, "phase": "nap"}, base) == ("CUC-INV-PHASE",)
    assert _refused({**fields, "hands": list(base.hands)}, base) == ("CUC-INV-PHASE",)
    t = thaw(base)
    t.money = "lots"  # type: ignore[assignment]
    with pytest.raises(InvalidState) as refused:
        freeze(t)
    assert refused.value.ids == ("CUC-INV-PHASE",)


# --------------------------------------------------------------------------
# pinned by the mutation runs (each test names its rule)


def test_card_game_hooks_get_the_game_the_spaces_added_and_the_events(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # CUG-LEG-CRAZY, CUG-LEG-EXTRA through the card engine's hooks: begin_leg
    # hands the game's leg_setup the CardGame itself, the spaces the extension
    # just added (CUC-EXTEND) and the step's event list; choose hands
    # deck_ready the CardGame and the event list (the hook's contract in
    # kernel/engines/camel_cards/spec.py), whatever the hook reads of them.
    import attrs

    from kernel.games.camel_up_card_game_2023 import engine as cug_engine
    from kernel.games.camel_up_card_game_2023 import transitions as cug_transitions

    calls: list[tuple[str, object, object, object]] = []

    def leg_setup(g: Any, t: Any, added: Any, ev: Any) -> None:
        calls.append(("leg_setup", g, added, ev))
        cug_engine.leg_setup(g, t, added, ev)

    def deck_ready(g: Any, t: Any, ev: Any) -> None:
        calls.append(("deck_ready", g, None, ev))
        cug_engine.deck_ready(g, t, ev)

    recording = attrs.evolve(cug_engine.GAME, leg_setup=leg_setup, deck_ready=deck_ready)
    monkeypatch.setattr(cug_transitions, "GAME", recording)
    expected: list[tuple[str, object]] = []
    for seed in (1, 2):
        calls_before = len(calls)
        trace = kernel.play("camel-up-card-game-2023", {"players": 6}, seed=seed)
        for st in trace.steps:
            kinds = [e.kind for e in st.events]
            if "leg-reset" in kinds:
                spaces = [e.data["spaces"] for e in st.events if e.kind == "track-extended"]
                expected.append(("leg_setup", spaces[0] if spaces else 0))
            if "deck-ready" in kinds:
                expected.append(("deck_ready", None))
        assert len(calls) > calls_before
    assert [(name, added) for name, _g, added, _ev in calls] == expected
    assert any(added for _n, _g, added, _ev in calls), "no leg began with an extension"
    assert all(g is recording and type(ev) is list for _n, g, _a, ev in calls)


def test_own_kinds_take_their_sorted_place_among_the_engines() -> None:
    # KERNEL-LEGAL, the API's order (kernel.core.Action: "Actions sort by kind,
    # then values, which is the order legal_actions returns them in"; the card
    # engine's Legality promises it for every card game): whatever race-track
    # kinds of its own a card game adds, each group lands in its sorted place
    # among the engine's groups (fennec, leg, lose, mid, palm, reveal, win).
    # One own kind in every gap, before the first and after the last.
    from kernel.core import Action
    from kernel.engines.camel_cards.legal import Legality
    from kernel.games.camel_up_cards_2016.engine import GAME as CARDS

    own_kinds = ("a", "h", "li", "m", "move", "pass", "s", "x")
    own = {k: (Action(GAME, k),) for k in own_kinds}
    legality = Legality(CARDS, own_kinds, lambda s: own, lambda s, a: None)
    state = table(4, stacks={3: "B", 4: "G"})  # play, no bet yet, both figures free
    legal = legality.legal_actions(state)
    engine = ("fennec", "leg", "lose", "mid", "palm", "reveal", "win")
    assert {a.kind for a in legal} == {*engine, *own_kinds}
    assert list(legal) == sorted(legal)
    assert [k for k, _ in itertools.groupby(a.kind for a in legal)] == sorted(
        {*engine, *own_kinds})

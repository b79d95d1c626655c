"""The shared camel-card engine (kernel.games._camel_cards) as Camel Up Cards (2016) uses it.

The engine is parameterised by the game (its rule IDs, its camel rules with
their money floor, its own race-track actions); these tests check that the
parameters are what the engine reads, and that the typed table in hand
becomes a state only through every invariant check.
"""

from __future__ import annotations

import types

import attrs
import pytest
from helpers import first_state, table

import kernel
from kernel.core import Action, Event, InvalidState, Rejected
from kernel.games._camel_cards import legs, payouts
from kernel.games._camel_cards.legal import Legality, View
from kernel.games._camel_cards.table import Table, TableFields
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

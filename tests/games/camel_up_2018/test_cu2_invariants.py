"""Camel Up, 2nd edition (2018): the invariants CU2-INV-* and the plain data.

Every state of seeded random games breaks no invariant and reads back from its
plain data; each conformance-plan mutation breaks exactly the invariant it
names; hand-broken tables are refused by from_data with the broken IDs.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from test_cu2_game import games, start

from kernel.core import InvalidState
from kernel.decode import DecodeError
from kernel.games.camel_up_2018 import game, plain, state
from kernel.games.camel_up_2018.plans import plan

#: plan mutation -> the invariant it breaks (CU2-INV-*)
EXPECTED = {
    "camel-twice": ["CU2-INV-CAMELS"],
    "camel-missing": ["CU2-INV-CAMELS"],
    "camel-past-the-line-during-a-leg": ["CU2-INV-CAMELS"],
    "betting-ticket-twice": ["CU2-INV-TICKETS"],
    "tile-on-a-camel": ["CU2-INV-TILES"],
    "tiles-on-adjacent-spaces": ["CU2-INV-TILES"],
    "finish-card-twice": ["CU2-INV-CARDS"],
    "money-negative": ["CU2-INV-MONEY"],
    "die-revealed-twice": ["CU2-INV-DICE"],
    "one-sided-partnership": ["CU2-INV-PARTNERS"],
    "turn-out-of-range": ["CU2-INV-PHASE"],
    "unknown-phase": ["CU2-INV-PHASE"],
}


def test_random_states_valid_and_round_trip() -> None:
    # CU2-INV-CAMELS, CU2-INV-CARDS, CU2-INV-DICE, CU2-INV-MONEY, CU2-INV-PARTNERS,
    # CU2-INV-PHASE, CU2-INV-TICKETS, CU2-INV-TILES hold on every reachable state.
    for steps in games():
        for s, _a, _e in steps:
            assert state.violations(s) == ()
            data = json.loads(json.dumps(plain.to_data(s)))
            assert plain.from_data(data) == s


def test_plan_mutations_break_their_invariant() -> None:
    # Each mutation of the status vectors breaks exactly the invariant it is named for.
    states = [s for steps in games()[:6] for s, _a, _e in steps]
    seen = set()
    for name, phase, mutate in plan().mutations:
        for s in states:
            if s.phase != phase:
                continue
            try:
                data = mutate(copy.deepcopy(plain.to_data(s)))
            except LookupError:
                continue
            got = list(plain.status(data))
            assert got == EXPECTED.get(name, []), (name, got)
            seen.add(name)
            break
    assert seen == {n for n, _p, _m in plan().mutations}


@pytest.mark.parametrize(("patch", "broken"), [
    # CU2-INV-CAMELS: a camel missing
    ({"track": [[], ["blue", "green", "red", "yellow"]] + [[] for _ in range(14)]
      + [["white", "black"], []]}, "CU2-INV-CAMELS"),
    # CU2-INV-DICE: three dice out but two pyramid tickets taken
    ({"revealed": ["blue:1", "green:1", "red:1"], "pyramid_tickets": [1, 1, 0, 0]},
     "CU2-INV-DICE"),
    # CU2-INV-TICKETS: five blue tickets held
    ({"bets": [["blue:5", "blue:3"], ["blue:2"], ["blue:2"], ["blue:2"]]}, "CU2-INV-TICKETS"),
    # CU2-INV-TILES: a tile under the crazy camels
    ({"tiles": [None, {"space": 16, "side": "boo"}, None, None]}, "CU2-INV-TILES"),
    # CU2-INV-CARDS: a pile owner without a card
    ({"winner_pile": [2]}, "CU2-INV-CARDS"),
    # CU2-INV-PARTNERS: partners in a 4-player game
    ({"partners": [1, 0, None, None]}, "CU2-INV-PARTNERS"),
    # CU2-INV-MONEY
    ({"money": [3, -2, 3, 3]}, "CU2-INV-MONEY"),
    # CU2-INV-DICE: a second leg needs the previous leg's five dice
    ({"leg": 2}, "CU2-INV-DICE"),
])
def test_broken_tables_refused(patch: dict[str, Any], broken: str) -> None:
    # from_data refuses a table that breaks an invariant, naming it; status() lists it.
    data = {**plain.to_data(start()), **patch}
    assert broken in plain.status(data)
    with pytest.raises(InvalidState) as info:
        plain.from_data(data)
    assert broken in info.value.ids


def test_canonical_form_only() -> None:
    # CU2-INV-PHASE: the decoder takes exactly the canonical form (KERNEL-INPUT).
    data = plain.to_data(start())
    for bad in ({**data, "extra": 1}, {**data, "players": True}, {**data, "money": [3, 3, 3]},
                {**data, "hands": [["yellow", "blue", "green", "purple", "red"]] * 4},
                {**data, "tiles": [{"space": 5}, None, None, None]}):
        with pytest.raises(DecodeError):
            plain.read(bad)
        assert plain.status(bad) == ("CU2-INV-PHASE",)


def test_setup_phase_invariants() -> None:
    # CU2-INV-CAMELS during setup: racing camels only on 1-3, no crazy camel yet.
    s = game.new_game({"players": 3})
    s = game.apply(s, "die:red:2").state  # type: ignore[union-attr]
    data = plain.to_data(s)
    data["track"][5] = data["track"][2]
    data["track"][2] = []
    assert plain.status(data) == ("CU2-INV-CAMELS",)


def test_states_are_checked_when_built() -> None:
    # CU2-INV-MONEY, CU2-INV-CAMELS: no state breaking an invariant can be built, only a
    # candidate (read from plain data) that status() reports on.
    s = start()
    with pytest.raises(InvalidState) as info:
        state.checked(state.draft(s, money=(-1, 3, 3, 3)))
    assert info.value.ids == ("CU2-INV-MONEY",)
    fields = {name: getattr(s, name) for name in state.FIELDS}
    with pytest.raises(InvalidState):
        state.Camel2018State(**{**fields, "track": ((),) * 18})

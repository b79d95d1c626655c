"""Camel Up: The Card Game (2023): the invariants CUG-INV-*, one test (or more) each.

Each test breaks one thing in a table built from the spec's named fixtures
(spec/camel-up-card-game-2023/examples/fixtures.json) and sees exactly the
invariant's ID (``violations`` of a candidate made with ``candidate``, which
skips the checks), worked out by hand from the catalogue. Fast and
derandomized; in the mutation selection of
kernel/games/camel_up_card_game_2023/mutation.json.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from cug_tables import lay, plain, run, table

from kernel.core import Applied
from kernel.engines.camel_cards.table import without
from kernel.games.camel_up_card_game_2023 import game, state
from kernel.games.camel_up_card_game_2023.state import FIELDS, candidate, thaw, violations


def broken(s: Any, **changes: Any) -> tuple[str, ...]:
    """The invariants a candidate breaks: the fields of ``s`` with ``changes``."""
    return violations(candidate(**{**{name: getattr(s, name) for name in FIELDS}, **changes}))


def test_camels_invariant_clauses() -> None:
    # CUG-INV-CAMELS: six camels, each with a height, each on a cell 0..Finish (17 here).
    s = table("cug-leg1-4p")
    assert broken(s) == ()
    assert "CUG-INV-CAMELS" in broken(s, pos=(1, 2, 2, 4, 18, 7))  # past the Finish
    assert "CUG-INV-CAMELS" in broken(s, pos=(-1, 2, 2, 4, 5, 7))  # before the start
    assert "CUG-INV-CAMELS" in broken(s, height=(0, 0, 1, 0, 0))  # a height missing


def test_stacks_invariant_gap() -> None:
    # CUG-INV-STACKS: stacks are gap-free: blue alone on space 1 cannot stand at height 1.
    s = table("cug-leg1-4p")
    assert broken(s, height=(1, 0, 1, 0, 0, 0)) == ("CUG-INV-STACKS",)


def test_crazy_invariant_clauses() -> None:
    # CUG-INV-CRAZY: never past the start line.
    s = table("cug-leg1-4p")
    assert "CUG-INV-CRAZY" in broken(s, pos=(1, 2, 2, 4, 5, -1))
    # CUG-LEG-CRAZY: at a leg's setup (5 players, discard phase) not behind the fourth
    # racing camel. Order from the front: yellow 6, white 4, orange 3 (on green), green 3,
    # blue 1. The crazy camel on space 2 is between the fourth (green) and the fifth.
    setup = plain("cug-discard-5p")
    assert game.status(setup) == ()
    between = lay(19, c1=["blue"], c2=["black"], c3=["green", "orange"], c4=["white"],
                  c6=["yellow"])
    assert game.status({**setup, "stacks": between}) == ("CUG-INV-CRAZY",)
    # two racing camels share fifth place behind the start line: the crazy camel there is
    # not behind the fourth (CUG-LEG-CRAZY's interpretation), so nothing is broken
    # (camels behind the line are listed in colour order, the crazy camel last: the
    # canonical form; another order is refused by from_data and so by status, KERNEL-INPUT)
    shared = lay(19, c0=["blue", "green", "black"], c3=["orange"], c4=["white"],
                 c6=["yellow"])
    assert game.status({**setup, "stacks": shared}) == ()
    unsorted = lay(19, c0=["blue", "black", "green"], c3=["orange"], c4=["white"],
                   c6=["yellow"])
    assert game.status({**setup, "stacks": unsorted}) == ("CUG-INV-PHASE",)


def test_crazy_invariant_under_or_on_the_fourth_camel() -> None:
    # CUG-INV-CRAZY (CUG-LEG-CRAZY): on the fourth racing camel's space, the crazy camel
    # is behind it when under it and not behind it when above it: places on one space
    # go by height. Fourth from the front here: green (yellow 6, white 4, orange on 3).
    setup = plain("cug-discard-5p")
    under = lay(19, c1=["blue"], c3=["black", "green", "orange"], c4=["white"],
                c6=["yellow"])
    assert game.status({**setup, "stacks": under}) == ("CUG-INV-CRAZY",)
    above = lay(19, c1=["blue"], c3=["green", "black", "orange"], c4=["white"],
                c6=["yellow"])
    assert game.status({**setup, "stacks": above}) == ()


def test_cards_invariant_before_the_first_reveals() -> None:
    # CUG-INV-CARDS (CUG-SETUP-REVEAL): before the starting reveals end, no card is in the
    # racing deck or the discard pile, and at most 4 of the 5 reveals are done.
    s = game.new_game({"players": 4})
    four, _ = run(s, "draw:blue+1", "draw:green+1", "draw:orange+1", "draw:white+1")
    assert four.phase == "setup" and len(four.revealed) == 4
    stock = list(four.stock)
    card = stock.pop(stock.index("yellow+1"))
    rest = tuple(stock)
    assert broken(four, stock=rest, discard=(card,)) == ("CUG-INV-CARDS",)
    assert broken(four, stock=rest, deck=(card,)) == ("CUG-INV-CARDS",)
    assert broken(four, stock=rest, revealed=(*four.revealed, card)) == ("CUG-INV-CARDS",)


def test_legcards_invariant_clauses() -> None:
    # CUG-INV-LEGCARDS: a leader stack and a midfield card for each of the 5 colours; each
    # stack is the top of 2, 2, 3, 5 with the rest held by seats; each midfield card on
    # the table or with exactly one seat.
    s = table("cug-leg1-4p")
    assert broken(s, leaders=s.leaders[:4]) == ("CUG-INV-LEGCARDS",)
    assert broken(s, midfield=s.midfield[:4]) == ("CUG-INV-LEGCARDS",)
    two_mids = broken(s, midfield=(False, True, True, True, True),
                      bets=(((0, 0),), ((0, 0),), (), ()))
    assert two_mids == ("CUG-INV-LEGCARDS",)
    assert broken(s, midfield=(False, True, True, True, True)) == ("CUG-INV-LEGCARDS",)
    # blue's stack 2, 2, 5 (its 3 gone) with the 5 held by seat 0: not the stack's top
    assert broken(s, leaders=((2, 2, 5), *s.leaders[1:]), bets=(((0, 5),), (), (), ())) == (
        "CUG-INV-LEGCARDS",)
    # blue's 5 taken from the stack but held by nobody
    assert broken(s, leaders=((2, 2, 3), *s.leaders[1:])) == ("CUG-INV-LEGCARDS",)


def test_finalcards_invariant_colours() -> None:
    # CUG-INV-FINALCARDS: a final card is one of the 5 racing colours (0..4).
    s = table("cug-leg1-4p")
    assert broken(s, winner_bets=(5, -1, -1, -1)) == ("CUG-INV-FINALCARDS",)
    assert broken(s, loser_bets=(-1, 5, -1, -1)) == ("CUG-INV-FINALCARDS",)
    assert broken(s, winner_bets=(4, -1, -1, -1)) == ()


def test_ledger_invariant_one_entry_a_seat() -> None:
    # CUG-INV-FLOOR and CUG-INV-LEDGER: one amount of money a seat, each 3 plus its
    # payouts; a fifth amount at a 4-player table breaks both.
    s = table("cug-leg1-4p")
    assert broken(s, money=(3, 3, 3, 3, 3)) == ("CUG-INV-FLOOR", "CUG-INV-LEDGER")


def test_markers_invariant_cells() -> None:
    # CUG-INV-MARKERS: a marker on the track is on a space before the Finish (17 here);
    # a marker off the track has its card beside the track (no holder).
    s = table("cug-leg1-4p", shortcut={"space": 16, "holder": 1},
              shortcut_tokens=[True, False, True, True], shortcut_placers=[1])
    assert broken(s) == ()
    assert broken(s, palm=17) == ("CUG-INV-MARKERS",)
    assert broken(s, fennec_holder=2) == ("CUG-INV-MARKERS",)


def test_markers_invariant_tokens() -> None:
    # CUG-INV-MARKERS: a seat holds its token exactly when it has not placed that marker
    # this leg; the placers are seats (0..3 here), each once
    s = table("cug-leg1-4p", shortcut={"space": 16, "holder": 1},
              shortcut_tokens=[True, False, True, True], shortcut_placers=[1])
    assert broken(s) == ()
    assert broken(s, shortcut_tokens=(True, True, True, True)) == ("CUG-INV-MARKERS",)
    assert broken(s, shortcut_tokens=(False, False, True, True)) == ("CUG-INV-MARKERS",)
    assert broken(s, shortcut_tokens=(1, False, 1, 1)) == ("CUG-INV-MARKERS",)  # not flags
    assert broken(s, shortcut_placers=(1, 1)) == ("CUG-INV-MARKERS",)
    # a placer that is no seat: one before the first, one past the last (every token held)
    assert broken(s, shortcut_placers=(-1,), shortcut_tokens=(True,) * 4,
                  palm=0, palm_holder=-1) == ("CUG-INV-MARKERS",)
    assert broken(s, shortcut_placers=(4,), shortcut_tokens=(True,) * 4,
                  palm=0, palm_holder=-1) == ("CUG-INV-MARKERS",)
    assert broken(s, shortcut_placers=(True,), shortcut_tokens=(True, False, True, True),
                  palm=0, palm_holder=-1) == ("CUG-INV-MARKERS",)  # a flag, not a seat
    # the fennec's alike: nobody has placed it, every seat holds its token
    assert broken(s, fennec_tokens=(True, True, False, True)) == ("CUG-INV-MARKERS",)


def test_extend_invariant_clauses() -> None:
    # CUG-INV-EXTEND (CUG-EXTEND): while a leg is set up after an extension, exactly 3
    # spaces lie ahead of the leading racing camel, fewer only with no track card left.
    setup = plain("cug-discard-5p")
    # 11 cards, 22 spaces, yellow leads on 20: 2 spaces ahead and 1 card left: broken
    eleven = {**setup, "track": "F" * 11, "extended": 1,
              "stacks": lay(24, c1=["blue"], c3=["green", "orange"], c4=["white"],
                            c6=["black"], c20=["yellow"])}
    assert game.status(eleven) == ("CUG-INV-EXTEND",)
    # all 12 cards laid, yellow leads on 22: 2 spaces ahead and no card left: fine
    twelve = {**setup, "track": "F" * 12, "extended": 1,
              "stacks": lay(26, c1=["blue"], c3=["green", "orange"], c4=["white"],
                            c6=["black"], c22=["yellow"])}
    assert game.status(twelve) == ()


def test_phase_invariant_clauses() -> None:
    # CUG-INV-PHASE: the seat on turn and the starting player are seats (0..3 here); no
    # intel cards in this game: one empty intel hand a seat and nothing shown.
    s = table("cug-leg1-4p")
    assert broken(s, turn=4) == ("CUG-INV-PHASE",)
    assert broken(s, starter=4) == ("CUG-INV-PHASE",)
    assert broken(s, intel=((), (), ())) == ("CUG-INV-PHASE",)
    assert broken(s, shown=("blue+1",)) == ("CUG-INV-PHASE",)
    assert broken(s, intel=(("blue+1",), (), (), ())) == ("CUG-INV-PHASE",)


def test_track_invariant_never_shorter_than_set_up() -> None:
    # CUG-INV-TRACK (CUG-SETUP-TRACK): 4 players race on 16 spaces, 8 cards; 7 is too few.
    short = plain("cug-leg1-4p", track="F" * 7, stacks=lay(16, c1=["blue"],
                                                           c2=["green", "orange"],
                                                           c4=["white"], c5=["yellow"],
                                                           c7=["black"]))
    assert game.status(short) == ("CUG-INV-TRACK",)


def _dealing() -> Any:
    """Leg 2 of the 4-player fixture, its deal just begun (CUG-LEG-DEAL)."""
    s, _ = run(table("cug-last-card-4p"), "reveal", "draw:yellow+1")
    assert s.phase == "deal" and not any(s.hands)
    return s


def test_setupcard_invariant_during_the_deal() -> None:
    # CUG-INV-SETUPCARD (CUG-LEG-DEAL): the deal goes round from seat 0 one card at a
    # time, so two cards dealt lie one with seat 0 and one with seat 1.
    s, _ = run(_dealing(), "draw:blue+1", "draw:green+1")
    assert broken(s) == ()
    assert broken(s, hands=(("blue+1", "green+1"), (), (), ())) == ("CUG-INV-SETUPCARD",)
    # once every seat holds its 6 cards the deal is over: a deal phase then is broken
    while s.phase == "deal":
        s, _ = run(s, game.legal_actions(s)[0].text)
    assert s.phase == "discard" and [len(h) for h in s.hands] == [6] * 4
    assert broken(s, phase="deal") == ("CUG-INV-SETUPCARD",)


def test_setupcard_invariant_choices_and_play() -> None:
    # CUG-INV-SETUPCARD (CUG-LEG-DISCARD): 5 players are dealt 4 and discard 2 each in
    # seat order; seat 0, on turn, has not yet discarded both (it holds more than 2).
    s = table("cug-discard-5p")
    hand = s.hands[0]
    assert broken(s, hands=(hand[2:], *s.hands[1:]),
                  discard=tuple(sorted((*s.discard, *hand[:2])))) == ("CUG-INV-SETUPCARD",)
    # CUG-LEG-PERSONAL: during play a seat has at most one card in front of it
    play = table("cug-leg1-4p")
    card = play.deck[-1]
    assert broken(play, hands=((*play.hands[0], card), *play.hands[1:]),
                  deck=play.deck[:-1]) == ("CUG-INV-SETUPCARD",)


def test_phase_invariant_turn_flags() -> None:
    # CUG-INV-PHASE: before the first leg (setup, leg 0) and while a leg is set up no turn
    # is under way (no bet, no race-track action, nothing played this leg); a leg is
    # numbered from 1; the draw follows a reveal (the race-track action not yet done, a
    # card to draw); a turn with both its actions done is over; so is the finished race's.
    start = game.new_game({"players": 4})
    assert broken(start) == ()
    for flags in ({"bet_done": True}, {"track_done": True}):
        assert broken(start, **flags) == ("CUG-INV-PHASE",), flags
    s = table("cug-leg1-4p")
    assert broken(s, leg=0) == ("CUG-INV-PHASE",)
    assert broken(s, bet_done=True, track_done=True) == ("CUG-INV-PHASE",)
    assert broken(s, phase="draw", track_done=True) == ("CUG-INV-PHASE",)
    assert broken(s, phase="draw", deck=()) == ("CUG-INV-PHASE",)
    for flags in ({"bet_done": True}, {"track_done": True}):
        assert broken(s, phase="over", **flags) == ("CUG-INV-PHASE",), flags
    setup = table("cug-discard-5p")
    assert broken(setup) == ()
    during: tuple[dict[str, Any], ...] = (
        {"bet_done": True}, {"track_done": True}, {"revealed": ("blue+1",)})
    for changes in during:
        assert broken(setup, **changes) == ("CUG-INV-PHASE",), changes


def test_phase_invariant_age_order_lists_every_seat_once() -> None:
    # CUG-INV-PHASE: the seats' age order lists the seats 0..p-1 once each.
    s = table("cug-leg1-4p")
    assert broken(s, age_order=(3, 1, 0, 2)) == ()
    for ages in ((0, 0, 2, 3), (1, 2, 3, 4), (0, 1, 2)):
        assert broken(s, age_order=ages) == ("CUG-INV-PHASE",), ages


def test_unreadable_candidates() -> None:
    # CUG-INV-PHASE and each check that cannot read the candidate:
    # violations (state.py): a candidate so broken that a check cannot read it breaks
    # CUG-INV-PHASE when the phase check cannot read it, else each check that cannot.
    s = table("cug-leg1-4p")
    assert broken(s, players=None) == ("CUG-INV-PHASE",)
    assert broken(s, players="4") == ("CUG-INV-PHASE",)
    # no position: the camels, stacks and crazy camel checks cannot read it (the markers
    # and extension checks read positions only with a marker out or after an extension)
    assert broken(s, pos=None) == ("CUG-INV-CAMELS", "CUG-INV-STACKS", "CUG-INV-CRAZY")


def test_violations_never_trusts_a_broken_or_changed_candidate() -> None:
    # CUG-INV-LEDGER (and every CUG-INV-*: checks reused from an earlier state):
    # violations (state.py): every call reports every invariant the candidate breaks now:
    # asked twice about the same broken candidate, it answers the same twice; a table
    # edited after a check, or a state holding a list edited in place, is checked anew.
    s = table("cug-leg1-4p")
    fields = {name: getattr(s, name) for name in FIELDS}
    rich = candidate(**{**fields, "money": (9, 3, 3, 3)})
    assert violations(rich) == violations(rich) == ("CUG-INV-LEDGER",)
    t = thaw(s)
    assert violations(t) == ()
    t.money = (9, 3, 3, 3)
    assert violations(candidate(**{name: getattr(t, name) for name in FIELDS})) == (
        "CUG-INV-LEDGER",)
    money = [3, 3, 3, 3]
    listed = candidate(**{**fields, "money": money})
    assert violations(listed) == ()
    money[0] = 9
    assert violations(listed) == ("CUG-INV-LEDGER",)
    # and from a cold start (nothing checked yet since the import)
    kept = state._LAST[0]
    state._LAST[0] = state._NOTHING
    try:
        assert violations(s) == ()
        assert violations(rich) == ("CUG-INV-LEDGER",)
    finally:
        state._LAST[0] = kept


def test_each_valid_state_is_the_next_checks_starting_point() -> None:
    # CUG-INV-* checked incrementally (state.py): a state built by a transition, and a
    # valid state asked about, become the last valid state, so that the next state is
    # checked on what its transition changed; a table in hand never does.
    s = table("cug-leg1-4p")
    applied = game.apply(s, game.legal_actions(s)[0])
    assert isinstance(applied, Applied)
    nxt = applied.state
    assert state._LAST[0] is nxt
    assert violations(s) == () and state._LAST[0] is s
    assert violations(thaw(nxt)) == () and state._LAST[0] is s  # a table could still change
    assert state.full_violations(nxt) == () and state._LAST[0] is s


def test_a_draw_and_a_leg_bet_are_checked_against_the_last_valid_state(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # CUG-INV-CARDS, CUG-INV-LEGCARDS checked incrementally (state.py): a draw moves
    # one card from the deck to the revealed cards, a leg bet one leader or midfield
    # card to a seat; right after its parent, such a state is checked against the
    # parent's zones alone (the full zone checks do not run), and passes; the same
    # move with the card also left where it was is checked in full and fails.
    import kernel

    steps = [(st.action.kind, st.state)
             for st in kernel.play("camel-up-card-game-2023", {"players": 5}, 0).steps]
    full: list[str] = []
    monkeypatch.setattr(state, "_cards", _recorder(full, "cards"))
    monkeypatch.setattr(state, "_legcards", _recorder(full, "legcards"))
    fast = {"cards": 0, "legcards": 0}
    pairs = [(parent, kind, child) for (_, parent), (kind, child) in itertools.pairwise(steps)
             if child.leg == parent.leg and child.phase != "over"]  # a leg's end: in full
    for parent, kind, child in pairs:
        if parent.phase == "draw" and kind == "draw":
            key = "cards"
        elif kind in ("leg", "mid"):
            key = "legcards"
        else:
            continue
        assert violations(parent) == ()
        full.clear()
        assert violations(child) == () and key not in full, (kind, full)
        fast[key] += 1
    assert fast["cards"] > 20 and fast["legcards"] > 10
    monkeypatch.undo()
    for parent, kind, child in pairs:
        fields = {name: getattr(child, name) for name in FIELDS}
        if parent.phase == "draw" and kind == "draw":
            bad = candidate(**{**fields, "deck": parent.deck})
            assert violations(parent) == () and violations(bad) == ("CUG-INV-CARDS",)
        elif kind == "leg":
            bad = candidate(**{**fields, "leaders": parent.leaders})
            assert violations(parent) == () and violations(bad) == ("CUG-INV-LEGCARDS",)
        elif kind == "mid":
            bad = candidate(**{**fields, "midfield": parent.midfield})
            assert violations(parent) == () and violations(bad) == ("CUG-INV-LEGCARDS",)


def _recorder(calls: list[str], name: str) -> Callable[..., bool]:
    """A stand-in for a full check: records that it ran, and passes."""
    def check(*args: object) -> bool:
        calls.append(name)
        return True
    return check


#: What each full check of state.py is allowed to read: each runs after a valid state
#: exactly when one of these fields changed (CUG-INV-* checked incrementally); that the
#: checks read nothing else is recorded below (_reads), not taken from the code.
_READS: dict[str, frozenset[str]] = {name: frozenset(fields.split()) for name, fields in {
    "_camels": "pos height track",  # CUG-INV-CAMELS
    "_stacks": "pos height track phase",  # CUG-INV-STACKS
    "_crazy": "pos height phase",  # CUG-INV-CRAZY
    "_cards": "phase hands stock discard deck revealed",  # CUG-INV-CARDS
    "_legcards": "leaders midfield bets",  # CUG-INV-LEGCARDS
    "_finalcards": "players winner_bets loser_bets",  # CUG-INV-FINALCARDS
    "_marker_tokens": "players phase fennec_tokens shortcut_tokens fennec_placers "
                      "shortcut_placers",  # CUG-INV-MARKERS
    "_marker_cells": "pos height track palm palm_holder fennec fennec_holder fennec_placers "
                     "shortcut_placers",  # CUG-INV-MARKERS
    "_floor": "players money",  # CUG-INV-FLOOR
    "_ledger": "players money payouts",  # CUG-INV-LEDGER
    "_extend": "pos height track phase extended",  # CUG-INV-EXTEND
    "_track": "players track",  # CUG-INV-TRACK
    "_setupcard": "players phase hands turn",  # CUG-INV-SETUPCARD
}.items()}


class _Reader:
    """A state's stand-in that records the name of every field read from it."""

    def __init__(self, s: Any, seen: set[str]) -> None:
        self._s, self._seen = s, seen

    def __getattr__(self, name: str) -> Any:
        self._seen.add(name)
        return getattr(self._s, name)


def _games() -> list[list[Any]]:
    """The states of seeded games at every player count (2 to 6)."""
    import kernel

    return [[st.state for st in kernel.play("camel-up-card-game-2023", {"players": p}, 0).steps]
            for p in range(2, 7)]


def test_each_check_runs_exactly_when_what_it_reads_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # CUG-INV-* checked incrementally (state.py): right after a valid state, a state of
    # the game runs a full check exactly when a field that check reads is not the very
    # object the valid state holds; so a check is never skipped when its fields changed,
    # nor run again when they did not. Two readings of the checks themselves: none
    # tells a turn (play) from a draw of the racing deck (draw), and CUG-INV-SETUPCARD
    # reads the seat on turn only while the seats choose their cards (not during turns).
    # A draw (CUG-INV-CARDS), a leg bet (CUG-INV-LEGCARDS) and a card moved in a leg's
    # setup (CUG-INV-CARDS, CUG-INV-SETUPCARD) are checked against the valid state's
    # zones instead (tests above and below): those three checks may run less. A check
    # that reads the phase only to be stricter in part of the game runs again on a new
    # phase only when that moves it into its stricter part (_phase_counts).
    games = _games()
    read: dict[str, set[str]] = {name: set() for name in _READS}
    for s in itertools.chain.from_iterable(games):
        for name, seen in read.items():
            assert getattr(state, name)(_Reader(s, seen)), (name, s.phase)
    for name, seen in read.items():
        assert seen <= _READS[name], (name, seen - _READS[name])
    ran: list[str] = []
    for name in _READS:
        monkeypatch.setattr(state, name, _counted(ran, name, getattr(state, name)))
    turns = {"play", "draw"}
    compared = 0
    for parent, child in itertools.chain.from_iterable(map(itertools.pairwise, games)):
        changed = {name for name in FIELDS if getattr(child, name) is not getattr(parent, name)}
        if {parent.phase, child.phase} <= turns:
            changed.discard("phase")
        expected = {name for name, fields in _READS.items()
                    if fields - ({"turn"} if name == "_setupcard" and child.phase in turns
                                 else set())
                    - (set() if _phase_counts(name, parent.phase, child.phase) else {"phase"})
                    & changed}
        assert violations(parent) == ()
        ran.clear()
        assert violations(child) == ()
        tight = {"_cards", "_legcards", "_setupcard"}
        assert set(ran) - tight == expected - tight, (parent.phase, child.phase,
                                                       sorted(changed))
        assert set(ran) <= expected, (parent.phase, child.phase, sorted(changed))
        compared += 1
    assert compared > 1000


def _phase_counts(name: str, before: str, after: str) -> bool:
    """Whether a new phase (``before`` to ``after``) can change the answer of the check
    ``name`` on the same other fields: CUG-INV-STACKS is stricter unless the race is
    over, CUG-INV-CRAZY while a leg is set up, CUG-INV-MARKERS' tokens while the game or
    a leg is set up; CUG-INV-EXTEND reads the extension only while a leg is set up and
    its sign otherwise."""
    legs = state.LEG_SETUP
    if name == "_stacks":
        return before == "over"
    if name == "_crazy":
        return after in legs and before not in legs
    if name == "_marker_tokens":
        return (after == "setup" or after in legs) and not (before == "setup" or before in legs)
    if name == "_extend":
        return (after in legs) != (before in legs)
    return True


def _counted(calls: list[str], name: str, check: Callable[[Any], bool]) -> Callable[..., bool]:
    """The check ``check``, recording that it ran."""
    def counted(s: Any) -> bool:
        calls.append(name)
        return check(s)
    return counted


def test_a_candidate_holding_a_list_never_becomes_the_last_valid_state() -> None:
    # CUG-INV-* checked incrementally (state.py): a candidate holding a list where a
    # state holds a tuple could change after its check, so it is answered as the full
    # check answers and never becomes the last valid state (whose fields the next
    # checks compare by identity), whichever field holds the list (but the three only
    # CUG-INV-PHASE reads: test_a_list_only_the_phase_check_reads_is_trusted).
    valid = 0
    for s in (table("cug-leg1-4p"), table("cug-discard-5p"), _dealing(),
              game.new_game({"players": 6})):
        fields = {name: getattr(s, name) for name in FIELDS}
        for name, value in fields.items():
            if type(value) is not tuple or name in _PHASE_ONLY:
                continue
            assert violations(s) == () and state._LAST[0] is s
            listed = candidate(**{**fields, name: list(value)})
            found = violations(listed)
            assert found == state.full_violations(listed), name
            assert state._LAST[0] is s, name
            valid += found == ()
    assert valid > 40


def test_a_list_for_the_extensions_count_is_never_trusted() -> None:
    # CUG-INV-EXTEND checked incrementally (state.py): at a leg's setup the check reads
    # the count of extensions only against 0, so a one-element list passes it; such a
    # candidate must not become the last valid state either (whose fields the next
    # checks compare by identity). 12 track cards laid, yellow leads on 22.
    s = table("cug-discard-5p", track="F" * 12, extended=1,
              stacks=lay(26, c1=["blue"], c3=["green", "orange"], c4=["white"],
                         c6=["black"], c22=["yellow"]))
    listed = candidate(**{**{n: getattr(s, n) for n in FIELDS}, "extended": [1]})
    assert violations(s) == () and state._LAST[0] is s
    assert violations(listed) == () == state.full_violations(listed)
    assert state._LAST[0] is s


def test_a_readable_candidate_is_checked_in_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    # CUG-INV-* checked incrementally (state.py): each check of a candidate every check
    # can read is called directly, once; only when a check cannot read the candidate
    # are the checks run again, each guarded (state._holds), so that the unreadable
    # field breaks its invariant instead of raising (CUG-INV-CAMELS here).
    guarded: list[str] = []
    guard = state._holds

    def holds(check: Callable[[Any], bool], s: Any) -> bool:
        guarded.append(check.__name__)
        return guard(check, s)

    monkeypatch.setattr(state, "_holds", holds)
    for s in _games()[2][:40]:
        fields = {name: getattr(s, name) for name in FIELDS}
        assert violations(candidate(**fields)) == (), s.phase
        assert state.full_violations(s) == ()
    assert guarded == []
    s = table("cug-leg1-4p")
    assert "CUG-INV-CAMELS" in state.full_violations(
        candidate(**{**{n: getattr(s, n) for n in FIELDS}, "pos": None}))
    assert "_camels" in guarded


#: The fields only CUG-INV-PHASE reads (the seats' age order, the intel and shown zones).
_PHASE_ONLY = ("age_order", "intel", "shown")


def test_a_list_only_the_phase_check_reads_is_never_trusted() -> None:
    # CUG-INV-PHASE checked incrementally (state.py): a state built with a list for the
    # seats' age order, intel or shown cards must not become the last valid state, or
    # the list edited in place would no longer be checked (violations would find
    # nothing where the full check finds CUG-INV-PHASE).
    s = table("cug-leg1-4p")
    for name in _PHASE_ONLY:
        value = list(getattr(s, name))
        listed = candidate(**{**{n: getattr(s, n) for n in FIELDS}, name: value})
        assert violations(s) == () and violations(listed) == ()
        assert state._LAST[0] is not listed, name


class _Watched(tuple):  # type: ignore[type-arg]
    """A tuple that records in ``seen`` each time it is read (iterated or measured)."""

    seen: list[str]
    name: str

    def watch(self, name: str, seen: list[str]) -> _Watched:
        self.name, self.seen = name, seen
        return self

    def __iter__(self) -> Any:
        self.seen.append(self.name)
        return super().__iter__()

    def __len__(self) -> int:
        self.seen.append(self.name)
        return super().__len__()


def test_phase_check_reads_again_only_what_the_last_valid_state_does_not_share() -> None:
    # CUG-INV-PHASE checked incrementally (state.py): right after a valid state, the
    # seats' age order is read again only when it is not the valid state's very object,
    # and the intel and shown zones only when one of them is not; the full check reads
    # all three.
    s = table("cug-leg1-4p")
    seen: list[str] = []
    fields = {name: getattr(s, name) for name in FIELDS}

    def watched(**changes: Any) -> dict[str, Any]:
        return {**fields, **{name: _Watched(getattr(s, name)).watch(name, seen)
                             for name in _PHASE_ONLY}, **changes}

    valid = watched()
    expected = {(): set(), ("age_order",): {"age_order"}, ("intel",): {"intel", "shown"},
                ("shown",): {"intel", "shown"}}
    for fresh, read in expected.items():
        renewed = {name: _Watched(getattr(s, name)).watch(name, seen) for name in fresh}
        child = candidate(**{**valid, "money": tuple(list(s.money)), **renewed})
        assert violations(candidate(**valid)) == ()
        seen.clear()
        assert violations(child) == ()
        assert set(seen) == read, fresh
        seen.clear()
        assert state.full_violations(child) == () and set(seen) == set(_PHASE_ONLY)


def _setup_steps(players: int, seed: int, last: bool = False) -> list[tuple[str, Any, Any]]:
    """(action kind, parent, child) for each step of a seeded game within a leg's setup
    (``last``: also each phase's last step)."""
    import kernel

    trace = kernel.play("camel-up-card-game-2023", {"players": players}, seed)
    states = [trace.initial, *(st.state for st in trace.steps)]
    setup = ("deal", "discard", "deck", "extra", "crazy")
    return [(st.action.kind, parent, child)
            for st, parent, child in zip(trace.steps, states[:-1], states[1:], strict=True)
            if parent.phase in setup and (last or child.phase == parent.phase)]


def test_a_card_moved_in_a_legs_setup_is_checked_against_the_last_valid_state(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # CUG-INV-CARDS, CUG-INV-SETUPCARD checked incrementally (state.py: _moved,
    # _handed): a deal (the stock to a hand) and a choice (a hand to the discard or the
    # deck) move one card between a hand and another sorted zone; right after its
    # parent such a state is checked against the parent's zones and hand sizes (neither
    # full check runs) and passes.
    ran: list[str] = []
    monkeypatch.setattr(state, "_cards", _recorder(ran, "cards"))
    monkeypatch.setattr(state, "_setupcard", _recorder(ran, "setupcard"))
    seen: dict[str, int] = {}
    for players in (4, 5):
        for kind, parent, child in _setup_steps(players, 1):
            if parent.phase not in ("deal", "discard", "deck"):
                continue
            assert violations(parent) == ()
            ran.clear()
            assert violations(child) == ()
            assert ran == [], (kind, parent.phase, ran)
            seen[parent.phase] = seen.get(parent.phase, 0) + 1
    assert seen.keys() == {"deal", "discard", "deck"}, seen
    assert min(seen.values()) >= 2, seen


def _zones(s: Any) -> dict[Any, Any]:
    """The sorted zones of a table a card can move between: the stock, the discard,
    the deck and each hand (by seat)."""
    return {"stock": s.stock, "discard": s.discard, "deck": s.deck,
            **{seat: hand for seat, hand in enumerate(s.hands)}}


def _with_zones(s: Any, zones: dict[Any, Any], **changes: Any) -> Any:
    """A candidate: ``s`` with these zones (and other fields) replaced."""
    hands = tuple(zones[seat] for seat in range(len(s.hands)))
    return candidate(**{**{name: getattr(s, name) for name in FIELDS}, "hands": hands,
                        "stock": zones["stock"], "discard": zones["discard"],
                        "deck": zones["deck"], **changes})


def test_every_card_moved_in_a_legs_setup_is_answered_as_the_full_check_answers() -> None:
    # CUG-INV-CARDS, CUG-INV-SETUPCARD checked incrementally (state.py: _moved,
    # _handed): from each valid state of a leg's setup, a card moved from any sorted
    # zone to any other (a seat's hand, the stock, the discard, the deck), the turn
    # kept, passed on (also as a float) or passed back, is answered by violations as
    # the full check answers; so are the spoils of a real step: the card also left where
    # it was, another card taken from the source, the card also among the revealed
    # cards, another phase, an extra seat holding a card, the zone given the card also
    # changed further on, a deal that also puts the card into the deck.
    answers: dict[tuple[str, ...], int] = {}
    spoils: dict[str, int] = {}  # the two spoils below that not every step allows

    def same(parent: Any, spoiled: Any) -> None:
        assert violations(parent) == () and state._LAST[0] is parent
        found = violations(spoiled)
        assert found == state.full_violations(spoiled), (parent.phase, found)
        answers[found] = answers.get(found, 0) + 1

    for players in (4, 6):
        for kind, parent, child in _setup_steps(players, 2, last=True):
            zones = _zones(parent)
            for src, dst in itertools.permutations(zones, 2):
                for card in dict.fromkeys(zones[src][:2]):
                    moved = {**zones, src: without(zones[src], card),
                             dst: tuple(sorted((*zones[dst], card)))}
                    for turn in (parent.turn, parent.turn + 1, float(parent.turn + 1),
                                 parent.turn - 1):
                        if 0 <= turn < players:
                            same(parent, _with_zones(parent, moved, turn=turn))
                    for phase in ("deal", "discard", "deck"):  # another phase's sizes
                        same(parent, _with_zones(parent, moved, phase=phase))
            if child.phase != parent.phase:
                continue
            now = _zones(child)
            changed = [name for name in zones if now[name] is not zones[name]]
            assert len(changed) == 2, (kind, changed)
            src, dst = sorted(changed, key=lambda name: len(now[name]) - len(zones[name]))
            card = next(c for c in zones[src] if now[src] == without(zones[src], c))
            left = {**now, src: tuple(list(zones[src]))}  # the card left where it was too
            same(parent, _with_zones(child, left))
            others = [c for c in zones[src] if c != card]
            if others:  # another card taken from the source
                same(parent, _with_zones(child, {**now, src: without(zones[src], others[0])}))
            same(parent, _with_zones(child, now, revealed=(card,)))
            same(parent, _with_zones(child, now, phase="crazy"))
            # the zone given the card also changed further on (a later card of it is
            # the moved card again); a deal that also puts the card into the deck
            k = now[dst].index(card)
            later = [j for j in range(k + 1, len(now[dst])) if now[dst][j] != card]
            if later:
                j = later[0]
                swapped = (*now[dst][:j], card, *now[dst][j + 1:])
                same(parent, _with_zones(child, {**now, dst: swapped}))
                spoils["later"] = spoils.get("later", 0) + 1
            if src == "stock":
                same(parent, _with_zones(child, {**now, "deck": (*now["deck"], card)}))
                spoils["deck too"] = spoils.get("deck too", 0) + 1
            for seat in range(players):  # a hand that is not a tuple of cards
                same(parent, _with_zones(child, {**now, seat: len(zones[seat])}))
            if players < 6:  # one seat more, holding the moved card again
                extra = candidate(**{**{name: getattr(child, name) for name in FIELDS},
                                     "players": players + 1,
                                     "age_order": (*child.age_order, players),
                                     "hands": (*child.hands, (card,)),
                                     "intel": (*child.intel, ()), "bets": (*child.bets, ())})
                same(parent, extra)
    assert answers[()] > 100
    assert answers[("CUG-INV-CARDS",)] > 100
    assert answers[("CUG-INV-SETUPCARD",)] > 100
    assert answers[("CUG-INV-CARDS", "CUG-INV-SETUPCARD")] > 10
    assert spoils["later"] > 10 and spoils["deck too"] > 10


def test_a_card_moved_at_the_setup_or_into_a_full_hand_is_checked_in_full() -> None:
    # CUG-INV-CARDS (nothing in the deck before the first reveals are done),
    # CUG-INV-SETUPCARD (a seat never holds more cards than dealt while it chooses):
    # a card moved from a valid state at the setup, a card from the stock added to the
    # hand of the seat choosing its discards, and a personal card moved into the deck
    # but also revealed are answered as the full check answers.
    s = game.new_game({"players": 4})
    assert s.phase == "setup"
    zones = _zones(s)
    card = s.stock[0]
    into_deck = _with_zones(s, {**zones, "stock": s.stock[1:], "deck": (card,)})
    assert violations(s) == () and violations(into_deck) == ("CUG-INV-CARDS",)
    assert state.full_violations(into_deck) == ("CUG-INV-CARDS",)
    discarding = table("cug-discard-5p")
    zones = _zones(discarding)
    card = discarding.discard[0]  # kept in the stock: a valid state in the discard phase
    kept = _with_zones(discarding, {**zones, "stock": (card,),
                                    "discard": discarding.discard[1:]})
    seat = kept.turn
    assert violations(kept) == () and state._LAST[0] is kept
    full = {**_zones(kept), "stock": (), seat: tuple(sorted((*kept.hands[seat], card)))}
    grown = _with_zones(kept, full)
    assert violations(grown) == ("CUG-INV-SETUPCARD",) == state.full_violations(grown)
    # during a turn: a seat's personal card into the racing deck is one card moved
    # between sorted zones; the same card also among the revealed cards is counted twice
    import kernel

    steps = kernel.play("camel-up-card-game-2023", {"players": 4}, 0).steps
    playing = next(st.state for st in steps if st.state.phase == "play" and st.state.revealed)
    zones = _zones(playing)
    card = playing.hands[0][0]
    into_deck = {**zones, 0: (), "deck": tuple(sorted((*playing.deck, card)))}
    assert violations(playing) == ()
    assert violations(_with_zones(playing, into_deck)) == ()
    twice = _with_zones(playing, into_deck, revealed=(*playing.revealed, card))
    assert violations(playing) == ()
    assert violations(twice) == ("CUG-INV-CARDS",) == state.full_violations(twice)

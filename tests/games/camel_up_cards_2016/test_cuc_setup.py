"""Initial setup and the setup before each leg, Camel Up Cards (2016)."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from helpers import GAME, cells, data_in, do, first_state, table

import kernel
from kernel.games.camel_up_cards_2016.data import FULL_DECK, LEADER_STACK, SETUP_CARDS
from kernel.games.camel_up_cards_2016.state import CardsState


def test_components() -> None:
    # CUC-DATA-CARDS: 30 racing cards, per colour five +1 and one +2; leader cards 2,2,3,5.
    counts = Counter(FULL_DECK)
    assert len(FULL_DECK) == 30
    for colour in ("blue", "green", "orange", "white", "yellow"):
        assert counts[f"{colour}+1"] == 5 and counts[f"{colour}+2"] == 1
    assert LEADER_STACK == (2, 2, 3, 5)


@pytest.mark.parametrize(
    ("players", "dealt", "discard", "to_deck", "intel", "flag", "deck"),
    [(2, 12, 5, 6, 0, 15, 12), (3, 10, 5, 3, 1, 16, 12), (4, 7, 3, 2, 1, 17, 12),
     (5, 6, 3, 1, 1, 18, 10), (6, 5, 2, 1, 1, 19, 12)],
)
def test_leg_setup_card_figures(
    players: int, dealt: int, discard: int, to_deck: int, intel: int, flag: int, deck: int
) -> None:
    # CUC-DATA-SETUPCARD: the figures, and the racing deck they make (10 or 12 cards).
    card = SETUP_CARDS[players]
    assert (card.dealt, card.discard, card.to_deck, card.intel, card.flag) == (
        dealt, discard, to_deck, intel, flag)
    assert players * dealt <= 30
    s = first_state(players, "play")
    assert len(s.deck) == deck
    assert [len(h) for h in s.hands] == [1] * players  # CUC-LEG-HAND
    assert len(s.discard) == 30 - deck - players


@pytest.mark.parametrize(("players", "track"), [
    (2, "FFFFFFFH"), (3, "FFFFFFFF"), (4, "FFFFFFFFH"), (5, "FFFFFFFFF"), (6, "FFFFFFFFFH")])
def test_track_at_setup(players: int, track: str) -> None:
    # CUC-SETUP-TRACK: cards up to the flag; an odd flag's Finish covers half a card.
    data = kernel.to_data(kernel.new_game(GAME, {"players": players}))
    assert data["track"] == track
    assert len(data["stacks"]) == SETUP_CARDS[players].flag + 2  # Start, spaces, Finish


def test_initial_table() -> None:
    # CUC-SETUP-START, CUC-SETUP-MONEY, CUC-SETUP-FINAL.
    s = kernel.new_game(GAME, {"players": 5})
    assert s.pos == (0,) * 5 and s.height == (0,) * 5  # all on the Start card, unstacked
    assert s.money == (3,) * 5
    assert s.winner_bets == (-1,) * 5 and s.loser_bets == (-1,) * 5
    assert kernel.current_actor(s) == kernel.CHANCE


def test_five_starting_reveals() -> None:
    # CUC-SETUP-REVEAL: five cards from the 30, one at a time, each moving its camel.
    s = kernel.new_game(GAME, {"players": 3})
    outcomes = dict((a.text, p) for a, p in kernel.chance_outcomes(s))
    assert outcomes["draw:blue+1"] == Fraction(5, 30) and outcomes["draw:blue+2"] == Fraction(1, 30)
    s, _ = do(s, "draw:blue+2", "draw:blue+1", "draw:green+1", "draw:green+1")
    assert s.phase == "setup" and cells(s) == {0: "OWY", 2: "G", 3: "B"}
    # the second green+1 card: 4 of its 5 copies are left out of 26 cards
    outcomes = dict((a.text, p) for a, p in kernel.chance_outcomes(s))
    assert outcomes["draw:green+1"] == Fraction(3, 26)
    s, _ = do(s, "draw:orange+1")
    assert s.phase == "deal" and s.leg == 1 and len(s.stock) == 30  # all 30 reshuffled


def test_deal_round_robin() -> None:
    # CUC-LEG-DEAL: one card at a time, seat 0 first; undealt cards go face down to the discard.
    s = first_state(4, "deal")
    for n in range(28):
        before = [len(h) for h in s.hands]
        outcomes = kernel.chance_outcomes(s)
        assert sum(p for _, p in outcomes) == 1
        s, _ = do(s, outcomes[n % len(outcomes)][0].text)
        after = [len(h) for h in s.hands]
        if n < 27:
            assert [a - b for a, b in zip(after, before, strict=True)] == [
                1 if i == n % 4 else 0 for i in range(4)]
    assert s.phase == "discard" and len(s.discard) == 2 and len(s.stock) == 0


def _through_setup(players: int, seed: int = 3) -> list[CardsState]:
    s = first_state(players, "discard", seed)
    rng = random.Random(seed)
    states = [s]
    while s.phase in ("discard", "deck", "intel"):
        legal = kernel.legal_actions(s)
        s, _ = do(s, legal[rng.randrange(len(legal))].text)
        states.append(s)
    return states


def test_discard_deck_intel_counts() -> None:
    # CUC-LEG-DISCARD, CUC-LEG-DECK, CUC-LEG-INTEL (4 players: 3 discarded, 2 to the deck, 1 intel).
    states = _through_setup(4)
    phases = Counter(s.phase for s in states[:-1])
    assert phases == {"discard": 12, "deck": 8, "intel": 4}
    last = states[-1]
    assert last.phase == "play"
    assert len(last.deck) == 12 and len(last.shown) == 4


def test_two_players_have_no_intel() -> None:
    # CUC-LEG-INTEL: only with more than 2 players.
    states = _through_setup(2)
    phases = Counter(s.phase for s in states[:-1])
    assert phases == {"discard": 10, "deck": 12}
    assert states[-1].shown == ()


def test_setup_choices_seat_by_seat() -> None:
    # CUC-LEG-DISCARD / CUC-LEG-HIDDEN: seat 0 chooses all its discards, then seat 1.
    s = first_state(4, "discard")
    assert kernel.current_actor(s) == 0
    card = s.hands[0][0]
    s1, _ = do(s, f"discard:{card}", f"discard:{s.hands[0][1]}")
    assert kernel.current_actor(s1) == 0
    rej = kernel.apply(s, f"deck:{card}")
    assert isinstance(rej, kernel.Rejected) and rej.rule == "CUC-LEG-DISCARD"
    s2, _ = do(s1, f"discard:{s1.hands[0][0]}")
    assert kernel.current_actor(s2) == 1


def test_face_down_choices_are_hidden() -> None:
    # CUC-LEG-HIDDEN: seat 1 cannot tell which card seat 0 discarded.
    s = first_state(4, "discard")
    distinct = sorted(set(s.hands[0]))
    if len(distinct) < 2:
        pytest.fail("seed gives seat 0 a single kind of card: choose another seed")
    a, _ = do(s, f"discard:{distinct[0]}")
    b, _ = do(s, f"discard:{distinct[1]}")
    assert kernel.observation(a, 1) == kernel.observation(b, 1)
    assert kernel.observation(a, 0) != kernel.observation(b, 0)


def test_intel_shown_to_everyone() -> None:
    # CUC-LEG-INTEL: the intel cards are shown to all, then go into the deck.
    states = _through_setup(3)
    last = states[-1]
    shown = last.shown
    assert len(shown) == 3
    for seat in range(3):
        assert kernel.observation(last, seat)["shown"] == list(shown)


def test_leg_reset_after_a_leg() -> None:
    # CUC-LEG-RESET: leg cards back in stacks, figures back, final bets stay.
    s = table(stacks={3: "B"}, deck=["white+1"], hands=[["green+1"], [], [], []])
    s, _ = do(s, "leg:blue", "palm:6", "win:green", "fennec:7", "mid:orange", "reveal")
    s, events = do(s, "draw:white+1")
    assert s.phase == "deal" and s.leg == 2
    assert s.leaders == ((2, 2, 3, 5),) * 5 and s.midfield == (True,) * 5
    assert s.bets == ((),) * 4
    assert (s.palm, s.palm_holder, s.fennec, s.fennec_holder) == (0, -1, 0, -1)
    assert s.winner_bets == (-1, 1, -1, -1)  # seat 1 keeps its final winner card (green)
    assert len(s.stock) == 30
    assert any(e.kind == "leg-reset" for e in events)


def test_sandstorm_flips_empty_cards_between_last_and_leader() -> None:
    # CUC-SANDSTORM: cards 2 and 3 (spaces 3-6) are empty between the last camel
    # (space 1) and the leader (space 9 after the last card): they flip; cards
    # ahead of the leader never flip.
    s = table(stacks={1: "G", 2: "OW", 7: "B", 8: "Y"}, deck=["yellow+1"])
    s, events = do(s, "reveal", "draw:yellow+1")
    data = kernel.to_data(s)
    assert data["track"] == "FSSFFFFFH"
    assert cells(s) == {1: "G", 2: "OW", 5: "B", 7: "Y"}
    flip = next(e for e in events if e.kind == "sandstorm")
    assert flip.data["cards"] == [2, 3] and flip.rules == ("CUC-SANDSTORM",)


def test_sandstorm_from_the_start_card() -> None:
    # CUC-SANDSTORM: with camels on the Start card, empty cards from card 1 on flip.
    s = table(stacks={5: "B"}, deck=["blue+1"])
    s, _ = do(s, "reveal", "draw:blue+1")
    assert kernel.to_data(s)["track"] == "SSFFFFFFH"
    assert cells(s) == {0: "GOWY", 4: "B"}


def test_sandstorm_never_unflips() -> None:
    # CUC-SANDSTORM / CUC-INV-SANDSTORM: a flipped card stays flipped even when occupied.
    s = table(stacks={1: "G", 2: "OW", 3: "B", 4: "Y"}, deck=["yellow+1"], track="FSFFFFFFH")
    s, _ = do(s, "reveal", "draw:yellow+1")
    assert kernel.to_data(s)["track"].startswith("FS")


def test_no_sandstorm_when_no_empty_card() -> None:
    # CUC-SANDSTORM: nothing flips when every card between is occupied.
    s = table(stacks={1: "GOWY", 3: "B"}, deck=["blue+1"])
    s, events = do(s, "reveal", "draw:blue+1")
    assert kernel.to_data(s)["track"] == "FFFFFFFFH"
    assert not any(e.kind == "sandstorm" for e in events)


def test_extension_uncovers_the_half_card() -> None:
    # CUC-EXTEND: leader on 15 of 17 (2 spaces between): the Finish moves 1 space.
    s = table(stacks={13: "GOWY", 14: "B"}, deck=["blue+1"])
    s, events = do(s, "reveal", "draw:blue+1")
    data = kernel.to_data(s)
    assert data["track"] == "FFFFFFFFF" and len(data["stacks"]) == 20
    assert s.extended == 1 and max(s.pos) == 15
    assert any(e.kind == "track-extended" and e.data["spaces"] == 1 for e in events)


def test_extension_by_two_spaces_adds_a_half_card() -> None:
    # CUC-EXTEND: leader on 16 of 17: uncover the half, then half a spare card.
    s = table(stacks={14: "GOWY", 15: "B"}, deck=["blue+1"])
    s, _ = do(s, "reveal", "draw:blue+1")
    assert kernel.to_data(s)["track"] == "FFFFFFFFFH"
    assert camel_gap(s) == 3


def test_extension_stops_when_spare_cards_run_out() -> None:
    # CUC-EXTEND: 12 cards in all: the last extension may leave fewer than 3 spaces.
    s = table(6, stacks={20: "GOWY", 21: "B"}, deck=["blue+1"], track="FFFFFFFFFFF")
    s, _ = do(s, "reveal", "draw:blue+1")  # blue on 22, the last space: 0 between
    data = kernel.to_data(s)
    assert data["track"] == "FFFFFFFFFFFF"  # one spare card: +2 spaces only
    assert camel_gap(s) == 2 and s.extended == 2


def test_no_extension_with_three_spaces_left() -> None:
    # CUC-EXTEND: exactly 3 spaces between: nothing to do.
    s = table(stacks={13: "GOWY", 14: "B"}, deck=["white+1"])
    s, _ = do(s, "reveal", "draw:white+1")
    assert s.extended == 0 and kernel.to_data(s)["track"] == "FFFFFFFFH"


def camel_gap(s: CardsState) -> int:
    data = kernel.to_data(s)
    return int(len(data["stacks"]) - 2 - max(s.pos))


# --------------------------------------------------------------------------
# pinned by the mutation runs (each test names its rule)


def _move_card(data: dict[str, Any], src: tuple[str, ...], dst: tuple[str, ...]) -> dict[str, Any]:
    def zone(d: dict[str, Any], path: tuple[str, ...]) -> list[str]:
        value: Any = d
        for key in path:
            value = value[int(key)] if isinstance(value, list) else value[key]
        assert isinstance(value, list)
        return value

    out: dict[str, Any] = json.loads(json.dumps(data))
    card = zone(out, src).pop()
    zone(out, dst).append(card)
    zone(out, dst).sort()
    return out


def test_leg_setup_hand_sizes_are_checked() -> None:
    # CUC-INV-PHASE: the hand sizes fit the phase: none at the setup reveals,
    # round robin while dealing, the purple number before a seat's turn to
    # discard and the red number after it.
    setup = kernel.to_data(kernel.new_game(GAME, {"players": 3}))
    assert "CUC-INV-PHASE" in kernel.status(_move_card(setup, ("stock",), ("hands", "0")))
    deal = data_in("deal", 3)
    assert kernel.status(deal) == ()
    assert "CUC-INV-PHASE" in kernel.status(_move_card(deal, ("hands", "0"), ("hands", "1")))
    discard = data_in("discard", 3)  # seat 1 discards; seat 0 is done
    assert kernel.status(discard) == ()
    dealt_all = json.loads(json.dumps(discard))
    dealt_all.update(phase="deal", stock=discard["discard"], discard=[], turn=0)
    for seat in range(3):  # every seat back to the purple number, still dealing
        while len(dealt_all["hands"][seat]) < 10:
            dealt_all = _move_card(dealt_all, ("stock",), ("hands", str(seat)))
    assert "CUC-INV-PHASE" in kernel.status(dealt_all)
    assert "CUC-INV-PHASE" in kernel.status(_move_card(discard, ("hands", "0"), ("discard",)))
    assert "CUC-INV-PHASE" in kernel.status(_move_card(discard, ("hands", "2"), ("discard",)))


def test_new_game_table() -> None:
    # CUC-SETUP-TRACK, CUC-SETUP-START, CUC-SETUP-FINAL, CUC-SETUP-MONEY,
    # CUC-SETUP-REVEAL, CUC-LEG-RESET: the table before the 5 starting reveals
    # (4 players: flag 17, so 8 face-up cards and a half-covered ninth).
    data = kernel.to_data(kernel.new_game(GAME, {"players": 4, "age_order": [2, 0, 3, 1]}))
    from kernel.games.camel_up_cards_2016.data import FULL_DECK

    assert data == {
        "game": GAME, "version": 1, "players": 4, "age_order": [2, 0, 3, 1], "phase": "setup",
        "leg": 0, "track": "FFFFFFFFH",
        "stacks": [["blue", "green", "orange", "white", "yellow"]] + [[] for _ in range(18)],
        "palm": None, "fennec": None, "revealed": [], "shown": [],
        "leaders": {c: [2, 2, 3, 5] for c in ("blue", "green", "orange", "white", "yellow")},
        "midfield": ["blue", "green", "orange", "white", "yellow"], "bets": [[], [], [], []],
        "winner_bets": [None] * 4, "loser_bets": [None] * 4, "money": [3, 3, 3, 3],
        "payouts": [[], [], [], []], "starter": 0, "turn": 0, "bet_done": False,
        "track_done": False, "extended": 0, "stock": list(FULL_DECK), "hands": [[]] * 4,
        "discard": [], "deck": [], "intel": [[]] * 4,
    }


@pytest.mark.parametrize(("config", "message"), [
    ([4], 'configuration must be a mapping such as {"players": 4}'),
    ({"players": 4, "colour": 1, "b": 2},
     "unknown configuration key 'colour'; known: players, age_order"),
    ({"players": "4"}, "'players' must be an integer, not '4'"),
    ({"players": True}, "'players' must be an integer, not true"),
    ({"players": 10**5000}, "'players' must be 2 to 6, not an integer of 16610 bits"),
    ({"players": 7}, "'players' must be 2 to 6, not 7"),
    ({"players": 3, "age_order": [0, 1]},
     "'age_order' must list the seats 0..2 once each, youngest first"),
    ({"players": 3, "age_order": (0, 1, 1)},
     "'age_order' must list the seats 0..2 once each, youngest first"),
    ({"players": 3, "age_order": [0, True, 2]},
     "'age_order' must list the seats 0..2 once each, youngest first"),
    ({"players": 3, "age_order": [0, 1.0, 2]},
     "'age_order' must list the seats 0..2 once each, youngest first"),
    ({"players": 3, "age_order": "012"},
     "'age_order' must list the seats 0..2 once each, youngest first"),
    ({"players": 3, "age_order": 7},
     "'age_order' must list the seats 0..2 once each, youngest first"),
])
def test_config_messages(config: object, message: str) -> None:
    # KERNEL-CONFIG: a bad configuration is refused with a clear message naming the rule.
    assert kernel.check_config(GAME, config) == f"{message} [KERNEL-CONFIG]"


def test_good_configs() -> None:
    # KERNEL-CONFIG: the age order may be a list or a tuple; it defaults to the seats.
    assert kernel.check_config(GAME, {"players": 3, "age_order": (2, 0, 1)}) is None
    assert kernel.new_game(GAME, {"players": 3}).age_order == (0, 1, 2)


def test_chooser_with_nothing_left_to_choose() -> None:
    # CUC-INV-PHASE: the seat choosing holds more than it keeps after the step.
    discard = data_in("discard", 3)  # seat 1 discards 5 of its 10 cards
    while len(discard["hands"][1]) > 5:
        discard = _move_card(discard, ("hands", "1"), ("discard",))
    assert "CUC-INV-PHASE" in kernel.status(discard)

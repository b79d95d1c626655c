"""Generic checks that hold for every registered game.

Modelled on OpenSpiel's random-simulation checks (``RandomSimTest``,
``CheckChanceOutcomes``, ``CheckLegalActionsAreSorted``): each check takes a
:class:`~kernel.registry.GameInfo` (the kernel's registry entry, or one an
other implementation builds from its own functions) and a state, and raises
:class:`CheckFailure` naming the API rule (``spec/kernel/rules.md``) that
breaks. They are plain functions; ``tests/test_generic.py`` runs them under
Hypothesis over every game of ``kernel.games()`` and every
``GameInfo.configs()``.

What hides what is game knowledge: each game's ``GameInfo.hooks``
(:class:`kernel.plugin.GameHooks`) give the zones that are multisets and the
zones hidden from each seat, in groups of interchangeable cards when a game
has several sets (``hidden_groups``: a hidden twin moves cards only within a
group), where the scores are, and a hard bound on the steps of one segment of
play (a round, a leg).

What a seat may see is checked three ways (KERNEL-OBSERVATION): its
observation (:func:`check_observation`), the events it is shown
(``kernel.events_seen``) and its information state
(``kernel.information_state``, its perfect-recall view of a history)
(:func:`check_hidden_histories`, :func:`check_chance_twins`): none of them
may change when only what the seat may not see changes.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn

import attrs

from kernel.core import CHANCE, TERMINAL, Action, Applied, Event, Rejected
from kernel.plugin import GameHooks, Zone
from kernel.registry import GameInfo


class CheckFailure(AssertionError):
    """A generic check failed; the message names the rule and the evidence."""


def _fail(message: str) -> NoReturn:
    raise CheckFailure(message)


def snapshot(info: GameInfo, state: Any) -> str:
    """The state's plain-data form as canonical JSON (to see that nothing changed)."""
    return json.dumps(info.to_data(state), sort_keys=True)


# --------------------------------------------------------------------------
# game knowledge the generic checks need


def hooks_for(game: str) -> GameHooks:
    """The generic-check hooks of ``game`` (its plug-in part)."""
    from kernel.api import game_info

    return game_info(game).hooks


def zone(data: Mapping[str, Any], path: Zone) -> list[Any]:
    """The list at ``path`` in plain data."""
    value = data[path[0]]
    if len(path) == 2:
        value = value[path[1]]
    if not isinstance(value, list):
        _fail(f"zone {path} is not a list: {value!r}")
    return value


def _with_zones(data: Mapping[str, Any], contents: Mapping[Zone, list[Any]]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(data))
    for path, cards in contents.items():
        if len(path) == 2:
            out[path[0]][path[1]] = list(cards)
        else:
            out[path[0]] = list(cards)
    return out


def catalogue_ids(paths: Iterable[Path]) -> frozenset[str]:
    """The rule IDs of catalogue files (``### RULE-ID: title`` headings)."""
    pattern = re.compile(r"^### ([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+):", re.MULTILINE)
    ids: set[str] = set()
    for path in paths:
        ids.update(pattern.findall(path.read_text(encoding="utf-8")))
    return frozenset(ids)


# --------------------------------------------------------------------------
# per-state checks


def check_actor(info: GameInfo, state: Any) -> None:
    """The actor is a seat, CHANCE or TERMINAL, and agrees with the action lists.

    KERNEL-ACTOR, KERNEL-CHANCE, KERNEL-TERMINAL: chance nodes list outcomes
    (and their legal actions are exactly those outcomes), decision nodes list
    no outcomes and some legal action, terminal states list nothing and have
    an outcome.
    """
    actor = info.current_actor(state)
    legal = info.legal_actions(state)
    outcomes = info.chance_outcomes(state)
    result = info.outcome(state)
    if actor == TERMINAL:
        if legal or outcomes or result is None:
            _fail(f"KERNEL-TERMINAL: terminal state with legal={legal} outcomes={outcomes} "
                  f"outcome={result}")
    elif actor == CHANCE:
        if not outcomes or [a for a, _ in outcomes] != list(legal) or result is not None:
            _fail(f"KERNEL-CHANCE: chance node legal={legal} outcomes={outcomes}")
    else:
        players = info.seats(state)
        if isinstance(actor, bool) or not 0 <= actor < players:
            _fail(f"KERNEL-ACTOR: actor {actor!r} is neither a seat, CHANCE nor TERMINAL")
        if not legal or outcomes or result is not None:
            _fail(f"KERNEL-ACTOR: decision node of seat {actor} with legal={legal} "
                  f"outcomes={outcomes} outcome={result}")


def check_legal_sorted_unique(info: GameInfo, state: Any) -> None:
    """Legal actions are sorted, unique, of this game and in its universe (KERNEL-LEGAL)."""
    legal = list(info.legal_actions(state))
    if legal != sorted(set(legal)):
        _fail(f"KERNEL-LEGAL: legal actions not sorted and unique: {[a.text for a in legal]}")
    universe = set(info.all_actions)
    for a in legal:
        if not isinstance(a, Action) or a.game != info.id or a not in universe:
            _fail(f"KERNEL-LEGAL: legal action {a!r} is not in {info.id}'s action universe")


def check_chance_outcomes(info: GameInfo, state: Any) -> None:
    """Distinct outcomes, each an exact Fraction in (0, 1], summing to exactly 1 (KERNEL-CHANCE)."""
    outcomes = info.chance_outcomes(state)
    if not outcomes:
        return
    actions = [a for a, _ in outcomes]
    if len(set(actions)) != len(actions):
        _fail(f"KERNEL-CHANCE: repeated outcomes {[a.text for a in actions]}")
    if actions != sorted(actions):
        _fail(f"KERNEL-CHANCE: outcomes not sorted {[a.text for a in actions]}")
    total = Fraction(0)
    for a, p in outcomes:
        if type(p) is not Fraction or not 0 < p <= 1:
            _fail(f"KERNEL-CHANCE: outcome {a.text} has probability {p!r}")
        total += p
    if total != 1:
        _fail(f"KERNEL-CHANCE: probabilities sum to {total}, not 1")


def check_events(
    info: GameInfo, events: Sequence[object], known_rules: Collection[str] | None = None
) -> None:
    """Each event names its kind and at least one catalogued rule ID, and its
    plain-data and text forms are JSON data (events name the rules applied)."""
    for event in events:
        if not isinstance(event, Event) or not isinstance(event.kind, str) or not event.kind:
            _fail(f"KERNEL-LEGAL: not an event: {event!r}")
        if not event.rules or not all(isinstance(r, str) and _rule_known(r, info, known_rules)
                                      for r in event.rules):
            _fail(f"KERNEL-LEGAL: event {event.kind} names unknown rules {event.rules}")
        data = event.to_data()
        if json.loads(json.dumps(data)) != data or data["event"] != event.kind:
            _fail(f"KERNEL-LEGAL: event {event.kind} is not plain data: {data}")
        if not event.text.startswith(event.kind):
            _fail(f"KERNEL-LEGAL: event text {event.text!r} does not start with its kind")


def _full_function(info: GameInfo) -> Callable[[Any], tuple[str, ...]] | None:
    """The game's from-scratch check (``GameInfo.full_check``'s function), if known."""
    if info.full_violations is not None:
        return info.full_violations
    module = sys.modules.get(info.state_type.__module__)
    found: Callable[[Any], tuple[str, ...]] | None = getattr(module, "full_violations", None)
    return found


def check_legal_apply(
    info: GameInfo, state: Any, known_rules: Collection[str] | None = None
) -> dict[Action, Any]:
    """Every legal action applies to a next state that breaks no invariant.

    KERNEL-LEGAL (accepted exactly when legal: this half; the events name
    catalogued rules; every successor passes the full check, and the
    incremental one agrees; the game's ``apply_legal``, if any, gives the same
    result as ``apply``), KERNEL-INPUT (the Action, its text and its plain
    data are the same action, and the successor's plain data reads back
    valid: on one action of each kind at each state), KERNEL-CHANCE (applying
    an outcome is deterministic). Returns action -> next state.
    """
    before = snapshot(info, state)
    nexts: dict[Action, Any] = {}
    read: set[str] = set()  # the kinds whose successor's plain data status has read here
    full = _full_function(info) or info.violations  # a game without one: violations
    full_is_violations = info.violations is full
    for a in info.legal_actions(state):
        result = info.apply(state, a)
        if not isinstance(result, Applied):
            _fail(f"KERNEL-LEGAL: legal action {a.text} was refused: {result}")
        nxt = result.state
        check_events(info, result.events, known_rules)
        if info.apply_legal is not None:  # the shortcut of the kernel's own loops: the same
            fast = info.apply_legal(state, a)
            if (not isinstance(fast, Applied) or fast.state != nxt
                    or fast.events != result.events):
                _fail(f"KERNEL-LEGAL: apply_legal of {a.text} differs from apply: {fast}")
        if type(nxt) is not type(state):
            _fail(f"KERNEL-LEGAL: {a.text} gave a {type(nxt).__name__}")
        # Every successor gets the full check from scratch; status, which reads the
        # plain data back (the strict decoder, about 15 times the full check's cost),
        # reads one successor per kind of action at each state (every state a walk
        # visits is read back whole by check_roundtrip).
        broken = tuple(full(nxt))
        if not full_is_violations and tuple(info.violations(nxt)) != broken:
            _fail(f"{a.text}: the incremental check found {info.violations(nxt)}, "
                  f"the full check {broken}")
        first = a.kind not in read
        if first:
            read.add(a.kind)
            broken += tuple(info.status(info.to_data(nxt)))
        if broken:
            _fail(f"{broken[0]}: {a.text} led to a state breaking {broken}")
        # The other input forms, likewise on one action of each kind at each state.
        for form in (a.text, a.to_data(), {"game": info.id, **a.to_data()}) if first else ():
            again = info.apply(state, form)
            if not isinstance(again, Applied) or again.state != nxt \
                    or again.events != result.events:
                _fail(f"KERNEL-INPUT: {form!r} did not apply like {a.text}: {again}")
        nexts[a] = nxt
    if snapshot(info, state) != before:
        _fail("KERNEL-INPUT: applying legal actions changed the caller's state")
    return nexts


def _rule_known(rule: str, info: GameInfo, known_rules: Collection[str] | None) -> bool:
    if known_rules is not None:
        return rule in known_rules
    return rule.startswith(("KERNEL-", *info.rule_prefixes))


def check_rejected(
    info: GameInfo,
    state: Any,
    action: object,
    *,
    rule: str | None = None,
    known_rules: Collection[str] | None = None,
    before: str | None = None,
) -> Rejected:
    """``action`` is refused without an exception, naming a catalogued rule, and
    the state is left untouched (KERNEL-INPUT, KERNEL-LEGAL).

    ``before`` is the state's :func:`snapshot` when the caller already took it
    (the caller then compares it afterwards, once for many actions).
    """
    check_after = before is None
    if before is None:
        before = snapshot(info, state)
    try:
        result = info.apply(state, action)
    except Exception as exc:  # the check is that nothing raises
        _fail(f"KERNEL-INPUT: apply raised {type(exc).__name__}: {exc} on {action!r} "
              f"at {info.to_data(state)}")
    if not isinstance(result, Rejected):
        _fail(f"KERNEL-LEGAL: {action!r} was accepted but is not legal "
              f"(legal: {[a.text for a in info.legal_actions(state)]})")
    if not isinstance(result.reason, str) or not result.reason:
        _fail(f"KERNEL-LEGAL: rejection of {action!r} gives no reason")
    if not _rule_known(result.rule, info, known_rules):
        _fail(f"KERNEL-LEGAL: rejection of {action!r} names {result.rule!r}, not a catalogued ID")
    if rule is not None and result.rule != rule:
        _fail(f"{rule}: {action!r} was rejected naming {result.rule}, not {rule}")
    if check_after and snapshot(info, state) != before:
        _fail(f"KERNEL-INPUT: rejecting {action!r} changed the caller's state")
    return result


def check_illegal_rejected(
    info: GameInfo, state: Any, known_rules: Collection[str] | None = None
) -> int:
    """Every action of the game's universe that is not legal is refused (KERNEL-LEGAL).

    With :func:`check_legal_apply` this makes ``legal_actions`` and ``apply``
    agree on the whole universe. At a terminal state every refusal names
    KERNEL-TERMINAL. Returns the number of actions refused.
    """
    legal = set(info.legal_actions(state))
    terminal = info.current_actor(state) == TERMINAL
    before = snapshot(info, state)
    count = 0
    for a in info.all_actions:
        if a in legal:
            continue
        check_rejected(info, state, a, known_rules=known_rules, before=before,
                       rule="KERNEL-TERMINAL" if terminal else None)
        count += 1
    if snapshot(info, state) != before:
        _fail("KERNEL-INPUT: rejecting the illegal actions changed the caller's state")
    return count


def check_wrong_actor(
    info: GameInfo,
    state: Any,
    chance_actions: Iterable[Action],
    decision_actions: Iterable[Action],
) -> int:
    """Chance outcomes at a decision node and decisions at a chance node are refused
    naming KERNEL-ACTOR (KERNEL-TERMINAL at a terminal state). Returns the count."""
    actor = info.current_actor(state)
    if actor == TERMINAL:
        wrong, rule = set(chance_actions) | set(decision_actions), "KERNEL-TERMINAL"
    elif actor == CHANCE:
        wrong, rule = set(decision_actions) - set(chance_actions), "KERNEL-ACTOR"
    else:
        wrong, rule = set(chance_actions) - set(decision_actions), "KERNEL-ACTOR"
    for a in sorted(wrong):
        check_rejected(info, state, a, rule=rule)
        check_rejected(info, state, a.text, rule=rule)
    return len(wrong)


def check_seat_claims(info: GameInfo, state: Any) -> int:
    """An action naming who plays it (plain data with ``seat``: a seat or "chance")
    applies like the bare action when that is the actor to move, and is refused
    naming KERNEL-ACTOR otherwise (KERNEL-TERMINAL when the game is over).
    Returns the number of claims refused."""
    actor = info.current_actor(state)
    players = info.seats(state)
    claims: list[object] = [*range(players), "chance"]
    me: object = "chance" if actor == CHANCE else actor
    legal = info.legal_actions(state)
    probe = legal[0] if legal else info.all_actions[0]
    refused = 0
    for claim in claims:
        form = {**probe.to_data(), "seat": claim}
        if actor != TERMINAL and claim == me:
            result = info.apply(state, form)
            plain = info.apply(state, probe)
            if not isinstance(result, Applied) or not isinstance(plain, Applied) \
                    or result.state != plain.state:
                _fail(f"KERNEL-ACTOR: {form} by the actor to move did not apply like "
                      f"{probe.text}: {result}")
            continue
        check_rejected(info, state, form,
                       rule="KERNEL-TERMINAL" if actor == TERMINAL else "KERNEL-ACTOR")
        refused += 1
    return refused


def check_other_game_rejected(info: GameInfo, state: Any, other: str = "some-other-game") -> int:
    """Every action of the universe, as another game's Action or plain data naming
    another game, is refused naming KERNEL-GAME. Returns the count."""
    before = snapshot(info, state)
    for a in info.all_actions:
        check_rejected(info, state, Action(other, a.kind, *a.values), rule="KERNEL-GAME",
                       before=before)
        check_rejected(info, state, {**a.to_data(), "game": other}, rule="KERNEL-GAME",
                       before=before)
    if snapshot(info, state) != before:
        _fail("KERNEL-GAME: refusing other games' actions changed the caller's state")
    return 2 * len(info.all_actions)


def check_junk_rejected(
    info: GameInfo, state: Any, junk: object, known_rules: Collection[str] | None = None
) -> None:
    """Junk input is refused without an exception and leaves the state untouched.

    KERNEL-INPUT and KERNEL-GAME. A junk value that happens to spell a legal
    action (a random short text) must then behave exactly like that action.
    """
    before = snapshot(info, state)
    try:
        result = info.apply(state, junk)
    except Exception as exc:  # the check is that nothing raises
        _fail(f"KERNEL-INPUT: apply raised {type(exc).__name__}: {exc} on junk {junk!r}")
    if snapshot(info, state) != before:
        _fail(f"KERNEL-INPUT: junk {junk!r} changed the caller's state")
    if isinstance(result, Applied):
        same = [a for a in info.legal_actions(state)
                if (r := info.apply(state, a)).ok and isinstance(r, Applied)
                and r.state == result.state]
        if not same:
            _fail(f"KERNEL-INPUT: junk {junk!r} was accepted as no legal action")
        return
    if not isinstance(result, Rejected) or not result.reason \
            or not _rule_known(result.rule, info, known_rules):
        _fail(f"KERNEL-INPUT: junk {junk!r} gave {result!r}")


def check_roundtrip(info: GameInfo, state: Any) -> None:
    """The plain-data form is JSON and rebuilds an equal state (KERNEL-INPUT)."""
    data = info.to_data(state)
    text = json.dumps(data, sort_keys=True)
    if json.loads(text) != data:
        _fail(f"KERNEL-INPUT: to_data is not plain JSON data: {data}")
    again = info.from_data(json.loads(text))
    if again != state:
        _fail(f"KERNEL-INPUT: from_data(to_data(s)) != s for {data}")
    if json.dumps(info.to_data(again), sort_keys=True) != text:
        _fail("KERNEL-INPUT: to_data(from_data(to_data(s))) differs from to_data(s)")
    if info.status(data):
        _fail(f"{info.status(data)[0]}: status() flags a reachable state: {info.status(data)}")


def check_zone_order(info: GameInfo, state: Any, rng: random.Random) -> None:
    """A plain-data state with its multiset card zones listed in another order is
    either refused (ValueError) or read as the same state (KERNEL-INPUT).

    Otherwise ``legal_actions`` and ``chance_outcomes`` of the state read
    come out unsorted or repeated.
    """
    hooks = hooks_for(info.id)
    data = info.to_data(state)
    shuffled: dict[Zone, list[Any]] = {}
    for path in hooks.multiset_zones(data):
        cards = list(zone(data, path))
        if len(set(cards)) > 1:
            shuffled[path] = sorted(cards, reverse=True)
            rng.shuffle(shuffled[path])
            if shuffled[path] == cards:
                shuffled[path] = sorted(cards, reverse=True)
    if not shuffled:
        return
    try:
        again = info.from_data(_with_zones(data, shuffled))
    except ValueError:
        return
    if again != state:
        listed = {"/".join(map(str, p)): c for p, c in shuffled.items()}
        _fail(f"KERNEL-INPUT: from_data read reordered card zones {listed} as a different "
              f"state (legal actions {[a.text for a in info.legal_actions(again)][:12]})")


def hidden_twin(
    data: Mapping[str, Any], zones: Sequence[Zone], rng: random.Random
) -> dict[str, Any] | None:
    """``data`` with the cards of ``zones`` redistributed (same sizes, each zone sorted).

    None when no redistribution changes anything (fewer than two distinct
    cards over the zones, or all in one zone).
    """
    contents = {p: sorted(zone(data, p)) for p in zones}
    pool = [c for p in zones for c in contents[p]]
    if len({c for p in zones for c in contents[p]}) < 2:
        return None
    for _ in range(8):
        rng.shuffle(pool)
        new: dict[Zone, list[Any]] = {}
        i = 0
        for p in zones:
            n = len(contents[p])
            new[p] = sorted(pool[i : i + n])
            i += n
        if new != contents:
            return _with_zones(data, new)
    # a direct swap of two different cards between two zones
    for a in zones:
        for b in zones:
            for x in contents[a]:
                for y in contents[b]:
                    if a != b and x != y:
                        swapped = dict(contents)
                        left = list(contents[a])
                        left.remove(x)
                        right = list(contents[b])
                        right.remove(y)
                        swapped[a] = sorted([*left, y])
                        swapped[b] = sorted([*right, x])
                        return _with_zones(data, swapped)
    return None


def hidden_groups(hooks: GameHooks, data: Mapping[str, Any], seat: int) -> list[list[Zone]]:
    """The zones hidden from ``seat`` in groups of interchangeable cards
    (``GameHooks.hidden_groups``; without it, the hidden zones are one group)."""
    if hooks.hidden_groups is None:
        return [hooks.hidden_zones(data, seat)]
    return [list(g) for g in hooks.hidden_groups(data, seat)]


def grouped_twin(
    data: Mapping[str, Any], groups: Sequence[Sequence[Zone]], rng: random.Random
) -> dict[str, Any] | None:
    """``data`` with the cards of each group's zones redistributed within that group
    (:func:`hidden_twin`, a card never leaving its group); None when nothing changes."""
    out: dict[str, Any] | None = None
    for group in groups:
        twin = hidden_twin(data if out is None else out, group, rng)
        if twin is not None:
            out = twin
    return out


def check_observation(info: GameInfo, state: Any, rng: random.Random) -> int:
    """A seat's observation does not change when only what it cannot see changes
    (KERNEL-OBSERVATION), and does change with its own hidden cards.

    For every seat and every group of the zones hidden from it
    (:func:`hidden_groups`: cards are interchangeable only within a group, such
    as a deck's cards and a separate set of bet cards), a twin state is built by
    redistributing the cards of that group's zones (keeping each zone's size)
    and rebuilt with ``from_data``; the observations must be equal. Its own
    zones are mixed with the first group's. Returns how many seats had a twin
    that differs from the state.
    """
    hooks = hooks_for(info.id)
    data = info.to_data(state)
    players = info.seats(state)
    differing = 0
    for seat in range(players):
        obs = info.observation(state, seat)
        if json.loads(json.dumps(obs)) != obs:
            _fail(f"KERNEL-OBSERVATION: observation of seat {seat} is not plain data")
        groups = hidden_groups(hooks, data, seat)
        twins = [t for t in (hidden_twin(data, g, rng) for g in groups) if t is not None]
        for twin_data in twins:
            twin = info.from_data(twin_data)
            if twin == state:
                _fail("hidden_twin built no different state")
            if info.observation(twin, seat) != obs:
                diff = sorted(k for k in obs if info.observation(twin, seat).get(k) != obs[k])
                _fail(f"KERNEL-OBSERVATION: seat {seat}'s observation changed ({diff}) when "
                      f"only cards hidden from it moved")
        if not twins:
            continue
        differing += 1
        # the seat sees its own cards: moving one of them must show
        own = hooks.own_zones(data, seat)
        mixed = hidden_twin(data, [*own, *groups[0]], random.Random(0))
        if mixed is not None and any(zone(mixed, p) != zone(data, p) for p in own):
            other = info.from_data(mixed)
            if info.observation(other, seat) == obs:
                _fail(f"KERNEL-OBSERVATION: seat {seat}'s observation does not show its own cards")
    return differing


def _seen(events: Sequence[Event], seat: int) -> list[dict[str, Any]]:
    """The events as ``seat`` is shown them (``kernel.events_seen``), as plain data."""
    from kernel.api import events_seen

    return [e.to_data() for e in events_seen(events, seat)]


def _registered(info: GameInfo) -> bool:
    from kernel.registry import GAMES

    return GAMES.get(info.id) is info


def _common_action(info: GameInfo, a: Any, b: Any, rng: random.Random) -> Action | None:
    """An action legal in both states (a chance outcome of both at chance nodes), or None."""
    if info.current_actor(a) != info.current_actor(b):
        return None
    other = set(info.legal_actions(b))
    common = [x for x in info.legal_actions(a) if x in other]
    return common[rng.randrange(len(common))] if common else None


def _walk_twins(
    info: GameInfo, seat: int, starts: tuple[Any, Any], firsts: tuple[Action, Action],
    rng: random.Random, steps: int, label: str,
) -> int:
    """Two histories in step from ``starts``: first ``firsts``, then the same actions.

    After each step, while the seat's observations are equal, the events it is
    shown and its information states of the two histories must be equal. The
    walk stops at the first step after which the seat can tell the histories
    apart by rule: its observations differ, or another seat's action showed it
    different events (that seat's hidden card played face up). Returns the
    number of steps compared.
    """
    from kernel.api import Step, Trace, information_state

    registered = _registered(info)
    histories: tuple[list[Step], list[Step]] = ([], [])
    a, b = starts
    first_a, first_b = firsts
    compared = 0
    for _ in range(steps):
        actor = info.current_actor(a)
        if actor == TERMINAL or info.current_actor(b) != actor:
            break
        ra, rb = info.apply(a, first_a), info.apply(b, first_b)
        if not isinstance(ra, Applied) or not isinstance(rb, Applied):
            break
        if info.observation(ra.state, seat) != info.observation(rb.state, seat):
            break
        seen_a, seen_b = _seen(ra.events, seat), _seen(rb.events, seat)
        if seen_a != seen_b:
            if actor not in (CHANCE, seat):
                break  # another seat's action may show the seat that seat's hidden cards
            diff = next((x, y) for x, y in zip([*seen_a, None], [*seen_b, None], strict=False)
                        if x != y)
            _fail(f"KERNEL-OBSERVATION: {label}: seat {seat} is shown different events "
                  f"({first_a.text} / {first_b.text}: {diff[0]} / {diff[1]}) although its "
                  f"observation is the same: an event shows what the seat may not see "
                  f"(mark it secret: Event.secret and Event.owners)")
        histories[0].append(Step(actor, first_a, ra.events, ra.state))
        histories[1].append(Step(actor, first_b, rb.events, rb.state))
        if registered:
            views = [information_state(Trace(info.id, info.version, {}, 0, start, tuple(h)), seat)
                     for start, h in zip(starts, histories, strict=True)]
            if views[0] != views[1]:
                keys = sorted(k for k in views[0] if views[0][k] != views[1].get(k))
                _fail(f"KERNEL-OBSERVATION: {label}: seat {seat}'s information state differs "
                      f"({keys}) between two histories it cannot tell apart")
        compared += 1
        a, b = ra.state, rb.state
        common = _common_action(info, a, b, rng)
        if common is None:
            break
        first_a = first_b = common
    return compared


def check_chance_twins(info: GameInfo, state: Any, rng: random.Random, steps: int = 4) -> int:
    """At a chance node, outcomes a seat cannot tell apart show it the same events
    (KERNEL-OBSERVATION, for events and histories).

    For each seat the outcomes are grouped by the seat's observation after
    them (a card dealt to another seat leaves it unchanged). Within a group the
    events as the seat is shown them (``kernel.events_seen``) must be equal,
    and so must its information states (``kernel.information_state``) of the
    one-step histories; one pair per seat is continued with the same actions
    for up to ``steps`` steps. An event that forgets to mark a dealt card
    secret fails here. Returns the number of twin pairs compared.
    """
    if info.current_actor(state) != CHANCE:
        return 0
    applied = [(a, r.state) for a, _ in info.chance_outcomes(state)
               if isinstance(r := info.apply(state, a), Applied)]
    pairs = 0
    for seat in range(info.seats(state)):
        groups: dict[str, list[Action]] = {}
        for a, nxt in applied:
            key = json.dumps(info.observation(nxt, seat), sort_keys=True)
            groups.setdefault(key, []).append(a)
        length = steps
        for members in groups.values():
            for other in members[1:]:
                pairs += bool(_walk_twins(info, seat, (state, state), (members[0], other), rng,
                                          length, "chance outcomes"))
                length = 1
    return pairs


def check_hidden_histories(info: GameInfo, state: Any, rng: random.Random,
                           steps: int = 8) -> int:
    """The events a seat is shown and its information state do not change when only
    what it may not see changes (KERNEL-OBSERVATION, for events and histories).

    For every seat, the state and its hidden twin for that seat
    (:func:`grouped_twin` over the hidden zones' groups) play the same actions,
    chosen among those legal in both (chance outcomes included), while they
    stay legal in both; after each step, while the seat's observations are
    equal, the events it is shown and its information states of the two
    histories must be equal. Returns the number of steps compared.
    """
    hooks = hooks_for(info.id)
    data = info.to_data(state)
    compared = 0
    for seat in range(info.seats(state)):
        twin_data = grouped_twin(data, hidden_groups(hooks, data, seat), rng)
        if twin_data is None:
            continue
        twin = info.from_data(twin_data)
        first = _common_action(info, state, twin, rng)
        if first is None:
            continue
        compared += _walk_twins(info, seat, (state, twin), (first, first), rng, steps,
                                "hidden twin")
    return compared


def check_terminal(info: GameInfo, state: Any) -> None:
    """A finished game (KERNEL-TERMINAL): nothing legal; an outcome with a score per
    seat, equal to the table's, within the game's score bounds; the winners hold
    the best score, and when ties share (no tie-break) they are all the seats
    that hold it."""
    if info.current_actor(state) != TERMINAL:
        return
    if info.legal_actions(state) or info.chance_outcomes(state):
        _fail("KERNEL-TERMINAL: a terminal state lists actions")
    result = info.outcome(state)
    if result is None:
        _fail("KERNEL-TERMINAL: a terminal state has no outcome")
    scores = list(result.scores)
    players = info.seats(state)
    if len(scores) != players:
        _fail(f"KERNEL-TERMINAL: outcome scores {scores} for {players} seats")
    if result.score_key != info.hooks.score_key:
        _fail(f"KERNEL-TERMINAL: outcome scores named {result.score_key!r}, "
              f"not {info.hooks.score_key!r}")
    best = max(scores)
    tied = [i for i, m in enumerate(scores) if m == best]
    if not result.winners or any(w not in tied for w in result.winners):
        _fail(f"KERNEL-TERMINAL: winners {result.winners} do not hold the best score {scores}")
    if not result.tiebreak and list(result.winners) != tied:
        _fail(f"KERNEL-TERMINAL: ties share, but winners {result.winners} of {scores}")
    low, high = info.score.minimum, info.score.maximum
    if (low is not None and min(scores) < low) or (high is not None and max(scores) > high):
        _fail(f"KERNEL-TERMINAL: a score of {scores} is outside {low}..{high}")
    if scores != list(info.to_data(state).get(info.hooks.score_key, scores)):
        _fail("KERNEL-TERMINAL: outcome scores differ from the table's")


def check_state(
    info: GameInfo, state: Any, known_rules: Collection[str] | None = None
) -> dict[Action, Any]:
    """The cheap and the exhaustive per-state checks together; returns the successors."""
    check_actor(info, state)
    check_legal_sorted_unique(info, state)
    check_chance_outcomes(info, state)
    check_roundtrip(info, state)
    check_terminal(info, state)
    nexts = check_legal_apply(info, state, known_rules)
    check_illegal_rejected(info, state, known_rules)
    return nexts


# --------------------------------------------------------------------------
# incremental invariant checks


def _hybrid(state: Any, donor: Any, name: str) -> Any:
    """``state`` with field ``name`` taken from ``donor``, built WITHOUT any check."""
    cls = type(state)
    obj = object.__new__(cls)
    for field in attrs.fields(cls):
        source = donor if field.name == name else state
        object.__setattr__(obj, field.name, getattr(source, field.name))
    return obj


def check_incremental(info: GameInfo, states: Sequence[Any], seed: int = 0) -> int:
    """A game's incremental invariant checks agree with its full check (the oracle).

    ``states`` are the states of one game, in order (each built from the one
    before). Every state construction accepted breaks no invariant checked
    from scratch (``GameInfo.full_check``), ``violations`` agrees, and
    ``status`` of its plain data finds nothing. Then, for each state and each
    field its transition changed, the candidates mixing the state and its
    parent on that field (one from each side) are asked right after the
    parent was checked, as a transition would: ``violations``, which may
    reuse what the parent passed, must name exactly the invariants the full
    check names; and so must it for the state with that field taken from
    another state of the game (drawn with ``seed``), asked right after the
    state. Returns the number of candidates compared.
    """
    rng = random.Random(seed)
    compared = 0
    for i, state in enumerate(states):
        full = info.full_check(state)
        if full or info.violations(state):
            _fail(f"invariants: state {i} of a game was built, yet the full check finds {full} "
                  f"and violations {info.violations(state)}")
        if info.status(info.to_data(state)):
            _fail(f"invariants: status of state {i}'s plain data: "
                  f"{info.status(info.to_data(state))}")
        if i == 0 or not attrs.has(type(state)):
            continue
        parent = states[i - 1]
        donor = states[rng.randrange(len(states))]
        changed = [f.name for f in attrs.fields(type(state))
                   if getattr(state, f.name) is not getattr(parent, f.name)]
        for name in changed:
            for last, candidate in ((parent, _hybrid(state, parent, name)),
                                    (parent, _hybrid(parent, state, name)),
                                    (state, _hybrid(parent, state, name)),
                                    (state, _hybrid(state, donor, name))):
                info.violations(last)  # the last valid state checked, as in a transition
                found = info.violations(candidate)
                expected = info.full_check(candidate)
                if found != expected:
                    _fail(f"invariants: state {i}, field {name!r} from the other state: "
                          f"violations {found} but the full check {expected}")
                compared += 1
    return compared


# --------------------------------------------------------------------------
# random walks


def sample(outcomes: Sequence[tuple[Action, Fraction]], rng: random.Random) -> Action:
    """An outcome drawn with its exact probability."""
    from kernel.api import sample_chance

    return sample_chance(outcomes, rng)


def walk(
    info: GameInfo, config: Mapping[str, Any], seed: int, steps: int
) -> tuple[list[Any], list[Action]]:
    """A random walk of at most ``steps`` steps from the initial state.

    Chance outcomes are drawn with their probabilities, seats act uniformly.
    Returns the states visited (initial first) and the actions applied.
    """
    rng = random.Random(seed)
    state = info.new_game(config)
    states, actions = [state], []
    for _ in range(steps):
        actor = info.current_actor(state)
        if actor == TERMINAL:
            break
        legal = info.legal_actions(state)
        action = (sample(info.chance_outcomes(state), rng) if actor == CHANCE
                  else legal[rng.randrange(len(legal))])
        result = info.apply(state, action)
        if not isinstance(result, Applied):
            _fail(f"KERNEL-LEGAL: legal {action.text} refused on a walk: {result}")
        state = result.state
        states.append(state)
        actions.append(action)
    return states, actions


def check_game_length(
    info: GameInfo, config: Mapping[str, Any], seed: int, max_steps: int
) -> list[Any]:
    """A random game ends within its bound, and no segment of play exceeds its hard bound.

    The bound is the game's ``max_game_length`` when it has one (a hard bound:
    KERNEL-TERMINAL), else ``max_steps``, a generous bound for random play (a
    game whose rules allow endless play says so in ``GameInfo.truncation``).
    The bound per segment (``GameHooks.segment_bound``), when the game has
    segments, is a hard one. Returns the states of the game.
    """
    bound = max_steps if info.max_game_length is None else info.max_game_length
    states, _ = walk(info, config, seed, bound)
    if info.current_actor(states[-1]) != TERMINAL:
        _fail(f"game length: {info.id} {dict(config)} seed {seed} did not end in {bound} steps")
    hooks = hooks_for(info.id)
    if hooks.segment_key is None or hooks.segment_bound is None:
        return states
    per_segment: dict[int, int] = {}
    for s in states[1:]:
        segment = int(info.to_data(s)[hooks.segment_key])
        per_segment[segment] = per_segment.get(segment, 0) + 1
    most = hooks.segment_bound(info.to_data(states[0]))
    for segment, count in per_segment.items():
        if count > most + 1:  # + the step that ended the segment before
            _fail(f"game length: {hooks.segment_key} {segment} took {count} steps, "
                  f"more than its bound {most}")
    return states

"""Every registered game's documents follow its JSON Schemas (``spec/<game-id>/schemas/``).

KERNEL-INPUT, KERNEL-OBSERVATION: each game ships one JSON Schema (draft
2020-12) per document (spec/PROTOCOL.md, "Documents"): ``state``
(``kernel.to_data``), ``action`` (``Action.to_data``; as input optionally with
the claimed ``seat``), ``event`` (``Event.to_data``, the whole table's view),
``observation`` (``kernel.observation``) and ``outcome``. Driven by the
registry, for every registered game:

- the five schemas exist (a game without them fails here, naming the missing
  files), are draft 2020-12 schemas of that game, and every rule ID they name
  is defined in a catalogue;
- every document of seeded random games validates: each variant at its
  fewest and most players, every state, every seat's observation of it, every
  action, every event and the outcome; so does every document of the golden
  vectors, which write every kind of event the schema describes;
- every action of the action universe (``GameInfo.all_actions``) validates,
  and the action schema describes exactly the vocabulary's kinds;
- the schemas are strict: at every place of every kind of document (each
  place and JSON type found in the golden vectors, the observations of their
  states and the action universe), an unknown field, a value of another JSON
  type and a string no document holds are rejected; so are a few documents
  the rules exclude (a value outside the range they fix, fields they do not
  combine).

Validating a whole document takes jsonschema milliseconds, so documents are
validated part by part with each verdict remembered (:class:`Checker`;
consecutive states share most of their values). The verdict is the same: a
schema whose top level is an object of fixed properties accepts exactly the
documents with its keys whose values each validate against their property's
schema, and a ``oneOf`` whose alternatives are told apart by a constant field
accepts exactly what the alternative of that constant accepts. Some documents
and some non-documents of every kind are validated whole as well, and must get
the same verdict.
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import kernel
from kernel.conformance import canonical
from kernel.testing import checks

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "spec"
KINDS = ("state", "action", "event", "observation", "outcome")
DRAFT = "https://json-schema.org/draft/2020-12/schema"
KNOWN_RULES = checks.catalogue_ids(sorted(SPEC.glob("*/rules.md")))
GAMES = kernel.games()
#: The seeds of the random games played per configuration.
SEEDS = (1,)
#: Keywords that never change a verdict.
ANNOTATIONS = frozenset({"$schema", "$id", "title", "description", "$comment", "$defs"})
#: What replaces a string to make a value no document holds at that place.
NO_SUCH_VALUE = "no-such-value"

Document = tuple[str, Any]  #: (kind, plain data)
Place = tuple[str | int, ...]  #: keys and list indices from a document's top


# --------------------------------------------------------------------------
# the schemas, and validating documents part by part


def _path(game: str, kind: str) -> Path:
    return SPEC / game / "schemas" / f"{kind}.schema.json"


@functools.cache
def schema(game: str, kind: str) -> dict[str, Any]:
    """The ``kind`` schema of ``game``, checked against the draft 2020-12 meta-schema."""
    missing = [f"spec/{game}/schemas/{k}.schema.json" for k in KINDS
               if not _path(game, k).is_file()]
    if missing:
        pytest.fail(f"{game} ships no JSON Schema for {len(missing)} of its documents: "
                    f"{', '.join(missing)}. Every registered game has spec/<game-id>/schemas/"
                    f"{{{','.join(KINDS)}}}.schema.json (spec/PROTOCOL.md, Documents; "
                    f"spec/camel-up-cards-2016/schemas/ is an example)")
    found: dict[str, Any] = canonical.loads(_path(game, kind).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(found)
    return found


def _inline(node: Any, defs: dict[str, Any], active: frozenset[str] = frozenset()) -> Any:
    """``node`` with each reference ``#/$defs/NAME`` replaced by its target.

    The same verdicts, faster (jsonschema looks a reference up at every use). A
    reference with other keywords beside it becomes an ``allOf`` of both, as
    draft 2020-12 reads it; a reference inside its own target is kept.
    """
    if isinstance(node, list):
        return [_inline(x, defs, active) for x in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    name = ref[len("#/$defs/"):] if isinstance(ref, str) and ref.startswith("#/$defs/") else ""
    if name in defs and name not in active:
        target = _inline(defs[name], defs, active | {name})
        rest = {k: _inline(v, defs, active) for k, v in node.items()
                if k != "$ref" and k not in ANNOTATIONS}
        return {"allOf": [target, rest]} if rest else target
    return {k: v if k == "$defs" else _inline(v, defs, active) for k, v in node.items()}


class Checker:
    """One schema's verdicts, part by part and remembered (see the module docstring).

    ``whole`` is jsonschema's validator of the schema as written, ``inlined``
    the same with its references inlined; :meth:`valid` gives their verdict.
    A schema of another form is validated whole.
    """

    def __init__(self, document_schema: dict[str, Any]) -> None:
        self.whole = Draft202012Validator(document_schema)
        defs = document_schema.get("$defs", {})
        self.inlined = Draft202012Validator(_inline(document_schema, defs))

        def part(node: dict[str, Any]) -> Any:
            return Draft202012Validator({**_inline(node, defs), "$defs": defs})

        keywords = set(document_schema) - ANNOTATIONS
        self.parts: dict[str, Any] = {}
        self.required: frozenset[str] = frozenset()
        self.key = ""
        self.alternatives: dict[str, Any] = {}
        self.verdicts: dict[tuple[str, str], bool] = {}
        if (keywords == {"type", "additionalProperties", "required", "properties"}
                and document_schema["type"] == "object"
                and document_schema["additionalProperties"] is False):
            self.parts = {k: part(v) for k, v in document_schema["properties"].items()}
            self.required = frozenset(document_schema["required"])
        elif keywords == {"oneOf"}:
            alternatives = document_schema["oneOf"]
            for key in alternatives[0].get("properties", {}):
                tags = [a.get("properties", {}).get(key, {}).get("const") for a in alternatives]
                if (all(isinstance(t, str) and key in a.get("required", ())
                        for t, a in zip(tags, alternatives, strict=True))
                        and len(set(tags)) == len(tags)):
                    self.key = key
                    self.alternatives = {t: part(a) for t, a in
                                         zip(tags, alternatives, strict=True)}
                    break

    def valid(self, document: Any) -> bool:
        if self.parts and type(document) is dict:
            if not self.required <= document.keys() <= self.parts.keys():
                return False
            return all(self._verdict(k, v, self.parts[k]) for k, v in document.items())
        if self.alternatives and type(document) is dict:
            tag = document.get(self.key)
            alternative = self.alternatives.get(tag) if type(tag) is str else None
            return alternative is not None and self._verdict("", document, alternative)
        return bool(self.inlined.is_valid(document))

    def _verdict(self, name: str, value: Any, validator: Any) -> bool:
        key = (name, repr(value))  # repr tells the JSON types apart: 1, True, '1'
        verdict = self.verdicts.get(key)
        if verdict is None:
            verdict = self.verdicts[key] = bool(validator.is_valid(value))
        return verdict

    def why_not(self, document: Any) -> str:
        """The first error of jsonschema's whole validation, for a failure message."""
        errors = sorted(self.whole.iter_errors(document), key=lambda e: list(e.absolute_path))
        if not errors:
            return "valid as a whole"
        path = "/".join(str(p) for p in errors[0].absolute_path)
        return f"{errors[0].message:.300} at /{path}"


@functools.cache
def checkers(game: str) -> dict[str, Checker]:
    return {kind: Checker(schema(game, kind)) for kind in KINDS}


def _assert_valid(game: str, where: str, kind: str, document: Any) -> None:
    check = checkers(game)[kind]
    assert check.valid(document), (f"{game} {where}: {kind} not schema-valid: "
                                   f"{check.why_not(document)}\n"
                                   f"{canonical.dumps(document):.2000}")


# --------------------------------------------------------------------------
# documents: seeded games, golden vectors


def _sweep(game: str) -> list[dict[str, Any]]:
    """Each variant of ``game`` at its fewest and most players."""
    info = kernel.game_info(game)
    return [cfg for cfg in info.configs()
            if cfg[info.config.players_key] in (info.min_players, info.max_players)]


def played_documents(game: str, config: dict[str, Any], seed: int) -> list[Document]:
    """A seeded random game's documents: every state with every seat's observation of
    it, every action and its events, the outcome."""
    info = kernel.game_info(game)
    played = kernel.play(game, config, seed)
    out: list[Document] = []
    for state in (played.initial, *(step.state for step in played.steps)):
        out.append(("state", canonical.state_to_data(state)))
        out += [("observation", canonical.observation_to_data(state, seat))
                for seat in range(info.seats(state))]
    for step in played.steps:
        out.append(("action", canonical.action_to_data(step.action)))
        out += [("event", canonical.event_to_data(event)) for event in step.events]
    end = kernel.outcome(played.final)
    assert end is not None, f"{game} {config} seed {seed}: the game did not end"
    out.append(("outcome", canonical.outcome_to_data(end)))
    return out


@functools.cache
def vector_documents(game: str) -> tuple[tuple[str, Document], ...]:
    """(file name, document) of every document of the game's golden vectors: the states,
    the actions applied, their events and the outcomes (not the status vectors'
    candidates, which may break invariants, nor rejected inputs)."""
    out: list[tuple[str, Document]] = []
    for path in sorted((SPEC / game / "vectors").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = canonical.loads(line)
            if record.get("type") not in ("header", "step"):
                continue
            if "events" in record:
                out.append((path.name, ("action", record["action"])))
                out += [(path.name, ("event", e)) for e in record["events"]]
            out += [(path.name, (kind, record[kind])) for kind in ("state", "outcome")
                    if kind in record]
    return tuple(out)


# --------------------------------------------------------------------------
# the schemas


@pytest.mark.parametrize("game", GAMES)
def test_every_game_ships_the_schemas_of_its_documents(game: str) -> None:
    # KERNEL-INPUT: five draft 2020-12 schemas, each of this game's documents.
    for kind in KINDS:
        found = schema(game, kind)  # fails naming the missing files
        assert found.get("$schema") == DRAFT, f"{game} {kind}: not a draft 2020-12 schema"
        assert str(found.get("$id", "")).endswith(f"/{game}/schemas/{kind}.schema.json"), (
            f"{game} {kind}: $id names another game or document")
    for kind in ("state", "observation"):  # a table names its game
        game_key = schema(game, kind).get("properties", {}).get("game")
        assert game_key == {"const": game}, f"{game} {kind}: 'game' must be {game!r}"


@pytest.mark.parametrize("game", GAMES)
def test_the_schemas_name_catalogue_rules(game: str) -> None:
    # KERNEL-INPUT: fields that carry a rule name its ID; every ID named is catalogued.
    prefixes = "|".join(re.escape(p) for p in (*kernel.game_info(game).rule_prefixes, "KERNEL-"))
    pattern = re.compile(rf"\b(?:{prefixes})[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
    every: set[str] = set()
    for kind in KINDS:
        named = set(pattern.findall(_path(game, kind).read_text(encoding="utf-8")))
        assert named <= KNOWN_RULES, (
            f"{game} {kind}: no catalogue defines {sorted(named - KNOWN_RULES)}")
        every |= named
    assert every, f"{game}: the schemas name no rule ID"


# --------------------------------------------------------------------------
# every document is schema-valid


@pytest.mark.parametrize("game", GAMES)
def test_documents_of_seeded_games_are_schema_valid(game: str) -> None:
    # KERNEL-INPUT, KERNEL-OBSERVATION: every state, every seat's observation, every
    # action and event, and the outcome of seeded random games validate, each variant
    # at its fewest and most players.
    for config in _sweep(game):
        for seed in SEEDS:
            docs = played_documents(game, config, seed)
            for kind, document in docs:
                _assert_valid(game, f"{config} seed {seed}", kind, document)
            # the part-by-part verdicts are jsonschema's: a few documents checked whole
            first: dict[str, int] = {}
            for i, (kind, _) in enumerate(docs):
                first.setdefault(kind, i)
            assert set(first) == set(KINDS)
            for i in {*first.values(), len(docs) // 2, len(docs) - 2}:
                kind, document = docs[i]
                assert checkers(game)[kind].whole.is_valid(document), (
                    checkers(game)[kind].why_not(document))


@pytest.mark.parametrize("game", GAMES)
def test_golden_vectors_are_schema_valid(game: str) -> None:
    # KERNEL-INPUT: the conformance vectors (spec/<game-id>/vectors/) hold schema-valid
    # documents, and write every kind of event the event schema describes (none is dead).
    kinds: set[str] = set()
    events: set[str] = set()
    for name, (kind, document) in vector_documents(game):
        _assert_valid(game, name, kind, document)
        kinds.add(kind)
        if kind == "event":
            events.add(document["event"])
    assert kinds == {"state", "action", "event", "outcome"}, f"{game}: vectors hold {kinds}"
    described = {a["properties"]["event"]["const"] for a in schema(game, "event")["oneOf"]}
    assert described == events, (f"{game}: event kinds described but never written "
                                 f"{sorted(described - events)}")


@pytest.mark.parametrize("game", GAMES)
def test_every_action_of_the_universe_is_schema_valid(game: str) -> None:
    # KERNEL-INPUT, KERNEL-ACTOR: the plain data of every action the game knows, also
    # with the seat that claims it; the schema describes exactly the vocabulary's kinds.
    info = kernel.game_info(game)
    chance = frozenset(info.action_space({info.config.players_key: info.max_players}).chance)
    actions = checkers(game)["action"]
    for action in info.all_actions:
        document = canonical.action_to_data(action)
        claimed = {**document, "seat": "chance" if action in chance else 0}
        for candidate in (document, claimed):
            assert actions.whole.is_valid(candidate), (
                f"{action}: {actions.why_not(candidate)}")
    described = {a["properties"]["kind"]["const"] for a in schema(game, "action")["oneOf"]}
    assert described == {a.kind for a in info.all_actions}


# --------------------------------------------------------------------------
# the schemas are strict


def _places(node: Any, place: Place = ()) -> Iterator[tuple[Place, Any]]:
    """Every place of a document (the document itself first) and its value."""
    yield place, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _places(value, (*place, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _places(value, (*place, i))


def _shape(place: Place, value: Any) -> str:
    """A place with its list indices dropped, and its value's type."""
    return "/".join("[]" if isinstance(p, int) else p for p in place) + ":" + type(
        value).__name__


def _value_at(document: Any, place: Place) -> Any:
    for step in place:
        document = document[step]
    return document


def _at(document: Any, place: Place, value: Any) -> Any:
    """``document`` with ``value`` at ``place`` (copied along the way; ``document`` kept)."""
    if not place:
        return value
    out = copy.copy(document)
    out[place[0]] = _at(document[place[0]], place[1:], value)
    return out


def _other_type(value: Any) -> Any:
    """A value of another JSON type, one a document might plausibly be given by mistake."""
    if value is None:
        return False
    if isinstance(value, bool):
        return int(value)  # true is not 1
    if isinstance(value, int):
        return str(value)  # "3" is not 3
    if isinstance(value, str):
        return 0
    return {} if isinstance(value, list) else []


def _non_documents(document: Any, places: list[Place]) -> Iterator[tuple[str, Any]]:
    """(what was done where, the mutant) at each of ``places`` of ``document``."""
    for place in places:
        value = _value_at(document, place)
        where = "/" + "/".join(str(p) for p in place)
        if isinstance(value, dict):
            yield f"an unknown field at {where}", _at(document, place, {**value, "x-field": 0})
        yield f"{type(value).__name__} at {where} of another type", _at(
            document, place, _other_type(value))
        if isinstance(value, str):
            yield f"a string no document holds at {where}", _at(document, place, NO_SUCH_VALUE)


def _samples(game: str) -> Iterator[tuple[str, Any, list[Place]]]:
    """(kind, document, places): for each kind of document (each action and event kind
    apart), each place and type of value there that the golden vectors, the
    observations of their states and the action universe hold, the first document
    that has it with those of its places that are new."""
    info = kernel.game_info(game)
    docs = [doc for _, doc in vector_documents(game)]
    states = [kernel.from_data(d) for kind, d in docs if kind == "state"]
    docs += [("observation", canonical.observation_to_data(s, seat))
             for s in states for seat in range(info.seats(s))]
    docs += [("action", canonical.action_to_data(a)) for a in info.all_actions]
    seen: set[tuple[str, str, str]] = set()
    walked: set[tuple[str, str, str, str]] = set()  # (kind, tag, key, repr of its value)
    for kind, document in docs:
        tag = str(document.get("event", document.get("kind", ""))) if kind in (
            "event", "action") else ""
        new: list[Place] = [] if (kind, tag, "", "") in walked else [()]
        walked.add((kind, tag, "", ""))
        for key, value in document.items():
            if (kind, tag, key, repr(value)) in walked:  # documents share most values
                continue
            walked.add((kind, tag, key, repr(value)))
            for place, inner in _places(value, (key,)):
                if (kind, tag, _shape(place, inner)) not in seen:
                    seen.add((kind, tag, _shape(place, inner)))
                    new.append(place)
        if new:
            yield kind, document, new


#: Documents the rules exclude though each value has the right type: a value outside
#: the range the rules fix, or fields the rules do not combine; per game:
#: (document kind, document, why).
AGAINST_THE_RULES: dict[str, tuple[tuple[str, dict[str, Any], str], ...]] = {
    "camel-up-cards-2016": (
        ("action", {"kind": "palm", "space": 0}, "CUC-ACT-FIGURE: spaces from 1"),
        ("action", {"kind": "draw", "card": "blue+3"}, "CUC-DATA-CARDS: +1 and +2 cards"),
    ),
    "camel-up-card-game-2023": (
        ("action", {"kind": "shortcut", "space": 25}, "CUG-DATA-CARDS: 24 spaces at most"),
        ("action", {"kind": "personal", "owner": 6}, "CUG-DATA-SETUPCARD: 6 seats at most"),
        ("action", {"kind": "draw", "card": "black-3"}, "CUG-DATA-CARDS: crazy cards 0 to 2"),
        ("action", {"kind": "discard", "card": "black-1"}, "CUG-LEG-DEAL: racing cards only"),
        ("event", {"event": "bet", "rules": ["CUG-BET-LEG"], "seat": 0, "card": "blue:5",
                   "returned": None}, "CUG-BET-FINAL: only a final card returns one"),
        ("event", {"event": "bet", "rules": ["CUG-BET-LEG"], "seat": 0,
                   "card": "blue:winner", "returned": None},
         "CUG-BET-FINAL names a final card"),
        ("event", {"event": "crazy-card", "rules": ["CUG-MOVE-CRAZY"], "card": "black-2",
                   "steps": 4, "riders": ["blue"]}, "CUG-MOVE-CRAZY: 3 steps at most"),
    ),
    "camel-up-2018": (
        ("action", {"kind": "cheer", "space": 1}, "CU2-TILE-PLACE: never on space 1"),
        ("action", {"kind": "boo", "space": 17}, "CU2-TILE-PLACE: spaces 2 to 16"),
        ("action", {"kind": "die", "colour": "grey", "number": 1},
         "CU2-PYRAMID-TICKET: the grey die shows white or black"),
        ("action", {"kind": "die", "colour": "red", "number": 4}, "CU2-PYRAMID-TICKET: 1-3"),
        ("action", {"kind": "partner", "partner": 8}, "CU2-DATA-COMPONENTS: 8 seats at most"),
        ("event", {"event": "final-payout", "rules": ["CU2-PAY-FINAL"], "seat": 0,
                   "pile": "winner", "colour": "red", "camel": "red", "delta": 4,
                   "money": 9}, "CU2-PAY-FINAL: 8, 5, 3, 2, 1 or -1"),
    ),
    "hare-and-tortoise-2014": (
        ("action", {"kind": "place", "animal": "fox", "count": 1, "howls": 1},
         "HT-RACE-HOWL: howl cards are wolf cards"),
        ("action", {"kind": "place", "animal": "wolf", "count": 1, "howls": 2},
         "HT-TURN-PLAY: the howls are among the cards played"),
        ("action", {"kind": "place", "animal": "wolf", "count": 5, "howls": 0},
         "HT-TURN-LIMIT: 4 of one animal at most"),
        ("action", {"kind": "stream", "tile": 12}, "HT-SETUP-TRACK: tiles 1 to 11"),
        ("action", {"kind": "deal", "to": 5, "card": "hare"}, "HT-DATA-CARDS: 5 seats at most"),
        ("outcome", {"points": [40, 0], "winners": [0], "rules": ["HT-SCORE-WINNER"]},
         "HT-CHAMP-ROUNDS: 39 points at most"),
        ("outcome", {"points": [3, 5], "winners": [1], "rules": ["HT-CHAMP-WINNER"]},
         "HT-CHAMP-ROUNDS: a championship's outcome holds its rounds"),
        ("event", {"event": "moved", "rules": ["HT-RACE-ORDER", "HT-RACE-FOX"],
                   "animal": "fox", "from": 0, "to": 2, "seat": 1},
         "HT-APP-MOVE: only a seat's apprentice move names the seat"),
    ),
}


@pytest.mark.parametrize("game", GAMES)
def test_schemas_reject_what_is_not_a_document(game: str) -> None:
    # KERNEL-INPUT: strict schemas: no unknown field, no value of another type, no
    # value outside its enumeration, pattern or range, at any place of any document.
    check = checkers(game)
    tried: set[str] = set()
    for kind, document, places in _samples(game):
        assert check[kind].valid(document), check[kind].why_not(document)
        for n, (what, mutant) in enumerate(_non_documents(document, places)):
            assert not check[kind].valid(mutant), f"{game} {kind}: accepted {what}: {mutant}"
            if n == 0 or kind in ("action", "outcome"):  # the same verdict, whole
                assert not check[kind].inlined.is_valid(mutant), f"{game} {kind}: {what}"
        tried.add(kind)
    assert tried == set(KINDS)
    for kind, bad, why in AGAINST_THE_RULES.get(game, ()):
        assert not check[kind].whole.is_valid(bad), f"{game}: accepted {bad} ({why})"
        assert not check[kind].valid(bad), f"{game}: accepted part by part {bad} ({why})"


def test_the_excluded_documents_are_of_registered_games() -> None:
    # KERNEL-INPUT: the table of documents the rules exclude names registered games and kinds.
    assert set(AGAINST_THE_RULES) <= set(GAMES)
    assert {kind for rows in AGAINST_THE_RULES.values() for kind, _, _ in rows} <= set(KINDS)

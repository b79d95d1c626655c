"""Every registered game and variant as an OpenSpiel Python game (issue 15).

Importing this module (it needs ``pyspiel``: ``pip install 'race-kernel[openspiel]'``)
registers, for every game of the kernel's registry and every named variant
of it, one pyspiel Python game::

    import pyspiel
    import kernel.adapters.openspiel  # registers the games
    game = pyspiel.load_game("python_camel_up_cards_2016(players=3)")

**Names.** ``python_<game id with "-" as "_">`` is the game's ``standard``
variant; every other variant is ``python_<game id>_<variant>``, e.g.
``python_hare_and_tortoise_2014_championship``. A variant's name only changes
the parameters' defaults to the variant's configuration (every name takes
every configuration key). :func:`names` lists them; :func:`register` registers
games added to the kernel's registry later.

**Parameters** are the game's configuration keys (``race-kernel games`` lists
them) with the variant's values as defaults, plus ``max_game_length``. An
integer, string or boolean key is an OpenSpiel parameter of that type. A list
of integers is a string, because OpenSpiel's game-string parser reads a
value made only of ``+-0123456789`` as an integer (and ``,`` separates
parameters): write it in brackets with colons, ``age_order=[2:0:1:3]``. A key
whose default depends on the others (or is unset) takes ``""`` for that
default.

**Game type and info** come from the kernel's metadata (``GameInfo``):
sequential, the game's chance mode and information type, terminal rewards,
its player range; ``num_distinct_actions`` and ``max_chance_outcomes`` are the
sizes of ``kernel.action_space`` (an action's id is its index there, chance
outcomes and decisions each numbered from 0; ``action_to_string`` is the
action's canonical text); chance probabilities are the kernel's exact
fractions as floats.

**Utility.** OpenSpiel needs bounded utilities, and a money score has no upper
bound under the rules (``ScoreSpec.maximum`` is None), so the return of a seat
is its share of the win: the winners (the game's own winners and tie-break,
``kernel.outcome``) share 1, the others get 0. The game is constant-sum
(utility sum 1, utilities 0 to 1). The score itself is in the state's
string and its observations.

**Game length.** OpenSpiel needs a maximum game length. A game whose
``GameInfo.max_game_length`` is set uses it; the others (the rules allow
endless play, ``GameInfo.truncation`` says why) are cut short: after
``max_game_length`` steps (chance steps included; the parameter, default
:data:`kernel.adapters.encode.DEFAULT_MAX_STEPS`) the state is terminal and
every seat gets ``1 / players`` (a draw). Random play ends far sooner. The
parameter bounds both OpenSpiel's ``max_game_length`` (decisions) and
``max_chance_nodes_in_history``.

**Observations.** ``make_py_observer`` gives, for the perfect-recall
information state, :func:`kernel.adapters.encode.information_state_string`
(exact and short) as the string and :mod:`kernel.adapters.encode`'s
information-state tensor (pieces ``observation`` and, for a game whose layout
has a memory, ``memory``: places x classes x in/out); for the seat's own
view (public and its private information, no recall) the canonical JSON of
``kernel.observation(state, seat)`` and its observation tensor (one piece per
observation key); for the public-only and the private-only observations
(``private_info`` NONE, or ``public_info`` false) the canonical JSON of the
observation's public keys (every seat's) or of ``seat`` and its private keys
(the layout's ``("private", form)`` keys), strings only. No seat sees every
seat's private information (``ALL_PLAYERS`` is refused). Python callers
(``rl_environment``) get ``information_state_tensor`` and ``observation_tensor``
from :class:`KernelState` itself: the same lists as the C++ path through these
observers, without its cost (it builds a new initial state and its tensor to
learn the tensor's size at every call).

**Resampling.** ``resample_from_infostate(seat, sampler)`` draws a whole history
with ``kernel.resample`` (the exact posterior given what ``seat`` saw); the
sampler is OpenSpiel's no-argument callable returning a uniform float (the
Python ISMCTS bot's ``pyspiel.UniformProbabilitySampler``), turned into a
seeded ``random.Random``.

A kernel history (``kernel.Trace``) of a game becomes its OpenSpiel state with
:func:`state_of` (its steps taken as they are).

**The Python state** holds one attribute, an immutable node shared by clones
(``clone`` deep-copies attributes: the node copies as itself), with the kernel
state, the history's kernel steps (linked: a child node adds one link to its
parent's steps, not a copy of them; no chain of nodes) and caches of what was
already computed. A step links only its actor and action: the events and the
state of the steps before are replayed (the kernel's transitions are pure)
the first time an information state or the history is asked for, and kept
from then on, so a play-through loop keeps no past state alive. It pickles
(``serialize``, pickle) as plain data: the game id, the configuration and the
action ids of the history, replayed on loading.
"""

from __future__ import annotations

import operator
import random
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import numpy as np
import pyspiel

import kernel
from kernel.adapters import encode, variant_names
from kernel.core import CHANCE, TERMINAL, Action, Applied, PlainData
from kernel.registry import GameInfo

#: Prefix of every registered name (OpenSpiel's convention for Python games).
PREFIX: Final = "python_"
#: The variant registered under the bare name.
STANDARD: Final = "standard"
#: The parameter bounding a game's steps (chance included).
LENGTH_PARAM: Final = "max_game_length"

_CHANCE_MODES: Final = {
    "deterministic": pyspiel.GameType.ChanceMode.DETERMINISTIC,
    "explicit-stochastic": pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    "sampled-stochastic": pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
}
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_INFORMATION: Final = {
    "perfect": pyspiel.GameType.Information.PERFECT_INFORMATION,
    "imperfect": pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    "one-shot": pyspiel.GameType.Information.ONE_SHOT,
}


def name_of(game_id: str, variant: str) -> str:
    """The registered OpenSpiel name of a game's variant."""
    base = PREFIX + game_id.replace("-", "_")
    return base if variant == STANDARD else f"{base}_{variant.replace('-', '_')}"


def names() -> dict[str, tuple[str, str]]:
    """Every name this module registers: name -> (game id, variant), for the
    kernel's registry as it is now."""
    return variant_names(name_of, "OpenSpiel")


# --------------------------------------------------------------------------
# parameters <-> configuration


def list_text(values: Sequence[int]) -> str:
    """An integer list as a parameter value: ``[2:0:1:3]``."""
    return "[" + ":".join(str(v) for v in values) + "]"


def _list_value(name: str, text: str) -> list[int]:
    if not (text.startswith("[") and text.endswith("]")):
        raise ValueError(f"parameter {name}: a list is written [a:b:...], not {text!r}")
    inner = text[1:-1]
    items = inner.split(":") if inner else []
    out = []
    for item in items:
        digits = item[1:] if item.startswith("-") else item
        if not digits.isascii() or not digits.isdigit():
            raise ValueError(f"parameter {name}: {item!r} is not an integer")
        out.append(int(item))
    return out


def parameters(game_id: str, variant: str = STANDARD) -> dict[str, Any]:
    """The parameter specification of a game's variant: every configuration key
    with the variant's value (or the field's default) as a parameter value, and
    ``max_game_length``."""
    info = kernel.game_info(game_id)
    chosen = info.config.variants[variant]
    spec: dict[str, Any] = {}
    for field in info.config.fields:
        value = chosen.get(field.name, field.default)
        if field.type == "int-list":
            spec[field.name] = list_text(value) if isinstance(value, list | tuple) else ""
        elif field.type == "int":
            spec[field.name] = value if type(value) is int else ""
        elif field.type == "bool":
            spec[field.name] = value if type(value) is bool else ""
        elif field.type == "str":
            spec[field.name] = value if type(value) is str else ""
        else:
            raise ValueError(f"{info.id}: configuration key {field.name!r} of type "
                             f"{field.type!r} has no OpenSpiel parameter form")
    if LENGTH_PARAM in spec:
        raise ValueError(f"{info.id}: configuration key {LENGTH_PARAM!r} clashes with the "
                         f"adapter's parameter")
    spec[LENGTH_PARAM] = info.max_game_length or encode.DEFAULT_MAX_STEPS
    return spec


def _config(info: GameInfo, params: Mapping[str, Any]) -> dict[str, Any]:
    """The kernel configuration of a game's parameters (ValueError: KERNEL-CONFIG)."""
    config: dict[str, Any] = {}
    for field in info.config.fields:
        value = params[field.name]
        if value == "" and field.type != "str":
            continue  # the game's own default
        if field.type == "int-list":
            config[field.name] = _list_value(field.name, str(value))
        else:
            config[field.name] = value
    problem = kernel.check_config(info.id, config)
    if problem is not None:
        raise ValueError(problem)
    return config


# --------------------------------------------------------------------------
# the state's node: immutable, shared by clones


#: A step of the history: actor, action, events, state (``kernel.Step``'s fields).
_Step = tuple[int, Action, tuple[kernel.Event, ...], Any]
#: The steps of a history, linked: None (no step), or a link ``[steps before,
#: actor, action, events, state]`` of the last step. A step applied by
#: ``apply_action`` links only its actor and action (events and state None):
#: keeping every step's events and state alive costs a play-through loop about
#: a tenth of the kernel's time (memory and garbage collection); they are
#: filled in, by replaying the kernel's pure transitions, the first time a
#: history is asked for (information states, :meth:`_Node.trace`), and kept
#: from then on (see :meth:`_Node.last_steps`). Once a seat's information state
#: was asked along a history (the node's ``seen``), its links are all filled
#: and the steps after it are linked with their events and state at once (an
#: RL loop asks every step: replaying would apply each step twice); so are
#: the steps of a history whose links are all filled, once an information state
#: was asked on one of the game's states (``KernelGame.recall``).
_Steps = list[Any] | None
#: The fields of a link.
_BEFORE, _ACTOR, _ACTION, _EVENTS, _STATE = range(5)
#: A link's two caches (None until asked): the card moves of its step (the same
#: for every seat) and the plain data of its state (until the next step's moves).
_MOVES, _DATA = 5, 6


class _Node:
    """A position: the kernel state, the history's kernel steps, and caches.

    Immutable (its caches only fill in what follows from it), so a clone
    shares it: ``deepcopy`` returns the node itself. It pickles as plain data
    (game id, configuration, action ids), replayed by :func:`_replay`.
    """

    __slots__ = ("_cache", "actor", "chance", "game", "legal", "length", "linked", "player",
                 "seen", "state")

    def __init__(self, game: KernelGame, state: Any, linked: _Steps = None, length: int = 0,
                 seen: dict[Any, Any] | None = None) -> None:
        self.game = game
        self.state = state
        #: The history's steps, linked (see :attr:`steps`), and how many.
        self.linked = linked
        self.length = length
        actor = game._actor_of(state)
        if actor != TERMINAL and length >= game.max_steps:
            actor = TERMINAL  # cut short (see the module's doc)
        self.actor: int = actor
        #: OpenSpiel's player id of the actor.
        self.player: int = (actor if actor >= 0 else _TERMINAL if actor == TERMINAL
                            else _CHANCE)
        #: Per seat, its information state's string and ledger so far (see
        #: :meth:`information_state_text` and :meth:`ledger_of`; None: none yet).
        self.seen: dict[Any, Any] | None = seen
        #: The actor's legal action ids, the chance outcomes (id, probability):
        #: None until asked.
        self.legal: list[int] | None = None
        self.chance: list[tuple[int, float]] | None = None
        self._cache: dict[Any, Any] | None = None

    @property
    def cache(self) -> dict[Any, Any]:
        """What was computed of this node (made on first use: most nodes need none)."""
        cache = self._cache
        if cache is None:
            cache = self._cache = {}
        return cache

    @property
    def truncated(self) -> bool:
        return self.actor == TERMINAL and self.game.info.current_actor(self.state) != TERMINAL

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self

    def __reduce__(self) -> tuple[Callable[..., _Node], tuple[Any, ...]]:
        return (_replay, (self.game.game_name, self.game.params, self.ids))

    @property
    def ids(self) -> tuple[int, ...]:
        """The action ids of the history (chance outcomes' and decisions' ids)."""
        g = self.game
        out = []
        link: Any = self.linked
        while link is not None:
            action = link[_ACTION]
            out.append(g.chance_ids[action] if link[_ACTOR] == CHANCE else g.player_ids[action])
            link = link[_BEFORE]
        out.reverse()
        return tuple(out)

    def child(self, actor: int, action: Action, events: tuple[kernel.Event, ...],
              state: Any) -> _Node:
        """The node after a step (its events and state given); what the seats saw
        so far carries over."""
        return _Node(self.game, state, [self.linked, actor, action, events, state, None, None],
                     self.length + 1, dict(self.seen) if self.seen else None)

    @property
    def steps(self) -> tuple[_Step, ...]:
        """The history's steps, in order."""
        steps: tuple[_Step, ...] | None = self.cache.get("steps")
        if steps is None:
            steps = self.cache["steps"] = self.last_steps(self.length)
        return steps

    def last_links(self, n: int) -> list[Any]:
        """The history's last ``n`` links, in order, with their events and states."""
        self.fill()
        out = []
        linked: Any = self.linked
        for _ in range(n):
            out.append(linked)
            linked = linked[_BEFORE]
        out.reverse()
        return out

    def moves(self, link: Any) -> Any:
        """The card moves of a link's step (:meth:`Encoder.moves`), computed once."""
        moves = link[_MOVES]
        if moves is None:
            g = self.game
            enc = g.encoder
            assert enc is not None
            before = link[_BEFORE]
            data_before = self.data(before) if before is not None else g.initial_data
            moves = link[_MOVES] = enc.moves_of(data_before, link[_ACTION], link[_EVENTS],
                                                self.data(link))
            if before is not None:
                # the data of the state before is needed again only for another
                # step from it (a branch: computed again then); kept, the plain
                # data of a whole history (lists and dicts) would cost the
                # garbage collector more than the data costs to make
                before[_DATA] = None
        return moves

    def data(self, link: Any) -> Any:
        """The plain data of a link's state, computed once (and dropped once the
        moves of the next step are, see :meth:`moves`)."""
        data = link[_DATA]
        if data is None:
            data = link[_DATA] = self.game.info.to_data(link[_STATE])
        return data

    def last_steps(self, n: int) -> tuple[_Step, ...]:
        """The history's last ``n`` steps, in order (links without their events and
        state get them first, see :meth:`fill`)."""
        self.fill()
        out: list[_Step] = []
        linked: Any = self.linked
        for _ in range(n):
            out.append((linked[_ACTOR], linked[_ACTION], linked[_EVENTS], linked[_STATE]))
            linked = linked[_BEFORE]
        out.reverse()
        return tuple(out)

    def fill(self) -> None:
        """Give every link of the history its events and state: the links after the
        last one that has them are replayed from its state (or the initial state),
        applying their actions again (the kernel's transitions are pure: the same
        state and action give the same events and state)."""
        missing = []
        link: Any = self.linked
        while link is not None and link[_EVENTS] is None:
            missing.append(link)
            link = link[_BEFORE]
        if not missing:
            return
        g = self.game
        state = g.initial.state if link is None else link[_STATE]
        apply = g._apply
        for link in reversed(missing):
            result = apply(state, link[_ACTION])
            if not isinstance(result, Applied):  # pragma: no cover (it was applied once)
                raise AssertionError(f"replaying {link[_ACTION].text}: {result.rule} "
                                     f"{result.reason}")
            state = result.state
            # the state first: another thread takes a link with events as filled
            # (the last link's state is the node's own, equal to the replayed one)
            link[_STATE] = self.state if link is self.linked else state
            link[_EVENTS] = result.events

    def kernel_steps(self, start: int = 0) -> tuple[kernel.Step, ...]:
        """The history's steps from ``start`` on, as ``kernel.Step`` s."""
        return tuple(kernel.Step(*st) for st in self.last_steps(self.length - start))

    def trace(self) -> kernel.Trace:
        g = self.game
        return kernel.Trace(g.game_id, g.info.version, dict(g.config), 0, g.initial.state,
                            self.kernel_steps())

    # what seats see, computed once per node and seat

    def observation(self, seat: int) -> dict[str, PlainData]:
        key = ("obs", seat)
        if key not in self.cache:
            self.cache[key] = self.game.info.observation(self.state, seat)
        value: dict[str, PlainData] = self.cache[key]
        return value

    def observation_text(self, seat: int) -> str:
        key = ("obs-text", seat)
        if key not in self.cache:
            self.cache[key] = encode.canonical(self.observation(seat))
        text: str = self.cache[key]
        return text

    def observation_tensor(self, seat: int) -> np.ndarray:
        key = ("obs-tensor", seat)
        tensor: np.ndarray | None = self.cache.get(key)
        if tensor is None:
            tensor = self.cache[key] = self.game.tensor_of(self.observation(seat))
        return tensor

    def _seen(self, key: tuple[str, int], empty: Any) -> tuple[Any, list[Any]]:
        """What a seat saw so far under ``key`` (the string's or the ledger's),
        and the links of the steps since."""
        seen = self.seen
        if seen is None:
            seen = self.seen = {}
            self.game.recall = True
        last = seen.get(key, empty)
        done = last[0]
        return last, self.last_links(self.length - done) if done < self.length else []

    def ledger_of(self, seat: int) -> tuple[encode.Ledger, list[float]]:
        """The seat's ledger of cards (:class:`kernel.adapters.encode.Ledger`), kept
        step by step, and its memory floats (a list the next nodes start from:
        not to be changed)."""
        g = self.game
        enc = g.encoder
        assert enc is not None
        key = ("ledger", seat)
        last, links = self._seen(key, (0, g.ledger_start, None))
        done, ledger, floats = last
        if links or floats is None:
            before = ledger
            touched: set[tuple[str, str, str, int]] | None = None if floats is None else set()
            if links:
                # the moves of the steps since, in order, as one step's, and their
                # batches (the same for every seat whose ledger has the same
                # batches and pools: computed once for them)
                cached = self.cache.get(("moves", done))
                if cached is None or cached[0] is not ledger.batches or (
                        cached[1] is not ledger.pools):
                    moves = (self.moves(links[0]) if len(links) == 1
                             else [m for link in links for m in self.moves(link)])
                    flow = ledger.flow(moves) if enc.logged else None
                    cached = self.cache[("moves", done)] = (
                        ledger.batches, ledger.pools, moves, flow)
                ledger = ledger.after(cached[2], seat, enc.place_set, enc.logged, touched,
                                      cached[3])
            if floats is None:
                floats = enc.memory(ledger)
            elif ledger is not before:  # only what changed is written again
                floats = floats[:]
                enc.memory_update(before, ledger, floats, touched)
            assert self.seen is not None
            self.seen[key] = (self.length, ledger, floats)
        return ledger, floats

    def memory_tensor(self, seat: int) -> np.ndarray:
        """The seat's memory floats (:meth:`ledger_of`) as an array, made once."""
        key = ("memory", seat)
        floats: np.ndarray | None = self.cache.get(key)
        if floats is None:
            floats = self.cache[key] = np.array(self.ledger_of(seat)[1], np.float32)
        return floats

    def tensor_list(self, seat: int) -> list[float]:
        """The seat's observation tensor as a list (a new one): a copy of an
        all-zero list with the nonzero floats set (most are zero)."""
        obs = self.observation_tensor(seat)
        out = self.game.zeros[:]
        at = obs.nonzero()[0]
        deque(map(out.__setitem__, at.tolist(), obs[at].tolist()), maxlen=0)
        return out

    def information_state_text(self, seat: int) -> str:
        """The seat's information-state string
        (:func:`kernel.adapters.encode.information_state_string`), kept step by step."""
        g = self.game
        key = ("text", seat)
        last, links = self._seen(key, (0, f"{seat}:", {}))
        _, text, book = last
        if links:
            book = dict(book)
            token = g.texts.token
            text += "".join(token(seat, link[_ACTOR], link[_ACTION], link[_EVENTS], book)
                            for link in links)
            assert self.seen is not None
            self.seen[key] = (self.length, text, book)
        return str(text)

    def text(self) -> str:
        if "text" not in self.cache:
            data = self.game.info.to_data(self.state)
            cut = " (cut short)" if self.truncated else ""
            self.cache["text"] = f"step {self.length}{cut}: {encode.canonical(data)}"
        text: str = self.cache["text"]
        return text


def _replay(name: str, params: Mapping[str, Any], ids: Sequence[int]) -> _Node:
    """The node of a pickled state: the game's initial node and the actions replayed."""
    game = pyspiel.load_game(name, dict(params))
    assert isinstance(game, KernelGame)
    node = game.initial
    for action_id in ids:
        node = game.step(node, action_id)
    return node


# --------------------------------------------------------------------------
# the game


class KernelGame(pyspiel.Game):  # type: ignore[misc]
    """One registered game and variant with its parameters (see the module's doc).

    :func:`register` makes one subclass per registered name (pyspiel keeps the
    class as the name's creator), setting ``GAME_ID``, ``VARIANT`` and
    ``GAME_TYPE``.
    """

    GAME_ID: str = ""
    VARIANT: str = STANDARD
    GAME_TYPE: Any = None

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game_id, variant, game_type = self.GAME_ID, self.VARIANT, self.GAME_TYPE
        if game_type is None:
            raise TypeError("KernelGame is made for a registered name: use pyspiel.load_game")
        spec = parameters(game_id, variant)
        unknown = sorted(set(params or {}) - set(spec))
        if unknown:
            raise ValueError(f"unknown parameters {unknown}; known: {sorted(spec)}")
        params = {**spec, **(params or {})}
        self.game_id = game_id
        self.variant = variant
        self.game_name: str = game_type.short_name
        self.info = kernel.game_info(game_id)
        self.params = dict(params)
        self.config = _config(self.info, params)
        length = params[LENGTH_PARAM]
        if type(length) is not int or length < 1:
            raise ValueError(f"{LENGTH_PARAM} must be a positive integer, not {length!r}")
        self.max_steps: int = length
        self.space = kernel.action_space(game_id, self.config)
        self.player_ids = {a: i for i, a in enumerate(self.space.players)}
        self._player_table = self.space.players
        self._chance_table = self.space.chance
        self._apply = self.info.apply
        self._actor_of = self.info.current_actor
        self.chance_ids = {a: i for i, a in enumerate(self.space.chance)}
        # the same by canonical text (a str's hash is kept: the faster lookup)
        self._player_id_of = {a.text: i for i, a in enumerate(self.space.players)}
        self._chance_id_of = {a.text: i for i, a in enumerate(self.space.chance)}
        self.players = self.info.seats(self.info.new_game(self.config))
        self.texts = encode.info_text(game_id, self.config)
        self.encoder = (encode.encoder(game_id, self.config, length)
                        if self.info.tensor is not None else None)
        # the observation tensors, re-encoding only what changed since the last
        # one (see tensor_of)
        self._memo = encode.Memo(self.encoder) if self.encoder is not None else None
        self._memo_lock = threading.Lock()
        #: Whether a seat's information state was asked on one of the game's
        #: states: its steps are then linked with their events and state (see
        #: :meth:`step`).
        self.recall = False
        #: An all-zero list the size of the observation tensor, copied to build a
        #: tensor as a list (see :meth:`KernelState.information_state_tensor`).
        self.zeros = [0.0] * (self.encoder.observation_size if self.encoder else 0)
        super().__init__(game_type, pyspiel.GameInfo(
            num_distinct_actions=len(self.space.players),
            max_chance_outcomes=len(self.space.chance),
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=length,
        ), dict(params))
        self.initial = _Node(self, self.info.new_game(self.config))
        #: Every seat's ledger before the first step.
        self.ledger_start = (self.encoder.start(self.initial.state) if self.encoder is not None
                             else encode.Ledger())
        self.initial_data = self.info.to_data(self.initial.state)

    def new_initial_state(self) -> KernelState:
        return KernelState(self)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # pickled as its registered name and parameters (the class is made by
        # game_class, not importable by name)
        return (pyspiel.load_game, (self.game_name, self.params))

    def max_chance_nodes_in_history(self) -> int:
        return self.max_steps

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported, got {dict(params)}")
        if iig_obs_type is None or iig_obs_type.perfect_recall:
            recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            if iig_obs_type is not None and not (
                    iig_obs_type.public_info
                    and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER):
                raise ValueError("a perfect-recall view is a seat's own (public and "
                                 "its private information)")
            return Observer(self, recall)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("no seat sees every seat's private information")
        if iig_obs_type.public_info and private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return Observer(self, False)
        if iig_obs_type.public_info:
            return Observer(self, False, "public")
        if private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return Observer(self, False, "private")
        raise ValueError("an observation holds public or private information")

    def tensor_of(self, observation: Mapping[str, PlainData]) -> np.ndarray:
        """The observation tensor of a seat's observation (a new array), as
        ``encoder.observation`` makes it."""
        memo = self._memo
        assert memo is not None, "the game has no tensor layout"
        with self._memo_lock:  # the game's states share the memo, maybe across threads
            memo.update(observation)
            return np.frombuffer(memo.tensor, np.float32).copy()

    def legal_ids(self, state: Any) -> list[int]:
        """The ids of the actor's legal actions in ``state``, in order."""
        id_of = self._player_id_of
        ids = [id_of[a.text] for a in self.info.legal_actions(state)]
        ids.sort()
        return ids

    def chance_list(self, state: Any) -> list[tuple[int, float]]:
        """The chance outcomes of ``state``: (id, probability as a float), in id order."""
        id_of = self._chance_id_of
        out = [(id_of[a.text], p.numerator / p.denominator)
               for a, p in self.info.chance_outcomes(state)]
        out.sort()
        return out

    def step(self, node: _Node, action_id: int) -> _Node:
        """The node after the action with id ``action_id`` (ValueError if illegal)."""
        actor = node.actor
        if actor == TERMINAL:
            raise ValueError("the game is over")
        table = self._chance_table if actor == CHANCE else self._player_table
        if type(action_id) is not int or not 0 <= action_id < len(table):
            raise ValueError(f"no action id {action_id!r}")
        action = table[action_id]
        result = self._apply(node.state, action)
        if not isinstance(result, Applied):
            raise ValueError(f"illegal action {action.text}: {result.rule} {result.reason}")
        seen, linked = node.seen, node.linked
        if seen or (self.recall and (linked is None or linked[_EVENTS] is not None)):
            # a seat's information state was asked along this history (its links
            # are filled already, see _Node.fill), or on this game and this
            # history's links are all filled: this link is kept filled too (its
            # events will be asked, replaying would apply the step again)
            return _Node(self, result.state, [linked, actor, action, result.events,
                                              result.state, None, None],
                         node.length + 1, dict(seen) if seen else None)
        # the link without events and state (see _Steps)
        return _Node(self, result.state, [node.linked, actor, action, None, None, None, None],
                     node.length + 1, None)


# --------------------------------------------------------------------------
# the state


class KernelState(pyspiel.State):  # type: ignore[misc]
    """A position of a :class:`KernelGame` (one attribute: the shared node)."""

    def __init__(self, game: KernelGame) -> None:
        super().__init__(game)
        self._node = game.initial

    @property
    def node(self) -> _Node:
        return self._node

    def _kgame(self) -> KernelGame:
        game: KernelGame = self._node.game
        return game

    def current_player(self) -> int:
        return self._node.player

    def is_terminal(self) -> bool:
        return self._node.actor == TERMINAL

    # Python callers (bots, RL loops) reach these without crossing into C++;
    # C++ callers get the same answers through current_player/_legal_actions.

    def is_chance_node(self) -> bool:
        return self._node.actor == CHANCE

    def is_player_node(self) -> bool:
        return self._node.actor >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``LegalActions``: the actor's action ids (at a chance node
        the outcomes' ids, for another seat none)."""
        node = self._node
        actor = node.actor
        if actor >= 0 and (player is None or player == actor):
            legal = node.legal
            if legal is None:
                legal = node.legal = node.game.legal_ids(node.state)
            return legal[:]
        if actor == TERMINAL:
            return []
        if actor == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if player is not None and player < 0:
            raise pyspiel.SpielError(f"legal_actions of pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        node = self._node
        legal = node.legal
        if legal is None:
            legal = node.legal = node.game.legal_ids(node.state)
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        node = self._node
        chance = node.chance
        if chance is None:
            chance = node.chance = node.game.chance_list(node.state)
        return chance

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """OpenSpiel's ``InformationStateTensor`` (the actor's by default), the same
        floats as the C++ path through the observer (``make_py_observer``).

        Python callers (``rl_environment`` asks every seat's at every step) get
        it without the C++ path's costs: that path first works out the tensor's
        size by building a new initial state and its tensor, then turns every
        float into a Python float. Here the list is a copy of an all-zero list
        with the nonzero floats of the observation set (most are zero), then
        the seat's memory, kept step by step as a list."""
        return self._tensor(player, True)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """OpenSpiel's ``ObservationTensor`` (the actor's by default), made as
        :meth:`information_state_tensor` is."""
        return self._tensor(player, False)

    def _tensor(self, player: int | None, recall: bool) -> list[float]:
        node = self._node
        game = node.game
        if game.encoder is None:  # no layout: OpenSpiel's own answer
            if recall:
                return list(super().information_state_tensor(
                    *(() if player is None else (player,))))
            return list(super().observation_tensor(*(() if player is None else (player,))))
        seat = node.player if player is None else operator.index(player)
        if not 0 <= seat < game.players:
            raise pyspiel.SpielError(f"a tensor of player {seat}: players are 0 to "
                                     f"{game.players - 1}")
        out = node.tensor_list(seat)
        if recall and game.encoder.memory_size:
            out += node.ledger_of(seat)[1]
        return out

    #: The node of a step already drawn (see :func:`state_of`), which
    #: ``apply_action`` takes as it is.
    _pending: _Node | None = None

    def _apply_action(self, action: int) -> None:
        pending = self._pending
        if pending is not None:  # a drawn step (resample_from_infostate), already applied
            del self._pending
            self._node = pending
            return
        node = self._node
        self._node = node.game.step(node, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        space = self._kgame().space
        table = space.chance if player == int(pyspiel.PlayerId.CHANCE) else space.players
        return table[action].text

    def returns(self) -> list[float]:
        node = self._node
        players = self._kgame().players
        if node.actor != TERMINAL:
            return [0.0] * players
        outcome = self._kgame().info.outcome(node.state)
        if outcome is None or not outcome.winners:  # cut short: a draw
            return [1.0 / players] * players
        share = 1.0 / len(outcome.winners)
        return [share if seat in outcome.winners else 0.0 for seat in range(players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KernelState:
        """A state with a whole history drawn by ``kernel.resample`` for ``player_id``.

        ``probability_sampler()`` (a uniform float in [0, 1)) seeds the draw.
        """
        game = self._kgame()
        seed = int(float(probability_sampler()) * 2 ** 53)
        drawn = kernel.resample(self._node.trace(), player_id, random.Random(seed))
        return state_of(game, drawn)

    def __str__(self) -> str:
        return self._node.text()


def state_of(game: KernelGame, history: kernel.Trace) -> KernelState:
    """The OpenSpiel state of a kernel history of ``game``'s game and configuration.

    The history's steps are taken as they are (real kernel steps: nothing is
    applied again); OpenSpiel's own history of the state is their action ids.
    """
    if history.game != game.game_id or history.initial != game.initial.state:
        raise ValueError(f"the history ({history.game} {dict(history.config)}) does not "
                         f"start at the initial state of {game}")
    state = KernelState(game)
    node = game.initial
    for st in history.steps:
        action_id = (game.chance_ids[st.action] if st.actor == CHANCE
                     else game.player_ids[st.action])
        nxt = node.child(st.actor, st.action, st.events, st.state)
        state._node = node
        state._pending = nxt  # apply_action takes the step as it is (see _apply_action)
        state.apply_action(action_id)
        node = nxt
    return state


# --------------------------------------------------------------------------
# observations


class Observer:
    """OpenSpiel's Python observer: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, game: KernelGame, perfect_recall: bool, part: str = "") -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        #: "": the seat's own view; "public": what every seat sees; "private": what
        #: only the seat sees (strings only, no recall).
        self.part = part
        enc = game.encoder
        self.dict: dict[str, np.ndarray] = {}
        if enc is None or part:
            self.tensor: np.ndarray | None = None
            return
        if perfect_recall:
            n = enc.observation_size
            self.tensor = np.zeros(enc.information_state_size, np.float32)
            self.dict["observation"] = self.tensor[:n]
            if enc.memory_size:
                m = n + enc.ledger_size
                self.dict["memory"] = self.tensor[n:m].reshape(
                    len(enc.places), len(enc.classes), 2)
                if enc.logged:
                    # per logged place: its rows so far, then its last rows
                    self.dict["log"] = self.tensor[m:].reshape(
                        len(enc.logged), 1 + enc.log_rows * enc.row_size)
        else:
            self.tensor = np.zeros(enc.observation_size, np.float32)
            for key, offset, size in enc.pieces:
                if size:
                    self.dict[key] = self.tensor[offset:offset + size]

    def set_from(self, state: KernelState, player: int) -> None:
        """The tensor of ``player``'s view of ``state``."""
        if self.tensor is None:
            return
        node = state.node
        if not self.perfect_recall:
            self.tensor[:] = node.observation_tensor(player)
            return
        enc = self.game.encoder
        assert enc is not None  # a tensor is made only from a layout
        n = enc.observation_size
        self.tensor[:n] = node.observation_tensor(player)
        if enc.memory_size:
            self.tensor[n:] = node.memory_tensor(player)

    def string_from(self, state: KernelState, player: int) -> str:
        """The canonical JSON of ``player``'s view of ``state``."""
        node = state.node
        if self.perfect_recall:
            return node.information_state_text(player)
        if self.part:
            enc = self.game.encoder
            obs = node.observation(player)
            if enc is None:  # no layout: nothing is known to be private
                return encode.canonical({} if self.part == "private" else obs)
            return encode.canonical(enc.public(obs) if self.part == "public"
                                    else enc.private_part(obs))
        return node.observation_text(player)


# --------------------------------------------------------------------------
# registration


def game_type(game_id: str, variant: str = STANDARD, name: str | None = None) -> Any:
    """The pyspiel GameType of a game's variant, from the kernel's metadata
    (``name``: the short name, by default :func:`name_of`)."""
    info = kernel.game_info(game_id)
    tensors = info.tensor is not None
    long_name = info.name if variant == STANDARD else f"{info.name}, {variant}"
    return pyspiel.GameType(
        short_name=name or name_of(game_id, variant),
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=_CHANCE_MODES[info.chance_mode],
        information=_INFORMATION[info.information],
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=tensors,
        provides_observation_string=True,
        provides_observation_tensor=tensors,
        parameter_specification=parameters(game_id, variant),
    )


def game_class(game_id: str, variant: str = STANDARD, name: str | None = None,
               base: type[KernelGame] | None = None) -> type[KernelGame]:
    """A :class:`KernelGame` subclass for a game's variant (``base``: a subclass
    of KernelGame to start from); ``cls(params)`` makes a game without
    registering it (``params``: every parameter, see :func:`parameters`)."""
    gtype = game_type(game_id, variant, name)
    return type(f"KernelGame_{gtype.short_name}", (base or KernelGame,),
                {"GAME_ID": game_id, "VARIANT": variant, "GAME_TYPE": gtype,
                 "__module__": __name__})


def register() -> tuple[str, ...]:
    """Register every game and variant of the kernel's registry not yet known to
    pyspiel (done on import; call again after registering a game); returns
    every name of :func:`names`."""
    known = set(pyspiel.registered_names())
    for name, (game_id, variant) in names().items():
        if name not in known:
            # A class, not a function: pyspiel keeps the creator until the
            # process ends, and a function freed then (without the GIL)
            # crashes the exit; a class lives on.
            cls = game_class(game_id, variant)
            pyspiel.register_game(cls.GAME_TYPE, cls)
    return tuple(names())


register()

__all__ = [
    "LENGTH_PARAM",
    "PREFIX",
    "STANDARD",
    "KernelGame",
    "KernelState",
    "Observer",
    "game_class",
    "game_type",
    "list_text",
    "name_of",
    "names",
    "parameters",
    "register",
    "state_of",
]

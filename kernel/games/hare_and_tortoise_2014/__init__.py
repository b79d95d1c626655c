"""The Hare & the Tortoise (Gun-Hee Kim, Iello 2014): registered as ``hare-and-tortoise-2014``.

Everything the shared layers need is in the one :class:`kernel.registry.GameInfo`
below: metadata, configuration (the standard game, the championship and the
apprentice variant), action vocabulary, rule prefix, the pure functions
(:mod:`.game`, the movement and scoring arithmetic in :mod:`.rules`), the
narrator, the conformance plan and the hooks of the generic checks.
"""

from kernel.plugin import ConfigField, ConfigSpec, Plan, ScoreSpec
from kernel.registry import GameInfo, register

from . import game
from .data import CHAMPIONSHIP_ROUNDS, GAME_ID, MAX_PLAYERS, MIN_PLAYERS
from .drawing import DRAWING
from .hooks import HOOKS
from .narrator import NARRATOR
from .notation import LAYOUT
from .state import INVARIANTS, HareState, violations
from .tensor import layout as tensor_layout


def _plan() -> Plan:
    from .plans import plan

    return plan()


INFO = register(
    GameInfo(
        id=GAME_ID,
        name="The Hare & the Tortoise (Gun-Hee Kim, Iello 2014)",
        version=game.VERSION,
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        chance_mode="explicit-stochastic",
        information="imperfect",
        score=ScoreSpec(kind="points", unit="victory points", minimum=0,
                        maximum=13 * CHAMPIONSHIP_ROUNDS,
                        winners="most points wins; in one game ties go to the seat whose "
                                "highest-placed bet animal stands higher on the podium, else "
                                "they share (HT-SCORE-WINNER); "
                                "a championship tie is shared (HT-CHAMP-WINNER)"),
        max_game_length=None,
        truncation=("none under the rules: with the wolf on the podium, a howl in every "
                    "racing phase moves no animal; each stretch between racing phases is "
                    "bounded (GameHooks.segment_bound)"),
        config=ConfigSpec(
            fields=(
                ConfigField("players", "int", 4,
                            f"the number of seats, {MIN_PLAYERS} to {MAX_PLAYERS}"),
                ConfigField("first", "int", 0,
                            "the seat holding the first player token (HT-SETUP-FIRST)"),
                ConfigField("series", "int", 1,
                            "games in the series: 1, or 3 for the championship "
                            "(HT-CHAMP-ROUNDS)", (1, 3)),
                ConfigField("mode", "str", "standard",
                            "standard, or apprentice for the apprentice variant (HT-APP-*)",
                            ("standard", "apprentice")),
            ),
            variants={"standard": {}, "championship": {"series": CHAMPIONSHIP_ROUNDS},
                      "apprentice": {"mode": "apprentice"}},
        ),
        rule_prefixes=("HT-",),
        vocabulary=game.VOCABULARY,
        state_type=HareState,
        invariants=INVARIANTS,
        new_game=game.new_game,
        parse_config=game.parse_config,
        current_actor=game.current_actor,
        legal_actions=game.legal_actions,
        chance_outcomes=game.chance_outcomes,
        apply=game.apply,
        apply_legal=game.apply_legal,
        observation=game.observation,
        outcome=game.outcome,
        to_data=game.to_data,
        from_data=game.from_data,
        status=game.status,
        violations=violations,
        seats=game.seats,
        action_space=game.action_space,
        narrator=NARRATOR,
        plan=_plan,
        hooks=HOOKS,
        drawing=DRAWING,
        notation=LAYOUT,
        tensor=tensor_layout,
    )
)

__all__ = ["INFO", "HareState", "game"]

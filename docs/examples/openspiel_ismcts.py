"""OpenSpiel's Python ISMCTS bot against a random bot, on a race-kernel game.

Importing ``kernel.adapters.openspiel`` registers every game and variant of
the kernel as an OpenSpiel Python game (``python_<game id>``, variants
``python_<game id>_<variant>``); ISMCTS draws the hidden cards it cannot see
with ``state.resample_from_infostate`` (``kernel.resample``).
Run: ``python3 docs/examples/openspiel_ismcts.py`` (extra ``openspiel``).
"""

import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import kernel.adapters.openspiel  # noqa: F401  (registers the games)

game = pyspiel.load_game("python_hare_and_tortoise_2014_apprentice(players=2)")
rng = np.random.RandomState(7)
bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
                       uct_c=2.0, max_simulations=4, random_state=rng)
# Seed the resampling too (by default each draw takes a fresh random seed).
draws = random.Random(7)
bot.set_resampler(lambda state, seat: state.resample_from_infostate(seat, draws.random))
other = pyspiel.make_uniform_random_bot(1, 7)

state = game.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))
    else:
        player = bot if state.current_player() == 0 else other
        state.apply_action(int(player.step(state)))
print("ISMCTS (seat 0) and random (seat 1):", state.returns())

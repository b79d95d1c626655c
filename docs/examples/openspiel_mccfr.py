"""Outcome-sampling MCCFR on a small configuration (the README's OpenSpiel section).

Its tabular policy is keyed by the information-state strings: exact (a
distinct string for each information state) and short (issue 27).
"""

import numpy as np
import pyspiel
from open_spiel.python.algorithms import outcome_sampling_mccfr

import kernel.adapters.openspiel  # noqa: F401  (registers the games)

# The apprentice variant, 2 players, cut short after 60 steps (a draw then).
game = pyspiel.load_game(
    "python_hare_and_tortoise_2014_apprentice(players=2,max_game_length=60)")
np.random.seed(7)  # the solver samples with NumPy's global generator
solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
for _ in range(20):
    solver.iteration()
table = solver._infostates  # information-state string -> regrets and average policy
keys = list(table)
print(f"{len(keys)} information states, strings of {min(map(len, keys))} to "
      f"{max(map(len, keys))} characters")
policy = solver.average_policy()
state = game.new_initial_state()
while state.is_chance_node():
    actions, probs = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(int(np.random.choice(actions, p=probs)))
print("average policy at the first decision:",
      {state.action_to_string(a): round(p, 3)
       for a, p in policy.action_probabilities(state).items() if p})

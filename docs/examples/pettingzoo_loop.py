"""A PettingZoo loop with action masks over a race-kernel game (README: PettingZoo).

    python3 -m pip install -q -c constraints.txt -e '.[pettingzoo]'
    python3 docs/examples/pettingzoo_loop.py

Three seeded random players, each picking a legal action id from its mask, play one
seeded game of Camel Up Cards; chance (the deal, the racing deck) is drawn
inside ``env.step`` with the kernel's exact sampler, seeded by ``reset``. The
rewards come once, at the end: each seat's final money minus its starting money.
"""

from kernel.adapters.pettingzoo import env as make_env

env = make_env("camel-up-cards-2016", {"players": 3}, render_mode="ansi")
env.reset(seed=42)                       # seeds every chance draw
for i, agent in enumerate(env.agents):
    env.action_space(agent).seed(42 + i)  # and the random players' choices
returns = dict.fromkeys(env.agents, 0.0)
for agent in env.agent_iter():
    observation, reward, terminated, truncated, _info = env.last()
    returns[agent] += reward
    if terminated or truncated:
        action = None                    # a finished agent steps with None
    else:
        mask = observation["action_mask"]        # int8, 1 for each legal action id
        action = env.action_space(agent).sample(mask)
    env.step(action)
print(env.render())                      # the game's own picture of the final table
print("money won or lost:", returns)

"""Tournaments and other campaigns of many independent games (README, "Tournaments").

- :mod:`kernel.tournament.schedule`: which games, seat rotations and seeds
  (common random numbers per deal);
- :mod:`kernel.tournament.runner`: one function over many tasks, on one core,
  local processes or a Ray cluster, results in task order;
- :mod:`kernel.tournament.ratings`: OpenSkill Plackett-Luce ratings in game order;
- :mod:`kernel.tournament.core`: a tournament's table (:func:`tournament`);
- :mod:`kernel.tournament.report`: its HTML report;
- :mod:`kernel.tournament.campaigns`: differential runs over many seeds and
  self-play datasets on the same runner.
"""

"""Machinery a family of games shares, parameterised by each game's data (not games)."""

"""The static evaluation of a position (the probability that a player wins from here): it lives
in `mtg_env.evaluation`, where the self-play env's reward shaping also reads it (mtg_env never
imports the agents package); re-exported here for the search agents and experiments."""

from mtg_env.evaluation import FEATURES, WEIGHTS, features, win_probability

__all__ = ["FEATURES", "WEIGHTS", "features", "win_probability"]

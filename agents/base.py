"""The agent protocol and the driver that plays a game to the end.

Both live in `mtg_env.play` (the harness, the envs and the CLI use them too, and mtg_env must not
import this package); they are re-exported here, where agents are written.
"""

from mtg_env.play import Agent, play_game

__all__ = ["Agent", "play_game"]

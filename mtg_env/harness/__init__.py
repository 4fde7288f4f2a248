"""The experiment harness: Ray-parallel rollouts, statistics and tournaments (the main job)."""

from .config import ConfigError, RunConfig, load_config
from .run import run

__all__ = ["ConfigError", "RunConfig", "load_config", "run"]

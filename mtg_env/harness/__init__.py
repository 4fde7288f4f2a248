"""The experiment harness: Ray-parallel rollouts, statistics and tournaments (the main job)."""

from .config import ConfigError, HarnessError, RunConfig, load_config
from .run import RunInterrupted, run

__all__ = ["ConfigError", "HarnessError", "RunConfig", "RunInterrupted", "load_config", "run"]

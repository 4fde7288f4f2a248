"""Kept for code written against mtg_env 0.1: this module now lives in `mtg_env.core.errors`."""

from ..core.errors import (  # noqa: F401
    DeckError,
    IllegalActionError,
    ManaStringError,
    MtgError,
    ScenarioError,
    UnknownCardError,
)

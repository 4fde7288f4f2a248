"""Kept for code written against mtg_env 0.1: this module now lives in `mtg_env.core.actions`."""

from ..core.actions import (  # noqa: F401
    DECISION_KINDS,
    KINDS,
    PASS,
    Action,
    Decision,
    match_action,
)

"""Kept for code written against mtg_env 0.1: this module now lives in `mtg_env.core.objects`."""

from ..core.objects import (  # noqa: F401
    BATTLEFIELD,
    COMMAND,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    STACK,
    ZONES,
    Context,
    GameObject,
    Player,
    Ref,
    SlotState,
    StackItem,
)

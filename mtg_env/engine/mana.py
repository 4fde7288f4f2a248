"""Kept for code written against mtg_env 0.1: this module now lives in `mtg_env.core.mana`."""

from ..core.mana import (  # noqa: F401
    COLOR_NAMES,
    COLORS,
    TYPE_INDEX,
    TYPES,
    ManaCost,
    ManaPool,
    RestrictedMana,
    available_for,
    can_pay,
    format_mana,
    max_x,
    parse_mana,
    parse_mana_cost,
    split_symbols,
)

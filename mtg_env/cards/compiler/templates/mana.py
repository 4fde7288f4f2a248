"""Mana effects (CR 106): "Add {G}.", "Add {W} or {U}.", "Add one mana of any color.", "Add
{C}{C}." An activated ability whose effect adds mana and that has no target is a mana ability
(CR 605.1a); the engine recognises it from its effects."""

from __future__ import annotations

import re
from typing import Any

from ...effects import AddMana, AddManaChoice, ManaChoice
from ..grammar import NoParse, kind, rule


@kind("one_symbol")
def _one_symbol(text: str) -> str:
    if not re.fullmatch(r"\{[WUBRGC]\}", text):
        raise NoParse(text)
    return text[1]


@kind("symbol_list")
def _symbol_list(text: str) -> str:
    """"{W} or {U}", "{U}, {B}, or {R}": one of these types."""
    parts = re.split(r",? or |, ", text)
    if len(parts) < 2 or any(not re.fullmatch(r"\{[WUBRGC]\}", p) for p in parts):
        raise NoParse(text)
    return "".join(p[1] for p in parts)


@kind("fixed_mana")
def _fixed_mana(text: str) -> str:
    if not re.fullmatch(r"(\{[WUBRGC]\})+", text):
        raise NoParse(text)
    return text


@rule("effect", "Add <mana:fixed_mana>")
def add_mana(b: Any, mana: str) -> list[Any]:
    """CR 106.3: "Add {C}{C}{C}." """
    return [AddMana(mana)]


@rule("effect", "Add <types:symbol_list>")
def add_one_of(b: Any, types: str) -> list[Any]:
    """"Add {W} or {U}.": one mana of a type chosen as it resolves."""
    return [AddManaChoice(types)]


@rule("effect", "Add <n:n> mana of any (one |)color")
def add_any_color(b: Any, n: int) -> list[Any]:
    """"Add one mana of any color." / "Add three mana of any one color." (CR 106.1a)"""
    return [AddManaChoice(ManaChoice.ANY_COLOR, amount=n)]


@rule("effect", "Add one mana of any color in your commander's color identity")
def add_commander_color(b: Any) -> list[Any]:
    """CR 903.4: outside Commander no type is defined and no mana is produced (CR 106.5)."""
    return [AddManaChoice(ManaChoice.COMMANDER_IDENTITY)]

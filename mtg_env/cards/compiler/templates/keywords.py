"""Keyword abilities (CR 702) the engine applies: the evasion and combat keywords, flash,
hexproof, shroud, indestructible (CR 702.2-702.19), enchant (CR 702.5), equip (CR 702.6),
crew (CR 702.122), undying (CR 702.93)."""

from __future__ import annotations

from typing import Any

from ...abilities import Activated, Keyword, TargetSpec
from ...costs import Cost, keyword_cost
from ...effects import Attach, BecomeArtifactCreature
from ..grammar import NoParse, kind, rule
from ..lexicon import ENGINE_KEYWORDS
from ..text import Line


@kind("simple_keyword")
def _simple(text: str) -> str:
    low = text.lower()
    if low not in ENGINE_KEYWORDS:
        raise NoParse(text)
    return low


@rule("keyword", "<kw:simple_keyword>")
def simple_keyword(b: Any, kw: str, line: Line) -> list[Keyword]:
    """CR 702.2 (deathtouch), 702.3 (defender), 702.4 (double strike), 702.7 (first strike),
    702.8 (flash), 702.9 (flying), 702.10 (haste), 702.11 (hexproof), 702.12 (indestructible),
    702.15 (lifelink), 702.17 (reach), 702.18 (shroud), 702.19 (trample), 702.20 (vigilance),
    702.110 (menace), 702.93 (undying)."""
    return [Keyword(text=line.raw, names=(kw,))]


#: what an Aura may enchant, as the engine attaches it (to a permanent; CR 303.4)
_ENCHANTABLE = frozenset({"creature", "land", "artifact", "enchantment", "permanent", "planeswalker",
                          "creature you control", "land you control", "artifact or creature",
                          "creature or planeswalker", "nonland permanent", "forest", "island", "swamp",
                          "mountain", "plains", "noncreature artifact", "artifact creature",
                          "creature an opponent controls", "creature you don't control", "basic land",
                          "nonbasic land", "wall", "green creature", "white creature", "blue creature",
                          "black creature", "red creature", "tapped creature", "untapped creature"})


@kind("enchantable")
def _enchantable(text: str) -> str:
    low = text.lower()
    if low not in _ENCHANTABLE:
        raise NoParse(text)
    return low


@rule("keyword", "Enchant <what:enchantable>")
def enchant(b: Any, what: str, line: Line) -> list[Keyword]:
    """CR 702.5a: an Aura spell targets what it can enchant (CR 303.4a) and is put onto the
    battlefield attached to it; it is put into the graveyard when it can't legally enchant it
    (CR 704.5m)."""
    return [Keyword(text=line.raw, names=(f"enchant {what}",))]


@rule("keyword", "Equip <cost:mana>")
def equip(b: Any, cost: str, line: Line) -> list[Activated]:
    """CR 702.6a: "[Cost]: Attach this permanent to target creature you control. Activate only as
    a sorcery." """
    if b.card is not None and "Equipment" not in b.card.type_line:
        raise NoParse(line.text)
    c = keyword_cost("equip", f"Equip {cost}", "~")
    return [Activated(text=line.raw, keyword="equip", cost=c, sorcery_speed=True, effects=(Attach(),),
                      targets=(TargetSpec("creature you control"),))]


@rule("keyword", "Crew <n:n>")
def crew(b: Any, n: int, line: Line) -> list[Activated]:
    """CR 702.122a: "Tap any number of untapped creatures you control with total power N or
    more: This Vehicle becomes an artifact creature until end of turn." """
    return [Activated(text=line.raw, keyword="crew", cost=Cost(crew=n), effects=(BecomeArtifactCreature(),))]

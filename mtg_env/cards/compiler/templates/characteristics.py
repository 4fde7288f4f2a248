"""Characteristic-defining abilities (CR 604.3) that define a card's colors and subtypes:
devoid (CR 702.114) and changeling (CR 702.73).

A characteristic-defining ability functions in every zone (CR 604.3) and applies first in its
layer (CR 613.3): it is part of the card's characteristics as printed, so the compiler writes
it into the card definition (`CardDef.colors`, `CardDef.subtypes`), and every zone, the layer
system and copies (CR 707.2) see it. Effects that set an object's colors or creature types
later in the layer system still override it (CR 613.3, 613.7).

Neither keyword is registered with `lexicon.engine_keyword`: an effect that would grant devoid
or changeling ("gains changeling") changes characteristics and is not read.
"""

from __future__ import annotations

from typing import Any

from ....core.subtypes import CREATURE_TYPES
from ...abilities import Keyword
from ..grammar import NoParse, rule
from ..text import Line


@rule("keyword", "Devoid")
def devoid(b: Any, line: Line) -> list[Keyword]:
    """CR 702.114a: "Devoid" means "This object is colorless." (a characteristic-defining
    ability, CR 604.3). The card's colors are those of the Oracle database, which has none for
    a devoid card; a card whose database colors disagree is not read."""
    card = b.card
    face = getattr(card, "front", None)
    if face is None or face.colors or face.color_indicator:
        raise NoParse(line.text)
    return [Keyword(text=line.raw, names=("devoid",))]


@rule("keyword", "Changeling")
def changeling(b: Any, line: Line) -> list[Keyword]:
    """CR 702.73a: "Changeling" means "This object is every creature type." (a
    characteristic-defining ability, CR 604.3); the compiler adds every creature type to the
    card's subtypes (`with_changeling`)."""
    return [Keyword(text=line.raw, names=("changeling",))]


def with_changeling(subtypes: tuple[str, ...]) -> tuple[str, ...]:
    """The printed subtypes, then every other creature type (CR 205.3m), in a fixed order."""
    return subtypes + tuple(sorted(CREATURE_TYPES - set(subtypes)))

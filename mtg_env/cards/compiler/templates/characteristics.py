"""Characteristic-defining abilities (CR 604.3) that define a card's colors and subtypes:
devoid (CR 702.114) and changeling (CR 702.73); and its power and toughness ("~'s power and
toughness are each equal to the number of ...", cards/defining.py).

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

from ....core.filters import Permanent
from ....core.subtypes import CREATURE_TYPES
from ...abilities import Keyword
from ...defining import DefinePT, Tally
from ..grammar import NoParse, kind, rule
from ..lexicon import read_noun
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


# --------------------------------------------------------------------------------------------
# power and toughness defined by the text (CR 604.3, 613.4a): the printed */*, */N, N/*


@kind("tally")
def _tally(text: str) -> Tally:
    """What "the number of ..." counts: "creatures you control", "cards in your hand",
    "creature cards in your graveyard", "cards in all graveyards", "Elves on the
    battlefield". Filters on power, toughness, counters or abilities ("with flying") are not
    read: the layer system counts with the characteristics computed so far, and those could
    still change in the layer of the ability that counts (6 or 7)."""
    low = text.lower()
    if "power" in low or "toughness" in low or "counter" in low or " with" in low or "tapped" in low:
        # power, toughness, abilities: not settled when layers 6 and 7 apply; tapped: the
        # characteristics are not recomputed when a permanent becomes tapped
        raise NoParse(text)
    for zone in ("hand", "graveyard", "library"):
        for whose, tail in (("you", f" in your {zone}"), ("all", f" in all {zone}s")):
            if low.endswith(tail):
                head = text[: -len(tail)]
                if head.lower() in ("cards", "card"):
                    return Tally(zone, None, whose)
                if not head.lower().endswith("cards"):
                    raise NoParse(text)
                flt = read_noun(head)
                if flt.domain() not in (None, frozenset({zone})):
                    raise NoParse(text)
                return Tally(zone, flt, whose)
    if low.endswith(" on the battlefield"):
        flt = read_noun(text[: -len(" on the battlefield")])
    else:
        flt = read_noun(text)
        if "you control" not in low and "your opponents control" not in low and \
                "an opponent controls" not in low:
            raise NoParse(text)
    if flt.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return Tally("battlefield", flt & Permanent())


@rule("static", "<s:self>'s power and toughness are each equal to the number of <t:tally>")
def pt_equal_to(b: Any, s: str, t: Tally, line: Line) -> list[Any]:
    """CR 604.3, 613.4a: "Its power and toughness are each equal to the number of creatures
    you control." (the printed */*)."""
    return [DefinePT(text=line.raw, tally=t)]


@rule("static", "<s:self>'s power is equal to the number of <t:tally>")
def power_equal_to(b: Any, s: str, t: Tally, line: Line) -> list[Any]:
    """CR 604.3: the printed */N."""
    return [DefinePT(text=line.raw, tally=t, toughness=False)]


@rule("static", "<s:self>'s toughness is equal to the number of <t:tally>")
def toughness_equal_to(b: Any, s: str, t: Tally, line: Line) -> list[Any]:
    """CR 604.3: the printed N/*."""
    return [DefinePT(text=line.raw, tally=t, power=False)]


def defined_pt(power: str | None, toughness: str | None, abilities: list[Any]) -> tuple[int, int] | None:
    """The printed power and toughness of a creature whose "*" its characteristic-defining
    abilities define exactly (each "*" by one ability, and only a "*"): the numbers the card
    definition holds (0 for a "*", which the ability sets in every zone), or None."""
    defs = [a for a in abilities if isinstance(a, DefinePT)]
    sides = [a.power for a in defs], [a.toughness for a in defs]
    out = []
    for printed, defined in zip((power, toughness), sides, strict=True):
        n = sum(defined)
        if printed == "*":
            if n != 1:
                return None
            out.append(0)
        elif printed is not None and printed.isdigit() and n == 0:
            out.append(int(printed))
        else:
            return None
    return out[0], out[1]

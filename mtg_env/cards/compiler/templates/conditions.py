"""Conditions: static abilities that apply "as long as" something is true (CR 604.1, 611.3a:
checked continuously), and triggers about what an Aura or Equipment is attached to ("When
enchanted creature dies", "At the beginning of the upkeep of enchanted creature's
controller")."""

from __future__ import annotations

import dataclasses
from typing import Any

from ....core.chars import Flag
from ....core.filters import AttachedToSource, CardType, Filter
from ....core.modifications import AddKeywords, ModifyPT
from ...abilities import THIS, TriggerEvent
from ...defining import ConditionalStatic, ScaledStatic, StaticCondition, Tally
from ...effects.animate import BecomeCreature
from ..grammar import NoParse, kind, rule
from ..lexicon import NUMBERS, PT, SELF_WORDS
from ..text import Line
from .characteristics import _tally

E = TriggerEvent
_ = Flag


@kind("as_long_as")
def _as_long_as(text: str) -> StaticCondition:
    """"you control an artifact", "you control three or more artifacts", "you control no
    Swamps", "an opponent controls an Island", "seven or more cards are in your graveyard",
    "it's attacking" / "~ is attacking"."""
    low = text.lower()
    if low == "you have the city's blessing":  # CR 702.131c
        from ...chosen import BlessingCondition
        return BlessingCondition()
    if low == "you're the monarch":  # CR 724
        from ...monarch import MonarchCondition
        return MonarchCondition()
    for lead in SELF_WORDS | {"it"}:
        if low in (f"{lead}'s attacking", f"{lead} is attacking"):
            return StaticCondition(attacking=True)
    if low in ("you have no cards in hand", "you have no cards in your hand"):
        return StaticCondition(Tally("hand"), none=True)
    if low.endswith(" cards are in your graveyard"):
        count = low[: -len(" cards are in your graveyard")].split()
        if len(count) == 3 and count[0] in NUMBERS and count[1:] == ["or", "more"]:
            return StaticCondition(Tally("graveyard"), NUMBERS[count[0]])
        raise NoParse(text)
    for who in ("you control ", "an opponent controls "):
        if not low.startswith(who):
            continue
        rest = text[len(who):]
        words = rest.split(" ", 1)
        if len(words) < 2:
            raise NoParse(text)
        head, phrase = words[0].lower(), words[1]
        suffix = " " + who.strip()
        if head in ("a", "an"):
            return StaticCondition(_tally(phrase + suffix), 1)
        if head == "another" and who == "you control " and " or " not in f" {phrase.lower()} ":
            # "~ gets +2/+0 as long as you control another artifact" (Ramroller): other than
            # the source, which is on the battlefield while its static ability applies (the
            # Auras' and Equipment's "another" is declined by `_other`)
            return StaticCondition(_tally("other " + phrase + suffix), 1)
        if head == "no":
            return StaticCondition(_tally(phrase + suffix), none=True)
        if head in NUMBERS and phrase.lower().startswith("or more "):
            return StaticCondition(_tally(phrase[len("or more "):] + suffix), NUMBERS[head])
    raise NoParse(text)


def _other(who: Filter, line: Line) -> None:
    """"other" / "another" in what an Aura's or Equipment's ability counts may mean other than
    the creature it is attached to (Bravado): read only on the permanent's own abilities."""
    low = line.text.lower()
    if who is not THIS and (" other " in low or "another " in low):
        raise NoParse(line.text)


def _conditional(line: Line, who: Filter, cond: StaticCondition, *mods: Any) -> list[Any]:
    if cond.attacking and who is not THIS:
        raise NoParse(line.text)  # "it's attacking" is about the source itself
    _other(who, line)
    return [ConditionalStatic(text=line.raw, affects=who, modification=m, condition=cond) for m in mods]


@rule("static", "<who:affected> (gets|get) <pt:pt> as long as <cond:as_long_as>",
      "As long as <cond:as_long_as>, <who:affected> (gets|get) <pt:pt>")
def pt_as_long_as(b: Any, who: Filter, pt: PT, cond: StaticCondition, line: Line) -> list[Any]:
    """CR 613.4c, 611.3a: "~ gets +2/+2 as long as you control a Forest." (layer 7c: the
    permanents counted have their final types and colors)."""
    return _conditional(line, who, cond, ModifyPT(pt.power, pt.toughness))


@rule("static", "<who:affected> (has|have) <kws:has_keywords> as long as <cond:as_long_as>",
      "As long as <cond:as_long_as>, <who:affected> (has|have) <kws:has_keywords>")
def keywords_as_long_as(b: Any, who: Filter, kws: tuple[str, ...], cond: StaticCondition,
                        line: Line) -> list[Any]:
    """CR 613.1f, 611.3a: "~ has first strike as long as it's attacking." (layer 6: types and
    colors are settled)."""
    return _conditional(line, who, cond, AddKeywords(kws))


@rule("static", "<who:affected> (gets|get) <pt:pt> and (has|have) <kws:has_keywords> as long as <cond:as_long_as>",
      "As long as <cond:as_long_as>, <who:affected> (gets|get) <pt:pt> and (has|have) <kws:has_keywords>")
def pt_and_keywords_as_long_as(b: Any, who: Filter, pt: PT, kws: tuple[str, ...], cond: StaticCondition,
                               line: Line) -> list[Any]:
    return _conditional(line, who, cond, ModifyPT(pt.power, pt.toughness), AddKeywords(kws))


# --------------------------------------------------------------------------------------------
# triggers about the permanent an Aura or Equipment is attached to


@rule("trigger", "When (enchanted|equipped) creature dies", "Whenever (enchanted|equipped) creature dies")
def attached_dies(b: Any) -> dict[str, Any]:
    """CR 603.10a, 700.4: the Aura's or Equipment's leaves-the-battlefield trigger for the
    creature it is attached to (it is still attached when the creature dies; "it" and "that
    creature" in the effect are not read: the creature is gone)."""
    return {"event": E.DIES, "subject": AttachedToSource() & CardType("Creature")}


@rule("trigger", "At the beginning of the upkeep of enchanted creature's controller",
      "At the beginning of the upkeep of enchanted permanent's controller",
      "At the beginning of the upkeep of equipped creature's controller")
def attached_controllers_upkeep(b: Any) -> dict[str, Any]:
    """CR 503.1a: the upkeep of the player who controls what the Aura is attached to, as the
    upkeep begins (that player is "that player")."""
    return {"event": E.UPKEEP, "actor": "attached_controller"}


@rule("restriction", "Activate only if <cond:as_long_as>")
def activate_only_if(b: Any, cond: StaticCondition) -> tuple[str, Any]:
    """CR 602.5b: "Activate only if seven or more cards are in your graveyard.", "... if you
    control a Swamp.", "... if ~ is attacking." (checked as it would be activated)."""
    return ("activate_if", cond)


@rule("trigger", "When <s:self> enters or dies", "Whenever <s:self> enters or dies")
def enters_or_dies(b: Any, s: str) -> dict[str, Any]:
    """CR 603.6a, 603.10a: one ability with two trigger events ("it" is not read: after it
    dies, it is a new object)."""
    return {"event": (E.ENTERS, E.DIES)}


@rule("trigger", "When <s:self> enters or leaves the battlefield",
      "Whenever <s:self> enters or leaves the battlefield")
def enters_or_leaves(b: Any, s: str) -> dict[str, Any]:
    """CR 603.6a, 603.6c, 603.10a."""
    return {"event": (E.ENTERS, E.LEAVES)}


# --------------------------------------------------------------------------------------------
# "becomes a N/N ... creature until end of turn" (CR 611.2, 613.1d-f, 613.4b)

_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@kind("animation")
def _animation(text: str) -> BecomeCreature:
    """"2/2 Assembly-Worker artifact creature", "4/4 white and blue Elemental creature with
    flying and vigilance", "1/1 Blinkmoth artifact creature with flying" (fixed numbers, the
    engine's keywords, creature types; "that's still a land" at the end)."""
    from ....core.subtypes import CREATURE_TYPES
    from ..lexicon import read_keywords
    still = False
    low = text
    if low.endswith(" that's still a land"):
        still, low = True, low[: -len(" that's still a land")]
    keywords: tuple[str, ...] = ()
    if " with " in low:
        low, kws = low.split(" with ", 1)
        keywords = read_keywords(kws)
    words = low.split()
    if len(words) < 2 or words[-1] != "creature":
        raise NoParse(text)
    pt = words[0].split("/")
    if len(pt) != 2 or not all(x.isdigit() for x in pt):
        raise NoParse(text)
    body = words[1:-1]
    colors: list[str] = []
    while body and (body[0] in _COLOR_WORDS or (body[0] == "and" and colors)):
        if body[0] != "and":
            colors.append(_COLOR_WORDS[body[0]])
        body = body[1:]
    types: tuple[str, ...] = ()
    if body and body[-1] == "artifact":
        types, body = ("Artifact",), body[:-1]
    if any(w not in CREATURE_TYPES for w in body):
        raise NoParse(text)
    return BecomeCreature(int(pt[0]), int(pt[1]), types, tuple(body), tuple(colors) or None, keywords,
                          still_land=still)


@rule("effect", "<what:obj> becomes (a|an) <body:animation> until end of turn",
      "Until end of turn, <what:obj> becomes (a|an) <body:animation>")
def becomes_creature(b: Any, what: Any, body: BecomeCreature) -> list[Any]:
    """CR 611.2, 613: a land (or another permanent) becomes a creature until end of turn; the
    text must say it is "still a land" (the next sentence, or "that's still a land")."""
    if what.kind == "self" and body.types == ("Artifact",) and not body.still_land and \
            "Land" not in getattr(b.card, "type_line", "Land"):
        raise NoParse("an artifact creature")  # a nonland artifact (templates/permanents.py)
    return [dataclasses.replace(body, what=b.obj(what))]


@rule("effect", "<what:obj> becomes (a|an) <body:animation>")
def becomes_creature_for_good(b: Any, what: Any, body: BecomeCreature) -> list[Any]:
    """CR 611.2a: an effect that states no duration lasts as long as the permanent stays on the
    battlefield ("That land becomes a 0/0 Elemental creature with haste. It's still a land.",
    Waker of the Wilds: "The land-animation effect lasts indefinitely", its ruling); read only
    for a land that stays a land (`BecomeCreature.incomplete`)."""
    if what.kind == "self":
        raise NoParse("~ becomes a creature for good")
    return [dataclasses.replace(body, what=b.obj(what), lasting=True)]


@rule("amend", "It's still a land")
def still_a_land(b: Any, prev: tuple[Any, ...]) -> list[Any]:
    """CR 205.1b: "It's still a land." it keeps its card types and subtypes."""
    if len(prev) != 1 or not isinstance(prev[0], BecomeCreature):
        raise NoParse("It's still a land")
    return [dataclasses.replace(prev[0], still_land=True)]


@kind("each_tally")
def _each_tally(text: str) -> Tally:
    """"artifact you control", "other creature you control", "card in your hand", "creature
    card in your graveyard": what "for each" counts."""
    low = text.lower()
    for zone in ("hand", "graveyard"):
        for tail in (f" in your {zone}", f" in all {zone}s"):
            if low.endswith(tail):
                head = text[: -len(tail)]
                if not head.lower().endswith("card"):
                    raise NoParse(text)
                return _tally(head + "s" + tail)
    return _tally(text)


@rule("static", "<who:affected> (gets|get) <pt:pt> for each <t:each_tally>")
def pt_for_each(b: Any, who: Filter, pt: PT, t: Tally, line: Line) -> list[Any]:
    """CR 613.4c: "~ gets +1/+1 for each artifact you control." (counted as the layer system
    reaches layer 7c: types and colors are settled)."""
    _other(who, line)
    return [ScaledStatic(text=line.raw, affects=who, modification=ModifyPT(pt.power, pt.toughness), tally=t)]

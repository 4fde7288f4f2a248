"""Choices made as a permanent enters (CR 614.12) and what uses them; player rules.

- "As ~ enters, choose a color." / "... choose a color other than green." / "... choose a
  creature type.": `AsEntersChoose` (the engine asks it however the permanent enters,
  engine/chosen.py);
- "Add one mana of the chosen color." / "Add {G} or one mana of the chosen color." (Thriving
  lands); "~ is the chosen type in addition to its other types."; the noun phrases "of the
  chosen color" / "of the chosen type" are read by core/phrases.py (anthems, triggers);
- "You have no maximum hand size.", "Your / Each opponent's maximum hand size is reduced
  (increased) by N." (CR 402.2); ascend and the city's blessing (CR 702.131);
- "Partner", "Partner with [name]" (CR 702.124).

A card's "chosen" wording is read only when the card makes that choice as it enters, and a card
with two "as enters" lines is declined (the engine asks one choice per permanent).
"""

from __future__ import annotations

import re
from typing import Any

from ....core.filters import YOU, Filter, Permanent
from ....core.modifications import ModifyPT
from ...abilities import AsEntersChoose, Static, TargetSpec, Triggered, TriggerEvent
from ...chosen import AddFixedOrChosen, HandSizeChange, HasCityBlessing, IsChosenType, NoMaxHandSize
from ...effects import AddManaChoice, ManaChoice
from ...monarch import BecomeMonarch, YouAreTheMonarch
from ...partner import Partner, PartnerSearch
from ...subjects import CONTROLLER as YOU_PLAYER
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import PT, engine_keyword, read_noun
from ..text import Line

_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_AS_ENTERS = re.compile(r"^As (?:.+?) enters(?: the battlefield)?, ", re.MULTILINE)
_CHOICE = re.compile(r"^As (?:.+?) enters(?: the battlefield)?, choose a (color|creature type)"
                     r"(?: other than (?:white|blue|black|red|green))?\.$", re.MULTILINE)


def chosen_kind(b: Builder) -> str | None:
    """The card's one "as enters" choice this module reads: "color" or "creature_type" (None
    when it has none, or more than one "as enters" line)."""
    text = getattr(b.card, "oracle_text", "") or ""
    if len(_AS_ENTERS.findall(text)) != 1:
        return None
    m = _CHOICE.search(text)
    return None if m is None else m.group(1).replace(" ", "_")


def _only_one(b: Builder, what: str) -> None:
    if chosen_kind(b) != what:
        raise NoParse(f"As ~ enters, choose a {what.replace('_', ' ')}")


@kind("color_word")
def _color_word(text: str) -> str:
    if text.lower() not in _COLOR_WORDS:
        raise NoParse(text)
    return _COLOR_WORDS[text.lower()]


@rule("static", "As <s:self> enters, choose a color")
def choose_color(b: Builder, s: str, line: Line) -> list[Any]:
    """CR 614.12: a replacement effect; the color is chosen as it enters, however it enters,
    and the permanent remembers it."""
    _only_one(b, "color")
    return [AsEntersChoose(text=line.raw, choose="color")]


@rule("static", "As <s:self> enters, choose a color other than <c:color_word>")
def choose_color_other(b: Builder, s: str, c: str, line: Line) -> list[Any]:
    """CR 614.12 (Thriving lands): any color but that one."""
    _only_one(b, "color")
    return [AsEntersChoose(text=line.raw, choose="color", other_than=c)]


@rule("static", "As <s:self> enters, choose a creature type")
def choose_creature_type(b: Builder, s: str, line: Line) -> list[Any]:
    """CR 614.12, 205.3m: any creature type (not a card type or another subtype)."""
    _only_one(b, "creature_type")
    return [AsEntersChoose(text=line.raw, choose="creature_type")]


@rule("effect", "Add one mana of the chosen color")
def add_chosen(b: Builder) -> list[Any]:
    """The color its source chose as it entered; none chosen: no mana (CR 106.5)."""
    _only_one(b, "color")
    return [AddManaChoice(ManaChoice.CHOSEN_COLOR)]


@rule("effect", "Add {<c:color_symbol>} or one mana of the chosen color")
def add_fixed_or_chosen(b: Builder, c: str) -> list[Any]:
    """Thriving lands: that color, or the chosen one."""
    _only_one(b, "color")
    return [AddFixedOrChosen(fixed=c)]


@kind("color_symbol")
def _color_symbol(text: str) -> str:
    if text not in ("W", "U", "B", "R", "G"):
        raise NoParse(text)
    return text


@rule("static", "<s:self> is the chosen type in addition to its other types")
def is_chosen_type(b: Builder, s: str, line: Line) -> list[Any]:
    """CR 613.1d, 205.1b (Adaptive Automaton)."""
    _only_one(b, "creature_type")
    return [IsChosenType(text=line.raw)]


@rule("static", "You have no maximum hand size")
def no_maximum_hand_size(b: Builder, line: Line) -> list[Any]:
    """CR 402.2, 514.1."""
    return [NoMaxHandSize(text=line.raw)]


@rule("static", "<who:hand_owner> maximum hand size is <way:hand_change> by <n:n>")
def hand_size_change(b: Builder, who: bool, way: int, n: int, line: Line) -> list[Any]:
    """CR 402.2, 514.1 (Jin-Gitaxias, Core Augur: "Each opponent's maximum hand size is reduced
    by seven.")."""
    return [HandSizeChange(text=line.raw, delta=way * n, opponents=who)]


@kind("hand_owner")
def _hand_owner(text: str) -> bool:
    """"Your" (False) or "Each opponent's" (True)."""
    if text not in ("Your", "Each opponent's"):
        raise NoParse(text)
    return text != "Your"


@kind("hand_change")
def _hand_change(text: str) -> int:
    if text not in ("reduced", "increased"):
        raise NoParse(text)
    return -1 if text == "reduced" else 1


@kind("chosen_spell")
def _chosen_spell(text: str) -> Filter:
    """"a spell of the chosen color", "a creature spell of the chosen type"."""
    low = text.lower()
    if not low.startswith(("a ", "an ")) or not low.endswith((" of the chosen color", " of the chosen type")):
        raise NoParse(text)
    return read_noun(text.split(" ", 1)[1])


def _uses(b: Builder, what: Filter) -> None:
    _only_one(b, "color" if "chosen color" in str(what) else "creature_type")


@rule("trigger", "Whenever you cast <what:chosen_spell>")
def you_cast_chosen(b: Builder, what: Filter) -> dict[str, Any]:
    """CR 601.2i: a cast trigger; the spell judged by the color or type its source chose."""
    _uses(b, what)
    return {"event": TriggerEvent.CAST, "actor": YOU, "subject": what}


@rule("trigger", "Whenever a player casts <what:chosen_spell>")
def player_casts_chosen(b: Builder, what: Filter) -> dict[str, Any]:
    _uses(b, what)
    return {"event": TriggerEvent.CAST, "actor": None, "subject": what}


@rule("static", "All <who:phrase> get <pt:pt>")
def all_of_the_chosen_kind_get(b: Builder, who: Filter, pt: PT, line: Line) -> list[Any]:
    """Engineered Plague: "All creatures of the chosen type get -1/-1." (CR 613.4c)."""
    if "of the chosen" not in str(who) or who.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(line.text)
    _uses(b, who)
    return [Static(text=line.raw, affects=who & Permanent(), modification=ModifyPT(pt.power, pt.toughness))]


engine_keyword("ascend")  # CR 702.131: engine/designations.py


@rule("condition", "you have the city's blessing")
def has_city_blessing(b: Builder) -> Any:
    """CR 603.4, 702.131c: "At the beginning of your upkeep, if you have the city's blessing, ..." """
    return HasCityBlessing()


# --------------------------------------------------------------------------------------------
# partner (CR 702.124)


@rule("keyword", "Partner")
def partner(b: Builder, line: Line) -> list[Any]:
    """CR 702.124h: a rule of deck construction (engine/formats.py); nothing in a game."""
    return [Partner(text=line.raw)]


@kind("partner_name")
def _partner_name(text: str) -> str:
    from ...database import lookup
    oc = lookup(text)
    if oc is None or oc.name != text or "~" in text:
        raise NoParse(text)
    return text


@rule("keyword", "Partner with <name:partner_name>")
@rule("static", "Partner with <name:partner_name>")
def partner_with(b: Builder, name: str, line: Line) -> list[Any]:
    """CR 702.124i: the deck rule, and "When this permanent enters, target player may search
    their library for a card named [name], reveal it, put it into their hand, then shuffle."
    (A name with a comma is read as the whole line, a static-line reading.)"""
    return [Partner(text=line.raw, name=name),
            Triggered(text=line.raw, event=TriggerEvent.ENTERS, effects=(PartnerSearch(name),),
                      targets=(TargetSpec("player"),))]


# --------------------------------------------------------------------------------------------
# the monarch (CR 724)


@rule("effect", "you become the monarch")
def become_the_monarch(b: Builder) -> list[Any]:
    """CR 724.3: the monarch's draw at their end step and the steal by combat damage are the
    designation's own abilities (cards/monarch.py, engine/designations.py)."""
    return [BecomeMonarch(YOU_PLAYER)]


@rule("condition", "you're the monarch")
def you_are_the_monarch(b: Builder) -> Any:
    """CR 603.4: an intervening "if" (checked as it triggers and as it resolves)."""
    return YouAreTheMonarch()

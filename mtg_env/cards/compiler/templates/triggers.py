"""Trigger events (CR 603.2, 603.6, 603.10): the part of a triggered ability between
"When/Whenever/At" and the comma. A rule returns the keyword arguments of a `Triggered`
(event, subject, actor) and, as `event_obj`, what "it" / "that creature" means in the effect."""

from __future__ import annotations

from typing import Any

from ....core.filters import YOU, Filter, Permanent
from ...abilities import THIS, TriggerEvent
from ...subjects import EVENT_OBJECT, SELF
from ..grammar import NoParse, kind, rule
from ..lexicon import SELF_WORDS, read_noun

E = TriggerEvent


@kind("self")
def _self(text: str) -> str:
    if text.lower() not in SELF_WORDS:
        raise NoParse(text)
    return text


@kind("permanents")
def _permanents(text: str) -> Filter:
    """"a creature", "another creature you control", "a nontoken creature": what an event
    about a permanent is about."""
    low = text.lower()
    for lead in ("a ", "an ", "another ", "one or more "):
        if low.startswith(lead):
            break
    else:
        raise NoParse(text)
    if low.startswith("one or more "):
        raise NoParse(text)  # triggers once for several: not an event per permanent
    phrase = text if low.startswith("another ") else text[len(lead):]
    f = read_noun(phrase)
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return f & Permanent()


@rule("trigger", "When <s:self> enters", "Whenever <s:self> enters")
def enters(b: Any, s: str) -> dict[str, Any]:
    """CR 603.6a: an enters-the-battlefield ability."""
    return {"event": E.ENTERS, "event_obj": SELF}


@rule("trigger", "Whenever <what:permanents> enters", "When <what:permanents> enters")
def another_enters(b: Any, what: Filter) -> dict[str, Any]:
    """CR 603.6a: "Whenever another creature enters" (the permanent that entered is "it")."""
    return {"event": E.ENTERS, "subject": what, "event_obj": EVENT_OBJECT}


@rule("trigger", "Whenever <what:permanents> enters under your control")
def enters_under_you(b: Any, what: Filter) -> dict[str, Any]:
    from ....core.filters import ControlledBy
    return {"event": E.ENTERS, "subject": what & ControlledBy(YOU), "event_obj": EVENT_OBJECT}


@rule("trigger", "When <s:self> dies", "Whenever <s:self> dies")
def dies(b: Any, s: str) -> dict[str, Any]:
    """CR 700.4, 603.10a: it looks back in time."""
    return {"event": E.DIES}


@rule("trigger", "Whenever <what:permanents> dies")
def another_dies(b: Any, what: Filter) -> dict[str, Any]:
    """CR 603.10a: "Whenever another creature you control dies" (judged as it last existed)."""
    return {"event": E.DIES, "subject": what}


@rule("trigger", "When <s:self> leaves the battlefield", "Whenever <s:self> leaves the battlefield")
def leaves(b: Any, s: str) -> dict[str, Any]:
    """CR 603.6c, 603.10a."""
    return {"event": E.LEAVES}


@rule("trigger", "Whenever <s:self> attacks")
def attacks(b: Any, s: str) -> dict[str, Any]:
    """CR 508.3a."""
    return {"event": E.ATTACKS, "event_obj": SELF}


@rule("trigger", "Whenever <s:self> blocks")
def blocks(b: Any, s: str) -> dict[str, Any]:
    """CR 509.3c."""
    return {"event": E.BLOCKS, "event_obj": SELF}


@rule("trigger", "Whenever <s:self> attacks or blocks")
def attacks_or_blocks(b: Any, s: str) -> dict[str, Any]:
    return {"event": (E.ATTACKS, E.BLOCKS), "event_obj": SELF}


@rule("trigger", "Whenever <s:self> becomes tapped")
def becomes_tapped(b: Any, s: str) -> dict[str, Any]:
    return {"event": E.BECOMES_TAPPED, "event_obj": SELF}


_STEPS = {"upkeep": E.UPKEEP, "end step": E.END_STEP, "draw step": E.DRAW_STEP}


@kind("step")
def _step(text: str) -> TriggerEvent:
    return _STEPS[text.lower()]


@rule("trigger", "At the beginning of your <step:step>")
def your_step(b: Any, step: TriggerEvent) -> dict[str, Any]:
    """CR 503.1a, 504.2, 513.1a: "At the beginning of your upkeep"."""
    return {"event": step, "actor": YOU}


@rule("trigger", "At the beginning of each <step:step>", "At the beginning of the <step:step>")
def each_step(b: Any, step: TriggerEvent) -> dict[str, Any]:
    """"At the beginning of each upkeep" / "of the end step": every player's."""
    if step == E.DRAW_STEP:
        raise NoParse("the draw step")
    return {"event": step, "actor": None}


@kind("spell_phrase")
def _spell_phrase(text: str) -> Filter:
    """"a spell", "an instant or sorcery spell", "a noncreature spell"."""
    low = text.lower()
    if not (low.startswith("a ") or low.startswith("an ")) or not low.endswith("spell"):
        raise NoParse(text)
    return read_noun(text.split(" ", 1)[1])


@rule("trigger", "Whenever you cast <what:spell_phrase>")
def you_cast(b: Any, what: Filter) -> dict[str, Any]:
    """CR 601.2i: a cast trigger (the spell is what the event is about)."""
    return {"event": E.CAST, "actor": YOU, "subject": what}


@rule("trigger", "Whenever a player casts <what:spell_phrase>")
def player_casts(b: Any, what: Filter) -> dict[str, Any]:
    return {"event": E.CAST, "actor": None, "subject": what}


_ = THIS

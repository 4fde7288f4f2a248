"""Face-down spells and permanents (CR 708): morph and megamorph (CR 702.37), manifest (CR
701.40), and the abilities that trigger as a permanent is turned face up (CR 708.8). The
engine's side is engine/facedown.py."""

from __future__ import annotations

from typing import Any

from ....core.mana import parse_mana_cost
from ...abilities import TriggerEvent
from ...effects.facedown import MANIFESTED, ManifestTop, Morph
from ...subjects import EVENT_OBJECT, SELF
from ..builder import Builder
from ..grammar import NoParse, rule
from ..text import Line


def _morph(b: Builder, cost: str, line: Line, mega: bool) -> list[Any]:
    if "Creature" not in getattr(b.card, "type_line", ""):
        raise NoParse(line.text)  # only creature cards are printed with morph
    mana = parse_mana_cost(cost)
    if mana.x_count:
        raise NoParse(line.text)  # CR 702.37f: X in a morph cost (not read)
    return [Morph(text=line.raw, cost=mana, mega=mega)]


@rule("keyword", "Morph <cost:mana>")
def morph(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.37a: "You may cast this card as a 2/2 face-down creature with no text, no name, no
    subtypes, and no mana cost by paying {3} rather than paying its mana cost", and it may be
    turned face up for [cost] any time its controller has priority (CR 702.37e). Only mana
    costs ("Morph—Reveal a white card." is not read)."""
    return _morph(b, cost, line, False)


@rule("keyword", "Megamorph <cost:mana>")
def megamorph(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.37b: morph, and "As this permanent is turned face up, put a +1/+1 counter on it
    if its megamorph cost was paid to turn it face up"."""
    return _morph(b, cost, line, True)


@rule("trigger", "When <s:self> is turned face up")
def turned_face_up(b: Builder, s: str) -> dict[str, Any]:
    """CR 708.8: it triggers as the permanent is turned face up (it doesn't enter)."""
    return {"event": TriggerEvent.TURNED_FACE_UP, "event_obj": SELF}


@rule("trigger", "Whenever <what:permanents> is turned face up")
def another_turned_face_up(b: Builder, what: Any) -> dict[str, Any]:
    """CR 708.8: "Whenever a permanent you control is turned face up" (the permanent is "it")."""
    return {"event": TriggerEvent.TURNED_FACE_UP, "subject": what, "event_obj": EVENT_OBJECT}


@rule("effect", "Manifest the top card of your library", "manifest the top <n:n> cards of your library")
def manifest_top(b: Builder, n: int = 1) -> list[Any]:
    """CR 701.40a: the top card (or cards, one at a time, CR 701.40e) of your library onto the
    battlefield face down as a 2/2 creature; "it" is that permanent. A card without cards to
    manifest manifests none (an empty library)."""
    b.last = MANIFESTED
    return [ManifestTop(n)]


@rule("trigger", "When <s:self> enters or is turned face up", "Whenever <s:self> enters or is turned face up")
def enters_or_turned_face_up(b: Builder, s: str) -> dict[str, Any]:
    """CR 603.6a, 708.8: as it enters face up, or as it is turned face up (entering face down,
    it has no abilities, CR 708.3)."""
    return {"event": (TriggerEvent.ENTERS, TriggerEvent.TURNED_FACE_UP), "event_obj": SELF}

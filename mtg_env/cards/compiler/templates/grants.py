"""Static abilities that grant an ability written in quotes (CR 113.1, 613.1f): "Enchanted
creature has "{1}: This creature deals 1 damage to any target."", "Enchanted land has "{T}:
Add two mana of any one color."", "All Sliver creatures have "{2}: This creature gets +1/+1
until end of turn."". The quoted text is compiled as a line of its own; "this creature" in it
is the permanent that has the ability (its source, CR 113.7)."""

from __future__ import annotations

from typing import Any

from ....core.filters import Filter
from ....core.modifications import AddAbilities, ModifyPT
from ...abilities import Static
from ..grammar import NoParse, kind, rule
from ..lexicon import PT
from ..text import SELF, Line, strip_reminder


@kind("quoted")
def _quoted(text: str) -> str:
    """The text of one quoted ability (no quotes inside, not naming the card itself)."""
    if '"' in text or SELF in text or not text.endswith("."):
        raise NoParse(text)
    return text


def _granted(b: Any, inner: str) -> tuple[Any, ...]:
    from ..lines import permanent_line
    text = strip_reminder(inner)
    abilities = permanent_line(Line(inner, text), b.card)
    if not abilities:
        raise NoParse(inner)
    return tuple(abilities)


@rule("static", '<who:affected> (has|have) "<inner:quoted>"')
def has_quoted(b: Any, who: Filter, inner: str, line: Line) -> list[Any]:
    """CR 613.1f: each permanent `who` matches has the quoted ability (layer 6)."""
    return [Static(text=line.raw, affects=who, modification=AddAbilities(_granted(b, inner)))]


@rule("static", '<who:affected> (gets|get) <pt:pt> and (has|have) "<inner:quoted>"')
def pt_and_quoted(b: Any, who: Filter, pt: PT, inner: str, line: Line) -> list[Any]:
    """CR 613.4c, 613.1f."""
    granted = _granted(b, inner)
    return [Static(text=line.raw, affects=who, modification=ModifyPT(pt.power, pt.toughness)),
            Static(text=line.raw, affects=who, modification=AddAbilities(granted))]

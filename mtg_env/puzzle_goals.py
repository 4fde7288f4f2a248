"""The goals of Forge puzzles that name cards (`Targets:` in the metadata) and the card filters
they name them with (../shared/reference/puzzles/README.md, "Goal values").

A filter is `Type[.Property+Property...]`, several separated by commas, e.g.
`Creature.Dragon+OppCtrl` or `Card.YouCtrl+namedBroodstar`. This reader knows the type words
`Card`, `Permanent` and the card types, and the properties `YouCtrl`, `OppCtrl`, `YouOwn`,
`OppOwn`, `named<Name>`, `inZoneBattlefield`, `token`, `nonToken`, the colors, `Colorless`,
`Multicolor`, subtypes, and `non<Type>`; anything else is reported as unsupported (never read
as something else).

The goals, as Forge checks them (a state that holds, checked after every action, within the
turn limit and without P1 losing):
- "Destroy Specified Creatures" / "Destroy Specified Permanents" / "Remove Specified Permanents
  from the Battlefield": no permanent on the battlefield matches the filters;
- "Gain Control of Specified Permanents": every permanent that matched the filters when the
  puzzle began is on the battlefield under P1's control;
- "Play the Specified Permanent" / "Put the Specified Permanent onto the Battlefield": a
  permanent matching the filters has entered the battlefield since the puzzle began (one that
  was there from the start doesn't count; a permanent that changes zones is a new object,
  CR 400.7).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards.carddef import CARD_TYPES
from .core.errors import MtgError
from .core.subtypes import SUBTYPES
from .engine.game import Game

DESTROY = ("Destroy Specified Creatures", "Destroy Specified Permanents",
           "Remove Specified Permanents from the Battlefield")
CONTROL = ("Gain Control of Specified Permanents",)
PLAY = ("Play the Specified Permanent", "Put the Specified Permanent onto the Battlefield")
GOALS = DESTROY + CONTROL + PLAY
TYPE_WORDS = {"Card", "Permanent"} | set(CARD_TYPES)
COLORS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}


class FilterError(MtgError):
    """A Forge card filter this reader doesn't read exactly."""


@dataclass(frozen=True)
class CardFilter:
    """One `Type.Property+...` filter; `props` are (property, argument) pairs."""

    text: str
    type_word: str
    props: tuple[tuple[str, str], ...]

    def matches(self, g: Game, oid: int, me: int = 0) -> bool:
        obj = g.objects[oid]
        c = g.chars(oid)
        if self.type_word not in ("Card", "Permanent") and self.type_word not in c.types:
            return False
        for prop, arg in self.props:
            if prop == "YouCtrl" and obj.controller != me or prop == "OppCtrl" and obj.controller == me:
                return False
            if prop == "YouOwn" and obj.owner != me or prop == "OppOwn" and obj.owner == me:
                return False
            if prop == "named" and c.name != arg:
                return False
            if prop == "token" and not obj.token or prop == "nonToken" and obj.token:
                return False
            if prop == "color" and arg not in c.colors:
                return False
            if prop == "Colorless" and c.colors or prop == "Multicolor" and len(c.colors) < 2:
                return False
            if prop == "subtype" and arg not in c.subtypes:
                return False
            if prop == "non" and (arg in c.types or arg in c.subtypes):
                return False
        return True


def parse_filters(text: str) -> list[CardFilter]:
    """The comma-separated filters of a `Targets:` value (raises FilterError)."""
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        type_word, _, rest = part.partition(".")
        if type_word not in TYPE_WORDS:
            raise FilterError(f"{part!r}: unknown card type {type_word!r}")
        props: list[tuple[str, str]] = []
        for prop in (p for p in rest.split("+") if p) if rest else ():
            props.append(_prop(part, prop))
        out.append(CardFilter(part, type_word, tuple(props)))
    if not out:
        raise FilterError("no filter")
    return out


def _prop(part: str, prop: str) -> tuple[str, str]:
    if prop in ("YouCtrl", "OppCtrl", "YouOwn", "OppOwn", "token", "nonToken", "Colorless", "Multicolor",
                "inZoneBattlefield"):
        return prop, ""
    if prop.startswith("named") and len(prop) > 5:
        return "named", prop[5:]
    if prop in COLORS:
        return "color", COLORS[prop]
    if prop in SUBTYPES:
        return "subtype", prop
    if prop.startswith("non") and (prop[3:] in CARD_TYPES or prop[3:] in SUBTYPES):
        return "non", prop[3:]
    raise FilterError(f"{part!r}: unknown property {prop!r}")


def matching(g: Game, filters: list[CardFilter]) -> list[int]:
    """The permanents on the battlefield any of `filters` matches (the filters' "inZoneBattlefield"
    is every goal's zone)."""
    return [oid for oid in g.battlefield if any(f.matches(g, oid) for f in filters)]


def reached(goal: str, g: Game, filters: list[CardFilter], at_start: frozenset[int]) -> bool:
    """Whether a card-naming goal's condition holds now (see the module docstring)."""
    if goal in DESTROY:
        return not matching(g, filters)
    if goal in CONTROL:
        return all(oid in g.objects and g.objects[oid].zone == "battlefield" and g.objects[oid].controller == 0
                   for oid in at_start)
    return any(oid not in at_start for oid in matching(g, filters))

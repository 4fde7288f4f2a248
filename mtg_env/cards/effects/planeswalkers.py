"""Emblems (CR 114), which planeswalkers' loyalty abilities give: "You get an emblem with
"<ability>"", "Each opponent gets an emblem with ...".

An emblem is an object in its owner's command zone (CR 114.1) with only the abilities the effect
gives it: no name, types, mana cost or color (CR 114.3); its abilities function there (CR 114.4).
It is modelled as a card definition without types, `EmblemDef`, named for the card whose
effect made it ("Chandra, Awakened Inferno emblem", for labels and the log), that pickles as
(that card, the emblem's text) like every card pickles as its name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.filters import Filter
from ...core.mana import ManaCost
from ..carddef import CardDef
from ..subjects import Who
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context, Ref
    from ..abilities import Ability
    from ..protocol import GameOps

#: every emblem definition made in this process, by (card, emblem text): how they unpickle
_EMBLEMS: dict[tuple[str, str], EmblemDef] = {}


@dataclass(frozen=True, eq=False)
class EmblemDef(CardDef):
    """An emblem's definition (CR 114.3): abilities only; `source` is the card whose effect
    makes it, `text` the quoted abilities."""

    source: str = ""
    text: str = ""

    def __reduce__(self) -> tuple:
        return (emblem_def, (self.source, self.text))

    @property
    def is_emblem(self) -> bool:
        return True


def make_emblem(source: str, text: str, abilities: tuple[Ability, ...]) -> EmblemDef:
    e = EmblemDef(f"{source} emblem", ManaCost(), frozenset(), (), frozenset(), None, None, text,
                  abilities, frozenset(), frozenset(), source=source, text=text)
    _EMBLEMS[(source, text)] = e
    return e


def emblem_def(source: str, text: str) -> EmblemDef:
    """The emblem that the card `source` gives (compiling that card if this process hasn't)."""
    if (source, text) not in _EMBLEMS:
        from .. import get_card
        get_card(source)
    return _EMBLEMS[(source, text)]


@dataclass(frozen=True)
class GetEmblem(Effect):
    """"<player> gets an emblem with "..."" (CR 114.1): each player `who` names puts an emblem
    into their command zone; they own and control it (CR 114.2)."""

    emblem: EmblemDef
    who: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.who.refs(g, ctx):
            if ref[0] == "player":
                g.create_emblem(ref[1], self.emblem)
        return None


@dataclass(frozen=True, slots=True)
class PlayerAndEach(Who):
    """"target player and each creature that player controls", "... and each creature and
    planeswalker they control" (Chandra, Bold Pyromancer): the player, then every permanent
    `what` matches that the player controls as the effect resolves (each once)."""

    player: Who
    what: Filter

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        out: list[Ref] = []
        for ref in self.player.refs(g, ctx):
            if ref[0] != "player":
                continue
            out.append(ref)
            out += [("obj", o) for o in list(g.battlefield) if g.objects[o].controller == ref[1]
                    and g.matches(self.what, o, ctx.controller, ctx.source_id)]
        return out

"""A permanent that becomes a creature until end of turn (CR 611.2, 613): "Mishra's Factory
becomes a 2/2 Assembly-Worker artifact creature until end of turn. It's still a land.",
"Until end of turn, Celestial Colonnade becomes a 4/4 white and blue Elemental creature with
flying and vigilance. It's still a land." Each part is a continuous effect in its layer: the
card types and creature types (layer 4, keeping the prior types, CR 205.1b), the colors
(layer 5, only if the text names them), the keywords (layer 6) and the base power and
toughness (layer 7b)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ...core.modifications import AddKeywords, AddTypes, Layer, Modification, SetColors, SetPT
from ..subjects import TARGET, Who
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.chars import Chars
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True, slots=True)
class AddSubtypes(Modification):
    """"is an Elemental in addition to its other types" (CR 613.1d, 205.1b)."""

    subtypes: tuple[str, ...]
    layer: ClassVar[Layer] = Layer.TYPE

    def apply(self, c: Chars, key: str, origin: str | None) -> None:
        c.subtypes = c.subtypes + tuple(s for s in self.subtypes if s not in c.subtypes)


@dataclass(frozen=True)
class BecomeCreature(Effect):
    """`what` becomes a `power`/`toughness` creature until end of turn, with `types` (such as
    "Artifact") and creature `subtypes` besides, `colors` if the text names them, and
    `keywords`; with `lasting`, for as long as it stays on the battlefield instead (a text that
    states no duration, CR 611.2a). `still_land` is the text's "It's still a land." (it keeps
    its card types and subtypes, CR 205.1b); the compiler reads only that case (`incomplete`
    otherwise)."""

    power: int
    toughness: int
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None
    keywords: tuple[str, ...] = ()
    what: Who = TARGET
    still_land: bool = False
    lasting: bool = False

    @property
    def incomplete(self) -> bool:
        return not self.still_land

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        add = g.add_for_good if self.lasting else g.add_until_eot
        for kind, oid in self.what.refs(g, ctx):
            if kind != "obj":
                continue
            add(oid, AddTypes(("Creature", *self.types)))
            if self.subtypes:
                add(oid, AddSubtypes(self.subtypes))
            if self.colors is not None:
                add(oid, SetColors(self.colors))
            if self.keywords:
                add(oid, AddKeywords(self.keywords))
            add(oid, SetPT(self.power, self.toughness))
        return None

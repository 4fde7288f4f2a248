"""Face-down spells and permanents (CR 708): morph and megamorph (CR 702.37).

`Morph` is the keyword ability "Morph [cost]" / "Megamorph [cost]": the engine offers to cast
its card face down for {3} (CR 702.37a, 702.37c) and, while it is a face-down permanent, to
turn it face up for its morph cost as a special action (CR 702.37e, 116.2b; engine/facedown.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.mana import ManaCost
from ...core.objects import BATTLEFIELD, Context, Ref
from ..abilities import Ability
from ..subjects import CONTROLLER, Who
from .base import Ask, Effect

if TYPE_CHECKING:
    from ..protocol import GameOps


@dataclass(frozen=True)
class Morph(Ability):
    """"Morph [cost]" (CR 702.37a), or "Megamorph [cost]" (`mega`, CR 702.37b: "As this
    permanent is turned face up, put a +1/+1 counter on it if its megamorph cost was paid to
    turn it face up")."""

    cost: ManaCost = ManaCost()
    mega: bool = False

    @property
    def kind(self) -> str:
        return "casting"


#: where `ManifestTop` records the permanents it made, in `ctx.answers` (for `MANIFESTED`)
MANIFESTED_KEY = -111_700


@dataclass(frozen=True)
class ManifestTop(Effect):
    """"Manifest the top card of your library." / "... the top two cards ..." (CR 701.40a):
    each player `who` names puts the top `n` cards of their library onto the battlefield face
    down as 2/2 creatures, one at a time (CR 701.40e), as many as there are."""

    n: int = 1
    who: Who = CONTROLLER

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        made: list[int] = []
        for _kind, p in self.who.refs(g, ctx):
            for _ in range(self.n):
                library = g.players[p].library
                if not library:
                    break
                new = g.manifest(p, library[0])
                if new is not None:
                    made.append(new)
        ctx.answers[MANIFESTED_KEY] = tuple(made)
        return None


@dataclass(frozen=True, slots=True)
class Manifested(Who):
    """"it" after "Manifest the top card of your library, then put two +1/+1 counters on it":
    the permanent the ability's manifest made, while it is on the battlefield."""

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        return [("obj", o) for o in ctx.answers.get(MANIFESTED_KEY, ())
                if o in g.objects and g.objects[o].zone == BATTLEFIELD]


MANIFESTED = Manifested()

__all__ = ["MANIFESTED", "Manifested", "ManifestTop", "Morph"]

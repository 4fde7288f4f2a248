"""An artifact that becomes an artifact creature until end of turn (CR 205.1b, 611.2, 613):
"Azorius Keyrune becomes a 2/2 white and blue Bird artifact creature with flying until end of
turn." The object keeps its card types and its subtypes other than creature types; its
creature types become those named (layer 4); colors (layer 5) if named, keywords (layer 6), base
power and toughness (layer 7b)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.modifications import AddAbilities, AddKeywords, AddTypes, Layer, Modification, SetColors, SetPT
from ...core.subtypes import CREATURE_TYPES
from ..subjects import TARGET, Count, Who
from .animate import BecomeCreature
from .base import Effect

if TYPE_CHECKING:
    from ...core.chars import Chars
    from ...core.objects import Context
    from ..protocol import GameOps
    from .base import Ask


@dataclass(frozen=True, slots=True)
class SetCreatureTypes(Modification):
    """"becomes a Bird artifact creature": its creature types are replaced (CR 205.1b), its
    other subtypes kept."""

    subtypes: tuple[str, ...]
    layer: ClassVar[Layer] = Layer.TYPE

    def apply(self, c: Chars, key: str, origin: str | None) -> None:
        c.subtypes = tuple(s for s in c.subtypes if s not in CREATURE_TYPES) + self.subtypes


@dataclass(frozen=True)
class BecomeArtifactCreature(BecomeCreature):
    """"becomes a 2/2 [colors] [creature types] artifact creature [with keywords] until end of
    turn" (CR 205.1b: every prior card type and non-creature subtype is kept)."""

    @property
    def incomplete(self) -> bool:
        return False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for kind, oid in self.what.refs(g, ctx):
            if kind != "obj":
                continue
            g.add_until_eot(oid, AddTypes(("Creature", "Artifact")))
            if self.subtypes:
                g.add_until_eot(oid, SetCreatureTypes(self.subtypes))
            if self.colors is not None:
                g.add_until_eot(oid, SetColors(self.colors))
            if self.keywords:
                g.add_until_eot(oid, AddKeywords(self.keywords))
            g.add_until_eot(oid, SetPT(self.power, self.toughness))
        return None


@dataclass(frozen=True)
class GainAbilitiesUntilEOT(Effect):
    """`what` has `abilities` until end of turn (layer 6, CR 613.1f): "Target creature you
    control can't be blocked by creatures with power 2 or less this turn." (a restriction on
    blocks of that creature, CR 509.1b)."""

    abilities: tuple[Any, ...]
    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for kind, oid in self.what.refs(g, ctx):
            if kind == "obj":
                g.add_until_eot(oid, AddAbilities(self.abilities))
        return None


@dataclass(frozen=True, slots=True)
class GreatestCreatures(Count):
    """"the greatest number of creatures a player controls" (each player's creatures counted,
    the largest number taken)."""

    def value(self, g: GameOps, ctx: Context) -> int:
        counts: dict[int, int] = {}
        for o in g.battlefield:
            if "Creature" in g.chars(o).types:
                c = g.objects[o].controller
                counts[c] = counts.get(c, 0) + 1
        return max(counts.values(), default=0)


@dataclass(frozen=True)
class ReturnSelfAttached(Effect):
    """"Return ~ from your graveyard to the battlefield attached to target creature." (an Aura's
    ability in its owner's graveyard, CR 113.6m): the Aura, if it is still that card in the
    graveyard (CR 400.7), enters attached to the target, if that is still legal (CR 608.2b)."""

    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import BATTLEFIELD, GRAVEYARD
        o = ctx.source_id
        refs = [r for r in self.what.refs(g, ctx) if r[0] == "obj"]
        if o is None or o not in g.objects or g.objects[o].zone != GRAVEYARD or not refs:
            return None
        host = refs[0][1]
        if host not in g.objects or g.objects[host].zone != BATTLEFIELD:
            return None
        g.log_event(f"{g.name_of(o)} returns to the battlefield attached to {g.name_of(host)} ({ctx.source_name})")
        g.move_to_zone(o, BATTLEFIELD, controller=ctx.controller, attach_to=host)
        return None


@dataclass(frozen=True, slots=True)
class DefendingPlayer(Who):
    """"defending player" in an ability of an attacking creature (its source): the player it
    attacks, or attacked before it was removed from combat (CR 508.5)."""

    def refs(self, g: GameOps, ctx: Context) -> list[Any]:
        p = g.defending_player(ctx.source_id) if ctx.source_id is not None else None
        return [] if p is None else [("player", p)]


@dataclass(frozen=True)
class PlayerExilesPermanents(Effect):
    """"defending player exiles two permanents they control": that player chooses that many
    permanents they control, one at a time (all of them if they control fewer), and exiles
    them at the same time."""

    amount: int
    who: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import BATTLEFIELD, EXILE
        from .base import Ask as AskCls
        refs = [r for r in self.who.refs(g, ctx) if r[0] == "player"]
        if not refs:
            return None
        p = refs[0][1]
        chosen = [o for i in range(self.amount) if (o := ctx.answers.get(step * 100 + i)) is not None]
        mine = [o for o in g.battlefield if g.objects[o].controller == p and o not in chosen]
        if len(chosen) < self.amount and mine:
            return AskCls("choose", p, tuple(mine), tuple(f"exile {g.name_of(o)}" for o in mine),
                          f"{ctx.source_name}: choose a permanent you control to exile "
                          f"({len(chosen) + 1} of {self.amount})", key=step * 100 + len(chosen),
                          targets=tuple(g.name_of(o) for o in mine))
        live = [o for o in chosen if o in g.objects and g.objects[o].zone == BATTLEFIELD]
        began = len(live) > 1 and g.leave_together(True)
        for o in live:
            g.move_to_zone(o, EXILE)
        if began:
            g.leave_together(False)
        return None


@dataclass(frozen=True, slots=True)
class EventController(Who):
    """"its controller", "that creature's controller" of the object a trigger is about
    ("Whenever a creature attacks you, its controller loses 1 life."): its controller now, or
    the one it last had on the battlefield if it has left (CR 608.2h)."""

    def refs(self, g: GameOps, ctx: Context) -> list[Any]:
        oid = ctx.event.object if ctx.event is not None else None
        p = g.last_controller(oid) if oid is not None else None
        return [] if p is None else [("player", p)]

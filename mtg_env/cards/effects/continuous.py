"""Continuous effects until end of turn (CR 611, 613): +N/+N, keywords, colors, types."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.modifications import AddKeywords, AddTypes, ModifyPT, SetColors
from ..subjects import SELF, TARGET, Amount, Who, amount_of
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class Pump(Effect):
    """`what` gets +power/+toughness until end of turn (a layer 7c effect, CR 613.4c)."""

    power: Amount
    toughness: Amount
    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        p, t = amount_of(self.power, g, ctx), amount_of(self.toughness, g, ctx)
        for ref in self.what.refs(g, ctx):
            g.add_until_eot(ref[1], ModifyPT(p, t))
        return None


@dataclass(frozen=True)
class PumpChoice(Effect):
    """"<what> gets +1/-1 or -1/+1 until end of turn": the controller picks one of `options`
    as the ability resolves (CR 608.2d)."""

    options: tuple[tuple[int, int], ...] = ((1, -1), (-1, 1))
    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        refs = self.what.refs(g, ctx)
        if not refs:
            return None
        choice = ctx.answers.get(step)
        if choice is None:
            labels = tuple(f"choose {p:+d}/{t:+d}" for p, t in self.options)
            return Ask("choose", ctx.controller, tuple(range(len(self.options))), labels,
                       f"{ctx.source_name}: choose what the creature gets until end of turn")
        p, t = self.options[choice]
        for ref in refs:
            g.add_until_eot(ref[1], ModifyPT(p, t))
        return None


@dataclass(frozen=True)
class GainKeyword(Effect):
    """`what` gains keyword abilities until end of turn (layer 6, CR 613.1f)."""

    names: tuple[str, ...]
    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.add_until_eot(ref[1], AddKeywords(self.names))
        return None


@dataclass(frozen=True)
class SetColorUntilEOT(Effect):
    """"<target> becomes <color> until end of turn" (a layer 5 effect, CR 613.1e)."""

    colors: str
    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.add_until_eot(ref[1], SetColors(tuple(self.colors)))
        return None


@dataclass(frozen=True)
class BecomeArtifactCreature(Effect):
    """Crew: "This Vehicle becomes an artifact creature until end of turn." (CR 702.122a); on a
    creature that isn't a Vehicle (Mairsil) its power and toughness don't change."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in SELF.refs(g, ctx):
            g.add_until_eot(ref[1], AddTypes(("Artifact", "Creature")))
        return None

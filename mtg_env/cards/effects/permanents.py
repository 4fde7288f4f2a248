"""Permanents (CR 701): destroy, exile, return to hand, sacrifice, flicker, tap and untap,
counters, control changes, attaching."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.filters import Filter, parse_filter
from ...core.objects import BATTLEFIELD, EXILE, HAND
from ..subjects import SELF, TARGET, Amount, Who, amount_of
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class Destroy(Effect):
    """CR 701.8."""

    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        refs = self.what.refs(g, ctx)
        began = len(refs) > 1 and g.leave_together(True)  # "Destroy all creatures": at once
        for ref in refs:
            g.destroy(ref[1])
        if began:
            g.leave_together(False)
        return None


@dataclass(frozen=True)
class ReturnToHand(Effect):
    """Return a permanent to its owner's hand."""

    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        refs = self.what.refs(g, ctx)
        began = len(refs) > 1 and g.leave_together(True)  # at once (CR 603.10a)
        for ref in refs:
            g.move_to_zone(ref[1], HAND)
        if began:
            g.leave_together(False)
        return None


@dataclass(frozen=True)
class ExileIt(Effect):
    what: Who = TARGET

    def can_do(self, g: GameOps, ctx: Context) -> bool:
        return bool(self.what.refs(g, ctx))

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        refs = self.what.refs(g, ctx)
        began = len(refs) > 1 and g.leave_together(True)  # at once (CR 603.10a)
        for ref in refs:
            g.move_to_zone(ref[1], EXILE)
        if began:
            g.leave_together(False)
        return None


@dataclass(frozen=True)
class SacrificeIt(Effect):
    what: Who = SELF

    def can_do(self, g: GameOps, ctx: Context) -> bool:
        """"You may sacrifice ~. If you do, ...": only a permanent of yours still on the
        battlefield can be sacrificed (CR 701.21a; Angelic Renewal's ruling: not once it has
        left)."""
        refs = self.what.refs(g, ctx)
        return bool(refs) and all(r[0] == "obj" and r[1] in g.battlefield and g.objects[r[1]].controller == ctx.controller
                                  for r in refs)

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.sacrifice(ref[1])
        return None


@dataclass(frozen=True)
class Flicker(Effect):
    """Cloudshift: exile the target, then return that card to the battlefield under your
    control; it is a new object (CR 400.7), which makes its "as enters" choice again
    (CR 614.12). A token that left the battlefield doesn't return (CR 111.8)."""

    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = step * 100
        exiled = ctx.answers.get(key)  # the exiled cards, once exiled: asking must not exile twice
        if exiled is None:
            exiled = [n for ref in self.what.refs(g, ctx) if (n := g.move_to_zone(ref[1], EXILE)) is not None]
            ctx.answers[key] = exiled
        got = g.enter_battlefield(ctx, key + 1, [(n, ctx.controller) for n in exiled])
        return got if isinstance(got, Ask) else None


@dataclass(frozen=True)
class Tap(Effect):
    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.tap(ref[1])
        return None


@dataclass(frozen=True)
class Untap(Effect):
    what: Who = SELF

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.untap(ref[1])
        return None


@dataclass(frozen=True)
class UntapAll(Effect):
    """"Untap all <filter>" (Dramatic Reversal: nonland permanents you control)."""

    filter: Filter = dataclasses.field(default_factory=lambda: parse_filter("nonland permanent you control"))

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for oid in list(g.battlefield):
            if g.matches(self.filter, oid, ctx.controller):
                g.untap(oid)
        return None


@dataclass(frozen=True)
class PutCounters(Effect):
    kind: str
    amount: Amount = 1
    what: Who = SELF

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        for ref in self.what.refs(g, ctx):
            g.add_counters(ref[1], self.kind, n)
        return None


@dataclass(frozen=True)
class GainControlUntilEOT(Effect):
    """Act of Treason, Threaten: gain control of `what` until end of turn (layer 2)."""

    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.gain_control_until_eot(ref[1], ctx.controller)
        return None


@dataclass(frozen=True)
class Attach(Effect):
    """Attach the source to the target (equip, CR 702.6)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        if ctx.targets and ctx.source_id is not None:
            g.attach(ctx.source_id, ctx.targets[0][1])
        return None


@dataclass(frozen=True)
class SacrificeUnlessYouSacrifice(Effect):
    """"sacrifice <this> unless you sacrifice a creature" (Contamination). The choice is made on
    resolution (Gatherer ruling 2004-10-04), even if the source is gone. `what` is the noun
    phrase, read once into `filter`."""

    what: str = "creature"
    filter: Filter = dataclasses.field(default=None, compare=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.filter is None:
            object.__setattr__(self, "filter", parse_filter(self.what))

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        cands = [o for o in g.battlefield if g.objects[o].controller == ctx.controller
                 and g.matches(self.filter, o, ctx.controller)]
        choice = ctx.answers.get(step)
        if choice is None:
            if not cands:
                choice = "self"
            else:
                return Ask("choose", ctx.controller, (*cands, "self"),
                           (*(f"sacrifice {g.name_of(o)}" for o in cands), f"sacrifice {ctx.source_name}"),
                           f"{ctx.source_name}: sacrifice a {self.what}, or sacrifice {ctx.source_name}")
        if choice == "self":
            if ctx.source_id is not None and ctx.source_id in g.objects:
                g.sacrifice(ctx.source_id)
        elif choice in g.objects:
            g.sacrifice(choice)
        return None


@dataclass(frozen=True)
class SacrificeIfNoCounters(Effect):
    """Gemstone Mine: "If there are no mining counters on Gemstone Mine, sacrifice it." Part of
    the mana ability's effect (Gatherer ruling 2004-10-04), checked as it resolves."""

    kind: str

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        oid = ctx.source_id
        if oid is not None and oid in g.objects and g.objects[oid].zone == BATTLEFIELD \
                and not g.objects[oid].counters.get(self.kind, 0):
            g.sacrifice(oid)
        return None

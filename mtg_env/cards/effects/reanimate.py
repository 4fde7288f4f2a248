"""What an ability does to a card it just put onto the battlefield (CR 400.7j: other parts of
the effect can find the object it became): "Return target creature card from your graveyard to
the battlefield. That creature gains haste. At the beginning of the next end step, sacrifice
it." (templates/permanents.py).

The effects that put a card onto the battlefield (`ReturnCard`, `PutFromHand`) remember the
new objects in `ctx.answers[MOVED_KEY]` (nothing, when nothing entered: a later "that creature"
then names nothing); `MOVED` is that object while it is on the battlefield.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.modifications import AddKeywords
from ...core.objects import BATTLEFIELD
from ..subjects import SELF, Who
from .base import Ask, Effect
from .permanents import ExileIt, ReturnToHand

if TYPE_CHECKING:
    from ...core.objects import Context, Ref
    from ..protocol import GameOps

#: ctx.answers key: the objects the ability's last "put onto the battlefield" made
MOVED_KEY = -112_300


def remember_moved(ctx: Context, new_ids: list[int | None] | tuple[int | None, ...]) -> None:
    """Record what the effect just put onto the battlefield (CR 400.7j)."""
    ctx.answers[MOVED_KEY] = tuple(n for n in new_ids if n is not None)


@dataclass(frozen=True, slots=True)
class Moved(Who):
    """"that creature", "it" after "return target creature card ... to the battlefield": the
    permanent the ability's last such effect put there, while it is on the battlefield (a new
    object once it leaves, CR 400.7)."""

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        return [("obj", o) for o in ctx.answers.get(MOVED_KEY, ())
                if o in g.objects and g.objects[o].zone == BATTLEFIELD]


MOVED = Moved()


@dataclass(frozen=True)
class GainForGood(Effect):
    """"That creature gains haste." (no duration: for as long as it is on the battlefield,
    CR 611.2a; layer 6, CR 613.1f)."""

    keywords: tuple[str, ...]
    what: Who = MOVED

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for _, o in self.what.refs(g, ctx):
            g.add_for_good(o, AddKeywords(self.keywords))
        return None


@dataclass(frozen=True)
class SacrificeYours(Effect):
    """"sacrifice it" in a delayed triggered ability: its controller sacrifices the permanent
    if they still control it (CR 701.21a: only your own permanents can be sacrificed)."""

    what: Who = SELF

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for _, o in self.what.refs(g, ctx):
            if g.objects[o].controller == ctx.controller:
                g.sacrifice(o)
        return None


@dataclass(frozen=True)
class ItsControllerSacrifices(Effect):
    """"Its controller sacrifices it": whoever controls the permanent then (CR 701.21a)."""

    what: Who = SELF

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for _, o in self.what.refs(g, ctx):
            g.sacrifice(o)
        return None


#: what the delayed ability does to the permanent (its source): the effect and its text
_ACTIONS: dict[str, tuple[Effect, str]] = {
    "sacrifice": (SacrificeYours(), "Sacrifice it."),
    "controller_sacrifices": (ItsControllerSacrifices(), "Its controller sacrifices it."),
    "exile": (ExileIt(SELF), "Exile it."),
    "hand": (ReturnToHand(SELF), "Return it to its owner's hand."),
}


@dataclass(frozen=True)
class AtNextEndStep(Effect):
    """"At the beginning of the next end step, sacrifice it." / "Exile it at the beginning of
    your next end step.": a delayed triggered ability (CR 603.7a) for each permanent the ability
    put onto the battlefield, controlled by the ability's controller (CR 603.7d), that acts on
    that object only (not on the new object it becomes if it leaves and returns, CR 400.7).
    `yours`: the next end step of its controller's turn."""

    action: str
    yours: bool = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.filters import YOU
        from ..abilities import Triggered, TriggerEvent
        eff, text = _ACTIONS[self.action]
        for _, o in MOVED.refs(g, ctx):
            ab = Triggered(text=text, event=TriggerEvent.END_STEP, effects=(eff,), subject=None,
                           actor=YOU if self.yours else None)
            g.delay_until_next_end_step(ctx.controller, o, ab)
        return None


@dataclass(frozen=True)
class ReturnExiledSource(Effect):
    """The delayed ability of `ExileUntilEndStep`: its source, the exiled card, returns to the
    battlefield if it is still that card in exile (CR 400.7), under its owner's control (or,
    `yours`, the delayed ability's controller's), tapped if `tapped`; its "as enters" choice is
    made as it enters (CR 614.12)."""

    tapped: bool = False
    yours: bool = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import EXILE
        o = ctx.source_id
        if o is None or o not in g.objects or g.objects[o].zone != EXILE:
            return None
        p = ctx.controller if self.yours else g.objects[o].owner
        info = g.as_enters(ctx, -(step * 1_000) - 500, g.objects[o].card, p)
        if isinstance(info, Ask):
            return info
        g.log_event(f"{g.name_of(o)} returns to the battlefield ({ctx.source_name})")
        g.move_to_zone(o, BATTLEFIELD, controller=p, tapped=self.tapped, info=info)
        return None


@dataclass(frozen=True)
class ExileUntilEndStep(Effect):
    """"Exile target creature. Return that card to the battlefield under its owner's control at
    the beginning of the next end step.": each permanent `what` names is exiled, and a delayed
    triggered ability (CR 603.7a), controlled by the ability's controller, returns the card it
    became in exile (CR 400.7j). A token exiled ceases to exist (CR 111.8): nothing returns."""

    what: Who
    tapped: bool = False
    yours: bool = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import EXILE
        from ..abilities import Triggered, TriggerEvent
        for _, o in [r for r in self.what.refs(g, ctx) if r[0] == "obj"]:
            if g.objects[o].zone != BATTLEFIELD:
                continue
            new = g.move_to_zone(o, EXILE)
            if new is None or new not in g.objects or g.objects[new].zone != EXILE:
                continue
            text = "Return it to the battlefield" + (" tapped" if self.tapped else "") + \
                (" under your control." if self.yours else " under its owner's control.")
            ab = Triggered(text=text, event=TriggerEvent.END_STEP, subject=None,
                           effects=(ReturnExiledSource(self.tapped, self.yours),))
            g.delay_until_next_end_step(ctx.controller, new, ab)
        return None

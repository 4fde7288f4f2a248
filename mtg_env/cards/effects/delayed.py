"""Delayed triggered abilities (CR 603.7): "Draw a card at the beginning of the next turn's
upkeep." A resolving spell or ability creates the ability; it triggers once, at the beginning
of the upkeep of the next turn (whoever's it is), and its controller is the controller of the
spell or ability that created it (CR 603.7d). The engine keeps it in `Game.effects.delayed`
(engine/triggers.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..subjects import CONTROLLER, Amount, Who, amount_of
from .base import Ask, Effect
from .players import Draw

if TYPE_CHECKING:
    from ...core.objects import Context, Ref
    from ..protocol import GameOps


@dataclass(frozen=True, slots=True)
class OnePlayer(Who):
    """A player fixed when a delayed triggered ability was created (its spell's target)."""

    index: int

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        return [("player", self.index)]


@dataclass(frozen=True)
class DrawAtNextUpkeep(Effect):
    """"[Target player draws / Draw] N cards at the beginning of the next turn's upkeep."
    (CR 603.7a: a delayed triggered ability created on resolution). `who` is the player as the
    spell resolves: a target is fixed then (the delayed ability has no targets of its own)."""

    amount: Amount = 1
    who: Who = CONTROLLER
    text: str = "Draw a card."

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ..abilities import Triggered, TriggerEvent
        n = amount_of(self.amount, g, ctx)
        if self.who is CONTROLLER:
            who: Who = CONTROLLER
        else:
            refs = [r for r in self.who.refs(g, ctx) if r[0] == "player"]
            if not refs:
                return None  # an illegal target: nothing is created (CR 608.2b)
            who = OnePlayer(refs[0][1])
        ab = Triggered(text=self.text, event=TriggerEvent.UPKEEP, effects=(Draw(n, who),), subject=None)
        g.delay_until_next_upkeep(ctx, ab)
        return None

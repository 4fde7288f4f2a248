"""Effects that keep permanents tapped (CR 502.3): "<It> doesn't untap during its controller's
next untap step", "~ doesn't untap during your next untap step"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..subjects import TARGET, Who
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class NoUntapNext(Effect):
    """`what` doesn't untap during its controller's next untap step (the first untap step of
    whoever controls it then: the effect tracks the permanent, not its controller), or with
    `yours`, during the next untap step of this ability's controller (if another player
    controls it then, the effect does nothing and ends). Rulings of Frost Breath, Arbalest
    Elite (CR 502.3)."""

    what: Who = TARGET
    yours: bool = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            if ref[0] == "obj":
                g.no_untap_next(ref[1], ctx.controller if self.yours else None)
        return None

"""Partner and "Partner with [name]" (CR 702.124): two commanders in a Commander deck.

`Partner` is a rule of deck construction (CR 702.124a): the Commander deck check
(engine/formats.py) reads it; in a game it does nothing. "Partner with [name]" is also a
triggered ability (CR 702.124i): "When this permanent enters, target player may search their
library for a card named [name], reveal it, put it into their hand, then shuffle." —
`PartnerSearch`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.objects import HAND
from .abilities import StaticAbility
from .effects.base import NOTHING, Ask, Effect

if TYPE_CHECKING:
    from ..core.objects import Context
    from .protocol import GameOps

#: the answer "don't search" (no search, no shuffle)
NO_SEARCH = "no search"


@dataclass(frozen=True)
class Partner(StaticAbility):
    """"Partner" (CR 702.124h) or, with `name`, "Partner with [name]" (CR 702.124i)."""

    name: str = ""


@dataclass(frozen=True)
class PartnerSearch(Effect):
    """CR 702.124i: the target player may search their library for a card named `name`,
    reveal it, put it into their hand, then shuffle. Choosing to search, they may fail to find
    it (a card with a stated quality, CR 701.23b); not searching, they don't shuffle."""

    name: str

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        refs = [r for r in ctx.targets if r[0] == "player"]
        if not refs:
            return None
        who = refs[0][1]
        player = g.players[who]
        if player.lost or player.left:
            return None
        choice = ctx.answers.get(step)
        if choice is None:
            found = next((o for o in player.library if g.objects[o].card.name == self.name), None)
            opts = ((found,) if found is not None else ()) + (NOTHING, NO_SEARCH)
            labels = ((f"find {self.name}",) if found is not None else ()) + ("find nothing", "don't search")
            return Ask("choose", who, opts, labels,
                       f"{ctx.source_name}: search your library for a card named {self.name}?")
        if choice == NO_SEARCH:
            g.log_event(f"{player.name} doesn't search ({ctx.source_name})")
            return None
        if choice != NOTHING and choice in player.library:
            g.log_event(f"{player.name} finds {self.name} ({ctx.source_name})")
            g.move_to_zone(choice, HAND)
        else:
            g.log_event(f"{player.name} finds nothing ({ctx.source_name})")
        g.shuffle_library(who)
        return None

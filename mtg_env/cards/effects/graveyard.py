"""Cards in graveyards: returned to their owner's hand or put onto the battlefield (CR 400.7:
each becomes a new object)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.filters import Filter
from ...core.objects import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY
from ..subjects import TARGET, Who
from .base import Ask, Effect
from .reanimate import remember_moved

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class ReturnCard(Effect):
    """"Return target creature card from your graveyard to your hand" / "... to the
    battlefield" / "Put target creature card from a graveyard onto the battlefield under your
    control": each card still in a graveyard goes to its owner's hand, or onto the battlefield
    under the control of the ability's controller (CR 110.2a), its "as enters" choice made as
    it enters (CR 614.12)."""

    what: Who = TARGET
    to: str = HAND
    #: onto the battlefield tapped ("... to the battlefield tapped")
    tapped: bool = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        cards = [ref[1] for ref in self.what.refs(g, ctx)
                 if ref[0] == "obj" and ref[1] in g.objects and g.objects[ref[1]].zone == GRAVEYARD]
        if self.to == HAND:
            for o in cards:
                g.log_event(f"{g.name_of(o)} returns to {g.players[g.objects[o].owner].name}'s hand "
                            f"({ctx.source_name})")
                g.move_to_zone(o, HAND)
            return None
        assert self.to == BATTLEFIELD
        got = g.enter_battlefield(ctx, -(step * 1_000) - 500, [(o, ctx.controller) for o in cards], self.tapped)
        if isinstance(got, Ask):
            return got
        remember_moved(ctx, got)  # "That creature gains haste." (CR 400.7j)
        return None


@dataclass(frozen=True)
class ReturnSelf(Effect):
    """"Return ~ from your graveyard to your hand / to the battlefield (tapped)": the ability's
    source, if it is still the card in the graveyard (CR 400.7)."""

    to: str = HAND
    tapped: bool = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        o = ctx.source_id
        if o is None or o not in g.objects or g.objects[o].zone != GRAVEYARD:
            return None
        if self.to == HAND:
            g.log_event(f"{g.name_of(o)} returns to its owner's hand ({ctx.source_name})")
            g.move_to_zone(o, HAND)
            return None
        info = g.as_enters(ctx, -(step * 1_000) - 500, g.objects[o].card, ctx.controller)
        if isinstance(info, Ask):
            return info
        g.move_to_zone(o, BATTLEFIELD, controller=ctx.controller, tapped=self.tapped, info=info)
        return None


@dataclass(frozen=True)
class ExileGraveyard(Effect):
    """"Exile target player's graveyard." / "Exile all graveyards." (each player named: every
    card in their graveyard)"""

    who: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.who.refs(g, ctx):
            if ref[0] != "player":
                continue
            cards = list(g.players[ref[1]].graveyard)
            for o in cards:
                g.move_to_zone(o, EXILE)
            g.log_event(f"{g.players[ref[1]].name}'s graveyard is exiled ({len(cards)} cards, {ctx.source_name})")
        return None


@dataclass(frozen=True)
class ShuffleGraveyardIn(Effect):
    """"Target player shuffles their graveyard into their library." (CR 701.24a; the library is
    shuffled even with an empty graveyard, CR 701.24d)"""

    who: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.who.refs(g, ctx):
            if ref[0] != "player":
                continue
            for o in list(g.players[ref[1]].graveyard):
                g.move_to_zone(o, LIBRARY)
            g.shuffle_library(ref[1])
            g.log_event(f"{g.players[ref[1]].name} shuffles their graveyard into their library ({ctx.source_name})")
        return None


@dataclass(frozen=True)
class ReturnYourPermanent(Effect):
    """"Return a land you control to its owner's hand." (chosen as it resolves, not targeted: it
    may be the source itself)"""

    what: Filter
    phrase: str = "a permanent you control"

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        p = ctx.controller
        cands = [o for o in g.battlefield if g.objects[o].controller == p and g.matches(self.what, o, p, ctx.source_id)]
        if not cands:
            return None
        ans = ctx.answers.get(step)
        if ans is None or ans not in cands:
            return Ask("choose", p, tuple(cands), tuple(f"return {g.name_of(o)}" for o in cands),
                       f"{ctx.source_name}: choose {self.phrase} to return to its owner's hand",
                       targets=tuple(g.name_of(o) for o in cands))
        g.log_event(f"{g.players[p].name} returns {g.name_of(ans)} to its owner's hand ({ctx.source_name})")
        g.move_to_zone(ans, HAND)
        return None


@dataclass(frozen=True)
class ShuffleHandAndGraveyardIn(Effect):
    """"Each player shuffles their hand and graveyard into their library" (Timetwister): every
    card in each named player's hand and graveyard into their library, then it is shuffled
    (CR 701.24a). The spell itself is on the stack: it is not shuffled in."""

    who: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.who.refs(g, ctx):
            if ref[0] != "player":
                continue
            pl = g.players[ref[1]]
            for o in list(pl.hand) + list(pl.graveyard):
                g.move_to_zone(o, LIBRARY)
            g.shuffle_library(ref[1])
            g.log_event(f"{pl.name} shuffles their hand and graveyard into their library ({ctx.source_name})")
        return None

"""Linked abilities (CR 607): "exiled with", "the exiled card". A card exiled by an ability
is marked with the object that exiled it and the ability's link group, so a new object after a
zone change is a different one (CR 607.2a), and Mairsil's instances link only to each other."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.filters import Filter, parse_filter
from ...core.objects import BATTLEFIELD
from ..abilities import DefinedX
from ..subjects import TARGET, Who
from .base import Ask, Effect, choose_card

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class ExileLinked(Effect):
    """Exile `what` (a permanent, or a card in a graveyard or hand) as "exiled with" this
    ability's source, for the ability linked to this one (CR 607.2a)."""

    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.exile_linked(ref[1], ctx)
        return None



@dataclass(frozen=True)
class ExileFromHandLinked(Effect):
    """Imprint: "you may exile an artifact card from your hand" (Prototype Portal, Isochron
    Scepter), linked to the card's activated ability (CR 607.2a). `what` judges the cards;
    `question` is the prompt after the source's name."""

    what: Filter
    question: str

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        p = g.players[ctx.controller]
        cands = [o for o in p.hand if self.what.obj(g, g.objects[o], g.chars(o), ctx.controller, ctx.source_id)]
        got = choose_card(g, ctx, step, cands, "exile", "exile nothing", f"{ctx.source_name}: {self.question}")
        if isinstance(got, Ask) or got is None:
            return got
        g.exile_linked(got, ctx)
        return None


@dataclass(frozen=True)
class ExileFromOpponentsHandLinked(Effect):
    """Tidehollow Sculler: "target opponent reveals their hand and you choose a nonland card from
    it. Exile that card." (linked to its leaves-the-battlefield ability)."""

    what: Filter = dataclasses.field(default_factory=lambda: parse_filter("nonland"))

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        refs = TARGET.refs(g, ctx)
        if not refs:
            return None
        opp = g.players[refs[0][1]]
        cands = [o for o in opp.hand if self.what.obj(g, g.objects[o], g.chars(o), ctx.controller, ctx.source_id)]
        if ctx.answers.get(step) is None:
            g.log_event(f"{opp.name} reveals {', '.join(g.name_of(o) for o in opp.hand) or 'an empty hand'}")
        # "you choose a nonland card from it": not optional when there is one
        got = choose_card(g, ctx, step, cands, "exile", None,
                          f"{ctx.source_name}: choose a nonland card from {opp.name}'s hand")
        if isinstance(got, Ask) or got is None:
            return got
        g.exile_linked(got, ctx)
        return None


@dataclass(frozen=True)
class ReturnLinked(Effect):
    """Return every card exiled with the linked ability: to the battlefield under its owner's
    control (Helvault), or to its owner's hand (Tidehollow Sculler). With copies of the linked
    ability, "the exiled card" is every card the original and the copies exiled (seed 002)."""

    to: str = BATTLEFIELD

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        if self.to != BATTLEFIELD:
            for oid in g.linked_cards(ctx):
                g.move_to_zone(oid, self.to)
            return None
        # all at once, each one's "as enters" choice made first (CR 614.12)
        got = g.enter_battlefield(ctx, step * 100, [(o, g.objects[o].owner) for o in g.linked_cards(ctx)])
        return got if isinstance(got, Ask) else None


@dataclass(frozen=True)
class TokenCopiesOfLinked(Effect):
    """"Create a token that's a copy of the exiled card": one for each card exiled with the
    linked ability (seed 002); none when the ability is linked to nothing (Mairsil with
    Prototype Portal)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        cards = [g.objects[oid].card for oid in g.linked_cards(ctx)]
        infos = []
        for i, card in enumerate(cards):  # a token copy of a Clone chooses as it enters (CR 614.12)
            info = g.as_enters(ctx, step * 100 + i, card, ctx.controller)
            if isinstance(info, Ask):
                return info
            infos.append(info)
        for card, info in zip(cards, infos, strict=True):
            g.create_token_copy(ctx.controller, card.name, info)
        return None


@dataclass(frozen=True)
class CastLinkedFree(Effect):
    """Izzet Chemister: "Cast any number of cards exiled with Izzet Chemister without paying
    their mana costs." Cast one at a time while this resolves (CR 608.2g); done ends it."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        done = ctx.answers.get(step)
        if done == "done":
            return None
        from ..abilities import cast_allowed
        cands = [o for o in g.linked_cards(ctx) if "Land" not in g.objects[o].card.types
                 and cast_allowed(g, g.objects[o].card, ctx.controller)]
        if not cands:
            return None
        return Ask("choose", ctx.controller, (*(("cast_free", o) for o in cands), "done"),
                   (*(f"cast {g.name_of(o)} without paying its mana cost" for o in cands), "done casting"),
                   f"{ctx.source_name}: cast cards exiled with it")


@dataclass(frozen=True)
class LinkedManaValue(DefinedX):
    """"X is the mana value of that card" (Prototype Portal): the total mana value of the cards
    exiled with the linked ability (seed 002: the sum); undefined with none (ruling: then it
    can't be activated)."""

    def value(self, g: GameOps, ctx: Context) -> int | None:
        linked = g.linked_cards(ctx)
        if not linked:
            return None
        return sum(g.objects[o].card.mana_value for o in linked)


# --------------------------------------------------------------------------------------------

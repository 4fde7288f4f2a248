"""Effects of spells that depend on how they were cast: addendum's "instead" (CR 207.2c)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.filters import Filter
from ...core.modifications import Modification
from ..subjects import Amount, Count, Who, amount_of
from .addendum import cast_in_main_phase
from .base import Ask, Effect, run_effects

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class IfCastInMainPhaseElse(Effect):
    """`then` if this spell was cast during its controller's main phase, else `otherwise`
    (what the addendum's "instead" replaces). A copy wasn't cast (CR 707.12): `otherwise`."""

    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        return run_effects(self.then if cast_in_main_phase(g, ctx) else self.otherwise, g, ctx, step)


@dataclass(frozen=True, slots=True)
class CardsIn(Count):
    """"for each creature card in your graveyard": the cards in the controller's (`whose`
    "you"), a target player's ("target") or every player's ("all") `zone` that `what` matches (None: every card), judged by
    their characteristics there (CR 400.2, 608.2h), as the effect resolves."""

    zone: str
    what: Filter | None = None
    #: "you", "all", or "target": the player who is the `target`th target (none if it has
    #: become illegal, CR 608.2b)
    whose: str = "you"
    target: int = 0

    def value(self, g: GameOps, ctx: Context) -> int:
        if self.whose == "target":
            from ..subjects import Target
            players = [g.players[r[1]] for r in Target(self.target).refs(g, ctx) if r[0] == "player"]
        else:
            players = [g.players[ctx.controller]] if self.whose == "you" else list(g.players)
        n = 0
        for p in players:
            for oid in getattr(p, self.zone):
                n += self.what is None or g.matches(self.what, oid, ctx.controller, ctx.source_id)
        return n


@dataclass(frozen=True, slots=True)
class WhereX(Count):
    """"..., where X is the number of ...": `count` worked out once, the first time the
    resolving ability needs it (CR 608.2h), and kept for its other uses in the same sentence
    (`key`: where in `ctx.answers`; negative, never an effect's step)."""

    count: Count
    key: int = -1000

    def value(self, g: GameOps, ctx: Context) -> int:
        got = ctx.answers.get(self.key)
        if got is None:
            got = ctx.answers[self.key] = self.count.value(g, ctx)
        return int(got)


@dataclass(frozen=True)
class EachDealsDamageToController(Effect):
    """"Each creature deals 1 damage to its controller." (Rakdos Charm): every permanent `what`
    matches, as the effect happens, is the source of `amount` damage to the player who controls
    it (CR 120.3; the creature's own lifelink, infect and deathtouch apply). All of it is dealt
    at once: who controls what is settled before any is dealt."""

    what: Who
    amount: Amount = 1

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import BATTLEFIELD
        from ...core.objects import Context as Ctx
        n = amount_of(self.amount, g, ctx)
        sources = [r[1] for r in self.what.refs(g, ctx)
                   if r[0] == "obj" and r[1] in g.objects and g.objects[r[1]].zone == BATTLEFIELD]
        dealt = [(oid, g.objects[oid].controller) for oid in sources]
        for oid, p in dealt:
            g.deal_damage(Ctx(p, oid, g.name_of(oid)), ("player", p), n)
        return None


@dataclass(frozen=True)
class CantCastSpells(Effect):
    """"Target player can't cast spells this turn." / "Your opponents can't cast spells this
    turn." (CR 101.2): for the rest of the turn, whatever lets them cast a spell."""

    who: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for kind, p in self.who.refs(g, ctx):
            if kind == "player":
                g.cant_cast_spells_this_turn(p)
        return None


@dataclass(frozen=True)
class UntilEndOfTurn(Effect):
    """A continuous effect on each object `what` names, until end of turn (CR 611.2a; the
    objects are locked in as it resolves, CR 611.2c): "Switch ~'s power and toughness until
    end of turn" (a SwitchPT, layer 7d), "Target creature has base power and toughness 0/2
    until end of turn" (a SetPT, layer 7b)."""

    modification: Modification
    what: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import BATTLEFIELD
        for kind, oid in self.what.refs(g, ctx):
            if kind == "obj" and oid in g.objects and g.objects[oid].zone == BATTLEFIELD:
                g.add_until_eot(oid, self.modification)
        return None


# --------------------------------------------------------------------------------------------
# "unless {U} was spent to cast it" (CR 601.2h): the permanent remembers the mana its spell was
# cast with (`info["spent"]`, by type W U B R G C; engine/casting.py records it for the cards
# that read it, `reads_mana_spent`)


def mana_spent(o: Any, color: str) -> int:
    """How much mana of `color` was spent to cast the permanent `o` (0 if it wasn't cast)."""
    from ...core.mana import TYPE_INDEX
    spent = (o.info or {}).get("spent")
    return int(spent[TYPE_INDEX[color]]) if spent else 0


@dataclass(frozen=True)
class SacrificeUnlessSpent(Effect):
    """"When ~ enters, sacrifice it unless {U} was spent to cast it." (Azorius Herald): a
    permanent that wasn't cast (or was cast without that mana) is sacrificed (the card's
    ruling)."""

    color: str

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import BATTLEFIELD
        src = ctx.source_id
        obj = g.objects.get(src) if src is not None else None
        if src is None or obj is None or obj.zone != BATTLEFIELD or obj.controller != ctx.controller:
            return None
        if not mana_spent(obj, self.color):
            g.sacrifice(src)
        return None


def reads_mana_spent(card: Any) -> bool:
    """Whether any of the card's abilities asks what mana was spent to cast it."""
    def walk(x: Any) -> bool:
        if isinstance(x, SacrificeUnlessSpent) or getattr(x, "READS_SPENT", False):
            return True
        if getattr(x, "choose", None) == "copy_creature":
            return True  # a copy of a card that reads it reads what was spent on this one (CR 707.2)
        if isinstance(x, tuple | list):
            return any(walk(y) for y in x)
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            return any(walk(getattr(x, f.name)) for f in dataclasses.fields(x))
        return False
    return any(walk(ab) for ab in card.abilities)


@dataclass(frozen=True)
class ForbidThisTurn(Effect):
    """"Creatures without flying can't block this turn." (Magmatic Chasm): every creature
    `what` matches at each moment this turn, those entering later too (CR 611.2c), can't
    attack (`kinds` "cant_attack") / block ("cant_block")."""

    kinds: tuple[str, ...]
    what: Filter

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for kind in self.kinds:
            g.forbid_this_turn(kind, self.what, ctx.controller, ctx.source_id)
        return None


@dataclass(frozen=True)
class SacrificeAll(Effect):
    """"Each player sacrifices all permanents they control that are one or more colors." (All
    Is Dust; CR 701.21a): every permanent `what` matches as it resolves, each sacrificed by
    its controller, all in the same effect (not destroyed: indestructible and regeneration
    don't apply)."""

    what: Filter

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        doomed = [o for o in g.battlefield if g.matches(self.what, o, ctx.controller, ctx.source_id)]
        for oid in doomed:
            g.sacrifice(oid)
        return None


@dataclass(frozen=True)
class DestroyThenCount(Effect):
    """"Destroy all creatures. They can't be regenerated. Draw a card for each creature
    destroyed this way." (Decree of Pain): `destroy`, then `then` with its amount the number
    of permanents it named that are no longer on the battlefield (regenerated or
    indestructible ones weren't destroyed; CR 701.8, 701.19)."""

    #: a Destroy of some permanents (its `what`)
    destroy: Any
    #: an effect with an `amount` (Draw, GainLife)
    then: Any
    #: how much of `then` each one destroyed is worth ("2 life for each")
    per: int = 1

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import BATTLEFIELD
        who = self.destroy.what
        before = [r[1] for r in who.refs(g, ctx) if r[0] == "obj"]
        self.destroy.resolve(g, ctx, step)
        n = sum(1 for o in before if o not in g.objects or g.objects[o].zone != BATTLEFIELD)
        got: Ask | None = dataclasses.replace(self.then, amount=n * self.per).resolve(g, ctx, step)
        return got


@dataclass(frozen=True)
class CounterTo(Effect):
    """"Counter target spell. If that spell is countered this way, exile it instead of putting
    it into its owner's graveyard." (Dissipate; CR 701.6a, 614.1a): the countered card goes to
    `to` ("exile", "library": on top, "hand") instead of its owner's graveyard ("graveyard":
    the ordinary counter, with its controller noted for a later "its controller"); a spell that
    can't be countered isn't moved."""

    what: Who
    to: str

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            item = next((s for s in g.stack if s.id == ref[1]), None) if ref[0] == "stack" else None
            if item is not None:
                ctx.answers[COUNTERED_CONTROLLER - ref[1]] = item.ctx.controller  # SpellControllerOf
            g.counter(ref[1], self.to)
        return None


#: where CounterTo notes a countered spell's controller in `ctx.answers` (this minus its stack
#: id: negative keys are never an effect's step)
COUNTERED_CONTROLLER = -2_000_000


@dataclass(frozen=True, slots=True)
class SpellControllerOf(Who):
    """"Counter target spell. Its controller loses 3 life." (Undermine): the controller of the
    spell `of` names, while it is on the stack, or as it was when this ability countered it
    (CR 608.2h: last known information)."""

    of: Who

    def refs(self, g: GameOps, ctx: Context) -> list[Any]:
        out: list[Any] = []
        for kind, sid in self.of.refs(g, ctx):
            if kind != "stack":
                continue
            item = next((s for s in g.stack if s.id == sid), None)
            p = item.ctx.controller if item is not None else ctx.answers.get(COUNTERED_CONTROLLER - sid)
            if p is not None:
                out.append(("player", int(p)))
        return out


@dataclass(frozen=True)
class ExileIfDies(Effect):
    """"If that creature would die this turn, exile it instead." (Lava Coil): a replacement
    effect on each permanent `what` names until end of turn (CR 614.1a; the same object only,
    CR 400.7)."""

    what: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for kind, oid in self.what.refs(g, ctx):
            if kind == "obj":
                g.exile_if_dies_this_turn(oid)
        return None


@dataclass(frozen=True)
class DamageThenExileIfDies(Effect):
    """"~ deals 3 damage to each creature. If a creature dealt damage this way would die this
    turn, exile it instead." (Anger of the Gods): `damage` is dealt as usual, and each creature
    it was dealt to (damage prevented isn't dealt, CR 615.1) gets the replacement effect."""

    damage: Any  # a DealDamage

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.damage.amount, g, ctx)
        for ref in self.damage.to.refs(g, ctx):
            dealt = g.deal_damage(ctx, ref, n)
            if dealt > 0 and ref[0] == "obj" and ref[1] in g.objects and "Creature" in g.chars(ref[1]).types:
                g.exile_if_dies_this_turn(ref[1])
        return None

"""Effects for cards the Forge puzzles need (templates/pzcards12.py, issue 15, session 10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.filters import Filter
from ...core.modifications import Layer, Modification
from ..subjects import Count, Who
from .base import Ask, Effect, run_effects, sub_step

if TYPE_CHECKING:
    from ...core.chars import Chars
    from ...core.objects import Context
    from ..defining import StaticCondition
    from ..protocol import GameOps


@dataclass(frozen=True)
class IfCondition(Effect):
    """Threshold — "<effect>. If seven or more cards are in your graveyard, instead <other
    effect>." (Cleansing Meditation): `then` if `condition` holds for the spell as it resolves,
    else `otherwise` (CR 608.2c). The answer is kept, so a resumed resolution doesn't judge it
    again."""

    condition: StaticCondition
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = sub_step(step, 996)
        if key not in ctx.answers:
            src = ctx.source_id  # the spell, on the stack as it resolves (its controller's cards)
            ctx.answers[key] = src is not None and src in g.objects and self.condition.holds(g, None, src)
        return run_effects(self.then if ctx.answers[key] else self.otherwise, g, ctx, step)


@dataclass(frozen=True)
class IfFact(Effect):
    """Morbid — "<effect>. <other effect> instead if a creature died this turn." (Hunger of the
    Howlpack): `then` if the turn fact `fact` holds as the instruction is reached, else
    `otherwise` (CR 608.2c)."""

    fact: Filter
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = sub_step(step, 996)
        if key not in ctx.answers:
            ctx.answers[key] = self.fact.player(g, ctx.controller, ctx.controller)
        return run_effects(self.then if ctx.answers[key] else self.otherwise, g, ctx, step)


@dataclass(frozen=True)
class DestroyThenReturn(Effect):
    """"destroy all enchantments, then return all cards in your graveyard destroyed this way to
    the battlefield" (Cleansing Meditation; CR 701.8, 400.7): `destroy` (a Destroy of `Each`),
    then the cards it put into the controller's graveyard (the cards they own; tokens are not
    cards) return under the controller's control, all at once. An Aura is put on a permanent of
    the controller's choice that was on the battlefield already (not one returning with it),
    without targeting; with none it stays in the graveyard (CR 303.4f; the card's rulings)."""

    destroy: Any

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import GRAVEYARD
        done = sub_step(step, 995)
        if done not in ctx.answers:
            you = ctx.controller
            before = set(g.players[you].graveyard)
            self.destroy.resolve(g, ctx, step)
            ctx.answers[done] = tuple(o for o in g.players[you].graveyard
                                      if o not in before and not g.objects[o].token)
        cards = [o for o in ctx.answers[done] if o in g.objects and g.objects[o].zone == GRAVEYARD]
        return return_cards(g, ctx, step, [(o, ctx.controller) for o in cards])


def return_cards(g: GameOps, ctx: Context, step: int, cards: list[tuple[int, int]]) -> Ask | None:
    """Put the cards (card, controller) onto the battlefield at the same time (CR 614.12: their
    "as enters" choices first). An Aura is put on a permanent its controller chooses among
    those on the battlefield already (not one entering with it), without targeting; with none
    it stays where it is (CR 303.4f). The questions are keyed from `step * 100`; what entered is
    what "it" names next (`reanimate.MOVED`)."""
    from ...core.objects import BATTLEFIELD
    from .kwabilities import _enchant_spec
    from .reanimate import remember_moved
    hosts: dict[int, int | None] = {}
    infos: dict[int, Any] = {}
    for i, (oid, p) in enumerate(cards):
        if oid not in g.objects:
            continue
        if "Aura" in g.chars(oid).subtypes:
            spec = _enchant_spec(g, oid)
            key = step * 100 + 2 * i
            ans = ctx.answers.get(key)
            if ans is None:
                can = [o for o in g.battlefield if spec is not None and g.matches(spec.filter, o, p, oid)
                       and not g.protected_from(o, oid)]
                if not can:
                    ctx.answers[key] = ans = "none"
                else:
                    return Ask("choose", p, tuple(can), tuple(f"attach to {g.name_of(o)}" for o in can),
                               f"{ctx.source_name}: choose what {g.name_of(oid)} enchants", key=key)
            if ans == "none":
                continue  # CR 303.4f: it stays where it is
            hosts[oid] = int(ans)
        info = g.as_enters(ctx, step * 100 + 2 * i + 1, g.objects[oid].card, p)
        if isinstance(info, Ask):
            return info
        infos[oid] = info
    new: list[int | None] = []
    for oid, p in cards:
        if oid not in infos:
            continue
        host = hosts.get(oid)
        if host is not None and (host not in g.objects or g.objects[host].zone != BATTLEFIELD):
            continue
        new.append(g.move_to_zone(oid, BATTLEFIELD, controller=p, attach_to=host, info=infos[oid]))
    remember_moved(ctx, new)  # "It gains first strike until end of turn." (CR 400.7j)
    return None


@dataclass(frozen=True)
class ExileThenReturn(Effect):
    """"Exile target creature or enchantment, then return it to the battlefield under its
    owner's control." (Flicker of Fate), "Exile two target ..., then return those cards to the
    battlefield under your control." (Ghostly Flicker): the permanents `what` names are exiled,
    then the cards they became return at once (CR 400.7: new objects; a token ceases to exist
    and doesn't return, CR 111.8), under their owners' control (`owners`) or the controller's
    (CR 110.2a); an Aura as CR 303.4f says (`return_cards`)."""

    what: Who
    owners: bool

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import EXILE
        done = sub_step(step, 995)
        if done not in ctx.answers:
            refs = [r[1] for r in self.what.refs(g, ctx) if r[0] == "obj"]
            began = len(refs) > 1 and g.leave_together(True)  # at once (CR 603.10a)
            new = [g.move_to_zone(o, EXILE) for o in refs]
            if began:
                g.leave_together(False)
            ctx.answers[done] = tuple(o for o in new if o is not None and not g.objects[o].token)
        cards = [o for o in ctx.answers[done] if o in g.objects and g.objects[o].zone == EXILE]
        return return_cards(g, ctx, step, [(o, g.objects[o].owner if self.owners else ctx.controller)
                                           for o in cards])


@dataclass(frozen=True)
class PlayersExileFromGraveyard(Effect):
    """"Target opponent exiles a card from their graveyard." (Grave Birthing; CR 406.3): each
    player `who` names, in turn order (CR 101.4), chooses a card in their own graveyard (if
    there is one) and exiles it."""

    who: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import EXILE, GRAVEYARD
        order = {q: i for i, q in enumerate(g.apnap())}
        players = sorted({r[1] for r in self.who.refs(g, ctx) if r[0] == "player"}, key=lambda q: order.get(q, 99))
        for i, q in enumerate(players):
            key = step * 100 + i
            ans = ctx.answers.get(key)
            if ans is None:
                cards = list(g.players[q].graveyard)
                if not cards:
                    ctx.answers[key] = "none"
                    continue
                return Ask("choose", q, tuple(cards), tuple(f"exile {g.name_of(o)}" for o in cards),
                           f"{ctx.source_name}: exile a card from your graveyard", key=key)
            if ans != "none" and int(ans) in g.objects and g.objects[int(ans)].zone == GRAVEYARD:
                g.log_event(f"{g.players[q].name} exiles {g.name_of(int(ans))} ({ctx.source_name})")
                g.move_to_zone(int(ans), EXILE)
        return None


@dataclass(frozen=True, slots=True)
class LoseCreatureTypes(Modification):
    """"loses all creature types" (Nameless Inversion; CR 613.1d, 613.7): a type-changing
    effect, after those with earlier timestamps (and a changeling's every creature type, CR
    613.3)."""

    layer: ClassVar[Layer] = Layer.TYPE

    def apply(self, c: Chars, key: str, origin: str | None) -> None:
        from ...core.subtypes import CREATURE_TYPES
        c.subtypes = tuple(s for s in c.subtypes if s not in CREATURE_TYPES)


@dataclass(frozen=True)
class LoseCreatureTypesUntilEOT(Effect):
    """"<creature> ... loses all creature types until end of turn"."""

    what: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for kind, oid in self.what.refs(g, ctx):
            if kind == "obj":
                g.add_until_eot(oid, LoseCreatureTypes())
        return None


#: ctx.answers key: the energy the ability's "pay any amount of {E}" paid
PAID_ENERGY_KEY = -112_400


@dataclass(frozen=True)
class PayAnyEnergy(Effect):
    """"then you may pay any amount of {E}" (Harnessed Lightning; CR 107.14, 118.3): the
    controller chooses a number from 0 to the energy they have as it resolves and pays it; the
    amount is what a later "that much" names (`PaidEnergy`)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        if PAID_ENERGY_KEY in ctx.answers:
            return None
        p = ctx.controller
        have = g.players[p].energy
        ans = ctx.answers.get(step)
        if ans is None:
            if have == 0:
                ctx.answers[PAID_ENERGY_KEY] = 0
                return None
            # the amounts as text: an int option of "choose" would be read as an object id
            opts = tuple(str(n) for n in range(have + 1))
            return Ask("choose", p, opts, tuple(f"pay {n} energy" for n in opts),
                       f"{ctx.source_name}: pay any amount of {{E}}")
        n = min(int(ans), have)
        if n:
            g.pay_energy(p, n)
        ctx.answers[PAID_ENERGY_KEY] = n
        return None


@dataclass(frozen=True, slots=True)
class PaidEnergy(Count):
    """"that much" after "you may pay any amount of {E}": the energy paid."""

    def value(self, g: GameOps, ctx: Context) -> int:
        return int(ctx.answers.get(PAID_ENERGY_KEY, 0))

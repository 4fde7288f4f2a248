"""Amounts for cards the Forge puzzles need (templates/sacrificed.py, templates/pzcards7.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.filters import Filter
from ..abilities import THIS, StaticAbility
from ..subjects import Amount, Count, Who, amount_of
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True, slots=True)
class SacrificedStat(Count):
    """"the sacrificed creature's power" (`index` 0; 1 toughness, 2 mana value): the one
    permanent sacrificed to pay the spell's or ability's cost, as it last existed on the
    battlefield (CR 608.2h), 0 if negative (CR 107.1b) or if nothing was sacrificed."""

    index: int

    def value(self, g: GameOps, ctx: Context) -> int:
        stats = ctx.sacrificed_stats
        if not stats:
            return 0
        n = stats[0][self.index]
        return max(0, n) if isinstance(n, int) else 0

    def __str__(self) -> str:
        return ("the sacrificed permanent's " + ("power", "toughness", "mana value")[self.index])


@dataclass(frozen=True, slots=True)
class ColorsSpent(Count):
    """"for each color of mana spent to cast it" (sunburst, CR 702.44a; converge): the colors
    among the mana spent to cast the permanent's spell (its whole cost, CR 601.2h), as it
    enters; 0 if it wasn't cast (the cards' rulings). Colorless mana is no color (CR 105.1)."""

    #: engine/casting.py records the mana spent for a card that reads it (effects/spells.py)
    READS_SPENT = True

    def value(self, g: GameOps, ctx: Context) -> int:
        o = g.objects.get(ctx.source_id) if ctx.source_id is not None else None
        spent = (o.info or {}).get("spent") if o is not None else None
        return sum(1 for n in spent[:5] if n) if spent else 0

    def __str__(self) -> str:
        return "each color of mana spent to cast it"


@dataclass(frozen=True)
class PreventDamageBy(StaticAbility):
    """"Prevent all damage that would be dealt by enchanted creature." (Temporal Isolation; CR
    615.1, 604.1): while the source is on the battlefield, all damage a permanent `by` matches
    would deal is prevented (judged relative to the source; engine/replacement.fully_prevented)."""

    by: Filter = THIS


@dataclass(frozen=True, slots=True)
class Devotion(Count):
    """"your devotion to black" (CR 700.5): the mana symbols of `color` among the mana costs of
    the permanents you control; a hybrid or Phyrexian symbol with that color counts once
    (CR 700.5a). A face-down permanent has no mana cost (CR 708.2a); a copy has the mana cost
    of what it copies (CR 707.2)."""

    color: str

    def value(self, g: GameOps, ctx: Context) -> int:
        from ...core.mana import TYPE_INDEX
        i = TYPE_INDEX[self.color]
        n = 0
        for oid in g.battlefield:
            o = g.objects[oid]
            if o.controller != ctx.controller:
                continue
            cost = g.copiable_card(oid).mana_cost  # CR 707.2 (a copy's mana cost)
            n += cost.typed[i] + sum(1 for pair in cost.hybrid if self.color in pair)
        return n

    def __str__(self) -> str:
        return f"your devotion to {self.color}"


@dataclass(frozen=True)
class LoseThenGainLost(Effect):
    """"each opponent loses X life, where X is ... You gain life equal to the life lost this
    way." (Gray Merchant of Asphodel): X worked out once as it resolves (CR 608.2h), then the
    total life the players actually lost (CR 119.3; none below what a player can lose)."""

    amount: Amount
    who: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        lost = 0
        for ref in self.who.refs(g, ctx):
            if ref[0] != "player":
                continue
            before = g.players[ref[1]].life
            g.lose_life(ref[1], n)
            lost += max(0, before - g.players[ref[1]].life)
        g.gain_life(ctx.controller, lost)
        return None


@dataclass(frozen=True)
class DiscardUnless(Effect):
    """"Then that player discards two cards unless they discard a land card." (Compulsive
    Research, Thirst for Knowledge; CR 701.9a): the player chooses either one card of theirs
    `what` matches, discarded, or `n` cards (any, those cards too; all of them with fewer in
    hand). Without such a card, just the `n` cards."""

    n: int
    what: Filter
    who: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from .hands import _players
        from .topdeck import answer_key, distinct
        for p in _players(g, ctx, self.who):
            done = answer_key(step, p * 100 + 99)
            hand = list(g.players[p].hand)
            if not hand or ctx.answers.get(done):
                continue
            key = answer_key(step, p * 100)
            fits = distinct(g, [o for o in hand if g.matches(self.what, o, p, ctx.source_id)])
            choice = ctx.answers.get(key) if fits else -1
            if choice is None:
                labels = tuple(f"discard {g.name_of(o)}" for o in fits) + (f"discard {self.n} cards",)
                return Ask("choose", p, tuple(fits) + (-1,), labels,
                           f"{ctx.source_name}: {g.players[p].name}, discard {self.n} cards unless you discard "
                           f"a {self.what} card", key=key)
            mine: list[int] = [choice] if choice != -1 else []
            if choice == -1 and len(hand) <= self.n:
                mine = hand
            elif choice == -1:
                for i in range(self.n):
                    k = answer_key(step, p * 100 + 1 + i)
                    ans = ctx.answers.get(k)
                    left = [o for o in hand if o not in mine]
                    if ans is None or ans not in left:
                        return Ask("choose", p, tuple(left), tuple(f"discard {g.name_of(o)}" for o in left),
                                   f"{ctx.source_name}: {g.players[p].name}, discard a card"
                                   + (f" ({self.n - i} more)" if self.n - i > 1 else ""), key=k)
                    mine.append(ans)
            ctx.answers[done] = True  # a resumed resolution doesn't discard again
            for o in mine:
                g.discard(o)
        return None


@dataclass(frozen=True)
class DealsDamageEqualToPower(Effect):
    """"Target creature you control deals damage equal to its power to target creature you don't
    control." (Rabid Bite; CR 120.3): the creature is the source (its lifelink, deathtouch,
    infect apply); no damage if either target is illegal as it resolves (CR 608.2b; the cards'
    rulings) or the creature is no longer a creature. Not a fight (CR 701.14): the other deals
    none back."""

    src: Who
    to: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import BATTLEFIELD
        from ...core.objects import Context as Ctx
        rs, rt = self.src.refs(g, ctx), self.to.refs(g, ctx)
        if len(rs) != 1 or rs[0][0] != "obj" or not rt:
            return None
        a = rs[0][1]
        if g.objects[a].zone != BATTLEFIELD or "Creature" not in g.chars(a).types:
            return None
        power = max(g.chars(a).power or 0, 0)
        ca = Ctx(g.objects[a].controller, a, g.name_of(a))
        for ref in rt:
            g.deal_damage(ca, ref, power)
        return None


@dataclass(frozen=True)
class LookAtHand(Effect):
    """"look at target opponent's hand" (Wu Scout): the ability's controller may see the cards
    that player may not otherwise (CR 402.3); nothing in the game changes. The engine keeps no
    record of what each player has seen (as for a revealed hand), so this logs only that the
    player looked, without the cards (the other players may not see them)."""

    who: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.who.refs(g, ctx):
            if ref[0] == "player":
                g.log_event(f"{g.players[ctx.controller].name} looks at {g.players[ref[1]].name}'s hand "
                            f"({ctx.source_name})")
        return None


@dataclass(frozen=True)
class IfSacrificed(Effect):
    """"If a Saproling was sacrificed this way, you gain 2 life." (Thallid Omnivore): `effects`
    happen if the permanent sacrificed for the cost had the subtype as it last existed on the
    battlefield (CR 608.2h)."""

    subtype: str
    effects: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from .base import run_effects
        if not any(self.subtype in st[3] for st in ctx.sacrificed_stats):
            return None
        return run_effects(self.effects, g, ctx, step)


@dataclass(frozen=True)
class PreventDamageOfColor(Effect):
    """"Prevent all damage that sources of the color of your choice would deal this turn."
    (Prismatic Strands; CR 615.1, 608.2d): the color is chosen as it resolves; a source is of
    that color if it has it as the damage would be dealt (a multicolored one too; spells,
    permanents, sources that have left as they last existed)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.mana import COLOR_NAMES, COLORS, TYPE_INDEX
        color = ctx.answers.get(step)
        if color is None:
            return Ask("color", ctx.controller, tuple(COLORS), tuple(f"color {c}" for c in COLORS),
                       f"{ctx.source_name}: choose a color (prevent all damage its sources would deal)")
        g.prevent_all_damage("color", ("color", TYPE_INDEX[color]), False)
        g.log_event(f"all damage {COLOR_NAMES[color]} sources would deal this turn will be prevented")
        return None


@dataclass(frozen=True)
class PutCardOnTop(Effect):
    """"Put target creature card from your graveyard on top of your library." (Mortuary Mire,
    Academy Ruins): the card, still in the graveyard, goes on top of its owner's library (CR
    401.4; a card of yours: your library)."""

    what: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import GRAVEYARD, LIBRARY
        for ref in self.what.refs(g, ctx):
            if ref[0] == "obj" and ref[1] in g.objects and g.objects[ref[1]].zone == GRAVEYARD:
                g.log_event(f"{g.name_of(ref[1])} is put on top of {g.players[g.objects[ref[1]].owner].name}'s "
                            f"library ({ctx.source_name})")
                g.move_to_zone(ref[1], LIBRARY, to_top=True)
        return None


@dataclass(frozen=True)
class DestroyIfManaValue(Effect):
    """"Destroy target creature if it has mana value 2 or less. Revolt — Destroy that creature
    if it has mana value 4 or less instead if a permanent you controlled left the battlefield
    this turn." (Fatal Push): the target is any creature; its mana value is judged as the spell
    resolves (CR 608.2h), with the larger limit while `condition` holds for the controller."""

    what: Who
    most: int
    instead: int | None = None
    condition: Filter | None = None

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        limit = self.most
        if self.instead is not None and self.condition is not None \
                and self.condition.player(g, ctx.controller, ctx.controller):
            limit = self.instead
        for ref in self.what.refs(g, ctx):
            if ref[0] == "obj" and ref[1] in g.battlefield and g.chars(ref[1]).mana_value <= limit:
                g.destroy(ref[1])
        return None

"""Effects (CR 609): the instructions of spells and abilities, each a small frozen value.

An effect's `resolve(g, ctx, step)` acts on the game through the operations of `GameOps`
(cards/protocol.py) or returns an `Ask` for a choice its controller makes on resolution; it must
not change the game before asking, and it is called again with the answer in
`ctx.answers[step]` (or the Ask's own key). It keeps no state of its own, so a paused
resolution pickles. Effects are dispatched by type: the engine calls `resolve` on whatever
effect it holds; adding an effect is adding a class.

Effects that only one card needs live with that card (cards/pool/*.py).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.filters import Filter, parse_filter
from ..core.mana import COLORS, TYPES, ManaCost, parse_mana_cost, split_symbols
from ..core.modifications import AddKeywords, AddTypes, ModifyPT, SetColors
from ..core.objects import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY
from .abilities import DefinedX, Triggered, TriggerEvent
from .subjects import CONTROLLER, SELF, TARGET, Amount, Who, amount_of, player_of

if TYPE_CHECKING:
    from ..core.objects import Context
    from .protocol import GameOps


@dataclass(frozen=True, slots=True)
class Ask:
    """A choice to make now: `kind` is a decision kind (`color`, `yes_no`, `choose`, ...),
    `options` the legal answers, shown with `labels` (same length)."""

    kind: str
    player: int
    options: tuple[Any, ...]
    labels: tuple[str, ...]
    prompt: str
    #: where the answer goes in `ctx.answers` (default: the asking effect's step)
    key: int | None = None
    #: a mana cost this choice would pay (CR 117.1d): "yes" is offered only if it can be paid,
    #: and the player may activate mana abilities first. With kind "autotap" the engine taps
    #: sources for it (automatic payment) and the effect is asked again.
    pay: ManaCost | None = None


class Effect:
    """One instruction of a spell or ability (see the module docstring)."""

    #: True for effects that add mana (CR 605.1a: such an ability is a mana ability).
    adds_mana: ClassVar[bool] = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        raise NotImplementedError


#: the answer "find nothing" / "exile nothing": an Ask's option must not be None
NOTHING = "nothing"


# --------------------------------------------------------------------------------------------
# mana (CR 106)


def _counts(mana: str) -> list[int]:
    counts = [0] * 6
    for sym in split_symbols(mana):
        counts[TYPES.index(sym)] += 1
    return counts


@dataclass(frozen=True)
class AddMana(Effect):
    """Add fixed mana: `AddMana("{C}{C}{C}")` (CR 106.3). `restriction` marks it (CR 106.6);
    `recipient` adds it (Wild Growth: "its controller adds", the player who tapped the land)."""

    mana: str
    restriction: str | None = None
    recipient: Who = CONTROLLER
    adds_mana: ClassVar[bool] = True

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        return g.produce_mana(ctx, _counts(self.mana), self.restriction, step,
                              player=player_of(self.recipient, g, ctx))

    def could_produce(self, g: GameOps, ctx: Context, seen: frozenset[int]) -> set[str]:
        return set(split_symbols(self.mana))


class ManaChoice(StrEnum):
    """The types an "Add one mana of ..." effect lets its controller choose from."""

    ANY_COLOR = "any_color"
    #: "in your commander's color identity" (none outside Commander: undefined, CR 106.5)
    COMMANDER_IDENTITY = "commander_identity"
    #: "of any type that a land you control could produce" (Reflecting Pool, CR 106.7)
    LANDS_YOU_COULD_PRODUCE = "lands_you_could_produce"
    #: "of any color that a land an opponent controls could produce" (Exotic Orchard)
    OPPONENTS_LANDS_COLORS = "opponents_lands_colors"
    #: "of any type that land produced" (Mana Flare)
    PRODUCED_TYPE = "produced_type"
    #: "of the chosen color" (Utopia Sprawl)
    CHOSEN_COLOR = "chosen_color"


@dataclass(frozen=True)
class AddManaChoice(Effect):
    """Add `amount` mana of one type chosen on resolution, from `choices`: a ManaChoice, or a
    string of types such as "BG"."""

    choices: str = ManaChoice.ANY_COLOR
    amount: Amount = 1
    restriction: str | None = None
    recipient: Who = CONTROLLER
    adds_mana: ClassVar[bool] = True

    def options(self, g: GameOps, ctx: Context, seen: frozenset[int]) -> list[str]:
        ch = self.choices
        if ch == ManaChoice.ANY_COLOR:
            return list(COLORS)
        if ch == ManaChoice.COMMANDER_IDENTITY:
            return g.commander_identity(ctx.controller)
        if ch == ManaChoice.LANDS_YOU_COULD_PRODUCE:
            return g.lands_could_produce(ctx.controller, False, seen, colors_only=False)
        if ch == ManaChoice.OPPONENTS_LANDS_COLORS:
            return g.lands_could_produce(ctx.controller, True, seen, colors_only=True)
        if ch == ManaChoice.PRODUCED_TYPE:
            counts = (ctx.event.counts if ctx.event is not None else None) or [0] * 6
            return [t for t, n in zip(TYPES, counts, strict=True) if n]
        if ch == ManaChoice.CHOSEN_COLOR:
            c = g.chosen_color(ctx)
            return [c] if c else []
        return [c for c in TYPES if c in ch]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        amount = amount_of(self.amount, g, ctx)
        seen = frozenset() if ctx.source_id is None else frozenset({ctx.source_id})
        opts = self.options(g, ctx, seen)
        if not opts or amount <= 0:
            return None  # CR 106.5: an undefined type of mana produces no mana
        who = player_of(self.recipient, g, ctx)
        choice = ctx.answers.get(step)
        if choice is None:
            if len(opts) == 1:
                choice = opts[0]
            else:
                what = "color" if all(o in COLORS for o in opts) else "type"
                return Ask("color", who, tuple(opts), tuple(f"color {c}" for c in opts),
                           f"{ctx.source_name}: choose a {what} of mana to add ({amount})")
        counts = [0] * 6
        counts[TYPES.index(choice)] = amount
        return g.produce_mana(ctx, counts, self.restriction, step, player=who)

    def could_produce(self, g: GameOps, ctx: Context, seen: frozenset[int]) -> set[str]:
        if amount_of(self.amount, g, ctx) <= 0:
            return set()
        return set(self.options(g, ctx, seen))


@dataclass(frozen=True)
class DoubleMana(Effect):
    """Doubling Cube: "Double the amount of each type of unspent mana you have." The added mana
    has no restriction, even where the mana counted had one (Gatherer ruling 2004-12-01)."""

    adds_mana: ClassVar[bool] = True

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        g.produce_mana(ctx, g.players[ctx.controller].pool.total_counts())
        return None

    def could_produce(self, g: GameOps, ctx: Context, seen: frozenset[int]) -> set[str]:
        counts = g.players[ctx.controller].pool.total_counts()
        return {t for t, n in zip(TYPES, counts, strict=True) if n}


# --------------------------------------------------------------------------------------------
# damage, life, cards (CR 119-121)


@dataclass(frozen=True)
class DealDamage(Effect):
    """The source deals `amount` damage to `to` (CR 120)."""

    amount: Amount
    to: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        for ref in self.to.refs(g, ctx):
            g.deal_damage(ctx, ref, n)
        return None


@dataclass(frozen=True)
class DealDividedDamage(Effect):
    """"deals N damage divided as you choose among one or two targets": the division was made
    as the spell or ability was put on the stack (CR 601.2d) and is kept by copies (CR 707.10)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        division = ctx.division
        legal = ctx.target_legal
        for i, ref in enumerate(ctx.targets):
            if legal is not None and i < len(legal) and not legal[i]:
                continue
            if ref[0] == "obj" and ref[1] not in g.objects:
                continue
            g.deal_damage(ctx, ref, division[i] if i < len(division) else 0)
        return None


@dataclass(frozen=True)
class Draw(Effect):
    amount: Amount = 1
    who: Who = CONTROLLER

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        for ref in self.who.refs(g, ctx):
            g.draw(ref[1], n)
        return None


@dataclass(frozen=True)
class GainLife(Effect):
    amount: Amount
    who: Who = CONTROLLER

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        for ref in self.who.refs(g, ctx):
            g.gain_life(ref[1], n)
        return None


@dataclass(frozen=True)
class LoseLife(Effect):
    amount: Amount
    who: Who = CONTROLLER

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        for ref in self.who.refs(g, ctx):
            g.lose_life(ref[1], n)
        return None


@dataclass(frozen=True)
class Discard(Effect):
    """"<you> discard(s) a card": the discarding player chooses on resolution."""

    amount: Amount = 1

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        hand = g.players[ctx.controller].hand
        n = amount_of(self.amount, g, ctx)
        chosen = [o for i in range(n) if (o := ctx.answers.get(step * 100 + i)) is not None]
        left = [o for o in hand if o not in chosen]
        if len(chosen) < n and left:
            return Ask("choose", ctx.controller, tuple(left), tuple(f"discard {g.name_of(o)}" for o in left),
                       f"{ctx.source_name}: discard a card", key=step * 100 + len(chosen))
        for o in chosen:
            if o in g.objects and g.objects[o].zone == HAND:
                g.log_event(f"{g.players[ctx.controller].name} discards {g.name_of(o)}")
                g.move_to_zone(o, GRAVEYARD)
        return None


# --------------------------------------------------------------------------------------------
# permanents: destroy, exile, bounce, tap, counters, control (CR 701)


@dataclass(frozen=True)
class Destroy(Effect):
    """CR 701.8."""

    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.destroy(ref[1])
        return None


@dataclass(frozen=True)
class ReturnToHand(Effect):
    """Return a permanent to its owner's hand."""

    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.move_to_zone(ref[1], HAND)
        return None


@dataclass(frozen=True)
class ExileIt(Effect):
    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.move_to_zone(ref[1], EXILE)
        return None


@dataclass(frozen=True)
class SacrificeIt(Effect):
    what: Who = SELF

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.sacrifice(ref[1])
        return None


@dataclass(frozen=True)
class Flicker(Effect):
    """Cloudshift: exile the target, then return that card to the battlefield under your
    control; it is a new object (CR 400.7)."""

    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            new = g.move_to_zone(ref[1], EXILE)
            if new is not None:
                g.move_to_zone(new, BATTLEFIELD, controller=ctx.controller)
        return None


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
    resolution (Gatherer ruling 2004-10-04), even if the source is gone."""

    what: str = "creature"

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        flt = parse_filter(self.what)
        cands = [o for o in g.battlefield if g.objects[o].controller == ctx.controller
                 and g.matches(flt, o, ctx.controller)]
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


# --------------------------------------------------------------------------------------------
# continuous effects until end of turn (CR 611, 613)


@dataclass(frozen=True)
class Pump(Effect):
    """`what` gets +power/+toughness until end of turn (a layer 7c effect, CR 613.4c)."""

    power: Amount
    toughness: Amount
    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        p, t = amount_of(self.power, g, ctx), amount_of(self.toughness, g, ctx)
        for ref in self.what.refs(g, ctx):
            g.add_until_eot(ref[1], ModifyPT(p, t))
        return None


@dataclass(frozen=True)
class PumpChoice(Effect):
    """"<what> gets +1/-1 or -1/+1 until end of turn": the controller picks one of `options`
    as the ability resolves (CR 608.2d)."""

    options: tuple[tuple[int, int], ...] = ((1, -1), (-1, 1))
    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        refs = self.what.refs(g, ctx)
        if not refs:
            return None
        choice = ctx.answers.get(step)
        if choice is None:
            labels = tuple(f"choose {p:+d}/{t:+d}" for p, t in self.options)
            return Ask("choose", ctx.controller, tuple(range(len(self.options))), labels,
                       f"{ctx.source_name}: choose what the creature gets until end of turn")
        p, t = self.options[choice]
        for ref in refs:
            g.add_until_eot(ref[1], ModifyPT(p, t))
        return None


@dataclass(frozen=True)
class GainKeyword(Effect):
    """`what` gains keyword abilities until end of turn (layer 6, CR 613.1f)."""

    names: tuple[str, ...]
    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.add_until_eot(ref[1], AddKeywords(self.names))
        return None


@dataclass(frozen=True)
class SetColorUntilEOT(Effect):
    """"<target> becomes <color> until end of turn" (a layer 5 effect, CR 613.1e)."""

    colors: str
    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.add_until_eot(ref[1], SetColors(tuple(self.colors)))
        return None


@dataclass(frozen=True)
class BecomeArtifactCreature(Effect):
    """Crew: "This Vehicle becomes an artifact creature until end of turn." (CR 702.122a); on a
    creature that isn't a Vehicle (Mairsil) its power and toughness don't change."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in SELF.refs(g, ctx):
            g.add_until_eot(ref[1], AddTypes(("Artifact", "Creature")))
        return None


# --------------------------------------------------------------------------------------------
# tokens and the stack (CR 111, 701.6, 707.10)


@dataclass(frozen=True)
class CreateToken(Effect):
    """Create `amount` tokens of the token card `token` (a card name in the pool)."""

    token: str
    amount: Amount = 1

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for _ in range(amount_of(self.amount, g, ctx)):
            g.create_token(ctx.controller, self.token)
        return None


@dataclass(frozen=True)
class CounterSpell(Effect):
    """CR 701.6: the countered spell goes to its owner's graveyard."""

    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.counter(ref[1])
        return None


@dataclass(frozen=True)
class CopyStackItem(Effect):
    """Copy a spell or ability on the stack (CR 707.10): "copy that ability" (`which` "event":
    the ability that triggered this, as it was when activated) or "copy target ..." (`which`
    "target"). The copy is created on the stack, controlled by this effect's controller, keeps
    every choice made for the original (modes, X, targets, division, what was paid) and pays no
    cost; then its controller may choose new targets (CR 707.10c), one target at a time, each
    new target legal, the number unchanged."""

    which: str = "event"
    new_targets: bool = True

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        return g.copy_onto_stack(ctx, step, self.which, self.new_targets)


# --------------------------------------------------------------------------------------------
# costs paid on resolution and intervening ifs (CR 117.1d, 603.4)


@dataclass(frozen=True)
class MayPay(Effect):
    """"you may pay {4}. If you do, <then>" (CR 603.5 with a cost paid on resolution)."""

    cost: str
    then: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = step * 100
        answer = ctx.answers.get(key)
        mana = parse_mana_cost(self.cost)
        if answer is None:
            # CR 117.1d / 605.3a: mana abilities may be activated before paying; the engine
            # offers them beside the question.
            return Ask("yes_no", ctx.controller, (True, False), ("yes", "no"),
                       f"{ctx.source_name}: pay {self.cost}?", key=key, pay=mana)
        if not answer:
            return None
        if ctx.answers.get(key + 99) is None:
            if not g.can_pay_mana_now(ctx.controller, mana):
                return Ask("autotap", ctx.controller, (), (), "", pay=mana)
            # which mana pays the generic part, one {1} at a time, where that leaves a different pool
            chosen = [ctx.answers[key + 50 + k] for k in range(mana.generic) if key + 50 + k in ctx.answers]
            types = g.generic_payment_choice(ctx.controller, mana, chosen)
            if types is not None:
                return Ask("choose", ctx.controller, tuple(types), tuple(f"pay {{1}} with {{{t}}}" for t in types),
                           f"{ctx.source_name}: choose mana to pay {{1}} of {self.cost}", key=key + 50 + len(chosen))
            g.pay_mana_now(ctx.controller, mana, chosen)
            ctx.answers[key + 99] = "paid"
        for i, e in enumerate(self.then):
            ask = e.resolve(g, ctx, key + 1 + i)
            if ask is not None:
                return ask if ask.key is not None else dataclasses.replace(ask, key=key + 1 + i)
        return None


@dataclass(frozen=True)
class IfSource(Effect):
    """An intervening "if" checked again on resolution (CR 603.4): Mana Vault's "if Mana Vault
    is tapped": `then` happens only if the source is on the battlefield and matches."""

    condition: Filter
    then: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        src = ctx.source_id
        obj = g.objects.get(src) if src is not None else None
        if obj is not None and obj.zone == BATTLEFIELD and g.matches(self.condition, src, ctx.controller, src):  # type: ignore[arg-type]
            for i, e in enumerate(self.then):
                e.resolve(g, ctx, step * 100 + i)
        return None


# --------------------------------------------------------------------------------------------
# libraries (CR 401, 701.19, 701.20)


@dataclass(frozen=True)
class SearchLibrary(Effect):
    """"Search your library for a basic land card, put it <to>" (CR 701.19). The player may fail
    to find a card with a stated quality (CR 701.19b), so "find nothing" is always offered.
    `after` is the step of an earlier search that must have found a card for this one to happen
    (Cultivate's second card); the library is shuffled by a separate `Shuffle` effect."""

    to: str = BATTLEFIELD     # "battlefield" or "hand"
    tapped: bool = False
    after: int | None = None
    what: Filter = dataclasses.field(default_factory=lambda: parse_filter("basic land"))

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        if self.after is not None and ctx.answers.get(self.after, NOTHING) == NOTHING:
            return None
        player = g.players[ctx.controller]
        choice = ctx.answers.get(step)
        if choice is None:
            # identical cards are one choice (the library is hidden and unordered to its owner)
            by_name: dict[str, int] = {}
            for o in player.library:
                if self.what.obj(g, g.objects[o], g.chars(o), ctx.controller, ctx.source_id):
                    by_name.setdefault(g.objects[o].card.name, o)
            found = list(by_name.values())
            dest = "onto the battlefield" + (" tapped" if self.tapped else "") \
                if self.to == BATTLEFIELD else "into your hand"
            return Ask("choose", ctx.controller, (*found, NOTHING),
                       (*(f"find {g.objects[o].card.name}" for o in found), "find nothing"),
                       f"{ctx.source_name}: search your library for a basic land card to put {dest}")
        if choice == NOTHING or choice not in player.library:
            g.log_event(f"{player.name} finds nothing ({ctx.source_name})")
            return None
        g.log_event(f"{player.name} finds {g.objects[choice].card.name} ({ctx.source_name})")
        # it enters tapped: it doesn't "become tapped"
        g.move_to_zone(choice, self.to, tapped=self.tapped)
        return None


@dataclass(frozen=True)
class Shuffle(Effect):
    """Shuffle the controller's library (CR 701.20), with the game's seeded generator."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        g.shuffle_library(ctx.controller)
        g.log_event(f"{g.players[ctx.controller].name} shuffles their library")
        return None


@dataclass(frozen=True)
class MayShuffle(Effect):
    """"You may shuffle." (Ponder)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        answer = ctx.answers.get(step)
        if answer is None:
            return Ask("yes_no", ctx.controller, (True, False), ("yes", "no"),
                       f"{ctx.source_name}: shuffle your library?")
        if answer:
            Shuffle().resolve(g, ctx, step)
        return None


@dataclass(frozen=True)
class PutFromHandOnTop(Effect):
    """"Put a card from your hand on top of your library": one card per effect, so that
    Brainstorm's "put two cards ... in any order" is two of these (the later one ends on top)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        hand = g.players[ctx.controller].hand
        if not hand:
            return None
        choice = ctx.answers.get(step)
        if choice is None:
            return Ask("choose", ctx.controller, tuple(hand),
                       tuple(f"put {g.objects[o].card.name} on top of your library" for o in hand),
                       f"{ctx.source_name}: choose a card from your hand to put on top of your library")
        if choice in hand:
            g.log_event(f"{g.players[ctx.controller].name} puts {g.objects[choice].card.name} "
                        f"on top of their library ({ctx.source_name})")
            g.move_to_zone(choice, LIBRARY, to_top=True)
        return None


@dataclass(frozen=True)
class OrderTopOfLibrary(Effect):
    """One step of "look at the top `count` cards of your library, then put them back in any
    order": choose the card that goes at `position` (0 is the top) among those not yet placed.
    Ponder is this with positions 0 and 1 (the last card's place is then forced)."""

    position: int
    count: int = 3

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        library = g.players[ctx.controller].library
        rest = library[self.position:min(self.count, len(library))]
        if len(rest) < 2:
            return None
        choice = ctx.answers.get(step)
        ordinal = ("first (on top)", "second", "third", "fourth", "fifth")[min(self.position, 4)]
        if choice is None:
            return Ask("choose", ctx.controller, tuple(rest),
                       tuple(f"put {g.objects[o].card.name} {ordinal}" for o in rest),
                       f"{ctx.source_name}: choose the card to put {ordinal} on your library")
        if choice in rest:
            library.remove(choice)
            library.insert(self.position, choice)
            g.log_event(f"{g.players[ctx.controller].name} puts {g.objects[choice].card.name} "
                        f"{ordinal} on their library ({ctx.source_name})")
        return None


# --------------------------------------------------------------------------------------------
# linked abilities (CR 607): "exiled with", "the exiled card". A card exiled by an ability is
# marked with the object that exiled it and the ability's link group, so a new object after a
# zone change is a different one (CR 607.2a), and Mairsil's instances link only to each other.


@dataclass(frozen=True)
class ExileLinked(Effect):
    """Exile `what` (a permanent, or a card in a graveyard or hand) as "exiled with" this
    ability's source, for the ability linked to this one (CR 607.2a)."""

    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.exile_linked(ref[1], ctx)
        return None


def choose_card(g: GameOps, ctx: Context, step: int, cands: list[int], verb: str, none_label: str | None,
                prompt: str) -> int | None | Ask:
    """Ask the controller to choose one of `cands` (or none, where `none_label` offers it);
    returns the object, None, or an Ask."""
    choice = ctx.answers.get(step)
    if choice is None:
        if not cands:
            return None
        where = {o: g.objects[o].zone for o in cands}
        labels = tuple(f"{verb} {g.name_of(o)} ({where[o]})" for o in cands)
        if none_label is None:
            return Ask("choose", ctx.controller, tuple(cands), labels, prompt)
        return Ask("choose", ctx.controller, (*cands, "none"), (*labels, none_label), prompt)
    if choice == "none" or choice not in g.objects:
        return None
    return int(choice)


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
        for oid in g.linked_cards(ctx):
            if self.to == BATTLEFIELD:
                owner = g.objects[oid].owner
                g.move_to_zone(oid, BATTLEFIELD, controller=owner)
            else:
                g.move_to_zone(oid, self.to)
        return None


@dataclass(frozen=True)
class TokenCopiesOfLinked(Effect):
    """"Create a token that's a copy of the exiled card": one for each card exiled with the
    linked ability (seed 002); none when the ability is linked to nothing (Mairsil with
    Prototype Portal)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for oid in g.linked_cards(ctx):
            g.create_token_copy(ctx.controller, g.objects[oid].card.name)
        return None


@dataclass(frozen=True)
class CastLinkedFree(Effect):
    """Izzet Chemister: "Cast any number of cards exiled with Izzet Chemister without paying
    their mana costs." Cast one at a time while this resolves (CR 608.2g); done ends it."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        done = ctx.answers.get(step)
        if done == "done":
            return None
        cands = [o for o in g.linked_cards(ctx) if "Land" not in g.objects[o].card.types]
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
        return sum(g.objects[o].card.mana_cost.mana_value for o in linked)


# --------------------------------------------------------------------------------------------
# keyword abilities that are triggered abilities (CR 702)


@dataclass(frozen=True)
class ReturnWithCounter(Effect):
    """Undying (CR 702.93a): return the card to the battlefield under its owner's control with a
    +1/+1 counter on it."""

    kind: str = "+1/+1"

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        new_id = ctx.event.new_id if ctx.event is not None else None
        if new_id is None or new_id not in g.objects or g.objects[new_id].zone != GRAVEYARD:
            return None
        owner = g.objects[new_id].owner
        back = g.move_to_zone(new_id, BATTLEFIELD, controller=owner)
        if back is not None:
            g.add_counters(back, self.kind, 1)
        return None


#: Undying (CR 702.93a), the triggered ability a creature with the keyword has.
UNDYING = Triggered(
    text="Undying (When this creature dies, if it had no +1/+1 counters on it, return it to the battlefield "
         "under its owner's control with a +1/+1 counter on it.)",
    event=TriggerEvent.DIES, effects=(ReturnWithCounter("+1/+1"),))

#: Phantasmal Image's copy exception: "When this creature becomes the target of a spell or
#: ability, sacrifice it."
SACRIFICE_WHEN_TARGETED = Triggered(
    text="When this creature becomes the target of a spell or ability, sacrifice it.",
    event=TriggerEvent.BECOMES_TARGET, effects=(SacrificeIt(),))

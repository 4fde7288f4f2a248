"""The card vocabulary: card definitions, abilities, costs, targets, effects, triggers, statics.

Cards are data (style.md): a name, a mana cost, a type line, the Oracle text verbatim, and one
ability per Oracle line built from the small pieces below. An activated ability's cost is read
from its own Oracle text ("{1}, {T}, Sacrifice Mind Stone: Draw a card." -> mana {1}, tap,
sacrifice this), so text and behaviour cannot drift apart. An effect is a small frozen object
whose `resolve(game, ctx, step)` acts on the game or returns an `Ask` for a choice its
controller makes on resolution; it never keeps state of its own (answers live in the Context).

This module must not import the game: effects receive it as an argument.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.errors import MtgError
from ..core.mana import COLORS, TYPES, ManaCost, parse_mana_cost, split_symbols

if TYPE_CHECKING:
    from ..core.objects import Context
    from ..engine.game import Game

# --------------------------------------------------------------------------------------------
# Amounts: an int, "X" (the ability's or spell's X), or a few named quantities.
Amount = int | str

# --------------------------------------------------------------------------------------------
# Choices an effect asks for while resolving.


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


# --------------------------------------------------------------------------------------------
# Targets (CR 115)


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """What a target may be. `what` is one of the filters `Game.is_legal_target` knows:
    any, creature, artifact, enchantment, land, permanent, nonland_permanent, player, opponent,
    spell, creature_spell, creature_you_control, artifact_or_enchantment, activated_or_triggered_ability."""

    what: str
    count: int = 1
    up_to: bool = False
    label: str = ""
    #: the fewest targets ("among one, two, or three targets": count 3, minimum 1)
    minimum: int | None = None

    @property
    def least(self) -> int:
        return 0 if self.up_to else (self.count if self.minimum is None else self.minimum)


# --------------------------------------------------------------------------------------------
# Costs (CR 118, 602.2), read from the text before the colon.


@dataclass(frozen=True, slots=True)
class Cost:
    mana: ManaCost = ManaCost()
    tap: bool = False
    untap: bool = False
    sacrifice_self: bool = False
    sacrifice: tuple[tuple[str, int], ...] = ()   # (filter, count): "Sacrifice an artifact"
    remove_counters: tuple[str, int] | None = None  # from this permanent
    put_counters: tuple[str, int] | None = None     # on this permanent (Devoted Druid)
    pay_life: int = 0
    discard: int = 0
    exile_self: bool = False
    #: "Tap an untapped <filter> you control" (Springleaf Drum, Grand Architect): not {T}, so
    #: neither summoning sickness (CR 302.6) nor "tapped for mana" apply to it.
    tap_other: tuple[str, int] | None = None
    #: Crew N (CR 702.122a): tap untapped creatures you control with total power N or more
    crew: int | None = None

    @property
    def has_x(self) -> bool:
        return self.mana.x_count > 0

    @property
    def is_free(self) -> bool:
        return self == Cost()


_COUNTER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_SELF_WORDS = ("this artifact", "this creature", "this land", "this enchantment", "this permanent")


def parse_cost(text: str, card_name: str) -> Cost:
    """Read an activation cost such as `{1}, {T}, Sacrifice Mind Stone` (CR 602.1a)."""
    mana_syms: list[str] = []
    kw: dict[str, Any] = {}
    sac: list[tuple[str, int]] = []
    for raw in [p.strip() for p in text.split(",")]:
        part = raw.lower()
        if raw.startswith("{"):
            for sym in split_symbols(raw, "cost"):
                if sym == "T":
                    kw["tap"] = True
                elif sym == "Q":
                    kw["untap"] = True
                else:
                    mana_syms.append("{" + sym + "}")
            continue
        m = re.fullmatch(r"sacrifice (.+)", part)
        if m:
            what = m.group(1)
            if what == card_name.lower() or what in _SELF_WORDS:
                kw["sacrifice_self"] = True
                continue
            m2 = re.fullmatch(r"(an?|two|three) (.+?)s?", what)
            if m2:
                sac.append((m2.group(2).replace(" ", "_"), _COUNTER_WORDS[m2.group(1)]))
                continue
            raise CardDefinitionError(card_name, f"cannot read sacrifice cost {raw!r}")
        m = re.fullmatch(r"tap (an|two|three) untapped (.+?)s? you control", part)
        if m:
            kw["tap_other"] = (m.group(2).replace(" ", "_") + "_you_control", _COUNTER_WORDS[m.group(1)])
            continue
        m = re.fullmatch(r"remove (\w+) (\S+) counters? from (.+)", part)
        if m:
            kw["remove_counters"] = (m.group(2), _amount_word(m.group(1), card_name, raw))
            continue
        m = re.fullmatch(r"put (\w+) (\S+) counters? on (.+)", part)
        if m:
            kw["put_counters"] = (m.group(2), _amount_word(m.group(1), card_name, raw))
            continue
        m = re.fullmatch(r"pay (\d+) life", part)
        if m:
            kw["pay_life"] = int(m.group(1))
            continue
        m = re.fullmatch(r"discard (a|two) cards?", part)
        if m:
            kw["discard"] = _COUNTER_WORDS[m.group(1)]
            continue
        if part in (f"exile {card_name.lower()}",) + tuple(f"exile {w}" for w in _SELF_WORDS):
            kw["exile_self"] = True
            continue
        raise CardDefinitionError(card_name, f"cannot read cost part {raw!r}")
    return Cost(mana=parse_mana_cost("".join(mana_syms)), sacrifice=tuple(sac), **kw)


def _amount_word(word: str, card_name: str, raw: str) -> Any:
    if word in _COUNTER_WORDS:
        return _COUNTER_WORDS[word]
    if word == "x":
        return "X"
    if word.isdigit():
        return int(word)
    raise CardDefinitionError(card_name, f"cannot read the number in {raw!r}")


class CardDefinitionError(MtgError, ValueError):
    def __init__(self, card: str, message: str):
        super().__init__(f"card {card!r}: {message}")


# --------------------------------------------------------------------------------------------
# Effects (CR 609). Each resolves against the game with the resolving Context.


class Effect:
    """One instruction of a spell or ability. `resolve` acts, or returns an Ask when it needs a
    choice first; it must not change the game before asking (it will be called again with the
    answer in `ctx.answers[step]`)."""

    #: True for effects that add mana (CR 605.1a: such an ability is a mana ability).
    adds_mana: ClassVar[bool] = False

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        raise NotImplementedError


# Who or what an effect acts on.
SELF = "self"              # the ability's source
TARGET = "target"          # ctx.targets[0]; TARGET+"1" for the second, etc.
CONTROLLER = "you"         # the ability's controller
EACH_OPPONENT = "each_opponent"
EACH_PLAYER = "each_player"
ATTACHED = "attached"      # what the source is attached to


def target_index(who: str) -> int:
    return int(who[len(TARGET):] or 0)


@dataclass(frozen=True)
class AddMana(Effect):
    """Add fixed mana: `AddMana("{C}{C}{C}")` (CR 106.3). `restriction` marks it (CR 106.6)."""

    mana: str
    restriction: str | None = None
    #: who adds it: "you" (the ability's controller) or "event_player" (Wild Growth: "its
    #: controller adds", the player who tapped the land)
    recipient: str = "you"
    adds_mana: ClassVar[bool] = True

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        counts = [0] * 6
        for sym in split_symbols(self.mana):
            counts[TYPES.index(sym)] += 1
        return g.produce_mana(ctx, counts, self.restriction, step, player=_recipient(self.recipient, ctx))

    def could_produce(self, g: Game, ctx: Context, seen: frozenset[int]) -> set[str]:
        return set(split_symbols(self.mana))


@dataclass(frozen=True)
class AddManaChoice(Effect):
    """Add `amount` mana of one type chosen from `choices` on resolution.

    `choices`:
    - "any_color"; "commander_identity" (none outside Commander: undefined, CR 106.5);
    - "lands_you_could_produce": any type a land you control could produce (Reflecting Pool);
    - "opponents_lands_colors": any color a land an opponent controls could produce (Exotic
      Orchard, Fellwar Stone), CR 106.7;
    - "produced_type": a type the land that triggered this produced (Mana Flare);
    - "chosen_color": the color chosen as the source entered (Utopia Sprawl);
    - or a string of types such as "WU"."""

    choices: str = "any_color"
    amount: Amount = 1
    restriction: str | None = None
    recipient: str = "you"
    adds_mana: ClassVar[bool] = True

    def options(self, g: Game, ctx: Context, seen: frozenset[int]) -> list[str]:
        ch = self.choices
        if ch == "any_color":
            return list(COLORS)
        if ch == "commander_identity":
            return g.commander_identity(ctx.controller)
        if ch == "lands_you_could_produce":
            return g.lands_could_produce(ctx.controller, False, seen, colors_only=False)
        if ch == "opponents_lands_colors":
            return g.lands_could_produce(ctx.controller, True, seen, colors_only=True)
        if ch == "produced_type":
            counts = ctx.event.get("counts") or [0] * 6
            return [t for t, n in zip(TYPES, counts, strict=True) if n]
        if ch == "chosen_color":
            c = g.chosen_color(ctx)
            return [c] if c else []
        return [c for c in TYPES if c in ch]

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        amount = g.eval_amount(self.amount, ctx)
        seen = frozenset() if ctx.source_id is None else frozenset({ctx.source_id})
        opts = self.options(g, ctx, seen)
        if not opts or amount <= 0:
            return None  # CR 106.5: an undefined type of mana produces no mana
        who = _recipient(self.recipient, ctx)
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

    def could_produce(self, g: Game, ctx: Context, seen: frozenset[int]) -> set[str]:
        if g.eval_amount(self.amount, ctx) <= 0:
            return set()
        return set(self.options(g, ctx, seen))


def _recipient(who: str, ctx: Context) -> int:
    if who == "event_player":
        return int(ctx.event.get("player", ctx.controller))
    return ctx.controller


@dataclass(frozen=True)
class DealDamage(Effect):
    """The source deals `amount` damage to `to` (CR 120)."""

    amount: Amount
    to: str = TARGET

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        n = g.eval_amount(self.amount, ctx)
        for ref in g.refs_for(self.to, ctx):
            g.deal_damage(ctx, ref, n)
        return None


@dataclass(frozen=True)
class Draw(Effect):
    amount: Amount = 1
    who: str = CONTROLLER

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        n = g.eval_amount(self.amount, ctx)
        for ref in g.refs_for(self.who, ctx):
            g.draw(ref[1], n)
        return None


@dataclass(frozen=True)
class GainLife(Effect):
    amount: Amount
    who: str = CONTROLLER

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        n = g.eval_amount(self.amount, ctx)
        for ref in g.refs_for(self.who, ctx):
            g.gain_life(ref[1], n)
        return None


@dataclass(frozen=True)
class LoseLife(Effect):
    amount: Amount
    who: str = CONTROLLER

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        n = g.eval_amount(self.amount, ctx)
        for ref in g.refs_for(self.who, ctx):
            g.lose_life(ref[1], n)
        return None


@dataclass(frozen=True)
class Destroy(Effect):
    """CR 701.8."""

    what: str = TARGET

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for ref in g.refs_for(self.what, ctx):
            g.destroy(ref[1])
        return None


@dataclass(frozen=True)
class ReturnToHand(Effect):
    """Return a permanent to its owner's hand."""

    what: str = TARGET

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for ref in g.refs_for(self.what, ctx):
            g.move_to_zone(ref[1], "hand")
        return None


@dataclass(frozen=True)
class ExileIt(Effect):
    what: str = TARGET

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for ref in g.refs_for(self.what, ctx):
            g.move_to_zone(ref[1], "exile")
        return None


@dataclass(frozen=True)
class CounterSpell(Effect):
    """CR 701.6: the countered spell goes to its owner's graveyard."""

    what: str = TARGET

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for ref in g.refs_for(self.what, ctx):
            g.counter(ref[1])
        return None


@dataclass(frozen=True)
class Pump(Effect):
    """`what` gets +power/+toughness until end of turn (a layer 7c effect, CR 613.4c)."""

    power: Amount
    toughness: Amount
    what: str = TARGET

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        p, t = g.eval_amount(self.power, ctx), g.eval_amount(self.toughness, ctx)
        for ref in g.refs_for(self.what, ctx):
            g.add_until_eot(ref[1], "pt", (p, t))
        return None


@dataclass(frozen=True)
class Tap(Effect):
    what: str = TARGET

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for ref in g.refs_for(self.what, ctx):
            g.tap(ref[1])
        return None


@dataclass(frozen=True)
class Untap(Effect):
    what: str = SELF

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for ref in g.refs_for(self.what, ctx):
            g.untap(ref[1])
        return None


@dataclass(frozen=True)
class PutCounters(Effect):
    kind: str
    amount: Amount = 1
    what: str = SELF

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        n = g.eval_amount(self.amount, ctx)
        for ref in g.refs_for(self.what, ctx):
            g.add_counters(ref[1], self.kind, n)
        return None


@dataclass(frozen=True)
class CreateToken(Effect):
    """Create `amount` tokens of the token card `token` (a card name in the pool)."""

    token: str
    amount: Amount = 1

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for _ in range(g.eval_amount(self.amount, ctx)):
            g.create_token(ctx.controller, self.token)
        return None


@dataclass(frozen=True)
class Attach(Effect):
    """Attach the source to the target (equip, CR 702.6; an Aura resolving, CR 303.4f)."""

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        if ctx.targets and ctx.source_id is not None:
            g.attach(ctx.source_id, ctx.targets[0][1])
        return None


@dataclass(frozen=True)
class MayPay(Effect):
    """"you may pay {4}. If you do, <then>" (CR 603.5 with a cost paid on resolution)."""

    cost: str
    then: tuple[Effect, ...]

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
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
class IfSelfTapped(Effect):
    """Mana Vault's "if Mana Vault is tapped" (an intervening if, CR 603.4), checked again here."""

    then: tuple[Effect, ...]

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        obj = g.objects.get(ctx.source_id) if ctx.source_id is not None else None
        if obj is not None and obj.zone == "battlefield" and obj.tapped:
            for i, e in enumerate(self.then):
                e.resolve(g, ctx, step * 100 + i)
        return None


@dataclass(frozen=True)
class Custom(Effect):
    """Escape hatch: a named function in `mtg_env.cards.custom` for an effect that truly needs
    code. Refers to the function by name so that states stay picklable."""

    fn: str
    args: tuple[Any, ...] = ()

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        from . import custom
        result: Ask | None = getattr(custom, self.fn)(g, ctx, step, *self.args)
        return result


# --------------------------------------------------------------------------------------------
# Abilities (CR 113)


@dataclass(frozen=True)
class Mode:
    """One mode of a modal spell or ability ("Choose one —", CR 700.2): its text after the
    bullet, its effects and its targets."""

    text: str
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()


@dataclass(frozen=True)
class Ability:
    text: str = field(default="", kw_only=True)

    @property
    def kind(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class Activated(Ability):
    """"[Cost]: [Effect]." (CR 602). The cost comes from the text; `mana` abilities (CR 605.1a)
    are detected from their effects. `x_fixed` names an X defined by the text (CR 107.3c)."""

    #: damage or counters divided among the targets as they are chosen (CR 601.2d)
    divide: int | None = None
    modes: tuple[Mode, ...] = ()
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    sorcery_speed: bool = False
    once_each_turn: bool = False
    cost: Cost = Cost()
    keyword: str | None = None  # "equip", "crew" for keyword abilities
    #: X defined by the text (CR 107.3c) instead of chosen: "linked_mana_value" is the total mana
    #: value of the cards exiled with the linked ability (Prototype Portal; seed 002: the sum)
    x_rule: str | None = None

    @property
    def kind(self) -> str:
        return "activated"

    @property
    def is_mana_ability(self) -> bool:
        """CR 605.1a: no target, could add mana, not a loyalty ability."""
        return not self.targets and any(e.adds_mana for e in self.effects)


@dataclass(frozen=True)
class Triggered(Ability):
    """"When/Whenever/At ..." (CR 603). `event` is the trigger event name (see Game.fire);
    `optional` is a "you may" on the whole effect; `condition` an intervening "if" (CR 603.4)."""

    event: str = ""
    #: damage or counters divided among the targets as they are chosen (CR 601.2d)
    divide: int | None = None
    modes: tuple[Mode, ...] = ()
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    optional: bool = False
    condition: str | None = None
    filter: str | None = None

    @property
    def kind(self) -> str:
        return "triggered"

    @property
    def is_mana_ability(self) -> bool:
        """CR 605.1b: triggers from a mana ability, no target, could add mana."""
        return self.event in ("tapped_for_mana",) and not self.targets and any(
            e.adds_mana for e in self.effects)


@dataclass(frozen=True)
class Static(Ability):
    """A static ability (CR 604): `effect` is a name understood by the layer system
    (`Game.compute_characteristics`), with `args`."""

    effect: str = ""
    args: tuple[Any, ...] = ()

    @property
    def kind(self) -> str:
        return "static"


@dataclass(frozen=True)
class Keyword(Ability):
    """Keyword abilities without a colon (flying, haste, enchant creature ...)."""

    names: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return "keyword"


@dataclass(frozen=True)
class SpellAbility(Ability):
    """What an instant or sorcery does (CR 113.3a); also an Aura's target."""

    #: damage or counters divided among the targets as they are chosen (CR 601.2d)
    divide: int | None = None
    modes: tuple[Mode, ...] = ()
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()

    @property
    def kind(self) -> str:
        return "spell"


@dataclass(frozen=True)
class EntersWith(Ability):
    """"<This> enters with N <kind> counters on it." (a replacement effect, CR 614.1c);
    `amount` "X" uses the X of the spell it was (CR 107.3m)."""

    counter: str = "+1/+1"
    amount: Amount = 1

    @property
    def kind(self) -> str:
        return "replacement"


# --------------------------------------------------------------------------------------------
# Card definitions


PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})
SUPERTYPES = frozenset({"Legendary", "Basic", "Snow", "World"})
CARD_TYPES = PERMANENT_TYPES | {"Instant", "Sorcery", "Kindred"}


@dataclass(frozen=True, eq=False)
class CardDef:
    """A card's printed characteristics and abilities. Shared by every object of that card;
    never copied; pickles as its name."""

    name: str
    mana_cost: ManaCost
    types: frozenset[str]
    subtypes: tuple[str, ...]
    supertypes: frozenset[str]
    power: int | None
    toughness: int | None
    oracle: str
    abilities: tuple[Ability, ...]
    colors: frozenset[str]
    keywords: frozenset[str]
    is_token: bool = False

    def __reduce__(self) -> tuple:
        from . import get_card
        return (get_card, (self.name,))

    def __deepcopy__(self, memo: dict) -> CardDef:
        return self

    def __copy__(self) -> CardDef:
        return self

    @property
    def is_permanent(self) -> bool:
        return bool(self.types & PERMANENT_TYPES)

    @property
    def type_line(self) -> str:
        parts: list[str] = [t for t in ("Legendary", "Basic", "Snow") if t in self.supertypes]
        parts += [t for t in ("Kindred", "Enchantment", "Artifact", "Land", "Creature",
                              "Planeswalker", "Instant", "Sorcery", "Battle") if t in self.types]
        line = " ".join(parts)
        return f"{line} — {' '.join(self.subtypes)}" if self.subtypes else line

    @property
    def spell_ability(self) -> SpellAbility | None:
        for a in self.abilities:
            if isinstance(a, SpellAbility):
                return a
        return None


def parse_type_line(line: str, card: str) -> tuple[frozenset[str], frozenset[str], tuple[str, ...]]:
    main, _, sub = line.partition("—")
    words = main.split()
    supers = frozenset(w for w in words if w in SUPERTYPES)
    types = frozenset(w for w in words if w in CARD_TYPES)
    unknown = [w for w in words if w not in SUPERTYPES and w not in CARD_TYPES]
    if unknown or not types:
        raise CardDefinitionError(card, f"cannot read type line {line!r}")
    return types, supers, tuple(sub.split())


def card(name: str, mana_cost: str | None, type_line: str, oracle: str, *abilities: Ability,
         pt: str | None = None, colors: str | None = None, token: bool = False) -> CardDef:
    """Define a card. Abilities are given in Oracle-line order, one per line, and each takes its
    line as its text; an instant or sorcery's SpellAbility takes the whole text. The cost of an
    activated ability is read from its line."""
    types, supers, subs = parse_type_line(type_line, name)
    lines: list[str] = []
    for ln in oracle.split("\n"):
        if ln.startswith("•") and lines:
            lines[-1] += " " + ln  # a mode belongs to its modal ability (CR 700.2)
        elif ln.strip():
            lines.append(ln)
    built: list[Ability] = []
    if len(abilities) == 1 and isinstance(abilities[0], SpellAbility) and len(lines) > 1:
        lines = [oracle]
    if len(abilities) != len(lines):
        raise CardDefinitionError(name, f"{len(abilities)} abilities for {len(lines)} Oracle lines")
    keywords: set[str] = set()
    for ab, line in zip(abilities, lines, strict=True):
        if line.startswith("(") and line.endswith(")"):
            line = line[1:-1]  # a basic land's intrinsic ability is reminder text (CR 305.6)
        if isinstance(ab, Activated):
            if ab.keyword is None:
                cost_text, sep, _ = _split_cost(line)
                if not sep:
                    raise CardDefinitionError(name, f"activated ability without a colon: {line!r}")
                cost = parse_cost(cost_text, name)
            else:
                cost = _keyword_cost(ab.keyword, line, name)
            once = ab.once_each_turn or "Activate only once each turn" in line
            sorcery = ab.sorcery_speed or "Activate only as a sorcery" in line
            ab = _replace(ab, text=line, cost=cost, once_each_turn=once, sorcery_speed=sorcery)
        else:
            ab = _replace(ab, text=line)
        if isinstance(ab, Keyword):
            keywords.update(ab.names)
        built.append(ab)
    power = toughness = None
    if pt is not None:
        p, _, t = pt.partition("/")
        power, toughness = int(p), int(t)
    mcost = parse_mana_cost(mana_cost)
    cols = frozenset(colors) if colors is not None else mcost.colors()
    return CardDef(name, mcost, types, subs, supers, power, toughness, oracle, tuple(built),
                   cols, frozenset(keywords), token)


def _split_cost(line: str) -> tuple[str, str, str]:
    # The cost is everything before the first colon that is outside reminder text.
    depth = 0
    for i, ch in enumerate(line):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == ":" and depth == 0:
            return line[:i], ":", line[i + 1:]
    return line, "", ""


def _keyword_cost(keyword: str, line: str, name: str) -> Cost:
    # "Equip {1}" / "Crew 1": the cost follows the keyword (CR 702.6a, 702.122a).
    if keyword == "equip":
        m = re.match(r"Equip (\{[^ ]*\})", line)
        if not m:
            raise CardDefinitionError(name, f"cannot read equip cost in {line!r}")
        return Cost(mana=parse_mana_cost(m.group(1)))
    if keyword == "crew":
        m = re.match(r"Crew (\d+)", line)
        if not m:
            raise CardDefinitionError(name, f"cannot read crew cost in {line!r}")
        return Cost(crew=int(m.group(1)))
    raise CardDefinitionError(name, f"unknown keyword ability {keyword!r}")


def _replace(ab: Ability, **changes: Any) -> Ability:
    import dataclasses
    return dataclasses.replace(ab, **changes)


# --------------------------------------------------------------------------------------------
# More effects (appended: keywords until end of turn, modal P/T changes, mana doubling, and the
# library choices of search, Brainstorm and Ponder).

_NOTHING = "nothing"  # the answer "find nothing": an Ask's option must not be None


@dataclass(frozen=True)
class GainKeyword(Effect):
    """`what` gains keyword abilities until end of turn (layer 6, CR 613.1f)."""

    names: tuple[str, ...]
    what: str = TARGET

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for ref in g.refs_for(self.what, ctx):
            g.add_until_eot(ref[1], "keywords", self.names)
        return None


@dataclass(frozen=True)
class PumpChoice(Effect):
    """"<what> gets +1/-1 or -1/+1 until end of turn": the controller picks one of `options`
    as the ability resolves (CR 608.2d)."""

    options: tuple[tuple[int, int], ...] = ((1, -1), (-1, 1))
    what: str = TARGET

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        refs = g.refs_for(self.what, ctx)
        if not refs:
            return None
        choice = ctx.answers.get(step)
        if choice is None:
            labels = tuple(f"choose {p:+d}/{t:+d}" for p, t in self.options)
            return Ask("choose", ctx.controller, tuple(range(len(self.options))), labels,
                       f"{ctx.source_name}: choose what the creature gets until end of turn")
        p, t = self.options[choice]
        for ref in refs:
            g.add_until_eot(ref[1], "pt", (p, t))
        return None


@dataclass(frozen=True)
class DoubleMana(Effect):
    """Doubling Cube: "Double the amount of each type of unspent mana you have." The added mana
    has no restriction, even where the mana counted had one (Gatherer ruling 2004-12-01)."""

    adds_mana: ClassVar[bool] = True

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        g.produce_mana(ctx, g.players[ctx.controller].pool.total_counts())
        return None

    def could_produce(self, g: Game, ctx: Context, seen: frozenset[int]) -> set[str]:
        counts = g.players[ctx.controller].pool.total_counts()
        return {t for t, n in zip(TYPES, counts, strict=True) if n}


def _is_basic_land(g: Game, oid: int) -> bool:
    c = g.objects[oid].card
    return "Basic" in c.supertypes and "Land" in c.types


@dataclass(frozen=True)
class SearchLibrary(Effect):
    """"Search your library for a basic land card, put it <to>" (CR 701.19). The player may fail
    to find a card with a stated quality (CR 701.19b), so "find nothing" is always offered.
    `after` is the step of an earlier search that must have found a card for this one to happen
    (Cultivate's second card); the library is shuffled by a separate `Shuffle` effect."""

    to: str = "battlefield"     # "battlefield" or "hand"
    tapped: bool = False
    after: int | None = None

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        if self.after is not None and ctx.answers.get(self.after, _NOTHING) == _NOTHING:
            return None
        player = g.players[ctx.controller]
        choice = ctx.answers.get(step)
        if choice is None:
            # identical cards are one choice (the library is hidden and unordered to its owner)
            by_name: dict[str, int] = {}
            for o in player.library:
                if _is_basic_land(g, o):
                    by_name.setdefault(g.objects[o].card.name, o)
            found = list(by_name.values())
            dest = "onto the battlefield" + (" tapped" if self.tapped else "") \
                if self.to == "battlefield" else "into your hand"
            return Ask("choose", ctx.controller, (*found, _NOTHING),
                       (*(f"find {g.objects[o].card.name}" for o in found), "find nothing"),
                       f"{ctx.source_name}: search your library for a basic land card to put {dest}")
        if choice == _NOTHING or choice not in player.library:
            g.log_event(f"{player.name} finds nothing ({ctx.source_name})")
            return None
        g.log_event(f"{player.name} finds {g.objects[choice].card.name} ({ctx.source_name})")
        new = g.move_to_zone(choice, self.to)
        if new is not None and self.tapped:
            g._w(new).tapped = True  # it enters tapped: it doesn't "become tapped"
        return None


@dataclass(frozen=True)
class Shuffle(Effect):
    """Shuffle the controller's library (CR 701.20), with the game's seeded generator."""

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        g.rng.shuffle(g.players[ctx.controller].library)
        g.log_event(f"{g.players[ctx.controller].name} shuffles their library")
        return None


@dataclass(frozen=True)
class MayShuffle(Effect):
    """"You may shuffle." (Ponder)."""

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
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

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
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
            g.move_to_zone(choice, "library", to_top=True)
        return None


@dataclass(frozen=True)
class OrderTopOfLibrary(Effect):
    """One step of "look at the top `count` cards of your library, then put them back in any
    order": choose the card that goes at `position` (0 is the top) among those not yet placed.
    Ponder is this with positions 0 and 1 (the last card's place is then forced)."""

    position: int
    count: int = 3

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
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



@dataclass(frozen=True)
class SetColorUntilEOT(Effect):
    """"<target> becomes <color> until end of turn" (a layer 5 effect, CR 613.1e)."""

    colors: str
    what: str = TARGET

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for ref in g.refs_for(self.what, ctx):
            g.add_until_eot(ref[1], "set_colors", tuple(self.colors))
        return None


@dataclass(frozen=True)
class AsEntersChoose(Ability):
    """"As <this> enters, choose a color." (CR 614.12: a replacement effect; the choice is made
    as it enters and remembered by the permanent)."""

    choose: str = "color"          # "color", or "copy_creature" (Clone)
    copy_extra: str | None = None  # Phantasmal Image's exceptions: "phantasmal"

    @property
    def kind(self) -> str:
        return "replacement"


def granted(text: str, *effects: Effect, **kw: Any) -> Activated:
    """An activated ability that a static ability grants ("Lands you control have '{T}: Add one
    mana of any color.'"): its cost is read from its text like a printed one."""
    cost_text, _sep, _rest = _split_cost(text)
    return Activated(text=text, cost=parse_cost(cost_text, ""), effects=effects, **kw)


# --------------------------------------------------------------------------------------------
# Linked abilities (CR 607): "exiled with", "the exiled card". A card exiled by an ability is
# marked with the object that exiled it and the ability's link group, so a new object after a
# zone change is a different one (CR 607.2a), and Mairsil's instances link only to each other.


@dataclass(frozen=True)
class ExileLinked(Effect):
    """Exile `what` (a permanent, or a card in a graveyard or hand) as "exiled with" this
    ability's source, for the ability linked to this one (CR 607.2a)."""

    what: str = TARGET

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for ref in g.refs_for(self.what, ctx):
            g.exile_linked(ref[1], ctx)
        return None


@dataclass(frozen=True)
class ReturnLinked(Effect):
    """Return every card exiled with the linked ability: to the battlefield under its owner's
    control (Helvault), or to its owner's hand (Tidehollow Sculler). With copies of the linked
    ability, "the exiled card" is every card the original and the copies exiled (seed 002)."""

    to: str = "battlefield"

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for oid in g.linked_cards(ctx):
            if self.to == "battlefield":
                owner = g.objects[oid].owner
                g.move_to_zone(oid, "battlefield", controller=owner)
            else:
                g.move_to_zone(oid, self.to)
        return None


@dataclass(frozen=True)
class TokenCopiesOfLinked(Effect):
    """"Create a token that's a copy of the exiled card": one for each card exiled with the
    linked ability (seed 002); none when the ability is linked to nothing (Mairsil with
    Prototype Portal)."""

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for oid in g.linked_cards(ctx):
            g.create_token_copy(ctx.controller, g.objects[oid].card.name)
        return None


@dataclass(frozen=True)
class BecomeArtifactCreature(Effect):
    """Crew: "This Vehicle becomes an artifact creature until end of turn." (CR 702.122a); on a
    creature that isn't a Vehicle (Mairsil) its power and toughness don't change."""

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for ref in g.refs_for(SELF, ctx):
            g.add_until_eot(ref[1], "types", ("Artifact", "Creature"))
        return None


@dataclass(frozen=True)
class GainControlUntilEOT(Effect):
    """Act of Treason, Threaten: gain control of `what` until end of turn (layer 2)."""

    what: str = TARGET

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for ref in g.refs_for(self.what, ctx):
            g.gain_control_until_eot(ref[1], ctx.controller)
        return None


@dataclass(frozen=True)
class Flicker(Effect):
    """Cloudshift: exile the target, then return that card to the battlefield under your
    control; it is a new object (CR 400.7)."""

    what: str = TARGET

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for ref in g.refs_for(self.what, ctx):
            new = g.move_to_zone(ref[1], "exile")
            if new is not None:
                g.move_to_zone(new, "battlefield", controller=ctx.controller)
        return None


@dataclass(frozen=True)
class SacrificeIt(Effect):
    what: str = SELF

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for ref in g.refs_for(self.what, ctx):
            g.sacrifice(ref[1])
        return None


#: Undying (CR 702.93a), the triggered ability a creature with the keyword has.
UNDYING = Triggered(
    text="Undying (When this creature dies, if it had no +1/+1 counters on it, return it to the battlefield "
         "under its owner's control with a +1/+1 counter on it.)",
    event="dies_self", effects=(Custom("return_with_counter", ("+1/+1",)),))

#: Phantasmal Image's copy exception: "When this creature becomes the target of a spell or
#: ability, sacrifice it."
SACRIFICE_WHEN_TARGETED = Triggered(
    text="When this creature becomes the target of a spell or ability, sacrifice it.",
    event="becomes_target_self", effects=(SacrificeIt(),))


@dataclass(frozen=True)
class Discard(Effect):
    """"<who> discards a card": the discarding player chooses on resolution."""

    amount: Amount = 1

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        hand = g.players[ctx.controller].hand
        chosen = [o for i in range(g.eval_amount(self.amount, ctx))
                  if (o := ctx.answers.get(step * 100 + i)) is not None]
        left = [o for o in hand if o not in chosen]
        n = g.eval_amount(self.amount, ctx)
        if len(chosen) < n and left:
            return Ask("choose", ctx.controller, tuple(left), tuple(f"discard {g.name_of(o)}" for o in left),
                       f"{ctx.source_name}: discard a card", key=step * 100 + len(chosen))
        for o in chosen:
            if o in g.objects and g.objects[o].zone == "hand":
                g.log_event(f"{g.players[ctx.controller].name} discards {g.name_of(o)}")
                g.move_to_zone(o, "graveyard")
        return None



@dataclass(frozen=True)
class DealDividedDamage(Effect):
    """"deals N damage divided as you choose among one or two targets": the division was made
    as the spell or ability was put on the stack (CR 601.2d) and is kept by copies (CR 707.10)."""

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        division = ctx.cost_info.get("division") or []
        legal = ctx.answers.get(-1)
        for i, ref in enumerate(ctx.targets):
            if legal is not None and i < len(legal) and not legal[i]:
                continue
            if ref[0] == "obj" and ref[1] not in g.objects:
                continue
            g.deal_damage(ctx, ref, division[i] if i < len(division) else 0)
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

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        return g.copy_onto_stack(ctx, step, self.which, self.new_targets)



@dataclass(frozen=True)
class UntapAll(Effect):
    """"Untap all <filter>" (Dramatic Reversal: nonland permanents you control)."""

    filter: str = "nonland_permanent_you_control"

    def resolve(self, g: Game, ctx: Context, step: int) -> Ask | None:
        for oid in list(g.battlefield):
            if g._matches(self.filter, oid, ctx.controller):
                g.untap(oid)
        return None
def targets_of(ab: Ability | None, ctx: Context) -> tuple[TargetSpec, ...]:
    """The targets a spell or ability has: of its chosen modes if it is modal (CR 700.2)."""
    return _chosen(ab, ctx, "targets")


def effects_of(ab: Ability | None, ctx: Context) -> tuple[Any, ...]:
    """The effects a spell or ability has: of its chosen modes if it is modal (CR 700.2)."""
    return _chosen(ab, ctx, "effects")


def _chosen(ab: Ability | None, ctx: Context, part: str) -> tuple[Any, ...]:
    if ab is None:
        return ()
    modes = getattr(ab, "modes", ())
    if modes and ctx.modes:
        return tuple(x for i in ctx.modes for x in getattr(modes[i], part))
    return tuple(getattr(ab, part, ()))

"""Costs and casting (CR 601.2, 118): "This spell can't be countered" and "<spells> can't be
countered" (CR 101.2, 701.6), additional costs to cast a spell (CR 601.2b, 601.2h), kicker and
multikicker (CR 702.33) and what a kicked spell or permanent does."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from ....core.filters import YOU, Permanent, Spell
from ....core.mana import parse_mana_cost
from ...abilities import EntersWith, Keyword, Triggered, TriggerEvent
from ...costs import CardDefinitionError, parse_cost
from ...effects import CounterSpell, DealDamage, PutCounters, SacrificeIt
from ...effects.kicker import IfKicked
from ...effects.unless import MayPayMana, UnlessPays
from ...spellcosts import (
    ECHO_DUE,
    KICKED,
    TIMES_KICKED,
    AdditionalCost,
    Buyback,
    CantBeCountered,
    CostReduction,
    Flashback,
    KickedSpell,
    Kicker,
    SpellsCostLess,
)
from ...subjects import CONTROLLER, SELF
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import ObjRef, read_noun
from ..lines import SENTENCE_HOOKS
from ..text import Line
from .effects import _is_spell_filter


@rule("spell_static", "This spell can't be countered")
@rule("static", "This spell can't be countered")
def cant_be_countered(b: Builder, line: Line) -> list[Any]:
    """CR 101.2, 113.6a: the ability functions while the card is a spell on the stack; a
    counterspell that resolves doesn't counter it."""
    return [CantBeCountered(text=line.raw)]


@kind("spells")
def _spells(text: str) -> Any:
    """Spells named by a noun phrase: "Creature spells you control", "Green spells"."""
    if not text.lower().endswith(("spells", "spells you control")) or text.lower().startswith("this "):
        raise NoParse(text)
    f = read_noun(text)
    if f.domain() != frozenset({"stack"}) or "spell" not in str(f):
        raise NoParse(text)
    return f & Spell()


@rule("static", "<what:spells> can't be countered")
def spells_cant_be_countered(b: Builder, what: Any, line: Line) -> list[Any]:
    """CR 101.2, 604.1: "Creature spells you control can't be countered." (Rhythm of the Wild):
    while the permanent is on the battlefield, a counterspell doesn't counter those spells."""
    return [CantBeCountered(text=line.raw, affects=what)]


_PLAIN = frozenset({"mana", "sacrifice", "pay_life", "discard", "tap_other"})


@kind("additional_cost")
def _additional_cost(text: str) -> Any:
    """"sacrifice a creature", "discard a card", "pay 3 life", "sacrifice an artifact or
    creature", "tap an untapped creature you control": costs the engine pays for a spell."""
    if text[:1].isupper():
        raise NoParse(text)
    try:
        cost = parse_cost(text[0].upper() + text[1:], "~")
    except CardDefinitionError:
        raise NoParse(text) from None
    if not cost.mana.is_empty or cost.tap or cost.untap or cost.sacrifice_self or cost.exile_self \
            or cost.remove_counters or cost.put_counters or cost.crew or cost.energy:
        raise NoParse(text)
    return cost


@rule("spell_static", "As an additional cost to cast this spell, <cost:additional_cost>")
@rule("static", "As an additional cost to cast this spell, <cost:additional_cost>")
def additional_cost(b: Builder, cost: Any, line: Line) -> list[Any]:
    """CR 601.2b, 601.2h: paid with the spell's other costs each time it is cast (and when it
    is cast without paying its mana cost, CR 118.9d); a spell whose additional cost can't be
    paid can't be cast."""
    return [AdditionalCost(text=line.raw, cost=cost)]


# --------------------------------------------------------------------------------------------
# kicker (CR 702.33)


@rule("keyword", "Kicker <cost:mana>", "Multikicker <cost:mana>")
def kicker(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.33a: "You may pay an additional [cost] as you cast this spell."; CR 702.33c:
    multikicker, any number of times. The choice is announced as the spell is cast (CR 601.2b).
    A card has at most one kicker here ("Kicker {1}{U} and/or {2}{B}" is not read)."""
    mana = parse_mana_cost(cost)
    if mana.x_count:
        raise NoParse(line.text)
    return [Kicker(text=line.raw, cost=mana, multi=line.text.lower().startswith("multikicker"))]


@rule("condition", "<s:self> was kicked", "it was kicked")
def was_kicked(b: Builder, s: str = "") -> Any:
    """CR 702.33d, 603.4: "When ~ enters, if it was kicked, ..." (the permanent remembers that
    its spell was kicked; a permanent that wasn't cast wasn't kicked)."""
    return KICKED


@rule("static", "If <s:self> was kicked, it enters with <n:amount> <counter:counter> counter(s|) on it")
def kicked_enters_with(b: Builder, s: str, n: Any, counter: str, line: Line) -> list[Any]:
    """CR 702.33d, 614.1c: a replacement effect that applies only if its spell was kicked."""
    return [EntersWith(text=line.raw, counter=counter, amount=n, condition=KICKED)]


@rule("static", "<s:self> enters with a <counter:counter> counter on it for each time it was kicked")
def enters_with_per_kick(b: Builder, s: str, counter: str, line: Line) -> list[Any]:
    """CR 702.33c-d, 614.1c: multikicker's count."""
    return [EntersWith(text=line.raw, counter=counter, amount=TIMES_KICKED)]


_IF_KICKED = ("if this spell was kicked, ", "if ~ was kicked, ", "if it was kicked, ")
_DEALS_INSTEAD = re.compile(r"(?:it|~) deals (\d+) damage", re.IGNORECASE)


def _kicked_sentence(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """A spell's "If this spell was kicked, <effect>." (in addition) and "<effect>. If this
    spell was kicked, <other effect> instead." (CR 702.33d). The kicked effect may not choose
    targets of its own: the spell's targets are chosen before whether it was kicked matters
    only through its own text (CR 601.2c), which the engine doesn't follow."""
    from ..grammar import FAIL
    from ..lines import sentence
    low = s.lower()
    pre = next((p for p in _IF_KICKED if low.startswith(p)), None)
    if pre is None:
        return None
    if not b.is_spell:
        raise NoParse(s)
    rest = s[len(pre):]
    instead = False
    if rest.lower().endswith(" instead"):
        rest, instead = rest[: -len(" instead")], True
    elif rest.lower().startswith("instead "):
        rest, instead = rest[len("instead "):], True
    prev = out[start:]
    if instead and not prev:
        raise NoParse(s)
    n = len(b.targets)
    m = _DEALS_INSTEAD.fullmatch(rest)
    if instead and m and len(prev) == 1 and isinstance(prev[0], DealDamage):
        effs: list[Any] = [dataclasses.replace(prev[0], amount=int(m.group(1)))]  # to the same
    else:
        try:
            effs = sentence(rest, b)
        except FAIL:
            raise NoParse(s) from None
    if len(b.targets) != n:
        raise NoParse(s)
    if instead:
        return out[:start] + [IfKicked(tuple(effs), tuple(prev))]
    return out + [IfKicked(tuple(effs))]


SENTENCE_HOOKS.append(_kicked_sentence)


# --------------------------------------------------------------------------------------------
# "unless ... pays" (CR 118.12)


@rule("effect", "Counter <what:target> unless its controller pays <cost:mana>")
def counter_unless(b: Builder, what: ObjRef, cost: str) -> list[Any]:
    """CR 701.6a, 118.12: "Counter target spell unless its controller pays {3}." (Mana Leak):
    the spell's controller chooses on resolution whether to pay."""
    assert what.spec is not None
    if not _spells_only(what.spec.filter) or parse_mana_cost(cost).x_count:
        raise NoParse("counter target ability")
    who = b.obj(what, frozenset({"stack"}))
    return [UnlessPays(cost, who, (CounterSpell(who),), if_not="it is countered")]


def _spells_only(f: Any) -> bool:
    """A filter that matches only spells: "spell", "creature spell", "instant or sorcery spell"."""
    from ....core.filters import Or
    if isinstance(f, Or):
        return all(_spells_only(p) for p in f.parts)
    return bool(_is_spell_filter(f))


@rule("effect", "sacrifice <s:self> unless you pay <cost:mana>")
def sacrifice_unless(b: Builder, s: str, cost: str) -> list[Any]:
    """CR 118.12, 701.21: "At the beginning of your upkeep, sacrifice ~ unless you pay {1}." """
    if parse_mana_cost(cost).x_count:
        raise NoParse(cost)
    b.last = SELF
    return [UnlessPays(cost, CONTROLLER, (SacrificeIt(SELF),), if_not="sacrifice it")]


# --------------------------------------------------------------------------------------------
# buyback (CR 702.27) and flashback (CR 702.34)


def _instant_or_sorcery(b: Builder, line: Line) -> None:
    tl = getattr(b.card, "type_line", "")
    if "Instant" not in tl and "Sorcery" not in tl:
        raise NoParse(line.text)


@rule("keyword", "Buyback <cost:mana>")
def buyback(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.27a: "You may pay an additional [cost] as you cast this spell." and "If the
    buyback cost was paid, put this spell into its owner's hand instead of into that player's
    graveyard as it resolves." """
    _instant_or_sorcery(b, line)
    mana = parse_mana_cost(cost)
    if mana.x_count:
        raise NoParse(line.text)
    return [Buyback(text=line.raw, cost=mana)]


@rule("keyword", "Flashback <cost:mana>")
def flashback(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.34a: "You may cast this card from your graveyard by paying [cost] rather than
    paying its mana cost." and "If the flashback cost was paid, exile this card instead of
    putting it anywhere else any time it would leave the stack." (Only mana costs here:
    "Flashback—Pay 3 life" is not read.)"""
    _instant_or_sorcery(b, line)
    mana = parse_mana_cost(cost)
    if mana.x_count:
        raise NoParse(line.text)
    return [Flashback(text=line.raw, cost=mana)]


# --------------------------------------------------------------------------------------------
# convoke (CR 702.51), improvise (CR 702.126), delve (CR 702.66): engine/altpay.py


@rule("keyword", "Convoke", "Improvise", "Delve")
def pay_with_objects(b: Builder, line: Line) -> list[Any]:
    """CR 702.51a: "For each colored mana in this spell's total cost, you may tap an untapped
    creature of that color you control rather than pay that mana. For each generic mana in
    this spell's total cost, you may tap an untapped creature you control rather than pay that
    mana." CR 702.126a (improvise): an untapped artifact for each generic mana. CR 702.66a
    (delve): exile a card from your graveyard for each generic mana. Not read on a card whose
    cost has hybrid or {C} symbols (the engine doesn't offer those to them)."""
    card = b.card
    front = getattr(card, "front", None)
    cost = getattr(front, "mana_cost", None)
    if card is None or "Land" in getattr(card, "type_line", "") or cost is None or getattr(card, "layout", "") != "normal":
        raise NoParse(line.text)
    if "/" in cost or "{C}" in cost:
        raise NoParse(line.text)
    return [Keyword(text=line.raw, names=(line.text.lower().rstrip("."),))]


# --------------------------------------------------------------------------------------------
# cost reductions of the spell itself (CR 601.2f), affinity (CR 702.41)


def _no_x(b: Builder, line: Line) -> None:
    """Reductions are applied before X is announced here: a card with {X} is not read."""
    cost = getattr(getattr(b.card, "front", None), "mana_cost", None)
    if cost is None or "{X}" in cost or getattr(b.card, "layout", "") != "normal":
        raise NoParse(line.text)


@kind("counted")
def _counted(text: str) -> Any:
    """What "for each" counts among permanents: "artifact you control", "Wizard you control"."""
    low = text.lower()
    if not low.endswith(" you control") or " and " in low or " or " in low:
        raise NoParse(text)
    f = read_noun(text)
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return f & Permanent()


@rule("static", "This spell costs <cost:mana> less to cast for each <what:counted>")
@rule("spell_static", "This spell costs <cost:mana> less to cast for each <what:counted>")
def costs_less_for_each(b: Builder, cost: str, what: Any, line: Line) -> list[Any]:
    """CR 601.2f: "This spell costs {1} less to cast for each artifact you control." """
    _no_x(b, line)
    m = parse_mana_cost(cost)
    if m.typed != (0,) * 6 or m.hybrid or m.x_count or not m.generic:
        raise NoParse(line.text)
    return [CostReduction(text=line.raw, generic=m.generic, per=what)]


@rule("keyword", "Affinity for artifacts")
def affinity_for_artifacts(b: Builder, line: Line) -> list[Any]:
    """CR 702.41a: "This spell costs {1} less to cast for each artifact you control." """
    _no_x(b, line)
    return [CostReduction(text=line.raw, generic=1, per=read_noun("artifact you control") & Permanent())]


@rule("static", "This spell costs <cost:mana> less to cast if <cond:you_control>")
@rule("spell_static", "This spell costs <cost:mana> less to cast if <cond:you_control>")
def costs_less_if(b: Builder, cost: str, cond: Any, line: Line) -> list[Any]:
    """CR 601.2f: "This spell costs {2} less to cast if you control a Wizard." """
    _no_x(b, line)
    m = parse_mana_cost(cost)
    if m.typed != (0,) * 6 or m.hybrid or m.x_count or not m.generic:
        raise NoParse(line.text)
    return [CostReduction(text=line.raw, generic=m.generic, condition=cond)]


# --------------------------------------------------------------------------------------------
# echo (CR 702.30)


@rule("keyword", "Echo <cost:mana>")
def echo(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.30a: "At the beginning of your upkeep, if this permanent came under your control
    since the beginning of your last upkeep, sacrifice it unless you pay [cost]." (Only mana
    costs: "Echo—Discard a card" is not read.)"""
    if parse_mana_cost(cost).x_count or "Instant" in b.card.type_line or "Sorcery" in b.card.type_line:
        raise NoParse(line.text)
    return [Keyword(text=line.raw, names=("echo",)),
            Triggered(text=line.raw, event=TriggerEvent.UPKEEP, actor=YOU, condition=ECHO_DUE,
                      effects=(UnlessPays(cost, CONTROLLER, (SacrificeIt(SELF),), if_not="sacrifice it"),))]


# --------------------------------------------------------------------------------------------
# "You may pay {M}. If you do, ..." (CR 117.1d, 603.5)


_MAY_PAY = re.compile(r"you may pay ((?:\{[^}]+\})+)", re.IGNORECASE)


def _may_pay_sentence(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"You may pay {1}." followed by "If you do, <effect>.": one choice made on resolution,
    the effect only if the mana was paid."""
    from ..grammar import FAIL
    from ..lines import sentence
    m = _MAY_PAY.fullmatch(s)
    if m:
        cost = m.group(1)
        try:
            mana = parse_mana_cost(cost)
        except Exception:
            raise NoParse(s) from None
        if mana.x_count:
            raise NoParse(s)
        return out + [MayPayMana(cost)]
    if s.lower().startswith("if you do, ") and out and isinstance(out[-1], MayPayMana) and not out[-1].then:
        try:
            then = sentence(s[len("if you do, "):], b)
        except FAIL:
            raise NoParse(s) from None
        return out[:-1] + [MayPayMana(out[-1].cost, tuple(then))]
    return None


SENTENCE_HOOKS.append(_may_pay_sentence)


# --------------------------------------------------------------------------------------------
# cumulative upkeep (CR 702.24)


@rule("keyword", "Cumulative upkeep <cost:mana>")
def cumulative_upkeep(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.24a: "At the beginning of your upkeep, if this permanent is on the battlefield,
    put an age counter on this permanent. Then you may pay [cost] for each age counter on it.
    If you don't, sacrifice it." (Only mana costs.)"""
    if parse_mana_cost(cost).x_count or "Instant" in b.card.type_line or "Sorcery" in b.card.type_line:
        raise NoParse(line.text)
    return [Keyword(text=line.raw, names=("cumulative upkeep",)),
            Triggered(text=line.raw, event=TriggerEvent.UPKEEP, actor=YOU,
                      effects=(PutCounters("age", 1, SELF),
                               UnlessPays(cost, CONTROLLER, (SacrificeIt(SELF),), if_not="sacrifice it",
                                          per_counter="age")))]


@rule("trigger", "Whenever you cast a kicked spell")
def you_cast_kicked(b: Any) -> dict[str, Any]:
    """CR 601.2i, 702.33d: a cast trigger for a spell whose kicker was paid (announced while
    casting, so known when it becomes cast)."""
    return {"event": TriggerEvent.CAST, "actor": YOU, "subject": KickedSpell()}


# --------------------------------------------------------------------------------------------
# "<spells> you cast cost {1} less to cast" (CR 601.2f)


@kind("cast_spells")
def _cast_spells(text: str) -> Any:
    """"Artifact spells", "Creature spells", "Dragon spells", "Spells": what the card being
    cast must be (its types, subtypes, colors)."""
    low = text.lower()
    if low == "spells":
        return None
    if low == "instant and sorcery spells":
        text = "instant or sorcery spells"
        low = text
    elif not low.endswith(" spells") or " you " in low or " and " in low or " or " in low:
        raise NoParse(text)
    f = read_noun(text[: -len(" spells")])
    if f.domain() is not None:
        raise NoParse(text)
    return f


@rule("static", "<what:cast_spells> you cast cost <cost:mana> less to cast",
      "<what:cast_spells> cost <cost:mana> less to cast")
def spells_cost_less(b: Builder, what: Any, cost: str, line: Line) -> list[Any]:
    """CR 601.2f, 604.1: "Artifact spells you cast cost {1} less to cast." (generic mana only,
    never below zero; X is reduced too). Cost increases ("cost {1} more") are not read: a spell
    cast without paying its mana cost would still have to pay them."""
    m = parse_mana_cost(cost)
    if m.typed != (0,) * 6 or m.hybrid or m.x_count or not m.generic:
        raise NoParse(line.text)
    yours = " you cast " in line.text.lower()
    return [SpellsCostLess(text=line.raw, affects=what, generic=m.generic, yours=yours)]


@kind("clause")
def _clause(text: str) -> str:
    """Any text: read by the rule that has it (as effects)."""
    if not text or text != text.strip():
        raise NoParse(text)
    return text


@rule("effect", "<body:clause> unless its controller pays <cost:mana>")
def effect_unless_controller_pays(b: Builder, body: str, cost: str) -> list[Any]:
    """CR 118.12: "Return target creature to its owner's hand unless its controller pays {1}."
    The controller of the one target of the effect decides on resolution."""
    from ..grammar import FAIL
    from ..lines import sentence
    if parse_mana_cost(cost).x_count or body.lower().startswith("counter "):
        raise NoParse(body)
    n = len(b.targets)
    try:
        effs = sentence(body, b)
    except FAIL:
        raise NoParse(body) from None
    if len(b.targets) != n + 1 or b.targets[n].where != frozenset({"battlefield"}):
        raise NoParse(body)
    from ...subjects import Target
    return [UnlessPays(cost, Target(n), tuple(effs), if_not=body)]

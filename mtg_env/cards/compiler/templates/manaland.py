"""Lands and mana abilities (CR 106, 605): what a mana ability adds beyond fixed mana, and the
lines of lands around it.

- "Spend this mana only to cast colorless spells." after an "Add ..." (CR 106.6): the mana is
  restricted (core/spending.py keys; engine/costs.spend_tags says where it may be spent).
  Read: "to cast <qualities> spells" and "... or activate abilities of <the same qualities>",
  where the qualities are "colorless" and/or card types or creature types joined by "or".
- "If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead." (CR 608.2c).
- "Add {C} for each charge counter on ~", "Add {G} for each Elf you control" (counted as it
  resolves), "Add {C} for each storage counter removed this way" with the cost "Remove any
  number of storage counters from ~" (X chosen as it is activated, CR 107.3, 601.2b).
- "You gain 1 life for each colorless creature you control" (counted as it resolves).
- Activation restrictions "Activate only if you control a creature with power 4 or greater",
  "... if creatures you control have total power 8 or greater" (CR 602.5b), also on mana
  abilities (Temple of the False God): such a source is never tapped by automatic payment.
- The reminder line "({C} represents colorless mana.)" (no ability, CR 207.2a).

Declined: restrictions naming anything else (a chosen type, kicked spells, costs with {X}, a
commander, riders such as "that spell can't be countered"), counted mana of any color.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from ....core.chars import Flag
from ....core.filters import YOU, AttachedToSource, CardType, ControlledBy, Controls, Filter, Permanent
from ....core.modifications import AddFlags
from ....core.spending import read_quality, spend_rule
from ....core.subtypes import CREATURE_TYPES, LAND_TYPES
from ...abilities import THIS, AsEntersChoose, EntersTapped, SelfFlag, Static, TargetSpec, TriggerEvent
from ...effects import AddMana, AddManaChoice, GainLife, ManaChoice
from ...effects.manaextra import (
    AddManaCombination,
    AddManaOneOf,
    BecomesSubtypeForGood,
    CantHaveUntilEOT,
    CardsInHand,
    CounterByType,
    CountersOnSource,
    DestroyEachWithManaValue,
    IsCommander,
    KeepUntilEOT,
    LifeTotal,
    ManaInstead,
    OpponentsAtLeast,
    Plus,
    SameName,
    Times,
    TotalPower,
    YouControl,
)
from ...subjects import EVENT_PLAYER, REMOVED, NumberOf, X
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import NUMBERS, read_noun
from ..text import Line

E = TriggerEvent

# --------------------------------------------------------------------------------------------
# reminder text


@rule("static", "({C}|{c}) represents colorless mana")
@rule("spell_static", "({C}|{c}) represents colorless mana")
def colorless_reminder(b: Builder, line: Line) -> list[Any]:
    """CR 207.2a: "({C} represents colorless mana.)" is reminder text (no ability), read when it
    is the whole line and the card has {C} in its mana cost or its text (CR 107.4c)."""
    face = getattr(b.card, "front", b.card)
    if not line.reminder_only:
        raise NoParse(line.text)
    if "{C}" not in face.mana_cost.upper() and "{C}" not in face.oracle_text.replace(line.raw, "").upper():
        raise NoParse(line.text)
    return []


# --------------------------------------------------------------------------------------------
# spending restrictions (CR 106.6)

def _alternatives(text: str) -> list[str]:
    """"an instant or sorcery", "a Cleric, Rogue, Warrior, or Wizard", "instant and/or sorcery",
    "colorless Eldrazi": the qualities, each checked (core/spending.read_quality)."""
    out = []
    for alt in re.split(r",? or |, |,? and/or ", text):
        words = alt.split()
        if words and words[0] in ("a", "an"):
            words = words[1:]
        q = " ".join(words)
        read_quality(q)
        out.append(q)
    return out


_SPELLS = re.compile(r"(.+?) spells?")
_ABILITIES = re.compile(r"(?:to )?activate (?:an ability of |abilities of )(.+?)s?")


@kind("spend_what")
def _spend_what(text: str) -> str:
    """"colorless spells", "a creature spell", "an instant or sorcery spell", "colorless Eldrazi
    spells or activate abilities of colorless Eldrazi", "Dragon spells or activate abilities of
    Dragons": the restriction's key (core/spending.py)."""
    if text == "spells":
        return "spells"
    head, sep, tail = text.partition(" or ")
    while sep and not re.match(r"(?:to )?activate ", tail):
        more, sep, tail = tail.partition(" or ")
        head = f"{head} or {more}"
    m = _SPELLS.fullmatch(head)
    if not m:
        raise NoParse(text)
    alts = _alternatives(m.group(1))
    if sep:
        m2 = _ABILITIES.fullmatch(tail)
        if not m2 or _alternatives(m2.group(1)) != alts:
            raise NoParse(text)
        for q in alts:
            rule = read_quality(q)
            if rule.names and rule.names <= {"Instant", "Sorcery"}:
                raise NoParse(text)  # "abilities of instants": no such permanents
    key = " or ".join(alts) + " spells" + (" and abilities" if sep else "")
    if key == "artifact spells and abilities":
        key = "artifact"  # Grand Architect's key (engine/costs.spend_tags)
    spend_rule(key)  # the engine reads it back
    return key


@dataclass(frozen=True, slots=True)
class _SpendOnly:
    """Amends the "Add ..." before it with the restriction `key` (lines.effects)."""

    key: str

    def amend(self, effect: Any) -> Any:
        if not isinstance(effect, (AddMana, AddManaChoice, AddManaCombination, AddManaOneOf)) or \
                effect.restriction is not None:
            raise NoParse("Spend this mana only")
        return dataclasses.replace(effect, restriction=self.key)


@rule("effect", "Spend this mana only to activate abilities")
def spend_only_abilities(b: Builder) -> list[Any]:
    """CR 106.6: "Spend this mana only to activate abilities." (Cryptic Trilobite)"""
    return [_SpendOnly("abilities")]


@rule("effect", "Spend this mana only to cast <key:spend_what>")
def spend_only(b: Builder, key: str) -> list[Any]:
    """CR 106.6: "Spend this mana only to cast colorless spells." (the mana the effect before
    adds keeps the restriction in its player's pool)."""
    return [_SpendOnly(key)]


# --------------------------------------------------------------------------------------------
# "instead" with a condition; mana counted as it resolves


@kind("you_control_each")
def _you_control_each(text: str) -> YouControl:
    """"you control an Urza's Power-Plant and an Urza's Tower": one permanent of each."""
    if not text.lower().startswith("you control "):
        raise NoParse(text)
    filters: list[Filter] = []
    for part in text[len("you control "):].split(" and "):
        words = part.split(" ", 1)
        if len(words) != 2 or words[0].lower() not in ("a", "an"):
            raise NoParse(text)
        f = read_noun(words[1])
        if f.domain() not in (None, frozenset({"battlefield"})):
            raise NoParse(text)
        filters.append(f & Permanent())
    return YouControl(tuple(filters))


@dataclass(frozen=True, slots=True)
class _ManaInstead:
    condition: YouControl
    instead: Any

    def amend(self, effect: Any) -> Any:
        if not isinstance(effect, AddMana) or effect.restriction is not None:
            raise NoParse("add ... instead")
        return ManaInstead(effect, self.instead, self.condition)


@rule("effect", "If <cond:you_control_each>, add <mana:fixed_mana> instead")
def mana_instead(b: Builder, cond: YouControl, mana: str) -> list[Any]:
    """CR 608.2c: "{T}: Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add
    {C}{C} instead." (checked as it resolves)."""
    if not b.notes.get("activated"):
        raise NoParse("instead")
    return [_ManaInstead(cond, AddMana(mana))]


@kind("counted_here")
def _counted_here(text: str) -> Any:
    """What "for each" counts: "charge counter on ~", "storage counter removed this way",
    "Elf you control", "colorless creature you control"."""
    low = text.lower()
    m = re.fullmatch(r"([a-z][a-z-]*) counter on ~", low)
    if m:
        return CountersOnSource(m.group(1))
    if re.fullmatch(r"[a-z][a-z-]* counter removed this way", low):
        return REMOVED
    if low == "card in your hand":
        return CardsInHand()
    if low.endswith(" on the battlefield") and " and " not in low and " or " not in low and "~" not in low:
        f = read_noun(text[: -len(" on the battlefield")])
        if f.domain() not in (None, frozenset({"battlefield"})):
            raise NoParse(text)
        return NumberOf(f & Permanent())
    if not low.endswith(" you control") or " and " in low or " or " in low or "~" in low:
        raise NoParse(text)
    f = read_noun(text)
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return NumberOf(f & Permanent())


def _source_counters_known(b: Builder, mana: bool) -> None:
    """Counters on ~ are counted on its source as the ability resolves: read where the source
    can't have left by then, or where the cost moved it (its last known counters, CR 608.2h):
    a mana ability (`mana`: no stack, CR 605.3a) or a cost that sacrifices or exiles it."""
    cost = b.notes.get("cost")
    if cost is None:
        raise NoParse("counters on ~")
    if not (cost.sacrifice_self or cost.exile_self or (mana and not b.targets)):
        raise NoParse("counters on ~")


@rule("effect", "Add <sym:one_symbol> for each <n:counted_here>")
def add_for_each(b: Builder, sym: str, n: Any) -> list[Any]:
    """CR 106.3: "Add {C} for each charge counter on ~." (counted as it resolves; none for 0)."""
    if n is REMOVED:
        _removed_this_way(b)
    if isinstance(n, CountersOnSource):
        _source_counters_known(b, True)
    return [AddManaChoice(sym, amount=n)]


@rule("effect", "You gain <k:n> life for each <n:counted_here>")
def gain_for_each(b: Builder, k: int, n: Any) -> list[Any]:
    """CR 119.3: "You gain 1 life for each colorless creature you control." (counted as it
    resolves: Tomb of the Spirit Dragon's ruling)."""
    if n is REMOVED:
        _removed_this_way(b)
    if isinstance(n, CountersOnSource):
        _source_counters_known(b, False)
    return [GainLife(n if k == 1 else Times(k, n))]


@rule("effect", "Destroy each <what:phrase> with mana value equal to the number of <kind:counter> counters on ~")
def destroy_each_with_mana_value(b: Builder, what: Filter, kind: str) -> list[Any]:
    """CR 701.8, 202.3: "{3}, {T}, Sacrifice Blast Zone: Destroy each nonland permanent with mana
    value equal to the number of charge counters on Blast Zone." (the counters it had as it was
    sacrificed, CR 608.2h)."""
    if what.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse("destroy each")
    _source_counters_known(b, False)
    return [DestroyEachWithManaValue(what & Permanent(), CountersOnSource(kind))]


def _removed_this_way(b: Builder) -> None:
    """"removed this way" refers to the activation cost's counters: read only in an activated
    ability (lines.activated reads the cost first)."""
    if not b.notes.get("activated"):
        raise NoParse("removed this way")


# --------------------------------------------------------------------------------------------
# activation restrictions (CR 602.5b)


@kind("control_any")
def _control_any(text: str) -> YouControl:
    """"you control a creature with power 4 or greater", "you control three or more
    artifacts" (judged as it would be activated, so any filter the phrase reader reads)."""
    low = text.lower()
    if not low.startswith("you control "):
        raise NoParse(text)
    rest = text[len("you control "):]
    head, _, phrase = rest.partition(" ")
    n = 1
    if head.lower() in ("a", "an"):
        pass
    elif head.lower() in NUMBERS and phrase.lower().startswith("or more "):
        n, phrase = NUMBERS[head.lower()], phrase[len("or more "):]
    else:
        raise NoParse(text)
    if " and " in phrase or "same name" in phrase:
        raise NoParse(text)
    f = read_noun(phrase)
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return YouControl((f & Permanent(),), n)


@rule("restriction", "Activate only if <cond:control_any>")
def activate_if_control(b: Builder, cond: YouControl) -> tuple[str, Any]:
    """CR 602.5b: "Activate only if you control a creature with power 4 or greater." (Bonders'
    Enclave; once activated it is not checked again: its rulings)."""
    return ("activate_if", cond)


@rule("restriction", "Activate only if creatures you control have total power <n:n> or greater")
def activate_if_total_power(b: Builder, n: int) -> tuple[str, Any]:
    """CR 602.5b, 107.1b: "Activate only if creatures you control have total power 8 or greater."
    (Atarka Beastbreaker's formidable)."""
    return ("activate_if", TotalPower(read_noun("creature"), n))


# --------------------------------------------------------------------------------------------
# untapping in other players' untap steps (CR 502.3)


@rule("static", "Untap <who:affected> during each other player's untap step",
      "Untap all <who:affected> during each other player's untap step")
def untap_each_other_untap(b: Builder, who: Filter, line: Line) -> list[Any]:
    """CR 502.3: "Untap ~ during each other player's untap step." (Endbringer), "Untap all
    permanents you control during each other player's untap step." (Seedborn Muir): they untap
    as the active player's permanents do (engine/turns.py)."""
    if who is THIS:
        return [SelfFlag(text=line.raw, flag=Flag.UNTAPS_EACH_UNTAP)]
    return [Static(text=line.raw, affects=who, modification=AddFlags((Flag.UNTAPS_EACH_UNTAP,)))]


# --------------------------------------------------------------------------------------------
# "As ~ enters, you may reveal ... If you don't, ~ enters tapped." (CR 614.12)


@kind("reveal_card")
def _reveal_card(text: str) -> Filter:
    """"a Plains or Island card", "an Elf card": a card of one of these subtypes."""
    words = text.split(" ", 1)
    if len(words) != 2 or words[0].lower() not in ("a", "an") or not words[1].endswith(" card"):
        raise NoParse(text)
    names = words[1][: -len(" card")].split(" or ")
    if any(n not in CREATURE_TYPES and n not in LAND_TYPES for n in names):
        raise NoParse(text)
    return read_noun(words[1])


@rule("static", "As <s:self> enters, you may reveal <what:reveal_card> from your hand. "
      "If you don't, <t:self> enters tapped")
def reveal_or_tapped(b: Builder, s: str, what: Filter, t: str, line: Line) -> list[Any]:
    """CR 614.12: "As Port Town enters, you may reveal a Plains or Island card from your hand. If
    you don't, Port Town enters tapped." (a choice made as it enters however it enters; any card
    with one of the subtypes, a land entering from the hand at the same time too: the rulings;
    put onto the battlefield tapped by an effect, it is still tapped)."""
    return [AsEntersChoose(text=line.raw, choose="reveal", reveal=what)]


# --------------------------------------------------------------------------------------------
# "tapped for mana" triggers (CR 106.12a; triggered mana abilities, CR 605.1b)


@rule("trigger", "Whenever enchanted land is tapped for mana")
def enchanted_land_tapped(b: Builder) -> dict[str, Any]:
    """CR 106.12a: "Whenever enchanted land is tapped for mana" (whoever taps it)."""
    return {"event": E.TAPPED_FOR_MANA, "subject": AttachedToSource()}


@rule("trigger", "Whenever you tap a land for mana")
def you_tap_a_land(b: Builder) -> dict[str, Any]:
    """CR 106.12a: "Whenever you tap a land for mana" (Mirari's Wake)."""
    return {"event": E.TAPPED_FOR_MANA, "subject": CardType("Land"), "actor": YOU}


@rule("trigger", "Whenever a player taps a land for mana")
def a_player_taps_a_land(b: Builder) -> dict[str, Any]:
    """CR 106.12a: "Whenever a player taps a land for mana" (Mana Flare; "that player" is the
    one who tapped it)."""
    return {"event": E.TAPPED_FOR_MANA, "subject": CardType("Land")}


@rule("trigger", "Whenever you tap a permanent for <sym:one_symbol>")
def you_tap_for_type(b: Builder, sym: str) -> dict[str, Any]:
    """CR 106.12a: "Whenever you tap a permanent for {C}" (Forsaken Monument): only when the
    mana ability, with {T} in its cost, produced that type of mana (its rulings)."""
    return {"event": E.TAPPED_FOR_MANA, "subject": Permanent(), "actor": YOU, "produced": sym}


def _in_trigger(b: Builder) -> None:
    """"that land", "an additional": read in triggered abilities only (the event's player)."""
    if b.notes.get("activated"):
        raise NoParse("an additional mana")


@rule("effect", "Add an additional <mana:fixed_mana>",
      "(its|that land's) controller adds an additional <mana:fixed_mana>",
      "that player adds an additional <mana:fixed_mana>")
def add_additional(b: Builder, mana: str) -> list[Any]:
    """CR 106.12a: "its controller adds an additional {G}" (Wild Growth): the player who tapped
    it, who controls it (the event's player)."""
    _in_trigger(b)
    return [AddMana(mana, recipient=EVENT_PLAYER)]


@rule("effect", "Add an additional one mana of any color",
      "(its|that land's) controller adds an additional one mana of any color",
      "that player adds an additional one mana of any color")
def add_additional_any(b: Builder) -> list[Any]:
    """CR 106.12a: "its controller adds an additional one mana of any color" (Fertile Ground)."""
    _in_trigger(b)
    return [AddManaChoice(ManaChoice.ANY_COLOR, recipient=EVENT_PLAYER)]


@rule("effect", "(its|that land's) controller adds an additional <n:n> mana in any combination of colors",
      "that player adds an additional <n:n> mana in any combination of colors")
def add_additional_combination(b: Builder, n: int) -> list[Any]:
    """CR 106.12a: "its controller adds an additional two mana in any combination of colors"
    (Dawn's Reflection; the land's controller chooses)."""
    _in_trigger(b)
    if n > 3:
        raise NoParse("any combination of colors")
    return [AddManaCombination("WUBRG", n, recipient=EVENT_PLAYER)]


@rule("effect", "(its|that land's) controller adds an additional <sym:one_symbol> for each <n:counted_here>")
def add_additional_for_each(b: Builder, sym: str, n: Any) -> list[Any]:
    """CR 106.12a: "its controller adds an additional {G} for each Elf on the battlefield"
    (Elvish Guidance; counted as it resolves)."""
    _in_trigger(b)
    if not isinstance(n, NumberOf):
        raise NoParse("for each")
    return [AddManaChoice(sym, amount=n, recipient=EVENT_PLAYER)]


@rule("effect", "Add one mana of any type that land produced",
      "that player adds one mana of any type that land produced")
def add_produced_type(b: Builder) -> list[Any]:
    """CR 106.12a, 106.1b: "add one mana of any type that land produced" (Mirari's Wake)."""
    _in_trigger(b)
    return [AddManaChoice(ManaChoice.PRODUCED_TYPE, recipient=EVENT_PLAYER)]


@rule("restriction", "Activate only if you control <n:n> or more <what:phrase> with the same name")
def activate_if_same_name(b: Builder, n: int, what: Filter) -> tuple[str, Any]:
    """CR 602.5b: "Activate only if you control three or more lands with the same name."
    (Endless Atlas; a face-down permanent has no name, CR 708.2a: none shares it)."""
    if what.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse("with the same name")
    return ("activate_if", SameName(what & Permanent(), n))


# --------------------------------------------------------------------------------------------
# lands that enter tapped unless ... (CR 614.1c, checked as it would enter)


@rule("static", "<s:self> enters tapped unless you control <n:n> or fewer other lands")
def fastland(b: Builder, s: str, n: int, line: Line) -> list[Any]:
    """CR 614.1c: "Blackcleave Cliffs enters tapped unless you control two or fewer other lands." """
    return [EntersTapped(text=line.raw, unless=~Controls(read_noun("other lands") & ControlledBy(YOU)
                                                         & Permanent(), n + 1))]


@rule("static", "If you control <n:n> or more other lands, <s:self> enters tapped")
def tapped_if_lands(b: Builder, n: int, s: str, line: Line) -> list[Any]:
    """CR 614.1c: "If you control two or more other lands, Cave of the Frost Dragon enters
    tapped." """
    return [EntersTapped(text=line.raw, unless=~Controls(read_noun("other lands") & ControlledBy(YOU)
                                                         & Permanent(), n))]


@rule("static", "<s:self> enters tapped unless you have <n:n> or more opponents")
def tapped_unless_opponents(b: Builder, s: str, n: int, line: Line) -> list[Any]:
    """CR 614.1c, 102.3: "Bountiful Promenade enters tapped unless you have two or more
    opponents." """
    return [EntersTapped(text=line.raw, unless=OpponentsAtLeast(n))]


# --------------------------------------------------------------------------------------------
# choices of mana (CR 106.1a, 106.3)


@kind("mana_options")
def _mana_options(text: str) -> tuple[str, ...]:
    """"{U}{U}, {U}{R}, or {R}{R}": fixed amounts of mana, two or more of them."""
    parts = re.split(r",? or |, ", text)
    if len(parts) < 2 or any(not re.fullmatch(r"(\{[WUBRGC]\})+", p) for p in parts):
        raise NoParse(text)
    if all(len(p) == 3 for p in parts):
        raise NoParse(text)  # one mana of one of these types: "Add {W} or {U}" (templates/mana.py)
    return tuple(parts)


@rule("effect", "Add <opts:mana_options>")
def add_one_of_amounts(b: Builder, opts: tuple[str, ...]) -> list[Any]:
    """CR 106.3: "Add {U}{U}, {U}{R}, or {R}{R}." (one of them, chosen as it resolves)."""
    return [AddManaOneOf(opts)]


@kind("two_symbols")
def _two_symbols(text: str) -> str:
    """"{W} and/or {U}": two colors."""
    m = re.fullmatch(r"\{([WUBRG])\} and/or \{([WUBRG])\}", text)
    if not m or m.group(1) == m.group(2):
        raise NoParse(text)
    return m.group(1) + m.group(2)


@rule("effect", "Add <n:n> mana in any combination of colors")
def add_combination_of_colors(b: Builder, n: int) -> list[Any]:
    """CR 106.1a: "Add two mana in any combination of colors." (at most three: one question)"""
    if n > 3:
        raise NoParse("any combination of colors")
    return [AddManaCombination("WUBRG", n)]


@rule("effect", "Add <n:amount> mana in any combination of <types:two_symbols>")
def add_combination_of_two(b: Builder, n: Any, types: str) -> list[Any]:
    """CR 106.1a: "Add X mana in any combination of {W} and/or {U}." (Calciform Pools: X the
    storage counters removed for its cost), "Add three mana in any combination of {R} and/or
    {G}." """
    if n is X:
        cost = b.notes.get("cost")
        if cost is None or cost.mana.x_count or cost.remove_counters is None or cost.remove_counters[1] is not X:
            raise NoParse("X mana")  # X is the number of counters removed for the cost
        n = REMOVED
    return [AddManaCombination(types, n)]


@rule("effect", "Add two mana of different colors")
def add_two_different(b: Builder) -> list[Any]:
    """CR 106.1a: "Add two mana of different colors." """
    return [AddManaCombination("WUBRG", 2, distinct=True)]


@rule("effect", "Add <sym:one_symbol>, then add an additional <sym2:one_symbol> for each <kind:counter> "
      "counter removed this way")
def add_battery(b: Builder, sym: str, sym2: str, kind: str) -> list[Any]:
    """CR 106.3: "{T}, Remove any number of charge counters from Black Mana Battery: Add {B}, then
    add an additional {B} for each charge counter removed this way." """
    cost = b.notes.get("cost")
    if sym != sym2 or cost is None or cost.remove_counters is None or cost.remove_counters[0] != kind:
        raise NoParse("removed this way")
    return [AddManaChoice(sym, amount=Plus(1, REMOVED))]


# --------------------------------------------------------------------------------------------
# amounts of mana counted as it resolves


@kind("mana_count")
def _mana_count(text: str) -> Any:
    """"~'s power", "the number of Elves on the battlefield", "the number of enchantments you
    control", "the number of charge counters on ~", "your life total", "X plus one"."""
    from ...effects.tokens import SourcePower
    low = text.lower()
    if low in ("~'s power", "this creature's power"):
        return SourcePower()
    if low == "your life total":
        return LifeTotal()
    if low in ("x plus one", "x plus 1"):
        return Plus(1, REMOVED)
    m = re.fullmatch(r"the number of ([a-z][a-z-]*) counters on ~", low)
    if m:
        return CountersOnSource(m.group(1))
    if low.startswith("the number of "):
        rest = text[len("the number of "):]
        if rest.lower().endswith(" on the battlefield"):
            f = read_noun(rest[: -len(" on the battlefield")])
        elif rest.lower().endswith(" you control"):
            f = read_noun(rest)
        else:
            raise NoParse(text)
        if f.domain() not in (None, frozenset({"battlefield"})) or " and " in rest or " with " in rest:
            raise NoParse(text)
        return NumberOf(f & Permanent())
    raise NoParse(text)


def _counted_mana(b: Builder, n: Any) -> Any:
    """The amount as the mana ability resolves: it doesn't use the stack (CR 605.3a), so its
    source is there unless the cost moved it (its last known counters, CR 608.2h); "X plus one"
    only where X is the counters removed for the cost."""
    from ...effects.tokens import SourcePower
    cost = b.notes.get("cost")
    if cost is None or b.targets:
        raise NoParse("mana ability")
    if isinstance(n, Plus) and (cost.remove_counters is None or cost.remove_counters[1] is not X):
        raise NoParse("X plus one")
    if isinstance(n, CountersOnSource):
        _source_counters_known(b, True)
    if isinstance(n, SourcePower) and (cost.sacrifice_self or cost.exile_self):
        raise NoParse("its power")
    return n


@rule("effect", "Add an amount of <sym:one_symbol> equal to <n:mana_count>")
def add_amount_equal(b: Builder, sym: str, n: Any) -> list[Any]:
    """CR 106.3: "Add an amount of {G} equal to ~'s power." (Marwyn, the Nurturer)"""
    return [AddManaChoice(sym, amount=_counted_mana(b, n))]


@rule("effect", "Add X mana of any one color, where X is <n:mana_count>")
def add_x_any_one_color(b: Builder, n: Any) -> list[Any]:
    """CR 106.1a: "Add X mana of any one color, where X is the number of Elves on the
    battlefield." (one color chosen for all of it)"""
    return [AddManaChoice(ManaChoice.ANY_COLOR, amount=_counted_mana(b, n))]


@rule("effect", "Add X mana of any one color")
def add_x_removed_any_one_color(b: Builder) -> list[Any]:
    """CR 106.1a: "{1}, Remove X ki counters from Petalmane Baku: Add X mana of any one color."
    (X is the counters removed for the cost)"""
    cost = b.notes.get("cost")
    if cost is None or b.targets or cost.mana.x_count or cost.remove_counters is None or \
            cost.remove_counters[1] is not X:
        raise NoParse("X mana")
    return [AddManaChoice(ManaChoice.ANY_COLOR, amount=REMOVED)]


@rule("effect", "Add one mana of any type that a land you control could produce")
def add_type_lands_could_produce(b: Builder) -> list[Any]:
    """CR 106.7: "Add one mana of any type that a land you control could produce." (Reflecting
    Pool's, Incubation Druid's)"""
    return [AddManaChoice(ManaChoice.LANDS_YOU_COULD_PRODUCE)]


@rule("effect", "Add one mana of any color that a land an opponent controls could produce")
def add_color_opponents_lands(b: Builder) -> list[Any]:
    """CR 106.7: "Add one mana of any color that a land an opponent controls could produce."
    (Exotic Orchard's)"""
    return [AddManaChoice(ManaChoice.OPPONENTS_LANDS_COLORS)]


# --------------------------------------------------------------------------------------------
# Forge of Heroes (CR 903.3)


@rule("effect", "Choose target commander that entered the battlefield this turn")
def choose_target_commander(b: Builder) -> list[Any]:
    """CR 115.1, 903.3: "Choose target commander that entered the battlefield this turn." (no
    effect of its own: the next sentence's "it")."""
    from ....core.combat_filters import EnteredThisTurn
    spec = TargetSpec("commander that entered the battlefield this turn",
                      filter=IsCommander() & EnteredThisTurn() & Permanent())
    b.last = b.target(spec)
    return []


@rule("effect", "Put a +1/+1 counter on it if it's a creature and a loyalty counter on it if it's a planeswalker")
def counter_by_type(b: Builder) -> list[Any]:
    """CR 122.1: Forge of Heroes: each counter for the card type it has as it resolves."""
    from ..lexicon import ObjRef
    if b.last is None:
        raise NoParse("it")
    return [CounterByType(b.obj(ObjRef("it")))]


@rule("effect", "Until end of turn, <what:phrase> lose hexproof and shroud and can't have hexproof or shroud")
def lose_and_cant_have(b: Builder, what: Filter) -> list[Any]:
    """CR 613.1f, 611.2c, 702.11e: Arcane Lighthouse (the creatures as it resolves; nothing gives
    them hexproof or shroud this turn, static abilities included: its rulings)."""
    if what.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse("lose hexproof")
    return [CantHaveUntilEOT(what & Permanent(), ("hexproof", "shroud"))]


@rule("effect", "<what:obj> becomes (a|an) <sub:creature_subtype> in addition to its other types")
def becomes_subtype(b: Builder, what: Any, sub: str) -> list[Any]:
    """CR 611.2a, 613.1d: "Target legendary creature becomes a God in addition to its other
    types." (no duration: for as long as it remains on the battlefield). Only of a creature."""
    who = b.obj(what)
    spec = b.targets[-1] if b.targets and what.kind == "target" else None
    if spec is None or "creature" not in spec.what.lower().split():
        raise NoParse("in addition to its other types")
    return [BecomesSubtypeForGood(who, (sub,))]


@kind("creature_subtype")
def _creature_subtype(text: str) -> str:
    if text not in CREATURE_TYPES:
        raise NoParse(text)
    return text


# --------------------------------------------------------------------------------------------
# mana that stays (CR 106.4)


@dataclass(frozen=True, slots=True)
class _KeepMana:
    """Amends the "Add ..." before it: its mana stays until end of turn."""

    def amend(self, effect: Any) -> Any:
        if not isinstance(effect, (AddMana, AddManaChoice, AddManaCombination, AddManaOneOf)) or \
                effect.restriction is not None:
            raise NoParse("you don't lose this mana")  # restricted mana is kept apart
        return KeepUntilEOT(effect)


@rule("effect", "Until end of turn, you don't lose this mana as steps and phases end")
def keep_mana_until_eot(b: Builder) -> list[Any]:
    """CR 106.4: "Add {G}. Until end of turn, you don't lose this mana as steps and phases end."
    (Sakura-Tribe Springcaller)"""
    return [_KeepMana()]

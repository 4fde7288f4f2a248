"""Templates for cards the Forge puzzles need (issue 15, session 10).

- "It must be blocked this turn if able." / "~ must be blocked if able." (CR 509.1c): a
  requirement on the defending player's blocks: at least one creature blocks it if any can
  (engine/combat.py, with the other requirements and restrictions).
- A depletion land's "If there are no depletion counters on ~, sacrifice it." (CR 608.2c).
- "If it's an artifact creature, ~ deals 4 damage to it instead." (Electrostatic Bolt,
  CR 608.2c): judged on the target as the spell resolves.
- "If that land was nonbasic, ~ deals 2 damage to the land's controller." (Molten Rain,
  CR 608.2h): the destroyed land as it last existed.
- "~ deals 3 damage to target creature and 2 damage to target player or planeswalker."
  (Hungry Flames): one effect, its damage dealt at once.
- An Aura's "Enchanted creature gets +2/+2 for each other enchantment on the battlefield."
  (Ancestral Mask): "other" than the Aura itself (the enchantment the text is on).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from ....core.chars import Flag
from ....core.filters import AttachedToSource, CardType, Filter, Other, Permanent
from ....core.modifications import AddFlags, ModifyPT
from ...defining import ScaledStatic, Tally
from ...effects import DealDamage, Destroy, SacrificeIfNoCounters
from ...effects.combat import FlagUntilEOT
from ...effects.pzcards10 import DamageIfWasNonbasic, DealDamages, IfItIs
from ...subjects import Target
from ..builder import Builder
from ..grammar import NoParse, rule
from ..lexicon import PT, ObjRef, read_noun
from ..lines import SENTENCE_HOOKS
from ..text import Line
from .statics import _static


@rule("effect", "<what:obj> must be blocked this turn if able")
def must_be_blocked_this_turn(b: Builder, what: ObjRef) -> list[Any]:
    """CR 611.2a, 509.1c: "It must be blocked this turn if able." (Elemental Uprising): if it
    attacks, the defending player blocks it with at least one creature if able (its ruling)."""
    return [FlagUntilEOT((Flag.MUST_BE_BLOCKED,), b.obj(what))]


@rule("static", "<who:affected> must be blocked if able", "<who:affected> must be blocked each combat if able")
def must_be_blocked(b: Builder, who: Filter, line: Line) -> list[Any]:
    """CR 509.1c: "Gaea's Protector must be blocked if able." """
    return _static(line, who, AddFlags((Flag.MUST_BE_BLOCKED,)))


# --------------------------------------------------------------------------------------------
# depletion lands: "If there are no depletion counters on ~, sacrifice it."


@rule("effect", "If there are no <counter:counter> counters on <s:self_card>, sacrifice it")
def sacrifice_if_no_counters(b: Builder, counter: str, s: str) -> list[Any]:
    """CR 608.2c, 701.21a: "{T}, Remove a depletion counter from Saprazzan Skerry: Add {U}{U}. If
    there are no depletion counters on Saprazzan Skerry, sacrifice it." (read only in an
    activated ability of a permanent: its source)"""
    if not b.notes.get("activated") or b.is_spell or b.notes.get("zone"):
        raise NoParse("sacrifice it")
    return [SacrificeIfNoCounters(counter)]


# --------------------------------------------------------------------------------------------
# "If it's an artifact creature, ~ deals 4 damage to it instead." (CR 608.2c)

_IF_ITS = re.compile(r"if it's (?:an?) (?P<noun>.+?), (?:~|it) deals (?P<n>\d+) damage to it instead\.?",
                     re.IGNORECASE)


def _if_its_sentence(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"~ deals 2 damage to target creature. If it's an artifact creature, ~ deals 4 damage to
    it instead." (Electrostatic Bolt): the sentence before, one damage to its one target, is
    replaced by that much damage to it if the target is such an object as the instruction is
    followed (CR 608.2c), the other amount otherwise."""
    m = _IF_ITS.fullmatch(s.strip())
    if m is None:
        return None
    prev = out[start:]
    if len(prev) != 1 or not isinstance(prev[0], DealDamage) or not isinstance(prev[0].to, Target) \
            or len(b.targets) != 1 or b.targets[0].count != 1:
        raise NoParse(s)
    flt = read_noun(m.group("noun"))
    return out[:start] + [IfItIs(prev[0].to, flt, (dataclasses.replace(prev[0], amount=int(m.group("n"))),),
                                 (prev[0],))]


SENTENCE_HOOKS.append(_if_its_sentence)


# --------------------------------------------------------------------------------------------
# "Destroy target land. If that land was nonbasic, ~ deals 2 damage to the land's controller."

_IF_NONBASIC = re.compile(r"if that land was nonbasic, ~ deals (?P<n>\d+) damage to the land's controller\.?",
                          re.IGNORECASE)


def _if_nonbasic_sentence(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """CR 608.2h: Molten Rain, Choking Sands: after destroying its one target land, the spell
    deals the damage if that land (as it last existed) wasn't basic."""
    m = _IF_NONBASIC.fullmatch(s.strip())
    if m is None:
        return None
    prev = out[start:]
    if len(prev) != 1 or not isinstance(prev[0], Destroy) or prev[0].what != Target(0) \
            or len(b.targets) != 1 or "land" not in b.targets[0].what.lower():
        raise NoParse(s)
    return [*out, DamageIfWasNonbasic(int(m.group("n")))]


SENTENCE_HOOKS.append(_if_nonbasic_sentence)


# --------------------------------------------------------------------------------------------
# "~ deals 3 damage to target creature and 2 damage to target player or planeswalker."


@rule("effect", "<source:obj> deals <n:amount> damage to <to:target> and <m:amount> damage to <to2:target>")
def deal_two_damages(b: Builder, source: ObjRef, n: Any, to: ObjRef, m: Any, to2: ObjRef) -> list[Any]:
    """CR 120.3, 115.3: "Hungry Flames deals 3 damage to target creature and 2 damage to target
    player or planeswalker." Two targets, dealt damage at once (one effect)."""
    from .effects import _damage_source
    _damage_source(b, source)
    where = frozenset({"battlefield", "players"})
    first = b.obj(to, where)
    second = b.obj(to2, where)
    return [DealDamages(((n, first), (m, second)))]


# --------------------------------------------------------------------------------------------
# an Aura's "Enchanted creature gets +2/+2 for each other enchantment on the battlefield."


@rule("static", "Enchanted creature gets <pt:pt> for each other enchantment on the battlefield")
def aura_pt_for_each_other_enchantment(b: Builder, pt: PT, line: Line) -> list[Any]:
    """CR 613.4c: "Enchanted creature gets +2/+2 for each other enchantment on the battlefield."
    (Ancestral Mask): the enchantments other than the Aura (the enchanted creature counts if
    it is an enchantment), counted as the layer system reaches layer 7c. ("other creature" in
    an Aura means other than the enchanted creature, Bravado's ruling: not read here.)"""
    if "Aura" not in getattr(b.card, "type_line", "") or not (getattr(b.card, "oracle_text", "") or "").startswith(
            "Enchant creature\n"):
        raise NoParse(line.text)
    tally = Tally("battlefield", Other() & CardType("Enchantment") & Permanent())
    who = AttachedToSource()
    return [ScaledStatic(text=line.raw, affects=who, modification=ModifyPT(pt.power, pt.toughness), tally=tally)]

"""Amounts read from the permanent sacrificed to pay a cost (CR 608.2h; tests in
tests/compiler/test_templates_pzcards7.py):

- "~ deals damage equal to the sacrificed creature's power to any target." (Fling, Thud,
  Bloodshot Cyclops, Airdrop Condor, Brion Stoutarm), "... the sacrificed artifact's mana
  value ..." (Bosh, Iron Golem);
- "You gain life equal to the sacrificed creature's toughness." (Diamond Valley, Disciple of
  Griselbrand), "Each opponent loses life equal to ...", "Draw cards equal to ..." (Life's
  Legacy).

The cost must sacrifice exactly one permanent other than the source, chosen by a selection
whose noun is the one the text names ("a creature" for "the sacrificed creature's"): an
additional cost of the spell ("As an additional cost to cast this spell, sacrifice a
creature."), or the activated ability's own cost. The value is the permanent's as it last
existed on the battlefield (its power as it was sacrificed, with every continuous effect then;
a negative value counts as 0, CR 107.1b), recorded as the cost is paid (Context
.sacrificed_stats); a copy of the spell uses the original's (CR 707.10). Declined: a reflexive
"you may sacrifice ... When you do" (no cost), a sacrifice of the source itself, several
sacrificed permanents, "or" choices of cost.
"""

from __future__ import annotations

import re
from typing import Any

from ...effects import DealDamage, Draw, GainLife, LoseLife
from ...effects.pzcards7 import SacrificedStat
from ...subjects import CONTROLLER
from ..builder import Builder
from ..grammar import FAIL, MISS, NoParse, kind, read, rule
from ..lexicon import ObjRef, PlayerRef
from ..lines import SENTENCE_HOOKS
from .effects import _damage_source

_STAT = re.compile(r"the sacrificed (creature|artifact|permanent|land|enchantment)'s (power|toughness|mana value)",
                   re.I)
_ADDITIONAL = re.compile(r"^As an additional cost to cast this spell, (.+?)\.$", re.I | re.M)
_STATS = {"power": 0, "toughness": 1, "mana value": 2}


@kind("sacrificed_stat")
def _sacrificed_stat(text: str) -> tuple[str, str]:
    m = _STAT.fullmatch(text)
    if m is None:
        raise NoParse(text)
    return m.group(1).lower(), m.group(2).lower()


def _sacrifice_cost(b: Builder) -> Any:
    """The cost that sacrifices the permanent: the activated ability's, or the spell's
    additional cost."""
    if b.notes.get("activated"):
        return b.notes.get("cost")
    if not b.is_spell or not b.notes.get("spell_effect"):
        return None
    found = _ADDITIONAL.findall(getattr(b.card, "oracle_text", "") or "")
    if len(found) != 1:
        return None
    got = read("additional_cost", found[0])
    return None if got is MISS or not hasattr(got, "sacrifice") else got


def _amount(b: Builder, what: tuple[str, str]) -> SacrificedStat:
    noun, stat = what
    cost = _sacrifice_cost(b)
    if cost is None or cost.sacrifice_self or len(cost.sacrifice) != 1:
        raise NoParse("the sacrificed permanent")
    sel = cost.sacrifice[0]
    words = sel.phrase.lower().split()
    if sel.count != 1 or not words or words[-1] != noun or " or " in f" {sel.phrase.lower()} " \
            or "and/or" in sel.phrase.lower():
        raise NoParse("the sacrificed permanent")
    if noun != "creature" and stat != "mana value":
        raise NoParse(stat)  # a noncreature's power: not a wording in use
    return SacrificedStat(_STATS[stat])


@rule("effect", "<source:obj> deals damage equal to <n:sacrificed_stat> to <to:obj>",
      "<source:obj> deals damage equal to <n:sacrificed_stat> to <to:player>")
def damage_equal_sacrificed(b: Builder, source: ObjRef, n: tuple[str, str], to: Any) -> list[Any]:
    """CR 608.2h, 120.3: "Fling deals damage equal to the sacrificed creature's power to any
    target." (its power as it last existed on the battlefield; Fling's rulings)."""
    _damage_source(b, source)
    amount = _amount(b, n)
    if isinstance(to, PlayerRef) and to.kind == "controller":
        raise NoParse("damage to its controller")
    who = b.player(to) if isinstance(to, PlayerRef) else b.obj(to, frozenset({"battlefield", "players"}))
    return [DealDamage(amount, who)]


@rule("effect", "<who:player> (gain|gains) life equal to <n:sacrificed_stat>")
def gain_life_equal_sacrificed(b: Builder, who: PlayerRef, n: tuple[str, str]) -> list[Any]:
    """CR 608.2h, 119.3: "You gain life equal to the sacrificed creature's toughness." (Diamond
    Valley)."""
    amount = _amount(b, n)
    return [GainLife(amount, b.player(who))]


@rule("effect", "<who:player> (lose|loses) life equal to <n:sacrificed_stat>")
def lose_life_equal_sacrificed(b: Builder, who: PlayerRef, n: tuple[str, str]) -> list[Any]:
    """CR 608.2h, 119.3: "Each opponent loses life equal to the sacrificed creature's power."
    (Jarad, Golgari Lich Lord)."""
    amount = _amount(b, n)
    return [LoseLife(amount, b.player(who))]


@rule("effect", "Draw cards equal to <n:sacrificed_stat>",
      "<who:player> (draw|draws) cards equal to <n:sacrificed_stat>")
def draw_equal_sacrificed(b: Builder, n: tuple[str, str], who: PlayerRef | None = None) -> list[Any]:
    """CR 608.2h, 121.1: "Draw cards equal to the sacrificed creature's power." (Life's
    Legacy)."""
    amount = _amount(b, n)
    return [Draw(amount, CONTROLLER if who is None else b.player(who))]


_IF_SACRIFICED = re.compile(r"If an? ([A-Z][a-z'-]+) was sacrificed this way, (.+)", re.S)


def _if_sacrificed(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"If a Saproling was sacrificed this way, you gain 2 life." (Thallid Omnivore; CR 608.2h):
    the effect happens if the permanent sacrificed for the ability's cost had that subtype as it
    last existed on the battlefield. Read after a cost that sacrifices exactly one other
    permanent."""
    from ....core.subtypes import CREATURE_TYPES
    from ...effects.pzcards7 import IfSacrificed
    from ..lines import sentence
    m = _IF_SACRIFICED.fullmatch(s.rstrip("."))
    if m is None:
        return None
    cost = _sacrifice_cost(b)
    if cost is None or cost.sacrifice_self or len(cost.sacrifice) != 1 or cost.sacrifice[0].count != 1 \
            or m.group(1) not in CREATURE_TYPES:
        raise NoParse(s)
    try:
        effs = tuple(sentence(m.group(2), b))
    except FAIL:
        raise NoParse(s) from None
    return out + [IfSacrificed(m.group(1), effs)]


SENTENCE_HOOKS.append(_if_sacrificed)

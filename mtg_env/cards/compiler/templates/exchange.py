"""Exchanging control of two permanents (CR 701.12a-b; it lasts indefinitely, CR 613.1b), and
targets whose legality depends on another target (CR 115.1, 601.2c; cards/relations.py):

- "Exchange control of target land you control and target land an opponent controls."
  (Political Trickery, Vedalken Plotter, Shrewd Negotiation, Chromeshell Crab);
- "Exchange control of target artifact or creature and another target permanent that shares
  one of those types with it." (Legerdemain), "... and target permanent an opponent controls
  that shares a card type with it" (Daring Thief), "... and target creature with power less
  than or equal to that creature's power an opponent controls" (Spawnbroker), "... and target
  nonland permanent an opponent controls with an equal or lesser mana value" (Puca's Mischief):
  the second target is judged against the first as targets are chosen and as the spell or
  ability resolves;
- "Exchange control of two target creatures." (Switcheroo), "... two target permanents that
  share a card type / a permanent type" (Shifting Loyalties, Role Reversal: each target judged
  against the other, so that both are illegal when they no longer share one, their rulings);
- "Exchange control of ~ and target nonland permanent." (Avarice Totem, Phyrexian Infiltrator).

Declined: the exchange among other targets (an ability that targets before it: the targets'
places and "another target" would be ambiguous), "up to one target", a relation to the
ability's source, and a relation whose first target's phrase isn't a plain list of card types
("one of those types").
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from ...abilities import TargetSpec
from ...effects.exchange import ExchangeControl
from ...relations import PERMANENT_CARD_TYPES, PERMANENT_TYPES, SharesType, TargetRelation
from ...subjects import Who
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import ObjRef, target_spec

# --------------------------------------------------------------------------------------------
# relations between targets


@dataclass(frozen=True, slots=True)
class PowerAtMost(TargetRelation):
    """"with power less than or equal to that creature's power" (Spawnbroker)."""

    def holds(self, g: Any, mine: Any, other: Any) -> bool:
        return mine.power is not None and other.power is not None and mine.power <= other.power


@dataclass(frozen=True, slots=True)
class ManaValueAtMost(TargetRelation):
    """"with an equal or lesser mana value" (Puca's Mischief, CR 202.3)."""

    def holds(self, g: Any, mine: Any, other: Any) -> bool:
        return mine.mana_value <= other.mana_value


@dataclass(frozen=True, slots=True)
class _Second:
    """The second target of an exchange as written: its target phrase and its relation to the
    first ("those_types", "card_type", "power", "mana_value"), if any."""

    text: str
    relation: str | None = None


_RELATED = (
    (re.compile(r"(.+) that shares one of those types with it", re.I), "those_types"),
    (re.compile(r"(.+) that shares a card type with it", re.I), "card_type"),
    (re.compile(r"(.+) with power less than or equal to that creature's power (.+)", re.I), "power"),
    (re.compile(r"(.+) with an equal or lesser mana value", re.I), "mana_value"),
)


@kind("exchange_second")
def _read_second(text: str) -> _Second:
    """The other permanent of "Exchange control of <first> and <second>"."""
    for pattern, relation in _RELATED:
        m = pattern.fullmatch(text)
        if m:
            phrase = " ".join(m.groups())
            target_spec(phrase)  # it must read as a target
            return _Second(phrase, relation)
    target_spec(text)
    return _Second(text)


def _single(text: str) -> TargetSpec:
    spec = target_spec(text)
    if spec.count != 1 or spec.up_to:
        raise NoParse(text)
    return spec


def _card_types(what: str) -> frozenset[str]:
    """"artifact or creature", "artifact, creature, or land": the card types a phrase lists."""
    words = [w for w in re.split(r",? or |, ", what.strip().lower()) if w]
    types = frozenset(w.capitalize() for w in words)
    if not types or not types <= PERMANENT_CARD_TYPES:
        raise NoParse(what)
    return types


def _relation(second: _Second, first: TargetSpec) -> TargetRelation | None:
    if second.relation is None:
        return None
    if second.relation == "those_types":
        return SharesType(-1, _card_types(first.what))
    if second.relation == "card_type":
        return SharesType(-1, PERMANENT_CARD_TYPES)
    if second.relation == "power":
        return PowerAtMost()
    return ManaValueAtMost()


def _start(b: Builder) -> None:
    if b.targets:
        raise NoParse("exchange control")  # after other targets: the targets' places are ambiguous


def _second_target(b: Builder, second: _Second, first: TargetSpec | None) -> Who:
    spec = _single(second.text)
    rel = None
    if second.relation is not None:
        if first is None:
            raise NoParse(second.text)  # related to the ability's source
        rel = _relation(second, first)
    what = spec.what
    if what.lower().startswith("another "):
        if not b.is_spell:
            raise NoParse(what)  # on a permanent's ability: also another than the permanent?
        spec = TargetSpec(what[len("another "):], distinct=True, related=rel)
    else:
        spec = dataclasses.replace(spec, related=rel)
    return b.obj(ObjRef("target", spec))


@rule("effect", "Exchange control of <a:target> and <second:exchange_second>")
def exchange_targets(b: Builder, a: ObjRef, second: _Second) -> list[Any]:
    """CR 701.12a-b: Political Trickery, Legerdemain, Spawnbroker."""
    _start(b)
    first = a.spec
    assert first is not None
    if first.count != 1 or first.up_to or first.what.lower().startswith("another "):
        raise NoParse(first.what)
    wa = b.obj(a)
    wb = _second_target(b, second, first)
    return [ExchangeControl(wa, wb)]


@rule("effect", "Exchange control of <s:self> and <second:exchange_second>")
def exchange_self(b: Builder, s: str, second: _Second) -> list[Any]:
    """CR 701.12a: Phyrexian Infiltrator, Avarice Totem: the source must still be on the
    battlefield (Eyes Everywhere's ruling)."""
    _start(b)
    wa = b.obj(ObjRef("self"))
    wb = _second_target(b, second, None)
    return [ExchangeControl(wa, wb)]


_TWO = re.compile(r"(.+?)(?: that share a (card|permanent) type)?", re.I)


@kind("exchange_two")
def _read_two(text: str) -> tuple[TargetSpec, frozenset[str] | None]:
    """"creatures", "permanents that share a card type": the two targets' phrase (read as
    "two target <plural>") and the types they must share, if any."""
    m = _TWO.fullmatch(text)
    if m is None:
        raise NoParse(text)
    plural, share = m.groups()
    spec = target_spec(f"two target {plural}")
    if spec.count != 2 or spec.up_to:
        raise NoParse(text)
    types = None if share is None else PERMANENT_CARD_TYPES if share.lower() == "card" else PERMANENT_TYPES
    return spec, types


@rule("effect", "Exchange control of two target <two:exchange_two>")
def exchange_two(b: Builder, two: tuple[TargetSpec, frozenset[str] | None]) -> list[Any]:
    """CR 701.12a-b, 115.3: "two target creatures" are two different creatures (Switcheroo);
    "that share a card type" (Shifting Loyalties) / "a permanent type" (Role Reversal, CR
    110.4): each judged against the other as they are chosen and as the spell resolves (both
    illegal when they no longer share one: Shifting Loyalties' ruling)."""
    _start(b)
    spec, types = two
    what = spec.what
    first = TargetSpec(what, filter=spec.filter, related=None if types is None else SharesType(1, types))
    second = TargetSpec(what, filter=spec.filter, distinct=True,
                        related=None if types is None else SharesType(-1, types))
    wa = b.target(first)
    wb = b.target(second)
    b.last = wb
    return [ExchangeControl(wa, wb)]

"""Spells and what they do to the game (CR 608, 707.10, 701.6, 500.7, 305.2): copying a spell
or an ability on the stack, countering an activated or triggered ability, extra turns,
additional land plays, and addendum's "instead" (CR 207.2c).

Declined here: a copy of anything but the ability's first target (the engine copies its first
target), an addendum whose "instead" effect is not a damage amount, "those creatures" of
anything but a group the same ability named.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ....core.filters import Spell, StackAbility
from ...effects import CopyStackItem, CounterSpell, DealDamage
from ...effects.spells import IfCastInMainPhaseElse
from ...effects.turns import AdditionalLandPlays, PlayAdditionalLands, TakeExtraTurn
from ...subjects import Each
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import ObjRef, PlayerRef
from ..lines import SENTENCE_HOOKS
from ..text import Line

# --------------------------------------------------------------------------------------------
# copies of spells and abilities (CR 707.10)


def _instant_sorcery_or_ability(f: Any) -> bool:
    """"instant or sorcery spell [you control]", "activated or triggered ability": what a copy
    of may be put on the stack as the same kind of object (no permanent spell: its copy
    becomes a token, CR 707.10f)."""
    from ....core.filters import And, CardType, Or
    if isinstance(f, StackAbility):
        return True
    if isinstance(f, Or):
        return all(_instant_sorcery_or_ability(p) for p in f.parts)
    if isinstance(f, And):
        if any(isinstance(p, Spell) for p in f.parts):
            return any(isinstance(p, CardType) and p.name in ("Instant", "Sorcery") for p in f.parts)
        return any(_instant_sorcery_or_ability(p) for p in f.parts)
    return False


@rule("effect", "Copy <what:target>")
def copy_target(b: Builder, what: ObjRef) -> list[Any]:
    """CR 707.10: "Copy target instant or sorcery spell." (Twincast): the copy is created on
    the stack under this ability's controller, with every choice made for the original
    (modes, X, targets); it was not cast (CR 707.10). Its targets stay unless the next
    sentence lets the controller choose new ones (CR 707.10c)."""
    assert what.spec is not None
    if b.targets or what.spec.up_to or not _instant_sorcery_or_ability(what.spec.filter):
        raise NoParse("copy target")
    b.obj(what, frozenset({"stack"}))
    return [CopyStackItem("target", new_targets=False)]


def _new_targets_sentence(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"You may choose new targets for the copy." after "Copy target ...": CR 707.10c, the
    copy's controller may change any number of its targets (to other legal targets)."""
    if s.lower() != "you may choose new targets for the copy":
        return None
    if not out or not isinstance(out[-1], CopyStackItem) or out[-1].which != "target" or out[-1].new_targets:
        raise NoParse(s)
    return out[:-1] + [dataclasses.replace(out[-1], new_targets=True)]


SENTENCE_HOOKS.append(_new_targets_sentence)


# --------------------------------------------------------------------------------------------
# countering abilities (CR 701.6b)


@rule("effect", "Counter <what:target>")
def counter_ability(b: Builder, what: ObjRef) -> list[Any]:
    """CR 701.6b: "Counter target activated ability." (Azorius Guildmage), "Counter target
    activated or triggered ability." (Stifle): the ability is removed from the stack and
    doesn't resolve; mana abilities never go on the stack (CR 605.3a), so they can't be its
    target."""
    assert what.spec is not None
    f = what.spec.filter
    if not (isinstance(f, StackAbility) or (hasattr(f, "parts") and not isinstance(f, Spell)
                                             and any(isinstance(p, StackAbility) for p in f.parts)
                                             and not any(isinstance(p, Spell) for p in f.parts))):
        raise NoParse("counter target")
    if what.spec.up_to:
        raise NoParse("counter target")
    return [CounterSpell(b.obj(what, frozenset({"stack"})))]


# --------------------------------------------------------------------------------------------
# extra turns (CR 500.7) and additional land plays (CR 305.2)


@rule("effect", "Take an extra turn after this one", "<who:player> takes an extra turn after this one")
def extra_turn(b: Builder, who: PlayerRef | None = None) -> list[Any]:
    """CR 500.7: the extra turn is added directly after this one; of several extra turns, the
    most recently created is taken first."""
    if who is not None and who.kind not in ("target", "you"):
        raise NoParse("takes an extra turn")
    return [TakeExtraTurn() if who is None else TakeExtraTurn(b.player(who))]


_LANDS = {"an additional land": 1, "two additional lands": 2, "three additional lands": 3}


@rule("effect", "You may play <n:additional_lands> this turn")
def may_additional_land(b: Builder, n: int) -> list[Any]:
    """CR 305.2: a permission, not an instruction: nothing to choose as it resolves."""
    return [PlayAdditionalLands(n)]


@rule("static", "You may play <n:additional_lands> on each of your turns")
def additional_land_static(b: Builder, n: int, line: Line) -> list[Any]:
    """CR 305.2, 604.1: "You may play an additional land on each of your turns." (Exploration,
    Azusa): while the permanent is on the battlefield, its controller may play that many
    more lands during each of their turns."""
    return [AdditionalLandPlays(text=line.raw, n=n)]


@kind("additional_lands")
def _additional_lands(text: str) -> int:
    n = _LANDS.get(text.lower())
    if n is None:
        raise NoParse(text)
    return n


# --------------------------------------------------------------------------------------------
# addendum's "instead" (CR 207.2c, 608.2c)

_ADDENDUM_INSTEAD = "if you cast this spell during your main phase, "


def _addendum_instead(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"~ deals 3 damage to target tapped creature." then "If you cast this spell during your
    main phase, it deals 5 damage instead." (Summary Judgment): the damage of the effect before
    is the larger amount if the spell was cast during its controller's main phase (a copy
    wasn't cast: the first amount)."""
    import re
    low = s.lower()
    if not low.startswith(_ADDENDUM_INSTEAD) or not low.endswith(" instead"):
        return None
    if not b.is_spell:
        raise NoParse(s)
    m = re.fullmatch(r"(?:it|~) deals (\d+) damage instead", s[len(_ADDENDUM_INSTEAD):], re.IGNORECASE)
    prev = out[start:]
    if m is None or len(prev) != 1 or not isinstance(prev[0], DealDamage):
        raise NoParse(s)
    more = dataclasses.replace(prev[0], amount=int(m.group(1)))
    return out[:start] + [IfCastInMainPhaseElse((more,), (prev[0],))]


SENTENCE_HOOKS.append(_addendum_instead)


# --------------------------------------------------------------------------------------------
# "those creatures": the group the ability named before


@rule("effect", "put <n:amount> <counter:counter> counter(s|) on each of those creatures and they gain "
      "<kws:keywords> until end of turn")
def counters_on_those(b: Builder, n: Any, counter: str, kws: tuple[str, ...]) -> list[Any]:
    """"Creatures you control gain indestructible until end of turn." ... "put a +1/+1
    counter on each of those creatures and they gain vigilance until end of turn."
    (Unbreakable Formation): the same group, judged again as this resolves; nothing between
    the two changes which permanents it is (CR 608.2c)."""
    from ...effects import GainKeyword, PutCounters
    if not isinstance(b.last, Each):
        raise NoParse("those creatures")
    return [PutCounters(counter, n, b.last), GainKeyword(kws, b.last)]

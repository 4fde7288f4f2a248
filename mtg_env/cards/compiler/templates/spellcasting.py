"""Casting spells: what they cost and how they may be cast (CR 601.2b-h, 118.9): "as though it
had flash if you pay {2} more", cost reductions (CR 601.2f) counting attacking creatures, the
total mana value of permanents or cards in a graveyard, strive's increase for each target
beyond the first (and "any number of target creatures"), surge and spectacle (alternative
costs with a condition), "Equip—<cost>" and "unless {U} was spent to cast it" (CR 601.2h).

Declined here: cards with {X} in their cost beside a reduction (reductions are applied before X
is announced), Phyrexian mana in strive's increase, alternative costs on cards with several
faces.
"""

from __future__ import annotations

import re
from typing import Any

from ...abilities import TargetSpec
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import ObjRef
from ..text import Line

# --------------------------------------------------------------------------------------------
# "You may cast ~ as though it had flash if you pay {2} more to cast it." (CR 702.8a, 601.2f)


@rule("static", "You may cast <s:self> as though it had flash if you pay <more:mana> more to cast it")
@rule("spell_static", "You may cast <s:self> as though it had flash if you pay <more:mana> more to cast it")
def flash_for_more(b: Builder, s: str, more: str, line: Line) -> list[Any]:
    """Harbinger of the Tides: cast at any time it could be cast with flash for its mana cost
    and {2} more ("cast ~ with flash {2}{U}{U}"). It is offered as the card's only other way
    to pay (the card has no alternative cost, and it can't be cast without paying its mana cost
    this way, CR 118.9a); commander tax and cost changes apply as to the ordinary cast."""
    from ....core.mana import parse_mana_cost
    from ...altcast import AlternativeCost
    card = b.card
    cost = getattr(getattr(card, "front", None), "mana_cost", None)
    if not cost or "{X}" in cost or getattr(card, "layout", "") != "normal" or "Land" in card.type_line:
        raise NoParse(line.text)
    from ....core.mana import split_symbols
    extra = parse_mana_cost(more)
    if extra.x_count or extra.typed != (0,) * 6 or extra.hybrid:
        raise NoParse(line.text)
    n = parse_mana_cost(cost).generic + extra.generic
    total = parse_mana_cost(f"{{{n}}}" + "".join(f"{{{x}}}" for x in split_symbols(cost) if not x.isdigit()))
    return [AlternativeCost(text=line.raw, keyword="flash", cost=total)]


# --------------------------------------------------------------------------------------------
# cost reductions of the spell itself (CR 601.2f) beyond templates/costs.py's


def _normal_no_x(b: Builder, line: Line) -> None:
    """Reductions are applied before X is announced here: a card with {X} is not read."""
    cost = getattr(getattr(b.card, "front", None), "mana_cost", None)
    if cost is None or "{X}" in cost or getattr(b.card, "layout", "") != "normal":
        raise NoParse(line.text)


@kind("any_counted")
def _any_counted(text: str) -> Any:
    """What "for each" counts among every player's permanents: "attacking creature",
    "creature on the battlefield", "creature your opponents control"."""
    from ....core.filters import Permanent
    from ..lexicon import read_noun
    low = text.lower()
    if low.endswith(" on the battlefield"):
        text = text[: -len(" on the battlefield")]
    elif not (low.startswith(("attacking ", "blocking ", "tapped ")) or low.endswith(
            (" your opponents control", " an opponent controls", " you don't control"))):
        raise NoParse(text)
    if " and " in low or " or " in low:
        raise NoParse(text)
    f = read_noun(text)
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return f & Permanent()


@rule("static", "This spell costs <cost:mana> less to cast for each <what:any_counted>")
@rule("spell_static", "This spell costs <cost:mana> less to cast for each <what:any_counted>")
def costs_less_for_each_any(b: Builder, cost: str, what: Any, line: Line) -> list[Any]:
    """CR 601.2f: "This spell costs {1} less to cast for each attacking creature." (Ancient
    Stone Idol: any player's attacking creatures, counted as the total cost is determined)."""
    from ....core.mana import parse_mana_cost
    from ...spellcosts import CostReduction
    _normal_no_x(b, line)
    m = parse_mana_cost(cost)
    if m.typed != (0,) * 6 or m.hybrid or m.x_count or not m.generic:
        raise NoParse(line.text)
    return [CostReduction(text=line.raw, generic=m.generic, per=what)]


@rule("static", "This spell costs {X} less to cast, where X is the total mana value of <what:phrase>")
@rule("spell_static", "This spell costs {X} less to cast, where X is the total mana value of <what:phrase>")
def costs_less_total_mana_value(b: Builder, what: Any, line: Line) -> list[Any]:
    """CR 601.2f: "This spell costs {X} less to cast, where X is the total mana value of
    noncreature artifacts you control." (Metalwork Colossus): the generic part only, never
    below zero."""
    from ....core.filters import Permanent
    from ...spellcosts import ManaValueReduction
    _normal_no_x(b, line)
    if what.domain() not in (None, frozenset({"battlefield"})) or "you control" not in line.text.lower():
        raise NoParse(line.text)
    return [ManaValueReduction(text=line.raw, of=what & Permanent())]


# --------------------------------------------------------------------------------------------
# "Equip—<cost>" (CR 702.6a with a cost that isn't mana)


@rule("keyword", "Equip—<cost:cost>")
def equip_other_cost(b: Builder, cost: Any, line: Line) -> list[Any]:
    """"Equip—Discard a card." (Murderer's Axe; CR 702.6a, 602.1a): "[Cost]: Attach this
    permanent to target creature you control. Activate only as a sorcery." with that cost."""
    from ...abilities import Activated
    from ...effects import Attach
    if b.card is None or "Equipment" not in b.card.type_line:
        raise NoParse(line.text)
    if cost.tap or cost.untap or cost.sacrifice_self or cost.exile_self or cost.discard_self or cost.crew:
        raise NoParse(line.text)  # costs that would act on the Equipment itself: not read
    return [Activated(text=line.raw, keyword="equip", cost=cost, sorcery_speed=True, effects=(Attach(),),
                      targets=(TargetSpec("creature you control"),))]


# --------------------------------------------------------------------------------------------
# "sacrifice it unless {U} was spent to cast it" (CR 601.2h)


@rule("effect", "sacrifice <s:obj> unless <sym:one_mana> was spent to cast it")
def sacrifice_unless_spent(b: Builder, s: ObjRef, sym: str) -> list[Any]:
    """"When ~ enters, sacrifice it unless {U} was spent to cast it." (Azorius Herald; the
    Dissension cycle): a permanent that entered without being cast is sacrificed (the card's
    ruling)."""
    from ...effects.spells import SacrificeUnlessSpent
    from ...subjects import SELF
    if s.kind not in ("self", "it") or b.last not in (None, SELF) or b.notes.get("activated"):
        raise NoParse("sacrifice it unless")
    b.last = SELF
    return [SacrificeUnlessSpent(sym)]


@kind("one_mana")
def _one_mana(text: str) -> str:
    m = re.fullmatch(r"\{([WUBRGC])\}", text)
    if not m:
        raise NoParse(text)
    return m.group(1)


# --------------------------------------------------------------------------------------------
# strive (CR 207.2c, 601.2f): "This spell costs {2}{U} more to cast for each target beyond the
# first." and "any number of target creatures" (CR 601.2c: none, one or more)

#: "any number of" targets: as many as there are (the engine offers "done" at any point)
ANY_NUMBER = 1000


@rule("spell_static", "This spell costs <cost:mana> more to cast for each target beyond the first")
def strive(b: Builder, cost: str, line: Line) -> list[Any]:
    """Strive: the increase is added to the total cost once the targets are chosen (CR
    601.2f); a target the caster couldn't pay for is not offered."""
    from ....core.mana import parse_mana_cost
    from ...spellcosts import Strive
    _normal_no_x(b, line)
    m = parse_mana_cost(cost)
    if m.x_count or m.phyrexian:
        raise NoParse(line.text)
    return [Strive(text=line.raw, cost=m)]


@kind("any_number_target")
def _any_number_target(text: str) -> ObjRef:
    """"any number of target creatures" (permanents on the battlefield)."""
    from ..lexicon import read_noun
    low = text.lower()
    if not low.startswith("any number of target "):
        raise NoParse(text)
    what = text[len("any number of target "):]
    f = read_noun(what)
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return ObjRef("target", TargetSpec(what, count=ANY_NUMBER, up_to=True, label=f"any number of {what}", filter=f))


def _every_target(b: Builder, ref: ObjRef) -> Any:
    """The spec's targets (effects/counted.SpecTargets): the ability's only targets."""
    from ...effects.counted import SpecTargets
    assert ref.spec is not None
    if b.targets or not ref.spec.where <= frozenset({"battlefield"}):
        raise NoParse(ref.spec.what)
    b.targets.append(ref.spec)
    who = SpecTargets(len(b.targets) - 1)
    b.last = who
    return who


@rule("effect", "<what:any_number_target> each get <pt:pt> and gain <kws:keywords> until end of turn")
def any_number_pump_and_gain(b: Builder, what: ObjRef, pt: Any, kws: tuple[str, ...]) -> list[Any]:
    """"Any number of target creatures each get +1/+1 and gain flying until end of turn."
    (Aerial Formation; CR 611.2a, 613.4c)."""
    from ...effects import GainKeyword, Pump
    who = _every_target(b, what)
    return [Pump(pt.power, pt.toughness, who), GainKeyword(kws, who)]


@rule("effect", "<what:any_number_target> each get <pt:pt> until end of turn")
def any_number_pump(b: Builder, what: ObjRef, pt: Any) -> list[Any]:
    from ...effects import Pump
    return [Pump(pt.power, pt.toughness, _every_target(b, what))]


@rule("effect", "<what:any_number_target> each gain <kws:keywords> until end of turn")
def any_number_gain(b: Builder, what: ObjRef, kws: tuple[str, ...]) -> list[Any]:
    from ...effects import GainKeyword
    return [GainKeyword(kws, _every_target(b, what))]


@rule("effect", "<what:any_number_target> can't block this turn")
def any_number_cant_block(b: Builder, what: ObjRef) -> list[Any]:
    """"Any number of target creatures can't block this turn." (Blinding Flare)."""
    from ....core.chars import Flag
    from ...effects.combat import FlagUntilEOT
    return [FlagUntilEOT((Flag.CANT_BLOCK,), _every_target(b, what))]


@rule("effect", "Return <what:any_number_target> to their owners' hands")
def any_number_bounce(b: Builder, what: ObjRef) -> list[Any]:
    """"Return any number of target enchantments to their owners' hands." (Kiora's Dismissal)."""
    from ...effects import ReturnToHand
    return [ReturnToHand(_every_target(b, what))]


@rule("effect", "Destroy <what:any_number_target>")
def any_number_destroy(b: Builder, what: ObjRef) -> list[Any]:
    from ...effects import Destroy
    return [Destroy(_every_target(b, what))]


@rule("effect", "Choose <what:any_number_target>")
def choose_any_number(b: Builder, what: ObjRef) -> list[Any]:
    """"Choose any number of target creatures. Put a +1/+1 counter on each of them." (Nature's
    Panoply): the targets, which the next sentence acts on."""
    _every_target(b, what)
    b.notes["needs_more"] = "Choose any number of target creatures"
    return []


@rule("effect", "Put <n:amount> <counter:counter> counter(s|) on each of them")
def counters_on_each_of_them(b: Builder, n: Any, counter: str) -> list[Any]:
    from ...effects import PutCounters
    from ...effects.counted import SpecTargets
    if not isinstance(b.last, SpecTargets):
        raise NoParse("each of them")
    b.notes.pop("needs_more", None)
    return [PutCounters(counter, n, b.last)]


# --------------------------------------------------------------------------------------------
# surge (CR 702.117) and spectacle (CR 702.137): alternative costs with a condition


@rule("keyword", "Surge <cost:mana>", "Spectacle <cost:mana>")
def surge_or_spectacle(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.117a: "You may cast this spell by paying [cost] rather than paying its mana cost
    if you or a teammate has cast another spell this turn." (surge); CR 702.137a: "... if an
    opponent lost life this turn." (spectacle). Offered beside the ordinary cast when the
    condition holds (engine/altcast.alternative_allowed)."""
    from ....core.mana import parse_mana_cost
    from ...altcast import AlternativeCost
    if getattr(b.card, "layout", None) != "normal":
        raise NoParse(line.text)
    m = parse_mana_cost(cost)
    if m.x_count:
        raise NoParse(line.text)
    return [AlternativeCost(text=line.raw, keyword=line.text.split()[0].lower(), cost=m)]


for _kw in ("surge", "spectacle"):
    def _paid(b: Builder, kw: str = _kw) -> Any:
        """CR 702.117b, 702.137b: "When ~ enters, if its surge cost was paid, ..." (the
        permanent remembers the alternative cost its spell was cast with)."""
        from ...altcast import PaidAlternative
        return PaidAlternative(kw)
    rule("condition", f"its {_kw} cost was paid")(_paid)


# --------------------------------------------------------------------------------------------
# cost reductions counting cards in a graveyard (CR 601.2f)


@rule("static", "This spell costs <cost:mana> less to cast for each <what:gy_card> in your graveyard")
@rule("spell_static", "This spell costs <cost:mana> less to cast for each <what:gy_card> in your graveyard")
def costs_less_for_each_card_in_graveyard(b: Builder, cost: str, what: Any, line: Line) -> list[Any]:
    """CR 601.2f: "This spell costs {1} less to cast for each creature card in your graveyard."
    (Ghoultree): counted as the total cost is determined."""
    from ....core.mana import parse_mana_cost
    from ...spellcosts import CardCountReduction
    _normal_no_x(b, line)
    m = parse_mana_cost(cost)
    if m.typed != (0,) * 6 or m.hybrid or m.x_count or not m.generic:
        raise NoParse(line.text)
    return [CardCountReduction(text=line.raw, generic=m.generic, zone="graveyard", cards=what)]


@kind("gy_card")
def _gy_card(text: str) -> Any:
    """"creature card", "instant or sorcery card", "card": cards in a graveyard."""
    from ....core.filters import Anything
    from ..lexicon import read_noun
    low = text.lower()
    if not low.endswith("card"):
        raise NoParse(text)
    if low == "card":
        return Anything()
    f = read_noun(text)
    if f.domain() not in (None, frozenset({"graveyard"})):
        raise NoParse(text)
    return f

"""Templates for cards the Forge puzzles need (issue 15; tests/compiler/test_templates_pzcards.py):

- "Target creature gets +1/+1 until end of turn for each creature you control." (Might of the
  Masses, Knotvine Paladin's "it gets +1/+1 until end of turn for each untapped creature you
  control"): counted once as the effect resolves and locked in (CR 608.2h, 611.2c; the rulings);
- "~ deals 1 damage to any target and 1 damage to you." (Granger Guildmage): one source's
  damage dealt at the same time (CR 120.3);
- "Whenever enchanted/equipped creature deals damage, ..." (Armadillo Cloak, Spirit Link): once
  for the damage it deals at the same time, "that much" its total (CR 120.3, 603.2).

"Spend only black mana on X." after an activated ability's effect (Crypt Rats) is read by
lines.activated (ManaCost.x_type).
"""

from __future__ import annotations

import re
from typing import Any

from ....core.filters import Filter
from ...abilities import TriggerEvent
from ...effects import DealDamage, Pump
from ...effects.combat import EVENT_OBJECT_OF_DAMAGE
from ...effects.pzcards import AtOnce, Times
from ...subjects import CONTROLLER, Count
from ..builder import Builder
from ..grammar import FAIL, NoParse, kind, rule
from ..lexicon import PT, ObjRef, PlayerRef, read_noun, read_number
from ..text import Line
from .effects import _damage_source

E = TriggerEvent


def _scaled(k: int, n: Count) -> Any:
    return 0 if k == 0 else n if k == 1 else Times(k, n)


@rule("effect", "<what:obj> gets <pt:pt> until end of turn for each <n:each_counted>",
      "<what:objs> get <pt:pt> until end of turn for each <n:each_counted>")
def pump_for_each(b: Builder, what: ObjRef, pt: PT, n: Count) -> list[Any]:
    """CR 613.4c, 608.2h: "Target creature gets +1/+1 until end of turn for each creature you
    control." The number is counted as the effect resolves and doesn't change later (Might of
    the Masses' ruling); a targeted creature you control counts itself."""
    if not isinstance(pt.power, int) or not isinstance(pt.toughness, int):
        raise NoParse("for each")
    who = b.obj(what)
    return [Pump(_scaled(pt.power, n), _scaled(pt.toughness, n), who)]


@rule("effect", "<source:obj> deals <n:amount> damage to <to:obj> and <m:amount> damage to you")
def damage_and_damage_to_you(b: Builder, source: ObjRef, n: Any, to: ObjRef, m: Any) -> list[Any]:
    """CR 120.3: "~ deals 1 damage to any target and 1 damage to you." (Granger Guildmage): the
    source deals both at the same time. If the target is illegal as the ability resolves, the
    ability doesn't resolve and no damage is dealt (CR 608.2b)."""
    _damage_source(b, source)
    if to.kind != "target":
        raise NoParse("damage to")
    who = b.obj(to, frozenset({"battlefield", "players"}))
    return [AtOnce((DealDamage(n, who), DealDamage(m, CONTROLLER)))]


@rule("trigger", "Whenever <what:attached_creature> deals damage")
def attached_deals_damage(b: Builder, what: Filter) -> dict[str, Any]:
    """CR 120.3, 603.2: "Whenever enchanted creature deals damage, you gain that much life."
    (Armadillo Cloak): once for the damage the creature deals at the same time (a combat damage
    step's, one effect's), combat or not; "that much" is the total. It isn't lifelink: each
    Cloak's ability triggers separately (its ruling)."""
    return {"event": E.DEALS_DAMAGE, "subject": what, "event_obj": EVENT_OBJECT_OF_DAMAGE}


# --------------------------------------------------------------------------------------------
# the Traps: "If <condition>, you may pay <cost> rather than pay this spell's mana cost."
# (CR 118.9, 601.2b)

_ATTACKING_N = re.compile(r"(exactly one|one|two|three|four|five|six|seven|\d+)( or more)? creatures? (is|are) attacking",
                          re.I)
_A_ATTACKING = re.compile(r"an? (.+) is attacking", re.I)
_DAMAGED_BY = re.compile(r"you've been dealt damage by (two|three|four|\d+) or more creatures this turn", re.I)


@kind("trap_condition")
def _trap_condition(text: str) -> Filter:
    """"exactly one creature is attacking", "four or more creatures are attacking", "a white
    creature is attacking", "you've been dealt damage by two or more creatures this turn"."""
    from ...traps import CreaturesAttacking, DealtDamageByCreatures
    m = _ATTACKING_N.fullmatch(text)
    if m:
        word, more = m.group(1).lower(), m.group(2)
        if word == "exactly one":
            if more:
                raise NoParse(text)
            return CreaturesAttacking(1, exactly=True)
        if not more:
            raise NoParse(text)  # "If one creature is attacking": not a wording in use
        return CreaturesAttacking(read_number(word))
    m = _DAMAGED_BY.fullmatch(text)
    if m:
        return DealtDamageByCreatures(read_number(m.group(1)))
    m = _A_ATTACKING.fullmatch(text)
    if m:
        what = read_noun(m.group(1))
        if what.domain() not in (None, frozenset({"battlefield"})) or "creature" not in m.group(1).lower():
            raise NoParse(text)
        return CreaturesAttacking(1, what=what)
    raise NoParse(text)


@rule("spell_static", "If <cond:trap_condition>, you may pay <cost:mana> rather than pay this spell's mana cost")
def trap(b: Builder, cond: Filter, cost: str, line: Line) -> list[Any]:
    """CR 118.9, 601.2b: "If exactly one creature is attacking, you may pay {W} rather than pay
    this spell's mana cost." (Pitfall Trap): "cast ~ with trap {W}" is offered beside the
    ordinary cast while the condition holds (judged as the spell is cast; it doesn't matter if
    it stops holding later)."""
    from ....core.mana import parse_mana_cost
    from ...altcast import AlternativeCost
    if getattr(b.card, "layout", None) != "normal":
        raise NoParse(line.text)
    m = parse_mana_cost(cost)
    if m.x_count:
        raise NoParse(line.text)
    return [AlternativeCost(text=line.raw, keyword="trap", cost=m, condition=cond)]


# --------------------------------------------------------------------------------------------
# "each opponent loses life equal to the number of tapped creatures you control" (CR 608.2h)


@kind("number_of_text")
def _number_of_text(text: str) -> str:
    """What "equal to the number of" counts, read by the rule (it may name a target player)."""
    if not text or " equal to " in text.lower():
        raise NoParse(text)
    return text


def _life_equal(lose: bool) -> Any:
    def build(b: Builder, who: PlayerRef, t: str) -> list[Any]:
        from ...effects import GainLife, LoseLife
        n = _count(b, t)
        player = b.player(who)
        return [LoseLife(n, player) if lose else GainLife(n, player)]
    return build


rule("effect", "<who:player> (lose|loses) life equal to the number of <t:number_of_text>")(_life_equal(True))
rule("effect", "<who:player> (gain|gains) life equal to the number of <t:number_of_text>")(_life_equal(False))


_NAMED_IN = re.compile(r"cards named ~ in (your graveyard|all graveyards)", re.I)


def _count(b: Builder, t: str) -> Any:
    """"cards named ~ in all graveyards" (Accumulated Knowledge: the card's own name, CR 201.5;
    the spell itself is on the stack as it resolves, so it isn't counted), else what
    spells.py's "the number of" reads."""
    from ...effects.spells import CardsIn
    m = _NAMED_IN.fullmatch(t)
    if m:
        from ....core.filters import Named
        return CardsIn("graveyard", Named(b.card.name), "you" if m.group(1).lower() == "your graveyard" else "all")
    from .spells import _number_of
    try:
        return _number_of(t, b)
    except FAIL:
        raise NoParse(t) from None


@rule("effect", "Draw cards equal to the number of <t:number_of_text>",
      "<who:player> (draw|draws) cards equal to the number of <t:number_of_text>")
def draw_equal_to_number(b: Builder, t: str, who: PlayerRef | None = None) -> list[Any]:
    """CR 121.1, 608.2h: "Draw a card, then draw cards equal to the number of cards named ~ in
    all graveyards." (Accumulated Knowledge): counted as that part of the effect happens."""
    from ...effects import Draw
    n = _count(b, t)
    return [Draw(n, CONTROLLER if who is None else b.player(who))]


# --------------------------------------------------------------------------------------------
# "~ deals 5 damage divided as you choose among any number of target attacking creatures"
# (CR 601.2d)

_AMONG = re.compile(r"(one or two|one, two, or three) targets|any number of target (.+)", re.I)


@kind("divided_targets")
def _divided_targets(text: str) -> tuple[str, str | None]:
    m = _AMONG.fullmatch(text)
    if m is None:
        raise NoParse(text)
    return (m.group(1) or "any number").lower(), m.group(2)


@rule("effect", "<s:self> deals <n:n> damage divided as you choose among <t:divided_targets>")
def divided_damage(b: Builder, s: str, n: int, t: tuple[str, str | None]) -> list[Any]:
    """CR 601.2d: "~ deals 2 damage divided as you choose among one or two targets." (Twin
    Bolt), "... among any number of target attacking creatures" (Arrow Volley Trap): the
    division is announced as the spell is cast, at least 1 to each target (so at most N
    targets), and kept if a target becomes illegal (CR 608.2b: that target's share isn't dealt;
    engine/casting.divide, effects.DealDividedDamage). Read only as an instant's or sorcery's
    whole effect (not a mode's, nor a triggered or activated ability's)."""
    from ...abilities import TargetSpec
    from ...effects import DealDividedDamage
    if not b.notes.get("spell_effect") or b.targets or b.notes.get("divide") or n < 1:
        raise NoParse("divided")
    how, what = t
    if how == "any number":
        assert what is not None
        f = read_noun(what)
        if f.domain() not in (None, frozenset({"battlefield"})):
            raise NoParse(what)
        spec = TargetSpec(what, count=n, up_to=True, label=f"any number of {what}", filter=f)
    else:
        most = 2 if how == "one or two" else 3
        spec = TargetSpec("any", count=min(most, n), minimum=1, label=f"any target, {how}")
    b.targets.append(spec)
    b.notes["divide"] = n
    b.last = None
    return [DealDividedDamage()]


# --------------------------------------------------------------------------------------------
# "(Seat of the Synod isn't a spell.)" (CR 305.9)


@rule("static", "<s:self> isn't a spell")
def not_a_spell(b: Builder, s: str, line: Line) -> list[Any]:
    """CR 305.9: "(~ isn't a spell.)", the reminder on artifact lands: a land that is also
    another card type can only be played as a land, never cast (engine/legal.py plays every
    land as a land). No ability."""
    types = getattr(b.card, "type_line", "").split("—")[0].split()
    if not line.reminder_only or "Land" not in types:
        raise NoParse(line.text)
    return []


@rule("effect", "Until end of turn, <what:obj> gets <pt:pt> and gains <kws:keywords>",
      "Until end of turn, <what:objs> get <pt:pt> and gain <kws:keywords>",
      "Until end of turn, <what:group> get <pt:pt> and gain <kws:keywords>")
def until_eot_pump_and_gain(b: Builder, what: ObjRef, pt: PT, kws: tuple[str, ...]) -> list[Any]:
    """"Until end of turn, creatures you control get +1/+1 and gain haste." (Heroic
    Reinforcements): the same as "... get +1/+1 and gain haste until end of turn", the
    creatures affected locked in as it resolves (CR 611.2c), the tokens it just created among
    them."""
    from ...effects import GainKeyword
    who = b.obj(what)
    return [Pump(pt.power, pt.toughness, who), GainKeyword(kws, who)]


@rule("effect", "Return <a:target> and <c:target> to their owners' hands")
def return_two_targets(b: Builder, a: ObjRef, c: ObjRef) -> list[Any]:
    """"Return target nonland permanent you control and target nonland permanent you don't
    control to their owners' hands." (Rite of Undoing, Peel from Reality): both at once (CR
    603.10a); one that has become illegal stays (CR 608.2b)."""
    from ...effects import ReturnToHand
    from ...effects.pzcards import Targets
    from ...subjects import Target
    wa, wc = b.obj(a), b.obj(c)
    if not isinstance(wa, Target) or not isinstance(wc, Target):
        raise NoParse("return")
    both = Targets((wa.index, wc.index))
    b.last = both
    return [ReturnToHand(both)]

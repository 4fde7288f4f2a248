"""Combat (CR 506-511) and the abilities that work in it.

- Triggers: "Whenever ~ deals combat damage to a player / to a creature" (CR 510.3a), "deals
  damage to a player / an opponent", "is dealt damage" (once for damage dealt at the same time),
  "attacks", "attacks alone" (CR 506.5), "~ and at least two other creatures attack",
  "blocks", "blocks a creature", "becomes blocked (by a creature)" (CR 509.3a-d), "attacks and
  isn't blocked" (509.3g), "Whenever you attack" (508.3d), "At the beginning of combat on your
  turn" (CR 507), "At end of combat" (511.2); of an equipped or enchanted creature, or of "a
  creature you control". "That much" is the damage the event dealt.
- Keywords the engine applies: landwalk (702.14), fear, intimidate, shadow, horsemanship, skulk
  (509.1b), protection (702.16: damage, enchanting/equipping, blocking, targeting), infect and
  wither (120.3); keywords that are triggered abilities: prowess (702.108), exalted (702.83),
  bushido (702.45), battle cry (702.91), flanking (702.25), rampage (702.23), melee (702.121).
- Restrictions and requirements: "can't be blocked (by ... / except by ... / by more than one
  creature)", "can block only creatures with flying", "can't block <creatures>", "can't attack
  unless defending player controls ..." (508.1c, 509.1a-b), "attacks each combat if able" and
  "All creatures able to block ~ do so" (508.1d, 509.1c: the most requirements obeyed); their
  "this turn" forms; "You may have ~ assign its combat damage as though it weren't blocked";
  "Cast this spell only during combat" (601.3).
- Fight (CR 701.14) and "gains protection from the color of your choice".
"""

from __future__ import annotations

import re
from typing import Any

from ....core.chars import Flag
from ....core.filters import YOU, AttachedToSource, Filter, Permanent
from ....core.modifications import AddFlags
from ...abilities import (
    AssignAsUnblocked,
    AttackRestriction,
    BlockRestriction,
    CastRestriction,
    Keyword,
    Triggered,
    TriggerEvent,
)
from ...effects import Pump
from ...effects.combat import (
    EVENT_AMOUNT,
    EVENT_OBJECT_OF_DAMAGE,
    EVENT_OTHER,
    SELF_OF_DAMAGE,
    BlockersBeyondFirst,
    EventObjectOfDamage,
    Fight,
    FlagUntilEOT,
    OpponentsAttacked,
    ProtectionOfChoice,
    SelfOfDamage,
)
from ...subjects import EVENT_OBJECT, SELF, Each
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import NUMBERS, ObjRef, engine_keyword, read_noun, read_objs
from ..text import Line
from .statics import _static

E = TriggerEvent

# ---- keywords the engine applies wherever an object has them (engine/combat.py, targets.py,
# primitives.py)
engine_keyword("fear", "intimidate", "shadow", "horsemanship", "skulk",          # CR 509.1b
               "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk",  # CR 702.14c
               "infect", "wither",                                               # CR 120.3
               "protection from everything", "protection from creatures", "protection from multicolored",
               "protection from artifacts",
               *(f"protection from {c}" for c in ("white", "blue", "black", "red", "green")))  # CR 702.16


@kind("protections")
def _protections(text: str) -> tuple[str, ...]:
    """"Protection from red", "Protection from white and from blue" (CR 702.16g)."""
    low = text.lower()
    if not low.startswith("protection from "):
        raise NoParse(text)
    parts = [p.strip() for p in re.split(r",? and from |, from ", low[len("protection from "):])]
    names = tuple(f"protection from {p}" for p in parts)
    from ..lexicon import ENGINE_KEYWORDS
    if any(n not in ENGINE_KEYWORDS for n in names):
        raise NoParse(text)
    return names


@rule("keyword", "<kws:protections>")
def protection(b: Builder, kws: tuple[str, ...], line: Line) -> list[Keyword]:
    """CR 702.16: damage from such sources is prevented (702.16e), they can't block it
    (702.16f), target it (702.16b), or stay attached to it (702.16c-d)."""
    return [Keyword(text=line.raw, names=kws)]


def _pump_self(line: Line, event: Any, p: int, t: int, **kw: Any) -> list[Any]:
    return [Triggered(text=line.raw, event=event, effects=(Pump(p, t, SELF),), **kw)]


@rule("keyword", "Prowess")
def prowess(b: Builder, line: Line) -> list[Any]:
    """CR 702.108a: "Whenever you cast a noncreature spell, this creature gets +1/+1 until end
    of turn." """
    return _pump_self(line, E.CAST, 1, 1, actor=YOU, subject=read_noun("noncreature spell"))


@rule("keyword", "Exalted")
def exalted(b: Builder, line: Line) -> list[Any]:
    """CR 702.83a: "Whenever a creature you control attacks alone, that creature gets +1/+1
    until end of turn." Each instance triggers (702.83b)."""
    return [Triggered(text=line.raw, event=E.ATTACKS_ALONE, subject=read_noun("creature you control"),
                      effects=(Pump(1, 1, EVENT_OBJECT),))]


@rule("keyword", "Bushido <n:n>")
def bushido(b: Builder, n: int, line: Line) -> list[Any]:
    """CR 702.45a: "Whenever this creature blocks or becomes blocked, it gets +N/+N until end of
    turn." """
    return _pump_self(line, (E.BLOCKS, E.BECOMES_BLOCKED), n, n)


@rule("keyword", "Battle cry")
def battle_cry(b: Builder, line: Line) -> list[Any]:
    """CR 702.91a: "Whenever this creature attacks, each other attacking creature gets +1/+0
    until end of turn." """
    each = read_objs("each other attacking creature")
    assert each.filter is not None
    return [Triggered(text=line.raw, event=E.ATTACKS, effects=(Pump(1, 0, Each(each.filter)),))]


@rule("keyword", "Flanking")
def flanking(b: Builder, line: Line) -> list[Any]:
    """CR 702.25a: "Whenever this creature becomes blocked by a creature without flanking, the
    blocking creature gets -1/-1 until end of turn." (judged as it blocks, CR 509.3f); each
    instance triggers (702.25b)."""
    # the keyword itself too: a blocker "without flanking" is judged by its keywords
    return [Keyword(text=line.raw, names=("flanking",)),
            Triggered(text=line.raw, event=E.BLOCKED_BY_NO_FLANKING, effects=(Pump(-1, -1, EVENT_OTHER),))]


@rule("keyword", "Rampage <n:n>")
def rampage(b: Builder, n: int, line: Line) -> list[Any]:
    """CR 702.23a: "Whenever this creature becomes blocked, it gets +N/+N until end of turn for
    each creature blocking it beyond the first." Counted as it resolves (702.23b)."""
    bonus = BlockersBeyondFirst(n)
    return [Triggered(text=line.raw, event=E.BECOMES_BLOCKED, effects=(Pump(bonus, bonus, SELF),))]


@rule("keyword", "Melee")
def melee(b: Builder, line: Line) -> list[Any]:
    """CR 702.121a: "Whenever this creature attacks, it gets +1/+1 until end of turn for each
    opponent you attacked with a creature this combat." (counted as it resolves)."""
    bonus = OpponentsAttacked()
    return [Triggered(text=line.raw, event=E.ATTACKS, effects=(Pump(bonus, bonus, SELF),))]


# ---- static restrictions and requirements


@rule("static", "<who:affected> can block only creatures with flying")
def blocks_only_flying(b: Builder, who: Filter, line: Line) -> list[Any]:
    """CR 509.1a: a restriction on what it may block."""
    return _static(line, who, AddFlags((Flag.BLOCKS_ONLY_FLYING,)))


@rule("static", "<who:affected> can't be blocked by more than one creature")
def one_blocker(b: Builder, who: Filter, line: Line) -> list[Any]:
    """CR 509.1b: a restriction on blocks (with menace it can't be blocked at all)."""
    return _static(line, who, AddFlags((Flag.ONE_BLOCKER,)))


@rule("static", "All creatures able to block <who:affected> do so")
def lure(b: Builder, who: Filter, line: Line) -> list[Any]:
    """CR 509.1c: a requirement on each creature able to block it; the blocks declared obey as
    many such requirements as can be obeyed."""
    return _static(line, who, AddFlags((Flag.LURE,)))


@rule("static", "You may have <s:self> assign its combat damage as though it weren't blocked")
def assign_as_unblocked(b: Builder, s: str, line: Line) -> list[Any]:
    """CR 510.1c: as combat damage is assigned, its controller may assign all of it to the
    player it attacks instead of its blockers (not divided between them: Gatherer ruling)."""
    return [AssignAsUnblocked(text=line.raw)]


@kind("blockers")
def _blockers(text: str) -> Filter:
    """Creatures a restriction names: "creatures with power 2 or less", "Walls", "artifact
    creatures" (not a number of creatures: "two or more creatures")."""
    low = text.lower()
    first = low.split(" ", 1)[0]
    if first in NUMBERS or first.isdigit() or first in ("more", "fewer", "a", "an", "one"):
        raise NoParse(text)
    f = read_noun(text)
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return f


@rule("static", "<s:self> can't be blocked by <by:blockers>")
def cant_be_blocked_by(b: Builder, s: str, by: Filter, line: Line) -> list[Any]:
    """CR 509.1b: "~ can't be blocked by creatures with power 2 or less." (judged relative to
    it)."""
    return [BlockRestriction(text=line.raw, by=by)]


@rule("static", "<s:self> can't block <by:blockers>")
def cant_block_these(b: Builder, s: str, by: Filter, line: Line) -> list[Any]:
    """CR 509.1a: "~ can't block creatures with power 2 or greater." (judged relative to it)."""
    return [BlockRestriction(text=line.raw, by=by, of_blocker=True)]


@rule("static", "<s:self> can't be blocked except by <by:blockers>")
def cant_be_blocked_except_by(b: Builder, s: str, by: Filter, line: Line) -> list[Any]:
    """CR 509.1b: "~ can't be blocked except by Walls." """
    return [BlockRestriction(text=line.raw, by=by, only=True)]


@rule("static", "<who:affected> can't be blocked")
def unblockable(b: Builder, who: Filter, line: Line) -> list[Any]:
    """CR 509.1b: "~ can't be blocked." (a restriction on blocks)."""
    return _static(line, who, AddFlags((Flag.UNBLOCKABLE,)))


@rule("static", "<who:affected> attacks each combat if able", "<who:affected> attack each combat if able")
def must_attack(b: Builder, who: Filter, line: Line) -> list[Any]:
    """CR 508.1d: a requirement; the attackers declared must obey as many as they can."""
    return _static(line, who, AddFlags((Flag.MUST_ATTACK,)))


@rule("effect", "<what:obj> can't be blocked this turn")
def unblockable_this_turn(b: Builder, what: ObjRef) -> list[Any]:
    """CR 611.2a, 509.1b: "Target creature can't be blocked this turn." """
    return [FlagUntilEOT((Flag.UNBLOCKABLE,), b.obj(what))]


@rule("effect", "<what:obj> can't block this turn")
def cant_block_this_turn(b: Builder, what: ObjRef) -> list[Any]:
    """CR 611.2a, 509.1a: "Target creature can't block this turn." """
    return [FlagUntilEOT((Flag.CANT_BLOCK,), b.obj(what))]


@kind("a_permanent")
def _a_permanent(text: str) -> Filter:
    """"an Island", "a snow land", "a Forest or a Plains": a permanent a player controls."""
    low = text.lower()
    if not low.startswith(("a ", "an ")):
        raise NoParse(text)
    rest = re.sub(r" or an? ", " or ", text.split(" ", 1)[1])
    f = read_noun(rest)
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return f & Permanent()


@rule("static", "<s:self> can't attack unless defending player controls <what:a_permanent>")
def cant_attack_unless(b: Builder, s: str, what: Filter, line: Line) -> list[Any]:
    """CR 508.1c: it may attack only a player who controls such a permanent."""
    return [AttackRestriction(text=line.raw, controls=what)]


@rule("effect", "All creatures able to block <what:obj> this turn do so")
def lure_this_turn(b: Builder, what: ObjRef) -> list[Any]:
    """CR 611.2a, 509.1c: "All creatures able to block target creature this turn do so." """
    return [FlagUntilEOT((Flag.LURE,), b.obj(what))]


@rule("effect", "<what:obj> gains protection from the color of your choice until end of turn")
def protection_of_choice(b: Builder, what: ObjRef) -> list[Any]:
    """CR 702.16, 608.2d: the color is chosen as it resolves."""
    return [ProtectionOfChoice(b.obj(what))]


def _per_blocker(b: Builder, what: ObjRef, pt: Any, skip: int) -> list[Any]:
    who = b.obj(what)
    if who is not SELF:
        raise NoParse("blocking another creature")  # "blocking it" is the ability's own creature
    return [Pump(BlockersBeyondFirst(pt.power, skip), BlockersBeyondFirst(pt.toughness, skip), SELF)]


@rule("effect", "<what:obj> gets <pt:pt> until end of turn for each creature blocking it")
def pump_per_blocker(b: Builder, what: ObjRef, pt: Any) -> list[Any]:
    """"it gets +1/+1 until end of turn for each creature blocking it" (counted as it resolves,
    as rampage, CR 702.23b), of the ability's own creature."""
    return _per_blocker(b, what, pt, 0)


@rule("effect", "<what:obj> gets <pt:pt> until end of turn for each creature blocking it beyond the first")
def pump_per_blocker_beyond_first(b: Builder, what: ObjRef, pt: Any) -> list[Any]:
    return _per_blocker(b, what, pt, 1)


def _that_much(b: Builder) -> None:
    if not isinstance(b.event, (SelfOfDamage, EventObjectOfDamage)) and not getattr(b.event, "has_amount", False):
        raise NoParse("that much")  # only the damage (and life gain) triggers say how much


@rule("effect", "<source:obj> deals that much damage to <to:obj>", "<source:obj> deals that much damage to <to:player>",
      "<source:obj> deals that much damage to <to:objs>")
def deal_that_much(b: Builder, source: ObjRef, to: Any) -> list[Any]:
    """"Whenever ~ is dealt damage, it deals that much damage to any target." (CR 603.7c)."""
    _that_much(b)
    from .effects import deal_damage
    return list(deal_damage(b, source, EVENT_AMOUNT, to))


@rule("effect", "<who:player> (gain|gains) that much life")
def gain_that_much(b: Builder, who: Any) -> list[Any]:
    _that_much(b)
    from ...effects import GainLife
    return [GainLife(EVENT_AMOUNT, b.player(who))]


@rule("effect", "<who:player> (lose|loses) that much life")
def lose_that_much(b: Builder, who: Any) -> list[Any]:
    _that_much(b)
    from ...effects import LoseLife
    return [LoseLife(EVENT_AMOUNT, b.player(who))]


@rule("effect", "Draw that many cards", "<who:player> (draw|draws) that many cards")
def draw_that_many(b: Builder, who: Any = None) -> list[Any]:
    _that_much(b)
    from ...effects import Draw
    from ...subjects import CONTROLLER
    return [Draw(EVENT_AMOUNT, CONTROLLER if who is None else b.player(who))]


@rule("effect", "Put that many <counter:counter> counters on <what:obj>")
def counters_that_many(b: Builder, counter: str, what: ObjRef) -> list[Any]:
    _that_much(b)
    from ...effects import PutCounters
    return [PutCounters(counter, EVENT_AMOUNT, b.obj(what))]


@rule("effect", "<what:obj> attacks this turn if able")
def must_attack_this_turn(b: Builder, what: ObjRef) -> list[Any]:
    """CR 611.2a, 508.1d: "Target creature attacks this turn if able." """
    return [FlagUntilEOT((Flag.MUST_ATTACK,), b.obj(what))]


@rule("effect", "<what:obj> can't attack or block this turn")
def cant_attack_or_block_this_turn(b: Builder, what: ObjRef) -> list[Any]:
    """CR 611.2a, 508.1a, 509.1a."""
    return [FlagUntilEOT((Flag.CANT_ATTACK, Flag.CANT_BLOCK), b.obj(what))]


@rule("effect", "<what:obj> can't attack this turn")
def cant_attack_this_turn(b: Builder, what: ObjRef) -> list[Any]:
    """CR 611.2a, 508.1a."""
    return [FlagUntilEOT((Flag.CANT_ATTACK,), b.obj(what))]


@rule("effect", "<a:obj> fights <other:obj>")
def fight(b: Builder, a: ObjRef, other: ObjRef) -> list[Any]:
    """CR 701.14a: "Target creature you control fights target creature you don't control.",
    "It fights target creature you don't control." """
    first = b.obj(a)
    return [Fight(first, b.obj(other))]


# ---- triggers


@kind("attached_creature")
def _attached_creature(text: str) -> Filter:
    if text.lower() not in ("equipped creature", "enchanted creature"):
        raise NoParse(text)
    return AttachedToSource()


@rule("trigger", "Whenever <s:self> deals combat damage to a player",
      "Whenever <s:self> deals combat damage to an opponent")
def combat_damage_to_player(b: Builder, s: str) -> dict[str, Any]:
    """CR 510.3a: after combat damage is dealt; "that player" is the player dealt damage (a
    creature can deal combat damage only to a player it attacks, an opponent)."""
    return {"event": E.COMBAT_DAMAGE_TO_PLAYER, "event_obj": SELF_OF_DAMAGE}


@rule("trigger", "Whenever <what:attached_creature> deals combat damage to a player",
      "Whenever <what:permanents> deals combat damage to a player")
def other_combat_damage_to_player(b: Builder, what: Filter) -> dict[str, Any]:
    """"Whenever equipped creature deals combat damage to a player", "Whenever a creature you
    control deals combat damage to a player" (once for each creature, CR 510.3a)."""
    return {"event": E.COMBAT_DAMAGE_TO_PLAYER, "subject": what, "event_obj": EVENT_OBJECT_OF_DAMAGE}


def _names_it(b: Builder, trigger: str) -> bool:
    """Does the effect after `trigger` on the card say "it" or "its" (which would name the card,
    not the other creature of the event)?"""
    text = getattr(getattr(b.card, "front", None), "oracle_text", "") or ""
    for ln in text.split("\n"):
        k = ln.lower().find(trigger)
        if k != -1 and re.search(r"\b(it|its|it's)\b", ln[k + len(trigger):].lower()):
            return True
    return False


def _other(b: Builder, trigger: str) -> Any:
    """What "that creature" is: the other creature of the event; unread ("it") when the effect
    also says "it"."""
    if _names_it(b, trigger):
        raise NoParse(trigger)
    return EVENT_OTHER


@rule("trigger", "Whenever <s:self> deals combat damage to a creature")
def combat_damage_to_creature(b: Builder, s: str) -> dict[str, Any]:
    """CR 510.3a: once for each creature dealt combat damage; "that creature" is it."""
    return {"event": E.COMBAT_DAMAGE_TO_CREATURE, "event_obj": _other(b, "combat damage to a creature, ")}


@rule("trigger", "Whenever <s:self> deals combat damage", "When <s:self> deals combat damage")
def deals_combat_damage(b: Builder, s: str) -> dict[str, Any]:
    """Once in a combat damage step, however many objects and players it dealt damage to
    (CR 510.2); "that much" is the total."""
    return {"event": E.COMBAT_DAMAGE, "event_obj": SELF_OF_DAMAGE}


@rule("trigger", "Whenever <what:attached_creature> deals combat damage",
      "Whenever <what:permanents> deals combat damage")
def other_deals_combat_damage(b: Builder, what: Filter) -> dict[str, Any]:
    return {"event": E.COMBAT_DAMAGE, "subject": what, "event_obj": EVENT_OBJECT_OF_DAMAGE}


@rule("trigger", "Whenever <s:self> is dealt combat damage")
def dealt_combat_damage(b: Builder, s: str) -> dict[str, Any]:
    """Once in a combat damage step, for all the combat damage dealt to it (CR 510.2)."""
    return {"event": E.DEALT_COMBAT_DAMAGE, "event_obj": SELF_OF_DAMAGE}


@rule("trigger", "Whenever <s:self> deals damage to a player")
def damage_to_player(b: Builder, s: str) -> dict[str, Any]:
    """CR 120.2: any damage, combat or not; "that player" is the player dealt damage."""
    return {"event": E.DAMAGE_TO_PLAYER, "event_obj": SELF_OF_DAMAGE}


@rule("trigger", "Whenever <s:self> deals damage to an opponent")
def damage_to_opponent(b: Builder, s: str) -> dict[str, Any]:
    return {"event": E.DAMAGE_TO_OPPONENT, "event_obj": SELF_OF_DAMAGE}


@rule("trigger", "Whenever <s:self> is dealt damage")
def dealt_damage(b: Builder, s: str) -> dict[str, Any]:
    """Once for damage dealt to it at the same time (all combat damage of a step, CR 510.2)."""
    return {"event": E.DEALT_DAMAGE, "event_obj": SELF_OF_DAMAGE}


@rule("trigger", "Whenever <what:attached_creature> is dealt damage")
def attached_dealt_damage(b: Builder, what: Filter) -> dict[str, Any]:
    return {"event": E.DEALT_DAMAGE, "subject": what, "event_obj": EVENT_OBJECT}


@rule("trigger", "Whenever <s:self> becomes blocked", "When <s:self> becomes blocked")
def becomes_blocked(b: Builder, s: str) -> dict[str, Any]:
    """CR 509.3c: once each combat, however many creatures block it."""
    return {"event": E.BECOMES_BLOCKED, "event_obj": SELF}


@rule("trigger", "Whenever <s:self> becomes blocked by a creature")
def blocked_by(b: Builder, s: str) -> dict[str, Any]:
    """CR 509.3d: once for each creature blocking it; "that creature" is the blocker."""
    return {"event": E.BLOCKED_BY, "event_obj": _other(b, "blocked by a creature, ")}


@rule("trigger", "Whenever <s:self> blocks a creature")
def blocks_creature(b: Builder, s: str) -> dict[str, Any]:
    """CR 509.3b: once for each creature it blocks; "that creature" is the attacker."""
    return {"event": E.BLOCKS_CREATURE, "event_obj": _other(b, "blocks a creature, ")}


@rule("trigger", "Whenever <s:self> blocks or becomes blocked")
def blocks_or_blocked(b: Builder, s: str) -> dict[str, Any]:
    """CR 509.3a, 509.3c."""
    return {"event": (E.BLOCKS, E.BECOMES_BLOCKED), "event_obj": SELF}


@rule("trigger", "Whenever <s:self> blocks or becomes blocked by a creature")
def blocks_or_blocked_by(b: Builder, s: str) -> dict[str, Any]:
    """CR 509.3b, 509.3d: once for each creature it blocks or that blocks it."""
    return {"event": (E.BLOCKS_CREATURE, E.BLOCKED_BY), "event_obj": _other(b, "blocked by a creature, ")}


@rule("trigger", "Whenever <s:self> attacks and isn't blocked")
def unblocked(b: Builder, s: str) -> dict[str, Any]:
    """CR 509.3g: in the declare blockers step, if no creature blocks it."""
    return {"event": E.UNBLOCKED, "event_obj": SELF}


@rule("trigger", "Whenever <s:self> enters or attacks", "When <s:self> enters or attacks")
def enters_or_attacks(b: Builder, s: str) -> dict[str, Any]:
    """CR 603.6a, 508.3a."""
    return {"event": (E.ENTERS, E.ATTACKS), "event_obj": SELF}


@rule("trigger", "When <s:self> attacks or blocks")
def when_attacks_or_blocks(b: Builder, s: str) -> dict[str, Any]:
    return {"event": (E.ATTACKS, E.BLOCKS), "event_obj": SELF}


@rule("trigger", "When <s:self> attacks")
def when_attacks(b: Builder, s: str) -> dict[str, Any]:
    """CR 508.3a ("When" and "Whenever" trigger alike)."""
    return {"event": E.ATTACKS, "event_obj": SELF}


@rule("trigger", "When <s:self> blocks")
def when_blocks(b: Builder, s: str) -> dict[str, Any]:
    """CR 509.3a."""
    return {"event": E.BLOCKS, "event_obj": SELF}


@rule("trigger", "Whenever <what:attached_creature> attacks or blocks")
def attached_attacks_or_blocks(b: Builder, what: Filter) -> dict[str, Any]:
    return {"event": (E.ATTACKS, E.BLOCKS), "subject": what, "event_obj": EVENT_OBJECT}


@rule("trigger", "Whenever <what:attached_creature> blocks")
def attached_blocks(b: Builder, what: Filter) -> dict[str, Any]:
    return {"event": E.BLOCKS, "subject": what, "event_obj": EVENT_OBJECT}


@rule("trigger", "Whenever <what:attached_creature> becomes blocked", "Whenever <what:permanents> becomes blocked")
def other_becomes_blocked(b: Builder, what: Filter) -> dict[str, Any]:
    """CR 509.3c: "Whenever a creature you control becomes blocked" (once for each)."""
    return {"event": E.BECOMES_BLOCKED, "subject": what, "event_obj": EVENT_OBJECT}


@rule("trigger", "Whenever <s:self> attacks alone")
def attacks_alone(b: Builder, s: str) -> dict[str, Any]:
    """CR 506.5: the only creature declared as an attacker."""
    return {"event": E.ATTACKS_ALONE, "event_obj": SELF}


@rule("trigger", "Whenever <what:permanents> attacks alone")
def other_attacks_alone(b: Builder, what: Filter) -> dict[str, Any]:
    """CR 506.5: "Whenever a creature you control attacks alone"."""
    return {"event": E.ATTACKS_ALONE, "subject": what, "event_obj": EVENT_OBJECT}


@rule("trigger", "Whenever you attack", "Whenever one or more creatures you control attack")
def you_attack(b: Builder) -> dict[str, Any]:
    """CR 508.3d: once, when you declare one or more attackers."""
    return {"event": E.PLAYER_ATTACKS, "actor": YOU}


@rule("trigger", "At end of combat")
def end_of_combat(b: Builder) -> dict[str, Any]:
    """CR 511.2: as each end of combat step begins."""
    return {"event": E.END_COMBAT, "actor": None}


@rule("trigger", "Whenever <what:attached_creature> attacks", "Whenever <what:permanents> attacks")
def other_attacks(b: Builder, what: Filter) -> dict[str, Any]:
    """CR 508.3a: "Whenever equipped creature attacks", "Whenever a creature you control
    attacks" (once for each creature; "that creature" is it)."""
    return {"event": E.ATTACKS, "subject": what, "event_obj": EVENT_OBJECT}


@rule("trigger", "At the beginning of combat on your turn")
def begin_combat_yours(b: Builder) -> dict[str, Any]:
    """CR 507: the beginning of combat step of its controller's turn."""
    return {"event": E.BEGIN_COMBAT, "actor": YOU}


@rule("trigger", "At the beginning of each combat")
def begin_combat_each(b: Builder) -> dict[str, Any]:
    """CR 507: every player's beginning of combat step."""
    return {"event": E.BEGIN_COMBAT, "actor": None}


@rule("trigger", "At the beginning of combat on each opponent's turn")
def begin_combat_opponents(b: Builder) -> dict[str, Any]:
    """CR 507: the beginning of combat of each opponent's turn."""
    return {"event": E.BEGIN_COMBAT, "actor": "opponent"}


@rule("trigger", "Whenever <s:self> and at least two other creatures attack")
def attacks_with_two_others(b: Builder, s: str) -> dict[str, Any]:
    """Battalion: it and two or more other creatures are declared as attackers (CR 508.1)."""
    return {"event": E.ATTACKS_WITH_TWO, "event_obj": SELF}


_WINDOWS = {"combat": "combat", "combat before blockers are declared": "before_blockers",
            "combat after blockers are declared": "after_blockers", "the declare blockers step": "declare_blockers",
            "the declare attackers step and only if you've been attacked this step": "attacked"}


@kind("cast_window")
def _cast_window(text: str) -> str:
    return _WINDOWS[text.lower()]


def _cast_only(b: Builder, window: str, line: Line) -> list[Any]:
    """CR 601.3: "Cast this spell only during combat", "... during the declare attackers step
    and only if you've been attacked this step": when it may be cast (also by an effect)."""
    return [CastRestriction(text=line.raw, window=window)]


rule("spell_static", "Cast this spell only during <window:cast_window>")(_cast_only)
rule("static", "Cast this spell only during <window:cast_window>")(_cast_only)

"""Templates for cards the Forge puzzles need (issue 15, session 7;
tests/compiler/test_templates_pzcards7.py):

- sunburst (CR 702.44) and "~ enters with a +1/+1 counter on it for each color of mana spent to
  cast it" (Springmantle Cleric, Chamber Sentry; converge): the colors of the mana spent to cast
  its spell, 0 if it wasn't cast;
- "you may have ~ deal 1 damage to target player or planeswalker" (Hissing Iguanar): "have ~
  deal" is "~ deals";
- "White creatures you control also gain first strike until end of turn." (Sanctified Charge):
  the creatures the sentence names gain it ("also" adds nothing to what it does);
- "{T}: Add {C} for each artifact you control named ~." (Powerstone Shard): the permanents
  with the card's own name (CR 201.5).
"""

from __future__ import annotations

import re
from typing import Any

from ....core.filters import CardType, Filter, Named, Not, Permanent
from ...abilities import EntersWith
from ...effects import AddManaChoice
from ...effects.pzcards7 import ColorsSpent
from ...subjects import CONTROLLER, NumberOf
from ..builder import Builder
from ..grammar import MISS, NoParse, kind, read, rule
from ..lexicon import ObjRef, PlayerRef, read_noun
from ..lines import SENTENCE_HOOKS
from ..text import Line
from .effects import deal_damage, gain_keywords


def _permanent_card(b: Builder) -> bool:
    types = getattr(b.card, "type_line", "").split("—")[0].split()
    return not ({"Instant", "Sorcery"} & set(types)) and bool(
        {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"} & set(types))


@rule("keyword", "Sunburst")
def sunburst(b: Builder, line: Line) -> list[Any]:
    """CR 702.44a: "If this object is entering the battlefield as a creature, it enters with a
    +1/+1 counter on it for each color of mana spent to cast it. Otherwise, it enters with a
    charge counter on it for each color of mana spent to cast it." (a replacement effect, CR
    614.1c; whether it is a creature is judged as it enters)."""
    if not _permanent_card(b):
        raise NoParse(line.text)
    creature = CardType("Creature")
    return [EntersWith(text=line.raw, counter="+1/+1", amount=ColorsSpent(), condition=creature),
            EntersWith(text=line.raw, counter="charge", amount=ColorsSpent(), condition=Not(creature))]


@rule("static", "<s:self> enters with a <counter:counter> counter on it for each color of mana spent to cast it")
def enters_with_per_color(b: Builder, s: str, counter: str, line: Line) -> list[Any]:
    """CR 614.1c, 601.2h: "Springmantle Cleric enters with a +1/+1 counter on it for each color
    of mana spent to cast it." (the colors of all the mana spent on its total cost; no counter
    if it wasn't cast: the cards' rulings)."""
    if not _permanent_card(b):
        raise NoParse(line.text)
    return [EntersWith(text=line.raw, counter=counter, amount=ColorsSpent())]


@rule("effect", "<source:obj> deal <n:amount> damage to <to:obj>",
      "<source:obj> deal <n:amount> damage to <to:player>",
      "<source:obj> deal <n:amount> damage to <to:objs>")
def have_deal_damage(b: Builder, source: ObjRef, n: Any, to: Any) -> list[Any]:
    """CR 120.3: "you may have ~ deal 1 damage to target player or planeswalker" (Hissing
    Iguanar): ~ deals the damage (the "you may" is the ability's, lines.py; "have" is dropped by
    trigger_events._have_sentence, which leaves "~ deal ...")."""
    if source.kind != "self":
        raise NoParse("have it deal")
    return deal_damage(b, source, n, to)


@rule("effect", "<what:group> also gain <kws:keywords> until end of turn")
def also_gain_keywords(b: Builder, what: ObjRef, kws: tuple[str, ...]) -> list[Any]:
    """CR 611.2c, 613.1f: "Creatures you control get +2/+1 until end of turn. White creatures you
    control also gain first strike until end of turn." (Sanctified Charge): the creatures the
    sentence names as it resolves gain the keywords."""
    return gain_keywords(b, what, kws)


@rule("effect", "Add <sym:one_symbol> for each <what:phrase> named ~")
def add_for_each_named(b: Builder, sym: str, what: Any) -> list[Any]:
    """CR 106.3, 201.5: "{T}: Add {C} for each artifact you control named Powerstone Shard."
    (the card's own name; counted as the mana ability resolves, itself included)."""
    if what.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse("named ~")
    name = getattr(b.card, "name", "")
    if not name or " // " in name:
        raise NoParse("named ~")
    return [AddManaChoice(sym, amount=NumberOf(what & Named(name) & Permanent()))]



@rule("static", "Prevent all damage that would be dealt by <what:attached_creature>")
def prevent_damage_by_attached(b: Builder, what: Any, line: Line) -> list[Any]:
    """CR 615.1, 604.1: "Prevent all damage that would be dealt by enchanted creature."
    (Temporal Isolation): combat and noncombat damage, while the Aura is on the battlefield."""
    from ...effects.pzcards7 import PreventDamageBy
    return [PreventDamageBy(text=line.raw, by=what)]


_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@kind("devotion_color")
def _devotion_color(text: str) -> str:
    return _COLOR_WORDS[text.lower()]


@rule("effect", "<who:player> (lose|loses) X life, where X is your devotion to <c:devotion_color>")
def lose_devotion(b: Builder, who: PlayerRef, c: str) -> list[Any]:
    """CR 700.5, 119.3: "each opponent loses X life, where X is your devotion to black." """
    from ...effects import LoseLife
    from ...effects.pzcards7 import Devotion
    return [LoseLife(Devotion(c), b.player(who))]


@rule("amend", "You gain life equal to the life lost this way")
def gain_life_lost(b: Builder, prev: tuple[Any, ...]) -> list[Any]:
    """"You gain life equal to the life lost this way." (Gray Merchant of Asphodel, CR 119.3):
    after one loss of life by players, the life they actually lost."""
    from ...effects import LoseLife
    from ...effects.pzcards7 import LoseThenGainLost
    if len(prev) != 1 or type(prev[0]) is not LoseLife:
        raise NoParse("the life lost this way")
    return [LoseThenGainLost(prev[0].amount, prev[0].who)]


@kind("unless_discard_card")
def _unless_discard_card(text: str) -> Any:
    """"a land card", "an artifact card", "an instant or sorcery card" (a card in hand)."""
    from ..lexicon import read_noun
    low = text.lower()
    if not (low.startswith("a ") or low.startswith("an ")) or not low.endswith(" card"):
        raise NoParse(text)
    f = read_noun(text.split(" ", 1)[1])
    if f.domain() not in (None, frozenset({"hand"})):
        raise NoParse(text)
    return f


@rule("effect", "<who:player> (discards|discard) <n:n> cards unless (they|you) discard <what:unless_discard_card>",
      "Discard <n:n> cards unless you discard <what:unless_discard_card>")
def discard_unless(b: Builder, n: int, what: Any, who: PlayerRef | None = None) -> list[Any]:
    """CR 701.9a: "Then that player discards two cards unless they discard a land card."
    (Compulsive Research), "Then discard two cards unless you discard an artifact card."
    (Thirst for Knowledge): the player chooses which (the cards' rulings: two cards may be
    discarded even if one fits)."""
    from ...effects.pzcards7 import DiscardUnless
    if n < 2:
        raise NoParse("discard unless")
    if who is not None and who.kind == "event":
        # "Target player draws three cards. Then that player discards ...": the spell's one
        # target player (a trigger's "that player" is not read here)
        from ...subjects import Target
        if b.event is not None or len(b.targets) != 1 or b.targets[0].what != "player":
            raise NoParse("that player")
        return [DiscardUnless(n, what, Target(0))]
    return [DiscardUnless(n, what, CONTROLLER if who is None else b.player(who))]


# --------------------------------------------------------------------------------------------
# "You may have ~ enter as a copy of a creature you control" (CR 707.2, 614.1c; engine/chosen.py)

_COPY_OF = re.compile(r"(any|a) (.+?)( on the battlefield)?", re.I)
_EXCEPT_TYPES = re.compile(r"it's an? ((?:[A-Z][a-z'-]+ ?)+) in addition to its other (?:creature )?types", re.I)


@kind("copy_creature")
def _copy_creature(text: str) -> Filter | None:
    """"any creature on the battlefield" (None: any creature), "a creature you control", "any
    Ally creature on the battlefield": creatures only (the engine's question lists creatures)."""
    m = _COPY_OF.fullmatch(text)
    if m is None:
        raise NoParse(text)
    article, noun, anywhere = m.group(1).lower(), m.group(2), m.group(3)
    if (article == "any") != bool(anywhere) or "creature" not in noun.lower().split() \
            or not noun.lower().endswith(("creature", "creature you control")):
        raise NoParse(text)
    if noun.lower() == "creature":
        return None
    f = read_noun(noun)
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return f


@kind("copy_exception")
def _copy_exception(text: str) -> tuple[str, ...]:
    """"it's a Shapeshifter Rogue in addition to its other types": creature types added."""
    from ....core.subtypes import CREATURE_TYPES
    m = _EXCEPT_TYPES.fullmatch(text)
    if m is None:
        raise NoParse(text)
    subs = tuple(m.group(1).split())
    if not subs or any(t not in CREATURE_TYPES for t in subs):
        raise NoParse(text)
    return subs


def _may_copy(b: Builder, line: Line, what: Filter | None, subs: tuple[str, ...] = ()) -> list[Any]:
    from ...abilities import AsEntersChoose, CopyExceptions
    types = getattr(b.card, "type_line", "").split("—")[0].split()
    if "Creature" not in types or b.is_spell:
        raise NoParse(line.text)
    exceptions = CopyExceptions(add_subtypes=subs) if subs else None
    return [AsEntersChoose(text=line.raw, choose="copy_creature", exceptions=exceptions, copy_what=what)]


@rule("static", "You may have <s:self> enter the battlefield as a copy of <what:copy_creature>",
      "You may have <s:self> enter as a copy of <what:copy_creature>")
def may_enter_as_copy(b: Builder, s: str, what: Filter | None, line: Line) -> list[Any]:
    """CR 707.2, 614.1c: "You may have Mirror Image enter the battlefield as a copy of a
    creature you control." (Clone's replacement effect: the creature is chosen as it enters,
    engine/chosen.py; the copiable values only, CR 707.2)."""
    return _may_copy(b, line, what)


@rule("static", "You may have <s:self> enter the battlefield as a copy of <what:copy_creature>, except <ex:copy_exception>",
      "You may have <s:self> enter as a copy of <what:copy_creature>, except <ex:copy_exception>")
def may_enter_as_copy_except(b: Builder, s: str, what: Filter | None, ex: tuple[str, ...], line: Line) -> list[Any]:
    """CR 707.9: "..., except it's a Shapeshifter Rogue in addition to its other types."
    (Glasspool Mimic): the exception is part of the copy's copiable values (CR 707.9b)."""
    return _may_copy(b, line, what, ex)


# --------------------------------------------------------------------------------------------
# "Target creature you control deals damage equal to its power to ..." (CR 120.3)


@rule("effect", "<src:target> deals damage equal to its power to <to:target>")
def bite(b: Builder, src: ObjRef, to: ObjRef) -> list[Any]:
    """CR 120.3, 608.2b: "Target creature you control deals damage equal to its power to target
    creature you don't control." (Rabid Bite, Soul's Fire, Gravitic Punch): none if either
    target is illegal as it resolves."""
    from ...effects.pzcards7 import DealsDamageEqualToPower
    if src.spec is None or not src.spec.what.lower().startswith("creature"):
        raise NoParse("deals damage equal to its power")
    a = b.obj(src)
    t = b.obj(to, frozenset({"battlefield", "players"}))
    return [DealsDamageEqualToPower(a, t)]


@rule("effect", "<src:target> deals damage equal to its power to that player")
def bite_its_controller(b: Builder, src: ObjRef) -> list[Any]:
    """CR 120.3: "target creature an opponent controls deals damage equal to its power to that
    player." (Dong Zhou, the Tyrant): the opponent who controls it (still an opponent's as it
    resolves, or the target is illegal, CR 608.2b)."""
    from ...effects.pzcards7 import DealsDamageEqualToPower
    from ...subjects import ControllerOf
    if src.spec is None or src.spec.what.lower() != "creature an opponent controls":
        raise NoParse("that player")
    a = b.obj(src)
    return [DealsDamageEqualToPower(a, ControllerOf(a))]


@rule("effect", "Look at <who:player>'s hand", "Look at <who:player> hand")
def look_at_hand(b: Builder, who: PlayerRef) -> list[Any]:
    """CR 402.3: "look at target opponent's hand" (Wu Scout): the ability's controller looks;
    nothing in the game changes (effects/pzcards7.LookAtHand)."""
    from ...effects.pzcards7 import LookAtHand
    if who.kind != "target":
        raise NoParse("look at hand")
    return [LookAtHand(b.player(who))]


@rule("trigger", "Whenever you attack with two or more creatures")
def you_attack_with_two(b: Builder) -> dict[str, Any]:
    """CR 508.3d: "Whenever you attack with two or more creatures, draw a card." (Military
    Intelligence): once, as two or more attackers are declared (whatever they attack; it
    doesn't matter how many still attack as it resolves: the card's rulings)."""
    from ....core.filters import YOU
    from ...abilities import TriggerEvent
    return {"event": TriggerEvent.PLAYER_ATTACKS_TWO, "actor": YOU}


@rule("effect", "Prevent all damage that sources of the color of your choice would deal this turn")
def prevent_color_of_choice(b: Builder) -> list[Any]:
    """CR 615.1, 608.2d: "Prevent all damage that sources of the color of your choice would deal
    this turn." (Prismatic Strands): the color chosen as it resolves."""
    from ...effects.pzcards7 import PreventDamageOfColor
    return [PreventDamageOfColor()]


# --------------------------------------------------------------------------------------------
# "Whenever a creature is put into your graveyard from the battlefield, you may sacrifice ~. If
# you do, return that card to the battlefield." (Angelic Renewal)


@rule("trigger", "Whenever a creature is put into your graveyard from the battlefield")
def creature_into_your_graveyard(b: Builder) -> dict[str, Any]:
    """CR 700.4, 603.10a: a creature you own dies, under anyone's control (Angelic Renewal's
    ruling), judged as it last existed; "that card" is the card it became in your graveyard
    (a token: none). Only with effects that name the card through "return that card to the
    battlefield"."""
    from ....core.filters import YOU, CardType, OwnedBy
    from ...abilities import TriggerEvent
    from ...effects.kwabilities import SACRIFICED_CARD
    from .kwabilities import _mentions

    def check(effs: list[Any]) -> None:
        if _mentions(effs, SACRIFICED_CARD):
            raise NoParse("that card")
    return {"event": TriggerEvent.DIES, "subject": CardType("Creature") & OwnedBy(YOU),
            "event_obj": SACRIFICED_CARD, "check": check}


@rule("effect", "return that card to the battlefield")
def return_that_card(b: Builder) -> list[Any]:
    """"return that card to the battlefield" (Angelic Renewal): the card the creature became,
    while it is still in the graveyard it went to (CR 400.7), under the ability's controller's
    control (CR 110.2a)."""
    from ...effects.kwabilities import SACRIFICED_CARD, PutSacrificedOntoBattlefield
    if b.event is not SACRIFICED_CARD:
        raise NoParse("return that card to the battlefield")
    return [PutSacrificedOntoBattlefield()]


@kind("flashback_tap")
def _flashback_tap(text: str) -> Any:
    """"Tap an untapped white creature you control", "Tap three untapped white creatures you
    control": a flashback cost that only taps creatures."""
    from ...costs import parse_cost
    if not text.lower().startswith("tap "):
        raise NoParse(text)
    cost = parse_cost(text, "~")
    if cost.tap_other is None or cost != type(cost)(tap_other=cost.tap_other):
        raise NoParse(text)
    return cost


@rule("keyword", "Flashback—<cost:flashback_tap>")
def flashback_tap(b: Builder, cost: Any, line: Line) -> list[Any]:
    """CR 702.34a, 601.2h: "Flashback—Tap an untapped white creature you control." (Prismatic
    Strands, Battle Screech): cast from the graveyard by tapping the creatures rather than
    paying its mana cost (no mana), then exiled as it leaves the stack."""
    from ....core.mana import ManaCost
    from ...spellcosts import Flashback
    from .costs import _instant_or_sorcery
    _instant_or_sorcery(b, line)
    shown = line.text.split("—", 1)[1].strip().rstrip(".")
    return [Flashback(text=line.raw, cost=ManaCost(), extra=cost, shown=shown[0].lower() + shown[1:])]


@rule("effect", "Put <what:obj> on top of your library")
def put_graveyard_card_on_top(b: Builder, what: ObjRef) -> list[Any]:
    """CR 401.4: "put target creature card from your graveyard on top of your library."
    (Mortuary Mire, Academy Ruins)."""
    from ...effects.pzcards7 import PutCardOnTop
    from .library import _graveyard_target
    return [PutCardOnTop(_graveyard_target(b, what, True))]


@rule("effect", "Destroy <what:obj> if it has mana value <n:n> or less")
def destroy_if_mana_value(b: Builder, what: ObjRef, n: int) -> list[Any]:
    """CR 608.2h: "Destroy target creature if it has mana value 2 or less." (Fatal Push): any
    creature may be targeted; it is destroyed only if its mana value is that small as the spell
    resolves."""
    from ...effects.pzcards7 import DestroyIfManaValue
    if what.kind != "target":
        raise NoParse("destroy if")
    return [DestroyIfManaValue(b.obj(what), n)]


_INSTEAD_IF = re.compile(r"Destroy that creature if it has mana value (\d+) or less instead if (.+?)\.?", re.I)


def _destroy_instead_if(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """Revolt — "Destroy that creature if it has mana value 4 or less instead if a permanent you
    controlled left the battlefield this turn." (Fatal Push): the limit of the destroy effect
    before it, while the turn fact holds (CR 603.4-style condition judged as it resolves)."""
    import dataclasses

    from ...effects.pzcards7 import DestroyIfManaValue
    m = _INSTEAD_IF.fullmatch(s.strip())
    if m is None:
        return None
    got = read("turn_fact", m.group(2))
    if got is MISS or len(out) != 1 or not isinstance(out[0], DestroyIfManaValue) or out[0].instead is not None:
        raise NoParse(s)
    return [dataclasses.replace(out[0], instead=int(m.group(1)), condition=got)]


SENTENCE_HOOKS.append(_destroy_instead_if)


# --------------------------------------------------------------------------------------------
# "Return X target creature cards with mana value 2 or less from your graveyard to the
# battlefield." (Return to the Ranks; CR 601.2b-c)

_X_TARGETS = re.compile(r"X target (\w+) cards (.*)from your graveyard", re.I)


@rule("effect", "Return <what:x_graveyard_targets> to the battlefield")
def return_x_targets(b: Builder, what: Any) -> list[Any]:
    """CR 601.2b-c, 110.2a: "Return X target creature cards with mana value 2 or less from your
    graveyard to the battlefield." X is announced first, then exactly X targets (X no more than
    there are; with X = 0, none); those still legal return under your control. Only on a spell
    with {X} in its mana cost, only creature cards (no Aura, CR 303.4f), as its last target."""
    from ...abilities import TargetSpec
    from ...effects.counted import SpecTargets
    from ...effects.graveyard import ReturnCard
    from ..lexicon import read_phrase
    noun, rest = what
    cost = getattr(b.card, "mana_cost", None) or getattr(getattr(b.card, "front", None), "mana_cost", "") or ""
    if not b.is_spell or "{X}" not in cost or noun.lower() != "creature" or b.targets:
        raise NoParse("X target")
    phrase = f"{noun} card {rest}from your graveyard".replace("  ", " ")
    f = read_phrase(phrase)
    if f.domain() != frozenset({"graveyard"}):
        raise NoParse(phrase)
    b.targets.append(TargetSpec(phrase, count=1, count_x=True, filter=f, label=f"X target {noun} cards"))
    return [ReturnCard(SpecTargets(len(b.targets) - 1), "battlefield")]


@kind("x_graveyard_targets")
def _x_graveyard_targets(text: str) -> tuple[str, str]:
    m = _X_TARGETS.fullmatch(text)
    if m is None:
        raise NoParse(text)
    return m.group(1), m.group(2)

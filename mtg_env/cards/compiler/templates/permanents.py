"""Permanents and what abilities do to them (session 5, the "permanents" family).

- A card an effect put onto the battlefield is what the rest of the ability acts on (CR
  400.7j, effects/reanimate.py): "That creature gains haste" (for good, CR 611.2a), a delayed
  "at the beginning of the (your) next end step" sacrifice / exile / return to hand (CR 603.7);
  "Exile target creature. Return that card to the battlefield under its owner's control at the
  beginning of the next end step." (one effect and a delayed ability about the exiled card);
  lands returned tapped; an Aura returned from the graveyard attached to target creature.
- Static abilities: "has defender and loses flying" (layer 6), "each X gets +1/+1 for each
  other X", "can't attack / block unless you control ...", a nonland artifact that "becomes a
  2/2 Bird artifact creature" (CR 205.1b), "enters with counters equal to the greatest number of
  creatures a player controls".
- Triggers: "~ or another <creature> dies / leaves the battlefield" (CR 603.10a; the engine
  lets permanents leaving at once see each other), "a creature attacks you (or a planeswalker
  you control)", "~ becomes the target of a spell or ability", state triggers (CR 603.8: "When
  you control no Islands", "When there are N or more <kind> counters on ~").
- "defending player" (CR 508.5): "target creature defending player controls", "defending
  player exiles N permanents they control", read only in the attacking creature's own attack
  or block triggers (`check_defending`).
- Curses (CR 303.4, 702.5): "Enchant player", "Whenever enchanted player is attacked", "At the
  beginning of enchanted player's upkeep", "a creature attacks enchanted player", "Each
  opponent attacking that player does the same" (effects/curses.py).
- "Choose a creature type." as it resolves (effects/chosen_type.py); "Reveal the top card of
  your library. If it's a <kind> card, put it ... Otherwise, ..."; "detain up to two target
  ..."; an Equipment's "attach it to target creature you control"; "Exile ~ from your
  graveyard" costs (CR 113.6m).

Declined: "your hand" for a card that may not be yours, two delayed abilities about one
permanent, an exiled-and-returned permanent that may be an Aura (CR 303.4f), "defending
player" outside the attacker's own triggers, "Each opponent attacking that player does the
same" after effects that ask something, a revealed permanent card (an Aura) put onto the
battlefield.
"""

from __future__ import annotations

import re
from typing import Any

from ....core.chars import Flag
from ....core.filters import Filter
from ....core.modifications import AddFlags, AddKeywords, ModifyPT, RemoveKeywords
from ...abilities import Static
from ...defining import ConditionalStatic, ScaledByOthers, StaticCondition, Unless
from ...effects import ExileIt
from ...effects.animate import BecomeCreature
from ...effects.becomes import BecomeArtifactCreature, GainAbilitiesUntilEOT
from ...effects.graveyard import ReturnCard
from ...effects.reanimate import MOVED, AtNextEndStep, ExileUntilEndStep, GainForGood
from ...subjects import Target, This
from ..builder import Builder
from ..grammar import MISS, NoParse, kind, read, rule
from ..lexicon import PT, ObjRef
from ..lines import SENTENCE_HOOKS
from ..text import Line
from .library import _ONTO_BATTLEFIELD, _graveyard_target, _only_types, moved


def _moved(b: Builder, what: ObjRef) -> tuple[bool, bool]:
    """`what` must be the permanent the ability just put onto the battlefield: (whether it is
    the controller's own card, whether a delayed ability about it was read)."""
    note = b.notes.get("moved")
    if what.kind != "it" or b.last is not MOVED or note is None:
        raise NoParse("it, not a permanent the ability put onto the battlefield")
    b.obj(what)
    return note


@rule("effect", "<what:obj> gains <kws:keywords>")
def gains_for_good(b: Builder, what: ObjRef, kws: tuple[str, ...]) -> list[Any]:
    """CR 400.7j, 611.2a: "Return target creature card from your graveyard to the battlefield.
    That creature gains haste." (for as long as that permanent is on the battlefield)"""
    _moved(b, what)
    return [GainForGood(kws, MOVED)]


def _delayed(action: str, yours: bool, *wordings: str, own_card: bool = False) -> None:
    @rule("effect", *wordings)
    def at_next_end_step(b: Builder, what: ObjRef) -> list[Any]:
        """CR 603.7a: a delayed triggered ability created as the ability resolves, acting on
        the permanent it put onto the battlefield (CR 400.7j). "Return it to your hand" only
        for a card of yours (CR 400.3: a card goes to its owner's hand)."""
        mine, delayed = _moved(b, what)
        if delayed:
            raise NoParse("two delayed abilities about one permanent")
        if own_card and not mine:
            raise NoParse("your hand, for a card that may not be yours")
        b.notes["moved"] = (mine, True)
        return [AtNextEndStep(action, yours)]


_delayed("sacrifice", False, "At the beginning of the next end step, sacrifice <what:obj>",
         "Sacrifice <what:obj> at the beginning of the next end step")
_delayed("sacrifice", True, "At the beginning of your next end step, sacrifice <what:obj>",
         "Sacrifice <what:obj> at the beginning of your next end step")
_delayed("controller_sacrifices", False,
         "At the beginning of the next end step, its controller sacrifices <what:obj>",
         "Its controller sacrifices <what:obj> at the beginning of the next end step")
_delayed("exile", False, "At the beginning of the next end step, exile <what:obj>",
         "Exile <what:obj> at the beginning of the next end step")
_delayed("exile", True, "At the beginning of your next end step, exile <what:obj>",
         "Exile <what:obj> at the beginning of your next end step")
_delayed("hand", False, "At the beginning of the next end step, return <what:obj> to its owner's hand",
         "Return <what:obj> to its owner's hand at the beginning of the next end step")
_delayed("hand", True, "At the beginning of your next end step, return <what:obj> to its owner's hand",
         "Return <what:obj> to its owner's hand at the beginning of your next end step")
_delayed("hand", False, "At the beginning of the next end step, return <what:obj> to your hand",
         "Return <what:obj> to your hand at the beginning of the next end step", own_card=True)


# --------------------------------------------------------------------------------------------
# cards put onto the battlefield tapped


@rule("effect", "Return <what:obj> to the battlefield tapped",
      "Return <what:obj> to the battlefield tapped under your control",
      "Put <what:obj> onto the battlefield tapped under your control")
def reanimate_tapped(b: Builder, what: ObjRef) -> list[Any]:
    """"Return target land card from your graveyard to the battlefield tapped." (CR 110.2a:
    under the control of the player who puts it there; it enters tapped, CR 614.1c)"""
    if what.spec is None or not _only_types(what.spec.filter, _ONTO_BATTLEFIELD):
        raise NoParse("a card that may not be put onto the battlefield alone")
    got = ReturnCard(_graveyard_target(b, what, False), "battlefield", tapped=True)
    moved(b, what.spec.what.lower().endswith("from your graveyard"))
    return [got]


# --------------------------------------------------------------------------------------------
# static abilities


@rule("static", "<who:affected> (has|have) <kws:has_keywords> and (loses|lose) <lost:has_keywords>")
def has_and_loses(b: Builder, who: Filter, kws: tuple[str, ...], lost: tuple[str, ...], line: Line) -> list[Any]:
    """CR 613.1f: "Enchanted creature has defender and loses flying." (layer 6, in timestamp
    order: an ability that gives it flying later gives it back, CR 613.7)"""
    return [Static(text=line.raw, affects=who, modification=AddKeywords(kws)),
            Static(text=line.raw, affects=who, modification=RemoveKeywords(lost))]


# --------------------------------------------------------------------------------------------
# "becomes a 2/2 Bird artifact creature until end of turn" (CR 205.1b)


@rule("effect", "<what:obj> becomes (a|an) <body:animation> until end of turn",
      "Until end of turn, <what:obj> becomes (a|an) <body:animation>")
def becomes_artifact_creature(b: Builder, what: ObjRef, body: BecomeCreature) -> list[Any]:
    """CR 205.1b, 611.2, 613: "Azorius Keyrune becomes a 2/2 white and blue Bird artifact
    creature with flying until end of turn." ("[creature types] artifact creature": it keeps
    its card types and other subtypes, its creature types replaced; not a land, which the text
    would say is still a land)"""
    if body.types != ("Artifact",) or body.still_land or what.kind != "self":
        raise NoParse("becomes a creature")
    if b.card is not None and "Land" in getattr(b.card, "type_line", ""):
        raise NoParse("a land that becomes a creature")
    return [BecomeArtifactCreature(body.power, body.toughness, body.types, body.subtypes, body.colors,
                                   body.keywords, what=b.obj(what))]


@rule("static", "Each <what:phrase> gets <pt:pt> for each other <other:phrase>",
      "<what:phrase> get <pt:pt> for each other <other:phrase>")
def pt_for_each_other(b: Builder, what: Filter, pt: PT, other: Filter, line: Line) -> list[Any]:
    """CR 613.4c: "Each legendary creature you control gets +1/+1 for each other legendary
    creature you control." (the same permanents: each counts the others)"""
    from ....core.filters import Permanent
    from ...defining import Tally
    from .characteristics import _tally
    words = line.text.split(" for each other ")
    head = words[0].split(" get")[0]
    if head.lower().startswith("each "):
        head = head[5:]
    if len(words) != 2 or words[1].rstrip(".").lower() != head.lower() or what != other:
        raise NoParse(line.text)
    tally = _tally(head)
    if not isinstance(tally, Tally) or tally.zone != "battlefield":
        raise NoParse(line.text)
    return [ScaledByOthers(text=line.raw, affects=what & Permanent(), modification=ModifyPT(pt.power, pt.toughness),
                           tally=tally)]


@kind("unless_control")
def _unless_control(text: str) -> StaticCondition:
    """"you control another Wolf or Werewolf", "you control an artifact", "you control seven or
    more lands": what the "unless" of a restriction needs (conditions.py's "as long as"
    conditions, and "another": other than the permanent itself)."""
    low = text.lower()
    if low.startswith("you control another "):
        from .characteristics import _tally
        return StaticCondition(_tally("other " + text[len("you control another "):] + " you control"), 1)
    got = read("as_long_as", text)
    if got is MISS or not isinstance(got, StaticCondition) or got.attacking:
        raise NoParse(text)
    return got


_RESTRICTED = {"block": (Flag.CANT_BLOCK,), "attack": (Flag.CANT_ATTACK,),
               "attack or block": (Flag.CANT_ATTACK, Flag.CANT_BLOCK)}


@rule("static", "<s:self> can't (block|attack|attack or block) unless <cond:unless_control>")
def cant_unless(b: Builder, s: str, cond: StaticCondition, line: Line) -> list[Any]:
    """CR 508.1c, 509.1b, 611.3a: "Howlpack Wolf can't block unless you control another Wolf or
    Werewolf." (a restriction while the condition doesn't hold, judged with the types the
    layers before 6 settled)"""
    verb = line.text.split(" can't ", 1)[1].split(" unless ", 1)[0].lower()
    flags = _RESTRICTED.get(verb)
    if flags is None:
        raise NoParse(line.text)
    from ...abilities import THIS
    return [ConditionalStatic(text=line.raw, affects=THIS, modification=AddFlags(flags),
                              condition=Unless(cond))]  # type: ignore[arg-type]


@rule("effect", "<what:obj> can't be blocked by <by:blockers> this turn")
def cant_be_blocked_by_this_turn(b: Builder, what: ObjRef, by: Filter) -> list[Any]:
    """CR 509.1b, 611.2a: "Target creature you control can't be blocked by creatures with power
    2 or less this turn." (the would-be blocker judged relative to the creature, as blockers
    are declared)"""
    from ...abilities import BlockRestriction
    text = f"can't be blocked by {by} this turn"
    return [GainAbilitiesUntilEOT((BlockRestriction(text=text, by=by),), b.obj(what))]


# --------------------------------------------------------------------------------------------
# "Exile target creature. Return that card to the battlefield under its owner's control at the
# beginning of the next end step." (CR 603.7a, 400.7j)

_RETURN_EXILED = re.compile(
    r"(?:at the beginning of the next end step, )?return (?:it|that card|the exiled card) to the battlefield"
    r"( tapped)? under (its owner's|your) control(?: at the beginning of the next end step)?", re.IGNORECASE)


def _exile_return_sentence(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """The sentence after "Exile <one permanent>." that returns it at the next end step: the
    exile and the delayed return become one effect (ExileUntilEndStep)."""
    m = _RETURN_EXILED.fullmatch(s.strip().rstrip("."))
    if m is None:
        return None
    low = s.lower()
    if low.startswith("at the beginning") == low.rstrip(".").endswith("next end step"):
        return None  # not at the next end step (the time said twice, or not at all)
    prev = out[start:]
    if not prev:
        return None  # no exile before it (Marchesa's delayed return: templates/kwabilities.py)
    if len(prev) != 1 or not isinstance(prev[0], ExileIt) or start != len(out) - 1:
        raise NoParse(s)
    what = prev[0].what
    if isinstance(what, Target):
        spec = b.targets[what.index]
        if spec.where != frozenset({"battlefield"}) or not _only_types(spec.filter, _ONTO_BATTLEFIELD):
            raise NoParse(s)  # an Aura would need something to enchant (CR 303.4f)
    elif isinstance(what, This):
        if "Aura" in getattr(b.card, "type_line", ""):
            raise NoParse(s)
    else:
        raise NoParse(s)
    yours = m.group(2).lower() == "your"
    if yours and not isinstance(what, This):
        raise NoParse(s)  # another's card under your control: not read
    return out[:start] + [ExileUntilEndStep(what, tapped=bool(m.group(1)), yours=yours)]


SENTENCE_HOOKS.append(_exile_return_sentence)


@rule("effect", "Detain <what:multi_target>")
def detain_targets(b: Builder, what: ObjRef) -> list[Any]:
    """CR 701.35a: "detain up to two target creatures your opponents control" (each target
    chosen once, CR 601.2c; each detained until your next turn)."""
    from ...effects.designations import Detain
    from .puzzlecards import _all_of
    return [Detain(_all_of(b, what))]


# --------------------------------------------------------------------------------------------
# "defending player" (CR 508.5)

_ATTACKER_EVENTS = frozenset({"attacks", "becomes_blocked", "unblocked"})


def _names_defending(x: Any) -> bool:
    """Whether a filter (or anything holding one) names "defending player controls"."""
    import dataclasses

    from ....core.combat_filters import DefendingControls
    from ...effects.becomes import DefendingPlayer
    if isinstance(x, DefendingControls | DefendingPlayer):
        return True
    if isinstance(x, tuple | list):
        return any(_names_defending(y) for y in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return any(_names_defending(getattr(x, f.name, None)) for f in dataclasses.fields(x))
    return False


def check_defending(abilities: list[Any]) -> None:
    """CR 508.5: "defending player" is read only in an ability of the attacking creature
    itself that triggers on its attack or block ("Whenever ~ attacks, tap target creature
    defending player controls"): the player it attacks, or attacked before it was removed from
    combat. Elsewhere (a spell, a static ability, an Equipment's trigger) declined."""
    from ...abilities import THIS, Triggered
    for ab in abilities:
        if not _names_defending(ab):
            continue
        if not (isinstance(ab, Triggered) and ab.subject is THIS and
                {str(e.value) if hasattr(e, "value") else str(e) for e in ab.events} <= _ATTACKER_EVENTS):
            raise NoParse(ab.text.rstrip(".") if ab.text else "defending player")


# --------------------------------------------------------------------------------------------
# "Whenever ~ or another creature you control dies / leaves the battlefield" (CR 603.10a)


@rule("trigger", "Whenever <s:self> or <what:another_permanents> dies",
      "When <s:self> or <what:another_permanents> dies")
def self_or_another_dies(b: Builder, s: str, what: Filter) -> dict[str, Any]:
    """CR 700.4, 603.10a: "Whenever Zulaport Cutthroat or another creature you control dies":
    this creature dying, or another permanent of the kind, each judged as it last existed on
    the battlefield (a leaves-the-battlefield ability looks back in time)."""
    from ....core.filters import Other
    from ...abilities import THIS, TriggerEvent
    return {"event": TriggerEvent.DIES, "subject": THIS | (what & Other())}


@rule("trigger", "Whenever <s:self> or <what:another_permanents> leaves the battlefield",
      "When <s:self> or <what:another_permanents> leaves the battlefield")
def self_or_another_leaves(b: Builder, s: str, what: Filter) -> dict[str, Any]:
    """CR 603.6c, 603.10a: "Whenever Vela the Night-Clad or another creature you control leaves
    the battlefield" (to any zone; judged as it last existed)."""
    from ....core.filters import Other
    from ...abilities import THIS, TriggerEvent
    return {"event": TriggerEvent.LEAVES, "subject": THIS | (what & Other())}


@kind("attacking_creature")
def _attacking_creature(text: str) -> Filter:
    """"a creature", "a creature with flying", "a creature without flying": what attacks."""
    from ....core.filters import CardType, Permanent
    from ..lexicon import read_noun
    low = text.lower()
    if not low.startswith(("a ", "an ")):
        raise NoParse(text)
    f = read_noun(text.split(" ", 1)[1])
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return f & CardType("Creature") & Permanent()


def _attacks_you(what: Filter, player_only: bool) -> dict[str, Any]:
    from ....core.combat_filters import AttacksYou
    from ...abilities import TriggerEvent
    from ...subjects import EVENT_OBJECT
    return {"event": TriggerEvent.ATTACKS, "subject": what & AttacksYou(player_only), "event_obj": EVENT_OBJECT}


@rule("trigger", "Whenever <what:attacking_creature> attacks you or a planeswalker you control")
def creature_attacks_you_or_yours(b: Builder, what: Filter) -> dict[str, Any]:
    """CR 508.3a, 508.5: "Whenever a creature attacks you or a planeswalker you control" (once
    for each such creature as attackers are declared; "it", "that creature" is the attacker)."""
    return _attacks_you(what, False)


@rule("trigger", "Whenever <what:attacking_creature> attacks you")
def creature_attacks_you(b: Builder, what: Filter) -> dict[str, Any]:
    """CR 508.3a: "Whenever a creature attacks you" (you, not a planeswalker you control)."""
    return _attacks_you(what, True)


@rule("trigger", "When <s:self> becomes the target of a spell or ability",
      "Whenever <s:self> becomes the target of a spell or ability")
def becomes_target(b: Builder, s: str) -> dict[str, Any]:
    """CR 603.2: "When ~ becomes the target of a spell or ability, sacrifice it." (as a spell
    is cast, an ability activated or put on the stack, or a copy put on the stack, targeting
    it)"""
    from ...abilities import TriggerEvent
    from ...subjects import SELF
    return {"event": TriggerEvent.BECOMES_TARGET, "event_obj": SELF}


# --------------------------------------------------------------------------------------------
# Auras that enchant a player: the Curses (CR 303.4, 702.5)


@rule("keyword", "Enchant player")
def enchant_player(b: Builder, line: Line) -> list[Any]:
    """CR 702.5a, 303.4a: the Aura spell targets a player and enters enchanting that player
    (engine/resolution.py); it is put into its owner's graveyard once that player has left the
    game (CR 704.5m)."""
    from ...abilities import Keyword
    if "Aura" not in getattr(b.card, "type_line", "") or getattr(b.card, "layout", "normal") != "normal":
        raise NoParse(line.text)
    return [Keyword(text=line.raw, names=("enchant player",))]


def _curse(b: Builder) -> None:
    text = getattr(b.card, "oracle_text", "") or ""
    if not text.startswith("Enchant player"):
        raise NoParse("enchanted player")


@rule("trigger", "Whenever enchanted player is attacked")
def enchanted_player_attacked(b: Builder) -> dict[str, Any]:
    """CR 508.3d: "Whenever enchanted player is attacked": once each combat, as one or more
    creatures are declared attacking that player (not a planeswalker they control); "that
    player" is the enchanted player."""
    from ...abilities import TriggerEvent
    _curse(b)
    return {"event": TriggerEvent.PLAYER_ATTACKED, "actor": "enchanted_player", "subject": None}


_PLAYER_STEPS = {"upkeep": "UPKEEP", "draw step": "DRAW_STEP", "end step": "END_STEP"}


def _step_rule(step: str, event: str) -> None:
    @rule("trigger", f"At the beginning of enchanted player's {step}")
    def enchanted_step(b: Builder) -> dict[str, Any]:
        """CR 503.1a, 504.2, 513.1a: "At the beginning of enchanted player's upkeep" ("that
        player" is the enchanted player)."""
        from ...abilities import TriggerEvent
        _curse(b)
        return {"event": getattr(TriggerEvent, event), "actor": "enchanted_player"}


for _step, _event in _PLAYER_STEPS.items():
    _step_rule(_step, _event)


def _do_the_same(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"Each opponent attacking that player does the same." after what the Curse's controller
    does (create a token, draw, gain life): each opponent attacking the enchanted player does
    it too (effects/curses.py)."""
    if s.strip().rstrip(".").lower() != "each opponent attacking that player does the same":
        return None
    from ...effects import Draw, GainLife
    from ...effects.curses import AttackersDoTheSame
    from ...effects.tokens import CreateTokens
    from ...subjects import CONTROLLER
    text = (getattr(b.card, "oracle_text", "") or "").lower()
    prev = out[start:]
    if "whenever enchanted player is attacked, " not in text or not prev or b.targets:
        raise NoParse(s)
    for e in prev:
        ok = (isinstance(e, CreateTokens) and e.who is CONTROLLER and not e.attacking) or \
            (isinstance(e, Draw | GainLife) and getattr(e, "who", None) is CONTROLLER)
        if not ok:
            raise NoParse(s)
    return out + [AttackersDoTheSame(tuple(prev))]


SENTENCE_HOOKS.append(_do_the_same)


@rule("trigger", "Whenever <what:attacking_creature> attacks enchanted player")
def creature_attacks_enchanted_player(b: Builder, what: Filter) -> dict[str, Any]:
    """CR 508.3a: "Whenever a creature attacks enchanted player, put a +1/+1 counter on it."
    (once for each creature declared attacking that player; "it" is the attacker)"""
    from ....core.combat_filters import AttacksEnchantedPlayer
    from ...abilities import TriggerEvent
    from ...subjects import EVENT_OBJECT
    _curse(b)
    return {"event": TriggerEvent.ATTACKS, "subject": what & AttacksEnchantedPlayer(), "event_obj": EVENT_OBJECT}


# --------------------------------------------------------------------------------------------
# single cards' wordings


@rule("static", "<s:self> enters with a number of <counter:counter> counters on it equal to the greatest number "
      "of creatures a player controls")
def enters_with_greatest_creatures(b: Builder, s: str, counter: str, line: Line) -> list[Any]:
    """CR 614.1c: "Investigator's Journal enters with a number of suspect counters on it equal to
    the greatest number of creatures a player controls." (counted as it enters)"""
    from ...abilities import EntersWith
    from ...effects.becomes import GreatestCreatures
    return [EntersWith(text=line.raw, counter=counter, amount=GreatestCreatures())]


@rule("effect", "Return <s:self_card> from your graveyard to the battlefield attached to <what:target>")
def return_self_attached(b: Builder, s: str, what: ObjRef) -> list[Any]:
    """CR 113.6m, 303.4: "Return Gryff's Boon from your graveyard to the battlefield attached to
    target creature." (an Aura with "enchant creature": the target is what it can enchant)"""
    from ...effects.becomes import ReturnSelfAttached
    card = b.card
    text = (getattr(card, "oracle_text", "") or "")
    if not b.notes.get("activated") or b.notes.get("zone") or b.targets or "Aura" not in getattr(card, "type_line", "") \
            or not text.startswith("Enchant creature\n") or what.spec is None or what.spec.what != "creature":
        raise NoParse("return ~ attached")
    b.notes["zone"] = "graveyard"
    return [ReturnSelfAttached(b.obj(what))]


@rule("effect", "Defending player exiles <n:n> permanents they control")
def defending_player_exiles(b: Builder, n: int) -> list[Any]:
    """CR 508.5: "Whenever Bane of Bala Ged attacks, defending player exiles two permanents they
    control." (that player chooses; "defending player" read only in the attacker's own attack
    trigger, `check_defending`)"""
    from ...effects.becomes import DefendingPlayer, PlayerExilesPermanents
    if n < 1:
        raise NoParse("exiles no permanents")
    return [PlayerExilesPermanents(n, DefendingPlayer())]


# --------------------------------------------------------------------------------------------
# "Choose a creature type." as it resolves (CR 205.3m)


@rule("effect", "Choose a creature type")
def choose_creature_type(b: Builder) -> list[Any]:
    """CR 205.3m, 608.2d: "Choose a creature type." (the sentences after it read the choice)"""
    from ...effects.chosen_type import ChooseCreatureType
    if b.notes.get("chose_type"):
        raise NoParse("choose a creature type twice")
    b.notes["chose_type"] = "chosen"
    b.notes["needs_more"] = "Choose a creature type"
    return [ChooseCreatureType()]


@rule("effect", "Destroy all creatures that aren't of the chosen type")
def destroy_not_chosen(b: Builder) -> list[Any]:
    """Kindred Dominance: "Destroy all creatures that aren't of the chosen type." (CR 701.8)"""
    from ...effects.chosen_type import DestroyNotOfChosenType
    if b.notes.get("chose_type") != "chosen":
        raise NoParse("the chosen type")
    b.notes["chose_type"] = "used"
    b.notes["needs_more"] = None
    return [DestroyNotOfChosenType()]


@rule("effect", "Reveal the top card of your library")
def reveal_top_for_chosen(b: Builder) -> list[Any]:
    """Bloodline Shaman: "Reveal the top card of your library." after "Choose a creature type."
    (the next two sentences say where it goes)"""
    if b.notes.get("chose_type") != "chosen":
        raise NoParse("Reveal the top card of your library")
    b.notes["chose_type"] = "revealed"
    return []


@rule("effect", "If that card is a creature card of the chosen type, put it into your hand")
def revealed_to_hand(b: Builder) -> list[Any]:
    if b.notes.get("chose_type") != "revealed":
        raise NoParse("that card")
    b.notes["chose_type"] = "to_hand"
    return []


@rule("effect", "Otherwise, put it into your graveyard")
def revealed_otherwise(b: Builder) -> list[Any]:
    """"... If that card is a creature card of the chosen type, put it into your hand.
    Otherwise, put it into your graveyard." (one effect, CR 701.20a)"""
    from ...effects.chosen_type import RevealTopByChosenType
    if b.notes.get("chose_type") != "to_hand":
        raise NoParse("Otherwise")
    b.notes["chose_type"] = "used"
    b.notes["needs_more"] = None
    return [RevealTopByChosenType()]


# --------------------------------------------------------------------------------------------
# state triggers (CR 603.8)


@kind("no_phrase")
def _no_phrase(text: str) -> Any:
    """"Islands", "other creatures", "other artifacts": what "you control no" counts."""
    from ...defining import StaticCondition
    from .characteristics import _tally
    return StaticCondition(_tally(text + " you control"), none=True)


@rule("trigger", "When you control no <cond:no_phrase>")
def when_you_control_none(b: Builder, cond: Any) -> dict[str, Any]:
    """CR 603.8: "When you control no Islands, sacrifice ~." (a state trigger: it triggers when
    you control none, and again only after it has left the stack)"""
    from ...abilities import TriggerEvent
    return {"event": TriggerEvent.STATE, "state": cond, "subject": None}


@rule("trigger", "When there are <n:n> or more <counter:counter> counters on <s:self>")
def when_counters_on_self(b: Builder, n: int, counter: str, s: str) -> dict[str, Any]:
    """CR 603.8: "When there are four or more page counters on Mazemind Tome, exile it." (a
    state trigger)"""
    from ...abilities import TriggerEvent
    from ...effects.chosen_type import CountersOnSource
    from ...subjects import SELF
    return {"event": TriggerEvent.STATE, "state": CountersOnSource(counter, n), "subject": None,
            "event_obj": SELF}


def _if_done_self(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"Exile it. If you do, you gain 4 life." after exiling the source itself: the gain only
    if it was exiled (ThenIfDone)."""
    if not s.lower().startswith("if you do, "):
        return None
    from ...effects import ExileIt
    from ...effects.chosen_type import ThenIfDone
    from ...subjects import SELF
    from ..lines import sentence
    prev = out[start:]
    if len(prev) != 1 or not isinstance(prev[0], ExileIt) or prev[0].what is not SELF or start != len(out) - 1:
        return None
    then = sentence(s[len("if you do, "):], b)
    return out[:start] + [ThenIfDone(prev[0], tuple(then))]


SENTENCE_HOOKS.append(_if_done_self)


# --------------------------------------------------------------------------------------------
# "Reveal the top card of your library. If it's a land card, put it onto the battlefield.
# Otherwise, put that card into your hand." (CR 701.20a)


@rule("effect", "Reveal the top card of your library")
def reveal_top(b: Builder) -> list[Any]:
    """The first sentence: the next says what happens to the card."""
    if b.notes.get("chose_type") or b.notes.get("reveal_top"):
        raise NoParse("Reveal the top card of your library")
    b.notes["reveal_top"] = "revealed"
    b.notes["needs_more"] = "Reveal the top card of your library"
    return []


_DESTS = {"put it onto the battlefield": ("battlefield", False), "put it onto the battlefield tapped": ("battlefield", True),
          "put it into your hand": ("hand", False), "put that card into your hand": ("hand", False),
          "put it into your graveyard": ("graveyard", False), "put that card into your graveyard": ("graveyard", False)}


@kind("reveal_dest")
def _reveal_dest(text: str) -> tuple[str, bool, bool]:
    """"put it onto the battlefield", "you may put it into your hand": (where, tapped, may)."""
    low = text.lower()
    may = low.startswith("you may ")
    if may:
        low = low[len("you may "):]
    got = _DESTS.get(low)
    if got is None:
        raise NoParse(text)
    return got[0], got[1], may


@kind("revealed_card")
def _revealed_card(text: str) -> tuple[str, Filter]:
    """"a land card", "a creature card", "an artifact, creature, or land card"."""
    from ..lexicon import read_noun
    low = text.lower()
    if not low.startswith(("a ", "an ")) or not low.endswith(" card"):
        raise NoParse(text)
    phrase = text.split(" ", 1)[1]
    return phrase, read_noun(phrase)


@rule("effect", "If it's <what:revealed_card>, <dest:reveal_dest>")
def revealed_if(b: Builder, what: tuple[str, Filter], dest: tuple[str, bool, bool]) -> list[Any]:
    """"If it's a land card, put it onto the battlefield." (only cards that can enter alone
    onto the battlefield: never an Aura, CR 303.4f)"""
    from ...effects.chosen_type import RevealTop
    if b.notes.get("reveal_top") != "revealed":
        raise NoParse("If it's")
    to, tapped, may = dest
    phrase, flt = what
    if to == "battlefield" and not _only_types(flt, _ONTO_BATTLEFIELD):
        raise NoParse(phrase)
    b.notes["reveal_top"] = "sorted"
    b.notes["needs_more"] = None
    return [RevealTop(flt, phrase, to, may=may, tapped=tapped)]


class _Otherwise:
    """"Otherwise, put that card into your hand.": completes the RevealTop before it."""

    def __init__(self, to: str, may: bool) -> None:
        self.to, self.may = to, may

    def amend(self, prev: Any) -> Any:
        import dataclasses

        from ...effects.chosen_type import RevealTop
        if not isinstance(prev, RevealTop) or prev.otherwise is not None:
            raise NoParse("Otherwise")
        return dataclasses.replace(prev, otherwise=self.to, otherwise_may=self.may)


@rule("effect", "Otherwise, <dest:reveal_dest>")
def revealed_otherwise_to(b: Builder, dest: tuple[str, bool, bool]) -> list[Any]:
    """"Otherwise, put that card into your hand." (the card revealed, when it isn't one)"""
    to, tapped, may = dest
    if b.notes.get("reveal_top") != "sorted" or to == "battlefield":
        raise NoParse("Otherwise")
    b.notes["reveal_top"] = "done"
    return [_Otherwise(to, may)]


@rule("effect", "Attach <it:obj> to <what:target>")
def attach_self_to_target(b: Builder, it: ObjRef, what: ObjRef) -> list[Any]:
    """CR 701.3a: "When Bramble Armor enters the battlefield, attach it to target creature you
    control." (an Equipment's own ability; nothing happens if it has left the battlefield, or
    if the target is illegal the ability doesn't resolve, CR 608.2b)"""
    from ...effects.permanents import Attach
    from ...subjects import SELF
    if "Equipment" not in getattr(b.card, "type_line", "") or b.targets:
        raise NoParse("attach it")
    who = b.obj(it)
    if who is not SELF or what.spec is None or what.spec.what.lower() != "creature you control":
        raise NoParse("attach it")
    b.obj(what)
    return [Attach()]


@kind("sacrificed")
def _sacrificed(text: str) -> tuple[str, Filter]:
    """"a creature", "a land", "an artifact", "a nonland permanent": what each player
    sacrifices (one of their own permanents)."""
    from ....core.filters import Permanent
    from ..lexicon import read_noun
    low = text.lower()
    if not low.startswith(("a ", "an ")) or " you control" in low or "target" in low:
        raise NoParse(text)
    f = read_noun(text.split(" ", 1)[1])
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return text, f & Permanent()


@rule("effect", "<who:player> (sacrifices|sacrifice) <what:sacrificed>")
def players_sacrifice(b: Builder, who: Any, what: tuple[str, Filter]) -> list[Any]:
    """CR 701.21a, 101.4: "Each player sacrifices a creature.", "Target opponent sacrifices a
    land." (each chooses one of their own, in turn order; sacrificed at the same time)"""
    from ...effects.curses import PlayersSacrifice
    if who.kind not in ("each_player", "each_opponent", "target"):
        raise NoParse("sacrifices")
    phrase, flt = what
    return [PlayersSacrifice(flt, phrase, b.player(who))]


def _if_you_drew(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"You may draw a card. If you do, discard a card.": the discard only if a card was drawn
    (an empty library draws nothing, CR 121.3, 609.3)."""
    if not s.lower().startswith("if you do, ") or not out:
        return None
    from ...effects import Draw, May
    from ...effects.curses import DrawOne
    from ...subjects import CONTROLLER
    from ..lines import sentence
    last = out[-1]
    if not (isinstance(last, May) and not last.then and len(last.effects) == 1 and isinstance(last.effects[0], Draw)
            and last.effects[0].amount == 1 and last.effects[0].who is CONTROLLER):
        return None
    then = sentence(s[len("if you do, "):], b)
    return out[:-1] + [May((DrawOne(),), last.prompt, tuple(then))]


SENTENCE_HOOKS.append(_if_you_drew)

"""What spells and abilities do (CR 608): copying a spell or an ability on the stack (CR
707.10), countering abilities (CR 701.6b) and where a countered spell goes instead, "its
controller" of a countered spell (CR 608.2h), extra turns (CR 500.7), additional land plays
(CR 305.2), addendum's "instead" (CR 207.2c), "for each" and "where X is the number of" amounts
(CR 107.3a, 608.2h), "can't cast spells this turn" (CR 101.2), switched and set power and
toughness until end of turn (CR 613.4b, 613.4d), "<creatures> can't block this turn" for a
group (CR 611.2c), sacrificing all colored permanents, "destroyed this way", "If that creature
would die this turn, exile it instead" (CR 614.1a), repeatable modes (CR 700.2d). How spells are
cast and paid for is templates/spellcasting.py.

Declined here: a copy of anything but the ability's first target (the engine copies its first
target), an addendum whose "instead" effect is not a damage amount, "those creatures" of
anything but a group the same ability named, "where X is" on a card with {X} in a cost, "loses
all abilities" (its layer-6 interactions with the abilities it removes are not modelled).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from ....core.filters import Spell, StackAbility
from ...abilities import TargetSpec
from ...effects import CopyStackItem, CounterSpell, DealDamage
from ...effects.spells import IfCastInMainPhaseElse
from ...effects.turns import AdditionalLandPlays, PlayAdditionalLands, TakeExtraTurn
from ...subjects import Each, Target
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
    from .costs import _spells_only
    if _spells_only(f) and not what.spec.up_to:
        return [CounterSpell(b.obj(what, frozenset({"stack"})))]  # "instant or sorcery spell"
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


# --------------------------------------------------------------------------------------------
# "<draw a card / gain 1 life / lose 1 life / deal 1 damage> for each <thing>" (CR 608.2h:
# counted as the effect happens)


@kind("each_counted")
def _each_counted(text: str) -> Any:
    """What "for each" counts as the effect resolves: permanents on the battlefield ("creature
    you control", "creature you control with a +1/+1 counter on it", "Elf on the
    battlefield") or cards in a graveyard or hand ("creature card in your graveyard", "card
    in your hand")."""
    from ....core.filters import Permanent
    from ...effects.spells import CardsIn
    from ...subjects import NumberOf
    from ..lexicon import read_noun
    low = text.lower()
    for zone in ("graveyard", "hand"):
        for tail, whose in ((f" in your {zone}", "you"), (f" in all {zone}s", "all")):
            if low.endswith(tail):
                head = text[: -len(tail)]
                if not head.lower().endswith("card"):
                    raise NoParse(text)
                f = None if head.lower() == "card" else read_noun(head)
                if f is not None and f.domain() not in (None, frozenset({zone})):
                    raise NoParse(text)
                return CardsIn(zone, f, whose)
    if low.endswith(" on the battlefield"):
        text = text[: -len(" on the battlefield")]
    elif not any(w in low for w in (" you control", " your opponents control", " an opponent controls",
                                     " you don't control")):
        raise NoParse(text)
    f = read_noun(text)
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return NumberOf(f & Permanent())


@rule("effect", "<body:clause> for each <n:each_counted>")
def for_each(b: Builder, body: str, n: Any) -> list[Any]:
    """"Draw a card for each creature you control with a +1/+1 counter on it." (Armorcraft
    Judge), "you gain 1 life for each creature you control" (Deploy): one card, one life, one
    damage for each, counted as the effect resolves (CR 608.2h)."""
    from ...effects import Draw, GainLife, LoseLife
    from ..grammar import FAIL
    from ..lines import sentence
    if " for each " in body.lower():
        raise NoParse(body)
    k = len(b.targets)
    try:
        effs = sentence(body, b)
    except FAIL:
        raise NoParse(body) from None
    if len(effs) != 1 or not isinstance(effs[0], (Draw, GainLife, LoseLife, DealDamage)) or effs[0].amount != 1:
        raise NoParse(body)
    del k
    return [dataclasses.replace(effs[0], amount=n)]


# --------------------------------------------------------------------------------------------
# "<effect with X>, where X is the number of <things>" (CR 107.3a: X defined by the text,
# worked out as the effect resolves, CR 608.2h)

_WHERE_X = ", where x is the number of "
_ZONE_TAIL = re.compile(r"^(.*?) in (your|all|target player's|target opponent's) (graveyard|hand|graveyards|hands)$",
                        re.IGNORECASE)


def _number_of(text: str, b: Builder) -> Any:
    """"creature cards in target player's graveyard", "cards in your hand", "creatures you
    control", "attacking creatures", "Elves on the battlefield": a count worked out as the
    effect resolves; a target player named here becomes the ability's next target."""
    from ....core.filters import Permanent
    from ...effects.spells import CardsIn
    from ...subjects import NumberOf
    from ..lexicon import read_noun
    m = _ZONE_TAIL.fullmatch(text)
    if m:
        head, whose, zone = m.group(1), m.group(2).lower(), m.group(3).lower().rstrip("s")
        if (whose == "all") != m.group(3).lower().endswith("s"):
            raise NoParse(text)
        if not head.lower().endswith("cards"):
            raise NoParse(text)
        f = None if head.lower() == "cards" else read_noun(head)
        if f is not None and f.domain() not in (None, frozenset({zone})):
            raise NoParse(text)
        if whose.startswith("target"):
            ref = PlayerRef("target", TargetSpec(whose.split()[1].rstrip("'s")))
            t = b.player(ref)
            assert isinstance(t, Target)
            return CardsIn(zone, f, "target", t.index)
        return CardsIn(zone, f, "you" if whose == "your" else "all")
    low = text.lower()
    if low.endswith(" on the battlefield"):
        text = text[: -len(" on the battlefield")]
    elif not (any(w in low for w in (" you control", " your opponents control", " you don't control"))
              or low.startswith(("attacking ", "blocking ", "tapped ", "untapped "))):
        raise NoParse(text)
    f = read_noun(text)
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return NumberOf(f & Permanent())


def _with_x(x: Any, count: Any) -> Any:
    """`x` (effects, or one value inside them) with every X amount replaced by `count`."""
    from ...rewrite import rewrite
    from ...subjects import XValue
    return rewrite(x, lambda v: count if isinstance(v, XValue) else None)


def _where_x_sentence(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"you draw X cards and you lose X life, where X is the number of creature cards in
    target player's graveyard" (Corpse Augur): the sentence read with X as that number. A card
    whose cost has {X} is not read (its X is the announced one)."""
    from ..grammar import FAIL
    from ..lines import sentence
    low = s.lower()
    k = low.find(_WHERE_X)
    if k == -1:
        return None
    faces = getattr(b.card, "faces", None) or (getattr(b.card, "front", None),)
    if any("{X}" in (getattr(f, "mana_cost", "") or "") + (getattr(f, "oracle_text", "") or "") for f in faces):
        raise NoParse(s)  # an X announced for a cost is X too
    body = s[:k]
    b.notes["where_x_body"] = True  # rules that read an X only a "where X is" defines
    try:
        effs = sentence(body, b)
        count = _number_of(s[k + len(_WHERE_X):], b)
    except FAIL:
        raise NoParse(s) from None
    finally:
        b.notes.pop("where_x_body", None)
    from ...effects.spells import WhereX
    n = b.notes.get("where_x", 0)
    b.notes["where_x"] = n + 1
    got = _with_x(tuple(effs), WhereX(count, -1000 - n))
    if got == tuple(effs) or _has_x(got):
        raise NoParse(s)  # no X read, or an X left that isn't an amount
    return out + list(got)


def _has_x(x: Any) -> bool:
    """Whether `x` still reads the announced X: an X amount, or a token whose power and
    toughness are X (CreateTokens.x_pt)."""
    from ...subjects import XValue
    if isinstance(x, XValue) or getattr(x, "x_pt", False):
        return True
    if isinstance(x, tuple | list):
        return any(_has_x(y) for y in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return any(_has_x(getattr(x, f.name)) for f in dataclasses.fields(x))
    return False


SENTENCE_HOOKS.append(_where_x_sentence)


# --------------------------------------------------------------------------------------------
# "Each creature deals 1 damage to its controller" (CR 120.3)


@rule("effect", "<what:objs> deals <n:n> damage to its controller")
def each_deals_damage_to_controller(b: Builder, what: ObjRef, n: int) -> list[Any]:
    """"Each creature deals 1 damage to its controller." (Rakdos Charm): each creature is the
    source of the damage to the player who controls it (CR 120.3)."""
    from ...effects.spells import EachDealsDamageToController
    return [EachDealsDamageToController(b.obj(what), n)]


# --------------------------------------------------------------------------------------------
# "can't cast spells this turn" (CR 101.2)


@rule("effect", "<who:player> can't cast spells this turn", "Your opponents can't cast spells this turn")
def cant_cast_spells(b: Builder, who: PlayerRef | None = None) -> list[Any]:
    """"Target player can't cast spells this turn." (CR 101.2): for the rest of the turn, by
    any means (the engine asks it wherever a spell may be cast)."""
    from ...effects.spells import CantCastSpells
    from ...subjects import EACH_OPPONENT
    if who is None:
        return [CantCastSpells(EACH_OPPONENT)]
    if who.kind not in ("target", "you", "each_opponent", "each_player", "controller"):
        raise NoParse("can't cast spells this turn")
    return [CantCastSpells(b.player(who))]


def _after_counter(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"Counter target spell. Its controller loses 3 life." (Undermine), "... Its controller
    can't cast spells this turn." (Render Silent): once the spell is countered it has left the
    stack, and "its controller" is the controller it had (CR 608.2h): the counter notes it
    (effects/spells.SpellControllerOf). Spells that can't be countered stay on the stack, and
    their controller is read there."""
    from ...effects.spells import CounterTo, SpellControllerOf
    from ...subjects import ControllerOf
    from ..grammar import FAIL
    from ..lines import sentence
    if not s.lower().startswith("its controller "):
        return None
    k = next((i for i in range(len(out) - 1, -1, -1)
              if type(out[i]) in (CounterSpell, CounterTo) and isinstance(out[i].what, Target)), None)
    if k is None:
        return None
    what = out[k].what
    saved = b.save()
    try:
        effs = sentence(s, b)
    except FAIL:
        b.restore(saved)
        return None
    swapped = _swap(tuple(effs), ControllerOf(what), SpellControllerOf(what))
    if swapped == tuple(effs) or any(hasattr(e, "amend") for e in effs):
        b.restore(saved)
        return None  # read as it is (templates/tokens.py notes the controller itself)
    counter = out[k] if type(out[k]) is CounterTo else CounterTo(what, "graveyard")
    return out[:k] + [counter] + out[k + 1:] + list(swapped)


def _swap(x: Any, old: Any, new: Any) -> Any:
    """`x` with every value equal to `old` replaced by `new` (in effects and their fields)."""
    if x == old and type(x) is type(old):
        return new
    if isinstance(x, tuple):
        return tuple(_swap(y, old, new) for y in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        changes = {f.name: _swap(getattr(x, f.name), old, new) for f in dataclasses.fields(x) if f.init}
        changes = {k: v for k, v in changes.items() if v is not getattr(x, k)}
        return dataclasses.replace(x, **changes) if changes else x
    return x


SENTENCE_HOOKS.append(_after_counter)


# --------------------------------------------------------------------------------------------
# power and toughness until end of turn: switched (CR 613.4d), base set (CR 613.4b)


@rule("effect", "Switch <what:possessive> power and toughness until end of turn")
def switch_pt(b: Builder, what: ObjRef) -> list[Any]:
    """"Switch ~'s power and toughness until end of turn." (Windreaver; CR 613.4d): applied in
    layer 7d, after counters and every "gets +N/+N"."""
    from ....core.modifications import SwitchPT
    from ...effects.spells import UntilEndOfTurn
    return [UntilEndOfTurn(SwitchPT(), b.obj(what))]


@kind("possessive")
def _possessive(text: str) -> ObjRef:
    """"~'s", "target creature's", "its": the object whose characteristic is named."""
    from ..lexicon import read_obj
    low = text.lower()
    if low == "its":
        return ObjRef("it")
    if not low.endswith("'s"):
        raise NoParse(text)
    return read_obj(text[:-2])


_OTHER_THAN_SELF = re.compile(r"target (creature|permanent) other than ~", re.IGNORECASE)


@rule("effect", "<what:base_pt_obj> has base power and toughness <p:n>/<t:n> until end of turn",
      "<what:base_pt_obj> have base power and toughness <p:n>/<t:n> until end of turn")
def base_pt_until_eot(b: Builder, what: ObjRef, p: int, t: int) -> list[Any]:
    """"Target creature other than ~ has base power and toughness 0/2 until end of turn."
    (Serendib Sorcerer; CR 613.4b, layer 7b): counters and "gets +N/+N" still apply on top."""
    from ....core.modifications import SetPT
    from ...effects.spells import UntilEndOfTurn
    return [UntilEndOfTurn(SetPT(p, t), b.obj(what))]


@kind("base_pt_obj")
def _base_pt_obj(text: str) -> ObjRef:
    from ..lexicon import read_noun as noun
    from ..lexicon import read_obj, read_objs
    m = _OTHER_THAN_SELF.fullmatch(text)
    if m:
        phrase = f"other {m.group(1).lower()}"
        return ObjRef("target", TargetSpec(phrase, filter=noun(phrase)))
    low = text.lower()
    if low.startswith(("each ", "all ")):
        return read_objs(text)
    return read_obj(text)


# --------------------------------------------------------------------------------------------
# "<creatures> can't block this turn" (CR 611.2c), "Each player sacrifices all ..." (CR
# 701.21a), "... for each creature destroyed this way"


def _forbid(kinds: tuple[str, ...]) -> Any:
    def build(b: Builder, what: ObjRef) -> list[Any]:
        """"Creatures without flying can't block this turn." (Magmatic Chasm): the creatures it
        names at each moment of the turn, not only those there as it resolves (the card's
        ruling; CR 611.2c: it changes no characteristics)."""
        from ...effects.spells import ForbidThisTurn
        assert what.filter is not None
        return [ForbidThisTurn(kinds, what.filter)]
    return build


for _verb, _kinds in (("block", ("cant_block",)), ("attack", ("cant_attack",)),
                      ("attack or block", ("cant_attack", "cant_block"))):
    rule("effect", f"<what:group> can't {_verb} this turn", f"<what:objs> can't {_verb} this turn")(
        _forbid(_kinds))


@rule("effect", "Each player sacrifices all permanents they control that are one or more colors",
      "Each player sacrifices all <what:phrase> they control")
def each_player_sacrifices_all(b: Builder, what: Any = None) -> list[Any]:
    """"Each player sacrifices all permanents they control that are one or more colors." (All
    Is Dust; CR 701.21a, 105.2): every colored permanent (by its color now, CR 105.2), all in
    the same effect."""
    from ....core.filters import Colorless, Permanent
    from ...effects.spells import SacrificeAll
    if what is None:
        return [SacrificeAll(~Colorless() & Permanent())]
    if what.domain() not in (None, frozenset({"battlefield"})) or "control" in str(what):
        raise NoParse("sacrifices all")
    return [SacrificeAll(what & Permanent())]


def _destroyed_this_way(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"Destroy all creatures. They can't be regenerated. Draw a card for each creature
    destroyed this way." (Decree of Pain): the permanents the destroy effect before named that
    left the battlefield."""
    from ...effects import Destroy, Draw, GainLife
    from ...effects.shields import DestroyNoRegenerate
    from ...effects.spells import DestroyThenCount
    from ..grammar import FAIL
    from ..lines import sentence
    low = s.lower()
    tail = " for each creature destroyed this way"
    if not low.endswith(tail):
        return None
    prev = out[start:]
    if len(prev) != 1 or type(prev[0]) not in (Destroy, DestroyNoRegenerate) or not isinstance(prev[0].what, Each):
        raise NoParse(s)
    try:
        effs = sentence(s[: -len(tail)], b)
    except FAIL:
        raise NoParse(s) from None
    if len(effs) != 1 or type(effs[0]) not in (Draw, GainLife) or not isinstance(effs[0].amount, int):
        raise NoParse(s)
    return out[:start] + [DestroyThenCount(prev[0], effs[0], effs[0].amount)]


SENTENCE_HOOKS.append(_destroyed_this_way)


# --------------------------------------------------------------------------------------------
# "If that spell is countered this way, exile it instead of putting it into its owner's
# graveyard." (CR 701.6a, 614.1a)

_COUNTERED_TO = {
    "exile it instead of putting it into its owner's graveyard": "exile",
    "put it on top of its owner's library instead of into that player's graveyard": "library",
    "put it into its owner's hand instead of into that player's graveyard": "hand",
}


def _countered_this_way(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """The sentence after "Counter target spell." (Dissipate, Memory Lapse, Remand): where the
    countered card goes instead of its owner's graveyard."""
    from ...effects.spells import CounterTo
    low = s.lower()
    for lead in ("if that spell is countered this way, ", "if the spell is countered this way, "):
        if low.startswith(lead):
            break
    else:
        return None
    to = _COUNTERED_TO.get(low[len(lead):])
    prev = out[start:]
    if to is None or len(prev) != 1 or type(prev[0]) is not CounterSpell or not isinstance(prev[0].what, Target):
        raise NoParse(s)
    return out[:start] + [CounterTo(prev[0].what, to)]


SENTENCE_HOOKS.append(_countered_this_way)


# --------------------------------------------------------------------------------------------
# "If that creature would die this turn, exile it instead." (CR 614.1a)


def _exile_if_dies(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """After an effect on one target creature ("Lava Coil deals 4 damage to target creature.",
    "Target creature gets -13/-13 until end of turn."): that creature is exiled if it would die
    this turn. After damage to any target or to each creature: "If a creature dealt damage
    this way would die this turn, exile it instead." (only those dealt damage)."""
    from ...effects import DealDamage, Pump
    from ...effects.spells import DamageThenExileIfDies, ExileIfDies
    low = s.lower()
    prev = out[start:]
    if low == "if that creature would die this turn, exile it instead":
        if len(prev) != 1 or not isinstance(prev[0], (DealDamage, Pump)):
            raise NoParse(s)
        who = prev[0].to if isinstance(prev[0], DealDamage) else prev[0].what
        spec = b.targets[who.index] if isinstance(who, Target) and who.index < len(b.targets) else None
        words = spec.what.lower().split() if spec is not None else []
        if spec is None or "creature" not in words or " or " in spec.what:
            raise NoParse(s)  # a target that is always a creature
        return out + [ExileIfDies(who)]
    if low == "if a creature dealt damage this way would die this turn, exile it instead":
        if len(prev) != 1 or type(prev[0]) is not DealDamage:
            raise NoParse(s)
        return out[:start] + [DamageThenExileIfDies(prev[0])]
    return None


SENTENCE_HOOKS.append(_exile_if_dies)


# --------------------------------------------------------------------------------------------
# a few combinations of the family's effects


@rule("effect", "<what:obj> gets <pt:pt> until end of turn and can't be blocked this turn")
def pump_and_unblockable(b: Builder, what: ObjRef, pt: Any) -> list[Any]:
    """"~ gets +1/+0 until end of turn and can't be blocked this turn." (Cunning Survivor; CR
    613.4c, 509.1b): both to the same creature."""
    from ....core.chars import Flag
    from ...effects import Pump
    from ...effects.combat import FlagUntilEOT
    who = b.obj(what)
    return [Pump(pt.power, pt.toughness, who), FlagUntilEOT((Flag.UNBLOCKABLE,), who)]


@rule("effect", "Put <n:amount> <counter:counter> counter(s|) on each of <what:multi_target>")
def counters_on_each_of_targets(b: Builder, n: Any, counter: str, what: ObjRef) -> list[Any]:
    """"Put a +1/+1 counter on each of up to two target creatures." (CR 122.1, 601.2c)."""
    from ...effects import PutCounters
    from .puzzlecards import _all_of
    return [PutCounters(counter, n, _all_of(b, what))]



@rule("effect", "<who:player> draws <n:amount> card(s|) and loses <m:amount> life",
      "<who:player> draw <n:amount> card(s|) and lose <m:amount> life")
def draws_and_loses(b: Builder, who: PlayerRef, n: Any, m: Any) -> list[Any]:
    """"Target player draws a card and loses 1 life." (Wretched Confluence; CR 121.1, 119.3):
    one player, both."""
    from ...effects import Draw, LoseLife
    p = b.player(who)
    return [Draw(n, p), LoseLife(m, p)]

"""Miscellaneous templates (the "misc" family): entwine (CR 702.42); last known information of
an ability's only target once an effect moved it ("Its controller gains life equal to its
power", "Its controller may search their library ...": Swords to Plowshares, Path to Exile; CR
608.2h); control until end of turn (threaten, CR 613.1b, 514.2); damage to each creature and
each player (CR 120.3); persist (702.79), modular (702.43), bloodthirst (702.54), renown
(702.112), monstrosity (701.37), exploit (702.110), detain (701.35); flipping a coin (CR 705);
"<effect on itself> at end of combat" (a delayed triggered ability, CR 603.7a).

Declined (NoParse), because the engine can't do them exactly: entwine costs that aren't mana,
"Monstrosity X", "Bloodthirst X", several targets of one phrase ("detain up to two target
creatures"), a sentence after a coin flip's branches, delayed abilities that act on anything
but their source, "its power" of anything but the ability's only target. Chaos Warp's reveal
is not read: an Aura revealed would enter attached to something its owner chooses (CR
303.4f), which the engine can't do."""

from __future__ import annotations

import dataclasses
from typing import Any

from ....core.filters import Filter
from ....core.mana import parse_mana_cost
from ...abilities import EntersWith, TriggerEvent
from ...effects import DealDamage, GainControlUntilEOT, GainKeyword, GainLife, May, SacrificeIt, Untap
from ...effects.coins import FlipCoin
from ...effects.designations import EXPLOIT, CountersAndDesignation, Detain, renown_trigger
from ...effects.endofcombat import AtEndOfCombat, SacrificeSourceIfYours
from ...effects.lastknown import AsPlayer, LastControllerOf, LastPowerOf
from ...effects.library import _article
from ...effects.returning import OpponentDamagedThisTurn, modular_trigger
from ...spellcosts import Entwine
from ...subjects import EACH_PLAYER, SELF, Target, This
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import ObjRef, PlayerRef, engine_keyword
from ..lines import SENTENCE_HOOKS, sentence
from ..text import Line
from .library import _onto_battlefield

# --------------------------------------------------------------------------------------------
# entwine (CR 702.42)


@rule("keyword", "Entwine <cost:mana>")
def entwine(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.42a: "You may choose all modes of this spell instead of just the number
    specified. If you do, you pay an additional [cost]." Read for a "Choose one —" spell (the
    engine offers "all modes" beside each single mode); a cost that isn't mana ("Entwine—
    Sacrifice three lands") is not read."""
    text = getattr(b.card, "oracle_text", "")
    if not text.startswith("Choose one —\n") or "Instant" not in b.card.type_line and "Sorcery" not in b.card.type_line:
        raise NoParse(line.text)
    mana = parse_mana_cost(cost)
    if mana.x_count:
        raise NoParse(line.text)
    return [Entwine(text=line.raw, cost=mana)]


def _only_target(b: Builder) -> Target:
    """The index of the target "it" names: the ability's only target so far (with several, an
    illegal one's information would still be used, CR 608.2b: not read)."""
    last = b.last
    if not isinstance(last, Target) or last.index != 0 or len(b.targets) != 1:
        raise NoParse("its power")
    if b.targets[0].where != frozenset({"battlefield"}):
        raise NoParse("its power")
    return last


# --------------------------------------------------------------------------------------------
# last known information (CR 608.2h)


@kind("misc_stat")
def _stat(text: str) -> str:
    if text.lower() not in ("power", "toughness"):
        raise NoParse(text)
    return text.lower()


@rule("effect", "<who:player> (gain|gains) life equal to its <stat:misc_stat>")
def gain_life_equal_to_power(b: Builder, who: PlayerRef, stat: str) -> list[Any]:
    """CR 608.2h, 107.1b: Swords to Plowshares "Exile target creature. Its controller gains life
    equal to its power."; Chastise "Destroy target attacking creature. You gain life equal to
    its power.": the target's power as it last existed on the battlefield (0 if negative)."""
    it = _only_target(b)
    player = LastControllerOf(it) if who.kind == "controller" else b.player(who)
    return [GainLife(LastPowerOf(it, toughness=stat == "toughness"), player)]


@rule("effect", "<who:player> may search their library for <what:search>, put (it|that card) onto the battlefield, then shuffle")
def controller_may_search(b: Builder, who: PlayerRef, what: tuple[str, Filter, bool]) -> list[Any]:
    """CR 608.2h, 701.23a: Assassin's Trophy "Destroy target permanent an opponent controls. Its
    controller may search their library for a basic land card, put it onto the battlefield,
    then shuffle.": that player chooses, searches and shuffles their own library."""
    return _search_as(b, who, what, False)


@rule("effect", "<who:player> may search their library for <what:search>, put (it|that card) onto the battlefield tapped, then shuffle")
def controller_may_search_tapped(b: Builder, who: PlayerRef, what: tuple[str, Filter, bool]) -> list[Any]:
    """Path to Exile: "Its controller may search their library for a basic land card, put that
    card onto the battlefield tapped, then shuffle." (the exiled creature's last controller,
    CR 608.2h; no search, no shuffle, if they decline)"""
    return _search_as(b, who, what, True)


def _search_as(b: Builder, who: PlayerRef, what: tuple[str, Filter, bool], tapped: bool) -> list[Any]:
    if who.kind != "controller":
        raise NoParse("may search their library")
    player = LastControllerOf(_only_target(b))
    effs = tuple(_onto_battlefield(what, tapped))
    prompt = f"search your library for {_article(what[0])}"
    return [AsPlayer(player, (May(effs, prompt),))]


# --------------------------------------------------------------------------------------------
# control until end of turn (threaten: CR 613.1b, 514.2)


@rule("effect", "Gain control of <what:obj> until end of turn")
def threaten(b: Builder, what: ObjRef) -> list[Any]:
    """CR 613.1b (layer 2), 514.2: Act of Treason's "Gain control of target creature until end
    of turn.": the control change ends in the cleanup step; the creature hasn't been under its
    new controller's control since their turn began (CR 302.6: haste lets it attack and {T})."""
    return [GainControlUntilEOT(_control_target(b, what))]


@rule("effect", "Untap <what:obj> and gain control of it until end of turn")
def untap_and_threaten(b: Builder, what: ObjRef) -> list[Any]:
    """Threaten: "Untap target creature and gain control of it until end of turn." """
    who = _control_target(b, what)
    return [Untap(who), GainControlUntilEOT(who)]


def _control_target(b: Builder, what: ObjRef) -> Any:
    if what.kind != "target":
        raise NoParse("gain control")  # "gain control of it": of what the ability named before
    return b.obj(what)


@rule("effect", "Until end of turn, (you |)gain control of <what:obj> and it gains haste")
def threaten_with_haste(b: Builder, what: ObjRef) -> list[Any]:
    """Besmirch, Grab the Reins: "Until end of turn, gain control of target creature and it
    gains haste." (CR 613.1b, 613.1f: both until end of turn)"""
    who = _control_target(b, what)
    return [GainControlUntilEOT(who), GainKeyword(("haste",), who)]


# --------------------------------------------------------------------------------------------
# damage to each creature and each player (CR 120.3)


@rule("effect", "<source:obj> deals <n:amount> damage to <objs:objs> and each player")
def damage_each_creature_and_player(b: Builder, source: ObjRef, n: Any, objs: ObjRef) -> list[Any]:
    """CR 120.3: Pestilence's "~ deals 1 damage to each creature and each player.", Hurricane's
    "to each creature with flying and each player": the permanents, then each player in APNAP
    order (CR 101.4), as the engine deals "each creature" damage: one object at a time within
    the resolution, before any state-based action (CR 704.3)."""
    from .effects import _damage_source
    _damage_source(b, source)
    every = b.obj(objs)
    b.last = SELF
    return [DealDamage(n, every), DealDamage(n, EACH_PLAYER)]


# --------------------------------------------------------------------------------------------
# persist (CR 702.79), modular (CR 702.43)

engine_keyword("persist")  # engine/triggers.py: its dies trigger (effects/returning.py)


@rule("keyword", "Modular <n:n>")
def modular(b: Builder, n: int, line: Line) -> list[Any]:
    """CR 702.43a: "Modular N" means "This permanent enters with N +1/+1 counters on it" and
    "When this permanent is put into a graveyard from the battlefield, you may put a +1/+1
    counter on target artifact creature for each +1/+1 counter on this permanent." (each
    instance separately, CR 702.43b)"""
    if "Artifact" not in getattr(b.card, "type_line", "") or "Creature" not in b.card.type_line:
        raise NoParse(line.text)
    return [EntersWith(text=line.raw, counter="+1/+1", amount=n),
            modular_trigger(line.raw)]


# --------------------------------------------------------------------------------------------
# flipping a coin (CR 705)


def _flip_sentence(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"Flip a coin. If you win the flip, X. If you lose the flip, Y." (CR 705.2): the flip,
    then each branch read into it. After a flip, only its branches may follow in the same
    ability (a later sentence could belong to a branch: not read)."""
    low = s.lower()
    if low == "flip a coin":
        return out + [FlipCoin()]
    last = out[-1] if out else None
    if not isinstance(last, FlipCoin):
        return None
    for lead, part in (("if you win the flip, ", "win"), ("if you lose the flip, ", "lose")):
        if low.startswith(lead) and not getattr(last, part):
            effs = tuple(sentence(s[len(lead):], b))
            if not effs:
                raise NoParse(s)
            return out[:-1] + [dataclasses.replace(last, **{part: effs})]
    raise NoParse(s)


SENTENCE_HOOKS.append(_flip_sentence)


@rule("keyword", "Bloodthirst <n:n>")
def bloodthirst(b: Builder, n: int, line: Line) -> list[Any]:
    """CR 702.54a: "If an opponent was dealt damage this turn, this permanent enters with N
    +1/+1 counters on it." (each instance separately, CR 702.54c; "Bloodthirst X" is not
    read)"""
    return [EntersWith(text=line.raw, counter="+1/+1", amount=n, condition=OpponentDamagedThisTurn())]


# --------------------------------------------------------------------------------------------
# renown (CR 702.112)


@rule("keyword", "Renown <n:n>")
def renown(b: Builder, n: int, line: Line) -> list[Any]:
    """CR 702.112a: "When this creature deals combat damage to a player, if it isn't renowned,
    put N +1/+1 counters on it and it becomes renowned." (an intervening "if", CR 603.4)"""
    if "Creature" not in getattr(b.card, "type_line", ""):
        raise NoParse(line.text)
    return [renown_trigger(line.raw, n)]


# --------------------------------------------------------------------------------------------
# monstrosity (CR 701.37)


@rule("effect", "Monstrosity <n:n>")
def monstrosity(b: Builder, n: int) -> list[Any]:
    """CR 701.37a: "{5}{G}{G}: Monstrosity 3." means "If this permanent isn't monstrous, put
    three +1/+1 counters on it and it becomes monstrous." ("Monstrosity X", whose X other
    abilities may refer to, CR 701.37c, is not read; nor is "When ~ becomes monstrous")"""
    if not b.notes.get("activated"):
        raise NoParse("monstrosity")
    return [CountersAndDesignation(n, "monstrous")]


@rule("trigger", "When <s:self> becomes monstrous")
def becomes_monstrous(b: Builder, s: Any) -> dict[str, Any]:
    """CR 701.37a: "When ~ becomes monstrous, ..." triggers as the monstrosity ability that
    made it monstrous resolves (not again: it stays monstrous, CR 701.37b)."""
    return {"event": TriggerEvent.BECOMES_MONSTROUS, "event_obj": SELF}


# --------------------------------------------------------------------------------------------
# "at end of combat" (a delayed triggered ability, CR 603.7a, 511.2)


@rule("effect", "<what:misc_delayed> at end of combat")
def at_end_of_combat(b: Builder, what: str) -> list[Any]:
    """Runaway Carriage: "When ~ attacks or blocks, sacrifice it at end of combat."; Phantom
    Whelp: "... return it to its owner's hand at end of combat.": a delayed triggered ability
    of this turn's end of combat step. Read only when what it does acts on the source alone
    ("it" being the same object, CR 400.7) and chooses no target; "sacrifice it" only while
    its controller controls it (CR 701.21a)."""
    if b.event is not None and not isinstance(b.event, This):
        raise NoParse(what)
    n = len(b.targets)
    effs = sentence(what, b)
    if len(b.targets) != n or not effs or not _only_source(effs):
        raise NoParse(what)
    effs = [SacrificeSourceIfYours() if isinstance(e, SacrificeIt) else e for e in effs]
    text = what[0].upper() + what[1:] + "."
    b.last = SELF
    return [AtEndOfCombat(tuple(effs), text)]


@kind("misc_delayed")
def _delayed_text(text: str) -> str:
    if not text or text[0].isupper() or " at end of combat" in text:
        raise NoParse(text)
    return text


def _only_source(x: Any) -> bool:
    """Whether every subject in `x` (effects, subjects, or values holding them) is the source."""
    from ...subjects import Who
    if isinstance(x, Who):
        return isinstance(x, This)
    if isinstance(x, tuple | list):
        return all(_only_source(y) for y in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return all(_only_source(getattr(x, f.name)) for f in dataclasses.fields(x))
    return True


# --------------------------------------------------------------------------------------------
# exploit (CR 702.110)


@rule("keyword", "Exploit")
def exploit(b: Builder, line: Line) -> list[Any]:
    """CR 702.110a: "When this creature enters, you may sacrifice a creature." """
    if "Creature" not in getattr(b.card, "type_line", ""):
        raise NoParse(line.text)
    return [dataclasses.replace(EXPLOIT, text=line.raw)]


@rule("trigger", "When <s:self> exploits a creature")
def when_exploits(b: Builder, s: Any) -> dict[str, Any]:
    """CR 702.110b: it triggers when its exploit ability's controller sacrifices a creature as
    that ability resolves, even the creature itself (Gatherer rulings: not if it has left the
    battlefield before)."""
    return {"event": TriggerEvent.EXPLOITS, "event_obj": SELF}


# --------------------------------------------------------------------------------------------
# detain (CR 701.35)


@rule("effect", "Detain <what:obj>", "Detain <what:objs>")
def detain(b: Builder, what: ObjRef) -> list[Any]:
    """CR 701.35a: "detain target nonland permanent an opponent controls": until your next
    turn it can't attack or block and its activated abilities (mana abilities too) can't be
    activated. ("up to two target ...": several targets of one phrase are not read.)"""
    return [Detain(b.obj(what))]

"""Templates the Forge sample puzzles need (tests/puzzles/samples): linked exile ("When ~ leaves
the battlefield, return the exiled card ...", CR 607.2a, 610.3c), conditions on what you control
("Metalcraft — ... if you control three or more artifacts", CR 603.4, 608.2c), vanishing and
fading (CR 702.63, 702.32).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Any

from ....core.chars import Flag
from ....core.filters import YOU, Attacking, Controls, Filter, Permanent
from ....core.modifications import AddFlags, ModifyPT
from ...abilities import LEAVES_EVENTS, Ability, Activated, EntersWith, Triggered, TriggerEvent
from ...effects import (
    DealDamage,
    Destroy,
    ExileIt,
    ExileLinked,
    May,
    ReturnLinked,
    ReturnToHand,
    SacrificeIt,
    Tap,
    Untap,
)
from ...effects.combat import FlagUntilEOT
from ...effects.counted import (
    DamageItself,
    HasCounter,
    IfControls,
    Recheck,
    RemoveCounter,
    RemoveCounterOrSacrifice,
    SpecTargets,
)
from ...effects.pzcards10 import ExileChosen
from ...effects.tokens import CreateTokens
from ...subjects import CONTROLLER, SELF, Target
from ..builder import Builder
from ..grammar import FAIL, MISS, NoParse, kind, read, rule
from ..lexicon import PT, ObjRef, read_noun, target_spec
from ..lines import SENTENCE_HOOKS
from ..text import Line
from .statics import _static

E = TriggerEvent


# --------------------------------------------------------------------------------------------
# "if you control N or more <permanents>" (metalcraft and the like)


def _no_other(text: str) -> None:
    """"you control two or more other artifacts": "other" is about the source, which may have
    left the battlefield by the time the condition is judged again: not read."""
    low = f" {text.lower()} "
    if " other " in low or " another " in low:
        raise NoParse(text)


@kind("you_control_only")
def _you_control_only(text: str) -> Controls:
    """"you control three or more artifacts" (statics.py's reading), without "other"."""
    _no_other(text)
    got = read("you_control", text)
    if got is MISS:
        raise NoParse(text)
    return got


@rule("condition", "<cond:you_control_only>")
def you_control(b: Builder, cond: Controls) -> Controls:
    """CR 603.4: "When ~ enters, if you control three or more artifacts, ..." (Bleak Coven
    Vampires): the ability triggers only if the condition holds, and does nothing unless it
    holds again as it resolves (the effects are wrapped in `Recheck`, lines._triggered)."""
    b.notes["recheck"] = functools.partial(Recheck, cond)
    return cond


@kind("none_on_battlefield")
def _none_on_battlefield(text: str) -> Controls:
    """"no creatures are on the battlefield", "there are no Zombies on the battlefield":
    no permanent of anyone's matches."""
    low = text.lower()
    for lead, tail in (("no ", " are on the battlefield"), ("there are no ", " on the battlefield")):
        if low.startswith(lead) and low.endswith(tail):
            phrase = text[len(lead): len(text) - len(tail)]
            _no_other(phrase)
            if " you " in f" {phrase.lower()} " or " your " in f" {phrase.lower()} ":
                raise NoParse(text)
            return Controls(read_noun(phrase) & Permanent(), none=True)
    raise NoParse(text)


@rule("condition", "<cond:none_on_battlefield>")
def none_on_battlefield(b: Builder, cond: Controls) -> Controls:
    """CR 603.4: "At the beginning of the end step, if no creatures are on the battlefield,
    sacrifice ~." (Pestilence): checked as it triggers and again as it resolves."""
    b.notes["recheck"] = functools.partial(Recheck, cond)
    return cond


_INSTEAD_IF = re.compile(r"(?P<body>.+) instead if (?P<cond>you control .+)", re.IGNORECASE)
_DEALS = re.compile(r"(?:it|~|this spell) deals (\d+) damage", re.IGNORECASE)


def _instead_if_sentence(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"<effect>. <other effect> instead if you control three or more artifacts." (Galvanic
    Blast, Feed the Clan): the other effect replaces the sentence before when the condition
    holds as the instruction is followed (CR 608.2c). "~ deals N damage instead" deals it to
    the same target; another sentence may choose no target of its own (its targets would be
    chosen as the spell is cast whatever the condition, CR 601.2c)."""
    from ..lines import sentence
    m = _INSTEAD_IF.fullmatch(s)
    if m is None:
        return None
    cond = read("you_control_only", m.group("cond"))
    if cond is MISS:
        raise NoParse(s)
    prev = out[start:]
    if not prev:
        raise NoParse(s)
    n = len(b.targets)
    body = m.group("body")
    dm = _DEALS.fullmatch(body)
    if dm and len(prev) == 1 and isinstance(prev[0], DealDamage):
        effs: list[Any] = [dataclasses.replace(prev[0], amount=int(dm.group(1)))]
    else:
        try:
            effs = sentence(body, b)
        except FAIL:
            raise NoParse(s) from None
    if len(b.targets) != n:
        raise NoParse(s)
    return out[:start] + [IfControls(cond, tuple(effs), tuple(prev))]


SENTENCE_HOOKS.append(_instead_if_sentence)


# --------------------------------------------------------------------------------------------
# linked exile (CR 607.2a): "When ~ leaves the battlefield, return the exiled card to ..."


@rule("effect", "Return the exiled (card|cards) to the battlefield under (its|their) (owner's|owners') control")
def return_exiled_to_battlefield(b: Builder) -> list[Any]:
    """CR 607.2a, 610.3c: the card the linked ability exiled returns under its owner's control
    (`link_exiles` checks the card has that ability)."""
    return [ReturnLinked("battlefield")]


@rule("effect", "Return the exiled (card|cards) to (its|their) (owner's|owners') (hand|hands)")
def return_exiled_to_hand(b: Builder) -> list[Any]:
    """CR 607.2a: "return the exiled card to its owner's hand" (Mesmeric Fiend)."""
    return [ReturnLinked("hand")]


def _returns(ab: Ability) -> ReturnLinked | None:
    effs = getattr(ab, "effects", ())
    got = [e for e in effs if isinstance(e, ReturnLinked)]
    if not got:
        return None
    if not isinstance(ab, Triggered) or len(effs) != 1 or not set(ab.events) <= LEAVES_EVENTS \
            or ab.subject is None or ab.targets or ab.condition is not None:
        # only "When ~ leaves the battlefield, return the exiled card ..." as a whole ability
        raise NoParse(ab.text)
    return got[0]


def _exiles(ab: Ability) -> int:
    """How many exile effects `ab` has (nested in "you may" too)."""
    n = 0
    for e in getattr(ab, "effects", ()):
        if isinstance(e, ExileIt | ExileLinked | ExileChosen):
            n += 1
        elif isinstance(e, May):
            n += sum(isinstance(x, ExileIt | ExileLinked | ExileChosen) for x in e.effects + e.then)
    return n


def _linked(e: Any) -> Any:
    if isinstance(e, ExileChosen):
        return ExileChosen(linked=True)  # the card chosen from a revealed hand (Mesmeric Fiend)
    if isinstance(e, ExileIt):
        if not isinstance(e.what, Target):
            raise NoParse("exile")
        return ExileLinked(e.what)
    if isinstance(e, May):
        if e.then:
            raise NoParse(e.prompt)
        return dataclasses.replace(e, effects=tuple(_linked(x) for x in e.effects))
    return e


_NO_AURA = re.compile(r"^(?:another )?(?:nontoken )?(?:creature|artifact creature)\b(?!.* or )", re.IGNORECASE)


def link_exiles(abilities: list[Ability]) -> list[Ability]:
    """A card's abilities with the exile of the ability that "the exiled card" refers to made
    linked to it (CR 607.2a: an ability printed on the card that exiles, and one that refers to
    "the exiled card"). Read only for exactly one other ability that exiles one target; the
    exile happens even if the source has left the battlefield (Journey to Nowhere's ruling:
    then the card stays exiled). A card returned to the battlefield must not be able to be an
    Aura (its owner would choose what it enchants, CR 303.4f, which the engine doesn't do): the
    exiled target is a creature."""
    returns = [(i, r) for i, ab in enumerate(abilities) if (r := _returns(ab)) is not None]
    if not returns:
        return abilities
    exilers = [i for i, ab in enumerate(abilities) if _exiles(ab)]
    if len(returns) != 1 or len(exilers) != 1:
        raise NoParse("return the exiled card")
    (ri, ret), ei = returns[0], exilers[0]
    ab = abilities[ei]
    if _exiles(ab) != 1 or not isinstance(ab, Triggered | Activated) or len(ab.targets) != 1 or ab.modes:
        raise NoParse(ab.text)
    spec = ab.targets[0]
    if spec.count != 1 or spec.up_to:
        raise NoParse(spec.what)
    if ret.to == "battlefield" and not _NO_AURA.match(spec.what):
        raise NoParse(f"return the exiled card to the battlefield (an exiled {spec.what} may be an Aura)")
    out = list(abilities)
    out[ei] = dataclasses.replace(ab, effects=tuple(_linked(e) for e in ab.effects))
    _ = ri
    return out


# --------------------------------------------------------------------------------------------
# vanishing (CR 702.63) and fading (CR 702.32)


def _permanent_only(b: Builder, line: Line) -> None:
    if b.is_spell:
        raise NoParse(line.text)


@rule("keyword", "Vanishing <n:n>", "Vanishing")
def vanishing(b: Builder, line: Line, n: int = 0) -> list[Any]:
    """CR 702.63a: "Vanishing N" means "This permanent enters with N time counters on it",
    "At the beginning of your upkeep, if this permanent has a time counter on it, remove a time
    counter from it", and "When the last time counter is removed from this permanent, sacrifice
    it"; CR 702.63b: without a number, only the last two."""
    _permanent_only(b, line)
    out: list[Any] = [EntersWith(text=line.raw, counter="time", amount=n)] if n else []
    return out + [
        Triggered(text=line.raw, event=E.UPKEEP, actor=YOU, condition=HasCounter("time"),
                  effects=(RemoveCounter("time"),)),
        Triggered(text=line.raw, event=E.LAST_TIME_COUNTER, effects=(SacrificeIt(SELF),)),
    ]


@rule("keyword", "Fading <n:n>")
def fading(b: Builder, n: int, line: Line) -> list[Any]:
    """CR 702.32a: "Fading N" means "This permanent enters with N fade counters on it" and "At
    the beginning of your upkeep, remove a fade counter from this permanent. If you can't,
    sacrifice the permanent." """
    _permanent_only(b, line)
    return [EntersWith(text=line.raw, counter="fade", amount=n),
            Triggered(text=line.raw, event=E.UPKEEP, actor=YOU, effects=(RemoveCounterOrSacrifice("fade"),))]


# --------------------------------------------------------------------------------------------
# "blocks this turn if able" (CR 509.1c) and Repentance's damage to itself


@rule("effect", "<what:obj> blocks this turn if able", "<what:objs> (block|blocks) this turn if able")
def must_block_this_turn(b: Builder, what: ObjRef) -> list[Any]:
    """CR 611.2a, 509.1c: "That creature blocks this turn if able." (Provoke): a requirement
    on its controller's declaration of blockers (engine/combat.py)."""
    return [FlagUntilEOT((Flag.MUST_BLOCK,), b.obj(what))]


@rule("effect", "<what:obj> attacks or blocks this turn if able")
def must_attack_or_block_this_turn(b: Builder, what: ObjRef) -> list[Any]:
    """CR 611.2a, 508.1d, 509.1c: "Target creature attacks or blocks this turn if able." """
    return [FlagUntilEOT((Flag.MUST_ATTACK, Flag.MUST_BLOCK), b.obj(what))]


@rule("static", "<who:affected> (blocks|block) each combat if able")
def must_block(b: Builder, who: Filter, line: Line) -> list[Any]:
    """CR 509.1c: "~ blocks each combat if able." (Watchdog)."""
    return _static(line, who, AddFlags((Flag.MUST_BLOCK,)))


@rule("static", "<who:affected> (attacks|attack) or (blocks|block) each combat if able")
def must_attack_or_block(b: Builder, who: Filter, line: Line) -> list[Any]:
    """CR 508.1d, 509.1c: "~ attacks or blocks each combat if able." (Iron Golem): it attacks
    in its controller's combats and blocks in the others'."""
    return _static(line, who, AddFlags((Flag.MUST_ATTACK, Flag.MUST_BLOCK)))


@rule("effect", "<what:obj> deals damage to itself equal to its power",
      "<what:objs> deals damage to itself equal to its power")
def damage_itself(b: Builder, what: ObjRef) -> list[Any]:
    """"Target creature deals damage to itself equal to its power." (Repentance, CR 120.3)."""
    return [DamageItself(b.obj(what))]


@rule("effect", "Investigate three times")
def investigate_three_times(b: Builder) -> list[Any]:
    """CR 701.16a: three times "Create a Clue token." (one after another)."""
    from ...tokens import PREDEFINED
    return [CreateTokens(PREDEFINED["Clue"], 1, CONTROLLER) for _ in range(3)]


# --------------------------------------------------------------------------------------------
# several targets of one spec ("up to two target creatures", "two target artifacts")


@kind("multi_target")
def _multi_target(text: str) -> ObjRef:
    """"up to two target creatures", "two target artifacts": one spec of two or more targets
    (a single target is the `obj` kind's)."""
    spec = target_spec(text)
    if spec.count < 2:
        raise NoParse(text)
    return ObjRef("target", spec)


def _all_of(b: Builder, ref: ObjRef) -> SpecTargets:
    """The spec's targets: only permanents, and no target after them (builder.target)."""
    spec = ref.spec
    assert spec is not None
    if not spec.where <= frozenset({"battlefield"}) or spec.filter.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(spec.what)
    if any(t.up_to for t in b.targets) or spec.what.lower().startswith("another "):
        raise NoParse(spec.what)
    b.targets.append(spec)
    who = SpecTargets(len(b.targets) - 1)
    b.last = who
    return who


@rule("effect", "Tap <what:multi_target>")
def tap_targets(b: Builder, what: ObjRef) -> list[Any]:
    """CR 115.1, 601.2c: "Tap up to two target creatures." (each target chosen once)."""
    return [Tap(_all_of(b, what))]


@rule("effect", "Untap <what:multi_target>")
def untap_targets(b: Builder, what: ObjRef) -> list[Any]:
    return [Untap(_all_of(b, what))]


@rule("effect", "Destroy <what:multi_target>")
def destroy_targets(b: Builder, what: ObjRef) -> list[Any]:
    """CR 701.8: "Destroy two target artifacts." """
    return [Destroy(_all_of(b, what))]


@rule("effect", "Return <what:multi_target> to their owners' hands", "Return <what:multi_target> to their owner's hand")
def bounce_targets(b: Builder, what: ObjRef) -> list[Any]:
    """"Return up to two target creatures to their owners' hands." """
    return [ReturnToHand(_all_of(b, what))]


# --------------------------------------------------------------------------------------------
# "Enchanted creature gets +3/+0 as long as it's attacking. Otherwise, it gets -2/-1."


@kind("it_is")
def _it_is(text: str) -> Filter:
    """"attacking", "a Zombie", "an enchantment", "black": what "as long as it's ..." says of
    the affected permanent itself."""
    low = text.lower()
    if low == "attacking":
        return Attacking()
    if low.startswith(("a ", "an ")):
        return read_noun(text.split(" ", 1)[1])
    if low in ("white", "blue", "black", "red", "green"):
        return read_noun(f"{low} permanent")
    raise NoParse(text)


@rule("static", "<who:affected> gets <pt:pt> as long as it's <what:it_is>. Otherwise, it gets <other:pt>")
def pt_as_long_as_otherwise(b: Builder, who: Filter, pt: PT, what: Filter, other: PT, line: Line) -> list[Any]:
    """CR 613.4c, 611.3a: "Enchanted creature gets +3/+0 as long as it's attacking. Otherwise,
    it gets -2/-1." (Tahngarth's Rage), "... as long as it's a Zombie. Otherwise, ..." (Clutch
    of Undeath): each affected permanent gets one or the other, judged continuously (its types
    and colors are those of the earlier layers)."""
    return _static(line, who & what, ModifyPT(pt.power, pt.toughness)) + \
        _static(line, who & ~what, ModifyPT(other.power, other.toughness))

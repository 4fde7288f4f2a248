"""Templates for cards the Forge puzzles need (issue 15, session 10, second round).

- Morbid: "if a creature died this turn" (CR 700.4) as an intervening "if" (CR 603.4) and in
  "<effect> instead if a creature died this turn." after the effect it replaces (Hunger of the
  Howlpack, CR 608.2c).
- Threshold on a spell: "If seven or more cards are in your graveyard, instead <effect>."
  replacing the line before (Cleansing Meditation, CR 608.2c), and "destroy all <permanents>,
  then return all cards in your graveyard destroyed this way to the battlefield" (CR 701.8,
  400.7, 303.4f).
- "Target opponent exiles a card from their graveyard." (Grave Birthing).
- "When you sacrifice a Clue, ..." (Daring Sleuth; CR 701.21a).
- "Target creature gets +3/-3 and loses all creature types until end of turn." (Nameless
  Inversion; CR 613.1d).
- "~ can't be blocked this turn except by creatures with haste." (Gingerbrute; CR 509.1b).
- "Exile target creature or enchantment, then return it to the battlefield under its owner's
  control." (Flicker of Fate, Ghostly Flicker; CR 400.7, 303.4f).
"""

from __future__ import annotations

import re
from typing import Any

from ....core.filters import YOU, Filter, Permanent
from ...abilities import TriggerEvent
from ...defining import StaticCondition
from ...effects import Destroy
from ...effects.pzcards12 import (
    DestroyThenReturn,
    ExileThenReturn,
    IfCondition,
    IfFact,
    PlayersExileFromGraveyard,
)
from ...subjects import Each
from ...turnfacts import MORBID
from ..builder import Builder
from ..grammar import FAIL, MISS, NoParse, kind, read, rule
from ..lexicon import NUMBERS, PT, ObjRef, PlayerRef, read_noun
from ..lines import SENTENCE_HOOKS


@rule("condition", "a creature died this turn")
def morbid(b: Any) -> Any:
    """Morbid (CR 603.4): "if a creature died this turn" — any creature, whoever controlled it,
    was put into a graveyard from the battlefield this turn (CR 700.4). It can't become false
    during the turn, so it holds again as the ability resolves."""
    return MORBID


_INSTEAD_IF_DIED = re.compile(r"(?P<body>.+) instead if a creature died this turn\.?", re.IGNORECASE)


def _instead_if_died(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """Morbid — "Put a +1/+1 counter on target creature. Put three +1/+1 counters on that
    creature instead if a creature died this turn." (Hunger of the Howlpack): the sentence
    replaces the one before when a creature died this turn, judged as the spell resolves (CR
    608.2c). The replacing sentence may choose no target of its own (CR 601.2c)."""
    from ..lines import sentence
    m = _INSTEAD_IF_DIED.fullmatch(s)
    if m is None:
        return None
    prev = out[start:]
    if not prev:
        raise NoParse(s)
    n = len(b.targets)
    try:
        effs = sentence(m.group("body"), b)
    except FAIL:
        raise NoParse(s) from None
    if len(b.targets) != n or not effs:
        raise NoParse(s)
    return out[:start] + [IfFact(MORBID, tuple(effs), tuple(prev))]


SENTENCE_HOOKS.append(_instead_if_died)


_IF_INSTEAD = re.compile(r"if (?P<cond>.+?), instead (?P<body>.+?)\.?", re.IGNORECASE)
_RETURN_DESTROYED = ", then return all cards in your graveyard destroyed this way to the battlefield"


def _if_instead(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """Threshold — "Destroy all enchantments. / If seven or more cards are in your graveyard,
    instead destroy all enchantments, then return all cards in your graveyard destroyed this way
    to the battlefield." (Cleansing Meditation): the effect replaces the sentence (or line)
    before when the number of cards holds as the spell resolves (CR 608.2c). Only on instants
    and sorceries (the spell is on the stack as it resolves), only a count of cards or
    permanents, and the replacing effect chooses no target of its own (CR 601.2c)."""
    from ..lines import sentence
    m = _IF_INSTEAD.fullmatch(s)
    if m is None:
        return None
    cond = read("as_long_as", m.group("cond"))
    if cond is MISS or not isinstance(cond, StaticCondition) or cond.attacking or cond.tally is None:
        return None  # another hook's wording ("If this spell was kicked, instead ...")
    if not b.is_spell:
        raise NoParse(s)
    prev = out[start:]
    if not prev:
        raise NoParse(s)
    n = len(b.targets)
    body = m.group("body")
    returns = body.lower().endswith(_RETURN_DESTROYED)
    if returns:
        body = body[: -len(_RETURN_DESTROYED)]
    try:
        effs = list(sentence(body, b))
    except FAIL:
        raise NoParse(s) from None
    if len(b.targets) != n or not effs:
        raise NoParse(s)
    if returns:
        if len(effs) != 1 or type(effs[0]) is not Destroy or not isinstance(effs[0].what, Each):
            raise NoParse(s)
        effs = [DestroyThenReturn(effs[0])]
    return out[:start] + [IfCondition(cond, tuple(effs), tuple(prev))]


SENTENCE_HOOKS.append(_if_instead)


@rule("effect", "<who:player> exiles a card from their graveyard")
def exiles_from_own_graveyard(b: Builder, who: PlayerRef) -> list[Any]:
    """"Target opponent exiles a card from their graveyard." (Grave Birthing): the player
    chooses the card as the spell resolves (not targeted); with none, nothing happens."""
    if who.kind in ("you", "controller", "owner"):
        raise NoParse("exiles a card from their graveyard")
    return [PlayersExileFromGraveyard(b.player(who))]


@kind("sacrificed_kind")
def _sacrificed_kind(text: str) -> Filter:
    """"a Clue", "an artifact": a kind of permanent ("another", "this", "you control" and "or"
    are not read)."""
    low = text.lower()
    if not low.startswith(("a ", "an ")):
        raise NoParse(text)
    rest = text.split(" ", 1)[1]
    if rest.lower().startswith(("another", "this", "~")) or " or " in f" {rest.lower()} " or "control" in low:
        raise NoParse(text)
    f = read_noun(rest)
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return f


@rule("trigger", "When you sacrifice <what:sacrificed_kind>", "Whenever you sacrifice <what:sacrificed_kind>")
def you_sacrifice_a(b: Builder, what: Filter) -> dict[str, Any]:
    """CR 701.21a, 603.10a: "When you sacrifice a Clue, transform ~." (Daring Sleuth): any
    sacrifice by the ability's controller (a cost, an effect), the permanent judged as it last
    existed on the battlefield."""
    return {"event": TriggerEvent.SACRIFICED, "actor": YOU, "subject": what}


@kind("flicker_obj")
def _flicker_obj(text: str) -> ObjRef:
    """What an "Exile ..., then return ..." exiles: an object reference, and "two target
    artifacts, creatures, and/or lands you control" (several targets, each of any of those
    types: the same as "or" there)."""
    low = text.lower()
    if " and/or " in low:
        words = low.split(" ", 2)
        if len(words) < 3 or words[0] not in NUMBERS or words[0] in ("a", "an", "one") or words[1] != "target":
            raise NoParse(text)
        text = text.replace(" and/or ", " or ")
    got = read("obj", text)
    if got is MISS:
        raise NoParse(text)
    return got


def _exile_then_return(owners: bool) -> Any:
    def build(b: Builder, what: ObjRef) -> list[Any]:
        """CR 400.7, 610.3: "Exile target creature or enchantment, then return it to the
        battlefield under its owner's control." (Flicker of Fate), "Exile two target artifacts,
        creatures, and/or lands you control, then return those cards to the battlefield under
        your control." (Ghostly Flicker): at once, as new objects (a token doesn't return); an
        Aura enchants what its new controller chooses (CR 303.4f). Only targets ("it" after
        another effect is not read)."""
        from .puzzlecards import _all_of
        if what.kind != "target":
            raise NoParse("exile, then return")
        assert what.spec is not None
        who = b.obj(what) if what.spec.count == 1 else _all_of(b, what)
        from ...effects.reanimate import MOVED
        b.last = MOVED  # "It gains first strike until end of turn.": the card returned (CR 400.7)
        return [ExileThenReturn(who, owners=owners)]
    return build


rule("effect", "Exile <what:flicker_obj>, then return (it|that card|those cards|them) to the battlefield under "
     "(its owner's|their owners') control")(_exile_then_return(True))
rule("effect", "Exile <what:flicker_obj>, then return (it|that card|those cards|them) to the battlefield under "
     "your control")(_exile_then_return(False))


@rule("effect", "<what:obj> can't be blocked this turn except by <by:blockers>")
def cant_be_blocked_this_turn_except_by(b: Builder, what: ObjRef, by: Filter) -> list[Any]:
    """CR 509.1b, 611.2a: "{1}: Gingerbrute can't be blocked this turn except by creatures with
    haste." (a restriction on its blocks until end of turn, the would-be blocker judged as
    blockers are declared; once blocked it stays blocked, its ruling)."""
    from ...abilities import BlockRestriction
    from ...effects.becomes import GainAbilitiesUntilEOT
    text = f"can't be blocked except by {by} this turn"
    return [GainAbilitiesUntilEOT((BlockRestriction(text=text, by=by, only=True),), b.obj(what))]


@rule("effect", "<what:obj> gets <pt:pt> and loses all creature types until end of turn")
def pump_and_lose_creature_types(b: Builder, what: ObjRef, pt: PT) -> list[Any]:
    """CR 613.1d, 613.4c: "Target creature gets +3/-3 and loses all creature types until end of
    turn." (Nameless Inversion): both at once, until end of turn."""
    from ...effects.continuous import Pump
    from ...effects.pzcards12 import LoseCreatureTypesUntilEOT
    who = b.obj(what)
    return [Pump(pt.power, pt.toughness, who), LoseCreatureTypesUntilEOT(who)]


# --------------------------------------------------------------------------------------------
# Harnessed Lightning: "Choose target creature. You get {E}{E}{E}, then you may pay any amount
# of {E}. Harnessed Lightning deals that much damage to that creature."


_CHOOSE_TARGET = "Choose target"


@rule("effect", "Choose target <what:phrase>")
def choose_target(b: Builder, what: Filter) -> list[Any]:
    """CR 115.1: "Choose target creature." (no effect of its own: what "that creature" names
    next). Only a permanent, on a spell whose later sentences name it."""
    from ...abilities import TargetSpec
    if not b.is_spell or what.domain() not in (None, frozenset({"battlefield"})) or b.targets:
        raise NoParse("Choose target")
    b.notes["needs_more"] = _CHOOSE_TARGET  # a later sentence must name it (`_damage_that_much_paid`)
    b.last = b.target(TargetSpec(str(what), filter=what & Permanent()))
    return []


@rule("effect", "you may pay any amount of {E}")
def pay_any_energy(b: Builder) -> list[Any]:
    """CR 107.14, 118.3: "then you may pay any amount of {E}" (a number chosen as it resolves,
    0 to the energy the controller has); "that much" in the next sentence is the amount paid."""
    from ...effects.pzcards12 import PayAnyEnergy
    b.notes["paid_energy"] = True
    return [PayAnyEnergy()]


_THAT_MUCH_PAID = re.compile(r"(?P<source>~|it) deals that much damage to (?P<to>.+?)\.?", re.IGNORECASE)


def _damage_that_much_paid(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"Harnessed Lightning deals that much damage to that creature." after "you may pay any
    amount of {E}": the amount paid (CR 120.3)."""
    from ...effects.pzcards12 import PaidEnergy, PayAnyEnergy
    from .effects import deal_damage
    m = _THAT_MUCH_PAID.fullmatch(s)
    if m is None or not b.notes.get("paid_energy"):
        return None
    if not out or not isinstance(out[-1], PayAnyEnergy):
        raise NoParse(s)
    source, to = read("obj", m.group("source")), read("obj", m.group("to"))
    if source is MISS or to is MISS:
        raise NoParse(s)
    if b.notes.get("needs_more") == _CHOOSE_TARGET:
        b.notes["needs_more"] = None
    return out + deal_damage(b, source, PaidEnergy(), to)


SENTENCE_HOOKS.append(_damage_that_much_paid)

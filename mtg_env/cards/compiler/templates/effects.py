"""One-shot effects (CR 609) on objects and players: damage (CR 120), life (CR 119), drawing
and discarding (CR 121, 701.9), destroying (CR 701.8), exiling, returning to hand, tapping and
untapping (CR 701.26), counters (CR 122), sacrificing (CR 701.21), countering (CR 701.6), and
the continuous effects "until end of turn" (CR 611.2, 613)."""

from __future__ import annotations

from typing import Any

from ....core.filters import Spell
from ...abilities import TriggerEvent
from ...effects import (
    CounterSpell,
    DealDamage,
    Destroy,
    Discard,
    Draw,
    ExileIt,
    GainKeyword,
    GainLife,
    LoseLife,
    Pump,
    PutCounters,
    ReturnToHand,
    SacrificeIt,
    Tap,
    Untap,
)
from ...subjects import CONTROLLER, SELF, This
from ..builder import Builder
from ..grammar import NoParse, rule
from ..lexicon import PT, ObjRef, PlayerRef


def _damage_source(b: Builder, source: ObjRef) -> None:
    if source.kind != "self" and not (source.kind == "it" and b.last in (None, SELF)):
        raise NoParse("damage from another source")
    if source.kind == "it" and b.last is None and not (b.event is None or isinstance(b.event, This)):
        raise NoParse("damage from another source")  # "it" is the trigger's object (Extra Arms)


@rule("effect", "<source:obj> deals <n:amount> damage to <to:obj>",
      "<source:obj> deals <n:amount> damage to <to:player>",
      "<source:obj> deals <n:amount> damage to <to:objs>")
def deal_damage(b: Builder, source: ObjRef, n: Any, to: Any) -> list[Any]:
    """CR 120.3: "~ deals 3 damage to any target.", "to each creature", "to you"."""
    _damage_source(b, source)
    # "that creature" in "~ deals 1 damage to that creature" is what the ability named before,
    # not the source; "that creature's controller" after it was destroyed would need its last
    # known controller: not read
    if isinstance(to, PlayerRef) and to.kind == "controller":
        raise NoParse("damage to its controller")
    who = b.player(to) if isinstance(to, PlayerRef) else b.obj(to, frozenset({"battlefield", "players"}))
    if isinstance(to, PlayerRef):
        b.last = SELF
    return [DealDamage(n, who)]


@rule("effect", "Draw <n:amount> card(s|)", "<who:player> (draw|draws) <n:amount> card(s|)")
def draw(b: Builder, n: Any, who: PlayerRef | None = None) -> list[Any]:
    """CR 121.1."""
    return [Draw(n, CONTROLLER if who is None else b.player(who))]


@rule("effect", "<who:player> (gain|gains) <n:amount> life")
def gain_life(b: Builder, who: PlayerRef, n: Any) -> list[Any]:
    """CR 119.3."""
    return [GainLife(n, b.player(who))]


@rule("effect", "<who:player> (lose|loses) <n:amount> life")
def lose_life(b: Builder, who: PlayerRef, n: Any) -> list[Any]:
    """CR 119.3."""
    return [LoseLife(n, b.player(who))]


@rule("effect", "Discard <n:n> card(s|)")
def discard(b: Builder, n: int) -> list[Any]:
    """CR 701.9a: you choose the cards as it resolves."""
    return [Discard(n)]


@rule("effect", "Destroy <what:obj>", "Destroy <what:objs>")
def destroy(b: Builder, what: ObjRef) -> list[Any]:
    """CR 701.8a."""
    return [Destroy(b.obj(what))]


@rule("effect", "Exile <what:obj>", "Exile <what:objs>")
def exile(b: Builder, what: ObjRef) -> list[Any]:
    """CR 406.3: a permanent, or a card in a graveyard, exiled; "that card" after "You choose a
    nonland card from it" is the card chosen from the revealed hand."""
    if what.kind == "it" and "chosen_from_hand" in b.notes:
        from ...effects.pzcards10 import ExileChosen
        return [ExileChosen()]
    return [ExileIt(b.obj(what, frozenset({"battlefield", "graveyard"})))]


@rule("effect", "Return <what:obj> to its owner's hand", "Return <what:objs> to their owners' hands")
def bounce(b: Builder, what: ObjRef) -> list[Any]:
    """A permanent returned to its owner's hand (not "~" in the permanent's own "dies" or "is put
    into a graveyard" trigger: by then it is a card in the graveyard, CR 400.7d, templates/pzcards9.py)."""
    if what.kind == "self" and b.notes.get("trigger") in ((TriggerEvent.PUT_INTO_GRAVEYARD, "self"),
                                                          (TriggerEvent.DIES, "self")):
        raise NoParse("return ~ to its owner's hand")
    return [ReturnToHand(b.obj(what))]


@rule("effect", "Tap <what:obj>", "Tap <what:objs>")
def tap(b: Builder, what: ObjRef) -> list[Any]:
    """CR 701.26a."""
    return [Tap(b.obj(what))]


@rule("effect", "Untap <what:obj>", "Untap <what:objs>")
def untap(b: Builder, what: ObjRef) -> list[Any]:
    """CR 701.26b."""
    return [Untap(b.obj(what))]


@rule("effect", "Sacrifice <what:obj>")
def sacrifice_self(b: Builder, what: ObjRef) -> list[Any]:
    """CR 701.21a: "Sacrifice ~." (only its own permanents can be sacrificed)."""
    if what.kind != "self" and not (what.kind == "it" and b.last in (None, SELF)):
        raise NoParse("sacrifice")
    return [SacrificeIt(SELF)]


@rule("effect", "Counter <what:target>")
def counter_spell(b: Builder, what: ObjRef) -> list[Any]:
    """CR 701.6a: "Counter target spell." (a spell, not an ability)."""
    assert what.spec is not None
    f = what.spec.filter
    if not _is_spell_filter(f):
        raise NoParse("counter target ability")
    return [CounterSpell(b.obj(what, frozenset({"stack"})))]


def _is_spell_filter(f: Any) -> bool:
    from ....core.filters import And
    return isinstance(f, Spell) or (isinstance(f, And) and any(isinstance(p, Spell) for p in f.parts))


@rule("effect", "Put <n:amount> <counter:counter> counter(s|) on <what:obj>",
      "Put <n:amount> <counter:counter> counter(s|) on <what:objs>")
def put_counters(b: Builder, n: Any, counter: str, what: ObjRef) -> list[Any]:
    """CR 122.1: counters put on a permanent (loyalty counters too: CR 306.5c)."""
    return [PutCounters(counter, n, b.obj(what))]


# --------------------------------------------------------------------------------------------
# until end of turn (CR 611.2a; the affected set is locked in as it resolves, CR 611.2c)


@rule("effect", "<what:obj> gets <pt:pt> until end of turn", "<what:objs> get <pt:pt> until end of turn",
      "<what:group> get <pt:pt> until end of turn")
def pump(b: Builder, what: ObjRef, pt: PT) -> list[Any]:
    """CR 613.4c: a layer 7c effect until end of turn."""
    return [Pump(pt.power, pt.toughness, b.obj(what))]


@rule("effect", "<what:obj> gains <kws:keywords> until end of turn",
      "<what:objs> gain <kws:keywords> until end of turn",
      "<what:group> gain <kws:keywords> until end of turn")
def gain_keywords(b: Builder, what: ObjRef, kws: tuple[str, ...]) -> list[Any]:
    """CR 613.1f: keywords gained until end of turn (layer 6)."""
    return [GainKeyword(kws, b.obj(what))]


@rule("effect", "<what:obj> gets <pt:pt> and gains <kws:keywords> until end of turn",
      "<what:objs> get <pt:pt> and gain <kws:keywords> until end of turn",
      "<what:group> get <pt:pt> and gain <kws:keywords> until end of turn")
def pump_and_gain(b: Builder, what: ObjRef, pt: PT, kws: tuple[str, ...]) -> list[Any]:
    """Both, to the same objects (CR 611.2c)."""
    who = b.obj(what)
    return [Pump(pt.power, pt.toughness, who), GainKeyword(kws, who)]

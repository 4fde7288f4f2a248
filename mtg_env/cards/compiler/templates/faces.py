"""Transforming double-faced cards (CR 701.27, 712.2): "Transform ~." as an effect, and the
intervening "if" of the werewolves' upkeep triggers (CR 603.4): "At the beginning of each
upkeep, if no spells were cast last turn, transform ~." / "... if a player cast two or more
spells last turn, transform ~."; daybound and nightbound (CR 702.145), which the engine
applies with day and night (CR 730, engine/faces.py)."""

from __future__ import annotations

from typing import Any

from ....core.mana import parse_mana_cost
from ...abilities import AsEntersChoose, TriggerEvent
from ...effects.faces import Disturb, ExileInsteadOfGraveyard, SpellsCastLastTurn, Transform
from ...subjects import SELF
from ..builder import Builder
from ..grammar import NoParse, rule
from ..lexicon import ObjRef, engine_keyword
from ..text import Line

engine_keyword("daybound", "nightbound")


@rule("effect", "Transform <what:obj>")
def transform(b: Builder, what: ObjRef) -> list[Any]:
    """CR 701.27a: "Transform ~." / "..., then transform it." Only the permanent itself: it is
    turned over unless it transformed since the ability was put on the stack (CR 701.27f)."""
    if what.kind not in ("self", "it"):
        raise NoParse("transform")
    who = b.obj(what)
    if who != SELF:
        raise NoParse("transform")
    return [Transform(SELF)]


@rule("condition", "no spells were cast last turn")
def no_spells_last_turn(b: Builder) -> Any:
    """Werewolves (Innistrad): checked as it triggers (CR 603.4); the previous turn's casts
    can't change before it resolves."""
    return SpellsCastLastTurn(most=0)


@rule("condition", "a player cast two or more spells last turn")
def player_cast_two_last_turn(b: Builder) -> Any:
    return SpellsCastLastTurn(each_least=2)


@rule("keyword", "Disturb <cost:mana>")
def disturb(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.146a: cast transformed from its owner's graveyard for this cost (the engine
    offers it only for a transforming card's front face, compiler/faces.py)."""
    mana = parse_mana_cost(cost)
    if mana.x_count:
        raise NoParse(cost)
    return [Disturb(text=line.raw, cost=mana)]


@rule("static", "If ~ would be put into a graveyard from anywhere, exile it instead")
def exile_instead(b: Builder, line: Line) -> list[Any]:
    """CR 614.1a: a replacement effect on its own zone change, wherever it is."""
    return [ExileInsteadOfGraveyard(text=line.raw)]


@rule("trigger", "When this (creature|land|permanent|artifact) transforms into <s:self>",
      "Whenever this (creature|land|permanent|artifact) transforms into <s:self>")
def transforms_into(b: Builder, s: str) -> dict[str, Any]:
    """CR 701.27e: on the face it transforms into, so it triggers just after it does."""
    return {"event": TriggerEvent.TRANSFORMS, "event_obj": SELF}


@rule("trigger", "When this (creature|land|permanent|artifact) enters or transforms into <s:self>",
      "Whenever this (creature|land|permanent|artifact) enters or transforms into <s:self>")
def enters_or_transforms_into(b: Builder, s: str) -> dict[str, Any]:
    """CR 603.6a, 701.27e: as it enters with this face up, or as it transforms into it."""
    return {"event": (TriggerEvent.ENTERS, TriggerEvent.TRANSFORMS), "event_obj": SELF}


@rule("static", "As ~ enters, you may pay <n:n> life. If you don't, it enters tapped")
def pay_life_or_tapped(b: Builder, n: int, line: Line) -> list[Any]:
    """CR 614.12: a replacement effect with a choice made as it enters however it enters
    (modal double-faced lands' back faces, and lands like them): paying life (CR 119.4, only
    with that much life) or entering tapped."""
    return [AsEntersChoose(text=line.raw, choose="pay_life", life=n)]

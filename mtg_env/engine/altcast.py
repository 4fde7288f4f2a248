"""Alternative ways to cast spells (CR 118.9, 601.2b) and the keywords that change what may be
cast: evoke (CR 702.74), dash (CR 702.109) and split second (CR 702.61).

An alternative cost is chosen with the cast action itself ("cast Mulldrifter with evoke
{2}{U}", payload ("cast", card, None, "evoke")): it replaces the mana cost (CR 118.9); the
additional costs (kicker, commander tax) are paid on top of it (CR 118.9d, 903.8). Only one
alternative cost may be applied to a spell (CR 118.9a): a spell cast with flashback or without
paying its mana cost is never cast with evoke or dash too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Triggered, TriggerEvent
from ..cards.altcast import AlternativeCost, alternative_costs
from ..cards.effects import ReturnToHand
from ..cards.subjects import SELF
from ..core.actions import Action
from ..core.mana import ManaCost
from ..core.objects import COMMAND, HAND
from . import triggers

if TYPE_CHECKING:
    from .game import Game


def alternative_of(g: Game, oid: int, keyword: str) -> AlternativeCost | None:
    """The card's alternative cost called `keyword`, if it has one."""
    return next((a for a in alternative_costs(g.objects[oid].card) if a.keyword == keyword), None)


def cost_of(g: Game, oid: int, keyword: str) -> ManaCost:
    ab = alternative_of(g, oid, keyword)
    assert ab is not None, keyword
    return ab.cost


def cast_actions(g: Game, p: int, sorcery_ok: bool, sources: list[Any] | None) -> list[Action]:
    """"cast ~ with evoke {cost}": the casts of `p`'s cards in hand (and commanders in the
    command zone) with an alternative cost, each listed when the spell could be cast with it
    now (its timing, the total cost with that alternative, its targets; CR 601.2, 118.9)."""
    from .legal import can_cast
    out: list[Action] = []
    pl = g.players[p]
    for oid in pl.hand + pl.command:
        card = g.objects[oid].card
        if card.faces or not card.abilities or g.objects[oid].zone not in (HAND, COMMAND):
            continue
        for ab in alternative_costs(card):
            if can_cast(g, oid, p, sorcery_ok, sources, alt=ab.keyword):
                out.append(Action("cast", f"cast {card.name} with {ab.keyword} {ab.cost}", source=card.name,
                                  payload=("cast", oid, None, ab.keyword)))
    return out


#: dash's delayed triggered ability (CR 702.109a): its source is the permanent the spell became
DASH_RETURN = Triggered(text="Return it to its owner's hand (dash).", event=TriggerEvent.END_STEP,
                        effects=(ReturnToHand(SELF),), subject=None)


def entered(g: Game, oid: int, ctx: Any) -> None:
    """The permanent `oid` a spell cast with an alternative cost became has entered: a dashed
    one is returned to its owner's hand at the beginning of the next end step (CR 702.109a;
    if it left the battlefield before, it is a new object and stays where it is, CR 400.7).
    It has haste while its dash cost was paid (its own static ability, cards/altcast.py)."""
    if ctx.alt == "dash" and oid in g.objects:
        triggers.delay_until_next_end_step(g, ctx.controller, oid, DASH_RETURN)


def split_second_active(g: Game) -> bool:
    """CR 702.61a: while a spell with split second is on the stack, players can't cast other
    spells or activate abilities that aren't mana abilities (CR 702.61b: they may still
    activate mana abilities and take special actions; triggered abilities still trigger)."""
    for item in g.stack:
        if item.kind == "spell" and item.obj_id is not None and item.obj_id in g.objects and \
                "split second" in g.chars(item.obj_id).keywords:
            return True
    return False

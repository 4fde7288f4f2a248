"""The optional additional costs announced as a spell is cast (CR 601.2b): kicker and
multikicker (CR 702.33), buyback (CR 702.27), each offered only when the total cost can then be
paid (CR 601.2f-h)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.costs import Cost
from ..core.actions import Action
from ..core.mana import available_for
from . import autopay, casting, costs, zones
from .tasks import Announce

if TYPE_CHECKING:
    from .game import Game


def kick_actions(g: Game, t: Announce) -> list[Action]:
    """CR 601.2b, 702.33: whether to pay the kicker (or how many times to pay a multikicker),
    each choice offered only when the total cost can then be paid (CR 601.2f-h). Empty when
    the spell has no kicker; "cast without kicker" alone when no kicker can be paid."""
    card = g.objects[t.obj].card
    k = casting.kicker_of(card)
    if k is None:
        return []
    from .legal import spell_payable as payable
    p = t.player
    avail = available_for(g.players[p].pool, costs.spend_tags(g, p, "spell", t.obj))
    sources = autopay.simple_sources(g, p) if g.options.mana_payment == "auto" else None
    free = t.free or zones.free_from_exile(g, t.obj)  # CR 118.9d: kicker may still be paid
    word = "multikicker" if k.multi else "kicker"
    acts = [Action("choose", f"cast without {word}", value=0, payload=0)]
    n = 1
    while n <= (MAX_KICKS if k.multi else 1) and \
            payable(g, p, t.obj, avail, casting.spell_mana(g, p, t.obj, free, n, alt=t.alt_cost).with_x(0), sources):
        times = "" if not k.multi else (" 1 time" if n == 1 else f" {n} times")
        acts.append(Action("choose", f"pay {word} {k.cost}{times}", value=n, payload=n))
        n += 1
    return acts


def buyback_actions(g: Game, t: Announce, cost: Cost) -> list[Action]:
    """CR 601.2b, 702.27a: whether to pay the buyback, offered only when the total cost (with
    what was announced before) can then be paid. Empty without buyback."""
    bb = casting.buyback_of(g.objects[t.obj].card)
    if bb is None:
        return []
    from .legal import spell_payable as payable
    p = t.player
    avail = available_for(g.players[p].pool, costs.spend_tags(g, p, "spell", t.obj))
    sources = autopay.simple_sources(g, p) if g.options.mana_payment == "auto" else None
    acts = [Action("choose", "cast without buyback", value=0, payload=("buyback", False))]
    if payable(g, p, t.obj, avail, casting.spell_mana(g, p, t.obj, t.free, t.kicked, True, alt=t.alt_cost).with_x(0),
               sources):
        acts.append(Action("choose", f"pay buyback {bb.cost}", value=1, payload=("buyback", True)))
    return acts


#: the most times a multikicker is offered (CR 702.33c: any number of times; more than this
#: is never payable in practice and the list stays finite)
MAX_KICKS = 30

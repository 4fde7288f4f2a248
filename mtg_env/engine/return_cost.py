"""Returning a permanent to its owner's hand as a cost (CR 601.2h, 602.2b): "Return a Forest
you control to its owner's hand: Untap target creature." (Quirion Ranger), and ninjutsu's
"Return an unblocked attacking creature you control to its owner's hand" (CR 702.49a,
engine/ninjutsu.py).

The permanent is chosen as the costs are paid, among the permanents its controller controls
that match (the ability's source too, if it matches: Master Transmuter's ruling); it is
returned when the other costs are paid. Once the ability is activated nothing can stop it
(Quirion Ranger's ruling: the returning is the cost). A target of the same ability may be the
returned permanent (Floodbringer's ruling: targets are chosen first, CR 601.2c).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.costs import Cost, Selection
from ..core.actions import Action
from ..core.objects import BATTLEFIELD, HAND, Context
from . import ninjutsu, zones

if TYPE_CHECKING:
    from .game import Game
    from .tasks import Announce


def candidates(g: Game, p: int, sel: Selection) -> list[int]:
    """The permanents `p` controls that the cost may return, in battlefield order."""
    return [o for o in g.battlefield if g.objects[o].controller == p and g.matches(sel.filter, o, p)]


def can_pay(g: Game, p: int, cost: Cost) -> bool:
    """Whether `p` could pay the cost's returning now (CR 602.2b, 118.3)."""
    if cost.return_unblocked and not ninjutsu.unblocked_attackers(g, p):  # CR 702.49a
        return False
    return cost.return_to_hand is None or bool(candidates(g, p, cost.return_to_hand))


def choose(g: Game, t: Announce, p: int, cost: Cost) -> bool:
    """Which permanent the cost returns (asked when there are several). False while the
    player is asked."""
    if cost.return_unblocked:
        return t.returned is not None or ninjutsu.choose_returned(g, t, p)
    sel = cost.return_to_hand
    if sel is None or t.returned is not None:
        return True
    cands = candidates(g, p, sel)
    if t.answer is not None and t.answer in cands:
        t.returned = t.answer
        t.answer = None
        return True
    if len(cands) == 1:
        t.returned = cands[0]
        return True
    acts = [Action("choose", f"return {g.name_of(o)}", target=g.name_of(o), payload=o) for o in cands]
    g.ask("choose", p, f"choose {sel.article} you control to return to its owner's hand", acts)
    return False


def pay(g: Game, t: Announce, ctx: Context, cost: Cost) -> None:
    """Pay the cost: the chosen permanent goes to its owner's hand (CR 601.2h)."""
    if cost.return_unblocked:
        ninjutsu.pay_return(g, t, ctx)
        return
    o = t.returned
    if cost.return_to_hand is None or o is None or o not in g.objects or g.objects[o].zone != BATTLEFIELD:
        return
    g.log_event(f"{g.players[ctx.controller].name} returns {g.name_of(o)} to its owner's hand "
                f"({ctx.source_name}'s cost)")
    zones.move_to_zone(g, o, HAND)

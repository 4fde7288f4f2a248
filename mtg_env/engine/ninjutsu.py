"""Ninjutsu (CR 702.49): "[Cost], Reveal this card from your hand, Return an unblocked
attacking creature you control to its owner's hand: Put this card onto the battlefield from
your hand tapped and attacking." The cost's unblocked attacker (chosen as the cost is paid,
CR 601.2h, 602.2b) and the player or planeswalker it attacked, which the Ninja attacks
(CR 702.49c); cards/effects/kwabilities.py puts the card onto the battlefield.

A creature is unblocked once blockers have been declared (CR 509.1h): an attacking creature no
creature blocked, in the declare blockers step, the combat damage steps and the end of combat
step (CR 506.4: it stays attacking until removed from combat)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.actions import Action
from ..core.objects import BATTLEFIELD, HAND, Context

if TYPE_CHECKING:
    from .game import Game
    from .tasks import Announce

#: where the cost records the returned creature's defender for the effect (ctx.answers)
DEFENDER_KEY = -702_049

_AFTER_BLOCKS = ("declare_blockers", "combat_damage", "first_strike_damage", "end_of_combat")


def unblocked_attackers(g: Game, p: int) -> list[int]:
    """The unblocked attacking creatures `p` controls (CR 509.1h)."""
    if g.turn_state.step not in _AFTER_BLOCKS:
        return []
    cb = g.combat
    return [o for o in cb.attackers if o in g.objects and g.objects[o].zone == BATTLEFIELD
            and g.objects[o].controller == p and o not in cb.blocks and o in cb.attack_targets]


def choose_returned(g: Game, t: Announce, p: int) -> bool:
    """Which unblocked attacker the cost returns (asked when there are several)."""
    cands = unblocked_attackers(g, p)
    if t.answer is not None and t.answer in cands:
        t.returned = t.answer
        t.answer = None
        return True
    if len(cands) == 1:
        t.returned = cands[0]
        return True
    acts = [Action("choose", f"return {g.name_of(o)}", target=g.name_of(o), payload=o) for o in cands]
    g.ask("choose", p, "choose an unblocked attacking creature you control to return to its owner's hand", acts)
    return False


def pay_return(g: Game, t: Announce, ctx: Context) -> None:
    """Pay the cost: the creature goes to its owner's hand; its defender is remembered."""
    from . import zones
    o = t.returned
    if o is None or o not in g.objects or g.objects[o].zone != BATTLEFIELD:
        return
    cb = g.combat
    ctx.answers[DEFENDER_KEY] = (cb.attack_targets.get(o), cb.attacked_planeswalkers.get(o))
    g.log_event(f"{g.players[ctx.controller].name} reveals {ctx.source_name} and returns {g.name_of(o)}")
    zones.move_to_zone(g, o, HAND)


def enter_ninja(g: Game, ctx: Context, oid: int, info: dict[str, Any] | None) -> None:
    """The effect: the card, if still in its owner's hand, onto the battlefield tapped and
    attacking what the returned creature attacked (CR 702.49c; a planeswalker that has left
    or changed controller: then it attacks nothing, like a removed planeswalker, CR 506.4c).
    `info`: its "as enters" choice (CR 614.12), asked by the effect."""
    from . import combat, zones
    obj = g.objects.get(oid)
    if obj is None or obj.zone != HAND:
        return
    defender, pw = ctx.answers.get(DEFENDER_KEY, (None, None))
    new = zones.move_to_zone(g, oid, BATTLEFIELD, controller=ctx.controller, tapped=True, info=info)
    if new is None or defender is None:
        return
    if combat.enter_attacking(g, new, defender) and pw is not None:
        pw_ok = pw in g.objects and g.objects[pw].zone == BATTLEFIELD and g.objects[pw].controller == defender
        g.combat.attacked_planeswalkers[new] = pw if pw_ok else None

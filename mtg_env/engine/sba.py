"""sba."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import Action
from ..core.objects import (
    BATTLEFIELD,
    COMMAND,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    STACK,
)
from .tasks import Task

if TYPE_CHECKING:
    from .game import Game



def _state_based_actions(g: Game) -> bool:
    """Perform all applicable state-based actions at once (CR 704.3); True if any did.
    Skipped when nothing they look at changed since the last check (a cache, not a rule)."""
    if not g._sba_dirty and not g.token_ghosts and not g.commander_moved:
        return False
    g._sba_dirty = False
    did = False
    for p in g.players:
        if not p.lost and (p.life <= 0 or p.drew_from_empty):
            p.lost = True
            did = True
            why = "0 or less life" if p.life <= 0 else "drawing from an empty library"
            g.log_event(f"{p.name} loses the game ({why})")  # CR 704.5a, 704.5b
    if g.format_rules is not None and g.format_rules.check_losses(g):
        did = True
    if did:
        g._check_game_end()
        if g.game_over:
            return True
        for p in g.players:
            if p.lost and not p.left:
                g._leave_game(p.index)
    if g.commander_moved:
        oid = g.commander_moved.pop(0)
        obj = g.objects.get(oid)
        if obj is not None and obj.zone in (GRAVEYARD, EXILE, HAND, LIBRARY):
            g.tasks.append(Task("commander_zone", obj=oid, answer=None))
        return True
    if g.token_ghosts:
        for oid in g.token_ghosts:  # CR 704.5d
            obj = g.objects.get(oid)
            if obj is not None and obj.zone != BATTLEFIELD:
                if obj.zone != STACK:
                    g._zone_list(obj.owner, obj.zone).remove(oid)
                del g.objects[oid]
                g._owned.discard(oid)
        g.token_ghosts = []
        did = True
    chars = g._all_chars()
    to_grave: list[int] = []
    to_destroy: list[int] = []
    unattach: list[int] = []
    for oid in g.battlefield:
        c = chars[oid]
        obj = g.objects[oid]
        if "Creature" in c.types and c.toughness is not None:
            if c.toughness <= 0:
                to_grave.append(oid)  # CR 704.5f
                continue
            if (obj.damage >= c.toughness or (obj.deathtouched and obj.damage > 0)) and \
                    "indestructible" not in c.keywords:
                to_destroy.append(oid)  # CR 704.5g, 704.5h
                continue
        plus, minus = obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0)
        if plus and minus:  # CR 704.5q
            n = min(plus, minus)
            g.remove_counters(oid, "+1/+1", n)
            g.remove_counters(oid, "-1/-1", n)
            did = True
        if obj.attached_to is not None:
            host = obj.attached_to
            legal_host = host in g.objects and g.objects[host].zone == BATTLEFIELD
            if "Aura" in c.subtypes:
                spec = g.spell_targets(obj.card)
                if not legal_host or (spec and not g._matches(spec[0].what, host, obj.controller)):
                    to_grave.append(oid)  # CR 704.5m
            elif "Equipment" in c.subtypes and (not legal_host or not g.is_creature(host)):
                unattach.append(oid)  # CR 704.5n
    for oid in unattach:
        g._w(oid).attached_to = None
        did = True
    for oid in to_grave:
        g.move_to_zone(oid, GRAVEYARD)
        did = True
    for oid in to_destroy:
        if oid in g.objects:
            g.log_event(f"{g.name_of(oid)} is destroyed (lethal damage)")
            g.move_to_zone(oid, GRAVEYARD)
            did = True
    if to_grave or to_destroy or unattach:
        g._invalidate()
    if g._legend_rule():
        return True
    return did


def _leave_game(g: Game, player: int) -> None:
    """CR 800.4a: objects the player owns leave the game; then objects still controlled by
    that player are exiled; their spells and abilities on the stack cease to exist. If it
    was their turn, the turn ends (simplification: no turn continues without an active
    player)."""
    p = g.players[player]
    p.left = True
    g.stack = [s for s in g.stack if s.controller != player and
                  not (s.obj_id in g.objects and g.objects[s.obj_id].owner == player)]
    g.pending_triggers = [t for t in g.pending_triggers if t.controller != player]
    for oid in list(g.battlefield):
        obj = g.objects[oid]
        if obj.owner == player:
            g.battlefield.remove(oid)
            del g.objects[oid]
            g._owned.discard(oid)
        elif obj.controller == player:
            g.move_to_zone(oid, EXILE)
    for oid in [o for o, obj in g.objects.items() if obj.owner == player]:
        del g.objects[oid]
        g._owned.discard(oid)
    p.library, p.hand, p.graveyard, p.exile, p.command = [], [], [], [], []
    p.pool.empty()
    g.log_event(f"{p.name} leaves the game")
    g._invalidate()
    if g.active == player and not g.game_over:
        g.stack.clear()
        g.tasks.clear()
        g.step = "cleanup"


def _task_commander_zone(g: Game, t: Task) -> bool:
    """CR 903.9a: a commander put into a graveyard or exile may go to the command zone.
    CR 903.9b (hand or library) is a replacement effect; here the same choice is offered just
    after the move, which differs only in that the card was briefly in that zone."""
    oid = t.d["obj"]
    obj = g.objects.get(oid)
    if obj is None or obj.zone not in (GRAVEYARD, EXILE, HAND, LIBRARY):
        return True
    if t.d["answer"] is None:
        g._ask("yes_no", obj.owner, f"put {obj.card.name} into the command zone?",
                  [Action("yes", "yes", payload=True), Action("no", "no", payload=False)])
        return False
    if t.d["answer"]:
        g.log_event(f"{obj.card.name} returns to the command zone")
        g.move_to_zone(oid, COMMAND)
    return True


def _legend_rule(g: Game) -> bool:
    """CR 704.5j: a player with two or more legendary permanents with the same name chooses
    one and puts the rest into their owners' graveyards."""
    seen: dict[tuple[int, str], list[int]] = {}
    for oid in g.battlefield:
        c = g.chars(oid)
        if "Legendary" in c.supertypes:
            seen.setdefault((g.objects[oid].controller, c.name), []).append(oid)
    for (player, _name), oids in seen.items():
        if len(oids) > 1:
            g.tasks.append(Task("legend_rule", player=player, oids=oids, answer=None))
            return True
    return False


def _task_legend_rule(g: Game, t: Task) -> bool:
    oids = [o for o in t.d["oids"] if o in g.objects]
    if t.d["answer"] is None:
        acts = [Action("choose", f"keep {g.name_of(o)}#{o}", target=g.name_of(o), payload=o)
                for o in oids]
        g._ask("choose", t.d["player"], "legend rule: choose the legendary permanent to keep", acts)
        return False
    keep = t.d["answer"]
    for o in oids:
        if o != keep:
            g.move_to_zone(o, GRAVEYARD)
    return True


def _check_game_end(g: Game) -> None:
    alive = [p for p in g.players if not p.lost]
    if len(alive) == 1:
        g._end_game(alive[0].index, f"{alive[0].name} is the last player in the game")
    elif not alive:
        g._end_game(None, "all players lost at once: the game is a draw")
    elif any(p.dummy for p in alive) and len([p for p in alive if not p.dummy]) == 0:
        g._end_game(None, "no player is left to act")


def _end_game(g: Game, winner: int | None, reason: str) -> None:
    g.game_over = True
    g.winner = winner
    g.result_reason = reason
    g.pending = None
    g.tasks.clear()
    if winner is not None:
        g.players[winner].won = True
        g.log_event(f"{g.players[winner].name} wins the game ({reason})")
    else:
        g.log_event(f"The game is a draw ({reason})")

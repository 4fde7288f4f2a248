"""State-based actions (CR 704), players leaving the game (CR 800.4) and the game's end
(CR 104).

State-based actions are checked whenever a player would receive priority (CR 704.3) and are
all performed at once; the check is skipped when nothing they look at changed since the last
one (a cache, not a rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import Action
from ..core.errors import IllegalActionError
from ..core.objects import BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND, LIBRARY, STACK
from . import casting, primitives, sagas, targets, triggers, zones
from .tasks import CommanderZone, LegendRule

if TYPE_CHECKING:
    from .game import Game


def check(g: Game) -> bool:
    """Perform all applicable state-based actions at once (CR 704.3); True if any did."""
    if not g.sba_dirty and not g.token_ghosts and not g.commander.moved:
        return False
    g.sba_dirty = False
    did = False
    for p in g.players:
        if not p.lost and (p.life <= 0 or p.drew_from_empty or p.poison >= 10):
            p.lost = True
            did = True
            why = "0 or less life" if p.life <= 0 else "drawing from an empty library" if p.drew_from_empty \
                else "ten or more poison counters"
            g.log_event(f"{p.name} loses the game ({why})")  # CR 704.5a, 704.5b, 704.5c
    rules = g.options.format_rules
    if rules is not None and rules.check_losses(g):
        did = True
    if did:
        check_game_end(g)
        if g.game_over:
            return True
        for p in g.players:
            if p.lost and not p.left:
                leave_game(g, p.index)
    if g.commander.moved:
        oid = g.commander.moved.pop(0)
        obj = g.objects.get(oid)
        if obj is not None and obj.zone in (GRAVEYARD, EXILE, HAND, LIBRARY):
            g.tasks.append(CommanderZone(obj=oid))
        return True
    if g.token_ghosts:
        for oid in g.token_ghosts:  # CR 704.5d
            obj = g.objects.get(oid)
            if obj is not None and obj.zone != BATTLEFIELD:
                if obj.zone != STACK:
                    zones.zone_list(g, obj.owner, obj.zone).remove(oid)
                del g.objects[oid]
                g.disown(oid)
        g.token_ghosts = []
        did = True
    chars = g.all_chars()
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
            touched = obj.deathtouched
            if touched:
                # CR 704.5h: dealt damage by a deathtouch source since SBAs were last checked
                # (as damage or as -1/-1 counters, CR 702.2b, 120.3d)
                g.writable(oid).deathtouched = False
            if (obj.damage >= c.toughness or touched) and "indestructible" not in c.keywords:
                to_destroy.append(oid)  # CR 704.5g, 704.5h
                continue
        if "Planeswalker" in c.types and obj.counters.get("loyalty", 0) <= 0:
            to_grave.append(oid)  # CR 704.5i: a planeswalker with loyalty 0 (CR 306.5c)
            continue
        plus, minus = obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0)
        if plus and minus:  # CR 704.5q
            n = min(plus, minus)
            primitives.remove_counters(g, oid, "+1/+1", n)
            primitives.remove_counters(g, oid, "-1/-1", n)
            did = True
        if obj.info and "enchanted_player" in obj.info and "Aura" in c.subtypes and \
                triggers.enchanted_player(g, oid) is None:
            to_grave.append(oid)  # CR 704.5m: the player it enchants left the game
            continue
        if obj.attached_to is not None:
            host = obj.attached_to
            legal_host = host in g.objects and g.objects[host].zone == BATTLEFIELD
            if "Aura" in c.subtypes:
                spec = casting.spell_targets(obj.card)
                if not legal_host or (spec and not g.matches(spec[0].filter, host, obj.controller, oid)) \
                        or targets.protected_from(g, host, oid):
                    to_grave.append(oid)  # CR 704.5m, 702.16c
            elif "Equipment" in c.subtypes and (not legal_host or not g.is_creature(host)
                                                or targets.protected_from(g, host, oid)):
                unattach.append(oid)  # CR 704.5n, 702.16d
    for oid in unattach:
        g.writable(oid).attached_to = None
        did = True
    began = g.leave_together(True)  # CR 704.3: performed at the same time
    for oid in to_grave:
        zones.move_to_zone(g, oid, GRAVEYARD)
        did = True
    for oid in to_destroy:
        if oid in g.objects and primitives.regenerates(g, oid):  # CR 701.19a
            did = True
            continue
        if oid in g.objects:
            g.log_event(f"{g.name_of(oid)} is destroyed (lethal damage)")
            zones.move_to_zone(g, oid, GRAVEYARD)
            did = True
    if began:
        g.leave_together(False)
    if to_grave or to_destroy or unattach:
        g.invalidate()
    for oid in sagas.finished(g, g.all_chars()):  # CR 714.4
        g.log_event(f"{g.name_of(oid)} is sacrificed (its final chapter)")
        primitives.sacrifice(g, oid)
        did = True
    if _legend_rule(g):
        return True
    return did


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
            g.tasks.append(LegendRule(player=player, oids=oids))
            return True
    return False


def legend_rule(g: Game, t: LegendRule) -> bool:
    """The task: the player chooses the one to keep."""
    oids = [o for o in t.oids if o in g.objects]
    if t.answer is None:
        acts = [Action("choose", f"keep {g.name_of(o)}#{o}", target=g.name_of(o), payload=o)
                for o in oids]
        g.ask("choose", t.player, "legend rule: choose the legendary permanent to keep", acts)
        return False
    keep = t.answer
    for o in oids:
        if o != keep:
            zones.move_to_zone(g, o, GRAVEYARD)
    return True


def commander_zone(g: Game, t: CommanderZone) -> bool:
    """CR 903.9a: a commander put into a graveyard or exile may go to the command zone.
    CR 903.9b (hand or library) is a replacement effect; here the same choice is offered just
    after the move, which differs only in that the card was briefly in that zone."""
    obj = g.objects.get(t.obj)
    if obj is None or obj.zone not in (GRAVEYARD, EXILE, HAND, LIBRARY):
        return True
    if t.answer is None:
        g.ask("yes_no", obj.owner, f"put {obj.card.name} into the command zone?",
              [Action("yes", "yes", payload=True), Action("no", "no", payload=False)])
        return False
    if t.answer:
        g.log_event(f"{obj.card.name} returns to the command zone")
        zones.move_to_zone(g, t.obj, COMMAND)
    return True


# ---------------------------------------------------------------------------------------------
# leaving the game and its end


def leave_game(g: Game, player: int) -> None:
    """CR 800.4a: objects the player owns leave the game; then objects still controlled by
    that player are exiled; their spells and abilities on the stack cease to exist. If it
    was their turn, the turn ends (simplification: no turn continues without an active
    player)."""
    from . import designations
    was_monarch = designations.monarch(g) == player
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
            g.disown(oid)
        elif obj.controller == player:
            zones.move_to_zone(g, oid, EXILE)
    for oid in [o for o, obj in g.objects.items() if obj.owner == player]:
        del g.objects[oid]
        g.disown(oid)
    p.library, p.hand, p.graveyard, p.exile, p.command = [], [], [], [], []
    p.pool.persistent = None
    p.pool.empty()
    g.log_event(f"{p.name} leaves the game")
    g.invalidate()
    designations.monarch_leaves(g, player, was_monarch)  # CR 724.4
    if g.turn_state.active == player and not g.game_over:
        g.stack.clear()
        g.tasks.clear()
        g.turn_state.step = "cleanup"


def check_game_end(g: Game) -> None:
    """CR 104.2a: a player still in the game when all others have left wins."""
    alive = [p for p in g.players if not p.lost]
    if len(alive) == 1:
        end_game(g, alive[0].index, f"{alive[0].name} is the last player in the game")
    elif not alive:
        end_game(g, None, "all players lost at once: the game is a draw")
    elif any(p.dummy for p in alive) and len([p for p in alive if not p.dummy]) == 0:
        end_game(g, None, "no player is left to act")


def end_game(g: Game, winner: int | None, reason: str) -> None:
    """The game is over: a winner, or a draw with its reason."""
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


def concede(g: Game, player: int | str) -> None:
    """CR 104.3a: a player may concede at any time while the game goes on: `player` is a
    player's name or index. Conceding when the game is over, for a player who has already
    left it, or for no such player is an IllegalActionError, and the game is unchanged."""
    idx = g.player_index(player)
    if g.game_over:
        raise IllegalActionError(f"the game is over ({g.result_reason or 'ended'}): "
                                 f"{g.players[idx].name} cannot concede")
    if g.players[idx].lost:
        raise IllegalActionError(f"{g.players[idx].name} has already left the game: cannot concede")
    g.players[idx].lost = True
    g.log_event(f"{g.players[idx].name} concedes")
    g._legal = None
    g.pending = None
    check_game_end(g)
    if not g.game_over:
        # CR 800.4a: they leave the game now, with their objects; on their own turn, the
        # turn ends (simplification, see leave_game)
        leave_game(g, idx)
        g.tasks = [t for t in g.tasks if getattr(t, "player", None) != idx]
        g.pending_triggers = [t for t in g.pending_triggers if t.controller != idx]
        ps = g.priority_state
        if ps.player == idx:
            active = g.turn_state.active
            ps.player = active if not g.players[active].lost else g.next_alive(idx)
        g._run()

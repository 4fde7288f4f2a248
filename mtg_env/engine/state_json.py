"""The state as plain data (interface.md §4): `Game.state_json()`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.facedown import FACE_DOWN
from ..core.mana import (
    TYPES,
    format_mana,
)
from ..core.objects import (
    Player,
    StackItem,
)
from . import targets, triggers

if TYPE_CHECKING:
    from .game import Game



def state_json(g: Game) -> dict[str, Any]:
    d = g.decision
    out = {
        "turn": g.turn,
        "active_player": g.players[g.active].name,
        "step": g.step,
        "priority": g.players[g.pending.player].name if g.pending and g.pending.kind == "priority"
        else None,
        "game_over": g.game_over,
        "winner": g.players[g.winner].name if g.winner is not None else None,
        "decision": d.to_json() if d else None,
        "players": [_player_json(g, p) for p in g.players],
        "stack": [_stack_json(g, s) for s in g.stack],
    }
    if g.turn_state.day_night is not None:
        out["day_night"] = g.turn_state.day_night  # CR 730.1 (only once it is day or night)
    return out


def _player_json(g: Game, p: Player) -> dict[str, Any]:
    counts = p.pool.total_counts()
    out: dict[str, Any] = {
        "name": p.name,
        "life": p.life,
        "mana_pool": format_mana(counts),
        "mana": {t: n for t, n in zip(TYPES, counts, strict=True)},
        "library_count": len(p.library),
        "hand": [g.objects[o].card.name for o in p.hand],
        "graveyard": [g.objects[o].card.name for o in p.graveyard],
        "exile": [_exiled_json(g, o) for o in p.exile],
        "command": [g.objects[o].card.name for o in p.command],
        "battlefield": [_permanent_json(g, o) for o in g.battlefield
                        if g.objects[o].controller == p.index],
        "lost": p.lost,
    }
    if p.poison:
        out["poison"] = p.poison  # CR 122.1f
    if p.energy:
        out["energy"] = p.energy  # CR 107.14, 122.1
    if p.blessed:
        out["city_blessing"] = True  # CR 702.131c
    if p.pool.restricted:
        out["restricted_mana"] = [{"mana": "{" + r.type + "}", "amount": r.amount, "restriction": r.restriction}
                                  for r in p.pool.restricted]
    return out


def _exiled_json(g: Game, oid: int) -> dict[str, Any]:
    obj = g.objects[oid]
    out: dict[str, Any] = {"id": oid, "card": obj.card.name, "counters": dict(obj.counters)}
    if obj.info and "adventure" in obj.info:
        out["on_adventure"] = True  # CR 715.3d: castable as the creature by who sent it
    return out


def _permanent_json(g: Game, oid: int) -> dict[str, Any]:
    obj = g.objects[oid]
    c = g.chars(oid)
    out = {
        "id": oid, "card": c.name, "controller": g.players[obj.controller].name,
        "owner": g.players[obj.owner].name, "tapped": obj.tapped,
        "summoning_sick": obj.sick, "counters": dict(obj.counters),
        "power": c.power, "toughness": c.toughness,
        "types": [t for t in ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker") if t in c.types],
        "token": obj.token,
        "attached_to": obj.attached_to if obj.attached_to in g.objects else None,
        "damage": obj.damage,
    }
    ep = triggers.enchanted_player(g, oid)
    if ep is not None:
        out["enchanted_player"] = g.players[ep].name  # an Aura with "enchant player" (CR 303.4)
    if "Planeswalker" in c.types:
        out["loyalty"] = obj.counters.get("loyalty", 0)  # CR 306.5c
    if obj.card is FACE_DOWN:
        # CR 708.5: nobody else may see which card it is; all players see it at the end (708.9)
        out["face_down"] = True
        if g.game_over and obj.info and "face_down" in obj.info:
            out["revealed"] = obj.info["face_down"].name
    return out


def _stack_json(g: Game, s: StackItem) -> dict[str, Any]:
    return {"id": s.id, "kind": s.kind, "source": s.ctx.source_name,
            "controller": g.players[s.controller].name, "text": s.text, "copy": s.copy,
            "targets": [targets.ref_label(g, r) for r in s.ctx.targets]}

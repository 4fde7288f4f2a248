"""Readable text of a game, made from its `state_json()` (interface.md §4) and nothing else.

The CLI prints it and the envs render it. It must not import the engine or anything above it:
what it shows is what the state JSON says, so it works as well on a state read back from a file.
"""

from __future__ import annotations

from typing import Any


def format_state(state: dict[str, Any], viewer: str | None = None) -> str:
    """A readable board: life, pool, hand and permanents of each player, then the stack. With a
    `viewer`, other players' hands are hidden."""
    lines = [f"Turn {state['turn']} — {state['active_player']}'s {state['step'].replace('_', ' ')}"
             + ("  [game over: " + (f"{state['winner']} wins" if state["winner"] else "draw") + "]"
                if state["game_over"] else "")]
    for p in state["players"]:
        pool = p["mana_pool"] or "empty"
        lines.append(f"{p['name']}: life {p['life']}, pool {pool}, library {p['library_count']}, "
                     f"hand {len(p['hand'])}")
        if p["hand"] and (viewer is None or viewer == p["name"]):
            lines.append("  hand: " + ", ".join(p["hand"]))
        for perm in p["battlefield"]:
            bits = [f"#{perm['id']} {perm['card']}"]
            if perm["power"] is not None:
                bits.append(f"{perm['power']}/{perm['toughness']}")
            if perm["tapped"]:
                bits.append("tapped")
            if perm["summoning_sick"] and "Creature" in perm["types"]:
                bits.append("sick")
            if perm["counters"]:
                bits.append(", ".join(f"{n} {k}" for k, n in perm["counters"].items()))
            if perm.get("damage"):
                bits.append(f"{perm['damage']} damage")
            if perm["attached_to"]:
                bits.append(f"attached to #{perm['attached_to']}")
            lines.append("  " + " · ".join(bits))
        if p["graveyard"]:
            lines.append("  graveyard: " + ", ".join(p["graveyard"]))
        if p["exile"]:
            lines.append("  exile: " + ", ".join(e["card"] for e in p["exile"]))
    if state["stack"]:
        lines.append("Stack (top last):")
        for s in state["stack"]:
            t = f" -> {', '.join(s['targets'])}" if s["targets"] else ""
            lines.append(f"  {s['source']}: {s['text']}{t}{' (copy)' if s['copy'] else ''}")
    if state["decision"]:
        lines.append(f"Decision: {state['decision']['prompt']}")
    return "\n".join(lines)

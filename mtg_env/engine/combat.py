"""Combat (CR 506-511) and the combat keywords, as a mixin of Game.

Attackers and blockers are declared one creature at a time, then confirmed with `done`, so the
number of legal actions at any moment stays small. Damage is assigned under the current rules:
an attacker blocked by two or more creatures divides its damage among them as its controller
chooses (CR 510.1c); with trample, lethal damage to every blocker first, the rest may go to the
player (CR 702.19b); deathtouch makes 1 damage lethal (CR 702.2c).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.vocab import Triggered
from ..core.actions import Action
from ..core.objects import BATTLEFIELD, Context

if TYPE_CHECKING:
    from .game import Game, Task


# Combat state lives on the Game: `attackers` (ids, in declaration order), `attack_targets`
# (attacker -> defending player), `blocks` (attacker -> its blockers), `first_strike_done`.

# ---- helpers -----------------------------------------------------------------------------

def reset_combat(g: Game) -> None:
    g.attackers = []
    g.attack_targets = {}
    g.blocks = {}
    g.first_strike_done = False
    g.combat_damage_dealt = False
    g.combat_damage_dealt_regular = False
    g.dealt_first_strike = set()

def in_combat(g: Game, oid: int) -> bool:
    return oid in g.attack_targets or any(oid in bs for bs in g.blocks.values())

def can_attack(g: Game, oid: int) -> bool:
    """CR 508.1a: an untapped creature its controller has controlled since the turn began
    (or with haste), without defender (CR 702.3b) or "can't attack"."""
    obj = g.objects[oid]
    c = g.chars(oid)
    if "Creature" not in c.types or obj.tapped or obj.controller != g.active:
        return False
    if obj.sick and "haste" not in c.keywords:
        return False
    return "defender" not in c.keywords and "cant_attack" not in c.flags

def can_block(g: Game, blocker: int, attacker: int) -> bool:
    """CR 509.1a-b; flying (CR 702.9b) can be blocked only by flying or reach."""
    obj = g.objects[blocker]
    c = g.chars(blocker)
    if "Creature" not in c.types or obj.tapped or "cant_block" in c.flags:
        return False
    ac = g.chars(attacker)
    if g.protected_from(attacker, blocker):
        return False  # CR 702.16f
    return not ("flying" in ac.keywords and not ({"flying", "reach"} & c.keywords))

def defending_players(g: Game) -> list[int]:
    return g.opponents(g.active)

# ---- declare attackers (CR 508) ------------------------------------------------------------

def declare_attackers(g: Game, t: Task) -> bool:
    ap = g.active
    ans = t.d["answer"]
    t.d["answer"] = None
    if ans is not None and ans != "done":
        oid, defender = ans
        g.attackers.append(oid)
        g.attack_targets[oid] = defender
    if ans != "done":
        cands = [o for o in g.battlefield if o not in g.attack_targets and can_attack(g, o)]
        if cands:
            acts = [Action("done", "done attacking" if g.attackers else "no attack", payload="done")]
            for o in cands:
                for d in defending_players(g):
                    who = g.players[d].name
                    acts.append(Action("attack", f"attack {who} with {g.name_of(o)}",
                                       target=g.name_of(o), payload=(o, d)))
            g._ask("attack", ap, f"{g.players[ap].name} declares attackers "
                      f"({len(g.attackers)} so far)", acts)
            return False
    # CR 508.1f-g: attackers become tapped (vigilance: not, CR 702.20b); then triggers.
    for o in g.attackers:
        if "vigilance" not in g.chars(o).keywords:
            g.tap(o)
    if g.attackers:
        g.log_event(f"{g.players[ap].name} attacks: " + ", ".join(
            f"{g.name_of(o)} -> {g.players[g.attack_targets[o]].name}" for o in g.attackers))
    for o in g.attackers:
        for key, ab, origin in g.chars(o).abilities:
            if isinstance(ab, Triggered) and ab.event in ("attacks_self", "enters_or_attacks_self",
                                                          "attacks_or_blocks_self"):
                g._queue_trigger(ab, o, key, origin, {"defender": g.attack_targets[o]})
    return True

# ---- declare blockers (CR 509) -------------------------------------------------------------

def _menace_short(g: Game) -> int | None:
    """An attacker with menace (CR 702.111b) blocked by exactly one creature, if any."""
    for a, bs in g.blocks.items():
        if len(bs) == 1 and "menace" in g.chars(a).keywords:
            return a
    return None

def declare_blockers(g: Game, t: Task) -> bool:
    order = [d for d in g.apnap() if d != g.active]
    while t.d["i"] < len(order):
        d = order[t.d["i"]]
        if g.players[d].dummy:
            t.d["i"] += 1  # the goldfish opponent never acts: it declares no blockers
            continue
        ans = t.d["answer"]
        t.d["answer"] = None
        if ans is not None and ans != "done":
            blocker, attacker = ans
            g.blocks.setdefault(attacker, []).append(blocker)
        if ans == "done":
            t.d["i"] += 1
            continue
        attackers = [a for a in g.attackers if g.attack_targets.get(a) == d and a in g.objects]
        used = {b for bs in g.blocks.values() for b in bs}
        mine = [o for o in g.battlefield if g.objects[o].controller == d and o not in used]
        short = _menace_short(g)
        acts: list[Action] = []
        if short is None:
            acts.append(Action("done", "done blocking" if used else "no block", payload="done"))
        for b in mine:
            for a in attackers:
                if short is not None and a != short:
                    continue
                if not can_block(g, b, a):
                    continue
                # a menace attacker needs two blockers: offer it only if another can join
                if "menace" in g.chars(a).keywords and not g.blocks.get(a) and \
                        not any(o != b and can_block(g, o, a) for o in mine):
                    continue
                acts.append(Action("block", f"block {g.name_of(a)} with {g.name_of(b)}",
                                   target=g.name_of(b), payload=(b, a)))
        if len(acts) == 1 and acts[0].kind == "done":
            t.d["i"] += 1
            continue
        g._ask("block", d, f"{g.players[d].name} declares blockers", acts)
        return False
    for bs in g.blocks.values():
        for b in bs:
            for key, ab, origin in g.chars(b).abilities:
                if isinstance(ab, Triggered) and ab.event in ("blocks_self", "attacks_or_blocks_self"):
                    g._queue_trigger(ab, b, key, origin, {})
    if g.blocks:
        g.log_event("Blocks: " + ", ".join(
            f"{g.name_of(a)} blocked by {', '.join(g.name_of(b) for b in bs)}"
            for a, bs in g.blocks.items()))
    return True

def is_blocked(g: Game, attacker: int) -> bool:
    return attacker in g.blocks

# ---- combat damage (CR 510) ----------------------------------------------------------------

def needs_first_strike_step(g: Game) -> bool:
    """CR 510.4: a first-strike combat damage step happens if any attacking or blocking
    creature has first strike or double strike."""
    for o in list(g.attack_targets) + [b for bs in g.blocks.values() for b in bs]:
        if o in g.objects and {"first strike", "double strike"} & g.chars(o).keywords:
            return True
    return False

def _deals_damage_now(g: Game, oid: int, first_step: bool) -> bool:
    kws = g.chars(oid).keywords
    if first_step:
        return bool({"first strike", "double strike"} & kws)
    if g.first_strike_done:
        # CR 510.4: in the second step, creatures that didn't deal first-strike damage and
        # those with double strike deal damage.
        return "double strike" in kws or oid not in g.dealt_first_strike
    return True

def combat_damage(g: Game, t: Task) -> bool:
    first = t.d["first"]
    # assignments: list of (source, ref, amount); the division decisions fill it
    if "plan" not in t.d:
        t.d["plan"] = []
        t.d["queue"] = [a for a in g.attackers if a in g.objects
                        and g.objects[a].zone == BATTLEFIELD and _deals_damage_now(g, a, first)]
        t.d["split"] = None
        # blockers deal damage to the attacker they block (CR 510.1d)
        for a, bs in g.blocks.items():
            for b in bs:
                if b in g.objects and a in g.objects and _deals_damage_now(g, b, first):
                    p = g.chars(b).power or 0
                    if p > 0:
                        t.d["plan"].append((b, ("obj", a), p))
    while t.d["queue"] or t.d["split"]:
        if t.d["split"] is None:
            a = t.d["queue"].pop(0)
            power = max(g.chars(a).power or 0, 0)
            if power == 0:
                continue
            if a not in g.blocks:
                t.d["plan"].append((a, ("player", g.attack_targets[a]), power))
                continue
            blockers = [b for b in g.blocks[a] if b in g.objects and g.objects[b].zone == BATTLEFIELD]
            trample = "trample" in g.chars(a).keywords
            if not blockers:
                # CR 509.1h / 702.19e: blocked, no blockers left: no damage unless trample
                if trample:
                    t.d["plan"].append((a, ("player", g.attack_targets[a]), power))
                continue
            if len(blockers) == 1 and not trample:
                t.d["plan"].append((a, ("obj", blockers[0]), power))
                continue
            t.d["split"] = {"a": a, "left": power, "blockers": blockers, "i": 0, "trample": trample,
                            "all_lethal": True}
        sp = t.d["split"]
        ans = t.d["answer"]
        t.d["answer"] = None
        a = sp["a"]
        blockers = sp["blockers"]
        if ans is not None:
            b = blockers[sp["i"]]
            if ans:
                t.d["plan"].append((a, ("obj", b), ans))
            if ans < _lethal(g, a, b):
                sp["all_lethal"] = False
            sp["left"] -= ans
            sp["i"] += 1
        if sp["i"] >= len(blockers) or sp["left"] == 0:
            if sp["left"] > 0:
                # CR 702.19b: what is left after lethal damage to every blocker may go to the player
                if sp["trample"] and sp["all_lethal"]:
                    t.d["plan"].append((a, ("player", g.attack_targets[a]), sp["left"]))
                elif blockers:
                    t.d["plan"].append((a, ("obj", blockers[-1]), sp["left"]))
            t.d["split"] = None
            continue
        b = blockers[sp["i"]]
        last = sp["i"] == len(blockers) - 1
        lo, hi = _damage_bounds(g, a, blockers, sp, last)
        if lo == hi:
            t.d["answer"] = lo
            continue
        acts = [Action("choose", f"assign {n} damage to {g.name_of(b)}", target=g.name_of(b),
                       value=n, payload=n) for n in range(lo, hi + 1)]
        g._ask("choose", g.objects[a].controller,
                  f"{g.name_of(a)} assigns {sp['left']} combat damage among its blockers", acts)
        return False
    _deal_combat_damage(g, t.d["plan"], first)
    return True

def _lethal(g: Game, attacker: int, blocker: int) -> int:
    """Lethal damage (CR 702.2c, 702.19b): toughness less damage already marked; 1 with deathtouch."""
    if "deathtouch" in g.chars(attacker).keywords:
        return 1
    c = g.chars(blocker)
    return max((c.toughness or 0) - g.objects[blocker].damage, 0)

def _damage_bounds(g: Game, a: int, blockers: list[int], sp: dict[str, Any], last: bool) -> tuple[int, int]:
    left = sp["left"]
    if not last:
        return 0, left  # divided as its controller chooses (CR 510.1c)
    if not sp["trample"] or not sp["all_lethal"]:
        return left, left  # the rest goes to the last blocker
    # CR 702.19b: every earlier blocker got lethal damage: the last needs lethal too, and what
    # the controller doesn't assign to it goes to the player.
    return min(_lethal(g, a, blockers[sp["i"]]), left), left

def _deal_combat_damage(g: Game, plan: list[tuple[int, tuple[str, int], int]], first: bool) -> None:
    """CR 510.2: all combat damage is dealt at once."""
    if first:
        g.dealt_first_strike = {src for src, _r, _n in plan}
    for src, ref, n in plan:
        if src not in g.objects:
            continue
        c = g.chars(src)
        ctx = Context(g.objects[src].controller, src, c.name)
        before = g.players[ref[1]].life if ref[0] == "player" else None
        g.deal_damage(ctx, ref, n)
        if ref[0] == "player" and before is not None:
            on_combat_damage_to_player(g, src, ref[1], n)
    g.combat_damage_dealt = True

def on_combat_damage_to_player(g: Game, src: int, player: int, n: int) -> None:
    """Hook for formats (commander damage, CR 903.10a)."""
    fmt = g.format_rules
    if fmt is not None:
        fmt.combat_damage_to_player(g, src, player, n)

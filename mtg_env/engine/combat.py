"""Combat (CR 506-511) and the combat keywords.

Attackers and blockers are declared one creature at a time, then confirmed with `done`, so the
number of legal actions at any moment stays small. Damage is assigned under the current rules:
an attacker blocked by two or more creatures divides its damage among them as its controller
chooses (CR 510.1c); with trample, lethal damage to every blocker first, the rest may go to the
player (CR 702.19b); deathtouch makes 1 damage lethal (CR 702.2c).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import Action
from ..core.chars import Flag
from ..core.objects import BATTLEFIELD, Context
from . import primitives, targets, triggers
from .state import CombatState
from .tasks import CombatDamage, DamageSplit, DeclareAttackers, DeclareBlockers

if TYPE_CHECKING:
    from .game import Game

# Combat state is a record on the game (state.CombatState): attackers in declaration order,
# whom each attacks, the blockers of each attacker, and which damage steps have happened.

# ---- helpers -----------------------------------------------------------------------------

def reset_combat(g: Game) -> None:
    g.combat = CombatState()
    g.invalidate()  # "attacking creatures get +1/+0" no longer applies (CR 506.4, 611.3a)

def in_combat(g: Game, oid: int) -> bool:
    return g.combat.is_attacking(oid) or g.combat.is_blocking(oid)

def can_attack(g: Game, oid: int) -> bool:
    """CR 508.1a: an untapped creature its controller has controlled since the turn began
    (or with haste), without defender (CR 702.3b) or "can't attack"."""
    obj = g.objects[oid]
    c = g.chars(oid)
    if "Creature" not in c.types or obj.tapped or obj.controller != g.turn_state.active:
        return False
    if obj.sick and "haste" not in c.keywords:
        return False
    return "defender" not in c.keywords and Flag.CANT_ATTACK not in c.flags

def can_block(g: Game, blocker: int, attacker: int) -> bool:
    """CR 509.1a-b; flying (CR 702.9b) can be blocked only by flying or reach."""
    obj = g.objects[blocker]
    c = g.chars(blocker)
    if "Creature" not in c.types or obj.tapped or Flag.CANT_BLOCK in c.flags:
        return False
    ac = g.chars(attacker)
    if targets.protected_from(g, attacker, blocker):
        return False  # CR 702.16f
    return not ("flying" in ac.keywords and not ({"flying", "reach"} & c.keywords))

def defending_players(g: Game) -> list[int]:
    return g.opponents(g.turn_state.active)

# ---- declare attackers (CR 508) ------------------------------------------------------------

def declare_attackers(g: Game, t: DeclareAttackers) -> bool:
    """The task (CR 508.1): one attacker at a time, then "done"."""
    ap = g.turn_state.active
    cb = g.combat
    if t.start < 0:
        t.start = len(cb.attackers)
    ans = t.answer
    t.answer = None
    if ans is not None and ans != "done":
        oid, defender = ans
        cb.attackers.append(oid)
        cb.attack_targets[oid] = defender
        g.invalidate()  # what judges "attacking" now sees it (CR 508.1, 611.3a)
    if ans != "done":
        cands = [o for o in g.battlefield if o not in cb.attack_targets and can_attack(g, o)]
        if cands:
            acts = [Action("done", "done attacking" if cb.attackers else "no attack", payload="done")]
            for o in cands:
                for d in defending_players(g):
                    who = g.players[d].name
                    acts.append(Action("attack", f"attack {who} with {g.name_of(o)}",
                                       target=g.name_of(o), payload=(o, d)))
            g.ask("attack", ap, f"{g.players[ap].name} declares attackers "
                  f"({len(cb.attackers)} so far)", acts)
            return False
    # CR 508.1f-g: attackers become tapped (vigilance: not, CR 702.20b); then triggers.
    declared = cb.attackers[t.start:]
    for o in declared:
        if "vigilance" not in g.chars(o).keywords:
            primitives.tap(g, o)
    if declared:
        g.log_event(f"{g.players[ap].name} attacks: " + ", ".join(
            f"{g.name_of(o)} -> {g.players[cb.attack_targets[o]].name}" for o in declared))
    for o in declared:
        triggers.attacks(g, o, cb.attack_targets[o])
    return True

def attack_choices(g: Game, player: int) -> list[int]:
    """The players a creature `player` puts onto the battlefield attacking may attack (CR
    508.4): the defending players, during combat (from the beginning of combat step through the
    end of combat step) and only if `player` is the attacking player (CR 506.3b); otherwise
    none, and the creature enters but isn't attacking."""
    ts = g.turn_state
    if ts.step not in ("beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage",
                       "end_of_combat") or player != ts.active:
        return []
    return defending_players(g)

def enter_attacking(g: Game, oid: int, defender: int) -> bool:
    """CR 508.4: the creature `oid`, just put onto the battlefield, is attacking `defender`. It
    was never declared as an attacker: no "whenever ~ attacks" trigger (CR 508.4, 603.2), and
    it isn't tapped by attacking. Only a creature can attack (CR 506.3a)."""
    if oid not in g.objects or g.objects[oid].zone != BATTLEFIELD or "Creature" not in g.chars(oid).types:
        return False
    if defender not in attack_choices(g, g.objects[oid].controller):
        return False  # CR 506.3b-c
    g.combat.attackers.append(oid)
    g.combat.attack_targets[oid] = defender
    g.invalidate()  # "attacking creatures ..." now see it (CR 611.3a)
    g.log_event(f"{g.name_of(oid)} is attacking {g.players[defender].name}")
    return True

# ---- declare blockers (CR 509) -------------------------------------------------------------

def _menace_short(g: Game) -> int | None:
    """An attacker with menace (CR 702.111b) blocked by exactly one creature, if any."""
    for a, bs in g.combat.blocks.items():
        if len(bs) == 1 and "menace" in g.chars(a).keywords:
            return a
    return None

def declare_blockers(g: Game, t: DeclareBlockers) -> bool:
    """The task (CR 509.1): each defending player in APNAP order, one block at a time."""
    cb = g.combat
    order = [d for d in g.apnap() if d != g.turn_state.active]
    while t.defender_index < len(order):
        d = order[t.defender_index]
        if g.players[d].dummy:
            t.defender_index += 1  # the goldfish opponent never acts: it declares no blockers
            continue
        ans = t.answer
        t.answer = None
        if ans is not None and ans != "done":
            blocker, attacker = ans
            cb.blocks.setdefault(attacker, []).append(blocker)
            g.invalidate()  # what judges "blocking" now sees it (CR 509.1, 611.3a)
        if ans == "done":
            t.defender_index += 1
            continue
        attackers = [a for a in cb.attackers if cb.attack_targets.get(a) == d and a in g.objects]
        used = {b for bs in cb.blocks.values() for b in bs}
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
                if "menace" in g.chars(a).keywords and not cb.blocks.get(a) and \
                        not any(o != b and can_block(g, o, a) for o in mine):
                    continue
                acts.append(Action("block", f"block {g.name_of(a)} with {g.name_of(b)}",
                                   target=g.name_of(b), payload=(b, a)))
        if len(acts) == 1 and acts[0].kind == "done":
            t.defender_index += 1
            continue
        g.ask("block", d, f"{g.players[d].name} declares blockers", acts)
        return False
    for bs in cb.blocks.values():
        for b in bs:
            triggers.blocks(g, b)
    if cb.blocks:
        g.log_event("Blocks: " + ", ".join(
            f"{g.name_of(a)} blocked by {', '.join(g.name_of(b) for b in bs)}"
            for a, bs in cb.blocks.items()))
    return True

def is_blocked(g: Game, attacker: int) -> bool:
    return attacker in g.combat.blocks

# ---- combat damage (CR 510) ----------------------------------------------------------------

def needs_first_strike_step(g: Game) -> bool:
    """CR 510.4: a first-strike combat damage step happens if any attacking or blocking
    creature has first strike or double strike."""
    for o in list(g.combat.attack_targets) + [b for bs in g.combat.blocks.values() for b in bs]:
        if o in g.objects and {"first strike", "double strike"} & g.chars(o).keywords:
            return True
    return False

def _deals_damage_now(g: Game, oid: int, first_step: bool) -> bool:
    kws = g.chars(oid).keywords
    if first_step:
        return bool({"first strike", "double strike"} & kws)
    if g.combat.first_strike_done:
        # CR 510.4: in the second step, creatures that didn't deal first-strike damage and
        # those with double strike deal damage.
        return "double strike" in kws or oid not in g.combat.dealt_first_strike
    return True

def combat_damage(g: Game, t: CombatDamage) -> bool:
    """The task (CR 510.1-2): each attacker's damage is assigned, divided among its blockers as
    its controller chooses where there is a choice, then all of it is dealt at once."""
    first = t.first
    cb = g.combat
    if t.plan is None:
        t.plan = []
        t.queue = [a for a in cb.attackers if a in g.objects
                   and g.objects[a].zone == BATTLEFIELD and _deals_damage_now(g, a, first)]
        t.split = None
        # blockers deal damage to the attacker they block (CR 510.1d)
        for a, bs in cb.blocks.items():
            for b in bs:
                if b in g.objects and a in g.objects and _deals_damage_now(g, b, first):
                    p = g.chars(b).power or 0
                    if p > 0:
                        t.plan.append((b, ("obj", a), p))
    plan = t.plan
    while t.queue or t.split:
        if t.split is None:
            a = t.queue.pop(0)
            power = max(g.chars(a).power or 0, 0)
            if power == 0:
                continue
            if a not in cb.blocks:
                plan.append((a, ("player", cb.attack_targets[a]), power))
                continue
            blockers = [b for b in cb.blocks[a] if b in g.objects and g.objects[b].zone == BATTLEFIELD]
            trample = "trample" in g.chars(a).keywords
            if not blockers:
                # CR 509.1h / 702.19e: blocked, no blockers left: no damage unless trample
                if trample:
                    plan.append((a, ("player", cb.attack_targets[a]), power))
                continue
            if len(blockers) == 1 and not trample:
                plan.append((a, ("obj", blockers[0]), power))
                continue
            t.split = DamageSplit(a, power, blockers, 0, trample, True)
        sp = t.split
        ans = t.answer
        t.answer = None
        a = sp.attacker
        blockers = sp.blockers
        if ans is not None:
            b = blockers[sp.index]
            if ans:
                plan.append((a, ("obj", b), ans))
            if ans < _lethal(g, a, b):
                sp.all_lethal = False
            sp.left -= ans
            sp.index += 1
        if sp.index >= len(blockers) or sp.left == 0:
            if sp.left > 0:
                # CR 702.19b: what is left after lethal damage to every blocker may go to the player
                if sp.trample and sp.all_lethal:
                    plan.append((a, ("player", cb.attack_targets[a]), sp.left))
                elif blockers:
                    plan.append((a, ("obj", blockers[-1]), sp.left))
            t.split = None
            continue
        b = blockers[sp.index]
        last = sp.index == len(blockers) - 1
        lo, hi = _damage_bounds(g, a, blockers, sp, last)
        if lo == hi:
            t.answer = lo
            continue
        acts = [Action("choose", f"assign {n} damage to {g.name_of(b)}", target=g.name_of(b),
                       value=n, payload=n) for n in range(lo, hi + 1)]
        g.ask("choose", g.objects[a].controller,
              f"{g.name_of(a)} assigns {sp.left} combat damage among its blockers", acts)
        return False
    _deal_combat_damage(g, plan, first)
    return True

def _lethal(g: Game, attacker: int, blocker: int) -> int:
    """Lethal damage (CR 702.2c, 702.19b): toughness less damage already marked; 1 with deathtouch."""
    if "deathtouch" in g.chars(attacker).keywords:
        return 1
    c = g.chars(blocker)
    return max((c.toughness or 0) - g.objects[blocker].damage, 0)

def _damage_bounds(g: Game, a: int, blockers: list[int], sp: DamageSplit, last: bool) -> tuple[int, int]:
    left = sp.left
    if not last:
        return 0, left  # divided as its controller chooses (CR 510.1c)
    if not sp.trample or not sp.all_lethal:
        return left, left  # the rest goes to the last blocker
    # CR 702.19b: every earlier blocker got lethal damage: the last needs lethal too, and what
    # the controller doesn't assign to it goes to the player.
    return min(_lethal(g, a, blockers[sp.index]), left), left

def _deal_combat_damage(g: Game, plan: list[tuple[int, tuple[str, int], int]], first: bool) -> None:
    """CR 510.2: all combat damage is dealt at once."""
    if first:
        g.combat.dealt_first_strike = {src for src, _r, _n in plan}
    for src, ref, n in plan:
        if src not in g.objects:
            continue
        c = g.chars(src)
        ctx = Context(g.objects[src].controller, src, c.name)
        before = g.players[ref[1]].life if ref[0] == "player" else None
        primitives.deal_damage(g, ctx, ref, n)
        if ref[0] == "player" and before is not None:
            on_combat_damage_to_player(g, src, ref[1], n)
    g.combat.damage_dealt = True

def on_combat_damage_to_player(g: Game, src: int, player: int, n: int) -> None:
    """Hook for formats (commander damage, CR 903.10a)."""
    fmt = g.options.format_rules
    if fmt is not None:
        fmt.combat_damage_to_player(g, src, player, n)

"""Combat (CR 506-511) and the combat keywords.

Attackers and blockers are declared one creature at a time, then confirmed with `done`, so the
number of legal actions at any moment stays small. Damage is assigned under the current rules:
an attacker blocked by two or more creatures divides its damage among them as its controller
chooses (CR 510.1c); with trample, lethal damage to every blocker first, the rest may go to the
player (CR 702.19b); deathtouch makes 1 damage lethal (CR 702.2c).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import AssignAsUnblocked, AttackRestriction, BlockRestriction
from ..cards.effects.kwabilities import ATTACKS_PLAYER
from ..core.actions import Action
from ..core.chars import Chars, Flag
from ..core.objects import BATTLEFIELD, Context, Ref
from . import primitives, targets, triggers
from .state import CombatState
from .tasks import CombatDamage, DamageSplit, DeclareAttackers, DeclareBlockers

if TYPE_CHECKING:
    from .game import Game

# Combat state is a record on the game (state.CombatState): attackers in declaration order,
# whom each attacks, the blockers of each attacker, and which damage steps have happened.

# ---- helpers -----------------------------------------------------------------------------

def reset_combat(g: Game) -> None:
    old = g.combat
    g.combat = CombatState()
    if old.attackers or old.attack_targets or old.blocks or old.attacked:
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
    if g.effects.detained and primitives.is_detained(g, oid):
        return False  # CR 701.35a
    if g.turn_state.facts and forbidden_this_turn(g, oid, "cant_attack"):
        return False
    return "defender" not in c.keywords and Flag.CANT_ATTACK not in c.flags


def forbidden_this_turn(g: Game, oid: int, kind: str) -> bool:
    """"Creatures without flying can't block this turn." (CR 611.2c: a resolved effect that
    changes no characteristics applies to every creature it names at each moment, those that
    enter later too): TurnState.facts `kind` ("cant_attack", "cant_block") holds (filter,
    controller, source) of each."""
    return any(g.matches(f, oid, you, src) for f, you, src in g.turn_state.facts.get(kind, ()))

def may_attack(g: Game, attacker: int, defender: int) -> bool:
    """Restrictions on attacking a particular player (CR 508.1c): "can't attack unless
    defending player controls an Island"."""
    return all(ab.allows(g, attacker, defender) for _k, ab, _o in g.chars(attacker).abilities
               if isinstance(ab, AttackRestriction))


def can_block(g: Game, blocker: int, attacker: int) -> bool:
    """CR 509.1a-b; flying (CR 702.9b) can be blocked only by flying or reach."""
    obj = g.objects[blocker]
    c = g.chars(blocker)
    if "Creature" not in c.types or obj.tapped or Flag.CANT_BLOCK in c.flags:
        return False
    if g.effects.detained and primitives.is_detained(g, blocker):
        return False  # CR 701.35a
    if g.turn_state.facts and forbidden_this_turn(g, blocker, "cant_block"):
        return False
    ac = g.chars(attacker)
    if targets.protected_from(g, attacker, blocker):
        return False  # CR 702.16f
    if "flying" in ac.keywords and not ({"flying", "reach"} & c.keywords):
        return False
    if Flag.BLOCKS_ONLY_FLYING in c.flags and "flying" not in ac.keywords:
        return False
    if Flag.ONE_BLOCKER in ac.flags and ("menace" in ac.keywords or
                                         any(b != blocker for b in g.combat.blocks.get(attacker, []))):
        return False  # with menace too, it can't be blocked at all
    if _evades(g, ac, c, obj.controller):
        return False
    if not all(ab.allows(g, blocker, attacker) for _k, ab, _o in ac.abilities
               if isinstance(ab, BlockRestriction) and not ab.of_blocker):
        return False
    return all(ab.allows(g, blocker, attacker) for _k, ab, _o in c.abilities
               if isinstance(ab, BlockRestriction) and ab.of_blocker)


#: landwalk (CR 702.14c): the land type the defending player controls
LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp", "mountainwalk": "Mountain",
            "forestwalk": "Forest"}


def _evades(g: Game, ac: Chars, bc: Chars, defender: int) -> bool:
    """The blocking restrictions of evasion abilities (CR 509.1b): "can't be blocked", landwalk
    (702.14c), fear (702.36b), intimidate (702.13b), shadow (702.28b), horsemanship (702.31b),
    skulk (702.118b)."""
    akw, bkw = ac.keywords, bc.keywords
    if Flag.UNBLOCKABLE in ac.flags:
        return True
    if ("shadow" in akw) != ("shadow" in bkw):
        return True  # neither blocks across shadow
    if "horsemanship" in akw and "horsemanship" not in bkw:
        return True
    if "fear" in akw and not ({"Artifact"} & bc.types or "B" in bc.colors):
        return True
    if "intimidate" in akw and "Artifact" not in bc.types and not (ac.colors & bc.colors):
        return True
    if "skulk" in akw and (bc.power or 0) > (ac.power or 0):
        return True
    for kw, land in LANDWALK.items():
        if kw in akw and any(g.objects[o].controller == defender and land in g.chars(o).subtypes
                             and "Land" in g.chars(o).types for o in g.battlefield):
            return True
    return False

def defending_players(g: Game) -> list[int]:
    return g.opponents(g.turn_state.active)

def attackable_planeswalkers(g: Game, defender: int) -> list[int]:
    """CR 506.2, 508.1b: the planeswalkers a defending player controls can be attacked."""
    return [o for o in g.battlefield if g.objects[o].controller == defender
            and "Planeswalker" in g.chars(o).types]

def attacked(g: Game, attacker: int) -> Ref | None:
    """What `attacker` is attacking: the player, or the planeswalker (CR 508.1b); None when
    that planeswalker was removed from combat (CR 506.4: it left the battlefield, its
    controller changed or it stopped being a planeswalker): then the creature attacks nothing
    and, unblocked, deals no combat damage (CR 506.4c)."""
    cb = g.combat
    defender = cb.attack_targets[attacker]
    if attacker not in cb.attacked_planeswalkers:
        return ("player", defender)
    pw = cb.attacked_planeswalkers[attacker]
    if pw is None or pw not in g.objects or g.objects[pw].zone != BATTLEFIELD or \
            g.objects[pw].controller != defender or "Planeswalker" not in g.chars(pw).types:
        return None
    return ("obj", pw)

def _attack_actions(g: Game, o: int, defenders: list[int]) -> list[Action]:
    """"attack P2 with X" for each player it may attack, then "attack <planeswalker> with X" for
    each planeswalker that player controls (with its id where two share a name)."""
    name = g.name_of(o)
    pws = {d: attackable_planeswalkers(g, d) for d in defenders}
    names = [g.name_of(pw) for d in defenders for pw in pws[d]]
    acts = []
    for d in defenders:
        acts.append(Action("attack", f"attack {g.players[d].name} with {name}", target=name, payload=(o, d)))
        for pw in pws[d]:
            pw_name = g.name_of(pw)
            label = f"{pw_name}#{pw}" if names.count(pw_name) > 1 else pw_name
            acts.append(Action("attack", f"attack {label} with {name}", target=name, payload=(o, d, pw)))
    return acts

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
        oid, defender = ans[0], ans[1]
        cb.attackers.append(oid)
        cb.attack_targets[oid] = cb.attacked[oid] = defender
        if len(ans) == 3:
            cb.attacked_planeswalkers[oid] = ans[2]  # CR 508.1b
        g.invalidate()  # what judges "attacking" now sees it (CR 508.1, 611.3a)
    if ans != "done":
        pairs = [(o, d) for o in g.battlefield if o not in cb.attack_targets and can_attack(g, o)
                 for d in defending_players(g) if may_attack(g, o, d)]
        if pairs:
            acts: list[Action] = []
            # CR 508.1d: the most requirements obeyed: a creature that attacks each combat if
            # able (and can: no restriction here depends on other attackers) must be declared
            # (attacking a planeswalker obeys it too)
            # encore's token copies attack a given player if able (CR 702.141a): that player
            # only, not a planeswalker of theirs
            forced = {o: d for o, d in pairs if f"{ATTACKS_PLAYER}{d}" in g.chars(o).flags}
            if not forced and not any(Flag.MUST_ATTACK in g.chars(o).flags for o, _d in pairs):
                acts.append(Action("done", "done attacking" if cb.attackers else "no attack", payload="done"))
            for o in dict.fromkeys(o for o, _d in pairs):
                if o in forced:
                    acts += [a for a in _attack_actions(g, o, [forced[o]]) if len(a.payload) == 2]
                    continue
                acts += _attack_actions(g, o, [d for o2, d in pairs if o2 == o])
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
            f"{g.name_of(o)} -> {_attacked_name(g, o)}" for o in declared))
    for o in declared:
        triggers.attacks(g, o, cb.attack_targets[o])
    # what was declared, not creatures put onto the battlefield attacking (CR 508.4)
    if len(declared) == 1:
        a = declared[0]  # CR 506.5: it attacks alone (exalted, CR 702.83a)
        triggers.about(g, a, triggers.E.ATTACKS_ALONE, triggers.Event(triggers.E.ATTACKS_ALONE, object=a))
    if len(declared) >= 3:
        for o in declared:  # "Whenever ~ and at least two other creatures attack" (battalion)
            triggers.about(g, o, triggers.E.ATTACKS_WITH_TWO, triggers.Event(triggers.E.ATTACKS_WITH_TWO, object=o))
    if declared:
        attacked = g.turn_state.facts.setdefault("attacked", [])
        if ap not in attacked:
            attacked.append(ap)  # raid: "if you attacked this turn" (cards/turnfacts.py)
        triggers.player_event(g, triggers.E.PLAYER_ATTACKS, ap)  # CR 508.3d: "whenever you attack"
        if len(declared) >= 2:  # "whenever you attack with two or more creatures" (CR 508.3d)
            triggers.player_event(g, triggers.E.PLAYER_ATTACKS_TWO, ap)
        # "Whenever enchanted player is attacked": once for each player attacked by one or more
        # of the creatures declared (not a planeswalker they control)
        for d in dict.fromkeys(cb.attack_targets[o] for o in declared if o not in cb.attacked_planeswalkers):
            triggers.player_event(g, triggers.E.PLAYER_ATTACKED, d)
    return True

def _attacked_name(g: Game, o: int) -> str:
    pw = g.combat.attacked_planeswalkers.get(o)
    return g.name_of(pw) if pw is not None else g.players[g.combat.attack_targets[o]].name

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
    g.combat.attack_targets[oid] = g.combat.attacked[oid] = defender
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
        if any(g.chars(a).flags & _ATTACKER_REQUIREMENTS for a in attackers) or any(_must_block(g, b) for b in mine):
            acts = _obey_requirements(g, attackers, mine, acts)
        if len(acts) == 1 and acts[0].kind == "done":
            t.defender_index += 1
            continue
        g.ask("block", d, f"{g.players[d].name} declares blockers", acts)
        return False
    blocking: list[int] = []
    for bs in cb.blocks.values():
        for b in bs:
            if b not in blocking:
                blocking.append(b)
    for b in blocking:
        triggers.blocks(g, b)
    triggers.blockers_declared(g, cb.blocks, [a for a in cb.attackers if a in g.objects])
    if cb.blocks:
        g.log_event("Blocks: " + ", ".join(
            f"{g.name_of(a)} blocked by {', '.join(g.name_of(b) for b in bs)}"
            for a, bs in cb.blocks.items()))
    return True

def _obey_requirements(g: Game, attackers: list[int], free: list[int], acts: list[Action]) -> list[Action]:
    """CR 509.1c: "All creatures able to block ~ do so" (one requirement for each creature able
    to block the lure attacker), "~ blocks this turn if able" / "blocks each combat if able"
    (one for that creature) and "~ must be blocked this turn if able" (one for that attacker:
    at least one creature blocks it) are requirements; the blocks declared must obey as many as can be
    obeyed without breaking a restriction (menace, "can't be blocked by more than one
    creature"). Only the actions after which that many can still be obeyed stay; "done" only
    once they are."""
    best = _requirements_best(g, attackers, g.combat.blocks, free)
    out: list[Action] = []
    for act in acts:
        if act.kind == "done":
            if _requirements_count(g, attackers, g.combat.blocks) == best:
                out.append(act)
            continue
        b, a = act.payload
        blocks = dict(g.combat.blocks)
        blocks[a] = [*blocks.get(a, []), b]
        if _requirements_best(g, attackers, blocks, [o for o in free if o != b]) == best:
            out.append(act)
    return out


#: an attacker's flags that are requirements on the blocks (CR 509.1c)
_ATTACKER_REQUIREMENTS = frozenset({Flag.LURE, Flag.MUST_BE_BLOCKED})


def _must_block(g: Game, oid: int) -> bool:
    return Flag.MUST_BLOCK in g.chars(oid).flags


def _requirements_count(g: Game, attackers: list[int], blocks: dict[int, list[int]]) -> int:
    lures = sum(len(blocks.get(a, [])) for a in attackers if Flag.LURE in g.chars(a).flags)
    blocking = {b for a in attackers for b in blocks.get(a, [])}
    blocked = sum(1 for a in attackers if blocks.get(a) and Flag.MUST_BE_BLOCKED in g.chars(a).flags)
    return lures + blocked + sum(1 for b in blocking if _must_block(g, b))


def _requirements_best(g: Game, attackers: list[int], blocks: dict[int, list[int]], free: list[int]) -> int:
    """The most requirements a completed declaration can obey from these blocks, each free
    creature blocking one attacker it can block or none; a menace attacker ends with no blocker
    or two or more, one that can't be blocked by more than one creature with at most one (only
    these attackers' numbers of blockers matter for what is legal, and whether one that must be
    blocked is)."""
    lure = [Flag.LURE in g.chars(a).flags for a in attackers]
    kinds = [("menace" in g.chars(a).keywords, Flag.ONE_BLOCKER in g.chars(a).flags) for a in attackers]
    wanted = [Flag.MUST_BE_BLOCKED in g.chars(a).flags for a in attackers]
    watched = [j for j, (menace, one) in enumerate(kinds) if menace or one or wanted[j]]
    slot = {j: k for k, j in enumerate(watched)}
    must = [_must_block(g, b) for b in free]
    opts = [[j for j, a in enumerate(attackers) if can_block(g, b, a) and (lure[j] or must[i] or j in slot)]
            for i, b in enumerate(free)]
    memo: dict[tuple[int, tuple[int, ...]], int] = {}
    NONE = -10_000

    def rec(i: int, counts: tuple[int, ...]) -> int:
        if i == len(free):
            for j, n in zip(watched, counts, strict=True):
                menace, one = kinds[j]
                if (menace and n == 1) or (one and n > 1):
                    return NONE
            return 0
        key = (i, counts)
        if key not in memo:
            r = rec(i + 1, counts)
            for j in opts[i]:
                c2 = counts
                first = False  # the first blocker of an attacker that must be blocked
                if j in slot:
                    k = slot[j]
                    if kinds[j][1] and counts[k] >= 1:
                        continue
                    first = wanted[j] and counts[k] == 0
                    c2 = counts[:k] + (min(counts[k] + 1, 2),) + counts[k + 1:]
                r = max(r, lure[j] + must[i] + first + rec(i + 1, c2))
            memo[key] = r
        return memo[key]

    start = tuple(min(len(blocks.get(attackers[j], [])), 2) for j in watched)
    return _requirements_count(g, attackers, blocks) + rec(0, start)


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
                if b in g.objects and a in g.objects and a in cb.attack_targets and _deals_damage_now(g, b, first):
                    p = g.chars(b).power or 0
                    if p > 0:
                        t.plan.append((b, ("obj", a), p))
        t.to_ask = [a for a in t.queue if a in cb.blocks and (g.chars(a).power or 0) > 0 and
                    any(isinstance(ab, AssignAsUnblocked) for _k, ab, _o in g.chars(a).abilities)]
    while t.to_ask:
        # "You may have ~ assign its combat damage as though it weren't blocked" (CR 510.1c)
        a = t.to_ask[0]
        if t.answer is None:
            who = g.players[cb.attack_targets[a]].name
            g.ask("yes_no", g.objects[a].controller,
                  f"{g.name_of(a)}: assign its combat damage as though it weren't blocked (all to {who})?",
                  [Action("yes", "yes", payload=True), Action("no", "no", payload=False)])
            return False
        if t.answer:
            t.unblocked.append(a)
        t.answer = None
        t.to_ask.pop(0)
    plan = t.plan
    while t.queue or t.split:
        if t.split is None:
            a = t.queue.pop(0)
            power = max(g.chars(a).power or 0, 0)
            if power == 0:
                continue
            to = attacked(g, a)
            if a not in cb.blocks or a in t.unblocked:
                if to is not None:  # CR 510.1a; attacking nothing: no damage (CR 506.4c)
                    plan.append((a, to, power))
                continue
            blockers = [b for b in cb.blocks[a] if b in g.objects and g.objects[b].zone == BATTLEFIELD]
            # CR 702.19b: the excess goes to the player or planeswalker it attacks, if any
            trample = "trample" in g.chars(a).keywords and to is not None
            if not blockers:
                # CR 509.1h / 702.19d: blocked, no blockers left: no damage unless trample
                if trample and to is not None:
                    plan.append((a, to, power))
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
                to = attacked(g, a)
                if sp.trample and sp.all_lethal and to is not None:
                    plan.append((a, to, sp.left))
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
    if g.effects.prevention and not _prevention_chosen(g, t, plan):
        return False
    _deal_combat_damage(g, plan, first)
    return True

def _prevention_chosen(g: Game, t: CombatDamage, plan: list[tuple[int, tuple[str, int], int]]) -> bool:
    """CR 615.7: when two or more sources would deal combat damage at once to a permanent or
    player with a prevention shield that can't prevent all of it, its controller (or the
    player) chooses which damage the shield prevents, 1 at a time; the shield is used as the
    damage is dealt right after (primitives.deal_damage applies what no choice is needed for).
    "Prevent all combat damage" leaves nothing to choose."""
    eff = g.effects
    if eff.prevent_combat_damage:
        return True
    from .replacement import fully_prevented
    ans = t.answer
    t.answer = None
    if ans is not None:
        src, ref, n = plan[ans]
        plan[ans] = (src, ref, n - 1)
        for k, (r, left) in enumerate(eff.prevention):
            if tuple(r) == tuple(ref):
                eff.prevention = eff.prevention[:k] + ([(r, left - 1)] if left > 1 else []) + eff.prevention[k + 1:]
                break
        g.log_event(f"1 damage {g.name_of(src)} would deal to {_ref_name(g, ref)} is prevented")
    refs: dict[tuple[str, int], None] = dict.fromkeys((r[0], r[1]) for _s, r, _n in plan)
    for ref in refs:
        shield = sum(left for r, left in eff.prevention if tuple(r) == ref)
        if not shield:
            continue
        entries = [(i, src) for i, (src, r, n) in enumerate(plan) if tuple(r) == ref and n > 0
                   and src in g.objects and not (ref[0] == "obj" and targets.protected_from(g, ref[1], src))
                   and not fully_prevented(g, src, ref, True)]
        if len({src for _i, src in entries}) < 2 or sum(plan[i][2] for i, _s in entries) <= shield:
            continue
        who = ref[1] if ref[0] == "player" else g.objects[ref[1]].controller
        acts = [Action("choose", f"prevent 1 damage from {g.name_of(src)}", target=g.name_of(src), payload=i)
                for i, src in entries]
        g.ask("choose", who, f"choose the combat damage the shield on {_ref_name(g, ref)} prevents "
              f"({shield} left)", acts)
        return False
    return True

def _ref_name(g: Game, ref: tuple[str, int]) -> str:
    return g.players[ref[1]].name if ref[0] == "player" else g.name_of(ref[1])

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
    """CR 510.2: all combat damage is dealt at once; then what triggered on it (CR 510.3a)."""
    if first:
        g.combat.dealt_first_strike = {src for src, _r, _n in plan}
    dealt: list[tuple[int, tuple[str, int], int]] = []
    batch = primitives.simultaneous_damage(g)  # CR 702.15e: one life gain event per lifelink source
    for src, ref, n in plan:
        if src not in g.objects:
            continue
        c = g.chars(src)
        ctx = Context(g.objects[src].controller, src, c.name)
        done = primitives.deal_damage(g, ctx, ref, n, combat=True)
        if ref[0] == "player" and done:
            on_combat_damage_to_player(g, src, ref[1], done)
        if done:
            dealt.append((src, ref, done))
    if batch:
        primitives.end_simultaneous_damage(g)
    g.combat.damage_dealt = True
    received: dict[int, int] = {}
    sent: dict[int, int] = {}
    for src, ref, n in dealt:
        triggers.damage_dealt(g, src, ref, n, True)
        sent[src] = sent.get(src, 0) + n
        if ref[0] == "obj":
            received[ref[1]] = received.get(ref[1], 0) + n
    for oid, n in sent.items():  # "Whenever ~ deals combat damage": once, however many it hit
        triggers.about(g, oid, triggers.E.COMBAT_DAMAGE, triggers.Event(triggers.E.COMBAT_DAMAGE, object=oid, amount=n))
        triggers.deals_damage(g, oid, n)  # "Whenever ~ deals damage"
    for oid, n in received.items():
        triggers.was_dealt_damage(g, oid, n, None)
        triggers.about(g, oid, triggers.E.DEALT_COMBAT_DAMAGE,
                       triggers.Event(triggers.E.DEALT_COMBAT_DAMAGE, object=oid, amount=n))


def on_combat_damage_to_player(g: Game, src: int, player: int, n: int) -> None:
    """Hook for formats (commander damage, CR 903.10a)."""
    fmt = g.options.format_rules
    if fmt is not None:
        fmt.combat_damage_to_player(g, src, player, n)


def remove_from_combat(g: Game, oid: int) -> None:
    """CR 506.4: a permanent removed from combat stops being an attacking, blocking, blocked or
    unblocked creature. The creatures blocking a removed attacker remain blocking (they deal no
    combat damage); an attacker whose blocker is removed remains blocked (CR 509.1h)."""
    cb = g.combat
    if oid in cb.attack_targets:
        del cb.attack_targets[oid]
        cb.attackers = [a for a in cb.attackers if a != oid]
    for bs in cb.blocks.values():
        if oid in bs:
            bs.remove(oid)
    g.invalidate()


def defending_player(g: Game, oid: int) -> int | None:
    """The "defending player" of an attacking creature's abilities: the player it attacks (or
    the controller of the planeswalker it attacks), or attacked before it was removed from
    combat (CR 508.5); None if it didn't attack this combat."""
    return g.combat.attacked.get(oid)


def attacked_player(g: Game, oid: int) -> int | None:
    """The player the creature `oid` attacks itself (not a planeswalker they control), if any."""
    cb = g.combat
    return None if oid in cb.attacked_planeswalkers else cb.attack_targets.get(oid)

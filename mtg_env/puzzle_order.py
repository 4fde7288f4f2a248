"""Which of P1's actions the puzzle search tries, and in which order (mtg_env/puzzle_search.py).

Where P1 decides the search needs one good action (an OR node), so leaving actions out or
trying them in another order never makes a found line wrong: the line still replays to the goal.
Only the opponent's answers (AND nodes) must all be searched, and they are never filtered here.

`order_moves` is the complete search's order: every action, passing last. `fast_moves` is the
fast phase's: a pruned and ordered subset that reaches the usual lines in far fewer nodes, and
the complete search follows when it finds nothing.

- Mana is made to be spent: with mana floating that P1 made (more than the puzzle's persistent
  mana, CR 106.4), P1 doesn't pass. Mana made and left to empty does nothing, and mana floating
  across a pass could as well have been made after it (only mana abilities with a side effect
  differ: the complete search covers them).
- Larger X first; X = 0 last for a spell and never for an ability (CR 107.3: an effect of
  X = 0 does nothing, but a spell cast at X = 0 still counts as cast, for a cast trigger or a
  counterspell's target; an ability at X = 0 could be activated without end: the complete
  search covers it). A spell whose only X is 0 comes last, an ability whose only X is 0 not at
  all.
- Spells, lands and other abilities before mana abilities, passing last: the search goes deep
  into lines that do something with the mana before it taps more.
- In a quiet step (`quiet_step`: the beginning and end of combat, the combat damage step once
  all combat damage is dealt, the end step) with an empty stack P1 only passes: what it could do
  there it can do as well in the main phase or the combat step next to it (the opponent answers
  the same), and these steps held most of the fast phases' positions (each line tried P1's
  whole set of actions again in each of them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards.abilities import Activated
from .core.actions import Action
from .engine.tasks import Announce

if TYPE_CHECKING:
    from .engine.game import Game


def order_moves(g: Game, actions: list[Action]) -> list[Action]:
    """Every action, passing last (the complete search's order)."""
    return sorted(actions, key=lambda a: a.label == "pass")


def is_mana_ability(g: Game, a: Action) -> bool:
    """Whether `a` activates a mana ability (CR 605.1a)."""
    if a.kind != "activate" or not isinstance(a.payload, tuple) or len(a.payload) < 3:
        return False
    oid, key = a.payload[1], a.payload[2]
    if oid not in g.objects:
        return False
    return any(k == key and isinstance(ab, Activated) and ab.is_mana_ability
               for k, ab, _o in g.chars(oid).abilities)


def casting_spell(g: Game) -> bool:
    """Whether the X asked now is a spell's (CR 107.3: a spell cast at X = 0 still counts as cast,
    for a cast trigger or as a counterspell's target, and it spends the card; an ability at
    X = 0 does nothing and can be activated again and again: Crypt Rats' free {X} stacked
    without end in PP00, so the fast phases never activate one at X = 0)."""
    t = g.tasks[-1] if g.tasks else None
    return isinstance(t, Announce) and t.what == "spell"


def floating(g: Game, p: int) -> bool:
    """Whether player `p` has mana in its pool beyond the puzzle's persistent mana."""
    pool = g.players[p].pool
    keep = sum(pool.persistent) if pool.persistent else 0
    return pool.total > keep


def fast_moves(g: Game, actions: list[Action]) -> list[Action]:
    """P1's actions the fast phase tries, in its order (see the module docstring)."""
    d = g.decision
    if d is None:
        return actions
    if d.kind == "x":
        xs = sorted(actions, key=lambda a: -a.value if isinstance(a.value, int) else 0)
        return xs if casting_spell(g) else [a for a in xs if a.value != 0]
    if d.kind != "priority":
        return actions
    p = next(i for i, pl in enumerate(g.players) if pl.name == d.player)
    no_pass = floating(g, p)
    first: list[Action] = []
    mana: list[Action] = []
    last: list[Action] = []
    for a in actions:
        if a.label == "pass":
            if not no_pass:
                last.append(a)
        elif is_mana_ability(g, a):
            mana.append(a)
        else:
            first.append(a)
    return first + mana + last


#: steps in which the fast phases' P1 acts only in answer to something on the stack
QUIET = frozenset({"beginning_of_combat", "end_of_combat", "end"})


def quiet_step(g: Game) -> bool:
    """Whether it is a quiet step with an empty stack (see the module docstring); the combat
    damage step is quiet once its damage is dealt, unless first-strike damage was (CR 510.4:
    the regular damage step follows)."""
    if g.stack or g.tasks:
        return False
    step = g.turn_state.step
    if step == "combat_damage":
        return g.combat.damage_dealt and not g.combat.first_strike_done
    return step in QUIET

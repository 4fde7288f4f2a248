"""The game option `useful_mana_only`: at priority, a mana ability is offered only while it
matters (docs/extensions.md).

A player may activate a mana ability whenever they have priority (CR 605.3a, 117.1), but mana
that nothing spends empties from the pool at the end of the step (CR 106.4, 500.4: the engine
models no exception), so tapping a land when nothing else can be done changes nothing but the
land's tapped status. With the option on, when the only priority actions besides passing are
*plain* mana abilities, they are dropped, unless one of these holds (each conservative):

- (a) the player could do something else with the mana those abilities would make: a spell or
  ability they could cast or activate by tapping their simple sources first (legality as with
  automatic payment, engine/autopay.py);
- (b) the ability is not plain: its cost is more than {T} or it does more than add mana
  (painlands, sacrifice, counters; `autopay` reads a plain one as a simple source), or its
  source is a creature (tapping a creature changes what it can do in combat, CR 506.4);
- (c) some ability watches mana abilities: a trigger on becoming tapped or untapped (CR 603.2f),
  on a permanent being tapped for mana (CR 106.12a) or on an ability being activated
  (CR 602.2e), or a replacement effect on mana production (CR 106.12b);
- (d) mana would not empty at the end of the step (CR 500.4): never in this engine.

When any other action is legal every mana ability is offered exactly as without the option.
While a cost is being paid nothing changes (CR 605.3a: `legal.mana_ability_actions`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Activated, ManaReplacement
from ..cards.abilities import TriggerEvent as E
from ..core.actions import PASS, Action
from ..core.chars import Chars
from . import autopay, legal, quiet

if TYPE_CHECKING:
    from .game import Game

#: events a trigger may wait for that tapping a permanent for mana causes (CR 603.2f, 106.12a,
#: 602.2e)
WATCHING = (E.BECOMES_TAPPED, E.BECOMES_UNTAPPED, E.TAPPED_FOR_MANA, E.ACTIVATE)


def watched(g: Game) -> bool:
    """(c) Does some ability watch mana abilities being activated or their mana being made?"""
    return bool(g.statics_of(ManaReplacement)) or any(g.triggers_for(e) for e in WATCHING)


def plain(ab: Activated, c: Chars) -> bool:
    """(b) Is this ability of a permanent with characteristics `c` a plain mana ability: cost
    {T}, adds unrestricted mana and nothing else, its source not a creature?"""
    return ab.is_mana_ability and ab.zone == "battlefield" and "Creature" not in c.types and \
        autopay._simple_kind(ab) is not None


def _plain_action(g: Game, a: Action) -> bool:
    if a.kind != "activate" or a.payload[0] != "activate":
        return False
    oid, key = a.payload[1], a.payload[2]
    c = g.chars(oid)
    return any(k == key and isinstance(ab, Activated) and plain(ab, c) for k, ab, _o in c.abilities)


def priority_actions(g: Game, p: int, acts: list[Action] | None = None) -> list[Action]:
    """`legal.priority_actions` with plain mana abilities dropped while they don't matter;
    `acts`: those priority actions if already worked out."""
    if acts is None:
        acts = legal.priority_actions(g, p)
    if len(acts) == 1 or not all(a is PASS or a.kind == "pass" or _plain_action(g, a) for a in acts):
        return acts
    if watched(g) or _more_with_mana(g, p):
        return acts
    return [PASS]


def _more_with_mana(g: Game, p: int) -> bool:
    """(a) Would tapping the player's simple sources let them do anything else? (With automatic
    payment the legal actions already count them.)"""
    if g.options.mana_payment == "auto":
        return False
    if quiet.nothing_possible(g, p, True):
        return False  # no candidate to spend mana on at all (cheap, conservative: engine/quiet.py)
    return any(a.kind != "pass" and not _plain_action(g, a)
               for a in legal.all_actions(g, p, autopay.simple_sources(g, p)))


def free_ability_useful(g: Game, ab: Activated, c: Chars, watched_now: list[Any]) -> bool:
    """Does `only_pass`'s quick check count this activatable ability without a mana cost as
    an action (anything but a plain mana ability, or any while mana abilities are watched)?
    `watched_now`: [] until `watched` is asked, then [its answer]."""
    if not plain(ab, c):
        return True
    if not watched_now:
        watched_now.append(watched(g))
    return bool(watched_now[0])

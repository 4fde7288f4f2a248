"""Moves that pay: a spell cast or an ability activated together with the mana sources tapped
for it, for the puzzle search's first phase (mtg_env/puzzle_search.py).

With manual payment (the puzzles' setting) mana is made before a spell is cast (CR 601.2g: the
player may activate mana abilities before paying), so a search over single actions spends most
of its nodes on which land to tap and when. A *pay move* is one child instead: tap the sources
of one smallest plan that pays the cost (engine/autopay.py `minimal_plans`, one child per
distinct plan: identical sources are one choice) and then take the cast or activate action.
Its line is still the engine's own actions (each mana ability, the color it makes, the cast),
so it replays with `Game.run_line`.

The moves offered at P1's priority in that phase (`pay_children`): every non-mana action legal
now, a pay move for each spell or ability (a mana ability with a mana cost too, like Prophetic
Prism's) that the simple sources could pay for, the other mana abilities (not simple sources:
Ancient Tomb, a mana ability with a mana cost), and passing. A simple source is tapped only as
part of what it pays for: a line that needs mana floated for a later use is left to the next
phases (this one only finds lines; it never refutes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .core.actions import Action
from .core.errors import MtgError
from .core.mana import ManaCost, available_for
from .engine import autopay, casting, costs, legal
from .puzzle_order import is_mana_ability

if TYPE_CHECKING:
    from .engine.game import Game


@dataclass(frozen=True)
class PayMove:
    """Tap `taps` ((ability payload, color or "") in order), then take the action whose payload
    is `final`."""

    taps: tuple[tuple[Any, str], ...]
    final: Any
    label: str


#: at most this many plans (distinct sets of sources) per spell or ability and X
PLANS = 4


def _cost(g: Game, p: int, a: Action) -> tuple[ManaCost, str, int, Any] | None:
    """The mana cost of a cast or activate action, what it is ("spell"/"ability"), its object
    and its Cost (None for an ability), or None when this module doesn't pay for it."""
    pl = a.payload
    if not isinstance(pl, tuple) or len(pl) < 2:
        return None
    if a.kind == "cast":
        oid = pl[1]
        face = None
        if len(pl) > 2 and isinstance(pl[2], int):
            card = g.objects[oid].card
            face = next((f for f in card.faces if f.face_index == pl[2]), None) if card.faces else None
            if face is None:
                return None
        elif len(pl) > 2 and pl[2] is not None:
            return None  # face down (morph) and other special casts
        alt = pl[3] if len(pl) > 3 and isinstance(pl[3], str) else None
        return casting.spell_cost(g, oid, face, alt), "spell", oid, None
    if a.kind == "activate" and len(pl) >= 3:
        ab, _origin = casting.ability_of(g, pl[1], pl[2])
        return ab.cost.mana, "ability", pl[1], ab.cost
    return None


def simple_keys(sources: list[autopay.Source]) -> set[tuple[int, str]]:
    return {(s.oid, s.key) for s in sources}


def pay_children(g: Game, p: int, actions: list[Action]) -> list[Action | PayMove]:
    """P1's moves at priority in the pay phase (see the module docstring), in order: what is
    legal now (not a simple source's mana ability), the pay moves (larger X first), then the
    other mana abilities and passing."""
    sources = autopay.simple_sources(g, p)
    simple = simple_keys(sources)
    now: list[Action | PayMove] = []
    mana: list[Action | PayMove] = []
    #: X = 0 comes last (CR 107.3: it does nothing, unless the casting itself counts: a target
    #: for a counterspell, a "whenever you cast" trigger)
    zero: list[Action | PayMove] = []
    last: list[Action | PayMove] = []
    for a in actions:
        if a.label == "pass":
            last.append(a)
        elif a.kind == "activate" and isinstance(a.payload, tuple) and len(a.payload) >= 3 and \
                (a.payload[1], a.payload[2]) in simple:
            continue
        elif is_mana_ability(g, a):
            mana.append(a)
        elif dead_x(g, p, a):
            if a.kind == "cast":
                zero.append(a)
        else:
            now.append(a)
    have = {a.payload for a in actions}
    pays: list[Action | PayMove] = []
    if sources:
        for a in legal.priority_actions(g, p, sources):
            if a.kind not in ("cast", "activate") or (a.kind == "activate" and len(a.payload) >= 3 and
                                                       (a.payload[1], a.payload[2]) in simple):
                continue
            some, none = _pays(g, p, a, sources, a.payload in have)
            pays += some
            zero += none
    return now + pays + mana + zero + last


def _pays(g: Game, p: int, a: Action, sources: list[autopay.Source],
          legal_now: bool) -> tuple[list[PayMove], list[PayMove]]:
    """The pay moves of `a`: those with X above 0 or without X, and those with X = 0."""
    try:
        got = _cost(g, p, a)
    except MtgError:
        return [], []
    if got is None:
        return [], []
    cost, what, oid, full = got
    if full is not None:
        srcs = costs.auto_sources(g, p, oid, what, full)
    else:
        srcs = sources
    avail = available_for(g.players[p].pool, costs.spend_tags(g, p, what, oid))
    if cost.x_count:
        hi = autopay.max_x_auto(avail, cost, srcs, g.options.x_cap)
        xs = list(range(hi, -1, -1))
    else:
        xs = [0]
    out: list[PayMove] = []
    zero: list[PayMove] = []
    for x in xs:
        plans = autopay.minimal_plans(avail, cost.with_x(x), srcs, limit=PLANS)
        for plan in plans:
            if not plan and (legal_now or x == 0):
                continue  # nothing to tap: the action itself is a child already
            taps = tuple((("activate", s.oid, s.key), typ) for s, typ in plan)
            names = ", ".join(g.name_of(s.oid) for s, _t in plan)
            if cost.x_count and x == 0 and what != "spell":
                continue  # an ability at X = 0 does nothing (mtg_env/puzzle_order.py)
            (zero if cost.x_count and x == 0 else out).append(
                PayMove(taps, a.payload, f"{a.label} (tap {names}{f', X={x}' if cost.x_count else ''})"))
    return out, zero


def dead_x(g: Game, p: int, a: Action) -> bool:
    """Whether `a` has an X in its mana cost that the pool alone pays only as 0 (CR 107.3: the
    fast phases try X = 0 last; the pay moves tap for a larger X)."""
    if a.kind not in ("cast", "activate"):
        return False
    try:
        got = _cost(g, p, a)
    except MtgError:
        return False
    if got is None or not got[0].x_count:
        return False
    cost, what, oid, _full = got
    avail = available_for(g.players[p].pool, costs.spend_tags(g, p, what, oid))
    return autopay.max_x_auto(avail, cost, [], g.options.x_cap) < 1


def apply(g: Game, m: PayMove) -> list[str] | None:
    """Play a pay move out on `g`: the labels of the engine actions taken, or None when one of
    them is not legal (the game is then left part-way and must be dropped)."""
    labels: list[str] = []
    me = g.decision.player if g.decision is not None else None
    for payload, typ in m.taps:
        if not _take(g, payload, labels):
            return None
        while g.decision is not None and g.decision.player == me and g.decision.kind != "priority":
            legal_now = g.legal_actions()
            pick = next((a for a in legal_now if typ and a.label == f"color {typ}"), None)
            if pick is None:
                if len(legal_now) != 1:
                    return None
                pick = legal_now[0]
            labels.append(pick.label)
            g.act(pick)
    if not _take(g, m.final, labels):
        return None
    return labels


def _take(g: Game, payload: Any, labels: list[str]) -> bool:
    if g.decision is None or g.decision.kind != "priority":
        return False
    act = next((a for a in g.legal_actions() if a.payload == payload), None)
    if act is None:
        return False
    labels.append(act.label)
    g.act(act)
    return True

"""Phyrexian mana (CR 107.4f): each {W/P} of a cost is paid either with one mana of its color or
with 2 life. As the total cost is paid (CR 601.2h), the player chooses, symbol by symbol, how
to pay each; a way is offered only when the rest of the cost can still be paid with it (the
pool and, with automatic payment, the simple sources; life: CR 119.4, a player can pay life only
if their life total is at least the payment, all life payments of the cost together). The life
is paid with the cost's other non-mana parts (casting._finish)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.actions import Action
from ..core.mana import ManaCost, available_for, phyrexian_paid, phyrexian_ways

if TYPE_CHECKING:
    from ..cards.costs import Cost
    from .game import Game
    from .tasks import Announce


def life_budget(g: Game, p: int, cost: Cost) -> int:
    """The life `p` may pay for Phyrexian symbols: their life beyond the cost's other life."""
    return g.players[p].life - cost.pay_life


def payable(mana: ManaCost, life: int, pays: Any) -> bool:
    """Can `mana`, Phyrexian symbols included, be paid with at most `life` life, where
    `pays(cost)` says whether a cost without Phyrexian symbols can be paid?"""
    if not mana.phyrexian:
        return bool(pays(mana))
    return any(2 * k <= life and pays(c) for c, k in phyrexian_ways(mana))


def _pays(g: Game, t: Announce, p: int, oid: int, cost: Cost) -> Any:
    from . import altpay, costs, legal
    avail = available_for(g.players[p].pool, costs.spend_tags(g, p, t.what, oid))
    if t.what == "spell" and altpay.keywords_of(g, oid):
        return lambda c: altpay.payable(g, p, oid, avail, c)
    sources = costs.auto_sources(g, p, oid, t.what, cost) if g.options.mana_payment == "auto" else None
    return lambda c: legal.payable(avail, c, sources)


def step(g: Game, t: Announce, due: ManaCost, p: int, oid: int, cost: Cost) -> ManaCost | None:
    """The cost with its Phyrexian symbols paid as chosen; None while the player chooses."""
    ans = t.answer
    if isinstance(ans, tuple) and ans and ans[0] == "phyrexian":
        t.answer = None
        t.phyrexian.append(bool(ans[1]))
    budget = life_budget(g, p, cost)
    pays = _pays(g, t, p, oid, cost)
    colors = [a for a, b in due.hybrid if b == "P"]
    while len(t.phyrexian) < due.phyrexian:
        chosen = tuple(t.phyrexian)
        spent = 2 * sum(chosen)
        color = colors[len(chosen)]
        # symbols of one color are alike: those paid with life come first, so that each
        # outcome is one sequence of choices
        mana_before = any(not life and c == color for life, c in zip(chosen, colors, strict=False))
        opts = [life for life in (False, True) if not (life and (mana_before or spent + 2 > budget))
                and _completable(due, chosen + (life,), colors, budget, pays)]
        if not opts:  # cannot happen when the action was legal
            opts = [False]
        if len(opts) == 1:
            t.phyrexian.append(opts[0])
            continue
        acts = [Action("choose", f"pay 2 life for {{{color}/P}}" if life else f"pay {{{color}}} for {{{color}/P}}",
                       payload=("phyrexian", life)) for life in opts]
        g.ask("choose", p, f"choose how to pay {{{color}/P}} of {g.name_of(oid)}", acts)
        return None
    return phyrexian_paid(due, tuple(t.phyrexian))


def _canonical(full: tuple[bool, ...], colors: list[str]) -> bool:
    """No symbol paid with life after one of its color paid with mana (see `step`)."""
    paid_mana: set[str] = set()
    for life, c in zip(full, colors, strict=True):
        if life and c in paid_mana:
            return False
        if not life:
            paid_mana.add(c)
    return True


def _completable(due: ManaCost, chosen: tuple[bool, ...], colors: list[str], budget: int, pays: Any) -> bool:
    """Can the choices so far be completed into a payment (of at most `budget` life)?"""
    left = len(colors) - len(chosen)
    for bits in range(1 << left):
        full = chosen + tuple(bool(bits >> i & 1) for i in range(left))
        if _canonical(full, colors) and 2 * sum(full) <= budget and pays(phyrexian_paid(due, full)):
            return True
    return False


def pay_life(g: Game, t: Announce, p: int) -> None:
    """The 2 life of each Phyrexian symbol paid with life (CR 107.4f, 119.4)."""
    n = 2 * sum(t.phyrexian)
    if n:
        g.players[p].life -= n
        g.sba_dirty = True
        from .primitives import lost_life
        lost_life(g, p, n)  # CR 119.4
        g.log_event(f"{g.players[p].name} pays {n} life for Phyrexian mana")

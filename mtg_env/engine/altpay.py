"""Paying a spell's mana with permanents and cards instead of mana: convoke (CR 702.51: tap an
untapped creature you control to pay {1} or one mana of that creature's color), improvise (CR
702.126: tap an untapped artifact you control to pay {1}) and delve (CR 702.66: exile a card
from your graveyard to pay {1}).

While the spell's mana is paid (CR 601.2g-h), before the pool pays the rest, the player chooses
one object at a time; each choice is offered only when the rest can still be paid, and "pay the
rest with mana" only when the pool and the mana sources can pay it. An object is tapped (or
exiled) as it is chosen. For the legal actions, these objects are sources of one mana each
(autopay.Source), beside the mana sources.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.actions import Action
from ..core.mana import TYPE_INDEX, TYPES, ManaCost, can_pay
from ..core.objects import EXILE
from . import autopay, triggers, zones
from .autopay import Source

if TYPE_CHECKING:
    from ..cards.carddef import CardDef
    from .game import Game
    from .tasks import Announce

KEYWORDS = ("convoke", "improvise", "delve")

#: a generic payment: shown as {1}; in the search, "C" mana that only pays generic (cards with
#: these keywords and {C} in their cost are not compiled)
GENERIC = "1"


def keywords_of(g: Game, oid: int, card: CardDef | None = None) -> tuple[str, ...]:
    """The spell's convoke, improvise and delve (`card`: the face or half to be cast, if not
    yet chosen)."""
    kws = (g.objects[oid].card if card is None else card).keywords
    return tuple(k for k in KEYWORDS if k in kws)


def candidates(g: Game, p: int, oid: int, kws: tuple[str, ...], used: list[int]) -> list[tuple[str, int, str]]:
    """(keyword, object, the colors it may pay) for each object that may pay now."""
    out: list[tuple[str, int, str]] = []
    for o in g.battlefield:
        obj = g.objects[o]
        if obj.controller != p or obj.tapped or o in used or o == oid:
            continue
        c = g.chars(o)
        if "convoke" in kws and "Creature" in c.types:
            out.append(("convoke", o, "".join(t for t in TYPES[:5] if t in c.colors)))
        elif "improvise" in kws and "Artifact" in c.types:
            out.append(("improvise", o, ""))
    if "delve" in kws:
        out += [("delve", o, "") for o in g.players[p].graveyard if o not in used and o != oid]
    return out


def _sources(g: Game, p: int, cands: list[tuple[str, int, str]], mana: list[Source] | None) -> list[Source]:
    """The mana sources and the candidates as one-mana sources. A creature or artifact that is
    both is one source: one mana of any type either way gives (a source of more than one mana
    is left as it is: its mana pays as much as the keyword would)."""
    by_oid = {s.oid: s for s in mana or []}
    out = [s for s in mana or [] if s.oid not in {o for _k, o, _c in cands}]
    for kw, o, colors in cands:
        opts = colors + "C"
        s = by_oid.get(o)
        if s is not None:
            n = sum(s.fixed) if s.fixed is not None else s.amount
            if n > 1:
                out.append(s)
                continue
            made = "".join(TYPES[i] for i, k in enumerate(s.fixed) if k) if s.fixed is not None else s.options
            opts = "".join(t for t in TYPES if t in opts + made)
        out.append(Source(o, kw, f"{kw} {g.name_of(o)} {opts}" if kw != "delve" else "delve", None, 1, opts))
    return out


def payable(g: Game, p: int, oid: int, avail: list[int], due: ManaCost, used: list[int] | None = None,
            card: CardDef | None = None) -> bool:
    """Can `due` be paid with the pool, the mana sources (automatic payment) and the objects
    the keywords of `oid` (or of `card`, the face to be cast) let pay?"""
    kws = keywords_of(g, oid, card)
    mana = autopay.simple_sources(g, p) if g.options.mana_payment == "auto" else None
    if mana is not None and used:
        mana = [s for s in mana if s.oid not in used]
    srcs = _sources(g, p, candidates(g, p, oid, kws, used or []), mana)
    return can_pay(avail, due) or autopay.can_pay_with_sources(avail, due, srcs)


def max_x(g: Game, p: int, oid: int, avail: list[int], cost: ManaCost, cap: int) -> int:
    kws = keywords_of(g, oid)
    mana = autopay.simple_sources(g, p) if g.options.mana_payment == "auto" else None
    srcs = _sources(g, p, candidates(g, p, oid, kws, []), mana)
    return autopay.max_x_auto(avail, cost, srcs, cap)


def pay(due: ManaCost, sym: str) -> ManaCost:
    """`due` with one mana paid: a colored requirement, or {1} of the generic part."""
    typed = list(due.typed)
    generic = due.generic
    if sym == GENERIC:
        generic -= 1
    else:
        typed[TYPE_INDEX[sym]] -= 1
    return ManaCost(generic, tuple(typed), due.hybrid, due.x_count,  # type: ignore[arg-type]
                    text_of(generic, typed, due.hybrid, due.x_count))


def text_of(generic: int, typed: Any, hybrid: Any, x_count: int = 0) -> str:
    """How a mana cost is written ({X}{2}{U}{U}), for prompts."""
    text = "{X}" * x_count + (f"{{{generic}}}" if generic else "")
    text += "".join("{" + TYPES[i] + "}" for i, n in enumerate(typed) for _ in range(n))
    return text + "".join(f"{{{a}/{b}}}" for a, b in hybrid)


def remaining(due: ManaCost, paid: list[tuple[int, str]]) -> ManaCost:
    for _o, sym in paid:
        due = pay(due, sym)
    return due


def step(g: Game, t: Announce, due: ManaCost, p: int, oid: int) -> bool:
    """The choices of objects to pay with (see the module docstring). Returns True when done
    (the rest is paid with mana), False while asking."""
    kws = keywords_of(g, oid)
    if not kws or t.alt_done:
        return True
    from ..core.mana import available_for
    from .costs import spend_tags
    ans = t.answer
    if isinstance(ans, tuple) and ans and ans[0] == "alt":
        t.answer = None
        _kw, o, sym = ans[1], ans[2], ans[3]
        _apply(g, p, _kw, o)
        t.alt_paid.append((o, sym))
    elif ans == "alt_done":
        t.answer = None
        t.alt_done = True
        return True
    left = remaining(due, t.alt_paid)
    if left.generic == 0 and not any(left.typed) and not left.hybrid:
        t.alt_done = True
        return True
    avail = available_for(g.players[p].pool, spend_tags(g, p, "spell", oid))
    used = [o for o, _s in t.alt_paid]
    acts: list[Action] = []
    cands = candidates(g, p, oid, kws, used)
    names = [g.name_of(o) for _k, o, _c in cands]
    for kw, o, colors in cands:
        syms = [c for c in colors if left.typed[TYPE_INDEX[c]] > 0]
        if left.generic > 0:
            syms.append(GENERIC)
        for sym in syms:
            if payable(g, p, oid, avail, pay(left, sym), used + [o]):
                name = g.name_of(o)
                if names.count(name) > 1:  # interface.md §2: the object's id tells them apart
                    name += f"#{o}"
                what = f"exile {name}" if kw == "delve" else f"tap {name}"
                acts.append(Action("choose", f"{kw}: {what} to pay {{{sym}}}", target=g.name_of(o),
                                   payload=("alt", kw, o, sym)))
    mana = autopay.simple_sources(g, p) if g.options.mana_payment == "auto" else None
    if mana is not None:
        mana = [s for s in mana if s.oid not in used]
    if can_pay(avail, left) or (mana is not None and autopay.can_pay_with_sources(avail, left, mana)):
        if not acts:
            t.alt_done = True
            return True
        acts.append(Action("choose", f"pay the rest ({left}) with mana", payload="alt_done"))
    g.ask("choose", p, f"{', '.join(kws)}: choose what pays {left} of {g.name_of(oid)}", acts)
    return False


def _apply(g: Game, p: int, kw: str, o: int) -> None:
    if kw == "delve":
        g.log_event(f"{g.players[p].name} exiles {g.name_of(o)} (delve)")
        zones.move_to_zone(g, o, EXILE)
        return
    g.writable(o).tapped = True
    g.log_event(f"{g.players[p].name} taps {g.name_of(o)} ({kw})")
    triggers.becomes_tapped(g, o)


_ = Any

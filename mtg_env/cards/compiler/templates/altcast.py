"""Alternative and additional ways to cast (CR 118.9, 601.2b): evoke (CR 702.74), dash
(CR 702.109), and split second (CR 702.61). The engine's side is engine/altcast.py."""

from __future__ import annotations

from typing import Any

from ....core.modifications import AddKeywords
from ...abilities import THIS, Activated, Keyword, Static, Triggered, TriggerEvent
from ...altcast import DASHED, EVOKED, AlternativeCost
from ...effects import SacrificeIt
from ..builder import Builder
from ..grammar import NoParse, rule
from ..lexicon import engine_keyword
from ..text import Line

engine_keyword("split second")


def _single_faced(b: Builder, line: Line) -> None:
    """The engine offers alternative costs for cards with one face only."""
    card = b.card
    if getattr(card, "layout", None) != "normal":  # an OracleFace (a face of several) has none
        raise NoParse(line.text)


@rule("keyword", "Evoke <cost:mana>")
def evoke(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.74a: "You may cast this spell by paying [cost] rather than paying its mana cost"
    and "When this permanent enters, if its evoke cost was paid, its controller sacrifices
    it." (an intervening "if", CR 603.4; the enters abilities of the card trigger too and its
    controller orders them, CR 603.3b)."""
    from ....core.mana import parse_mana_cost
    _single_faced(b, line)
    return [AlternativeCost(text=line.raw, keyword="evoke", cost=parse_mana_cost(cost)),
            Triggered(text=line.raw, event=TriggerEvent.ENTERS, subject=THIS, condition=EVOKED,
                      effects=(SacrificeIt(),))]




@rule("keyword", "Dash <cost:mana>")
def dash(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.109a: "You may cast this spell by paying [cost] rather than paying its mana
    cost", "If this spell's dash cost was paid, return the permanent this spell becomes to its
    owner's hand at the beginning of the next end step" (a delayed triggered ability created as
    it enters, engine/altcast.py) and "As long as this permanent's dash cost was paid, it has
    haste" (layer 6)."""
    from ....core.mana import parse_mana_cost
    _single_faced(b, line)
    return [AlternativeCost(text=line.raw, keyword="dash", cost=parse_mana_cost(cost)),
            Static(text=line.raw, affects=THIS & DASHED, modification=AddKeywords(("haste",)))]


@rule("keyword", "Cascade")
def cascade(b: Builder, line: Line) -> list[Any]:
    """CR 702.85a: "When you cast this spell, exile cards from the top of your library until you
    exile a nonland card whose mana value is less than this spell's mana value. You may cast
    that card without paying its mana cost if the resulting spell's mana value is less than
    this spell's mana value. Then put all cards exiled this way that weren't cast on the bottom
    of your library in a random order." Each instance triggers (CR 702.85c). Not a keyword
    other abilities may grant here (only the printed instances trigger, engine/altcast.py)."""
    return [Keyword(text=line.raw, names=("cascade",))]


@rule("keyword", "Storm")
def storm(b: Builder, line: Line) -> list[Any]:
    """CR 702.40a: "When you cast this spell, copy it for each other spell that was cast before
    it this turn. If the spell has any targets, you may choose new targets for any of the
    copies." Each instance triggers (CR 702.40b)."""
    return [Keyword(text=line.raw, names=("storm",))]


@rule("keyword", "Madness <cost:mana>")
def madness(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.35a: "If a player would discard this card, that player discards it, but exiles it
    instead of putting it into their graveyard" and "When this card is exiled this way, its
    owner may cast it by paying [cost] rather than paying its mana cost. If that player
    doesn't, they put this card into their graveyard." (engine/altcast.py; the alternative cost
    is offered only as that ability resolves). With X in the madness cost (Welcome to the Fold's
    {X}{U}{U}), X is announced as the spell is cast (CR 107.3a, 601.2b)."""
    from ....core.mana import parse_mana_cost
    _single_faced(b, line)
    mana = parse_mana_cost(cost)
    return [AlternativeCost(text=line.raw, keyword="madness", cost=mana)]


@rule("keyword", "Unearth <cost:mana>")
def unearth(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.84a: "[Cost]: Return this card from your graveyard to the battlefield. It gains
    haste. Exile it at the beginning of the next end step. If it would leave the battlefield,
    exile it instead of putting it anywhere else. Activate only as a sorcery." (an activated
    ability of the card in the graveyard, CR 113.6m; it uses the stack)."""
    from ....core.mana import parse_mana_cost
    from ....core.objects import GRAVEYARD
    from ...costs import Cost
    from ...effects.altcast import Unearth
    card = b.card
    if getattr(card, "layout", None) != "normal" or "Aura" in getattr(card, "type_line", ""):
        raise NoParse(line.text)
    return [Activated(text=line.raw, keyword="unearth", zone=GRAVEYARD, sorcery_speed=True, effects=(Unearth(),),
                      cost=Cost(mana=parse_mana_cost(cost)))]


@rule("keyword", "Suspend <n:n>—<cost:mana>")
def suspend(b: Builder, n: int, cost: str, line: Line) -> list[Any]:
    """CR 702.62a: "If you could begin to cast this card by putting it onto the stack from your
    hand, you may pay [cost] and exile it with N time counters on it. This action doesn't use
    the stack" (a special action, CR 116.2f: offered as "activate ~: Suspend N—[cost]"),
    "At the beginning of your upkeep, if this card is suspended, remove a time counter from
    it" and "When the last time counter is removed from this card, if it's exiled, you may
    play it without paying its mana cost if able. If you don't, it remains exiled. If you cast a
    creature spell this way, it gains haste until you lose control of the spell or the
    permanent it becomes." (engine/altcast.py). Suspend with an X cost is not read."""
    from ....core.mana import parse_mana_cost
    from ...altcast import SUSPEND_HASTE
    from ...costs import Cost
    from ...effects.altcast import SuspendIt
    _single_faced(b, line)
    mana = parse_mana_cost(cost)
    if mana.x_count or n < 1 or "Land" in b.card.type_line:
        raise NoParse(line.text)
    out: list[Any] = [Activated(text=line.raw, keyword="suspend", zone="hand", effects=(SuspendIt(n),),
                                cost=Cost(mana=mana))]
    if "Creature" in b.card.type_line:
        out.append(Static(text=line.raw, affects=THIS & SUSPEND_HASTE, modification=AddKeywords(("haste",))))
    return out


@rule("keyword", "Rebound")
def rebound(b: Builder, line: Line) -> list[Any]:
    """CR 702.88a: "If this spell was cast from your hand, instead of putting it into your
    graveyard as it resolves, exile it and, at the beginning of your next upkeep, you may cast
    this card from exile without paying its mana cost." (instants and sorceries only)."""
    _single_faced(b, line)
    if not any(t in b.card.type_line for t in ("Instant", "Sorcery")):
        raise NoParse(line.text)
    return [Keyword(text=line.raw, names=("rebound",))]

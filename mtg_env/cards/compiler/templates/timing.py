"""When abilities happen: triggers at the beginning of another player's step (CR 503.1a,
513.1a), "is put into a graveyard from the battlefield" (CR 603.6c, 603.10a), and the
activation restrictions of CR 602.5b ("Activate only during your upkeep", "Activate only
during your turn", "... before attackers are declared")."""

from __future__ import annotations

from typing import Any

from ....core.filters import OPPONENT, Filter
from ...abilities import TriggerEvent
from .. import lines
from ..grammar import NoParse, kind, rule

E = TriggerEvent

# CR 602.5b: restrictions on when an activated ability may be activated (engine/legal.py
# `timing_allows`). Read by lines.activated with the others ("Activate only as a sorcery").
lines._RESTRICTIONS.update({
    "activate only during your upkeep": ("timing", "your_upkeep"),
    "activate only during your turn": ("timing", "your_turn"),
    "activate only during your turn, before attackers are declared": ("timing", "your_turn_before_attackers"),
})

_STEPS = {"upkeep": E.UPKEEP, "end step": E.END_STEP, "draw step": E.DRAW_STEP}


@kind("players_step")
def _players_step(text: str) -> TriggerEvent:
    return _STEPS[text.lower()]


@rule("trigger", "At the beginning of each player's <step:players_step>")
def each_players_step(b: Any, step: TriggerEvent) -> dict[str, Any]:
    """CR 503.1a, 504.2, 513.1a: "At the beginning of each player's upkeep": every player's
    (the active player is "that player")."""
    return {"event": step, "actor": None}


@rule("trigger", "At the beginning of each opponent's <step:players_step>")
def each_opponents_step(b: Any, step: TriggerEvent) -> dict[str, Any]:
    """"At the beginning of each opponent's upkeep": the step of a turn of an opponent of the
    ability's controller (CR 102.2)."""
    return {"event": step, "actor": OPPONENT}


@rule("trigger", "When <s:self> is put into a graveyard from the battlefield",
      "Whenever <s:self> is put into a graveyard from the battlefield")
def put_into_graveyard(b: Any, s: str) -> dict[str, Any]:
    """CR 603.6c, 603.10a: a leaves-the-battlefield ability of the permanent itself, creature
    or not (it looks back in time)."""
    return {"event": E.PUT_INTO_GRAVEYARD}


@kind("gy_permanents")
def _gy_permanents(text: str) -> Filter:
    from .triggers import _permanents
    return _permanents(text)


@rule("trigger", "Whenever <what:gy_permanents> is put into a graveyard from the battlefield")
def another_put_into_graveyard(b: Any, what: Filter) -> dict[str, Any]:
    """"Whenever an artifact is put into a graveyard from the battlefield" (CR 603.10a: judged
    as it last existed on the battlefield)."""
    return {"event": E.PUT_INTO_GRAVEYARD, "subject": what}


_ = NoParse


@rule("effect", "Draw <n:amount> card(s|) at the beginning of the next turn's upkeep",
      "<who:player> (draw|draws) <n:amount> card(s|) at the beginning of the next turn's upkeep")
def draw_next_upkeep(b: Any, n: Any, who: Any = None) -> list[Any]:
    """CR 603.7a: a delayed triggered ability, created as the spell or ability resolves,
    that triggers at the beginning of the next turn's upkeep (its controller draws, or the
    target player, fixed as it is created)."""
    from ...effects.delayed import DrawAtNextUpkeep
    from ...subjects import CONTROLLER
    if who is not None and who.kind not in ("you", "target"):
        raise NoParse("draws at the beginning of the next turn's upkeep")
    player = CONTROLLER if who is None else b.player(who)
    cards = "a card" if n == 1 else f"{n} cards"
    text = f"Draw {cards}." if player is CONTROLLER else f"Target player draws {cards}."
    return [DrawAtNextUpkeep(n, player, text)]

"""Object predicates about this combat and this turn: "defending player controls" (CR 508.5),
"attacks you", "attacks enchanted player", "that entered the battlefield this turn". Like
core/filters.py, they ask only the game they are given (its combat, turn facts and the
engine's `defending_player`, `attacked_player` and `enchanted_player`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .filters import ObjectPredicate

if TYPE_CHECKING:
    from .chars import Chars
    from .objects import GameObject


@dataclass(frozen=True, slots=True)
class DefendingControls(ObjectPredicate):
    """"defending player controls" in an ability of an attacking creature (the source): the
    player it attacks or attacked this combat (CR 508.5; `defending_player` of the game). The
    compiler reads it only in such abilities (templates/permanents.py)."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        if source is None:
            return False
        d = g.defending_player(source)
        return d is not None and o.controller == d

    def __str__(self) -> str:
        return "defending player controls"


@dataclass(frozen=True, slots=True)
class AttacksYou(ObjectPredicate):
    """"<a creature> attacks you or a planeswalker you control": an attacking creature whose
    defending player (CR 508.5) is `you`; `player_only`: attacking you, not a planeswalker."""

    player_only: bool = False

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        combat = g.combat
        if combat.attack_targets.get(o.id) != you:
            return False
        return not (self.player_only and o.id in combat.attacked_planeswalkers)

    def __str__(self) -> str:
        return "attacking you" if self.player_only else "attacking you or a planeswalker you control"


@dataclass(frozen=True, slots=True)
class AttacksEnchantedPlayer(ObjectPredicate):
    """"<a creature> attacks enchanted player": a creature attacking the player the source (a
    Curse) enchants, not a planeswalker they control."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        if source is None:
            return False
        p = g.enchanted_player(source)
        return p is not None and g.attacked_player(o.id) == p

    def __str__(self) -> str:
        return "attacking enchanted player"


@dataclass(frozen=True, slots=True)
class EnteredThisTurn(ObjectPredicate):
    """"<permanent> that entered the battlefield this turn": the same object entered this turn
    (one that left and came back is a new object, CR 400.7); the engine records the entries
    in `TurnState.facts["entered"]` (engine/zones.py)."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return o.id in (g.turn_state.facts.get("entered") or ())

    def __str__(self) -> str:
        return "that entered the battlefield this turn"

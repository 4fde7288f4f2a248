"""What happened this turn, as conditions and filters (the engine records the facts in
`TurnState.facts`, engine/triggers.py and engine/primitives.py):

- raid: "if you attacked this turn" (the player declared one or more attackers, CR 508.1);
- revolt: "if a permanent you controlled left the battlefield this turn" (CR 603.6c);
- morbid: "if a creature died this turn" (any creature, any player's: CR 700.4);
- "a creature dealt damage by ~ this turn" (damage dealt, CR 120.3; prevented damage isn't);
- the number of the spell a player casts this turn ("your second spell each turn") and of the
  card a player draws ("your second card each turn").

Each of these can only become true during a turn, never false again, so an intervening "if"
(CR 603.4) that is true as the ability triggers is still true as it resolves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.filters import Filter, ObjectPredicate

if TYPE_CHECKING:
    from ..core.chars import Chars
    from ..core.objects import GameObject, StackItem


def facts(g: Any, key: str) -> list[Any]:
    return g.turn_state.facts.get(key) or []


@dataclass(frozen=True, slots=True)
class TurnFact(Filter):
    """"you attacked this turn" (`key` "attacked") / "a permanent you controlled left the
    battlefield this turn" ("left"): the same whatever it is asked about."""

    key: str

    def _holds(self, you: int, g: Any) -> bool:
        return you in facts(g, self.key)

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return self._holds(you, g)

    def player(self, g: Any, p: int, you: int) -> bool:
        return self._holds(you, g)

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        return self._holds(you, g)

    def __str__(self) -> str:
        return {"attacked": "you attacked this turn",
                "left": "a permanent you controlled left the battlefield this turn"}[self.key]


ATTACKED = TurnFact("attacked")
REVOLT = TurnFact("left")


@dataclass(frozen=True, slots=True)
class CreatureDied(Filter):
    """Morbid: "a creature died this turn" (put into a graveyard from the battlefield, CR
    700.4; a token too, whoever controlled it): the same whatever it is asked about."""

    def _holds(self, g: Any) -> bool:
        return bool(facts(g, "died"))

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return self._holds(g)

    def player(self, g: Any, p: int, you: int) -> bool:
        return self._holds(g)

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        return self._holds(g)

    def __str__(self) -> str:
        return "a creature died this turn"


MORBID = CreatureDied()


@dataclass(frozen=True, slots=True)
class DealtDamageByThis(ObjectPredicate):
    """"a creature dealt damage by ~ this turn": the permanent was dealt damage this turn by the
    source (the same object: one that left the battlefield and came back is a new one, CR
    400.7)."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return source is not None and (o.id, source) in facts(g, "damaged")

    def __str__(self) -> str:
        return "dealt damage by this this turn"


@dataclass(frozen=True, slots=True)
class NthSpellThisTurn(Filter):
    """"your second spell each turn": the spell is the `n`th its controller cast this turn
    (copies aren't cast, CR 707.12); `opponents_turn`: "your first spell during each opponent's
    turn" (counted in that turn only)."""

    n: int
    opponents_turn: bool = False

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        if s.kind != "spell":
            return False
        if self.opponents_turn and g.turn_state.active == s.controller:
            return False
        turn = g.turn
        k = sum(1 for t, p, _name in g.stats.casts if t == turn and p == s.controller)
        return k == self.n

    def domain(self) -> frozenset[str] | None:
        return frozenset({"stack"})

    def __str__(self) -> str:
        return f"spell number {self.n} this turn"


@dataclass(frozen=True, slots=True)
class NthDrawThisTurn(Filter):
    """"your second card each turn": the card the player just drew is the `n`th they drew this
    turn (CR 121.2: one card at a time)."""

    n: int

    def player(self, g: Any, p: int, you: int) -> bool:
        return list(facts(g, "draws")).count(p) == self.n

    def __str__(self) -> str:
        return f"card number {self.n} drawn this turn"

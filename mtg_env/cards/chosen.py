"""The vocabulary of "as enters" choices and player rules (CR 614.12, 402.2, 702.131): what uses
a permanent's chosen color or creature type, "You have no maximum hand size", the city's
blessing.

The choice itself is `abilities.AsEntersChoose` (the engine asks it, engine/chosen.py, and the
permanent remembers it as `chosen_color` / `chosen_type`); the noun phrases "of the chosen
color" / "of the chosen type" are the filters `core.filters.ChosenColor` / `ChosenType`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.filters import Filter, chosen_value
from ..core.mana import TYPES
from ..core.modifications import Layer
from .abilities import LayerStatic, Own, StaticAbility
from .defining import StaticCondition
from .effects.mana import AddManaChoice, ManaChoice

if TYPE_CHECKING:
    from ..core.chars import Chars
    from ..core.objects import Context, GameObject
    from .protocol import GameOps


@dataclass(frozen=True)
class AddFixedOrChosen(AddManaChoice):
    """Thriving lands: "Add {G} or one mana of the chosen color." (the chosen color, when one
    was chosen, CR 614.12; else only {G})."""

    fixed: str = "G"
    choices: str = ManaChoice.CHOSEN_COLOR

    def options(self, g: GameOps, ctx: Context, seen: frozenset[int]) -> list[str]:
        got = {self.fixed, *super().options(g, ctx, seen)}
        return [t for t in TYPES if t in got]


@dataclass(frozen=True)
class IsChosenType(LayerStatic):
    """Adaptive Automaton: "~ is the chosen type in addition to its other types." (CR 613.1d,
    205.1b); nothing when no type was chosen."""

    @property
    def layer(self) -> Layer:
        return Layer.TYPE

    def apply(self, g: GameOps, chars: dict[int, Chars], own: Own, source: int) -> None:
        kind = chosen_value(g, source, "chosen_type")
        if kind is None or source not in chars or kind in chars[source].subtypes:
            return
        c = own(source)
        if c is not None:
            c.subtypes = c.subtypes + (kind,)


@dataclass(frozen=True)
class NoMaxHandSize(StaticAbility):
    """"You have no maximum hand size." (CR 402.2): its controller doesn't discard in their
    cleanup step (CR 514.1) while they control it."""


@dataclass(frozen=True)
class HandSizeChange(StaticAbility):
    """"Your maximum hand size is increased by N." / "Each opponent's maximum hand size is
    reduced by seven." (CR 402.2): changes the maximum hand size of its controller (`opponents`
    False) or of each of their opponents while it is on the battlefield. Changes add up, so
    their order doesn't matter; a hand size below zero discards the whole hand (CR 514.1)."""

    delta: int = 0
    opponents: bool = False


# --------------------------------------------------------------------------------------------
# the city's blessing (CR 702.131)


@dataclass(frozen=True)
class HasCityBlessing(Filter):
    """"if you have the city's blessing" (an intervening "if", CR 603.4): the player the
    ability is relative to has it (CR 702.131c)."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return bool(g.players[you].blessed)

    def player(self, g: Any, p: int, you: int) -> bool:
        return bool(g.players[you].blessed)

    def __str__(self) -> str:
        return "you have the city's blessing"


@dataclass(frozen=True)
class BlessingCondition(StaticCondition):
    """"as long as you have the city's blessing" / "Activate only if you have the city's
    blessing": the source's controller has it."""

    def holds(self, g: GameOps, chars: dict[int, Chars] | None, source: int) -> bool:
        return bool(g.players[g.objects[source].controller].blessed)


@dataclass(frozen=True)
class EnchantedIsCopy(StaticAbility):
    """An Aura's "Enchanted creature is a copy of the chosen creature." (Metamorphic
    Alteration; CR 707.2, 613.2a): a copy effect in layer 1, with the Aura's timestamp (CR
    613.7a), of the copiable values the Aura remembered as it entered (`chosen_copy`,
    engine/chosen.py), on the creature the Aura is attached to (engine/copies.copy_effect)."""

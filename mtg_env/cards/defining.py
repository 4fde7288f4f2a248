"""Characteristic-defining abilities of power and toughness (CR 604.3, 613.4a): "~'s power and
toughness are each equal to the number of creatures you control", "~'s power is equal to the
number of cards in your hand" (the printed */* or */N of the card).

A `DefinePT` applies in layer 7a on the battlefield (engine/layers.py) and, because a
characteristic-defining ability functions in every zone (CR 604.3), also wherever else the card
is (engine/layers.outside_chars). What it counts (`Tally`) is judged relative to the card's
controller (its owner outside the battlefield, CR 108.4a) and the card itself.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.filters import Filter
from ..core.modifications import Layer
from .abilities import LayerStatic, Own, Static

if TYPE_CHECKING:
    from ..core.chars import Chars
    from .protocol import GameOps


@dataclass(frozen=True, slots=True)
class Tally:
    """"the number of <what>": permanents on the battlefield a filter matches (`zone`
    "battlefield"), or cards in a zone ("hand", "graveyard", "library") of the controller
    (`whose` "you") or of every player (`whose` "all"), optionally only those `what` matches
    (None: every card), judged by their printed characteristics (the compiler declines
    filters on power or toughness, which another card's characteristic-defining ability
    could change)."""

    zone: str
    what: Filter | None = None
    whose: str = "you"

    def count(self, g: GameOps, chars: dict[int, Chars] | None, source: int) -> int:
        """The number now; `chars` are the characteristics the layer system has computed so
        far (None outside it)."""
        you = g.objects[source].controller
        if self.zone == "battlefield":
            assert self.what is not None
            if chars is None:
                return sum(1 for o in g.battlefield if g.matches(self.what, o, you, source))
            return sum(1 for o, c in chars.items() if self.what.obj(g, g.objects[o], c, you, source))
        players = [g.players[you]] if self.whose == "you" else list(g.players)
        n = 0
        for p in players:
            for oid in getattr(p, self.zone):
                if self.what is None:
                    n += 1
                else:
                    obj = g.objects[oid]
                    n += bool(self.what.obj(g, obj, g.printed_chars(obj.card), you, source))
        return n


@dataclass(frozen=True)
class DefinePT(LayerStatic):
    """CR 604.3, 613.4a: the power (`power`), the toughness (`toughness`) or both of its own
    card are the number `tally` counts."""

    tally: Tally = Tally("hand")
    power: bool = True
    toughness: bool = True

    @property
    def layer(self) -> Layer:
        return Layer.PT_DEFINING

    def define(self, g: GameOps, chars: dict[int, Chars] | None, c: Chars, source: int) -> None:
        n = self.tally.count(g, chars, source)
        if self.power:
            c.power = n
        if self.toughness:
            c.toughness = n

    def apply(self, g: GameOps, chars: dict[int, Chars], own: Own, source: int) -> None:
        c = own(source)
        if c is not None:
            self.define(g, chars, c, source)


# --------------------------------------------------------------------------------------------
# static abilities with a condition ("as long as", CR 604.1, 611.3a)


@dataclass(frozen=True, slots=True)
class StaticCondition:
    """"as long as <condition>" of a static ability: the number `tally` counts is at least
    `at_least` (or, with `none`, zero), or (`attacking`) the source is an attacking creature.
    Judged in the layer system with the characteristics computed so far: the compiler reads
    only conditions that the layers before the ability's own have settled (types and colors
    of permanents, cards in zones, combat)."""

    tally: Tally | None = None
    at_least: int = 1
    none: bool = False
    attacking: bool = False

    def holds(self, g: GameOps, chars: dict[int, Chars] | None, source: int) -> bool:
        if self.attacking:
            return g.is_attacking(source)
        assert self.tally is not None
        n = self.tally.count(g, chars, source)
        return n == 0 if self.none else n >= self.at_least


@dataclass(frozen=True)
class ConditionalStatic(Static):
    """"~ gets +1/+1 as long as you control an artifact.", "As long as seven or more cards are
    in your graveyard, ~ gets +2/+2.": a `Static` that applies only while `condition` holds
    (checked whenever the characteristics are computed, CR 611.3a)."""

    condition: StaticCondition = StaticCondition()

    def apply(self, g: GameOps, chars: dict[int, Chars], own: Own, source: int) -> None:
        if self.condition.holds(g, chars, source):
            Static.apply(self, g, chars, own, source)


@dataclass(frozen=True)
class ScaledStatic(Static):
    """"~ gets +1/+1 for each artifact you control.": `modification` (a +N/+N, layer 7c)
    applied once for each thing `tally` counts (CR 613.4c)."""

    tally: Tally = Tally("hand")

    def apply(self, g: GameOps, chars: dict[int, Chars], own: Own, source: int) -> None:
        from ..core.modifications import ModifyPT
        mod = self.modification
        assert isinstance(mod, ModifyPT)
        n = self.tally.count(g, chars, source)
        if n:
            Static.apply(dataclasses.replace(self, modification=ModifyPT(mod.power * n, mod.toughness * n)),
                         g, chars, own, source)


@dataclass(frozen=True)
class ScaledByOthers(ScaledStatic):
    """"Each legendary creature you control gets +1/+1 for each other legendary creature you
    control.": the permanents affected are those `tally` counts, so each counts the others:
    the tally less one (CR 613.4c)."""

    def apply(self, g: GameOps, chars: dict[int, Chars], own: Own, source: int) -> None:
        from ..core.modifications import ModifyPT
        mod = self.modification
        assert isinstance(mod, ModifyPT)
        n = self.tally.count(g, chars, source) - 1
        if n > 0:
            Static.apply(dataclasses.replace(self, modification=ModifyPT(mod.power * n, mod.toughness * n)),
                         g, chars, own, source)


@dataclass(frozen=True, slots=True)
class Unless:
    """"unless <condition>": holds while `condition` doesn't ("~ can't block unless you control
    another Wolf or Werewolf": the restriction applies while you control none)."""

    condition: StaticCondition

    def holds(self, g: GameOps, chars: dict[int, Chars] | None, source: int) -> bool:
        return not self.condition.holds(g, chars, source)

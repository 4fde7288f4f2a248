"""Mana (CR 106): adding fixed mana, mana of a chosen type, doubling the pool."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar

from ...core.mana import COLORS, TYPES, split_symbols
from ..subjects import CONTROLLER, Amount, Who, amount_of, player_of
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


def _counts(mana: str) -> list[int]:
    counts = [0] * 6
    for sym in split_symbols(mana):
        counts[TYPES.index(sym)] += 1
    return counts


@dataclass(frozen=True)
class AddMana(Effect):
    """Add fixed mana: `AddMana("{C}{C}{C}")` (CR 106.3). `restriction` marks it (CR 106.6);
    `recipient` adds it (Wild Growth: "its controller adds", the player who tapped the land)."""

    mana: str
    restriction: str | None = None
    recipient: Who = CONTROLLER
    adds_mana: ClassVar[bool] = True

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        return g.produce_mana(ctx, _counts(self.mana), self.restriction, step,
                              player=player_of(self.recipient, g, ctx))

    def could_produce(self, g: GameOps, ctx: Context, seen: frozenset[int]) -> set[str]:
        return set(split_symbols(self.mana))


class ManaChoice(StrEnum):
    """The types an "Add one mana of ..." effect lets its controller choose from."""

    ANY_COLOR = "any_color"
    #: "in your commander's color identity" (none outside Commander: undefined, CR 106.5)
    COMMANDER_IDENTITY = "commander_identity"
    #: "of any type that a land you control could produce" (Reflecting Pool, CR 106.7)
    LANDS_YOU_COULD_PRODUCE = "lands_you_could_produce"
    #: "of any color that a land an opponent controls could produce" (Exotic Orchard)
    OPPONENTS_LANDS_COLORS = "opponents_lands_colors"
    #: "of any type that land produced" (Mana Flare)
    PRODUCED_TYPE = "produced_type"
    #: "of the chosen color" (Utopia Sprawl)
    CHOSEN_COLOR = "chosen_color"


@dataclass(frozen=True)
class AddManaChoice(Effect):
    """Add `amount` mana of one type chosen on resolution, from `choices`: a ManaChoice, or a
    string of types such as "BG"."""

    choices: str = ManaChoice.ANY_COLOR
    amount: Amount = 1
    restriction: str | None = None
    recipient: Who = CONTROLLER
    adds_mana: ClassVar[bool] = True

    def options(self, g: GameOps, ctx: Context, seen: frozenset[int]) -> list[str]:
        ch = self.choices
        if ch == ManaChoice.ANY_COLOR:
            return list(COLORS)
        if ch == ManaChoice.COMMANDER_IDENTITY:
            return g.commander_identity(ctx.controller)
        if ch == ManaChoice.LANDS_YOU_COULD_PRODUCE:
            return g.lands_could_produce(ctx.controller, False, seen, colors_only=False)
        if ch == ManaChoice.OPPONENTS_LANDS_COLORS:
            return g.lands_could_produce(ctx.controller, True, seen, colors_only=True)
        if ch == ManaChoice.PRODUCED_TYPE:
            counts = (ctx.event.counts if ctx.event is not None else None) or [0] * 6
            return [t for t, n in zip(TYPES, counts, strict=True) if n]
        if ch == ManaChoice.CHOSEN_COLOR:
            c = g.chosen_color(ctx)
            return [c] if c else []
        return [c for c in TYPES if c in ch]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        amount = amount_of(self.amount, g, ctx)
        seen = frozenset() if ctx.source_id is None else frozenset({ctx.source_id})
        opts = self.options(g, ctx, seen)
        if not opts or amount <= 0:
            return None  # CR 106.5: an undefined type of mana produces no mana
        who = player_of(self.recipient, g, ctx)
        choice = ctx.answers.get(step)
        if choice is None:
            if len(opts) == 1:
                choice = opts[0]
            else:
                what = "color" if all(o in COLORS for o in opts) else "type"
                return Ask("color", who, tuple(opts), tuple(f"color {c}" for c in opts),
                           f"{ctx.source_name}: choose a {what} of mana to add ({amount})")
        counts = [0] * 6
        counts[TYPES.index(choice)] = amount
        return g.produce_mana(ctx, counts, self.restriction, step, player=who)

    def could_produce(self, g: GameOps, ctx: Context, seen: frozenset[int]) -> set[str]:
        if amount_of(self.amount, g, ctx) <= 0:
            return set()
        return set(self.options(g, ctx, seen))


@dataclass(frozen=True)
class DoubleMana(Effect):
    """Doubling Cube: "Double the amount of each type of unspent mana you have." The added mana
    has no restriction, even where the mana counted had one (Gatherer ruling 2004-12-01)."""

    adds_mana: ClassVar[bool] = True

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        g.produce_mana(ctx, g.players[ctx.controller].pool.total_counts())
        return None

    def could_produce(self, g: GameOps, ctx: Context, seen: frozenset[int]) -> set[str]:
        counts = g.players[ctx.controller].pool.total_counts()
        return {t for t, n in zip(TYPES, counts, strict=True) if n}

"""Auras that enchant a player (CR 303.4, 702.5: "Enchant player", the Curses): the player the
Aura enchants (`ENCHANTED_PLAYER`), and "Each opponent attacking that player does the same."
(templates/permanents.py). The engine remembers the player in the Aura's `info`
(engine/resolution.py) and puts the Aura into its owner's graveyard once that player has left
the game (CR 704.5m)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..subjects import Who
from .base import Ask, Effect, run_effects

if TYPE_CHECKING:
    from ...core.objects import Context, Ref
    from ..protocol import GameOps


@dataclass(frozen=True, slots=True)
class EnchantedPlayer(Who):
    """"enchanted player": the player the ability's source (a Curse) enchants."""

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        p = g.enchanted_player(ctx.source_id) if ctx.source_id is not None else None
        return [] if p is None else [("player", p)]


ENCHANTED_PLAYER = EnchantedPlayer()


@dataclass(frozen=True)
class AttackersDoTheSame(Effect):
    """"Each opponent attacking that player does the same." (Curse of Opulence): `effects`,
    which the ability's controller did ("create a Gold token", "you draw a card"), done again by
    each of that controller's opponents who controls a creature attacking the enchanted player
    (CR 508.5), in turn order (CR 101.4). The compiler gives it only effects that ask nothing."""

    effects: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        p = g.enchanted_player(ctx.source_id) if ctx.source_id is not None else None
        if p is None:
            return None
        attackers = {g.objects[o].controller for o in g.battlefield if g.attacked_player(o) == p}
        for q in g.apnap():
            if q in attackers and q in g.opponents(ctx.controller):
                sub = ctx.clone()
                sub.controller = q
                got = run_effects(self.effects, g, sub, step)
                assert got is None  # effects that ask nothing (compiler)
        return None

"""Auras that enchant a player (CR 303.4, 702.5: "Enchant player", the Curses): the player the
Aura enchants (`ENCHANTED_PLAYER`), and "Each opponent attacking that player does the same."
(templates/permanents.py). The engine remembers the player in the Aura's `info`
(engine/resolution.py) and puts the Aura into its owner's graveyard once that player has left
the game (CR 704.5m)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.filters import Filter
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


@dataclass(frozen=True)
class PlayersSacrifice(Effect):
    """"Each player sacrifices a creature." / "Target opponent sacrifices a land." (CR
    701.21a): each player `who` names, in turn order (CR 101.4), chooses a permanent they
    control that `what` matches (if they control any); then all of them are sacrificed at the
    same time."""

    what: Filter
    phrase: str
    who: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import BATTLEFIELD
        order = {q: i for i, q in enumerate(g.apnap())}
        players = sorted({r[1] for r in self.who.refs(g, ctx) if r[0] == "player"}, key=lambda q: order.get(q, 99))
        chosen: list[int] = []
        for i, q in enumerate(players):
            key = step * 100 + i
            ans = ctx.answers.get(key)
            if ans is None:
                mine = [o for o in g.battlefield if g.objects[o].controller == q and o not in chosen
                        and g.matches(self.what, o, q, ctx.source_id)]
                if not mine:
                    ctx.answers[key] = "none"
                    continue
                return Ask("choose", q, tuple(mine), tuple(f"sacrifice {g.name_of(o)}" for o in mine),
                           f"{ctx.source_name}: sacrifice {self.phrase}", key=key,
                           targets=tuple(g.name_of(o) for o in mine))
            if ans != "none":
                chosen.append(int(ans))
        live = [o for o in chosen if o in g.objects and g.objects[o].zone == BATTLEFIELD]
        began = len(live) > 1 and g.leave_together(True)
        for o in live:
            g.log_event(f"{g.players[g.objects[o].controller].name} sacrifices {g.name_of(o)} ({ctx.source_name})")
            g.sacrifice(o)
        if began:
            g.leave_together(False)
        return None


@dataclass(frozen=True)
class DrawOne(Effect):
    """"you may draw a card. If you do, ..." (CR 121.1): its controller draws a card; it is
    done only if their library had a card to draw (CR 609.3, 121.3)."""

    def can_do(self, g: GameOps, ctx: Context) -> bool:
        return bool(g.players[ctx.controller].library)

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        g.draw(ctx.controller, 1)
        return None

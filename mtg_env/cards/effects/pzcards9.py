"""Effects for the Forge puzzles' cards (issue 15, session 9; templates/pzcards9.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.filters import Controls
from ...core.objects import GRAVEYARD
from ..subjects import Count
from .base import Ask, Effect, choose_card, run_effects, sub_step

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class RecheckAnother(Effect):
    """The effects of a triggered ability with the intervening "if you control another Elf"
    (CR 603.4): judged again as it resolves, "another" meaning other than the ability's source
    (the object it was; if that has left the battlefield, every permanent of yours is another:
    Gatherer rulings on Dwynen's Elite and Dominator Drone only ask for "another" as it
    resolves)."""

    condition: Controls
    effects: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = sub_step(step, 996)
        if key not in ctx.answers:
            ctx.answers[key] = self.condition._holds(g, ctx.controller, ctx.source_id)
        return run_effects(self.effects, g, ctx, step) if ctx.answers[key] else None


@dataclass(frozen=True, slots=True)
class SourceLastPower(Count):
    """"equal to its power" (or toughness) in a permanent's own "When ~ dies" ability: the
    source as it last existed on the battlefield (CR 608.2h, 113.7a; Gatherer ruling on Mortis
    Dogs); a negative value gives 0 (CR 107.1b)."""

    toughness: bool = False

    def value(self, g: GameOps, ctx: Context) -> int:
        c = None if ctx.source_id is None else g.last_known(ctx.source_id)
        if c is None:
            return 0
        return max(0, (c.toughness if self.toughness else c.power) or 0)


def _exiled_of_opponents(g: GameOps, ctx: Context) -> list[int]:
    return [o for p, pl in enumerate(g.players) if p != ctx.controller for o in pl.exile]


@dataclass(frozen=True)
class ProcessExiled(Effect):
    """The processors' "put a card an opponent owns from exile into that player's graveyard"
    (Ruin Processor, Mind Raker, Murk Strider): the controller chooses any card an opponent
    owns in exile (not only one exiled with ingest: Gatherer ruling 2015-08-25), which goes to
    its owner's graveyard. Face-down cards in exile (chosen by group and at random, same
    ruling) don't arise in this engine: a permanent turns face up as it leaves the battlefield
    (CR 708.9) and nothing exiles a card face down."""

    def can_do(self, g: GameOps, ctx: Context) -> bool:
        return bool(_exiled_of_opponents(g, ctx))

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        cands = _exiled_of_opponents(g, ctx)
        assert not any((g.objects[o].info or {}).get("face_down") for o in cands), "a face-down card in exile"
        got = choose_card(g, ctx, step, cands, "put", None, "put a card an opponent owns from exile into their graveyard")
        if isinstance(got, Ask) or got is None:
            return got
        g.log_event(f"{g.name_of(got)} is put into its owner's graveyard from exile ({ctx.source_name})")
        g.move_to_zone(got, GRAVEYARD)
        return None


@dataclass(frozen=True)
class EachPlayerReanimates(Effect):
    """Exhume: "Each player puts a creature card from their graveyard onto the battlefield."
    Each player in APNAP order chooses one of the creature cards in their graveyard (CR 101.4;
    none to choose from, nothing), then all the chosen cards enter at the same time, each under
    the control of the player who put it there (CR 110.2a)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        chosen: list[tuple[int, int]] = []
        for i, p in enumerate(g.apnap()):
            key = step * 100 + i
            cands = [o for o in g.players[p].graveyard if "Creature" in g.chars(o).types]
            if not cands:
                continue
            if key not in ctx.answers:
                if len(cands) == 1:
                    ctx.answers[key] = cands[0]
                else:
                    return Ask("choose", p, tuple(cands),
                               tuple(f"put {g.name_of(o)} onto the battlefield" for o in cands),
                               f"{ctx.source_name}: choose a creature card in your graveyard", key=key,
                               targets=tuple(g.name_of(o) for o in cands))
            chosen.append((int(ctx.answers[key]), p))
        cards = [(o, p) for o, p in chosen if o in g.objects and g.objects[o].zone == GRAVEYARD]
        got = g.enter_battlefield(ctx, -(step * 1_000) - 500, cards)
        return got if isinstance(got, Ask) else None

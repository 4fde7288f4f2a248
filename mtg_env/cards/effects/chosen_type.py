"""A creature type chosen as a spell or ability resolves (CR 205.3m, 608.2d): "Choose a creature
type. Destroy all creatures that aren't of the chosen type." (Kindred Dominance), "Choose a
creature type. Reveal the top card of your library. If that card is a creature card of the
chosen type, put it into your hand. Otherwise, put it into your graveyard." (Bloodline Shaman).

The type is asked in two questions (its first letter, then the type, as engine/chosen.py does
for "as enters" choices) and kept in `ctx.answers[CHOSEN_TYPE_KEY]` for the effects after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.filters import Filter
from ...core.objects import BATTLEFIELD, GRAVEYARD, HAND
from ...core.subtypes import CREATURE_TYPES
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps

CHOSEN_TYPE_KEY = -112_700
_TYPES = sorted(CREATURE_TYPES)
_LETTERS = sorted({t[0] for t in _TYPES})


@dataclass(frozen=True)
class ChooseCreatureType(Effect):
    """"Choose a creature type.": the ability's controller chooses one (any of the creature
    types, CR 205.3m): first its letter, then the type."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        if CHOSEN_TYPE_KEY in ctx.answers:
            return None
        p = ctx.controller
        letter = ctx.answers.get(step)
        if letter is None:
            return Ask("choose", p, tuple(_LETTERS), tuple(f"creature types {c}..." for c in _LETTERS),
                       f"{ctx.source_name}: choose a creature type (its first letter)")
        got = ctx.answers.get(step * 100 + 1)
        if got is None:
            types = [t for t in _TYPES if t[0] == letter]
            return Ask("choose", p, tuple(types), tuple(f"choose {t}" for t in types),
                       f"{ctx.source_name}: choose a creature type", key=step * 100 + 1)
        ctx.answers[CHOSEN_TYPE_KEY] = got
        g.log_event(f"{g.players[p].name} chooses {got} ({ctx.source_name})")
        return None


@dataclass(frozen=True)
class DestroyNotOfChosenType(Effect):
    """"Destroy all creatures that aren't of the chosen type." (at the same time, CR 701.8;
    a creature of that type, changelings included, stays)"""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        t = ctx.answers.get(CHOSEN_TYPE_KEY)
        doomed = [o for o in g.battlefield
                  if "Creature" in (c := g.chars(o)).types and t not in c.subtypes]
        began = len(doomed) > 1 and g.leave_together(True)
        for o in doomed:
            g.destroy(o)
        if began:
            g.leave_together(False)
        return None


@dataclass(frozen=True)
class RevealTopByChosenType(Effect):
    """"Reveal the top card of your library. If that card is a creature card of the chosen
    type, put it into your hand. Otherwise, put it into your graveyard." (CR 701.20a)"""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        lib = g.players[ctx.controller].library
        if not lib:
            return None
        o = lib[0]
        t = ctx.answers.get(CHOSEN_TYPE_KEY)
        c = g.chars(o)
        g.log_event(f"{g.players[ctx.controller].name} reveals {g.name_of(o)} ({ctx.source_name})")
        g.move_to_zone(o, HAND if "Creature" in c.types and t in c.subtypes else GRAVEYARD)
        return None


_ = BATTLEFIELD


@dataclass(frozen=True, slots=True)
class CountersOnSource:
    """"there are four or more page counters on ~" (a state trigger's state, CR 603.8)."""

    kind: str
    at_least: int

    def holds(self, g: GameOps, chars: object, source: int) -> bool:
        o = g.objects.get(source)
        return o is not None and o.zone == BATTLEFIELD and o.counters.get(self.kind, 0) >= self.at_least


@dataclass(frozen=True)
class ThenIfDone(Effect):
    """"Exile it. If you do, you gain 4 life.": `then` only if `first` could be done (its
    object was still there, CR 608.2c)."""

    first: Effect
    then: tuple[Effect, ...] = ()

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from .base import run_effects
        done_key = step * 100 + 99
        if done_key not in ctx.answers:
            can = getattr(self.first, "can_do", None)
            ok = bool(can(g, ctx)) if can is not None else False
            ctx.answers[done_key] = ok
            if ok:
                got = self.first.resolve(g, ctx, step * 100)
                assert got is None  # a first effect that asks nothing (compiler)
        if not ctx.answers[done_key]:
            return None
        return run_effects(self.then, g, ctx, step)


@dataclass(frozen=True)
class RevealTop(Effect):
    """"Reveal the top card of your library. If it's a land card, put it onto the battlefield.
    Otherwise, put that card into your hand." (CR 701.20a): the top card revealed; if `what`
    matches it, it goes to `to` ("battlefield", "hand", "graveyard"; `may`: if its controller
    chooses), else to `otherwise` (None: it stays on top; `otherwise_may`)."""

    what: Filter
    phrase: str
    to: str
    may: bool = False
    otherwise: str | None = None
    otherwise_may: bool = False
    tapped: bool = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        p = ctx.controller
        key = step * 100 + 10
        o = ctx.answers.get(key)
        if o is None:
            lib = g.players[p].library
            if not lib:
                return None
            o = ctx.answers[key] = lib[0]
            g.log_event(f"{g.players[p].name} reveals {g.name_of(o)} ({ctx.source_name})")
        if o not in g.objects or g.objects[o].zone != "library":
            return None
        hit = g.matches(self.what, o, p, ctx.source_id)
        dest, may = (self.to, self.may) if hit else (self.otherwise, self.otherwise_may)
        if dest is None:
            return None
        if may:
            yes = ctx.answers.get(step * 100 + 11)
            if yes is None:
                where = {"battlefield": "onto the battlefield", "hand": "into your hand",
                         "graveyard": "into your graveyard"}[dest]
                return Ask("yes_no", p, (True, False), ("yes", "no"),
                           f"{ctx.source_name}: put {g.name_of(o)} {where}?", key=step * 100 + 11)
            if not yes:
                return None
        if dest == "battlefield":
            info = g.as_enters(ctx, step * 100 + 12, g.objects[o].card, p)
            if isinstance(info, Ask):
                return info
            g.move_to_zone(o, BATTLEFIELD, controller=p, tapped=self.tapped, info=info)
        else:
            g.move_to_zone(o, HAND if dest == "hand" else GRAVEYARD)
        return None

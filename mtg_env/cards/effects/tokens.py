"""Creating tokens an effect defines (CR 111.1-111.4, 111.10), copies of permanents as tokens
(CR 707.2), populate (CR 701.36) and amass (CR 701.47)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ...core.modifications import Layer, Modification
from ...core.objects import BATTLEFIELD
from ..subjects import CONTROLLER, Amount, Count, Who, amount_of
from ..tokens import TokenSpec, token_card
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.chars import Chars
    from ...core.objects import Context, Ref
    from ..protocol import GameOps


#: where the effects that create tokens record them, in `ctx.answers` (for `CREATED`)
CREATED_KEY = -111_000


def _record(ctx: Context, oids: list[int]) -> None:
    ctx.answers[CREATED_KEY] = tuple(oids)


@dataclass(frozen=True, slots=True)
class Created(Who):
    """"it", "that token", "them" after "create ...": the tokens the ability's last token
    effect created, while they are on the battlefield ("Create a 1/1 ... token. It gains haste
    until end of turn.")."""

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        return [("obj", o) for o in ctx.answers.get(CREATED_KEY, ())
                if o in g.objects and g.objects[o].zone == BATTLEFIELD]


CREATED = Created()


@dataclass(frozen=True)
class CreateTokens(Effect):
    """"Create two 1/1 white Soldier creature tokens (that are tapped and attacking)": `amount`
    tokens of `spec` (cards/tokens.py), created by each player `who` names (CR 111.2: its
    creator owns and controls it). `tapped`: they enter tapped. `attacking`: they enter
    attacking (CR 508.4) a player their controller chooses among the defending players, if it
    is the attacking player in combat; else they enter but aren't attacking (CR 506.3b). They
    were never declared as attackers: no attack triggers."""

    spec: TokenSpec
    amount: Amount = 1
    who: Who = CONTROLLER
    tapped: bool = False
    attacking: bool = False
    #: an X/X token: its power and toughness are the X paid (CR 107.3), fixed as it is created
    x_pt: bool = False
    #: the tokens join those the effect before created ("create A, B, and C. They ..."), for
    #: `CREATED`, instead of replacing them
    add_to_created: bool = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        spec = self.spec
        if self.x_pt:
            spec = dataclasses.replace(spec, power=ctx.x, toughness=ctx.x)
        card = token_card(spec)
        n = amount_of(self.amount, g, ctx)
        players = [r[1] for r in self.who.refs(g, ctx) if r[0] == "player"]
        defenders: list[int | None] = [None] * n
        if self.attacking and len(players) == 1:
            choices = g.attack_choices(players[0])
            for i in range(n):
                if len(choices) == 1:
                    defenders[i] = choices[0]
                elif choices:  # each token's controller chooses whom it attacks (CR 508.4)
                    key = step * 100 + i
                    if key not in ctx.answers:
                        names = tuple(g.players[p].name for p in choices)
                        return Ask("choose", players[0], tuple(choices), tuple(f"attack {nm}" for nm in names),
                                   f"{ctx.source_name}: token {i + 1} of {n} attacks which player?",
                                   key=key, targets=names)
                    defenders[i] = ctx.answers[key]
        made: list[int] = []
        for p in players:
            for i in range(n):
                oid = g.create_token(p, card, tapped=self.tapped)
                made.append(oid)
                d = defenders[i]
                if d is not None:
                    g.enter_attacking(oid, d)
        _record(ctx, [*ctx.answers.get(CREATED_KEY, ()), *made] if self.add_to_created else made)
        return None


@dataclass(frozen=True)
class CreateTokenCopy(Effect):
    """"Create a token that's a copy of target creature you control" (CR 707.2, 111.1): the
    controller creates `amount` tokens, each a copy of the permanent `what` names (its copiable
    values only). None if it is gone (CR 608.2b)."""

    what: Who
    amount: Amount = 1

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        refs = [r[1] for r in self.what.refs(g, ctx) if r[0] == "obj"]
        if len(refs) != 1:
            return None
        return _copies(g, ctx, step, refs[0], amount_of(self.amount, g, ctx))


def _copies(g: GameOps, ctx: Context, step: int, oid: int, n: int) -> Ask | None:
    """`n` token copies of `oid`, each made once (progress in `ctx.answers`), each "as
    enters" choice asked as it is created."""
    done_key = step * 100 + 99
    if done_key not in ctx.answers:
        _record(ctx, [])
    for i in range(ctx.answers.get(done_key, 0), n):
        got = g.create_token_copy_of(ctx, step * 100 + i, ctx.controller, oid)
        if isinstance(got, Ask):
            return got
        ctx.answers[done_key] = i + 1
        if got is not None:
            _record(ctx, [*ctx.answers[CREATED_KEY], got])
    return None


@dataclass(frozen=True)
class Populate(Effect):
    """CR 701.36a: choose a creature token you control and create a token that's a copy of it;
    with none, nothing is created (CR 701.36b)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = step * 100 + 98
        chosen = ctx.answers.get(key)
        if chosen is None:
            tokens = [o for o in g.battlefield if g.objects[o].token and g.objects[o].controller == ctx.controller
                      and "Creature" in g.chars(o).types]
            if not tokens:
                return None
            names = tuple(g.name_of(o) for o in tokens)
            return Ask("choose", ctx.controller, tuple(tokens), tuple(f"populate {nm}" for nm in names),
                       f"{ctx.source_name}: choose a creature token to copy", key=key, targets=names)
        if chosen not in g.objects:
            return None
        return _copies(g, ctx, step, chosen, 1)


@dataclass(frozen=True, slots=True)
class AddSubtypes(Modification):
    """"it becomes a Zombie in addition to its other types" (CR 613.1d, 205.1b)."""

    subtypes: tuple[str, ...]
    layer: ClassVar[Layer] = Layer.TYPE

    def apply(self, c: Chars, key: str, origin: str | None) -> None:
        c.subtypes = c.subtypes + tuple(s for s in self.subtypes if s not in c.subtypes)


ARMY = {"Zombie": TokenSpec("Zombie Army Token", "Creature — Zombie Army", "B", 0, 0)}


@dataclass(frozen=True)
class Amass(Effect):
    """CR 701.47a: "amass [subtype] N": if you control no Army creature, create a 0/0 black
    [subtype] Army creature token; choose an Army creature you control; put N +1/+1 counters
    on it; if it isn't a [subtype], it becomes one in addition to its other types (for good,
    CR 611.2a). Old "amass N" is "amass Zombies N" (CR 701.47d)."""

    amount: Amount
    subtype: str = "Zombie"

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = step * 100 + 97
        me = ctx.controller
        chosen = ctx.answers.get(key)
        if chosen is None:
            armies = [o for o in g.battlefield if g.objects[o].controller == me
                      and "Creature" in g.chars(o).types and "Army" in g.chars(o).subtypes]
            if not armies:
                armies = [g.create_token(me, token_card(ARMY[self.subtype]))]
            if len(armies) > 1:
                names = tuple(g.name_of(o) for o in armies)
                return Ask("choose", me, tuple(armies), tuple(f"amass onto {nm}" for nm in names),
                           f"{ctx.source_name}: choose an Army you control", key=key, targets=names)
            chosen = armies[0]
        if chosen not in g.objects:
            return None
        n = amount_of(self.amount, g, ctx)
        if n > 0:
            g.add_counters(chosen, "+1/+1", n)
        if self.subtype not in g.chars(chosen).subtypes:
            g.add_for_good(chosen, AddSubtypes((self.subtype,)))
        return None


@dataclass(frozen=True)
class AttachSourceTo(Effect):
    """"create a 1/1 white Soldier creature token, then attach ~ to it" (an Equipment, CR
    301.5): the source, if still on the battlefield, becomes attached to it."""

    to: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        refs = [r[1] for r in self.to.refs(g, ctx) if r[0] == "obj"]
        src = ctx.source_id
        if len(refs) == 1 and src is not None and src in g.objects and g.objects[src].zone == BATTLEFIELD:
            g.attach(src, refs[0])
        return None


#: where `NotingController` notes the controller, in `ctx.answers` (for `NOTED_CONTROLLER`)
NOTED_KEY = -111_001


@dataclass(frozen=True)
class NotingController(Effect):
    """`effect`, acting on `what`, with the controller of `what` noted first: "Destroy target
    permanent. Its controller creates a 3/3 green Beast creature token." (Beast Within): the
    player who controlled it as it last existed (CR 113.7a), even if it is gone by then."""

    what: Who
    effect: Effect

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        if NOTED_KEY not in ctx.answers:
            noted: int | None = None
            for kind, ident in self.what.refs(g, ctx):
                if kind == "obj" and ident in g.objects:
                    noted = g.objects[ident].controller
                elif kind == "stack":
                    noted = next((s.controller for s in g.stack if s.id == ident), None)
            ctx.answers[NOTED_KEY] = noted
        return self.effect.resolve(g, ctx, step)


@dataclass(frozen=True, slots=True)
class NotedController(Who):
    """The player `NotingController` noted ("its controller"), if any."""

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        p = ctx.answers.get(NOTED_KEY)
        return [] if p is None else [("player", p)]


NOTED_CONTROLLER = NotedController()


@dataclass(frozen=True, slots=True)
class OpponentsCount(Count):
    """"equal to the number of opponents you have": the opponents still in the game."""

    def value(self, g: GameOps, ctx: Context) -> int:
        return len(g.opponents(ctx.controller))


@dataclass(frozen=True, slots=True)
class SourcePower(Count):
    """"equal to ~'s power": the source's power as the effect resolves, or as it last existed
    on the battlefield if it has left (CR 113.7a, 608.2h)."""

    def value(self, g: GameOps, ctx: Context) -> int:
        c = g.last_known(ctx.source_id) if ctx.source_id is not None else None
        return max(0, c.power or 0) if c is not None else 0

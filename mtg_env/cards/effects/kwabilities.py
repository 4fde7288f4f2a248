"""Effects, subjects and filters of the keyword abilities of session 5
(templates/kwabilities.py): a player sacrificing permanents of their choice (CR 701.21a),
"defending player" of an attack or block trigger (CR 506.2), a sacrificed or dead card put onto
the battlefield (It That Betrays; Marchesa's delayed return; an Aura attached as CR 303.4f
says), proliferate, encore's token copies, ward's "that spell or ability", extort's drain,
fabricate, mentor's "with lesser power", evolve, ninjutsu's entering attacker, blitz's
sacrifice, riot's haste, training, ingest, bolster and adapt."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.filters import Filter, parse_filter
from ...core.objects import BATTLEFIELD, GRAVEYARD
from ..abilities import Keyword, TargetSpec
from ..subjects import Who
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context, Ref
    from ..protocol import GameOps


@dataclass(frozen=True, slots=True)
class DefendingPlayer(Who):
    """"defending player" of an attack trigger: the player the creature attacks, or the
    controller of the planeswalker it attacks (CR 506.2, 508.1b), as it was declared (the
    event's defender)."""

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        d = ctx.event.defender if ctx.event is not None else None
        return [] if d is None else [("player", d)]


DEFENDING_PLAYER = DefendingPlayer()


@dataclass(frozen=True, slots=True)
class SacrificedCard(Who):
    """"that card" of a sacrifice or dies trigger: the card the permanent became in the
    graveyard, while it is there (CR 400.7)."""

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        new_id = ctx.event.new_id if ctx.event is not None else None
        if new_id is None or new_id not in g.objects or g.objects[new_id].zone != GRAVEYARD:
            return []
        return [("obj", new_id)]


SACRIFICED_CARD = SacrificedCard()


@dataclass(frozen=True)
class SacrificePermanents(Effect):
    """"<player> sacrifices N <permanents>" (CR 701.21a): each player `who` names, in APNAP
    order (CR 101.4), chooses N permanents they control that `what` matches (all of them when
    they control N or fewer: no choice), then every chosen permanent is sacrificed."""

    who: Who
    amount: int = 1
    what: str = "permanent"
    filter: Filter = dataclasses.field(default=None, compare=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.filter is None:
            object.__setattr__(self, "filter", parse_filter(self.what))

    def can_do(self, g: GameOps, ctx: Context) -> bool:
        """Each player named controls at least N such permanents (CR 609.3: "If you do")."""
        players = [r[1] for r in self.who.refs(g, ctx) if r[0] == "player"]
        return bool(players) and all(
            sum(1 for o in g.battlefield if g.objects[o].controller == p
                and g.matches(self.filter, o, p, ctx.source_id)) >= self.amount for p in players)

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        named = {r[1] for r in self.who.refs(g, ctx) if r[0] == "player"}
        everyone: list[int] = []
        for pi, p in enumerate(q for q in g.apnap() if q in named):
            key = step * 100 + pi * 10
            chosen = [ctx.answers[key + i] for i in range(self.amount) if key + i in ctx.answers]
            cands = [o for o in g.battlefield if g.objects[o].controller == p and o not in chosen
                     and g.matches(self.filter, o, p, ctx.source_id)]
            if len(chosen) < self.amount and cands:
                if len(cands) <= self.amount - len(chosen):
                    chosen += cands
                else:
                    left = self.amount - len(chosen)
                    return Ask("choose", p, tuple(cands), tuple(f"sacrifice {g.name_of(o)}" for o in cands),
                               f"{ctx.source_name}: sacrifice {left} {self.what}{'s' if left > 1 else ''}",
                               key=key + len(chosen))
            everyone += chosen
        for o in everyone:
            g.sacrifice(o)
        return None


def _enchant_spec(g: GameOps, oid: int) -> TargetSpec | None:
    for _key, ab, _origin in g.chars(oid).abilities:
        if isinstance(ab, Keyword):
            for n in ab.names:
                if n.startswith("enchant "):
                    return TargetSpec(n[len("enchant "):])
    return None


def put_card_onto_battlefield(g: GameOps, ctx: Context, step: int, oid: int, p: int) -> Ask | None:
    """Put the card `oid` onto the battlefield under `p`'s control, with its "as enters"
    choices (CR 614.12). An Aura is attached to a permanent `p` chooses among those it could
    enchant (not targeted: hexproof doesn't matter; protection does), and stays where it is if
    there is none (CR 303.4f)."""
    if "Aura" not in g.chars(oid).subtypes:
        got = g.enter_battlefield(ctx, step * 100, [(oid, p)])
        return got if isinstance(got, Ask) else None
    spec = _enchant_spec(g, oid)
    if spec is None:
        return None
    hosts = [o for o in g.battlefield if g.matches(spec.filter, o, p, oid) and not g.protected_from(o, oid)]
    host = ctx.answers.get(step)
    if host is None:
        if not hosts:
            return None  # CR 303.4f: it stays in its zone
        return Ask("choose", p, tuple(hosts), tuple(f"attach to {g.name_of(o)}" for o in hosts),
                   f"{ctx.source_name}: choose what {g.name_of(oid)} enchants")
    if host not in hosts:
        return None
    info = g.as_enters(ctx, step * 100, g.objects[oid].card, p)
    if isinstance(info, Ask):
        return info
    g.move_to_zone(oid, BATTLEFIELD, controller=p, attach_to=int(host), info=info)
    return None


@dataclass(frozen=True)
class PutSacrificedOntoBattlefield(Effect):
    """It That Betrays: "put that card onto the battlefield under your control": the card the
    sacrificed permanent became, only while it is still in the graveyard it went to (Gatherer
    ruling 2010-06-15; CR 400.7); a token is not a card. An Aura as CR 303.4f says."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        refs = SACRIFICED_CARD.refs(g, ctx)
        if not refs or g.objects[refs[0][1]].token:
            return None
        return put_card_onto_battlefield(g, ctx, step, refs[0][1], ctx.controller)


@dataclass(frozen=True)
class ReturnCardIfStill(Effect):
    """The delayed part of `ReturnAtNextEndStep`: the card `card`, while it is still the same
    object in its graveyard (CR 400.7; Gatherer ruling 2014-05-29 on Marchesa), onto the
    battlefield under the delayed ability's controller's control."""

    card: int

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        if self.card not in g.objects or g.objects[self.card].zone != GRAVEYARD or g.objects[self.card].token:
            return None
        return put_card_onto_battlefield(g, ctx, step, self.card, ctx.controller)


@dataclass(frozen=True)
class ReturnAtNextEndStep(Effect):
    """Marchesa: "return that card to the battlefield under your control at the beginning of
    the next end step": a delayed triggered ability (CR 603.7a) created as the trigger
    resolves, for the card the creature became in the graveyard (nothing if it has left it
    already); you control it (CR 603.7d)."""

    text: str = "Return that card to the battlefield under your control."

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ..abilities import Triggered, TriggerEvent
        refs = SACRIFICED_CARD.refs(g, ctx)
        if not refs:
            return None
        card = refs[0][1]
        ab = Triggered(text=self.text, event=TriggerEvent.END_STEP, effects=(ReturnCardIfStill(card),), subject=None)
        g.delay_until_next_end_step(ctx.controller, card, ab)
        return None


@dataclass(frozen=True)
class Proliferate(Effect):
    """CR 701.34a: "choose any number of permanents and/or players that have a counter, then
    give each one additional counter of each kind that permanent or player already has." The
    controller chooses them one at a time, each after the previous one in a fixed order (every
    set once), until they are done; players' counters are poison and energy counters."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        cands: list[int | str] = [o for o in g.battlefield if any(v > 0 for v in g.objects[o].counters.values())]
        cands += [f"player{p.index}" for p in g.players if (p.poison or p.energy) and not (p.lost or p.left)]
        key = step * 100
        chosen: list[int | str] = []
        while key + len(chosen) in ctx.answers:
            ans = ctx.answers[key + len(chosen)]
            if ans == "done":
                break
            chosen.append(ans)
        else:
            last = cands.index(chosen[-1]) if chosen and chosen[-1] in cands else -1
            rest = cands[last + 1:]
            if rest:
                names = [g.players[int(c[6:])].name if isinstance(c, str) else g.name_of(c) for c in rest]
                return Ask("choose", ctx.controller, (*rest, "done"),
                           (*(f"proliferate {n}" for n in names), "proliferate nothing more" if chosen
                            else "proliferate nothing"),
                           f"{ctx.source_name}: proliferate (choose permanents and players with counters)",
                           key=key + len(chosen))
        for c in chosen:
            if isinstance(c, str):
                p = g.players[int(c[6:])]
                if p.poison:
                    p.poison += 1
                if p.energy:
                    g.gain_energy(p.index, 1)
            elif c in g.objects:
                for kind in [k for k, v in g.objects[c].counters.items() if v > 0]:
                    g.add_counters(c, kind, 1)
        if chosen:
            g.log_event(f"{ctx.source_name}: proliferate")
        return None


@dataclass(frozen=True, slots=True)
class TargetingItem(Who):
    """Ward's "that spell or ability" (CR 702.21a): the spell or ability whose targeting
    triggered it, while it is on the stack (the event's item, by its stack id)."""

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        item = ctx.event.item if ctx.event is not None else None
        if item is None or not any(s.id == item.id for s in g.stack):
            return []
        return [("stack", item.id)]


TARGETING_ITEM = TargetingItem()


#: a rules flag "attacks <player> this turn if able" (encore, CR 702.141a; engine/combat.py)
ATTACKS_PLAYER = "attacks_player:"


@dataclass(frozen=True)
class Encore(Effect):
    """Encore (CR 702.141a): "For each opponent, create a token copy that attacks that opponent
    this turn if able. They gain haste. Sacrifice them at the beginning of the next end step."
    The copies are of the card `card` (its copiable values: the card exiled to pay the cost);
    each has haste for as long as it is on the battlefield, the requirement until end of turn
    (CR 508.1d: attacking that player, not a planeswalker), and a delayed triggered ability
    sacrifices it if you still control it (CR 603.7a, 701.21a)."""

    card: str

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.modifications import AddFlags, AddKeywords
        from .. import get_card
        from ..abilities import Triggered, TriggerEvent
        from .endofcombat import SacrificeSourceIfYours
        card = get_card(self.card)
        done_key = step * 100 + 99
        opps = [p for p in g.apnap() if p in g.opponents(ctx.controller)]
        for i in range(ctx.answers.get(done_key, 0), len(opps)):
            info = g.as_enters(ctx, step * 100 + i, card, ctx.controller)
            if isinstance(info, Ask):
                return info
            tok = g.create_token_copy(ctx.controller, self.card, info or None)
            ctx.answers[done_key] = i + 1
            if tok not in g.objects or g.objects[tok].zone != BATTLEFIELD:
                continue
            g.add_for_good(tok, AddKeywords(("haste",)))
            g.add_until_eot(tok, AddFlags((f"{ATTACKS_PLAYER}{opps[i]}",)))
            sac = Triggered(text="Sacrifice it (encore).", event=TriggerEvent.END_STEP,
                            effects=(SacrificeSourceIfYours(),), subject=None)
            g.delay_until_next_end_step(ctx.controller, tok, sac)
        return None


@dataclass(frozen=True)
class ExtortDrain(Effect):
    """Extort's "each opponent loses 1 life and you gain life equal to the total life lost
    this way" (CR 702.101a)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        lost = 0
        for p in g.opponents(ctx.controller):
            before = g.players[p].life
            g.lose_life(p, 1)
            lost += max(0, before - g.players[p].life)
        g.gain_life(ctx.controller, lost)
        return None


@dataclass(frozen=True)
class Fabricate(Effect):
    """Fabricate N (CR 702.123a): "When this permanent enters, you may put N +1/+1 counters on
    it. If you don't, create N 1/1 colorless Servo artifact creature tokens." Chosen as it
    resolves; counters only while it is on the battlefield (Gatherer ruling 2016-09-20: else
    the Servos)."""

    n: int
    servos: Effect = dataclasses.field(default=None, compare=False)  # type: ignore[assignment]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        src = ctx.source_id
        here = src is not None and src in g.objects and g.objects[src].zone == BATTLEFIELD
        choice = ctx.answers.get(step)
        if choice is None and here:
            return Ask("choose", ctx.controller, ("counters", "servos"),
                       (f"put {self.n} +1/+1 counter{'s' if self.n > 1 else ''} on {ctx.source_name}",
                        f"create {self.n} Servo token{'s' if self.n > 1 else ''}"),
                       f"{ctx.source_name}: fabricate {self.n}")
        if choice == "counters" and here:
            assert src is not None
            g.add_counters(src, "+1/+1", self.n)
            return None
        return self.servos.resolve(g, ctx, step * 100 + 1)


@dataclass(frozen=True, slots=True)
class LesserPowerThanSource(Filter):
    """"with lesser power" (mentor, CR 702.134a): power less than the source's, its power now
    or as it last existed on the battlefield."""

    def obj(self, g: Any, o: Any, c: Any, you: int, source: int | None) -> bool:
        if source is None:
            return False
        if source in g.objects and g.objects[source].zone == BATTLEFIELD:
            mine = g.chars(source).power
        else:
            last = g.last_known(source)
            mine = last.power if last is not None else None
        return c.power is not None and mine is not None and c.power < mine

    def __str__(self) -> str:
        return "with lesser power"


def _greater(c: Any, mine: Any) -> bool:
    """CR 702.100a, 702.100c: `c` (a creature) has greater power and/or toughness than `mine`."""
    if c is None or mine is None or "Creature" not in c.types or "Creature" not in mine.types:
        return False
    return (c.power or 0) > (mine.power or 0) or (c.toughness or 0) > (mine.toughness or 0)


@dataclass(frozen=True, slots=True)
class GreaterThanSource(Filter):
    """Evolve's trigger condition on the entering creature (CR 702.100a, 603.4): greater
    power and/or toughness than the source."""

    def obj(self, g: Any, o: Any, c: Any, you: int, source: int | None) -> bool:
        return source is not None and source in g.objects and _greater(c, g.chars(source))

    def __str__(self) -> str:
        return "with greater power or toughness"


@dataclass(frozen=True)
class Evolve(Effect):
    """Evolve's effect with its intervening "if" checked again as it resolves (CR 603.4): the
    entering creature as it is now, or as it last existed on the battlefield, against this
    creature now; a +1/+1 counter only while this creature is on the battlefield."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        src, ev = ctx.source_id, ctx.event
        if src is None or src not in g.objects or g.objects[src].zone != BATTLEFIELD or ev is None \
                or ev.object is None:
            return None
        o = ev.object
        c = g.chars(o) if o in g.objects and g.objects[o].zone == BATTLEFIELD else g.last_known(o)
        if _greater(c, g.chars(src)):
            g.add_counters(src, "+1/+1", 1)
        return None


@dataclass(frozen=True)
class NinjutsuEnter(Effect):
    """Ninjutsu's effect (CR 702.49a, 702.49c): "Put this card onto the battlefield from your
    hand tapped and attacking" what the returned creature attacked (engine/ninjutsu.py), its
    "as enters" choice asked first; nothing if the card has left the hand."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import HAND
        oid = ctx.source_id
        if oid is None or oid not in g.objects or g.objects[oid].zone != HAND:
            return None
        info = g.as_enters(ctx, step * 100, g.objects[oid].card, ctx.controller)
        if isinstance(info, Ask):
            return info
        g.enter_ninja(ctx, oid, info)
        return None


def _blitz_sacrifice() -> Any:
    from ..abilities import Triggered, TriggerEvent
    from .endofcombat import SacrificeSourceIfYours
    return Triggered(text="Sacrifice it (blitz).", event=TriggerEvent.END_STEP,
                     effects=(SacrificeSourceIfYours(),), subject=None)


#: blitz's delayed triggered ability (CR 702.152a): its source is the permanent the spell became;
#: sacrificed only while the blitzing player controls it (CR 701.21a)
BLITZ_SACRIFICE = _blitz_sacrifice()


@dataclass(frozen=True, slots=True)
class ChoseHaste(Filter):
    """Riot's "If you don't, it gains haste" (CR 702.136a): the permanent entered without the
    counter (engine/chosen.py remembers `riot_haste`); for as long as it is on the battlefield."""

    def obj(self, g: Any, o: Any, c: Any, you: int, source: int | None) -> bool:
        return bool(o.info) and bool(o.info.get("riot_haste"))

    def __str__(self) -> str:
        return "that entered with haste (riot)"


@dataclass(frozen=True, slots=True)
class AttacksWithGreater(Filter):
    """Training's trigger condition (CR 702.149a): another attacking creature has greater
    power than this one, as it attacks (all attackers declared, CR 508.1, 508.3a)."""

    def obj(self, g: Any, o: Any, c: Any, you: int, source: int | None) -> bool:
        mine = c.power if c.power is not None else 0
        return any(x != o.id and g.is_attacking(x) and (g.chars(x).power or 0) > mine for x in g.battlefield)

    def __str__(self) -> str:
        return "attacking with another creature with greater power"


@dataclass(frozen=True)
class ExileTopOfLibrary(Effect):
    """Ingest's "that player exiles the top card of their library" (CR 702.115a; face up)."""

    who: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import EXILE
        for kind, p in self.who.refs(g, ctx):
            if kind == "player" and g.players[p].library:
                top = g.players[p].library[0]
                g.log_event(f"{g.players[p].name} exiles {g.name_of(top)} from the top of their library")
                g.move_to_zone(top, EXILE)
        return None


@dataclass(frozen=True)
class Bolster(Effect):
    """Bolster N (CR 701.39a): "Choose a creature with the least toughness among creatures you
    control and put N +1/+1 counters on it." (a choice among those tied, as it resolves; not
    targeted)"""

    n: int

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        p = ctx.controller
        mine = [o for o in g.battlefield if g.objects[o].controller == p and "Creature" in g.chars(o).types]
        if not mine:
            return None
        least = min(g.chars(o).toughness or 0 for o in mine)
        cands = [o for o in mine if (g.chars(o).toughness or 0) == least]
        choice = ctx.answers.get(step)
        if choice is None and len(cands) > 1:
            return Ask("choose", p, tuple(cands), tuple(f"bolster {g.name_of(o)}" for o in cands),
                       f"{ctx.source_name}: bolster {self.n} (a creature with the least toughness)")
        target = cands[0] if len(cands) == 1 else choice
        if target in g.objects and g.objects[target].zone == BATTLEFIELD:
            g.add_counters(int(target), "+1/+1", self.n)
        return None


@dataclass(frozen=True)
class Adapt(Effect):
    """Adapt N (CR 701.43a): "If this permanent has no +1/+1 counters on it, put N +1/+1
    counters on it." (checked as it resolves)"""

    n: int

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        src = ctx.source_id
        if src is not None and src in g.objects and g.objects[src].zone == BATTLEFIELD \
                and not g.objects[src].counters.get("+1/+1"):
            g.add_counters(src, "+1/+1", self.n)
        return None

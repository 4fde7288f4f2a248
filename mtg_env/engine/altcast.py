"""Alternative ways to cast spells (CR 118.9, 601.2b) and the keywords that change what may be
cast: evoke (CR 702.74), dash (CR 702.109) and split second (CR 702.61).

An alternative cost is chosen with the cast action itself ("cast Mulldrifter with evoke
{2}{U}", payload ("cast", card, None, "evoke")): it replaces the mana cost (CR 118.9); the
additional costs (kicker, commander tax) are paid on top of it (CR 118.9d, 903.8). Only one
alternative cost may be applied to a spell (CR 118.9a): a spell cast with flashback or without
paying its mana cost is never cast with evoke or dash too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..cards.abilities import Activated, Keyword, Triggered, TriggerEvent
from ..cards.altcast import AlternativeCost, alternative_costs
from ..cards.carddef import CardDef
from ..cards.effects import Ask, Effect, ReturnToHand
from ..cards.effects.base import sub_step
from ..cards.subjects import SELF
from ..core.actions import Action
from ..core.filters import YOU
from ..core.mana import ManaCost
from ..core.objects import EXILE, GRAVEYARD, LIBRARY, Context, Event, StackItem
from . import faces, legal, triggers
from .state import PendingTrigger

if TYPE_CHECKING:
    from ..cards.protocol import GameOps
    from .game import Game


def alternative_of(g: Game, oid: int, keyword: str) -> AlternativeCost | None:
    """The card's alternative cost called `keyword`, if it has one."""
    return next((a for a in alternative_costs(g.objects[oid].card) if a.keyword == keyword), None)


def cost_of(g: Game, oid: int, keyword: str) -> ManaCost:
    ab = alternative_of(g, oid, keyword)
    assert ab is not None, keyword
    return ab.cost


#: the alternative costs a player may choose whenever the card may be cast (madness only as its
#: trigger resolves, CR 702.35a); "flash": "You may cast ~ as though it had flash if you pay {2}
#: more to cast it" (its mana cost and {2}, at any time it could be cast with flash)
ANYTIME = ("evoke", "dash", "flash", "blitz", "surge", "spectacle", "trap")


def alternative_allowed(g: Game, p: int, keyword: str, oid: int | None = None) -> bool:
    """The condition of an alternative cost: surge (CR 702.117a: `p` has cast another spell
    this turn; copies aren't cast), spectacle (CR 702.137a: an opponent of `p` lost life this
    turn, TurnState.facts "lost_life"), or the card's own ("If exactly one creature is
    attacking, you may pay {W} rather than pay this spell's mana cost.", `AlternativeCost.condition`)."""
    if oid is not None and oid in g.objects:
        ab = alternative_of(g, oid, keyword)
        if ab is not None and ab.condition is not None and not ab.condition.player(g, p, p):
            return False
    if keyword == "surge":
        turn = g.turn
        return any(t == turn and q == p for t, q, _name in g.stats.casts)
    if keyword == "spectacle":
        lost = g.turn_state.facts.get("lost_life", ())
        return any(q in lost for q in g.opponents(p))
    return True


def cast_actions(g: Game, p: int, sorcery_ok: bool, sources: list[Any] | None,
                 oids: list[int]) -> list[Action]:
    """"cast ~ with evoke {cost}": the casts of the cards `oids` (`p`'s cards in hand,
    commanders in the command zone and the cards `p` may cast from exile; not those cast without
    paying their mana cost: CR 118.9a) with an alternative cost, each listed when the spell could
    be cast with it now (its timing, the total cost with that alternative, its targets; CR
    601.2, 118.9)."""
    can_cast = legal.can_cast
    out: list[Action] = []
    for oid in oids:
        card = g.objects[oid].card
        if card.faces or not card.abilities:
            continue
        for ab in alternative_costs(card):
            if ab.keyword in ANYTIME and \
                    can_cast(g, oid, p, sorcery_ok, sources, alt=ab.keyword):
                out.append(Action("cast", f"cast {card.name} with {ab.keyword} {ab.cost}", source=card.name,
                                  payload=("cast", oid, None, ab.keyword)))
    return out


#: dash's delayed triggered ability (CR 702.109a): its source is the permanent the spell became
DASH_RETURN = Triggered(text="Return it to its owner's hand (dash).", event=TriggerEvent.END_STEP,
                        effects=(ReturnToHand(SELF),), subject=None)


def entered(g: Game, oid: int, ctx: Any) -> None:
    """The permanent `oid` a spell cast with an alternative cost became has entered: a dashed
    one is returned to its owner's hand at the beginning of the next end step (CR 702.109a;
    if it left the battlefield before, it is a new object and stays where it is, CR 400.7).
    It has haste while its dash cost was paid (its own static ability, cards/altcast.py)."""
    if ctx.alt == "dash" and oid in g.objects:
        triggers.delay_until_next_end_step(g, ctx.controller, oid, DASH_RETURN)
    if ctx.alt == "blitz" and oid in g.objects:  # CR 702.152a (templates/kwabilities.py)
        from ..cards.effects.kwabilities import BLITZ_SACRIFICE
        triggers.delay_until_next_end_step(g, ctx.controller, oid, BLITZ_SACRIFICE)


def split_second_active(g: Game) -> bool:
    """CR 702.61a: while a spell with split second is on the stack, players can't cast other
    spells or activate abilities that aren't mana abilities (CR 702.61b: they may still
    activate mana abilities and take special actions; triggered abilities still trigger)."""
    for item in g.stack:
        if item.kind == "spell" and item.obj_id is not None and item.obj_id in g.objects and \
                "split second" in g.chars(item.obj_id).keywords:
            return True
    return False


# ---------------------------------------------------------------------------------------------
# cascade (CR 702.85) and storm (CR 702.40): triggered abilities of the spell itself, which
# trigger as it is cast (CR 601.2i) and function only while it is on the stack. The ability's
# effect carries what it needs of the spell as it was cast (its mana value, its card), so that
# it resolves the same if the spell has left the stack (last known information, CR 608.2h).

#: the answers' keys of a cascade: the cards exiled, and the card found
_EXILED = 7_000_001
_HIT = 7_000_002


@dataclass(frozen=True)
class CascadeExile(Effect):
    """"Exile cards from the top of your library until you exile a nonland card whose mana
    value is less than this spell's mana value. You may cast that card without paying its mana
    cost if the resulting spell's mana value is less than this spell's mana value." (CR
    702.85a; the card is cast while the ability resolves, CR 608.2g, timing permissions
    ignored; a card with several faces is cast as a face whose mana value is less.)"""

    mv: int

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        game = cast("Game", g)
        p = ctx.controller
        if _EXILED not in ctx.answers:
            exiled: list[int] = []
            hit = None
            lib = game.players[p].library
            while lib:
                new = game.move_to_zone(lib[0], EXILE)
                if new is None:
                    break
                exiled.append(new)
                card = game.objects[new].card
                if "Land" not in card.types and card.mana_value < self.mv:
                    hit = new
                    break
            ctx.answers[_EXILED] = exiled
            ctx.answers[_HIT] = hit
            game.log_event(f"{ctx.source_name} cascades: {game.players[p].name} exiles "
                           f"{', '.join(game.name_of(o) for o in exiled) or 'nothing'}")
        hit = ctx.answers[_HIT]
        if hit is None or hit not in game.objects or game.objects[hit].zone != EXILE:
            return None
        ans = ctx.answers.get(step)
        if ans is None:
            opts = _castable(game, p, hit, self.mv)
            if not opts:
                return None
            name = game.name_of(hit)
            labels = tuple(f"cast {f.name if f is not None else name} without paying its mana cost"
                           for f in opts)
            return Ask("choose", p, (*((("face", f.face_index if f is not None else None)) for f in opts), "no"),
                       (*labels, f"don't cast {name}"), f"{ctx.source_name}: cascade into {name}?")
        if ans == "no":
            return None
        if ans[1] is not None:
            faces.choose_face(game, hit, ans[1])
        return Ask("autocast", p, (("cast_free", hit),), ("cast",), "")


def _castable(g: Game, p: int, oid: int, mv: int) -> list[Any]:
    """The faces (None: the card itself) `p` may cast `oid` as without paying its mana cost
    with mana value less than `mv`: not a land, its casting restrictions and additional costs,
    and the targets or modes it needs (CR 601.2c, 601.3, 601.2h); none while a spell with
    split second is on the stack (CR 702.61a)."""
    from ..cards.abilities import cast_allowed
    from . import casting, legal, targets
    if split_second_active(g):
        return []  # CR 702.61a: no spell can be cast now
    card = g.objects[oid].card
    cands: list[Any] = faces.castable_faces(g, oid, card, False) if card.faces else [None]
    out = []
    for f in cands:
        c = card if f is None else f
        if "Land" in c.types or c.mana_value >= mv or not cast_allowed(g, c, p):
            continue
        extra = casting.additional_cost(c)
        if not extra.is_free and not legal.can_pay_additional(g, p, oid, extra):
            continue
        tctx = Context(p, oid, c.name)
        sa = c.spell_ability
        if sa is not None and sa.modes:
            if not casting.modes_choosable(g, sa, tctx):
                continue
        else:
            specs = casting.spell_targets(c)
            if specs and not targets.has_targets(g, specs, tctx):
                continue
        out.append(f)
    return out


@dataclass(frozen=True)
class CascadeBottom(Effect):
    """"Then put all cards exiled this way that weren't cast on the bottom of your library in a
    random order." (CR 702.85a; the game's seeded generator orders them)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        rest = [o for o in ctx.answers.get(_EXILED, []) if o in g.objects and g.objects[o].zone == EXILE]
        g.rng.shuffle(rest)
        for o in rest:
            g.move_to_zone(o, LIBRARY, to_top=False)
        if rest:
            g.log_event(f"{g.players[ctx.controller].name} puts {len(rest)} card(s) on the bottom of "
                        f"their library in a random order ({ctx.source_name})")
        return None


@dataclass(frozen=True)
class StormCopies(Effect):
    """"Copy it for each other spell that was cast before it this turn. If the spell has any
    targets, you may choose new targets for any of the copies." (CR 702.40a, 707.10c; the
    number is fixed as the spell is cast: later spells were cast after it). `card` is the
    spell's as it was cast: the copies are made if it has left the stack (CR 608.2h)."""

    count: int
    card: CardDef

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from . import copies
        done_key = sub_step(step, 999)
        done = ctx.answers.get(done_key, 0)
        while done < self.count:
            ask = copies.copy_onto_stack(cast("Game", g), ctx, sub_step(step, done), "event", True, card=self.card)
            if ask is not None:
                ctx.answers[done_key] = done
                return ask
            done += 1
        ctx.answers[done_key] = done
        return None


def cast_triggers(g: Game, p: int, sid: int, item: StackItem) -> None:
    """The spell `sid` was just cast by `p` (CR 601.2i): each instance of cascade and storm on
    it triggers (CR 702.85c, 702.40b)."""
    card = g.objects[sid].card
    if "cascade" not in card.keywords and "storm" not in card.keywords:
        return
    obj = g.objects[sid]
    for i, ab in enumerate(card.abilities):
        if not isinstance(ab, Keyword):
            continue
        for n in ab.names:
            trig: Triggered | None = None
            if n == "cascade":
                mv = g.chars(sid).mana_value + obj.x * card.mana_cost.x_count  # CR 202.3e
                trig = Triggered(text=ab.text, subject=None, effects=(CascadeExile(mv), CascadeBottom()))
            elif n == "storm":
                count = g.turn_state.spells_cast - 1
                trig = Triggered(text=ab.text, subject=None, effects=(StormCopies(count, card),))
            if trig is not None:
                g.pending_triggers.append(PendingTrigger(trig, sid, f"k{i}", p, card.name,
                                                         Event(TriggerEvent.CAST, player=p, item=item.clone())))


# ---------------------------------------------------------------------------------------------
# madness (CR 702.35)


def madness_of(card: CardDef) -> AlternativeCost | None:
    return next((a for a in alternative_costs(card) if a.keyword == "madness"), None)


def discarded_to(card: CardDef) -> str:
    """Where a discarded card goes: a card with madness is exiled instead of being put into its
    owner's graveyard (CR 702.35a: a replacement effect; it is still discarded)."""
    return EXILE if card.abilities and madness_of(card) is not None else GRAVEYARD


def exiled_with_madness(g: Game, oid: int) -> None:
    """"When this card is exiled this way, its owner may cast it by paying [cost] rather than
    paying its mana cost. If that player doesn't, they put this card into their graveyard."
    (CR 702.35a: a triggered ability of the card in exile, controlled by its owner.)"""
    obj = g.objects[oid]
    ab = madness_of(obj.card)
    assert ab is not None
    trig = Triggered(text=ab.text, subject=None, effects=(MadnessCast(), MadnessGraveyard()))
    g.pending_triggers.append(PendingTrigger(trig, oid, "madness", obj.owner, obj.card.name,
                                             Event(TriggerEvent.DISCARD, player=obj.owner, object=oid)))


def _still_exiled(g: GameOps, ctx: Context) -> int | None:
    oid = ctx.source_id
    return oid if oid is not None and oid in g.objects and g.objects[oid].zone == EXILE else None


@dataclass(frozen=True)
class MadnessCast(Effect):
    """The owner may cast the card by paying its madness cost (CR 702.35a-b; while the ability
    resolves, timing permissions ignored, CR 608.2g): "yes" only when the total cost can be
    paid (mana abilities may be activated first, CR 605.3a) and the spell has what it needs
    (targets, additional costs)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from . import casting
        game = cast("Game", g)
        oid = _still_exiled(g, ctx)
        if oid is None:
            return None  # it left exile: it can't be cast this way (CR 400.7)
        p = ctx.controller
        ans = ctx.answers.get(step)
        name = g.name_of(oid)
        if ans is None:
            ab = madness_of(g.objects[oid].card)
            assert ab is not None
            keep = f"don't cast {name}: put it into your graveyard"
            if not _castable(game, p, oid, 10 ** 9):
                return Ask("yes_no", p, (False,), (keep,), f"{name}: madness")
            total = casting.spell_mana(game, p, oid, False, alt="madness").with_x(0)
            return Ask("yes_no", p, (True, False), (f"cast {name} for its madness cost {ab.cost}", keep),
                       f"{name}: cast it for its madness cost?", pay=total)
        if not ans:
            return None
        return Ask("autocast_alt", p, (("cast", oid, "madness"),), ("cast",), "")


@dataclass(frozen=True)
class MadnessGraveyard(Effect):
    """"If that player doesn't, they put this card into their graveyard." (CR 702.35a)"""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        oid = _still_exiled(g, ctx)
        if oid is not None:
            g.move_to_zone(oid, GRAVEYARD)
        return None


# ---------------------------------------------------------------------------------------------
# suspend (CR 702.62)


def could_begin_to_cast(g: Game, oid: int, p: int, sorcery_ok: bool) -> bool:
    """CR 702.62a, 702.62c: could `p` begin to cast the card `oid` from their hand now: its
    timing (an instant or a card with flash any time they have priority, else as a sorcery)
    and what prohibits casting it (a spell with split second on the stack, "Cast this spell
    only ..."); not its costs or targets."""
    from ..cards.abilities import cast_allowed
    card = g.objects[oid].card
    if not ("Instant" in card.types or "flash" in card.keywords or sorcery_ok):
        return False
    return cast_allowed(g, card, p) and not split_second_active(g)


def _suspended(g: GameOps, oid: int | None) -> bool:
    """CR 702.62b: in exile, with suspend, with a time counter on it."""
    if oid is None or oid not in g.objects:
        return False
    obj = g.objects[oid]
    return obj.zone == EXILE and obj.counters.get("time", 0) > 0 and _has_suspend(obj.card)


def _has_suspend(card: CardDef) -> bool:
    return any(isinstance(a, Activated) and a.keyword == "suspend" for a in card.abilities)


def suspend_upkeep(g: Game, player: int) -> None:
    """"At the beginning of your upkeep, if this card is suspended, remove a time counter from
    it." (CR 702.62a: a triggered ability of each suspended card `player` owns; the
    intervening "if" is checked as it triggers and as it resolves, CR 603.4)."""
    for oid in g.players[player].exile:
        if _suspended(g, oid):
            card = g.objects[oid].card
            trig = Triggered(text="Remove a time counter (suspend).", event=TriggerEvent.UPKEEP, subject=None,
                             effects=(SuspendTick(),))
            g.pending_triggers.append(PendingTrigger(trig, oid, "suspend", player, card.name,
                                                     Event(TriggerEvent.UPKEEP, player=player)))


@dataclass(frozen=True)
class SuspendTick(Effect):
    """Remove a time counter from the suspended card; when the last is removed, its last
    ability triggers (CR 702.62a)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from . import primitives
        game = cast("Game", g)
        oid = ctx.source_id
        if not _suspended(g, oid):
            return None  # CR 603.4
        assert oid is not None
        primitives.remove_counters(game, oid, "time", 1)
        left = g.objects[oid].counters.get("time", 0)
        g.log_event(f"a time counter is removed from {g.name_of(oid)} ({left} left)")
        if left == 0:
            trig = Triggered(text="Cast it without paying its mana cost (suspend).", subject=None,
                             effects=(CastFromExileFree("suspend", "suspend"),))
            game.pending_triggers.append(PendingTrigger(trig, oid, "suspend", ctx.controller, g.name_of(oid),
                                                        Event(TriggerEvent.UPKEEP, player=ctx.controller)))
        return None


# ---------------------------------------------------------------------------------------------
# rebound (CR 702.88)


def rebound(g: Game, oid: int, controller: int) -> None:
    """"If this spell was cast from your hand, instead of putting it into your graveyard as it
    resolves, exile it and, at the beginning of your next upkeep, you may cast this card from
    exile without paying its mana cost." (CR 702.88a; the spell remembers it was cast from
    a hand, engine/casting.py)"""
    from . import zones
    new = zones.move_to_zone(g, oid, EXILE)
    if new is None or g.objects[new].zone != EXILE:
        return
    g.log_event(f"{g.name_of(new)} is exiled (rebound)")
    trig = Triggered(text="You may cast this card from exile without paying its mana cost (rebound).",
                     event=TriggerEvent.UPKEEP, subject=None, actor=YOU, effects=(CastFromExileFree("rebound"),))
    triggers.delay_until_your_next_upkeep(g, controller, new, trig)


@dataclass(frozen=True)
class CastFromExileFree(Effect):
    """"You may cast this card from exile without paying its mana cost." (the ability's source,
    if it is still that card in exile, CR 400.7; cast while the ability resolves, CR 608.2g).
    `alt`: the way the spell remembers it was cast ("suspend": a creature has haste,
    cards/altcast.py); suspend's "If you don't, it remains exiled" is said in the answer."""

    why: str = ""
    alt: str | None = None

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        game = cast("Game", g)
        oid = ctx.source_id
        if oid is None or oid not in g.objects or g.objects[oid].zone != EXILE:
            return None
        ans = ctx.answers.get(step)
        name = g.name_of(oid)
        if ans is None:
            if not _castable(game, ctx.controller, oid, 10 ** 9):
                return None  # (suspend: it remains exiled)
            decline = f"don't cast {name}" + (": it remains exiled" if self.alt == "suspend" else "")
            return Ask("yes_no", ctx.controller, (True, False),
                       (f"cast {name} without paying its mana cost", decline), f"{name}: cast it ({self.why})?")
        if not ans:
            return None
        return Ask("autocast_alt", ctx.controller, (("cast", oid, self.alt, True),), ("cast",), "")

"""Cards with several faces (CR 709 split cards, 712 double-faced cards, 715 adventurer cards).

An object's `card` is the definition of the characteristics it has now: the card's own
(`CardDef.card`: the front face's, CR 712.8a; the creature's, CR 715.4; or both halves
combined, CR 709.4) in every zone but the stack and the battlefield, and there the face that is
up (zones.move_to_zone keeps it only for those two zones). The player chooses the face or half
before it is put onto the stack or played (CR 709.3, 712.11b, 712.12, 715.3): the action names
the face ("cast Stomp", "play Agadeem, the Undercrypt") and `choose_face` gives the card that
face's characteristics as it is cast or played.

An Adventure that resolves is exiled instead of going to the graveyard, and its controller may
cast it as the creature for as long as it stays exiled (CR 715.3d): the exiled card remembers
that player (`info["adventure"]`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.carddef import CardDef
from ..cards.effects.faces import Disturb, ExileInsteadOfGraveyard
from ..core.mana import ManaCost
from ..core.objects import BATTLEFIELD, EXILE, GRAVEYARD, HAND, Context

if TYPE_CHECKING:
    from .game import Game
    from .tasks import Announce


def playable_lands(card: CardDef) -> list[CardDef]:
    """The faces a card can be played as a land by (CR 712.12: a modal double-faced card's
    land faces; the front face of any other card)."""
    if card.layout == "modal_dfc":
        return [f for f in card.faces if "Land" in f.types]
    front = card.faces[0]
    return [front] if "Land" in front.types and card.layout != "adventure" else []


def castable_faces(g: Game, oid: int, card: CardDef, on_adventure: bool) -> list[CardDef]:
    """The faces or halves the card may be cast as (before timing and costs): either face of a
    modal double-faced card that isn't a land (CR 712.11b), either half of a split card (CR
    709.3), the creature or the Adventure of an adventurer card (CR 715.3) but only the
    creature when it is cast from exile after its Adventure (CR 715.3d), the front face of a
    transforming card (CR 712.11)."""
    if card.layout == "adventure" and on_adventure:
        return [card.faces[0]]
    if card.layout == "aftermath":  # CR 702.127a: the second half only from a graveyard
        return [card.faces[1] if g.objects[oid].zone == GRAVEYARD else card.faces[0]]
    if card.layout == "transform":
        if g.objects[oid].zone == GRAVEYARD:  # CR 702.146a: cast transformed with disturb
            return [card.faces[1]] if disturb_cost(card) is not None else []
        return [f for f in card.faces[:1] if "Land" not in f.types]
    if card.layout == "split" and len(card.faces) == 3 and g.objects[oid].zone != HAND:
        return list(card.faces[:2])  # CR 702.102a: fused only when cast from a hand
    return [f for f in card.faces if "Land" not in f.types]


def announce_face(g: Game, t: Announce) -> bool:
    """A card with several faces cast by an effect (without an action naming the face): its
    caster chooses the face or half first (CR 709.3, 712.11b, 715.3), among those with the
    targets they need (CR 601.2c); one is chosen at once. True when chosen (or when none can
    be: the card then keeps its own characteristics and isn't cast)."""
    from ..core.actions import Action
    from . import casting, targets
    oid = t.obj
    card = g.objects[oid].card
    if t.answer is not None:
        choose_face(g, oid, t.answer)
        t.answer = None
        return True
    opts = []
    for f in castable_faces(g, oid, card, False):
        ctx = Context(t.player, oid, f.name)
        sa = f.spell_ability
        if sa is not None and sa.modes:
            ok = any(targets.has_targets(g, m.targets, ctx) for m in sa.modes)
        else:
            specs = casting.spell_targets(f)
            ok = not specs or targets.has_targets(g, specs, ctx)
        if ok:
            opts.append(f)
    if len(opts) == 1:
        choose_face(g, oid, opts[0].face_index)
        return True
    if not opts:
        g.log_event(f"{card.name} can't be cast: no face of it can")
        return True
    g.ask("choose", t.player, f"choose which face of {card.name} to cast",
          [Action("choose", f"cast {f.name}", target=f.name, payload=f.face_index) for f in opts])
    return False


def choose_face(g: Game, oid: int, index: int) -> None:
    """The card will be cast or played as its face `index`: it has that face's characteristics
    from now on (CR 709.3b, 712.8f, 715.3b), until it goes to a zone other than the stack or
    the battlefield."""
    obj = g.writable(oid)
    obj.card = obj.card.card.faces[index]
    g.invalidate()


def on_adventure(g: Game, p: int, exclude: list[int]) -> list[int]:
    """The cards in exile `p` may cast as creatures because they went on an adventure under
    `p`'s control (CR 715.3d); not those in `exclude` (castable anyway)."""
    out: list[int] = []
    for pl in g.players:
        for oid in pl.exile:
            info = g.objects[oid].info
            if info and info.get("adventure") == p and oid not in exclude:
                out.append(oid)
    return out


def disturb_cost(card: CardDef) -> ManaCost | None:
    """The disturb cost of a transforming card (its front face's "Disturb [cost]")."""
    whole = card.card
    if whole.layout != "transform":
        return None
    return next((a.cost for a in whole.abilities if isinstance(a, Disturb)), None)


def alternative_cost(g: Game, oid: int, card: CardDef) -> ManaCost | None:
    """The cost paid instead of the mana cost: a back face cast from a graveyard is cast with
    disturb (CR 702.146a; the only way it is cast)."""
    if g.objects[oid].zone == GRAVEYARD and card.whole is not None and card.face_index == 1:
        return disturb_cost(card)
    return None


def exiled_instead(g: Game, oid: int) -> bool:
    """"If ~ would be put into a graveyard from anywhere, exile it instead" (CR 614.1a), on
    the object as it is now."""
    return any(isinstance(ab, ExileInsteadOfGraveyard) for _k, ab, _o in g.chars(oid).abilities)


def graveyard_casts(g: Game, p: int) -> list[int]:
    """The cards in `p`'s graveyard with a half or face `p` may cast from there: aftermath
    (CR 702.127a: "You may cast this half of this split card from your graveyard") and
    disturb (CR 702.146a)."""
    out = []
    for o in g.players[p].graveyard:
        card = g.objects[o].card
        if card.layout == "aftermath" or (card.layout == "transform" and disturb_cost(card) is not None):
            out.append(o)
    return out


def exiled_leaving_stack(card: CardDef) -> bool:
    """CR 702.127a: an aftermath half, cast from a graveyard (the only zone it can be cast
    from), is exiled instead of going anywhere else as it leaves the stack."""
    return card.layout == "aftermath" and card.whole is not None and card.face_index == 1


def is_adventure(card: CardDef) -> bool:
    """Is this an adventurer card's Adventure face (on the stack, CR 715.3b)?"""
    return card.layout == "adventure" and card.whole is not None and card.face_index == 1


def exile_on_adventure(g: Game, oid: int, controller: int) -> None:
    """CR 715.3d: the Adventure resolves; it is exiled instead of going to the graveyard, and
    `controller` may cast the creature from exile for as long as it stays there."""
    from .zones import move_to_zone
    new = move_to_zone(g, oid, EXILE)
    if new is not None:
        w = g.writable(new)
        w.info = dict(w.info or {}, adventure=controller)
        g.log_event(f"{g.name_of(new)} goes on an adventure")


def transform(g: Game, oid: int, ctx: Context | None = None, bound: bool = False) -> bool:
    """Transform the permanent `oid` (CR 701.27a): turn it over so that its other face is up.
    It stays the same object (CR 712.18: counters, damage, attachments and effects stay) and
    gets a new timestamp (CR 613.7g). Nothing happens to a permanent that isn't a
    transforming double-faced card (CR 701.27c), if the other face is an instant or sorcery (CR
    701.27d), or, for an ability of that permanent (`ctx`), if it has transformed since the
    ability was put on the stack (CR 701.27f); a daybound or nightbound permanent only as it
    becomes night or day (`bound`, CR 702.145). Returns whether it transformed."""
    obj = g.objects.get(oid)
    if obj is None or obj.zone != BATTLEFIELD:
        return False
    card = obj.card
    whole = card.card
    if whole.layout != "transform" or len(whole.faces) != 2:
        return False
    if ctx is not None and ctx.source_id == oid and ctx.source_ts is not None \
            and obj.timestamp != ctx.source_ts:
        return False
    if not bound and (_has(g, oid, "daybound") or _has(g, oid, "nightbound")):
        return False  # CR 702.145b, 702.145e: only by its daybound or nightbound ability
    other = whole.faces[1] if card.whole is None or card.face_index == 0 else whole.faces[0]
    if other.types & {"Instant", "Sorcery"}:
        return False
    before = g.name_of(oid)
    w = g.writable(oid)
    w.card = other
    g.ts += 1
    w.timestamp = g.ts
    g.invalidate()
    g.log_event(f"{before} transforms into {g.name_of(oid)}")
    from . import triggers
    triggers.transformed(g, oid)
    return True


def return_transformed(g: Game, oid: int, controller: int) -> int | None:
    """Put the card `oid` onto the battlefield transformed under `controller`'s control: with
    its back face up (CR 712.14a). A card that isn't a transforming double-faced card (a token,
    a copy) stays where it is (CR 712.14a and its rulings), as does one whose back face isn't a
    permanent. Returns the new permanent."""
    obj = g.objects.get(oid)
    if obj is None or obj.token or obj.zone == BATTLEFIELD:
        return None
    whole = obj.card.card
    if whole.layout != "transform" or len(whole.faces) != 2 or whole.faces[1].types & {"Instant", "Sorcery"}:
        return None
    g.writable(oid).card = whole.faces[1]
    from . import zones
    return zones.move_to_zone(g, oid, BATTLEFIELD, controller=controller)


# ---------------------------------------------------------------------------------------------
# day and night (CR 730) and daybound / nightbound (CR 702.145)


def _has(g: Game, oid: int, keyword: str) -> bool:
    return keyword in g.chars(oid).keywords


def settle_day_night(g: Game) -> None:
    """CR 702.145d, 702.145g: while it is neither day nor night, a daybound permanent on the
    battlefield makes it day; else a nightbound one makes it night."""
    ts = g.turn_state
    if ts.day_night is not None:
        return
    if any(_has(g, o, "daybound") for o in g.battlefield):
        become(g, "day")
    elif any(_has(g, o, "nightbound") for o in g.battlefield):
        become(g, "night")


def day_night_check(g: Game) -> None:
    """CR 502.2, 730.2: in the untap step, day becomes night if the previous turn's active
    player cast no spells during that turn; night becomes day if they cast two or more."""
    settle_day_night(g)
    ts = g.turn_state
    if ts.day_night is None or not g.stats.mana_history:
        return
    prev = g.stats.mana_history[-1][0]  # the active player of the turn that just ended
    n = sum(1 for turn, p, _name in g.stats.casts if turn == ts.number - 1 and p == prev)
    if ts.day_night == "day" and n == 0:
        become(g, "night")
    elif ts.day_night == "night" and n >= 2:
        become(g, "day")


def become(g: Game, dn: str) -> None:
    """It becomes day or night (CR 730.1): as it does, daybound permanents front face up
    transform at night, nightbound ones back face up at day (CR 702.145b-c, 702.145e-f)."""
    g.turn_state.day_night = dn
    g.log_event(f"It becomes {dn}")
    for oid in list(g.battlefield):
        card = g.objects[oid].card
        front = card.whole is None or card.face_index == 0
        if dn == "night" and front and _has(g, oid, "daybound") or dn == "day" and not front and _has(g, oid, "nightbound"):
            transform(g, oid, bound=True)


def entering_face(g: Game, card: CardDef) -> CardDef:
    """The face a card enters the battlefield with: a daybound card at night enters
    transformed (CR 702.145b)."""
    whole = card.card
    if whole.layout != "transform" or len(whole.faces) != 2:
        return card
    settle_day_night(g)  # what it is as the card enters (CR 702.145d, 702.145g: at any time)
    front = card.whole is None or card.face_index == 0
    if g.turn_state.day_night == "night" and front and "daybound" in card.keywords:
        return whole.faces[1]
    return card

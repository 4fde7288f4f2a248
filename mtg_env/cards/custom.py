"""Effects that need code: each a function `(game, ctx, step, *args) -> Ask | None`, referred
to by name from `vocab.Custom` so that game states stay picklable."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.objects import Context
    from ..engine.game import Game
    from .vocab import Ask


def sacrifice_if_no_counters(g: Game, ctx: Context, step: int, kind: str) -> Ask | None:
    """Gemstone Mine: "If there are no mining counters on Gemstone Mine, sacrifice it." Part of
    the mana ability's effect (Gatherer ruling 2004-10-04), checked as it resolves."""
    oid = ctx.source_id
    if oid is not None and oid in g.objects and g.objects[oid].zone == "battlefield" \
            and not g.objects[oid].counters.get(kind, 0):
        g.sacrifice(oid)
    return None


def sacrifice_unless_you_sacrifice(g: Game, ctx: Context, step: int, what: str) -> Ask | None:
    """Contamination: "sacrifice Contamination unless you sacrifice a creature". The choice is
    made on resolution (Gatherer ruling 2004-10-04), even if the source is gone."""
    from .vocab import Ask
    cands = [o for o in g.battlefield if g.objects[o].controller == ctx.controller
             and g._matches(what, o, ctx.controller)]
    choice = ctx.answers.get(step)
    if choice is None:
        if not cands:
            choice = "self"
        else:
            return Ask("choose", ctx.controller, (*cands, "self"),
                       (*(f"sacrifice {g.name_of(o)}" for o in cands), f"sacrifice {ctx.source_name}"),
                       f"{ctx.source_name}: sacrifice a {what}, or sacrifice {ctx.source_name}")
    if choice == "self":
        if ctx.source_id is not None and ctx.source_id in g.objects:
            g.sacrifice(ctx.source_id)
    elif choice in g.objects:
        g.sacrifice(choice)
    return None


def _choose_card(g: Game, ctx: Context, step: int, cands: list[int], verb: str, none_label: str | None,
                 prompt: str) -> int | None | Ask:
    """Ask the controller to choose one of `cands` (or none, where `none_label` offers it);
    returns the object, None, or an Ask."""
    from .vocab import Ask
    choice = ctx.answers.get(step)
    if choice is None:
        if not cands:
            return None
        where = {o: g.objects[o].zone for o in cands}
        labels = tuple(f"{verb} {g.name_of(o)} ({where[o]})" for o in cands)
        if none_label is None:
            return Ask("choose", ctx.controller, tuple(cands), labels, prompt)
        return Ask("choose", ctx.controller, (*cands, "none"), (*labels, none_label), prompt)
    if choice == "none" or choice not in g.objects:
        return None
    return int(choice)


def mairsil_cage(g: Game, ctx: Context, step: int) -> Ask | None:
    """Mairsil, the Pretender: "you may exile an artifact or creature card from your hand or
    graveyard and put a cage counter on it." The counter stays when Mairsil leaves (ruling)."""
    from .vocab import Ask
    p = g.players[ctx.controller]
    cands = [o for o in p.hand + p.graveyard if {"Artifact", "Creature"} & g.objects[o].card.types]
    got = _choose_card(g, ctx, step, cands, "exile", "exile nothing",
                       f"{ctx.source_name}: exile an artifact or creature card with a cage counter?")
    if isinstance(got, Ask) or got is None:
        return got
    new = g.move_to_zone(got, "exile")
    if new is not None:
        w = g._w(new)
        w.counters["cage"] = w.counters.get("cage", 0) + 1
        g._invalidate()
        g.log_event(f"{g.name_of(new)} is exiled with a cage counter")
    return None


def imprint_artifact(g: Game, ctx: Context, step: int) -> Ask | None:
    """Prototype Portal: "you may exile an artifact card from your hand" (linked to its
    activated ability, CR 607.2a)."""
    from .vocab import Ask
    p = g.players[ctx.controller]
    cands = [o for o in p.hand if "Artifact" in g.objects[o].card.types]
    got = _choose_card(g, ctx, step, cands, "exile", "exile nothing",
                       f"{ctx.source_name}: exile an artifact card from your hand?")
    if isinstance(got, Ask) or got is None:
        return got
    g.exile_linked(got, ctx)
    return None


def sculler_exile(g: Game, ctx: Context, step: int) -> Ask | None:
    """Tidehollow Sculler: "target opponent reveals their hand and you choose a nonland card
    from it. Exile that card." (linked to its leaves-the-battlefield ability)."""
    from .vocab import Ask
    refs = g.refs_for("target", ctx)
    if not refs:
        return None
    opp = g.players[refs[0][1]]
    cands = [o for o in opp.hand if "Land" not in g.objects[o].card.types]
    if ctx.answers.get(step) is None:
        g.log_event(f"{opp.name} reveals {', '.join(g.name_of(o) for o in opp.hand) or 'an empty hand'}")
    # "you choose a nonland card from it": not optional when there is one
    got = _choose_card(g, ctx, step, cands, "exile", None,
                       f"{ctx.source_name}: choose a nonland card from {opp.name}'s hand")
    if isinstance(got, Ask) or got is None:
        return got
    g.exile_linked(got, ctx)
    return None


def cast_linked_free(g: Game, ctx: Context, step: int) -> Ask | None:
    """Izzet Chemister: "Cast any number of cards exiled with Izzet Chemister without paying
    their mana costs." Cast one at a time while this resolves (CR 608.2g); done ends it."""
    from .vocab import Ask
    done = ctx.answers.get(step)
    if done == "done":
        return None
    cands = [o for o in g.linked_cards(ctx) if "Land" not in g.objects[o].card.types]
    if not cands:
        return None
    return Ask("choose", ctx.controller, (*(("cast_free", o) for o in cands), "done"),
               (*(f"cast {g.name_of(o)} without paying its mana cost" for o in cands), "done casting"),
               f"{ctx.source_name}: cast cards exiled with it")


def return_with_counter(g: Game, ctx: Context, step: int, kind: str) -> Ask | None:
    """Undying (CR 702.93a): return the card to the battlefield under its owner's control with a
    +1/+1 counter on it."""
    new_id = ctx.event.get("new_id")
    if new_id is None or new_id not in g.objects or g.objects[new_id].zone != "graveyard":
        return None
    owner = g.objects[new_id].owner
    back = g.move_to_zone(new_id, "battlefield", controller=owner)
    if back is not None:
        g.add_counters(back, kind, 1)
    return None


def magus_exile_top(g: Game, ctx: Context, step: int) -> Ask | None:
    """Magus of the Mind: "Shuffle your library, then exile the top X cards, where X is one plus
    the number of spells cast this turn. Until end of turn, you may play lands and cast spells
    from among cards exiled this way without paying their mana costs." """
    p = g.players[ctx.controller]
    g.rng.shuffle(p.library)
    g.log_event(f"{p.name} shuffles their library")
    n = 1 + g.spells_cast_this_turn
    for _ in range(n):
        if not p.library:
            break
        new = g.move_to_zone(p.library[0], "exile")
        if new is not None:
            g.play_permissions.append((ctx.controller, new, True))
            g.log_event(f"{g.name_of(new)} is exiled ({ctx.source_name})")
    return None


def imprint_instant(g: Game, ctx: Context, step: int, max_mv: int) -> Ask | None:
    """Isochron Scepter: "you may exile an instant card with mana value 2 or less from your hand"."""
    from .vocab import Ask
    p = g.players[ctx.controller]
    cands = [o for o in p.hand if "Instant" in g.objects[o].card.types
             and g.objects[o].card.mana_cost.mana_value <= max_mv]
    got = _choose_card(g, ctx, step, cands, "exile", "exile nothing",
                       f"{ctx.source_name}: exile an instant card with mana value {max_mv} or less?")
    if isinstance(got, Ask) or got is None:
        return got
    g.exile_linked(got, ctx)
    return None


def copy_linked_and_cast(g: Game, ctx: Context, step: int) -> Ask | None:
    """Isochron Scepter: "You may copy the exiled card. If you do, you may cast the copy without
    paying its mana cost." The copy is made in exile (not a card, CR 707.12) and cast at once;
    if it isn't cast, it ceases to exist."""
    from .vocab import Ask
    linked = g.linked_cards(ctx)
    if not linked:
        return None
    answer = ctx.answers.get(step)
    if answer is None:
        name = g.name_of(linked[0])
        return Ask("yes_no", ctx.controller, (True, False), ("yes", "no"),
                   f"{ctx.source_name}: copy {name} and cast the copy without paying its mana cost?")
    if answer:
        oid = g.make_card_copy(ctx.controller, linked[0])
        return Ask("autocast", ctx.controller, (("cast_free", oid),), ("",), "")
    return None

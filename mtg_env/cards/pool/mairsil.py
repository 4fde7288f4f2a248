"""Mairsil, the Pretender and the cards its rulings name: gained activated abilities, cage
counters, linked abilities (CR 607), copies (CR 707), control changes, crew and equip."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.modifications import Layer
from ...core.objects import EXILE
from ..vocab import (
    SACRIFICE_WHEN_TARGETED,
    SELF,
    TARGET,
    Activated,
    AsEntersChoose,
    Ask,
    BecomeArtifactCreature,
    CastLinkedFree,
    CopyExceptions,
    Discard,
    Draw,
    Effect,
    ExileFromHandLinked,
    ExileFromOpponentsHandLinked,
    ExileLinked,
    Flicker,
    GainControlUntilEOT,
    GainKeyword,
    Keyword,
    LayerStatic,
    LinkedManaValue,
    PumpChoice,
    ReturnLinked,
    SpellAbility,
    TargetSpec,
    TokenCopiesOfLinked,
    Triggered,
    TriggerEvent,
    Untap,
    card,
    choose_card,
    parse_filter,
)

if TYPE_CHECKING:
    from ...core.chars import Chars
    from ...core.objects import Context
    from ..abilities import Own
    from ..protocol import GameOps


@dataclass(frozen=True)
class CageArtifactOrCreature(Effect):
    """Mairsil, the Pretender: "you may exile an artifact or creature card from your hand or
    graveyard and put a cage counter on it." The counter stays when Mairsil leaves (ruling)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        p = g.players[ctx.controller]
        cands = [o for o in p.hand + p.graveyard if {"Artifact", "Creature"} & g.objects[o].card.types]
        got = choose_card(g, ctx, step, cands, "exile", "exile nothing",
                          f"{ctx.source_name}: exile an artifact or creature card with a cage counter?")
        if isinstance(got, Ask) or got is None:
            return got
        new = g.move_to_zone(got, EXILE)
        if new is not None:
            g.add_counters(new, "cage", 1)
            g.log_event(f"{g.name_of(new)} is exiled with a cage counter")
        return None


_ONCE: dict[tuple[str, int], Activated] = {}


@dataclass(frozen=True)
class CagedAbilities(LayerStatic):
    """Mairsil, the Pretender: "has all activated abilities of all cards you own in exile with
    cage counters on them. You may activate each of those abilities only once each turn."
    Each caged card gives its own instances (key "g<card id>.<n>"), so two cards with the same
    ability give two instances, each once a turn; keyword abilities with a colon in their
    reminder text (equip, crew) are activated abilities too. Only cards its controller owns.
    A layer 6 effect (CR 613.1f)."""

    @property
    def layer(self) -> Layer:
        return Layer.ABILITY

    def apply(self, g: GameOps, chars: dict[int, Chars], own: Own, source: int) -> None:
        you = g.objects[source].controller
        c = own(source)
        assert c is not None
        for oid in g.players[you].exile:
            obj = g.objects[oid]
            if not obj.counters.get("cage"):
                continue
            for i, ab in enumerate(obj.card.abilities):
                if isinstance(ab, Activated):
                    once = _ONCE.get((obj.card.name, i))
                    if once is None:
                        once = _ONCE[(obj.card.name, i)] = dataclasses.replace(ab, once_each_turn=True)
                    c.abilities.append((f"g{oid}.{i}", once, obj.card.name))


@dataclass(frozen=True)
class ExileTopPlayFree(Effect):
    """Magus of the Mind: "Shuffle your library, then exile the top X cards, where X is one plus
    the number of spells cast this turn. Until end of turn, you may play lands and cast spells
    from among cards exiled this way without paying their mana costs." """

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        p = g.players[ctx.controller]
        g.shuffle_library(ctx.controller)
        g.log_event(f"{p.name} shuffles their library")
        n = 1 + g.spells_cast_this_turn
        for _ in range(n):
            if not p.library:
                break
            new = g.move_to_zone(p.library[0], EXILE)
            if new is not None:
                g.allow_play_from_exile(ctx.controller, new, True)
                g.log_event(f"{g.name_of(new)} is exiled ({ctx.source_name})")
        return None


CARDS = [
    card("Mairsil, the Pretender", "{1}{U}{B}{R}", "Legendary Creature — Human Wizard",
         "When Mairsil, the Pretender enters the battlefield, you may exile an artifact or creature card "
         "from your hand or graveyard and put a cage counter on it.\n"
         "Mairsil, the Pretender has all activated abilities of all cards you own in exile with cage "
         "counters on them. You may activate each of those abilities only once each turn.",
         Triggered(event=TriggerEvent.ENTERS, effects=(CageArtifactOrCreature(),)),
         CagedAbilities(), pt="4/4"),
    card("Magus of the Mind", "{4}{U}{U}", "Creature — Human Wizard",
         "{U}, {T}, Sacrifice Magus of the Mind: Shuffle your library, then exile the top X cards, where X "
         "is one plus the number of spells cast this turn. Until end of turn, you may play lands and cast "
         "spells from among cards exiled this way without paying their mana costs.",
         Activated(effects=(ExileTopPlayFree(),)), pt="4/5"),
    card("Izzet Chemister", "{2}{R}", "Creature — Goblin Wizard",
         "Haste\n"
         "{R}, {T}: Exile target instant or sorcery card from your graveyard.\n"
         "{1}{R}, {T}, Sacrifice Izzet Chemister: Cast any number of cards exiled with Izzet Chemister "
         "without paying their mana costs.",
         Keyword(names=("haste",)),
         Activated(effects=(ExileLinked(TARGET),),
                   targets=(TargetSpec("instant or sorcery card in your graveyard"),)),
         Activated(effects=(CastLinkedFree(),)), pt="1/3"),
    card("Prototype Portal", "{4}", "Artifact",
         "Imprint — When Prototype Portal enters the battlefield, you may exile an artifact card from your "
         "hand.\n"
         "{X}, {T}: Create a token that's a copy of the exiled card. X is the mana value of that card.",
         Triggered(event=TriggerEvent.ENTERS, effects=(ExileFromHandLinked(
             parse_filter("artifact card"), "exile an artifact card from your hand?"),)),
         Activated(effects=(TokenCopiesOfLinked(),), x_rule=LinkedManaValue())),
    card("Helvault", "{3}", "Legendary Artifact",
         "{1}, {T}: Exile target creature you control.\n"
         "{7}, {T}: Exile target creature you don't control.\n"
         "When Helvault is put into a graveyard from the battlefield, return all cards exiled with it to the "
         "battlefield under their owners' control.",
         Activated(effects=(ExileLinked(TARGET),), targets=(TargetSpec("creature you control"),)),
         Activated(effects=(ExileLinked(TARGET),),
                   targets=(TargetSpec("creature you don't control"),)),
         Triggered(event=TriggerEvent.PUT_INTO_GRAVEYARD, effects=(ReturnLinked("battlefield"),))),
    card("Tidehollow Sculler", "{W}{B}", "Artifact Creature — Zombie",
         "When Tidehollow Sculler enters the battlefield, target opponent reveals their hand and you choose "
         "a nonland card from it. Exile that card.\n"
         "When Tidehollow Sculler leaves the battlefield, return the exiled card to its owner's hand.",
         Triggered(event=TriggerEvent.ENTERS, targets=(TargetSpec("opponent"),),
                   effects=(ExileFromOpponentsHandLinked(),)),
         Triggered(event=TriggerEvent.LEAVES, effects=(ReturnLinked("hand"),)), pt="2/2"),
    card("Smuggler's Copter", "{2}", "Artifact — Vehicle",
         "Flying\n"
         "Whenever Smuggler's Copter attacks or blocks, you may draw a card. If you do, discard a card.\n"
         "Crew 1 (Tap any number of creatures you control with total power 1 or more: This Vehicle becomes "
         "an artifact creature until end of turn.)",
         Keyword(names=("flying",)),
         Triggered(event=(TriggerEvent.ATTACKS, TriggerEvent.BLOCKS), optional=True, effects=(Draw(1), Discard(1))),
         Activated(keyword="crew", effects=(BecomeArtifactCreature(),)), pt="3/3"),
    card("Clone", "{3}{U}", "Creature — Shapeshifter",
         "You may have Clone enter the battlefield as a copy of any creature on the battlefield.",
         AsEntersChoose(choose="copy_creature"), pt="0/0"),
    card("Phantasmal Image", "{1}{U}", "Creature — Illusion",
         "You may have Phantasmal Image enter the battlefield as a copy of any creature on the battlefield, "
         "except it's an Illusion in addition to its other types and it has \"When this creature becomes "
         "the target of a spell or ability, sacrifice it.\"",
         AsEntersChoose(choose="copy_creature", exceptions=CopyExceptions(
             add_subtypes=("Illusion",), add_abilities=(SACRIFICE_WHEN_TARGETED,))), pt="0/0"),
    card("Act of Treason", "{2}{R}", "Sorcery",
         "Gain control of target creature until end of turn. Untap that creature. It gains haste until end "
         "of turn. (It can attack and {T} this turn.)",
         SpellAbility(effects=(GainControlUntilEOT(TARGET), Untap(TARGET), GainKeyword(("haste",), TARGET)),
                      targets=(TargetSpec("creature"),))),
    card("Threaten", "{2}{R}", "Sorcery",
         "Untap target creature and gain control of it until end of turn. That creature gains haste until "
         "end of turn. (It can attack and {T} this turn.)",
         SpellAbility(effects=(Untap(TARGET), GainControlUntilEOT(TARGET), GainKeyword(("haste",), TARGET)),
                      targets=(TargetSpec("creature"),))),
    card("Cloudshift", "{W}", "Instant",
         "Exile target creature you control, then return that card to the battlefield under your control.",
         SpellAbility(effects=(Flicker(TARGET),), targets=(TargetSpec("creature you control"),))),
    card("Endling", "{2}{B}{B}", "Creature — Zombie Shapeshifter",
         "{B}: Endling gains menace until end of turn.\n"
         "{B}: Endling gains deathtouch until end of turn.\n"
         "{B}: Endling gains undying until end of turn. (When this creature dies, if it had no +1/+1 "
         "counters on it, return it to the battlefield under its owner's control with a +1/+1 counter on "
         "it.)\n"
         "{1}: Endling gets +1/-1 or -1/+1 until end of turn.",
         Activated(effects=(GainKeyword(("menace",), SELF),)),
         Activated(effects=(GainKeyword(("deathtouch",), SELF),)),
         Activated(effects=(GainKeyword(("undying",), SELF),)),
         Activated(effects=(PumpChoice(what=SELF),)), pt="3/3"),
]

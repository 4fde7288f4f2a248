"""Mairsil, the Pretender and the cards its rulings name: gained activated abilities, cage
counters, linked abilities (CR 607), copies (CR 707), control changes, crew and equip."""

from ..vocab import (
    SELF,
    TARGET,
    Activated,
    AsEntersChoose,
    BecomeArtifactCreature,
    Custom,
    Discard,
    Draw,
    ExileLinked,
    Flicker,
    GainControlUntilEOT,
    GainKeyword,
    Keyword,
    PumpChoice,
    ReturnLinked,
    SpellAbility,
    Static,
    TargetSpec,
    TokenCopiesOfLinked,
    Triggered,
    Untap,
    card,
)

CARDS = [
    card("Mairsil, the Pretender", "{1}{U}{B}{R}", "Legendary Creature — Human Wizard",
         "When Mairsil, the Pretender enters the battlefield, you may exile an artifact or creature card "
         "from your hand or graveyard and put a cage counter on it.\n"
         "Mairsil, the Pretender has all activated abilities of all cards you own in exile with cage "
         "counters on them. You may activate each of those abilities only once each turn.",
         Triggered(event="enters_self", effects=(Custom("mairsil_cage"),)),
         Static(effect="mairsil_grant"), pt="4/4"),
    card("Magus of the Mind", "{4}{U}{U}", "Creature — Human Wizard",
         "{U}, {T}, Sacrifice Magus of the Mind: Shuffle your library, then exile the top X cards, where X "
         "is one plus the number of spells cast this turn. Until end of turn, you may play lands and cast "
         "spells from among cards exiled this way without paying their mana costs.",
         Activated(effects=(Custom("magus_exile_top"),)), pt="4/5"),
    card("Izzet Chemister", "{2}{R}", "Creature — Goblin Wizard",
         "Haste\n"
         "{R}, {T}: Exile target instant or sorcery card from your graveyard.\n"
         "{1}{R}, {T}, Sacrifice Izzet Chemister: Cast any number of cards exiled with Izzet Chemister "
         "without paying their mana costs.",
         Keyword(names=("haste",)),
         Activated(effects=(ExileLinked(TARGET),),
                   targets=(TargetSpec("card:graveyard:you:instant_or_sorcery",
                                       label="instant or sorcery card in your graveyard"),)),
         Activated(effects=(Custom("cast_linked_free"),)), pt="1/3"),
    card("Prototype Portal", "{4}", "Artifact",
         "Imprint — When Prototype Portal enters the battlefield, you may exile an artifact card from your "
         "hand.\n"
         "{X}, {T}: Create a token that's a copy of the exiled card. X is the mana value of that card.",
         Triggered(event="enters_self", effects=(Custom("imprint_artifact"),)),
         Activated(effects=(TokenCopiesOfLinked(),), x_rule="linked_mana_value")),
    card("Helvault", "{3}", "Legendary Artifact",
         "{1}, {T}: Exile target creature you control.\n"
         "{7}, {T}: Exile target creature you don't control.\n"
         "When Helvault is put into a graveyard from the battlefield, return all cards exiled with it to the "
         "battlefield under their owners' control.",
         Activated(effects=(ExileLinked(TARGET),), targets=(TargetSpec("creature_you_control"),)),
         Activated(effects=(ExileLinked(TARGET),),
                   targets=(TargetSpec("creature_opponent_controls", label="creature you don't control"),)),
         Triggered(event="put_into_graveyard_self", effects=(ReturnLinked("battlefield"),))),
    card("Tidehollow Sculler", "{W}{B}", "Artifact Creature — Zombie",
         "When Tidehollow Sculler enters the battlefield, target opponent reveals their hand and you choose "
         "a nonland card from it. Exile that card.\n"
         "When Tidehollow Sculler leaves the battlefield, return the exiled card to its owner's hand.",
         Triggered(event="enters_self", targets=(TargetSpec("opponent"),), effects=(Custom("sculler_exile"),)),
         Triggered(event="leaves_self", effects=(ReturnLinked("hand"),)), pt="2/2"),
    card("Smuggler's Copter", "{2}", "Artifact — Vehicle",
         "Flying\n"
         "Whenever Smuggler's Copter attacks or blocks, you may draw a card. If you do, discard a card.\n"
         "Crew 1 (Tap any number of creatures you control with total power 1 or more: This Vehicle becomes "
         "an artifact creature until end of turn.)",
         Keyword(names=("flying",)),
         Triggered(event="attacks_or_blocks_self", optional=True, effects=(Draw(1), Discard(1))),
         Activated(keyword="crew", effects=(BecomeArtifactCreature(),)), pt="3/3"),
    card("Clone", "{3}{U}", "Creature — Shapeshifter",
         "You may have Clone enter the battlefield as a copy of any creature on the battlefield.",
         AsEntersChoose(choose="copy_creature"), pt="0/0"),
    card("Phantasmal Image", "{1}{U}", "Creature — Illusion",
         "You may have Phantasmal Image enter the battlefield as a copy of any creature on the battlefield, "
         "except it's an Illusion in addition to its other types and it has \"When this creature becomes "
         "the target of a spell or ability, sacrifice it.\"",
         AsEntersChoose(choose="copy_creature", copy_extra="phantasmal"), pt="0/0"),
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
         SpellAbility(effects=(Flicker(TARGET),), targets=(TargetSpec("creature_you_control"),))),
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

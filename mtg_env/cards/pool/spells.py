"""Instants, sorceries, and enchantments."""

from ..vocab import (
    ATTACHED,
    TARGET,
    Activated,
    AddMana,
    CounterSpell,
    DealDamage,
    Destroy,
    Draw,
    GainKeyword,
    Keyword,
    MayShuffle,
    OrderTopOfLibrary,
    Pump,
    PumpChoice,
    PutFromHandOnTop,
    ReturnToHand,
    SearchLibrary,
    Shuffle,
    SpellAbility,
    Static,
    Tap,
    TargetSpec,
    Untap,
    card,
)

CARDS = [
    card("Lightning Bolt", "{R}", "Instant", "Lightning Bolt deals 3 damage to any target.",
         SpellAbility(effects=(DealDamage(3, TARGET),), targets=(TargetSpec("any"),))),
    card("Shock", "{R}", "Instant", "Shock deals 2 damage to any target.",
         SpellAbility(effects=(DealDamage(2, TARGET),), targets=(TargetSpec("any"),))),
    card("Counterspell", "{U}{U}", "Instant", "Counter target spell.",
         SpellAbility(effects=(CounterSpell(TARGET),), targets=(TargetSpec("spell"),))),
    card("Divination", "{2}{U}", "Sorcery", "Draw two cards.",
         SpellAbility(effects=(Draw(2),))),
    card("Giant Growth", "{G}", "Instant", "Target creature gets +3/+3 until end of turn.",
         SpellAbility(effects=(Pump(3, 3, TARGET),), targets=(TargetSpec("creature"),))),
    card("Dark Ritual", "{B}", "Instant", "Add {B}{B}{B}.",
         SpellAbility(effects=(AddMana("{B}{B}{B}"),))),
    card("Shatter", "{1}{R}", "Instant", "Destroy target artifact.",
         SpellAbility(effects=(Destroy(TARGET),), targets=(TargetSpec("artifact"),))),
    card("Murder", "{1}{B}{B}", "Instant", "Destroy target creature.",
         SpellAbility(effects=(Destroy(TARGET),), targets=(TargetSpec("creature"),))),
    card("Unsummon", "{U}", "Instant", "Return target creature to its owner's hand.",
         SpellAbility(effects=(ReturnToHand(TARGET),), targets=(TargetSpec("creature"),))),
    card("Pacifism", "{1}{W}", "Enchantment — Aura",
         "Enchant creature\nEnchanted creature can't attack or block.",
         Keyword(names=("enchant creature",)),
         Static(effect="enchanted_cant_attack_or_block")),
    card("Naturalize", "{1}{G}", "Instant", "Destroy target artifact or enchantment.",
         SpellAbility(effects=(Destroy(TARGET),), targets=(TargetSpec("artifact_or_enchantment"),))),
    card("Seething Song", "{2}{R}", "Instant", "Add {R}{R}{R}{R}{R}.",
         SpellAbility(effects=(AddMana("{R}{R}{R}{R}{R}"),))),
    card("Rampant Growth", "{1}{G}", "Sorcery",
         "Search your library for a basic land card, put that card onto the battlefield tapped, "
         "then shuffle.",
         SpellAbility(effects=(SearchLibrary("battlefield", tapped=True), Shuffle()))),
    card("Cultivate", "{2}{G}", "Sorcery",
         "Search your library for up to two basic land cards, reveal those cards, put one onto the "
         "battlefield tapped and the other into your hand, then shuffle.",
         # The first card found goes onto the battlefield, the second (if the first was found)
         # into the hand: the same outcomes as choosing two, then one of them for the battlefield
         # (a single card found goes onto the battlefield, Gatherer ruling 2010-08-15).
         SpellAbility(effects=(SearchLibrary("battlefield", tapped=True),
                               SearchLibrary("hand", after=0), Shuffle()))),
    card("Brainstorm", "{U}", "Instant",
         "Draw three cards, then put two cards from your hand on top of your library in any order.",
         SpellAbility(effects=(Draw(3), PutFromHandOnTop(), PutFromHandOnTop()))),
    card("Ponder", "{U}", "Sorcery",
         "Look at the top three cards of your library, then put them back in any order. You may shuffle.\n"
         "Draw a card.",
         SpellAbility(effects=(OrderTopOfLibrary(0), OrderTopOfLibrary(1), MayShuffle(), Draw(1)))),
    card("Freed from the Real", "{2}{U}", "Enchantment — Aura",
         "Enchant creature\n{U}: Tap enchanted creature.\n{U}: Untap enchanted creature.",
         Keyword(names=("enchant creature",)),
         Activated(effects=(Tap(ATTACHED),)),
         Activated(effects=(Untap(ATTACHED),))),
    card("Pemmin's Aura", "{1}{U}{U}", "Enchantment — Aura",
         "Enchant creature\n"
         "{U}: Untap enchanted creature.\n"
         "{U}: Enchanted creature gains flying until end of turn.\n"
         "{U}: Enchanted creature gains shroud until end of turn. "
         "(It can't be the target of spells or abilities.)\n"
         "{1}: Enchanted creature gets +1/-1 or -1/+1 until end of turn.",
         Keyword(names=("enchant creature",)),
         Activated(effects=(Untap(ATTACHED),)),
         Activated(effects=(GainKeyword(("flying",), ATTACHED),)),
         Activated(effects=(GainKeyword(("shroud",), ATTACHED),)),
         Activated(effects=(PumpChoice(what=ATTACHED),))),
]

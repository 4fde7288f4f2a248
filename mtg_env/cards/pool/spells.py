"""Instants, sorceries, and enchantments."""

from ..vocab import (
    ATTACHED,
    Activated,
    Draw,
    GainKeyword,
    Keyword,
    MayShuffle,
    OrderTopOfLibrary,
    PumpChoice,
    PutFromHandOnTop,
    SearchLibrary,
    Shuffle,
    SpellAbility,
    Untap,
    card,
)

CARDS = [
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

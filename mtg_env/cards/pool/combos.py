"""Cards for the combo lab's known lines (Devoted Druid and Vizier of Remedies; Isochron Scepter
and Dramatic Reversal)."""

from ..vocab import Activated, Custom, SpellAbility, Static, Triggered, UntapAll, card

CARDS = [
    card("Vizier of Remedies", "{1}{W}", "Creature — Human Cleric",
         "If one or more -1/-1 counters would be put on a creature you control, that many -1/-1 counters "
         "minus one are put on it instead.",
         Static(effect="fewer_minus_counters"), pt="2/1"),
    card("Isochron Scepter", "{2}", "Artifact",
         "Imprint — When Isochron Scepter enters the battlefield, you may exile an instant card with mana "
         "value 2 or less from your hand.\n"
         "{2}, {T}: You may copy the exiled card. If you do, you may cast the copy without paying its mana "
         "cost.",
         Triggered(event="enters_self", effects=(Custom("imprint_instant", (2,)),)),
         Activated(effects=(Custom("copy_linked_and_cast"),))),
    card("Dramatic Reversal", "{1}{U}", "Instant", "Untap all nonland permanents you control.",
         SpellAbility(effects=(UntapAll(),))),
]

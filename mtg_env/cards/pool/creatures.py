"""Creatures, artifact creatures included."""

from ..vocab import (
    TARGET,
    Activated,
    AddMana,
    AddManaChoice,
    DealDamage,
    EntersWith,
    Keyword,
    PutCounters,
    TargetSpec,
    Untap,
    card,
)

ANY = TargetSpec("any")

CARDS = [
    card("Grizzly Bears", "{1}{G}", "Creature — Bear", "", pt="2/2"),
    card("Memnite", "{0}", "Artifact Creature — Construct", "", pt="1/1"),
    card("Ornithopter", "{0}", "Artifact Creature — Thopter", "Flying",
         Keyword(names=("flying",)), pt="0/2"),
    card("Llanowar Elves", "{G}", "Creature — Elf Druid", "{T}: Add {G}.",
         Activated(effects=(AddMana("{G}"),)), pt="1/1"),
    card("Elvish Mystic", "{G}", "Creature — Elf Druid", "{T}: Add {G}.",
         Activated(effects=(AddMana("{G}"),)), pt="1/1"),
    card("Birds of Paradise", "{G}", "Creature — Bird",
         "Flying\n{T}: Add one mana of any color.",
         Keyword(names=("flying",)),
         Activated(effects=(AddManaChoice("any_color"),)), pt="0/1"),
    card("Pili-Pala", "{2}", "Artifact Creature — Scarecrow",
         "Flying\n{2}, {Q}: Add one mana of any color. ({Q} is the untap symbol.)",
         Keyword(names=("flying",)),
         Activated(effects=(AddManaChoice("any_color"),)), pt="1/1"),
    card("Devoted Druid", "{1}{G}", "Creature — Elf Druid",
         "{T}: Add {G}.\nPut a -1/-1 counter on Devoted Druid: Untap Devoted Druid.",
         Activated(effects=(AddMana("{G}"),)),
         Activated(effects=(Untap(),)), pt="0/2"),
    card("Prodigal Pyromancer", "{2}{R}", "Creature — Human Wizard",
         "{T}: Prodigal Pyromancer deals 1 damage to any target.",
         Activated(effects=(DealDamage(1, TARGET),), targets=(ANY,)), pt="1/1"),
    card("Prodigal Sorcerer", "{2}{U}", "Creature — Human Wizard",
         "{T}: Prodigal Sorcerer deals 1 damage to any target.",
         Activated(effects=(DealDamage(1, TARGET),), targets=(ANY,)), pt="1/1"),
    card("Walking Ballista", "{X}{X}", "Artifact Creature — Construct",
         "Walking Ballista enters the battlefield with X +1/+1 counters on it.\n"
         "{4}: Put a +1/+1 counter on Walking Ballista.\n"
         "Remove a +1/+1 counter from Walking Ballista: It deals 1 damage to any target.",
         EntersWith(counter="+1/+1", amount="X"),
         Activated(effects=(PutCounters("+1/+1", 1),)),
         Activated(effects=(DealDamage(1, TARGET),), targets=(ANY,)), pt="0/0"),
]

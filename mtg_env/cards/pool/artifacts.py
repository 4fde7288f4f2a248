"""Artifacts (noncreature)."""

from ..vocab import (
    CONTROLLER,
    TARGET,
    Activated,
    AddMana,
    AddManaChoice,
    Attach,
    DealDamage,
    DoubleMana,
    Draw,
    GainLife,
    IfSelfTapped,
    MayPay,
    Static,
    Tap,
    TargetSpec,
    Triggered,
    Untap,
    card,
)

CARDS = [
    card("Sol Ring", "{1}", "Artifact", "{T}: Add {C}{C}.",
         Activated(effects=(AddMana("{C}{C}"),))),
    card("Mind Stone", "{2}", "Artifact",
         "{T}: Add {C}.\n{1}, {T}, Sacrifice Mind Stone: Draw a card.",
         Activated(effects=(AddMana("{C}"),)),
         Activated(effects=(Draw(1),))),
    card("Arcane Signet", "{2}", "Artifact",
         "{T}: Add one mana of any color in your commander's color identity.",
         Activated(effects=(AddManaChoice("commander_identity"),))),
    card("Gilded Lotus", "{5}", "Artifact", "{T}: Add three mana of any one color.",
         Activated(effects=(AddManaChoice("any_color", 3),))),
    card("Basalt Monolith", "{3}", "Artifact",
         "Basalt Monolith doesn't untap during your untap step.\n"
         "{T}: Add {C}{C}{C}.\n"
         "{3}: Untap Basalt Monolith.",
         Static(effect="doesnt_untap"),
         Activated(effects=(AddMana("{C}{C}{C}"),)),
         Activated(effects=(Untap(),))),
    card("Grim Monolith", "{2}", "Artifact",
         "Grim Monolith doesn't untap during your untap step.\n"
         "{T}: Add {C}{C}{C}.\n"
         "{4}: Untap Grim Monolith.",
         Static(effect="doesnt_untap"),
         Activated(effects=(AddMana("{C}{C}{C}"),)),
         Activated(effects=(Untap(),))),
    card("Thran Dynamo", "{4}", "Artifact", "{T}: Add {C}{C}{C}.",
         Activated(effects=(AddMana("{C}{C}{C}"),))),
    card("Mana Vault", "{1}", "Artifact",
         "Mana Vault doesn't untap during your untap step.\n"
         "At the beginning of your upkeep, you may pay {4}. If you do, untap Mana Vault.\n"
         "At the beginning of your draw step, if Mana Vault is tapped, it deals 1 damage to you.\n"
         "{T}: Add {C}{C}{C}.",
         Static(effect="doesnt_untap"),
         Triggered(event="upkeep_you", effects=(MayPay("{4}", (Untap(),)),)),
         Triggered(event="draw_step_you", condition="self_tapped",
                   effects=(IfSelfTapped((DealDamage(1, CONTROLLER),)),)),
         Activated(effects=(AddMana("{C}{C}{C}"),))),
    card("Ashnod's Altar", "{3}", "Artifact", "Sacrifice a creature: Add {C}{C}.",
         Activated(effects=(AddMana("{C}{C}"),))),
    card("Krark-Clan Ironworks", "{4}", "Artifact", "Sacrifice an artifact: Add {C}{C}.",
         Activated(effects=(AddMana("{C}{C}"),))),
    card("Bonesplitter", "{1}", "Artifact — Equipment",
         "Equipped creature gets +2/+0.\nEquip {1}",
         Static(effect="equipped_gets", args=(2, 0)),
         Activated(keyword="equip", sorcery_speed=True, effects=(Attach(),),
                   targets=(TargetSpec("creature_you_control"),))),
    card("Rod of Ruin", "{4}", "Artifact", "{3}, {T}: Rod of Ruin deals 1 damage to any target.",
         Activated(effects=(DealDamage(1, TARGET),), targets=(TargetSpec("any"),))),
    card("Staff of Domination", "{3}", "Artifact",
         "{1}: Untap Staff of Domination.\n"
         "{2}, {T}: You gain 1 life.\n"
         "{3}, {T}: Untap target creature.\n"
         "{4}, {T}: Tap target creature.\n"
         "{5}, {T}: Draw a card.",
         Activated(effects=(Untap(),)),
         Activated(effects=(GainLife(1),)),
         Activated(effects=(Untap(TARGET),), targets=(TargetSpec("creature"),)),
         Activated(effects=(Tap(TARGET),), targets=(TargetSpec("creature"),)),
         Activated(effects=(Draw(1),))),
    card("Doubling Cube", "{2}", "Artifact",
         "{3}, {T}: Double the amount of each type of unspent mana you have.",
         Activated(effects=(DoubleMana(),))),
]

"""Artifacts (noncreature)."""

from ..vocab import (
    CONTROLLER,
    YOU,
    Activated,
    AddMana,
    DealDamage,
    DoubleMana,
    Flag,
    IfSource,
    MayPay,
    SelfFlag,
    Tapped,
    Triggered,
    TriggerEvent,
    Untap,
    card,
)

CARDS = [
    card("Mana Vault", "{1}", "Artifact",
         "Mana Vault doesn't untap during your untap step.\n"
         "At the beginning of your upkeep, you may pay {4}. If you do, untap Mana Vault.\n"
         "At the beginning of your draw step, if Mana Vault is tapped, it deals 1 damage to you.\n"
         "{T}: Add {C}{C}{C}.",
         SelfFlag(flag=Flag.DOESNT_UNTAP),
         Triggered(event=TriggerEvent.UPKEEP, actor=YOU, effects=(MayPay("{4}", (Untap(),)),)),
         Triggered(event=TriggerEvent.DRAW_STEP, actor=YOU, condition=Tapped(),
                   effects=(IfSource(Tapped(), (DealDamage(1, CONTROLLER),)),)),
         Activated(effects=(AddMana("{C}{C}{C}"),))),
    card("Doubling Cube", "{2}", "Artifact",
         "{3}, {T}: Double the amount of each type of unspent mana you have.",
         Activated(effects=(DoubleMana(),))),
]

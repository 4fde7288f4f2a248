"""Copies of abilities and spells (CR 707.10): Ertha Jo, Abstruse Archaic, Rings of Brighthearth
and friends, and the abilities worth copying: divided damage, modes, sacrifice and discard costs."""

from ..vocab import (
    SELF,
    YOU,
    Activated,
    Attach,
    AttachedToSource,
    CardType,
    CopyStackItem,
    CreateToken,
    DealDividedDamage,
    FromSource,
    Keyword,
    ManaAbility,
    MayPay,
    Pump,
    SpellAbility,
    Targets,
    TargetSpec,
    Triggered,
    TriggerEvent,
    card,
    parse_filter,
)

ANY_ONE_OR_TWO = TargetSpec("any", count=2, minimum=1, label="any target, one or two")

CARDS = [
    card("Ertha Jo, Frontier Mentor", "{2}{R}{W}", "Legendary Creature — Kor Advisor",
         'When Ertha Jo, Frontier Mentor enters, create a 1/1 red Mercenary creature token with "{T}: Target '
         'creature you control gets +1/+0 until end of turn. Activate only as a sorcery."\n'
         "Whenever you activate an ability that targets a creature or player, copy that ability. You may "
         "choose new targets for the copy.",
         Triggered(event=TriggerEvent.ENTERS, effects=(CreateToken("Mercenary"),)),
         Triggered(event=TriggerEvent.ACTIVATE, actor=YOU, subject=Targets(parse_filter("creature or player")),
                   effects=(CopyStackItem("event"),)),
         pt="2/4"),
    card("Abstruse Archaic", "{4}", "Creature — Avatar",
         "Vigilance\n"
         "{1}, {T}: Copy target activated or triggered ability you control from a colorless source. You may "
         "choose new targets for the copy. (Mana abilities can't be targeted.)",
         Keyword(names=("vigilance",)),
         Activated(effects=(CopyStackItem("target"),),
                   targets=(TargetSpec("activated or triggered ability you control from a colorless source"),)),
         pt="3/4", colors=""),
    card("Rings of Brighthearth", "{3}", "Artifact",
         "Whenever you activate an ability, if it isn't a mana ability, you may pay {2}. If you do, copy that "
         "ability. You may choose new targets for the copy.",
         Triggered(event=TriggerEvent.ACTIVATE, actor=YOU, subject=~ManaAbility(),
                   effects=(MayPay("{2}", (CopyStackItem("event"),)),))),
    card("Strionic Resonator", "{2}", "Artifact",
         "{2}, {T}: Copy target triggered ability you control. You may choose new targets for the copy. (A "
         'triggered ability uses the words "when," "whenever," or "at.")',
         Activated(effects=(CopyStackItem("target"),),
                   targets=(TargetSpec("triggered ability you control"),))),
    card("Lithoform Engine", "{4}", "Legendary Artifact",
         "{2}, {T}: Copy target activated or triggered ability you control. You may choose new targets for "
         "the copy.\n"
         "{3}, {T}: Copy target instant or sorcery spell you control. You may choose new targets for the copy.\n"
         "{4}, {T}: Copy target permanent spell you control. (The copy becomes a token.)",
         Activated(effects=(CopyStackItem("target"),),
                   targets=(TargetSpec("activated or triggered ability you control"),)),
         Activated(effects=(CopyStackItem("target"),),
                   targets=(TargetSpec("instant or sorcery spell you control"),)),
         Activated(effects=(CopyStackItem("target", new_targets=False),),
                   targets=(TargetSpec("permanent spell you control"),))),
    card("Illusionist's Bracers", "{2}", "Artifact — Equipment",
         "Whenever an ability of equipped creature is activated, if it isn't a mana ability, copy that "
         "ability. You may choose new targets for the copy.\n"
         "Equip {3}",
         Triggered(event=TriggerEvent.ACTIVATE, subject=~ManaAbility() & FromSource(AttachedToSource()),
                   effects=(CopyStackItem("event"),)),
         Activated(keyword="equip", sorcery_speed=True, effects=(Attach(),),
                   targets=(TargetSpec("creature you control"),))),
    card("Kurkesh, Onakke Ancient", "{2}{R}{R}", "Legendary Creature — Ogre Spirit",
         "Whenever you activate an ability of an artifact, if it isn't a mana ability, you may pay {R}. If "
         "you do, copy that ability. You may choose new targets for the copy.",
         Triggered(event=TriggerEvent.ACTIVATE, actor=YOU, subject=~ManaAbility() & FromSource(CardType("Artifact")),
                   effects=(MayPay("{R}", (CopyStackItem("event"),)),)), pt="4/3"),
    card("Dualcaster Mage", "{1}{R}{R}", "Creature — Human Wizard",
         "Flash\n"
         "When Dualcaster Mage enters the battlefield, copy target instant or sorcery spell. You may choose "
         "new targets for the copy.",
         Keyword(names=("flash",)),
         Triggered(event=TriggerEvent.ENTERS, effects=(CopyStackItem("target"),),
                   targets=(TargetSpec("instant or sorcery spell"),)),
         pt="2/2"),
    card("Arc Mage", "{2}{R}", "Creature — Human Spellshaper",
         "{2}{R}, {T}, Discard a card: Arc Mage deals 2 damage divided as you choose among one or two targets.",
         Activated(divide=2, effects=(DealDividedDamage(),), targets=(ANY_ONE_OR_TWO,)), pt="2/2"),
    card("Inferno Titan", "{4}{R}{R}", "Creature — Giant",
         "{R}: Inferno Titan gets +1/+0 until end of turn.\n"
         "Whenever Inferno Titan enters the battlefield or attacks, it deals 3 damage divided as you choose "
         "among one, two, or three targets.",
         Activated(effects=(Pump(1, 0, SELF),)),
         Triggered(event=(TriggerEvent.ENTERS, TriggerEvent.ATTACKS), divide=3, effects=(DealDividedDamage(),),
                   targets=(TargetSpec("any", count=3, minimum=1, label="any target, one to three"),)),
         pt="6/6"),
    card("Forked Bolt", "{R}", "Sorcery",
         "Forked Bolt deals 2 damage divided as you choose among one or two targets.",
         SpellAbility(divide=2, effects=(DealDividedDamage(),), targets=(ANY_ONE_OR_TWO,))),
]

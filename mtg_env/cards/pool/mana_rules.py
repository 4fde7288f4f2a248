"""The cards behind the seeds' mana rules (CR 106.7, 106.12, 107.3m, 107.6, 605, 614, 616):
lands that look at what other lands could produce, "tapped for mana" triggers and replacement
effects, restricted mana, abilities granted by statics, and X in enters replacements."""

from ..vocab import (
    EVENT_PLAYER,
    YOU,
    Activated,
    AddAbilities,
    AddMana,
    AddManaChoice,
    AsEntersChoose,
    Attach,
    AttachedToSource,
    CardType,
    CreateToken,
    Draw,
    EntersWith,
    EventCounters,
    Keyword,
    ManaChoice,
    ManaReplacement,
    ModifyPT,
    NumberOf,
    PutCounters,
    SacrificeUnlessYouSacrifice,
    SetColorUntilEOT,
    Static,
    TargetSpec,
    Triggered,
    TriggerEvent,
    X,
    card,
    granted,
    parse_filter,
)

ANY_COLOR = '{T}: Add one mana of any color.'


def _any_color() -> Activated:
    return granted(ANY_COLOR, AddManaChoice(ManaChoice.ANY_COLOR))


CARDS = [
    card("Reflecting Pool", None, "Land",
         "{T}: Add one mana of any type that a land you control could produce.",
         Activated(effects=(AddManaChoice(ManaChoice.LANDS_YOU_COULD_PRODUCE),))),
    card("Exotic Orchard", None, "Land",
         "{T}: Add one mana of any color that a land an opponent controls could produce.",
         Activated(effects=(AddManaChoice(ManaChoice.OPPONENTS_LANDS_COLORS),))),
    card("Fellwar Stone", "{2}", "Artifact",
         "{T}: Add one mana of any color that a land an opponent controls could produce.",
         Activated(effects=(AddManaChoice(ManaChoice.OPPONENTS_LANDS_COLORS),))),
    card("Sylvok Explorer", "{1}{G}", "Creature — Human Druid",
         "{T}: Add one mana of any color that a land an opponent controls could produce.",
         Activated(effects=(AddManaChoice(ManaChoice.OPPONENTS_LANDS_COLORS),)), pt="1/1"),
    card("Gaea's Cradle", None, "Legendary Land", "{T}: Add {G} for each creature you control.",
         Activated(effects=(AddManaChoice("G", amount=NumberOf(parse_filter("creature you control"))),))),
    card("Mana Flare", "{2}{R}", "Enchantment",
         "Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
         Triggered(event=TriggerEvent.TAPPED_FOR_MANA, subject=CardType("Land"),
                   effects=(AddManaChoice(ManaChoice.PRODUCED_TYPE, recipient=EVENT_PLAYER),))),
    card("Heartbeat of Spring", "{2}{G}", "Enchantment",
         "Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
         Triggered(event=TriggerEvent.TAPPED_FOR_MANA, subject=CardType("Land"),
                   effects=(AddManaChoice(ManaChoice.PRODUCED_TYPE, recipient=EVENT_PLAYER),))),
    card("Zendikar Resurgent", "{5}{G}{G}", "Enchantment",
         "Whenever you tap a land for mana, add one mana of any type that land produced. "
         "(The types of mana are white, blue, black, red, green, and colorless.)\n"
         "Whenever you cast a creature spell, draw a card.",
         Triggered(event=TriggerEvent.TAPPED_FOR_MANA, subject=CardType("Land"), actor=YOU,
                   effects=(AddManaChoice(ManaChoice.PRODUCED_TYPE),)),
         Triggered(event=TriggerEvent.CAST, actor=YOU, subject=parse_filter("creature spell"), effects=(Draw(1),))),
    card("Mana Reflection", "{4}{G}{G}", "Enchantment",
         "If you tap a permanent for mana, it produces twice as much of that mana instead.",
         ManaReplacement(multiply=2)),
    card("Nyxbloom Ancient", "{4}{G}{G}{G}", "Enchantment Creature — Elemental",
         "Trample\nIf you tap a permanent for mana, it produces three times as much of that mana instead.",
         Keyword(names=("trample",)),
         ManaReplacement(multiply=3), pt="5/5"),
    card("Contamination", "{2}{B}", "Enchantment",
         "At the beginning of your upkeep, sacrifice Contamination unless you sacrifice a creature.\n"
         "If a land is tapped for mana, it produces {B} instead of any other type and amount.",
         Triggered(event=TriggerEvent.UPKEEP, actor=YOU, effects=(SacrificeUnlessYouSacrifice("creature"),)),
         ManaReplacement(produce="{B}", whose=None, what=CardType("Land"))),
    card("Utopia Sprawl", "{G}", "Enchantment — Aura",
         "Enchant Forest\n"
         "As Utopia Sprawl enters the battlefield, choose a color.\n"
         "Whenever enchanted Forest is tapped for mana, its controller adds an additional one mana of the "
         "chosen color.",
         Keyword(names=("enchant forest",)),
         AsEntersChoose(choose="color"),
         Triggered(event=TriggerEvent.TAPPED_FOR_MANA, subject=AttachedToSource(),
                   effects=(AddManaChoice(ManaChoice.CHOSEN_COLOR, recipient=EVENT_PLAYER),))),
    card("Wild Growth", "{G}", "Enchantment — Aura",
         "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an additional {G}.",
         Keyword(names=("enchant land",)),
         Triggered(event=TriggerEvent.TAPPED_FOR_MANA, subject=AttachedToSource(),
                   effects=(AddMana("{G}", recipient=EVENT_PLAYER),))),
    card("Chromatic Lantern", "{3}", "Artifact",
         f'Lands you control have "{ANY_COLOR}"\n{ANY_COLOR}',
         Static(affects=parse_filter("land you control"), modification=AddAbilities((_any_color(),))),
         Activated(effects=(AddManaChoice(ManaChoice.ANY_COLOR),))),
    card("Cryptolith Rite", "{1}{G}", "Enchantment",
         f'Creatures you control have "{ANY_COLOR}"',
         Static(affects=parse_filter("creature you control"), modification=AddAbilities((_any_color(),)))),
    card("Paradise Mantle", "{0}", "Artifact — Equipment",
         f'Equipped creature has "{ANY_COLOR}"\nEquip {{1}}',
         Static(affects=parse_filter("equipped creature"), modification=AddAbilities((_any_color(),))),
         Activated(keyword="equip", sorcery_speed=True, effects=(Attach(),),
                   targets=(TargetSpec("creature you control"),))),
    card("Grand Architect", "{1}{U}{U}", "Creature — Vedalken Artificer",
         "Other blue creatures you control get +1/+1.\n"
         "{U}: Target artifact creature becomes blue until end of turn.\n"
         "Tap an untapped blue creature you control: Add {C}{C}. Spend this mana only to cast artifact "
         "spells or activate abilities of artifacts.",
         Static(affects=parse_filter("other blue creature you control"), modification=ModifyPT(1, 1)),
         Activated(effects=(SetColorUntilEOT("U"),), targets=(TargetSpec("artifact creature"),)),
         Activated(effects=(AddMana("{C}{C}", restriction="artifact"),)), pt="1/3"),
    card("Hangarback Walker", "{X}{X}", "Artifact Creature — Construct",
         "Hangarback Walker enters the battlefield with X +1/+1 counters on it.\n"
         "When Hangarback Walker dies, create a 1/1 colorless Thopter artifact creature token with flying "
         "for each +1/+1 counter on Hangarback Walker.\n"
         "{1}, {T}: Put a +1/+1 counter on Hangarback Walker.",
         EntersWith(counter="+1/+1", amount=X),
         Triggered(event=TriggerEvent.DIES, effects=(CreateToken("Thopter", EventCounters("+1/+1")),)),
         Activated(effects=(PutCounters("+1/+1", 1),)), pt="0/0"),
    card("Stonecoil Serpent", "{X}", "Artifact Creature — Snake",
         "Reach, trample, protection from multicolored\n"
         "Stonecoil Serpent enters the battlefield with X +1/+1 counters on it.",
         Keyword(names=("reach", "trample", "protection from multicolored")),
         EntersWith(counter="+1/+1", amount=X), pt="0/0"),
]

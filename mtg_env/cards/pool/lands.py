"""Lands."""

from ..vocab import (
    CONTROLLER,
    Activated,
    AddMana,
    AddManaChoice,
    DealDamage,
    EntersWith,
    ManaChoice,
    SacrificeIfNoCounters,
    Triggered,
    TriggerEvent,
    card,
)


def _basic(name: str, sym: str) -> object:
    return card(name, None, f"Basic Land — {name}", f"({{T}}: Add {{{sym}}}.)",
                Activated(effects=(AddMana(f"{{{sym}}}"),)))


CARDS = [
    _basic("Plains", "W"),
    _basic("Island", "U"),
    _basic("Swamp", "B"),
    _basic("Mountain", "R"),
    _basic("Forest", "G"),
    card("Wastes", None, "Basic Land", "{T}: Add {C}.",
         Activated(effects=(AddMana("{C}"),))),
    card("Command Tower", None, "Land",
         "{T}: Add one mana of any color in your commander's color identity.",
         Activated(effects=(AddManaChoice(ManaChoice.COMMANDER_IDENTITY),))),
    card("City of Brass", None, "Land",
         "Whenever City of Brass becomes tapped, it deals 1 damage to you.\n"
         "{T}: Add one mana of any color.",
         Triggered(event=TriggerEvent.BECOMES_TAPPED, effects=(DealDamage(1, CONTROLLER),)),
         Activated(effects=(AddManaChoice(ManaChoice.ANY_COLOR),))),
    card("Ancient Tomb", None, "Land",
         "{T}: Add {C}{C}. Ancient Tomb deals 2 damage to you.",
         Activated(effects=(AddMana("{C}{C}"), DealDamage(2, CONTROLLER)))),
    card("Llanowar Wastes", None, "Land",
         "{T}: Add {C}.\n{T}: Add {B} or {G}. Llanowar Wastes deals 1 damage to you.",
         Activated(effects=(AddMana("{C}"),)),
         Activated(effects=(AddManaChoice("BG"), DealDamage(1, CONTROLLER)))),
    card("Mana Confluence", None, "Land", "{T}, Pay 1 life: Add one mana of any color.",
         Activated(effects=(AddManaChoice(ManaChoice.ANY_COLOR),))),
    card("Gemstone Mine", None, "Land",
         "Gemstone Mine enters the battlefield with three mining counters on it.\n"
         "{T}, Remove a mining counter from Gemstone Mine: Add one mana of any color. "
         "If there are no mining counters on Gemstone Mine, sacrifice it.",
         EntersWith(counter="mining", amount=3),
         Activated(effects=(AddManaChoice(ManaChoice.ANY_COLOR), SacrificeIfNoCounters("mining")))),
]

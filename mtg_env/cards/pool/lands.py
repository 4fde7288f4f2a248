"""Lands."""

from ..vocab import CONTROLLER, Activated, AddMana, AddManaChoice, DealDamage, Triggered, card


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
         Activated(effects=(AddManaChoice("commander_identity"),))),
    card("City of Brass", None, "Land",
         "Whenever City of Brass becomes tapped, it deals 1 damage to you.\n"
         "{T}: Add one mana of any color.",
         Triggered(event="becomes_tapped_self", effects=(DealDamage(1, CONTROLLER),)),
         Activated(effects=(AddManaChoice("any_color"),))),
    card("Ancient Tomb", None, "Land",
         "{T}: Add {C}{C}. Ancient Tomb deals 2 damage to you.",
         Activated(effects=(AddMana("{C}{C}"), DealDamage(2, CONTROLLER)))),
]

"""Lands."""

from ..vocab import (
    Activated,
    AddManaChoice,
    EntersWith,
    ManaChoice,
    SacrificeIfNoCounters,
    card,
)

CARDS = [
    card("Gemstone Mine", None, "Land",
         "Gemstone Mine enters the battlefield with three mining counters on it.\n"
         "{T}, Remove a mining counter from Gemstone Mine: Add one mana of any color. "
         "If there are no mining counters on Gemstone Mine, sacrifice it.",
         EntersWith(counter="mining", amount=3),
         Activated(effects=(AddManaChoice(ManaChoice.ANY_COLOR), SacrificeIfNoCounters("mining")))),
]

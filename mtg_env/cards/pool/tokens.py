"""Token definitions (CR 111): cards that exist only as tokens."""

from ..vocab import (
    TARGET,
    Activated,
    Keyword,
    Pump,
    TargetSpec,
    card,
)

CARDS = [
    card("Thopter", None, "Artifact Creature — Thopter", "Flying", Keyword(names=("flying",)),
         pt="1/1", colors="", token=True),
    # Ertha Jo, Frontier Mentor's token
    card("Mercenary", None, "Creature — Mercenary",
         "{T}: Target creature you control gets +1/+0 until end of turn. Activate only as a sorcery.",
         Activated(effects=(Pump(1, 0, TARGET),), targets=(TargetSpec("creature you control"),)),
         pt="1/1", colors="R", token=True),
]

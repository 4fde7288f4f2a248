"""Token definitions (CR 111): cards that exist only as tokens."""

from ..vocab import Keyword, card

CARDS = [
    card("Thopter", None, "Artifact Creature — Thopter", "Flying", Keyword(names=("flying",)),
         pt="1/1", colors="", token=True),
]

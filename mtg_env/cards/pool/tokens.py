"""Token definitions (CR 111): cards that exist only as tokens."""

CARDS: list = []

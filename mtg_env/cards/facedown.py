"""The face-down card (CR 708.2a): what a face-down spell or permanent is.

A card cast face down with morph (CR 702.37c) or put onto the battlefield face down by
manifest (CR 701.40a) "becomes a 2/2 face-down creature card with no text, no name, no
subtypes, and no mana cost". Every face-down object has these characteristics, so they are one
shared definition, `FACE_DOWN`: the object's `card` while it is face down (its real card is
kept aside, engine/facedown.py). Nothing that reads the object's card (names, labels, the
state's JSON, observations, the log) can tell which card it is (CR 708.5).

It has no name (CR 708.2a, 201.2a); `name` is what labels and the log call it ("face-down
creature"), which no real card is named, so that no "named ..." filter finds it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.mana import ManaCost
from .carddef import CardDef

#: what labels and the log call a face-down spell or permanent (it has no name, CR 708.2a)
FACE_DOWN_NAME = "face-down creature"


@dataclass(frozen=True, eq=False)
class FaceDownDef(CardDef):
    """The one definition of face-down objects; pickles as itself (`face_down_card`)."""

    def __reduce__(self) -> tuple:
        return (face_down_card, ())


FACE_DOWN = FaceDownDef(FACE_DOWN_NAME, ManaCost(), frozenset({"Creature"}), (), frozenset(), 2, 2, "", (),
                        frozenset(), frozenset())


def face_down_card() -> FaceDownDef:
    return FACE_DOWN


def is_face_down_card(card: CardDef) -> bool:
    return card is FACE_DOWN

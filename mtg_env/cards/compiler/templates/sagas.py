"""Sagas (CR 714): a Saga's lines are its chapter abilities, "I — <effect>", "I, II — <effect>"
(CR 714.2: chapter symbols, each a triggered ability; the engine puts the lore counters on and
sacrifices the Saga after its final chapter, engine/sagas.py), and the reminder line "(As this
Saga enters and after your draw step, add a lore counter. Sacrifice after III.)", no ability
(CR 207.2a), read only when its numeral is the Saga's final chapter number.

Declined: read ahead (CR 702.155), Sagas with several faces (the transforming Sagas)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from ...abilities import Ability, Chapter, Triggered, TriggerEvent
from ..builder import Builder
from ..grammar import NoParse, rule
from ..text import Line

_NUMERALS = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7}
_REMINDER = re.compile(r"As this Saga enters and after your draw step, add a lore counter\."
                       r"(?: Sacrifice after (I|II|III|IV|V|VI|VII)\.)?")


def chapters(word: str) -> tuple[int, ...] | None:
    """"I, II" -> (1, 2); None for a word that isn't chapter symbols."""
    parts = [p.strip() for p in word.split(",")]
    if not parts or any(p not in _NUMERALS for p in parts):
        return None
    return tuple(_NUMERALS[p] for p in parts)


def _final(text: str) -> int:
    """The final chapter number of a Saga's Oracle text (CR 714.2d)."""
    from ..text import lines_of
    got = [chapters(ln.word) or () for ln in lines_of(text, "\0")]
    return max((n for ch in got for n in ch), default=0)


def saga_line(line: Line, card: Any, face: Any) -> list[Ability] | None:
    """The abilities of a line of a Saga that is a chapter or its reminder line; None for any
    other line (read as usual)."""
    if line.reminder_only and line.text.startswith("As this Saga enters"):
        m = _REMINDER.fullmatch(line.text)
        if not m or (m.group(1) and _NUMERALS[m.group(1)] != _final(face.oracle_text)):
            raise NoParse(line.text)
        return []
    nums = chapters(line.word) if line.word else None
    if nums is None:
        return None
    from ..lines import _triggered
    ab = _triggered(line, Builder(card), {"event": TriggerEvent.LORE}, line.text)
    assert isinstance(ab, Triggered)
    if ab.modes:
        raise NoParse(line.text)
    fields = {f.name: getattr(ab, f.name) for f in dataclasses.fields(Triggered)}
    return [Chapter(**fields, chapter=n) for n in nums]


@rule("effect", "Exile this Saga, then return it to the battlefield transformed under your control")
def exile_return_transformed(b: Builder) -> list[Any]:
    """CR 712.14a: the transforming Sagas' final chapter (the card returns with its back face
    up, a new object, CR 400.7)."""
    from ...effects.sagas import ExileReturnTransformed
    return [ExileReturnTransformed()]

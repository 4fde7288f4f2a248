"""Lines that are only reminder text about the card's own mana symbols: "({B/R} can be paid with
either {B} or {R}.)" (hybrid, CR 107.4e), "({2/W} can be paid with any two mana or with {W}.)"
(monocolored hybrid, CR 107.4e), "({R/P} can be paid with either {R} or 2 life.)" (Phyrexian,
CR 107.4f). Reminder text has no rules meaning (CR 207.2a): such a line is no ability, read only
when it is the whole line, in parentheses, and the symbol it explains is one of the card's own
(its mana cost or its text), where the mana cost reader reads it."""

from __future__ import annotations

from typing import Any

from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..text import Line


@kind("reminder_symbol")
def _reminder_symbol(text: str) -> str:
    """One mana symbol, "{B/R}", "{W}", "{2/W}", "{R/P}": its inside, upper case."""
    if not (text.startswith("{") and text.endswith("}")) or text.count("{") != 1:
        raise NoParse(text)
    return text[1:-1].upper()


def _own_symbol(b: Builder, line: Line, sym: str) -> None:
    card = b.card
    face = getattr(card, "front", card)
    if not line.reminder_only:
        raise NoParse(line.text)
    mine = "{" + sym + "}"
    elsewhere = face.oracle_text.replace(line.raw, "")
    if mine not in face.mana_cost.upper() and mine not in elsewhere.upper():
        raise NoParse(line.text)


@rule("static", "<h:reminder_symbol> can be paid with either <a:reminder_symbol> or <c:reminder_symbol>")
@rule("spell_static", "<h:reminder_symbol> can be paid with either <a:reminder_symbol> or <c:reminder_symbol>")
def hybrid_reminder(b: Builder, h: str, a: str, c: str, line: Line) -> list[Any]:
    """CR 107.4e: "{B/R} can be paid with either {B} or {R}." (no ability)."""
    if h != f"{a}/{c}" or a == c:
        raise NoParse(line.text)
    _own_symbol(b, line, h)
    return []


@rule("static", "<h:reminder_symbol> can be paid with any two mana or with <a:reminder_symbol>")
@rule("spell_static", "<h:reminder_symbol> can be paid with any two mana or with <a:reminder_symbol>")
def two_hybrid_reminder(b: Builder, h: str, a: str, line: Line) -> list[Any]:
    """CR 107.4e: "{2/W} can be paid with any two mana or with {W}." (no ability)."""
    if h != f"2/{a}" or a not in "WUBRG":
        raise NoParse(line.text)
    _own_symbol(b, line, h)
    return []


@rule("static", "<h:reminder_symbol> can be paid with either <a:reminder_symbol> or 2 life")
@rule("spell_static", "<h:reminder_symbol> can be paid with either <a:reminder_symbol> or 2 life")
def phyrexian_reminder(b: Builder, h: str, a: str, line: Line) -> list[Any]:
    """CR 107.4f: "{R/P} can be paid with either {R} or 2 life." (no ability)."""
    if h != f"{a}/P" or a not in "WUBRG":
        raise NoParse(line.text)
    _own_symbol(b, line, h)
    return []

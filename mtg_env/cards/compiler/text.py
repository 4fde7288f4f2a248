"""Oracle text as the compiler reads it: one `Line` per ability (CR 113.2c: each paragraph is
one ability; a modal ability's bullets belong to it, CR 700.2), with

- reminder text removed (it has no rules meaning, CR 207.2a), except a line that is only
  reminder text, which is kept for the rule that gives it (a basic land type's mana ability,
  CR 305.6);
- the card's name, and a legendary card's short name ("Alrund" for "Alrund, God of the
  Cosmos"), written `~`, so templates read "~ deals 3 damage to any target" for every card;
- "enters the battlefield" written "enters" (the 2024 templating, which newer cards use);
- an ability word or flavor word ("Landfall — ", CR 207.2c, 207.2d) set aside: it has no rules
  meaning.

The line's `raw` text is kept as printed, a modal ability's bullets joined by spaces: it is the
ability's text, as labels show it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SELF = "~"

@dataclass(frozen=True, slots=True)
class Line:
    """One ability's text: `raw` as printed (the ability's text), `text` normalized (see the
    module docstring), `modes` the bullets of a modal ability (normalized, without the
    bullet), `raw_modes` the bullets as printed, `word` the ability or flavor word set aside,
    if any."""

    raw: str
    text: str
    modes: tuple[str, ...] = ()
    word: str = ""
    reminder_only: bool = False
    raw_modes: tuple[str, ...] = ()


_REMINDER = re.compile(r"\s*\([^()]*\)")
_ENTERS = re.compile(r"\benters the battlefield\b")
_WORD_PREFIX = re.compile(r"^([A-Z][^—{}:.\d]*?) — (?=\S)")


def self_names(name: str, legendary: bool) -> list[str]:
    """How a card's text names itself: its name, and a legendary card's short name."""
    names = [name]
    if legendary and ", " in name:
        short = name.split(", ")[0]
        if len(short) > 2:
            names.append(short)
    return names


def strip_reminder(text: str) -> str:
    return " ".join(_REMINDER.sub("", text).split())


def name_to_self(text: str, names: list[str]) -> str:
    """The card's own name (and short name) written `~`, as whole words only: "Ajani's Aid"
    doesn't name Ajani."""
    for n in sorted(names, key=len, reverse=True):
        text = re.sub(r"(?<![\w'])" + re.escape(n) + r"(?![\w])", SELF, text)
    return text


def normalize(text: str, names: list[str]) -> str:
    text = strip_reminder(text)
    text = name_to_self(text, names)
    text = _ENTERS.sub("enters", text)
    return text.replace("’", "'").strip()


_LOYALTY = re.compile(r"^\[([+\u2212-]?)(\d+|X)\]: ")


def _loyalty_symbol(m: re.Match[str]) -> str:
    """"[+2]: " / "[-1]: " (the database's brackets) as printed: "+2: ", "\u22121: " (CR 606.2)."""
    sign = "\u2212" if m.group(1) in ("-", "\u2212") else m.group(1)
    return f"{sign}{m.group(2)}: "


def lines_of(oracle: str, name: str, legendary: bool = False) -> list[Line]:
    """The abilities of a face's Oracle text, in order (CR 113.2c). A loyalty ability's cost
    is written as printed ("\u22121: ...", with the minus sign)."""
    names = self_names(name, legendary)
    paragraphs: list[list[str]] = []
    for p in oracle.split("\n"):
        p = _LOYALTY.sub(_loyalty_symbol, p.strip())
        if not p:
            continue
        if p.startswith("•") and paragraphs:
            paragraphs[-1].append(p)
        else:
            paragraphs.append([p])
    out: list[Line] = []
    for para in paragraphs:
        head, bullets = para[0], para[1:]
        raw = " ".join(para)  # one line: labels and the log are one line each (as card() writes it)
        text = normalize(head, names)
        reminder_only = False
        if not text and head.startswith("("):
            text = normalize(head[1:-1] if head.endswith(")") else head, names)
            reminder_only = True
        word = ""
        m = _WORD_PREFIX.match(text)
        if m and not m.group(1).lower().startswith("choose"):
            word, text = m.group(1), text[m.end():]
        modes = tuple(normalize(b.lstrip("•").strip(), names) for b in bullets)
        out.append(Line(raw, text, modes, word, reminder_only, tuple(b.lstrip("•").strip() for b in bullets)))
    return out

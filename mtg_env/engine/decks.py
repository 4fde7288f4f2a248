"""Deck lists (interface.md §6) and starting a game from decks.

A deck list is plain text as MTG Arena and MTGO export it: `N Card Name` per line, optional
section headers (`Deck`, `Sideboard`, `Commander`), blank lines and `//` comments ignored.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..cards import get_card, has_card
from .errors import DeckError
from .game import Game

_LINE = re.compile(r"^(\d+)x?\s+(.+?)\s*$")
_SET_SUFFIX = re.compile(r"\s+\([A-Z0-9]{2,6}\)\s+\S+$")  # Arena's "(SET) 123"
SECTIONS = {"deck": "main", "main": "main", "maindeck": "main", "sideboard": "side",
            "commander": "commander", "companion": "side"}


@dataclass
class Deck:
    name: str
    main: list[str] = field(default_factory=list)
    sideboard: list[str] = field(default_factory=list)
    commander: list[str] = field(default_factory=list)


def parse_deck(text: str, where: str = "<deck>") -> Deck:
    """Read a deck list; every unsupported card is reported at once (interface.md §6)."""
    deck = Deck(name=os.path.splitext(os.path.basename(where))[0])
    section = "main"
    unknown: list[str] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("//", 1)[0].strip()
        if not line:
            continue
        if line.lower().rstrip(":") in SECTIONS:
            section = SECTIONS[line.lower().rstrip(":")]
            continue
        m = _LINE.match(line)
        if not m:
            raise DeckError(f"{where}:{lineno}: expected 'N Card Name', got {raw.strip()!r}")
        n, name = int(m.group(1)), _SET_SUFFIX.sub("", m.group(2)).strip()
        if n < 1:
            raise DeckError(f"{where}:{lineno}: a count must be at least 1, got {n}")
        if not has_card(name):
            if name not in unknown:
                unknown.append(name)
            continue
        name = get_card(name).name
        target = {"main": deck.main, "side": deck.sideboard, "commander": deck.commander}[section]
        target.extend([name] * n)
    if unknown:
        raise DeckError(f"{where}: {len(unknown)} unsupported card{'s' if len(unknown) > 1 else ''}: "
                        + ", ".join(unknown))
    if not deck.main and not deck.commander:
        raise DeckError(f"{where}: the deck has no cards")
    return deck


def load_deck(source: str | os.PathLike[str] | Deck) -> Deck:
    """A deck from a path, or from deck-list text."""
    if isinstance(source, Deck):
        return source
    s = os.fspath(source)
    if "\n" not in s and os.path.exists(s):
        with open(s, encoding="utf-8") as f:
            return parse_deck(f.read(), s)
    if "\n" not in s and s.endswith((".txt", ".dec", ".dek")):
        raise DeckError(f"{s}: no such deck file")
    return parse_deck(s, "<deck text>")


def new_game(decks: Sequence[str | os.PathLike[str] | Deck], seed: int = 0, format: str = "duel",
             first_player: int | None = None, mana_payment: str = "manual",
             turn_limit: int | None = 50, names: list[str] | None = None) -> Game:
    """Start a game: shuffle, decide who plays first (from the seed unless given), deal seven
    cards each, and stop at the first decision."""
    loaded = [load_deck(d) for d in decks]
    if format == "goldfish":
        if len(loaded) != 1:
            raise DeckError(f"goldfish takes one deck, got {len(loaded)}")
    elif len(loaded) != 2:
        raise DeckError(f"{format} takes two decks, got {len(loaded)}")
    pnames = names or [f"P{i + 1}" for i in range(max(2, len(loaded)))]
    g = Game(pnames, seed=seed, format=format, mana_payment=mana_payment, turn_limit=turn_limit)
    if format == "goldfish":
        g.players[1].dummy = True
    for i, deck in enumerate(loaded):
        for name in deck.main:
            g.new_object(name, i, "library")
        g.rng.shuffle(g.players[i].library)
    if first_player is None:
        first_player = 0 if format == "goldfish" else g.rng.randrange(len(loaded))
    g.active = g.first_player = g.priority = first_player
    g.turn = 1
    for i in range(len(loaded)):
        g.draw(i, 7)
    g.log_event(f"Turn 1: {g.players[first_player].name} plays first")
    g.step = "untap"
    g._begin_step()
    g.start()
    return g

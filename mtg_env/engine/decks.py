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
from ..core.errors import DeckError, MtgError
from ..core.inputs import InputFileError, read_text
from . import mulligan, turns
from .game import Game

_LINE = re.compile(r"^(\d+)x?\s+(.+?)\s*$")
_SET_SUFFIX = re.compile(r"\s+\([A-Z0-9]{2,6}\)\s+\S+$")  # Arena's "(SET) 123"
SECTIONS = {"deck": "main", "main": "main", "maindeck": "main", "sideboard": "side",
            "commander": "commander", "companion": "side"}
#: the most cards a deck list may hold, all sections together (checked before any is made)
MAX_DECK_CARDS = 1000


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
    total = 0
    for lineno, raw in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        line = raw.split("//", 1)[0].strip()
        if not line:
            continue
        if line.lower().rstrip(":") in SECTIONS:
            section = SECTIONS[line.lower().rstrip(":")]
            continue
        m = _LINE.match(line)
        if not m:
            raise DeckError(f"{where}:{lineno}: expected 'N Card Name', got {raw.strip()!r}")
        digits = m.group(1)
        n = int(digits) if len(digits) <= 6 else MAX_DECK_CARDS + 1  # bounded before any list grows
        if n < 1:
            raise DeckError(f"{where}:{lineno}: a count must be at least 1, got {n}")
        total += n
        if total > MAX_DECK_CARDS:
            raise DeckError(f"{where}:{lineno}: a deck list holds at most {MAX_DECK_CARDS} cards; "
                            f"this line asks for {digits if len(digits) <= 12 else digits[:12] + '...'}")
        name = _SET_SUFFIX.sub("", m.group(2)).strip()
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
        try:
            text = read_text(s)
        except InputFileError as e:
            raise DeckError(str(e)) from None
        return parse_deck(text, s)
    if "\n" not in s and s.endswith((".txt", ".dec", ".dek")):
        raise DeckError(f"{s}: no such deck file")
    return parse_deck(s, "<deck text>")


def new_game(decks: Sequence[str | os.PathLike[str] | Deck], seed: int = 0, format: str = "duel",
             first_player: int | None = None, mana_payment: str = "manual",
             turn_limit: int | None = 50, names: list[str] | None = None,
             mulligans: bool = True, skip_forced: bool = False) -> Game:
    """Start a game: check the decks against the format, shuffle, decide who plays first (at
    random from the seed unless given), deal seven cards each, and run the London mulligan as
    decisions (CR 103). Stops at the first decision.

    Formats: `duel` (two decks), `goldfish` (one deck, against an opponent that never acts),
    `commander` (two to four decks with a Commander section). With `skip_forced` the engine
    takes every decision that has exactly one legal action itself (interface.md §9)."""
    from .formats import get_format
    if isinstance(decks, str | bytes | os.PathLike) or not isinstance(decks, Sequence):
        raise DeckError(f"decks must be a list of deck files, deck texts or Decks, got {decks!r:.80}")
    if not isinstance(format, str):
        raise MtgError(f"format must be a format's name, got {format!r}")
    if first_player is not None and (not isinstance(first_player, int) or isinstance(first_player, bool)):
        raise MtgError(f"first_player must be a player's index or None, got {first_player!r}")
    if names is not None and (isinstance(names, str) or not isinstance(names, Sequence)):
        raise MtgError(f"names must be a list of player names, got {names!r}")
    if not isinstance(mulligans, bool):
        raise MtgError(f"mulligans must be True or False, got {mulligans!r}")
    fmt = get_format(format)
    for d in decks:
        if not isinstance(d, str | os.PathLike | Deck):
            raise DeckError(f"a deck is a file path, deck-list text or a Deck, got {d!r:.80}")
    loaded = [load_deck(d) for d in decks]
    if not fmt.min_players <= len(loaded) <= fmt.max_players:
        want = (str(fmt.min_players) if fmt.min_players == fmt.max_players
                else f"{fmt.min_players} to {fmt.max_players}")
        raise DeckError(f"{format} takes {want} deck{'s' if fmt.max_players > 1 else ''}, got {len(loaded)}")
    for d in loaded:
        fmt.validate_deck(d, d.name)
    n = max(2, len(loaded))
    pnames = list(names) if names else [f"P{i + 1}" for i in range(n)]
    if len(pnames) != n:
        raise DeckError(f"{n} player names expected, got {len(pnames)}")
    g = Game(pnames, seed=seed, format=format, mana_payment=mana_payment, life=fmt.starting_life,
             turn_limit=turn_limit, skip_forced=skip_forced)
    g.options.format_rules = fmt
    fmt.setup(g, loaded)
    for i in range(len(loaded)):
        g.rng.shuffle(g.players[i].library)
    if first_player is None:
        first_player = 0 if format == "goldfish" else g.rng.randrange(len(loaded))
    elif not 0 <= first_player < len(loaded):
        raise DeckError(f"first_player must be 0 to {len(loaded) - 1}, got {first_player}")
    ts = g.turn_state
    ts.active = ts.first_player = g.priority_state.player = first_player
    ts.number = 1
    g.log_event(f"Game start ({format}, seed {seed}): {g.players[first_player].name} plays first")
    for i in range(len(loaded)):
        g.draw(i, 7)
    ts.step = "untap"
    turns.begin_step(g)
    if mulligans:
        order = [(first_player + k) % len(loaded) for k in range(len(loaded))]
        mulligan.begin_mulligans(g, order, fmt.free_mulligans(g))
    g.start()
    return g

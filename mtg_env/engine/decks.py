"""Deck lists (interface.md §6) and starting a game from decks.

A deck list is plain text as MTG Arena and MTGO export it: `N Card Name` per line, optional
section headers (`Deck`, `Sideboard`, `Commander`), blank lines and `//` comments ignored; or a
Forge `.dck` file (`[Main]`, `[Commander]`, `[Sideboard]`, `[metadata]` sections, lines
`N Card Name|SET|ART`). Names are matched ignoring case and accents ("Lim-Dul's Vault").
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..cards import get_card
from ..core.errors import DeckError, MtgError, UnknownCardError
from ..core.inputs import InputFileError, read_text
from . import mulligan, turns
from .game import Game

_LINE = re.compile(r"^(\d+)x?\s+(.+?)\s*$")
_SET_SUFFIX = re.compile(r"\s+\([A-Z0-9]{2,6}\)\s+\S+$")  # Arena's "(SET) 123"
SECTIONS = {"deck": "main", "main": "main", "maindeck": "main", "sideboard": "side",
            "commander": "commander", "companion": "side"}
#: Forge .dck sections (case-insensitive) that hold cards, and those that hold none of ours
DCK_SECTIONS = {"main": "main", "sideboard": "side", "commander": "commander"}
DCK_IGNORED = frozenset({"metadata", "shop", "avatar"})
_DCK_LINE = re.compile(r"^(\d+)\s+([^|]+?)(\+?)(?:\|([^|]*)(?:\|(\d+))?)?\s*$")
#: the most cards a deck list may hold, all sections together (checked before any is made)
MAX_DECK_CARDS = 1000


@dataclass
class Deck:
    name: str
    main: list[str] = field(default_factory=list)
    sideboard: list[str] = field(default_factory=list)
    commander: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Entry:
    """One card line of a deck list: where it is (`where` "file:line"), its section ("main",
    "side", "commander"), the number of copies and the name as written."""

    where: str
    section: str
    count: int
    name: str


def is_dck(text: str) -> bool:
    """A Forge .dck file: it has `[section]` headers."""
    return any(ln.strip().startswith("[") and ln.strip().endswith("]") for ln in text.splitlines()[:50])


def read_entries(text: str, where: str = "<deck>") -> tuple[str | None, list[Entry]]:
    """The card lines of a deck list (Arena/MTGO text or a Forge .dck file, interface.md §6)
    and the deck's name if the file gives one. A line that is no card line is a DeckError
    naming the file and line; names are not checked here."""
    text = text.lstrip("\ufeff")
    if is_dck(text):
        return _read_dck(text, where)
    out: list[Entry] = []
    section = "main"
    total = 0
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
        n = _count(m.group(1), f"{where}:{lineno}", total)
        total += n
        name = _SET_SUFFIX.sub("", m.group(2)).strip()
        out.append(Entry(f"{where}:{lineno}", section, n, name))
    return None, out


def _read_dck(text: str, where: str) -> tuple[str | None, list[Entry]]:
    """Forge's format (../reference/decks/README.md): `[section]` headers, `Key=Value` lines in
    [metadata], card lines `N Name[+][|SET[|ART]]` (`+` marks a foil; set and art are read and
    ignored)."""
    out: list[Entry] = []
    name: str | None = None
    section: str | None = None
    total = 0
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            if section not in DCK_SECTIONS and section not in DCK_IGNORED:
                raise DeckError(f"{where}:{lineno}: unknown section {line!r} (expected [Main], [Commander], "
                                f"[Sideboard] or [metadata])")
            continue
        if section is None:
            raise DeckError(f"{where}:{lineno}: a line before the first [section]: {line!r}")
        if section == "metadata":
            key, eq, value = line.partition("=")
            if not eq:
                raise DeckError(f"{where}:{lineno}: expected Key=Value in [metadata], got {line!r}")
            if key.strip().lower() == "name" and value.strip():
                name = value.strip()
            continue
        if section in DCK_IGNORED:
            continue
        m = _DCK_LINE.match(line)
        if not m:
            raise DeckError(f"{where}:{lineno}: expected 'N Card Name|SET|ART', got {line!r}")
        n = _count(m.group(1), f"{where}:{lineno}", total)
        total += n
        out.append(Entry(f"{where}:{lineno}", DCK_SECTIONS[section], n, m.group(2).strip()))
    return name, out


def _count(digits: str, where: str, before: int) -> int:
    """The count of a card line, bounded before any list grows: at least 1, and at most
    MAX_DECK_CARDS with the `before` cards of the lines above (`1000000000 Forest` is an error
    here, not 8 GB of names)."""
    n = int(digits) if len(digits) <= 6 else MAX_DECK_CARDS + 1
    if n < 1:
        raise DeckError(f"{where}: a count must be at least 1, got {n}")
    if before + n > MAX_DECK_CARDS:
        raise DeckError(f"{where}: a deck list holds at most {MAX_DECK_CARDS} cards; "
                        f"this line asks for {digits if len(digits) <= 12 else digits[:12] + '...'}")
    return n


@dataclass(frozen=True)
class CardLine:
    """A distinct card of a deck and whether the engine supports it."""

    name: str
    count: int
    supported: bool
    known: bool
    reasons: tuple[str, ...] = ()
    source: str = ""
    where: str = ""


@dataclass(frozen=True)
class DeckReport:
    """`mtg-env deck check`: each distinct card of a deck with its status."""

    name: str
    cards: tuple[CardLine, ...]

    @property
    def supported(self) -> int:
        return sum(1 for c in self.cards if c.supported)

    @property
    def share(self) -> float:
        """The share of the deck's distinct card names that are supported."""
        return self.supported / len(self.cards) if self.cards else 0.0

    @property
    def loads(self) -> bool:
        return all(c.supported for c in self.cards)

    def to_json(self) -> dict:
        return {"name": self.name, "loads": self.loads, "supported": self.supported, "distinct": len(self.cards),
                "share": round(self.share, 4),
                "cards": [{"name": c.name, "count": c.count, "supported": c.supported, "known": c.known,
                           "source": c.source, "reasons": list(c.reasons), "line": c.where} for c in self.cards]}


def check_deck(text: str, where: str = "<deck>") -> DeckReport:
    """Each distinct card of a deck list with its support status (never raises for a card;
    raises DeckError for a malformed list)."""
    from ..cards import card_status
    fname, entries = read_entries(text, where)
    seen: dict[str, CardLine] = {}
    for e in entries:
        try:
            st = card_status(e.name)
            line = CardLine(st.name, e.count, st.supported, True, tuple(st.reasons), st.source, e.where)
        except UnknownCardError as err:
            line = CardLine(e.name, e.count, False, False, (str(err),), "", e.where)
        if line.name in seen:
            old = seen[line.name]
            line = CardLine(old.name, old.count + e.count, old.supported, old.known, old.reasons, old.source,
                            old.where)
        seen[line.name] = line
    return DeckReport(fname or os.path.splitext(os.path.basename(where))[0], tuple(seen.values()))


def parse_deck(text: str, where: str = "<deck>") -> Deck:
    """Read a deck list (Arena/MTGO text or a Forge .dck file); every unknown or unsupported
    card is reported at once (interface.md §6)."""
    from ..cards import card_status
    fname, entries = read_entries(text, where)
    deck = Deck(name=fname or os.path.splitext(os.path.basename(where))[0])
    unknown: list[str] = []
    unsupported: list[str] = []
    for e in entries:
        try:
            st = card_status(e.name)
        except UnknownCardError as err:
            msg = f"{e.name} ({e.where}: {err})"
            if msg not in unknown:
                unknown.append(msg)
            continue
        if not st.supported:
            msg = f"{st.name} ({st.reasons[0] if st.reasons else 'unsupported'})"
            if msg not in unsupported:
                unsupported.append(msg)
            continue
        target = {"main": deck.main, "side": deck.sideboard, "commander": deck.commander}[e.section]
        target.extend([get_card(st.name).name] * e.count)
    problems = []
    if unknown:
        problems.append(f"{len(unknown)} unknown card{'s' if len(unknown) > 1 else ''}: " + "; ".join(unknown))
    if unsupported:
        problems.append(f"{len(unsupported)} unsupported card{'s' if len(unsupported) > 1 else ''}: "
                        + "; ".join(unsupported))
    if problems:
        raise DeckError(f"{where}: " + ". ".join(problems))
    if not deck.main and not deck.commander:
        raise DeckError(f"{where}: the deck has no cards")
    return deck


def read_deck_file(s: str) -> str:
    """A deck file's text, read only if it is a regular file within the size limit
    (core/inputs.py: /dev/zero is not read until memory runs out)."""
    try:
        return read_text(s)
    except InputFileError as e:
        raise DeckError(str(e)) from None


def load_deck(source: str | os.PathLike[str] | Deck) -> Deck:
    """A deck from a path (Arena/MTGO text or Forge .dck), or from deck-list text."""
    if isinstance(source, Deck):
        return source
    s = os.fspath(source)
    if "\n" not in s and os.path.exists(s):
        return parse_deck(read_deck_file(s), s)
    if "\n" not in s and s.endswith((".txt", ".dec", ".dek", ".dck")):
        raise DeckError(f"{s}: no such deck file")
    return parse_deck(s, "<deck text>")


def new_game(decks: Sequence[str | os.PathLike[str] | Deck], seed: int = 0, format: str = "duel",
             first_player: int | None = None, mana_payment: str = "manual",
             turn_limit: int | None = 50, names: list[str] | None = None,
             mulligans: bool = True, skip_forced: bool = False, useful_mana_only: bool = False) -> Game:
    """Start a game: check the decks against the format, shuffle, decide who plays first (at
    random from the seed unless given), deal seven cards each, and run the London mulligan as
    decisions (CR 103). Stops at the first decision.

    Formats: `duel` (two decks), `goldfish` (one deck, against an opponent that never acts),
    `commander` (two to four decks with a Commander section). With `skip_forced` the engine
    takes every decision that has exactly one legal action itself (interface.md §9); with
    `useful_mana_only` a mana ability is offered at priority only while it matters
    (engine/useful_mana.py, docs/extensions.md)."""
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
             turn_limit=turn_limit, skip_forced=skip_forced, useful_mana_only=useful_mana_only)
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

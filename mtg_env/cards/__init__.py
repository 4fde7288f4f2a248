"""The cards: every supported card, by name (interface.md §7).

A card comes from one of two places. Hand-written definitions (cards/pool/, grouped by what
they are; each module lists its cards in `CARDS`) are for cards the compiler can't express yet
and take precedence; their Oracle texts are verbatim from ../shared/reference/cards.txt. Every
other card of the Oracle database (cards/database.py) is compiled from its text on first use
(cards/compiler/), exactly or not at all: `card_status` says which, and why not.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from ..core.errors import UnknownCardError, UnsupportedCardError
from .carddef import CardDef

_REGISTRY: dict[str, CardDef] = {}
_LOWER: dict[str, str] = {}


def register(*cards: CardDef) -> None:
    for c in cards:
        if c.name in _REGISTRY:
            raise ValueError(f"card {c.name!r} is defined twice")
        _REGISTRY[c.name] = c
        _LOWER[c.name.lower()] = c.name


@contextmanager
def temporary(*cards: CardDef) -> Iterator[None]:
    """Cards registered only inside the `with` block (for tests that need a card the pool lacks)."""
    _load()
    added = [c for c in cards if c.name not in _REGISTRY]
    register(*added)
    try:
        yield
    finally:
        for c in added:
            _REGISTRY.pop(c.name, None)
            _LOWER.pop(c.name.lower(), None)


@dataclass(frozen=True)
class CardStatus:
    """Whether the engine supports a card: `source` is "hand-written" or "compiled" (from its
    Oracle text); `reasons` names each phrase of an unsupported card's text the compiler did
    not read."""

    name: str
    supported: bool
    reasons: list[str] = field(default_factory=list)
    source: str = "compiled"


def _hand_written(name: str) -> CardDef | None:
    _load()
    c = _REGISTRY.get(name)
    if c is None:
        exact = _LOWER.get(" ".join(name.split()).lower())
        c = _REGISTRY[exact] if exact is not None else None
    return c


def card_status(name: str) -> CardStatus:
    """The support status of the card named `name` (any case; accents optional; a face's name
    for a multi-face card). Raises UnknownCardError, suggesting close names, for a name that
    is no card."""
    c = _hand_written(name)
    if c is not None:
        return CardStatus(c.name, True, [], "hand-written")
    from .compiler import compiled
    got = compiled(name)
    if got is None:
        raise UnknownCardError(_unknown_message(name))
    return CardStatus(got.name, got.supported, list(got.reasons), "compiled")


def _unknown_message(name: str) -> str:
    from .database import database
    close = database().suggest(name)
    hint = f" (did you mean {' or '.join(repr(n) for n in close)}?)" if close else ""
    return f"unknown card {name!r}: no card has that name{hint}"


def get_card(name: str) -> CardDef:
    """The card named `name` (as `card_status` reads names). An unknown name raises
    UnknownCardError; a real card the engine doesn't support, UnsupportedCardError (a
    subclass) with its reasons."""
    c = _hand_written(name)
    if c is not None:
        return c
    from .compiler import compiled
    got = compiled(name)
    if got is None:
        raise UnknownCardError(_unknown_message(name))
    if got.card is None:
        raise UnsupportedCardError(f"card {got.name!r} is not supported: " + "; ".join(got.reasons),
                                   got.name, got.reasons)
    return got.card


def has_card(name: str) -> bool:
    """Whether `name` is a card the engine supports."""
    if _hand_written(name) is not None:
        return True
    from .compiler import compiled
    got = compiled(name)
    return got is not None and got.supported


def all_cards(include_tokens: bool = False) -> list[CardDef]:
    """The card pool (cards/pool/): the cards the seed scenarios, sample decks, agents'
    observations and tests are built on, hand-written or compiled (`COMPILED`), sorted by name;
    `compiler.coverage.supported_names()` lists every supported card."""
    _load()
    from .compiler import compiled
    from .pool import COMPILED
    out = [c for c in _REGISTRY.values() if include_tokens or not c.is_token]
    for name in COMPILED:
        got = compiled(name)
        if got is None or got.card is None:  # the compiler changed: tests/compiler/test_round_trip.py
            raise RuntimeError(f"pool card {name!r} no longer compiles: {got.reasons if got else 'unknown'}")
        out.append(got.card)
    return sorted(out, key=lambda c: c.name)


_loaded = False


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from . import pool  # noqa: F401  (registers the cards)

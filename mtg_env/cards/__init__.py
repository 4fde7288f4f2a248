"""The card pool: every supported card, by name.

Card definitions live in the modules of this package, grouped by what they are; each module
lists its cards in `CARDS`. Oracle texts are verbatim from ../shared/reference/cards.txt; where
the newer Oracle templating ("this artifact") and the older one (the card's own name) differ,
the card's own name is used, as interface.md's labels do ("{3}: Untap Basalt Monolith.").
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ..core.errors import UnknownCardError
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


def get_card(name: str) -> CardDef:
    """The card named `name` (exact, or ignoring case)."""
    _load()
    c = _REGISTRY.get(name)
    if c is None:
        exact = _LOWER.get(name.strip().lower())
        if exact is None:
            raise UnknownCardError(f"unknown card {name!r}: the engine does not support it "
                                   f"(`mtg-env cards` lists the supported cards)")
        c = _REGISTRY[exact]
    return c


def has_card(name: str) -> bool:
    _load()
    return name in _REGISTRY or name.strip().lower() in _LOWER


def all_cards(include_tokens: bool = False) -> list[CardDef]:
    _load()
    return sorted((c for c in _REGISTRY.values() if include_tokens or not c.is_token), key=lambda c: c.name)


_loaded = False


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from . import pool  # noqa: F401  (registers the cards)

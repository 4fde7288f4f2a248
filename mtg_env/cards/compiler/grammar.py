"""The compiler's templates: patterns over Oracle text with typed slots, and the rules that
build card vocabulary from what they match.

A pattern is Oracle wording with slots: `"<source:obj> deals <n:amount> damage to <to:obj>"`.
`(a|b)` is a choice of wordings and `(a|)` an optional one, so one pattern covers "draw a card"
and "draws a card". Literal words match ignoring case; a slot matches a stretch of text that its
kind's reader (lexicon.py) reads, so a pattern matches exactly or not at all, trying every way
of cutting the text between its words.

A rule is a pattern in a category (`effect`, `static`, `trigger`, `keyword`, ...) with a build
function that turns the slots' readings into vocabulary, given the card's `Builder`. Rules are
tried in the order they are registered; the first that matches and builds wins. A build
function raises `NoParse` to decline (a reading the engine can't execute exactly).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ...core.filters import FilterError
from ..costs import CardDefinitionError


class NoParse(Exception):
    """No template reads this phrase (it is a reason a card is unsupported)."""

    def __init__(self, phrase: str = "") -> None:
        super().__init__(phrase)
        self.phrase = phrase


#: what a slot reader may raise to say "not this reading"
FAIL = (NoParse, FilterError, CardDefinitionError, ValueError, KeyError)


@dataclass(frozen=True, slots=True)
class Slot:
    name: str
    kind: str


#: slot kind -> reader of a stretch of text (lexicon.py registers them)
KINDS: dict[str, Callable[[str], Any]] = {}


def kind(name: str) -> Callable[[Callable[[str], Any]], Callable[[str], Any]]:
    """Register a slot reader: text -> value, raising one of FAIL for text it doesn't read."""
    def register(f: Callable[[str], Any]) -> Callable[[str], Any]:
        old = KINDS.get(name)
        if old is not None and (old.__module__, old.__qualname__) != (f.__module__, f.__qualname__):
            # two template modules reading different things under one name: the later would
            # silently replace the earlier's reader in every pattern
            raise ValueError(f"slot kind {name!r} is defined twice ({old.__module__}, {f.__module__})")
        KINDS[name] = f
        return f
    return register


#: what `read` gives for text a slot kind does not read
MISS = _MISS = object()
_memo: dict[tuple[str, str], Any] = {}


def read(kind_name: str, text: str) -> Any:
    """A slot's reading of `text`, or _MISS (memoized: readers are pure)."""
    key = (kind_name, text)
    got = _memo.get(key)
    if got is None:
        try:
            got = KINDS[kind_name](text)
        except FAIL:
            got = _MISS
        if len(_memo) > 200_000:
            _memo.clear()
        _memo[key] = got
    return got


_SLOT = re.compile(r"<(\w+)(?::(\w+))?>")
_CHOICE = re.compile(r"\(([^()<>]*\|[^()<>]*)\)")


def _expand(src: str) -> list[str]:
    """The wordings of a pattern: each `(a|b|)` choice taken every way."""
    pieces = _CHOICE.split(src)
    options = [p.split("|") if i % 2 else [p] for i, p in enumerate(pieces)]
    return [" ".join("".join(c).split()) for c in itertools.product(*options)]


class Pattern:
    """One wording: literal parts and slots, alternating (two slots never touch)."""

    __slots__ = ("source", "parts", "literals")

    def __init__(self, source: str) -> None:
        self.source = source
        parts: list[str | Slot] = []
        pos = 0
        for m in _SLOT.finditer(source):
            if m.start() > pos:
                parts.append(source[pos:m.start()].lower())
            elif parts and isinstance(parts[-1], Slot):
                raise ValueError(f"pattern {source!r}: two slots touch")
            parts.append(Slot(m.group(1), m.group(2) or m.group(1)))
            pos = m.end()
        if pos < len(source):
            parts.append(source[pos:].lower())
        self.parts = tuple(parts)
        self.literals = tuple(p.strip() for p in parts if isinstance(p, str) and p.strip())

    def match(self, text: str) -> Iterator[dict[str, Any]]:
        """Every reading of the whole of `text` by this pattern."""
        low = text.lower()
        for lit in self.literals:
            if lit not in low:
                return
        yield from self._match(text, low, 0, 0, {})

    def _match(self, text: str, low: str, i: int, pos: int, got: dict[str, Any]) -> Iterator[dict[str, Any]]:
        parts = self.parts
        if i == len(parts):
            if pos == len(text):
                yield got
            return
        p = parts[i]
        if isinstance(p, str):
            if low.startswith(p, pos):
                yield from self._match(text, low, i + 1, pos + len(p), got)
            return
        if i + 1 == len(parts):
            ends = [len(text)]
        else:
            nxt = parts[i + 1]
            assert isinstance(nxt, str)
            ends = []
            k = low.find(nxt, pos + 1)
            while k != -1:
                ends.append(k)
                k = low.find(nxt, k + 1)
        for end in ends:
            piece = text[pos:end]
            if not piece or piece != piece.strip():
                continue
            value = read(p.kind, piece)
            if value is _MISS:
                continue
            yield from self._match(text, low, i + 1, end, {**got, p.name: value})


@dataclass(frozen=True)
class Rule:
    category: str
    patterns: tuple[Pattern, ...]
    build: Callable[..., Any]
    name: str = ""
    #: the literal words every wording has (checked before matching)
    needs: tuple[str, ...] = field(default=())


RULES: dict[str, list[Rule]] = {}


def rule(category: str, *sources: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a build function for the patterns `sources` in `category`."""
    def register(build: Callable[..., Any]) -> Callable[..., Any]:
        pats = tuple(Pattern(w) for s in sources for w in _expand(s))
        common = set(pats[0].literals)
        for p in pats[1:]:
            common &= set(p.literals)
        RULES.setdefault(category, []).append(
            Rule(category, pats, build, build.__name__, tuple(sorted(common, key=len, reverse=True)[:2])))
        return build
    return register


def apply(category: str, text: str, b: Any, **extra: Any) -> Any:
    """The first rule of `category` that reads `text` and builds: its result. `b` is the
    builder (state is restored when a build declines). Raises NoParse(text) if none does."""
    text = text.strip()
    if text.endswith(".") and not text.endswith(".."):
        text = text[:-1]
    low = text.lower()
    for r in RULES.get(category, ()):
        if any(n not in low for n in r.needs):
            continue
        for pat in r.patterns:
            for slots in pat.match(text):
                saved = b.save()
                try:
                    return r.build(b, **slots, **extra)
                except FAIL:
                    b.restore(saved)
    raise NoParse(text)


def matches(category: str, text: str) -> bool:
    """Whether some pattern of `category` reads `text` (without building)."""
    for r in RULES.get(category, ()):
        for pat in r.patterns:
            for _ in pat.match(text):
                return True
    return False

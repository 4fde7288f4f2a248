"""Coverage: every card of the database compiled once, as a to-do list.

`coverage()` compiles the whole database (well under a minute on one core) and caches the
outcome (each card's support and reasons) in a file keyed by the database's digest and the
compiler's version (a hash of the source of the card vocabulary, the core and the compiler), so a
second run reads it in a fraction of a second. The cache lives in `$MTG_ENV_CACHE`, else
`~/.cache/mtg_env`; where it can't be written, coverage is computed each time.

The unsupported phrases are ranked by how many cards each blocks; a phrase is counted by its
shape (numbers written N, mana symbols {M}), so "Scry 1" and "Scry 2" are one item.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..database import OracleCard, database
from . import VERSION, compile_card

PACKAGE = Path(__file__).resolve().parents[2]  # mtg_env/


def compiler_version() -> str:
    """A hash of everything a card's compiled outcome depends on: the core, the card vocabulary,
    the hand-written pool and the compiler."""
    h = hashlib.sha256(str(VERSION).encode())
    for sub in ("core", "cards"):
        for p in sorted((PACKAGE / sub).rglob("*.py")):
            h.update(p.relative_to(PACKAGE).as_posix().encode())
            h.update(p.read_bytes())
    return h.hexdigest()[:16]


def cache_dir() -> Path:
    env = os.environ.get("MTG_ENV_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "mtg_env"


@dataclass(frozen=True)
class CardOutcome:
    name: str
    supported: bool
    source: str          # "compiled" or "hand-written"
    types: tuple[str, ...]
    reasons: tuple[str, ...] = ()


@dataclass
class Coverage:
    cards: dict[str, CardOutcome]
    key: str
    cached: bool = False
    seconds: float = 0.0
    by_type: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return len(self.cards)

    @property
    def supported(self) -> int:
        return sum(1 for c in self.cards.values() if c.supported)

    def phrases(self) -> list[tuple[str, int, int, str]]:
        """(shape, cards it blocks, cards it alone blocks, an example), most blocking first."""
        blocks: Counter[str] = Counter()
        alone: Counter[str] = Counter()
        example: dict[str, str] = {}
        for c in self.cards.values():
            shapes = {shape(r): r for r in c.reasons}
            for s, r in shapes.items():
                blocks[s] += 1
                example.setdefault(s, f"{r} ({c.name})")
            if len(shapes) == 1:
                alone[next(iter(shapes))] += 1
        return sorted(((s, n, alone[s], example[s]) for s, n in blocks.items()), key=lambda t: (-t[1], t[0]))

    def to_json(self, top: int = 100) -> dict:
        return {
            "supported": self.supported, "total": self.total,
            "share": round(self.supported / self.total, 4) if self.total else 0.0,
            "by_type": {t: {"supported": s, "total": n} for t, (s, n) in sorted(self.by_type.items())},
            "top_unsupported_phrases": [{"phrase": s, "cards": n, "only_reason": a, "example": e}
                                        for s, n, a, e in self.phrases()[:top]],
            "compiler_version": self.key,
        }


_NUM = re.compile(r"\b\d+\b")
_MANA = re.compile(r"(\{[^}]+\})+")


def shape(reason: str) -> str:
    return _MANA.sub("{M}", _NUM.sub("N", reason))


_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery")


def _types(c: OracleCard) -> tuple[str, ...]:
    words = c.type_line.split("—")[0].split()
    ts = tuple(t for t in _TYPES if t in words)
    return ts or ("Other",)


def outcome(c: OracleCard) -> CardOutcome:
    from .. import _hand_written
    if _hand_written(c.name) is not None:
        return CardOutcome(c.name, True, "hand-written", _types(c))
    r = compile_card(c)
    return CardOutcome(c.name, r.supported, "compiled", _types(c), r.reasons)


def coverage(use_cache: bool = True) -> Coverage:
    """Every card's outcome (see the module docstring)."""
    import time
    db = database()
    key = f"{db.digest}-{compiler_version()}"
    path = cache_dir() / f"coverage-{key}.json.gz"
    t0 = time.perf_counter()
    cards: dict[str, CardOutcome] | None = None
    cached = False
    if use_cache and path.exists():
        try:
            raw = json.loads(gzip.decompress(path.read_bytes()))
            cards = {d["name"]: CardOutcome(d["name"], d["supported"], d["source"], tuple(d["types"]),
                                            tuple(d["reasons"])) for d in raw["cards"]}
            cached = True
        except (OSError, ValueError, KeyError):
            cards = None
    if cards is None:
        cards = {c.name: outcome(c) for c in db.cards}
        if use_cache:
            _write(path, cards)
    cov = Coverage(cards, key, cached, time.perf_counter() - t0)
    by: dict[str, list[int]] = {}
    for c in cards.values():
        for t in c.types:
            s = by.setdefault(t, [0, 0])
            s[1] += 1
            s[0] += c.supported
    cov.by_type = {t: (s, n) for t, (s, n) in by.items()}
    return cov


def _write(path: Path, cards: dict[str, CardOutcome]) -> None:
    body = {"cards": [{"name": c.name, "supported": c.supported, "source": c.source, "types": list(c.types),
                       "reasons": list(c.reasons)} for c in cards.values()]}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(gzip.compress(json.dumps(body).encode(), mtime=0))
        tmp.replace(path)
    except OSError:
        pass  # no cache here: coverage is computed each time


def supported_names() -> list[str]:
    """The names of every supported card of the database, sorted."""
    return sorted(n for n, c in coverage().cards.items() if c.supported)

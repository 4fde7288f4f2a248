"""Mana: symbols, costs and the mana pool (CR 106, 107.4, 118).

The pool counts mana per type instead of keeping one object per mana, so astronomically large
amounts (thirty Nyxbloom Ancients) cost nothing to hold (interface.md §4). Mana with a spending
restriction (CR 106.6) is kept apart, marked with its restriction, and is counted in the totals.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .errors import ManaStringError

COLORS = "WUBRG"
#: The six types of mana (CR 106.1b), in the order the pool is written.
TYPES = "WUBRGC"
TYPE_INDEX = {t: i for i, t in enumerate(TYPES)}
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}

_SYMBOL_RE = re.compile(r"\{([^{}]*)\}")


def split_symbols(text: str, what: str = "mana string") -> list[str]:
    """`"{2}{G/W}"` -> `["2", "G/W"]`; raises ManaStringError on anything that is not symbols."""
    return list(_symbols(text, what))


@lru_cache(maxsize=4096)  # mana abilities read their strings each time they resolve
def _symbols(text: str, what: str) -> tuple[str, ...]:
    text = text.strip()
    symbols: list[str] = []
    pos = 0
    for m in _SYMBOL_RE.finditer(text):
        if m.start() != pos:
            raise ManaStringError(f"bad {what} {text!r}: unexpected {text[pos:m.start()]!r}")
        symbols.append(m.group(1).upper())
        pos = m.end()
    if pos != len(text):
        raise ManaStringError(f"bad {what} {text!r}: unexpected {text[pos:]!r}")
    return tuple(symbols)


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost (CR 107.4, 202): generic, per-type requirements, hybrid symbols and {X}s.

    `typed[i]` is the number of mana of TYPES[i] required ({C} is the colorless requirement).
    `hybrid` holds pairs such as ("W", "U") or ("2", "W") for {W/U} and {2/W}.
    """

    generic: int = 0
    typed: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    hybrid: tuple[tuple[str, str], ...] = ()
    x_count: int = 0
    text: str = ""
    #: "Spend only black mana on X" (an activated ability's): X is paid with mana of
    #: TYPES[x_type] only, as that many {B} (CR 107.3a, 601.2f-h)
    x_type: int | None = None
    #: `min_mana` and `is_empty`, worked out once (the legal-action checks ask them constantly)
    _min: int = field(init=False, repr=False, compare=False, default=0)
    _empty: bool = field(init=False, repr=False, compare=False, default=True)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_min", self.generic + sum(self.typed) + sum(1 for _a, b in self.hybrid if b != "P"))
        object.__setattr__(self, "_empty", self.generic == 0 and not any(self.typed) and not self.hybrid
                           and self.x_count == 0)

    @property
    def is_empty(self) -> bool:
        return self._empty

    @property
    def mana_value(self) -> int:
        """CR 202.3: X counts as 0 off the stack; a {2/W} counts as 2."""
        mv = self.generic + sum(self.typed)
        for a, _b in self.hybrid:
            mv += int(a) if a.isdigit() else 1
        return mv

    @property
    def min_mana(self) -> int:
        """The least mana that can pay this cost (X as 0; a {2/W} paid with one {W}; a {W/P}
        with 2 life)."""
        return self._min

    @property
    def phyrexian(self) -> int:
        """How many Phyrexian mana symbols ({W/P}, CR 107.4f) the cost has (held in `hybrid`
        as (color, "P"): its mana value, colors and text are a hybrid symbol's; can_pay reads
        "P" as a half it can't pay, so a payment must first choose, for each, its mana or 2
        life: `phyrexian_paid`)."""
        return sum(1 for _a, b in self.hybrid if b == "P")

    def colors(self) -> frozenset[str]:
        cs = {c for c, n in zip(TYPES, self.typed, strict=True) if n and c != "C"}
        for a, b in self.hybrid:
            cs.update(s for s in (a, b) if s in COLORS)
        return frozenset(cs)

    def with_x(self, x: int) -> ManaCost:
        """The cost with X fixed (CR 107.3a): X becomes generic mana."""
        if not self.x_count:
            return self
        if self.x_type is not None:
            typed = tuple(n + x * self.x_count if i == self.x_type else n for i, n in enumerate(self.typed))
            return ManaCost(self.generic, typed, self.hybrid, 0, self.text)  # type: ignore[arg-type]
        return ManaCost(self.generic + x * self.x_count, self.typed, self.hybrid, 0, self.text)

    def plus(self, other: ManaCost) -> ManaCost:
        typed = tuple(a + b for a, b in zip(self.typed, other.typed, strict=True))
        return ManaCost(self.generic + other.generic, typed, self.hybrid + other.hybrid,  # type: ignore[arg-type]
                        self.x_count + other.x_count, (self.text + other.text),
                        self.x_type if other.x_type is None else other.x_type)

    def __str__(self) -> str:
        return self.text or "{0}"


def phyrexian_paid(cost: ManaCost, life: tuple[bool, ...]) -> ManaCost:
    """The cost with its first len(`life`) Phyrexian symbols paid: each with 2 life (True,
    dropped from the cost) or with one mana of its color (False: that colored mana is due)."""
    typed = list(cost.typed)
    hybrid: list[tuple[str, str]] = []
    k = 0
    for a, b in cost.hybrid:
        if b == "P" and k < len(life):
            if not life[k]:
                typed[TYPE_INDEX[a]] += 1
            k += 1
        else:
            hybrid.append((a, b))
    text = "".join("{" + t + "}" for t, n in zip(TYPES, typed, strict=True) for _ in range(n))
    text = (f"{{{cost.generic}}}" if cost.generic else "") + "{X}" * cost.x_count + text + \
        "".join(f"{{{a}/{b}}}" for a, b in hybrid)
    return ManaCost(cost.generic, tuple(typed), tuple(hybrid), cost.x_count, text)  # type: ignore[arg-type]


def phyrexian_ways(cost: ManaCost) -> list[tuple[ManaCost, int]]:
    """The ways to pay a cost's Phyrexian symbols (CR 107.4f): (the mana left to pay, how many
    were paid with 2 life each), one per distinct outcome."""
    n = cost.phyrexian
    seen: dict[ManaCost, int] = {}
    for bits in range(1 << n):
        life = tuple(bool(bits >> i & 1) for i in range(n))
        c = phyrexian_paid(cost, life)
        k = sum(life)
        if c not in seen or seen[c] > k:
            seen[c] = k
    return sorted(((c, k) for c, k in seen.items()), key=lambda t: t[1])


def parse_mana_cost(text: str | None, phyrexian: bool = False) -> ManaCost:
    """Read a mana cost such as `{X}{X}`, `{2}{G}{G}`, `{W/U}`, `{2/R}` or `{C}` (CR 107.4); with
    `phyrexian`, also {W/P} (CR 107.4f)."""
    if text is None or text.strip() == "":
        return ManaCost()
    generic = 0
    typed = [0] * 6
    hybrid: list[tuple[str, str]] = []
    x_count = 0
    for sym in split_symbols(text, "mana cost"):
        if sym.isdigit():
            generic += int(sym)
        elif sym in TYPE_INDEX:
            typed[TYPE_INDEX[sym]] += 1
        elif sym == "X":
            x_count += 1
        elif "/" in sym:
            a, _, b = sym.partition("/")
            ok = (a in COLORS and b in COLORS and a != b) or (a == "2" and b in COLORS) or \
                (phyrexian and a in COLORS and b == "P")
            if not ok:
                raise ManaStringError(f"bad mana cost {text!r}: unknown hybrid symbol {{{sym}}}")
            hybrid.append((a, b))
        else:
            raise ManaStringError(f"bad mana cost {text!r}: unknown symbol {{{sym}}}")
    canon = text.strip().upper()
    return ManaCost(generic, tuple(typed), tuple(hybrid), x_count, canon)  # type: ignore[arg-type]


_POOL_RE = re.compile(r"\{([WUBRGC])\}(?:x(\d+))?", re.IGNORECASE)


def parse_mana(text: str) -> list[int]:
    """Read mana for a pool (`{G}{G}{C}`, `{G}x205891132094649`) into counts per type."""
    counts = [0] * 6
    text = (text or "").strip()
    pos = 0
    for m in _POOL_RE.finditer(text):
        if m.start() != pos:
            break
        counts[TYPE_INDEX[m.group(1).upper()]] += int(m.group(2)) if m.group(2) else 1
        pos = m.end()
    if pos != len(text):
        raise ManaStringError(
            f"bad mana {text!r}: expected symbols of the six types such as {{G}}{{G}}{{C}} "
            f"(or {{G}}x12 for many), got {text[pos:]!r}")
    return counts


def format_mana(counts: list[int] | tuple[int, ...]) -> str:
    """Counts per type -> `{G}{G}{C}`; more than 99 of a type is written `{G}x205` (interface.md §4)."""
    out = []
    for t, n in zip(TYPES, counts, strict=True):
        if n > 99:
            out.append(f"{{{t}}}x{n}")
        elif n > 0:
            out.append(f"{{{t}}}" * n)
    return "".join(out)


@dataclass(slots=True)
class RestrictedMana:
    """Mana that can be spent only as `restriction` says (CR 106.6), e.g. Grand Architect's."""

    type: str
    amount: int
    restriction: str  # a key understood by Game.mana_restriction_allows


@dataclass(slots=True)
class ManaPool:
    """A player's mana pool (CR 106.4). Plain counts; empties between steps.

    `persistent`: per type, how much of the pool's mana doesn't empty as steps end (CR 106.4's
    "unless an effect says otherwise": a puzzle's persistent mana). Mana of one type is
    otherwise alike, and keeping the persistent mana is never worse for its player, so a payment
    spends the other mana of that type first: what stays of it is min(counts, persistent)."""

    counts: list[int] = field(default_factory=lambda: [0] * 6)
    restricted: list[RestrictedMana] = field(default_factory=list)
    persistent: list[int] | None = None
    #: per type, mana that doesn't empty as steps end until the turn's cleanup ("Until end of
    #: turn, you don't lose this mana as steps and phases end": engine/turns.py ends it)
    until_eot: list[int] | None = None

    def copy(self) -> ManaPool:
        # (every game's clone copies each pool: fields set directly, no constructor call)
        p = ManaPool.__new__(ManaPool)
        p.counts = self.counts[:]
        p.restricted = [RestrictedMana(r.type, r.amount, r.restriction) for r in self.restricted] \
            if self.restricted else []
        p.persistent = None if self.persistent is None else self.persistent[:]
        p.until_eot = None if self.until_eot is None else self.until_eot[:]
        return p

    def add(self, mana_type: str, amount: int, restriction: str | None = None) -> None:
        if amount <= 0:
            return
        if restriction:
            for r in self.restricted:
                if r.type == mana_type and r.restriction == restriction:
                    r.amount += amount
                    return
            self.restricted.append(RestrictedMana(mana_type, amount, restriction))
        else:
            self.counts[TYPE_INDEX[mana_type]] += amount

    def empty(self) -> None:
        self.restricted = []
        if self.until_eot:
            # what stays of each type: the persistent mana first, then this turn's
            base = self.persistent or [0] * 6
            kept = [min(n, k + e) for n, k, e in zip(self.counts, base, self.until_eot, strict=True)]
            still = [min(n, k) for n, k in zip(kept, base, strict=True)]
            eot = [n - k for n, k in zip(kept, still, strict=True)]
            self.counts = kept
            self.persistent = still if any(still) else None
            self.until_eot = eot if any(eot) else None
            return
        if self.persistent:
            kept = [min(n, k) for n, k in zip(self.counts, self.persistent, strict=True)]
            self.counts, self.persistent = kept, (kept[:] if any(kept) else None)
            return
        self.counts = [0] * 6

    def total_counts(self) -> list[int]:
        """Every mana, restricted or not, per type (what `mana` in state_json() shows)."""
        out = self.counts[:]
        for r in self.restricted:
            out[TYPE_INDEX[r.type]] += r.amount
        return out

    @property
    def total(self) -> int:
        t = sum(self.counts)
        if self.restricted:  # (most pools have none: no generator made for them)
            t += sum(r.amount for r in self.restricted)
        return t

    def is_empty(self) -> bool:
        return self.total == 0

    def __str__(self) -> str:
        return format_mana(self.total_counts())


def available_for(pool: ManaPool, allowed: set[str] | frozenset[str]) -> list[int]:
    """Counts per type usable for a payment: unrestricted mana plus restricted mana whose
    restriction is in `allowed`."""
    out = pool.counts[:]
    for r in pool.restricted:
        if r.restriction in allowed:
            out[TYPE_INDEX[r.type]] += r.amount
    return out


def can_pay(avail: list[int], cost: ManaCost) -> bool:
    """Can mana with counts `avail` pay `cost` (X already fixed)? Hybrid symbols are searched."""
    rest = avail[:]
    for i, n in enumerate(cost.typed):
        if rest[i] < n:
            return False
        rest[i] -= n
    return _can_pay_hybrid(rest, list(cost.hybrid), cost.generic)


def _can_pay_hybrid(rest: list[int], hybrid: list[tuple[str, str]], generic: int) -> bool:
    if not hybrid:
        return sum(rest) >= generic
    (a, b), others = hybrid[0], hybrid[1:]
    for half in (a, b):
        if half in TYPE_INDEX:
            i = TYPE_INDEX[half]
            if rest[i] > 0:
                rest[i] -= 1
                ok = _can_pay_hybrid(rest, others, generic)
                rest[i] += 1
                if ok:
                    return True
        elif half.isdigit() and _can_pay_hybrid(rest, others, generic + int(half)):
            return True
    return False


def max_x(avail: list[int], cost: ManaCost, cap: int | None = None) -> int:
    """The largest X for which `cost` can be paid from `avail` (-1 when not even X = 0 can)."""
    if not can_pay(avail, cost.with_x(0)):
        return -1
    if not cost.x_count:
        return 0
    spare = sum(avail) - cost.with_x(0).mana_value
    hi = spare // cost.x_count
    if cap is not None:
        hi = min(hi, cap)
    while hi > 0 and not can_pay(avail, cost.with_x(hi)):
        hi -= 1
    return max(hi, 0)

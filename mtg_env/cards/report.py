"""What `mtg-env cards` and `mtg-env deck check` print: a card's Oracle text beside its compiled
abilities (or the reasons it is unsupported), the coverage to-do list, a deck's statuses."""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from . import card_status, get_card
from .database import lookup


def describe(value: Any) -> str:
    """A compact reading of a piece of card vocabulary: fields that differ from their defaults,
    filters as their phrase."""
    from ..core.filters import Filter
    from .abilities import TargetSpec
    if isinstance(value, TargetSpec):
        n = ("up to " if value.up_to else "") + (f"{value.count} " if value.count != 1 or value.up_to else "")
        return f"target {n}{value.what}" + (" (distinct)" if value.distinct else "")
    if isinstance(value, Filter):
        return f"<{value}>"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(describe(v) for v in value) + ")"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = []
        for f in dataclasses.fields(value):
            if f.name in ("text", "filter", "where") or not f.init:
                continue
            v = getattr(value, f.name)
            default = f.default if f.default is not dataclasses.MISSING else (
                f.default_factory() if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING)
            if v == default or (isinstance(v, (tuple, list)) and not v and default is dataclasses.MISSING):
                continue
            parts.append(f"{f.name}={describe(v)}")
        return f"{type(value).__name__}(" + ", ".join(parts) + ")"
    return repr(value)


def card_text(name: str) -> str:
    """`mtg-env cards NAME`: the card's Oracle text, then what each line compiled to or why the
    card is unsupported."""
    st = card_status(name)
    oc = lookup(st.name)
    out = [f"{st.name}  [{'supported' if st.supported else 'unsupported'}, {st.source}]"]
    several = oc is not None and len(oc.faces) > 1
    if oc is not None:
        for i, f in enumerate(oc.faces):
            pt = f" · {f.power}/{f.toughness}" if f.power is not None else ""
            loyalty = f" · loyalty {f.loyalty}" if f.loyalty else ""
            if several:
                out.append(f"  face {i + 1} ({oc.layout}): {f.name}")
            out.append(f"  {f.mana_cost or '(no mana cost)'} · {f.type_line}{pt}{loyalty}")
            out.append("  Oracle text:")
            out += [f"    {ln}" for ln in f.oracle_text.splitlines()] or ["    (none)"]
    if st.supported:
        c = get_card(st.name)
        for face in c.faces or (c,):
            out.append(f"  Abilities{f' of {face.name}' if several else ''}:")
            for ab in face.abilities:
                out.append(f"    {ab.text.splitlines()[0] if ab.text else '(spell)'}")
                out.append(f"      -> {describe(ab)}")
            if not face.abilities:
                out.append("    (none)")
    else:
        out.append("  Unsupported because no template reads:")
        out += [f"    - {r}" for r in st.reasons]
    return "\n".join(out)


def coverage_text(cov: Any, top: int = 40) -> str:
    """`mtg-env cards --coverage`."""
    out = [f"supported: {cov.supported:,} of {cov.total:,} cards ({cov.supported / cov.total:.1%})"
           + ("  [cached]" if cov.cached else f"  [compiled in {cov.seconds:.1f} s]"), "", "by card type:"]
    for t, (s, n) in sorted(cov.by_type.items(), key=lambda kv: -kv[1][1]):
        out.append(f"  {t:13} {s:6,} / {n:6,}  {s / n:6.1%}")
    out += ["", f"top {top} unsupported phrases (cards each blocks; cards it alone blocks; an example):"]
    for shape, n, alone, example in cov.phrases()[:top]:
        out.append(f"  {n:5} {alone:5}  {shape}")
        out.append(f"               e.g. {example}")
    return "\n".join(out)


def deck_text(report: Any) -> str:
    """`mtg-env deck check FILE`."""
    out = [f"{report.name}: {report.supported} of {len(report.cards)} distinct cards supported "
           f"({report.share:.0%}); {'loads' if report.loads else 'does not load'}"]
    for c in sorted(report.cards, key=lambda c: (c.supported, c.name)):
        mark = "ok " if c.supported else ("?? " if not c.known else "-- ")
        line = f"  {mark} {c.count:2} {c.name}"
        if not c.supported:
            line += "  — " + "; ".join(c.reasons)
        out.append(line)
    return "\n".join(out)

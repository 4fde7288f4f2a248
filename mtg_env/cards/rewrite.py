"""Rebuilding effects and subjects with parts replaced. Effects and subjects are frozen
dataclasses (and tuples of them): `rewrite` walks one, rebuilding only what changed."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from .subjects import Target


def rewrite(x: Any, leaf: Callable[[Any], Any]) -> Any:
    """`x` with each part for which `leaf` returns a value (not None) replaced by it; tuples,
    lists and dataclasses are rebuilt where a part changed, the rest kept as it is."""
    got = leaf(x)
    if got is not None:
        return got
    if isinstance(x, tuple):
        return tuple(rewrite(y, leaf) for y in x)
    if isinstance(x, list):
        return [rewrite(y, leaf) for y in x]
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        changes = {}
        for f in dataclasses.fields(x):
            if not f.init:
                continue
            v = getattr(x, f.name)
            w = rewrite(v, leaf)
            if w is not v:
                changes[f.name] = w
        return dataclasses.replace(x, **changes) if changes else x
    return x


def shift_targets(x: Any, offset: int) -> Any:
    """`x` with every `Target(i)` in it made `Target(i + offset)`, and every `SpecTargets(s)`
    ("up to two target creatures": the targets of the `s`th spec) `SpecTargets(s + offset)`:
    a later mode's specs follow the earlier modes' (CR 700.2d, abilities.targets_of)."""
    from .effects.counted import SpecTargets

    def leaf(v: Any) -> Any:
        if isinstance(v, Target):
            return Target(v.index + offset)
        if isinstance(v, SpecTargets):
            return SpecTargets(v.spec + offset)
        return None
    return rewrite(x, leaf)

"""Unique labels for the actions of one moment (interface.md §2).

Where two actions share a label, the label adds what tells them apart: the card a gained
ability comes from ("(from Basalt Monolith#31)"), then the acting or chosen object's id
("activate Forest#12: {T}: Add {G}."), then an ordinal for identical triggers of one source.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from ..cards.abilities import Ability, Activated
from ..core.actions import Action


def dedupe(actions: list[Action]) -> list[Action]:
    """Make labels unique (interface.md §2): where two actions share a label, the object's id is
    added after its name (`activate Forest#12: {T}: Add {G}.`)."""
    labels = [a.label for a in actions]
    if len(set(labels)) == len(actions):
        return actions
    shared = _shared(labels)
    # Instances of one ability gained from different cards (two caged Basalt Monoliths) are
    # told apart by the card they come from: "(from Basalt Monolith#31)".
    if any(" (from " in label for label in shared):
        told = [_with_origin_id(a) if a.label in shared else a for a in actions]
        if any(b is not a for a, b in zip(actions, told, strict=True)):  # else the labels are as they were
            actions = told
            labels = [a.label for a in actions]
            shared = _shared(labels)
    out = [_with_id_kept(a) if label in shared else a for a, label in zip(actions, labels, strict=True)]
    return dedupe_final(out)


def _shared(labels: list[str]) -> set[str]:
    """The labels that occur more than once."""
    seen: set[str] = set()
    shared: set[str] = set()
    for label in labels:
        if label in seen:
            shared.add(label)
        else:
            seen.add(label)
    return shared


def _with_id_kept(a: Action) -> Action:
    """`_with_id`, kept by action and payload (the same lands' mana abilities are told apart at
    nearly every priority)."""
    try:
        return _with_id_of(a, a.payload)
    except TypeError:  # a payload that can't be hashed
        return _with_id(a)


@lru_cache(maxsize=8192)
def _with_id_of(a: Action, _payload: object) -> Action:
    return _with_id(a)


def twin_instances(abilities: list[tuple[str, Ability, str | None]]) -> set[tuple[str | None, str]]:
    """(origin, text) of the gained abilities an object has more than once."""
    seen: dict[tuple[str | None, str], int] = {}
    for key, ab, origin in abilities:
        if origin is not None and key.startswith("g") and isinstance(ab, Activated):
            seen[(origin, ab.text)] = seen.get((origin, ab.text), 0) + 1
    return {k for k, n in seen.items() if n > 1}


def _with_origin_id(a: Action) -> Action:
    p = a.payload
    if a.kind != "activate" or not isinstance(p, tuple) or len(p) < 3 or not isinstance(p[2], str):
        return a
    key = p[2]
    if not key.startswith(("g", "s")) or "." not in key:
        return a
    origin_id = key[1:].split(".", 1)[0]
    i = a.label.rfind(" (from ")
    if i < 0 or not a.label.endswith(")"):
        return a
    return dataclasses.replace(a, label=a.label[:-1] + f"#{origin_id})")


def _with_id(a: Action) -> Action:
    """Add the acting or chosen object's id after its name in the label."""
    oid: int | None = None
    p = a.payload
    if isinstance(p, tuple) and len(p) >= 2 and p[0] in ("obj", "stack", "play", "cast", "activate", "mana", "face_up"):
        oid = p[1]
    elif isinstance(p, tuple) and len(p) in (2, 3) and a.kind in ("attack", "block"):
        oid = p[0]
    elif isinstance(p, int) and not isinstance(p, bool):
        oid = p
    if oid is None:
        return a
    name = a.source if a.kind in ("play", "cast", "activate") else a.target
    if not name or name not in a.label:
        return a
    # the acting creature is named last in "attack P2 with X" and "block Y with X"
    i = (a.label.rindex(name) if a.kind in ("attack", "block") else a.label.index(name)) + len(name)
    return Action(a.kind, a.label[:i] + f"#{oid}" + a.label[i:], a.source, a.ability, a.target, a.value,
                  a.payload)


def dedupe_ids(actions: list[Action], ids: list[int]) -> list[Action]:
    labels = [a.label for a in actions]
    out = []
    for a, oid in zip(actions, ids, strict=True):
        if labels.count(a.label) > 1:
            src = a.source or ""
            i = a.label.index(src) + len(src) if src and src in a.label else len(a.label)
            a = dataclasses.replace(a, label=a.label[:i] + f"#{oid}" + a.label[i:])
        out.append(a)
    return dedupe_final(out)


def dedupe_final(actions: list[Action]) -> list[Action]:
    # Identical triggers of one source (two instances): add an ordinal so labels stay unique.
    if len({a.label for a in actions}) == len(actions):
        return actions
    seen: dict[str, int] = {}
    out = []
    for a in actions:
        n = seen.get(a.label, 0)
        seen[a.label] = n + 1
        out.append(a if n == 0 else dataclasses.replace(a, label=f"{a.label} ({n + 1})"))
    return out

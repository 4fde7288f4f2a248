"""Actions and decisions: the engine's whole public vocabulary for choices (interface.md §2)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalActionError

KINDS = ("pass", "play", "cast", "activate", "target", "mode", "x", "color", "yes", "no",
         "choose", "order", "attack", "block", "done")


@dataclass(frozen=True, slots=True)
class Action:
    """One legal action. Equal when its public attributes are; `payload` is the engine's own
    handle on what the action does and takes no part in equality."""

    kind: str
    label: str
    source: str | None = None
    ability: str | None = None
    target: str | None = None
    value: Any = None
    payload: Any = field(default=None, compare=False, hash=False, repr=False)

    def __str__(self) -> str:
        return self.label


#: the kinds of decision the engine asks for (Decision.kind)
DECISION_KINDS = ("priority", "target", "x", "mode", "color", "yes_no", "choose", "order", "attack", "block", "keep")

#: passing priority (CR 117.3): always legal for the player who has priority
PASS = Action("pass", "pass", payload=("pass",))


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now, and what kind of decision it is."""

    player: str
    kind: str
    prompt: str

    def to_json(self) -> dict[str, str]:
        return {"player": self.player, "kind": self.kind, "prompt": self.prompt}


_WS = re.compile(r"\s+")
_ID = re.compile(r"#\d+")


def _norm(s: str) -> str:
    # the minus sign of a loyalty cost ("\u22122: ...") matches a hyphen ("-2")
    return _WS.sub(" ", s.strip().lower()).replace("\u2212", "-")


def match_action(step: str, actions: list[Action]) -> Action:
    """Match a written step to one legal action (interface.md §3)."""
    want = _norm(step)
    labels = [_norm(a.label) for a in actions]
    for a, lab in zip(actions, labels, strict=True):
        if lab == want:
            return a
    hits = [a for a, lab in zip(actions, labels, strict=True) if want in lab]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise IllegalActionError(
            f"no legal action matches {step!r}; legal actions:\n  " +
            "\n  ".join(a.label for a in actions))
    stripped = {_ID.sub("", _norm(a.label)) for a in hits}
    if len(stripped) == 1:
        return min(hits, key=_lowest_id)
    raise IllegalActionError(
        f"ambiguous step {step!r}: it matches {len(hits)} legal actions:\n  " +
        "\n  ".join(a.label for a in hits))


def _lowest_id(a: Action) -> int:
    ids = [int(m[1:]) for m in _ID.findall(a.label)]
    return min(ids) if ids else 0

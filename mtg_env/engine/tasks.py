"""Tasks: the step-by-step processes of the rules, as plain data."""

from __future__ import annotations

from typing import Any

from ..core.actions import Action
from ..core.objects import Context, SlotState, StackItem


class Task(SlotState):
    """One step-by-step process in progress; `d` holds its plain-data state."""

    __slots__ = ("kind", "d")

    def __init__(self, kind: str, **d: Any):
        self.kind = kind
        self.d = d

    def clone(self) -> Task:
        d: dict[str, Any] = {}
        for k, v in self.d.items():
            if isinstance(v, list):
                v = [x.clone() if isinstance(x, StackItem | Context) else x for x in v]
            elif isinstance(v, Context | StackItem):
                v = v.clone()
            elif isinstance(v, dict):
                v = dict(v)
            d[k] = v
        t = Task.__new__(Task)
        t.kind, t.d = self.kind, d
        return t

    def __repr__(self) -> str:
        return f"Task({self.kind}, {self.d})"


class Pending(SlotState):
    """The decision the game waits on. For priority, actions are computed lazily."""

    __slots__ = ("kind", "player", "prompt", "actions")

    def __init__(self, kind: str, player: int, prompt: str, actions: list[Action] | None = None):
        self.kind = kind
        self.player = player
        self.prompt = prompt
        self.actions = actions

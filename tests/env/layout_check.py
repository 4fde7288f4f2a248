"""What an index of the action layout stands for: a check shared by the env tests.

`check_index` asserts that a legal action sits at the index the layout's table (layout.py)
gives it, for any `Layout`.
"""

from __future__ import annotations

from typing import Any

from mtg_env import Game
from mtg_env.cards.vocab import Activated
from mtg_env.engine.actions import Action
from mtg_env.env.layout import COLORS6, Layout, ObjectTable


def check_index(game: Game, layout: Layout, table: ObjectTable, index: int, action: Action, legal: list[Action]) -> None:
    """Assert that `action` is what index `index` of `layout` stands for (see layout.py's table)."""
    me = table.me
    block, k = layout.block_of(index)
    n = len(game.players)
    rows = table.rows
    p: Any = action.payload
    where = f"index {index} ({block} {k}) -> {action.label!r} ({action.kind}, {p!r})"
    if block in ("PASS", "YES", "NO", "DONE", "KEEP", "MULLIGAN"):
        assert action.kind == block.lower(), where
    elif block == "CAST":
        assert action.kind in ("play", "cast") and p[1] == rows[k] >= 0, where
    elif block == "ACTIVATE":
        r, a = divmod(k, layout.abilities)
        assert action.kind == "activate" and p[1] == rows[r] >= 0, where
        keys = [key for key, ab, _o in game.chars(rows[r]).abilities if isinstance(ab, Activated)]
        assert keys.index(p[2]) == a, where
    elif block == "TARGET_OBJECT":
        assert rows[k] >= 0, where
        if action.kind == "target":
            assert p == ("obj", rows[k]), where
        else:
            assert action.kind == "choose" and action.value is None and p == rows[k], where
    elif block == "TARGET_PLAYER":
        assert action.kind == "target" and p == ("player", (me + k) % n), where
    elif block == "TARGET_STACK":
        assert action.kind == "target" and p == ("stack", game.stack[k].id), where
    elif block in ("X", "MODE"):
        assert action.kind == block.lower() and action.value == k, where
    elif block == "COLOR":
        assert action.kind == "color" and action.value == COLORS6[k], where
    elif block == "ATTACK":
        r, q = divmod(k, layout.players)
        assert r < layout.battlefield and action.kind == "attack" and p[0] == rows[r] >= 0, where
        assert p[1] == (me + q) % n, where
    elif block == "BLOCK":
        r, i = divmod(k, layout.block_attackers)
        assert r < layout.battlefield and action.kind == "block" and p[0] == rows[r] >= 0, where
        assert p[1] == game.combat.attackers[i], where
    elif block == "ORDER":
        orders = [x for x in legal if x.kind == "order"]
        assert action.kind == "order" and orders.index(action) == k, where
    elif block == "NUMBER":
        assert action.kind == "choose" and action.value is not None and p == k, where
    else:
        assert block == "OPTION", where


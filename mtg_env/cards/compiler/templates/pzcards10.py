"""Templates for cards the Forge puzzles need (issue 15, session 10).

- "It must be blocked this turn if able." / "~ must be blocked if able." (CR 509.1c): a
  requirement on the defending player's blocks: at least one creature blocks it if any can
  (engine/combat.py, with the other requirements and restrictions).
"""

from __future__ import annotations

from typing import Any

from ....core.chars import Flag
from ....core.filters import Filter
from ....core.modifications import AddFlags
from ...effects.combat import FlagUntilEOT
from ..builder import Builder
from ..grammar import rule
from ..lexicon import ObjRef
from ..text import Line
from .statics import _static


@rule("effect", "<what:obj> must be blocked this turn if able")
def must_be_blocked_this_turn(b: Builder, what: ObjRef) -> list[Any]:
    """CR 611.2a, 509.1c: "It must be blocked this turn if able." (Elemental Uprising): if it
    attacks, the defending player blocks it with at least one creature if able (its ruling)."""
    return [FlagUntilEOT((Flag.MUST_BE_BLOCKED,), b.obj(what))]


@rule("static", "<who:affected> must be blocked if able", "<who:affected> must be blocked each combat if able")
def must_be_blocked(b: Builder, who: Filter, line: Line) -> list[Any]:
    """CR 509.1c: "Gaea's Protector must be blocked if able." """
    return _static(line, who, AddFlags((Flag.MUST_BE_BLOCKED,)))

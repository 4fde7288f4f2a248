"""mulligan."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import Action
from ..core.objects import (
    LIBRARY,
)
from .tasks import Task

if TYPE_CHECKING:
    from .game import Game



def _task_mulligan(g: Game, t: Task) -> bool:
    """The London mulligan (CR 103.5): in turn order each player keeps or mulligans; those
    who mulligan shuffle their hand away and draw seven; repeat; then each puts one card on
    the bottom of their library per mulligan (the first is free in multiplayer, CR 103.5c)."""
    d = t.d
    ans = d["answer"]
    d["answer"] = None
    if d["phase"] == "decide":
        if ans is not None:
            p = d["undecided"][d["i"]]
            if ans == "keep":
                d["kept"].append(p)
            else:
                d["mull"].append(p)
            d["i"] += 1
            ans = None
        while d["i"] < len(d["undecided"]):
            p = d["undecided"][d["i"]]
            pl = g.players[p]
            if pl.mulligans >= 7:
                d["kept"].append(p)
                d["i"] += 1
                continue
            g._ask("keep", p, f"{pl.name}: keep this hand of {len(pl.hand)} "
                      f"(after {pl.mulligans} mulligan{'s' if pl.mulligans != 1 else ''}) or mulligan?",
                      [Action("keep", "keep", payload="keep"), Action("mulligan", "mulligan", payload="mulligan")])
            return False
        for p in d["mull"]:
            pl = g.players[p]
            pl.mulligans += 1
            g.log_event(f"{pl.name} mulligans ({pl.mulligans})")
            for oid in list(pl.hand):
                g.move_to_zone(oid, LIBRARY)
            g.rng.shuffle(pl.library)
            g.draw(p, 7)
        d["undecided"] = [p for p in d["undecided"] if p not in d["kept"]]
        d["mull"] = []
        d["i"] = 0
        if d["undecided"]:
            return False  # next round
        d["phase"] = "bottom"
        d["i"] = 0
    order = d["order"]
    while d["i"] < len(order):
        p = order[d["i"]]
        pl = g.players[p]
        if ans is not None:
            g.log_event(f"{pl.name} puts a card on the bottom of their library")
            g.move_to_zone(ans, LIBRARY, to_top=False)
            d["bottomed"] = d.get("bottomed", 0) + 1
            ans = None
        owed = max(0, pl.mulligans - d["free"]) - d.get("bottomed", 0)
        if owed <= 0 or not pl.hand:
            d["i"] += 1
            d["bottomed"] = 0
            continue
        acts = [Action("choose", f"bottom {g.name_of(o)}", target=g.name_of(o), payload=o)
                for o in pl.hand]
        g._ask("choose", p, f"{pl.name}: put {owed} card{'s' if owed > 1 else ''} on the bottom", acts)
        return False
    for p in order:
        g.log_event(f"{g.players[p].name} keeps {len(g.players[p].hand)} cards")
    return True

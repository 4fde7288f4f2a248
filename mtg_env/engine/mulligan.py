"""Starting the game: the London mulligan (CR 103.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import Action
from ..core.objects import LIBRARY
from . import primitives, zones
from .tasks import Mulligan, MulliganStage

if TYPE_CHECKING:
    from .game import Game


def begin_mulligans(g: Game, order: list[int], free: int) -> None:
    """Players decide in turn order, starting with the player who plays first; `free` is the
    number of free mulligans (one in multiplayer, CR 103.5c)."""
    g.tasks.append(Mulligan(order=order, undecided=list(order), free=free))


def mulligan(g: Game, t: Mulligan) -> bool:
    """The task. In turn order each player keeps or mulligans; those who mulligan shuffle
    their hand away and draw seven; repeat until everyone keeps (or has mulliganed to
    nothing); then each puts one card on the bottom of their library per mulligan beyond the
    free ones."""
    ans = t.answer
    t.answer = None
    if t.stage == MulliganStage.DECIDE:
        if ans is not None:
            p = t.undecided[t.index]
            if ans == "keep":
                t.kept.append(p)
            else:
                t.mull.append(p)
            t.index += 1
            ans = None
        while t.index < len(t.undecided):
            p = t.undecided[t.index]
            pl = g.players[p]
            if pl.mulligans >= 7:
                t.kept.append(p)
                t.index += 1
                continue
            g.ask("keep", p, f"{pl.name}: keep this hand of {len(pl.hand)} "
                  f"(after {pl.mulligans} mulligan{'s' if pl.mulligans != 1 else ''}) or mulligan?",
                  [Action("keep", "keep", payload="keep"), Action("mulligan", "mulligan", payload="mulligan")])
            return False
        for p in t.mull:
            pl = g.players[p]
            pl.mulligans += 1
            g.log_event(f"{pl.name} mulligans ({pl.mulligans})")
            for oid in list(pl.hand):
                zones.move_to_zone(g, oid, LIBRARY)
            zones.shuffle_library(g, p)
            primitives.draw(g, p, 7)
        t.undecided = [p for p in t.undecided if p not in t.kept]
        t.mull = []
        t.index = 0
        if t.undecided:
            return False  # the next round
        t.stage = MulliganStage.BOTTOM
        t.index = 0
    order = t.order
    while t.index < len(order):
        p = order[t.index]
        pl = g.players[p]
        if ans is not None:
            g.log_event(f"{pl.name} puts a card on the bottom of their library")
            zones.move_to_zone(g, ans, LIBRARY, to_top=False)
            t.bottomed += 1
            ans = None
        owed = max(0, pl.mulligans - t.free) - t.bottomed
        if owed <= 0 or not pl.hand:
            t.index += 1
            t.bottomed = 0
            continue
        acts = [Action("choose", f"bottom {g.name_of(o)}", target=g.name_of(o), payload=o)
                for o in pl.hand]
        g.ask("choose", p, f"{pl.name}: put {owed} card{'s' if owed > 1 else ''} on the bottom", acts)
        return False
    for p in order:
        g.log_event(f"{g.players[p].name} keeps {len(g.players[p].hand)} cards")
    return True

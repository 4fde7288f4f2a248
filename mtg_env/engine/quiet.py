"""A cheap proof that a player with priority can do nothing but pass (issue 17: priority that
costs nothing when nothing can happen).

`nothing_possible` mirrors the places `legal.priority_actions` finds actions in (CR 117.1:
play a land, CR 305.2; cast a spell, CR 601.2; activate an ability, CR 602.2; special actions,
CR 116.2) and looks only at whether any candidate for one exists, never at costs or targets:
no card in hand or graveyard whose priority profile fits the timing (the very filter
`priority_actions` applies first), no commander in the command zone, no permission to play
from exile, no card on an adventure, no face-down permanent, and no activated ability on the
battlefield but those that certainly can't be activated now (a {T} cost on a tapped permanent,
sorcery speed or a loyalty cost outside sorcery timing: CR 602.5d, 606.3, the first checks of
`legal.can_activate`). It is conservative: when it answers True, `priority_actions` gives
exactly [pass] (with `skip_plain`: pass and plain mana abilities only, whatever mana sources are
counted); when it answers False nothing is known, and the full list decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import legal, turns, useful_mana

if TYPE_CHECKING:
    from .game import Game


def nothing_possible(g: Game, p: int, skip_plain: bool) -> bool:
    """Is passing provably the only priority action of `p` now? With `skip_plain`: passing and
    activating plain mana abilities (useful_mana.plain) the only ones."""
    pl = g.players[p]
    sorcery_ok = turns.sorcery_timing(g, p)
    objects = g.objects
    if pl.hand:
        bit = legal._SORCERY_HAND if sorcery_ok else legal._INSTANT_HAND
        profile = legal._profile
        for oid in pl.hand:
            if profile(objects[oid].card) & bit:
                return False
    if pl.graveyard:
        bit = legal._SORCERY_GRAVEYARD if sorcery_ok else legal._INSTANT_GRAVEYARD
        profile = legal._profile
        for oid in pl.graveyard:
            if profile(objects[oid].card) & bit:
                return False
    if pl.command or g.effects.play_permissions:
        return False
    activated, face_down = legal._activated_index(g, p)
    if face_down:
        return False
    if activated:
        chars = g.all_chars()
        for oid, abilities, _twins, _made in activated:
            tapped = objects[oid].tapped
            c = chars[oid]
            for _key, ab, _origin in abilities:
                cost = ab.cost
                if tapped and cost.tap:
                    continue  # CR 602.5a, 107.5: a tapped permanent can't pay {T}
                if not sorcery_ok and (ab.sorcery_speed or cost.loyalty is not None):
                    continue  # CR 602.5d, 606.3
                if skip_plain and useful_mana.plain(ab, c):
                    continue
                return False
    return not any(q.exile for q in g.players) or not _adventurers(g, p)


def _adventurers(g: Game, p: int) -> bool:
    """Is any card in exile castable by `p` after its adventure (CR 715.3d)?"""
    return any((info := g.objects[oid].info) and info.get("adventure") == p
               for q in g.players for oid in q.exile)

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
`legal.can_activate`). A card in hand whose only possible action at instant speed is its plain
cast (an instant, a card with flash) is asked `legal.can_cast` itself. It is conservative: when it answers True, `priority_actions` gives
exactly [pass] (with `skip_plain`: pass and plain mana abilities only, whatever mana sources are
counted); when it answers False nothing is known, and the full list decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.altcast import alternative_costs
from ..core.objects import HAND
from . import autopay, legal, turns, useful_mana

if TYPE_CHECKING:
    from .game import Game


def nothing_possible(g: Game, p: int, skip_plain: bool) -> bool:
    """Is passing provably the only priority action of `p` now? With `skip_plain`: passing and
    activating plain mana abilities (useful_mana.plain) the only ones."""
    pl = g.players[p]
    sorcery_ok = turns.sorcery_timing(g, p)
    objects = g.objects
    profile = legal._profile
    spells = []  # the cards in hand whose only possible action is their plain cast
    if pl.hand:
        if sorcery_ok:
            return False  # every card in hand may give an action at sorcery timing
        for oid in pl.hand:
            card = objects[oid].card
            if profile(card) & legal._INSTANT_HAND:
                if not _plain_spell(card):
                    return False
                spells.append(oid)
    if pl.graveyard:
        bit = legal._SORCERY_GRAVEYARD if sorcery_ok else legal._INSTANT_GRAVEYARD
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
    if any(q.exile for q in g.players) and _adventurers(g, p):
        return False
    if spells:  # last: the only check that looks at costs and targets
        sources = autopay.simple_sources(g, p)
        return not any(legal.can_cast(g, oid, p, False, sources) for oid in spells)
    return True


def _adventurers(g: Game, p: int) -> bool:
    """Is any card in exile castable by `p` after its adventure (CR 715.3d)?"""
    return any((info := g.objects[oid].info) and info.get("adventure") == p
               for q in g.players for oid in q.exile)


def _plain_spell(card: Any) -> bool:
    """Is the only action a card in hand may give at instant speed its plain cast: a nonland
    card without faces (CR 709.3, 712.11b, 715.3), alternative costs (CR 118.9) or abilities that
    work from the hand (CR 602.2a, cycling)? Its cast is then exactly `legal.can_cast`, asked
    with the player's simple sources counted: with more sources counted it is never less
    castable, so a no holds for manual payment too."""
    return not card.faces and bool(card.types) and "Land" not in card.types and \
        HAND not in legal._zones_with_abilities(card) and not (card.abilities and alternative_costs(card))

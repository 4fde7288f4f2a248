"""Miscellaneous templates (session 4, family "misc"): last known information of a moved target
(Swords to Plowshares, Path to Exile; CR 608.2h), ...

Each rule declines (NoParse) the cases the engine can't execute exactly."""

from __future__ import annotations

from typing import Any

from ....core.filters import Filter
from ...effects import GainLife, May
from ...effects.lastknown import AsPlayer, LastPowerOf
from ...subjects import Target
from ..builder import Builder
from ..grammar import NoParse, rule
from ..lexicon import PlayerRef
from ...effects.library import _article
from .library import _onto_battlefield


def _only_target(b: Builder) -> int:
    """The index of the target "it" names: the ability's only target so far (with several, an
    illegal one's information would still be used, CR 608.2b: not read)."""
    last = b.last
    if not isinstance(last, Target) or last.index != 0 or len(b.targets) != 1:
        raise NoParse("its power")
    if b.targets[0].where != frozenset({"battlefield"}):
        raise NoParse("its power")
    return last.index


# --------------------------------------------------------------------------------------------
# last known information (CR 608.2h)


@rule("effect", "<who:player> (gain|gains) life equal to its (power|toughness)")
def gain_life_equal_to_power(b: Builder, who: PlayerRef) -> list[Any]:
    """CR 608.2h, 107.1b: Swords to Plowshares "Exile target creature. Its controller gains life
    equal to its power."; Chastise "Destroy target attacking creature. You gain life equal to
    its power.": the target's power as it last existed on the battlefield (0 if negative)."""
    i = _only_target(b)
    return [GainLife(LastPowerOf(i), b.player(who))]


@rule("effect", "<who:player> may search their library for <what:search>, put (it|that card) onto the battlefield, then shuffle")
def controller_may_search(b: Builder, who: PlayerRef, what: tuple[str, Filter, bool]) -> list[Any]:
    """CR 608.2h, 701.23a: Assassin's Trophy "Destroy target permanent an opponent controls. Its
    controller may search their library for a basic land card, put it onto the battlefield,
    then shuffle.": that player chooses, searches and shuffles their own library."""
    return _search_as(b, who, what, False)


@rule("effect", "<who:player> may search their library for <what:search>, put (it|that card) onto the battlefield tapped, then shuffle")
def controller_may_search_tapped(b: Builder, who: PlayerRef, what: tuple[str, Filter, bool]) -> list[Any]:
    """Path to Exile: "Its controller may search their library for a basic land card, put that
    card onto the battlefield tapped, then shuffle." (the exiled creature's last controller,
    CR 608.2h; no search, no shuffle, if they decline)"""
    return _search_as(b, who, what, True)


def _search_as(b: Builder, who: PlayerRef, what: tuple[str, Filter, bool], tapped: bool) -> list[Any]:
    if who.kind != "controller":
        raise NoParse("may search their library")
    _only_target(b)
    player = b.player(who)
    effs = tuple(_onto_battlefield(what, tapped))
    prompt = f"search your library for {_article(what[0])}"
    return [AsPlayer(player, (May(effs, prompt),))]

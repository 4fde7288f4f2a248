"""Templates for cards the Forge puzzles need (issue 15, session 9;
tests/compiler/test_templates_pzcards9.py):

- "Creatures with power less than ~'s power can't block it." (Aura Gnarlid, Skarrgan Pit-Skulk,
  Den Protector, ...) and its "greater than" form (Silumgar Assassin): a restriction on blocks
  (CR 509.1b) judged, as blockers are declared, against the attacker's power then (Gatherer
  ruling on Aura Gnarlid: changing powers later doesn't remove a blocker);
- "When ~ is put into a graveyard from the battlefield, return ~ to its owner's hand." (Rancor,
  Spine of Ish Sah, Fortitude, ...; Shivan Phoenix's "When ~ dies, ..."): the ability finds the card the permanent became in the
  graveyard (CR 400.7d), only while it is still there; a token is gone (CR 111.7);
- the intervening "if you control another <permanent>" (Dominator Drone, Dwynen's Elite,
  Apothecary Geist, ...): "another" is other than the source, as it triggers and as it
  resolves (CR 603.4; effects/pzcards9.RecheckAnother);
- "Exile up to two target cards from graveyards." (Faerie Macabre): one spec of up to two
  targets, each a card in any graveyard (CR 115.1, 601.2c);
- "Return target creature or land card from a graveyard to its owner's hand." (Pulse of Murasa,
  Disturbing Plot, Mine Excavation, ...): a card in any graveyard to its owner's hand;
- "When ~ dies, target player loses life / you gain life / draw cards equal to its power (or
  toughness)." (Mortis Dogs, Packsong Pup, Paladin of Atonement, Thought Sponge, ...): the
  permanent as it last existed on the battlefield (CR 608.2h, 113.7a);
- the processors' "you may put a card an opponent owns from exile into that player's graveyard.
  If you do, ..." (Ruin Processor, Mind Raker, Murk Strider);
- Exhume's "Each player puts a creature card from their graveyard onto the battlefield."
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from ....core.filters import YOU, CardType, CompareToSource, ControlledBy, Controls, Other, Permanent
from ....core.objects import HAND
from ...abilities import BlockRestriction, TriggerEvent
from ...effects.graveyard import ReturnCard
from ...effects.kwabilities import SACRIFICED_CARD
from ...effects.pzcards9 import EachPlayerReanimates, ProcessExiled, RecheckAnother, SourceLastPower
from ...subjects import CONTROLLER
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import ObjRef, PlayerRef, read_noun, target_spec
from ..text import Line


@rule("static", "Creatures with power less than ~'s power can't block it")
def weaker_cant_block(b: Builder, line: Line) -> list[Any]:
    """CR 509.1b: "Creatures with power less than Aura Gnarlid's power can't block it." """
    return [BlockRestriction(text=line.raw,
                             by=CardType("Creature") & Permanent() & CompareToSource("power", "<"))]


@rule("static", "Creatures with power greater than ~'s power can't block it")
def stronger_cant_block(b: Builder, line: Line) -> list[Any]:
    """CR 509.1b: "Creatures with power greater than Silumgar Assassin's power can't block it." """
    return [BlockRestriction(text=line.raw,
                             by=CardType("Creature") & Permanent() & CompareToSource("power", ">"))]


#: the permanent's own "is put into a graveyard from the battlefield" and "dies" (CR 700.4)
_OWN_GRAVEYARD_TRIGGERS = ((TriggerEvent.PUT_INTO_GRAVEYARD, "self"), (TriggerEvent.DIES, "self"))


@rule("effect", "return ~ to its owner's hand")
def return_self_from_graveyard(b: Builder) -> list[Any]:
    """CR 400.7d: "When Rancor is put into a graveyard from the battlefield, return Rancor to
    its owner's hand." (read only after that trigger of the permanent itself, and as its only
    effect)"""
    if b.notes.get("trigger") not in _OWN_GRAVEYARD_TRIGGERS or b.targets or b.last is not None:
        raise NoParse("return ~ to its owner's hand")
    return [ReturnCard(SACRIFICED_CARD, HAND)]


@kind("you_control_another")
def _you_control_another(text: str) -> Controls:
    """"you control another colorless creature", "you control another Elf"."""
    lead = "you control another "
    if not text.lower().startswith(lead):
        raise NoParse(text)
    rest = text[len(lead):]
    if " or " in f" {rest.lower()} " or " other " in f" {rest.lower()} " or rest.lower().startswith(("a ", "an ")):
        raise NoParse(text)
    return Controls(read_noun(rest) & Other() & ControlledBy(YOU) & Permanent(), 1)


@rule("condition", "<cond:you_control_another>")
def you_control_another(b: Builder, cond: Controls) -> Controls:
    """CR 603.4: "When Dwynen's Elite enters, if you control another Elf, create a 1/1 green
    Elf Warrior creature token." (triggers only if it holds, does nothing unless it holds
    again as it resolves)"""
    b.notes["recheck"] = functools.partial(RecheckAnother, cond)
    return cond


@rule("effect", "Exile up to two target cards from graveyards")
def exile_two_from_graveyards(b: Builder) -> list[Any]:
    """CR 115.1, 601.2c: "Discard Faerie Macabre: Exile up to two target cards from
    graveyards." (zero, one or two targets, each chosen once; the spec is the ability's last)"""
    from ...effects import ExileIt
    from ...effects.counted import SpecTargets
    one = target_spec("target card from a graveyard")
    spec = dataclasses.replace(one, what="cards from graveyards", count=2, up_to=True)
    if spec.count != 2 or not spec.up_to or spec.where != frozenset({"graveyard"}) or b.targets:
        raise NoParse("Exile up to two target cards from graveyards")
    b.targets.append(spec)
    who = SpecTargets(len(b.targets) - 1)
    b.last = who
    return [ExileIt(who)]


@rule("effect", "Return <what:target> to its owner's hand")
def return_graveyard_card_to_owners_hand(b: Builder, what: ObjRef) -> list[Any]:
    """CR 400.7: "Return target creature or land card from a graveyard to its owner's hand."
    (Pulse of Murasa; a target card in any graveyard, if it is still there as the spell
    resolves, CR 608.2b)"""
    spec = what.spec
    if spec is None or spec.count != 1 or spec.where != frozenset({"graveyard"}):
        raise NoParse("Return target card from a graveyard to its owner's hand")
    return [ReturnCard(b.obj(what, frozenset({"graveyard"})), HAND)]


def _own_dies(b: Builder, what: str) -> SourceLastPower:
    """"its power" / "its toughness" in the permanent's own dies trigger, before anything else
    is "it"."""
    if b.notes.get("trigger") != (TriggerEvent.DIES, "self") or b.last is not None:
        raise NoParse(f"equal to its {what}")
    return SourceLastPower(toughness=what == "toughness")


@rule("effect", "<who:player> loses life equal to its power")
def loses_life_equal_to_its_power(b: Builder, who: PlayerRef) -> list[Any]:
    """CR 608.2h: "When Mortis Dogs dies, target player loses life equal to its power." """
    from ...effects import LoseLife
    amount = _own_dies(b, "power")
    return [LoseLife(amount, b.player(who))]


def _gain_life(what: str) -> None:
    @rule("effect", f"you gain life equal to its {what}")
    def gain_life_equal_to_its(b: Builder) -> list[Any]:
        """CR 608.2h: "When Packsong Pup dies, you gain life equal to its power." (Paladin of
        Atonement: "... equal to its toughness.")"""
        from ...effects import GainLife
        return [GainLife(_own_dies(b, what), CONTROLLER)]


_gain_life("power")
_gain_life("toughness")


@rule("effect", "draw cards equal to its power")
def draw_equal_to_its_power(b: Builder) -> list[Any]:
    """CR 608.2h: "When Thought Sponge dies, draw cards equal to its power." """
    from ...effects import Draw
    return [Draw(_own_dies(b, "power"), CONTROLLER)]


@rule("effect", "put a card an opponent owns from exile into that player's graveyard")
def process_exiled(b: Builder) -> list[Any]:
    """Ruin Processor: "When Ruin Processor enters, you may put a card an opponent owns from
    exile into that player's graveyard. If you do, you gain 5 life." (any such card; "if you
    do" only if one was put there)"""
    return [ProcessExiled()]


@rule("effect", "Each player puts a creature card from their graveyard onto the battlefield")
def each_player_reanimates(b: Builder) -> list[Any]:
    """CR 101.4, 110.2a: Exhume (each player chooses in APNAP order; they enter together)."""
    return [EachPlayerReanimates()]

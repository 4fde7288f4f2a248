"""Templates for cards the Forge puzzles need (issue 15, session 10, second round).

- "<it> gets +X/+X until end of turn, where X is the number of <things>" (Angelic Exaltation,
  Elder of Laurels): the pump with X read only inside a "where X is" sentence
  (templates/spells.py `_where_x_sentence` replaces the X by the count, worked out once as
  the ability resolves, CR 608.2h), never as an announced X.
- An Aura's "As ~ enters, choose a creature." with "Enchanted creature is a copy of the
  chosen creature." (Metamorphic Alteration, CR 707.2, 613.2a): the Aura remembers the
  chosen creature's copiable values as it enters (engine/chosen.py), and the creature it
  enchants has them in layer 1 (engine/copies.py `copy_effect`).
- "Escalate {1}" (CR 702.120a) on a "Choose one or more —" spell: the cost for each mode beyond
  the first (engine/costs.escalated); not a cost that isn't mana ("Escalate—Discard a card").
- "Creatures target player controls gain trample until end of turn.", "~ deals 1 damage to
  each creature target opponent controls." (Savage Alliance, Simoon, Brigid): the permanents
  the targeted player controls as the effect resolves (subjects.EachTargetControls).

Not done: awaken (CR 702.113): the awaken target and effect exist only when the spell is cast
for its awaken cost, which the casting steps don't yet let a spell's targets depend on.
"""

from __future__ import annotations

import re
from typing import Any

from ...abilities import AsEntersChoose
from ...effects import Pump
from ...subjects import X
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import ObjRef
from ..text import Line

_X_PT = re.compile(r"\+(X|0)/\+(X|0)")


@kind("x_pt")
def _x_pt(text: str) -> tuple[Any, Any]:
    """"+X/+X", "+X/+0", "+0/+X": a pump whose X a "where X is" sentence defines."""
    m = _X_PT.fullmatch(text)
    if not m or "X" not in (m.group(1), m.group(2)):
        raise NoParse(text)
    return tuple(X if g == "X" else 0 for g in (m.group(1), m.group(2)))  # type: ignore[return-value]


@rule("effect", "<what:obj> gets <pt:x_pt> until end of turn", "<what:objs> get <pt:x_pt> until end of turn")
def pump_where_x(b: Builder, what: ObjRef, pt: tuple[Any, Any]) -> list[Any]:
    """CR 613.4c, 107.3a: "it gets +X/+X until end of turn, where X is the number of creatures
    you control" (Angelic Exaltation): read only as the body of a "where X is" sentence, which
    replaces X by the count (made once, as the ability resolves: its ruling, CR 608.2h)."""
    if not b.notes.get("where_x_body"):
        raise NoParse("+X/+X")
    return [Pump(pt[0], pt[1], b.obj(what))]


# --------------------------------------------------------------------------------------------
# Metamorphic Alteration (CR 707.2, 613.2a)

_ENCHANT_CREATURE = re.compile(r"^Enchant creature$", re.MULTILINE)
_IS_A_COPY = re.compile(r"^Enchanted creature is a copy of the chosen creature\.$", re.MULTILINE)
_CHOOSE = re.compile(r"^As .+? enters(?: the battlefield)?, choose a creature\.$", re.MULTILINE)
_AS_ENTERS = re.compile(r"^As (?:.+?) enters(?: the battlefield)?, ", re.MULTILINE)


def _copy_aura(b: Builder) -> bool:
    """An Aura with "Enchant creature", one "as enters" line choosing a creature, and the
    line that makes the enchanted creature a copy of it."""
    text = getattr(b.card, "oracle_text", "") or ""
    return (bool(_ENCHANT_CREATURE.search(text)) and bool(_IS_A_COPY.search(text))
            and bool(_CHOOSE.search(text)) and len(_AS_ENTERS.findall(text)) == 1
            and "Aura" in (getattr(b.card, "type_line", "") or ""))


@rule("static", "As <s:self> enters, choose a creature")
def choose_a_creature(b: Builder, s: str, line: Line) -> list[Any]:
    """CR 614.12, 707.2: a creature on the battlefield (the rulings: only one already there
    as the Aura enters), chosen however the Aura enters; its copiable values as it is chosen
    are remembered (they don't change later, nor if it leaves: the rulings). Read only on an
    Aura whose other line makes the enchanted creature a copy of it."""
    if not _copy_aura(b):
        raise NoParse(line.text)
    return [AsEntersChoose(text=line.raw, choose="copy_for_aura")]


@rule("static", "Enchanted creature is a copy of the chosen creature")
def enchanted_is_a_copy(b: Builder, line: Line) -> list[Any]:
    """CR 707.2, 613.2a, 613.7a: a copy effect of the Aura's static ability, with the Aura's
    timestamp; it applies in layer 1 to the creature the Aura enchants (engine/copies.py)."""
    from ...chosen import EnchantedIsCopy
    if not _copy_aura(b):
        raise NoParse(line.text)
    return [EnchantedIsCopy(text=line.raw)]


# --------------------------------------------------------------------------------------------
# escalate (CR 702.120)

_ONE_OR_MORE = re.compile(r"^Choose one or more —$", re.MULTILINE)


@rule("keyword", "Escalate <cost:mana>")
def escalate(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.120a: "Escalate [cost]" means "For each mode you choose beyond the first as you
    cast this spell, you pay an additional [cost]." (engine/costs.escalated: added to the total
    cost once the modes are chosen, CR 601.2f; a mode that couldn't be paid for isn't offered).
    Mana costs only (Collective Brutality's "Escalate—Discard a card" is declined), on a spell
    whose modes are "Choose one or more —"."""
    from ....core.mana import parse_mana_cost
    from ...spellcosts import Escalate
    m = parse_mana_cost(cost)
    text = getattr(b.card, "oracle_text", "") or ""
    if m.x_count or m.phyrexian or not _ONE_OR_MORE.search(text) or getattr(b.card, "layout", "normal") != "normal":
        raise NoParse(line.text)
    return [Escalate(text=line.raw, cost=m)]


# --------------------------------------------------------------------------------------------
# "creatures target player controls" (Savage Alliance's modes)


@kind("target_players")
def _target_players(text: str) -> tuple[str, Any]:
    """"creatures target player controls", "each creature target opponent controls": a noun
    phrase and the kind of player targeted ("player" or "opponent")."""
    from ..lexicon import read_noun
    text = text[:1].lower() + text[1:]
    m = re.fullmatch(r"(?:each )?(.+?) target (player|opponent) controls", text)
    if not m or m.group(1).lower() != m.group(1):
        raise NoParse(text)
    noun = m.group(1)
    if text.startswith("each ") == noun.endswith("s"):
        raise NoParse(text)  # "each creature" / "creatures"
    f = read_noun(noun)
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return m.group(2), f


def _each_of_target(b: Builder, who: tuple[str, Any]) -> Any:
    from ....core.filters import Permanent
    from ...abilities import TargetSpec
    from ...subjects import EachTargetControls, Target
    from ..lexicon import PlayerRef
    t = b.player(PlayerRef("target", TargetSpec(who[0])))
    if not isinstance(t, Target):
        raise NoParse("target player")
    return EachTargetControls(who[1] & Permanent(), t)


@rule("effect", "<who:target_players> gain <kws:keywords> until end of turn")
def target_players_gain(b: Builder, who: tuple[str, Any], kws: tuple[str, ...]) -> list[Any]:
    """CR 611.2c, 613.1f: "Creatures target player controls gain trample until end of turn."
    (Savage Alliance): the creatures that player controls as it resolves, not ones that come
    later."""
    from ...effects import GainKeyword
    return [GainKeyword(kws, _each_of_target(b, who))]


@rule("effect", "<s:self> deals <n:amount> damage to <who:target_players>")
def damage_each_target_controls(b: Builder, s: str, n: Any, who: tuple[str, Any]) -> list[Any]:
    """CR 120.3: "~ deals 1 damage to each creature target opponent controls." (Savage
    Alliance, Simoon): each creature that player controls as it resolves."""
    from ...effects import DealDamage
    return [DealDamage(n, _each_of_target(b, who))]

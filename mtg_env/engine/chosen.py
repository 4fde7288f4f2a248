""""As <this> enters, choose ..." (CR 614.12): the questions of a permanent's "as enters" choice
and what the permanent remembers of the answers.

A choice may take several questions; each question's options carry the answers so far, so the
one answer slot of the caller always holds the whole path (`partial`), and `question` returns
the next question until the path is complete (None):

- a color ("choose a color", "choose a color other than green"): one question;
- a creature type (CR 205.3m, any of the 310 creature types): first the letter it begins with,
  then the type, so that no question offers more options than a decision has room for;
- a creature an Aura's enchanted creature becomes a copy of (Metamorphic Alteration, CR
  707.2): any creature already on the battlefield, its copiable values remembered as chosen;
- a creature to enter as a copy of (Clone, CR 707.2): and when the creature copied has an
  "as enters" choice of its own, the copy makes that choice too (CR 707.2 copies the ability,
  and the replacement effect applies to the copy as it enters, CR 614.12);
- "you may pay N life" (or it enters tapped);
- riot and unleash: a +1/+1 counter or not (CR 702.136a, 702.98a), a copy's too; devour: creatures to sacrifice;
- "you may reveal a Plains or Island card from your hand" (or it enters tapped): one option
  for each name among the cards that may be revealed (which copy is shown doesn't matter).

What is remembered: `chosen_color` (W, U, B, R or G), `chosen_type` (a creature type),
`copy_of` / `copy_except`, `chosen_copy` (an Aura's: the copiable values), `pay_life` / `enters_tapped`, `choice_counters` / `riot_haste`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import AsEntersChoose
from ..cards.carddef import CardDef, card_by_key
from ..cards.effects import Ask
from ..core.mana import COLORS
from ..core.subtypes import CREATURE_TYPES
from . import copies

if TYPE_CHECKING:
    from .game import Game

#: the creature types by their first letter (CR 205.3m)
_TYPES = sorted(CREATURE_TYPES)
_LETTERS = sorted({t[0] for t in _TYPES})
_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
#: the "as enters" choices of a +1/+1 counter (templates/kwabilities.py): the options' labels
_COUNTER_CHOICES = {"riot": ("enter with a +1/+1 counter", "enter with haste"),
                    "unleash": ("enter with a +1/+1 counter", "enter without a counter")}


def ability(card: CardDef) -> AsEntersChoose | None:
    return next((a for a in card.abilities if isinstance(a, AsEntersChoose)), None)


def _colors(choose: AsEntersChoose) -> list[str]:
    return [c for c in COLORS if c not in choose.other_than]


def question(g: Game, card: CardDef, player: int, name: str, key: int | None = None,
             partial: Any = None) -> Ask | None:
    """The next question of `card`'s "as enters" choice for `player`, given the answer so far
    (`partial`, None before the first); None when the answer is complete."""
    choose = ability(card)
    assert choose is not None
    kind = choose.choose
    if kind == "color":
        if partial is not None:
            return None
        colors = _colors(choose)
        return Ask("color", player, tuple(colors), tuple(f"color {c}" for c in colors),
                   f"{name}: choose a color as it enters", key=key)
    if kind == "creature_type":
        return _type_question(player, name, key, partial, ())
    if kind == "devour":  # CR 702.82a
        return _devour_question(g, player, name, key, partial, ())
    if kind in _COUNTER_CHOICES:  # riot, unleash (CR 702.136a, 702.98a)
        if partial is not None:
            return None
        yes, no = _COUNTER_CHOICES[kind]
        return Ask("choose", player, (True, False), (yes, no), f"{name}: {kind} as it enters", key=key)
    if kind == "pay_life":  # CR 119.4: only with at least that much life
        if partial is not None:
            return None
        can = g.players[player].life >= choose.life
        return Ask("yes_no", player, (True, False) if can else (False,), ("yes", "no") if can else ("no",),
                   f"{name}: pay {choose.life} life as it enters? (if you don't, it enters tapped)", key=key)
    if kind == "reveal":  # CR 614.12, 701.20a: a card in the hand it may reveal
        if partial is not None:
            return None
        hand = g.players[player].hand
        names: dict[str, int] = {}
        for o in hand:
            if g.matches(choose.reveal, o, player):
                names.setdefault(g.objects[o].card.name, o)
        opts = (*names.values(), "nothing")
        return Ask("choose", player, opts, (*(f"reveal {n}" for n in names), "reveal nothing"),
                   f"{name}: reveal a card from your hand as it enters? (if you don't, it enters tapped)",
                   key=key)
    if kind == "copy_for_aura":  # Metamorphic Alteration: any creature already there
        if partial is not None:
            return None
        creatures = [o for o in g.battlefield if g.is_creature(o)]
        if not creatures:
            return None
        return Ask("choose", player, tuple(creatures), tuple(f"choose {g.name_of(o)}" for o in creatures),
                   f"{name}: choose a creature as it enters (the enchanted creature becomes a copy of it)",
                   key=key, targets=tuple(g.name_of(o) for o in creatures))
    # copy_creature (Clone)
    if partial is None:
        creatures = [o for o in g.battlefield if g.is_creature(o)
                     and (choose.copy_what is None or g.matches(choose.copy_what, o, player))]
        return Ask("choose", player, (*creatures, "nothing"),
                   (*(f"copy {g.name_of(o)}" for o in creatures), "copy nothing"),
                   f"{name}: enter as a copy of a creature?", key=key,
                   targets=(*(g.name_of(o) for o in creatures), None))
    first, rest = (partial[0], partial[1:]) if isinstance(partial, tuple) else (partial, ())
    copied = _copied_card(g, first)
    inner = ability(copied) if copied is not None else None
    if inner is None or inner.choose not in ("color", "creature_type", "devour", *_COUNTER_CHOICES):
        return None
    cname = f"{name} (as {copied.name if copied is not None else ''})"
    if inner.choose == "devour":
        return _devour_question(g, player, cname, key, rest or None, (first,))
    if inner.choose in _COUNTER_CHOICES:  # the copy's riot or unleash (CR 707.2, 614.12)
        if rest:
            return None
        yes, no = _COUNTER_CHOICES[inner.choose]
        return Ask("choose", player, ((first, True), (first, False)), (yes, no), f"{cname}: {inner.choose}", key=key)
    if inner.choose == "color":
        if rest:
            return None
        colors = _colors(inner)
        return Ask("choose", player, tuple((first, c) for c in colors),
                   tuple(f"choose {_COLOR_NAMES[c]}" for c in colors),
                   f"{cname}: choose a color as it enters", key=key)
    return _type_question(player, cname, key, rest or None, (first,))


def _type_question(player: int, name: str, key: int | None, partial: Any,
                   head: tuple[Any, ...]) -> Ask | None:
    """A creature type in two questions: its first letter, then the type (CR 205.3m)."""
    if partial is None:
        return Ask("choose", player, tuple((*head, letter) for letter in _LETTERS),
                   tuple(f"creature types {letter}..." for letter in _LETTERS),
                   f"{name}: choose a creature type as it enters (its first letter)", key=key)
    if len(partial) >= 2:
        return None
    letter = partial[0]
    types = [t for t in _TYPES if t[0] == letter]
    return Ask("choose", player, tuple((*head, letter, t) for t in types),
               tuple(f"choose {t}" for t in types), f"{name}: choose a creature type as it enters", key=key)


def _copied_card(g: Game, answer: Any) -> CardDef | None:
    if answer == "nothing" or answer not in g.objects:
        return None
    copied, _ = copies.copiable_values(g, g.objects[answer])
    return copied if isinstance(copied, CardDef) else card_by_key(copied)


def remembered(g: Game, card: CardDef, answer: Any) -> dict[str, Any]:
    """What the permanent remembers of its complete "as enters" answer: the chosen color or
    creature type, or the copiable values of the creature it copies (CR 707.2, 707.9b: a copy
    of a copy copies the copied values, exceptions included), with this copy effect's own
    exceptions, and the copy's own choice of the copied card's "as enters" choice."""
    choose = ability(card)
    assert choose is not None
    if choose.choose == "color":
        return {"chosen_color": answer}
    if choose.choose == "creature_type":
        return {"chosen_type": answer[-1]}
    if choose.choose == "pay_life":
        return {"pay_life": choose.life} if answer is True else {"enters_tapped": True}
    if choose.choose in _COUNTER_CHOICES:
        return _counter_choice(choose.choose, answer)
    if choose.choose == "devour":
        return _devoured(choose.devour, answer or ())
    if choose.choose == "reveal":
        if answer == "nothing" or answer not in g.objects:
            return {"enters_tapped": True}
        shown = g.objects[answer]
        g.log_event(f"{g.players[shown.owner].name} reveals {shown.card.name} ({card.name})")
        return {}
    if choose.choose == "copy_for_aura":  # CR 707.2: its copiable values as it is chosen
        if answer is None or answer not in g.objects:
            return {}
        return {"chosen_copy": copies.copiable_values(g, g.objects[answer])}
    first, rest = (answer[0], answer[1:]) if isinstance(answer, tuple) else (answer, ())
    if first == "nothing" or first not in g.objects:
        return {}
    name, exceptions = copies.copiable_values(g, g.objects[first])
    if choose.exceptions is not None:
        exceptions = exceptions + (card.name,)
    info: dict[str, Any] = {"copy_of": name, "copy_except": exceptions} if exceptions else {"copy_of": name}
    copied = _copied_card(g, first)
    inner = ability(copied) if copied is not None else None
    if inner is not None and rest:
        if inner.choose == "devour":
            info.update(_devoured(inner.devour, rest))
        elif inner.choose in _COUNTER_CHOICES:
            info.update(_counter_choice(inner.choose, rest[-1]))
        else:
            info["chosen_color" if inner.choose == "color" else "chosen_type"] = rest[-1]
    return info


def _counter_choice(kind: str, answer: Any) -> dict[str, Any]:
    """Riot: a +1/+1 counter, or haste (its static ability reads `riot_haste`); unleash: a
    +1/+1 counter or none."""
    if answer is True:
        return {"choice_counters": {"+1/+1": 1}}
    return {"riot_haste": True} if kind == "riot" else {}


def _devour_question(g: Game, player: int, name: str, key: int | None, partial: Any,
                     head: tuple[Any, ...]) -> Ask | None:
    """Devour (CR 702.82a): "you may sacrifice any number of creatures" as it enters: one
    creature of the player's at a time, each after the previous one in battlefield order (every
    set once), until "done"."""
    chosen = tuple(partial) if partial else ()
    if chosen and chosen[-1] == "done":
        return None
    mine = [o for o in g.battlefield if g.objects[o].controller == player and g.is_creature(o)]
    after = mine.index(chosen[-1]) + 1 if chosen and chosen[-1] in mine else 0
    cands = mine[after:]
    if not cands:
        return None
    path = (*head, *chosen)
    return Ask("choose", player, (*((*path, o) for o in cands), (*path, "done")),
               (*(f"devour {g.name_of(o)}" for o in cands), "devour nothing more" if chosen else "devour nothing"),
               f"{name}: devour (sacrifice any number of creatures as it enters)", key=key)


def _devoured(n: int, answer: Any) -> dict[str, Any]:
    chosen = tuple(o for o in answer if o != "done")
    return {"devour": (n, chosen)} if chosen else {}

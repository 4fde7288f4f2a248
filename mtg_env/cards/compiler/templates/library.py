"""Libraries and graveyards: scry (CR 701.22), surveil (CR 701.25), mill (CR 701.17), cycling
and typecycling (CR 702.29)."""

from __future__ import annotations

from typing import Any

from ....core.filters import (
    OPPONENT,
    YOU,
    And,
    Anything,
    CardType,
    Filter,
    Or,
    Permanent,
    Subtype,
    parse_filter,
)
from ....core.mana import parse_mana_cost
from ....core.objects import BATTLEFIELD, GRAVEYARD, HAND
from ....core.subtypes import ARTIFACT_TYPES, LAND_TYPES
from ...abilities import THIS, Activated, TriggerEvent
from ...costs import Cost
from ...effects import Draw, GainLife, SearchLibrary, Shuffle
from ...effects.graveyard import (
    ExileGraveyard,
    ReturnCard,
    ReturnSelf,
    ReturnYourPermanent,
    ShuffleGraveyardIn,
    ShuffleHandAndGraveyardIn,
)
from ...effects.hands import ChooseFromHand, DiscardChosen, PlayerDiscards, PutFromHand, RevealHand
from ...effects.library import SearchCards, SearchToTop
from ...effects.reanimate import MOVED
from ...effects.topdeck import (
    DigRest,
    DigTake,
    ExileTop,
    LookPutIntoGraveyard,
    Mill,
    PlayExiled,
    PutOnLibrary,
    ReorderTop,
    Scry,
    Surveil,
)
from ...subjects import CONTROLLER, EACH_OPPONENT, EACH_PLAYER, Who
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import SELF_WORDS, ObjRef, PlayerRef, read_noun, read_number
from ..text import Line


@rule("effect", "Scry <n:amount>")
def scry(b: Builder, n: Any) -> list[Any]:
    """CR 701.22a: "Scry 2." """
    return [Scry(n)]


@rule("effect", "Surveil <n:amount>")
def surveil(b: Builder, n: Any) -> list[Any]:
    """CR 701.25a: "Surveil 1." """
    return [Surveil(n)]


@rule("effect", "Mill <n:amount> card(s|)", "<who:player> (mill|mills) <n:amount> card(s|)")
def mill(b: Builder, n: Any, who: PlayerRef | None = None) -> list[Any]:
    """CR 701.17a: "Mill three cards.", "Target player mills two cards.", "Each opponent mills
    a card." """
    return [Mill(n, CONTROLLER if who is None else b.player(who))]


# --------------------------------------------------------------------------------------------
# cycling (CR 702.29)


@rule("effect", "Gain <n:amount> life")
def gain_life_you(b: Builder, n: Any) -> list[Any]:
    """CR 119.3: "(you may) gain 2 life" after "When you cycle ~, you may" (the subject is
    the ability's controller)."""
    return [GainLife(n, CONTROLLER)]


def _cycling(line: Line, cost: str, effects: tuple[Any, ...], part: str) -> list[Activated]:
    # a line of several keywords ("Swampcycling {2}, mountaincycling {2}") gives each ability
    # its own printed words, so that their actions tell them apart
    text = part if "," in line.text.split("(")[0] else line.raw
    return [Activated(text=text, keyword="cycling", zone=HAND, effects=effects,
                      cost=Cost(mana=parse_mana_cost(cost), discard_self=True))]


@rule("keyword", "Cycling <cost:mana>")
def cycling(b: Builder, cost: str, line: Line) -> list[Activated]:
    """CR 702.29a: "Cycling [cost]" means "[Cost], Discard this card: Draw a card.", activated
    only while the card is in its owner's hand."""
    return _cycling(line, cost, (Draw(),), f"Cycling {cost}")


@kind("cycle_type")
def _cycle_type(text: str) -> tuple[str, str, Filter]:
    """"Plains", "Basic land", "Wizard": what a typecycling ability searches for (as printed,
    the phrase, its filter)."""
    if not text.isalpha() and text.lower() != "basic land":
        raise NoParse(text)
    phrase = text[0].lower() + text[1:] if text.lower() in ("basic land", "land") else text
    return text, phrase + " card", read_noun(phrase + " card")


@rule("keyword", "<what:cycle_type>cycling <cost:mana>")
def typecycling(b: Builder, what: tuple[str, str, Filter], cost: str, line: Line) -> list[Activated]:
    """CR 702.29e: "[Type]cycling [cost]" means "[Cost], Discard this card: Search your library
    for a [type] card, reveal it, put it into your hand, then shuffle." The player may find
    nothing (CR 701.23b)."""
    printed, phrase, flt = what
    return _cycling(line, cost, (SearchLibrary(to=HAND, what=flt, phrase=phrase), Shuffle()),
                    f"{printed}cycling {cost}")


@rule("trigger", "When you cycle <s:self>")
def when_you_cycle(b: Builder, s: str) -> dict[str, Any]:
    """CR 702.29c: "When you cycle this card" triggers when it is discarded to pay a cycling
    cost, from the zone it went to."""
    return {"event": TriggerEvent.CYCLED, "subject": THIS}


@rule("trigger", "Whenever you cycle a card")
def whenever_you_cycle(b: Builder) -> dict[str, Any]:
    """CR 702.29d: a permanent's ability, once for each card you cycle."""
    return {"event": TriggerEvent.CYCLED, "subject": None, "actor": YOU}


@rule("trigger", "Whenever a player cycles a card")
def whenever_a_player_cycles(b: Builder) -> dict[str, Any]:
    """CR 702.29d: once for each card any player cycles."""
    return {"event": TriggerEvent.CYCLED, "subject": None}


# --------------------------------------------------------------------------------------------
# cards in graveyards


def _graveyard_target(b: Builder, what: ObjRef, yours: bool) -> Who:
    """A target card in a graveyard ("target creature card from your graveyard")."""
    if what.kind != "target" or what.spec is None or what.spec.where != frozenset({"graveyard"}):
        raise NoParse("a card in a graveyard")
    if yours and not what.spec.what.lower().endswith(("from your graveyard", "in your graveyard")):
        raise NoParse(what.spec.what)
    return b.obj(what, frozenset({"graveyard"}))


@rule("effect", "Return <what:obj> to your hand")
def return_to_hand(b: Builder, what: ObjRef) -> list[Any]:
    """"Return target creature card from your graveyard to your hand." (a card of yours: it
    goes to its owner's hand)"""
    return [ReturnCard(_graveyard_target(b, what, True), HAND)]


#: what a card put onto the battlefield from a graveyard may be: never an Aura, which would
#: need something to enchant (CR 303.4f)
_ONTO_BATTLEFIELD = frozenset({"Creature", "Artifact", "Land"})


def _only_types(f: Filter, allowed: frozenset[str]) -> bool:
    """Does every card `f` matches have one of `allowed` as a card type?"""
    if isinstance(f, CardType):
        return f.name in allowed
    if isinstance(f, Subtype):  # land and artifact types appear only on lands and artifacts
        return ("Land" in allowed and f.name in LAND_TYPES) or ("Artifact" in allowed and f.name in ARTIFACT_TYPES)
    if isinstance(f, And):
        return any(_only_types(p, allowed) for p in f.parts)
    if isinstance(f, Or):
        return all(_only_types(p, allowed) for p in f.parts)
    return False


@rule("effect", "Return <what:obj> to the battlefield", "Return <what:obj> to the battlefield under your control",
      "Put <what:obj> onto the battlefield under your control")
def reanimate(b: Builder, what: ObjRef) -> list[Any]:
    """"Return target creature card from your graveyard to the battlefield." / "Put target
    creature card from a graveyard onto the battlefield under your control." (CR 110.2a: under
    the control of the player who puts it there)"""
    if what.spec is None or not _only_types(what.spec.filter, _ONTO_BATTLEFIELD):
        raise NoParse("a card that may not be put onto the battlefield alone")
    got = ReturnCard(_graveyard_target(b, what, False), BATTLEFIELD)
    moved(b, what.spec.what.lower().endswith("from your graveyard"))
    return [got]


def moved(b: Builder, yours: bool) -> None:
    """After an effect put one card onto the battlefield: "it" is now the permanent it became
    (CR 400.7j; templates/permanents.py), the ability's controller's own card or not."""
    b.last = MOVED
    b.notes["moved"] = (yours, False)  # (yours, a delayed ability about it read)


# --------------------------------------------------------------------------------------------
# searching a library (CR 701.23) and shuffling it (CR 701.24)


@kind("search")
def _search(text: str) -> tuple[str, Filter, bool]:
    """"a basic land card", "a creature card with mana value 3 or less", "a card": (the
    phrase, its filter, whether it states a quality, CR 701.23b)."""
    low = text.lower()
    if low == "a card":
        return "card", Anything(), False
    if not low.startswith(("a ", "an ")) or not low.endswith(" card") and " card with " not in low:
        raise NoParse(text)
    phrase = text.split(" ", 1)[1]
    if " or " in phrase.replace(" or less", "").replace(" or greater", "") and "card" in phrase.split(" or ")[0]:
        raise NoParse(text)  # "a basic land card or a Desert card": two descriptions
    return phrase, read_noun(phrase), True


def _onto_battlefield(what: tuple[str, Filter, bool], tapped: bool) -> list[Any]:
    phrase, flt, quality = what
    if not _only_types(flt, _ONTO_BATTLEFIELD):
        raise NoParse(phrase)
    return [SearchLibrary(to=BATTLEFIELD, tapped=tapped, what=flt, phrase=phrase, must_find=not quality),
            Shuffle()]


@rule("effect", "Search your library for <what:search>, put (it|that card) onto the battlefield, then shuffle")
def search_to_battlefield(b: Builder, what: tuple[str, Filter, bool]) -> list[Any]:
    """CR 701.23a, 701.24a: "Search your library for a basic land card, put it onto the
    battlefield, then shuffle." Only cards that can enter alone (never an Aura, CR 303.4f);
    its "as enters" choice is made as it enters (CR 614.12)."""
    return _onto_battlefield(what, False)


@rule("effect", "Search your library for <what:search>, put (it|that card) onto the battlefield tapped, then shuffle")
def search_to_battlefield_tapped(b: Builder, what: tuple[str, Filter, bool]) -> list[Any]:
    """"... put it onto the battlefield tapped, then shuffle." (it enters tapped, CR 614.1c)"""
    return _onto_battlefield(what, True)


@rule("effect", "Search your library for <what:search>, reveal (it|that card), put it into your hand, then shuffle")
def search_reveal_to_hand(b: Builder, what: tuple[str, Filter, bool]) -> list[Any]:
    """CR 701.23a, 701.24a: "Search your library for a basic land card, reveal it, put it into
    your hand, then shuffle." """
    phrase, flt, quality = what
    return [SearchLibrary(to=HAND, what=flt, phrase=phrase, must_find=not quality), Shuffle()]


@rule("effect", "Search your library for <what:search>, put (it|that card) into your hand, then shuffle")
def search_to_hand(b: Builder, what: tuple[str, Filter, bool]) -> list[Any]:
    """"Search your library for a card, put that card into your hand, then shuffle." (a tutor:
    the card isn't revealed, CR 701.23e, and must be found if there is one, CR 701.23d)"""
    phrase, flt, quality = what
    return [SearchLibrary(to=HAND, what=flt, phrase=phrase, must_find=not quality, reveal=False), Shuffle()]


# --------------------------------------------------------------------------------------------
# hands: discarding (CR 701.9) and revealing (CR 701.20)


@rule("effect", "<who:player> (discard|discards) <n:amount> card(s|)")
def player_discards(b: Builder, who: PlayerRef, n: Any) -> list[Any]:
    """CR 701.9a-b: "Target player discards two cards.", "Each opponent discards a card." (each
    player chooses their own)"""
    return [PlayerDiscards(n, b.player(who))]


@rule("effect", "<who:player> (discard|discards) <n:amount> card(s|) at random",
      "Discard <n:amount> card(s|) at random")
def player_discards_at_random(b: Builder, n: Any, who: PlayerRef | None = None) -> list[Any]:
    """CR 701.9b: "Target player discards a card at random." """
    return [PlayerDiscards(n, CONTROLLER if who is None else b.player(who), at_random=True)]


@rule("effect", "<who:player> (discard|discards) (their|his or her) hand", "Discard your hand")
def discard_hand(b: Builder, who: PlayerRef | None = None) -> list[Any]:
    """CR 701.9a: "Each player discards their hand." """
    return [PlayerDiscards(0, CONTROLLER if who is None else b.player(who), hand=True)]


@rule("effect", "<who:player> reveals (their|his or her) hand")
def reveal_hand(b: Builder, who: PlayerRef) -> list[Any]:
    """CR 701.20a: "Target opponent reveals their hand." (what follows may choose from it)"""
    if who.kind != "target":
        raise NoParse("reveals their hand")
    subject = b.player(who)
    b.notes["revealed_hand"] = subject
    return [RevealHand(subject)]


@rule("effect", "You choose <what:hand_card> from it", "You choose <what:hand_card> from that player's hand")
def choose_from_hand(b: Builder, what: tuple[str, Filter]) -> list[Any]:
    """"You choose a nonland card from it." (the hand just revealed)"""
    who = b.notes.get("revealed_hand")
    if who is None or "chosen_from_hand" in b.notes:
        raise NoParse("choose from a hand")
    b.notes["chosen_from_hand"] = who
    phrase, flt = what
    return [ChooseFromHand(flt, who, phrase)]


@kind("hand_card")
def _hand_card(text: str) -> tuple[str, Filter]:
    low = text.lower()
    if low == "a card":
        return "a card", Anything()
    if not low.startswith(("a ", "an ")) or not low.endswith(" card"):
        raise NoParse(text)
    return text, read_noun(text.split(" ", 1)[1])


@rule("effect", "That player discards that card", "That player discards it")
def discard_chosen(b: Builder) -> list[Any]:
    """"That player discards that card." (the card chosen from their revealed hand)"""
    if "chosen_from_hand" not in b.notes:
        raise NoParse("discards that card")
    return [DiscardChosen()]


@kind("card_quality")
def _card_quality(text: str) -> str:
    """"mana value 3 or less": a quality a "with" adds to a card phrase."""
    if not text.lower().startswith(("mana value ", "power ", "toughness ")):
        raise NoParse(text)
    return text


@rule("effect", "You choose <what:hand_card> from it with <q:card_quality>")
def choose_from_hand_with(b: Builder, what: tuple[str, Filter], q: str) -> list[Any]:
    """"You choose a nonland card from it with mana value 3 or less." """
    phrase = f"{what[0]} with {q}"
    return choose_from_hand(b, (phrase, read_noun(phrase.split(" ", 1)[1])))


@rule("effect", "<who:player> (discard|discards) (their|his or her) hand, then (draw|draws) <n:amount> card(s|)")
def wheel(b: Builder, who: PlayerRef, n: Any) -> list[Any]:
    """"Each player discards their hand, then draws seven cards." (every player discards, then
    every player draws)"""
    subject = b.player(who)
    return [PlayerDiscards(0, subject, hand=True), Draw(n, subject)]


@rule("effect", "<who:player> (draw|draws) <n:amount> card(s|), then (discard|discards) <m:amount> card(s|)")
def draw_then_discard(b: Builder, who: PlayerRef, n: Any, m: Any) -> list[Any]:
    """"Target player draws two cards, then discards a card." (the same players)"""
    subject = b.player(who)
    return [Draw(n, subject), PlayerDiscards(m, subject)]


@rule("effect", "<who:player> (draw|draws) <n:amount> card(s|), then (discard|discards) <m:amount> card(s|) at random")
def draw_then_discard_at_random(b: Builder, who: PlayerRef, n: Any, m: Any) -> list[Any]:
    """"Each player draws three cards, then discards three cards at random." (CR 701.9b)"""
    subject = b.player(who)
    return [Draw(n, subject), PlayerDiscards(m, subject, at_random=True)]


# --------------------------------------------------------------------------------------------
# "Look at the top N cards of your library. Put one of them into your hand and the rest ..."
# The first sentence only says what is looked at (looking changes nothing, CR 701.20e); the
# next sentence must say what happens to those cards, or the ability is not read.


@rule("effect", "Look at the top <n:amount> card(s|) of your library", "Look at the top card of your library")
def look_at_top(b: Builder, n: Any = 1) -> list[Any]:
    """"Look at the top four cards of your library." (what follows acts on them)"""
    if "looked" in b.notes:
        raise NoParse("look at the top cards twice")
    b.notes["looked"] = n
    b.notes["needs_more"] = "Look at the top N cards of your library"
    return []


def _looked(b: Builder) -> Any:
    n = b.notes.get("looked")
    if n is None or not b.notes.get("needs_more"):
        raise NoParse("them")
    b.notes["needs_more"] = None
    return n


_REST = {"the rest on the bottom of your library in any order": "bottom",
         "the other on the bottom of your library": "bottom",
         "the rest on the bottom of your library in a random order": "random",
         "the rest into your graveyard": "graveyard", "the other into your graveyard": "graveyard",
         "the other one into your graveyard": "graveyard"}


@kind("dig_rest")
def _dig_rest(text: str) -> str:
    got = _REST.get(text.lower())
    if got is None:
        raise NoParse(text)
    return got


@rule("effect", "Put <k:n> of (them|those cards) into your hand and <rest:dig_rest>")
def dig(b: Builder, k: int, rest: str) -> list[Any]:
    """"Put one of them into your hand and the rest on the bottom of your library in any
    order." (Anticipate, Impulse)"""
    n = _looked(b)
    if isinstance(n, int) and k >= n:
        raise NoParse("all of them")
    return [DigTake(n, k), DigRest(n, rest)]


@rule("effect", "You may reveal <what:hand_card> from among them and put it into your hand",
      "You may reveal <what:hand_card> from among those cards and put it into your hand")
def dig_reveal(b: Builder, what: tuple[str, Filter]) -> list[Any]:
    """"You may reveal a creature card from among them and put it into your hand." (the rest
    follow in the next sentence)"""
    n = _looked(b)
    b.notes["dig_rest"] = n
    b.notes["needs_more"] = "the rest"
    phrase, flt = what
    return [DigTake(n, 1, flt, reveal=True, phrase=phrase, optional=True)]


def _rest_rule(wording: str, to: str) -> None:
    @rule("effect", wording)
    def dig_rest(b: Builder) -> list[Any]:
        """The looked-at cards not taken (after "reveal a ... card from among them")."""
        n = b.notes.get("dig_rest")
        if n is None or b.notes.get("needs_more") != "the rest":
            raise NoParse("the rest")
        b.notes["needs_more"] = None
        del b.notes["dig_rest"]
        return [DigRest(n, to)]


_rest_rule("Put the rest on the bottom of your library in any order", "bottom")
_rest_rule("Put the rest on the bottom of your library in a random order", "random")
_rest_rule("Put the rest into your graveyard", "graveyard")


@rule("effect", "Put any number of them into your graveyard and the rest back on top of your library in any order")
def look_graveyard(b: Builder) -> list[Any]:
    """"Put any number of them into your graveyard and the rest back on top of your library in
    any order." (surveil's actions, CR 701.25a)"""
    return [LookPutIntoGraveyard(_looked(b))]


@rule("effect", "You may put that card into your graveyard")
def consider(b: Builder) -> list[Any]:
    """"Look at the top card of your library. You may put that card into your graveyard."
    (Consider: the choice names the card)"""
    if b.notes.get("looked") != 1:
        raise NoParse("that card")
    return [LookPutIntoGraveyard(_looked(b))]


# --------------------------------------------------------------------------------------------
# exiling the top card to play it; putting cards on a library


@rule("effect", "Exile the top card of your library")
def exile_top(b: Builder) -> list[Any]:
    """"Exile the top card of your library." (CR 406.3)"""
    if "exiled_top" in b.notes:
        raise NoParse("exile the top card twice")
    b.notes["exiled_top"] = True
    return [ExileTop()]


@rule("effect", "You may play that card this turn", "You may play it this turn",
      "Until end of turn, you may play that card", "Until end of turn, you may play it")
def play_exiled(b: Builder) -> list[Any]:
    """"Exile the top card of your library. You may play that card this turn." """
    if b.notes.get("exiled_top") is not True:
        raise NoParse("that card")
    b.notes["exiled_top"] = "played"
    return [PlayExiled()]


@rule("effect", "Put <what:obj> on top of its owner's library")
def put_on_top(b: Builder, what: ObjRef) -> list[Any]:
    """"Put target creature on top of its owner's library." """
    return [PutOnLibrary(b.obj(what, frozenset({"battlefield", "graveyard"})), True)]


@rule("effect", "Put <what:obj> on the bottom of its owner's library")
def put_on_bottom(b: Builder, what: ObjRef) -> list[Any]:
    """"Put target card from a graveyard on the bottom of its owner's library." """
    return [PutOnLibrary(b.obj(what, frozenset({"battlefield", "graveyard"})), False)]


# --------------------------------------------------------------------------------------------
# abilities of a card in a graveyard (CR 113.6m)


def _self_rule(wording: str, to: str, tapped: bool) -> None:
    @rule("effect", wording)
    def return_self(b: Builder, s: str) -> list[Any]:
        """An activated ability of a card in its owner's graveyard (CR 113.6m)."""
        if not b.notes.get("activated") or b.notes.get("zone") or b.targets:
            raise NoParse("return ~ from your graveyard")
        if to == BATTLEFIELD and b.card is not None and "Aura" in getattr(b.card, "type_line", ""):
            raise NoParse("an Aura returned to the battlefield")
        b.notes["zone"] = GRAVEYARD
        return [ReturnSelf(to, tapped)]


@kind("self_card")
def _self_card(text: str) -> str:
    if text.lower() not in SELF_WORDS:
        raise NoParse(text)
    return text


_self_rule("Return <s:self_card> from your graveyard to your hand", HAND, False)
_self_rule("Return <s:self_card> from your graveyard to the battlefield", BATTLEFIELD, False)
_self_rule("Return <s:self_card> from your graveyard to the battlefield tapped", BATTLEFIELD, True)


# --------------------------------------------------------------------------------------------
# "whenever ... discards a card" (CR 701.9)


@rule("trigger", "Whenever you discard a card")
def whenever_you_discard(b: Builder) -> dict[str, Any]:
    """"Whenever you discard a card, ..." (any discard: a cost, an effect, cleanup)"""
    return {"event": TriggerEvent.DISCARD, "subject": None, "actor": YOU}


@rule("trigger", "Whenever an opponent discards a card")
def whenever_an_opponent_discards(b: Builder) -> dict[str, Any]:
    """"Whenever an opponent discards a card, ..." """
    return {"event": TriggerEvent.DISCARD, "subject": None, "actor": OPPONENT}


@rule("trigger", "Whenever a player discards a card")
def whenever_a_player_discards(b: Builder) -> dict[str, Any]:
    """"Whenever a player discards a card, ..." """
    return {"event": TriggerEvent.DISCARD, "subject": None}


@rule("trigger", "Whenever you cycle or discard a card")
def whenever_you_cycle_or_discard(b: Builder) -> dict[str, Any]:
    """CR 702.29d: "Whenever you cycle or discard a card" triggers once for a card cycled (the
    discard that pays the cost)."""
    return {"event": (TriggerEvent.DISCARD, TriggerEvent.CYCLED), "subject": None, "actor": YOU}


@kind("up_to_cards")
def _up_to_cards(text: str) -> tuple[int, str, Filter]:
    """"up to two basic land cards", "up to two Forest cards": (number, phrase, filter)."""
    low = text.lower()
    if not low.startswith("up to ") or not low.endswith(" cards"):
        raise NoParse(text)
    words = text.split(" ")
    n = read_number(words[2])
    if n < 2:
        raise NoParse(text)
    phrase = " ".join(words[3:])
    return n, phrase, read_noun(phrase[:-1])  # "basic land cards" -> "basic land card"


@rule("effect", "Search your library for <what:up_to_cards>, reveal (them|those cards), put them into your hand, then shuffle",
      "Search your library for <what:up_to_cards>, put them into your hand, then shuffle")
def search_several_to_hand(b: Builder, what: tuple[int, str, Filter]) -> list[Any]:
    """"Search your library for up to two basic land cards, reveal them, put them into your
    hand, then shuffle." (CR 701.23b: up to: as many as the player finds)"""
    n, phrase, flt = what
    return [SearchCards(((HAND, False),) * n, flt, phrase), Shuffle()]


def _several_rule(wording: str, tapped: bool) -> None:
    @rule("effect", wording)
    def search_several_to_battlefield(b: Builder, what: tuple[int, str, Filter]) -> list[Any]:
        """"Search your library for up to two basic land cards, put them onto the battlefield
        tapped, then shuffle." (lands and the like only: never an Aura, CR 303.4f)"""
        n, phrase, flt = what
        if not _only_types(flt, _ONTO_BATTLEFIELD):
            raise NoParse(phrase)
        return [SearchCards(((BATTLEFIELD, tapped),) * n, flt, phrase), Shuffle()]


_several_rule("Search your library for <what:up_to_cards>, put them onto the battlefield, then shuffle", False)
_several_rule("Search your library for <what:up_to_cards>, put them onto the battlefield tapped, then shuffle", True)


@rule("effect", "Search your library for up to two basic land cards, reveal those cards, put one onto the "
      "battlefield tapped and the other into your hand, then shuffle")
def cultivate(b: Builder) -> list[Any]:
    """Kodama's Reach: "... put one onto the battlefield tapped and the other into your hand,
    then shuffle." (a single card found goes onto the battlefield, Gatherer ruling)"""
    return [SearchCards(((BATTLEFIELD, True), (HAND, False)), parse_filter("basic land"), "basic land cards"),
            Shuffle()]


@rule("effect", "Exile <who:player>'s graveyard")
def exile_graveyard(b: Builder, who: PlayerRef) -> list[Any]:
    """"Exile target player's graveyard." """
    if who.kind != "target":
        raise NoParse("whose graveyard")
    return [ExileGraveyard(b.player(who))]


@rule("effect", "Exile all graveyards")
def exile_all_graveyards(b: Builder) -> list[Any]:
    """"Exile all graveyards." """
    return [ExileGraveyard(EACH_PLAYER)]


@rule("effect", "Exile each opponent's graveyard")
def exile_opponents_graveyards(b: Builder) -> list[Any]:
    """"Exile each opponent's graveyard." """
    return [ExileGraveyard(EACH_OPPONENT)]


@rule("effect", "<who:player> shuffles (their|his or her) graveyard into (their|his or her) library")
def shuffle_graveyard_in(b: Builder, who: PlayerRef) -> list[Any]:
    """"Target player shuffles their graveyard into their library." """
    if who.kind != "target":
        raise NoParse("whose graveyard")
    return [ShuffleGraveyardIn(b.player(who))]


@rule("effect", "Shuffle your graveyard into your library")
def shuffle_your_graveyard_in(b: Builder) -> list[Any]:
    """"Shuffle your graveyard into your library." (Feldon's Cane)"""
    return [ShuffleGraveyardIn(CONTROLLER)]


@kind("yours")
def _yours(text: str) -> tuple[str, Filter]:
    """"a land you control", "a creature you control": one of your permanents, chosen."""
    low = text.lower()
    if not low.startswith(("a ", "an ")) or not low.endswith(" you control") or "target" in low:
        raise NoParse(text)
    flt = read_noun(text.split(" ", 1)[1])
    return text, flt & Permanent()


@rule("effect", "Return <what:yours> to its owner's hand")
def return_yours(b: Builder, what: tuple[str, Filter]) -> list[Any]:
    """"When ~ enters, return a land you control to its owner's hand." (chosen as it resolves;
    it may be ~ itself)"""
    phrase, flt = what
    return [ReturnYourPermanent(flt, phrase)]


@kind("hand_permanent")
def _hand_permanent(text: str) -> tuple[str, Filter]:
    """"a land card", "a creature card", "a basic land card" (that can enter alone: never an
    Aura, CR 303.4f)."""
    phrase, flt = _hand_card(text)
    if not _only_types(flt, _ONTO_BATTLEFIELD):
        raise NoParse(text)
    return phrase, flt


@rule("effect", "You may put <what:hand_permanent> from your hand onto the battlefield")
def put_from_hand(b: Builder, what: tuple[str, Filter]) -> list[Any]:
    """"You may put a land card from your hand onto the battlefield." (the choice lists the
    cards, and none)"""
    moved(b, True)  # "That creature gains haste." (CR 400.7j)
    return [PutFromHand(what[1], what[0])]


@rule("effect", "You may put <what:hand_permanent> from your hand onto the battlefield tapped")
def put_from_hand_tapped(b: Builder, what: tuple[str, Filter]) -> list[Any]:
    """"You may put a land card from your hand onto the battlefield tapped." """
    moved(b, True)
    return [PutFromHand(what[1], what[0], tapped=True)]


@rule("effect", "Look at the top <n:amount> cards of your library, then put them back in any order")
def look_and_reorder(b: Builder, n: Any) -> list[Any]:
    """"Look at the top four cards of your library, then put them back in any order." (the
    player orders them, first on top)"""
    return [ReorderTop(n)]


@rule("effect", "<who:player> (shuffles|shuffle) (their|his or her|your) hand and graveyard into "
      "(their|his or her|your) library, then (draws|draw) <n:amount> card(s|)")
def timetwister(b: Builder, who: PlayerRef, n: Any) -> list[Any]:
    """"Each player shuffles their hand and graveyard into their library, then draws seven
    cards." (every player shuffles, then every player draws)"""
    subject = b.player(who)
    return [ShuffleHandAndGraveyardIn(subject), Draw(n, subject)]


@rule("effect", "Search your library for <what:search>, then shuffle and put that card on top")
def search_to_top(b: Builder, what: tuple[str, Filter, bool]) -> list[Any]:
    """"Search your library for a card, then shuffle and put that card on top." (CR 701.24b:
    the card found isn't shuffled; not revealed, CR 701.23e)"""
    phrase, flt, quality = what
    return [SearchToTop(flt, phrase, must_find=not quality)]


@rule("effect", "Search your library for <what:search>, reveal it, then shuffle and put (that card|the card) on top")
def search_reveal_to_top(b: Builder, what: tuple[str, Filter, bool]) -> list[Any]:
    """"Search your library for a creature card, reveal it, then shuffle and put that card on
    top." """
    phrase, flt, quality = what
    return [SearchToTop(flt, phrase, must_find=not quality, reveal=True)]

"""Formats: each a small class with the few rules it changes, found through a registry.

- `duel`: two players, 20 life, decks of at least 60 cards (sideboards are ignored in play).
- `goldfish`: one player against an opponent that never acts and has no cards; ends at a goal
  or a turn limit. The goldfish player takes every turn.
- `commander`: two to four players, free-for-all, 40 life, a command zone, commander tax
  (CR 903.8), 21 combat damage from one commander (CR 903.10a), 100-card singleton decks within
  the commander's color identity (CR 903.4, 903.5), and a player who loses leaves the game with
  their objects (CR 800.4a).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, ClassVar

from ..cards import get_card
from ..cards.abilities import CanBeCommander
from ..core.errors import DeckError
from ..core.mana import ManaCost
from ..core.objects import COMMAND

if TYPE_CHECKING:
    from .decks import Deck
    from .game import Game

#: Cards a deck may hold any number of (CR 903.5b: basic lands).
BASIC_LANDS = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"})


class Format:
    name: ClassVar[str] = "duel"
    starting_life: ClassVar[int] = 20
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    min_deck: ClassVar[int] = 60
    max_copies: ClassVar[int | None] = 4

    def validate_deck(self, deck: Deck, where: str) -> None:
        """CR 100.2a: at least `min_deck` cards, no more than four of any card but basic lands."""
        if len(deck.main) < self.min_deck:
            raise DeckError(f"{where}: a {self.name} deck needs at least {self.min_deck} cards, "
                            f"this one has {len(deck.main)}")
        if self.max_copies is not None:
            over = [f"{n} {c}" for c, n in Counter(deck.main).items()
                    if n > self.max_copies and c not in BASIC_LANDS]
            if over:
                raise DeckError(f"{where}: more than {self.max_copies} copies of: {', '.join(over)}")

    def setup(self, game: Game, decks: list[Deck]) -> None:
        """Put the decks' cards in their zones before shuffling."""
        for i, deck in enumerate(decks):
            for name in deck.main:
                game.new_object(name, i, "library")

    def free_mulligans(self, game: Game) -> int:
        """CR 103.5c: in a multiplayer game the first mulligan is free."""
        alive = [p for p in game.players if not p.dummy]
        return 1 if len(alive) > 2 else 0

    def combat_damage_to_player(self, game: Game, src: int, player: int, n: int) -> None:
        return None

    def check_losses(self, game: Game) -> bool:
        return False


class Duel(Format):
    name = "duel"


class Goldfish(Format):
    name = "goldfish"
    min_players = 1
    max_players = 1
    min_deck = 1
    max_copies = None

    def setup(self, game: Game, decks: list[Deck]) -> None:
        super().setup(game, decks)
        for p in game.players[len(decks):]:
            p.dummy = True


class Commander(Format):
    name = "commander"
    starting_life = 40
    min_players = 2
    max_players = 4
    min_deck = 100
    max_copies = 1

    def validate_deck(self, deck: Deck, where: str) -> None:
        """CR 903.5: exactly 100 cards counting the commander, singleton but for basic lands,
        every card within the commander's color identity (CR 903.4)."""
        if not 1 <= len(deck.commander) <= 2:
            raise DeckError(f"{where}: a commander deck names one commander in a 'Commander' section")
        total = len(deck.main) + len(deck.commander)
        if total != 100:
            raise DeckError(f"{where}: a commander deck has exactly 100 cards with its commander, this one {total}")
        for c in deck.commander:
            card = get_card(c)
            may = any(isinstance(a, CanBeCommander) for a in card.abilities)  # CR 903.3a
            if not may and not ("Legendary" in card.supertypes and "Creature" in card.types):
                raise DeckError(f"{where}: the commander {c} is not a legendary creature")
        if len(deck.commander) == 2 and not partners(*deck.commander):
            raise DeckError(f"{where}: two commanders must both have partner, or each 'partner with' "
                            f"the other (CR 702.124): {' and '.join(deck.commander)}")
        dup = [c for c, n in Counter(deck.main + deck.commander).items() if n > 1 and c not in BASIC_LANDS]
        if dup:
            raise DeckError(f"{where}: a commander deck is singleton; more than one of: {', '.join(dup)}")
        ident = commander_identity(deck.commander)
        off = [c for c in dict.fromkeys(deck.main) if not color_identity(c) <= ident]
        if off:
            raise DeckError(f"{where}: outside the commander's color identity "
                            f"{''.join(x for x in 'WUBRG' if x in ident) or 'colorless'}: {', '.join(off)}")

    def setup(self, game: Game, decks: list[Deck]) -> None:
        super().setup(game, decks)
        for i, deck in enumerate(decks):
            for name in deck.commander:
                oid = game.new_object(name, i, "command")
                game.objects[oid].info = {"commander": f"{i}:{name}"}
            ident = commander_identity(deck.commander)
            game.commander.colors[i] = "".join(c for c in "WUBRG" if c in ident)

    def combat_damage_to_player(self, game: Game, src: int, player: int, n: int) -> None:
        info = game.objects[src].info if src in game.objects else None
        if info and "commander" in info:
            key = (player, info["commander"])
            game.commander.damage[key] = game.commander.damage.get(key, 0) + n

    def check_losses(self, game: Game) -> bool:
        """CR 704.6c: 21 or more combat damage from the same commander."""
        did = False
        for (player, cmd), dmg in game.commander.damage.items():
            p = game.players[player]
            if dmg >= 21 and not p.lost:
                p.lost = True
                game.log_event(f"{p.name} loses the game (21 combat damage from {cmd.split(':', 1)[1]})")
                did = True
        return did


def partners(a: str, b: str) -> bool:
    """CR 702.124f-i: two different cards that may be commanders together: both have partner,
    or each has "partner with" the other's name (the two abilities don't combine)."""
    from ..cards.partner import Partner
    pa = [x for x in get_card(a).abilities if isinstance(x, Partner)]
    pb = [x for x in get_card(b).abilities if isinstance(x, Partner)]
    if a == b:
        return False
    if any(not x.name for x in pa) and any(not x.name for x in pb):
        return True
    return any(x.name == get_card(b).name for x in pa) and any(x.name == get_card(a).name for x in pb)


def color_identity(card_name: str) -> frozenset[str]:
    """CR 903.4: colors of the mana symbols in its cost and rules text, and its colors."""
    import re
    card = get_card(card_name)
    cols: set[str] = set()
    for face in card.faces or (card,):  # every face of a card with several (CR 903.4d)
        cols.update(face.colors)
        text = re.sub(r"\([^)]*\)", "", face.oracle)  # reminder text doesn't count (CR 903.4)
        for sym in re.findall(r"\{([^}]*)\}", text):
            cols.update(ch for ch in sym.split("/") if ch in "WUBRG")
    return frozenset(cols)


def commander_identity(commanders: list[str]) -> frozenset[str]:
    out: set[str] = set()
    for c in commanders:
        out |= color_identity(c)
    return frozenset(out)


FORMATS: dict[str, type[Format]] = {"duel": Duel, "goldfish": Goldfish, "commander": Commander}


def get_format(name: str) -> Format:
    try:
        return FORMATS[name]()
    except KeyError:
        raise DeckError(f"unknown format {name!r}; expected one of: {', '.join(FORMATS)}") from None


def commander_tax(g: Game, oid: int) -> ManaCost:
    """{2} for each time this commander was cast from the command zone before, when it is cast
    from there: an additional cost, paid even when the spell is cast without paying its mana
    cost (CR 903.8, 118.9d)."""
    obj = g.objects[oid]
    if obj.zone == COMMAND and obj.info and "commander" in obj.info:
        tax = 2 * g.commander.casts.get(obj.info["commander"], 0)
        if tax:
            return ManaCost(generic=tax, text=f"{{{tax}}}")
    return ManaCost()

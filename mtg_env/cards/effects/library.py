"""Libraries (CR 401, 701.19, 701.20): search, shuffle, put cards on top, reorder."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.filters import Filter, parse_filter
from ...core.objects import BATTLEFIELD, LIBRARY
from .base import NOTHING, Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class SearchLibrary(Effect):
    """"Search your library for a basic land card, put it <to>" (CR 701.23). The player may fail
    to find a card with a stated quality (CR 701.23b), so "find nothing" is offered, except to
    a search for a quantity alone ("a card", CR 701.23d).
    `after` is the step of an earlier search that must have found a card for this one to happen
    (Cultivate's second card); the library is shuffled by a separate `Shuffle` effect."""

    to: str = BATTLEFIELD     # "battlefield" or "hand"
    tapped: bool = False
    after: int | None = None
    what: Filter = dataclasses.field(default_factory=lambda: parse_filter("basic land"))
    #: how the prompt names what is searched for
    phrase: str = "basic land card"
    #: a search for a quantity of cards ("a card") must find one if it can (CR 701.23d)
    must_find: bool = False
    #: whether the card found is revealed (CR 701.23e: only where the effect says so; one put
    #: onto the battlefield is seen anyway); an unrevealed card is not named in the log
    reveal: bool = True

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        if self.after is not None and ctx.answers.get(self.after, NOTHING) == NOTHING:
            return None
        player = g.players[ctx.controller]
        choice = ctx.answers.get(step)
        if choice is None:
            # identical cards are one choice (the library is hidden and unordered to its owner)
            by_name: dict[str, int] = {}
            for o in player.library:
                if self.what.obj(g, g.objects[o], g.chars(o), ctx.controller, ctx.source_id):
                    by_name.setdefault(g.objects[o].card.name, o)
            found = list(by_name.values())
            dest = "onto the battlefield" + (" tapped" if self.tapped else "") \
                if self.to == BATTLEFIELD else "into your hand"
            nothing = () if self.must_find and found else (NOTHING,)
            return Ask("choose", ctx.controller, (*found, *nothing),
                       (*(f"find {g.objects[o].card.name}" for o in found),
                        *(("find nothing",) if nothing else ())),
                       f"{ctx.source_name}: search your library for {_article(self.phrase)} to put {dest}")
        if choice == NOTHING or choice not in player.library:
            g.log_event(f"{player.name} finds nothing ({ctx.source_name})")
            return None
        info = None
        if self.to == BATTLEFIELD:
            # its "as enters" choice first (CR 614.12)
            got = g.as_enters(ctx, -(step * 1_000) - 700, g.objects[choice].card, ctx.controller)
            if isinstance(got, Ask):
                return got
            info = got
        shown = g.objects[choice].card.name if self.reveal or self.to == BATTLEFIELD else "a card"
        g.log_event(f"{player.name} finds {shown} ({ctx.source_name})")
        # it enters tapped: it doesn't "become tapped"
        g.move_to_zone(choice, self.to, tapped=self.tapped, info=info)
        return None


def _article(phrase: str) -> str:
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


@dataclass(frozen=True)
class Shuffle(Effect):
    """Shuffle the controller's library (CR 701.20), with the game's seeded generator."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        g.shuffle_library(ctx.controller)
        g.log_event(f"{g.players[ctx.controller].name} shuffles their library")
        return None


@dataclass(frozen=True)
class MayShuffle(Effect):
    """"You may shuffle." (Ponder)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        answer = ctx.answers.get(step)
        if answer is None:
            return Ask("yes_no", ctx.controller, (True, False), ("yes", "no"),
                       f"{ctx.source_name}: shuffle your library?")
        if answer:
            Shuffle().resolve(g, ctx, step)
        return None


@dataclass(frozen=True)
class PutFromHandOnTop(Effect):
    """"Put a card from your hand on top of your library": one card per effect, so that
    Brainstorm's "put two cards ... in any order" is two of these (the later one ends on top)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        hand = g.players[ctx.controller].hand
        if not hand:
            return None
        choice = ctx.answers.get(step)
        if choice is None:
            return Ask("choose", ctx.controller, tuple(hand),
                       tuple(f"put {g.objects[o].card.name} on top of your library" for o in hand),
                       f"{ctx.source_name}: choose a card from your hand to put on top of your library")
        if choice in hand:
            g.log_event(f"{g.players[ctx.controller].name} puts {g.objects[choice].card.name} "
                        f"on top of their library ({ctx.source_name})")
            g.move_to_zone(choice, LIBRARY, to_top=True)
        return None


@dataclass(frozen=True)
class OrderTopOfLibrary(Effect):
    """One step of "look at the top `count` cards of your library, then put them back in any
    order": choose the card that goes at `position` (0 is the top) among those not yet placed.
    Ponder is this with positions 0 and 1 (the last card's place is then forced)."""

    position: int
    count: int = 3

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        library = g.players[ctx.controller].library
        rest = library[self.position:min(self.count, len(library))]
        if len(rest) < 2:
            return None
        choice = ctx.answers.get(step)
        ordinal = ("first (on top)", "second", "third", "fourth", "fifth")[min(self.position, 4)]
        if choice is None:
            return Ask("choose", ctx.controller, tuple(rest),
                       tuple(f"put {g.objects[o].card.name} {ordinal}" for o in rest),
                       f"{ctx.source_name}: choose the card to put {ordinal} on your library")
        if choice in rest:
            library.remove(choice)
            library.insert(self.position, choice)
            g.log_event(f"{g.players[ctx.controller].name} puts {g.objects[choice].card.name} "
                        f"{ordinal} on their library ({ctx.source_name})")
        return None


@dataclass(frozen=True)
class SearchCards(Effect):
    """"Search your library for up to two basic land cards, reveal those cards, put one onto the
    battlefield tapped and the other into your hand" / "... put them into your hand": up to
    `len(dests)` cards matching `what`, found one at a time (the player may stop, CR 701.23b);
    the `i`th card found goes to `dests[i]` (zone, tapped). Cards put onto the battlefield make
    their "as enters" choice (CR 614.12). A single card found takes the first destination
    (Cultivate, Kodama's Reach: Gatherer rulings)."""

    dests: tuple[tuple[str, bool], ...]
    what: Filter = dataclasses.field(default_factory=lambda: parse_filter("basic land"))
    phrase: str = "basic land cards"

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        p = ctx.controller
        player = g.players[p]
        found: list[int] = []
        k = 0
        while len(found) < len(self.dests):
            ans = ctx.answers.get(-(step * 1_000) - 1 - k)
            left = [o for o in player.library if o not in found
                    and self.what.obj(g, g.objects[o], g.chars(o), p, ctx.source_id)]
            if not left or ans == NOTHING:
                break
            if ans is None or ans not in left:
                by_name: dict[str, int] = {}
                for o in left:
                    by_name.setdefault(g.objects[o].card.name, o)
                opts = list(by_name.values())
                return Ask("choose", p, (*opts, NOTHING),
                           (*(f"find {g.objects[o].card.name}" for o in opts),
                            "find no more" if found else "find nothing"),
                           f"{ctx.source_name}: search your library for up to {len(self.dests)} {self.phrase}"
                           + (f" ({len(found)} found)" if found else ""), key=-(step * 1_000) - 1 - k)
            found.append(ans)
            k += 1
        infos: list[dict[str, object] | None] = []
        for i, o in enumerate(found):
            zone, _tapped = self.dests[i]
            info = None
            if zone == BATTLEFIELD:
                got = g.as_enters(ctx, -(step * 1_000) - 500 - i, g.objects[o].card, p)
                if isinstance(got, Ask):
                    return got
                info = got
            infos.append(info)
        if not found:
            g.log_event(f"{player.name} finds nothing ({ctx.source_name})")
        for i, o in enumerate(found):
            zone, tapped = self.dests[i]
            g.log_event(f"{player.name} finds {g.objects[o].card.name} ({ctx.source_name})")
            g.move_to_zone(o, zone, tapped=tapped, info=infos[i])
        return None


@dataclass(frozen=True)
class SearchToTop(Effect):
    """"Search your library for a card, then shuffle and put that card on top." (Vampiric
    Tutor, the Harbingers): the card found isn't shuffled (CR 701.24b) and ends on top. A
    search for a quantity alone must find one (CR 701.23d), one with a stated quality may find
    nothing (CR 701.23b); the library is shuffled either way. `reveal`: the log names it."""

    what: Filter = dataclasses.field(default_factory=lambda: parse_filter("basic land"))
    phrase: str = "card"
    must_find: bool = False
    reveal: bool = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        p = ctx.controller
        player = g.players[p]
        choice = ctx.answers.get(step)
        if choice is None:
            by_name: dict[str, int] = {}
            for o in player.library:
                if self.what.obj(g, g.objects[o], g.chars(o), p, ctx.source_id):
                    by_name.setdefault(g.objects[o].card.name, o)
            found = list(by_name.values())
            nothing = () if self.must_find and found else (NOTHING,)
            return Ask("choose", p, (*found, *nothing),
                       (*(f"find {g.objects[o].card.name}" for o in found),
                        *(("find nothing",) if nothing else ())),
                       f"{ctx.source_name}: search your library for {_article(self.phrase)} to put on top")
        got = choice if choice != NOTHING and choice in player.library else None
        if got is not None:
            player.library.remove(got)
        g.shuffle_library(p)
        if got is None:
            g.log_event(f"{player.name} finds nothing and shuffles their library ({ctx.source_name})")
            return None
        player.library.insert(0, got)
        shown = g.objects[got].card.name if self.reveal else "a card"
        g.log_event(f"{player.name} finds {shown}, shuffles their library and puts it on top ({ctx.source_name})")
        return None

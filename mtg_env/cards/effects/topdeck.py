"""The top of a library: scry (CR 701.22), surveil (CR 701.25) and mill (CR 701.17).

Scry and surveil are decided one card at a time by the player who looks (the cards are hidden
from everyone else): first the cards that go to the bottom (scry) or into the graveyard
(surveil), one after another, until the player says the rest stay on top; then the order of
the cards left on top, first (on top) to last. Identical cards are one choice. Every answer is
kept in `ctx.answers` under keys of this effect's own (negative, so they never meet the steps of
the ability's other effects), and the library changes only once everything is decided.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.filters import Filter
from ...core.objects import EXILE, GRAVEYARD, HAND, LIBRARY
from ..subjects import CONTROLLER, Amount, Who, amount_of
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps

#: the answer "the rest stay on top"
KEEP = "keep"
_ORDINALS = ("first (on top)", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth")


def answer_key(step: int, k: int) -> int:
    """Where the `k`th answer of the effect at `step` is kept: negative, apart from every step."""
    return -(step * 1_000 + k) - 1


def distinct(g: GameOps, cards: list[int]) -> list[int]:
    """The first card of each name (identical cards are one choice)."""
    seen: dict[str, int] = {}
    for o in cards:
        seen.setdefault(g.objects[o].card.name, o)
    return list(seen.values())


def order_top(g: GameOps, ctx: Context, step: int, k: int, rest: list[int], what: str) -> list[int] | Ask:
    """The player's order for `rest` on top of the library, first (on top) to last: one choice
    per place while two or more different cards are left; answers from the `k`th on."""
    order: list[int] = []
    left = list(rest)
    while len(distinct(g, left)) > 1:
        ans = ctx.answers.get(answer_key(step, k))
        if ans is None or ans not in left:
            opts = distinct(g, left)
            place = _ORDINALS[min(len(order), len(_ORDINALS) - 1)]
            return Ask("choose", ctx.controller, tuple(opts),
                       tuple(f"put {g.objects[o].card.name} {place}" for o in opts),
                       f"{ctx.source_name}: {what}: choose the card to put {place} on your library",
                       key=answer_key(step, k))
        order.append(ans)
        left.remove(ans)
        k += 1
    return order + left


@dataclass(frozen=True)
class _LookAtTop(Effect):
    """Look at the top `amount` cards of your library, put any number of them somewhere (the
    subclass says where) one after another, and the rest back on top in any order."""

    amount: Amount = 1

    verb = ""         # "scry", "surveil"
    away_label = ""   # "on the bottom", "into your graveyard"

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        if n <= 0:
            return None  # CR 701.22b, 701.25b: scry 0 / surveil 0 is no event
        p = ctx.controller
        library = g.players[p].library
        looked = library[:n]
        if not looked:
            return None
        what = f"{self.verb} {n}"
        away: list[int] = []
        k = 0
        while len(away) < len(looked):
            ans = ctx.answers.get(answer_key(step, k))
            left = [o for o in looked if o not in away]
            if ans is None or (ans != KEEP and ans not in left):
                opts = distinct(g, left)
                rest = ", ".join(g.objects[o].card.name for o in left)
                return Ask("choose", p, (*opts, KEEP),
                           (*(f"put {g.objects[o].card.name} {self.away_label}" for o in opts),
                            "put the rest on top" if away else "put them all on top"),
                           f"{ctx.source_name}: {what}: choose a card to put {self.away_label} "
                           f"(looking at {rest})", key=answer_key(step, k))
            k += 1
            if ans == KEEP:
                break
            away.append(ans)
        top = order_top(g, ctx, step, k, [o for o in looked if o not in away], what)
        if isinstance(top, Ask):
            return top
        self.place(g, ctx, looked, away, top)
        return None

    def place(self, g: GameOps, ctx: Context, looked: list[int], away: list[int], top: list[int]) -> None:
        raise NotImplementedError


@dataclass(frozen=True)
class Scry(_LookAtTop):
    """"Scry N" (CR 701.22a): look at the top N cards of your library, then put any number of
    them on the bottom in any order and the rest on top in any order. The cards put on the
    bottom go there in the order chosen (the last chosen is the bottom card)."""

    verb = "scry"
    away_label = "on the bottom"

    def place(self, g: GameOps, ctx: Context, looked: list[int], away: list[int], top: list[int]) -> None:
        library = g.players[ctx.controller].library
        for o in looked:
            library.remove(o)
        library[:0] = top
        library.extend(away)
        g.log_event(f"{g.players[ctx.controller].name} scries {len(looked)}: {len(top)} on top, "
                    f"{len(away)} on the bottom ({ctx.source_name})")


@dataclass(frozen=True)
class Surveil(_LookAtTop):
    """"Surveil N" (CR 701.25a): look at the top N cards of your library, then put any number
    of them into your graveyard and the rest on top in any order."""

    verb = "surveil"
    away_label = "into your graveyard"
    logged = "surveils"

    def place(self, g: GameOps, ctx: Context, looked: list[int], away: list[int], top: list[int]) -> None:
        library = g.players[ctx.controller].library
        names = ", ".join(g.objects[o].card.name for o in away)
        for o in away:
            g.move_to_zone(o, GRAVEYARD)
        for o in top:
            library.remove(o)
        library[:0] = top
        g.log_event(f"{g.players[ctx.controller].name} {self.logged} {len(looked)}: {len(top)} on top"
                    + (f", {names} into the graveyard" if away else "") + f" ({ctx.source_name})")


@dataclass(frozen=True)
class LookPutIntoGraveyard(Surveil):
    """"Look at the top N cards of your library. Put any number of them into your graveyard and
    the rest back on top of your library in any order." (surveil's actions without being a
    surveil, CR 701.25)"""

    verb = "look at the top"
    logged = "looks at the top"


@dataclass(frozen=True)
class Mill(Effect):
    """"<player> mills N cards" (CR 701.17a): the top N cards of their library into their
    graveyard, as many as there are (CR 701.17b)."""

    amount: Amount = 1
    who: Who = CONTROLLER

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        for ref in self.who.refs(g, ctx):
            if ref[0] != "player":
                continue
            p = ref[1]
            top = list(g.players[p].library[:max(n, 0)])
            for o in top:
                g.move_to_zone(o, GRAVEYARD)
            names = ", ".join(g.name_of(o) for o in g.players[p].graveyard[-len(top):]) if top else "nothing"
            g.log_event(f"{g.players[p].name} mills {len(top)}: {names} ({ctx.source_name})")
        return None


# --------------------------------------------------------------------------------------------
# "Look at the top N cards of your library. Put one of them into your hand and the rest ..."

#: where `DigTake` records how many of the looked-at cards it took, for `DigRest`
DIG_TAKEN = -(10 ** 15) - 2


@dataclass(frozen=True)
class DigTake(Effect):
    """"Put one of them into your hand" / "reveal a creature card from among them and put it
    into your hand": of the top `n` cards of the controller's library (looked at), `take` go
    into their hand, chosen one at a time; only cards matching `what`, if given (then there
    may be none). `reveal`: the cards are shown (the log names them)."""

    n: Amount
    take: int = 1
    what: Filter | None = None
    reveal: bool = False
    phrase: str = "card"
    #: "You may reveal ...": the player may take none
    optional: bool = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.n, g, ctx)
        p = ctx.controller
        looked = g.players[p].library[:max(n, 0)]
        flt = self.what
        cands = [o for o in looked if flt is None or flt.obj(g, g.objects[o], g.chars(o), p, ctx.source_id)]
        chosen: list[int] = []
        while len(chosen) < min(self.take, len(cands)):
            key = answer_key(step, len(chosen))
            ans = ctx.answers.get(key)
            left = [o for o in cands if o not in chosen]
            if ans == KEEP:
                break
            if ans is None or ans not in left:
                opts = distinct(g, left)
                seen = ", ".join(g.objects[o].card.name for o in looked)
                none = (KEEP,) if self.optional else ()
                return Ask("choose", p, (*opts, *none),
                           (*(f"put {g.objects[o].card.name} into your hand" for o in opts),
                            *(("put none into your hand",) if none else ())),
                           f"{ctx.source_name}: choose {self.phrase} to put into your hand (looking at {seen})",
                           key=key)
            chosen.append(ans)
        for o in chosen:
            name = g.objects[o].card.name
            g.log_event(f"{g.players[p].name} " + (f"reveals {name} and " if self.reveal else "")
                        + f"puts {'it' if self.reveal else 'a card'} into their hand ({ctx.source_name})")
            g.move_to_zone(o, HAND)
        ctx.answers[DIG_TAKEN] = ctx.answers.get(DIG_TAKEN, 0) + len(chosen)
        return None


@dataclass(frozen=True)
class DigRest(Effect):
    """"... and the rest on the bottom of your library in any order / in a random order /
    into your graveyard": the looked-at cards `DigTake` didn't take. In any order, the player
    chooses the card to put on the bottom next (each goes under those already put there)."""

    n: Amount
    to: str = "bottom"   # "bottom", "random" (the bottom, in a random order), "graveyard"

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.n, g, ctx) - ctx.answers.get(DIG_TAKEN, 0)
        p = ctx.controller
        library = g.players[p].library
        rest = library[:max(n, 0)]
        if not rest:
            return None
        if self.to == "graveyard":
            names = ", ".join(g.objects[o].card.name for o in rest)
            for o in rest:
                g.move_to_zone(o, GRAVEYARD)
            g.log_event(f"{g.players[p].name} puts {names} into their graveyard ({ctx.source_name})")
            return None
        if self.to == "random":
            order = list(rest)
            g.rng.shuffle(order)
        else:
            order = []
            k = 0
            while len(distinct(g, [o for o in rest if o not in order])) > 1:
                left = [o for o in rest if o not in order]
                ans = ctx.answers.get(answer_key(step, k))
                if ans is None or ans not in left:
                    opts = distinct(g, left)
                    return Ask("choose", p, tuple(opts),
                               tuple(f"put {g.objects[o].card.name} on the bottom" for o in opts),
                               f"{ctx.source_name}: choose the card to put on the bottom of your library next",
                               key=answer_key(step, k))
                order.append(ans)
                k += 1
            order += [o for o in rest if o not in order]
        for o in rest:
            library.remove(o)
        library.extend(order)
        g.log_event(f"{g.players[p].name} puts {len(order)} card{'s' if len(order) != 1 else ''} on the bottom "
                    f"of their library ({ctx.source_name})")
        return None


# --------------------------------------------------------------------------------------------
# "Exile the top card of your library. You may play that card this turn."

#: where `ExileTop` records the card it exiled, for `PlayExiled`
EXILED_TOP = -(10 ** 15) - 3


@dataclass(frozen=True)
class ExileTop(Effect):
    """"Exile the top card of your library." (face up: everyone sees it, CR 406.3)"""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        p = ctx.controller
        library = g.players[p].library
        if not library:
            return None
        name = g.objects[library[0]].card.name
        new = g.move_to_zone(library[0], EXILE)
        g.log_event(f"{g.players[p].name} exiles {name} from the top of their library ({ctx.source_name})")
        if new is not None:
            ctx.answers[EXILED_TOP] = new
        return None


@dataclass(frozen=True)
class PlayExiled(Effect):
    """"You may play that card this turn." (the card `ExileTop` exiled): until end of turn its
    controller may play it (a land, as their land for the turn, CR 305.2) or cast it, with the
    usual timing and costs (CR 601.2)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        o = ctx.answers.get(EXILED_TOP)
        if o is not None and o in g.objects and g.objects[o].zone == EXILE:
            g.allow_play_from_exile(ctx.controller, o, False)
        return None


@dataclass(frozen=True)
class PutOnLibrary(Effect):
    """"Put target creature on top of its owner's library" / "on the bottom of its owner's
    library" (a permanent, or a card in a graveyard)."""

    what: Who = CONTROLLER
    top: bool = True

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            if ref[0] == "obj" and ref[1] in g.objects:
                g.log_event(f"{g.name_of(ref[1])} is put on the {'top' if self.top else 'bottom'} of its "
                            f"owner's library ({ctx.source_name})")
                g.move_to_zone(ref[1], LIBRARY, to_top=self.top)
        return None


@dataclass(frozen=True)
class ReorderTop(Effect):
    """"Look at the top N cards of your library, then put them back in any order." """

    n: Amount = 3

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.n, g, ctx)
        library = g.players[ctx.controller].library
        looked = library[:max(n, 0)]
        top = order_top(g, ctx, step, 0, looked, f"look at the top {n}")
        if isinstance(top, Ask):
            return top
        for o in looked:
            library.remove(o)
        library[:0] = top
        g.log_event(f"{g.players[ctx.controller].name} puts {len(top)} cards back in an order of their choice "
                    f"({ctx.source_name})")
        return None

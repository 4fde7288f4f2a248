"""Players' hands: discarding (CR 701.9) by the discarding player's choice or at random, and a
hand revealed for another player to choose a card from it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.filters import Filter
from ...core.objects import BATTLEFIELD
from ..subjects import TARGET, Amount, Who, amount_of
from .base import Ask, Effect
from .reanimate import remember_moved
from .topdeck import answer_key

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps

#: where the card chosen from a revealed hand is kept in `ctx.answers` until it is discarded
CHOSEN_FROM_HAND = -(10 ** 15) - 1


def _players(g: GameOps, ctx: Context, who: Who) -> list[int]:
    """The players `who` names, in APNAP order (CR 101.4)."""
    ps = {ref[1] for ref in who.refs(g, ctx) if ref[0] == "player"}
    return [p for p in g.apnap() if p in ps]


@dataclass(frozen=True)
class PlayerDiscards(Effect):
    """"Target player discards two cards", "Each opponent discards a card", "Each player
    discards a card at random" (CR 701.9a-b). Each player chooses their own cards (in APNAP
    order, CR 101.4), as many as they can; then the cards are discarded at the same time. At
    random, the game's generator chooses. `hand`: "discards their hand"."""

    amount: Amount = 1
    who: Who = TARGET
    at_random: bool = False
    hand: bool = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        chosen: dict[int, list[int]] = {}
        for p in _players(g, ctx, self.who):
            hand = list(g.players[p].hand)
            if self.hand or len(hand) <= n:
                chosen[p] = hand
                continue
            if self.at_random:
                chosen[p] = g.rng.sample(hand, n)
                continue
            mine: list[int] = []
            for i in range(n):
                key = answer_key(step, p * 100 + i)
                ans = ctx.answers.get(key)
                left = [o for o in hand if o not in mine]
                if ans is None or ans not in left:
                    return Ask("choose", p, tuple(left), tuple(f"discard {g.name_of(o)}" for o in left),
                               f"{ctx.source_name}: {g.players[p].name}, discard a card"
                               + (f" ({n - i} more)" if n - i > 1 else ""), key=key)
                mine.append(ans)
            chosen[p] = mine
        for cards in chosen.values():
            for o in cards:
                g.discard(o, " at random" if self.at_random else "")
        return None


@dataclass(frozen=True)
class RevealHand(Effect):
    """"Target opponent reveals their hand." (CR 701.20a): shown to every player (the log
    names the cards)."""

    who: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for p in _players(g, ctx, self.who):
            hand = g.players[p].hand
            g.log_event(f"{g.players[p].name} reveals their hand: "
                        + (", ".join(g.name_of(o) for o in hand) or "no cards") + f" ({ctx.source_name})")
        return None


@dataclass(frozen=True)
class ChooseFromHand(Effect):
    """"You choose a nonland card from it." (the hand just revealed): the ability's controller
    chooses a card matching `what`, if there is one; `DiscardChosen` acts on it."""

    what: Filter
    who: Who = TARGET
    phrase: str = "card"

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        ps = _players(g, ctx, self.who)
        if not ps:
            return None
        p = ps[0]
        ans = ctx.answers.get(step)
        if ans is None:
            cands: dict[str, int] = {}
            for o in g.players[p].hand:
                if self.what.obj(g, g.objects[o], g.chars(o), ctx.controller, ctx.source_id):
                    cands.setdefault(g.name_of(o), o)  # identical cards are one choice
            if not cands:
                remember_moved(ctx, ())
                return None
            opts = tuple(cands.values())
            return Ask("choose", ctx.controller, opts, tuple(f"choose {g.name_of(o)}" for o in opts),
                       f"{ctx.source_name}: choose {self.phrase} from {g.players[p].name}'s hand")
        ctx.answers[CHOSEN_FROM_HAND] = ans
        return None


@dataclass(frozen=True)
class DiscardChosen(Effect):
    """"That player discards that card." (the card chosen by `RevealHandChoose`)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        o = ctx.answers.get(CHOSEN_FROM_HAND)
        if o is not None:
            g.discard(o)
        return None


@dataclass(frozen=True)
class PutFromHand(Effect):
    """"You may put a land card from your hand onto the battlefield (tapped)." The player
    chooses a card of theirs matching `what`, or none; it enters with its "as enters" choice
    (CR 614.12). Putting a land onto the battlefield is not playing it (CR 305.4)."""

    what: Filter
    phrase: str = "a card"
    tapped: bool = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        p = ctx.controller
        hand = g.players[p].hand
        ans = ctx.answers.get(step)
        if ans is None:
            cands: dict[str, int] = {}
            for o in hand:
                if self.what.obj(g, g.objects[o], g.chars(o), p, ctx.source_id):
                    cands.setdefault(g.name_of(o), o)  # identical cards in a hand are one choice
            if not cands:
                remember_moved(ctx, ())
                return None
            opts = tuple(cands.values())
            return Ask("choose", p, (*opts, "none"),
                       (*(f"put {g.name_of(o)} onto the battlefield" for o in opts), "put none"),
                       f"{ctx.source_name}: you may put {self.phrase} from your hand onto the battlefield")
        if ans == "none" or ans not in hand:
            remember_moved(ctx, ())
            return None
        info = g.as_enters(ctx, -(step * 1_000) - 500, g.objects[ans].card, p)
        if isinstance(info, Ask):
            return info
        g.log_event(f"{g.players[p].name} puts {g.name_of(ans)} onto the battlefield from their hand "
                    f"({ctx.source_name})")
        remember_moved(ctx, (g.move_to_zone(ans, BATTLEFIELD, controller=p, tapped=self.tapped, info=info),))
        return None

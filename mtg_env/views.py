"""What a player may see: a game with everything hidden from them sampled again.

Magic hides the opponents' hands and the order of every library. An agent that is shown only
what its player may see is shown a determinization: a copy of the game in which those cards are
redealt at random, consistently with what the player knows (how many cards each hidden zone
holds, and which cards are unaccounted for). The harness shows agents such views; search agents
(agents/mcts.py) search them.

It must not change the game it is given: it works on a clone.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine import Game


def determinize(game: Game, me: int, rng: random.Random) -> Game:
    """A copy of the game where everything `me` can't see is sampled: the opponents' hands and
    libraries are redealt from the cards they could be, and every library is reshuffled."""
    g = game.clone()
    for p in g.players:
        if p.index == me:
            rng.shuffle(p.library)
            continue
        hidden = p.hand + p.library
        cards = [g.objects[o].card for o in hidden]
        rng.shuffle(cards)
        for oid, card in zip(hidden, cards, strict=True):
            if g.objects[oid].card is not card:
                g.writable(oid).card = card
        rng.shuffle(p.library)
    g.invalidate()
    return g

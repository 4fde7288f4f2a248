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
    libraries are redealt from the cards they could be, and every library is reshuffled.
    Face-down spells and permanents `me` doesn't control are hidden too (CR 708.5): their
    cards are redealt with their owner's hidden cards, a card cast face down with morph
    getting a card with morph (what every player knows of it)."""
    g = game.clone()
    for p in g.players:
        face_down = _face_down_hidden(g, me, p.index)
        if face_down:
            _redeal_with_face_down(g, me, p.index, face_down, rng)
            rng.shuffle(p.library)
            continue
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


def _face_down_hidden(g: Game, me: int, owner: int) -> list[int]:
    """The face-down spells and permanents `owner` owns that `me` may not look at."""
    from .engine import facedown
    out = []
    for oid in g.battlefield + [s.obj_id for s in g.stack if s.kind == "spell" and s.obj_id is not None]:
        obj = g.objects.get(oid)
        if obj is not None and obj.owner == owner and obj.controller != me and facedown.real_card(obj) is not None:
            out.append(oid)
    return out


def _redeal_with_face_down(g: Game, me: int, owner: int, face_down: list[int], rng: random.Random) -> None:
    from .engine import facedown
    p = g.players[owner]
    hidden = (p.hand if owner != me else []) + p.library
    cards = [g.objects[o].card for o in hidden]
    for o in face_down:
        real = facedown.real_card(g.objects[o])
        assert real is not None
        cards.append(real)
    rng.shuffle(cards)
    # a card cast face down with morph is a card with morph: those slots are dealt first
    morphs = sorted(face_down, key=lambda o: (g.objects[o].info or {}).get("face_down_by") != "morph")
    for oid in morphs:
        want_morph = (g.objects[oid].info or {}).get("face_down_by") == "morph"
        k = next(i for i, c in enumerate(cards) if (not want_morph or facedown.morph_of(c)))
        w = g.writable(oid)
        w.info = dict(w.info or {}, face_down=cards[k])
        del cards[k]
    for oid, card in zip(hidden, cards, strict=True):
        if g.objects[oid].card is not card:
            g.writable(oid).card = card

"""`targets.has_targets` counts a spec's legal targets only until there are enough (CR 601.2c:
a spell or ability needs its least number of targets to be cast or activated); the count must
agree with the full list of candidates. Checked at decisions of seeded random games for every
target spec of the cards in hand, on the stack and of the permanents' activated abilities, for
each player, with at least 1 to 4 targets wanted."""

from __future__ import annotations

from pathlib import Path

from mtg_env.cards.vocab import Activated
from mtg_env.core.objects import Context
from mtg_env.engine import casting, targets
from mtg_env.engine.decks import new_game
from mtg_env.play import play_game
from mtg_env.registry import make_agent

DECKS = Path(__file__).resolve().parents[2] / "configs" / "decks"
PAIRS = [("red_burn", "green_ramp"), ("blue_control", "boros_aggro"), ("black_shade", "artifact_mana")]


def _specs(g: object) -> list[tuple[object, Context]]:
    out = []
    for p in g.players:  # type: ignore[attr-defined]
        for oid in list(p.hand) + list(g.battlefield):  # type: ignore[attr-defined]
            obj = g.objects[oid]  # type: ignore[attr-defined]
            ctx = Context(p.index, oid, obj.card.name)
            specs = list(casting.spell_targets(obj.card))
            specs += [s for _k, ab, _o in g.chars(oid).abilities if isinstance(ab, Activated)  # type: ignore[attr-defined]
                      for s in ab.targets]
            out += [(s, ctx) for s in specs if s.related is None]
    return out


def test_cr_601_2c_enough_targets_counted_as_the_candidates_listed() -> None:
    checked = enough = 0
    for i, (a, b) in enumerate(PAIRS):
        g = new_game([str(DECKS / f"{a}.txt"), str(DECKS / f"{b}.txt")], seed=40 + i, skip_forced=True)
        agents = [make_agent("random", i), make_agent("random", i + 9)]

        def check(game: object, _action: object) -> None:
            nonlocal checked, enough
            for spec, ctx in _specs(game):
                n = len(targets._candidates(game, spec, ctx))  # type: ignore[arg-type]
                for k in range(1, 5):
                    got = targets._at_least(game, spec, ctx, k)  # type: ignore[arg-type]
                    assert got == (n >= k), f"{spec} wanted {k}, {n} candidates, counted {got}"
                    checked += 1
                    enough += got

        play_game(g, agents, max_actions=400, on_action=check)
    assert checked > 1000 and 0 < enough < checked  # both answers were met

"""The cheap proof that a player can only pass (engine/quiet.py; CR 117.1, 117.3): whenever it
answers yes, the full list of priority actions says the same. Checked at every priority of
random games over the included decks and over random decks of the whole card pool, both mana
payment modes, with and without the useful_mana_only rule (CR 605.3a)."""

import random

import pytest

from mtg_env.engine import autopay, legal, quiet, useful_mana
from mtg_env.engine.decks import new_game
from mtg_env.fuzz import card_pool, random_deck
from mtg_env.paths import config_file
from mtg_env.play import play_game
from mtg_env.registry import make_agent

DUEL_DECKS = ["artifact_mana", "black_shade", "blue_control", "boros_aggro", "druid_combo", "green_ramp",
              "red_burn"]


def _reference_useful(g, p):
    """useful_mana.priority_actions as it was worked out without the quick check: the legal
    actions, with plain mana abilities dropped when nothing else could be done even with the
    simple sources tapped (engine/useful_mana.py (a)-(c))."""
    acts = legal.all_actions(g, p)
    if len(acts) == 1 or not all(a.kind == "pass" or useful_mana._plain_action(g, a) for a in acts):
        return acts
    if useful_mana.watched(g):
        return acts
    if g.options.mana_payment != "auto" and any(
            a.kind != "pass" and not useful_mana._plain_action(g, a)
            for a in legal.all_actions(g, p, autopay.simple_sources(g, p))):
        return acts
    return acts[:1]


def _check(g, counts):
    d = g.decision
    if d is None or d.kind != "priority":
        return False
    p = g.pending.player
    full = legal.all_actions(g, p)
    assert [a.label for a in legal.priority_actions(g, p)] == [a.label for a in full]
    if quiet.nothing_possible(g, p, False):
        counts["pass"] += 1
        assert [a.label for a in full] == ["pass"], (g.turn, g.step, [a.label for a in full])
    if quiet.nothing_possible(g, p, True):
        counts["plain"] += 1
        for sources in (None, autopay.simple_sources(g, p)):
            acts = legal.all_actions(g, p, sources)
            assert all(a.kind == "pass" or useful_mana._plain_action(g, a) for a in acts), [a.label for a in acts]
    assert [a.label for a in useful_mana.priority_actions(g, p)] == [a.label for a in _reference_useful(g, p)]
    forced, acts = legal.only_pass(g, p)
    assert forced == (len(full) == 1)
    if acts is not None:  # the actions only_pass worked out are the decision's (skip_forced)
        assert [a.label for a in acts] == [a.label for a in full]
    if not forced and not g.options.useful_mana_only:  # ... always worked out when it is asked
        assert acts is not None
    counts["priorities"] += 1
    return False


def _play(g, seed, counts):
    agents = [make_agent("random", seed), make_agent("random", seed + 1)][:len(g.players)]
    play_game(g, agents, None, until=lambda g: _check(g, counts))


@pytest.mark.parametrize("payment", ["manual", "auto"])
def test_cr_117_1_quick_only_pass_agrees_with_the_full_list_included_decks(payment):
    counts = {"pass": 0, "plain": 0, "priorities": 0}
    for i, a in enumerate(DUEL_DECKS):
        b = DUEL_DECKS[(i * 3 + 1) % len(DUEL_DECKS)]
        decks = [str(config_file("decks", a + ".txt")), str(config_file("decks", b + ".txt"))]
        g = new_game(decks, seed=i, mana_payment=payment, turn_limit=20)
        _play(g, i, counts)
    assert counts["pass"] > 50 and counts["plain"] > counts["pass"], counts


def test_cr_117_1_quick_only_pass_agrees_with_the_full_list_random_decks():
    rng = random.Random(17)
    pool = card_pool("all")
    counts = {"pass": 0, "plain": 0, "priorities": 0}
    for i in range(8):
        decks = [random_deck(rng, pool, "duel"), random_deck(rng, pool, "duel")]
        g = new_game(decks, seed=100 + i, mana_payment="auto" if i % 2 else "manual", turn_limit=15)
        _play(g, 100 + i, counts)
    assert counts["pass"] > 20 and counts["plain"] > counts["pass"], counts


def _games(useful, skip=True):
    decks = [str(config_file("decks", "green_ramp.txt")), str(config_file("decks", "red_burn.txt"))]
    out = []
    for seed in range(3):
        g = new_game(decks, seed=seed, skip_forced=skip, useful_mana_only=useful)
        play_game(g, [make_agent("random", seed), make_agent("random", seed + 1)])
        assert g.game_over
        out.append((g.stats.actions, g.stats.forced, [str(e) for e in g.log]))
    return out


@pytest.mark.parametrize(("useful", "skip"), [(False, True), (True, True), (False, False)])
def test_cr_117_3_the_quick_proof_plays_the_same_games(monkeypatch, useful, skip):
    """The priorities the quick check proves are passed as the full check would (with
    skip_forced: by the engine): the same decisions asked, the same forced ones, the same logs."""
    quick = _games(useful, skip)
    monkeypatch.setattr(quiet, "nothing_possible", lambda g, p, skip_plain: False)
    assert quick == _games(useful, skip)

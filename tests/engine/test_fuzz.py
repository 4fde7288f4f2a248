"""Random play through the whole public API, checking the engine's invariants after every action
(in the spirit of OpenSpiel's random_sim_test).

Games start from the deck lists in configs/decks/ and from the positions in
configs/scenarios/*.yaml and tests/cards/golden/*.yaml. After every action: the listed actions are
legal (a sample is taken on clones, which must leave the original untouched), labels are unique,
every object is in exactly one zone, no mana count is negative; now and then a pickled copy and
a clone replay the same actions to the same state and log. The whole file runs in well under a
minute on one core.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter

import pytest
import yaml

from mtg_env import Action, Game, IllegalActionError, load_scenario, new_game
from tests.helpers import ROOT

DECKS = sorted((ROOT / "configs" / "decks").glob("*.txt"))
SCENARIOS = sorted((ROOT / "configs" / "scenarios").glob("*.yaml"))
GOLDEN = sorted((ROOT / "tests" / "cards" / "golden").glob("*.yaml"))

STEPS_PER_GAME = 400
SAMPLE = 3            # listed actions tried on clones after each action
CHECKPOINT_EVERY = 25  # pickle and clone, then replay
REPLAY = 8            # actions replayed on the copies


# ---------------------------------------------------------------------------------------------
# invariants


def check_zones(game: Game) -> None:
    """Each object is in exactly one zone list, and its `.zone` says which."""
    where: Counter[int] = Counter()
    zone_of: dict[int, str] = {}
    for p in game.players:
        zones = [("library", p.library), ("hand", p.hand), ("graveyard", p.graveyard), ("exile", p.exile)]
        if hasattr(p, "command"):  # the command zone (CR 408), used by Commander
            zones.append(("command", p.command))
        for zone, ids in zones:
            for oid in ids:
                where[oid] += 1
                zone_of[oid] = zone
                assert game.objects[oid].owner == p.index, f"{oid} is in a zone of a player who doesn't own it"
    for oid in game.battlefield:
        where[oid] += 1
        zone_of[oid] = "battlefield"
    for item in game.stack:
        if item.kind == "spell":  # a copy of a spell is an object on the stack too (CR 707.10)
            where[item.obj_id] += 1
            zone_of[item.obj_id] = "stack"
    assert set(where) == set(game.objects), (
        f"objects in no zone: {sorted(set(game.objects) - set(where))}; "
        f"ids in zones but not objects: {sorted(set(where) - set(game.objects))}")
    twice = [oid for oid, n in where.items() if n > 1]
    assert not twice, f"objects in more than one zone: {twice}"
    for oid, obj in game.objects.items():
        assert obj.zone == zone_of[oid], f"{obj!r} says {obj.zone} but is in {zone_of[oid]}"


def check_action_attributes(a: Action) -> None:
    """interface.md §2: what each attribute holds for each kind."""
    assert isinstance(a.kind, str) and a.kind and isinstance(a.label, str) and a.label.strip() == a.label
    if a.kind in ("play", "cast", "activate"):
        assert a.source and a.source in a.label, a
    if a.kind == "activate":
        assert a.ability, a
    if a.kind == "target":
        assert a.target and a.target in a.label, a
    if a.kind == "x":
        assert isinstance(a.value, int) and a.label == f"x {a.value}", a
    if a.kind == "color":
        assert a.value in tuple("WUBRGC") and a.label == f"color {a.value}", a
    if a.kind == "pass":
        assert a.label == "pass"


def check_invariants(game: Game) -> list[Action]:
    state = game.state_json()
    json.dumps(state)  # plain data
    legal = game.legal_actions()
    for a in legal:
        check_action_attributes(a)
    labels = [a.label for a in legal]
    assert len(set(labels)) == len(labels), f"labels not unique: {[lab for lab in labels if labels.count(lab) > 1]}"
    if state["game_over"]:
        assert game.decision is None and not legal and state["decision"] is None
    else:
        assert game.decision is not None and legal, "a game that is not over must wait on a decision"
        assert state["decision"]["player"] == game.decision.player
    for p in game.players:
        assert all(n >= 0 for n in p.pool.counts), f"{p.name}'s pool has a negative count: {p.pool.counts}"
        assert all(r.amount >= 0 for r in p.pool.restricted)
    for p in state["players"]:
        assert all(n >= 0 for n in p["mana"].values())
    check_zones(game)
    return legal


def check_sample_actions(game: Game, legal: list[Action], rng: random.Random) -> None:
    """Every listed action succeeds when taken (on clones), and acting on a clone never touches
    the original."""
    before = game.state_json()
    log_len = len(game.log)
    for action in rng.sample(legal, min(SAMPLE, len(legal))):
        c = game.clone()
        c.act(action)
        check_zones(c)
    assert game.state_json() == before, "acting on a clone changed the original"
    assert len(game.log) == log_len


def choose(legal: list[Action], rng: random.Random) -> Action:
    # Passing a bit more often than uniformly moves games through their turns.
    passes = [a for a in legal if a.kind == "pass"]
    if passes and rng.random() < 0.35:
        return passes[0]
    return rng.choice(legal)


def play(game: Game, rng: random.Random, steps: int = STEPS_PER_GAME, deep: bool = True) -> list[str]:
    """Play random legal actions, checking everything; returns the labels taken."""
    taken: list[str] = []
    checkpoint: tuple[Game, Game, int] | None = None
    for i in range(steps):
        legal = check_invariants(game)
        if not legal:
            break
        if deep:
            check_sample_actions(game, legal, rng)
            if i % CHECKPOINT_EVERY == 0 and checkpoint is None:
                checkpoint = (pickle.loads(pickle.dumps(game)), game.clone(), len(taken))
        action = choose(legal, rng)
        taken.append(action.label)
        game.act(action)
        if checkpoint is not None and len(taken) - checkpoint[2] >= REPLAY:
            _replay_matches(game, checkpoint, taken)
            checkpoint = None
    check_invariants(game)
    if checkpoint is not None:
        _replay_matches(game, checkpoint, taken)
    return taken


def _replay_matches(game: Game, checkpoint: tuple[Game, Game, int], taken: list[str]) -> None:
    unpickled, cloned, start = checkpoint
    for copy_ in (unpickled, cloned):
        for label in taken[start:]:
            copy_.act(label)
        assert copy_.state_json() == game.state_json()
        assert copy_.log == game.log


# ---------------------------------------------------------------------------------------------
# sources of games


def deck_games() -> list:
    """Each deck in goldfish, each against the next one in a duel (a cycle, so that the number
    of games grows with the number of decks, not its square), and the Commander decks together."""
    out = [pytest.param(("goldfish", [d]), id=f"goldfish-{d.stem}") for d in DECKS]
    if len(DECKS) >= 2:
        for i, a in enumerate(DECKS):
            b = DECKS[(i + 1) % len(DECKS)]
            out.append(pytest.param(("duel", [a, b]), id=f"duel-{a.stem}-{b.stem}"))
    commander = [d for d in DECKS if "commander" in d.read_text(encoding="utf-8").lower().split()]
    if len(commander) >= 2:
        out.append(pytest.param(("commander", commander[:4]), id="commander"))
    return out


def scenario_sources() -> list:
    out = [pytest.param(str(p), id=f"scenario-{p.stem}") for p in SCENARIOS]
    for p in GOLDEN:
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
        out.append(pytest.param(data["scenario"], id=f"golden-{p.stem}"))
    return out


def _from_scenario(source: str | dict) -> Game:
    if isinstance(source, dict):
        source = copy.deepcopy(source)
        line = source.pop("line", [])
        game = load_scenario(source)
        game.run_line(line)
        return game
    return load_scenario(source)


@pytest.mark.parametrize("setup", deck_games())
@pytest.mark.parametrize("payment", ["manual", "auto"])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_from_decks_keep_every_invariant(setup, payment, seed):
    fmt, decks = setup
    game = new_game(decks=decks, seed=seed, format=fmt, mana_payment=payment)
    play(game, random.Random(seed * 7919))


@pytest.mark.parametrize("source", scenario_sources())
def test_random_play_from_scenarios_keeps_every_invariant(source):
    for seed in (11, 12):
        play(_from_scenario(source), random.Random(seed), steps=60)


# ---------------------------------------------------------------------------------------------
# determinism


def test_same_seed_and_actions_give_the_same_log_and_state():
    decks = DECKS[:2] if len(DECKS) >= 2 else DECKS * 2
    a = new_game(decks=decks, seed=42, format="duel")
    taken = play(a, random.Random(5), steps=200, deep=False)
    b = new_game(decks=decks, seed=42, format="duel")
    for label in taken:
        b.act(label)
    assert b.log == a.log
    assert b.state_json() == a.state_json()


def test_same_seed_deals_the_same_game_and_another_seed_does_not():
    deck = DECKS[0]
    states = [new_game(decks=[deck, deck], seed=s, format="duel").state_json() for s in (9, 9, 10)]
    assert states[0] == states[1]
    assert states[0] != states[2]


def test_a_pickled_game_pickles_again_to_an_equal_game():
    game = new_game(decks=[DECKS[0]], seed=3, format="goldfish")
    play(game, random.Random(3), steps=40, deep=False)
    again = pickle.loads(pickle.dumps(game))
    assert again.state_json() == game.state_json()
    assert [a.label for a in again.legal_actions()] == [a.label for a in game.legal_actions()]


def test_action_value_is_none_except_for_x_mode_and_color():
    game = load_scenario("""
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt, Forest]
    battlefield: [Ashnod's Altar, Grizzly Bears, Memnite, Birds of Paradise]
""")
    seen = list(game.legal_actions())
    game.act("activate Ashnod's Altar")
    seen += game.legal_actions()
    assert {a.kind for a in seen} >= {"pass", "play", "cast", "activate", "choose"}
    assert [a.label for a in seen if a.value is not None] == []


# ---------------------------------------------------------------------------------------------
# illegal actions change nothing


def _illegal_attempts(game: Game) -> list:
    legal = game.legal_actions()
    attempts: list = ["cast Nonexistent Card", "activate Nowhere: {T}", "x 999"]
    attempts.append(Action("cast", "cast Black Lotus", source="Black Lotus"))
    if legal:
        # an action that was legal somewhere else: a different label on a copied action
        attempts.append(Action(legal[0].kind, legal[0].label + " (not really)"))
    return attempts


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_an_action_that_is_not_legal_raises_and_changes_nothing(seed):
    rng = random.Random(seed)
    game = new_game(decks=[DECKS[seed % len(DECKS)]], seed=seed, format="goldfish")
    for _ in range(60):
        legal = game.legal_actions()
        if not legal:
            break
        before, log = game.state_json(), list(game.log)
        for attempt in _illegal_attempts(game):
            with pytest.raises(IllegalActionError):
                game.act(attempt)
            assert game.state_json() == before
            assert game.log == log
        assert [a.label for a in game.legal_actions()] == [a.label for a in legal]
        game.act(choose(legal, rng))


def test_a_stale_action_from_an_earlier_decision_is_refused():
    game = load_scenario("""
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
""")
    cast = next(a for a in game.legal_actions() if a.label == "cast Lightning Bolt")
    game.act(cast)
    before, log = game.state_json(), list(game.log)
    with pytest.raises(IllegalActionError) as e:
        game.act(cast)
    assert "target P2" in str(e.value)  # the message lists the legal actions
    assert game.state_json() == before and game.log == log


def test_acting_after_the_game_is_over_raises():
    game = load_scenario("""
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
  - life: 3
""")
    game.run_line(["cast Lightning Bolt", "target P2", "pass"])
    assert game.state_json()["game_over"]
    before, log = game.state_json(), list(game.log)
    with pytest.raises(IllegalActionError):
        game.act("pass")
    assert game.state_json() == before and game.log == log

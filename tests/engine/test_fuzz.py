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
import pickle
import random

import pytest
import yaml

from mtg_env import Action, Game, IllegalActionError, load_scenario, new_game
from mtg_env.fuzz import fuzz, play_checked, random_choice
from tests.helpers import ROOT

DECKS = sorted((ROOT / "configs" / "decks").glob("*.txt"))
SCENARIOS = sorted((ROOT / "configs" / "scenarios").glob("*.yaml"))
GOLDEN = sorted((ROOT / "tests" / "cards" / "golden").glob("*.yaml"))

STEPS_PER_GAME = 400
CHECKPOINT_EVERY = 25  # pickle and clone, then replay
REPLAY = 8            # actions replayed on the copies


def play(game: Game, rng: random.Random, steps: int = STEPS_PER_GAME, deep: bool = True) -> list[str]:
    """Play random legal actions, checking every invariant (mtg_env.fuzz); the labels taken."""
    return play_checked(game, rng, steps=steps, deep=deep, checkpoint_every=CHECKPOINT_EVERY, replay=REPLAY)


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


@pytest.mark.parametrize("fmt", ["duel", "goldfish", "commander"])
def test_random_decks_from_every_supported_card_keep_every_invariant(fmt):
    """Decks drawn from the whole supported pool (hand-written and compiled cards), played by the
    random and the heuristic agent: every invariant holds and nothing raises (`mtg-env fuzz` runs
    the same with more games)."""
    rep = fuzz(4, pool="all", formats=[fmt], seed=7, steps=500, deep=True)
    assert rep.games == 4 and rep.pool_size > 1000
    assert not rep.failures, "\n\n".join(f"{f.error}\n{f.traceback}\nactions: {f.actions[-12:]}" for f in rep.failures)


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
        game.act(random_choice(game, legal, rng))


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


@pytest.mark.parametrize("argv", [["fuzz", "--games", "0"], ["fuzz", "--games", "2", "--format", "vintage"]])
def test_the_fuzz_command_refuses_bad_options(argv: list[str]) -> None:
    from mtg_env.cli import main
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert "mtg-env fuzz:" in str(e.value.code)

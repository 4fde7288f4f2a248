"""`mode: distill` of `mtg-env train` (mtg_env.learn.distill): the search agent's decisions as
labels of the learner seat's observations, the entity net trained on them, checkpoints that
resume and play.

- The recorder labels each decision with the row of the move the search agent chose: with the
  heuristic as the "search", every label is the hint's row (the hint is the heuristic's choice);
  with MCTSAgent every label is a legal row.
- `mtg-env train` in distill mode runs rounds, checkpoints (policy.pt, data.npz, state.json),
  resumes from the latest (the round count, the data, the logs), and the checkpoint plays a
  tournament game.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml

from mtg_env.cli import main as cli_main
from mtg_env.learn.config import TrainConfigError, load_train_config
from mtg_env.learn.distill import DEFAULTS, play_searched
from mtg_env.learn.policy import HINT_COL
from tests.agents.test_mcts import BOLT_FOR_LETHAL
from tests.helpers import DECKS

SMALL = {"max_objects": 48, "max_battlefield": 24, "max_stack": 8, "max_legal": 32}
ENV = {"deck_pool": ["red_burn", "green_ramp"], "turn_limit": 8, "actions": "moves", "stops": "default",
       "hint": "heuristic", **SMALL}
FAST_SEARCH = {"iterations": 4, "determinizations": 1, "horizon": 1}


def hint_index(obs: dict[str, np.ndarray]) -> int:
    rows = np.flatnonzero(obs["action_extra"][:, HINT_COL] > 0.5)
    return int(obs["action_index"][rows[0]]) if len(rows) else -1


def test_the_heuristic_as_the_search_labels_every_decision_with_the_hint() -> None:
    r = play_searched(0, ENV, dict(DEFAULTS, search="heuristic"))
    assert r["records"], "no decision was recorded"
    assert r["changed"] == 0 and r["unmatched"] == 0
    for obs, label, is_hint in r["records"]:
        assert is_hint and label == hint_index(obs)
        assert obs["action_mask"][label] == 1


def test_mcts_labels_are_legal_rows_and_the_outcome_is_the_seats() -> None:
    r = play_searched(1, ENV, dict(DEFAULTS, search_options=FAST_SEARCH))
    assert r["records"]
    for obs, label, is_hint in r["records"]:
        assert obs["action_mask"][label] == 1
        assert is_hint == (label == hint_index(obs))
    assert r["outcome"] in (-1.0, 0.0, 1.0)
    assert r["changed"] == sum(not h for _o, _l, h in r["records"])


def tiny_distill(**extra: Any) -> dict[str, Any]:
    cfg: dict[str, Any] = {
        "name": "tiny_distill", "seed": 0, "mode": "distill", "iterations": 2, "env": dict(ENV),
        "model": {"dim": 16, "card_dim": 8, "layers": 1, "heads": 2, "encoder": "attention", "hint_prior": 3.0},
        "distill": {"search": "mcts", "search_options": FAST_SEARCH, "workers": 1, "round_minutes": 0.001,
                    "epochs": 2, "batch_size": 32, "holdout": 0.5},
        "evaluation": {"every": 2, "games": 2, "opponent": "heuristic", "final_games": 0},
    }
    cfg.update(extra)
    return cfg


@pytest.fixture(scope="module")
def distilled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("distill")
    cfg = tmp / "tiny.yaml"
    cfg.write_text(yaml.safe_dump(tiny_distill()), encoding="utf-8")
    run = tmp / "run"
    assert cli_main(["train", str(cfg), "--out", str(run)]) == 0
    first = json.loads((run / "summary.json").read_text())
    assert first["iteration"] == 2 and first["resumed_from"] is None
    assert cli_main(["train", str(cfg), "--out", str(run), "--resume", "--iterations", "3"]) == 0
    return run


def test_distill_trains_checkpoints_and_resumes(distilled: Path) -> None:
    run = distilled
    summary = json.loads((run / "summary.json").read_text())
    assert summary["iteration"] == 3 and summary["resumed_from"].endswith("round_000002")
    assert (run / "checkpoints" / "latest").read_text().strip() == "round_000003"
    with open(run / "distill.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [int(r["round"]) for r in rows] == [1, 2, 3]       # the log goes on, not restarted
    decisions = [int(r["decisions"]) for r in rows]
    assert decisions[0] > 0 and decisions == sorted(decisions) and decisions[2] > decisions[1]
    assert int(rows[2]["games"]) == summary["games_searched"] >= 3
    assert 0.0 <= float(rows[2]["holdout_acc"]) <= 1.0
    with np.load(run / "checkpoints" / "round_000003" / "data.npz") as z:
        assert len(z["label"]) == decisions[2] == summary["decisions"]
    with open(run / "eval.csv", newline="") as f:
        evals = list(csv.DictReader(f))
    assert [int(r["iteration"]) for r in evals] == [2] and int(evals[0]["games"]) == 2


def test_the_distilled_checkpoint_plays_a_tournament(distilled: Path, tmp_path: Path) -> None:
    from mtg_env.harness import run as harness_run
    cfg = {"kind": "tournament", "name": "distilled vs heuristic", "seed": 1, "format": "round_robin",
           "games_per_match": 2, "turn_limit": 12,
           "entrants": [{"name": "distilled", "agent": "policy", "agent_options": {"checkpoint": str(distilled)},
                         "deck": str(DECKS / "red_burn.txt")},
                        {"name": "heuristic", "agent": "heuristic", "deck": str(DECKS / "green_ramp.txt")}]}
    summary = harness_run(cfg, out=tmp_path / "out", progress=False, echo=None, use_ray=False)
    assert summary["games"] == 2


@pytest.mark.parametrize(("change", "message"), [
    ({"mode": "imitate"}, "mode: expected one of ppo, distill"),
    ({"distill": {"workers": "two"}}, "distill.workers"),
    ({"distill": {"searcher": "mcts"}}, "distill.searcher: unknown key"),
])
def test_a_bad_distill_config_names_its_key(change: dict[str, Any], message: str) -> None:
    with pytest.raises(TrainConfigError, match=message):
        load_train_config(tiny_distill(**change))




def test_the_label_is_the_searched_lethal_bolt_where_the_hint_kills_a_creature() -> None:
    """tests/agents/test_mcts.py's position: the heuristic bolts a creature, the search the face.
    The recorder plays the search's move and labels that decision with its row, not the hint's."""
    from mtg_env import load_scenario
    from mtg_env.learn.distill import SearchRecorder
    g = load_scenario(BOLT_FOR_LETHAL)
    rec = SearchRecorder(ENV, "mcts", {"iterations": 24, "determinizations": 4}, seed=0)
    for _ in range(30):
        if g.decision is None or g.game_over:
            break
        g.act(rec.act(g) if g.decision.player == "P1" else "pass")
    assert g.game_over and g.winner == 0
    changed = [(obs, label) for obs, label, is_hint in rec.records if not is_hint]
    assert changed, "the search's deviation from the hint was not recorded"
    for obs, label in changed:
        assert obs["action_mask"][label] == 1 and label != hint_index(obs)


def test_distill_stops_at_the_time_budget_after_the_round_that_reached_it(tmp_path: Path) -> None:
    """A budget the first round exceeds: that round is trained, evaluated and checkpointed, and no
    round follows (not even one without new games)."""
    from mtg_env.learn.train import train
    cfg = tiny_distill(iterations=5, time_budget_minutes=0.0001, evaluation={"every": 1, "games": 2,
                                                                            "final_games": 0})
    summary = train(cfg, out=str(tmp_path / "run"), quiet=True)
    assert summary["iteration"] == 1 and summary["games_searched"] >= 1
    with open(tmp_path / "run" / "distill.csv", newline="") as f:
        assert [int(r["round"]) for r in csv.DictReader(f)] == [1]


def test_the_imitation_loss_weighs_the_decisions_where_the_search_left_the_hint() -> None:
    """changed_weight 1 is the plain cross-entropy; a larger weight pulls the mean toward the
    changed decisions' own loss, by exactly the weighted mean."""
    import torch

    from mtg_env.learn.distill import imitation_loss
    logits = torch.tensor([[2.0, 0.0, -1.0], [0.0, 1.0, 0.0], [0.5, 0.5, 3.0]])
    label = torch.tensor([0, 2, 1])
    changed = torch.tensor([False, True, False])
    each = torch.nn.functional.cross_entropy(logits, label, reduction="none")
    plain = imitation_loss(logits, label, changed, 1.0)
    assert torch.isclose(plain, torch.nn.functional.cross_entropy(logits, label))
    heavy = imitation_loss(logits, label, changed, 5.0)
    assert torch.isclose(heavy, (each[0] + 5 * each[1] + each[2]) / 7)
    assert heavy > plain  # the changed decision is the worst fitted here

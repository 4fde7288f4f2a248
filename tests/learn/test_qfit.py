"""`distill.search: explore` with `distill.loss: q` (mtg_env.learn.qfit): the hint agent's play
with exploration, its returns as the action values of the rows played, and greedy play that
leaves the hint's row only for a row valued higher by more than `hint_margin`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch
import yaml

from mtg_env.cli import main as cli_main
from mtg_env.learn.config import TrainConfigError, load_train_config
from mtg_env.learn.distill import DEFAULTS, play_searched
from mtg_env.learn.qfit import ExploreRecorder, greedy_margin_rows, q_loss
from tests.learn.test_distill import ENV, hint_index, tiny_distill

EXPLORE = dict(DEFAULTS, search="explore", loss="q")


def test_without_exploration_every_row_played_is_the_hints() -> None:
    r = play_searched(0, ENV, dict(EXPLORE, epsilon=0.0))
    assert r["records"] and r["changed"] == 0
    for obs, label, is_hint in r["records"]:
        assert is_hint and label == hint_index(obs) and obs["action_mask"][label] == 1


def test_exploration_plays_legal_rows_other_than_the_hints_and_records_them_all() -> None:
    r = play_searched(3, ENV, dict(EXPLORE, epsilon=1.0))
    explored = [(obs, label) for obs, label, is_hint in r["records"] if not is_hint]
    assert explored and r["changed"] == len(explored)
    for obs, label in explored:
        assert obs["action_mask"][label] == 1 and label != hint_index(obs)
    assert r["outcome"] in (-1.0, 0.0, 1.0)


def test_keep_hint_drops_only_decisions_where_the_hints_row_was_played() -> None:
    full = play_searched(5, ENV, dict(EXPLORE, epsilon=0.3))
    kept = play_searched(5, ENV, dict(EXPLORE, epsilon=0.3, keep_hint=0.01))
    n_explored = sum(not h for _o, _l, h in full["records"])
    assert sum(not h for _o, _l, h in kept["records"]) == kept["changed"]
    assert len(kept["records"]) < len(full["records"]) and n_explored > 0


def test_the_q_loss_trains_only_the_row_played() -> None:
    logits = torch.zeros(2, 4, requires_grad=True)
    loss = q_loss(logits, torch.tensor([1, 3]), torch.tensor([1.0, -1.0]))
    loss.backward()
    assert loss.item() == pytest.approx(1.0)
    grad = logits.grad.numpy()  # type: ignore[union-attr]
    assert np.count_nonzero(grad) == 2 and grad[0, 1] < 0 < grad[1, 3]


def test_greedy_play_leaves_the_hints_row_only_beyond_the_margin() -> None:
    q = np.array([[0.10, 0.15, -1.0], [0.10, 0.35, -1.0], [0.2, 0.1, 0.3]])
    hint = np.array([0, 0, -1])
    assert greedy_margin_rows(q, hint, 0.1).tolist() == [0, 1, 2]
    assert greedy_margin_rows(q, hint, 0.0).tolist() == [1, 1, 2]


def test_the_margin_is_added_in_play_and_never_in_training() -> None:
    from mtg_env.env.observation import observation_space
    from mtg_env.learn.distill import _compact, _layout
    from mtg_env.learn.policy import EntityNet
    obs, _label, _h = play_searched(0, ENV, dict(EXPLORE, epsilon=0.0))["records"][0]
    batch = {k: torch.as_tensor(v.astype(np.int64) if v.dtype == np.int32 else v).unsqueeze(0)
             for k, v in _compact(obs).items()}
    model = {"dim": 16, "card_dim": 8, "layers": 1, "heads": 2, "hint_margin": 0.5}
    net = EntityNet.from_space(observation_space(_layout(ENV)), **model)
    net.train()
    with torch.no_grad():
        trained = net(batch)[0][0]
    net.eval()
    with torch.no_grad():
        played = net(batch)[0][0]
    h = hint_index(obs)
    assert float(played[h] - trained[h]) == pytest.approx(0.5)
    others = [i for i in np.flatnonzero(obs["action_mask"]) if i != h]
    assert torch.allclose(played[others], trained[others])


def test_a_recorder_without_a_hint_is_an_error() -> None:
    env = {k: v for k, v in ENV.items() if k != "hint"}
    with pytest.raises(ValueError, match="needs env.hint"):
        ExploreRecorder(env, 0.1, 0)


@pytest.mark.parametrize(("change", "message"), [
    ({"loss": "q"}, "q needs distill.search: explore"),
    ({"search": "explore", "loss": "huber"}, "distill.loss: expected imitation or q"),
    ({"search": "explore", "loss": "q", "epsilon": 1.5}, "distill.epsilon: expected a probability"),
    ({"search": "explore", "loss": "q", "keep_hint": 0.0}, "distill.keep_hint: expected a probability"),
])
def test_a_bad_q_config_names_its_key(change: dict[str, Any], message: str) -> None:
    cfg = tiny_distill()
    cfg["distill"] = {**cfg["distill"], **change}
    with pytest.raises(TrainConfigError, match=message):
        load_train_config(cfg)


def test_q_training_runs_a_round_and_checkpoints(tmp_path: Path) -> None:
    cfg = tiny_distill(iterations=1)
    cfg["model"] = {**cfg["model"], "hint_prior": 0.0, "hint_margin": 0.1}
    cfg["distill"] = {"search": "explore", "epsilon": 0.2, "keep_hint": 0.5, "loss": "q", "workers": 1,
                      "round_minutes": 0.001, "epochs": 1, "batch_size": 32, "holdout": 0.5}
    path = tmp_path / "q.yaml"
    path.write_text(yaml.safe_dump(cfg), encoding="utf-8")
    run = tmp_path / "run"
    assert cli_main(["train", str(path), "--out", str(run)]) == 0
    summary = json.loads((run / "summary.json").read_text())
    assert summary["iteration"] == 1 and summary["decisions"] > 0
    row = (run / "distill.csv").read_text().splitlines()
    assert "holdout_q_mse" in row[0] and len(row) == 2


def test_an_evaluation_may_play_a_checkpoint_with_another_margin(tmp_path: Path) -> None:
    from mtg_env.learn.checkpoint import load_policy
    from mtg_env.learn.evaluate import _init, _policy_player
    cfg = tiny_distill(iterations=1)
    cfg["model"] = {**cfg["model"], "hint_prior": 0.0, "hint_margin": 0.1}
    cfg["distill"] = {"search": "explore", "loss": "q", "workers": 1, "round_minutes": 0.001, "epochs": 1,
                      "batch_size": 32, "holdout": 0.5}
    cfg["evaluation"] = {"every": 0, "games": 0, "final_games": 0}
    path = tmp_path / "q.yaml"
    path.write_text(yaml.safe_dump(cfg), encoding="utf-8")
    assert cli_main(["train", str(path), "--out", str(tmp_path / "run")]) == 0
    assert load_policy(tmp_path / "run")[0].config.hint_margin == pytest.approx(0.1)
    _init(str(tmp_path / "run"), 0.75)
    try:
        assert _policy_player(3).policy.net.config.hint_margin == pytest.approx(0.75)  # type: ignore[attr-defined]
    finally:
        _init(None)  # type: ignore[arg-type]

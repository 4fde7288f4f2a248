"""Agents by name (mtg_env.registry): explicit registrations, discovery through the
`mtg_env.agents` entry points, clear errors for unknown names, option introspection, and a fresh
process that makes the built-in agents by name without importing the agents package."""

from __future__ import annotations

import pickle
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from checkout import fresh_process_env

import agents
from agents import HeuristicAgent, MCTSAgent, RandomAgent
from mtg_env import registry
from mtg_env.registry import AgentRegistry, UnknownAgentError, agent_names, agent_options, make_agent


def test_the_built_in_agents_are_known_by_name() -> None:
    assert {"random", "heuristic", "mcts", "combo"} <= set(agent_names())
    assert isinstance(make_agent("heuristic", 3), HeuristicAgent)
    assert agents.make_agent is make_agent


def test_an_unknown_agent_name_is_an_error_naming_the_known_ones() -> None:
    with pytest.raises(UnknownAgentError) as e:
        make_agent("heuristc", 0)
    message = str(e.value)
    assert "unknown agent 'heuristc'" in message and "did you mean 'heuristic'?" in message
    for name in ("random", "heuristic", "mcts", "combo"):
        assert name in message
    assert isinstance(e.value, ValueError)  # the CLI reports ValueErrors as usage errors


def test_an_empty_registry_says_how_agents_get_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "no agents are registered" in str(pytest.raises(UnknownAgentError, AgentRegistry(discover=False).make,
                                                          "random").value)
    monkeypatch.setattr(registry, "_group_entry_points", lambda: ())  # installed without the entry points
    message = str(pytest.raises(UnknownAgentError, AgentRegistry().make, "random").value)
    assert "no agents are registered" in message and "`import agents`" in message and "pip install -e ." in message


def test_registering_twice_the_same_is_harmless_and_another_factory_needs_replace() -> None:
    r = AgentRegistry(discover=False)
    r.register("rnd", RandomAgent)
    r.register("rnd", RandomAgent)
    with pytest.raises(ValueError, match="'rnd' is already registered .*RandomAgent.*replace=True"):
        r.register("rnd", HeuristicAgent)
    r.register("rnd", HeuristicAgent, replace=True)
    assert isinstance(r.make("rnd"), HeuristicAgent) and r.names() == ["rnd"]
    with pytest.raises(TypeError, match="must be callable"):
        r.register("bad", "agents.random_agent:RandomAgent")  # type: ignore[arg-type]


def test_make_passes_the_seed_and_options_and_options_lists_them() -> None:
    m = make_agent("mcts", 5, iterations=4, mode="uct")
    assert isinstance(m, MCTSAgent) and m.iterations == 4 and m.mode == "uct"
    opts = agent_options("mcts")
    assert "seed" not in opts and {"iterations", "determinizations", "horizon", "mode"} <= set(opts)
    assert opts["iterations"].default == 48
    assert agent_options("random") == {}


def test_a_subset_pickles_for_workers_with_just_those_agents() -> None:
    sub = pickle.loads(pickle.dumps(registry.REGISTRY.subset(["random", "heuristic", "random"])))
    assert sub.names() == ["random", "heuristic"] and isinstance(sub.make("random", 1), RandomAgent)
    with pytest.raises(UnknownAgentError, match="expected one of: heuristic, random"):
        sub.make("mcts")


# ---- discovery through entry points --------------------------------------------------------------------------


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An installed distribution (a dist-info on sys.path) declaring an agent `echo` in the group."""
    info = tmp_path / "echo_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: echo_plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[mtg_env.agents]\necho = echo_plugin_agents:EchoAgent\n"
                                           "heuristic = echo_plugin_agents:EchoAgent\n")
    (tmp_path / "echo_plugin_agents.py").write_text(
        "class EchoAgent:\n"
        "    def __init__(self, seed=0, word='hi'):\n"
        "        self.seed, self.word = seed, word\n"
        "    def act(self, game):\n"
        "        return game.legal_actions()[0]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry._group_entry_points.cache_clear()
    yield tmp_path
    registry._group_entry_points.cache_clear()
    sys.modules.pop("echo_plugin_agents", None)


def test_agents_are_discovered_through_entry_points_and_loaded_on_use(plugin: Path) -> None:
    r = AgentRegistry()
    assert "echo" in r.names()
    assert "echo_plugin_agents" not in sys.modules  # a name costs no import
    echo = r.make("echo", 4, word="yo")
    assert type(echo).__name__ == "EchoAgent" and (echo.seed, echo.word) == (4, "yo")  # type: ignore[attr-defined]
    assert set(r.options("echo")) == {"word"}


def test_an_explicit_registration_wins_over_a_discovered_one(plugin: Path) -> None:
    r = AgentRegistry()
    r.register("heuristic", HeuristicAgent)  # as agents/__init__.py does
    assert isinstance(r.make("heuristic"), HeuristicAgent)
    assert r.names().count("heuristic") == 1


def run_fresh(code: str, tmp_path: Path, entry_points: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=fresh_process_env(entry_points),
                          capture_output=True, text=True, timeout=120)


FRESH = """
import sys
import gymnasium as gym
import mtg_env.env
env = gym.make("mtg_env/Duel-v0", opponent="heuristic")
assert "agents" not in sys.modules, "the agents package was imported before an agent was made"
env.reset(seed=0)
print(type(env.unwrapped._opponent).__name__)
"""


def test_a_fresh_install_makes_agents_by_name_without_importing_agents(tmp_path: Path) -> None:
    """What `pip install -e .` gives: the entry points of pyproject.toml (tests/checkout.py)."""
    proc = run_fresh(FRESH, tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.split() == ["HeuristicAgent"]

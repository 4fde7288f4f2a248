"""Agents by name: the registry that the harness, the envs, bench and the CLI make agents from.

mtg_env sits below the agents package (imports run one way) and must not import it. Agents come
in two ways, and an explicit registration wins over a discovered one of the same name:

- discovered: the `mtg_env.agents` entry-point group of the installed distributions (this
  project's pyproject.toml declares random, heuristic, mcts and combo), read once and loaded
  lazily: an entry point is imported when an agent of its name is first made or inspected;
- registered: `register_agent(name, factory)`. agents/__init__.py registers the built-in agents,
  so `import agents` is enough where the package is not installed with its entry points.

A factory is called `factory(seed, **options)` and returns an agent (`mtg_env.play.Agent`); its
parameters after the seed are the options a run config may give (`agent_options`).
"""

from __future__ import annotations

import difflib
import functools
import inspect
from collections.abc import Callable, Iterable
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from .play import Agent

ENTRY_POINT_GROUP = "mtg_env.agents"

AgentFactory: TypeAlias = "Callable[..., Agent]"


class UnknownAgentError(ValueError):
    """No agent is registered under this name; the message lists the names that are."""


@functools.cache
def _group_entry_points() -> tuple[EntryPoint, ...]:
    """The `mtg_env.agents` entry points of the installed distributions (read once a process)."""
    return tuple(entry_points(group=ENTRY_POINT_GROUP))


class AgentRegistry:
    """Agent factories by name. `discover=False` makes a registry of explicit registrations only."""

    def __init__(self, *, discover: bool = True) -> None:
        # name -> a factory, or an entry point not loaded yet; in registration order
        self._entries: dict[str, AgentFactory | EntryPoint] = {}
        self._explicit: set[str] = set()
        self._discover = discover
        self._discovered = False

    def _discover_entry_points(self) -> None:
        if self._discover and not self._discovered:
            self._discovered = True
            for ep in _group_entry_points():
                self._entries.setdefault(ep.name, ep)

    def register(self, name: str, factory: AgentFactory, *, replace: bool = False) -> None:
        """Make `factory(seed, **options)` the agent called `name`. Registering the same factory
        again does nothing; another factory under a registered name needs `replace=True`."""
        if not callable(factory):
            raise TypeError(f"agent {name!r}: a factory must be callable as factory(seed, **options), "
                            f"got {factory!r}")
        old = self._entries.get(name)
        if name in self._explicit and old is not factory and not replace:
            raise ValueError(f"an agent named {name!r} is already registered ({_describe(old)}); "
                             f"pass replace=True to replace it")
        self._entries[name] = factory
        self._explicit.add(name)

    def names(self) -> list[str]:
        """Every agent name known, in registration order (discovered ones included)."""
        self._discover_entry_points()
        return list(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self.names()

    def factory(self, name: str) -> AgentFactory:
        """The factory of the agent `name` (an entry point is loaded now); `UnknownAgentError`
        if there is none."""
        self._discover_entry_points()
        entry = self._entries.get(name)
        if entry is None:
            raise UnknownAgentError(self._unknown(name))
        if isinstance(entry, EntryPoint):
            try:
                loaded = entry.load()
            except Exception as e:
                raise ImportError(f"agent {name!r}: its entry point {entry.value!r} ({ENTRY_POINT_GROUP}) "
                                  f"does not load: {e}") from e
            # loading may have registered the name explicitly (agents/__init__.py does): that wins
            if self._entries.get(name) is entry:
                self._entries[name] = loaded
            entry = self._entries[name]
        assert not isinstance(entry, EntryPoint)
        return entry

    def make(self, name: str, seed: int = 0, **options: Any) -> Agent:
        """A new agent: `factory(seed, **options)` of the agent `name`."""
        return self.factory(name)(seed, **options)

    def options(self, name: str) -> dict[str, inspect.Parameter]:
        """The options the agent `name` takes: its factory's parameters after the seed (a `**`
        parameter among them means any option is taken)."""
        params = list(inspect.signature(self.factory(name)).parameters.values())[1:]
        return {p.name: p for p in params if p.kind is not inspect.Parameter.VAR_POSITIONAL}

    def subset(self, names: Iterable[str]) -> AgentRegistry:
        """A registry of just these agents, loaded: for another process (it pickles, and its
        factories pickle by reference), which then needs no discovery of its own."""
        sub = AgentRegistry(discover=False)
        for name in dict.fromkeys(names):
            sub.register(name, self.factory(name))
        return sub

    def _unknown(self, name: str) -> str:
        known = sorted(self._entries)  # the same message whichever way the names came in
        msg = f"unknown agent {name!r}; " + (f"expected one of: {', '.join(known)}" if known
                                              else "no agents are registered")
        close = difflib.get_close_matches(name, known, n=1)
        if close:
            msg += f" (did you mean {close[0]!r}?)"
        if self._discover and not _group_entry_points():
            msg += (f"; no {ENTRY_POINT_GROUP} entry points are installed: `import agents` registers the "
                    f"built-in agents, or reinstall the project (pip install -e .)")
        return msg


def _describe(factory: object) -> str:
    module, qualname = getattr(factory, "__module__", None), getattr(factory, "__qualname__", None)
    return f"{module}.{qualname}" if module and qualname else repr(factory)


#: the registry of this process: what an agent name means to the harness, the envs, bench, the CLI
REGISTRY = AgentRegistry()


def register_agent(name: str, factory: AgentFactory, *, replace: bool = False) -> None:
    """Register an agent in this process's registry (see `AgentRegistry.register`)."""
    REGISTRY.register(name, factory, replace=replace)


def make_agent(name: str, seed: int = 0, **options: Any) -> Agent:
    """A new agent by name: `factory(seed, **options)`; `UnknownAgentError` lists the known names."""
    return REGISTRY.make(name, seed, **options)


def agent_names() -> list[str]:
    """The names of the agents this process knows."""
    return REGISTRY.names()


def agent_options(name: str) -> dict[str, inspect.Parameter]:
    """The options the agent `name` takes (for checking a config's `agent_options`)."""
    return REGISTRY.options(name)

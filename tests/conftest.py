"""The built-in agents are registered for every test, whichever test module runs first.

An editable install made before pyproject.toml declared the `mtg_env.agents` entry points does
not list them (its dist-info is what importlib.metadata reads); `import agents` registers the
built-in agents explicitly (mtg_env.registry). tests/test_registry.py checks discovery through
entry points in a fresh process.
"""

import agents  # noqa: F401

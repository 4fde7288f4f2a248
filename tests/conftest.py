"""Shared test configuration for every folder under tests/.

The tests are filed by area:

- rules/    rule tests, one file per Comprehensive Rules section: cr_NNN_<topic>.py
- seeds/    the seed documents' rulings, one file per seed topic
- cards/    per-card tests: card scenarios, Oracle texts, golden legal-action sets (cards/golden/)
- engine/   random-play fuzzing, full games, errors, formats, the pinned behaviour, the shape
- env/      the Gymnasium and PettingZoo environments and their action layout
- agents/   MCTSAgent, the registry and the RL training scripts of experiments/
- harness/  the Ray harness and its statistics
- combo/    the combo lab

pytest collects test_*.py, cr_*.py and every file in seeds/ (pyproject.toml's python_files).
tests/pinned.py and pinned_digests.json stay at the top: `python -m tests.pinned` records the
digests that engine/test_pinned_behaviour.py checks.

The helpers the tests share (`scenario`, `labels`, `player`, `permanents`, `permanent`, `stack`,
`pass_until`, games from the deck lists, the repository paths) are plain functions in
tests/helpers.py, imported the same way from every folder: `from tests.helpers import labels,
scenario`. Their asserts, and those of env/layout_check.py, are rewritten by pytest like the
tests' own, so a failing helper explains itself.

The built-in agents are registered for every test, whichever test module runs first: an
editable install made before pyproject.toml declared the `mtg_env.agents` entry points does not
list them (its dist-info is what importlib.metadata reads), and `import agents` registers them
explicitly (mtg_env.registry). The registry tests check discovery through entry points in a
fresh process.
"""

import pytest

import agents  # noqa: F401

pytest.register_assert_rewrite("tests.helpers", "tests.env.layout_check")

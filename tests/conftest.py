"""Shared test configuration for every folder under tests/.

The helpers the tests share (`scenario`, `labels`, `player`, `permanents`, `permanent`, `stack`,
`pass_until`, the repository paths) are plain functions in tests/helpers.py, imported the same
way from every folder: `from tests.helpers import labels, scenario`. Their asserts are rewritten
by pytest like the tests' own, so a failing helper explains itself.
"""

import pytest

pytest.register_assert_rewrite("tests.helpers", "tests.env.layout_check")

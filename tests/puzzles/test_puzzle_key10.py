"""The puzzle search's position key: P1's tokens as what they are, and the card under a copy
effect (the combo lab's key counts P1's tokens, the growth of a loop, and names a permanent by
its copiable values)."""

from __future__ import annotations

from mtg_env.puzzle import read_puzzle
from mtg_env.puzzle_search import PuzzleSearch

HEAD = "humanlife=20\nailife=2\nturn=1\nactiveplayer=human\nactivephase=MAIN1\n"


def _pzl(state: str) -> str:
    return f"[metadata]\nName:T\nGoal:Win\nTurns:1\nDifficulty:Easy\n[state]\n{HEAD}{state}\n"


def test_cr_111_1_p1_tokens_of_different_kinds_are_different_positions() -> None:
    """A Treasure and a 4/4 Construct token: one token each, not one position."""
    treasure = read_puzzle(_pzl("humanbattlefield=Mountain;T:c_a_treasure_sac\n"))
    construct = read_puzzle(_pzl("humanbattlefield=Mountain;T:c_4_4_a_construct\n"))
    s = PuzzleSearch(treasure)
    assert s._key(treasure.game) != s._key(construct.game)
    again = read_puzzle(_pzl("humanbattlefield=Mountain;T:c_a_treasure_sac\n"))
    assert s._key(treasure.game) == s._key(again.game)


def test_cr_111_1_a_tapped_and_an_untapped_token_are_different_positions() -> None:
    untapped = read_puzzle(_pzl("humanbattlefield=Mountain;T:c_4_4_a_construct\n"))
    tapped = read_puzzle(_pzl("humanbattlefield=Mountain;T:c_4_4_a_construct|Tapped\n"))
    s = PuzzleSearch(untapped)
    assert s._key(untapped.game) != s._key(tapped.game)

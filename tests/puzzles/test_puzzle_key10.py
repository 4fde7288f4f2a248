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


def test_cr_702_40a_the_spells_cast_this_turn_are_part_of_the_position() -> None:
    """Storm counts the spells cast before it this turn: after casting a spell, the same board
    with one more spell cast is another position."""
    pz = read_puzzle(_pzl("humanbattlefield=Mountain\n"))
    s = PuzzleSearch(pz)
    before = s._key(pz.game)
    pz.game.turn_state.spells_cast += 1
    assert s._key(pz.game) != before


def test_cr_700_4_a_creature_died_this_turn_is_part_of_the_position() -> None:
    """Morbid: the same board after a creature died this turn is another position."""
    pz = read_puzzle(_pzl("humanbattlefield=Mountain\n"))
    s = PuzzleSearch(pz)
    before = s._key(pz.game)
    pz.game.turn_state.facts.setdefault("died", []).append(1)
    assert s._key(pz.game) != before

"""Forge puzzle positions with this session's cards (issue 15, session 10): small .pzl fixtures
in the style of PP07 (an Aura returning from the graveyard, CR 113.6m) and PP24 (Quirion
Ranger's "Return a Forest you control to its owner's hand" cost, CR 601.2h), solved by the
search within a node budget and replayed."""

from __future__ import annotations

from mtg_env.puzzle import read_puzzle
from mtg_env.puzzle_search import solve


def _pzl(state: str, turns: int = 1) -> str:
    return f"[metadata]\nName:T\nGoal:Win\nTurns:{turns}\n[state]\nactiveplayer=human\nactivephase=MAIN1\n{state}\n"


def _solved(text: str, card: str) -> None:
    r = solve(read_puzzle(text), max_nodes=20_000)
    assert r.solved and any(card in a for a in r.line), r
    fresh = read_puzzle(text)
    fresh.game.run_line(r.line)
    assert fresh.reached(fresh.game)


def test_cr_113_6m_dragon_breath_returns_and_gives_haste_puzzle() -> None:
    """A PP07-like position: 6 life to take, Craw Wurm in hand (summoning sick when cast) and
    Dragon Breath in the graveyard: "When a creature with mana value 6 or greater enters, you
    may return Dragon Breath from your graveyard to the battlefield attached to that creature."
    The Aura gives the Wurm haste, and it attacks for 6."""
    _solved(_pzl("humanlife=1\nailife=6\nhumanhand=Craw Wurm\nhumangraveyard=Dragon Breath\n"
                 "humanbattlefield=Forest;Forest;Forest;Forest;Forest;Forest\naibattlefield=Island"), "Craw Wurm")


def test_cr_601_2h_quirion_ranger_untaps_an_attacker_puzzle() -> None:
    """A PP24-like position: 3 life to take with Quirion Ranger (1/1) and a tapped Grizzly
    Bears: returning the Forest untaps the Bears, and both attack."""
    _solved(_pzl("humanlife=1\nailife=3\n"
                 "humanbattlefield=Quirion Ranger;Forest|Tapped;Grizzly Bears|Tapped\naibattlefield=Island"),
            "Quirion Ranger")

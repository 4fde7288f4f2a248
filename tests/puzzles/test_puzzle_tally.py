"""tools/puzzle_tally.py: keys and counts of what blocks puzzles from loading."""
from pathlib import Path

from tools.puzzle_tally import blocker_key, tally


def test_blocker_key_names_the_card_and_strips_line_numbers() -> None:
    assert blocker_key("line 12: card 'Exhume': no template") == "card Exhume"
    assert blocker_key("line 3: Clone|ExecuteScript:DBCopy->420 (modifier ExecuteScript is not set up)") == \
        "feature Clone|ExecuteScript:DBCopy->420 (modifier ExecuteScript is not set up)"


def test_tally_counts_each_blocker_once_per_puzzle(tmp_path: Path) -> None:
    samples = Path(__file__).parent / "samples"
    n, loaded, counts, errors = tally([str(samples)])
    assert n == len(list(samples.glob("*.pzl")))
    assert loaded + len(errors) + (n - loaded - len(errors)) == n
    assert all(c >= 1 for c in counts.values())
    assert tally([str(tmp_path)])[:2] == (0, 0)

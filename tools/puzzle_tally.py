"""Load every Forge puzzle file in the given folders and tally what blocks them.

Usage: python tools/puzzle_tally.py DIR [DIR ...] [--out FILE]

Each unsupported item that `load_puzzle` reports is reduced to a key: a card name
(`card 'NAME'`) or the feature text with the file's line number stripped. Each key is
counted once per puzzle it blocks. Prints how many puzzles load, then the keys by count.
"""
from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

from mtg_env.puzzle import PuzzleError, UnsupportedPuzzleError, load_puzzle

_CARD = re.compile(r"card '((?:[^'\\]|\\.|'(?!:))*)'|card \"([^\"]*)\"")


def blocker_key(item: str) -> str:
    """The tally key of one unsupported item: `card NAME` or the feature without its line number."""
    m = _CARD.search(item)
    if m:
        return "card " + (m.group(1) or m.group(2))
    text = re.sub(r"^line \d+: ", "", item)
    text = re.sub(r"^(\w+)=.*?\(", r"\1=... (", text)
    return "feature " + text


def tally(folders: list[str]) -> tuple[int, int, Counter[str], dict[str, str]]:
    files = sorted({str(p) for d in folders for p in Path(d).glob("*.pzl")})
    loaded = 0
    counts: Counter[str] = Counter()
    errors: dict[str, str] = {}
    for f in files:
        try:
            load_puzzle(f)
            loaded += 1
        except UnsupportedPuzzleError as e:
            counts.update({blocker_key(u) for u in e.unsupported})
        except PuzzleError as e:
            errors[f] = str(e)
    return len(files), loaded, counts, errors


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--out")
    a = ap.parse_args()
    n, loaded, counts, errors = tally(a.dirs)
    lines = [f"{loaded} of {n} puzzles load; {len(errors)} malformed; {n - loaded - len(errors)} unsupported",
             "puzzles blocked  blocker"]
    lines += [f"{c:6d}  {k}" for k, c in counts.most_common()]
    lines += [f"error {f}: {e}" for f, e in errors.items()]
    text = "\n".join(lines) + "\n"
    if a.out:
        Path(a.out).write_text(text)
    print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

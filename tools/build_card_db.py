"""Build mtg_env/cards/data/oracle.json.gz, the card database the package ships, from the
project's Oracle reference (../shared/reference/oracle/cards.jsonl.gz: 23,906 cards, its sources
named in its README and in the package README) plus the newer cards read from Forge's card
scripts in tools/data/forge_cards.txt (converted by tools/forge_cards.py; added only when the
reference has neither the card's name nor any of its face names).

Kept: what the card compiler and the card pool need (name, layout, mana cost, type line, power,
toughness, loyalty, defense, Oracle text, colors, color indicator, color identity, mana value,
faces). Dropped: rulings, sets, legalities and source fields. Run from the repository root:

    python tools/build_card_db.py [path/to/cards.jsonl.gz]
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.forge_cards import load, merge  # noqa: E402

SOURCE = ROOT.parent / "shared" / "reference" / "oracle" / "cards.jsonl.gz"
FORGE = ROOT / "tools" / "data" / "forge_cards.txt"
OUT = ROOT / "mtg_env" / "cards" / "data" / "oracle.json.gz"
KEEP = ("name", "layout", "mana_cost", "type_line", "power", "toughness", "loyalty", "defense", "oracle_text",
        "colors", "color_indicator", "color_identity", "mana_value", "faces")
FACE_KEEP = ("name", "mana_cost", "type_line", "power", "toughness", "loyalty", "defense", "oracle_text",
             "color_indicator", "colors")


def compact(record: dict, keep: tuple[str, ...]) -> dict:
    out = {k: record[k] for k in keep if record.get(k) not in (None, [], "")}
    if "faces" in out:
        out["faces"] = [compact(f, FACE_KEEP) for f in out["faces"]]
    return out


def main(source: Path, forge: Path = FORGE) -> None:
    with gzip.open(source, "rt", encoding="utf-8") as f:
        reference = [json.loads(line) for line in f if line.strip()]
    merged, skipped = merge(reference, load(forge))
    records = [compact(r, KEEP) for r in merged]
    body = json.dumps({"source": source.name, "source_sha256": hashlib.sha256(source.read_bytes()).hexdigest(),
                       "forge_source": forge.name, "forge_source_sha256": hashlib.sha256(forge.read_bytes()).hexdigest(),
                       "cards": records}, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    # mtime 0: the same input gives the same bytes
    OUT.write_bytes(gzip.compress(body.encode("utf-8"), compresslevel=9, mtime=0))
    added = len(merged) - len(reference)
    print(f"{len(records)} cards ({len(reference)} from {source.name}, {added} from {forge.name}"
          f"{', skipped as already present: ' + ', '.join(skipped) if skipped else ''}) -> {OUT} "
          f"({OUT.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE)

"""Level up (CR 702.87) and leveler cards (CR 711).

- "Level up [cost]" means "[Cost]: Put a level counter on this permanent. Activate only as a
  sorcery." (CR 702.87a).
- A level symbol with the lines under it, "LEVEL N1-N2" / "LEVEL N3+", then a power/toughness
  line, then abilities, is a static ability: "As long as this creature has at least N1 level
  counters on it, but no more than N2, it has base power and toughness [P/T] and has
  [abilities]." (CR 711.2a-b; layer 7b and layer 6). Below the first band it has its printed
  power and toughness (CR 711.5), as in every other zone (CR 711.6).

Declined: bands whose abilities are static abilities (a static ability gained by its own source
is not applied here), or that any line of fails to read."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core.mana import parse_mana_cost
from ....core.modifications import AddAbilities, SetPT
from ...abilities import THIS, Activated
from ...costs import Cost
from ...defining import ConditionalStatic, StaticCondition
from ...effects import PutCounters
from ...subjects import SELF
from ..builder import Builder
from ..grammar import FAIL, NoParse, rule
from ..text import Line

if TYPE_CHECKING:
    from ....core.chars import Chars
    from ...protocol import GameOps


@rule("keyword", "Level up <cost:mana>")
def level_up(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.87a: "[Cost]: Put a level counter on this permanent. Activate only as a sorcery." """
    mana = parse_mana_cost(cost)
    if mana.x_count:
        raise NoParse(line.text)
    return [Activated(text=line.raw, cost=Cost(mana=mana), effects=(PutCounters("level", 1, SELF),),
                      sorcery_speed=True)]


@dataclass(frozen=True)
class LevelBand(StaticCondition):
    """CR 711.2a-b: at least `low` level counters on the source and, unless `high` is None, no
    more than `high`."""

    low: int = 1
    high: int | None = None

    def holds(self, g: GameOps, chars: dict[int, Chars] | None, source: int) -> bool:
        obj = g.objects.get(source)
        n = obj.counters.get("level", 0) if obj is not None else 0
        return n >= self.low and (self.high is None or n <= self.high)


_LEVEL = re.compile(r"LEVEL (\d+)(?:-(\d+)|(\+))")
_PT = re.compile(r"(\d+)/(\d+)")


def bands(lines: list[Line], card: Any) -> tuple[list[Line], list[Any], list[str]]:
    """A leveler card's lines: (the lines outside its bands, the bands' static abilities, the
    reasons of band lines no template reads). Not a leveler card: the lines unchanged."""
    from ...abilities import StaticAbility
    from ..lines import permanent_line
    starts = [i for i, ln in enumerate(lines) if _LEVEL.fullmatch(ln.text)]
    if not starts:
        return lines, [], []
    out: list[Any] = []
    reasons: list[str] = []
    lows: list[int] = []
    conds: list[LevelBand] = []
    for j, i in enumerate(starts):
        m = _LEVEL.fullmatch(lines[i].text)
        assert m is not None
        low, high = int(m.group(1)), (int(m.group(2)) if m.group(2) else None)
        lows.append(low)
        end = starts[j + 1] if j + 1 < len(starts) else len(lines)
        if (high is None) != (j + 1 == len(starts)) or i + 1 >= end or not _PT.fullmatch(lines[i + 1].text):
            return lines[:starts[0]], [], [lines[i].text]
        pm = _PT.fullmatch(lines[i + 1].text)
        assert pm is not None
        granted: list[Any] = []
        for ln in lines[i + 2:end]:
            try:
                got = permanent_line(ln, card)
            except FAIL as e:
                reasons.append(e.phrase if isinstance(e, NoParse) and e.phrase else ln.text)
                continue
            if any(isinstance(ab, StaticAbility) for ab in got):
                reasons.append(ln.text)  # a static ability gained by its own source
                continue
            granted.extend(got)
        band = LevelBand(low=low, high=high)
        conds.append(band)
        text = " ".join(ln.raw for ln in lines[i:end])
        out.append(ConditionalStatic(text=text, affects=THIS, modification=SetPT(int(pm.group(1)), int(pm.group(2))),
                                     condition=band))
        if granted:
            out.append(ConditionalStatic(text=text, affects=THIS, modification=AddAbilities(tuple(granted)),
                                         condition=band))
    if any(b.low <= a.high for a, b in zip(conds, conds[1:], strict=False) if a.high is not None) or lows != sorted(lows):
        return lines[:starts[0]], [], [lines[starts[0]].text]
    return lines[:starts[0]], out, reasons

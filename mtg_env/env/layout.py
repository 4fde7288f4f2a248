"""The fixed action layout and the object table of the Gymnasium environment.

Every index of `Discrete(N_ACTIONS)` always means the same kind of thing, relative to the
deciding player and the object table of the current observation:

| block | size | index means |
| --- | --- | --- |
| PASS | 1 | pass priority |
| CAST | O | play or cast the card in object row r (hand rows, and cards castable from exile or the command zone) |
| ACTIVATE | O x A | activate the a-th activated ability (in the object's own order) of the object in row r |
| TARGET_OBJECT | O | choose the object in row r: as a target, to sacrifice, discard, tap, keep, copy ... |
| TARGET_PLAYER | P | choose player p, counted from the deciding player (0 = self, 1 = next in turn order ...) |
| TARGET_STACK | K | choose the stack item in stack row k (bottom first): Abstruse Archaic's targets |
| X | XS | choose X = x |
| MODE | M | choose mode m |
| COLOR | 6 | choose mana of type W, U, B, R, G, C |
| YES, NO | 2 | answer a "may" or "pay?" question |
| DONE | 1 | done (attacking, blocking, choosing targets); "no attack"/"no block" |
| KEEP, MULLIGAN | 2 | the London mulligan |
| ATTACK | B x P | attack player p with the creature in battlefield row r |
| BLOCK | B x 16 | block the i-th attacking creature with the creature in battlefield row r |
| ORDER | 16 | put the i-th offered triggered ability (or replacement effect) on the stack next |
| NUMBER | 32 | choose the number n (damage assignment, divided damage) |
| OPTION | 64 | any other choice, in the engine's order (payment plans, "keep target", ...) |

An action that would land on an index another legal action already took goes to the next free
OPTION slot instead, so two legal actions never share an index; if more than 64 such actions
exist at once, the rest are not reachable (never seen with the supported cards).

The object table (O = 64 rows) lists, in order: the deciding player's permanents, the other
players' permanents (turn order), the deciding player's hand, the stack's spells, the deciding
player's exile (caged cards first), then the graveyards; rows past what fits are dropped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.actions import Action
    from ..engine.game import Game

O = 64   # object rows  # noqa: E741
B = 32   # battlefield rows (the first B object rows are always battlefield rows or empty)
A = 16   # activated abilities per object
P = 4    # players
K = 16   # stack rows
XS = 64  # X values
M = 8    # modes
NUMBERS = 32
OPTIONS = 64
BLOCK_ATTACKERS = 16
ORDERS = 16
COLORS6 = "WUBRGC"

_sizes = [
    ("PASS", 1), ("CAST", O), ("ACTIVATE", O * A), ("TARGET_OBJECT", O), ("TARGET_PLAYER", P),
    ("TARGET_STACK", K), ("X", XS), ("MODE", M), ("COLOR", 6), ("YES", 1), ("NO", 1), ("DONE", 1),
    ("KEEP", 1), ("MULLIGAN", 1), ("ATTACK", B * P), ("BLOCK", B * BLOCK_ATTACKERS), ("ORDER", ORDERS),
    ("NUMBER", NUMBERS), ("OPTION", OPTIONS),
]
OFFSETS: dict[str, int] = {}
_n = 0
for _name, _size in _sizes:
    OFFSETS[_name] = _n
    _n += _size
N_ACTIONS = _n
BLOCKS = dict(_sizes)


def block_of(index: int) -> tuple[str, int]:
    """(block name, offset within the block) of an action index."""
    for name, size in _sizes:
        start = OFFSETS[name]
        if start <= index < start + size:
            return name, index - start
    raise IndexError(index)


class ObjectTable:
    """Object rows for one player's view of the game (see the module docstring)."""

    __slots__ = ("rows", "row_of", "stack_row_of", "me")

    def __init__(self, game: Game, me: int):
        self.me = me
        rows: list[int] = []
        n = len(game.players)
        bf_mine = [o for o in game.battlefield if game.objects[o].controller == me]
        bf_other = [o for k in range(1, n) for o in game.battlefield
                    if game.objects[o].controller == (me + k) % n]
        bf = (bf_mine + bf_other)[:B]
        rows.extend(bf)
        rows.extend([-1] * (B - len(bf)))  # battlefield rows keep their block
        pl = game.players[me]
        rest: list[int] = list(pl.hand) + list(pl.command)
        rest += [s.obj_id for s in game.stack if s.kind == "spell" and s.obj_id is not None]
        caged = [o for o in pl.exile if game.objects[o].counters.get("cage")]
        rest += caged + [o for o in pl.exile if o not in caged]
        for k in range(n):
            rest += game.players[(me + k) % n].graveyard
        rows.extend(rest[:O - B])
        rows.extend([-1] * (O - len(rows)))
        self.rows = rows
        self.row_of = {oid: r for r, oid in enumerate(rows) if oid >= 0}
        self.stack_row_of = {s.id: k for k, s in enumerate(game.stack[:K])}


def encode_actions(game: Game, actions: list[Action], table: ObjectTable) -> tuple[list[int], list[int]]:
    """Map legal actions to layout indices: returns (index of each action, -1 if unreachable)
    and the list of used indices."""
    me = table.me
    n = len(game.players)
    used: set[int] = set()
    out: list[int] = []
    option = 0
    order = 0
    activated_index: dict[int, list[str]] = {}
    for a in actions:
        if a.kind == "order":
            idx: int | None = OFFSETS["ORDER"] + order if order < ORDERS else None
            order += 1
        else:
            idx = _semantic_index(game, a, table, me, n, activated_index)
        if idx is None or idx in used:
            if option < OPTIONS:
                idx = OFFSETS["OPTION"] + option
                option += 1
            else:
                idx = -1
        if idx >= 0:
            used.add(idx)
        out.append(idx)
    return out, sorted(used)


def _semantic_index(game: Game, a: Action, table: ObjectTable, me: int, n: int,
                    activated_index: dict[int, list[str]]) -> int | None:
    kind = a.kind
    p: Any = a.payload
    row = table.row_of
    if kind == "pass":
        return OFFSETS["PASS"]
    if kind in ("play", "cast"):
        r = row.get(p[1])
        return None if r is None else OFFSETS["CAST"] + r
    if kind == "activate":
        oid, key = p[1], p[2]
        r = row.get(oid)
        if r is None:
            return None
        keys = activated_index.get(oid)
        if keys is None:
            from ..cards.vocab import Activated
            keys = activated_index[oid] = [k for k, ab, _o in game.chars(oid).abilities if isinstance(ab, Activated)]
        if key not in keys or keys.index(key) >= A:
            return None
        return OFFSETS["ACTIVATE"] + r * A + keys.index(key)
    if kind == "target":
        if isinstance(p, tuple) and len(p) == 2:
            if p[0] == "obj":
                r = row.get(p[1])
                return None if r is None else OFFSETS["TARGET_OBJECT"] + r
            if p[0] == "player":
                return OFFSETS["TARGET_PLAYER"] + (p[1] - me) % n
            if p[0] == "stack":
                k = table.stack_row_of.get(p[1])
                return None if k is None else OFFSETS["TARGET_STACK"] + k
        return None
    if kind == "choose":
        if isinstance(p, int) and not isinstance(p, bool):
            if a.value is not None:  # a number: damage assignment, division
                return OFFSETS["NUMBER"] + p if 0 <= p < NUMBERS else None
            r = row.get(p)
            return None if r is None else OFFSETS["TARGET_OBJECT"] + r
        return None
    if kind == "x":
        return OFFSETS["X"] + a.value if 0 <= a.value < XS else None
    if kind == "mode":
        return OFFSETS["MODE"] + a.value if 0 <= a.value < M else None
    if kind == "color":
        return OFFSETS["COLOR"] + COLORS6.index(a.value) if a.value in COLORS6 else None
    if kind in ("yes", "no", "done", "keep", "mulligan"):
        return OFFSETS[kind.upper()]
    if kind == "attack":
        r = row.get(p[0])
        if r is None or r >= B:
            return None
        return OFFSETS["ATTACK"] + r * P + (p[1] - me) % n
    if kind == "block":
        r = row.get(p[0])
        if r is None or r >= B or p[1] not in game.attackers:
            return None
        i = game.attackers.index(p[1])
        return None if i >= BLOCK_ATTACKERS else OFFSETS["BLOCK"] + r * BLOCK_ATTACKERS + i
    return None

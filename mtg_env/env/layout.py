"""The action layout and the object table of the Gymnasium environment, sized by a `Layout`.

Every index of `Discrete(layout.n_actions)` always means the same kind of thing, relative to the
deciding player and the object table of the current observation. With the sizes of a `Layout`
(O = objects, A = abilities, P = players, K = stack, B = battlefield, ...):

| block | size | index means |
| --- | --- | --- |
| PASS | 1 | pass priority |
| CAST | O | play or cast the card in object row r (hand rows, and cards castable from exile or the command zone) |
| ACTIVATE | O x A | activate the a-th activated ability (in the object's own order) of the object in row r |
| TARGET_OBJECT | O | choose the object in row r: as a target, to sacrifice, discard, tap, keep, copy ... |
| TARGET_PLAYER | P | choose player p, counted from the deciding player (0 = self, 1 = next in turn order ...) |
| TARGET_STACK | K | choose the stack item in stack row k (bottom first): Abstruse Archaic's targets |
| X | x_values | choose X = x |
| MODE | modes | choose mode m |
| COLOR | 6 | choose mana of type W, U, B, R, G, C |
| YES, NO | 2 | answer a "may" or "pay?" question |
| DONE | 1 | done (attacking, blocking, choosing targets); "no attack"/"no block" |
| KEEP, MULLIGAN | 2 | the London mulligan |
| ATTACK | B x P | attack player p with the creature in battlefield row r |
| BLOCK | B x block_attackers | block the i-th attacking creature with the creature in battlefield row r |
| ORDER | orders | put the i-th offered triggered ability (or replacement effect) on the stack next |
| NUMBER | numbers | choose the number n (damage assignment, divided damage) |
| OPTION | options | any other choice, in the engine's order (payment plans, "keep target", ...) |

An action whose block has no room for it (an object past the table, a seventeenth ability, X
past x_values ...), or that would land on an index another legal action already took, goes to
the next free OPTION slot instead, so two legal actions never share an index; if more than
`options` such actions exist at once, the rest are not reachable (never seen with the supported
cards and the default sizes).

The object table (O rows) lists, in order: the deciding player's permanents, the other players'
permanents (turn order), the deciding player's hand, the stack's spells, the deciding player's
exile (caged cards first), then the graveyards; the first B rows are battlefield rows (or empty),
and rows past what fits are dropped.

The sizes are arguments of the environments: `gym.make("mtg_env/Duel-v0", max_objects=24,
max_battlefield=12, max_abilities=8, max_stack=8, max_legal=32)`, or `layout=Layout(...)` for
every size. `DEFAULT_LAYOUT = Layout()` is the layout of v0 (objects 64, battlefield 32, abilities
16, players 4, stack 16, x_values 64, modes 8, numbers 32, options 64, block_attackers 16, orders
16, legal 128: 2008 actions); the module constants (O, B, A, P, K, XS, M, NUMBERS, OPTIONS,
BLOCK_ATTACKERS, ORDERS, OFFSETS, BLOCKS, N_ACTIONS, block_of) are its sizes. A policy trained on
one layout needs the same layout to play (`PolicyAgent(policy, layout=...)`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from numbers import Integral
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.actions import Action
    from ..engine.game import Game

COLORS6 = "WUBRGC"
BLOCK_NAMES = ("PASS", "CAST", "ACTIVATE", "TARGET_OBJECT", "TARGET_PLAYER", "TARGET_STACK", "X", "MODE",
               "COLOR", "YES", "NO", "DONE", "KEEP", "MULLIGAN", "ATTACK", "BLOCK", "ORDER", "NUMBER", "OPTION")


def _check_sizes(values: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, int]:
    """`values` (Layout field -> size) as ints, or a ValueError that names the bad size as the
    caller calls it (`names`: field -> argument name; a field's own name where missing)."""
    out: dict[str, int] = {}
    for key, v in values.items():
        name = names.get(key, key)
        if isinstance(v, bool) or not isinstance(v, Integral):
            raise ValueError(f"{name} must be an int, got {v!r} ({type(v).__name__})")
        lowest = 2 if key == "players" else 1  # PASS and the TARGET_PLAYER block need "me" and one other
        if v < lowest:
            raise ValueError(f"{name} must be >= {lowest}, got {v!r}")
        out[key] = int(v)
    if "battlefield" in out and "objects" in out and out["battlefield"] > out["objects"]:
        # the first `battlefield` object rows are the battlefield rows
        raise ValueError(f"{names.get('battlefield', 'battlefield')} must be <= {names.get('objects', 'objects')} "
                         f"({out['objects']}), got {out['battlefield']}")
    return out


@dataclass(frozen=True)
class Layout:
    """The sizes of the observation and of the action layout (see the module docstring).

    Frozen, hashable, picklable; the offsets, block sizes and `n_actions` are computed once here,
    so that encoding an observation only reads attributes.
    """

    objects: int = 64          # object rows (O)
    battlefield: int = 32      # battlefield rows (B): the first B object rows
    abilities: int = 16        # activated abilities per object (A)
    players: int = 4           # player rows, counted from the deciding player (P)
    stack: int = 16            # stack rows (K)
    x_values: int = 64         # X = 0 .. x_values - 1
    modes: int = 8
    numbers: int = 32          # numbers 0 .. numbers - 1 (damage assignment, division)
    options: int = 64          # OPTION slots
    block_attackers: int = 16  # attacking creatures a blocker can be assigned to
    orders: int = 16           # triggered abilities (or replacement effects) to order
    legal: int = 128           # rows of per-action features ("action_features", "action_index")
    offsets: Mapping[str, int] = field(init=False, repr=False, compare=False)
    blocks: Mapping[str, int] = field(init=False, repr=False, compare=False)
    n_actions: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        sizes = _check_sizes({f.name: getattr(self, f.name) for f in fields(self) if f.init}, {})
        for k, v in sizes.items():
            object.__setattr__(self, k, v)  # numpy ints become ints (equal layouts hash equal)
        o, p, b = self.objects, self.players, self.battlefield
        size = dict(PASS=1, CAST=o, ACTIVATE=o * self.abilities, TARGET_OBJECT=o, TARGET_PLAYER=p,
                    TARGET_STACK=self.stack, X=self.x_values, MODE=self.modes, COLOR=len(COLORS6), YES=1, NO=1,
                    DONE=1, KEEP=1, MULLIGAN=1, ATTACK=b * p, BLOCK=b * self.block_attackers, ORDER=self.orders,
                    NUMBER=self.numbers, OPTION=self.options)
        offsets: dict[str, int] = {}
        n = 0
        for name in BLOCK_NAMES:
            offsets[name] = n
            n += size[name]
        object.__setattr__(self, "offsets", MappingProxyType(offsets))
        object.__setattr__(self, "blocks", MappingProxyType({name: size[name] for name in BLOCK_NAMES}))
        object.__setattr__(self, "n_actions", n)

    def __reduce__(self) -> tuple[Any, tuple[int, ...]]:
        # the sizes only: the computed mappings are rebuilt (a mappingproxy does not pickle)
        return (type(self), tuple(getattr(self, f.name) for f in fields(self) if f.init))

    def block_of(self, index: int) -> tuple[str, int]:
        """(block name, offset within the block) of an action index."""
        for name, start in self.offsets.items():
            if start <= index < start + self.blocks[name]:
                return name, index - start
        raise IndexError(index)


DEFAULT_LAYOUT = Layout()

# The environments' arguments for the sizes (the other sizes come with `layout=Layout(...)`).
ENV_LIMITS: dict[str, str] = {"max_objects": "objects", "max_battlefield": "battlefield",
                              "max_abilities": "abilities", "max_stack": "stack", "max_legal": "legal"}


def env_layout(layout: Layout | None = None, **limits: Any) -> Layout:
    """The layout an environment's arguments ask for: `layout` if given, else the default layout
    with the `max_*` limits of ENV_LIMITS. With a `layout`, a limit other than its default must
    agree with it. Errors are ValueErrors that name the argument."""
    unknown = sorted(set(limits) - set(ENV_LIMITS))
    if unknown:
        raise ValueError(f"unknown size argument(s) {', '.join(unknown)}; expected: {', '.join(ENV_LIMITS)}")
    arg_of = {f: a for a, f in ENV_LIMITS.items()}
    if layout is None:
        wanted = {f: getattr(DEFAULT_LAYOUT, f) for f in arg_of}
        wanted.update({ENV_LIMITS[a]: v for a, v in limits.items()})
        sizes = _check_sizes(wanted, arg_of)
        return DEFAULT_LAYOUT if all(getattr(DEFAULT_LAYOUT, f) == v for f, v in sizes.items()) \
            else Layout(**sizes)
    if not isinstance(layout, Layout):
        raise ValueError(f"layout must be a mtg_env.env.layout.Layout or None, got {layout!r}")
    sizes = _check_sizes({ENV_LIMITS[a]: v for a, v in limits.items()}, arg_of)
    for f, v in sizes.items():
        if v != getattr(DEFAULT_LAYOUT, f) and v != getattr(layout, f):
            raise ValueError(f"{arg_of[f]}={v} disagrees with layout.{f}={getattr(layout, f)}; "
                             f"give the size in one place")
    return layout


# The default layout's sizes, as module constants (what v0 had; tests and users import them).
O = DEFAULT_LAYOUT.objects  # noqa: E741
B = DEFAULT_LAYOUT.battlefield
A = DEFAULT_LAYOUT.abilities
P = DEFAULT_LAYOUT.players
K = DEFAULT_LAYOUT.stack
XS = DEFAULT_LAYOUT.x_values
M = DEFAULT_LAYOUT.modes
NUMBERS = DEFAULT_LAYOUT.numbers
OPTIONS = DEFAULT_LAYOUT.options
BLOCK_ATTACKERS = DEFAULT_LAYOUT.block_attackers
ORDERS = DEFAULT_LAYOUT.orders
OFFSETS: dict[str, int] = dict(DEFAULT_LAYOUT.offsets)
BLOCKS: dict[str, int] = dict(DEFAULT_LAYOUT.blocks)
N_ACTIONS = DEFAULT_LAYOUT.n_actions


def block_of(index: int) -> tuple[str, int]:
    """(block name, offset within the block) of an action index of the default layout."""
    return DEFAULT_LAYOUT.block_of(index)


class ObjectTable:
    """Object rows for one player's view of the game (see the module docstring), sized by `layout`."""

    __slots__ = ("rows", "row_of", "stack_row_of", "me", "layout", "filled")

    def __init__(self, game: Game, me: int, layout: Layout = DEFAULT_LAYOUT):
        self.me = me
        self.layout = layout
        n_rows, n_bf = layout.objects, layout.battlefield
        n = len(game.players)
        objects = game.objects
        battlefield = game.battlefield
        if n == 2 and me in (0, 1):  # a duel: the observer's permanents, then the other player's
            bf = [o for o in battlefield if objects[o].controller == me]
            bf += [o for o in battlefield if objects[o].controller == 1 - me]
        else:
            by_seat: list[list[int]] = [[] for _ in range(n)]  # permanents by controller, from `me` on
            for o in battlefield:
                c = objects[o].controller
                if 0 <= c < n:
                    by_seat[(c - me) % n].append(o)
            bf = [o for seat in by_seat for o in seat]
        if len(bf) > n_bf:
            del bf[n_bf:]
        pl = game.players[me]
        rest: list[int] = pl.hand + pl.command
        stack = game.stack
        if stack:
            rest += [s.obj_id for s in stack if s.kind == "spell" and s.obj_id is not None]
        if pl.exile:
            caged = [o for o in pl.exile if objects[o].counters.get("cage")]
            rest += caged + [o for o in pl.exile if o not in caged]
        for k in range(n):
            rest += game.players[(me + k) % n].graveyard
        if len(rest) > n_rows - n_bf:
            del rest[n_rows - n_bf:]
        # battlefield rows keep their block
        self.rows = bf + [-1] * (n_bf - len(bf)) + rest + [-1] * (n_rows - n_bf - len(rest))
        #: (object, row) of each filled row, in row order
        self.filled = list(zip(bf, range(len(bf)), strict=True)) + list(zip(rest, range(n_bf, n_bf + len(rest)), strict=True))
        self.row_of = dict(self.filled)
        self.stack_row_of = {s.id: k for k, s in enumerate(stack[:layout.stack])} if stack else {}


class Slots:
    """Action indices handed out once each: a choice's own (semantic) index while it is free,
    else the next OPTION slot, else -1 (unreachable)."""

    def __init__(self, layout: Layout):
        self.option_start, self.n_options = layout.offsets["OPTION"], layout.options
        self.n_option = 0
        self.used: set[int] = set()

    def claim(self, idx: int | None) -> int:
        if idx is None or idx in self.used:
            if self.n_option < self.n_options:
                idx = self.option_start + self.n_option
                self.n_option += 1
            else:
                idx = -1
        if idx >= 0:
            self.used.add(idx)
        return idx


def encode_actions(game: Game, actions: list[Action], table: ObjectTable) -> tuple[list[int], list[int]]:
    """Map legal actions to indices of the table's layout: returns (index of each action, -1 if
    unreachable) and the list of used indices."""
    out = action_indices(game, actions, table)
    return out, sorted(i for i in out if i >= 0)


def action_indices(game: Game, actions: list[Action], table: ObjectTable) -> list[int]:
    """The index of each legal action in the table's layout (-1: unreachable): its own index
    while free, else the next OPTION slot (`Slots`, written out here: this runs at every
    decision); an ORDER action counts the order actions before it."""
    layout = table.layout
    off = layout.offsets
    order_start, n_orders = off["ORDER"], layout.orders
    option_start, n_options = off["OPTION"], layout.options
    me = table.me
    n = len(game.players)
    used: set[int] = set()
    out: list[int] = []
    order = n_option = 0
    activated_index: dict[int, list[str]] = {}
    for a in actions:
        if a.kind == "order":
            idx: int | None = order_start + order if order < n_orders else None
            order += 1
        else:
            idx = _semantic_index(game, a, table, me, n, activated_index)
        if idx is None or idx in used:
            if n_option < n_options:
                idx = option_start + n_option
                n_option += 1
            else:
                idx = -1
        if idx >= 0:
            used.add(idx)
        out.append(idx)
    return out


def semantic_index(game: Game, a: Action, table: ObjectTable, activated_index: dict[int, list[str]] | None = None
                   ) -> int | None:
    """The index the layout gives action `a` in its own block (not ORDER or OPTION, which count
    the actions before it), or None where the block has no room for it. `activated_index`
    caches the activated ability keys of each object across calls at one decision."""
    return _semantic_index(game, a, table, table.me, len(game.players), {} if activated_index is None
                           else activated_index)


def _semantic_index(game: Game, a: Action, table: ObjectTable, me: int, n: int,
                    activated_index: dict[int, list[str]]) -> int | None:
    """The index of `a` in its own block, or None where the block has no room for it."""
    kind = a.kind
    p: Any = a.payload
    row = table.row_of
    layout = table.layout
    off = layout.offsets
    if kind == "pass":
        return off["PASS"]
    if kind in ("play", "cast"):
        r = row.get(p[1])
        return None if r is None else off["CAST"] + r
    if kind == "activate":
        oid, key = p[1], p[2]
        r = row.get(oid)
        if r is None:
            return None
        keys = activated_index.get(oid)
        if keys is None:
            from ..cards.vocab import Activated
            keys = activated_index[oid] = [k for k, ab, _o in game.chars(oid).abilities if isinstance(ab, Activated)]
        n_abilities = layout.abilities
        if key not in keys or keys.index(key) >= n_abilities:
            return None
        return off["ACTIVATE"] + r * n_abilities + keys.index(key)
    if kind == "target":
        if isinstance(p, tuple) and len(p) == 2:
            if p[0] == "obj":
                r = row.get(p[1])
                return None if r is None else off["TARGET_OBJECT"] + r
            if p[0] == "player":
                q = (p[1] - me) % n
                return off["TARGET_PLAYER"] + q if q < layout.players else None
            if p[0] == "stack":
                k = table.stack_row_of.get(p[1])
                return None if k is None else off["TARGET_STACK"] + k
        return None
    if kind == "choose":
        if isinstance(p, int) and not isinstance(p, bool):
            if a.value is not None:  # a number: damage assignment, division
                return off["NUMBER"] + p if 0 <= p < layout.numbers else None
            r = row.get(p)
            return None if r is None else off["TARGET_OBJECT"] + r
        return None
    if kind == "x":
        return off["X"] + a.value if 0 <= a.value < layout.x_values else None
    if kind == "mode":
        return off["MODE"] + a.value if 0 <= a.value < layout.modes else None
    if kind == "color":
        return off["COLOR"] + COLORS6.index(a.value) if a.value in COLORS6 else None
    if kind in ("yes", "no", "done", "keep", "mulligan"):
        return off[kind.upper()]
    if kind == "attack":
        if len(p) != 2:
            return None  # an attack on a planeswalker (CR 508.1b): an option slot
        r = row.get(p[0])
        q = (p[1] - me) % n
        if r is None or r >= layout.battlefield or q >= layout.players:
            return None
        return off["ATTACK"] + r * layout.players + q
    if kind == "block":
        r = row.get(p[0])
        if r is None or r >= layout.battlefield or p[1] not in game.combat.attackers:
            return None
        i = game.combat.attackers.index(p[1])
        n_attackers = layout.block_attackers
        return None if i >= n_attackers else off["BLOCK"] + r * n_attackers + i
    return None

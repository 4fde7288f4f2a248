"""The straightforward observation encoder, kept as the reference for the fast one.

This is `mtg_env.env.observation.encode` as it was before issue 17 made it faster (commit
1faaa58): every value built in Python and written element by element. tests/env/test_fast_observation.py
checks that the fast encoder's observations are bitwise the same as these, over seeded games of
both action granularities. Nothing outside the tests uses it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from mtg_env.cards.vocab import Activated
from mtg_env.engine.game import STEPS
from mtg_env.engine.layers import printed_chars
from mtg_env.env.choices import Choice
from mtg_env.env.layout import Layout, ObjectTable
from mtg_env.env.observation import (
    ACT_FEATURES,
    ACTION_EXTRA,
    ACTION_KINDS,
    ACTION_REFS,
    DECISION_KINDS,
    G_FEATURES,
    KEYWORDS,
    LINKS,
    OBJ_STATIC_FEATURES,
    P_FEATURES,
    STACK_FEATURES,
    STACK_LINKS,
    TYPES,
    ZONES,
    card_index,
)

if TYPE_CHECKING:
    from mtg_env.engine.actions import Action
    from mtg_env.engine.game import Game


def _squash(x: float) -> float:
    """Counts that can be astronomically large (mana) as log1p."""
    return math.log1p(x) if x > 0 else 0.0


_ZONE_ROWS = {z: [1.0 if i == k else 0.0 for i in range(len(ZONES))] for k, z in enumerate(ZONES)}
_TYPE_CACHE: dict[frozenset[str], list[float]] = {}
_STATIC_CACHE: dict[tuple[str, frozenset[str], frozenset[str]], list[float]] = {}
_KW_CACHE: dict[frozenset[str], list[float]] = {}


def _type_row(types: frozenset[str]) -> list[float]:
    row = _TYPE_CACHE.get(types)
    if row is None:
        row = _TYPE_CACHE[types] = [1.0 if t in types else 0.0 for t in TYPES]
    return row


def _kw_row(kws: frozenset[str]) -> list[float]:
    row = _KW_CACHE.get(kws)
    if row is None:
        row = _KW_CACHE[kws] = [1.0 if k in kws else 0.0 for k in KEYWORDS]
    return row


def encode_reference(game: Game, me: int, table: ObjectTable, actions: list[Action], indices: list[int],
           choices: list[Choice] | None = None) -> dict[str, Any]:
    """The observation of player `me` (index) for the current decision, shaped by `table.layout`:
    the action rows are the legal `actions` at their `indices`, or the `choices` (choices.py)."""
    layout = table.layout
    n_rows, n_abilities, n_players = layout.objects, layout.abilities, layout.players
    g = np.zeros(G_FEATURES, np.float32)
    g[0] = game.turn / 20.0
    g[1] = 1.0 if game.active == me else 0.0
    g[2] = len(game.stack) / 8.0
    g[3] = 1.0 if game.game_over else 0.0
    g[4 + STEPS.index(game.step)] = 1.0
    d = game.decision
    kind = d.kind if d is not None else "none"
    g[4 + len(STEPS) + (DECISION_KINDS.index(kind) if kind in DECISION_KINDS else len(DECISION_KINDS) - 1)] = 1.0

    n = len(game.players)
    pl = np.zeros((n_players, P_FEATURES), np.float32)
    for k in range(min(n, n_players)):
        p = game.players[(me + k) % n]
        pool = p.pool.total_counts()
        pl[k, 0] = 1.0
        pl[k, 1] = p.life / 20.0
        pl[k, 2] = len(p.library) / 60.0
        pl[k, 3] = len(p.hand) / 7.0
        pl[k, 4] = len(p.graveyard) / 20.0
        pl[k, 5] = len(p.exile) / 10.0
        for i in range(6):
            pl[k, 6 + i] = _squash(pool[i])
        pl[k, 12] = p.lands_played
        pl[k, 13] = 1.0 if p.lost else 0.0
        pl[k, 14] = 1.0 if game.active == p.index else 0.0
        pl[k, 15] = 1.0 if game.pending is not None and game.pending.player == p.index else 0.0

    objs = np.zeros((n_rows, OBJ_STATIC_FEATURES + n_abilities), np.float32)
    cards = np.zeros(n_rows, np.int64)
    rows_i: list[int] = []
    rows_f: list[list[float]] = []
    objects = game.objects
    activations = game.turn_state.activations
    on_bf = game.all_chars()
    for r, oid in enumerate(table.rows):
        if oid < 0:
            continue
        obj = objects.get(oid)
        if obj is None:
            continue
        c = on_bf.get(oid) or printed_chars(obj.card)
        cards[r] = card_index(c.name)
        if obj.info and obj.controller == me and "face_down" in obj.info:
            cards[r] = card_index(obj.info["face_down"].name)  # CR 708.5: its controller may look
        counters = obj.counters
        plus = counters.get("+1/+1", 0) - counters.get("-1/-1", 0) if counters else 0
        other = sum(v for k, v in counters.items() if k not in ("+1/+1", "-1/-1")) if counters else 0
        f = [1.0, (obj.controller - me) % n, (obj.owner - me) % n, 1.0 if obj.tapped else 0.0,
             1.0 if obj.sick else 0.0, (c.power or 0) / 5.0, (c.toughness or 0) / 5.0, plus, other,
             obj.damage]
        skey = (obj.zone, c.types, c.keywords)
        static = _STATIC_CACHE.get(skey)
        if static is None:
            static = _STATIC_CACHE[skey] = (_ZONE_ROWS.get(obj.zone, _ZONE_ROWS["battlefield"])
                                            + _type_row(c.types) + _kw_row(c.keywords))
        f += static
        used = [0.0] * n_abilities
        if obj.zone == "battlefield" and activations:
            j = 0
            for key, ab, _o in c.abilities:
                if isinstance(ab, Activated):
                    if j >= n_abilities:
                        break
                    if activations.get((oid, key)):
                        used[j] = 1.0
                    j += 1
        f += used
        rows_i.append(r)
        rows_f.append(f)
    if rows_i:
        objs[rows_i] = np.asarray(rows_f, np.float32)

    links = _object_links(game, me, table)
    stack, stack_cards, stack_links = _stack_rows(game, me, table)
    if choices is None:
        choices = [Choice(a, None, a.kind, a.label, i) for a, i in zip(actions, indices, strict=True)]
    out = {"global": g, "players": pl, "objects": objs, "object_cards": cards, "object_links": links,
           "stack": stack, "stack_cards": stack_cards, "stack_links": stack_links}
    out.update(_action_rows(game, me, table, choices))
    return out


def _object_links(game: Game, me: int, table: ObjectTable) -> np.ndarray:
    """The "object_links" rows: combat and attachments as integer references (module docstring)."""
    layout = table.layout
    links = np.full((layout.objects, len(LINKS)), -1, np.int64)
    links[:, 4] = 0
    row = table.row_of
    n = len(game.players)
    cb = game.combat
    for attacker, player in cb.attack_targets.items():
        r = row.get(attacker)
        if r is not None:
            links[r, 0] = (player - me) % n
    for attacker, blockers in cb.blocks.items():
        ra = row.get(attacker)
        if ra is not None:
            links[ra, 4] = len(blockers)
            first = next((row[b] for b in blockers if b in row), None)
            if first is not None:
                links[ra, 2] = first
        for b in blockers:
            rb = row.get(b)
            if rb is not None and links[rb, 1] < 0 and ra is not None:
                links[rb, 1] = ra
    objects = game.objects
    for oid in game.battlefield:
        host = objects[oid].attached_to
        if host is not None and oid in row and host in row:
            links[row[oid], 3] = row[host]
    return links


def _stack_rows(game: Game, me: int, table: ObjectTable) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The "stack", "stack_cards" and "stack_links" rows (module docstring): public information."""
    k_rows = table.layout.stack
    feats = np.zeros((k_rows, STACK_FEATURES), np.float32)
    cards = np.zeros(k_rows, np.int64)
    links = np.full((k_rows, len(STACK_LINKS)), -1, np.int64)
    row = table.row_of
    for k, item in enumerate(game.stack[:k_rows]):
        ctx = item.ctx
        spell = item.kind == "spell"
        targets = ctx.targets
        f = feats[k]
        f[0] = 1.0
        f[1 if spell else 2] = 1.0
        f[3] = 1.0 if ctx.controller == me else 0.0
        f[4] = 1.0 if item.copy else 0.0
        f[5] = len(targets)
        f[9] = min(ctx.x, 100) / 10.0
        src = item.obj_id
        if src is not None and src in game.objects:
            cards[k] = card_index(game.objects[src].card.name)
        else:
            known = game.lki.get(src) if src is not None else None
            cards[k] = card_index(known.name if known is not None else ctx.source_name)
        if src is not None and src in row:
            links[k, 0] = row[src]
        for ref in targets:
            kind, what = ref[0], ref[1]
            if kind == "player":
                f[6 if what == me else 7] = 1.0
            elif kind == "obj":
                f[8] = 1.0
                if links[k, 1] < 0 and what in row:
                    links[k, 1] = row[what]
            elif kind == "stack" and links[k, 2] < 0:
                s = table.stack_row_of.get(what)
                if s is not None:
                    links[k, 2] = s
    return feats, cards, links


def _action_rows(game: Game, me: int, table: ObjectTable, choices: list[Choice]) -> dict[str, np.ndarray]:
    """The per-choice rows and the mask (module docstring)."""
    layout = table.layout
    n_rows, n_legal, n_bf = layout.objects, layout.legal, layout.battlefield
    af = np.zeros((n_legal, ACT_FEATURES), np.float32)
    ai = np.full(n_legal, -1, np.int64)
    refs = np.full((n_legal, len(ACTION_REFS)), -1, np.int64)
    members = np.full((n_legal, n_bf), -1, np.int64)
    extra = np.zeros((n_legal, len(ACTION_EXTRA)), np.float32)
    mask = np.zeros(layout.n_actions, np.int8)
    row = table.row_of
    n = len(game.players)
    base = len(ACTION_KINDS)
    for i, c in enumerate(choices):
        idx = c.index
        if idx < 0:
            continue
        mask[idx] = 1
        if i >= n_legal:
            continue
        ai[i] = idx
        kind = c.kind
        af[i, _KIND_COL.get(kind, 0)] = 1.0
        p = c.payload
        if kind in ("attack", "block") and c.payloads is not None:
            # one attacker or blocker: its refs; a whole declaration of several (or of none):
            # no refs, action_members names them
            p = c.payloads[0] if len(c.payloads) == 1 else None
        obj, obj2, player, stack = _refs(game, me, table, kind, p, c.action.value)
        refs[i] = (obj, obj2, player, stack)
        af[i, base] = (obj + 1) / n_rows
        value = c.action.value if c.move is None or not c.move.payloads else None
        af[i, base + 1] = float(value) / 10.0 if isinstance(value, int) and not isinstance(value, bool) else 0.0
        af[i, base + 2] = 1.0 if kind in ("cast", "play") else 0.0
        af[i, base + 3] = 1.0 if player == 0 and kind == "target" else 0.0
        for p in c.payloads:
            r = row.get(p[0])
            if r is None or r >= n_bf:
                continue
            if kind == "attack":
                members[i, r] = (p[1] - me) % n
            else:
                members[i, r] = row.get(p[1], n_rows)  # n_rows: an attacker outside the table
        extra[i, 0] = 1.0 if c.move is not None and (c.move.intent or c.move.plan) else 0.0
        extra[i, 1] = len(c.payloads) / 5.0
        extra[i, 2] = 1.0 if c.hint else 0.0
    return {"action_features": af, "action_index": ai, "action_refs": refs, "action_members": members,
            "action_extra": extra, "action_mask": mask}


_KIND_COL = {k: i for i, k in enumerate(ACTION_KINDS)}


def _refs(game: Game, me: int, table: ObjectTable, kind: str, p: Any, value: Any) -> tuple[int, int, int, int]:
    """(object row, second object row, player from the observer, stack row) of a choice."""
    row = table.row_of
    if kind in ("attack", "block"):
        if not isinstance(p, tuple) or len(p) not in (2, 3):
            return -1, -1, -1, -1  # a declaration of several: see action_members
        if kind == "attack":  # (attacker, defending player) or (attacker, its controller, planeswalker)
            pw = row.get(p[2], -1) if len(p) == 3 else -1
            return row.get(p[0], -1), pw, (p[1] - me) % len(game.players), -1
        return row.get(p[0], -1), row.get(p[1], -1), -1, -1
    if isinstance(p, tuple) and len(p) >= 2:
        head = p[0]
        if head == "player":
            return -1, -1, (p[1] - me) % len(game.players), -1
        if head == "stack":
            return -1, -1, -1, table.stack_row_of.get(p[1], -1)
        if isinstance(p[1], int) and not isinstance(p[1], bool):
            return row.get(p[1], -1), -1, -1, -1
        return -1, -1, -1, -1
    if kind == "choose" and value is None and isinstance(p, int) and not isinstance(p, bool):
        return row.get(p, -1), -1, -1, -1  # (a number's payload is the number, not an object)
    return -1, -1, -1, -1


def reference_rows(game: Game, me: int, layout: Layout) -> tuple[list[int], dict[int, int], dict[int, int]]:
    """`ObjectTable(game, me, layout)`'s rows, row_of and stack_row_of as they were built before
    issue 17."""
    n_rows, n_bf = layout.objects, layout.battlefield
    rows: list[int] = []
    n = len(game.players)
    bf_mine = [o for o in game.battlefield if game.objects[o].controller == me]
    bf_other = [o for k in range(1, n) for o in game.battlefield
                if game.objects[o].controller == (me + k) % n]
    bf = (bf_mine + bf_other)[:n_bf]
    rows.extend(bf)
    rows.extend([-1] * (n_bf - len(bf)))
    pl = game.players[me]
    rest: list[int] = list(pl.hand) + list(pl.command)
    rest += [s.obj_id for s in game.stack if s.kind == "spell" and s.obj_id is not None]
    caged = [o for o in pl.exile if game.objects[o].counters.get("cage")]
    rest += caged + [o for o in pl.exile if o not in caged]
    for k in range(n):
        rest += game.players[(me + k) % n].graveyard
    rows.extend(rest[:n_rows - n_bf])
    rows.extend([-1] * (n_rows - len(rows)))
    return rows, {oid: r for r, oid in enumerate(rows) if oid >= 0}, \
        {s.id: k for k, s in enumerate(game.stack[:layout.stack])}


def reference_table(game: Game, me: int, layout: Layout) -> ObjectTable:
    """An ObjectTable with the rows `reference_rows` builds."""
    table = ObjectTable.__new__(ObjectTable)
    table.me, table.layout = me, layout
    table.rows, table.row_of, table.stack_row_of = reference_rows(game, me, layout)
    return table

"""Observations that tell the truth (issue 16): every action row decodes back to the engine.

- CR 508 (declare attackers), CR 509 (declare blockers): at each of the learner's combat
  decisions in seeded duels, atomic and with moves, every action row is decoded from the
  observation alone (the kind column of "action_features", the object rows of "action_refs",
  the per-row "action_members") into engine objects through the ObjectTable, and that is what
  the engine does when the row's choice is played out on a clone: an attack row names the
  attacking creature and the player it attacks, a block row the blocker and the attacker it
  blocks, a whole declaration every one of them, "no attack" / "no block" nobody.
- CR 506.4, 508.1, 509.1: the object rows of attacking creatures carry the player they attack,
  blockers the attacker they block, attackers their first blocker and number of blockers
  ("object_links"), exactly as the engine's combat state says, at every learner decision; and in
  a scripted double block (Scenario-v0), attacking and defending, each link by name.
- CR 405.1, 602.2a, 603.3: activated and triggered abilities on the stack have rows, bottom
  first, whose "stack_links" point at the source's object row, the object target's row and the
  stack row of a stack target.
- References are integer arrays, and every non-negative reference is inside the table and points
  at a present row (an object row with an object, a stack row with an item, a seated player).
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterator
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import mtg_env.env  # noqa: F401  (registers the ids)
from mtg_env.engine.game import Game
from mtg_env.env.choices import Choice
from mtg_env.env.layout import ObjectTable
from mtg_env.env.mtg_gym import MtgEnv
from mtg_env.env.observation import ACTION_EXTRA, ACTION_KINDS, ACTION_REFS, LINKS, STACK_LINKS, card_index
from mtg_env.moves import PlanState

N_KINDS = len(ACTION_KINDS)
OBJ, OBJ2, PLAYER, STACK = (ACTION_REFS.index(k) for k in ("object", "object2", "player", "stack"))
ATTACKS, BLOCKS, BLOCKED_BY, ATTACHED_TO, BLOCKERS = (LINKS.index(k) for k in LINKS)
SOURCE, TARGET_OBJECT, TARGET_STACK = (STACK_LINKS.index(k) for k in STACK_LINKS)
MEMBERS = ACTION_EXTRA.index("members")
PRESENT = 0  # the first column of "objects" and "stack": 1 for a row that holds something
SPELL, ABILITY, MINE, COPY, TARGETS_OTHER_PLAYER, TARGETS_OBJECT = 1, 2, 3, 4, 7, 8  # "stack" columns
INT_KEYS = ("action_refs", "object_links", "stack_links", "action_members", "action_index", "object_cards",
            "stack_cards")

Pair = tuple[int | None, int | None]


def base(env: gym.Env) -> MtgEnv:
    u = env.unwrapped
    assert isinstance(u, MtgEnv)
    return u


def decisions(actions: str, seeds: range, steps: int = 400, **kwargs: Any
              ) -> Iterator[tuple[MtgEnv, dict[str, Any], int, int]]:
    """(env, observation, seed, step) at each learner decision of seeded duels against the
    heuristic, the learner taking a seeded random masked action each time."""
    env = gym.make("mtg_env/Duel-v0", opponent="heuristic", actions=actions, **kwargs)
    u = base(env)
    for seed in seeds:
        rng = np.random.default_rng(seed)
        obs, _info = env.reset(seed=seed)
        for step in range(steps):
            g = u.game
            assert g is not None
            if g.game_over:
                break
            yield u, obs, seed, step
            obs, _r, terminated, truncated, _info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            if terminated or truncated:
                break
    env.close()


def table_of(u: MtgEnv) -> ObjectTable:
    t = u._table
    assert t is not None
    g = u.game
    assert g is not None
    # the env's table is the one the layout builds for this position
    assert t.rows == ObjectTable(g, u.learner, u.layout).rows
    return t


def kind_of(obs: dict[str, Any], r: int) -> str:
    onehot = obs["action_features"][r, :N_KINDS]
    assert onehot.sum() == 1, f"row {r}: kind one-hot {onehot}"
    return ACTION_KINDS[int(np.argmax(onehot))]


def oid_at(table: ObjectTable, r: int) -> int | None:
    """The engine object of object row r (None: an empty row, or a reference past the table)."""
    return table.rows[r] if 0 <= r < len(table.rows) and table.rows[r] >= 0 else None


def decoded(obs: dict[str, Any], r: int, table: ObjectTable, me: int, n: int) -> tuple[str, set[Pair]]:
    """What action row r says, from the observation and the table's rows alone: its kind, and
    (attacker, defending player) or (blocker, attacker) for each attack or block it declares."""
    kind = kind_of(obs, r)
    members = obs["action_members"][r]
    pairs: set[Pair] = set()
    for b in np.flatnonzero(members >= 0).tolist():
        v = int(members[b])
        who = oid_at(table, b)
        assert who is not None, f"row {r}: member row {b} is empty"
        pairs.add((who, (me + v) % n) if kind == "attack" else (who, oid_at(table, v)))
    return kind, pairs


def played_out(game: Game, choice: Choice, table: ObjectTable) -> set[Pair]:
    """The attacks (attacker, player) or blocks (blocker, attacker) the engine declares when the
    choice is played out on a clone (an atomic action, or a whole move with its plan). The clone
    takes no decision by itself (its own options, skip_forced off): the game stops right after
    the declaration, before combat damage and the end of combat clear the combat state."""
    d = game.decision
    assert d is not None
    kind, who = d.kind, d.player
    g = game.clone()
    g.options = copy.copy(g.options)  # the clone's own (the options are shared by clones)
    g.options.skip_forced = False
    attacks_before = set(g.combat.attack_targets.items())
    blocks_before = {(b, a) for a, bs in g.combat.blocks.items() for b in bs}
    plan = PlanState()
    g.act(choice.action if choice.move is None else choice.move.start(plan))
    while plan.active() and g.decision is not None and g.decision.kind == kind and g.decision.player == who:
        nxt = plan.follow(g)
        assert nxt is not None, f"{choice.label}: the plan has no action at {g.decision}"
        g.act(nxt)
    # left over at most: the closing "done" the engine does not ask for when no creature is left
    assert [p for _k, p in plan.plan] in ([], ["done"]), f"{choice.label}: the move was not played out"
    if kind == "attack":
        return {(o, d) for o, d in g.combat.attack_targets.items() if (o, d) not in attacks_before}
    blocks = {(b, a) for a, bs in g.combat.blocks.items() for b in bs} - blocks_before
    return {(b, a if a in table.row_of else None) for b, a in blocks}


def check_combat_rows(u: MtgEnv, obs: dict[str, Any], where: str) -> Counter[str]:
    """Every action row of a declare-attackers or declare-blockers decision decodes to what the
    engine declares for it. Returns what was met (rows of one attack, of several ...)."""
    g = u.game
    assert g is not None and g.decision is not None
    table = table_of(u)
    me, n = u.learner, len(g.players)
    kind = g.decision.kind
    met: Counter[str] = Counter()
    rows = np.flatnonzero(obs["action_index"] >= 0).tolist()
    masked = set(np.flatnonzero(obs["action_mask"]).tolist())
    assert {int(obs["action_index"][r]) for r in rows} == masked, f"{where}: a masked index without a row"
    for r in rows:
        at = f"{where} row {r}"
        choice = u.choice(int(obs["action_index"][r]))
        assert choice is not None, at
        row_kind, pairs = decoded(obs, r, table, me, n)
        truth = played_out(g, choice, table)
        assert pairs == truth, f"{at} ({choice.label}): the observation says {pairs}, the engine does {truth}"
        refs = obs["action_refs"][r].tolist()
        if not truth:  # "no attack", "no block", "done attacking"
            assert row_kind == "done" == choice.action.kind, at
            assert refs == [-1, -1, -1, -1], at
            met["none"] += 1
            continue
        assert row_kind == kind == choice.action.kind, f"{at}: kind {row_kind} at a {kind} decision"
        assert obs["action_extra"][r, MEMBERS] == pytest.approx(len(truth) / 5), at
        assert obs["action_features"][r, N_KINDS] == pytest.approx((refs[OBJ] + 1) / u.layout.objects), at
        if len(truth) == 1:
            # the object row of the row: the attacker (not the defending player) or the blocker
            first = oid_at(table, refs[OBJ])
            (x, y), = truth
            assert first == x, at
            if kind == "attack":
                assert refs[OBJ2] == -1 and refs[STACK] == -1, at
                assert (me + refs[PLAYER]) % n == y, f"{at}: attacks player {refs[PLAYER]}, engine {y}"
                met["attack"] += 1
            else:
                assert refs[PLAYER] == -1 and refs[STACK] == -1, at
                assert oid_at(table, refs[OBJ2]) == y, f"{at}: blocks row {refs[OBJ2]}, engine {y}"
                met["block"] += 1
        else:  # a whole declaration of several: action_members names them, the refs nobody
            assert refs == [-1, -1, -1, -1], f"{at}: a declaration of several has refs {refs}"
            met[f"{kind} declaration"] += 1
        if kind == "attack":
            assert all(p[1] != me for p in truth), at  # never the learner itself
        elif len({p[1] for p in truth}) > 1 or len(g.combat.attackers) > 1:
            met["block among attackers"] += 1
    if kind == "attack" and met["attack"] + met["attack declaration"] > 1:
        met["attack choices"] += 1
    return met


@pytest.mark.parametrize("actions", ["atomic", "moves"])
def test_every_combat_action_row_decodes_to_the_engines_action(actions: str) -> None:
    """CR 508.1 / 509.1: each attack row names its attacker and the player attacked, each block row
    the blocker and the attacker; with moves, a declaration row names all of them."""
    seen: Counter[str] = Counter()
    at: dict[str, tuple[int, int]] = {}
    want = {"attack", "block", "none", "attack choices", "block among attackers"}
    if actions == "moves":
        want |= {"attack declaration", "block declaration"}
    for u, obs, seed, step in decisions(actions, range(40)):
        g = u.game
        assert g is not None and g.decision is not None
        if g.decision.kind not in ("attack", "block"):
            continue
        seen[g.decision.kind + " decisions"] += 1
        met = check_combat_rows(u, obs, f"{actions} seed {seed} step {step}")
        for k in met:
            at.setdefault(k, (seed, step))
        seen.update(met)
        if want <= set(seen) and seen["attack decisions"] >= 5 and seen["block decisions"] >= 5:
            break
    assert seen["attack decisions"] >= 5 and seen["block decisions"] >= 5, seen
    assert want <= set(seen), (want - set(seen), seen, at)


def expected_links(game: Game, table: ObjectTable, me: int) -> np.ndarray:
    """The "object_links" rows the engine's combat state and attachments call for."""
    cb = game.combat
    n = len(game.players)
    row = table.row_of
    out = np.full((table.layout.objects, len(LINKS)), -1, np.int64)
    out[:, BLOCKERS] = 0
    for r, oid in enumerate(table.rows):
        if oid < 0:
            continue
        if cb.is_attacking(oid):
            out[r, ATTACKS] = (cb.attack_targets[oid] - me) % n
        blocked = [a for a, bs in cb.blocks.items() if oid in bs and a in row]
        if blocked:
            out[r, BLOCKS] = row[blocked[0]]
        blockers = cb.blocks.get(oid, [])
        out[r, BLOCKERS] = len(blockers)
        out[r, BLOCKED_BY] = next((row[b] for b in blockers if b in row), -1)
        obj = game.objects[oid]
        if obj.zone == "battlefield" and obj.attached_to is not None and obj.attached_to in row:
            out[r, ATTACHED_TO] = row[obj.attached_to]
    return out


@pytest.mark.parametrize(("actions", "kwargs"), [("atomic", {}), ("moves", {}), ("atomic", {"skip_forced": False})],
                         ids=["atomic", "moves", "atomic-unskipped"])
def test_object_rows_carry_attacking_blocking_and_blocked_by(actions: str, kwargs: dict[str, Any]) -> None:
    """CR 506.4, 508.1, 509.1: at every learner decision the combat links of the object rows are
    the engine's combat state: attackers (and whom they attack), blockers (and what they block),
    the first blocker and the number of blockers of each attacker; nobody else is in combat."""
    seen: Counter[str] = Counter()
    for u, obs, seed, step in decisions(actions, range(8), **kwargs):
        g = u.game
        assert g is not None
        table = table_of(u)
        links = obs["object_links"]
        want = expected_links(g, table, u.learner)
        assert np.array_equal(links, want), (f"{actions} seed {seed} step {step} ({g.step}): "
                                             f"rows {np.flatnonzero((links != want).any(axis=1)).tolist()}: "
                                             f"{links[(links != want).any(axis=1)].tolist()} != "
                                             f"{want[(links != want).any(axis=1)].tolist()}")
        # and every creature in combat has its row marked (none is left out of the links)
        for oid in g.combat.attack_targets:
            if oid in table.row_of:
                assert links[table.row_of[oid], ATTACKS] >= 0
                seen["attacking" + (" (learner)" if g.objects[oid].controller == u.learner else "")] += 1
        for a, bs in g.combat.blocks.items():
            if a not in table.row_of:
                continue
            # a blocked creature stays blocked when its blockers are gone (CR 509.1h): counted,
            # but only a blocker with a row is linked
            assert links[table.row_of[a], BLOCKERS] == len(bs)
            present = [b for b in bs if b in table.row_of]
            if present:
                assert links[table.row_of[a], BLOCKED_BY] == table.row_of[present[0]]
                seen["blocked"] += 1
            elif bs:
                assert links[table.row_of[a], BLOCKED_BY] == -1
                seen["blocked, its blockers gone"] += 1
            for b in present:
                assert links[table.row_of[b], BLOCKS] >= 0
                seen["blocking"] += 1
    assert {"attacking", "attacking (learner)", "blocked", "blocking"} <= set(seen), seen


# CR 508-509 in a position the test controls: two attackers (one equipped), three blockers, a
# double block; the learner attacking (P1 active) and the learner blocking (P2 active).
ATTACKING = """
format: duel
step: beginning_of_combat
players:
  - name: P1
    battlefield: [Grizzly Bears, Balduvian Bears, {card: Bonesplitter, attached_to: Balduvian Bears}]
  - name: P2
    battlefield: [Memnite, Silvercoat Lion, Llanowar Elves]
"""
DEFENDING = """
format: duel
active_player: P2
step: beginning_of_combat
players:
  - name: P1
    battlefield: [Memnite, Silvercoat Lion, Llanowar Elves]
  - name: P2
    battlefield: [Grizzly Bears, Balduvian Bears, {card: Bonesplitter, attached_to: Balduvian Bears}]
"""
ATTACKS_BOTH = ["attack P2 with Grizzly Bears", "attack P2 with Balduvian Bears",
                "attack P1 with Grizzly Bears", "attack P1 with Balduvian Bears"]
DOUBLE_BLOCK = ["block Grizzly Bears with Memnite", "block Grizzly Bears with Silvercoat Lion",
                "block Balduvian Bears with Llanowar Elves"]


def scripted(labels: list[str]) -> Any:
    """An opponent that takes the first of `labels` that is legal, else passes or is done."""
    def act(game: Game) -> Any:
        acts = game.legal_actions()
        by_label = {a.label: a for a in acts}
        for lab in labels:
            if lab in by_label:
                return by_label[lab]
        return next((a for a in acts if a.kind in ("pass", "done")), acts[0])
    return act


@pytest.mark.parametrize("scenario", [ATTACKING, DEFENDING], ids=["learner-attacks", "learner-blocks"])
def test_a_double_block_in_the_links_and_the_rows(scenario: str) -> None:
    """CR 508.1, 509.1, 509.1a: Grizzly Bears blocked by Memnite and Silvercoat Lion, Balduvian
    Bears (equipped with Bonesplitter) by Llanowar Elves: at each learner decision the action
    rows decode to the engine's declarations and the links are the combat state; at the
    attacking player's priority after blocks, each row links as the rules say."""
    env = gym.make("mtg_env/Scenario-v0", scenario=scenario, opponent=scripted(ATTACKS_BOTH + DOUBLE_BLOCK),
                   skip_forced=False)
    u = base(env)
    obs, _info = env.reset(seed=0)
    learner = scripted(ATTACKS_BOTH + DOUBLE_BLOCK)
    after_blocks = 0
    met: Counter[str] = Counter()
    for step in range(40):
        g = u.game
        assert g is not None and g.decision is not None
        table = table_of(u)
        assert np.array_equal(obs["object_links"], expected_links(g, table, u.learner)), step
        check_references(u, obs, f"step {step}")
        if g.decision.kind in ("attack", "block"):
            met.update(check_combat_rows(u, obs, f"step {step}"))
        if g.step == "declare_blockers" and g.decision.kind == "priority":
            after_blocks += 1
            links = obs["object_links"]
            row = {g.objects[oid].card.name: r for r, oid in enumerate(table.rows) if oid >= 0}
            attacked = 1 if scenario is ATTACKING else 0  # P2 (next from P1's seat), or the learner itself
            assert links[row["Grizzly Bears"], ATTACKS] == attacked
            assert links[row["Balduvian Bears"], ATTACKS] == attacked
            assert links[row["Grizzly Bears"], BLOCKERS] == 2 and links[row["Balduvian Bears"], BLOCKERS] == 1
            assert links[row["Grizzly Bears"], BLOCKED_BY] == row["Memnite"]  # the first blocker
            assert links[row["Balduvian Bears"], BLOCKED_BY] == row["Llanowar Elves"]
            for name in ("Memnite", "Silvercoat Lion"):
                assert links[row[name], BLOCKS] == row["Grizzly Bears"] and links[row[name], ATTACKS] == -1
            assert links[row["Llanowar Elves"], BLOCKS] == row["Balduvian Bears"]
            assert links[row["Bonesplitter"], ATTACHED_TO] == row["Balduvian Bears"]
            assert links[row["Bonesplitter"], ATTACKS] == -1 and links[row["Bonesplitter"], BLOCKS] == -1
            break
        mask = np.flatnonzero(obs["action_mask"]).tolist()
        a = learner(g)
        i = next(i for i in mask if (c := u.choice(i)) is not None and c.action == a)
        obs, _r, terminated, truncated, _info = env.step(i)
        assert not (terminated or truncated)
    env.close()
    assert after_blocks == 1
    assert met["attack" if scenario is ATTACKING else "block"] >= 2, met


ERTHA_JO = """
format: goldfish
players:
  - name: P1
    battlefield: ["Ertha Jo, Frontier Mentor", Prodigal Pyromancer]
  - name: P2
    battlefield: [Llanowar Elves]
"""
ARCHAIC = """
format: goldfish
players:
  - name: P1
    mana_pool: "{C}"
    battlefield: [Abstruse Archaic, {card: Walking Ballista, counters: {"+1/+1": 2}}]
  - name: P2
"""


def step_label(env: gym.Env, obs: dict[str, Any], prefix: str) -> dict[str, Any]:
    """Step the masked index whose choice's label starts with `prefix`."""
    u = base(env)
    found = [int(i) for i in np.flatnonzero(obs["action_mask"])
             if (c := u.choice(int(i))) is not None and c.label.startswith(prefix)]
    assert len(found) == 1, (prefix, [c.label for i in np.flatnonzero(obs["action_mask"])
                                      if (c := u.choice(int(i))) is not None])
    obs, _r, terminated, truncated, _info = env.step(found[0])
    assert not (terminated or truncated)
    return obs


def check_stack_rows(u: MtgEnv, obs: dict[str, Any]) -> None:
    """Every stack item has a row, bottom first (CR 405.1), whose links are the engine's."""
    g = u.game
    assert g is not None
    table = table_of(u)
    k_rows = u.layout.stack
    assert obs["stack"][:, PRESENT].tolist() == [1.0] * len(g.stack) + [0.0] * (k_rows - len(g.stack))
    for k, item in enumerate(g.stack):
        f, links = obs["stack"][k], obs["stack_links"][k]
        assert f[SPELL] == (item.kind == "spell") and f[ABILITY] == (item.kind == "ability"), k
        assert f[MINE] == (item.controller == u.learner) and f[COPY] == bool(item.copy), k
        assert oid_at(table, int(links[SOURCE])) == item.obj_id, (k, links, item.obj_id)
        objs = [t[1] for t in item.ctx.targets if t[0] == "obj"]
        stacks = [t[1] for t in item.ctx.targets if t[0] == "stack"]
        assert oid_at(table, int(links[TARGET_OBJECT])) == (objs[0] if objs else None), (k, links)
        assert (int(links[TARGET_STACK]) if links[TARGET_STACK] >= 0 else None) == \
            (next(j for j, s in enumerate(g.stack) if s.id == stacks[0]) if stacks else None), (k, links)
        assert f[TARGETS_OBJECT] == bool(objs), k
    assert (obs["stack_links"][len(g.stack):] == -1).all()


def test_activated_and_triggered_abilities_on_the_stack_have_rows() -> None:
    """CR 602.2a, 603.3, 707.10: Prodigal Pyromancer's ability (targeting Llanowar Elves) and Ertha
    Jo's trigger (copy that ability) are stack rows 0 and 1, each linking its source's object
    row; once the trigger resolved, the copy is row 1, a copy with the original's source and target."""
    env = gym.make("mtg_env/Scenario-v0", scenario=ERTHA_JO, skip_forced=False)
    u = base(env)
    obs, _info = env.reset(seed=0)
    obs = step_label(env, obs, "activate Prodigal Pyromancer")
    obs = step_label(env, obs, "target Llanowar Elves")
    g = u.game
    assert g is not None and [s.kind for s in g.stack] == ["ability", "ability"]

    def name(r: int) -> str:
        assert u.game is not None
        return u.game.objects[table_of(u).rows[r]].card.name

    assert [name(int(r)) for r in obs["stack_links"][:2, SOURCE]] == ["Prodigal Pyromancer",
                                                                      "Ertha Jo, Frontier Mentor"]
    assert name(int(obs["stack_links"][0, TARGET_OBJECT])) == "Llanowar Elves"
    assert obs["stack_links"][1, TARGET_OBJECT] == -1  # the trigger targets nothing
    assert obs["stack_cards"][:2].tolist() == [card_index("Prodigal Pyromancer"),
                                               card_index("Ertha Jo, Frontier Mentor")]
    assert obs["stack"][:2, ABILITY].tolist() == [1.0, 1.0] and obs["stack"][:2, SPELL].tolist() == [0.0, 0.0]
    assert obs["stack"][:2, COPY].tolist() == [0.0, 0.0]
    check_stack_rows(u, obs)
    check_references(u, obs, "Ertha Jo's trigger")
    obs = step_label(env, obs, "pass")  # the trigger resolves: new targets for the copy?
    obs = step_label(env, obs, "no")
    g = u.game
    assert g is not None and [(s.kind, s.copy) for s in g.stack] == [("ability", False), ("ability", True)]
    assert obs["stack"][:2, COPY].tolist() == [0.0, 1.0]
    assert [name(int(r)) for r in obs["stack_links"][:2, SOURCE]] == ["Prodigal Pyromancer"] * 2
    assert [name(int(r)) for r in obs["stack_links"][:2, TARGET_OBJECT]] == ["Llanowar Elves"] * 2
    check_stack_rows(u, obs)
    check_references(u, obs, "the copy")
    env.close()


def test_an_ability_targeting_an_ability_links_its_stack_row() -> None:
    """CR 405.1, 602.2a: Abstruse Archaic's ability targets Walking Ballista's ability on the
    stack: row 1 links row 0 as its stack target; each row links its source's object row."""
    env = gym.make("mtg_env/Scenario-v0", scenario=ARCHAIC)
    u = base(env)
    obs, _info = env.reset(seed=0)
    obs = step_label(env, obs, "activate Walking Ballista: Remove")
    obs = step_label(env, obs, "target P2")
    check_stack_rows(u, obs)
    assert obs["stack"][0, TARGETS_OTHER_PLAYER] == 1.0
    obs = step_label(env, obs, "activate Abstruse Archaic")  # its only target is taken for the learner
    g = u.game
    assert g is not None and [s.kind for s in g.stack] == ["ability", "ability"]
    table = table_of(u)
    assert [g.objects[table.rows[int(r)]].card.name for r in obs["stack_links"][:2, SOURCE]] == \
        ["Walking Ballista", "Abstruse Archaic"]
    assert obs["stack_links"][:2, TARGET_STACK].tolist() == [-1, 0]
    check_stack_rows(u, obs)
    check_references(u, obs, "Abstruse Archaic")
    env.close()


def check_references(u: MtgEnv, obs: dict[str, Any], where: str) -> None:
    """Integer references, each inside its table and pointing at a present row."""
    g = u.game
    assert g is not None
    assert u.observation_space.contains(obs), where
    for key in INT_KEYS:
        assert np.issubdtype(obs[key].dtype, np.integer), (where, key, obs[key].dtype)
    table = table_of(u)
    o_rows, k_rows, n = u.layout.objects, u.layout.stack, len(g.players)
    present = obs["objects"][:, PRESENT] == 1.0
    assert present.tolist() == [oid >= 0 for oid in table.rows], where
    stack_present = obs["stack"][:, PRESENT] == 1.0

    def object_row(r: int, what: str) -> None:
        assert 0 <= r < o_rows and present[r], f"{where}: {what} points at row {r}, not a present object row"

    for r, row in enumerate(obs["object_links"].tolist()):
        assert row[ATTACKS] < n, where
        for c in (BLOCKS, BLOCKED_BY, ATTACHED_TO):
            if row[c] >= 0:
                object_row(row[c], f"object_links[{r}, {LINKS[c]}]")
        assert row[BLOCKERS] >= 0
        if any(v >= 0 for v in row[:BLOCKERS]) or row[BLOCKERS]:
            assert present[r], f"{where}: links on the empty object row {r}"
    for k, row in enumerate(obs["stack_links"].tolist()):
        for c in (SOURCE, TARGET_OBJECT):
            if row[c] >= 0:
                object_row(row[c], f"stack_links[{k}, {STACK_LINKS[c]}]")
        if row[TARGET_STACK] >= 0:
            assert row[TARGET_STACK] < k_rows and stack_present[row[TARGET_STACK]], where
        if any(v >= 0 for v in row):
            assert stack_present[k], f"{where}: links on the empty stack row {k}"
    rows = obs["action_index"] >= 0
    for i, row in enumerate(obs["action_refs"].tolist()):
        if not rows[i]:
            assert row == [-1, -1, -1, -1], f"{where}: refs on the empty action row {i}"
            continue
        for c in (OBJ, OBJ2):
            if row[c] >= 0:
                object_row(row[c], f"action_refs[{i}, {ACTION_REFS[c]}]")
        assert row[PLAYER] < n, where
        if row[STACK] >= 0:
            assert row[STACK] < k_rows and stack_present[row[STACK]], where
    for i, members in enumerate(obs["action_members"].tolist()):
        for b, v in enumerate(members):
            if v < 0:
                continue
            assert rows[i], f"{where}: members on the empty action row {i}"
            object_row(b, f"action_members[{i}] member")
            kind = kind_of(obs, i)
            if kind == "attack":
                assert 0 < v < n, where  # a player, never the learner
            else:
                assert kind == "block", where
                assert v == o_rows or present[v], where  # o_rows: an attacker outside the table


@pytest.mark.parametrize("actions", ["atomic", "moves"])
def test_references_are_integer_rows_of_present_objects(actions: str) -> None:
    """At every learner decision of seeded duels, the references ("action_refs", "object_links",
    "stack_links", "action_members") are integer arrays and point at present rows."""
    steps = 0
    for u, obs, seed, step in decisions(actions, range(6), steps=300):
        check_references(u, obs, f"{actions} seed {seed} step {step}")
        steps += 1
    assert steps > 200


PLANESWALKER_ATTACK = """
format: duel
step: beginning_of_combat
players:
  - name: P1
    battlefield: [Grizzly Bears]
  - name: P2
    battlefield: ["Kiora, Behemoth Beckoner"]
"""


@pytest.mark.parametrize("actions", ["atomic", "moves"])
def test_an_attack_on_a_planeswalker_names_the_attacker_the_planeswalker_and_its_controller(actions: str) -> None:
    """CR 508.1b: an attacker attacks a player or a planeswalker that player controls; the row
    says which (object: the attacker, object2: the planeswalker, player: its controller)."""
    env = gym.make("mtg_env/Scenario-v0", scenario=PLANESWALKER_ATTACK, skip_forced=False, actions=actions)
    u = base(env)
    obs, _info = env.reset(seed=0)
    for _ in range(10):
        if u.game is not None and u.game.decision is not None and u.game.decision.kind == "attack":
            break
        obs = step_label(env, obs, "pass")
    g = u.game
    assert g is not None and g.decision is not None and g.decision.kind == "attack"
    table = table_of(u)
    by_label = {c.label: r for r in np.flatnonzero(obs["action_index"] >= 0).tolist()
                if (c := u.choice(int(obs["action_index"][r]))) is not None}
    bears = next(o for o in g.battlefield if g.objects[o].card.name == "Grizzly Bears")
    kiora = next(o for o in g.battlefield if g.objects[o].card.name == "Kiora, Behemoth Beckoner")
    assert "attack Kiora, Behemoth Beckoner with Grizzly Bears" in by_label, sorted(by_label)
    at_kiora = obs["action_refs"][by_label["attack Kiora, Behemoth Beckoner with Grizzly Bears"]].tolist()
    at_p2 = obs["action_refs"][by_label["attack P2 with Grizzly Bears"]].tolist()
    assert (oid_at(table, at_kiora[OBJ]), oid_at(table, at_kiora[OBJ2]), at_kiora[PLAYER], at_kiora[STACK]) == \
        (bears, kiora, 1, -1)
    assert (oid_at(table, at_p2[OBJ]), at_p2[OBJ2], at_p2[PLAYER], at_p2[STACK]) == (bears, -1, 1, -1)

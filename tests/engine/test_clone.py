"""`Game.clone()` (interface.md §1): an independent copy that shares what it can with its parent
until either writes it (objects, the random generator, the log), so cloning costs little."""

from __future__ import annotations

import pickle

from mtg_env.engine.decks import new_game
from mtg_env.play import play_game
from mtg_env.registry import make_agent


def _game(seed: int = 3):  # noqa: ANN202
    from mtg_env.paths import config_file
    g = new_game([str(config_file("decks", "green_ramp.txt")), str(config_file("decks", "red_burn.txt"))],
                 seed=seed)
    play_game(g, [make_agent("random", seed), make_agent("random", seed + 1)], max_actions=60)
    return g


def _shuffled(g) -> list[int]:  # noqa: ANN001
    lib = list(range(40))
    g.rng.shuffle(lib)
    return lib


def test_a_clone_and_its_parent_draw_the_same_random_numbers_whichever_goes_first() -> None:
    g = _game()
    c1, c2 = g.clone(), g.clone()
    a = _shuffled(c1)
    b = _shuffled(g)  # the parent after its clone used the shared generator
    c = _shuffled(c2)
    assert a == b == c
    assert _shuffled(g) == _shuffled(c1)  # and they go on alike
    assert _shuffled(c1) != a  # (a generator that moves on)


def test_a_clone_plays_the_same_game_as_its_parent() -> None:
    g = _game()
    c = g.clone()
    for game in (c, g):
        play_game(game, [make_agent("random", 9), make_agent("random", 10)])
    assert c.log == g.log and c.result == g.result


def test_logs_are_shared_until_written() -> None:
    g = _game()
    n = len(g.log)
    c = g.clone()
    c.log_event("only in the clone")
    assert len(g.log) == n and c.log[-1] == "only in the clone"
    g.log_event("only in the parent")
    assert g.log[-1] == "only in the parent" and c.log[-1] == "only in the clone"
    d = g.clone()
    g.log_event("parent again")
    assert d.log[-1] == "only in the parent"


def test_a_pickled_clone_keeps_its_generator_state() -> None:
    g = _game()
    c = g.clone()
    back = pickle.loads(pickle.dumps(c))
    assert _shuffled(back) == _shuffled(g) == _shuffled(c)


def test_a_clone_of_the_mid_game_board_plays_on_as_its_parent() -> None:
    """Issue 17: clone() compacts the dict of objects (the board's had deletions); the clone and
    the parent, given the same actions, end in the same state (state_json and log)."""
    import random

    from mtg_env.bench import midgame_board

    g = midgame_board()
    c = g.clone()
    c2 = g.clone()  # a second clone, from the compacted parent
    rng = random.Random(7)
    for _ in range(400):
        if g.game_over:
            break
        actions = g.legal_actions()
        assert actions == c.legal_actions() == c2.legal_actions()
        i = rng.randrange(len(actions))
        g.act(actions[i])
        c.act(c.legal_actions()[i])
        c2.act(c2.legal_actions()[i])
    assert g.state_json() == c.state_json() == c2.state_json()
    assert g.log == c.log == c2.log
    assert pickle.loads(pickle.dumps(c)).state_json() == g.state_json()


def test_a_cloned_task_copies_its_context_and_lists_and_shares_its_plain_fields() -> None:
    from mtg_env.engine.tasks import Announce, _clone_plan
    plain, mutable = _clone_plan(Announce)
    assert {"ctx", "answer", "due", "chosen"} <= set(mutable)
    assert {"what", "player", "stage", "free"} <= set(plain)


def test_a_task_type_with_evaluated_annotations_still_copies_what_can_change() -> None:
    # A module compiled by mypyc keeps evaluated, simplified annotations (a `Context` field reads
    # as `type`): such a field must be copied, or a clone and its parent share one context and
    # the targets one of them chooses show up in the other.
    import dataclasses
    import enum

    from mtg_env.engine.tasks import Task, _clone_plan

    class Stage(enum.IntEnum):
        A = 0

    fields = [("player", int), ("stage", Stage), ("label", str), ("ctx", type), ("chosen", list),
              ("maybe", object)]
    cls = dataclasses.make_dataclass("Evaluated", fields, bases=(Task,), slots=True, kw_only=True)
    plain, mutable = _clone_plan(cls)
    assert set(plain) == {"player", "stage", "label"}
    assert set(mutable) == {"answer", "ctx", "chosen", "maybe"}

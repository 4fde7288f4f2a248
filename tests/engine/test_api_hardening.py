"""The public API cannot be turned against the game (issue 18): the list `legal_actions()` returns
is the caller's own, `concede()` checks the game and the player, `new_game` checks its
arguments' types at once, and deck and scenario files are read safely (a UTF-8 byte-order mark
is accepted; a device, an oversized file or a YAML alias bomb is an error, fast)."""

from __future__ import annotations

import os
import time

import pytest

from mtg_env import DeckError, IllegalActionError, MtgError, ScenarioError, load_deck, load_scenario, new_game
from mtg_env.core import inputs
from tests.helpers import DECKS, labels

BURN = str(DECKS / "red_burn.txt")
RAMP = str(DECKS / "green_ramp.txt")


def test_clearing_the_list_legal_actions_returns_changes_nothing() -> None:
    g = new_game([BURN, RAMP], seed=1)
    before = labels(g)
    mine = g.legal_actions()
    mine.clear()
    mine.append("nonsense")  # type: ignore[arg-type]
    assert labels(g) == before
    g.act(g.legal_actions()[0])  # and the game goes on
    assert g.legal_actions() is not g.legal_actions()


def test_concede_on_a_finished_game_is_an_error_and_the_result_stands() -> None:
    g = new_game([BURN, RAMP], seed=1)
    g.concede("P2")
    assert g.game_over and g.result["winner"] == "P1"
    with pytest.raises(IllegalActionError, match="the game is over"):
        g.concede("P1")
    assert g.result["winner"] == "P1" and g.players[0].won


@pytest.mark.parametrize("bad", [-1, 2, 5, True, "P3", None, 1.0])
def test_concede_for_no_such_player_is_an_error(bad: object) -> None:
    g = new_game([BURN, RAMP], seed=1)
    with pytest.raises(IllegalActionError):
        g.concede(bad)  # type: ignore[arg-type]
    assert not g.game_over and not any(p.lost for p in g.players)


def test_concede_by_index_and_name_still_work() -> None:
    g = new_game([BURN, RAMP], seed=1)
    g.concede(1)
    assert g.result["winner"] == "P1"


@pytest.mark.parametrize(("arg", "value"), [
    ("turn_limit", "5"), ("turn_limit", 0), ("turn_limit", 2.5), ("seed", "7"), ("seed", None),
    ("first_player", "0"), ("first_player", True), ("mana_payment", "free"), ("skip_forced", "yes"),
    ("mulligans", 1), ("format", 3), ("names", "P1"),
])
def test_new_game_checks_its_arguments_at_once(arg: str, value: object) -> None:
    with pytest.raises(MtgError, match=arg):
        new_game([BURN, RAMP], **{arg: value})  # type: ignore[arg-type]


def test_new_game_takes_decks_as_a_list_not_a_string() -> None:
    with pytest.raises(DeckError, match="list of deck"):
        new_game(BURN)  # type: ignore[arg-type]


def test_numpy_integers_are_whole_numbers_for_new_game() -> None:
    np = pytest.importorskip("numpy")
    g = new_game([BURN, RAMP], seed=np.int64(3), turn_limit=np.int32(9))
    assert g.seed == 3 and g.options.turn_limit == 9


def test_a_deck_file_with_a_byte_order_mark_loads(tmp_path) -> None:
    f = tmp_path / "bom.txt"
    f.write_bytes(b"\xef\xbb\xbf" + (DECKS / "red_burn.txt").read_bytes())
    assert load_deck(str(f)).main == load_deck(BURN).main
    assert load_deck("\ufeff" + (DECKS / "red_burn.txt").read_text(encoding="utf-8")).main == load_deck(BURN).main


def test_a_scenario_file_with_a_byte_order_mark_loads(tmp_path) -> None:
    f = tmp_path / "bom.yaml"
    f.write_bytes(b"\xef\xbb\xbfplayers:\n  - {name: P1, hand: [Forest]}\n")
    assert load_scenario(str(f)).state_json()["players"][0]["hand"] == ["Forest"]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_device_as_a_deck_is_an_error_not_a_read_until_memory_runs_out() -> None:
    with pytest.raises(DeckError, match="/dev/zero: not a regular file"):
        load_deck("/dev/zero")
    with pytest.raises(DeckError, match="not a regular file"):
        new_game(["/dev/zero", BURN])


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_deck_check_of_a_device_is_an_error(capsys) -> None:
    from mtg_env.cli import main
    assert main(["deck", "check", "/dev/zero"]) == 2
    assert "/dev/zero: not a regular file" in capsys.readouterr().err


def test_an_oversized_deck_file_is_an_error(tmp_path) -> None:
    f = tmp_path / "big.txt"
    f.write_bytes(b"// " + b"x" * inputs.MAX_FILE_BYTES + b"\n20 Forest\n")
    with pytest.raises(DeckError, match="more than the limit"):
        load_deck(str(f))


def test_a_huge_count_in_a_deck_is_an_error_before_any_card_is_made() -> None:
    import tracemalloc
    tracemalloc.start()
    try:
        with pytest.raises(DeckError, match="at most 1000 cards"):
            load_deck("Deck\n1000000000 Forest\n")
        with pytest.raises(DeckError, match="at most 1000 cards"):
            load_deck("Deck\n" + "9" * 5000 + " Forest\n")
        with pytest.raises(DeckError, match="at most 1000 cards"):  # a Forge .dck file: the same bound
            load_deck("[metadata]\nName=big\n[Main]\n1000000000 Forest|LEA\n")
        with pytest.raises(DeckError, match=":4: a deck list holds at most 1000 cards"):  # all lines together
            load_deck("Deck\n600 Forest\nSideboard\n401 Mountain\n")
        assert tracemalloc.get_traced_memory()[1] < 10_000_000  # was 8 GB
    finally:
        tracemalloc.stop()


BOMB = """\
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
"""


def test_a_yaml_alias_bomb_in_a_scenario_is_an_error_at_once(tmp_path) -> None:
    f = tmp_path / "bomb.yaml"
    f.write_text("players: [{name: P1}]\nexpect:\n  x: &x [1]\n" + "".join(
        f"  {k}: &{k} [" + ",".join([f"*{p}"] * 9) + "]\n" for p, k in zip("xabcdefgh", "abcdefghi", strict=True)),
        encoding="utf-8")
    assert len(f.read_bytes()) < 600
    t0 = time.perf_counter()
    with pytest.raises(ScenarioError, match="aliases are expanded"):
        load_scenario(str(f))
    assert time.perf_counter() - t0 < 1.0
    with pytest.raises(ScenarioError, match="aliases are expanded"):
        load_scenario(BOMB + "players: [{name: P1}]\n")


def test_deeply_nested_yaml_is_an_error() -> None:
    with pytest.raises(ScenarioError, match="nested more than"):
        load_scenario("players: [{name: P1}]\nexpect: {x: " + "[" * 100 + "]" * 100 + "}\n")
    with pytest.raises(ScenarioError, match="not valid YAML|nested"):
        load_scenario("x: " + "[" * 5000 + "]" * 5000 + "\n")

"""Finding the configs folder and the files named in it (mtg_env.paths): the working directory's
configs/ first, else the source checkout's."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_env.paths import SOURCE_CONFIGS, config_file, configs_dir, deck_file, find_file, scenario_file


def test_the_source_checkout_configs_are_found_from_anywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no configs/ here
    assert configs_dir() == SOURCE_CONFIGS and (SOURCE_CONFIGS / "default.yaml").is_file()
    assert config_file("decks", "red_burn.txt") == SOURCE_CONFIGS / "decks" / "red_burn.txt"
    assert deck_file("red_burn") == SOURCE_CONFIGS / "decks" / "red_burn.txt"
    assert deck_file("configs/decks/red_burn.txt") == SOURCE_CONFIGS.parent / "configs" / "decks" / "red_burn.txt"
    assert scenario_file("default") == SOURCE_CONFIGS / "scenarios" / "default.yaml"


def test_a_configs_folder_in_the_working_directory_comes_first(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "configs" / "decks").mkdir(parents=True)
    mine = tmp_path / "configs" / "decks" / "red_burn.txt"
    mine.write_text("20 Mountain\n")
    monkeypatch.chdir(tmp_path)
    assert configs_dir() == tmp_path / "configs"
    assert deck_file("red_burn").resolve() == mine.resolve()
    # a file only the source checkout has is still found there
    assert deck_file("green_ramp") == SOURCE_CONFIGS / "decks" / "green_ramp.txt"


def test_a_name_relative_to_a_base_folder_comes_before_the_working_directory(tmp_path: Path) -> None:
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "mine.txt").write_text("20 Forest\n")
    assert deck_file("decks/mine.txt", base=tmp_path) == tmp_path / "decks" / "mine.txt"
    assert deck_file("decks/mine.txt") is None


def test_nothing_found_is_none_even_for_text_that_is_no_file_name() -> None:
    assert deck_file("no_such_deck") is None
    assert find_file("players: [" + "{hand: [Island]}, " * 40 + "]", folder="scenarios") is None  # too long a name
    assert find_file("bad\0name") is None

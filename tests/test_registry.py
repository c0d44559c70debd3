"""Finding games: bundled, --games folders (added, repeatable), ppprint.toml, the working folder; clear errors."""

from __future__ import annotations

import shutil
from pathlib import Path

from ppprint.scaffold import create_game
from tests.conftest import BUNDLED_GAMES, run_cli


def test_games_folders_add_to_the_bundled_games(tmp_path: Path) -> None:
    for folder, game_id in (("a", "first-game"), ("b", "second-game")):
        (tmp_path / folder).mkdir()
        create_game(tmp_path / folder, game_id)
    result = run_cli("--games", "a", "--games", "b", "list", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    ids = [line.split(":")[0] for line in result.stdout.splitlines() if not line.startswith(" ")]
    assert ids == ["expansion", "first-game", "piecepackman", "pileup", "sanqi", "second-game", "siege"]


def test_a_folder_without_a_game_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = run_cli("--games", "empty", "list", cwd=tmp_path)
    assert result.returncode == 2 and "holds no game" in result.stderr and "Traceback" not in result.stderr
    none = run_cli("--no-bundled", "verify", cwd=tmp_path)
    assert none.returncode == 2 and "no games found" in none.stderr


def test_two_games_with_one_id_name_both_folders(tmp_path: Path) -> None:
    shutil.copytree(BUNDLED_GAMES / "expansion", tmp_path / "expansion", ignore=shutil.ignore_patterns("__pycache__"))
    result = run_cli("--games", ".", "list", cwd=tmp_path)
    assert result.returncode == 2
    (line,) = result.stderr.strip().splitlines()
    assert "two games with the id 'expansion'" in line and "expansion (--games .)" in line and "--no-bundled" in line


def test_the_working_folder_and_ppprint_toml_are_searched(tmp_path: Path) -> None:
    create_game(tmp_path, "here-game")
    assert "here-game: Here Game" in run_cli("list", cwd=tmp_path).stdout
    (tmp_path / "elsewhere").mkdir()
    create_game(tmp_path / "elsewhere", "far-game")
    (tmp_path / "ppprint.toml").write_text('[games]\nfolders = ["elsewhere"]\n')
    listed = run_cli("list", cwd=tmp_path).stdout
    assert "far-game: Far Game" in listed and "here-game" not in listed
    (tmp_path / "ppprint.toml").write_text("[games\n")
    broken = run_cli("list", cwd=tmp_path)
    assert broken.returncode == 2 and "ppprint.toml" in broken.stderr


def test_a_game_folder_name_must_be_an_id(tmp_path: Path) -> None:
    folder = create_game(tmp_path, "good-game")
    folder.rename(tmp_path / "Bad Game")
    result = run_cli("--games", ".", "list", cwd=tmp_path)
    assert result.returncode == 2 and "'Bad Game' is not a game id" in result.stderr


def test_build_without_a_game_inside_a_game_folder_builds_it(tmp_path: Path) -> None:
    folder = create_game(tmp_path, "my-game")
    result = run_cli("build", "--out", str(tmp_path / "out"), cwd=folder)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / "my-game-letter.pdf").is_file()

"""The commands as a user runs them: output, exit status and files written."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from tests.conftest import run_cli


def test_list_names_games_and_figures(tmp_path: Path):
    result = run_cli("list", cwd=tmp_path)
    assert result.returncode == 0
    assert "expansion: Expansion (7 figures)" in result.stdout
    assert "  movement: 4 panel(s), 14 claim(s)" in result.stdout


def test_moves_lists_the_setup_moves_sorted(tmp_path: Path):
    result = run_cli("moves", "expansion", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.split() == ["a3-a4", "a3-b3", "b2-b3", "b2-c2", "c1-c2", "c1-d1"]


def test_moves_explains(tmp_path: Path):
    illegal = run_cli("moves", "expansion", "--explain", "a2-a4", cwd=tmp_path)
    assert illegal.stdout.strip() == "illegal: first-move-jump the first move of the game must be a walk"
    legal = run_cli("moves", "expansion", "--explain", "b2-b3", cwd=tmp_path)
    assert legal.stdout.strip() == "legal"


def test_moves_from_a_position_file(tmp_path: Path):
    (tmp_path / "pos.txt").write_text("6/6/2M33/2m23/6/M0m04 1 1-------2 -\n")
    result = run_cli("moves", "expansion", "--position", "pos.txt", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "c4xc3" in result.stdout.split() and "c4-c2" in result.stdout.split()


def test_perft_and_divide(tmp_path: Path):
    assert run_cli("perft", "expansion", "2", cwd=tmp_path).stdout.strip() == "66"
    lines = run_cli("perft", "expansion", "2", "--divide", cwd=tmp_path).stdout.splitlines()
    assert lines[-1] == "total: 66" and "b2-b3: 11" in lines


def test_render_png_and_svg(tmp_path: Path):
    png = run_cli("render", "expansion", "setup", "--format", "png", "--dpi", "72", "--out", "setup.png", cwd=tmp_path)
    assert png.returncode == 0, png.stderr
    with Image.open(tmp_path / "setup.png") as image:
        assert abs(image.width - (6.5 + 0.3) * 72) <= 2
    svg = run_cli("render", "expansion", "combat", cwd=tmp_path)
    assert svg.returncode == 0
    text = (tmp_path / "output" / "expansion-combat.svg").read_text()
    assert text.startswith("<?xml") and "<svg" in text and 'width="' in text and "in\"" in text

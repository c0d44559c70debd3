"""``build --figures``: every checked figure as SVG and PNG, named by figure, PNG size following the DPI."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from ppprint.build.jobs import figure_files
from ppprint.registry import get_game
from ppprint.verify import verify_game
from tests.conftest import run_cli


@pytest.fixture(scope="module")
def checked():
    data = get_game("sanqi")
    return data, verify_game(data)


def svg_size_inches(svg: bytes) -> tuple[float, float]:
    head = svg[:400].decode()
    width = float(re.search(r'width="([\d.]+)in"', head).group(1))
    height = float(re.search(r'height="([\d.]+)in"', head).group(1))
    return width, height


@pytest.mark.parametrize("dpi", [72.0, 200.0])
def test_every_figure_named_and_png_follows_the_dpi(checked, dpi):
    data, report = checked
    files = dict(figure_files(data, report, dpi))
    expected = {f"sanqi-figures/{figure_id}.{ext}" for figure_id in data.data.figures for ext in ("svg", "png")}
    assert set(files) == expected
    for figure_id in data.data.figures:
        width_in, height_in = svg_size_inches(files[f"sanqi-figures/{figure_id}.svg"])
        image = Image.open(io.BytesIO(files[f"sanqi-figures/{figure_id}.png"]))
        assert image.format == "PNG"
        assert abs(image.size[0] - width_in * dpi) <= 1.5 and abs(image.size[1] - height_in * dpi) <= 1.5, figure_id


def test_cli_build_figures_writes_a_folder_per_game(tmp_path: Path):
    result = run_cli("build", "sanqi", "--figures", "--dpi", "50", "--out", "o", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    folder = tmp_path / "o" / "sanqi-figures"
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted(f"{f}.{ext}" for f in get_game("sanqi").data.figures for ext in ("png", "svg"))
    assert (tmp_path / "o" / "sanqi-letter.pdf").exists()
    assert "figures as SVG and PNG (50 dpi)" in result.stdout

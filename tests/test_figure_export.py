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


# -- exports keep their credits ------------------------------------------------------------------------

XMP_CREDITS = ("<dc:creator>", "<dc:rights>", "<xmpRights:UsageTerms>", "<cc:license")


def png_chunks(png: bytes) -> dict[bytes, list[bytes]]:
    """The chunks of a PNG file by type."""
    import struct

    chunks: dict[bytes, list[bytes]] = {}
    at = 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at : at + 8])
        chunks.setdefault(kind, []).append(png[at + 8 : at + 8 + length])
        at += 12 + length
    return chunks


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """``ppprint render expansion setup`` in each format, the PNG at 300 dpi."""
    folder = tmp_path_factory.mktemp("render")
    files = {}
    for fmt in ("png", "pdf", "svg"):
        result = run_cli("render", "expansion", "setup", "--format", fmt, "--dpi", "300", "--out", f"setup.{fmt}", cwd=folder)
        assert result.returncode == 0, result.stderr
        files[fmt] = (folder / f"setup.{fmt}").read_bytes()
    return files


def test_a_png_export_opens_at_its_true_size(exported):
    # A 300 dpi figure once recorded no resolution, so viewers opened it at 72 dpi (28 in wide, not 6.8 in).
    import struct

    (phys,) = png_chunks(exported["png"])[b"pHYs"]
    x, y, unit = struct.unpack(">IIB", phys)
    assert unit == 1 and x == y == round(300 / 0.0254)  # pixels per metre: 300 dpi
    image = Image.open(io.BytesIO(exported["png"]))
    assert image.size[0] / image.info["dpi"][0] == pytest.approx(6.8, abs=0.01)  # the board's true width, in inches


def test_every_export_carries_the_title_credit_and_licence(exported):
    # The figure PDF said "Author: anonymous"; SVG and PNG carried no credit or licence.
    import xml.etree.ElementTree as ET

    from pypdf import PdfReader

    meta = get_game("expansion").data.meta
    designers = ", ".join(meta.designers)
    text = Image.open(io.BytesIO(exported["png"])).text
    assert text["Title"].startswith("Expansion: The board") and text["Author"] == designers
    assert meta.licence.url in text["Copyright"] and "CC BY 4.0" in text["Copyright"]
    assert all(credit in text["XML:com.adobe.xmp"] for credit in XMP_CREDITS)
    reader = PdfReader(io.BytesIO(exported["pdf"]))
    assert reader.metadata.author == designers and reader.metadata.title.startswith("Expansion: The board")
    assert "licence: CC BY 4.0" in reader.metadata["/Keywords"]
    xmp = reader.trailer["/Root"]["/Metadata"].get_object().get_data().decode()
    assert all(credit in xmp for credit in XMP_CREDITS) and meta.licence.url in xmp
    svg = exported["svg"].decode()
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.find(f"{ns}title").text.startswith("The board")
    metadata = ET.tostring(root.find(f"{ns}metadata"), encoding="unicode")
    assert all(name in metadata for name in meta.designers) and meta.licence.url in metadata and "CC BY 4.0" in metadata


def test_build_figures_carry_their_resolution_and_credit(checked):
    data, report = checked
    files = dict(figure_files(data, report, 200.0))
    for figure_id in data.data.figures:
        image = Image.open(io.BytesIO(files[f"sanqi-figures/{figure_id}.png"]))
        assert image.info["dpi"] == pytest.approx((200.0, 200.0), abs=0.01)
        assert image.text["Author"] == "L. Lynn Smith" and "No licence stated" in image.text["XML:com.adobe.xmp"]
        assert "<metadata>" in files[f"sanqi-figures/{figure_id}.svg"].decode()

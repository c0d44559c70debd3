"""The library catalogue read back: a bookmark and the title, metadata and thumbnail of every game."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader

from ppprint.book.catalogue import build_catalogue
from ppprint.registry import get_game, registry
from tests.conftest import run_cli


def test_catalogue_lists_every_game_with_a_bookmark_and_a_thumbnail():
    games = registry().plugins()
    reader = PdfReader(io.BytesIO(build_catalogue(games, "a4")))
    assert round(float(reader.pages[0].mediabox.width)) == 595
    assert [item.title for item in reader.outline] == [game.data.meta.title for game in games]
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    for data in (game.data for game in games):
        assert data.meta.title in text and data.meta.licence.name in text and data.meta.designers[0] in text
    assert reader.metadata.title == "The ppprint library: catalogue"
    assert all(f"licence: {data.meta.licence.name}" in reader.metadata["/Keywords"] for data in (game.data for game in games))
    # Thumbnails are vector drawings: each entry adds filled paths beyond the text.
    content = b"".join(page.get_contents().get_data() for page in reader.pages)
    assert content.count(b" m ") > 30 * len(games)


def test_cli_all_writes_the_catalogue_and_a_single_game_does_not(tmp_path: Path):
    result = run_cli("build", "--all", "--out", "o", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "o" / "catalogue-letter.pdf").exists()
    single = run_cli("build", "sanqi", "--out", "p", cwd=tmp_path)
    assert single.returncode == 0 and not (tmp_path / "p" / "catalogue-letter.pdf").exists()

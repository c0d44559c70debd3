"""The library catalogue read back: a bookmark and the title, metadata and thumbnail of every game."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2
import pytest
from pypdf import PdfReader

from ppprint.book.catalogue import build_catalogue
from ppprint.document.typography import stated
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
    web = run_cli("build", "--all", "--format", "html", "--out", "w", cwd=tmp_path)  # the catalogue is a PDF: not with the web formats
    assert web.returncode == 0 and (tmp_path / "w" / "sanqi.html").exists() and not (tmp_path / "w" / "catalogue-letter.pdf").exists()


def test_pile_up_and_sanqi_show_a_position_that_tells_the_game():
    """Their setups are empty boards: the catalogue shows the figure panel game.yaml names."""
    from ppprint.book.catalogue import catalogue_table

    for game_id in ("pileup", "sanqi"):
        game = get_game(game_id)
        assert game.data.meta.catalogue is not None
        empty = game.require_view().table(game.require_engine().initial_state(), game.require_view().options({"coordinates": False}))
        shown = catalogue_table(game)
        board = {piece.kind for piece in empty.pieces}
        assert len([piece for piece in shown.pieces if piece.kind not in board]) >= 5, game_id
        assert not shown.coordinates


def test_a_named_catalogue_figure_is_checked_like_any_figure(games_copy: Path):
    import pytest

    from ppprint.book.catalogue import catalogue_table
    from ppprint.errors import ClaimError, InputError
    from tests.conftest import game_in
    from tests.test_book_contract import flip_first_reason

    meta = games_copy / "expansion" / "game.yaml"
    original = meta.read_text(encoding="utf-8")
    meta.write_text(original + "catalogue: {figure: combat, panel: 2}\n", encoding="utf-8")
    game = game_in(games_copy, "expansion")
    assert game.data.meta.catalogue_picture().panel == 2
    assert len(catalogue_table(game).pieces) > 0
    # An unknown figure or panel is named with game.yaml's line.
    for bad, problem in (("catalogue: nothing", "no such figure 'nothing'"), ("catalogue: {figure: combat, panel: 9}", "has 4 panel(s), not 9")):
        meta.write_text(original + bad + "\n", encoding="utf-8")
        with pytest.raises(InputError) as caught:
            game_in(games_copy, "expansion").data
        assert problem in caught.value.message and caught.value.path == meta and caught.value.line == original.count("\n") + 1
    # A wrong claim in the figure it shows stops the catalogue, as it stops a book.
    meta.write_text(original, encoding="utf-8")
    flipped, _ = flip_first_reason(games_copy / "expansion", "expansion")
    meta.write_text(original + f"catalogue: {flipped.stem}\n", encoding="utf-8")
    with pytest.raises(ClaimError):
        build_catalogue([game_in(games_copy, "expansion")], "letter")


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_catalogue_opens_with_a_table_of_every_game_and_fits_five_games_on_two_pages(paper):
    """Players, playing time and equipment of every game in one table on page 1; five games on two pages."""
    games = registry().plugins()
    document = pypdfium2.PdfDocument(build_catalogue(games, paper))
    try:
        pages = ["".join(page.get_textpage().get_text_range().split()) for page in document]
    finally:
        document.close()
    assert len(games) == 5 and len(pages) == 2
    first = pages[0]
    header = first.index("GAMEPLAYERSPLAYINGTIMEEQUIPMENT")
    table_end = first.index(squeeze(games[0].data.meta.subtitle))  # the first entry follows the table
    table = first[header:table_end]
    for game in games:
        meta = game.data.meta
        row = squeeze(meta.title) + (squeeze(meta.players) if stated(meta.players) else "–") + (squeeze(meta.length) if stated(meta.length) else "–")
        assert row + squeeze(meta.equipment[0]) in table, meta.title
        assert all(squeeze(item) in table for item in meta.equipment)
    # No developer commands in a reader's catalogue.
    assert "ppprintbuild" not in "".join(pages)


def squeeze(text: str) -> str:
    from ppprint.document.typography import typographic

    return "".join(typographic(text).split())

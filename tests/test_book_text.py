"""What the books say and how they set it: printed punctuation everywhere, no "not stated" fields,
Markdown that never ends in a traceback, pictures with captions, and figure files the text never places."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from ppprint.build.jobs import build_games, unplaced_warnings
from ppprint.book.catalogue import build_catalogue
from ppprint.book.rulebook import build_rulebook
from ppprint.build.formats import print_book
from ppprint.document.book import rulebook
from tests.books import printed
from ppprint.document.typography import typographic
from ppprint.errors import InputError
from ppprint.model.game import unplaced_figures
from ppprint.registry import registry
from ppprint.verify import verify_game
from tests.conftest import edit, game_in, run_cli
from tests.test_book_contract import outline_titles


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.fixture(scope="module")
def books() -> dict[str, str]:
    texts = {}
    for game in registry().plugins():
        texts[game.id] = text_of(printed(game.id))
    texts["catalogue"] = text_of(build_catalogue(registry().plugins(), "letter"))
    return texts


def test_the_filter_sets_quotes_dashes_and_ranges() -> None:
    assert typographic('"SanQi", the designer\'s entry') == "\u201cSanQi\u201d, the designer\u2019s entry"
    assert typographic("the players' suits") == "the players\u2019 suits"
    assert typographic('freely" -- the sentence') == "freely\u201d\u2014the sentence"
    assert typographic("1-4 players, 30-45 minutes") == "1\u20134 players, 30\u201345 minutes"
    assert typographic("an 8x8 board") == "an 8\u00d78 board"
    # Notation is not a range: cells, moves, tokens and long runs of hyphens stay as written.
    for notation in ("b2-b3", "c3xd4", "home-suns", "d3:c3-c6", "1-------2", "2019-05-03"):
        assert typographic(notation) == notation
    # A quote after a bold word closes: the filter is told what came before.
    assert typographic('" he said', before="d") == "\u201d he said"


@pytest.mark.parametrize("book", [*registry().ids(), "catalogue"])
def test_books_print_curly_quotes_and_real_dashes(books: dict[str, str], book: str) -> None:
    """Captions, panel labels, headings, body, title block and catalogue: no typewriter quotes, no ' -- '."""
    text = books[book]
    assert '"' not in text, re.findall(r'.{30}".{30}', text)[:3]
    assert "'" not in text, re.findall(r".{30}'.{30}", text)[:3]
    assert " -- " not in text and " - " not in text


def test_ranges_print_en_dashes(books: dict[str, str]) -> None:
    assert "1\u20134" in books["piecepackman"] and "30\u201345 minutes" in books["piecepackman"]
    assert "1-4" not in books["piecepackman"]


@pytest.mark.parametrize("book", [*registry().ids(), "catalogue"])
def test_no_field_says_not_stated(books: dict[str, str], book: str) -> None:
    assert "not stated" not in books[book].lower()


def test_a_stated_field_keeps_its_place(books: dict[str, str]) -> None:
    assert "AGES" in books["pileup"] and "10+" in books["pileup"]
    first_page = PdfReader(io.BytesIO(printed("sanqi"))).pages[0].extract_text()
    assert "AGES" not in first_page and "PLAYING TIME" not in first_page and "EQUIPMENT" in first_page


def build(games: Path, game_id: str) -> bytes:
    game = game_in(games, game_id)
    return build_rulebook(rulebook(game, verify_game(game), "letter"))


def test_a_heading_that_skips_a_level_is_bookmarked_one_level_down(games_copy: Path) -> None:
    edit(games_copy / "pileup" / "rules.md", "## Equipment", "#### Equipment")
    pdf = build(games_copy, "pileup")
    outline = outline_titles(PdfReader(io.BytesIO(pdf)).outline)
    assert (0, "Overview") in outline and (1, "Equipment") in outline


def test_a_heading_that_skips_a_level_through_the_cli_builds(games_copy: Path, tmp_path: Path) -> None:
    edit(games_copy / "pileup" / "rules.md", "## Equipment", "#### Equipment")
    result = run_cli("build", "pileup", "--out", "o", cwd=tmp_path, games=games_copy)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def picture(path: Path, kind: str = "PNG", size: tuple[int, int] = (300, 200)) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    image = Image.new("RGB", size, (200, 60, 40))
    image.save(path, kind)


@pytest.mark.parametrize(("name", "kind"), [("photo.png", "PNG"), ("photo.jpg", "JPEG")])
def test_a_picture_in_the_game_folder_prints_as_a_numbered_figure_with_its_caption(games_copy: Path, name: str, kind: str) -> None:
    picture(games_copy / "pileup" / "images" / name, kind)
    edit(games_copy / "pileup" / "rules.md", "## Equipment", f"![The pieces of a boxed set]({'images/' + name})\n\n## Equipment")
    edit(games_copy / "pileup" / "rules.md", "## Moving", 'The set is shown in {{ ref("images/' + name + '") }}.\n\n## Moving')
    pdf = build(games_copy, "pileup")
    reader = PdfReader(io.BytesIO(pdf))
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    assert "Figure 1. The pieces of a boxed set" in text
    assert "shown in Figure 1." in text
    count = len(game_in(games_copy, "pileup").data.figures) + 1
    assert {int(n) for n in re.findall(r"Figure (\d+)\.", text)} == set(range(1, count + 1))
    images = [name for page in reader.pages for name in page.images]
    assert len(images) == 1
    # The web book and the EPUB print it too, as the same numbered figure (markdown-it once crashed on it: issue 26).
    game = game_in(games_copy, "pileup")
    book = rulebook(game, verify_game(game), "letter")
    html = print_book(book, "html")[1].decode("utf-8")
    assert '<figure class="figure" id="figure-1" data-figure="images/' in html and "<img src=\"data:image/" in html
    assert re.search(r'<figcaption><span class="figure-number">Figure 1\.</span> The pieces of a boxed set</figcaption>', html)
    assert print_book(book, "epub")[1].startswith(b"PK")


@pytest.mark.parametrize(
    ("source", "problem"),
    [
        ("../outside.png", "only from inside the game folder"),
        ("/etc/hostname.png", "not an address or an absolute path"),
        ("https://example.com/a.png", "not an address or an absolute path"),
        ("images/missing.png", "no such file"),
        ("images/drawing.svg", "SVG pictures are not supported"),
        ("images/fake.png", "not a readable PNG picture"),
    ],
)
def test_a_picture_that_cannot_be_read_names_the_file_and_line(games_copy: Path, source: str, problem: str) -> None:
    picture(games_copy / "outside.png")
    (games_copy / "pileup" / "images").mkdir()
    (games_copy / "pileup" / "images" / "drawing.svg").write_text("<svg/>")
    (games_copy / "pileup" / "images" / "fake.png").write_text("not a picture")
    edit(games_copy / "pileup" / "rules.md", "## Equipment", f"![A picture]({source})\n\n## Equipment")
    with pytest.raises(InputError) as caught:
        build(games_copy, "pileup")
    assert problem in caught.value.message
    assert caught.value.path == games_copy / "pileup" / "rules.md" and caught.value.line == 9


def test_a_picture_inside_a_sentence_is_refused(games_copy: Path) -> None:
    picture(games_copy / "pileup" / "images" / "a.png")
    edit(games_copy / "pileup" / "rules.md", "## Equipment", "See ![this](images/a.png) here.\n\n## Equipment")
    with pytest.raises(InputError, match="stand alone in its paragraph"):
        build(games_copy, "pileup")


def test_every_bundled_figure_is_placed() -> None:
    assert all(unplaced_figures(game.data) == [] for game in registry().plugins())


def test_an_unplaced_figure_file_is_a_warning_and_with_strict_an_error(games_copy: Path, tmp_path: Path) -> None:
    rules = games_copy / "pileup" / "rules.md"
    edit(rules, '{{ figure("placement") }}', "")
    edit(rules, ' ({{ ref("placement") }})', "")  # a figure the text cites must be placed
    picture(games_copy / "pileup" / "images" / "unused.png")
    game = game_in(games_copy, "pileup")
    assert unplaced_figures(game.data) == [games_copy / "pileup" / "figures" / "placement.yaml", games_copy / "pileup" / "images" / "unused.png"]
    assert len(unplaced_warnings([game])) == 2

    built = run_cli("build", "pileup", "--out", "o", cwd=tmp_path, games=games_copy)
    assert built.returncode == 0, built.stderr
    assert "warning:" in built.stderr and "placement.yaml: the rules text never places this figure" in built.stderr
    assert "unused.png" in built.stderr
    verified = run_cli("verify", "pileup", cwd=tmp_path, games=games_copy)
    assert verified.returncode == 0 and "placement.yaml" in verified.stderr

    strict = run_cli("build", "pileup", "--strict", "--out", "s", cwd=tmp_path, games=games_copy)
    assert strict.returncode == 2 and "placement.yaml" in strict.stderr and "never places" in strict.stderr
    assert not (tmp_path / "s").exists()
    assert run_cli("verify", "pileup", "--strict", cwd=tmp_path, games=games_copy).returncode == 2


def test_build_games_returns_the_warnings(games_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    edit(games_copy / "pileup" / "rules.md", '{{ figure("placement") }}', "")
    edit(games_copy / "pileup" / "rules.md", ' ({{ ref("placement") }})', "")
    monkeypatch.setattr("ppprint.build.jobs.get_game", lambda game_id: game_in(games_copy, game_id))
    result = build_games(["pileup"], "letter", tmp_path / "o")
    assert len(result.warnings) == 1 and "placement.yaml" in result.warnings[0]
    with pytest.raises(InputError) as caught:
        build_games(["pileup"], "letter", tmp_path / "p", strict=True)
    assert caught.value.path == games_copy / "pileup" / "figures" / "placement.yaml"


@pytest.mark.parametrize("game_id", registry().ids())
def test_metadata_reads_as_one_sentence_and_writes_ranges_one_way(game_id: str) -> None:
    """The title block and catalogue join the equipment with semicolons: no item after the first starts with a
    capital; players and playing time write a range with a hyphen (printed as an en dash), never 'to'."""
    meta = registry().get(game_id).data.meta
    assert all(not item[0].isupper() for item in meta.equipment[1:]), meta.equipment
    for field in (meta.players, meta.length):
        assert " to " not in field, field
    printed_block = typographic("; ".join(meta.equipment))
    assert not re.search(r"; [A-Z]", printed_block)


@pytest.mark.parametrize("game_id", registry().ids())
def test_the_clarifications_box_names_one_designer_or_several(game_id: str) -> None:
    from tests.books import clarifications_box

    designers = registry().get(game_id).data.meta.designers
    box = clarifications_box(game_id)
    owner = "designers'" if len(designers) > 1 else "designer's"
    assert f"the editor's interpretation, not the {owner} words" in box

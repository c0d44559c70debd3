"""A game's metadata and language in every format (issue 25): a traditional game's byline and author,
the credits naming the game's own engine, text the shipped fonts cannot set refused with its file and
line, and ``language:`` as the document language of the PDF, the HTML and the EPUB.

Each test writes a game of its own with :func:`ppprint.scaffold.create_game` (no bundled game is edited).
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from ppprint.build.formats import print_book
from ppprint.document.book import Book, rulebook
from ppprint.errors import InputError
from ppprint.model.game import load_game
from ppprint.registry import configure, get_game
from ppprint.scaffold import create_game
from ppprint.verify import verify_game
from tests.conftest import edit, run_cli


@pytest.fixture
def games(tmp_path: Path) -> Iterator[Path]:
    """A folder of games of this test's own, the only games of the run."""
    folder = tmp_path / "games"
    folder.mkdir()
    configure([folder], bundled=False)
    yield folder
    configure()


def book_of(game_id: str) -> Book:
    game = get_game(game_id)
    return rulebook(game, verify_game(game))


def pdf_text(pdf: bytes) -> str:
    return " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(pdf)).pages)


def traditional(games: Path, game_id: str) -> Path:
    folder = create_game(games, game_id)
    edit(folder / "game.yaml", "designers: [Your Name]", "designers: []\ntraditional: true\norigin: Korea")
    return folder


def test_a_traditional_game_is_not_a_game_by_anyone(games: Path) -> None:
    traditional(games, "heirloom")
    book = book_of("heirloom")
    assert book.title_block.byline.startswith("A traditional game (Korea)")
    assert book.metadata["author"] == "A traditional game (Korea)"
    pdf = print_book(book, "standard")[1]
    reader = PdfReader(io.BytesIO(pdf))
    text = pdf_text(pdf)
    assert "A traditional game (Korea)" in text and "A game by" not in text
    assert reader.metadata.author == "A traditional game (Korea)"
    xmp = reader.trailer["/Root"]["/Metadata"].get_object().get_data().decode("utf-8")
    assert "<rdf:li>A traditional game (Korea)</rdf:li>" in xmp
    assert "Game design: Traditional, from Korea" in text
    html = print_book(book, "html")[1].decode("utf-8")
    assert '<p class="byline">A traditional game (Korea)' in html and "A game by" not in html


def test_the_credits_name_the_games_own_engine(games: Path) -> None:
    create_game(games, "homegrown")
    back = book_of("homegrown").back.source
    assert "this game's rules engine (engine.py)" in back
    assert "ppprint's" not in back


def test_a_designer_unknown(games: Path) -> None:
    folder = create_game(games, "nameless")
    edit(folder / "game.yaml", "designers: [Your Name]", "designers: []")
    assert load_game(folder).meta.byline().startswith("Designer unknown ·")


@pytest.mark.parametrize(
    ("old", "new", "message", "line"),
    [
        ("designers: [Your Name]", "designers: [Traditional (Korea)]", "is not a designer's name", 5),
        ("designers: [Your Name]", "designers: [Your Name]\ntraditional: true", "names no designers", 6),
        ("designers: [Your Name]", "designers: [Your Name]\norigin: Korea", "origin", 6),
        ("year: ", "language: English\nyear: ", "not a BCP 47 language tag", 6),
    ],
)
def test_bad_attribution_or_language_names_file_and_line(tmp_path: Path, old: str, new: str, message: str, line: int) -> None:
    folder = create_game(tmp_path, "faulty")
    edit(folder / "game.yaml", old, new)
    with pytest.raises(InputError) as caught:
        load_game(folder)
    assert message in caught.value.message
    assert caught.value.path == folder / "game.yaml" and caught.value.line == line


def test_text_the_fonts_cannot_set_is_refused_with_file_and_line(games: Path) -> None:
    folder = create_game(games, "kanji")
    rules = folder / "rules.md"
    lines = rules.read_text(encoding="utf-8").splitlines()
    lines.insert(2, "## 将棋 and עברית")
    rules.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        book_of("kanji")
    assert caught.value.path == rules and caught.value.line == 3
    assert "U+5C06" in caught.value.message and "no glyph" in caught.value.message
    done = run_cli("build", "kanji", "--out", str(games.parent / "out"), cwd=games.parent, games=games)
    assert done.returncode == 2, done.stderr
    assert "rules.md:3: " in done.stderr
    assert not (games.parent / "out" / "kanji-letter.pdf").exists()


def test_a_caption_the_fonts_cannot_set_names_the_figure_file(games: Path) -> None:
    folder = create_game(games, "arrows")
    figure = next(iter(sorted((folder / "figures").glob("*.yaml"))))
    text = figure.read_text(encoding="utf-8")
    figure.write_text(re.sub(r"^caption: ", "caption: a2 → a3. ", text, count=1, flags=re.M), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        book_of("arrows")
    assert caught.value.path == figure and "U+2192" in caught.value.message
    assert caught.value.line == next(n for n, line in enumerate(figure.read_text(encoding="utf-8").splitlines(), 1) if "→" in line)


def test_the_language_is_the_documents_in_every_format(games: Path) -> None:
    folder = create_game(games, "francais")
    edit(folder / "game.yaml", "year: ", "language: fr\nyear: ")
    book = book_of("francais")
    assert book.lang == "fr"
    reader = PdfReader(io.BytesIO(print_book(book, "standard")[1]))
    assert reader.trailer["/Root"]["/Lang"] == "fr"
    xmp = reader.trailer["/Root"]["/Metadata"].get_object().get_data().decode("utf-8")
    assert "<dc:language><rdf:Bag><rdf:li>fr</rdf:li></rdf:Bag></dc:language>" in xmp
    html = print_book(book, "html")[1].decode("utf-8")
    assert '<html lang="fr">' in html
    with zipfile.ZipFile(io.BytesIO(print_book(book, "epub")[1])) as epub:
        opf = next(epub.read(name).decode("utf-8") for name in epub.namelist() if name.endswith(".opf"))
        page = epub.read("EPUB/book.xhtml").decode("utf-8")
    assert "<dc:language>fr</dc:language>" in opf and 'xml:lang="fr"' in opf
    assert 'lang="fr" xml:lang="fr"' in page


def _language(pdf: bytes) -> tuple[str, str]:
    """A PDF's /Lang and its XMP dc:language."""
    reader = PdfReader(io.BytesIO(pdf))
    xmp = reader.trailer["/Root"]["/Metadata"].get_object().get_data().decode("utf-8")
    found = re.search(r"<dc:language><rdf:Bag><rdf:li>([^<]*)</rdf:li>", xmp)
    return str(reader.trailer["/Root"]["/Lang"]), found.group(1) if found else ""


def test_metadata_the_fonts_cannot_set_is_refused_by_the_catalogue_the_sheets_and_the_report(games: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A subtitle in kanji: the catalogue, the print-and-play sheets and the designer's report (before it plays
    a game) refuse it as the rulebook does, naming game.yaml and its line; the commands exit 2 and write nothing."""
    import ppprint.build.report
    from ppprint.book.catalogue import build_catalogue
    from ppprint.book.pnp import PnpOptions, build_pnp
    from ppprint.play.report import Plan

    folder = create_game(games, "kanji-meta")
    edit(folder / "game.yaml", "subtitle: A race", "subtitle: 将棋, a race")
    monkeypatch.setattr(ppprint.build.report, "play_report", lambda *args, **kwargs: pytest.fail("the report played before it checked"))
    out = games.parent / "out"
    makers = [
        lambda: build_catalogue([get_game("kanji-meta")]),
        lambda: build_pnp("kanji-meta", PnpOptions()),
        lambda: ppprint.build.report.write_report(Plan("kanji-meta", 2), out),
    ]
    for make in makers:
        with pytest.raises(InputError) as caught:
            make()
        assert (caught.value.path, caught.value.line) == (folder / "game.yaml", 4) and caught.value.message.startswith("'将' (U+5C06"), caught.value.one_line()
    for command in (["pnp", "kanji-meta"], ["report", "kanji-meta", "--games-played", "2"]):
        done = run_cli(*command, "--out", str(out), cwd=games.parent, games=games)
        assert done.returncode == 2 and "game.yaml:4: '将' (U+5C06" in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert not out.exists()


def test_the_language_is_the_catalogues_and_the_print_and_plays(games: Path) -> None:
    """``language: fr`` is the /Lang and dc:language of the game's print-and-play sheets and of a catalogue of French
    games; a catalogue of games in several languages is in English, the language of its own words."""
    from ppprint.book.catalogue import build_catalogue
    from ppprint.book.pnp import PnpOptions, build_pnp

    edit(create_game(games, "francais-pnp") / "game.yaml", "year: ", "language: fr\nyear: ")
    create_game(games, "english-pnp")
    assert _language(build_pnp("francais-pnp", PnpOptions())) == ("fr", "fr")
    assert _language(build_pnp("english-pnp", PnpOptions())) == ("en", "en")
    assert _language(build_catalogue([get_game("francais-pnp")])) == ("fr", "fr")
    assert _language(build_catalogue([get_game("francais-pnp"), get_game("english-pnp")])) == ("en", "en")

"""The book contract, run on every game: bundled games and a game written by ``ppprint new``.

Every figure verifies; one claim flipped in a copy of the game is caught with
its file and line and the rule it breaks; the rulebook builds, its bookmarks
are the headings of its text (then Clarifications and Credits), and every font
in it is one of the shipped fonts, embedded.
"""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from ppprint.book.rulebook import build_rulebook
from ppprint.document.book import rulebook
from ppprint.registry import Registry
from ppprint.verify import verify_game
from tests.contract import contract_game, contract_ids

IDS = contract_ids()
SHIPPED_FONTS = {"NotoSans-Regular", "NotoSans-Bold", "NotoSerif-Regular", "NotoSerif-Bold", "NotoSerif-Italic", "NotoSerif-BoldItalic"}


@pytest.fixture(scope="module")
def books() -> dict[str, bytes]:
    return {}


def book(books: dict[str, bytes], game_id: str) -> bytes:
    if game_id not in books:
        game = contract_game(game_id)
        books[game_id] = build_rulebook(rulebook(game, verify_game(game)))
    return books[game_id]


@pytest.mark.parametrize("game_id", IDS)
def test_every_figure_verifies_and_makes_claims(game_id: str) -> None:
    report = verify_game(contract_game(game_id))
    assert report.failures == [], [f.one_line() for f in report.failures]
    assert report.figures and report.claims >= report.diagrams and report.unchecked == 0


def flip_first_reason(folder: Path, game_id: str) -> tuple[Path, int]:
    """In a game folder, change the reason code of the first ``illegal`` claim to another declared code."""
    game = Registry(folders=[folder.parent], bundled=False).get(game_id)
    codes = game.require_engine().Reason.codes()
    for figure in game.data.figures.values():
        for panel in figure.panels:
            for claim in panel.claims:
                if claim.kind == "illegal":
                    move, code = claim.reasons[0]
                    other = next(c for c in codes if c != code)
                    lines = figure.path.read_text(encoding="utf-8").splitlines(keepends=True)
                    for index in range(claim.line - 1, len(lines)):
                        pattern = rf"({re.escape(move)}\s*:\s*){re.escape(code)}\b"
                        if re.search(pattern, lines[index]):
                            lines[index] = re.sub(pattern, rf"\g<1>{other}", lines[index], count=1)
                            figure.path.write_text("".join(lines), encoding="utf-8")
                            return figure.path, claim.line
    raise AssertionError(f"{game_id} makes no illegal claim to flip")


@pytest.mark.parametrize("game_id", IDS)
def test_a_flipped_claim_is_caught_with_its_file_line_and_rule(game_id: str, tmp_path: Path) -> None:
    folder = tmp_path / game_id
    shutil.copytree(contract_game(game_id).folder, folder, ignore=shutil.ignore_patterns("__pycache__"))
    path, line = flip_first_reason(folder, game_id)
    report = verify_game(Registry(folders=[tmp_path], bundled=False).get(game_id))
    assert len(report.failures) == 1, [f.one_line() for f in report.failures]
    failure = report.failures[0]
    assert failure.path == path and failure.line == line and failure.rule
    assert f"{path.name}:{line}: figure '{path.stem}" in failure.one_line()


def headings_of(game_id: str) -> list[tuple[int, str]]:
    """The headings of a game's rules text (depth, title), then the book's own sections."""
    game = contract_game(game_id)
    text = game.data.rules_path.read_text(encoding="utf-8")
    headings = [(len(m.group(1)) - 2, m.group(2).strip()) for m in re.finditer(r"^(#{2,4}) (.+)$", text, re.M)]
    clarifications = game.data.clarifications_path
    own = ["Clarifications"] if clarifications and clarifications.read_text().strip() else []
    return headings + [(0, title) for title in [*own, "Credits"]]


def outline_titles(items: list[object], depth: int = 0) -> list[tuple[int, str]]:
    titles: list[tuple[int, str]] = []
    for item in items:
        titles += outline_titles(item, depth + 1) if isinstance(item, list) else [(depth, str(item.title))]  # type: ignore[attr-defined]
    return titles


@pytest.mark.parametrize("game_id", IDS)
def test_the_book_builds_with_bookmarks_for_its_headings(books: dict[str, bytes], game_id: str) -> None:
    reader = PdfReader(io.BytesIO(book(books, game_id)))
    assert len(reader.pages) >= 2
    assert outline_titles(reader.outline) == headings_of(game_id)
    assert reader.metadata.title.startswith(contract_game(game_id).data.meta.title)


@pytest.mark.parametrize("game_id", IDS)
def test_every_font_is_shipped_and_embedded(books: dict[str, bytes], game_id: str) -> None:
    reader = PdfReader(io.BytesIO(book(books, game_id)))
    seen = set()
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            name = str(font["/BaseFont"]).split("+")[-1]
            descriptor = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            assert "/FontFile2" in descriptor.get_object(), f"{name} is not embedded"
            seen.add(name)
    assert seen and seen <= SHIPPED_FONTS, seen

"""The measure of the body text: 60-75 characters a line, read back from the printed pages.

The template's record says where each part of a body paragraph (or list item) was drawn and how many
lines it has; the PDF's own characters (pypdfium2, with their baselines and sizes) give each of those
lines. A *full* line is every line of a paragraph but its last; headings, captions, tables, boxes'
titles and the figures' labels are not body text. The median full line of every full-size rulebook,
Letter and A4, of every bundled game and the one ``ppprint new`` writes, must be 60-75 characters
(the booklets' half pages are measured too, and held to the same range).
"""

from __future__ import annotations

import ctypes
import statistics
from collections.abc import Sequence

import pypdfium2
import pypdfium2.raw as pdfium
import pytest

from ppprint.book.paragraph import Placed
from ppprint.document.style import BODY_SIZE, HALF_BODY_SIZE
from ppprint.registry import registry
from tests.books import laid_out
from tests.contract import SCAFFOLD, contract_game

GAMES = [*registry().ids(), SCAFFOLD]
SHORTEST, LONGEST = 60, 75
"""The measure that reads well, characters a line (spaces and punctuation count)."""
BODY_KINDS = ("body", "bullet")


def _lines(page: pypdfium2.PdfPage, size: float) -> dict[float, list[tuple[float, float, str]]]:
    """The characters of ``page`` set at ``size`` points, by baseline: (left, right, character) in reading order."""
    text = page.get_textpage()
    try:
        lines: dict[float, list[tuple[float, float, str]]] = {}
        x, y = ctypes.c_double(), ctypes.c_double()
        for index in range(text.count_chars()):
            char = chr(pdfium.FPDFText_GetUnicode(text.raw, index))
            if char in "\r\n\x02" or abs(pdfium.FPDFText_GetFontSize(text.raw, index) - size) > 0.05:
                continue
            pdfium.FPDFText_GetCharOrigin(text.raw, index, x, y)
            left, _, right, _ = text.get_charbox(index)
            lines.setdefault(round(y.value, 1), []).append((left, right, char))
        return lines
    finally:
        text.close()


def _first_run(chars: list[tuple[float, float, str]], size: float) -> str:
    """The line's text up to the first wide gap (a figure's label beside the text is not the text)."""
    chars = sorted(chars)
    out = [chars[0][2]]
    for (_, right, _), (left, _, char) in zip(chars, chars[1:]):
        if left - right > 2 * size:
            break
        out.append(char)
    return " ".join("".join(out).split())


def full_lines(pdf: bytes, log: Sequence[Placed], size: float) -> list[str]:
    """Every full line of body text of a printed book (all lines of a paragraph but its last)."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        found: list[str] = []
        pages: dict[int, dict[float, list[tuple[float, float, str]]]] = {}
        for item in log:
            if item.kind not in BODY_KINDS:
                continue
            if item.page not in pages:
                pages[item.page] = _lines(document[item.page - 1], size)
            baselines = sorted((y for y in pages[item.page] if item.bottom - 0.5 <= y <= item.top + 0.5), reverse=True)
            assert len(baselines) == item.lines, f"p{item.page}: {item.lines} lines recorded, {len(baselines)} read: {item.text[:60]!r}"
            if item.last:
                baselines = baselines[:-1]
            found += [_first_run(pages[item.page][y], size) for y in baselines]
        return found
    finally:
        document.close()


def measure(game_id: str, paper: str, half: bool = False) -> tuple[float, int]:
    """The median characters of a full body line of a game's rulebook, and how many full lines it has."""
    pdf, log = laid_out(game_id, paper, half, game=contract_game(game_id) if game_id == SCAFFOLD else None)
    lines = full_lines(pdf, log, HALF_BODY_SIZE if half else BODY_SIZE)
    return statistics.median(len(line) for line in lines), len(lines)


@pytest.mark.parametrize("half", [False, True], ids=["standard", "booklet"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game_id", GAMES)
def test_body_lines_are_60_to_75_characters(game_id: str, paper: str, half: bool) -> None:
    median, count = measure(game_id, paper, half)
    assert count >= 10, f"{game_id} {paper}: only {count} full lines read"
    assert SHORTEST <= median <= LONGEST, f"{game_id} {paper} {'booklet' if half else ''}: median full line {median} characters ({count} lines)"

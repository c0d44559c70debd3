"""Legible in print: no text under 6 pt and no stroke under 0.3 pt, at the size each page prints.

Every PDF the project writes is read back (:mod:`tests.pdfcheck` walks each
page's content stream and the forms it draws): every game's rulebook (letter
and A4) and booklet (letter), the catalogue, and every print-and-play PDF
(single- and double-sided; SanQi also at side 4). The games are the bundled
ones, the game ``ppprint new`` writes, and the one it writes with
``--no-engine``. Each PDF is built and read once per session.

The first half shows the checker measuring what it should on small PDFs made
with ReportLab and pypdf.
"""

from __future__ import annotations

import io
import tempfile
from functools import cache
from pathlib import Path

import pytest
from pypdf import PageObject, PdfReader, PdfWriter, Transformation
from pypdf.generic import DecodedStreamObject, DictionaryObject, FloatObject, NameObject
from reportlab.pdfgen.canvas import Canvas

from ppprint.build.formats import print_book
from ppprint.document.book import rulebook
from ppprint.book.catalogue import build_catalogue
from ppprint.book.pnp import PnpOptions, build_pnp, game_options, pnp_names
from ppprint.registry import Plugin, Registry
from ppprint.render.fonts import SANS, register_fonts
from ppprint.scaffold import create_game
from ppprint.verify import VerifyReport, verify_game
from tests.contract import contract_game, contract_ids
from tests.pdfcheck import MIN_STROKE_PT, MIN_TEXT_PT, Found, PageMarks, describe, page_marks, smallest, violations

# -- the checker on PDFs whose sizes are known ----------------------------------------------------


def canvas_pdf(draw: object) -> bytes:
    """A one-page 200 x 200 pt PDF that ``draw(canvas)`` paints."""
    register_fonts()
    output = io.BytesIO()
    canvas = Canvas(output, pagesize=(200, 200), invariant=1)
    draw(canvas)  # type: ignore[operator]
    canvas.showPage()
    canvas.save()
    return output.getvalue()


def raw_pdf(content: bytes, resources: DictionaryObject | None = None) -> bytes:
    """A one-page PDF with exactly this content stream (for operators ReportLab never writes)."""
    writer = PdfWriter()
    page = writer.add_blank_page(200, 200)
    stream = DecodedStreamObject()
    stream.set_data(content)
    page[NameObject("/Contents")] = writer._add_object(stream)
    if resources is not None:
        page[NameObject("/Resources")] = resources
    output = io.BytesIO()
    writer.write(output)
    return output.getvalue()


def only(found: list[Found], kind: str) -> Found:
    (item,) = [f for f in found if f.kind == kind]
    return item


def test_a_5pt_text_and_a_02pt_stroke_are_found_where_they_are():
    def draw(c: Canvas) -> None:
        c.setFont(SANS, 5)
        c.drawString(10, 20, "Hello")
        c.setLineWidth(0.2)
        c.line(30, 40, 130, 40)

    pdf = canvas_pdf(draw)
    (marks,) = page_marks(pdf)
    text, stroke = only(marks.texts, "text"), only(marks.strokes, "stroke")
    assert text.size == pytest.approx(5.0) and text.page == 1 and text.at[:2] == pytest.approx((10, 20))
    assert "'Hello'" in text.what and "NotoSans" in text.what  # decoded through the subset font's ToUnicode
    assert stroke.size == pytest.approx(0.2) and stroke.at == pytest.approx((30, 40, 130, 40))
    assert {f.kind for f in violations(pdf)} == {"text", "stroke"}
    (summary,) = smallest(pdf)
    assert summary.smallest_text == text and summary.thinnest_stroke == stroke


def test_a_form_drawn_at_half_scale_halves_its_text_and_strokes():
    def draw(c: Canvas) -> None:
        c.beginForm("panel")
        c.setFont(SANS, 10)
        c.drawString(0, 0, "ten")
        c.setLineWidth(0.5)
        c.line(0, 0, 50, 0)
        c.endForm()
        c.saveState()
        c.translate(50, 100)
        c.scale(0.5, 0.5)
        c.doForm("panel")
        c.restoreState()
        c.setFont(SANS, 10)  # after Q the scale is gone
        c.drawString(10, 10, "full")

    pdf = canvas_pdf(draw)
    (marks,) = page_marks(pdf)
    by_text = {t.what.split("'")[1]: t for t in marks.texts}
    assert by_text["ten"].size == pytest.approx(5.0) and by_text["ten"].via and by_text["ten"].at[:2] == pytest.approx((50, 100))
    assert by_text["full"].size == pytest.approx(10.0) and not by_text["full"].via
    assert only(marks.strokes, "stroke").size == pytest.approx(0.25)
    assert sorted(f.kind for f in violations(pdf)) == ["stroke", "text"]


def test_text_matrix_leading_rotation_and_uneven_scales():
    def draw(c: Canvas) -> None:
        text = c.beginText(10, 150)
        text.setFont(SANS, 12, leading=14)
        text.textLine("one")
        text.textLine("two")
        c.drawText(text)
        c.saveState()
        c.translate(100, 100)
        c.rotate(90)
        c.setFont(SANS, 8)
        c.drawString(0, 0, "turned")
        c.restoreState()
        c.saveState()
        c.scale(1, 0.2)  # squashed: the thinnest direction counts
        c.setLineWidth(1)
        c.line(10, 100, 100, 100)
        c.restoreState()

    (marks,) = page_marks(canvas_pdf(draw))
    sizes = {t.what.split("'")[1]: (t.size, t.at[:2]) for t in marks.texts}
    assert sizes["one"] == (pytest.approx(12), pytest.approx((10, 150)))
    assert sizes["two"] == (pytest.approx(12), pytest.approx((10, 136)))  # T* moved down by the leading
    assert sizes["turned"][0] == pytest.approx(8)
    assert only(marks.strokes, "stroke").size == pytest.approx(0.2)


def test_tm_tz_tj_quote_invisible_text_zero_width_and_line_width_from_gs():
    font = DictionaryObject({NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type1"), NameObject("/BaseFont"): NameObject("/Helvetica")})
    thin = DictionaryObject({NameObject("/LW"): FloatObject(0.1)})
    resources = DictionaryObject(
        {NameObject("/Font"): DictionaryObject({NameObject("/F1"): font}), NameObject("/ExtGState"): DictionaryObject({NameObject("/G1"): thin})}
    )
    content = b"""
    BT /F1 12 Tf 0.5 0 0 0.5 20 20 Tm (half) Tj ET
    BT /F1 10 Tf 14 TL 50 Tz 1 0 0 1 20 60 Tm [(nar) -20 (row)] TJ 100 Tz ET
    BT /F1 9 Tf 12 TL 20 100 Td (first) Tj (next) ' ET
    BT /F1 4 Tf 3 Tr 20 150 Td (hidden) Tj ET
    BT /F1 4 Tf 20 170 Td (   ) Tj ET
    0 w 10 10 m 100 10 l S
    /G1 gs 10 30 m 100 30 l S
    """
    pdf = raw_pdf(content, resources)
    (marks,) = page_marks(pdf)
    texts = {t.what.split("'")[1]: t for t in marks.texts}
    assert set(texts) == {"half", "narrow", "first", "next"}  # invisible text and spaces draw nothing
    assert texts["half"].size == pytest.approx(6.0)
    assert texts["narrow"].size == pytest.approx(5.0)  # 10 pt at 50 % horizontal scaling: its thinnest direction
    assert texts["next"].size == pytest.approx(9.0) and texts["next"].at[:2] == pytest.approx((20, 88))
    assert sorted(s.size for s in marks.strokes) == pytest.approx([0.0, 0.1])
    assert sorted(round(f.size, 3) for f in violations(pdf)) == [0.0, 0.1, 5.0]


def test_a_page_imposed_by_pypdf_at_a_smaller_scale_is_measured_at_that_scale():
    def draw(c: Canvas) -> None:
        c.setFont(SANS, 10)
        c.drawString(10, 10, "page")
        c.setLineWidth(0.5)
        c.line(10, 30, 100, 30)

    page = PdfReader(io.BytesIO(canvas_pdf(draw))).pages[0]
    writer = PdfWriter()
    sheet = PageObject.create_blank_page(width=400, height=200)
    sheet.merge_transformed_page(page, Transformation().scale(0.55).translate(200, 0))
    writer.add_page(sheet)
    output = io.BytesIO()
    writer.write(output)
    (marks,) = page_marks(output.getvalue())
    assert only(marks.texts, "text").size == pytest.approx(5.5)
    assert only(marks.strokes, "stroke").size == pytest.approx(0.275)
    assert only(marks.texts, "text").at[:2] == pytest.approx((205.5, 5.5))


def test_a_legible_page_has_no_violations():
    def draw(c: Canvas) -> None:
        c.scale(2, 2)
        c.setFont(SANS, 3)  # prints at 6 pt
        c.drawString(5, 5, "six")
        c.setLineWidth(0.15)  # prints at 0.3 pt
        c.rect(10, 10, 20, 20)

    pdf = canvas_pdf(draw)
    assert violations(pdf) == []
    (summary,) = smallest(pdf)
    assert summary.smallest_text is not None and summary.smallest_text.size == pytest.approx(MIN_TEXT_PT)
    assert summary.thinnest_stroke is not None and summary.thinnest_stroke.size == pytest.approx(MIN_STROKE_PT)


# -- every PDF the project writes -----------------------------------------------------------------

NO_ENGINE = "plain-game"
"""A game written by ``ppprint new --no-engine`` (its boards are drawn without an engine)."""


@cache
def _no_engine_game() -> Plugin:
    folder = Path(tempfile.mkdtemp(prefix="ppprint-legibility-"))
    create_game(folder, NO_ENGINE, engine=False)
    return Registry(folders=[folder], bundled=False).get(NO_ENGINE)


GAMES = [*contract_ids(), NO_ENGINE]


@cache
def _game(game_id: str) -> tuple[Plugin, VerifyReport]:
    game = _no_engine_game() if game_id == NO_ENGINE else contract_game(game_id)
    return game, verify_game(game)


def _pnp(name: str, double_sided: bool) -> bytes:
    if name == "sanqi-4":
        return build_pnp("sanqi", PnpOptions("letter", double_sided=double_sided, game=game_options("sanqi", {"size": 4})))
    return build_pnp(name, PnpOptions("letter", double_sided=double_sided))


def _build(document: str) -> bytes:
    kind, _, rest = document.partition(":")
    if kind in ("rulebook", "booklet"):
        game_id, paper = rest.split(":")
        game, report = _game(game_id)
        return print_book(rulebook(game, report, paper), "standard" if kind == "rulebook" else "booklet")[1]
    if kind == "catalogue":
        return build_catalogue([_game(game_id)[0] for game_id in GAMES], rest)
    name, sides = rest.split(":")
    return _pnp(name, sides == "double")


DOCUMENTS = [
    *(f"rulebook:{game}:{paper}" for game in GAMES for paper in ("letter", "a4")),
    *(f"booklet:{game}:letter" for game in GAMES),
    "catalogue:letter",
    *(f"pnp:{name}:{sides}" for name in (*pnp_names(), "sanqi-4") for sides in ("single", "double")),
]


@cache
def printed(document: str) -> tuple[PageMarks, ...]:
    """What every page of ``document`` prints (built and read once per session)."""
    return tuple(page_marks(_build(document)))


@pytest.mark.parametrize("document", DOCUMENTS)
def test_the_checker_reads_text_and_strokes_in_every_document(document: str) -> None:
    pages = printed(document)
    assert sum(len(page.texts) for page in pages) > 0 and sum(len(page.strokes) for page in pages) > 0


@pytest.mark.parametrize("document", DOCUMENTS)
def test_no_text_prints_under_6pt(document: str) -> None:
    small = [found for found in violations(printed(document)) if found.kind == "text"]
    assert not small, f"{document}: text under {MIN_TEXT_PT} pt:\n{describe(small)}"


@pytest.mark.parametrize("document", DOCUMENTS)
def test_no_stroke_prints_under_03pt(document: str) -> None:
    thin = [found for found in violations(printed(document)) if found.kind == "stroke"]
    assert not thin, f"{document}: strokes under {MIN_STROKE_PT} pt (or 0 w):\n{describe(thin)}"

"""The web book in a browser: headless Chromium shows every figure as the PDF path paints it, in the same fonts, large enough to read.

Each game's HTML book is opened in headless Chromium (Debian's ``chromium``), driven over the DevTools
protocol on a pipe (the driver is ``tests/browser.py``, shared with ``tests/test_web_standards.py``; no package needed). The page draws each figure for the screen, a panel to an
``<svg>``; every panel shows at the width the page gives it, and a screenshot of it (2 device pixels a
CSS pixel) is compared with the PDF painter's rendering of the same panel drawing at the same size
(pypdfium2). The page draws the figures' text as the fonts' glyph outlines, the PDF sets it in the
embedded fonts, so a page whose figures are drawn in another font fails (a test swaps Noto Sans for
Noto Serif and sees it). On a phone (390 CSS pixels wide) and a desktop (1280) no figure's text, nor
the key's, shows under 11 CSS pixels: each glyph's size is measured through every map from its
outline to the screen, and every glyph of every figure must be measured. The page's own text is set
in the embedded Noto faces, never a font of the machine, in both colour schemes (the figures stay the
PDF's in the dark one too).

Skipped, saying why, only when ``chromium`` is not installed (.ci/run installs it).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageFilter, ImageStat
from reportlab.pdfgen.canvas import Canvas

import ppprint.render.svg as svg
from ppprint.document import book as document
from ppprint.document.typography import typographic
from ppprint.registry import Plugin
from ppprint.render.draw import Drawing, Group, Item, Text
from ppprint.render.figure import render_figure
from ppprint.render.fonts import SANS, SANS_BOLD, SERIF, SERIF_BOLD, register_fonts
from ppprint.render.glyphs import glyph_outline, text_glyphs
from ppprint.render.pdf import paint
from ppprint.verify import verify_game
from ppprint.web import figures
from ppprint.web.figures import panel_width, split_panels
from ppprint.web.html import web_book
from tests.browser import CHROMIUM, PIXELS_PER_INCH, Box, Chromium, running_chromium
from tests.contract import contract_game, contract_ids

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium; .ci/run installs it)")

BLUR = 1.5
"""Both images are blurred this much (pixels) first: the two renderers smooth edges differently."""
SHIFT = 4
"""The two images are aligned within this many pixels (each renderer rounds its cut to whole pixels)."""
TILE = 16
"""Pixels square (at 192 px/in): the mean difference over every such tile must stay under :data:`MOST_TILE_DIFFERENCE`."""
MOST_TILE_DIFFERENCE = 32
"""Out of 255. The same figure differs by up to about 17 in a tile (the renderers' smoothing); text set
in another font (Noto Serif for Noto Sans) by 60 or more in the tiles of Expansion's labels (a figure
whose only text is a few small letters may differ less)."""
WEB_FONTS = {"Noto Serif", "Noto Sans"}
SMALLEST_TEXT_PX = 11.0
"""No figure's text (nor the key's) shows smaller than this, CSS pixels, on a phone (390 pixels wide) or a desktop (1280)."""
SCREENS = (390, 1280)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Chromium]:
    with running_chromium() as browser:
        yield browser


# -- the PDF's figures ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Painted:
    """A panel of a figure as the PDF path paints it: its page, its drawing and the width the page shows it at (CSS pixels)."""

    page: int
    drawing: Drawing
    width: float


@dataclass(frozen=True)
class Book:
    """A game's web page, and each panel of its figures painted by the PDF path, a page each: the
    same drawing (for the same screen scale, split into the same panels) the page shows as SVG."""

    pdf: bytes
    painted: list[Painted]
    html: str
    glyphs: list[int]
    """How many glyphs (characters with an outline) each figure's text has, in order."""


def glyph_count(items: Sequence[Item]) -> int:
    count = 0
    for item in items:
        if isinstance(item, Group):
            count += glyph_count(item.items)
        elif isinstance(item, Text):
            count += sum(glyph is not None for glyph, _ in text_glyphs(svg.clean(item.text), item.font))
    return count


def book_of(game: Plugin) -> Book:
    """A game's web page, and the PDF painter's rendering of each panel of its figures as the page shows it."""
    report = verify_game(game)
    view = game.require_view()
    drawn: dict[tuple[str, float, int], Drawing] = {}

    def draw(figure_id: str, scale: float, columns: int) -> Drawing:
        if (figure_id, scale, columns) not in drawn:
            drawn[figure_id, scale, columns] = render_figure(view, report.figures[figure_id], scale, columns, typographic)
        return drawn[figure_id, scale, columns]

    html = web_book(document.rulebook(game, report, draw=draw)).html()
    scales = {figure_id: float(scale) for figure_id, scale in re.findall(r'data-figure="([^"]+)" data-claims="\d+" data-scale="([^"]+)"', html)}
    register_fonts()
    output = io.BytesIO()
    canvas = Canvas(output, invariant=1)
    found: list[Painted] = []
    glyphs = []
    for figure_id in document.number_figures(game.data).numbers:
        count = len(game.data.figures[figure_id].panels)
        drawing = drawn[figure_id, scales[figure_id], 1]
        panels = split_panels(drawing, count)
        width = panel_width(drawn[figure_id, 1.0, 1].width, count)
        for panel in panels:
            canvas.setPageSize((panel.width, panel.height))
            paint(canvas, panel, 0, 0, 1.0)
            canvas.showPage()
            found.append(Painted(len(found), panel, width * panel.width / max(p.width for p in panels)))
        glyphs.append(glyph_count(drawing.items))
    canvas.save()
    return Book(output.getvalue(), found, html, glyphs)


def pdf_image(document: pypdfium2.PdfDocument, panel: Painted) -> Image.Image:
    """The PDF's rendering of a panel, as many device pixels wide as the browser shows it in."""
    image: Image.Image = document[panel.page].render(scale=panel.width * PIXELS_PER_INCH / 96 / panel.drawing.width).to_pil()
    return image.convert("RGB")


def difference(web: Image.Image, pdf: Image.Image) -> float:
    """The most the two images differ over any tile (0-255), once aligned to half a pixel and both blurred a little."""
    blur = ImageFilter.GaussianBlur(BLUR)
    a, b = web.convert("L").filter(blur), pdf.convert("L").filter(blur)
    assert abs(a.width - b.width) <= SHIFT and abs(a.height - b.height) <= SHIFT, f"not the same size: {a.size} in the browser, {b.size} in the PDF"

    def differences(a: Image.Image, b: Image.Image, margin: int) -> Callable[[int, int], Image.Image]:
        """How ``a`` moved by (dx, dy) differs from ``b``, inside ``margin``."""
        inner_width, inner_height = min(a.width, b.width) - 2 * margin, min(a.height, b.height) - 2 * margin
        reference = b.crop((margin, margin, margin + inner_width, margin + inner_height))

        def diff(dx: int, dy: int) -> Image.Image:
            x, y = margin + dx, margin + dy
            return ImageChops.difference(a.crop((x, y, x + inner_width, y + inner_height)), reference)

        return diff

    def mean(image: Image.Image) -> float:
        value: float = ImageStat.Stat(image).mean[0]
        return value

    def around(x: int, y: int, limit: int) -> list[tuple[int, int]]:
        return [(i, j) for i in range(x - 1, x + 2) for j in range(y - 1, y + 2) if abs(i) <= limit and abs(j) <= limit]

    # Even shifts at half the resolution, then the best whole pixel near the best of those, then the
    # best half pixel near that (both images twice as large): each renderer puts the figure's edges
    # at its own fraction of a pixel.
    half = differences(a.reduce(2), b.reduce(2), SHIFT // 2)
    dx, dy = min(((x, y) for x in range(-SHIFT // 2, SHIFT // 2 + 1) for y in range(-SHIFT // 2, SHIFT // 2 + 1)), key=lambda s: mean(half(*s)))
    whole = differences(a, b, SHIFT)
    dx, dy = min(around(2 * dx, 2 * dy, SHIFT), key=lambda s: mean(whole(*s)))
    double = differences(a.resize((a.width * 2, a.height * 2), Image.Resampling.BILINEAR), b.resize((b.width * 2, b.height * 2), Image.Resampling.BILINEAR), 2 * SHIFT)
    best = min(around(2 * dx, 2 * dy, 2 * SHIFT), key=lambda s: mean(double(*s)))
    tiles = ImageStat.Stat(double(*best).reduce(2 * TILE))
    return float(tiles.extrema[0][1])


# -- the page in the browser ----------------------------------------------------------------------


def figure_boxes(chromium: Chromium) -> list[Box]:
    """Where each panel of each figure is on the page (not the key to the marks above the first)."""
    script = "JSON.stringify([...document.querySelectorAll('figure.figure svg.figure-drawing')].map(e => { const r = e.getBoundingClientRect(); return [r.x + scrollX, r.y + scrollY, r.width, r.height]; }))"
    return [Box(*values) for values in json.loads(chromium.evaluate(script))]


def compare_figures(chromium: Chromium, book: Book, page: Path, scheme: str = "light") -> list[str]:
    """How the page's figures, in the browser, differ from the PDF's (nothing when they are the same)."""
    chromium.open(page, scheme)
    boxes = figure_boxes(chromium)
    assert len(boxes) == len(book.painted)
    problems = []
    document = pypdfium2.PdfDocument(book.pdf)
    try:
        for number, (box, panel) in enumerate(zip(boxes, book.painted), start=1):
            # Shown as wide as the page says (a 1000-pixel window shrinks no panel), so the pixels compare one for one.
            width, height = panel.width, panel.width * panel.drawing.height / panel.drawing.width
            if abs(box.width - width) > 0.05 or abs(box.height - height) > 0.05:
                problems.append(f"panel {number}: shown {box.width:.1f} x {box.height:.1f} px, drawn for {width:.1f} x {height:.1f}")
                continue
            most = difference(chromium.screenshot(box), pdf_image(document, panel))
            if most > MOST_TILE_DIFFERENCE:
                problems.append(f"panel {number} ({panel.drawing.title}): differs from the PDF's by {most:.0f} in a tile")
    finally:
        document.close()
    return problems


GLYPH_SIZES = """JSON.stringify((() => {
  // Every glyph a figure draws, followed from each <use> of the drawing through the shared groups it
  // uses to the glyph outline (1000 units to the em): its size on screen is the em through the whole map.
  const glyph = /^_(r|rb|ri|rbi|s|sb)[0-9]+$/;
  const em = m => 1000 * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
  function sizes(use, matrix, found) {
    const target = document.getElementById(use.getAttribute('href').slice(1));
    if (target === null) throw new Error('no element ' + use.getAttribute('href'));
    if (glyph.test(target.id)) { found.push(em(matrix)); return; }
    for (const inner of target.querySelectorAll('use')) {
      let m = matrix;
      const chain = [];
      for (let e = inner; e !== target; e = e.parentElement) chain.unshift(e);
      for (const e of chain) { const t = e.transform.baseVal.consolidate(); if (t) m = m.multiply(t.matrix); }
      sizes(inner, m, found);
    }
  }
  const measure = svgs => { const found = []; for (const svg of svgs) for (const use of svg.querySelectorAll('use')) sizes(use, use.getScreenCTM(), found); return found; };
  const summary = found => [found.length ? Math.min(...found) : null, found.length];
  return {
    figures: [...document.querySelectorAll('figure.figure')].map(f => summary(measure(f.querySelectorAll('svg.figure-drawing')))),
    key: summary(measure(document.querySelectorAll('svg.legend'))),
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  };
})())"""
"""The smallest text of each figure as the browser shows it (CSS pixels) and how many glyphs it has, the key's, and the page's horizontal overflow."""


def text_sizes(chromium: Chromium, page: Path, width: int) -> dict[str, Any]:
    chromium.open(page, width=width)
    found: dict[str, Any] = json.loads(chromium.evaluate(GLYPH_SIZES))
    return found


def small_text(book: Book, sizes: dict[str, Any], least: float = SMALLEST_TEXT_PX) -> list[str]:
    """Figures whose smallest text shows under ``least`` CSS pixels, or whose glyphs were not all measured."""
    problems = []
    for number, ((smallest, count), glyphs) in enumerate(zip(sizes["figures"], book.glyphs), start=1):
        if count != glyphs:
            problems.append(f"figure {number}: {count} glyphs measured, its drawing has {glyphs}")
        elif glyphs and smallest < least:
            problems.append(f"figure {number}: text {smallest:.1f} px")
    smallest, count = sizes["key"]
    if count and smallest < least:
        problems.append(f"the key to the marks: text {smallest:.1f} px")
    if sizes["overflow"] > 0:
        problems.append(f"the page is {sizes['overflow']} px wider than the screen")
    return problems


def text_fonts(chromium: Chromium) -> dict[str, set[tuple[str, bool]]]:
    """The fonts the browser sets the page's text in: (family, embedded in the page) by element."""
    chromium.page("DOM.enable")
    chromium.page("CSS.enable")
    root = chromium.page("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    nodes = chromium.page("DOM.querySelectorAll", {"nodeId": root, "selector": "body *:not(svg):not(svg *):not(script):not(style)"})["nodeIds"]
    found: dict[str, set[tuple[str, bool]]] = {}
    for node in nodes:
        fonts = chromium.page("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        if fonts:
            name = chromium.page("DOM.describeNode", {"nodeId": node})["node"]["localName"]
            found.setdefault(name, set()).update((font["familyName"], font["isCustomFont"]) for font in fonts)
    chromium.page("CSS.disable")
    chromium.page("DOM.disable")
    return found


def foreign_fonts(fonts: dict[str, set[tuple[str, bool]]]) -> list[str]:
    return sorted(f"<{name}>: {family}" + ("" if embedded else " (the machine's)") for name, used in fonts.items() for family, embedded in used if family not in WEB_FONTS or not embedded)


def write_page(html: str, folder: Path, name: str = "book.html") -> Path:
    page = folder / name
    page.write_text(html, encoding="utf-8")
    return page


# -- the tests -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def books() -> dict[str, Book]:
    return {}


def book(books: dict[str, Book], game_id: str) -> Book:
    if game_id not in books:
        books[game_id] = book_of(contract_game(game_id))
    return books[game_id]


@pytest.mark.parametrize("game_id", contract_ids())
def test_every_figure_in_the_browser_is_the_pdfs(chromium: Chromium, books: dict[str, Book], game_id: str, tmp_path: Path) -> None:
    game = contract_game(game_id)
    made = book(books, game_id)
    assert len(made.painted) == sum(len(figure.panels) for figure in game.data.figures.values())
    assert compare_figures(chromium, made, write_page(made.html, tmp_path)) == []


@pytest.mark.parametrize("game_id", contract_ids())
def test_every_figure_text_is_large_enough_on_a_phone_and_a_desktop(chromium: Chromium, books: dict[str, Book], game_id: str, tmp_path: Path) -> None:
    made = book(books, game_id)
    page = write_page(made.html, tmp_path)
    assert len(made.glyphs) == len(contract_game(game_id).data.figures) and sum(made.glyphs) > 0
    for width in SCREENS:
        sizes = text_sizes(chromium, page, width)
        assert small_text(made, sizes) == [], f"{width} px wide"
        assert sizes["key"][1] > 0  # the key to the marks is measured too


def test_small_figure_text_is_caught(chromium: Chromium, books: dict[str, Book], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = book(books, "siege")
    # Drawn for a smaller screen text: too small on both screens.
    monkeypatch.setattr(figures, "SCREEN_TEXT_PX", 7.0)
    small = book_of(contract_game("siege"))
    monkeypatch.undo()
    page = write_page(small.html, tmp_path)
    for width in SCREENS:
        problems = small_text(small, text_sizes(chromium, page, width))
        assert len(problems) == len(small.glyphs) + 1 and "key to the marks" in problems[-1], (width, problems)
    # Panels shown narrower than they were drawn for; a glyph of a figure not measured.
    rule = ".panels{display:flex;"
    assert rule in made.html
    narrow = write_page(made.html.replace(rule, ".panels svg{max-width:35%}" + rule, 1), tmp_path, "narrow.html")
    assert small_text(made, text_sizes(chromium, narrow, 1280)) != []
    first = made.html.index('class="figure-drawing"')
    use = made.html.index('<use href="#_s', first)
    lost = made.html[:use] + made.html[made.html.index(">", use) + 1 :]
    problems = small_text(made, text_sizes(chromium, write_page(lost, tmp_path, "lost.html"), 1280))
    assert problems and "glyphs measured" in problems[0], problems


def test_the_page_text_is_set_in_the_embedded_fonts_in_both_schemes(chromium: Chromium, books: dict[str, Book], tmp_path: Path) -> None:
    expansion = book(books, "expansion")
    page = write_page(expansion.html, tmp_path)
    chromium.open(page)
    fonts = text_fonts(chromium)
    assert foreign_fonts(fonts) == [] and {family for used in fonts.values() for family, _ in used} == WEB_FONTS
    # Dark: the page's colours change, the figures (on their light card) do not.
    assert compare_figures(chromium, expansion, page, "dark") == []
    assert chromium.evaluate("getComputedStyle(document.documentElement).backgroundColor") != "rgb(255, 255, 255)"


def test_figures_drawn_in_another_font_are_caught(chromium: Chromium, books: dict[str, Book], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = contract_game("expansion")
    expansion = book(books, "expansion")
    other = {SANS: SERIF, SANS_BOLD: SERIF_BOLD}
    glyphs: Callable[..., Any] = text_glyphs
    outline: Callable[..., Any] = glyph_outline
    with monkeypatch.context() as patch:  # each glyph of Noto Sans drawn as Noto Serif's
        patch.setattr(svg, "text_glyphs", lambda text, font: glyphs(text, other.get(font, font)))
        patch.setattr(svg, "glyph_outline", lambda font, glyph: outline(other.get(font, font), glyph))
        wrong = web_book(document.rulebook(game, verify_game(game))).html()
    assert wrong != expansion.html
    problems = compare_figures(chromium, expansion, write_page(wrong, tmp_path))
    assert len(problems) == len(expansion.painted), problems  # every panel has text


def test_text_in_a_font_of_the_machine_is_caught(chromium: Chromium, books: dict[str, Book], tmp_path: Path) -> None:
    html = book(books, "expansion").html
    body_font = 'font-family:"Noto Serif",serif;font-size'
    assert body_font in html
    chromium.open(write_page(html.replace(body_font, "font-family:serif;font-size", 1), tmp_path))  # the body's text in the machine's serif
    assert foreign_fonts(text_fonts(chromium)) != []


def test_figures_shown_at_another_size_are_caught(chromium: Chromium, books: dict[str, Book], tmp_path: Path) -> None:
    pileup = book(books, "pileup")
    rule = ".card svg{display:block;"
    assert rule in pileup.html
    page = write_page(pileup.html.replace(rule, rule + "width:95%;", 1), tmp_path)
    problems = compare_figures(chromium, pileup, page)
    assert len(problems) == len(pileup.painted) and all("shown" in p for p in problems), problems

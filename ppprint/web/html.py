"""The web printer of a book (:class:`~ppprint.document.book.Book`): one self-contained HTML page.

The page holds the same words as the PDF -- the book's syntax trees, with their printed punctuation
-- and its numbered figures as inline SVG (:mod:`ppprint.web.figures`): each the checked figure the
PDF prints, drawn through the same drawer (the build cache), its text as the fonts' glyph outlines
(each defined once in the page), its ``<figcaption>`` its only accessible name. Headings carry ids and self-links, and a table of contents links to them. The
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
from pathlib import Path
from typing import Any

from markdown_it.token import Token

from ppprint import __version__
from ppprint.document.book import Book, BookFigure, TitleBlock
from ppprint.document.style import ACCENT, BOX_EDGE, BOX_FILL, INK, MUTED, PAPER, RULE, SANS_FAMILY, SERIF_FAMILY
from ppprint.document.text import FIGURE, Text, parser
from ppprint.web.figures import WebFigures, WebMemo
from ppprint.web.fonts import Face, font_face_css, font_files

_FIGURE_REF_RE = re.compile(r"\bFigure (\d+)\b")
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
    """A book's syntax trees to HTML: figures in their places, ids and self-links on headings, "Figure N" linked."""

    def __init__(self, book: Book, figure_html: Callable[[BookFigure], str]):
        self.book = book
        self.figure_html = figure_html
        self.figure_count = len(book.figures)
        self.ids: set[str] = set(RESERVED_IDS) | {f"figure-{n}" for n in range(1, self.figure_count + 1)}
        self.toc: list[tuple[int, str, str]] = []

    def render(self, text: Text) -> str:
        md = parser()
        md.add_render_rule("container_box_open", _box)
        md.add_render_rule("container_box_close", _box)
        md.add_render_rule("heading_close", _heading_close)
        md.add_render_rule("hr", lambda *_: '<hr class="space" />\n')
        return str(md.renderer.render(self._prepared(text.tokens()), md.options, {}))

    def _prepared(self, tokens: list[Token]) -> list[Token]:
        for index, token in enumerate(tokens):
            if token.type == FIGURE:
                block = Token("html_block", "", 0)
                block.content = self.figure_html(self.book.figure(token.meta)) + "\n"
                tokens[index] = block
            elif token.type == "heading_open":
                inline = tokens[index + 1]
                text = _plain(inline)
                anchor = self._unique(slug(text))
                token.attrSet("id", anchor)
                tokens[index + 2].meta["id"] = anchor
                self.toc.append((int(token.tag[1]), anchor, text))
            elif token.type == "inline" and token.children:
                token.children = self._linked_refs(token.children)
        return tokens

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


def _text_token(content: str) -> Token:
    token = Token("text", "", 0)
    token.content = content
    return token


def _box(self: Any, tokens: Sequence[Token], index: int, options: Any, env: Any) -> str:
    """A ``::: box Title`` container: a section headed by its title, one level below the heading it sits
    under (the outline stays in order); an untitled box is a plain frame (a section needs a heading)."""
    token = tokens[index]
    opening = token if token.nesting == 1 else next(t for t in reversed(tokens[:index]) if t.type == "container_box_open" and t.level == token.level)
    title = opening.info.strip()[len("box") :].strip()
    if token.nesting != 1:
        return "</section>\n" if title else "</div>\n"
    if not title:
        return '<div class="box">\n'
    level = min(6, 1 + next((int(t.tag[1]) for t in reversed(tokens[:index]) if t.type == "heading_open"), 1))
    return f'<section class="box">\n<h{level} class="box-title">{escape(title, quote=False)}</h{level}>\n'


def _heading_close(self: Any, tokens: Sequence[Token], index: int, options: Any, env: Any) -> str:
    token = tokens[index]
    anchor = str(token.meta.get("id", ""))
    return f' <a class="anchor" href="#{anchor}" aria-label="Link to this section">#</a></{token.tag}>\n'


def embedded_image(path: Path) -> str:
    """A picture of the game's folder (checked there: :func:`~ppprint.model.game.image_path`) as a ``data:`` URL:
    a page loads nothing from elsewhere."""
    kind = _IMAGE_TYPES.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return f"data:{kind};base64,{base64.b64encode(path.read_bytes()).decode('ascii')}"


# -- the page ----------------------------------------------------------------------------------------


def title_block(block: TitleBlock) -> str:
    """Title, subtitle, byline, and the info box (each field its label over its value, as the PDF prints it), as the PDF opens (each that the block has)."""
    parts = ['<header class="title-block" id="top">', f'<h1 class="title">{escape(block.title)}</h1>']
    if block.subtitle:
        parts.append(f'<p class="subtitle">{escape(block.subtitle)}</p>')
    if block.byline:
        parts.append(f'<p class="byline">{escape(block.byline)}</p>')
    if block.fields:
        columns = " ".join(f"{share}fr" for _, _, share in block.fields)
        parts.append(f'<dl class="info" style="grid-template-columns:{columns}">')
        parts += [f"<div><dt>{escape(label)}</dt><dd>{escape(value)}</dd></div>" for label, value, _ in block.fields]
        parts.append("</dl>")
    parts.append("</header>")
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


def web_book(book: Book, keys: Mapping[str, str] | None = None, memo: WebMemo | None = None) -> WebBook:
    """The web page of a book. ``keys`` are its figures' cache keys, and ``memo`` keeps their SVG
    between builds in one process, by key (the live preview)."""
    figures = WebFigures(book, keys or {}, memo)

    def figure_html(figure: BookFigure) -> str:
        key = figures.legend(book.key).svg + "\n" if figure.number == book.key_figure and book.key else ""
        if figure.image is not None:
            picture = f'<img src="{embedded_image(figure.image)}" alt="{escape(figure.caption)}" />'
            scale = ""
        else:
            drawn = figures.figure(figure.id)
            picture, scale = drawn.svg, f' data-scale="{drawn.scale!r}"'
        return (
            f'<figure class="figure" id="figure-{figure.number}" data-figure="{escape(figure.id)}" data-claims="{figure.claims}"'
            f'{scale}>\n<div class="card">\n{key}{picture}\n</div>\n'
            f'<figcaption><span class="figure-number">Figure {figure.number}.</span> {escape(figure.caption, quote=False)}</figcaption>\n</figure>'
        )

    text = _Text(book, figure_html)
    main = text.render(book.rules) + text.render(book.back)
    if book.appendix is not None:
        main += text.render(book.appendix)
    main = figures.finish(main)
    figures.keep()
    meta = book.metadata
    footer = f'<footer class="page-footer"><p>{escape(book.running_title)} · <a href="#top">top</a></p></footer>\n'
    body = title_block(book.title_block) + contents(text.toc) + f'<main id="content">\n{main}</main>\n' + footer
    head = (
        '<meta charset="utf-8" />\n<meta name="viewport" content="width=device-width, initial-scale=1" />\n'
        '<meta name="color-scheme" content="light dark" />\n'
        f"<title>{escape(book.title)}</title>\n"
        f'<meta name="author" content="{escape(meta["author"])}" />\n'
        f'<meta name="description" content="{escape(meta["subject"])}" />\n'
        f'<meta name="keywords" content="{escape(", ".join(meta["keywords"]))}" />\n'
        f'<meta name="generator" content="ppprint {__version__}" />\n'
    )
    return WebBook(book.title, book.lang, head, STYLE, font_files(_text_of(body)), body, text.toc, list(book.figures))


STYLE = f"""\
:root{{color-scheme:light dark;--ink:{INK};--paper:{PAPER};--accent:{ACCENT};--muted:{MUTED};--box-fill:{BOX_FILL};--box-edge:{BOX_EDGE};
--rule:{RULE};--card:#ffffff;--card-edge:#e4ddcf;--link:{ACCENT};--error-fill:#fdecea;--error-edge:#b3261e;--error-ink:#5a1208}}
@media (prefers-color-scheme:dark){{:root{{--ink:#e9e6e1;--paper:#17171b;--accent:#f1a891;--muted:#a9a9b2;--box-fill:#25231f;
--box-edge:#6f624b;--rule:#3b3934;--card:#ffffff;--card-edge:#55524c;--link:#f1a891;--error-fill:#3a1512;--error-edge:#f2b8b5;--error-ink:#fbe3e1}}}}
html{{background:var(--paper);color:var(--ink);-webkit-text-size-adjust:100%;text-size-adjust:100%}}
body{{margin:0 auto;max-width:7.1in;padding:1.5rem 1.25rem 3rem;font-family:"{SERIF_FAMILY}",serif;font-size:1.0625rem;line-height:1.55;
font-kerning:none;font-variant-ligatures:none;overflow-wrap:break-word}}
h1,h2,h3,h4,h5,h6,.byline,figcaption,.box-title,.toc,.page-footer,code,th,.ppprint-error{{font-family:"{SANS_FAMILY}",sans-serif}}
h1,h2,h3,h4,h5,h6{{line-height:1.25;font-weight:700}}
h2{{color:var(--accent);font-size:1.6rem;margin:2rem 0 .6rem}}
h3{{color:var(--accent);font-size:1.3rem;margin:1.6rem 0 .45rem}}
h4,h5,h6{{font-size:1.1rem;margin:1.2rem 0 .3rem}}
p{{margin:0 0 .65em}}
a{{color:var(--link)}}
.anchor{{margin-left:.35em;color:var(--muted);text-decoration:none;font-weight:400;opacity:0}}
h2:hover .anchor,h3:hover .anchor,h4:hover .anchor,h5:hover .anchor,h6:hover .anchor,.anchor:focus{{opacity:1}}
.title-block{{text-align:center;margin-bottom:1.5rem}}
.title{{font-family:"{SERIF_FAMILY}",serif;color:var(--accent);font-size:3.2rem;margin:.4rem 0 .3rem}}
.subtitle{{font-style:italic;font-size:1.35rem;margin:0 0 .4rem}}
.byline{{color:var(--muted);margin:0 0 1.2rem}}
.info{{display:grid;margin:0;background:var(--box-fill);border:1px solid var(--box-edge)}}
.info div{{padding:.45rem .5rem .55rem;border-left:1px solid var(--box-edge)}}
.info div:first-child{{border-left:none}}
.info dt{{color:var(--muted);font-family:"{SANS_FAMILY}",sans-serif;font-size:.75rem;font-weight:700;text-transform:uppercase;letter-spacing:.02em}}
.info dd{{margin:.15rem 0 0;font-size:.95rem;line-height:1.3}}
@media (max-width:600px){{.info{{grid-template-columns:repeat(3,1fr) !important}}
.info div:last-child{{grid-column:1/-1;border-left:none;border-top:1px solid var(--box-edge)}}.info div:only-child{{border-top:none}}}}
.toc{{border-top:1px solid var(--rule);border-bottom:1px solid var(--rule);margin:0 0 1.5rem;padding:.2rem 0 .6rem;font-size:.95rem}}
.toc h2{{font-size:1rem;color:var(--muted);margin:.6rem 0 .3rem;text-transform:uppercase;letter-spacing:.04em}}
.toc ol{{margin:0;padding-left:1.4rem}}
.toc ol ol{{padding-left:1.2rem;font-size:.92em}}
.toc li{{margin:.1rem 0}}
ul,ol{{padding-left:1.6rem;margin:0 0 .65em}}
li{{margin:.2em 0}}
li::marker{{color:var(--accent);font-family:"{SANS_FAMILY}",sans-serif}}
code{{font-size:.92em}}
.box,blockquote{{background:var(--box-fill);border:1px solid var(--box-edge);margin:0 0 1rem;padding:.7rem 1rem .4rem}}
.box-title{{color:var(--accent);font-weight:700;font-size:1.05rem;line-height:1.55;margin:0 0 .35rem}}
table{{border-collapse:collapse;margin:0 auto 1rem;font-size:.95rem}}
th,td{{border:1px solid var(--rule);padding:.25rem .55rem;text-align:center}}
th{{background:var(--box-fill);font-size:.9rem}}
hr.space{{border:none;margin:1rem 0}}
img{{max-width:100%;height:auto}}
.figure{{margin:1rem 0 1.3rem;text-align:center}}
.card{{display:inline-block;max-width:100%;box-sizing:border-box;background:var(--card);border:1px solid var(--card-edge);border-radius:6px;padding:.4rem;line-height:0}}
.card svg{{display:block;margin:0 auto;max-width:100%;height:auto}}
.panels{{display:flex;flex-wrap:wrap;justify-content:center;gap:.75rem .6rem}}
.key{{display:flex;flex-wrap:wrap;justify-content:center;gap:.3rem .9rem;list-style:none;margin:0 0 .6rem;padding:0 0 .5rem;border-bottom:1px solid var(--card-edge)}}
.key li{{margin:0}}
svg.definitions{{position:absolute;width:0;height:0;overflow:hidden}}
figcaption{{color:var(--muted);font-size:.9rem;line-height:1.4;margin-top:.45rem;text-align:left}}
.figure-number{{font-weight:700}}
.page-footer{{border-top:1px solid var(--rule);margin-top:2.5rem;padding-top:.5rem;color:var(--muted);font-size:.85rem}}
.ppprint-error{{position:sticky;top:0;z-index:10;background:var(--error-fill);color:var(--error-ink);border:2px solid var(--error-edge);
border-radius:6px;padding:.6rem 1rem;margin:0 0 1rem;font-size:.95rem;line-height:1.4}}
.ppprint-error h2{{color:inherit;font-size:1.1rem;margin:0 0 .3rem}}
.ppprint-error ul{{margin:.3rem 0;padding-left:1.2rem}}
.ppprint-error code{{font-weight:700}}
@media screen and (min-width:1100px){{
body{{max-width:calc(7.1in + 15rem);display:grid;grid-template-columns:12.5rem minmax(0,1fr);column-gap:2.5rem}}
body>*{{grid-column:2}}
body>.toc{{grid-column:1;grid-row:1 / span 8;align-self:start;position:sticky;top:0;max-height:100vh;overflow-y:auto;box-sizing:border-box;
margin:0;padding:1rem 0;border:none;font-size:.85rem}}
}}
@page{{margin:.75in}}
@media print{{
:root{{color-scheme:light;--ink:{INK};--paper:#ffffff;--accent:{ACCENT};--muted:{MUTED};--box-fill:{BOX_FILL};--box-edge:{BOX_EDGE};--rule:{RULE};--link:{INK}}}
html,body{{background:#ffffff;color:{INK}}}
body{{max-width:none;padding:0;font-size:10.5pt;line-height:1.4}}
h2{{font-size:16pt}}h3{{font-size:13pt}}.title{{font-size:32pt}}
.toc,.anchor,.ppprint-error,.page-footer{{display:none}}
a{{color:inherit;text-decoration:none}}
h1,h2,h3,h4,h5,h6{{break-after:avoid;page-break-after:avoid}}
.figure,tr,.info{{break-inside:avoid;page-break-inside:avoid}}
p,li{{orphans:3;widows:3}}
.card{{border:none;padding:0;border-radius:0}}
.box,blockquote,.info,th{{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
}}
"""
"""The page's stylesheet: light and dark schemes (figures always on a white card), and print."""

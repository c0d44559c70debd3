"""Markdown to platypus flowables, through markdown-it-py's syntax tree.

Supported: headings (bookmarked; a heading that skips a level, ``##`` then
``####``, is bookmarked one level below the one before), paragraphs with bold,
italic, code and links, bullet and numbered lists (nested), block quotes (as
notes), tables, ``::: box Title`` containers (a framed box), figure markers
placed by the Jinja ``figure()`` call, and images (``![caption](file.png)``,
alone in their paragraph: a numbered figure with that caption). Anything else
(raw HTML, an image inside a sentence) is an error, so a rulebook never loses
text silently.

All text (not code) passes through :func:`~ppprint.book.styles.typographic`:
curly quotes, dashes and the like are set here once, not by markdown-it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from html import escape
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode
from mdit_py_plugins.container import container_plugin
from reportlab.lib.units import inch
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, ListFlowable, ListItem, Spacer, Table, TableStyle

from ppprint.book.floats import FloatBarrier, FloatingFigure, Keep
from ppprint.book.paragraph import TextParagraph
from ppprint.book.styles import ACCENT, BOX_EDGE, BOX_FILL, RULE, Styles
from ppprint.document.style import ACCENT as LINK_COLOUR
from ppprint.document.typography import typographic
from ppprint.render.fonts import SANS

FIGURE_MARKER = "@@figure:{}@@"
_FIGURE_RE = re.compile(r"@@figure:([A-Za-z0-9_.-]+)@@")
FLOAT_BARRIER = "@@float-barrier@@"
"""A paragraph of its own that no waiting figure may float past (the end of the rules)."""

FigureMaker = Callable[[str], Flowable]
ImageMaker = Callable[[str, str], Flowable]
"""``make_image(source, caption)``: a Markdown image as a figure."""


class MarkdownError(ValueError):
    """Markdown a rulebook cannot hold; ``line`` is the line of its block in the text converted (if known)."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.line = line


MAX_BOOKMARK = 120
"""Characters of a heading a PDF bookmark keeps (a longer heading's bookmark ends with an ellipsis)."""


class Heading(TextParagraph):
    """A heading paragraph that becomes a PDF bookmark when drawn.

    A heading too long for one page is split like any paragraph (ReportLab makes the parts with
    only the text and style): the first part keeps the bookmark, the others have none.
    """

    def __init__(self, text: str | None, style: ParagraphStyle, level: int = 0, key: str = "", **kwargs: Any):
        super().__init__(text, style, **kwargs)
        self.outline_level = level
        self.outline_key = key
        title = re.sub(r"<[^>]+>", "", text or "").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
        title = " ".join(title.split())
        self.outline_title = title if len(title) <= MAX_BOOKMARK else title[: MAX_BOOKMARK - 1].rstrip() + "\u2026"

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        parts: list[Flowable] = super().split(available_width, available_height)
        if parts and isinstance(parts[0], Heading):
            first = parts[0]
            first.outline_level, first.outline_key, first.outline_title = self.outline_level, self.outline_key, self.outline_title
        return parts


def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable(["table"])
    md.use(container_plugin, name="box")
    return md


@functools.lru_cache(maxsize=8)
def _syntax_tree(text: str) -> SyntaxTreeNode:
    """The syntax tree of ``text``, parsed once for every layout of a book (it is only read)."""
    return SyntaxTreeNode(_parser().parse(text))


class MarkdownConverter:
    """Turns one Markdown document into flowables."""

    def __init__(self, styles: Styles, make_figure: FigureMaker, key_prefix: str = "s", make_image: ImageMaker | None = None):
        self.styles = styles
        self.make_figure = make_figure
        self.make_image = make_image
        self.key_prefix = key_prefix
        self._headings = 0
        self._outline_level = -1
        self._last = ""
        self._line: int | None = None

    def convert(self, text: str) -> list[Flowable]:
        """All flowables of ``text``."""
        return self._blocks(_syntax_tree(text).children)

    def _blocks(self, nodes: list[SyntaxTreeNode]) -> list[Flowable]:
        out: list[Flowable] = []
        for node in nodes:
            out.extend(self._block(node))
        return out

    def _block(self, node: SyntaxTreeNode) -> list[Flowable]:
        kind = node.type
        if node.map:
            self._line = _line(node)
        if kind == "heading":
            level = int(node.tag[1])
            # A heading may skip a level (## then ####): its bookmark goes one level below the last.
            outline = min(max(0, level - 2), self._outline_level + 1)
            self._outline_level = outline
            style = {1: self.styles.h1, 2: self.styles.h1, 3: self.styles.h2}.get(level, self.styles.h3)
            self._headings += 1
            return [Heading(self._inline(node.children[0]), style, outline, f"{self.key_prefix}{self._headings}")]
        if kind == "paragraph":
            return [self._paragraph(node, self.styles.body)]
        if kind in ("bullet_list", "ordered_list"):
            return [self._list(node)]
        if kind == "blockquote":
            return [self._box(None, self._box_content(node.children))]
        if kind == "container_box":
            title = node.info.strip()[len("box") :].strip() if node.info else ""
            return [self._box(title or None, self._box_content(node.children))]
        if kind == "table":
            table = self._table(node)
            short = len(node.children[-1].children) < 12  # body rows: a short table is never split
            return [Keep([table]) if short else table]
        if kind == "hr":
            return [Spacer(1, 0.15 * inch)]
        raise MarkdownError(f"Markdown element '{kind}' is not supported in a rulebook", _line(node) or self._line)

    def _paragraph(self, node: SyntaxTreeNode, style: ParagraphStyle) -> Flowable:
        """A paragraph; a figure marker or an image alone in it is a figure."""
        inline = node.children[0]
        content = (inline.content or "").strip()
        marker = _FIGURE_RE.fullmatch(content)
        if marker:
            return self.make_figure(marker.group(1))
        if content == FLOAT_BARRIER:
            return FloatBarrier()
        images = [child for child in inline.children if child.type == "image"]
        if images:
            others = [child for child in inline.children if child.type not in ("image", "softbreak") and not (child.type == "text" and not child.content.strip())]
            if len(images) > 1 or others:
                raise MarkdownError(f"an image must stand alone in its paragraph, with its caption as its text: ![caption](file.png) (line {_line(node)})", _line(node))
            image = images[0]
            if self.make_image is None:
                raise MarkdownError("images are not supported here (only in the rules text)", _line(node))
            caption = "".join(child.content for child in image.children or [])
            return self.make_image(str(image.attrs.get("src", "")), caption)
        return TextParagraph(self._inline(inline), style)

    def _list(self, node: SyntaxTreeNode) -> ListFlowable:
        return self._list_flowable(node, list(node.children), int(node.attrs.get("start", 1)))

    def _list_rows(self, node: SyntaxTreeNode) -> list[ListFlowable]:
        """A list as one single-item list per item (numbering kept), so a box holding it can break between items."""
        start = int(node.attrs.get("start", 1))
        return [self._list_flowable(node, [item], start + index) for index, item in enumerate(node.children)]

    def _list_flowable(self, node: SyntaxTreeNode, item_nodes: list[SyntaxTreeNode], start: int) -> ListFlowable:
        items: list[ListItem] = []
        for item in item_nodes:
            flowables: list[Flowable] = []
            for child in item.children:
                if child.type == "paragraph":
                    flowables.append(self._paragraph(child, self.styles.bullet))
                else:
                    flowables.extend(self._block(child))
            items.append(ListItem(flowables))
        ordered = node.type == "ordered_list"
        return ListFlowable(
            list[Any](items),
            bulletType="1" if ordered else "bullet",
            start=start if ordered else "•",
            bulletFontName=SANS,
            bulletFontSize=self.styles.body.fontSize * (0.9 if ordered else 0.8),
            bulletColor=ACCENT,
            leftIndent=16,
            bulletDedent=12 if ordered else 10,
            spaceAfter=self.styles.body.spaceAfter if len(item_nodes) > 1 else self.styles.bullet.spaceAfter,
        )

    def _box_content(self, nodes: list[SyntaxTreeNode]) -> list[Flowable]:
        out: list[Flowable] = []
        for node in nodes:
            out.extend(self._list_rows(node) if node.type in ("bullet_list", "ordered_list") else self._block(node))
        return out

    def _box(self, title: str | None, content: list[Flowable]) -> Flowable:
        """A framed, tinted box, one row per flowable so a long box can break across pages
        (and so a heading before it is never left alone at the foot of a page)."""
        inner: list[Flowable] = []
        if title:
            inner.append(TextParagraph(escape(typographic(title)), self.styles.box_title))
        inner.extend(content)
        box = Table([[flowable] for flowable in inner], colWidths=["100%"], splitByRow=1)
        box.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), SANS),
                    ("BACKGROUND", (0, 0), (-1, -1), BOX_FILL),
                    ("BOX", (0, 0), (-1, -1), 0.8, BOX_EDGE),
                    ("LEFTPADDING", (0, 0), (-1, -1), 10),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 10),
                    ("TOPPADDING", (0, 0), (-1, -1), 1),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                    ("TOPPADDING", (0, 0), (-1, 0), 8),
                    ("BOTTOMPADDING", (0, -1), (-1, -1), 6),
                ]
            )
        )
        box.spaceAfter = 8
        # A figure inside a box prints where the box does: figures waiting before it go first.
        box.holds_figure = any(isinstance(flowable, FloatingFigure) for flowable in content)  # type: ignore[attr-defined]
        return box

    def _table(self, node: SyntaxTreeNode) -> Table:
        rows: list[list[TextParagraph]] = []
        header_rows = 0
        for section in node.children:
            for row in section.children:
                cells = []
                for cell in row.children:
                    style = self.styles.table_head if cell.type == "th" else self.styles.table_cell
                    text = self._inline(cell.children[0]) if cell.children else ""
                    cells.append(TextParagraph(text, style))
                rows.append(cells)
                if section.type == "thead":
                    header_rows += 1
        table = Table(rows, hAlign="CENTER", repeatRows=header_rows)
        commands: list[Any] = [
            ("FONT", (0, 0), (-1, -1), SANS),
            ("GRID", (0, 0), (-1, -1), 0.5, RULE),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ]
        if header_rows:
            commands.append(("BACKGROUND", (0, 0), (-1, header_rows - 1), BOX_FILL))
        table.setStyle(TableStyle(commands))
        table.spaceAfter = self.styles.body.spaceAfter
        return table

    def _inline(self, node: SyntaxTreeNode, start: bool = True) -> str:
        if start:
            self._last = ""
        parts: list[str] = []
        for child in node.children:
            kind = child.type
            if kind == "text":
                text = typographic(child.content, self._last)
                self._last = text[-1:] or self._last
                parts.append(escape(text, quote=False))
            elif kind == "softbreak":
                parts.append(" ")
                self._last = " "
            elif kind == "hardbreak":
                parts.append("<br/>")
                self._last = " "
            elif kind == "strong":
                parts.append(f"<b>{self._inline(child, False)}</b>")
            elif kind == "em":
                parts.append(f"<i>{self._inline(child, False)}</i>")
            elif kind == "code_inline":
                parts.append(f'<font name="{SANS}">{escape(child.content, quote=False)}</font>')
                self._last = child.content[-1:] or self._last
            elif kind == "link":
                href = escape(str(child.attrs.get("href", "")))
                parts.append(f'<link href="{href}" color="{LINK_COLOUR}">{self._inline(child, False)}</link>')
            elif kind == "image":
                raise MarkdownError("an image must stand alone in its paragraph, with its caption as its text: ![caption](file.png)", self._line)
            else:
                raise MarkdownError(f"Markdown element '{kind}' is not supported in a rulebook", self._line)
        return "".join(parts)


def _line(node: SyntaxTreeNode) -> int:
    return node.map[0] + 1 if node.map else 0

"""A book's syntax tree (:mod:`ppprint.document.text`, checked and punctuated there) to platypus flowables.

Headings are bookmarked (a heading that skips a level, ``##`` then ``####``, is bookmarked one level
below the one before); paragraphs keep bold, italic, code and links; bullet and numbered lists nest;
block quotes and ``::: box Title`` containers are framed boxes; tables; and figure nodes become
what the printer makes of them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

from markdown_it.tree import SyntaxTreeNode
from reportlab.lib.units import inch
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, ListFlowable, ListItem, Spacer, Table, TableStyle

from ppprint.book.floats import FloatingFigure, Keep
from ppprint.book.paragraph import Heading, TextParagraph
from ppprint.book.reportlab_state import expanded_items
from ppprint.book.styles import ACCENT, BOX_EDGE, BOX_FILL, RULE, Styles
from ppprint.document.style import ACCENT as LINK_COLOUR
from ppprint.document.text import FIGURE
from ppprint.render.fonts import SANS

FigureMaker = Callable[[Mapping[str, Any]], Flowable]
"""Makes the flowable of a figure node, from the node's ``meta``."""


class TextList(ListFlowable):
    """A list that can sit beside a figure after it was measured once.

    ReportLab expands a list's items once and drops what it expanded them from; a list placed beside
    a figure (``ImageAndFlowables``) is expanded again from that, and fails if it was measured before
    (a figure that waited, then found its place beside the list). This one hands back its items as expanded the first time.
    """

    def _getContent(self) -> list[Any]:  # noqa: N802  (ReportLab's name)
        expanded = expanded_items(self)
        if expanded is not None:
            return expanded
        content: list[Any] = super()._getContent()  # type: ignore[misc]
        return content


class Box(Table):
    """A framed box at most :attr:`widest` points wide (the measure of the text around it), at the left."""

    widest = 1e6

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return super().wrap(min(available_width, self.widest), available_height)

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        return super().split(min(available_width, self.widest), available_height)


class MarkdownConverter:
    """Turns one Markdown document into flowables.

    ``measure``: the width of the body text, where the styles' paragraphs and list items end short of
    the frame (their ``rightIndent``); a box is that wide, and its own text fills it.
    """

    def __init__(self, styles: Styles, make_figure: FigureMaker, key_prefix: str = "s", measure: float | None = None):
        self.styles = styles
        self.make_figure = make_figure
        self.key_prefix = key_prefix
        self.measure = measure
        self._boxed = styles
        if styles.body.rightIndent or styles.bullet.rightIndent:
            body = ParagraphStyle("body", parent=styles.body, rightIndent=0)
            self._boxed = dataclasses.replace(styles, body=body, bullet=ParagraphStyle("bullet", parent=styles.bullet, rightIndent=0))
        self._headings = 0
        self._outline_level = -1

    def convert(self, tree: SyntaxTreeNode) -> list[Flowable]:
        """All flowables of a tree (the same converter may go on with the next tree of a book)."""
        return self._blocks(tree.children)

    def _blocks(self, nodes: list[SyntaxTreeNode]) -> list[Flowable]:
        out: list[Flowable] = []
        for index, node in enumerate(nodes):
            flowables = self._block(node)
            following = nodes[index + 1].type if index + 1 < len(nodes) else ""
            lead_in = flowables[-1]
            if isinstance(lead_in, TextParagraph) and (
                following == "table" or (following in ("bullet_list", "ordered_list") and lead_in.getPlainText().rstrip().endswith(":"))
            ):
                # A lead-in ("do one of these:") stays with the first item of its list, and the paragraph
                # just before a table (which says what the table shows) with its first rows.
                lead_in.keepWithNext = 1
            out.extend(flowables)
        return out

    def _block(self, node: SyntaxTreeNode) -> list[Flowable]:
        kind = node.type
        if kind == FIGURE:
            return [self.make_figure(node.meta)]
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
        raise ValueError(f"a block the text's check lets through but the PDF cannot print: '{kind}'")

    def _paragraph(self, node: SyntaxTreeNode, style: ParagraphStyle) -> Flowable:
        return TextParagraph(self._inline(node.children[0]), style)

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
        return TextList(
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
        outside, self.styles = self.styles, self._boxed  # the box's text fills the box
        try:
            for node in nodes:
                out.extend(self._list_rows(node) if node.type in ("bullet_list", "ordered_list") else self._block(node))
        finally:
            self.styles = outside
        return out

    def _box(self, title: str | None, content: list[Flowable]) -> Flowable:
        """A framed, tinted box, one row per flowable so a long box can break across pages
        (and so a heading before it is never left alone at the foot of a page)."""
        inner: list[Flowable] = []
        if title:
            inner.append(TextParagraph(escape(title), self.styles.box_title))
        inner.extend(content)
        box = Box([[flowable] for flowable in inner], colWidths=["100%"], splitByRow=1, hAlign="LEFT")
        if self.measure is not None:
            box.widest = self.measure
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

    def _inline(self, node: SyntaxTreeNode) -> str:
        parts: list[str] = []
        for child in node.children:
            kind = child.type
            if kind == "text":
                parts.append(escape(child.content, quote=False))
            elif kind == "softbreak":
                parts.append(" ")
            elif kind == "hardbreak":
                parts.append("<br/>")
            elif kind == "strong":
                parts.append(f"<b>{self._inline(child)}</b>")
            elif kind == "em":
                parts.append(f"<i>{self._inline(child)}</i>")
            elif kind == "code_inline":
                parts.append(f'<font name="{SANS}">{escape(child.content, quote=False)}</font>')
            elif kind == "link":
                href = escape(str(child.attrs.get("href", "")))
                parts.append(f'<link href="{href}" color="{LINK_COLOUR}">{self._inline(child)}</link>')
            else:
                raise ValueError(f"an inline the text's check lets through but the PDF cannot print: '{kind}'")
        return "".join(parts)
